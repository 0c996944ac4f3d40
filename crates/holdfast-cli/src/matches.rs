//! `holdfast match`: games between engine programs through the protocol of
//! docs/engine.md, refereed here, with the statistics of [`crate::stats`].

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
use std::sync::mpsc::channel;
use std::time::Duration;

use holdfast_rules::rng::Rng;
use holdfast_rules::Record;
use serde_json::{json, Value};

use crate::client::{Client, Failure};
use crate::stats::{elo, elo_text, sprt_bounds, Wdl};
use crate::table::{open, Table};

/// A match's settings, as the command line gives them.
pub struct Match {
    /// The engines' command lines, in order.
    pub engines: Vec<String>,
    pub game: String,
    pub setup: Option<Value>,
    pub variant: Option<String>,
    pub games: u32,
    pub seed: u64,
    /// The words after `go` (`iterations N`, `ms N`, or none).
    pub budget: String,
    /// The longest wait for one answer.
    pub timeout: Duration,
    /// Random entries that open each pair of games.
    pub openings: u32,
    pub sprt: Option<(f64, f64)>,
    pub records: Option<PathBuf>,
    /// Games played at once, each between its own engine processes.
    pub concurrency: usize,
    /// Entries after which a game that has not ended is scored as it stands.
    pub max_entries: usize,
}

/// How one game ended, engine by engine.
struct Played {
    /// Seat by seat, the engine (an index into `engines`).
    at: Vec<usize>,
    scores: Vec<i32>,
    /// The engines that won (several: a draw among them; all or none: a draw).
    winners: Vec<usize>,
    /// Why the game ended otherwise than by the rules.
    note: String,
    /// The engine that lost by failing.
    failed: Option<usize>,
    /// Engine by engine, the milliseconds its answers took and their number.
    times: Vec<(f64, u64)>,
}

/// What the games played so far add up to, engine by engine.
struct Totals {
    tally: Vec<Wdl>,
    failures: Vec<u32>,
    ms: Vec<f64>,
    answers: Vec<u64>,
    played: u32,
    verdict: Option<&'static str>,
}

/// A seed for the `n`th thing of a kind (`salt`) from the match's seed.
fn mix(seed: u64, salt: u64, n: u64) -> u64 {
    let mut x =
        seed ^ salt.wrapping_mul(0xd1b5_4a32_d192_ed03) ^ n.wrapping_mul(0x9e37_79b9_7f4a_7c15);
    x ^= x >> 31;
    x.wrapping_mul(0xbf58_476d_1ce4_e5b9)
}

impl Match {
    fn table(&self) -> Result<Box<dyn Table>, String> {
        let k = self.engines.len();
        open(
            &self.game,
            self.setup.as_ref(),
            self.variant.as_deref(),
            Some(k),
        )
    }

    fn start(&self, e: usize) -> Result<Client, String> {
        Client::start(&self.engines[e], self.timeout)
            .map_err(|why| format!("engine {} did not start: {why}", e + 1))
    }

