//! Citadel: warriors, walls and citadels on a Go board.
//!
//! Setup entries: nine neutral citadels placed alternately (`g10`), then the draft
//! (`i9`: the second player picks first; a warrior stands on each citadel taken).
//! Then turns of actions paid from credits (one a controlled citadel): walls
//! (`W:c3`), destroying them (`X:c3/d5`), recruits (`R:e6`), moves (`e6-e7`),
//! attacks (`e6xe7`) and siege captures (`S:e9`). Each action is a move of its own;
//! [`CitadelMove::End`] ends the turn (a record entry joins the turn's actions, `-`
//! for none). `draw` ends the game by agreement.

mod actions;
mod estimate;
mod notation;
mod sample;
mod sieges;
mod walls;

use std::sync::Arc;

use serde::{Deserialize, Serialize};

use crate::board::{Board, CellId};
use crate::game::{Game, MoveError, PieceInfo, Seat, SetupError, Tally};

pub use crate::reasons::citadel::{SetupWhy, Why};

/// The setup: the board's size (19, or 13).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct CitadelSetup {
    pub size: u16,
}

impl Default for CitadelSetup {
    fn default() -> Self {
        CitadelSetup { size: 19 }
    }
}

/// The board sizes Citadel is played on: 19x19, and 13x13 for a shorter game.
pub const SIZES: [u16; 2] = [19, 13];

/// Citadels placed in the setup.
pub const CITADELS: usize = 9;
/// Citadels each player drafts.
pub const DRAFT_EACH: usize = 3;
/// Turns of play a benchmark playout runs at most.
pub const PLAYOUT_TURNS: u32 = 100;

/// Warriors allowed on the board, both players counted.
pub const MAX_WARRIORS: usize = 100;
/// Warriors a turn may take by siege.
pub const SIEGE_LIMIT: u8 = 2;

/// A face (the square between four cells), by its bottom-left corner's face index.
pub type FaceId = u16;

/// One Citadel action (ordered, so that a sorted list of them can be searched).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum CitadelMove {
    /// Setup: place a neutral citadel.
    Place(CellId),
    /// Draft: take a citadel.
    Take(CellId),
    /// Build a wall on a face (1 credit).
    Wall(FaceId),
    /// Destroy a wall with the warrior on a cell (1 credit).
    Destroy(FaceId, CellId),
    /// Recruit a warrior (2 credits).
    Recruit(CellId),
    /// Move a warrior one cell (1 credit).
    Step(CellId, CellId),
    /// Attack an adjacent enemy warrior (free).
    Attack(CellId, CellId),
    /// Siege capture of a warrior of a group surrounded at the start of the turn (free).
    Siege(CellId),
    /// End the turn.
    End,
    /// Both players agreed to a draw.
    Draw,
}

/// Where the game is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    Placing,
    Drafting,
    Playing,
}

/// How it ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CitadelEnd {
    /// This seat controls two citadels more than the other.
    Won(Seat),
    /// Agreed draw.
    Draw,
}

const NONE: u8 = u8::MAX;

#[derive(Debug)]
struct Config {
    setup: CitadelSetup,
    board: Board,
    n: i32,
}

/// A Citadel position.
#[derive(Debug)]
pub struct Citadel {
    cfg: Arc<Config>,
    warrior: Vec<u8>,
    /// The warrior on the cell has been used in an attack this turn.
    used: Vec<bool>,
    /// Controller of the citadel on the cell: `NONE` when neutral; no entry when none.
    citadel: Vec<Option<u8>>,
    /// The cells that hold citadels (at most nine).
    citadel_cells: Vec<CellId>,
    wall: Vec<bool>,
    /// Enemy warriors in groups surrounded at the start of the turn.
    besieged: Vec<bool>,
    /// The cells `besieged` marks, listed.
    besieged_list: Vec<CellId>,
    /// Each seat's warriors, in no order: rebuilt at the start of every turn and kept
    /// up to date by every action, for the playout's draw.
    army: [Vec<CellId>; 2],
    phase: Phase,
    to_move: Seat,
    placed: u8,
    drafted: u8,
    credits: u8,
    sieges: u8,
    actions: u16,
    /// Turns of play completed.
    turns: u32,
    end: Option<CitadelEnd>,
}

