//! The map editor's draft, with no drawing in it: a rectangular hex field (Island
//! Wars' and Frontier's explicit maps), painted cell by cell with a brush, with undo
//! and redo, symmetry helpers for fair starts, the checks a map must pass before a
//! game can start on it, and the setup it makes (the notation's explicit map form).

use holdfast_rules::frontier::{preset, Frontier, FrontierSetup, CITY_DISTANCE};
use holdfast_rules::island_wars::{IslandSetup, IslandWars};
use holdfast_rules::{Board, CellId, Game, SetupError, Terrain};
use serde_json::{json, Value};

/// The games whose maps the editor draws.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MapGame {
    IslandWars,
    Frontier,
}

impl MapGame {
    pub const ALL: [MapGame; 2] = [MapGame::IslandWars, MapGame::Frontier];

    /// The record's game id.
    pub fn id(self) -> &'static str {
        match self {
            MapGame::IslandWars => "island-wars",
            MapGame::Frontier => "frontier",
        }
    }

    pub fn from_id(id: &str) -> Option<MapGame> {
        MapGame::ALL.into_iter().find(|g| g.id() == id)
    }

    /// The seats a map of this game may have.
    pub fn seats(self) -> std::ops::RangeInclusive<u8> {
        match self {
            MapGame::IslandWars => 2..=6,
            MapGame::Frontier => 2..=2,
        }
    }
}

/// What a cell is painted with. A start is land in a seat's colour (Island Wars,
/// as many as the map likes) or a seat's city (Frontier, one a seat).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Paint {
    Land,
    Water,
    Mountain,
    Start(u8),
}

impl Paint {
    fn terrain(self) -> Terrain {
        match self {
            Paint::Water => Terrain::Sea,
            Paint::Mountain => Terrain::Mountain,
            Paint::Land | Paint::Start(_) => Terrain::Land,
        }
    }
}

/// How a stroke is repeated across the field.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Symmetry {
    #[default]
    Off,
    /// Left and right mirror each other.
    Mirror,
    /// A half turn about the field's centre.
    Turn,
}

/// Largest field the rules take (both games).
pub const MAX_WIDTH: u16 = 40;
pub const MAX_HEIGHT: u16 = 26;
/// Smallest field the editor makes (Frontier's smallest side; Island Wars takes 2).
pub const MIN_SIDE: u16 = 3;

/// One state of the map: what undo and redo step between.
#[derive(Clone, Debug, PartialEq)]
pub struct Sketch {
    pub game: MapGame,
    pub width: u16,
    pub height: u16,
    /// Row by row from the top, as the board numbers its cells.
    pub cells: Vec<Paint>,
    pub players: u8,
    /// Frontier: the mode (1 to 3) and each player's turns.
    pub mode: u8,
    pub turns: u16,
}

/// What stands in the way of a game on the map, or is worth knowing about it.
#[derive(Clone, Debug, PartialEq)]
pub enum Problem {
    /// The rules refuse the setup.
    Rules(SetupError),
    /// A seat has nowhere to start (Island Wars: no land of its colour).
    NoStart(u8),
    /// Land no seat can ever reach (a warning: the game still plays).
    Unreachable(usize),
}

impl Problem {
    /// Whether a game can start on the map all the same.
    pub fn is_warning(&self) -> bool {
        matches!(self, Problem::Unreachable(_))
    }
}

/// The editor's draft: the map now, and the steps back and forward.
pub type Draft = super::history::History<Sketch>;

/// Pixel-like coordinates of a rectangular hex field's cell: twice the column, one
/// more on the shifted rows; the row.
pub fn spot(width: u16, c: usize) -> (i32, i32) {
    let (x, y) = ((c % width as usize) as i32, (c / width as usize) as i32);
    (2 * x + (y & 1), y)
}

/// The cell of a `width` x `height` hex field at `spot` coordinates, if any.
fn hex_index(width: u16, height: u16, at: (i32, i32)) -> Option<usize> {
    let (px, y) = at;
    if y < 0 || y >= height as i32 || (px - (y & 1)) % 2 != 0 || px < 0 {
        return None;
    }
    let x = (px - (y & 1)) / 2;
    (x < width as i32).then(|| y as usize * width as usize + x as usize)
}

