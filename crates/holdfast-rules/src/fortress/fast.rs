//! Fortress's playouts in one loop: two seats under the seed's rules without dice
//! (Classic and every two-seat map of up to 255 areas with up to sixteen
//! neighbours each), the playout policy's game to the end without going through `play` for
//! each action. The loop copies the position into byte arrays indexed by a byte
//! (so no index needs a bounds check) with each area's neighbours in a row of
//! fixed width (so the loops over them unroll), plays, and copies it back. The same
//! draws from the same generator, the same captures and the same final position as
//! one `play` per action: a test holds it to that.

use crate::board::CellId;
use crate::rng::Rng;

use super::maps::FortressMap;
use super::{Fortress, FortressMove, NONE};

/// Placements and neighbours the loop follows before it falls back on searching the
/// whole board for captures (never met in practice: a clearing chain is short).
const WORK: usize = 256;

/// A map's tables for the loop, made once with the position's configuration.
#[derive(Debug)]
pub(super) struct Compact {
    /// Neighbours per row (4, 6, 8, 12 or 16): each area's, padded with the spare
    /// slot `len`, an area nobody ever holds.
    width: u8,
    nbr: Box<[[u8; 16]; 256]>,
    cap: Box<[u8; 256]>,
    bonus: Box<[u8; 256]>,
}

impl Compact {
    /// The tables, when the map fits them: fewer than 256 areas, at most sixteen
    /// neighbours each, and pieces around an area that a byte can count.
    pub(super) fn new(map: &FortressMap) -> Option<Compact> {
        let board = &map.board;
        let len = board.len();
        if len >= 256 {
            return None;
        }
        let degree = board
            .cells()
            .map(|c| board.neighbours(c).len())
            .max()
            .unwrap_or(0);
        let width = match degree {
            0..=4 => 4,
            5..=6 => 6,
            7..=8 => 8,
            9..=12 => 12,
            13..=16 => 16,
            _ => return None,
        };
        let most = |v: &[u8]| v.iter().copied().max().unwrap_or(0) as usize;
        if most(&map.capacity) * (degree + 1) + most(&map.defence) > 255 {
            return None;
        }
        let mut t = Compact {
            width,
            nbr: Box::new([[len as u8; 16]; 256]),
            cap: Box::new([0; 256]),
            bonus: Box::new([0; 256]),
        };
        for c in board.cells() {
            let i = c as usize;
            for (slot, &m) in t.nbr[i].iter_mut().zip(board.neighbours(c)) {
                *slot = m as u8;
            }
            t.cap[i] = map.capacity[i];
            t.bonus[i] = map.defence[i];
        }
        Some(t)
    }
}

impl Fortress {
    /// Whether [`Fortress::play_out_two`] plays this position's playout.
    pub(super) fn fast_playout(&self) -> bool {
        self.cfg.fast.is_some() && self.pending.is_none() && !self.over
    }

    /// The playout from here to the end, as [`crate::Game::playout_move`] and
    /// [`crate::Game::play`] would play it, one action after another. Returns the
    /// actions played. Only for positions where [`Fortress::fast_playout`] holds.
    pub(super) fn play_out_two(&mut self, rng: &mut Rng, scratch: &mut Vec<FortressMove>) -> u32 {
        match self.cfg.fast.as_ref().map(|t| t.width) {
            Some(4) => self.run::<4>(rng),
            Some(6) => self.run::<6>(rng),
            Some(8) => self.run::<8>(rng),
            Some(12) => self.run::<12>(rng),
            Some(16) => self.run::<16>(rng),
            _ => crate::playout::play_out_by_steps(self, rng, scratch),
        }
    }

