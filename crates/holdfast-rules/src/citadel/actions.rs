//! Citadel's actions: why each is refused, the effects playing them has on the
//! turn, and the list of candidate actions the legal moves are drawn from.

use crate::board::CellId;
use crate::game::{CellName, MoveError, Unit};

use super::{
    Citadel, CitadelEnd, CitadelMove, FaceId, Phase, Why, MAX_WARRIORS, NONE, SIEGE_LIMIT,
};

impl Citadel {
    // --- checks -----------------------------------------------------------------

    pub(super) fn name(&self, c: CellId) -> String {
        self.cfg.board.name(c).to_string()
    }

    fn cell_ok(&self, c: CellId) -> Result<(), MoveError> {
        if (c as usize) < self.warrior.len() {
            Ok(())
        } else {
            Err(MoveError::UnknownCell(c.to_string()))
        }
    }

    fn fail(&self, c: CellId, why: Why) -> MoveError {
        MoveError::Cell {
            cell: CellName::new(self.cfg.board.name(c)),
            why: why.into(),
        }
    }

    pub(super) fn check_place(&self, c: CellId) -> Result<(), MoveError> {
        self.cell_ok(c)?;
        match self.place_refusal(c) {
            Some(why) => Err(self.fail(c, why)),
            None => Ok(()),
        }
    }

    /// Why a citadel cannot be placed on `c` (a cell of the board), if it cannot:
    /// [`Citadel::check_place`]'s test without making an error, for the playouts.
    pub(super) fn place_refusal(&self, c: CellId) -> Option<Why> {
        let (x, r) = self.xr(c);
        let n = self.cfg.n;
        if x < 2 || r < 2 || x > n - 3 || r > n - 3 {
            return Some(Why::NearEdge);
        }
        if self.citadel[c as usize].is_some() {
            return Some(Why::CitadelStands);
        }
        if self
            .cfg
            .board
            .neighbours(c)
            .iter()
            .any(|&m| self.citadel[m as usize].is_some())
        {
            return Some(Why::CitadelsAdjacent);
        }
        None
    }

    pub(super) fn check_take(&self, c: CellId) -> Result<(), MoveError> {
        self.cell_ok(c)?;
        match self.citadel(c) {
            Some(None) => Ok(()),
            Some(Some(_)) => Err(self.fail(c, Why::AlreadyTaken)),
            None => Err(self.fail(c, Why::NoCitadel)),
        }
    }

    fn pay(&self, cost: u8) -> Result<(), MoveError> {
        if self.credits >= cost {
            Ok(())
        } else {
            Err(MoveError::Cost {
                cost: cost as u32,
                left: self.credits as u32,
                unit: Unit::Credit,
            })
        }
    }

    pub(super) fn check_wall(&self, f: FaceId) -> Result<(), MoveError> {
        if f as usize >= self.wall.len() {
            return Err(MoveError::Unreadable(format!("W:{f}")));
        }
        let corner = self.face_cells(f)[0];
        let face = |why: Why| MoveError::Face {
            corner: CellName::new(self.cfg.board.name(corner)),
            why: why.into(),
        };
        if self.wall[f as usize] {
            return Err(face(Why::WallStands));
        }
        let cells = self.face_cells(f);
        if cells
            .iter()
            .any(|&c| self.warrior[c as usize] != NONE || self.citadel[c as usize].is_some())
        {
            return Err(face(Why::WallCovers));
        }
        let me = self.to_move;
        let board = &self.cfg.board;
        if !cells.iter().any(|&c| {
            board
                .neighbours(c)
                .iter()
                .any(|&m| self.warrior[m as usize] == me)
        }) {
            return Err(face(Why::WallNearWarrior));
        }
        if cells
            .iter()
            .any(|&c| board.neighbours(c).iter().any(|&m| self.siege_warrior(m)))
        {
            return Err(face(Why::WallBesieged));
        }
        self.pay(1)
    }

    pub(super) fn check_destroy(&self, f: FaceId, c: CellId) -> Result<(), MoveError> {
        self.cell_ok(c)?;
        if f as usize >= self.wall.len() || !self.wall[f as usize] {
            return Err(MoveError::NotNow(Why::NoWall.into()));
        }
        if self.warrior(c) != Some(self.to_move) {
            return Err(self.fail(c, Why::DestroyNeedsWarrior));
        }
        let board = &self.cfg.board;
        if !self.face_cells(f).iter().any(|&k| board.adjacent(k, c)) {
            return Err(self.fail(c, Why::DestroyNotNext));
        }
        if self.strength(c) < self.wall_strength(f) {
            return Err(self.fail(
                c,
                Why::WeakerThanWall {
                    strength: self.strength(c),
                    wall: self.wall_strength(f),
                },
            ));
        }
        self.pay(1)
    }

