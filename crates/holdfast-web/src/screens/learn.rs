//! The lessons: a game's list (each ticked when done) and the lesson open, its
//! task over a board of its own, the goal's cells marked, and what a miss missed.

use std::rc::Rc;

use holdfast_rules::lesson::Goal;
use holdfast_rules::Seat;
use yew::prelude::*;

use crate::board::HintMarks;
use crate::i18n::{t, tf, tx_id};
use crate::model::{Action, AppState, Book, LearnMsg, LessonState, OpenLesson};
use crate::screens::click;
use crate::screens::play::parts::{seat_panel, PlayBoard};

/// A lesson's text of `part` (`title`, `task`, `hint`, `done`).
fn text(game: &str, id: &str, part: &str) -> &'static str {
    tx_id(&format!("lesson.{game}.{id}.{part}"))
}

fn title_of(game: &str) -> &'static str {
    crate::games::info(game).map_or("", |i| i.title)
}

/// What the book's state says while it is not here.
fn book_missing(s: &AppState, game: &str, dispatch: &Callback<Action>) -> Html {
    match s.learn.book_state(game) {
        Some(Book::Failed(why)) => html! {
            <div class="save-alert" role="alert" data-lessons-failed="">
                <p>{ tf("The lessons could not be loaded: {}.", &[why]) }</p>
                { crate::widgets::button("lessons-again", "primary", t("Try again"), click(dispatch, Action::Learn(LearnMsg::List(game.into())))) }
            </div>
        },
        _ => html! { <p class="muted" role="status">{ t("Loading the lessons\u{2026}") }</p> },
    }
}

/// The new-game screen's offer of the lessons, to a player who has never
/// started this game nor opened its lessons (once: starting, or either button,
/// ends it).
pub fn offer(s: &AppState, game: &str, dispatch: &Callback<Action>) -> Html {
    if s.learn.progress.was_offered(game) || s.learn.progress.count(game) != (0, 0) {
        return html! {};
    }
    let title = t(title_of(game));
    html! {
        <div class="send-move lesson-offer" role="region" aria-label={t("Lessons")} data-lesson-offer="">
            <p>{ tf("New to {}? Learn it in a few minutes, one rule at a time, by playing.", &[&title]) }</p>
            <div class="row wrap">
                { crate::widgets::button("offer-learn", "primary", &tf("Learn {}", &[&title]), click(dispatch, Action::Learn(LearnMsg::List(game.into())))) }
                { crate::widgets::button("offer-no", "ghost-button", t("No, thanks"), click(dispatch, Action::Learn(LearnMsg::Offered(game.into())))) }
            </div>
        </div>
    }
}

/// A game's lessons.
pub fn list(s: &AppState, game: &str, dispatch: &Callback<Action>) -> Html {
    let title = t(title_of(game));
    let body = match s.learn.book(game) {
        None => book_missing(s, game, dispatch),
        Some(book) => {
            let done = s.learn.progress.done_in(book);
            let solved = book
                .puzzles
                .iter()
                .filter(|p| s.learn.progress.done(game, &p.id))
                .count();
            // A lesson or a puzzle in its list (`what`: "Lesson", "Puzzle").
            let item = |i: usize, id: &str, what: &str, title: &str| {
                let ticked = s.learn.progress.done(game, id);
                let open = click(
                    dispatch,
                    Action::Learn(LearnMsg::Open(game.into(), id.into())),
                );
                html! {
                    <li>
                        <button class={classes!("lesson-item", ticked.then_some("done"))} data-lesson={id.to_string()}
                            onclick={open}
                            aria-label={format!("{} {}: {}{}", what, i + 1, title, if ticked { t(", done") } else { "" })}>
                            <span class="lesson-number" aria-hidden="true">{ if ticked { "\u{2713}".to_string() } else { (i + 1).to_string() } }</span>
                            <span class="lesson-title">{ title.to_string() }</span>
                        </button>
                    </li>
                }
            };
            let lessons = book
                .lessons
                .iter()
                .enumerate()
                .map(|(i, l)| item(i, &l.id, t("Lesson"), text(game, &l.id, "title")));
            let puzzle_title =
                |p: &holdfast_rules::lesson::Lesson| tf("Move {}", &[&(p.moves.len() + 1)]);
            let puzzles = book
                .puzzles
                .iter()
                .enumerate()
                .map(|(i, p)| item(i, &p.id, t("Puzzle"), &puzzle_title(p)));
            html! {
                <>
                    <p class="muted" data-lessons-done={done.to_string()}>
                        { tf("{} of {} lessons done.", &[&done, &book.lessons.len()]) }
                    </p>
                    <ol class="lesson-list">{ for lessons }</ol>
                    if !book.puzzles.is_empty() {
                        <h2>{ t("Puzzles") }</h2>
                        <p class="muted" data-puzzles-solved={solved.to_string()}>
                            { tf("Positions from the computer's own games where one move is clearly the best. {} of {} solved.", &[&solved, &book.puzzles.len()]) }
                        </p>
                        <ol class="lesson-list puzzle-list">{ for puzzles }</ol>
                    }
                </>
            }
        }
    };
    html! {
        <section class="page learn" data-learn={game.to_string()}>
            <h1>{ tf("Learn {}", &[&title]) }</h1>
            <p>{ t("One rule at a time, on a small position: do what the task says. A tap the rules refuse says why; a move that misses says what it missed, and you try again.") }</p>
            { body }
            <div class="row wrap">
                { crate::widgets::button("new-game", "primary", t("New game"), click(dispatch, Action::NewGame(game.into(), None))) }
                { crate::widgets::button("how-to-play", "ghost-button", t("How to play"), click(dispatch, Action::Rules(game.into()))) }
            </div>
        </section>
    }
}

