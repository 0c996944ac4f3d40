//! `holdfast calibrate`: whether the search's value is a chance of winning. Plays
//! seat-rotated games between levels 3, 4 and 5, keeps every decision's value for
//! the seat to move (the search's, [`holdfast_search::Seen::best_value`]) and
//! whether that seat went on to win (1, a draw shared by k seats 1/k, a loss 0),
//! then compares them by tenths of the value, and the engine's chance (what `holdfast
//! engine` and `holdfast move` report: [`holdfast_search::models::engine_chance`])
//! by its tenths, and the chance an analysis shows at the start of each entry
//! ([`holdfast_search::analysis::look_at`], with the analysis's iterations) by its
//! tenths. With `--fit`, also through the logistic curve and the monotone
//! table that fit four games in five best ([`holdfast_search::calibration`]),
//! measured again on every fifth game, which they were not fitted on; the table is
//! printed as the line that ships it.

use holdfast_rules::catalogue::GameFn;
use holdfast_rules::rng::Rng;
use holdfast_rules::Game;
use holdfast_search::analysis::{look_at, position_seed, ANALYSIS_ITERATIONS};
use holdfast_search::calibration::{curve, fit, isotonic, isotonic_by_value, through};
use holdfast_search::{Budget, Level, Player};
use serde_json::{json, Value};

/// A calibration's settings, as the command line gives them.
pub struct Calibrate {
    pub setup: Option<Value>,
    /// The variants played in turn (game `i` plays `variants[i % len]`); none: the
    /// setup.
    pub variants: Vec<String>,
    pub games: u32,
    pub seed: u64,
    /// In place of each level's own iterations.
    pub iterations: Option<u32>,
    pub fit: bool,
    pub max_actions: u32,
}

/// Decisions whose value fell in one tenth.
#[derive(Default, Clone, Copy)]
struct Bucket {
    n: u32,
    value: f64,
    outcome: f64,
}

/// The table by tenths of `values` (as `map` makes them) against `outcomes`,
/// printed under `title`; returns its JSON, with the Brier score and the largest
/// gap between a tenth's mean prediction and its outcome (tenths of 20 or more).
pub(crate) fn table(
    title: &str,
    values: &[f32],
    outcomes: &[f32],
    map: impl Fn(f32) -> f32,
) -> Value {
    let mut buckets = [Bucket::default(); 10];
    let mut brier = 0.0;
    for (&v, &y) in values.iter().zip(outcomes) {
        let p = map(v) as f64;
        let b = &mut buckets[((p * 10.0) as usize).min(9)];
        b.n += 1;
        b.value += p;
        b.outcome += y as f64;
        brier += (p - y as f64).powi(2);
    }
    let brier = brier / values.len().max(1) as f64;
    say!("{title}");
    say!("tenth      decisions  predicted  won");
    let mut worst = 0.0f64;
    let mut rows = Vec::new();
    for (i, b) in buckets.iter().enumerate() {
        if b.n == 0 {
            continue;
        }
        let (p, o) = (b.value / b.n as f64, b.outcome / b.n as f64);
        if b.n >= 20 {
            worst = worst.max((p - o).abs());
        }
        say!(
            "{:.1}-{:.1}    {:>9}  {:>9.3}  {:.3}",
            i as f64 / 10.0,
            (i + 1) as f64 / 10.0,
            b.n,
            p,
            o
        );
        rows.push(json!({
            "tenth": i,
            "decisions": b.n,
            "predicted": (p * 1000.0).round() / 1000.0,
            "won": (o * 1000.0).round() / 1000.0,
        }));
    }
    say!("Brier score {brier:.4}; largest gap in a tenth of 20 or more: {worst:.3}");
    json!({
        "tenths": rows,
        "brier": (brier * 10_000.0).round() / 10_000.0,
        "largest_gap": (worst * 1000.0).round() / 1000.0,
    })
}

impl GameFn for Calibrate {
    type Out = Result<Value, String>;

