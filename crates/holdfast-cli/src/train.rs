//! `holdfast train`: fits a game's estimate to outcomes ([`holdfast_search::fitted`]).
//! Plays seat-rotated games between levels 3, 4 and 5 (each at `--iterations`, so
//! only their slips tell them apart), from two random opening actions a game so that
//! no two games are alike; keeps every position met before an action with each
//! seat's share of the result; fits on four rounds of the variants in five and
//! measures on the fifth,
//! against the search's hand-written estimate; then prints the fitted model as the
//! line of `crates/holdfast-search/src/models.rs` that ships it. Reproducible from
//! the seed: levels search by iterations alone.

use holdfast_rules::catalogue::GameFn;
use holdfast_rules::rng::Rng;
use holdfast_rules::Game;
use holdfast_search::fitted::{self, rows, Sample};
use holdfast_search::mcts::candidates;
use holdfast_search::reward::rewards;
use holdfast_search::{Budget, Level, Player};
use serde_json::{json, Value};

use crate::calibrate::table;

/// A training run's settings, as the command line gives them.
pub struct Train {
    /// The variants played in turn (game `i` plays `variants[i % len]`); none: the
    /// `setup` given, or the default.
    pub variants: Vec<String>,
    pub setup: Option<Value>,
    pub games: u32,
    pub seed: u64,
    pub iterations: u32,
    pub max_actions: u32,
    pub l2: f64,
}

/// A position kept: its sample, and the hand-written estimate's chances there.
struct Kept {
    sample: Sample,
    hand: Vec<f32>,
    mover: usize,
}

impl GameFn for Train {
    type Out = Result<Value, String>;

    fn call<G: Game>(self) -> Self::Out {
        let (_, starts) = crate::table::starts::<G>(self.setup.as_ref(), &self.variants, "model")?;
        let key = starts[0].model_key();
        let levels: Vec<Player> = (3..=5).filter_map(Level::new).map(Player::Level).collect();
        let budget = Some(Budget {
            iterations: self.iterations,
            seconds: None,
        });
        let clock = || 0.0;
        let (mut train, mut test): (Vec<Kept>, Vec<Kept>) = (Vec::new(), Vec::new());
        let (mut feats, mut row, mut hand, mut est) =
            (Vec::new(), Vec::new(), Vec::new(), Vec::new());
        let mut width = None;
        for i in 0..self.games {
            let mut rng = Rng::new(self.seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ i as u64);
            let mut g = starts[i as usize % starts.len()].clone();
            let at = |s: usize| levels[(s + i as usize) % levels.len()];
            let mut kept: Vec<Kept> = Vec::new();
            let mut actions = 0;
            let mut moves = Vec::new();
            while let Some(seat) = g.to_move() {
                if actions >= self.max_actions && !g.entry_open() {
                    break;
                }
                if let Some(k) = rows(&g, &mut feats, &mut row) {
                    if *width.get_or_insert(k) != k {
                        return Err(format!("{} gave {k} features, then others", G::ID));
                    }
                    rewards(&g, &mut hand, &mut est, 0.0);
                    let sum: f32 = hand.iter().sum();
                    kept.push(Kept {
                        sample: Sample {
                            rows: row.clone(),
                            outcome: Vec::new(),
                        },
                        hand: hand.iter().map(|h| h / sum.max(1e-6)).collect(),
                        mover: seat as usize,
                    });
                }
                let mv = if actions < 2 {
                    candidates(&g, &mut moves);
                    (!moves.is_empty()).then(|| moves[rng.below(moves.len() as u32) as usize])
                } else {
                    at(seat as usize)
                        .think(&g, &mut rng, &clock, budget, &mut |_| {})
                        .mv
                };
                let Some(mv) = mv else { break };
                g.play(mv)
                    .map_err(|e| format!("{} refused its own choice: {e}", G::ID))?;
                actions += 1;
            }
            let seats = g.players();
            let winners: Vec<usize> = crate::table::leaders(&g)
                .into_iter()
                .map(|s| s as usize)
                .collect();
            let share = 1.0 / winners.len().max(1) as f32;
            let outcome: Vec<f32> = (0..seats)
                .map(|s| if winners.contains(&s) { share } else { 0.0 })
                .collect();
            for k in &mut kept {
                k.sample.outcome = outcome.clone();
            }
            say!(
                "game {}/{}: {} actions, {} positions, winners {:?}",
                i + 1,
                self.games,
                actions,
                kept.len(),
                winners
            );
            // Every fifth round of the variants is measured, so each variant is both
            // fitted and measured.
            if (i as usize / starts.len()) % 5 == 4 {
                test.extend(kept);
            } else {
                train.extend(kept);
            }
        }
        let k = width.ok_or("no position was played")?;
        if test.is_empty() || train.is_empty() {
            return Err(format!(
                "{} games leave none to measure: every fifth round of the variants is measured",
                self.games
            ));
        }
        let w = fitted::width(k);
        let samples: Vec<Sample> = train.iter().map(|k| k.sample.clone()).collect();
        let weights = fitted::fit(&samples, w, self.l2);
        let held: Vec<Sample> = test.iter().map(|k| k.sample.clone()).collect();
        let (ce, brier) = fitted::loss(&held, &weights, w);
        let (ce0, brier0) = fitted::loss(&held, &vec![0.0; w], w);
        let (ce_hand, brier_hand) = fitted::prediction_loss(
            test.iter()
                .map(|t| (t.hand.as_slice(), t.sample.outcome.as_slice())),
        );
        say!(
            "{} positions to fit, {} to measure (every fifth round of the variants)",
            train.len(),
            test.len()
        );
        say!("on the games measured: cross-entropy, Brier score");
        say!("  fitted       {ce:.4}  {brier:.4}");
        say!("  hand-written {ce_hand:.4}  {brier_hand:.4}");
        say!("  even chances {ce0:.4}  {brier0:.4}");
        // The mover's chance by tenths, on the games measured.
        let mut p = Vec::new();
        let (mut fitted_p, mut hand_p, mut won) = (Vec::new(), Vec::new(), Vec::new());
        for t in &test {
            fitted::softmax(&weights, &t.sample.rows, w, &mut p);
            fitted_p.push(p[t.mover]);
            hand_p.push(t.hand[t.mover]);
            won.push(t.sample.outcome[t.mover]);
        }
        let fitted_table = table(
            "The fitted chance of the seat to move:",
            &fitted_p,
            &won,
            |v| v,
        );
        let hand_table = table("The hand-written estimate's:", &hand_p, &won, |v| v);
        let command = format!(
            "holdfast train {}{} --games {} --seed {} --iterations {}{}",
            G::ID,
            if self.variants.is_empty() {
                self.setup
                    .as_ref()
                    .map(|s| format!(" --setup '{s}'"))
                    .unwrap_or_default()
            } else {
                format!(" --variant {}", self.variants.join(","))
            },
            self.games,
            self.seed,
            self.iterations,
            if self.max_actions == crate::arena::MAX_ACTIONS {
                String::new()
            } else {
                format!(" --max-actions {}", self.max_actions)
            },
        );
        let list: Vec<String> = weights.iter().map(|x| format!("{x:.4}")).collect();
        say!("// {command}");
        say!(
            "Model {{ key: \"{key}\", features: {k}, weights: &[{}] }},",
            list.join(", ")
        );
        Ok(json!({
            "game": G::ID,
            "key": key,
            "command": command,
            "positions": { "fit": train.len(), "measured": test.len() },
            "weights": weights,
            "fitted": { "cross_entropy": ce, "brier": brier, "table": fitted_table },
            "hand": { "cross_entropy": ce_hand, "brier": brier_hand, "table": hand_table },
            "even": { "cross_entropy": ce0, "brier": brier0 },
        }))
    }
}

