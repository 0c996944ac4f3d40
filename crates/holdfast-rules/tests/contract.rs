//! The contract every game keeps, checked the same way on every game and every one of
//! its variants (the catalogue's list: no game is named here).
//!
//! Over random playouts from each variant's start:
//! - a position that is not over always has a legal action, and one that is over has none;
//! - every listed action is accepted, and every action of the position's shape that is
//!   refused is not listed and leaves the position exactly as it was;
//! - every action's notation reads back as the same action;
//! - refusing an action changes nothing, hidden state included (what is legal after);
//! - a game ends within [`BOUND`] actions (the game's playout policy, then uniformly
//!   random legal actions if that policy stops early);
//! - the record of the game round-trips through JSON and replays to the same
//!   position, scores, winners and `holdfast replay` report;
//! - scores are one a seat; winners are empty until the game is over, then name at
//!   least one seat, and are the top scorers when the scores decided the game;
//! - a game's own `play_out` (a loop faster than one `play` an action) ends where one
//!   `playout_move` and one `play` after another end, from the same random stream.

use holdfast_rules::catalogue::{each_game, ids, Visit};
use holdfast_rules::record::{replay_text, report};
use holdfast_rules::rng::Rng;
use holdfast_rules::{Game, Record};
use proptest::prelude::*;

/// The most actions a random playout may take before its policy stops it.
const BOUND: usize = 50_000;
/// Random playouts checked per variant.
const PLAYOUTS: u64 = 3;
/// The full every-action check runs at one position in this many, or fewer on large
/// boards: about [`CHECKS_PER_INTERVAL`] `check` calls per position on average.
const FULL_CHECK_EVERY: usize = 7;
const CHECKS_PER_INTERVAL: usize = 300;

fn state<G: Game>(g: &G) -> (String, Option<u8>, Vec<i32>, bool) {
    (
        serde_json::to_string(&g.snapshot()).unwrap(),
        g.to_move(),
        g.scores(),
        g.entry_open(),
    )
}

/// Checks the position's seats, scores and winners against each other.
fn check_outcome<G: Game>(g: &G, what: &str) {
    let players = g.players();
    let scores = g.scores();
    assert_eq!(scores.len(), players, "{what}: a score a seat");
    assert!(
        g.to_move().is_none_or(|s| (s as usize) < players),
        "{what}: the seat to move"
    );
    // What a fitted estimate reads: the same number of finite values a seat, and
    // progress from 0 to 1.
    let mut features = Vec::new();
    g.features_into(&mut features);
    assert!(
        !features.is_empty() && features.len().is_multiple_of(players),
        "{what}: features for every seat alike ({} for {players})",
        features.len()
    );
    assert!(
        features.iter().all(|x| x.is_finite()),
        "{what}: finite features {features:?}"
    );
    let progress = g.progress();
    assert!(
        (0.0..=1.0).contains(&progress),
        "{what}: progress {progress} within 0 to 1"
    );
    let winners = g.winners();
    if !g.is_over() {
        assert!(winners.is_empty(), "{what}: no winner before the end");
        return;
    }
    assert!(
        !winners.is_empty(),
        "{what}: a finished game has a winner or a draw"
    );
    assert!(
        winners.iter().all(|&w| (w as usize) < players),
        "{what}: winners are seats"
    );
    if g.decided_by_score() {
        let best = scores.iter().copied().max().unwrap_or(0);
        let top: Vec<u8> = (0..players as u8)
            .filter(|&s| scores[s as usize] == best)
            .collect();
        assert_eq!(winners, top, "{what}: decided by the scores {scores:?}");
    }
}

