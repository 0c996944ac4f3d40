//! One module a game: the board props it builds from a position, what a tap
//! means, its play screen parts, its new-game form and its rules page. This file
//! is the registry: a new game adds a variant, an entry in [`GAMES`] and the arms
//! of the `each!` macro, and touches no other game.

pub mod fort;
pub mod fortress;

use holdfast_rules::fort::Fort;
use holdfast_rules::fortress::Fortress;
use holdfast_rules::{Game, Record, Seat};

use crate::session::{OpenError, Session};
use crate::storage::SavedGame;

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
}

/// Runs the same expression on the session inside, whatever its game.
macro_rules! each {
    ($g:expr, $s:ident => $e:expr) => {
        match $g {
            AnyGame::Fortress($s) => $e,
            AnyGame::Fort($s) => $e,
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
        record: Record,
        redo: Vec<String>,
        updated: f64,
    ) -> Result<AnyGame, AnyOpenError> {
        let open = |e| AnyOpenError::Open(e);
        match record.game.as_str() {
            "fortress" => Session::open(id, record, redo, updated)
                .map(AnyGame::Fortress)
                .map_err(open),
            "fort" => Session::open(id, record, redo, updated)
                .map(AnyGame::Fort)
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
        _ => false,
    }
}

/// A record of a new game with default setup.
pub fn new_record(game: &str) -> Option<Record> {
    match game {
        "fortress" => Some(Record::new::<Fortress>(&Default::default())),
        "fort" => Some(Record::new::<Fort>(&Default::default())),
        _ => None,
    }
}
