//! Lessons and puzzles of games of several actions a turn, through the app: a
//! goal met on the other side's answer; a puzzle's key played after a step of the
//! same turn solves it, and a turn that ends without it misses.

use super::*;
use crate::model::learn::{LearnMsg, LessonState};

/// Fort after the first spawns: the key is the spawn on d1.
const BOOK: &str = r#"{ "game": "fort", "lessons": [
    { "id": "walk", "setup": {}, "moves": ["@e2", "@e7"],
      "goal": [{ "piece": { "cell": "e3", "seat": 0, "kind": "dot" } }],
      "solution": ["e2-e3"], "misses": [["@f1"]] } ],
    "puzzles": [{ "id": "puzzle-1", "setup": {}, "moves": ["@e2", "@e7"],
      "answer": "@d1", "line": ["@d1", "e7-e6"] }] }"#;

/// A new app with lesson `id` of `game` open, from the book `text`.
fn opened_in(game: &str, id: &str, text: &str) -> AppState {
    let mut s = AppState::load(&mut MemoryStore::default(), "", 0.0);
    let open = LearnMsg::Open(game.into(), id.into());
    s.apply(Action::Learn(open), 1.0);
    let (game, text) = (game.into(), Ok(text.to_string()));
    s.apply(Action::Learn(LearnMsg::Loaded { game, text }), 2.0);
    s
}

fn opened() -> AppState {
    opened_in("fort", "puzzle-1", BOOK)
}

fn key(s: &mut AppState, name: &str, now: f64) {
    let o = s.learn.open.as_ref().expect("open");
    let v = o
        .board
        .play_view(&s.settings, &o.feedback, &yew::Callback::noop());
    let c = v
        .parts
        .board
        .cells
        .iter()
        .find(|c| c.name == name)
        .unwrap()
        .id;
    s.apply(Action::Learn(LearnMsg::Input(Input::Key(c))), now);
}

fn state(s: &AppState) -> &LessonState {
    &s.learn.open.as_ref().unwrap().state
}

#[test]
fn a_turn_that_plays_the_key_after_a_step_solves_the_puzzle() {
    let mut s = opened();
    // A step first: the turn goes on, nothing said yet.
    key(&mut s, "e2", 3.0);
    key(&mut s, "e3", 4.0);
    assert_eq!(state(&s), &LessonState::Playing);
    key(&mut s, "d1", 5.0);
    assert_eq!(state(&s), &LessonState::Done);
    assert!(s.learn.progress.done("fort", "puzzle-1"));
}

#[test]
fn a_turn_that_ends_without_the_key_misses_it() {
    let mut s = opened();
    key(&mut s, "e2", 3.0);
    key(&mut s, "e3", 4.0);
    key(&mut s, "f1", 5.0);
    assert_eq!(state(&s), &LessonState::Missed(Vec::new()));
    assert!(!s.learn.progress.done("fort", "puzzle-1"));
    // Started again, the key at once solves it.
    s.apply(Action::Learn(LearnMsg::Again), 6.0);
    key(&mut s, "d1", 7.0);
    assert_eq!(state(&s), &LessonState::Done);
}

/// Frontier's `city-free` from the shipped book: the goal (three generals) holds
/// only once the other side's answer has ended its turn and a new general has
/// come to the freed city.
#[test]
fn a_goal_met_on_the_other_sides_answer_ticks_the_lesson() {
    let book = include_str!("../../../../../web/lessons/frontier.json");
    let mut s = opened_in("frontier", "city-free", book);
    let command = |s: &mut AppState, c: crate::games::frontier::Command, now: f64| {
        s.apply(Action::Learn(LearnMsg::Input(Input::command(c))), now);
    };
    let walk = crate::games::frontier::Command::OrderChoice(false);
    // c3 walks on to c4 (a move, not a build), then the city's general to c3.
    key(&mut s, "c3", 3.0);
    key(&mut s, "c4", 4.0);
    command(&mut s, walk, 5.0);
    key(&mut s, "c2", 6.0);
    key(&mut s, "c3", 7.0);
    command(&mut s, walk, 8.0);
    let o = s.learn.open.as_ref().unwrap();
    assert_eq!(
        o.state,
        LessonState::Playing,
        "{:?}",
        o.board.record().moves
    );
    let end = crate::games::frontier::Command::EndTurn;
    let fx = s.apply(Action::Learn(LearnMsg::Input(Input::command(end))), 9.0);
    let o = s.learn.open.as_ref().unwrap();
    let moves = &o.board.record().moves;
    assert_eq!(moves[moves.len() - 2..], ["c3-c4 c2-c3", "c7-d7 c6-c5"]);
    assert_eq!(o.state, LessonState::Done);
    assert!(s.learn.progress.done("frontier", "city-free"));
    assert!(fx.iter().any(|e| matches!(e, Effect::WriteProgress(_))));
}
