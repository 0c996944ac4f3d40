//! Frontier scenarios.

use holdfast_rules::frontier::{Frontier, FrontierMove, FrontierSetup, Order};
use holdfast_rules::{Game, MoveError};

fn setup(mode: u8, water: &[&str], mountains: &[&str]) -> FrontierSetup {
    FrontierSetup {
        mode,
        width: 7,
        height: 5,
        cities: vec!["c1".into(), "c7".into()],
        turns: 4,
        water: water.iter().map(|s| s.to_string()).collect(),
        mountains: mountains.iter().map(|s| s.to_string()).collect(),
    }
}

fn play(s: &FrontierSetup, entries: &[&str]) -> Frontier {
    let mut g = Frontier::new(s).expect("setup");
    for (i, e) in entries.iter().enumerate() {
        g.play_entry(e)
            .unwrap_or_else(|err| panic!("entry {i} {e:?}: {err}"));
    }
    g
}

fn c(g: &Frontier, name: &str) -> u16 {
    g.board().cell(name).unwrap()
}

fn owner(g: &Frontier, name: &str) -> Option<u8> {
    g.owner(c(g, name))
}

fn why(r: Result<(), MoveError>) -> String {
    match r {
        Err(MoveError::Cell { why, .. }) => why.to_string(),
        Err(e) => e.to_string(),
        Ok(()) => "accepted".into(),
    }
}

#[test]
fn cities_and_their_neighbours_start_as_territory() {
    let g = Frontier::new(&setup(1, &[], &[])).unwrap();
    for n in ["c1", "c2", "b1", "d1"] {
        assert_eq!(owner(&g, n), Some(0), "{n}");
    }
    for n in ["c7", "c6", "b6", "b7", "d6", "d7"] {
        assert_eq!(owner(&g, n), Some(1), "{n}");
    }
    assert_eq!(
        g.scores(),
        vec![4, 6],
        "a city on the edge has fewer neighbours"
    );
    assert_eq!(owner(&g, "c4"), None);
}

#[test]
fn setups_are_checked() {
    let ok = |s: FrontierSetup| Frontier::new(&s).is_ok();
    assert!(ok(setup(1, &[], &[])));
    assert!(
        !ok(FrontierSetup {
            cities: vec!["c1".into(), "c3".into()],
            ..setup(1, &[], &[])
        }),
        "too close"
    );
    assert!(
        ok(FrontierSetup {
            cities: vec!["c1".into(), "c4".into()],
            ..setup(1, &[], &[])
        }),
        "3 apart"
    );
    assert!(!ok(FrontierSetup {
        cities: vec!["c1".into()],
        ..setup(1, &[], &[])
    }));
    assert!(!ok(FrontierSetup {
        cities: vec!["c1".into(), "z9".into()],
        ..setup(1, &[], &[])
    }));
    assert!(!ok(setup(1, &["c4"], &[])), "mode 1 has no terrain");
    assert!(ok(setup(2, &["c4"], &["d4"])));
    assert!(!ok(setup(2, &["c1"], &[])), "a city is never water");
    assert!(!ok(setup(2, &["c4"], &["c4"])), "one terrain a cell");
    assert!(!ok(FrontierSetup {
        mode: 4,
        ..setup(1, &[], &[])
    }));
    assert!(!ok(FrontierSetup {
        turns: 0,
        ..setup(1, &[], &[])
    }));
    assert!(!ok(FrontierSetup {
        width: 2,
        ..setup(1, &[], &[])
    }));
    let g = Frontier::new(&setup(1, &[], &[])).unwrap();
    assert_eq!(g.board().distance(c(&g, "c1"), c(&g, "c4")), 3);
    assert_eq!(g.board().distance(c(&g, "b1"), c(&g, "c2")), 1);
}

