//! The analysis ([`holdfast_search::analysis`]): what every game's analysis keeps
//! (chances that add up, a preferred entry that is a legal whole turn, classes that
//! follow the losses), a blunder found where the end is known exactly, and bad
//! records refused.

use holdfast_rules::catalogue::{each_game, Visit};
use holdfast_rules::fortress::{Fortress, FortressSetup};
use holdfast_rules::rng::Rng;
use holdfast_rules::Game;
use holdfast_search::analysis::{accuracy, shown, Analysis, Class, GOOD, INACCURACY, MISTAKE};
use holdfast_search::mcts::candidates;

fn no_clock() -> f64 {
    0.0
}

/// A random game's entries from `start` (at most `most`), each a whole turn.
fn random_entries<G: Game>(start: &G, seed: u64, most: usize) -> Vec<String> {
    let mut rng = Rng::new(seed);
    let (mut g, mut entries, mut turn, mut moves) =
        (start.clone(), Vec::new(), Vec::new(), Vec::new());
    while entries.len() < most && !g.is_over() {
        candidates(&g, &mut moves);
        let Some(&mv) = moves.get(rng.below(moves.len().max(1) as u32) as usize) else {
            break;
        };
        turn.push(g.format_move(mv));
        g.play(mv).unwrap();
        if !g.entry_open() {
            entries.push(g.entry_text(&turn));
            turn.clear();
        }
    }
    entries
}

fn analysed<G: Game>(start: &G, entries: &[String], iterations: u32, seed: u64) -> Analysis<G> {
    let mut a = Analysis::new(start, entries, None, iterations, seed).unwrap();
    while a.step(&no_clock).is_some() {}
    a
}

/// In every game's every variant: a judged decision for each entry, each seat's
/// chances adding up to 1 before and after, `after` being the next decision's
/// `before`, the preferred entry a whole legal turn from the position, the loss
/// and the class as documented, the played entry's own chance read from the search
/// before it for most entries, and the summary counting every decision.
#[test]
fn every_game_keeps_the_analysis_contract() {
    struct Check;
    impl Visit for Check {
        fn visit<G: Game>(&mut self) {
            for (variant, setup) in G::variants() {
                let start = G::new(&setup).unwrap();
                let entries = random_entries(&start, 5, 16);
                let a = analysed(&start, &entries, 300, 9);
                let what = format!("{} {variant}", G::ID);
                assert!(a.finished(), "{what}");
                let decisions = a.decisions();
                assert_eq!(decisions.len(), entries.len(), "{what}");
                for (i, d) in decisions.iter().enumerate() {
                    for chances in [&d.before, &d.after] {
                        assert_eq!(chances.len(), start.players(), "{what} {i}");
                        let sum: f32 = chances.iter().sum();
                        assert!((sum - 1.0).abs() < 1e-3, "{what} {i}: {chances:?}");
                        assert!(chances.iter().all(|c| (0.0..=1.0).contains(c)), "{what}");
                    }
                    if let Some(next) = decisions.get(i + 1) {
                        assert_eq!(d.after, next.before, "{what} {i}");
                    }
                    let s = d.seat as usize;
                    assert_eq!(d.best_chance, d.before[s], "{what} {i}");
                    let is_best = d.best.as_deref() == Some(d.played.as_str());
                    // Shown through the look tables; judged on the search's own
                    // chances.
                    let (before, after) = (a.chances(i).unwrap(), a.chances(i + 1).unwrap());
                    let (look, pos) = (a.look(i).unwrap(), a.position(i).unwrap());
                    if !look.solved {
                        assert_eq!(d.before, shown(pos, before), "{what} {i}");
                    }
                    // The loss both searches see: from before to after, and to the
                    // played entry's chance in the search before it.
                    let loss = if is_best {
                        0.0
                    } else {
                        let lost = (before[s] - after[s]).max(0.0);
                        match look.played {
                            Some(p) => lost.min((before[s] - p).max(0.0)),
                            None => lost,
                        }
                    };
                    assert_eq!(d.played_chance.is_some(), look.played.is_some());
                    // With two seats, the played entry's chance shown as the
                    // chances (it, the rest) would be.
                    if let (Some(p), 2, false) = (look.played, start.players(), look.solved) {
                        let mut two = vec![1.0 - p; 2];
                        two[s] = p;
                        let want = shown(pos, &two)[s];
                        let got = d.played_chance.unwrap_or(-1.0);
                        assert!((got - want).abs() < 1e-5, "{what} {i}: {got} {want}");
                    }
                    if let Some(p) = d.played_chance {
                        assert!((0.0..=1.0).contains(&p), "{what} {i}: {p}");
                    }
                    assert_eq!(d.loss, loss, "{what} {i}");
                    let class = match loss {
                        _ if is_best => Class::Best,
                        l if l < GOOD => Class::Good,
                        l if l < INACCURACY => Class::Inaccuracy,
                        l if l < MISTAKE => Class::Mistake,
                        _ => Class::Blunder,
                    };
                    assert_eq!(d.class, class, "{what} {i}");
                    // The preferred entry is one whole legal turn here.
                    assert_eq!(pos.to_move(), Some(d.seat), "{what} {i}");
                    if let Some(best) = &d.best {
                        let mut g = pos.clone();
                        g.play_entry(best)
                            .unwrap_or_else(|e| panic!("{what} {i}: {best:?}: {e}"));
                        assert!(!g.entry_open(), "{what} {i}: {best:?} leaves a turn open");
                    }
                }
                // Entries not forced and not the preferred one: most have their own
                // chance from the search before them.
                let other: Vec<_> = decisions
                    .iter()
                    .filter(|d| d.best.as_deref() != Some(d.played.as_str()))
                    .collect();
                let read = other.iter().filter(|d| d.played_chance.is_some()).count();
                assert!(
                    other.is_empty() || read * 2 >= other.len(),
                    "{what}: {read} of {}",
                    other.len()
                );
                let summary = a.summary();
                assert_eq!(summary.len(), start.players(), "{what}");
                let total: u32 = summary.iter().map(|s| s.decisions).sum();
                assert_eq!(total as usize, entries.len(), "{what}");
                for s in &summary {
                    assert_eq!(s.counts.iter().sum::<u32>(), s.decisions, "{what}");
                    assert!((0.0..=100.0).contains(&s.accuracy), "{what}");
                }
            }
        }
    }
    each_game(&mut Check);
}

