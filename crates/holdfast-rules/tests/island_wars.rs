//! Island Wars scenarios, on a small explicit map:
//!
//! ```text
//! a  ~ ~ ~ ~ ~ ~ ~
//! b   ~ 0 . . . 1 ~
//! c  ~ 0 . ~ . 1 ~
//! d   ~ . . . . . ~
//! e  ~ ~ ~ ~ ~ ~ ~
//! ```
use std::collections::BTreeMap;

use holdfast_rules::island_wars::{IslandMove, IslandSetup, IslandWars, Kind, ROUNDS, SUPPLY};
use holdfast_rules::{Game, MoveError};

fn setup(players: u8) -> IslandSetup {
    let mut water: Vec<String> = (1..=7).map(|i| format!("a{i}")).collect();
    water.extend((1..=7).map(|i| format!("e{i}")));
    water.extend(
        ["b1", "b7", "c1", "c4", "c7", "d1", "d7"]
            .iter()
            .map(|s| s.to_string()),
    );
    let mut colours = BTreeMap::new();
    colours.insert("b2".to_string(), 0);
    colours.insert("c2".to_string(), 0);
    colours.insert("b6".to_string(), 1);
    colours.insert("c6".to_string(), 1);
    IslandSetup {
        map: None,
        players,
        width: Some(7),
        height: Some(5),
        water,
        colours,
        seed: None,
        land: None,
    }
}

fn play(moves: &[&str]) -> IslandWars {
    let mut g = IslandWars::new(&setup(2)).unwrap();
    for (i, m) in moves.iter().enumerate() {
        g.play_entry(m)
            .unwrap_or_else(|e| panic!("move {i} {m}: {e}"));
    }
    g
}

fn colour(g: &IslandWars, n: &str) -> Option<u8> {
    g.colour(g.board().cell(n).unwrap())
}

fn why(r: Result<(), MoveError>) -> String {
    match r {
        Ok(()) => "accepted".into(),
        Err(e) => e.to_string(),
    }
}

#[test]
fn pieces_follow_the_seeds_table_and_turn_order() {
    assert_eq!(SUPPLY[0], [3, 2, 2], "Tan");
    assert_eq!(SUPPLY[5], [4, 1, 2], "Pink");
    let g = IslandWars::new(&setup(2)).unwrap();
    assert_eq!(g.free(0, Kind::Barracks), 3);
    assert_eq!(g.free(1, Kind::Port), 3, "Dark Green has three ports");
    assert_eq!(g.to_move(), Some(0));
}

#[test]
fn barracks_turn_neighbouring_land_but_not_occupied_or_guarded_hexes() {
    let g = play(&["B:b2"]);
    assert_eq!(colour(&g, "b3"), Some(0));
    assert_eq!(
        colour(&g, "c3"),
        Some(0),
        "c3 touches b2 (row b is shifted right)"
    );
    // Orange works along row b to b5, next to Blue's b6 and c6.
    let unguarded = play(&["B:b2", "pass", "B:b3", "pass", "B:b4", "pass", "b4>b5"]);
    assert_eq!(
        colour(&unguarded, "b6"),
        Some(0),
        "unguarded and empty: turned"
    );
    assert_eq!(colour(&unguarded, "c6"), Some(0));
    assert_eq!(
        colour(&unguarded, "b4"),
        Some(0),
        "the hex a barracks leaves keeps its colour"
    );
    // Blue's tower on c6 guards Blue's b6; the tower's own hex holds a piece.
    let guarded = play(&["B:b2", "T:c6", "B:b3", "pass", "B:b4", "pass", "b4>b5"]);
    assert_eq!(colour(&guarded, "b6"), Some(1), "guarded by the tower");
    assert_eq!(colour(&guarded, "c6"), Some(1), "holds Blue's piece");
    // A hex with another player's piece is never turned.
    let occupied = play(&["B:b2", "B:b6", "B:b3", "pass", "B:b4", "pass", "b4>b5"]);
    assert_eq!(colour(&occupied, "b6"), Some(1));
    assert_eq!(
        colour(&occupied, "c6"),
        Some(0),
        "c6 is unguarded and empty"
    );
}