#[test]
fn forts_take_their_neighbours_but_never_a_city() {
    let s = setup(1, &[], &[]);
    let mut g = Frontier::new(&s).unwrap();
    // Reach: own territory or next to it.
    assert!(why(g.check(FrontierMove::Build(c(&g, "c5")))).contains("your territory or next to it"));
    assert!(why(g.check(FrontierMove::Build(c(&g, "c1")))).contains("city"));
    g.play_entry("c3").unwrap();
    for n in ["c3", "c2", "c4", "b2", "b3", "d2", "d3"] {
        assert_eq!(owner(&g, n), Some(0), "{n}");
    }
    // Blue builds next to Orange's fort and takes its neighbours, whatever stands there.
    g.play_entry("c5").unwrap();
    assert_eq!(owner(&g, "c4"), Some(1));
    // Orange may build on Blue's land next to its own, but never where a fort stands.
    assert!(g.check(FrontierMove::Build(c(&g, "c4"))).is_ok());
    assert!(why(g.check(FrontierMove::Build(c(&g, "c3")))).contains("fort already"));
    assert_eq!(g.fort(c(&g, "c3")), Some(0));
    // Blue's fort next to Orange's city does not take the city.
    let near = FrontierSetup {
        cities: vec!["c1".into(), "c4".into()],
        ..s.clone()
    };
    let g = play(&near, &["b1", "c2"]);
    assert_eq!(owner(&g, "c1"), Some(0));
    assert_eq!(
        owner(&g, "b1"),
        Some(1),
        "the land under Orange's fort changes hands"
    );
    assert_eq!(g.fort(c(&g, "b1")), Some(0), "the fort stays Orange's");
    assert_eq!(g.fort(c(&g, "c2")), Some(1));
    // The game ends when both have used their turns.
    let g = play(&s, &["c3", "c5", "b3", "b5", "d3", "d4", "b2", "b4"]);
    assert!(g.is_over(), "4 turns each");
    assert_eq!(g.to_move(), None);
    let sc = g.scores();
    assert_eq!(
        g.winners(),
        if sc[0] > sc[1] {
            vec![0]
        } else if sc[1] > sc[0] {
            vec![1]
        } else {
            vec![0, 1]
        }
    );
}

#[test]
fn water_and_mountains_are_taken_but_never_built_on() {
    let s = setup(2, &["c3"], &["b3"]);
    let mut g = Frontier::new(&s).unwrap();
    assert!(why(g.check(FrontierMove::Build(c(&g, "c3")))).contains("plain"));
    assert!(why(g.check(FrontierMove::Build(c(&g, "b3")))).contains("plain"));
    g.play_entry("b2").unwrap();
    assert_eq!(owner(&g, "c3"), Some(0), "water captured");
    assert_eq!(owner(&g, "b3"), Some(0), "mountain captured");
}

#[test]
fn pass_only_when_no_build_is_legal() {
    let mut g = Frontier::new(&setup(1, &[], &[])).unwrap();
    assert!(g.play_entry("pass").is_err());
    let mut legal = vec![];
    g.legal_moves(&mut legal);
    assert!(!legal.contains(&FrontierMove::Pass));
}

#[test]
fn mode3_a_general_appears_in_the_city_and_must_leave_it() {
    let s = setup(3, &[], &[]);
    let mut g = Frontier::new(&s).unwrap();
    assert_eq!(g.generals().len(), 1);
    assert_eq!(g.general_at(c(&g, "c1")).unwrap().seat, 0);
    let err = g.play_entry("-").unwrap_err();
    assert!(err.to_string().contains("must leave"), "{err}");
    assert!(g.play_entry("c1+").is_err(), "no building in the city");
    g.play_entry("c1-c2").unwrap();
    assert_eq!(g.general_at(c(&g, "c2")).unwrap().seat, 0);
    // Blue's general appears in Blue's city.
    assert!(g.general_at(c(&g, "c7")).is_some());
    // Players build only through generals in mode 3.
    assert!(g.check(FrontierMove::Build(c(&g, "c5"))).is_err());
}

#[test]
fn mode3_moves_are_blocked_by_mountains_generals_cities_and_enemy_land() {
    let s = setup(3, &[], &["c3"]);
    let g = Frontier::new(&s).unwrap();
    let at = c(&g, "c1");
    assert!(why(g.check_order(Order::Two(at, c(&g, "c2"), c(&g, "c3")))).contains("mountain"));
    let mut g = play(&s, &["c1-b1", "c7-c6-c5"]);
    // The new Orange general cannot enter b1 (a general stands there).
    assert!(why(g.check_order(Order::Step(at, c(&g, "b1")))).contains("general"));
    // Blue's land is closed to Orange's generals.
    g.play_entry("b1-b2-b3 c1-c2").unwrap();
    let mut g2 = g.clone();
    g2.play_entry("c5-c4 c7-d6-d5").unwrap();
    let g = g2;
    let b3 = c(&g, "b3");
    assert!(
        why(g.check_order(Order::Step(b3, c(&g, "b4")))).contains("opponent's territory")
            || g.owner(c(&g, "b4")) != Some(1)
    );
    // Never into a city, not even one's own.
    let c2 = c(&g, "c2");
    assert!(why(g.check_order(Order::Step(c2, c(&g, "c1")))).contains("city"));
}

