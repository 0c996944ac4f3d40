//! Fortress: place pieces on a map of areas; areas outgunned by the
//! mover's neighbouring pieces are cleared, in chains.

mod checks;
mod classic;
mod fast;
mod field;
pub mod maps;
mod playout;
pub mod regions;
mod setup;

use std::sync::Arc;

use crate::board::{Board, CellId};
use crate::game::{CellName, Game, MoveError, PieceInfo, Seat, SetupError, Tally};
use crate::rng::Rng;

pub use crate::reasons::fortress::{SetupWhy, Why};
pub use classic::{bench as classic_bench, Classic};
pub use maps::{FortressMap, MapInfo, MAPS};
pub use setup::{FortressSetup, RuleSet};

/// One Fortress action.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FortressMove {
    /// Place a piece (`c3`).
    Place(CellId),
    /// Pass (`pass`).
    Pass,
    /// Pie rule (`swap`).
    Swap,
    /// Dice option: attack an enemy area (`xc3`).
    Attack(CellId),
    /// Dice option, after a failed attack: remove one own piece from this area (`-b3`).
    Remove(CellId),
}

/// What an area counts for in the score right now.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Credit {
    /// Held by this seat.
    Held(Seat),
    /// Empty (or, under the 1983 rules, any area) counting for this seat.
    Counts(Seat),
    /// Equal pressure: nobody scores it (1983: *besieged*).
    Tied,
    /// Empty with no piece around it.
    Nobody,
}

/// What happened in the last dice attack, for the screen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DiceRoll {
    pub target: CellId,
    pub attacker_roll: u8,
    pub defender_roll: u8,
    pub attack: u16,
    pub defence: u16,
}

#[derive(Debug)]
struct Config {
    setup: FortressSetup,
    map: FortressMap,
    players: u8,
    limit: Option<u16>,
    rules: RuleSet,
    /// Whether the threat flags are kept: not for two seats under the seed's rules
    /// without dice, whose captures are found from the placement and `unanswered`.
    track: bool,
    /// The tables of the one-loop playout, for maps and rules that have one.
    fast: Option<fast::Compact>,
}

const NONE: u8 = u8::MAX;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
struct Area {
    holder: u8,
    count: u8,
    /// The map's capacity and defence bonus, copied here to keep the hot loop in one array.
    cap: u8,
    bonus: u8,
    /// Each seat's pieces in the neighbouring areas, kept up to date on every change.
    adj: [u16; 4],
    /// Bit `s` set: seat `s` outguns this (held) area right now.
    threat: u8,
}

/// A Fortress position.
#[derive(Debug)]
pub struct Fortress {
    cfg: Arc<Config>,
    areas: Vec<Area>,
    /// How many areas each seat outguns right now (the number of `threat` bits).
    threats: [u16; 4],
    to_move: u8,
    used: [u16; 4],
    passes: u8,
    ply: u32,
    over: bool,
    swapped: bool,
    first_was_place: bool,
    pending: Option<CellId>,
    rng: Rng,
    last_roll: Option<DiceRoll>,
    /// Two seats, seed rules: the placements of `unanswered_seat` that the other seat
    /// has not yet answered with a placement of its own (a placement answers all of
    /// them, so they are always one seat's). With two seats only they, the squares
    /// around a new placement and those around a cleared one can fall to it; more than
    /// `unanswered.len()` of them (`unanswered_len` past it) means a full search.
    unanswered: [CellId; 6],
    unanswered_len: u8,
    unanswered_seat: u8,
}

impl Clone for Fortress {
    fn clone(&self) -> Self {
        Fortress {
            cfg: Arc::clone(&self.cfg),
            areas: self.areas.clone(),
            threats: self.threats,
            to_move: self.to_move,
            used: self.used,
            passes: self.passes,
            ply: self.ply,
            over: self.over,
            swapped: self.swapped,
            first_was_place: self.first_was_place,
            pending: self.pending,
            rng: self.rng,
            last_roll: self.last_roll,
            unanswered: self.unanswered,
            unanswered_len: self.unanswered_len,
            unanswered_seat: self.unanswered_seat,
        }
    }

