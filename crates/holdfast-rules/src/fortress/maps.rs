//! Fortress maps: the board plus each area's value, capacity and defence bonus.

use crate::board::{Board, CellId, Terrain};
use crate::game::SetupError;

use super::SetupWhy;
use crate::rng::Rng;

/// A Fortress map: a board and the data of each area.
#[derive(Clone, Debug)]
pub struct FortressMap {
    /// The `map` id of the setup.
    pub id: String,
    /// What the new-game screen shows.
    pub title: String,
    pub board: Board,
    pub value: Vec<u8>,
    pub capacity: Vec<u8>,
    pub defence: Vec<u8>,
    /// Moves each player gets unless the setup says otherwise.
    pub default_limit: Option<u16>,
}

/// A map the new-game screen offers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MapInfo {
    pub id: &'static str,
    pub title: &'static str,
    pub blurb: &'static str,
}

/// The shipped maps, in the order the new-game screen lists them.
pub const MAPS: &[MapInfo] = &[
    MapInfo { id: "classic", title: "Classic 6x6", blurb: "The 1983 board: 36 squares, 21 moves each." },
    MapInfo { id: "square-8", title: "Square 8x8", blurb: "64 squares, 37 moves each." },
    MapInfo { id: "square-10", title: "Square 10x10", blurb: "100 squares, 58 moves each." },
    MapInfo { id: "hex", title: "Hexagon", blurb: "37 hexes, six neighbours each, 21 moves each." },
    MapInfo {
        id: "archipelago",
        title: "Archipelago",
        blurb: "21 regions with seas (worth 0, room for 1) and mountains (+1 defence); two ports worth 2.",
    },
    MapInfo {
        id: "generated",
        title: "Generated regions",
        blurb: "20 random regions with sea and mountains, drawn from the seed number.",
    },
];

impl FortressMap {
    fn from_board(
        id: &str,
        title: String,
        board: Board,
        default_limit: Option<u16>,
    ) -> FortressMap {
        let n = board.len();
        let mut value = vec![1; n];
        let mut capacity = vec![3; n];
        let mut defence = vec![0; n];
        for c in 0..n {
            match board.terrain(c as CellId) {
                Terrain::Land => {}
                Terrain::Sea => {
                    value[c] = 0;
                    capacity[c] = 1;
                }
                Terrain::Mountain => defence[c] = 1,
            }
        }
        FortressMap {
            id: id.to_string(),
            title,
            board,
            value,
            capacity,
            defence,
            default_limit,
        }
    }

    /// The map a setup plays on: a shipped or generated one by its id, or the one
    /// it draws itself (`"map": "custom"` with `"regions"`).
    pub fn of_setup(setup: &super::FortressSetup) -> Result<FortressMap, SetupError> {
        use super::regions::{default_limit, CUSTOM};
        let field = setup.width.is_some() || setup.height.is_some() || setup.land.is_some();
        if field && setup.map != "generated" {
            return Err(SetupWhy::FieldNeedsGenerated.into());
        }
        match (&setup.regions, setup.map.as_str()) {
            (Some(spec), CUSTOM) => {
                let built = spec.build().map_err(SetupWhy::Regions)?;
                let limit = default_limit(built.board.len());
                Ok(FortressMap {
                    id: CUSTOM.into(),
                    title: "Drawn map".into(),
                    board: built.board,
                    value: built.value,
                    capacity: built.capacity,
                    defence: built.defence,
                    default_limit: Some(limit),
                })
            }
            (None, CUSTOM) => Err(SetupWhy::CustomNeedsRegions.into()),
            (Some(_), _) => Err(SetupWhy::RegionsNeedCustom.into()),
            (None, id) if field => {
                let (width, height, land) = (
                    setup.width.unwrap_or(FIELD.0),
                    setup.height.unwrap_or(FIELD.1),
                    setup.land.unwrap_or(FIELD_LAND),
                );
                if !FIELD_WIDTH.contains(&width)
                    || !FIELD_HEIGHT.contains(&height)
                    || !FIELD_LAND_RANGE.contains(&land)
                {
                    return Err(SetupWhy::Generated {
                        width,
                        height,
                        land,
                    }
                    .into());
                }
                generated_field(setup.seed, (width, height), land).map_err(|error| {
                    SetupWhy::Map {
                        id: id.into(),
                        error,
                    }
                    .into()
                })
            }
            (None, id) => FortressMap::by_id(id, setup.seed),
        }
    }

