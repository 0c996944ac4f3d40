//! `holdfast match` at its edges: records, three engines, an SPRT that stops early,
//! and engines that stop reading their input; run through the built binary.

use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::sync::mpsc::channel;
use std::time::Duration;

use serde_json::Value;

const BIN: &str = env!("CARGO_BIN_EXE_holdfast");

/// A short Fortress: six placements each.
const SHORT: &str = r#"{"map":"square-8","moves_each":6}"#;

/// Runs the binary with `args` and no input, failing the test if it has not ended
/// within `limit` (so that a hang fails rather than holds the tests up); its exit
/// code, output and errors.
fn run_within(args: &[&str], limit: Duration) -> (i32, String, String) {
    let child = Command::new(BIN)
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let pid = child.id();
    let (tx, rx) = channel();
    std::thread::spawn(move || tx.send(child.wait_with_output()));
    let Ok(out) = rx.recv_timeout(limit) else {
        let _ = Command::new("kill").arg(pid.to_string()).status();
        panic!("holdfast {args:?} had not ended after {limit:?}");
    };
    let out = out.unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).to_string(),
        String::from_utf8_lossy(&out.stderr).to_string(),
    )
}

fn run(args: &[&str]) -> (i32, String, String) {
    run_within(args, Duration::from_secs(600))
}

/// A match that must succeed: its per-game lines, its final JSON and its output.
fn match_ok(args: &[&str]) -> (Vec<String>, Value, String) {
    let mut all = vec!["match"];
    all.extend_from_slice(args);
    let (status, out, err) = run(&all);
    assert_eq!(status, 0, "{err}\n{out}");
    let games = out
        .lines()
        .filter(|l| l.starts_with("game "))
        .map(String::from);
    let last: Value = serde_json::from_str(out.lines().last().unwrap()).unwrap();
    (games.collect(), last, out)
}

/// A script engine that answers every `go` with a pass (and reads each command).
const PASSER: &str = "while read l; do case $l in holdfast) echo 'id name passer'; echo ok;; \
     go*) echo 'info chance none iterations 0 ms 0 line pass'; echo 'bestmove pass';; \
     quit) exit 0;; *) echo ok;; esac; done";

#[test]
fn a_match_writes_each_game_as_a_record_that_replays_to_its_result() {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("match-records");
    let _ = std::fs::remove_dir_all(&dir);
    let engine = format!("{BIN} engine");
    let dir_arg = dir.to_str().unwrap();
    let (games, summary, out) = match_ok(&[
        "--engine",
        &engine,
        "--engine",
        PASSER,
        "fortress",
        "--setup",
        SHORT,
        "--games",
        "4",
        "--iterations",
        "30",
        "--openings",
        "2",
        "--records",
        dir_arg,
    ]);
    assert_eq!(games.len(), 4, "{out}");
    let mut files: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|f| f.unwrap().file_name().to_string_lossy().to_string())
        .collect();
    files.sort();
    let want: Vec<String> = (1..=4).map(|i| format!("game-{i:05}.json")).collect();
    assert_eq!(files, want, "one record a game");
    let mut openings = Vec::new();
    for (i, line) in games.iter().enumerate() {
        let path = dir.join(&files[i]);
        let record: Value = serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
        assert_eq!(record["game"], "fortress");
        assert_eq!(record["setup"], summary["setup"]);
        // Seat s of game i is engine (s + i) mod 2, and the record names it so.
        let names: Vec<String> = (0..2)
            .map(|s| format!("engine {}", (s + i) % 2 + 1))
            .collect();
        assert_eq!(record["names"], serde_json::json!(names), "{record}");
        // The opening's two entries, then the engines' own, seat by seat: the
        // passer (engine 2) passed at every turn of its own, the real engine did not.
        let moves: Vec<&str> = record["moves"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m.as_str().unwrap())
            .collect();
        assert!(moves.len() > 4, "{moves:?}");
        openings.push(moves[..2].join(" "));
        let by = |engine: usize| {
            (2..moves.len())
                .filter(move |j| (j % 2 + i) % 2 + 1 == engine)
                .map(|j| moves[j])
                .collect::<Vec<_>>()
        };
        assert!(by(2).iter().all(|&m| m == "pass"), "{moves:?}");
        assert!(by(1).iter().any(|&m| m != "pass"), "{moves:?}");
        // `holdfast replay` reads it back to the end and the scores the line gave.
        let (status, shown, err) = run(&["replay", path.to_str().unwrap()]);
        assert_eq!(status, 0, "{err}");
        let shown: Value = serde_json::from_str(&shown).unwrap();
        assert_eq!(shown["ok"], true, "{shown}");
        assert_eq!(shown["over"], true, "{shown}");
        assert_eq!(shown["ply"], moves.len(), "{shown}");
        let scores: Vec<String> = (0..2)
            .map(|s| format!("{} {}", names[s], shown["scores"][s]))
            .collect();
        let scores = format!("(opening {}): {}: ", i / 2 + 1, scores.join(", "));
        assert!(line.contains(&scores), "{line} / {scores}");
    }
    // Games 1 and 2 share opening 1, games 3 and 4 opening 2.
    assert_eq!(openings[0], openings[1]);
    assert_eq!(openings[2], openings[3]);
    assert_eq!(summary["engines"][1]["wins"], 0, "{out}");
}

