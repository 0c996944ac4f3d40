//! Fortress's 1983 roster: five named opponents that choose a square by a table of
//! weights, one ply deep, and learn from every game they finish.
//!
//! SSI's 1983 Fortress kept, for each opponent, 15 weights for the state of each
//! neighbouring square (`a`), 15 for the state of the square itself (`d`) and 6 for
//! its position class (`p`); it played the square with the best weighted sum (ties
//! at random), and after each game moved the weights toward what the winner
//! played. What is known of it comes from a memory dump of the C64 version: Count
//! Vauban's weights, the Squire's start at zero, the shape of the tables. The rest is
//! our reading, written down here and on the rules page:
//!
//! - **A square's state** ([`state`]), from the mover's side, 0 to 14, by its
//!   margin: an enemy area by the mover's attack on it less its defence (0 two or
//!   more short, 1 one short, 2 level: one more piece beside it takes it); an empty
//!   area by the mover's influence on it (its pieces there and around it) less the
//!   enemy's, 5 to 9, 7 when level; off the board 10; the mover's own area by its
//!   defence less the enemy's attack, 12 level (besieged: the 1983 siege warning),
//!   13 one ahead, 14 two or more. States 3, 4 and 11 never occur (an area
//!   outgunned falls at once): Vauban's dumped weights are 0 there, as for states
//!   no game ever met, and its great weight on a neighbour in state 2 is the
//!   capture this reading predicts.
//! - **A square's class** ([`classes`]), on any map: by its distance to the edge (a
//!   square with fewer neighbours than the most any has) and to a corner (an edge
//!   square with at most half that many): 0 a corner, 1 an edge square beside a
//!   corner, 2 another edge square, 3 one step in and within two of a corner, 4 one
//!   step in elsewhere, 5 deeper. On the 6x6 board these are the six classes of its
//!   symmetry, as in the original.
//! - **The score** of a placement is `d[state]` of the square, plus `a[state]` of
//!   each neighbour, plus `a[10]` for each neighbour it lacks against the most any
//!   square has, plus `p[class]`.
//! - **Learning** ([`learn`]): after a game with one winner, each placement the
//!   winner made pulls the weights toward the features of the square it played,
//!   and each placement of a loser pushes them away, by [`RATE`] times the
//!   margin's share (the margin over a sixth of the map's value, at most 1) times
//!   how far those features are from what the weights expected there (their mean
//!   over the placements open, each weighed by `e^score`). What the weights would
//!   have played anyway teaches little, a surprise much, and a weight stops
//!   growing once it picks the winner's squares; a draw teaches nothing. The
//!   original's exact formula is not known: this is one in its spirit.
//! - **Training** ([`train`]): games against itself, its placements drawn with a
//!   chance growing as `e^score` so that the two sides' choices differ. After 500
//!   games the Squire won 400 of 400 games against the untrained Squire (README).

use holdfast_rules::board::{Board, CellId};
use holdfast_rules::fortress::{Fortress, FortressMove};
use holdfast_rules::game::{Game, Seat};
use holdfast_rules::rng::Rng;
use serde::{Deserialize, Serialize};

/// States of a square ([`state`]).
pub const STATES: usize = 15;
/// Position classes ([`classes`]).
pub const CLASSES: usize = 6;
/// The state of a square off the board.
pub const OFF_BOARD: usize = 10;
/// How far one game moves the weights (see the module's description).
pub const RATE: f32 = 0.05;
/// The largest size a weight may reach: learning stops there.
pub const LIMIT: f32 = 50.0;

/// One opponent's tables.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Weights {
    /// A neighbouring square's state.
    pub a: [f32; STATES],
    /// The square's own state.
    pub d: [f32; STATES],
    /// The square's position class.
    pub p: [f32; CLASSES],
}

/// Weights are finite ([`Weights::valid`] is checked wherever they are read in).
impl Eq for Weights {}

impl Weights {
    pub const ZERO: Weights = Weights {
        a: [0.0; STATES],
        d: [0.0; STATES],
        p: [0.0; CLASSES],
    };

    /// Every weight finite and within [`LIMIT`].
    pub fn valid(&self) -> bool {
        self.all().all(|w| w.is_finite() && w.abs() <= LIMIT)
    }