    /// Plays the match, printing a line a game and the summary; the final JSON.
    pub fn run(self) -> Result<Value, String> {
        let k = self.engines.len();
        let start = self.table()?;
        let seats = start.players();
        if seats < k {
            return Err(format!(
                "{} with this setup has {seats} seats: at most {seats} engines",
                self.game
            ));
        }
        if self.sprt.is_some() && k != 2 {
            return Err("--sprt compares two engines: give two".into());
        }
        if let Some(dir) = &self.records {
            std::fs::create_dir_all(dir)
                .map_err(|e| format!("cannot make {}: {e}", dir.display()))?;
        }
        // Every set of engines is started (and shakes hands) before the first game,
        // so an engine that cannot start ends the match at once.
        let mut sets = Vec::new();
        for _ in 0..self.concurrency {
            let set: Result<Vec<Option<Client>>, String> =
                (0..k).map(|e| self.start(e).map(Some)).collect();
            sets.push(set?);
        }
        let setup = start.setup_json();
        say!("match: {} {setup}, {seats} seats", self.game);
        for (e, c) in sets[0].iter().enumerate() {
            let name = c.as_ref().map_or("", |c| c.name.as_str());
            say!("engine {}: {name} ({})", e + 1, self.engines[e]);
        }
        let mut totals = Totals {
            tally: vec![Wdl::default(); k],
            failures: vec![0; k],
            ms: vec![0.0; k],
            answers: vec![0; k],
            played: 0,
            verdict: None,
        };
        self.play_all(sets, &mut totals)?;
        let Totals {
            tally,
            failures,
            ms,
            answers: moves,
            played,
            verdict,
        } = totals;
        let mut out = Vec::new();
        for e in 0..k {
            let t = tally[e];
            let (lo, hi) = t.interval();
            let s = t.score();
            say!(
                "engine {}: {} wins, {} draws, {} losses; score {:.3} [{:.3}, {:.3}]; Elo {} [{}, {}]{}",
                e + 1,
                t.wins,
                t.draws,
                t.losses,
                s,
                lo,
                hi,
                elo_text(elo(s), s),
                elo_text(elo(lo), lo),
                elo_text(elo(hi), hi),
                match failures[e] {
                    0 => String::new(),
                    n => format!("; lost {n} by failing"),
                }
            );
            out.push(json!({
                "command": self.engines[e],
                "wins": t.wins, "draws": t.draws, "losses": t.losses,
                "score": round(s, 4), "score_low": round(lo, 4), "score_high": round(hi, 4),
                "elo": elo(s).map(|x| round(x, 1)),
                "elo_low": elo(lo).map(|x| round(x, 1)),
                "elo_high": elo(hi).map(|x| round(x, 1)),
                "failures": failures[e],
                "mean_ms": round(ms[e] / moves[e].max(1) as f64, 1),
            }));
        }
        let mut summary = json!({
            "game": self.game,
            "setup": setup,
            "games": played,
            "engines": out,
        });
        if let Some((e0, e1)) = self.sprt {
            let llr = tally[1].llr(e0, e1);
            let (lo, hi) = sprt_bounds();
            let said = match verdict {
                Some("H1") => format!("H1 accepted: engine 2 is {e1} Elo better, not {e0}"),
                Some(_) => format!("H0 accepted: engine 2 is {e0} Elo better, not {e1}"),
                None => "no verdict yet".to_string(),
            };
            say!(
                "SPRT elo0 {e0}, elo1 {e1} after {played} games: LLR {llr:.3} (bounds {lo:.3}, {hi:.3}): {said}"
            );
            summary["sprt"] = json!({
                "elo0": e0, "elo1": e1, "llr": round(llr, 3),
                "lower": round(lo, 3), "upper": round(hi, 3),
                "verdict": verdict,
            });
        }
        Ok(summary)
    }

    /// Plays the games, `concurrency` at once (one thread a set of engines), and
    /// counts them in the order of their numbers, whatever order they end in, so
    /// that the lines, the totals and where the SPRT stops are the same for any
    /// concurrency.
    fn play_all(&self, sets: Vec<Vec<Option<Client>>>, totals: &mut Totals) -> Result<(), String> {
        let next = AtomicU32::new(0);
        let stop = AtomicBool::new(false);
        let (tx, rx) = channel::<(u32, Result<Played, String>)>();
        std::thread::scope(|scope| {
            for mut set in sets {
                let (tx, next, stop) = (tx.clone(), &next, &stop);
                scope.spawn(move || {
                    while !stop.load(Ordering::Relaxed) {
                        let i = next.fetch_add(1, Ordering::Relaxed);
                        if i >= self.games {
                            break;
                        }
                        let played = self.play(i, &mut set);
                        let failed = played.is_err();
                        if tx.send((i, played)).is_err() || failed {
                            break;
                        }
                    }
                });
            }
            drop(tx);
            let mut done = BTreeMap::new();
            let result = (|| {
                for (i, played) in &rx {
                    done.insert(i, played);
                    while let Some(p) = done.remove(&totals.played) {
                        if self.count(p?, totals) {
                            return Ok(());
                        }
                    }
                }
                Ok(())
            })();
            // Games under way are finished (their engines may be thinking) and
            // left out; none is started.
            stop.store(true, Ordering::Relaxed);
            result
        })
    }

    /// Counts the next game and prints its line; true when the SPRT says to stop.
    fn count(&self, p: Played, totals: &mut Totals) -> bool {
        let k = self.engines.len();
        let i = totals.played;
        totals.played += 1;
        if let Some(e) = p.failed {
            totals.failures[e] += 1;
        }
        for (e, &(ms, n)) in p.times.iter().enumerate() {
            totals.ms[e] += ms;
            totals.answers[e] += n;
        }
        let share = p.winners.len();
        for (e, t) in totals.tally.iter_mut().enumerate() {
            if share == 0 || share == k || (share > 1 && p.winners.contains(&e)) {
                t.draws += 1;
            } else if p.winners.contains(&e) {
                t.wins += 1;
            } else {
                t.losses += 1;
            }
        }
        let seats: Vec<String> = (0..p.at.len())
            .map(|s| format!("engine {} {}", p.at[s] + 1, p.scores.get(s).unwrap_or(&0)))
            .collect();
        let result = match p.winners.as_slice() {
            [w] => format!("engine {} wins", w + 1),
            _ => "a draw".to_string(),
        };
        say!(
            "game {}/{} (opening {}): {}: {result}{}",
            i + 1,
            self.games,
            i as usize / k + 1,
            seats.join(", "),
            p.note
        );
        // The SPRT is looked at once each opening has been played from every seat
        // rotation, so a stop never leaves a rotation half played.
        let Some((e0, e1)) = self.sprt else {
            return false;
        };
        let llr = totals.tally[1].llr(e0, e1);
        let (lo, hi) = sprt_bounds();
        if (i as usize + 1).is_multiple_of(k) && (llr <= lo || llr >= hi) {
            totals.verdict = Some(if llr >= hi { "H1" } else { "H0" });
            return true;
        }
        false
    }

