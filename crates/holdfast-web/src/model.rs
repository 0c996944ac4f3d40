//! The app's state and its one reducer. `reduce` only calls the model; reading
//! storage happens once at start-up and writing it happens in an effect
//! (see `app.rs`), never in here.

use std::collections::BTreeMap;
use std::rc::Rc;

use holdfast_rules::Record;
use yew::Reducible;

use crate::board::BoardView;
use crate::game_ui::{Feedback, GameInfo, Input, InputCtx, PlayedGame, Summary};
use crate::games;
use crate::link::{self, LinkError};
pub use crate::settings::Settings;
use crate::storage::{self, SavedGame, Store};

/// Which screen is up.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Screen {
    Home,
    /// The new-game screen of a game.
    NewGame(String),
    Play,
    /// The rules page of a game.
    Rules(String),
    /// The engine benchmark (`#bench`).
    Bench,
}

/// The fragment that opens the engine benchmark.
pub const BENCH_FRAGMENT: &str = "#bench";

/// A message for the player, with its tone.
#[derive(Clone, Debug, PartialEq)]
pub struct Notice {
    pub text: String,
    pub error: bool,
}

/// The app's whole state.
#[derive(Clone, Debug)]
pub struct AppState {
    pub screen: Screen,
    /// The open game, shared with earlier states until it changes.
    pub game: Option<Rc<dyn PlayedGame>>,
    /// Saved games other than the open one, newest first.
    /// Shared between the app's states until it changes, like the summaries.
    pub saves: Rc<Vec<SavedGame>>,
    /// The home page's summary of each saved game, by id (each built by one replay).
    pub summaries: Rc<BTreeMap<String, Rc<Summary>>>,
    /// Each game's home-page card: its information and sample position.
    pub cards: Rc<Vec<(GameInfo, Rc<BoardView>)>>,
    pub settings: Settings,
    pub notice: Option<Notice>,
    /// What the board says about the last tap.
    pub feedback: Feedback,
    /// Bumped on every change to save.
    pub revision: u64,
    /// Saved games to delete from storage (done by the effect).
    pub deletions: Vec<String>,
    /// The new-game screen's starting point (a rematch, or a fresh setup).
    pub new_game_from: Option<Record>,
    /// "Play from here" is waiting for its confirmation.
    pub confirm_discard: bool,
    /// The URL fragment held a link that has been read; the effect clears it.
    pub clear_fragment: bool,
    /// The share panel is open.
    pub sharing: bool,
}

/// What the player (or start-up) asks for.
#[derive(Clone, Debug, PartialEq)]
pub enum Action {
    Home,
    Rules(String),
    /// The engine benchmark page.
    Bench,
    NewGame(String, Option<Record>),
    Start(Record),
    Resume(String),
    Delete(String),
    /// A tap, a key or a button of the open game.
    Game(Input),
    Undo,
    Redo,
    View(Option<usize>),
    PlayFromHere,
    ConfirmDiscard(bool),
    Rematch,
    Share(bool),
    Dismiss,
    Settings(Settings),
    /// The URL fragment changed (a link pasted into an open tab).
    OpenLink(String),
}

/// A fresh id for a saved game.
pub fn new_id(now: f64) -> String {
    let salt = holdfast_rules::Rng::new(now.to_bits()).next_u64() & 0xffff;
    format!("{:x}{:04x}", now as u64, salt)
}

/// The current time in ms (0 outside a browser).
pub fn now() -> f64 {
    #[cfg(target_arch = "wasm32")]
    {
        js_sys::Date::now()
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        0.0
    }
}

/// Each game's card for the home page: built once, at start-up.
fn cards() -> Vec<(GameInfo, Rc<BoardView>)> {
    games::infos()
        .into_iter()
        .filter_map(|info| {
            let summary = games::summary(&games::demo_record(info.id)?)?;
            Some((info, summary.thumb))
        })
        .collect()
}

