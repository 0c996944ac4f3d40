//! One module a game, each implementing [`GameUi`]: the board props it builds from a
//! position, what a tap means, its controls, its new-game form and its rules page.
//! This file is the app's list of games: a new game adds its module and one line in
//! [`each_game`], and touches no other game and no other file.

pub mod citadel;
pub mod fort;
pub mod fortress;
pub mod frontier;
pub mod island_wars;

use std::rc::Rc;

use holdfast_rules::Record;
use yew::prelude::*;

use crate::game_ui::{new_game_of, open_as, rules_page, GameInfo, GameUi, PlayedGame, Summary};
use crate::session::OpenError;
use crate::storage::SavedGame;

/// Something to do with each game's UI, typed.
pub trait Visit {
    fn visit<G: GameUi>(&mut self);
}

/// Visits every game, in the order the home page shows them (the rules crate's
/// catalogue order, which a test checks).
pub fn each_game<V: Visit>(v: &mut V) {
    v.visit::<holdfast_rules::fortress::Fortress>();
    v.visit::<holdfast_rules::fort::Fort>();
    v.visit::<holdfast_rules::frontier::Frontier>();
    v.visit::<holdfast_rules::citadel::Citadel>();
    v.visit::<holdfast_rules::island_wars::IslandWars>();
}

/// Something to do with one game, giving a value.
pub trait GameFn {
    type Out;
    fn call<G: GameUi>(self) -> Self::Out;
}

/// Calls `f` with the game whose record id is `id`; `None` when no game has it.
pub fn with_game<F: GameFn>(id: &str, f: F) -> Option<F::Out> {
    struct Find<'a, F: GameFn> {
        id: &'a str,
        f: Option<F>,
        out: Option<F::Out>,
    }
    impl<F: GameFn> Visit for Find<'_, F> {
        fn visit<G: GameUi>(&mut self) {
            if G::ID == self.id {
                if let Some(f) = self.f.take() {
                    self.out = Some(f.call::<G>());
                }
            }
        }
    }
    let mut find = Find {
        id,
        f: Some(f),
        out: None,
    };
    each_game(&mut find);
    find.out
}

/// Every game's home-page information, in order.
pub fn infos() -> Vec<GameInfo> {
    struct List(Vec<GameInfo>);
    impl Visit for List {
        fn visit<G: GameUi>(&mut self) {
            self.0.push(G::INFO);
        }
    }
    let mut list = List(Vec::new());
    each_game(&mut list);
    list.0
}

/// The game information for an id.
pub fn info(id: &str) -> Option<GameInfo> {
    infos().into_iter().find(|g| g.id == id)
}

/// Why a record cannot be opened.
#[derive(Clone, Debug, PartialEq)]
pub enum AnyOpenError {
    Open(OpenError),
    NotPlayable(String),
}

impl std::fmt::Display for AnyOpenError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            AnyOpenError::Open(e) => write!(f, "{e}"),
            AnyOpenError::NotPlayable(g) => f.write_str(&crate::i18n::tf(
                "this version has no game called {}",
                &[&holdfast_rules::text::quoted(g)],
            )),
        }
    }
}

/// Opens a record of any game, replaying it once.
pub fn open(
    id: String,
    record: Record,
    redo: Vec<String>,
    updated: f64,
) -> Result<Box<dyn PlayedGame>, AnyOpenError> {
    struct Open(String, Record, Vec<String>, f64);
    impl GameFn for Open {
        type Out = Result<Box<dyn PlayedGame>, OpenError>;
        fn call<G: GameUi>(self) -> Self::Out {
            open_as::<G>(self.0, self.1, self.2, self.3)
        }
    }
    let game = record.game.clone();
    with_game(&game, Open(id, record, redo, updated))
        .ok_or(AnyOpenError::NotPlayable(game))?
        .map_err(AnyOpenError::Open)
}

