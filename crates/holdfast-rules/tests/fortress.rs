//! Fortress scenarios.

use holdfast_rules::fortress::{Credit, Fortress, FortressMove, FortressSetup, RuleSet};
use holdfast_rules::rng::Rng;
use holdfast_rules::{Game, MoveError};

fn setup(map: &str, players: u8) -> FortressSetup {
    FortressSetup {
        map: map.into(),
        players,
        ..Default::default()
    }
}

fn play(setup: &FortressSetup, moves: &[&str]) -> Fortress {
    let mut g = Fortress::new(setup).expect("setup");
    for (i, m) in moves.iter().enumerate() {
        g.play_entry(m)
            .unwrap_or_else(|e| panic!("move {i} {m}: {e}"));
    }
    g
}

fn at(g: &Fortress, cell: &str) -> Option<(u8, u8)> {
    let c = g.board().cell(cell).expect("cell");
    g.holder(c).map(|h| (h, g.count(c)))
}

#[test]
fn a_capture_needs_more_attack_than_defence() {
    let s = setup("classic", 2);
    // Red c3; Blue c4 (defence 1). Red b4 gives attack 2 > 1.
    let g = play(&s, &["c3", "c4"]);
    assert_eq!(at(&g, "c4"), Some((1, 1)));
    let g = play(&s, &["c3", "c4", "b4"]);
    assert_eq!(at(&g, "c4"), None, "c4 captured");
    assert_eq!(at(&g, "c3"), Some((0, 1)));
    // Equal attack and defence is no capture: Blue c5 backs c4 up.
    let g = play(&s, &["c3", "c4", "b4", "c5", "b5"]);
    assert_eq!(at(&g, "c5"), Some((1, 1)));
}

#[test]
fn captures_chain_through_weakened_neighbours() {
    let s = setup("classic", 2);
    let before = play(&s, &["c3", "c4", "b5", "c5", "d5", "a1", "b4", "a2"]);
    assert_eq!(at(&before, "c4"), Some((1, 1)));
    assert_eq!(at(&before, "c5"), Some((1, 1)));
    assert_eq!(before.defence(before.board().cell("c4").unwrap()), 2);
    let g = play(&s, &["c3", "c4", "b5", "c5", "d5", "a1", "b4", "a2", "d4"]);
    // d4 makes c4 fall (3 > 2); c5 then has defence 1 against b5 + d5 = 2.
    assert_eq!(at(&g, "c4"), None);
    assert_eq!(at(&g, "c5"), None);
    assert_eq!(at(&g, "a1"), Some((1, 1)));
}

#[test]
fn an_area_left_in_danger_falls_on_the_next_placement_anywhere() {
    let s = setup("classic", 2);
    // Blue places d3 between Red's d2 and e3: defence 1 against attack 2, but
    // nothing is taken on Blue's own move.
    let g = play(&s, &["d2", "a6", "e3", "d3"]);
    assert_eq!(at(&g, "d3"), Some((1, 1)));
    // Red's next placement, far away, clears it.
    let g = play(&s, &["d2", "a6", "e3", "d3", "f6"]);
    assert_eq!(at(&g, "d3"), None);
}

#[test]
fn capacity_and_enemy_areas_refuse_placements() {
    let s = setup("classic", 2);
    let mut g = play(&s, &["c3", "pass", "c3", "pass", "c3", "pass"]);
    assert_eq!(at(&g, "c3"), Some((0, 3)));
    let err = g.play_entry("c3").unwrap_err();
    assert!(
        matches!(err, MoveError::Full { capacity: 3, .. }),
        "{err:?}"
    );
    g.play_entry("a1").unwrap();
    let err = g.play_entry("c3").unwrap_err();
    assert!(matches!(err, MoveError::HeldBy { seat: 0, .. }), "{err:?}");
    assert_eq!(
        err.sentence(&|s| ["Red", "Blue"][s as usize].to_string()),
        "c3 is held by Red."
    );
}

