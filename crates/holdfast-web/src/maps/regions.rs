//! The map editor's draft of a Fortress map: a field of square or hex tiles, each in an
//! area (or none), and each area's terrain, value, capacity and defence; painted
//! tile by tile, so areas are split (paint part of one with a new area) and merged
//! (paint one over another, or merge it whole). It writes the setup's drawn map
//! (`"map": "custom"`, `holdfast_rules::fortress::regions`), and reads that, and
//! every shipped map, back.

use holdfast_rules::board::Shape;
use holdfast_rules::fortress::regions::{
    AreaSpec, AreaTerrain, RegionsSpec, CUSTOM, MAX_HEIGHT, MAX_WIDTH,
};
use holdfast_rules::fortress::{Fortress, FortressMap, FortressSetup};
use holdfast_rules::{Game, SetupError, Terrain};
use serde_json::{json, Value};

use super::draft::{hex_partner, spot, Problem, Symmetry};
use super::history::History;

/// The characters a drawn map's legend uses, one an area (never `.`, `"` or `\`):
/// Latin letters and digits first, then signs and Greek letters, for maps of up to
/// [`MAX_AREAS`] areas (Square 10x10 has 100).
pub const KEYS: &str =
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789!#$%&*+-/:;<=>?@^_~\
    ΑΒΓΔΕΖΗΘΙΚΛΜΝΞΟΠΡΣΤΥΦΧΨΩαβγδεζηθικλμνξοπρστυφχψω";
/// At most this many areas.
pub const MAX_AREAS: usize = 128;
/// Smallest field.
pub const MIN_SIDE: u16 = 2;

/// A Fortress map being drawn.
#[derive(Clone, Debug, PartialEq)]
pub struct RegionSketch {
    pub width: u16,
    pub height: u16,
    /// Row by row from the top: each tile's area, or none.
    pub tiles: Vec<Option<u8>>,
    /// The areas (one with no tile is left out of the map written).
    pub areas: Vec<AreaSpec>,
    pub players: u8,
    /// Hex tiles (odd rows shifted half a tile right) rather than squares.
    pub hex: bool,
}

/// The editor's draft of a Fortress map.
pub type RegionDraft = History<RegionSketch>;

impl RegionSketch {
    /// The tiles of area `a`.
    pub fn tiles_of(&self, a: u8) -> usize {
        self.tiles.iter().filter(|t| **t == Some(a)).count()
    }

    /// The areas with tiles, in the order their first tiles are read.
    pub fn used(&self) -> Vec<u8> {
        let mut used: Vec<u8> = Vec::new();
        for a in self.tiles.iter().flatten() {
            if !used.contains(a) {
                used.push(*a);
            }
        }
        used
    }

    /// The area the spec's character `c` stands for.
    pub fn area_of_key(&self, c: char) -> Option<u8> {
        let i = KEYS.chars().position(|k| k == c)?;
        self.used().get(i).copied()
    }

    /// The drawn map, its areas keyed in the order their first tiles are read.
    pub fn spec(&self) -> RegionsSpec {
        let used = self.used();
        let key = |a: u8| {
            used.iter()
                .position(|&u| u == a)
                .and_then(|i| KEYS.chars().nth(i))
        };
        let rows = (0..self.height as usize)
            .map(|y| {
                (0..self.width as usize)
                    .map(|x| {
                        self.tiles[y * self.width as usize + x]
                            .and_then(key)
                            .unwrap_or('.')
                    })
                    .collect()
            })
            .collect();
        let mut areas: Vec<(char, AreaSpec)> = used
            .iter()
            .filter_map(|&a| Some((key(a)?, self.areas[a as usize].clone())))
            .collect();
        // An area left unnamed is `r` and its place in reading order; where that is
        // another area's own name, it is given a free `r` number of its own.
        let taken: Vec<String> = areas.iter().filter_map(|a| a.1.name.clone()).collect();
        let mut free = areas.len() + 1;
        for (i, (_, a)) in areas.iter_mut().enumerate() {
            if a.name.is_none() && taken.contains(&format!("r{}", i + 1)) {
                while taken.contains(&format!("r{free}")) {
                    free += 1;
                }
                a.name = Some(format!("r{free}"));
                free += 1;
            }
        }
        RegionsSpec {
            hex: self.hex,
            ..RegionsSpec::from_areas(rows, &areas)
        }
    }

