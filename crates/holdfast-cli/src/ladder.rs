//! `holdfast ladder`: each player against the next in the list (level 1 against
//! level 2, level 2 against level 3, ...), seat-rotated arena games, then an Elo
//! rating for every player fitted over all the games it played (Bradley-Terry by
//! maximum likelihood, level 1 at 0), with its 95% interval: how evenly the levels
//! are spaced.

use holdfast_rules::catalogue::with_game;
use holdfast_search::Player;
use serde_json::{json, Value};

use crate::arena::Arena;
use crate::stats::Wdl;

/// Elo points per natural-log unit of odds: a rating `400 / ln 10` times a
/// logistic model's.
const ELO_PER_UNIT: f64 = 400.0 / std::f64::consts::LN_10;

/// One pairing's games: `a` against `b`, from `a`'s side.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Pairing {
    pub a: usize,
    pub b: usize,
    pub wdl: Wdl,
}

/// Ratings for `players` players from their pairings, in Elo, the first at 0: the
/// Bradley-Terry model's maximum-likelihood fit (a draw half a win), each pairing
/// given one drawn game more (a weak prior, so a pairing won every time still has
/// a finite gap), and each rating's standard error from the fit's curvature.
/// `None` for a player no pairing reaches from the first.
pub fn fit(players: usize, pairings: &[Pairing]) -> Vec<Option<(f64, f64)>> {
    // Which players are connected to the first.
    let mut reached = vec![false; players];
    if players > 0 {
        reached[0] = true;
    }
    for _ in 0..players {
        for p in pairings {
            if p.a < players && p.b < players && (reached[p.a] || reached[p.b]) {
                reached[p.a] = true;
                reached[p.b] = true;
            }
        }
    }
    // Newton's method on the free ratings (all but the first), natural units.
    let free: Vec<usize> = (1..players).filter(|&i| reached[i]).collect();
    let index = |p: usize| free.iter().position(|&f| f == p);
    let mut r = vec![0.0f64; players];
    let n = free.len();
    let mut hessian = vec![vec![0.0f64; n]; n];
    for _ in 0..100 {
        let mut grad = vec![0.0f64; n];
        for row in hessian.iter_mut() {
            row.iter_mut().for_each(|x| *x = 0.0);
        }
        for p in pairings.iter().filter(|p| p.a < players && p.b < players) {
            let games = p.wdl.games() as f64 + 1.0;
            let score = p.wdl.wins as f64 + p.wdl.draws as f64 / 2.0 + 0.5;
            let expected = 1.0 / (1.0 + (r[p.b] - r[p.a]).exp());
            // d(log L)/d r_a = score - games * expected; curvature games * e (1 - e).
            let g = score - games * expected;
            let w = games * expected * (1.0 - expected);
            let (ia, ib) = (index(p.a), index(p.b));
            if let Some(i) = ia {
                grad[i] += g;
                hessian[i][i] += w;
            }
            if let Some(j) = ib {
                grad[j] -= g;
                hessian[j][j] += w;
            }
            if let (Some(i), Some(j)) = (ia, ib) {
                hessian[i][j] -= w;
                hessian[j][i] -= w;
            }
        }
        let Some(step) = solve(&hessian, &grad) else {
            break;
        };
        let mut largest = 0.0f64;
        for (k, &p) in free.iter().enumerate() {
            r[p] += step[k];
            largest = largest.max(step[k].abs());
        }
        if largest < 1e-9 {
            break;
        }
    }
    let errors = inverse_diagonal(&hessian);
    (0..players)
        .map(|p| {
            if p == 0 {
                return Some((0.0, 0.0));
            }
            let k = index(p)?;
            let se = errors.get(k).copied().unwrap_or(f64::NAN).max(0.0).sqrt();
            Some((r[p] * ELO_PER_UNIT, se * ELO_PER_UNIT))
        })
        .collect()
}

