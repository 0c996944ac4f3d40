//! The saved games: the list (newest first), each one's summary for the home page,
//! the copies set aside, and whether the home page lists them all. The open game
//! is not in the list: the model that composes this one moves games in and out.
//! It knows nothing of the rest of the model.

use std::rc::Rc;

use crate::game_ui::Summary;
use crate::games;
use crate::storage::{self, Aside, SavedGame};

/// The saved games and what the home page shows of them.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Library {
    /// Saved games other than the open one, newest first (shared between the
    /// app's states until it changes, like the summaries).
    pub saves: Rc<Vec<SavedGame>>,
    /// The home page's summary of each saved game, by id (each built by one replay).
    pub summaries: Rc<Summaries>,
    /// Copies set aside (saves that could not be read), listed on the home page.
    pub aside: Rc<Vec<Aside>>,
    /// The home page lists every saved game, not only the latest.
    pub all: bool,
}

/// What the list is told.
#[derive(Clone, Debug, PartialEq)]
pub enum LibraryMsg {
    /// List every saved game.
    ShowAll,
    /// A game moved out of play goes to the top of the list, with its summary.
    Keep(SavedGame, Rc<Summary>),
    /// A game leaves the list (opened, or deleted).
    Forget(String),
    /// Another tab wrote a game not open here (`Some`: what it holds now), or
    /// deleted it (`None`).
    Follow {
        id: String,
        saved: Option<SavedGame>,
    },
    /// A game of the list was stored at this revision.
    Stored { id: String, revision: u64 },
    /// A copy set aside (its storage key) is deleted.
    DeleteAside(String),
    /// The summaries are made again (their thumbnails name cells in the language
    /// spoken).
    SayAgain,
}

impl Library {
    /// The list as start-up read it.
    pub fn new(saves: Vec<SavedGame>, summaries: Summaries, aside: Vec<Aside>) -> Library {
        Library {
            saves: Rc::new(saves),
            summaries: Rc::new(summaries),
            aside: Rc::new(aside),
            all: false,
        }
    }

    /// Applies a message; false when it changed nothing (a key that is no copy
    /// set aside).
    pub fn update(&mut self, msg: LibraryMsg) -> bool {
        match msg {
            LibraryMsg::ShowAll => self.all = true,
            LibraryMsg::Keep(saved, summary) => {
                let id = saved.id.clone();
                let saves = Rc::make_mut(&mut self.saves);
                saves.retain(|s| s.id != id);
                saves.insert(0, saved);
                Rc::make_mut(&mut self.summaries).insert(id, summary);
            }
            LibraryMsg::Forget(id) => {
                if self.get(&id).is_some() {
                    Rc::make_mut(&mut self.saves).retain(|s| s.id != id);
                }
                if self.summaries.contains_key(&id) {
                    Rc::make_mut(&mut self.summaries).remove(&id);
                }
            }
            LibraryMsg::Follow { id, saved } => {
                let saves = Rc::make_mut(&mut self.saves);
                saves.retain(|s| s.id != id);
                let summaries = Rc::make_mut(&mut self.summaries);
                summaries.remove(&id);
                let summary = saved.as_ref().and_then(|g| games::summary(&g.record));
                if let (Some(g), Some(summary)) = (saved, summary) {
                    summaries.insert(g.id.clone(), Rc::new(summary));
                    saves.push(g);
                    storage::newest_first(saves, |g| g.updated);
                }
            }
            LibraryMsg::Stored { id, revision } => {
                if let Some(s) = Rc::make_mut(&mut self.saves)
                    .iter_mut()
                    .find(|s| s.id == id)
                {
                    s.revision = revision;
                }
            }
            LibraryMsg::DeleteAside(key) => {
                if !storage::is_aside_key(&key) {
                    return false;
                }
                Rc::make_mut(&mut self.aside).retain(|a| a.key != key);
            }
            LibraryMsg::SayAgain => {
                let summaries = Rc::make_mut(&mut self.summaries);
                for g in self.saves.iter() {
                    if let Some(summary) = games::summary(&g.record) {
                        summaries.insert(g.id.clone(), Rc::new(summary));
                    }
                }
            }
        }
        true
    }