#[test]
fn mode3_water_stops_a_move_and_only_land_follows() {
    let s = setup(3, &["c2"], &[]);
    let g = Frontier::new(&s).unwrap();
    let at = c(&g, "c1");
    assert!(why(g.check_order(Order::Two(at, c(&g, "c2"), c(&g, "c3"))))
        .contains("stops on entering water"));
    let mut g = play(&s, &["c1-c2", "c7-c6-c5"]);
    let w = c(&g, "c2");
    // From water: only a step onto land.
    assert!(g.check_order(Order::Build(w)).is_err());
    assert!(g.check_order(Order::StepBuild(w, c(&g, "c3"))).is_err());
    assert!(g
        .check_order(Order::Two(w, c(&g, "c3"), c(&g, "c4")))
        .is_err());
    g.play_entry("c2-c3 c1-b1").unwrap();
    assert_eq!(g.general_at(c(&g, "c3")).unwrap().seat, 0);
}

#[test]
fn mode3_building_takes_land_and_the_general_leaves() {
    let s = setup(3, &[], &[]);
    let mut g = Frontier::new(&s).unwrap();
    assert!(
        g.play_entry("c1-c2-c3+").is_err(),
        "two steps and a build is no order"
    );
    g.play_entry("c1-c2").unwrap();
    g.play_entry("c7-c6-c5").unwrap();
    // Orange has two generals now: c2 and the new one in the city.
    assert_eq!(g.generals().iter().filter(|x| x.seat == 0).count(), 2);
    g.play_entry("c2-c3+ c1-b1").unwrap();
    assert_eq!(g.fort(c(&g, "c3")), Some(0));
    assert_eq!(owner(&g, "c4"), Some(0));
    assert_eq!(owner(&g, "b3"), Some(0));
    let orange: Vec<_> = g
        .generals()
        .iter()
        .filter(|x| x.seat == 0)
        .map(|x| g.board().name(x.cell).to_string())
        .collect();
    assert_eq!(orange, vec!["b1"], "the builder left the board");
    // Each general one order a turn.
    let mut g2 = Frontier::new(&s).unwrap();
    assert!(g2.play_entry("c1-c2 c2-c3").is_err());
    // A general standing on land the opponent has since taken may still build on it.
    let mut g3 = play(&s, &["c1-c2-c3", "c7-c6-c5", "c1-b1", "c5-c4+ c7-c6"]);
    assert_eq!(
        owner(&g3, "c3"),
        Some(1),
        "Blue's fort on c4 took c3 from under Orange's general"
    );
    g3.play_entry("c3+ c1-d1").unwrap();
    assert_eq!(g3.fort(c(&g3, "c3")), Some(0));
    assert_eq!(owner(&g3, "c4"), Some(0));
}

#[test]
fn mode3_notation_round_trips() {
    let g = Frontier::new(&setup(3, &[], &[])).unwrap();
    for t in ["c1-c2", "c1-c2-c3", "c1+", "c1-c2+", "-"] {
        let m = g.parse_move(t).unwrap();
        assert_eq!(g.format_move(m), t);
    }
    assert!(g.parse_move("c1-c2-c3-c4").is_err());
    assert!(g.parse_move("c1-zz").is_err());
    assert_eq!(g.entry_text(&["c1-c2".into(), "-".into()]), "c1-c2");
    assert_eq!(g.entry_text(&["-".into()]), "-");
}

#[test]
fn random_terrain_never_panics_on_tiny_or_odd_fields() {
    for (w, h) in [(1, 1), (2, 1), (3, 3), (40, 26), (0, 5)] {
        let s = FrontierSetup {
            width: w,
            height: h,
            cities: vec!["a1".into(), "c3".into()],
            ..setup(2, &[], &[])
        };
        let _ = Frontier::random_terrain(&s, 5);
    }
}

