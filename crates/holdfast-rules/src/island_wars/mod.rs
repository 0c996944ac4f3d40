//! Island Wars: 2 to 6 players place barracks, towers and ports on a
//! map of land and water hexes; barracks turn neighbouring land to their colour,
//! towers guard it, ports secure water and open the land beyond it. 12 rounds.
//!
//! Moves: `B:d4`, `T:d4`, `P:d4` place a piece; `d4>e6` move a barracks or port;
//! `pass`.

mod maps;

use std::collections::BTreeMap;
use std::sync::Arc;

use serde::{Deserialize, Serialize};

use crate::board::{Board, CellId, Terrain};
use crate::game::{CellName, Game, MoveError, PieceInfo, Seat, SetupError, Tally};
use crate::rng::Rng;

pub use crate::reasons::island_wars::{SetupWhy, Why};
use maps::build_map;
pub use maps::{generated, MapDef, MAPS};

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

    /// As [`IslandWars::secured_by`], with the port on `ignore` left out.
    fn secured_ignoring(&self, c: CellId, ignore: Option<CellId>) -> Option<Seat> {
        if !self.water(c) {
            return None;
        }
        match ignore {
            // A port being moved: look again around this water without it.
            Some(p) if self.cfg.board.adjacent(c, p) => self.securing_port(c, ignore),
            _ => Some(self.secured[c as usize]).filter(|&s| s != NONE),
        }
    }

    /// The seat of a port next to water `c`, leaving out the port on `ignore`.
    fn securing_port(&self, c: CellId, ignore: Option<CellId>) -> Option<Seat> {
        self.cfg
            .board
            .neighbours(c)
            .iter()
            .find_map(|&m| match self.piece[m as usize] {
                Some((s, Kind::Port)) if Some(m) != ignore => Some(s),
                _ => None,
            })
    }

    /// Brings the secured water around `c` up to date after a piece came or went.
    fn resecure_around(&mut self, c: CellId) {
        let cfg = Arc::clone(&self.cfg);
        for &m in cfg.board.neighbours(c) {
            if self.water(m) {
                let s = self.securing_port(m, None).unwrap_or(NONE);
                if self.secured[m as usize] != s {
                    self.secured[m as usize] = s;
                    // Only the hexes' `near` bits can change here: their planes alone.
                    for &l in cfg.board.neighbours(m) {
                        let near = self.near_of(l, None);
                        if near != self.near[l as usize] {
                            self.near[l as usize] = near;
                            self.refresh_near(l);
                        }
                    }
                }
            }
        }
    }

    /// The seats whose secured water touches `l` (a bit each), with the port on
    /// `lifted` off the board.
    fn near_of(&self, l: CellId, lifted: Option<CellId>) -> u8 {
        let mut bits = 0u8;
        for &m in self.cfg.board.neighbours(l) {
            if let Some(s) = self.secured_ignoring(m, lifted) {
                bits |= 1 << s;
            }
        }
        bits
    }

    /// Brings hex `c`'s bits in the `near` planes up to date (its `near` changed,
    /// nothing else).
    fn refresh_near(&mut self, c: CellId) {
        let c = c as usize;
        let (words, word, bit) = (self.cfg.words, c / 64, 1u64 << (c % 64));
        let near = self.near[c];
        for s in 0..6 {
            let w = &mut self.planes[(plane::NEAR + s) * words + word];
            *w = (*w & !bit) | (bit & ((near >> s & 1) as u64).wrapping_neg());
        }
    }

    /// Brings hex `c`'s bits in the planes up to date.
    fn refresh(&mut self, c: CellId) {
        let c = c as usize;
        let (words, word, bit) = (self.cfg.words, c / 64, 1u64 << (c % 64));
        let near = self.near[c];
        let colour = self.colour[c];
        let piece = self.piece[c];
        let mut set = |p: usize, on: bool| {
            let w = &mut self.planes[p * words + word];
            *w = if on { *w | bit } else { *w & !bit };
        };
        set(plane::EMPTY, piece.is_none());
        set(plane::PORT, matches!(piece, Some((_, Kind::Port))));
        for s in 0..6u8 {
            let s_ = s as usize;
            set(plane::COLOUR + s_, colour == s);
            set(plane::NEAR + s_, near >> s & 1 != 0);
            let mover = matches!(piece, Some((o, k)) if o == s && k != Kind::Tower);
            set(plane::MOVER + s_, mover);
        }
    }

    /// Where the mover may put a piece, from a hex's `near` bits: bit 0 a barracks or
    /// tower, bit 1 a port (the site rule of [`IslandWars::site_why`], without a lift).
    #[inline(always)]
    fn site_bits(&self, c: usize, near: u8, empty: bool) -> u8 {
        let me = self.to_move;
        let cfg = &*self.cfg;
        let ok = cfg.land[c] & empty & ((self.colour[c] == me) | (near >> me & 1 != 0));
        let port = ok & cfg.coast[c] & (near & !(1u8 << me) == 0);
        ok as u8 | (port as u8) << 1
    }

    /// A legal action chosen uniformly: the placements of each kind in hand on each
    /// site, the moves of each barracks and port, and the pass are counted from the
    /// bit planes (a few word operations) and the one drawn is found; nothing
    /// allocated. A lifted port
    /// only ever loses sites (its own water may no longer be secured), so a port's
    /// moves are counted as every port site and a drawn target that the lift takes
    /// away is drawn again: still uniform over the legal actions. `None` once the game
    /// is over.
    fn pick_legal(&self, rng: &mut Rng, scratch: &mut Vec<IslandMove>) -> Option<IslandMove> {
        if self.is_over() {
            return None;
        }
        let me = self.to_move as usize;
        let cfg = &*self.cfg;
        let words = cfg.words;
        let plane = |p: usize| &self.planes[p * words..(p + 1) * words];
        let (empty, colour, near) = (
            plane(plane::EMPTY),
            plane(plane::COLOUR + me),
            plane(plane::NEAR + me),
        );
        // Word `i` of the sites and of the port sites.
        let site = |i: usize| cfg.land_bits[i] & empty[i] & (colour[i] | near[i]);
        let port = |i: usize| {
            let others = (0..self.cfg.players as usize)
                .filter(|&s| s != me)
                .fold(0, |acc, s| acc | self.planes[(plane::NEAR + s) * words + i]);
            site(i) & cfg.coast_bits[i] & !others
        };
        let (mut sites, mut ports) = (0u32, 0u32);
        for i in 0..words {
            sites += site(i).count_ones();
            ports += port(i).count_ones();
        }
        let mut movers = [(0 as CellId, Kind::Tower); 8];
        let mut m = 0;
        for (i, &w) in plane(plane::MOVER + me).iter().enumerate() {
            let mut w = w;
            while w != 0 && m < movers.len() {
                let c = i * 64 + w.trailing_zeros() as usize;
                w &= w - 1;
                let is_port = self.planes[plane::PORT * words + i] >> (c % 64) & 1 != 0;
                movers[m] = (
                    c as CellId,
                    if is_port { Kind::Port } else { Kind::Barracks },
                );
                m += 1;
            }
        }
        let movers = &movers[..m];
        let me = me as Seat;
        let free = |k: Kind| (self.free(me, k) > 0) as u32;
        let counts = [
            sites * free(Kind::Barracks),
            sites * free(Kind::Tower),
            ports * free(Kind::Port),
        ];
        let targets = |k: Kind| if k == Kind::Port { ports } else { sites };
        let total =
            counts.iter().sum::<u32>() + movers.iter().map(|&(_, k)| targets(k)).sum::<u32>() + 1;
        // The `r`-th site, or port site.
        let nth = |r: u32, is_port: bool| -> Option<CellId> {
            if is_port {
                nth_bit((0..words).map(port), r)
            } else {
                nth_bit((0..words).map(site), r)
            }
        };
        'draw: for _ in 0..64 {
            let mut r = rng.below(total);
            for (i, k) in [Kind::Barracks, Kind::Tower, Kind::Port]
                .into_iter()
                .enumerate()
            {
                if r < counts[i] {
                    return nth(r, k == Kind::Port).map(|c| IslandMove::Place(k, c));
                }
                r -= counts[i];
            }
            for &(a, k) in movers {
                if r < targets(k) {
                    let b = nth(r, k == Kind::Port)?;
                    if k == Kind::Port && !self.port_target_after_lift(a, b) {
                        continue 'draw;
                    }
                    return Some(IslandMove::Move(a, b));
                }
                r -= targets(k);
            }
            return Some(IslandMove::Pass);
        }
        // Practically never: fall back to the listing.
        crate::playout::uniform_legal(self, rng, scratch)
    }

    /// Whether port site `b` stays one once the port on `a` is lifted (only hexes
    /// touching `a`'s water can change).
    fn port_target_after_lift(&self, a: CellId, b: CellId) -> bool {
        let board = &self.cfg.board;
        let near_a = board
            .neighbours(b)
            .iter()
            .any(|&w| self.water(w) && board.adjacent(w, a));
        if !near_a {
            return true;
        }
        let after = self.near_of(b, Some(a));
        self.site_bits(b as usize, after, self.piece[b as usize].is_none()) >> 1 != 0
    }

    /// The hexes whose `near` bits change when the port on `a` is lifted, with their
    /// new bits.
    fn lifted_near(&self, a: CellId) -> Changed {
        let board = &self.cfg.board;
        let mut changed = Changed::default();
        for &w in board.neighbours(a) {
            if !self.water(w) {
                continue;
            }
            for &l in board.neighbours(w) {
                if l == a || changed.get(l as usize).is_some() {
                    continue;
                }
                let after = self.near_of(l, Some(a));
                if after != self.near[l as usize] {
                    changed.push(l, after);
                }
            }
        }
        changed
    }

    /// Whether a hex is guarded against barracks by a tower of its colour's owner.
    pub fn guarded(&self, c: CellId) -> bool {
        let Some(x) = self.colour(c) else {
            return false;
        };
        self.cfg
            .board
            .neighbours(c)
            .iter()
            .any(|&m| self.piece[m as usize] == Some((x, Kind::Tower)))
    }

    fn name(&self, c: CellId) -> String {
        self.cfg.board.name(c).to_string()
    }

    /// A cell's name for an error, without allocating.
    fn cell_name(&self, c: CellId) -> CellName {
        CellName::new(self.cfg.board.name(c))
    }

    /// Whether the mover could put a piece of `kind` on `c`, with the port on
    /// `lifted` (being moved) off the board.
    fn site(&self, kind: Kind, c: CellId, lifted: Option<CellId>) -> Result<(), MoveError> {
        if c as usize >= self.colour.len() {
            return Err(MoveError::UnknownCell(c.to_string()));
        }
        self.site_why(kind, c, lifted, &|m| self.secured_ignoring(m, lifted))
            .map_err(|why| MoveError::Cell {
                cell: self.cell_name(c),
                why: why.into(),
            })
    }

    /// [`IslandWars::site`]'s judgement on a cell of the board, with the reason alone
    /// (nothing to allocate), reading which seat secures each water hex from `secured`.
    fn site_why(
        &self,
        kind: Kind,
        c: CellId,
        lifted: Option<CellId>,
        secured: &dyn Fn(CellId) -> Option<Seat>,
    ) -> Result<(), Why> {
        if self.water(c) {
            return Err(Why::OnWater);
        }
        if self.piece[c as usize].is_some() && Some(c) != lifted {
            return Err(Why::PieceStands);
        }
        let me = self.to_move;
        let board = &self.cfg.board;
        let mine = self.colour[c as usize] == me;
        let near_mine = match lifted {
            None => self.near[c as usize] >> me & 1 != 0,
            Some(_) => board.neighbours(c).iter().any(|&m| secured(m) == Some(me)),
        };
        if !mine && !near_mine {
            return Err(Why::NotYourColour);
        }
        if kind == Kind::Port {
            if !board.neighbours(c).iter().any(|&m| self.water(m)) {
                return Err(Why::PortOffWater);
            }
            let theirs = match lifted {
                None => self.near[c as usize] & !(1u8 << me) != 0,
                Some(_) => board
                    .neighbours(c)
                    .iter()
                    .any(|&m| matches!(secured(m), Some(s) if s != me)),
            };
            if theirs {
                return Err(Why::TheirWater);
            }
        }
        Ok(())
    }

    /// Barracks on `c`: neighbouring land turns the mover's colour, unless another
    /// player's piece stands there or its colour's owner guards it with a tower.
    fn barracks_effect(&mut self, c: CellId) {
        let me = self.to_move;
        let cfg = Arc::clone(&self.cfg);
        for &m in cfg.board.neighbours(c) {
            if self.water(m) || self.colour[m as usize] == me {
                continue;
            }
            if matches!(self.piece[m as usize], Some((s, _)) if s != me) || self.guarded(m) {
                continue;
            }
            self.colour[m as usize] = me;
            self.refresh(m);
        }
    }

    /// The hexes a barracks on `c` would turn now (for the screen).
    pub fn would_flip(&self, c: CellId) -> Vec<CellId> {
        let me = self.to_move;
        self.cfg
            .board
            .neighbours(c)
            .iter()
            .copied()
            .filter(|&m| {
                !self.water(m)
                    && self.colour[m as usize] != me
                    && !matches!(self.piece[m as usize], Some((s, _)) if s != me)
                    && !self.guarded(m)
            })
            .collect()
    }

    /// The score's parts for a seat: (land, secured water, territory bonus).
    pub fn score_parts(&self, seat: Seat) -> (i32, i32, i32) {
        self.all_score_parts()
            .get(seat as usize)
            .copied()
            .unwrap_or((0, 0, 0))
    }

    /// Every seat's score parts, in one walk of the board: land of its colour,
    /// water its ports secure, and one point for each territory (connected land of
    /// its colour) of 3 hexes or more when it has 2 territories or more.
    fn all_score_parts(&self) -> [(i32, i32, i32); 6] {
        let players = (self.cfg.players as usize).min(6);
        let board = &self.cfg.board;
        let n = self.colour.len();
        let mut parts = [(0i32, 0i32, 0i32); 6];
        let (mut territories, mut large) = ([0i32; 6], [0i32; 6]);
        let mut seen = vec![false; n];
        let mut stack = Vec::with_capacity(n);
        for c in 0..n {
            let secured = self.secured[c] as usize;
            if secured < players && self.water(c as CellId) {
                parts[secured].1 += 1;
            }
            let seat = self.colour[c];
            if seen[c] || seat as usize >= players {
                continue;
            }
            seen[c] = true;
            stack.push(c as CellId);
            let mut size = 0;
            while let Some(x) = stack.pop() {
                size += 1;
                for &m in board.neighbours(x) {
                    if !seen[m as usize] && self.colour[m as usize] == seat {
                        seen[m as usize] = true;
                        stack.push(m);
                    }
                }
            }
            let s = seat as usize;
            parts[s].0 += size;
            territories[s] += 1;
            large[s] += (size >= 3) as i32;
        }
        for s in 0..players {
            if territories[s] >= 2 {
                parts[s].2 = large[s];
            }
        }
        parts
    }

    fn check_move(&self, a: CellId, b: CellId) -> Result<(), MoveError> {
        let n = self.colour.len();
        if a as usize >= n || b as usize >= n {
            return Err(MoveError::Unreadable(format!("{a}>{b}")));
        }
        let kind = match self.piece[a as usize] {
            Some((s, k)) if s == self.to_move => k,
            _ => {
                return Err(MoveError::Cell {
                    cell: self.cell_name(a),
                    why: Why::NoPiece.into(),
                })
            }
        };
        if kind == Kind::Tower {
            return Err(MoveError::Cell {
                cell: self.cell_name(a),
                why: Why::TowersNeverMove.into(),
            });
        }
        if a == b {
            return Err(MoveError::Cell {
                cell: self.cell_name(b),
                why: Why::SameHex.into(),
            });
        }
        // The piece is lifted first: a moved port's own water no longer counts.
        self.site(kind, b, Some(a))
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
        out.clear();
        out.extend((0..players).map(|s| {
            let (land, water, bonus) = parts[s];
            (land + water + bonus) as f32 + SAFE_WEIGHT * safe[s] as f32
        }));
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
mod tests {
    use super::*;

    /// The planes agree with `colour`, `piece` and `near`, and `near` with the ports,
    /// after every move of random games; the playout's draw finds every legal action
    /// of a position and nothing else.
    #[test]
    fn planes_and_draws_match_the_rules() {
        for players in 2..=6u8 {
            let mut g = IslandWars::new(&IslandSetup {
                players,
                ..Default::default()
            })
            .unwrap();
            let mut rng = Rng::new(players as u64);
            let mut scratch = Vec::new();
            let mut turn = 0;
            while let Some(mv) = g.playout_move(&mut rng, &mut scratch) {
                let mut fresh = g.clone();
                for c in g.board().cells() {
                    assert_eq!(g.near[c as usize], g.near_of(c, None), "near {c}");
                    fresh.refresh(c);
                }
                assert_eq!(fresh.planes, g.planes);
                let mut legal = Vec::new();
                g.legal_moves(&mut legal);
                assert!(legal.contains(&mv), "{mv:?} drawn but not listed");
                if turn % 7 == 0 {
                    // Enough draws that each legal action turns up (fixed seed).
                    let mut seen = std::collections::HashSet::new();
                    for _ in 0..legal.len() * 60 {
                        let m = g.pick_legal(&mut rng, &mut scratch).unwrap();
                        assert!(legal.contains(&m), "{m:?} drawn but not listed");
                        seen.insert(m);
                    }
                    assert_eq!(seen.len(), legal.len(), "some legal action never drawn");
                }
                g.play(mv).unwrap();
                turn += 1;
                let parts: Vec<i32> = (0..players)
                    .map(|s| {
                        let (l, w, b) = g.score_parts(s);
                        l + w + b
                    })
                    .collect();
                assert_eq!(g.scores(), parts);
            }
        }
    }
}
