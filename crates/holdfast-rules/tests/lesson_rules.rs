//! The lessons' machinery (`holdfast_rules::lesson`) on small lessons of its own:
//! how a lesson is read, opened, judged and checked.

use holdfast_rules::citadel::Citadel;
use holdfast_rules::fortress::Fortress;
use holdfast_rules::frontier::Frontier;
use holdfast_rules::lesson::{check, play_through, Goal, Lesson, LessonBook, LessonError, Played};
use holdfast_rules::{Game, MoveError, Record};
use serde_json::json;

/// Fortress on the Classic board: the second player holds b2 and b3 (b2's defence
/// 2) and the first has a2 and c2 beside b2; a third piece beside it clears it.
fn clear_b2_json() -> serde_json::Value {
    json!({
        "id": "clear",
        "setup": { "map": "classic" },
        "moves": ["a2", "b2", "f6", "b3", "c2", "f5"],
        "goal": [{ "empty": { "cell": "b2" } }],
        "solution": ["b1"],
        "misses": [["a1"]]
    })
}

fn clear_b2() -> Lesson {
    Lesson::from_value(&clear_b2_json()).unwrap()
}

fn texts(a: &[&str]) -> Vec<String> {
    a.iter().map(|s| s.to_string()).collect()
}

#[test]
fn the_intended_move_meets_the_goal() {
    let l = clear_b2();
    assert_eq!(
        play_through::<Fortress>(&l, &l.solution),
        Ok(Played::Done(1))
    );
}

#[test]
fn a_move_that_misses_ends_the_lesson_with_the_unmet_condition() {
    let l = clear_b2();
    let unmet = vec![Goal::Empty { cell: "b2".into() }];
    assert_eq!(
        play_through::<Fortress>(&l, &texts(&["a1"])),
        Ok(Played::Missed(unmet))
    );
}

#[test]
fn a_refused_move_comes_back_with_the_rules_reason() {
    let l = clear_b2();
    match play_through::<Fortress>(&l, &texts(&["b2"])) {
        Ok(Played::Refused(0, MoveError::HeldBy { seat: 1, .. })) => {}
        other => panic!("{other:?}"),
    }
    match play_through::<Fortress>(&l, &texts(&["z9"])) {
        Ok(Played::Refused(0, MoveError::UnknownCell(_))) => {}
        other => panic!("{other:?}"),
    }
}

