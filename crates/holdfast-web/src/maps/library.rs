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
    /// Some of what was kept could not be read: it is set aside.
    pub damaged: bool,
    /// What could not be read could not be set aside either: nothing is written
    /// over it.
    pub locked: bool,
}

/// Why a change was not kept.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LibraryError {
    /// The browser's storage refused it (full, or blocked).
    Storage(Refused),
    /// The library holds [`MAX_MAPS`] already.
    Full,
    /// The list kept could not be read nor set aside: it is not written over.
    Locked,
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
    /// The library kept in `store`. What does not read is set aside, never
    /// deleted: a map that does not read under [`ASIDE_KEY`] (or a numbered key
    /// beside it), the rest kept; a list that does not read, whole. When storage
    /// refuses to keep it aside, nothing is written over it.
    pub fn load(store: &mut dyn Store) -> Library {
        let Some(text) = store.get(KEY) else {
            return Library::default();
        };
        let list = serde_json::from_str::<Value>(&text)
            .ok()
            .and_then(|v| v["maps"].as_array().cloned());
        let (maps, bad): (Vec<SavedMap>, Option<String>) = match list {
            Some(entries) => {
                let mut maps = Vec::new();
                let mut bad = Vec::new();
                for e in entries {
                    match map_of(&e) {
                        Some(m) => maps.push(m),
                        None => bad.push(e),
                    }
                }
                let bad = (!bad.is_empty()).then(|| Value::from(bad).to_string());
                (maps, bad)
            }
            None => (Vec::new(), Some(text.clone())),
        };
        let Some(bad) = bad else {
            return Library {
                maps,
                ..Library::default()
            };
        };
        let key = (0..)
            .map(|n| match n {
                0 => ASIDE_KEY.to_string(),
                n => format!("{ASIDE_KEY}.{n}"),
            })
            .find(|k| store.get(k).is_none_or(|t| t == bad))
            .unwrap_or_else(|| ASIDE_KEY.to_string());
        let mut lib = Library {
            maps,
            damaged: true,
            locked: false,
        };
        // Set aside first: what did not read leaves the list only once kept.
        if store.set(&key, &bad).is_err() || lib.write(store).is_err() {
            lib.locked = true;
        }
        lib
    }

    /// Everything set aside (by key), as one JSON text to download.
    pub fn aside_text(store: &dyn Store) -> Option<String> {
        let kept: serde_json::Map<String, Value> = store
            .keys()
            .into_iter()
            .filter(|k| k.starts_with(ASIDE_KEY))
            .filter_map(|k| Some((k.clone(), Value::from(store.get(&k)?))))
            .collect();
        (!kept.is_empty()).then(|| Value::Object(kept).to_string())
    }

    fn write(&self, store: &mut dyn Store) -> Result<(), LibraryError> {
        if self.locked {
            return Err(LibraryError::Locked);
        }
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

    /// Keeps a changed map (it moves to the top of the list; one no longer there,
    /// deleted in another tab while being edited here, comes back).
    pub fn put(
        &mut self,
        store: &mut dyn Store,
        id: &str,
        doc: MapDoc,
        now: f64,
    ) -> Result<(), LibraryError> {
        let mut next = self.clone();
        let mut map = match next.maps.iter().position(|m| m.id == id) {
            Some(i) => next.maps.remove(i),
            None if next.maps.len() < MAX_MAPS => SavedMap {
                id: id.to_string(),
                doc: doc.clone(),
                saved: now,
            },
            None => return Err(LibraryError::Full),
        };
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
