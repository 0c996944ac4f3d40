//! The app's state and its one reducer. `reduce` only calls the model; reading
//! storage happens once at start-up and writing it happens in an effect
//! (see `app.rs`), never in here.

use std::rc::Rc;

use holdfast_rules::fortress::{Fortress, FortressMove};
use holdfast_rules::{CellId, Game, Record, Seat};
use serde::{Deserialize, Serialize};
use yew::Reducible;

use crate::games::fortress as fortress_ui;
use crate::link::{self, LinkError};
use crate::session::Session;
use crate::storage::{self, SavedGame, Store};

/// Which screen is up.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Screen {
    Home,
    NewGame,
    Play,
    Rules,
}

/// Player preferences, kept in storage.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Settings {
    /// First tap shows a ghost, a second tap on the same spot plays.
    pub confirm_tap: bool,
    /// Animations (also off under `prefers-reduced-motion`).
    pub animations: bool,
    /// Seat panels face their players around the board.
    pub table_mode: bool,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            confirm_tap: true,
            animations: true,
            table_mode: false,
        }
    }
}

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
    pub game: Option<Session<Fortress>>,
    /// Saved games other than the open one, newest first.
    pub saves: Vec<SavedGame>,
    pub settings: Settings,
    pub notice: Option<Notice>,
    /// A placement waiting for its confirming tap.
    pub ghost: Option<CellId>,
    /// Why the last tap did nothing (or what the next tap will do).
    pub tap_message: Option<String>,
    /// Bumped on an illegal tap: the board shakes.
    pub shake: u32,
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
    Rules,
    NewGame(Option<Record>),
    Start(Record),
    Resume(String),
    Delete(String),
    Tap(CellId),
    Key(CellId),
    Pass,
    Swap,
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

/// Whether a record still replays (saved games are checked with it).
pub fn replays(record: &Record) -> bool {
    match record.game.as_str() {
        "fortress" => matches!(record.replay::<Fortress>(), Ok((_, None))),
        _ => false,
    }
}

fn open_saved(saved: SavedGame) -> Option<Session<Fortress>> {
    Session::open(saved.id, saved.record, saved.redo, saved.updated).ok()
}

impl AppState {
    /// The state at start-up: settings and saves from `store`, then the URL
    /// fragment (a shared game), else the game open last.
    pub fn load(store: &mut dyn Store, fragment: &str, now: f64) -> AppState {
        let settings: Settings = storage::settings(store)
            .and_then(|s| serde_json::from_str(&s).ok())
            .unwrap_or_default();
        let loaded = storage::load_all(store, &replays);
        let mut state = AppState {
            screen: Screen::Home,
            game: None,
            saves: loaded.games,
            settings,
            notice: None,
            ghost: None,
            tap_message: None,
            shake: 0,
            revision: 0,
            deletions: vec![],
            new_game_from: None,
            confirm_discard: false,
            clear_fragment: false,
            sharing: false,
        };
        if !loaded.set_aside.is_empty() {
            state.notice = Some(Notice {
                text: format!(
                    "{} saved game{} could not be read and {} set aside (kept in storage as {}); everything else is here.",
                    loaded.set_aside.len(),
                    if loaded.set_aside.len() == 1 { "" } else { "s" },
                    if loaded.set_aside.len() == 1 { "was" } else { "were" },
                    loaded.set_aside.join(", ")
                ),
                error: true,
            });
        }
        if !state.open_fragment(fragment, now) {
            if let Some(id) = storage::current(store) {
                state.resume(&id);
            }
        }
        state
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
        match record.game.as_str() {
            "fortress" => match Session::<Fortress>::open(new_id(now), record, vec![], now) {
                Ok(s) => {
                    self.stash_open_game();
                    self.game = Some(s);
                    self.screen = Screen::Play;
                    self.revision += 1;
                    self.notice = Some(Notice { text: message.into(), error: false });
                }
                Err(e) => {
                    self.notice = Some(Notice {
                        text: format!("This game cannot be opened: {e}. Your saved games are untouched."),
                        error: true,
                    })
                }
            },
            other => {
                self.notice = Some(Notice {
                    text: format!("This link holds a game of {other:?}, which this version cannot play yet. Your saved games are untouched."),
                    error: true,
                })
            }
        }
    }

