//! One board-topology type for every game: square grids, the hexagon board,
//! rectangular hex fields and irregular region maps.
//!
//! Cells have dense ids `0..len()`, neighbours are precomputed (compressed rows),
//! and names follow the notation (docs/notation.md). Drawing data lives in [`crate::geometry`].

use std::collections::HashMap;

/// A dense cell (area) id.
pub type CellId = u16;

/// What a cell is made of. Games read what they need (Fortress: sea and mountain).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Terrain {
    Land,
    Sea,
    Mountain,
}

/// How the cells are laid out; used for names and geometry, never for rules.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Shape {
    /// `width` x `height` squares, orthogonal adjacency. Cell id = `y * width + x`, `y = 0` on top.
    Square { width: u16, height: u16 },
    /// The hexagon of pointy-top hexes with `side` cells a side (Fort: 5). Ids row by row from the top.
    Hexagon { side: u16 },
    /// A rectangular field of pointy-top hexes, every second row shifted half a cell right.
    HexRect { width: u16, height: u16 },
    /// An irregular map drawn on a grid of unit tiles: each tile belongs to one
    /// area (or none). Areas touching along a tile edge are adjacent. The tiles are
    /// squares, or (`hex`) pointy-top hexes laid out as [`Shape::HexRect`]'s cells.
    Regions {
        width: u16,
        height: u16,
        tiles: Vec<Option<CellId>>,
        hex: bool,
    },
}

/// A board: names, neighbours and terrain of its cells.
#[derive(Clone, Debug)]
pub struct Board {
    shape: Shape,
    names: Vec<String>,
    index: HashMap<String, CellId>,
    nbr_start: Vec<u32>,
    nbr: Vec<CellId>,
    terrain: Vec<Terrain>,
    /// For grid shapes: (column, row) of each cell, row 0 on top. For regions: the
    /// centre tile of the area.
    coords: Vec<(i16, i16)>,
}

/// Why a board could not be built.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BoardError {
    Size(String),
    DuplicateName(String),
    BadName(String),
    Disconnected,
}

impl std::fmt::Display for BoardError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            BoardError::Size(s) => write!(f, "bad board size: {s}"),
            BoardError::DuplicateName(n) => write!(f, "two areas are named {n}"),
            BoardError::BadName(n) => write!(
                f,
                "{} is not a valid area name ([a-z0-9-]+)",
                crate::quote::quoted(n)
            ),
            BoardError::Disconnected => write!(f, "the map's areas are not all connected"),
        }
    }
}

/// The steps from a tile in row `y` to its neighbours: four on a square grid; six on
/// a field of pointy-top hexes whose odd rows (`b`, `d`, …) are shifted half a cell
/// right, in the order of the hex's edges from its right one clockwise (right,
/// lower right, lower left, left, upper left, upper right).
pub fn tile_steps(hex: bool, y: usize) -> &'static [(isize, isize)] {
    if !hex {
        &[(1, 0), (0, 1), (-1, 0), (0, -1)]
    } else if y % 2 == 1 {
        &[(1, 0), (1, 1), (0, 1), (-1, 0), (0, -1), (1, -1)]
    } else {
        &[(1, 0), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1)]
    }
}

/// The tiles next to tile `t` of a `w` x `h` grid (see [`tile_steps`]), by edge;
/// `None` past the grid's border.
pub fn tile_neighbours(
    hex: bool,
    w: usize,
    h: usize,
    t: usize,
) -> impl Iterator<Item = Option<usize>> {
    let (x, y) = (t % w.max(1), t / w.max(1));
    tile_steps(hex, y).iter().map(move |&(dx, dy)| {
        let (nx, ny) = (x as isize + dx, y as isize + dy);
        (nx >= 0 && ny >= 0 && (nx as usize) < w && (ny as usize) < h)
            .then(|| ny as usize * w + nx as usize)
    })
}

/// The column letter of a 0-based column (a, b, …, z, then aa, ab, …).
pub fn column_letters(mut col: u16) -> String {
    let mut s = Vec::new();
    loop {
        s.push(b'a' + (col % 26) as u8);
        if col < 26 {
            break;
        }
        col = col / 26 - 1;
    }
    s.reverse();
    String::from_utf8(s).unwrap_or_default()
}

fn valid_area_name(n: &str) -> bool {
    !n.is_empty()
        && n.bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
}

