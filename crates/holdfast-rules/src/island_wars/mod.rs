//! Island Wars: 2 to 6 players place barracks, towers and ports on a
//! map of land and water hexes; barracks turn neighbouring land to their colour,
//! towers guard it, ports secure water and open the land beyond it. 12 rounds.
//!
//! Moves: `B:d4`, `T:d4`, `P:d4` place a piece; `d4>e6` move a barracks or port;
//! `pass`.

mod checks;
mod derived;
mod maps;
mod playout;
mod score;

use std::collections::BTreeMap;
use std::sync::Arc;

use serde::{Deserialize, Serialize};

use crate::board::{Board, CellId, Terrain};
use crate::game::{CellName, Game, MoveError, PieceInfo, Seat, SetupError, Tally};
use crate::rng::Rng;

pub use crate::reasons::island_wars::{SetupWhy, Why};
use maps::build_map;
pub use maps::{
    generated, generated_size, generated_with, MapDef, GENERATED_HEIGHT, GENERATED_LAND,
    GENERATED_WIDTH, MAPS,
};

/// The seed's colours, in turn order.
pub const COLOURS: [&str; 6] = [
    "Tan",
    "Dark Green",
    "Pale Green",
    "Orange",
    "Yellow",
    "Pink",
];
/// What the search's estimate adds for each hex a barracks cannot take (see
/// `estimate_into`).
const SAFE_WEIGHT: f32 = 0.5;

/// Each colour's pieces: barracks, defence towers, ports (the seed's table).
pub const SUPPLY: [[u8; 3]; 6] = [
    [3, 2, 2],
    [2, 2, 3],
    [3, 2, 2],
    [3, 1, 3],
    [2, 3, 2],
    [4, 1, 2],
];
/// Rounds in a game.
pub const ROUNDS: u16 = 12;

/// A piece kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    Barracks,
    Tower,
    Port,
}

impl Kind {
    fn index(self) -> usize {
        match self {
            Kind::Barracks => 0,
            Kind::Tower => 1,
            Kind::Port => 2,
        }
    }

    /// The notation letter.
    pub fn letter(self) -> char {
        match self {
            Kind::Barracks => 'B',
            Kind::Tower => 'T',
            Kind::Port => 'P',
        }
    }

    /// The replay output's kind name.
    pub fn name(self) -> &'static str {
        match self {
            Kind::Barracks => "barracks",
            Kind::Tower => "tower",
            Kind::Port => "port",
        }
    }
}

/// The setup: a shipped map by id, or an explicit field.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct IslandSetup {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub map: Option<String>,
    pub players: u8,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub width: Option<u16>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub height: Option<u16>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub water: Vec<String>,
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    pub colours: BTreeMap<String, u8>,
    /// The seed of a generated map (`"map": "generated"`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub seed: Option<u64>,
    /// A generated map's land, in percent of the field (20 to 80; 45 left out).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub land: Option<u8>,
}

impl Default for IslandSetup {
    fn default() -> Self {
        IslandSetup {
            map: None,
            players: 3,
            width: None,
            height: None,
            water: vec![],
            colours: BTreeMap::new(),
            seed: None,
            land: None,
        }
    }
}

/// One Island Wars move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum IslandMove {
    Place(Kind, CellId),
    /// Move the barracks or port on the first cell to the second.
    Move(CellId, CellId),
    Pass,
}

#[derive(Debug)]
struct Config {
    setup: IslandSetup,
    board: Board,
    players: u8,
    /// Per hex: land, and land touching water (where a port may stand).
    land: Vec<bool>,
    coast: Vec<bool>,
    /// 64-bit words a plane, and the land and coast hexes as planes.
    words: usize,
    land_bits: Vec<u64>,
    coast_bits: Vec<u64>,
}

/// The hexes of `set` as a plane of `words` words.
fn bits_of(set: &[bool], words: usize) -> Vec<u64> {
    let mut out = vec![0u64; words];
    for (c, _) in set.iter().enumerate().filter(|(_, &b)| b) {
        out[c / 64] |= 1 << (c % 64);
    }
    out
}

