//! The players a seat can be given: `random`, `greedy`, `level1` to `level5`,
//! `strongest`, and in Fortress the 1983 roster by name (`squire`, `maginot`,
//! `genghis`, `galahad`, `vauban`: [`crate::roster`]).

use holdfast_rules::rng::Rng;
use holdfast_rules::Game;

use crate::mcts::{candidates, Budget, Progress, Search, SearchConfig};
use crate::reward::rewards;
use crate::roster::{self, Factory, Weights};
use crate::solver::Solver;

/// One of the five levels, 1 (a beginner wins) to 5 (hard for a good player).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Level(u8);

/// How a level plays: a search budget (iterations, and seconds so that a slower
/// device thinks less rather than longer), the search's exploration constant, how
/// freely it picks among the actions the search liked (a temperature over visits),
/// and how often it slips (plays another action its search weighed instead).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct LevelSpec {
    pub iterations: u32,
    pub seconds: f64,
    pub exploration: f32,
    pub temperature: f32,
    pub slip: f32,
}

impl Level {
    /// Level `n`, 1 to 5.
    pub fn new(n: u8) -> Option<Level> {
        (1..=5).contains(&n).then_some(Level(n))
    }

    pub fn number(self) -> u8 {
        self.0
    }

    /// How the level plays in the game `game` (a [`Game::ID`]): one ladder for every
    /// game, four times the iterations a level, changed where the ladder showed a
    /// game needs it (`holdfast ladder GAME`; figures in the README, "How strong,
    /// measured", and docs/strength.md), aiming for each level to beat the one below
    /// in 65-80% of games (each step measured on one board or variant):
    /// - Citadel: levels 1 to 4 search 200, 1,500, 8,000 and 20,000 on 13x13 (19x19
    ///   has its own: [`Level::spec_on`]; with 200,
    ///   1,000, 4,000 and 12,000 the 13x13 ladder's steps were 0.695, 0.615, 0.715
    ///   and 0.90 of 100 games; now 0.78, 0.79, 0.69 and 0.70 of 100);
    /// - Frontier: 600, 2,000, 4,000, 16,000 and 128,000 iterations, levels 4 and 5
    ///   at exploration 0.1 (the low constant lets a larger search go deeper); with
    ///   300, 1,000, 4,000, 32,000 and 128,000 the steps were 0.80, 0.83, 0.84 and
    ///   0.66 of 50 games, now 0.78, 0.75, 0.78 and 0.66;
    /// - Island Wars: 50, 250, 2,500, 8,000 and 128,000, level 1 picking more
    ///   freely (temperature 0.5): with the common ladder and level 5 at 128,000
    ///   the steps were 0.61, 0.64, 0.80 and 0.59 of 50 games, now 0.70, 0.76, 0.69
    ///   and 0.80. Its search gains little from more iterations at either end, so
    ///   level 1 is set apart by how freely it picks (with 50 and 250 iterations
    ///   alone level 2 won 0.58, with level 1 slipping a fifth of its moves 0.52);
    /// - Fort: levels 1 and 2 search 800 and 1,800 (with 300 and 1,000 level 2 won
    ///   0.93 of 30 games against level 1 and level 3 0.87 against level 2; now the
    ///   steps are 0.77, 0.80, 0.73 and 0.77);
    /// - Fortress: 2,500, 4,000, 10,000, 30,000 and 200,000 (its search got
    ///   stronger, and with the common ladder each level won 77-96% against the one
    ///   below; with 2,500, 5,000, 10,000, 22,000 and 64,000 the steps were 0.795,
    ///   0.685, 0.65 and 0.575 of 100 games; now 0.685, 0.795, 0.705 and 0.79 of
    ///   100, `holdfast ladder fortress --games 100 --seed 4`).
    pub fn spec(self, game: &str) -> LevelSpec {
        let (mut iterations, seconds, mut temperature, slip) = match self.0 {
            1 => (300, 0.2, 0.15, 0.05),
            2 => (1000, 0.35, 0.1, 0.03),
            3 => (4000, 0.5, 0.0, 0.02),
            4 => (16000, 0.75, 0.0, 0.01),
            _ => (64000, 0.95, 0.0, 0.0),
        };
        let mut exploration = SearchConfig::default().exploration;
        match (game, self.0) {
            ("citadel", 1..=4) => iterations = [200, 1500, 8000, 20_000][self.0 as usize - 1],
            ("fortress", n) => {
                iterations = [2500, 4000, 10_000, 30_000, 200_000][n as usize - 1];
            }
            ("frontier", n) => {
                iterations = [600, 2000, 4000, 16_000, 128_000][n as usize - 1];
                if n >= 4 {
                    exploration = 0.1;
                }
            }
            ("fort", 1 | 2) => iterations = [800, 1800][self.0 as usize - 1],
            ("island-wars", n) => {
                iterations = [50, 250, 2500, 8000, 128_000][n as usize - 1];
                if n == 1 {
                    temperature = 0.5;
                }
            }
            _ => {}
        }
        LevelSpec {
            iterations,
            seconds,
            exploration,
            temperature,
            slip,
        }
    }

