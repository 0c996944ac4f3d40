//! The players on the real games.

use holdfast_rules::citadel::{Citadel, CitadelMove, CitadelSetup};
use holdfast_rules::fortress::{Fortress, FortressMove, FortressSetup};
use holdfast_rules::rng::Rng;
use holdfast_rules::Game;
use holdfast_search::Player;

fn no_clock() -> f64 {
    0.0
}

/// The 1983 rules on the 6x6 board.
fn classic_1983() -> FortressSetup {
    Fortress::variants()
        .into_iter()
        .find(|(name, _)| name == "classic-1983")
        .expect("the 1983 variant")
        .1
}

#[test]
fn computers_never_swap_nor_agree() {
    // Pie rule, after the first placement: the swap is legal but a computer (which
    // plays a seat, not a colour) leaves it.
    let mut g = Fortress::new(&FortressSetup {
        pie: true,
        ..Default::default()
    })
    .unwrap();
    g.play(FortressMove::Place(14)).unwrap();
    assert!(g.check(FortressMove::Swap).is_ok());
    // Citadel between turns: a draw is legal, never proposed.
    let mut c = Citadel::new(&CitadelSetup { size: 13 }).unwrap();
    for e in [
        "c3", "c7", "c11", "g3", "g7", "g11", "k3", "k7", "k11", "g7", "c3", "k11", "c7", "k7",
        "g3",
    ] {
        c.play_entry(e).unwrap();
    }
    assert!(c.check(CitadelMove::Draw).is_ok());
    for name in ["random", "greedy", "level1"] {
        let p: Player = name.parse().unwrap();
        for seed in 0..20 {
            let mut rng = Rng::new(seed);
            let mv = p.choose(&g, &mut rng, &no_clock, &mut |_| {});
            assert!(!matches!(mv, Some(FortressMove::Swap) | None), "{name}");
            let mv = p.choose(&c, &mut rng, &no_clock, &mut |_| {});
            assert!(!matches!(mv, Some(CitadelMove::Draw) | None), "{name}");
        }
    }
}

#[test]
fn reseeding_draws_other_dice() {
    // An attack's dice come from the position's generator: copies reseeded apart roll
    // apart (so a search never reads the record's own future rolls), while the same
    // seed rolls the same.
    let setup = FortressSetup {
        dice: true,
        map: "archipelago".into(),
        seed: 3,
        ..Default::default()
    };
    let start = Fortress::new(&setup).unwrap();
    let mut rng = Rng::new(1);
    let mut scratch = Vec::new();
    let mut g = start.clone();
    let (mut differ, mut attacks) = (false, 0);
    while let Some(m) = g.playout_move(&mut rng, &mut scratch) {
        if matches!(m, FortressMove::Attack(_)) {
            attacks += 1;
            let roll = |seed| {
                let mut x = g.clone();
                x.reseed(seed);
                x.play(m).unwrap();
                x.last_roll()
            };
            assert_eq!(roll(5), roll(5));
            differ |= (1..20).any(|s| roll(s) != roll(0));
        }
        g.play(m).unwrap();
    }
    assert!(attacks > 0 && differ);
}

/// Level 1 on the 1983 board: it passes only where its search prefers the pass,
/// and its slips are moves the search weighed, never random ones. (Before, a slip
/// or its temperature picked the pass in some of the first moves of a game: 71
/// passes in 49 games against another program, while behind.)
#[test]
fn level_1_plays_like_someone_trying() {
    let setup = classic_1983();
    let level1: Player = "level1".parse().unwrap();
    let steady = Player::Steady(holdfast_search::Level::new(1).unwrap());
    let (mut passes, mut differ) = (0, 0);
    for game in 0..12u64 {
        let mut g = Fortress::new(&setup).unwrap();
        for ply in 0..20u64 {
            let seed = game * 100 + ply;
            let mv = level1.choose(&g, &mut Rng::new(seed), &no_clock, &mut |_| {});
            let Some(mv) = mv else { break };
            let preferred = steady.choose(&g, &mut Rng::new(seed), &no_clock, &mut |_| {});
            if mv == FortressMove::Pass && preferred != Some(FortressMove::Pass) {
                passes += 1;
            }
            differ += (Some(mv) != preferred) as u32;
            g.play(mv).unwrap();
        }
    }
    assert_eq!(passes, 0, "passes the search did not prefer");
    // Still a beginner: it does not always play what its search prefers.
    assert!(differ > 0, "level 1 always played its search's choice");
}

