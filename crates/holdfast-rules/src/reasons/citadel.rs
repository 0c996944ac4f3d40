//! Why Citadel refuses an action or a setup: typed, each with its English.

/// Why an action of Citadel is refused (besides the reasons games share).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Why {
    /// A citadel placed too near the edge.
    NearEdge,
    /// A citadel placed on a citadel.
    CitadelStands,
    /// A citadel placed next to another.
    CitadelsAdjacent,
    /// A citadel drafted twice.
    AlreadyTaken,
    /// A draft of a cell with no citadel.
    NoCitadel,
    /// A wall built on a wall.
    WallStands,
    /// A wall over a warrior or a citadel.
    WallCovers,
    /// A wall with none of the mover's warriors next to it.
    WallNearWarrior,
    /// A wall next to the warriors besieging the mover's citadel.
    WallBesieged,
    /// A destroy aimed at a face with no wall.
    NoWall,
    /// A destroy by a cell without one of the mover's warriors.
    DestroyNeedsWarrior,
    /// A destroy by a warrior not next to the wall.
    DestroyNotNext,
    /// A destroy by a warrior weaker than the wall.
    WeakerThanWall { strength: u32, wall: u32 },
    /// A recruit on a cell that is not empty.
    RecruitNeedsEmpty,
    /// A recruit not next to a citadel the mover controls (not surrounded).
    RecruitNearCitadel,
    /// A recruit when the board holds this many warriors already.
    BoardFull { warriors: u32 },
    /// An action of a warrior on a cell without one of the mover's.
    NoWarrior,
    /// A step that is not one cell orthogonally.
    StepOrthogonal,
    /// A step onto a cell that is not empty.
    StepOntoEmpty,
    /// An attack by a warrior used in an attack this turn.
    WarriorUsed,
    /// An attack on what is not an enemy warrior next to the attacker.
    AttackEnemyNext,
    /// An attack on a stronger warrior.
    Stronger { strength: u32, attacker: u32 },
    /// A siege of a warrior not surrounded at the turn's start.
    SiegeSurrounded,
    /// A third siege in one turn.
    SiegeLimit,
    /// Play while the citadels are being placed.
    Placing,
    /// Play while the citadels are being drafted.
    Drafting,
    /// A placement or a draft after the setup.
    SetupOver,
    /// A draw offered in the middle of a turn.
    DrawBetweenTurns,
    /// A setup action where play is checked.
    SetupAction,
    /// A wall's corner that no face has.
    NoFaceCorner,
}

impl std::fmt::Display for Why {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Why::NearEdge => "a citadel must stand at least two cells from every edge",
            Why::CitadelStands => "a citadel already stands there",
            Why::CitadelsAdjacent => "citadels cannot be next to each other",
            Why::AlreadyTaken => "that citadel is already taken",
            Why::NoCitadel => "there is no citadel there",
            Why::WallStands => "a wall already stands there",
            Why::WallCovers => "a wall cannot cover a warrior or a citadel",
            Why::WallNearWarrior => "a wall is built next to one of your warriors",
            Why::WallBesieged => {
                "your citadel is surrounded: no wall next to the warriors besieging it"
            }
            Why::NoWall => "There is no wall on that face.",
            Why::DestroyNeedsWarrior => "destroying a wall needs one of your warriors there",
            Why::DestroyNotNext => "the warrior must be next to a cell the wall covers",
            Why::WeakerThanWall { strength, wall } => {
                return write!(f, "strength {strength} is less than the wall's {wall}")
            }
            Why::RecruitNeedsEmpty => "a recruit needs an empty cell",
            Why::RecruitNearCitadel => {
                "recruits appear next to a citadel you control (and that is not surrounded)"
            }
            Why::BoardFull { warriors } => {
                return write!(
                    f,
                    "The board holds {warriors} warriors: no more can be recruited."
                )
            }
            Why::NoWarrior => "none of your warriors stands there",
            Why::StepOrthogonal => "a warrior moves one cell, orthogonally",
            Why::StepOntoEmpty => "a warrior moves only onto an empty cell",
            Why::WarriorUsed => "this warrior was used in an attack this turn",
            Why::AttackEnemyNext => "an attack is on an enemy warrior next to the attacker",
            Why::Stronger { strength, attacker } => {
                return write!(
                    f,
                    "its strength {strength} is greater than the attacker's {attacker}"
                )
            }
            Why::SiegeSurrounded => "only a warrior of a group surrounded at the start of your turn can be taken by siege",
            Why::SiegeLimit => "Two warriors have been taken by siege this turn already.",
            Why::Placing => "Citadels are still being placed.",
            Why::Drafting => "Citadels are still being drafted.",
            Why::SetupOver => "That belongs to the setup, which is over.",
            Why::DrawBetweenTurns => "A draw is agreed between turns.",
            Why::SetupAction => "That belongs to the setup.",
            Why::NoFaceCorner => "no face has that corner",
        })
    }
}

/// Why a Citadel setup or position cannot be (besides the reasons games share).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SetupWhy {
    /// A board size other than 19 or 13.
    Size(u16),
    /// A warrior of no seat on this cell.
    BadSeat(String),
    /// No face has this corner.
    NoFace(String),
}

impl std::fmt::Display for SetupWhy {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SetupWhy::Size(n) => write!(
                f,
                "Citadel is played on a 19x19 or a 13x13 board, not {n}x{n}"
            ),
            SetupWhy::BadSeat(n) => write!(f, "bad seat on {n}"),
            SetupWhy::NoFace(n) => write!(f, "no face {n}"),
        }
    }
}
