//! The play screen's parts: a seat's panel and its computer line, the score chart,
//! the end of the game, the move list, the share panel and the board.

use crate::board::{pieces, seat_colour, Board, BoardView, Coordinates, HintMarks, SEAT_SHAPES};
use crate::game_ui::said::TAKES_MARK;
use crate::game_ui::{Input, OverPart, PlayView, SeatPart, SeatPlayer};
use crate::i18n::{n_, t, tf};
use crate::link;
use crate::model::{Action, ComputerMsg, Review, ReviewMsg, Thinking};
use holdfast_rules::geometry::{clamp, Fixed};
use holdfast_rules::{Record, Seat};
use yew::prelude::*;

/// What a seat's panel says about who plays it: nothing for a person; for a
/// computer its level and, while it thinks, its progress and "Move now".
pub(super) fn computer_line(
    player: SeatPlayer,
    thinks: bool,
    progress: Option<&Thinking>,
    paused: bool,
    dispatch: &Callback<Action>,
) -> Html {
    if !player.is_computer() {
        return html! {};
    }
    let level = crate::game_ui::level_name(&player.word());
    if !thinks {
        return html! { <span class="seat-computer">{ tf("Computer, {}", &[&level]) }</span> };
    }
    let progress = match progress.map(|t| (&t.best, t.iterations)) {
        None | Some((_, 0)) => t("thinking\u{2026}").to_string(),
        Some((Some(b), n)) => tf("thinking\u{2026} {} tries, leaning to {}", &[&n, &b]),
        Some((None, n)) => tf("thinking\u{2026} {} tries", &[&n]),
    };
    html! {
        <span class="seat-computer thinking" data-thinking="">
            <span class="spinner" aria-hidden="true"></span>
            <span role="status">{ tf("Computer, {}: {}", &[&level, &if paused { t("waiting").to_string() } else { progress }]) }</span>
            if !paused {
                { crate::widgets::button("move-now", "ghost-button small", t("Move now"), crate::screens::click(dispatch, Action::Computer(ComputerMsg::MoveNow))) }
            }
        </span>
    }
}

pub(crate) fn seat_panel(
    seat: Seat,
    name: &str,
    part: &SeatPart,
    to_move: bool,
    winner: bool,
    class: &'static str,
    computer: Html,
) -> Html {
    let colour = seat_colour(seat);
    html! {
        <div class={classes!("seat", class, to_move.then_some("to-move"), winner.then_some("winner"))}
            style={format!("--seat:{colour}")} data-seat={seat.to_string()}
            aria-label={format!("{}{}", tf("{} ({}), score {}", &[&name, &t(SEAT_SHAPES[seat as usize % 6]), &part.score]), if to_move { t(", to move") } else { "" })}>
            <svg class="seat-shape" viewBox="0 0 10 10" aria-hidden="true">{ pieces(seat, 1, (5.0, 5.0), 8.0, "") }</svg>
            <span class="seat-name">{ name.to_string() }</span>
            <span class="seat-score" data-score-seat={seat.to_string()}>{ part.score }</span>
            <span class="seat-facts">{ part.facts.clone() }</span>
            { computer }
        </div>
    }
}

pub(super) fn score_chart(v: &PlayView, dispatch: &Callback<Action>) -> Html {
    let players = v.players;
    let series = &v.score_history;
    let max = series.iter().flatten().copied().max().unwrap_or(1).max(1) as f32;
    let n = series.len().max(2) as f32 - 1.0;
    let lines = (0..players).map(|s| {
        let pts: Vec<String> = series
            .iter()
            .enumerate()
            .map(|(i, sc)| format!("{},{}", Fixed::new(i as f32 / n * 100.0, 1), Fixed::new(40.0 - sc[s] as f32 / max * 38.0, 1)))
            .collect();
        html! { <polyline points={pts.join(" ")} fill="none" style={format!("stroke:{}", seat_colour(s as Seat))} stroke-width="1.4"
            stroke-dasharray={["", "4 2", "1 2", "6 2 1 2"][s % 4]} /> }
    });
    // Looking back: where the position on screen stands in the game.
    let at = v
        .viewing
        .then(|| format!("{}", Fixed::new(v.ply as f32 / n * 100.0, 1)));
    // A tap on the chart goes to the position at that point of the game (the
    // move list and the arrow keys step through them too).
    let onclick = tap_to_position(
        dispatch,
        series.len().saturating_sub(1),
        v.record.moves.len(),
    );
    html! {
        <svg class="chart" viewBox="0 -2 100 44" role="img" aria-label={t("Score over the game: tap to go to that point")} data-chart="" onclick={onclick}>
            <line x1="0" y1="40" x2="100" y2="40" class="axis" />
            { for lines }
            if let Some(x) = at {
                <line x1={x.clone()} y1="-2" x2={x} y2="42" class="axis" data-chart-at={v.ply.to_string()} />
            }
        </svg>
    }
}