    fn all(&self) -> impl Iterator<Item = f32> + '_ {
        self.a.iter().chain(&self.d).chain(&self.p).copied()
    }

    fn add(&mut self, f: &Features, by: f32) {
        let it = self.a.iter_mut().chain(&mut self.d).chain(&mut self.p);
        for (w, x) in it.zip(f.iter()) {
            *w = (*w + by * x).clamp(-LIMIT, LIMIT);
        }
    }
}

/// The five opponents of the 1983 original, in its menu's order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Factory {
    Squire,
    Maginot,
    Genghis,
    Galahad,
    Vauban,
}

impl Factory {
    pub const ALL: [Factory; 5] = [
        Factory::Squire,
        Factory::Maginot,
        Factory::Genghis,
        Factory::Galahad,
        Factory::Vauban,
    ];

    /// The id the command line and the saved roster use.
    pub fn id(self) -> &'static str {
        match self {
            Factory::Squire => "squire",
            Factory::Maginot => "maginot",
            Factory::Genghis => "genghis",
            Factory::Galahad => "galahad",
            Factory::Vauban => "vauban",
        }
    }

    /// The name the original gave it.
    pub fn name(self) -> &'static str {
        match self {
            Factory::Squire => "The Squire",
            Factory::Maginot => "Lord Maginot",
            Factory::Genghis => "Genghis Khan",
            Factory::Galahad => "Sir Galahad",
            Factory::Vauban => "Count Vauban",
        }
    }

    pub fn from_id(id: &str) -> Option<Factory> {
        Factory::ALL.into_iter().find(|f| f.id() == id)
    }

    /// The weights it starts from before any training: the Squire zeros, Vauban the
    /// dumped tables, the other three a personality set by hand (Maginot builds up
    /// its own squares and keeps its pieces together; Genghis Khan goes next to the
    /// enemy's weak areas and into contested ground; Sir Galahad keeps to the edges
    /// and corners). `holdfast train fortress ID` trains from here.
    pub fn start(self) -> Weights {
        let mut w = Weights::ZERO;
        match self {
            Factory::Squire => {}
            Factory::Vauban => return VAUBAN,
            Factory::Maginot => {
                w.d[12] = 1.0;
                w.d[13] = 0.6;
                w.a[12] = 0.5;
                w.a[13] = 0.5;
                w.a[14] = 0.5;
                w.d[5] = -1.0;
            }
            Factory::Genghis => {
                w.a[0] = 2.0;
                w.a[1] = 3.0;
                w.a[2] = 4.0;
                w.d[6] = 1.0;
                w.d[5] = 0.5;
            }
            Factory::Galahad => {
                w.p = [1.5, 1.0, 0.8, 0.2, -0.2, -1.0];
                w.a[OFF_BOARD] = 0.5;
            }
        }
        w
    }

    /// The weights it ships with: its [`Factory::start`] trained by the command in
    /// [`FACTORY`]'s comment (the Squire and Vauban untrained, as in the original).
    pub fn weights(self) -> Weights {
        match self {
            Factory::Squire | Factory::Vauban => self.start(),
            Factory::Maginot => FACTORY[0],
            Factory::Genghis => FACTORY[1],
            Factory::Galahad => FACTORY[2],
        }
    }
}

/// Count Vauban's weights, from the dump.
pub const VAUBAN: Weights = Weights {
    a: [
        -2.07, -1.50, 17.37, 0.0, 0.0, -1.80, -1.44, -1.35, -1.87, -1.76, -1.53, 0.0, -0.65, -1.75,
        -1.64,
    ],
    d: [
        0.0, 0.0, 0.0, 0.0, 0.0, -1.05, -0.26, 0.45, 0.105, 0.010, 0.0, 0.0, 1.013, -0.259, -0.128,
    ],
    p: [0.382, 0.158, 0.274, 0.041, -0.187, -0.667],
};

