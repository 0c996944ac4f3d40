//! Monte Carlo tree search over the [`Game`] interface.
//!
//! One tree edge per action: a turn of several actions (Fort's steps then spawn,
//! Citadel's actions then the end of the turn, Frontier's generals) is a path of
//! edges with the same seat to move, so nothing here knows about turns. Each node
//! keeps the reward of the seat that made the action leading to it (max^n: with
//! three to six seats every seat picks what is best for itself). A playout runs the
//! game's own playout policy for at most [`SearchConfig::cutoff`] actions (none by
//! default: the new leaf is scored at once), then the position is scored by
//! [`crate::reward::rewards`] (the result, or the game's estimate). Nodes live in
//! one vector and an expanded node's candidate actions in another (no allocation
//! per node); a node is made only when its action is first tried, so the many
//! actions of a wide game that are never tried cost only their own size. The
//! generator is seeded, so a search with an iteration budget is reproducible.

use holdfast_rules::rng::Rng;
use holdfast_rules::Game;

use crate::models::model_for;
use crate::reward::Scorer;

mod node;
mod widen;

pub use node::NODE_BYTES;
use node::{Children, Node, NONE};

/// How much a search may do: iterations, and optionally seconds on the caller's clock
/// (whichever runs out first).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Budget {
    pub iterations: u32,
    pub seconds: Option<f64>,
}

/// A search's settings.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SearchConfig {
    pub budget: Budget,
    /// The UCB exploration constant (rewards are in `[0, 1]`).
    pub exploration: f32,
    /// Actions a playout plays before the position is estimated.
    pub cutoff: u32,
    /// Nodes the tree may hold (a node is made when its action is first tried:
    /// [`NODE_BYTES`] each); past it leaves are no longer expanded and actions not
    /// yet tried are left (UCB chooses among the children made).
    pub max_nodes: usize,
    /// Candidate actions the tree may store (all of an expanded node's, tried or
    /// not: a `Game::Move` each, 4 to 8 bytes); past it leaves are no longer
    /// expanded. The vectors grow by doubling but never past these caps, so the
    /// tree holds at most `max_nodes` nodes and `max_actions` actions (and one
    /// node's more).
    pub max_actions: usize,
    /// The weight of each child's minimax value (of the estimates at the tree's
    /// leaves) beside its mean reward when the search picks a child: implicit
    /// minimax backups, for two-player games (0: the mean alone).
    pub minimax: f32,
    /// At a game's end, the weight of the final lead beside the result (0: a win
    /// is a win, by any margin; see [`crate::reward::rewards`]).
    pub margin: f32,
    /// Whether a new leaf is scored by the game's fitted estimate
    /// ([`crate::fitted`], when [`crate::models`] has one for the position's
    /// [`Game::model_key`]) in place of its squashed hand-written estimate.
    pub fitted: bool,
    /// Progressive widening ([`widen`]): a node visited `n` times tries a new
    /// action only while it has fewer than `1 + widen * sqrt(n)` children (0: off).
    pub widen: f32,
    /// With widening, a node's untried actions are put in order of the estimate
    /// after each (best first for its mover) when it is visited this many times.
    pub sort_at: u32,
}

impl Default for SearchConfig {
    fn default() -> Self {
        SearchConfig {
            budget: Budget {
                iterations: 1000,
                seconds: None,
            },
            // A low constant lets the search follow the actions the estimate
            // likes and look deeper behind them; no playout (the new leaf is scored
            // by the estimate at once) beat random playouts of 1, 2 and 4 actions.
            // Level 3 against greedy, 100 games each (constant 0.9 / 0.3 / 0.2 /
            // 0.1): Frontier 63 / 77 / 86 / 88 won with no playout, 60 / 68 / - / -
            // with 4 actions; Island Wars 67 / 78 / - / 84 with none, 69 / 75 / - /
            // 75 with 4 (0.1 and 0.2 within a few games of each other). The earlier
            // 0.9 and 4 also made higher levels no stronger.
            exploration: 0.2,
            cutoff: 0,
            // 76 MB (40-byte nodes, 6-byte actions), about the 72 MB of the
            // 2,000,000 nodes of 36 bytes kept when every action had a node.
            max_nodes: 1_000_000,
            max_actions: 6_000_000,
            minimax: 0.0,
            margin: 0.0,
            fitted: false,
            widen: 0.0,
            sort_at: 32,
        }
    }
}