    /// [`Level::spec`] on a board of `cells` cells: the same, except where a game's
    /// boards differ too much for one ladder. Citadel on a board larger than 13x13
    /// (169 cells; 19x19, its default) searches 200, 3,000, 8,000 and 16,000
    /// iterations at levels 1 to 4 ([`CITADEL_LARGE`]): with 13x13's budgets the
    /// 19x19 steps were 0.525, 0.875, 0.85 and 0.75 (`holdfast ladder citadel
    /// --games 40 --seed 6 --max-actions 1500`); with these 0.70, 0.75 (that
    /// command), 0.70 and 0.75 (`--players level3,level4,level5 --seed 7`).
    pub fn spec_on(self, game: &str, cells: usize) -> LevelSpec {
        let mut spec = self.spec(game);
        if game == "citadel" && cells > 169 {
            if let Some(&n) = CITADEL_LARGE.get(self.0 as usize - 1) {
                spec.iterations = n;
            }
        }
        spec
    }
}

/// Citadel's levels 1 to 4 on a board larger than 13x13 ([`Level::spec_on`]).
pub const CITADEL_LARGE: [u32; 4] = [200, 3000, 8000, 16_000];

/// A seat's player.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Player {
    /// A uniformly random legal action.
    Random,
    /// The action whose result the game's estimate likes best for the mover.
    Greedy,
    Level(Level),
    /// A level's search without its slips and temperature: the action the search
    /// prefers (what a hint shows a person). Made in code only, never from a name.
    Steady(Level),
    /// Level 5's search given the whole budget ([`STRONGEST`]: up to 3 s an action),
    /// never slipping, on every core: one search a thread or worker, their root
    /// visits added up ([`crate::parallel::think_parallel`], [`crate::merge_roots`]).
    Strongest,
    /// One of Fortress's 1983 roster with its weights (a learned copy's, or the
    /// factory's): one ply deep by its tables ([`crate::roster`]). In another game
    /// it plays as [`Player::Greedy`].
    Roster(Factory, Weights),
}

/// How [`Player::Strongest`] plays (each of its searches): up to 3 s and 4,000,000
/// iterations an action, level 5's exploration, no temperature, no slips.
pub const STRONGEST: LevelSpec = LevelSpec {
    iterations: 4_000_000,
    seconds: 3.0,
    exploration: 0.2,
    temperature: 0.0,
    slip: 0.0,
};

/// The most nodes each of [`Player::Strongest`]'s searches keeps, and the most
/// candidate actions ([`STRONGEST_ACTIONS`]): a node (40 bytes) is made only when
/// its action is first tried, an action never tried is stored alone (4 to 8 bytes;
/// 6 in Citadel and Island Wars). So a search holds at most 20 MB of nodes and
/// 12 to 24 MB of actions (18 in Citadel and Island Wars: 38 MB, about the 36 MB
/// of the 1,000,000 nodes kept when every action had a node), several at once,
/// in a phone's memory too (at most 8 workers). One search on one core of the
/// development machine (measured before the sixth slice made a search faster)
/// stops deepening after 1.6 to 2.4 s in a Citadel 19x19 turn (0.5 s with a node
/// an action), 4.0 to 6.0 s in Island Wars for six (1.1 to 2.3 s), but 0.3 s in
/// Citadel's placements, 225 actions wide (0.16 s).
pub const STRONGEST_NODES: usize = 500_000;
/// The most candidate actions each of [`Player::Strongest`]'s searches stores (see
/// [`STRONGEST_NODES`]).
pub const STRONGEST_ACTIONS: usize = 3_000_000;

