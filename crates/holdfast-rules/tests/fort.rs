//! Fort scenarios.

use holdfast_rules::fort::{Fort, FortEnd, FortMove, StepKind};
use holdfast_rules::{Game, MoveError, Record};

fn play(moves: &[&str]) -> Fort {
    let mut g = Fort::new(&Default::default()).unwrap();
    for (i, m) in moves.iter().enumerate() {
        g.play_entry(m)
            .unwrap_or_else(|e| panic!("entry {i} {m}: {e}"));
    }
    g
}

fn at(g: &Fort, cell: &str) -> Option<(u8, bool)> {
    g.piece(g.board().cell(cell).unwrap())
}

fn cell(g: &Fort, name: &str) -> u16 {
    g.board().cell(name).unwrap()
}

#[test]
fn the_start_is_asymmetric_as_drawn() {
    let g = Fort::new(&Default::default()).unwrap();
    assert_eq!(g.board().len(), 61);
    assert_eq!(at(&g, "e1"), Some((0, true)));
    assert_eq!(at(&g, "e8"), Some((1, true)));
    assert_eq!(
        g.board().neighbours(cell(&g, "e1")).len(),
        3,
        "the first fort sits on the edge"
    );
    assert_eq!(
        g.board().neighbours(cell(&g, "e8")).len(),
        6,
        "the second is better connected"
    );
    assert_eq!(g.to_move(), Some(0));
    assert_eq!(g.scores(), vec![1, 1]);
}

#[test]
fn walk_claim_and_spawn() {
    let g = play(&["@e2", "@f7", "e2-e3 @e2"]);
    assert_eq!(at(&g, "e3"), Some((0, false)));
    assert_eq!(at(&g, "e2"), Some((0, false)));
    // Claim: two own dots become one fort where the step ends.
    let g = play(&["@e2", "@f7", "@d1", "@f8", "e2-d1 @e2"]);
    assert_eq!(at(&g, "d1"), Some((0, true)));
    assert_eq!(at(&g, "e2"), Some((0, false)));
    // Not even into one's own fort.
    let g = play(&["@e2", "@f7", "@d1", "@f8", "e2-d1 @e2", "@e9"]);
    let err = g.step_kind(cell(&g, "e2"), cell(&g, "d1")).unwrap_err();
    assert!(
        matches!(&err, MoveError::Cell { why, .. } if why.to_string().contains("never enter a fort")),
        "{err:?}"
    );
}

#[test]
fn capture_removes_the_enemy_dot_and_forts_are_immune() {
    let g = play(&["@e2", "@e7", "e2-e3 e3-e4 e4-e5 @e2", "e7-e6 @e7"]);
    assert_eq!(at(&g, "e6"), Some((1, false)));
    let e5 = cell(&g, "e5");
    let e6 = cell(&g, "e6");
    assert_eq!(g.step_kind(e5, e6), Ok(StepKind::Capture));
    let g = play(&[
        "@e2",
        "@e7",
        "e2-e3 e3-e4 e4-e5 @e2",
        "e7-e6 @e7",
        "e5-e6 e6-e7 @f1",
    ]);
    assert_eq!(at(&g, "e6"), None);
    assert_eq!(at(&g, "e7"), Some((0, false)), "two captures in one turn");
    assert_eq!(at(&g, "e8"), Some((1, true)));
    // Blue moves; then Orange's dot next to Blue's fort cannot enter it.
    let mut g = play(&[
        "@e2",
        "@e7",
        "e2-e3 e3-e4 e4-e5 @e2",
        "e7-e6 @e7",
        "e5-e6 e6-e7 @f1",
        "@e9",
    ]);
    let err = g.play_entry("e7-e8 @d1").unwrap_err();
    assert!(
        matches!(&err, MoveError::Cell { why, .. } if why.to_string().contains("never enter a fort")),
        "{err:?}"
    );
    assert_eq!(at(&g, "e8"), Some((1, true)));
}

#[test]
fn steps_are_optional_three_at_most_and_only_own_dots_move() {
    let mut g = play(&["@e2", "@f7"]);
    assert!(
        g.play_entry("e2-e3 e3-e4 e4-e5 e5-e6 @e2").is_err(),
        "four steps"
    );
    assert!(g.play_entry("f7-f6 @e2").is_err(), "not your dot");
    assert!(g.play_entry("e1-e2 @d1").is_err(), "forts never move");
    assert!(g.play_entry("e2-e4 @d1").is_err(), "one cell a step");
    g.play_entry("@d1").unwrap();
    // The same dot or different dots.
    let mut g = play(&["@e2", "@f7", "@d1", "@f8"]);
    g.play_entry("e2-e3 d1-c1 e3-e4 @e2").unwrap();
    assert_eq!(at(&g, "c1"), Some((0, false)));
    assert_eq!(at(&g, "e4"), Some((0, false)));
}

