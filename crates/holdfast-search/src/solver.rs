//! An exact solver for the end of a game: alpha-beta over every action to the
//! game's end, for two seats and no chance, tried before the tree search when the
//! rest of the game looks small enough ([`Solver::worth_trying`]) and given up the
//! moment it would spend more than its share of the budget (then the tree search
//! plays as if it had never run).
//!
//! A finished game is worth its result first (a win above a draw above a loss) and
//! its final lead second (`Game::scores`, the first seat's less the second's), so
//! among winning actions the solver takes the one that wins by most, and among
//! losing ones the one that loses by least, as a player keeping score would. The
//! actions are those a computer considers ([`candidates`]), one tree edge each, so a
//! turn of several actions is a path with the same seat to move.

use holdfast_rules::Game;

use crate::ahead::sort_by_one_ply;
use crate::mcts::candidates;

/// What a finished game is worth above any lead: a result outweighs every margin.
const RESULT: i32 = 1 << 20;
/// The most a lead counts (scores beyond it are clamped).
const LEAD: i32 = (1 << 19) - 1;

/// A solved position: the action to play and what it leads to.
#[derive(Clone, Debug, PartialEq)]
pub struct Solution<M> {
    pub mv: M,
    /// The mover's result with best play on both sides: 1 a win, 0.5 a draw, 0 a loss.
    pub chance: f32,
    /// The mover's final lead with best play (its score less the other seat's).
    pub lead: i32,
    /// The actions from here to the end with best play (`mv` first).
    pub line: Vec<M>,
    /// Positions visited.
    pub nodes: u64,
}

/// The solver's state: one position and one list of actions a ply, reused.
pub struct Solver<'a, G: Game> {
    stack: Vec<G>,
    moves: Vec<Vec<G::Move>>,
    /// The best line from each ply (the triangular table of alpha-beta).
    lines: Vec<Vec<G::Move>>,
    scores: Vec<i32>,
    estimate: Vec<f32>,
    order: Vec<(f32, G::Move)>,
    nodes: u64,
    cap: u64,
    clock: &'a dyn Fn() -> f64,
    deadline: f64,
    stopped: bool,
    /// Plies to the end along [`Solver::worth_trying`]'s line (0 until it ran).
    depth: usize,
}

impl<'a, G: Game> Solver<'a, G> {
    /// A solver of `g` that gives up after `cap` positions or once `clock` passes
    /// `deadline` (seconds on that clock).
    pub fn new(g: &G, cap: u64, clock: &'a dyn Fn() -> f64, deadline: f64) -> Self {
        Solver {
            stack: vec![g.clone()],
            moves: Vec::new(),
            lines: Vec::new(),
            scores: Vec::new(),
            estimate: Vec::new(),
            order: Vec::new(),
            nodes: 0,
            cap,
            clock,
            deadline,
            stopped: false,
            depth: 0,
        }
    }

    /// Whether the game from here can be solved within the cap, judged by one line
    /// to the end (each ply's middle candidate: a pass, first or last in a list,
    /// would end a game early): a game that two seats play without chance, whose
    /// end comes within 24 plies, and whose branching along that line multiplies to
    /// a tree whose square root (alpha-beta with a good order visits about that
    /// many leaves) is within half the cap.
    pub fn worth_trying(&mut self) -> bool {
        let g = &self.stack[0];
        if g.players() != 2 || g.has_chance() || g.is_over() {
            return false;
        }
        let mut line = g.clone();
        let mut moves = Vec::new();
        let mut tree = 1.0f64;
        for ply in 0..24 {
            if line.is_over() {
                self.depth = ply;
                return tree.sqrt() * 2.0 <= self.cap as f64;
            }
            candidates(&line, &mut moves);
            if moves.is_empty() {
                return false;
            }
            tree *= moves.len() as f64;
            if tree.sqrt() * 2.0 > self.cap as f64 {
                return false;
            }
            let m = moves[moves.len() / 2];
            if line.play(m).is_err() {
                return false;
            }
        }
        false
    }

