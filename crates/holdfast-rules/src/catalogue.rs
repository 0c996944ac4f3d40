//! The one list of games. Everything that works for every game (replay, benchmarks,
//! the contract tests, the command line) reaches the games through [`each_game`]; a
//! new game is one line there, and no other file outside the game's own names it.
//!
//! A visitor is generic over the game type, so what it does with each game is
//! ordinary typed code (`G::new`, `G::variants()`, `Record::replay::<G>()`).

use crate::citadel::Citadel;
use crate::fort::Fort;
use crate::fortress::Fortress;
use crate::frontier::Frontier;
use crate::game::Game;
use crate::island_wars::IslandWars;

/// Something to do with each game, typed.
pub trait Visit {
    fn visit<G: Game>(&mut self);
}

/// Visits every game, in the order the app's home page shows them.
pub fn each_game<V: Visit>(v: &mut V) {
    v.visit::<Fortress>();
    v.visit::<Fort>();
    v.visit::<Frontier>();
    v.visit::<Citadel>();
    v.visit::<IslandWars>();
}

/// Something to do with one game, giving a value.
pub trait GameFn {
    type Out;
    fn call<G: Game>(self) -> Self::Out;
}

/// Calls `f` with the game whose record id is `id`; `None` when no game has it.
pub fn with_game<F: GameFn>(id: &str, f: F) -> Option<F::Out> {
    struct Find<'a, F: GameFn> {
        id: &'a str,
        f: Option<F>,
        out: Option<F::Out>,
    }
    impl<F: GameFn> Visit for Find<'_, F> {
        fn visit<G: Game>(&mut self) {
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

/// One game as the catalogue lists it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry {
    /// The record's `game` id.
    pub id: &'static str,
    pub title: &'static str,
}

/// Every game's id and title, in order.
pub fn entries() -> Vec<Entry> {
    struct List(Vec<Entry>);
    impl Visit for List {
        fn visit<G: Game>(&mut self) {
            self.0.push(Entry {
                id: G::ID,
                title: G::TITLE,
            });
        }
    }
    let mut list = List(Vec::new());
    each_game(&mut list);
    list.0
}

/// Every game's record id, in order.
pub fn ids() -> Vec<&'static str> {
    entries().into_iter().map(|e| e.id).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_are_unique_and_found() {
        let ids = ids();
        assert!(!ids.is_empty());
        for (i, id) in ids.iter().enumerate() {
            assert!(!ids[..i].contains(id), "{id} twice");
            struct Id;
            impl GameFn for Id {
                type Out = &'static str;
                fn call<G: Game>(self) -> &'static str {
                    G::ID
                }
            }
            assert_eq!(with_game(id, Id), Some(*id));
        }
        struct Never;
        impl GameFn for Never {
            type Out = ();
            fn call<G: Game>(self) {}
        }
        assert_eq!(with_game("chess", Never), None);
    }
}
