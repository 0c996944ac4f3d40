//! One module a game: the board props it builds from a position, what a tap
//! means, its play screen parts, its new-game form and its rules page. This file
//! is the registry: a new game adds a variant, an entry in [`GAMES`] and the arms
//! of the `each!` macro, and touches no other game.

pub mod citadel;
pub mod fort;
pub mod fortress;
pub mod frontier;
pub mod island_wars;

use holdfast_rules::citadel::{Citadel, CitadelSetup};
use holdfast_rules::fort::Fort;
use holdfast_rules::fortress::Fortress;
use holdfast_rules::frontier::Frontier;
use holdfast_rules::island_wars::{IslandSetup, IslandWars};
use holdfast_rules::{CellId, Game, Record, Seat};
use yew::prelude::*;

use crate::board::{BoardView, SEAT_NAMES};
use crate::model::{Action, AppState};
use crate::session::{OpenError, Session};
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

/// The playable games, in the order the home page shows them.
pub const GAMES: &[GameInfo] = &[
    GameInfo {
        id: "fortress",
        title: "Fortress",
        blurb: "Place pieces; outgun your neighbours to clear them. The 1983 SSI classic on any map.",
        players: "2\u{2013}4 players",
        length: "about 10 minutes",
    },
    GameInfo {
        id: "fort",
        title: "Fort",
        blurb: "Walk, capture and claim with your dots, then spawn a new one next to a fort. Wall in your opponent.",
        players: "2 players",
        length: "about 20 minutes",
    },
    GameInfo {
        id: "frontier",
        title: "Frontier",
        blurb: "Build forts to take the land around them; in the hardest mode, generals march out of your city to build.",
        players: "2 players",
        length: "10 to 30 minutes",
    },
    GameInfo {
        id: "citadel",
        title: "Citadel",
        blurb: "Warriors, walls and citadels on a Go board: spend your credits, besiege, and get two citadels ahead.",
        players: "2 players",
        length: "30 to 60 minutes",
    },
    GameInfo {
        id: "island-wars",
        title: "Island Wars",
        blurb: "Barracks, towers and ports on islands: turn the land to your colour and secure the seas, for 2 to 6 players.",
        players: "2\u{2013}6 players",
        length: "12 rounds",
    },
];

/// The game information for an id.
pub fn info(id: &str) -> Option<&'static GameInfo> {
    GAMES.iter().find(|g| g.id == id)
}

/// A game in play, whichever it is.
#[derive(Clone, Debug)]
pub enum AnyGame {
    Fortress(Session<Fortress>),
    Fort(Session<Fort>),
    Frontier(Session<Frontier>),
    Citadel(Session<Citadel>),
    IslandWars(Session<IslandWars>),
}

/// Runs the same expression on the session inside, whatever its game.
macro_rules! each {
    ($g:expr, $s:ident => $e:expr) => {
        match $g {
            AnyGame::Fortress($s) => $e,
            AnyGame::Fort($s) => $e,
            AnyGame::Frontier($s) => $e,
            AnyGame::Citadel($s) => $e,
            AnyGame::IslandWars($s) => $e,
        }
    };
}

/// Why a record cannot be opened.
#[derive(Clone, Debug, PartialEq)]
pub enum AnyOpenError {
    Open(OpenError),
    NotPlayable(String),
}

impl std::fmt::Display for AnyOpenError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            AnyOpenError::Open(e) => write!(f, "{e}"),
            AnyOpenError::NotPlayable(g) => {
                write!(f, "this version cannot play games of {g:?} yet")
            }
        }
    }
}

impl AnyGame {
    /// Opens a record of any playable game.
    pub fn open(
        id: String,
        mut record: Record,
        redo: Vec<String>,
        updated: f64,
    ) -> Result<AnyGame, AnyOpenError> {
        let open = |e| AnyOpenError::Open(e);
        // Island Wars seats are named after the seed's colours unless named otherwise.
        if record.game == "island-wars" && record.names.is_empty() {
            let players = record
                .setup
                .get("players")
                .and_then(|p| p.as_u64())
                .unwrap_or(3) as usize;
            record.names = holdfast_rules::island_wars::COLOURS
                .iter()
                .take(players)
                .map(|c| c.to_string())
                .collect();
        }
        match record.game.as_str() {
            "fortress" => Session::open(id, record, redo, updated)
                .map(AnyGame::Fortress)
                .map_err(open),
            "fort" => Session::open(id, record, redo, updated)
                .map(AnyGame::Fort)
                .map_err(open),
            "frontier" => Session::open(id, record, redo, updated)
                .map(AnyGame::Frontier)
                .map_err(open),
            "citadel" => Session::open(id, record, redo, updated)
                .map(AnyGame::Citadel)
                .map_err(open),
            "island-wars" => Session::open(id, record, redo, updated)
                .map(AnyGame::IslandWars)
                .map_err(open),
            other => Err(AnyOpenError::NotPlayable(other.to_string())),
        }
    }