    /// Solves the position, or `None` when the cap or the deadline came first (or
    /// a position on the way offered no action a computer considers).
    pub fn solve(&mut self) -> Option<Solution<G::Move>> {
        let g = &self.stack[0];
        if g.players() != 2 || g.has_chance() {
            return None;
        }
        let seat = g.to_move()?;
        let v = self.search(0, -RESULT * 2, RESULT * 2);
        if self.stopped {
            return None;
        }
        let line = std::mem::take(&mut self.lines[0]);
        let (chance, lead) = split(if seat == 0 { v } else { -v });
        Some(Solution {
            mv: *line.first()?,
            chance,
            lead,
            line,
            nodes: self.nodes,
        })
    }

    /// Positions visited so far.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// The value for the first seat of the position at ply `d` with best play,
    /// within `(alpha, beta)`.
    fn search(&mut self, d: usize, mut alpha: i32, mut beta: i32) -> i32 {
        self.nodes += 1;
        // A line far longer than the one seen (a game without a fixed end, where
        // warriors can walk to and fro) is not followed: the solver gives up rather
        // than go ever deeper (and overflow the stack).
        if self.nodes > self.cap
            || d > self.depth.max(24) * 2
            || (self.nodes.is_multiple_of(1024) && (self.clock)() > self.deadline)
        {
            self.stopped = true;
        }
        if self.stopped {
            return 0;
        }
        while self.lines.len() <= d {
            self.lines.push(Vec::new());
            self.moves.push(Vec::new());
        }
        self.lines[d].clear();
        let g = &self.stack[d];
        let Some(seat) = g.to_move() else {
            return self.finished(d);
        };
        let mut moves = std::mem::take(&mut self.moves[d]);
        candidates(g, &mut moves);
        if moves.is_empty() {
            self.stopped = true;
            self.moves[d] = moves;
            return 0;
        }
        if self.stack.len() <= d + 1 {
            self.stack.push(g.clone());
        }
        if moves.len() > 2 && d + 3 <= self.depth {
            self.sort(d, seat as usize, &mut moves);
        }
        let first = seat == 0;
        let mut best = if first { -RESULT * 2 } else { RESULT * 2 };
        let mut searched = false;
        for &m in &moves {
            let (now, next) = self.stack.split_at_mut(d + 1);
            next[0].clone_from(&now[d]);
            if next[0].play(m).is_err() {
                continue;
            }
            let v = self.search(d + 1, alpha, beta);
            if self.stopped {
                break;
            }
            searched = true;
            if (first && v > best) || (!first && v < best) {
                best = v;
                let (head, tail) = self.lines.split_at_mut(d + 1);
                head[d].clear();
                head[d].push(m);
                head[d].extend_from_slice(&tail[0]);
                if first {
                    alpha = alpha.max(v);
                } else {
                    beta = beta.min(v);
                }
                if alpha >= beta {
                    break;
                }
            }
        }
        self.moves[d] = moves;
        // No action could be played: no exact answer here.
        self.stopped |= !searched;
        best
    }

    /// The first seat's value of the finished game at ply `d`.
    fn finished(&mut self, d: usize) -> i32 {
        let g = &self.stack[d];
        let winners = g.winners();
        let result = match (winners.contains(&0), winners.contains(&1)) {
            (true, false) => RESULT,
            (false, true) => -RESULT,
            _ => 0,
        };
        g.scores_into(&mut self.scores);
        let lead = match self.scores.as_slice() {
            [a, b, ..] => (a - b).clamp(-LEAD, LEAD),
            _ => 0,
        };
        result + lead
    }

    /// Orders `moves` best first for `seat` by the game's estimate after each (so
    /// that alpha-beta cuts early): done where at least three plies are left along
    /// the line [`Solver::worth_trying`] saw (nearer the end, ordering costs more
    /// than it saves).
    fn sort(&mut self, d: usize, seat: usize, moves: &mut [G::Move]) {
        let (now, next) = self.stack.split_at_mut(d + 1);
        let estimate = &mut self.estimate;
        sort_by_one_ply(&now[d], &mut next[0], moves, &mut self.order, |g| {
            g.estimate_into(estimate);
            let mine = estimate.get(seat).copied().unwrap_or(0.0);
            mine - estimate.get(1 - seat).copied().unwrap_or(0.0)
        });
    }
}

/// A value for one seat, split into its result (1, 0.5, 0) and its lead.
fn split(v: i32) -> (f32, i32) {
    if v > LEAD {
        (1.0, v - RESULT)
    } else if v < -LEAD {
        (0.0, v + RESULT)
    } else {
        (0.5, v)
    }
}
