//! Citadel scenarios, on a 13x13 board.

use holdfast_rules::citadel::{Citadel, CitadelEnd, CitadelMove, CitadelSetup, Phase};
use holdfast_rules::{Game, MoveError, Record};

/// Nine citadels, then the draft: Orange c3, c7, g3; Blue g7, k11, k7; c11, g11, k3 neutral.
const SETUP: [&str; 15] = [
    "c3", "c7", "c11", "g3", "g7", "g11", "k3", "k7", "k11", "g7", "c3", "k11", "c7", "k7", "g3",
];

fn game(turns: &[&str]) -> Citadel {
    let mut g = Citadel::new(&CitadelSetup { size: 13 }).unwrap();
    for (i, e) in SETUP.iter().chain(turns.iter()).enumerate() {
        g.play_entry(e)
            .unwrap_or_else(|err| panic!("entry {i} {e:?}: {err}"));
    }
    g
}

fn c(g: &Citadel, n: &str) -> u16 {
    g.board().cell(n).unwrap()
}

fn why(r: Result<(), MoveError>) -> String {
    match r {
        Ok(()) => "accepted".into(),
        Err(e) => e.to_string(),
    }
}

#[test]
fn setup_places_nine_citadels_then_the_second_player_drafts_first() {
    let mut g = Citadel::new(&CitadelSetup { size: 13 }).unwrap();
    assert_eq!(g.phase(), Phase::Placing);
    assert!(why(g.play_entry("b5")).contains("two cells from every edge"));
    assert!(why(g.play_entry("l5")).contains("two cells from every edge"));
    g.play_entry("c3").unwrap();
    assert!(why(g.play_entry("c4")).contains("next to each other"));
    g.play_entry("d4").unwrap(); // diagonal is fine
    let mut g = Citadel::new(&CitadelSetup { size: 13 }).unwrap();
    for e in &SETUP[..9] {
        g.play_entry(e).unwrap();
    }
    assert_eq!(g.phase(), Phase::Drafting);
    assert_eq!(g.to_move(), Some(1), "the second player picks first");
    g.play_entry("g7").unwrap();
    assert_eq!(g.warrior(c(&g, "g7")), Some(1));
    assert_eq!(g.citadel(c(&g, "g7")), Some(Some(1)));
    assert!(why(g.play_entry("g7")).contains("already taken"));
    let g = game(&[]);
    assert_eq!(g.phase(), Phase::Playing);
    assert_eq!(g.to_move(), Some(0), "the first player plays first");
    assert_eq!(g.credits(), 3);
    assert_eq!(g.scores(), vec![3, 3]);
    assert_eq!(g.citadel(c(&g, "c11")), Some(None));
}

#[test]
fn costs_and_credits() {
    let mut g = game(&[]);
    g.play(CitadelMove::Recruit(c(&g, "c4"))).unwrap();
    assert_eq!(g.credits(), 1, "a recruit costs 2");
    assert!(why(g.check(CitadelMove::Recruit(c(&g, "d3")))).contains("Not enough credits"));
    g.play(CitadelMove::Step(c(&g, "c4"), c(&g, "c5"))).unwrap();
    assert_eq!(g.credits(), 0, "a move costs 1 a cell");
    assert!(g
        .check(CitadelMove::Step(c(&g, "c5"), c(&g, "c6")))
        .is_err());
    // Recruits only next to own citadels, on empty cells.
    let g = game(&[]);
    assert!(
        why(g.check(CitadelMove::Recruit(c(&g, "g8")))).contains("next to a citadel you control")
    );
    assert!(
        g.check(CitadelMove::Recruit(c(&g, "c3"))).is_err(),
        "the citadel holds a warrior"
    );
    // Unspent credits are lost: the next turn has its own.
    let g = game(&["R:c4"]);
    assert_eq!(g.to_move(), Some(1));
    assert_eq!(g.credits(), 3);
}

#[test]
fn entering_a_citadel_takes_it_and_its_credit_counts_next_turn() {
    // Orange walks from g3 towards k3 (neutral): g3-h3-i3, then j3-k3 next turn.
    let g = game(&["g3-h3 h3-i3 i3-j3", "-", "j3-k3"]);
    assert_eq!(g.citadel(c(&g, "k3")), Some(Some(0)));
    assert_eq!(
        g.citadel(c(&g, "g3")),
        Some(Some(0)),
        "a citadel stays with its controller when left"
    );
    assert_eq!(g.scores(), vec![4, 3]);
    // Orange's next turn has 4 credits.
    let g = game(&["g3-h3 h3-i3 i3-j3", "-", "j3-k3", "-"]);
    assert_eq!(g.credits(), 4);
}