    /// Reuses the areas' allocation: random playouts reset a position without allocating.
    fn clone_from(&mut self, src: &Self) {
        if !Arc::ptr_eq(&self.cfg, &src.cfg) {
            self.cfg = Arc::clone(&src.cfg);
        }
        self.areas.clone_from(&src.areas);
        self.threats = src.threats;
        self.to_move = src.to_move;
        self.used = src.used;
        self.passes = src.passes;
        self.ply = src.ply;
        self.over = src.over;
        self.swapped = src.swapped;
        self.first_was_place = src.first_was_place;
        self.pending = src.pending;
        self.rng = src.rng;
        self.last_roll = src.last_roll;
        self.unanswered = src.unanswered;
        self.unanswered_len = src.unanswered_len;
        self.unanswered_seat = src.unanswered_seat;
    }
}

impl Fortress {
    /// The map.
    pub fn map(&self) -> &FortressMap {
        &self.cfg.map
    }

    /// Who holds an area, if anyone.
    pub fn holder(&self, c: CellId) -> Option<Seat> {
        let a = self.areas.get(c as usize)?;
        (a.holder != NONE).then_some(a.holder)
    }

    /// Pieces in an area.
    pub fn count(&self, c: CellId) -> u8 {
        self.areas.get(c as usize).map_or(0, |a| a.count)
    }

    /// Moves each player gets, if limited.
    pub fn limit(&self) -> Option<u16> {
        self.cfg.limit
    }

    /// Moves a seat has used.
    pub fn moves_used(&self, seat: Seat) -> u16 {
        self.used.get(seat as usize).copied().unwrap_or(0)
    }

    /// Whether the pie rule's swap has happened: the names on screen trade seats.
    pub fn swapped(&self) -> bool {
        self.swapped
    }

    /// Entries played.
    pub fn ply(&self) -> u32 {
        self.ply
    }

    /// The rule set.
    pub fn rules(&self) -> RuleSet {
        self.cfg.rules
    }

    /// A failed dice attack whose removal is still owed.
    pub fn pending_removal(&self) -> Option<CellId> {
        self.pending
    }

    /// The dice of the last attack, if the last entry was one.
    pub fn last_roll(&self) -> Option<DiceRoll> {
        self.last_roll
    }

    fn name(&self, c: CellId) -> String {
        self.board().name(c).to_string()
    }

    /// A cell's name for an error, without allocating.
    fn cell_name(&self, c: CellId) -> CellName {
        CellName::new(self.board().name(c))
    }

    /// What an area counts for in the score now.
    pub fn credit(&self, c: CellId) -> Credit {
        let players = self.cfg.players as usize;
        let a = &self.areas[c as usize];
        let mut infl = a.adj;
        match self.cfg.rules {
            RuleSet::Seed => {
                if a.holder != NONE {
                    return Credit::Held(a.holder);
                }
            }
            RuleSet::Ssi1983 => {
                if a.holder != NONE {
                    infl[a.holder as usize] += a.count as u16;
                }
            }
        }
        let best = *infl[..players].iter().max().unwrap_or(&0);
        if best == 0 {
            return Credit::Nobody;
        }
        let mut leaders = (0..players).filter(|&s| infl[s] == best);
        let first = leaders.next().unwrap_or(0) as Seat;
        if leaders.next().is_some() {
            Credit::Tied
        } else if a.holder == first {
            Credit::Held(first)
        } else {
            Credit::Counts(first)
        }
    }

    /// Ends the mover's move: counts it, tracks passes, decides the end.
    fn finish_move(&mut self, pass: bool) {
        let seat = self.to_move as usize;
        if self.cfg.limit.is_some() {
            self.used[seat] = self.used[seat].saturating_add(1);
        }
        self.passes = if pass { self.passes + 1 } else { 0 };
        let players = self.cfg.players;
        self.to_move = if self.to_move + 1 >= players {
            0
        } else {
            self.to_move + 1
        };
        let limit_reached = match self.cfg.limit {
            Some(l) => self.used[..players as usize].iter().all(|&u| u >= l),
            None => false,
        };
        if self.passes >= players || limit_reached {
            self.over = true;
        }
    }

