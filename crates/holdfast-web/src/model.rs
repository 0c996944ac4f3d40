//! The app's state and its one reducer. `reduce` only calls the model; reading
//! storage happens once at start-up and writing it happens in an effect
//! (see `app.rs`), never in here.

use std::collections::BTreeMap;
use std::rc::Rc;

use holdfast_rules::record::Offer;
use holdfast_rules::{Record, Seat};
use yew::Reducible;

use crate::board::BoardView;
use crate::game_ui::{Feedback, GameInfo, Input, InputCtx, PlayedGame, SeatPlayer, Summary};
use crate::games;
use crate::i18n::{n_, t, t_any, tf, tp};
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

/// Where a game stands (its id, entries played, actions of the turn under way): a
/// computer's answer is played only in the position it was asked about.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct PositionKey {
    pub game: String,
    pub moves: usize,
    pub turn: usize,
}

impl PositionKey {
    /// A seed for the search of this position: the same position, the same search.
    pub fn seed(&self) -> u64 {
        let mut h = 0xcbf2_9ce4_8422_2325u64;
        for b in self.game.bytes() {
            h = (h ^ b as u64).wrapping_mul(0x100_0000_01b3);
        }
        h ^ ((self.moves as u64) << 16) ^ self.turn as u64
    }
}

/// What the worker should search now: a computer's move, or a person's hint.
#[derive(Clone, Debug, PartialEq)]
pub struct SearchJob {
    pub key: PositionKey,
    /// The player searching (`level2`…; a hint searches as [`HINT_PLAYER`]).
    pub player: String,
    pub hint: bool,
}

/// Who finds a person's hint: level 3's search, never slipping.
pub const HINT_PLAYER: &str = crate::think::HINT;

/// A computer seat thinking: how far its search has gone.
#[derive(Clone, Debug, PartialEq)]
pub struct Thinking {
    pub key: PositionKey,
    pub iterations: u32,
    /// The action it prefers so far, in the notation.
    pub best: Option<String>,
    /// "Move now" was pressed before any action was preferred: play the first one.
    pub hurry: bool,
}

/// A hint asked for by the person to move.
#[derive(Clone, Debug, PartialEq)]
pub struct Hint {
    pub key: PositionKey,
    pub found: Suggestion,
}

