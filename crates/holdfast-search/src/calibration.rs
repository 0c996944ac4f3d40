//! The search's value against a chance of winning. A search's value at the root
//! (the mean reward of its preferred action, [`crate::Seen::best_value`]) orders a
//! position's actions, but is not a probability: the estimate's squash and, in
//! Fortress, the margin term bend it. `holdfast calibrate GAME --fit` measures how
//! far, and fits a logistic curve from the value to how often the mover went on to
//! win ([`fit`], [`curve`]); README, "Calibration", has the tables. No curve is
//! shipped: on the value alone none brings every tenth within 10 points.

/// The logit of `p`, kept finite (p clamped to `[0.001, 0.999]`).
pub fn logit(p: f32) -> f32 {
    let p = p.clamp(0.001, 0.999);
    (p / (1.0 - p)).ln()
}

/// The logistic curve `(a, b)` at `value`.
pub fn curve(a: f32, b: f32, value: f32) -> f32 {
    1.0 / (1.0 + (-(a * logit(value) + b)).exp())
}

/// The curve `(a, b)` that best predicts `outcomes` (1 a win, 0.5 a draw, 0 a
/// loss for the mover) from `values` (the search's, at each decision), by the
/// least cross-entropy (Newton's method on the two parameters).
pub fn fit(values: &[f32], outcomes: &[f32]) -> (f32, f32) {
    let (mut a, mut b) = (1.0f64, 0.0f64);
    for _ in 0..50 {
        let (mut ga, mut gb, mut haa, mut hab, mut hbb) = (0.0, 0.0, 0.0, 0.0, 0.0);
        for (&v, &y) in values.iter().zip(outcomes) {
            let x = logit(v) as f64;
            let p = 1.0 / (1.0 + (-(a * x + b)).exp());
            let (e, w) = (p - y as f64, (p * (1.0 - p)).max(1e-9));
            ga += e * x;
            gb += e;
            haa += w * x * x;
            hab += w * x;
            hbb += w;
        }
        let det = haa * hbb - hab * hab;
        if det.abs() < 1e-12 {
            break;
        }
        let (da, db) = ((hbb * ga - hab * gb) / det, (haa * gb - hab * ga) / det);
        a -= da;
        b -= db;
        if da.abs() + db.abs() < 1e-9 {
            break;
        }
    }
    (a as f32, b as f32)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_fit_recovers_the_curve_that_made_the_outcomes() {
        // Outcomes drawn as a curve (a 2, b -0.5) says, deterministically: each
        // value's share of wins among 200 decisions.
        let (mut values, mut outcomes) = (Vec::new(), Vec::new());
        for i in 1..20 {
            let v = i as f32 / 20.0;
            let p = curve(2.0, -0.5, v);
            let wins = (p * 200.0).round() as usize;
            for k in 0..200 {
                values.push(v);
                outcomes.push(if k < wins { 1.0 } else { 0.0 });
            }
        }
        let (a, b) = fit(&values, &outcomes);
        assert!((a - 2.0).abs() < 0.02 && (b + 0.5).abs() < 0.02, "{a} {b}");
        // The curve (1, 0) is the value itself, kept inside (0, 1).
        assert!((curve(1.0, 0.0, 0.3) - 0.3).abs() < 1e-5);
        assert!(curve(1.0, 0.0, 1.0) < 1.0 && curve(1.0, 0.0, 0.0) > 0.0);
    }
}
