//! Citadel's playout policy: a legal action drawn uniformly (the draw left out)
//! without listing them. Every legal action has exactly one index in a numbered
//! space built from the mover's warriors and citadels, so a random index that
//! names a legal action (and is that action's own index) gives a uniform draw.

use crate::board::CellId;
use crate::game::Game;
use crate::rng::Rng;

use super::{Citadel, CitadelMove, FaceId, NONE};

/// Random indices tried before the playout lists the legal actions instead.
const TRIES: u32 = 64;

impl Citadel {
    /// A uniform draw among the legal actions but the draw (in play); `None` after
    /// [`TRIES`] misses, when the caller lists them instead.
    pub(super) fn sample_action(
        &self,
        rng: &mut Rng,
        scratch: &mut Vec<CitadelMove>,
    ) -> Option<CitadelMove> {
        let board = &self.cfg.board;
        let me = self.to_move;
        // The mover's warriors and the besieged enemies (kept listed by the position).
        let (mine, sieged) = (&self.army[me as usize][..], &self.besieged_list[..]);
        let (w, b) = (mine.len(), sieged.len());
        if self.credits == 0 {
            // No credit left (most turns end so): only free actions, few enough to list.
            scratch.clear();
            for &c in mine.iter().filter(|&&c| !self.used[c as usize]) {
                for &m in board.neighbours(c) {
                    if self.warrior[m as usize] == 1 - me {
                        scratch.push(CitadelMove::Attack(c, m));
                    }
                }
            }
            scratch.extend(sieged.iter().map(|&c| CitadelMove::Siege(c)));
            scratch.retain(|&m| self.check(m).is_ok());
            scratch.push(CitadelMove::End);
            return Some(scratch[rng.below(scratch.len() as u32) as usize]);
        }
        let mut citadels = [0 as CellId; 9];
        let mut k = 0;
        for &c in &self.citadel_cells {
            if self.citadel[c as usize] == Some(me) && k < citadels.len() {
                citadels[k] = c;
                k += 1;
            }
        }
        let citadels = &citadels[..k];
        // The segments of the space: steps and attacks (a warrior and a direction),
        // walls and destroys (a warrior, a direction, a face around that neighbour),
        // recruits (a citadel and a direction), sieges, and the end of the turn.
        let one = self.credits >= 1;
        let two = self.credits >= 2;
        let steps = if one { w * 4 } else { 0 };
        let attacks = w * 4;
        let faces = if one { w * 16 } else { 0 };
        let recruits = if two { k * 4 } else { 0 };
        let size = steps + attacks + faces + recruits + b + 1;
        let nb = |c: CellId, d: usize| board.neighbours(c).get(d).copied();
        // Where each segment starts.
        let at_attacks = steps;
        let at_faces = at_attacks + attacks;
        let at_recruits = at_faces + faces;
        let at_sieges = at_recruits + recruits;
        let at_end = at_sieges + b;
        for _ in 0..TRIES {
            let i = rng.below(size as u32) as usize;
            let mv = if i < at_attacks {
                // Cheap refusals first: a step goes to a point with no warrior.
                nb(mine[i / 4], i % 4)
                    .filter(|&m| self.warrior[m as usize] == NONE)
                    .map(|m| CitadelMove::Step(mine[i / 4], m))
            } else if i < at_faces {
                let i = i - at_attacks;
                // An attack, by an unused warrior on an enemy one.
                let c = mine[i / 4];
                nb(c, i % 4)
                    .filter(|&m| self.warrior[m as usize] == 1 - me && !self.used[c as usize])
                    .map(|m| CitadelMove::Attack(c, m))
            } else if i < at_recruits {
                let i = i - at_faces;
                let (c, d, f) = (mine[i / 16], i / 4 % 4, i % 4);
                nb(c, d)
                    .and_then(|m| self.faces_around(m).nth(f))
                    // A wall covers no warrior and no citadel.
                    .filter(|&face| {
                        self.wall[face as usize]
                            || self.face_cells(face).iter().all(|&k| {
                                self.warrior[k as usize] == NONE
                                    && self.citadel[k as usize].is_none()
                            })
                    })
                    .filter(|&face| self.first_face_index(face, c) == Some((d, f)))
                    .map(|face| {
                        if self.wall[face as usize] {
                            CitadelMove::Destroy(face, c)
                        } else {
                            CitadelMove::Wall(face)
                        }
                    })
            } else if i < at_sieges {
                let i = i - at_recruits;
                let (c, d) = (citadels[i / 4], i % 4);
                nb(c, d)
                    .filter(|&m| self.warrior[m as usize] == NONE)
                    .filter(|&m| {
                        // Its own index: the first of the mover's citadels beside it.
                        citadels.iter().find(|&&x| board.adjacent(x, m)) == Some(&c)
                    })
                    .map(CitadelMove::Recruit)
            } else if i < at_end {
                Some(CitadelMove::Siege(sieged[i - at_sieges]))
            } else {
                Some(CitadelMove::End)
            };
            if let Some(mv) = mv {
                if self.check(mv).is_ok() {
                    return Some(mv);
                }
            }
        }
        None
    }