/// A player's name that is not one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayerError(pub String);

impl std::fmt::Display for PlayerError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{:?} is not a player: random, greedy, level1 to level5, strongest, or in Fortress squire, maginot, genghis, galahad or vauban",
            self.0
        )
    }
}

impl std::error::Error for PlayerError {}

impl std::str::FromStr for Player {
    type Err = PlayerError;
    fn from_str(s: &str) -> Result<Player, PlayerError> {
        match s {
            "random" => Ok(Player::Random),
            "greedy" => Ok(Player::Greedy),
            "strongest" => Ok(Player::Strongest),
            _ if Factory::from_id(s).is_some() => {
                let f = Factory::from_id(s).unwrap_or(Factory::Squire);
                Ok(Player::Roster(f, f.weights()))
            }
            _ => s
                .strip_prefix("level")
                .and_then(|n| n.parse::<u8>().ok())
                .and_then(Level::new)
                .map(Player::Level)
                .ok_or_else(|| PlayerError(s.to_string())),
        }
    }
}

impl std::fmt::Display for Player {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Player::Random => f.write_str("random"),
            Player::Greedy => f.write_str("greedy"),
            Player::Level(l) => write!(f, "level{}", l.0),
            Player::Steady(l) => write!(f, "level{} without slips", l.0),
            Player::Strongest => f.write_str("strongest"),
            Player::Roster(base, w) if *w == base.weights() => f.write_str(base.id()),
            Player::Roster(base, _) => write!(f, "{} (learned)", base.id()),
        }
    }
}

/// What a player chose, and what its search saw when one ran.
#[derive(Clone, Debug, PartialEq)]
pub struct Thought<M> {
    /// The action (`None` when the game is over or only an agreement is legal).
    pub mv: Option<M>,
    /// The search behind it: none for `random`, `greedy` or a forced action (the
    /// only candidate).
    pub search: Option<Seen<M>>,
}

/// What a search saw from the position it was run on (when the end solver
/// answered: positions visited, the solved result 1, 0.5 or 0, best play to the
/// end, and the solved action alone with [`SOLVED_VOTES`]).
#[derive(Clone, Debug, PartialEq)]
pub struct Seen<M> {
    /// Whether the end solver answered: `best_value` is then the exact result.
    pub solved: bool,
    pub iterations: u32,
    /// The preferred root action's mean reward for the seat to move
    /// ([`Progress::best_value`]): the search's estimate of that seat's chance.
    pub best_value: f32,
    /// The principal line ([`Search::principal_line`]), at most [`LINE_LEN`] actions.
    pub line: Vec<M>,
    /// Every root action with its visits and mean reward ([`Search::root_stats`]):
    /// what root-parallel searches add up ([`merge_roots`]).
    pub roots: Vec<(M, u32, f32)>,
}

impl<M: Copy> Seen<M> {
    /// The chance that the seat to move in `g` (the position searched) wins, as
    /// the engine reports it ([`crate::models::engine_chance`]).
    pub fn chance<G: Game<Move = M>>(&self, g: &G) -> f32 {
        crate::models::engine_chance(g, &self.line, self.best_value, self.solved)
    }
}

/// The most actions a [`Seen::line`] holds.
pub const LINE_LEN: usize = 40;

impl Player {
    /// The action this player takes in `g` (`None` when the game is over or only an
    /// agreement is legal). `rng` gives its randomness (a search is seeded from it),
    /// `clock` seconds for a level's time budget, `progress` the search's progress.
    pub fn choose<G: Game>(
        &self,
        g: &G,
        rng: &mut Rng,
        clock: &dyn Fn() -> f64,
        progress: &mut dyn FnMut(&Progress<G::Move>),
    ) -> Option<G::Move> {
        self.think(g, rng, clock, None, progress).mv
    }

