//! An estimate fitted to outcomes: each seat's chance of winning from what the game
//! reads off the position ([`Game::features_into`]) and how far it has gone
//! ([`Game::progress`]).
//!
//! The model is a conditional logit (a softmax over the seats): seat `s` gets the
//! score `w . row(s)` and its chance is `exp(score_s) / sum_t exp(score_t)`, so the
//! chances add up to 1 with any number of seats, and with two seats it is the
//! logistic curve of the difference of their rows. A seat's row is the game's `k`
//! features, the same features times the progress (a lead near the end is worth
//! more than the same lead at the start), whether the seat is the one to move, and
//! whether it is the first seat. `holdfast train GAME` plays games, fits the weights
//! by the least cross-entropy ([`fit`]) and prints them as a [`Model`] for
//! [`crate::models`]; the search scores a new leaf with them where
//! [`crate::SearchConfig::fitted`] says so.

use holdfast_rules::Game;

/// Fitted weights for one [`Game::model_key`].
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Model {
    pub key: &'static str,
    /// The game's features a seat ([`Game::features_into`]) when it was fitted.
    pub features: usize,
    /// `2 * features + 2` weights: see the module's description.
    pub weights: &'static [f32],
}

/// The width of a row for `k` game features.
pub fn width(k: usize) -> usize {
    2 * k + 2
}

/// Every seat's row for `g`, one after another, into `rows` (`feats` is scratch);
/// returns the game's features a seat (`k`), or `None` when the game gives a count
/// that is not a whole number a seat.
pub fn rows<G: Game>(g: &G, feats: &mut Vec<f32>, rows: &mut Vec<f32>) -> Option<usize> {
    let n = g.players();
    feats.clear();
    g.features_into(feats);
    if n == 0 || !feats.len().is_multiple_of(n) {
        return None;
    }
    let k = feats.len() / n;
    let progress = g.progress().clamp(0.0, 1.0);
    let mover = g.to_move().map(|s| s as usize);
    rows.clear();
    for s in 0..n {
        let f = &feats[s * k..(s + 1) * k];
        rows.extend_from_slice(f);
        rows.extend(f.iter().map(|x| x * progress));
        rows.push((mover == Some(s)) as u8 as f32);
        rows.push((s == 0) as u8 as f32);
    }
    Some(k)
}

/// Each seat's chance from `rows` (as [`rows`] wrote them, `width` each) under
/// `weights`, into `out`.
pub fn softmax(weights: &[f32], rows: &[f32], width: usize, out: &mut Vec<f32>) {
    out.clear();
    out.extend(rows.chunks_exact(width).map(|r| dot(weights, r)));
    let top = out.iter().copied().fold(f32::NEG_INFINITY, f32::max);
    let mut sum = 0.0;
    for x in out.iter_mut() {
        *x = (*x - top).exp();
        sum += *x;
    }
    for x in out.iter_mut() {
        *x /= sum;
    }
}

fn dot(a: &[f32], b: &[f32]) -> f32 {
    a.iter().zip(b).map(|(x, y)| x * y).sum()
}

/// Each seat's chance of winning `g` by `model`, into `out` (`feats` and `scratch`
/// reused); false (and `out` untouched) when the game's features no longer match the
/// model's. With `tempo` false the model leaves out who is to move: what a search
/// needs, whose leaves lie at odd and even depths alike (the mover's weight would
/// swing the mean of a deeper subtree back and forth).
pub fn chances<G: Game>(
    g: &G,
    model: &Model,
    tempo: bool,
    feats: &mut Vec<f32>,
    scratch: &mut Vec<f32>,
    out: &mut Vec<f32>,
) -> bool {
    match rows(g, feats, scratch) {
        Some(k) if k == model.features && model.weights.len() == width(k) => {
            if !tempo {
                let w = width(k);
                for row in scratch.chunks_exact_mut(w) {
                    row[w - 2] = 0.0; // the "to move" column
                }
            }
            softmax(model.weights, scratch, width(k), out);
            true
        }
        _ => false,
    }
}

/// One position of a game played for fitting: every seat's row and its share of
/// the result (1 a sole winner, 1/k each of k who share it, 0 a loser).
#[derive(Clone, Debug, PartialEq)]
pub struct Sample {
    pub rows: Vec<f32>,
    pub outcome: Vec<f32>,
}

/// The weights (`width` of them) that best predict the samples' outcomes, by the
/// least cross-entropy plus `l2` times the squared weights: Newton's method (the
/// loss is convex), from zero, for at most 50 steps.
pub fn fit(samples: &[Sample], width: usize, l2: f64) -> Vec<f32> {
    let mut w = vec![0f64; width];
    let mut p = Vec::new();
    for _ in 0..50 {
        let mut grad: Vec<f64> = w.iter().map(|x| 2.0 * l2 * x).collect();
        let mut hess = vec![0f64; width * width];
        for i in 0..width {
            hess[i * width + i] = 2.0 * l2 + 1e-9;
        }
        for s in samples {
            let rows: Vec<&[f32]> = s.rows.chunks_exact(width).collect();
            p.clear();
            p.extend(
                rows.iter()
                    .map(|r| r.iter().zip(&w).map(|(&x, &wi)| x as f64 * wi).sum::<f64>()),
            );
            let top = p.iter().copied().fold(f64::NEG_INFINITY, f64::max);
            let mut sum = 0.0;
            for x in p.iter_mut() {
                *x = (*x - top).exp();
                sum += *x;
            }
            for x in p.iter_mut() {
                *x /= sum;
            }
            // The mean row under the model, then the gradient sum_s (p_s - y_s) row_s
            // and the Hessian sum_s p_s (row_s - mean)(row_s - mean)^T.
            let mut mean = vec![0f64; width];
            for (r, &ps) in rows.iter().zip(&p) {
                for (m, &x) in mean.iter_mut().zip(r.iter()) {
                    *m += ps * x as f64;
                }
            }
            for ((r, &ps), &y) in rows.iter().zip(&p).zip(&s.outcome) {
                let e = ps - y as f64;
                for i in 0..width {
                    grad[i] += e * r[i] as f64;
                    let di = r[i] as f64 - mean[i];
                    if di == 0.0 {
                        continue;
                    }
                    for j in 0..width {
                        hess[i * width + j] += ps * di * (r[j] as f64 - mean[j]);
                    }
                }
            }
        }
        let Some(step) = solve(&mut hess, &mut grad, width) else {
            break;
        };
        let mut moved = 0.0;
        for (wi, d) in w.iter_mut().zip(&step) {
            *wi -= d;
            moved += d.abs();
        }
        if moved < 1e-7 {
            break;
        }
    }
    w.iter().map(|&x| x as f32).collect()
}