/// The cell of a `width` x `height` hex field that `c` stands for under `symmetry`
/// (`None`: none does, or the symmetry is off). A partner may be the cell itself
/// (on the axis).
pub fn hex_partner(width: u16, height: u16, c: usize, symmetry: Symmetry) -> Option<usize> {
    if c >= width as usize * height as usize {
        return None;
    }
    let (px, y) = spot(width, c);
    let h = height as i32;
    // The shifted rows end half a cell further right: a mirror about the
    // unshifted rows' middle, and a half turn about the middle of all of them
    // when the rows swap shifts (an even number of rows), else of those.
    let span = 2 * (width as i32 - 1);
    match symmetry {
        Symmetry::Off => None,
        Symmetry::Mirror => hex_index(width, height, (span - px, y)),
        Symmetry::Turn => {
            let across = if h % 2 == 0 { span + 1 } else { span };
            hex_index(width, height, (across - px, h - 1 - y))
        }
    }
}

impl Sketch {
    /// The cell that `c` stands for under `symmetry` ([`hex_partner`]).
    pub fn partner(&self, c: usize, symmetry: Symmetry) -> Option<usize> {
        hex_partner(self.width, self.height, c, symmetry)
    }

    /// The seat a start stands for across the symmetry: the other one of two; with
    /// more seats none (a colour is painted where it is tapped only).
    fn partner_seat(&self, seat: u8) -> Option<u8> {
        (self.players == 2).then_some(1 - seat.min(1))
    }

    /// The field as a board, with its terrain.
    pub fn board(&self) -> Option<Board> {
        let mut b = Board::hex_rect(self.width, self.height).ok()?;
        for (c, p) in self.cells.iter().enumerate() {
            if p.terrain() != Terrain::Land {
                b.set_terrain(c as CellId, p.terrain());
            }
        }
        Some(b)
    }

    fn name(&self, board: &Board, c: usize) -> String {
        board.name(c as CellId).to_string()
    }

    /// Where seat `seat` starts: its coloured land, or its city.
    pub fn starts(&self, seat: u8) -> Vec<usize> {
        (0..self.cells.len())
            .filter(|&c| self.cells[c] == Paint::Start(seat))
            .collect()
    }

    /// The setup the map makes: the notation's explicit map form of its game.
    pub fn setup(&self) -> Value {
        let Some(board) = self.board() else {
            return json!({});
        };
        let names = |p: Paint| -> Vec<String> {
            (0..self.cells.len())
                .filter(|&c| self.cells[c] == p)
                .map(|c| self.name(&board, c))
                .collect()
        };
        match self.game {
            MapGame::IslandWars => {
                let colours: serde_json::Map<String, Value> = (0..self.cells.len())
                    .filter_map(|c| match self.cells[c] {
                        Paint::Start(s) => Some((self.name(&board, c), json!(s))),
                        _ => None,
                    })
                    .collect();
                json!({
                    "players": self.players, "width": self.width, "height": self.height,
                    "water": names(Paint::Water), "colours": colours,
                })
            }
            MapGame::Frontier => {
                let cities: Vec<String> = (0..2)
                    .filter_map(|s| self.starts(s).first().map(|&c| self.name(&board, c)))
                    .collect();
                let terrain = self.mode >= 2;
                json!({
                    "mode": self.mode, "width": self.width, "height": self.height,
                    "cities": cities, "turns": self.turns,
                    "water": if terrain { names(Paint::Water) } else { vec![] },
                    "mountains": if terrain { names(Paint::Mountain) } else { vec![] },
                })
            }
        }
    }