/// `holdfast train GAME [--variant V[,V...] | --setup JSON] [--games N] [--seed S]
/// [--iterations N] [--max-actions N]`.
pub fn command(args: &mut lexopt::Parser) -> Result<std::process::ExitCode, lexopt::Error> {
    use lexopt::prelude::*;
    let mut t = Train {
        variants: Vec::new(),
        setup: None,
        games: 100,
        seed: 1,
        iterations: 2000,
        max_actions: crate::arena::MAX_ACTIONS,
        l2: 1e-3,
    };
    let mut game = None;
    let mut name = None;
    use crate::number;
    while let Some(arg) = args.next()? {
        match arg {
            Long("games") => t.games = number("games", args.value()?.string()?, 100_000)? as u32,
            Long("iterations") => {
                t.iterations = number("iterations", args.value()?.string()?, 100_000_000)? as u32
            }
            Long("max-actions") => t.max_actions = crate::max_actions(args.value()?.string()?)?,
            Long("seed") => t.seed = crate::whole(args.value()?.string()?, "--seed")?,
            Long("variant") => t.variants = crate::variants_arg(args.value()?.string()?),
            Long("setup") => t.setup = Some(crate::setup_arg(args.value()?.string()?)?),
            Value(v) if game.is_none() => game = Some(v.string()?),
            Value(v) if name.is_none() => name = Some(v.string()?),
            other => return Err(other.unexpected()),
        }
    }
    let Some(game) = game else {
        return Err("train needs a GAME".into());
    };
    if let Some(name) = name {
        if game != "fortress" {
            return Err("only Fortress has named opponents to train".into());
        }
        if t.variants.len() > 1 {
            return Err("an opponent trains on one variant".into());
        }
        let opponent = crate::opponent::TrainOpponent {
            name,
            games: t.games,
            seed: t.seed,
            variant: t.variants.first().cloned(),
            setup: t.setup,
        };
        return match crate::opponent::train(opponent) {
            Ok(out) => {
                say!("{out}");
                Ok(std::process::ExitCode::SUCCESS)
            }
            Err(e) => Err(e.into()),
        };
    }
    crate::print_for_game(&game, t)
}
