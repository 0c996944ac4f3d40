//! The rules of Holdfast's games, with no web dependency.
//!
//! - [`catalogue`]: the one list of games, for everything that works on every game;
//! - [`board`]: one topology type for square, hex and irregular boards, with its
//!   neighbourhoods and distances;
//! - [`geometry`]: SVG outlines of cells, apart from adjacency;
//! - [`game`]: the [`game::Game`] interface every game implements;
//! - [`changes`]: what an entry changed on the board, as typed facts;
//! - [`record`]: game records and their replay (`holdfast replay`);
//! - [`lesson`]: lessons, one rule at a time, and how they are judged;
//! - [`playout`]: random playouts, for the search and the benchmarks;
//! - [`bench`]: the benchmarks over every game, on the catalogue;
//! - one module per game: [`fortress`], [`fort`], [`citadel`], [`island_wars`], [`frontier`].

pub mod bench;
pub mod board;
pub mod catalogue;
pub mod changes;
pub mod citadel;
pub mod fort;
pub mod fortress;
pub mod frontier;
pub mod game;
pub mod geometry;
pub mod island_wars;
pub mod lesson;
pub mod link;
pub mod playout;
pub mod quote;
pub mod reasons;
pub mod record;
pub mod rng;
pub mod text;

pub use board::{Board, CellId, Terrain};
pub use game::{Game, MoveError, Reason, Seat, SetupError, Snapshot, Tally};
pub use record::{Record, RecordError};
pub use rng::Rng;
