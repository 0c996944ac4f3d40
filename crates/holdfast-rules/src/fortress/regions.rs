//! A Fortress map drawn by hand and carried in the setup (`"map": "custom"` with
//! `"regions"`), written as the shipped Archipelago is: rows of tiles, one
//! character a tile naming its area (`.` for no tile); areas whose tiles share an
//! edge are neighbours. What differs from an area's defaults is listed by its
//! character. A record or a link of a game on it carries it whole.
//!
//! ```json
//! { "map": "custom", "regions": {
//!     "rows": ["AAB", "ACB"], "names": { "A": "north" }, "sea": "B",
//!     "mountains": "C", "values": { "C": 2 } } }
//! ```
//! Left out: an area's name is `r1`, `r2`, … in the order the areas' first tiles
//! are read (row by row from the top); its terrain land; its value 1 (sea 0); its
//! capacity 3 (sea 1); its defence 0 (mountain 1). With `"hex": true` the tiles
//! are pointy-top hexes, every second row (`b`, `d`, …) shifted half a tile right,
//! as Island Wars' field is. (Fields of the types the other
//! games' setups have: the app's reader for them is already there.)

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::board::{tile_neighbours, Board, CellId, Terrain};
pub use crate::reasons::fortress::RegionsWhy;

/// The `map` of a setup that carries its own.
pub const CUSTOM: &str = "custom";
/// Largest field of tiles (26 columns: as many as a square board names).
pub const MAX_WIDTH: usize = 26;
pub const MAX_HEIGHT: usize = 26;
/// An area's value, capacity and defence are at most these.
pub const MAX_VALUE: u8 = 9;
pub const MAX_CAPACITY: u8 = 9;
pub const MAX_DEFENCE: u8 = 3;

/// An area's terrain.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum AreaTerrain {
    #[default]
    Land,
    Sea,
    Mountain,
}

impl AreaTerrain {
    pub fn terrain(self) -> Terrain {
        match self {
            AreaTerrain::Land => Terrain::Land,
            AreaTerrain::Sea => Terrain::Sea,
            AreaTerrain::Mountain => Terrain::Mountain,
        }
    }
}

/// One area as the spec describes it; a number left out is the terrain's default.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct AreaSpec {
    pub name: Option<String>,
    pub terrain: AreaTerrain,
    pub value: Option<u8>,
    pub capacity: Option<u8>,
    pub defence: Option<u8>,
}

impl AreaSpec {
    /// (value, capacity, defence), the terrain's defaults where left out.
    pub fn numbers(&self) -> (u8, u8, u8) {
        let sea = self.terrain == AreaTerrain::Sea;
        let mountain = self.terrain == AreaTerrain::Mountain;
        (
            self.value.unwrap_or(if sea { 0 } else { 1 }),
            self.capacity.unwrap_or(if sea { 1 } else { 3 }),
            self.defence.unwrap_or(u8::from(mountain)),
        )
    }
}

/// The drawn map: its rows of tiles, and what differs from each area's defaults,
/// by the area's character.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct RegionsSpec {
    /// Hex tiles (pointy-top, odd rows shifted half a tile right) rather than squares.
    #[serde(skip_serializing_if = "is_false")]
    pub hex: bool,
    pub rows: Vec<String>,
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    pub names: BTreeMap<String, String>,
    /// The characters of the sea areas, and of the mountains.
    #[serde(skip_serializing_if = "String::is_empty")]
    pub sea: String,
    #[serde(skip_serializing_if = "String::is_empty")]
    pub mountains: String,
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    pub values: BTreeMap<String, u8>,
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    pub capacity: BTreeMap<String, u8>,
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    pub defence: BTreeMap<String, u8>,
}

fn is_false(b: &bool) -> bool {
    !*b
}

impl RegionsSpec {
    /// A spec of these rows and areas (by character).
    pub fn from_areas(rows: Vec<String>, areas: &[(char, AreaSpec)]) -> RegionsSpec {
        let mut s = RegionsSpec {
            rows,
            ..Default::default()
        };
        for (c, a) in areas {
            let k = c.to_string();
            if let Some(n) = &a.name {
                s.names.insert(k.clone(), n.clone());
            }
            match a.terrain {
                AreaTerrain::Sea => s.sea.push(*c),
                AreaTerrain::Mountain => s.mountains.push(*c),
                AreaTerrain::Land => {}
            }
            for (map, v) in [
                (&mut s.values, a.value),
                (&mut s.capacity, a.capacity),
                (&mut s.defence, a.defence),
            ] {
                if let Some(v) = v {
                    map.insert(k.clone(), v);
                }
            }
        }
        s
    }