    /// Land no seat can ever reach. Island Wars: a piece goes on its colour or
    /// across water its port secures, so from a hex a seat holds, its neighbours
    /// and, from a coast, the land one water hex away. Frontier (modes 1 and 2): a
    /// fort goes on plain land in or beside the territory and takes the cells
    /// round it; mode 3's generals walk over everything but mountains and cities.
    pub fn unreachable(&self) -> usize {
        let Some(board) = self.board() else { return 0 };
        let n = self.cells.len();
        let mut reached = vec![false; n];
        let mut queue: Vec<usize> = (0..n)
            .filter(|&c| matches!(self.cells[c], Paint::Start(_)))
            .collect();
        for &c in &queue {
            reached[c] = true;
        }
        let near = |c: usize| board.neighbours(c as CellId).iter().map(|&m| m as usize);
        let land = |c: usize| self.cells[c] != Paint::Water;
        let plain = |c: usize| self.cells[c] == Paint::Land;
        match self.game {
            MapGame::IslandWars => {
                while let Some(c) = queue.pop() {
                    for m in near(c) {
                        let next: Vec<usize> = if land(m) {
                            vec![m]
                        } else {
                            near(m).filter(|&k| land(k)).collect()
                        };
                        for k in next {
                            if !reached[k] {
                                reached[k] = true;
                                queue.push(k);
                            }
                        }
                    }
                }
                (0..n).filter(|&c| land(c) && !reached[c]).count()
            }
            MapGame::Frontier => {
                // `reached`: territory some seat can take.
                let mut walk = vec![false; n];
                if self.mode >= 3 {
                    for &c in &queue {
                        walk[c] = true;
                    }
                    let mut todo = queue.clone();
                    while let Some(c) = todo.pop() {
                        for m in near(c) {
                            if !walk[m] && (plain(m) || self.cells[m] == Paint::Water) {
                                walk[m] = true;
                                todo.push(m);
                            }
                        }
                    }
                }
                for &c in &queue {
                    for m in near(c) {
                        reached[m] = true;
                    }
                }
                // A plain cell built on takes its neighbours.
                let buildable = |c: usize, reached: &[bool]| {
                    plain(c)
                        && if self.mode >= 3 {
                            walk[c]
                        } else {
                            reached[c] || near(c).any(|m| reached[m])
                        }
                };
                let mut changed = true;
                while changed {
                    changed = false;
                    for c in 0..n {
                        if buildable(c, &reached) {
                            for k in std::iter::once(c).chain(near(c)) {
                                if !reached[k] {
                                    reached[k] = true;
                                    changed = true;
                                }
                            }
                        }
                    }
                }
                (0..n).filter(|&c| !reached[c]).count()
            }
        }
    }

    /// Everything that stands in the way of a game on the map, errors first.
    pub fn problems(&self) -> Vec<Problem> {
        let mut out = Vec::new();
        let setup = self.setup();
        let rules = match self.game {
            MapGame::IslandWars => serde_json::from_value::<IslandSetup>(setup)
                .map_err(|e| SetupError::Json(e.to_string()))
                .and_then(|s| IslandWars::new(&s).map(drop)),
            MapGame::Frontier => serde_json::from_value::<FrontierSetup>(setup)
                .map_err(|e| SetupError::Json(e.to_string()))
                .and_then(|s| Frontier::new(&s).map(drop)),
        };
        if let Err(e) = rules {
            out.push(Problem::Rules(e));
        }
        if self.game == MapGame::IslandWars {
            for s in 0..self.players {
                if self.starts(s).is_empty() {
                    out.push(Problem::NoStart(s));
                }
            }
        }
        let lost = self.unreachable();
        if lost > 0 && out.is_empty() {
            out.push(Problem::Unreachable(lost));
        }
        out
    }

    /// Whether a game can start on the map.
    pub fn playable(&self) -> bool {
        self.problems().iter().all(Problem::is_warning)
    }
}

impl Draft {
    /// A fresh map: Island Wars' a field of land with a start for each of two
    /// seats at opposite corners; Frontier's the first mode's ready field.
    pub fn blank(game: MapGame) -> Draft {
        match game {
            MapGame::IslandWars => {
                let (width, height) = (10, 8);
                let mut now = Sketch {
                    game,
                    width,
                    height,
                    cells: vec![Paint::Land; (width * height) as usize],
                    players: 2,
                    mode: 1,
                    turns: 20,
                };
                let first = width as usize + 1;
                now.cells[first] = Paint::Start(0);
                if let Some(p) = now.partner(first, Symmetry::Turn) {
                    now.cells[p] = Paint::Start(1);
                }
                Draft::new(now)
            }
            MapGame::Frontier => Draft::from_frontier(&preset(1, 7)).unwrap_or_else(|| {
                Draft::new(Sketch {
                    game,
                    width: 11,
                    height: 9,
                    cells: vec![Paint::Land; 99],
                    players: 2,
                    mode: 1,
                    turns: 20,
                })
            }),
        }
    }