#[test]
fn sea_holds_one_piece_and_mountains_defend() {
    let s = setup("archipelago", 2);
    let mut g = play(&s, &["north-sea", "pass"]);
    let err = g.play_entry("north-sea").unwrap_err();
    assert!(
        matches!(err, MoveError::Full { capacity: 1, .. }),
        "{err:?}"
    );

    // Blue on the mountain: defence 1 + 1. Two Red neighbours are not enough...
    let g = play(&s, &["greenvale", "ironpeak", "highmoor"]);
    let peak = g.board().cell("ironpeak").unwrap();
    assert_eq!(g.defence(peak), 2);
    assert_eq!(at(&g, "ironpeak"), Some((1, 1)));
    // ... three are.
    let g = play(
        &s,
        &[
            "greenvale",
            "ironpeak",
            "highmoor",
            "farpoint",
            "stonebridge",
        ],
    );
    assert_eq!(at(&g, "ironpeak"), None);
}

#[test]
fn sea_scores_nothing_and_ports_score_two() {
    let s = setup("archipelago", 2);
    let g = play(&s, &["kingsport", "west-bay"]);
    let scores = g.scores();
    // kingsport (2) held by Red, plus empty neighbours where Red has the only pieces.
    let b = g.board();
    let port = b.cell("kingsport").unwrap();
    let mut expect_red = 2;
    for &n in b.neighbours(port) {
        if g.holder(n).is_none() && !b.neighbours(n).iter().any(|&m| g.holder(m) == Some(1)) {
            expect_red += g.map().value[n as usize] as i32;
        }
    }
    assert_eq!(scores[0], expect_red);
    let sea = b.cell("west-bay").unwrap();
    assert_eq!(g.credit(sea), Credit::Held(1));
    assert_eq!(g.map().value[sea as usize], 0);
}

#[test]
fn empty_areas_score_for_the_strict_majority_of_neighbours() {
    let g = play(&setup("classic", 2), &["a1", "a3"]);
    let b = g.board();
    assert_eq!(g.credit(b.cell("a2").unwrap()), Credit::Tied);
    assert_eq!(g.credit(b.cell("b1").unwrap()), Credit::Counts(0));
    assert_eq!(g.credit(b.cell("f6").unwrap()), Credit::Nobody);
    // Red: a1, b1. Blue: a3, a4, b3. a2 is tied.
    assert_eq!(g.scores(), vec![2, 3]);
}

#[test]
fn the_game_ends_when_everyone_passes_in_succession() {
    let s = setup("classic", 2);
    let g = play(&s, &["a1", "pass", "b2", "pass"]);
    assert!(!g.is_over());
    let g = play(&s, &["a1", "pass", "pass"]);
    assert!(g.is_over());
    assert_eq!(g.to_move(), None);
    assert_eq!(g.winners(), vec![0]);
    let mut g = g;
    assert_eq!(g.play_entry("c3"), Err(MoveError::GameOver));
}

#[test]
fn the_move_limit_ends_the_game_and_passes_use_moves() {
    let s = FortressSetup {
        moves_each: Some(Some(2)),
        ..Default::default()
    };
    let g = play(&s, &["a1", "f6", "pass"]);
    assert!(!g.is_over());
    assert_eq!(g.moves_used(0), 2);
    let g = play(&s, &["a1", "f6", "pass", "a6"]);
    assert!(g.is_over());
    assert_eq!(g.scores(), g.scores());
    // No limit: only passing ends it.
    let s = FortressSetup {
        moves_each: Some(None),
        ..Default::default()
    };
    let mut g = Fortress::new(&s).unwrap();
    for _ in 0..60 {
        let mut legal = vec![];
        g.legal_moves(&mut legal);
        g.play(legal[0]).unwrap();
    }
    assert!(!g.is_over(), "60 placements and no limit");
    assert_eq!(g.limit(), None);
    let classic = Fortress::new(&FortressSetup::default()).unwrap();
    assert_eq!(classic.limit(), Some(21));
}

