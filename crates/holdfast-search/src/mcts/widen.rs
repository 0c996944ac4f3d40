//! Progressive widening with a bias: in a wide position a node tries a new action
//! only as its visits grow ([`SearchConfig::widen`]), and once it has been visited
//! often enough to be worth the cost ([`SearchConfig::sort_at`]), the actions it
//! has not tried yet are put in order of the game's estimate one action ahead, so
//! that the actions it widens to are the likeliest first.

use holdfast_rules::Game;

use super::{Node, Search};

impl<G: Game> Search<G> {
    /// Whether `n` may try a new action now.
    pub(super) fn wider(&self, n: &Node) -> bool {
        self.config.widen <= 0.0
            || (n.tried as f32) < 1.0 + self.config.widen * (n.visits as f32).sqrt()
    }

    /// Puts the untried actions of `node` (whose position is `self.game`) in order
    /// of the mover's reward one action ahead, best first.
    pub(super) fn sort_untried(&mut self, node: usize) {
        let n = &self.nodes[node];
        let (from, to) = ((n.first + n.tried) as usize, (n.first + n.len) as usize);
        // With the tree full, no untried action will be tried: no order needed.
        if to - from < 2 || self.nodes() >= self.config.max_nodes {
            return;
        }
        let mover = n.turn as usize;
        let mut keyed: Vec<(f32, G::Move)> = Vec::with_capacity(to - from);
        for &m in &self.actions[from..to] {
            self.probe.clone_from(&self.game);
            let value = match self.probe.play(m) {
                Ok(()) => {
                    self.scorer.rewards(&self.probe, &mut self.rewards);
                    self.rewards.get(mover).copied().unwrap_or(0.0)
                }
                Err(_) => f32::NEG_INFINITY,
            };
            keyed.push((value, m));
        }
        // Stable: equals keep their shuffled order.
        keyed.sort_by(|a, b| b.0.total_cmp(&a.0));
        for (slot, (_, m)) in self.actions[from..to].iter_mut().zip(keyed) {
            *slot = m;
        }
    }
}
