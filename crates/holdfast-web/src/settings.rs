//! The player's preferences, kept in storage: the app's own, and flags a game
//! defines for itself (Citadel's "show every strength").

use std::collections::BTreeSet;

use serde::{Deserialize, Serialize};

/// Player preferences.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Settings {
    /// First tap shows a ghost, a second tap on the same spot plays.
    pub confirm_tap: bool,
    /// Animations (also off under `prefers-reduced-motion`).
    pub animations: bool,
    /// Seat panels face their players around the board.
    pub table_mode: bool,
    /// Flags a game keeps for itself, by key (`"citadel.show-strengths"`).
    pub game_flags: BTreeSet<String>,
    /// A computer's action appears as soon as it is chosen, instead of after at
    /// least [`COMPUTER_PACE_MS`] (for watching fast, and for tests).
    pub quick_computer: bool,
}

/// The least time a computer's action takes to appear, in ms: a move never snaps in
/// before the player has seen whose turn it is.
pub const COMPUTER_PACE_MS: u32 = 500;

impl Default for Settings {
    fn default() -> Self {
        Settings {
            confirm_tap: true,
            animations: true,
            table_mode: false,
            game_flags: BTreeSet::new(),
            quick_computer: false,
        }
    }
}

impl Settings {
    /// Whether a game's flag is on.
    pub fn flag(&self, key: &str) -> bool {
        self.game_flags.contains(key)
    }

    /// Turns a game's flag on or off.
    pub fn set_flag(&mut self, key: &str, on: bool) {
        if on {
            self.game_flags.insert(key.to_string());
        } else {
            self.game_flags.remove(key);
        }
    }
}
