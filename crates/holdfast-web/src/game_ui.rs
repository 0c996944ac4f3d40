//! The one interface every game's screen part implements ([`GameUi`]), and the
//! game-blind form the rest of the app holds a game in ([`PlayedGame`]).
//!
//! Layers, from the bottom: [`crate::board`] (draws cells, knows no rules) and the
//! small shared pieces ([`crate::widgets`], [`crate::session`], [`crate::settings`],
//! [`crate::storage`]); this module; each game's module in [`crate::games`] and the
//! registry there; [`crate::model`] (the state and its reducer, which sees games only
//! through [`PlayedGame`]); [`crate::app`] (the screens). A module never uses one
//! above it.

use std::any::Any;
use std::rc::Rc;

use holdfast_rules::geometry::{geometry, Geometry};
use holdfast_rules::{CellId, Game, MoveError, Record, Seat};
use yew::prelude::*;
use yew::virtual_dom::VChild;

use crate::board::{BoardView, SEAT_NAMES};
use crate::session::{OpenError, Session};
use crate::settings::Settings;
use crate::storage::SavedGame;
use crate::widgets::figure;

/// What the home page says about a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameInfo {
    pub id: &'static str,
    pub title: &'static str,
    pub blurb: &'static str,
    pub players: &'static str,
    pub length: &'static str,
}

/// A game's own command (its buttons: pass, swap, offer to count, a piece from the
/// hand…), carried through the app's one action type without the app knowing it.
#[derive(Clone)]
pub struct Command {
    value: Rc<dyn Any>,
    text: String,
}

impl Command {
    pub fn new<C: Any + std::fmt::Debug>(c: C) -> Command {
        Command {
            text: format!("{c:?}"),
            value: Rc::new(c),
        }
    }

    /// The command, if it is of this game's type.
    pub fn get<C: Any + Copy>(&self) -> Option<C> {
        self.value.downcast_ref::<C>().copied()
    }
}

impl PartialEq for Command {
    fn eq(&self, other: &Self) -> bool {
        self.text == other.text
    }
}

impl std::fmt::Debug for Command {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.text)
    }
}

/// What a player does to the game on screen.
#[derive(Clone, Debug, PartialEq)]
pub enum Input {
    /// A tap on a cell (confirmed by a second tap when confirm-tap is on).
    Tap(CellId),
    /// Enter on a focused cell: never needs confirming.
    Key(CellId),
    /// A tap on a face between cells (a Go board's squares).
    TapFace(u16),
    KeyFace(u16),
    /// One of the game's own buttons.
    Command(Command),
    /// Turns a game's settings flag on or off (kept with the player's settings).
    Flag(&'static str, bool),
}

impl Input {
    pub fn command<C: Any + std::fmt::Debug>(c: C) -> Input {
        Input::Command(Command::new(c))
    }
}

/// What the screen tells the player about their last tap: for every game.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Feedback {
    /// Why the last tap did nothing, or what the next tap will do.
    pub message: Option<String>,
    /// Bumped on an illegal tap: the board shakes.
    pub shake: u32,
}

impl Feedback {
    /// Says why a move was refused, drops the ghost, and shakes the board.
    pub fn refuse(&mut self, ghost: &mut Option<CellId>, e: &MoveError, names: &[String]) {
        let name = |s: Seat| {
            names
                .get(s as usize)
                .cloned()
                .unwrap_or_else(|| format!("Player {}", s + 1))
        };
        self.message = Some(e.sentence(&name));
        *ghost = None;
        self.shake += 1;
    }

    /// After a move was tried: on success the ghost and the message go; on refusal
    /// the board says why. True when the move was played.
    pub fn settle(
        &mut self,
        ghost: &mut Option<CellId>,
        result: Result<(), MoveError>,
        names: &[String],
    ) -> bool {
        match result {
            Ok(()) => {
                *ghost = None;
                self.message = None;
                true
            }
            Err(e) => {
                self.refuse(ghost, &e, names);
                false
            }
        }
    }

    /// With confirm-tap on, the first tap on `c` shows a ghost and says `what`; true
    /// when the move is to be played now.
    pub fn confirmed(
        &mut self,
        ghost: &mut Option<CellId>,
        c: CellId,
        confirm: bool,
        what: String,
    ) -> bool {
        if confirm && *ghost != Some(c) {
            *ghost = Some(c);
            self.message = Some(what);
            return false;
        }
        true
    }