    /// The map with this id; `seed` draws generated maps.
    pub fn by_id(id: &str, seed: u64) -> Result<FortressMap, SetupError> {
        let err = |error| {
            SetupError::from(SetupWhy::Map {
                id: id.to_string(),
                error,
            })
        };
        match id {
            "classic" => Ok(Self::from_board(
                id,
                "Classic 6x6".into(),
                Board::square(6, 6).map_err(err)?,
                Some(21),
            )),
            "square-8" => Ok(Self::from_board(
                id,
                "Square 8x8".into(),
                Board::square(8, 8).map_err(err)?,
                Some(37),
            )),
            "square-10" => Ok(Self::from_board(
                id,
                "Square 10x10".into(),
                Board::square(10, 10).map_err(err)?,
                Some(58),
            )),
            "hex" => Ok(Self::from_board(
                id,
                "Hexagon".into(),
                Board::hexagon(4).map_err(err)?,
                Some(21),
            )),
            "archipelago" => archipelago().map_err(err),
            "generated" => generated(seed).map_err(err),
            _ => Err(SetupWhy::UnknownMap {
                id: id.to_string(),
                maps: MAPS.iter().map(|m| m.id).collect(),
            }
            .into()),
        }
    }
}

/// The hand-made region map. Each character is one tile; the legend names its area.
const ARCHIPELAGO: [&str; 12] = [
    "AAABBBBCCC11DDDD",
    "AAABBBBCCC11DDDD",
    "AAEEEBBCC111DDDD",
    "FFEEE^^GG11HHHDD",
    "FFEE^^^GGG1HHHHI",
    "FFJJ^^^GGG2HHHII",
    "44JJJKKGGL22HHII",
    "444JJKKKLLL222II",
    "44444KKKLLL222NN",
    "MMMM44OOOPPP2NNN",
    "MMMM44OOOPPPP&NN",
    "MMM444OOOPPPP&NN",
];

/// (tile character, area id, terrain, value, capacity)
const ARCHIPELAGO_LEGEND: &[(char, &str, Terrain, u8, u8)] = &[
    ('A', "north-cape", Terrain::Land, 1, 3),
    ('B', "highmoor", Terrain::Land, 1, 3),
    ('C', "fenwick", Terrain::Land, 1, 3),
    ('D', "eastmarch", Terrain::Land, 1, 3),
    ('E', "greenvale", Terrain::Land, 1, 3),
    ('F', "westholm", Terrain::Land, 1, 3),
    ('G', "stonebridge", Terrain::Land, 1, 3),
    ('H', "harrow", Terrain::Land, 1, 3),
    ('I', "lighthouse", Terrain::Land, 2, 3),
    ('J', "oakdale", Terrain::Land, 1, 3),
    ('K', "midway", Terrain::Land, 1, 3),
    ('L', "brackwater", Terrain::Land, 1, 3),
    ('M', "southisle", Terrain::Land, 1, 3),
    ('N', "farpoint", Terrain::Land, 1, 3),
    ('O', "saltmarsh", Terrain::Land, 1, 3),
    ('P', "kingsport", Terrain::Land, 2, 4),
    ('^', "ironpeak", Terrain::Mountain, 1, 3),
    ('&', "greyhorn", Terrain::Mountain, 1, 3),
    ('1', "north-sea", Terrain::Sea, 0, 1),
    ('2', "inner-sea", Terrain::Sea, 0, 1),
    ('4', "west-bay", Terrain::Sea, 0, 1),
];

fn archipelago() -> Result<FortressMap, crate::board::BoardError> {
    let h = ARCHIPELAGO.len();
    let w = ARCHIPELAGO[0].len();
    let mut tiles = Vec::with_capacity(w * h);
    for row in ARCHIPELAGO {
        for ch in row.chars() {
            tiles.push(
                ARCHIPELAGO_LEGEND
                    .iter()
                    .position(|l| l.0 == ch)
                    .map(|i| i as CellId),
            );
        }
    }
    let names = ARCHIPELAGO_LEGEND.iter().map(|l| l.1.to_string()).collect();
    let terrain = ARCHIPELAGO_LEGEND.iter().map(|l| l.2).collect();
    let board = Board::regions(w as u16, h as u16, tiles, names, terrain)?;
    let mut map = FortressMap::from_board("archipelago", "Archipelago".into(), board, Some(21));
    for (i, l) in ARCHIPELAGO_LEGEND.iter().enumerate() {
        map.value[i] = l.3;
        map.capacity[i] = l.4;
    }
    Ok(map)
}