/// Where a tile's centre is, in whole numbers in proportion to the drawing: on hex
/// tiles half a cell right on odd rows, and rows closer (7/8 of a tile's width).
fn spot(hex: bool, x: usize, y: usize) -> (i64, i64) {
    if hex {
        (8 * x as i64 + 4 * (y as i64 % 2), 7 * y as i64)
    } else {
        (x as i64, y as i64)
    }
}

impl Board {
    fn build(
        shape: Shape,
        names: Vec<String>,
        coords: Vec<(i16, i16)>,
        adjacency: Vec<Vec<CellId>>,
        terrain: Vec<Terrain>,
    ) -> Result<Board, BoardError> {
        let mut index = HashMap::with_capacity(names.len());
        for (i, n) in names.iter().enumerate() {
            if index.insert(n.clone(), i as CellId).is_some() {
                return Err(BoardError::DuplicateName(n.clone()));
            }
        }
        let mut nbr_start = Vec::with_capacity(names.len() + 1);
        let mut nbr = Vec::new();
        for mut list in adjacency {
            sort_small(&mut list);
            list.dedup();
            nbr_start.push(nbr.len() as u32);
            nbr.extend(list);
        }
        nbr_start.push(nbr.len() as u32);
        Ok(Board {
            shape,
            names,
            index,
            nbr_start,
            nbr,
            terrain,
            coords,
        })
    }

    /// A rectangular grid of cells (squares or offset hexes): cell id `y * width + x`,
    /// `name(x, y)` and `offsets(y)` (the neighbour steps from row `y`) given.
    fn grid(
        shape: Shape,
        width: u16,
        height: u16,
        name: impl Fn(i32, i32) -> String,
        offsets: impl Fn(i32) -> Vec<(i32, i32)>,
    ) -> Result<Board, BoardError> {
        let (w, h) = (width as i32, height as i32);
        let mut names = Vec::new();
        let mut coords = Vec::new();
        let mut adj = Vec::new();
        for y in 0..h {
            let steps = offsets(y);
            for x in 0..w {
                names.push(name(x, y));
                coords.push((x as i16, y as i16));
                let list = steps
                    .iter()
                    .map(|(dx, dy)| (x + dx, y + dy))
                    .filter(|&(nx, ny)| nx >= 0 && ny >= 0 && nx < w && ny < h)
                    .map(|(nx, ny)| (ny * w + nx) as CellId)
                    .collect();
                adj.push(list);
            }
        }
        let n = names.len();
        Board::build(shape, names, coords, adj, vec![Terrain::Land; n])
    }

    /// A `width` x `height` square grid with orthogonal adjacency.
    pub fn square(width: u16, height: u16) -> Result<Board, BoardError> {
        if !(1..=26).contains(&width) || !(1..=99).contains(&height) {
            return Err(BoardError::Size(format!("{width}x{height}")));
        }
        let h = height as i32;
        Board::grid(
            Shape::Square { width, height },
            width,
            height,
            |x, y| format!("{}{}", column_letters(x as u16), h - y),
            |_| vec![(0, -1), (-1, 0), (1, 0), (0, 1)],
        )
    }

    /// The hexagon of pointy-top hexes with `side` cells on each side.
    pub fn hexagon(side: u16) -> Result<Board, BoardError> {
        if !(2..=13).contains(&side) {
            return Err(BoardError::Size(format!("hexagon side {side}")));
        }
        let r = side as i32 - 1;
        // Axial coordinates (q, r), row by row from the top.
        let mut axial = Vec::new();
        for row in -r..=r {
            let qmin = (-r).max(-r - row);
            let qmax = r.min(r - row);
            for q in qmin..=qmax {
                axial.push((q, row));
            }
        }
        // A cell's index by its coordinates: a search of the list, once per board (a
        // map of its own type costs the app's wasm more than it saves here).
        let pos = |c: (i32, i32)| axial.iter().position(|&a| a == c);
        let mut names = Vec::new();
        let mut coords = Vec::new();
        let mut adj = Vec::new();
        for &(q, row) in &axial {
            let qmin = (-r).max(-r - row);
            names.push(format!(
                "{}{}",
                column_letters((row + r) as u16),
                q - qmin + 1
            ));
            coords.push((q as i16, row as i16));
            let mut list = Vec::new();
            for (dq, dr) in [(1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1)] {
                if let Some(j) = pos((q + dq, row + dr)) {
                    list.push(j as CellId);
                }
            }
            adj.push(list);
        }
        let n = names.len();
        Board::build(
            Shape::Hexagon { side },
            names,
            coords,
            adj,
            vec![Terrain::Land; n],
        )
    }

