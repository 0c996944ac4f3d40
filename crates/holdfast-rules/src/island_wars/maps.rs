//! Island Wars' maps: the shipped ones, the map a setup describes, and maps
//! generated from a seed.

use crate::board::{Board, CellId, Terrain};
use crate::game::SetupError;

use super::SetupWhy;
use crate::rng::Rng;

use super::{IslandSetup, NONE};

/// A shipped map: id, title, the seats it is made for, and its rows (`~` water,
/// `.` neutral land, a digit: land of that seat's colour).
pub struct MapDef {
    pub id: &'static str,
    pub title: &'static str,
    pub players: u8,
    pub rows: &'static [&'static str],
}

/// The shipped maps, one for each player count from 2 to 6 (`isles-3` is the seed's
/// simplified three-player board, as we read it), and generated maps (`generated`).
pub const MAPS: &[MapDef] = &[
    MapDef {
        id: "twin-isles",
        title: "Twin Isles (2)",
        players: 2,
        rows: &[
            "~~~~~~~~~~",
            "~00..~~..~",
            "~0...~...~",
            "~~..~~~.~~",
            "~~.~~~..~~",
            "~...~...1~",
            "~..~~..11~",
            "~~~~~~~~~~",
        ],
    },
    MapDef {
        id: "isles-3",
        title: "Three Isles (3, the seed's simplified board)",
        players: 3,
        rows: &[
            "~~~~~~~~~~~",
            "~00..~~~11~",
            "~0...~~..1~",
            "~~..~~~..~~",
            "~~~.~.~.~~~",
            "~~~..~..~~~",
            "~~~~...~~~~",
            "~~~~.22~~~~",
            "~~~~~2~~~~~",
        ],
    },
    MapDef {
        id: "four-coasts",
        title: "Four Coasts (4)",
        players: 4,
        rows: &[
            "~~~~~~~~~~~~",
            "~00..~~..11~",
            "~0...~~...1~",
            "~~...~~..~~~",
            "~~~.~....~~~",
            "~~~....~.~~~",
            "~~..~~~...~~",
            "~3...~~...2~",
            "~33..~~..22~",
            "~~~~~~~~~~~~",
        ],
    },
    MapDef {
        id: "five-straits",
        title: "Five Straits (5)",
        players: 5,
        rows: &[
            "~~~~~~~~~~~~~",
            "~00..~~~..11~",
            "~0...~.~...1~",
            "~~..~...~..~~",
            "~~~~..~..~~~~",
            "~44..~~~..22~",
            "~4...~.~...2~",
            "~~..~...~..~~",
            "~~~~..3..~~~~",
            "~~~~~.33~~~~~",
            "~~~~~~~~~~~~~",
        ],
    },
    MapDef {
        id: "six-shores",
        title: "Six Shores (6)",
        players: 6,
        rows: &[
            "~~~~~~~~~~~~~~",
            "~00..~~~~..11~",
            "~0...~..~...1~",
            "~~..~....~..~~",
            "~~~~..~~..~~~~",
            "~55..~~~~..22~",
            "~5...~..~...2~",
            "~~..~....~..~~",
            "~~~~..~~..~~~~",
            "~44..~~~~..33~",
            "~4...~~~~...3~",
            "~~~~~~~~~~~~~~",
        ],
    },
];

