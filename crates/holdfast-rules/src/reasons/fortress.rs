//! Why Fortress refuses an action or a setup: typed, each with its English.

use super::CellName;
use crate::board::BoardError;

/// Why an action of Fortress is refused (besides the reasons games share).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Why {
    /// An attack without the dice option.
    AttacksDiceOnly,
    /// An attack on an area that is not an enemy's.
    EnemyOnly,
    /// An attack with none of the mover's pieces next to the area.
    NoPieceNext,
    /// After a failed attack: the piece to remove must be the mover's, next to this area.
    RemoveNextTo(CellName),
    /// A swap that is not the second player's first move.
    SwapSecondOnly,
    /// A removal with no failed attack to pay for.
    NoFailedAttack,
}

impl std::fmt::Display for Why {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Why::AttacksDiceOnly => "Attacks are only part of the dice option.",
            Why::EnemyOnly => "only an enemy area can be attacked",
            Why::NoPieceNext => "none of your pieces is next to it",
            Why::RemoveNextTo(c) => return write!(f, "remove a piece of yours next to {c}"),
            Why::SwapSecondOnly => "The swap is only allowed as the second player's first move.",
            Why::NoFailedAttack => "There is no failed attack to pay for.",
        })
    }
}

/// Why a Fortress setup cannot be played (besides the reasons games share).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SetupWhy {
    /// Not 2 to 4 players, but this many.
    Players(u8),
    /// A move limit of 0.
    NoMoves,
    /// The pie rule with other than 2 players.
    PieTwoPlayers,
    /// The 1983 rules with other than 2 players.
    Rules1983Players,
    /// The 1983 rules on another map.
    Rules1983Map,
    /// The 1983 rules with a move limit outside 1 to 54.
    Rules1983Limit,
    /// The 1983 rules with the dice option.
    Rules1983Dice,
    /// No map has this id: the id, and the maps' ids.
    UnknownMap { id: String, maps: Vec<&'static str> },
    /// This map's board could not be built.
    Map { id: String, error: BoardError },
    /// `"map": "custom"` without the map (`"regions"`).
    CustomNeedsRegions,
    /// A drawn map (`"regions"`) with another map named.
    RegionsNeedCustom,
    /// The drawn map cannot be played.
    Regions(RegionsWhy),
    /// A field's size or land share with a map other than `generated`.
    FieldNeedsGenerated,
    /// A generated map's size or land share out of range (as asked, the defaults
    /// where left out).
    Generated { width: u16, height: u16, land: u8 },
}

impl std::fmt::Display for SetupWhy {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            SetupWhy::Players(n) => return write!(f, "Fortress takes 2 to 4 players, not {n}"),
            SetupWhy::NoMoves => "moves_each must be at least 1",
            SetupWhy::PieTwoPlayers => "the pie rule is for 2 players",
            SetupWhy::Rules1983Players => "the 1983 rules are for 2 players",
            SetupWhy::Rules1983Map => "the 1983 rules are played on the classic 6x6 map",
            SetupWhy::Rules1983Limit => "under the 1983 rules the move limit is 1 to 54",
            SetupWhy::Rules1983Dice => "the dice option does not combine with the 1983 rules",
            SetupWhy::UnknownMap { id, maps } => {
                return write!(
                    f,
                    "unknown map {}: the maps are {}",
                    crate::quote::quoted(id),
                    maps.join(", ")
                )
            }
            SetupWhy::Map { id, error } => return write!(f, "map {id}: {error}"),
            SetupWhy::CustomNeedsRegions => "a custom map needs its regions",
            SetupWhy::RegionsNeedCustom => {
                "regions draw a map of their own: \"map\" must be \"custom\""
            }
            SetupWhy::Regions(why) => return write!(f, "{why}"),
            SetupWhy::FieldNeedsGenerated => {
                "width, height and land draw a generated map only (\"map\": \"generated\")"
            }
            SetupWhy::Generated {
                width,
                height,
                land,
            } => {
                return write!(
                    f,
                    "a generated map needs width 6 to 26, height 4 to 26 and land 50 to 100 percent, not {width}x{height} with {land}% land"
                )
            }
        })
    }
}

/// Why a drawn map cannot be played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RegionsWhy {
    /// No rows, rows of different lengths, or more than 40 x 26 tiles.
    Rows,
    /// A character listed (in names, sea, mountains, values, capacity or
    /// defence) that no tile has, or a key that is not one character.
    Unknown(String),
    /// An area both sea and mountain.
    Terrain(char),
    /// An area's name that is not `[a-z0-9-]+`, or that two areas share.
    Name(String),
    /// A value, capacity or defence out of range (capacity 0 too).
    Numbers(char),
    /// An area whose tiles are in two or more pieces.
    Split(char),
    /// Areas that do not all connect.
    Apart,
}

impl std::fmt::Display for RegionsWhy {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            // (The limits are regions::MAX_WIDTH and the others, said here as in
            // the other games' reasons.)
            RegionsWhy::Rows => write!(
                f,
                "a drawn map needs rows of equal length, at most 26 x 26 tiles"
            ),
            RegionsWhy::Unknown(k) => write!(
                f,
                "{} is listed but no tile is that area",
                crate::quote::quoted(k)
            ),
            RegionsWhy::Terrain(c) => write!(f, "area {c} is listed as both sea and mountain"),
            RegionsWhy::Name(n) => write!(
                f,
                "the area name {} is repeated, not of a-z, 0-9 and -, or one a move would be read as (pass, swap, or beginning with x or -)",
                crate::quote::quoted(n)
            ),
            RegionsWhy::Numbers(c) => {
                write!(f, "area {c}: value 0 to 9, capacity 1 to 9, defence 0 to 3")
            }
            RegionsWhy::Split(c) => write!(f, "area {c} is in more than one piece"),
            RegionsWhy::Apart => write!(f, "the map's areas are not all connected"),
        }
    }
}
