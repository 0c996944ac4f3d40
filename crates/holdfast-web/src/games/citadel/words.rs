//! Citadel's reasons in the player's language: a `match` over the rules' own, the
//! English of each its key.

use holdfast_rules::citadel::{SetupWhy, Why};

use crate::i18n::{t, tf, Words};

impl Words for Why {
    fn words(&self) -> String {
        match self {
            Why::NearEdge => t("a citadel must stand at least two cells from every edge"),
            Why::CitadelStands => t("a citadel already stands there"),
            Why::CitadelsAdjacent => t("citadels cannot be next to each other"),
            Why::AlreadyTaken => t("that citadel is already taken"),
            Why::NoCitadel => t("there is no citadel there"),
            Why::WallStands => t("a wall already stands there"),
            Why::WallCovers => t("a wall cannot cover a warrior or a citadel"),
            Why::WallNearWarrior => t("a wall is built next to one of your warriors"),
            Why::WallBesieged => {
                t("your citadel is surrounded: no wall next to the warriors besieging it")
            }
            Why::NoWall => t("There is no wall on that face."),
            Why::DestroyNeedsWarrior => t("destroying a wall needs one of your warriors there"),
            Why::DestroyNotNext => t("the warrior must be next to a cell the wall covers"),
            Why::WeakerThanWall { strength, wall } => {
                return tf("strength {} is less than the wall's {}", &[strength, wall])
            }
            Why::RecruitNeedsEmpty => t("a recruit needs an empty cell"),
            Why::RecruitNearCitadel => t(
                "recruits appear next to a citadel you control (and that is not surrounded)",
            ),
            Why::BoardFull { warriors } => {
                return tf(
                    "The board holds {} warriors: no more can be recruited.",
                    &[warriors],
                )
            }
            Why::NoWarrior => t("none of your warriors stands there"),
            Why::StepOrthogonal => t("a warrior moves one cell, orthogonally"),
            Why::StepOntoEmpty => t("a warrior moves only onto an empty cell"),
            Why::WarriorUsed => t("this warrior was used in an attack this turn"),
            Why::AttackEnemyNext => t("an attack is on an enemy warrior next to the attacker"),
            Why::Stronger { strength, attacker } => {
                return tf(
                    "its strength {} is greater than the attacker's {}",
                    &[strength, attacker],
                )
            }
            Why::SiegeSurrounded => t("only a warrior of a group surrounded at the start of your turn can be taken by siege"),
            Why::SiegeLimit => t("Two warriors have been taken by siege this turn already."),
            Why::Placing => t("Citadels are still being placed."),
            Why::Drafting => t("Citadels are still being drafted."),
            Why::SetupOver => t("That belongs to the setup, which is over."),
            Why::DrawBetweenTurns => t("A draw is agreed between turns."),
            Why::SetupAction => t("That belongs to the setup."),
            Why::NoFaceCorner => t("no face has that corner"),
        }
        .into()
    }
}

impl Words for SetupWhy {
    fn words(&self) -> String {
        match self {
            SetupWhy::Size(n) => tf(
                "Citadel is played on a 19x19 or a 13x13 board, not {}x{}",
                &[n, n],
            ),
            SetupWhy::BadSeat(n) => tf("bad seat on {}", &[n]),
            SetupWhy::NoFace(n) => tf("no face {}", &[n]),
        }
    }
}

#[cfg(test)]
mod tests {
    use holdfast_rules::citadel::{SetupWhy, Why};
    use holdfast_rules::{Reason, SetupError};

    use crate::i18n::{reasons_said_in_both, said_in_both};

    #[test]
    fn every_reason_is_said_as_the_rules_say_it_and_translated() {
        let whys = vec![
            Why::NearEdge,
            Why::CitadelStands,
            Why::CitadelsAdjacent,
            Why::AlreadyTaken,
            Why::NoCitadel,
            Why::WallStands,
            Why::WallCovers,
            Why::WallNearWarrior,
            Why::WallBesieged,
            Why::NoWall,
            Why::DestroyNeedsWarrior,
            Why::DestroyNotNext,
            Why::WeakerThanWall {
                strength: 2,
                wall: 3,
            },
            Why::RecruitNeedsEmpty,
            Why::RecruitNearCitadel,
            Why::BoardFull { warriors: 100 },
            Why::NoWarrior,
            Why::StepOrthogonal,
            Why::StepOntoEmpty,
            Why::WarriorUsed,
            Why::AttackEnemyNext,
            Why::Stronger {
                strength: 4,
                attacker: 1,
            },
            Why::SiegeSurrounded,
            Why::SiegeLimit,
            Why::Placing,
            Why::Drafting,
            Why::SetupOver,
            Why::DrawBetweenTurns,
            Why::SetupAction,
            Why::NoFaceCorner,
        ];
        crate::i18n::every_variant!(whys; Why::NearEdge, Why::CitadelStands, Why::CitadelsAdjacent,
            Why::AlreadyTaken, Why::NoCitadel, Why::WallStands, Why::WallCovers,
            Why::WallNearWarrior, Why::WallBesieged, Why::NoWall, Why::DestroyNeedsWarrior,
            Why::DestroyNotNext, Why::WeakerThanWall { .. }, Why::RecruitNeedsEmpty,
            Why::RecruitNearCitadel, Why::BoardFull { .. }, Why::NoWarrior, Why::StepOrthogonal,
            Why::StepOntoEmpty, Why::WarriorUsed, Why::AttackEnemyNext, Why::Stronger { .. },
            Why::SiegeSurrounded, Why::SiegeLimit, Why::Placing, Why::Drafting, Why::SetupOver,
            Why::DrawBetweenTurns, Why::SetupAction, Why::NoFaceCorner);
        reasons_said_in_both(&whys.into_iter().map(Reason::from).collect::<Vec<_>>());
        let setups = vec![
            SetupWhy::Size(9),
            SetupWhy::BadSeat("d4".into()),
            SetupWhy::NoFace("t19".into()),
        ];
        crate::i18n::every_variant!(setups; SetupWhy::Size(_), SetupWhy::BadSeat(_),
            SetupWhy::NoFace(_));
        said_in_both(&setups.into_iter().map(SetupError::from).collect::<Vec<_>>());
    }
}
