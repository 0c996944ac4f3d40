//! The computer's fast path in Fortress: a random legal move, drawn without
//! building every move.

use super::*;

impl Fortress {
    /// The benchmark's policy: a uniform choice among placements (and attacks),
    /// passing only when there is none.
    pub(super) fn pick_playout(
        &self,
        rng: &mut Rng,
        scratch: &mut Vec<FortressMove>,
    ) -> Option<FortressMove> {
        if self.over {
            return None;
        }
        let me = self.to_move;
        let legal = |a: &Area| ((a.holder == NONE) | (a.holder == me)) & (a.count < a.cap);
        if self.pending.is_some() || self.cfg.setup.dice {
            // The listing's removals, or placements then attacks (in its order, so
            // the same draw picks the same action), tested without `check`'s errors.
            scratch.clear();
            if let Some(t) = self.pending {
                for &n in self.board().neighbours(t) {
                    if self.areas[n as usize].holder == me {
                        scratch.push(FortressMove::Remove(n));
                    }
                }
            } else {
                for (c, a) in self.areas.iter().enumerate() {
                    if legal(a) {
                        scratch.push(FortressMove::Place(c as CellId));
                    }
                }
                for (c, a) in self.areas.iter().enumerate() {
                    let enemy = a.holder != NONE && a.holder != me;
                    if enemy && a.adj[(me & 3) as usize] > 0 {
                        scratch.push(FortressMove::Attack(c as CellId));
                    }
                }
            }
            if scratch.is_empty() {
                return Some(FortressMove::Pass);
            }
            return Some(scratch[rng.below(scratch.len() as u32) as usize]);
        }
        // Rejection sampling: a uniform draw kept only when legal is uniform over the
        // legal areas; most areas are legal most of the time.
        let len = self.areas.len() as u32;
        for _ in 0..4 {
            let c = rng.below(len);
            if legal(&self.areas[c as usize]) {
                return Some(FortressMove::Place(c as CellId));
            }
        }
        // Branch-free scan: write every cell, advance only past the legal ones.
        if scratch.len() < self.areas.len() {
            scratch.resize(self.areas.len(), FortressMove::Pass);
        }
        let mut n = 0usize;
        for (c, a) in self.areas.iter().enumerate() {
            scratch[n] = FortressMove::Place(c as CellId);
            n += legal(a) as usize;
        }
        if n == 0 {
            return Some(FortressMove::Pass);
        }
        Some(scratch[rng.below(n as u32) as usize])
    }
}