#[test]
fn placement_needs_own_colour_or_secured_water_and_towers_do_not_stop_it() {
    let mut g = IslandWars::new(&setup(2)).unwrap();
    assert!(why(g.play_entry("B:d4")).contains("your colour"));
    assert!(why(g.play_entry("B:c4")).contains("land"));
    // A port on c3 needs c3 to be Orange's: first a barracks on c2 turns c3.
    let mut g = play(&["B:c2", "pass"]);
    assert_eq!(colour(&g, "c3"), Some(0));
    g.play_entry("P:c3").unwrap();
    let c4 = g.board().cell("c4").unwrap();
    assert_eq!(g.secured_by(c4), Some(0));
    g.play_entry("pass").unwrap();
    // Through the secured water Orange reaches c5, not its colour.
    assert_eq!(colour(&g, "c5"), None);
    g.play_entry("T:c5").unwrap();
    assert_eq!(
        colour(&g, "c5"),
        Some(0),
        "the hex becomes the placer's colour"
    );
}

#[test]
fn ports_touch_water_and_never_water_another_secures() {
    let mut g2 = play(&["B:c2", "pass", "P:c3"]);
    // Blue's port on c5 would touch c4, secured by Orange.
    g2.play_entry("B:c6").unwrap();
    g2.play_entry("pass").unwrap();
    assert!(why(g2.play_entry("P:c5")).contains("another player's port"));
    // A port must touch water.
    // A port must touch water: on the four-player map, an inland hex of Orange's.
    let mut g3 = IslandWars::new(&IslandSetup {
        players: 4,
        ..Default::default()
    })
    .unwrap();
    let inland = g3.board().cells().find(|&c| {
        g3.colour(c) == Some(0)
            && g3
                .board()
                .neighbours(c)
                .iter()
                .all(|&m| g3.board().terrain(m) != holdfast_rules::Terrain::Sea)
    });
    if let Some(c) = inland {
        assert!(why(g3.play(IslandMove::Place(Kind::Port, c))).contains("touch water"));
    }
}

#[test]
fn moving_barracks_and_ports() {
    // A barracks moves within Orange's colour and turns the land round its new hex;
    // the old hex keeps its colour.
    let mut g = play(&["B:b2", "pass"]);
    g.play_entry("b2>b3").unwrap();
    assert_eq!(colour(&g, "b2"), Some(0));
    assert_eq!(colour(&g, "b4"), Some(0));
    assert!(g.piece(g.board().cell("b2").unwrap()).is_none());
    // Towers never move; a move to the same hex is no move.
    let mut g = play(&["T:b2", "pass"]);
    assert!(why(g.play_entry("b2>b3")).contains("never move"));
    let mut g = play(&["B:b2", "pass"]);
    assert!(why(g.play_entry("b2>b2")).contains("same hex"));
    // Moving a port frees its water.
    let mut g = play(&["B:c2", "pass", "P:c3", "pass"]);
    let c4 = g.board().cell("c4").unwrap();
    assert_eq!(g.secured_by(c4), Some(0));
    g.play_entry("c3>b2").unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(g.secured_by(c4), None, "the port left c4's shore");
}

#[test]
fn twelve_rounds_then_the_score() {
    let mut g = IslandWars::new(&setup(3)).unwrap();
    for _ in 0..(ROUNDS as usize * 3 - 1) {
        g.play_entry("pass").unwrap();
    }
    assert!(!g.is_over());
    assert_eq!(g.round(), (12, 12));
    g.play_entry("pass").unwrap();
    assert!(g.is_over());
    assert_eq!(g.play_entry("pass"), Err(MoveError::GameOver));
}

