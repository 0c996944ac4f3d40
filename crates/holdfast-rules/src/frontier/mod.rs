//! Frontier: two cities on a field of hexes; forts take the cell they
//! stand on and its neighbours. Modes 1 and 2 build directly (mode 2 adds water and
//! mountains); in mode 3 generals walk out of the cities and build.
//!
//! Modes 1–2: one action a turn (`c3`, or `pass` when no build is legal).
//! Mode 3: orders are actions of their own and [`FrontierMove::End`] ends the turn;
//! a record entry is the turn's orders separated by spaces, or `-` for none.

mod features;
mod orders;
mod playout;
mod terrain;

use std::sync::Arc;

use serde::{Deserialize, Serialize};

use crate::board::{Board, CellId, Terrain};
use crate::game::{CellName, Game, MoveError, PieceInfo, Seat, SetupError, Tally};
use crate::rng::Rng;

pub use crate::reasons::frontier::{ListedAs, SetupWhy, Why};
pub use terrain::preset;

/// The explicit setup (docs/notation.md).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct FrontierSetup {
    pub mode: u8,
    pub width: u16,
    pub height: u16,
    pub cities: Vec<String>,
    pub turns: u16,
    pub water: Vec<String>,
    pub mountains: Vec<String>,
}

impl Default for FrontierSetup {
    fn default() -> Self {
        FrontierSetup {
            mode: 1,
            width: 11,
            height: 9,
            cities: vec!["e2".into(), "e10".into()],
            turns: 20,
            water: vec![],
            mountains: vec![],
        }
    }
}

/// Smallest and largest field sides the rules accept.
pub const MIN_SIDE: u16 = 3;
pub const MAX_SIDE_WIDTH: u16 = 40;
pub const MAX_SIDE_HEIGHT: u16 = 26;
/// Cities stand at least this many cells apart.
pub const CITY_DISTANCE: u32 = 3;

/// A general's order (mode 3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Order {
    /// (a) one step and stop, or (d) from water onto land: `e3-e4`.
    Step(CellId, CellId),
    /// (a) two steps and stop: `e3-e4-e5`.
    Two(CellId, CellId, CellId),
    /// (b) build where it stands: `e3+`.
    Build(CellId),
    /// (c) one step, then build there: `e3-e4+`.
    StepBuild(CellId, CellId),
}

/// One Frontier action.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FrontierMove {
    /// Modes 1–2: build a fort (`c3`).
    Build(CellId),
    /// Modes 1–2, when no build is legal (`pass`).
    Pass,
    /// Mode 3: an order to one general.
    Order(Order),
    /// Mode 3: end the turn (`-` when it is the whole turn).
    End,
}

/// A general on the field (mode 3).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct General {
    pub cell: CellId,
    pub seat: Seat,
    /// Has had its order this turn.
    pub ordered: bool,
}

#[derive(Debug)]
struct Config {
    setup: FrontierSetup,
    board: Board,
    cities: [CellId; 2],
}

const NOBODY: u8 = u8::MAX;

/// What the search's estimate counts a general for while its seat has two turns or
/// more left (see `estimate_into`). Level 3 against random in mode 3, 30 games:
/// 16 won at 0, 30 at 2, 4 and 6 (most cells at 4).
const GENERAL_WORTH: f32 = 4.0;

/// A Frontier position.
#[derive(Debug)]
pub struct Frontier {
    cfg: Arc<Config>,
    owner: Vec<u8>,
    /// The builder of the fort on each cell, if any.
    fort: Vec<u8>,
    generals: Vec<General>,
    to_move: Seat,
    /// Turns used by each seat.
    used: [u16; 2],
    /// Orders given in the turn under way (mode 3).
    orders: u16,
    over: bool,
}

impl Clone for Frontier {
    fn clone(&self) -> Self {
        Frontier {
            cfg: Arc::clone(&self.cfg),
            owner: self.owner.clone(),
            fort: self.fort.clone(),
            generals: self.generals.clone(),
            to_move: self.to_move,
            used: self.used,
            orders: self.orders,
            over: self.over,
        }
    }

