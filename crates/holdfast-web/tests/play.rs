//! Playing games through the app's own types, natively: a session's undo, redo and
//! multi-action turns, and taps and buttons through the model's reducer, as a player
//! would, for the games whose taps need more than a click to check.

use holdfast_rules::fort::Fort;
use holdfast_rules::fortress::Fortress;
use holdfast_rules::record::BadMove;
use holdfast_rules::{Game, Record};
use holdfast_web::game_ui::{played, Input, Played, Said};
use holdfast_web::games::fort::Command as FortCommand;
use holdfast_web::games::fortress::Command as FortressCommand;
use holdfast_web::link;
use holdfast_web::model::{Action, AppState, Screen};
use holdfast_web::session::{OpenError, Session};
use holdfast_web::storage::{self, MemoryStore};

// ---------------------------------------------------------------------------
// Sessions

fn rec(moves: &[&str]) -> Record {
    Record::from_json(&serde_json::json!({"game": "fortress", "moves": moves}).to_string()).unwrap()
}

#[test]
fn undo_redo_and_new_lines() {
    let mut s = Session::<Fortress>::open("t".into(), rec(&["c3", "c4"]), vec![], 0.0).unwrap();
    assert_eq!(s.record.names, vec!["Orange", "Blue"]);
    assert!(s.undo(1.0));
    assert_eq!(s.record.moves, vec!["c3"]);
    assert!(s.redo(2.0));
    assert_eq!(s.record.moves, vec!["c3", "c4"]);
    assert!(!s.redo(3.0));
    s.undo(4.0);
    let m = s.game().parse_move("d4").unwrap();
    s.play(m, 5.0).unwrap();
    assert!(s.redo.is_empty(), "a new move drops the redo line");
    assert_eq!(s.record.moves, vec!["c3", "d4"]);
    assert_eq!(s.movers, vec![0, 1], "one mover an entry");
}

#[test]
fn looking_back_is_read_only_until_play_from_here() {
    let mut s =
        Session::<Fortress>::open("t".into(), rec(&["c3", "c4", "b4"]), vec![], 0.0).unwrap();
    s.view(Some(1));
    assert_eq!(s.shown_ply(), 1);
    let m = s.game().parse_move("a1").unwrap();
    assert!(s.play(m, 1.0).is_err());
    s.play_from_here(2.0);
    assert_eq!(s.record.moves, vec!["c3"]);
    assert_eq!(s.redo, vec!["b4", "c4"]);
}

