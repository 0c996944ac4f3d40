//! The play screen's analysis: the Analyse button and its progress, the chance of
//! winning over the game (a line a seat, the position on screen marked, a tap goes
//! there), each seat's accuracy and marked entries, and at the position on screen
//! the chances and the better move (drawn on the board as a ghost, and playable in
//! a new game from there).

use holdfast_rules::geometry::Fixed;
use holdfast_rules::Seat;
use holdfast_search::analysis::Class;
use yew::prelude::*;

use crate::board::seat_colour;
use crate::game_ui::PlayView;
use crate::i18n::{n_, t, tf};
use crate::model::{Action, AnalysisMsg, AppState};

/// A class in words, as a move list's name says it.
fn class_words(c: Class) -> &'static str {
    match c {
        Class::Best => n_("the computer's choice"),
        Class::Good => n_("a good move"),
        Class::Inaccuracy => n_("an inaccuracy"),
        Class::Mistake => n_("a mistake"),
        Class::Blunder => n_("a blunder"),
    }
}

/// The evaluation bar (a setting, off by default): each seat's chance at the
/// position on screen, a stretch of the seat's colour each, where the analysis has
/// looked at it.
pub(super) fn eval_bar(s: &AppState, v: &PlayView) -> Html {
    let Some(look) = s.analysis.of.looks.get(v.ply) else {
        return html! {};
    };
    let label = tf("Chances of winning: {}", &[&said(v, look)]);
    html! {
        <div class="eval-bar" role="img" aria-label={label} data-eval-bar={v.ply.to_string()}>
            { for shown(v, v.ply, look).into_iter().enumerate().filter(|(_, c)| *c > 0.0).map(|(seat, c)| html! {
                <span style={format!("flex-grow:{};background:{}", Fixed::new(c * 100.0, 1), seat_colour(seat as Seat))}></span>
            }) }
        </div>
    }
}

/// Each seat's chance at position `i`, as shown: the analysis's `look` there
/// through the game's look tables (`holdfast_search::calibration::shown_chances`;
/// none once the game is over; the classes are judged on the look's own chances).
pub(super) fn shown(v: &PlayView, i: usize, look: &crate::model::Look) -> Vec<f32> {
    let mover = match v.movers.get(i) {
        Some(&m) => Some(m),
        None if i == v.record.moves.len() && v.resigned.is_none() => v.to_move,
        None => None,
    };
    let (key, cells) = v.chance_key;
    let mover = mover.map(|m| m as usize);
    holdfast_search::calibration::shown_chances(key, v.players, cells, mover, &look.all())
}

/// Each entry's class, where the analysis has judged it (`None` elsewhere).
pub(super) fn marks(s: &AppState, v: &PlayView) -> Vec<Option<Class>> {
    (0..v.record.moves.len())
        .map(|i| {
            let seat = *v.movers.get(i)?;
            s.analysis.of.judged(i, seat).map(|j| j.class)
        })
        .collect()
}

/// A mark after an entry in the move list, with its words for a screen reader.
pub(super) fn mark(class: Option<Class>) -> (Html, String) {
    match class {
        Some(c) if !c.symbol().is_empty() => (
            html! { <span class={classes!("mark", c.name())} data-class={c.name()}>{ c.symbol() }</span> },
            format!(": {}", t(class_words(c))),
        ),
        _ => (html! {}, String::new()),
    }
}

/// The better entry at the position on screen, when the analysis prefers another
/// than the one played there: (the entry, the mover's chance with it).
pub(super) fn better(s: &AppState, v: &PlayView) -> Option<(String, f32)> {
    let look = s.analysis.of.looks.get(v.ply)?;
    let best = look.best.clone()?;
    let played = v.record.moves.get(v.ply)?;
    let seat = *v.movers.get(v.ply)? as usize;
    (best != *played).then(|| {
        (
            best,
            shown(v, v.ply, look).get(seat).copied().unwrap_or(0.0),
        )
    })
}

/// Each seat's name and chance in `look`, as a list in words.
fn said(v: &PlayView, look: &crate::model::Look) -> String {
    let each: Vec<String> = v
        .names
        .iter()
        .zip(shown(v, v.ply, look))
        .map(|(name, c)| format!("{name} {}", percent(c)))
        .collect();
    each.join(", ")
}

/// A chance as a whole percentage.
pub(super) fn percent(c: f32) -> String {
    format!("{}%", (c * 100.0).round() as i32)
}

