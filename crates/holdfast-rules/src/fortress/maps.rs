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

/// A random region map drawn from `seed`: 20 areas grown from random points on a
/// 14x10 tile grid, two or three of them sea, two mountains.
fn generated(seed: u64) -> Result<FortressMap, crate::board::BoardError> {
    const W: usize = 14;
    const H: usize = 10;
    const AREAS: usize = 20;
    let mut rng = Rng::new(seed ^ 0x4d41_5053_4545_4421);
    let mut owner: Vec<Option<usize>> = vec![None; W * H];
    let mut frontier: Vec<(usize, usize)> = Vec::new(); // (tile, area)
    let mut placed = 0;
    while placed < AREAS {
        let t = rng.below((W * H) as u32) as usize;
        if owner[t].is_none() {
            owner[t] = Some(placed);
            frontier.push((t, placed));
            placed += 1;
        }
    }
    // Random growth: take a random frontier tile and claim one free neighbour.
    while !frontier.is_empty() {
        let i = rng.below(frontier.len() as u32) as usize;
        let (t, a) = frontier[i];
        let (x, y) = (t % W, t / W);
        let mut free = [0usize; 4];
        let mut n = 0;
        if x > 0 && owner[t - 1].is_none() {
            free[n] = t - 1;
            n += 1;
        }
        if x + 1 < W && owner[t + 1].is_none() {
            free[n] = t + 1;
            n += 1;
        }
        if y > 0 && owner[t - W].is_none() {
            free[n] = t - W;
            n += 1;
        }
        if y + 1 < H && owner[t + W].is_none() {
            free[n] = t + W;
            n += 1;
        }
        if n == 0 {
            frontier.swap_remove(i);
            continue;
        }
        let nt = free[rng.below(n as u32) as usize];
        owner[nt] = Some(a);
        frontier.push((nt, a));
    }
    // Name areas in reading order of their first tile: r1, r2, …
    let mut order: Vec<usize> = Vec::with_capacity(AREAS);
    for o in owner.iter().flatten() {
        if !order.contains(o) {
            order.push(*o);
        }
    }
    let mut rename = [0usize; AREAS];
    for (new, &old) in order.iter().enumerate() {
        rename[old] = new;
    }
    let n = order.len();
    let tiles: Vec<Option<CellId>> = owner
        .iter()
        .map(|o| o.map(|a| rename[a] as CellId))
        .collect();
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

#[cfg(test)]
mod tests {
    use super::*;

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
