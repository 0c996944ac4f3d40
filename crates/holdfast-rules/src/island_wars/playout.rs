//! The computer's fast path in Island Wars: a uniform legal action drawn from the
//! cells' bit planes, with nothing allocated.

use super::*;

impl IslandWars {
    /// A legal action chosen uniformly: the placements of each kind in hand on each
    /// site, the moves of each barracks and port, and the pass are counted from the
    /// bit planes (a few word operations) and the one drawn is found; nothing
    /// allocated. A lifted port
    /// only ever loses sites (its own water may no longer be secured), so a port's
    /// moves are counted as every port site and a drawn target that the lift takes
    /// away is drawn again: still uniform over the legal actions. `None` once the game
    /// is over.
    pub(super) fn pick_legal(
        &self,
        rng: &mut Rng,
        scratch: &mut Vec<IslandMove>,
    ) -> Option<IslandMove> {
        if self.is_over() {
            return None;
        }
        let me = self.to_move as usize;
        let cfg = &*self.cfg;
        let words = cfg.words;
        let plane = |p: usize| &self.planes[p * words..(p + 1) * words];
        let (empty, colour, near) = (
            plane(plane::EMPTY),
            plane(plane::COLOUR + me),
            plane(plane::NEAR + me),
        );
        // Word `i` of the sites and of the port sites.
        let site = |i: usize| cfg.land_bits[i] & empty[i] & (colour[i] | near[i]);
        let port = |i: usize| {
            let others = (0..self.cfg.players as usize)
                .filter(|&s| s != me)
                .fold(0, |acc, s| acc | self.planes[(plane::NEAR + s) * words + i]);
            site(i) & cfg.coast_bits[i] & !others
        };
        let (mut sites, mut ports) = (0u32, 0u32);
        for i in 0..words {
            sites += site(i).count_ones();
            ports += port(i).count_ones();
        }
        let mut movers = [(0 as CellId, Kind::Tower); 8];
        let mut m = 0;
        for (i, &w) in plane(plane::MOVER + me).iter().enumerate() {
            let mut w = w;
            while w != 0 && m < movers.len() {
                let c = i * 64 + w.trailing_zeros() as usize;
                w &= w - 1;
                let is_port = self.planes[plane::PORT * words + i] >> (c % 64) & 1 != 0;
                movers[m] = (
                    c as CellId,
                    if is_port { Kind::Port } else { Kind::Barracks },
                );
                m += 1;
            }
        }
        let movers = &movers[..m];
        let me = me as Seat;
        let free = |k: Kind| (self.free(me, k) > 0) as u32;
        let counts = [
            sites * free(Kind::Barracks),
            sites * free(Kind::Tower),
            ports * free(Kind::Port),
        ];
        let targets = |k: Kind| if k == Kind::Port { ports } else { sites };
        let total =
            counts.iter().sum::<u32>() + movers.iter().map(|&(_, k)| targets(k)).sum::<u32>() + 1;
        // The `r`-th site, or port site.
        let nth = |r: u32, is_port: bool| -> Option<CellId> {
            if is_port {
                nth_bit((0..words).map(port), r)
            } else {
                nth_bit((0..words).map(site), r)
            }
        };
        'draw: for _ in 0..64 {
            let mut r = rng.below(total);
            for (i, k) in [Kind::Barracks, Kind::Tower, Kind::Port]
                .into_iter()
                .enumerate()
            {
                if r < counts[i] {
                    return nth(r, k == Kind::Port).map(|c| IslandMove::Place(k, c));
                }
                r -= counts[i];
            }
            for &(a, k) in movers {
                if r < targets(k) {
                    let b = nth(r, k == Kind::Port)?;
                    if k == Kind::Port && !self.port_target_after_lift(a, b) {
                        continue 'draw;
                    }
                    return Some(IslandMove::Move(a, b));
                }
                r -= targets(k);
            }
            return Some(IslandMove::Pass);
        }
        // Practically never: fall back to the listing.
        crate::playout::uniform_legal(self, rng, scratch)
    }

    /// Whether port site `b` stays one once the port on `a` is lifted (only hexes
    /// touching `a`'s water can change).
    pub(super) fn port_target_after_lift(&self, a: CellId, b: CellId) -> bool {
        let board = &self.cfg.board;
        let near_a = board
            .neighbours(b)
            .iter()
            .any(|&w| self.water(w) && board.adjacent(w, a));
        if !near_a {
            return true;
        }
        let after = self.near_of(b, Some(a));
        self.site_bits(b as usize, after, self.piece[b as usize].is_none()) >> 1 != 0
    }

    /// The hexes whose `near` bits change when the port on `a` is lifted, with their
    /// new bits.
    pub(super) fn lifted_near(&self, a: CellId) -> Changed {
        let board = &self.cfg.board;
        let mut changed = Changed::default();
        for &w in board.neighbours(a) {
            if !self.water(w) {
                continue;
            }
            for &l in board.neighbours(w) {
                if l == a || changed.get(l as usize).is_some() {
                    continue;
                }
                let after = self.near_of(l, Some(a));
                if after != self.near[l as usize] {
                    changed.push(l, after);
                }
            }
        }
        changed
    }
}
