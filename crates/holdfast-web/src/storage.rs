//! Saved games in `localStorage`, one key a game, so that one damaged entry never
//! costs the others. A save that cannot be read or replayed is set aside under a
//! `holdfast.corrupt.` key (never deleted) and reported.

use holdfast_rules::Record;
use serde::{Deserialize, Serialize};

pub const GAME_PREFIX: &str = "holdfast.game.";
/// A saved game's analysis (`model::analysis`), beside it under its id.
pub const ANALYSIS_PREFIX: &str = "holdfast.analysis.";
const CORRUPT_PREFIX: &str = "holdfast.corrupt.";
const CURRENT_KEY: &str = "holdfast.current";
pub const SETTINGS_KEY: &str = "holdfast.settings";
/// What the player has learnt (lessons done), as JSON.
pub const PROGRESS_KEY: &str = "holdfast.progress";
/// The saved game being replayed at start-up (see [`load_all`]), in the tab's own
/// session storage: another tab starting at the same time never reads it, and it
/// goes with the tab.
pub const LOADING_KEY: &str = "holdfast.loading";

/// The version of a saved game's shape, written into each entry (`"version"`).
/// Entries without one were written before versions (the same shape as version 1).
/// A later shape raises this and adds its step to [`migrate`].
pub const STORAGE_VERSION: u64 = 1;

/// One saved game: the record of what was played, the moves that can be redone,
/// and when it was last touched.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SavedGame {
    pub id: String,
    pub record: Record,
    #[serde(default)]
    pub redo: Vec<String>,
    /// Milliseconds since 1970.
    pub updated: f64,
    /// How many times the entry has been written (0: never, or before revisions).
    /// A tab writes a game only over the revision it last saw, so that another
    /// tab's moves are never overwritten (see [`save_over`]). Written first in the
    /// entry, by [`save`], where [`stored_revision`] reads it without the rest.
    #[serde(default, skip_serializing)]
    pub revision: u64,
    /// The actions of a turn under way (Fort's steps, Citadel's actions, Frontier's
    /// orders), in notation: a reload comes back to them.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub turn: Vec<String>,
}

/// A game's key in storage.
pub fn game_key(id: &str) -> String {
    format!("{GAME_PREFIX}{id}")
}

/// A game's analysis's key in storage.
pub fn analysis_key(id: &str) -> String {
    format!("{ANALYSIS_PREFIX}{id}")
}

/// The analysis kept for game `id`, as written (the model reads it: its
/// `GameAnalysis::from_text`).
pub fn analysis(store: &dyn Store, id: &str) -> Option<String> {
    store.get(&analysis_key(id))
}

/// Writes game `id`'s analysis (its text).
pub fn save_analysis(store: &mut dyn Store, id: &str, text: &str) -> Result<(), Refused> {
    store.set(&analysis_key(id), text)
}

/// Why the browser refused a write (the play and home screens say it).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refused {
    /// The browser refused to store it (storage full, most likely).
    Full,
    /// The browser gives the page no storage (blocked, or a private window).
    NoStorage,
    /// Another tab saved the game in a form this tab cannot open, so this tab's
    /// moves are not saved over it.
    ForeignForm,
}

impl Refused {
    /// Why, as a part of a sentence, in the language spoken now.
    pub fn words(self) -> &'static str {
        use crate::i18n::t;
        match self {
            Refused::Full => t("the browser refused to store the game (storage full?)"),
            Refused::NoStorage => {
                t("this browser gives the page no storage (blocked, or a private window)")
            }
            Refused::ForeignForm => t("another tab saved this game in a form this tab cannot open, so this tab's moves are not saved over it"),
        }
    }
}

/// Why a game was not written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum WriteError {
    /// The browser refused.
    Refused(Refused),
    /// Another tab wrote the game since this tab last saw it (`Some` of that
    /// revision), or deleted it (`None`): the write would lose its change.
    Stale(Option<u64>),
}

