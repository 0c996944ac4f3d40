//! Fort's count: territory (empty regions bordered by one player only) and the
//! score it makes with the pieces.

use crate::board::CellId;
use crate::game::Seat;

use super::{owner, Fort, EMPTY};

impl Fort {
    /// For each cell: the player it counts for as territory, when it is empty and
    /// its empty region borders only that player's pieces.
    pub fn territory(&self) -> Vec<Option<Seat>> {
        let board = &self.cfg.board;
        let n = self.cells.len();
        let mut out = vec![None; n];
        let mut seen = vec![false; n];
        let mut region = Vec::new();
        for start in 0..n {
            if seen[start] || self.cells[start] != EMPTY {
                continue;
            }
            let mut borders = [false; 2];
            region.clear();
            seen[start] = true;
            region.push(start as CellId);
            let mut i = 0;
            while i < region.len() {
                let c = region[i];
                i += 1;
                for &m in board.neighbours(c) {
                    let v = self.cells[m as usize];
                    if v == EMPTY {
                        if !seen[m as usize] {
                            seen[m as usize] = true;
                            region.push(m);
                        }
                    } else if let Some(s) = owner(v) {
                        borders[s as usize] = true;
                    }
                }
            }
            let holder = match borders {
                [true, false] => Some(0),
                [false, true] => Some(1),
                _ => None,
            };
            for &c in &region {
                out[c as usize] = holder;
            }
        }
        out
    }

    /// The count: cells with own pieces + empty regions bordered only by
    /// own pieces.
    pub fn count(&self) -> [i32; 2] {
        let mut score = [0i32; 2];
        for &v in &self.cells {
            if let Some(s) = owner(v) {
                score[s as usize] += 1;
            }
        }
        for s in self.territory().into_iter().flatten() {
            score[s as usize] += 1;
        }
        score
    }
}