/// With a margin weight, a finished game is worth more to its winner the more it
/// won by (Fortress plays for squares, not only for the win); with none, a win is
/// 1 whatever the margin. The two seats' rewards always add up to 1.
#[test]
fn a_margin_values_a_bigger_win_more() {
    use holdfast_search::reward::rewards;
    let setup = classic_1983();
    let (mut r, mut est) = (Vec::new(), Vec::new());
    let mut by_lead = Vec::new();
    for seed in 0..40 {
        let mut g = Fortress::new(&setup).unwrap();
        g.play_out(&mut Rng::new(seed), &mut Vec::new());
        let winners = g.winners();
        if winners.len() != 1 {
            continue;
        }
        let w = winners[0] as usize;
        let s = g.scores();
        rewards(&g, &mut r, &mut est, 0.0);
        assert_eq!(r[w], 1.0);
        rewards(&g, &mut r, &mut est, 1.0);
        assert!(r[w] > 0.5 && r[w] < 1.0, "{r:?}");
        assert!((r[0] + r[1] - 1.0).abs() < 1e-5, "{r:?}");
        // The lead as a share of the squares held (the squash's scale follows
        // the total in play).
        let share = (s[w] - s[1 - w]) as f32 / (s[0] + s[1]).max(1) as f32;
        by_lead.push((share, r[w]));
    }
    assert!(by_lead.iter().any(|b| b.0 != by_lead[0].0), "{by_lead:?}");
    for a in &by_lead {
        for b in by_lead.iter().filter(|b| b.0 > a.0 + 1e-6) {
            assert!(a.1 < b.1, "{a:?} {b:?}");
        }
    }
}

#[test]
fn the_fitted_chance_is_a_chance_for_the_seat_to_move() {
    use holdfast_search::models::line_chance;
    let g = Fortress::new(&classic_1983()).unwrap();
    // At the start, neither seat far ahead.
    let c = line_chance(&g, &[]).expect("Fortress ships a model");
    assert!(c > 0.2 && c < 0.8, "{c}");
    let mut rng = Rng::new(5);
    let mut line = Vec::new();
    let mut end = g.clone();
    let mut moves = Vec::new();
    while !end.is_over() {
        moves.clear();
        end.legal_moves(&mut moves);
        let m = moves[rng.below(moves.len() as u32) as usize];
        end.play(m).unwrap();
        line.push(m);
    }
    let winners = end.winners();
    let expected = if winners.contains(&0) {
        1.0 / winners.len() as f32
    } else {
        0.0
    };
    // Played out: the result counts as one of the positions averaged along the
    // line (the others, the model's chances where its last turns began), so the
    // chance leans to the result without being certain of it.
    let c = line_chance(&g, &line).unwrap();
    assert!(
        (c - expected).abs() < 0.5 && c > 0.0 && c < 1.0,
        "{c} {expected}"
    );
    // A line of one action is the mean of its end and its start.
    let one = line_chance(&g, &line[..1]).unwrap();
    let mut after = g.clone();
    after.play(line[0]).unwrap();
    let (start, then) = (
        line_chance(&g, &[]).unwrap(),
        1.0 - line_chance(&after, &[]).unwrap(),
    );
    assert!(
        (one - (start + then) / 2.0).abs() < 1e-5,
        "{one} {start} {then}"
    );
    // Wherever one seat leads by three squares or more in the second half, that
    // seat is given the better chance, whichever seat is to move (early on, the
    // second seat's advantage and the move outweigh a few squares).
    let mut at = g.clone();
    let mut checked = 0;
    for &m in &line {
        at.play(m).unwrap();
        let (Some(me), scores) = (at.to_move(), at.scores()) else {
            break;
        };
        let me = me as usize;
        if at.progress() > 0.5 && scores[me].abs_diff(scores[1 - me]) >= 3 {
            let c = line_chance(&at, &[]).unwrap();
            assert_eq!(c > 0.5, scores[me] > scores[1 - me], "{scores:?} {c}");
            checked += 1;
        }
    }
    assert!(checked > 3, "seed 5 gives leads to check: {checked}");
    // Citadel ships none (its games between levels gave no model better than
    // even chances): no chance, and the engine reports the search's value through
    // its calibration table.
    let citadel = Citadel::new(&CitadelSetup::default()).unwrap();
    assert_eq!(line_chance(&citadel, &[]), None);
}