impl AppState {
    /// The state at start-up: settings and saves from `store`, then the URL
    /// fragment (a shared game), else the game open last. Each saved game is replayed
    /// once, for its check and its summary together.
    pub fn load(store: &mut dyn Store, fragment: &str, now: f64) -> AppState {
        let settings: Settings = storage::settings(store)
            .and_then(|s| serde_json::from_str(&s).ok())
            .unwrap_or_default();
        // The game open last is opened here, once; every other save is summarised.
        let current = storage::current(store);
        let mut opened: Option<Box<dyn PlayedGame>> = None;
        let mut summaries = BTreeMap::new();
        let loaded = storage::load_all(store, &mut |g: &SavedGame| {
            let summary = if current.as_deref() == Some(g.id.as_str()) {
                games::from_saved(g.clone()).ok().map(|p| {
                    let summary = p.summary();
                    opened = Some(p);
                    summary
                })
            } else {
                games::summary(&g.record)
            };
            match summary {
                Some(summary) => {
                    summaries.insert(g.id.clone(), Rc::new(summary));
                    true
                }
                None => false,
            }
        });
        let mut state = AppState {
            screen: Screen::Home,
            game: None,
            saves: Rc::new(loaded.games),
            summaries: Rc::new(summaries),
            cards: Rc::new(cards()),
            settings,
            notice: None,
            feedback: Feedback::default(),
            revision: 0,
            deletions: vec![],
            new_game_from: None,
            confirm_discard: false,
            clear_fragment: false,
            sharing: false,
        };
        if !loaded.set_aside.is_empty() {
            let n = loaded.set_aside.len();
            state.notice = Some(Notice {
                text: format!(
                    "{n} saved game{} could not be read and {} set aside (kept in storage as {}); everything else is here.",
                    if n == 1 { "" } else { "s" },
                    if n == 1 { "was" } else { "were" },
                    loaded.set_aside.join(", ")
                ),
                error: true,
            });
        }
        if fragment == BENCH_FRAGMENT {
            state.screen = Screen::Bench;
        } else if !state.open_fragment(fragment, now) {
            if let Some(g) = opened {
                Rc::make_mut(&mut state.saves).retain(|s| s.id != g.id());
                Rc::make_mut(&mut state.summaries).remove(g.id());
                state.game = Some(Rc::from(g));
                state.screen = Screen::Play;
                state.revision += 1;
            }
        }
        state
    }

    /// The open game, for a change: shared with earlier states until now, it is
    /// copied once here (a copy of its positions is a copy of pointers).
    fn game_mut(&mut self) -> Option<&mut (dyn PlayedGame + 'static)> {
        let rc = self.game.as_mut()?;
        if Rc::get_mut(rc).is_none() {
            *rc = Rc::from(rc.clone_box());
        }
        Rc::get_mut(rc)
    }

    /// Opens the game a URL fragment carries; false when it is not a game link.
    pub fn open_fragment(&mut self, fragment: &str, now: f64) -> bool {
        match link::decode(fragment) {
            Ok(record) => {
                self.clear_fragment = true;
                self.open_record(record, now, "Opened a shared game.");
                true
            }
            Err(LinkError::Damaged(why)) => {
                self.clear_fragment = true;
                self.notice = Some(Notice {
                    text: format!("{why} Your saved games are untouched."),
                    error: true,
                });
                self.stash_open_game();
                self.screen = Screen::Home;
                self.revision += 1;
                true
            }
            Err(LinkError::NotALink) => false,
        }
    }

    fn open_record(&mut self, record: Record, now: f64, message: &str) {
        match games::open(new_id(now), record, vec![], now) {
            Ok(g) => {
                self.stash_open_game();
                self.game = Some(Rc::from(g));
                self.screen = Screen::Play;
                self.revision += 1;
                self.notice = (!message.is_empty()).then(|| Notice {
                    text: message.into(),
                    error: false,
                });
            }
            Err(e) => {
                self.notice = Some(Notice {
                    text: format!(
                        "This game cannot be opened: {e}. Your saved games are untouched."
                    ),
                    error: true,
                })
            }
        }
    }

