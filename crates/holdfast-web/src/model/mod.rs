//! The app's state and its one reducer. [`AppState::apply`] changes the state and
//! returns the [`Effect`]s it wants (a write, a deletion, the address, a sound); the
//! runner in `app.rs` performs them. Nothing in here touches the browser.

use std::rc::Rc;

use holdfast_rules::{Record, Seat};

mod analysis;
mod computer;
mod learn;
mod library;
mod links;
mod nav;
mod open;
mod play;
mod review;
mod roster;
mod roster_text;
mod saving;
mod screen;
mod startup;
mod sync;
mod table;

pub use analysis::{Analyses, AnalysisJob, AnalysisMsg, GameAnalysis, Judged, Look};
pub use computer::{
    Computer, ComputerMsg, Decision, Hint, PositionKey, SearchJob, Suggestion, Thinking,
    HINT_PLAYER,
};
pub use learn::{Book, Learn, LearnMsg, LessonState, OpenLesson, Progress};
pub use library::{Library, LibraryMsg, Summaries};
pub use review::{review_target, Go, Replay, Review, ReviewMsg, Shown};
pub use roster::{
    card_fragment, write as write_roster, Entry, ImportError, Outcome, Played, Roster, RosterMsg,
    RosterSaid, ROSTER_ASIDE_KEY, ROSTER_KEY,
};
pub use roster_text::card_value;
pub use saving::{Retry, Saving, SavingMsg, Unsaved};
pub use screen::{Nav, NavMsg, Screen};
pub use table::{Dialog, Table, TableMsg};

use crate::board::BoardView;
use crate::game_ui::{GameInfo, Input, InputCtx, PlayedGame, Said, SeatPlayer};
use crate::games;
use crate::link::{self, LinkError};
pub use crate::notice::{News, Notice, Opened, Source, Unopenable};
pub use crate::route::Route;
pub use crate::settings::Settings;
use crate::storage::{self, Refused, SavedGame, Store, WriteError};

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
    /// The screen shown ([`screen`]).
    pub nav: Nav,
    /// The open game, what its board says, the question asked ([`table`]).
    pub table: Table,
    /// The saved games other than the open one ([`library`]).
    pub library: Library,
    /// Each game's home-page card: its information and sample position.
    pub cards: Rc<Vec<(GameInfo, Rc<BoardView>)>>,
    pub settings: Settings,
    pub notice: Option<Notice>,
    /// Random bits the app gives at start-up ([`AppState::start`]), mixed into
    /// every new game's id with the time and a count, so that two games begun in
    /// the same millisecond, here or on another device, do not share one. The model
    /// itself draws no random numbers.
    pub salt: u64,
    /// Game ids made by this state, for the same.
    pub ids_made: u64,
    /// The computer seats and hints.
    pub computer: Computer,
    /// Looking back: the replay ([`review`]).
    pub replay: Replay,
    /// What is not saved, and why ([`saving`]).
    pub saving: Saving,
    /// The open game looked back on with the engine ([`analysis`]).
    pub analysis: Analyses,
    /// The lessons, and what the player has learnt ([`learn`]).
    pub learn: Learn,
    /// Fortress's 1983 opponents as this device keeps them ([`roster`]).
    pub roster: Roster,
    /// The effects asked for by the action being applied: [`AppState::apply`]
    /// empties it into what it returns, so between actions it is always empty.
    outbox: Vec<Effect>,
}

