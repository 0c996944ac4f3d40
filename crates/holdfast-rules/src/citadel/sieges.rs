//! Citadel's groups and sieges: connected warriors, the groups surrounded at the
//! start of a turn, and citadels surrounded by the enemy.

use crate::board::CellId;

use super::Citadel;

impl Citadel {
    // --- groups and sieges ------------------------------------------------------------

    /// The group (orthogonally connected warriors of one player) containing `c`, and
    /// whether it has an empty neighbour.
    pub fn group(&self, c: CellId) -> (Vec<CellId>, bool) {
        let Some(s) = self.warrior(c) else {
            return (vec![], true);
        };
        let board = &self.cfg.board;
        let mut seen = vec![false; self.warrior.len()];
        let mut group = vec![c];
        seen[c as usize] = true;
        let mut free = false;
        let mut i = 0;
        while i < group.len() {
            let g = group[i];
            i += 1;
            for &m in board.neighbours(g) {
                if self.warrior[m as usize] == s {
                    if !seen[m as usize] {
                        seen[m as usize] = true;
                        group.push(m);
                    }
                } else if self.is_empty(m) {
                    free = true;
                }
            }
        }
        (group, free)
    }

    pub(super) fn mark_besieged(&mut self) {
        let enemy = 1 - self.to_move;
        let n = self.warrior.len();
        let mut flags = vec![false; n];
        let mut done = vec![false; n];
        for c in 0..n {
            if self.warrior[c] != enemy || done[c] {
                continue;
            }
            let (group, free) = self.group(c as CellId);
            for g in group {
                done[g as usize] = true;
                flags[g as usize] = !free;
            }
        }
        self.besieged = flags;
    }

    /// A citadel controlled by `owner` is surrounded: every neighbour covered by a
    /// wall or holding an enemy warrior, at least one a warrior.
    pub fn citadel_surrounded(&self, c: CellId) -> bool {
        let Some(Some(owner)) = self.citadel(c) else {
            return false;
        };
        let mut warriors = 0;
        for &m in self.cfg.board.neighbours(c) {
            if self.warrior[m as usize] == 1 - owner {
                warriors += 1;
            } else if !self.covered(m) {
                return false;
            }
        }
        warriors > 0
    }

    /// Enemy warriors next to the mover's surrounded citadels: faces touching them are closed to the mover's walls.
    pub(super) fn siege_warriors(&self) -> Vec<CellId> {
        let me = self.to_move;
        let mut out = Vec::new();
        for &c in &self.citadel_cells {
            if self.citadel(c) == Some(Some(me)) && self.citadel_surrounded(c) {
                out.extend(
                    self.cfg
                        .board
                        .neighbours(c)
                        .iter()
                        .copied()
                        .filter(|&m| self.warrior[m as usize] == 1 - me),
                );
            }
        }
        out
    }
}
