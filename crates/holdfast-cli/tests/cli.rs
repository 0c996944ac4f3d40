//! The `holdfast` binary on the committed fixture records (`tests/fixtures/`).

use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};

use serde_json::Value;

fn holdfast(args: &[&str], stdin: Option<&str>) -> (i32, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_holdfast"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("run holdfast");
    if let Some(text) = stdin {
        child
            .stdin
            .take()
            .unwrap()
            .write_all(text.as_bytes())
            .unwrap();
    } else {
        drop(child.stdin.take());
    }
    let out = child.wait_with_output().unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).to_string(),
    )
}

#[test]
fn replay_prints_the_expected_json_for_every_fixture() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/fixtures");
    let mut n = 0;
    for e in std::fs::read_dir(&dir).unwrap().flatten() {
        let path = e.path();
        let v: Value = serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
        let file = tempfile(&v["record"].to_string());
        let (status, out) = holdfast(&["replay", file.to_str().unwrap()], None);
        let got: Value =
            serde_json::from_str(out.trim()).unwrap_or_else(|e| panic!("{path:?}: {e}: {out}"));
        let expect = &v["expect"];
        let want_status = match (&expect["ok"], expect["error"].get("index")) {
            (Value::Bool(false), Some(_)) => 1,
            (Value::Bool(false), None) => 2,
            _ => 0,
        };
        assert_eq!(status, want_status, "{path:?}: {out}");
        for (k, want) in expect.as_object().unwrap() {
            match k.as_str() {
                "error" => assert_eq!(got["error"].get("index"), want.get("index"), "{path:?}"),
                "walls" | "winners" => {
                    let set = |v: &Value| {
                        let mut a: Vec<String> = v
                            .as_array()
                            .map(|a| a.iter().map(|x| x.to_string()).collect())
                            .unwrap_or_default();
                        a.sort();
                        a
                    };
                    assert_eq!(set(&got[k]), set(want), "{path:?}: field {k}");
                }
                _ => assert_eq!(&got[k], want, "{path:?}: field {k}"),
            }
        }
        // The same record on standard input gives the same answer.
        let (status2, out2) = holdfast(&["replay", "-"], Some(&v["record"].to_string()));
        assert_eq!((status2, out2), (status, out.clone()));
        // And so does its link, given in place of the file, whole or as a fragment
        // (a record that cannot be read has no link).
        let (link_status, link) = holdfast(&["link", file.to_str().unwrap()], None);
        if link_status == 0 {
            let link = link.trim();
            assert!(
                link.starts_with("#c=") || link.starts_with("#record="),
                "{link}"
            );
            assert_eq!(
                holdfast(&["replay", link], None),
                (status, out.clone()),
                "{path:?}"
            );
            let (_, whole) = holdfast(
                &[
                    "link",
                    file.to_str().unwrap(),
                    "--base",
                    "https://example.org/h/",
                ],
                None,
            );
            assert_eq!(whole.trim(), format!("https://example.org/h/{link}"));
            assert_eq!(
                holdfast(&["replay", whole.trim()], None),
                (status, out.clone())
            );
            // And its text (a header and a move a line), from a file or standard input.
            let (text_status, text) = holdfast(&["text", file.to_str().unwrap()], None);
            assert_eq!(text_status, 0);
            assert!(text.starts_with("Holdfast game record\n"), "{text}");
            let as_text = tempfile(&text);
            assert_eq!(
                holdfast(&["replay", as_text.to_str().unwrap()], None),
                (status, out.clone()),
                "{path:?}: {text}"
            );
            assert_eq!(holdfast(&["replay", "-"], Some(&text)), (status, out));
        } else {
            assert_eq!(status, 2, "{path:?}: only a malformed record has no link");
        }
        n += 1;
    }
    assert!(n >= 10);
}

fn tempfile(text: &str) -> std::path::PathBuf {
    use std::sync::atomic::{AtomicU32, Ordering};
    static N: AtomicU32 = AtomicU32::new(0);
    let p = std::env::temp_dir().join(format!(
        "holdfast-cli-{}-{}.json",
        std::process::id(),
        N.fetch_add(1, Ordering::SeqCst)
    ));
    std::fs::write(&p, text).unwrap();
    p
}