/// The hex of the `r`-th set bit (from 0) of a plane given word by word.
fn nth_bit(words: impl Iterator<Item = u64>, mut r: u32) -> Option<CellId> {
    for (i, mut w) in words.enumerate() {
        let k = w.count_ones();
        if r < k {
            for _ in 0..r {
                w &= w - 1;
            }
            return Some((i * 64 + w.trailing_zeros() as usize) as CellId);
        }
        r -= k;
    }
    None
}

const NONE: u8 = u8::MAX;

/// The bit planes of a position, in order.
mod plane {
    /// Hexes with no piece.
    pub const EMPTY: usize = 0;
    /// Hexes holding a port.
    pub const PORT: usize = 1;
    /// Then, six planes each: hexes of seat `s`'s colour, hexes touching water seat
    /// `s` secures, hexes holding seat `s`'s barracks or port.
    pub const COLOUR: usize = 2;
    pub const NEAR: usize = 8;
    pub const MOVER: usize = 14;
    pub const COUNT: usize = 20;
}

/// A few hexes with new `near` bits (those around a lifted port), on the stack.
struct Changed {
    len: usize,
    cells: [(CellId, u8); 48],
}

impl Default for Changed {
    fn default() -> Self {
        Changed {
            len: 0,
            cells: [(0, 0); 48],
        }
    }
}

impl Changed {
    fn push(&mut self, c: CellId, near: u8) {
        if self.len < self.cells.len() {
            self.cells[self.len] = (c, near);
            self.len += 1;
        }
    }

    /// The new bits of hex `c`, if they changed.
    fn get(&self, c: usize) -> Option<u8> {
        self.cells[..self.len]
            .iter()
            .find(|&&(x, _)| x as usize == c)
            .map(|&(_, v)| v)
    }
}

/// An Island Wars position.
#[derive(Debug)]
pub struct IslandWars {
    cfg: Arc<Config>,
    colour: Vec<u8>,
    /// The piece on each hex: (seat, kind).
    piece: Vec<Option<(u8, Kind)>>,
    /// The seat whose port secures each water hex (`NONE` if none), kept up to date
    /// as ports come and go.
    secured: Vec<u8>,
    /// Per land hex, bit `s` set: it touches water seat `s` secures (kept up to date
    /// with `secured`), so "next to water your ports secure" is one bit test.
    near: Vec<u8>,
    /// Bit planes over the hexes (see [`plane`]), `words` 64-bit words each, kept in
    /// step with `colour`, `piece` and `near` by [`IslandWars::refresh`]: the site rule
    /// for a whole board is then a few word operations.
    planes: Vec<u64>,
    /// Pieces placed so far, by seat and kind.
    placed: [[u8; 3]; 6],
    to_move: Seat,
    turns: u16,
}

impl Clone for IslandWars {
    fn clone(&self) -> Self {
        IslandWars {
            cfg: Arc::clone(&self.cfg),
            colour: self.colour.clone(),
            piece: self.piece.clone(),
            secured: self.secured.clone(),
            near: self.near.clone(),
            planes: self.planes.clone(),
            placed: self.placed,
            to_move: self.to_move,
            turns: self.turns,
        }
    }

    /// Reuses the tables' allocations: playouts reset a position without allocating.
    fn clone_from(&mut self, src: &Self) {
        if !Arc::ptr_eq(&self.cfg, &src.cfg) {
            self.cfg = Arc::clone(&src.cfg);
        }
        self.colour.clone_from(&src.colour);
        self.piece.clone_from(&src.piece);
        self.secured.clone_from(&src.secured);
        self.near.clone_from(&src.near);
        self.planes.clone_from(&src.planes);
        self.placed = src.placed;
        self.to_move = src.to_move;
        self.turns = src.turns;
    }
}

impl IslandWars {
    /// The colour (seat) of a land hex.
    pub fn colour(&self, c: CellId) -> Option<Seat> {
        self.colour.get(c as usize).copied().filter(|&o| o != NONE)
    }

    /// The piece on a hex.
    pub fn piece(&self, c: CellId) -> Option<(Seat, Kind)> {
        self.piece.get(c as usize).copied().flatten()
    }

