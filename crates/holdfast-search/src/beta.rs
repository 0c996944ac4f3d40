//! A calibration curve of three parameters ("beta calibration"): the chance shown
//! is `1 / (1 + e^-(a ln c - b ln(1 - c) + k))` of the search's chance `c`. Where
//! the search's chances are off in both tails by different amounts (too sure of a
//! win and not sure enough of a loss, say), the two-parameter logistic curve of
//! [`crate::calibration::fit`] bends both tails alike; this one bends each on its
//! own, and with few parameters it does not follow the noise of a sparse tenth
//! the way a monotone table of many points does. `holdfast refit` fits it to the
//! looks of `holdfast calibrate` runs and ships it as a look table's points.

/// The curve's parameters: `a` (for `ln c`), `b` (for `-ln(1 - c)`), `k`.
pub type Beta = [f32; 3];

use crate::calibration::log_loss;

fn features(c: f32) -> [f64; 3] {
    let c = c.clamp(0.001, 0.999) as f64;
    [c.ln(), -(1.0 - c).ln(), 1.0]
}

fn logistic(z: f64) -> f64 {
    1.0 / (1.0 + (-z).exp())
}

/// The curve `w` at the search's chance `c`.
pub fn beta(w: &Beta, c: f32) -> f32 {
    let x = features(c);
    logistic((0..3).map(|i| w[i] as f64 * x[i]).sum()) as f32
}

/// The curve that best predicts `outcomes` (1 a win, 0.5 a draw, 0 a loss) from
/// `chances`, by the least cross-entropy: Newton's method on the three parameters,
/// each step halved until the cross-entropy falls (a step from values at the very
/// ends overshoots). Starts from the chance itself (`[1, 1, 0]`).
pub fn fit_beta(chances: &[f32], outcomes: &[f32]) -> Beta {
    let xs: Vec<[f64; 3]> = chances.iter().map(|&c| features(c)).collect();
    let loss = |w: &[f64; 3]| -> f64 {
        xs.iter()
            .zip(outcomes)
            .map(|(x, &y)| log_loss((0..3).map(|i| w[i] * x[i]).sum(), y as f64))
            .sum()
    };
    let mut w = [1.0f64, 1.0, 0.0];
    let mut now = loss(&w);
    for _ in 0..60 {
        let mut g = [0.0f64; 3];
        let mut h = [[0.0f64; 3]; 3];
        for (x, &y) in xs.iter().zip(outcomes) {
            let p = logistic((0..3).map(|i| w[i] * x[i]).sum());
            let (e, v) = (p - y as f64, (p * (1.0 - p)).max(1e-9));
            for i in 0..3 {
                g[i] += e * x[i];
                for j in 0..3 {
                    h[i][j] += v * x[i] * x[j];
                }
            }
        }
        for (i, row) in h.iter_mut().enumerate() {
            row[i] += 1e-6;
        }
        let Some(mut d) = solve3(h, g) else { break };
        let mut halvings = 0;
        let moved = |w: &[f64; 3], d: &[f64; 3]| [w[0] - d[0], w[1] - d[1], w[2] - d[2]];
        while loss(&moved(&w, &d)) > now && halvings < 40 {
            d = d.map(|x| x / 2.0);
            halvings += 1;
        }
        w = moved(&w, &d);
        now = loss(&w);
        if d.iter().map(|x| x.abs()).sum::<f64>() < 1e-9 {
            break;
        }
    }
    w.map(|x| x as f32)
}

/// `h x = g` for a 3x3 `h` (Gaussian elimination with the largest pivot), or
/// `None` when `h` is singular.
fn solve3(mut h: [[f64; 3]; 3], mut g: [f64; 3]) -> Option<[f64; 3]> {
    for c in 0..3 {
        let p = (c..3).max_by(|&a, &b| h[a][c].abs().total_cmp(&h[b][c].abs()))?;
        if h[p][c].abs() < 1e-12 {
            return None;
        }
        h.swap(c, p);
        g.swap(c, p);
        let (pivot, gc) = (h[c], g[c]);
        for (r, row) in h.iter_mut().enumerate() {
            if r != c {
                let f = row[c] / pivot[c];
                for (x, p) in row.iter_mut().zip(pivot).skip(c) {
                    *x -= f * p;
                }
                g[r] -= f * gc;
            }
        }
    }
    Some([g[0] / h[0][0], g[1] / h[1][1], g[2] / h[2][2]])
}

/// The curve as a look table's points (`calibration::LookTable`): read every
/// fortieth from 0.025 to 0.975, never falling (a curve whose parameters bend it
/// back is held level), kept within `floor` of 0 and 1.
pub fn beta_points(w: &Beta, floor: f32) -> Vec<(f32, f32)> {
    let mut top = floor;
    (1..40)
        .map(|i| {
            let c = i as f32 / 40.0;
            top = top.max(beta(w, c).clamp(floor, 1.0 - floor));
            (c, top)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_fit_recovers_the_curve_that_made_the_outcomes() {
        // Outcomes as the curve (a 1.5, b 0.6, k 0.3) says: each chance's share of
        // wins among 400 decisions.
        let made: Beta = [1.5, 0.6, 0.3];
        let (mut chances, mut outcomes) = (Vec::new(), Vec::new());
        for i in 1..40 {
            let c = i as f32 / 40.0;
            let wins = (beta(&made, c) * 400.0).round() as usize;
            for k in 0..400 {
                chances.push(c);
                outcomes.push(if k < wins { 1.0 } else { 0.0 });
            }
        }
        let w = fit_beta(&chances, &outcomes);
        for (got, want) in w.iter().zip(made) {
            assert!((got - want).abs() < 0.03, "{w:?}");
        }
        // [1, 1, 0] is the chance itself.
        assert!((beta(&[1.0, 1.0, 0.0], 0.3) - 0.3).abs() < 1e-5);
        // The points never fall and stay off the ends.
        let points = beta_points(&[-0.5, 2.0, 0.0], 0.03);
        assert!(points.windows(2).all(|p| p[0].1 <= p[1].1));
        assert!(points.iter().all(|p| (0.03..=0.97).contains(&p.1)));
    }

    #[test]
    fn a_fit_stays_finite_where_the_chances_sit_at_the_ends() {
        let (mut chances, mut outcomes) = (Vec::new(), Vec::new());
        for k in 0..400 {
            chances.extend([0.0, 1.0]);
            outcomes.extend([(k % 4 == 0) as u8 as f32, (k % 4 != 0) as u8 as f32]);
        }
        let w = fit_beta(&chances, &outcomes);
        assert!(w.iter().all(|x| x.is_finite()), "{w:?}");
        assert!((beta(&w, 1.0) - 0.75).abs() < 0.02, "{w:?}");
        assert!((beta(&w, 0.0) - 0.25).abs() < 0.02, "{w:?}");
    }
}
