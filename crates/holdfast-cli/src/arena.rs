//! `holdfast arena`: seat-rotated matches between computer players.

use std::path::PathBuf;
use std::time::Instant;

use holdfast_rules::catalogue::GameFn;
use holdfast_rules::rng::Rng;
use holdfast_rules::{Game, Record};
use holdfast_search::{think_parallel, Player};
use serde_json::{json, Value};

use crate::table::fit_setup;

/// Actions after which an arena game that has not ended is scored as it stands.
pub const MAX_ACTIONS: u32 = 3000;
/// The most games an arena plays.
pub const MAX_GAMES: u32 = 100_000;

/// An arena's settings, as the command line gives them.
pub struct Arena {
    pub players: Vec<Player>,
    pub games: u32,
    pub seed: u64,
    pub setup: Option<Value>,
    pub records: Option<PathBuf>,
    pub max_actions: u32,
    /// Whether the roster's opponents learn after each game (Fortress).
    pub learn: bool,
}

/// One player's tally, in command-line order.
#[derive(Default)]
struct Tally {
    wins: u32,
    draws: u32,
    losses: u32,
    score: f64,
    actions: u64,
    ms: f64,
    max_ms: f64,
}

impl Arena {
    /// The setup: the one given (with `players` filled in from the number of players
    /// when it names none and the game has seats to fill), or the game's default.
    fn setup<G: Game>(&self) -> Result<G::Setup, String> {
        let k = self.players.len();
        let given = self.setup.clone().unwrap_or_else(|| json!({}));
        let setup = fit_setup::<G>(&given, Some(k))?;
        let seats = G::new(&setup).map_err(|e| e.to_string())?.players();
        if seats == k {
            return Ok(setup);
        }
        Err(format!(
            "{} with this setup has {seats} seats: give {seats} players, or a setup with that many",
            G::ID
        ))
    }
}

impl GameFn for Arena {
    type Out = Result<Value, String>;

    fn call<G: Game>(self) -> Self::Out {
        let setup = self.setup::<G>()?;
        let start = G::new(&setup).map_err(|e| e.to_string())?;
        if let Some(dir) = &self.records {
            std::fs::create_dir_all(dir)
                .map_err(|e| format!("cannot make {}: {e}", dir.display()))?;
        }
        let k = self.players.len();
        let mut tally: Vec<Tally> = (0..k).map(|_| Tally::default()).collect();
        // Levels search by iterations alone here (a clock that never moves), so the
        // games are the same on any machine, loaded or not; thinking times are
        // measured apart. The strongest player is defined by its time (3 s an
        // action on every core): it alone reads a real clock, so its games are not
        // reproducible.
        let clock = || 0.0;
        let threads = holdfast_search::parallel::cores();
        let mut players = self.players.clone();
        for i in 0..self.games {
            // Seat `s` is taken by player `(s + i) % k`: every player sits everywhere.
            let at: Vec<usize> = (0..k).map(|s| (s + i as usize) % k).collect();
            let mut rng = Rng::new(self.seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ i as u64);
            let mut g = start.clone();
            let mut record = Record::new::<G>(&setup);
            record.names = at.iter().map(|&p| players[p].to_string()).collect();
            let mut turn = Vec::new();
            let mut actions = 0;
            // Set when the seat to move has nothing but an agreement left.
            let mut stuck = false;
            while let Some(seat) = g.to_move() {
                // The limit stops a game between turns, so the record holds it all.
                if actions >= self.max_actions && !g.entry_open() {
                    break;
                }
                let p = at[seat as usize % k];
                let t = Instant::now();
                let player = players[p];
                let real = || t.elapsed().as_secs_f64();
                let thought = if player == Player::Strongest {
                    think_parallel(player, &g, &mut rng, &real, None, threads)
                } else {
                    player.think(&g, &mut rng, &clock, None, &mut |_| {})
                };
                let Some(mv) = thought.mv else {
                    stuck = true;
                    break;
                };
                let ms = t.elapsed().as_secs_f64() * 1000.0;
                let tl = &mut tally[p];
                (tl.actions, tl.ms, tl.max_ms) = (tl.actions + 1, tl.ms + ms, tl.max_ms.max(ms));
                turn.push(g.format_move(mv));
                g.play(mv)
                    .map_err(|e| format!("{} refused its own choice: {e}", G::ID))?;
                actions += 1;
                if !g.entry_open() {
                    record.moves.push(g.entry_text(&turn));
                    turn.clear();
                }
            }
            let scores = g.scores();
            // Over: the game's winners; stopped: the top scores.
            let winners: Vec<usize> = crate::table::leaders(&g)
                .into_iter()
                .map(|s| s as usize)
                .collect();
            for (s, &p) in at.iter().enumerate() {
                let t = &mut tally[p];
                t.score += scores.get(s).copied().unwrap_or(0) as f64;
                match (winners.contains(&s), winners.len()) {
                    (true, 1) => t.wins += 1,
                    // Shared, or (were a game ever to end so) nobody's.
                    (true, _) | (false, 0) => t.draws += 1,
                    _ => t.losses += 1,
                }
            }
            let seats: Vec<String> = at
                .iter()
                .enumerate()
                .map(|(s, &p)| format!("{} {}", players[p], scores.get(s).unwrap_or(&0)))
                .collect();
            let result = match winners.as_slice() {
                [w] => format!("{} wins", players[at[*w]]),
                _ => "a draw".to_string(),
            };
            let ended = match (g.is_over(), stuck) {
                (true, _) => "",
                (false, true) => " (stopped: only an agreement was left)",
                (false, false) => " (stopped: action limit)",
            };
            say!(
                "game {}/{}: {}: {result}{ended}",
                i + 1,
                self.games,
                seats.join(", ")
            );
            if self.learn {
                // (The roster plays Fortress, whose every entry is one action.)
                crate::opponent::learn_all(&start, &record.moves, &mut players);
            }
            if let Some(dir) = &self.records {
                let path = dir.join(format!("game-{:05}.json", i + 1));
                std::fs::write(&path, record.to_json())
                    .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
            }
        }
        let games = self.games.max(1) as f64;
        let players: Vec<Value> = tally
            .iter()
            .zip(self.players.iter().zip(&players))
            .map(|(t, (p, now))| {
                // A roster opponent's weights at the end: changed only by --learn.
                let weights = match now {
                    Player::Roster(_, w) => json!({ "weights": w, "learned": now != p }),
                    _ => Value::Null,
                };
                json!({
                    "player": p.to_string(),
                    "roster": weights,
                    "wins": t.wins,
                    "draws": t.draws,
                    "losses": t.losses,
                    "avg_score": (t.score / games * 10.0).round() / 10.0,
                    "mean_ms": (t.ms / t.actions.max(1) as f64 * 100.0).round() / 100.0,
                    "max_ms": (t.max_ms * 100.0).round() / 100.0,
                })
            })
            .collect();
        Ok(json!({
            "game": G::ID,
            "setup": serde_json::to_value(&setup).unwrap_or(Value::Null),
            "games": self.games,
            "players": players,
        }))
    }
}
