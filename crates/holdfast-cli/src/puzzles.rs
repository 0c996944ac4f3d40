//! `holdfast puzzles`: positions from the computer's own games where one first
//! action is clearly the best ([`holdfast_search::puzzle`]), found reproducibly
//! and printed as the `puzzles` of the book the app ships
//! (`web/lessons/GAME.json`, docs/lessons.md).

use holdfast_rules::catalogue::GameFn;
use holdfast_rules::rng::Rng;
use holdfast_rules::Game;
use holdfast_search::puzzle::{clear_apart, clear_best, weigh};
use holdfast_search::{Budget, Level, Player};
use serde_json::{json, Value};

/// A search of the puzzles' settings, as the command line gives them.
pub struct Puzzles {
    pub setup: Option<Value>,
    pub variants: Vec<String>,
    pub count: u32,
    pub seed: u64,
    /// Each look's search (and its confirming search's).
    pub iterations: u32,
    /// How far the answer's chance must beat every other action's.
    pub margin: f32,
    /// How far the answer must beat its rivals each searched on its own.
    pub apart: f32,
    pub max_actions: u32,
    /// Entries of a game before its first look.
    pub from: usize,
}

/// Puzzles a game gives at most (so that they come from many games).
const PER_GAME: usize = 2;
/// Games played at most before the search gives up.
const MAX_GAMES: u32 = 2_000;

impl GameFn for Puzzles {
    type Out = Result<Value, String>;

    fn call<G: Game>(self) -> Self::Out {
        let (setups, starts) =
            crate::table::starts::<G>(self.setup.as_ref(), &self.variants, "puzzle book")?;
        let players: Vec<Player> = (3..=4).filter_map(Level::new).map(Player::Level).collect();
        let budget = Budget {
            iterations: 4_000,
            seconds: None,
        };
        let clock = || 0.0;
        let mut found: Vec<Value> = Vec::new();
        // The positions found, as `holdfast replay` reports them: one reached
        // again (the same opening, or another order of the same moves) is not a
        // second puzzle.
        let mut positions: Vec<String> = Vec::new();
        let mut looked = 0u32;
        for i in 0..MAX_GAMES {
            if found.len() >= self.count as usize {
                break;
            }
            let mut rng = Rng::new(self.seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ i as u64);
            let setup = &setups[i as usize % setups.len()];
            let mut g = starts[i as usize % starts.len()].clone();
            let (mut entries, mut turn, mut actions) = (Vec::new(), Vec::new(), 0);
            let mut in_game = 0;
            while let Some(seat) = g.to_move() {
                if actions >= self.max_actions && !g.entry_open() {
                    break;
                }
                if !g.entry_open() && entries.len() >= self.from && in_game < PER_GAME {
                    looked += 1;
                    let seed = rng.next_u64();
                    let position = holdfast_rules::record::report(&g, 0).to_string();
                    let puzzle = match positions.contains(&position) {
                        true => None,
                        false => self.puzzle(&g, seed),
                    };
                    if let Some(p) = puzzle {
                        positions.push(position);
                        let mut p = p;
                        p["id"] = json!(format!("puzzle-{}", found.len() + 1));
                        p["setup"] = serde_json::to_value(setup).map_err(|e| e.to_string())?;
                        p["moves"] = json!(entries);
                        eprintln!(
                            "puzzle {}: game {i}, entry {}, {} ({} against {})",
                            found.len() + 1,
                            entries.len() + 1,
                            p["answer"],
                            p["chance"],
                            p["second"]
                        );
                        // Each puzzle whole as it is found, so that a run cut short
                        // keeps what it found.
                        eprintln!("{p}");
                        found.push(p);
                        in_game += 1;
                        if found.len() >= self.count as usize {
                            break;
                        }
                    }
                }
                let player = &players[(seat as usize + i as usize) % players.len()];
                let thought = player.think(&g, &mut rng, &clock, Some(budget), &mut |_| {});
                let Some(mv) = thought.mv else { break };
                turn.push(g.format_move(mv));
                g.play(mv)
                    .map_err(|e| format!("{} refused its own choice: {e}", G::ID))?;
                if !g.entry_open() {
                    entries.push(g.entry_text(&turn));
                    turn.clear();
                }
                actions += 1;
            }
        }
        eprintln!("{} puzzles from {looked} positions looked at", found.len());
        if found.len() < self.count as usize {
            eprintln!(
                "only {} of the {} puzzles asked for in {MAX_GAMES} games",
                found.len(),
                self.count
            );
        }
        Ok(json!({ "game": G::ID, "puzzles": found }))
    }
}