    /// Says something without refusing.
    pub fn say(&mut self, text: impl Into<String>) {
        self.message = Some(text.into());
    }
}

/// What an input is played with besides the game.
pub struct InputCtx<'a> {
    /// Taps need a second, confirming tap.
    pub confirm: bool,
    /// The clock, in ms.
    pub now: f64,
    /// The seats' names as shown.
    pub names: &'a [String],
}

/// What a board view is built from besides the position.
pub struct ViewCtx<'a, G: GameUi> {
    /// The board's outlines, computed once per board.
    pub geo: &'a Geometry,
    /// The position one action earlier (to show what just changed).
    pub before: Option<&'a G>,
    /// The last record entry, in notation.
    pub last: Option<&'a str>,
    /// The game's in-turn state (selection, ghost…); `None` for a still picture.
    pub ui: Option<&'a G::Ui>,
    /// Legal targets and the turn band are shown only on the board being played.
    pub interactive: bool,
    pub settings: &'a Settings,
    pub names: &'a dyn Fn(Seat) -> String,
}

/// One seat's panel.
pub struct SeatPart {
    pub score: i32,
    /// A line under the name (pieces left, moves left…).
    pub facts: String,
}

/// The end of a game, as a game tells it.
pub struct OverPart {
    pub headline: String,
    /// Per seat: how the score is made up.
    pub breakdown: Vec<String>,
}

/// What a game puts on the play screen.
pub struct PlayParts {
    /// The turn banner's text.
    pub status: String,
    pub board: BoardView,
    pub seats: Vec<SeatPart>,
    /// The game's own buttons (pass, swap, count…), before undo/redo/share.
    pub controls: Html,
    /// Lines under the controls (a dice roll, a step counter…).
    pub info: Html,
    pub over: Option<OverPart>,
    /// The setup in a line (map, options).
    pub footer: String,
}

/// A game in play: the session (record, positions, undo) and the game's own in-turn
/// UI state.
#[derive(Clone, Debug)]
pub struct Played<G: GameUi> {
    pub session: Session<G>,
    pub ui: G::Ui,
    /// The board's outlines, computed once when the game opens.
    pub geo: Rc<Geometry>,
}

/// What every game's new-game screen is given.
#[derive(Properties, PartialEq)]
pub struct NewGameProps {
    /// Starts the game a record describes.
    pub on_start: Callback<Record>,
    /// Pre-filled setup and names (a rematch, "new game like this").
    #[prop_or_default]
    pub initial: Option<Record>,
}

impl NewGameProps {
    /// The setup to start the form from: the initial record's, else the default.
    pub fn initial_setup<G: Game>(&self) -> G::Setup {
        self.initial
            .as_ref()
            .and_then(|r| r.setup_of::<G>().ok())
            .unwrap_or_default()
    }

    /// The names fields' first contents, one a seat up to `seats`: the initial
    /// record's names, else empty (the fields show the default names).
    pub fn initial_names(&self, seats: usize) -> Vec<String> {
        let mut names = self
            .initial
            .as_ref()
            .map(|r| r.names.clone())
            .unwrap_or_default();
        names.resize(seats, String::new());
        names
    }
}

/// Everything a game's parts of the play screen are built from.
pub struct PartsCtx<'a, G: GameUi> {
    pub played: &'a Played<G>,
    pub settings: &'a Settings,
    pub feedback: &'a Feedback,
    /// Sends the player's inputs (the game's own buttons) to the app.
    pub emit: &'a Callback<Input>,
    /// Whether the position on screen can be played (not looking back, not over).
    pub interactive: bool,
}

impl<G: GameUi> PartsCtx<'_, G> {
    pub fn session(&self) -> &Session<G> {
        &self.played.session
    }

    /// A seat's name as shown now.
    pub fn name(&self, seat: Seat) -> String {
        G::seat_name(&self.played.session, seat)
    }

    /// The play screen's board: the position on screen, with the last move and, while
    /// it can be played, the game's in-turn state.
    pub fn board(&self) -> BoardView {
        let s = &self.played.session;
        let before = s.before_shown();
        let ply = s.shown_ply();
        let names = |x: Seat| self.name(x);
        let ctx = ViewCtx {
            geo: &self.played.geo,
            before: before.as_deref(),
            last: ply
                .checked_sub(1)
                .and_then(|i| s.record.moves.get(i))
                .map(String::as_str),
            ui: self.interactive.then_some(&self.played.ui),
            interactive: self.interactive,
            settings: self.settings,
            names: &names,
        };
        s.shown().view(&ctx)
    }

    /// A button for one of the game's commands.
    pub fn on<C: Any + std::fmt::Debug + Copy>(&self, c: C) -> Callback<MouseEvent> {
        self.emit.reform(move |_: MouseEvent| Input::command(c))
    }
}