/// The same record, iterations and seed give the same analysis; the seed matters.
#[test]
fn an_analysis_follows_its_seed() {
    let start = Fortress::new(&FortressSetup::default()).unwrap();
    let entries = random_entries(&start, 3, 20);
    let a = analysed(&start, &entries, 2000, 4).decisions();
    let b = analysed(&start, &entries, 2000, 4).decisions();
    let c = analysed(&start, &entries, 2000, 5).decisions();
    assert_eq!(a, b);
    assert_ne!(a, c);
}

/// Fortress near its end, where the end solver knows the result: an entry that
/// throws away a won game is a blunder, and the entry preferred instead keeps the
/// win.
#[test]
fn a_thrown_away_win_is_a_blunder() {
    let setup = FortressSetup::default();
    let start = Fortress::new(&setup).unwrap();
    let mut found = 0;
    for seed in 0..200 {
        let entries = random_entries(&start, seed, 100);
        // Two entries before the end: the mover's choice decides the game when
        // one reply wins and another loses.
        let Some(at) = entries.len().checked_sub(2) else {
            continue;
        };
        let mut g = start.clone();
        for e in &entries[..at] {
            g.play_entry(e).unwrap();
        }
        if g.is_over() {
            continue;
        }
        let seat = g.to_move().unwrap();
        let mut moves = Vec::new();
        candidates(&g, &mut moves);
        let outcome = |mv| {
            // The best the mover can then reach, one reply by the other seat after.
            let mut next = g.clone();
            next.play(mv).unwrap();
            wins_after_best_reply(&next, seat)
        };
        let (Some(&win), Some(&lose)) = (
            moves.iter().find(|&&m| outcome(m) == Some(true)),
            moves.iter().find(|&&m| outcome(m) == Some(false)),
        ) else {
            continue;
        };
        let mut played = entries[..at].to_vec();
        played.push(g.format_move(lose));
        let a = analysed(&start, &played, 20_000, 1);
        let d = a.decisions().pop().unwrap();
        assert_eq!(d.class, Class::Blunder, "seed {seed}: {d:?}");
        assert!(d.loss >= 0.5, "seed {seed}: {d:?}");
        let best = g.parse_move(d.best.as_deref().unwrap()).unwrap();
        assert_eq!(
            outcome(best),
            Some(true),
            "seed {seed}: {d:?} ({win:?} wins)"
        );
        found += 1;
        if found == 3 {
            break;
        }
    }
    assert_eq!(found, 3, "three endings with a winning and a losing move");
}

