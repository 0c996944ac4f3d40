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
    /// Reads stored settings field by field: a field that is missing or not of its
    /// kind takes its default, and the others keep what was stored (one bad field
    /// never resets them all).
    pub fn read(text: &str) -> Settings {
        let Ok(serde_json::Value::Object(stored)) = serde_json::from_str(text) else {
            return Settings::default();
        };
        let Ok(serde_json::Value::Object(mut good)) = serde_json::to_value(Settings::default())
        else {
            return Settings::default();
        };
        for (key, value) in stored {
            let mut trial = good.clone();
            trial.insert(key, value);
            if serde_json::from_value::<Settings>(serde_json::Value::Object(trial.clone())).is_ok()
            {
                good = trial;
            }
        }
        serde_json::from_value(serde_json::Value::Object(good)).unwrap_or_default()
    }

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

#[cfg(test)]
mod tests {
    use super::Settings;

    #[test]
    fn a_bad_field_takes_its_default_and_the_others_stay() {
        let s = Settings::read(
            r#"{"confirm_tap": false, "animations": "yes", "table_mode": true,
                "game_flags": ["citadel.show-strengths"], "quick_computer": 3, "later": 1}"#,
        );
        assert!(!s.confirm_tap, "kept");
        assert!(s.animations, "bad: the default");
        assert!(s.table_mode, "kept");
        assert!(s.flag("citadel.show-strengths"), "kept");
        assert!(!s.quick_computer, "bad: the default");
        assert_eq!(Settings::read("not json"), Settings::default());
        assert_eq!(Settings::read("[1]"), Settings::default());
        let all = Settings {
            confirm_tap: false,
            table_mode: true,
            ..Settings::default()
        };
        assert_eq!(Settings::read(&serde_json::to_string(&all).unwrap()), all);
    }
}
