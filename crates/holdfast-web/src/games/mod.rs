//! One module a game: the board props it builds from a position, what a tap
//! means, its new-game form and its rules page.

pub mod fortress;