impl SearchConfig {
    /// The settings for the game `game` (a [`Game::ID`]): the default, changed where
    /// a match between engines showed a game plays better otherwise, at the same
    /// time per action (figures and commands in docs/strength.md):
    /// - Fort: implicit minimax alone (weight 1): 36 of 40 games at 50 ms an action;
    /// - Frontier: implicit minimax at weight 0.4 (mode 3: 61% of 60 games at 2,000
    ///   iterations; mode 1 even; weight 1 loses in both);
    /// - Fortress: playouts of 4 actions (64% of 40 games at 30 ms an action;
    ///   minimax, other exploration constants and other squashes of the estimate
    ///   were even), and a game's end valued by its margin as well as its result
    ///   (weight 1: on the 1983 rules, 0.675 of 40 games against the build before,
    ///   and a mean margin of 3.8 squares, not 1.6, against another program's bot);
    /// - Island Wars: progressive widening at 2 (two seats 0.588, four 0.562 of 40
    ///   games at 100 ms an action; Frontier mode 1 0.475, Citadel 0.40 of 30).
    pub fn for_game(game: &str) -> SearchConfig {
        let mut c = SearchConfig::default();
        match game {
            "fort" => c.minimax = 1.0,
            "frontier" => c.minimax = 0.4,
            "fortress" => (c.cutoff, c.margin) = (4, 1.0),
            "island-wars" => c.widen = 2.0,
            _ => {}
        }
        c
    }
}

/// Where a search stands: iterations run and the action it prefers so far.
#[derive(Clone, Debug, PartialEq)]
pub struct Progress<M> {
    pub iterations: u32,
    pub best: Option<M>,
    /// The preferred action's visits and mean reward for the seat to move.
    pub best_visits: u32,
    pub best_value: f32,
}

/// Room in `v` for `more` items: its capacity doubled as a vector's is, but never
/// past `cap` unless the items need it.
fn reserve_capped<T>(v: &mut Vec<T>, more: usize, cap: usize) {
    let need = v.len() + more;
    if need > v.capacity() {
        let want = (v.capacity() * 2).max(need).min(cap.max(need));
        v.reserve_exact(want - v.len());
    }
}

/// A search from one position.
pub struct Search<G: Game> {
    root: G,
    nodes: Vec<Node>,
    /// The expanded nodes' candidate actions ([`Node::first`], [`Node::len`]).
    actions: Vec<G::Move>,
    rng: Rng,
    config: SearchConfig,
    iterations: u32,
    game: G,
    moves: Vec<G::Move>,
    rewards: Vec<f32>,
    scorer: Scorer,
    /// The nodes of this iteration's descent, from the root.
    path: Vec<u32>,
    /// Slots of `nodes` left by children moved together ([`Node::kid`]), reused
    /// first: the first (`NONE`: none), each the next's through `next`, and how many.
    free: u32,
    holes: usize,
    /// Whether implicit minimax is on: a weight above 0, and two players.
    minimax: bool,
    /// A position to try actions on ([`SearchConfig::sort_at`]).
    probe: G,
}

/// The actions a computer considers: the legal ones but agreements (a draw, a count),
/// which take both players.
pub fn candidates<G: Game>(g: &G, out: &mut Vec<G::Move>) {
    out.clear();
    g.legal_moves(out);
    out.retain(|&m| !g.computer_avoids(m));
}