    /// Moves the open game (if any) back into the saves list, with its summary.
    fn stash_open_game(&mut self) {
        if let Some(g) = self.game.take() {
            let saves = Rc::make_mut(&mut self.saves);
            saves.retain(|s| s.id != g.id());
            saves.insert(0, g.saved());
            Rc::make_mut(&mut self.summaries).insert(g.id().to_string(), Rc::new(g.summary()));
        }
        self.reset_play_ui();
    }

    fn reset_play_ui(&mut self) {
        let shake = self.feedback.shake;
        self.feedback = Feedback {
            shake,
            ..Feedback::default()
        };
        if self.game.as_ref().is_some_and(|g| !g.ui_is_default()) {
            if let Some(g) = self.game_mut() {
                g.reset_ui();
            }
        }
        self.confirm_discard = false;
        self.sharing = false;
    }

    fn resume(&mut self, id: &str) {
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
                Rc::make_mut(&mut self.summaries).remove(id);
                self.game = Some(Rc::from(g));
                self.screen = Screen::Play;
                self.revision += 1;
            }
            Err(_) => {
                Rc::make_mut(&mut self.saves).insert(pos, saved);
                self.notice = Some(Notice {
                    text: "That saved game could not be opened.".into(),
                    error: true,
                });
            }
        }
    }

    /// A tap, key or button of the open game.
    fn input(&mut self, input: Input, now: f64) {
        if let Input::Flag(key, on) = input {
            self.settings.set_flag(key, on);
            self.revision += 1;
            return;
        }
        let confirm = self.settings.confirm_tap;
        let mut feedback = std::mem::take(&mut self.feedback);
        let Some(game) = self.game_mut() else {
            self.feedback = feedback;
            return;
        };
        let names = game.names();
        let ctx = InputCtx {
            confirm,
            now,
            names: &names,
        };
        let changed = game.input(&input, &mut feedback, &ctx);
        self.feedback = feedback;
        if changed {
            self.confirm_discard = false;
            self.revision += 1;
        }
    }

    /// Applies one action (pure apart from the clock value passed in).
    pub fn apply(&mut self, action: Action, now: f64) {
        match action {
            Action::OpenLink(fragment) if fragment == BENCH_FRAGMENT => {
                self.screen = Screen::Bench;
            }
            Action::OpenLink(fragment) => {
                self.notice = None;
                self.open_fragment(&fragment, now);
            }
            Action::Bench => self.screen = Screen::Bench,
            Action::Home => {
                self.screen = Screen::Home;
                self.reset_play_ui();
            }
            Action::Rules(game) => self.screen = Screen::Rules(game),
            Action::NewGame(game, from) => {
                self.new_game_from = from;
                self.screen = Screen::NewGame(game);
            }
            Action::Start(record) => {
                self.notice = None;
                self.open_record(record, now, "");
            }
            Action::Resume(id) => {
                self.notice = None;
                self.resume(&id);
            }
            Action::Delete(id) => {
                Rc::make_mut(&mut self.saves).retain(|s| s.id != id);
                Rc::make_mut(&mut self.summaries).remove(&id);
                if self.game.as_ref().is_some_and(|g| g.id() == id) {
                    self.game = None;
                    self.screen = Screen::Home;
                }
                self.deletions.push(id);
                self.revision += 1;
            }
            Action::Game(input) => self.input(input, now),
            Action::Undo => {
                if self.game_mut().is_some_and(|g| g.undo(now)) {
                    self.revision += 1;
                }
                self.reset_play_ui();
            }
            Action::Redo => {
                if self.game_mut().is_some_and(|g| g.redo(now)) {
                    self.revision += 1;
                }
                self.reset_play_ui();
            }
            Action::View(ply) => {
                if let Some(g) = self.game_mut() {
                    g.view(ply);
                }
                self.reset_play_ui();
            }
            Action::ConfirmDiscard(on) => self.confirm_discard = on,
            Action::PlayFromHere => {
                if let Some(g) = self.game_mut() {
                    g.play_from_here(now);
                    self.revision += 1;
                }
                self.reset_play_ui();
            }
            Action::Rematch => {
                if let Some(g) = self.game.as_ref() {
                    let mut record = g.record().clone();
                    record.moves.clear();
                    // The other player first: everyone moves one seat round.
                    let shown = g.names();
                    let n = shown.len();
                    record.names = (0..n).map(|i| shown[(i + 1) % n].clone()).collect();
                    self.open_record(record, now, "Rematch: the other player goes first.");
                }
            }
            Action::Share(open) => self.sharing = open,
            Action::Dismiss => self.notice = None,
            Action::Settings(s) => {
                self.settings = s;
                self.revision += 1;
            }
        }
    }
}

