//! The engine protocol (docs/engine.md), `holdfast move` and `holdfast match`, run
//! through the built binary as other programs would run it.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

use serde_json::Value;

const BIN: &str = env!("CARGO_BIN_EXE_holdfast");

/// A small Frontier of turns of several orders: a whole game is six entries.
const FRONTIER: &str = r#"{"mode":3,"width":5,"height":5,"cities":["a1","e5"],"turns":3}"#;

struct Engine {
    child: Child,
    stdin: ChildStdin,
    stdout: BufReader<ChildStdout>,
}

impl Engine {
    fn start(args: &[&str]) -> Engine {
        let mut child = Command::new(BIN)
            .arg("engine")
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("run holdfast engine");
        let stdin = child.stdin.take().unwrap();
        let stdout = BufReader::new(child.stdout.take().unwrap());
        Engine {
            child,
            stdin,
            stdout,
        }
    }

    /// Sends a line and reads the answer: lines up to `ok`, `readyok`, `bestmove`,
    /// `position` or `error`.
    fn ask(&mut self, line: &str) -> Vec<String> {
        self.ask_bytes(line.as_bytes())
    }

    /// `ask` with a line of any bytes (its end added).
    fn ask_bytes(&mut self, bytes: &[u8]) -> Vec<String> {
        self.stdin.write_all(bytes).unwrap();
        self.stdin.write_all(b"\n").unwrap();
        self.stdin.flush().unwrap();
        let line = String::from_utf8_lossy(&bytes[..bytes.len().min(40)]);
        let mut said = Vec::new();
        loop {
            let mut l = String::new();
            let n = self.stdout.read_line(&mut l).unwrap();
            assert!(
                n > 0,
                "the engine ended after {line:?}; it had said {said:?}"
            );
            let l = l.trim_end().to_string();
            let last = l == "ok"
                || l == "readyok"
                || ["bestmove", "error", "position"]
                    .iter()
                    .any(|w| l.starts_with(w));
            said.push(l);
            if last {
                return said;
            }
        }
    }

    /// An answer that must be one `error KIND ...` line.
    fn refused(&mut self, line: &str, kind: &str) -> String {
        let said = self.ask(line);
        assert_eq!(said.len(), 1, "{line:?}: {said:?}");
        assert!(
            said[0].starts_with(&format!("error {kind} ")),
            "{line:?} should be refused as {kind}: {said:?}"
        );
        said[0].clone()
    }

    fn ok(&mut self, line: &str) {
        assert_eq!(self.ask(line), vec!["ok"], "{line:?}");
    }
}

/// The fields of an `info` line: chance, iterations, ms, and the line's entries.
fn info(line: &str) -> (Option<f64>, u64, u64, Vec<String>) {
    let rest = line.strip_prefix("info chance ").expect("an info line");
    let (chance, rest) = rest.split_once(" iterations ").unwrap();
    let (iterations, rest) = rest.split_once(" ms ").unwrap();
    let (ms, pv) = rest.split_once(" line ").unwrap();
    let chance = (chance != "none").then(|| chance.parse::<f64>().unwrap());
    let pv = pv.split(" | ").map(str::to_string).collect();
    (chance, iterations.parse().unwrap(), ms.parse().unwrap(), pv)
}

fn replay(record: &str) -> Value {
    let (_, out, err) = run(&["replay", "-"], record);
    serde_json::from_str(&out).unwrap_or_else(|e| panic!("{e}: {out} {err}"))
}