    /// Moves the open game (if any) back into the saves list.
    fn stash_open_game(&mut self) {
        if let Some(g) = self.game.take() {
            self.saves.retain(|s| s.id != g.id);
            self.saves.insert(0, saved_of(&g));
        }
        self.reset_play_ui();
    }

    fn reset_play_ui(&mut self) {
        self.ghost = None;
        self.tap_message = None;
        self.confirm_discard = false;
        self.sharing = false;
    }

    fn resume(&mut self, id: &str) {
        if self.game.as_ref().is_some_and(|g| g.id == id) {
            self.screen = Screen::Play;
            return;
        }
        let Some(pos) = self.saves.iter().position(|s| s.id == id) else {
            return;
        };
        let saved = self.saves.remove(pos);
        match open_saved(saved.clone()) {
            Some(s) => {
                self.stash_open_game();
                self.game = Some(s);
                self.screen = Screen::Play;
                self.revision += 1;
            }
            None => {
                self.saves.insert(pos, saved);
                self.notice = Some(Notice {
                    text: "That saved game could not be opened.".into(),
                    error: true,
                });
            }
        }
    }

    fn names(&self) -> impl Fn(Seat) -> String + '_ {
        move |s| {
            self.game
                .as_ref()
                .map(|g| fortress_seat_name(g, s))
                .unwrap_or_default()
        }
    }

    fn try_play(&mut self, mv: FortressMove, now: f64) {
        let Some(g) = self.game.as_mut() else { return };
        match g.play(mv, now) {
            Ok(()) => {
                self.ghost = None;
                self.tap_message = None;
                self.confirm_discard = false;
                self.revision += 1;
            }
            Err(e) => self.refuse(&e),
        }
    }

    /// Says why a move was refused, and shakes the board.
    fn refuse(&mut self, e: &holdfast_rules::MoveError) {
        let text = {
            let names = self.names();
            e.sentence(&names)
        };
        self.tap_message = Some(text);
        self.ghost = None;
        self.shake += 1;
    }

    fn tap(&mut self, c: CellId, confirm: bool, now: f64) {
        let Some(g) = self.game.as_ref() else { return };
        if g.viewing.is_some() {
            self.tap_message = Some(
                "You are looking back at an earlier position: go back to the game to play.".into(),
            );
            self.shake += 1;
            return;
        }
        let pos = g.game();
        let mv = fortress_ui::tap_move(pos, c);
        if let Err(e) = pos.check(mv) {
            self.refuse(&e);
            return;
        }
        let needs_confirm =
            confirm && !matches!(mv, FortressMove::Remove(_)) && self.ghost != Some(c);
        if needs_confirm {
            self.ghost = Some(c);
            let name = pos.board().name(c);
            self.tap_message = Some(match mv {
                FortressMove::Attack(_) => format!("Tap {name} again to attack it."),
                _ => format!("Tap {name} again to place your piece."),
            });
        } else {
            self.try_play(mv, now);
        }
    }
}

/// The name shown for a seat: after a pie-rule swap the two players trade colours.
pub fn fortress_seat_name(g: &Session<Fortress>, seat: Seat) -> String {
    let s = if g.shown().swapped() && g.record.names.len() == 2 {
        1 - seat
    } else {
        seat
    };
    g.name(s)
}