#[test]
fn classic_ends_after_twenty_one_moves_each() {
    let s = setup("classic", 2);
    let mut g = Fortress::new(&s).unwrap();
    for _ in 0..41 {
        g.play_entry("pass").ok();
        if g.is_over() {
            break;
        }
    }
    // Two passes in a row end it first.
    assert!(g.is_over());
    let mut g = Fortress::new(&s).unwrap();
    let cells: Vec<String> = g
        .board()
        .cells()
        .map(|c| g.board().name(c).to_string())
        .collect();
    let mut n = 0;
    while !g.is_over() {
        let mut legal = vec![];
        g.legal_moves(&mut legal);
        let place = legal
            .iter()
            .copied()
            .find(|m| matches!(m, FortressMove::Place(_)));
        g.play(place.unwrap_or(FortressMove::Pass)).unwrap();
        n += 1;
    }
    assert_eq!(n, 42, "{cells:?}");
    assert_eq!(g.moves_used(0), 21);
    assert_eq!(g.moves_used(1), 21);
}

#[test]
fn pie_rule_swaps_colours_and_uses_no_move() {
    let s = FortressSetup {
        pie: true,
        ..Default::default()
    };
    let g = play(&s, &["c3", "swap"]);
    assert!(g.swapped());
    assert_eq!(
        g.to_move(),
        Some(1),
        "the player now holding the second colour moves"
    );
    assert_eq!(g.moves_used(1), 0);
    assert_eq!(at(&g, "c3"), Some((0, 1)), "the piece stays");
    let mut g2 = g.clone();
    assert!(g2.play_entry("swap").is_err());
    // Not before the first placement, nor after a pass, nor later.
    let mut g = Fortress::new(&s).unwrap();
    assert!(g.play_entry("swap").is_err());
    let mut g = play(&s, &["pass"]);
    assert!(g.play_entry("swap").is_err());
    let mut g = play(&s, &["c3", "d4"]);
    assert!(g.play_entry("swap").is_err());
    // Without the option there is no swap.
    let mut g = play(&setup("classic", 2), &["c3"]);
    assert!(g.play_entry("swap").is_err());
    // Pie needs two players.
    assert!(Fortress::new(&FortressSetup {
        pie: true,
        players: 3,
        ..Default::default()
    })
    .is_err());
}

/// The seed for which the first attack of `dice_record` ends as asked.
fn dice_seed(outcome: std::cmp::Ordering) -> u64 {
    (0..1000)
        .find(|&seed| {
            let mut r = Rng::new(seed);
            let (a, d) = (r.d6(), r.d6());
            // attack: 1 neighbour (c3) + a; defence: 1 piece + 0 + d
            (1 + a as u16).cmp(&(1 + d as u16)) == outcome
        })
        .unwrap()
}

#[test]
fn dice_attacks_replace_automatic_captures() {
    use std::cmp::Ordering::*;
    let base = FortressSetup {
        dice: true,
        ..Default::default()
    };
    // No automatic capture with dice.
    let g = play(&base, &["c3", "c4", "b4"]);
    assert_eq!(at(&g, "c4"), Some((1, 1)));

    let s = FortressSetup {
        seed: dice_seed(Greater),
        ..base.clone()
    };
    let g = play(&s, &["c3", "c4", "xc4"]);
    assert_eq!(
        at(&g, "c4"),
        Some((0, 1)),
        "won: one attacker piece moves in"
    );
    assert_eq!(g.to_move(), Some(1));
    assert!(g.last_roll().is_some());

    let s = FortressSetup {
        seed: dice_seed(Equal),
        ..base.clone()
    };
    let g = play(&s, &["c3", "c4", "xc4"]);
    assert_eq!(at(&g, "c4"), Some((1, 1)), "tie: nothing happens");
    assert_eq!(g.to_move(), Some(1));

    let s = FortressSetup {
        seed: dice_seed(Less),
        ..base.clone()
    };
    let mut g = play(&s, &["c3", "c4", "xc4"]);
    assert_eq!(
        g.to_move(),
        Some(0),
        "lost: the attacker still owes a removal"
    );
    assert!(matches!(
        g.play_entry("a1"),
        Err(MoveError::MustRemove { .. })
    ));
    assert!(g.play_entry("-a1").is_err(), "only next to the target");
    g.play_entry("-c3").unwrap();
    assert_eq!(at(&g, "c3"), None);
    assert_eq!(g.to_move(), Some(1));
    assert_eq!(g.moves_used(0), 2, "attack and removal are one move");

    // Only enemy areas next to one's own pieces can be attacked.
    let mut g = play(&base, &["c3", "f6"]);
    assert!(g.play_entry("xf6").is_err());
    assert!(g.play_entry("xc3").is_err());
    // Without dice there are no attacks.
    let mut g = play(&setup("classic", 2), &["c3", "c4"]);
    assert!(g.play_entry("xc4").is_err());
}

