//! Whether a turn can still be completed: a step is legal only if a spawn stays
//! possible after it.

use super::*;

impl Fort {
    /// True when some legal complete turn starts from here (the turn under way so far).
    pub fn can_complete(&self) -> bool {
        self.completes(&self.cells, &self.key, self.steps, &mut HashSet::new())
    }

    /// Whether the mover, with the board `cells` after `steps` steps of the turn, can
    /// still complete it: a spawn next to one of their forts that the repetition rule
    /// allows, now or after further steps (searched depth-first, positions seen once).
    /// Works on copies of the cells, not of the position; `seen` allocates only when
    /// no spawn is possible at once.
    pub(super) fn completes(
        &self,
        cells: &[u8; CELLS],
        key: &Key,
        steps: u8,
        seen: &mut HashSet<(Key, u8)>,
    ) -> bool {
        let me = self.to_move;
        let board = &self.cfg.board;
        // The cells next to the mover's forts; the position's key only once one is
        // empty and the history is not.
        let mut base = None;
        for (f, _) in cells.iter().enumerate().filter(|(_, &v)| v == fort(me)) {
            for &c in board.neighbours(f as CellId) {
                if cells[c as usize] != EMPTY {
                    continue;
                }
                if self.ended.is_empty() {
                    return true;
                }
                let b = *base.get_or_insert_with(|| repetition::with_mover(*key, 1 - me));
                if self.repetitions_with(b, c) < 2 {
                    return true;
                }
            }
        }
        if steps >= MAX_STEPS || !seen.insert((repetition::with_mover(*key, me), steps)) {
            return false;
        }
        for from in 0..CELLS {
            if cells[from] != dot(me) {
                continue;
            }
            for &to in board.neighbours(from as CellId) {
                if let Some(kind) = step_on(cells, me, from as CellId, to) {
                    let (mut next, mut next_key) = (*cells, *key);
                    put_step(&mut next, &mut next_key, me, from as CellId, to, kind);
                    if self.completes(&next, &next_key, steps + 1, seen) {
                        return true;
                    }
                }
            }
        }
        false
    }

    /// Whether the step `from`-`to` (possible now) leaves a turn that can be completed.
    pub(super) fn step_completes(&self, from: CellId, to: CellId, kind: StepKind) -> bool {
        let (mut next, mut key) = (self.cells, self.key);
        put_step(&mut next, &mut key, self.to_move, from, to, kind);
        self.completes(&next, &key, self.steps + 1, &mut HashSet::new())
    }
}