    /// Game `i`: opening `i / k` from rotation `i % k`.
    fn play(&self, i: u32, clients: &mut [Option<Client>]) -> Result<Played, String> {
        let k = self.engines.len();
        let mut table = self.table()?;
        let at: Vec<usize> = (0..table.players()).map(|s| (s + i as usize) % k).collect();
        let mut rng = Rng::new(mix(self.seed, 1, (i / k as u32) as u64));
        for _ in 0..self.openings {
            if table.to_move().is_none() || table.random_entry(&mut rng).is_none() {
                break;
            }
        }
        let seed = mix(self.seed, 2, i as u64);
        // Each engine's count of the entries it has been told.
        let mut told = vec![0usize; k];
        let mut fresh = vec![true; k];
        let mut note = String::new();
        let mut failed = None;
        let mut times = vec![(0.0, 0); k];
        while let Some(seat) = table.to_move() {
            if table.entries().len() >= self.max_entries {
                note = " (stopped: entry limit)".into();
                break;
            }
            if !table.can_act() {
                note = " (stopped: only an agreement was left)".into();
                break;
            }
            let e = at[seat as usize];
            let answer = self.turn(e, &mut clients[e], &*table, &mut told[e], fresh[e], seed);
            fresh[e] = false;
            match answer {
                Ok(go) => {
                    times[e].0 += go.ms;
                    times[e].1 += 1;
                    if let Err(why) = table.play(&go.entry) {
                        failed = Some((e, format!("played {:?}, refused: {why}", go.entry)));
                        break;
                    }
                }
                Err(why) => {
                    failed = Some((e, why.to_string()));
                    break;
                }
            }
        }
        let (scores, seat_winners) = table.outcome();
        let mut winners: Vec<usize> = match &failed {
            Some((bad, why)) => {
                note = format!(" (engine {} lost: it {why})", bad + 1);
                (0..k).filter(|e| e != bad).collect()
            }
            None => seat_winners.iter().map(|&s| at[s as usize]).collect(),
        };
        winners.sort_unstable();
        winners.dedup();
        if let Some(dir) = &self.records {
            let record = Record {
                game: self.game.clone(),
                setup: table.setup_json(),
                moves: table.entries().to_vec(),
                names: at.iter().map(|&e| format!("engine {}", e + 1)).collect(),
                seats: vec![],
                resigned: None,
                id: None,
                offer: None,
            };
            let path = dir.join(format!("game-{:05}.json", i + 1));
            std::fs::write(&path, record.to_json())
                .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
        }
        Ok(Played {
            at,
            scores,
            winners,
            note,
            failed: failed.map(|f| f.0),
            times,
        })
    }

    /// Engine `e`'s turn: (re)started if need be, told the game at its first turn
    /// and the entries since its last, then asked.
    fn turn(
        &self,
        e: usize,
        client: &mut Option<Client>,
        table: &dyn Table,
        told: &mut usize,
        fresh: bool,
        seed: u64,
    ) -> Result<crate::client::Go, Failure> {
        if client.as_ref().is_none_or(|c| c.broken) {
            *client = None;
            *client = Some(self.start(e).map_err(Failure::Protocol)?);
        }
        let Some(c) = client.as_mut() else {
            return Err(Failure::Crashed);
        };
        if fresh {
            c.tell(
                &format!("setup {} {}", self.game, table.setup_json()),
                self.timeout,
            )?;
            c.tell(&format!("seed {seed}"), self.timeout)?;
            *told = 0;
        }
        for entry in &table.entries()[*told..] {
            c.tell(&format!("play {entry}"), self.timeout)?;
        }
        *told = table.entries().len();
        c.go(&self.budget, self.timeout)
    }
}

