//! A game being played in the app, for any game: its record, the position it
//! replays to, undo and redo, and looking back at earlier positions. The position
//! is always what the rules make of the record; nothing else is trusted.

use std::rc::Rc;

use holdfast_rules::record::BadMove;
use holdfast_rules::{Game, MoveError, Record, RecordError, Seat};

use crate::board::SEAT_NAMES;

/// A session shared with earlier states of the app, borrowed for a change: reading
/// goes through to the shared session, and the first move played copies it (so a tap
/// that only selects a piece copies nothing).
pub struct SessionMut<'a, G: Game>(pub &'a mut Rc<Session<G>>);

impl<G: Game> std::ops::Deref for SessionMut<'_, G> {
    type Target = Session<G>;
    fn deref(&self) -> &Session<G> {
        self.0
    }
}

impl<G: Game> SessionMut<'_, G> {
    /// Plays an action (see [`Session::play`]), copying the session first if shared.
    pub fn play(&mut self, mv: G::Move, now: f64) -> Result<(), MoveError> {
        Rc::make_mut(self.0).play(mv, now)
    }
}

/// Why a record cannot be opened as a session.
#[derive(Clone, Debug, PartialEq)]
pub enum OpenError {
    Record(RecordError),
    Move(BadMove),
}

impl std::fmt::Display for OpenError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            OpenError::Record(e) => write!(f, "{e}"),
            OpenError::Move(b) => write!(
                f,
                "move {} ({}) cannot be played: {}",
                b.index + 1,
                b.text,
                b.error
            ),
        }
    }
}

/// One game in play.
#[derive(Clone, Debug)]
pub struct Session<G: Game> {
    pub id: String,
    /// The entries played so far (and the setup and names).
    pub record: Record,
    /// Entries undone, the next to redo last.
    pub redo: Vec<String>,
    /// The position after every entry of `record.moves`: `positions[0]` is the start.
    /// Shared, so that a copy of the session (the reducer makes one a change) copies
    /// pointers, not positions.
    pub positions: Vec<Rc<G>>,
    /// Actions of the entry under way (a multi-action turn not yet ended).
    pub turn: Vec<G::Move>,
    /// The position after `positions.last()` and the actions of `turn`.
    pub live: G,
    /// Looking back at the position after this many entries (read-only).
    pub viewing: Option<usize>,
    /// Milliseconds since 1970 of the last change.
    pub updated: f64,
}

impl<G: Game> Session<G> {
    /// Opens a record, replaying every entry; a bad entry refuses the whole record.
    pub fn open(
        id: String,
        mut record: Record,
        redo: Vec<String>,
        updated: f64,
    ) -> Result<Self, OpenError> {
        let start: G = record.start().map_err(OpenError::Record)?;
        let mut positions: Vec<Rc<G>> = Vec::with_capacity(record.moves.len() + 1);
        positions.push(Rc::new(start));
        for (index, text) in record.moves.iter().enumerate() {
            let mut next = G::clone(&positions[positions.len() - 1]);
            if let Err(error) = next.play_entry(text) {
                return Err(OpenError::Move(BadMove {
                    index,
                    text: text.clone(),
                    error,
                }));
            }
            positions.push(Rc::new(next));
        }
        let players = positions[0].players();
        record.names.truncate(players);
        while record.names.len() < players {
            record
                .names
                .push(SEAT_NAMES[record.names.len() % SEAT_NAMES.len()].to_string());
        }
        let live = G::clone(&positions[positions.len() - 1]);
        Ok(Session {
            id,
            record,
            redo,
            positions,
            turn: Vec::new(),
            live,
            viewing: None,
            updated,
        })
    }

    /// The current position (the end of the record, and the turn under way).
    pub fn game(&self) -> &G {
        &self.live
    }

    /// The position after the last whole entry.
    fn last_entry(&self) -> &G {
        &self.positions[self.positions.len() - 1]
    }

    /// The position on screen: the current one, or the one being looked back at.
    pub fn shown(&self) -> &G {
        match self.viewing {
            Some(i) if i < self.positions.len() => &self.positions[i],
            _ => &self.live,
        }
    }