/// Areas `0..areas` grown over the first `allowed` tiles (in reading order) of a
/// field `w` tiles wide: from random points, then step by step a random tile of an
/// area claims one of its free neighbours (left, right, above, below) at random,
/// until none is free.
fn grow(rng: &mut Rng, w: usize, owner: &mut [Option<usize>], areas: usize, allowed: usize) {
    let mut frontier: Vec<(usize, usize)> = Vec::new(); // (tile, area)
    let mut placed = 0;
    while placed < areas {
        let t = rng.below(allowed as u32) as usize;
        if owner[t].is_none() {
            owner[t] = Some(placed);
            frontier.push((t, placed));
            placed += 1;
        }
    }
    while !frontier.is_empty() {
        let i = rng.below(frontier.len() as u32) as usize;
        let (t, a) = frontier[i];
        let x = t % w;
        let near = [
            (x > 0).then(|| t - 1),
            (x + 1 < w).then(|| t + 1),
            t.checked_sub(w),
            Some(t + w),
        ];
        let free: Vec<usize> = near
            .into_iter()
            .flatten()
            .filter(|&m| m < allowed && owner[m].is_none())
            .collect();
        if free.is_empty() {
            frontier.swap_remove(i);
            continue;
        }
        let m = free[rng.below(free.len() as u32) as usize];
        owner[m] = Some(a);
        frontier.push((m, a));
    }
}

/// Each tile's area numbered in reading order of the areas' first tiles, and the
/// areas as grown in that order.
fn in_reading_order(owner: &[Option<usize>]) -> (Vec<Option<CellId>>, Vec<usize>) {
    let mut order: Vec<usize> = Vec::new();
    for o in owner.iter().flatten() {
        if !order.contains(o) {
            order.push(*o);
        }
    }
    let number = |a: usize| order.iter().position(|&o| o == a).unwrap_or(0) as CellId;
    let tiles = owner.iter().map(|o| o.map(number)).collect();
    (tiles, order)
}

/// A random region map drawn from `seed`: 20 areas grown from random points on a
/// 14x10 tile grid, two or three of them sea, two mountains.
fn generated(seed: u64) -> Result<FortressMap, crate::board::BoardError> {
    const W: usize = 14;
    const H: usize = 10;
    const AREAS: usize = 20;
    let mut rng = Rng::new(seed ^ 0x4d41_5053_4545_4421);
    let mut owner: Vec<Option<usize>> = vec![None; W * H];
    grow(&mut rng, W, &mut owner, AREAS, W * H);
    let (tiles, order) = in_reading_order(&owner);
    let n = order.len();
    // Terrain: sea on areas touching the edge, mountains inland.
    let mut terrain = vec![Terrain::Land; n];
    let mut edge = vec![false; n];
    for (t, a) in tiles.iter().enumerate() {
        let (x, y) = (t % W, t / W);
        if let Some(a) = a {
            if x == 0 || y == 0 || x == W - 1 || y == H - 1 {
                edge[*a as usize] = true;
            }
        }
    }
    let seas = 2 + rng.below(2) as usize;
    let mut edge_areas: Vec<usize> = (0..n).filter(|&a| edge[a]).collect();
    let mut inner: Vec<usize> = (0..n).filter(|&a| !edge[a]).collect();
    for _ in 0..seas.min(edge_areas.len()) {
        let i = rng.below(edge_areas.len() as u32) as usize;
        terrain[edge_areas.swap_remove(i)] = Terrain::Sea;
    }
    if inner.len() < 2 {
        inner.append(&mut edge_areas);
    }
    for _ in 0..2.min(inner.len()) {
        let i = rng.below(inner.len() as u32) as usize;
        terrain[inner.swap_remove(i)] = Terrain::Mountain;
    }
    let names = (1..=n).map(|i| format!("r{i}")).collect();
    let board = Board::regions(W as u16, H as u16, tiles, names, terrain)?;
    Ok(FortressMap::from_board(
        "generated",
        format!("Generated map #{seed}"),
        board,
        Some(21),
    ))
}