/// The map a setup describes: board, starting colours.
pub(super) fn build_map(setup: &IslandSetup) -> Result<(Board, Vec<u8>), SetupError> {
    // Neither a map nor a field: the shipped map for this many players.
    let default_map = (setup.map.is_none() && setup.width.is_none() && setup.height.is_none())
        .then(|| {
            MAPS.iter()
                .find(|m| m.players == setup.players)
                .map(|m| m.id.to_string())
        })
        .flatten();
    let explicit = setup.width.is_some()
        || setup.height.is_some()
        || !setup.water.is_empty()
        || !setup.colours.is_empty();
    if setup.seed.is_some() && setup.map.as_deref() != Some("generated") {
        return Err(SetupWhy::SeedNeedsGenerated.into());
    }
    if setup.map.as_deref() == Some("generated") {
        return generated_setup(setup);
    }
    if setup.land.is_some() {
        return Err(SetupWhy::LandNeedsGenerated.into());
    }
    if let Some(id) = setup.map.as_ref().or(default_map.as_ref()) {
        if explicit && setup.map.is_none() {
            return Err(SetupWhy::FieldNeedsSize.into());
        }
        if explicit {
            return Err(SetupWhy::MapOrField(id.clone()).into());
        }
        if id == "generated" {
            return Ok(generated(setup.players, setup.seed.unwrap_or(0)));
        }
        let def = MAPS.iter().find(|m| m.id == id).ok_or_else(|| {
            SetupError::from(SetupWhy::UnknownMap {
                id: id.clone(),
                maps: MAPS.iter().map(|m| m.id).collect(),
            })
        })?;
        let h = def.rows.len() as u16;
        let w = def.rows[0].len() as u16;
        let mut board = Board::hex_rect(w, h)?;
        let mut colour = vec![NONE; board.len()];
        for (y, row) in def.rows.iter().enumerate() {
            for (x, ch) in row.chars().enumerate() {
                let c = (y * w as usize + x) as CellId;
                match ch {
                    '~' => board.set_terrain(c, Terrain::Sea),
                    d if d.is_ascii_digit() => {
                        let s = d as u8 - b'0';
                        if s < setup.players {
                            colour[c as usize] = s;
                        }
                    }
                    _ => {}
                }
            }
        }
        return Ok((board, colour));
    }
    let (w, h) = (setup.width.unwrap_or(0), setup.height.unwrap_or(0));
    if !(2..=40).contains(&w) || !(2..=26).contains(&h) {
        return Err(SetupWhy::FieldSize {
            width: w,
            height: h,
        }
        .into());
    }
    let mut board = Board::hex_rect(w, h)?;
    let mut colour = vec![NONE; board.len()];
    for n in &setup.water {
        let c = board.cell(n).ok_or_else(|| {
            SetupError::from(SetupWhy::WaterNotAHex {
                name: n.clone(),
                width: w,
                height: h,
            })
        })?;
        if board.terrain(c) == Terrain::Sea {
            return Err(SetupWhy::WaterTwice(n.clone()).into());
        }
        board.set_terrain(c, Terrain::Sea);
    }
    for (n, &s) in &setup.colours {
        let c = board.cell(n).ok_or_else(|| {
            SetupError::from(SetupWhy::NotAHex {
                name: n.clone(),
                width: w,
                height: h,
            })
        })?;
        if board.terrain(c) == Terrain::Sea {
            return Err(SetupWhy::WaterColour(n.clone()).into());
        }
        if s >= setup.players {
            return Err(SetupWhy::ColourSeat {
                name: n.clone(),
                seat: s,
                players: setup.players,
            }
            .into());
        }
        colour[c as usize] = s;
    }
    Ok((board, colour))
}

/// Sides and land a generated map may have.
pub const GENERATED_WIDTH: std::ops::RangeInclusive<u16> = 6..=40;
pub const GENERATED_HEIGHT: std::ops::RangeInclusive<u16> = 5..=26;
pub const GENERATED_LAND: std::ops::RangeInclusive<u8> = 20..=80;

