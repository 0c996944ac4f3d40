//! Island Wars' reasons in the player's language: a `match` over the rules' own,
//! the English of each its key.

use holdfast_rules::island_wars::{SetupWhy, Why};

use crate::i18n::{t, tf, Words};

impl Words for Why {
    fn words(&self) -> String {
        match self {
            Why::OnWater => t("pieces go on land, not water"),
            Why::PieceStands => t("a piece already stands there"),
            Why::NotYourColour => {
                t("a piece goes on your colour, or next to water your ports secure")
            }
            Why::PortOffWater => t("a port must touch water"),
            Why::TheirWater => t("a port may not touch water another player's port secures"),
            Why::NoPiece => t("none of your pieces stands there"),
            Why::TowersNeverMove => t("towers never move"),
            Why::SameHex => t("a move to the same hex is no move"),
            Why::NoneLeft(kind) => {
                let kind = match *kind {
                    "barracks" => t("barracks"),
                    "tower" => t("tower"),
                    "port" => t("port"),
                    other => other,
                };
                return tf("You have no {} left to place.", &[&kind]);
            }
        }
        .into()
    }
}

impl Words for SetupWhy {
    fn words(&self) -> String {
        let quoted = |n: &String| holdfast_rules::text::quoted(n);
        match self {
            SetupWhy::Players(n) => tf("Island Wars takes 2 to 6 players, not {}", &[n]),
            SetupWhy::MapPlayers { map, players } => {
                tf("map {} is made for {} players", &[map, players])
            }
            SetupWhy::SeedNeedsGenerated => {
                t("a seed only draws a generated map (\"map\": \"generated\")").into()
            }
            SetupWhy::FieldNeedsSize => {
                t("an explicit map needs its width and height (or name a map instead)").into()
            }
            SetupWhy::MapOrField(id) => tf(
                "a setup either names a map ({}) or gives width, height, water and colours, not both",
                &[id],
            ),
            SetupWhy::UnknownMap { id, maps } => tf(
                "unknown map {}: the maps are {}, generated",
                &[&quoted(id), &maps.join(", ")],
            ),
            SetupWhy::FieldSize { width, height } => tf(
                "an explicit map needs width 2 to 40 and height 2 to 26, not {}x{}",
                &[width, height],
            ),
            SetupWhy::WaterNotAHex {
                name,
                width,
                height,
            } => tf(
                "water {} is not a hex of a {}x{} field",
                &[&quoted(name), width, height],
            ),
            SetupWhy::WaterTwice(n) => tf("water {} is listed twice", &[n]),
            SetupWhy::NotAHex {
                name,
                width,
                height,
            } => tf(
                "{} is not a hex of a {}x{} field",
                &[&quoted(name), width, height],
            ),
            SetupWhy::WaterColour(n) => tf("{} is water: only land has a colour", &[n]),
            SetupWhy::ColourSeat {
                name,
                seat,
                players,
            } => tf(
                "{} has the colour of seat {}, but there are {} players",
                &[name, seat, players],
            ),
            SetupWhy::LandNeedsGenerated => {
                t("a land share only draws a generated map (\"map\": \"generated\")").into()
            }
            SetupWhy::GeneratedSize { width, height } => tf(
                "a generated map needs width 6 to 40 and height 5 to 26, not {}x{}",
                &[width, height],
            ),
            SetupWhy::Land(l) => tf("a generated map's land is 20 to 80 percent, not {}", &[l]),
        }
    }
}

#[cfg(test)]
mod tests {
    use holdfast_rules::island_wars::{SetupWhy, Why};
    use holdfast_rules::{Reason, SetupError};

    use crate::i18n::{reasons_said_in_both, said_in_both};

    #[test]
    fn every_reason_is_said_as_the_rules_say_it_and_translated() {
        let whys = vec![
            Why::OnWater,
            Why::PieceStands,
            Why::NotYourColour,
            Why::PortOffWater,
            Why::TheirWater,
            Why::NoPiece,
            Why::TowersNeverMove,
            Why::SameHex,
            Why::NoneLeft("barracks"),
            Why::NoneLeft("tower"),
            Why::NoneLeft("port"),
        ];
        crate::i18n::every_variant!(whys; Why::OnWater, Why::PieceStands, Why::NotYourColour,
            Why::PortOffWater, Why::TheirWater, Why::NoPiece, Why::TowersNeverMove,
            Why::SameHex, Why::NoneLeft(_));
        reasons_said_in_both(&whys.into_iter().map(Reason::from).collect::<Vec<_>>());
        let setups = vec![
            SetupWhy::Players(7),
            SetupWhy::MapPlayers {
                map: "twin-isles",
                players: 3,
            },
            SetupWhy::SeedNeedsGenerated,
            SetupWhy::FieldNeedsSize,
            SetupWhy::MapOrField("twin-isles".into()),
            SetupWhy::UnknownMap {
                id: "atlantis".into(),
                maps: vec!["twin-isles", "isles-3"],
            },
            SetupWhy::FieldSize {
                width: 50,
                height: 3,
            },
            SetupWhy::WaterNotAHex {
                name: "z1".into(),
                width: 5,
                height: 4,
            },
            SetupWhy::WaterTwice("b2".into()),
            SetupWhy::NotAHex {
                name: "z1".into(),
                width: 5,
                height: 4,
            },
            SetupWhy::WaterColour("b2".into()),
            SetupWhy::ColourSeat {
                name: "c3".into(),
                seat: 4,
                players: 2,
            },
            SetupWhy::LandNeedsGenerated,
            SetupWhy::GeneratedSize {
                width: 50,
                height: 4,
            },
            SetupWhy::Land(90),
        ];
        crate::i18n::every_variant!(setups; SetupWhy::Players(_), SetupWhy::MapPlayers { .. },
            SetupWhy::SeedNeedsGenerated, SetupWhy::FieldNeedsSize, SetupWhy::MapOrField(_),
            SetupWhy::UnknownMap { .. }, SetupWhy::FieldSize { .. },
            SetupWhy::WaterNotAHex { .. }, SetupWhy::WaterTwice(_), SetupWhy::NotAHex { .. },
            SetupWhy::WaterColour(_), SetupWhy::ColourSeat { .. }, SetupWhy::LandNeedsGenerated,
            SetupWhy::GeneratedSize { .. }, SetupWhy::Land(_));
        said_in_both(&setups.into_iter().map(SetupError::from).collect::<Vec<_>>());
    }
}
