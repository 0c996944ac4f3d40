//! Every lesson of every game (`web/lessons/GAME.json`, docs/lessons.md) played
//! through: it opens, its solution reaches the goal, each of its misses leaves it
//! unsolved (a legal move answered with the condition it missed), and an action
//! the rules refuse comes back with a reason.

use std::path::Path;

use holdfast_rules::catalogue::{ids, with_game, GameFn};
use holdfast_rules::lesson::{check::check_book, play_through, LessonBook, Played};
use holdfast_rules::Game;

fn book_text(game: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../web/lessons")
        .join(format!("{game}.json"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

#[test]
fn every_game_has_at_least_six_lessons_and_each_plays_as_it_says() {
    for game in ids() {
        let lines = check_book(&book_text(game)).unwrap();
        let lessons = lines.iter().filter(|l| l["kind"] == "lesson").count();
        assert!(lessons >= 6, "{game}: {lessons} lessons");
        let bad: Vec<_> = lines.iter().filter(|l| l["ok"] != true).collect();
        assert!(bad.is_empty(), "{game}: {bad:#?}");
    }
}

/// A book's lessons, typed, with every miss's end.
struct Misses(String);

impl GameFn for Misses {
    type Out = Vec<(String, Played)>;
    fn call<G: Game>(self) -> Self::Out {
        let book = LessonBook::read::<G>(&self.0).unwrap();
        let mut out = Vec::new();
        for l in &book.lessons {
            for miss in &l.misses {
                out.push((l.id.clone(), play_through::<G>(l, miss).unwrap()));
            }
        }
        out
    }
}

#[test]
fn every_miss_is_answered_with_what_it_missed() {
    for game in ids() {
        let ends = with_game(game, Misses(book_text(game))).unwrap();
        assert!(!ends.is_empty(), "{game}: no misses");
        for (id, end) in ends {
            match end {
                Played::Missed(unmet) => assert!(!unmet.is_empty(), "{game} {id}"),
                other => panic!("{game} {id}: a miss ends {other:?}"),
            }
        }
    }
}

#[test]
fn frontiers_lessons_cover_its_three_modes() {
    let book: serde_json::Value = serde_json::from_str(&book_text("frontier")).unwrap();
    let mut modes: Vec<u64> = book["lessons"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l["setup"]["mode"].as_u64().unwrap_or(1))
        .collect();
    modes.sort();
    modes.dedup();
    assert_eq!(modes, [1, 2, 3]);
}

#[test]
fn a_broken_book_is_refused_with_a_reason() {
    assert!(check_book("{").is_err());
    assert!(check_book(r#"{"game": "chess", "lessons": []}"#).is_err());
    let bad = r#"{"game": "fortress", "lessons": [{"id": "x", "goal": [], "solution": ["q9"]}]}"#;
    let lines = check_book(bad).unwrap();
    assert_eq!(lines[0]["ok"], false);
    assert!(
        lines[0]["problems"].as_array().unwrap().len() >= 3,
        "{lines:?}"
    );
}

/// The rules a lesson teaches by a refusal: the lesson's first action would be
/// the natural one, and the rules refuse it with their reason.
#[test]
fn the_lessons_taught_by_a_refusal_are_refused_with_the_rule() {
    use holdfast_rules::citadel::Citadel;
    let book = LessonBook::read::<Citadel>(&book_text("citadel")).unwrap();
    let cap = book.lessons.iter().find(|l| l.id == "cap").unwrap();
    // 100 warriors stand, both sides counted: the recruit beside e5 is refused...
    match play_through::<Citadel>(cap, &["R:e6".to_string()]) {
        Ok(Played::Refused(0, e)) => assert!(e.to_string().contains("100 warriors"), "{e}"),
        other => panic!("{other:?}"),
    }
    // ...and allowed once an enemy warrior is gone.
    assert_eq!(
        play_through::<Citadel>(cap, &cap.solution),
        Ok(Played::Done(2))
    );
}