// ---------------------------------------------------------------------------
// Over random games of every mode: cities keep their founders, scores are territory,
// every seat plays its turns.

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig { cases: 16, .. Default::default() })]

    #[test]
    fn random_frontier_games_keep_the_rules(mode in 1u8..=3, terrain in proptest::prelude::any::<u64>(), seed in proptest::prelude::any::<u64>()) {
        let setup = holdfast_rules::frontier::preset(mode, terrain);
        let mut g = Frontier::new(&setup).unwrap();
        let mut rng = holdfast_rules::rng::Rng::new(seed);
        let mut scratch = Vec::new();
        let mut entries = 0;
        while let Some(m) = g.playout_move(&mut rng, &mut scratch) {
            g.play(m).unwrap();
            if !g.entry_open() {
                entries += 1;
            }
            for (s, &c) in g.cities().iter().enumerate() {
                proptest::prop_assert_eq!(g.owner(c), Some(s as u8));
            }
            let owned = g.board().cells().filter(|&c| g.owner(c).is_some()).count();
            proptest::prop_assert_eq!(g.scores().iter().sum::<i32>() as usize, owned);
        }
        proptest::prop_assert!(g.is_over());
        proptest::prop_assert_eq!(entries, 2 * setup.turns as usize);
    }
}

#[test]
fn mode3_the_search_estimate_counts_a_general_as_a_fort_to_come() {
    let est = |g: &Frontier| {
        let mut e = Vec::new();
        g.estimate_into(&mut e);
        e
    };
    // Modes 1 and 2: the estimate is the territory.
    let g = Frontier::new(&setup(1, &[], &[])).unwrap();
    let t: Vec<f32> = g.scores().iter().map(|&s| s as f32).collect();
    assert_eq!(est(&g), t);
    // Mode 3: Orange's first general, four turns to go, is worth 4 cells more.
    let s = setup(3, &[], &[]);
    let g = play(&s, &["c1-c2"]);
    let (e, t) = (est(&g), g.scores());
    assert_eq!(e[0], t[0] as f32 + 4.0, "{e:?} {t:?}");
    assert_eq!(e[1], t[1] as f32 + 4.0, "Blue's general has appeared too");
    // Built, the general is gone: only the cells it took count (and the next one).
    let g = play(&s, &["c1-c2", "c7-c6", "c2+ c1-b1"]);
    assert_eq!(
        est(&g)[0],
        g.scores()[0] as f32 + 4.0,
        "Orange's next general"
    );
    // With one turn left each of Orange's four generals is worth half.
    let g = play(&s, &["c1-c2", "c7-c6", "c1-b1", "c7-b7", "c1-d1", "c7-d7"]);
    let e = est(&g);
    assert_eq!(g.turns(0), (3, 4));
    assert_eq!(e[0], g.scores()[0] as f32 + 4.0 * 0.5 * 4.0, "{e:?}");
}

#[test]
fn mode3_features_read_the_territory_the_generals_and_their_best_forts() {
    let feats = |g: &Frontier| {
        let mut f = Vec::new();
        g.features_into(&mut f);
        f
    };
    // Modes 1 and 2: the estimate over the field's cells, one a seat.
    let g = Frontier::new(&setup(1, &[], &[])).unwrap();
    let t: Vec<f32> = g.scores().iter().map(|&x| x as f32 / 35.0).collect();
    assert_eq!(feats(&g), t);
    // Mode 3: three a seat: the territory, the generals that may still build, and
    // the most cells the best fort of each would take (where it stands or a step
    // away), each over the cells.
    let s = setup(3, &[], &[]);
    let g = play(&s, &["c1-c2-c3"]);
    let f = feats(&g);
    assert_eq!(f.len(), 6);
    let cells = 35.0;
    assert_eq!(f[0], g.scores()[0] as f32 / cells);
    assert_eq!(f[1], 1.0 / cells, "Orange's one general");
    // On c3, two steps out of the city, a fort there or a step on takes most of
    // the (at most seven) cells it covers.
    assert!(f[2] >= 5.0 / cells && f[2] <= 7.0 / cells, "{f:?}");
    // Blue's general, just come to its city, is read too.
    assert_eq!(f[4], 1.0 / cells);
    assert!(f[5] > 0.0);
    // Built: the general is gone, the territory grown.
    let g = play(&s, &["c1-c2-c3", "c7-c6", "c3+ c1-b1"]);
    let after = feats(&g);
    assert!(after[0] > f[0]);
    assert_eq!(after[1], 1.0 / cells, "only the new general, on b1");
    // A seat with no turns left reads no generals.
    let turns = [
        "c1-c2",
        "c7-c6",
        "c1-b1",
        "c7-b7",
        "c2-c3 c1-c2",
        "c6-c5 c7-c6",
        "c1-d1",
        "c7-d7",
    ];
    let g = play(&s, &turns);
    assert!(g.is_over());
    assert_eq!((feats(&g)[1], feats(&g)[4]), (0.0, 0.0));
}