/// Whether `seat` wins `g` (with the other seat to move, and the game ending after
/// that seat's and at most one more action each) against the reply worst for it;
/// `None` when the game goes on longer or a draw is possible.
fn wins_after_best_reply(g: &Fortress, seat: u8) -> Option<bool> {
    fn result(g: &Fortress, seat: u8, depth: u32) -> Option<i32> {
        if g.is_over() {
            let w = g.winners();
            return Some(match (w.contains(&seat), w.len()) {
                (true, 1) => 1,
                (true, _) => 0,
                _ => -1,
            });
        }
        if depth == 0 {
            return None;
        }
        let mover = g.to_move()?;
        let mut moves = Vec::new();
        candidates(g, &mut moves);
        let mut values = Vec::new();
        for m in moves {
            let mut next = g.clone();
            next.play(m).ok()?;
            values.push(result(&next, seat, depth - 1)?);
        }
        if mover == seat {
            values.into_iter().max()
        } else {
            values.into_iter().min()
        }
    }
    match result(g, seat, 3)? {
        1 => Some(true),
        -1 => Some(false),
        _ => None,
    }
}

/// A record with an entry the rules refuse is refused at that entry; a resigned
/// game ends with the resigning seat's chance at 0.
#[test]
fn bad_entries_and_resignations() {
    let start = Fortress::new(&FortressSetup::default()).unwrap();
    let entries: Vec<String> = ["a1", "b2", "zz9"].iter().map(|s| s.to_string()).collect();
    let bad = Analysis::new(&start, &entries, None, 100, 1).unwrap_err();
    assert_eq!((bad.index, bad.entry.as_str()), (2, "zz9"));
    let entries = &entries[..2];
    let mut a = Analysis::new(&start, entries, Some(1), 500, 1).unwrap();
    while a.step(&no_clock).is_some() {}
    let last = a.decisions().pop().unwrap();
    assert_eq!(last.seat, 1);
    assert_eq!(last.after, vec![1.0, 0.0]);
    assert_eq!(a.played(), entries);
}

/// The accuracy curve: 100 for no loss, falling with it, 0 at worst.
#[test]
fn accuracy_falls_with_the_loss() {
    assert!((accuracy(0.0) - 100.0).abs() < 0.01);
    let points: Vec<f32> = [0.0, 0.05, 0.1, 0.2, 0.4, 1.0]
        .iter()
        .map(|&l| accuracy(l))
        .collect();
    assert!(points.windows(2).all(|w| w[0] > w[1]), "{points:?}");
    assert!((points[2] - 63.6).abs() < 0.5, "{points:?}");
    assert_eq!(accuracy(1.0), 0.0);
    assert_eq!(accuracy(-0.3), accuracy(0.0));
}

/// A game whose chance is its value through a calibration table (Citadel) gives
/// both seats even chances at an even value whichever seat is to move: the table's
/// lean against the mover would otherwise swing every position's chance by 12
/// points (0.438 for whoever is to move).
#[test]
fn a_table_read_both_ways_does_not_swing_with_the_mover() {
    use holdfast_rules::citadel::{Citadel, CitadelSetup};
    use holdfast_search::models::{engine_chance, engine_chances};
    let g = Citadel::new(&CitadelSetup::default()).unwrap();
    let mover = g.to_move().unwrap() as usize;
    assert!(engine_chance(&g, &[], 0.5, false) < 0.45, "the table leans");
    let even = engine_chances(&g, &[], 0.5, false);
    assert!((even[mover] - 0.5).abs() < 1e-6, "{even:?}");
    // Read both ways: a value and its mirror give mirrored chances.
    let a = engine_chances(&g, &[], 0.7, false)[mover];
    let b = engine_chances(&g, &[], 0.3, false)[mover];
    assert!((a + b - 1.0).abs() < 1e-5 && a > 0.6, "{a} {b}");
    // A proved result stays as it is.
    assert_eq!(engine_chances(&g, &[], 1.0, true)[mover], 1.0);
}

