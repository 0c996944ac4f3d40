//! `holdfast balance`: whether a game's maps are fair
//! ([`holdfast_search::balance`]). For each variant (or the setup), games between
//! the same computer player in every seat; each seat's share of the results with
//! its 95% interval, and whether every seat is within 5 points of an equal share.
//! With `--seeds FROM..TO`, the setup's generated map drawn from each seed in turn:
//! the seeds whose maps are fair (a quick screen of `--screen` games first drops
//! the clearly unbalanced), at most `--keep` of them.

use holdfast_rules::catalogue::GameFn;
use holdfast_rules::Game;
use holdfast_search::balance::{estimate, estimate_from, FAIR_WITHIN};
use holdfast_search::{Budget, Level, Player};
use serde_json::{json, Value};

/// A balance run's settings, as the command line gives them.
pub struct BalanceRun {
    pub variants: Vec<String>,
    pub setup: Option<Value>,
    pub games: u32,
    pub seed: u64,
    pub player: Player,
    pub iterations: Option<u32>,
    pub max_actions: u32,
    /// Generated maps: the seeds tried, the fair ones kept (at most), and the games
    /// of the first screen.
    pub seeds: Option<(u64, u64)>,
    pub keep: usize,
    pub screen: u32,
}

/// Within this of an equal share after the screen's games, a map is measured in full.
const SCREEN_GAP: f64 = 0.15;

impl GameFn for BalanceRun {
    type Out = Result<Value, String>;

    fn call<G: Game>(self) -> Self::Out {
        if let Some(range) = self.seeds {
            return self.find::<G>(range);
        }
        let (setups, starts) =
            crate::table::starts::<G>(self.setup.as_ref(), &self.variants, "balance")?;
        let budget = self.budget();
        let mut rows = Vec::new();
        for (i, start) in starts.iter().enumerate() {
            let name = self
                .variants
                .get(i)
                .cloned()
                .unwrap_or_else(|| "setup".into());
            let b = estimate(
                start,
                self.player,
                budget,
                self.games,
                self.seed,
                self.max_actions,
                &mut |_, _| {},
            );
            let seats: Vec<String> = (0..b.seats())
                .map(|s| {
                    let (lo, hi) = b.interval(s);
                    format!(
                        "seat {} {:.1}% ({:.1}-{:.1})",
                        s + 1,
                        100.0 * b.rate(s),
                        100.0 * lo,
                        100.0 * hi
                    )
                })
                .collect();
            let verdict = if b.fair() { "fair" } else { "unbalanced" };
            say!(
                "{} {name}: {} games, {}: {verdict} (largest gap {:.1} points{})",
                G::ID,
                b.games,
                seats.join(", "),
                100.0 * b.largest_gap(),
                if b.stopped > 0 {
                    format!("; {} stopped at the action limit", b.stopped)
                } else {
                    String::new()
                }
            );
            rows.push(json!({
                "variant": name,
                "setup": serde_json::to_value(&setups[i]).unwrap_or(Value::Null),
                "games": b.games,
                "wins": b.wins,
                "share": (0..b.seats()).map(|s| (b.rate(s) * 1000.0).round() / 1000.0).collect::<Vec<_>>(),
                "interval": (0..b.seats()).map(|s| {
                    let (lo, hi) = b.interval(s);
                    [(lo * 1000.0).round() / 1000.0, (hi * 1000.0).round() / 1000.0]
                }).collect::<Vec<_>>(),
                "largest_gap": (b.largest_gap() * 1000.0).round() / 1000.0,
                "fair": b.fair(),
                "stopped": b.stopped,
            }));
        }
        Ok(json!({
            "game": G::ID,
            "player": self.player.to_string(),
            "games": self.games,
            "seed": self.seed,
            "within": FAIR_WITHIN,
            "maps": rows,
        }))
    }
}

impl BalanceRun {
    /// `--iterations` in place of the player's own.
    fn budget(&self) -> Option<Budget> {
        self.iterations.map(|iterations| Budget {
            iterations,
            seconds: None,
        })
    }

