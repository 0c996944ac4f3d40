//! The runner: the model as the page runs it, applying actions and performing the
//! effects they return in the browser (storage, the address, sounds, the clipboard,
//! downloads, the computer's worker). It is the only code that does what the model
//! asks; `app.rs` draws the state and listens to the page.

use std::cell::RefCell;
use std::rc::Rc;

use gloo::timers::callback::Timeout;
use yew::Callback;

use crate::analyse::{AnalyseReport, AnalyseRequest};
use crate::clock;
use crate::model::{Action, AnalysisMsg, AppState, Effect};
use crate::searching::{Do, Searching};
use crate::storage::{LocalStore, NoStore, Store};
use crate::think::ThinkRequest;
use crate::worker::{AnalyseAnswer, AnalyseJob, ThinkAnswer, ThinkJob};
use crate::worker_link::WorkerLink;
use holdfast_rules::geometry::clamp;

/// How long the analysis's looks are gathered before the model hears them, in ms.
const GATHER_MS: u32 = 200;

/// How long the analysis's worker may stay silent before it is given up, in ms (a
/// position takes well under a second natively; a worker that died never answers).
const ANALYSIS_WATCH_MS: u32 = 60_000;

/// The address bar's fragment, with its `#`.
pub fn fragment() -> String {
    web_sys::window()
        .and_then(|w| w.location().hash().ok())
        .unwrap_or_default()
}

/// Runs `f` on the browser's storage (or on none, where the page has none).
pub fn with_store<T>(f: impl FnOnce(&mut dyn Store) -> T) -> T {
    match LocalStore::open() {
        Some(mut s) => f(&mut s),
        None => f(&mut NoStore),
    }
}

/// The computer's search as the page runs it: the protocol, the workers searching
/// (none, one, or one a core for the strongest player) and the wake-up it asked for.
#[derive(Default)]
pub struct SearchRunner {
    protocol: Searching,
    links: Vec<WorkerLink>,
    wake: Option<Timeout>,
    /// The analysis's own worker (`Effect::Analyse`), beside the computer's.
    analysis: Option<WorkerLink>,
    /// Its watchdog: a worker silent for [`ANALYSIS_WATCH_MS`] is given up.
    analysis_watch: Rc<RefCell<Option<Timeout>>>,
}

/// The device's cores, as the browser tells them (`navigator.hardwareConcurrency`;
/// 1 when it will not say).
fn cores() -> usize {
    web_sys::window().map_or(1, |w| w.navigator().hardware_concurrency() as usize)
}

/// Does what the protocol asks: starts workers on `request` (the job's question,
/// built when the job changed; each worker's seed its own), stops them, tells the
/// model, or sets the wake-up.
fn perform(
    runner: &Rc<RefCell<SearchRunner>>,
    todo: Vec<Do>,
    mut request: Option<ThinkRequest>,
    quick: bool,
    dispatch: &Callback<Action>,
) {
    for step in todo {
        match step {
            Do::Stop => {
                let links = std::mem::take(&mut runner.borrow_mut().links);
                drop(links);
            }
            Do::Start(workers) => {
                for i in 0..workers {
                    let weak = Rc::downgrade(runner);
                    let told = dispatch.clone();
                    let link = WorkerLink::start(move |ThinkAnswer::Think(report)| {
                        let Some(r) = weak.upgrade() else {
                            return;
                        };
                        let todo =
                            r.borrow_mut()
                                .protocol
                                .report(i, report, quick, js_sys::Date::now());
                        perform(&r, todo, None, quick, &told);
                    });
                    if let (Some(link), Some(request)) = (&link, request.as_mut()) {
                        // Each worker seeded apart: the first as one alone.
                        if i > 0 {
                            request.seed = request.seed.wrapping_add(1);
                        }
                        link.send(&ThinkJob::Think(request));
                    }
                    runner.borrow_mut().links.extend(link);
                }
                // A worker the browser refused is not waited for (none started:
                // the watchdog gives the search up).
                let mut r = runner.borrow_mut();
                let started = r.links.len();
                r.protocol.started(started);
            }
            Do::Tell(action) => dispatch.emit(action),
            Do::WakeAt(at) => {
                let ms = clamp(at - js_sys::Date::now(), 0.0, u32::MAX as f64) as u32;
                let weak = Rc::downgrade(runner);
                let told = dispatch.clone();
                let timer = Timeout::new(ms, move || {
                    let Some(r) = weak.upgrade() else { return };
                    let todo = r.borrow_mut().protocol.tick(js_sys::Date::now());
                    perform(&r, todo, None, quick, &told);
                });
                runner.borrow_mut().wake = Some(timer);
            }
        }
    }
}

