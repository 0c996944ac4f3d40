//! Which screen is up, its address, and looking back through the moves.

use super::*;

impl AppState {
    /// The address of the screen shown.
    pub fn route(&self) -> Route {
        self.nav.route(self.table.game_id())
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
            // A map's game: its setup, when the link reads as a record of that game.
            Route::NewGameFrom(g, link) if known(&g) => {
                let from = holdfast_rules::link::decode(&link)
                    .ok()
                    .filter(|r| r.game == g);
                self.new_game(g, from)
            }
            Route::Maps(rest) => self.nav.update(NavMsg::Show(Screen::Maps(rest))),
            Route::Rules(g) if known(&g) => self.nav.update(NavMsg::Show(Screen::Rules(g))),
            Route::Play(id)
                if self.table.game.as_ref().is_some_and(|g| g.id() == id)
                    || self.library.get(&id).is_some() =>
            {
                self.resume_game(&id)
            }
            Route::Learn(g) if known(&g) => self.learn_msg(LearnMsg::List(g), 0.0),
            Route::Lesson(g, id) if known(&g) => self.learn_msg(LearnMsg::Open(g, id), 0.0),
            Route::Settings => self.show_settings(),
            Route::Bench => self.nav.update(NavMsg::Show(Screen::Bench)),
            Route::Roster => self.nav.update(NavMsg::Show(Screen::Roster)),
            _ => self.show_home(),
        }
    }

    pub(super) fn show_home(&mut self) {
        self.stop_asking_delete();
        self.nav.update(NavMsg::Show(Screen::Home));
        self.reset_play_ui();
    }

    pub(super) fn show_settings(&mut self) {
        self.reset_play_ui();
        self.nav.update(NavMsg::Show(Screen::Settings));
    }

    /// The new-game screen of `game`, from a record (a rematch) or a fresh setup.
    pub(super) fn new_game(&mut self, game: String, from: Option<Record>) {
        self.ask(Dialog::NewGame, false);
        self.nav.update(NavMsg::NewGame(game, from));
    }

    pub(super) fn resume_game(&mut self, id: &str) {
        self.notice = None;
        self.stop_asking_delete();
        self.resume(id);
    }

    /// Shows the position after `ply` entries (`None`: the live one).
    pub(super) fn view(&mut self, ply: Option<usize>) {
        if let Some(g) = self.table.game_mut() {
            g.view(ply);
        }
        self.reset_play_ui();
    }

    /// Looking back: the review sub-model says where to go, and the game goes
    /// there (which stops a replay, unless the step is the replay's own).
    pub(super) fn look_back(&mut self, msg: ReviewMsg) {
        let shown = self.table.game.as_ref().map(|g| Shown {
            shown: g.shown_ply(),
            moves: g.record().moves.len(),
            viewing: g.viewing(),
            on_play_screen: self.nav.screen == Screen::Play,
        });
        if let Some(go) = self.replay.update(msg, shown) {
            self.view(go.to);
            self.replay.on = go.then;
        }
    }

    pub(super) fn resume(&mut self, id: &str) {
        if self.table.game.as_ref().is_some_and(|g| g.id() == id) {
            self.nav.update(NavMsg::Show(Screen::Play));
            return;
        }
        let Some((pos, saved)) = self.library.take(id) else {
            return;
        };
        match games::from_saved(saved.clone()) {
            Ok(g) => {
                self.stash_open_game();
                // Open again, it is written as the open game (and warned about on
                // the play screen if that is refused).
                self.saving.update(SavingMsg::Forget(id.into()));
                self.library.update(LibraryMsg::Forget(id.into()));
                self.table.update(TableMsg::Take(g));
                self.nav.update(NavMsg::Show(Screen::Play));
                self.computer.paused = false;
                self.save();
            }
            Err(_) => {
                self.library.put_back(pos, saved);
                self.notice = Some(Notice::SavedUnopenable);
            }
        }
    }

    /// A new game from the position looked at: the game it came from is kept.
    /// A new game from the position looked at (with `then`, an entry played there
    /// first: the analysis's better move; one the rules refuse opens nothing).
    pub(super) fn branch(&mut self, now: f64, then: Option<String>) {
        if let Some(g) = self.table.game.as_ref().filter(|g| g.viewing()) {
            let ply = g.shown_ply();
            let mut record = g.record().clone();
            record.moves.truncate(ply);
            record.moves.extend(then);
            record.resigned = None;
            record.offer = None;
            record.id = None;
            self.replay.stop();
            self.open_record(record, now, Some(Opened::Branch(ply)), Source::Here);
        }
    }
}
