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

    /// Marks the enemy warriors whose group has no empty neighbour, at the start of
    /// a turn: a walk from the enemy's listed warriors on the stack (boards are at
    /// most 19x19), no allocation.
    pub(super) fn mark_besieged(&mut self) {
        let enemy = 1 - self.to_move;
        let board = &self.cfg.board;
        let mut seen = [false; 19 * 19];
        let mut group = [0 as CellId; 19 * 19];
        let mut besieged = std::mem::take(&mut self.besieged);
        let mut list = std::mem::take(&mut self.besieged_list);
        for &c in &list {
            besieged[c as usize] = false;
        }
        list.clear();
        for &c in self.army.get(enemy as usize).map_or(&[][..], |a| &a[..]) {
            if seen.get(c as usize).is_none_or(|&s| s) {
                continue;
            }
            // The group, found breadth-first in `group[..len]`.
            seen[c as usize] = true;
            group[0] = c;
            let (mut len, mut i, mut free) = (1, 0, false);
            while i < len {
                let g = group[i];
                i += 1;
                for &m in board.neighbours(g) {
                    let m_ = m as usize;
                    if self.warrior[m_] == enemy {
                        if !seen[m_] {
                            seen[m_] = true;
                            group[len] = m;
                            len += 1;
                        }
                    } else if !free && self.is_empty(m) {
                        free = true;
                    }
                }
            }
            if !free {
                for &g in &group[..len] {
                    besieged[g as usize] = true;
                    list.push(g);
                }
            }
        }
        self.besieged = besieged;
        self.besieged_list = list;
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

    /// Whether the warrior on `m` is an enemy next to one of the mover's surrounded
    /// citadels: faces touching it are closed to the mover's walls.
    pub(super) fn siege_warrior(&self, m: CellId) -> bool {
        let me = self.to_move;
        self.warrior[m as usize] == 1 - me
            && self
                .cfg
                .board
                .neighbours(m)
                .iter()
                .any(|&c| self.citadel[c as usize] == Some(me) && self.citadel_surrounded(c))
    }
}
