//! A puzzle of a game of several actions a turn, through the app: a turn that
//! plays the key solves it, in whatever order; a turn that ends without it misses.

use super::*;
use crate::model::learn::{LearnMsg, LessonState};

/// Fort after the first spawns: the key is the spawn on d1.
const BOOK: &str = r#"{ "game": "fort", "lessons": [
    { "id": "walk", "setup": {}, "moves": ["@e2", "@e7"],
      "goal": [{ "piece": { "cell": "e3", "seat": 0, "kind": "dot" } }],
      "solution": ["e2-e3"], "misses": [["@f1"]] } ],
    "puzzles": [{ "id": "puzzle-1", "setup": {}, "moves": ["@e2", "@e7"],
      "answer": "@d1", "line": ["@d1", "e7-e6"] }] }"#;

fn opened() -> AppState {
    let mut s = AppState::load(&mut MemoryStore::default(), "", 0.0);
    let open = LearnMsg::Open("fort".into(), "puzzle-1".into());
    s.apply(Action::Learn(open), 1.0);
    let text = Ok(BOOK.to_string());
    let game = "fort".into();
    s.apply(Action::Learn(LearnMsg::Loaded { game, text }), 2.0);
    s
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
