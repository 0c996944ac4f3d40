//! A board's edges and keys: its coordinates (pinned to the window when zoomed),
//! and where the arrow keys go by the board's own geometry.

use serde::{Deserialize, Serialize};

use super::view::BoardView;
use holdfast_rules::geometry::clamp;

/// Which boards show their coordinates (the notation's letters and numbers) along
/// their edges.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Coordinates {
    /// Square boards only: their letters and numbers line up.
    Square,
    /// Every board, hexagons and maps with lettered cells too (the default: a
    /// refusal or a hint that names a hex can then be found on the board).
    #[default]
    All,
    Off,
}

impl Coordinates {
    pub const ALL: [(Coordinates, &'static str, &'static str); 3] = [
        (
            Coordinates::Square,
            "square",
            crate::i18n::n_("On square boards"),
        ),
        (Coordinates::All, "all", crate::i18n::n_("On every board")),
        (Coordinates::Off, "off", crate::i18n::n_("Off")),
    ];

    pub fn from_key(key: &str) -> Option<Coordinates> {
        Self::ALL.iter().find(|c| c.1 == key).map(|c| c.0)
    }
}

/// Where a coordinate label at (`x`, `y`) is drawn while the view shows only the
/// window `shown` (x, y, width, height) of the board: a label beside the window
/// (its row or column in view, the label itself off the edge) is pinned to that
/// edge, so a zoomed board still says where it is; one whose row or column is
/// out of view is not drawn. Whole, every label stays where it is.
pub(super) fn pinned(x: f32, y: f32, shown: (f32, f32, f32, f32), size: f32) -> Option<(f32, f32)> {
    let (vx, vy, vw, vh) = shown;
    let (inside_x, inside_y) = (x >= vx && x <= vx + vw, y >= vy && y <= vy + vh);
    match (inside_x, inside_y) {
        (true, true) => Some((x, y)),
        (false, true) if x < vx => Some((vx + size * 0.7, y)),
        (false, true) => Some((vx + vw - size * 0.7, y)),
        (true, false) if y < vy => Some((x, vy + size * 0.7)),
        (true, false) => Some((x, vy + vh - size * 0.7)),
        (false, false) => None,
    }
}

/// Where the page point (`x`, `y`) lies in the drawing of an SVG element `el`, as
/// fractions of its view box's width and height (0 to 1). The view box has the
/// proportions `aspect` (width, height) and is drawn centred and whole
/// (`xMidYMid meet`), so an element of other proportions has bands beside it.
pub(super) fn fraction_in(el: &web_sys::Element, x: f64, y: f64, aspect: (f32, f32)) -> (f32, f32) {
    let r = el.get_bounding_client_rect();
    let (w, h) = (r.width().max(1.0), r.height().max(1.0));
    let scale = (w / aspect.0.max(1e-3) as f64).min(h / aspect.1.max(1e-3) as f64);
    let (dw, dh) = (aspect.0 as f64 * scale, aspect.1 as f64 * scale);
    let (left, top) = (r.left() + (w - dw) / 2.0, r.top() + (h - dh) / 2.0);
    (letterboxed(x - left, dw), letterboxed(y - top, dh))
}

/// `offset` along a drawing `size` long, as a fraction from 0 to 1.
fn letterboxed(offset: f64, size: f64) -> f32 {
    clamp(offset / size.max(1.0), 0.0, 1.0) as f32
}

/// Room round a board's cells, in view units (its frame is drawn there).
pub(super) const BOARD_PAD: f32 = 1.6;

/// The size of a board's coordinate labels, in view units: about a cell's, but
/// never large beside the whole board (a 6x6 board's cells are big).
pub fn label_size(view: &BoardView) -> f32 {
    let r = view.cells.first().map_or(1.0, |c| c.radius);
    (r * 1.3).min(view.view_box.2.max(view.view_box.3) / 24.0)
}

/// The coordinate labels of a board whose cells are named as the notation names
/// them, letters then a number (`c3`, `aa12`): each letter group's above its
/// topmost cell, each number's left of its leftmost, as (x, y, text). None for a
/// board not shown with coordinates: `which` says which boards are (square ones:
/// every letter group in one column and every number in one row).
pub fn coordinate_labels(view: &BoardView, which: Coordinates) -> Vec<(f32, f32, String)> {
    if which == Coordinates::Off || view.regions || view.cells.is_empty() {
        return Vec::new();
    }
    let split = |name: &str| -> Option<(String, String)> {
        let i = name.find(|c: char| c.is_ascii_digit())?;
        let (l, n) = name.split_at(i);
        (!l.is_empty()
            && l.chars().all(|c| c.is_ascii_lowercase())
            && n.chars().all(|c| c.is_ascii_digit()))
        .then(|| (l.to_string(), n.to_string()))
    };
    // Sorted by name, as a map would be (a sorted insert: no map and no sort in the wasm).
    type Groups = Vec<(String, Vec<(f32, f32)>)>;
    fn add(groups: &mut Groups, key: String, p: (f32, f32)) {
        let i = groups.partition_point(|(k, _)| *k < key);
        match groups.get_mut(i) {
            Some((k, v)) if *k == key => v.push(p),
            _ => groups.insert(i, (key, vec![p])),
        }
    }
    let mut cols: Groups = Vec::new();
    let mut rows: Groups = Vec::new();
    for c in &view.cells {
        let Some((l, n)) = split(&c.name) else {
            return Vec::new();
        };
        add(&mut cols, l, c.centre);
        add(&mut rows, n, c.centre);
    }
    let same = |v: &[(f32, f32)], f: fn(&(f32, f32)) -> f32| {
        let first = v.first().map_or(0.0, f);
        v.iter().all(|p| (f(p) - first).abs() < 0.01)
    };
    let square =
        cols.iter().all(|(_, v)| same(v, |p| p.0)) && rows.iter().all(|(_, v)| same(v, |p| p.1));
    if which == Coordinates::Square && !square {
        return Vec::new();
    }
    let r = view.cells[0].radius;
    // Clear of the cell and of the frame drawn round the board.
    let off = r + BOARD_PAD + label_size(view) * 0.6;
    // A group in a row is named left of it, one in a column above it, one that
    // runs on a slant (a hexagon's) below its lowest cell.
    let place = |v: &[(f32, f32)]| -> Option<(f32, f32)> {
        let left = v.iter().min_by(|a, b| a.0.total_cmp(&b.0))?;
        let top = v.iter().min_by(|a, b| a.1.total_cmp(&b.1))?;
        let low = v.iter().max_by(|a, b| a.1.total_cmp(&b.1))?;
        Some(if v.len() > 1 && same(v, |p| p.1) {
            (left.0 - off, left.1)
        } else if same(v, |p| p.0) {
            (top.0, top.1 - off)
        } else {
            (low.0, low.1 + off)
        })
    };
    cols.iter()
        .chain(rows.iter())
        .filter_map(|(t, v)| place(v).map(|(x, y)| (x, y, t.clone())))
        .collect()
}