/// A minimal key-value store, so the logic runs natively in tests and on
/// `localStorage` in the browser.
pub trait Store {
    fn keys(&self) -> Vec<String>;
    fn get(&self, key: &str) -> Option<String>;
    fn set(&mut self, key: &str, value: &str) -> Result<(), Refused>;
    fn remove(&mut self, key: &str);
    /// The marker of the save this tab is replaying at start-up (see [`load_all`]):
    /// kept apart from the saves, in the tab's own storage.
    fn loading(&self) -> Option<String>;
    fn set_loading(&mut self, id: Option<&str>);
}

/// What loading the saves found.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Loaded {
    /// Readable saves, newest first.
    pub games: Vec<SavedGame>,
    /// Keys the unreadable entries were set aside under.
    pub set_aside: Vec<String>,
    /// Keys of unreadable entries that storage refused to set aside: they stay
    /// where they were, untouched.
    pub left: Vec<String>,
    /// Keys of entries written by a later version of the app: left untouched for it.
    pub newer: Vec<String>,
}

/// Reads a stored entry of any version into today's shape; `Err(version)` for an
/// entry from a later version. Version 0 (no `version` field) is version 1's shape.
pub fn migrate(text: &str) -> Result<Option<SavedGame>, u64> {
    let Ok(value) = serde_json::from_str::<serde_json::Value>(text) else {
        return Ok(None);
    };
    let version = match value.get("version") {
        None => 0,
        Some(v) => match v.as_u64() {
            Some(v) => v,
            None => return Ok(None),
        },
    };
    if version > STORAGE_VERSION {
        return Err(version);
    }
    // Versions 0 and 1 share the shape (`SavedGame` skips the `version` field).
    // A game over a record's limits (see `holdfast_rules::record`) is not read:
    // the app never makes one, so it was edited by hand.
    Ok(serde_json::from_str::<SavedGame>(text)
        .ok()
        .filter(|g| g.record.check_limits().is_ok())
        .map(|g| SavedGame {
            revision: revision_of(text),
            ..g
        }))
}

/// Reads every saved game; `valid` decides whether a game still replays.
///
/// While a game is replayed its id is kept under `holdfast.loading`: if the app
/// stops there (a panic), the recovery screen (`web/recover.js`) offers to set that
/// game aside, and the next start sets it aside by itself, so one save can never
/// stop the app at every start.
pub fn load_all(store: &mut dyn Store, valid: &mut dyn FnMut(&SavedGame) -> bool) -> Loaded {
    let mut out = Loaded::default();
    let crashed = store.loading();
    let mut keys = store.keys();
    sort_by(&mut keys, |a, b| a < b);
    for key in keys {
        let Some(id) = key.strip_prefix(GAME_PREFIX) else {
            continue;
        };
        let text = store.get(&key).unwrap_or_default();
        let read = match migrate(&text) {
            Err(_) => {
                out.newer.push(key);
                continue;
            }
            Ok(g) => g.filter(|g| g.id == id && crashed.as_deref() != Some(id)),
        };
        let replays = read.filter(|g| {
            store.set_loading(Some(id));
            valid(g)
        });
        match replays {
            Some(g) => out.games.push(g),
            None => {
                // A key of its own: an earlier set-aside copy of the same game stays.
                let aside = std::iter::once(format!("{CORRUPT_PREFIX}{id}"))
                    .chain((2..).map(|n| format!("{CORRUPT_PREFIX}{id}.{n}")))
                    .find(|k| store.get(k).is_none())
                    .unwrap_or_default();
                if store.set(&aside, &text).is_ok() {
                    store.remove(&key);
                    // Its analysis goes with it (made again if the copy is taken up).
                    store.remove(&analysis_key(id));
                    out.set_aside.push(aside);
                } else {
                    out.left.push(key);
                }
            }
        }
    }
    // Cleared, unless the save that stopped the last start could not be set aside:
    // the marker then keeps it from being replayed again.
    let stuck = crashed.is_some_and(|id| out.left.contains(&game_key(&id)));
    if !stuck {
        store.set_loading(None);
    }
    newest_first(&mut out.games, |g| g.updated);
    out
}

