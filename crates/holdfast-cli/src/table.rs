//! One game under way, of any game, behind a trait object: what the engine, `holdfast
//! move` and `holdfast match` hold while they read entries, think and referee.

use std::time::Instant;

use holdfast_rules::catalogue::{ids, with_game, GameFn};
use holdfast_rules::record::report;
use holdfast_rules::rng::Rng;
use holdfast_rules::{Game, Record, Seat};
use holdfast_search::mcts::candidates;
use holdfast_search::player::{is_pass, search_and_choose};
use holdfast_search::{think_parallel, Budget, Player, SearchConfig, Thought, STRONGEST};
use serde_json::{json, Value};

/// The actions one turn may take before a player's turn is given up as endless (no
/// game's turn comes near it).
const MAX_TURN_ACTIONS: usize = 1000;

/// Who thinks in the engine: one of the arena's players, or the plain search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EnginePlayer {
    Named(Player),
    /// The tree search alone, at the game's settings (`SearchConfig::for_game`),
    /// always its preferred action.
    Search,
}

impl std::str::FromStr for EnginePlayer {
    type Err = String;
    fn from_str(s: &str) -> Result<EnginePlayer, String> {
        match s {
            "search" => Ok(EnginePlayer::Search),
            _ => s.parse().map(EnginePlayer::Named).map_err(|_| {
                format!(
                    "{s:?} is not a player: search, level1 to level5, strongest, random or greedy"
                )
            }),
        }
    }
}

impl std::fmt::Display for EnginePlayer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            EnginePlayer::Named(p) => p.fmt(f),
            EnginePlayer::Search => f.write_str("search"),
        }
    }
}

/// What a player decided for the seat to move: a whole record entry.
#[derive(Clone, Debug, PartialEq)]
pub struct Answer {
    pub seat: Seat,
    /// The entry, as a record writes it (a whole turn where a turn has several actions).
    pub entry: String,
    /// The first search's mean reward of its preferred action for the seat to move;
    /// `None` when no search ran (random, greedy, forced actions).
    pub chance: Option<f32>,
    /// The principal line in entries, starting with `entry` (an unfinished turn at
    /// its end is left out).
    pub line: Vec<String>,
    pub iterations: u64,
    pub ms: f64,
}

/// One game under way.
pub trait Table {
    /// The setup with every field, as a record writes it.
    fn setup_json(&self) -> Value;
    fn players(&self) -> usize;
    fn to_move(&self) -> Option<Seat>;
    /// The entries played so far.
    fn entries(&self) -> &[String];
    /// Plays one entry; on a refusal (the rules' reason) nothing changes.
    fn play(&mut self, entry: &str) -> Result<(), String>;
    /// Whether the seat to move has an action a computer would take (not only an
    /// agreement such as Fort's count).
    fn can_act(&self) -> bool;
    /// Plays one entry of candidate actions drawn from `rng` (a pass only when
    /// nothing else is legal), and returns it.
    fn random_entry(&mut self, rng: &mut Rng) -> Option<String>;
    /// What `player` plays here with `budget` (its own when `None`), its randomness
    /// drawn from `seed` and the number of entries played.
    fn think(
        &self,
        player: EnginePlayer,
        budget: Option<Budget>,
        seed: u64,
        threads: usize,
    ) -> Result<Answer, String>;
    /// The scores, and the winners: the game's once over, the top scores before.
    fn outcome(&self) -> (Vec<i32>, Vec<Seat>);
    /// The position as `holdfast replay` reports it.
    fn report(&self) -> Value;
}

struct Live<G: Game> {
    g: G,
    entries: Vec<String>,
}

/// A game of id `game`, from `setup` (a JSON object), or the named `variant`, or the
/// first variant. With `seats`, a setup (given or default) that names no `players`
/// takes that many when the game allows it.
pub fn open(
    game: &str,
    setup: Option<&Value>,
    variant: Option<&str>,
    seats: Option<usize>,
) -> Result<Box<dyn Table>, String> {
    struct Open<'a>(Option<&'a Value>, Option<&'a str>, Option<usize>);
    impl GameFn for Open<'_> {
        type Out = Result<Box<dyn Table>, String>;
        fn call<G: Game>(self) -> Self::Out {
            let setup = match (self.0, self.1) {
                (_, Some(name)) => variant_setup::<G>(name)?,
                (given, None) => fit_setup::<G>(given.unwrap_or(&json!({})), self.2)?,
            };
            let g = G::new(&setup).map_err(|e| e.to_string())?;
            Ok(Box::new(Live {
                g,
                entries: Vec::new(),
            }))
        }
    }
    with_game(game, Open(setup, variant, seats))
        .unwrap_or_else(|| Err(format!("no game {game:?}; games: {}", ids().join(", "))))
}