    pub(super) fn check_recruit(&self, c: CellId) -> Result<(), MoveError> {
        self.cell_ok(c)?;
        if !self.is_empty(c) {
            return Err(self.fail(c, Why::RecruitNeedsEmpty));
        }
        let me = self.to_move;
        let board = &self.cfg.board;
        let by_citadel = board
            .neighbours(c)
            .iter()
            .any(|&m| self.citadel(m) == Some(Some(me)) && !self.citadel_surrounded(m));
        if !by_citadel {
            return Err(self.fail(c, Why::RecruitNearCitadel));
        }
        if self.warrior.iter().filter(|&&w| w != NONE).count() >= MAX_WARRIORS {
            return Err(MoveError::NotNow(
                Why::BoardFull {
                    warriors: MAX_WARRIORS as u32,
                }
                .into(),
            ));
        }
        self.pay(2)
    }

    pub(super) fn check_step(&self, a: CellId, b: CellId) -> Result<(), MoveError> {
        self.cell_ok(a)?;
        self.cell_ok(b)?;
        if self.warrior(a) != Some(self.to_move) {
            return Err(self.fail(a, Why::NoWarrior));
        }
        if !self.cfg.board.adjacent(a, b) {
            return Err(self.fail(b, Why::StepOrthogonal));
        }
        if !self.is_empty(b) {
            return Err(self.fail(b, Why::StepOntoEmpty));
        }
        self.pay(1)
    }

    pub(super) fn check_attack(&self, a: CellId, b: CellId) -> Result<(), MoveError> {
        self.cell_ok(a)?;
        self.cell_ok(b)?;
        let me = self.to_move;
        if self.warrior(a) != Some(me) {
            return Err(self.fail(a, Why::NoWarrior));
        }
        if self.used[a as usize] {
            return Err(self.fail(a, Why::WarriorUsed));
        }
        if !self.cfg.board.adjacent(a, b) || self.warrior(b) != Some(1 - me) {
            return Err(self.fail(b, Why::AttackEnemyNext));
        }
        let (sa, sb) = (self.strength(a), self.strength(b));
        if sb > sa {
            return Err(self.fail(
                b,
                Why::Stronger {
                    strength: sb,
                    attacker: sa,
                },
            ));
        }
        Ok(())
    }

    pub(super) fn check_siege(&self, c: CellId) -> Result<(), MoveError> {
        self.cell_ok(c)?;
        if self.warrior(c) != Some(1 - self.to_move) || !self.besieged[c as usize] {
            return Err(self.fail(c, Why::SiegeSurrounded));
        }
        if self.sieges >= SIEGE_LIMIT {
            return Err(MoveError::NotNow(Why::SiegeLimit.into()));
        }
        Ok(())
    }

    pub(super) fn play_phase(&self) -> Result<(), MoveError> {
        match self.phase {
            Phase::Playing => Ok(()),
            Phase::Placing => Err(MoveError::NotNow(Why::Placing.into())),
            Phase::Drafting => Err(MoveError::NotNow(Why::Drafting.into())),
        }
    }

    // --- effects ----------------------------------------------------------------

    pub(super) fn start_turn(&mut self) {
        self.credits = self.controlled()[self.to_move as usize].clamp(0, 255) as u8;
        self.sieges = 0;
        self.actions = 0;
        self.used.iter_mut().for_each(|u| *u = false);
        self.mark_besieged();
    }

    /// Lists each seat's warriors afresh (after a position is built from parts).
    pub(super) fn rebuild_army(&mut self) {
        for (s, army) in self.army.iter_mut().enumerate() {
            army.clear();
            army.extend(
                (0..self.warrior.len() as CellId).filter(|&c| self.warrior[c as usize] == s as u8),
            );
        }
    }

    pub(super) fn remove(&mut self, c: CellId) {
        let s = self.warrior[c as usize];
        if let Some(army) = self.army.get_mut(s as usize) {
            if let Some(i) = army.iter().position(|&x| x == c) {
                army.swap_remove(i);
            }
        }
        self.warrior[c as usize] = NONE;
        self.used[c as usize] = false;
    }

