//! Saving and two tabs: start-up from storage, another tab's changes, refused writes, games left unsaved.

use super::*;

/// A new language choice asks for it to be spoken (the runner answers with
/// [`Action::Catalogue`], which makes the summaries again); the saved games'
/// details are words made when the home page is drawn, in the language then.
#[test]
fn a_new_language_is_spoken_and_the_details_said_in_it() {
    use crate::i18n::{load_catalogue, set_lang, Lang};
    let mut store = MemoryStore::default();
    let mut a = AppState::load(&mut store, "", 1.0);
    act(&mut a, &mut store, Action::Start(first_game()));
    act(&mut a, &mut store, Action::Start(first_game()));
    let details = |a: &AppState| -> Vec<String> {
        a.library
            .saves
            .iter()
            .map(|s| games::describe(&s.record))
            .collect()
    };
    assert!(details(&a).contains(&"Fortress, Classic 6x6".to_string()));
    load_catalogue(
        Lang::Uk,
        r#"{"Classic 6x6": "Класична 6×6", "Fortress, {}": "Фортеця, {}"}"#,
    )
    .unwrap();
    let mut settings = a.settings.clone();
    settings.lang = Some(Lang::Uk);
    let effects = a.apply(Action::Settings(settings.clone()), 5.0);
    assert!(effects.contains(&Effect::Speak(Some(Lang::Uk))));
    assert_eq!(
        a.apply(Action::Settings(settings.clone()), 5.0),
        [Effect::WriteSettings(settings.clone())],
        "spoken already"
    );
    set_lang(Lang::Uk);
    assert!(details(&a).contains(&"Фортеця, Класична 6×6".to_string()));
    assert!(!details(&a).contains(&"Fortress, Classic 6x6".to_string()));
    set_lang(Lang::En);
    assert!(details(&a).contains(&"Fortress, Classic 6x6".to_string()));
}

/// Two tabs on one game (issue 13): each follows the other's moves through
/// storage events, a write over a revision it has not seen is refused and the
/// tab shows the stored game instead, and a deletion is final in both.
#[test]
fn two_tabs_follow_each_other_and_never_overwrite() {
    let mut store = MemoryStore::default();
    let mut a = AppState::load(&mut store, "", 1.0);
    act(&mut a, &mut store, Action::Start(first_game()));
    let id = a.table.game.as_ref().unwrap().id().to_string();
    let key = storage::game_key(&id);
    let mut b = AppState::load(&mut store, "", 2.0);
    assert_eq!(b.table.game.as_ref().map(|g| g.id()), Some(id.as_str()));

    // A plays; B hears of it and shows the move, without writing anything.
    play(&mut a, &mut store, "c3");
    let written = store.get(&key);
    // (With sounds on: another tab's move is heard there, not here.)
    b.settings.sound = true;
    let effects = b.apply(
        Action::Stored {
            key: key.clone(),
            value: store.get(&key),
            lost: false,
        },
        5.0,
    );
    assert_eq!(b.table.game.as_ref().unwrap().record().moves, ["c3"]);
    assert_eq!(
        effects,
        [],
        "following a change writes nothing, and is not heard"
    );
    assert!(b.notice.as_ref().unwrap().words().contains("another tab"));
    assert_eq!(store.get(&key), written);

    // Both play before either hears of the other: B's write is refused and B
    // shows A's game, saying its own move was not saved.
    play(&mut a, &mut store, "d4");
    play(&mut b, &mut store, "e5");
    assert_eq!(b.table.game.as_ref().unwrap().record().moves, ["c3", "d4"]);
    assert!(b
        .notice
        .as_ref()
        .is_some_and(|n| n.is_error() && n.words().contains("not saved")));
    let stored = storage::load_all(&mut store, &mut |_| true).games;
    assert_eq!(stored[0].record.moves, ["c3", "d4"]);
    // And B plays on from there.
    play(&mut b, &mut store, "e5");
    event(&mut a, &store, &key);
    assert_eq!(
        a.table.game.as_ref().unwrap().record().moves,
        ["c3", "d4", "e5"]
    );

    // A deletes the game: B closes it, and no write of B's brings it back.
    act(&mut a, &mut store, Action::Delete(id.clone()));
    assert!(store.get(&key).is_none());
    let stale = b.clone();
    event(&mut b, &store, &key);
    assert!(b.table.game.is_none());
    assert!(b
        .notice
        .as_ref()
        .unwrap()
        .words()
        .contains("deleted in another tab"));
    save(&mut b, &mut store);
    assert!(store.get(&key).is_none());
    // A tab that has not heard yet is refused too, and closes the game.
    let mut c = stale;
    save(&mut c, &mut store);
    assert!(store.get(&key).is_none());
    assert!(c.table.game.is_none());
}