    fn roll_attack(&mut self, target: CellId) {
        let mover = self.to_move;
        let attack = self.adjacent_pieces(target, mover);
        let defence = self.defence(target);
        let ar = self.rng.d6();
        let dr = self.rng.d6();
        let (at, de) = (attack + ar as u16, defence + dr as u16);
        self.last_roll = Some(DiceRoll {
            target,
            attacker_roll: ar,
            defender_roll: dr,
            attack: at,
            defence: de,
        });
        if at > de {
            self.remove_pieces(target, u8::MAX);
            self.add_piece(target);
            self.finish_move(false);
        } else if at < de {
            self.pending = Some(target);
        } else {
            self.finish_move(false);
        }
    }
}

impl Game for Fortress {
    type Setup = FortressSetup;
    type Move = FortressMove;
    const ID: &'static str = "fortress";

    fn board(&self) -> &Board {
        &self.cfg.map.board
    }
    const TITLE: &'static str = "Fortress";

    fn variants() -> Vec<(String, FortressSetup)> {
        let on = |map: &str, players: u8| FortressSetup {
            map: map.into(),
            players,
            ..Default::default()
        };
        vec![
            ("classic".into(), FortressSetup::default()),
            (
                "classic-1983".into(),
                FortressSetup {
                    rules: RuleSet::Ssi1983,
                    ..Default::default()
                },
            ),
            ("square-8-3p".into(), on("square-8", 3)),
            ("hex-4p".into(), on("hex", 4)),
            (
                "archipelago-dice".into(),
                FortressSetup {
                    dice: true,
                    seed: 3,
                    ..on("archipelago", 2)
                },
            ),
            (
                "generated-pie".into(),
                FortressSetup {
                    pie: true,
                    seed: 11,
                    ..on("generated", 2)
                },
            ),
        ]
    }

    fn every_move(&self, out: &mut Vec<FortressMove>) {
        out.extend([FortressMove::Pass, FortressMove::Swap]);
        for c in self.board().cells() {
            out.extend([
                FortressMove::Place(c),
                FortressMove::Attack(c),
                FortressMove::Remove(c),
            ]);
        }
    }

    fn new(setup: &FortressSetup) -> Result<Self, SetupError> {
        let map = FortressMap::of_setup(setup)?;
        if !(2..=4).contains(&setup.players) {
            return Err(SetupWhy::Players(setup.players).into());
        }
        let limit = match setup.moves_each {
            None => map.default_limit,
            Some(l) => l,
        };
        if limit == Some(0) {
            return Err(SetupWhy::NoMoves.into());
        }
        if setup.pie && setup.players != 2 {
            return Err(SetupWhy::PieTwoPlayers.into());
        }
        if setup.rules == RuleSet::Ssi1983 {
            if setup.players != 2 {
                return Err(SetupWhy::Rules1983Players.into());
            }
            if setup.map != "classic" {
                return Err(SetupWhy::Rules1983Map.into());
            }
            if !matches!(limit, Some(1..=54)) {
                return Err(SetupWhy::Rules1983Limit.into());
            }
            if setup.dice {
                return Err(SetupWhy::Rules1983Dice.into());
            }
        }
        let areas = (0..map.board.len())
            .map(|c| Area {
                holder: NONE,
                count: 0,
                cap: map.capacity[c],
                bonus: map.defence[c],
                adj: [0; 4],
                threat: 0,
            })
            .collect();
        let track = !(setup.players == 2 && setup.rules == RuleSet::Seed && !setup.dice);
        Ok(Fortress {
            cfg: Arc::new(Config {
                setup: setup.clone(),
                players: setup.players,
                limit,
                rules: setup.rules,
                track,
                fast: if track {
                    None
                } else {
                    fast::Compact::new(&map)
                },
                map,
            }),
            areas,
            threats: [0; 4],
            to_move: 0,
            used: [0; 4],
            passes: 0,
            ply: 0,
            over: false,
            swapped: false,
            first_was_place: false,
            pending: None,
            rng: Rng::new(setup.seed),
            last_roll: None,
            unanswered: [0; 6],
            unanswered_len: 0,
            unanswered_seat: 0,
        })
    }

