//! The search on a toy game small enough to know the right answers: seats take turns
//! adding 1 or 2 to a count, and whoever brings it to the target wins.

use std::cell::Cell;

use holdfast_rules::board::Board;
use holdfast_rules::rng::Rng;
use holdfast_rules::{Game, MoveError, SetupError, Tally};
use holdfast_search::{Budget, Level, Player, Search, SearchConfig};
use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, Default, Serialize, Deserialize)]
struct RaceSetup {
    players: u8,
    target: u32,
}

#[derive(Clone, Debug)]
struct Race {
    setup: RaceSetup,
    board: Board,
    total: u32,
    to_move: u8,
    winner: Option<u8>,
}

impl Race {
    fn at(players: u8, target: u32, total: u32, to_move: u8) -> Race {
        let mut g = Race::new(&RaceSetup { players, target }).unwrap();
        g.total = total;
        g.to_move = to_move;
        g
    }
}

impl Game for Race {
    type Setup = RaceSetup;
    type Move = u32;
    const ID: &'static str = "race";
    const TITLE: &'static str = "Race";

    fn variants() -> Vec<(String, RaceSetup)> {
        vec![(
            "2p".into(),
            RaceSetup {
                players: 2,
                target: 10,
            },
        )]
    }
    fn every_move(&self, out: &mut Vec<u32>) {
        out.extend([1, 2]);
    }
    fn new(setup: &RaceSetup) -> Result<Self, SetupError> {
        Ok(Race {
            setup: setup.clone(),
            board: Board::square(1, 1).map_err(SetupError::Board)?,
            total: 0,
            to_move: 0,
            winner: None,
        })
    }
    fn setup(&self) -> &RaceSetup {
        &self.setup
    }
    fn board(&self) -> &Board {
        &self.board
    }
    fn players(&self) -> usize {
        self.setup.players as usize
    }
    fn to_move(&self) -> Option<u8> {
        self.winner.is_none().then_some(self.to_move)
    }
    fn legal_moves(&self, out: &mut Vec<u32>) {
        if self.winner.is_none() {
            out.extend([1, 2]);
        }
    }
    fn check(&self, mv: u32) -> Result<(), MoveError> {
        match (self.winner, mv) {
            (Some(_), _) => Err(MoveError::GameOver),
            (None, 1 | 2) => Ok(()),
            _ => Err(MoveError::Unreadable(mv.to_string())),
        }
    }
    fn play(&mut self, mv: u32) -> Result<(), MoveError> {
        self.check(mv)?;
        self.total += mv;
        if self.total >= self.setup.target {
            self.winner = Some(self.to_move);
        } else {
            self.to_move = (self.to_move + 1) % self.setup.players;
        }
        Ok(())
    }
    fn scores(&self) -> Vec<i32> {
        (0..self.setup.players)
            .map(|s| (self.winner == Some(s)) as i32)
            .collect()
    }
    fn parse_move(&self, text: &str) -> Result<u32, MoveError> {
        text.parse().map_err(|_| MoveError::Unreadable(text.into()))
    }
    fn format_move(&self, mv: u32) -> String {
        mv.to_string()
    }
    fn tally(&self) -> Tally {
        Tally::default()
    }
}

fn config(iterations: u32) -> SearchConfig {
    SearchConfig {
        budget: Budget {
            iterations,
            seconds: None,
        },
        ..SearchConfig::default()
    }
}

fn no_clock() -> f64 {
    0.0
}

#[test]
fn a_win_in_one_is_found() {
    // Eight of ten: adding 2 wins; adding 1 lets the next seat win.
    let g = Race::at(2, 10, 8, 0);
    let mut s = Search::new(&g, config(200), 1);
    let p = s.run(&no_clock, &mut |_| {});
    assert_eq!(p.best, Some(2));
    assert!(p.best_value > 0.99, "a sure win: {}", p.best_value);
}

#[test]
fn a_full_tree_still_searches() {
    // Room for the root and its two children only: the win in one is still found,
    // and the tree never grows past the cap.
    let g = Race::at(2, 10, 8, 0);
    for (max_nodes, max_actions) in [(3, 100), (100, 2)] {
        let config = SearchConfig {
            max_nodes,
            max_actions,
            ..config(300)
        };
        let mut s = Search::new(&g, config, 1);
        let p = s.run(&no_clock, &mut |_| {});
        assert_eq!(p.best, Some(2));
        assert!(s.nodes() <= 3, "{}", s.nodes());
        assert_eq!(s.actions(), 2);
    }
}