#[test]
fn spawn_rules() {
    let mut g = play(&["@e2", "@f7"]);
    assert!(
        matches!(g.play_entry("@b1"), Err(MoveError::Cell { .. })),
        "not next to a fort"
    );
    assert!(g.play_entry("@e2").is_err(), "occupied");
    assert!(
        g.play_entry("@e7").is_err(),
        "next to the enemy's fort only"
    );
    assert!(g.play_entry("e2-e3").is_err(), "a turn ends with a spawn");
    assert!(g.play_entry("@d1 e2-e3").is_err(), "the spawn is last");
    assert!(g.play_entry("").is_err());
    // A claim makes a new fort to spawn from.
    let g = play(&["@e2", "@f7", "@d1", "@f8", "e2-d1 @e2", "@e9", "@c1"]);
    assert_eq!(at(&g, "c1"), Some((0, false)));
    // The state is unchanged after a refused entry.
    let mut g = play(&["@e2", "@f7"]);
    let before = g.snapshot();
    assert!(g.play_entry("e2-e3 @b1").is_err());
    assert_eq!(g.snapshot(), before);
    assert_eq!(g.steps_taken(), 0);
}

#[test]
fn a_player_who_cannot_spawn_loses() {
    // Blue walks g1-f1: Orange's fort e1 is then walled in by d1, e2, f1 and Orange has no dot.
    let mut g = Fort::from_position(
        &[
            ("e1", 0, true),
            ("e8", 1, true),
            ("d1", 1, false),
            ("e2", 1, false),
            ("g1", 1, false),
        ],
        1,
    )
    .unwrap();
    assert!(!g.is_over());
    g.play_entry("g1-f1 @e9").unwrap();
    assert!(g.is_over());
    assert_eq!(g.end(), Some(FortEnd::NoTurn(0)));
    assert_eq!(g.winners(), vec![1]);
    assert_eq!(g.to_move(), None);
    assert_eq!(g.play_entry("@d1"), Err(MoveError::GameOver));
}

#[test]
fn a_turn_that_needs_steps_to_free_a_spawn_is_found() {
    // Orange's fort is walled in, but its dot on d2 can capture d1 and then e2,
    // leaving d1 empty next to the fort.
    let mut g = Fort::from_position(
        &[
            ("e1", 0, true),
            ("e8", 1, true),
            ("d1", 1, false),
            ("e2", 1, false),
            ("f1", 1, false),
            ("d2", 0, false),
        ],
        0,
    )
    .unwrap();
    assert!(!g.is_over());
    let mut legal = vec![];
    g.legal_moves(&mut legal);
    assert!(
        legal.iter().all(|m| !matches!(m, FortMove::Spawn(_))),
        "no spawn without steps"
    );
    assert!(legal.contains(&FortMove::Step(cell(&g, "d2"), cell(&g, "d1"))));
    // Every listed step leaves a turn that can still be completed.
    for m in &legal {
        let mut next = g.clone();
        next.play(*m).unwrap();
        assert!(next.can_complete(), "{m:?}");
    }
    // Walking away first leaves no way to free a cell by the third step: refused.
    let err = g
        .check(FortMove::Step(cell(&g, "d2"), cell(&g, "c2")))
        .unwrap_err();
    assert!(
        matches!(&err, MoveError::Cell { why, .. } if why.to_string().contains("could not be completed")),
        "{err:?}"
    );
    g.play_entry("d2-d1 d1-e2 @d1").unwrap();
    assert_eq!(at(&g, "d1"), Some((0, false)));
    assert_eq!(at(&g, "e2"), Some((0, false)));
}

/// Orange fort e1, Blue fort e3; Orange dot d1, Blue dot f2; e2 between them.
fn cycle_start() -> Fort {
    Fort::from_position(
        &[
            ("e1", 0, true),
            ("e3", 1, true),
            ("d1", 0, false),
            ("f2", 1, false),
        ],
        0,
    )
    .unwrap()
}

