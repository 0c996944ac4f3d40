//! Looking back with the engine: every decision of a game searched again, each
//! seat's chance of winning before and after it, the entry the search prefers, and
//! a class for the entry played from what it cost the mover.
//!
//! A decision is a record entry: one move, or a whole turn where a turn has several
//! actions (Fort's steps and spawn, a Citadel or Island Wars turn, Frontier's
//! orders). A person plans and a record writes a turn as one; judging each action
//! apart would charge the first action of a plan for a position its last action
//! mends. So the preferred entry is a whole turn too: the search's first action,
//! then its principal line while the turn goes on, searched again only where that
//! line stops before the turn ends.
//!
//! Each position between entries is looked at once ([`look_at`]): the search of
//! [`Player::Steady`] level 5 (no slips, the end solver near the end) on a budget of
//! iterations, seeded from the analysis's seed and the position's index, so an
//! analysis is the same on any machine and in the browser's worker, which runs this
//! code one position at a time ([`Analysis::step`]).

use holdfast_rules::rng::Rng;
use holdfast_rules::{Game, MoveError, Seat};

use crate::mcts::candidates;
use crate::models::{engine_chances, result_shares};
use crate::player::{solve_end, LINE_LEN};
use crate::{Budget, Level, Player, Search, SearchConfig, Seen, Thought};

/// The iterations a position is searched with unless told otherwise: about level
/// 4's in most games, a few hundredths of a second natively.
pub const ANALYSIS_ITERATIONS: u32 = 20_000;

/// The most actions a preferred turn may take before it is given up as endless (no
/// game's turn comes near it).
const MAX_TURN: usize = 1000;

/// How an entry played compares with the one the search prefers, by the mover's
/// loss in chance of winning (points out of 100 in the thresholds' names).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Class {
    /// The entry the search prefers.
    Best,
    /// Another entry, losing less than [`GOOD`].
    Good,
    /// Losing [`GOOD`] to [`INACCURACY`].
    Inaccuracy,
    /// Losing [`INACCURACY`] to [`MISTAKE`].
    Mistake,
    /// Losing [`MISTAKE`] or more.
    Blunder,
}

/// Losses below this (5 points) are a good move.
pub const GOOD: f32 = 0.05;
/// Losses below this (10 points) are an inaccuracy.
pub const INACCURACY: f32 = 0.10;
/// Losses below this (20 points) are a mistake; from it on, a blunder.
pub const MISTAKE: f32 = 0.20;

impl Class {
    pub const ALL: [Class; 5] = [
        Class::Best,
        Class::Good,
        Class::Inaccuracy,
        Class::Mistake,
        Class::Blunder,
    ];

    /// The class of an entry that lost `loss` of the mover's chance, `best` when it
    /// is the entry the search prefers.
    pub fn of(loss: f32, best: bool) -> Class {
        match loss {
            _ if best => Class::Best,
            l if l < GOOD => Class::Good,
            l if l < INACCURACY => Class::Inaccuracy,
            l if l < MISTAKE => Class::Mistake,
            _ => Class::Blunder,
        }
    }

    /// Its name in JSON and on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Class::Best => "best",
            Class::Good => "good",
            Class::Inaccuracy => "inaccuracy",
            Class::Mistake => "mistake",
            Class::Blunder => "blunder",
        }
    }

    /// The mark a move list puts after the entry, as chess annotators do (none for
    /// the best and good ones).
    pub fn symbol(self) -> &'static str {
        match self {
            Class::Best | Class::Good => "",
            Class::Inaccuracy => "?!",
            Class::Mistake => "?",
            Class::Blunder => "??",
        }
    }
}

/// What the search sees at one position between entries.
#[derive(Clone, Debug, PartialEq)]
pub struct Look {
    /// Each seat's chance of winning ([`engine_chances`]): where every action of
    /// the turn was forced, the chance of the position after it; even chances
    /// where no search could say (nothing but an agreement left to do, or over 16
    /// forced turns in a row). `None` only for a look not yet made.
    pub chances: Option<Vec<f32>>,
    /// The entry the search prefers, in notation (`None` once the game is over, or
    /// when only an agreement is left to do).
    pub best: Option<String>,
    /// Whether the end solver proved the chance.
    pub solved: bool,
    /// Iterations (or the solver's positions) spent here.
    pub iterations: u64,
    /// The mover's chance with the entry played here, as the same search saw it
    /// (the played entry's line in its tree: [`crate::Search::line_through`]),
    /// when the entry was given and its first action was searched.
    pub played: Option<f32>,
}

