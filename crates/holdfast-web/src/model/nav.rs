//! Which screen is up, its address, and looking back through the moves.

use super::*;

impl AppState {
    /// The address of the screen shown.
    pub fn route(&self) -> Route {
        match (&self.screen, &self.game) {
            (Screen::Home, _) | (Screen::Play, None) => Route::Home,
            (Screen::Settings, _) => Route::Settings,
            (Screen::Bench, _) => Route::Bench,
            (Screen::NewGame(g), _) => Route::NewGame(g.clone()),
            (Screen::Rules(g), _) => Route::Rules(g.clone()),
            (Screen::Play, Some(g)) => Route::Play(g.id().to_string()),
        }
    }

    /// Shows the screen at `route` (nothing if it is the one shown). A game's
    /// address that is no longer saved (deleted) shows the home page; an unknown
    /// game's pages too.
    pub(super) fn go_to(&mut self, route: Route) {
        if route == self.route() {
            return;
        }
        let known = |g: &str| games::infos().iter().any(|i| i.id == g);
        match route {
            Route::NewGame(g) if known(&g) => self.new_game(g, None),
            Route::Rules(g) if known(&g) => self.screen = Screen::Rules(g),
            Route::Play(id)
                if self.game.as_ref().is_some_and(|g| g.id() == id)
                    || self.saves.iter().any(|s| s.id == id) =>
            {
                self.resume_game(&id)
            }
            Route::Settings => self.show_settings(),
            Route::Bench => self.screen = Screen::Bench,
            _ => self.show_home(),
        }
    }

    pub(super) fn show_home(&mut self) {
        self.stop_asking_delete();
        self.screen = Screen::Home;
        self.reset_play_ui();
    }

    pub(super) fn show_settings(&mut self) {
        self.reset_play_ui();
        self.screen = Screen::Settings;
    }

    /// The new-game screen of `game`, from a record (a rematch) or a fresh setup.
    pub(super) fn new_game(&mut self, game: String, from: Option<Record>) {
        self.ask(Dialog::NewGame, false);
        self.new_game_from = from;
        self.screen = Screen::NewGame(game);
    }

    pub(super) fn resume_game(&mut self, id: &str) {
        self.notice = None;
        self.stop_asking_delete();
        self.resume(id);
    }

    /// Shows the position after `ply` entries (`None`: the live one).
    pub(super) fn view(&mut self, ply: Option<usize>) {
        if let Some(g) = self.game_mut() {
            g.view(ply);
        }
        self.reset_play_ui();
    }

    /// A step through the moves played, on the play screen.
    pub(super) fn review(&mut self, step: Review) {
        if let Some(g) = self.game.as_ref().filter(|_| self.screen == Screen::Play) {
            let target = review_target(step, g.shown_ply(), g.record().moves.len());
            self.view(target);
        }
    }

    pub(super) fn resume(&mut self, id: &str) {
        if self.game.as_ref().is_some_and(|g| g.id() == id) {
            self.screen = Screen::Play;
            return;
        }
        let Some(pos) = self.saves.iter().position(|s| s.id == id) else {
            return;
        };
        let saved = Rc::make_mut(&mut self.saves).remove(pos);
        match games::from_saved(saved.clone()) {
            Ok(g) => {
                self.stash_open_game();
                // Open again, it is written as the open game (and warned about on
                // the play screen if that is refused).
                self.unsaved.retain(|u| u.id != id);
                Rc::make_mut(&mut self.summaries).remove(id);
                self.game = Some(Rc::from(g));
                self.screen = Screen::Play;
                self.computer.paused = false;
                self.save();
            }
            Err(_) => {
                Rc::make_mut(&mut self.saves).insert(pos, saved);
                self.notice = Some(Notice::SavedUnopenable);
            }
        }
    }

    /// Starts replaying the open game at `ms` a move (from its start, when on the
    /// game now), or stops.
    pub(super) fn autoplay(&mut self, ms: Option<u32>) {
        if ms.is_some() && self.game.as_ref().is_some_and(|g| !g.viewing()) {
            self.view(Some(0));
        }
        // (Set after the step back to the start, which stops a replay.)
        self.autoplay = ms.filter(|_| self.game.as_ref().is_some_and(|g| g.viewing()));
    }

    /// The replay's next move; it stops at the game now.
    pub(super) fn auto_step(&mut self) {
        if self.autoplay.is_none() {
            return;
        }
        // (Stepping resets the play screen's passing state, the replay too.)
        let on = self.autoplay;
        self.review(Review::Next);
        if self.game.as_ref().is_some_and(|g| g.viewing()) {
            self.autoplay = on;
        }
    }

    /// A new game from the position looked at: the game it came from is kept.
    pub(super) fn branch(&mut self, now: f64) {
        if let Some(g) = self.game.as_ref().filter(|g| g.viewing()) {
            let ply = g.shown_ply();
            let mut record = g.record().clone();
            record.moves.truncate(ply);
            record.resigned = None;
            record.offer = None;
            record.id = None;
            self.autoplay = None;
            self.open_record(record, now, Some(Opened::Branch(ply)), Source::Here);
        }
    }
}