#[test]
fn three_engines_take_every_seat_of_three_in_turn_and_their_totals_add_up() {
    let engines = ["level1", "random", "greedy"].map(|p| format!("{BIN} engine --player {p}"));
    let mut args = vec!["fortress", "--setup", SHORT, "--games", "6", "--seed", "7"];
    for e in &engines {
        args.extend(["--engine", e.as_str()]);
    }
    let (games, summary, out) = match_ok(&args);
    // A setup that names no players takes one seat an engine.
    assert!(out.starts_with("match: fortress "), "{out}");
    assert!(out.lines().next().unwrap().ends_with(", 3 seats"), "{out}");
    assert_eq!(summary["setup"]["players"], 3, "{summary}");
    assert_eq!(summary["games"], 6);
    assert_eq!(games.len(), 6, "{out}");
    // Game i (from 0) seats engine (s + i) mod 3 in seat s; each opening is played
    // from the three rotations.
    for (i, line) in games.iter().enumerate() {
        let seated: Vec<String> = (0..3)
            .map(|s| format!("engine {} ", (s + i) % 3 + 1))
            .collect();
        let head = format!("game {}/6 (opening {}): ", i + 1, i / 3 + 1);
        assert!(line.starts_with(&head), "{line}");
        let mut rest = &line[head.len()..];
        for (s, who) in seated.iter().enumerate() {
            assert!(rest.starts_with(who.as_str()), "seat {s}: {line}");
            rest = rest.split_once(", ").map_or("", |(_, r)| r);
        }
    }
    let e = &summary["engines"];
    let n = |i: usize, k: &str| e[i][k].as_u64().unwrap();
    let mut wins = 0;
    for i in 0..3 {
        assert_eq!(
            n(i, "wins") + n(i, "draws") + n(i, "losses"),
            6,
            "{summary}"
        );
        let said = games
            .iter()
            .filter(|g| g.ends_with(&format!("engine {} wins", i + 1)))
            .count() as u64;
        assert_eq!(said, n(i, "wins"), "{out}");
        let score = (n(i, "wins") as f64 + n(i, "draws") as f64 / 2.0) / 6.0;
        assert!(
            (e[i]["score"].as_f64().unwrap() - score).abs() < 1e-3,
            "{summary}"
        );
        assert_eq!(n(i, "failures"), 0, "{out}");
        wins += n(i, "wins");
    }
    // A game has one winner or is a draw, and a draw's losers lose.
    let draws = games.iter().filter(|g| g.ends_with("a draw")).count() as u64;
    assert_eq!(wins + draws, 6, "{out}");
    let draw_or_lose: u64 = (0..3).map(|i| n(i, "draws") + n(i, "losses")).sum();
    assert_eq!(draw_or_lose, 2 * wins + 3 * draws, "{summary}");
    // More engines than seats is refused before any game.
    let two = r#"{"map":"square-8","players":2}"#;
    let mut args = vec!["match", "fortress", "--setup", two];
    for e in &engines {
        args.extend(["--engine", e.as_str()]);
    }
    let (status, out, err) = run(&args);
    assert_eq!(status, 2, "{out}");
    assert!(err.contains("at most 2 engines"), "{err}");
}

