//! Why Frontier refuses an action or a setup: typed, each with its English.

use super::CellName;

/// Why an action of Frontier is refused (besides the reasons games share).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Why {
    /// A fort on water or a mountain.
    NotPlain,
    /// A fort on a city.
    OnCity,
    /// A fort on a fort.
    FortStands,
    /// A build away from the mover's territory (modes 1–2).
    OutOfReach,
    /// A pass by a player who can build.
    CanStillBuild,
    /// A build or a pass in mode 3.
    GeneralsBuild,
    /// An order or the turn's end outside mode 3.
    GeneralsMode3,
    /// A general into mountains.
    Mountains,
    /// A general into a city.
    IntoCity,
    /// A general onto another.
    GeneralStands,
    /// A general into the opponent's territory.
    Opponents,
    /// An order on a cell without one of the mover's generals.
    NoGeneral,
    /// A second order to one general in a turn.
    Ordered,
    /// From water, a move or a build anywhere but onto land.
    FromWater,
    /// From water, a two-cell move.
    FromWaterAdjacent,
    /// A two-cell move on through water.
    StopsOnWater,
    /// A two-cell move back where it began.
    SomewhereNew,
    /// The turn's end with the mover's general in its city (this cell) and an order left.
    LeaveCity(CellName),
}

impl std::fmt::Display for Why {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Why::NotPlain => "forts are built on plain cells only, never on water or mountains",
            Why::OnCity => "a city cannot be built on",
            Why::FortStands => "a fort already stands there",
            Why::OutOfReach => "a fort must go on your territory or next to it",
            Why::CanStillBuild => {
                "You can still build: a pass is only for a player with no legal build."
            }
            Why::GeneralsBuild => "In mode 3 forts are built only by generals.",
            Why::GeneralsMode3 => "Generals are part of mode 3 only.",
            Why::Mountains => "generals never enter mountains",
            Why::IntoCity => "generals never enter a city",
            Why::GeneralStands => "another general stands there",
            Why::Opponents => "that is the opponent's territory",
            Why::NoGeneral => "none of your generals stands there",
            Why::Ordered => "this general has had its order this turn",
            Why::FromWater => "from water a general can only step onto land",
            Why::FromWaterAdjacent => {
                "from water a general can only step onto an adjacent land cell"
            }
            Why::StopsOnWater => "a move stops on entering water",
            Why::SomewhereNew => "a move must end somewhere new",
            Why::LeaveCity(city) => return write!(
                f,
                "The general in your city ({city}) must leave it first: a general may not end the turn in the city while it has a legal order."
            ),
        })
    }
}

/// What a setup lists a cell as.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ListedAs {
    City,
    Water,
    Mountain,
}

impl ListedAs {
    pub fn english(self) -> &'static str {
        match self {
            ListedAs::City => "city",
            ListedAs::Water => "water",
            ListedAs::Mountain => "mountain",
        }
    }
}

/// Why a Frontier setup cannot be played (besides the reasons games share).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SetupWhy {
    /// A mode other than 1, 2 or 3.
    Mode(u8),
    /// A field of this size, outside the sizes allowed (`min` to `max_width` wide,
    /// `min` to `max_height` high).
    FieldSize {
        width: u16,
        height: u16,
        min: u16,
        max_width: u16,
        max_height: u16,
    },
    /// No turns.
    NoTurns,
    /// A cell listed that the field (of this size) does not have.
    NotACell {
        listed: ListedAs,
        name: String,
        width: u16,
        height: u16,
    },
    /// Not two cities.
    TwoCities,
    /// Cities nearer than this many cells.
    CitiesNear(u32),
    /// Water or mountains in mode 1.
    Mode1Terrain,
    /// A city listed as water too.
    CityAsWater(String),
    /// A city listed as a mountain too.
    CityAsMountain(String),
    /// A cell listed twice as water or mountain.
    ListedTwice(String),
}

impl std::fmt::Display for SetupWhy {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SetupWhy::Mode(m) => write!(f, "mode must be 1, 2 or 3, not {m}"),
            SetupWhy::FieldSize {
                width,
                height,
                min,
                max_width,
                max_height,
            } => write!(
                f,
                "the field must be {min} to {max_width} cells wide and {min} to {max_height} high, not {width}x{height}"
            ),
            SetupWhy::NoTurns => f.write_str("each player needs at least one turn"),
            SetupWhy::NotACell {
                listed,
                name,
                width,
                height,
            } => write!(
                f,
                "{} {} is not a cell of a {width}x{height} field",
                listed.english(),
                crate::quote::quoted(name)
            ),
            SetupWhy::TwoCities => f.write_str("a Frontier setup names exactly two cities"),
            SetupWhy::CitiesNear(apart) => {
                write!(f, "the cities must be at least {apart} cells apart")
            }
            SetupWhy::Mode1Terrain => f.write_str("mode 1 has no water or mountains"),
            SetupWhy::CityAsWater(n) => write!(f, "{n} is a city and cannot be water"),
            SetupWhy::CityAsMountain(n) => write!(f, "{n} is a city and cannot be mountain"),
            SetupWhy::ListedTwice(n) => write!(f, "{n} is listed twice"),
        }
    }
}
