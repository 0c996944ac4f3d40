//! Frontier's reasons in the player's language: a `match` over the rules' own, the
//! English of each its key.

use holdfast_rules::frontier::{ListedAs, SetupWhy, Why};

use crate::i18n::{t, tf, Words};

impl Words for Why {
    fn words(&self) -> String {
        match self {
            Why::NotPlain => {
                t("forts are built on plain cells only, never on water or mountains")
            }
            Why::OnCity => t("a city cannot be built on"),
            Why::FortStands => t("a fort already stands there"),
            Why::OutOfReach => t("a fort must go on your territory or next to it"),
            Why::CanStillBuild => {
                t("You can still build: a pass is only for a player with no legal build.")
            }
            Why::GeneralsBuild => t("In mode 3 forts are built only by generals."),
            Why::GeneralsMode3 => t("Generals are part of mode 3 only."),
            Why::Mountains => t("generals never enter mountains"),
            Why::IntoCity => t("generals never enter a city"),
            Why::GeneralStands => t("another general stands there"),
            Why::Opponents => t("that is the opponent's territory"),
            Why::NoGeneral => t("none of your generals stands there"),
            Why::Ordered => t("this general has had its order this turn"),
            Why::FromWater => t("from water a general can only step onto land"),
            Why::FromWaterAdjacent => {
                t("from water a general can only step onto an adjacent land cell")
            }
            Why::StopsOnWater => t("a move stops on entering water"),
            Why::SomewhereNew => t("a move must end somewhere new"),
            Why::LeaveCity(city) => return tf(
                "The general in your city ({}) must leave it first: a general may not end the turn in the city while it has a legal order.",
                &[city],
            ),
        }
        .into()
    }
}

impl Words for SetupWhy {
    fn words(&self) -> String {
        match self {
            SetupWhy::Mode(m) => tf("mode must be 1, 2 or 3, not {}", &[m]),
            SetupWhy::FieldSize {
                width,
                height,
                min,
                max_width,
                max_height,
            } => tf(
                "the field must be {} to {} cells wide and {} to {} high, not {}x{}",
                &[min, max_width, min, max_height, width, height],
            ),
            SetupWhy::NoTurns => t("each player needs at least one turn").into(),
            SetupWhy::NotACell {
                listed,
                name,
                width,
                height,
            } => {
                let args: [&dyn std::fmt::Display; 3] =
                    [&holdfast_rules::text::quoted(name), width, height];
                match listed {
                    ListedAs::City => tf("city {} is not a cell of a {}x{} field", &args),
                    ListedAs::Water => tf("water {} is not a cell of a {}x{} field", &args),
                    ListedAs::Mountain => tf("mountain {} is not a cell of a {}x{} field", &args),
                }
            }
            SetupWhy::TwoCities => t("a Frontier setup names exactly two cities").into(),
            SetupWhy::CitiesNear(apart) => {
                tf("the cities must be at least {} cells apart", &[apart])
            }
            SetupWhy::Mode1Terrain => t("mode 1 has no water or mountains").into(),
            SetupWhy::CityAsWater(n) => tf("{} is a city and cannot be water", &[n]),
            SetupWhy::CityAsMountain(n) => tf("{} is a city and cannot be mountain", &[n]),
            SetupWhy::ListedTwice(n) => tf("{} is listed twice", &[n]),
        }
    }
}

#[cfg(test)]
mod tests {
    use holdfast_rules::frontier::{ListedAs, SetupWhy, Why};
    use holdfast_rules::{Reason, SetupError};

    use crate::i18n::{reasons_said_in_both, said_in_both};

    #[test]
    fn every_reason_is_said_as_the_rules_say_it_and_translated() {
        let whys = vec![
            Why::NotPlain,
            Why::OnCity,
            Why::FortStands,
            Why::OutOfReach,
            Why::CanStillBuild,
            Why::GeneralsBuild,
            Why::GeneralsMode3,
            Why::Mountains,
            Why::IntoCity,
            Why::GeneralStands,
            Why::Opponents,
            Why::NoGeneral,
            Why::Ordered,
            Why::FromWater,
            Why::FromWaterAdjacent,
            Why::StopsOnWater,
            Why::SomewhereNew,
            Why::LeaveCity("c1".into()),
        ];
        crate::i18n::every_variant!(whys; Why::NotPlain, Why::OnCity, Why::FortStands,
            Why::OutOfReach, Why::CanStillBuild, Why::GeneralsBuild, Why::GeneralsMode3,
            Why::Mountains, Why::IntoCity, Why::GeneralStands, Why::Opponents, Why::NoGeneral,
            Why::Ordered, Why::FromWater, Why::FromWaterAdjacent, Why::StopsOnWater,
            Why::SomewhereNew, Why::LeaveCity(_));
        reasons_said_in_both(&whys.into_iter().map(Reason::from).collect::<Vec<_>>());
        let mut setups = vec![
            SetupWhy::Mode(4),
            SetupWhy::FieldSize {
                width: 2,
                height: 30,
                min: 3,
                max_width: 40,
                max_height: 26,
            },
            SetupWhy::NoTurns,
            SetupWhy::TwoCities,
            SetupWhy::CitiesNear(3),
            SetupWhy::Mode1Terrain,
            SetupWhy::ListedTwice("d4".into()),
        ];
        for listed in [ListedAs::City, ListedAs::Water, ListedAs::Mountain] {
            setups.push(SetupWhy::NotACell {
                listed,
                name: "z9".into(),
                width: 9,
                height: 7,
            });
        }
        setups.push(SetupWhy::CityAsWater("b2".into()));
        setups.push(SetupWhy::CityAsMountain("b2".into()));
        crate::i18n::every_variant!(setups; SetupWhy::Mode(_), SetupWhy::FieldSize { .. },
            SetupWhy::NoTurns, SetupWhy::NotACell { .. }, SetupWhy::TwoCities,
            SetupWhy::CitiesNear(_), SetupWhy::Mode1Terrain, SetupWhy::CityAsWater(_), SetupWhy::CityAsMountain(_),
            SetupWhy::ListedTwice(_));
        said_in_both(&setups.into_iter().map(SetupError::from).collect::<Vec<_>>());
    }
}