#[test]
fn the_principal_line_follows_the_most_visited_actions_to_the_end() {
    // Six of ten, seat 0 to move: adding 1 leaves 7, lost for the next seat (1 or 2
    // lets seat 0 reach 10), so the line is 1, either reply, and seat 0's win.
    let g = Race::at(2, 10, 6, 0);
    let mut s = Search::new(&g, config(2000), 3);
    let p = s.run(&no_clock, &mut |_| {});
    let line = s.principal_line(10);
    assert_eq!(line.first().copied(), p.best);
    assert_eq!(line[0], 1, "{line:?}");
    assert_eq!(line.len(), 3, "{line:?}");
    assert_eq!(line.iter().sum::<u32>(), 4, "the line ends on 10: {line:?}");
    assert_eq!(s.principal_line(1), vec![1]);
    assert!(p.best_value > 0.9, "a won position: {}", p.best_value);
    // No iteration yet: no line.
    assert!(Search::new(&g, config(10), 3).principal_line(10).is_empty());
}

#[test]
fn each_seat_backs_up_its_own_reward() {
    // Three seats, the third to move at 8 of 10: max^n must credit seat 2 with its
    // own win, so it takes it; a search that backed up seat 0's reward would add 1
    // instead (leaving 9, a win for seat 0).
    let g = Race::at(3, 10, 8, 2);
    let mut s = Search::new(&g, config(300), 2);
    assert_eq!(s.run(&no_clock, &mut |_| {}).best, Some(2));
}

#[test]
fn a_seeded_search_is_reproducible() {
    let g = Race::at(2, 21, 0, 0);
    let run = |seed| {
        let mut s = Search::new(&g, config(500), seed);
        s.run(&no_clock, &mut |_| {});
        s.root_stats()
    };
    assert_eq!(run(7), run(7));
    assert_ne!(run(7), run(8));
}

#[test]
fn the_budget_is_honoured() {
    let g = Race::at(2, 30, 0, 0);
    let mut s = Search::new(&g, config(123), 1);
    let mut reports = 0;
    let p = s.run(&no_clock, &mut |_| reports += 1);
    assert_eq!(p.iterations, 123);
    assert_eq!(reports, 1, "a progress report every 64 iterations");
    // A clock that moves a second at each look: a half-second budget stops at the
    // first look (every eighth iteration), long before the iteration budget.
    let t = Cell::new(0.0);
    let clock = || {
        t.set(t.get() + 1.0);
        t.get()
    };
    let mut cfg = config(1_000_000);
    cfg.budget.seconds = Some(0.5);
    let mut s = Search::new(&g, cfg, 1);
    assert_eq!(s.run(&clock, &mut |_| {}).iterations, 8);
}

#[test]
fn players_parse_and_choose_legal_actions() {
    for name in ["random", "greedy", "level1", "level3"] {
        let p: Player = name.parse().unwrap();
        assert_eq!(p.to_string(), name);
        let g = Race::at(2, 10, 8, 0);
        let mv = p.choose(&g, &mut Rng::new(1), &no_clock, &mut |_| {});
        assert!(matches!(mv, Some(1 | 2)));
    }
    for bad in ["level0", "level6", "levelx", "best", ""] {
        assert!(bad.parse::<Player>().is_err(), "{bad}");
    }
    // Greedy and the levels take a win in one.
    let g = Race::at(2, 10, 8, 1);
    for name in ["greedy", "level2", "level4"] {
        let p: Player = name.parse().unwrap();
        let mv = p.choose(&g, &mut Rng::new(3), &no_clock, &mut |_| {});
        assert_eq!(mv, Some(2), "{name}");
    }
    // Over: nothing to choose.
    let mut g = Race::at(2, 10, 9, 0);
    g.play(1).unwrap();
    assert_eq!(
        Player::Greedy.choose(&g, &mut Rng::new(1), &no_clock, &mut |_| {}),
        None
    );
}

