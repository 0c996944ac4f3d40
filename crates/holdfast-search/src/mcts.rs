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
//! one vector (no allocation per node); the generator is seeded, so a search with an
//! iteration budget is reproducible.

use holdfast_rules::rng::Rng;
use holdfast_rules::Game;

use crate::models::model_for;
use crate::reward::Scorer;

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
    /// Nodes the tree may hold; past it leaves are no longer expanded.
    pub max_nodes: usize,
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
            max_nodes: 2_000_000,
            minimax: 0.0,
            margin: 0.0,
            fitted: false,
        }
    }
}

impl SearchConfig {
    /// The settings for the game `game` (a [`Game::ID`]): the default, changed where
    /// a match between engines showed a game plays better otherwise, at the same
    /// time per action (figures and commands in the README, "Computer players"):
    /// - Fort: implicit minimax alone (weight 1): 36 of 40 games at 50 ms an action;
    /// - Frontier: implicit minimax at weight 0.4 (mode 3: 61% of 60 games at 2,000
    ///   iterations; mode 1 even; weight 1 loses in both);
    /// - Fortress: playouts of 4 actions (64% of 40 games at 30 ms an action;
    ///   minimax, other exploration constants and other squashes of the estimate
    ///   were even), and a game's end valued by its margin as well as its result
    ///   (weight 1: on the 1983 rules, 0.675 of 40 games against the build before,
    ///   and a mean margin of 3.8 squares, not 1.6, against another program's bot).
    pub fn for_game(game: &str) -> SearchConfig {
        let mut c = SearchConfig::default();
        match game {
            "fort" => c.minimax = 1.0,
            "frontier" => c.minimax = 0.4,
            "fortress" => (c.cutoff, c.margin) = (4, 1.0),
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

#[derive(Clone, Debug)]
struct Node<M> {
    /// The action leading here (`None` at the root).
    mv: Option<M>,
    parent: u32,
    /// Children: `first..first + len` in the arena, once expanded.
    first: u32,
    len: u32,
    /// Children tried so far (they are tried in order, shuffled when made).
    tried: u32,
    expanded: bool,
    /// The seat that made `mv`.
    mover: u8,
    visits: u32,
    /// Sum of the rewards of `mover` over the visits.
    value: f32,
    /// The minimax value for `mover` of the estimates below (the estimate here
    /// while no child has been visited).
    mm: f32,
}

impl<M> Node<M> {
    fn new(mv: Option<M>, parent: u32, mover: u8) -> Self {
        Node {
            mv,
            parent,
            first: 0,
            len: 0,
            tried: 0,
            expanded: false,
            mover,
            visits: 0,
            value: 0.0,
            mm: 0.5,
        }
    }
}

/// A search from one position.
pub struct Search<G: Game> {
    root: G,
    nodes: Vec<Node<G::Move>>,
    rng: Rng,
    config: SearchConfig,
    iterations: u32,
    game: G,
    moves: Vec<G::Move>,
    rewards: Vec<f32>,
    scorer: Scorer,
    /// Whether implicit minimax is on: a weight above 0, and two players.
    minimax: bool,
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
            nodes: vec![Node::new(None, u32::MAX, mover)],
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
            minimax: config.minimax > 0.0 && root.players() == 2,
        }
    }

    /// Iterations run so far.
    pub fn iterations(&self) -> u32 {
        self.iterations
    }

    /// Nodes in the tree.
    pub fn nodes(&self) -> usize {
        self.nodes.len()
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
        Progress {
            iterations: self.iterations,
            best: best.and_then(|c| self.nodes[c].mv),
            best_visits: best.map_or(0, |c| self.nodes[c].visits),
            best_value: best.map_or(0.0, |c| {
                let n = &self.nodes[c];
                n.value / n.visits.max(1) as f32
            }),
        }
    }

    /// The root's actions with their visits and mean rewards (for the seat to move).
    pub fn root_stats(&self) -> Vec<(G::Move, u32, f32)> {
        let root = &self.nodes[0];
        (root.first..root.first + root.len)
            .map(|c| &self.nodes[c as usize])
            .filter_map(|n| {
                n.mv.map(|m| (m, n.visits, n.value / n.visits.max(1) as f32))
            })
            .collect()
    }

    /// The principal line: from the root, the most visited child (ties: the better
    /// mean reward) again and again, as long as it has been visited, for at most
    /// `max_len` actions. Its first action is [`Progress::best`]; the seats alternate
    /// as the game's do (a multi-action turn is several actions of one seat).
    pub fn principal_line(&self, max_len: usize) -> Vec<G::Move> {
        let mut line = Vec::new();
        let mut node = 0;
        while line.len() < max_len {
            let Some(c) = self.most_visited(node) else {
                break;
            };
            let n = &self.nodes[c];
            let Some(mv) = n.mv.filter(|_| n.visits > 0) else {
                break;
            };
            line.push(mv);
            node = c;
        }
        line
    }

    /// The most visited action at the root (ties: the better mean reward).
    fn best_child(&self) -> Option<usize> {
        self.most_visited(0)
    }

    /// The most visited child of `node` (ties: the better mean reward).
    fn most_visited(&self, node: usize) -> Option<usize> {
        let n = &self.nodes[node];
        (n.first as usize..(n.first + n.len) as usize).max_by(|&a, &b| {
            let (x, y) = (&self.nodes[a], &self.nodes[b]);
            let q = |n: &Node<G::Move>| n.value / n.visits.max(1) as f32;
            x.visits
                .cmp(&y.visits)
                .then(q(x).partial_cmp(&q(y)).unwrap_or(std::cmp::Ordering::Equal))
        })
    }

    /// An action drawn with weight `visits^(1/temperature)` (the most visited at
    /// temperature 0); `None` when the root has no action.
    pub fn choose(&self, temperature: f32, rng: &mut Rng) -> Option<G::Move> {
        if temperature <= 0.01 {
            return self.best_child().and_then(|c| self.nodes[c].mv);
        }
        let stats = self.root_stats();
        let top = stats.iter().map(|s| s.1).max().unwrap_or(0).max(1) as f64;
        let weights: Vec<f64> = stats
            .iter()
            .map(|s| (s.1 as f64 / top).powf(1.0 / temperature as f64))
            .collect();
        let total: f64 = weights.iter().sum();
        if total <= 0.0 {
            return self.best_child().and_then(|c| self.nodes[c].mv);
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
        let best = self.best_child()?;
        let top = self.nodes[best].visits;
        let root = &self.nodes[0];
        let near: Vec<usize> = (root.first as usize..(root.first + root.len) as usize)
            .filter(|&c| {
                let v = self.nodes[c].visits as u64;
                c != best && v > 0 && v * 4 >= top as u64
            })
            .collect();
        let pick = match near.len() {
            0 => best,
            n => near[rng.below(n as u32) as usize],
        };
        self.nodes[pick].mv
    }

    /// One iteration: down the tree by UCB, one new node, a playout, and the
    /// rewards backed up (each node adds its mover's).
    pub fn iterate(&mut self) {
        self.iterations += 1;
        self.game.clone_from(&self.root);
        // Chance (dice) drawn afresh each iteration: the search never sees the
        // record's own future rolls.
        self.game.reseed(self.rng.next_u64());
        let mut node = 0usize;
        // Whether the descent ended at a leaf (a new node, or one with no action),
        // not at a node whose action the game refused.
        let mut at_leaf = true;
        loop {
            if !self.nodes[node].expanded {
                self.expand(node);
            }
            let n = &self.nodes[node];
            if n.len == 0 {
                break;
            }
            let child = if n.tried < n.len {
                // An untried action (children are shuffled when made).
                let c = (n.first + n.tried) as usize;
                self.nodes[node].tried += 1;
                c
            } else {
                self.select(node)
            };
            let Some(mv) = self.nodes[child].mv else {
                break;
            };
            if self.game.play(mv).is_err() {
                at_leaf = false;
                break;
            }
            let fresh = self.nodes[child].visits == 0;
            node = child;
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
        let mut i = node;
        loop {
            let n = &mut self.nodes[i];
            n.visits += 1;
            n.value += self.rewards.get(n.mover as usize).copied().unwrap_or(0.0);
            if n.parent == u32::MAX {
                break;
            }
            i = n.parent as usize;
        }
        if self.minimax && at_leaf {
            self.back_up_minimax(node);
        }
    }

    /// Implicit minimax: the new leaf's value is its estimate, and each node above
    /// it takes its best child's for the seat to move there (two players: one
    /// seat's value is the other's complement), as far up as values change.
    fn back_up_minimax(&mut self, leaf: usize) {
        let n = &mut self.nodes[leaf];
        n.mm = self.rewards.get(n.mover as usize).copied().unwrap_or(0.0);
        let mut child = leaf;
        while self.nodes[child].parent != u32::MAX {
            let p = self.nodes[child].parent as usize;
            let x = self.nodes[child].mover;
            let (first, len) = (self.nodes[p].first as usize, self.nodes[p].len as usize);
            let best = self.nodes[first..first + len]
                .iter()
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
            child = p;
        }
    }

    /// The child with the best upper confidence bound for the parent's seat.
    fn select(&self, parent: usize) -> usize {
        let p = &self.nodes[parent];
        let log_n = (p.visits.max(1) as f32).ln();
        let c = self.config.exploration;
        let a = if self.minimax {
            self.config.minimax
        } else {
            0.0
        };
        let mut best = p.first as usize;
        let mut best_ucb = f32::NEG_INFINITY;
        for i in p.first as usize..(p.first + p.len) as usize {
            let n = &self.nodes[i];
            let v = n.visits.max(1) as f32;
            let mean = n.value / v;
            let ucb = mean + a * (n.mm - mean) + c * (log_n / v).sqrt();
            if ucb > best_ucb {
                best_ucb = ucb;
                best = i;
            }
        }
        best
    }

    /// Makes the children of `node`, whose position is `self.game`: one a candidate
    /// action, in random order. None when the game is over or the tree is full.
    fn expand(&mut self, node: usize) {
        self.nodes[node].expanded = true;
        if self.nodes.len() >= self.config.max_nodes {
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
        let first = self.nodes.len() as u32;
        for &m in &self.moves {
            self.nodes.push(Node::new(Some(m), node as u32, mover));
        }
        let n = &mut self.nodes[node];
        n.first = first;
        n.len = self.moves.len() as u32;
    }
}