    /// A rectangular field of pointy-top hexes; rows `b`, `d`, … are shifted half a cell right.
    pub fn hex_rect(width: u16, height: u16) -> Result<Board, BoardError> {
        if !(1..=99).contains(&width) || !(1..=26).contains(&height) {
            return Err(BoardError::Size(format!("{width}x{height}")));
        }
        Board::grid(
            Shape::HexRect { width, height },
            width,
            height,
            |x, y| format!("{}{}", column_letters(y as u16), x + 1),
            |y| {
                tile_steps(true, y as usize)
                    .iter()
                    .map(|&(dx, dy)| (dx as i32, dy as i32))
                    .collect()
            },
        )
    }

    /// An irregular map: `tiles` (row-major, `width` x `height`) gives each unit tile's
    /// area, `names` and `terrain` one entry per area. Areas are adjacent when two of
    /// their tiles share an edge. Every area must own a tile and the map must be connected.
    pub fn regions(
        width: u16,
        height: u16,
        tiles: Vec<Option<CellId>>,
        names: Vec<String>,
        terrain: Vec<Terrain>,
    ) -> Result<Board, BoardError> {
        Board::tiled(false, width, height, tiles, names, terrain)
    }

    /// An irregular map as [`Board::regions`] draws one, on square tiles or (`hex`)
    /// on pointy-top hex tiles laid out as [`Board::hex_rect`]'s cells.
    pub fn tiled(
        hex: bool,
        width: u16,
        height: u16,
        tiles: Vec<Option<CellId>>,
        names: Vec<String>,
        terrain: Vec<Terrain>,
    ) -> Result<Board, BoardError> {
        let (w, h) = (width as usize, height as usize);
        if w == 0
            || h == 0
            || tiles.len() != w * h
            || names.len() != terrain.len()
            || names.is_empty()
        {
            return Err(BoardError::Size(format!("{width}x{height} regions")));
        }
        if let Some(bad) = names.iter().find(|n| !valid_area_name(n)) {
            return Err(BoardError::BadName(bad.clone()));
        }
        let n = names.len();
        let mut adj = vec![Vec::new(); n];
        let mut sums = vec![(0i64, 0i64, 0i64); n];
        for y in 0..h {
            for x in 0..w {
                let Some(a) = tiles[y * w + x] else { continue };
                let a = a as usize;
                if a >= n {
                    return Err(BoardError::Size(format!("tile area {a} of {n}")));
                }
                let (px, py) = spot(hex, x, y);
                sums[a].0 += px;
                sums[a].1 += py;
                sums[a].2 += 1;
                for near in tile_neighbours(hex, w, h, y * w + x).flatten() {
                    if let Some(b) = tiles[near] {
                        let b = b as usize;
                        if b != a && b < n {
                            adj[a].push(b as CellId);
                        }
                    }
                }
            }
        }
        if sums.iter().any(|s| s.2 == 0) {
            return Err(BoardError::Size("an area has no tile".into()));
        }
        // The label tile: the area's tile nearest its centre of mass.
        let mut coords = vec![(0i16, 0i16); n];
        let mut best = vec![i64::MAX; n];
        for y in 0..h {
            for x in 0..w {
                let Some(a) = tiles[y * w + x] else { continue };
                let a = a as usize;
                let (sx, sy, c) = sums[a];
                let (px, py) = spot(hex, x, y);
                let d = (px * c - sx).pow(2) + (py * c - sy).pow(2);
                if d < best[a] {
                    best[a] = d;
                    coords[a] = (x as i16, y as i16);
                }
            }
        }
        let board = Board::build(
            Shape::Regions {
                width,
                height,
                tiles,
                hex,
            },
            names,
            coords,
            adj,
            terrain,
        )?;
        if !board.is_connected() {
            return Err(BoardError::Disconnected);
        }
        Ok(board)
    }

    /// Sets the terrain of one cell (used by map builders).
    pub fn set_terrain(&mut self, cell: CellId, terrain: Terrain) {
        if let Some(t) = self.terrain.get_mut(cell as usize) {
            *t = terrain;
        }
    }

