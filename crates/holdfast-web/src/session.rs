//! A game being played in the app, for any game: its record, the position it
//! replays to, undo and redo, and looking back at earlier positions. The position
//! is always what the rules make of the record; nothing else is trusted.

use holdfast_rules::record::BadMove;
use holdfast_rules::{Game, MoveError, Record, RecordError, Seat};

use crate::board::SEAT_NAMES;

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
    pub positions: Vec<G>,
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
        let mut positions = Vec::with_capacity(record.moves.len() + 1);
        positions.push(start);
        for (index, text) in record.moves.iter().enumerate() {
            let mut next = positions[positions.len() - 1].clone();
            if let Err(error) = next.play_entry(text) {
                return Err(OpenError::Move(BadMove {
                    index,
                    text: text.clone(),
                    error,
                }));
            }
            positions.push(next);
        }
        let players = positions[0].players();
        record.names.truncate(players);
        while record.names.len() < players {
            record
                .names
                .push(SEAT_NAMES[record.names.len() % SEAT_NAMES.len()].to_string());
        }
        Ok(Session {
            id,
            record,
            redo,
            positions,
            viewing: None,
            updated,
        })
    }

    /// The current position (the end of the record).
    pub fn game(&self) -> &G {
        &self.positions[self.positions.len() - 1]
    }

    /// The position on screen: the current one, or the one being looked back at.
    pub fn shown(&self) -> &G {
        let i = self
            .viewing
            .unwrap_or(self.positions.len() - 1)
            .min(self.positions.len() - 1);
        &self.positions[i]
    }

    /// The position before the one on screen, if any.
    pub fn before_shown(&self) -> Option<&G> {
        let i = self
            .viewing
            .unwrap_or(self.positions.len() - 1)
            .min(self.positions.len() - 1);
        i.checked_sub(1).map(|j| &self.positions[j])
    }

    /// How many entries lead to the position on screen.
    pub fn shown_ply(&self) -> usize {
        self.viewing
            .unwrap_or(self.positions.len() - 1)
            .min(self.positions.len() - 1)
    }

    /// A seat's name as shown.
    pub fn name(&self, seat: Seat) -> String {
        self.record
            .names
            .get(seat as usize)
            .cloned()
            .unwrap_or_else(|| SEAT_NAMES[seat as usize % 6].to_string())
    }

    /// Plays a move (a new line of play drops what could be redone).
    pub fn play(&mut self, mv: G::Move, now: f64) -> Result<(), MoveError> {
        if self.viewing.is_some() {
            return Err(MoveError::NotNow(
                "You are looking back: go back to the game to play.".into(),
            ));
        }
        let mut next = self.game().clone();
        next.play(mv)?;
        let text = self.game().format_move(mv);
        self.record.moves.push(text.clone());
        self.positions.push(next);
        if self.redo.last() == Some(&text) {
            self.redo.pop();
        } else {
            self.redo.clear();
        }
        self.updated = now;
        Ok(())
    }

    /// Takes back the last entry.
    pub fn undo(&mut self, now: f64) -> bool {
        if self.record.moves.is_empty() {
            return false;
        }
        self.viewing = None;
        if let Some(m) = self.record.moves.pop() {
            self.redo.push(m);
        }
        self.positions.pop();
        self.updated = now;
        true
    }

    /// Plays the last undone entry again.
    pub fn redo(&mut self, now: f64) -> bool {
        let Some(text) = self.redo.last().cloned() else {
            return false;
        };
        self.viewing = None;
        let mut next = self.game().clone();
        if next.play_entry(&text).is_err() {
            self.redo.clear();
            return false;
        }
        self.redo.pop();
        self.record.moves.push(text);
        self.positions.push(next);
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
            while self.record.moves.len() > p {
                self.undo(now);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use holdfast_rules::fortress::Fortress;

    fn rec(moves: &[&str]) -> Record {
        Record::from_json(&serde_json::json!({"game": "fortress", "moves": moves}).to_string())
            .unwrap()
    }

    #[test]
    fn undo_redo_and_new_lines() {
        let mut s = Session::<Fortress>::open("t".into(), rec(&["c3", "c4"]), vec![], 0.0).unwrap();
        assert_eq!(s.record.names, vec!["Orange", "Blue"]);
        assert!(s.undo(1.0));
        assert_eq!(s.record.moves, vec!["c3"]);
        assert!(s.redo(2.0));
        assert_eq!(s.record.moves, vec!["c3", "c4"]);
        assert!(!s.redo(3.0));
        s.undo(4.0);
        let m = s.game().parse_move("d4").unwrap();
        s.play(m, 5.0).unwrap();
        assert!(s.redo.is_empty(), "a new move drops the redo line");
        assert_eq!(s.positions.len(), 3);
    }

    #[test]
    fn looking_back_is_read_only_until_play_from_here() {
        let mut s =
            Session::<Fortress>::open("t".into(), rec(&["c3", "c4", "b4"]), vec![], 0.0).unwrap();
        s.view(Some(1));
        assert_eq!(s.shown_ply(), 1);
        let m = s.game().parse_move("a1").unwrap();
        assert!(s.play(m, 1.0).is_err());
        s.play_from_here(2.0);
        assert_eq!(s.record.moves, vec!["c3"]);
        assert_eq!(s.redo, vec!["b4", "c4"]);
    }

    #[test]
    fn bad_records_do_not_open() {
        assert!(matches!(
            Session::<Fortress>::open("t".into(), rec(&["c3", "c4", "zz"]), vec![], 0.0),
            Err(OpenError::Move(BadMove { index: 2, .. }))
        ));
    }
}