#[test]
fn dice_records_replay_identically() {
    let s = FortressSetup {
        dice: true,
        seed: 99,
        ..Default::default()
    };
    let mut a = Fortress::new(&s).unwrap();
    let mut rng = Rng::new(5);
    let mut scratch = vec![];
    let mut moves = vec![];
    while let Some(m) = a.playout_move(&mut rng, &mut scratch) {
        moves.push(a.format_move(m));
        a.play(m).unwrap();
    }
    let refs: Vec<&str> = moves.iter().map(String::as_str).collect();
    let b = play(&s, &refs);
    assert_eq!(a.snapshot(), b.snapshot());
    assert!(
        moves.iter().any(|m| m.starts_with('x')),
        "random dice games attack"
    );
}

#[test]
fn rules_1983_clear_both_sides_at_once_without_chains() {
    let s = FortressSetup {
        rules: RuleSet::Ssi1983,
        ..Default::default()
    };
    // Blue's c1 lands between Red's b1 and d1: it counts while the move is judged
    // (b1 and d1 fall to b2+c1 and d2+c1) and falls itself to b1+d1.
    let g = play(&s, &["b1", "b2", "d1", "d2", "pass", "c1"]);
    assert_eq!(at(&g, "c1"), None);
    assert_eq!(at(&g, "b1"), None);
    assert_eq!(at(&g, "d1"), None);
    assert_eq!(at(&g, "b2"), Some((1, 1)));
    // Under the seed's rules the mover's own piece stays.
    let g = play(
        &setup("classic", 2),
        &["b1", "b2", "d1", "d2", "pass", "c1"],
    );
    assert_eq!(at(&g, "c1"), Some((1, 1)));
    assert_eq!(at(&g, "b1"), None);
}

#[test]
fn rules_1983_score_influence_and_show_sieges() {
    let s = FortressSetup {
        rules: RuleSet::Ssi1983,
        ..Default::default()
    };
    let g = play(&s, &["c3"]);
    assert_eq!(g.scores(), vec![5, 0]);
    let g = play(&s, &["c3", "e3"]);
    assert_eq!(
        g.credit(g.board().cell("d3").unwrap()),
        Credit::Tied,
        "besieged"
    );
    assert_eq!(g.scores(), vec![4, 4]);
    // Influence counts the area's own pieces too: 2 in c3 beat 1 next door.
    let g = play(&s, &["c3", "e3", "c3"]);
    assert_eq!(g.credit(g.board().cell("d3").unwrap()), Credit::Counts(0));
}

#[test]
fn rules_1983_setup_limits() {
    let ok = |s: FortressSetup| Fortress::new(&s).is_ok();
    let base = FortressSetup {
        rules: RuleSet::Ssi1983,
        ..Default::default()
    };
    assert!(ok(base.clone()));
    assert!(ok(FortressSetup {
        moves_each: Some(Some(54)),
        ..base.clone()
    }));
    assert!(!ok(FortressSetup {
        moves_each: Some(Some(55)),
        ..base.clone()
    }));
    assert!(!ok(FortressSetup {
        moves_each: Some(None),
        ..base.clone()
    }));
    assert!(!ok(FortressSetup {
        players: 3,
        ..base.clone()
    }));
    assert!(!ok(FortressSetup {
        map: "square-8".into(),
        ..base.clone()
    }));
    assert!(!ok(FortressSetup { dice: true, ..base }));
}

#[test]
fn three_players_count_only_mover_and_holder() {
    let s = setup("classic", 3);
    // Red c3 and Green b4 both touch Blue's c4: 1 + 1 would beat 1, but they do not add up.
    let g = play(&s, &["c3", "c4", "b4"]);
    assert_eq!(at(&g, "c4"), Some((1, 1)));
    let g = play(&s, &["c3", "c4", "b4", "d4"]);
    assert_eq!(at(&g, "c4"), None, "Red's c3 + d4 = 2 > 1");
    assert_eq!(g.to_move(), Some(1));
}

