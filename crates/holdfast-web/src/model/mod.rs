//! The app's state and its one reducer. `reduce` only calls the model; reading
//! storage happens once at start-up and writing it happens in an effect
//! (see `app.rs`), never in here.

use std::rc::Rc;

use holdfast_rules::{Record, Seat};

mod computer;
mod links;
mod nav;
mod open;
mod play;
mod startup;
mod sync;

pub use computer::{
    Computer, ComputerMsg, Decision, Hint, PositionKey, SearchJob, Suggestion, Thinking,
    HINT_PLAYER,
};

use crate::board::BoardView;
use crate::game_ui::{Feedback, GameInfo, Input, InputCtx, PlayedGame, SeatPlayer, Summary};
use crate::games;
use crate::i18n::{n_, t, tf, tp, Words};
use crate::link::{self, LinkError};
pub use crate::route::Route;
pub use crate::settings::Settings;
use crate::storage::{self, SavedGame, Store, WriteError};

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
    /// The settings.
    Settings,
}

/// A game moved out of play while the browser refused its writes: its moves since
/// its last write that worked live only in this tab (in [`AppState::saves`]) until
/// storage takes them, which is tried with every write of the open game.
#[derive(Clone, Debug, PartialEq)]
pub struct Unsaved {
    pub id: String,
    /// Why the browser refused the last try (a sentence part).
    pub why: String,
}

/// The one question or panel over a screen.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Dialog {
    /// Delete this saved game (its id) or set-aside copy (its key)?
    Delete(String),
    /// "Play from here": drop the moves after the one looked at?
    Discard,
    /// "New game" while a game is in progress?
    NewGame,
    /// Resign?
    Resign,
    /// Which seats of a game played by link are played on this device (a link
    /// first opened here with more than one seat for it).
    ChooseSeats,
    /// The share panel.
    Share,
}

/// A message for the player, with its tone.
#[derive(Clone, Debug, PartialEq)]
pub struct Notice {
    pub text: String,
    pub error: bool,
}

/// What sounds know of the open game, to hear a move land ([`AppState::sound_after`]).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Heard {
    pub id: String,
    pub entries: usize,
    pub over: bool,
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
    pub summaries: Rc<Summaries>,
    /// Each game's home-page card: its information and sample position.
    pub cards: Rc<Vec<(GameInfo, Rc<BoardView>)>>,
    pub settings: Settings,
    pub notice: Option<Notice>,
    /// What the board says about the last tap.
    pub feedback: Feedback,
    /// Bumped on every change to save.
    pub revision: u64,
    /// Copies set aside (saves that could not be read), listed on the home page.
    pub aside: Rc<Vec<storage::Aside>>,
    /// The one question or panel open over the screen, if any.
    pub dialog: Option<Dialog>,
    /// Random bits the app gives at start-up ([`AppState::load_with`]), mixed into
    /// every new game's id with the time and a count, so that two games begun in
    /// the same millisecond, here or on another device, do not share one. The model
    /// itself draws no random numbers.
    pub salt: u64,
    /// Game ids made by this state, for the same.
    pub ids_made: u64,
    /// The computer seats and hints.
    pub computer: Computer,
    /// This tab changed the settings since it last wrote them.
    pub settings_changed: bool,
    /// Storage keys to delete (a saved game's, a set-aside copy's; done by the effect).
    pub deletions: Vec<String>,
    /// The new-game screen's starting point (a rematch, or a fresh setup).
    pub new_game_from: Option<Record>,
    /// The home page lists every saved game, not only the latest.
    pub all_saves: bool,
    /// Replaying the open game, a move every this many ms (the app's timer steps it).
    pub autoplay: Option<u32>,
    /// The replay's speed, ms a move, kept while it stops and starts.
    pub autoplay_ms: u32,
    /// The URL fragment (with its `#`) of a link that has been read: the effect
    /// clears it from the address bar while it is still there (never a later one,
    /// not yet read).
    pub clear_fragment: Option<String>,
    /// Why the browser refused the last write of the open game (the play screen
    /// warns until a write succeeds; each change tries again).
    pub save_error: Option<String>,
    /// Games moved out of play while their writes were refused (the home page
    /// warns on each until a write succeeds).
    pub unsaved: Vec<Unsaved>,
    /// The last pointer pressed was a finger (taps then ask to be confirmed when
    /// [`Settings::confirm_tap`] is on; a mouse, pen or key follows
    /// [`Settings::confirm_mouse`]).
    pub touch: bool,
    /// Counts the timer's retries of [`AppState::unsaved`] alone (the saving
    /// effect then writes only those, not the open game again).
    pub unsaved_tries: u32,
    /// Counts Back and Forward steps ([`Action::Route`]): the address bar then
    /// already shows an address, which is corrected in place if the screen it
    /// names cannot be shown (a deleted game's).
    pub nav: u32,
}