    /// The setup the map makes.
    pub fn setup(&self) -> Value {
        json!({ "map": CUSTOM, "players": self.players, "regions": self.spec() })
    }

    /// Why a game cannot start on the map (the rules' reason), if it cannot.
    pub fn problems(&self) -> Vec<Problem> {
        let setup = serde_json::from_value::<FortressSetup>(self.setup())
            .map_err(|e| SetupError::Json(e.to_string()));
        match setup.and_then(|s| Fortress::new(&s).map(drop)) {
            Ok(()) => vec![],
            Err(e) => vec![Problem::Rules(e)],
        }
    }

    pub fn playable(&self) -> bool {
        self.problems().is_empty()
    }

    /// The tile across the field from `t` under `symmetry`.
    pub fn partner(&self, t: usize, symmetry: Symmetry) -> Option<usize> {
        let (w, h) = (self.width as usize, self.height as usize);
        if self.hex {
            return hex_partner(self.width, self.height, t, symmetry);
        }
        if t >= w * h {
            return None;
        }
        let (x, y) = (t % w, t / w);
        match symmetry {
            Symmetry::Off => None,
            Symmetry::Mirror => Some(y * w + (w - 1 - x)),
            Symmetry::Turn => Some((h - 1 - y) * w + (w - 1 - x)),
        }
    }

    /// The sketch of a drawn map, whether or not the rules take it (the editor
    /// keeps a map half drawn): rows padded to the longest, a tile whose key the
    /// legend lacks given an area of its own.
    fn from_spec(spec: &RegionsSpec, players: u8) -> Option<RegionSketch> {
        let width = spec.rows.iter().map(|r| r.chars().count()).max()?;
        let height = spec.rows.len();
        if width == 0 || width > MAX_WIDTH || height > MAX_HEIGHT {
            return None;
        }
        let keys = spec.keys_in_order();
        if keys.len() > MAX_AREAS {
            return None;
        }
        let tiles = spec
            .rows
            .iter()
            .flat_map(|r| {
                let pad = width - r.chars().count();
                r.chars().chain(std::iter::repeat_n('.', pad))
            })
            .map(|c| keys.iter().position(|&k| k == c).map(|i| i as u8))
            .collect();
        let areas = keys.iter().map(|&k| spec.area(k)).collect();
        Some(RegionSketch {
            width: width as u16,
            height: height as u16,
            tiles,
            areas,
            players,
            hex: spec.hex,
        })
    }

    /// The sketch of a setup's map: a drawn one, or a shipped square, hexagon or
    /// region map (each square or hex its own area, named as on the board).
    pub fn from_setup(setup: &Value) -> Option<RegionSketch> {
        let s: FortressSetup = serde_json::from_value(setup.clone()).ok()?;
        let players = s.players.clamp(2, 4);
        if let Some(spec) = &s.regions {
            return RegionSketch::from_spec(spec, players);
        }
        let map = FortressMap::of_setup(&s).ok()?;
        let b = &map.board;
        if b.len() > MAX_AREAS {
            return None;
        }
        let (width, height, tiles, hex) = match b.shape() {
            Shape::Square { width, height } => (
                *width,
                *height,
                (0..b.len()).map(|c| Some(c as u8)).collect::<Vec<_>>(),
                false,
            ),
            Shape::Regions {
                width,
                height,
                tiles,
                hex,
            } => (
                *width,
                *height,
                tiles.iter().map(|t| t.map(|c| c as u8)).collect(),
                *hex,
            ),
            Shape::Hexagon { .. } => {
                let (w, h, tiles) = hexagon_tiles(b)?;
                (w, h, tiles, true)
            }
            Shape::HexRect { .. } => return None,
        };
        let areas = b
            .cells()
            .map(|c| {
                let i = c as usize;
                AreaSpec {
                    name: Some(b.name(c).to_string()),
                    terrain: match b.terrain(c) {
                        Terrain::Land => AreaTerrain::Land,
                        Terrain::Sea => AreaTerrain::Sea,
                        Terrain::Mountain => AreaTerrain::Mountain,
                    },
                    value: Some(map.value[i]),
                    capacity: Some(map.capacity[i]),
                    defence: Some(map.defence[i]),
                }
            })
            .collect();
        Some(RegionSketch {
            width,
            height,
            tiles,
            areas,
            players,
            hex,
        })
    }
}