    /// Opens a saved game.
    pub fn from_saved(saved: SavedGame) -> Result<AnyGame, AnyOpenError> {
        AnyGame::open(saved.id, saved.record, saved.redo, saved.updated)
    }

    pub fn id(&self) -> &str {
        each!(self, s => &s.id)
    }

    pub fn record(&self) -> &Record {
        each!(self, s => &s.record)
    }

    pub fn redo_line(&self) -> &[String] {
        each!(self, s => &s.redo)
    }

    /// The storage form.
    pub fn saved(&self) -> SavedGame {
        each!(self, s => SavedGame { id: s.id.clone(), record: s.record.clone(), redo: s.redo.clone(), updated: s.updated })
    }

    pub fn undo(&mut self, now: f64) -> bool {
        each!(self, s => s.undo(now))
    }

    pub fn redo(&mut self, now: f64) -> bool {
        each!(self, s => s.redo(now))
    }

    pub fn view(&mut self, ply: Option<usize>) {
        each!(self, s => s.view(ply))
    }

    pub fn viewing(&self) -> bool {
        each!(self, s => s.viewing.is_some())
    }

    pub fn play_from_here(&mut self, now: f64) {
        each!(self, s => s.play_from_here(now))
    }

    pub fn is_over(&self) -> bool {
        each!(self, s => s.game().is_over())
    }

    pub fn players(&self) -> usize {
        each!(self, s => s.game().players())
    }

    /// A seat's name as the position on screen shows it.
    pub fn seat_name(&self, seat: Seat) -> String {
        match self {
            AnyGame::Fortress(s) => fortress::seat_name(s, seat),
            AnyGame::Fort(s) => s.name(seat),
            AnyGame::Frontier(s) => s.name(seat),
            AnyGame::Citadel(s) => s.name(seat),
            AnyGame::IslandWars(s) => s.name(seat),
        }
    }

    /// Every seat's name, as shown now.
    pub fn names(&self) -> Vec<String> {
        (0..self.players())
            .map(|s| self.seat_name(s as Seat))
            .collect()
    }

    /// The game's title.
    pub fn title(&self) -> &'static str {
        info(&self.record().game).map(|i| i.title).unwrap_or("Game")
    }
}

/// Whether a saved record still replays in this version.
pub fn replays(record: &Record) -> bool {
    match record.game.as_str() {
        "fortress" => matches!(record.replay::<Fortress>(), Ok((_, None))),
        "fort" => matches!(record.replay::<Fort>(), Ok((_, None))),
        "frontier" => matches!(record.replay::<Frontier>(), Ok((_, None))),
        "citadel" => matches!(record.replay::<Citadel>(), Ok((_, None))),
        "island-wars" => matches!(record.replay::<IslandWars>(), Ok((_, None))),
        _ => false,
    }
}

/// A record of a new game with default setup.
pub fn new_record(game: &str) -> Option<Record> {
    match game {
        "fortress" => Some(Record::new::<Fortress>(&Default::default())),
        "fort" => Some(Record::new::<Fort>(&Default::default())),
        "frontier" => Some(Record::new::<Frontier>(&Default::default())),
        "citadel" => Some(Record::new::<Citadel>(&CitadelSetup::default())),
        "island-wars" => Some(Record::new::<IslandWars>(&IslandSetup::default())),
        _ => None,
    }
}

impl AnyGame {
    /// A small non-interactive view of the current position.
    pub fn thumbnail_view(&self) -> BoardView {
        each!(self, s => thumbnail(s))
    }
}

/// What a board view is built from besides the position, for any game; each game
/// reads what it needs.
pub struct ViewCtx<'a, G> {
    /// The position one action earlier (to show what just changed).
    pub before: Option<&'a G>,
    /// The last record entry, in notation.
    pub last: Option<&'a str>,
    pub selected: Option<CellId>,
    pub ghost: Option<CellId>,
    /// The piece chosen from the hand (Island Wars).
    pub tool: u8,
    /// Show every strength (Citadel).
    pub all_strengths: bool,
    /// Legal targets and the turn band are shown only on the board being played.
    pub interactive: bool,
    pub names: &'a dyn Fn(Seat) -> String,
}