/// A save set aside is listed on the home page until deleted there; nothing
/// else can be deleted that way.
#[test]
fn set_aside_copies_are_listed_and_deleted() {
    let mut store = MemoryStore::default();
    store.set("holdfast.game.bad", "{broken").unwrap();
    let mut s = AppState::load(&mut store, "", 1.0);
    let keys: Vec<&str> = s.library.aside.iter().map(|a| a.key.as_str()).collect();
    assert_eq!(keys, ["holdfast.corrupt.bad"]);
    store.set("holdfast.settings", "{}").unwrap();
    act(
        &mut s,
        &mut store,
        Action::DeleteAside("holdfast.settings".into()),
    );
    assert!(store.get("holdfast.settings").is_some());
    act(
        &mut s,
        &mut store,
        Action::DeleteAside("holdfast.corrupt.bad".into()),
    );
    assert!(s.library.aside.is_empty());
    assert!(store.get("holdfast.corrupt.bad").is_none());
    assert!(AppState::load(&mut store, "", 2.0).library.aside.is_empty());
}

/// The cases two tabs racing can make: the other tab's write landed over this
/// tab's own revision (shown, and said to have lost this tab's change); the
/// other wrote a form this tab cannot open (the play screen warns, never a
/// silent loss); a hidden tab's computers wait; settings and deletions are
/// written once, and settings only by the tab that changed them.
#[test]
fn racing_tabs_lose_nothing_silently() {
    let mut store = MemoryStore::default();
    let mut a = AppState::load(&mut store, "", 1.0);
    act(&mut a, &mut store, Action::Start(first_game()));
    let g = a.table.game.as_ref().unwrap();
    let (id, key, revision) = (
        g.id().to_string(),
        storage::game_key(g.id()),
        g.synced().get(),
    );
    // Another tab wrote the same revision with other moves.
    let mut other = g.saved();
    other.record.moves.push("c3".into());
    storage::save(&mut store, &other).unwrap();
    event(&mut a, &store, &key);
    let g = a.table.game.as_ref().unwrap();
    assert_eq!(g.record().moves, ["c3"]);
    assert_eq!(g.synced().get(), revision);
    assert!(a
        .notice
        .as_ref()
        .is_some_and(|n| n.is_error() && n.words().contains("not saved")));
    // While this tab's writes are refused, a newer game from another tab
    // replaces its unsaved moves: said as a loss, not as news.
    a.saving.error = Some(storage::Refused::Full);
    let mut newer = a.table.game.as_ref().unwrap().saved();
    newer.revision += 1;
    newer.record.moves.push("e5".into());
    storage::save(&mut store, &newer).unwrap();
    a.notice = None;
    event(&mut a, &store, &key);
    assert_eq!(a.table.game.as_ref().unwrap().record().moves, ["c3", "e5"]);
    assert!(a
        .notice
        .as_ref()
        .is_some_and(|n| n.is_error() && n.words().contains("not saved")));
    a.saving.error = None;
    // The same game written again (a setting, a retry): no notice.
    a.notice = None;
    event(&mut a, &store, &key);
    assert!(a.notice.is_none());

    // A later version's entry: this tab's write is refused as stale and the
    // play screen says the game is not being saved.
    store
        .set(
            &key,
            &format!(
                "{{\"version\":9,\"revision\":{},\"id\":\"{id}\"}}",
                revision + 2
            ),
        )
        .unwrap();
    play(&mut a, &mut store, "d4");
    assert!(a.saving.error == Some(storage::Refused::ForeignForm));
    assert!(
        store.get(&key).unwrap().contains("\"version\":9"),
        "left as it was"
    );
    // Closed, nothing is failing to be saved any more.
    act(&mut a, &mut store, Action::Delete(id.clone()));
    assert_eq!(a.saving.error, None);

    // Settings: only the tab that changed them writes them, once.
    let mut b = AppState::load(&mut store, "", 2.0);
    let mut settings = a.settings.clone();
    settings.animations = !settings.animations;
    assert_eq!(
        a.clone().apply(Action::Settings(settings.clone()), 5.0),
        [Effect::WriteSettings(settings.clone())]
    );
    act(&mut a, &mut store, Action::Settings(settings.clone()));
    assert!(!a
        .apply(Action::Game(Input::Tap(0)), 5.0)
        .iter()
        .any(|e| matches!(e, Effect::WriteSettings(_))));
    act(&mut b, &mut store, Action::Start(first_game()));
    assert_eq!(
        storage::settings(&store).map(|t| Settings::read(&t)),
        Some(settings)
    );

    // A hidden tab's computer waits; shown again, it thinks.
    let mut c = against(&["level1", "person"]);
    c.nav.screen = Screen::Play;
    assert!(c.search_job().is_some());
    let job = c.search_job();
    assert_eq!(
        c.apply(Action::Computer(ComputerMsg::Hidden(true)), 3.0),
        [Effect::Think(None)],
        "the search stops"
    );
    assert!(c.search_job().is_none());
    assert_eq!(
        c.apply(Action::Computer(ComputerMsg::Hidden(false)), 4.0),
        [Effect::Think(job)],
        "and starts again"
    );
    assert_eq!(
        c.apply(Action::Computer(ComputerMsg::Hidden(false)), 4.5),
        [],
        "once"
    );
}

