//! The end solver against plain minimax on the real games' last plies, and on a
//! toy game whose answer is known.

use holdfast_rules::fortress::{Fortress, FortressSetup};
use holdfast_rules::frontier::Frontier;
use holdfast_rules::island_wars::IslandWars;
use holdfast_rules::rng::Rng;
use holdfast_rules::Game;
use holdfast_search::mcts::candidates;
use holdfast_search::parallel::combine;
use holdfast_search::player::SOLVED_VOTES;
use holdfast_search::solver::Solver;
use holdfast_search::{Budget, Level, Player, Seen, Thought};

fn no_clock() -> f64 {
    0.0
}

/// The first seat's (result, lead) of a finished game: result 1, 0 or -1.
fn outcome<G: Game>(g: &G) -> (i32, i32) {
    let w = g.winners();
    let result = match (w.contains(&0), w.contains(&1)) {
        (true, false) => 1,
        (false, true) => -1,
        _ => 0,
    };
    let s = g.scores();
    (result, s[0] - s[1])
}

/// Plain minimax over every candidate action, no pruning: the first seat's best
/// (result, lead), compared as a pair.
fn minimax<G: Game>(g: &G) -> (i32, i32) {
    let Some(seat) = g.to_move() else {
        return outcome(g);
    };
    let mut moves = Vec::new();
    candidates(g, &mut moves);
    let values = moves.iter().map(|&m| {
        let mut next = g.clone();
        next.play(m).unwrap();
        minimax(&next)
    });
    if seat == 0 {
        values.max().unwrap()
    } else {
        values.min().unwrap()
    }
}

/// A random game of `setup`'s (passing only when nothing else is legal, so that
/// it runs to its move limit), `left` actions short of its end (found by playing
/// the same actions on to the end first).
fn ending<G: Game>(setup: &G::Setup, seed: u64, left: usize) -> G {
    let mut rng = Rng::new(seed);
    let mut g = G::new(setup).unwrap();
    let mut played = Vec::new();
    let mut moves = Vec::new();
    while !g.is_over() {
        candidates(&g, &mut moves);
        if moves.len() > 1 {
            moves.retain(|&m| g.format_move(m) != "pass");
        }
        let m = moves[rng.below(moves.len() as u32) as usize];
        g.play(m).unwrap();
        played.push(m);
    }
    let mut g = G::new(setup).unwrap();
    for &m in &played[..played.len().saturating_sub(left)] {
        g.play(m).unwrap();
    }
    g
}

/// The solver's answer for `g`, checked against minimax and its own line.
fn check_against_minimax<G: Game>(g: &G, what: &str) {
    let mut solver = Solver::new(g, 10_000_000, &no_clock, f64::INFINITY);
    assert!(solver.worth_trying(), "{what}");
    let s = solver
        .solve()
        .unwrap_or_else(|| panic!("{what}: not solved"));
    let seat = g.to_move().unwrap();
    let (result, lead) = minimax(g);
    let (result, lead) = if seat == 0 {
        (result, lead)
    } else {
        (-result, -lead)
    };
    assert_eq!(s.chance, (result as f32 + 1.0) / 2.0, "{what}");
    assert_eq!(s.lead, lead, "{what}");
    // The line is best play to the end: it finishes the game with that outcome.
    let mut end = g.clone();
    for &m in &s.line {
        end.play(m).unwrap();
    }
    assert!(end.is_over(), "{what}: {:?}", s.line);
    let (r, l) = outcome(&end);
    let (r, l) = if seat == 0 { (r, l) } else { (-r, -l) };
    assert_eq!((r, l), (result, lead), "{what}");
    assert_eq!(s.line.first(), Some(&s.mv));
}

#[test]
fn the_solver_agrees_with_minimax_on_real_endings() {
    let fortress = FortressSetup::default();
    let frontier = Frontier::variants().remove(0).1;
    let islands = IslandWars::variants()
        .into_iter()
        .find(|(n, _)| n == "2p")
        .unwrap()
        .1;
    for seed in 0..6 {
        for left in 1..=3 {
            let g: Fortress = ending(&fortress, seed, left);
            check_against_minimax(&g, &format!("fortress {seed} {left}"));
            let g: Frontier = ending(&frontier, seed, left);
            check_against_minimax(&g, &format!("frontier {seed} {left}"));
        }
        let g: IslandWars = ending(&islands, seed, 2);
        check_against_minimax(&g, &format!("island wars {seed}"));
    }
}

#[test]
fn the_solver_gives_up_where_it_cannot_be_exact_or_quick() {
    let far = |g: &Fortress, cap| Solver::new(g, cap, &no_clock, f64::INFINITY).worth_trying();
    // The start of a game: too far from its end.
    let start = Fortress::new(&FortressSetup::default()).unwrap();
    assert!(!far(&start, 10_000_000));
    // Near the end, but with dice, or three seats: no exact answer.
    let near: Fortress = ending(&FortressSetup::default(), 1, 3);
    assert!(far(&near, 10_000_000));
    assert!(!far(&near, 10), "a cap too small for the tree");
    let dice = FortressSetup {
        dice: true,
        ..Default::default()
    };
    assert!(!far(&ending(&dice, 1, 3), 10_000_000));
    let three = FortressSetup {
        players: 3,
        ..Default::default()
    };
    assert!(!far(&ending(&three, 1, 3), 10_000_000));
    // A cap reached mid-solve gives no answer rather than a wrong one.
    let mid: Fortress = ending(&FortressSetup::default(), 2, 5);
    let mut solver = Solver::new(&mid, 50, &no_clock, f64::INFINITY);
    assert_eq!(solver.solve(), None);
    assert!(solver.nodes() > 50);
    // So does a deadline passed (checked every 1,024 positions: this one needs more).
    let late = || 10.0;
    let mut solver = Solver::new(&mid, 10_000_000, &late, 1.0);
    assert_eq!(solver.solve(), None);
}