    fn call<G: Game>(self) -> Self::Out {
        let (setups, starts) =
            crate::table::starts::<G>(self.setup.as_ref(), &self.variants, "table")?;
        let key = starts[0].model_key();
        let players = starts[0].players();
        if self.fit && self.games < 5 {
            return Err(format!(
                "{} games leave none to measure a fit on: every fifth game is measured",
                self.games
            ));
        }
        let levels: Vec<Player> = (3..=5).filter_map(Level::new).map(Player::Level).collect();
        let budget = self.iterations.map(|iterations| Budget {
            iterations,
            seconds: None,
        });
        // The looks are searched as the analysis searches, with `--iterations`
        // where given (the README's commands give the analysis's own).
        let look_iterations = self.iterations.unwrap_or(ANALYSIS_ITERATIONS);
        // Iterations alone decide (a clock that never moves): reproducible.
        let clock = || 0.0;
        let (mut values, mut outcomes) = (Vec::new(), Vec::new());
        // The game each decision was made in.
        let mut game_of: Vec<u32> = Vec::new();
        // The engine's chance at each decision.
        let mut chances = Vec::new();
        // The chance an analysis shows (`holdfast analyse`, the app) the seat to
        // move at each entry's start, its outcome and its game.
        let mut all_looks: Vec<Looked> = Vec::new();
        for i in 0..self.games {
            let mut rng = Rng::new(self.seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ i as u64);
            let mut g = starts[i as usize % starts.len()].clone();
            let seats = g.players();
            // Seat s plays level 3 + (s + i) mod 3: with two seats, game i pairs
            // levels 3-4, 4-5 or 5-3 by i mod 3, in that seat order (each level is
            // in both seats over the games, each pairing in one order).
            let at = |s: usize| levels[(s + i as usize) % levels.len()];
            let mut decisions: Vec<(usize, f32, f32)> = Vec::new();
            let mut game_looks: Vec<(usize, f32, f32)> = Vec::new();
            let mut actions = 0;
            while let Some(seat) = g.to_move() {
                if actions >= self.max_actions && !g.entry_open() {
                    break;
                }
                if !g.entry_open() {
                    // What an analysis sees here, searched as it searches.
                    let seed = position_seed(self.seed ^ ((i as u64) << 32), actions as usize);
                    let look = look_at(&g, look_iterations, seed, &clock);
                    if let Some(all) = look.chances.as_ref() {
                        // The search's chance, and the one shown (through the
                        // look tables; a proof as it is).
                        let shown = match look.solved {
                            true => all.clone(),
                            false => holdfast_search::analysis::shown(&g, all),
                        };
                        let s = seat as usize;
                        if let (Some(&c), Some(&shown)) = (all.get(s), shown.get(s)) {
                            game_looks.push((s, c, shown));
                        }
                    }
                }
                let thought = at(seat as usize).think(&g, &mut rng, &clock, budget, &mut |_| {});
                let Some(mv) = thought.mv else { break };
                // The search's value, as the engine reports it (also where a level
                // then slipped to another action).
                if let Some(seen) = thought.search {
                    decisions.push((seat as usize, seen.best_value, seen.chance(&g)));
                }
                g.play(mv)
                    .map_err(|e| format!("{} refused its own choice: {e}", G::ID))?;
                actions += 1;
            }
            let winners: Vec<usize> = crate::table::leaders(&g)
                .into_iter()
                .map(|s| s as usize)
                .collect();
            let share = 1.0 / winners.len().max(1) as f32;
            let won = |seat: usize| if winners.contains(&seat) { share } else { 0.0 };
            for (seat, v, chance) in decisions {
                values.push(v);
                game_of.push(i);
                outcomes.push(won(seat));
                chances.push(chance);
            }
            for (seat, chance, shown) in game_looks {
                all_looks.push(Looked {
                    chance,
                    shown,
                    outcome: won(seat),
                    game: i,
                    seat,
                });
            }
            say!(
                "game {}/{}: {} decisions, {} seats, winners {:?}",
                i + 1,
                self.games,
                actions,
                seats,
                winners
            );
        }
        let raw = table("The search's value as it is:", &values, &outcomes, |v| v);
        let engine = table(
            "The engine's chance (the fitted estimate's, or the value through the game's table):",
            &chances,
            &outcomes,
            |v| v,
        );
        let (looks, look_outcomes): (Vec<f32>, Vec<f32>) =
            all_looks.iter().map(|l| (l.shown, l.outcome)).unzip();
        let analysis = table(
            &format!(
                "The analysis's chance (holdfast analyse and the app) at the start of each of {} entries:",
                looks.len()
            ),
            &looks,
            &look_outcomes,
            |v| v,
        );
        let mut out = json!({
            "analysis": analysis,
            "game": G::ID,
            "setups": setups
                .iter()
                .map(|s| serde_json::to_value(s).unwrap_or(Value::Null))
                .collect::<Vec<_>>(),
            "games": self.games,
            "decisions": values.len(),
            "raw": raw,
            "engine": engine,
        });
        if self.fit {
            // Fitted on four games in five; every fifth game is kept apart to
            // measure the fit on games it never saw.
            let kept = |i: &usize| game_of[*i] % 5 != 4;
            let pick = |xs: &[f32], apart: bool| -> Vec<f32> {
                (0..xs.len())
                    .filter(|i| kept(i) != apart)
                    .map(|i| xs[i])
                    .collect()
            };
            let (fit_chances, apart_chances) = (pick(&chances, false), pick(&chances, true));
            let (values, outcomes, apart_values, apart_outcomes) = (
                pick(&values, false),
                pick(&outcomes, false),
                pick(&values, true),
                pick(&outcomes, true),
            );
            if values.is_empty() || apart_values.is_empty() {
                return Err("the games left no decision to fit or none to measure".into());
            }
            say!(
                "Fitted on {} decisions (four games in five), measured on {} (every fifth game)",
                values.len(),
                apart_values.len()
            );
            let raw = table(
                "The value as it is, on the games fitted:",
                &values,
                &outcomes,
                |v| v,
            );
            let (a, b) = fit(&values, &outcomes);
            let shown = as_points(a, b);
            let fitted = table(
                &format!(
                    "Through the curve fitted here: (\"{}\", {a:.4}, {b:.4}), as a table:\n    Table {{ key: \"{key}\", points: &[{}] }},",
                    G::ID,
                    shown.join(", ")
                ),
                &values,
                &outcomes,
                |v| curve(a, b, v),
            );
            // Twenty runs: a point per 5% of the decisions at most.
            let points = isotonic(&values, &outcomes, 20);
            let monotone = table(
                &format!(
                    "Through the monotone table fitted here:\n    Table {{ key: \"{key}\", points: &[{}] }},",
                    points_shown(&points)
                ),
                &values,
                &outcomes,
                |v| through(&points, v),
            );
            let apart = json!({
                "decisions": apart_values.len(),
                "raw": table(
                    "The value as it is, on the games kept apart:",
                    &apart_values,
                    &apart_outcomes,
                    |v| v,
                ),
                "curve": table(
                    "Through the curve, on the games kept apart:",
                    &apart_values,
                    &apart_outcomes,
                    |v| curve(a, b, v),
                ),
                "monotone": table(
                    "Through the monotone table, on the games kept apart:",
                    &apart_values,
                    &apart_outcomes,
                    |v| through(&points, v),
                ),
            });
            // The engine's chance through a curve of its own (what
            // `calibration::CHANCE_TABLES` ships), fitted and measured the same way.
            let (ca, cb) = fit(&fit_chances, &outcomes);
            let chance = json!({
                "a": ca,
                "b": cb,
                "fitted": table(
                    &format!(
                        "The engine's chance through the curve fitted to it: ({ca:.4}, {cb:.4}), as a table:\n    ChanceTable {{ key: \"{key}\", players: {players}, points: &[{}] }},",
                        as_points(ca, cb).join(", ")
                    ),
                    &fit_chances,
                    &outcomes,
                    |v| curve(ca, cb, v),
                ),
                "apart": table(
                    "The engine's chance as it is, on the games kept apart:",
                    &apart_chances,
                    &apart_outcomes,
                    |v| v,
                ),
                "apart_curve": table(
                    "The engine's chance through that curve, on the games kept apart:",
                    &apart_chances,
                    &apart_outcomes,
                    |v| curve(ca, cb, v),
                ),
            });
            let chance_points = isotonic(&fit_chances, &outcomes, 20);
            let chance_monotone = json!({
                "points": chance_points.iter().map(|p| [p.0, p.1]).collect::<Vec<_>>(),
                "apart": table(
                    &format!(
                        "The engine's chance through the monotone table fitted to it, on the games kept apart:\n    ChanceTable {{ key: \"{key}\", players: {players}, points: &[{}] }},",
                        points_shown(&chance_points)
                    ),
                    &apart_chances,
                    &apart_outcomes,
                    |v| through(&chance_points, v),
                ),
            });
            // The analysis's chance through monotone tables of its own (what
            // `calibration::LOOK_TABLES` ships).
            let head = look_head(&starts);
            let look_table = look_tables(&head, players, &all_looks);
            out["fit"] = json!({
                "look_table": look_table,
                "chance": chance,
                "chance_monotone": chance_monotone,
                "a": a,
                "b": b,
                "raw": raw,
                "table": fitted,
                "points": points.iter().map(|p| [p.0, p.1]).collect::<Vec<_>>(),
                "monotone": monotone,
                "apart": apart,
            });
        }
        Ok(out)
    }
}

