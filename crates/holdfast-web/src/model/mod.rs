//! The app's state and its one reducer. `reduce` only calls the model; reading
//! storage happens once at start-up and writing it happens in an effect
//! (see `app.rs`), never in here.

use std::collections::BTreeMap;
use std::rc::Rc;

use holdfast_rules::{Record, Seat};
use yew::Reducible;

mod computer;
mod links;

pub use computer::{
    Computer, ComputerMsg, Decision, Hint, PositionKey, SearchJob, Suggestion, Thinking,
    HINT_PLAYER,
};

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
            computer: Computer::default(),
            settings_changed: false,
            deletions: vec![],
            new_game_from: None,
            all_saves: false,
            autoplay: None,
            autoplay_ms: 1000,
            clear_fragment: None,
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
            state.go_to(route);
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
    fn go_to(&mut self, route: Route) {
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

    fn show_home(&mut self) {
        self.stop_asking_delete();
        self.screen = Screen::Home;
        self.reset_play_ui();
    }

    fn show_settings(&mut self) {
        self.reset_play_ui();
        self.screen = Screen::Settings;
    }

    /// The new-game screen of `game`, from a record (a rematch) or a fresh setup.
    fn new_game(&mut self, game: String, from: Option<Record>) {
        self.ask(Dialog::NewGame, false);
        self.new_game_from = from;
        self.screen = Screen::NewGame(game);
    }

    fn resume_game(&mut self, id: &str) {
        self.notice = None;
        self.stop_asking_delete();
        self.resume(id);
    }

    /// Shows the position after `ply` entries (`None`: the live one).
    fn view(&mut self, ply: Option<usize>) {
        if let Some(g) = self.game_mut() {
            g.view(ply);
        }
        self.reset_play_ui();
    }

    /// A step through the moves played, on the play screen.
    fn review(&mut self, step: Review) {
        if let Some(g) = self.game.as_ref().filter(|_| self.screen == Screen::Play) {
            let target = review_target(step, g.shown_ply(), g.record().moves.len());
            self.view(target);
        }
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
    fn open_shared(&mut self, record: Record, now: f64, message: &str, refused: &str) {
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
        let (copy, text) = match links::reconcile(record, &copies, now) {
            links::Outcome::New { record, left } => {
                let opened = self.open_record(record, now, message, refused);
                if opened && left.len() > 1 {
                    // Several seats left to other devices: the seat to move is
                    // played here, and the play screen asks which others are.
                    let mover = self.game.as_ref().and_then(|g| {
                        let seat = g.to_move()?;
                        left.contains(&g.seat_index(seat)).then_some(seat)
                    });
                    if let Some(seat) = mover {
                        self.seat_here(seat, true);
                    }
                    self.dialog = Some(Dialog::ChooseSeats);
                }
                return;
            }
            links::Outcome::Diverged { record, common } => {
                // (The other device goes on from the link's line, so its next
                // links continue this one, under the same game id.)
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
            links::Outcome::Behind { copy, theirs, mine } => {
                let text = tf(
                    "This link is behind your copy of the game: it stops at move {} of {}. Your copy is unchanged.",
                    &[&theirs, &mine],
                );
                (copy, text)
            }
            links::Outcome::Same { copy } => (
                copy,
                t("Your copy of the game is already up to date with this link.").into(),
            ),
            links::Outcome::Update { copy, news } => {
                let text = match news {
                    links::News::Moves(new) => tf(
                        "Your copy of the game is brought up to date: {} from the link.",
                        &[&tp(new, "{} move", "{} moves")],
                    ),
                    links::News::Resigned => t("Your copy of the game is brought up to date: the other player resigned.").into(),
                    links::News::Declined => t("Your copy of the game is brought up to date: your offer was declined. Play on.").into(),
                    links::News::Offer => t("Your copy of the game is brought up to date: the other player makes an offer, below the board.").into(),
                };
                (copy, text)
            }
        };
        let id = copy.id.clone();
        match games::from_saved(copy) {
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

    /// A seat of the open game is played here (`here`) or on another device.
    fn seat_here(&mut self, seat: Seat, here: bool) {
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
        self.computer.paused = false;
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
        self.computer.thinking = None;
        self.computer.hint = None;
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

    /// What the worker should be searching now, if anything ([`Computer::job`]).
    pub fn search_job(&self) -> Option<SearchJob> {
        self.computer.job(&self.seen())
    }

    /// The game in play as the computer sees it.
    fn seen(&self) -> computer::Seen {
        computer::Seen {
            key: self.position_key(),
            player: self.player_to_move(),
            on_play_screen: self.screen == Screen::Play,
        }
    }

    /// Plays a computer's action (in the notation) in the open game.
    fn play_computer(&mut self, action: &str, now: f64) {
        let Some(g) = self.game_mut() else { return };
        match g.play_text(action, now) {
            Ok(()) => {
                self.revision += 1;
                self.computer.played();
            }
            Err(e) => {
                self.computer.stop();
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
            self.computer.paused = true;
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
                self.computer.paused = false;
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
            && !self.computer.paused
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
            Action::Autoplay(ms) => {
                if ms.is_some() && self.game.as_ref().is_some_and(|g| !g.viewing()) {
                    self.view(Some(0));
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
                self.review(Review::Next);
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
            Action::Computer(msg) => {
                let seen = self.seen();
                match self.computer.update(msg, &seen) {
                    Some(Decision::Play(a)) => self.play_computer(&a, now),
                    Some(Decision::PlayHint(a)) => {
                        let changed = self.game_mut().map(|g| g.play_text(&a, now));
                        if let Some(Ok(())) = changed {
                            self.revision += 1;
                        }
                        self.reset_play_ui();
                    }
                    Some(Decision::NoMove) => {
                        self.notice = Some(Notice {
                            text: t("The computer has no move it would make here (only an agreement is left): the computers wait. Play on for it, or undo.").into(),
                            error: false,
                        });
                    }
                    Some(Decision::Failed(why)) => {
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
                    None => {}
                }
            }
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
mod tests;