    fn run<const D: usize>(&mut self, rng: &mut Rng) -> u32 {
        let Some(t) = self.cfg.fast.as_ref() else {
            return 0;
        };
        let len = self.areas.len();
        let limit = self.cfg.limit.unwrap_or(u16::MAX);
        let counted = self.cfg.limit.is_some() as u16;
        let mut holder = [NONE; 256];
        let mut count = [0u8; 256];
        let mut adj = [[0u8; 2]; 256];
        for (c, a) in self.areas.iter().enumerate() {
            holder[c] = a.holder;
            count[c] = a.count;
            adj[c] = [a.adj[0] as u8, a.adj[1] as u8];
        }
        let (mut me, mut used, mut passes) = (self.to_move & 1, self.used, self.passes);
        // The placements the other seat has not answered yet: all of one seat's
        // (`lost`: more of them than the position's list holds).
        let mut danger = [0u8; WORK];
        let mut danger_seat = self.unanswered_seat;
        let mut danger_len = self.unanswered_len as usize;
        let mut lost = danger_len > self.unanswered.len();
        if lost {
            danger_len = 0;
        }
        for (d, &c) in danger.iter_mut().zip(&self.unanswered[..danger_len]) {
            *d = c as u8;
        }
        let mut work = [0u8; WORK];
        let mut scan = [0u8; 256];
        let mut actions = 0u32;
        loop {
            let legal = |c: u8| {
                let h = holder[c as usize];
                ((h == NONE) | (h == me)) & (count[c as usize] < t.cap[c as usize])
            };
            // The policy: four uniform draws kept when legal, then a uniform choice
            // among the legal areas, a pass when there is none.
            let mut pick = None;
            for _ in 0..4 {
                let c = rng.below(len as u32) as u8;
                if legal(c) {
                    pick = Some(c);
                    break;
                }
            }
            if pick.is_none() {
                let mut n = 0;
                for c in 0..len as u8 {
                    scan[n] = c;
                    n += legal(c) as usize;
                }
                if n > 0 {
                    pick = Some(scan[rng.below(n as u32) as usize]);
                }
            }
            actions += 1;
            if let Some(c) = pick {
                if self.ply == 0 && actions == 1 {
                    self.first_was_place = true;
                }
                let (s, them) = (me as usize, 1 - me as usize);
                let ci = c as usize;
                holder[ci] = me;
                count[ci] += 1;
                let mut n = 0;
                let row = &t.nbr[ci];
                // Only the other seat's areas can fall (and no area becomes theirs
                // while this placement's clearings go on): the rest are not kept.
                for &m in &row[..D] {
                    let x = &mut adj[m as usize][s];
                    *x = x.wrapping_add(1);
                    work[n] = m;
                    n += (holder[m as usize] == them as u8) as usize;
                }
                let mut full = false;
                if danger_seat != me {
                    full = lost;
                    let d = danger_len.min(WORK - n);
                    full |= d < danger_len;
                    for &x in &danger[..d] {
                        work[n] = x;
                        n += (holder[x as usize] == them as u8) as usize;
                    }
                }
                // Clear what `me` outguns, then what the clearing weakened.
                let outgunned =
                    |x: usize, holder: &[u8; 256], count: &[u8; 256], adj: &[[u8; 2]; 256]| {
                        holder[x] == them as u8
                            && adj[x][s] as u16
                                > count[x] as u16 + adj[x][them] as u16 + t.bonus[x] as u16
                    };
                let clear = |x: usize,
                             holder: &mut [u8; 256],
                             count: &mut [u8; 256],
                             adj: &mut [[u8; 2]; 256]| {
                    let k = count[x];
                    holder[x] = NONE;
                    count[x] = 0;
                    for &m in &t.nbr[x][..D] {
                        let y = &mut adj[m as usize][them];
                        *y = y.wrapping_sub(k);
                    }
                };
                while n > 0 {
                    n -= 1;
                    let x = work[n] as usize;
                    if !outgunned(x, &holder, &count, &adj) {
                        continue;
                    }
                    clear(x, &mut holder, &mut count, &mut adj);
                    if n + D <= WORK {
                        for &m in &t.nbr[x][..D] {
                            work[n] = m;
                            n += (holder[m as usize] == them as u8) as usize;
                        }
                    } else {
                        full = true;
                    }
                }
                if full {
                    while let Some(x) = (0..len).find(|&x| outgunned(x, &holder, &count, &adj)) {
                        clear(x, &mut holder, &mut count, &mut adj);
                    }
                }
                if danger_seat != me {
                    danger_len = 0;
                    danger_seat = me;
                    lost = false;
                }
                if danger_len < WORK {
                    danger[danger_len] = c;
                    danger_len += 1;
                } else {
                    lost = true;
                }
                passes = 0;
            } else {
                passes += 1;
            }
            used[me as usize] = used[me as usize].saturating_add(counted);
            me ^= 1;
            if passes >= 2 || (used[0] >= limit && used[1] >= limit) {
                break;
            }
        }
        for (c, a) in self.areas.iter_mut().enumerate() {
            a.holder = holder[c];
            a.count = count[c];
            a.adj[0] = adj[c][0] as u16;
            a.adj[1] = adj[c][1] as u16;
        }
        self.to_move = me;
        self.used = used;
        self.passes = passes;
        self.ply += actions;
        self.over = true;
        self.last_roll = None;
        self.unanswered_seat = danger_seat;
        if !lost && danger_len <= self.unanswered.len() {
            for (u, &c) in self.unanswered.iter_mut().zip(&danger[..danger_len]) {
                *u = c as CellId;
            }
            self.unanswered_len = danger_len as u8;
        } else {
            self.unanswered_len = u8::MAX;
        }
        actions
    }
}

#[cfg(test)]
mod tests {
    use super::super::{Fortress, FortressMove, FortressSetup};
    use crate::game::Game;
    use crate::playout::play_out_by_steps;
    use crate::rng::Rng;