    /// The saved game `id`, if listed.
    pub fn get(&self, id: &str) -> Option<&SavedGame> {
        self.saves.iter().find(|s| s.id == id)
    }

    /// Takes the saved game `id` out of the list to open it (its summary stays
    /// until it opens: [`LibraryMsg::Forget`]); [`Library::put_back`] returns it.
    pub fn take(&mut self, id: &str) -> Option<(usize, SavedGame)> {
        let pos = self.saves.iter().position(|s| s.id == id)?;
        Some((pos, Rc::make_mut(&mut self.saves).remove(pos)))
    }

    /// Returns a game taken out (it did not open) to where it was.
    pub fn put_back(&mut self, pos: usize, saved: SavedGame) {
        let saves = Rc::make_mut(&mut self.saves);
        saves.insert(pos.min(saves.len()), saved);
    }
}

/// The home page's summaries by id: a list sorted by id (a map of its own type costs
/// the wasm more than it saves for the few saved games there are).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Summaries(Vec<(String, Rc<Summary>)>);

impl Summaries {
    fn find(&self, id: &str) -> Result<usize, usize> {
        self.0.binary_search_by(|(k, _)| k.as_str().cmp(id))
    }
    pub fn get(&self, id: &str) -> Option<&Rc<Summary>> {
        self.find(id).ok().map(|i| &self.0[i].1)
    }
    pub fn contains_key(&self, id: &str) -> bool {
        self.find(id).is_ok()
    }
    pub fn insert(&mut self, id: String, summary: Rc<Summary>) {
        match self.find(&id) {
            Ok(i) => self.0[i].1 = summary,
            Err(i) => self.0.insert(i, (id, summary)),
        }
    }
    pub fn remove(&mut self, id: &str) {
        if let Ok(i) = self.find(id) {
            self.0.remove(i);
        }
    }
    pub fn values(&self) -> impl Iterator<Item = &Rc<Summary>> {
        self.0.iter().map(|(_, v)| v)
    }
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn saved(id: &str, updated: f64) -> SavedGame {
        let record = games::new_record(games::infos()[0].id).unwrap();
        let mut g = games::open(id.into(), record, vec![], updated)
            .unwrap()
            .saved();
        g.updated = updated;
        g
    }

    /// Games come and go: kept at the top with their summary, followed when
    /// another tab writes or deletes them, taken out to open and put back when
    /// they do not; only a copy set aside can be deleted as one.
    #[test]
    fn the_list_keeps_games_and_follows_other_tabs() {
        let mut l = Library::default();
        let summary = Rc::new(games::summary(&saved("a", 1.0).record).unwrap());
        l.update(LibraryMsg::Keep(saved("a", 1.0), summary.clone()));
        l.update(LibraryMsg::Keep(saved("b", 2.0), summary.clone()));
        let ids = |l: &Library| l.saves.iter().map(|s| s.id.clone()).collect::<Vec<_>>();
        assert_eq!(ids(&l), ["b", "a"]);
        assert!(l.summaries.contains_key("a"));
        l.update(LibraryMsg::Follow {
            id: "c".into(),
            saved: Some(saved("c", 0.5)),
        });
        assert_eq!(ids(&l), ["b", "a", "c"], "newest first");
        l.update(LibraryMsg::Follow {
            id: "a".into(),
            saved: None,
        });
        assert_eq!(ids(&l), ["b", "c"]);
        assert!(!l.summaries.contains_key("a"));
        let (pos, g) = l.take("c").unwrap();
        assert_eq!(ids(&l), ["b"]);
        l.put_back(pos, g);
        assert_eq!(ids(&l), ["b", "c"]);
        l.update(LibraryMsg::Stored {
            id: "c".into(),
            revision: 7,
        });
        assert_eq!(l.get("c").unwrap().revision, 7);
        l.update(LibraryMsg::Forget("c".into()));
        assert_eq!(ids(&l), ["b"]);
        assert!(!l.update(LibraryMsg::DeleteAside("holdfast.game.b".into())));
        assert!(l.update(LibraryMsg::DeleteAside("holdfast.corrupt.x".into())));
    }
}