/// Where a chance table is shipped for a game's model and seat count, the engine's
/// chance is the model's through it (Fortress for two: the model along the line
/// was too timid, its curve steeper than even); with another seat count, the
/// model's own.
#[test]
fn the_chance_goes_through_the_table_for_its_seats() {
    use holdfast_search::calibration::{chance_table_for, through};
    use holdfast_search::models::{engine_chance, line_chance};
    let two = Fortress::new(&FortressSetup::default()).unwrap();
    let table = chance_table_for("fortress", 2).expect("shipped");
    let entries = random_entries(&two, 4, 12);
    let mut g = two.clone();
    for e in &entries {
        g.play_entry(e).unwrap();
    }
    let model = line_chance(&g, &[]).unwrap();
    assert_eq!(
        engine_chance(&g, &[], 0.5, false),
        through(table.points, model)
    );
    assert!(
        (through(table.points, 0.7) - 0.5) > 0.7 - 0.5,
        "steeper than the model"
    );
    let three = Fortress::new(&FortressSetup {
        map: "square-8".into(),
        players: 3,
        ..Default::default()
    })
    .unwrap();
    assert!(chance_table_for("fortress", 3).is_none());
    assert_eq!(
        engine_chance(&three, &[], 0.5, false),
        line_chance(&three, &[]).unwrap()
    );
}

/// The chances shown: each seat's share through its look table for the game and
/// board, scaled to add up to 1, so that the same chances show the same whoever is
/// to move; a proof, the end, or a game without a table shows the search's chances
/// as they are.
#[test]
fn shown_chances_go_through_each_seat_s_look_table() {
    use holdfast_search::calibration::{look_table_for, shown_chances, through_look};
    let t0 = look_table_for("island-wars", 2, 80, 0).expect("shipped");
    let t1 = look_table_for("island-wars", 2, 80, 1).expect("shipped");
    assert_ne!(t0.points, t1.points, "one a seat");
    let (a, b) = (through_look(t0.points, 0.6), through_look(t1.points, 0.4));
    for mover in [0, 1] {
        let c = shown_chances("island-wars", 2, 80, Some(mover), &[0.6, 0.4]);
        assert!((c[0] - a / (a + b)).abs() < 1e-6, "{mover}: {c:?}");
        assert!((c[0] + c[1] - 1.0).abs() < 1e-5);
    }
    // One table for any seat: a steady chance shows the same on either turn.
    let cit = |m| shown_chances("citadel", 2, 169, Some(m), &[0.7, 0.3]);
    assert_eq!(cit(0), cit(1));
    assert_ne!(cit(0), vec![0.7, 0.3]);
    // Beyond a table's ends it runs on to 3% at 0 (Island Wars' second seat's
    // first point is well above it).
    let low = through_look(t1.points, 0.02);
    assert!(low < through_look(t1.points, t1.points[0].0) && low > 0.0);
    // Another board, no mover, a proof, a game without tables: as they are.
    let same = [
        ("island-wars", 81, Some(1), [0.6, 0.4]),
        ("island-wars", 80, None, [0.6, 0.4]),
        ("island-wars", 80, Some(1), [1.0, 0.0]),
        ("no-game", 80, Some(0), [0.6, 0.4]),
    ];
    for (key, cells, mover, c) in same {
        assert_eq!(shown_chances(key, 2, cells, mover, &c), c.to_vec());
    }
    // Four seats: each through its own, scaled.
    let raw = [0.4, 0.3, 0.2, 0.1];
    let four = shown_chances("island-wars", 4, 120, Some(2), &raw);
    let mapped: Vec<f32> = (0..4)
        .map(|s| {
            through_look(
                look_table_for("island-wars", 4, 120, s).unwrap().points,
                raw[s],
            )
        })
        .collect();
    let total: f32 = mapped.iter().sum();
    for s in 0..4 {
        assert!((four[s] - mapped[s] / total).abs() < 1e-6);
    }
}
