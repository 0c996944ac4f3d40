//! Fortress's 1983 roster in the app: a finished game heard once, learning on and
//! off, copies that learn apart, reset, remove, files and links read in, the
//! worker given the weights, and a kept roster that does not read.

use super::*;
use holdfast_search::roster::{Factory, Weights};

/// A 1983 game of two moves each, seat 1 played by `word`, one move from its end:
/// [`finish`] plays it, and the first seat has won.
fn won_against(word: &str) -> Record {
    let mut r = first_game();
    r.setup = serde_json::json!({ "rules": "1983", "moves_each": 2 });
    r.moves = ["c3", "f6", "d4"].map(String::from).to_vec();
    r.seats = vec!["person".into(), word.into()];
    r
}

/// The computer's last move of [`won_against`]'s game, played here.
fn finish(s: &mut AppState, store: &mut dyn Store) {
    let key = s.position_key().expect("a game under way");
    let answer = ComputerMsg::Answer {
        key,
        hint: false,
        action: Some("f5".into()),
    };
    act(s, store, Action::Computer(answer));
    assert!(s.table.game.as_ref().unwrap().is_over());
}

fn entry<'a>(s: &'a AppState, word: &str) -> &'a Entry {
    s.roster.by_word(word).unwrap()
}

#[test]
fn a_finished_game_is_heard_once_and_the_opponent_learns_from_it() {
    let mut store = MemoryStore::default();
    let mut s = fresh();
    assert_eq!(s.roster.entries.len(), 5);
    act(&mut s, &mut store, Action::Start(won_against("squire")));
    assert_eq!(entry(&s, "squire").games, 0, "not over yet");
    finish(&mut s, &mut store);
    let squire = entry(&s, "squire");
    assert_eq!((squire.games, squire.wins, squire.losses), (1, 0, 1));
    assert_eq!(squire.history[0].outcome, Outcome::Lost);
    assert!(squire.history[0].score < squire.history[0].against);
    assert!(squire.history[0].learned);
    assert_ne!(squire.weights, Weights::ZERO, "it learnt from the game");
    // Kept: a new start reads the same roster.
    let again = AppState::load(&mut store, "", 9.0);
    assert_eq!(again.roster.entries, s.roster.entries);
    // Heard once: the same game opened again (a reload, a resume) changes nothing.
    let before = s.roster.clone();
    act(&mut s, &mut store, Action::Route(Route::Home));
    let id = s.table.game.as_ref().unwrap().id().to_string();
    act(&mut s, &mut store, Action::Resume(id));
    assert_eq!(s.roster.entries, before.entries);
    // Vauban, untouched.
    assert!(entry(&s, "vauban").untrained());
}

#[test]
fn with_learning_off_the_record_counts_and_the_weights_stay() {
    let mut store = MemoryStore::default();
    let mut s = fresh();
    act(
        &mut s,
        &mut store,
        Action::Roster(RosterMsg::Learning(false)),
    );
    act(&mut s, &mut store, Action::Start(won_against("vauban")));
    finish(&mut s, &mut store);
    let v = entry(&s, "vauban");
    assert_eq!((v.games, v.losses), (1, 1));
    assert!(!v.history[0].learned);
    assert!(v.untrained());
    assert!(!AppState::load(&mut store, "", 9.0).roster.learning, "kept");
}