#[test]
fn an_engine_plays_a_whole_game_and_survives_every_bad_line() {
    let mut e = Engine::start(&["--seed", "5"]);
    let hello = e.ask("holdfast");
    assert!(hello[0].starts_with("id name holdfast "), "{hello:?}");
    assert!(hello.contains(&"id protocol 1".to_string()), "{hello:?}");
    assert!(hello.contains(&"id player search".to_string()), "{hello:?}");
    assert_eq!(hello.last().unwrap(), "ok");
    assert_eq!(e.ask("isready"), vec!["readyok"]);
    // Bad input before a game, each answered with one typed line.
    e.refused("go", "no-game");
    e.refused("play c3", "no-game");
    e.refused("castle kingside", "unknown-command");
    e.refused("game chess", "bad-setup");
    e.refused("game fortress no-such-variant", "bad-setup");
    e.refused("setup frontier {not json", "bad-setup");
    e.refused(r#"setup frontier {"mode": 7}"#, "bad-setup");
    e.refused("player level9", "bad-argument");
    e.refused("seed -1", "bad-argument");
    e.ok(&format!("setup frontier {FRONTIER}"));
    e.refused("go iterations x", "bad-argument");
    e.refused("go iterations 0", "bad-argument");
    e.refused("go ms 5 hurry", "bad-argument");
    let illegal = e.refused("play a1-e5", "illegal");
    assert!(
        illegal.len() > "error illegal ".len() + 5,
        "a reason: {illegal}"
    );
    // The whole game, both seats played by the engine, each answer checked.
    let mut moves: Vec<String> = Vec::new();
    let mut numbers = 0;
    for turn in 0.. {
        assert!(turn < 20, "a game of three turns each is over by now");
        let said = e.ask("go iterations 40");
        if said[0].starts_with("error") {
            assert!(said[0].starts_with("error game-over "), "{said:?}");
            break;
        }
        assert_eq!(said.len(), 2, "info then bestmove: {said:?}");
        let entry = said[1]
            .strip_prefix("bestmove ")
            .expect("bestmove")
            .to_string();
        let (chance, iterations, _ms, line) = info(&said[0]);
        if let Some(c) = chance {
            assert!((0.0..=1.0).contains(&c), "{said:?}");
            assert!(iterations >= 40, "at least one search of 40: {said:?}");
            numbers += 1;
        }
        assert_eq!(line[0], entry, "the line starts with the move: {said:?}");
        // A bad line mid-game changes nothing.
        e.refused("play", "bad-argument");
        e.ok(&format!("play {entry}"));
        moves.push(entry);
    }
    assert_eq!(moves.len(), 6, "{moves:?}");
    assert!(numbers > 0, "the search gave a chance at least once");
    e.refused("play a1-a2", "illegal");
    let position = e.ask("show");
    let shown: Value =
        serde_json::from_str(position[0].strip_prefix("position ").unwrap()).unwrap();
    assert_eq!(shown["over"], true);
    // The engine's entries are a record that replays to the same end.
    let record = serde_json::json!({
        "game": "frontier",
        "setup": serde_json::from_str::<Value>(FRONTIER).unwrap(),
        "moves": moves,
    });
    let replayed = replay(&record.to_string());
    assert_eq!(replayed["ok"], true, "{replayed}");
    assert_eq!(replayed["scores"], shown["scores"]);
    // Another game and player in the same process; the same seed, the same answer.
    e.ok("game fort");
    e.ok("player level2");
    // (All but the time taken.)
    let go = |e: &mut Engine| {
        let said = e.ask("go iterations 50");
        let (chance, iterations, _, line) = info(&said[0]);
        (chance, iterations, line, said[1].clone())
    };
    let first = go(&mut e);
    e.ok("game fort");
    assert_eq!(go(&mut e), first);
    writeln!(e.stdin, "quit").unwrap();
    let status = e.child.wait().unwrap();
    assert!(status.success());
}

#[test]
fn a_line_over_a_mebibyte_is_refused_skipped_and_the_engine_goes_on() {
    const MAX: usize = 1 << 20;
    let mut e = Engine::start(&[]);
    e.ok(r#"setup fortress {"map":"square-8"}"#);
    e.ok("play d4");
    let before = e.ask("show");
    // A line of exactly 1 MiB (its end not counted) is a line like any other.
    let mut at_limit = b"isready".to_vec();
    at_limit.resize(MAX, b' ');
    assert_eq!(e.ask_bytes(&at_limit), vec!["readyok"]);
    // One byte more is refused whole: the `play` it starts with is not played.
    let too_long = format!("error too-long a line is at most {MAX} bytes");
    let mut over = b"play e5".to_vec();
    over.resize(MAX + 1, b' ');
    assert_eq!(e.ask_bytes(&over), vec![too_long.clone()]);
    // The rest of a longer line (here over two more MiB, ending in a command) is
    // skipped, not read as lines of its own: the next answer is the next line's.
    over.resize(3 * MAX + 5, b' ');
    over.extend_from_slice(b"isready");
    assert_eq!(e.ask_bytes(&over), vec![too_long]);
    assert_eq!(
        e.ask("show"),
        before,
        "nothing of the long lines was played"
    );
    e.ok("play e5");
    e.refused("play e5", "illegal");
    assert_eq!(e.ask("isready"), vec!["readyok"]);
}

#[test]
fn a_line_that_is_not_utf8_is_refused_and_the_engine_goes_on() {
    let mut e = Engine::start(&[]);
    e.ok(r#"setup fortress {"map":"square-8"}"#);
    let before = e.ask("show");
    // `play d4` with a byte no UTF-8 text holds, then a broken sequence alone.
    let refusal = "error bad-argument a line must be UTF-8 text";
    assert_eq!(e.ask_bytes(b"play d4 \xff"), vec![refusal]);
    assert_eq!(e.ask_bytes(b"\xc3\x28"), vec![refusal]);
    assert_eq!(e.ask("show"), before, "the refused play was not played");
    e.ok("play d4");
    e.refused("play d4", "illegal");
    let said = e.ask("go iterations 20");
    assert!(said.last().unwrap().starts_with("bestmove "), "{said:?}");
}

fn run(args: &[&str], stdin: &str) -> (i32, String, String) {
    let mut child = Command::new(BIN)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(stdin.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).to_string(),
        String::from_utf8_lossy(&out.stderr).to_string(),
    )
}

#[test]
fn move_prints_the_move_for_the_seat_to_move_as_json() {
    let record = r#"{"game":"fortress","setup":{"map":"square-8"},"moves":["d4","e5"]}"#;
    let args = ["move", "-", "--iterations", "64", "--seed", "3"];
    let (status, out, err) = run(&args, record);
    assert_eq!(status, 0, "{err}");
    let v: Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(v["seat"], 0);
    assert_eq!(v["iterations"], 64);
    let chance = v["chance"].as_f64().unwrap();
    assert!((0.0..=1.0).contains(&chance), "{v}");
    let mv = v["move"].as_str().unwrap();
    assert_eq!(v["line"][0], mv);
    assert!(v["ms"].as_f64().is_some());
    // The move is legal: the record with it replays.
    let mut r: Value = serde_json::from_str(record).unwrap();
    r["moves"].as_array_mut().unwrap().push(mv.into());
    assert_eq!(replay(&r.to_string())["ply"], 3, "{mv}");
    // Reproducible from the seed; a level and a time budget are taken too.
    let without_time = |text: &str| {
        let mut v: Value = serde_json::from_str(text.trim()).unwrap();
        v.as_object_mut().unwrap().remove("ms");
        v
    };
    assert_eq!(without_time(&run(&args, record).1), without_time(&out));
    let (status, out, _) = run(&["move", "-", "--player", "level1", "--ms", "20"], record);
    assert_eq!(status, 0);
    assert!(out.contains("\"move\""));
    // A game over, a bad record, a bad entry: a sentence and a failure.
    let over = r#"{"game":"fortress","moves":["pass","pass"]}"#;
    let (status, out, err) = run(&["move", "-"], over);
    assert_ne!(status, 0);
    assert!(out.is_empty() && err.contains("over"), "{err}");
    let (status, _, err) = run(&["move", "-"], "{\"game\": \"chess\"}");
    assert_ne!(status, 0);
    assert!(err.contains("chess"), "{err}");
    let (status, _, err) = run(&["move", "-"], r#"{"game":"fortress","moves":["zz"]}"#);
    assert_ne!(status, 0);
    assert!(err.contains("zz"), "{err}");
}

/// The per-game lines and the final JSON of a match.
fn match_run(extra: &[&str]) -> (Vec<String>, Value, String) {
    let a = format!("{BIN} engine");
    let b = format!("{BIN} engine --player level1");
    let mut args = vec!["match", "--engine", &a, "--engine", &b, "fortress"];
    args.extend_from_slice(&["--setup", r#"{"map":"square-8","moves_each":6}"#]);
    args.extend_from_slice(extra);
    let (status, out, err) = run(&args, "");
    assert_eq!(status, 0, "{err}\n{out}");
    let games = out
        .lines()
        .filter(|l| l.starts_with("game "))
        .map(str::to_string);
    let last: Value = serde_json::from_str(out.lines().last().unwrap()).unwrap();
    (games.collect(), last, out)
}

#[test]
fn a_match_is_reproducible_from_its_seed_and_its_totals_add_up() {
    let opts = [
        "--games",
        "6",
        "--iterations",
        "30",
        "--seed",
        "11",
        "--openings",
        "2",
    ];
    let (games, summary, out) = match_run(&opts);
    assert_eq!(games.len(), 6, "{out}");
    assert_eq!(
        match_run(&opts).0,
        games,
        "the same seed plays the same games"
    );
    let mut at_once = opts.to_vec();
    at_once.extend(["--concurrency", "3"]);
    assert_eq!(
        match_run(&at_once).0,
        games,
        "three at once, the same games"
    );
    let other = [
        "--games",
        "6",
        "--iterations",
        "30",
        "--seed",
        "12",
        "--openings",
        "2",
    ];
    assert_ne!(match_run(&other).0, games, "another seed, other games");
    assert_eq!(summary["games"], 6);
    let e = &summary["engines"];
    let n = |i: usize, k: &str| e[i][k].as_u64().unwrap();
    for i in 0..2 {
        assert_eq!(
            n(i, "wins") + n(i, "draws") + n(i, "losses"),
            6,
            "{summary}"
        );
    }
    assert_eq!(n(0, "wins"), n(1, "losses"));
    assert_eq!(n(0, "draws"), n(1, "draws"));
    let wins = |who: &str| {
        games
            .iter()
            .filter(|g| g.ends_with(&format!("{who} wins")))
            .count()
    };
    assert_eq!(wins("engine 1") as u64, n(0, "wins"), "{out}");
    assert_eq!(wins("engine 2") as u64, n(1, "wins"), "{out}");
    let score = e[0]["score"].as_f64().unwrap();
    let want = (n(0, "wins") as f64 + n(0, "draws") as f64 / 2.0) / 6.0;
    assert!((score - want).abs() < 1e-3, "{summary}");
    assert!(e[0]["score_low"].as_f64().unwrap() <= score);
    assert!(e[0]["score_high"].as_f64().unwrap() >= score);
    // Seats alternate: each pair of games shares an opening, seats swapped.
    assert!(games[0].contains("(opening 1): engine 1 "), "{}", games[0]);
    assert!(games[1].contains("(opening 1): engine 2 "), "{}", games[1]);
}

#[test]
fn an_engine_that_answers_badly_or_not_at_all_loses_and_the_match_goes_on() {
    let good = format!("{BIN} engine");
    let script = |on_go: &str| {
        format!(
            "while read l; do case $l in holdfast) echo 'id name bad'; echo ok;; \
             go*) {on_go};; quit) exit 0;; *) echo ok;; esac; done"
        )
    };
    for (on_go, why) in [
        ("echo bestmove zz", "refused"),
        ("exit 3", "crashed"),
        ("sleep 3", "timed out"),
        ("echo error no-action sorry", "protocol"),
    ] {
        let bad = script(on_go);
        let args = [
            "match",
            "--engine",
            &good,
            "--engine",
            &bad,
            "fortress",
            "--games",
            "2",
            "--iterations",
            "20",
            "--timeout-ms",
            "300",
            "--openings",
            "0",
        ];
        let (status, out, err) = run(&args, "");
        assert_eq!(status, 0, "{err}");
        let last: Value = serde_json::from_str(out.lines().last().unwrap()).unwrap();
        assert_eq!(last["engines"][1]["wins"], 0, "{out}");
        assert_eq!(last["engines"][1]["failures"], 2, "{out}");
        assert!(out.contains(why), "{why}: {out}");
    }
}

#[test]
fn the_strongest_searches_on_as_many_threads_as_it_is_given() {
    let record = r#"{"game":"fortress","setup":{"map":"square-8"},"moves":["d4","e5"]}"#;
    let at = |threads: &str| {
        let args = [
            "move",
            "-",
            "--player",
            "strongest",
            "--threads",
            threads,
            "--iterations",
            "300",
            "--seed",
            "4",
        ];
        let (status, out, err) = run(&args, record);
        assert_eq!(status, 0, "{err}");
        let mut v: Value = serde_json::from_str(out.trim()).unwrap();
        v.as_object_mut().unwrap().remove("ms");
        v
    };
    let three = at("3");
    // Three searches of 300 iterations each, added up; reproducible.
    assert_eq!(three["iterations"], 900, "{three}");
    assert_eq!(three["line"][0], three["move"]);
    assert_eq!(at("3"), three);
    assert_eq!(at("1")["iterations"], 300);
    // Through the protocol too, and a bad thread count is refused.
    let mut e = Engine::start(&["--threads", "2"]);
    e.ok("game fortress classic");
    e.ok("player strongest");
    let said = e.ask("go iterations 200");
    assert_eq!(info(&said[0]).1, 400, "{said:?}");
    let (status, _, err) = run(&["engine", "--threads", "0"], "");
    assert_ne!(status, 0);
    assert!(err.contains("--threads"), "{err}");
}

#[test]
fn the_strongest_without_a_budget_thinks_its_own_time_not_its_iteration_cap() {
    // No --ms, no --iterations: its 3 s on the real clock, far short of the
    // 4,000,000 iterations that cap it (which would take a thread many seconds).
    let record = r#"{"game":"fortress","moves":["c3","d4"]}"#;
    let (status, out, err) = run(
        &["move", "-", "--player", "strongest", "--threads", "1"],
        record,
    );
    assert_eq!(status, 0, "{err}");
    let v: Value = serde_json::from_str(out.trim()).unwrap();
    let iterations = v["iterations"].as_u64().unwrap();
    assert!(iterations > 0 && iterations < 4_000_000, "{v}");
    assert!(
        v["ms"].as_f64().unwrap() >= 2_900.0,
        "it used its time: {v}"
    );
}