#[test]
fn answers_come_between_the_learners_turns() {
    let mut l = clear_b2();
    l.turns = 2;
    l.answers = texts(&["e5"]);
    // The first turn misses, the answer comes, the second turn clears b2.
    assert_eq!(
        play_through::<Fortress>(&l, &texts(&["a1", "b1"])),
        Ok(Played::Done(2))
    );
    // Two misses use up both turns.
    let unmet = vec![Goal::Empty { cell: "b2".into() }];
    assert_eq!(
        play_through::<Fortress>(&l, &texts(&["a1", "a3"])),
        Ok(Played::Missed(unmet))
    );
    // One miss leaves the lesson going.
    assert_eq!(
        play_through::<Fortress>(&l, &texts(&["a1"])),
        Ok(Played::Unfinished)
    );
    // An answer that cannot be played is reported, not passed over.
    l.answers = texts(&["a1"]);
    match play_through::<Fortress>(&l, &texts(&["a1"])) {
        Ok(Played::BadAnswer(e, MoveError::HeldBy { .. })) => assert_eq!(e, "a1"),
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_lesson_that_cannot_open_says_why() {
    let mut l = clear_b2();
    l.moves.push("b2".into());
    assert!(matches!(l.start::<Fortress>(), Err(LessonError::Move(b)) if b.index == 6));
    let mut l = clear_b2();
    l.goal = vec![Goal::Empty { cell: "q1".into() }];
    assert_eq!(
        l.start::<Fortress>().err(),
        Some(LessonError::UnknownCell("q1".into()))
    );
    let mut l = clear_b2();
    l.setup = json!({ "map": "nowhere" });
    assert!(matches!(l.start::<Fortress>(), Err(LessonError::Record(_))));
    let mut l = clear_b2();
    l.moves = texts(&["pass", "pass"]);
    assert_eq!(l.start::<Fortress>().err(), Some(LessonError::Over));
}

#[test]
fn a_book_is_read_for_its_own_game_only() {
    let book = json!({ "game": "fortress", "lessons": [clear_b2_json()] }).to_string();
    let read = LessonBook::read::<Fortress>(&book).unwrap();
    assert_eq!(read.lesson("clear"), Some(&clear_b2()));
    assert_eq!(read.lesson("other"), None);
    assert_eq!(
        LessonBook::read::<Frontier>(&book),
        Err(LessonError::OtherGame("fortress".into()))
    );
    assert!(matches!(
        LessonBook::read::<Fortress>("{"),
        Err(LessonError::Json(_))
    ));
    let unknown = json!({ "game": "fortress", "lessons": [], "extra": 1 }).to_string();
    assert!(matches!(
        LessonBook::read::<Fortress>(&unknown),
        Err(LessonError::Json(_))
    ));
}

#[test]
fn every_kind_of_condition_reads_the_position() {
    // Frontier mode 1 on a 7x5 field: the first player builds c2, taking it and the
    // cells around it.
    let setup = json!({ "mode": 1, "width": 7, "height": 5, "cities": ["c1", "c7"], "turns": 3 });
    let record = Record {
        game: "frontier".into(),
        setup,
        moves: texts(&["c3"]),
        ..Record::new::<Frontier>(&Default::default())
    };
    let (g, bad) = record.replay::<Frontier>().unwrap();
    assert_eq!(bad, None);
    let holds = |v: serde_json::Value| Goal::from_value(&v).unwrap().holds(&g);
    assert!(holds(
        json!({ "piece": { "cell": "c3", "seat": 0, "kind": "fort" } })
    ));
    assert!(holds(json!({ "piece": { "cell": "c3", "seat": 0 } })));
    assert!(!holds(json!({ "piece": { "cell": "c3", "seat": 1 } })));
    assert!(!holds(
        json!({ "piece": { "cell": "c3", "seat": 0, "kind": "city" } })
    ));
    assert!(holds(json!({ "empty": { "cell": "d4" } })));
    assert!(!holds(json!({ "empty": { "cell": "c3" } })));
    assert!(holds(json!({ "owner": { "cell": "c4", "seat": 0 } })));
    assert!(!holds(json!({ "owner": { "cell": "c4", "seat": 1 } })));
    let owned = g
        .tally()
        .owners
        .unwrap()
        .iter()
        .filter(|(_, s)| *s == 0)
        .count() as u32;
    assert!(holds(json!({ "owns": { "seat": 0, "at_least": owned } })));
    assert!(!holds(
        json!({ "owns": { "seat": 0, "at_least": owned + 1 } })
    ));
    assert!(holds(
        json!({ "pieces": { "seat": 0, "kind": "fort", "at_least": 1 } })
    ));
    assert!(!holds(
        json!({ "pieces": { "seat": 0, "kind": "fort", "at_least": 2 } })
    ));
    assert!(holds(
        json!({ "fewer_pieces": { "seat": 1, "kind": "fort", "at_most": 0 } })
    ));
    assert!(!holds(
        json!({ "fewer_pieces": { "seat": 0, "at_most": 1 } })
    ));
    let score = g.scores()[0];
    assert!(holds(json!({ "score": { "seat": 0, "at_least": score } })));
    assert!(!holds(
        json!({ "score": { "seat": 0, "at_least": score + 1 } })
    ));
    assert!(!holds(json!({ "winner": { "seat": 0 } })));
    assert!(!holds(json!({ "walls": { "at_least": 1 } })));
    assert!(holds(json!({ "walls": { "at_least": 0 } })));
    assert!(!holds(
        json!({ "mark": { "key": "generals", "cell": "c3", "seat": 0 } })
    ));
    assert!(!holds(json!({ "draw": {} })));
    assert!(!holds(json!({ "swapped": {} })));
    assert!(holds(
        json!({ "marks": { "key": "generals", "seat": 0, "at_least": 0 } })
    ));
    assert!(!holds(
        json!({ "marks": { "key": "generals", "seat": 0, "at_least": 1 } })
    ));
}

/// A record of `game` with `setup` and `moves`, replayed.
fn replayed<G: Game>(game: &str, setup: serde_json::Value, moves: &[&str]) -> G {
    let record = Record {
        game: game.into(),
        setup,
        moves: texts(moves),
        ..Record::new::<G>(&Default::default())
    };
    let (g, bad) = record.replay::<G>().unwrap();
    assert_eq!(bad, None);
    g
}

#[test]
fn a_draw_a_swap_and_a_count_of_marks_are_read_from_the_position() {
    let holds = |g: &dyn Fn(&Goal) -> bool, v: serde_json::Value| g(&Goal::from_value(&v).unwrap());
    // Citadel: a draw agreed is a draw, and nobody's win.
    let moves = ["e5", "j11", "e8", "c10", "k7", "c5", "j3", "g11", "h5"];
    let drafted = [&moves[..], &["j11", "e5", "k7", "c10", "g11", "j3"]].concat();
    let g: Citadel = replayed(
        "citadel",
        json!({ "size": 13 }),
        &[&drafted[..], &["draw"]].concat(),
    );
    let on = |c: &Goal| c.holds(&g);
    assert!(holds(&on, json!({ "draw": {} })));
    assert!(!holds(&on, json!({ "winner": { "seat": 0 } })));
    let g: Citadel = replayed("citadel", json!({ "size": 13 }), &drafted);
    assert!(!Goal::Draw.holds(&g));
    // Fortress with the pie rule: the swap is seen, a placement is not one.
    let pie = json!({ "map": "classic", "pie": true });
    let g: Fortress = replayed("fortress", pie.clone(), &["c3", "swap"]);
    assert!(Goal::Swapped.holds(&g));
    let g: Fortress = replayed("fortress", pie, &["c3", "d4"]);
    assert!(!Goal::Swapped.holds(&g));
    // Frontier's mode 3: a general a turn, counted by seat.
    let setup = json!({ "mode": 3, "width": 7, "height": 5, "cities": ["c2", "c6"], "turns": 3 });
    let g: Frontier = replayed("frontier", setup, &["c2-c3", "c6-c7"]);
    let marks = |seat: u8, at_least: u32| Goal::Marks {
        key: "generals".into(),
        seat,
        at_least,
    };
    assert!(marks(0, 2).holds(&g), "c3 and the new one in c2");
    assert!(!marks(0, 3).holds(&g));
    assert!(marks(1, 1).holds(&g) && !marks(1, 2).holds(&g));
}

#[test]
fn a_goal_met_by_the_other_sides_answer_ends_the_lesson_done() {
    // Frontier's mode 3: the city's way out is c3 (mountains all round). With c3
    // moved on and the city's general out, the answer's turn ends and a third
    // general appears in the free city: done on the answer, not on a move.
    let l = Lesson::from_value(&json!({
        "id": "free",
        "setup": { "mode": 3, "width": 7, "height": 5, "cities": ["c2", "c6"], "turns": 4,
                   "mountains": ["b1", "b2", "c1", "d1", "d2"] },
        "moves": ["c2-c3", "c6-c7"],
        "goal": [{ "marks": { "key": "generals", "seat": 0, "at_least": 3 } }],
        "turns": 2, "answers": ["c7-d7 c6-c5"],
        "solution": ["c3-c4", "c2-c3", "-"],
        "misses": [["-", "c3-c4", "c2-c3", "-"]]
    }))
    .unwrap();
    assert_eq!(
        play_through::<Frontier>(&l, &l.solution),
        Ok(Played::Done(3))
    );
    // The city's general stuck behind c3 keeps the next one out: after the answer
    // two generals, and the second turn cannot bring a third in time.
    let unmet = vec![Goal::Marks {
        key: "generals".into(),
        seat: 0,
        at_least: 3,
    }];
    assert_eq!(
        play_through::<Frontier>(&l, &l.misses[0]),
        Ok(Played::Missed(unmet))
    );
    assert!(check::problems::<Frontier>(&l).is_empty());
}

#[test]
fn a_book_with_a_misspelt_or_missing_field_is_refused_with_what_is_wrong() {
    let read = |v: serde_json::Value| LessonBook::from_text(&v.to_string()).err().unwrap();
    let mut l = clear_b2_json();
    l["soluton"] = json!(["b1"]);
    assert!(read(json!({ "game": "fortress", "lessons": [l] })).contains("soluton"));
    let mut l = clear_b2_json();
    l["goal"] = json!([{ "emtpy": { "cell": "b2" } }]);
    assert!(read(json!({ "game": "fortress", "lessons": [l] })).contains("emtpy"));
    let mut l = clear_b2_json();
    l["goal"] = json!([{ "piece": { "cell": "b2", "seat": 300 } }]);
    assert!(read(json!({ "game": "fortress", "lessons": [l] })).contains("seat"));
    let mut l = clear_b2_json();
    l["goal"] = json!([{ "empty": { "cell": "b2" }, "owner": { "cell": "b2", "seat": 0 } }]);
    assert!(read(json!({ "game": "fortress", "lessons": [l] })).contains("one name"));
    let mut l = clear_b2_json();
    l["moves"] = json!(["a2", 3]);
    assert!(read(json!({ "game": "fortress", "lessons": [l] })).contains("\"moves\""));
    assert!(read(json!({ "game": "fortress" })).contains("\"lessons\""));
    assert!(read(json!([])).contains("a book of lessons"));
    // Every condition's fields read back (a turn count and a mark of nobody's too).
    let v = json!({ "id": "all", "turns": 3, "solution": [], "goal": [
        { "piece": { "cell": "a1", "seat": 1, "kind": "dot" } }, { "empty": { "cell": "a1" } },
        { "owner": { "cell": "a1", "seat": 0 } }, { "owns": { "seat": 0, "at_least": 4 } },
        { "mark": { "key": "citadels", "cell": "a1", "seat": null } },
        { "walls": { "at_least": 2 } }, { "pieces": { "seat": 0, "at_least": 5 } },
        { "fewer_pieces": { "seat": 1, "kind": "dot", "at_most": 0 } },
        { "score": { "seat": 1, "at_least": -2 } }, { "winner": { "seat": 0 } } ] });
    let l = Lesson::from_value(&v).unwrap();
    assert_eq!(l.turns, 3);
    assert_eq!(l.goal.len(), 10);
    assert_eq!(
        l.goal[4],
        Goal::Mark {
            key: "citadels".into(),
            cell: "a1".into(),
            seat: None
        }
    );
    assert_eq!(
        l.goal[8],
        Goal::Score {
            seat: 1,
            at_least: -2
        }
    );
}

#[test]
fn a_puzzle_is_solved_by_its_answer_and_missed_by_any_other_first_action() {
    let v = json!({ "id": "puzzle-1", "setup": { "map": "classic" },
        "moves": ["a2", "b2", "f6", "b3", "c2", "f5"], "answer": "b1",
        "line": ["b1", "e5"], "chance": 0.9, "second": 0.4 });
    let p = Lesson::from_value(&v).unwrap();
    assert_eq!((p.solution.clone(), p.goal.len()), (texts(&["b1"]), 0));
    assert_eq!((p.chance, p.second), (Some(0.9), Some(0.4)));
    assert_eq!(
        play_through::<Fortress>(&p, &texts(&["b1"])),
        Ok(Played::Done(1))
    );
    assert_eq!(
        play_through::<Fortress>(&p, &texts(&["a1"])),
        Ok(Played::Missed(vec![]))
    );
    assert!(
        check::problems::<Fortress>(&p).is_empty(),
        "{:?}",
        check::problems::<Fortress>(&p)
    );
    let mut bad = p.clone();
    bad.answer = Some("b2".into());
    assert!(
        !check::problems::<Fortress>(&bad).is_empty(),
        "an answer the rules refuse"
    );
    let book = json!({ "game": "fortress", "lessons": [clear_b2_json()], "puzzles": [v] });
    let book = LessonBook::read::<Fortress>(&book.to_string()).unwrap();
    assert_eq!(book.lesson("puzzle-1"), Some(&p));
    assert_eq!(book.lesson("clear").map(|l| l.answer.is_none()), Some(true));
}

#[test]
fn a_puzzle_of_several_actions_a_turn_is_solved_by_a_turn_that_plays_its_key() {
    use holdfast_rules::fort::Fort;
    // Fort: the key is the spawn on d1; a step that waits may come first.
    let p = Lesson::from_value(&json!({ "id": "puzzle-1", "setup": {},
        "moves": ["@e2", "@e7"], "answer": "@d1", "line": ["@d1"] }))
    .unwrap();
    assert_eq!(
        play_through::<Fort>(&p, &texts(&["@d1"])),
        Ok(Played::Done(1))
    );
    assert_eq!(
        play_through::<Fort>(&p, &texts(&["e2-e3", "@d1"])),
        Ok(Played::Done(2))
    );
    // Another first action leaves the turn going; a turn without the key misses.
    assert_eq!(
        play_through::<Fort>(&p, &texts(&["e2-e3"])),
        Ok(Played::Unfinished)
    );
    assert_eq!(
        play_through::<Fort>(&p, &texts(&["e2-e3", "@f1"])),
        Ok(Played::Missed(vec![]))
    );
    assert!(
        check::problems::<Fort>(&p).is_empty(),
        "{:?}",
        check::problems::<Fort>(&p)
    );
}