    fn setup(&self) -> &FortressSetup {
        &self.cfg.setup
    }

    fn players(&self) -> usize {
        self.cfg.players as usize
    }

    fn to_move(&self) -> Option<Seat> {
        (!self.over).then_some(self.to_move)
    }

    fn legal_moves(&self, out: &mut Vec<FortressMove>) {
        if self.over {
            return;
        }
        let board = self.board();
        if let Some(t) = self.pending {
            for &n in board.neighbours(t) {
                if self.areas[n as usize].holder == self.to_move {
                    out.push(FortressMove::Remove(n));
                }
            }
            return;
        }
        for c in board.cells() {
            let a = self.areas[c as usize];
            if (a.holder == NONE || a.holder == self.to_move)
                && a.count < self.cfg.map.capacity[c as usize]
            {
                out.push(FortressMove::Place(c));
            }
        }
        if self.cfg.setup.dice {
            for c in board.cells() {
                if self.check_attack(c).is_ok() {
                    out.push(FortressMove::Attack(c));
                }
            }
        }
        if self.check(FortressMove::Swap).is_ok() {
            out.push(FortressMove::Swap);
        }
        out.push(FortressMove::Pass);
    }

    fn check(&self, mv: FortressMove) -> Result<(), MoveError> {
        if self.over {
            return Err(MoveError::GameOver);
        }
        if let Some(t) = self.pending {
            return match mv {
                FortressMove::Remove(c) => {
                    if (c as usize) < self.areas.len()
                        && self.board().adjacent(t, c)
                        && self.areas[c as usize].holder == self.to_move
                    {
                        Ok(())
                    } else if (c as usize) >= self.areas.len() {
                        Err(MoveError::UnknownCell(c.to_string()))
                    } else {
                        Err(MoveError::Cell {
                            cell: self.cell_name(c),
                            why: Why::RemoveNextTo(self.cell_name(t)).into(),
                        })
                    }
                }
                _ => Err(MoveError::MustRemove {
                    target: self.cell_name(t),
                }),
            };
        }
        match mv {
            FortressMove::Place(c) => self.check_place(c),
            FortressMove::Pass => Ok(()),
            FortressMove::Swap => {
                if self.cfg.setup.pie && self.ply == 1 && self.first_was_place && !self.swapped {
                    Ok(())
                } else {
                    Err(MoveError::NotNow(Why::SwapSecondOnly.into()))
                }
            }
            FortressMove::Attack(c) => self.check_attack(c),
            FortressMove::Remove(_) => Err(MoveError::NotNow(Why::NoFailedAttack.into())),
        }
    }

    fn play(&mut self, mv: FortressMove) -> Result<(), MoveError> {
        self.check(mv)?;
        self.last_roll = None;
        match mv {
            FortressMove::Place(c) => {
                self.add_piece(c);
                if !self.cfg.setup.dice {
                    match self.cfg.rules {
                        RuleSet::Seed if !self.cfg.track => self.capture_two(c),
                        RuleSet::Seed => self.capture_chain(),
                        RuleSet::Ssi1983 => self.clear_1983(),
                    }
                }
                if self.ply == 0 {
                    self.first_was_place = true;
                }
                self.finish_move(false);
            }
            FortressMove::Pass => self.finish_move(true),
            FortressMove::Swap => self.swapped = true,
            FortressMove::Attack(c) => self.roll_attack(c),
            FortressMove::Remove(c) => {
                self.remove_pieces(c, 1);
                self.pending = None;
                self.finish_move(false);
            }
        }
        self.ply += 1;
        Ok(())
    }

    fn computer_avoids(&self, mv: FortressMove) -> bool {
        mv == FortressMove::Swap
    }

    fn colours_traded(&self) -> bool {
        self.swapped
    }

    fn has_chance(&self) -> bool {
        self.cfg.setup.dice
    }