/// Sorts `v` so that `before(a, b)` holds for no later `a` and earlier `b`, keeping
/// equal ones in their order: an insertion sort, for the few saved games and keys
/// a browser holds (the standard library's sort costs the app's wasm kilobytes for
/// each type it sorts).
pub fn sort_by<T>(v: &mut [T], before: impl Fn(&T, &T) -> bool) {
    for i in 1..v.len() {
        let mut j = i;
        while j > 0 && before(&v[j], &v[j - 1]) {
            v.swap(j - 1, j);
            j -= 1;
        }
    }
}

/// Sorts saved games (or anything with a time) the latest first.
pub fn newest_first<T>(v: &mut [T], updated: impl Fn(&T) -> f64) {
    sort_by(v, |a, b| updated(a) > updated(b));
}

/// A save set aside because it could not be read, as the home page lists it.
#[derive(Clone, Debug, PartialEq)]
pub struct Aside {
    pub key: String,
    /// The entry as it was found, untouched (shared: the home page's buttons hold it).
    pub text: std::rc::Rc<str>,
    /// When the game was last saved, if the copy still says (milliseconds).
    pub updated: Option<f64>,
}

/// Every copy set aside, by key.
pub fn set_aside_copies(store: &dyn Store) -> Vec<Aside> {
    let mut keys: Vec<String> = store
        .keys()
        .into_iter()
        .filter(|k| k.starts_with(CORRUPT_PREFIX))
        .collect();
    sort_by(&mut keys, |a, b| a < b);
    keys.into_iter()
        .filter_map(|key| {
            let text = store.get(&key)?;
            let updated = serde_json::from_str::<serde_json::Value>(&text)
                .ok()
                .and_then(|v| v.get("updated")?.as_f64());
            Some(Aside {
                key,
                text: text.into(),
                updated,
            })
        })
        .collect()
}

/// Whether `key` names a set-aside copy (the only other keys the home page deletes).
pub fn is_aside_key(key: &str) -> bool {
    key.starts_with(CORRUPT_PREFIX)
}

/// Writes (or overwrites) one game as it is, revision included.
pub fn save(store: &mut dyn Store, game: &SavedGame) -> Result<(), Refused> {
    // The version and revision first, then the game's own fields (its JSON
    // object, opened).
    // (Writing a record's JSON never fails: its maps have string keys only.)
    let json = serde_json::to_string(game).map_err(|_| Refused::Full)?;
    let fields = json.strip_prefix('{').unwrap_or(&json);
    let text = format!(
        "{{\"version\":{STORAGE_VERSION},\"revision\":{},{fields}",
        game.revision
    );
    store.set(&game_key(&game.id), &text)
}

/// The revision of a stored game, `None` when there is no entry. An entry from
/// before revisions counts as 1 (it was written once; 0 is a game never written).
/// Reads only the start of the entry.
pub fn stored_revision(store: &dyn Store, id: &str) -> Option<u64> {
    let text = store.get(&game_key(id))?;
    Some(revision_of(&text))
}

fn revision_of(text: &str) -> u64 {
    let head = text.get(..text.len().min(64)).unwrap_or(text);
    let digits = head.split("\"revision\":").nth(1).unwrap_or("");
    let end = digits
        .find(|c: char| !c.is_ascii_digit())
        .unwrap_or(digits.len());
    digits[..end].parse().unwrap_or(1)
}

