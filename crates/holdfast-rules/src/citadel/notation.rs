//! Citadel's notation: reading and writing one action, and a record entry (a
//! whole turn of actions) played and written.

use crate::board::CellId;
use crate::game::{Game, MoveError};

use super::{Citadel, CitadelMove, FaceId, Phase};

impl Citadel {
    /// Reads one action in the notation: [`Game::parse_move`].
    pub(super) fn parse_action(&self, text: &str) -> Result<CitadelMove, MoveError> {
        let board = &self.cfg.board;
        let cell = |n: &str| {
            board
                .cell(n)
                .ok_or_else(|| MoveError::UnknownCell(n.to_string()))
        };
        let face = |n: &str| -> Result<FaceId, MoveError> {
            let c = cell(n)?;
            self.face_of(c).ok_or_else(|| MoveError::Cell {
                cell: n.into(),
                why: super::Why::NoFaceCorner.into(),
            })
        };
        match self.phase {
            Phase::Placing => return cell(text).map(CitadelMove::Place),
            Phase::Drafting => return cell(text).map(CitadelMove::Take),
            Phase::Playing => {}
        }
        if text == "-" {
            return Ok(CitadelMove::End);
        }
        if text == "draw" {
            return Ok(CitadelMove::Draw);
        }
        if let Some(f) = text.strip_prefix("W:") {
            return face(f).map(CitadelMove::Wall);
        }
        if let Some(rest) = text.strip_prefix("X:") {
            let (f, c) = rest
                .split_once('/')
                .ok_or_else(|| MoveError::Unreadable(text.to_string()))?;
            return Ok(CitadelMove::Destroy(face(f)?, cell(c)?));
        }
        if let Some(c) = text.strip_prefix("R:") {
            return cell(c).map(CitadelMove::Recruit);
        }
        if let Some(c) = text.strip_prefix("S:") {
            return cell(c).map(CitadelMove::Siege);
        }
        if let Some((a, b)) = text.split_once('x') {
            if board.cell(a).is_some() {
                return Ok(CitadelMove::Attack(cell(a)?, cell(b)?));
            }
        }
        if let Some((a, b)) = text.split_once('-') {
            return Ok(CitadelMove::Step(cell(a)?, cell(b)?));
        }
        Err(MoveError::Unreadable(text.to_string()))
    }

    /// Writes one action in the notation: [`Game::format_move`].
    pub(super) fn format_action(&self, mv: CitadelMove) -> String {
        let n = |c: CellId| self.name(c);
        match mv {
            CitadelMove::Place(c) | CitadelMove::Take(c) => n(c),
            CitadelMove::Wall(f) => format!("W:{}", self.face_name(f)),
            CitadelMove::Destroy(f, c) => format!("X:{}/{}", self.face_name(f), n(c)),
            CitadelMove::Recruit(c) => format!("R:{}", n(c)),
            CitadelMove::Step(a, b) => format!("{}-{}", n(a), n(b)),
            CitadelMove::Attack(a, b) => format!("{}x{}", n(a), n(b)),
            CitadelMove::Siege(c) => format!("S:{}", n(c)),
            CitadelMove::End => "-".into(),
            CitadelMove::Draw => "draw".into(),
        }
    }

    /// Plays one record entry: [`Game::play_entry`].
    pub(super) fn play_turn_entry(
        &mut self,
        entry: &str,
        out: &mut Vec<CitadelMove>,
    ) -> Result<(), MoveError> {
        let entry = entry.trim();
        if self.phase != Phase::Playing || entry == "draw" {
            let mv = self.parse_move(entry)?;
            self.play(mv)?;
            out.push(mv);
            return Ok(());
        }
        if entry.is_empty() {
            return Err(MoveError::Unreadable(entry.to_string()));
        }
        let mut next = self.clone();
        if entry != "-" {
            for a in entry.split_whitespace() {
                if next.end.is_some() {
                    // The win ended the turn: nothing may follow it.
                    return Err(MoveError::GameOver);
                }
                let mv = next.parse_move(a)?;
                if matches!(mv, CitadelMove::End | CitadelMove::Draw) {
                    return Err(MoveError::Unreadable(entry.to_string()));
                }
                next.play(mv)?;
                out.push(mv);
            }
            if next.end.is_some() {
                *self = next;
                return Ok(());
            }
        }
        next.play(CitadelMove::End)?;
        out.push(CitadelMove::End);
        *self = next;
        Ok(())
    }

    /// The record entry for a turn's actions: [`Game::entry_text`].
    pub(super) fn turn_entry_text(&self, actions: &[String]) -> String {
        let a: Vec<&str> = actions
            .iter()
            .map(String::as_str)
            .filter(|a| *a != "-")
            .collect();
        if a.is_empty() {
            "-".into()
        } else {
            a.join(" ")
        }
    }
}
