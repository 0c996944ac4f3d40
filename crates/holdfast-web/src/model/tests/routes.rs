//! Each screen's address: Back, Forward and reloads.

use super::*;

/// Each screen has an address, and an address shows its screen: a reload
/// (a start with the address) and Back/Forward (a route action) land where
/// the address says; a deleted game's or an unknown game's address, home.
#[test]
fn each_screen_has_an_address_that_shows_it() {
    let mut store = MemoryStore::default();
    let mut s = AppState::load(&mut store, "", 1.0);
    assert_eq!(s.route(), Route::Home);
    act(&mut s, &mut store, Action::NewGame("fort".into(), None));
    assert_eq!(s.route(), Route::NewGame("fort".into()));
    act(&mut s, &mut store, Action::Start(first_game()));
    let id = s.table.game.as_ref().unwrap().id().to_string();
    let play = format!("#play/{id}");
    assert_eq!(s.route().to_string(), play);
    for (address, screen) in [
        ("#rules/citadel", Screen::Rules("citadel".into())),
        ("#settings", Screen::Settings),
        ("#bench", Screen::Bench),
        ("#maps", Screen::Maps(String::new())),
        ("#maps/edit/m3", Screen::Maps("edit/m3".into())),
        ("#new/frontier", Screen::NewGame("frontier".into())),
        (play.as_str(), Screen::Play),
        ("#home", Screen::Home),
        ("#rules/chess", Screen::Home),
        ("#play/gone", Screen::Home),
    ] {
        // Back or Forward to it, and a reload of it.
        act(
            &mut s,
            &mut store,
            Action::Route(Route::parse(address).unwrap()),
        );
        assert_eq!(s.nav.screen, screen, "{address}");
        let reloaded = AppState::load(&mut store, address, 2.0);
        assert_eq!(reloaded.nav.screen, screen, "{address}, reloaded");
        assert_eq!(
            reloaded.table.game.as_ref().map(|g| g.id().to_string()),
            Some(id.clone()),
            "{address}: the game open last stays open"
        );
    }
    // Another game started, then Back to the first game's address: it opens
    // again, with the second kept in the list.
    s.apply(Action::Start(first_game()), 7.0);
    let second = s.table.game.as_ref().unwrap().id().to_string();
    assert_ne!(second, id);
    act(
        &mut s,
        &mut store,
        Action::Route(Route::parse(&play).unwrap()),
    );
    assert_eq!(s.table.game.as_ref().unwrap().id(), id);
    assert!(s.library.saves.iter().any(|g| g.id == second));
    // Deleted, its address shows the home page.
    act(&mut s, &mut store, Action::Delete(id.clone()));
    act(
        &mut s,
        &mut store,
        Action::Route(Route::parse(&play).unwrap()),
    );
    assert_eq!(s.nav.screen, Screen::Home);
    assert_eq!(s.route(), Route::Home);
}

/// A reload at a game's address still tells what start-up found (here a save
/// that could not be read, set aside): showing the screen does not clear it.
#[test]
fn a_reload_at_a_games_address_keeps_what_start_up_has_to_tell() {
    let mut store = MemoryStore::default();
    let mut s = AppState::load(&mut store, "", 1.0);
    act(&mut s, &mut store, Action::Start(first_game()));
    let id = s.table.game.as_ref().unwrap().id().to_string();
    store
        .set(&storage::game_key("broken"), "{not json")
        .unwrap();
    let s = AppState::load(&mut store, &format!("#play/{id}"), 2.0);
    assert_eq!(s.nav.screen, Screen::Play);
    assert!(s
        .notice
        .as_ref()
        .is_some_and(|n| n.is_error() && n.words().contains("set aside")));
}

/// A map's Play opens the new-game screen set up as its link says; a link of
/// another game, or one that does not read, opens the game's own default.
#[test]
fn a_new_game_address_with_a_link_starts_from_its_setup() {
    let mut store = MemoryStore::default();
    let mut s = AppState::load(&mut store, "", 1.0);
    let setup = serde_json::json!({ "players": 2, "width": 4, "height": 3, "water": ["a1"], "colours": { "b2": 0, "c3": 1 } });
    let mut record = Record::new::<holdfast_rules::island_wars::IslandWars>(&Default::default());
    record.setup = setup.clone();
    let address = format!("#new/island-wars/{}", holdfast_rules::link::encode(&record));
    act(
        &mut s,
        &mut store,
        Action::Route(Route::parse(&address).unwrap()),
    );
    assert_eq!(s.nav.screen, Screen::NewGame("island-wars".into()));
    assert_eq!(
        s.nav.new_game_from.as_ref().map(|r| r.setup.clone()),
        Some(setup.clone())
    );
    // The address keeps the setup: a reload comes back to the same screen with it.
    let kept = s.route();
    assert!(
        matches!(&kept, Route::NewGameFrom(g, _) if g == "island-wars"),
        "{kept}"
    );
    let reloaded = AppState::load(&mut store, &kept.to_string(), 2.0);
    assert_eq!(reloaded.nav.new_game_from.map(|r| r.setup), Some(setup));
    for wrong in [
        format!("#new/fortress/{}", holdfast_rules::link::encode(&record)),
        "#new/island-wars/c=%%".to_string(),
    ] {
        act(&mut s, &mut store, Action::Home);
        act(
            &mut s,
            &mut store,
            Action::Route(Route::parse(&wrong).unwrap()),
        );
        assert!(matches!(s.nav.screen, Screen::NewGame(_)), "{wrong}");
        assert_eq!(s.nav.new_game_from, None, "{wrong}");
    }
}
