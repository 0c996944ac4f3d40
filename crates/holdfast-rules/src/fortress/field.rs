//! Fortress's incremental tables: pieces added and removed with each area's
//! neighbouring pieces and threat flags kept in step, the captures they drive,
//! and the attack and defence read from them.

use crate::board::{Board, CellId};
use crate::game::Seat;

use super::{Area, Fortress, NONE};

impl Fortress {
    #[inline]
    pub(super) fn adjacent_pieces(&self, c: CellId, seat: u8) -> u16 {
        self.areas[c as usize]
            .adj
            .get(seat as usize)
            .copied()
            .unwrap_or(0)
    }

    /// Adds one piece of the mover to an area.
    pub(super) fn add_piece(&mut self, c: CellId) {
        let seat = self.to_move;
        let a = &mut self.areas[c as usize];
        a.holder = seat;
        a.count += 1;
        if !self.cfg.track {
            // No threat flags to keep: the neighbour counts alone.
            let s = (seat & 3) as usize;
            for &n in self.cfg.map.board.neighbours(c) {
                if let Some(a) = self.areas.get_mut(n as usize) {
                    a.adj[s] += 1;
                }
            }
            return;
        }
        let mut f = self.field();
        for &n in f.board.neighbours(c) {
            f.areas[n as usize].adj[seat as usize] += 1;
            f.refresh(n);
        }
        f.refresh(c);
    }

    /// Seed rules with two seats: the captures after the mover's placement on `c`.
    /// Before it the mover outgunned nothing but, perhaps, the other seat's
    /// unanswered placements (made into danger); the placement adds attack only
    /// around `c`, and each clearing lowers defences only around it. So those are
    /// the areas looked at, and the areas around each one cleared, until none falls.
    pub(super) fn capture_two(&mut self, c: CellId) {
        let mover = self.to_move;
        let (unanswered, len) = (self.unanswered, self.unanswered_len as usize);
        // The other seat's unanswered placements are the danger; the mover's own are not.
        let theirs = self.unanswered_seat != mover;
        let mut f = self.field();
        let mut work = [0 as CellId; 64];
        let mut n = 0;
        let mut full = theirs && len > unanswered.len();
        if theirs && !full {
            work[..len].copy_from_slice(&unanswered[..len]);
            n = len;
        }
        let board = f.board;
        for &m in board.neighbours(c) {
            if n < work.len() {
                work[n] = m;
                n += 1;
            } else {
                full = true;
            }
        }
        while n > 0 && !full {
            n -= 1;
            let a = work[n];
            if !f.outgunned(a, mover) {
                continue;
            }
            f.remove(a, u8::MAX);
            for &m in board.neighbours(a) {
                if n < work.len() {
                    work[n] = m;
                    n += 1;
                } else {
                    full = true;
                }
            }
        }
        // Too much to follow (never in practice): search the whole board instead.
        if full {
            while let Some(a) = (0..f.areas.len() as CellId).find(|&a| f.outgunned(a, mover)) {
                f.remove(a, u8::MAX);
            }
        }
        // The other seat's placements are answered; this one joins the mover's.
        if theirs || len == 0 {
            self.unanswered[0] = c;
            self.unanswered_len = 1;
            self.unanswered_seat = mover;
        } else if len < unanswered.len() {
            self.unanswered[len] = c;
            self.unanswered_len += 1;
        } else {
            self.unanswered_len = u8::MAX;
        }
    }

    /// Removes `k` pieces from an area (all of them when `k` is its count).
    pub(super) fn remove_pieces(&mut self, c: CellId, k: u8) {
        self.field().remove(c, k);
    }

    fn field(&mut self) -> Field<'_> {
        Field {
            board: &self.cfg.map.board,
            areas: &mut self.areas,
            threats: &mut self.threats,
            track: self.cfg.track,
        }
    }

    /// Defence of a held area: its pieces + its holder's neighbouring pieces + bonus.
    pub fn defence(&self, c: CellId) -> u16 {
        let a = self.areas[c as usize];
        if a.holder == NONE {
            return 0;
        }
        a.count as u16 + self.adjacent_pieces(c, a.holder) + self.cfg.map.defence[c as usize] as u16
    }

    /// A seat's attack on an area: its pieces in the neighbouring areas.
    pub fn attack(&self, c: CellId, seat: Seat) -> u16 {
        self.adjacent_pieces(c, seat)
    }

    /// Seed rules: after a placement, clear every opponent area (anywhere on the
    /// board) that the mover now outguns, then the areas those captures weakened.
    /// The threat flags make this free when nothing falls.
    pub(super) fn capture_chain(&mut self) {
        let mover = self.to_move;
        let bit = 1u8 << mover;
        let mut f = self.field();
        while f.threats[mover as usize] > 0 {
            let Some(c) = f.areas.iter().position(|a| a.threat & bit != 0) else {
                break;
            };
            f.remove(c as CellId, u8::MAX);
        }
    }

    /// 1983 rules: every area of either player that is outgunned now is cleared at once.
    pub(super) fn clear_1983(&mut self) {
        if self.threats.iter().all(|&t| t == 0) {
            return;
        }
        let doomed: Vec<CellId> = self
            .areas
            .iter()
            .enumerate()
            .filter(|(_, a)| a.threat != 0)
            .map(|(c, _)| c as CellId)
            .collect();
        for c in doomed {
            self.remove_pieces(c, u8::MAX);
        }
    }
}