#[test]
fn a_level_s_slips_are_moves_its_search_weighed() {
    // Level 1 slips 5 times in 100 and picks among its favourites a little at
    // random, but a slip is drawn among the actions its search visited at least a
    // quarter as often as its favourite: a win in one beside a move that hands the
    // win over is never left, at any of 400 seeds (a random slip left it about 10
    // times), nor by the steady search a hint uses.
    let g = Race::at(2, 10, 8, 0);
    let level1 = Level::new(1).unwrap();
    let misses = |p: Player| {
        (0..400)
            .filter(|&seed| p.choose(&g, &mut Rng::new(seed), &no_clock, &mut |_| {}) != Some(2))
            .count()
    };
    assert_eq!(misses(Player::Level(level1)), 0);
    assert_eq!(misses(Player::Steady(level1)), 0);
    // Two actions weighed alike: a slip takes the other one.
    let even = Race::at(2, 100, 0, 0);
    let mut s = Search::new(&even, config(400), 1);
    s.run(&no_clock, &mut |_| {});
    let best = s.progress().best;
    let other = (0..50)
        .filter(|&k| s.plausible(&mut Rng::new(k)) != best)
        .count();
    assert_eq!(
        other, 50,
        "a slip always leaves the favourite when another is close"
    );
}

#[test]
fn implicit_minimax_finds_the_only_winning_move_sooner() {
    // Twelve of twenty, seat 0 to move: only adding 2 wins (it leaves 6, a multiple
    // of three, to the other seat). At 60 iterations, with the minimax of the
    // leaves' values beside the mean a search finds it at each of 40 seeds; the mean
    // alone misses it at some.
    let g = Race::at(2, 20, 12, 0);
    let found = |minimax: f32| {
        (0..40)
            .filter(|&seed| {
                let config = SearchConfig {
                    minimax,
                    ..config(60)
                };
                Search::new(&g, config, seed)
                    .run(&no_clock, &mut |_| {})
                    .best
                    == Some(2)
            })
            .count()
    };
    assert_eq!(found(1.0), 40);
    assert!(found(0.0) < 40, "the plain search found it every time too");
}

/// The ladder in every game: each level searches at least as much as the one below,
/// slips no more often and picks no more freely, and level 5 never slips; the
/// per-game changes are where the README's figures put them.
#[test]
fn each_game_has_a_ladder() {
    for game in [
        "fortress",
        "fort",
        "citadel",
        "island-wars",
        "frontier",
        "other",
    ] {
        let specs: Vec<_> = (1..=5).map(|n| Level::new(n).unwrap().spec(game)).collect();
        for w in specs.windows(2) {
            // Each level searches at least half as much again as the one below.
            assert!(w[1].iterations * 2 >= w[0].iterations * 3, "{game}: {w:?}");
            assert!(
                w[1].slip <= w[0].slip && w[1].temperature <= w[0].temperature,
                "{game}"
            );
            assert!(w[1].seconds >= w[0].seconds, "{game}");
        }
        assert_eq!((specs[4].slip, specs[4].temperature), (0.0, 0.0), "{game}");
        assert!(
            specs[4].seconds < 1.0,
            "{game}: level 5 answers within a second"
        );
    }
    let l = |n, g| Level::new(n).unwrap().spec(g);
    let citadel: Vec<u32> = (1..=5).map(|n| l(n, "citadel").iterations).collect();
    assert_eq!(citadel, [200, 1500, 8000, 20_000, 64_000]);
    // On a board of its own size: 13x13 (169 cells) as above, 19x19 (361) its own
    // ladder, spaced as every ladder is; other games as on any board.
    let on = |n, g, cells| Level::new(n).unwrap().spec_on(g, cells);
    let thirteen: Vec<u32> = (1..=5).map(|n| on(n, "citadel", 169).iterations).collect();
    assert_eq!(thirteen, citadel);
    let nineteen: Vec<_> = (1..=5).map(|n| on(n, "citadel", 361)).collect();
    let iterations: Vec<u32> = nineteen.iter().map(|s| s.iterations).collect();
    assert_eq!(iterations, [200, 3000, 8000, 16_000, 64_000]);
    for (n, s) in (1..=5).zip(&nineteen) {
        // All but the iterations as on 13x13: time cap, slips, temperature, exploration.
        let on_thirteen = l(n, "citadel");
        let same_budget = holdfast_search::player::LevelSpec {
            iterations: on_thirteen.iterations,
            ..*s
        };
        assert_eq!(same_budget, on_thirteen, "level {n}");
    }
    for w in iterations.windows(2) {
        assert!(w[1] * 2 >= w[0] * 3, "19x19: {w:?}");
    }
    assert_eq!(on(3, "fortress", 361), l(3, "fortress"));
    let fortress: Vec<u32> = (1..=5).map(|n| l(n, "fortress").iterations).collect();
    assert_eq!(fortress, [2500, 4000, 10_000, 30_000, 200_000]);
    let fort: Vec<u32> = (1..=5).map(|n| l(n, "fort").iterations).collect();
    assert_eq!(fort, [800, 1800, 4000, 16_000, 64_000]);
    assert_eq!(
        (l(5, "frontier").iterations, l(5, "frontier").exploration),
        (128_000, 0.1)
    );
    assert_eq!(
        l(3, "frontier").exploration,
        SearchConfig::default().exploration
    );
    let frontier: Vec<u32> = (1..=5).map(|n| l(n, "frontier").iterations).collect();
    assert_eq!(frontier, [600, 2000, 4000, 16_000, 128_000]);
    let island: Vec<u32> = (1..=5).map(|n| l(n, "island-wars").iterations).collect();
    assert_eq!(island, [50, 250, 2500, 8000, 128_000]);
    assert_eq!(l(1, "island-wars").temperature, 0.5);
}

