//! The interface every game implements, and the types around it.

use std::collections::BTreeMap;

use serde::{de::DeserializeOwned, Serialize};

use crate::board::{Board, CellId};
use crate::rng::Rng;

pub use crate::reasons::{CellName, JsonKind, Reason, SetupError, Unit};

/// A seat at the table: 0 is the first player.
pub type Seat = u8;

/// Why a move is refused. The state is unchanged whenever one is returned.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveError {
    /// The game is over; nothing more can be played.
    GameOver,
    /// The text is not a move in this game's notation.
    Unreadable(String),
    /// No cell of this board has that name.
    UnknownCell(String),
    /// The area is held by another player.
    HeldBy { cell: CellName, seat: Seat },
    /// The area already holds its capacity.
    Full { cell: CellName, capacity: u8 },
    /// A failed dice attack: the mover must first remove one of their pieces next to it.
    MustRemove { target: CellName },
    /// This kind of move is not allowed at this moment, with the reason.
    NotNow(Reason),
    /// A move aimed at a cell where it cannot go, with the reason.
    Cell { cell: CellName, why: Reason },
    /// A move aimed at a face between cells (Citadel's walls), named by its corner
    /// cell, where it cannot go, with the reason.
    Face { corner: CellName, why: Reason },
    /// The move costs more than the mover has left this turn.
    Cost { cost: u32, left: u32, unit: Unit },
}

impl MoveError {
    /// One plain sentence, naming seats with `name`.
    pub fn sentence(&self, name: &dyn Fn(Seat) -> String) -> String {
        match self {
            MoveError::GameOver => "The game is over.".into(),
            MoveError::Unreadable(t) => format!("\u{201c}{t}\u{201d} is not a move in this game."),
            MoveError::UnknownCell(c) => format!("There is no cell called {c} on this board."),
            MoveError::HeldBy { cell, seat } => format!("{cell} is held by {}.", name(*seat)),
            MoveError::Full { cell, capacity } => {
                format!(
                    "{cell} is full: {capacity} piece{}.",
                    if *capacity == 1 { "" } else { "s" }
                )
            }
            MoveError::MustRemove { target } => {
                format!(
                    "The attack on {target} failed: first remove one of your pieces next to it."
                )
            }
            MoveError::NotNow(why) => why.to_string(),
            MoveError::Cell { cell, why } => format!("{cell}: {why}."),
            MoveError::Face { corner, why } => format!("face {corner}: {why}."),
            MoveError::Cost { cost, left, unit } => {
                let unit = unit.english();
                let n = |k: u32| format!("{k} {unit}{}", if k == 1 { "" } else { "s" });
                format!(
                    "Not enough {unit}s: this costs {}, {} left this turn.",
                    n(*cost),
                    n(*left)
                )
            }
        }
    }
}

impl std::fmt::Display for MoveError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.sentence(&|s| format!("player {}", s + 1)))
    }
}

impl std::error::Error for MoveError {}

/// One occupied cell as `holdfast replay` reports it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PieceInfo {
    pub player: Seat,
    pub kind: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub count: Option<u32>,
}

/// What stands on the board, by cell: [`Game::tally`], which [`Game::snapshot`]
/// names. Lean (no names, no maps): the app reads one after every move.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Tally {
    /// Each occupied cell's piece.
    pub pieces: Vec<(CellId, PieceInfo)>,
    /// Territory owner by cell, for games that have territory.
    pub owners: Option<Vec<(CellId, Seat)>>,
    /// The walls standing, for games with walls between cells (faces).
    pub walls: Option<Vec<u16>>,
    /// Game-specific things by cell (`citadels`, `generals`, `secured`: keys of the
    /// snapshot's extras), each cell with its seat (`None`: nobody's).
    pub marks: Vec<(&'static str, Marks)>,
}

/// Cells with a seat each (`None`: nobody's): one kind of [`Tally::marks`].
pub type Marks = Vec<(CellId, Option<Seat>)>;

impl Tally {
    /// `key`'s marks (empty when the game has none).
    pub fn marks(&self, key: &str) -> &[(CellId, Option<Seat>)] {
        self.marks
            .iter()
            .find(|(k, _)| *k == key)
            .map_or(&[], |(_, v)| v)
    }
}

/// What stands on the board, by cell name, as `holdfast replay` reports it.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct Snapshot {
    pub pieces: BTreeMap<String, PieceInfo>,
    /// Territory owner by cell, for games that have territory.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub owners: Option<BTreeMap<String, Seat>>,
    /// Game-specific extras (`citadels`, `walls`, `generals`, `secured`).
    #[serde(flatten)]
    pub extra: serde_json::Map<String, serde_json::Value>,
}