impl<'a, G> ViewCtx<'a, G> {
    /// A still picture: nothing selected, nothing to tap.
    pub fn still(names: &'a dyn Fn(Seat) -> String) -> Self {
        ViewCtx {
            before: None,
            last: None,
            selected: None,
            ghost: None,
            tool: 0,
            all_strengths: false,
            interactive: false,
            names,
        }
    }
}

/// A game the board component can draw.
pub trait GameView: Game {
    fn view(&self, ctx: &ViewCtx<'_, Self>) -> BoardView;
}

/// The play screen's board: the position on screen, with the last move, the
/// selection, the ghost and the legal targets while it can be played.
pub fn play_view<G: GameView>(s: &AppState, g: &Session<G>) -> BoardView {
    let interactive = g.viewing.is_none() && !g.game().is_over();
    let before = g.before_shown();
    let ply = g.shown_ply();
    let shown: Vec<String> = s.game.as_ref().map(|a| a.names()).unwrap_or_default();
    let names = |x: Seat| shown.get(x as usize).cloned().unwrap_or_default();
    let ctx = ViewCtx {
        before: before.as_ref(),
        last: ply
            .checked_sub(1)
            .and_then(|i| g.record.moves.get(i))
            .map(String::as_str),
        selected: s.ui.selected.filter(|_| interactive),
        ghost: s.ui.ghost.filter(|_| interactive),
        tool: s.ui.tool,
        all_strengths: s.settings.show_strengths,
        interactive,
        names: &names,
    };
    g.shown().view(&ctx)
}

/// A still picture of a position with the default seat names (previews, diagrams).
pub fn preview<G: GameView>(g: &G) -> BoardView {
    let names = |x: Seat| SEAT_NAMES[x as usize % SEAT_NAMES.len()].to_string();
    g.view(&ViewCtx::still(&names))
}

/// A small non-interactive view of a session's current position.
pub fn thumbnail<G: GameView>(s: &Session<G>) -> BoardView {
    let names = |x: Seat| s.name(x);
    s.game().view(&ViewCtx::still(&names))
}

/// A rules diagram: the position a record reaches, with what its last entry changed.
pub fn record_diagram<G: GameView>(record: Record, caption: &str) -> Html {
    match Session::<G>::open("rules".into(), record, vec![], 0.0) {
        Ok(s) => {
            let before = s.before_shown();
            let names = |x: Seat| SEAT_NAMES[x as usize % SEAT_NAMES.len()].to_string();
            let ctx = ViewCtx {
                before: before.as_ref(),
                last: s.record.moves.last().map(String::as_str),
                ..ViewCtx::still(&names)
            };
            figure(s.game().view(&ctx), caption)
        }
        Err(_) => html! {},
    }
}

/// The play screen of the open game.
pub fn play(s: &AppState, g: &AnyGame, dispatch: &Callback<Action>) -> Html {
    use crate::app::play_screen;
    match g {
        AnyGame::Fortress(x) => play_screen(s, x, fortress::play_parts(s, x, dispatch), dispatch),
        AnyGame::Fort(x) => play_screen(s, x, fort::play_parts(s, x, dispatch), dispatch),
        AnyGame::Frontier(x) => play_screen(s, x, frontier::play_parts(s, x, dispatch), dispatch),
        AnyGame::Citadel(x) => play_screen(s, x, citadel::play_parts(s, x, dispatch), dispatch),
        AnyGame::IslandWars(x) => {
            play_screen(s, x, island_wars::play_parts(s, x, dispatch), dispatch)
        }
    }
}

/// A game's new-game screen.
pub fn new_game_screen(game: &str, on_start: Callback<Record>, initial: Option<Record>) -> Html {
    match game {
        "fort" => html! { <fort::NewGame {on_start} {initial} /> },
        "frontier" => html! { <frontier::NewGame {on_start} {initial} /> },
        "citadel" => html! { <citadel::NewGame {on_start} {initial} /> },
        "island-wars" => html! { <island_wars::NewGame {on_start} {initial} /> },
        _ => html! { <fortress::NewGame {on_start} {initial} /> },
    }
}

/// A game's rules page.
pub fn rules_screen(game: &str) -> Html {
    match game {
        "fort" => html! { <fort::Rules /> },
        "frontier" => html! { <frontier::Rules /> },
        "citadel" => html! { <citadel::Rules /> },
        "island-wars" => html! { <island_wars::Rules /> },
        _ => html! { <fortress::Rules /> },
    }
}

/// The sample position on a game's home-page card.
pub fn demo_record(game: &str) -> Record {
    match game {
        "fort" => fort::demo_record(),
        "frontier" => frontier::demo_record(),
        "citadel" => citadel::demo_record(),
        "island-wars" => island_wars::demo_record(),
        _ => fortress::demo_record(),
    }
}