    /// The fair generated maps among the seeds of `range`.
    fn find<G: Game>(&self, (from, to): (u64, u64)) -> Result<Value, String> {
        let base = self.setup.clone().unwrap_or_else(|| json!({}));
        if base["map"] != "generated" {
            return Err(
                r#"--seeds tries generated maps: give --setup '{"map":"generated",...}'"#.into(),
            );
        }
        let budget = self.budget();
        let (mut fair, mut tried) = (Vec::new(), Vec::new());
        for seed in from..=to {
            if fair.len() >= self.keep {
                break;
            }
            let mut setup = base.clone();
            setup["seed"] = json!(seed);
            let s = crate::table::fit_setup::<G>(&setup, None)?;
            let start = G::new(&s).map_err(|e| format!("seed {seed}: {e}"))?;
            let run = |games| {
                estimate_from(
                    &start,
                    self.player,
                    budget,
                    games,
                    self.seed,
                    self.max_actions,
                    &mut |_, _| {},
                )
            };
            let screen = self.screen.min(self.games);
            // The screen's games are the first of the full run's, not played twice.
            let mut b = run(0..screen);
            if b.largest_gap() <= SCREEN_GAP && screen < self.games {
                b.merge(&run(screen..self.games));
            }
            let shares: Vec<f64> = (0..b.seats())
                .map(|s| (b.rate(s) * 1000.0).round() / 1000.0)
                .collect();
            let fits = b.fair() && b.games == self.games;
            say!(
                "seed {seed}: {} games, shares {:?}, largest gap {:.1} points: {}",
                b.games,
                shares,
                100.0 * b.largest_gap(),
                if fits { "fair" } else { "dropped" }
            );
            tried.push(json!({ "seed": seed, "games": b.games, "share": shares, "fair": fits }));
            if fits {
                fair.push(seed);
            }
        }
        Ok(json!({
            "game": G::ID,
            "setup": base,
            "player": self.player.to_string(),
            "games": self.games,
            "seed": self.seed,
            "within": FAIR_WITHIN,
            "fair_seeds": fair,
            "tried": tried,
        }))
    }
}

/// `holdfast balance GAME [...]`.
pub fn command(args: &mut lexopt::Parser) -> Result<std::process::ExitCode, lexopt::Error> {
    use lexopt::prelude::*;
    let mut run = BalanceRun {
        variants: Vec::new(),
        setup: None,
        games: 200,
        seed: 1,
        player: Player::Level(Level::new(2).unwrap_or_else(|| unreachable!())),
        iterations: None,
        max_actions: crate::arena::MAX_ACTIONS,
        seeds: None,
        keep: 10,
        screen: 50,
    };
    let mut game = None;
    while let Some(arg) = args.next()? {
        match arg {
            Long("games") => {
                run.games = crate::number("games", args.value()?.string()?, 100_000)? as u32
            }
            Long("seed") => run.seed = crate::whole(args.value()?.string()?, "--seed")?,
            Long("variant") => run.variants = crate::variants_arg(args.value()?.string()?),
            Long("setup") => run.setup = Some(crate::setup_arg(args.value()?.string()?)?),
            Long("player") => run.player = crate::opponent::player(&args.value()?.string()?)?,
            Long("iterations") => {
                run.iterations =
                    Some(crate::number("iterations", args.value()?.string()?, 100_000_000)? as u32)
            }
            Long("max-actions") => run.max_actions = crate::max_actions(args.value()?.string()?)?,
            Long("seeds") => {
                let text = args.value()?.string()?;
                let range = text
                    .split_once("..")
                    .and_then(|(a, b)| Some((a.parse::<u64>().ok()?, b.parse::<u64>().ok()?)))
                    .filter(|(a, b)| a <= b && b - a < 100_000);
                run.seeds = Some(range.ok_or("--seeds takes FROM..TO, whole numbers")?);
            }
            Long("keep") => {
                run.keep = crate::number("keep", args.value()?.string()?, 10_000)?.max(1) as usize
            }
            Long("screen") => {
                run.screen =
                    crate::number("screen", args.value()?.string()?, 100_000)?.max(1) as u32
            }
            Value(v) if game.is_none() => game = Some(v.string()?),
            other => return Err(other.unexpected()),
        }
    }
    let Some(game) = game else {
        return Err("balance needs a GAME".into());
    };
    if run.games == 0 {
        return Err("balance needs at least one game".into());
    }
    crate::print_for_game(&game, run)
}