impl Clone for Citadel {
    fn clone(&self) -> Self {
        let mut c = Citadel {
            cfg: Arc::clone(&self.cfg),
            warrior: Vec::new(),
            used: Vec::new(),
            citadel: Vec::new(),
            citadel_cells: Vec::new(),
            wall: Vec::new(),
            besieged: Vec::new(),
            besieged_list: Vec::new(),
            army: [Vec::new(), Vec::new()],
            phase: self.phase,
            to_move: 0,
            placed: 0,
            drafted: 0,
            credits: 0,
            sieges: 0,
            actions: 0,
            turns: 0,
            end: None,
        };
        c.clone_from(self);
        c
    }

    /// Reuses the tables' allocations: playouts reset a position without allocating.
    fn clone_from(&mut self, src: &Self) {
        if !Arc::ptr_eq(&self.cfg, &src.cfg) {
            self.cfg = Arc::clone(&src.cfg);
        }
        self.warrior.clone_from(&src.warrior);
        self.used.clone_from(&src.used);
        self.citadel.clone_from(&src.citadel);
        self.citadel_cells.clone_from(&src.citadel_cells);
        self.wall.clone_from(&src.wall);
        self.besieged.clone_from(&src.besieged);
        self.besieged_list.clone_from(&src.besieged_list);
        self.army[0].clone_from(&src.army[0]);
        self.army[1].clone_from(&src.army[1]);
        self.phase = src.phase;
        self.to_move = src.to_move;
        self.placed = src.placed;
        self.drafted = src.drafted;
        self.credits = src.credits;
        self.sieges = src.sieges;
        self.actions = src.actions;
        self.turns = src.turns;
        self.end = src.end;
    }
}

impl Citadel {
    /// A position in play from its parts, with `to_move` at the start of a turn: for
    /// diagrams and tests. `warriors` and `citadels` name cells (`None`: neutral);
    /// `walls` name faces by their bottom-left corner.
    pub fn from_position(
        size: u16,
        warriors: &[(&str, Seat)],
        citadels: &[(&str, Option<Seat>)],
        walls: &[&str],
        to_move: Seat,
    ) -> Result<Citadel, SetupError> {
        let mut g = Citadel::new(&CitadelSetup { size })?;
        let cell = |g: &Citadel, n: &str| {
            g.board()
                .cell(n)
                .ok_or_else(|| SetupError::NoCell(n.to_string()))
        };
        for &(n, o) in citadels {
            let c = cell(&g, n)?;
            g.citadel[c as usize] = Some(o.unwrap_or(NONE));
            g.citadel_cells.push(c);
        }
        for &(n, s) in warriors {
            let c = cell(&g, n)?;
            if s > 1 {
                return Err(SetupWhy::BadSeat(n.to_string()).into());
            }
            g.warrior[c as usize] = s;
        }
        for n in walls {
            let c = cell(&g, n)?;
            let f = g
                .face_of(c)
                .ok_or_else(|| SetupError::from(SetupWhy::NoFace(n.to_string())))?;
            g.wall[f as usize] = true;
        }
        g.phase = Phase::Playing;
        g.placed = CITADELS as u8;
        g.drafted = (2 * DRAFT_EACH) as u8;
        g.to_move = to_move.min(1);
        g.rebuild_army();
        g.start_turn();
        Ok(g)
    }

    /// The board's size.
    pub fn size(&self) -> u16 {
        self.cfg.n as u16
    }

    /// Setup, draft or play.
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// Credits left this turn.
    pub fn credits(&self) -> u8 {
        self.credits
    }

    /// Siege captures made this turn.
    pub fn sieges_made(&self) -> u8 {
        self.sieges
    }

    /// Actions taken in the turn under way.
    pub fn actions_taken(&self) -> u16 {
        self.actions
    }

    /// Turns of play completed.
    pub fn turns(&self) -> u32 {
        self.turns
    }

    /// How the game ended.
    pub fn end(&self) -> Option<CitadelEnd> {
        self.end
    }

    /// The warrior on a cell.
    pub fn warrior(&self, c: CellId) -> Option<Seat> {
        self.warrior.get(c as usize).copied().filter(|&w| w != NONE)
    }

