//! The engine benchmark page (`#bench`): the same random playouts as `holdfast bench`,
//! run by the release build in a Web Worker, a row a variant as results arrive, with a
//! progress bar, and the figures as JSON for scripts (`scripts/bench.sh`).

use holdfast_rules::geometry::Fixed;
use std::cell::{Cell, RefCell};
use std::rc::Rc;

use web_sys::HtmlInputElement;
use yew::prelude::*;

use crate::bench_worker::{BenchReport, BenchRequest, MAX_SECONDS};
use crate::i18n::{t, tf};
use crate::think::{ThinkReport, ThinkRequest};
use crate::worker::{Answer, Job, TIMED};

/// The workers the strongest player's speed-up is measured on.
const SPREAD: [usize; 3] = [1, 2, 4];
/// Seconds each of those searches runs.
const SPREAD_SECONDS: f64 = 1.0;
use crate::worker_link::WorkerLink;

/// A game's name as people say it, from its record id.
fn title(id: &str) -> String {
    holdfast_rules::catalogue::entries()
        .into_iter()
        .find(|e| e.id == id)
        .map(|e| t(e.title).to_string())
        .unwrap_or_else(|| id.to_string())
}

/// The benchmark page.
#[function_component(BenchPage)]
pub fn bench_page() -> Html {
    let reports = use_state(Vec::<BenchReport>::new);
    let running = use_state(|| false);
    let seconds = use_state(|| 1.0f64);
    let bridge = use_mut_ref(|| None::<WorkerLink>);
    // Reports arrive one at a time; a shared list keeps every one of them.
    let arrived = use_mut_ref(Vec::<BenchReport>::new);
    // Leaving the page drops the worker: it is ended at once, mid-variant.
    {
        let bridge = bridge.clone();
        use_effect_with((), move |_| move || drop(bridge.borrow_mut().take()));
    }
    let run = {
        let (reports, running, seconds, bridge, arrived) = (
            reports.clone(),
            running.clone(),
            seconds.clone(),
            bridge.clone(),
            arrived.clone(),
        );
        Callback::from(move |_: MouseEvent| {
            arrived.borrow_mut().clear();
            reports.set(Vec::new());
            running.set(true);
            let (reports, running, arrived): (_, _, Rc<RefCell<Vec<BenchReport>>>) =
                (reports.clone(), running.clone(), arrived.clone());
            let secs = *seconds;
            let next = bridge.clone();
            let stopped = running.clone();
            let Some(worker) = WorkerLink::start(move |a: Answer| {
                let Answer::Bench(r) = a else { return };
                let (done, total) = (r.done, r.total);
                arrived.borrow_mut().push(r);
                reports.set(arrived.borrow().clone());
                if done >= total {
                    running.set(false);
                } else if let Some(w) = next.borrow().as_ref() {
                    w.send(&Job::Bench(BenchRequest {
                        index: done,
                        seconds: secs,
                    }));
                }
            }) else {
                stopped.set(false);
                return;
            };
            worker.send(&Job::Bench(BenchRequest {
                index: 0,
                seconds: secs,
            }));
            *bridge.borrow_mut() = Some(worker);
        })
    };
    let on_seconds = {
        let seconds = seconds.clone();
        Callback::from(move |e: InputEvent| {
            // The browser reads the number (NaN when it is not one): parsing it here
            // would bring the standard library's float parser into the app (about
            // 15 KB gzipped, its tables) for this one field.
            let s = e
                .target_unchecked_into::<HtmlInputElement>()
                .value_as_number();
            if s > 0.0 && s <= MAX_SECONDS {
                seconds.set(s);
            }
        })
    };
    let total = reports.first().map(|r| r.total).unwrap_or(0);
    let done = reports.len();
    let finished = total > 0 && done == total;
    let json = serde_json::json!({
        "bench": reports.iter().map(|r| serde_json::json!({
            "game": r.game,
            "variant": r.variant,
            "playouts_per_s": (r.playouts_per_s() * 10.0).round() / 10.0,
            "actions_per_s": r.actions_per_s().round(),
            "legal_us": (r.legal_us * 10.0).round() / 10.0,
            "check_us": (r.check_us * 1000.0).round() / 1000.0,
        })).collect::<Vec<_>>()
    })
    .to_string();
    html! {
        <article class="bench">
            <h1>{ t("Engine benchmark") }</h1>
            <p>{ t("Random games of every game and variant, played by the same rules engine as the command line's holdfast bench, here in this browser, in a background worker: the page stays responsive while it runs.") }</p>
            <div class="row wrap">
                <label class="field">
                    <span>{ t("Seconds a variant") }</span>
                    <input type="number" min="0.1" max={MAX_SECONDS.to_string()} step="0.1" value={seconds.to_string()}
                        oninput={on_seconds} data-field="bench-seconds" disabled={*running} />
                </label>
                <button class="primary" data-action="run-bench" onclick={run} disabled={*running}>
                    { if *running { t("Running\u{2026}") } else { t("Run the benchmark") } }
                </button>
            </div>
            if *running || finished {
                <progress max={total.max(1).to_string()} value={done.to_string()} aria-label={t("Variants measured")}>{ tf("{} of {}", &[&done, &total]) }</progress>
            }
            if !reports.is_empty() {
                <table class="bench-table">
                    <thead><tr><th scope="col">{ t("Game") }</th><th scope="col">{ t("Variant") }</th><th scope="col" class="num">{ t("Games/s") }</th><th scope="col" class="num">{ t("Actions/s") }</th><th scope="col" class="num">{ t("Listing (µs)") }</th></tr></thead>
                    <tbody>
                    { for reports.iter().map(|r| html! {
                        <tr data-bench-row={format!("{} {}", r.game, r.variant)}>
                            <td>{ title(&r.game) }</td>
                            <td>{ r.variant.clone() }</td>
                            <td class="num">{ format!("{}", Fixed::new(r.playouts_per_s(), 0)) }</td>
                            <td class="num" data-actions-per-s={format!("{}", Fixed::new(r.actions_per_s(), 0))}>{ format!("{}", Fixed::new(r.actions_per_s(), 0)) }</td>
                            <td class="num" title={t("Listing the legal actions, on average")}>{ format!("{}", Fixed::new(r.legal_us, 1)) }</td>
                        </tr>
                    }) }
                    </tbody>
                </table>
            }
            if finished {
                <pre class="bench-json" data-bench-json="">{ json }</pre>
            }
            <ThinkTimes />
            <SpreadTimes />
        </article>
    }
}