#[test]
fn think_reports_the_search_and_takes_a_budget_in_place_of_the_level_s() {
    // Three seats, so that the end solver (two seats only) leaves it to the search.
    let g = Race::at(3, 10, 8, 0);
    let budget = Budget {
        iterations: 321,
        seconds: None,
    };
    let player = Player::Level(Level::new(5).unwrap());
    let t = player.think(&g, &mut Rng::new(1), &no_clock, Some(budget), &mut |_| {});
    let seen = t.search.expect("a level searches");
    assert_eq!(seen.iterations, 321);
    assert_eq!(t.mv, Some(2));
    assert_eq!(seen.line.first(), Some(&2));
    assert!((0.0..=1.0).contains(&seen.best_value));
    // The same seed chooses as `choose` does; random and greedy search nothing.
    let chosen = player.choose(&g, &mut Rng::new(1), &no_clock, &mut |_| {});
    assert_eq!(chosen, Some(2));
    let r = Player::Random.think(&g, &mut Rng::new(1), &no_clock, None, &mut |_| {});
    assert!(r.mv.is_some() && r.search.is_none());
}

#[test]
fn the_strongest_adds_up_its_searches_side_by_side() {
    use holdfast_search::think_parallel;
    // Three seats: the end solver would answer at once for two.
    let g = Race::at(3, 10, 8, 0);
    let budget = Some(Budget {
        iterations: 400,
        seconds: None,
    });
    let strongest: Player = "strongest".parse().unwrap();
    assert_eq!(strongest, Player::Strongest);
    assert_eq!(strongest.to_string(), "strongest");
    let think =
        |workers| think_parallel(strongest, &g, &mut Rng::new(7), &no_clock, budget, workers);
    let four = think(4);
    let seen = four.search.clone().expect("it searches");
    // Every search ran its whole budget, and their root visits were added up.
    assert_eq!(seen.iterations, 1600);
    assert_eq!(four.mv, Some(2), "8 of 10: adding 2 wins");
    let visits: u32 = seen.roots.iter().map(|r| r.1).sum();
    assert_eq!(visits, 1600, "every iteration of every search");
    let best = seen.roots.iter().max_by_key(|r| r.1).unwrap();
    assert_eq!(Some(best.0), four.mv);
    assert_eq!(seen.line.first(), four.mv.as_ref());
    // The same seed and workers, the same answer; one worker is one search.
    assert_eq!(think(4), four);
    assert_eq!(think(1).search.map(|s| s.iterations), Some(400));
    // Another player ignores the workers: one search on this thread.
    let level = Player::Level(Level::new(2).unwrap());
    let one = think_parallel(level, &g, &mut Rng::new(7), &no_clock, budget, 4);
    assert_eq!(one.search.map(|s| s.iterations), Some(400));
}

#[test]
fn the_solver_knows_the_race() {
    // Adding 1 or 2, whoever reaches 10 wins: the mover loses exactly when the
    // distance left is a multiple of 3, and otherwise wins by leaving one.
    for total in 0..10u32 {
        for seat in 0..2u8 {
            let g = Race::at(2, 10, total, seat);
            let mut solver =
                holdfast_search::solver::Solver::new(&g, 1_000_000, &no_clock, f64::INFINITY);
            assert!(solver.worth_trying());
            let s = solver.solve().unwrap();
            let left = 10 - total;
            assert_eq!(s.chance, if left % 3 == 0 { 0.0 } else { 1.0 }, "{total}");
            if left % 3 != 0 {
                assert_eq!(s.mv, left % 3, "{total}");
            }
        }
    }
}