/// The spot the arrow keys go to from `spots[from]` in direction `dir` (screen
/// axes: right is (1, 0), down is (0, 1)): the nearest spot ahead within 60° either
/// side, the distance weighed by how far off straight it lies (a hex board's
/// neighbour up and to the side comes before the cell two rows straight up; a
/// square board's cell straight up before the diagonal). The board's own geometry decides, so the keys
/// walk a square board by rows and columns, a hex board along its hexes and a map
/// from region to region.
pub fn step_towards(spots: &[(f32, f32)], from: usize, dir: (f32, f32)) -> Option<usize> {
    let (fx, fy) = *spots.get(from)?;
    spots
        .iter()
        .enumerate()
        .filter_map(|(i, &(x, y))| {
            let (vx, vy) = (x - fx, y - fy);
            let ahead = vx * dir.0 + vy * dir.1;
            let aside = (vx * dir.1 - vy * dir.0).abs();
            (i != from && ahead > 1e-3 && aside <= ahead * 1.74)
                .then(|| (i, (vx * vx + vy * vy).sqrt() * (1.0 + aside / ahead)))
        })
        .min_by(|a, b| a.1.total_cmp(&b.1))
        .map(|(i, _)| i)
}

/// The arrow key's direction, if `key` is one.
pub(super) fn arrow(key: &str) -> Option<(f32, f32)> {
    Some(match key {
        "ArrowRight" => (1.0, 0.0),
        "ArrowLeft" => (-1.0, 0.0),
        "ArrowDown" => (0.0, 1.0),
        "ArrowUp" => (0.0, -1.0),
        _ => return None,
    })
}

#[cfg(test)]
mod pin_tests {
    use super::pinned;

    /// Labels in view stay; one beside the window is pinned to its edge; one whose
    /// row or column is out of view goes.
    #[test]
    fn labels_pin_to_the_window_or_go() {
        let window = (10.0, 10.0, 20.0, 20.0);
        assert_eq!(pinned(15.0, 15.0, window, 1.0), Some((15.0, 15.0)));
        assert_eq!(pinned(2.0, 15.0, window, 1.0), Some((10.7, 15.0)));
        assert_eq!(pinned(40.0, 15.0, window, 1.0), Some((29.3, 15.0)));
        assert_eq!(pinned(15.0, 2.0, window, 1.0), Some((15.0, 10.7)));
        assert_eq!(pinned(15.0, 40.0, window, 1.0), Some((15.0, 29.3)));
        assert_eq!(pinned(2.0, 2.0, window, 1.0), None);
    }
}

#[cfg(test)]
mod arrow_tests {
    use super::{arrow, step_towards};
    use holdfast_rules::fort::Fort;
    use holdfast_rules::fortress::Fortress;
    use holdfast_rules::geometry::geometry;
    use holdfast_rules::Game;

    /// Where each arrow key goes from a cell, by the board's own geometry.
    fn walk<G: Game>(from: &str) -> Vec<String> {
        let g = G::new(&Default::default()).unwrap();
        let board = g.board();
        let geo = geometry(board);
        let spots: Vec<_> = geo.cells.iter().map(|c| c.centre).collect();
        let from = board.cell(from).unwrap() as usize;
        ["ArrowRight", "ArrowLeft", "ArrowUp", "ArrowDown"]
            .iter()
            .map(|k| {
                step_towards(&spots, from, arrow(k).unwrap())
                    .map_or("-".into(), |to| board.name(to as u16).to_string())
            })
            .collect()
    }

    #[test]
    fn the_arrow_keys_walk_a_square_board_by_rows_and_columns() {
        assert_eq!(walk::<Fortress>("c3"), ["d3", "b3", "c4", "c2"]);
        assert_eq!(walk::<Fortress>("a1"), ["b1", "-", "a2", "-"]);
    }

    /// On Fort's hexagon (rows a to i from the top), left and right stay in the
    /// row; up and down go to a neighbour in the row above or below.
    #[test]
    fn the_arrow_keys_walk_a_hex_board_along_its_hexes() {
        let [right, left, up, down] = <[String; 4]>::try_from(walk::<Fort>("e5")).unwrap();
        assert_eq!((right.as_str(), left.as_str()), ("e6", "e4"));
        assert!(up.starts_with('d'), "{up}");
        assert!(down.starts_with('f'), "{down}");
        assert_eq!(walk::<Fort>("e1")[1], "-", "the left edge");
    }
}
