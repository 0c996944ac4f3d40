//! Saving's bookkeeping: why the browser refuses the open game's writes, and the
//! games moved out of play while their writes were refused (their moves live only
//! in this tab until storage takes them). It knows nothing of the rest of the
//! model.

use crate::storage::Refused;

/// A game moved out of play while the browser refused its writes: its moves since
/// its last write that worked live only in this tab (in the library) until
/// storage takes them, which is tried with every write of the open game.
#[derive(Clone, Debug, PartialEq)]
pub struct Unsaved {
    pub id: String,
    /// Why the browser refused the last try.
    pub why: Refused,
}

/// What is not saved, and why.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Saving {
    /// Why the browser refused the last write of the open game (the play screen
    /// warns until a write succeeds; each change tries again).
    pub error: Option<Refused>,
    /// Games moved out of play while their writes were refused (the home page
    /// warns on each until a write succeeds).
    pub unsaved: Vec<Unsaved>,
}

/// What saving is told.
#[derive(Clone, Debug, PartialEq)]
pub enum SavingMsg {
    /// The last write of the open game failed (why), or worked (`None`).
    Saved(Option<Refused>),
    /// The open game (its id) moves out of play: while its writes are refused, it
    /// is one of the games left unsaved.
    Left(String),
    /// A game is open again, deleted, or followed from another tab: no longer
    /// one left unsaved here.
    Forget(String),
    /// A try to write a game left unsaved: it worked, or why it was refused.
    Flushed {
        id: String,
        result: Result<(), Refused>,
    },
}

/// What a retry of the refused writes is to write.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Retry {
    /// Everything (the open game's write is refused).
    All,
    /// Only the games left unsaved (the open game is saved).
    Unsaved,
    Nothing,
}

impl Saving {
    pub fn update(&mut self, msg: SavingMsg) {
        match msg {
            SavingMsg::Saved(error) => self.error = error,
            SavingMsg::Left(id) => {
                if let Some(why) = self.error.take() {
                    self.unsaved.retain(|u| u.id != id);
                    self.unsaved.push(Unsaved { id, why });
                }
            }
            SavingMsg::Forget(id) => self.unsaved.retain(|u| u.id != id),
            SavingMsg::Flushed { id, result: Ok(()) } => self.unsaved.retain(|u| u.id != id),
            SavingMsg::Flushed {
                id,
                result: Err(why),
            } => {
                if let Some(u) = self.unsaved.iter_mut().find(|u| u.id == id) {
                    u.why = why;
                }
            }
        }
    }

    /// Whether `id` is a game left unsaved here.
    pub fn is_unsaved(&self, id: &str) -> bool {
        self.unsaved.iter().any(|u| u.id == id)
    }

    /// What the timer's retry writes.
    pub fn retry(&self) -> Retry {
        if self.error.is_some() {
            Retry::All
        } else if !self.unsaved.is_empty() {
            Retry::Unsaved
        } else {
            Retry::Nothing
        }
    }

    /// Some write is refused (the timer retries; leaving the page asks first).
    pub fn failing(&self) -> bool {
        self.retry() != Retry::Nothing
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A refused write: the open game moved out of play while it lasts is left
    /// unsaved; retries write everything, then only what is left, then nothing.
    #[test]
    fn refused_writes_are_kept_until_a_write_works() {
        let mut s = Saving::default();
        s.update(SavingMsg::Left("a".into()));
        assert!(s.unsaved.is_empty(), "saved: nothing left unsaved");
        s.update(SavingMsg::Saved(Some(Refused::Full)));
        assert_eq!(s.retry(), Retry::All);
        s.update(SavingMsg::Left("a".into()));
        assert_eq!(s.error, None);
        assert!(s.is_unsaved("a"));
        assert_eq!(s.retry(), Retry::Unsaved);
        s.update(SavingMsg::Flushed {
            id: "a".into(),
            result: Err(Refused::NoStorage),
        });
        assert_eq!(s.unsaved[0].why, Refused::NoStorage);
        s.update(SavingMsg::Flushed {
            id: "a".into(),
            result: Ok(()),
        });
        assert_eq!(s.retry(), Retry::Nothing);
        assert!(!s.failing());
    }
}
