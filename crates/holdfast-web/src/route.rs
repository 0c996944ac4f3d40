//! Each screen's address (its URL fragment, `#` first): Back and Forward move
//! between them, a reload comes back to the same one, and any can be linked to.
//! Share links (`#g=`, `#c=`, `#record=`) are not routes: [`crate::link`] reads them.
//!
//! A typed [`Route`], read with [`Route::parse`] and written with `Display`, so the
//! rest of the app never compares address strings.

use std::fmt;

/// A screen's address.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Route {
    /// `#home`
    Home,
    /// `#settings`
    Settings,
    /// `#bench`: the engine benchmark.
    Bench,
    /// `#new/GAME`: the new-game screen of a game.
    NewGame(String),
    /// `#rules/GAME`: the rules page of a game.
    Rules(String),
    /// `#play/ID`: the saved game of that id, in play.
    Play(String),
    /// `#learn/GAME`: a game's lessons.
    Learn(String),
    /// `#learn/GAME/ID`: one lesson.
    Lesson(String, String),
    /// `#roster`: Fortress's 1983 opponents.
    Roster,
    /// `#new/GAME/LINK`: the new-game screen of a game, set up as the game link
    /// (`c=…` or `record=…`) says: how a map of the library starts a game.
    NewGameFrom(String, String),
    /// `#maps`, `#maps/…`: the maps (the gallery, the editor), with the rest of the
    /// address for them to read.
    Maps(String),
}

impl Route {
    /// The route `fragment` names (`#` first, as `location.hash` gives it), or
    /// `None` for a share link, an empty fragment or anything else.
    pub fn parse(fragment: &str) -> Option<Route> {
        let path = fragment.strip_prefix('#')?;
        Some(match path.split_once('/') {
            None => match path {
                "home" => Route::Home,
                "settings" => Route::Settings,
                "bench" => Route::Bench,
                "roster" => Route::Roster,
                "maps" => Route::Maps(String::new()),
                _ => return None,
            },
            Some(("new", rest)) => match rest.split_once('/') {
                None => Route::NewGame(rest.into()),
                Some((game, link)) => Route::NewGameFrom(game.into(), link.into()),
            },
            Some(("maps", rest)) => Route::Maps(rest.into()),
            Some(("rules", game)) => Route::Rules(game.into()),
            Some(("play", id)) => Route::Play(id.into()),
            Some(("learn", rest)) => match rest.split_once('/') {
                None => Route::Learn(rest.into()),
                Some((game, id)) => Route::Lesson(game.into(), id.into()),
            },
            Some(_) => return None,
        })
    }

    /// True when `fragment` names a screen.
    pub fn is_route(fragment: &str) -> bool {
        Route::parse(fragment).is_some()
    }
}

impl fmt::Display for Route {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Route::Home => f.write_str("#home"),
            Route::Settings => f.write_str("#settings"),
            Route::Bench => f.write_str("#bench"),
            Route::Roster => f.write_str("#roster"),
            Route::NewGame(g) => write!(f, "#new/{g}"),
            Route::Rules(g) => write!(f, "#rules/{g}"),
            Route::Play(id) => write!(f, "#play/{id}"),
            Route::Learn(g) => write!(f, "#learn/{g}"),
            Route::Lesson(g, id) => write!(f, "#learn/{g}/{id}"),
            Route::NewGameFrom(g, link) => write!(f, "#new/{g}/{link}"),
            Route::Maps(rest) if rest.is_empty() => f.write_str("#maps"),
            Route::Maps(rest) => write!(f, "#maps/{rest}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_route_reads_back_from_its_address() {
        for r in [
            Route::Home,
            Route::Settings,
            Route::Bench,
            Route::NewGame("fort".into()),
            Route::Rules("island-wars".into()),
            Route::Play("18c0ffee1234".into()),
            Route::Learn("citadel".into()),
            Route::Lesson("frontier".into(), "general-build".into()),
            Route::Maps(String::new()),
            Route::Maps("edit/m17".into()),
            Route::NewGameFrom("island-wars".into(), "c=AbC".into()),
        ] {
            assert_eq!(Route::parse(&r.to_string()), Some(r.clone()), "{r}");
        }
    }

    #[test]
    fn share_links_and_other_fragments_are_not_routes() {
        for f in [
            "",
            "#",
            "home",
            "#g=abc",
            "#c=AS",
            "#record=%7B%7D",
            "#homes",
            "#play",
            "#x/y",
        ] {
            assert_eq!(Route::parse(f), None, "{f}");
        }
        assert_eq!(Route::parse("#play/a/b"), Some(Route::Play("a/b".into())));
    }
}