/// Checks the contract on one game of `setup` driven by `seed`: the game's own
/// playout policy first, then, if that policy stops before the end (Citadel's
/// playouts stop after 100 turns), uniformly random legal actions to the end.
pub fn check_contract<G: Game>(variant: &str, setup: &G::Setup, seed: u64) {
    let what = format!("{} {variant} (seed {seed})", G::ID);
    let start = G::new(setup).unwrap_or_else(|e| panic!("{what}: {e}"));
    let mut g = start.clone();
    let mut rng = Rng::new(seed);
    let (mut legal, mut every, mut scratch) = (Vec::new(), Vec::new(), Vec::new());
    let mut entries: Vec<String> = Vec::new();
    let mut turn: Vec<String> = Vec::new();
    // The position after the last whole entry: what the record replays to.
    let mut at_entry = start.clone();
    let mut actions = 0;
    let mut policy_stopped = false;
    start.every_move(&mut every);
    let interval = FULL_CHECK_EVERY.max(every.len() / CHECKS_PER_INTERVAL);
    loop {
        legal.clear();
        g.legal_moves(&mut legal);
        assert_eq!(
            g.is_over(),
            legal.is_empty(),
            "{what}, after {actions} actions: over exactly when nothing is legal"
        );
        check_outcome(&g, &what);
        for &m in &legal {
            assert!(g.check(m).is_ok(), "{what}: listed {m:?} is refused");
            let text = g.format_move(m);
            assert_eq!(g.parse_move(&text), Ok(m), "{what}: {text:?} reads back");
        }
        if actions % interval == 0 {
            every.clear();
            g.every_move(&mut every);
            for &m in &legal {
                assert!(
                    every.contains(&m),
                    "{what}: {m:?} is listed but not of the position's shape"
                );
            }
            let mut compared = 0;
            for &m in &every {
                if g.check(m).is_ok() {
                    assert!(legal.contains(&m), "{what}: accepted {m:?} is not listed");
                    continue;
                }
                assert!(!legal.contains(&m), "{what}: {m:?} listed but refused");
                let before = state(&g);
                assert!(g.play(m).is_err(), "{what}: refused {m:?} played");
                assert_eq!(before, state(&g), "{what}: refused {m:?} changed the state");
                // Hidden state too (credits, steps taken, used pieces): what is legal
                // afterwards is unchanged. A few a position: it costs a full listing.
                if compared < 3 {
                    compared += 1;
                    let mut after = Vec::new();
                    g.legal_moves(&mut after);
                    assert_eq!(after, legal, "{what}: refused {m:?} changed what is legal");
                }
            }
        }
        let next = if policy_stopped {
            None
        } else {
            g.playout_move(&mut rng, &mut scratch)
        };
        let m = match next {
            Some(m) => m,
            None if g.is_over() => break,
            None => {
                // The policy stopped early: finish the game uniformly at random.
                policy_stopped = true;
                legal[rng.below(legal.len() as u32) as usize]
            }
        };
        assert!(
            legal.contains(&m),
            "{what}: the playout chose unlisted {m:?}"
        );
        turn.push(g.format_move(m));
        g.play(m)
            .unwrap_or_else(|e| panic!("{what}: listed {m:?} failed: {e}"));
        if !g.entry_open() {
            entries.push(g.entry_text(&turn));
            turn.clear();
            at_entry = g.clone();
        }
        actions += 1;
        assert!(
            actions <= BOUND,
            "{what}: the game did not end within {BOUND} actions"
        );
    }
    assert!(g.is_over(), "{what}: the playout ended before the game");
    assert!(
        turn.is_empty(),
        "{what}: a finished game has no turn under way"
    );
    // The record replays to the same position, report included.
    let record = Record {
        moves: entries.clone(),
        ..Record::new::<G>(setup)
    };
    let back = Record::from_json(&record.to_json()).unwrap();
    assert_eq!(back, record, "{what}: the record round-trips through JSON");
    let (replayed, bad) = back.replay::<G>().unwrap();
    assert!(bad.is_none(), "{what}: {bad:?}");
    assert_eq!(
        state(&replayed),
        state(&at_entry),
        "{what}: replay reaches the same position"
    );
    assert_eq!(replayed.winners(), g.winners(), "{what}: winners");
    let (status, out) = replay_text(&record.to_json());
    assert_eq!(status, 0, "{what}: {out}");
    assert_eq!(out, report(&g, entries.len()), "{what}: the replay report");
}

struct Contract;

impl Visit for Contract {
    fn visit<G: Game>(&mut self) {
        let variants = G::variants();
        assert!(!variants.is_empty(), "{} has no variant", G::ID);
        for (name, setup) in &variants {
            for seed in 0..PLAYOUTS {
                check_contract::<G>(name, setup, seed * 7919 + 1);
            }
        }
    }
}

/// From positions along a random game, `Game::play_out` and the plain loop of
/// `playout_move` and `play` play the same actions to the same end.
fn check_play_out<G: Game>(name: &str, setup: &G::Setup, seed: u64) {
    let what = format!("{} {name} seed {seed}", G::ID);
    let Ok(mut g) = G::new(setup) else { return };
    let mut rng = Rng::new(seed);
    let mut scratch = Vec::new();
    for step in 0..BOUND {
        if step % 5 == 0 {
            let (mut fast, mut slow) = (g.clone(), g.clone());
            let (mut r1, mut r2) = (Rng::new(seed + step as u64), Rng::new(seed + step as u64));
            let n1 = fast.play_out(&mut r1, &mut scratch);
            let n2 = holdfast_rules::playout::play_out_by_steps(&mut slow, &mut r2, &mut scratch);
            assert_eq!(n1, n2, "{what} at {step}: actions played");
            assert_eq!(state(&fast), state(&slow), "{what} at {step}: the end");
            assert_eq!(r1.next_u64(), r2.next_u64(), "{what} at {step}: draws");
        }
        let Some(m) = g.playout_move(&mut rng, &mut scratch) else {
            break;
        };
        if g.play(m).is_err() {
            break;
        }
    }
}