/// Where a hint's search stands.
#[derive(Clone, Debug, PartialEq)]
pub enum Suggestion {
    /// Still searching.
    Looking,
    /// This action, in the notation.
    Play(String),
    /// The search found nothing to suggest.
    Nothing,
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
    pub summaries: Rc<BTreeMap<String, Rc<Summary>>>,
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
    /// This tab changed the settings since it last wrote them.
    pub settings_changed: bool,
    /// The page is hidden (another tab in front): computer seats wait, so a game
    /// open in two tabs is played by the computer in the one in view.
    pub hidden: bool,
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
    /// The open game's computer seat thinking, with its progress.
    pub thinking: Option<Thinking>,
    /// The computers wait (watching a computer-only game, or after an undo in one).
    pub paused: bool,
    /// A hint for the person to move.
    pub hint: Option<Hint>,
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
    /// A search's progress in the position `key`.
    Progress {
        key: PositionKey,
        iterations: u32,
        best: Option<String>,
    },
    /// A search's answer in the position `key`: a computer's action, or a hint.
    Answer {
        key: PositionKey,
        hint: bool,
        action: Option<String>,
    },
    /// A search could not be made: the worker's sentence why, or `None` when the
    /// worker never answered (it could not load, say).
    SearchFailed {
        key: PositionKey,
        why: Option<String>,
    },
    /// The computer thinking plays the action it prefers so far.
    MoveNow,
    /// Computers wait (true) or play on (false).
    Pause(bool),
    /// The person to move asks for a hint.
    Hint,
    /// The person plays the hint shown.
    PlayHint,
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
    /// The page was hidden (true) or shown again.
    Hidden(bool),
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

/// A fragment as the address bar's `location.hash` gives it, `#` first.
fn with_hash(fragment: &str) -> String {
    format!("#{}", fragment.strip_prefix('#').unwrap_or(fragment))
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

/// A new game's id: the time and, in a browser, 32 random bits, so that two games
/// begun in the same millisecond on two devices do not share one.
fn game_id(now: f64) -> String {
    #[cfg(target_arch = "wasm32")]
    let r = (js_sys::Math::random() * 4_294_967_296.0) as u64;
    #[cfg(not(target_arch = "wasm32"))]
    let r = holdfast_rules::Rng::new(now.to_bits() ^ 0x9e37).next_u64() & 0xffff_ffff;
    format!("{}{r:08x}", new_id(now))
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
        let settings = storage::settings(store)
            .map(|s| Settings::read(&s))
            .unwrap_or_default();
        // The language first: what follows may have something to say.
        crate::i18n::set_lang(settings.spoken_lang());
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
            aside: Rc::new(storage::set_aside_copies(store)),
            dialog: None,
            settings_changed: false,
            hidden: false,
            deletions: vec![],
            new_game_from: None,
            all_saves: false,
            autoplay: None,
            autoplay_ms: 1000,
            clear_fragment: None,
            thinking: None,
            paused: false,
            hint: None,
            save_error: None,
            unsaved: Vec::new(),
            nav: 0,
            touch: false,
            unsaved_tries: 0,
        };
        // "1 saved game", "3 saved games": the subject of each sentence below.
        let saved_games = |n: usize| tp(n, "{} saved game", "{} saved games");
        let mut told = Vec::new();
        if !loaded.set_aside.is_empty() {
            let n = loaded.set_aside.len();
            let (what, keys) = (saved_games(n), loaded.set_aside.join(", "));
            told.push(if n == 1 {
                tf(
                    "{} could not be read and was set aside (kept in storage as {}).",
                    &[&what, &keys],
                )
            } else {
                tf(
                    "{} could not be read and were set aside (kept in storage as {}).",
                    &[&what, &keys],
                )
            });
        }
        if !loaded.left.is_empty() {
            let n = loaded.left.len();
            let (what, keys) = (saved_games(n), loaded.left.join(", "));
            told.push(if n == 1 {
                tf(
                    "{} could not be read, and the browser refused to set it aside: it was left as {} in storage.",
                    &[&what, &keys],
                )
            } else {
                tf(
                    "{} could not be read, and the browser refused to set them aside: they were left as {} in storage.",
                    &[&what, &keys],
                )
            });
        }
        if !loaded.newer.is_empty() {
            let n = loaded.newer.len();
            let (what, keys) = (saved_games(n), loaded.newer.join(", "));
            told.push(if n == 1 {
                tf(
                    "{} was saved by a later version of Holdfast and was left as it was ({}).",
                    &[&what, &keys],
                )
            } else {
                tf(
                    "{} were saved by a later version of Holdfast and were left as they were ({}).",
                    &[&what, &keys],
                )
            });
        }
        if !told.is_empty() {
            state.notice = Some(Notice {
                text: tf("{} Everything else is here.", &[&told.join(" ")]),
                error: true,
            });
        }
        if let Some(route) = Route::parse(fragment) {
            // A screen's address (a reload): the game open last opens again, and
            // the screen the address names is shown.
            if let Some(g) = opened {
                state.reopen(g);
            }
            // (What start-up has to tell stays: showing a screen clears notices.)
            let told = state.notice.take();
            state.go_to(route, now);
            state.notice = told.or(state.notice.take());
        } else {
            let was_link = state.open_fragment(fragment, now);
            // No game from the fragment (none, or a bad link): the game open last
            // opens again, so a bad link never loses it.
            if let (None, Some(g)) = (&state.game, opened) {
                state.reopen(g);
                if !was_link {
                    state.screen = Screen::Play;
                }
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

    /// Makes `g`, the game open last (replayed at start-up), the open game again,
    /// out of the saves list.
    fn reopen(&mut self, g: Box<dyn PlayedGame>) {
        Rc::make_mut(&mut self.saves).retain(|s| s.id != g.id());
        Rc::make_mut(&mut self.summaries).remove(g.id());
        self.game = Some(Rc::from(g));
        self.revision += 1;
    }

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
    fn go_to(&mut self, route: Route, now: f64) {
        if route == self.route() {
            return;
        }
        let known = |g: &str| games::infos().iter().any(|i| i.id == g);
        let action = match route {
            Route::NewGame(g) if known(&g) => Action::NewGame(g, None),
            Route::Rules(g) if known(&g) => Action::Rules(g),
            Route::Play(id)
                if self.game.as_ref().is_some_and(|g| g.id() == id)
                    || self.saves.iter().any(|s| s.id == id) =>
            {
                Action::Resume(id)
            }
            Route::Settings => Action::ShowSettings,
            Route::Bench => Action::Bench,
            _ => Action::Home,
        };
        self.apply(action, now);
    }

    /// Opens the game a URL fragment carries; false when it is not a game link.
    pub fn open_fragment(&mut self, fragment: &str, now: f64) -> bool {
        match link::decode(fragment) {
            Ok(record) => {
                self.clear_fragment = Some(with_hash(fragment));
                self.open_shared(record, now, t("Opened a shared game."), t(CANNOT_OPEN));
                true
            }
            Err(LinkError::Damaged(why) | LinkError::TooLarge(why)) => {
                self.clear_fragment = Some(with_hash(fragment));
                self.notice = Some(Notice {
                    text: tf("{} Your saved games are untouched.", &[&t_any(&why)]),
                    error: true,
                });
                // The open game stays open (and the one to come back to).
                self.reset_play_ui();
                self.screen = Screen::Home;
                self.revision += 1;
                true
            }
            Err(LinkError::NotALink) => false,
        }
    }

    /// A game handed over by a link or a file. One whose game id is saved here
    /// updates that game when it carries moves beyond it, and is said to be behind
    /// it or to have gone another way otherwise (then it opens beside it): nothing
    /// is merged or lost. Any other opens as a game of its own.
    fn open_shared(&mut self, mut record: Record, now: f64, message: &str, refused: &str) {
        let gid = record.id.clone().filter(|g| !g.is_empty());
        // Every copy here of the game: the open one first, then the list's.
        let mut copies: Vec<SavedGame> = Vec::new();
        if let Some(gid) = &gid {
            let ours = |r: &Record| r.id.as_deref() == Some(gid.as_str());
            copies.extend(
                self.game
                    .as_ref()
                    .filter(|g| ours(g.record()))
                    .map(|g| g.saved()),
            );
            let open_id = copies.first().map(|c| c.id.clone());
            copies.extend(
                self.saves
                    .iter()
                    .filter(|s| ours(&s.record) && open_id.as_deref() != Some(s.id.as_str()))
                    .cloned(),
            );
        }
        let Some(first) = copies.first() else {
            // First seen here: the seats the sender left to another device are
            // played here, and the sender's own there. When it left more than one,
            // they may be on several devices: the seat to move is played here,
            // and the play screen asks which others are.
            let left: Vec<usize> = (0..record.seats.len())
                .filter(|&i| SeatPlayer::from_word(&record.seats[i]) == SeatPlayer::Remote)
                .collect();
            if !left.is_empty() {
                for w in &mut record.seats {
                    let here = match SeatPlayer::from_word(w) {
                        SeatPlayer::Remote if left.len() == 1 => SeatPlayer::Person,
                        SeatPlayer::Person => SeatPlayer::Remote,
                        other => other,
                    };
                    *w = here.word();
                }
            }
            let opened = self.open_record(record, now, message, refused);
            if opened && left.len() > 1 {
                let mover = self.game.as_ref().and_then(|g| {
                    let seat = g.to_move()?;
                    left.contains(&g.seat_index(seat)).then_some(seat)
                });
                if let Some(seat) = mover {
                    self.apply(Action::SeatHere(seat, true), now);
                }
                self.dialog = Some(Dialog::ChooseSeats);
            }
            return;
        };
        // The link against a copy: its moves are the copy's and more (a
        // resignation counts as the game's last move), the same, fewer, or
        // another way after some move.
        let theirs = &record.moves;
        let relation = |c: &SavedGame| -> (usize, Option<std::cmp::Ordering>) {
            use std::cmp::Ordering::*;
            let mine = &c.record.moves;
            let common = mine.iter().zip(theirs).take_while(|(a, b)| a == b).count();
            let ended = |r: &Record| r.resigned.is_some() && common == r.moves.len();
            let rel = match (common == mine.len(), common == theirs.len()) {
                (true, true) => match (c.record.resigned, record.resigned) {
                    // An offer standing, then answered, moves the game on too.
                    (a, b) if a == b => {
                        Some(Offer::stage(record.offer).cmp(&Offer::stage(c.record.offer)))
                    }
                    (None, Some(_)) => Some(Greater),
                    (Some(_), None) => Some(Less),
                    _ => None,
                },
                (true, false) if !ended(&c.record) => Some(Greater),
                (false, true) if !ended(&record) => Some(Less),
                _ => None,
            };
            (common, rel)
        };
        // The copy the link continues or matches, else one ahead of it, else
        // (another way) the first: the open game, or the latest.
        let pick = copies
            .iter()
            .find(|c| {
                matches!(
                    relation(c).1,
                    Some(std::cmp::Ordering::Greater | std::cmp::Ordering::Equal)
                )
            })
            .or_else(|| {
                copies
                    .iter()
                    .find(|c| relation(c).1 == Some(std::cmp::Ordering::Less))
            })
            .unwrap_or(first);
        let mut local = pick.clone();
        let (common, rel) = relation(&local);
        let text = match rel {
            None => {
                // A game of its own beside the copy, under the same game id (the
                // other device goes on from the link's line, so its next links
                // continue this one); played here by the same seats as the copy.
                record.seats = local.record.seats.clone();
                record.names = local.record.names.clone();
                self.open_record(
                    record,
                    now,
                    &tf(
                        "This link's game went another way than your copy after move {}: your copy is kept as it was, and the link's game opens beside it as a game of its own.",
                        &[&common],
                    ),
                    refused,
                );
                return;
            }
            Some(std::cmp::Ordering::Less) => tf(
                "This link is behind your copy of the game: it stops at move {} of {}. Your copy is unchanged.",
                &[&theirs.len(), &local.record.moves.len()],
            ),
            Some(std::cmp::Ordering::Greater) => {
                let new = theirs.len() - common;
                local.record.moves = record.moves;
                local.record.resigned = record.resigned;
                local.record.offer = record.offer;
                local.redo.clear();
                local.turn.clear();
                local.updated = now;
                if new > 0 {
                    tf(
                        "Your copy of the game is brought up to date: {} from the link.",
                        &[&tp(new, "{} move", "{} moves")],
                    )
                } else if record.resigned.is_some() {
                    t("Your copy of the game is brought up to date: the other player resigned.").into()
                } else if record.offer.is_some_and(|o| o.declined) {
                    t("Your copy of the game is brought up to date: your offer was declined. Play on.").into()
                } else {
                    t("Your copy of the game is brought up to date: the other player makes an offer, below the board.").into()
                }
            }
            Some(std::cmp::Ordering::Equal) => {
                t("Your copy of the game is already up to date with this link.").into()
            }
        };
        let id = local.id.clone();
        match games::from_saved(local) {
            Ok(g) => {
                if self.game.as_ref().is_some_and(|o| o.id() == id) {
                    // Replaced, not set aside: the same game, moved on.
                    self.game = None;
                }
                Rc::make_mut(&mut self.saves).retain(|s| s.id != id);
                self.take_up(g, &text);
            }
            Err(e) => self.refuse_open(refused, &e.to_string()),
        }
    }

    /// Says why a game handed over cannot be opened, after `refused` ("This game
    /// cannot be opened", "Could not open notes.txt"); the saved games stay as
    /// they were.
    fn refuse_open(&mut self, refused: &str, why: &str) {
        // (A new revision: the saving effect clears the link's address.)
        self.revision += 1;
        self.notice = Some(Notice {
            text: tf(
                "{}: {}. Your saved games are untouched.",
                &[&refused, &t_any(why).trim_end_matches('.')],
            ),
            error: true,
        });
    }

    /// Makes `g` the open game (the one open before goes back to the saves).
    fn take_up(&mut self, g: Box<dyn PlayedGame>, message: &str) {
        self.stash_open_game();
        self.game = Some(Rc::from(g));
        self.screen = Screen::Play;
        self.paused = false;
        self.revision += 1;
        self.notice = (!message.is_empty()).then(|| Notice {
            text: message.into(),
            error: false,
        });
    }

    /// Opens a record as a new game, with a game id of its own if it has none; false
    /// when it cannot be opened (and the player is told why).
    fn open_record(&mut self, mut record: Record, now: f64, message: &str, refused: &str) -> bool {
        if record.id.as_deref().is_none_or(str::is_empty) {
            record.id = Some(game_id(now));
        }
        match games::open(new_id(now), record, vec![], now) {
            Ok(g) => {
                self.take_up(g, message);
                true
            }
            Err(e) => {
                self.refuse_open(refused, &e.to_string());
                false
            }
        }
    }

    /// Moves the open game (if any) back into the saves list, with its summary.
    fn stash_open_game(&mut self) {
        if let Some(g) = self.game.take() {
            // Its moves are not yet stored: written later, with the next writes.
            if let Some(why) = self.save_error.take() {
                self.unsaved.retain(|u| u.id != g.id());
                self.unsaved.push(Unsaved {
                    id: g.id().to_string(),
                    why,
                });
            }
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
        self.let_go();
        self.autoplay = None;
        self.thinking = None;
        self.hint = None;
    }

    /// Lets go of the game's in-turn state (a selection, a ghost), the questions
    /// the play screen asks and the share panel: Escape, and part of leaving.
    fn let_go(&mut self) {
        if self.game.as_ref().is_some_and(|g| !g.ui_is_default()) {
            if let Some(g) = self.game_mut() {
                g.reset_ui();
            }
        }
        if !matches!(self.dialog, Some(Dialog::Delete(_))) {
            self.dialog = None;
        }
    }

    /// Opens (`on`) or closes the question or panel `d` (closing one not open
    /// leaves the open one be).
    fn ask(&mut self, d: Dialog, on: bool) {
        if on {
            self.dialog = Some(d);
        } else if self.dialog.as_ref() == Some(&d) {
            self.dialog = None;
        }
    }

    /// Stops asking to confirm a Delete.
    fn stop_asking_delete(&mut self) {
        if matches!(self.dialog, Some(Dialog::Delete(_))) {
            self.dialog = None;
        }
    }

    /// The saving effect's work after a change (`app.rs` calls it, and dispatches
    /// what it returns): writes the open game, remembers it as the one to open
    /// next, writes a game moved out of play before it was ever written or while
    /// its writes were refused, makes the deletions and writes the settings.
    ///
    /// The open game is written only over the revision this tab last saw. A refused
    /// write is told on the play screen (and tried again at the next change); a
    /// success after one clears the warning. A stale one (another tab wrote or
    /// deleted the game meanwhile) is not made: the game follows storage instead.
    pub fn persist(&self, store: &mut dyn Store) -> Vec<Action> {
        let mut out = Vec::new();
        if let Some(g) = &self.game {
            let error = match storage::save_over(store, &g.saved()) {
                Ok(revision) => {
                    g.synced().set(revision);
                    None
                }
                Err(WriteError::Refused(why)) => Some(why),
                Err(WriteError::Stale(_)) => {
                    let key = storage::game_key(g.id());
                    let value = store.get(&key);
                    out.push(Action::Stored {
                        key,
                        value,
                        lost: true,
                    });
                    self.save_error.clone()
                }
            };
            if error != self.save_error {
                out.push(Action::Saved(error));
            }
        } else if self.save_error.is_some() {
            // No game open: nothing is failing to be saved any more.
            out.push(Action::Saved(None));
        }
        storage::set_current(store, self.game.as_ref().map(|g| g.id()));
        for s in self.saves.iter() {
            // Never one written before (one read from storage has revision 1 at
            // least): another tab may have deleted it.
            if s.revision == 0 && storage::stored_revision(store, &s.id).is_none() {
                let _ = storage::save(store, s);
            }
        }
        out.extend(self.persist_unsaved(store));
        for key in &self.deletions {
            store.remove(key);
        }
        // Settings only when this tab changed them: a tab that has not yet heard of
        // another's change never writes its older settings back.
        if self.settings_changed {
            if let Ok(json) = serde_json::to_string(&self.settings) {
                storage::set_settings(store, &json);
            }
        }
        if !self.deletions.is_empty() || self.settings_changed {
            out.push(Action::Persisted);
        }
        out
    }

    /// Writes the games moved out of play unsaved ([`AppState::unsaved`]), over
    /// the revision each last saw: part of [`AppState::persist`], and all the
    /// timer's retry does when the open game itself is saved.
    pub fn persist_unsaved(&self, store: &mut dyn Store) -> Vec<Action> {
        let mut out = Vec::new();
        for u in &self.unsaved {
            let Some(s) = self.saves.iter().find(|s| s.id == u.id) else {
                continue;
            };
            match storage::save_over(store, s) {
                Ok(revision) => out.push(Action::Flushed {
                    id: u.id.clone(),
                    result: Ok(revision),
                }),
                Err(WriteError::Refused(why)) if why != u.why => out.push(Action::Flushed {
                    id: u.id.clone(),
                    result: Err(why),
                }),
                Err(WriteError::Refused(_)) => {}
                // Another tab wrote or deleted it meanwhile: this tab's moves in it
                // are lost, and the list follows storage (with a notice).
                Err(WriteError::Stale(_)) => {
                    let key = storage::game_key(&u.id);
                    let value = store.get(&key);
                    out.push(Action::Stored {
                        key,
                        value,
                        lost: true,
                    });
                }
            }
        }
        out
    }

    /// New settings. A new language is spoken at once, and the saved games' details
    /// (words, like "Fortress, Classic 6x6") are said again in it.
    fn take_settings(&mut self, settings: Settings) {
        let relang = settings.spoken_lang() != self.settings.spoken_lang();
        self.settings = settings;
        if relang {
            crate::i18n::set_lang(self.settings.spoken_lang());
            self.say_summaries_again();
        }
    }

    /// The saved games' details said again in the language now spoken.
    fn say_summaries_again(&mut self) {
        let summaries = Rc::make_mut(&mut self.summaries);
        for g in self.saves.iter() {
            if let Some(summary) = games::summary(&g.record) {
                summaries.insert(g.id.clone(), Rc::new(summary));
            }
        }
    }

    /// Another tab changed `key` (see [`Action::Stored`]). The open game follows
    /// it: deleted there, it is closed here; written there, it shows what was
    /// written. Any other game's entry updates the home page's list, and settings
    /// take effect. Nothing here is written back (no new revision): a tab never
    /// answers a change with a write, so two tabs never echo each other.
    fn stored(&mut self, key: &str, value: Option<&str>, lost: bool) {
        if key == storage::SETTINGS_KEY {
            if let Some(v) = value {
                self.take_settings(Settings::read(v));
            }
            return;
        }
        let Some(id) = key.strip_prefix(storage::GAME_PREFIX) else {
            return;
        };
        let saved = value
            .and_then(|t| storage::migrate(t).ok().flatten())
            .filter(|g| g.id == id);
        let Some(open) = self.game.as_ref().filter(|g| g.id() == id) else {
            // A game left unsaved here, changed there: its moves here are lost.
            if self.unsaved.iter().any(|u| u.id == id) {
                self.unsaved.retain(|u| u.id != id);
                let name = self
                    .saves
                    .iter()
                    .find(|s| s.id == id)
                    .map(|s| s.record.names.join(t(" vs ")))
                    .unwrap_or_default();
                self.notice = Some(Notice {
                    text: if value.is_some() {
                        tf(
                            "The game {}, which could not be saved here, was changed in another tab, so its moves made here since its last save are lost.",
                            &[&name],
                        )
                    } else {
                        tf(
                            "The game {}, which could not be saved here, was deleted in another tab, so its moves made here since its last save are lost.",
                            &[&name],
                        )
                    },
                    error: true,
                });
            }
            let saves = Rc::make_mut(&mut self.saves);
            saves.retain(|s| s.id != id);
            let summaries = Rc::make_mut(&mut self.summaries);
            summaries.remove(id);
            let summary = saved.as_ref().and_then(|g| games::summary(&g.record));
            if let (Some(g), Some(summary)) = (saved, summary) {
                summaries.insert(g.id.clone(), Rc::new(summary));
                saves.push(g);
                storage::newest_first(saves, |g| g.updated);
            }
            return;
        };
        let (text, error) = match (value, saved) {
            (None, _) => {
                self.game = None;
                self.reset_play_ui();
                if self.screen == Screen::Play {
                    self.screen = Screen::Home;
                }
                (t("This game was deleted in another tab."), false)
            }
            (Some(_), Some(g)) if g.revision >= open.synced().get() => {
                // (The turn's texts are made only when a turn is under way.)
                let same = g.record == *open.record()
                    && g.redo == open.redo_line()
                    && g.turn.len() == open.position_key().1
                    && (g.turn.is_empty() || g.turn == open.saved().turn);
                if same {
                    open.synced().set(g.revision);
                    return;
                }
                // Written over this tab's own revision (two tabs wrote at once,
                // the other last) or refused as stale: this tab's change is lost.
                // (Also when this tab's own writes were being refused: its moves
                // since the last write that worked are lost.)
                let lost = lost || g.revision == open.synced().get() || self.save_error.is_some();
                let Ok(g) = games::from_saved(g) else {
                    self.cannot_follow(lost);
                    return;
                };
                self.game = Some(Rc::from(g));
                self.reset_play_ui();
                if lost {
                    (t("This game was changed in another tab, so your last change here was not saved: it shows the game as that tab left it."), true)
                } else {
                    (
                        t("This game was played on in another tab: it shows those moves now."),
                        false,
                    )
                }
            }
            (Some(_), None) => {
                self.cannot_follow(lost);
                return;
            }
            _ => return,
        };
        self.notice = Some(Notice {
            text: text.into(),
            error,
        });
    }

    /// Another tab wrote the open game in a form this tab cannot open (a later
    /// version's, or one that no longer replays). When this tab's write was refused
    /// for it, the play screen says the game is not being saved (with its link and
    /// file), never silently.
    fn cannot_follow(&mut self, lost: bool) {
        if lost {
            self.save_error = Some(
                t("another tab saved this game in a form this tab cannot open, so this tab's moves are not saved over it").into(),
            );
        }
    }

    /// Where the open game stands.
    pub fn position_key(&self) -> Option<PositionKey> {
        let g = self.game.as_ref()?;
        let (moves, turn) = g.position_key();
        Some(PositionKey {
            game: g.id().to_string(),
            moves,
            turn,
        })
    }

    /// Who plays the seat to move in the open game, in play (not over, not looked
    /// back at).
    pub fn player_to_move(&self) -> Option<SeatPlayer> {
        let g = self.game.as_ref()?;
        if g.viewing() || g.is_over() {
            return None;
        }
        let seat = g.to_move()?;
        g.seat_players().get(seat as usize).copied()
    }

    /// The open game as sounds hear it: its id, entries and whether it is over.
    pub fn heard(&self) -> Option<Heard> {
        let g = self.game.as_ref()?;
        Some(Heard {
            id: g.id().to_string(),
            entries: g.record().moves.len(),
            over: g.is_over(),
        })
    }

    /// The sound for what happened since the game was `before` (the player turns
    /// sounds on in the settings): a move landed in the same game (played here, by
    /// a computer, or from a link), as `end` when it ended the game, `turn` when it
    /// passes the turn from a computer or another device to a person here,
    /// `capture` when it took another seat's pieces, else `place`. Nothing for an
    /// undo, a game opened or the position looked back at.
    pub fn sound_after(&self, before: Option<&Heard>) -> Option<&'static str> {
        let now = self.heard()?;
        let before = before.filter(|b| b.id == now.id && now.entries > b.entries)?;
        let g = self.game.as_ref()?;
        if g.viewing() {
            return None;
        }
        let players = g.seat_players();
        let from_afar = g.last_actor().is_some_and(|m| {
            players
                .get(m as usize)
                .is_some_and(|&p| p != SeatPlayer::Person)
        });
        Some(if now.over && !before.over {
            "end"
        } else if from_afar && self.player_to_move() == Some(SeatPlayer::Person) {
            "turn"
        } else if g.last_took() {
            "capture"
        } else {
            "place"
        })
    }

    /// What the worker should be searching now, if anything: the computer to move
    /// (unless paused), or the hint the person to move asked for. Only on the play
    /// screen.
    pub fn search_job(&self) -> Option<SearchJob> {
        if self.screen != Screen::Play {
            return None;
        }
        let key = self.position_key()?;
        let player = self.player_to_move()?;
        if player.is_computer() {
            return (!self.paused && !self.hidden).then_some(SearchJob {
                key,
                player: player.word(),
                hint: false,
            });
        }
        let asked = self
            .hint
            .as_ref()
            .is_some_and(|h| h.key == key && h.found == Suggestion::Looking);
        asked.then(|| SearchJob {
            key,
            player: HINT_PLAYER.into(),
            hint: true,
        })
    }

    /// Plays a computer's action (in the notation) in the open game.
    fn play_computer(&mut self, action: &str, now: f64) {
        let Some(g) = self.game_mut() else { return };
        match g.play_text(action, now) {
            Ok(()) => {
                self.revision += 1;
                self.thinking = None;
                self.hint = None;
            }
            Err(e) => {
                self.paused = true;
                self.thinking = None;
                self.notice = Some(Notice {
                    text: tf(
                        "The computer's move {} was refused ({}); the computers wait. Play on, or undo.",
                        &[&action, &crate::i18n::move_sentence(&e, &|x| tf("player {}", &[&(x + 1)]))],
                    ),
                    error: true,
                });
            }
        }
    }

    /// Takes back the last action, then (when people play) the computers' actions
    /// before it, back to the last decision of a person. In a game of computers
    /// alone, one action, and the computers wait.
    fn undo_to_person(&mut self, now: f64) {
        let people = self
            .game
            .as_ref()
            .is_some_and(|g| g.seat_players().iter().any(|p| !p.is_computer()));
        let Some(g) = self.game_mut() else { return };
        if !g.undo(now) {
            return;
        }
        if people {
            loop {
                let computer = g
                    .to_move()
                    .and_then(|s| g.seat_players().get(s as usize).copied())
                    .is_some_and(|p| p.is_computer());
                if !computer || !g.undo(now) {
                    break;
                }
            }
        } else {
            self.paused = true;
        }
        self.revision += 1;
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
                // Open again, it is written as the open game (and warned about on
                // the play screen if that is refused).
                self.unsaved.retain(|u| u.id != id);
                Rc::make_mut(&mut self.summaries).remove(id);
                self.game = Some(Rc::from(g));
                self.screen = Screen::Play;
                self.paused = false;
                self.revision += 1;
            }
            Err(_) => {
                Rc::make_mut(&mut self.saves).insert(pos, saved);
                self.notice = Some(Notice {
                    text: t("That saved game could not be opened.").into(),
                    error: true,
                });
            }
        }
    }

    /// A tap, key or button of the open game.
    fn input(&mut self, input: Input, now: f64) {
        if let Input::Flag(key, on) = input {
            self.settings.set_flag(key, on);
            self.settings_changed = true;
            self.revision += 1;
            return;
        }
        let computer = self.player_to_move().is_some_and(|p| p.is_computer());
        if computer
            && !self.paused
            && matches!(
                input,
                Input::Tap(_)
                    | Input::Key(_)
                    | Input::TapFace(_)
                    | Input::KeyFace(_)
                    | Input::Command(_)
            )
        {
            self.feedback.message = Some(
                t("The computer plays this turn: wait for it, or press \u{201c}Move now\u{201d}.")
                    .into(),
            );
            self.feedback.shake += 1;
            return;
        }
        // An offer standing (Fort's count, Citadel's draw): its answer is the only
        // input, from whoever plays the seat it waits for.
        let answer = self.game.as_ref().and_then(|g| g.answer_due());
        if let (Some((seat, true)), false) = (answer, matches!(input, Input::Flag(..))) {
            let name = self
                .game
                .as_ref()
                .and_then(|g| g.names().get(seat as usize).cloned());
            self.feedback.message = Some(tf(
                "{} answers your offer on another device: send them the game (Send the link), and open the link they send back. Undo takes the offer back.",
                &[&name.unwrap_or_default()],
            ));
            self.feedback.shake += 1;
            return;
        }
        let answering = answer.is_some() && self.game.as_ref().is_some_and(|g| g.is_answer(&input));
        if self.player_to_move() == Some(SeatPlayer::Remote)
            && !matches!(input, Input::Flag(..))
            && !answering
        {
            self.feedback.message = Some(
                t("This turn is played on another device: send its player the game (Send the link), and open the link they send back.")
                    .into(),
            );
            self.feedback.shake += 1;
            return;
        }
        let by_key = matches!(input, Input::Key(_) | Input::KeyFace(_));
        let confirm = if self.touch && !by_key {
            self.settings.confirm_tap
        } else {
            self.settings.confirm_mouse
        };
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
        feedback.at = match input {
            Input::Tap(c) | Input::Key(c) => Some(c),
            _ => None,
        };
        self.feedback = feedback;
        if changed {
            self.ask(Dialog::Discard, false);
            self.revision += 1;
        }
    }

    /// Applies one action (pure apart from the clock value passed in).
    pub fn apply(&mut self, action: Action, now: f64) {
        match action {
            Action::OpenLink(fragment) => {
                self.notice = None;
                self.open_fragment(&fragment, now);
            }
            Action::Bench => self.screen = Screen::Bench,
            Action::ShowSettings => {
                self.reset_play_ui();
                self.screen = Screen::Settings;
            }
            Action::Pointer(touch) => self.touch = touch,
            Action::AskNewGame(on) => self.ask(Dialog::NewGame, on),
            Action::AskResign(on) => self.ask(Dialog::Resign, on),
            Action::ChooseSeats(on) => self.ask(Dialog::ChooseSeats, on),
            Action::Cancel => {
                self.let_go();
                self.feedback.message = None;
                self.stop_asking_delete();
            }
            Action::SeatHere(seat, here) => {
                let player = if here {
                    SeatPlayer::Person
                } else {
                    SeatPlayer::Remote
                };
                if self
                    .game_mut()
                    .is_some_and(|g| g.set_seat_player(seat, player))
                {
                    self.revision += 1;
                }
            }
            Action::AllSaves => self.all_saves = true,
            Action::Catalogue => {
                crate::i18n::set_lang(self.settings.spoken_lang());
                self.say_summaries_again();
            }
            Action::Autoplay(ms) => {
                if ms.is_some() && self.game.as_ref().is_some_and(|g| !g.viewing()) {
                    self.apply(Action::View(Some(0)), now);
                }
                // (Set after the step back to the start, which stops a replay.)
                self.autoplay = ms.filter(|_| self.game.as_ref().is_some_and(|g| g.viewing()));
            }
            Action::AutoplaySpeed(ms) => {
                self.autoplay_ms = ms.clamp(100, 10_000);
                self.autoplay = self.autoplay.map(|_| self.autoplay_ms);
            }
            Action::AutoStep if self.autoplay.is_some() => {
                // (Stepping resets the play screen's passing state, the replay too.)
                let on = self.autoplay;
                self.apply(Action::Review(Review::Next), now);
                if self.game.as_ref().is_some_and(|g| g.viewing()) {
                    self.autoplay = on;
                }
            }
            Action::AutoStep => {}
            Action::Branch => {
                if let Some(g) = self.game.as_ref().filter(|g| g.viewing()) {
                    let ply = g.shown_ply();
                    let mut record = g.record().clone();
                    record.moves.truncate(ply);
                    record.resigned = None;
                    record.offer = None;
                    record.id = None;
                    self.autoplay = None;
                    self.open_record(
                        record,
                        now,
                        &tf(
                            "A new game from move {}; the game it came from is kept.",
                            &[&ply],
                        ),
                        t(CANNOT_OPEN),
                    );
                }
            }
            // A record that reads but does not play is refused like one that does
            // not read: said with where it came from.
            Action::Import { text, from } => {
                let refused = tf("Could not open {}", &[&from]);
                match holdfast_rules::text::read_any(&text) {
                    Ok(record) => {
                        let opened = tf("Opened the game in {}.", &[&from]);
                        self.open_shared(record, now, &opened, &refused)
                    }
                    Err(e) => self.refuse_open(&refused, &e.to_string()),
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
                self.go_to(route, now);
            }
            Action::Home => {
                self.stop_asking_delete();
                self.screen = Screen::Home;
                self.reset_play_ui();
            }
            Action::Rules(game) => self.screen = Screen::Rules(game),
            Action::NewGame(game, from) => {
                self.ask(Dialog::NewGame, false);
                self.new_game_from = from;
                self.screen = Screen::NewGame(game);
            }
            Action::Start(record) => {
                self.notice = None;
                self.stop_asking_delete();
                self.open_record(record, now, "", t(CANNOT_OPEN));
            }
            Action::Resume(id) => {
                self.notice = None;
                self.stop_asking_delete();
                self.resume(&id);
            }
            Action::Delete(id) => {
                self.stop_asking_delete();
                self.unsaved.retain(|u| u.id != id);
                Rc::make_mut(&mut self.saves).retain(|s| s.id != id);
                Rc::make_mut(&mut self.summaries).remove(&id);
                if self.game.as_ref().is_some_and(|g| g.id() == id) {
                    self.game = None;
                    self.screen = Screen::Home;
                }
                self.deletions.push(storage::game_key(&id));
                self.revision += 1;
            }
            Action::DeleteAside(key) if storage::is_aside_key(&key) => {
                self.stop_asking_delete();
                Rc::make_mut(&mut self.aside).retain(|a| a.key != key);
                self.deletions.push(key);
                self.revision += 1;
            }
            Action::DeleteAside(_) => {}
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
            Action::Progress {
                key,
                iterations,
                best,
            } => {
                let job = self.search_job();
                if job.as_ref().is_some_and(|j| j.key == key && !j.hint) {
                    let hurry = self
                        .thinking
                        .as_ref()
                        .is_some_and(|t| t.key == key && t.hurry);
                    match (&best, hurry) {
                        (Some(b), true) => self.play_computer(&b.clone(), now),
                        _ => {
                            self.thinking = Some(Thinking {
                                key,
                                iterations,
                                best,
                                hurry,
                            })
                        }
                    }
                }
            }
            Action::Answer { key, hint, action } => {
                let job = self.search_job();
                if !job.as_ref().is_some_and(|j| j.key == key && j.hint == hint) {
                    return;
                }
                if hint {
                    let found = action.map_or(Suggestion::Nothing, Suggestion::Play);
                    self.hint = Some(Hint { key, found });
                    return;
                }
                match action {
                    Some(a) => self.play_computer(&a, now),
                    None => {
                        self.paused = true;
                        self.thinking = None;
                        self.notice = Some(Notice {
                            text: t("The computer has no move it would make here (only an agreement is left): the computers wait. Play on for it, or undo.").into(),
                            error: false,
                        });
                    }
                }
            }
            Action::SearchFailed { key, why } => {
                if self.position_key().as_ref() == Some(&key) {
                    self.paused = true;
                    self.thinking = None;
                    self.hint = None;
                    self.notice = Some(Notice {
                        text: tf(
                            "The computer could not think about this position: {}. The computers wait; play on, or undo.",
                            // (Said by the worker, in English: said again here.)
                            &[&why.map_or_else(
                                || t("the computer's worker did not answer (it may not have loaded)").to_string(),
                                |why| t_any(&why),
                            )],
                        ),
                        error: true,
                    });
                }
            }
            Action::MoveNow => {
                let key = self.position_key();
                let Some(t) = self
                    .thinking
                    .clone()
                    .filter(|t| Some(&t.key) == key.as_ref())
                else {
                    // Nothing preferred yet: the first preference is played.
                    if let Some(key) = key {
                        self.thinking = Some(Thinking {
                            key,
                            iterations: 0,
                            best: None,
                            hurry: true,
                        });
                    }
                    return;
                };
                match t.best {
                    Some(b) => self.play_computer(&b, now),
                    None => self.thinking = Some(Thinking { hurry: true, ..t }),
                }
            }
            Action::Pause(on) => {
                self.paused = on;
                self.thinking = None;
            }
            Action::Hint => {
                if let Some(key) = self.position_key() {
                    self.hint = Some(Hint {
                        key,
                        found: Suggestion::Looking,
                    });
                }
            }
            Action::PlayHint => {
                let key = self.position_key();
                if let Some(Hint {
                    found: Suggestion::Play(a),
                    ..
                }) = self.hint.clone().filter(|h| Some(&h.key) == key.as_ref())
                {
                    let changed = self.game_mut().map(|g| g.play_text(&a, now));
                    if let Some(Ok(())) = changed {
                        self.revision += 1;
                    }
                    self.reset_play_ui();
                }
            }
            Action::Redo => {
                if self.game_mut().is_some_and(|g| g.redo(now)) {
                    self.revision += 1;
                }
                self.reset_play_ui();
            }
            Action::Review(step) => {
                if let Some(g) = self.game.as_ref().filter(|_| self.screen == Screen::Play) {
                    let target = review_target(step, g.shown_ply(), g.record().moves.len());
                    self.apply(Action::View(target), now);
                }
            }
            Action::View(ply) => {
                if let Some(g) = self.game_mut() {
                    g.view(ply);
                }
                self.reset_play_ui();
            }
            Action::ConfirmDiscard(on) => self.ask(Dialog::Discard, on),
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
                    record.resigned = None;
                    record.id = None;
                    // The other player first: everyone moves one seat round.
                    let shown = g.names();
                    let n = shown.len();
                    record.names = (0..n).map(|i| shown[(i + 1) % n].clone()).collect();
                    let players = g.seat_players();
                    record.seats = if players.iter().all(|&p| p == SeatPlayer::Person) {
                        Vec::new()
                    } else {
                        (0..n).map(|i| players[(i + 1) % n].word()).collect()
                    };
                    self.open_record(
                        record,
                        now,
                        t("Rematch: the other player goes first."),
                        t(CANNOT_OPEN),
                    );
                }
            }
            Action::Share(open) => self.ask(Dialog::Share, open),
            // Not a change to save: no new revision (the effect that reports it
            // would only write the same again).
            Action::Saved(error) => self.save_error = error,
            Action::RetrySave if self.save_error.is_some() => self.revision += 1,
            // Only games out of play to write: the open game is not written again.
            Action::RetrySave if !self.unsaved.is_empty() => self.unsaved_tries += 1,
            Action::RetrySave => {}
            Action::Flushed { id, result } => match result {
                Ok(revision) => {
                    self.unsaved.retain(|u| u.id != id);
                    if let Some(s) = Rc::make_mut(&mut self.saves)
                        .iter_mut()
                        .find(|s| s.id == id)
                    {
                        s.revision = revision;
                    }
                }
                Err(why) => {
                    if let Some(u) = self.unsaved.iter_mut().find(|u| u.id == id) {
                        u.why = why;
                    }
                }
            },
            Action::Persisted => {
                self.deletions.clear();
                self.settings_changed = false;
            }
            Action::Hidden(hidden) => self.hidden = hidden,
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
    /// The record's word for a seat played on another device.
    const REMOTE: &str = SeatPlayer::REMOTE;
    use super::*;
    use crate::storage::MemoryStore;

    /// A game handed over as text, JSON or a link opens; a bad one says what and
    /// where, and the saved games stay as they were.
    #[test]
    fn imported_records_open_or_say_what_is_wrong() {
        let mut s = fresh();
        s.apply(Action::Start(first_game()), 1.0);
        let saved = s.saves.len();
        let text = "Holdfast game record\ngame: fortress\n\n1. c3\n2. d4\n";
        s.apply(
            Action::Import {
                text: text.into(),
                from: "game.txt".into(),
            },
            2.0,
        );
        let g = s.game.as_ref().unwrap();
        assert_eq!(g.record().moves, ["c3", "d4"]);
        assert_eq!(
            s.notice.as_ref().unwrap().text,
            "Opened the game in game.txt."
        );
        let open = g.id().to_string();
        s.apply(
            Action::Import {
                text: "game: fortress\n\n1. c3\n3. d4\n".into(),
                from: "the pasted text".into(),
            },
            3.0,
        );
        let notice = s.notice.as_ref().unwrap();
        assert!(notice.error);
        assert!(
            notice
                .text
                .starts_with("Could not open the pasted text: line 4: move 3 is out of order"),
            "{}",
            notice.text
        );
        assert_eq!(s.game.as_ref().unwrap().id(), open);
        assert!(s.saves.len() >= saved);
        // An illegal move: the rules' sentence, with the move's place.
        s.apply(
            Action::Import {
                text: r#"{"game":"fortress","moves":["c3","zz"]}"#.into(),
                from: "game.json".into(),
            },
            4.0,
        );
        let notice = s.notice.as_ref().unwrap();
        assert!(
            notice.error && notice.text.contains("move 2 (zz)"),
            "{}",
            notice.text
        );
    }

    /// A link of a game already here (its game id) updates it when ahead, and is
    /// explained when behind, the same, or gone another way (then it opens beside).
    #[test]
    fn links_of_a_game_already_here_update_it_or_say_why_not() {
        let mut s = fresh();
        let mut r = games::new_record("fortress").unwrap();
        r.moves = vec!["c3".into(), "d4".into()];
        s.apply(Action::Start(r), 1.0);
        let mine = s.game.as_ref().unwrap().record().clone();
        let gid = mine.id.clone().expect("a new game has a game id");
        let local_id = s.game.as_ref().unwrap().id().to_string();
        let link_with = |moves: &[&str]| {
            let mut r = mine.clone();
            r.moves = moves.iter().map(|m| m.to_string()).collect();
            link::encode(&r)
        };
        let moves = |s: &AppState| s.game.as_ref().unwrap().record().moves.clone();
        let said = |s: &AppState| s.notice.as_ref().unwrap().text.clone();
        // Ahead: the same game (same saved id) moves on.
        s.apply(Action::OpenLink(link_with(&["c3", "d4", "b2"])), 2.0);
        assert_eq!(moves(&s), ["c3", "d4", "b2"]);
        assert_eq!(s.game.as_ref().unwrap().id(), local_id);
        assert!(
            said(&s).contains("up to date: 1 move from the link"),
            "{}",
            said(&s)
        );
        // Behind: unchanged.
        s.apply(Action::OpenLink(link_with(&["c3"])), 3.0);
        assert_eq!(moves(&s), ["c3", "d4", "b2"]);
        assert!(said(&s).contains("stops at move 1 of 3"), "{}", said(&s));
        // The same: unchanged, said so; from the home page too (the copy in the list).
        s.apply(Action::Home, 4.0);
        s.apply(Action::OpenLink(link_with(&["c3", "d4", "b2"])), 4.0);
        assert_eq!(s.game.as_ref().unwrap().id(), local_id);
        assert!(said(&s).contains("already up to date"), "{}", said(&s));
        // Gone another way after move 2: a game of its own beside the copy.
        s.apply(Action::OpenLink(link_with(&["c3", "d4", "e5", "f6"])), 5.0);
        assert_eq!(moves(&s), ["c3", "d4", "e5", "f6"]);
        let fork = s.game.as_ref().unwrap();
        assert_ne!(fork.id(), local_id);
        // Under the same game id: the other device goes on from the link's line.
        assert_eq!(fork.record().id.as_deref(), Some(gid.as_str()));
        assert!(
            said(&s).contains("another way than your copy after move 2"),
            "{}",
            said(&s)
        );
        let kept = s.saves.iter().find(|g| g.id == local_id).unwrap();
        assert_eq!(kept.record.moves, ["c3", "d4", "b2"]);
        // Its next link continues the link's line: that copy moves on, no third one.
        let fork_id = fork.id().to_string();
        let games = s.saves.len();
        s.apply(
            Action::OpenLink(link_with(&["c3", "d4", "e5", "f6", "a1"])),
            6.0,
        );
        assert_eq!(s.game.as_ref().unwrap().id(), fork_id);
        assert_eq!(moves(&s).len(), 5);
        assert_eq!(s.saves.len(), games);
        // A resignation is the game's last move: a link without it is behind.
        let mut resigned = s.game.as_ref().unwrap().record().clone();
        resigned.resigned = s.game.as_ref().unwrap().to_move();
        s.apply(Action::OpenLink(link::encode(&resigned)), 7.0);
        assert!(
            said(&s).contains("the other player resigned"),
            "{}",
            said(&s)
        );
        assert!(s.game.as_ref().unwrap().is_over());
        s.apply(
            Action::OpenLink(link_with(&["c3", "d4", "e5", "f6", "a1"])),
            8.0,
        );
        assert!(said(&s).contains("behind your copy"), "{}", said(&s));
        assert!(s.game.as_ref().unwrap().is_over());
    }

    /// Play by link: a game first opened from a link is played here for the seats
    /// the sender left to another device, and the board refuses the other seats'
    /// turns; later links of it keep this device's seats.
    #[test]
    fn a_linked_games_remote_seats_are_played_here_and_others_refused() {
        let mut s = fresh();
        let mut r = games::new_record("fortress").unwrap();
        r.seats = vec!["person".into(), REMOTE.into()];
        r.id = Some("g1".into());
        r.moves = vec!["c3".into()];
        s.apply(Action::OpenLink(link::encode(&r)), 1.0);
        let g = s.game.as_ref().unwrap();
        assert_eq!(g.record().seats, [REMOTE, "person"]);
        assert_eq!(
            s.player_to_move().map(|p| p.word()).as_deref(),
            Some("person")
        );
        // Seat 1 plays here; then seat 0's turn is the other device's.
        let cell = |s: &AppState, name: &str| {
            let g = s.game.as_ref().unwrap();
            let r = g.record();
            let board =
                holdfast_rules::catalogue::with_game(&r.game, CellOf(r.clone(), name.into()));
            board.flatten().unwrap()
        };
        struct CellOf(Record, String);
        impl holdfast_rules::catalogue::GameFn for CellOf {
            type Out = Option<holdfast_rules::CellId>;
            fn call<G: holdfast_rules::Game>(self) -> Self::Out {
                let g: G = self.0.start().ok()?;
                g.board().cell(&self.1)
            }
        }
        s.apply(Action::Game(Input::Tap(cell(&s, "d4"))), 2.0);
        assert_eq!(s.game.as_ref().unwrap().record().moves, ["c3", "d4"]);
        assert_eq!(
            s.player_to_move().map(|p| p.word()).as_deref(),
            Some(REMOTE)
        );
        s.apply(Action::Game(Input::Tap(cell(&s, "b2"))), 3.0);
        assert_eq!(s.game.as_ref().unwrap().record().moves, ["c3", "d4"]);
        assert!(s
            .feedback
            .message
            .as_deref()
            .unwrap()
            .contains("another device"));
        // The other device's move cannot be taken back here; this device's can.
        r.moves = vec!["c3".into(), "d4".into(), "b2".into()];
        s.apply(Action::OpenLink(link::encode(&r)), 3.5);
        assert!(s.game.as_ref().unwrap().last_is_remote());
        s.apply(Action::Undo, 3.6);
        assert_eq!(s.game.as_ref().unwrap().record().moves.len(), 3);
        assert!(s
            .feedback
            .message
            .as_deref()
            .unwrap()
            .contains("other device"));
        // The sender's next link: moves taken, this device's seats kept.
        s.apply(Action::OpenLink(link::encode(&r)), 4.0);
        let g = s.game.as_ref().unwrap();
        assert_eq!(g.record().moves, ["c3", "d4", "b2"]);
        assert_eq!(g.record().seats, [REMOTE, "person"]);
    }

    /// Sounds: a move that lands in the open game is heard as a placement, a
    /// capture, the turn coming back from the computer, or the end; an undo or a
    /// game opened is not.
    #[test]
    fn sounds_tell_a_placement_a_capture_a_turn_coming_round_and_the_end() {
        let mut s = fresh();
        let mut r = games::new_record("fort").unwrap();
        r.moves = ["@e2", "@f7", "e2-e3 e3-e4 e4-e5 @e2", "@e7"]
            .map(String::from)
            .to_vec();
        r.seats = vec!["person".into(), "level1".into()];
        s.apply(Action::OpenLink(link::encode(&r)), 1.0);
        let mut before = s.heard();
        assert_eq!(s.sound_after(before.as_ref()), None, "nothing new");
        assert_eq!(s.sound_after(None), None, "a game opened");
        let play = |s: &mut AppState, actions: &[&str]| {
            for a in actions {
                s.game_mut().unwrap().play_text(a, 2.0).unwrap();
            }
        };
        // Ann takes Bo's dot on e7.
        play(&mut s, &["e5-e6", "e6-e7"]);
        assert_eq!(s.sound_after(before.as_ref()), None, "a turn under way");
        play(&mut s, &["@d1"]);
        assert_eq!(s.sound_after(before.as_ref()), Some("capture"));
        before = s.heard();
        // The computer spawns: the turn comes back to Ann.
        play(&mut s, &["@d8"]);
        assert_eq!(s.sound_after(before.as_ref()), Some("turn"));
        // Ann's spawn is a placement; the count ends the game.
        before = s.heard();
        play(&mut s, &["@f1"]);
        assert_eq!(s.sound_after(before.as_ref()), Some("place"));
        before = s.heard();
        play(&mut s, &["count"]);
        assert_eq!(s.sound_after(before.as_ref()), Some("end"));
        before = s.heard();
        s.apply(Action::Undo, 3.0);
        assert_eq!(s.sound_after(before.as_ref()), None, "an undo");
    }

    /// Redo plays an entry like any other: an offer standing is set aside, so the
    /// record stays one that opens again. A link that cannot be opened changes no
    /// seat of the game open before it.
    #[test]
    fn redo_sets_an_offer_aside_and_a_refused_link_leaves_the_open_game_be() {
        use crate::games::fort::Command as FortCommand;
        let mut s = fresh();
        let mut r = games::new_record("fort").unwrap();
        r.moves = vec!["@e2".into()];
        r.seats = vec!["person".into(), "person".into()];
        s.apply(Action::OpenLink(link::encode(&r)), 1.0);
        s.apply(Action::Undo, 2.0);
        s.apply(
            Action::Game(Input::command(FortCommand::OfferCount(true))),
            3.0,
        );
        assert!(s.game.as_ref().unwrap().record().offer.is_some());
        s.apply(Action::Redo, 4.0);
        let g = s.game.as_ref().unwrap();
        assert_eq!(g.record().moves, ["@e2"]);
        assert_eq!(g.record().offer, None);
        assert!(games::open("x".into(), g.record().clone(), vec![], 5.0).is_ok());
        // A three-seat link with a move no rules allow: refused, the open game as it was.
        let before = s.game.as_ref().unwrap().record().clone();
        let mut bad = games::new_record("fortress").unwrap();
        bad.setup["players"] = 3.into();
        bad.seats = vec![REMOTE.into(), REMOTE.into(), REMOTE.into()];
        bad.moves = vec!["zz".into()];
        s.apply(
            Action::Import {
                text: bad.to_json(),
                from: "a file".into(),
            },
            6.0,
        );
        assert!(s.notice.as_ref().is_some_and(|n| n.error));
        assert_eq!(s.game.as_ref().unwrap().record(), &before);
        assert_ne!(s.dialog, Some(Dialog::ChooseSeats));
    }

    /// Play by link on three devices: a link first opened here with more than one
    /// seat left to others plays the seat to move here and asks about the rest;
    /// each device keeps its own seats as the game goes round.
    #[test]
    fn a_game_on_three_devices_asks_which_seats_are_played_here() {
        let mut r = games::new_record("fortress").unwrap();
        r.setup["players"] = 3.into();
        r.seats = vec!["person".into(), REMOTE.into(), REMOTE.into()];
        r.id = Some("g3".into());
        r.moves = vec!["c3".into()];
        let seats = |s: &AppState| s.game.as_ref().unwrap().record().seats.clone();
        let send = |s: &AppState| link::encode(s.game.as_ref().unwrap().record());
        // Bo's device: seat 1 is to move, so it is played here; Cy's is asked.
        let mut b = fresh();
        b.apply(Action::OpenLink(link::encode(&r)), 1.0);
        assert_eq!(seats(&b), [REMOTE, "person", REMOTE]);
        assert_eq!(b.dialog, Some(Dialog::ChooseSeats));
        assert_eq!(
            b.player_to_move().map(|p| p.word()).as_deref(),
            Some("person")
        );
        b.apply(Action::ChooseSeats(false), 1.5);
        b.game_mut().unwrap().play_text("d4", 2.0).unwrap();
        // Cy's device: the seats Bo left to others are Ann's and Cy's.
        let mut c = fresh();
        c.apply(Action::OpenLink(send(&b)), 3.0);
        assert_eq!(seats(&c), [REMOTE, REMOTE, "person"]);
        assert_eq!(c.dialog, Some(Dialog::ChooseSeats));
        c.game_mut().unwrap().play_text("b2", 4.0).unwrap();
        // Ann's turn comes back by link; Bo's device keeps its own seats.
        b.apply(Action::OpenLink(send(&c)), 5.0);
        assert_eq!(seats(&b), [REMOTE, "person", REMOTE]);
        assert_ne!(
            b.dialog,
            Some(Dialog::ChooseSeats),
            "asked only on the first open"
        );
        assert_eq!(
            b.player_to_move().map(|p| p.word()).as_deref(),
            Some(REMOTE)
        );
        // A seat can move to this device, and back.
        b.apply(Action::SeatHere(2, true), 6.0);
        assert_eq!(seats(&b), [REMOTE, "person", "person"]);
        b.apply(Action::SeatHere(2, false), 6.5);
        assert_eq!(seats(&b), [REMOTE, "person", REMOTE]);
        // With one seat left to others, it is played here without asking.
        let mut two = r.clone();
        two.setup["players"] = 2.into();
        two.seats.truncate(2);
        two.id = Some("g4".into());
        let mut d = fresh();
        d.apply(Action::OpenLink(link::encode(&two)), 7.0);
        assert_eq!(seats(&d), [REMOTE, "person"]);
        assert_ne!(d.dialog, Some(Dialog::ChooseSeats));
        // A game without remote seats opens as it was sent.
        let mut local = two.clone();
        local.seats = vec!["person".into(), "level1".into()];
        local.id = Some("g5".into());
        d.apply(Action::OpenLink(link::encode(&local)), 8.0);
        assert_eq!(seats(&d), ["person", "level1"]);
    }

    /// Play by link, Fort's count: the offer travels to the other device, which
    /// alone may answer; a declined offer travels back and the game goes on; the
    /// accepted count ends the game on both devices. Undo cannot take back what the
    /// other device did.
    #[test]
    fn an_offer_to_count_is_answered_on_the_other_device() {
        use crate::games::fort::Command as FortCommand;
        let cmd = |c: FortCommand| Action::Game(Input::command(c));
        let last_link = |s: &AppState| link::encode(s.game.as_ref().unwrap().record());
        let said = |s: &AppState| {
            s.notice
                .as_ref()
                .map(|n| n.text.clone())
                .unwrap_or_default()
        };
        let offer = |s: &AppState| s.game.as_ref().unwrap().record().offer;
        // Device A: Ann here, Bo on another device; one turn each is played.
        let mut a = fresh();
        let mut r = games::new_record("fort").unwrap();
        r.seats = vec!["person".into(), REMOTE.into()];
        r.id = Some("g2".into());
        r.moves = vec!["@e2".into(), "@f7".into()];
        a.apply(Action::OpenLink(link::encode(&r)), 1.0);
        // (First opened here: the seats swap, so swap them back for Ann's device.)
        assert_eq!(a.game.as_ref().unwrap().record().seats, [REMOTE, "person"]);
        let mut b = fresh();
        b.apply(Action::OpenLink(last_link(&a)), 1.5);
        assert_eq!(b.game.as_ref().unwrap().record().seats, ["person", REMOTE]);
        let (mut a, mut b) = (b, a);
        // A (seat 0 to move) offers: the board waits for B's answer.
        a.apply(cmd(FortCommand::OfferCount(true)), 2.0);
        assert_eq!(offer(&a).map(|o| (o.by, o.declined)), Some((0, false)));
        a.apply(cmd(FortCommand::AcceptCount), 2.1);
        assert!(
            !a.game.as_ref().unwrap().is_over(),
            "A cannot accept its own offer"
        );
        assert!(a
            .feedback
            .message
            .as_deref()
            .unwrap()
            .contains("answers your offer"));
        // B: the offer arrives; B's Undo cannot take it back; B declines.
        b.apply(Action::OpenLink(last_link(&a)), 3.0);
        assert!(said(&b).contains("makes an offer"), "{}", said(&b));
        assert_eq!(offer(&b).map(|o| o.declined), Some(false));
        b.apply(Action::Undo, 3.1);
        assert!(offer(&b).is_some());
        b.apply(cmd(FortCommand::OfferCount(false)), 3.2);
        assert_eq!(offer(&b).map(|o| o.declined), Some(true));
        // Back on A: declined; the offer link again is behind; A plays on.
        let declined = last_link(&b);
        a.apply(Action::OpenLink(declined.clone()), 4.0);
        assert!(said(&a).contains("declined"), "{}", said(&a));
        assert_eq!(offer(&a).map(|o| o.declined), Some(true));
        let mut stale = a.game.as_ref().unwrap().record().clone();
        stale.offer.as_mut().unwrap().declined = false;
        a.apply(Action::OpenLink(link::encode(&stale)), 4.1);
        assert!(said(&a).contains("behind"), "{}", said(&a));
        a.apply(cmd(FortCommand::OfferCount(true)), 4.2);
        assert_eq!(offer(&a).map(|o| o.declined), Some(true), "once a turn");
        let g = a.game_mut().unwrap();
        let spawn = ["@d1", "@d2", "@e3", "@f1", "@f2"]
            .into_iter()
            .find(|m| g.play_text(m, 5.0).is_ok());
        assert!(spawn.is_some());
        assert_eq!(offer(&a), None, "playing on sets the answered offer aside");
        // B plays a turn, then offers; A accepts; the count ends the game on both.
        b.apply(Action::OpenLink(last_link(&a)), 6.0);
        let g = b.game_mut().unwrap();
        assert!(["@f6", "@f8", "@e7", "@e9", "@d8"]
            .into_iter()
            .any(|m| g.play_text(m, 6.5).is_ok()));
        b.apply(cmd(FortCommand::OfferCount(true)), 7.0);
        a.apply(Action::OpenLink(last_link(&b)), 8.0);
        a.apply(cmd(FortCommand::AcceptCount), 8.5);
        assert!(a.game.as_ref().unwrap().is_over());
        assert_eq!(
            a.game.as_ref().unwrap().record().moves.last().unwrap(),
            "count"
        );
        b.apply(Action::OpenLink(last_link(&a)), 9.0);
        assert!(b.game.as_ref().unwrap().is_over());
        assert!(said(&b).contains("1 move from the link"), "{}", said(&b));
    }

    /// The replay steps a move at a time from the start to the game now, each
    /// position the one `holdfast replay` reports for the record cut there; a new
    /// game branches from any position and the original is kept.
    #[test]
    fn replays_step_through_the_records_positions_and_branch() {
        use holdfast_rules::fortress::Fortress;
        use holdfast_rules::Game as _;
        let mut s = fresh();
        let mut r = games::new_record("fortress").unwrap();
        r.moves = ["c3", "d4", "b2", "e5", "c4", "d3"]
            .map(String::from)
            .to_vec();
        s.apply(Action::Start(r.clone()), 1.0);
        s.apply(Action::Autoplay(Some(500)), 2.0);
        assert_eq!(s.autoplay, Some(500));
        for ply in 0..r.moves.len() {
            let g = s.game.as_ref().unwrap();
            assert_eq!(g.shown_ply(), ply);
            let mut cut = r.clone();
            cut.moves.truncate(ply);
            let (_, want) = holdfast_rules::record::replay_report(&cut).unwrap();
            let p = crate::game_ui::played::<Fortress>(g.as_ref()).unwrap();
            assert_eq!(
                serde_json::json!(p.session.shown().scores()),
                want["scores"],
                "ply {ply}"
            );
            s.apply(Action::AutoStep, 3.0);
        }
        // At the game now it stops.
        assert!(!s.game.as_ref().unwrap().viewing());
        assert_eq!(s.autoplay, None);
        // From move 2, a new game; the old one stays whole among the saves.
        let old = s.game.as_ref().unwrap().id().to_string();
        s.apply(Action::View(Some(2)), 4.0);
        s.apply(Action::Branch, 5.0);
        let g = s.game.as_ref().unwrap();
        assert_eq!(g.record().moves, ["c3", "d4"]);
        assert_ne!(g.id(), old);
        assert_eq!(
            s.saves
                .iter()
                .find(|x| x.id == old)
                .unwrap()
                .record
                .moves
                .len(),
            6
        );
    }

    fn fresh() -> AppState {
        AppState::load(&mut MemoryStore::default(), "", 1.0)
    }

    fn first_game() -> Record {
        games::new_record(games::infos()[0].id).unwrap()
    }

    /// A change and the saving effect after it, as the app makes them.
    fn act(s: &mut AppState, store: &mut dyn Store, action: Action) {
        s.apply(action, 5.0);
        for a in s.persist(store) {
            s.apply(a, 5.0);
        }
    }

    #[test]
    fn a_new_language_says_the_saved_games_details_again() {
        use crate::i18n::{load_catalogue, Lang};
        let mut store = MemoryStore::default();
        let mut a = AppState::load(&mut store, "", 1.0);
        act(&mut a, &mut store, Action::Start(first_game()));
        act(&mut a, &mut store, Action::Start(first_game()));
        let details = |a: &AppState| -> Vec<String> {
            a.summaries.values().map(|s| s.detail.clone()).collect()
        };
        assert!(details(&a).contains(&"Fortress, Classic 6x6".to_string()));
        load_catalogue(
            Lang::Uk,
            r#"{"Classic 6x6": "Класична 6×6", "Fortress, {}": "Фортеця, {}"}"#,
        )
        .unwrap();
        let mut settings = a.settings.clone();
        settings.lang = Some(Lang::Uk);
        act(&mut a, &mut store, Action::Settings(settings.clone()));
        assert!(details(&a).contains(&"Фортеця, Класична 6×6".to_string()));
        assert!(!details(&a).contains(&"Fortress, Classic 6x6".to_string()));
        settings.lang = Some(Lang::En);
        act(&mut a, &mut store, Action::Settings(settings));
        assert!(details(&a).contains(&"Fortress, Classic 6x6".to_string()));
    }

    /// Another tab's change to `key`, as its storage event brings it.
    fn event(s: &mut AppState, store: &MemoryStore, key: &str) {
        s.apply(
            Action::Stored {
                key: key.into(),
                value: store.get(key),
                lost: false,
            },
            5.0,
        );
    }

    fn play(s: &mut AppState, store: &mut dyn Store, cell: &str) {
        let g = s.game.as_ref().unwrap();
        let mut r = g.record().clone();
        r.moves.push(cell.into());
        let id = g.id().to_string();
        // The move as the other tab's own reducer would make it: through the game.
        let next = games::open(id, r, vec![], 5.0).unwrap();
        next.synced().set(g.synced().get());
        s.game = Some(Rc::from(next));
        s.revision += 1;
        for a in s.persist(store) {
            s.apply(a, 5.0);
        }
    }

    /// Two tabs on one game (issue 13): each follows the other's moves through
    /// storage events, a write over a revision it has not seen is refused and the
    /// tab shows the stored game instead, and a deletion is final in both.
    #[test]
    fn two_tabs_follow_each_other_and_never_overwrite() {
        let mut store = MemoryStore::default();
        let mut a = AppState::load(&mut store, "", 1.0);
        act(&mut a, &mut store, Action::Start(first_game()));
        let id = a.game.as_ref().unwrap().id().to_string();
        let key = storage::game_key(&id);
        let mut b = AppState::load(&mut store, "", 2.0);
        assert_eq!(b.game.as_ref().map(|g| g.id()), Some(id.as_str()));

        // A plays; B hears of it and shows the move, without writing anything.
        play(&mut a, &mut store, "c3");
        let written = store.get(&key);
        let revision = b.revision;
        event(&mut b, &store, &key);
        assert_eq!(b.game.as_ref().unwrap().record().moves, ["c3"]);
        assert_eq!(b.revision, revision, "following a change writes nothing");
        assert!(b.notice.as_ref().unwrap().text.contains("another tab"));
        assert_eq!(store.get(&key), written);

        // Both play before either hears of the other: B's write is refused and B
        // shows A's game, saying its own move was not saved.
        play(&mut a, &mut store, "d4");
        play(&mut b, &mut store, "e5");
        assert_eq!(b.game.as_ref().unwrap().record().moves, ["c3", "d4"]);
        assert!(b
            .notice
            .as_ref()
            .is_some_and(|n| n.error && n.text.contains("not saved")));
        let stored = storage::load_all(&mut store, &mut |_| true).games;
        assert_eq!(stored[0].record.moves, ["c3", "d4"]);
        // And B plays on from there.
        play(&mut b, &mut store, "e5");
        event(&mut a, &store, &key);
        assert_eq!(a.game.as_ref().unwrap().record().moves, ["c3", "d4", "e5"]);

        // A deletes the game: B closes it, and no write of B's brings it back.
        act(&mut a, &mut store, Action::Delete(id.clone()));
        assert!(store.get(&key).is_none());
        let stale = b.clone();
        event(&mut b, &store, &key);
        assert!(b.game.is_none());
        assert!(b
            .notice
            .as_ref()
            .unwrap()
            .text
            .contains("deleted in another tab"));
        b.persist(&mut store);
        assert!(store.get(&key).is_none());
        // A tab that has not heard yet is refused too, and closes the game.
        let mut c = stale;
        c.revision += 1;
        for action in c.persist(&mut store) {
            c.apply(action, 5.0);
        }
        assert!(store.get(&key).is_none());
        assert!(c.game.is_none());
    }

    /// A save set aside is listed on the home page until deleted there; nothing
    /// else can be deleted that way.
    #[test]
    fn set_aside_copies_are_listed_and_deleted() {
        let mut store = MemoryStore::default();
        store.set("holdfast.game.bad", "{broken").unwrap();
        let mut s = AppState::load(&mut store, "", 1.0);
        let keys: Vec<&str> = s.aside.iter().map(|a| a.key.as_str()).collect();
        assert_eq!(keys, ["holdfast.corrupt.bad"]);
        store.set("holdfast.settings", "{}").unwrap();
        act(
            &mut s,
            &mut store,
            Action::DeleteAside("holdfast.settings".into()),
        );
        assert!(store.get("holdfast.settings").is_some());
        act(
            &mut s,
            &mut store,
            Action::DeleteAside("holdfast.corrupt.bad".into()),
        );
        assert!(s.aside.is_empty());
        assert!(store.get("holdfast.corrupt.bad").is_none());
        assert!(AppState::load(&mut store, "", 2.0).aside.is_empty());
    }

    /// The cases two tabs racing can make: the other tab's write landed over this
    /// tab's own revision (shown, and said to have lost this tab's change); the
    /// other wrote a form this tab cannot open (the play screen warns, never a
    /// silent loss); a hidden tab's computers wait; settings and deletions are
    /// written once, and settings only by the tab that changed them.
    #[test]
    fn racing_tabs_lose_nothing_silently() {
        let mut store = MemoryStore::default();
        let mut a = AppState::load(&mut store, "", 1.0);
        act(&mut a, &mut store, Action::Start(first_game()));
        let g = a.game.as_ref().unwrap();
        let (id, key, revision) = (
            g.id().to_string(),
            storage::game_key(g.id()),
            g.synced().get(),
        );
        // Another tab wrote the same revision with other moves.
        let mut other = g.saved();
        other.record.moves.push("c3".into());
        storage::save(&mut store, &other).unwrap();
        event(&mut a, &store, &key);
        let g = a.game.as_ref().unwrap();
        assert_eq!(g.record().moves, ["c3"]);
        assert_eq!(g.synced().get(), revision);
        assert!(a
            .notice
            .as_ref()
            .is_some_and(|n| n.error && n.text.contains("not saved")));
        // While this tab's writes are refused, a newer game from another tab
        // replaces its unsaved moves: said as a loss, not as news.
        a.save_error = Some("full".into());
        let mut newer = a.game.as_ref().unwrap().saved();
        newer.revision += 1;
        newer.record.moves.push("e5".into());
        storage::save(&mut store, &newer).unwrap();
        a.notice = None;
        event(&mut a, &store, &key);
        assert_eq!(a.game.as_ref().unwrap().record().moves, ["c3", "e5"]);
        assert!(a
            .notice
            .as_ref()
            .is_some_and(|n| n.error && n.text.contains("not saved")));
        a.save_error = None;
        // The same game written again (a setting, a retry): no notice.
        a.notice = None;
        event(&mut a, &store, &key);
        assert!(a.notice.is_none());

        // A later version's entry: this tab's write is refused as stale and the
        // play screen says the game is not being saved.
        store
            .set(
                &key,
                &format!(
                    "{{\"version\":9,\"revision\":{},\"id\":\"{id}\"}}",
                    revision + 2
                ),
            )
            .unwrap();
        play(&mut a, &mut store, "d4");
        assert!(a
            .save_error
            .as_deref()
            .is_some_and(|e| e.contains("cannot open")));
        assert!(
            store.get(&key).unwrap().contains("\"version\":9"),
            "left as it was"
        );
        // Closed, nothing is failing to be saved any more.
        act(&mut a, &mut store, Action::Delete(id.clone()));
        assert_eq!(a.save_error, None);
        assert!(a.deletions.is_empty(), "a deletion is made once");

        // Settings: only the tab that changed them writes them.
        let mut b = AppState::load(&mut store, "", 2.0);
        let mut settings = a.settings.clone();
        settings.animations = !settings.animations;
        act(&mut a, &mut store, Action::Settings(settings.clone()));
        act(&mut b, &mut store, Action::Start(first_game()));
        assert_eq!(
            storage::settings(&store).map(|t| Settings::read(&t)),
            Some(settings)
        );

        // A hidden tab's computer waits; shown again, it thinks.
        let mut c = against(&["level1", "person"]);
        c.screen = Screen::Play;
        assert!(c.search_job().is_some());
        c.apply(Action::Hidden(true), 3.0);
        assert!(c.search_job().is_none());
        c.apply(Action::Hidden(false), 4.0);
        assert!(c.search_job().is_some());
    }

    /// With no storage at all (blocked), the game stays open and the play screen
    /// says it is not being saved.
    #[test]
    fn no_storage_warns_and_keeps_the_game() {
        let mut s = fresh();
        s.apply(Action::Start(first_game()), 1.0);
        for _ in 0..2 {
            s.revision += 1;
            for a in s.persist(&mut storage::NoStore) {
                s.apply(a, 2.0);
            }
        }
        assert!(s.game.is_some());
        assert!(s
            .save_error
            .as_deref()
            .is_some_and(|e| e.contains("no storage")));
    }

    /// A turn under way is saved with the game and comes back with it.
    #[test]
    fn a_turn_under_way_comes_back_after_a_reload() {
        use holdfast_rules::Game;
        let mut store = MemoryStore::default();
        let mut s = AppState::load(&mut store, "", 1.0);
        act(
            &mut s,
            &mut store,
            Action::Start(games::new_record("fort").unwrap()),
        );
        // Each side spawns once, then Orange steps: a turn under way.
        let mut g = holdfast_rules::fort::Fort::new(&Default::default()).unwrap();
        let mut texts = Vec::new();
        let mut moves = Vec::new();
        // Two spawns (a turn each), then a step (Fort's notation: `@e2`, `e2-e3`).
        for kind in ['@', '@', '-'] {
            moves.clear();
            g.legal_moves(&mut moves);
            let mv = *moves
                .iter()
                .find(|&&m| g.format_move(m).contains(kind))
                .unwrap();
            texts.push(g.format_move(mv));
            g.play(mv).unwrap();
        }
        for t in &texts {
            let game = s.game_mut().unwrap();
            game.play_text(t, 2.0).unwrap();
        }
        s.revision += 1;
        for a in s.persist(&mut store) {
            s.apply(a, 3.0);
        }
        let (entries, turn) = s.game.as_ref().unwrap().position_key();
        assert!(turn > 0, "a turn under way ({entries} entries)");
        let back = AppState::load(&mut store, "", 4.0);
        assert_eq!(back.game.as_ref().unwrap().position_key(), (entries, turn));
    }

    /// The review steps: to the start, back, on, and to the live end.
    #[test]
    fn review_steps_through_the_moves() {
        use Review::*;
        assert_eq!(review_target(First, 5, 5), Some(0));
        assert_eq!(review_target(Previous, 5, 5), Some(4));
        assert_eq!(review_target(Previous, 0, 5), Some(0));
        assert_eq!(review_target(Next, 3, 5), Some(4));
        assert_eq!(
            review_target(Next, 4, 5),
            None,
            "the last move: the live position"
        );
        assert_eq!(review_target(Last, 2, 5), None);
        assert_eq!(
            review_target(First, 0, 0),
            None,
            "no moves: nothing to look back at"
        );
        let mut s = fresh();
        let mut r = first_game();
        r.moves = vec!["c3".into(), "d4".into()];
        s.apply(Action::Start(r), 1.0);
        assert_eq!(s.screen, Screen::Play);
        s.apply(Action::Review(Previous), 2.0);
        assert_eq!(s.game.as_ref().unwrap().shown_ply(), 1);
        s.apply(Action::Review(First), 2.0);
        assert_eq!(s.game.as_ref().unwrap().shown_ply(), 0);
        s.apply(Action::Review(Next), 2.0);
        s.apply(Action::Review(Next), 2.0);
        assert!(!s.game.as_ref().unwrap().viewing(), "back to the live game");
    }

    /// Another tab's games and settings show on the home page of this one.
    #[test]
    fn another_tabs_games_and_settings_show_here() {
        let mut store = MemoryStore::default();
        let mut a = AppState::load(&mut store, "", 1.0);
        let mut b = AppState::load(&mut store, "", 1.0);
        act(&mut a, &mut store, Action::Start(first_game()));
        let id = a.game.as_ref().unwrap().id().to_string();
        let key = storage::game_key(&id);
        event(&mut b, &store, &key);
        assert_eq!(b.saves.len(), 1);
        assert!(b.summaries.contains_key(&id));
        act(&mut a, &mut store, Action::Delete(id.clone()));
        event(&mut b, &store, &key);
        assert!(b.saves.is_empty() && b.summaries.is_empty());
        let mut settings = a.settings.clone();
        settings.quick_computer = !settings.quick_computer;
        act(&mut a, &mut store, Action::Settings(settings.clone()));
        event(&mut b, &store, storage::SETTINGS_KEY);
        assert_eq!(b.settings, settings);
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

    /// A save from a later version is told about and left as it is.
    #[test]
    fn a_later_versions_save_is_left_alone_and_told() {
        let mut store = MemoryStore::default();
        let later = r#"{"version":7,"id":"z","anything":true}"#;
        store.set("holdfast.game.z", later).unwrap();
        let s = AppState::load(&mut store, "", 1.0);
        let notice = s.notice.unwrap();
        assert!(notice.text.contains("later version"), "{}", notice.text);
        assert!(s.saves.is_empty());
        assert_eq!(store.get("holdfast.game.z").as_deref(), Some(later));
        assert!(store.get("holdfast.corrupt.z").is_none());
    }

    /// A bad link, at start-up or while a game is open, leaves the open game open and
    /// remembered as the one to come back to.
    #[test]
    fn a_bad_link_keeps_the_open_game() {
        let mut store = MemoryStore::default();
        let mut s = AppState::load(&mut store, "", 1.0);
        s.apply(Action::Start(first_game()), 1.0);
        let g = s.game.as_ref().unwrap();
        let id = g.id().to_string();
        storage::save(&mut store, &g.saved()).unwrap();
        storage::set_current(&mut store, Some(&id));
        for bad in ["g=this-is-not-a-game", "record=%7B"] {
            let s = AppState::load(&mut store, bad, 2.0);
            assert!(s.notice.as_ref().is_some_and(|n| n.error), "{bad}");
            assert_eq!(s.game.as_ref().map(|g| g.id()), Some(id.as_str()), "{bad}");
            assert_eq!(
                s.screen,
                Screen::Home,
                "{bad}: the notice where the games are"
            );
        }
        let mut s = AppState::load(&mut store, "", 2.0);
        assert_eq!(s.screen, Screen::Play);
        assert!(s.open_fragment("#g=AAAA", 3.0));
        assert_eq!(s.game.as_ref().map(|g| g.id()), Some(id.as_str()));
    }

    /// Each screen has an address, and an address shows its screen: a reload
    /// (a start with the address) and Back/Forward (a route action) land where
    /// the address says; a deleted game's or an unknown game's address, home.
    #[test]
    fn each_screen_has_an_address_that_shows_it() {
        let mut store = MemoryStore::default();
        let mut s = AppState::load(&mut store, "", 1.0);
        assert_eq!(s.route(), Route::Home);
        act(&mut s, &mut store, Action::NewGame("fort".into(), None));
        assert_eq!(s.route(), Route::NewGame("fort".into()));
        act(&mut s, &mut store, Action::Start(first_game()));
        let id = s.game.as_ref().unwrap().id().to_string();
        let play = format!("#play/{id}");
        assert_eq!(s.route().to_string(), play);
        for (address, screen) in [
            ("#rules/citadel", Screen::Rules("citadel".into())),
            ("#settings", Screen::Settings),
            ("#bench", Screen::Bench),
            ("#new/frontier", Screen::NewGame("frontier".into())),
            (play.as_str(), Screen::Play),
            ("#home", Screen::Home),
            ("#rules/chess", Screen::Home),
            ("#play/gone", Screen::Home),
        ] {
            // Back or Forward to it, and a reload of it.
            act(
                &mut s,
                &mut store,
                Action::Route(Route::parse(address).unwrap()),
            );
            assert_eq!(s.screen, screen, "{address}");
            let reloaded = AppState::load(&mut store, address, 2.0);
            assert_eq!(reloaded.screen, screen, "{address}, reloaded");
            assert_eq!(
                reloaded.game.as_ref().map(|g| g.id().to_string()),
                Some(id.clone()),
                "{address}: the game open last stays open"
            );
        }
        // Another game started, then Back to the first game's address: it opens
        // again, with the second kept in the list.
        s.apply(Action::Start(first_game()), 7.0);
        let second = s.game.as_ref().unwrap().id().to_string();
        assert_ne!(second, id);
        act(
            &mut s,
            &mut store,
            Action::Route(Route::parse(&play).unwrap()),
        );
        assert_eq!(s.game.as_ref().unwrap().id(), id);
        assert!(s.saves.iter().any(|g| g.id == second));
        // Deleted, its address shows the home page.
        act(&mut s, &mut store, Action::Delete(id.clone()));
        act(
            &mut s,
            &mut store,
            Action::Route(Route::parse(&play).unwrap()),
        );
        assert_eq!(s.screen, Screen::Home);
        assert_eq!(s.route(), Route::Home);
    }

    /// A reload at a game's address still tells what start-up found (here a save
    /// that could not be read, set aside): showing the screen does not clear it.
    #[test]
    fn a_reload_at_a_games_address_keeps_what_start_up_has_to_tell() {
        let mut store = MemoryStore::default();
        let mut s = AppState::load(&mut store, "", 1.0);
        act(&mut s, &mut store, Action::Start(first_game()));
        let id = s.game.as_ref().unwrap().id().to_string();
        store
            .set(&storage::game_key("broken"), "{not json")
            .unwrap();
        let s = AppState::load(&mut store, &format!("#play/{id}"), 2.0);
        assert_eq!(s.screen, Screen::Play);
        assert!(s
            .notice
            .as_ref()
            .is_some_and(|n| n.error && n.text.contains("set aside")));
    }

    /// A store whose writes are refused while `full` (a full or blocked
    /// `localStorage`).
    #[derive(Default)]
    struct Gate {
        inner: MemoryStore,
        full: bool,
    }

    impl Store for Gate {
        fn keys(&self) -> Vec<String> {
            self.inner.keys()
        }
        fn get(&self, key: &str) -> Option<String> {
            self.inner.get(key)
        }
        fn set(&mut self, key: &str, value: &str) -> Result<(), String> {
            if self.full {
                return Err("storage is full".into());
            }
            self.inner.set(key, value)
        }
        fn remove(&mut self, key: &str) {
            self.inner.remove(key)
        }
        fn loading(&self) -> Option<String> {
            self.inner.loading()
        }
        fn set_loading(&mut self, id: Option<&str>) {
            self.inner.set_loading(id)
        }
    }

    /// A new game started at `now` (which makes its id), and saved.
    fn start(s: &mut AppState, store: &mut dyn Store, now: f64) {
        s.apply(Action::Start(first_game()), now);
        for a in s.persist(store) {
            s.apply(a, now);
        }
    }

    fn stored_moves(store: &dyn Store, id: &str) -> Vec<String> {
        storage::migrate(&store.get(&storage::game_key(id)).unwrap())
            .unwrap()
            .unwrap()
            .record
            .moves
    }

    /// A game moved out of play while its writes are refused keeps its moves in
    /// this tab, is said to be unsaved on the home page, and is written as soon as
    /// storage takes it (at the next write or the timer's retry); then it opens
    /// and saves as any other.
    #[test]
    fn a_game_left_unsaved_is_written_when_storage_takes_it() {
        let mut store = Gate::default();
        let mut s = AppState::load(&mut store, "", 1.0);
        start(&mut s, &mut store, 2.0);
        let a = s.game.as_ref().unwrap().id().to_string();
        store.full = true;
        play(&mut s, &mut store, "c3");
        assert_eq!(s.save_error.as_deref(), Some("storage is full"));
        assert!(stored_moves(&store, &a).is_empty());
        // Another game opened over it: the first is no longer the open game.
        start(&mut s, &mut store, 3.0);
        let b = s.game.as_ref().unwrap().id().to_string();
        assert_ne!(a, b);
        assert_eq!(
            s.unsaved,
            [Unsaved {
                id: a.clone(),
                why: "storage is full".into()
            }]
        );
        let kept = s.saves.iter().find(|g| g.id == a).unwrap();
        assert_eq!(kept.record.moves, ["c3"]);
        // The timer retries while anything is unsaved.
        let revision = s.revision;
        act(&mut s, &mut store, Action::RetrySave);
        assert_eq!(s.revision, revision + 1);
        assert_eq!(s.unsaved.len(), 1);
        // Room again: the next retry writes both games.
        store.full = false;
        act(&mut s, &mut store, Action::RetrySave);
        assert!(s.unsaved.is_empty());
        assert_eq!(s.save_error, None);
        assert_eq!(stored_moves(&store, &a), ["c3"]);
        assert!(storage::stored_revision(&store, &b).is_some());
        // Taken up again, it plays and saves on over its new revision.
        act(&mut s, &mut store, Action::Resume(a.clone()));
        play(&mut s, &mut store, "d4");
        assert_eq!(s.save_error, None);
        assert_eq!(stored_moves(&store, &a), ["c3", "d4"]);
        assert_eq!(s.notice, None);
        // A reload finds every move.
        let s = AppState::load(&mut store, "", 9.0);
        assert_eq!(s.game.as_ref().unwrap().record().moves, ["c3", "d4"]);
    }

    /// While only games out of play wait to be written, the timer's retry writes
    /// those alone: the open game (saved) is not written again, so no new revision
    /// goes out to other tabs every few seconds.
    #[test]
    fn the_retry_of_games_left_unsaved_leaves_the_open_game_alone() {
        let mut store = Gate::default();
        let mut s = AppState::load(&mut store, "", 1.0);
        start(&mut s, &mut store, 2.0);
        let open = s.game.as_ref().unwrap().id().to_string();
        let stored = storage::stored_revision(&store, &open);
        s.unsaved.push(Unsaved {
            id: "gone".into(),
            why: "full".into(),
        });
        let revision = s.revision;
        s.apply(Action::RetrySave, 3.0);
        assert_eq!(s.revision, revision, "the open game is not written again");
        assert_eq!(s.unsaved_tries, 1);
        assert!(s.persist_unsaved(&mut store).is_empty());
        assert_eq!(storage::stored_revision(&store, &open), stored);
    }

    /// A game left unsaved here and changed in another tab meanwhile is never
    /// written over: the list follows storage and the loss is told.
    #[test]
    fn a_game_left_unsaved_and_changed_elsewhere_follows_storage() {
        let mut store = Gate::default();
        let mut s = AppState::load(&mut store, "", 1.0);
        start(&mut s, &mut store, 4.0);
        let a = s.game.as_ref().unwrap().id().to_string();
        store.full = true;
        play(&mut s, &mut store, "c3");
        start(&mut s, &mut store, 5.0);
        assert_eq!(s.unsaved.len(), 1);
        // Another tab (with room) plays e5 in it; this tab missed the event.
        store.full = false;
        let mut other = storage::migrate(&store.get(&storage::game_key(&a)).unwrap())
            .unwrap()
            .unwrap();
        other.record.moves.push("e5".into());
        storage::save_over(&mut store, &other).unwrap();
        act(&mut s, &mut store, Action::RetrySave);
        assert!(s.unsaved.is_empty());
        assert_eq!(stored_moves(&store, &a), ["e5"]);
        let listed = s.saves.iter().find(|g| g.id == a).unwrap();
        assert_eq!(listed.record.moves, ["e5"]);
        assert!(s
            .notice
            .as_ref()
            .is_some_and(|n| n.error && n.text.contains("changed in another tab")));
        // Deleted while unsaved: forgotten here too, nothing written back.
        let c = s.game.as_ref().unwrap().id().to_string();
        store.full = true;
        play(&mut s, &mut store, "c3");
        act(&mut s, &mut store, Action::Home);
        act(&mut s, &mut store, Action::Resume(a.clone()));
        assert_eq!(s.unsaved.len(), 1);
        act(&mut s, &mut store, Action::Delete(c.clone()));
        assert!(s.unsaved.is_empty());
        store.full = false;
        act(&mut s, &mut store, Action::RetrySave);
        assert!(storage::stored_revision(&store, &c).is_none());
    }

    /// A refused write is kept to be shown, and cleared by the next write that works,
    /// without a new revision (which would only write the same again).
    #[test]
    fn a_refused_write_is_kept_until_a_write_works() {
        let mut s = fresh();
        s.apply(Action::Start(first_game()), 1.0);
        let revision = s.revision;
        s.apply(Action::Saved(Some("storage full".into())), 2.0);
        assert_eq!(s.save_error.as_deref(), Some("storage full"));
        assert_eq!(s.revision, revision);
        // The timer's retry writes again (a new revision) only while it fails.
        s.apply(Action::RetrySave, 2.5);
        assert_eq!(s.revision, revision + 1);
        s.apply(Action::Saved(None), 3.0);
        assert_eq!(s.save_error, None);
        s.apply(Action::RetrySave, 4.0);
        assert_eq!(s.revision, revision + 1);
    }

    fn against(seats: &[&str]) -> AppState {
        let mut s = fresh();
        let mut r = first_game();
        r.seats = seats.iter().map(|x| x.to_string()).collect();
        s.apply(Action::Start(r), 1.0);
        s
    }

    fn answer(s: &mut AppState, action: &str) {
        let key = s.position_key().unwrap();
        s.apply(
            Action::Answer {
                key,
                hint: false,
                action: Some(action.into()),
            },
            2.0,
        );
    }

    #[test]
    fn the_computer_is_asked_only_on_its_turn_and_its_answer_plays_there_alone() {
        let mut s = against(&["person", "level2"]);
        // The person to move: nothing to search until a hint is asked for.
        assert_eq!(s.search_job(), None);
        s.apply(Action::Hint, 2.0);
        let job = s.search_job().unwrap();
        assert!(job.hint && job.player == HINT_PLAYER);
        s.apply(
            Action::Answer {
                key: job.key.clone(),
                hint: true,
                action: Some("c3".into()),
            },
            2.0,
        );
        assert_eq!(s.search_job(), None, "the hint is found");
        s.apply(Action::PlayHint, 3.0);
        assert_eq!(s.game.as_ref().unwrap().record().moves, vec!["c3"]);
        // The computer's turn: a search as level 2; a tap meanwhile is refused.
        let job = s.search_job().unwrap();
        assert_eq!((job.player.as_str(), job.hint), ("level2", false));
        s.apply(Action::Game(Input::Tap(0)), 3.0);
        assert!(s
            .feedback
            .message
            .as_deref()
            .unwrap()
            .contains("computer plays"));
        assert_eq!(s.game.as_ref().unwrap().record().moves.len(), 1);
        // An answer about another position is ignored; this one's is played.
        let stale = PositionKey {
            moves: 0,
            ..job.key.clone()
        };
        s.apply(
            Action::Answer {
                key: stale,
                hint: false,
                action: Some("d4".into()),
            },
            4.0,
        );
        assert_eq!(s.game.as_ref().unwrap().record().moves.len(), 1);
        answer(&mut s, "d4");
        assert_eq!(s.game.as_ref().unwrap().record().moves, vec!["c3", "d4"]);
        assert_eq!(s.search_job(), None, "the person's turn again");
    }

    #[test]
    fn move_now_plays_the_preference_and_undo_goes_back_to_the_person() {
        let mut s = against(&["person", "level5"]);
        s.apply(Action::Game(Input::Key(0)), 1.0);
        let key = s.position_key().unwrap();
        s.apply(Action::MoveNow, 2.0);
        assert_eq!(
            s.game.as_ref().unwrap().record().moves.len(),
            1,
            "nothing preferred yet"
        );
        // The first preference then plays at once.
        s.apply(
            Action::Progress {
                key,
                iterations: 64,
                best: Some("e5".into()),
            },
            3.0,
        );
        assert_eq!(s.game.as_ref().unwrap().record().moves.len(), 2);
        // Undo: the computer's move and the person's, back to the person's decision.
        s.apply(Action::Undo, 4.0);
        assert!(s.game.as_ref().unwrap().record().moves.is_empty());
        assert_eq!(s.search_job(), None);
    }

    #[test]
    fn computers_alone_pause_resume_and_undo_one_action() {
        let mut s = against(&["level1", "level1"]);
        assert!(s.search_job().is_some());
        answer(&mut s, "c3");
        answer(&mut s, "d4");
        s.apply(Action::Pause(true), 3.0);
        assert_eq!(s.search_job(), None);
        s.apply(Action::Pause(false), 3.0);
        assert!(s.search_job().is_some());
        s.apply(Action::Undo, 4.0);
        assert_eq!(s.game.as_ref().unwrap().record().moves, vec!["c3"]);
        assert!(s.paused, "after an undo the computers wait");
        // The seats travel with the game: a rematch moves them round with the names.
        s.apply(Action::Rematch, 5.0);
        assert_eq!(
            s.game.as_ref().unwrap().record().seats,
            vec!["level1", "level1"]
        );
        let mut t = against(&["person", "level3"]);
        t.apply(Action::Rematch, 2.0);
        assert_eq!(
            t.game.as_ref().unwrap().record().seats,
            vec!["level3", "person"]
        );
    }

    /// Offering to count against the computer: it answers at once, accepting only a
    /// count that it wins.
    #[test]
    fn the_computer_answers_an_offer_to_count() {
        let offer = || {
            Action::Game(Input::command(crate::games::fort::Command::OfferCount(
                true,
            )))
        };
        let start = |seats: [&str; 2], moves: &[&str]| {
            let mut s = fresh();
            let mut r = games::new_record("fort").unwrap();
            r.seats = seats.iter().map(|m| m.to_string()).collect();
            r.moves = moves.iter().map(|m| m.to_string()).collect();
            s.apply(Action::Start(r), 1.0);
            s
        };
        // At the start the count is even: it declines, and the game goes on.
        let mut s = start(["person", "level2"], &[]);
        s.apply(offer(), 2.0);
        assert!(!s.game.as_ref().unwrap().is_over());
        assert!(s.feedback.message.as_deref().unwrap().contains("declines"));
        // The computer first, a dot ahead when the person offers: it accepts, and
        // the count ends the game in its favour.
        let mut s = start(["level2", "person"], &["@e2"]);
        s.apply(offer(), 2.0);
        let g = s.game.as_ref().unwrap();
        assert!(g.is_over(), "{:?}", s.feedback.message);
        assert_eq!(g.record().moves, vec!["@e2", "count"]);
        assert!(s.feedback.message.as_deref().unwrap().contains("accepts"));
    }

    /// A computer's multi-action turn is asked for and played one action at a time.
    #[test]
    fn a_computers_turn_of_several_actions_goes_action_by_action() {
        let mut s = fresh();
        let mut r = games::new_record("fort").unwrap();
        r.seats = vec!["level2".into(), "person".into()];
        r.moves = vec!["@e2".into(), "@f7".into()];
        s.apply(Action::Start(r), 1.0);
        let first = s.search_job().unwrap();
        assert_eq!((first.key.moves, first.key.turn), (2, 0));
        answer(&mut s, "e2-e3");
        // The same seat still to move, the turn under way: the next action is asked.
        let next = s.search_job().unwrap();
        assert_eq!((next.key.moves, next.key.turn), (2, 1));
        assert_eq!(s.game.as_ref().unwrap().record().moves.len(), 2);
        answer(&mut s, "@e2");
        assert_eq!(
            s.game
                .as_ref()
                .unwrap()
                .record()
                .moves
                .last()
                .map(String::as_str),
            Some("e2-e3 @e2")
        );
        assert_eq!(s.search_job(), None, "the person's turn");
    }

    /// Two computers after a person (three seats): each is asked in turn, and undo
    /// takes back both computers' moves and the person's.
    #[test]
    fn several_computers_play_in_turn_and_undo_passes_them_all() {
        let mut s = fresh();
        let mut r = games::new_record("fortress").unwrap();
        r.setup = serde_json::json!({"map": "square-8", "players": 3});
        r.seats = vec!["person".into(), "level1".into(), "level1".into()];
        s.apply(Action::Start(r), 1.0);
        s.apply(Action::Game(Input::Key(0)), 1.0);
        assert_eq!(s.search_job().unwrap().player, "level1");
        answer(&mut s, "d4");
        assert!(s.search_job().is_some(), "the third seat is a computer too");
        answer(&mut s, "e5");
        assert_eq!(s.search_job(), None);
        assert_eq!(s.game.as_ref().unwrap().record().moves.len(), 3);
        s.apply(Action::Undo, 2.0);
        assert!(s.game.as_ref().unwrap().record().moves.is_empty());
        assert!(!s.paused, "people play: the computers do not pause");
    }

    /// Fortress's pie rule: the person's swap takes over the computer's colour, and
    /// the computer plays on with the other one (players follow the names).
    #[test]
    fn after_a_swap_the_computer_plays_the_colour_it_was_given() {
        let mut s = fresh();
        let mut r = first_game();
        r.setup = serde_json::json!({"pie": true});
        r.names = vec!["Cee".into(), "Pat".into()];
        r.seats = vec!["level2".into(), "person".into()];
        r.moves = vec!["c3".into()];
        s.apply(Action::Start(r), 1.0);
        assert_eq!(s.search_job(), None, "the person's turn");
        let swap = Input::command(crate::games::fortress::Command::Swap);
        s.apply(Action::Game(swap), 2.0);
        let g = s.game.as_ref().unwrap();
        assert_eq!(g.record().moves, vec!["c3", "swap"]);
        assert_eq!(g.names(), vec!["Pat", "Cee"]);
        assert_eq!(
            g.seat_players(),
            vec![SeatPlayer::Person, SeatPlayer::from_word("level2")]
        );
        // Blue moves next, and Blue is now the computer's.
        assert_eq!(s.search_job().unwrap().player, "level2");
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
        assert_eq!(s.deletions, vec![storage::game_key(&id)]);
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
                    revision: 0,
                    turn: vec![],
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
