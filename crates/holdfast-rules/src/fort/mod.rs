//! Fort: dots walk, capture and claim (two dots become a fort) in up
//! to three steps, then a dot is spawned next to an own fort. A player left with no
//! legal complete turn loses; the Arimaa repetition rule forbids ending a turn a
//! third time in the same position.
//!
//! Each step and the spawn are actions of their own ([`FortMove`]); the same player
//! stays to move until the spawn ends the turn. A record entry is a whole turn:
//! `e1-e2 e2-d2 @f1`, or `count` when both players agreed to count.

mod bits;
mod completion;
mod playout;
mod repetition;
mod step;
mod territory;

use std::collections::HashSet;
use std::sync::Arc;

use serde::{Deserialize, Serialize};

use crate::board::{Board, CellId};
use crate::game::{CellName, Game, MoveError, PieceInfo, Reason, Seat, SetupError, Tally};
use crate::rng::Rng;

pub use crate::reasons::fort::{SetupWhy, Why};
use bits::Bits;
use repetition::{Ended, Key};
use step::{put_step, step_on};

/// Fort has no options: the board and the start are fixed.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FortSetup {}

/// One action of a Fort turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FortMove {
    /// Move a dot one cell: walk, capture or claim (`e1-e2`).
    Step(CellId, CellId),
    /// Place the turn's new dot next to an own fort; ends the turn (`@f1`).
    Spawn(CellId),
    /// Both players agreed to count; the game ends (`count`).
    Count,
}

/// What a step does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StepKind {
    Walk,
    Capture,
    Claim,
}

/// How the game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FortEnd {
    /// This seat had no legal complete turn.
    NoTurn(Seat),
    /// The players agreed to count.
    Counted,
}

/// Steps a turn may take before its spawn.
pub const MAX_STEPS: u8 = 3;

/// What the search's estimate counts a fort for, over the count's 1 (see
/// `estimate_into`): with 2, a claim (two dots into one fort) gains.
const FORT_WEIGHT: f32 = 2.0;
/// What the estimate counts each spawn still open to a player for.
const SPAWN_WEIGHT: f32 = 0.5;

const EMPTY: u8 = 0;

#[inline]
fn dot(seat: Seat) -> u8 {
    1 + seat
}
#[inline]
fn fort(seat: Seat) -> u8 {
    3 + seat
}
#[inline]
fn owner(v: u8) -> Option<Seat> {
    match v {
        1 | 3 => Some(0),
        2 | 4 => Some(1),
        _ => None,
    }
}
#[inline]
fn is_fort(v: u8) -> bool {
    v >= 3
}

/// Cells of the Fort board (the hexagon with 5 cells a side).
pub const CELLS: usize = 61;

struct Config {
    setup: FortSetup,
    board: Board,
    /// Each cell's neighbours as bits (bit `c` for cell `c`: the board fits a word).
    nbr_mask: [u64; CELLS],
}

impl std::fmt::Debug for Config {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Fort board")
    }
}

/// A Fort position, possibly in the middle of a turn.
#[derive(Debug)]
pub struct Fort {
    cfg: Arc<Config>,
    cells: [u8; CELLS],
    /// The cells' exact key (without the player to move), kept in step with them.
    key: Key,
    /// The cells as bits, kept in step with them.
    bits: Bits,
    to_move: Seat,
    /// Steps taken in the turn under way.
    steps: u8,
    /// How often each position (board and player to move) has ended a turn since
    /// the last claim; shared between clones, a new turn copying only a path of
    /// the trie. Forts are never removed, so a claim (one fort more) makes every
    /// earlier position unreachable: the history starts afresh there.
    ended: Ended,
    end: Option<FortEnd>,
    /// Whole turns (record entries) completed.
    turns: u32,
}

impl Clone for Fort {
    fn clone(&self) -> Self {
        Fort {
            cfg: Arc::clone(&self.cfg),
            cells: self.cells,
            key: self.key,
            bits: self.bits,
            to_move: self.to_move,
            steps: self.steps,
            ended: self.ended.clone(),
            end: self.end,
            turns: self.turns,
        }
    }