/// Why a condition of the goal does not hold, in words (`learner`: the seat
/// called "you").
fn unmet_words(goal: &Goal, learner: Seat, names: &[String]) -> String {
    let name = |s: Seat| names.get(s as usize).cloned().unwrap_or_default();
    let mine = |s: &Seat| *s == learner;
    match goal {
        Goal::Piece { cell, seat, .. } if mine(seat) => tf("{}: no piece of yours there.", &[cell]),
        Goal::Piece { cell, seat, .. } => tf("{}: no piece of {} there.", &[cell, &name(*seat)]),
        Goal::Empty { cell } => tf("{} is not empty.", &[cell]),
        Goal::Owner { cell, seat } if mine(seat) => tf("{} is not yours.", &[cell]),
        Goal::Owner { cell, seat } => tf("{} is not {}'s.", &[cell, &name(*seat)]),
        Goal::Owns { at_least, .. } => tf("Your territory is under {} cells.", &[at_least]),
        Goal::Mark { cell, seat, .. } if seat.as_ref().is_some_and(mine) => {
            tf("{} is not yours.", &[cell])
        }
        Goal::Mark { cell, .. } => tf("{} is not as the task asks.", &[cell]),
        Goal::Walls { at_least } => tf("Fewer than {} walls stand.", &[at_least]),
        Goal::Pieces { seat, at_least, .. } if mine(seat) => {
            tf("You have fewer than {} pieces there.", &[at_least])
        }
        Goal::Pieces { seat, at_least, .. } => tf(
            "{} has fewer than {} pieces there.",
            &[&name(*seat), at_least],
        ),
        Goal::FewerPieces { seat, at_most, .. } => tf(
            "{} still has more than {} pieces.",
            &[&name(*seat), at_most],
        ),
        Goal::Score { at_least, .. } => tf("Your count is under {}.", &[at_least]),
        Goal::Winner { .. } => t("You have not won.").into(),
        Goal::Draw => t("The game is not drawn.").into(),
        Goal::Swapped => t("You have not swapped.").into(),
        Goal::Marks { key, at_least, .. } if key == "generals" => {
            tf("Fewer than {} generals of yours stand.", &[at_least])
        }
        Goal::Marks { at_least, .. } => tf("Fewer than {} cells are marked yours.", &[at_least]),
    }
}

/// A puzzle's answer and winning line, with the chances it keeps, in words.
fn answer_words(o: &OpenLesson) -> String {
    let l = &o.lesson;
    let mut out = tf(
        "The best move is {}; the line the computer expects: {}.",
        &[&l.answer.clone().unwrap_or_default(), &l.line.join(", ")],
    );
    if let (Some(c), Some(s)) = (l.chance, l.second) {
        let pc = |x: f32| format!("{}%", (x * 100.0).round() as i32);
        out.push(' ');
        out += &tf(
            "With it your chance is {}; with the next best move, {}.",
            &[&pc(c), &pc(s)],
        );
    }
    out
}

/// The lesson open.
pub fn lesson(s: &AppState, game: &str, id: &str, dispatch: &Callback<Action>) -> Html {
    let back = html! {
        <button class="ghost-button" data-action="lessons" onclick={click(dispatch, Action::Learn(LearnMsg::List(game.into())))}>
            { tf("\u{2190} Lessons of {}", &[&t(title_of(game))]) }
        </button>
    };
    let Some(o) = s
        .learn
        .open
        .as_ref()
        .filter(|o| o.game == game && o.lesson.id == id)
    else {
        let body = match s.learn.book(game) {
            None => book_missing(s, game, dispatch),
            Some(_) => html! { <p role="alert">{ t("There is no such lesson.") }</p> },
        };
        return html! { <section class="page learn">{ back }{ body }</section> };
    };
    let puzzle = o.lesson.answer.is_some();
    let count = s.learn.book(game).map_or(0, |b| match puzzle {
        true => b.puzzles.len(),
        false => b.lessons.len(),
    });
    let (of, title, task) = match puzzle {
        true => (
            tf("Puzzle {} of {}", &[&(o.index + 1), &count]),
            t("Find the best move"),
            t("One move here is clearly better than every other: the computer's deep search says so. Find it."),
        ),
        false => (
            tf("Lesson {} of {}", &[&(o.index + 1), &count]),
            text(game, id, "title"),
            text(game, id, "task"),
        ),
    };
    html! {
        <section class="page lesson" data-lesson-open={id.to_string()}>
            { back }
            <h1>
                <span class="muted small">{ of }</span>
                <br />
                { title }
            </h1>
            <p class="lesson-task" data-lesson-task="">{ task }</p>
            { lesson_board(s, o, dispatch) }
        </section>
    }
}

