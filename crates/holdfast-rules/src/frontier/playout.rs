//! The computer's fast path in Frontier: a random legal action, drawn without
//! building every move.

use super::*;

impl Frontier {
    /// Modes 1–2's playout: a build drawn uniformly (a random cell until one can be
    /// built on, then the listing), or the pass when nothing can be built.
    pub(super) fn sample_build(
        &self,
        rng: &mut Rng,
        scratch: &mut Vec<FrontierMove>,
    ) -> FrontierMove {
        let n = self.owner.len() as u32;
        for _ in 0..8 {
            let c = rng.below(n) as CellId;
            if self.build_why(c).is_ok() {
                return FrontierMove::Build(c);
            }
        }
        scratch.clear();
        for c in self.cfg.board.cells() {
            if self.build_why(c).is_ok() {
                scratch.push(FrontierMove::Build(c));
            }
        }
        if scratch.is_empty() {
            return FrontierMove::Pass;
        }
        scratch[rng.below(scratch.len() as u32) as usize]
    }

    /// Uniform over the legal actions, as the default; in mode 3 found by sampling
    /// the generals' candidate orders (a step, a step and build, a build, two steps)
    /// and the end of the turn, falling back to the full listing.
    pub(super) fn pick_playout(
        &self,
        rng: &mut Rng,
        scratch: &mut Vec<FrontierMove>,
    ) -> Option<FrontierMove> {
        if self.over {
            return None;
        }
        if self.mode() < 3 {
            return Some(self.sample_build(rng, scratch));
        }
        if self.mode() == 3 {
            let board = &self.cfg.board;
            let mut mine = [0 as CellId; 64];
            let mut len = 0;
            let mut all_in = true;
            for g in self
                .generals
                .iter()
                .filter(|g| g.seat == self.to_move && !g.ordered)
            {
                if len < mine.len() {
                    mine[len] = g.cell;
                    len += 1;
                } else {
                    all_in = false;
                }
            }
            // More generals than the sampler holds (a very long game): the listing
            // alone stays uniform.
            if !all_in {
                len = 0;
            }
            // A general's candidates: build, then by direction a step, a step and
            // build, and two steps (6 x 6).
            const EACH: usize = 1 + 6 + 6 + 36;
            let candidate = |i: usize| -> Option<FrontierMove> {
                if i == len * EACH {
                    return Some(FrontierMove::End);
                }
                let (at, k) = (mine[i / EACH], i % EACH);
                let nb = board.neighbours(at);
                let order = match k {
                    0 => Order::Build(at),
                    1..=6 => Order::Step(at, *nb.get(k - 1)?),
                    7..=12 => Order::StepBuild(at, *nb.get(k - 7)?),
                    _ => {
                        let b = *nb.get((k - 13) / 6)?;
                        Order::Two(at, b, *board.neighbours(b).get((k - 13) % 6)?)
                    }
                };
                Some(FrontierMove::Order(order))
            };
            if len > 0 {
                // Tested as `check` would (the cells are the board's by construction),
                // without making an error for each miss.
                let legal = |m: &FrontierMove| match *m {
                    FrontierMove::Order(o) => self.order_why(o).is_ok(),
                    _ => self.check(*m).is_ok(),
                };
                let drawn =
                    crate::playout::sample(rng, len * EACH + 1, |i| candidate(i).filter(legal));
                if drawn.is_some() {
                    return drawn;
                }
            }
        }
        crate::playout::uniform_legal(self, rng, scratch)
    }
}
