//! The computer seats and hints, through the whole model (the decisions alone are in `computer.rs`).

use super::*;

#[test]
fn the_computer_is_asked_only_on_its_turn_and_its_answer_plays_there_alone() {
    let mut s = against(&["person", "level2"]);
    // The person to move: nothing to search until a hint is asked for.
    assert_eq!(s.search_job(), None);
    s.apply(Action::Computer(ComputerMsg::Hint), 2.0);
    let job = s.search_job().unwrap();
    assert!(job.hint && job.player == HINT_PLAYER);
    s.apply(
        Action::Computer(ComputerMsg::Answer {
            key: job.key.clone(),
            hint: true,
            action: Some("c3".into()),
        }),
        2.0,
    );
    assert_eq!(s.search_job(), None, "the hint is found");
    s.apply(Action::Computer(ComputerMsg::PlayHint), 3.0);
    assert_eq!(s.table.game.as_ref().unwrap().record().moves, vec!["c3"]);
    // The computer's turn: a search as level 2; a tap meanwhile is refused.
    let job = s.search_job().unwrap();
    assert_eq!((job.player.as_str(), job.hint), ("level2", false));
    s.apply(Action::Game(Input::Tap(0)), 3.0);
    assert_eq!(s.table.feedback.message, Some(Said::ComputerTurn));
    assert_eq!(s.table.game.as_ref().unwrap().record().moves.len(), 1);
    // An answer about another position is ignored; this one's is played.
    let stale = PositionKey {
        moves: 0,
        ..job.key.clone()
    };
    s.apply(
        Action::Computer(ComputerMsg::Answer {
            key: stale,
            hint: false,
            action: Some("d4".into()),
        }),
        4.0,
    );
    assert_eq!(s.table.game.as_ref().unwrap().record().moves.len(), 1);
    answer(&mut s, "d4");
    assert_eq!(
        s.table.game.as_ref().unwrap().record().moves,
        vec!["c3", "d4"]
    );
    assert_eq!(s.search_job(), None, "the person's turn again");
}

#[test]
fn move_now_plays_the_preference_and_undo_goes_back_to_the_person() {
    let mut s = against(&["person", "level5"]);
    s.apply(Action::Game(Input::Key(0)), 1.0);
    let key = s.position_key().unwrap();
    s.apply(Action::Computer(ComputerMsg::MoveNow), 2.0);
    assert_eq!(
        s.table.game.as_ref().unwrap().record().moves.len(),
        1,
        "nothing preferred yet"
    );
    // The first preference then plays at once.
    s.apply(
        Action::Computer(ComputerMsg::Progress {
            key,
            iterations: 64,
            best: Some("e5".into()),
        }),
        3.0,
    );
    assert_eq!(s.table.game.as_ref().unwrap().record().moves.len(), 2);
    // Undo: the computer's move and the person's, back to the person's decision.
    s.apply(Action::Undo, 4.0);
    assert!(s.table.game.as_ref().unwrap().record().moves.is_empty());
    assert_eq!(s.search_job(), None);
}

#[test]
fn computers_alone_pause_resume_and_undo_one_action() {
    let mut s = against(&["level1", "level1"]);
    assert!(s.search_job().is_some());
    answer(&mut s, "c3");
    answer(&mut s, "d4");
    s.apply(Action::Computer(ComputerMsg::Pause(true)), 3.0);
    assert_eq!(s.search_job(), None);
    s.apply(Action::Computer(ComputerMsg::Pause(false)), 3.0);
    assert!(s.search_job().is_some());
    s.apply(Action::Undo, 4.0);
    assert_eq!(s.table.game.as_ref().unwrap().record().moves, vec!["c3"]);
    assert!(s.computer.paused, "after an undo the computers wait");
    // The seats travel with the game: a rematch moves them round with the names.
    s.apply(Action::Rematch, 5.0);
    assert_eq!(
        s.table.game.as_ref().unwrap().record().seats,
        vec!["level1", "level1"]
    );
    let mut t = against(&["person", "level3"]);
    t.apply(Action::Rematch, 2.0);
    assert_eq!(
        t.table.game.as_ref().unwrap().record().seats,
        vec!["level3", "person"]
    );
}