    /// Reuses the tables' allocations: playouts reset a position without allocating.
    fn clone_from(&mut self, src: &Self) {
        if !Arc::ptr_eq(&self.cfg, &src.cfg) {
            self.cfg = Arc::clone(&src.cfg);
        }
        self.owner.clone_from(&src.owner);
        self.fort.clone_from(&src.fort);
        self.generals.clone_from(&src.generals);
        self.to_move = src.to_move;
        self.used = src.used;
        self.orders = src.orders;
        self.over = src.over;
    }
}

impl Frontier {
    /// The mode (1, 2 or 3).
    pub fn mode(&self) -> u8 {
        self.cfg.setup.mode
    }

    /// The two cities.
    pub fn cities(&self) -> [CellId; 2] {
        self.cfg.cities
    }

    /// Whose territory a cell is.
    pub fn owner(&self, c: CellId) -> Option<Seat> {
        self.owner.get(c as usize).copied().filter(|&o| o != NOBODY)
    }

    /// Who built the fort on a cell.
    pub fn fort(&self, c: CellId) -> Option<Seat> {
        self.fort.get(c as usize).copied().filter(|&o| o != NOBODY)
    }

    /// The generals on the field.
    pub fn generals(&self) -> &[General] {
        &self.generals
    }

    /// The general on a cell.
    pub fn general_at(&self, c: CellId) -> Option<General> {
        self.generals.iter().copied().find(|g| g.cell == c)
    }

    /// Turns used by a seat, and the turns each has.
    pub fn turns(&self, seat: Seat) -> (u16, u16) {
        (
            self.used.get(seat as usize).copied().unwrap_or(0),
            self.cfg.setup.turns,
        )
    }

    fn city_of(&self, c: CellId) -> Option<Seat> {
        self.cfg
            .cities
            .iter()
            .position(|&x| x == c)
            .map(|s| s as Seat)
    }

    fn name(&self, c: CellId) -> String {
        self.cfg.board.name(c).to_string()
    }

    /// A cell's name for an error, without allocating.
    fn cell_name(&self, c: CellId) -> CellName {
        CellName::new(self.cfg.board.name(c))
    }

    fn plain(&self, c: CellId) -> bool {
        self.cfg.board.terrain(c) == Terrain::Land
    }

    /// Why a fort cannot be built on `c` (any mode's cell conditions).
    /// Why a fort cannot stand on `c` (its place alone), without allocating.
    pub(super) fn site_why(&self, c: CellId) -> Result<(), Why> {
        if !self.plain(c) {
            Err(Why::NotPlain)
        } else if self.city_of(c).is_some() {
            Err(Why::OnCity)
        } else if self.fort(c).is_some() {
            Err(Why::FortStands)
        } else {
            Ok(())
        }
    }

    /// Modes 1–2: why the mover cannot build on `c`.
    fn check_build(&self, c: CellId) -> Result<(), MoveError> {
        if c as usize >= self.owner.len() {
            return Err(MoveError::UnknownCell(c.to_string()));
        }
        self.build_why(c).map_err(|why| MoveError::Cell {
            cell: self.cell_name(c),
            why: why.into(),
        })
    }

    /// [`Frontier::check_build`]'s judgement on a cell of the field, without allocating.
    fn build_why(&self, c: CellId) -> Result<(), Why> {
        self.site_why(c)?;
        let me = self.to_move;
        let reach = self.owner[c as usize] == me
            || self
                .cfg
                .board
                .neighbours(c)
                .iter()
                .any(|&m| self.owner[m as usize] == me);
        if !reach {
            return Err(Why::OutOfReach);
        }
        Ok(())
    }

    /// Modes 1–2: every cell the mover can build on.
    pub fn builds(&self) -> Vec<CellId> {
        self.cfg
            .board
            .cells()
            .filter(|&c| self.build_why(c).is_ok())
            .collect()
    }

    /// Modes 1–2: whether the mover can build anywhere.
    fn can_build(&self) -> bool {
        self.cfg.board.cells().any(|c| self.build_why(c).is_ok())
    }

    /// The fort's effect: the cell and its neighbours change hands, except cities.
    fn raise_fort(&mut self, c: CellId, seat: Seat) {
        self.fort[c as usize] = seat;
        let cfg = Arc::clone(&self.cfg);
        for &m in std::iter::once(&c).chain(cfg.board.neighbours(c)) {
            if self.city_of(m).is_none() {
                self.owner[m as usize] = seat;
            }
        }
    }

