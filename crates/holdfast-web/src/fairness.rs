//! How fair the shipped maps measured: each seat's share of the results between
//! equal computer players (level 2 in every seat, 200 games, `holdfast balance
//! --seed 1`; README "Fair maps"), first seat first, in percent; and Island Wars'
//! generated maps whose numbers measured fair. The maps' gallery and the new-game
//! screens say it. A map is fair when every seat is within 5 points of an equal
//! share.

use crate::i18n::{t, tf};

/// One map's measure: its game, its map (Fortress's id, Frontier's mode; empty:
/// Island Wars' shipped map for the seats), its seats, and each seat's share.
pub struct Measured {
    pub game: &'static str,
    pub map: &'static str,
    pub players: u8,
    pub shares: &'static [u8],
}

const fn m(game: &'static str, map: &'static str, players: u8, shares: &'static [u8]) -> Measured {
    Measured {
        game,
        map,
        players,
        shares,
    }
}

/// Every shipped map, as the README's table has it.
pub const MEASURED: &[Measured] = &[
    m("fortress", "classic", 2, &[46, 54]),
    m("fortress", "classic", 3, &[19, 26, 55]),
    m("fortress", "classic", 4, &[19, 18, 24, 39]),
    m("fortress", "hex", 2, &[47, 53]),
    m("fortress", "hex", 3, &[19, 26, 55]),
    m("fortress", "hex", 4, &[18, 28, 19, 35]),
    m("fortress", "square-8", 2, &[64, 36]),
    m("fortress", "square-8", 3, &[20, 29, 51]),
    m("fortress", "square-8", 4, &[11, 22, 32, 36]),
    m("fortress", "square-10", 2, &[77, 23]),
    m("fortress", "square-10", 3, &[18, 29, 53]),
    m("fortress", "square-10", 4, &[12, 17, 24, 47]),
    m("fortress", "archipelago", 2, &[83, 17]),
    m("fortress", "archipelago", 3, &[44, 32, 25]),
    m("fortress", "archipelago", 4, &[32, 36, 31, 1]),
    m("island-wars", "", 2, &[21, 79]),
    m("island-wars", "", 3, &[89, 4, 7]),
    m("island-wars", "", 4, &[38, 3, 37, 23]),
    m("island-wars", "", 5, &[18, 6, 5, 65, 6]),
    m("island-wars", "", 6, &[10, 5, 2, 76, 0, 6]),
    m("frontier", "1", 2, &[24, 76]),
    m("frontier", "2", 2, &[65, 35]),
    m("frontier", "3", 2, &[33, 67]),
];

/// Island Wars' generated maps measured fair, by seats (`holdfast balance
/// --seeds`): two players, seeds 1 to 54; three, 1 to 300. Four, five and six of
/// the usual land share: none (1 to 200, 1 to 120); four at 35% land: seed 139 of
/// 1 to 150; five at 60%: none of 1 to 150.
pub const FAIR_SEEDS: &[(u8, Option<u8>, &[u64])] = &[
    (2, None, &[2, 8, 10, 28, 54]),
    (3, None, &[101, 107]),
    // (Four players, 35% land: seeds 1 to 150, 23% 26% 25% 26% over 200 games.)
    (4, Some(35), &[139]),
];

/// Fortress's generated maps (half-turn symmetric, 14 x 10 tiles, 85% land) whose
/// numbers measured fair, by seats (`holdfast balance fortress --setup
/// '{"map":"generated","width":14,"height":10,"land":85}' --seeds 1..48`: from
/// 46/54 to 50/50 over 200 games; eight more passed the 50 games' screen).
pub const FORTRESS_FAIR_SEEDS: &[(u8, &[u64])] = &[(2, &[9, 11, 31, 40, 42, 44])];

/// What Fortress's new-game screen says of a generated map: its field (width,
/// height, land share, as the setup gives them) and number.
pub fn fortress_seed_words(
    players: u8,
    field: (Option<u16>, Option<u16>, Option<u8>),
    seed: u64,
) -> String {
    use holdfast_rules::fortress::maps::{FIELD, FIELD_LAND};
    let usual = field.0.unwrap_or(FIELD.0) == FIELD.0
        && field.1.unwrap_or(FIELD.1) == FIELD.1
        && field.2.unwrap_or(FIELD_LAND) == FIELD_LAND;
    let fair: &[u64] = FORTRESS_FAIR_SEEDS
        .iter()
        .find(|x| x.0 == players)
        .map_or(&[], |x| x.1);
    let list = fair
        .iter()
        .map(u64::to_string)
        .collect::<Vec<_>>()
        .join(", ");
    if !usual {
        t("A generated map of its own size or land share: the maps page's Find a fair map finds fair ones.").into()
    } else if fair.contains(&seed) {
        t("Generated from its number, and measured fair (within 5 points).").into()
    } else if fair.is_empty() {
        t("No generated map for this many players has measured fair yet.").into()
    } else {
        tf(
            "Not one of the numbers measured fair in advance: {}.",
            &[&list],
        )
    }
}