/// A game's part of the app: what a cell shows, what a tap means, its controls,
/// new-game form and rules page, and its own in-turn state. One module a game
/// implements it; nothing else in the app knows a game's rules.
pub trait GameUi: Game + std::fmt::Debug + 'static {
    /// The game's in-turn UI state (a selected piece, a ghost, a piece chosen from the
    /// hand…), reset whenever the position changes under it.
    type Ui: Clone + Default + PartialEq + std::fmt::Debug + 'static;
    /// The game's own buttons.
    type Command: Copy + PartialEq + std::fmt::Debug + 'static;
    /// The new-game screen: the setup's options and the players' names.
    type NewGame: BaseComponent<Properties = NewGameProps>;
    /// The rules page, in our own words, with diagrams.
    type Rules: BaseComponent<Properties = ()>;

    /// What the home page says.
    const INFO: GameInfo;

    /// The board the game is drawn on.
    fn board_of(&self) -> &holdfast_rules::Board;

    /// The board's props for this position: pure.
    fn view(&self, ctx: &ViewCtx<'_, Self>) -> BoardView;
    /// A tap (or, with `ctx.confirm` false, Enter) on a cell. True when the game changed.
    fn tap(p: &mut Played<Self>, fb: &mut Feedback, c: CellId, ctx: &InputCtx) -> bool;
    /// A tap on a face between cells (Go boards). True when the game changed.
    fn tap_face(p: &mut Played<Self>, fb: &mut Feedback, face: u16, ctx: &InputCtx) -> bool {
        let _ = (p, fb, face, ctx);
        false
    }
    /// One of the game's buttons. True when the game changed.
    fn command(p: &mut Played<Self>, fb: &mut Feedback, c: Self::Command, ctx: &InputCtx) -> bool;
    /// The game's parts of the play screen.
    fn parts(ctx: &PartsCtx<'_, Self>) -> PlayParts;
    /// The sample position on the home page's card.
    fn demo_record() -> Record;

    /// A seat's name as the position shows it (Fortress: colours trade on a swap).
    fn seat_name(s: &Session<Self>, seat: Seat) -> String {
        s.name(seat)
    }
    /// The names of a new game's seats when the record gives none.
    fn default_names(players: usize) -> Vec<String> {
        (0..players)
            .map(|i| SEAT_NAMES[i % SEAT_NAMES.len()].to_string())
            .collect()
    }
    /// The setup in a few words, for the saved-games list.
    fn describe(setup: &Self::Setup) -> String {
        let _ = setup;
        Self::INFO.title.to_string()
    }
}

/// A game's new-game screen; `initial` pre-fills it.
pub fn new_game_of<G: GameUi>(on_start: Callback<Record>, initial: Option<Record>) -> Html {
    VChild::<G::NewGame>::new(NewGameProps { on_start, initial }, None).into()
}

/// A game's rules page.
pub fn rules_page<G: GameUi>() -> Html {
    VChild::<G::Rules>::new((), None).into()
}

impl<G: GameUi> Played<G> {
    /// Plays one of the game's buttons' moves: on success the in-turn state is
    /// forgotten, on refusal the board says why. True when the move was played.
    pub fn play_button(&mut self, fb: &mut Feedback, mv: G::Move, ctx: &InputCtx) -> bool {
        let played = fb.settle(&mut None, self.session.play(mv, ctx.now), ctx.names);
        if played {
            self.ui = G::Ui::default();
        }
        played
    }

    /// Opens a record, replaying it once.
    pub fn open(
        id: String,
        mut record: Record,
        redo: Vec<String>,
        updated: f64,
    ) -> Result<Played<G>, OpenError> {
        let unnamed = record.names.is_empty();
        if unnamed {
            // Named after the game's defaults (Island Wars: the seed's colours).
            let start: G = record.start().map_err(OpenError::Record)?;
            record.names = G::default_names(start.players());
        }
        let session = Session::<G>::open(id, record, redo, updated)?;
        let geo = Rc::new(geometry(session.game().board_of()));
        Ok(Played {
            session,
            ui: G::Ui::default(),
            geo,
        })
    }
}

/// A still picture of a position with the default seat names (previews, diagrams).
pub fn preview<G: GameUi>(g: &G) -> BoardView {
    still(g, None, None)
}

/// A still picture of `g`, showing what changed since `before` (the last entry `last`).
pub fn still<G: GameUi>(g: &G, before: Option<&G>, last: Option<&str>) -> BoardView {
    let names = |x: Seat| SEAT_NAMES[x as usize % SEAT_NAMES.len()].to_string();
    let geo = geometry(g.board_of());
    let settings = Settings::default();
    g.view(&ViewCtx {
        geo: &geo,
        before,
        last,
        ui: None,
        interactive: false,
        settings: &settings,
        names: &names,
    })
}

/// A rules diagram: the position a record reaches, with what its last entry changed.
pub fn record_diagram<G: GameUi>(record: Record, caption: &str) -> Html {
    match Session::<G>::open("rules".into(), record, vec![], 0.0) {
        Ok(s) => {
            let before = s.before_shown();
            let view = still(
                s.game(),
                before.as_deref(),
                s.record.moves.last().map(String::as_str),
            );
            figure(view, caption)
        }
        Err(_) => html! {},
    }
}

/// What the shared play screen shows of a game besides the game's own parts.
pub struct PlayView {
    pub parts: PlayParts,
    pub title: &'static str,
    pub names: Vec<String>,
    pub players: usize,
    /// The seat to move in the game (not the position looked back at).
    pub to_move: Option<Seat>,
    /// The seat to move and the winners in the position on screen.
    pub shown_to_move: Option<Seat>,
    pub shown_winners: Vec<Seat>,
    pub viewing: bool,
    /// Entries leading to the position on screen.
    pub ply: usize,
    pub record: Record,
    /// The seat that played each entry.
    pub movers: Vec<Seat>,
    /// The actions of the turn under way, in notation.
    pub turn: Vec<String>,
    pub can_redo: bool,
    /// Every seat's score after each entry (for the end-of-game chart).
    pub score_history: Vec<Vec<i32>>,
    pub final_scores: Vec<i32>,
}

/// A summary of a saved game for the home page, built once.
#[derive(Clone, Debug, PartialEq)]
pub struct Summary {
    pub title: &'static str,
    pub detail: String,
    pub over: bool,
    pub thumb: Rc<BoardView>,
}

/// A game in play, whichever it is: what the model and the screens hold.
pub trait PlayedGame: std::fmt::Debug {
    fn clone_box(&self) -> Box<dyn PlayedGame>;
    /// The game itself, for code that knows which it is (a game's own tests).
    fn as_any(&self) -> &dyn Any;
    fn id(&self) -> &str;
    fn record(&self) -> &Record;
    fn redo_line(&self) -> &[String];
    /// The storage form.
    fn saved(&self) -> SavedGame;
    fn title(&self) -> &'static str;
    fn players(&self) -> usize;
    /// Every seat's name, as shown now.
    fn names(&self) -> Vec<String>;
    fn is_over(&self) -> bool;
    fn viewing(&self) -> bool;
    fn undo(&mut self, now: f64) -> bool;
    fn redo(&mut self, now: f64) -> bool;
    fn view(&mut self, ply: Option<usize>);
    fn play_from_here(&mut self, now: f64);
    /// Forgets the in-turn UI state (a selection, a ghost).
    fn reset_ui(&mut self);
    /// True when there is no in-turn UI state to forget.
    fn ui_is_default(&self) -> bool;
    /// Plays an input; true when the game changed.
    fn input(&mut self, input: &Input, fb: &mut Feedback, ctx: &InputCtx) -> bool;
    /// The play screen's view of the game.
    fn play_view(&self, settings: &Settings, fb: &Feedback, emit: &Callback<Input>) -> PlayView;
    /// The home page's summary of the current position.
    fn summary(&self) -> Summary;
}

impl Clone for Box<dyn PlayedGame> {
    fn clone(&self) -> Self {
        self.clone_box()
    }
}

impl<G: GameUi> PlayedGame for Played<G> {
    fn clone_box(&self) -> Box<dyn PlayedGame> {
        Box::new(self.clone())
    }
    fn as_any(&self) -> &dyn Any {
        self
    }
    fn id(&self) -> &str {
        &self.session.id
    }
    fn record(&self) -> &Record {
        &self.session.record
    }
    fn redo_line(&self) -> &[String] {
        &self.session.redo
    }
    fn saved(&self) -> SavedGame {
        let s = &self.session;
        SavedGame {
            id: s.id.clone(),
            record: s.record.clone(),
            redo: s.redo.clone(),
            updated: s.updated,
        }
    }
    fn title(&self) -> &'static str {
        G::INFO.title
    }
    fn players(&self) -> usize {
        self.session.game().players()
    }
    fn names(&self) -> Vec<String> {
        (0..self.players())
            .map(|s| G::seat_name(&self.session, s as Seat))
            .collect()
    }
    fn is_over(&self) -> bool {
        self.session.game().is_over()
    }
    fn viewing(&self) -> bool {
        self.session.viewing.is_some()
    }
    fn undo(&mut self, now: f64) -> bool {
        self.session.undo(now)
    }
    fn redo(&mut self, now: f64) -> bool {
        self.session.redo(now)
    }
    fn view(&mut self, ply: Option<usize>) {
        self.session.view(ply)
    }
    fn play_from_here(&mut self, now: f64) {
        self.session.play_from_here(now)
    }
    fn reset_ui(&mut self) {
        self.ui = G::Ui::default();
    }
    fn ui_is_default(&self) -> bool {
        self.ui == G::Ui::default()
    }
    fn input(&mut self, input: &Input, fb: &mut Feedback, ctx: &InputCtx) -> bool {
        if self.session.viewing.is_some() {
            fb.refuse(
                &mut None,
                &MoveError::NotNow(
                    "You are looking back at an earlier position: go back to the game to play."
                        .into(),
                ),
                ctx.names,
            );
            return false;
        }
        match input {
            Input::Tap(c) => G::tap(self, fb, *c, ctx),
            Input::Key(c) => G::tap(
                self,
                fb,
                *c,
                &InputCtx {
                    confirm: false,
                    ..*ctx
                },
            ),
            Input::TapFace(f) => G::tap_face(self, fb, *f, ctx),
            Input::KeyFace(f) => G::tap_face(
                self,
                fb,
                *f,
                &InputCtx {
                    confirm: false,
                    ..*ctx
                },
            ),
            Input::Command(c) => match c.get::<G::Command>() {
                Some(c) => G::command(self, fb, c, ctx),
                None => false,
            },
            Input::Flag(..) => false,
        }
    }
    fn play_view(&self, settings: &Settings, fb: &Feedback, emit: &Callback<Input>) -> PlayView {
        let s = &self.session;
        let interactive = s.viewing.is_none() && !s.game().is_over();
        let parts = G::parts(&PartsCtx {
            played: self,
            settings,
            feedback: fb,
            emit,
            interactive,
        });
        let over = s.game().is_over();
        PlayView {
            parts,
            title: G::INFO.title,
            names: self.names(),
            players: self.players(),
            to_move: s.game().to_move(),
            shown_to_move: s.shown().to_move(),
            shown_winners: s.shown().winners(),
            viewing: s.viewing.is_some(),
            ply: s.shown_ply(),
            record: s.record.clone(),
            movers: (0..s.record.moves.len())
                .map(|i| s.positions[i].to_move().unwrap_or(0))
                .collect(),
            turn: s.turn_text(),
            can_redo: !s.redo.is_empty(),
            score_history: if over {
                s.positions.iter().map(|p| p.scores()).collect()
            } else {
                Vec::new()
            },
            final_scores: s.game().scores(),
        }
    }
    fn summary(&self) -> Summary {
        let s = &self.session;
        let names = |x: Seat| s.name(x);
        let settings = Settings::default();
        let thumb = s.game().view(&ViewCtx {
            geo: &self.geo,
            before: None,
            last: None,
            ui: None,
            interactive: false,
            settings: &settings,
            names: &names,
        });
        Summary {
            title: G::INFO.title,
            detail: G::describe(s.game().setup()),
            over: s.game().is_over(),
            thumb: Rc::new(thumb),
        }
    }
}

/// The open game as a `Played<G>`, when it is one.
pub fn played<G: GameUi>(g: &dyn PlayedGame) -> Option<&Played<G>> {
    g.as_any().downcast_ref()
}

/// Opens a record as a game of type `G`, in its game-blind form.
pub fn open_as<G: GameUi>(
    id: String,
    record: Record,
    redo: Vec<String>,
    updated: f64,
) -> Result<Box<dyn PlayedGame>, OpenError> {
    Played::<G>::open(id, record, redo, updated).map(|p| Box::new(p) as Box<dyn PlayedGame>)
}