    /// The draft of a map of `game` with this setup (a shipped map's too): `None`
    /// when the setup does not make a map the editor draws.
    pub fn from_setup(game: &str, setup: &Value) -> Option<Draft> {
        match MapGame::from_id(game)? {
            MapGame::IslandWars => {
                let s: IslandSetup = serde_json::from_value(setup.clone()).ok()?;
                if s.map.is_none() && (s.width.is_some() || s.height.is_some()) {
                    return Draft::from_island_field(&s);
                }
                // A named or generated map: drawn from the game it makes.
                let g = IslandWars::new(&s).ok()?;
                let board = g.board();
                let holdfast_rules::board::Shape::HexRect { width, height } = *board.shape() else {
                    return None;
                };
                let cells = board
                    .cells()
                    .map(|c| match (board.terrain(c), g.colour(c)) {
                        (Terrain::Sea, _) => Paint::Water,
                        (_, Some(seat)) => Paint::Start(seat),
                        _ => Paint::Land,
                    })
                    .collect();
                Some(Draft::new(Sketch {
                    game: MapGame::IslandWars,
                    width,
                    height,
                    cells,
                    players: s.players,
                    mode: 1,
                    turns: 20,
                }))
            }
            MapGame::Frontier => Draft::from_frontier(&serde_json::from_value(setup.clone()).ok()?),
        }
    }

    fn from_island_field(s: &IslandSetup) -> Option<Draft> {
        let (width, height) = (s.width?, s.height?);
        let board = Board::hex_rect(width, height).ok()?;
        let mut cells = vec![Paint::Land; board.len()];
        for n in &s.water {
            cells[board.cell(n)? as usize] = Paint::Water;
        }
        for (n, &seat) in &s.colours {
            cells[board.cell(n)? as usize] = Paint::Start(seat);
        }
        Some(Draft::new(Sketch {
            game: MapGame::IslandWars,
            width,
            height,
            cells,
            players: s.players.clamp(2, 6),
            mode: 1,
            turns: 20,
        }))
    }

    fn from_frontier(s: &FrontierSetup) -> Option<Draft> {
        let board = Board::hex_rect(s.width, s.height).ok()?;
        let mut cells = vec![Paint::Land; board.len()];
        for (list, p) in [(&s.water, Paint::Water), (&s.mountains, Paint::Mountain)] {
            for n in list {
                cells[board.cell(n)? as usize] = p;
            }
        }
        for (seat, n) in s.cities.iter().enumerate().take(2) {
            cells[board.cell(n)? as usize] = Paint::Start(seat as u8);
        }
        Some(Draft::new(Sketch {
            game: MapGame::Frontier,
            width: s.width,
            height: s.height,
            cells,
            players: 2,
            mode: s.mode.clamp(1, 3),
            turns: s.turns,
        }))
    }

    /// What `brush` may paint on this map: Frontier's mountains and water from
    /// the second mode, its cities and Island Wars' colours for its seats.
    pub fn allows(&self, brush: Paint) -> bool {
        match (self.now.game, brush) {
            (MapGame::IslandWars, Paint::Water) | (_, Paint::Land) => true,
            (MapGame::IslandWars, Paint::Mountain) => false,
            (MapGame::Frontier, Paint::Mountain | Paint::Water) => self.now.mode >= 2,
            (_, Paint::Start(s)) => s < self.now.players,
        }
    }

    /// Paints cell `c` (and its partner under `symmetry`) with `brush`. A city
    /// moves to where it is painted (one a seat); painting over a city moves
    /// nothing (a city is only ever moved). True when the map changed.
    pub fn paint(&mut self, c: usize, brush: Paint, symmetry: Symmetry) -> bool {
        if c >= self.now.cells.len() || !self.allows(brush) {
            return false;
        }
        let mut next = self.now.clone();
        let put = |next: &mut Sketch, c: usize, p: Paint| {
            let city = next.game == MapGame::Frontier;
            if city && matches!(next.cells[c], Paint::Start(_)) && next.cells[c] != p {
                return;
            }
            if let (true, Paint::Start(s)) = (city, p) {
                for k in next.starts(s) {
                    next.cells[k] = Paint::Land;
                }
            }
            next.cells[c] = p;
        };
        put(&mut next, c, brush);
        if let Some(m) = self.now.partner(c, symmetry).filter(|&m| m != c) {
            let mirrored = match brush {
                Paint::Start(s) => self.now.partner_seat(s).map(Paint::Start),
                p => Some(p),
            };
            if let Some(p) = mirrored {
                put(&mut next, m, p);
            }
        }
        self.step(next)
    }

