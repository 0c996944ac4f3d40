//! The player's preferences, kept in storage: the app's own, and flags a game
//! defines for itself (Citadel's "show every strength").

use serde::{Deserialize, Serialize};

pub use crate::board::Coordinates;
use crate::i18n::Lang;

/// Player preferences. [`Settings::read`] reads each field by name: a new field
/// goes there too (its test sets every field away from its default).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Settings {
    /// On a touch screen, the first tap shows a ghost and a second tap on the same
    /// spot plays (a finger easily lands on the wrong cell).
    pub confirm_tap: bool,
    /// The same for a mouse, a pen and the keyboard (off by default: a click or a
    /// key is deliberate).
    pub confirm_mouse: bool,
    /// Animations (also off under `prefers-reduced-motion`).
    pub animations: bool,
    /// Seat panels face their players around the board.
    pub table_mode: bool,
    /// Flags a game keeps for itself, by key (`"citadel.show-strengths"`), sorted
    /// and each once (a list, not a set: the smaller wasm).
    pub game_flags: Vec<String>,
    /// A computer's action appears as soon as it is chosen, instead of after at
    /// least [`COMPUTER_PACE_MS`] (for watching fast, and for tests).
    pub quick_computer: bool,
    /// Which boards show their coordinates along the edges.
    pub coordinates: Coordinates,
    /// Short, quiet sounds: a placement, a capture, a turn passing to a player
    /// here, the end of a game (off by default).
    pub sound: bool,
    /// Black and white with stronger lines (as under `prefers-contrast: more`).
    pub high_contrast: bool,
    /// A bar beside the board with each seat's chance at the position on screen,
    /// from the analysis: in a hot-seat game as it goes, and once a game is over
    /// (never to a person playing against the computer during the game). Off by
    /// default.
    pub eval_bar: bool,
    /// The app's language, or `None`: the browser's (Ukrainian if it asks for it,
    /// else English).
    pub lang: Option<Lang>,
}

/// The least time a computer's action takes to appear, in ms: a move never snaps in
/// before the player has seen whose turn it is.
pub const COMPUTER_PACE_MS: u32 = 500;

impl Default for Settings {
    fn default() -> Self {
        Settings {
            confirm_tap: true,
            confirm_mouse: false,
            animations: true,
            table_mode: false,
            game_flags: Vec::new(),
            quick_computer: false,
            coordinates: Coordinates::All,
            sound: false,
            high_contrast: false,
            eval_bar: false,
            lang: None,
        }
    }
}

impl Settings {
    /// The language the app speaks: the one chosen, else the browser's.
    pub fn spoken_lang(&self) -> Lang {
        self.lang.unwrap_or_else(crate::i18n::browser_lang)
    }

    /// Reads stored settings field by field: a field that is missing or not of its
    /// kind takes its default, and the others keep what was stored (one bad field
    /// never resets them all).
    pub fn read(text: &str) -> Settings {
        let mut s = Settings::default();
        let Ok(serde_json::Value::Object(stored)) = serde_json::from_str(text) else {
            return s;
        };
        let flag = |key: &str, into: &mut bool| {
            if let Some(b) = stored.get(key).and_then(serde_json::Value::as_bool) {
                *into = b;
            }
        };
        flag("confirm_tap", &mut s.confirm_tap);
        flag("confirm_mouse", &mut s.confirm_mouse);
        flag("animations", &mut s.animations);
        flag("table_mode", &mut s.table_mode);
        flag("quick_computer", &mut s.quick_computer);
        flag("sound", &mut s.sound);
        flag("high_contrast", &mut s.high_contrast);
        flag("eval_bar", &mut s.eval_bar);
        if let Some(l) = stored
            .get("lang")
            .and_then(serde_json::Value::as_str)
            .and_then(Lang::from_code)
        {
            s.lang = Some(l);
        }
        if let Some(c) = stored
            .get("coordinates")
            .and_then(serde_json::Value::as_str)
            .and_then(Coordinates::from_key)
        {
            s.coordinates = c;
        }
        if let Some(serde_json::Value::Array(flags)) = stored.get("game_flags") {
            // One by one, through set_flag: kept sorted and each once (collecting and
            // sorting would bring the standard sort into the wasm).
            for f in flags.iter().filter_map(serde_json::Value::as_str) {
                s.set_flag(f, true);
            }
        }
        s
    }

    /// Whether a game's flag is on.
    pub fn flag(&self, key: &str) -> bool {
        self.game_flags
            .binary_search_by(|f| f.as_str().cmp(key))
            .is_ok()
    }

    /// Turns a game's flag on or off.
    pub fn set_flag(&mut self, key: &str, on: bool) {
        match (
            self.game_flags.binary_search_by(|f| f.as_str().cmp(key)),
            on,
        ) {
            (Err(i), true) => self.game_flags.insert(i, key.to_string()),
            (Ok(i), false) => {
                self.game_flags.remove(i);
            }
            _ => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{Coordinates, Settings};

    #[test]
    fn a_bad_field_takes_its_default_and_the_others_stay() {
        let s = Settings::read(
            r#"{"confirm_tap": false, "animations": "yes", "table_mode": true,
                "game_flags": ["citadel.show-strengths", 7], "quick_computer": 3, "later": 1}"#,
        );
        assert!(!s.confirm_tap, "kept");
        assert!(s.animations, "bad: the default");
        assert!(s.table_mode, "kept");
        assert!(s.flag("citadel.show-strengths"), "kept");
        assert!(!s.quick_computer, "bad: the default");
        assert_eq!(
            Settings::read(r#"{"coordinates": "diagonal"}"#).coordinates,
            Coordinates::All,
            "bad: the default"
        );
        assert_eq!(
            Settings::read(r#"{"coordinates": "off"}"#).coordinates,
            Coordinates::Off
        );
        assert_eq!(Settings::read("not json"), Settings::default());
        assert_eq!(Settings::read("[1]"), Settings::default());
        // Every field away from its default reads back (a field `read` forgot would
        // come back at its default).
        let all = Settings {
            confirm_tap: false,
            confirm_mouse: true,
            animations: false,
            table_mode: true,
            game_flags: ["a".to_string(), "b".to_string()].into(),
            quick_computer: true,
            coordinates: Coordinates::Square,
            sound: true,
            high_contrast: true,
            eval_bar: true,
            lang: Some(crate::i18n::Lang::Uk),
        };
        assert_eq!(Settings::read(&serde_json::to_string(&all).unwrap()), all);
    }
}