/// Lord Maginot, Genghis Khan and Sir Galahad as shipped: each its
/// [`Factory::start`] trained by the command above it, on the 1983 Classic board
/// (`tests/roster.rs` trains them again and finds the same).
#[rustfmt::skip]
pub const FACTORY: [Weights; 3] = [
    // holdfast train fortress maginot --games 300 --seed 1
    Weights { a: [-2.7987, 1.9174, 4.2878, 0.0000, 0.0000, -1.6440, 0.2765, 0.4349, 0.2692, -1.2788, -1.0116, 0.0095, 1.1997, 0.7436, -0.9055], d: [0.0000, 0.0000, 0.0000, 0.0000, 0.0000, -3.3823, -1.1105, 3.3706, -0.6088, -0.4576, 0.0000, 0.0016, 3.7283, 0.2298, -1.1712], p: [0.8385, -0.8807, -1.8080, -0.1591, 2.2079, -0.1986] },
    // holdfast train fortress genghis --games 300 --seed 1
    Weights { a: [-0.7023, 2.6917, 6.5570, 0.0000, 0.0000, -1.8356, -0.2312, 1.1156, 0.1027, -1.1026, -2.0459, 0.0094, 0.6754, 3.3035, 0.4623], d: [0.0000, 0.0000, 0.0000, 0.0000, 0.0000, -2.5999, -0.8633, 3.2809, -0.5848, 0.7201, 0.0000, 0.0090, 1.4292, 0.9394, -0.8307], p: [-0.7431, -0.2872, -0.2725, -0.7448, 2.1870, -0.1394] },
    // holdfast train fortress galahad --games 300 --seed 1
    Weights { a: [-2.0190, -1.7687, 5.5557, 0.0000, 0.0000, -0.5674, -0.4299, 2.8209, -0.9619, 1.4131, -2.1442, 0.0014, 1.0284, -1.3018, -1.1266], d: [0.0000, 0.0000, 0.0000, 0.0000, 0.0000, -2.3257, 2.0469, 0.3271, -0.2083, -0.3725, 0.0000, 0.0037, 1.4342, -0.7479, -0.1575], p: [-0.3298, 1.0981, 1.7172, 0.6989, -1.1225, 0.2380] },
];

/// The games each of [`FACTORY`]'s opponents was trained on.
pub const FACTORY_GAMES: u32 = 300;

/// A square's features: the counts of each neighbour state, its own state, its class.
type Features = [f32; STATES + STATES + CLASSES];

/// What one seat's pieces weigh on an area: its pieces there and around it.
fn influence(g: &Fortress, c: CellId, seat: Seat) -> i32 {
    let own = |x: CellId| {
        if g.holder(x) == Some(seat) {
            g.count(x) as i32
        } else {
            0
        }
    };
    own(c) + g.board().neighbours(c).iter().map(|&n| own(n)).sum::<i32>()
}

/// The state of area `c` seen by `me` (see the module's description).
pub fn state(g: &Fortress, c: CellId, me: Seat) -> usize {
    if c as usize >= g.board().len() {
        return OFF_BOARD;
    }
    let rivals = || (0..g.players() as Seat).filter(move |&s| s != me);
    match g.holder(c) {
        Some(h) if h == me => {
            let threat = rivals().map(|s| g.attack(c, s)).max().unwrap_or(0);
            match g.defence(c) as i32 - threat as i32 {
                ..=-1 => 11,
                0 => 12,
                1 => 13,
                _ => 14,
            }
        }
        Some(_) => match g.attack(c, me) as i32 - g.defence(c) as i32 {
            ..=-2 => 0,
            -1 => 1,
            0 => 2,
            1 => 3,
            _ => 4,
        },
        None => {
            let mine = influence(g, c, me);
            let theirs = rivals().map(|s| influence(g, c, s)).max().unwrap_or(0);
            (7 + (mine - theirs).clamp(-2, 2)) as usize
        }
    }
}