/// A generated field's size when the setup gives only some of it: 14 x 10 tiles.
pub const FIELD: (u16, u16) = (14, 10);
pub const FIELD_WIDTH: std::ops::RangeInclusive<u16> = 6..=26;
pub const FIELD_HEIGHT: std::ops::RangeInclusive<u16> = 4..=26;
/// The share of a generated field's areas that are land (percent): 85 left out.
pub const FIELD_LAND: u8 = 85;
pub const FIELD_LAND_RANGE: std::ops::RangeInclusive<u8> = 50..=100;

/// A region map drawn from `seed` on a `width` x `height` field of square tiles,
/// the same after a half turn: areas of about seven tiles grow from random points
/// over the first half of the tiles in reading order, and the second half is the
/// first turned round (the centre tile of an odd field is left out). Of each
/// half's areas, `land` percent are land and the rest sea, and one land area is a
/// mountain when there are four or more. Each area and the one across from it are
/// alike, so the map favours neither half (the seats may still differ: measure it);
/// the move limit is seven twelfths of the areas, as on a drawn map.
pub fn generated_field(
    seed: u64,
    (width, height): (u16, u16),
    land: u8,
) -> Result<FortressMap, crate::board::BoardError> {
    let (w, h) = (width as usize, height as usize);
    let n = w * h;
    // Tile t and tile n - 1 - t are a half turn apart; the first half grows.
    let half = n / 2;
    let areas = ((n + 7) / 14).max(2).min(half);
    let mut rng = Rng::new(seed ^ 0x4649_454c_4453_2d32);
    let mut owner: Vec<Option<usize>> = vec![None; n];
    grow(&mut rng, w, &mut owner, areas, half);
    for t in 0..half {
        owner[n - 1 - t] = owner[t].map(|a| a + areas);
    }
    // Seas and a mountain, chosen among the first half's areas; the second half's
    // twins alike.
    let seas = (areas * (100 - land.min(100) as usize) + 50) / 100;
    let mut kinds = vec![Terrain::Land; areas];
    let mut order: Vec<usize> = (0..areas).collect();
    for k in 0..order.len() {
        let j = k + rng.below((order.len() - k) as u32) as usize;
        order.swap(k, j);
    }
    for &a in order.iter().take(seas.min(areas.saturating_sub(1))) {
        kinds[a] = Terrain::Sea;
    }
    if areas - seas >= 4 {
        if let Some(&a) = order.get(seas) {
            kinds[a] = Terrain::Mountain;
        }
    }
    // Named r1, r2, … in reading order of each area's first tile.
    let (tiles, seen) = in_reading_order(&owner);
    let terrain = seen.iter().map(|&a| kinds[a % areas]).collect();
    let names = (1..=seen.len()).map(|i| format!("r{i}")).collect();
    let board = Board::regions(width, height, tiles, names, terrain)?;
    let limit = super::regions::default_limit(board.len());
    Ok(FortressMap::from_board(
        "generated",
        format!("Generated map #{seed}"),
        board,
        Some(limit),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Shape;

    #[test]
    fn every_shipped_map_builds() {
        for m in MAPS {
            let map = FortressMap::by_id(m.id, 7).unwrap();
            assert!(map.board.len() >= 20, "{}", m.id);
            assert_eq!(map.value.len(), map.board.len());
        }
    }

    #[test]
    fn archipelago_has_sea_and_mountains() {
        let map = FortressMap::by_id("archipelago", 0).unwrap();
        let b = &map.board;
        let sea = b.cell("west-bay").unwrap();
        assert_eq!(
            (map.value[sea as usize], map.capacity[sea as usize]),
            (0, 1)
        );
        let peak = b.cell("ironpeak").unwrap();
        assert_eq!(map.defence[peak as usize], 1);
        // The south island touches only the sea.
        let isle = b.cell("southisle").unwrap();
        let around: Vec<&str> = b.neighbours(isle).iter().map(|&c| b.name(c)).collect();
        assert_eq!(around, vec!["west-bay"]);
    }

    /// A generated field: the same from the same seed, the same after a half turn
    /// (each area's twin across has its terrain), with the land share asked, and
    /// reasons for what is out of range or with another map.
    #[test]
    fn a_generated_field_is_symmetric_and_follows_its_setup() {
        use crate::fortress::{Fortress, FortressSetup};
        use crate::Game;
        for (seed, w, h, land) in [
            (11, 14, 10, 85),
            (3, 7, 5, 50),
            (8, 26, 26, 100),
            (1, 6, 4, 60),
        ] {
            let m = generated_field(seed, (w, h), land).unwrap();
            let again = generated_field(seed, (w, h), land).unwrap();
            assert_eq!(m.board.shape(), again.board.shape());
            let Shape::Regions { tiles, .. } = m.board.shape() else {
                panic!("a region map")
            };
            let n = tiles.len();
            for t in 0..n / 2 {
                let (a, b) = (tiles[t].unwrap(), tiles[n - 1 - t].unwrap());
                assert_ne!(a, b, "{seed}: tile {t} and its twin are two areas");
                assert_eq!(m.board.terrain(a), m.board.terrain(b));
            }
            let areas = m.board.len();
            let seas = m
                .board
                .cells()
                .filter(|&c| m.board.terrain(c) == Terrain::Sea)
                .count();
            let expect = ((areas / 2) * (100 - land as usize) + 50) / 100 * 2;
            assert_eq!(seas, expect, "{seed} {w}x{h} {land}%");
            assert_eq!(m.default_limit, Some((areas * 7 / 12) as u16));
        }
        assert_ne!(
            generated_field(1, FIELD, 85).unwrap().board.shape(),
            generated_field(2, FIELD, 85).unwrap().board.shape()
        );
        // Through the setup: any of the fields asks for this generator; none, the
        // first one.
        let setup = |json: &str| serde_json::from_str::<FortressSetup>(json).unwrap();
        let g = Fortress::new(&setup(r#"{"map":"generated","seed":11,"land":85}"#)).unwrap();
        assert_eq!(
            g.board().len(),
            generated_field(11, FIELD, 85).unwrap().board.len()
        );
        let first = Fortress::new(&setup(r#"{"map":"generated","seed":11}"#)).unwrap();
        assert_eq!(first.board().len(), 20);
        let why = |json: &str| Fortress::new(&setup(json)).err().map(|e| e.to_string());
        assert_eq!(
            why(r#"{"map":"classic","width":8}"#),
            Some(SetupWhy::FieldNeedsGenerated.to_string())
        );
        assert_eq!(
            why(r#"{"map":"generated","width":5}"#),
            Some(
                SetupWhy::Generated {
                    width: 5,
                    height: 10,
                    land: 85
                }
                .to_string()
            )
        );
        assert_eq!(
            why(r#"{"map":"custom","height":8,"regions":{"rows":["AB"]}}"#),
            Some(SetupWhy::FieldNeedsGenerated.to_string())
        );
        assert!(why(r#"{"map":"generated","land":40}"#).is_some());
        // A field too small for two areas is an error, not a panic.
        assert!(generated_field(1, (1, 1), 50).is_err());
        assert!(why(r#"{"map":"generated","height":27}"#).is_some());
    }

    /// The first generator's maps, which records name by seed alone, stay as they
    /// were drawn: seed 1's first rows of tiles, and its seas.
    #[test]
    fn the_first_generated_maps_are_drawn_as_before() {
        let m = FortressMap::by_id("generated", 1).unwrap();
        let Shape::Regions { tiles, .. } = m.board.shape() else {
            panic!("a region map")
        };
        let rows: Vec<String> = tiles
            .chunks(14)
            .take(3)
            .map(|r| {
                r.iter()
                    .map(|t| t.map_or('.', |a| (b'A' + a as u8) as char))
                    .collect()
            })
            .collect();
        let seas: Vec<&str> = m
            .board
            .cells()
            .filter(|&c| m.board.terrain(c) == Terrain::Sea)
            .map(|c| m.board.name(c))
            .collect();
        assert_eq!(rows, ["AAAABBBCCCCCCC", "AADABBBCCCEEEE", "FFGGGHHEEEEEEE"]);
        assert_eq!(seas, ["r3", "r11"]);
    }

    #[test]
    fn generated_maps_follow_their_seed() {
        let a = FortressMap::by_id("generated", 11).unwrap();
        let b = FortressMap::by_id("generated", 11).unwrap();
        let c = FortressMap::by_id("generated", 12).unwrap();
        assert_eq!(a.board.shape(), b.board.shape());
        assert_ne!(a.board.shape(), c.board.shape());
        for seed in 0..200 {
            let m = FortressMap::by_id("generated", seed).unwrap();
            assert_eq!(m.board.len(), 20);
            let seas = m
                .board
                .cells()
                .filter(|&c| m.board.terrain(c) == Terrain::Sea)
                .count();
            assert!((2..=3).contains(&seas));
        }
    }
}