    /// What the spec says of the area of character `c`.
    pub fn area(&self, c: char) -> AreaSpec {
        let k = c.to_string();
        AreaSpec {
            name: self.names.get(&k).cloned(),
            terrain: if self.sea.contains(c) {
                AreaTerrain::Sea
            } else if self.mountains.contains(c) {
                AreaTerrain::Mountain
            } else {
                AreaTerrain::Land
            },
            value: self.values.get(&k).copied(),
            capacity: self.capacity.get(&k).copied(),
            defence: self.defence.get(&k).copied(),
        }
    }
}

/// A built drawn map: the board and each area's numbers, by cell.
pub struct Built {
    pub board: Board,
    pub value: Vec<u8>,
    pub capacity: Vec<u8>,
    pub defence: Vec<u8>,
}

impl RegionsSpec {
    /// The areas' keys in the order their first tiles are read.
    pub fn keys_in_order(&self) -> Vec<char> {
        let mut out = Vec::new();
        for c in self.rows.iter().flat_map(|r| r.chars()) {
            if c != '.' && !out.contains(&c) {
                out.push(c);
            }
        }
        out
    }

    /// The board and numbers the spec draws.
    pub fn build(&self) -> Result<Built, RegionsWhy> {
        let h = self.rows.len();
        let w = self.rows.first().map_or(0, |r| r.chars().count());
        if h == 0
            || w == 0
            || w > MAX_WIDTH
            || h > MAX_HEIGHT
            || self.rows.iter().any(|r| r.chars().count() != w)
        {
            return Err(RegionsWhy::Rows);
        }
        let order = self.keys_in_order();
        let listed = self
            .names
            .keys()
            .chain(self.values.keys())
            .chain(self.capacity.keys())
            .chain(self.defence.keys());
        for k in listed {
            let mut chars = k.chars();
            match (chars.next(), chars.next()) {
                (Some(c), None) if order.contains(&c) => {}
                _ => return Err(RegionsWhy::Unknown(k.clone())),
            }
        }
        if let Some(c) = self
            .sea
            .chars()
            .chain(self.mountains.chars())
            .find(|c| !order.contains(c))
        {
            return Err(RegionsWhy::Unknown(c.to_string()));
        }
        if let Some(c) = self.sea.chars().find(|&c| self.mountains.contains(c)) {
            return Err(RegionsWhy::Terrain(c));
        }
        let mut names = Vec::with_capacity(order.len());
        for (i, &c) in order.iter().enumerate() {
            let s = self.area(c);
            let name = s.name.clone().unwrap_or_else(|| format!("r{}", i + 1));
            if !name_allowed(&name) || names.contains(&name) {
                return Err(RegionsWhy::Name(name));
            }
            let (v, cap, d) = s.numbers();
            if v > MAX_VALUE || cap == 0 || cap > MAX_CAPACITY || d > MAX_DEFENCE {
                return Err(RegionsWhy::Numbers(c));
            }
            names.push(name);
        }
        let tiles: Vec<Option<CellId>> = self
            .rows
            .iter()
            .flat_map(|r| r.chars())
            .map(|c| order.iter().position(|&k| k == c).map(|i| i as CellId))
            .collect();
        // Each area in one piece: a fill from its first tile reaches all of them.
        for (i, &c) in order.iter().enumerate() {
            let of = |t: usize| tiles[t] == Some(i as CellId);
            let Some(first) = (0..tiles.len()).find(|&t| of(t)) else {
                continue;
            };
            let mut seen = vec![false; tiles.len()];
            let mut todo = vec![first];
            seen[first] = true;
            while let Some(t) = todo.pop() {
                for n in tile_neighbours(self.hex, w, h, t).flatten() {
                    if of(n) && !seen[n] {
                        seen[n] = true;
                        todo.push(n);
                    }
                }
            }
            if (0..tiles.len()).any(|t| of(t) && !seen[t]) {
                return Err(RegionsWhy::Split(c));
            }
        }
        let terrain = order
            .iter()
            .map(|&c| self.area(c).terrain.terrain())
            .collect();
        let board = Board::tiled(self.hex, w as u16, h as u16, tiles, names, terrain).map_err(
            |e| match e {
                crate::board::BoardError::Disconnected => RegionsWhy::Apart,
                _ => RegionsWhy::Rows,
            },
        )?;
        let numbers: Vec<(u8, u8, u8)> = order.iter().map(|&c| self.area(c).numbers()).collect();
        Ok(Built {
            board,
            value: numbers.iter().map(|n| n.0).collect(),
            capacity: numbers.iter().map(|n| n.1).collect(),
            defence: numbers.iter().map(|n| n.2).collect(),
        })
    }
}