/// Every square's class on `board` (see the module's description), and the most
/// neighbours any square has.
pub fn classes(board: &Board) -> (Vec<u8>, usize) {
    let n = board.len();
    let most = board
        .cells()
        .map(|c| board.neighbours(c).len())
        .max()
        .unwrap_or(0);
    let edge = |c: CellId| board.neighbours(c).len() < most;
    let corner = |c: CellId| edge(c) && board.neighbours(c).len() * 2 <= most;
    // Steps to the nearest edge square, and to the nearest corner.
    let steps = |from: &dyn Fn(CellId) -> bool| {
        let mut d = vec![u32::MAX; n];
        let mut queue: Vec<CellId> = board.cells().filter(|&c| from(c)).collect();
        for &c in &queue {
            d[c as usize] = 0;
        }
        let mut i = 0;
        while i < queue.len() {
            let c = queue[i];
            i += 1;
            for &m in board.neighbours(c) {
                if d[m as usize] == u32::MAX {
                    d[m as usize] = d[c as usize] + 1;
                    queue.push(m);
                }
            }
        }
        d
    };
    let (to_edge, to_corner) = (steps(&edge), steps(&corner));
    let class = board
        .cells()
        .map(|c| {
            let (e, k) = (to_edge[c as usize], to_corner[c as usize]);
            match (e, k) {
                (0, 0) => 0,
                (0, 1) => 1,
                (0, _) => 2,
                (1, 0..=2) => 3,
                (1, _) => 4,
                _ => 5,
            }
        })
        .collect();
    (class, most)
}

/// The features of a placement on `c` by `me`.
fn features(g: &Fortress, c: CellId, me: Seat, classes: &[u8], most: usize) -> Features {
    let mut f = [0.0; STATES + STATES + CLASSES];
    let nb = g.board().neighbours(c);
    for &n in nb {
        f[state(g, n, me)] += 1.0;
    }
    f[OFF_BOARD] += most.saturating_sub(nb.len()) as f32;
    f[STATES + state(g, c, me)] += 1.0;
    f[2 * STATES + classes.get(c as usize).copied().unwrap_or(5) as usize] += 1.0;
    f
}

/// What `w` scores a placement on `c` by `me` at (see the module's description).
pub fn score(g: &Fortress, w: &Weights, c: CellId, me: Seat) -> f32 {
    if c as usize >= g.board().len() {
        return f32::NEG_INFINITY;
    }
    let (class, most) = classes(g.board());
    dot(w, &features(g, c, me, &class, most))
}

fn dot(w: &Weights, f: &Features) -> f32 {
    w.a.iter()
        .chain(&w.d)
        .chain(&w.p)
        .zip(f.iter())
        .map(|(a, b)| a * b)
        .sum()
}

/// The placements open to the mover, or the other legal actions when there are
/// none (a failed dice attack's removal, the pass).
fn placements(g: &Fortress) -> (Vec<CellId>, Vec<FortressMove>) {
    let mut all = Vec::new();
    g.legal_moves(&mut all);
    let cells = all
        .iter()
        .filter_map(|m| match m {
            FortressMove::Place(c) => Some(*c),
            _ => None,
        })
        .collect();
    (cells, all)
}

/// What the opponent with weights `w` plays in `g`: with `temperature` 0 (every
/// game but training) the placement with the best score, ties at random; above 0
/// a placement drawn with a chance growing as `e^(score / temperature)`. Never
/// swaps or attacks (the 1983 game has neither); without a placement, a removal
/// owed, or the pass.
pub fn choose(g: &Fortress, w: &Weights, temperature: f32, rng: &mut Rng) -> Option<FortressMove> {
    let me = g.to_move()?;
    let (cells, all) = placements(g);
    if cells.is_empty() {
        return all
            .iter()
            .copied()
            .find(|m| matches!(m, FortressMove::Remove(_)))
            .or_else(|| all.iter().copied().find(|m| *m == FortressMove::Pass))
            .or_else(|| all.first().copied());
    }
    let (class, most) = classes(g.board());
    let scores: Vec<f32> = cells
        .iter()
        .map(|&c| dot(w, &features(g, c, me, &class, most)))
        .collect();
    let best = scores.iter().copied().fold(f32::NEG_INFINITY, f32::max);
    let pick = if temperature > 0.0 {
        let odds: Vec<f32> = scores
            .iter()
            .map(|s| ((s - best) / temperature).exp())
            .collect();
        let total: f32 = odds.iter().sum();
        let mut x = rng.below(1 << 24) as f32 / (1 << 24) as f32 * total;
        let mut i = 0;
        while i + 1 < odds.len() && x >= odds[i] {
            x -= odds[i];
            i += 1;
        }
        i
    } else {
        let tied: Vec<usize> = (0..cells.len())
            .filter(|&i| scores[i] >= best - 1e-5)
            .collect();
        // (Weights that are not numbers tie nothing: the first square then.)
        match tied.len() {
            0 => 0,
            n => tied[rng.below(n as u32) as usize],
        }
    };
    Some(FortressMove::Place(cells[pick]))
}