#[test]
fn the_third_arrival_in_a_position_is_refused() {
    let mut g = cycle_start();
    // S1 (Blue to move): Orange dots d1, e2; Blue dot f2.
    g.play_entry("@e2").unwrap();
    g.play_entry("f2-e2 @f2").unwrap();
    // Orange ends in S1 a second time: allowed.
    g.play_entry("d1-e2 @d1").unwrap();
    g.play_entry("f2-e2 @f2").unwrap();
    // A third time: refused, and the spawn says why.
    let err = g.play_entry("d1-e2 @d1").unwrap_err();
    assert!(
        matches!(&err, MoveError::Cell { why, .. } if why.to_string().contains("repetition")),
        "{err:?}"
    );
    let mut mid = g.clone();
    mid.play(FortMove::Step(cell(&g, "d1"), cell(&g, "e2")))
        .unwrap();
    let spawns = mid.spawn_cells();
    assert!(spawns.contains(&(cell(&g, "d1"), true)), "{spawns:?}");
    assert!(spawns.contains(&(cell(&g, "f1"), false)));
    assert_eq!(mid.repetitions_after_spawn(cell(&g, "d1")), 2);
    // Another spawn is fine.
    g.play_entry("d1-e2 @f1").unwrap();
}

#[test]
fn counting_ends_the_game_and_decides_it() {
    let g = Fort::from_position(
        &[
            ("e1", 0, true),
            ("e8", 1, true),
            ("a2", 0, false),
            ("b1", 0, false),
            ("b2", 0, false),
        ],
        0,
    )
    .unwrap();
    // Orange: 4 pieces + the empty a1 it alone borders; Blue: its fort.
    assert_eq!(g.scores(), vec![5, 1]);
    let mut g2 = g.clone();
    g2.play_entry("count").unwrap();
    assert!(g2.is_over());
    assert_eq!(g2.end(), Some(FortEnd::Counted));
    assert_eq!(g2.winners(), vec![0]);
    // Not in the middle of a turn.
    let mut g3 = g.clone();
    assert!(g3.play_entry("b2-c2 count").is_err());
    // Equal counts draw.
    let mut g4 = Fort::new(&Default::default()).unwrap();
    g4.play_entry("count").unwrap();
    assert_eq!(g4.winners(), vec![0, 1]);
}

#[test]
fn records_replay_fort_turns() {
    let r = Record::from_json(r#"{"game":"fort","moves":["@e2","@f7","e2-e3 @e2"]}"#).unwrap();
    let (g, bad) = r.replay::<Fort>().unwrap();
    assert!(bad.is_none());
    assert_eq!(at(&g, "e3"), Some((0, false)));
    let r = Record::from_json(r#"{"game":"fort","moves":["@e2","@f7","e2-e3 @b1"]}"#).unwrap();
    let (g, bad) = r.replay::<Fort>().unwrap();
    assert_eq!(bad.unwrap().index, 2);
    assert_eq!(at(&g, "e3"), None, "the bad turn left no trace");
}

// ---------------------------------------------------------------------------
// Over random games: the starting forts never move or fall, at most three steps.

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig { cases: 12, .. Default::default() })]

    #[test]
    fn random_fort_games_keep_their_forts(seed in proptest::prelude::any::<u64>()) {
        let mut g = Fort::new(&Default::default()).unwrap();
        let mut rng = holdfast_rules::rng::Rng::new(seed);
        let mut scratch = Vec::new();
        let (e1, e8) = (g.board().cell("e1").unwrap(), g.board().cell("e8").unwrap());
        for _ in 0..400 {
            let Some(m) = g.playout_move(&mut rng, &mut scratch) else { break };
            proptest::prop_assert_ne!(m, FortMove::Count, "the playout policy never counts");
            g.play(m).unwrap();
            proptest::prop_assert_eq!(g.piece(e1), Some((0, true)));
            proptest::prop_assert_eq!(g.piece(e8), Some((1, true)));
            proptest::prop_assert!(g.steps_taken() <= 3);
        }
    }
}

#[test]
fn the_search_estimate_prefers_a_fort_to_its_two_dots() {
    let before = play(&["@e2", "@f7", "@d1", "@f8"]);
    let after = play(&["@e2", "@f7", "@d1", "@f8", "e2-d1 @e2"]);
    // The count is the same (two dots became one fort, and a dot was born)...
    assert_eq!(before.scores()[0], after.scores()[0]);
    // ...but the estimate a computer searches by counts the fort for more.
    let (mut b, mut a) = (Vec::new(), Vec::new());
    before.estimate_into(&mut b);
    after.estimate_into(&mut a);
    assert!(a[0] > b[0], "{b:?} -> {a:?}");
    // It adds to the count, never takes from it: one more fort (2) and open spawns.
    let start = Fort::new(&Default::default()).unwrap();
    start.estimate_into(&mut b);
    // e1's three neighbours are open to seat 0, e8's six to seat 1.
    assert_eq!(b, vec![1.0 + 2.0 + 1.5, 1.0 + 2.0 + 3.0]);
}