/// Whether an area may have this name: `[a-z0-9-]+`, and not one a move could be
/// read as otherwise (`pass`, `swap`, or beginning with `x` or `-`, which the
/// notation reads as an attack or a removal).
pub fn name_allowed(name: &str) -> bool {
    !name.is_empty()
        && name
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
        && !matches!(name, "pass" | "swap")
        && !name.starts_with(['x', '-'])
}

/// Moves each player gets on a drawn map of `areas` areas unless the setup says
/// otherwise: about seven twelfths of the areas, as Classic (36 areas, 21), Square
/// 8x8 (64, 37) and 10x10 (100, 58) have.
pub fn default_limit(areas: usize) -> u16 {
    ((areas * 7 / 12).max(1)).min(u16::MAX as usize) as u16
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spec(rows: &[&str], areas: &[(char, AreaSpec)]) -> RegionsSpec {
        RegionsSpec::from_areas(rows.iter().map(|r| r.to_string()).collect(), areas)
    }

    #[test]
    fn a_drawn_map_builds_its_areas_with_their_numbers_and_defaults() {
        let sea = AreaSpec {
            terrain: AreaTerrain::Sea,
            ..Default::default()
        };
        let peak = AreaSpec {
            name: Some("peak".into()),
            terrain: AreaTerrain::Mountain,
            value: Some(2),
            ..Default::default()
        };
        let s = spec(&["AAB.", "ACBB"], &[('B', sea), ('C', peak)]);
        let b = s.build().unwrap();
        let names: Vec<&str> = b.board.cells().map(|c| b.board.name(c)).collect();
        assert_eq!(names, ["r1", "r2", "peak"]);
        assert_eq!(b.value, [1, 0, 2]);
        assert_eq!(b.capacity, [3, 1, 3]);
        assert_eq!(b.defence, [0, 0, 1]);
        let a = b.board.cell("r1").unwrap();
        assert_eq!(b.board.neighbours(a).len(), 2);
        assert_eq!(b.board.terrain(b.board.cell("r2").unwrap()), Terrain::Sea);
        assert_eq!(default_limit(36), 21);
        assert_eq!(default_limit(100), 58);
        // Written as JSON: only what differs from the defaults.
        let json = serde_json::to_string(&s).unwrap();
        assert_eq!(
            json,
            r#"{"rows":["AAB.","ACBB"],"names":{"C":"peak"},"sea":"B","mountains":"C","values":{"C":2}}"#
        );
        assert_eq!(serde_json::from_str::<RegionsSpec>(&json).unwrap(), s);
        assert!(serde_json::from_str::<RegionsSpec>(r#"{"rows":["A"],"lava":"A"}"#).is_err());
    }

    /// A game on a drawn map: the record carries the map, replays, and names its
    /// areas; a drawn map goes with `"map": "custom"` only, and the other way round.
    #[test]
    fn a_record_carries_its_drawn_map_and_replays_on_it() {
        use crate::fortress::{Fortress, FortressSetup, SetupWhy};
        use crate::{Game, Record};
        let text = r#"{ "game": "fortress", "setup": { "map": "custom", "players": 2,
            "regions": { "rows": ["AAB", "CDB", "CDE"], "names": { "A": "north" },
            "mountains": "C", "sea": "E", "values": { "D": 2 } } },
            "moves": ["north", "r2", "r4", "pass"] }"#;
        let record = Record::from_json(text).unwrap();
        let (g, bad) = record.replay::<Fortress>().unwrap();
        assert!(bad.is_none());
        assert_eq!(g.board().len(), 5);
        // Written back the same way (and a shipped map's setup has no regions).
        let again = Record::from_json(&record.to_json()).unwrap();
        assert_eq!(
            again.setup_of::<Fortress>().unwrap(),
            record.setup_of::<Fortress>().unwrap()
        );
        assert!(!Record::new::<Fortress>(&FortressSetup::default())
            .to_json()
            .contains("regions"));
        // The move limit: seven twelfths of 5 areas, at least 1.
        let setup: FortressSetup = record.setup_of::<Fortress>().unwrap();
        assert_eq!(Fortress::new(&setup).unwrap().limit(), Some(2));
        let err = |s: FortressSetup| Fortress::new(&s).err().map(|e| e.to_string());
        let no_regions = FortressSetup {
            regions: None,
            ..setup.clone()
        };
        assert_eq!(
            err(no_regions),
            Some(SetupWhy::CustomNeedsRegions.to_string())
        );
        let named = FortressSetup {
            map: "classic".into(),
            ..setup.clone()
        };
        assert_eq!(err(named), Some(SetupWhy::RegionsNeedCustom.to_string()));
    }

    /// On hex tiles a tile has six neighbours: areas that only touch at a square's
    /// corner are neighbours, an area that is in two pieces on squares is whole,
    /// and the record says so (`"hex": true`, left out on squares).
    #[test]
    fn hex_tiles_join_what_square_tiles_keep_apart() {
        // Row b is shifted half a tile right: its first tile touches row a's first
        // two, so A's two tiles are one piece on hexes and two on squares.
        let rows = &["BA", "AC"];
        assert_eq!(spec(rows, &[]).build().err(), Some(RegionsWhy::Split('A')));
        let hex = RegionsSpec {
            hex: true,
            ..spec(rows, &[])
        };
        let b = hex.build().unwrap();
        let id = |n: &str| b.board.cell(n).unwrap();
        let (a, bb, c) = (id("r2"), id("r1"), id("r3"));
        assert!(b.board.adjacent(a, bb) && b.board.adjacent(a, c));
        assert!(!b.board.adjacent(bb, c), "B and C meet at a corner only");
        let json = serde_json::to_string(&hex).unwrap();
        assert!(json.starts_with(r#"{"hex":true,"rows""#), "{json}");
        assert_eq!(serde_json::from_str::<RegionsSpec>(&json).unwrap(), hex);
        assert!(!serde_json::to_string(&spec(rows, &[]))
            .unwrap()
            .contains("hex"));
        // Row a's first tile and row b's second are not neighbours.
        let apart = RegionsSpec {
            hex: true,
            ..spec(&["AB", "BA"], &[])
        };
        assert_eq!(apart.build().err(), Some(RegionsWhy::Split('A')));
    }

    /// The reasons say the limits the rules hold.
    #[test]
    fn the_reasons_say_the_limits() {
        assert!(RegionsWhy::Rows
            .to_string()
            .contains(&format!("{MAX_WIDTH} x {MAX_HEIGHT}")));
        let numbers = RegionsWhy::Numbers('A').to_string();
        let said = format!(
            "value 0 to {MAX_VALUE}, capacity 1 to {MAX_CAPACITY}, defence 0 to {MAX_DEFENCE}"
        );
        assert!(numbers.contains(&said), "{numbers}");
    }

    #[test]
    fn a_drawn_map_that_cannot_be_played_says_why() {
        let d = AreaSpec::default;
        let named = |n: &str| AreaSpec {
            name: Some(n.into()),
            ..d()
        };
        let mut listed = spec(&["AA"], &[]);
        listed.values.insert("B".into(), 2);
        let mut long_key = spec(&["AA"], &[]);
        long_key.names.insert("AB".into(), "x".into());
        let mut both = spec(&["AB"], &[]);
        both.sea = "A".into();
        both.mountains = "A".into();
        let mut far_sea = spec(&["AB"], &[]);
        far_sea.sea = "Z".into();
        let cases: Vec<(RegionsSpec, RegionsWhy)> = vec![
            (spec(&[], &[]), RegionsWhy::Rows),
            (spec(&["AA", "A"], &[]), RegionsWhy::Rows),
            (listed, RegionsWhy::Unknown("B".into())),
            (long_key, RegionsWhy::Unknown("AB".into())),
            (far_sea, RegionsWhy::Unknown("Z".into())),
            (both, RegionsWhy::Terrain('A')),
            (spec(&["ABA"], &[]), RegionsWhy::Split('A')),
            (spec(&["A.B"], &[]), RegionsWhy::Apart),
            (
                spec(&["AB"], &[('A', named("x")), ('B', named("x"))]),
                RegionsWhy::Name("x".into()),
            ),
            (
                spec(&["AB"], &[('A', named("X y"))]),
                RegionsWhy::Name("X y".into()),
            ),
            (
                spec(
                    &["AB"],
                    &[(
                        'A',
                        AreaSpec {
                            capacity: Some(0),
                            ..d()
                        },
                    )],
                ),
                RegionsWhy::Numbers('A'),
            ),
            (spec(&[&"A".repeat(27)], &[]), RegionsWhy::Rows),
            (
                spec(&["AB"], &[('A', named("pass"))]),
                RegionsWhy::Name("pass".into()),
            ),
            (
                spec(&["AB"], &[('A', named("swap"))]),
                RegionsWhy::Name("swap".into()),
            ),
            (
                spec(&["AB"], &[('A', named("xa1"))]),
                RegionsWhy::Name("xa1".into()),
            ),
            (
                spec(&["AB"], &[('A', named("-b"))]),
                RegionsWhy::Name("-b".into()),
            ),
        ];
        for (s, why) in cases {
            assert_eq!(s.build().err(), Some(why.clone()), "{why}");
        }
    }
}