/// Opens a saved game.
pub fn from_saved(saved: SavedGame) -> Result<Box<dyn PlayedGame>, AnyOpenError> {
    let mut g = open(saved.id, saved.record, saved.redo, saved.updated)?;
    g.synced().set(saved.revision);
    // The turn under way, as far as it still plays (it never refuses the game).
    for action in &saved.turn {
        if g.play_text(action, saved.updated).is_err() {
            break;
        }
    }
    Ok(g)
}

/// The home page's summary of a record's current position (one replay), `None`
/// when it does not replay.
pub fn summary(record: &Record) -> Option<Summary> {
    open("summary".into(), record.clone(), vec![], 0.0)
        .ok()
        .map(|g| g.summary())
}

/// A record's setup in a few words ("Fortress, Classic 6x6"), in the language
/// spoken now; empty when the record is of no game here or its setup does not read.
pub fn describe(record: &Record) -> String {
    struct Describe<'a>(&'a Record);
    impl GameFn for Describe<'_> {
        type Out = Option<String>;
        fn call<G: GameUi>(self) -> Option<String> {
            Some(G::describe(&self.0.setup_of::<G>().ok()?))
        }
    }
    with_game(&record.game, Describe(record))
        .flatten()
        .unwrap_or_default()
}

/// A record of a new game with the default setup.
pub fn new_record(game: &str) -> Option<Record> {
    struct New;
    impl GameFn for New {
        type Out = Record;
        fn call<G: GameUi>(self) -> Record {
            Record::new::<G>(&Default::default())
        }
    }
    with_game(game, New)
}

/// Why a record's setup makes no game of it (`None`: it makes one, or no game
/// here has its id).
pub fn start_error(record: &Record) -> Option<holdfast_rules::RecordError> {
    struct Start<'a>(&'a Record);
    impl GameFn for Start<'_> {
        type Out = Option<holdfast_rules::RecordError>;
        fn call<G: GameUi>(self) -> Self::Out {
            self.0.start::<G>().err()
        }
    }
    with_game(&record.game, Start(record)).flatten()
}

/// The id itself when a game has it, else the first game's.
fn known(id: &str) -> &str {
    if info(id).is_some() {
        id
    } else {
        infos().first().map(|i| i.id).unwrap_or(id)
    }
}

/// A game's new-game screen (the first game's for an unknown id).
/// `more_seats`: the game's own computer players beyond the levels (word, label).
pub fn new_game_screen(
    game: &str,
    on_start: Callback<Record>,
    initial: Option<Record>,
    more_seats: Rc<Vec<(String, String)>>,
) -> Html {
    struct Screen(Callback<Record>, Option<Record>, Rc<Vec<(String, String)>>);
    impl GameFn for Screen {
        type Out = Html;
        fn call<G: GameUi>(self) -> Html {
            new_game_of::<G>(self.0, self.1, self.2)
        }
    }
    with_game(known(game), Screen(on_start, initial, more_seats)).unwrap_or_default()
}

/// A game's rules page (the first game's for an unknown id).
pub fn rules_screen(game: &str) -> Html {
    struct Rules;
    impl GameFn for Rules {
        type Out = Html;
        fn call<G: GameUi>(self) -> Html {
            rules_page::<G>()
        }
    }
    with_game(known(game), Rules).unwrap_or_default()
}

/// The sample position on a game's home-page card.
pub fn demo_record(game: &str) -> Option<Record> {
    struct Demo;
    impl GameFn for Demo {
        type Out = Record;
        fn call<G: GameUi>(self) -> Record {
            G::demo_record()
        }
    }
    with_game(game, Demo)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_app_lists_the_rules_catalogue_in_order() {
        let app: Vec<&str> = infos().iter().map(|i| i.id).collect();
        assert_eq!(app, holdfast_rules::catalogue::ids());
        for info in infos() {
            assert!(
                demo_record(info.id).is_some_and(|r| summary(&r).is_some()),
                "{}",
                info.id
            );
            assert!(
                new_record(info.id).is_some_and(|r| summary(&r).is_some()),
                "{}",
                info.id
            );
        }
        assert!(open(
            "x".into(),
            Record {
                game: "chess".into(),
                ..new_record("fort").unwrap()
            },
            vec![],
            0.0
        )
        .is_err());
    }
}