fn round(x: f64, places: i32) -> f64 {
    let f = 10f64.powi(places);
    (x * f).round() / f
}

/// `holdfast match --engine CMD --engine CMD [--engine CMD...] GAME [options]`.
pub fn command(args: &mut lexopt::Parser) -> Result<ExitCode, lexopt::Error> {
    use lexopt::prelude::*;
    let mut m = Match {
        engines: Vec::new(),
        game: String::new(),
        setup: None,
        variant: None,
        games: 10,
        seed: 1,
        budget: String::new(),
        timeout: std::time::Duration::ZERO,
        openings: 2,
        sprt: None,
        records: None,
        concurrency: 1,
        max_entries: crate::arena::MAX_ACTIONS as usize,
    };
    let mut timeout_ms = None;
    let count =
        |option: &str, value: String, least: u64, most: u64| -> Result<u64, lexopt::Error> {
            match value.parse::<u64>() {
                Ok(n) if n >= least && n <= most => Ok(n),
                _ => Err(format!("--{option} takes a whole number from {least} to {most}").into()),
            }
        };
    while let Some(arg) = args.next()? {
        match arg {
            Long("engine") => m.engines.push(args.value()?.string()?),
            Long("variant") => m.variant = Some(args.value()?.string()?),
            Long("setup") => {
                match serde_json::from_str::<serde_json::Value>(&args.value()?.string()?) {
                    Ok(v) if v.is_object() => m.setup = Some(v),
                    _ => return Err("--setup takes a JSON object, such as '{\"size\": 13}'".into()),
                }
            }
            Long("games") => {
                m.games = count(
                    "games",
                    args.value()?.string()?,
                    1,
                    crate::arena::MAX_GAMES as u64,
                )? as u32
            }
            Long("seed") => m.seed = crate::whole(args.value()?.string()?, "--seed")?,
            Long("ms") => {
                let n = count("ms", args.value()?.string()?, 1, crate::engine::MAX_MS)?;
                m.budget = format!("{} ms {n}", m.budget);
            }
            Long("iterations") => {
                let most = crate::engine::MAX_ITERATIONS as u64;
                let n = count("iterations", args.value()?.string()?, 1, most)?;
                m.budget = format!("{} iterations {n}", m.budget);
            }
            Long("openings") => {
                m.openings = count("openings", args.value()?.string()?, 0, 1000)? as u32
            }
            Long("timeout-ms") => {
                timeout_ms = Some(count("timeout-ms", args.value()?.string()?, 1, 86_400_000)?)
            }
            Long("max-entries") => {
                let most = holdfast_rules::record::MAX_ENTRIES as u64;
                m.max_entries = count("max-entries", args.value()?.string()?, 1, most)? as usize
            }
            Long("sprt") => {
                let v = args.value()?.string()?;
                let pair = v.split_once(',').and_then(|(a, b)| {
                    Some((a.trim().parse::<f64>().ok()?, b.trim().parse::<f64>().ok()?))
                });
                match pair {
                    Some((a, b)) if a.is_finite() && b.is_finite() && a < b => {
                        m.sprt = Some((a, b))
                    }
                    _ => {
                        return Err("--sprt takes ELO0,ELO1, two numbers, the first smaller".into())
                    }
                }
            }
            Long("records") => m.records = Some(args.value()?.into()),
            Long("concurrency") => {
                m.concurrency = count("concurrency", args.value()?.string()?, 1, 64)? as usize
            }
            Value(v) if m.game.is_empty() => m.game = v.string()?,
            other => return Err(other.unexpected()),
        }
    }
    if m.game.is_empty() {
        return Err("match needs a GAME".into());
    }
    if m.engines.len() < 2 {
        return Err("a match needs at least two --engine commands".into());
    }
    if m.setup.is_some() && m.variant.is_some() {
        return Err("give --variant or --setup, not both".into());
    }
    m.budget = m.budget.trim().to_string();
    // A minute an answer, and a hundred times a time budget on top.
    let ms_budget = m
        .budget
        .split_whitespace()
        .skip_while(|w| *w != "ms")
        .nth(1);
    let ms_budget: u64 = ms_budget.and_then(|n| n.parse().ok()).unwrap_or(0);
    let timeout = timeout_ms.unwrap_or(60_000 + ms_budget.saturating_mul(100));
    m.timeout = std::time::Duration::from_millis(timeout);
    match m.run() {
        Ok(out) => {
            say!("{out}");
            Ok(ExitCode::SUCCESS)
        }
        Err(e) => {
            eprintln!("{}", crate::engine::one_line(&e));
            Ok(ExitCode::from(2))
        }
    }
}
