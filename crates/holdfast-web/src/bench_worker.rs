//! The engine benchmark, for the app's Web Worker (`crate::worker`): the same random
//! playouts as `holdfast bench`, every game and variant of the rules catalogue, one
//! report a variant as it finishes, so the page stays responsive and can show progress.

use holdfast_rules::bench::{bench_all, bench_variant, BenchResult};
use serde::{Deserialize, Serialize};

/// What the page asks: one variant (by its place in the catalogue's order, from 0),
/// for this long. The page asks for the next when a report arrives, so leaving the
/// page stops the run after at most one variant.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct BenchRequest {
    pub index: usize,
    pub seconds: f64,
}

/// One variant measured.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct BenchReport {
    pub game: String,
    pub variant: String,
    /// This report's place among all of them, from 1, and their number.
    pub done: usize,
    pub total: usize,
    pub playouts: u64,
    pub actions: u64,
    pub seconds: f64,
    /// Listing the legal actions of positions met in play: mean and largest, in µs.
    pub legal_us: f64,
    pub legal_max_us: f64,
    /// Testing one action, mean in µs.
    pub check_us: f64,
}

impl BenchReport {
    pub fn playouts_per_s(&self) -> f64 {
        self.playouts as f64 / self.seconds.max(1e-9)
    }

    pub fn actions_per_s(&self) -> f64 {
        self.actions as f64 / self.seconds.max(1e-9)
    }
}

/// The longest the page may ask for a variant.
pub const MAX_SECONDS: f64 = 60.0;

fn clamp_seconds(seconds: f64) -> f64 {
    if seconds.is_finite() {
        seconds.clamp(0.01, MAX_SECONDS)
    } else {
        1.0
    }
}

fn report_of(r: BenchResult) -> BenchReport {
    BenchReport {
        game: r.game.to_string(),
        variant: r.variant,
        done: r.done,
        total: r.total,
        playouts: r.playouts,
        actions: r.actions,
        seconds: r.seconds,
        legal_us: r.legal_us,
        legal_max_us: r.legal_max_us,
        check_us: r.check_us,
    }
}

/// Measures one variant (`None` past the last). Before the first, a short unreported
/// pass over every variant: the browser compiles hot wasm code again with its
/// optimising tier after a while, which would otherwise count against the first ones.
pub fn run_one(index: usize, seconds: f64, clock: &dyn Fn() -> f64) -> Option<BenchReport> {
    let seconds = clamp_seconds(seconds);
    if index == 0 {
        bench_all(None, (seconds / 10.0).min(0.05), clock, &mut |_| {});
    }
    bench_variant(index, seconds, clock).map(report_of)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_variant_reports_once_in_order() {
        let t = std::cell::Cell::new(0.0);
        // A clock that moves 1 ms a reading: each variant stops after its first games.
        let clock = || {
            t.set(t.get() + 0.001);
            t.get()
        };
        let mut reports = Vec::new();
        while let Some(r) = run_one(reports.len(), 0.001, &clock) {
            reports.push(r);
        }
        assert!(!reports.is_empty());
        for (i, r) in reports.iter().enumerate() {
            assert_eq!(r.done, i + 1);
            assert_eq!(r.total, reports.len());
            assert!(r.playouts > 0 && r.actions > 0, "{r:?}");
        }
    }
}