/// The measure of a map, if it was measured.
pub fn measured(game: &str, map: &str, players: u8) -> Option<&'static [u8]> {
    MEASURED
        .iter()
        .find(|x| x.game == game && x.map == map && x.players == players)
        .map(|x| x.shares)
}

/// The generated Island Wars maps for `players` seats that measured fair: the
/// land share they were drawn with (`None`: the usual 45%), and their numbers.
pub fn fair_seeds(players: u8) -> (Option<u8>, &'static [u64]) {
    FAIR_SEEDS
        .iter()
        .find(|x| x.0 == players)
        .map_or((None, &[]), |x| (x.1, x.2))
}

/// The most any seat is from an equal share, in points.
pub fn gap(shares: &[u8]) -> u32 {
    let even = 100.0 / shares.len().max(1) as f64;
    shares
        .iter()
        .map(|&s| (s as f64 - even).abs().round() as u32)
        .max()
        .unwrap_or(0)
}

/// Fair: every seat within 5 points of an equal share.
pub fn fair(shares: &[u8]) -> bool {
    gap(shares) <= 5
}

/// The measure in a sentence.
pub fn words(shares: &[u8]) -> String {
    let list = shares
        .iter()
        .map(|s| format!("{s}%"))
        .collect::<Vec<_>>()
        .join(" \u{b7} ");
    if fair(shares) {
        tf("Fair: each seat's share of wins {}", &[&list])
    } else {
        tf(
            "Unbalanced: each seat's share of wins {} ({} points from even)",
            &[&list, &gap(shares)],
        )
    }
}

/// What a new-game screen says of a generated Island Wars map.
pub fn seed_words(players: u8, land: Option<u8>, seed: u64) -> String {
    let (fair_land, fair) = fair_seeds(players);
    let list = || {
        fair.iter()
            .map(u64::to_string)
            .collect::<Vec<_>>()
            .join(", ")
    };
    if fair_land == land && fair.contains(&seed) {
        t("Generated from its number, and measured fair (within 5 points).").into()
    } else if fair.is_empty() {
        t("No generated map for this many players has measured fair yet.").into()
    } else if fair_land == land {
        tf(
            "Not one of the numbers measured fair in advance: {}.",
            &[&list()],
        )
    } else {
        tf(
            "Not measured fair. Fair ones: numbers {} with {}% land.",
            &[&list(), &fair_land.unwrap_or(45)],
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_measure_adds_up_and_the_verdicts_are_the_tables() {
        for x in MEASURED {
            let sum: u32 = x.shares.iter().map(|&s| s as u32).sum();
            assert!(
                (99..=101).contains(&sum),
                "{} {} {}",
                x.game,
                x.map,
                x.players
            );
            assert_eq!(x.shares.len(), x.players as usize);
        }
        // (README: only Fortress's Classic and Hexagon for two are fair.)
        let fair_ones: Vec<(&str, u8)> = MEASURED
            .iter()
            .filter(|x| fair(x.shares))
            .map(|x| (x.map, x.players))
            .collect();
        assert_eq!(fair_ones, [("classic", 2), ("hex", 2)]);
        assert_eq!(gap(&[21, 79]), 29);
        assert_eq!(measured("fortress", "hex", 4), Some(&[18, 28, 19, 35][..]));
        assert_eq!(measured("fortress", "moon", 2), None);
        assert_eq!(fair_seeds(2), (None, &[2, 8, 10, 28, 54][..]));
        assert_eq!(fair_seeds(4), (Some(35), &[139][..]));
        assert!(fair_seeds(6).1.is_empty());
    }

    #[test]
    fn fortress_generated_maps_say_whether_their_number_measured_fair() {
        let usual = (Some(14), Some(10), Some(85));
        let said = |players, field, seed| fortress_seed_words(players, field, seed);
        assert!(said(2, usual, 31).contains("measured fair"));
        assert!(said(2, (None, None, Some(85)), 11).contains("measured fair"));
        assert_eq!(
            said(2, usual, 3),
            "Not one of the numbers measured fair in advance: 9, 11, 31, 40, 42, 44."
        );
        assert!(said(2, (Some(6), Some(10), Some(85)), 11).contains("Find a fair map"));
        assert!(said(3, usual, 11).contains("No generated map"));
    }
}
