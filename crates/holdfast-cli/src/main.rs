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
use holdfast_rules::Game;

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

fn run_bench(game: &str, seconds: f64) -> ExitCode {
    match game {
        "fortress" => {
            let start = match Fortress::new(&FortressSetup::default()) {
                Ok(g) => g,
                Err(e) => {
                    eprintln!("{e}");
                    return ExitCode::FAILURE;
                }
            };
            let (games, moves, elapsed, checksum) = bench(&start, 1, seconds);
            let gps = games as f64 / elapsed;
            println!(
                "fortress classic 6x6, seed rules, random placements: {games} games, {moves} moves in {elapsed:.2} s (checksum {checksum})"
            );
            println!(
                "{}",
                serde_json::json!({ "game": "fortress", "games_per_s": gps.round() as u64 })
            );
            ExitCode::SUCCESS
        }
        "fort" => {
            let start = match Fort::new(&FortSetup::default()) {
                Ok(g) => g,
                Err(e) => {
                    eprintln!("{e}");
                    return ExitCode::FAILURE;
                }
            };
            let (games, moves, elapsed, checksum) = bench(&start, 1, seconds);
            let gps = games as f64 / elapsed;
            println!(
                "fort: random turns (0 to 3 random legal steps, then a random legal spawn) to the end: {games} games, {moves} actions in {elapsed:.2} s (checksum {checksum})"
            );
            println!(
                "{}",
                serde_json::json!({ "game": "fort", "playouts_per_s": (gps * 10.0).round() / 10.0 })
            );
            ExitCode::SUCCESS
        }
        "frontier" => {
            let mut rates = serde_json::Map::new();
            for mode in 1..=3u8 {
                let start = match Frontier::new(&preset(mode, 7)) {
                    Ok(g) => g,
                    Err(e) => {
                        eprintln!("{e}");
                        return ExitCode::FAILURE;
                    }
                };
                let (games, moves, elapsed, checksum) = bench(&start, 1, seconds / 3.0);
                let gps = games as f64 / elapsed;
                println!(
                    "frontier mode {mode} (11x9, 20 turns each, uniform random legal actions): {games} games, {moves} actions in {elapsed:.2} s (checksum {checksum})"
                );
                rates.insert(
                    format!("mode{mode}"),
                    serde_json::json!((gps * 10.0).round() / 10.0),
                );
            }
            println!(
                "{}",
                serde_json::json!({ "game": "frontier", "playouts_per_s": rates })
            );
            ExitCode::SUCCESS
        }
        "citadel" => {
            let mut rates = serde_json::Map::new();
            for size in [13u16, 19] {
                let start = match Citadel::new(&CitadelSetup { size }) {
                    Ok(g) => g,
                    Err(e) => {
                        eprintln!("{e}");
                        return ExitCode::FAILURE;
                    }
                };
                let (games, moves, elapsed, checksum) = bench(&start, 1, seconds / 2.0);
                let gps = games as f64 / elapsed;
                println!(
                    "citadel {size}x{size}: setup, draft and up to {PLAYOUT_TURNS} turns of uniformly random legal actions: {games} playouts, {moves} actions in {elapsed:.2} s (checksum {checksum})"
                );
                rates.insert(
                    format!("{size}x{size}"),
                    serde_json::json!((gps * 100.0).round() / 100.0),
                );
            }
            println!(
                "{}",
                serde_json::json!({ "game": "citadel", "playouts_per_s": rates })
            );
            ExitCode::SUCCESS
        }
        "island-wars" => {
            let mut rates = serde_json::Map::new();
            for players in [3u8, 6] {
                let start = match IslandWars::new(&IslandSetup {
                    players,
                    ..Default::default()
                }) {
                    Ok(g) => g,
                    Err(e) => {
                        eprintln!("{e}");
                        return ExitCode::FAILURE;
                    }
                };
                let (games, moves, elapsed, checksum) = bench(&start, 1, seconds / 2.0);
                let gps = games as f64 / elapsed;
                println!(
                    "island wars, {players} players on the shipped map, 12 rounds of uniformly random legal moves: {games} games, {moves} moves in {elapsed:.2} s (checksum {checksum})"
                );
                rates.insert(
                    format!("{players}p"),
                    serde_json::json!((gps * 10.0).round() / 10.0),
                );
            }
            println!(
                "{}",
                serde_json::json!({ "game": "island-wars", "playouts_per_s": rates })
            );
            ExitCode::SUCCESS
        }
        other => {
            eprintln!(
                "no benchmark for {other:?}; games: fortress, fort, frontier, citadel, island-wars"
            );
            ExitCode::from(2)
        }
    }
}
