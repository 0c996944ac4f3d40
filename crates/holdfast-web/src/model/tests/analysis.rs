//! Looking back with the engine, through the whole model: the Analyse button asks
//! the worker for the open game, the looks it reports are kept and written beside
//! the saved game, and they come back with the game after a restart.

use super::*;

fn look(c: u16) -> Look {
    Look {
        chances: vec![c, 10_000 - c],
        best: Some("a1".into()),
        played: None,
    }
}

/// The worker's look at position `index` of game `id` (the first seat's chance
/// `c`), heard by the model: the effects it asks for.
fn looked(s: &mut AppState, id: &str, index: usize, c: u16) -> Vec<Effect> {
    let look = look(c);
    let id = id.to_string();
    s.apply(
        Action::Analysis(AnalysisMsg::Looked { id, index, look }),
        7.0,
    )
}

/// A Fortress game of `n` entries, open.
fn with_moves(store: &mut MemoryStore, n: usize) -> AppState {
    let mut s = fresh();
    let mut record = first_game();
    // Placements on the empty 6x6 board, row by row.
    record.moves = (0..n)
        .map(|i| format!("{}{}", (b'a' + (i % 6) as u8) as char, i / 6 + 1))
        .collect();
    act(&mut s, store, Action::Start(record));
    s
}

#[test]
fn analyse_asks_the_worker_and_keeps_what_it_reports() {
    let mut store = MemoryStore::default();
    let mut s = with_moves(&mut store, 12);
    let id = s.table.game.as_ref().unwrap().id().to_string();
    assert_eq!(s.analysis_job(), None);
    let effects = s.apply(Action::Analysis(AnalysisMsg::Want(true)), 6.0);
    let Some(Effect::Analyse(Some(job))) = effects.first().cloned() else {
        panic!("{effects:?}");
    };
    assert_eq!((job.id.as_str(), job.entries), (id.as_str(), 12));
    // The looks come in; the analysis is written every 16 looks and at the last
    // (13 positions here: the last), and the worker let go of then.
    let mut writes = 0;
    for i in 0..13 {
        let effects = looked(&mut s, &id, i, 5000);
        for e in &effects {
            if let Effect::SaveAnalysis(..) = e {
                writes += 1;
            }
            s.perform(e, &mut store);
        }
        if i < 12 {
            assert!(
                !effects.iter().any(|e| matches!(e, Effect::Analyse(_))),
                "{i}: {effects:?}"
            );
        } else {
            assert!(effects.contains(&Effect::Analyse(None)), "{effects:?}");
        }
    }
    assert_eq!(writes, 1);
    assert!(s.analysis.complete(12));
    // A restart shows it at once.
    let again = AppState::load(&mut store, "", 9.0);
    assert_eq!(again.analysis.id.as_deref(), Some(id.as_str()));
    assert_eq!(again.analysis.of.looks.len(), 13);
    // Undo takes the last look with the move; Analyse again asks for it.
    let mut s = again;
    s.apply(Action::Undo, 10.0);
    assert_eq!(s.analysis.of.looks.len(), 12);
    s.apply(Action::Analysis(AnalysisMsg::Want(true)), 11.0);
    s.apply(Action::Redo, 12.0);
    assert!(matches!(s.analysis_job(), Some(j) if j.entries == 12));
}

#[test]
fn a_long_analysis_is_written_every_16_looks_and_when_stopped() {
    let mut store = MemoryStore::default();
    let mut s = with_moves(&mut store, 30);
    assert_eq!(s.open_entries().len(), 30);
    let id = s.table.game.as_ref().unwrap().id().to_string();
    s.apply(Action::Analysis(AnalysisMsg::Want(true)), 6.0);
    let mut saved_at = Vec::new();
    for i in 0..20 {
        let effects = looked(&mut s, &id, i, 4000);
        if effects
            .iter()
            .any(|e| matches!(e, Effect::SaveAnalysis(..)))
        {
            saved_at.push(i + 1);
        }
    }
    assert_eq!(saved_at, vec![16]);
    let effects = s.apply(Action::Analysis(AnalysisMsg::Want(false)), 8.0);
    assert!(
        effects
            .iter()
            .any(|e| matches!(e, Effect::SaveAnalysis(_, a) if a.looks.len() == 20)),
        "{effects:?}"
    );
    assert!(effects.contains(&Effect::Analyse(None)));
}

/// Looks gathered by the page come as one change; looks made for another line of
/// the game (taken back and played otherwise meanwhile) are dropped.
#[test]
fn gathered_looks_are_taken_for_their_own_line_only() {
    let mut store = MemoryStore::default();
    let mut s = with_moves(&mut store, 12);
    let id = s.table.game.as_ref().unwrap().id().to_string();
    s.apply(Action::Analysis(AnalysisMsg::Want(true)), 6.0);
    let job = s.analysis_job().unwrap();
    let looks: Vec<(usize, Look)> = (0..5).map(|i| (i, look(5000))).collect();
    s.apply(
        Action::Analysis(AnalysisMsg::LookedAt {
            id: id.clone(),
            digest: job.digest ^ 1,
            looks: looks.clone(),
        }),
        7.0,
    );
    assert!(s.analysis.of.looks.is_empty(), "another line's looks");
    s.apply(
        Action::Analysis(AnalysisMsg::LookedAt {
            id,
            digest: job.digest,
            looks,
        }),
        7.0,
    );
    assert_eq!(s.analysis.of.looks.len(), 5);
    assert_eq!(s.analysis_job(), Some(job), "the same job goes on");
}