/// A record's game with its entries played; a record whose game is over (by its
/// rules or a resignation) is refused, as is one with a bad entry.
pub fn from_record(record: &Record) -> Result<Box<dyn Table>, String> {
    let mut t = open(&record.game, Some(&record.setup), None, None)?;
    for (i, entry) in record.moves.iter().enumerate() {
        t.play(entry)
            .map_err(|e| format!("entry {} ({entry:?}) is refused: {e}", i + 1))?;
    }
    if record.resigned.is_some() {
        return Err("the game is over: a player resigned".into());
    }
    Ok(t)
}

/// The setup of `G`'s variant `name`, or why there is none (naming those there are).
pub fn variant_setup<G: Game>(name: &str) -> Result<G::Setup, String> {
    let variants = G::variants();
    let names: Vec<&str> = variants.iter().map(|(n, _)| n.as_str()).collect();
    let found = variants.iter().position(|(n, _)| n == name);
    found
        .map(|i| variants[i].1.clone())
        .ok_or_else(|| format!("{} has no variant {name:?}: {}", G::ID, names.join(", ")))
}

/// The setups and starting positions of `variants` by name, or of `setup` (JSON;
/// `{}` when none) when no variant is named, all of which must share one
/// [`Game::model_key`] (the `what` that each key has one of, for the error).
pub fn starts<G: Game>(
    setup: Option<&Value>,
    variants: &[String],
    what: &str,
) -> Result<(Vec<G::Setup>, Vec<G>), String> {
    let setups: Vec<G::Setup> = if variants.is_empty() {
        vec![fit_setup::<G>(
            setup.unwrap_or(&Value::Object(Default::default())),
            None,
        )?]
    } else {
        variants
            .iter()
            .map(|name| variant_setup::<G>(name))
            .collect::<Result<_, _>>()?
    };
    let starts: Vec<G> = setups
        .iter()
        .map(|s| G::new(s).map_err(|e| e.to_string()))
        .collect::<Result<_, _>>()?;
    let key = starts[0].model_key();
    if let Some(other) = starts.iter().find(|g| g.model_key() != key) {
        return Err(format!(
            "the variants need one {what}: {key} and {}",
            other.model_key()
        ));
    }
    Ok((setups, starts))
}

/// The winners once `g` is over; before (a game stopped at a limit), the seats with
/// the top score.
pub fn leaders<G: Game>(g: &G) -> Vec<Seat> {
    if g.is_over() {
        return g.winners();
    }
    let scores = g.scores();
    let top = scores.iter().copied().max().unwrap_or(0);
    (0..scores.len())
        .filter(|&s| scores[s] == top)
        .map(|s| s as Seat)
        .collect()
}

/// A setup from JSON; with `seats`, one that names no `players` takes that many when
/// the game then has that many seats (as the arena fills a setup).
pub fn fit_setup<G: Game>(given: &Value, seats: Option<usize>) -> Result<G::Setup, String> {
    let parse = |v: &Value| -> Result<G::Setup, String> {
        let mut record = Record::new::<G>(&G::Setup::default());
        record.setup = v.clone();
        record.setup_of::<G>().map_err(|e| e.to_string())
    };
    let setup = parse(given)?;
    let Some(k) = seats else {
        return Ok(setup);
    };
    let has = G::new(&setup).map_err(|e| e.to_string())?.players();
    if has != k {
        if let Some(obj) = given.as_object().filter(|o| !o.contains_key("players")) {
            let mut obj = obj.clone();
            obj.insert("players".into(), json!(k));
            if let Ok(s) = parse(&Value::Object(obj)) {
                if G::new(&s).is_ok_and(|g| g.players() == k) {
                    return Ok(s);
                }
            }
        }
    }
    Ok(setup)
}

/// The generator for one decision: the seed mixed with the entries played, so that
/// a position, a seed and a budget always give the same answer.
fn rng_for(seed: u64, ply: usize) -> Rng {
    Rng::new(seed ^ (ply as u64 + 1).wrapping_mul(0x9e37_79b9_7f4a_7c15))
}

impl<G: Game> Live<G> {
    /// The actions `line` from the current position grouped into entries; an
    /// unfinished turn at the end is left out.
    fn entries_of(&self, line: &[G::Move]) -> Vec<String> {
        let (mut g, mut out, mut turn) = (self.g.clone(), Vec::new(), Vec::new());
        for &mv in line {
            turn.push(g.format_move(mv));
            if g.play(mv).is_err() {
                break;
            }
            if !g.entry_open() {
                out.push(g.entry_text(&turn));
                turn.clear();
            }
        }
        out
    }
}