/// A shipped look table's head for the games of `starts` (none empty): their
/// model's key, their seats, and their board's cells (0 where boards differ: the
/// table then serves any board).
pub(crate) fn look_head<G: Game>(starts: &[G]) -> String {
    let (key, players) = (starts[0].model_key(), starts[0].players());
    let cells = starts[0].board().len();
    let cells = match starts.iter().all(|g| g.board().len() == cells) {
        true => cells,
        false => 0,
    };
    format!("key: \"{key}\", players: {players}, cells: {cells}")
}

/// The chance an analysis saw for the seat to move at an entry's start, and how
/// that seat did (1 a win, 1/k a draw shared by k, 0 a loss).
struct Looked {
    /// The search's (what a look table is fitted to).
    chance: f32,
    /// As shown, through the look table shipped.
    shown: f32,
    outcome: f32,
    game: u32,
    seat: usize,
}

/// The analysis's looks through monotone tables (`calibration::LOOK_TABLES`): one
/// for any seat and one a seat, fitted on four games in five and measured on the
/// fifth, then fitted on every game and printed as the lines that ship them
/// (`head` their key, seats and board). Returns their JSON, every look in it.
fn look_tables(head: &str, players: usize, looks: &[Looked]) -> Value {
    use holdfast_search::calibration::{through_look, LOOK_FLOOR, LOOK_MIN_RUN};
    let fitted = |of: &dyn Fn(&Looked) -> bool| -> Vec<(f32, f32)> {
        let (v, y): (Vec<f32>, Vec<f32>) = looks
            .iter()
            .filter(|l| of(l))
            .map(|l| (l.chance, l.outcome))
            .unzip();
        isotonic_by_value(&v, &y, 20, LOOK_MIN_RUN, LOOK_FLOOR)
    };
    let apart: Vec<&Looked> = looks.iter().filter(|l| l.game % 5 == 4).collect();
    let (apart_looks, apart_outcomes): (Vec<f32>, Vec<f32>) =
        apart.iter().map(|l| (l.chance, l.outcome)).unzip();
    let one = fitted(&|l| l.game % 5 != 4);
    let each: Vec<Vec<(f32, f32)>> = (0..players)
        .map(|s| fitted(&|l| l.game % 5 != 4 && l.seat == s))
        .collect();
    // The looks kept apart, each through its seat's table.
    let by_seat: Vec<f32> = apart
        .iter()
        .map(|l| {
            each.get(l.seat)
                .map_or(l.chance, |t| through_look(t, l.chance))
        })
        .collect();
    let measured = json!({
        "raw": table(
            "The search's chance (before any look table), on the games kept apart:",
            &apart_looks,
            &apart_outcomes,
            |v| v,
        ),
        "one": table(
            "Through one table for any seat, fitted on the other games:",
            &apart_looks,
            &apart_outcomes,
            |v| through_look(&one, v),
        ),
        "each": table(
            "Through a table a seat, fitted on the other games:",
            &by_seat,
            &apart_outcomes,
            |v| v,
        ),
    });
    let line = |seat: &str, points: &[(f32, f32)]| {
        format!(
            "    LookTable {{ {head}, seat: {seat}, points: &[{}] }},",
            points_shown(points)
        )
    };
    let all = fitted(&|_| true);
    say!("Fitted on every game, as they ship: one for any seat,");
    say!("{}", line("None", &all));
    say!("or one a seat:");
    let mut seats = Vec::new();
    for s in 0..players {
        let points = fitted(&|l| l.seat == s);
        say!("{}", line(&format!("Some({s})"), &points));
        seats.push(points.iter().map(|p| [p.0, p.1]).collect::<Vec<_>>());
    }
    json!({
        "apart": measured,
        "points": all.iter().map(|p| [p.0, p.1]).collect::<Vec<_>>(),
        "seats": seats,
        // Every look: (its chance, its outcome, its game, its seat), to fit again.
        "looks": looks
            .iter()
            .map(|l| json!([l.chance, l.outcome, l.game, l.seat]))
            .collect::<Vec<_>>(),
    })
}