    /// The position one action before the one on screen (to show what just changed).
    pub fn before_shown(&self) -> Option<Rc<G>> {
        match self.viewing {
            Some(i) if i < self.positions.len() => {
                i.checked_sub(1).map(|j| self.positions[j].clone())
            }
            _ if !self.turn.is_empty() => Some(Rc::new(self.replay_turn(self.turn.len() - 1))),
            _ => self
                .positions
                .len()
                .checked_sub(2)
                .map(|j| self.positions[j].clone()),
        }
    }

    /// How many entries lead to the position on screen.
    pub fn shown_ply(&self) -> usize {
        self.viewing
            .unwrap_or(self.positions.len() - 1)
            .min(self.positions.len() - 1)
    }

    /// The last entry's position plus the first `n` actions of the turn under way.
    fn replay_turn(&self, n: usize) -> G {
        let mut g = G::clone(self.last_entry());
        for &mv in &self.turn[..n.min(self.turn.len())] {
            if g.play(mv).is_err() {
                break;
            }
        }
        g
    }

    /// The actions of the turn under way, in notation.
    pub fn turn_text(&self) -> Vec<String> {
        let mut g = G::clone(self.last_entry());
        self.turn
            .iter()
            .map(|&mv| {
                let t = g.format_move(mv);
                let _ = g.play(mv);
                t
            })
            .collect()
    }

    /// A seat's name as shown.
    pub fn name(&self, seat: Seat) -> String {
        self.record
            .names
            .get(seat as usize)
            .cloned()
            .unwrap_or_else(|| SEAT_NAMES[seat as usize % 6].to_string())
    }

    /// Plays an action. When it ends the entry (a move, or a multi-action turn's last
    /// action) the entry joins the record, and a new line of play drops the redo line.
    pub fn play(&mut self, mv: G::Move, now: f64) -> Result<(), MoveError> {
        if self.viewing.is_some() {
            return Err(MoveError::NotNow(
                "You are looking back: go back to the game to play.".into(),
            ));
        }
        let text = self.live.format_move(mv);
        self.live.play(mv)?;
        let mut entry = self.turn_text();
        entry.push(text);
        self.turn.push(mv);
        self.updated = now;
        if !self.live.entry_open() {
            let entry = self.live.entry_text(&entry);
            self.turn.clear();
            self.record.moves.push(entry.clone());
            self.positions.push(Rc::new(self.live.clone()));
            if self.redo.last() == Some(&entry) {
                self.redo.pop();
            } else {
                self.redo.clear();
            }
        }
        Ok(())
    }

    /// Takes back the last action of the turn under way, else the last entry.
    pub fn undo(&mut self, now: f64) -> bool {
        self.viewing = None;
        if !self.turn.is_empty() {
            self.turn.pop();
            self.live = self.replay_turn(self.turn.len());
            self.updated = now;
            return true;
        }
        let Some(m) = self.record.moves.pop() else {
            return false;
        };
        self.redo.push(m);
        self.positions.pop();
        self.live = G::clone(self.last_entry());
        self.updated = now;
        true
    }

    /// Plays the last undone entry again (between turns only).
    pub fn redo(&mut self, now: f64) -> bool {
        let Some(text) = self.redo.last().cloned() else {
            return false;
        };
        if !self.turn.is_empty() {
            return false;
        }
        self.viewing = None;
        let mut next = G::clone(self.last_entry());
        if next.play_entry(&text).is_err() {
            self.redo.clear();
            return false;
        }
        self.redo.pop();
        self.record.moves.push(text);
        self.live = next.clone();
        self.positions.push(Rc::new(next));
        self.updated = now;
        true
    }

    /// Looks back at the position after `ply` entries (`None`: the game itself).
    pub fn view(&mut self, ply: Option<usize>) {
        self.viewing = ply.filter(|&p| p < self.record.moves.len());
    }

    /// Continues the game from the position being looked at, dropping later moves
    /// (they can still be redone).
    pub fn play_from_here(&mut self, now: f64) {
        if let Some(p) = self.viewing.take() {
            while !self.turn.is_empty() {
                self.undo(now);
            }
            while self.record.moves.len() > p {
                self.undo(now);
            }
        }
    }
}