/// One entry of the game, judged.
#[derive(Clone, Debug, PartialEq)]
pub struct Decision {
    /// Its place in the record, from 0.
    pub index: usize,
    pub seat: Seat,
    /// The entry played, in notation as this version writes it.
    pub played: String,
    /// Each seat's chance before and after it, as shown ([`shown`]: through the
    /// look tables).
    pub before: Vec<f32>,
    pub after: Vec<f32>,
    /// The entry the search prefers, and the mover's chance with it (`before`'s).
    pub best: Option<String>,
    pub best_chance: f32,
    /// The mover's chance with the entry played, as the search before it saw it
    /// ([`Look::played`]), when it had searched that entry; as shown.
    pub played_chance: Option<f32>,
    /// The mover's chance lost against the preferred entry ([`judge`]), in the
    /// search's own chances (before the look tables): 0 for that entry itself,
    /// else the smaller of the chance before less the chance after and the chance
    /// before less the played entry's, for the mover, never below 0.
    pub loss: f32,
    pub class: Class,
}

/// One seat's decisions, summed up.
#[derive(Clone, Debug, PartialEq)]
pub struct SeatSummary {
    pub seat: Seat,
    pub decisions: u32,
    /// The mean of each decision's accuracy ([`accuracy`]), 0 to 100.
    pub accuracy: f32,
    /// Decisions per class, in [`Class::ALL`]'s order.
    pub counts: [u32; 5],
}

/// A decision's accuracy, 0 to 100, from the mover's loss in chance: 100 for no
/// loss, falling off exponentially (about 80 at 5 points, 64 at 10, 40 at 20 and
/// 15 at 40), the curve chess sites use for the same purpose.
pub fn accuracy(loss: f32) -> f32 {
    let points = (loss.max(0.0) * 100.0) as f64;
    (103.1668 * (-0.04354 * points).exp() - 3.1669).clamp(0.0, 100.0) as f32
}

/// An entry of the record that could not be played: the game is refused.
#[derive(Clone, Debug, PartialEq)]
pub struct BadEntry {
    /// Its place in the record, from 0.
    pub index: usize,
    pub entry: String,
    pub error: MoveError,
}

/// A game being analysed: its positions, and what the search saw at the first
/// [`Analysis::done`] of them.
#[derive(Clone, Debug)]
pub struct Analysis<G: Game> {
    /// The position before each entry, then the last one.
    positions: Vec<G>,
    /// Each entry as this version writes it.
    played: Vec<String>,
    looks: Vec<Look>,
    iterations: u32,
    seed: u64,
    /// The seat that resigned at the end, when one did.
    resigned: Option<Seat>,
}

impl<G: Game> Analysis<G> {
    /// The game from `start` through `entries` (and a resignation at the end, when
    /// the record has one), to be searched with `iterations` a position, seeded from
    /// `seed`. Nothing is searched yet.
    pub fn new(
        start: &G,
        entries: &[String],
        resigned: Option<Seat>,
        iterations: u32,
        seed: u64,
    ) -> Result<Self, BadEntry> {
        let mut g = start.clone();
        let mut positions = Vec::with_capacity(entries.len() + 1);
        let mut played = Vec::with_capacity(entries.len());
        let mut actions = Vec::new();
        for (index, entry) in entries.iter().enumerate() {
            positions.push(g.clone());
            let before = g.clone();
            actions.clear();
            g.play_entry_into(entry, &mut actions)
                .map_err(|error| BadEntry {
                    index,
                    entry: entry.clone(),
                    error,
                })?;
            // The entry as this version writes it, so that it compares with the
            // preferred one whatever spacing or case the record used.
            let mut at = before;
            let mut texts = Vec::with_capacity(actions.len());
            for &mv in &actions {
                texts.push(at.format_move(mv));
                let _ = at.play(mv);
            }
            played.push(at.entry_text(&texts));
        }
        positions.push(g);
        Ok(Analysis {
            positions,
            played,
            looks: Vec::new(),
            iterations: iterations.max(1),
            seed,
            resigned,
        })
    }

    /// Positions to look at: one before each entry and the last.
    pub fn len(&self) -> usize {
        self.positions.len()
    }

    /// Always false: a game has at least its starting position.
    pub fn is_empty(&self) -> bool {
        self.positions.is_empty()
    }