    fn clone_from(&mut self, src: &Self) {
        self.cfg = Arc::clone(&src.cfg);
        self.cells = src.cells;
        self.key = src.key;
        self.bits = src.bits;
        self.to_move = src.to_move;
        self.steps = src.steps;
        self.ended.clone_from(&src.ended);
        self.end = src.end;
        self.turns = src.turns;
    }
}

/// The cells of the two starting forts.
pub const START_FORTS: [&str; 2] = ["e1", "e8"];

impl Fort {
    /// Each seat's count, forts, and empty cells beside its forts (the spawns it
    /// can still make): what the estimate and the fitted estimate weigh.
    fn strength(&self) -> ([i32; 2], [f32; 2], [f32; 2]) {
        let b = &self.bits;
        let forts = [0, 1].map(|s| b[fort(s) as usize].count_ones() as f32);
        let spawns = [0, 1]
            .map(|s| bits::spots(b, b[fort(s) as usize], &self.cfg.nbr_mask).count_ones() as f32);
        (self.count(), forts, spawns)
    }

    /// A position from a list of pieces (`(cell, seat, is_fort)`) and the seat to
    /// move, at the start of its turn: for diagrams and tests. Cells must exist and
    /// appear once. If the seat to move has no legal turn, the game is over.
    pub fn from_position(pieces: &[(&str, Seat, bool)], to_move: Seat) -> Result<Fort, SetupError> {
        let mut g = Fort::new(&FortSetup::default())?;
        g.cells.iter_mut().for_each(|v| *v = EMPTY);
        if to_move > 1 {
            return Err(SetupWhy::SeatNotInGame(to_move).into());
        }
        for &(name, seat, is_fort) in pieces {
            let c = g
                .cfg
                .board
                .cell(name)
                .ok_or_else(|| SetupError::NoCell(name.to_string()))?;
            if seat > 1 || g.cells[c as usize] != EMPTY {
                return Err(SetupWhy::BadPiece(name.to_string()).into());
            }
            g.cells[c as usize] = if is_fort { fort(seat) } else { dot(seat) };
        }
        g.key = repetition::key_of(&g.cells, 0);
        g.bits = bits::bits_of(&g.cells);
        g.to_move = to_move;
        if !g.can_complete() {
            g.end = Some(FortEnd::NoTurn(to_move));
        }
        Ok(g)
    }

    /// What stands on a cell: `(seat, is_fort)`.
    pub fn piece(&self, c: CellId) -> Option<(Seat, bool)> {
        let v = *self.cells.get(c as usize)?;
        owner(v).map(|s| (s, is_fort(v)))
    }

    /// Steps taken in the turn under way.
    pub fn steps_taken(&self) -> u8 {
        self.steps
    }

    /// How the game ended, once it has.
    pub fn end(&self) -> Option<FortEnd> {
        self.end
    }

    /// Whole turns played.
    pub fn turns(&self) -> u32 {
        self.turns
    }

    fn name(&self, c: CellId) -> String {
        self.cfg.board.name(c).to_string()
    }

    /// A cell's name for an error, without allocating.
    fn cell_name(&self, c: CellId) -> CellName {
        CellName::new(self.cfg.board.name(c))
    }

    /// The kind of a step, or why it is not possible (ignoring whether the turn can
    /// still be completed afterwards).
    pub fn step_kind(&self, from: CellId, to: CellId) -> Result<StepKind, MoveError> {
        let n = self.cells.len();
        if from as usize >= n || to as usize >= n {
            return Err(MoveError::Unreadable(format!("{from}-{to}")));
        }
        if self.steps >= MAX_STEPS {
            return Err(MoveError::NotNow(Why::StepsTaken.into()));
        }
        let me = self.to_move;
        let f = self.cells[from as usize];
        if f != dot(me) {
            let why = match owner(f) {
                None => Why::NoDot,
                Some(s) if s != me => Why::NotYourDot,
                _ => Why::FortsNeverMove,
            };
            return Err(MoveError::Cell {
                cell: self.cell_name(from),
                why: why.into(),
            });
        }
        if !self.cfg.board.adjacent(from, to) {
            return Err(MoveError::Cell {
                cell: self.cell_name(to),
                why: Reason::NotNextTo(self.cell_name(from)),
            });
        }
        let t = self.cells[to as usize];
        match t {
            EMPTY => Ok(StepKind::Walk),
            v if is_fort(v) => Err(MoveError::Cell {
                cell: self.cell_name(to),
                why: Why::NeverEnterFort.into(),
            }),
            v if v == dot(me) => Ok(StepKind::Claim),
            _ => Ok(StepKind::Capture),
        }
    }