/// The hexagon's cells on a field of hex tiles, each its own area: a cell's axial
/// `(q, r)` is the tile of row `r` from the top and column `q + row / 2`, moved
/// left as far as the field allows (the odd rows' shift is the hexagon's slant).
fn hexagon_tiles(b: &holdfast_rules::Board) -> Option<(u16, u16, Vec<Option<u8>>)> {
    let top = b.cells().map(|c| b.coords(c).1).min()?;
    let spots: Vec<(i32, i32)> = b
        .cells()
        .map(|c| {
            let (q, r) = b.coords(c);
            let y = (r - top) as i32;
            (q as i32 + y / 2, y)
        })
        .collect();
    let left = spots.iter().map(|s| s.0).min()?;
    let w = (spots.iter().map(|s| s.0).max()? - left + 1) as usize;
    let h = (spots.iter().map(|s| s.1).max()? + 1) as usize;
    if w > MAX_WIDTH || h > MAX_HEIGHT {
        return None;
    }
    let mut tiles = vec![None; w * h];
    for (c, (x, y)) in spots.into_iter().enumerate() {
        tiles[y as usize * w + (x - left) as usize] = Some(c as u8);
    }
    Some((w as u16, h as u16, tiles))
}

/// An area with no tile in `s` other than `not` (made when there is none, up to
/// [`MAX_AREAS`]).
fn free_area(s: &mut RegionSketch, not: u8) -> Option<u8> {
    if let Some(b) = (0..s.areas.len() as u8).find(|&b| b != not && s.tiles_of(b) == 0) {
        return Some(b);
    }
    if s.areas.len() >= MAX_AREAS {
        return None;
    }
    s.areas.push(AreaSpec::default());
    Some(s.areas.len() as u8 - 1)
}

impl RegionDraft {
    /// A fresh map: the Classic board's 36 squares, each an area, to merge and
    /// split.
    pub fn blank() -> RegionDraft {
        let setup = json!({ "map": "classic", "players": 2 });
        let now = RegionSketch::from_setup(&setup).unwrap_or(RegionSketch {
            width: 6,
            height: 6,
            tiles: vec![Some(0); 36],
            areas: vec![AreaSpec::default()],
            players: 2,
            hex: false,
        });
        History::new(now)
    }

    /// Paints tile `t` with area `area` (`None`: no tile), and its partner under
    /// `symmetry` with the area's twin: the area across from its first tile (an
    /// area on the axis is its own twin), or a new area of the same terrain and
    /// numbers when nothing is across from it yet.
    pub fn paint(&mut self, t: usize, area: Option<u8>, symmetry: Symmetry) -> bool {
        let n = self.now.tiles.len();
        if t >= n || area.is_some_and(|a| a as usize >= self.now.areas.len()) {
            return false;
        }
        let mut next = self.now.clone();
        next.tiles[t] = area;
        if let Some(p) = self.now.partner(t, symmetry).filter(|&p| p != t) {
            next.tiles[p] = match area {
                None => None,
                Some(a) => match self.twin(a, symmetry) {
                    Some(b) => Some(b),
                    None => {
                        let Some(b) = free_area(&mut next, a) else {
                            return false;
                        };
                        next.areas[b as usize] = AreaSpec {
                            name: None,
                            ..next.areas[a as usize].clone()
                        };
                        Some(b)
                    }
                },
            };
        }
        self.step(next)
    }

    /// The area across from area `a`'s first tile, if there is one.
    fn twin(&self, a: u8, symmetry: Symmetry) -> Option<u8> {
        let first = self.now.tiles.iter().position(|&x| x == Some(a))?;
        let across = self.now.partner(first, symmetry)?;
        self.now.tiles[across]
    }