    /// Positions looked at so far (from the first).
    pub fn done(&self) -> usize {
        self.looks.len()
    }

    /// Whether every position has been looked at.
    pub fn finished(&self) -> bool {
        self.looks.len() == self.positions.len()
    }

    /// The entries, as this version writes them.
    pub fn played(&self) -> &[String] {
        &self.played
    }

    /// The position before entry `i` (the last one at `len() - 1`).
    pub fn position(&self, i: usize) -> Option<&G> {
        self.positions.get(i)
    }

    /// Looks at the next position (`clock` is passed to the search, whose budget is
    /// iterations alone) and returns its index; `None` when all are done.
    pub fn step(&mut self, clock: &dyn Fn() -> f64) -> Option<usize> {
        let i = self.looks.len();
        let g = self.positions.get(i)?;
        let last = i + 1 == self.positions.len();
        let resigned = self.resigned.filter(|_| last);
        let played = self.played.get(i).map(String::as_str);
        let look = look_at_position(g, i, played, resigned, self.iterations, self.seed, clock);
        self.looks.push(look);
        Some(i)
    }

    /// What the search saw at position `i`, once looked at.
    pub fn look(&self, i: usize) -> Option<&Look> {
        self.looks.get(i)
    }

    /// Each seat's chance at position `i` (a forced turn's is the position's after
    /// it, and a look no search could make gives even chances: [`look_at_position`]).
    /// `None` until looked at.
    pub fn chances(&self, i: usize) -> Option<&[f32]> {
        self.looks.get(i)?.chances.as_deref()
    }

    /// Entry `i` judged, once positions `i` and `i + 1` are looked at.
    pub fn decision(&self, i: usize) -> Option<Decision> {
        let g = self.positions.get(i)?;
        let played = self.played.get(i)?.clone();
        self.looks.get(i + 1)?;
        let before = self.chances(i)?;
        let after = self.chances(i + 1)?;
        let seat = g.to_move()?;
        let best = self.looks[i].best.clone();
        let same_tree = self.looks[i].played;
        // Judged on the search's chances; shown through the look tables.
        let (loss, class) = judge(before, after, seat, &played, best.as_deref(), same_tree);
        // (A proof or a resignation is shown as it is.)
        let (proved_before, proved_after) = (self.looks[i].solved, self.looks[i + 1].solved);
        let raw_before = before;
        let before = if proved_before {
            before.to_vec()
        } else {
            shown(g, before)
        };
        let after = match self.positions.get(i + 1) {
            Some(a) if !proved_after => shown(a, after),
            _ => after.to_vec(),
        };
        let best_chance = before.get(seat as usize).copied().unwrap_or(0.0);
        // The played entry's chance for the mover, the others sharing the rest as
        // they shared it before, as shown.
        let played_chance = same_tree.map(|c| {
            let m = seat as usize;
            let rest: f32 = (0..raw_before.len())
                .filter(|&s| s != m)
                .map(|s| raw_before[s])
                .sum();
            let all: Vec<f32> = (0..raw_before.len())
                .map(|s| match (s == m, rest > 0.0) {
                    (true, _) => c,
                    (false, true) => raw_before[s] * (1.0 - c) / rest,
                    (false, false) => (1.0 - c) / (raw_before.len().max(2) - 1) as f32,
                })
                .collect();
            match proved_before {
                true => c,
                false => shown(g, &all).get(m).copied().unwrap_or(c),
            }
        });
        Some(Decision {
            index: i,
            seat,
            played,
            before,
            after,
            best,
            best_chance,
            played_chance,
            loss,
            class,
        })
    }

    /// Every entry judged so far, in order.
    pub fn decisions(&self) -> Vec<Decision> {
        (0..self.played.len())
            .map_while(|i| self.decision(i))
            .collect()
    }

    /// Each seat's decisions so far, summed up, seat by seat.
    pub fn summary(&self) -> Vec<SeatSummary> {
        let n = self.positions.first().map_or(0, |g| g.players());
        let mut out: Vec<SeatSummary> = (0..n)
            .map(|s| SeatSummary {
                seat: s as Seat,
                decisions: 0,
                accuracy: 0.0,
                counts: [0; 5],
            })
            .collect();
        let mut sums = vec![0.0f64; n];
        for d in self.decisions() {
            let Some(o) = out.get_mut(d.seat as usize) else {
                continue;
            };
            o.decisions += 1;
            o.counts[d.class as usize] += 1;
            sums[d.seat as usize] += accuracy(d.loss) as f64;
        }
        for (o, sum) in out.iter_mut().zip(sums) {
            if o.decisions > 0 {
                o.accuracy = (sum / o.decisions as f64) as f32;
            }
        }
        out
    }
}