/// The engine's chance: a proved result as it is; the fitted model's where one is
/// shipped (through its chance table where one is shipped); else the search's value through the game's calibration table (a value
/// of exactly 0 or 1 as it is); else the value.
#[test]
fn the_engine_s_chance_is_the_model_s_or_the_value_through_the_game_s_table() {
    use holdfast_rules::fort::Fort;
    use holdfast_search::calibration::table_for;
    use holdfast_search::models::{engine_chance, line_chance};
    let fortress = Fortress::new(&classic_1983()).unwrap();
    // (Through the chance table shipped for Fortress with two seats.)
    let curve = holdfast_search::calibration::chance_table_for("fortress", 2).unwrap();
    assert_eq!(
        Some(engine_chance(&fortress, &[], 0.9, false)),
        line_chance(&fortress, &[]).map(|c| holdfast_search::calibration::through(curve.points, c))
    );
    // Solved: the result, model or not.
    assert_eq!(engine_chance(&fortress, &[], 0.5, true), 0.5);
    let citadel = Citadel::new(&CitadelSetup::default()).unwrap();
    let fort = Fort::new(&Default::default()).unwrap();
    assert!(table_for("citadel").is_some() && table_for("fort").is_some());
    let chance = |v: f32| engine_chance(&citadel, &[], v, false);
    // The curve shipped for Citadel (0.75, -0.25 on the value's logit) at a few
    // values, read through the table's points.
    for (v, want) in [(0.1, 0.130), (0.5, 0.438), (0.7, 0.596), (0.95, 0.877)] {
        assert!((chance(v) - want).abs() < 0.002, "{v}: {}", chance(v));
    }
    // Rising with the value, inside (0, 1), and no jump near the ends.
    let mut last = 0.0;
    for i in 1..1000 {
        let c = chance(i as f32 / 1000.0);
        assert!(c >= last && c > 0.0 && c < 1.0, "{i}: {c}");
        last = c;
    }
    assert!(chance(0.0005) < 0.01 && chance(0.9995) > 0.99);
    // Every visit lost or won, or a proved draw: as it is.
    assert_eq!(chance(0.0), 0.0);
    assert_eq!(chance(1.0), 1.0);
    assert_eq!(engine_chance(&citadel, &[], 0.5, true), 0.5);
    // Fort's curve is flatter: its search's 0.9 wins about three games in four.
    let f = engine_chance(&fort, &[], 0.9, false);
    assert!((f - 0.748).abs() < 0.002, "{f}");
    assert_eq!(engine_chance(&fort, &[], 1.0, false), 1.0);
}

