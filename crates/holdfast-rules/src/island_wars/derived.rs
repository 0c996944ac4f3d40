//! What Island Wars keeps worked out for each cell as pieces come and go: which
//! seat secures it, the pieces near it, and its bit-plane sites.

use super::*;

impl IslandWars {
    /// As [`IslandWars::secured_by`], with the port on `ignore` left out.
    pub(super) fn secured_ignoring(&self, c: CellId, ignore: Option<CellId>) -> Option<Seat> {
        if !self.water(c) {
            return None;
        }
        match ignore {
            // A port being moved: look again around this water without it.
            Some(p) if self.cfg.board.adjacent(c, p) => self.securing_port(c, ignore),
            _ => Some(self.secured[c as usize]).filter(|&s| s != NONE),
        }
    }

    /// The seat of a port next to water `c`, leaving out the port on `ignore`.
    pub(super) fn securing_port(&self, c: CellId, ignore: Option<CellId>) -> Option<Seat> {
        self.cfg
            .board
            .neighbours(c)
            .iter()
            .find_map(|&m| match self.piece[m as usize] {
                Some((s, Kind::Port)) if Some(m) != ignore => Some(s),
                _ => None,
            })
    }

    /// Brings the secured water around `c` up to date after a piece came or went.
    pub(super) fn resecure_around(&mut self, c: CellId) {
        let cfg = Arc::clone(&self.cfg);
        for &m in cfg.board.neighbours(c) {
            if self.water(m) {
                let s = self.securing_port(m, None).unwrap_or(NONE);
                if self.secured[m as usize] != s {
                    self.secured[m as usize] = s;
                    // Only the hexes' `near` bits can change here: their planes alone.
                    for &l in cfg.board.neighbours(m) {
                        let near = self.near_of(l, None);
                        if near != self.near[l as usize] {
                            self.near[l as usize] = near;
                            self.refresh_near(l);
                        }
                    }
                }
            }
        }
    }

    /// The seats whose secured water touches `l` (a bit each), with the port on
    /// `lifted` off the board.
    pub(super) fn near_of(&self, l: CellId, lifted: Option<CellId>) -> u8 {
        let mut bits = 0u8;
        for &m in self.cfg.board.neighbours(l) {
            if let Some(s) = self.secured_ignoring(m, lifted) {
                bits |= 1 << s;
            }
        }
        bits
    }

    /// Brings hex `c`'s bits in the `near` planes up to date (its `near` changed,
    /// nothing else).
    pub(super) fn refresh_near(&mut self, c: CellId) {
        let c = c as usize;
        let (words, word, bit) = (self.cfg.words, c / 64, 1u64 << (c % 64));
        let near = self.near[c];
        for s in 0..6 {
            let w = &mut self.planes[(plane::NEAR + s) * words + word];
            *w = (*w & !bit) | (bit & ((near >> s & 1) as u64).wrapping_neg());
        }
    }

    /// Brings hex `c`'s bits in the planes up to date.
    pub(super) fn refresh(&mut self, c: CellId) {
        let c = c as usize;
        let (words, word, bit) = (self.cfg.words, c / 64, 1u64 << (c % 64));
        let near = self.near[c];
        let colour = self.colour[c];
        let piece = self.piece[c];
        let mut set = |p: usize, on: bool| {
            let w = &mut self.planes[p * words + word];
            *w = if on { *w | bit } else { *w & !bit };
        };
        set(plane::EMPTY, piece.is_none());
        set(plane::PORT, matches!(piece, Some((_, Kind::Port))));
        for s in 0..6u8 {
            let s_ = s as usize;
            set(plane::COLOUR + s_, colour == s);
            set(plane::NEAR + s_, near >> s & 1 != 0);
            let mover = matches!(piece, Some((o, k)) if o == s && k != Kind::Tower);
            set(plane::MOVER + s_, mover);
        }
    }

    /// Where the mover may put a piece, from a hex's `near` bits: bit 0 a barracks or
    /// tower, bit 1 a port (the site rule of [`IslandWars::site_why`], without a lift).
    #[inline(always)]
    pub(super) fn site_bits(&self, c: usize, near: u8, empty: bool) -> u8 {
        let me = self.to_move;
        let cfg = &*self.cfg;
        let ok = cfg.land[c] & empty & ((self.colour[c] == me) | (near >> me & 1 != 0));
        let port = ok & cfg.coast[c] & (near & !(1u8 << me) == 0);
        ok as u8 | (port as u8) << 1
    }

    /// Barracks on `c`: neighbouring land turns the mover's colour, unless another
    /// player's piece stands there or its colour's owner guards it with a tower.
    pub(super) fn barracks_effect(&mut self, c: CellId) {
        let me = self.to_move;
        let cfg = Arc::clone(&self.cfg);
        for &m in cfg.board.neighbours(c) {
            if self.water(m) || self.colour[m as usize] == me {
                continue;
            }
            if matches!(self.piece[m as usize], Some((s, _)) if s != me) || self.guarded(m) {
                continue;
            }
            self.colour[m as usize] = me;
            self.refresh(m);
        }
    }
}
