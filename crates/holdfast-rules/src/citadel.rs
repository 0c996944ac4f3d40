//! Citadel (RULES.md §3): warriors, walls and citadels on a Go board.
//!
//! Setup entries: nine neutral citadels placed alternately (`g10`), then the draft
//! (`i9`: the second player picks first; a warrior stands on each citadel taken).
//! Then turns of actions paid from credits (one a controlled citadel): walls
//! (`W:c3`), destroying them (`X:c3/d5`), recruits (`R:e6`), moves (`e6-e7`),
//! attacks (`e6xe7`) and siege captures (`S:e9`). Each action is a move of its own;
//! [`CitadelMove::End`] ends the turn (a record entry joins the turn's actions, `-`
//! for none). `draw` ends the game by agreement.

use std::collections::BTreeMap;
use std::sync::Arc;

use serde::{Deserialize, Serialize};

use crate::board::{Board, CellId};
use crate::game::{Game, MoveError, PieceInfo, Seat, SetupError, Snapshot};

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

/// One Citadel action.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
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
#[derive(Debug, Clone)]
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
                .ok_or_else(|| SetupError(format!("no cell {n}")))
        };
        for &(n, o) in citadels {
            let c = cell(&g, n)?;
            g.citadel[c as usize] = Some(o.unwrap_or(NONE));
            g.citadel_cells.push(c);
        }
        for &(n, s) in warriors {
            let c = cell(&g, n)?;
            if s > 1 {
                return Err(SetupError(format!("bad seat on {n}")));
            }
            g.warrior[c as usize] = s;
        }
        for n in walls {
            let c = cell(&g, n)?;
            let f = g
                .face_of(c)
                .ok_or_else(|| SetupError(format!("no face {n}")))?;
            g.wall[f as usize] = true;
        }
        g.phase = Phase::Playing;
        g.placed = CITADELS as u8;
        g.drafted = (2 * DRAFT_EACH) as u8;
        g.to_move = to_move.min(1);
        g.start_turn();
        Ok(g)
    }

    /// The board.
    pub fn board(&self) -> &Board {
        &self.cfg.board
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

    // --- geometry -------------------------------------------------------------

    /// (column, row from the bottom) of a cell.
    fn xr(&self, c: CellId) -> (i32, i32) {
        let (x, y) = self.cfg.board.coords(c);
        (x as i32, self.cfg.n - 1 - y as i32)
    }

    fn cell_at(&self, x: i32, r: i32) -> Option<CellId> {
        let n = self.cfg.n;
        (x >= 0 && r >= 0 && x < n && r < n).then(|| ((n - 1 - r) * n + x) as CellId)
    }

    /// The face whose bottom-left corner is at (x, r).
    fn face_at(&self, x: i32, r: i32) -> Option<FaceId> {
        let m = self.cfg.n - 1;
        (x >= 0 && r >= 0 && x < m && r < m).then(|| (r * m + x) as FaceId)
    }

    /// The four corner cells of a face.
    pub fn face_cells(&self, f: FaceId) -> [CellId; 4] {
        let m = self.cfg.n - 1;
        let (x, r) = (f as i32 % m, f as i32 / m);
        let c = |dx, dr| self.cell_at(x + dx, r + dr).unwrap_or(0);
        [c(0, 0), c(1, 0), c(0, 1), c(1, 1)]
    }

    /// The face named by its bottom-left corner cell.
    pub fn face_of(&self, corner: CellId) -> Option<FaceId> {
        let (x, r) = self.xr(corner);
        self.face_at(x, r)
    }

    /// The notation name of a face (its bottom-left corner cell).
    pub fn face_name(&self, f: FaceId) -> String {
        self.cfg.board.name(self.face_cells(f)[0]).to_string()
    }

    /// Faces sharing an edge with a face.
    fn face_neighbours(&self, f: FaceId) -> impl Iterator<Item = FaceId> + '_ {
        let m = self.cfg.n - 1;
        let (x, r) = (f as i32 % m, f as i32 / m);
        [(1, 0), (-1, 0), (0, 1), (0, -1)]
            .into_iter()
            .filter_map(move |(dx, dr)| self.face_at(x + dx, r + dr))
    }

    /// Whether a wall covers a cell.
    pub fn covered(&self, c: CellId) -> bool {
        let (x, r) = self.xr(c);
        [(0, 0), (-1, 0), (0, -1), (-1, -1)]
            .into_iter()
            .filter_map(|(dx, dr)| self.face_at(x + dx, r + dr))
            .any(|f| self.wall[f as usize])
    }

    /// Empty: no warrior, no wall over it (an empty citadel cell is empty).
    pub fn is_empty(&self, c: CellId) -> bool {
        self.warrior[c as usize] == NONE && !self.covered(c)
    }

    // --- strengths --------------------------------------------------------------

    /// A wall's strength: 1 + walls on the faces sharing an edge with it.
    pub fn wall_strength(&self, f: FaceId) -> u32 {
        1 + self
            .face_neighbours(f)
            .filter(|&g| self.wall[g as usize])
            .count() as u32
    }

    /// A warrior's strength: 1 + adjacent friendly warriors + 1 on a citadel.
    pub fn strength(&self, c: CellId) -> u32 {
        let Some(s) = self.warrior(c) else { return 0 };
        let friends = self
            .cfg
            .board
            .neighbours(c)
            .iter()
            .filter(|&&m| self.warrior[m as usize] == s)
            .count() as u32;
        1 + friends + u32::from(self.citadel[c as usize].is_some())
    }

    // --- groups and sieges ------------------------------------------------------------

    /// The group (orthogonally connected warriors of one player) containing `c`, and
    /// whether it has an empty neighbour.
    pub fn group(&self, c: CellId) -> (Vec<CellId>, bool) {
        let Some(s) = self.warrior(c) else {
            return (vec![], true);
        };
        let board = &self.cfg.board;
        let mut seen = vec![false; self.warrior.len()];
        let mut group = vec![c];
        seen[c as usize] = true;
        let mut free = false;
        let mut i = 0;
        while i < group.len() {
            let g = group[i];
            i += 1;
            for &m in board.neighbours(g) {
                if self.warrior[m as usize] == s {
                    if !seen[m as usize] {
                        seen[m as usize] = true;
                        group.push(m);
                    }
                } else if self.is_empty(m) {
                    free = true;
                }
            }
        }
        (group, free)
    }

    fn mark_besieged(&mut self) {
        let enemy = 1 - self.to_move;
        let n = self.warrior.len();
        let mut flags = vec![false; n];
        let mut done = vec![false; n];
        for c in 0..n {
            if self.warrior[c] != enemy || done[c] {
                continue;
            }
            let (group, free) = self.group(c as CellId);
            for g in group {
                done[g as usize] = true;
                flags[g as usize] = !free;
            }
        }
        self.besieged = flags;
    }

    /// A citadel controlled by `owner` is surrounded: every neighbour covered by a
    /// wall or holding an enemy warrior, at least one a warrior.
    pub fn citadel_surrounded(&self, c: CellId) -> bool {
        let Some(Some(owner)) = self.citadel(c) else {
            return false;
        };
        let mut warriors = 0;
        for &m in self.cfg.board.neighbours(c) {
            if self.warrior[m as usize] == 1 - owner {
                warriors += 1;
            } else if !self.covered(m) {
                return false;
            }
        }
        warriors > 0
    }

    /// Enemy warriors next to the mover's surrounded citadels: faces touching them are closed to the mover's walls.
    fn siege_warriors(&self) -> Vec<CellId> {
        let me = self.to_move;
        let mut out = Vec::new();
        for &c in &self.citadel_cells {
            if self.citadel(c) == Some(Some(me)) && self.citadel_surrounded(c) {
                out.extend(
                    self.cfg
                        .board
                        .neighbours(c)
                        .iter()
                        .copied()
                        .filter(|&m| self.warrior[m as usize] == 1 - me),
                );
            }
        }
        out
    }

    // --- checks -----------------------------------------------------------------

    fn name(&self, c: CellId) -> String {
        self.cfg.board.name(c).to_string()
    }

    fn cell_ok(&self, c: CellId) -> Result<(), MoveError> {
        if (c as usize) < self.warrior.len() {
            Ok(())
        } else {
            Err(MoveError::UnknownCell(c.to_string()))
        }
    }

    fn fail(&self, c: CellId, why: &str) -> MoveError {
        MoveError::Cell {
            cell: self.name(c),
            why: why.into(),
        }
    }

    fn check_place(&self, c: CellId) -> Result<(), MoveError> {
        self.cell_ok(c)?;
        let (x, r) = self.xr(c);
        let n = self.cfg.n;
        if x < 2 || r < 2 || x > n - 3 || r > n - 3 {
            return Err(self.fail(c, "a citadel must stand at least two cells from every edge"));
        }
        if self.citadel[c as usize].is_some() {
            return Err(self.fail(c, "a citadel already stands there"));
        }
        if self
            .cfg
            .board
            .neighbours(c)
            .iter()
            .any(|&m| self.citadel[m as usize].is_some())
        {
            return Err(self.fail(c, "citadels cannot be next to each other"));
        }
        Ok(())
    }

    fn check_take(&self, c: CellId) -> Result<(), MoveError> {
        self.cell_ok(c)?;
        match self.citadel(c) {
            Some(None) => Ok(()),
            Some(Some(_)) => Err(self.fail(c, "that citadel is already taken")),
            None => Err(self.fail(c, "there is no citadel there")),
        }
    }

    fn pay(&self, cost: u8) -> Result<(), MoveError> {
        if self.credits >= cost {
            Ok(())
        } else {
            Err(MoveError::NotNow(format!(
                "Not enough credits: this costs {cost}, {} left this turn.",
                self.credits
            )))
        }
    }

    fn check_wall(&self, f: FaceId) -> Result<(), MoveError> {
        if f as usize >= self.wall.len() {
            return Err(MoveError::Unreadable(format!("W:{f}")));
        }
        let corner = self.face_cells(f)[0];
        let face = |why: &str| MoveError::Cell {
            cell: format!("face {}", self.name(corner)),
            why: why.into(),
        };
        if self.wall[f as usize] {
            return Err(face("a wall already stands there"));
        }
        let cells = self.face_cells(f);
        if cells
            .iter()
            .any(|&c| self.warrior[c as usize] != NONE || self.citadel[c as usize].is_some())
        {
            return Err(face("a wall cannot cover a warrior or a citadel"));
        }
        let me = self.to_move;
        let board = &self.cfg.board;
        if !cells.iter().any(|&c| {
            board
                .neighbours(c)
                .iter()
                .any(|&m| self.warrior[m as usize] == me)
        }) {
            return Err(face("a wall is built next to one of your warriors"));
        }
        let siege = self.siege_warriors();
        if !siege.is_empty()
            && cells
                .iter()
                .any(|&c| board.neighbours(c).iter().any(|m| siege.contains(m)))
        {
            return Err(face(
                "your citadel is surrounded: no wall next to the warriors besieging it",
            ));
        }
        self.pay(1)
    }

    fn check_destroy(&self, f: FaceId, c: CellId) -> Result<(), MoveError> {
        self.cell_ok(c)?;
        if f as usize >= self.wall.len() || !self.wall[f as usize] {
            return Err(MoveError::NotNow("There is no wall on that face.".into()));
        }
        if self.warrior(c) != Some(self.to_move) {
            return Err(self.fail(c, "destroying a wall needs one of your warriors there"));
        }
        let board = &self.cfg.board;
        if !self.face_cells(f).iter().any(|&k| board.adjacent(k, c)) {
            return Err(self.fail(c, "the warrior must be next to a cell the wall covers"));
        }
        if self.strength(c) < self.wall_strength(f) {
            return Err(self.fail(
                c,
                &format!(
                    "strength {} is less than the wall's {}",
                    self.strength(c),
                    self.wall_strength(f)
                ),
            ));
        }
        self.pay(1)
    }

    fn check_recruit(&self, c: CellId) -> Result<(), MoveError> {
        self.cell_ok(c)?;
        if !self.is_empty(c) {
            return Err(self.fail(c, "a recruit needs an empty cell"));
        }
        let me = self.to_move;
        let board = &self.cfg.board;
        let by_citadel = board
            .neighbours(c)
            .iter()
            .any(|&m| self.citadel(m) == Some(Some(me)) && !self.citadel_surrounded(m));
        if !by_citadel {
            return Err(self.fail(
                c,
                "recruits appear next to a citadel you control (and that is not surrounded)",
            ));
        }
        if self.warrior.iter().filter(|&&w| w != NONE).count() >= MAX_WARRIORS {
            return Err(MoveError::NotNow(format!(
                "The board holds {MAX_WARRIORS} warriors: no more can be recruited."
            )));
        }
        self.pay(2)
    }

    fn check_step(&self, a: CellId, b: CellId) -> Result<(), MoveError> {
        self.cell_ok(a)?;
        self.cell_ok(b)?;
        if self.warrior(a) != Some(self.to_move) {
            return Err(self.fail(a, "none of your warriors stands there"));
        }
        if !self.cfg.board.adjacent(a, b) {
            return Err(self.fail(b, "a warrior moves one cell, orthogonally"));
        }
        if !self.is_empty(b) {
            return Err(self.fail(b, "a warrior moves only onto an empty cell"));
        }
        self.pay(1)
    }

    fn check_attack(&self, a: CellId, b: CellId) -> Result<(), MoveError> {
        self.cell_ok(a)?;
        self.cell_ok(b)?;
        let me = self.to_move;
        if self.warrior(a) != Some(me) {
            return Err(self.fail(a, "none of your warriors stands there"));
        }
        if self.used[a as usize] {
            return Err(self.fail(a, "this warrior was used in an attack this turn"));
        }
        if !self.cfg.board.adjacent(a, b) || self.warrior(b) != Some(1 - me) {
            return Err(self.fail(b, "an attack is on an enemy warrior next to the attacker"));
        }
        let (sa, sb) = (self.strength(a), self.strength(b));
        if sb > sa {
            return Err(self.fail(
                b,
                &format!("its strength {sb} is greater than the attacker's {sa}"),
            ));
        }
        Ok(())
    }

    fn check_siege(&self, c: CellId) -> Result<(), MoveError> {
        self.cell_ok(c)?;
        if self.warrior(c) != Some(1 - self.to_move) || !self.besieged[c as usize] {
            return Err(self.fail(c, "only a warrior of a group surrounded at the start of your turn can be taken by siege"));
        }
        if self.sieges >= SIEGE_LIMIT {
            return Err(MoveError::NotNow(
                "Two warriors have been taken by siege this turn already.".into(),
            ));
        }
        Ok(())
    }

    fn play_phase(&self) -> Result<(), MoveError> {
        match self.phase {
            Phase::Playing => Ok(()),
            Phase::Placing => Err(MoveError::NotNow("Citadels are still being placed.".into())),
            Phase::Drafting => Err(MoveError::NotNow(
                "Citadels are still being drafted.".into(),
            )),
        }
    }

    // --- effects ----------------------------------------------------------------

    fn start_turn(&mut self) {
        self.credits = self.controlled()[self.to_move as usize].clamp(0, 255) as u8;
        self.sieges = 0;
        self.actions = 0;
        self.used.iter_mut().for_each(|u| *u = false);
        self.mark_besieged();
    }

    fn remove(&mut self, c: CellId) {
        self.warrior[c as usize] = NONE;
        self.used[c as usize] = false;
    }

    fn check_win(&mut self) {
        let [a, b] = self.controlled();
        if a >= b + 2 {
            self.end = Some(CitadelEnd::Won(0));
        } else if b >= a + 2 {
            self.end = Some(CitadelEnd::Won(1));
        }
    }

    /// Every legal action of the seat to move (for tests, playouts and the screen).
    fn all_candidates(&self) -> Vec<CitadelMove> {
        let board = &self.cfg.board;
        let mut v = Vec::new();
        match self.phase {
            Phase::Placing => v.extend(board.cells().map(CitadelMove::Place)),
            Phase::Drafting => v.extend(board.cells().map(CitadelMove::Take)),
            Phase::Playing => {
                v.push(CitadelMove::End);
                v.push(CitadelMove::Draw);
                for f in 0..self.wall.len() as FaceId {
                    if self.wall[f as usize] {
                        let mut around: Vec<CellId> = self
                            .face_cells(f)
                            .iter()
                            .flat_map(|&c| board.neighbours(c).iter().copied())
                            .filter(|&m| self.warrior[m as usize] == self.to_move)
                            .collect();
                        around.sort_unstable();
                        around.dedup();
                        v.extend(around.into_iter().map(|m| CitadelMove::Destroy(f, m)));
                    } else {
                        v.push(CitadelMove::Wall(f));
                    }
                }
                for c in board.cells() {
                    v.push(CitadelMove::Recruit(c));
                    if self.warrior[c as usize] == self.to_move {
                        for &m in board.neighbours(c) {
                            v.push(CitadelMove::Step(c, m));
                            v.push(CitadelMove::Attack(c, m));
                        }
                    }
                    if self.besieged[c as usize] {
                        v.push(CitadelMove::Siege(c));
                    }
                }
            }
        }
        v
    }
}