/// With no storage at all (blocked), the game stays open and the play screen
/// says it is not being saved.
#[test]
fn no_storage_warns_and_keeps_the_game() {
    let mut s = fresh();
    s.apply(Action::Start(first_game()), 1.0);
    for _ in 0..2 {
        save(&mut s, &mut storage::NoStore);
    }
    assert!(s.table.game.is_some());
    assert!(s.saving.error == Some(storage::Refused::NoStorage));
}

/// A turn under way is saved with the game and comes back with it.
#[test]
fn a_turn_under_way_comes_back_after_a_reload() {
    use holdfast_rules::Game;
    let mut store = MemoryStore::default();
    let mut s = AppState::load(&mut store, "", 1.0);
    act(
        &mut s,
        &mut store,
        Action::Start(games::new_record("fort").unwrap()),
    );
    // Each side spawns once, then Orange steps: a turn under way.
    let mut g = holdfast_rules::fort::Fort::new(&Default::default()).unwrap();
    let mut texts = Vec::new();
    let mut moves = Vec::new();
    // Two spawns (a turn each), then a step (Fort's notation: `@e2`, `e2-e3`).
    for kind in ['@', '@', '-'] {
        moves.clear();
        g.legal_moves(&mut moves);
        let mv = *moves
            .iter()
            .find(|&&m| g.format_move(m).contains(kind))
            .unwrap();
        texts.push(g.format_move(mv));
        g.play(mv).unwrap();
    }
    for t in &texts {
        let game = s.table.game_mut().unwrap();
        game.play_text(t, 2.0).unwrap();
    }
    save(&mut s, &mut store);
    let (entries, turn) = s.table.game.as_ref().unwrap().position_key();
    assert!(turn > 0, "a turn under way ({entries} entries)");
    let back = AppState::load(&mut store, "", 4.0);
    assert_eq!(
        back.table.game.as_ref().unwrap().position_key(),
        (entries, turn)
    );
}

/// Another tab's games and settings show on the home page of this one.
#[test]
fn another_tabs_games_and_settings_show_here() {
    let mut store = MemoryStore::default();
    let mut a = AppState::load(&mut store, "", 1.0);
    let mut b = AppState::load(&mut store, "", 1.0);
    act(&mut a, &mut store, Action::Start(first_game()));
    let id = a.table.game.as_ref().unwrap().id().to_string();
    let key = storage::game_key(&id);
    event(&mut b, &store, &key);
    assert_eq!(b.library.saves.len(), 1);
    assert!(b.library.summaries.contains_key(&id));
    act(&mut a, &mut store, Action::Delete(id.clone()));
    event(&mut b, &store, &key);
    assert!(b.library.saves.is_empty() && b.library.summaries.is_empty());
    let mut settings = a.settings.clone();
    settings.quick_computer = !settings.quick_computer;
    act(&mut a, &mut store, Action::Settings(settings.clone()));
    event(&mut b, &store, storage::SETTINGS_KEY);
    assert_eq!(b.settings, settings);
}

/// A save from a later version is told about and left as it is.
#[test]
fn a_later_versions_save_is_left_alone_and_told() {
    let mut store = MemoryStore::default();
    let later = r#"{"version":7,"id":"z","anything":true}"#;
    store.set("holdfast.game.z", later).unwrap();
    let s = AppState::load(&mut store, "", 1.0);
    let notice = s.notice.unwrap();
    assert!(
        notice.words().contains("later version"),
        "{}",
        notice.words()
    );
    assert!(s.library.saves.is_empty());
    assert_eq!(store.get("holdfast.game.z").as_deref(), Some(later));
    assert!(store.get("holdfast.corrupt.z").is_none());
}