#[test]
fn a_level_plays_the_solved_end_and_says_so() {
    let g: Frontier = ending(&Frontier::variants().remove(0).1, 4, 3);
    let budget = Budget {
        iterations: 64_000,
        seconds: None,
    };
    for player in [Player::Level(Level::new(5).unwrap()), Player::Strongest] {
        let t = player.think(&g, &mut Rng::new(1), &no_clock, Some(budget), &mut |_| {});
        let seen = t.search.expect("a search");
        let mut solver = Solver::new(&g, 10_000_000, &no_clock, f64::INFINITY);
        assert!(solver.worth_trying());
        let s = solver.solve().unwrap();
        assert_eq!(t.mv, Some(s.mv));
        assert_eq!(seen.best_value, s.chance);
        assert!(seen.solved);
        // The engine reports a proved result as it is, never through a table.
        assert_eq!(seen.chance(&g), s.chance);
        assert_eq!(seen.line, s.line);
        assert_eq!(seen.roots, vec![(s.mv, SOLVED_VOTES, s.chance)]);
    }
    // Root-parallel searches: the solved answer outvotes any search that missed it.
    let searched = Thought {
        mv: Some(t_other(&g)),
        search: Some(Seen {
            solved: false,
            iterations: 1_000_000,
            best_value: 0.9,
            line: vec![t_other(&g)],
            roots: vec![(t_other(&g), 1_000_000, 0.9)],
        }),
    };
    let solved =
        Player::Strongest.think(&g, &mut Rng::new(1), &no_clock, Some(budget), &mut |_| {});
    let merged = combine(vec![searched, solved.clone()]);
    assert_eq!(merged.mv, solved.mv);
    // A search that also chose the solved action, with its own mean and line: the
    // merged answer keeps the exact result and the solver's line, not the search's.
    let mv = solved.mv.unwrap();
    let agreeing = Thought {
        mv: Some(mv),
        search: Some(Seen {
            solved: false,
            iterations: 1_000_000,
            best_value: 0.123,
            line: vec![mv],
            roots: vec![(mv, 1_000_000, 0.123)],
        }),
    };
    let merged = combine(vec![agreeing, solved.clone()]).search.unwrap();
    let solved = solved.search.unwrap();
    assert!(merged.solved);
    assert_eq!(merged.best_value, solved.best_value);
    assert_eq!(merged.line, solved.line);
    assert!(solved.line.len() > 1);
    // Levels that slip leave the end to their search, slips and all.
    let level1 = Player::Level(Level::new(1).unwrap());
    let t = level1.think(&g, &mut Rng::new(1), &no_clock, Some(budget), &mut |_| {});
    assert_eq!(t.search.unwrap().iterations, 64_000);
}

/// A legal action other than the solver's.
fn t_other<G: Game>(g: &G) -> G::Move {
    let mut solver = Solver::new(g, 10_000_000, &no_clock, f64::INFINITY);
    solver.worth_trying();
    let best = solver.solve().unwrap().mv;
    let mut moves = Vec::new();
    candidates(g, &mut moves);
    moves.into_iter().find(|&m| m != best).unwrap()
}

#[test]
fn a_solver_that_gives_up_leaves_the_rest_of_the_budget_to_the_search() {
    // Level 5 with 2,000 iterations lets the solver visit up to 1,000 positions;
    // where that proves too few, the search runs the other 1,000 iterations.
    let level5 = Player::Level(Level::new(5).unwrap());
    let budget = Budget {
        iterations: 2000,
        seconds: None,
    };
    let mut found = 0;
    for seed in 0..10 {
        for left in 2..=5 {
            let g: Frontier = ending(&Frontier::variants().remove(0).1, seed, left);
            let mut solver = Solver::new(&g, 1000, &no_clock, f64::INFINITY);
            if !solver.worth_trying() || solver.solve().is_some() {
                continue;
            }
            found += 1;
            let t = level5.think(&g, &mut Rng::new(1), &no_clock, Some(budget), &mut |_| {});
            let seen = t.search.unwrap();
            assert_eq!(seen.iterations, 1000, "{seed} {left}");
            assert!(seen.roots.iter().all(|r| r.1 < SOLVED_VOTES));
        }
    }
    assert!(
        found > 0,
        "no ending between what 1,000 positions solve and what they try"
    );
}

#[test]
fn the_solver_gives_up_on_a_game_without_a_fixed_end_instead_of_going_ever_deeper() {
    // Citadel after the draft: warriors may walk to and fro without end, so a
    // depth-first line never finishes. The solver must give up (it once followed
    // one line 12,000 actions deep and overflowed the stack).
    use holdfast_rules::citadel::{Citadel, CitadelSetup};
    let mut g = Citadel::new(&CitadelSetup { size: 13 }).unwrap();
    for e in [
        "c3", "c7", "c11", "g3", "g7", "g11", "k3", "k7", "k11", "g7", "c3", "k11", "c7", "k7",
        "g3",
    ] {
        g.play_entry(e).unwrap();
    }
    let mut solver = Solver::new(&g, 200_000, &no_clock, f64::INFINITY);
    assert_eq!(solver.solve(), None);
}