    /// Why a spawn is not possible here (ignoring the repetition rule).
    fn spawn_place(&self, c: CellId) -> Result<(), MoveError> {
        let Some(&v) = self.cells.get(c as usize) else {
            return Err(MoveError::Unreadable(format!("@{c}")));
        };
        if v != EMPTY {
            return Err(MoveError::Cell {
                cell: self.cell_name(c),
                why: Why::SpawnNeedsEmpty.into(),
            });
        }
        let me = self.to_move;
        if !self
            .cfg
            .board
            .neighbours(c)
            .iter()
            .any(|&m| self.cells[m as usize] == fort(me))
        {
            return Err(MoveError::Cell {
                cell: self.cell_name(c),
                why: Why::SpawnNextToFort.into(),
            });
        }
        Ok(())
    }

    fn check_spawn(&self, c: CellId) -> Result<(), MoveError> {
        self.spawn_place(c)?;
        if self.repetitions_after_spawn(c) >= 2 {
            return Err(MoveError::Cell {
                cell: self.cell_name(c),
                why: Why::Repetition.into(),
            });
        }
        Ok(())
    }

    fn apply_step(&mut self, from: CellId, to: CellId, kind: StepKind) {
        put_step(
            &mut self.cells,
            &mut self.key,
            &mut self.bits,
            self.to_move,
            from,
            to,
            kind,
        );
        self.steps += 1;
        if kind == StepKind::Claim && !self.ended.is_empty() {
            self.ended = Ended::default();
        }
    }

    /// Plays an action known to be legal (checked, or listed as legal).
    fn apply(&mut self, mv: FortMove) {
        match mv {
            FortMove::Step(from, to) => {
                if let Some(kind) = self.quick_step(from, to) {
                    self.apply_step(from, to, kind);
                }
            }
            FortMove::Spawn(c) => {
                let me = self.to_move;
                step::put(&mut self.cells, &mut self.key, &mut self.bits, c, dot(me));
                let next = 1 - me;
                let key = self.key(next);
                self.ended.bump(key);
                self.to_move = next;
                self.steps = 0;
                self.turns += 1;
                if !self.can_complete() {
                    self.end = Some(FortEnd::NoTurn(next));
                }
            }
            FortMove::Count => {
                self.end = Some(FortEnd::Counted);
                self.turns += 1;
            }
        }
    }

    /// Every step possible now that leaves a turn that can be completed.
    pub fn legal_steps(&self, out: &mut Vec<(CellId, CellId, StepKind)>) {
        if self.end.is_some() || self.steps >= MAX_STEPS {
            return;
        }
        let me = self.to_move;
        let board = &self.cfg.board;
        for from in board.cells() {
            if self.cells[from as usize] != dot(me) {
                continue;
            }
            for &to in board.neighbours(from) {
                if let Some(kind) = self.quick_step(from, to) {
                    if self.step_completes(from, to, kind) {
                        out.push((from, to, kind));
                    }
                }
            }
        }
    }

    /// The cells where a spawn could go now, with whether the repetition rule forbids it.
    pub fn spawn_cells(&self) -> Vec<(CellId, bool)> {
        if self.end.is_some() {
            return vec![];
        }
        bits::each(self.spawn_spots())
            .map(|c| (c as CellId, self.repetitions_after_spawn(c as CellId) >= 2))
            .collect()
    }
}

impl Game for Fort {
    type Setup = FortSetup;
    type Move = FortMove;
    const ID: &'static str = "fort";

    fn board(&self) -> &Board {
        &self.cfg.board
    }
    const TITLE: &'static str = "Fort";

    fn variants() -> Vec<(String, FortSetup)> {
        vec![("standard".into(), FortSetup::default())]
    }

