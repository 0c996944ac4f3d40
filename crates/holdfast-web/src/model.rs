//! The app's state and its one reducer. `reduce` only calls the model; reading
//! storage happens once at start-up and writing it happens in an effect
//! (see `app.rs`), never in here.

use std::rc::Rc;

use holdfast_rules::{CellId, MoveError, Record, Seat};
use serde::{Deserialize, Serialize};
use yew::Reducible;

use crate::games::{
    self, citadel as citadel_ui, fort as fort_ui, fortress as fortress_ui, frontier as frontier_ui,
    island_wars as island_ui, AnyGame,
};
use crate::link::{self, LinkError};
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
    /// Citadel: show every warrior's and wall's strength.
    pub show_strengths: bool,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            confirm_tap: true,
            animations: true,
            table_mode: false,
            show_strengths: false,
        }
    }
}

/// A message for the player, with its tone.
#[derive(Clone, Debug, PartialEq)]
pub struct Notice {
    pub text: String,
    pub error: bool,
}

/// What the board interaction is in the middle of: for any game.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct TapUi {
    /// A move waiting for its confirming tap.
    pub ghost: Option<CellId>,
    /// A selected piece (Fort: the dot about to step).
    pub selected: Option<CellId>,
    /// Why the last tap did nothing, or what the next tap will do.
    pub message: Option<String>,
    /// Bumped on an illegal tap: the board shakes.
    pub shake: u32,
    /// A count has been offered and waits for the other player's answer (Fort).
    pub count_offered: bool,
    /// A cell where the selected piece could do two things, waiting for the choice
    /// (Frontier: move there, or move and build).
    pub choice: Option<CellId>,
    /// The piece kind chosen from the hand (Island Wars: barracks, tower, port).
    pub tool: u8,
}

impl TapUi {
    /// Says why a move was refused, and shakes the board.
    pub fn refuse(&mut self, e: &MoveError, names: &[String]) {
        let name = |s: Seat| {
            names
                .get(s as usize)
                .cloned()
                .unwrap_or_else(|| format!("Player {}", s + 1))
        };
        self.message = Some(e.sentence(&name));
        self.ghost = None;
        self.shake += 1;
    }

    /// After a move was tried: on success the ghost, the message and any pending
    /// choice go; on refusal the board says why. True when the move was played.
    pub fn settle(&mut self, result: Result<(), MoveError>, names: &[String]) -> bool {
        match result {
            Ok(()) => {
                self.ghost = None;
                self.message = None;
                self.choice = None;
                true
            }
            Err(e) => {
                self.refuse(&e, names);
                false
            }
        }
    }

    /// Says something without refusing.
    pub fn say(&mut self, text: impl Into<String>) {
        self.message = Some(text.into());
    }
}