    /// Whether the warrior on a cell has been used in an attack this turn.
    pub fn is_used(&self, c: CellId) -> bool {
        self.used.get(c as usize).copied().unwrap_or(false)
    }

    /// Whether a cell has a citadel, and its controller (`Some(None)` when neutral).
    pub fn citadel(&self, c: CellId) -> Option<Option<Seat>> {
        self.citadel
            .get(c as usize)
            .copied()
            .flatten()
            .map(|o| (o != NONE).then_some(o))
    }

    /// Whether a face has a wall.
    pub fn wall(&self, f: FaceId) -> bool {
        self.wall.get(f as usize).copied().unwrap_or(false)
    }

    /// Whether the warrior on a cell was in a surrounded group at the turn's start.
    pub fn besieged(&self, c: CellId) -> bool {
        self.besieged.get(c as usize).copied().unwrap_or(false)
    }

    /// Number of faces.
    pub fn faces(&self) -> usize {
        self.wall.len()
    }

    /// Citadels each seat controls.
    pub fn controlled(&self) -> [i32; 2] {
        let mut t = [0; 2];
        for &c in &self.citadel_cells {
            if let Some(o) = self.citadel[c as usize] {
                if o != NONE {
                    t[o as usize] += 1;
                }
            }
        }
        t
    }
}

impl Citadel {
    /// Plays an action known to be legal (checked, or listed as legal).
    fn apply(&mut self, mv: CitadelMove) {
        let me = self.to_move;
        let playing = self.phase == Phase::Playing;
        match mv {
            CitadelMove::Place(c) => {
                self.citadel[c as usize] = Some(NONE);
                self.citadel_cells.push(c);
                self.placed += 1;
                if self.placed as usize >= CITADELS {
                    self.phase = Phase::Drafting;
                    self.to_move = 1;
                } else {
                    self.to_move = 1 - me;
                }
            }
            CitadelMove::Take(c) => {
                self.citadel[c as usize] = Some(me);
                self.warrior[c as usize] = me;
                self.army[me as usize].push(c);
                self.drafted += 1;
                self.to_move = 1 - me;
                if self.drafted as usize >= 2 * DRAFT_EACH {
                    self.phase = Phase::Playing;
                    self.to_move = 0;
                    self.start_turn();
                }
            }
            CitadelMove::Wall(f) => {
                self.wall[f as usize] = true;
                self.credits -= 1;
            }
            CitadelMove::Destroy(f, c) => {
                let equal = self.strength(c) == self.wall_strength(f);
                self.wall[f as usize] = false;
                if equal {
                    self.remove(c);
                }
                self.credits -= 1;
            }
            CitadelMove::Recruit(c) => {
                self.warrior[c as usize] = me;
                self.army[me as usize].push(c);
                self.credits -= 2;
            }
            CitadelMove::Step(a, b) => {
                self.used[b as usize] = self.used[a as usize];
                self.remove(a);
                self.warrior[b as usize] = me;
                self.army[me as usize].push(b);
                if let Some(o) = self.citadel[b as usize] {
                    if o != me {
                        self.citadel[b as usize] = Some(me);
                    }
                }
                self.credits -= 1;
                self.check_win();
            }
            CitadelMove::Attack(a, b) => {
                let equal = self.strength(a) == self.strength(b);
                // The attacker and the friends whose support made its strength are used.
                self.used[a as usize] = true;
                let cfg = Arc::clone(&self.cfg);
                for &f in cfg.board.neighbours(a) {
                    if self.warrior[f as usize] == me {
                        self.used[f as usize] = true;
                    }
                }
                self.remove(b);
                if equal {
                    self.remove(a);
                }
            }
            CitadelMove::Siege(c) => {
                self.remove(c);
                self.sieges += 1;
            }
            CitadelMove::End => {
                self.turns += 1;
                self.to_move = 1 - me;
                self.start_turn();
                return;
            }
            CitadelMove::Draw => {
                self.end = Some(CitadelEnd::Draw);
                return;
            }
        }
        if playing {
            self.actions += 1;
        }
    }
}

impl Game for Citadel {
    type Setup = CitadelSetup;
    type Move = CitadelMove;
    const ID: &'static str = "citadel";

    fn board(&self) -> &Board {
        &self.cfg.board
    }
    const TITLE: &'static str = "Citadel";