/// Offering to count against the computer: it answers at once, accepting only a
/// count that it wins.
#[test]
fn the_computer_answers_an_offer_to_count() {
    let offer = || {
        Action::Game(Input::command(crate::games::fort::Command::OfferCount(
            true,
        )))
    };
    let start = |seats: [&str; 2], moves: &[&str]| {
        let mut s = fresh();
        let mut r = games::new_record("fort").unwrap();
        r.seats = seats.iter().map(|m| m.to_string()).collect();
        r.moves = moves.iter().map(|m| m.to_string()).collect();
        s.apply(Action::Start(r), 1.0);
        s
    };
    // At the start the count is even: it declines, and the game goes on.
    let mut s = start(["person", "level2"], &[]);
    s.apply(offer(), 2.0);
    assert!(!s.table.game.as_ref().unwrap().is_over());
    assert!(said(&s).contains("declines"));
    // The computer first, a dot ahead when the person offers: it accepts, and
    // the count ends the game in its favour.
    let mut s = start(["level2", "person"], &["@e2"]);
    s.apply(offer(), 2.0);
    let g = s.table.game.as_ref().unwrap();
    assert!(g.is_over(), "{:?}", s.table.feedback.message);
    assert_eq!(g.record().moves, vec!["@e2", "count"]);
    assert!(said(&s).contains("accepts"));
}

/// A computer's multi-action turn is asked for and played one action at a time.
#[test]
fn a_computers_turn_of_several_actions_goes_action_by_action() {
    let mut s = fresh();
    let mut r = games::new_record("fort").unwrap();
    r.seats = vec!["level2".into(), "person".into()];
    r.moves = vec!["@e2".into(), "@f7".into()];
    s.apply(Action::Start(r), 1.0);
    let first = s.search_job().unwrap();
    assert_eq!((first.key.moves, first.key.turn), (2, 0));
    answer(&mut s, "e2-e3");
    // The same seat still to move, the turn under way: the next action is asked.
    let next = s.search_job().unwrap();
    assert_eq!((next.key.moves, next.key.turn), (2, 1));
    assert_eq!(s.table.game.as_ref().unwrap().record().moves.len(), 2);
    answer(&mut s, "@e2");
    assert_eq!(last_move(&s), Some("e2-e3 @e2"));
    assert_eq!(s.search_job(), None, "the person's turn");
}

/// Two computers after a person (three seats): each is asked in turn, and undo
/// takes back both computers' moves and the person's.
#[test]
fn several_computers_play_in_turn_and_undo_passes_them_all() {
    let mut s = fresh();
    let mut r = games::new_record("fortress").unwrap();
    r.setup = serde_json::json!({"map": "square-8", "players": 3});
    r.seats = vec!["person".into(), "level1".into(), "level1".into()];
    s.apply(Action::Start(r), 1.0);
    s.apply(Action::Game(Input::Key(0)), 1.0);
    assert_eq!(s.search_job().unwrap().player, "level1");
    answer(&mut s, "d4");
    assert!(s.search_job().is_some(), "the third seat is a computer too");
    answer(&mut s, "e5");
    assert_eq!(s.search_job(), None);
    assert_eq!(s.table.game.as_ref().unwrap().record().moves.len(), 3);
    s.apply(Action::Undo, 2.0);
    assert!(s.table.game.as_ref().unwrap().record().moves.is_empty());
    assert!(
        !s.computer.paused,
        "people play: the computers do not pause"
    );
}

/// Fortress's pie rule: the person's swap takes over the computer's colour, and
/// the computer plays on with the other one (players follow the names).
#[test]
fn after_a_swap_the_computer_plays_the_colour_it_was_given() {
    let mut s = fresh();
    let mut r = first_game();
    r.setup = serde_json::json!({"pie": true});
    r.names = vec!["Cee".into(), "Pat".into()];
    r.seats = vec!["level2".into(), "person".into()];
    r.moves = vec!["c3".into()];
    s.apply(Action::Start(r), 1.0);
    assert_eq!(s.search_job(), None, "the person's turn");
    let swap = Input::command(crate::games::fortress::Command::Swap);
    s.apply(Action::Game(swap), 2.0);
    let g = s.table.game.as_ref().unwrap();
    assert_eq!(g.record().moves, vec!["c3", "swap"]);
    assert_eq!(g.names(), vec!["Pat", "Cee"]);
    assert_eq!(
        g.seat_players(),
        vec![SeatPlayer::Person, SeatPlayer::from_word("level2")]
    );
    // Blue moves next, and Blue is now the computer's.
    assert_eq!(s.search_job().unwrap().player, "level2");
}
