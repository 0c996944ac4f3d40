//! Whether a map is fair: games between equal computer players from the same
//! start, and each seat's share of the results with a 95% interval. A seat's share
//! counts a win 1, a draw shared by `k` seats `1/k` each, a loss 0; on a fair map
//! every seat's share is near `1/seats`. The players are the same, so the seats
//! differ only by where and when they start. Reproducible from the seed: players
//! search by iterations alone.

use holdfast_rules::rng::Rng;
use holdfast_rules::Game;

use crate::mcts::Budget;
use crate::player::Player;

/// A balance estimate.
#[derive(Clone, Debug, PartialEq)]
pub struct Balance {
    pub games: u32,
    /// Each seat's wins (sole winner), and its share as above.
    pub wins: Vec<u32>,
    pub share: Vec<f64>,
    /// Games that did not reach their end (the action limit, or no action the
    /// player would take), counted by the top scores as the arena does.
    pub stopped: u32,
}

/// How far a seat's share may be from an equal one on a map called fair (the
/// issue's bar: 45-55% with two seats, 20-30% with four).
pub const FAIR_WITHIN: f64 = 0.05;

impl Balance {
    pub fn seats(&self) -> usize {
        self.share.len()
    }

    /// Seat `s`'s share over the games.
    pub fn rate(&self, s: usize) -> f64 {
        self.share.get(s).copied().unwrap_or(0.0) / self.games.max(1) as f64
    }

    /// The 95% Wilson interval of seat `s`'s share.
    pub fn interval(&self, s: usize) -> (f64, f64) {
        wilson(self.rate(s), self.games as f64)
    }

    /// The largest distance of a seat's share from an equal one.
    pub fn largest_gap(&self) -> f64 {
        let even = 1.0 / self.seats().max(1) as f64;
        (0..self.seats())
            .map(|s| (self.rate(s) - even).abs())
            .fold(0.0, f64::max)
    }

    /// Adds `other`'s games (of the same map) to these.
    pub fn merge(&mut self, other: &Balance) {
        self.games += other.games;
        self.stopped += other.stopped;
        for (a, b) in self.wins.iter_mut().zip(&other.wins) {
            *a += b;
        }
        for (a, b) in self.share.iter_mut().zip(&other.share) {
            *a += b;
        }
    }

    /// Every seat within [`FAIR_WITHIN`] of an equal share.
    pub fn fair(&self) -> bool {
        // (55 of 100 is within: not lost to rounding.)
        self.largest_gap() <= FAIR_WITHIN + 1e-9
    }
}

/// The 95% Wilson score interval of a proportion `p` over `n` trials.
pub fn wilson(p: f64, n: f64) -> (f64, f64) {
    if n <= 0.0 {
        return (0.0, 1.0);
    }
    let z = 1.96f64;
    let d = 1.0 + z * z / n;
    let centre = (p + z * z / (2.0 * n)) / d;
    let half = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt() / d;
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

/// `games` games from `start` with `player` in every seat (its iterations as
/// `budget` says, else its own; never its clock), each stopped after
/// `max_actions` actions; `each` hears every game's winners. Seeded: game `i`
/// draws from `seed` and `i` alone. (The same player in every seat: rotating
/// identical players would change nothing.)
pub fn estimate<G: Game>(
    start: &G,
    player: Player,
    budget: Option<Budget>,
    games: u32,
    seed: u64,
    max_actions: u32,
    each: &mut dyn FnMut(u32, &[usize]),
) -> Balance {
    estimate_from(start, player, budget, 0..games, seed, max_actions, each)
}

/// [`estimate`] over the games numbered `games` (so that a screen's games and the
/// rest, [`Balance::merge`]d, are the same games as one run).
pub fn estimate_from<G: Game>(
    start: &G,
    player: Player,
    budget: Option<Budget>,
    games: std::ops::Range<u32>,
    seed: u64,
    max_actions: u32,
    each: &mut dyn FnMut(u32, &[usize]),
) -> Balance {
    let n = start.players();
    let mut b = Balance {
        games: games.len() as u32,
        wins: vec![0; n],
        share: vec![0.0; n],
        stopped: 0,
    };
    let clock = || 0.0;
    for i in games {
        let mut rng = Rng::new(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ i as u64);
        let mut g = start.clone();
        let mut actions = 0;
        while g.to_move().is_some() && (actions < max_actions || g.entry_open()) {
            let Some(mv) = player.think(&g, &mut rng, &clock, budget, &mut |_| {}).mv else {
                break;
            };
            if g.play(mv).is_err() {
                break;
            }
            actions += 1;
        }
        let winners: Vec<usize> = if g.is_over() {
            g.winners().into_iter().map(|s| s as usize).collect()
        } else {
            b.stopped += 1;
            let scores = g.scores();
            let top = scores.iter().copied().max().unwrap_or(0);
            (0..scores.len()).filter(|&s| scores[s] == top).collect()
        };
        for &w in &winners {
            if let Some(x) = b.share.get_mut(w) {
                *x += 1.0 / winners.len() as f64;
            }
        }
        if let [w] = winners[..] {
            if let Some(x) = b.wins.get_mut(w) {
                *x += 1;
            }
        }
        each(i, &winners);
    }
    b
}