/// The worker looks only while the game is on screen: the home page stops it, and
/// coming back to the game starts it again where it stopped.
#[test]
fn the_analysis_waits_while_the_game_is_not_on_screen() {
    let mut store = MemoryStore::default();
    let mut s = with_moves(&mut store, 12);
    let id = s.table.game.as_ref().unwrap().id().to_string();
    s.apply(Action::Analysis(AnalysisMsg::Want(true)), 6.0);
    assert!(s.analysis_job().is_some());
    let effects = s.apply(Action::Home, 7.0);
    assert!(effects.contains(&Effect::Analyse(None)), "{effects:?}");
    assert_eq!(s.analysis_job(), None);
    let effects = s.apply(Action::Resume(id), 8.0);
    assert!(
        effects
            .iter()
            .any(|e| matches!(e, Effect::Analyse(Some(_)))),
        "{effects:?}"
    );
}

/// The evaluation bar (a setting) asks for the analysis by itself where it may be
/// shown: in a game among people here, not in a game against the computer under
/// way (nor by itself with the setting off).
#[test]
fn the_evaluation_bar_asks_for_the_analysis_only_where_it_shows() {
    let mut people = against(&["person", "person"]);
    assert!(people.analysis_shown());
    assert_eq!(people.analysis_job(), None, "the setting is off");
    let mut settings = people.settings.clone();
    settings.eval_bar = true;
    let effects = people.apply(Action::Settings(settings.clone()), 2.0);
    assert!(
        effects
            .iter()
            .any(|e| matches!(e, Effect::Analyse(Some(_)))),
        "{effects:?}"
    );
    let mut computer = against(&["person", "level1"]);
    computer.apply(Action::Settings(settings), 2.0);
    assert!(!computer.analysis_shown());
    assert_eq!(computer.analysis_job(), None);
    // Analyse pressed: the analysis runs, but what it finds is not shown yet.
    computer.apply(Action::Analysis(AnalysisMsg::Want(true)), 3.0);
    assert!(computer.analysis_job().is_some());
    assert!(!computer.analysis_shown());
}

/// A game opened at start-up (a link, or the game open last) with the evaluation
/// bar on starts its analysis at once.
#[test]
fn the_evaluation_bar_starts_the_analysis_at_start_up() {
    let mut store = MemoryStore::default();
    store
        .set("holdfast.settings", r#"{"eval_bar": true}"#)
        .unwrap();
    let record = r#"{"game":"fortress","moves":["a1","b2"],"seats":["person","person"]}"#;
    let fragment = format!("#record={record}");
    let (s, effects) = AppState::start(&mut store, &fragment, 1.0, 7);
    assert!(s.analysis_shown());
    assert!(
        effects
            .iter()
            .any(|e| matches!(e, Effect::Analyse(Some(_)))),
        "{effects:?}"
    );
}

/// Two tabs analysing the same game: the one that stopped sooner does not write
/// over the looks of the one that went further; a shorter analysis of another
/// line of the game (taken back and played otherwise) is written.
#[test]
fn an_analysis_that_went_further_in_another_tab_is_kept() {
    let mut store = MemoryStore::default();
    let s = with_moves(&mut store, 12);
    let id = s.table.game.as_ref().unwrap().id().to_string();
    let entries = s.open_entries();
    let made = |n: usize, entries: &[String], resigned: Option<Seat>| GameAnalysis {
        entries: entries[..n - 1].to_vec(),
        looks: (0..n).map(|_| look(5000)).collect(),
        resigned,
    };
    // With `kept` in storage, this tab saves `saving`: what storage then holds.
    let mut after = |kept: &GameAnalysis, saving: GameAnalysis| {
        storage::save_analysis(&mut store, &id, &kept.to_text()).unwrap();
        s.perform(
            &Effect::SaveAnalysis(id.clone(), Rc::new(saving)),
            &mut store,
        );
        let held = storage::analysis(&store, &id).and_then(|t| GameAnalysis::from_text(&t));
        held.map(|k| (k.looks.len(), k.resigned))
    };
    let further = made(13, &entries, None);
    assert_eq!(after(&further, made(5, &entries, None)), Some((13, None)));
    // One made with another resignation is not the same analysis: written over.
    let resigned = made(13, &entries, Some(1));
    assert_eq!(after(&resigned, made(5, &entries, None)), Some((5, None)));
    let mut other = entries.clone();
    other[2] = "f6".into();
    assert_eq!(after(&further, made(5, &other, None)), Some((5, None)));
}
