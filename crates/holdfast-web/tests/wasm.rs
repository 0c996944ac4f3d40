//! What runs only in the browser: link encoding in wasm, real `localStorage`,
//! and the app's start-up reading both. Run by wasm-bindgen-test in headless Chromium.
#![cfg(target_arch = "wasm32")]

use holdfast_rules::fortress::Fortress;
use holdfast_rules::{Game, Record};
use holdfast_web::game_ui::{played, Input};
use holdfast_web::link;
use holdfast_web::model::{Action, AppState, Screen};
use holdfast_web::storage::{self, LocalStore, Store};
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

fn clear(store: &mut LocalStore) {
    for k in store.keys() {
        if k.starts_with("holdfast.") {
            store.remove(&k);
        }
    }
}

fn record(moves: &[&str]) -> Record {
    let mut r = Record::new::<Fortress>(&Default::default());
    r.moves = moves.iter().map(|m| m.to_string()).collect();
    r.names = vec!["Ann".into(), "Bo".into()];
    r
}

#[wasm_bindgen_test]
fn links_round_trip_in_wasm() {
    let r = record(&["c3", "c4", "b4", "pass"]);
    let frag = link::encode(&r);
    assert_eq!(link::decode(&frag).unwrap(), r);
    assert!(matches!(
        link::decode("g=%%%"),
        Err(link::LinkError::Damaged(_))
    ));
}

#[wasm_bindgen_test]
fn games_survive_in_local_storage() {
    let mut store = LocalStore::open().expect("localStorage");
    clear(&mut store);
    let mut state = AppState::load(&mut store, "", 1.0);
    state.apply(Action::Start(record(&[])), 2.0);
    let c3 = played::<Fortress>(&**state.table.game.as_ref().unwrap())
        .expect("a Fortress game")
        .session
        .game()
        .board()
        .cell("c3")
        .unwrap();
    state.apply(Action::Game(Input::Key(c3)), 3.0);
    let g = state.table.game.as_ref().unwrap();
    storage::save(&mut store, &g.saved()).unwrap();
    storage::set_current(&mut store, Some(g.id()));

    // A fresh start resumes the same game from real storage.
    let again = AppState::load(&mut store, "", 4.0);
    assert_eq!(again.nav.screen, Screen::Play);
    assert_eq!(
        again.table.game.as_ref().unwrap().record().moves,
        vec!["c3"]
    );
    assert_eq!(
        again.table.game.as_ref().unwrap().record().names,
        vec!["Ann", "Bo"]
    );
    clear(&mut store);
}

#[wasm_bindgen_test]
fn corrupt_saves_are_set_aside_in_local_storage() {
    let mut store = LocalStore::open().expect("localStorage");
    clear(&mut store);
    store
        .set("holdfast.game.x1", "{\"id\":\"x1\",\"record\":{\"game\":\"fortress\",\"moves\":[\"c3\",\"c3\"]},\"updated\":1}")
        .unwrap();
    store.set("holdfast.game.x2", "not json at all").unwrap();
    let state = AppState::load(&mut store, "", 1.0);
    assert!(state.notice.as_ref().unwrap().is_error());
    assert!(state.library.saves.is_empty());
    assert!(store.get("holdfast.corrupt.x1").is_some());
    assert_eq!(
        store.get("holdfast.corrupt.x2").as_deref(),
        Some("not json at all")
    );
    assert!(store.get("holdfast.game.x1").is_none());
    clear(&mut store);
}

#[wasm_bindgen_test]
fn a_broken_link_leaves_storage_alone() {
    let mut store = LocalStore::open().expect("localStorage");
    clear(&mut store);
    let mut state = AppState::load(&mut store, "", 1.0);
    state.apply(Action::Start(record(&["c3"])), 2.0);
    storage::save(&mut store, &state.table.game.as_ref().unwrap().saved()).unwrap();
    let snapshot = |s: &LocalStore| {
        let mut v: Vec<(String, Option<String>)> = s
            .keys()
            .into_iter()
            .map(|k| (k.clone(), s.get(&k)))
            .collect();
        v.sort();
        v
    };
    let before = snapshot(&store);
    let broken = AppState::load(&mut store, "#g=AAAAAAAA", 3.0);
    assert!(broken.notice.unwrap().is_error());
    assert_eq!(before, snapshot(&store));
    clear(&mut store);
}

#[wasm_bindgen_test]
fn a_fort_game_survives_in_local_storage() {
    let mut store = LocalStore::open().expect("localStorage");
    clear(&mut store);
    let mut state = AppState::load(&mut store, "", 1.0);
    let r = Record::from_json(r#"{"game":"fort","moves":["@e2","@f7","e2-d1 @e2"]}"#).unwrap();
    state.apply(Action::Start(r), 2.0);
    let g = state.table.game.as_ref().unwrap();
    storage::save(&mut store, &g.saved()).unwrap();
    storage::set_current(&mut store, Some(g.id()));
    let again = AppState::load(&mut store, "", 3.0);
    assert_eq!(again.table.game.as_ref().unwrap().record().game, "fort");
    let moves = &again.table.game.as_ref().unwrap().record().moves;
    assert_eq!(moves.last().unwrap(), "e2-d1 @e2");
    clear(&mut store);
}
