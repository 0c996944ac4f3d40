//! Fort's reasons in the player's language: a `match` over the rules' own, the
//! English of each its key.

use holdfast_rules::fort::{SetupWhy, Why};

use crate::i18n::{t, tf, Words};

impl Words for Why {
    fn words(&self) -> String {
        match self {
            Why::StepsTaken => {
                t("Three steps are taken: now spawn a dot next to one of your forts.")
            }
            Why::NoDot => t("there is no dot there"),
            Why::NotYourDot => t("that dot is not yours"),
            Why::FortsNeverMove => t("forts never move"),
            Why::NeverEnterFort => t("dots never enter a fort"),
            Why::SpawnNeedsEmpty => t("a spawn needs an empty cell"),
            Why::SpawnNextToFort => t("a spawn must be next to one of your forts"),
            Why::Repetition => t("not allowed: you have already ended a turn twice in the position this spawn makes (repetition rule)"),
            Why::NoSpawnAfter => t("after this step no spawn would be possible: the turn could not be completed"),
            Why::CountMidTurn => t("Counting is agreed between turns, not in the middle of one."),
            Why::TurnEndsWithSpawn => t("A turn ends with a spawn (@cell)."),
            Why::MustBeLast(a) => {
                return tf("\u{201c}{}\u{201d} must be the last action of its turn.", &[a])
            }
        }
        .into()
    }
}

impl Words for SetupWhy {
    fn words(&self) -> String {
        match self {
            SetupWhy::SeatNotInGame(s) => tf("seat {} is not in a 2-player game", &[s]),
            SetupWhy::BadPiece(n) => tf("bad piece on {}", &[n]),
            SetupWhy::BoardSize => t("the Fort board has 61 cells").into(),
        }
    }
}

#[cfg(test)]
mod tests {
    use holdfast_rules::fort::{SetupWhy, Why};
    use holdfast_rules::{Reason, SetupError};

    use crate::i18n::{reasons_said_in_both, said_in_both};

    #[test]
    fn every_reason_is_said_as_the_rules_say_it_and_translated() {
        let whys = vec![
            Why::StepsTaken,
            Why::NoDot,
            Why::NotYourDot,
            Why::FortsNeverMove,
            Why::NeverEnterFort,
            Why::SpawnNeedsEmpty,
            Why::SpawnNextToFort,
            Why::Repetition,
            Why::NoSpawnAfter,
            Why::CountMidTurn,
            Why::TurnEndsWithSpawn,
            Why::MustBeLast("@e2".into()),
        ];
        crate::i18n::every_variant!(whys; Why::StepsTaken, Why::NoDot, Why::NotYourDot,
            Why::FortsNeverMove, Why::NeverEnterFort, Why::SpawnNeedsEmpty,
            Why::SpawnNextToFort, Why::Repetition, Why::NoSpawnAfter, Why::CountMidTurn,
            Why::TurnEndsWithSpawn, Why::MustBeLast(_));
        reasons_said_in_both(&whys.into_iter().map(Reason::from).collect::<Vec<_>>());
        let setups = vec![
            SetupWhy::SeatNotInGame(2),
            SetupWhy::BadPiece("e4".into()),
            SetupWhy::BoardSize,
        ];
        crate::i18n::every_variant!(setups; SetupWhy::SeatNotInGame(_), SetupWhy::BadPiece(_),
            SetupWhy::BoardSize);
        said_in_both(&setups.into_iter().map(SetupError::from).collect::<Vec<_>>());
    }
}
