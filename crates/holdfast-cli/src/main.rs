//! `holdfast`: replay game records and benchmark the rules.
//!
//! ```text
//! holdfast replay FILE|-          print the position after a record (NOTATION.md)
//! holdfast bench GAME [SECONDS]   random playouts per second; last line is JSON
//! ```

use std::io::Read;
use std::process::ExitCode;

use holdfast_rules::citadel::{Citadel, CitadelSetup, PLAYOUT_TURNS};
use holdfast_rules::fort::{Fort, FortSetup};
use holdfast_rules::fortress::{Fortress, FortressSetup};
use holdfast_rules::frontier::{preset, Frontier};
use holdfast_rules::island_wars::{IslandSetup, IslandWars};
use holdfast_rules::playout::bench;
use holdfast_rules::record::replay_text;
use holdfast_rules::{Game, SetupError};

const USAGE: &str = "usage:
  holdfast replay FILE|-          replay a game record and print the position as JSON
  holdfast bench GAME [SECONDS]   random playouts per second (GAME: fortress, fort, frontier, citadel, island-wars)";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        Some("replay") if args.len() == 2 => replay(&args[1]),
        Some("bench") if (2..=3).contains(&args.len()) => {
            let seconds = match args.get(2).map(|s| s.parse::<f64>()) {
                None => 3.0,
                Some(Ok(s)) if s > 0.0 => s,
                _ => {
                    eprintln!("SECONDS must be a positive number\n{USAGE}");
                    return ExitCode::from(2);
                }
            };
            run_bench(&args[1], seconds)
        }
        Some("-h" | "--help" | "help") => {
            println!("{USAGE}");
            ExitCode::SUCCESS
        }
        _ => {
            eprintln!("{USAGE}");
            ExitCode::from(2)
        }
    }
}

fn replay(path: &str) -> ExitCode {
    let mut text = String::new();
    let read = if path == "-" {
        std::io::stdin().read_to_string(&mut text).map(|_| ())
    } else {
        std::fs::read_to_string(path).map(|t| text = t)
    };
    if let Err(e) = read {
        println!(
            "{}",
            serde_json::json!({ "ok": false, "error": { "reason": format!("cannot read {path}: {e}") } })
        );
        return ExitCode::from(2);
    }
    let (status, out) = replay_text(&text);
    println!("{out}");
    ExitCode::from(status as u8)
}

/// Random playouts of one setup for about `seconds`: prints a line about them and
/// returns the playouts per second.
fn measure<G: Game>(setup: &G::Setup, seconds: f64, what: &str) -> Result<f64, SetupError> {
    let start = G::new(setup)?;
    let (games, moves, elapsed, checksum) = bench(&start, 1, seconds);
    println!("{what}: {games} playouts, {moves} actions in {elapsed:.2} s (checksum {checksum})");
    Ok(games as f64 / elapsed)
}

fn rounded(x: f64) -> serde_json::Value {
    serde_json::json!((x * 10.0).round() / 10.0)
}

fn run_bench(game: &str, seconds: f64) -> ExitCode {
    let result = match game {
        "fortress" => measure::<Fortress>(
            &FortressSetup::default(),
            seconds,
            "fortress classic 6x6, seed rules, random placements (passing only when none is legal), 21 moves each",
        )
        .map(|gps| serde_json::json!({ "game": "fortress", "games_per_s": gps.round() as u64 })),
        "fort" => measure::<Fort>(
            &FortSetup::default(),
            seconds,
            "fort: random turns (0 to 3 random legal steps, then a random legal spawn) to the end",
        )
        .map(|gps| serde_json::json!({ "game": "fort", "playouts_per_s": rounded(gps) })),
        "frontier" => (1..=3u8)
            .map(|mode| {
                measure::<Frontier>(
                    &preset(mode, 7),
                    seconds / 3.0,
                    &format!("frontier mode {mode} (11x9, 20 turns each, uniformly random legal actions)"),
                )
                .map(|gps| (format!("mode{mode}"), rounded(gps)))
            })
            .collect::<Result<serde_json::Map<_, _>, _>>()
            .map(|rates| serde_json::json!({ "game": "frontier", "playouts_per_s": rates })),
        "citadel" => [13u16, 19]
            .into_iter()
            .map(|size| {
                measure::<Citadel>(
                    &CitadelSetup { size },
                    seconds / 2.0,
                    &format!("citadel {size}x{size}: setup, draft and up to {PLAYOUT_TURNS} turns of uniformly random legal actions"),
                )
                .map(|gps| (format!("{size}x{size}"), serde_json::json!((gps * 100.0).round() / 100.0)))
            })
            .collect::<Result<serde_json::Map<_, _>, _>>()
            .map(|rates| serde_json::json!({ "game": "citadel", "playouts_per_s": rates })),
        "island-wars" => [3u8, 6]
            .into_iter()
            .map(|players| {
                measure::<IslandWars>(
                    &IslandSetup { players, ..Default::default() },
                    seconds / 2.0,
                    &format!("island wars, {players} players on the shipped map, 12 rounds of uniformly random legal moves"),
                )
                .map(|gps| (format!("{players}p"), rounded(gps)))
            })
            .collect::<Result<serde_json::Map<_, _>, _>>()
            .map(|rates| serde_json::json!({ "game": "island-wars", "playouts_per_s": rates })),
        other => {
            eprintln!("no benchmark for {other:?}; games: fortress, fort, frontier, citadel, island-wars");
            return ExitCode::from(2);
        }
    };
    match result {
        Ok(json) => {
            println!("{json}");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("{e}");
            ExitCode::FAILURE
        }
    }
}