#[test]
fn four_players_take_turns_and_all_must_pass() {
    let s = setup("classic", 4);
    let g = play(&s, &["a1", "b1", "c1", "d1", "pass", "pass", "pass"]);
    assert!(!g.is_over());
    let g = play(
        &s,
        &["a1", "b1", "c1", "d1", "pass", "pass", "pass", "pass"],
    );
    assert!(g.is_over());
    assert_eq!(g.scores(), vec![2, 2, 2, 3]);
    assert_eq!(g.winners(), vec![3]);
    assert!(Fortress::new(&setup("classic", 5)).is_err());
    assert!(Fortress::new(&setup("classic", 1)).is_err());
}

#[test]
fn equal_totals_draw() {
    let g = play(&setup("classic", 2), &["a1", "f6", "pass", "pass"]);
    assert!(g.is_over());
    assert_eq!(g.winners(), vec![0, 1]);
}

#[test]
fn notation_reads_and_writes_every_move_kind() {
    let s = FortressSetup {
        dice: true,
        pie: true,
        ..Default::default()
    };
    let g = Fortress::new(&s).unwrap();
    for text in ["c3", "pass", "swap", "xc3", "-b3", "a6", "f1"] {
        let m = g.parse_move(text).unwrap();
        assert_eq!(g.format_move(m), text);
    }
    assert!(matches!(g.parse_move("g1"), Err(MoveError::UnknownCell(_))));
    assert!(matches!(g.parse_move("C3!"), Err(MoveError::Unreadable(_))));
    assert!(matches!(g.parse_move(""), Err(MoveError::Unreadable(_))));
    let a = Fortress::new(&setup("archipelago", 2)).unwrap();
    assert_eq!(
        a.format_move(a.parse_move("north-cape").unwrap()),
        "north-cape"
    );
}

#[test]
fn unknown_maps_and_setups_are_typed_errors() {
    assert!(Fortress::new(&setup("atlantis", 2)).is_err());
    assert!(Fortress::new(&FortressSetup {
        moves_each: Some(Some(0)),
        ..Default::default()
    })
    .is_err());
    for m in holdfast_rules::fortress::MAPS {
        let g = Fortress::new(&setup(m.id, 2)).unwrap();
        assert!(g.limit().is_some());
    }
}

// ---------------------------------------------------------------------------
// Over random games on random setups: capacities, holders, the pass policy.

use holdfast_rules::fortress::MAPS;
use holdfast_rules::Record;
use proptest::prelude::*;

fn all_moves(g: &Fortress) -> Vec<FortressMove> {
    let mut v = Vec::new();
    g.every_move(&mut v);
    v
}

fn setups() -> impl Strategy<Value = FortressSetup> {
    (
        0..MAPS.len(),
        2u8..=4,
        any::<bool>(),
        any::<bool>(),
        any::<bool>(),
        0u64..1000,
        (6u16..=16, 4u16..=12, 50u8..=100, any::<bool>()),
    )
        .prop_map(|(m, players, pie, dice, ssi, seed, field)| {
            // In place of Square 8x8, now and then a map drawn on hex tiles: 5 x 4
            // tiles, an area each, two of them sea and one a mountain.
            let hex = MAPS[m].id == "square-8" && field.3;
            let ssi = ssi && !dice && players == 2 && m == 0;
            // The generated map: the first generator, or a half-turn field.
            let field = (MAPS[m].id == "generated" && field.3).then_some(field);
            let regions = hex.then(|| holdfast_rules::fortress::regions::RegionsSpec {
                hex: true,
                rows: ["ABCDE", "FGHIJ", "KLMNO", "PQRST"]
                    .map(String::from)
                    .to_vec(),
                sea: "GN".into(),
                mountains: "M".into(),
                ..Default::default()
            });
            FortressSetup {
                map: if hex {
                    "custom".into()
                } else {
                    MAPS[m].id.to_string()
                },
                players,
                pie: pie && players == 2,
                dice,
                rules: if ssi { RuleSet::Ssi1983 } else { RuleSet::Seed },
                seed,
                moves_each: None,
                regions,
                width: field.map(|f| f.0),
                height: field.map(|f| f.1),
                land: field.map(|f| f.2),
            }
        })
}