    /// Each seat's hexes that no barracks can take from it: holding a piece, or
    /// next to the seat's own tower.
    fn safe(&self) -> [u16; 6] {
        let players = (self.cfg.players as usize).min(6);
        let mut safe = [0u16; 6];
        for (c, &s) in self.colour.iter().enumerate() {
            let s = s as usize;
            if s >= players || self.water(c as CellId) {
                continue;
            }
            if self.piece[c].is_some() || self.guarded(c as CellId) {
                safe[s] += 1;
            }
        }
        safe
    }

    /// Pieces of a kind a seat still has in hand.
    pub fn free(&self, seat: Seat, kind: Kind) -> u8 {
        let s = seat as usize % 6;
        SUPPLY[s][kind.index()].saturating_sub(self.placed[s][kind.index()])
    }

    /// The round under way (1-based) and the rounds in all.
    pub fn round(&self) -> (u16, u16) {
        (
            (self.turns / self.cfg.players as u16 + 1).min(ROUNDS),
            ROUNDS,
        )
    }

    fn water(&self, c: CellId) -> bool {
        self.cfg.board.terrain(c) == Terrain::Sea
    }

    /// Who secures a water hex (the owner of a port next to it).
    pub fn secured_by(&self, c: CellId) -> Option<Seat> {
        self.secured_ignoring(c, None)
    }

    fn name(&self, c: CellId) -> String {
        self.cfg.board.name(c).to_string()
    }

    /// A cell's name for an error, without allocating.
    fn cell_name(&self, c: CellId) -> CellName {
        CellName::new(self.cfg.board.name(c))
    }
}

impl IslandWars {
    /// Plays an action known to be legal (checked, or drawn from the legal ones).
    fn apply(&mut self, mv: IslandMove) {
        let me = self.to_move;
        match mv {
            IslandMove::Place(k, c) => {
                self.piece[c as usize] = Some((me, k));
                self.colour[c as usize] = me;
                self.placed[me as usize][k.index()] += 1;
                self.refresh(c);
                if k == Kind::Barracks {
                    self.barracks_effect(c);
                }
                if k == Kind::Port {
                    self.resecure_around(c);
                }
            }
            IslandMove::Move(a, b) => {
                let p = self.piece[a as usize].take();
                self.piece[b as usize] = p;
                self.colour[b as usize] = me;
                self.refresh(a);
                self.refresh(b);
                if matches!(p, Some((_, Kind::Barracks))) {
                    self.barracks_effect(b);
                }
                if matches!(p, Some((_, Kind::Port))) {
                    self.resecure_around(a);
                    self.resecure_around(b);
                }
            }
            IslandMove::Pass => {}
        }
        self.turns += 1;
        self.to_move = (me + 1) % self.cfg.players;
    }
}

impl Game for IslandWars {
    type Setup = IslandSetup;
    type Move = IslandMove;
    const ID: &'static str = "island-wars";

    fn board(&self) -> &Board {
        &self.cfg.board
    }
    const TITLE: &'static str = "Island Wars";

    fn variants() -> Vec<(String, IslandSetup)> {
        let mut v: Vec<(String, IslandSetup)> = [3u8, 6, 2, 4, 5]
            .into_iter()
            .map(|players| {
                let setup = IslandSetup {
                    players,
                    ..Default::default()
                };
                (format!("{players}p"), setup)
            })
            .collect();
        v.push((
            "generated-4p".into(),
            IslandSetup {
                players: 4,
                map: Some("generated".into()),
                seed: Some(5),
                ..Default::default()
            },
        ));
        v
    }

    fn every_move(&self, out: &mut Vec<IslandMove>) {
        out.push(IslandMove::Pass);
        let b = self.board();
        for c in b.cells() {
            for k in [Kind::Barracks, Kind::Tower, Kind::Port] {
                out.push(IslandMove::Place(k, c));
            }
            if self.piece(c).is_some() {
                out.extend(b.cells().map(|to| IslandMove::Move(c, to)));
            }
        }
    }