    /// A new area with no tile yet (`None` when there are as many as the legend
    /// has keys): its index, to paint with.
    pub fn add_area(&mut self, terrain: AreaTerrain) -> Option<u8> {
        // An area left with no tile is taken again rather than a new one made.
        let free = (0..self.now.areas.len() as u8).find(|&a| self.now.tiles_of(a) == 0);
        let mut next = self.now.clone();
        let a = match free {
            Some(a) => a,
            None if next.areas.len() < MAX_AREAS => {
                next.areas.push(AreaSpec::default());
                next.areas.len() as u8 - 1
            }
            None => return None,
        };
        next.areas[a as usize] = AreaSpec {
            terrain,
            ..Default::default()
        };
        self.step(next);
        Some(a)
    }

    /// Changes what area `a` is (its name, terrain and numbers).
    pub fn set_area(&mut self, a: u8, spec: AreaSpec) -> bool {
        if a as usize >= self.now.areas.len() {
            return false;
        }
        let mut next = self.now.clone();
        next.areas[a as usize] = spec;
        self.step(next)
    }

    /// Area `from` joins area `into`: its tiles become `into`'s.
    pub fn merge(&mut self, from: u8, into: u8) -> bool {
        if from == into || into as usize >= self.now.areas.len() {
            return false;
        }
        let mut next = self.now.clone();
        for t in &mut next.tiles {
            if *t == Some(from) {
                *t = Some(into);
            }
        }
        self.step(next)
    }

    /// A new field size: tiles keep their place from the top left; new ones are in
    /// no area.
    pub fn resize(&mut self, width: u16, height: u16) -> bool {
        let (w, h) = (
            width.clamp(MIN_SIDE, MAX_WIDTH as u16) as usize,
            height.clamp(MIN_SIDE, MAX_HEIGHT as u16) as usize,
        );
        let old = &self.now;
        let mut tiles = vec![None; w * h];
        for (t, &a) in old.tiles.iter().enumerate() {
            let (x, y) = (t % old.width as usize, t / old.width as usize);
            if x < w && y < h {
                tiles[y * w + x] = a;
            }
        }
        let next = RegionSketch {
            width: w as u16,
            height: h as u16,
            tiles,
            ..old.clone()
        };
        self.step(next)
    }

    /// Hex tiles, or square ones: the tiles stay where they are in the rows, and
    /// touch six others or four.
    pub fn set_hex(&mut self, hex: bool) -> bool {
        let next = RegionSketch {
            hex,
            ..self.now.clone()
        };
        self.step(next)
    }

    pub fn set_players(&mut self, players: u8) -> bool {
        if !(2..=4).contains(&players) {
            return false;
        }
        let next = RegionSketch {
            players,
            ..self.now.clone()
        };
        self.step(next)
    }

