//! The player's maps, kept in the browser under one key ([`KEY`]): each with an id,
//! a name, its game and setup, and when it was last changed. A library that cannot
//! be read is set aside under its own key (never deleted) and a new one started.

use serde_json::{json, Value};

use super::{clean_name, MapDoc};
use crate::storage::{Refused, Store};

/// Where the maps are kept.
pub const KEY: &str = "holdfast.maps.v1";
/// Where a library that could not be read is set aside.
pub const ASIDE_KEY: &str = "holdfast.maps.unreadable";
/// At most this many maps.
pub const MAX_MAPS: usize = 200;

/// A saved map.
#[derive(Clone, Debug, PartialEq)]
pub struct SavedMap {
    pub id: String,
    pub doc: MapDoc,
    /// Last changed (ms since 1970).
    pub saved: f64,
}

/// The player's maps, newest first.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Library {
    pub maps: Vec<SavedMap>,
    /// What was kept could not be read: it is set aside and the library starts
    /// empty.
    pub damaged: bool,
}

/// Why a change was not kept.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LibraryError {
    /// The browser's storage refused it (full, or blocked).
    Storage(Refused),
    /// The library holds [`MAX_MAPS`] already.
    Full,
}

fn map_value(m: &SavedMap) -> Value {
    json!({ "id": m.id, "name": m.doc.name, "game": m.doc.game, "setup": m.doc.setup, "saved": m.saved })
}

fn map_of(v: &Value) -> Option<SavedMap> {
    Some(SavedMap {
        id: v["id"].as_str()?.to_string(),
        doc: MapDoc {
            game: v["game"].as_str()?.to_string(),
            name: clean_name(v["name"].as_str().unwrap_or_default()),
            setup: v.get("setup").filter(|s| s.is_object())?.clone(),
        },
        saved: v["saved"].as_f64().unwrap_or(0.0),
    })
}

impl Library {
    /// The library kept in `store`. One that does not read is set aside (under
    /// [`ASIDE_KEY`], or a numbered key beside it when that is taken by other text).
    pub fn load(store: &mut dyn Store) -> Library {
        let Some(text) = store.get(KEY) else {
            return Library::default();
        };
        let read = serde_json::from_str::<Value>(&text).ok().and_then(|v| {
            v["maps"]
                .as_array()
                .map(|a| a.iter().map(map_of).collect::<Option<Vec<_>>>())
        });
        match read.flatten() {
            Some(maps) => Library {
                maps,
                damaged: false,
            },
            None => {
                let key = (0..)
                    .map(|n| match n {
                        0 => ASIDE_KEY.to_string(),
                        n => format!("{ASIDE_KEY}.{n}"),
                    })
                    .find(|k| store.get(k).is_none_or(|t| t == text))
                    .unwrap_or_else(|| ASIDE_KEY.to_string());
                // (Set aside first: the broken text is removed only once kept.)
                if store.set(&key, &text).is_ok() {
                    store.remove(KEY);
                }
                Library {
                    maps: Vec::new(),
                    damaged: true,
                }
            }
        }
    }

    fn write(&self, store: &mut dyn Store) -> Result<(), LibraryError> {
        let v =
            json!({ "version": 1, "maps": self.maps.iter().map(map_value).collect::<Vec<_>>() });
        store
            .set(KEY, &v.to_string())
            .map_err(LibraryError::Storage)
    }

    pub fn get(&self, id: &str) -> Option<&SavedMap> {
        self.maps.iter().find(|m| m.id == id)
    }

    /// A saved map of the same game and setup, if there is one.
    pub fn same_as(&self, doc: &MapDoc) -> Option<&SavedMap> {
        self.maps
            .iter()
            .find(|m| m.doc.game == doc.game && m.doc.setup == doc.setup)
    }

    /// An id no map has had here: `m` and a number above every one in use.
    fn next_id(&self) -> String {
        let top = self
            .maps
            .iter()
            .filter_map(|m| m.id.strip_prefix('m')?.parse::<u64>().ok())
            .max()
            .unwrap_or(0);
        format!("m{}", top + 1)
    }

    /// Keeps a new map (first in the list); its id.
    pub fn add(
        &mut self,
        store: &mut dyn Store,
        doc: MapDoc,
        now: f64,
    ) -> Result<String, LibraryError> {
        if self.maps.len() >= MAX_MAPS {
            return Err(LibraryError::Full);
        }
        let id = self.next_id();
        let doc = MapDoc {
            name: clean_name(&doc.name),
            ..doc
        };
        let mut next = self.clone();
        next.maps.insert(
            0,
            SavedMap {
                id: id.clone(),
                doc,
                saved: now,
            },
        );
        next.write(store)?;
        *self = next;
        Ok(id)
    }

    /// Keeps a changed map (it moves to the top of the list).
    pub fn put(
        &mut self,
        store: &mut dyn Store,
        id: &str,
        doc: MapDoc,
        now: f64,
    ) -> Result<(), LibraryError> {
        let mut next = self.clone();
        let Some(i) = next.maps.iter().position(|m| m.id == id) else {
            return Ok(());
        };
        let mut map = next.maps.remove(i);
        map.doc = MapDoc {
            name: clean_name(&doc.name),
            ..doc
        };
        map.saved = now;
        next.maps.insert(0, map);
        next.write(store)?;
        *self = next;
        Ok(())
    }

    /// Deletes a map.
    pub fn remove(&mut self, store: &mut dyn Store, id: &str) -> Result<(), LibraryError> {
        let mut next = self.clone();
        next.maps.retain(|m| m.id != id);
        next.write(store)?;
        *self = next;
        Ok(())
    }
}