#[test]
fn walls_build_cover_and_fall() {
    let mut g = game(&[]);
    // A wall on face d3 covers d3, e3, d4, e4: next to the warrior on c3.
    let d3 = g.face_of(c(&g, "d3")).unwrap();
    g.play(CitadelMove::Wall(d3)).unwrap();
    assert!(g.wall(d3));
    assert!(g.covered(c(&g, "e4")));
    assert!(!g.is_empty(c(&g, "d3")));
    assert_eq!(g.credits(), 2);
    // Not over a warrior or a citadel, not far from one's warriors.
    let b2 = g.face_of(c(&g, "b2")).unwrap();
    assert!(why(g.check(CitadelMove::Wall(b2))).contains("cannot cover"));
    let i9 = g.face_of(c(&g, "i9")).unwrap();
    assert!(why(g.check(CitadelMove::Wall(i9))).contains("next to one of your warriors"));
    // Face d4 is not next to any Orange warrior.
    let d4 = g.face_of(c(&g, "d4")).unwrap();
    assert!(g.check(CitadelMove::Wall(d4)).is_err());
    let f3 = g.face_of(c(&g, "f3")).unwrap();
    assert!(
        g.check(CitadelMove::Wall(f3)).is_err(),
        "g3 holds a citadel"
    );
    // Strength: a wall with one neighbouring wall has strength 2.
    let d2 = g.face_of(c(&g, "d2")).unwrap();
    g.play(CitadelMove::Wall(d2)).unwrap();
    assert_eq!(g.wall_strength(d3), 2);
    assert_eq!(g.wall_strength(d2), 2);
    assert_eq!(g.credits(), 1);
}

#[test]
fn destroying_a_wall_needs_strength_and_equal_costs_the_warrior() {
    // Orange walls d3 (strength 1); Blue's turn passes; Orange's c3 warrior
    // (strength 1 + 1 on its citadel = 2) destroys it.
    let mut g = game(&["W:d3", "-"]);
    let d3 = g.face_of(c(&g, "d3")).unwrap();
    assert_eq!(g.strength(c(&g, "c3")), 2);
    g.play(CitadelMove::Destroy(d3, c(&g, "c3"))).unwrap();
    assert!(!g.wall(d3));
    assert_eq!(
        g.warrior(c(&g, "c3")),
        Some(0),
        "stronger: the warrior stays"
    );
    // A lone warrior (strength 1) against a wall of strength 1: both go.
    let mut g = game(&["R:c4 c4-d4", "-", "W:e4", "-"]);
    let e4 = g.face_of(c(&g, "e4")).unwrap();
    assert_eq!(g.strength(c(&g, "d4")), 1);
    assert_eq!(g.wall_strength(e4), 1);
    g.play(CitadelMove::Destroy(e4, c(&g, "d4"))).unwrap();
    assert!(!g.wall(e4));
    assert_eq!(
        g.warrior(c(&g, "d4")),
        None,
        "equal strength: the warrior falls too"
    );
    // Too weak: refused.
    let g = game(&["W:d3 W:d2 W:e3", "-"]);
    let d3 = g.face_of(c(&g, "d3")).unwrap();
    assert_eq!(g.wall_strength(d3), 3);
    assert!(why(g.check(CitadelMove::Destroy(d3, c(&g, "c3")))).contains("less than the wall"));
}