    /// Makes the map symmetric: the tiles of the first half (the left, or the top
    /// rows for a half turn) drawn again across it, each area there given a twin
    /// of the same terrain and numbers (a tile on the axis stays as it is).
    pub fn make_symmetric(&mut self, symmetry: Symmetry) -> bool {
        if symmetry == Symmetry::Off {
            return false;
        }
        let mut next = self.now.clone();
        let n = next.tiles.len();
        let mut twins: Vec<(u8, u8)> = Vec::new();
        // First half: the partner comes later in reading order, or (a mirror) is
        // to the right.
        let across = |t: usize| match next.hex {
            true => spot(next.width, t).0,
            false => (t % next.width as usize) as i32,
        };
        let first = |t: usize, p: usize| match symmetry {
            Symmetry::Mirror => across(t) > across(p),
            _ => t > p,
        };
        // Tiles of the second half are cleared first, then drawn from the first.
        let pairs: Vec<(usize, usize)> = (0..n)
            .filter_map(|t| {
                let p = self.now.partner(t, symmetry)?;
                (p != t && first(p, t)).then_some((t, p))
            })
            .collect();
        for &(_, p) in &pairs {
            next.tiles[p] = None;
        }
        for &(t, p) in &pairs {
            let Some(a) = self.now.tiles[t] else { continue };
            let twin = match twins.iter().find(|x| x.0 == a) {
                Some(&(_, b)) => b,
                None => {
                    let free = (0..next.areas.len() as u8).find(|&b| {
                        next.tiles_of(b) == 0
                            && !twins.iter().any(|x| x.0 == b || x.1 == b)
                            && self.now.tiles_of(b) == 0
                    });
                    let b = match free {
                        Some(b) => b,
                        None if next.areas.len() < MAX_AREAS => {
                            next.areas.push(AreaSpec::default());
                            next.areas.len() as u8 - 1
                        }
                        None => return false,
                    };
                    next.areas[b as usize] = AreaSpec {
                        name: None,
                        ..self.now.areas[a as usize].clone()
                    };
                    twins.push((a, b));
                    b
                }
            };
            next.tiles[p] = Some(twin);
        }
        // (The same map with its areas numbered otherwise is no change.)
        if next.spec() == self.now.spec() {
            return false;
        }
        self.step(next)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_shipped_maps_read_back_as_drawn_maps_of_the_same_board() {
        for id in [
            "classic",
            "square-8",
            "square-10",
            "hex",
            "archipelago",
            "generated",
        ] {
            let setup = json!({ "map": id, "players": 2, "seed": 3 });
            let sketch = RegionSketch::from_setup(&setup).expect(id);
            assert!(sketch.playable(), "{id}: {:?}", sketch.problems());
            let drawn: FortressSetup = serde_json::from_value(sketch.setup()).unwrap();
            let a = Fortress::new(&serde_json::from_value(setup).unwrap()).unwrap();
            let b = Fortress::new(&drawn).unwrap();
            // The same areas (the drawn map numbers them in reading order), each
            // with the same neighbours, terrain and numbers.
            let areas = |g: &Fortress| {
                let (b, m) = (g.board(), g.map());
                let mut v: Vec<_> = b
                    .cells()
                    .map(|c| {
                        let mut n: Vec<&str> = b.neighbours(c).iter().map(|&x| b.name(x)).collect();
                        n.sort();
                        let i = c as usize;
                        let numbers = (m.value[i], m.capacity[i], m.defence[i]);
                        (b.name(c).to_string(), n.join(" "), b.terrain(c), numbers)
                    })
                    .collect();
                v.sort_by(|x, y| x.0.cmp(&y.0));
                v
            };
            assert_eq!(areas(&a), areas(&b), "{id}");
            // Read back from its own setup: the same map.
            let back = RegionSketch::from_setup(&sketch.setup()).unwrap();
            assert_eq!(back.spec(), sketch.spec(), "{id}");
        }
        // The hexagon on hex tiles: its rows centred, seven tiles at the widest.
        let hex = RegionSketch::from_setup(&json!({ "map": "hex" })).unwrap();
        assert!(hex.hex);
        assert_eq!(hex.spec().rows[0], "..ABCD.");
        assert_eq!(hex.spec().rows[3].len(), 7);
    }

    #[test]
    fn on_hex_tiles_symmetry_paints_the_hex_across() {
        let mut d = RegionDraft::blank();
        assert!(d.set_hex(true));
        assert!(d.now.spec().hex);
        // 6x6 hex tiles: a half turn takes the top left tile to the bottom right
        // one; a mirror of the first row's first tile is its last.
        assert_eq!(d.now.partner(0, Symmetry::Turn), Some(35));
        assert_eq!(d.now.partner(0, Symmetry::Mirror), Some(5));
        // Row b is shifted: its last tile has no mirror image in the row.
        assert_eq!(d.now.partner(11, Symmetry::Mirror), None);
        let sea = d.add_area(AreaTerrain::Sea).unwrap();
        assert!(d.paint(14, Some(sea), Symmetry::Turn));
        let twin = d.now.tiles[21].expect("a twin across");
        assert_ne!(twin, sea);
        assert!(d.now.playable(), "{:?}", d.now.problems());
        // Back to squares, and undone to hexes again.
        assert!(d.set_hex(false));
        d.undo();
        assert!(d.now.hex);
    }

    #[test]
    fn painting_splits_and_merges_areas_and_the_checks_say_what_is_wrong() {
        let mut d = RegionDraft::blank();
        let areas = |d: &RegionDraft| d.now.spec().keys_in_order().len();
        assert_eq!(areas(&d), 36);
        // Merge a1's neighbour into a1: 35 areas; undo: 36 again.
        assert!(d.merge(1, 0));
        assert_eq!(areas(&d), 35);
        d.undo();
        assert_eq!(areas(&d), 36);
        // A new area painted over two tiles.
        let sea = d.add_area(AreaTerrain::Sea).unwrap();
        assert!(d.paint(0, Some(sea), Symmetry::Off));
        assert!(d.paint(1, Some(sea), Symmetry::Off));
        assert!(d.now.playable(), "{:?}", d.now.problems());
        // Split an area in two pieces: the rules' reason; the map half drawn is
        // kept as it is (read back from its setup, as a reload does).
        assert!(d.paint(3, Some(sea), Symmetry::Off));
        assert!(matches!(d.now.problems()[..], [Problem::Rules(_)]));
        let back = RegionSketch::from_setup(&d.now.setup()).unwrap();
        assert_eq!(back.spec(), d.now.spec());
        d.undo();
        // A hole that cuts a corner area off: the areas do not all connect.
        d.paint(1, None, Symmetry::Off);
        d.paint(6, None, Symmetry::Off);
        assert!(!d.now.playable());
        // With a half turn, the tile across is painted too: no tile with no tile,
        // an area with its twin (what is across from it), so both stay whole.
        let mut e = RegionDraft::blank();
        e.paint(0, None, Symmetry::Turn);
        assert_eq!(e.now.tiles[35], None);
        let (a1, f6) = (e.now.tiles[1].unwrap(), e.now.tiles[34].unwrap());
        assert!(e.paint(2, Some(a1), Symmetry::Turn));
        assert_eq!((e.now.tiles[2], e.now.tiles[33]), (Some(a1), Some(f6)));
        assert!(e.now.playable(), "{:?}", e.now.problems());
        // A new area: a new twin across from it, of the same terrain.
        let sea = e.add_area(AreaTerrain::Sea).unwrap();
        assert!(e.paint(14, Some(sea), Symmetry::Turn));
        let twin = e.now.tiles[21].unwrap();
        assert_ne!(twin, sea);
        assert_eq!(e.now.areas[twin as usize].terrain, AreaTerrain::Sea);
        assert!(e.paint(15, Some(sea), Symmetry::Turn));
        assert_eq!(e.now.tiles[20], Some(twin));
        assert!(e.now.playable(), "{:?}", e.now.problems());
    }

    #[test]
    fn an_unnamed_area_never_takes_a_name_another_area_has() {
        let mut d = RegionDraft::blank();
        // The first area in reading order is named r2; the second is left unnamed,
        // so "r2" would be its name too.
        d.now.areas[0].name = Some("r2".into());
        d.now.areas[1].name = None;
        assert!(d.now.playable(), "{:?}", d.now.problems());
        let spec = d.now.spec();
        assert_eq!(spec.area('B').name.as_deref(), Some("r37"));
    }

    #[test]
    fn a_half_copied_across_gives_each_area_a_twin() {
        let mut d = RegionDraft::blank();
        // Two areas on the left half: columns a-b and c.
        for t in 0..36 {
            let x = t % 6;
            let a = if x < 2 {
                Some(0)
            } else if x < 3 {
                Some(1)
            } else {
                Some(2)
            };
            d.now.tiles[t] = a;
        }
        d.now.areas[1].value = Some(2);
        assert!(d.make_symmetric(Symmetry::Mirror));
        let spec = d.now.spec();
        assert_eq!(spec.rows[0], "AABCDD");
        assert_eq!(spec.area('C').value, Some(2));
        assert!(d.now.playable(), "{:?}", d.now.problems());
        assert!(!d.make_symmetric(Symmetry::Mirror), "already symmetric");
    }
}