#[test]
fn multi_action_turns_become_one_entry_and_undo_step_by_step() {
    use holdfast_rules::fort::Fort;
    let r = Record::from_json(r#"{"game":"fort","moves":["@e2","@f7"]}"#).unwrap();
    let mut s = Session::<Fort>::open("f".into(), r, vec![], 0.0).unwrap();
    let step = s.game().parse_move("e2-e3").unwrap();
    s.play(step, 1.0).unwrap();
    assert_eq!(s.record.moves.len(), 2, "the turn is still open");
    assert_eq!(s.turn_text(), vec!["e2-e3"]);
    let step = s.game().parse_move("e3-e4").unwrap();
    s.play(step, 2.0).unwrap();
    assert!(s.undo(3.0), "take back one step");
    assert_eq!(s.turn_text(), vec!["e2-e3"]);
    assert!(s.before_shown().is_some());
    let spawn = s.game().parse_move("@e2").unwrap();
    s.play(spawn, 4.0).unwrap();
    assert_eq!(s.record.moves.last().unwrap(), "e2-e3 @e2");
    assert!(s.turn.is_empty());
    assert!(s.undo(5.0));
    assert_eq!(s.record.moves.len(), 2, "a whole turn is undone at once");
    assert!(s.redo(6.0));
    assert_eq!(s.record.moves.last().unwrap(), "e2-e3 @e2");
}

#[test]
fn bad_records_do_not_open() {
    assert!(matches!(
        Session::<Fortress>::open("t".into(), rec(&["c3", "c4", "zz"]), vec![], 0.0),
        Err(OpenError::Move(BadMove { index: 2, .. }))
    ));
}

// ---------------------------------------------------------------------------
// Fortress by tapping

fn fresh() -> AppState {
    AppState::load(&mut MemoryStore::default(), "", 1.0)
}

fn fortress(s: &AppState) -> &Played<Fortress> {
    played::<Fortress>(&**s.table.game.as_ref().unwrap()).expect("a Fortress game")
}

#[test]
fn confirm_tap_needs_two_taps_and_illegal_taps_say_why() {
    let mut s = fresh();
    s.apply(
        Action::Start(Record::new::<Fortress>(&Default::default())),
        2.0,
    );
    let c3 = fortress(&s).session.game().board().cell("c3").unwrap();
    // A finger: the first tap shows a ghost.
    s.apply(Action::Pointer(true), 2.5);
    s.apply(Action::Game(Input::Tap(c3)), 3.0);
    assert_eq!(fortress(&s).ui.ghost, Some(c3));
    assert!(fortress(&s).session.record.moves.is_empty());
    s.apply(Action::Game(Input::Tap(c3)), 4.0);
    assert_eq!(fortress(&s).session.record.moves, vec!["c3"]);
    s.apply(Action::Game(Input::Key(c3)), 5.0);
    assert_eq!(
        s.table
            .feedback
            .message
            .as_ref()
            .map(|m| m.words())
            .as_deref(),
        Some("That area (c3) is held by Orange.")
    );
    assert_eq!(s.table.feedback.shake, 1);
    // Pass asks once: the first press asks, the second passes.
    s.apply(Action::Game(Input::command(FortressCommand::Pass)), 6.0);
    assert_eq!(fortress(&s).session.record.moves, vec!["c3"]);
    assert_eq!(s.table.feedback.message, Some(Said::AskPass));
    s.apply(Action::Game(Input::command(FortressCommand::Pass)), 6.5);
    assert_eq!(fortress(&s).session.record.moves, vec!["c3", "pass"]);
    // A mouse: one click plays (the setting for clicks is off by default)...
    let d4 = fortress(&s).session.game().board().cell("d4").unwrap();
    s.apply(Action::Pointer(false), 7.0);
    s.apply(Action::Game(Input::Tap(d4)), 7.5);
    assert_eq!(fortress(&s).session.record.moves, vec!["c3", "pass", "d4"]);
    // ... and so does Enter on a cell, even after a finger.
    let b4 = fortress(&s).session.game().board().cell("b4").unwrap();
    s.apply(Action::Pointer(true), 8.0);
    s.apply(Action::Game(Input::Key(b4)), 8.5);
    assert_eq!(fortress(&s).session.record.moves.len(), 4);
    // With "Confirm clicks too", a click asks first as well.
    let mut settings = s.settings.clone();
    settings.confirm_mouse = true;
    s.apply(Action::Settings(settings), 9.0);
    s.apply(Action::Pointer(false), 9.5);
    let e5 = fortress(&s).session.game().board().cell("e5").unwrap();
    s.apply(Action::Game(Input::Tap(e5)), 10.0);
    assert_eq!(fortress(&s).ui.ghost, Some(e5));
    assert_eq!(fortress(&s).session.record.moves.len(), 4);
    s.apply(Action::Game(Input::Tap(e5)), 10.5);
    assert_eq!(fortress(&s).session.record.moves.len(), 5);
}

#[test]
fn links_open_and_broken_links_leave_saves_alone() {
    let mut store = MemoryStore::default();
    let mut s = fresh();
    s.apply(
        Action::Start(Record::new::<Fortress>(&Default::default())),
        2.0,
    );
    storage::save(&mut store, &s.table.game.as_ref().unwrap().saved()).unwrap();
    let before = store.0.clone();
    let broken = AppState::load(&mut store, "#g=AAAA", 3.0);
    assert!(broken.notice.as_ref().unwrap().is_error());
    assert_eq!(store.0, before);
    assert_eq!(broken.library.saves.len(), 1);

    let mut r = Record::new::<Fortress>(&Default::default());
    r.moves = vec!["c3".into(), "c4".into()];
    let opened = AppState::load(&mut store, &link::encode(&r), 4.0);
    assert_eq!(opened.nav.screen, Screen::Play);
    assert_eq!(opened.table.game.as_ref().unwrap().record().moves, r.moves);

    r.moves.push("c4".into()); // illegal: held by Blue
    let bad = AppState::load(&mut store, &link::encode(&r), 5.0);
    assert!(bad.table.game.is_none());
    assert!(bad.notice.unwrap().words().contains("move 3"));
}

// ---------------------------------------------------------------------------
// Fort by tapping

fn fort(s: &AppState) -> &Played<Fort> {
    played::<Fort>(&**s.table.game.as_ref().unwrap()).expect("a Fort game")
}

#[test]
fn fort_turns_by_tapping() {
    let mut s = AppState::load(&mut MemoryStore::default(), "", 1.0);
    let r = Record::from_json(r#"{"game":"fort","moves":["@e2","@f7"]}"#).unwrap();
    s.apply(Action::Start(r), 1.0);
    s.apply(Action::Pointer(true), 1.0);
    let cell = |s: &AppState, n: &str| fort(s).session.game().board().cell(n).unwrap();
    let tap = |c| Action::Game(Input::Tap(c));
    let (e2, e3, d1) = (cell(&s, "e2"), cell(&s, "e3"), cell(&s, "d1"));
    let shared = fort(&s).session.clone();
    s.apply(tap(e2), 2.0);
    assert_eq!(fort(&s).ui.selected, Some(e2));
    assert!(
        std::rc::Rc::ptr_eq(&shared, &fort(&s).session),
        "selecting a dot copies no session"
    );
    s.apply(tap(e3), 3.0);
    assert_eq!(
        fort(&s).session.turn.len(),
        1,
        "a step, no confirmation needed"
    );
    assert_eq!(
        fort(&s).ui.selected,
        None,
        "the dot is let go after its step: a + tapped next spawns, never walks it"
    );
    s.apply(Action::Undo, 4.0);
    assert!(fort(&s).session.turn.is_empty(), "the step is taken back");
    s.apply(tap(e2), 5.0);
    s.apply(tap(e3), 6.0);
    s.apply(tap(d1), 7.0);
    assert_eq!(
        fort(&s).ui.ghost,
        Some(d1),
        "the spawn ends the turn: confirm first"
    );
    s.apply(tap(d1), 8.0);
    assert_eq!(fort(&s).session.record.moves.last().unwrap(), "e2-e3 @d1");
    // Offer and accept a count.
    s.apply(
        Action::Game(Input::command(FortCommand::OfferCount(true))),
        9.0,
    );
    assert_eq!(
        fort(&s).session.record.offer.map(|o| o.by),
        Some(1),
        "the seat to move offers"
    );
    s.apply(Action::Game(Input::command(FortCommand::AcceptCount)), 10.0);
    assert!(s.table.game.as_ref().unwrap().is_over());
    assert_eq!(fort(&s).session.record.moves.last().unwrap(), "count");
}

// ---------------------------------------------------------------------------
// Every game, the same way: what the board marks as playable plays.

/// Opens each game's default setup and keeps pressing Enter on the first cell the
/// board marks as playable (a legal dot or a target marker other than "barred"):
/// never refused, and each press changes the game or its in-turn state.
struct MarkedCellsPlay;

impl holdfast_web::games::Visit for MarkedCellsPlay {
    fn visit<G: holdfast_web::game_ui::GameUi>(&mut self) {
        use holdfast_web::board::Marker;
        let mut s = AppState::load(&mut MemoryStore::default(), "", 1.0);
        s.apply(Action::Start(Record::new::<G>(&Default::default())), 1.0);
        let emit = yew::Callback::noop();
        let mut presses = 0;
        for i in 0..60 {
            let g = s.table.game.as_ref().unwrap();
            let view = g.play_view(&s.settings, &s.table.feedback, &emit);
            let Some(cell) = view
                .parts
                .board
                .cells
                .iter()
                .find(|c| c.legal || c.marker.is_some_and(|m| m != Marker::Barred))
            else {
                break;
            };
            let (id, name) = (cell.id, cell.name.clone());
            let before = (view.record.moves.len(), view.turn.len());
            let ui_before = format!("{:?}", played::<G>(&**g).unwrap().ui);
            s.apply(Action::Game(Input::Key(id)), 2.0 + i as f64);
            assert_eq!(
                s.table.feedback.shake,
                0,
                "{}: {name} was marked but refused: {:?}",
                G::ID,
                s.table.feedback.message
            );
            let g = s.table.game.as_ref().unwrap();
            let after = g.play_view(&s.settings, &s.table.feedback, &emit);
            let ui_after = format!("{:?}", played::<G>(&**g).unwrap().ui);
            assert!(
                (after.record.moves.len(), after.turn.len()) != before || ui_after != ui_before,
                "{}: pressing {name} did nothing",
                G::ID
            );
            presses += 1;
        }
        assert!(presses > 0, "{}: nothing marked at the start", G::ID);
    }
}

#[test]
fn what_the_board_marks_plays_in_every_game() {
    holdfast_web::games::each_game(&mut MarkedCellsPlay);
}

/// Citadel marks the last turn like the other games: the cells its actions changed
/// are ringed (`last`), a warrior taken fades (`removed`), nothing else is marked.
#[test]
fn citadel_marks_the_last_turns_actions() {
    use holdfast_rules::citadel::Citadel;
    use holdfast_rules::geometry::geometry;
    use holdfast_web::games::citadel::board_view;
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../tests/fixtures/citadel-game-01.json"
    ))
    .unwrap();
    let file: serde_json::Value = serde_json::from_str(&text).unwrap();
    let record = Record::from_json(&file["record"].to_string()).unwrap();
    let names = |s: holdfast_rules::Seat| format!("seat {s}");
    let mut g: Citadel = record.start().unwrap();
    let mut marked_turns = 0;
    for entry in &record.moves {
        let before = g.clone();
        g.play_entry(entry).unwrap();
        let geo = geometry(g.board());
        let view = board_view(&g, &geo, Some(&before), None, &names, false, false);
        let changed: Vec<_> = g
            .board()
            .cells()
            .filter(|&c| {
                before.warrior(c) != g.warrior(c)
                    || before.citadel(c) != g.citadel(c)
                    || before.covered(c) != g.covered(c)
            })
            .collect();
        for cell in &view.cells {
            let c = cell.id;
            let gone = before.warrior(c).is_some() && g.warrior(c).is_none();
            assert_eq!(
                cell.last,
                changed.contains(&c)
                    && !(gone
                        && g.citadel(c) == before.citadel(c)
                        && g.covered(c) == before.covered(c)),
                "{entry}: {}",
                g.board().name(c)
            );
            assert_eq!(
                cell.removed.is_some(),
                gone,
                "{entry}: {}",
                g.board().name(c)
            );
        }
        marked_turns += usize::from(view.cells.iter().any(|c| c.last));
        // Without the position before, nothing is marked.
        let plain = board_view(&g, &geo, None, None, &names, false, false);
        assert!(plain.cells.iter().all(|c| !c.last && c.removed.is_none()));
    }
    assert!(
        marked_turns * 2 > record.moves.len(),
        "most turns change a cell"
    );
}
