//! `holdfast engine`: the line protocol of docs/engine.md on standard input and
//! output. Every line read gets an answer (`quit` alone ends it); a bad line gets one
//! `error KIND message` line, and the engine goes on.

use std::io::{BufRead, Read, Write};

use holdfast_search::Budget;
use serde_json::Value;

use std::process::ExitCode;

use crate::table::{from_record, open, Answer, EnginePlayer, Table};

/// The protocol's version, said in the handshake.
pub const PROTOCOL: u32 = 1;
/// The longest line read (a setup with a whole map fits many times over); a longer
/// one is refused and skipped.
pub const MAX_LINE: usize = 1 << 20;
/// The most iterations a `go` may ask for.
pub const MAX_ITERATIONS: u32 = 1_000_000_000;
/// The most milliseconds a `go` may ask for (an hour).
pub const MAX_MS: u64 = 3_600_000;

/// A refusal: its kind (one word) and a sentence.
#[derive(Debug, PartialEq)]
pub struct Refusal(pub &'static str, pub String);

/// What the engine says to one line.
enum Reply {
    Lines(Vec<String>),
    Quit,
}

/// The engine's state: the game (once named), the player and the seed.
pub struct Engine {
    table: Option<Box<dyn Table>>,
    player: EnginePlayer,
    seed: u64,
    /// The searches `strongest` runs side by side (the machine's cores by default).
    pub threads: usize,
}

impl Engine {
    pub fn new(player: EnginePlayer, seed: u64) -> Engine {
        Engine {
            table: None,
            player,
            seed,
            threads: holdfast_search::parallel::cores(),
        }
    }

    /// Reads commands from `input` until `quit` or its end, answering on `output`.
    pub fn serve(
        &mut self,
        mut input: impl BufRead,
        mut output: impl Write,
    ) -> std::io::Result<()> {
        let mut buf = Vec::new();
        loop {
            buf.clear();
            let n = (&mut input)
                .take(MAX_LINE as u64 + 1)
                .read_until(b'\n', &mut buf)?;
            if n == 0 {
                return Ok(());
            }
            let reply = if buf.len() > MAX_LINE && buf.last() != Some(&b'\n') {
                // Skip the rest of the line, a piece at a time (a line that never
                // ends must not fill the memory).
                let mut rest = Vec::new();
                loop {
                    rest.clear();
                    let k = (&mut input)
                        .take(MAX_LINE as u64)
                        .read_until(b'\n', &mut rest)?;
                    if k == 0 || rest.last() == Some(&b'\n') {
                        break;
                    }
                }
                refuse("too-long", format!("a line is at most {MAX_LINE} bytes"))
            } else {
                match std::str::from_utf8(&buf) {
                    Ok(line) => self.answer(line),
                    Err(_) => refuse("bad-argument", "a line must be UTF-8 text".into()),
                }
            };
            match reply {
                Reply::Quit => return Ok(()),
                Reply::Lines(lines) => {
                    for l in lines {
                        writeln!(output, "{l}")?;
                    }
                    output.flush()?;
                }
            }
        }
    }

    /// The answer to one line.
    fn answer(&mut self, line: &str) -> Reply {
        let line = line.trim();
        let (word, rest) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
        let rest = rest.trim();
        let done = |r: Result<Vec<String>, Refusal>| match r {
            Ok(lines) => Reply::Lines(lines),
            Err(Refusal(kind, text)) => refuse(kind, text),
        };
        let ok = || Ok(vec!["ok".to_string()]);
        match word {
            "" => Reply::Lines(vec![]),
            "quit" => Reply::Quit,
            "holdfast" => Reply::Lines(vec![
                format!("id name holdfast {}", env!("CARGO_PKG_VERSION")),
                format!("id protocol {PROTOCOL}"),
                format!("id player {}", self.player),
                "ok".into(),
            ]),
            "isready" => Reply::Lines(vec!["readyok".into()]),
            "game" => done(self.new_game(rest, false).and_then(|_| ok())),
            "setup" => done(self.new_game(rest, true).and_then(|_| ok())),
            "player" => done(
                rest.parse()
                    .map(|p| self.player = p)
                    .map_err(|e| Refusal("bad-argument", e))
                    .and_then(|_| ok()),
            ),
            "seed" => done(
                rest.parse::<u64>()
                    .map(|s| self.seed = s)
                    .map_err(|_| Refusal("bad-argument", format!("seed takes a whole number, not {rest:?}")))
                    .and_then(|_| ok()),
            ),
            "play" => done(self.play(rest).and_then(|_| ok())),
            "show" => done(self.table().map(|t| vec![format!("position {}", t.report())])),
            "go" => done(self.go(rest)),
            other => refuse(
                "unknown-command",
                format!(
                    "no command {other:?}: holdfast, isready, game, setup, play, player, seed, go, show, quit"
                ),
            ),
        }
    }

    fn table(&self) -> Result<&dyn Table, Refusal> {
        self.table
            .as_deref()
            .ok_or_else(|| Refusal("no-game", "no game yet: say game or setup first".into()))
    }

    /// `game GAME [VARIANT]` or `setup GAME JSON`.
    fn new_game(&mut self, rest: &str, with_setup: bool) -> Result<(), Refusal> {
        let (game, arg) = rest.split_once(char::is_whitespace).unwrap_or((rest, ""));
        let arg = arg.trim();
        if game.is_empty() {
            return Err(Refusal("bad-argument", "name a game".into()));
        }
        let table = if with_setup {
            let setup: Value = serde_json::from_str(arg)
                .map_err(|e| Refusal("bad-setup", format!("the setup is not JSON: {e}")))?;
            open(game, Some(&setup), None, None)
        } else {
            open(game, None, (!arg.is_empty()).then_some(arg), None)
        };
        self.table = Some(table.map_err(|e| Refusal("bad-setup", e))?);
        Ok(())
    }

    /// `play ENTRY`.
    fn play(&mut self, entry: &str) -> Result<(), Refusal> {
        self.table()?;
        if entry.is_empty() {
            return Err(Refusal("bad-argument", "play needs an entry".into()));
        }
        match self.table.as_mut() {
            Some(t) => t.play(entry).map_err(|e| Refusal("illegal", e)),
            None => Err(Refusal("no-game", "no game yet".into())),
        }
    }

    /// `go [iterations N] [ms N]`.
    fn go(&self, rest: &str) -> Result<Vec<String>, Refusal> {
        let budget = parse_budget(rest)?;
        let table = self.table()?;
        if table.to_move().is_none() {
            return Err(Refusal("game-over", "the game is over".into()));
        }
        let a = table
            .think(self.player, budget, self.seed, self.threads)
            .map_err(|e| Refusal("no-action", e))?;
        Ok(vec![info_line(&a), format!("bestmove {}", a.entry)])
    }
}

/// `error KIND sentence`, on one line.
fn refuse(kind: &str, text: String) -> Reply {
    Reply::Lines(vec![format!("error {kind} {}", one_line(&text))])
}

/// A text with its line breaks made spaces.
pub fn one_line(text: &str) -> String {
    text.split(['\n', '\r']).collect::<Vec<_>>().join(" ")
}

/// The words after `go`: `iterations N`, `ms N`, either or both, or none (the
/// player's own budget).
pub fn parse_budget(words: &str) -> Result<Option<Budget>, Refusal> {
    let mut w = words.split_whitespace();
    let (mut iterations, mut ms) = (None, None);
    while let Some(key) = w.next() {
        let value = w.next().unwrap_or("");
        match key {
            "iterations" => iterations = Some(number(key, value, MAX_ITERATIONS as u64)? as u32),
            "ms" => ms = Some(number(key, value, MAX_MS)?),
            _ => {
                return Err(Refusal(
                    "bad-argument",
                    format!("go takes iterations N and ms N, not {key:?}"),
                ))
            }
        }
    }
    Ok(match (iterations, ms) {
        (None, None) => None,
        (i, ms) => Some(Budget {
            iterations: i.unwrap_or(u32::MAX),
            seconds: ms.map(|ms| ms as f64 / 1000.0),
        }),
    })
}

fn number(key: &str, value: &str, max: u64) -> Result<u64, Refusal> {
    match value.parse::<u64>() {
        Ok(n) if (1..=max).contains(&n) => Ok(n),
        _ => Err(Refusal(
            "bad-argument",
            format!("{key} takes a whole number from 1 to {max}, not {value:?}"),
        )),
    }
}

/// The `info` line before `bestmove`.
fn info_line(a: &Answer) -> String {
    format!(
        "info chance {} iterations {} ms {} line {}",
        a.chance.map_or("none".to_string(), |c| format!("{c:.4}")),
        a.iterations,
        a.ms.round() as u64,
        a.line.join(" | ")
    )
}

/// The JSON line `holdfast move` prints.
pub fn answer_json(a: &Answer) -> Value {
    serde_json::json!({
        "seat": a.seat,
        "move": a.entry,
        "chance": a.chance.map(|c| (c as f64 * 10_000.0).round() / 10_000.0),
        "line": a.line,
        "iterations": a.iterations,
        "ms": (a.ms * 10.0).round() / 10.0,
    })
}

/// `holdfast move FILE|-|LINK [--player P] [--ms N] [--iterations N] [--seed S]
/// [--threads N]`.
pub fn move_command(args: &mut lexopt::Parser) -> Result<ExitCode, lexopt::Error> {
    use lexopt::prelude::*;
    let (mut file, mut player, mut seed) = (None, EnginePlayer::Search, 1);
    let mut threads = holdfast_search::parallel::cores();
    let mut budget = String::new();
    while let Some(arg) = args.next()? {
        match arg {
            Long("player") => player = args.value()?.string()?.parse()?,
            Long("threads") => threads = crate::threads_arg(args)?,
            Long("seed") => seed = crate::whole(args.value()?.string()?, "--seed")?,
            Long(o @ ("ms" | "iterations")) => {
                let o = o.to_string();
                budget = format!("{budget} {o} {}", args.value()?.string()?)
            }
            Value(v) if file.is_none() => file = Some(v.string()?),
            other => return Err(other.unexpected()),
        }
    }
    let Some(file) = file else {
        return Err("move needs a FILE, - or a LINK".into());
    };
    let budget = parse_budget(&budget).map_err(|r| r.1)?;
    let answer = crate::read_record(&file)
        .and_then(|r| from_record(&r))
        .and_then(|t| t.think(player, budget, seed, threads));
    Ok(match answer {
        Ok(a) => {
            say!("{}", answer_json(&a));
            ExitCode::SUCCESS
        }
        Err(reason) => {
            eprintln!("{}", one_line(&reason));
            ExitCode::from(1)
        }
    })
}