impl Puzzles {
    /// The puzzle at `g`, if one action is clearly its best: in five searches
    /// from different seeds, the same first action, beating its rivals by the
    /// margin (one search's chances swing by a tenth or two from seed to seed).
    fn puzzle<G: Game>(&self, g: &G, seed: u64) -> Option<Value> {
        let weighed = weigh(g, self.iterations, seed)?;
        let (best, _) = clear_best(&weighed, self.margin)?;
        for other in [0x5bd1_e995, 0x27d4_eb2d, 0x1656_67b1, 0x85eb_ca6b] {
            let again = weigh(g, self.iterations, seed ^ other)?;
            let (confirmed, _) = clear_best(&again, self.margin)?;
            if confirmed.action != best.action {
                return None;
            }
        }
        // Then the answer and its rivals each searched on its own: in one tree an
        // action the search left early has few playouts behind its chance.
        let (chance, second) = clear_apart(g, &weighed, self.iterations, seed, self.apart)?;
        let mut h = g.clone();
        let line: Vec<String> = best
            .line
            .iter()
            .map_while(|&m| {
                let text = h.format_move(m);
                h.play(m).ok().map(|_| text)
            })
            .collect();
        let round = |x: f32| (x as f64 * 100.0).round() / 100.0;
        Some(json!({
            "answer": g.format_move(best.action),
            "line": line,
            "chance": round(chance),
            "second": round(second),
        }))
    }
}

/// `holdfast puzzles GAME [--variant V[,V...] | --setup JSON] [--count N] [--seed S]
/// [--iterations N] [--margin M] [--apart M] [--from K] [--max-actions N]`.
pub fn command(args: &mut lexopt::Parser) -> Result<std::process::ExitCode, lexopt::Error> {
    use crate::number;
    use lexopt::prelude::*;
    let mut p = Puzzles {
        setup: None,
        variants: Vec::new(),
        count: 20,
        seed: 1,
        iterations: 100_000,
        margin: 0.3,
        apart: 0.2,
        max_actions: crate::arena::MAX_ACTIONS,
        from: 4,
    };
    let mut game = None;
    while let Some(arg) = args.next()? {
        match arg {
            Long("count") => p.count = number("count", args.value()?.string()?, 10_000)? as u32,
            Long("iterations") => {
                p.iterations = number("iterations", args.value()?.string()?, 100_000_000)? as u32
            }
            Long("margin") => p.margin = chance_arg(args.value()?.string()?, "--margin")?,
            Long("apart") => p.apart = chance_arg(args.value()?.string()?, "--apart")?,
            Long("from") => p.from = number("from", args.value()?.string()?, 100_000)? as usize,
            Long("max-actions") => p.max_actions = crate::max_actions(args.value()?.string()?)?,
            Long("seed") => p.seed = crate::whole(args.value()?.string()?, "--seed")?,
            Long("variant") => p.variants = crate::variants_arg(args.value()?.string()?),
            Long("setup") => p.setup = Some(crate::setup_arg(args.value()?.string()?)?),
            Value(v) if game.is_none() => game = Some(v.string()?),
            other => return Err(other.unexpected()),
        }
    }
    let Some(game) = game else {
        return Err("puzzles needs a GAME".into());
    };
    crate::print_for_game(&game, p)
}

/// A margin of chance from the command line: 0 to 1.
fn chance_arg(text: String, name: &str) -> Result<f32, lexopt::Error> {
    let m = text.parse::<f32>().ok().filter(|m| (0.0..=1.0).contains(m));
    m.ok_or_else(|| format!("{name} is a chance, 0 to 1").into())
}