    /// [`Player::choose`], with what the search saw, and `budget` (when given) in
    /// place of a level's own iterations and seconds.
    pub fn think<G: Game>(
        &self,
        g: &G,
        rng: &mut Rng,
        clock: &dyn Fn() -> f64,
        budget: Option<Budget>,
        progress: &mut dyn FnMut(&Progress<G::Move>),
    ) -> Thought<G::Move> {
        let mut moves = Vec::new();
        candidates(g, &mut moves);
        let plain = |mv: Option<G::Move>| Thought { mv, search: None };
        if moves.is_empty() {
            return plain(None);
        }
        match self {
            Player::Random => plain(Some(moves[rng.below(moves.len() as u32) as usize])),
            Player::Greedy => plain(Some(greedy(g, &moves, rng))),
            Player::Roster(_, w) => plain(Some(
                roster_move(g, w, rng).unwrap_or_else(|| greedy(g, &moves, rng)),
            )),
            Player::Level(_) | Player::Steady(_) | Player::Strongest => {
                let mut spec = match self {
                    Player::Level(level) | Player::Steady(level) => {
                        level.spec_on(G::ID, g.board().len())
                    }
                    _ => LevelSpec {
                        exploration: Level(5).spec(G::ID).exploration,
                        ..STRONGEST
                    },
                };
                if !matches!(self, Player::Level(_)) {
                    (spec.slip, spec.temperature) = (0.0, 0.0);
                }
                if moves.len() == 1 {
                    return plain(Some(moves[0]));
                }
                // Drawn whether or not the level slips, so that a level and its
                // steady self search the same tree from the same seed.
                let slips = (rng.below(1000) as f32) < spec.slip * 1000.0;
                let mut config = SearchConfig {
                    budget: budget.unwrap_or(Budget {
                        iterations: spec.iterations,
                        seconds: Some(spec.seconds),
                    }),
                    exploration: spec.exploration,
                    ..SearchConfig::for_game(G::ID)
                };
                if *self == Player::Strongest {
                    config.max_nodes = config.max_nodes.min(STRONGEST_NODES);
                    config.max_actions = config.max_actions.min(STRONGEST_ACTIONS);
                }
                // The end solved exactly, by the players that never slip (level 5,
                // a hint, the strongest): the lower levels keep their slips.
                if spec.slip == 0.0 && spec.temperature == 0.0 {
                    if let Some(solved) = solve_end(g, &mut config.budget, clock) {
                        return solved;
                    }
                }
                search_then(g, config, rng, clock, progress, |search, best, rng| {
                    // A slip is a move a person might make: one the search thought
                    // about, not a random one.
                    let drawn = if slips {
                        search.plausible(rng)
                    } else {
                        search.choose(spec.temperature, rng)
                    };
                    // A pass while something else is legal only when the search
                    // prefers it (a temperature's or a slip's pass reads as giving
                    // up).
                    drawn
                        .filter(|&m| Some(m) == best || !is_pass(g, m))
                        .or(best)
                })
            }
        }
    }
}

/// The visits a solved action counts for among root-parallel votes.
pub const SOLVED_VOTES: u32 = 1 << 28;

/// Positions a second the end solver is allowed where a budget gives seconds
/// (a cap on its work, whatever the machine; its clock stops it too).
const SOLVER_RATE: f64 = 2_000_000.0;

/// The end of `g` solved exactly ([`Solver`]) when it looks small enough for
/// `budget` (half of it: positions up to half its iterations, and half its
/// seconds), with what the solver spent taken off the budget when it gives up, so
/// the search after it has the rest (an iteration budget stays reproducible).
pub(crate) fn solve_end<G: Game>(
    g: &G,
    budget: &mut Budget,
    clock: &dyn Fn() -> f64,
) -> Option<Thought<G::Move>> {
    let t0 = clock();
    let mut cap = (budget.iterations / 2).max(1) as u64;
    let mut deadline = f64::INFINITY;
    if let Some(s) = budget.seconds {
        cap = cap.min((s * SOLVER_RATE) as u64);
        deadline = t0 + s / 2.0;
    }
    let mut solver = Solver::new(g, cap, clock, deadline);
    if !solver.worth_trying() {
        return None;
    }
    let Some(s) = solver.solve() else {
        let spent = solver.nodes().min(cap) as u32;
        budget.iterations = budget.iterations.saturating_sub(spent).max(1);
        if let Some(sec) = budget.seconds.as_mut() {
            *sec = (*sec - (clock() - t0)).max(0.0);
        }
        return None;
    };
    Some(Thought {
        mv: Some(s.mv),
        search: Some(Seen {
            solved: true,
            iterations: s.nodes.min(u32::MAX as u64) as u32,
            best_value: s.chance,
            // One vote outweighing any search's visits, so that root-parallel
            // searches that did not solve it cannot outvote the exact answer.
            roots: vec![(s.mv, SOLVED_VOTES, s.chance)],
            line: {
                let mut line = s.line;
                line.truncate(LINE_LEN);
                line
            },
        }),
    })
}