    /// Ends the mover's turn: counts it, passes the turn, brings the next general.
    fn end_turn(&mut self) {
        let me = self.to_move as usize;
        self.used[me] += 1;
        self.orders = 0;
        let next = 1 - self.to_move;
        self.to_move = next;
        if self.used.iter().all(|&u| u >= self.cfg.setup.turns) {
            self.over = true;
            return;
        }
        self.start_turn();
    }

    fn start_turn(&mut self) {
        for g in &mut self.generals {
            g.ordered = false;
        }
        if self.cfg.setup.mode == 3 {
            let city = self.cfg.cities[self.to_move as usize];
            if self.general_at(city).is_none() {
                self.generals.push(General {
                    cell: city,
                    seat: self.to_move,
                    ordered: false,
                });
            }
        }
    }

    /// Territory cells of each seat.
    pub fn territory(&self) -> [i32; 2] {
        let mut t = [0i32; 2];
        for &o in &self.owner {
            if o != NOBODY {
                t[o as usize] += 1;
            }
        }
        t
    }
}

impl Frontier {
    /// Plays an action known to be legal (checked, or listed as legal).
    fn apply(&mut self, mv: FrontierMove) {
        match mv {
            FrontierMove::Build(c) => {
                let me = self.to_move;
                self.raise_fort(c, me);
                self.end_turn();
            }
            FrontierMove::Pass | FrontierMove::End => self.end_turn(),
            FrontierMove::Order(o) => self.apply_order(o),
        }
    }
}

impl Game for Frontier {
    type Setup = FrontierSetup;
    type Move = FrontierMove;
    const ID: &'static str = "frontier";

    fn board(&self) -> &Board {
        &self.cfg.board
    }
    const TITLE: &'static str = "Frontier";

    fn variants() -> Vec<(String, FrontierSetup)> {
        (1..=3)
            .map(|m| (format!("mode{m}"), preset(m, 7)))
            .collect()
    }

    fn every_move(&self, out: &mut Vec<FrontierMove>) {
        let b = self.board();
        out.extend([FrontierMove::Pass, FrontierMove::End]);
        for a in b.cells() {
            out.push(FrontierMove::Build(a));
            out.push(FrontierMove::Order(Order::Build(a)));
            for &x in b.neighbours(a) {
                out.push(FrontierMove::Order(Order::Step(a, x)));
                out.push(FrontierMove::Order(Order::StepBuild(a, x)));
                for &y in b.neighbours(x) {
                    out.push(FrontierMove::Order(Order::Two(a, x, y)));
                }
            }
        }
    }

    fn new(setup: &FrontierSetup) -> Result<Self, SetupError> {
        if !(1..=3).contains(&setup.mode) {
            return Err(SetupWhy::Mode(setup.mode).into());
        }
        if !(MIN_SIDE..=MAX_SIDE_WIDTH).contains(&setup.width)
            || !(MIN_SIDE..=MAX_SIDE_HEIGHT).contains(&setup.height)
        {
            return Err(SetupWhy::FieldSize {
                width: setup.width,
                height: setup.height,
                min: MIN_SIDE,
                max_width: MAX_SIDE_WIDTH,
                max_height: MAX_SIDE_HEIGHT,
            }
            .into());
        }
        if setup.turns == 0 {
            return Err(SetupWhy::NoTurns.into());
        }
        let mut board = Board::hex_rect(setup.width, setup.height)?;
        let cell = |n: &str, listed: ListedAs, board: &Board| {
            board.cell(n).ok_or_else(|| {
                SetupError::from(SetupWhy::NotACell {
                    listed,
                    name: n.to_string(),
                    width: setup.width,
                    height: setup.height,
                })
            })
        };
        if setup.cities.len() != 2 {
            return Err(SetupWhy::TwoCities.into());
        }
        let cities = [
            cell(&setup.cities[0], ListedAs::City, &board)?,
            cell(&setup.cities[1], ListedAs::City, &board)?,
        ];
        if board.distance(cities[0], cities[1]) < CITY_DISTANCE {
            return Err(SetupWhy::CitiesNear(CITY_DISTANCE).into());
        }
        if setup.mode == 1 && !(setup.water.is_empty() && setup.mountains.is_empty()) {
            return Err(SetupWhy::Mode1Terrain.into());
        }
        let mut seen = vec![false; board.len()];
        for (list, terrain, listed) in [
            (&setup.water, Terrain::Sea, ListedAs::Water),
            (&setup.mountains, Terrain::Mountain, ListedAs::Mountain),
        ] {
            for n in list {
                let c = cell(n, listed, &board)?;
                if cities.contains(&c) {
                    let n = n.to_string();
                    return Err(match terrain {
                        Terrain::Mountain => SetupWhy::CityAsMountain(n),
                        _ => SetupWhy::CityAsWater(n),
                    }
                    .into());
                }
                if std::mem::replace(&mut seen[c as usize], true) {
                    return Err(SetupWhy::ListedTwice(n.to_string()).into());
                }
                board.set_terrain(c, terrain);
            }
        }
        let n = board.len();
        let mut owner = vec![NOBODY; n];
        for (s, &c) in cities.iter().enumerate() {
            owner[c as usize] = s as u8;
            for &m in board.neighbours(c) {
                owner[m as usize] = s as u8;
            }
        }
        let mut g = Frontier {
            cfg: Arc::new(Config {
                setup: setup.clone(),
                board,
                cities,
            }),
            owner,
            fort: vec![NOBODY; n],
            generals: Vec::new(),
            to_move: 0,
            used: [0; 2],
            orders: 0,
            over: false,
        };
        g.start_turn();
        Ok(g)
    }