#[test]
fn a_copy_learns_apart_and_reset_and_remove_do_what_they_say() {
    let mut store = MemoryStore::default();
    let mut s = fresh();
    let copy = |name: &str| {
        Action::Roster(RosterMsg::Copy {
            word: "galahad".into(),
            name: name.into(),
        })
    };
    act(&mut s, &mut store, copy("   "));
    assert_eq!(s.roster.entries.len(), 5, "a copy needs a name");
    act(&mut s, &mut store, copy("  Percival "));
    let made = s.roster.entries.last().unwrap().clone();
    assert_eq!(
        (made.slot, made.name.as_str(), made.word()),
        (1, "Percival", "galahad@1".into())
    );
    assert_eq!(made.weights, Factory::Galahad.weights());
    assert_eq!(s.roster.said, Some(RosterSaid::Copied("Percival".into())));
    act(&mut s, &mut store, Action::Start(won_against("galahad@1")));
    finish(&mut s, &mut store);
    assert_eq!(entry(&s, "galahad@1").games, 1);
    assert_ne!(entry(&s, "galahad@1").weights, Factory::Galahad.weights());
    let original = entry(&s, "galahad");
    assert_eq!(
        (original.games, original.weights),
        (0, Factory::Galahad.weights())
    );
    // Reset: the factory's weights and no games, the name kept.
    act(
        &mut s,
        &mut store,
        Action::Roster(RosterMsg::Reset("galahad@1".into())),
    );
    let reset = entry(&s, "galahad@1");
    assert_eq!((reset.games, reset.history.len()), (0, 0));
    assert!(reset.untrained());
    assert_eq!(reset.name, "Percival");
    // The five stay; a copy goes.
    act(
        &mut s,
        &mut store,
        Action::Roster(RosterMsg::Remove("galahad".into())),
    );
    assert!(s.roster.by_word("galahad").is_some());
    act(
        &mut s,
        &mut store,
        Action::Roster(RosterMsg::Remove("galahad@1".into())),
    );
    assert!(s.roster.by_word("galahad@1").is_none());
    assert_eq!(AppState::load(&mut store, "", 9.0).roster.entries.len(), 5);
}

#[test]
fn the_worker_is_given_the_weights_the_opponent_has_here() {
    let mut store = MemoryStore::default();
    let mut s = fresh();
    act(&mut s, &mut store, Action::Start(won_against("squire")));
    finish(&mut s, &mut store);
    let learnt = entry(&s, "squire").weights;
    let mut r = first_game();
    r.setup = serde_json::json!({ "rules": "1983" });
    r.seats = vec!["squire".into(), "person".into()];
    // (A later time: a new game's id is made from it.)
    act_at(&mut s, &mut store, Action::Start(r), 7.0);
    let job = s.search_job().expect("the Squire moves first");
    assert!(!job.hint);
    assert_eq!(
        holdfast_search::roster::read_player_text(&job.player),
        Some((Factory::Squire, learnt))
    );
}

#[test]
fn an_opponent_travels_by_file_and_by_link() {
    let mut store = MemoryStore::default();
    let mut s = fresh();
    act(&mut s, &mut store, Action::Start(won_against("maginot")));
    finish(&mut s, &mut store);
    // Downloaded: its card, named and with its record.
    let fx = s.apply(Action::Roster(RosterMsg::Export("maginot".into())), 6.0);
    let Some(Effect::Download { text, .. }) = fx.first() else {
        panic!("{fx:?}")
    };
    let card: holdfast_search::roster::Card = serde_json::from_str(text).unwrap();
    assert_eq!(
        (card.base, card.games, card.losses),
        (Factory::Maginot, 1, 1)
    );
    assert_eq!(card.weights, entry(&s, "maginot").weights);
    // Read back in (here, or on another device): a copy with its weights.
    let mut other = fresh();
    act(
        &mut other,
        &mut store,
        Action::Roster(RosterMsg::Import(text.clone())),
    );
    let read = other.roster.entries.last().unwrap();
    assert_eq!(
        (read.slot, read.base, read.weights),
        (1, Factory::Maginot, card.weights)
    );
    // A link opens the roster with the opponent read in.
    let fragment = card_fragment(&card);
    let mut third = AppState::load(&mut MemoryStore::default(), &fragment, 1.0);
    assert_eq!(third.nav.screen, Screen::Roster);
    assert_eq!(third.roster.entries.len(), 6);
    // Bad input is said, and nothing changes.
    for bad in [
        "not json",
        r#"{"kind":"holdfast-record"}"#,
        "#opponent=%7Bx",
    ] {
        third.apply(Action::Roster(RosterMsg::Import(bad.into())), 2.0);
        assert!(
            matches!(third.roster.said, Some(RosterSaid::Refused(_))),
            "{bad}"
        );
        assert_eq!(third.roster.entries.len(), 6);
    }
}

#[test]
fn a_kept_roster_that_does_not_read_is_set_aside_not_lost() {
    let mut store = MemoryStore::default();
    let _ = store.set(ROSTER_KEY, "{ broken");
    let mut s = AppState::load(&mut store, "", 1.0);
    assert_eq!(s.roster.said, Some(RosterSaid::Damaged));
    assert_eq!(s.roster.entries.len(), 5);
    act(
        &mut s,
        &mut store,
        Action::Roster(RosterMsg::Learning(false)),
    );
    assert_eq!(store.get(ROSTER_ASIDE_KEY).as_deref(), Some("{ broken"));
    assert!(!Roster::read(&store.get(ROSTER_KEY).unwrap()).learning);
}