/// A search of `g` with `config`, seeded from `rng`, and the action drawn from it
/// at `temperature` ([`Search::choose`]): the plain search, as the engine's
/// `search` player runs it (at temperature 0).
pub fn search_and_choose<G: Game>(
    g: &G,
    config: SearchConfig,
    temperature: f32,
    rng: &mut Rng,
    clock: &dyn Fn() -> f64,
    progress: &mut dyn FnMut(&Progress<G::Move>),
) -> Thought<G::Move> {
    search_then(g, config, rng, clock, progress, |search, _, rng| {
        search.choose(temperature, rng)
    })
}

/// A search of `g` with `config`, seeded from `rng`, then the action `pick` draws
/// from it (given the search's preferred one), with what the search saw: what
/// every level and the plain search share.
fn search_then<G: Game>(
    g: &G,
    config: SearchConfig,
    rng: &mut Rng,
    clock: &dyn Fn() -> f64,
    progress: &mut dyn FnMut(&Progress<G::Move>),
    pick: impl FnOnce(&Search<G>, Option<G::Move>, &mut Rng) -> Option<G::Move>,
) -> Thought<G::Move> {
    let mut search = Search::new(g, config, rng.next_u64());
    let done = search.run(clock, progress);
    let mv = pick(&search, done.best, rng);
    Thought {
        mv,
        search: Some(Seen {
            solved: false,
            iterations: done.iterations,
            best_value: done.best_value,
            line: search.principal_line(LINE_LEN),
            roots: search.root_stats(),
        }),
    }
}

/// Whether an action is a pass, written `pass` in every game that has one
/// (Fortress, Island Wars, Frontier's modes 1 and 2). Not `-`: in Citadel and
/// Frontier's mode 3 that is the end of a turn, an action like any other.
pub fn is_pass<G: Game>(g: &G, mv: G::Move) -> bool {
    g.format_move(mv) == "pass"
}

/// The action whose position the game's estimate likes best for the mover (ties
/// broken at random).
fn greedy<G: Game>(g: &G, moves: &[G::Move], rng: &mut Rng) -> G::Move {
    let me = g.to_move().unwrap_or(0) as usize;
    let (mut r, mut est) = (Vec::new(), Vec::new());
    let mut next = g.clone();
    let (mut best, mut best_value, mut ties) = (moves[0], f32::NEG_INFINITY, 0u32);
    let seed = rng.next_u64();
    for &m in moves {
        next.clone_from(g);
        // The same fresh chance for every action: never the record's own dice.
        next.reseed(seed);
        if next.play(m).is_err() {
            continue;
        }
        rewards(&next, &mut r, &mut est, 0.0);
        let v = r.get(me).copied().unwrap_or(0.0);
        if v > best_value + 1e-6 {
            (best, best_value, ties) = (m, v, 1);
        } else if (v - best_value).abs() <= 1e-6 {
            // Reservoir choice among equals.
            ties += 1;
            if rng.below(ties) == 0 {
                best = m;
            }
        }
    }
    best
}

/// A roster opponent's action in `g` when `g` is Fortress ([`roster::choose`]),
/// carried over by its notation.
fn roster_move<G: Game>(g: &G, w: &Weights, rng: &mut Rng) -> Option<G::Move> {
    let f = (g as &dyn std::any::Any).downcast_ref::<holdfast_rules::fortress::Fortress>()?;
    let m = roster::choose(f, w, 0.0, rng)?;
    g.parse_move(&f.format_move(m)).ok()
}