/// One computer move timed in the browser.
#[derive(Clone, Debug, PartialEq)]
struct ThinkTime {
    label: String,
    ms: f64,
    iterations: u32,
    /// The action chosen, or why there is none.
    answer: String,
}

/// Level 5's move timed in the worker, on each game's largest board part-way through
/// a game (`think::samples`), from the question to the answer; a first, untimed
/// question loads the worker.
#[function_component(ThinkTimes)]
fn think_times() -> Html {
    let rows = use_state(Vec::<ThinkTime>::new);
    let running = use_state(|| false);
    let bridge = use_mut_ref(|| None::<WorkerLink>);
    {
        let bridge = bridge.clone();
        use_effect_with((), move |_| move || drop(bridge.borrow_mut().take()));
    }
    let budget = use_state(|| 0.0f64);
    let run = {
        let (rows, running, bridge, budget) = (
            rows.clone(),
            running.clone(),
            bridge.clone(),
            budget.clone(),
        );
        Callback::from(move |_: MouseEvent| {
            rows.set(Vec::new());
            running.set(true);
            let arrived = Rc::new(RefCell::new(Vec::<ThinkTime>::new()));
            // The answer awaited: None for the warm-up, else the sample's index.
            let (waiting, started) = (Rc::new(Cell::new(None::<usize>)), Rc::new(Cell::new(0.0)));
            let (rows, running, next, budget) = (
                rows.clone(),
                running.clone(),
                bridge.clone(),
                budget.clone(),
            );
            let stopped = running.clone();
            let Some(worker) = WorkerLink::start(move |a: Answer| {
                let now = js_sys::Date::now();
                let i = match (waiting.get(), a) {
                    (None, Answer::Think(_)) => 0,
                    (Some(i), Answer::Sample(Some((label, b, report)))) => {
                        let (answer, iterations) = match report {
                            ThinkReport::Done {
                                action, iterations, ..
                            } => (action.unwrap_or_else(|| "none".into()), iterations),
                            ThinkReport::Failed(why) => (why, 0),
                            ThinkReport::Progress { .. } => return,
                        };
                        budget.set(b);
                        arrived.borrow_mut().push(ThinkTime {
                            label,
                            ms: now - started.get(),
                            iterations,
                            answer,
                        });
                        rows.set(arrived.borrow().clone());
                        i + 1
                    }
                    // Past the last sample (or anything else): done.
                    _ => {
                        running.set(false);
                        return;
                    }
                };
                waiting.set(Some(i));
                started.set(js_sys::Date::now());
                if let Some(w) = next.borrow().as_ref() {
                    w.send(&Job::Sample(i));
                }
            }) else {
                stopped.set(false);
                return;
            };
            // The warm-up, untimed: loading the worker, and a quick answer.
            worker.send(&Job::Think(ThinkRequest {
                record: r#"{"game": "fortress"}"#.into(),
                actions: vec![],
                player: "random".into(),
                seed: 1,
            }));
            *bridge.borrow_mut() = Some(worker);
        })
    };
    let budget = *budget;
    let finished = !*running && !rows.is_empty();
    let json = serde_json::json!({
        "think": rows.iter().map(|r| serde_json::json!({
            "position": r.label,
            "player": TIMED,
            "ms": r.ms.round(),
            "iterations": r.iterations,
            "budget_ms": budget.round(),
        })).collect::<Vec<_>>()
    })
    .to_string();
    html! {
        <section class="think-times">
            <h2>{ t("The computer's thinking") }</h2>
            <p>{ t("Level 5 thinks once on each game's largest board part-way through a game, in the same worker as in play. It has a time budget a move; on a slower device it searches less within it.") }
                if budget > 0.0 { { " " }{ tf("Budget: {} ms.", &[&format!("{budget_f}", budget_f = Fixed::new(budget, 0))]) } }
            </p>
            <button class="primary" data-action="think-bench" onclick={run} disabled={*running}>
                { if *running { t("Thinking\u{2026}") } else { t("Time level 5") } }
            </button>
            if !rows.is_empty() {
                <table class="bench-table">
                    <thead><tr><th scope="col">{ t("Position") }</th><th scope="col" class="num">{ t("ms") }</th><th scope="col" class="num">{ t("Tries") }</th><th scope="col">{ t("Move") }</th></tr></thead>
                    <tbody>
                    { for rows.iter().map(|r| html! {
                        <tr data-think-row={r.label.clone()}>
                            <td>{ r.label.clone() }</td>
                            <td class="num">{ format!("{}", Fixed::new(r.ms, 0)) }</td>
                            <td class="num">{ r.iterations }</td>
                            <td>{ r.answer.clone() }</td>
                        </tr>
                    }) }
                    </tbody>
                </table>
            }
            if finished {
                <pre class="bench-json" data-think-json="">{ json }</pre>
            }
        </section>
    }
}

