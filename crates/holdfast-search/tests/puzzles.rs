//! Every puzzle the app ships (`web/lessons/GAME.json`, its `puzzles`, made by
//! `holdfast puzzles`): searched again here from another seed, its answer is still
//! the search's choice, no other first action it weighed has a higher chance, and
//! searched on their own, the answer's chance is above each of its rivals'.

use std::path::Path;

use holdfast_rules::catalogue::{ids, with_game, GameFn};
use holdfast_rules::lesson::LessonBook;
use holdfast_rules::Game;
use holdfast_search::puzzle::{clear_apart, clear_best, weigh};

/// Iterations of the search that checks each puzzle (the book's were found with
/// five searches of 100,000 agreeing, each by a margin of 0.3, docs/lessons.md).
const ITERATIONS: u32 = 100_000;
/// The margin the answer keeps here over its rivals in the search's tree: it
/// stays the search's choice, and no rival's chance is above its own (one search's
/// chances swing by a tenth or two from seed to seed, so the finder's margins, 0.3
/// in five trees and more apart, are not asked for again).
const MARGIN: f32 = 0.0;
/// The margin over its rivals searched on their own: above them, not level (two
/// ways to win at once make no puzzle).
const APART_MARGIN: f32 = 0.01;

struct Check(String);

impl GameFn for Check {
    type Out = Vec<String>;
    fn call<G: Game>(self) -> Vec<String> {
        let book = LessonBook::read::<G>(&self.0).unwrap();
        assert!(
            book.puzzles.len() >= 20,
            "{}: {} puzzles",
            G::ID,
            book.puzzles.len()
        );
        let mut wrong = Vec::new();
        for p in &book.puzzles {
            let g: G = p.start().unwrap();
            let answer = p.answer.as_deref().unwrap();
            // A seed of the puzzle's own (its place in the book may change).
            let seed = p.moves.len() as u64 * 1_000 + answer.bytes().map(u64::from).sum::<u64>();
            let Some(weighed) = weigh(&g, ITERATIONS, seed) else {
                wrong.push(format!("{} {}: no search ran", G::ID, p.id));
                continue;
            };
            let best = g.format_move(weighed[0].action);
            let chosen = clear_best(&weighed, MARGIN).map(|(b, _)| g.format_move(b.action));
            if chosen.as_deref() == Some(answer) {
                if clear_apart(&g, &weighed, ITERATIONS, seed, APART_MARGIN).is_none() {
                    wrong.push(format!(
                        "{} {}: a rival searched on its own does as well",
                        G::ID,
                        p.id
                    ));
                }
                continue;
            }
            wrong.push(format!(
                "{} {}: the search prefers {best} (answer {answer}): {:?}",
                G::ID,
                p.id,
                weighed
                    .iter()
                    .take(3)
                    .map(|w| (g.format_move(w.action), w.chance))
                    .collect::<Vec<_>>()
            ));
        }
        wrong
    }
}

#[test]
fn every_puzzle_answer_is_the_clear_best_and_no_other_move_is() {
    let mut wrong = Vec::new();
    for game in ids() {
        let path = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../../web/lessons")
            .join(format!("{game}.json"));
        let text = std::fs::read_to_string(&path).unwrap();
        wrong.extend(with_game(game, Check(text)).unwrap());
    }
    assert!(wrong.is_empty(), "{wrong:#?}");
}