/// An entry judged: the mover's (`seat`'s) loss in chance from `before` to
/// `after` (and no more than from `before` to `same_tree`, its chance with the
/// entry played as the search before it saw it, when there is one: two searches
/// must agree on a loss), 0 when the entry `played` is the one preferred (`best`),
/// and its class. What [`Analysis::decision`] does, for code that holds the looks
/// apart (the app keeps them with a saved game).
pub fn judge(
    before: &[f32],
    after: &[f32],
    seat: Seat,
    played: &str,
    best: Option<&str>,
    same_tree: Option<f32>,
) -> (f32, Class) {
    let s = seat as usize;
    let is_best = best == Some(played);
    let loss = match is_best {
        true => 0.0,
        false => {
            let b = before.get(s).copied().unwrap_or(0.0);
            let after = (b - after.get(s).copied().unwrap_or(0.0)).max(0.0);
            // Both searches must see the loss: the next position's, and the
            // played entry's line in this position's own tree.
            match same_tree {
                Some(p) => after.min((b - p).max(0.0)),
                None => after,
            }
        }
    };
    (loss, Class::of(loss, is_best))
}

/// What the search sees at position `index` of a game analysed with `iterations`
/// a search from `seed`: [`look_at`] (with `played`, the entry played there, the
/// mover's chance with it in the same search: [`Look::played`]), except that a
/// game ended by a resignation (`resigned`, given for the last position only) gives
/// that seat nothing and the others equal shares. The worker of the app calls it
/// one position at a time.
pub fn look_at_position<G: Game>(
    g: &G,
    index: usize,
    played: Option<&str>,
    resigned: Option<Seat>,
    iterations: u32,
    seed: u64,
    clock: &dyn Fn() -> f64,
) -> Look {
    match resigned {
        Some(r) if !g.is_over() => Look {
            chances: Some(resigned_shares(g.players(), r)),
            best: None,
            solved: true,
            iterations: 0,
            played: None,
        },
        _ => {
            // The played entry's actions (none when it does not play here).
            let actions = played.and_then(|e| {
                let mut out = Vec::new();
                g.clone().play_entry_into(e, &mut out).ok().map(|_| out)
            });
            let seed = position_seed(seed, index);
            let actions = actions.as_deref();
            let look = look_within(g, iterations.max(1), seed, clock, MAX_FORCED, actions);
            evened(g, look)
        }
    }
}

/// Each seat's chance at `g` as an analysis shows it, from the search's `chances`
/// there ([`crate::calibration::shown_chances`]).
pub fn shown<G: Game>(g: &G, chances: &[f32]) -> Vec<f32> {
    let mover = g.to_move().map(|s| s as usize);
    let key = g.model_key();
    crate::calibration::shown_chances(key, g.players(), g.board().len(), mover, chances)
}

/// The generator's seed for position `i` of an analysis seeded `seed`.
pub fn position_seed(seed: u64, i: usize) -> u64 {
    seed ^ (i as u64 + 1).wrapping_mul(0x9e37_79b9_7f4a_7c15)
}

/// Each seat's chance once `resigned` has resigned: nothing for it, the rest shared.
fn resigned_shares(players: usize, resigned: Seat) -> Vec<f32> {
    let others = players.saturating_sub(1).max(1) as f32;
    (0..players)
        .map(|s| match s == resigned as usize {
            true => 0.0,
            false => 1.0 / others,
        })
        .collect()
}

/// What the search sees at `g`: each seat's chance and the entry it prefers (a
/// whole turn), searched with `iterations` a search from `seed`.
pub fn look_at<G: Game>(g: &G, iterations: u32, seed: u64, clock: &dyn Fn() -> f64) -> Look {
    evened(g, look_within(g, iterations, seed, clock, MAX_FORCED, None))
}

/// `look`, with even chances where no search gave any.
fn evened<G: Game>(g: &G, mut look: Look) -> Look {
    if look.chances.is_none() {
        let n = g.players().max(1);
        look.chances = Some(vec![1.0 / n as f32; n]);
    }
    look
}

/// Forced turns in a row a look goes through to find a chance.
const MAX_FORCED: u32 = 16;

