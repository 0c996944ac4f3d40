//! A node of the tree, its children (a ring while some are untried, then a block
//! side by side) and the choice among them by upper confidence bound.

use holdfast_rules::Game;

use super::Search;

/// No node (a child ring's end, an unexpanded node's actions).
pub(super) const NONE: u32 = u32::MAX;

/// The size of a node of the tree, whatever the game.
pub const NODE_BYTES: usize = 40;
const _: () = assert!(std::mem::size_of::<Node>() == NODE_BYTES);

/// A node of the tree. Its candidate actions are stored in the search's action
/// arena when it is expanded, and a child node is made only when its action is
/// first tried: an action never tried costs only its own size. Children are tried
/// in order; while some are left, those made form a ring, and when the last is
/// made they are moved together, in order, into a block (if the node vector has
/// room), so that UCB, which runs only then (but in a full tree), reads them side
/// by side as it did when every child was made at once (following rings alone made
/// 256,000 iterations 19 to 30% slower in Citadel 19x19 and Island Wars). The
/// slots they leave are reused first.
#[derive(Clone, Debug)]
pub(super) struct Node {
    /// Candidate actions: `first..first + len` in the action arena, once expanded
    /// (shuffled, so they are tried in random order).
    pub(super) first: u32,
    pub(super) len: u32,
    /// Actions tried so far, hence children made: the first `tried` actions, in
    /// order.
    pub(super) tried: u32,
    /// In a ring, the newest child (`NONE` while none), the children linked
    /// through `next` (the newest's `next` is the oldest); in a block, the first
    /// child, the others following it.
    pub(super) kid: u32,
    /// The next sibling in the parent's ring (for a hole, the next hole).
    pub(super) next: u32,
    pub(super) visits: u32,
    /// The mean reward of `mover` over the visits (0 before the first), kept as
    /// a running mean so that UCB divides nothing.
    pub(super) value: f32,
    /// `1 / sqrt(visits)` (1 before the first visit), kept for the same reason:
    /// choosing a child reads every sibling, backing up touches only the path
    /// (choosing a child, with a division and a square root for each sibling, was
    /// 40% of an Island Wars search's time and over half of a Frontier one).
    pub(super) spread: f32,
    /// The minimax value for `mover` of the estimates below (the estimate here
    /// while no child has been visited).
    pub(super) mm: f32,
    /// The seat that made the action leading here.
    pub(super) mover: u8,
    /// The seat to move here when expanded (the children's `mover`).
    pub(super) turn: u8,
    pub(super) expanded: bool,
    /// Whether the children are a block (every action tried and the children
    /// moved together), not a ring.
    pub(super) block: bool,
}

impl Node {
    pub(super) fn new(mover: u8) -> Self {
        Node {
            first: NONE,
            len: 0,
            tried: 0,
            kid: NONE,
            next: NONE,
            visits: 0,
            value: 0.0,
            spread: 1.0,
            mm: 0.5,
            mover,
            turn: 0,
            expanded: false,
            block: false,
        }
    }

    pub(super) fn mean(&self) -> f32 {
        self.value
    }
}

/// The children of a node, oldest first ([`Search::children`]).
pub(super) struct Children<'a> {
    pub(super) nodes: &'a [Node],
    pub(super) at: u32,
    pub(super) left: u32,
    /// Side by side (else a ring).
    pub(super) block: bool,
}

impl Iterator for Children<'_> {
    type Item = usize;
    fn next(&mut self) -> Option<usize> {
        if self.left == 0 {
            return None;
        }
        self.left -= 1;
        let i = self.at;
        self.at = match self.block {
            true => i + 1,
            false => self.nodes[i as usize].next,
        };
        Some(i as usize)
    }
}

impl<G: Game> Search<G> {
    /// The child with the best upper confidence bound for the parent's seat, and
    /// its action.
    pub(super) fn select(&self, parent: usize) -> (usize, G::Move) {
        let p = &self.nodes[parent];
        let c = self.config.exploration * (p.visits.max(1) as f32).ln().sqrt();
        let a = if self.minimax {
            self.config.minimax
        } else {
            0.0
        };
        let ucb = |n: &Node| n.value + a * (n.mm - n.value) + c * n.spread;
        if p.block {
            // Side by side: four running bests at once, not one long chain of
            // comparisons (the first of equals wins, as in the ring's loop).
            let kids = &self.nodes[p.kid as usize..(p.kid + p.tried) as usize];
            let k = first_best(kids, ucb);
            return (p.kid as usize + k, self.actions[p.first as usize + k]);
        }
        let mut best = (self.children(parent).next().unwrap_or(0), 0);
        let mut best_ucb = f32::NEG_INFINITY;
        for (k, i) in self.children(parent).enumerate() {
            let u = ucb(&self.nodes[i]);
            if u > best_ucb {
                best_ucb = u;
                best = (i, k);
            }
        }
        (best.0, self.actions[(p.first as usize) + best.1])
    }
}

