//! Undo and redo for an editor: the state now, and the steps back and forward.
//! A change that changes nothing is no step.

/// At most this many steps back.
const UNDO_LIMIT: usize = 200;

/// A state with its steps back and forward.
#[derive(Clone, Debug, PartialEq)]
pub struct History<T> {
    pub now: T,
    undo: Vec<T>,
    redo: Vec<T>,
}

impl<T: Clone + PartialEq> History<T> {
    pub fn new(now: T) -> History<T> {
        History {
            now,
            undo: Vec::new(),
            redo: Vec::new(),
        }
    }

    /// Makes `next` the state now, as one step undo takes back (nothing when it
    /// changes nothing). True when it changed something.
    pub fn step(&mut self, next: T) -> bool {
        if next == self.now {
            return false;
        }
        self.undo.push(std::mem::replace(&mut self.now, next));
        if self.undo.len() > UNDO_LIMIT {
            self.undo.remove(0);
        }
        self.redo.clear();
        true
    }

    pub fn can_undo(&self) -> bool {
        !self.undo.is_empty()
    }

    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty()
    }

    pub fn undo(&mut self) -> bool {
        let Some(back) = self.undo.pop() else {
            return false;
        };
        self.redo.push(std::mem::replace(&mut self.now, back));
        true
    }

    pub fn redo(&mut self) -> bool {
        let Some(next) = self.redo.pop() else {
            return false;
        };
        self.undo.push(std::mem::replace(&mut self.now, next));
        true
    }
}