impl Game for Citadel {
    type Setup = CitadelSetup;
    type Move = CitadelMove;
    const ID: &'static str = "citadel";
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
            return Err(SetupError(format!(
                "Citadel is played on a 19x19 or a 13x13 board, not {}x{}",
                setup.size, setup.size
            )));
        }
        let board = Board::square(setup.size, setup.size).map_err(|e| SetupError(e.to_string()))?;
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
            CitadelMove::Place(_) | CitadelMove::Take(_) => Err(MoveError::NotNow(
                "That belongs to the setup, which is over.".into(),
            )),
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
                            Err(MoveError::NotNow("A draw is agreed between turns.".into()))
                        }
                    }
                    CitadelMove::Place(_) | CitadelMove::Take(_) => unreachable_setup(),
                }
            }
        }
    }

    fn play(&mut self, mv: CitadelMove) -> Result<(), MoveError> {
        self.check(mv)?;
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
                self.credits -= 2;
            }
            CitadelMove::Step(a, b) => {
                self.warrior[b as usize] = me;
                self.used[b as usize] = self.used[a as usize];
                self.remove(a);
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
                let friends: Vec<CellId> = self
                    .cfg
                    .board
                    .neighbours(a)
                    .iter()
                    .copied()
                    .filter(|&m| self.warrior[m as usize] == me)
                    .collect();
                for f in friends {
                    self.used[f as usize] = true;
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
                return Ok(());
            }
            CitadelMove::Draw => {
                self.end = Some(CitadelEnd::Draw);
                return Ok(());
            }
        }
        if playing {
            self.actions += 1;
        }
        Ok(())
    }

    fn scores(&self) -> Vec<i32> {
        self.controlled().to_vec()
    }

    fn winners(&self) -> Vec<Seat> {
        match self.end {
            None => vec![],
            Some(CitadelEnd::Won(s)) => vec![s],
            Some(CitadelEnd::Draw) => vec![0, 1],
        }
    }

    fn parse_move(&self, text: &str) -> Result<CitadelMove, MoveError> {
        let board = &self.cfg.board;
        let cell = |n: &str| {
            board
                .cell(n)
                .ok_or_else(|| MoveError::UnknownCell(n.to_string()))
        };
        let face = |n: &str| -> Result<FaceId, MoveError> {
            let c = cell(n)?;
            self.face_of(c).ok_or_else(|| MoveError::Cell {
                cell: n.to_string(),
                why: "no face has that corner".into(),
            })
        };
        match self.phase {
            Phase::Placing => return cell(text).map(CitadelMove::Place),
            Phase::Drafting => return cell(text).map(CitadelMove::Take),
            Phase::Playing => {}
        }
        if text == "-" {
            return Ok(CitadelMove::End);
        }
        if text == "draw" {
            return Ok(CitadelMove::Draw);
        }
        if let Some(f) = text.strip_prefix("W:") {
            return face(f).map(CitadelMove::Wall);
        }
        if let Some(rest) = text.strip_prefix("X:") {
            let (f, c) = rest
                .split_once('/')
                .ok_or_else(|| MoveError::Unreadable(text.to_string()))?;
            return Ok(CitadelMove::Destroy(face(f)?, cell(c)?));
        }
        if let Some(c) = text.strip_prefix("R:") {
            return cell(c).map(CitadelMove::Recruit);
        }
        if let Some(c) = text.strip_prefix("S:") {
            return cell(c).map(CitadelMove::Siege);
        }
        if let Some((a, b)) = text.split_once('x') {
            if board.cell(a).is_some() {
                return Ok(CitadelMove::Attack(cell(a)?, cell(b)?));
            }
        }
        if let Some((a, b)) = text.split_once('-') {
            return Ok(CitadelMove::Step(cell(a)?, cell(b)?));
        }
        Err(MoveError::Unreadable(text.to_string()))
    }

    fn format_move(&self, mv: CitadelMove) -> String {
        let n = |c: CellId| self.name(c);
        match mv {
            CitadelMove::Place(c) | CitadelMove::Take(c) => n(c),
            CitadelMove::Wall(f) => format!("W:{}", self.face_name(f)),
            CitadelMove::Destroy(f, c) => format!("X:{}/{}", self.face_name(f), n(c)),
            CitadelMove::Recruit(c) => format!("R:{}", n(c)),
            CitadelMove::Step(a, b) => format!("{}-{}", n(a), n(b)),
            CitadelMove::Attack(a, b) => format!("{}x{}", n(a), n(b)),
            CitadelMove::Siege(c) => format!("S:{}", n(c)),
            CitadelMove::End => "-".into(),
            CitadelMove::Draw => "draw".into(),
        }
    }

    fn snapshot(&self) -> Snapshot {
        let mut pieces = BTreeMap::new();
        let mut citadels = serde_json::Map::new();
        for c in self.cfg.board.cells() {
            if let Some(s) = self.warrior(c) {
                pieces.insert(
                    self.name(c),
                    PieceInfo {
                        player: s,
                        kind: "warrior",
                        count: None,
                    },
                );
            }
            if let Some(o) = self.citadel(c) {
                citadels.insert(self.name(c), serde_json::json!(o));
            }
        }
        let mut walls: Vec<String> = (0..self.wall.len() as FaceId)
            .filter(|&f| self.wall[f as usize])
            .map(|f| self.face_name(f))
            .collect();
        walls.sort();
        let mut extra = serde_json::Map::new();
        extra.insert("citadels".into(), serde_json::Value::Object(citadels));
        extra.insert("walls".into(), serde_json::json!(walls));
        Snapshot {
            pieces,
            owners: None,
            extra,
        }
    }

    /// Setup and draft entries are one action; a turn is its actions separated by
    /// spaces (`-` for none), then the turn ends; `draw` ends the game.
    fn play_entry(&mut self, entry: &str) -> Result<(), MoveError> {
        let entry = entry.trim();
        if self.phase != Phase::Playing || entry == "draw" {
            let mv = self.parse_move(entry)?;
            return self.play(mv);
        }
        if entry.is_empty() {
            return Err(MoveError::Unreadable(entry.to_string()));
        }
        let mut next = self.clone();
        if entry != "-" {
            for a in entry.split_whitespace() {
                if next.end.is_some() {
                    // The win ended the turn: nothing may follow it.
                    return Err(MoveError::GameOver);
                }
                let mv = next.parse_move(a)?;
                if matches!(mv, CitadelMove::End | CitadelMove::Draw) {
                    return Err(MoveError::Unreadable(entry.to_string()));
                }
                next.play(mv)?;
            }
            if next.end.is_some() {
                *self = next;
                return Ok(());
            }
        }
        next.play(CitadelMove::End)?;
        *self = next;
        Ok(())
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
        let a: Vec<&str> = actions
            .iter()
            .map(String::as_str)
            .filter(|a| *a != "-")
            .collect();
        if a.is_empty() {
            "-".into()
        } else {
            a.join(" ")
        }
    }
}