    /// Makes the whole map symmetric: every cell with a partner before it takes
    /// that partner's paint (the left half drawn on the right, or the first half
    /// turned onto the second), two seats' starts swapped.
    pub fn make_symmetric(&mut self, symmetry: Symmetry) -> bool {
        let mut next = self.now.clone();
        let n = next.cells.len();
        let first_half = |c: usize, m: usize| match symmetry {
            Symmetry::Mirror => spot(next.width, c).0 < spot(next.width, m).0,
            _ => c < m,
        };
        let mut copies = Vec::new();
        for c in 0..n {
            let Some(m) = self.now.partner(c, symmetry) else {
                continue;
            };
            if m == c || !first_half(c, m) {
                continue;
            }
            let p = match self.now.cells[c] {
                Paint::Start(s) => match self.now.partner_seat(s) {
                    Some(t) => Paint::Start(t),
                    None => Paint::Land,
                },
                p => p,
            };
            copies.push((m, p));
        }
        // A city that would stand twice keeps its first place.
        for (m, p) in copies {
            if let (MapGame::Frontier, Paint::Start(_)) = (next.game, next.cells[m]) {
                continue;
            }
            if let (MapGame::Frontier, Paint::Start(s)) = (next.game, p) {
                if !next.starts(s).is_empty() {
                    next.cells[m] = Paint::Land;
                    continue;
                }
            }
            next.cells[m] = p;
        }
        self.step(next)
    }

    /// A new field size: each cell keeps its place from the top left; new cells
    /// are water (Island Wars) or plain (Frontier); a start cut off moves to the
    /// nearest cell still inside.
    pub fn resize(&mut self, width: u16, height: u16) -> bool {
        let (width, height) = (
            width.clamp(MIN_SIDE, MAX_WIDTH),
            height.clamp(MIN_SIDE, MAX_HEIGHT),
        );
        let old = &self.now;
        let fresh = match old.game {
            MapGame::IslandWars => Paint::Water,
            MapGame::Frontier => Paint::Land,
        };
        let mut cells = vec![fresh; width as usize * height as usize];
        let mut lost = Vec::new();
        for (c, &p) in old.cells.iter().enumerate() {
            let (x, y) = (c % old.width as usize, c / old.width as usize);
            if x < width as usize && y < height as usize {
                cells[y * width as usize + x] = p;
            } else if let Paint::Start(s) = p {
                lost.push((s, x.min(width as usize - 1), y.min(height as usize - 1)));
            }
        }
        for (s, x, y) in lost {
            let at = y * width as usize + x;
            if old.game == MapGame::Frontier || !matches!(cells[at], Paint::Start(_)) {
                cells[at] = Paint::Start(s);
            }
        }
        let next = Sketch {
            width,
            height,
            cells,
            ..old.clone()
        };
        self.step(next)
    }

    /// Island Wars' number of seats: a colour beyond them turns neutral.
    pub fn set_players(&mut self, players: u8) -> bool {
        if !self.now.game.seats().contains(&players) {
            return false;
        }
        let mut next = self.now.clone();
        next.players = players;
        for p in &mut next.cells {
            if matches!(*p, Paint::Start(s) if s >= players) {
                *p = Paint::Land;
            }
        }
        self.step(next)
    }

    /// Frontier's mode (1 to 3): the first plays without terrain, so choosing it
    /// clears the water and mountains (Undo brings them back).
    pub fn set_mode(&mut self, mode: u8) -> bool {
        if self.now.game != MapGame::Frontier || !(1..=3).contains(&mode) {
            return false;
        }
        let mut next = Sketch {
            mode,
            ..self.now.clone()
        };
        if mode == 1 {
            for p in &mut next.cells {
                if matches!(p, Paint::Water | Paint::Mountain) {
                    *p = Paint::Land;
                }
            }
        }
        self.step(next)
    }

    /// Frontier's turns each.
    pub fn set_turns(&mut self, turns: u16) -> bool {
        if self.now.game != MapGame::Frontier || turns == 0 {
            return false;
        }
        let next = Sketch {
            turns: turns.min(999),
            ..self.now.clone()
        };
        self.step(next)
    }

    /// Paints every cell but the starts with `brush`.
    pub fn fill(&mut self, brush: Paint) -> bool {
        if matches!(brush, Paint::Start(_)) || !self.allows(brush) {
            return false;
        }
        let mut next = self.now.clone();
        for p in &mut next.cells {
            if !matches!(p, Paint::Start(_)) {
                *p = brush;
            }
        }
        self.step(next)
    }
}

/// The cities' distance the rules ask for, for the editor's words.
pub const CITIES_APART: u32 = CITY_DISTANCE;