    fn same(a: &Fortress, b: &Fortress, what: &str) {
        assert_eq!(a.areas, b.areas, "{what}: areas");
        assert_eq!(
            (
                a.to_move,
                a.used,
                a.passes,
                a.ply,
                a.over,
                a.first_was_place,
                a.swapped
            ),
            (
                b.to_move,
                b.used,
                b.passes,
                b.ply,
                b.over,
                b.first_was_place,
                b.swapped
            ),
            "{what}: counters"
        );
        assert_eq!(
            (a.unanswered_len, a.unanswered_seat),
            (b.unanswered_len, b.unanswered_seat),
            "{what}: unanswered"
        );
        // Past the list's room (`u8::MAX`) what it holds means nothing.
        if let Some(n) = Some(a.unanswered_len as usize).filter(|&n| n <= a.unanswered.len()) {
            assert_eq!(a.unanswered[..n], b.unanswered[..n], "{what}: unanswered");
        }
        assert_eq!(a.scores(), b.scores(), "{what}: scores");
    }

    /// The one-loop playout plays exactly what one `play` per action plays: the
    /// same draws, captures, counters and scores, from the start and from positions
    /// part-way through (as a search starts them), on every two-seat map.
    #[test]
    fn the_loop_plays_what_play_plays() {
        // (map, seed): generated maps 11 and 80 have areas with 12 and 13 neighbours,
        // so the loop's rows of 12 and 16 are played too.
        let maps = [
            ("classic", 7),
            ("square-8", 8),
            ("square-10", 9),
            ("hex", 10),
            ("archipelago", 11),
            ("generated", 12),
            ("generated", 11),
            ("generated", 80),
        ];
        for (i, &(map, seed)) in maps.iter().enumerate() {
            for (moves_each, pie) in [
                (None, false),
                (Some(Some(5)), false),
                (None, true),
                (Some(Some(60)), true),
            ] {
                let setup = FortressSetup {
                    map: map.to_string(),
                    seed,
                    moves_each,
                    pie,
                    ..Default::default()
                };
                let start = Fortress::new(&setup).unwrap();
                let width = start.cfg.fast.as_ref().map(|t| t.width);
                if map == "generated" && seed != 12 {
                    assert!(width >= Some(12), "{map} {seed}: rows of {width:?}");
                }
                let mut rng = Rng::new(i as u64 * 100 + moves_each.flatten().unwrap_or(1) as u64);
                let mut scratch = Vec::new();
                for game in 0..40 {
                    let mut g = start.clone();
                    // Walk part of the way with `play`, now and then a pass or the swap.
                    let prefix = rng.below(40);
                    for _ in 0..prefix {
                        if g.over {
                            break;
                        }
                        let mv = match rng.below(12) {
                            0 => Some(FortressMove::Pass),
                            1 if g.check(FortressMove::Swap).is_ok() => Some(FortressMove::Swap),
                            _ => g.playout_move(&mut rng, &mut scratch),
                        };
                        match mv {
                            Some(mv) => g.play(mv).unwrap(),
                            None => break,
                        }
                    }
                    assert!(!g.cfg.track);
                    assert_eq!(g.fast_playout(), !g.over);
                    let (mut fast, mut slow) = (g.clone(), g.clone());
                    let (mut r1, mut r2) = (rng, rng);
                    let n1 = fast.play_out(&mut r1, &mut scratch);
                    let n2 = play_out_by_steps(&mut slow, &mut r2, &mut scratch);
                    assert_eq!(n1, n2, "{map} game {game}: actions");
                    assert_eq!(r1.next_u64(), r2.next_u64(), "{map} game {game}: draws");
                    same(&fast, &slow, &format!("{map} {moves_each:?} game {game}"));
                    rng.next_u64();
                }
            }
        }
    }

    /// A long run of one seat's placements (the other passing) overflows the list of
    /// unanswered placements: the captures stay right, and both ways agree.
    #[test]
    fn overflowing_the_unanswered_list() {
        let setup = FortressSetup {
            moves_each: Some(Some(40)),
            ..Default::default()
        };
        let mut g = Fortress::new(&setup).unwrap();
        let mut scratch = Vec::new();
        let mut rng = Rng::new(5);
        for _ in 0..10 {
            let mv = g.playout_move(&mut rng, &mut scratch).unwrap();
            g.play(mv).unwrap();
            g.play(FortressMove::Pass).unwrap();
        }
        assert_eq!(g.unanswered_len, u8::MAX);
        let (mut fast, mut slow) = (g.clone(), g.clone());
        let (mut r1, mut r2) = (rng, rng);
        fast.play_out(&mut r1, &mut scratch);
        play_out_by_steps(&mut slow, &mut r2, &mut scratch);
        same(&fast, &slow, "overflow");
    }
}