    fn variants() -> Vec<(String, CitadelSetup)> {
        SIZES
            .iter()
            .map(|&size| (format!("{size}x{size}"), CitadelSetup { size }))
            .collect()
    }

    fn every_move(&self, out: &mut Vec<CitadelMove>) {
        let b = self.board();
        out.extend([CitadelMove::End, CitadelMove::Draw]);
        for f in 0..self.faces() as u16 {
            out.push(CitadelMove::Wall(f));
            for c in self.face_cells(f) {
                out.extend(b.neighbours(c).iter().map(|&m| CitadelMove::Destroy(f, m)));
            }
        }
        for c in b.cells() {
            out.extend([
                CitadelMove::Place(c),
                CitadelMove::Take(c),
                CitadelMove::Recruit(c),
                CitadelMove::Siege(c),
            ]);
            for &m in b.neighbours(c) {
                out.push(CitadelMove::Step(c, m));
                out.push(CitadelMove::Attack(c, m));
            }
        }
    }

    fn new(setup: &CitadelSetup) -> Result<Self, SetupError> {
        if !SIZES.contains(&setup.size) {
            return Err(SetupWhy::Size(setup.size).into());
        }
        let board = Board::square(setup.size, setup.size)?;
        let n = board.len();
        let m = (setup.size as usize - 1).pow(2);
        Ok(Citadel {
            cfg: Arc::new(Config {
                setup: setup.clone(),
                board,
                n: setup.size as i32,
            }),
            warrior: vec![NONE; n],
            used: vec![false; n],
            citadel: vec![None; n],
            citadel_cells: Vec::with_capacity(CITADELS),
            wall: vec![false; m],
            besieged: vec![false; n],
            besieged_list: Vec::new(),
            army: [Vec::new(), Vec::new()],
            phase: Phase::Placing,
            to_move: 0,
            placed: 0,
            drafted: 0,
            credits: 0,
            sieges: 0,
            actions: 0,
            turns: 0,
            end: None,
        })
    }

    fn setup(&self) -> &CitadelSetup {
        &self.cfg.setup
    }

    fn players(&self) -> usize {
        2
    }

    fn to_move(&self) -> Option<Seat> {
        self.end.is_none().then_some(self.to_move)
    }

    fn legal_moves(&self, out: &mut Vec<CitadelMove>) {
        if self.end.is_some() {
            return;
        }
        out.extend(
            self.all_candidates()
                .into_iter()
                .filter(|&m| self.check(m).is_ok()),
        );
    }

    fn check(&self, mv: CitadelMove) -> Result<(), MoveError> {
        if self.end.is_some() {
            return Err(MoveError::GameOver);
        }
        match mv {
            CitadelMove::Place(c) if self.phase == Phase::Placing => self.check_place(c),
            CitadelMove::Take(c) if self.phase == Phase::Drafting => self.check_take(c),
            CitadelMove::Place(_) | CitadelMove::Take(_) => {
                Err(MoveError::NotNow(Why::SetupOver.into()))
            }
            _ => {
                self.play_phase()?;
                match mv {
                    CitadelMove::Wall(f) => self.check_wall(f),
                    CitadelMove::Destroy(f, c) => self.check_destroy(f, c),
                    CitadelMove::Recruit(c) => self.check_recruit(c),
                    CitadelMove::Step(a, b) => self.check_step(a, b),
                    CitadelMove::Attack(a, b) => self.check_attack(a, b),
                    CitadelMove::Siege(c) => self.check_siege(c),
                    CitadelMove::End => Ok(()),
                    CitadelMove::Draw => {
                        if self.actions == 0 {
                            Ok(())
                        } else {
                            Err(MoveError::NotNow(Why::DrawBetweenTurns.into()))
                        }
                    }
                    CitadelMove::Place(_) | CitadelMove::Take(_) => unreachable_setup(),
                }
            }
        }
    }

    fn play(&mut self, mv: CitadelMove) -> Result<(), MoveError> {
        self.check(mv)?;
        self.apply(mv);
        Ok(())
    }

    fn play_out(&mut self, rng: &mut crate::rng::Rng, scratch: &mut Vec<CitadelMove>) -> u32 {
        crate::playout::play_out_trusted(self, rng, scratch, Self::apply)
    }

