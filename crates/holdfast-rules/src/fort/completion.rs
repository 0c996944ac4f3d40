//! Whether a turn can still be completed: a step is legal only if a spawn stays
//! possible after it.

use super::*;

impl Fort {
    /// True when some legal complete turn starts from here (the turn under way so far).
    pub fn can_complete(&self) -> bool {
        self.completes(
            &self.cells,
            &self.key,
            &self.bits,
            self.steps,
            &mut HashSet::new(),
        )
    }

    /// Whether the mover, with the board `cells` (its key and bits) after `steps`
    /// steps of the turn, can still complete it: a spawn next to one of their forts
    /// that the repetition rule allows, now or after further steps (searched
    /// depth-first, positions seen once). Works on copies of the cells, not of the
    /// position; `seen` allocates only when no spawn is possible at once.
    pub(super) fn completes(
        &self,
        cells: &[u8; CELLS],
        key: &Key,
        b: &Bits,
        steps: u8,
        seen: &mut HashSet<(Key, u8)>,
    ) -> bool {
        let me = self.to_move;
        let spots = bits::spots(b, b[fort(me) as usize], &self.cfg.nbr_mask);
        if spots != 0 {
            if self.ended.is_empty() {
                return true;
            }
            // The position's key, with the opponent to move, only now.
            let base = repetition::with_mover(*key, 1 - me);
            if bits::each(spots).any(|c| self.repetitions_with(base, c as CellId) < 2) {
                return true;
            }
        }
        if steps >= MAX_STEPS || !seen.insert((repetition::with_mover(*key, me), steps)) {
            return false;
        }
        let board = &self.cfg.board;
        for from in bits::each(b[dot(me) as usize]) {
            for &to in board.neighbours(from as CellId) {
                if let Some(kind) = step_on(cells, me, from as CellId, to) {
                    let (mut next, mut next_key, mut next_bits) = (*cells, *key, *b);
                    put_step(
                        &mut next,
                        &mut next_key,
                        &mut next_bits,
                        me,
                        from as CellId,
                        to,
                        kind,
                    );
                    if self.completes(&next, &next_key, &next_bits, steps + 1, seen) {
                        return true;
                    }
                }
            }
        }
        false
    }

    /// Whether the step `from`-`to` (possible now) leaves a turn that can be completed.
    pub(super) fn step_completes(&self, from: CellId, to: CellId, kind: StepKind) -> bool {
        let (mut next, mut key, mut b) = (self.cells, self.key, self.bits);
        put_step(&mut next, &mut key, &mut b, self.to_move, from, to, kind);
        self.completes(&next, &key, &b, self.steps + 1, &mut HashSet::new())
    }
}
