//! Which screen is up, and the new-game screen's starting point. Which screens
//! can be shown (a game's, only while it is open or saved) is the composing
//! model's to say; this sub-model keeps what is shown. It knows nothing of the
//! rest of the model.

use holdfast_rules::Record;

use crate::route::Route;

/// Which screen is up.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Screen {
    Home,
    /// The new-game screen of a game.
    NewGame(String),
    Play,
    /// The rules page of a game.
    Rules(String),
    /// The engine benchmark (`#bench`).
    Bench,
    /// The settings.
    Settings,
    /// A game's lessons.
    Learn(String),
    /// One lesson of a game (game, lesson id).
    Lesson(String, String),
    /// Fortress's 1983 roster.
    Roster,
    /// The maps (an app of their own): the rest of their address.
    Maps(String),
}

/// What is shown.
#[derive(Clone, Debug, PartialEq)]
pub struct Nav {
    pub screen: Screen,
    /// The new-game screen's starting point (a rematch, or a fresh setup).
    pub new_game_from: Option<Record>,
}

impl Default for Nav {
    fn default() -> Nav {
        Nav {
            screen: Screen::Home,
            new_game_from: None,
        }
    }
}

/// What the screens are told.
#[derive(Clone, Debug, PartialEq)]
pub enum NavMsg {
    /// Show this screen.
    Show(Screen),
    /// The new-game screen of a game, from a record (a rematch) or a fresh setup.
    NewGame(String, Option<Record>),
    /// The open game is gone (closed, or deleted): its screen shows the home page.
    GameGone,
}

impl Nav {
    pub fn update(&mut self, msg: NavMsg) {
        match msg {
            NavMsg::Show(screen) => self.screen = screen,
            NavMsg::NewGame(game, from) => {
                self.new_game_from = from;
                self.screen = Screen::NewGame(game);
            }
            NavMsg::GameGone => {
                if self.screen == Screen::Play {
                    self.screen = Screen::Home;
                }
            }
        }
    }

    /// The address of the screen shown, with the open game's id (`None`: no game
    /// open, so the play screen is the home page).
    pub fn route(&self, game: Option<&str>) -> Route {
        match (&self.screen, game) {
            (Screen::Home, _) | (Screen::Play, None) => Route::Home,
            (Screen::Settings, _) => Route::Settings,
            (Screen::Roster, _) => Route::Roster,
            (Screen::Bench, _) => Route::Bench,
            (Screen::Maps(rest), _) => Route::Maps(rest.clone()),
            // Set up from a record (a map's Play): the address carries the setup,
            // so that a reload or Back and Forward come back to it.
            (Screen::NewGame(g), _) => match &self.new_game_from {
                Some(r) => {
                    let setup = Record {
                        moves: Vec::new(),
                        ..r.clone()
                    };
                    Route::NewGameFrom(g.clone(), holdfast_rules::link::encode(&setup))
                }
                None => Route::NewGame(g.clone()),
            },
            (Screen::Rules(g), _) => Route::Rules(g.clone()),
            (Screen::Play, Some(id)) => Route::Play(id.to_string()),
            (Screen::Learn(g), _) => Route::Learn(g.clone()),
            (Screen::Lesson(g, id), _) => Route::Lesson(g.clone(), id.clone()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_screen_has_its_address() {
        let mut nav = Nav::default();
        assert_eq!(nav.route(Some("g1")), Route::Home);
        nav.update(NavMsg::Show(Screen::Play));
        assert_eq!(nav.route(Some("g1")), Route::Play("g1".into()));
        assert_eq!(nav.route(None), Route::Home, "no game open");
        nav.update(NavMsg::GameGone);
        assert_eq!(nav.screen, Screen::Home);
        nav.update(NavMsg::NewGame("fort".into(), None));
        assert_eq!(nav.route(None), Route::NewGame("fort".into()));
        nav.update(NavMsg::GameGone);
        assert_eq!(
            nav.screen,
            Screen::NewGame("fort".into()),
            "only the play screen goes"
        );
    }
}