    /// No fixed end: none during the setup and the draft, then turns of play over
    /// twenty (a game between good players is usually decided by then).
    fn progress(&self) -> f32 {
        match self.phase {
            Phase::Playing => (self.turns as f32 / 20.0).min(1.0),
            _ => 0.0,
        }
    }

    fn scores(&self) -> Vec<i32> {
        self.controlled().to_vec()
    }

    fn decided_by_score(&self) -> bool {
        !matches!(self.end, Some(CitadelEnd::Draw))
    }

    fn agreement(&self) -> Option<Self::Move> {
        Some(CitadelMove::Draw)
    }

    fn computer_avoids(&self, mv: CitadelMove) -> bool {
        mv == CitadelMove::Draw
    }

    /// Citadels controlled weigh most; warriors count too (they take citadels), and
    /// so does being near a citadel one does not hold ([`Citadel::closeness`]).
    fn estimate_into(&self, out: &mut Vec<f32>) {
        self.estimate_seats(out)
    }

    /// See [`Citadel::feature_rows`].
    fn features_into(&self, out: &mut Vec<f32>) {
        self.feature_rows(out)
    }

    fn winners(&self) -> Vec<Seat> {
        match self.end {
            None => vec![],
            Some(CitadelEnd::Won(s)) => vec![s],
            Some(CitadelEnd::Draw) => vec![0, 1],
        }
    }

    fn parse_move(&self, text: &str) -> Result<CitadelMove, MoveError> {
        self.parse_action(text)
    }

    fn format_move(&self, mv: CitadelMove) -> String {
        self.format_action(mv)
    }

    fn tally(&self) -> Tally {
        let mut pieces = Vec::new();
        let mut citadels = Vec::new();
        for c in self.cfg.board.cells() {
            if let Some(s) = self.warrior(c) {
                pieces.push((
                    c,
                    PieceInfo {
                        player: s,
                        kind: "warrior",
                        count: None,
                    },
                ));
            }
            if let Some(o) = self.citadel(c) {
                citadels.push((c, o));
            }
        }
        Tally {
            pieces,
            walls: Some(
                (0..self.wall.len() as FaceId)
                    .filter(|&f| self.wall[f as usize])
                    .collect(),
            ),
            marks: vec![("citadels", citadels)],
            ..Default::default()
        }
    }

    fn face_name(&self, face: u16) -> String {
        Citadel::face_name(self, face)
    }

    /// Setup and draft entries are one action; a turn is its actions separated by
    /// spaces (`-` for none), then the turn ends; `draw` ends the game.
    fn play_entry_into(
        &mut self,
        entry: &str,
        out: &mut Vec<CitadelMove>,
    ) -> Result<(), MoveError> {
        self.play_turn_entry(entry, out)
    }

    /// The benchmark's policy: uniform over the legal actions except a draw offer,
    /// for at most [`PLAYOUT_TURNS`] turns of play (random play rarely ends a game).
    fn playout_move(
        &self,
        rng: &mut crate::rng::Rng,
        scratch: &mut Vec<CitadelMove>,
    ) -> Option<CitadelMove> {
        if self.end.is_some() || self.turns >= PLAYOUT_TURNS {
            return None;
        }
        let found = match self.phase {
            Phase::Playing => self.sample_action(rng, scratch),
            Phase::Placing => self.sample_place(rng),
            Phase::Drafting => self.sample_take(rng),
        };
        if found.is_some() {
            return found;
        }
        // The setup and the draft, and the rare miss: the listing, uniform as well.
        scratch.clear();
        self.legal_moves(scratch);
        scratch.retain(|m| *m != CitadelMove::Draw);
        if scratch.is_empty() {
            return None;
        }
        Some(scratch[rng.below(scratch.len() as u32) as usize])
    }

    fn entry_open(&self) -> bool {
        self.phase == Phase::Playing && self.end.is_none() && self.actions > 0
    }

    fn entry_text(&self, actions: &[String]) -> String {
        self.turn_entry_text(actions)
    }
}

fn unreachable_setup() -> Result<(), MoveError> {
    Err(MoveError::NotNow(Why::SetupAction.into()))
}

#[cfg(test)]
mod tests;