impl<G: Game> Search<G> {
    /// A search from `root` (a copy is kept), seeded with `seed`.
    pub fn new(root: &G, config: SearchConfig, seed: u64) -> Self {
        let mover = root.to_move().unwrap_or(0);
        Search {
            root: root.clone(),
            nodes: vec![Node::new(mover)],
            actions: Vec::new(),
            rng: Rng::new(seed),
            config,
            iterations: 0,
            game: root.clone(),
            moves: Vec::new(),
            rewards: Vec::new(),
            scorer: Scorer::new(
                config.margin,
                model_for(root.model_key()).filter(|_| config.fitted),
            ),
            path: Vec::new(),
            free: NONE,
            holes: 0,
            minimax: config.minimax > 0.0 && root.players() == 2,
            probe: root.clone(),
        }
    }

    /// Iterations run so far.
    pub fn iterations(&self) -> u32 {
        self.iterations
    }

    /// Nodes in the tree (made: an action not yet tried has none).
    pub fn nodes(&self) -> usize {
        self.nodes.len() - self.holes
    }

    /// Candidate actions stored for the expanded nodes, tried or not.
    pub fn actions(&self) -> usize {
        self.actions.len()
    }

    /// Runs until the budget is spent (at least one iteration), calling `progress`
    /// every 64 iterations; `clock` gives seconds.
    pub fn run(
        &mut self,
        clock: &dyn Fn() -> f64,
        progress: &mut dyn FnMut(&Progress<G::Move>),
    ) -> Progress<G::Move> {
        let t0 = clock();
        let budget = self.config.budget;
        loop {
            self.iterate();
            let i = self.iterations;
            if i.is_multiple_of(64) {
                progress(&self.progress());
            }
            if i >= budget.iterations {
                break;
            }
            if let Some(s) = budget.seconds {
                if i.is_multiple_of(8) && clock() - t0 >= s {
                    break;
                }
            }
        }
        self.progress()
    }

    /// The search's preference now.
    pub fn progress(&self) -> Progress<G::Move> {
        let best = self.best_child();
        let node = best.and_then(|b| b.1).map(|c| &self.nodes[c]);
        Progress {
            iterations: self.iterations,
            best: best.map(|b| b.0),
            best_visits: node.map_or(0, |n| n.visits),
            best_value: node.map_or(0.0, Node::mean),
        }
    }

    /// The root's actions with their visits and mean rewards (for the seat to move),
    /// in the order they are tried; one not tried yet has no visit.
    pub fn root_stats(&self) -> Vec<(G::Move, u32, f32)> {
        self.slots(0)
            .map(|(m, c)| match c {
                Some(c) => (m, self.nodes[c].visits, self.nodes[c].mean()),
                None => (m, 0, 0.0),
            })
            .collect()
    }

    /// The principal line: from the root, the most visited child (ties: the better
    /// mean reward) again and again, as long as it has been visited, for at most
    /// `max_len` actions. Its first action is [`Progress::best`]; the seats alternate
    /// as the game's do (a multi-action turn is several actions of one seat).
    pub fn principal_line(&self, max_len: usize) -> Vec<G::Move> {
        let mut line = Vec::new();
        self.extend_line(0, &mut line, max_len);
        line
    }

    /// Extends `line` from `node` by the most visited child again and again, as
    /// long as it has been visited, until `line` holds `max_len` actions.
    fn extend_line(&self, mut node: usize, line: &mut Vec<G::Move>, max_len: usize) {
        while line.len() < max_len {
            let Some((mv, Some(c))) = self.most_visited(node) else {
                break;
            };
            if self.nodes[c].visits == 0 {
                break;
            }
            line.push(mv);
            node = c;
        }
    }

