//! The engine benchmark as a Web Worker: the same random playouts as `holdfast bench`,
//! every game and variant of the rules catalogue, one report a variant as it finishes,
//! so the page stays responsive and can show progress.

use gloo::worker::{HandlerId, Worker, WorkerScope};
use holdfast_rules::playout::bench_all;
use serde::{Deserialize, Serialize};

/// What the page asks: every variant, for this long each.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct BenchRequest {
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

/// Seconds on the worker's clock.
fn now() -> f64 {
    js_sys::Date::now() / 1000.0
}

/// Runs every variant of every game, calling `report` after each (the playouts are
/// the rules crate's own, compiled there for speed).
pub fn run_all(seconds: f64, clock: &dyn Fn() -> f64, report: &mut dyn FnMut(BenchReport)) {
    let seconds = if seconds.is_finite() {
        seconds.clamp(0.01, MAX_SECONDS)
    } else {
        1.0
    };
    // A short pass first, unreported: the browser compiles hot wasm code again with
    // its optimising tier after a while, which would otherwise count against the first
    // variants.
    bench_all(None, (seconds / 10.0).min(0.05), clock, &mut |_| {});
    bench_all(None, seconds, clock, &mut |r| {
        report(BenchReport {
            game: r.game.to_string(),
            variant: r.variant,
            done: r.done,
            total: r.total,
            playouts: r.playouts,
            actions: r.actions,
            seconds: r.seconds,
        })
    });
}

/// The worker: each request runs the whole benchmark and answers once a variant.
pub struct BenchWorker;

impl Worker for BenchWorker {
    type Message = ();
    type Input = BenchRequest;
    type Output = BenchReport;

    fn create(_scope: &WorkerScope<Self>) -> Self {
        BenchWorker
    }

    fn update(&mut self, _scope: &WorkerScope<Self>, _msg: ()) {}

    fn received(&mut self, scope: &WorkerScope<Self>, msg: BenchRequest, id: HandlerId) {
        run_all(msg.seconds, &now, &mut |r| scope.respond(id, r));
    }
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
        run_all(0.001, &clock, &mut |r| reports.push(r));
        assert!(!reports.is_empty());
        for (i, r) in reports.iter().enumerate() {
            assert_eq!(r.done, i + 1);
            assert_eq!(r.total, reports.len());
            assert!(r.playouts > 0 && r.actions > 0, "{r:?}");
        }
    }
}