fn lesson_board(s: &AppState, o: &OpenLesson, dispatch: &Callback<Action>) -> Html {
    let emit = dispatch.reform(|i| Action::Learn(LearnMsg::Input(i)));
    let v = o.board.play_view(&s.settings, &o.feedback, &emit);
    let (game, id) = (o.game.as_str(), o.lesson.id.as_str());
    // The goal's cells, ringed as a hint is.
    let cells: Vec<String> = o
        .lesson
        .goal
        .iter()
        .filter_map(|g| g.cell())
        .map(str::to_string)
        .collect();
    let marks = (!cells.is_empty()).then(|| {
        Rc::new(HintMarks {
            cells,
            rings_only: true,
            ..HintMarks::default()
        })
    });
    let playing = o.state == LessonState::Playing;
    let puzzle = o.lesson.answer.is_some();
    let again = click(dispatch, Action::Learn(LearnMsg::Again));
    let status = match &o.state {
        LessonState::Playing => html! {
            <div class="controls">
                if playing { { v.parts.controls.clone() } }
                { crate::widgets::button("lesson-restart", "ghost-button", t("Start again"), again) }
            </div>
        },
        LessonState::Done => html! {
            <div class="lesson-done" role="status" data-lesson-done="">
                <p><strong>{ "\u{2713} " }{ t("Done!") }</strong>{ " " }{ if puzzle { answer_words(o) } else { text(game, id, "done").into() } }</p>
                <div class="row wrap">
                    { crate::widgets::button("lesson-next", "primary", if puzzle { t("Next puzzle") } else { t("Next lesson") }, click(dispatch, Action::Learn(LearnMsg::Next))) }
                    { crate::widgets::button("lesson-restart", "ghost-button", t("Play it again"), again) }
                </div>
            </div>
        },
        LessonState::Missed(_) if puzzle => html! {
            <div class="lesson-missed" role="alert" data-lesson-missed="">
                <p><strong>{ t("Not the best move here.") }</strong></p>
                if o.revealed {
                    <p data-puzzle-answer="">{ answer_words(o) }</p>
                }
                <div class="row wrap">
                    { crate::widgets::button("lesson-again", "primary", t("Try again"), again.clone()) }
                    if !o.revealed {
                        { crate::widgets::button("puzzle-reveal", "ghost-button", t("Show the answer"), click(dispatch, Action::Learn(LearnMsg::Reveal))) }
                    }
                </div>
            </div>
        },
        LessonState::Missed(unmet) => {
            let names = o.board.names();
            let why: Vec<String> = unmet
                .iter()
                .map(|g| unmet_words(g, o.learner, &names))
                .collect();
            html! {
                <div class="lesson-missed" role="alert" data-lesson-missed="">
                    <p><strong>{ t("Not yet.") }</strong>{ " " }{ why.join(" ") }</p>
                    <p>{ text(game, id, "hint") }</p>
                    { crate::widgets::button("lesson-again", "primary", t("Try again"), again) }
                </div>
            }
        }
        LessonState::Broken => html! {
            <div class="lesson-missed" role="alert">
                <p>{ t("This lesson cannot go on from here.") }</p>
                { crate::widgets::button("lesson-again", "primary", t("Try again"), again) }
            </div>
        },
    };
    // The learner is "You" (on the seat the position shows them at: Fortress's
    // swap trades colours); the other seats keep their names.
    let name = |i: usize| match o.board.seat_index(i as Seat) == o.learner as usize {
        true => t("You").to_string(),
        false => v.names[i].clone(),
    };
    let seats = v.parts.seats.iter().enumerate().map(|(i, p)| {
        let seat = i as Seat;
        seat_panel(
            seat,
            &name(i),
            p,
            v.shown_to_move == Some(seat),
            v.shown_winners.contains(&seat),
            "",
            html! {},
        )
    });
    let title = AttrValue::from(tf("{} board, {}", &[&t(v.title), &v.parts.status]));
    html! {
        <div class={classes!("play", "play-main", v.parts.board.palette)}>
            <div class="board-wrap">
                <PlayBoard view={v.parts.board.clone()} dispatch={dispatch.clone()} shake={o.feedback.shake}
                    coordinates={s.settings.coordinates} hint={marks} {title} lesson={true} />
                <div class="board-feedback">
                    if let Some(m) = o.feedback.message.as_ref().filter(|_| playing) {
                        <p class="tap-message" role="status" data-tap-message="">{ m.words() }</p>
                    }
                </div>
            </div>
            <aside class="side">
                { status }
                <p class="muted small" role="status">{ v.parts.status.clone() }</p>
                <div class="seats">{ for seats }</div>
            </aside>
        </div>
    }
}