    fn new(setup: &IslandSetup) -> Result<Self, SetupError> {
        if !(2..=6).contains(&setup.players) {
            return Err(SetupWhy::Players(setup.players).into());
        }
        if let Some(m) = setup
            .map
            .as_ref()
            .and_then(|id| MAPS.iter().find(|d| d.id == id))
        {
            if m.players != setup.players {
                return Err(SetupWhy::MapPlayers {
                    map: m.id,
                    players: m.players,
                }
                .into());
            }
        }
        let (board, colour) = build_map(setup)?;
        let n = board.len();
        let land: Vec<bool> = board
            .cells()
            .map(|c| board.terrain(c) != Terrain::Sea)
            .collect();
        let coast = board
            .cells()
            .map(|c| land[c as usize] && board.neighbours(c).iter().any(|&m| !land[m as usize]))
            .collect::<Vec<bool>>();
        let words = n.div_ceil(64);
        let (land_bits, coast_bits) = (bits_of(&land, words), bits_of(&coast, words));
        let mut g = IslandWars {
            cfg: Arc::new(Config {
                setup: setup.clone(),
                board,
                players: setup.players,
                land,
                coast,
                words,
                land_bits,
                coast_bits,
            }),
            colour,
            piece: vec![None; n],
            secured: vec![NONE; n],
            near: vec![0; n],
            planes: vec![0; plane::COUNT * words],
            placed: [[0; 3]; 6],
            to_move: 0,
            turns: 0,
        };
        for c in 0..n as CellId {
            g.refresh(c);
        }
        Ok(g)
    }

    fn setup(&self) -> &IslandSetup {
        &self.cfg.setup
    }

    fn players(&self) -> usize {
        self.cfg.players as usize
    }

    fn to_move(&self) -> Option<Seat> {
        (self.turns < ROUNDS * self.cfg.players as u16).then_some(self.to_move)
    }

    /// Uniform over the legal actions, as the default: see [`IslandWars::pick_legal`].
    fn playout_move(&self, rng: &mut Rng, scratch: &mut Vec<IslandMove>) -> Option<IslandMove> {
        self.pick_legal(rng, scratch)
    }

    fn legal_moves(&self, out: &mut Vec<IslandMove>) {
        if self.is_over() {
            return;
        }
        let n = self.colour.len();
        let me = self.to_move;
        let kinds = [Kind::Barracks, Kind::Tower, Kind::Port];
        let free = kinds.map(|k| self.free(me, k) > 0);
        for c in 0..n {
            let bits = self.site_bits(c, self.near[c], self.piece[c].is_none());
            for (i, k) in kinds.into_iter().enumerate() {
                let bit = (k == Kind::Port) as u8;
                if free[i] && bits >> bit & 1 != 0 {
                    out.push(IslandMove::Place(k, c as CellId));
                }
            }
        }
        for a in 0..n {
            let (kind, a) = match self.piece[a] {
                Some((s, k)) if s == me && k != Kind::Tower => (k, a as CellId),
                _ => continue,
            };
            let lifted = match kind {
                Kind::Port => self.lifted_near(a),
                _ => Changed::default(),
            };
            let bit = (kind == Kind::Port) as u8;
            for b in 0..n {
                let near = lifted.get(b).unwrap_or(self.near[b]);
                if self.site_bits(b, near, self.piece[b].is_none()) >> bit & 1 != 0 {
                    out.push(IslandMove::Move(a, b as CellId));
                }
            }
        }
        out.push(IslandMove::Pass);
    }

    fn check(&self, mv: IslandMove) -> Result<(), MoveError> {
        if self.is_over() {
            return Err(MoveError::GameOver);
        }
        match mv {
            IslandMove::Place(k, c) => {
                if self.free(self.to_move, k) == 0 {
                    return Err(MoveError::NotNow(Why::NoneLeft(k.name()).into()));
                }
                self.site(k, c, None)
            }
            IslandMove::Move(a, b) => self.check_move(a, b),
            IslandMove::Pass => Ok(()),
        }
    }

    fn play(&mut self, mv: IslandMove) -> Result<(), MoveError> {
        self.check(mv)?;
        self.apply(mv);
        Ok(())
    }

