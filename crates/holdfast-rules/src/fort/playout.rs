//! The computer's fast path in Fort: a benchmark turn of random legal steps and a
//! spawn, drawn without building every move.

use super::*;

impl Fort {
    /// The cells holding `v` (a dot or fort of a seat), in board order, and how many.
    pub(super) fn cells_holding(&self, v: u8) -> ([CellId; CELLS], usize) {
        let mut out = [0 as CellId; CELLS];
        let mut len = 0;
        for c in bits::each(self.bits.get(v as usize).copied().unwrap_or(0)) {
            out[len] = c as CellId;
            len += 1;
        }
        (out, len)
    }

    /// The cells where a spawn may go (ignoring the repetition rule), as bits.
    #[inline]
    pub(super) fn spawn_spots(&self) -> u64 {
        let b = &self.bits;
        bits::spots(b, b[fort(self.to_move) as usize], &self.cfg.nbr_mask)
    }

    /// The kind of a step of one of the mover's dots, if possible; no allocation.
    #[inline]
    pub(super) fn quick_step(&self, from: CellId, to: CellId) -> Option<StepKind> {
        if self.steps >= MAX_STEPS {
            return None;
        }
        step_on(&self.cells, self.to_move, from, to)
    }

    /// The benchmark's turn: 0 to 3 random legal steps (the number drawn when the turn
    /// starts), then a random legal spawn.
    pub(super) fn pick_playout(
        &self,
        rng: &mut Rng,
        scratch: &mut Vec<FortMove>,
    ) -> Option<FortMove> {
        if self.end.is_some() {
            return None;
        }
        // The number of steps is drawn afresh at each action: stepping on with
        // probability 3/4, 2/3, 1/2 … gives the uniform 0..=3 of a draw at turn start.
        let want_step =
            self.steps < MAX_STEPS && rng.below((MAX_STEPS + 1 - self.steps) as u32) != 0;
        // The wanted kind by sampling first: a random dot and direction, or a random
        // cell; uniform over the legal ones like the listing below, which stays the
        // fallback (and decides when the wanted kind has no legal action).
        let board = &self.cfg.board;
        let sampled = if want_step {
            // Candidates are tested here, as `check` would, without making its errors.
            let me = self.to_move;
            let (dots, len) = self.cells_holding(dot(me));
            crate::playout::sample(rng, len * 6, |i| {
                let from = dots[i / 6];
                let to = *board.neighbours(from).get(i % 6)?;
                let kind = step_on(&self.cells, me, from, to)?;
                self.step_completes(from, to, kind)
                    .then_some(FortMove::Step(from, to))
            })
        } else {
            // A spawn: the empty cells next to the mover's forts as bits, drawn
            // from uniformly; one the repetition rule forbids is struck off and
            // another drawn. `None` only when no spawn is legal.
            let mut spots = self.spawn_spots();
            let mut found = None;
            while spots != 0 {
                let mut w = spots;
                for _ in 0..rng.below(spots.count_ones()) {
                    w &= w - 1;
                }
                let c = w.trailing_zeros() as CellId;
                if self.repetitions_after_spawn(c) < 2 {
                    found = Some(FortMove::Spawn(c));
                    break;
                }
                spots &= !(1u64 << c);
            }
            found
        };
        if sampled.is_some() {
            return sampled;
        }
        scratch.clear();
        let steps = |scratch: &mut Vec<FortMove>| {
            let mut steps = Vec::new();
            self.legal_steps(&mut steps);
            scratch.extend(steps.into_iter().map(|(f, t, _)| FortMove::Step(f, t)));
        };
        let spawns = |scratch: &mut Vec<FortMove>| {
            scratch.extend(
                self.spawn_cells()
                    .into_iter()
                    .filter(|&(_, b)| !b)
                    .map(|(c, _)| FortMove::Spawn(c)),
            );
        };
        // Wanted kind first; the other when none is possible (no step left, or no
        // spawn until a step frees a cell).
        if want_step {
            steps(scratch);
            if scratch.is_empty() {
                spawns(scratch);
            }
        } else {
            spawns(scratch);
            if scratch.is_empty() {
                steps(scratch);
            }
        }
        if scratch.is_empty() {
            return None;
        }
        Some(scratch[rng.below(scratch.len() as u32) as usize])
    }
}
