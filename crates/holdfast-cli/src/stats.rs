//! The numbers `holdfast match` ends with: a score with its 95% interval, the Elo
//! difference it means, and the sequential probability ratio test (docs/engine.md).

/// The normal distribution's 97.5% point: a 95% interval is the mean ± this many
/// standard errors.
const Z95: f64 = 1.959_964;

/// The SPRT's error rates (false positive and false negative), both 5%.
pub const ALPHA: f64 = 0.05;
pub const BETA: f64 = 0.05;

/// Wins, draws and losses of one side.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Wdl {
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
}

impl Wdl {
    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// The score a game: wins 1, draws a half; 0 with no games.
    pub fn score(&self) -> f64 {
        let n = self.games();
        if n == 0 {
            return 0.0;
        }
        (self.wins as f64 + self.draws as f64 / 2.0) / n as f64
    }

    /// The variance of one game's score about the mean (0 with fewer than two games).
    fn variance(&self) -> f64 {
        let n = self.games() as f64;
        if n < 2.0 {
            return 0.0;
        }
        let m = self.score();
        let (w, d, l) = (self.wins as f64, self.draws as f64, self.losses as f64);
        (w * (1.0 - m).powi(2) + d * (0.5 - m).powi(2) + l * m.powi(2)) / (n - 1.0)
    }

    /// The score's 95% interval (normal approximation), within 0 and 1.
    pub fn interval(&self) -> (f64, f64) {
        let n = self.games().max(1) as f64;
        let half = Z95 * (self.variance() / n).sqrt();
        let m = self.score();
        ((m - half).max(0.0), (m + half).min(1.0))
    }

    /// The SPRT's log-likelihood ratio of "the Elo difference is `elo1`" against "it
    /// is `elo0`", by the normal approximation of the generalised SPRT: n (s1 − s0)
    /// (2 x̄ − s0 − s1) / (2 σ²), where s0, s1 are the scores the Elo differences
    /// mean, x̄ the mean score and σ² the variance of a game's score. The variance
    /// counts half a win, half a draw and half a loss more than were played, so that
    /// a run of equal results (no spread yet) does not divide by zero.
    pub fn llr(&self, elo0: f64, elo1: f64) -> f64 {
        let n = self.games() as f64;
        if n == 0.0 {
            return 0.0;
        }
        let (s0, s1) = (expected(elo0), expected(elo1));
        let m = self.score();
        let (w, d, l) = (
            self.wins as f64 + 0.5,
            self.draws as f64 + 0.5,
            self.losses as f64 + 0.5,
        );
        let (t, mr) = (w + d + l, (w + d / 2.0) / (w + d + l));
        let var = (w * (1.0 - mr).powi(2) + d * (0.5 - mr).powi(2) + l * mr.powi(2)) / t;
        n * (s1 - s0) * (2.0 * m - s0 - s1) / (2.0 * var)
    }
}

/// The score a side `elo` stronger expects: 1 / (1 + 10^(−elo/400)).
pub fn expected(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// The Elo difference a score means (`None` at 0 or 1: without bound).
pub fn elo(score: f64) -> Option<f64> {
    // Adding 0 makes -0 a plain 0.
    (score > 0.0 && score < 1.0).then(|| -400.0 * (1.0 / score - 1.0).log10() + 0.0)
}

/// The SPRT's bounds: accept `elo1` at or above the upper, `elo0` at or below the
/// lower.
pub fn sprt_bounds() -> (f64, f64) {
    ((BETA / (1.0 - ALPHA)).ln(), ((1.0 - BETA) / ALPHA).ln())
}

/// An Elo figure for text: signed, one decimal, or ±inf.
pub fn elo_text(e: Option<f64>, score: f64) -> String {
    match e {
        Some(e) => format!("{e:+.1}"),
        None if score >= 1.0 => "+inf".into(),
        None => "-inf".into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scores_intervals_and_elo_agree_with_hand_sums() {
        let even = Wdl {
            wins: 10,
            draws: 0,
            losses: 10,
        };
        assert_eq!(even.score(), 0.5);
        assert_eq!(elo(0.5), Some(0.0));
        let (lo, hi) = even.interval();
        // sd of a game 0.5·sqrt(20/19), over sqrt(20).
        let half = Z95 * (0.25f64 * 20.0 / 19.0 / 20.0).sqrt();
        assert!((lo - (0.5 - half)).abs() < 1e-9 && (hi - (0.5 + half)).abs() < 1e-9);
        assert!((elo(0.75).unwrap() - 190.85).abs() < 0.01);
        assert_eq!(elo(1.0), None);
        assert!((expected(190.85) - 0.75).abs() < 1e-4);
        let draws = Wdl {
            wins: 0,
            draws: 4,
            losses: 0,
        };
        assert_eq!(draws.interval(), (0.5, 0.5));
    }

    #[test]
    fn the_llr_grows_with_wins_and_falls_with_losses() {
        let (lo, hi) = sprt_bounds();
        assert!((hi - 2.944).abs() < 1e-3 && (lo + 2.944).abs() < 1e-3);
        let winning = Wdl {
            wins: 60,
            draws: 20,
            losses: 20,
        };
        let losing = Wdl {
            wins: 20,
            draws: 20,
            losses: 60,
        };
        assert!(winning.llr(0.0, 20.0) > hi);
        assert!(losing.llr(0.0, 20.0) < lo);
        assert_eq!(Wdl::default().llr(0.0, 20.0), 0.0);
        assert!(Wdl {
            wins: 5,
            ..Wdl::default()
        }
        .llr(0.0, 20.0)
        .is_finite());
    }
}
