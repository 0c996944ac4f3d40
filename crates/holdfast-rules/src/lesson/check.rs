//! A lesson checked as the tests and `holdfast lessons` check it: it opens, its
//! intended actions reach the goal, each of its misses leaves it unsolved, and a
//! refused action is refused with a reason.

use serde_json::{json, Value};

use super::{play_through, Lesson, LessonBook, Played};
use crate::catalogue::{with_game, GameFn};
use crate::game::Game;
use crate::record::report;

/// What is wrong with `lesson`, in words (empty: nothing).
pub fn problems<G: Game>(lesson: &Lesson) -> Vec<String> {
    let mut out = Vec::new();
    let g: G = match lesson.start() {
        Ok(g) => g,
        Err(e) => return vec![format!("it does not open: {e}")],
    };
    let puzzle = lesson.answer.is_some();
    if !puzzle && lesson.unmet(&g).is_empty() {
        out.push("its goal is met before a move".into());
    }
    if !puzzle && lesson.goal.is_empty() {
        out.push("it has no goal".into());
    }
    match play_through::<G>(lesson, &lesson.solution) {
        Ok(Played::Done(n)) if n == lesson.solution.len() => {}
        other => out.push(format!("its solution ends {other:?}")),
    }
    // A puzzle's misses are its other first actions (a few of them): in a turn
    // of several actions one leaves the puzzle unsolved, and a turn that ends
    // without the key misses it.
    let mut legal = Vec::new();
    g.legal_moves(&mut legal);
    let others: Vec<Vec<String>> = match &lesson.answer {
        Some(a) => legal
            .iter()
            .map(|&m| g.format_move(m))
            .filter(|m| m != a)
            .take(3)
            .map(|m| vec![m])
            .collect(),
        None => lesson.misses.clone(),
    };
    if others.is_empty() {
        out.push("it lists no miss".into());
    }
    for miss in &others {
        match play_through::<G>(lesson, miss) {
            Ok(Played::Missed(unmet)) if puzzle || !unmet.is_empty() => {}
            // Another first action of a turn of several: the turn goes on, unsolved.
            Ok(Played::Unfinished) if puzzle => {}
            other => out.push(format!("its miss {miss:?} ends {other:?}")),
        }
    }
    // An action the position refuses is refused with a reason, the position kept.
    let mut every = Vec::new();
    g.every_move(&mut every);
    if let Some(&refused) = every.iter().find(|m| !legal.contains(m)) {
        let mut h = g.clone();
        if h.play(refused).is_ok() {
            out.push(format!(
                "{} is not listed but plays",
                g.format_move(refused)
            ));
        }
    }
    out
}

/// The lesson's opening position as `holdfast replay` reports it, with its legal
/// actions: what a lesson's author reads.
pub fn opening<G: Game>(lesson: &Lesson) -> Value {
    match lesson.start::<G>() {
        Ok(g) => {
            let mut legal = Vec::new();
            g.legal_moves(&mut legal);
            let mut v = report(&g, lesson.moves.len());
            v["legal"] = json!(legal.iter().map(|&m| g.format_move(m)).collect::<Vec<_>>());
            v
        }
        Err(e) => json!({ "ok": false, "error": e.to_string() }),
    }
}

/// The game a book (JSON text) names.
fn book_game(text: &str) -> Result<String, String> {
    serde_json::from_str::<Value>(text)
        .map_err(|e| format!("not a book of lessons: {e}"))?
        .get("game")
        .and_then(Value::as_str)
        .map(str::to_string)
        .ok_or_else(|| "a book of lessons names its game".into())
}

/// Each lesson of a book (JSON text) with its problems, for the book's game: one
/// JSON object a lesson; `Err` when the book cannot be read.
pub fn check_book(text: &str) -> Result<Vec<Value>, String> {
    let game = book_game(text)?;
    struct Check<'a>(&'a str);
    impl GameFn for Check<'_> {
        type Out = Result<Vec<Value>, String>;
        fn call<G: Game>(self) -> Self::Out {
            let book = LessonBook::read::<G>(self.0).map_err(|e| e.to_string())?;
            let mut seen = std::collections::BTreeSet::new();
            Ok(book
                .lessons
                .iter()
                .chain(&book.puzzles)
                .map(|l| {
                    let mut problems = problems::<G>(l);
                    if !seen.insert(l.id.as_str()) {
                        problems.push("another lesson has its id".into());
                    }
                    let kind = if l.answer.is_some() { "puzzle" } else { "lesson" };
                    json!({ "game": G::ID, "id": l.id, "kind": kind, "ok": problems.is_empty(), "problems": problems })
                })
                .collect())
        }
    }
    with_game(&game, Check(text)).ok_or_else(|| format!("no game called {game}"))?
}

/// The opening of the lesson `id` in a book (JSON text).
pub fn show(text: &str, id: &str) -> Result<Value, String> {
    let game = book_game(text)?;
    struct Show<'a>(&'a str, &'a str);
    impl GameFn for Show<'_> {
        type Out = Result<Value, String>;
        fn call<G: Game>(self) -> Self::Out {
            let book = LessonBook::read::<G>(self.0).map_err(|e| e.to_string())?;
            let lesson = book.lesson(self.1).ok_or(format!("no lesson {}", self.1))?;
            Ok(opening::<G>(lesson))
        }
    }
    with_game(&game, Show(text, id)).ok_or_else(|| format!("no game called {game}"))?
}