/// `x` with `a x = b` (Gaussian elimination with partial pivoting); `None` when
/// `a` is singular.
fn solve(a: &[Vec<f64>], b: &[f64]) -> Option<Vec<f64>> {
    let n = b.len();
    let mut m: Vec<Vec<f64>> = a
        .iter()
        .zip(b)
        .map(|(row, &y)| {
            let mut r = row.clone();
            r.push(y);
            r
        })
        .collect();
    for c in 0..n {
        let pivot = (c..n).max_by(|&i, &j| m[i][c].abs().total_cmp(&m[j][c].abs()))?;
        if m[pivot][c].abs() < 1e-12 {
            return None;
        }
        m.swap(c, pivot);
        let row = m[c].clone();
        for (_, other) in m.iter_mut().enumerate().filter(|(i, _)| *i != c) {
            let f = other[c] / row[c];
            for (x, p) in other[c..].iter_mut().zip(&row[c..]) {
                *x -= f * p;
            }
        }
    }
    Some((0..n).map(|i| m[i][n] / m[i][i]).collect())
}

/// The diagonal of `a`'s inverse (the ratings' variances); NaN where singular.
fn inverse_diagonal(a: &[Vec<f64>]) -> Vec<f64> {
    let n = a.len();
    (0..n)
        .map(|i| {
            let mut e = vec![0.0; n];
            e[i] = 1.0;
            solve(a, &e).map_or(f64::NAN, |x| x[i])
        })
        .collect()
}

/// A ladder's settings, as the command line gives them.
pub struct Ladder {
    pub game: String,
    pub players: Vec<Player>,
    pub games: u32,
    pub seed: u64,
    pub setup: Option<Value>,
    pub max_actions: u32,
}

impl Ladder {
    /// Plays each player against the next (arena lines as it goes), prints each
    /// pairing's result and the fitted ratings, and returns the JSON.
    pub fn run(&self) -> Result<Value, String> {
        let mut pairings = Vec::new();
        let mut results = Vec::new();
        for (i, pair) in self.players.windows(2).enumerate() {
            // The stronger (later) player first, so a score is the climb's.
            let arena = Arena {
                players: vec![pair[1], pair[0]],
                games: self.games,
                seed: self.seed.wrapping_add(i as u64),
                setup: self.setup.clone(),
                records: None,
                max_actions: self.max_actions,
                learn: false,
            };
            let out = with_game(&self.game, arena)
                .ok_or_else(|| format!("no game {:?}", self.game))??;
            let side = &out["players"][0];
            let count = |k: &str| side[k].as_u64().unwrap_or(0) as u32;
            let wdl = Wdl {
                wins: count("wins"),
                draws: count("draws"),
                losses: count("losses"),
            };
            say!(
                "{} against {}: {} won, {} drawn, {} lost: {:.3}",
                pair[1],
                pair[0],
                wdl.wins,
                wdl.draws,
                wdl.losses,
                wdl.score()
            );
            pairings.push(Pairing {
                a: i + 1,
                b: i,
                wdl,
            });
            results.push(json!({
                "player": pair[1].to_string(),
                "against": pair[0].to_string(),
                "wins": wdl.wins,
                "draws": wdl.draws,
                "losses": wdl.losses,
                "score": (wdl.score() * 1000.0).round() / 1000.0,
            }));
        }
        let ratings = fit(self.players.len(), &pairings);
        say!("player      Elo   95%");
        let mut rated = Vec::new();
        for (p, r) in self.players.iter().zip(&ratings) {
            let (elo, se) = r.unwrap_or((f64::NAN, f64::NAN));
            match rated.len() {
                0 => say!("{:<10} {:>+5.0}  (the anchor)", p.to_string(), elo),
                _ => say!("{:<10} {:>+5.0}  ±{:.0}", p.to_string(), elo, 1.96 * se),
            }
            rated.push(json!({
                "player": p.to_string(),
                "elo": elo.round(),
                "interval": (1.96 * se).round(),
            }));
        }
        Ok(json!({
            "game": self.game,
            "setup": self.setup,
            "games_a_pairing": self.games,
            "pairings": results,
            "ratings": rated,
        }))
    }
}

