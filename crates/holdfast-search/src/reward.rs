//! What a position is worth to each seat, in `[0, 1]`: the result once the game is
//! over, an estimate from the game's own count before.

use holdfast_rules::Game;

use crate::fitted::{chances, Model};

/// [`rewards`] with a fitted model: a position not over is scored by the model's
/// chances ([`crate::fitted`]) when there is one for it, by the squashed estimate
/// otherwise. Keeps its scratch, so scoring allocates nothing.
#[derive(Clone, Debug, Default)]
pub struct Scorer {
    pub margin: f32,
    pub model: Option<&'static Model>,
    estimate: Vec<f32>,
    rows: Vec<f32>,
}

impl Scorer {
    pub fn new(margin: f32, model: Option<&'static Model>) -> Scorer {
        Scorer {
            margin,
            model,
            ..Scorer::default()
        }
    }

    /// Each seat's reward for `g` into `out` (one a seat).
    pub fn rewards<G: Game>(&mut self, g: &G, out: &mut Vec<f32>) {
        if let Some(model) = self.model.filter(|_| !g.is_over()) {
            if chances(g, model, false, &mut self.estimate, &mut self.rows, out) {
                return;
            }
        }
        rewards(g, out, &mut self.estimate, self.margin);
    }
}

/// Writes each seat's reward for `g` into `out` (one a seat), using `estimate` as
/// scratch. Over: a sole winner 1, winners who share the top `1/k`, the others 0,
/// mixed with weight `margin` (0 to 1) with the final lead squashed as below, so
/// that a search with a margin also plays to win by more. At weight 1 the lead
/// alone counts: a win by one square is worth about 0.64 on a 6x6 board, a draw
/// 0.5, a win by five 0.94; the two seats' values still add up to 1.
/// Not over: from the game's estimate, each seat's lead over its best rival squashed
/// into `(0, 1)` (a lead of a tenth of the total in play counts for about 0.76).
pub fn rewards<G: Game>(g: &G, out: &mut Vec<f32>, estimate: &mut Vec<f32>, margin: f32) {
    let n = g.players();
    out.clear();
    out.resize(n, 0.0);
    if g.is_over() {
        let winners = g.winners();
        let share = 1.0 / winners.len().max(1) as f32;
        for w in winners {
            if let Some(r) = out.get_mut(w as usize) {
                *r = share;
            }
        }
        // (At most six seats: the result is kept on the stack, no allocation in
        // the search's loop.)
        if margin > 0.0 && n <= 8 {
            let mut result = [0.0f32; 8];
            result[..n].copy_from_slice(out);
            squashed(g, out, estimate);
            for (r, x) in out.iter_mut().zip(result) {
                *r = (1.0 - margin) * x + margin * *r;
            }
        }
        return;
    }
    squashed(g, out, estimate);
}

/// Each seat's lead in the game's estimate over its best rival, squashed into
/// `(0, 1)`; `out` holds one slot a seat.
fn squashed<G: Game>(g: &G, out: &mut [f32], estimate: &mut Vec<f32>) {
    let n = g.players();
    g.estimate_into(estimate);
    estimate.resize(n, 0.0);
    let total: f32 = estimate.iter().map(|e| e.abs()).sum();
    let scale = (total / 10.0).max(1.0);
    for s in 0..n {
        let rival = (0..n)
            .filter(|&t| t != s)
            .map(|t| estimate[t])
            .fold(f32::NEG_INFINITY, f32::max);
        let lead = if rival.is_finite() {
            estimate[s] - rival
        } else {
            0.0
        };
        out[s] = 0.5 + 0.5 * (lead / scale).tanh();
    }
}