/// Writes `game` as revision `game.revision + 1` if storage still holds the
/// revision this tab last saw (`game.revision`; no entry when that is 0, a game
/// never written). Returns the new revision.
pub fn save_over(store: &mut dyn Store, game: &SavedGame) -> Result<u64, WriteError> {
    match stored_revision(store, &game.id) {
        Some(r) if r != game.revision => return Err(WriteError::Stale(Some(r))),
        None if game.revision > 0 => return Err(WriteError::Stale(None)),
        _ => {}
    }
    let next = SavedGame {
        revision: game.revision + 1,
        ..game.clone()
    };
    save(store, &next).map_err(WriteError::Refused)?;
    Ok(next.revision)
}

/// The id of the game that was open last.
pub fn current(store: &dyn Store) -> Option<String> {
    store.get(CURRENT_KEY)
}

/// Remembers (or forgets) the open game.
pub fn set_current(store: &mut dyn Store, id: Option<&str>) {
    match id {
        Some(id) => {
            let _ = store.set(CURRENT_KEY, id);
        }
        None => store.remove(CURRENT_KEY),
    }
}

/// Reads stored settings as JSON text.
pub fn settings(store: &dyn Store) -> Option<String> {
    store.get(SETTINGS_KEY)
}

/// Reads what the player has learnt, as JSON text.
pub fn progress(store: &dyn Store) -> Option<String> {
    store.get(PROGRESS_KEY)
}

/// Writes what the player has learnt.
pub fn set_progress(store: &mut dyn Store, json: &str) {
    let _ = store.set(PROGRESS_KEY, json);
}

/// Writes settings.
pub fn set_settings(store: &mut dyn Store, json: &str) {
    let _ = store.set(SETTINGS_KEY, json);
}

/// `localStorage`, when the browser gives it.
pub struct LocalStore(pub web_sys::Storage);

impl LocalStore {
    pub fn open() -> Option<LocalStore> {
        web_sys::window()?
            .local_storage()
            .ok()
            .flatten()
            .map(LocalStore)
    }
}

impl Store for LocalStore {
    fn keys(&self) -> Vec<String> {
        let n = self.0.length().unwrap_or(0);
        (0..n)
            .filter_map(|i| self.0.key(i).ok().flatten())
            .collect()
    }
    fn get(&self, key: &str) -> Option<String> {
        self.0.get_item(key).ok().flatten()
    }
    fn set(&mut self, key: &str, value: &str) -> Result<(), Refused> {
        self.0.set_item(key, value).map_err(|_| Refused::Full)
    }
    fn remove(&mut self, key: &str) {
        let _ = self.0.remove_item(key);
    }
    fn loading(&self) -> Option<String> {
        session_storage()?.get_item(LOADING_KEY).ok().flatten()
    }
    fn set_loading(&mut self, id: Option<&str>) {
        if let Some(s) = session_storage() {
            let _ = match id {
                Some(id) => s.set_item(LOADING_KEY, id),
                None => s.remove_item(LOADING_KEY),
            };
        }
    }
}

fn session_storage() -> Option<web_sys::Storage> {
    web_sys::window()?.session_storage().ok().flatten()
}

/// What the app writes to when the browser gives it no storage (blocked, or a
/// private mode without it): nothing is kept, and every write says why, so the
/// play screen warns that the game is not being saved.
pub struct NoStore;

impl Store for NoStore {
    fn keys(&self) -> Vec<String> {
        Vec::new()
    }
    fn get(&self, _: &str) -> Option<String> {
        None
    }
    fn set(&mut self, _: &str, _: &str) -> Result<(), Refused> {
        Err(Refused::NoStorage)
    }
    fn remove(&mut self, _: &str) {}
    fn loading(&self) -> Option<String> {
        None
    }
    fn set_loading(&mut self, _: Option<&str>) {}
}

/// An in-memory store, for tests.
#[derive(Default, Debug)]
pub struct MemoryStore(pub std::collections::BTreeMap<String, String>);