/// Learns from a finished game (`start` and the actions played from it; see the
/// module's description): each placement of the sole winner pulls the weights
/// toward its square's features, each of a loser's pushes them away, both by how
/// far those features are from what the weights expected there (their mean over
/// the placements open, each weighed by `e^score`): what the weights would have
/// played anyway teaches little, a surprise much. Returns the placements learned
/// from: 0 for a draw, an unfinished game or actions that do not replay.
pub fn learn(start: &Fortress, actions: &[FortressMove], w: &mut Weights) -> u32 {
    // One pass: each placement's surprise under the weights as they are, then,
    // the game over and its winner known, the weights move.
    let (class, most) = classes(start.board());
    let mut g = start.clone();
    let mut seen: Vec<(Seat, Features)> = Vec::new();
    for &m in actions {
        if let (Some(me), FortressMove::Place(c)) = (g.to_move(), m) {
            let (cells, _) = placements(&g);
            let feats: Vec<Features> = cells
                .iter()
                .map(|&x| features(&g, x, me, &class, most))
                .collect();
            let scores: Vec<f32> = feats.iter().map(|f| dot(w, f)).collect();
            let top = scores.iter().copied().fold(f32::NEG_INFINITY, f32::max);
            let odds: Vec<f32> = scores.iter().map(|s| (s - top).exp()).collect();
            let sum: f32 = odds.iter().sum();
            let mut diff = features(&g, c, me, &class, most);
            for (f, o) in feats.iter().zip(&odds) {
                for (d, x) in diff.iter_mut().zip(f) {
                    *d -= x * o / sum;
                }
            }
            seen.push((me, diff));
        }
        if g.play(m).is_err() {
            return 0;
        }
    }
    let winners = g.winners();
    if !g.is_over() || winners.len() != 1 {
        return 0;
    }
    let winner = winners[0];
    let scores = g.scores();
    let best_rival = (0..scores.len())
        .filter(|&s| s != winner as usize)
        .map(|s| scores[s])
        .max()
        .unwrap_or(0);
    let margin = (scores[winner as usize] - best_rival).max(0) as f32;
    let total: f32 = start.map().value.iter().map(|&v| v as f32).sum();
    let share = (margin / (total / 6.0).max(1.0)).min(1.0);
    if share <= 0.0 {
        return 0;
    }
    for (me, diff) in &seen {
        let sign = if *me == winner { 1.0 } else { -1.0 };
        w.add(diff, sign * RATE * share);
    }
    seen.len() as u32
}

/// One finished game between two weight tables from `start`: the actions played.
/// `temperature` as in [`choose`]. At most ten times the squares in actions.
pub fn play(
    start: &Fortress,
    seats: [&Weights; 2],
    temperature: f32,
    rng: &mut Rng,
) -> Vec<FortressMove> {
    let mut g = start.clone();
    let mut played = Vec::new();
    let cap = 10 * start.board().len().max(1);
    while let Some(me) = g.to_move() {
        if played.len() >= cap {
            break;
        }
        let w = seats[(me as usize).min(1)];
        let Some(m) = choose(&g, w, temperature, rng) else {
            break;
        };
        if g.play(m).is_err() {
            break;
        }
        played.push(m);
    }
    played
}

/// Trains `w` by `games` games against itself from `start` (the weights it has
/// then on both seats, drawing its placements at temperature 1 so that games
/// differ and each side's choices can be told apart), learning after each.
/// Reproducible from `seed`.
pub fn train(start: &Fortress, w: &mut Weights, games: u32, seed: u64) {
    let mut rng = Rng::new(seed ^ 0x0f0_7e55);
    for _ in 0..games {
        let now = *w;
        let actions = play(start, [&now, &now], 1.0, &mut rng);
        learn(start, &actions, w);
    }
}