    /// The line through `actions` from the root: each of them as long as the tree
    /// has a node for it, then on by the most visited child as
    /// [`Search::principal_line`] goes (at most `max_len` actions in all), with the
    /// visits and mean reward (for the seat that made the action) of the node the
    /// given actions reach. `None` when the tree has no node for the first one.
    pub fn line_through(
        &self,
        actions: &[G::Move],
        max_len: usize,
    ) -> Option<(Vec<G::Move>, u32, f32)> {
        let mut line = Vec::new();
        let mut node = 0;
        for &a in actions {
            let next = self
                .slots(node)
                .find(|&(m, c)| m == a && c.is_some())
                .and_then(|(_, c)| c);
            match next {
                Some(c) if self.nodes[c].visits > 0 && line.len() < max_len => {
                    line.push(a);
                    node = c;
                }
                _ => break,
            }
        }
        if line.is_empty() {
            return None;
        }
        let (visits, mean) = (self.nodes[node].visits, self.nodes[node].mean());
        if line.len() == actions.len() {
            self.extend_line(node, &mut line, max_len);
        }
        Some((line, visits, mean))
    }

    /// The children of `node` that have been made, oldest first (the order their
    /// actions come in the arena).
    fn children(&self, node: usize) -> Children<'_> {
        let n = &self.nodes[node];
        let block = n.block;
        Children {
            nodes: &self.nodes,
            at: match (n.tried, block) {
                (0, _) => NONE,
                (_, true) => n.kid,
                _ => self.nodes[n.kid as usize].next,
            },
            left: n.tried,
            block,
        }
    }

    /// Each candidate action of `node` with its child (`None` while not tried).
    fn slots(&self, node: usize) -> impl Iterator<Item = (G::Move, Option<usize>)> + '_ {
        let n = &self.nodes[node];
        let actions = match n.len {
            0 => &[][..],
            len => &self.actions[n.first as usize..(n.first + len) as usize],
        };
        let made = self.children(node).map(Some);
        let untried = std::iter::repeat_n(None, (n.len - n.tried) as usize);
        actions.iter().copied().zip(made.chain(untried))
    }

    /// The most visited action at the root (ties: the better mean reward).
    fn best_child(&self) -> Option<(G::Move, Option<usize>)> {
        self.most_visited(0)
    }

    /// The most visited action of `node` (ties: the better mean reward; an action
    /// not tried counts as a child with no visit), with its child.
    fn most_visited(&self, node: usize) -> Option<(G::Move, Option<usize>)> {
        let stats =
            |c: Option<usize>| c.map_or((0, 0.0), |c| (self.nodes[c].visits, self.nodes[c].mean()));
        self.slots(node).max_by(|a, b| {
            let (x, y) = (stats(a.1), stats(b.1));
            x.0.cmp(&y.0)
                .then(x.1.partial_cmp(&y.1).unwrap_or(std::cmp::Ordering::Equal))
        })
    }

    /// An action drawn with weight `visits^(1/temperature)` (the most visited at
    /// temperature 0); `None` when the root has no action.
    pub fn choose(&self, temperature: f32, rng: &mut Rng) -> Option<G::Move> {
        if temperature <= 0.01 {
            return self.best_child().map(|b| b.0);
        }
        let stats = self.root_stats();
        let top = stats.iter().map(|s| s.1).max().unwrap_or(0).max(1) as f64;
        let weights: Vec<f64> = stats
            .iter()
            .map(|s| (s.1 as f64 / top).powf(1.0 / temperature as f64))
            .collect();
        let total: f64 = weights.iter().sum();
        if total <= 0.0 {
            return self.best_child().map(|b| b.0);
        }
        let mut x = (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64 * total;
        for (s, w) in stats.iter().zip(&weights) {
            if x < *w {
                return Some(s.0);
            }
            x -= w;
        }
        stats.last().map(|s| s.0)
    }

    /// A slip that still looks like a move: drawn evenly among the root's actions
    /// other than the preferred one that the search visited at least a quarter as
    /// often as that one (the preferred one when there is none).
    pub fn plausible(&self, rng: &mut Rng) -> Option<G::Move> {
        let (best, best_node) = self.best_child()?;
        let top = best_node.map_or(0, |c| self.nodes[c].visits);
        let near: Vec<G::Move> = self
            .slots(0)
            .filter(|&(_, c)| {
                c.is_some_and(|c| {
                    let v = self.nodes[c].visits as u64;
                    Some(c) != best_node && v > 0 && v * 4 >= top as u64
                })
            })
            .map(|s| s.0)
            .collect();
        match near.len() {
            0 => Some(best),
            n => Some(near[rng.below(n as u32) as usize]),
        }
    }

    /// One iteration: down the tree by UCB, one new node, a playout, and the
    /// rewards backed up (each node's mean takes in its mover's reward).
    pub fn iterate(&mut self) {
        self.iterations += 1;
        self.game.clone_from(&self.root);
        // Chance (dice) drawn afresh each iteration: the search never sees the
        // record's own future rolls.
        self.game.reseed(self.rng.next_u64());
        let mut node = 0usize;
        self.path.clear();
        self.path.push(0);
        // Whether the descent ended at a leaf (a new node, or one with no action),
        // not at a node whose action the game refused.
        let mut at_leaf = true;
        loop {
            if !self.nodes[node].expanded {
                self.expand(node);
            }
            if self.config.widen > 0.0 && self.nodes[node].visits == self.config.sort_at {
                self.sort_untried(node);
            }
            let n = &self.nodes[node];
            let (child, mv) =
                if n.tried < n.len && self.nodes() < self.config.max_nodes && self.wider(n) {
                    // An untried action (shuffled when stored, maybe sorted since).
                    let mv = self.actions[(n.first + n.tried) as usize];
                    (self.make_child(node), mv)
                } else if n.tried == 0 {
                    // No action, or the tree is full before the first was tried.
                    break;
                } else {
                    // UCB among the children made (tree full, or widening holds back).
                    self.select(node)
                };
            if self.game.play(mv).is_err() {
                at_leaf = false;
                break;
            }
            let fresh = self.nodes[child].visits == 0;
            node = child;
            self.path.push(child as u32);
            if fresh {
                break;
            }
        }
        // The playout, cut off after `cutoff` actions: the game's playout policy, and
        // a uniform choice where the policy stops before the game does (Citadel's
        // benchmark policy stops at turn 100).
        for _ in 0..self.config.cutoff {
            let policy = self.game.playout_move(&mut self.rng, &mut self.moves);
            let m = match policy {
                Some(m) if !self.game.computer_avoids(m) => m,
                _ => {
                    candidates(&self.game, &mut self.moves);
                    if self.moves.is_empty() {
                        break;
                    }
                    self.moves[self.rng.below(self.moves.len() as u32) as usize]
                }
            };
            if self.game.play(m).is_err() {
                break;
            }
        }
        self.scorer.rewards(&self.game, &mut self.rewards);
        // Back up.
        for &i in &self.path {
            let n = &mut self.nodes[i as usize];
            n.visits += 1;
            let r = self.rewards.get(n.mover as usize).copied().unwrap_or(0.0);
            let v = n.visits as f32;
            n.value += (r - n.value) / v;
            n.spread = 1.0 / v.sqrt();
        }
        if self.minimax && at_leaf {
            self.back_up_minimax();
        }
    }

    /// The child for the next untried action of `node`: last in its ring, or, for
    /// the last action, last of the children moved together into a block (when
    /// the arena has room for them: it never holds more than `max_nodes` slots).
    fn make_child(&mut self, node: usize) -> usize {
        let n = &self.nodes[node];
        let (kid, tried, fresh) = (n.kid, n.tried, Node::new(n.turn));
        let room = self.nodes.len() + (tried as usize) < self.config.max_nodes;
        if tried + 1 < n.len || !room {
            let c = match self.free {
                NONE => {
                    reserve_capped(&mut self.nodes, 1, self.config.max_nodes);
                    self.nodes.push(fresh);
                    self.nodes.len() - 1
                }
                hole => {
                    self.free = self.nodes[hole as usize].next;
                    self.holes -= 1;
                    self.nodes[hole as usize] = fresh;
                    hole as usize
                }
            };
            self.nodes[c].next = match tried {
                0 => c as u32,
                _ => std::mem::replace(&mut self.nodes[kid as usize].next, c as u32),
            };
            let n = &mut self.nodes[node];
            (n.kid, n.tried) = (c as u32, tried + 1);
            return c;
        }
        // The children made so far, moved to the end after one another unless they
        // are there already (the root's, made by the first iterations).
        let end = self.nodes.len() as u32;
        let oldest = match tried {
            0 => end,
            _ => self.nodes[kid as usize].next,
        };
        let mut c = oldest;
        let in_place = oldest + tried == end
            && (0..tried).all(|_| {
                let next = self.nodes[c as usize].next;
                c += 1;
                c == next || c == end
            });
        reserve_capped(&mut self.nodes, tried as usize + 1, self.config.max_nodes);
        let start = if in_place {
            oldest
        } else {
            let mut c = oldest;
            for _ in 0..tried {
                let mut moved = self.nodes[c as usize].clone();
                let next = std::mem::replace(&mut moved.next, NONE);
                self.nodes.push(moved);
                self.nodes[c as usize].next = self.free;
                self.free = c;
                c = next;
            }
            self.holes += tried as usize;
            end
        };
        self.nodes.push(fresh);
        let n = &mut self.nodes[node];
        (n.kid, n.tried, n.block) = (start, tried + 1, true);
        self.nodes.len() - 1
    }

    /// Implicit minimax: the new leaf's value is its estimate, and each node above
    /// it takes its best child's for the seat to move there (two players: one
    /// seat's value is the other's complement), as far up as values change.
    fn back_up_minimax(&mut self) {
        let leaf = *self.path.last().unwrap_or(&0) as usize;
        let n = &mut self.nodes[leaf];
        n.mm = self.rewards.get(n.mover as usize).copied().unwrap_or(0.0);
        for w in (1..self.path.len()).rev() {
            let (p, child) = (self.path[w - 1] as usize, self.path[w] as usize);
            let x = self.nodes[child].mover;
            let best = self
                .children(p)
                .map(|c| &self.nodes[c])
                .filter(|c| c.visits > 0)
                .map(|c| c.mm)
                .fold(f32::NEG_INFINITY, f32::max);
            let value = if x == self.nodes[p].mover {
                best
            } else {
                1.0 - best
            };
            if self.nodes[p].visits > 1 && value == self.nodes[p].mm {
                break;
            }
            self.nodes[p].mm = value;
        }
    }

    /// Stores the candidate actions of `node`, whose position is `self.game`, in
    /// random order (their children are made as they are tried). None when the
    /// game is over or the tree is full (of nodes or of actions).
    fn expand(&mut self, node: usize) {
        self.nodes[node].expanded = true;
        if self.nodes() >= self.config.max_nodes || self.actions.len() >= self.config.max_actions {
            return;
        }
        let Some(mover) = self.game.to_move() else {
            return;
        };
        candidates(&self.game, &mut self.moves);
        // Shuffle (Fisher-Yates), so untried actions are tried in random order.
        for i in (1..self.moves.len()).rev() {
            let j = self.rng.below(i as u32 + 1) as usize;
            self.moves.swap(i, j);
        }
        let n = &mut self.nodes[node];
        n.first = self.actions.len() as u32;
        n.len = self.moves.len() as u32;
        n.turn = mover;
        let cap = self.config.max_actions;
        reserve_capped(&mut self.actions, self.moves.len(), cap);
        self.actions.extend_from_slice(&self.moves);
    }
}