    fn setup(&self) -> &FrontierSetup {
        &self.cfg.setup
    }

    fn players(&self) -> usize {
        2
    }

    fn to_move(&self) -> Option<Seat> {
        (!self.over).then_some(self.to_move)
    }

    fn legal_moves(&self, out: &mut Vec<FrontierMove>) {
        if self.over {
            return;
        }
        if self.mode() < 3 {
            let before = out.len();
            for c in self.cfg.board.cells() {
                if self.build_why(c).is_ok() {
                    out.push(FrontierMove::Build(c));
                }
            }
            if out.len() == before {
                out.push(FrontierMove::Pass);
            }
        } else {
            for g in &self.generals {
                out.extend(self.orders_for(g.cell).into_iter().map(FrontierMove::Order));
            }
            if self.check_end().is_ok() {
                out.push(FrontierMove::End);
            }
        }
    }

    fn check(&self, mv: FrontierMove) -> Result<(), MoveError> {
        if self.over {
            return Err(MoveError::GameOver);
        }
        let mode3 = self.mode() == 3;
        match mv {
            FrontierMove::Build(c) if !mode3 => self.check_build(c),
            FrontierMove::Pass if !mode3 => {
                if !self.can_build() {
                    Ok(())
                } else {
                    Err(MoveError::NotNow(Why::CanStillBuild.into()))
                }
            }
            FrontierMove::Order(o) if mode3 => self.check_order(o),
            FrontierMove::End if mode3 => self.check_end(),
            FrontierMove::Build(_) | FrontierMove::Pass => {
                Err(MoveError::NotNow(Why::GeneralsBuild.into()))
            }
            FrontierMove::Order(_) | FrontierMove::End => {
                Err(MoveError::NotNow(Why::GeneralsMode3.into()))
            }
        }
    }

    fn play(&mut self, mv: FrontierMove) -> Result<(), MoveError> {
        self.check(mv)?;
        self.apply(mv);
        Ok(())
    }

    fn play_out(&mut self, rng: &mut Rng, scratch: &mut Vec<FrontierMove>) -> u32 {
        crate::playout::play_out_trusted(self, rng, scratch, Self::apply)
    }

    fn progress(&self) -> f32 {
        (self.used[0] as f32 + self.used[1] as f32) / (2.0 * self.cfg.setup.turns.max(1) as f32)
    }

    /// Mode 3 reads its generals too (`features.rs`).
    fn features_into(&self, out: &mut Vec<f32>) {
        self.features(out)
    }

