//! Frontier's generated fields: water and mountains drawn from a seed, and the
//! ready setups (one a mode) built with them.

use crate::board::{Board, CellId};
use crate::rng::Rng;

use super::{Frontier, FrontierSetup};

impl Frontier {
    /// A random field for modes 2–3 from a seed: some water and mountain cells, kept
    /// away from the cities and their neighbours. Returns (water, mountains).
    pub fn random_terrain(setup: &FrontierSetup, seed: u64) -> (Vec<String>, Vec<String>) {
        let Ok(board) = Board::hex_rect(setup.width, setup.height) else {
            return (vec![], vec![]);
        };
        let cities: Vec<CellId> = setup.cities.iter().filter_map(|c| board.cell(c)).collect();
        let near_city = |c: CellId| cities.iter().any(|&k| k == c || board.adjacent(k, c));
        let mut rng = Rng::new(seed ^ 0x4652_4f4e_5449_4552);
        let n = board.len();
        let (mut water, mut mountains) = (Vec::new(), Vec::new());
        // Lakes and ridges: a few random walks.
        for kind in 0..2 {
            let walks = 1 + n / 40;
            for _ in 0..walks {
                let mut c = rng.below(n as u32) as CellId;
                for _ in 0..(2 + rng.below(4)) {
                    if !near_city(c) && !water.contains(&c) && !mountains.contains(&c) {
                        if kind == 0 {
                            water.push(c)
                        } else {
                            mountains.push(c)
                        }
                    }
                    let nb = board.neighbours(c);
                    if nb.is_empty() {
                        break;
                    }
                    c = nb[rng.below(nb.len() as u32) as usize];
                }
            }
        }
        let names = |v: Vec<CellId>| v.into_iter().map(|c| board.name(c).to_string()).collect();
        (names(water), names(mountains))
    }
}

/// Ready setups, one a mode: an 11x9 field, cities far apart, 20 turns each; modes
/// 2 and 3 with terrain drawn from `seed`.
pub fn preset(mode: u8, seed: u64) -> FrontierSetup {
    let mut s = FrontierSetup {
        mode,
        width: 11,
        height: 9,
        cities: vec!["e2".into(), "e10".into()],
        turns: 20,
        ..Default::default()
    };
    if mode >= 2 {
        let (water, mountains) = Frontier::random_terrain(&s, seed);
        s.water = water;
        s.mountains = mountains;
    }
    s
}