/// Solves `a x = b` (a `n` by `n`, row-major) by Gaussian elimination with partial
/// pivoting; `None` when `a` is singular. Both are overwritten.
fn solve(a: &mut [f64], b: &mut [f64], n: usize) -> Option<Vec<f64>> {
    for col in 0..n {
        let pivot = (col..n).max_by(|&i, &j| {
            a[i * n + col]
                .abs()
                .partial_cmp(&a[j * n + col].abs())
                .unwrap_or(std::cmp::Ordering::Equal)
        })?;
        if a[pivot * n + col].abs() < 1e-12 {
            return None;
        }
        if pivot != col {
            for j in 0..n {
                a.swap(pivot * n + j, col * n + j);
            }
            b.swap(pivot, col);
        }
        for i in col + 1..n {
            let f = a[i * n + col] / a[col * n + col];
            if f == 0.0 {
                continue;
            }
            for j in col..n {
                a[i * n + j] -= f * a[col * n + j];
            }
            b[i] -= f * b[col];
        }
    }
    let mut x = vec![0f64; n];
    for i in (0..n).rev() {
        let s: f64 = (i + 1..n).map(|j| a[i * n + j] * x[j]).sum();
        x[i] = (b[i] - s) / a[i * n + i];
    }
    Some(x)
}

/// The cross-entropy (in nats) a sample and the Brier score a seat of the chances
/// `weights` give the samples.
pub fn loss(samples: &[Sample], weights: &[f32], width: usize) -> (f64, f64) {
    let chances: Vec<Vec<f32>> = samples
        .iter()
        .map(|s| {
            let mut p = Vec::new();
            softmax(weights, &s.rows, width, &mut p);
            p
        })
        .collect();
    prediction_loss(
        chances
            .iter()
            .zip(samples)
            .map(|(p, s)| (p.as_slice(), s.outcome.as_slice())),
    )
}

/// The cross-entropy (in nats) a sample and the Brier score a seat of predicted
/// chances against outcomes, given as one (chances, outcomes) pair a sample.
pub fn prediction_loss<'a>(pairs: impl IntoIterator<Item = (&'a [f32], &'a [f32])>) -> (f64, f64) {
    let (mut ce, mut brier, mut seats, mut samples) = (0.0, 0.0, 0usize, 0usize);
    for (p, y) in pairs {
        samples += 1;
        for (&ps, &y) in p.iter().zip(y) {
            ce -= y as f64 * (ps as f64).max(1e-9).ln();
            brier += (ps as f64 - y as f64).powi(2);
            seats += 1;
        }
    }
    (ce / samples.max(1) as f64, brier / seats.max(1) as f64)
}

#[cfg(test)]
mod tests {
    use super::*;
    use holdfast_rules::rng::Rng;

    #[test]
    fn a_fit_recovers_the_weights_that_made_the_outcomes() {
        // Three seats, rows of width 3; winners drawn from the softmax of known
        // weights by a seeded generator.
        let truth = [1.5f32, -0.8, 0.4];
        let mut rng = Rng::new(7);
        let mut samples = Vec::new();
        let mut p = Vec::new();
        for _ in 0..20_000 {
            let rows: Vec<f32> = (0..9)
                .map(|_| rng.below(2001) as f32 / 1000.0 - 1.0)
                .collect();
            softmax(&truth, &rows, 3, &mut p);
            let x = rng.below(1_000_000) as f32 / 1_000_000.0;
            let winner = if x < p[0] {
                0
            } else if x < p[0] + p[1] {
                1
            } else {
                2
            };
            let mut outcome = vec![0.0; 3];
            outcome[winner] = 1.0;
            samples.push(Sample { rows, outcome });
        }
        let w = fit(&samples, 3, 0.0);
        for (a, b) in w.iter().zip(truth) {
            assert!((a - b).abs() < 0.1, "{w:?} against {truth:?}");
        }
        // The fitted weights predict better than none.
        let (ce, brier) = loss(&samples, &w, 3);
        let (ce0, brier0) = loss(&samples, &[0.0; 3], 3);
        assert!(ce < ce0 && brier < brier0, "{ce} {ce0} {brier} {brier0}");
    }

    #[test]
    fn two_seats_are_the_logistic_curve_of_their_difference() {
        let w = [2.0f32, 0.0, 0.5, 0.0];
        let rows = [0.3f32, 0.0, 1.0, 1.0, 0.1, 0.0, 0.0, 0.0];
        let mut p = Vec::new();
        softmax(&w, &rows, 4, &mut p);
        let z = 2.0 * (0.3 - 0.1) + 0.5;
        assert!((p[0] - 1.0 / (1.0 + (-z as f32).exp())).abs() < 1e-6);
        assert!((p[0] + p[1] - 1.0).abs() < 1e-6);
    }
}