/// A tap on a chart of `entries` steps across goes to the position at that point of
/// the game (`last`: the game now).
pub(super) fn tap_to_position(
    dispatch: &Callback<Action>,
    entries: usize,
    last: usize,
) -> Callback<MouseEvent> {
    dispatch.reform(move |e: MouseEvent| {
        let el: web_sys::Element = e.target_unchecked_into();
        let svg = el.closest("svg").ok().flatten().unwrap_or(el);
        let r = svg.get_bounding_client_rect();
        let x = clamp(
            (e.client_x() as f64 - r.left()) / r.width().max(1.0),
            0.0,
            1.0,
        );
        let ply = (x * entries as f64).round() as usize;
        Action::Review(ReviewMsg::View((ply < last).then_some(ply)))
    })
}

pub(super) fn game_over(v: &PlayView, over: &OverPart, dispatch: &Callback<Action>) -> Html {
    let scores = &v.final_scores;
    let names = &v.names;
    html! {
        <section class="game-over" aria-labelledby="over-h" data-game-over="">
            <h2 id="over-h">{ over.headline.clone() }</h2>
            <table class="breakdown">
                <tbody>
                { for (0..scores.len()).map(|s| html! {
                    <tr style={format!("--seat:{}", seat_colour(s as Seat))}>
                        <th scope="row"><span class="swatch"></span>{ names[s].clone() }</th>
                        <td class="num">{ scores[s] }</td>
                        <td class="muted">{ over.breakdown.get(s).cloned().unwrap_or_default() }</td>
                    </tr>
                }) }
                </tbody>
            </table>
            { score_chart(v, dispatch) }
            <div class="row wrap">
                { crate::widgets::button("rematch", "primary", t("Rematch, other player first"), crate::screens::click(dispatch, Action::Rematch)) }
                { crate::widgets::button("share", "ghost-button", t("Share the game"), crate::screens::click(dispatch, Action::Share(true))) }
                { crate::widgets::button("look-back", "ghost-button", t("Look back"), crate::screens::click(dispatch, Action::Review(ReviewMsg::View(Some(0))))) }
            </div>
        </section>
    }
}

/// Moves the list shows at once: a long game's list is paged (the page holding the
/// position on screen), so a game of thousands of moves stays quick to draw.
pub use crate::session::{move_page, MOVES_PAGE};