/// [`learn`] for a game of any type: learns only when `start` is Fortress, from the
/// actions in the notation (one a Fortress entry). Returns the placements learned from.
pub fn learn_from<G: Game>(start: &G, actions: &[String], w: &mut Weights) -> u32 {
    let Some(f) = (start as &dyn std::any::Any).downcast_ref::<Fortress>() else {
        return 0;
    };
    let mut g = f.clone();
    let mut moves = Vec::with_capacity(actions.len());
    for a in actions {
        match g.parse_move(a).and_then(|m| g.play(m).map(|_| m)) {
            Ok(m) => moves.push(m),
            Err(_) => return 0,
        }
    }
    learn(f, &moves, w)
}

/// An opponent as a file or a link carries it: who it descends from, its name,
/// weights and record. Read with [`Card::check`].
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Card {
    /// Always [`CARD_KIND`].
    pub kind: String,
    /// [`CARD_VERSION`] when written.
    pub version: u32,
    pub name: String,
    pub base: Factory,
    pub weights: Weights,
    #[serde(default)]
    pub games: u32,
    #[serde(default)]
    pub wins: u32,
    #[serde(default)]
    pub draws: u32,
    #[serde(default)]
    pub losses: u32,
}

/// A [`Card`]'s `kind`.
pub const CARD_KIND: &str = "holdfast-opponent";
/// The [`Card`] format's version.
pub const CARD_VERSION: u32 = 1;
/// The longest name an opponent may have, in characters.
pub const NAME_LEN: usize = 40;

/// Why a card cannot be read in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CardError {
    /// Not an opponent's card at all.
    NotACard,
    /// Written by a later version of the format.
    Version(u32),
    /// A weight is not a number or is larger than [`LIMIT`].
    Weights,
    /// The name is empty or longer than [`NAME_LEN`].
    Name,
}

impl std::fmt::Display for CardError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            CardError::NotACard => f.write_str("not an opponent's file"),
            CardError::Version(v) => write!(f, "written by a later version (format {v})"),
            CardError::Weights => f.write_str("its weights are damaged"),
            CardError::Name => write!(f, "its name must be 1 to {NAME_LEN} characters"),
        }
    }
}

impl std::error::Error for CardError {}

impl Card {
    /// A card for `name` descending from `base` with `weights`, no games played.
    pub fn new(name: &str, base: Factory, weights: Weights) -> Card {
        Card {
            kind: CARD_KIND.into(),
            version: CARD_VERSION,
            name: name.into(),
            base,
            weights,
            games: 0,
            wins: 0,
            draws: 0,
            losses: 0,
        }
    }

    /// Whether the card can be read in: its kind, version, weights and name.
    pub fn check(&self) -> Result<(), CardError> {
        if self.kind != CARD_KIND || self.version == 0 {
            return Err(CardError::NotACard);
        }
        if self.version > CARD_VERSION {
            return Err(CardError::Version(self.version));
        }
        if !self.weights.valid() {
            return Err(CardError::Weights);
        }
        let n = self.name.trim().chars().count();
        if n == 0 || n > NAME_LEN {
            return Err(CardError::Name);
        }
        Ok(())
    }
}

/// An opponent as one word for a worker's request: `roster:ID:w,w,...`, its
/// base's id and its 36 weights (`a`, `d`, `p`), each the hex of its bits (exact,
/// and no float formatting in the app's wasm), read back by [`read_player_text`].
pub fn player_text(base: Factory, w: &Weights) -> String {
    let weights: Vec<String> = w.all().map(|x| format!("{:x}", x.to_bits())).collect();
    format!("roster:{}:{}", base.id(), weights.join(","))
}

/// The opponent a [`player_text`] names, if it is one, its weights valid.
pub fn read_player_text(text: &str) -> Option<(Factory, Weights)> {
    let (id, list) = text.strip_prefix("roster:")?.split_once(':')?;
    let base = Factory::from_id(id)?;
    let xs: Vec<f32> = list
        .split(',')
        .map(|x| u32::from_str_radix(x, 16).ok().map(f32::from_bits))
        .collect::<Option<_>>()?;
    if xs.len() != 2 * STATES + CLASSES {
        return None;
    }
    let mut w = Weights::ZERO;
    w.a.copy_from_slice(&xs[..STATES]);
    w.d.copy_from_slice(&xs[STATES..2 * STATES]);
    w.p.copy_from_slice(&xs[2 * STATES..]);
    w.valid().then_some((base, w))
}