impl Store for MemoryStore {
    fn keys(&self) -> Vec<String> {
        self.0.keys().cloned().collect()
    }
    fn get(&self, key: &str) -> Option<String> {
        self.0.get(key).cloned()
    }
    fn set(&mut self, key: &str, value: &str) -> Result<(), Refused> {
        self.0.insert(key.to_string(), value.to_string());
        Ok(())
    }
    fn remove(&mut self, key: &str) {
        self.0.remove(key);
    }
    fn loading(&self) -> Option<String> {
        self.0.get(SESSION_LOADING).cloned()
    }
    fn set_loading(&mut self, id: Option<&str>) {
        match id {
            Some(id) => self.0.insert(SESSION_LOADING.into(), id.into()),
            None => self.0.remove(SESSION_LOADING),
        };
    }
}

/// Where a [`MemoryStore`] keeps the start-up marker (a tab's session storage).
const SESSION_LOADING: &str = "session:holdfast.loading";

/// A store that refuses every write (a full or blocked `localStorage`).
#[cfg(test)]
pub struct Refusing(pub MemoryStore);

#[cfg(test)]
impl Store for Refusing {
    fn keys(&self) -> Vec<String> {
        self.0.keys()
    }
    fn get(&self, key: &str) -> Option<String> {
        self.0.get(key)
    }
    fn set(&mut self, _: &str, _: &str) -> Result<(), Refused> {
        Err(Refused::Full)
    }
    fn remove(&mut self, key: &str) {
        self.0.remove(key)
    }
    fn loading(&self) -> Option<String> {
        self.0.loading()
    }
    fn set_loading(&mut self, id: Option<&str>) {
        self.0.set_loading(id)
    }
}