#[test]
fn score_is_land_secured_water_and_the_territory_bonus() {
    let g = play(&["B:c2", "pass", "P:c3"]);
    let (land, water, bonus) = g.score_parts(0);
    assert_eq!(water, 1, "c4");
    assert_eq!(bonus, 0, "one territory earns no bonus");
    assert_eq!(g.scores()[0], land + water + bonus);
    // Two separate territories of 3 or more hexes: +1 each.
    let mut s = setup(2);
    for n in ["d4", "d5", "d6"] {
        s.colours.insert(n.to_string(), 0);
    }
    s.colours.insert("b4".to_string(), 0);
    let g = IslandWars::new(&s).unwrap();
    let (land, _, bonus) = g.score_parts(0);
    assert_eq!(land, 6);
    // Territories: {b2, c2} (2 hexes), {b4}, {d4, d5, d6} (3): only the last earns a point.
    assert_eq!(bonus, 1);
}

#[test]
fn shipped_and_generated_maps_build_for_every_player_count() {
    for players in 2..=6u8 {
        let g = IslandWars::new(&IslandSetup {
            players,
            ..Default::default()
        })
        .unwrap();
        assert!(
            g.scores().iter().all(|&s| s > 0),
            "every seat starts with land ({players} players)"
        );
        let g = IslandWars::new(&IslandSetup {
            players,
            map: Some("generated".into()),
            seed: Some(9),
            ..Default::default()
        })
        .unwrap();
        assert!(
            g.scores().iter().all(|&s| s >= 1),
            "{players}: {:?}",
            g.scores()
        );
    }
    assert!(IslandWars::new(&IslandSetup {
        players: 4,
        map: Some("isles-3".into()),
        ..Default::default()
    })
    .is_err());
    assert!(IslandWars::new(&IslandSetup {
        players: 7,
        ..Default::default()
    })
    .is_err());
}

// ---------------------------------------------------------------------------
// Over random games on shipped and generated maps: pieces stand on land of their
// owner's colour, and everyone plays twelve rounds.

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig { cases: 16, .. Default::default() })]

    #[test]
    fn random_island_wars_games_keep_the_rules(players in 2u8..=6, generated in proptest::prelude::any::<bool>(), seed in proptest::prelude::any::<u64>()) {
        let setup = IslandSetup {
            players,
            map: generated.then(|| "generated".to_string()),
            seed: generated.then_some(seed % 1000),
            ..Default::default()
        };
        let mut g = IslandWars::new(&setup).unwrap();
        let mut rng = holdfast_rules::rng::Rng::new(seed);
        let mut scratch = Vec::new();
        let mut played = 0;
        while let Some(m) = g.playout_move(&mut rng, &mut scratch) {
            g.play(m).unwrap();
            played += 1;
            for c in g.board().cells() {
                if let Some((s, _)) = g.piece(c) {
                    proptest::prop_assert_eq!(g.colour(c), Some(s));
                }
            }
        }
        proptest::prop_assert_eq!(played, ROUNDS as usize * players as usize);
    }
}

#[test]
fn the_search_estimate_adds_half_a_point_for_each_hex_no_barracks_can_take() {
    let est = |g: &IslandWars| {
        let mut e = Vec::new();
        g.estimate_into(&mut e);
        e
    };
    let start = IslandWars::new(&setup(2)).unwrap();
    let scores: Vec<f32> = start.scores().iter().map(|&s| s as f32).collect();
    assert_eq!(
        est(&start),
        scores,
        "no piece yet: the estimate is the score"
    );
    // A tower on c2 holds c2 itself and keeps b2 (its neighbour, Orange's) safe.
    let g = play(&["T:c2"]);
    let e = est(&g);
    assert_eq!(e[0], g.scores()[0] as f32 + 1.0);
    assert_eq!(e[1], g.scores()[1] as f32);
    // A barracks holds only its own hex, however much it turned.
    let g = play(&["B:b2"]);
    assert_eq!(est(&g)[0], g.scores()[0] as f32 + 0.5);
}