/// The storage form of a session.
pub fn saved_of(g: &Session<Fortress>) -> SavedGame {
    SavedGame {
        id: g.id.clone(),
        record: g.record.clone(),
        redo: g.redo.clone(),
        updated: g.updated,
    }
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

impl AppState {
    /// Applies one action (pure apart from reading the clock).
    pub fn apply(&mut self, action: Action, now: f64) {
        match action {
            Action::OpenLink(fragment) => {
                self.notice = None;
                self.open_fragment(&fragment, now);
            }
            Action::Home => {
                self.screen = Screen::Home;
                self.reset_play_ui();
            }
            Action::Rules => self.screen = Screen::Rules,
            Action::NewGame(from) => {
                self.new_game_from = from;
                self.screen = Screen::NewGame;
            }
            Action::Start(record) => {
                self.notice = None;
                self.open_record(record, now, "");
                if self.notice.as_ref().is_some_and(|n| n.text.is_empty()) {
                    self.notice = None;
                }
            }
            Action::Resume(id) => {
                self.notice = None;
                self.resume(&id);
            }
            Action::Delete(id) => {
                self.saves.retain(|s| s.id != id);
                if self.game.as_ref().is_some_and(|g| g.id == id) {
                    self.game = None;
                    self.screen = Screen::Home;
                }
                self.deletions.push(id);
                self.revision += 1;
            }
            Action::Tap(c) => self.tap(c, self.settings.confirm_tap, now),
            Action::Key(c) => self.tap(c, false, now),
            Action::Pass => self.try_play(FortressMove::Pass, now),
            Action::Swap => self.try_play(FortressMove::Swap, now),
            Action::Undo => {
                if let Some(g) = self.game.as_mut() {
                    if g.undo(now) {
                        self.revision += 1;
                    }
                }
                self.reset_play_ui();
            }
            Action::Redo => {
                if let Some(g) = self.game.as_mut() {
                    if g.redo(now) {
                        self.revision += 1;
                    }
                }
                self.reset_play_ui();
            }
            Action::View(ply) => {
                if let Some(g) = self.game.as_mut() {
                    g.view(ply);
                }
                self.reset_play_ui();
            }
            Action::ConfirmDiscard(on) => self.confirm_discard = on,
            Action::PlayFromHere => {
                if let Some(g) = self.game.as_mut() {
                    g.play_from_here(now);
                    self.revision += 1;
                }
                self.reset_play_ui();
            }
            Action::Rematch => {
                if let Some(g) = self.game.as_ref() {
                    let mut record = g.record.clone();
                    record.moves.clear();
                    // The other player first: everyone moves one seat round.
                    let n = record.names.len();
                    let shown: Vec<String> =
                        (0..n).map(|s| fortress_seat_name(g, s as Seat)).collect();
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

    #[test]
    fn confirm_tap_needs_two_taps_and_illegal_taps_say_why() {
        let mut s = fresh();
        s.apply(
            Action::Start(Record::new::<Fortress>(&Default::default())),
            2.0,
        );
        let c3 = s.game.as_ref().unwrap().game().board().cell("c3").unwrap();
        s.apply(Action::Tap(c3), 3.0);
        assert_eq!(s.ghost, Some(c3));
        assert!(s.game.as_ref().unwrap().record.moves.is_empty());
        s.apply(Action::Tap(c3), 4.0);
        assert_eq!(s.game.as_ref().unwrap().record.moves, vec!["c3"]);
        s.apply(Action::Key(c3), 5.0);
        assert_eq!(s.tap_message.as_deref(), Some("c3 is held by Orange."));
        assert_eq!(s.shake, 1);
    }

    #[test]
    fn links_open_and_broken_links_leave_saves_alone() {
        let mut store = MemoryStore::default();
        let mut s = fresh();
        s.apply(
            Action::Start(Record::new::<Fortress>(&Default::default())),
            2.0,
        );
        storage::save(&mut store, &saved_of(s.game.as_ref().unwrap())).unwrap();
        let before = store.0.clone();
        let broken = AppState::load(&mut store, "#g=AAAA", 3.0);
        assert!(broken.notice.as_ref().unwrap().error);
        assert_eq!(store.0, before);
        assert_eq!(broken.saves.len(), 1);

        let mut r = Record::new::<Fortress>(&Default::default());
        r.moves = vec!["c3".into(), "c4".into()];
        let opened = AppState::load(&mut store, &link::encode(&r), 4.0);
        assert_eq!(opened.screen, Screen::Play);
        assert_eq!(opened.game.as_ref().unwrap().record.moves, r.moves);

        r.moves.push("c4".into()); // illegal: held by Blue
        let bad = AppState::load(&mut store, &link::encode(&r), 5.0);
        assert!(bad.game.is_none());
        assert!(bad.notice.unwrap().text.contains("move 3"));
    }

    #[test]
    fn rematch_puts_the_other_player_first() {
        let mut s = fresh();
        let mut r = Record::new::<Fortress>(&Default::default());
        r.names = vec!["Ann".into(), "Bo".into()];
        s.apply(Action::Start(r), 1.0);
        s.apply(Action::Rematch, 2.0);
        assert_eq!(s.game.as_ref().unwrap().record.names, vec!["Bo", "Ann"]);
        assert_eq!(s.saves.len(), 1, "the first game is kept");
    }
}