/// The panel: the button or the progress, then (when shown) what was found.
pub(super) fn panel(
    s: &AppState,
    v: &PlayView,
    marks: &[Option<Class>],
    show: bool,
    dispatch: &Callback<Action>,
) -> Html {
    let a = &s.analysis;
    let n = v.record.moves.len();
    if n == 0 {
        return html! {};
    }
    let looked = a.of.looks.len();
    let complete = a.complete(n);
    let running = a.wanted && a.failed.is_none() && !complete;
    let start = crate::screens::click(dispatch, Action::Analysis(AnalysisMsg::Want(true)));
    let stop = crate::screens::click(dispatch, Action::Analysis(AnalysisMsg::Want(false)));
    let head = if running {
        html! {
            <p class="analysis-progress" data-analysis-progress={looked.to_string()}>
                { tf("Analysing: {} of {} positions looked at.", &[&looked, &(n + 1)]) }{" "}
                { crate::widgets::button("analysis-stop", "ghost-button small", t("Stop"), stop) }
            </p>
        }
    } else if let Some(why) = &a.failed {
        html! {
            <p class="analysis-progress" role="alert" data-analysis-failed="">
                { tf("The analysis stopped: {}", &[why]) }{" "}
                { crate::widgets::button("analyse", "ghost-button small", t("Try again"), start) }
            </p>
        }
    } else if !complete {
        html! {
            <p class="analysis-progress">
                { crate::widgets::button("analyse", "", if looked > 0 { t("Go on analysing") } else { t("Analyse") }, start) }{" "}
                <span class="muted small">{ t("The computer looks at every move again, marks the mistakes and shows the better moves.") }</span>
            </p>
        }
    } else {
        html! {}
    };
    let later = (!show && looked > 0).then(|| {
        html! { <p class="muted small" data-analysis-later="">{ t("What the analysis found shows once the game is over.") }</p> }
    });
    let found = (show && looked >= 2).then(|| {
        html! {
            <>
            { chart(s, v, marks, dispatch) }
            { marked_steps(v, marks, dispatch) }
            { at_position(s, v, dispatch) }
            { summary(s, v) }
            </>
        }
    });
    html! {
        <section class="analysis" aria-labelledby="analysis-h" data-analysis={if complete { "done" } else { "" }}>
            <h2 class="small-h" id="analysis-h">{ t("Analysis") }</h2>
            { head }
            { for later }
            { for found }
        </section>
    }
}

/// The chance of winning over the game: a line a seat over the positions looked at,
/// the position on screen marked; a tap goes to that point.
fn chart(s: &AppState, v: &PlayView, marks: &[Option<Class>], dispatch: &Callback<Action>) -> Html {
    let looks = &s.analysis.of.looks;
    let last = v.record.moves.len();
    let n = last.max(1) as f32;
    let x = |i: usize| Fixed::new(i as f32 / n * 100.0, 1);
    let y = |c: f32| Fixed::new(40.0 - c * 40.0, 1);
    // Each position's chances as shown, once.
    let all: Vec<Vec<f32>> = looks
        .iter()
        .enumerate()
        .map(|(i, l)| shown(v, i, l))
        .collect();
    let at_seat = |i: usize, seat: usize| all.get(i).and_then(|c| c.get(seat)).copied();
    let lines = (0..v.players).map(|seat| {
        let pts: Vec<String> = (0..all.len())
            .map(|i| format!("{},{}", x(i), y(at_seat(i, seat).unwrap_or(0.0))))
            .collect();
        html! { <polyline points={pts.join(" ")} fill="none" style={format!("stroke:{}", seat_colour(seat as Seat))} stroke-width="1.4"
            stroke-dasharray={["", "4 2", "1 2", "6 2 1 2"][seat % 4]} /> }
    });
    // A dot where a mistake or a blunder was played, on its player's line.
    let dots = marks.iter().enumerate().filter_map(|(i, &c)| {
        let c = c.filter(|c| *c >= Class::Mistake)?;
        let seat = *v.movers.get(i)?;
        let chance = at_seat(i + 1, seat as usize)?;
        // (A line of no length with round ends: a round dot, the chart stretched or not.)
        let (cx, cy) = (x(i + 1).to_string(), y(chance).to_string());
        Some(html! { <line x1={cx.clone()} y1={cy.clone()} x2={cx} y2={cy} class={classes!("chart-dot", c.name())}
            style={format!("stroke:{}", seat_colour(seat))} /> })
    });
    let at = x(v.ply).to_string();
    let onclick = super::parts::tap_to_position(dispatch, last, last);
    html! {
        <svg class="chart analysis-chart" viewBox="0 -2 100 44" preserveAspectRatio="none" role="img" data-analysis-chart={looks.len().to_string()} onclick={onclick}
            aria-label={t("Chance of winning over the game: tap to go to that point")}>
            <line x1="0" y1="20" x2="100" y2="20" class="axis half" />
            <line x1="0" y1="40" x2="100" y2="40" class="axis" />
            { for lines }
            { for dots }
            <line x1={at.clone()} y1="-2" x2={at} y2="42" class="axis" data-chart-at={v.ply.to_string()} />
        </svg>
    }
}

