//! A mutation fuzzer for everything the app and the command line read from outside:
//! game records, share links, saved games and each game's move parser. Inputs are
//! the committed fixture records (`tests/fixtures/`) and moves of random positions,
//! changed at random (bytes flipped, dropped, repeated, spliced between inputs, and
//! notation's own tokens inserted). Every input must come back with a value or an
//! error, never a panic, and within a second.
//!
//! The test command runs a small count. For a long run (the README gives figures):
//!
//! ```text
//! HOLDFAST_FUZZ=10000000 cargo test --release -p holdfast-web --test fuzz -- --nocapture
//! ```
//!
//! A panic prints the input that caused it; make it a regression test.
#![cfg(not(target_arch = "wasm32"))]

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::Path;
use std::time::{Duration, Instant};

use holdfast_rules::catalogue::{each_game, Visit};
use holdfast_rules::record::replay_text;
use holdfast_rules::rng::Rng;
use holdfast_rules::{Game, Record};
use holdfast_web::storage::{migrate, SavedGame};
use holdfast_web::{games, link};

/// Inputs a target runs (`HOLDFAST_FUZZ`, default a small count for the test command).
fn count() -> u64 {
    std::env::var("HOLDFAST_FUZZ")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(2_000)
}

/// Pieces of the notation and of JSON that mutations insert.
const TOKENS: &[&str] = &[
    "\"",
    "\\",
    "\\u0000",
    "\\ud800",
    "{",
    "}",
    "[",
    "]",
    ",",
    ":",
    "-",
    "x",
    "@",
    "/",
    "W:",
    "X:",
    "R:",
    "S:",
    "pass",
    "swap",
    "count",
    "draw",
    " ",
    "%",
    "%2",
    "%7B",
    "+",
    "=",
    "g=",
    "record=",
    "null",
    "true",
    "1e308",
    "-1",
    "99999999999999999999",
    "a0",
    "z99",
    "\u{feff}",
    "é",
    "\u{10ffff}",
    "\"moves\":",
    "\"setup\":",
    "\"game\":",
    "\"version\":",
    "\"seats\":",
    "\"names\":",
];

/// One input changed a few times at random, `others` giving material to splice in.
fn mutate(rng: &mut Rng, seed: &[u8], others: &[Vec<u8>]) -> Vec<u8> {
    let mut v = seed.to_vec();
    for _ in 0..=rng.below(4) {
        let len = v.len() as u32;
        let at = if len == 0 {
            0
        } else {
            rng.below(len + 1) as usize
        };
        match rng.below(7) {
            0 if len > 0 => {
                let i = rng.below(len) as usize;
                v[i] ^= 1 << rng.below(8);
            }
            1 if len > 0 => {
                let n = (rng.below(16) as usize).min(v.len() - at.min(v.len()));
                v.drain(at..at + n);
            }
            2 => {
                let t = TOKENS[rng.below(TOKENS.len() as u32) as usize];
                v.splice(at..at, t.bytes());
            }
            3 if len > 0 => {
                // Repeat a piece (longer inputs, nested structure).
                let start = rng.below(len) as usize;
                let end = (start + 1 + rng.below(64) as usize).min(v.len());
                let piece = v[start..end].to_vec();
                for _ in 0..=rng.below(3) {
                    v.splice(at..at, piece.iter().copied());
                }
            }
            4 if !others.is_empty() => {
                let o = &others[rng.below(others.len() as u32) as usize];
                if !o.is_empty() {
                    let start = rng.below(o.len() as u32) as usize;
                    let end = (start + 1 + rng.below(128) as usize).min(o.len());
                    v.splice(at..at, o[start..end].iter().copied());
                }
            }
            5 => v.insert(at, rng.below(256) as u8),
            _ => {
                if len > 0 {
                    v.truncate(rng.below(len) as usize);
                }
            }
        }
    }
    v
}

/// Runs `f` on `n` mutated inputs; panics (with the input) on a panic or an input
/// slower than a second. Returns the slowest input's time.
fn fuzz(name: &str, seeds: &[Vec<u8>], n: u64, mut f: impl FnMut(&str)) -> Duration {
    assert!(!seeds.is_empty(), "{name}: no seeds");
    let mut rng = Rng::new(0x5eed ^ name.len() as u64);
    let mut slowest = Duration::ZERO;
    for i in 0..n {
        let seed = &seeds[rng.below(seeds.len() as u32) as usize];
        let bytes = if i < seeds.len() as u64 {
            seeds[i as usize].clone()
        } else {
            mutate(&mut rng, seed, seeds)
        };
        let text = String::from_utf8_lossy(&bytes).into_owned();
        let t0 = Instant::now();
        let result = catch_unwind(AssertUnwindSafe(|| f(&text)));
        let took = t0.elapsed();
        // (The panic's own message is printed by the default hook just before.)
        assert!(result.is_ok(), "{name}: input {i} panicked: {text:?}");
        assert!(
            took < Duration::from_secs(1),
            "{name}: input {i} took {took:?}: {text:?}"
        );
        slowest = slowest.max(took);
    }
    println!(
        "{name}: {n} inputs, no panic, slowest {:.3} ms",
        slowest.as_secs_f64() * 1e3
    );
    slowest
}

