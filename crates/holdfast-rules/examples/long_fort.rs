//! Long Fort games, for measuring how replay time and memory grow with a game.
//!
//! ```text
//! cargo run --release -p holdfast-rules --example long_fort -- write 12000 > long.json
//! cargo run --release -p holdfast-rules --example long_fort -- keep long.json
//! ```
//!
//! `write N` prints the record of a game of N turns (or the longest found; the
//! length goes to standard error): each action captures when it can, else spawns,
//! else walks (a claim only when nothing else is legal), so the board seldom fills
//! and the repetition history seldom starts afresh; a turn that would end the game
//! is drawn again (up to 40 times), so games run as long as asked (60,000 turns in
//! about 10 s). `scripts/long-games.sh` uses it.
//! `keep FILE` replays a record keeping every position, as the app's history does,
//! and prints the positions kept and the time taken (measure memory with
//! `/usr/bin/time -f %M`).

use holdfast_rules::fort::{Fort, FortMove, StepKind};
use holdfast_rules::rng::Rng;
use holdfast_rules::{Game, Record};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match (args.first().map(String::as_str), args.get(1)) {
        (Some("write"), Some(n)) => write(n.parse().expect("N: a number of turns")),
        (Some("keep"), Some(path)) => keep(path),
        _ => eprintln!("usage: long_fort write N | keep FILE"),
    }
}

fn write(target: usize) {
    let mut longest = Vec::new();
    for seed in 0..100u64 {
        let entries = game(seed, target);
        if entries.len() > longest.len() {
            longest = entries;
        }
        if longest.len() >= target {
            break;
        }
    }
    eprintln!("{} turns", longest.len());
    let mut record = Record::new::<Fort>(&Default::default());
    record.moves = longest;
    println!("{}", record.to_json());
}

/// One game of at most `target` turns by the capture-first policy. Each turn is
/// tried on a copy first, up to `TRIES` times, and one that would end the game is
/// drawn again: the game ends only when every try ends it.
fn game(seed: u64, target: usize) -> Vec<String> {
    const TRIES: usize = 40;
    let mut g = Fort::new(&Default::default()).expect("the standard board");
    let mut rng = Rng::new(seed);
    let mut entries = Vec::new();
    while !g.is_over() && entries.len() < target {
        let mut best = None;
        for _ in 0..TRIES {
            let Some((next, entry)) = turn(&g, &mut rng) else {
                break;
            };
            let over = next.is_over();
            best = Some((next, entry));
            if !over {
                break;
            }
        }
        let Some((next, entry)) = best else {
            break;
        };
        g = next;
        entries.push(entry);
    }
    entries
}

/// One whole turn from `g` by the capture-first policy: the position after it and
/// its record entry (`None` if the policy gets stuck).
fn turn(g: &Fort, rng: &mut Rng) -> Option<(Fort, String)> {
    let mut g = g.clone();
    let (mut moves, mut actions) = (Vec::new(), Vec::new());
    loop {
        moves.clear();
        g.legal_moves(&mut moves);
        let kind = |m: &FortMove| match *m {
            FortMove::Step(a, b) => g.step_kind(a, b).ok(),
            _ => None,
        };
        let mut pick = |keep: &dyn Fn(&FortMove) -> bool| {
            let some: Vec<FortMove> = moves.iter().copied().filter(|m| keep(m)).collect();
            (!some.is_empty()).then(|| some[rng.below(some.len() as u32) as usize])
        };
        let m = pick(&|m| kind(m) == Some(StepKind::Capture))
            .or_else(|| pick(&|m| matches!(m, FortMove::Spawn(_))))
            .or_else(|| pick(&|m| kind(m) == Some(StepKind::Walk)))
            .or_else(|| pick(&|m| *m != FortMove::Count))?;
        actions.push(g.format_move(m));
        g.play(m).ok()?;
        if matches!(m, FortMove::Spawn(_)) {
            return Some((g, actions.join(" ")));
        }
    }
}

fn keep(path: &str) {
    let text = std::fs::read_to_string(path).expect("a record file");
    let record = Record::from_json(&text).expect("a record");
    let t0 = std::time::Instant::now();
    let mut g: Fort = record.start().expect("a Fort record");
    let mut kept = vec![g.clone()];
    for entry in &record.moves {
        g.play_entry(entry).expect("a legal entry");
        kept.push(g.clone());
    }
    println!(
        "{} positions kept in {:.3} s",
        kept.len(),
        t0.elapsed().as_secs_f64()
    );
}