/// A wide position (Citadel 19x19, the first turn after the draft): a node is
/// made only for an action tried, an untried action is only stored, the root still
/// lists every action, and the two caps hold (the search still answers when full).
#[test]
fn the_tree_makes_nodes_only_for_actions_tried() {
    use holdfast_search::mcts::{candidates, Budget, Search, SearchConfig};
    let mut g = Citadel::new(&CitadelSetup { size: 19 }).unwrap();
    for e in [
        "m12", "e13", "m6", "f10", "h4", "l16", "g17", "k13", "i5", "i5", "k13", "g17", "h4",
        "l16", "e13",
    ] {
        g.play_entry(e).unwrap();
    }
    let mut moves = Vec::new();
    candidates(&g, &mut moves);
    let config = |max_nodes, max_actions| SearchConfig {
        budget: Budget {
            iterations: 3000,
            seconds: None,
        },
        max_nodes,
        max_actions,
        ..SearchConfig::for_game("citadel")
    };
    let run = |config| {
        let mut s = Search::new(&g, config, 5);
        let p = s.run(&no_clock, &mut |_| {});
        (s, p)
    };
    let d = SearchConfig::default();
    let (s, p) = run(config(d.max_nodes, d.max_actions));
    let p = p.best.unwrap();
    // One node an iteration at most (and the root); several actions stored a node.
    assert!(s.nodes() <= 3001, "{}", s.nodes());
    assert!(s.actions() > 4 * s.nodes(), "{} {}", s.actions(), s.nodes());
    let stats = s.root_stats();
    assert_eq!(stats.len(), moves.len());
    assert_eq!(stats.iter().map(|r| r.1).sum::<u32>(), 3000);
    assert!(moves.contains(&p));
    assert_eq!(s.principal_line(1), vec![p]);
    // Full trees: the caps hold, the search still answers, the same way each time.
    for (nodes, actions) in [(200, 2_000_000), (2_000_000, 2000)] {
        let (s, p) = run(config(nodes, actions));
        assert!(s.nodes() <= nodes, "{}", s.nodes());
        assert!(s.actions() < actions + moves.len(), "{}", s.actions());
        assert!(moves.contains(&p.best.unwrap()));
        assert_eq!(run(config(nodes, actions)).1, p);
        assert_eq!(p.iterations, 3000);
    }
}

/// Every shipped model fits its game's features on every variant that uses it, and
/// every model belongs to some variant (a key or a feature count out of step would
/// quietly fall back to the hand-written estimate).
#[test]
fn every_shipped_model_fits_its_games_features() {
    use holdfast_rules::frontier::Frontier;
    use holdfast_rules::island_wars::IslandWars;
    use holdfast_search::fitted::{rows, width};
    use holdfast_search::models::{model_for, MODELS};
    fn check<G: Game>(used: &mut Vec<&'static str>) {
        for (name, setup) in G::variants() {
            let mut g = G::new(&setup).unwrap();
            let Some(m) = model_for(g.model_key()) else {
                continue;
            };
            used.push(m.key);
            assert_eq!(m.weights.len(), width(m.features), "{}", m.key);
            // At the start and after a few actions of a random game.
            let (mut f, mut r, mut moves) = (Vec::new(), Vec::new(), Vec::new());
            let mut rng = Rng::new(3);
            for _ in 0..12 {
                assert_eq!(
                    rows(&g, &mut f, &mut r),
                    Some(m.features),
                    "{} {name}",
                    G::ID
                );
                moves.clear();
                g.legal_moves(&mut moves);
                if moves.is_empty() {
                    break;
                }
                g.play(moves[rng.below(moves.len() as u32) as usize])
                    .unwrap();
            }
        }
    }
    let mut used = Vec::new();
    check::<Fortress>(&mut used);
    check::<IslandWars>(&mut used);
    check::<Frontier>(&mut used);
    check::<Citadel>(&mut used);
    check::<holdfast_rules::fort::Fort>(&mut used);
    for m in MODELS {
        assert!(used.contains(&m.key), "{} serves no variant", m.key);
    }
}