#[test]
fn a_game_opened_already_over_was_not_played_here_and_teaches_nothing() {
    let mut store = MemoryStore::default();
    let mut s = fresh();
    let mut over = won_against("squire");
    over.moves.push("f5".into());
    act(&mut s, &mut store, Action::Start(over));
    assert!(s.table.game.as_ref().unwrap().is_over());
    assert_eq!(entry(&s, "squire").games, 0);
    assert!(entry(&s, "squire").untrained());
}

#[test]
fn an_opponent_in_both_seats_counts_both_results_and_learns_once() {
    let mut store = MemoryStore::default();
    let mut s = fresh();
    let mut r = won_against("squire");
    r.seats = vec!["squire".into(), "squire".into()];
    act(&mut s, &mut store, Action::Start(r.clone()));
    finish(&mut s, &mut store);
    let e = entry(&s, "squire");
    assert_eq!((e.games, e.wins, e.losses), (2, 1, 1));
    let mut once = Weights::ZERO;
    let start = r.start::<holdfast_rules::fortress::Fortress>().unwrap();
    let mut moves = r.moves.clone();
    moves.push("f5".into());
    holdfast_search::roster::learn_from(&start, &moves, &mut once);
    assert_eq!(e.weights, once);
}

#[test]
fn after_a_swap_the_opponent_is_credited_with_the_colour_it_plays() {
    // The Squire places first; the person swaps and takes its piece: the Squire
    // now plays the second colour, which loses this game.
    let mut store = MemoryStore::default();
    let mut s = fresh();
    let mut r = first_game();
    r.setup = serde_json::json!({ "rules": "1983", "moves_each": 2, "pie": true });
    r.moves = ["c3", "swap", "f6", "d4"].map(String::from).to_vec();
    r.seats = vec!["squire".into(), "person".into()];
    act(&mut s, &mut store, Action::Start(r));
    finish(&mut s, &mut store);
    let g = s.table.game.as_ref().unwrap();
    assert_eq!(g.record().moves.len(), 5);
    let squire = entry(&s, "squire");
    assert_eq!((squire.games, squire.wins, squire.losses), (1, 0, 1));
    let played = &squire.history[0];
    assert_eq!(played.outcome, Outcome::Lost);
    assert!(played.score < played.against, "{played:?}");
}

#[test]
fn a_second_unreadable_roster_is_set_aside_beside_the_first() {
    let mut store = MemoryStore::default();
    let _ = store.set(ROSTER_ASIDE_KEY, "the first");
    let _ = store.set(ROSTER_KEY, "the second");
    let mut s = AppState::load(&mut store, "", 1.0);
    act(
        &mut s,
        &mut store,
        Action::Roster(RosterMsg::Learning(false)),
    );
    assert_eq!(store.get(ROSTER_ASIDE_KEY).as_deref(), Some("the first"));
    let second = format!("{ROSTER_ASIDE_KEY}.2");
    assert_eq!(store.get(&second).as_deref(), Some("the second"));
    // The same text found again is not set aside twice.
    let _ = store.set(ROSTER_KEY, "the second");
    let mut again = AppState::load(&mut store, "", 2.0);
    act(
        &mut again,
        &mut store,
        Action::Roster(RosterMsg::Learning(true)),
    );
    assert_eq!(store.get(&format!("{ROSTER_ASIDE_KEY}.3")), None);
}

#[test]
fn a_resignation_counts_for_the_opponent_and_teaches_nothing() {
    let mut store = MemoryStore::default();
    let mut s = fresh();
    let mut r = won_against("squire");
    r.moves.truncate(2);
    act(&mut s, &mut store, Action::Start(r));
    act(&mut s, &mut store, Action::Resign);
    assert!(s.table.game.as_ref().unwrap().is_over());
    let squire = entry(&s, "squire");
    assert_eq!((squire.games, squire.wins), (1, 1));
    assert_eq!(squire.history[0].outcome, Outcome::Won);
    assert!(!squire.history[0].learned);
    assert!(squire.untrained());
}