/// The model as the page runs it (Elm's runtime, in small): each action is applied
/// at the browser's time to a copy that shares every unchanged part, and the
/// effects it asks for are performed at once; what they answer (a write refused)
/// is applied next, in turn, and the page is drawn once they are all done.
pub struct Runtime {
    state: Rc<AppState>,
    queue: std::collections::VecDeque<Action>,
    /// An action is being applied: one dispatched meanwhile waits its turn.
    busy: bool,
    /// What start-up asked for, performed once the page is first drawn.
    started: Vec<Effect>,
    /// The computer's search, as `Effect::Think` asks for it.
    search: Rc<RefCell<SearchRunner>>,
    /// The app's dispatcher, for what the search reports later.
    tell: Callback<Action>,
}

impl Runtime {
    /// The model at start-up, read from storage and the address, in the language
    /// of the stored settings (start-up makes thumbnails, which name cells).
    pub fn start() -> Runtime {
        let settings = with_store(|s| crate::storage::settings(s));
        let settings =
            settings.map_or_else(Default::default, |s| crate::settings::Settings::read(&s));
        crate::i18n::set_lang(settings.spoken_lang());
        let (state, effects) =
            with_store(|s| AppState::start(s, &fragment(), clock::now(), clock::random_bits()));
        Runtime {
            state: Rc::new(state),
            queue: Default::default(),
            busy: false,
            started: effects,
            search: Default::default(),
            tell: Callback::noop(),
        }
    }

    /// The state now.
    pub fn state(&self) -> Rc<AppState> {
        self.state.clone()
    }

    /// The app's dispatcher, for what the search reports later.
    pub fn tell(&mut self, dispatch: &Callback<Action>) {
        self.tell = dispatch.clone();
    }

    /// Performs what start-up asked for (once the page is first drawn, before the
    /// address is first set).
    pub fn perform_started(runtime: &Rc<RefCell<Runtime>>, dispatch: &Callback<Action>) {
        let (state, effects, search) = {
            let mut r = runtime.borrow_mut();
            (
                r.state.clone(),
                std::mem::take(&mut r.started),
                r.search.clone(),
            )
        };
        for effect in effects {
            for action in perform_effect(&state, &effect, &search, dispatch) {
                dispatch.emit(action);
            }
        }
    }

    pub fn run(runtime: &Rc<RefCell<Runtime>>, action: Action, redraw: &dyn Fn()) {
        {
            let mut r = runtime.borrow_mut();
            r.queue.push_back(action);
            if r.busy {
                return;
            }
            r.busy = true;
        }
        loop {
            let Some(action) = runtime.borrow_mut().queue.pop_front() else {
                break;
            };
            let (mut next, search, tell) = {
                let r = runtime.borrow();
                ((*r.state).clone(), r.search.clone(), r.tell.clone())
            };
            let effects = next.apply(action, clock::now());
            let next = Rc::new(next);
            runtime.borrow_mut().state = next.clone();
            for effect in effects {
                let answers = perform_effect(&next, &effect, &search, &tell);
                runtime.borrow_mut().queue.extend(answers);
            }
        }
        runtime.borrow_mut().busy = false;
        redraw();
    }
}