/// One position searched by some workers at once for [`SPREAD_SECONDS`].
#[derive(Clone, Debug, PartialEq)]
struct SpreadRow {
    label: String,
    workers: usize,
    /// Iterations over all the workers.
    iterations: u64,
}

/// A speed-up measurement under way: the workers of the current run, which run it
/// is (a sample position and a number of workers, in turn), what they answered.
#[derive(Default)]
struct Spread {
    links: Vec<WorkerLink>,
    run: usize,
    answers: Vec<(String, u32)>,
    rows: Vec<SpreadRow>,
}

/// Starts the run `spread.run`: [`SPREAD`]'s workers in turn on each sample
/// position; `show` gets the rows so far after each, `None` once all are done.
fn spread_run(spread: &Rc<RefCell<Spread>>, show: Callback<Option<Vec<SpreadRow>>>) {
    let (index, workers) = {
        let s = spread.borrow();
        (s.run / SPREAD.len(), SPREAD[s.run % SPREAD.len()])
    };
    let mut links = Vec::new();
    for _ in 0..workers {
        let weak = Rc::downgrade(spread);
        let show = show.clone();
        let link = WorkerLink::start(move |a: Answer| {
            let Answer::Spread(answer) = a else { return };
            let Some(st) = weak.upgrade() else { return };
            let next = {
                let mut s = st.borrow_mut();
                match answer {
                    None => {
                        s.links.clear();
                        show.emit(None);
                        return;
                    }
                    Some(a) => s.answers.push(a),
                }
                if s.answers.len() < s.links.len() {
                    return;
                }
                let answers = std::mem::take(&mut s.answers);
                let row = SpreadRow {
                    label: answers[0].0.clone(),
                    workers: answers.len(),
                    iterations: answers.iter().map(|a| a.1 as u64).sum(),
                };
                s.rows.push(row);
                s.run += 1;
                s.links.clear();
                s.rows.clone()
            };
            show.emit(Some(next));
            spread_run(&st, show.clone());
        });
        if let Some(l) = &link {
            l.send(&Job::Spread(index, SPREAD_SECONDS));
        }
        links.extend(link);
    }
    if links.is_empty() {
        show.emit(None);
    }
    spread.borrow_mut().links = links;
}