#[test]
fn malformed_input_exits_with_two() {
    for text in [
        "",
        "{",
        "[]",
        r#"{"game": 3}"#,
        r#"{"game":"fortress","moves":"c3"}"#,
        r#"{"game":"fortress","setup":{"players":"two"}}"#,
        // Setups say what the rules allow, nothing more.
        r#"{"game":"citadel","setup":[13]}"#,
        r#"{"game":"citadel","setup":[]}"#,
        r#"{"game":"citadel","setup":null}"#,
        r#"{"game":"citadel","setup":{"size":9}}"#,
        r#"{"game":"citadel","setup":{"size":13,"players":4}}"#,
        r#"{"game":"fort","setup":{"size":13}}"#,
        r#"{"game":"fort","setup":[]}"#,
        r#"{"game":"fortress","setup":{"move_each":5}}"#,
        r#"{"game":"fortress","setup":"classic"}"#,
        r#"{"game":"frontier","setup":{"mode":2,"size":9}}"#,
        r#"{"game":"island-wars","setup":[null,4]}"#,
        r#"{"game":"island-wars","setup":{"map":"isles-3","width":5}}"#,
        r#"{"game":"island-wars","setup":{"players":3,"water":["a1"]}}"#,
        r#"{"game":"island-wars","setup":{"players":3,"seed":4}}"#,
        r#"{"game":"island-wars","setup":{"players":2,"width":5,"height":5,"water":["a1","a1"]}}"#,
    ] {
        let (status, out) = holdfast(&["replay", "-"], Some(text));
        assert_eq!(status, 2, "{text}: {out}");
        let v: Value = serde_json::from_str(out.trim()).unwrap();
        assert_eq!(v["ok"], false);
        assert!(v["error"]["reason"].as_str().is_some_and(|r| !r.is_empty()));
    }
    let (status, out) = holdfast(&["replay", "/no/such/file.json"], None);
    assert_eq!(status, 2, "{out}");
}

#[test]
fn usage_errors_exit_with_two() {
    assert_eq!(holdfast(&[], None).0, 2);
    assert_eq!(holdfast(&["frobnicate"], None).0, 2);
    assert_eq!(holdfast(&["bench", "chess"], None).0, 2);
    assert_eq!(holdfast(&["bench", "fort", "0.1", "extra"], None).0, 2);
    assert_eq!(holdfast(&["replay"], None).0, 2);
    assert_eq!(holdfast(&["link", "-", "--bogus"], None).0, 2);
    let (status, out) = holdfast(&["arena", "fort", "random", "random", "--games", "0"], None);
    assert_eq!(status, 2, "{out}");
    let (status, out) = holdfast(&["arena", "fort", "random", "--unknown"], None);
    assert_eq!(status, 2, "{out}");
}

#[test]
fn options_are_read_in_any_order_and_with_an_equals_sign() {
    // `--seed=7` and `--seed 7`, before or after the players: the same games.
    let a = holdfast(
        &[
            "arena", "fort", "random", "random", "--games", "2", "--seed=7",
        ],
        None,
    );
    let b = holdfast(
        &[
            "arena",
            "--seed",
            "7",
            "fort",
            "--games=2",
            "random",
            "random",
        ],
        None,
    );
    assert_eq!((a.0, b.0), (0, 0), "{}\n{}", a.1, b.1);
    // (The last line's timings differ from run to run.)
    let games = |out: &str| {
        out.lines()
            .filter(|l| l.starts_with("game "))
            .map(String::from)
            .collect::<Vec<_>>()
    };
    assert_eq!(games(&a.1).len(), 2);
    assert_eq!(games(&a.1), games(&b.1));
    let (status, record) = holdfast(&["playout", "fort", "standard", "3"], None);
    assert_eq!(status, 0);
    let (status, link) = holdfast(
        &["link", "-", "--base=https://example.org/x#old"],
        Some(&record),
    );
    assert_eq!(status, 0, "{link}");
    assert!(link.starts_with("https://example.org/x#c="), "{link}");
}