    fn reseed(&mut self, seed: u64) {
        self.rng = Rng::new(seed);
    }

    /// Moves used of all the moves there are; with no limit, plies over twice the
    /// squares.
    fn progress(&self) -> f32 {
        let players = self.cfg.players as usize;
        match self.cfg.limit {
            Some(l) => {
                let used: u32 = self.used[..players.min(4)].iter().map(|&u| u as u32).sum();
                used as f32 / (l as u32 * players as u32).max(1) as f32
            }
            None => (self.ply as f32 / (2 * self.areas.len()).max(1) as f32).min(1.0),
        }
    }

    fn scores(&self) -> Vec<i32> {
        let mut s = Vec::with_capacity(4);
        self.scores_into(&mut s);
        s
    }

    fn scores_into(&self, out: &mut Vec<i32>) {
        out.clear();
        out.resize(self.players(), 0);
        if self.cfg.rules == RuleSet::Seed && out.len() == 2 {
            // Two seats, seed rules: [`Fortress::credit`] in short.
            for (a, &v) in self.areas.iter().zip(&self.cfg.map.value) {
                let seat = if a.holder != NONE {
                    a.holder as usize
                } else if a.adj[0] != a.adj[1] {
                    (a.adj[1] > a.adj[0]) as usize
                } else {
                    continue;
                };
                out[seat & 1] += v as i32;
            }
            return;
        }
        for c in 0..self.areas.len() {
            let v = self.cfg.map.value[c] as i32;
            match self.credit(c as CellId) {
                Credit::Held(p) | Credit::Counts(p) => out[p as usize] += v,
                Credit::Tied | Credit::Nobody => {}
            }
        }
    }

    fn parse_move(&self, text: &str) -> Result<FortressMove, MoveError> {
        let board = self.board();
        match text {
            "pass" => return Ok(FortressMove::Pass),
            "swap" => return Ok(FortressMove::Swap),
            _ => {}
        }
        if let Some(c) = board.cell(text) {
            return Ok(FortressMove::Place(c));
        }
        if let Some(rest) = text.strip_prefix('x') {
            if let Some(c) = board.cell(rest) {
                return Ok(FortressMove::Attack(c));
            }
        }
        if let Some(rest) = text.strip_prefix('-') {
            if let Some(c) = board.cell(rest) {
                return Ok(FortressMove::Remove(c));
            }
        }
        let plain = !text.is_empty()
            && text
                .bytes()
                .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-');
        if plain {
            Err(MoveError::UnknownCell(text.to_string()))
        } else {
            Err(MoveError::Unreadable(text.to_string()))
        }
    }

    fn format_move(&self, mv: FortressMove) -> String {
        match mv {
            FortressMove::Place(c) => self.name(c),
            FortressMove::Pass => "pass".into(),
            FortressMove::Swap => "swap".into(),
            FortressMove::Attack(c) => format!("x{}", self.name(c)),
            FortressMove::Remove(c) => format!("-{}", self.name(c)),
        }
    }

    fn tally(&self) -> Tally {
        let mut pieces = Vec::new();
        let mut owners = Vec::new();
        for c in self.board().cells() {
            let a = self.areas[c as usize];
            if a.holder != NONE && a.count > 0 {
                pieces.push((
                    c,
                    PieceInfo {
                        player: a.holder,
                        kind: "piece",
                        count: Some(a.count as u32),
                    },
                ));
                owners.push((c, a.holder));
            }
        }
        Tally {
            pieces,
            owners: Some(owners),
            ..Default::default()
        }
    }

    fn play_out(&mut self, rng: &mut Rng, scratch: &mut Vec<FortressMove>) -> u32 {
        if self.fast_playout() {
            return self.play_out_two(rng, scratch);
        }
        crate::playout::play_out_by_steps(self, rng, scratch)
    }

    /// The benchmark's policy: a uniform choice among placements (and attacks),
    /// passing only when there is none.
    fn playout_move(&self, rng: &mut Rng, scratch: &mut Vec<FortressMove>) -> Option<FortressMove> {
        self.pick_playout(rng, scratch)
    }
}