/// The home page's summaries by id: a list sorted by id (a map of its own type costs
/// the wasm more than it saves for the few saved games there are).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Summaries(Vec<(String, Rc<Summary>)>);

impl Summaries {
    fn find(&self, id: &str) -> Result<usize, usize> {
        self.0.binary_search_by(|(k, _)| k.as_str().cmp(id))
    }
    pub fn get(&self, id: &str) -> Option<&Rc<Summary>> {
        self.find(id).ok().map(|i| &self.0[i].1)
    }
    pub fn contains_key(&self, id: &str) -> bool {
        self.find(id).is_ok()
    }
    pub fn insert(&mut self, id: String, summary: Rc<Summary>) {
        match self.find(&id) {
            Ok(i) => self.0[i].1 = summary,
            Err(i) => self.0.insert(i, (id, summary)),
        }
    }
    pub fn remove(&mut self, id: &str) {
        if let Ok(i) = self.find(id) {
            self.0.remove(i);
        }
    }
    pub fn values(&self) -> impl Iterator<Item = &Rc<Summary>> {
        self.0.iter().map(|(_, v)| v)
    }
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
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
    /// Deletes a copy set aside (its storage key).
    DeleteAside(String),
    /// Asks before deleting a saved game or a copy set aside (its id or key), or
    /// stops asking (`None`).
    AskDelete(Option<String>),
    /// A tap, a key or a button of the open game.
    Game(Input),
    Undo,
    Redo,
    View(Option<usize>),
    /// Steps through the game's moves (the buttons beside the list, arrow keys).
    Review(Review),
    PlayFromHere,
    ConfirmDiscard(bool),
    Rematch,
    Share(bool),
    Dismiss,
    Settings(Settings),
    /// The URL fragment changed (a link pasted into an open tab).
    OpenLink(String),
    /// Back or Forward (or a typed address) went to a screen's address.
    Route(Route),
    /// The settings screen.
    ShowSettings,
    /// Asks before leaving a game in progress for a new one (or stops asking).
    AskNewGame(bool),
    /// Asks before the seat to move resigns (or stops asking).
    AskResign(bool),
    /// Escape: lets go of the turn's selection or ghost, a question asked and the
    /// share panel.
    Cancel,
    /// Shows (or hides) the question which seats of a game played by link are
    /// played on this device.
    ChooseSeats(bool),
    /// A seat of the open game is played here (`true`) or on another device.
    SeatHere(Seat, bool),
    /// The home page lists every saved game, not only the latest.
    AllSaves,
    /// Starts replaying the open game (from its start, when on the game now) at so
    /// many ms a move, or stops.
    Autoplay(Option<u32>),
    AutoplaySpeed(u32),
    /// The replay's next move (from its timer); it stops at the game now.
    AutoStep,
    /// A new game from the position looked at: the game it came from is kept.
    Branch,
    /// Opens a game handed over as a file, a drop or a paste (its JSON, its text or
    /// a link), named by where it came from ("game.json", "the pasted text").
    Import {
        text: String,
        from: String,
    },
    /// The seat to move resigns (two-player games): the other seat wins.
    Resign,
    /// A pointer was pressed: a finger (true), or a mouse or pen.
    Pointer(bool),
    /// The computer seats and hints ([`computer`]).
    Computer(ComputerMsg),
    /// The last write to storage failed (why), or succeeded (`None`).
    Saved(Option<String>),
    /// Try the refused write again (a timer, while it fails).
    RetrySave,
    /// A try to write a game moved out of play while unsaved (see [`Unsaved`]):
    /// the revision now stored, or why the browser refused again.
    Flushed {
        id: String,
        result: Result<u64, String>,
    },
    /// The saving effect made the deletions and wrote the settings asked for.
    Persisted,
    /// A language's catalogue came (`web/boot.js` loads the one in use only): what
    /// was said in English while it loaded is said again.
    Catalogue,
    /// Another tab changed a stored key (`value`: what it holds now, `None` when
    /// deleted). `lost`: this tab's own write of that game was refused as stale.
    Stored {
        key: String,
        value: Option<String>,
        lost: bool,
    },
}

/// A step through the moves played: to the start, one back, one on, to the end
/// (the live position).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Review {
    First,
    Previous,
    Next,
    Last,
}

/// The position a review step shows (`None`: the live one), from the one shown
/// now, `shown` entries of `n` in.
pub fn review_target(step: Review, shown: usize, n: usize) -> Option<usize> {
    let at = match step {
        Review::First => 0,
        Review::Previous => shown.saturating_sub(1),
        Review::Next => shown + 1,
        Review::Last => n,
    };
    (at < n).then_some(at)
}

/// A fresh id for a saved game.
pub fn new_id(now: f64) -> String {
    let salt = holdfast_rules::Rng::new(now.to_bits()).next_u64() & 0xffff;
    format!("{:x}{:04x}", now as u64, salt)
}