#[test]
fn an_sprt_stops_as_soon_as_a_clear_result_crosses_its_bound() {
    let random = format!("{BIN} engine --player random");
    let level1 = format!("{BIN} engine --player level1");
    let args = |concurrency: &'static str| {
        vec![
            "--engine".to_string(),
            random.clone(),
            "--engine".into(),
            level1.clone(),
            "fortress".into(),
            "--setup".into(),
            SHORT.into(),
            "--games".into(),
            "40".into(),
            "--seed".into(),
            "3".into(),
            "--sprt".into(),
            "0,200".into(),
            "--concurrency".into(),
            concurrency.into(),
        ]
    };
    let two: Vec<String> = args("2");
    let (games, summary, out) = match_ok(&two.iter().map(String::as_str).collect::<Vec<_>>());
    let played = summary["games"].as_u64().unwrap();
    // Stopped early, after a whole round of seat rotations, with every game it
    // counts printed (games still under way when it stopped are left out).
    assert!(played < 40, "{out}");
    assert_eq!(played % 2, 0, "{out}");
    assert_eq!(games.len() as u64, played, "{out}");
    let sprt = &summary["sprt"];
    assert_eq!(sprt["verdict"], "H1", "{summary}");
    assert!(sprt["llr"].as_f64().unwrap() >= sprt["upper"].as_f64().unwrap());
    assert!(
        (sprt["upper"].as_f64().unwrap() - 2.944).abs() < 1e-3,
        "{sprt}"
    );
    assert_eq!(sprt["elo0"], 0.0);
    assert_eq!(sprt["elo1"], 200.0);
    let said = out.lines().rev().nth(1).unwrap();
    let head = format!("SPRT elo0 0, elo1 200 after {played} games: LLR ");
    assert!(said.starts_with(&head), "{said}");
    assert!(
        said.ends_with("(bounds -2.944, 2.944): H1 accepted: engine 2 is 200 Elo better, not 0"),
        "{said}"
    );
    // One game at a time plays, prints and stops the same.
    let one: Vec<String> = args("1");
    let (again, summary_again, _) = match_ok(&one.iter().map(String::as_str).collect::<Vec<_>>());
    assert_eq!(again, games);
    assert_eq!(summary_again["sprt"], summary["sprt"]);
}

/// A match of `n` games between a real engine and `deaf`, which loses every one
/// by failing; the match must end within a minute. Its game lines.
fn against(deaf: &str, setup: &str, n: usize) -> Vec<String> {
    let engine = format!("{BIN} engine");
    let args = [
        "match",
        "--engine",
        &engine,
        "--engine",
        deaf,
        "frontier",
        "--setup",
        setup,
        "--games",
        &n.to_string(),
        "--iterations",
        "1",
        "--openings",
        "0",
        "--timeout-ms",
        "300",
    ];
    let (status, out, err) = run_within(&args, Duration::from_secs(60));
    assert_eq!(status, 0, "{err}\n{out}");
    let games: Vec<String> = out
        .lines()
        .filter(|l| l.starts_with("game "))
        .map(String::from)
        .collect();
    assert_eq!(games.len(), n, "{out}");
    let summary: Value = serde_json::from_str(out.lines().last().unwrap()).unwrap();
    assert_eq!(summary["engines"][1]["failures"], n, "{out}");
    assert_eq!(summary["engines"][0]["wins"], n, "{out}");
    games
}

#[test]
fn an_engine_that_stops_reading_its_input_loses_and_never_holds_the_match_up() {
    // The biggest of Frontier's fields, all water but the cities and their
    // neighbours: a setup line of about 6 KB, sent at the start of every game.
    let (width, height) = (40, 26);
    let keep = ["a1", "a2", "b1", "z40", "z39", "y40"];
    let water: Vec<String> = (0..height)
        .flat_map(|r| (1..=width).map(move |c| format!("{}{c}", (b'a' + r) as char)))
        .filter(|cell| !keep.contains(&cell.as_str()))
        .collect();
    let setup = serde_json::json!({
        "mode": 2, "width": width, "height": height, "cities": ["a1", "z40"],
        "turns": 1, "water": water,
    })
    .to_string();
    assert!(setup.len() > 6000);
    // An engine that shakes hands, then answers every command in advance (a
    // stream of `ok` and an illegal `bestmove`, which each ask reads up to the
    // line it waits for) and never reads again. It loses each game by its move,
    // and what the match writes to it piles up in the pipe: after some 10 games
    // (a pipe holds 64 KiB) a write blocks. Before the writer thread, the match
    // blocked there for good.
    let deaf = "read l; echo 'id name deaf'; echo ok; i=0; \
         while [ $i -lt 2000 ]; do echo ok; echo bestmove zz; i=$((i+1)); done; exec sleep 60";
    let games = against(deaf, &setup, 30);
    let deafness = "engine 2 lost: it timed out (it read no command in 300 ms)";
    let blocked = games.iter().filter(|g| g.contains(deafness)).count();
    assert!(blocked >= 1, "{games:#?}");
    let refused = games
        .iter()
        .filter(|g| g.contains("it played \"zz\", refused"))
        .count();
    assert_eq!(blocked + refused, 30, "{games:#?}");
    // The engine started afresh after each block: games were refused after it.
    let first = games.iter().position(|g| g.contains(deafness)).unwrap();
    assert!(
        games[first + 1..].iter().any(|g| g.contains("refused")),
        "{games:#?}"
    );
    // An engine that only stops reading (and answering) after the handshake: its
    // first command fits in the pipe, and the answer's deadline ends each game.
    let games = against(
        "read l; echo 'id name mute'; echo ok; exec sleep 60",
        &setup,
        3,
    );
    let mute = "engine 2 lost: it timed out (no answer in 300 ms)";
    assert!(games.iter().all(|g| g.contains(mute)), "{games:#?}");
}
