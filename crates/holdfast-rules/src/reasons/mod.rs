//! Why a move, a setup or a position is refused: typed, so that the app says each
//! reason in the player's language by a `match`, and each with its English
//! (`Display`), which the command line prints. A game's own reasons are in its file
//! here ([`fort::Why`], [`fort::SetupWhy`], …; each game's module shows them as its
//! own: `holdfast_rules::fort::Why`); those several games share are [`Reason`]'s and
//! [`SetupError`]'s own variants. Below the games (they all use it, and it uses
//! none of them): a new game adds its file here and its variant to each list.

pub mod citadel;
pub mod fort;
pub mod fortress;
pub mod frontier;
pub mod island_wars;

use crate::board::BoardError;

/// A cell's name in an error: kept inline (every board's names are short), so that
/// refusing a move, which listing legal moves does thousands of times, allocates
/// nothing; a longer name is boxed.
#[derive(Clone, PartialEq, Eq)]
pub enum CellName {
    Inline { len: u8, bytes: [u8; 22] },
    Boxed(Box<str>),
}

impl CellName {
    pub fn new(name: &str) -> CellName {
        CellName::joined("", name)
    }

    /// Two pieces of text as one name (`"face "` and a corner's name).
    pub fn joined(a: &str, b: &str) -> CellName {
        let len = a.len() + b.len();
        if len > 22 {
            return CellName::Boxed(format!("{a}{b}").into_boxed_str());
        }
        let mut bytes = [0u8; 22];
        bytes[..a.len()].copy_from_slice(a.as_bytes());
        bytes[a.len()..len].copy_from_slice(b.as_bytes());
        CellName::Inline {
            len: len as u8,
            bytes,
        }
    }

    pub fn as_str(&self) -> &str {
        match self {
            // Built from whole strings only, so always UTF-8.
            CellName::Inline { len, bytes } => {
                std::str::from_utf8(&bytes[..*len as usize]).unwrap_or("?")
            }
            CellName::Boxed(s) => s,
        }
    }
}

impl From<&str> for CellName {
    fn from(s: &str) -> CellName {
        CellName::new(s)
    }
}

impl From<String> for CellName {
    fn from(s: String) -> CellName {
        CellName::new(&s)
    }
}

impl std::ops::Deref for CellName {
    type Target = str;
    fn deref(&self) -> &str {
        self.as_str()
    }
}

impl std::fmt::Display for CellName {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

impl std::fmt::Debug for CellName {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        std::fmt::Debug::fmt(self.as_str(), f)
    }
}

/// What a move costs in ([`crate::game::MoveError::Cost`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unit {
    /// Citadel's credits.
    Credit,
}

impl Unit {
    /// In a sentence, one of it: `credit`.
    pub fn english(self) -> &'static str {
        match self {
            Unit::Credit => "credit",
        }
    }
}

/// What a JSON value is, when it is not what was wanted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum JsonKind {
    Null,
    Bool,
    Number,
    String,
    Array,
    Object,
}

impl JsonKind {
    pub fn of(v: &serde_json::Value) -> JsonKind {
        use serde_json::Value;
        match v {
            Value::Null => JsonKind::Null,
            Value::Bool(_) => JsonKind::Bool,
            Value::Number(_) => JsonKind::Number,
            Value::String(_) => JsonKind::String,
            Value::Array(_) => JsonKind::Array,
            Value::Object(_) => JsonKind::Object,
        }
    }

    /// In a sentence: `null`, `a boolean`, `an array`, ….
    pub fn english(self) -> &'static str {
        match self {
            JsonKind::Null => "null",
            JsonKind::Bool => "a boolean",
            JsonKind::Number => "a number",
            JsonKind::String => "a string",
            JsonKind::Array => "an array",
            JsonKind::Object => "an object",
        }
    }
}

/// Why a move is refused, typed: each game's own reasons, and those several games
/// share. Small and allocation-free in the common cases (listing legal moves
/// refuses thousands of times); `Display` gives the English the command line prints.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reason {
    /// The cell is not next to the one named (a step's target).
    NotNextTo(CellName),
    Fort(fort::Why),
    Fortress(fortress::Why),
    Citadel(citadel::Why),
    IslandWars(island_wars::Why),
    Frontier(frontier::Why),
}

impl std::fmt::Display for Reason {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Reason::NotNextTo(c) => write!(f, "not next to {c}"),
            Reason::Fort(w) => w.fmt(f),
            Reason::Fortress(w) => w.fmt(f),
            Reason::Citadel(w) => w.fmt(f),
            Reason::IslandWars(w) => w.fmt(f),
            Reason::Frontier(w) => w.fmt(f),
        }
    }
}

macro_rules! game_reasons {
    ($($game:ident: $why:ty, $setup:ty;)*) => {$(
        impl From<$why> for Reason {
            fn from(w: $why) -> Reason {
                Reason::$game(w)
            }
        }
        impl From<$setup> for SetupError {
            fn from(w: $setup) -> SetupError {
                SetupError::$game(w)
            }
        }
    )*};
}

game_reasons! {
    Fort: fort::Why, fort::SetupWhy;
    Fortress: fortress::Why, fortress::SetupWhy;
    Citadel: citadel::Why, citadel::SetupWhy;
    IslandWars: island_wars::Why, island_wars::SetupWhy;
    Frontier: frontier::Why, frontier::SetupWhy;
}

/// Why a setup cannot become a game: typed, so that the app can say it in the
/// player's language; `Display` gives the English the command line prints.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SetupError {
    /// A game's own reason.
    Fort(fort::SetupWhy),
    Fortress(fortress::SetupWhy),
    Citadel(citadel::SetupWhy),
    IslandWars(island_wars::SetupWhy),
    Frontier(frontier::SetupWhy),
    /// No cell of the board has that name (a position given by its parts).
    NoCell(String),
    /// The board could not be built.
    Board(BoardError),
    /// The setup is not of the game's shape: serde's own message.
    Json(String),
    /// The setup is not a JSON object but this.
    NotAnObject(JsonKind),
}

impl std::fmt::Display for SetupError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SetupError::Fort(w) => w.fmt(f),
            SetupError::Fortress(w) => w.fmt(f),
            SetupError::Citadel(w) => w.fmt(f),
            SetupError::IslandWars(w) => w.fmt(f),
            SetupError::Frontier(w) => w.fmt(f),
            SetupError::NoCell(n) => write!(f, "no cell {n}"),
            SetupError::Board(e) => e.fmt(f),
            SetupError::Json(e) => f.write_str(e),
            SetupError::NotAnObject(k) => {
                write!(f, "the setup must be a JSON object, not {}", k.english())
            }
        }
    }
}

impl std::error::Error for SetupError {}

impl From<BoardError> for SetupError {
    fn from(e: BoardError) -> Self {
        SetupError::Board(e)
    }
}

#[cfg(test)]
mod tests {
    use super::CellName;

    #[test]
    fn cell_names_short_and_long() {
        assert_eq!(CellName::new("c3").as_str(), "c3");
        assert!(matches!(CellName::new("c3"), CellName::Inline { .. }));
        let long = "a-very-long-region-name-indeed";
        assert_eq!(CellName::new(long).as_str(), long);
        assert!(matches!(CellName::new(long), CellName::Boxed(_)));
        assert_eq!(CellName::joined("face ", "k10").to_string(), "face k10");
        assert_eq!(format!("{:?}", CellName::new("é1")), "\"é1\"");
    }
}