pub(super) fn move_list(
    v: &PlayView,
    marks: &[Option<holdfast_search::analysis::Class>],
    autoplay: Option<u32>,
    speed: u32,
    dispatch: &Callback<Action>,
) -> Html {
    let shown = v.ply;
    let turn = &v.turn;
    let names = &v.names;
    let moves = &v.record.moves;
    let page = move_page(moves.len(), v.viewing.then_some(shown));
    let (start, end, n) = (page.start, page.end, moves.len());
    // A page's neighbours: the last move before it, the first after it (the live
    // position when that is the end).
    let earlier = (start > 0).then_some(Some(start));
    let later = (end < n).then(|| (end + 1 < n).then_some(end + 1));
    html! {
        <>
        if n > MOVES_PAGE {
            <div class="row wrap moves-pages">
                <span class="muted small" data-moves-page="">{ tf("Moves {}\u{2013}{} of {}", &[&(start + 1), &end, &n]) }</span>
                if let Some(target) = earlier {
                    { crate::widgets::button("moves-earlier", "ghost-button", t("Earlier moves"), crate::screens::click(dispatch, Action::Review(ReviewMsg::View(target)))) }
                }
                if let Some(target) = later {
                    { crate::widgets::button("moves-later", "ghost-button", t("Later moves"), crate::screens::click(dispatch, Action::Review(ReviewMsg::View(target)))) }
                }
            </div>
        }
        if n > 0 {
            <div class="row review" role="group" aria-label={t("Step through the moves (or the arrow keys)")}>
                <button class="ghost-button" data-action="autoplay" aria-pressed={autoplay.is_some().to_string()}
                    onclick={crate::screens::click(dispatch, Action::Review(ReviewMsg::Replay(if autoplay.is_some() { None } else { Some(speed) })))}>
                    { if autoplay.is_some() { t("\u{25a0} Stop") } else { t("\u{25b6} Replay") } }
                </button>
                <select data-autoplay-speed="" aria-label={t("Replay speed")} onchange={dispatch.reform(|e: Event| {
                    Action::Review(ReviewMsg::Speed(e.target_unchecked_into::<web_sys::HtmlSelectElement>().value().parse().unwrap_or(1000)))
                })}>
                    { for [(2000, n_("slow")), (1000, n_("1 s a move")), (400, n_("fast"))].into_iter().map(|(ms, label)| html! {
                        <option value={ms.to_string()} selected={speed == ms}>{ t(label) }</option>
                    }) }
                </select>
                { for [(Review::First, "\u{ab}", n_("First position"), "review-first", shown == 0),
                       (Review::Previous, "\u{2039}", n_("Previous move"), "review-previous", shown == 0),
                       (Review::Next, "\u{203a}", n_("Next move"), "review-next", !v.viewing),
                       (Review::Last, "\u{bb}", n_("The game now"), "review-last", !v.viewing)]
                    .into_iter().map(|(step, icon, label, action, off)| html! {
                        <button class="ghost-button" data-action={action} aria-label={t(label)} title={t(label)} disabled={off}
                            onclick={crate::screens::click(dispatch, Action::Review(ReviewMsg::Step(step)))}>{ icon }</button>
                    }) }
            </div>
        }
        <ol class="moves" aria-label={t("Moves")} start={(start + 1).to_string()}>
            { for moves[page].iter().enumerate().map(|(i, m)| {
                let i = start + i;
                let seat = v.movers.get(i).copied().unwrap_or(0);
                let current = shown == i + 1 && v.viewing;
                let target = if i + 1 == moves.len() { None } else { Some(i + 1) };
                // An entry that took from another seat is marked (×: the list's
                // mark, not the record's; docs/notation.md).
                let takes = v.takes.get(i - start).copied().unwrap_or(false);
                let who = names.get(seat as usize).cloned().unwrap_or_default();
                // The analysis's mark (?!, ?, ??), said after the rest.
                let (mark, judged) = super::analysis::mark(marks.get(i).copied().flatten());
                let label = if takes {
                    tf("Move {} {} {}, by {}: it took from another player", &[&(i + 1), m, &TAKES_MARK, &who])
                } else {
                    tf("Move {} {}, by {}", &[&(i + 1), m, &who])
                } + &judged;
                html! {
                    <li>
                        <button class={classes!("move", current.then_some("current"))} style={format!("--seat:{}", seat_colour(seat))}
                            aria-current={current.then_some("step")}
                            aria-label={label}
                            onclick={crate::screens::click(dispatch, Action::Review(ReviewMsg::View(target)))}>
                            // (The name holds the text seen: number, space, move, mark.)
                            <span class="move-no">{ format!("{} ", i + 1) }</span>{ m.clone() }
                            if takes {
                                <span class="takes" data-takes="">{ format!(" {TAKES_MARK}") }</span>
                            }
                            { mark }
                        </button>
                    </li>
                }
            }) }
            if !turn.is_empty() && end == n {
                <li><span class="move open" style={format!("--seat:{}", seat_colour(v.to_move.unwrap_or(0)))}
                    aria-label={t("The turn under way")}>{ format!("{} \u{2026}", turn.join(" ")) }</span></li>
            }
        </ol>
        </>
    }
}