/// A game's rules. A value of the type is one position; `play` moves it on.
///
/// Multi-action turns (Fort, Citadel, Frontier's generals) are one action per
/// [`Game::Move`], the same seat staying to move until an explicit end; a record
/// entry joins a turn's actions, which [`Game::play_entry`] splits. A position may
/// be searched from several threads at once (`Send`, `Sync`).
pub trait Game: Clone + Sized + Send + Sync + 'static {
    /// What the new-game screen asks; every field has a default.
    type Setup: Serialize + DeserializeOwned + Default + Clone + std::fmt::Debug;
    /// One action: small, `Copy` data.
    type Move: Copy + Eq + std::fmt::Debug + Send + Sync;

    /// The record's `game` id.
    const ID: &'static str;
    /// The game's name, as people say it.
    const TITLE: &'static str;

    /// The game's standard setups, named (`"13x13"`, `"mode2"`, `"3p"`): the first is
    /// the default. Benchmarks measure each one and the contract tests play each one.
    fn variants() -> Vec<(String, Self::Setup)>;

    /// Every action of this position's shape, legal or not (every placement on every
    /// cell, every step between neighbours, …): a superset of [`Game::legal_moves`] that
    /// the contract tests use to check that every refused action is unlisted.
    fn every_move(&self, out: &mut Vec<Self::Move>);

    /// Checks a setup and builds the starting position.
    fn new(setup: &Self::Setup) -> Result<Self, SetupError>;
    /// The setup this game was built from.
    fn setup(&self) -> &Self::Setup;
    /// The board the game is played on.
    fn board(&self) -> &Board;
    /// Number of seats.
    fn players(&self) -> usize;
    /// The seat to act, `None` once the game is over.
    fn to_move(&self) -> Option<Seat>;
    /// Appends every legal move to `out` (which is not cleared).
    fn legal_moves(&self, out: &mut Vec<Self::Move>);
    /// Whether `mv` is legal here, and why not.
    fn check(&self, mv: Self::Move) -> Result<(), MoveError>;
    /// Plays a move; on error the position is unchanged.
    fn play(&mut self, mv: Self::Move) -> Result<(), MoveError>;
    /// The game's own count so far, one number a seat.
    fn scores(&self) -> Vec<i32>;

    /// [`Game::scores`] into a reused vector (playouts score every game).
    fn scores_into(&self, out: &mut Vec<i32>) {
        *out = self.scores();
    }
    /// Reads one action in the notation.
    fn parse_move(&self, text: &str) -> Result<Self::Move, MoveError>;
    /// Writes one action in the notation.
    fn format_move(&self, mv: Self::Move) -> String;
    /// What stands on the board, by cell: what the app reads after every move
    /// ([`crate::changes`]) and [`Game::snapshot`] names.
    fn tally(&self) -> Tally;
    /// A face's name (the faces between cells, where Citadel's walls stand).
    fn face_name(&self, face: u16) -> String {
        face.to_string()
    }
    /// What stands on the board, for replay output: the [`Game::tally`] by name.
    fn snapshot(&self) -> Snapshot {
        let t = self.tally();
        let name = |c: CellId| self.board().name(c).to_string();
        let mut extra = serde_json::Map::new();
        if let Some(walls) = t.walls {
            let mut names: Vec<String> = walls.iter().map(|&f| self.face_name(f)).collect();
            names.sort();
            extra.insert("walls".into(), serde_json::json!(names));
        }
        for (key, cells) in t.marks {
            let map = cells
                .into_iter()
                .map(|(c, s)| (name(c), serde_json::json!(s)))
                .collect();
            extra.insert(key.into(), serde_json::Value::Object(map));
        }
        Snapshot {
            pieces: t.pieces.into_iter().map(|(c, p)| (name(c), p)).collect(),
            owners: t
                .owners
                .map(|o| o.into_iter().map(|(c, s)| (name(c), s)).collect()),
            extra,
        }
    }

    /// True once the game is over.
    fn is_over(&self) -> bool {
        self.to_move().is_none()
    }

    /// The winners: empty until the game is over, several on a draw.
    fn winners(&self) -> Vec<Seat> {
        if !self.is_over() {
            return Vec::new();
        }
        let scores = self.scores();
        let best = scores.iter().copied().max().unwrap_or(0);
        (0..scores.len())
            .filter(|&s| scores[s] == best)
            .map(|s| s as Seat)
            .collect()
    }

    /// Whether the game was decided by its scores, so that the winners are exactly the
    /// seats with the highest score. True unless a game ends otherwise (Fort: a player
    /// with no legal turn loses; Citadel: an agreed draw).
    fn decided_by_score(&self) -> bool {
        true
    }

    /// Plays one record entry (one move, or a whole turn for multi-action games).
    /// On error the position is unchanged.
    fn play_entry(&mut self, entry: &str) -> Result<(), MoveError> {
        self.play_entry_into(entry, &mut Vec::new())
    }

    /// [`Game::play_entry`], appending the actions the entry is made of to `out`, in
    /// the order played (a compact link numbers them). On error the position is
    /// unchanged and what was appended is to be dropped. Multi-action games split
    /// their turns here.
    fn play_entry_into(&mut self, entry: &str, out: &mut Vec<Self::Move>) -> Result<(), MoveError> {
        let mv = self.parse_move(entry.trim())?;
        self.play(mv)?;
        out.push(mv);
        Ok(())
    }

    /// True while a record entry is under way: a multi-action turn has begun and not
    /// yet ended (Fort between its first step and its spawn). Single-action games: never.
    fn entry_open(&self) -> bool {
        false
    }

    /// The record entry for a turn's actions (each in notation): joined by spaces,
    /// unless a game writes its turns otherwise (Frontier: `-` for no orders).
    fn entry_text(&self, actions: &[String]) -> String {
        actions.join(" ")
    }

    /// The game's agreement, when it has one the players may make between turns
    /// now (Fort's count, Citadel's draw): the entry one player offers and the
    /// other accepts.
    fn agreement(&self) -> Option<Self::Move> {
        None
    }

    /// Whether a computer player leaves this action alone: an agreement both players
    /// make at the table (Citadel's draw, Fort's count), or Fortress's swap, which
    /// exchanges who plays which colour (a search credits seats, not people).
    fn computer_avoids(&self, _mv: Self::Move) -> bool {
        false
    }

    /// Whether the players have traded colours (Fortress's pie rule: after the
    /// swap the first player holds the second colour). No game trades unless it
    /// says.
    fn colours_traded(&self) -> bool {
        false
    }

    /// Whether the game's future depends on chance (Fortress's dice): an exact
    /// solver of its end then cannot be exact. No game has chance unless it says.
    fn has_chance(&self) -> bool {
        false
    }

    /// Draws the position's future chance (Fortress's dice) afresh from `seed`: a
    /// search looks ahead on copies reseeded so, never at the record's own dice.
    /// Games without chance ignore it.
    fn reseed(&mut self, _seed: u64) {}

    /// How the game stands, one number a seat (higher is better), for a search that
    /// stops a playout before the end: the scores unless a game knows better.
    fn estimate_into(&self, out: &mut Vec<f32>) {
        let mut scores = Vec::with_capacity(self.players());
        self.scores_into(&mut scores);
        out.clear();
        out.extend(scores.iter().map(|&s| s as f32));
    }

    /// How far the game has gone: 0 at its start, 1 at its end where the rules fix
    /// one (a game without a fixed length gives a measure of its own). A fitted
    /// estimate weighs a lead by it: three points near the end decide more than
    /// three at the start.
    fn progress(&self) -> f32 {
        0.0
    }

    /// What a fitted estimate reads from the position: the same number of values
    /// for every seat, seat after seat, each on a scale that does not grow with the
    /// board (a share of the cells, not a count). By default one a seat: the
    /// estimate over the number of cells.
    fn features_into(&self, out: &mut Vec<f32>) {
        self.estimate_into(out);
        let cells = self.board().len().max(1) as f32;
        for x in out.iter_mut() {
            *x /= cells;
        }
    }

    /// The fitted model this position is scored by: [`Game::ID`], unless a game's
    /// variants play too unlike each other to share one (Frontier's modes).
    fn model_key(&self) -> &'static str {
        Self::ID
    }

    /// The move a random playout makes here (the benchmark's policy): uniform over
    /// the legal moves unless a game says otherwise. `scratch` is reused between calls.
    fn playout_move(&self, rng: &mut Rng, scratch: &mut Vec<Self::Move>) -> Option<Self::Move> {
        uniform_legal(self, rng, scratch)
    }

    /// Plays on to the end by the playout policy, returning the actions played: one
    /// [`Game::playout_move`] and one [`Game::play`] after another, unless a game
    /// plays the very same actions faster in a loop of its own.
    fn play_out(&mut self, rng: &mut Rng, scratch: &mut Vec<Self::Move>) -> u32 {
        play_out_by_steps(self, rng, scratch)
    }
}

/// A legal action chosen uniformly from the full listing (`scratch` reused); `None`
/// when there is none. The default playout policy, and the samplers' fallback.
pub fn uniform_legal<G: Game>(g: &G, rng: &mut Rng, scratch: &mut Vec<G::Move>) -> Option<G::Move> {
    scratch.clear();
    g.legal_moves(scratch);
    if scratch.is_empty() {
        None
    } else {
        Some(scratch[rng.below(scratch.len() as u32) as usize])
    }
}

/// [`Game::play_out`]'s plain loop: one [`Game::playout_move`] and one
/// [`Game::play`] after another until the policy stops. Returns the actions played.
pub fn play_out_by_steps<G: Game>(game: &mut G, rng: &mut Rng, scratch: &mut Vec<G::Move>) -> u32 {
    let mut moves = 0;
    while let Some(mv) = game.playout_move(rng, scratch) {
        if game.play(mv).is_err() {
            break;
        }
        moves += 1;
    }
    moves
}