    fn every_move(&self, out: &mut Vec<FortMove>) {
        out.push(FortMove::Count);
        let board = self.board();
        for a in board.cells() {
            out.push(FortMove::Spawn(a));
            out.extend(board.neighbours(a).iter().map(|&b| FortMove::Step(a, b)));
        }
    }

    fn new(setup: &FortSetup) -> Result<Self, SetupError> {
        let board = Board::hexagon(5)?;
        if board.len() != CELLS {
            return Err(SetupWhy::BoardSize.into());
        }
        let mut cells = [EMPTY; CELLS];
        for (seat, name) in START_FORTS.iter().enumerate() {
            let c = board
                .cell(name)
                .ok_or_else(|| SetupError::NoCell(name.to_string()))?;
            cells[c as usize] = fort(seat as Seat);
        }
        Ok(Fort {
            cfg: Arc::new(Config {
                setup: setup.clone(),
                nbr_mask: std::array::from_fn(|c| {
                    board
                        .neighbours(c as CellId)
                        .iter()
                        .fold(0u64, |m, &n| m | 1u64 << (n as u32 % 64))
                }),
                board,
            }),
            key: repetition::key_of(&cells, 0),
            bits: bits::bits_of(&cells),
            cells,
            to_move: 0,
            steps: 0,
            ended: Ended::default(),
            end: None,
            turns: 0,
        })
    }

    fn setup(&self) -> &FortSetup {
        &self.cfg.setup
    }

    fn players(&self) -> usize {
        2
    }

    fn to_move(&self) -> Option<Seat> {
        self.end.is_none().then_some(self.to_move)
    }

    fn legal_moves(&self, out: &mut Vec<FortMove>) {
        if self.end.is_some() {
            return;
        }
        let mut steps = Vec::new();
        self.legal_steps(&mut steps);
        out.extend(steps.into_iter().map(|(f, t, _)| FortMove::Step(f, t)));
        out.extend(
            self.spawn_cells()
                .into_iter()
                .filter(|&(_, banned)| !banned)
                .map(|(c, _)| FortMove::Spawn(c)),
        );
        if self.steps == 0 {
            out.push(FortMove::Count);
        }
    }

    fn check(&self, mv: FortMove) -> Result<(), MoveError> {
        if self.end.is_some() {
            return Err(MoveError::GameOver);
        }
        match mv {
            FortMove::Step(from, to) => {
                let kind = self.step_kind(from, to)?;
                if self.step_completes(from, to, kind) {
                    Ok(())
                } else {
                    Err(MoveError::Cell {
                        cell: self.cell_name(to),
                        why: Why::NoSpawnAfter.into(),
                    })
                }
            }
            FortMove::Spawn(c) => self.check_spawn(c),
            FortMove::Count => {
                if self.steps == 0 {
                    Ok(())
                } else {
                    Err(MoveError::NotNow(Why::CountMidTurn.into()))
                }
            }
        }
    }

    fn play(&mut self, mv: FortMove) -> Result<(), MoveError> {
        self.check(mv)?;
        self.apply(mv);
        Ok(())
    }

    fn play_out(&mut self, rng: &mut Rng, scratch: &mut Vec<FortMove>) -> u32 {
        crate::playout::play_out_trusted(self, rng, scratch, Self::apply)
    }

    /// No fixed end: the share of the cells taken by dots and forts.
    fn progress(&self) -> f32 {
        self.cells.iter().filter(|&&v| v != EMPTY).count() as f32 / CELLS as f32
    }

    fn scores(&self) -> Vec<i32> {
        self.count().to_vec()
    }

    fn decided_by_score(&self) -> bool {
        !matches!(self.end, Some(FortEnd::NoTurn(_)))
    }

    fn agreement(&self) -> Option<Self::Move> {
        Some(FortMove::Count)
    }

    fn computer_avoids(&self, mv: FortMove) -> bool {
        mv == FortMove::Count
    }