#[test]
fn bench_ends_with_a_json_line() {
    let (status, out) = holdfast(&["bench", "fortress", "0.2"], None);
    assert_eq!(status, 0);
    let last: Value = serde_json::from_str(out.lines().last().unwrap()).unwrap();
    assert_eq!(last["bench"][0]["game"], "fortress");
    assert_eq!(last["bench"][0]["variant"], "classic");
    assert!(last["bench"][0]["actions_per_s"].as_f64().unwrap() > 0.0);
    assert!(last["bench"][0]["legal_us"].as_f64().unwrap() >= 0.0);
    assert!(last["bench"][0]["legal_max_us"].as_f64().unwrap() >= 0.0);
    assert!(last["bench"][0]["check_us"].as_f64().unwrap() >= 0.0);
    let (status, out) = holdfast(&["bench", "frontier", "0.1"], None);
    assert_eq!(status, 0);
    let last: Value = serde_json::from_str(out.lines().last().unwrap()).unwrap();
    let variants: Vec<&str> = last["bench"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v["variant"].as_str().unwrap())
        .collect();
    assert_eq!(variants, ["mode1", "mode2", "mode3"]);
    for v in last["bench"].as_array().unwrap() {
        assert!(v["playouts_per_s"].as_f64().unwrap() > 0.0, "{v}");
    }
    assert_eq!(out.lines().count(), 4, "a line a variant, then the JSON");
}

#[test]
fn bench_all_covers_every_game() {
    let (status, out) = holdfast(&["bench", "all", "0.05"], None);
    assert_eq!(status, 0);
    let last: Value = serde_json::from_str(out.lines().last().unwrap()).unwrap();
    let games: std::collections::BTreeSet<&str> = last["bench"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v["game"].as_str().unwrap())
        .collect();
    assert_eq!(games.len(), holdfast_rules::catalogue::ids().len());
}

#[test]
fn bench_refuses_bad_durations() {
    for bad in ["0", "-1", "inf", "1e308", "NaN", "soon"] {
        assert_eq!(holdfast(&["bench", "fort", bad], None).0, 2, "{bad}");
    }
}

#[test]
fn playout_prints_a_record_that_replays() {
    let (status, out) = holdfast(&["playout", "citadel", "13x13", "5"], None);
    assert_eq!(status, 0, "{out}");
    let record: Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(record["setup"]["size"], 13);
    assert!(record["moves"].as_array().unwrap().len() > 20);
    let (status, replayed) = holdfast(&["replay", "-"], Some(&out));
    assert_eq!(status, 0, "{replayed}");
    assert_eq!(holdfast(&["playout", "citadel", "9x9"], None).0, 2);
    assert_eq!(holdfast(&["playout", "chess"], None).0, 2);
}

