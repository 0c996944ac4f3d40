//! What a fitted estimate reads from a Frontier position ([`Game::features_into`]).
//! Modes 1 and 2: the estimate over the field's cells, as every game by default.
//! Mode 3 reads three values a seat, because its generals decide more than the
//! territory held so far: the territory, the generals that may still build, and
//! what their best forts would take, each over the field's cells.

use super::*;

impl Frontier {
    pub(super) fn features(&self, out: &mut Vec<f32>) {
        let cells = self.owner.len().max(1) as f32;
        out.clear();
        if self.mode() < 3 {
            self.estimate_into(out);
            for x in out.iter_mut() {
                *x /= cells;
            }
            return;
        }
        let t = self.territory();
        let turns = self.cfg.setup.turns;
        for seat in 0..2u8 {
            let active = self.used[seat as usize] < turns;
            let (mut generals, mut gain) = (0.0f32, 0.0f32);
            for g in self.generals.iter().filter(|g| g.seat == seat && active) {
                generals += 1.0;
                gain += self.best_fort(g.cell, seat) as f32;
            }
            out.extend([
                t[seat as usize] as f32 / cells,
                generals / cells,
                gain / cells,
            ]);
        }
    }

    /// The most cells a fort would take for `seat` from a general at `at`: built
    /// where it stands or one step away on a cell it could enter.
    fn best_fort(&self, at: CellId, seat: Seat) -> u32 {
        let board = &self.cfg.board;
        let enters = |c: CellId| self.enter_as(c, seat).is_ok();
        std::iter::once(at)
            .chain(board.neighbours(at).iter().copied().filter(|&c| enters(c)))
            .filter(|&c| self.site_why(c).is_ok())
            .map(|c| {
                std::iter::once(c)
                    .chain(board.neighbours(c).iter().copied())
                    .filter(|&m| self.city_of(m).is_none() && self.owner[m as usize] != seat)
                    .count() as u32
            })
            .max()
            .unwrap_or(0)
    }
}