fn check_invariants(g: &Fortress) {
    let map = g.map();
    for c in g.board().cells() {
        let n = g.count(c);
        assert!(
            n <= map.capacity[c as usize],
            "capacity of {}",
            g.board().name(c)
        );
        assert_eq!(
            g.holder(c).is_some(),
            n > 0,
            "one holder exactly when occupied"
        );
        if let Some(h) = g.holder(c) {
            assert!((h as usize) < g.players());
        }
    }
    assert_eq!(g.scores().len(), g.players());
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, .. ProptestConfig::default() })]

    #[test]
    fn random_games_keep_the_rules(setup in setups(), seed in any::<u64>()) {
        let start = Fortress::new(&setup).unwrap();
        let mut g = start.clone();
        let mut rng = Rng::new(seed);
        let mut played = Vec::new();
        let mut legal = Vec::new();
        let mut plies = 0;
        while !g.is_over() && plies < 400 {
            legal.clear();
            g.legal_moves(&mut legal);
            prop_assert!(!legal.is_empty());
            // Listed == accepted, over every conceivable move.
            for m in all_moves(&g) {
                let ok = g.check(m).is_ok();
                prop_assert_eq!(ok, legal.contains(&m), "{:?} listed/accepted disagree", m);
                if !ok {
                    let before = (g.snapshot(), g.to_move(), g.ply(), g.scores());
                    prop_assert!(g.play(m).is_err());
                    prop_assert_eq!(before, (g.snapshot(), g.to_move(), g.ply(), g.scores()), "refused move changed the state");
                }
            }
            let m = legal[rng.below(legal.len() as u32) as usize];
            let text = g.format_move(m);
            prop_assert_eq!(g.parse_move(&text).unwrap(), m);
            g.play(m).unwrap();
            played.push(text);
            check_invariants(&g);
            plies += 1;
        }
        // The record round-trips through JSON and replays to the same position.
        let record = Record { moves: played, ..Record::new::<Fortress>(&setup) };
        let back = Record::from_json(&record.to_json()).unwrap();
        prop_assert_eq!(&back, &record);
        let (replayed, bad) = back.replay::<Fortress>().unwrap();
        prop_assert!(bad.is_none());
        prop_assert_eq!(replayed.snapshot(), g.snapshot());
        prop_assert_eq!(replayed.scores(), g.scores());
        prop_assert_eq!(replayed.to_move(), g.to_move());
        prop_assert_eq!(replayed.winners(), g.winners());
    }

    #[test]
    fn playouts_only_pass_when_nothing_else_is_legal(seed in any::<u64>()) {
        let start = Fortress::new(&FortressSetup::default()).unwrap();
        let mut g = start.clone();
        let mut rng = Rng::new(seed);
        let mut scratch = Vec::new();
        let mut legal = Vec::new();
        while let Some(m) = g.playout_move(&mut rng, &mut scratch) {
            legal.clear();
            g.legal_moves(&mut legal);
            prop_assert!(legal.contains(&m));
            if m == FortressMove::Pass {
                prop_assert!(!legal.iter().any(|l| matches!(l, FortressMove::Place(_))));
            }
            g.play(m).unwrap();
        }
        prop_assert!(g.is_over());
        prop_assert_eq!(g.moves_used(0), 21);
    }

}

/// The loop written for Classic alone (the benchmark's yardstick) and the general
/// engine, fed the same random stream, play the same games to the same scores.
#[test]
fn the_classic_only_loop_plays_the_engines_games() {
    use holdfast_rules::fortress::Classic;
    use holdfast_rules::playout::playout;
    let start = Fortress::new(&FortressSetup::default()).unwrap();
    let mut game = start.clone();
    let mut scratch = Vec::new();
    let (mut a, mut b) = (Rng::new(7), Rng::new(7));
    for _ in 0..2000 {
        let (moves, scores) = Classic::playout(&mut a);
        let engine_moves = playout(&start, &mut game, &mut b, &mut scratch);
        assert_eq!(moves, engine_moves);
        assert_eq!(scores.to_vec(), game.scores());
    }
}
