//! The fitted estimates shipped with the search ([`crate::fitted`]), one a
//! [`holdfast_rules::Game::model_key`], and the chance they give the engine
//! ([`line_chance`]). Each was made by the command in its comment (docs/strength.md,
//! "The fitted estimate"), which prints the entry again from its seed.

use holdfast_rules::Game;

use crate::calibration::{chance_table_for, table_for, through};
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
    // holdfast train frontier --variant mode3 --games 400 --seed 1 --iterations 4000
    Model { key: "frontier-mode3", features: 3, weights: &[3.2831, 79.8586, -2.6933, 21.2256, -92.2609, 15.7722, -0.2430, -1.1704] },
];

/// The model for `key`, if one is shipped.
pub fn model_for(key: &str) -> Option<&'static Model> {
    MODELS.iter().find(|m| m.key == key)
}

/// The chance that the seat to move in `g` wins, as the search sees it: the shipped
/// model ([`crate::models`]) along the search's principal `line`
/// ([`line_chances`]). `None` when the game is over or no model is shipped for it.
pub fn line_chance<G: Game>(g: &G, line: &[G::Move]) -> Option<f32> {
    let seat = g.to_move()? as usize;
    line_chances(g, line)?.get(seat).copied()
}

/// How many positions of a search's line [`line_chances`] averages: the line's end
/// and the starts of the turns before it, the latest first.
pub const LINE_POSITIONS: usize = 8;

/// Every seat's chance at the end of `line` from `g` by the shipped model: the mean
/// over the line's last [`LINE_POSITIONS`] positions where a turn begins, its end
/// included (a finished game counting as each winner's share of the result). One
/// position alone swung from one search to the next with the line's length and with
/// whose turn it is there (the model's weight for the seat to move): analysing
/// games between level 4s, the mover's chance moved by 0.20 on average across the
/// entries the search itself preferred in Fortress, 0.10 with 8 positions averaged
/// (docs/analysis.md). `None` when the game is over or no model is shipped for it.
/// The line is played on a copy whose chance (dice) is drawn afresh.
pub fn line_chances<G: Game>(g: &G, line: &[G::Move]) -> Option<Vec<f32>> {
    g.to_move()?;
    let model = model_for(g.model_key())?;
    let mut end = g.clone();
    end.reseed(0x5eed);
    // The positions where a turn of the line begins (another seat to move).
    let mut starts: Vec<G> = Vec::new();
    for &m in line {
        let before = end.clone();
        if end.play(m).is_err() {
            break;
        }
        if end.to_move() != before.to_move() {
            starts.push(before);
        }
    }
    let (mut feats, mut rows, mut out) = (Vec::new(), Vec::new(), Vec::new());
    let n = g.players();
    let mut sum = vec![0.0f32; n];
    let mut count = 0;
    let mut add = |c: &[f32]| {
        if c.len() == n {
            sum.iter_mut().zip(c).for_each(|(s, x)| *s += x);
            count += 1;
        }
    };
    if end.is_over() {
        add(&result_shares(&end));
    } else if chances(&end, model, true, &mut feats, &mut rows, &mut out) {
        add(&out);
    }
    for p in starts.iter().rev().take(LINE_POSITIONS - 1) {
        if chances(p, model, true, &mut feats, &mut rows, &mut out) {
            add(&out);
        }
    }
    (count > 0).then(|| sum.iter().map(|s| s / count as f32).collect())
}

/// The chance that the seat to move in `g` wins, as the engine reports it after a
/// search whose principal line was `line` and whose value was `value`
/// ([`crate::Seen::chance`]): a result the end solver proved (`solved`) as it is;
/// else the fitted model's chance along the line ([`line_chance`]) where a model is
/// shipped, through the chance table for the model and seat count where one is
/// ([`crate::calibration::CHANCE_TABLES`]); else the value through the game's calibration table
/// ([`crate::calibration::TABLES`]), a value of exactly 0 or 1 (every visit lost,
/// or won) staying as it is; else the value itself.
pub fn engine_chance<G: Game>(g: &G, line: &[G::Move], value: f32, solved: bool) -> f32 {
    if solved {
        return value;
    }
    if let Some(c) = line_chance(g, line) {
        return match chance_table_for(g.model_key(), g.players()) {
            Some(t) => through(t.points, c),
            None => c,
        };
    }
    match table_for(g.model_key()) {
        Some(t) if value > 0.0 && value < 1.0 => through(t.points, value),
        _ => value,
    }
}

/// Every seat's chance of winning `g`, as the engine sees it after a search whose
/// principal `line`, value and `solved` flag are given, for looking back over a
/// game (`crate::analysis`), where positions with each seat to move follow each
/// other: the seat to move's is [`engine_chance`]'s, except that a game whose
/// value goes through a calibration table reads the table both ways (the mover's
/// value, and the other seat's, `1 - value`) and takes the mean, so that the
/// table's lean against the seat to move (Citadel's: a value of 0.5 is 0.438)
/// does not swing the chance back and forth between one position and the next;
/// the others share the rest in proportion to the fitted model's chances along the
/// line where a model is shipped ([`line_chances`]), else evenly (with two seats,
/// the other has the rest). Once the game is over, each winner's share of the
/// result.
pub fn engine_chances<G: Game>(g: &G, line: &[G::Move], value: f32, solved: bool) -> Vec<f32> {
    let n = g.players();
    let Some(mover) = g.to_move().map(|s| s as usize) else {
        return result_shares(g);
    };
    let mut mine = engine_chance(g, line, value, solved).clamp(0.0, 1.0);
    if !solved && n == 2 && value > 0.0 && value < 1.0 && model_for(g.model_key()).is_none() {
        if let Some(t) = table_for(g.model_key()) {
            mine = (mine + 1.0 - through(t.points, 1.0 - value)) / 2.0;
        }
    }
    let mut others = vec![1.0f32; n];
    if n > 2 {
        if let Some(out) = line_chances(g, line).filter(|o| o.len() == n) {
            others = out;
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