/// What the model asks the world to do after a change: data, performed by the
/// runner in `app.rs` (the storage ones by [`AppState::perform`], natively tested).
#[derive(Clone, Debug, PartialEq)]
pub enum Effect {
    /// Write what changed: the open game (over the revision this tab last saw),
    /// which game is open, games never written, and those moved out of play
    /// while their writes were refused ([`Saving::unsaved`]).
    Save,
    /// Write only the games moved out of play unsaved (the timer's retry while
    /// the open game itself is saved).
    SaveUnsaved,
    /// Delete a storage key (a saved game's, a set-aside copy's).
    Delete(String),
    /// Write these settings (only ever this tab's own change: a tab that has not
    /// heard of another's change never writes its older settings back).
    WriteSettings(Settings),
    /// Take this link's fragment (with its `#`) out of the address bar, if it is
    /// still there (never a later one, not yet read).
    ClearFragment(String),
    /// Back or Forward went to an address: if the screen it names cannot be shown
    /// (a deleted game's), the address is corrected in place, never added.
    CorrectAddress,
    /// A sound (the player turned sounds on): a move landed ("place", "capture",
    /// "turn", "end").
    Sound(&'static str),
    /// Speak this language (`None`: the browser's).
    Speak(Option<crate::i18n::Lang>),
    /// Search this now for a computer seat or a hint, stopping any search under
    /// way; `None`: stop searching ([`AppState::search_job`]).
    Think(Option<SearchJob>),
    /// Look at the open game's positions not yet looked at, in a worker of its
    /// own, stopping the one under way; `None`: stop ([`AppState::analysis_job`]).
    Analyse(Option<AnalysisJob>),
    /// Write a game's analysis (its id) under its own key.
    SaveAnalysis(String, Rc<GameAnalysis>),
    /// Read a game's analysis (its id), answered with [`AnalysisMsg::Loaded`].
    LoadAnalysis(String),
    /// Fetch a game's book of lessons (`lessons/GAME.json`), answered with
    /// [`LearnMsg::Loaded`].
    LoadLessons(String),
    /// Write what the player has learnt.
    WriteProgress(Progress),
    /// Write the 1983 roster.
    WriteRoster(Roster),
    /// Put this text on the clipboard.
    Copy(String),
    /// Offer this link to the device's share sheet; where there is none, copy it
    /// and open the share panel ([`Action::Share`]).
    Send { url: String, title: String },
    /// Offer this text as a file to download (`mime`: its type).
    Download {
        name: String,
        text: String,
        mime: &'static str,
    },
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
    /// Looking back over the open game ([`review`]).
    Review(ReviewMsg),
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
    /// Copy this text (a game's link).
    Copy(String),
    /// Send a game's link to another device (its title for the share sheet).
    Send {
        url: String,
        title: String,
    },
    /// Download a game as a file.
    Download {
        name: String,
        text: String,
        mime: &'static str,
    },
    /// A pointer was pressed: a finger (true), or a mouse or pen.
    Pointer(bool),
    /// The computer seats and hints ([`computer`]).
    Computer(ComputerMsg),
    /// Looking back with the engine ([`analysis`]).
    Analysis(AnalysisMsg),
    /// The lessons ([`learn`]).
    Learn(LearnMsg),
    /// The 1983 roster ([`roster`]).
    Roster(RosterMsg),
    /// The roster screen.
    ShowRoster,
    /// A new game from the position looked at, with this entry played in it (the
    /// analysis's better move).
    BranchWith(String),
    /// The last write to storage failed (why), or succeeded (`None`).
    Saved(Option<Refused>),
    /// Try the refused write again (a timer, while it fails).
    RetrySave,
    /// A try to write a game moved out of play while unsaved (see [`Unsaved`]):
    /// the revision now stored, or why the browser refused again.
    Flushed {
        id: String,
        result: Result<u64, Refused>,
    },
    /// The open game (its id) was written: storage holds it at this revision.
    Synced {
        id: String,
        revision: u64,
    },
    /// The language spoken changed, or its catalogue came (`web/boot.js` loads the
    /// one in use only): the views the model keeps are made again in it.
    Catalogue,
    /// Another tab changed a stored key (`value`: what it holds now, `None` when
    /// deleted). `lost`: this tab's own write of that game was refused as stale.
    Stored {
        key: String,
        value: Option<String>,
        lost: bool,
    },
}

/// A fresh id for a saved game.
pub fn new_id(now: f64) -> String {
    let salt = holdfast_rules::Rng::new(now.to_bits()).next_u64() & 0xffff;
    format!("{:x}{:04x}", now as u64, salt)
}

impl AppState {
    /// Applies one action (pure apart from the clock value passed in) and returns
    /// the effects it asks for, in order.
    pub fn apply(&mut self, action: Action, now: f64) -> Vec<Effect> {
        // (Another tab's move is heard in that tab, not here too.)
        let from_here = !matches!(action, Action::Stored { .. });
        let before = self.heard();
        let job = self.search_job();
        let analysing = self.analysis_job();
        self.act(action, now);
        if from_here {
            self.roster_after(now, before.as_ref());
        }
        self.fit_analysis();
        let next_job = self.search_job();
        if next_job != job {
            self.outbox.push(Effect::Think(next_job));
        }
        let next = self.analysis_job();
        if next != analysing {
            self.outbox.push(Effect::Analyse(next));
        }
        if self.settings.sound && from_here {
            if let Some(kind) = self.sound_after(before.as_ref()) {
                self.outbox.push(Effect::Sound(kind));
            }
        }
        std::mem::take(&mut self.outbox)
    }

    /// Asks for an effect.
    pub(super) fn effect(&mut self, effect: Effect) {
        if !self.outbox.contains(&effect) {
            self.outbox.push(effect);
        }
    }

    /// Asks for what changed to be written.
    pub(super) fn save(&mut self) {
        self.effect(Effect::Save);
    }