fn unreachable_setup() -> Result<(), MoveError> {
    Err(MoveError::NotNow("That belongs to the setup.".into()))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The standard test setup (see tests/citadel.rs), Orange to play.
    fn start() -> Citadel {
        let mut g = Citadel::new(&CitadelSetup { size: 13 }).unwrap();
        for e in [
            "c3", "c7", "c11", "g3", "g7", "g11", "k3", "k7", "k11", "g7", "c3", "k11", "c7", "k7",
            "g3",
        ] {
            g.play_entry(e).unwrap();
        }
        g
    }

    fn c(g: &Citadel, n: &str) -> CellId {
        g.board().cell(n).unwrap()
    }

    fn put(g: &mut Citadel, seat: Seat, cells: &[&str]) {
        for n in cells {
            let x = c(g, n);
            g.warrior[x as usize] = seat;
        }
    }

    #[test]
    fn sieges_bite_groups_surrounded_at_the_start_of_the_turn() {
        let mut g = start();
        // Blue's pair e5-e6 walled in by Orange warriors.
        put(&mut g, 1, &["e5", "e6", "j5"]);
        put(
            &mut g,
            0,
            &["d5", "f5", "e4", "d6", "f6", "e7", "i5", "k5", "j4", "j6"],
        );
        g.start_turn();
        assert!(g.besieged(c(&g, "e5")) && g.besieged(c(&g, "e6")) && g.besieged(c(&g, "j5")));
        assert!(!g.besieged(c(&g, "g7")), "Blue's g7 has free neighbours");
        g.play(CitadelMove::Siege(c(&g, "e5"))).unwrap();
        // Taking the first does not spare the second, though it now has a liberty.
        let (_, free) = g.group(c(&g, "e6"));
        assert!(free);
        g.play(CitadelMove::Siege(c(&g, "e6"))).unwrap();
        assert_eq!(g.warrior(c(&g, "e6")), None);
        // Two a turn at most.
        assert!(g.check(CitadelMove::Siege(c(&g, "j5"))).is_err());
        assert_eq!(g.credits(), 3, "sieges are free");
        // A group surrounded only during the turn does not bite until the next one.
        let mut g = start();
        put(&mut g, 1, &["e5"]);
        put(&mut g, 0, &["d5", "f5", "e4"]);
        g.start_turn();
        assert!(!g.besieged(c(&g, "e5")));
        put(&mut g, 0, &["e6"]);
        assert!(g.check(CitadelMove::Siege(c(&g, "e5"))).is_err());
    }

    #[test]
    fn a_surrounded_citadel_recruits_nothing_and_walls_stay_away() {
        let mut g = start();
        // Blue warriors on every side of Orange's c7.
        put(&mut g, 1, &["b7", "d7", "c6", "c8"]);
        g.start_turn();
        let c7 = c(&g, "c7");
        assert!(g.citadel_surrounded(c7));
        assert!(g.check(CitadelMove::Recruit(c(&g, "c6"))).is_err());
        // Face d8 (d8 e8 d9 e9) is next to Orange's f8 and would be legal, but its
        // corner d8 touches d7, a warrior besieging the citadel: closed.
        put(&mut g, 0, &["f8"]);
        let d8 = g.face_of(c(&g, "d8")).unwrap();
        assert!(g
            .check_wall(d8)
            .unwrap_err()
            .to_string()
            .contains("surrounded"));
        // A wall or an empty side means not surrounded.
        let d7 = c(&g, "d7");
        g.warrior[d7 as usize] = NONE;
        assert!(!g.citadel_surrounded(c7));
    }

    #[test]
    fn at_most_a_hundred_warriors() {
        let mut g = start();
        let mut n = g.warrior.iter().filter(|&&w| w != NONE).count();
        for cell in 0..g.warrior.len() {
            if n >= MAX_WARRIORS {
                break;
            }
            let x = cell as CellId;
            let (col, _) = g.xr(x);
            if g.warrior[cell] == NONE && g.citadel[cell].is_none() && col >= 4 {
                g.warrior[cell] = 1;
                n += 1;
            }
        }
        assert_eq!(n, MAX_WARRIORS);
        let e = g.check(CitadelMove::Recruit(c(&g, "c4"))).unwrap_err();
        assert!(e.to_string().contains("100 warriors"), "{e}");
    }
}