/// A monotone table's points as a shipped table writes them.
pub(crate) fn points_shown(points: &[(f32, f32)]) -> String {
    let shown: Vec<String> = points
        .iter()
        .map(|(v, c)| format!("({v:.3}, {c:.3})"))
        .collect();
    shown.join(", ")
}

/// The curve `(a, b)` as a table's points (the form a shipped map takes), read at
/// 0.001, 0.01, 0.05, 0.1, ..., 0.95, 0.99 and 0.999.
fn as_points(a: f32, b: f32) -> Vec<String> {
    let at: Vec<f32> = [0.001, 0.01]
        .into_iter()
        .chain((1..20).map(|i| i as f32 * 0.05))
        .chain([0.99, 0.999])
        .collect();
    at.iter()
        .enumerate()
        .map(|(i, &v)| match i == 0 || i + 1 == at.len() {
            true => format!("({v:.3}, {:.3})", curve(a, b, v)),
            false => format!("({v:.2}, {:.3})", curve(a, b, v)),
        })
        .collect()
}

/// `holdfast calibrate GAME [--variant V[,V...] | --setup JSON] [--games N] [--seed S]
/// [--iterations N] [--fit] [--max-actions N]`.
pub fn command(args: &mut lexopt::Parser) -> Result<std::process::ExitCode, lexopt::Error> {
    use lexopt::prelude::*;
    let mut c = Calibrate {
        setup: None,
        variants: Vec::new(),
        games: 50,
        seed: 1,
        iterations: None,
        fit: false,
        max_actions: crate::arena::MAX_ACTIONS,
    };
    let mut game = None;
    use crate::number;
    while let Some(arg) = args.next()? {
        match arg {
            Long("games") => c.games = number("games", args.value()?.string()?, 100_000)? as u32,
            Long("iterations") => {
                c.iterations =
                    Some(number("iterations", args.value()?.string()?, 100_000_000)? as u32)
            }
            Long("max-actions") => c.max_actions = crate::max_actions(args.value()?.string()?)?,
            Long("seed") => c.seed = crate::whole(args.value()?.string()?, "--seed")?,
            Long("fit") => c.fit = true,
            Long("variant") => c.variants = crate::variants_arg(args.value()?.string()?),
            Long("setup") => c.setup = Some(crate::setup_arg(args.value()?.string()?)?),
            Value(v) if game.is_none() => game = Some(v.string()?),
            other => return Err(other.unexpected()),
        }
    }
    let Some(game) = game else {
        return Err("calibrate needs a GAME".into());
    };
    crate::print_for_game(&game, c)
}
