//! `holdfast`: replay game records, benchmark the rules, pit computer players
//! against each other, and speak the engine protocol (docs/engine.md) so that other
//! programs, and builds of this one, can be played against each other.
//!
//! ```text
//! holdfast replay FILE|-|LINK     print the position after a record (docs/notation.md)
//! holdfast link FILE|- [--base URL]   the record's link fragment (or whole link)
//! holdfast text FILE|-|LINK       the record as text (a header, a move a line)
//! holdfast bench GAME|all [SECONDS]   random playouts per second; last line is JSON
//! holdfast playout GAME [VARIANT] [SEED]   the record of one random game
//! holdfast arena GAME PLAYER PLAYER [PLAYER...] [options]   seat-rotated games
//! holdfast ladder GAME [options]   each level against the next, and their Elo
//! holdfast calibrate GAME [options]   the search's value against outcomes
//! holdfast train GAME [options]   fit the game's estimate to outcomes
//! holdfast balance GAME [options]   whether maps are fair: each seat's share
//! holdfast engine [--player P] [--seed S]   the engine protocol on stdin/stdout
//! holdfast move FILE|-|LINK [options]   the move for the seat to move, as JSON
//! holdfast analyse FILE|-|LINK [options]   every entry judged by the engine, as JSON
//! holdfast match --engine CMD --engine CMD [...] GAME [options]   engines' games
//! ```

use std::io::Read;
use std::process::ExitCode;

use holdfast_rules::bench::bench_all;
use holdfast_rules::catalogue::{ids, with_game, GameFn};
use holdfast_rules::record::{replay_report, MAX_RECORD_BYTES};
use holdfast_rules::rng::Rng;
use holdfast_rules::{link, text};
use holdfast_rules::{Game, Record};

/// Prints a line; a closed pipe (`holdfast bench all | head`) ends quietly instead of
/// panicking.
macro_rules! say {
    ($($t:tt)*) => {{
        use std::io::Write as _;
        if writeln!(std::io::stdout(), $($t)*).is_err() {
            std::process::exit(0);
        }
    }};
}

mod analyse;
mod arena;
mod balance;
mod calibrate;
mod client;
mod engine;
mod ladder;
mod matches;
mod opponent;
mod puzzles;
mod refit;
mod stats;
mod table;
mod train;