/// The generated map a setup asks for: its size (left out: `11 + players` by
/// `9 + players / 2`) and land (45%), drawn from its seed.
fn generated_setup(setup: &IslandSetup) -> Result<(Board, Vec<u8>), SetupError> {
    if !setup.water.is_empty() || !setup.colours.is_empty() {
        return Err(SetupWhy::MapOrField("generated".into()).into());
    }
    let (dw, dh) = generated_size(setup.players);
    let (w, h) = (setup.width.unwrap_or(dw), setup.height.unwrap_or(dh));
    if !GENERATED_WIDTH.contains(&w) || !GENERATED_HEIGHT.contains(&h) {
        return Err(SetupWhy::GeneratedSize {
            width: w,
            height: h,
        }
        .into());
    }
    let land = setup.land.unwrap_or(45);
    if !GENERATED_LAND.contains(&land) {
        return Err(SetupWhy::Land(land).into());
    }
    Ok(generated_with(
        setup.players,
        setup.seed.unwrap_or(0),
        (w, h),
        land,
    ))
}

/// A generated map's size when the setup does not say.
pub fn generated_size(players: u8) -> (u16, u16) {
    (11u16 + players as u16, 9u16 + players as u16 / 2)
}

/// A map generated from a seed, of the usual size and land share: a sea of
/// (11 + players) x (9 + players / 2) hexes with islands grown from random points,
/// each seat given a small coloured coast far from the others.
pub fn generated(players: u8, seed: u64) -> (Board, Vec<u8>) {
    generated_with(players, seed, generated_size(players), 45)
}

/// A map generated from a seed on a `w` x `h` field with about `land_percent` of
/// it land (at most every inner hex: the edge stays sea).
pub fn generated_with(
    players: u8,
    seed: u64,
    (w, h): (u16, u16),
    land_percent: u8,
) -> (Board, Vec<u8>) {
    let mut board = Board::hex_rect(w, h).unwrap_or_else(|_| Board::hex_rect(11, 9).expect("11x9"));
    let n = board.len();
    let mut rng = Rng::new(seed ^ 0x4953_4c41_4e44_5321);
    let mut land = vec![false; n];
    let inner = |c: CellId, b: &Board| {
        let (x, y) = b.coords(c);
        x > 0 && y > 0 && (x as u16) < w - 1 && (y as u16) < h - 1
    };
    // Islands: random walks from random inner points until about half is land.
    let inner_count = board.cells().filter(|&c| inner(c, &board)).count();
    let target = (n * land_percent as usize / 100).min(inner_count);
    while land.iter().filter(|&&l| l).count() < target {
        let mut c = rng.below(n as u32) as CellId;
        for _ in 0..(4 + rng.below(8)) {
            if inner(c, &board) {
                land[c as usize] = true;
            }
            let nb = board.neighbours(c);
            if nb.is_empty() {
                break;
            }
            c = nb[rng.below(nb.len() as u32) as usize];
        }
    }
    for (c, &l) in land.iter().enumerate() {
        if !l {
            board.set_terrain(c as CellId, Terrain::Sea);
        }
    }
    // Homes: land hexes far apart, picked greedily.
    let land_cells: Vec<CellId> = (0..n as CellId).filter(|&c| land[c as usize]).collect();
    let mut colour = vec![NONE; n];
    let mut homes: Vec<CellId> = Vec::new();
    for s in 0..players {
        let dist = |c: CellId| {
            homes
                .iter()
                .map(|&h| board.distance(c, h))
                .min()
                .unwrap_or(u32::MAX / 2)
        };
        let start = rng.below(land_cells.len().max(1) as u32) as usize;
        let best = (0..land_cells.len())
            .map(|i| land_cells[(start + i) % land_cells.len()])
            .max_by_key(|&c| if homes.is_empty() { 0 } else { dist(c) });
        let Some(home) = best else { break };
        homes.push(home);
        // A coast of three hexes: the home and the nearest free land around it.
        let mut coast = vec![home];
        let mut i = 0;
        while coast.len() < 3 && i < coast.len() {
            for &m in board.neighbours(coast[i]) {
                if coast.len() < 3
                    && land[m as usize]
                    && colour[m as usize] == NONE
                    && !coast.contains(&m)
                {
                    coast.push(m);
                }
            }
            i += 1;
        }
        for c in coast {
            colour[c as usize] = s;
        }
    }
    (board, colour)
}
