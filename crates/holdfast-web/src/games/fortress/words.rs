//! Fortress's reasons in the player's language: a `match` over the rules' own, the
//! English of each its key.

use holdfast_rules::fortress::regions::RegionsWhy;
use holdfast_rules::fortress::{SetupWhy, Why};

use crate::i18n::{t, tf, Words};

impl Words for Why {
    fn words(&self) -> String {
        match self {
            Why::AttacksDiceOnly => t("Attacks are only part of the dice option."),
            Why::EnemyOnly => t("only an enemy area can be attacked"),
            Why::NoPieceNext => t("none of your pieces is next to it"),
            Why::RemoveNextTo(c) => return tf("remove a piece of yours next to {}", &[c]),
            Why::SwapSecondOnly => t("The swap is only allowed as the second player's first move."),
            Why::NoFailedAttack => t("There is no failed attack to pay for."),
        }
        .into()
    }
}

impl Words for SetupWhy {
    fn words(&self) -> String {
        match self {
            SetupWhy::Players(n) => return tf("Fortress takes 2 to 4 players, not {}", &[n]),
            SetupWhy::NoMoves => t("moves_each must be at least 1"),
            SetupWhy::PieTwoPlayers => t("the pie rule is for 2 players"),
            SetupWhy::Rules1983Players => t("the 1983 rules are for 2 players"),
            SetupWhy::Rules1983Map => t("the 1983 rules are played on the classic 6x6 map"),
            SetupWhy::Rules1983Limit => t("under the 1983 rules the move limit is 1 to 54"),
            SetupWhy::Rules1983Dice => t("the dice option does not combine with the 1983 rules"),
            SetupWhy::UnknownMap { id, maps } => {
                return tf(
                    "unknown map {}: the maps are {}",
                    &[&holdfast_rules::text::quoted(id), &maps.join(", ")],
                )
            }
            SetupWhy::Map { id, error } => return tf("map {}: {}", &[id, &error.words()]),
            SetupWhy::CustomNeedsRegions => t("a custom map needs its regions"),
            SetupWhy::RegionsNeedCustom => {
                t("regions draw a map of their own: \"map\" must be \"custom\"")
            }
            SetupWhy::Regions(why) => return why.words(),
            SetupWhy::FieldNeedsGenerated => {
                t("width, height and land draw a generated map only (\"map\": \"generated\")")
            }
            SetupWhy::Generated {
                width,
                height,
                land,
            } => {
                return tf(
                    "a generated map needs width 6 to 26, height 4 to 26 and land 50 to 100 percent, not {}x{} with {}% land",
                    &[width, height, land],
                )
            }
        }
        .into()
    }
}

impl Words for RegionsWhy {
    fn words(&self) -> String {
        use holdfast_rules::fortress::regions::{
            MAX_CAPACITY, MAX_DEFENCE, MAX_HEIGHT, MAX_VALUE, MAX_WIDTH,
        };
        let quoted = |n: &String| holdfast_rules::text::quoted(n);
        match self {
            RegionsWhy::Rows => tf(
                "a drawn map needs rows of equal length, at most {} x {} tiles",
                &[&MAX_WIDTH, &MAX_HEIGHT],
            ),
            RegionsWhy::Unknown(k) => tf("{} is listed but no tile is that area", &[&quoted(k)]),
            RegionsWhy::Terrain(c) => tf("area {} is listed as both sea and mountain", &[c]),
            RegionsWhy::Name(n) => tf(
                "the area name {} is repeated, not of a-z, 0-9 and -, or one a move would be read as (pass, swap, or beginning with x or -)",
                &[&quoted(n)],
            ),
            RegionsWhy::Numbers(c) => tf(
                "area {}: value 0 to {}, capacity 1 to {}, defence 0 to {}",
                &[c, &MAX_VALUE, &MAX_CAPACITY, &MAX_DEFENCE],
            ),
            RegionsWhy::Split(c) => tf("area {} is in more than one piece", &[c]),
            RegionsWhy::Apart => t("the map's areas are not all connected").into(),
        }
    }
}

#[cfg(test)]
mod tests {
    use holdfast_rules::board::BoardError;
    use holdfast_rules::fortress::regions::RegionsWhy;
    use holdfast_rules::fortress::{SetupWhy, Why};
    use holdfast_rules::{Reason, SetupError};

    use crate::i18n::{reasons_said_in_both, said_in_both};

    #[test]
    fn every_reason_is_said_as_the_rules_say_it_and_translated() {
        let whys = vec![
            Why::AttacksDiceOnly,
            Why::EnemyOnly,
            Why::NoPieceNext,
            Why::RemoveNextTo("c3".into()),
            Why::SwapSecondOnly,
            Why::NoFailedAttack,
        ];
        crate::i18n::every_variant!(whys; Why::AttacksDiceOnly, Why::EnemyOnly, Why::NoPieceNext,
            Why::RemoveNextTo(_), Why::SwapSecondOnly, Why::NoFailedAttack);
        reasons_said_in_both(&whys.into_iter().map(Reason::from).collect::<Vec<_>>());
        let setups = vec![
            SetupWhy::Players(5),
            SetupWhy::NoMoves,
            SetupWhy::PieTwoPlayers,
            SetupWhy::Rules1983Players,
            SetupWhy::Rules1983Map,
            SetupWhy::Rules1983Limit,
            SetupWhy::Rules1983Dice,
            SetupWhy::UnknownMap {
                id: "moon".into(),
                maps: vec!["classic", "hex"],
            },
            SetupWhy::Map {
                id: "generated".into(),
                error: BoardError::Disconnected,
            },
            SetupWhy::CustomNeedsRegions,
            SetupWhy::RegionsNeedCustom,
            SetupWhy::FieldNeedsGenerated,
            SetupWhy::Generated {
                width: 5,
                height: 4,
                land: 40,
            },
        ];
        let regions = vec![
            RegionsWhy::Rows,
            RegionsWhy::Unknown("AB".into()),
            RegionsWhy::Terrain('C'),
            RegionsWhy::Name("x y".into()),
            RegionsWhy::Numbers('D'),
            RegionsWhy::Split('E'),
            RegionsWhy::Apart,
        ];
        crate::i18n::every_variant!(regions; RegionsWhy::Rows, RegionsWhy::Unknown(_),
            RegionsWhy::Terrain(_), RegionsWhy::Name(_),
            RegionsWhy::Numbers(_), RegionsWhy::Split(_), RegionsWhy::Apart);
        let setups: Vec<SetupWhy> = setups
            .into_iter()
            .chain(regions.into_iter().map(SetupWhy::Regions))
            .collect();
        crate::i18n::every_variant!(setups; SetupWhy::Players(_), SetupWhy::NoMoves,
            SetupWhy::PieTwoPlayers, SetupWhy::Rules1983Players, SetupWhy::Rules1983Map,
            SetupWhy::Rules1983Limit, SetupWhy::Rules1983Dice, SetupWhy::UnknownMap { .. },
            SetupWhy::Map { .. }, SetupWhy::CustomNeedsRegions, SetupWhy::RegionsNeedCustom,
            SetupWhy::Regions(_), SetupWhy::FieldNeedsGenerated, SetupWhy::Generated { .. });
        said_in_both(&setups.into_iter().map(SetupError::from).collect::<Vec<_>>());
    }
}