    fn is_connected(&self) -> bool {
        let mut seen = vec![false; self.len()];
        let mut stack = vec![0 as CellId];
        seen[0] = true;
        let mut count = 1;
        while let Some(c) = stack.pop() {
            for &n in self.neighbours(c) {
                if !seen[n as usize] {
                    seen[n as usize] = true;
                    count += 1;
                    stack.push(n);
                }
            }
        }
        count == self.len()
    }

    /// Number of cells.
    #[inline]
    pub fn len(&self) -> usize {
        self.names.len()
    }

    /// True when the board has no cells (never for a built board).
    pub fn is_empty(&self) -> bool {
        self.names.is_empty()
    }

    /// The neighbours of a cell (sorted).
    #[inline]
    pub fn neighbours(&self, cell: CellId) -> &[CellId] {
        let c = cell as usize;
        &self.nbr[self.nbr_start[c] as usize..self.nbr_start[c + 1] as usize]
    }

    /// True when `a` and `b` are neighbours.
    pub fn adjacent(&self, a: CellId, b: CellId) -> bool {
        self.neighbours(a).binary_search(&b).is_ok()
    }

    /// The cell's name in the notation.
    pub fn name(&self, cell: CellId) -> &str {
        self.names
            .get(cell as usize)
            .map(String::as_str)
            .unwrap_or("?")
    }

    /// The cell with this name.
    pub fn cell(&self, name: &str) -> Option<CellId> {
        self.index.get(name).copied()
    }

    /// The cell's terrain.
    #[inline]
    pub fn terrain(&self, cell: CellId) -> Terrain {
        self.terrain[cell as usize]
    }

    /// The layout.
    pub fn shape(&self) -> &Shape {
        &self.shape
    }

    /// Grid coordinates (column, row from the top; axial `(q, r)` for the hexagon,
    /// the label tile for regions).
    pub fn coords(&self, cell: CellId) -> (i16, i16) {
        self.coords[cell as usize]
    }

    /// All cell ids.
    pub fn cells(&self) -> impl Iterator<Item = CellId> + '_ {
        (0..self.len()).map(|c| c as CellId)
    }

    /// The number of steps between two cells along this board's adjacency, ignoring
    /// terrain: on grids from the coordinates (squares: rows plus columns; hexes: cube
    /// coordinates), on irregular maps by a breadth-first walk (`u32::MAX` when the
    /// cells are not connected or not on the board).
    pub fn distance(&self, a: CellId, b: CellId) -> u32 {
        if a as usize >= self.len() || b as usize >= self.len() {
            return u32::MAX;
        }
        let (ax, ay) = self.coords(a);
        let (bx, by) = self.coords(b);
        let (ax, ay, bx, by) = (ax as i32, ay as i32, bx as i32, by as i32);
        let cube = |(q, r): (i32, i32)| (q, r, -q - r);
        let hex = |a: (i32, i32, i32), b: (i32, i32, i32)| {
            (((a.0 - b.0).abs() + (a.1 - b.1).abs() + (a.2 - b.2).abs()) / 2) as u32
        };
        match self.shape {
            Shape::Square { .. } => ((ax - bx).abs() + (ay - by).abs()) as u32,
            // Axial (q, r) already.
            Shape::Hexagon { .. } => hex(cube((ax, ay)), cube((bx, by))),
            // Odd rows shifted right: offset to axial, then cube.
            Shape::HexRect { .. } => {
                let axial = |x: i32, y: i32| (x - (y - (y & 1)) / 2, y);
                hex(cube(axial(ax, ay)), cube(axial(bx, by)))
            }
            Shape::Regions { .. } => self.walk_distance(a, b),
        }
    }

    fn walk_distance(&self, a: CellId, b: CellId) -> u32 {
        let mut dist = vec![u32::MAX; self.len()];
        let mut queue = std::collections::VecDeque::from([a]);
        dist[a as usize] = 0;
        while let Some(c) = queue.pop_front() {
            if c == b {
                return dist[c as usize];
            }
            for &n in self.neighbours(c) {
                if dist[n as usize] == u32::MAX {
                    dist[n as usize] = dist[c as usize] + 1;
                    queue.push_back(n);
                }
            }
        }
        u32::MAX
    }
}

