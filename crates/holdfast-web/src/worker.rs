//! The app's one Web Worker: the engine benchmark ([`crate::bench_worker`]) and a
//! computer seat's thinking ([`crate::think`]), each asked for by its own kind of
//! job. The worker knows no game: it passes each job to the module that does it.

use serde::{Deserialize, Serialize};

use crate::analyse::{analyse, AnalyseReport, AnalyseRequest};
use crate::balance_worker::{
    find, measure, BalanceReport, BalanceRequest, FindReport, FindRequest,
};
use crate::bench_worker::{run_one, BenchReport, BenchRequest};
use crate::think::{samples, think, ThinkReport, ThinkRequest};

/// The worker script Trunk builds beside the app (`data-bin="worker"`).
pub const WORKER: &str = "./worker.js";

/// What the page asks the worker.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Job {
    Bench(BenchRequest),
    Think(ThinkRequest),
    /// Look back over a game with the engine, position by position.
    Analyse(AnalyseRequest),
    /// Time [`TIMED`] on the sample position at this index (`think::samples`, made
    /// here so that the page's own code stays small).
    Sample(usize),
    /// Search the sample position at this index as one of the strongest player's
    /// workers for this many seconds, and say how many iterations it ran: the
    /// benchmark page runs 1, 2 and 4 at once to measure the parallel speed-up.
    Spread(usize, f64),
    /// Measure a map's fairness: games between equal computer players.
    Balance(BalanceRequest),
    /// Look for a generated map that measures fair.
    Find(FindRequest),
}

/// What the worker answers.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Answer {
    Bench(BenchReport),
    Think(ThinkReport),
    Analyse(AnalyseReport),
    /// A sample's move: where, the player's time budget, and the answer (`None`: no
    /// sample at that index).
    Sample(Option<(String, f64, ThinkReport)>),
    /// A [`Job::Spread`]'s search: where, and its iterations (`None`: no sample at
    /// that index).
    Spread(Option<(String, u32)>),
    /// A [`Job::Balance`]'s figures after each game.
    Balance(BalanceReport),
    /// A [`Job::Find`]'s seeds, one by one.
    Find(FindReport),
}

/// The one kind of job the app's page sends, written as [`Job::Think`] is (the
/// page need not carry the code to write the others).
#[derive(Serialize)]
pub enum ThinkJob<'a> {
    Think(&'a ThinkRequest),
}

/// The one kind of answer the app's page reads, read as [`Answer::Think`] is.
#[derive(Deserialize)]
pub enum ThinkAnswer {
    Think(ThinkReport),
}

/// The one kind of job the page's analysis sends, written as [`Job::Analyse`] is.
#[derive(Serialize)]
pub enum AnalyseJob<'a> {
    Analyse(&'a AnalyseRequest),
}

/// The one kind of answer the page's analysis reads, read as [`Answer::Analyse`] is.
#[derive(Deserialize)]
pub enum AnalyseAnswer {
    Analyse(AnalyseReport),
}

/// The player the benchmark page's "Time level 5" times.
pub const TIMED: &str = "level5";

/// Actions into a game where the samples are taken.
pub const SAMPLE_AT: usize = 120;

/// The shortest time between two progress reports of a search, in seconds: often
/// enough for the seat's panel to count, rarely enough not to keep the page busy.
pub const PROGRESS_EVERY: f64 = 0.1;

/// Seconds on the worker's clock: `performance.now()` (finer than `Date.now()`'s
/// milliseconds, though browsers still coarsen it).
pub fn now() -> f64 {
    use wasm_bindgen::JsCast;
    js_sys::Reflect::get(&js_sys::global(), &"performance".into())
        .ok()
        .and_then(|p| p.dyn_into::<web_sys::Performance>().ok())
        .map(|p| p.now() / 1000.0)
        .unwrap_or_else(|| js_sys::Date::now() / 1000.0)
}

