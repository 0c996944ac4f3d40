//! `holdfast analyse`: a game looked back on with the engine
//! ([`holdfast_search::analysis`]): a JSON line for each entry as soon as the
//! positions on both sides of it are searched, then a line for each seat.

use std::process::ExitCode;

use holdfast_rules::catalogue::{ids, with_game, GameFn};
use holdfast_rules::{Game, Record};
use holdfast_search::analysis::{Analysis, Class, Decision, SeatSummary, ANALYSIS_ITERATIONS};
use serde_json::{json, Value};

/// A chance or loss to four places, as the engine's `info chance` gives it.
fn four(x: f32) -> f64 {
    (x as f64 * 10_000.0).round() / 10_000.0
}

/// The JSON line of one decision (its entry numbered from 1, as a move list does).
pub fn decision_json(d: &Decision) -> Value {
    json!({
        "entry": d.index + 1,
        "seat": d.seat,
        "played": d.played,
        "class": d.class.name(),
        "loss": four(d.loss),
        "best": d.best,
        "best_chance": four(d.best_chance),
        "played_chance": d.played_chance.map(four),
        "before": d.before.iter().map(|&c| four(c)).collect::<Vec<_>>(),
        "after": d.after.iter().map(|&c| four(c)).collect::<Vec<_>>(),
    })
}

/// The JSON line of one seat's summary.
pub fn summary_json(s: &SeatSummary) -> Value {
    let mut counts = serde_json::Map::new();
    for (c, n) in Class::ALL.iter().zip(s.counts) {
        counts.insert(c.name().into(), json!(n));
    }
    json!({
        "summary": {
            "seat": s.seat,
            "decisions": s.decisions,
            "accuracy": (s.accuracy as f64 * 10.0).round() / 10.0,
            "classes": counts,
        }
    })
}

struct Analyse {
    record: Record,
    iterations: u32,
    seed: u64,
}

impl GameFn for Analyse {
    type Out = Result<(), String>;
    fn call<G: Game>(self) -> Self::Out {
        let start: G = self.record.start().map_err(|e| e.to_string())?;
        let mut a = Analysis::new(
            &start,
            &self.record.moves,
            self.record.resigned,
            self.iterations,
            self.seed,
        )
        .map_err(|b| {
            format!(
                "entry {} ({:?}) is refused: {}",
                b.index + 1,
                b.entry,
                b.error
            )
        })?;
        // Iterations alone decide: the same lines on any machine.
        let clock = || 0.0;
        while let Some(i) = a.step(&clock) {
            // Position i is known: the entry before it (and any forced ones before
            // that, whose chance is this position's) can be judged.
            if i == 0 {
                continue;
            }
            if let Some(d) = a.decision(i - 1) {
                say!("{}", decision_json(&d));
            }
        }
        for s in a.summary() {
            say!("{}", summary_json(&s));
        }
        Ok(())
    }
}

/// `holdfast analyse FILE|-|LINK [--iterations N] [--seed S]`.
pub fn command(args: &mut lexopt::Parser) -> Result<ExitCode, lexopt::Error> {
    use lexopt::prelude::*;
    let (mut file, mut iterations, mut seed) = (None, ANALYSIS_ITERATIONS, 1);
    while let Some(arg) = args.next()? {
        match arg {
            Long("iterations") => {
                iterations =
                    crate::number("iterations", args.value()?.string()?, 100_000_000)? as u32
            }
            Long("seed") => seed = crate::whole(args.value()?.string()?, "--seed")?,
            Value(v) if file.is_none() => file = Some(v.string()?),
            other => return Err(other.unexpected()),
        }
    }
    let Some(file) = file else {
        return Err("analyse needs a FILE, - or a LINK".into());
    };
    let result = crate::read_record(&file).and_then(|record| {
        let game = record.game.clone();
        with_game(
            &game,
            Analyse {
                record,
                iterations,
                seed,
            },
        )
        .unwrap_or_else(|| Err(format!("no game {game:?}; games: {}", ids().join(", "))))
    });
    Ok(match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(reason) => {
            eprintln!("{}", crate::engine::one_line(&reason));
            ExitCode::from(1)
        }
    })
}