/// The address that opens `record` in the app.
pub(super) fn game_url(record: &Record) -> String {
    // Made once for a record, not at every render while the panel is open (a compact
    // link lists the legal actions at every step of the game).
    thread_local!(static LAST: std::cell::RefCell<Option<(Record, String)>> = const { std::cell::RefCell::new(None) });
    LAST.with(|last| {
        let mut last = last.borrow_mut();
        match &*last {
            Some((r, url)) if r == record => url.clone(),
            _ => {
                let url = format!("{}#{}", link::page_url(), link::encode(record));
                *last = Some((record.clone(), url.clone()));
                url
            }
        }
    })
}

pub(super) use crate::screens::download_json;

pub(super) fn share_panel(record: &Record, id: &str, dispatch: &Callback<Action>) -> Html {
    let url = game_url(record);
    let copy = {
        let url = url.clone();
        dispatch.reform(move |_: MouseEvent| Action::Copy(url.clone()))
    };
    // The record as a file: its JSON (what `holdfast replay` and the import read),
    // or as text, a move a line.
    let as_json = {
        let (r, id) = (record.clone(), id.to_string());
        dispatch.reform(move |_: MouseEvent| download_json(&r, &id))
    };
    let file = crate::widgets::record_file(record, id, "txt");
    let as_text = {
        let r = record.clone();
        dispatch.reform(move |_: MouseEvent| Action::Download {
            name: file.clone(),
            text: holdfast_rules::text::to_text(&r),
            mime: "text/plain",
        })
    };
    html! {
        <section class="share" aria-label={t("Share this game")}>
            if url.len() > link::MAX_LINK_CHARS {
                <p role="alert">{ tf("This game is too long for a link ({} characters; a link opens up to {}): download it as a file instead.", &[&url.len(), &link::MAX_LINK_CHARS]) }</p>
            } else {
                <p>{t("Anyone who opens this link sees this game, rebuilt move by move.")}</p>
            }
            <input class="share-link" readonly=true value={url} data-share-link="" aria-label={t("Link to this game")}
                onfocus={Callback::from(|e: FocusEvent| e.target_unchecked_into::<web_sys::HtmlInputElement>().select())} />
            <div class="row">
                { crate::widgets::button("", "primary", t("Copy link"), copy) }
                { crate::widgets::button("", "ghost-button", t("Close"), crate::screens::click(dispatch, Action::Share(false))) }
            </div>
            <div class="row wrap">
                { crate::widgets::button("export-json", "", t("Download (JSON)"), as_json) }
                { crate::widgets::button("export-text", "", t("Download as text"), as_text) }
            </div>
        </section>
    }
}

/// The play screen of any game, from the parts it provides.
/// The board of the game in play, drawn again only when what it shows changes:
/// its props are the view (compared by value), the app's dispatcher (the same
/// from one render to the next) and a few numbers, so a computer's progress, the
/// move list or a seat panel changing leaves it be.
#[derive(Properties, PartialEq)]
pub(crate) struct PlayBoardProps {
    pub(crate) view: std::rc::Rc<BoardView>,
    pub(crate) dispatch: Callback<Action>,
    pub(crate) shake: u32,
    pub(crate) coordinates: Coordinates,
    pub(crate) hint: Option<std::rc::Rc<HintMarks>>,
    pub(crate) title: AttrValue,
    /// The board of a lesson (its taps go to the lesson, not the open game).
    #[prop_or_default]
    pub(crate) lesson: bool,
}

#[function_component(PlayBoard)]
pub(crate) fn play_board(p: &PlayBoardProps) -> Html {
    // The board's callbacks, made once for the dispatcher (new ones would differ
    // from the last and draw the board again).
    let inputs = use_memo((p.dispatch.clone(), p.lesson), |(d, lesson)| {
        let emit = match lesson {
            true => d.reform(|i| Action::Learn(crate::model::LearnMsg::Input(i))),
            false => d.reform(Action::Game),
        };
        (
            emit.reform(Input::Tap),
            emit.reform(Input::Key),
            emit.reform(Input::TapFace),
            emit.reform(Input::KeyFace),
        )
    });
    let (on_tap, on_key, on_face, on_face_key) = (*inputs).clone();
    html! {
        <Board view={p.view.clone()} {on_tap} {on_key} {on_face} {on_face_key} shake={p.shake}
            coordinates={p.coordinates} hint={p.hint.clone()} title={p.title.clone()} />
    }
}
