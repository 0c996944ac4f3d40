//! Looking back, replays, branching, rematches and the sounds of moves landing.

use super::*;

/// Sounds: a move that lands in the open game is heard as a placement, a
/// capture, the turn coming back from the computer, or the end; an undo or a
/// game opened is not.
#[test]
fn sounds_tell_a_placement_a_capture_a_turn_coming_round_and_the_end() {
    let mut s = fresh();
    let mut r = games::new_record("fort").unwrap();
    r.moves = ["@e2", "@f7", "e2-e3 e3-e4 e4-e5 @e2", "@e7"]
        .map(String::from)
        .to_vec();
    r.seats = vec!["person".into(), "level1".into()];
    s.apply(Action::OpenLink(link::encode(&r)), 1.0);
    let mut before = s.heard();
    assert_eq!(s.sound_after(before.as_ref()), None, "nothing new");
    assert_eq!(s.sound_after(None), None, "a game opened");
    let play = |s: &mut AppState, actions: &[&str]| {
        for a in actions {
            s.table.game_mut().unwrap().play_text(a, 2.0).unwrap();
        }
    };
    // Ann takes Bo's dot on e7.
    play(&mut s, &["e5-e6", "e6-e7"]);
    assert_eq!(s.sound_after(before.as_ref()), None, "a turn under way");
    play(&mut s, &["@d1"]);
    assert_eq!(s.sound_after(before.as_ref()), Some("capture"));
    before = s.heard();
    // The computer spawns: the turn comes back to Ann.
    play(&mut s, &["@d8"]);
    assert_eq!(s.sound_after(before.as_ref()), Some("turn"));
    // Ann's spawn is a placement; the count ends the game.
    before = s.heard();
    play(&mut s, &["@f1"]);
    assert_eq!(s.sound_after(before.as_ref()), Some("place"));
    before = s.heard();
    play(&mut s, &["count"]);
    assert_eq!(s.sound_after(before.as_ref()), Some("end"));
    before = s.heard();
    s.apply(Action::Undo, 3.0);
    assert_eq!(s.sound_after(before.as_ref()), None, "an undo");
}

/// The replay steps a move at a time from the start to the game now, each
/// position the one `holdfast replay` reports for the record cut there; a new
/// game branches from any position and the original is kept.
#[test]
fn replays_step_through_the_records_positions_and_branch() {
    use holdfast_rules::fortress::Fortress;
    use holdfast_rules::Game as _;
    let mut s = fresh();
    let mut r = games::new_record("fortress").unwrap();
    r.moves = ["c3", "d4", "b2", "e5", "c4", "d3"]
        .map(String::from)
        .to_vec();
    s.apply(Action::Start(r.clone()), 1.0);
    s.apply(Action::Review(ReviewMsg::Replay(Some(500))), 2.0);
    assert_eq!(s.replay.on, Some(500));
    for ply in 0..r.moves.len() {
        let g = s.table.game.as_ref().unwrap();
        assert_eq!(g.shown_ply(), ply);
        let mut cut = r.clone();
        cut.moves.truncate(ply);
        let (_, want) = holdfast_rules::record::replay_report(&cut).unwrap();
        let p = crate::game_ui::played::<Fortress>(g.as_ref()).unwrap();
        assert_eq!(
            serde_json::json!(p.session.shown().scores()),
            want["scores"],
            "ply {ply}"
        );
        s.apply(Action::Review(ReviewMsg::Tick), 3.0);
    }
    // At the game now it stops.
    assert!(!s.table.game.as_ref().unwrap().viewing());
    assert_eq!(s.replay.on, None);
    // From move 2, a new game; the old one stays whole among the saves.
    let old = s.table.game.as_ref().unwrap().id().to_string();
    s.apply(Action::Review(ReviewMsg::View(Some(2))), 4.0);
    s.apply(Action::Branch, 5.0);
    let g = s.table.game.as_ref().unwrap();
    assert_eq!(g.record().moves, ["c3", "d4"]);
    assert_ne!(g.id(), old);
    assert_eq!(
        s.library
            .saves
            .iter()
            .find(|x| x.id == old)
            .unwrap()
            .record
            .moves
            .len(),
        6
    );
}

/// The review steps, as the open game takes them: to the start, back, on, and
/// to the live end (where each goes: `review.rs`).
#[test]
fn review_steps_through_the_moves() {
    use Review::*;
    let mut s = fresh();
    let mut r = first_game();
    r.moves = vec!["c3".into(), "d4".into()];
    s.apply(Action::Start(r), 1.0);
    assert_eq!(s.nav.screen, Screen::Play);
    s.apply(Action::Review(ReviewMsg::Step(Previous)), 2.0);
    assert_eq!(s.table.game.as_ref().unwrap().shown_ply(), 1);
    s.apply(Action::Review(ReviewMsg::Step(First)), 2.0);
    assert_eq!(s.table.game.as_ref().unwrap().shown_ply(), 0);
    s.apply(Action::Review(ReviewMsg::Step(Next)), 2.0);
    s.apply(Action::Review(ReviewMsg::Step(Next)), 2.0);
    assert!(
        !s.table.game.as_ref().unwrap().viewing(),
        "back to the live game"
    );
}

#[test]
fn rematch_puts_the_other_player_first() {
    let mut s = fresh();
    let mut r = first_game();
    r.names = vec!["Ann".into(), "Bo".into()];
    s.apply(Action::Start(r), 1.0);
    s.apply(Action::Rematch, 2.0);
    assert_eq!(
        s.table.game.as_ref().unwrap().record().names,
        vec!["Bo", "Ann"]
    );
    assert_eq!(s.library.saves.len(), 1, "the first game is kept");
    assert!(
        s.library.summaries.contains_key(&s.library.saves[0].id),
        "with its summary"
    );
}

/// The effects a change asks for: a move landing is heard only with sounds on;
/// Back or Forward asks for the address to be corrected in place; a link read
/// asks for its address to be cleared; a move asks for a write.
#[test]
fn changes_ask_for_their_effects() {
    let mut s = fresh();
    let mut r = games::new_record("fort").unwrap();
    r.seats = vec!["person".into(), "person".into()];
    r.moves = vec!["@e2".into()];
    let fragment = link::encode(&r);
    let effects = s.apply(Action::OpenLink(fragment.clone()), 1.0);
    assert!(effects
        .iter()
        .any(|e| matches!(e, Effect::ClearFragment(f) if f.ends_with(&fragment))));
    assert!(effects.contains(&Effect::Save));
    assert!(!effects.iter().any(|e| matches!(e, Effect::Sound(_))));
    s.settings.sound = true;
    assert_eq!(
        s.apply(Action::Undo, 2.0),
        [Effect::Save],
        "an undo is not heard"
    );
    assert_eq!(
        s.apply(Action::Redo, 2.0),
        [Effect::Save, Effect::Sound("place")]
    );
    s.settings.sound = false;
    s.apply(Action::Undo, 2.0);
    assert_eq!(s.apply(Action::Redo, 2.0), [Effect::Save], "sounds off");
    assert_eq!(
        s.apply(Action::Route(Route::Home), 3.0),
        [Effect::CorrectAddress]
    );
}