#[test]
fn attacks_strength_equal_outcome_and_used_warriors() {
    // Orange marches from c7 to f7, next to Blue's g7 (strength 2 on its citadel).
    let mut g = game(&["c7-d7 d7-e7 e7-f7", "-"]);
    assert_eq!(g.strength(c(&g, "f7")), 1);
    assert_eq!(g.strength(c(&g, "g7")), 2);
    assert!(why(g.check(CitadelMove::Attack(c(&g, "f7"), c(&g, "g7"))))
        .contains("greater than the attacker's"));
    // With two friends beside it Orange's f7 has strength 3... build them.
    g.play_entry("R:c8 c8-d8 d8-e8").unwrap_err(); // 2 + 3 credits: too many
    let g = game(&[
        "c7-d7 d7-e7 e7-f7",
        "-",
        "R:c6 c6-d6",
        "-",
        "d6-e6 e6-f6",
        "-",
    ]);
    // f7 (1 + friend f6) = 2 against g7's 2: equal, both fall.
    assert_eq!(g.strength(c(&g, "f7")), 2);
    let mut g2 = g.clone();
    g2.play(CitadelMove::Attack(c(&g, "f7"), c(&g, "g7")))
        .unwrap();
    assert_eq!(g2.warrior(c(&g, "g7")), None);
    assert_eq!(
        g2.warrior(c(&g, "f7")),
        None,
        "equal: the attacker falls too"
    );
    assert!(g2.is_used(c(&g, "f6")), "the supporting friend is used");
    assert_eq!(g2.credits(), 3, "attacks are free");
    // A used warrior cannot attack again, even after moving.
    let err = g2.check(CitadelMove::Attack(c(&g, "f6"), c(&g, "g6")));
    assert!(err.is_err());
}

#[test]
fn sieges_take_up_to_two_from_groups_surrounded_at_the_start() {
    use holdfast_rules::citadel::SIEGE_LIMIT;
    assert_eq!(SIEGE_LIMIT, 2);
    // Without a surrounded group there is nothing to take.
    let g = game(&[]);
    assert!(why(g.check(CitadelMove::Siege(c(&g, "g7")))).contains("surrounded"));
}

#[test]
fn a_win_at_two_citadels_ahead_ends_the_turn() {
    // Orange takes k3 and c11 (both neutral): 5 against 3.
    let g = game(&[
        "g3-h3 h3-i3 i3-j3",
        "-",
        "j3-k3 c7-c8 c8-c9",
        "-",
        "c9-c10 c10-c11",
    ]);
    assert!(g.is_over());
    assert_eq!(g.end(), Some(CitadelEnd::Won(0)));
    assert_eq!(g.winners(), vec![0]);
    assert_eq!(g.scores(), vec![5, 3]);
}

#[test]
fn a_draw_by_agreement() {
    let mut g = game(&[]);
    g.play_entry("draw").unwrap();
    assert!(g.is_over());
    assert_eq!(g.winners(), vec![0, 1]);
}

#[test]
fn notation_round_trips() {
    let g = game(&[]);
    for t in [
        "W:d3", "X:d3/c3", "R:c4", "c3-c4", "c3xc4", "S:g7", "-", "draw",
    ] {
        let m = g.parse_move(t).unwrap();
        assert_eq!(g.format_move(m), t);
    }
    assert!(g.parse_move("Q:zz").is_err());
}

// ---------------------------------------------------------------------------
// Over random games: at most 100 warriors, and a wall never covers a warrior.

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig { cases: 8, .. Default::default() })]

    #[test]
    fn random_citadel_games_keep_the_rules(seed in proptest::prelude::any::<u64>()) {
        let mut g = Citadel::new(&CitadelSetup { size: 13 }).unwrap();
        let mut rng = holdfast_rules::rng::Rng::new(seed);
        let mut scratch = Vec::new();
        while let Some(m) = g.playout_move(&mut rng, &mut scratch) {
            g.play(m).unwrap();
            let warriors = g.board().cells().filter(|&c| g.warrior(c).is_some()).count();
            proptest::prop_assert!(warriors <= holdfast_rules::citadel::MAX_WARRIORS);
            for c in g.board().cells() {
                proptest::prop_assert!(!(g.warrior(c).is_some() && g.covered(c)), "a wall never covers a warrior");
            }
        }
    }
}

/// A draw can be on offer (the record's `offer`) once the citadels are placed and
/// drafted, by the seat to move; not while they are placed.
#[test]
fn a_draw_is_offered_between_turns_of_play_only() {
    use holdfast_rules::record::{replay_text, Offer};
    let mut record = Record::from_json(include_str!("data/citadel-19-finished.json")).unwrap();
    for (entries, ok) in [(17, true), (16, true), (4, false)] {
        record.moves.truncate(entries);
        let (g, _) = record.replay::<Citadel>().unwrap();
        record.offer = g.to_move().map(|by| Offer {
            by,
            declined: false,
        });
        let (status, out) = replay_text(&record.to_json());
        assert_eq!(status == 0, ok, "{entries}: {out}");
    }
}