/// A store whose writes are refused while `full` (a full or blocked
/// `localStorage`).
#[derive(Default)]
struct Gate {
    inner: MemoryStore,
    full: bool,
}

impl Store for Gate {
    fn keys(&self) -> Vec<String> {
        self.inner.keys()
    }
    fn get(&self, key: &str) -> Option<String> {
        self.inner.get(key)
    }
    fn set(&mut self, key: &str, value: &str) -> Result<(), storage::Refused> {
        if self.full {
            return Err(storage::Refused::Full);
        }
        self.inner.set(key, value)
    }
    fn remove(&mut self, key: &str) {
        self.inner.remove(key)
    }
    fn loading(&self) -> Option<String> {
        self.inner.loading()
    }
    fn set_loading(&mut self, id: Option<&str>) {
        self.inner.set_loading(id)
    }
}

/// A new game started at `now` (which makes its id), and saved.
fn start(s: &mut AppState, store: &mut dyn Store, now: f64) {
    act_at(s, store, Action::Start(first_game()), now);
}

fn stored_moves(store: &dyn Store, id: &str) -> Vec<String> {
    storage::migrate(&store.get(&storage::game_key(id)).unwrap())
        .unwrap()
        .unwrap()
        .record
        .moves
}

/// A game moved out of play while its writes are refused keeps its moves in
/// this tab, is said to be unsaved on the home page, and is written as soon as
/// storage takes it (at the next write or the timer's retry); then it opens
/// and saves as any other.
#[test]
fn a_game_left_unsaved_is_written_when_storage_takes_it() {
    let mut store = Gate::default();
    let mut s = AppState::load(&mut store, "", 1.0);
    start(&mut s, &mut store, 2.0);
    let a = s.table.game.as_ref().unwrap().id().to_string();
    store.full = true;
    play(&mut s, &mut store, "c3");
    assert_eq!(s.saving.error, Some(storage::Refused::Full));
    assert!(stored_moves(&store, &a).is_empty());
    // Another game opened over it: the first is no longer the open game.
    start(&mut s, &mut store, 3.0);
    let b = s.table.game.as_ref().unwrap().id().to_string();
    assert_ne!(a, b);
    assert_eq!(
        s.saving.unsaved,
        [Unsaved {
            id: a.clone(),
            why: storage::Refused::Full
        }]
    );
    let kept = s.library.saves.iter().find(|g| g.id == a).unwrap();
    assert_eq!(kept.record.moves, ["c3"]);
    // The timer retries while anything is unsaved.
    assert_eq!(s.clone().apply(Action::RetrySave, 5.0), [Effect::Save]);
    act(&mut s, &mut store, Action::RetrySave);
    assert_eq!(s.saving.unsaved.len(), 1);
    // Room again: the next retry writes both games.
    store.full = false;
    act(&mut s, &mut store, Action::RetrySave);
    assert!(s.saving.unsaved.is_empty());
    assert_eq!(s.saving.error, None);
    assert_eq!(stored_moves(&store, &a), ["c3"]);
    assert!(storage::stored_revision(&store, &b).is_some());
    // Taken up again, it plays and saves on over its new revision.
    act(&mut s, &mut store, Action::Resume(a.clone()));
    play(&mut s, &mut store, "d4");
    assert_eq!(s.saving.error, None);
    assert_eq!(stored_moves(&store, &a), ["c3", "d4"]);
    assert_eq!(s.notice, None);
    // A reload finds every move.
    let s = AppState::load(&mut store, "", 9.0);
    assert_eq!(s.table.game.as_ref().unwrap().record().moves, ["c3", "d4"]);
}

/// While only games out of play wait to be written, the timer's retry writes
/// those alone: the open game (saved) is not written again, so no new revision
/// goes out to other tabs every few seconds.
#[test]
fn the_retry_of_games_left_unsaved_leaves_the_open_game_alone() {
    let mut store = Gate::default();
    let mut s = AppState::load(&mut store, "", 1.0);
    start(&mut s, &mut store, 2.0);
    let open = s.table.game.as_ref().unwrap().id().to_string();
    let stored = storage::stored_revision(&store, &open);
    s.saving.unsaved.push(Unsaved {
        id: "gone".into(),
        why: storage::Refused::Full,
    });
    assert_eq!(
        s.apply(Action::RetrySave, 3.0),
        [Effect::SaveUnsaved],
        "the open game is not written again"
    );
    assert!(s.perform(&Effect::SaveUnsaved, &mut store).is_empty());
    assert_eq!(storage::stored_revision(&store, &open), stored);
}