/// The fixture records' texts.
fn records() -> Vec<Vec<u8>> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/fixtures");
    let mut out = Vec::new();
    for e in std::fs::read_dir(&dir).expect("tests/fixtures").flatten() {
        let text = std::fs::read_to_string(e.path()).expect("a fixture");
        let v: serde_json::Value = serde_json::from_str(&text).expect("fixture JSON");
        out.push(v["record"].to_string().into_bytes());
    }
    out.sort();
    out
}

#[test]
fn records_never_panic() {
    fuzz("records", &records(), count(), |t| {
        let _ = replay_text(t);
    });
}

#[test]
fn share_links_never_panic() {
    let mut seeds = Vec::new();
    for r in records() {
        if let Ok(rec) = Record::from_json(&String::from_utf8_lossy(&r)) {
            seeds.push(link::encode(&rec).into_bytes());
        }
        seeds.push(record_fragment(&String::from_utf8_lossy(&r)).into_bytes());
    }
    let n = count();
    // The fragment itself changed...
    fuzz("links", &seeds, n / 2, |t| {
        if let Ok(r) = link::decode(t) {
            let _ = games::open("f".into(), r, vec![], 0.0);
        }
    });
    // ...and well-formed links to changed records (which reach the record reader).
    let records = records();
    fuzz("links of changed records", &records, n / 2, |t| {
        if let Ok(r) = link::decode(&record_fragment(t)) {
            let _ = games::open("f".into(), r, vec![], 0.0);
        }
    });
}

/// A `#record=` fragment carrying any text (the app's `#g=` encoder takes a record,
/// and this must carry text that is none).
fn record_fragment(text: &str) -> String {
    let escaped: String = text.bytes().map(|b| format!("%{b:02X}")).collect();
    format!("record={escaped}")
}

#[test]
fn saved_games_never_panic() {
    let seeds: Vec<Vec<u8>> = records()
        .iter()
        .filter_map(|r| Record::from_json(&String::from_utf8_lossy(r)).ok())
        .enumerate()
        .map(|(i, record)| {
            let saved = SavedGame {
                id: format!("g{i}"),
                record,
                redo: vec!["c3".into()],
                updated: 1.0,
                revision: 3,
                turn: vec![],
            };
            let mut v = serde_json::to_value(&saved).unwrap();
            v["version"] = 1.into();
            v.to_string().into_bytes()
        })
        .collect();
    fuzz("saved games", &seeds, count(), |t| {
        if let Ok(Some(g)) = migrate(t) {
            let _ = games::from_saved(g);
        }
    });
}

#[test]
fn every_games_move_parser_never_panics() {
    struct Moves(u64);
    impl Visit for Moves {
        fn visit<G: Game>(&mut self) {
            for (variant, setup) in G::variants() {
                let Ok(mut g) = G::new(&setup) else { continue };
                // Positions along a random game, and the moves legal in each.
                let mut rng = Rng::new(7);
                let mut positions = vec![g.clone()];
                let mut seeds: Vec<Vec<u8>> = Vec::new();
                let mut legal = Vec::new();
                let mut scratch = Vec::new();
                for step in 0..60 {
                    legal.clear();
                    g.legal_moves(&mut legal);
                    seeds.extend(
                        legal
                            .iter()
                            .take(20)
                            .map(|&m| g.format_move(m).into_bytes()),
                    );
                    let Some(m) = g.playout_move(&mut rng, &mut scratch) else {
                        break;
                    };
                    if g.play(m).is_err() {
                        break;
                    }
                    if step % 10 == 9 {
                        positions.push(g.clone());
                    }
                }
                seeds.push(b"pass".to_vec());
                let name = format!("{} {variant} moves", G::ID);
                let mut i = 0;
                fuzz(&name, &seeds, self.0, |t| {
                    let p = &positions[i % positions.len()];
                    i += 1;
                    if let Ok(m) = p.parse_move(t) {
                        let _ = p.check(m);
                        let _ = p.format_move(m);
                    }
                    let _ = p.clone().play_entry(t);
                });
            }
        }
    }
    // Every variant of every game: a share of the count each.
    each_game(&mut Moves((count() / 10).max(200)));
}