    /// The count, plus what it leaves out: a fort outweighs the two dots it was
    /// made of (it never moves nor falls, and dots are born beside it), and each
    /// empty cell beside a player's forts is a spawn the player can still make
    /// (with none left, the player loses).
    fn estimate_into(&self, out: &mut Vec<f32>) {
        let (count, forts, spawns) = self.strength();
        out.clear();
        out.extend(
            (0..2).map(|s| count[s] as f32 + FORT_WEIGHT * forts[s] + SPAWN_WEIGHT * spawns[s]),
        );
    }

    /// A seat's count, its forts and the empty cells beside them (its spawns still
    /// to make), each over the board's cells.
    fn features_into(&self, out: &mut Vec<f32>) {
        let (count, forts, spawns) = self.strength();
        let cells = CELLS as f32;
        out.clear();
        for s in 0..2 {
            out.extend([count[s] as f32, forts[s], spawns[s]].map(|x| x / cells));
        }
    }

    fn winners(&self) -> Vec<Seat> {
        match self.end {
            None => vec![],
            Some(FortEnd::NoTurn(loser)) => vec![1 - loser],
            Some(FortEnd::Counted) => {
                let [a, b] = self.count();
                match a.cmp(&b) {
                    std::cmp::Ordering::Greater => vec![0],
                    std::cmp::Ordering::Less => vec![1],
                    std::cmp::Ordering::Equal => vec![0, 1],
                }
            }
        }
    }

    fn parse_move(&self, text: &str) -> Result<FortMove, MoveError> {
        let board = &self.cfg.board;
        if text == "count" {
            return Ok(FortMove::Count);
        }
        if let Some(c) = text.strip_prefix('@') {
            return board
                .cell(c)
                .map(FortMove::Spawn)
                .ok_or_else(|| MoveError::UnknownCell(c.to_string()));
        }
        if let Some((a, b)) = text.split_once('-') {
            let from = board
                .cell(a)
                .ok_or_else(|| MoveError::UnknownCell(a.to_string()))?;
            let to = board
                .cell(b)
                .ok_or_else(|| MoveError::UnknownCell(b.to_string()))?;
            return Ok(FortMove::Step(from, to));
        }
        Err(MoveError::Unreadable(text.to_string()))
    }

    fn format_move(&self, mv: FortMove) -> String {
        match mv {
            FortMove::Step(a, b) => format!("{}-{}", self.name(a), self.name(b)),
            FortMove::Spawn(c) => format!("@{}", self.name(c)),
            FortMove::Count => "count".into(),
        }
    }

    fn tally(&self) -> Tally {
        let pieces = self
            .cfg
            .board
            .cells()
            .filter_map(|c| {
                let (s, f) = self.piece(c)?;
                Some((
                    c,
                    PieceInfo {
                        player: s,
                        kind: if f { "fort" } else { "dot" },
                        count: None,
                    },
                ))
            })
            .collect();
        Tally {
            pieces,
            ..Default::default()
        }
    }

    /// A whole turn: its actions separated by spaces, ending with the spawn (or `count`).
    fn play_entry_into(&mut self, entry: &str, out: &mut Vec<FortMove>) -> Result<(), MoveError> {
        let mut next = self.clone();
        let mut actions = entry.split_whitespace().peekable();
        if actions.peek().is_none() {
            return Err(MoveError::Unreadable(entry.to_string()));
        }
        while let Some(a) = actions.next() {
            let mv = next.parse_move(a)?;
            let last = actions.peek().is_none();
            match mv {
                FortMove::Step(..) if last => {
                    return Err(MoveError::NotNow(Why::TurnEndsWithSpawn.into()));
                }
                FortMove::Spawn(_) | FortMove::Count if !last => {
                    return Err(MoveError::NotNow(Why::MustBeLast(a.to_string()).into()));
                }
                _ => {}
            }
            next.play(mv)?;
            out.push(mv);
        }
        *self = next;
        Ok(())
    }

    fn entry_open(&self) -> bool {
        self.steps > 0
    }

    /// The benchmark's turn: 0 to 3 random legal steps, then a random legal spawn
    /// ([`Fort::pick_playout`]).
    fn playout_move(&self, rng: &mut Rng, scratch: &mut Vec<FortMove>) -> Option<FortMove> {
        self.pick_playout(rng, scratch)
    }
}

#[cfg(test)]
mod tests;