/// Runs one job, sending its answers (a search's progress at most every
/// [`PROGRESS_EVERY`] seconds, then its action) to `answer`.
pub fn run(job: &Job, clock: &dyn Fn() -> f64, answer: &mut dyn FnMut(Answer)) {
    match job {
        Job::Bench(req) => {
            if let Some(report) = run_one(req.index, req.seconds, clock) {
                answer(Answer::Bench(report));
            }
        }
        Job::Sample(index) => {
            let budget = match TIMED.parse::<holdfast_search::Player>() {
                Ok(holdfast_search::Player::Level(l)) => l.spec("").seconds * 1000.0,
                _ => 0.0,
            };
            let sample = samples(TIMED, SAMPLE_AT).into_iter().nth(*index);
            let out = sample.map(|s| (s.label, budget, think(&s.request, clock, &mut |_| {})));
            answer(Answer::Sample(out));
        }
        Job::Spread(index, seconds) => {
            let sample = samples("strongest", SAMPLE_AT).into_iter().nth(*index);
            let budget = holdfast_search::Budget {
                iterations: u32::MAX,
                seconds: Some(seconds.clamp(0.01, 60.0)),
            };
            let out = sample.map(|s| {
                let done = crate::think::think_for(&s.request, Some(budget), clock, &mut |_| {});
                let iterations = match done {
                    ThinkReport::Done { iterations, .. } => iterations,
                    _ => 0,
                };
                (s.label, iterations)
            });
            answer(Answer::Spread(out));
        }
        Job::Balance(req) => measure(req, &mut |r| answer(Answer::Balance(r))),
        Job::Find(req) => find(req, &mut |r| answer(Answer::Find(r))),
        Job::Analyse(req) => {
            let done = analyse(req, clock, &mut |r| answer(Answer::Analyse(r)));
            answer(Answer::Analyse(done));
        }
        Job::Think(req) => {
            let mut last = f64::NEG_INFINITY;
            let done = think(req, clock, &mut |r| {
                let t = clock();
                if t - last >= PROGRESS_EVERY {
                    last = t;
                    answer(Answer::Think(r));
                }
            });
            answer(Answer::Think(done));
        }
    }
}

/// The worker's side (`src/bin/worker.rs` calls it): each job, a JSON text, runs to
/// its end, answering as it goes (JSON text too). It says it is ready (`null`)
/// once it listens. The page ends a worker whose search it no longer wants
/// ([`crate::worker_link`]), mid-search.
pub fn serve() {
    use wasm_bindgen::closure::Closure;
    use wasm_bindgen::{JsCast, JsValue};
    let scope: web_sys::DedicatedWorkerGlobalScope = js_sys::global().unchecked_into();
    let reply = scope.clone();
    let on_message =
        Closure::<dyn FnMut(web_sys::MessageEvent)>::new(move |e: web_sys::MessageEvent| {
            let Some(job) = e
                .data()
                .as_string()
                .and_then(|text| serde_json::from_str::<Job>(&text).ok())
            else {
                return;
            };
            run(&job, &now, &mut |a| {
                if let Ok(text) = serde_json::to_string(&a) {
                    let _ = reply.post_message(&JsValue::from_str(&text));
                }
            });
        });
    scope.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    // Listening for the app's lifetime.
    on_message.forget();
    let _ = scope.post_message(&JsValue::NULL);
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A search's progress comes at most every PROGRESS_EVERY seconds, and its last
    /// answer is the action.
    /// The page's narrow job and answer types are written and read as the
    /// worker's own are.
    #[test]
    fn the_pages_think_messages_match_the_workers() {
        let request = ThinkRequest {
            record: "{}".into(),
            actions: vec!["a1".into()],
            player: "level2".into(),
            seed: u64::MAX,
        };
        let narrow = serde_json::to_string(&ThinkJob::Think(&request)).unwrap();
        assert_eq!(
            narrow,
            serde_json::to_string(&Job::Think(request.clone())).unwrap()
        );
        assert_eq!(
            serde_json::from_str::<Job>(&narrow).unwrap(),
            Job::Think(request)
        );
        let done = ThinkReport::Done {
            action: Some("c3".into()),
            iterations: 9,
            votes: "c3 5\nd4 4".into(),
        };
        let text = serde_json::to_string(&Answer::Think(done.clone())).unwrap();
        let ThinkAnswer::Think(read) = serde_json::from_str::<ThinkAnswer>(&text).unwrap();
        assert_eq!(read, done);
        // Another kind of answer is not one the page reads.
        let other = serde_json::to_string(&Answer::Sample(None)).unwrap();
        assert!(serde_json::from_str::<ThinkAnswer>(&other).is_err());
    }

    #[test]
    fn progress_is_thinned_and_the_action_comes_last() {
        let t = std::cell::Cell::new(0.0);
        // A clock that moves 10 ms a reading.
        let clock = || {
            t.set(t.get() + 0.01);
            t.get()
        };
        let record =
            holdfast_rules::Record::new::<holdfast_rules::fortress::Fortress>(&Default::default());
        let job = Job::Think(ThinkRequest {
            record: record.to_json(),
            actions: vec![],
            player: "level1".into(),
            seed: 1,
        });
        let mut answers = Vec::new();
        let mut times = Vec::new();
        run(&job, &clock, &mut |a| {
            times.push(t.get());
            answers.push(a);
        });
        let last = answers.pop();
        assert!(
            matches!(
                last,
                Some(Answer::Think(ThinkReport::Done {
                    action: Some(_),
                    ..
                }))
            ),
            "{last:?}"
        );
        assert!(!answers.is_empty(), "some progress");
        assert!(answers
            .iter()
            .all(|a| matches!(a, Answer::Think(ThinkReport::Progress { .. }))));
        for w in times[..answers.len()].windows(2) {
            assert!(w[1] - w[0] >= PROGRESS_EVERY - 1e-9, "{times:?}");
        }
    }
}