#[test]
fn a_second_bad_copy_gets_a_key_of_its_own_and_a_refused_one_stays_put() {
    let mut s = MemoryStore::default();
    s.set("holdfast.game.bad", "{first").unwrap();
    assert_eq!(
        load_all(&mut s, &mut |_| true).set_aside,
        ["holdfast.corrupt.bad"]
    );
    s.set("holdfast.game.bad", "{second").unwrap();
    let l = load_all(&mut s, &mut |_| true);
    assert_eq!(l.set_aside, ["holdfast.corrupt.bad.2"]);
    assert_eq!(s.get("holdfast.corrupt.bad").as_deref(), Some("{first"));
    assert_eq!(s.get("holdfast.corrupt.bad.2").as_deref(), Some("{second"));
    // Storage refuses the copy: the entry is reported as left where it was.
    let mut r = Refusing(MemoryStore::default());
    r.0.set("holdfast.game.bad", "{third").unwrap();
    let l = load_all(&mut r, &mut |_| true);
    assert!(l.set_aside.is_empty());
    assert_eq!(l.left, ["holdfast.game.bad"]);
    assert_eq!(r.get("holdfast.game.bad").as_deref(), Some("{third"));
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(id: &str, updated: f64) -> SavedGame {
        SavedGame {
            id: id.into(),
            record: Record::from_json(r#"{"game":"fortress","moves":["c3"]}"#).unwrap(),
            redo: vec![],
            updated,
            revision: 0,
            turn: vec![],
        }
    }

    /// Two tabs on one game: each writes only over the revision it last saw, so the
    /// second writer is refused (told the revision now stored), and a deletion is
    /// never undone by a tab that had the game open.
    #[test]
    fn a_stale_write_is_refused_and_a_deletion_is_final() {
        let mut s = MemoryStore::default();
        let mut g = game("g", 1.0);
        assert_eq!(stored_revision(&s, "g"), None);
        g.revision = save_over(&mut s, &g).unwrap();
        assert_eq!(g.revision, 1);
        assert_eq!(stored_revision(&s, "g"), Some(1));
        // Tab A writes again (revision 2); tab B still holds revision 1.
        let tab_b = g.clone();
        g.record.moves.push("d4".into());
        g.revision = save_over(&mut s, &g).unwrap();
        assert_eq!(g.revision, 2);
        assert_eq!(save_over(&mut s, &tab_b), Err(WriteError::Stale(Some(2))));
        let stored = load_all(&mut s, &mut |_| true).games;
        assert_eq!(stored[0].record.moves, ["c3", "d4"], "A's move is kept");
        assert_eq!(stored[0].revision, 2, "the revision reads back");
        // Deleted in one tab: another that had it written is refused.
        s.remove(&game_key("g"));
        assert_eq!(save_over(&mut s, &g), Err(WriteError::Stale(None)));
        assert!(s.get("holdfast.game.g").is_none());
        // An entry from before revisions counts as revision 1 (written once).
        s.set(
            "holdfast.game.old",
            r#"{"id":"old","record":{"game":"fortress","moves":[]},"updated":1.0}"#,
        )
        .unwrap();
        assert_eq!(stored_revision(&s, "old"), Some(1));
        let old = load_all(&mut s, &mut |_| true).games;
        assert_eq!(old[0].revision, 1, "read as written once");
        // So a tab holding it, deleted elsewhere, is refused too.
        s.remove(&game_key("old"));
        assert_eq!(save_over(&mut s, &old[0]), Err(WriteError::Stale(None)));
        // A refused write says so, and is not taken for stale.
        let mut r = Refusing(MemoryStore::default());
        assert!(matches!(
            save_over(&mut r, &game("n", 1.0)),
            Err(WriteError::Refused(_))
        ));
    }

    #[test]
    fn saves_round_trip_newest_first() {
        let mut s = MemoryStore::default();
        save(&mut s, &game("a", 1.0)).unwrap();
        save(&mut s, &game("b", 2.0)).unwrap();
        let l = load_all(&mut s, &mut |_| true);
        assert_eq!(
            l.games.iter().map(|g| g.id.as_str()).collect::<Vec<_>>(),
            ["b", "a"]
        );
        s.remove(&game_key("b"));
        assert_eq!(load_all(&mut s, &mut |_| true).games.len(), 1);
    }

    #[test]
    fn corrupt_saves_are_set_aside_not_lost() {
        let mut s = MemoryStore::default();
        save(&mut s, &game("good", 1.0)).unwrap();
        s.set("holdfast.game.bad", "{not json").unwrap();
        save(&mut s, &game("illegal", 1.0)).unwrap();
        let l = load_all(&mut s, &mut |g| {
            g.record.moves.len() == 1 && s_is_ok(&g.record)
        });
        assert_eq!(l.games.len(), 2);
        assert_eq!(l.set_aside, vec!["holdfast.corrupt.bad".to_string()]);
        assert_eq!(s.get("holdfast.corrupt.bad").as_deref(), Some("{not json"));
        assert!(s.get("holdfast.game.bad").is_none());
    }

    /// An entry as today's version writes it, and one from before versions (taken
    /// from a save of that build), both read back; a later version's entry is left
    /// alone, neither read nor set aside.
    #[test]
    fn entries_carry_their_version_and_older_ones_migrate() {
        let mut s = MemoryStore::default();
        save(&mut s, &game("new", 2.0)).unwrap();
        let written = s.get("holdfast.game.new").unwrap();
        assert!(written.contains("\"version\":1"), "{written}");
        s.set(
            "holdfast.game.old",
            r#"{"id":"old","record":{"game":"fortress","setup":{"map":"classic","players":2},"moves":["c3","d4"],"names":["Orange","Blue"],"seats":["person","level2"]},"redo":["b4"],"updated":1795531259495.0}"#,
        )
        .unwrap();
        let later = r#"{"version":9,"id":"later","shape":"unknown"}"#;
        s.set("holdfast.game.later", later).unwrap();
        let l = load_all(&mut s, &mut |_| true);
        let ids: Vec<&str> = l.games.iter().map(|g| g.id.as_str()).collect();
        assert_eq!(ids, ["old", "new"]);
        let old = &l.games[0];
        assert_eq!(old.record.moves, ["c3", "d4"]);
        assert_eq!(old.record.seats, ["person", "level2"]);
        assert_eq!(old.redo, ["b4"]);
        assert_eq!(l.newer, ["holdfast.game.later"]);
        assert!(l.set_aside.is_empty());
        assert_eq!(s.get("holdfast.game.later").as_deref(), Some(later));
    }

    /// Set-aside copies are listed with the date they say they were saved, if any.
    #[test]
    fn set_aside_copies_are_listed() {
        let mut s = MemoryStore::default();
        save(&mut s, &game("good", 1.0)).unwrap();
        s.set("holdfast.corrupt.b", "{not json").unwrap();
        s.set(
            "holdfast.corrupt.a",
            r#"{"id":"a","updated":1795531259495.0}"#,
        )
        .unwrap();
        let list = set_aside_copies(&s);
        let keys: Vec<&str> = list.iter().map(|a| a.key.as_str()).collect();
        assert_eq!(keys, ["holdfast.corrupt.a", "holdfast.corrupt.b"]);
        assert_eq!(list[0].updated, Some(1795531259495.0));
        assert_eq!((list[1].updated, &*list[1].text), (None, "{not json"));
        assert!(is_aside_key("holdfast.corrupt.b") && !is_aside_key("holdfast.game.good"));
    }

    /// A save that stopped the app while it was replayed (its id left under
    /// holdfast.loading) is set aside at the next start; the others load.
    #[test]
    fn a_save_that_stopped_the_last_start_is_set_aside() {
        let mut s = MemoryStore::default();
        save(&mut s, &game("a", 1.0)).unwrap();
        save(&mut s, &game("b", 2.0)).unwrap();
        let l = load_all(&mut s, &mut |_| true);
        assert_eq!(l.games.len(), 2);
        assert!(s.loading().is_none(), "cleared after the start");
        // The replay of b stops the app: the marker names b.
        let stopped = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            load_all(&mut s, &mut |g| {
                assert!(g.id != "b", "the replay of b stops the app");
                true
            })
        }));
        assert!(stopped.is_err());
        assert_eq!(s.loading().as_deref(), Some("b"));
        let l = load_all(&mut s, &mut |_| true);
        let ids: Vec<&str> = l.games.iter().map(|g| g.id.as_str()).collect();
        assert_eq!(ids, ["a"]);
        assert_eq!(l.set_aside, ["holdfast.corrupt.b"]);
        assert!(s.loading().is_none());
        // A crashed save that cannot be set aside keeps its marker: never replayed.
        let mut r = Refusing(MemoryStore::default());
        r.0.set(
            "holdfast.game.c",
            &r.0.get("holdfast.game.a").unwrap_or_default(),
        )
        .unwrap();
        r.set_loading(Some("c"));
        let l = load_all(&mut r, &mut |_| true);
        assert_eq!(l.left, ["holdfast.game.c"]);
        assert_eq!(r.loading().as_deref(), Some("c"));
    }

    /// A saved game over a record's limits is set aside like any unreadable one.
    #[test]
    fn a_save_over_the_limits_is_set_aside() {
        let mut s = MemoryStore::default();
        let mut g = game("huge", 1.0);
        g.record.names = vec![
            "N".repeat(holdfast_rules::record::MAX_NAME_CHARS + 1),
            "B".into(),
        ];
        save(&mut s, &g).unwrap();
        // Its analysis beside it goes with it; another game's stays.
        save_analysis(&mut s, "huge", "1 0 -\n5000 5000").unwrap();
        save_analysis(&mut s, "other", "1 0 -\n5000 5000").unwrap();
        let l = load_all(&mut s, &mut |_| true);
        assert!(l.games.is_empty());
        assert_eq!(l.set_aside, ["holdfast.corrupt.huge"]);
        assert_eq!(analysis(&s, "huge"), None);
        assert!(analysis(&s, "other").is_some());
    }

    fn s_is_ok(_: &Record) -> bool {
        true
    }
}
