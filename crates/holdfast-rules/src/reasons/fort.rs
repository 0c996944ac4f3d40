//! Why Fort refuses an action or a position: typed, each with its English.

/// Why an action of Fort is refused (besides the reasons games share).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Why {
    /// The turn's three steps are taken: only the spawn is left.
    StepsTaken,
    /// A step from a cell with no dot.
    NoDot,
    /// A step of the other player's dot.
    NotYourDot,
    /// A step of a fort.
    FortsNeverMove,
    /// A step onto a fort.
    NeverEnterFort,
    /// A spawn on a cell that is not empty.
    SpawnNeedsEmpty,
    /// A spawn not next to one of the mover's forts.
    SpawnNextToFort,
    /// A spawn that would end a turn a third time in the same position.
    Repetition,
    /// A step after which no spawn is possible.
    NoSpawnAfter,
    /// Counting offered in the middle of a turn.
    CountMidTurn,
    /// A record entry that ends with a step.
    TurnEndsWithSpawn,
    /// A record entry with this action (a spawn or `count`) before its last.
    MustBeLast(String),
}

impl std::fmt::Display for Why {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Why::StepsTaken => "Three steps are taken: now spawn a dot next to one of your forts.",
            Why::NoDot => "there is no dot there",
            Why::NotYourDot => "that dot is not yours",
            Why::FortsNeverMove => "forts never move",
            Why::NeverEnterFort => "dots never enter a fort",
            Why::SpawnNeedsEmpty => "a spawn needs an empty cell",
            Why::SpawnNextToFort => "a spawn must be next to one of your forts",
            Why::Repetition => "not allowed: you have already ended a turn twice in the position this spawn makes (repetition rule)",
            Why::NoSpawnAfter => "after this step no spawn would be possible: the turn could not be completed",
            Why::CountMidTurn => "Counting is agreed between turns, not in the middle of one.",
            Why::TurnEndsWithSpawn => "A turn ends with a spawn (@cell).",
            Why::MustBeLast(a) => {
                return write!(f, "\u{201c}{a}\u{201d} must be the last action of its turn.")
            }
        })
    }
}

/// Why a Fort position cannot be set up (besides the reasons games share).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SetupWhy {
    /// The seat to move is not 0 or 1.
    SeatNotInGame(u8),
    /// A piece of no seat, or on a cell named twice.
    BadPiece(String),
    /// The board built is not Fort's.
    BoardSize,
}

impl std::fmt::Display for SetupWhy {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SetupWhy::SeatNotInGame(s) => write!(f, "seat {s} is not in a 2-player game"),
            SetupWhy::BadPiece(n) => write!(f, "bad piece on {n}"),
            SetupWhy::BoardSize => f.write_str("the Fort board has 61 cells"),
        }
    }
}