/// Sorts a short list (a cell's neighbours) by insertion: the standard library's sort
/// would bring its own code into the app's wasm for this one type.
pub fn sort_small<T: Ord + Copy>(v: &mut [T]) {
    for i in 1..v.len() {
        let x = v[i];
        let mut j = i;
        while j > 0 && v[j - 1] > x {
            v[j] = v[j - 1];
            j -= 1;
        }
        v[j] = x;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// On every kind of board, the distance is the breadth-first walk's.
    #[test]
    fn distance_agrees_with_the_walk() {
        let boards = [
            Board::square(6, 5).unwrap(),
            Board::hexagon(5).unwrap(),
            Board::hex_rect(7, 6).unwrap(),
        ];
        for b in &boards {
            for x in b.cells() {
                for y in b.cells() {
                    assert_eq!(
                        b.distance(x, y),
                        b.walk_distance(x, y),
                        "{} {}",
                        b.name(x),
                        b.name(y)
                    );
                }
            }
        }
    }

    #[test]
    fn square_names_and_neighbours() {
        let b = Board::square(6, 6).unwrap();
        assert_eq!(b.len(), 36);
        let a1 = b.cell("a1").unwrap();
        assert_eq!(b.name(a1), "a1");
        let names: Vec<&str> = b.neighbours(a1).iter().map(|&c| b.name(c)).collect();
        assert_eq!(names.len(), 2);
        assert!(names.contains(&"a2") && names.contains(&"b1"));
        let c3 = b.cell("c3").unwrap();
        assert_eq!(b.neighbours(c3).len(), 4);
        assert!(!b.adjacent(c3, b.cell("d4").unwrap()), "no diagonals");
    }

    #[test]
    fn hexagon_is_the_fort_board() {
        let b = Board::hexagon(5).unwrap();
        assert_eq!(b.len(), 61);
        assert!(b.cell("e9").is_some() && b.cell("e10").is_none());
        assert!(b.cell("a5").is_some() && b.cell("a6").is_none());
        assert!(b.cell("i5").is_some());
        let e1 = b.cell("e1").unwrap();
        assert_eq!(b.neighbours(e1).len(), 3);
        let e5 = b.cell("e5").unwrap();
        let around: Vec<&str> = b.neighbours(e5).iter().map(|&c| b.name(c)).collect();
        for n in ["e4", "e6", "d4", "d5", "f4", "f5"] {
            assert!(around.contains(&n), "{n} next to e5: {around:?}");
        }
    }

    #[test]
    fn hex_rect_shifts_odd_rows_right() {
        let b = Board::hex_rect(5, 4).unwrap();
        let b1 = b.cell("b1").unwrap();
        let around: Vec<&str> = b.neighbours(b1).iter().map(|&c| b.name(c)).collect();
        for n in ["a1", "a2", "b2", "c1", "c2"] {
            assert!(around.contains(&n), "{n} next to b1: {around:?}");
        }
        let a2 = b.cell("a2").unwrap();
        let around: Vec<&str> = b.neighbours(a2).iter().map(|&c| b.name(c)).collect();
        for n in ["a1", "a3", "b1", "b2"] {
            assert!(around.contains(&n), "{n} next to a2: {around:?}");
        }
        assert_eq!(around.len(), 4);
    }

    #[test]
    fn regions_adjacency_and_errors() {
        let t = |v: &[u8]| {
            v.iter()
                .map(|&x| if x == 9 { None } else { Some(x as CellId) })
                .collect()
        };
        let names = vec!["west".to_string(), "east".to_string(), "south".to_string()];
        let b = Board::regions(
            3,
            2,
            t(&[0, 0, 1, 2, 2, 1]),
            names.clone(),
            vec![Terrain::Land; 3],
        )
        .unwrap();
        assert!(b.adjacent(0, 1) && b.adjacent(0, 2) && b.adjacent(1, 2));
        let err = Board::regions(
            3,
            2,
            t(&[0, 9, 1, 9, 9, 1]),
            names[..2].to_vec(),
            vec![Terrain::Land; 2],
        );
        assert_eq!(err.unwrap_err(), BoardError::Disconnected);
        let err = Board::regions(1, 1, t(&[0]), vec!["Bad".into()], vec![Terrain::Land]);
        assert!(matches!(err, Err(BoardError::BadName(_))));
    }

    #[test]
    fn column_letters_go_past_z() {
        assert_eq!(column_letters(0), "a");
        assert_eq!(column_letters(25), "z");
        assert_eq!(column_letters(26), "aa");
    }
}