    pub(super) fn check_win(&mut self) {
        let [a, b] = self.controlled();
        if a >= b + 2 {
            self.end = Some(CitadelEnd::Won(0));
        } else if b >= a + 2 {
            self.end = Some(CitadelEnd::Won(1));
        }
    }

    /// Every legal action of the seat to move (for tests, playouts and the screen).
    /// Every action that might be legal here, each once: a superset of the legal ones
    /// that `legal_moves` filters with `check`. In play only what is near the
    /// mover's warriors and citadels is a candidate (a wall goes next to an own warrior,
    /// a recruit next to an own citadel), and nothing the credits left cannot pay for.
    pub(super) fn all_candidates(&self) -> Vec<CitadelMove> {
        let board = &self.cfg.board;
        let mut v = Vec::with_capacity(128);
        match self.phase {
            Phase::Placing => v.extend(board.cells().map(CitadelMove::Place)),
            Phase::Drafting => v.extend(board.cells().map(CitadelMove::Take)),
            Phase::Playing => {
                v.push(CitadelMove::End);
                v.push(CitadelMove::Draw);
                // Walls, destroys and steps cost a credit, recruits two.
                let (one, two) = (self.credits >= 1, self.credits >= 2);
                let me = self.to_move;
                // On the stack (no allocation a listing) for boards up to 19x19.
                let (faces, points) = (
                    if one { self.wall.len() } else { 0 },
                    if two { board.len() } else { 0 },
                );
                let (mut face_buf, mut point_buf) = ([false; 19 * 19], [false; 19 * 19]);
                let (mut face_vec, mut point_vec) = (Vec::new(), Vec::new());
                let near_face: &mut [bool] = match face_buf.get_mut(..faces) {
                    Some(b) => b,
                    None => {
                        face_vec.resize(faces, false);
                        &mut face_vec
                    }
                };
                let near_citadel: &mut [bool] = match point_buf.get_mut(..points) {
                    Some(b) => b,
                    None => {
                        point_vec.resize(points, false);
                        &mut point_vec
                    }
                };
                if two {
                    for &c in &self.citadel_cells {
                        if self.citadel(c) == Some(Some(me)) {
                            for &m in board.neighbours(c) {
                                near_citadel[m as usize] = true;
                            }
                        }
                    }
                }
                for c in board.cells() {
                    // Only warriors are besieged, and most points are empty.
                    let w = self.warrior[c as usize];
                    if w == NONE {
                        continue;
                    }
                    if self.besieged[c as usize] {
                        v.push(CitadelMove::Siege(c));
                    }
                    if w != me {
                        continue;
                    }
                    for &m in board.neighbours(c) {
                        // Steps go to points with no warrior, attacks (by a warrior not
                        // yet used) on enemy warriors.
                        let there = self.warrior[m as usize];
                        if one {
                            if there == NONE {
                                v.push(CitadelMove::Step(c, m));
                            }
                            for f in self.faces_around(m) {
                                near_face[f as usize] = true;
                            }
                        }
                        if there == 1 - me && !self.used[c as usize] {
                            v.push(CitadelMove::Attack(c, m));
                        }
                    }
                }
                for (f, _) in near_face.iter().enumerate().filter(|(_, &near)| near) {
                    let f = f as FaceId;
                    if self.wall[f as usize] {
                        let mut around: Vec<CellId> = self
                            .face_cells(f)
                            .iter()
                            .flat_map(|&c| board.neighbours(c).iter().copied())
                            .filter(|&m| self.warrior[m as usize] == me)
                            .collect();
                        crate::board::sort_small(&mut around);
                        around.dedup();
                        v.extend(around.into_iter().map(|m| CitadelMove::Destroy(f, m)));
                    } else if self.face_cells(f).iter().all(|&k| {
                        self.warrior[k as usize] == NONE && self.citadel[k as usize].is_none()
                    }) {
                        // A wall covers no warrior and no citadel.
                        v.push(CitadelMove::Wall(f));
                    }
                }
                v.extend(
                    near_citadel
                        .iter()
                        .enumerate()
                        .filter(|(_, &near)| near)
                        .map(|(c, _)| CitadelMove::Recruit(c as CellId)),
                );
            }
        }
        v
    }
}