impl<G: Game> Table for Live<G> {
    fn setup_json(&self) -> Value {
        serde_json::to_value(self.g.setup()).unwrap_or(Value::Null)
    }
    fn players(&self) -> usize {
        self.g.players()
    }
    fn to_move(&self) -> Option<Seat> {
        self.g.to_move()
    }
    fn entries(&self) -> &[String] {
        &self.entries
    }
    fn play(&mut self, entry: &str) -> Result<(), String> {
        self.g.play_entry(entry).map_err(|e| e.to_string())?;
        self.entries.push(entry.to_string());
        Ok(())
    }
    fn can_act(&self) -> bool {
        let mut moves = Vec::new();
        candidates(&self.g, &mut moves);
        !moves.is_empty()
    }
    fn random_entry(&mut self, rng: &mut Rng) -> Option<String> {
        let (mut g, mut moves, mut turn) = (self.g.clone(), Vec::new(), Vec::new());
        while turn.len() < MAX_TURN_ACTIONS {
            candidates(&g, &mut moves);
            // An opening passes only when nothing else is legal: two random passes
            // end a Fortress game before it starts.
            let quiet: Vec<G::Move> = moves.iter().copied().filter(|&m| !is_pass(&g, m)).collect();
            if !quiet.is_empty() {
                moves = quiet;
            }
            let mv = *moves.get(rng.below(moves.len().max(1) as u32) as usize)?;
            turn.push(g.format_move(mv));
            g.play(mv).ok()?;
            if !g.entry_open() {
                let entry = g.entry_text(&turn);
                self.play(&entry).ok()?;
                return Some(entry);
            }
        }
        None
    }
    fn think(
        &self,
        player: EnginePlayer,
        budget: Option<Budget>,
        seed: u64,
        threads: usize,
    ) -> Result<Answer, String> {
        let seat = self.g.to_move().ok_or("the game is over")?;
        let mut rng = rng_for(seed, self.entries.len());
        let t0 = Instant::now();
        // The strongest is defined by its time: with no budget given, its own (3 s
        // an action), on the real clock.
        let budget = match (player, budget) {
            (EnginePlayer::Named(Player::Strongest), None) => Some(Budget {
                iterations: STRONGEST.iterations,
                seconds: Some(STRONGEST.seconds),
            }),
            (_, b) => b,
        };
        // Seconds only count when the budget has them: an iteration budget (or a
        // level's own) gives the same answer on any machine, loaded or not.
        let timed = budget.is_some_and(|b| b.seconds.is_some());
        let clock = || {
            if timed {
                t0.elapsed().as_secs_f64()
            } else {
                0.0
            }
        };
        let mut g = self.g.clone();
        let (mut turn, mut texts) = (Vec::new(), Vec::new());
        let (mut chance, mut iterations) = (None, 0u64);
        let tail = loop {
            let thought: Thought<G::Move> = match player {
                EnginePlayer::Named(p) => think_parallel(p, &g, &mut rng, &clock, budget, threads),
                EnginePlayer::Search => {
                    let mut moves = Vec::new();
                    candidates(&g, &mut moves);
                    if moves.len() <= 1 {
                        Thought {
                            mv: moves.first().copied(),
                            search: None,
                        }
                    } else {
                        let config = SearchConfig::for_game(G::ID);
                        let config = SearchConfig {
                            budget: budget.unwrap_or(config.budget),
                            ..config
                        };
                        search_and_choose(&g, config, 0.0, &mut rng, &clock, &mut |_| {})
                    }
                }
            };
            let Some(mv) = thought.mv else {
                return Err(if turn.is_empty() {
                    "no action to take: only an agreement is left".to_string()
                } else {
                    format!("{} left a turn unfinished", G::ID)
                });
            };
            let mut tail = vec![mv];
            if let Some(seen) = thought.search {
                // The first action's (`Seen::chance`): a proved result as it is, else
                // the fitted chance where a model is shipped, else the value through
                // the game's calibration table.
                if chance.is_none() {
                    chance = Some(seen.chance(&g));
                }
                iterations += seen.iterations as u64;
                // The line goes on from the chosen action when the search's
                // line starts with it (a level's temperature may choose another).
                if seen.line.first() == Some(&mv) {
                    tail = seen.line;
                }
            }
            texts.push(g.format_move(mv));
            g.play(mv)
                .map_err(|e| format!("{} refused its own choice: {e}", G::ID))?;
            if !g.entry_open() {
                break tail;
            }
            turn.push(mv);
            if turn.len() >= MAX_TURN_ACTIONS {
                return Err(format!("a turn of more than {MAX_TURN_ACTIONS} actions"));
            }
        };
        let entry = g.entry_text(&texts);
        turn.extend(tail);
        let mut line = self.entries_of(&turn);
        if line.first() != Some(&entry) {
            line = vec![entry.clone()];
        }
        Ok(Answer {
            seat,
            entry,
            chance,
            line,
            iterations,
            ms: t0.elapsed().as_secs_f64() * 1000.0,
        })
    }
    fn outcome(&self) -> (Vec<i32>, Vec<Seat>) {
        (self.g.scores(), leaders(&self.g))
    }
    fn report(&self) -> Value {
        report(&self.g, self.entries.len())
    }
}