/// The strongest player's searches side by side: each sample position searched by
/// 1, 2 and 4 workers at once for a second, their iterations added up, and the
/// speed-up over one worker.
#[function_component(SpreadTimes)]
fn spread_times() -> Html {
    let rows = use_state(Vec::<SpreadRow>::new);
    let running = use_state(|| false);
    let spread = use_mut_ref(|| None::<Rc<RefCell<Spread>>>);
    {
        let spread = spread.clone();
        use_effect_with((), move |_| move || drop(spread.borrow_mut().take()));
    }
    let run = {
        let (rows, running, spread) = (rows.clone(), running.clone(), spread.clone());
        Callback::from(move |_: MouseEvent| {
            rows.set(Vec::new());
            running.set(true);
            let (rows, running) = (rows.clone(), running.clone());
            let show = Callback::from(move |r: Option<Vec<SpreadRow>>| match r {
                Some(r) => rows.set(r),
                None => running.set(false),
            });
            let st = Rc::new(RefCell::new(Spread::default()));
            *spread.borrow_mut() = Some(st.clone());
            spread_run(&st, show);
        })
    };
    let finished = !*running && !rows.is_empty();
    // Each row's speed-up over the same position searched by one worker.
    let speedup = |r: &SpreadRow| {
        rows.iter()
            .find(|o| o.label == r.label && o.workers == 1)
            .map_or(0.0, |o| r.iterations as f64 / o.iterations.max(1) as f64)
    };
    let json = serde_json::json!({
        "spread": rows.iter().map(|r| serde_json::json!({
            "position": r.label,
            "workers": r.workers,
            "iterations": r.iterations,
            "seconds": SPREAD_SECONDS,
            "speedup": (speedup(r) * 100.0).round() / 100.0,
        })).collect::<Vec<_>>()
    })
    .to_string();
    html! {
        <section class="think-times">
            <h2>{ t("The strongest, on several cores") }</h2>
            <p>{ t("The strongest computer searches in one worker a core. Here each position is searched by 1, 2 and 4 workers at once for a second, and their tries are added up: on a device with fewer cores than workers, they share them.") }
                { " " }{ tf("Cores this device reports: {}.", &[&web_sys::window().map_or(1, |w| w.navigator().hardware_concurrency() as usize)]) }
            </p>
            <button class="primary" data-action="spread-bench" onclick={run} disabled={*running}>
                { if *running { t("Thinking\u{2026}") } else { t("Time the strongest") } }
            </button>
            if !rows.is_empty() {
                <table class="bench-table">
                    <thead><tr><th scope="col">{ t("Position") }</th><th scope="col" class="num">{ t("Workers") }</th><th scope="col" class="num">{ t("Tries") }</th><th scope="col" class="num">{ t("Speed-up") }</th></tr></thead>
                    <tbody>
                    { for rows.iter().map(|r| html! {
                        <tr data-spread-row={format!("{} {}", r.label, r.workers)}>
                            <td>{ r.label.clone() }</td>
                            <td class="num">{ r.workers }</td>
                            <td class="num">{ r.iterations }</td>
                            <td class="num">{ format!("{}", Fixed::new(speedup(r), 2)) }</td>
                        </tr>
                    }) }
                    </tbody>
                </table>
            }
            if finished {
                <pre class="bench-json" data-spread-json="">{ json }</pre>
            }
        </section>
    }
}