    /// The three modes play too unlike each other to share a fitted estimate.
    fn model_key(&self) -> &'static str {
        match self.mode() {
            1 => "frontier-mode1",
            2 => "frontier-mode2",
            _ => "frontier-mode3",
        }
    }

    fn scores(&self) -> Vec<i32> {
        self.territory().to_vec()
    }

    /// The territory, plus (mode 3) what each general on the field may still build:
    /// a fort in open ground takes up to seven cells, so a general is worth a few
    /// while its seat has turns left to walk it there. Without this a search builds
    /// every general at once beside its own city, where a fort gains next to nothing.
    fn estimate_into(&self, out: &mut Vec<f32>) {
        let t = self.territory();
        let mut value = [t[0] as f32, t[1] as f32];
        let turns = self.cfg.setup.turns;
        for g in &self.generals {
            let s = (g.seat as usize).min(1);
            let left = turns.saturating_sub(self.used[s]).min(2) as f32;
            value[s] += GENERAL_WORTH * left / 2.0;
        }
        out.clear();
        out.extend(value);
    }

    fn parse_move(&self, text: &str) -> Result<FrontierMove, MoveError> {
        if self.mode() < 3 {
            return match text {
                "pass" => Ok(FrontierMove::Pass),
                t => match self.cfg.board.cell(t) {
                    Some(c) => Ok(FrontierMove::Build(c)),
                    None if !t.is_empty() && t.bytes().all(|b| b.is_ascii_alphanumeric()) => {
                        Err(MoveError::UnknownCell(t.to_string()))
                    }
                    None => Err(MoveError::Unreadable(t.to_string())),
                },
            };
        }
        match text {
            "-" => Ok(FrontierMove::End),
            t => self.parse_order(t).map(FrontierMove::Order),
        }
    }

    fn format_move(&self, mv: FrontierMove) -> String {
        match mv {
            FrontierMove::Build(c) => self.name(c),
            FrontierMove::Pass => "pass".into(),
            FrontierMove::Order(o) => self.format_order(o),
            FrontierMove::End => "-".into(),
        }
    }

    fn tally(&self) -> Tally {
        let mut pieces: Vec<(CellId, PieceInfo)> = Vec::new();
        for (s, &c) in self.cfg.cities.iter().enumerate() {
            pieces.push((
                c,
                PieceInfo {
                    player: s as Seat,
                    kind: "city",
                    count: None,
                },
            ));
        }
        let mut owners = Vec::new();
        for c in self.cfg.board.cells() {
            if let Some(b) = self.fort(c) {
                pieces.push((
                    c,
                    PieceInfo {
                        player: b,
                        kind: "fort",
                        count: None,
                    },
                ));
            }
            if let Some(o) = self.owner(c) {
                owners.push((c, o));
            }
        }
        let generals = self
            .generals
            .iter()
            .map(|g| (g.cell, Some(g.seat)))
            .collect();
        Tally {
            pieces,
            owners: Some(owners),
            marks: vec![("generals", generals)],
            ..Default::default()
        }
    }

    /// Mode 3: a turn is its orders separated by spaces, or `-`; the turn ends after
    /// them. Modes 1–2: one build or `pass`.
    fn play_entry_into(
        &mut self,
        entry: &str,
        out: &mut Vec<FrontierMove>,
    ) -> Result<(), MoveError> {
        let entry = entry.trim();
        if self.mode() < 3 {
            let mv = self.parse_move(entry)?;
            self.play(mv)?;
            out.push(mv);
            return Ok(());
        }
        let mut next = self.clone();
        if entry != "-" {
            if entry.is_empty() {
                return Err(MoveError::Unreadable(entry.to_string()));
            }
            for order in entry.split_whitespace() {
                let o = next.parse_order(order)?;
                next.play(FrontierMove::Order(o))?;
                out.push(FrontierMove::Order(o));
            }
        }
        next.play(FrontierMove::End)?;
        out.push(FrontierMove::End);
        *self = next;
        Ok(())
    }

    /// Uniform over the legal actions, as the default; in mode 3 found by sampling
    /// the generals' candidate orders (a step, a step and build, a build, two steps)
    /// and the end of the turn, falling back to the full listing.
    fn playout_move(&self, rng: &mut Rng, scratch: &mut Vec<FrontierMove>) -> Option<FrontierMove> {
        self.pick_playout(rng, scratch)
    }

    fn entry_open(&self) -> bool {
        self.mode() == 3 && self.orders > 0
    }

    fn entry_text(&self, actions: &[String]) -> String {
        let orders: Vec<&str> = actions
            .iter()
            .map(String::as_str)
            .filter(|a| *a != "-")
            .collect();
        if orders.is_empty() {
            "-".into()
        } else {
            orders.join(" ")
        }
    }
}
