//! The fitted estimates shipped with the search ([`crate::fitted`]), one a
//! [`holdfast_rules::Game::model_key`], and the chance they give the engine
//! ([`line_chance`]). Each was made by the command in its comment (docs/strength.md,
//! "The fitted estimate"), which prints the entry again from its seed.

use holdfast_rules::Game;

use crate::calibration::{table_for, through};
use crate::fitted::{chances, Model};

/// Every shipped model.
#[rustfmt::skip]
pub const MODELS: &[Model] = &[
    // holdfast train fortress --variant classic,classic-1983,square-8-3p,hex-4p --games 160 --seed 1 --iterations 1000
    Model { key: "fortress", features: 1, weights: &[4.7907, 19.2842, 0.3797, -0.7485] },
    // holdfast train island-wars --variant 2p,3p,4p,6p --games 200 --seed 1 --iterations 1000
    Model { key: "island-wars", features: 3, weights: &[-24.8166, -5.5615, -29.9182, 136.2626, -19.2380, -76.5943, 0.3602, -0.6180] },
    // holdfast train frontier --variant mode1 --games 150 --seed 1 --iterations 1000
    Model { key: "frontier-mode1", features: 1, weights: &[36.7276, 3.9976, 1.8622, -2.4526] },
    // holdfast train frontier --variant mode2 --games 150 --seed 1 --iterations 1000
    Model { key: "frontier-mode2", features: 1, weights: &[23.9820, 6.3220, 1.0459, -1.3813] },
    // holdfast train frontier --variant mode3 --games 60 --seed 1 --iterations 500
    Model { key: "frontier-mode3", features: 1, weights: &[16.1062, -9.7625, -0.3594, -0.9732] },
];

/// The model for `key`, if one is shipped.
pub fn model_for(key: &str) -> Option<&'static Model> {
    MODELS.iter().find(|m| m.key == key)
}

/// The chance that the seat to move in `g` wins, as the search sees it: the shipped
/// model ([`crate::models`]) at the end of the search's principal `line` (the
/// result itself where the line ends the game). `None` when the game is over or
/// no model is shipped for it. The line is played on a copy whose chance (dice) is
/// drawn afresh, never the record's own.
pub fn line_chance<G: Game>(g: &G, line: &[G::Move]) -> Option<f32> {
    let seat = g.to_move()? as usize;
    let model = model_for(g.model_key())?;
    let mut end = g.clone();
    end.reseed(0x5eed);
    for &m in line {
        if end.play(m).is_err() {
            break;
        }
    }
    if end.is_over() {
        let winners = end.winners();
        let won = winners.iter().any(|&w| w as usize == seat);
        return Some(if won { 1.0 / winners.len() as f32 } else { 0.0 });
    }
    let (mut feats, mut rows, mut out) = (Vec::new(), Vec::new(), Vec::new());
    chances(&end, model, true, &mut feats, &mut rows, &mut out).then(|| out.get(seat).copied())?
}

/// The chance that the seat to move in `g` wins, as the engine reports it after a
/// search whose principal line was `line` and whose value was `value`
/// ([`crate::Seen::chance`]): a result the end solver proved (`solved`) as it is;
/// else the fitted model's chance at the end of the line ([`line_chance`]) where a
/// model is shipped; else the value through the game's calibration table
/// ([`crate::calibration::TABLES`]), a value of exactly 0 or 1 (every visit lost,
/// or won) staying as it is; else the value itself.
pub fn engine_chance<G: Game>(g: &G, line: &[G::Move], value: f32, solved: bool) -> f32 {
    if solved {
        return value;
    }
    if let Some(c) = line_chance(g, line) {
        return c;
    }
    match table_for(g.model_key()) {
        Some(t) if value > 0.0 && value < 1.0 => through(t.points, value),
        _ => value,
    }
}

/// Every seat's chance of winning `g`, as the engine sees it after a search whose
/// principal `line`, value and `solved` flag are given: the seat to move's is
/// [`engine_chance`]'s; the others share the rest in proportion to the fitted
/// model's chances at the end of the line where a model is shipped, else evenly
/// (with two seats, the other has the rest). Once the game is over, each winner's
/// share of the result. Empty when the game is over with no seats.
pub fn engine_chances<G: Game>(g: &G, line: &[G::Move], value: f32, solved: bool) -> Vec<f32> {
    let n = g.players();
    let Some(mover) = g.to_move().map(|s| s as usize) else {
        return result_shares(g);
    };
    let mine = engine_chance(g, line, value, solved).clamp(0.0, 1.0);
    let mut others = vec![1.0f32; n];
    if n > 2 {
        if let Some(model) = model_for(g.model_key()) {
            let mut end = g.clone();
            end.reseed(0x5eed);
            for &m in line {
                if end.play(m).is_err() {
                    break;
                }
            }
            let (mut feats, mut rows, mut out) = (Vec::new(), Vec::new(), Vec::new());
            if end.is_over() {
                others = result_shares(&end);
            } else if chances(&end, model, true, &mut feats, &mut rows, &mut out) && out.len() == n
            {
                others = out;
            }
        }
    }
    others[mover] = 0.0;
    let total: f32 = others.iter().sum();
    let mut out: Vec<f32> = others
        .iter()
        .map(|&o| match total > 0.0 {
            true => (1.0 - mine) * o / total,
            false => (1.0 - mine) / (n.max(2) - 1) as f32,
        })
        .collect();
    out[mover] = mine;
    out
}

/// Each seat's share of a finished game's result: 1/k to each of k winners.
pub fn result_shares<G: Game>(g: &G) -> Vec<f32> {
    let winners = g.winners();
    let mut out = vec![0.0; g.players()];
    for &w in &winners {
        if let Some(x) = out.get_mut(w as usize) {
            *x = 1.0 / winners.len() as f32;
        }
    }
    out
}