const USAGE: &str = "usage:
  holdfast replay FILE|-|LINK     replay a game record (JSON or text) and print the
                                  position as JSON; in place of a file, a game link
                                  (whole, or its fragment: #c=..., #g=..., #record=...)
  holdfast text FILE|-|LINK       the record as text: a header, then a move a line
  holdfast link FILE|- [--base URL]
                                  the record's link fragment (#c=...), or with --base
                                  the whole link (URL#c=...)
  holdfast bench GAME|all [SECONDS]
                                  random playouts of each of the game's variants for
                                  SECONDS each (default 1); the last line is JSON
  holdfast playout GAME [VARIANT] [SEED]
                                  the record of one random game (for tests and
                                  measurements), from the game's first or named variant
  holdfast arena GAME PLAYER PLAYER [PLAYER...] [--games N] [--seed S]
                 [--setup JSON] [--records DIR] [--max-actions N] [--learn]
                                  seat-rotated games between players (random, greedy,
                                  level1 to level5, strongest; in Fortress the 1983
                                  roster: squire, maginot, genghis, galahad, vauban,
                                  or an opponent's FILE.json): a line a game, then
                                  JSON (--learn: the roster learns after each game,
                                  and the JSON gives its weights at the end)
  holdfast ladder GAME [--players P,P,...] [--games N] [--seed S] [--setup JSON]
                 [--max-actions N]
                                  each player against the next (level1 to level5 by
                                  default), N seat-rotated games a pairing, then an
                                  Elo rating for each, fitted over all its games
  holdfast calibrate GAME [--variant V,V... | --setup JSON] [--games N] [--seed S]
                 [--iterations N] [--fit] [--max-actions N]
                                  games between levels 3 to 5: the search's value and
                                  the engine's chance at each decision against how
                                  often the mover won, by tenths (--fit: and through
                                  the curve and the monotone table that fit best);
                                  then JSON
  holdfast balance GAME [--variant V,V... | --setup JSON] [--games N] [--seed S]
                 [--player P] [--iterations N] [--max-actions N]
                 [--seeds FROM..TO [--keep K] [--screen M]]
                                  whether maps are fair: N games (200) with P
                                  (level2) in every seat, each seat's share of the
                                  results (a draw shared) with its 95% interval,
                                  fair when every seat is within 5 points of an
                                  equal share; then JSON. --seeds: the setup's
                                  generated map from each seed, the first K (10)
                                  fair ones (M games (50) screen out the rest)
  holdfast refit FILE... [--each-seat] [--folds K]
                                  a three-parameter curve fitted to the looks of
                                  calibrate --fit runs (their output, pooled),
                                  measured by cross-validation by game (K folds,
                                  5), then the look table lines that ship it
  holdfast train GAME [--variant V,V... | --setup JSON] [--games N] [--seed S]
                 [--iterations N] [--max-actions N]
                                  fit the game's estimate to how games between
                                  levels 3 to 5 ended; prints the fit against the
                                  hand-written estimate, and the model's line for
                                  crates/holdfast-search/src/models.rs
  holdfast train fortress NAME|FILE.json [--games N] [--seed S]
                 [--variant V | --setup JSON]
                                  trains a 1983 roster opponent by N games against
                                  itself (on classic-1983 unless told), learning
                                  after each; prints its weights and its file
  holdfast engine [--player P] [--seed S] [--threads N]
                                  speak the engine protocol (docs/engine.md) on
                                  standard input and output; P is search (default),
                                  level1 to level5, strongest, random or greedy;
                                  strongest runs N searches side by side (the
                                  machine's cores by default)
  holdfast move FILE|-|LINK [--player P] [--ms N] [--iterations N] [--seed S]
                 [--threads N]
                                  the move for the seat to move in a record, with the
                                  search's chance and line, as one JSON line
  holdfast analyse FILE|-|LINK [--iterations N] [--seed S]
                                  every entry of a record judged by the engine: each
                                  seat's chance before and after it, the entry the
                                  search prefers, and a class (best, good,
                                  inaccuracy, mistake, blunder), a JSON line each,
                                  then a line a seat with its accuracy and counts
  holdfast lessons FILE... [--show ID]
                                  checks books of lessons (web/lessons/GAME.json):
                                  each lesson opens, its solution reaches the goal,
                                  each miss leaves it unsolved; a JSON line a lesson
                                  (--show: the lesson's opening and legal actions)
  holdfast puzzles GAME [--variant V | --setup JSON] [--count N] [--seed S]
                 [--iterations N] [--margin M] [--apart M] [--from K]
                 [--max-actions N]
                                  positions from games between levels 3 and 4 where
                                  one first action beats every other by the margin
                                  (0.3) in five searches of N iterations (100,000),
                                  and its rivals each searched on its own by --apart
                                  (0.2): the book's puzzles, as JSON (web/lessons/)
  holdfast match --engine CMD --engine CMD [--engine CMD...] GAME
                 [--variant V | --setup JSON] [--games N] [--seed S]
                 [--ms N | --iterations N] [--openings K] [--sprt ELO0,ELO1]
                 [--records DIR] [--timeout-ms N] [--max-entries N]
                 [--concurrency N]
                                  games between engine programs (shell command
                                  lines) through the protocol: a line a game, the
                                  score and Elo with 95% intervals, then JSON";

fn main() -> ExitCode {
    match run(lexopt::Parser::from_env()) {
        Ok(code) => code,
        Err(e) => {
            eprintln!("{e}\n{USAGE}");
            ExitCode::from(2)
        }
    }
}

/// Reads the command line (with `lexopt`: options in any order, `--base=URL` or
/// `--base URL`, `-` for standard input) and runs the command. A usage error comes
/// back as `Err`, said with the usage and exit status 2.
fn run(mut args: lexopt::Parser) -> Result<ExitCode, lexopt::Error> {
    use lexopt::prelude::*;
    let command = match args.next()? {
        Some(Value(v)) => v.string()?,
        Some(Short('h') | Long("help")) => "help".to_string(),
        Some(other) => return Err(other.unexpected()),
        None => return Err("a command is needed".into()),
    };
    // The plain words after the command (options are read by the commands that take them).
    let words = |args: &mut lexopt::Parser, at_most: usize| -> Result<Vec<String>, lexopt::Error> {
        let mut found = Vec::new();
        while let Some(arg) = args.next()? {
            match arg {
                Value(v) if found.len() < at_most => found.push(v.string()?),
                other => return Err(other.unexpected()),
            }
        }
        Ok(found)
    };
    let needs = |found: &[String], least: usize, what: &str| -> Result<(), lexopt::Error> {
        if found.len() < least {
            return Err(format!("{command} needs {what}").into());
        }
        Ok(())
    };
    Ok(match command.as_str() {
        "replay" => {
            let found = words(&mut args, 1)?;
            needs(&found, 1, "a FILE, - or a LINK")?;
            replay(&found[0])
        }
        "text" => {
            let found = words(&mut args, 1)?;
            needs(&found, 1, "a FILE, - or a LINK")?;
            match read_record(&found[0]) {
                Ok(r) => {
                    say!("{}", text::to_text(&r).trim_end());
                    ExitCode::SUCCESS
                }
                Err(reason) => {
                    eprintln!("{reason}");
                    ExitCode::from(2)
                }
            }
        }
        "lessons" => lessons(&mut args)?,
        "puzzles" => puzzles::command(&mut args)?,
        "link" => {
            let (mut file, mut base) = (None, None);
            while let Some(arg) = args.next()? {
                match arg {
                    Long("base") => base = Some(args.value()?.string()?),
                    Value(v) if file.is_none() => file = Some(v.string()?),
                    other => return Err(other.unexpected()),
                }
            }
            let Some(file) = file else {
                return Err("link needs a FILE or -".into());
            };
            link(&file, base.as_deref())
        }
        "bench" => {
            let found = words(&mut args, 2)?;
            needs(&found, 1, "a GAME or all")?;
            let seconds = match found.get(1).map(|s| s.parse::<f64>()) {
                None => 1.0,
                Some(Ok(s)) if s > 0.0 && s <= MAX_SECONDS => s,
                _ => {
                    return Err(format!(
                        "SECONDS must be a number above 0 and at most {MAX_SECONDS} (an hour)"
                    )
                    .into())
                }
            };
            run_bench(&found[0], seconds)
        }
        "playout" => {
            let found = words(&mut args, 3)?;
            needs(&found, 1, "a GAME")?;
            let seed = match found.get(2).map(|s| s.parse::<u64>()) {
                None => 1,
                Some(Ok(s)) => s,
                Some(Err(_)) => return Err("SEED must be a whole number".into()),
            };
            let variant = found.get(1).cloned();
            match with_game(&found[0], Playout { variant, seed }) {
                Some(Ok(record)) => {
                    say!("{}", record.to_json());
                    ExitCode::SUCCESS
                }
                Some(Err(e)) => {
                    eprintln!("{e}");
                    ExitCode::from(2)
                }
                None => {
                    eprintln!("no game {:?}; games: {}", found[0], ids().join(", "));
                    ExitCode::from(2)
                }
            }
        }
        "arena" => run_arena(&mut args)?,
        "ladder" => ladder::command(&mut args)?,
        "calibrate" => calibrate::command(&mut args)?,
        "train" => train::command(&mut args)?,
        "balance" => balance::command(&mut args)?,
        "refit" => refit::command(&mut args)?,
        "engine" => {
            let (mut player, mut seed) = (table::EnginePlayer::Search, 1);
            let mut threads = holdfast_search::parallel::cores();
            while let Some(arg) = args.next()? {
                match arg {
                    Long("player") => player = args.value()?.string()?.parse()?,
                    Long("seed") => seed = whole(args.value()?.string()?, "--seed")?,
                    Long("threads") => threads = threads_arg(&mut args)?,
                    other => return Err(other.unexpected()),
                }
            }
            let stdin = std::io::stdin().lock();
            let mut engine = engine::Engine::new(player, seed);
            engine.threads = threads;
            match engine.serve(stdin, std::io::stdout()) {
                Ok(()) => ExitCode::SUCCESS,
                // Standard output closed: nobody is listening any more.
                Err(_) => ExitCode::SUCCESS,
            }
        }
        "move" => engine::move_command(&mut args)?,
        "analyse" | "analyze" => analyse::command(&mut args)?,
        "match" => matches::command(&mut args)?,
        "help" => {
            say!("{USAGE}");
            ExitCode::SUCCESS
        }
        other => return Err(format!("no command {other:?}").into()),
    })
}

/// A whole number from an option's value.
fn whole(value: String, option: &str) -> Result<u64, lexopt::Error> {
    value
        .parse()
        .map_err(|_| format!("{option} takes a whole number, not {value:?}").into())
}

/// A whole number from 1 to `max`, the value of `--OPTION`.
fn number(option: &str, value: String, max: u64) -> Result<u64, lexopt::Error> {
    match value.parse::<u64>() {
        Ok(n) if n >= 1 && n <= max => Ok(n),
        _ => Err(format!("--{option} takes a whole number from 1 to {max}").into()),
    }
}

/// The value of `--max-actions`: at most the entries a record holds, so every
/// game written replays.
fn max_actions(value: String) -> Result<u32, lexopt::Error> {
    Ok(number(
        "max-actions",
        value,
        holdfast_rules::record::MAX_ENTRIES as u64,
    )? as u32)
}

/// The value of `--setup`: a JSON object.
/// `--variant V[,V...]`: the variants named, in order.
fn variants_arg(value: String) -> Vec<String> {
    value.split(',').map(str::to_string).collect()
}

fn setup_arg(value: String) -> Result<serde_json::Value, lexopt::Error> {
    match serde_json::from_str::<serde_json::Value>(&value) {
        Ok(v) if v.is_object() => Ok(v),
        _ => Err("--setup takes a JSON object, such as '{\"size\": 13}'".into()),
    }
}

/// The value of `--threads`: how many searches `strongest` runs side by side, 1 to 64.
fn threads_arg(args: &mut lexopt::Parser) -> Result<usize, lexopt::Error> {
    use lexopt::prelude::*;
    match whole(args.value()?.string()?, "--threads")? {
        n @ 1..=64 => Ok(n as usize),
        n => Err(format!("--threads takes a whole number from 1 to 64, not {n}").into()),
    }
}

/// A record from a file or standard input (`-`) holding its JSON, its text or a
/// link, or from a game link given in place of a file (one that is not the name of
/// a file).
fn read_record(path: &str) -> Result<Record, String> {
    if path != "-" && link::is_link(path) && !std::path::Path::new(path).exists() {
        return link::decode(path).map_err(|e| e.to_string());
    }
    // Read at most one byte past the limit: a larger input is refused without
    // reading it all (`holdfast replay - < /dev/zero` ends at once).
    let cap = MAX_RECORD_BYTES as u64 + 1;
    let mut bytes = Vec::new();
    let read = if path == "-" {
        std::io::stdin().take(cap).read_to_end(&mut bytes)
    } else {
        std::fs::File::open(path).and_then(|f| f.take(cap).read_to_end(&mut bytes))
    };
    if let Err(e) = read {
        return Err(format!("cannot read {path}: {e}"));
    }
    if bytes.len() > MAX_RECORD_BYTES {
        return Err(format!(
            "too large: {path} is longer than {} bytes, the most a record may be",
            holdfast_rules::record::thousands(MAX_RECORD_BYTES)
        ));
    }
    let Ok(text) = String::from_utf8(bytes) else {
        return Err(format!("cannot read {path}: it is not UTF-8 text"));
    };
    // A record's JSON, its text (docs/notation.md, "Records as text"), or a link.
    text::read_any(&text).map_err(|e| e.to_string())
}

fn replay(path: &str) -> ExitCode {
    let out = read_record(path).and_then(|r| replay_report(&r).map_err(|e| e.to_string()));
    match out {
        Ok((status, out)) => {
            say!("{out}");
            ExitCode::from(status as u8)
        }
        Err(reason) => {
            say!(
                "{}",
                serde_json::json!({ "ok": false, "error": { "reason": reason } })
            );
            ExitCode::from(2)
        }
    }
}

/// Prints the link fragment of a record (or the whole link, after `base`).
fn link(path: &str, base: Option<&str>) -> ExitCode {
    match read_record(path) {
        Ok(record) => {
            let base = base.map(|b| b.split('#').next().unwrap_or_default());
            say!("{}#{}", base.unwrap_or_default(), link::encode(&record));
            ExitCode::SUCCESS
        }
        Err(reason) => {
            eprintln!("{reason}");
            ExitCode::from(2)
        }
    }
}

/// One random game of a variant, as a record of whole entries (a turn left open at
/// the end is left out).
struct Playout {
    variant: Option<String>,
    seed: u64,
}

impl GameFn for Playout {
    type Out = Result<Record, String>;
    fn call<G: Game>(self) -> Self::Out {
        let variants = G::variants();
        let (_, setup) = match &self.variant {
            None => variants.first(),
            Some(v) => variants.iter().find(|(name, _)| name == v),
        }
        .ok_or_else(|| {
            let names: Vec<&str> = variants.iter().map(|(n, _)| n.as_str()).collect();
            format!("variants of {}: {}", G::ID, names.join(", "))
        })?;
        let mut g = G::new(setup).map_err(|e| e.to_string())?;
        let mut rng = Rng::new(self.seed);
        let (mut scratch, mut turn) = (Vec::new(), Vec::new());
        let mut record = Record::new::<G>(setup);
        while let Some(m) = g.playout_move(&mut rng, &mut scratch) {
            turn.push(g.format_move(m));
            if g.play(m).is_err() {
                break;
            }
            if !g.entry_open() {
                record.moves.push(g.entry_text(&turn));
                turn.clear();
            }
        }
        Ok(record)
    }
}

/// Times the loop written for Classic alone (same policy, same random stream) and
/// prints how the general engine's Classic figure compares; the JSON for it.
fn classic_reference(seconds: f64, clock: &dyn Fn() -> f64, generic: f64) -> serde_json::Value {
    let (games, actions, elapsed) = holdfast_rules::fortress::classic_bench(1, seconds, clock);
    let (gps, aps) = (games as f64 / elapsed, actions as f64 / elapsed);
    let ratio = generic / gps;
    say!(
        "fortress classic, a loop written for Classic alone: {games} playouts in {elapsed:.2} s: \
         {gps:.1} playouts/s, {aps:.0} actions/s; the general engine plays {ratio:.2} times as many"
    );
    serde_json::json!({
        "playouts_per_s": (gps * 10.0).round() / 10.0,
        "actions_per_s": aps.round(),
        "engine_ratio": (ratio * 100.0).round() / 100.0,
    })
}

/// The longest a benchmark may run for one variant.
const MAX_SECONDS: f64 = 3600.0;

fn run_bench(game: &str, seconds: f64) -> ExitCode {
    let only = (game != "all").then(|| game.to_string());
    if only.as_deref().is_some_and(|id| !ids().contains(&id)) {
        eprintln!("no game {game:?}; games: {}, or all", ids().join(", "));
        return ExitCode::from(2);
    }
    let t0 = std::time::Instant::now();
    let clock = || t0.elapsed().as_secs_f64();
    let (mut results, mut failed) = (Vec::new(), false);
    let mut generic_classic = 0.0;
    bench_all(only.as_deref(), seconds, &clock, &mut |r| {
        let (game, variant) = (r.game, &r.variant);
        if let Some(e) = &r.error {
            eprintln!("{game} {variant}: {e}");
            failed = true;
            return;
        }
        let (playouts, actions, elapsed) = (r.playouts, r.actions, r.seconds);
        let (gps, aps) = (playouts as f64 / elapsed, actions as f64 / elapsed);
        if (game, variant.as_str()) == ("fortress", "classic") {
            generic_classic = gps;
        }
        let (legal_us, legal_max_us, check_us) = (r.legal_us, r.legal_max_us, r.check_us);
        say!(
            "{game} {variant}: {playouts} playouts, {actions} actions in {elapsed:.2} s: \
             {gps:.1} playouts/s, {aps:.0} actions/s; listing the legal actions \
             {legal_us:.1} us on average, {legal_max_us:.1} us at most; testing one \
             {check_us:.3} us"
        );
        results.push(serde_json::json!({
            "game": game,
            "variant": variant,
            "playouts_per_s": (gps * 10.0).round() / 10.0,
            "actions_per_s": aps.round(),
            "legal_us": (legal_us * 10.0).round() / 10.0,
            "legal_max_us": (legal_max_us * 10.0).round() / 10.0,
            "check_us": (check_us * 1000.0).round() / 1000.0,
        }));
    });
    let mut out = serde_json::json!({ "bench": results });
    if only.as_deref().is_none_or(|id| id == "fortress") {
        out["classic_reference"] = classic_reference(seconds, &clock, generic_classic);
    }
    say!("{out}");
    if failed {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}

/// `holdfast arena GAME PLAYER PLAYER [PLAYER...] [options]`.
fn run_arena(args: &mut lexopt::Parser) -> Result<ExitCode, lexopt::Error> {
    use lexopt::prelude::*;
    let mut game = None;
    let mut arena = arena::Arena {
        players: Vec::new(),
        games: 10,
        seed: 1,
        setup: None,
        records: None,
        max_actions: arena::MAX_ACTIONS,
        learn: false,
    };
    while let Some(arg) = args.next()? {
        match arg {
            Long("games") => {
                arena.games =
                    number("games", args.value()?.string()?, arena::MAX_GAMES as u64)? as u32
            }
            Long("max-actions") => arena.max_actions = max_actions(args.value()?.string()?)?,
            Long("seed") => {
                arena.seed = args
                    .value()?
                    .string()?
                    .parse()
                    .map_err(|_| "--seed takes a whole number")?
            }
            Long("setup") => arena.setup = Some(setup_arg(args.value()?.string()?)?),
            Long("records") => arena.records = Some(args.value()?.into()),
            Long("learn") => arena.learn = true,
            Value(v) if game.is_none() => game = Some(v.string()?),
            Value(v) => arena.players.push(opponent::player(&v.string()?)?),
            other => return Err(other.unexpected()),
        }
    }
    let Some(game) = game else {
        return Err("arena needs a GAME".into());
    };
    if arena.players.len() < 2 {
        return Err("an arena needs at least two players".into());
    }
    let roster = |p: &holdfast_search::Player| matches!(p, holdfast_search::Player::Roster(..));
    if game != "fortress" && arena.players.iter().any(roster) {
        return Err("the 1983 roster plays Fortress only".into());
    }
    print_for_game(&game, arena)
}

/// Runs `task` on the game of id `game` and prints its JSON: what `arena`,
/// `calibrate` and `train` end with. An unknown game or the task's error is the
/// command's error.
fn print_for_game<T: GameFn<Out = Result<serde_json::Value, String>>>(
    game: &str,
    task: T,
) -> Result<ExitCode, lexopt::Error> {
    match with_game(game, task) {
        Some(Ok(out)) => {
            say!("{out}");
            Ok(ExitCode::SUCCESS)
        }
        Some(Err(e)) => Err(e.into()),
        None => Err(format!("no game {game:?}; games: {}", ids().join(", ")).into()),
    }
}

/// `holdfast lessons FILE... [--show ID]`.
fn lessons(args: &mut lexopt::Parser) -> Result<ExitCode, lexopt::Error> {
    use holdfast_rules::lesson::check;
    use lexopt::prelude::*;
    let (mut files, mut show) = (Vec::new(), None);
    while let Some(arg) = args.next()? {
        match arg {
            Long("show") => show = Some(args.value()?.string()?),
            Value(v) => files.push(v.string()?),
            other => return Err(other.unexpected()),
        }
    }
    if files.is_empty() {
        return Err("lessons needs a FILE".into());
    }
    let mut code = ExitCode::SUCCESS;
    for file in &files {
        let text = std::fs::read_to_string(file).map_err(|e| format!("{file}: {e}"))?;
        if let Some(id) = &show {
            say!(
                "{}",
                check::show(&text, id).map_err(|e| format!("{file}: {e}"))?
            );
            continue;
        }
        for line in check::check_book(&text).map_err(|e| format!("{file}: {e}"))? {
            if line["ok"] != true {
                code = ExitCode::FAILURE;
            }
            say!("{line}");
        }
    }
    Ok(code)
}