/// `holdfast ladder GAME [--players P,P,...] [--games N] [--seed S] [--setup JSON]
/// [--max-actions N]`.
pub fn command(args: &mut lexopt::Parser) -> Result<std::process::ExitCode, lexopt::Error> {
    use lexopt::prelude::*;
    let mut ladder = Ladder {
        game: String::new(),
        players: (1..=5)
            .filter_map(|n| format!("level{n}").parse().ok())
            .collect(),
        games: 100,
        seed: 1,
        setup: None,
        max_actions: crate::arena::MAX_ACTIONS,
    };
    let mut game = None;
    while let Some(arg) = args.next()? {
        match arg {
            Long("players") => {
                ladder.players = args
                    .value()?
                    .string()?
                    .split(',')
                    .map(|p| p.trim().parse::<Player>().map_err(|e| e.to_string()))
                    .collect::<Result<_, _>>()?
            }
            Long("games") => {
                ladder.games = crate::number("games", args.value()?.string()?, 100_000)? as u32
            }
            Long("seed") => ladder.seed = crate::whole(args.value()?.string()?, "--seed")?,
            Long("max-actions") => {
                ladder.max_actions = crate::max_actions(args.value()?.string()?)?
            }
            Long("setup") => ladder.setup = Some(crate::setup_arg(args.value()?.string()?)?),
            Value(v) if game.is_none() => game = Some(v.string()?),
            other => return Err(other.unexpected()),
        }
    }
    let Some(game) = game else {
        return Err("ladder needs a GAME".into());
    };
    if ladder.players.len() < 2 {
        return Err("a ladder needs at least two players".into());
    }
    ladder.game = game;
    let out = ladder.run()?;
    say!("{out}");
    Ok(std::process::ExitCode::SUCCESS)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn wdl(wins: u32, draws: u32, losses: u32) -> Wdl {
        Wdl {
            wins,
            draws,
            losses,
        }
    }

    #[test]
    fn a_chain_of_pairings_rates_each_step_by_its_score() {
        // 76 of 100 (with the prior's draw, 76.5 of 101): about +200 Elo a step.
        let p = [
            Pairing {
                a: 1,
                b: 0,
                wdl: wdl(76, 0, 24),
            },
            Pairing {
                a: 2,
                b: 1,
                wdl: wdl(76, 0, 24),
            },
        ];
        let r = fit(3, &p);
        let step = 400.0 * (76.5f64 / 24.5).log10();
        let (e1, s1) = r[1].unwrap();
        let (e2, s2) = r[2].unwrap();
        assert!((e1 - step).abs() < 0.5, "{e1} {step}");
        assert!((e2 - 2.0 * step).abs() < 1.0, "{e2}");
        // The second step's error adds the first's.
        assert!(s1 > 20.0 && s1 < 60.0 && s2 > s1, "{s1} {s2}");
        assert_eq!(r[0], Some((0.0, 0.0)));
    }

    #[test]
    fn every_game_counts_where_pairings_overlap_and_a_clean_sweep_stays_finite() {
        // Player 2 beat 1 evenly but 0 every time: its rating weighs both.
        let p = [
            Pairing {
                a: 1,
                b: 0,
                wdl: wdl(50, 0, 50),
            },
            Pairing {
                a: 2,
                b: 1,
                wdl: wdl(25, 50, 25),
            },
            Pairing {
                a: 2,
                b: 0,
                wdl: wdl(100, 0, 0),
            },
        ];
        let r = fit(4, &p);
        let (e1, _) = r[1].unwrap();
        let (e2, _) = r[2].unwrap();
        assert!(e2.is_finite() && e2 > e1 && e1 > 0.0, "{e1} {e2}");
        // Nobody played player 3.
        assert_eq!(r[3], None);
    }
}
