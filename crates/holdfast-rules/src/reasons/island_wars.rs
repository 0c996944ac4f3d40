//! Why Island Wars refuses an action or a setup: typed, each with its English.

/// Why an action of Island Wars is refused (besides the reasons games share).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Why {
    /// A piece on water.
    OnWater,
    /// A piece on a piece.
    PieceStands,
    /// A piece neither on the mover's colour nor next to water their ports secure.
    NotYourColour,
    /// A port not touching water.
    PortOffWater,
    /// A port touching water another player's port secures.
    TheirWater,
    /// A move from a hex without one of the mover's pieces.
    NoPiece,
    /// A tower moved.
    TowersNeverMove,
    /// A move to where the piece stands.
    SameHex,
    /// A piece of this kind (`barracks`, `tower`, `port`) placed when the mover has
    /// none left.
    NoneLeft(&'static str),
}

impl std::fmt::Display for Why {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Why::OnWater => "pieces go on land, not water",
            Why::PieceStands => "a piece already stands there",
            Why::NotYourColour => "a piece goes on your colour, or next to water your ports secure",
            Why::PortOffWater => "a port must touch water",
            Why::TheirWater => "a port may not touch water another player's port secures",
            Why::NoPiece => "none of your pieces stands there",
            Why::TowersNeverMove => "towers never move",
            Why::SameHex => "a move to the same hex is no move",
            Why::NoneLeft(kind) => return write!(f, "You have no {kind} left to place."),
        })
    }
}

/// Why an Island Wars setup cannot be played (besides the reasons games share).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SetupWhy {
    /// Not 2 to 6 players, but this many.
    Players(u8),
    /// A shipped map with another number of players than it is made for.
    MapPlayers { map: &'static str, players: u8 },
    /// A seed without the generated map.
    SeedNeedsGenerated,
    /// An explicit map without its width and height.
    FieldNeedsSize,
    /// A map named (this one) and an explicit map given.
    MapOrField(String),
    /// No map has this id: the id, and the shipped maps' ids (the generated map
    /// besides).
    UnknownMap { id: String, maps: Vec<&'static str> },
    /// An explicit map of this size, outside the sizes allowed.
    FieldSize { width: u16, height: u16 },
    /// Water on a hex the field (of this size) does not have.
    WaterNotAHex {
        name: String,
        width: u16,
        height: u16,
    },
    /// A water hex listed twice.
    WaterTwice(String),
    /// A colour on a hex the field (of this size) does not have.
    NotAHex {
        name: String,
        width: u16,
        height: u16,
    },
    /// A colour on water.
    WaterColour(String),
    /// A hex with the colour of a seat beyond the players.
    ColourSeat { name: String, seat: u8, players: u8 },
    /// A land share without the generated map.
    LandNeedsGenerated,
    /// A generated map of this size, outside the sizes allowed.
    GeneratedSize { width: u16, height: u16 },
    /// A generated map's land share outside 20 to 80 percent.
    Land(u8),
}

impl std::fmt::Display for SetupWhy {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SetupWhy::Players(n) => write!(f, "Island Wars takes 2 to 6 players, not {n}"),
            SetupWhy::MapPlayers { map, players } => {
                write!(f, "map {map} is made for {players} players")
            }
            SetupWhy::SeedNeedsGenerated => {
                f.write_str("a seed only draws a generated map (\"map\": \"generated\")")
            }
            SetupWhy::FieldNeedsSize => {
                f.write_str("an explicit map needs its width and height (or name a map instead)")
            }
            SetupWhy::MapOrField(id) => write!(
                f,
                "a setup either names a map ({id}) or gives width, height, water and colours, not both"
            ),
            SetupWhy::UnknownMap { id, maps } => write!(
                f,
                "unknown map {}: the maps are {}, generated",
                crate::quote::quoted(id),
                maps.join(", ")
            ),
            SetupWhy::FieldSize { width, height } => write!(
                f,
                "an explicit map needs width 2 to 40 and height 2 to 26, not {width}x{height}"
            ),
            SetupWhy::WaterNotAHex {
                name,
                width,
                height,
            } => write!(
                f,
                "water {} is not a hex of a {width}x{height} field",
                crate::quote::quoted(name)
            ),
            SetupWhy::WaterTwice(n) => write!(f, "water {n} is listed twice"),
            SetupWhy::NotAHex {
                name,
                width,
                height,
            } => write!(
                f,
                "{} is not a hex of a {width}x{height} field",
                crate::quote::quoted(name)
            ),
            SetupWhy::WaterColour(n) => write!(f, "{n} is water: only land has a colour"),
            SetupWhy::ColourSeat {
                name,
                seat,
                players,
            } => write!(
                f,
                "{name} has the colour of seat {seat}, but there are {players} players"
            ),
            SetupWhy::LandNeedsGenerated => {
                write!(f, "a land share only draws a generated map (\"map\": \"generated\")")
            }
            SetupWhy::GeneratedSize { width, height } => write!(
                f,
                "a generated map needs width 6 to 40 and height 5 to 26, not {width}x{height}"
            ),
            SetupWhy::Land(l) => write!(f, "a generated map's land is 20 to 80 percent, not {l}"),
        }
    }
}
