//! Computer opponents for every seat of every game, reaching the games only through
//! [`holdfast_rules::Game`]: a Monte Carlo tree search ([`mcts`]) with one tree edge
//! per action (a multi-action turn is a path of edges with the same seat to move),
//! max^n backups for any number of seats, playouts cut off by the game's estimate,
//! nodes in one arena and a seeded generator, so a search is reproducible; the
//! baselines `random` and `greedy`; five levels and the strongest player
//! ([`Player`]), whose searches run side by side ([`parallel`]).
//!
//! Pure Rust with no web dependency: the command line's arena and the browser's
//! worker call the same code.

pub mod ahead;
pub mod analysis;
pub mod balance;
pub mod beta;
pub mod calibration;
pub mod fitted;
pub mod mcts;
pub mod models;
pub mod parallel;
pub mod player;
pub mod puzzle;
pub mod reward;
pub mod roster;
pub mod solver;

pub use mcts::{Budget, Progress, Search, SearchConfig};
pub use parallel::{merge_roots, most_visited, think_parallel};
pub use player::{Level, Player, PlayerError, Seen, Thought, STRONGEST};