/// The index of the first of `kids` with the highest `score` (0 when none is
/// above minus infinity), computed in four interleaved lanes.
fn first_best(kids: &[Node], score: impl Fn(&Node) -> f32) -> usize {
    let mut best = [f32::NEG_INFINITY; 4];
    let mut at = [0usize; 4];
    let chunks = kids.chunks_exact(4);
    let rest = chunks.remainder();
    for (j, chunk) in chunks.enumerate() {
        for (l, n) in chunk.iter().enumerate() {
            let u = score(n);
            if u > best[l] {
                best[l] = u;
                at[l] = 4 * j + l;
            }
        }
    }
    let (mut top, mut k) = (f32::NEG_INFINITY, 0usize);
    for l in 0..4 {
        if best[l] > top || (best[l] == top && at[l] < k) {
            (top, k) = (best[l], at[l]);
        }
    }
    let base = kids.len() - rest.len();
    for (j, n) in rest.iter().enumerate() {
        if score(n) > top {
            (top, k) = (score(n), base + j);
        }
    }
    k
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The four lanes find what one pass in order finds: the first of the highest,
    /// whatever the length (the remainder too) and wherever the ties fall.
    #[test]
    fn first_best_is_the_first_of_the_highest() {
        let mut seed = 7u32;
        for len in 1..=13usize {
            for _ in 0..200 {
                let kids: Vec<Node> = (0..len)
                    .map(|_| {
                        seed = seed.wrapping_mul(1_103_515_245).wrapping_add(12_345);
                        let mut n = Node::new(0);
                        // Few distinct values, so that ties are common, with minus
                        // infinity and NaN among them.
                        n.value = match (seed >> 16) % 6 {
                            4 => f32::NEG_INFINITY,
                            5 => f32::NAN,
                            v => v as f32,
                        };
                        n
                    })
                    .collect();
                // The loop over a ring of children (`Search::select`).
                let (mut want, mut top) = (0, f32::NEG_INFINITY);
                for (k, n) in kids.iter().enumerate() {
                    if n.value > top {
                        (want, top) = (k, n.value);
                    }
                }
                assert_eq!(first_best(&kids, |n| n.value), want, "{len} kids");
            }
        }
    }

    /// On a grown tree (Fortress's 36 squares, so that many nodes have every child
    /// made and side by side): each node's kept mean and spread are what its
    /// visits say, and `select` picks at each block what the loop over its
    /// children in order picks.
    #[test]
    fn kept_figures_and_the_block_scan_agree_with_a_plain_loop() {
        use crate::mcts::{Budget, SearchConfig};
        use holdfast_rules::fortress::{Fortress, FortressSetup};

        let g = Fortress::new(&FortressSetup::default()).expect("a Fortress");
        let config = SearchConfig {
            budget: Budget {
                iterations: 20_000,
                seconds: None,
            },
            ..SearchConfig::for_game("fortress")
        };
        let mut search = Search::new(&g, config, 5);
        search.run(&|| 0.0, &mut |_| {});
        let mut blocks = 0;
        for (i, n) in search.nodes.iter().enumerate() {
            if n.visits > 0 {
                let want = 1.0 / (n.visits as f32).sqrt();
                assert!((n.spread - want).abs() < 1e-6, "node {i}: spread");
                assert!((0.0..=1.0).contains(&n.value), "node {i}: mean {}", n.value);
            }
            if !n.block || n.tried == 0 || n.visits < 2 {
                continue;
            }
            blocks += 1;
            let c = search.config.exploration * (n.visits as f32).ln().sqrt();
            let (mut want, mut top) = (usize::MAX, f32::NEG_INFINITY);
            for k in search.children(i) {
                let m = &search.nodes[k];
                let u = m.value + c * m.spread;
                if u > top {
                    (want, top) = (k, u);
                }
            }
            assert_eq!(search.select(i).0, want, "node {i}");
        }
        assert!(blocks > 10, "{blocks} blocks");
    }
}