impl Reducible for AppState {
    type Action = Action;

    fn reduce(self: Rc<Self>, action: Action) -> Rc<Self> {
        let mut next = (*self).clone();
        next.apply(action, now());
        Rc::new(next)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::storage::MemoryStore;

    fn fresh() -> AppState {
        AppState::load(&mut MemoryStore::default(), "", 1.0)
    }

    fn first_game() -> Record {
        games::new_record(games::infos()[0].id).unwrap()
    }

    #[test]
    fn rematch_puts_the_other_player_first() {
        let mut s = fresh();
        let mut r = first_game();
        r.names = vec!["Ann".into(), "Bo".into()];
        s.apply(Action::Start(r), 1.0);
        s.apply(Action::Rematch, 2.0);
        assert_eq!(s.game.as_ref().unwrap().record().names, vec!["Bo", "Ann"]);
        assert_eq!(s.saves.len(), 1, "the first game is kept");
        assert!(s.summaries.contains_key(&s.saves[0].id), "with its summary");
    }

    #[test]
    fn every_game_has_a_card_and_a_delete_drops_the_summary() {
        let mut s = fresh();
        assert_eq!(s.cards.len(), games::infos().len());
        for (i, info) in games::infos().iter().enumerate() {
            s.apply(
                Action::Start(games::new_record(info.id).unwrap()),
                1000.0 * i as f64,
            );
            assert_eq!(s.game.as_ref().unwrap().title(), info.title);
        }
        assert_eq!(s.saves.len(), games::infos().len() - 1);
        let id = s.saves[0].id.clone();
        s.apply(Action::Delete(id.clone()), 2.0);
        assert!(!s.summaries.contains_key(&id));
        assert_eq!(s.deletions, vec![id]);
    }

    #[test]
    fn an_unchanged_game_is_shared_between_states() {
        let mut s = fresh();
        s.apply(Action::Start(first_game()), 1.0);
        let before = s.clone();
        s.apply(Action::Share(true), 2.0);
        assert!(Rc::ptr_eq(
            before.game.as_ref().unwrap(),
            s.game.as_ref().unwrap()
        ));
    }

    /// A record the rules refuse (a setup that is not an object of the game's own
    /// fields with allowed values) gets a sentence in links and saved games alike, and
    /// nothing saved is lost.
    #[test]
    fn bad_setups_are_refused_in_links_and_saved_games() {
        let bad = [
            serde_json::json!([13]),
            serde_json::json!(null),
            serde_json::json!({"size": 9}),
            serde_json::json!({"no_such_field": true}),
        ];
        for info in games::infos() {
            for setup in &bad {
                let record = Record {
                    setup: setup.clone(),
                    ..games::new_record(info.id).unwrap()
                };
                // A link.
                let mut store = MemoryStore::default();
                let s = AppState::load(&mut store, &link::encode(&record), 1.0);
                assert!(s.game.is_none(), "{} {setup}", info.id);
                let notice = s.notice.unwrap();
                assert!(
                    notice.error && notice.text.contains("setup"),
                    "{}",
                    notice.text
                );
                // A saved game: set aside, not deleted.
                let saved = SavedGame {
                    id: "g1".into(),
                    record,
                    redo: vec![],
                    updated: 1.0,
                };
                storage::save(&mut store, &saved).unwrap();
                let s = AppState::load(&mut store, "", 2.0);
                assert!(s.saves.is_empty());
                assert!(
                    store.get("holdfast.corrupt.g1").is_some(),
                    "{} {setup}",
                    info.id
                );
            }
        }
    }
}