/// [`look_at`], going on through at most `forced` more forced turns (no search
/// runs in a turn whose every action is the only one) to the position whose
/// chance the forced position has.
fn look_within<G: Game>(
    g: &G,
    iterations: u32,
    seed: u64,
    clock: &dyn Fn() -> f64,
    forced: u32,
    played: Option<&[G::Move]>,
) -> Look {
    if g.is_over() {
        return Look {
            chances: Some(result_shares(g)),
            best: None,
            solved: true,
            iterations: 0,
            played: None,
        };
    }
    let mut look = Look {
        chances: None,
        best: None,
        solved: false,
        iterations: 0,
        played: None,
    };
    let Some(player) = Level::new(5).map(Player::Steady) else {
        return look;
    };
    let budget = Budget {
        iterations,
        seconds: None,
    };
    let mut rng = Rng::new(seed);
    let mut at = g.clone();
    let (mut texts, mut line) = (Vec::new(), std::collections::VecDeque::new());
    while texts.len() < MAX_TURN {
        // The preferred line while it lasts (and stays legal), else a new search.
        let next = line.pop_front().filter(|&m| at.check(m).is_ok());
        let mv = match next {
            Some(m) => m,
            None => {
                let thought = match played.filter(|_| texts.is_empty()) {
                    // The turn's first search keeps its tree, to read the played
                    // entry's line in it.
                    Some(actions) => {
                        let (thought, tree) = think_keeping_tree(&at, &mut rng, clock, budget);
                        look.played = tree.and_then(|t| {
                            let (line, _, mean) = t.line_through(actions, LINE_LEN)?;
                            let mover = at.to_move()? as usize;
                            engine_chances(&at, &line, mean, false).get(mover).copied()
                        });
                        thought
                    }
                    None => player.think(&at, &mut rng, clock, Some(budget), &mut |_| {}),
                };
                let Some(mv) = thought.mv else {
                    // Only an agreement is left: no entry to prefer.
                    return look;
                };
                if let Some(seen) = thought.search {
                    if look.chances.is_none() {
                        look.chances = Some(engine_chances(
                            &at,
                            &seen.line,
                            seen.best_value,
                            seen.solved,
                        ));
                        look.solved = seen.solved;
                    }
                    look.iterations += seen.iterations as u64;
                    if seen.line.first() == Some(&mv) {
                        line = seen.line.into_iter().skip(1).collect();
                    }
                }
                mv
            }
        };
        texts.push(at.format_move(mv));
        if at.play(mv).is_err() {
            return look;
        }
        if !at.entry_open() {
            look.best = Some(at.entry_text(&texts));
            if look.chances.is_none() && forced > 0 {
                let next = look_within(&at, iterations, seed, clock, forced - 1, None);
                (look.chances, look.solved) = (next.chances, next.solved);
                look.iterations += next.iterations;
            }
            return look;
        }
    }
    look
}

/// What level 5 without slips ([`Player::Steady`]) thinks at `g` with `budget`,
/// drawing from `rng` as it does, with the tree its search made (none when the end
/// solver answered, or the action was forced).
pub(crate) fn think_keeping_tree<G: Game>(
    g: &G,
    rng: &mut Rng,
    clock: &dyn Fn() -> f64,
    budget: Budget,
) -> (Thought<G::Move>, Option<Search<G>>) {
    let mut moves = Vec::new();
    candidates(g, &mut moves);
    let plain = |mv| (Thought { mv, search: None }, None);
    match moves.len() {
        0 => return plain(None),
        1 => return plain(Some(moves[0])),
        _ => {}
    }
    let Some(level) = Level::new(5) else {
        return plain(None);
    };
    let spec = level.spec_on(G::ID, g.board().len());
    // (The draw a level makes for its slips, which level 5 never makes.)
    let _ = rng.below(1000);
    let mut config = SearchConfig {
        budget,
        exploration: spec.exploration,
        ..SearchConfig::for_game(G::ID)
    };
    if let Some(solved) = solve_end(g, &mut config.budget, clock) {
        return (solved, None);
    }
    let mut search = Search::new(g, config, rng.next_u64());
    let done = search.run(clock, &mut |_| {});
    let seen = Seen {
        solved: false,
        iterations: done.iterations,
        best_value: done.best_value,
        line: search.principal_line(LINE_LEN),
        roots: search.root_stats(),
    };
    let thought = Thought {
        mv: done.best,
        search: Some(seen),
    };
    (thought, Some(search))
}