    fn play_out(&mut self, rng: &mut Rng, scratch: &mut Vec<IslandMove>) -> u32 {
        crate::playout::play_out_trusted(self, rng, scratch, Self::apply)
    }

    fn scores(&self) -> Vec<i32> {
        let mut out = Vec::new();
        self.scores_into(&mut out);
        out
    }

    /// The score, plus half a point for each hex of a seat's colour that no
    /// barracks can take from it: one holding a piece, or one next to the seat's
    /// own tower. A search that sees only the score builds on sand.
    fn estimate_into(&self, out: &mut Vec<f32>) {
        let parts = self.all_score_parts();
        let players = (self.cfg.players as usize).min(6);
        let safe = self.safe();
        out.clear();
        out.extend((0..players).map(|s| {
            let (land, water, bonus) = parts[s];
            (land + water + bonus) as f32 + SAFE_WEIGHT * safe[s] as f32
        }));
    }

    fn progress(&self) -> f32 {
        self.turns as f32 / (ROUNDS * self.cfg.players.max(1) as u16) as f32
    }

    /// A seat's score, its hexes no barracks can take ([`Game::estimate_into`]'s
    /// safe hexes), and its free pieces, each over the map's hexes.
    fn features_into(&self, out: &mut Vec<f32>) {
        let parts = self.all_score_parts();
        let players = (self.cfg.players as usize).min(6);
        let safe = self.safe();
        let cells = self.colour.len().max(1) as f32;
        out.clear();
        for s in 0..players {
            let (land, water, bonus) = parts[s];
            let free: u8 = [Kind::Barracks, Kind::Tower, Kind::Port]
                .iter()
                .map(|&k| self.free(s as Seat, k))
                .sum();
            out.extend([
                (land + water + bonus) as f32 / cells,
                safe[s] as f32 / cells,
                free as f32 / cells,
            ]);
        }
    }

    /// Every seat's [`IslandWars::score_parts`] summed.
    fn scores_into(&self, out: &mut Vec<i32>) {
        let parts = self.all_score_parts();
        out.clear();
        out.extend(
            parts[..(self.cfg.players as usize).min(6)]
                .iter()
                .map(|&(l, w, b)| l + w + b),
        );
    }

    fn parse_move(&self, text: &str) -> Result<IslandMove, MoveError> {
        let board = &self.cfg.board;
        let cell = |n: &str| {
            board
                .cell(n)
                .ok_or_else(|| MoveError::UnknownCell(n.to_string()))
        };
        if text == "pass" {
            return Ok(IslandMove::Pass);
        }
        if let Some((k, c)) = text.split_once(':') {
            let kind = match k {
                "B" => Kind::Barracks,
                "T" => Kind::Tower,
                "P" => Kind::Port,
                _ => return Err(MoveError::Unreadable(text.to_string())),
            };
            return Ok(IslandMove::Place(kind, cell(c)?));
        }
        if let Some((a, b)) = text.split_once('>') {
            return Ok(IslandMove::Move(cell(a)?, cell(b)?));
        }
        Err(MoveError::Unreadable(text.to_string()))
    }

    fn format_move(&self, mv: IslandMove) -> String {
        match mv {
            IslandMove::Place(k, c) => format!("{}:{}", k.letter(), self.name(c)),
            IslandMove::Move(a, b) => format!("{}>{}", self.name(a), self.name(b)),
            IslandMove::Pass => "pass".into(),
        }
    }

    fn tally(&self) -> Tally {
        let mut pieces = Vec::new();
        let mut owners = Vec::new();
        let mut secured = Vec::new();
        for c in self.cfg.board.cells() {
            if let Some((s, k)) = self.piece(c) {
                pieces.push((
                    c,
                    PieceInfo {
                        player: s,
                        kind: k.name(),
                        count: None,
                    },
                ));
            }
            if let Some(s) = self.colour(c) {
                owners.push((c, s));
            }
            if let Some(s) = self.secured_by(c) {
                secured.push((c, Some(s)));
            }
        }
        Tally {
            pieces,
            owners: Some(owners),
            marks: vec![("secured", secured)],
            ..Default::default()
        }
    }
}

#[cfg(test)]
mod tests;