/// Buttons to the position before the previous and the next marked entry (an
/// inaccuracy or worse), where its better move shows.
fn marked_steps(v: &PlayView, marks: &[Option<Class>], dispatch: &Callback<Action>) -> Html {
    let marked: Vec<usize> = marks
        .iter()
        .enumerate()
        .filter(|(_, c)| c.is_some_and(|c| c >= Class::Inaccuracy))
        .map(|(i, _)| i)
        .collect();
    if marked.is_empty() {
        return html! {};
    }
    let at = v.viewing.then_some(v.ply);
    let previous = at.and_then(|p| marked.iter().rev().find(|&&i| i < p).copied());
    let next = marked.iter().find(|&&i| at.is_none_or(|p| i > p)).copied();
    let go = |to: Option<usize>| {
        let to = to.unwrap_or(0);
        crate::screens::click(
            dispatch,
            Action::Review(crate::model::ReviewMsg::View(Some(to))),
        )
    };
    html! {
        <div class="row wrap" role="group" aria-label={t("Marked moves")}>
            { crate::widgets::button_with("previous-mark", "ghost-button small", t("\u{2039} Previous marked move"), previous.is_none(), go(previous)) }
            { crate::widgets::button_with("next-mark", "ghost-button small", t("Next marked move \u{203a}"), next.is_none(), go(next)) }
        </div>
    }
}

/// At the position on screen: each seat's chance (read out as it changes: the
/// chart's words), and the better move where the one played was not the
/// computer's, with a way to play it in a new game from here.
fn at_position(s: &AppState, v: &PlayView, dispatch: &Callback<Action>) -> Html {
    // (The live region is there before its words, so that they are read out.)
    let Some(look) = s.analysis.of.looks.get(v.ply) else {
        return html! { <p class="analysis-at" aria-live="polite" data-analysis-at=""></p> };
    };
    let chances = said(v, look);
    let where_ = if v.ply == 0 {
        t("At the start").to_string()
    } else {
        tf("After move {}", &[&v.ply])
    };
    let said = tf("{}: chances of winning {}.", &[&where_, &chances]);
    let judged = v
        .movers
        .get(v.ply)
        .and_then(|&seat| s.analysis.of.judged(v.ply, seat));
    let better = better(s, v).filter(|_| v.viewing).zip(judged).map(|((best, chance), j)| {
        let played = v.record.moves.get(v.ply).cloned().unwrap_or_default();
        let was = t(class_words(j.class)).to_string();
        let try_it = crate::screens::click(dispatch, Action::BranchWith(best.clone()));
        html! {
            <p class="analysis-better" data-better={best.clone()}>
                { tf("Move {}, {}, was {}: the computer would play {} (a {} chance), drawn on the board.", &[&(v.ply + 1), &played, &was, &best, &percent(chance)]) }{" "}
                { crate::widgets::button("try-better", "ghost-button small", t("Try it in a new game"), try_it) }
            </p>
        }
    });
    html! {
        <>
        <p class="analysis-at" aria-live="polite" data-analysis-at={v.ply.to_string()}>{ said }</p>
        { for better }
        </>
    }
}

/// Each seat's accuracy and its marked entries.
fn summary(s: &AppState, v: &PlayView) -> Html {
    let rows = s.analysis.of.summary(v.players, &v.movers);
    html! {
        <table class="breakdown analysis-summary" data-analysis-summary="">
            <thead><tr>
                <th scope="col">{ t("Player") }</th>
                <th scope="col" class="n">{ t("Accuracy") }</th>
                <th scope="col" class="n" title={t("Inaccuracies")} aria-label={t("Inaccuracies")}>{ "?!" }</th>
                <th scope="col" class="n" title={t("Mistakes")} aria-label={t("Mistakes")}>{ "?" }</th>
                <th scope="col" class="n" title={t("Blunders")} aria-label={t("Blunders")}>{ "??" }</th>
            </tr></thead>
            <tbody>
            { for rows.iter().enumerate().map(|(seat, (acc, counts, judged))| html! {
                <tr style={format!("--seat:{}", seat_colour(seat as Seat))} data-summary-seat={seat.to_string()}>
                    <th scope="row"><span class="swatch"></span>{ v.names.get(seat).cloned().unwrap_or_default() }</th>
                    <td class="n">{ if *judged > 0 { format!("{}%", acc.round() as i32) } else { "\u{2013}".into() } }</td>
                    <td class="n">{ counts[Class::Inaccuracy as usize] }</td>
                    <td class="n">{ counts[Class::Mistake as usize] }</td>
                    <td class="n">{ counts[Class::Blunder as usize] }</td>
                </tr>
            }) }
            </tbody>
        </table>
    }
}