/// The app's whole state.
#[derive(Clone, Debug)]
pub struct AppState {
    pub screen: Screen,
    pub game: Option<AnyGame>,
    /// Saved games other than the open one, newest first.
    pub saves: Vec<SavedGame>,
    pub settings: Settings,
    pub notice: Option<Notice>,
    pub ui: TapUi,
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
    NewGame(String, Option<Record>),
    Start(Record),
    Resume(String),
    Delete(String),
    Tap(CellId),
    Key(CellId),
    /// Island Wars: choose the piece to place (0 barracks, 1 tower, 2 port).
    ChooseTool(u8),
    /// Citadel: a square between four points was tapped (or Enter pressed on it).
    TapFace(u16),
    KeyFace(u16),
    Pass,
    Swap,
    Undo,
    Redo,
    /// Fort: offer to count (`true`), or withdraw/decline (`false`).
    OfferCount(bool),
    /// Fort: the other player accepts the count.
    AcceptCount,
    /// Frontier mode 3: end the turn.
    EndTurn,
    /// Frontier mode 3: answer "move, or move and build?" (`true`: build).
    OrderChoice(bool),
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

impl AppState {
    /// The state at start-up: settings and saves from `store`, then the URL
    /// fragment (a shared game), else the game open last.
    pub fn load(store: &mut dyn Store, fragment: &str, now: f64) -> AppState {
        let settings: Settings = storage::settings(store)
            .and_then(|s| serde_json::from_str(&s).ok())
            .unwrap_or_default();
        let loaded = storage::load_all(store, &games::replays);
        let mut state = AppState {
            screen: Screen::Home,
            game: None,
            saves: loaded.games,
            settings,
            notice: None,
            ui: TapUi::default(),
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
        match AnyGame::open(new_id(now), record, vec![], now) {
            Ok(g) => {
                self.stash_open_game();
                self.game = Some(g);
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

    /// Moves the open game (if any) back into the saves list.
    fn stash_open_game(&mut self) {
        if let Some(g) = self.game.take() {
            self.saves.retain(|s| s.id != g.id());
            self.saves.insert(0, g.saved());
        }
        self.reset_play_ui();
    }

    fn reset_play_ui(&mut self) {
        let shake = self.ui.shake;
        self.ui = TapUi {
            shake,
            ..TapUi::default()
        };
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
        let saved = self.saves.remove(pos);
        match AnyGame::from_saved(saved.clone()) {
            Ok(g) => {
                self.stash_open_game();
                self.game = Some(g);
                self.screen = Screen::Play;
                self.revision += 1;
            }
            Err(_) => {
                self.saves.insert(pos, saved);
                self.notice = Some(Notice {
                    text: "That saved game could not be opened.".into(),
                    error: true,
                });
            }
        }
    }

    fn tap(&mut self, c: CellId, confirm: bool, now: f64) {
        let Some(game) = self.game.as_mut() else {
            return;
        };
        let names = game.names();
        if game.viewing() {
            self.ui.refuse(
                &MoveError::NotNow(
                    "You are looking back at an earlier position: go back to the game to play."
                        .into(),
                ),
                &names,
            );
            return;
        }
        let changed = match game {
            AnyGame::Fortress(s) => fortress_ui::tap(&mut self.ui, s, c, confirm, now, &names),
            AnyGame::Fort(s) => fort_ui::tap(&mut self.ui, s, c, confirm, now, &names),
            AnyGame::Frontier(s) => frontier_ui::tap(&mut self.ui, s, c, confirm, now, &names),
            AnyGame::Citadel(s) => citadel_ui::tap(&mut self.ui, s, c, confirm, now, &names),
            AnyGame::IslandWars(s) => island_ui::tap(&mut self.ui, s, c, confirm, now, &names),
        };
        if changed {
            self.confirm_discard = false;
            self.revision += 1;
        }
    }

    /// Plays a control's move (pass, swap, count) on the open game.
    fn control(&mut self, action: &Action, now: f64) {
        let Some(game) = self.game.as_mut() else {
            return;
        };
        let names = game.names();
        let result = match (game, action) {
            (AnyGame::Fortress(s), Action::Pass) => fortress_ui::pass(s, now),
            (AnyGame::Fortress(s), Action::Swap) => fortress_ui::swap(s, now),
            (AnyGame::Fort(s), Action::AcceptCount) => fort_ui::count(s, now),
            (AnyGame::Frontier(s), Action::Pass) => frontier_ui::pass(s, now),
            (AnyGame::Frontier(s), Action::EndTurn) => frontier_ui::end_turn(s, now),
            (AnyGame::Citadel(s), Action::EndTurn) => citadel_ui::end_turn(s, now),
            (AnyGame::IslandWars(s), Action::Pass) => island_ui::pass(s, now),
            (AnyGame::Citadel(s), Action::AcceptCount) => citadel_ui::draw(s, now),
            _ => return,
        };
        match result {
            Ok(()) => {
                let shake = self.ui.shake;
                self.ui = TapUi {
                    shake,
                    ..TapUi::default()
                };
                self.revision += 1;
            }
            Err(e) => self.ui.refuse(&e, &names),
        }
    }

    /// Applies one action (pure apart from the clock value passed in).
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
                self.saves.retain(|s| s.id != id);
                if self.game.as_ref().is_some_and(|g| g.id() == id) {
                    self.game = None;
                    self.screen = Screen::Home;
                }
                self.deletions.push(id);
                self.revision += 1;
            }
            Action::Tap(c) => self.tap(c, self.settings.confirm_tap, now),
            Action::Key(c) => self.tap(c, false, now),
            Action::TapFace(f) | Action::KeyFace(f) => {
                let confirm = matches!(action, Action::TapFace(_)) && self.settings.confirm_tap;
                if let Some(AnyGame::Citadel(g)) = self.game.as_mut() {
                    let names: Vec<String> = (0..2).map(|s| g.name(s)).collect();
                    if g.viewing.is_none()
                        && citadel_ui::tap_face(&mut self.ui, g, f, confirm, now, &names)
                    {
                        self.confirm_discard = false;
                        self.revision += 1;
                    }
                }
            }
            Action::Pass | Action::Swap | Action::AcceptCount | Action::EndTurn => {
                self.control(&action, now)
            }
            Action::OrderChoice(build) => {
                if let Some(AnyGame::Frontier(g)) = self.game.as_mut() {
                    let names: Vec<String> = (0..2).map(|s| g.name(s)).collect();
                    if frontier_ui::choose(&mut self.ui, g, build, now, &names) {
                        self.revision += 1;
                    }
                }
            }
            Action::OfferCount(on) => self.ui.count_offered = on,
            Action::ChooseTool(t) => {
                self.ui.tool = t.min(2);
                self.ui.selected = None;
                self.ui.ghost = None;
                self.ui.message = None;
            }
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
    use holdfast_rules::fortress::Fortress;

    fn fresh() -> AppState {
        AppState::load(&mut MemoryStore::default(), "", 1.0)
    }

    fn fortress(s: &AppState) -> &crate::session::Session<Fortress> {
        match s.game.as_ref().unwrap() {
            AnyGame::Fortress(g) => g,
            _ => panic!("not fortress"),
        }
    }

    #[test]
    fn confirm_tap_needs_two_taps_and_illegal_taps_say_why() {
        let mut s = fresh();
        s.apply(
            Action::Start(Record::new::<Fortress>(&Default::default())),
            2.0,
        );
        let c3 = fortress(&s).game().board().cell("c3").unwrap();
        s.apply(Action::Tap(c3), 3.0);
        assert_eq!(s.ui.ghost, Some(c3));
        assert!(fortress(&s).record.moves.is_empty());
        s.apply(Action::Tap(c3), 4.0);
        assert_eq!(fortress(&s).record.moves, vec!["c3"]);
        s.apply(Action::Key(c3), 5.0);
        assert_eq!(s.ui.message.as_deref(), Some("c3 is held by Orange."));
        assert_eq!(s.ui.shake, 1);
    }

    #[test]
    fn links_open_and_broken_links_leave_saves_alone() {
        let mut store = MemoryStore::default();
        let mut s = fresh();
        s.apply(
            Action::Start(Record::new::<Fortress>(&Default::default())),
            2.0,
        );
        storage::save(&mut store, &s.game.as_ref().unwrap().saved()).unwrap();
        let before = store.0.clone();
        let broken = AppState::load(&mut store, "#g=AAAA", 3.0);
        assert!(broken.notice.as_ref().unwrap().error);
        assert_eq!(store.0, before);
        assert_eq!(broken.saves.len(), 1);

        let mut r = Record::new::<Fortress>(&Default::default());
        r.moves = vec!["c3".into(), "c4".into()];
        let opened = AppState::load(&mut store, &link::encode(&r), 4.0);
        assert_eq!(opened.screen, Screen::Play);
        assert_eq!(opened.game.as_ref().unwrap().record().moves, r.moves);

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
        assert_eq!(s.game.as_ref().unwrap().record().names, vec!["Bo", "Ann"]);
        assert_eq!(s.saves.len(), 1, "the first game is kept");
    }

    #[test]
    fn fort_turns_by_tapping() {
        use holdfast_rules::fort::Fort;
        let mut s = fresh();
        let r = Record::from_json(r#"{"game":"fort","moves":["@e2","@f7"]}"#).unwrap();
        s.apply(Action::Start(r), 1.0);
        let cell = |s: &AppState, n: &str| match s.game.as_ref().unwrap() {
            AnyGame::Fort(g) => g.game().board().cell(n).unwrap(),
            _ => panic!(),
        };
        let fort = |s: &AppState| -> crate::session::Session<Fort> {
            match s.game.as_ref().unwrap() {
                AnyGame::Fort(g) => g.clone(),
                _ => panic!(),
            }
        };
        let (e2, e3, d1) = (cell(&s, "e2"), cell(&s, "e3"), cell(&s, "d1"));
        s.apply(Action::Tap(e2), 2.0);
        assert_eq!(s.ui.selected, Some(e2));
        s.apply(Action::Tap(e3), 3.0);
        assert_eq!(fort(&s).turn.len(), 1, "a step, no confirmation needed");
        assert_eq!(s.ui.selected, Some(e3));
        s.apply(Action::Undo, 4.0);
        assert!(fort(&s).turn.is_empty(), "the step is taken back");
        s.apply(Action::Tap(e2), 5.0);
        s.apply(Action::Tap(e3), 6.0);
        s.apply(Action::Tap(d1), 7.0);
        assert_eq!(
            s.ui.ghost,
            Some(d1),
            "the spawn ends the turn: confirm first"
        );
        s.apply(Action::Tap(d1), 8.0);
        assert_eq!(fort(&s).record.moves.last().unwrap(), "e2-e3 @d1");
        // Offer and accept a count.
        s.apply(Action::OfferCount(true), 9.0);
        s.apply(Action::AcceptCount, 10.0);
        assert!(s.game.as_ref().unwrap().is_over());
        assert_eq!(fort(&s).record.moves.last().unwrap(), "count");
    }
}