/// How a refusal to open a game begins, unless it says where the game came from.
const CANNOT_OPEN: &str = n_("This game cannot be opened");

impl AppState {
    /// Applies one action (pure apart from the clock value passed in).
    pub fn apply(&mut self, action: Action, now: f64) {
        match action {
            Action::OpenLink(fragment) => {
                self.notice = None;
                self.open_fragment(&fragment, now);
            }
            Action::Bench => self.screen = Screen::Bench,
            Action::ShowSettings => self.show_settings(),
            Action::Pointer(touch) => self.touch = touch,
            Action::AskNewGame(on) => self.ask(Dialog::NewGame, on),
            Action::AskResign(on) => self.ask(Dialog::Resign, on),
            Action::ChooseSeats(on) => self.ask(Dialog::ChooseSeats, on),
            Action::Cancel => {
                self.let_go();
                self.feedback.message = None;
                self.stop_asking_delete();
            }
            Action::SeatHere(seat, here) => self.seat_here(seat, here),
            Action::AllSaves => self.all_saves = true,
            Action::Catalogue => {
                crate::i18n::set_lang(self.settings.spoken_lang());
                self.say_summaries_again();
            }
            Action::Autoplay(ms) => self.autoplay(ms),
            Action::AutoplaySpeed(ms) => {
                self.autoplay_ms = ms.clamp(100, 10_000);
                self.autoplay = self.autoplay.map(|_| self.autoplay_ms);
            }
            Action::AutoStep => self.auto_step(),
            Action::Branch => self.branch(now),
            // A record that reads but does not play is refused like one that does
            // not read: said with where it came from.
            Action::Import { text, from } => {
                let refused = tf("Could not open {}", &[&from]);
                match holdfast_rules::text::read_any(&text) {
                    Ok(record) => {
                        let opened = tf("Opened the game in {}.", &[&from]);
                        self.open_shared(record, now, &opened, &refused)
                    }
                    Err(e) => self.refuse_open(&refused, &e.words()),
                }
            }
            Action::Resign => {
                self.reset_play_ui();
                if self.game_mut().is_some_and(|g| g.resign(now)) {
                    self.revision += 1;
                }
            }
            Action::Route(route) => {
                self.nav += 1;
                self.go_to(route);
            }
            Action::Home => self.show_home(),
            Action::Rules(game) => self.screen = Screen::Rules(game),
            Action::NewGame(game, from) => self.new_game(game, from),
            Action::Start(record) => {
                self.notice = None;
                self.stop_asking_delete();
                self.open_record(record, now, "", t(CANNOT_OPEN));
            }
            Action::Resume(id) => self.resume_game(&id),
            Action::Delete(id) => self.delete(&id),
            Action::DeleteAside(key) => self.delete_aside(key),
            Action::AskDelete(Some(what)) => self.dialog = Some(Dialog::Delete(what)),
            Action::AskDelete(None) => self.stop_asking_delete(),
            Action::Game(input) => self.input(input, now),
            Action::Undo if self.game.as_ref().is_some_and(|g| g.last_is_remote()) => {
                self.feedback.message = Some(
                    t("That came from the other device: it cannot be taken back here (the two copies of the game would part).")
                        .into(),
                );
                self.feedback.shake += 1;
            }
            Action::Undo => {
                self.undo_to_person(now);
                self.reset_play_ui();
            }
            Action::Computer(msg) => self.computer_msg(msg, now),
            Action::Redo => {
                if self.game_mut().is_some_and(|g| g.redo(now)) {
                    self.revision += 1;
                }
                self.reset_play_ui();
            }
            Action::Review(step) => self.review(step),
            Action::View(ply) => self.view(ply),
            Action::ConfirmDiscard(on) => self.ask(Dialog::Discard, on),
            Action::PlayFromHere => {
                if let Some(g) = self.game_mut() {
                    g.play_from_here(now);
                    self.revision += 1;
                }
                self.reset_play_ui();
            }
            Action::Rematch => self.rematch(now),
            Action::Share(open) => self.ask(Dialog::Share, open),
            // Not a change to save: no new revision (the effect that reports it
            // would only write the same again).
            Action::Saved(error) => self.save_error = error,
            Action::RetrySave if self.save_error.is_some() => self.revision += 1,
            // Only games out of play to write: the open game is not written again.
            Action::RetrySave if !self.unsaved.is_empty() => self.unsaved_tries += 1,
            Action::RetrySave => {}
            Action::Flushed { id, result } => self.flushed(&id, result),
            Action::Persisted => {
                self.deletions.clear();
                self.settings_changed = false;
            }
            Action::Stored { key, value, lost } => self.stored(&key, value.as_deref(), lost),
            Action::Dismiss => self.notice = None,
            Action::Settings(s) => {
                self.take_settings(s);
                self.settings_changed = true;
                self.revision += 1;
            }
        }
    }
}

#[cfg(test)]
mod tests;
