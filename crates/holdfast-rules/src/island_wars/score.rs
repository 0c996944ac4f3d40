//! Island Wars' score: land, secured water and the territory bonus, and what a
//! barracks would turn.

use super::*;

impl IslandWars {
    /// The hexes a barracks on `c` would turn now (for the screen).
    pub fn would_flip(&self, c: CellId) -> Vec<CellId> {
        let me = self.to_move;
        self.cfg
            .board
            .neighbours(c)
            .iter()
            .copied()
            .filter(|&m| {
                !self.water(m)
                    && self.colour[m as usize] != me
                    && !matches!(self.piece[m as usize], Some((s, _)) if s != me)
                    && !self.guarded(m)
            })
            .collect()
    }

    /// The score's parts for a seat: (land, secured water, territory bonus).
    pub fn score_parts(&self, seat: Seat) -> (i32, i32, i32) {
        self.all_score_parts()
            .get(seat as usize)
            .copied()
            .unwrap_or((0, 0, 0))
    }

    /// Every seat's score parts, in one walk of the board: land of its colour,
    /// water its ports secure, and one point for each territory (connected land of
    /// its colour) of 3 hexes or more when it has 2 territories or more.
    pub(super) fn all_score_parts(&self) -> [(i32, i32, i32); 6] {
        let players = (self.cfg.players as usize).min(6);
        let board = &self.cfg.board;
        let n = self.colour.len();
        let mut parts = [(0i32, 0i32, 0i32); 6];
        let (mut territories, mut large) = ([0i32; 6], [0i32; 6]);
        let mut seen = vec![false; n];
        let mut stack = Vec::with_capacity(n);
        for c in 0..n {
            let secured = self.secured[c] as usize;
            if secured < players && self.water(c as CellId) {
                parts[secured].1 += 1;
            }
            let seat = self.colour[c];
            if seen[c] || seat as usize >= players {
                continue;
            }
            seen[c] = true;
            stack.push(c as CellId);
            let mut size = 0;
            while let Some(x) = stack.pop() {
                size += 1;
                for &m in board.neighbours(x) {
                    if !seen[m as usize] && self.colour[m as usize] == seat {
                        seen[m as usize] = true;
                        stack.push(m);
                    }
                }
            }
            let s = seat as usize;
            parts[s].0 += size;
            territories[s] += 1;
            large[s] += (size >= 3) as i32;
        }
        for s in 0..players {
            if territories[s] >= 2 {
                parts[s].2 = large[s];
            }
        }
        parts
    }
}
