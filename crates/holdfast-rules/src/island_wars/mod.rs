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
use crate::game::{CellName, Game, MoveError, PieceInfo, Seat, SetupError, Snapshot};
use crate::rng::Rng;

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
}

const NONE: u8 = u8::MAX;

/// An Island Wars position.
#[derive(Debug, Clone)]
pub struct IslandWars {
    cfg: Arc<Config>,
    colour: Vec<u8>,
    /// The piece on each hex: (seat, kind).
    piece: Vec<Option<(u8, Kind)>>,
    /// The seat whose port secures each water hex (`NONE` if none), kept up to date
    /// as ports come and go.
    secured: Vec<u8>,
    /// Pieces placed so far, by seat and kind.
    placed: [[u8; 3]; 6],
    to_move: Seat,
    turns: u16,
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
                self.secured[m as usize] = self.securing_port(m, None).unwrap_or(NONE);
            }
        }
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
    ) -> Result<(), &'static str> {
        if self.water(c) {
            return Err("pieces go on land, not water");
        }
        if self.piece[c as usize].is_some() && Some(c) != lifted {
            return Err("a piece already stands there");
        }
        let me = self.to_move;
        let board = &self.cfg.board;
        let mine = self.colour[c as usize] == me;
        if !mine && !board.neighbours(c).iter().any(|&m| secured(m) == Some(me)) {
            return Err("a piece goes on your colour, or next to water your ports secure");
        }
        if kind == Kind::Port {
            if !board.neighbours(c).iter().any(|&m| self.water(m)) {
                return Err("a port must touch water");
            }
            let theirs = board
                .neighbours(c)
                .iter()
                .any(|&m| matches!(secured(m), Some(s) if s != me));
            if theirs {
                return Err("a port may not touch water another player's port secures");
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
        let board = &self.cfg.board;
        let land = self.colour.iter().filter(|&&c| c == seat).count() as i32;
        let water = board
            .cells()
            .filter(|&c| self.secured_by(c) == Some(seat))
            .count() as i32;
        // Territories: connected land of the seat's colour.
        let n = self.colour.len();
        let mut seen = vec![false; n];
        let mut sizes = Vec::new();
        for s in 0..n {
            if seen[s] || self.colour[s] != seat {
                continue;
            }
            let mut stack = vec![s as CellId];
            seen[s] = true;
            let mut size = 0;
            while let Some(c) = stack.pop() {
                size += 1;
                for &m in board.neighbours(c) {
                    if !seen[m as usize] && self.colour[m as usize] == seat {
                        seen[m as usize] = true;
                        stack.push(m);
                    }
                }
            }
            sizes.push(size);
        }
        let bonus = if sizes.len() >= 2 {
            sizes.iter().filter(|&&z| z >= 3).count() as i32
        } else {
            0
        };
        (land, water, bonus)
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
                    why: "none of your pieces stands there".into(),
                })
            }
        };
        if kind == Kind::Tower {
            return Err(MoveError::Cell {
                cell: self.cell_name(a),
                why: "towers never move".into(),
            });
        }
        if a == b {
            return Err(MoveError::Cell {
                cell: self.cell_name(b),
                why: "a move to the same hex is no move".into(),
            });
        }
        // The piece is lifted first: a moved port's own water no longer counts.
        self.site(kind, b, Some(a))
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
            return Err(SetupError(format!(
                "Island Wars takes 2 to 6 players, not {}",
                setup.players
            )));
        }
        if let Some(m) = setup
            .map
            .as_ref()
            .and_then(|id| MAPS.iter().find(|d| d.id == id))
        {
            if m.players != setup.players {
                return Err(SetupError(format!(
                    "map {} is made for {} players",
                    m.id, m.players
                )));
            }
        }
        let (board, colour) = build_map(setup)?;
        let n = board.len();
        Ok(IslandWars {
            cfg: Arc::new(Config {
                setup: setup.clone(),
                board,
                players: setup.players,
            }),
            colour,
            piece: vec![None; n],
            secured: vec![NONE; n],
            placed: [[0; 3]; 6],
            to_move: 0,
            turns: 0,
        })
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

    /// Uniform over the legal actions, as the default, found by sampling placements
    /// of each kind on each hex, moves of the mover's barracks and ports, and the pass,
    /// with the full listing as fallback.
    fn playout_move(&self, rng: &mut Rng, scratch: &mut Vec<IslandMove>) -> Option<IslandMove> {
        if self.is_over() {
            return None;
        }
        let board = &self.cfg.board;
        let n = board.len();
        let mut movers = [0 as CellId; 32];
        let mut len = 0;
        for c in board.cells() {
            if matches!(self.piece[c as usize], Some((s, k)) if s == self.to_move && k != Kind::Tower)
                && len < movers.len()
            {
                movers[len] = c;
                len += 1;
            }
        }
        let candidate = |i: usize| -> Option<IslandMove> {
            if i < 3 * n {
                let kind = [Kind::Barracks, Kind::Tower, Kind::Port][i / n];
                return Some(IslandMove::Place(kind, (i % n) as CellId));
            }
            let i = i - 3 * n;
            if i < len * n {
                return Some(IslandMove::Move(movers[i / n], (i % n) as CellId));
            }
            Some(IslandMove::Pass)
        };
        if let Some(m) = crate::playout::sample_legal(self, rng, 3 * n + len * n + 1, candidate) {
            return Some(m);
        }
        crate::playout::uniform_legal(self, rng, scratch)
    }

    fn legal_moves(&self, out: &mut Vec<IslandMove>) {
        if self.is_over() {
            return;
        }
        let board = &self.cfg.board;
        // Where a barracks could stand (with the piece on `lifted` off the board): a
        // condition every placement and move needs, found once a listing rather than
        // once a candidate; `check` still judges each candidate that meets it.
        let sites = |lifted: Option<CellId>| -> Vec<bool> {
            let secured = |m: CellId| self.secured_ignoring(m, lifted);
            board
                .cells()
                .map(|c| self.site_why(Kind::Barracks, c, lifted, &secured).is_ok())
                .collect()
        };
        let open = sites(None);
        for c in board.cells().filter(|&c| open[c as usize]) {
            for k in [Kind::Barracks, Kind::Tower, Kind::Port] {
                if self.check(IslandMove::Place(k, c)).is_ok() {
                    out.push(IslandMove::Place(k, c));
                }
            }
        }
        for a in board.cells() {
            let kind = match self.piece[a as usize] {
                Some((s, k)) if s == self.to_move && k != Kind::Tower => k,
                _ => continue,
            };
            // A port lifted off the board may change which water is secured.
            let lifted = (kind == Kind::Port).then(|| sites(Some(a)));
            let targets = lifted.as_ref().unwrap_or(&open);
            for b in board.cells().filter(|&b| targets[b as usize]) {
                if self.check_move(a, b).is_ok() {
                    out.push(IslandMove::Move(a, b));
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
                    return Err(MoveError::NotNow(
                        format!("You have no {} left to place.", k.name()).into(),
                    ));
                }
                self.site(k, c, None)
            }
            IslandMove::Move(a, b) => self.check_move(a, b),
            IslandMove::Pass => Ok(()),
        }
    }

    fn play(&mut self, mv: IslandMove) -> Result<(), MoveError> {
        self.check(mv)?;
        let me = self.to_move;
        match mv {
            IslandMove::Place(k, c) => {
                self.piece[c as usize] = Some((me, k));
                self.colour[c as usize] = me;
                self.placed[me as usize][k.index()] += 1;
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
        Ok(())
    }

    fn scores(&self) -> Vec<i32> {
        (0..self.cfg.players)
            .map(|s| {
                let (l, w, b) = self.score_parts(s);
                l + w + b
            })
            .collect()
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

    fn snapshot(&self) -> Snapshot {
        let mut pieces = BTreeMap::new();
        let mut owners = BTreeMap::new();
        let mut secured = serde_json::Map::new();
        for c in self.cfg.board.cells() {
            if let Some((s, k)) = self.piece(c) {
                pieces.insert(
                    self.name(c),
                    PieceInfo {
                        player: s,
                        kind: k.name(),
                        count: None,
                    },
                );
            }
            if let Some(s) = self.colour(c) {
                owners.insert(self.name(c), s);
            }
            if let Some(s) = self.secured_by(c) {
                secured.insert(self.name(c), serde_json::json!(s));
            }
        }
        let mut extra = serde_json::Map::new();
        extra.insert("secured".into(), serde_json::Value::Object(secured));
        Snapshot {
            pieces,
            owners: Some(owners),
            extra,
        }
    }
}
