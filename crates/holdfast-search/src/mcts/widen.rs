//! Progressive widening with a bias: in a wide position a node tries a new action
//! only as its visits grow ([`SearchConfig::widen`]), and once it has been visited
//! often enough to be worth the cost ([`SearchConfig::sort_at`]), the actions it
//! has not tried yet are put in order of the game's estimate one action ahead, so
//! that the actions it widens to are the likeliest first.

use holdfast_rules::Game;

use super::{Node, Search};
use crate::ahead::sort_by_one_ply;

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
        let (scorer, rewards) = (&mut self.scorer, &mut self.rewards);
        let mut keyed = Vec::with_capacity(to - from);
        let moves = &mut self.actions[from..to];
        sort_by_one_ply(&self.game, &mut self.probe, moves, &mut keyed, |g| {
            scorer.rewards(g, rewards);
            rewards.get(mover).copied().unwrap_or(0.0)
        });
    }
}
