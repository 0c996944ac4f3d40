//! The editor's fairness panel: the map measured in the app's worker, as the
//! shipped maps were (`holdfast balance`: equal computer players at level 2 in
//! every seat, 200 games), each seat's share of the wins with its 95% interval
//! growing game by game, and the verdict at the end. Stop ends the worker; a
//! change to the map makes the figures stale and stops them.

use std::cell::RefCell;
use std::rc::Rc;

use yew::prelude::*;

use crate::balance_worker::{BalanceReport, BalanceRequest, GAMES, PLAYER};
use crate::i18n::{t, tf};
use crate::worker::{Answer, Job};
use crate::worker_link::WorkerLink;

#[derive(Properties, PartialEq)]
pub struct FairnessProps {
    /// The map as a game record (JSON) before its first move.
    pub record: AttrValue,
    /// The seats' names, in turn order.
    pub seats: Rc<Vec<String>>,
}

fn percent(x: f64) -> String {
    format!("{:.0}%", x * 100.0)
}

/// Ends the worker held in `link` once the answer being read is done (not from
/// inside its own message's handler, which the link owns).
pub fn end_soon(link: &Rc<RefCell<Option<WorkerLink>>>) {
    let link = link.clone();
    gloo::timers::callback::Timeout::new(0, move || {
        link.borrow_mut().take();
    })
    .forget();
}

/// Stop: the worker ended at once, and the panel no longer running.
pub fn stopper(
    link: &Rc<RefCell<Option<WorkerLink>>>,
    running: &UseStateHandle<bool>,
) -> Callback<MouseEvent> {
    let (link, running) = (link.clone(), running.clone());
    Callback::from(move |_: MouseEvent| {
        link.borrow_mut().take();
        running.set(false);
    })
}

/// The fairness panel.
#[function_component(Fairness)]
pub fn fairness(props: &FairnessProps) -> Html {
    let report = use_state(|| None::<BalanceReport>);
    let link: Rc<RefCell<Option<WorkerLink>>> = use_mut_ref(|| None);
    let running = use_state(|| false);
    // Leaving the editor (or the panel going, the map no longer playable) ends
    // the worker: its answers' handler holds the link too, so it would not go by
    // itself.
    {
        let link = link.clone();
        use_effect_with((), move |_| {
            move || {
                link.borrow_mut().take();
            }
        });
    }
    // A change of the map: the figures were another map's.
    {
        let (report, link, running) = (report.clone(), link.clone(), running.clone());
        use_effect_with(props.record.clone(), move |_| {
            link.borrow_mut().take();
            report.set(None);
            running.set(false);
        });
    }
    let start = {
        let (report, link, running) = (report.clone(), link.clone(), running.clone());
        let record = props.record.to_string();
        Callback::from(move |_: MouseEvent| {
            let (r, done, l) = (report.clone(), running.clone(), link.clone());
            let answer = move |a: Answer| {
                if let Answer::Balance(b) = a {
                    let finished = match &b {
                        BalanceReport::Progress { games, .. } => *games >= GAMES,
                        BalanceReport::Failed(_) => true,
                    };
                    r.set(Some(b));
                    if finished {
                        done.set(false);
                        end_soon(&l);
                    }
                }
            };
            let Some(worker) = WorkerLink::start::<Answer>(answer) else {
                report.set(Some(BalanceReport::Failed(
                    t("This browser did not start the worker.").into(),
                )));
                return;
            };
            worker.send(&Job::Balance(BalanceRequest {
                record: record.clone(),
                games: GAMES,
                seed: 1,
                player: PLAYER.into(),
            }));
            *link.borrow_mut() = Some(worker);
            report.set(None);
            running.set(true);
        })
    };
    let stop = stopper(&link, &running);
    let figures = match &*report {
        None => html! {},
        Some(BalanceReport::Failed(why)) => {
            html! { <p class="error" data-fairness-failed="">{ tf("The measure stopped: {}", &[why]) }</p> }
        }
        Some(r) => r.balance().map_or_else(Html::default, |b| {
            let games = &b.games;
            let rows = (0..b.seats()).map(|s| {
                let (lo, hi) = b.interval(s);
                let name = props.seats.get(s).cloned().unwrap_or_default();
                html! {
                    <li data-fairness-seat={s.to_string()}>
                        { tf("{}: {} of the wins (95% interval {} to {})", &[&name, &percent(b.rate(s)), &percent(lo), &percent(hi)]) }
                    </li>
                }
            });
            let verdict = (*games >= GAMES).then(|| {
                let gap = (b.largest_gap() * 100.0).round();
                if b.fair() {
                    html! { <p class="ok" data-fairness-verdict="fair">{ t("Fair: every seat within 5 points of an equal share.") }</p> }
                } else {
                    html! { <p class="error" data-fairness-verdict="unbalanced">{ tf("Unbalanced: a seat is {} points from an equal share.", &[&gap]) }</p> }
                }
            });
            html! {
                <>
                    <p data-fairness-games={games.to_string()}>{ tf("{} of {} games played.", &[games, &GAMES]) }</p>
                    <ul class="fairness">{ for rows }</ul>
                    { for verdict }
                </>
            }
        }),
    };
    html! {
        <section class="map-fairness" aria-labelledby="fairness-h">
            <h2 id="fairness-h">{ t("Fairness") }</h2>
            <p class="hint">{ t("The computer plays the map against itself (level 2 in every seat, 200 games, as the shipped maps were measured): each seat's share of the wins, a draw shared. It runs in the background, and stops when the map is changed.") }</p>
            if *running {
                { crate::widgets::button("map-measure-stop", "", t("Stop"), stop) }
            } else {
                { crate::widgets::button("map-measure", "", t("Measure fairness"), start) }
            }
            { figures }
        </section>
    }
}
