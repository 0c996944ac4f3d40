//! Fortress's 1983 roster on the command line (`holdfast train fortress NAME`,
//! opponents' files as arena players, `--learn`), and `holdfast balance` (whether
//! maps are fair, and the fair seeds of a generated map).

use std::process::Command;

use serde_json::Value;

/// The command's exit code, and its last line as JSON.
fn holdfast(args: &[&str]) -> (i32, Value) {
    let out = Command::new(env!("CARGO_BIN_EXE_holdfast"))
        .args(args)
        .output()
        .expect("run holdfast");
    let text = String::from_utf8_lossy(&out.stdout);
    let last = text.lines().last().unwrap_or("");
    (
        out.status.code().unwrap_or(-1),
        serde_json::from_str(last).unwrap_or(Value::Null),
    )
}

const RULES_1983: &str = r#"{"rules":"1983"}"#;

#[test]
fn training_an_opponent_is_reproducible_and_writes_a_file_the_arena_reads() {
    let args = [
        "train", "fortress", "squire", "--games", "200", "--seed", "3",
    ];
    let (code, a) = holdfast(&args);
    assert_eq!(code, 0);
    let (_, b) = holdfast(&args);
    assert_eq!(a, b, "the same seed trains the same weights");
    let card = &a["opponent"];
    assert_eq!(card["base"], "squire");
    assert_eq!(card["kind"], "holdfast-opponent");
    assert_ne!(card["weights"]["d"][7], 0.0, "it learned");
    let path = std::env::temp_dir().join(format!("holdfast-squire-{}.json", std::process::id()));
    std::fs::write(&path, card.to_string()).unwrap();
    let file = path.to_str().unwrap();
    let (code, out) = holdfast(&[
        "arena", "fortress", file, "squire", "--games", "40", "--setup", RULES_1983,
    ]);
    assert_eq!(code, 0);
    let players = &out["players"];
    assert_eq!(players[0]["player"], "squire (learned)");
    let wins = players[0]["wins"].as_u64().unwrap();
    assert!(
        wins >= 30,
        "200 games of training won {wins} of 40 against none"
    );
    // A file that is not an opponent's is refused.
    std::fs::write(&path, r#"{"kind":"holdfast-record"}"#).unwrap();
    let (code, _) = holdfast(&["arena", "fortress", file, "squire"]);
    assert_eq!(code, 2);
    std::fs::remove_file(&path).ok();
    // Only Fortress has a roster to train, or to play.
    let (code, _) = holdfast(&["train", "fort", "squire"]);
    assert_eq!(code, 2);
    let (code, _) = holdfast(&["arena", "fort", "vauban", "random", "--games", "1"]);
    assert_eq!(code, 2);
}

#[test]
fn the_arena_changes_an_opponents_weights_only_with_learn() {
    let base = [
        "arena", "fortress", "vauban", "squire", "--games", "6", "--setup", RULES_1983,
    ];
    // Everything but the thinking times.
    let untimed = |mut v: Value| {
        for p in v["players"].as_array_mut().unwrap() {
            p.as_object_mut()
                .unwrap()
                .retain(|k, _| !k.ends_with("_ms"));
        }
        v
    };
    let (_, off) = holdfast(&base);
    let (_, again) = holdfast(&base);
    let off = untimed(off);
    assert_eq!(off, untimed(again), "without --learn every run is the same");
    for p in off["players"].as_array().unwrap() {
        assert_eq!(p["roster"]["learned"], false, "{p}");
    }
    let mut learning = base.to_vec();
    learning.push("--learn");
    let (code, on) = holdfast(&learning);
    assert_eq!(code, 0);
    let squire = &on["players"][1]["roster"];
    assert_eq!(squire["learned"], true);
    assert_ne!(squire["weights"], off["players"][1]["roster"]["weights"]);
}

#[test]
fn balance_reports_each_seats_share_with_its_interval() {
    let (code, out) = holdfast(&[
        "balance",
        "fortress",
        "--games",
        "12",
        "--player",
        "random",
        "--setup",
        r#"{"players":3}"#,
    ]);
    assert_eq!(code, 0);
    let map = &out["maps"][0];
    let share: Vec<f64> = map["share"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_f64().unwrap())
        .collect();
    assert_eq!(share.len(), 3);
    assert!((share.iter().sum::<f64>() - 1.0).abs() < 0.01, "{share:?}");
    for (s, iv) in map["interval"].as_array().unwrap().iter().enumerate() {
        let (lo, hi) = (iv[0].as_f64().unwrap(), iv[1].as_f64().unwrap());
        assert!(lo <= share[s] + 1e-3 && share[s] <= hi + 1e-3);
    }
    assert_eq!(
        map["fair"].as_bool(),
        Some(map["largest_gap"].as_f64().unwrap() <= 0.05)
    );
    let (code, _) = holdfast(&["balance", "fortress", "--games", "0"]);
    assert_eq!(code, 2);
    let (code, _) = holdfast(&["balance", "chess"]);
    assert_eq!(code, 2);
}

#[test]
fn balance_tries_generated_maps_seed_by_seed() {
    let (code, out) = holdfast(&[
        "balance",
        "fortress",
        "--setup",
        r#"{"map":"generated","players":2}"#,
        "--seeds",
        "3..5",
        "--games",
        "6",
        "--screen",
        "2",
        "--player",
        "random",
    ]);
    assert_eq!(code, 0);
    let tried = out["tried"].as_array().unwrap();
    let seeds: Vec<u64> = tried.iter().map(|t| t["seed"].as_u64().unwrap()).collect();
    assert!(
        !seeds.is_empty() && seeds.len() <= 3 && seeds[0] == 3,
        "{seeds:?}"
    );
    for t in tried {
        // Kept only when measured in full and fair.
        let fair = t["fair"].as_bool().unwrap();
        assert!(!fair || t["games"] == 6, "{t}");
        let listed = out["fair_seeds"].as_array().unwrap().contains(&t["seed"]);
        assert_eq!(fair, listed, "{t}");
    }
    for bad in ["5..3", "x..4", "3-5"] {
        let (code, _) = holdfast(&["balance", "fortress", "--seeds", bad]);
        assert_eq!(code, 2, "{bad}");
    }
    // Only a generated map changes with its seed.
    let (code, _) = holdfast(&["balance", "fortress", "--seeds", "1..2", "--games", "2"]);
    assert_eq!(code, 2);
}
