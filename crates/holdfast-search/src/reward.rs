//! What a position is worth to each seat, in `[0, 1]`: the result once the game is
//! over, an estimate from the game's own count before.

use holdfast_rules::Game;

/// Writes each seat's reward for `g` into `out` (one a seat), using `estimate` as
/// scratch. Over: a sole winner 1, winners who share the top `1/k`, the others 0.
/// Not over: from the game's estimate, each seat's lead over its best rival squashed
/// into `(0, 1)` (a lead of a tenth of the total in play counts for about 0.76).
pub fn rewards<G: Game>(g: &G, out: &mut Vec<f32>, estimate: &mut Vec<f32>) {
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
        return;
    }
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