#[test]
fn every_games_play_out_is_its_playout() {
    struct PlayOut;
    impl Visit for PlayOut {
        fn visit<G: Game>(&mut self) {
            for (name, setup) in &G::variants() {
                check_play_out::<G>(name, setup, 11);
            }
        }
    }
    each_game(&mut PlayOut);
}

#[test]
fn every_game_keeps_the_contract_on_every_variant() {
    each_game(&mut Contract);
}

/// Each game's default setup is its first variant, and the empty setup is the default.
#[test]
fn the_empty_setup_is_the_first_variant() {
    struct Defaults;
    impl Visit for Defaults {
        fn visit<G: Game>(&mut self) {
            let r = Record::from_json(&format!(r#"{{"game":"{}","setup":{{}}}}"#, G::ID)).unwrap();
            let empty = r.setup_of::<G>().unwrap();
            let first = &G::variants()[0].1;
            assert_eq!(
                serde_json::to_value(&empty).unwrap(),
                serde_json::to_value(first).unwrap(),
                "{}",
                G::ID
            );
        }
    }
    each_game(&mut Defaults);
}

/// Setups that are not JSON objects, or that carry fields the game does not have, are
/// malformed records (status 2) in every game.
#[test]
fn setups_are_objects_of_known_fields() {
    for id in ids() {
        for setup in [
            "[]",
            "[13]",
            "null",
            "7",
            "\"classic\"",
            r#"{"no_such_field": 1}"#,
        ] {
            let text = format!(r#"{{"game":"{id}","setup":{setup}}}"#);
            let (status, out) = replay_text(&text);
            assert_eq!(status, 2, "{text}: {out}");
        }
        let (status, out) = replay_text(&format!(r#"{{"game":"{id}"}}"#));
        assert_eq!(status, 0, "{id} without a setup: {out}");
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, .. ProptestConfig::default() })]

    /// Hand-edited records of any game: never a panic, always a status and a JSON answer.
    #[test]
    fn arbitrary_moves_in_any_game_never_panic(
        game in any::<proptest::sample::Index>(),
        setup in 0usize..4,
        moves in proptest::collection::vec("[a-s]{1,2}[0-9]{1,2}|[a-s][0-9]{1,2}[-x>][a-s][0-9]{1,2}|[BTPWRSX]:[a-s][0-9]{1,2}|@[a-i][0-9]|-|pass|count|draw|swap|[a-z0-9 +@:/>x-]{0,12}", 0..30),
    ) {
        let setups = [
            serde_json::json!({}),
            serde_json::json!({"size": 13, "players": 4, "mode": 3, "width": 9, "height": 7, "cities": ["c2", "e8"]}),
            serde_json::json!({"players": 6, "map": "generated", "seed": 3, "dice": true}),
            serde_json::json!({"mode": 2, "width": 5, "height": 5, "cities": ["a1", "e5"], "turns": 3, "water": ["c3"]}),
        ];
        let ids = ids();
        let record = Record { game: ids[game.index(ids.len())].into(), setup: setups[setup].clone(), moves, names: vec![], seats: vec![], resigned: None, id: None, offer: None };
        let (status, out) = replay_text(&record.to_json());
        prop_assert!((0..=2).contains(&status));
        prop_assert!(out.is_object());
    }

    #[test]
    fn arbitrary_records_never_panic(text in ".{0,200}") {
        let (status, out) = replay_text(&text);
        prop_assert!(status == 2 || out["ok"] == true || status == 1);
    }
}

/// Every move reads back from its own text (and the rest of the contract holds) on
/// the largest and smallest boards the app's new-game screens can make, not only
/// on the named variants: Frontier's fields from 5x5 to 25x25 in each mode (row
/// letters up to `y`), and generated Island Wars maps for six players.
#[test]
fn every_board_size_the_app_makes_keeps_the_contract() {
    use holdfast_rules::frontier::{Frontier, FrontierSetup};
    use holdfast_rules::island_wars::{IslandSetup, IslandWars};
    for mode in 1..=3 {
        for (width, height, cities) in [(25, 25, ["c3", "w23"]), (5, 5, ["a1", "e5"])] {
            let setup = FrontierSetup {
                mode,
                width,
                height,
                cities: cities.iter().map(|c| c.to_string()).collect(),
                turns: 6,
                ..FrontierSetup::default()
            };
            assert!(Frontier::new(&setup).is_ok(), "{setup:?}");
            check_contract::<Frontier>(&format!("{width}x{height} mode {mode}"), &setup, 5);
        }
    }
    for seed in [1, 2] {
        let setup = IslandSetup {
            map: Some("generated".into()),
            players: 6,
            seed: Some(seed),
            ..IslandSetup::default()
        };
        check_contract::<IslandWars>(&format!("generated 6p seed {seed}"), &setup, seed);
    }
}