    /// The setup's placement, uniform over the legal cells: random cells until one
    /// takes a citadel (`None` after [`TRIES`] misses, when the caller lists them).
    pub(super) fn sample_place(&self, rng: &mut Rng) -> Option<CitadelMove> {
        let len = self.warrior.len() as u32;
        (0..TRIES).find_map(|_| {
            let c = rng.below(len) as CellId;
            self.place_refusal(c)
                .is_none()
                .then_some(CitadelMove::Place(c))
        })
    }

    /// The draft's pick, uniform over the citadels nobody has taken yet.
    pub(super) fn sample_take(&self, rng: &mut Rng) -> Option<CitadelMove> {
        let free = || {
            self.citadel_cells
                .iter()
                .filter(|&&c| self.citadel[c as usize] == Some(NONE))
        };
        let n = free().count();
        if n == 0 {
            return None;
        }
        free()
            .nth(rng.below(n as u32) as usize)
            .map(|&c| CitadelMove::Take(c))
    }

    /// The index (direction, face) by which warrior `c` reaches face `f` first, and
    /// for a wall only if `c` is the lowest of the mover's warriors next to a cell of
    /// the face: a wall's own index is its lowest warrior's first; a destroy's (one a
    /// warrior) its warrior's first.
    fn first_face_index(&self, f: FaceId, c: CellId) -> Option<(usize, usize)> {
        let board = &self.cfg.board;
        let cells = self.face_cells(f);
        if !self.wall[f as usize] {
            // A wall: `c` must be the first (lowest) of the mover's warriors next to a
            // cell of the face.
            let me = self.to_move;
            let first = cells
                .iter()
                .flat_map(|&k| board.neighbours(k).iter().copied())
                .filter(|&x| self.warrior[x as usize] == me)
                .min();
            if first != Some(c) {
                return None;
            }
        }
        for (d, &m) in board.neighbours(c).iter().enumerate() {
            if let Some(k) = self.faces_around(m).position(|g| g == f) {
                return Some((d, k));
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::super::{CitadelSetup, Phase};
    use super::*;
    use std::collections::HashSet;

    /// The warrior and besieged lists agree with the board after every action of
    /// random games, and the draw finds every legal action but the draw, and nothing
    /// else (the setup's placements and picks too).
    #[test]
    fn lists_and_draws_match_the_rules() {
        for (size, seed) in [(13u16, 1u64), (19, 2), (13, 3)] {
            let mut g = Citadel::new(&CitadelSetup { size }).unwrap();
            let mut rng = Rng::new(seed);
            let mut scratch = Vec::new();
            let mut step = 0;
            while let Some(mv) = g.playout_move(&mut rng, &mut scratch) {
                for s in 0..2u8 {
                    let listed: HashSet<CellId> = g.army[s as usize].iter().copied().collect();
                    let on_board: HashSet<CellId> = (0..g.warrior.len() as CellId)
                        .filter(|&c| g.warrior[c as usize] == s)
                        .collect();
                    assert_eq!(listed, on_board);
                    assert_eq!(listed.len(), g.army[s as usize].len(), "listed twice");
                }
                let marked: HashSet<CellId> = (0..g.besieged.len() as CellId)
                    .filter(|&c| g.besieged[c as usize])
                    .collect();
                assert_eq!(marked, g.besieged_list.iter().copied().collect());
                // Every setup position, and one playing position in five.
                if g.phase != Phase::Playing || step % 5 == 0 {
                    let mut legal = Vec::new();
                    g.legal_moves(&mut legal);
                    legal.retain(|&m| m != CitadelMove::Draw);
                    let mut seen = HashSet::new();
                    let (draws, mut misses) = (legal.len() * 50, 0);
                    for _ in 0..draws {
                        let drawn = match g.phase {
                            Phase::Playing => g.sample_action(&mut rng, &mut scratch),
                            Phase::Placing => g.sample_place(&mut rng),
                            Phase::Drafting => g.sample_take(&mut rng),
                        };
                        let Some(m) = drawn else {
                            misses += 1;
                            continue;
                        };
                        assert!(legal.contains(&m), "{m:?} drawn but not legal");
                        seen.insert(m);
                    }
                    // A miss falls back to the listing: it must stay rare.
                    assert!(misses * 10 < draws, "{misses} misses in {draws} draws");
                    assert_eq!(seen.len(), legal.len(), "some legal action never drawn");
                }
                g.play(mv).unwrap();
                step += 1;
            }
        }
    }
}