/// Performs one of the model's effects in the browser, with the state that asked
/// for it; returns what the model is to hear of it.
pub fn perform_effect(
    state: &AppState,
    effect: &Effect,
    search: &Rc<RefCell<SearchRunner>>,
    tell: &Callback<Action>,
) -> Vec<Action> {
    match effect {
        // `crate::searching` says what to do as the job changes, the worker
        // reports and time passes, and `perform` does it. A search no longer
        // wanted (a move, an undo, "move now", leaving the game) ends at once: its
        // worker is terminated.
        Effect::Think(job) => {
            // (The request, with the record's JSON, is built only now.)
            let request = job
                .as_ref()
                .zip(state.table.game.as_ref())
                .map(|(j, g)| g.think_request(&j.player, j.key.seed()));
            let workers = job
                .as_ref()
                .map_or(1, |j| crate::searching::workers_for(&j.player, cores()));
            let todo = search
                .borrow_mut()
                .protocol
                .want(job.clone(), workers, js_sys::Date::now());
            perform(search, todo, request, state.settings.quick_computer, tell);
            vec![]
        }
        // The analysis's worker looks at each position not yet looked at, and
        // says each look to the model; a new job (the game changed) or none ends it.
        Effect::Analyse(job) => {
            let old = search.borrow_mut().analysis.take();
            drop(old);
            let watch = search.borrow().analysis_watch.clone();
            watch.borrow_mut().take();
            let (Some(job), Some(g)) = (job, state.table.game.as_ref()) else {
                return vec![];
            };
            let request = AnalyseRequest {
                record: g.record().to_json(),
                from: state.analysis.of.looks.len(),
                iterations: crate::analyse::ITERATIONS,
                seed: crate::analyse::SEED,
            };
            let (id, digest) = (job.id.clone(), job.digest);
            let told = tell.clone();
            // (Armed now, and again at each answer; let go of at the end.)
            let arm = {
                let (watch, told, id) = (watch.clone(), tell.clone(), id.clone());
                move |on: bool| {
                    let (told, id) = (told.clone(), id.clone());
                    *watch.borrow_mut() = on.then(|| {
                        Timeout::new(ANALYSIS_WATCH_MS, move || {
                            told.emit(Action::Analysis(AnalysisMsg::Failed {
                                id,
                                why: crate::i18n::t("the engine stopped answering").to_string(),
                            }))
                        })
                    });
                }
            };
            arm(true);
            // Looks gathered for a fifth of a second, told as one change (by the
            // timer, or at once when the worker ends).
            let gathered: Rc<RefCell<Vec<(usize, crate::analyse::Look)>>> = Default::default();
            let timer: Rc<RefCell<Option<Timeout>>> = Default::default();
            let flush: Rc<dyn Fn()> = {
                let (gathered, timer, told, id) =
                    (gathered.clone(), timer.clone(), told.clone(), id.clone());
                Rc::new(move || {
                    timer.borrow_mut().take();
                    let looks = std::mem::take(&mut *gathered.borrow_mut());
                    if !looks.is_empty() {
                        told.emit(Action::Analysis(AnalysisMsg::LookedAt {
                            id: id.clone(),
                            digest,
                            looks,
                        }));
                    }
                })
            };
            let link = WorkerLink::start(move |AnalyseAnswer::Analyse(report)| {
                arm(matches!(report, AnalyseReport::Looked(_)));
                match report {
                    AnalyseReport::Looked(text) => {
                        if let Some(look) = crate::analyse::looked(&text) {
                            gathered.borrow_mut().push(look);
                        }
                        if timer.borrow().is_none() {
                            let flush = flush.clone();
                            *timer.borrow_mut() = Some(Timeout::new(GATHER_MS, move || flush()));
                        }
                    }
                    AnalyseReport::Done => flush(),
                    AnalyseReport::Failed(why) => {
                        flush();
                        told.emit(Action::Analysis(AnalysisMsg::Failed {
                            id: id.clone(),
                            why,
                        }));
                    }
                }
            });
            match link {
                Some(link) => {
                    link.send(&AnalyseJob::Analyse(&request));
                    search.borrow_mut().analysis = Some(link);
                    vec![]
                }
                None => {
                    watch.borrow_mut().take();
                    vec![Action::Analysis(AnalysisMsg::Failed {
                        id: job.id.clone(),
                        why: crate::i18n::t("the browser would not start the engine").to_string(),
                    })]
                }
            }
        }
        Effect::Save
        | Effect::SaveUnsaved
        | Effect::Delete(_)
        | Effect::WriteSettings(_)
        | Effect::WriteProgress(_)
        | Effect::WriteRoster(_)
        | Effect::SaveAnalysis(..)
        | Effect::LoadAnalysis(_) => with_store(|store| state.perform(effect, store)),
        Effect::ClearFragment(f) => {
            if *f == fragment() {
                if let Some(h) = web_sys::window().and_then(|w| w.history().ok()) {
                    // To the screen's own address (left unmarked: on a first
                    // visit the route effect then puts the home page behind).
                    let _ = h.replace_state_with_url(
                        &wasm_bindgen::JsValue::NULL,
                        "",
                        Some(&format!("{}{}", crate::link::page_url(), state.route())),
                    );
                }
            }
            vec![]
        }
        Effect::CorrectAddress => {
            let route = state.route().to_string();
            if fragment() != route {
                if let Some(h) = web_sys::window().and_then(|w| w.history().ok()) {
                    let _ = h.replace_state_with_url(
                        &wasm_bindgen::JsValue::from_str("holdfast"),
                        "",
                        Some(&format!("{}{route}", crate::link::page_url())),
                    );
                }
            }
            vec![]
        }
        Effect::LoadLessons(game) => {
            crate::widgets::load_lessons(game);
            vec![]
        }
        Effect::Sound(kind) => {
            crate::widgets::play_sound(kind);
            vec![]
        }
        Effect::Copy(text) => {
            crate::widgets::copy_text(text);
            vec![]
        }
        Effect::Send { url, title } => {
            if crate::widgets::web_share(url, title) {
                vec![]
            } else {
                crate::widgets::copy_text(url);
                vec![Action::Share(true)]
            }
        }
        Effect::Download { name, text, mime } => {
            crate::widgets::download_as(name, text, mime);
            vec![]
        }
        Effect::Speak(lang) => {
            crate::i18n::set_lang(lang.unwrap_or_else(crate::i18n::browser_lang));
            vec![Action::Catalogue]
        }
    }
}