#[test]
fn arena_plays_seat_rotated_games_that_replay() {
    let dir = std::env::temp_dir().join(format!("holdfast-arena-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let args = [
        "arena",
        "fortress",
        "level1",
        "random",
        "--games",
        "4",
        "--seed",
        "9",
        "--records",
        dir.to_str().unwrap(),
    ];
    let (code, out) = holdfast(&args, None);
    assert_eq!(code, 0, "{out}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 5, "a line a game, then JSON: {out}");
    // Seats rotate: level1 sits first in games 1 and 3, second in 2 and 4.
    assert!(lines[0].starts_with("game 1/4: level1 "), "{}", lines[0]);
    assert!(lines[1].starts_with("game 2/4: random "), "{}", lines[1]);
    let last: Value = serde_json::from_str(lines[4]).unwrap();
    assert_eq!(last["game"], "fortress");
    assert_eq!(last["games"], 4);
    assert_eq!(last["setup"]["map"], "classic");
    let players = last["players"].as_array().unwrap();
    assert_eq!(players[0]["player"], "level1");
    assert_eq!(players[1]["player"], "random");
    for p in players {
        let n = ["wins", "draws", "losses"].map(|k| p[k].as_u64().unwrap());
        assert_eq!(n.iter().sum::<u64>(), 4);
        assert!(p["mean_ms"].as_f64().unwrap() <= p["max_ms"].as_f64().unwrap());
    }
    // Reproducible from the seed (all but the thinking times).
    let (_, again) = holdfast(&args, None);
    let again: Vec<&str> = again.lines().collect();
    assert_eq!(again[..4], lines[..4]);
    let again: Value = serde_json::from_str(again[4]).unwrap();
    for (a, b) in again["players"].as_array().unwrap().iter().zip(players) {
        for k in ["wins", "draws", "losses", "avg_score"] {
            assert_eq!(a[k], b[k]);
        }
    }
    // Every record replays to the end.
    let mut records = 0;
    for e in std::fs::read_dir(&dir).unwrap().flatten() {
        let (code, report) = holdfast(&["replay", e.path().to_str().unwrap()], None);
        assert_eq!(code, 0, "{report}");
        let v: Value = serde_json::from_str(&report).unwrap();
        assert_eq!(v["over"], true, "{report}");
        records += 1;
    }
    assert_eq!(records, 4);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn arena_refuses_bad_arguments_with_a_sentence() {
    for args in [
        &["arena", "fortress", "level1"][..],
        &["arena", "fortress", "level1", "level9"],
        &["arena", "chess", "random", "random"],
        &["arena", "fortress", "random", "random", "--games", "0"],
        &["arena", "fortress", "random", "random", "--games", "lots"],
        &["arena", "fortress", "random", "random", "--setup", "[1]"],
        &[
            "arena",
            "fortress",
            "random",
            "random",
            "--setup",
            "{\"map\": \"moon\"}",
        ],
        &["arena", "citadel", "random", "random", "random"],
        &["arena", "fortress", "random", "random", "--colour", "red"],
        // More actions than a record may hold.
        &[
            "arena",
            "fortress",
            "random",
            "random",
            "--max-actions",
            "500001",
        ],
    ] {
        let (code, out) = holdfast(args, None);
        assert_eq!(code, 2, "{args:?}: {out}");
    }
    // Island Wars takes its seats from the players given.
    let (code, out) = holdfast(
        &[
            "arena",
            "island-wars",
            "random",
            "random",
            "random",
            "random",
            "--games",
            "1",
        ],
        None,
    );
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("\"players\":4"), "{out}");
}

/// The reason of a refused record.
fn reason(out: &str) -> String {
    let v: Value = serde_json::from_str(out.trim()).unwrap_or_else(|e| panic!("{e}: {out}"));
    assert_eq!(v["ok"], false, "{out}");
    v["error"]["reason"]
        .as_str()
        .unwrap_or_default()
        .to_string()
}

#[test]
fn replay_refuses_input_over_the_limits_with_a_sentence_naming_them() {
    // A file past the size limit is refused without being read whole.
    let big = format!(
        r#"{{"game":"fort","moves":[],"names":["{}"]}}"#,
        "a".repeat(holdfast_rules::record::MAX_RECORD_BYTES)
    );
    let file = tempfile(&big);
    let (status, out) = holdfast(&["replay", file.to_str().unwrap()], None);
    assert_eq!(status, 2, "{}", &out[..out.len().min(300)]);
    assert!(
        reason(&out).contains("longer than 8,388,608 bytes"),
        "{out}"
    );
    // One move of 100,000 characters: refused, and not echoed back.
    let long = format!(r#"{{"game":"fort","moves":["{}"]}}"#, "e".repeat(100_000));
    let (status, out) = holdfast(&["replay", "-"], Some(&long));
    assert_eq!(status, 2);
    assert!(
        reason(&out).contains("move 1 is longer than 20,000 characters"),
        "{out}"
    );
    assert!(
        out.len() < 300,
        "the move is not echoed: {} bytes",
        out.len()
    );
    // A name too long, and more seats than any game has.
    let named = format!(r#"{{"game":"fort","names":["{}"]}}"#, "N".repeat(41));
    let (status, out) = holdfast(&["replay", "-"], Some(&named));
    assert_eq!(status, 2);
    assert!(reason(&out).contains("longer than 40 characters"), "{out}");
    let seats = r#"{"game":"fort","seats":["person","person","person","person","person","person","person"]}"#;
    let (status, out) = holdfast(&["replay", "-"], Some(seats));
    assert_eq!(status, 2);
    assert!(reason(&out).contains("at most 6 players"), "{out}");
}

#[test]
fn replay_reads_a_record_after_a_byte_order_mark() {
    let (status, out) = holdfast(
        &["replay", "-"],
        Some("\u{feff}{\"game\":\"fort\",\"moves\":[]}"),
    );
    assert_eq!(status, 0, "{out}");
}

#[test]
fn ladder_plays_each_player_against_the_next_and_rates_them_all() {
    let args = [
        "ladder",
        "fortress",
        "--players",
        "random,greedy,level1",
        "--games",
        "4",
        "--seed",
        "3",
    ];
    let (status, out) = holdfast(&args, None);
    assert_eq!(status, 0, "{out}");
    let last = out.lines().last().unwrap();
    let v: serde_json::Value = serde_json::from_str(last).unwrap();
    let pairings = v["pairings"].as_array().unwrap();
    assert_eq!(pairings.len(), 2, "{v}");
    assert_eq!(pairings[0]["player"], "greedy");
    assert_eq!(pairings[0]["against"], "random");
    assert_eq!(pairings[1]["player"], "level1");
    for p in pairings {
        let n = ["wins", "draws", "losses"].map(|k| p[k].as_u64().unwrap());
        assert_eq!(n.iter().sum::<u64>(), 4, "{p}");
    }
    let ratings = v["ratings"].as_array().unwrap();
    assert_eq!(ratings.len(), 3);
    assert_eq!(ratings[0]["elo"], 0.0);
    // Greedy and level 1 win every game here (seed 3): each step is the same
    // finite gap (the prior's drawn game), so level 1 sits at twice greedy's.
    assert_eq!(pairings[0]["wins"], 4, "{v}");
    assert_eq!(pairings[1]["wins"], 4, "{v}");
    let elo = |i: usize| ratings[i]["elo"].as_f64().unwrap();
    assert!(
        elo(1) > 100.0 && (elo(2) - 2.0 * elo(1)).abs() <= 2.0,
        "{v}"
    );
    // Reproducible from the seed; bad arguments are refused.
    assert_eq!(holdfast(&args, None).1, out);
    let (status, _) = holdfast(&["ladder", "fortress", "--players", "level1"], None);
    assert_eq!(status, 2);
    let (status, _) = holdfast(&["ladder", "fortress", "--players", "level1,level9"], None);
    assert_eq!(status, 2);
}

#[test]
fn calibrate_compares_the_search_s_values_with_outcomes_by_tenths() {
    let args = [
        "calibrate",
        "fortress",
        "--games",
        "5",
        "--iterations",
        "200",
        "--seed",
        "2",
        "--fit",
    ];
    let (status, out) = holdfast(&args, None);
    assert_eq!(status, 0, "{out}");
    let v: serde_json::Value = serde_json::from_str(out.lines().last().unwrap()).unwrap();
    let decisions = v["decisions"].as_u64().unwrap();
    // Five games of 42 moves, every one searched but forced ones.
    assert!(decisions > 170 && decisions <= 210, "{decisions}");
    // The fits are made on four games and measured on the fifth.
    let apart = v["fit"]["apart"]["decisions"].as_u64().unwrap();
    assert!(apart > 30 && apart <= 42, "{apart}");
    for (table, n) in [
        (&v["raw"], decisions),
        (&v["engine"], decisions),
        (&v["fit"]["raw"], decisions - apart),
        (&v["fit"]["table"], decisions - apart),
        (&v["fit"]["monotone"], decisions - apart),
        (&v["fit"]["apart"]["raw"], apart),
        (&v["fit"]["apart"]["curve"], apart),
        (&v["fit"]["apart"]["monotone"], apart),
    ] {
        let tenths = table["tenths"].as_array().unwrap();
        let counted: u64 = tenths
            .iter()
            .map(|t| t["decisions"].as_u64().unwrap())
            .sum();
        assert_eq!(counted, n, "{table}");
        for t in tenths {
            let (i, p) = (
                t["tenth"].as_f64().unwrap(),
                t["predicted"].as_f64().unwrap(),
            );
            assert!(p >= i / 10.0 - 1e-3 && p <= (i + 1.0) / 10.0 + 1e-3, "{t}");
            assert!((0.0..=1.0).contains(&t["won"].as_f64().unwrap()));
        }
        let brier = table["brier"].as_f64().unwrap();
        assert!(brier > 0.0 && brier < 1.0);
    }
    // The fitted curve fits the games it was fitted on at least as well as the raw
    // values.
    // (It minimises log loss, not the Brier score, so this holds for this seed.)
    let brier = |t: &serde_json::Value| t["brier"].as_f64().unwrap();
    assert!(brier(&v["fit"]["table"]) <= brier(&v["fit"]["raw"]), "{v}");
    // So does the monotone table (pooled runs of decisions, each at its own share
    // of wins; this holds for this seed), and its points rise.
    assert!(
        brier(&v["fit"]["monotone"]) <= brier(&v["fit"]["raw"]),
        "{v}"
    );
    let points = v["fit"]["points"].as_array().unwrap();
    assert!(!points.is_empty());
    let xy = |p: &serde_json::Value| (p[0].as_f64().unwrap(), p[1].as_f64().unwrap());
    assert!(points.windows(2).all(|w| {
        let (a, b) = (xy(&w[0]), xy(&w[1]));
        a.0 <= b.0 && a.1 <= b.1
    }));
    // Fortress ships a fitted estimate, so the engine's chance is not the value.
    assert_ne!(v["engine"], v["raw"], "{v}");
    // The analysis's chance at the start of every entry (21 a seat a game, the
    // seats in turn), tabled, and its look tables fitted and measured on the
    // fifth game: the chance as it is, through one table, through one a seat.
    let looks = v["fit"]["look_table"]["looks"].as_array().unwrap();
    assert_eq!(looks.len(), 210);
    let seats: Vec<u64> = looks.iter().map(|l| l[3].as_u64().unwrap()).collect();
    assert!(seats.iter().enumerate().all(|(i, &s)| s == i as u64 % 2));
    assert!(looks
        .iter()
        .all(|l| (0.0..=1.0).contains(&l[0].as_f64().unwrap())));
    let counted = |t: &serde_json::Value| -> u64 {
        let tenths = t["tenths"].as_array().unwrap();
        tenths
            .iter()
            .map(|t| t["decisions"].as_u64().unwrap())
            .sum()
    };
    assert_eq!(counted(&v["analysis"]), 210);
    for t in ["raw", "one", "each"] {
        assert_eq!(counted(&v["fit"]["look_table"]["apart"][t]), 42, "{t}");
    }
    assert_eq!(v["fit"]["look_table"]["seats"].as_array().unwrap().len(), 2);
    assert!(out.contains(
        "LookTable { key: \"fortress\", players: 2, cells: 36, seat: Some(1), points: &["
    ));
    assert_eq!(holdfast(&args, None).1, out, "reproducible from its seed");
    // Where a look table is shipped (Citadel 13x13), the analysis's table is of the
    // chances shown through it, the looks dumped are the search's own.
    let citadel = [
        "calibrate",
        "citadel",
        "--variant",
        "13x13",
        "--games",
        "5",
        "--iterations",
        "100",
        "--seed",
        "3",
        "--fit",
        "--max-actions",
        "40",
    ];
    let (status, out) = holdfast(&citadel, None);
    assert_eq!(status, 0, "{out}");
    let c: serde_json::Value = serde_json::from_str(out.lines().last().unwrap()).unwrap();
    let looks = c["fit"]["look_table"]["looks"].as_array().unwrap();
    // Each look shown as the app shows it, counted by tenths.
    let mut counts = [0u64; 10];
    let mut moved = 0;
    for l in looks {
        let (raw, seat) = (
            l[0].as_f64().unwrap() as f32,
            l[3].as_u64().unwrap() as usize,
        );
        let mut two = [1.0 - raw; 2];
        two[seat] = raw;
        let shown =
            holdfast_search::calibration::shown_chances("citadel", 2, 169, Some(seat), &two)[seat];
        moved += usize::from((shown - raw).abs() > 1e-3);
        counts[((shown * 10.0) as usize).min(9)] += 1;
    }
    assert!(moved > 0, "the table moves some looks");
    let mut tabled = [0u64; 10];
    for t in c["analysis"]["tenths"].as_array().unwrap() {
        tabled[t["tenth"].as_u64().unwrap() as usize] = t["decisions"].as_u64().unwrap();
    }
    assert_eq!(tabled, counts);
    assert_eq!(holdfast(&["calibrate"], None).0, 2);
    // Four games leave none to measure a fit on.
    let few = [
        "calibrate",
        "fortress",
        "--games",
        "4",
        "--iterations",
        "20",
        "--fit",
    ];
    let (status, out) = holdfast(&few, None);
    assert_eq!(status, 2, "{out}");
    assert_eq!(
        holdfast(&["calibrate", "fortress", "--variant", "nope"], None).0,
        2
    );
}

#[test]
fn train_fits_an_estimate_that_beats_even_chances_and_prints_the_model() {
    let args = [
        "train",
        "frontier",
        "--variant",
        "mode1",
        "--games",
        "10",
        "--iterations",
        "100",
        "--seed",
        "3",
    ];
    let (status, out) = holdfast(&args, None);
    assert_eq!(status, 0, "{out}");
    let v: serde_json::Value = serde_json::from_str(out.lines().last().unwrap()).unwrap();
    assert_eq!(v["key"], "frontier-mode1");
    // One feature a seat in Frontier: 2 * 1 + 2 weights.
    assert_eq!(v["weights"].as_array().unwrap().len(), 4, "{v}");
    let ce = |k: &str| v[k]["cross_entropy"].as_f64().unwrap();
    assert!(ce("fitted") < ce("even"), "{v}");
    assert!(v["positions"]["measured"].as_u64().unwrap() > 0);
    // The line for models.rs, with the command that makes it again.
    assert!(
        out.contains(
            "// holdfast train frontier --variant mode1 --games 10 --seed 3 --iterations 100\n"
        ),
        "{out}"
    );
    assert!(
        out.contains("Model { key: \"frontier-mode1\", features: 1, weights: &["),
        "{out}"
    );
    assert_eq!(holdfast(&args, None).1, out, "reproducible from its seed");
    // Variants that need two models, and a variant that is not one.
    assert_eq!(
        holdfast(&["train", "frontier", "--variant", "mode1,mode3"], None).0,
        2
    );
    assert_eq!(holdfast(&["train", "fort", "--variant", "nope"], None).0, 2);
    assert_eq!(holdfast(&["train"], None).0, 2);
}

/// `holdfast analyse`: a line for each entry, then one for each seat; the same
/// lines again from the same seed and iterations, from the record's link too; a
/// record with a refused entry is refused with a sentence and exit status 1.
#[test]
fn analyse_judges_every_entry_reproducibly() {
    for (game, variant) in [("fortress", "classic"), ("fort", "standard")] {
        let (code, record) = holdfast(&["playout", game, variant, "4"], None);
        assert_eq!(code, 0);
        let mut v: Value = serde_json::from_str(record.trim()).unwrap();
        // Fort's random games are long: its first 30 entries.
        let moves = v["moves"].as_array_mut().unwrap();
        moves.truncate(30);
        let entries: Vec<String> = moves
            .iter()
            .map(|m| m.as_str().unwrap().to_string())
            .collect();
        let file = tempfile(&v.to_string());
        let path = file.to_str().unwrap();
        let args = ["analyse", path, "--iterations", "400", "--seed", "3"];
        let (code, out) = holdfast(&args, None);
        assert_eq!(code, 0, "{out}");
        let lines: Vec<Value> = out
            .lines()
            .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}")))
            .collect();
        assert_eq!(lines.len(), entries.len() + 2, "{out}");
        for (i, d) in lines[..entries.len()].iter().enumerate() {
            assert_eq!(d["entry"], i + 1, "{d}");
            assert_eq!(d["seat"], i % 2, "{game} {d}");
            let class = d["class"].as_str().unwrap();
            assert!(
                ["best", "good", "inaccuracy", "mistake", "blunder"].contains(&class),
                "{d}"
            );
            assert_eq!(class == "best", d["best"] == d["played"], "{d}");
            let sum: f64 = d["before"]
                .as_array()
                .unwrap()
                .iter()
                .map(|c| c.as_f64().unwrap())
                .sum();
            assert!((sum - 1.0).abs() < 1e-3, "{d}");
        }
        // Entries written as the record has them (Fortress's are already canonical).
        if game == "fortress" {
            for (d, e) in lines.iter().zip(&entries) {
                assert_eq!(d["played"], e.as_str());
            }
        }
        let mut classes = 0;
        for (s, line) in lines[entries.len()..].iter().enumerate() {
            let sum = &line["summary"];
            assert_eq!(sum["seat"], s, "{line}");
            let acc = sum["accuracy"].as_f64().unwrap();
            assert!((0.0..=100.0).contains(&acc), "{line}");
            classes += sum["classes"]
                .as_object()
                .unwrap()
                .values()
                .map(|n| n.as_u64().unwrap())
                .sum::<u64>();
        }
        assert_eq!(classes as usize, entries.len());
        assert_eq!(
            holdfast(&args, None),
            (0, out.clone()),
            "the same seed again"
        );
        let (_, link) = holdfast(&["link", path], None);
        let (code, from_link) = holdfast(
            &["analyse", link.trim(), "--iterations", "400", "--seed", "3"],
            None,
        );
        assert_eq!((code, from_link), (0, out.clone()), "from the link");
    }
    let bad = tempfile(r#"{"game": "fortress", "moves": ["a1", "a1", "b2", "zz"]}"#);
    let (code, out) = holdfast(&["analyse", bad.to_str().unwrap()], None);
    assert_eq!((code, out.as_str()), (1, ""));
}

/// `holdfast refit` on a made-up calibrate run: looks that are too sure (a look of
/// 0.8 won 60% of the time, of 0.2 40%) come back through a curve that is not,
/// measured on games each curve was not fitted on, and a look table line to ship.
#[test]
fn refit_fits_a_curve_by_cross_validation_and_prints_its_look_table() {
    let mut looks = Vec::new();
    for game in 0..50u32 {
        for k in 0..20u32 {
            let (chance, seat) = if k % 2 == 0 { (0.8, 0) } else { (0.2, 1) };
            // The seat at 0.8 wins three games in five, the other two in five.
            let won = match seat {
                0 => (game + k) % 5 < 3,
                _ => (game + k) % 5 < 2,
            };
            looks.push(serde_json::json!([chance, won as u8, game, seat]));
        }
    }
    let run = serde_json::json!({ "game": "fort", "setups": [{}],
        "fit": { "look_table": { "looks": looks } } });
    let file = tempfile(&format!("game 1/50: ...\n{run}\n"));
    let (code, out) = holdfast(&["refit", file.to_str().unwrap()], None);
    assert_eq!(code, 0, "{out}");
    let last: Value = serde_json::from_str(out.lines().last().unwrap()).unwrap();
    assert_eq!(
        (last["looks"].as_u64(), last["games"].as_u64()),
        (Some(1000), Some(50))
    );
    let gap = last["measured"]["largest_gap"].as_f64().unwrap();
    assert!(gap < 0.05, "{gap}: {out}");
    assert!(
        out.contains("LookTable { key: \"fort\", players: 2, cells: 61, seat: None"),
        "{out}"
    );
    // Not a calibrate run: a plain sentence, not a panic.
    let bad = tempfile("nothing here");
    let (code, _) = holdfast(&["refit", bad.to_str().unwrap()], None);
    assert_ne!(code, 0);
}