/// With dice, the line is replayed under other dice: the chance is still a chance
/// (a line the new dice make illegal is cut where it stops).
#[test]
fn the_fitted_chance_takes_a_line_under_other_dice() {
    use holdfast_search::models::line_chance;
    let (_, setup) = Fortress::variants()
        .into_iter()
        .find(|(n, _)| n == "archipelago-dice")
        .unwrap();
    let g = Fortress::new(&setup).unwrap();
    let mut rng = Rng::new(8);
    let (mut end, mut line, mut moves) = (g.clone(), Vec::new(), Vec::new());
    while !end.is_over() && line.len() < 60 {
        moves.clear();
        end.legal_moves(&mut moves);
        let m = moves[rng.below(moves.len() as u32) as usize];
        end.play(m).unwrap();
        line.push(m);
    }
    let c = line_chance(&g, &line).unwrap();
    assert!((0.0..=1.0).contains(&c), "{c}");
}

/// Progressive widening (Island Wars' setting): the root tries a new action only
/// as its visits grow, and once sorted tries the rest best first by the estimate
/// one action ahead; without it, every action is tried before any twice.
#[test]
fn widening_tries_few_actions_and_the_likeliest_first() {
    use holdfast_rules::island_wars::{IslandSetup, IslandWars};
    use holdfast_search::mcts::{candidates, Budget, Search, SearchConfig};
    use holdfast_search::reward::rewards;
    let mut g = IslandWars::new(&IslandSetup {
        players: 2,
        ..Default::default()
    })
    .unwrap();
    for e in ["B:b3", "P:g8"] {
        g.play_entry(e).unwrap();
    }
    let mut moves = Vec::new();
    candidates(&g, &mut moves);
    assert!(moves.len() >= 20, "{}", moves.len());
    let config = |widen, iterations| SearchConfig {
        budget: Budget {
            iterations,
            seconds: None,
        },
        widen,
        sort_at: 1,
        ..SearchConfig::for_game("island-wars")
    };
    assert_eq!(SearchConfig::for_game("island-wars").widen, 2.0);
    assert_eq!(SearchConfig::for_game("citadel").widen, 0.0);
    let tried = |widen, iterations| {
        let mut s = Search::new(&g, config(widen, iterations), 3);
        s.run(&no_clock, &mut |_| {});
        s.root_stats()
            .into_iter()
            .filter(|r| r.1 > 0)
            .collect::<Vec<_>>()
    };
    // 60 iterations: every action once without widening; with it, a new one only
    // while fewer than 1 + 2 * sqrt(visits) are tried (16.4 at the last visit).
    assert_eq!(tried(0.0, 60).len(), moves.len());
    let wide = tried(2.0, 60);
    assert!(wide.len() <= 17 && wide.len() > 5, "{}", wide.len());
    // Sorted after the first visit: the actions tried after the first come in the
    // order of the mover's reward one action ahead, the best of all among the first
    // two (the first was drawn at random before the sort).
    let me = g.to_move().unwrap() as usize;
    let ahead = |m| {
        let mut next = g.clone();
        next.play(m).unwrap();
        let (mut out, mut est) = (Vec::new(), Vec::new());
        rewards(&next, &mut out, &mut est, 0.0);
        out[me]
    };
    let sorted: Vec<f32> = wide[1..].iter().map(|r| ahead(r.0)).collect();
    assert!(sorted.windows(2).all(|w| w[0] >= w[1]), "{sorted:?}");
    let best = moves.iter().map(|&m| ahead(m)).fold(f32::MIN, f32::max);
    assert!(
        best == sorted[0] || best == ahead(wide[0].0),
        "{best} {sorted:?}"
    );
}

/// A level thinks with the budget of the board it plays on: Citadel's level 2 runs
/// 3,000 iterations on 19x19 (its default board) and 1,500 on 13x13.
#[test]
fn a_level_searches_with_its_boards_budget() {
    let level2 = Player::Level(holdfast_search::Level::new(2).unwrap());
    for (size, iterations) in [(19, 3000), (13, 1500)] {
        let g = Citadel::new(&CitadelSetup { size }).unwrap();
        let seen = level2
            .think(&g, &mut Rng::new(1), &no_clock, None, &mut |_| {})
            .search
            .expect("a search");
        assert_eq!(seen.iterations, iterations, "{size}x{size}");
    }
}