/// The mutable board of a position with what its updates need to see.
struct Field<'a> {
    board: &'a Board,
    areas: &'a mut [Area],
    threats: &'a mut [u16; 4],
    /// Whether the threat flags are kept (see `Config::track`).
    track: bool,
}

impl Field<'_> {
    /// Whether `mover` outguns area `c` (held by another seat) now.
    #[inline]
    fn outgunned(&self, c: CellId, mover: u8) -> bool {
        let a = &self.areas[c as usize];
        a.holder != NONE
            && a.holder != mover
            && a.adj[(mover & 3) as usize]
                > a.count as u16 + a.adj[(a.holder & 3) as usize] + a.bonus as u16
    }

    /// Recomputes which seats outgun area `c` and keeps the per-seat counts in step.
    /// Branch-free: it runs for every neighbour of every placement.
    #[inline(always)]
    fn refresh(&mut self, c: CellId) {
        if !self.track {
            return;
        }
        let a = &mut self.areas[c as usize];
        let held = a.holder != NONE;
        let defence = a.count as u16 + a.adj[(a.holder & 3) as usize] + a.bonus as u16;
        // Seats beyond `players` have no pieces, so their bits stay clear.
        let mut mask = (a.adj[0] > defence) as u8
            | ((a.adj[1] > defence) as u8) << 1
            | ((a.adj[2] > defence) as u8) << 2
            | ((a.adj[3] > defence) as u8) << 3;
        mask &= !(1u8 << (a.holder & 3));
        mask &= (held as u8).wrapping_neg();
        let old = a.threat;
        a.threat = mask;
        for s in 0..4 {
            let t = &mut self.threats[s];
            *t = t
                .wrapping_add(((mask >> s) & 1) as u16)
                .wrapping_sub(((old >> s) & 1) as u16);
        }
    }

    /// Removes `k` pieces from an area (all of them when `k` is its count).
    fn remove(&mut self, c: CellId, k: u8) {
        let a = &mut self.areas[c as usize];
        let seat = a.holder as usize;
        if seat >= 4 {
            return;
        }
        let k = k.min(a.count);
        a.count -= k;
        if a.count == 0 {
            a.holder = NONE;
        }
        for &n in self.board.neighbours(c) {
            self.areas[n as usize].adj[seat] -= k as u16;
            self.refresh(n);
        }
        self.refresh(c);
    }
}

#[cfg(test)]
mod tests {
    use super::super::{Fortress, FortressMove, FortressSetup, NONE};
    use crate::game::Game;
    use crate::rng::Rng;

    /// The incremental tables (neighbour counts, threat flags and counts) agree
    /// with a computation from scratch after every move of many random games.
    #[test]
    fn incremental_tables_match_a_fresh_count() {
        for (i, map) in ["classic", "hex", "archipelago", "generated"]
            .iter()
            .enumerate()
        {
            for players in 2..=4u8 {
                let setup = FortressSetup {
                    map: map.to_string(),
                    players,
                    seed: i as u64,
                    ..Default::default()
                };
                let mut g = Fortress::new(&setup).unwrap();
                let mut rng = Rng::new(players as u64 * 31 + i as u64);
                let mut scratch = Vec::new();
                while let Some(m) = g.playout_move(&mut rng, &mut scratch) {
                    let mover = g.to_move;
                    g.play(m).unwrap();
                    let board = g.board();
                    let mut threats = [0u16; 4];
                    for c in board.cells() {
                        let a = g.areas[c as usize];
                        let mut adj = [0u16; 4];
                        for &n in board.neighbours(c) {
                            let b = g.areas[n as usize];
                            if b.holder != NONE {
                                adj[b.holder as usize] += b.count as u16;
                            }
                        }
                        assert_eq!(a.adj, adj);
                        let mut mask = 0u8;
                        if a.holder != NONE {
                            for s in 0..players {
                                if s != a.holder && adj[s as usize] > g.defence(c) {
                                    mask |= 1 << s;
                                    threats[s as usize] += 1;
                                }
                            }
                        }
                        // Seed rules: after a placement, its mover outguns nothing.
                        if matches!(m, FortressMove::Place(_)) {
                            assert_eq!(mask >> mover & 1, 0, "{map} {players}p: {c} left");
                        }
                        // Two seats find captures without the flags (`Config::track`).
                        if g.cfg.track {
                            assert_eq!(a.threat, mask);
                        }
                    }
                    if g.cfg.track {
                        assert_eq!(g.threats, threats);
                    }
                }
            }
        }
    }
}