    fn act(&mut self, action: Action, now: f64) {
        match action {
            Action::OpenLink(fragment) => {
                self.notice = None;
                self.open_fragment(&fragment, now);
            }
            Action::Bench => self.nav.update(NavMsg::Show(Screen::Bench)),
            Action::Copy(text) => self.effect(Effect::Copy(text)),
            Action::Send { url, title } => self.effect(Effect::Send { url, title }),
            Action::Download { name, text, mime } => {
                self.effect(Effect::Download { name, text, mime })
            }
            Action::ShowSettings => self.show_settings(),
            Action::Pointer(touch) => self.table.update(TableMsg::Pointer(touch)),
            Action::AskNewGame(on) => self.ask(Dialog::NewGame, on),
            Action::AskResign(on) => self.ask(Dialog::Resign, on),
            Action::ChooseSeats(on) => self.ask(Dialog::ChooseSeats, on),
            Action::Cancel => {
                self.let_go();
                self.table.update(TableMsg::Hush);
                self.stop_asking_delete();
            }
            Action::SeatHere(seat, here) => self.seat_here(seat, here),
            Action::AllSaves => {
                self.library.update(LibraryMsg::ShowAll);
            }
            Action::Catalogue => {
                self.library.update(LibraryMsg::SayAgain);
                self.cards = Rc::new(startup::cards());
            }
            Action::Review(msg) => self.look_back(msg),
            Action::Branch => self.branch(now, None),
            Action::BranchWith(entry) => self.branch(now, Some(entry)),
            Action::Analysis(msg) => self.analysis_msg(msg),
            Action::Learn(msg) => self.learn_msg(msg, now),
            Action::Roster(msg) => self.roster_msg(msg),
            Action::ShowRoster => self.nav.update(NavMsg::Show(Screen::Roster)),
            // A record that reads but does not play is refused like one that does
            // not read: said with where it came from.
            Action::Import { text, from } => match holdfast_rules::text::read_any(&text) {
                Ok(record) => self.open_shared(
                    record,
                    now,
                    Opened::Named(from.clone()),
                    Source::Named(from),
                ),
                Err(e) => self.refuse_open(Source::Named(from), Unopenable::Unreadable(e)),
            },
            Action::Resign => {
                self.reset_play_ui();
                if self.table.game_mut().is_some_and(|g| g.resign(now)) {
                    self.save();
                }
            }
            Action::Route(route) => {
                self.go_to(route);
                self.effect(Effect::CorrectAddress);
            }
            Action::Home => self.show_home(),
            Action::Rules(game) => self.nav.update(NavMsg::Show(Screen::Rules(game))),
            Action::NewGame(game, from) => self.new_game(game, from),
            Action::Start(record) => {
                // The lessons were offered on the new-game screen: once.
                self.learn_msg(LearnMsg::Offered(record.game.clone()), now);
                self.notice = None;
                self.stop_asking_delete();
                self.open_record(record, now, None, Source::Here);
            }
            Action::Resume(id) => self.resume_game(&id),
            Action::Delete(id) => self.delete(&id),
            Action::DeleteAside(key) => self.delete_aside(key),
            Action::AskDelete(Some(what)) => self.ask(Dialog::Delete(what), true),
            Action::AskDelete(None) => self.stop_asking_delete(),
            Action::Game(input) => self.input(input, now),
            Action::Undo if self.table.game.as_ref().is_some_and(|g| g.last_is_remote()) => {
                self.table.update(TableMsg::Refuse(Said::RemoteUndo));
            }
            Action::Undo => {
                self.undo_to_person(now);
                self.reset_play_ui();
            }
            Action::Computer(msg) => self.computer_msg(msg, now),
            Action::Redo => {
                if self.table.game_mut().is_some_and(|g| g.redo(now)) {
                    self.save();
                }
                self.reset_play_ui();
            }
            Action::ConfirmDiscard(on) => self.ask(Dialog::Discard, on),
            Action::PlayFromHere => {
                if let Some(g) = self.table.game_mut() {
                    g.play_from_here(now);
                    self.save();
                }
                self.reset_play_ui();
            }
            Action::Rematch => self.rematch(now),
            Action::Share(open) => self.ask(Dialog::Share, open),
            // Not a change to save (a write would only write the same again).
            Action::Saved(error) => self.saving.update(SavingMsg::Saved(error)),
            Action::Synced { id, revision } => {
                if let Some(g) = self.table.game.as_ref().filter(|g| g.id() == id) {
                    g.synced().set(revision);
                }
            }
            Action::RetrySave => match self.saving.retry() {
                Retry::All => self.save(),
                // Only games out of play to write: the open game is not written again.
                Retry::Unsaved => self.effect(Effect::SaveUnsaved),
                Retry::Nothing => {}
            },
            Action::Flushed { id, result } => self.flushed(&id, result),
            Action::Stored { key, value, lost } => self.stored(&key, value.as_deref(), lost),
            Action::Dismiss => self.notice = None,
            Action::Settings(s) => {
                self.take_settings(s);
                self.effect(Effect::WriteSettings(self.settings.clone()));
            }
        }
    }
}

#[cfg(test)]
mod tests;