/// A game left unsaved here and changed in another tab meanwhile is never
/// written over: the list follows storage and the loss is told.
#[test]
fn a_game_left_unsaved_and_changed_elsewhere_follows_storage() {
    let mut store = Gate::default();
    let mut s = AppState::load(&mut store, "", 1.0);
    start(&mut s, &mut store, 4.0);
    let a = s.table.game.as_ref().unwrap().id().to_string();
    store.full = true;
    play(&mut s, &mut store, "c3");
    start(&mut s, &mut store, 5.0);
    assert_eq!(s.saving.unsaved.len(), 1);
    // Another tab (with room) plays e5 in it; this tab missed the event.
    store.full = false;
    let mut other = storage::migrate(&store.get(&storage::game_key(&a)).unwrap())
        .unwrap()
        .unwrap();
    other.record.moves.push("e5".into());
    storage::save_over(&mut store, &other).unwrap();
    act(&mut s, &mut store, Action::RetrySave);
    assert!(s.saving.unsaved.is_empty());
    assert_eq!(stored_moves(&store, &a), ["e5"]);
    let listed = s.library.saves.iter().find(|g| g.id == a).unwrap();
    assert_eq!(listed.record.moves, ["e5"]);
    assert!(s
        .notice
        .as_ref()
        .is_some_and(|n| n.is_error() && n.words().contains("changed in another tab")));
    // Deleted while unsaved: forgotten here too, nothing written back.
    let c = s.table.game.as_ref().unwrap().id().to_string();
    store.full = true;
    play(&mut s, &mut store, "c3");
    act(&mut s, &mut store, Action::Home);
    act(&mut s, &mut store, Action::Resume(a.clone()));
    assert_eq!(s.saving.unsaved.len(), 1);
    act(&mut s, &mut store, Action::Delete(c.clone()));
    assert!(s.saving.unsaved.is_empty());
    store.full = false;
    act(&mut s, &mut store, Action::RetrySave);
    assert!(storage::stored_revision(&store, &c).is_none());
}

/// A refused write is kept to be shown, and cleared by the next write that works,
/// without a new revision (which would only write the same again).
#[test]
fn a_refused_write_is_kept_until_a_write_works() {
    let mut s = fresh();
    assert!(s
        .apply(Action::Start(first_game()), 1.0)
        .contains(&Effect::Save));
    let effects = s.apply(Action::Saved(Some(storage::Refused::Full)), 2.0);
    assert_eq!(s.saving.error, Some(storage::Refused::Full));
    assert_eq!(effects, []);
    // The timer's retry writes again only while it fails.
    assert_eq!(s.apply(Action::RetrySave, 2.5), [Effect::Save]);
    s.apply(Action::Saved(None), 3.0);
    assert_eq!(s.saving.error, None);
    assert_eq!(s.apply(Action::RetrySave, 4.0), []);
}

#[test]
fn every_game_has_a_card_and_a_delete_drops_the_summary() {
    let mut s = fresh();
    assert_eq!(s.cards.len(), games::infos().len());
    for (i, info) in games::infos().iter().enumerate() {
        s.apply(
            Action::Start(games::new_record(info.id).unwrap()),
            1000.0 * i as f64,
        );
        assert_eq!(s.table.game.as_ref().unwrap().title(), info.title);
    }
    assert_eq!(s.library.saves.len(), games::infos().len() - 1);
    let id = s.library.saves[0].id.clone();
    let effects = s.apply(Action::Delete(id.clone()), 2.0);
    assert!(!s.library.summaries.contains_key(&id));
    assert_eq!(
        effects,
        [
            Effect::Delete(storage::game_key(&id)),
            Effect::Delete(storage::analysis_key(&id)),
            Effect::Save
        ]
    );
}

#[test]
fn an_unchanged_game_is_shared_between_states() {
    let mut s = fresh();
    s.apply(Action::Start(first_game()), 1.0);
    let before = s.clone();
    s.apply(Action::Share(true), 2.0);
    assert!(Rc::ptr_eq(
        before.table.game.as_ref().unwrap(),
        s.table.game.as_ref().unwrap()
    ));
}
