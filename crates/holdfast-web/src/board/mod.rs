//! The one board component: draws any board (squares, hexes, region maps) in SVG.
//! It knows no rules: cells, highlights and legal targets come in as props, taps
//! and key presses go out as events (each game's `GameUi::view` builds the props).
//!
//! The drawing helpers (piece shapes, the colour and terrain patterns, target marks)
//! are in `shapes.rs`.

mod shapes;

use holdfast_rules::geometry::Fixed;

use serde::{Deserialize, Serialize};
use std::rc::Rc;
use wasm_bindgen::JsCast;

use holdfast_rules::geometry::CellGeometry;
use holdfast_rules::{CellId, Seat, Terrain};
use yew::prelude::*;

pub use shapes::pieces;
use shapes::{defs, marker};

/// Default seat names, after their colours.
pub const SEAT_NAMES: [&str; 6] = [
    crate::i18n::n_("Orange"),
    crate::i18n::n_("Blue"),
    crate::i18n::n_("Green"),
    crate::i18n::n_("Red"),
    crate::i18n::n_("Purple"),
    crate::i18n::n_("Navy"),
];
/// Shape names, for screen readers and legends.
pub const SEAT_SHAPES: [&str; 6] = [
    crate::i18n::n_("circle"),
    crate::i18n::n_("square"),
    crate::i18n::n_("triangle"),
    crate::i18n::n_("diamond"),
    crate::i18n::n_("star"),
    crate::i18n::n_("hexagon"),
];

/// A seat's colour.
pub fn seat_colour(seat: Seat) -> &'static str {
    // CSS variables: `web/style.css` sets them (Okabe–Ito), and a game may bring its
    // own palette (a class on the board and the play screen).
    [
        "var(--seat-0)",
        "var(--seat-1)",
        "var(--seat-2)",
        "var(--seat-3)",
        "var(--seat-4)",
        "var(--seat-5)",
    ][seat as usize % 6]
}

/// A target mark on a cell: what a tap there would do, in shapes (each game's
/// module says what a shape means in its game, and the cell's label says it in words).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Marker {
    /// A dot: an ordinary move goes here.
    Dot,
    /// A ringed cross: a move here takes what stands here.
    Cross,
    /// A double ring: a move here joins the pieces into a stronger one.
    DoubleRing,
    /// A plus: a new piece can come here.
    Plus,
    /// A barred circle: not allowed here (the reason is in the cell's label).
    Barred,
}

/// What one cell shows, in the board's own drawing vocabulary: no rules, only
/// shapes, colours and words.
#[derive(Clone, Debug, PartialEq)]
pub struct CellView {
    pub id: CellId,
    pub name: String,
    /// The cell's outline (shared with the board's geometry: cheap to copy).
    pub fill: AttrValue,
    pub outline: AttrValue,
    pub centre: (f32, f32),
    pub radius: f32,
    pub terrain: Terrain,
    /// Territory: the seat this cell belongs or counts for, and whether it is held.
    pub tint: Option<(Seat, bool)>,
    /// Pieces standing here: seat and count.
    pub pieces: Option<(Seat, u8)>,
    /// Pieces that were just removed (they fade out).
    pub removed: Option<(Seat, u8)>,
    pub legal: bool,
    /// A target mark: what a tap here would do.
    pub marker: Option<Marker>,
    /// The piece here is selected.
    pub selected: bool,
    /// The pieces here are drawn larger, in a filled ring (a fort).
    pub ringed: bool,
    /// A house in a seat's colour stands here (a city).
    pub house: Option<Seat>,
    /// A flag in a seat's colour stands here, and whether it is spent this turn (a
    /// general that has had its order).
    pub flag: Option<(Seat, bool)>,
    /// A keep stands under the pieces, in its holder's colour or neutral (a citadel).
    pub keep: Option<Option<Seat>>,
    /// Drawn faded (a piece already used this turn).
    pub dim: bool,
    pub ghost: Option<Seat>,
    pub last: bool,
    /// Equal pressure from two sides: hatched and crossed swords.
    pub contested: bool,
    /// A small corner note (an area's value or capacity when not the default).
    pub note: Option<String>,
    /// Text alternative: name and content.
    pub label: String,
}

impl CellView {
    /// An empty cell of this shape: nothing on it, nothing to tap; a game's view sets
    /// what its cell shows.
    pub fn blank(id: CellId, name: &str, shape: &CellGeometry) -> CellView {
        CellView {
            id,
            name: name.to_string(),
            fill: AttrValue::from(shape.fill.clone()),
            outline: AttrValue::from(shape.outline.clone()),
            centre: shape.centre,
            radius: shape.radius,
            terrain: Terrain::Land,
            tint: None,
            pieces: None,
            removed: None,
            legal: false,
            marker: None,
            selected: false,
            ringed: false,
            house: None,
            flag: None,
            keep: None,
            dim: false,
            ghost: None,
            last: false,
            contested: false,
            note: None,
            label: name.to_string(),
        }
    }
}

/// Everything the board draws.
#[derive(Clone, Debug, PartialEq)]
pub struct BoardView {
    pub view_box: (f32, f32, f32, f32),
    pub cells: Vec<CellView>,
    /// The seat to move: a thin band of its colour around the board.
    pub edge: Option<Seat>,
    /// Whether region outlines (irregular maps) need a heavier stroke.
    pub regions: bool,
    /// A Go board: grid lines through the cells and tappable faces between them.
    pub go: Option<GoLayer>,
    /// A game's own seat colours: a CSS class that sets `--seat-0` … `--seat-5`.
    pub palette: Option<&'static str>,
}

/// The part of a Go board between its intersections.
#[derive(Clone, Debug, PartialEq)]
pub struct GoLayer {
    /// The grid lines (an SVG path).
    pub grid: String,
    pub faces: Vec<FaceView>,
}

/// One face: the square between four intersections, where a wall can stand.
#[derive(Clone, Debug, PartialEq)]
pub struct FaceView {
    pub id: u16,
    /// Its notation name (the bottom-left corner cell).
    pub name: String,
    /// The square (an SVG path).
    pub d: String,
    pub centre: (f32, f32),
    pub wall: bool,
    /// Tapping would build (or destroy) a wall here.
    pub marker: Option<Marker>,
    /// A small number (the wall's strength, when it matters).
    pub note: Option<String>,
    pub label: String,
}

impl BoardView {
    /// Narrows the view to the cells named (with a margin of about one cell): for
    /// rules diagrams that show one corner of a board.
    pub fn cropped(mut self, around: &[CellId]) -> BoardView {
        let mut min = (f32::MAX, f32::MAX);
        let mut max = (f32::MIN, f32::MIN);
        for c in self.cells.iter().filter(|c| around.contains(&c.id)) {
            let m = c.radius * 2.6;
            min = (min.0.min(c.centre.0 - m), min.1.min(c.centre.1 - m));
            max = (max.0.max(c.centre.0 + m), max.1.max(c.centre.1 + m));
        }
        if min.0 < max.0 {
            let (x, y, w, h) = self.view_box;
            let x0 = min.0.max(x);
            let y0 = min.1.max(y);
            self.view_box = (x0, y0, max.0.min(x + w) - x0, max.1.min(y + h) - y0);
        }
        self
    }
}

#[derive(Properties, PartialEq)]
pub struct BoardProps {
    pub view: Rc<BoardView>,
    /// A cell was tapped or clicked.
    #[prop_or_default]
    pub on_tap: Option<Callback<CellId>>,
    /// Enter or Space on a focused cell: play at once.
    #[prop_or_default]
    pub on_key: Option<Callback<CellId>>,
    /// A face (Go boards) was tapped.
    #[prop_or_default]
    pub on_face: Option<Callback<u16>>,
    /// Enter or Space on a focused face: play at once (`on_face` when not given).
    #[prop_or_default]
    pub on_face_key: Option<Callback<u16>>,
    /// A caption for assistive technology.
    pub title: AttrValue,
    /// Bumped on an illegal tap: the board shakes.
    #[prop_or_default]
    pub shake: u32,
    #[prop_or_default]
    pub class: Classes,
    /// Which boards show their coordinates along the edges (none unless asked:
    /// thumbnails and diagrams go without).
    #[prop_or(Coordinates::Off)]
    pub coordinates: Coordinates,
    /// A suggested move drawn over the board (the hint).
    #[prop_or_default]
    pub hint: Option<Rc<HintMarks>>,
}

/// A suggested move as the board draws it: the cells it plays on, in order (a
/// step's path, drawn as an arrow from the first to the last), and the faces
/// between cells it builds or destroys (Go boards' walls), by their names.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct HintMarks {
    pub cells: Vec<String>,
    pub faces: Vec<String>,
}

/// The hint drawn: a dashed ring on each cell and each face, and an arrow along a
/// step's path (one path for the lines, one for the arrowhead).
fn hint_layer(view: &BoardView, hint: &HintMarks) -> Html {
    let cells: Vec<&CellView> = hint
        .cells
        .iter()
        .filter_map(|n| view.cells.iter().find(|c| &c.name == n))
        .collect();
    let faces = hint
        .faces
        .iter()
        .filter_map(|n| view.go.as_ref()?.faces.iter().find(|f| &f.name == n));
    let n = |v: f32| Fixed::new(v, 2);
    let mut lines = String::new();
    let mut head = String::new();
    for c in &cells {
        let ((x, y), r) = (c.centre, c.radius * 0.88);
        lines += &format!(
            "M{} {}a{} {} 0 1 0 {} 0a{} {} 0 1 0 {} 0",
            n(x - r),
            n(y),
            n(r),
            n(r),
            n(2.0 * r),
            n(r),
            n(r),
            n(-2.0 * r)
        );
    }
    for f in faces {
        lines += &format!(
            "M{} {}h4.4v4.4h-4.4z",
            n(f.centre.0 - 2.2),
            n(f.centre.1 - 2.2)
        );
    }
    if let [.., from, to] = cells[..] {
        for (i, c) in cells.iter().enumerate() {
            lines += &format!(
                "{}{} {}",
                if i == 0 { "M" } else { "L" },
                n(c.centre.0),
                n(c.centre.1)
            );
        }
        // The arrowhead at the last cell, pointing along the last leg, short of
        // its centre so the piece stays visible.
        let (dx, dy) = (to.centre.0 - from.centre.0, to.centre.1 - from.centre.1);
        let len = (dx * dx + dy * dy).sqrt().max(1e-3);
        let (ux, uy, r) = (dx / len, dy / len, to.radius);
        let tip = (to.centre.0 - ux * r * 0.3, to.centre.1 - uy * r * 0.3);
        let back = (tip.0 - ux * r * 0.55, tip.1 - uy * r * 0.55);
        let side = (-uy * r * 0.32, ux * r * 0.32);
        head = format!(
            "M{} {}L{} {}L{} {}Z",
            n(tip.0),
            n(tip.1),
            n(back.0 + side.0),
            n(back.1 + side.1),
            n(back.0 - side.0),
            n(back.1 - side.1)
        );
    }
    if lines.is_empty() {
        return html! {};
    }
    let width = n(cells.first().map_or(0.5, |c| c.radius * 0.14));
    html! {
        <g class="hint-mark" aria-hidden="true" data-hint-mark={hint.cells.iter().chain(&hint.faces).cloned().collect::<Vec<_>>().join(" ")}>
            <path class="hint-ring" d={lines} fill="none" stroke-width={width.to_string()} />
            <path class="hint-head" d={head} />
        </g>
    }
}

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
fn pinned(x: f32, y: f32, shown: (f32, f32, f32, f32), size: f32) -> Option<(f32, f32)> {
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
fn fraction_in(el: &web_sys::Element, x: f64, y: f64, aspect: (f32, f32)) -> (f32, f32) {
    let r = el.get_bounding_client_rect();
    let (w, h) = (r.width().max(1.0), r.height().max(1.0));
    let scale = (w / aspect.0.max(1e-3) as f64).min(h / aspect.1.max(1e-3) as f64);
    let (dw, dh) = (aspect.0 as f64 * scale, aspect.1 as f64 * scale);
    let (left, top) = (r.left() + (w - dw) / 2.0, r.top() + (h - dh) / 2.0);
    (letterboxed(x - left, dw), letterboxed(y - top, dh))
}

/// `offset` along a drawing `size` long, as a fraction from 0 to 1.
fn letterboxed(offset: f64, size: f64) -> f32 {
    (offset / size.max(1.0)).clamp(0.0, 1.0) as f32
}

/// Room round a board's cells, in view units (its frame is drawn there).
const BOARD_PAD: f32 = 1.6;

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

fn describe_cell_class(c: &CellView) -> Classes {
    classes!(
        "cell",
        match c.terrain {
            Terrain::Land => "land",
            Terrain::Sea => "sea",
            Terrain::Mountain => "mountain",
        },
        (c.legal || c.marker.is_some()).then_some("legal"),
        c.selected.then_some("selected"),
        c.dim.then_some("dim"),
        c.ghost.is_some().then_some("ghosted"),
        c.last.then_some("last"),
    )
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
fn arrow(key: &str) -> Option<(f32, f32)> {
    Some(match key {
        "ArrowRight" => (1.0, 0.0),
        "ArrowLeft" => (-1.0, 0.0),
        "ArrowDown" => (0.0, 1.0),
        "ArrowUp" => (0.0, -1.0),
        _ => return None,
    })
}

thread_local! {
    static RENDERS: std::cell::Cell<u32> = const { std::cell::Cell::new(0) };
}

/// How many times a board has been drawn since the page loaded. `scripts/renders.sh`
/// reads it (as `holdfastBoardRenders` on the page) to count the board's renders
/// while a computer thinks.
pub fn renders() -> u32 {
    RENDERS.with(|c| c.get())
}

/// The board.
#[function_component(Board)]
pub fn board(props: &BoardProps) -> Html {
    let drawn = RENDERS.with(|c| {
        c.set(c.get() + 1);
        c.get()
    });
    #[cfg(target_arch = "wasm32")]
    let _ = js_sys::Reflect::set(
        &js_sys::global(),
        &wasm_bindgen::JsValue::from_str("holdfastBoardRenders"),
        &wasm_bindgen::JsValue::from(drawn),
    );
    #[cfg(not(target_arch = "wasm32"))]
    let _ = drawn;
    let view = &props.view;
    let (x, y, w, h) = view.view_box;
    let pad = BOARD_PAD;
    let labels = coordinate_labels(view, props.coordinates);
    // Room around the board for the coordinates (where the labels reach).
    let label_size = label_size(view);
    let (mut x0, mut y0, mut x1, mut y1) = (x - pad, y - pad, x + w + pad, y + h + pad);
    for (lx, ly, _) in &labels {
        x0 = x0.min(lx - label_size * 1.2);
        x1 = x1.max(lx + label_size * 1.2);
        y0 = y0.min(ly - label_size);
        y1 = y1.max(ly + label_size);
    }
    let full = (x0, y0, x1 - x0, y1 - y0);
    let interactive = props.on_tap.is_some();
    // Large boards zoom: pinch or the buttons, pan with one finger when zoomed.
    let zoomable = interactive && view.cells.len() > 150;
    let zoom = use_state(Zoom::default);
    // This board's own prefix for its SVG ids: ids are global to the page, and
    // boards side by side (the home page's thumbnails) must not take each other's
    // patterns (one in a hidden board would paint nothing in the others).
    let uid = use_memo((), |_| {
        thread_local!(static BOARDS: std::cell::Cell<u32> = const { std::cell::Cell::new(0) });
        BOARDS.with(|n| {
            n.set(n.get() + 1);
            format!("b{}", n.get())
        })
    });
    let uid = uid.as_str();
    let pointers = use_mut_ref(Vec::<(i32, f64, f64)>::new);
    let gesture = use_mut_ref(Gesture::default);
    let suppress_click = use_mut_ref(|| false);
    let svg_ref = use_node_ref();
    // The keyboard: one cell is the board's stop in the page's Tab order (the
    // selected one, else the first that can be played, else the first), and the
    // arrow keys move the focus from spot to spot by the board's geometry.
    let stop = view
        .cells
        .iter()
        .position(|c| c.selected)
        .or_else(|| {
            view.cells
                .iter()
                .position(|c| c.legal || c.marker.is_some())
        })
        .unwrap_or(0);
    // A Go board's wall squares are a second stop (from a square the arrows walk
    // the squares; from a point, the points): the first a wall can go on.
    let face_stop = view
        .go
        .as_ref()
        .and_then(|g| g.faces.iter().position(|f| f.marker.is_some()))
        .unwrap_or(0);
    let walk = {
        let svg_ref = svg_ref.clone();
        // (The spots are worked out on a key press, not at every render.)
        let view = props.view.clone();
        move |from: usize, e: &KeyboardEvent| -> bool {
            let Some(dir) = arrow(&e.key()) else {
                return false;
            };
            if e.alt_key() || e.ctrl_key() || e.meta_key() || e.shift_key() {
                return false;
            }
            e.prevent_default();
            let faces = view.go.iter().flat_map(|g| g.faces.iter());
            let spots: Vec<(f32, f32)> = view
                .cells
                .iter()
                .map(|c| c.centre)
                .chain(faces.clone().map(|f| f.centre))
                .collect();
            let selector = |to: usize| match view.cells.get(to) {
                Some(c) => format!("[data-cell=\"{}\"]", c.name),
                None => format!(
                    "[data-face=\"{}\"]",
                    faces
                        .clone()
                        .nth(to - view.cells.len())
                        .map_or("", |f| &f.name)
                ),
            };
            let target = step_towards(&spots, from, dir)
                .map(selector)
                .and_then(|sel| {
                    svg_ref
                        .cast::<web_sys::Element>()?
                        .query_selector(&sel)
                        .ok()?
                });
            if let Some(el) = target {
                // The Tab stop follows the cursor (a roving tabindex), so that Tab
                // out and Shift+Tab back return to it.
                let stops = if el.has_attribute("data-face") {
                    "[data-face][tabindex=\"0\"]"
                } else {
                    "[data-cell][tabindex=\"0\"]"
                };
                if let Some(svg) = svg_ref.cast::<web_sys::Element>() {
                    while let Ok(Some(old)) = svg.query_selector(stops) {
                        let _ = old.set_attribute("tabindex", "-1");
                    }
                }
                let _ = el.set_attribute("tabindex", "0");
                // (An SVG element: `focus` is the same method as an HTML element's.)
                let _ = el.unchecked_ref::<web_sys::HtmlElement>().focus();
            }
            true
        }
    };
    let vb = zoom.view_box(full);
    let shown = vb;
    // Zoomed in, the labels grow less than the cells do.
    let pin_size = (label_size * 1.6 / zoom.level).min(label_size);
    let vb = format!(
        "{} {} {} {}",
        Fixed::new(vb.0, 2),
        Fixed::new(vb.1, 2),
        Fixed::new(vb.2, 2),
        Fixed::new(vb.3, 2)
    );
    // View units per CSS pixel.
    let units_per_px = {
        let svg_ref = svg_ref.clone();
        move |z: &Zoom| -> f64 {
            let rect = svg_ref
                .cast::<web_sys::Element>()
                .map(|e| e.get_bounding_client_rect());
            let (cw, ch) = rect.map(|r| (r.width(), r.height())).unwrap_or((1.0, 1.0));
            let (vw, vh) = (
                full.2 as f64 / z.level as f64,
                full.3 as f64 / z.level as f64,
            );
            (vw / cw.max(1.0)).max(vh / ch.max(1.0))
        }
    };
    // The most a board zooms in: 4 times, or more where a cell would still be under
    // 40 CSS px (a finger's target) at that.
    // The level at which a cell is 40 CSS px wide (from its width with the whole
    // board shown).
    let finger_level = {
        let cell_units = view.cells.first().map_or(1.0, |c| c.radius * 2.0) as f64;
        let units_per_px = units_per_px.clone();
        move || -> f64 {
            let px_at_1 = cell_units / units_per_px(&Zoom::default()).max(1e-6);
            40.0 / px_at_1.max(1.0)
        }
    };
    let max_level = {
        let finger_level = finger_level.clone();
        move || -> f32 { finger_level().clamp(4.0, 12.0) as f32 }
    };
    // "Zoom in" goes to the comfortable level at once from the whole board (then
    // 1.5 times a press).
    let comfortable = move || -> f32 { finger_level().max(1.5) as f32 };
    // The mouse wheel (and a trackpad's pinch, which comes as the wheel with Ctrl)
    // zooms about the pointer; while the board is whole, a plain wheel scrolls the
    // page as usual.
    {
        let svg_ref = svg_ref.clone();
        let zoom = zoom.clone();
        let max_level = max_level.clone();
        use_effect_with((*zoom, zoomable), move |(now, zoomable)| {
            let now = *now;
            let listener = svg_ref
                .cast::<web_sys::Element>()
                .filter(|_| *zoomable)
                .map(|el| {
                    let target = el.clone();
                    gloo::events::EventListener::new_with_options(
                        &el,
                        "wheel",
                        gloo::events::EventListenerOptions::enable_prevent_default(),
                        move |e| {
                            let Some(e) = e.dyn_ref::<web_sys::WheelEvent>() else {
                                return;
                            };
                            if !e.ctrl_key() && now.level <= 1.0 {
                                return;
                            }
                            e.prevent_default();
                            let at = fraction_in(
                                &target,
                                e.client_x() as f64,
                                e.client_y() as f64,
                                (full.2, full.3),
                            );
                            let factor = (-e.delta_y() * 0.002).exp() as f32;
                            let level = (now.level * factor).clamp(1.0, max_level());
                            zoom.set(now.zoomed_about(full, level, at));
                        },
                    )
                });
            move || drop(listener)
        });
    }
    let on_pointer_down = {
        let pointers = pointers.clone();
        let gesture = gesture.clone();
        let zoom = zoom.clone();
        let suppress_click = suppress_click.clone();
        Callback::from(move |e: PointerEvent| {
            // A new gesture: a click held back after the last one (a pinch ends
            // with no click) must not swallow this tap.
            *suppress_click.borrow_mut() = false;
            let mut p = pointers.borrow_mut();
            p.retain(|q| q.0 != e.pointer_id());
            p.push((e.pointer_id(), e.client_x() as f64, e.client_y() as f64));
            let mut g = gesture.borrow_mut();
            g.start = p.clone();
            g.start_zoom = *zoom;
            g.moved = false;
            g.fingers = g.fingers.max(p.len());
        })
    };
    let on_pointer_move = {
        let pointers = pointers.clone();
        let gesture = gesture.clone();
        let zoom = zoom.clone();
        let units_per_px = units_per_px.clone();
        let max_level = max_level.clone();
        let svg_ref = svg_ref.clone();
        Callback::from(move |e: PointerEvent| {
            let mut p = pointers.borrow_mut();
            let Some(slot) = p.iter_mut().find(|q| q.0 == e.pointer_id()) else {
                return;
            };
            slot.1 = e.client_x() as f64;
            slot.2 = e.client_y() as f64;
            let mut g = gesture.borrow_mut();
            let start = g.start_zoom;
            let mid = |v: &[(i32, f64, f64)]| {
                let n = v.len().max(1) as f64;
                (
                    v.iter().map(|q| q.1).sum::<f64>() / n,
                    v.iter().map(|q| q.2).sum::<f64>() / n,
                )
            };
            let spread = |v: &[(i32, f64, f64)]| {
                if v.len() < 2 {
                    return 0.0;
                }
                ((v[0].1 - v[1].1).powi(2) + (v[0].2 - v[1].2).powi(2)).sqrt()
            };
            let (m0, m1) = (mid(&g.start), mid(&p));
            let (dx, dy) = (m1.0 - m0.0, m1.1 - m0.1);
            let mut next = start;
            if p.len() >= 2 && g.start.len() >= 2 {
                // A pinch zooms about the point between the fingers where it began.
                let s0 = spread(&g.start).max(1.0);
                let level =
                    (start.level as f64 * spread(&p) / s0).clamp(1.0, max_level() as f64) as f32;
                let at = svg_ref.cast::<web_sys::Element>().map_or((0.5, 0.5), |el| {
                    fraction_in(&el, m0.0, m0.1, (full.2, full.3))
                });
                next = start.zoomed_about(full, level, at);
                g.moved = true;
            } else if start.level > 1.0 && (dx.abs() + dy.abs()) > 8.0 {
                g.moved = true;
            }
            if g.moved {
                // And the fingers' movement pans, at the new scale.
                let k = units_per_px(&next);
                next.dx -= (dx * k) as f32;
                next.dy -= (dy * k) as f32;
                zoom.set(next.clamped(full));
            }
        })
    };
    // A double tap where no move can be made (not a legal cell or wall face, where
    // a second tap confirms a move) fits a zoomed board, or zooms a whole one in
    // about that point.
    let on_pointer_up = {
        let pointers = pointers.clone();
        let gesture = gesture.clone();
        let suppress_click = suppress_click.clone();
        let zoom = zoom.clone();
        let comfortable = comfortable.clone();
        let svg_ref = svg_ref.clone();
        Callback::from(move |e: PointerEvent| {
            let mut p = pointers.borrow_mut();
            p.retain(|q| q.0 != e.pointer_id());
            let mut g = gesture.borrow_mut();
            if g.moved {
                *suppress_click.borrow_mut() = true;
            }
            g.start = p.clone();
            g.start_zoom = *zoom;
            if !p.is_empty() {
                return;
            }
            let tap = !g.moved && g.fingers == 1 && e.type_() == "pointerup";
            g.moved = false;
            g.fingers = 0;
            let on_move = e
                .target()
                .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
                .and_then(|t| t.closest(".legal").ok().flatten())
                .is_some();
            let (t, x, y) = (e.time_stamp(), e.client_x() as f64, e.client_y() as f64);
            let double = g.last_tap.is_some_and(|(t0, x0, y0)| {
                t - t0 < DOUBLE_TAP_MS && (x - x0).abs().max((y - y0).abs()) < DOUBLE_TAP_PX
            });
            if !tap || on_move {
                g.last_tap = None;
            } else if double {
                g.last_tap = None;
                // The second tap's click is not a tap on the cell.
                *suppress_click.borrow_mut() = true;
                if zoom.level > 1.0 {
                    zoom.set(Zoom::default());
                } else if let Some(el) = svg_ref.cast::<web_sys::Element>() {
                    let at = fraction_in(&el, x, y, (full.2, full.3));
                    zoom.set(Zoom::default().zoomed_about(full, comfortable(), at));
                }
            } else {
                g.last_tap = Some((t, x, y));
            }
        })
    };
    let step_zoom = |f: f32| {
        let zoom = zoom.clone();
        let max_level = max_level.clone();
        let comfortable = comfortable.clone();
        Callback::from(move |_: MouseEvent| {
            let mut z = *zoom;
            z.level = if f > 1.0 && z.level <= 1.0 {
                comfortable()
            } else {
                z.level * f
            }
            .clamp(1.0, max_level());
            zoom.set(z.clamped(full));
        })
    };
    // A tap on the overview brings that part of the board into view.
    let overview_ref = use_node_ref();
    let on_overview = {
        let zoom = zoom.clone();
        let overview_ref = overview_ref.clone();
        Callback::from(move |e: MouseEvent| {
            let Some(el) = overview_ref.cast::<web_sys::Element>() else {
                return;
            };
            let (fx, fy) = fraction_in(
                &el,
                e.client_x() as f64,
                e.client_y() as f64,
                (full.2, full.3),
            );
            let mut z = *zoom;
            z.dx = (fx - 0.5) * full.2;
            z.dy = (fy - 0.5) * full.3;
            zoom.set(z.clamped(full));
        })
    };
    let reset_zoom = {
        let zoom = zoom.clone();
        Callback::from(move |_: MouseEvent| zoom.set(Zoom::default()))
    };
    let shake_class = if props.shake > 0 {
        if props.shake.is_multiple_of(2) {
            "shake-a"
        } else {
            "shake-b"
        }
    } else {
        ""
    };
    // On a Go board a tap between the points (off every point, and off the wall
    // squares that cannot be played: they let taps through) is the nearest
    // point's: a finger on a small board is not that precise.
    let on_wood = props
        .on_tap
        .clone()
        .filter(|_| view.go.is_some())
        .map(|cb| {
            let (svg_ref, view, suppress) =
                (svg_ref.clone(), props.view.clone(), suppress_click.clone());
            Callback::from(move |e: MouseEvent| {
                if std::mem::take(&mut *suppress.borrow_mut()) {
                    return;
                }
                let Some(el) = svg_ref.cast::<web_sys::Element>() else {
                    return;
                };
                let r = el.get_bounding_client_rect();
                let (vx, vy, vw, vh) = shown;
                let scale = (r.width() as f32 / vw)
                    .min(r.height() as f32 / vh)
                    .max(1e-6);
                let (ox, oy) = (
                    r.left() as f32 + (r.width() as f32 - vw * scale) / 2.0,
                    r.top() as f32 + (r.height() as f32 - vh * scale) / 2.0,
                );
                let (px, py) = (
                    vx + (e.client_x() as f32 - ox) / scale,
                    vy + (e.client_y() as f32 - oy) / scale,
                );
                let d = |c: &CellView| (c.centre.0 - px).powi(2) + (c.centre.1 - py).powi(2);
                if let Some(c) = view.cells.iter().min_by(|a, b| d(a).total_cmp(&d(b))) {
                    cb.emit(c.id);
                }
            })
        });
    let svg = html! {
        <svg ref={svg_ref} class={classes!("board", shake_class, view.regions.then_some("regions"), view.go.is_some().then_some("go"), zoomable.then_some("zoomable"), view.palette, props.class.clone())}
            viewBox={vb} role="group" aria-label={props.title.clone()} preserveAspectRatio="xMidYMid meet"
            // A click plays a cell without focusing it: the arrow keys stay the
            // page's (stepping through the moves) until the keyboard enters the board.
            onmousedown={Callback::from(|e: MouseEvent| e.prevent_default())}
            onpointerdown={zoomable.then_some(on_pointer_down)} onpointermove={zoomable.then_some(on_pointer_move.clone())}
            onpointerup={zoomable.then_some(on_pointer_up.clone())} onpointercancel={zoomable.then_some(on_pointer_up)}>
            { defs(uid) }
            if let Some(seat) = view.edge {
                <rect class="edge" x={Fixed::new(x - pad * 0.6, 2).to_string()} y={Fixed::new(y - pad * 0.6, 2).to_string()}
                    width={Fixed::new(w + pad * 1.2, 2).to_string()} height={Fixed::new(h + pad * 1.2, 2).to_string()} rx="1.2"
                    fill="none" style={format!("stroke:{}", seat_colour(seat))} stroke-width="0.9" />
            }
            if let Some(go) = &view.go {
                <rect class="go-wood" x={Fixed::new(x, 2).to_string()} y={Fixed::new(y, 2).to_string()} width={Fixed::new(w, 2).to_string()} height={Fixed::new(h, 2).to_string()} rx="1"
                    onclick={on_wood.clone()} />
                <path class="go-grid" d={go.grid.clone()} fill="none" />
                { for go.faces.iter().enumerate().map(|(k, f)| {
                    let id = f.id;
                    let spot = view.cells.len() + k;
                    let walk = walk.clone();
                    let suppress = suppress_click.clone();
                    let onclick = props.on_face.clone().map(|cb| Callback::from(move |_: MouseEvent| {
                        if std::mem::take(&mut *suppress.borrow_mut()) {
                            return;
                        }
                        cb.emit(id)
                    }));
                    let onkeydown = props.on_face_key.clone().or_else(|| props.on_face.clone()).map(|cb| Callback::from(move |e: KeyboardEvent| {
                        if walk(spot, &e) {
                            return;
                        }
                        if e.key() == "Enter" || e.key() == " " {
                            e.prevent_default();
                            cb.emit(id);
                        }
                    }));
                    let (fx, fy) = f.centre;
                    html! {
                        <g class={classes!("face", f.wall.then_some("wall"), f.marker.is_some().then_some("legal"))}
                            data-face={f.name.clone()} aria-label={f.label.clone()}
                            role={if interactive { "button" } else { "img" }} tabindex={interactive.then_some(if k == face_stop { "0" } else { "-1" })}
                            onclick={onclick} onkeydown={onkeydown}>
                            <path class="face-area" d={f.d.clone()} />
                            if f.marker.is_some() && !f.wall {
                                <rect class="face-mark" x={format!("{}", Fixed::new(fx - 1.6, 2))} y={format!("{}", Fixed::new(fy - 1.6, 2))} width="3.2" height="3.2" rx="0.4" />
                            }
                            if let Some(n) = &f.note {
                                <text class="face-note" x={format!("{}", Fixed::new(fx, 2))} y={format!("{}", Fixed::new(fy + 1.1, 2))}>{ n }</text>
                            }
                        </g>
                    }
                }) }
            }
            { for view.cells.iter().enumerate().map(|(spot, c)| {
                let id = c.id;
                let walk = walk.clone();
                let suppress = suppress_click.clone();
                let onclick = props.on_tap.clone().map(|cb| Callback::from(move |_: MouseEvent| {
                    if std::mem::take(&mut *suppress.borrow_mut()) {
                        return;
                    }
                    cb.emit(id)
                }));
                let onkeydown = props.on_key.clone().map(|cb| Callback::from(move |e: KeyboardEvent| {
                    if walk(spot, &e) {
                        return;
                    }
                    if e.key() == "Enter" || e.key() == " " {
                        e.prevent_default();
                        cb.emit(id);
                    }
                }));
                let base = match c.terrain {
                    Terrain::Land => "var(--land)".to_string(),
                    Terrain::Sea => format!("url(#{uid}-sea)"),
                    Terrain::Mountain => format!("url(#{uid}-mountain)"),
                };
                let (cx, cy) = c.centre;
                html! {
                    <g class={describe_cell_class(c)} data-cell={c.name.clone()} aria-label={c.label.clone()}
                        role={if interactive { "button" } else { "img" }} tabindex={interactive.then_some(if spot == stop { "0" } else { "-1" })}
                        onclick={onclick} onkeydown={onkeydown}>
                        <path class="cell-base" d={c.fill.clone()} fill={base} />
                        if let Some((seat, held)) = c.tint {
                            <path class={classes!("tint", held.then_some("held"))} d={c.fill.clone()}
                                fill={format!("url(#{uid}-tint-{seat})")} />
                        }
                        if c.contested {
                            <path class="contested" d={c.fill.clone()} fill={format!("url(#{uid}-tint-2)")} fill-opacity="0" />
                        }
                        <path class="cell-line" d={c.outline.clone()} fill="none" />
                        if let Some(ctl) = c.keep {
                            <g class={classes!("citadel", ctl.is_none().then_some("neutral"))} aria-hidden="true">
                                <rect x={format!("{}", Fixed::new(cx - c.radius * 0.9, 2))} y={format!("{}", Fixed::new(cy - c.radius * 0.9, 2))}
                                    width={format!("{}", Fixed::new(c.radius * 1.8, 2))} height={format!("{}", Fixed::new(c.radius * 1.8, 2))} rx={format!("{}", Fixed::new(c.radius * 0.25, 2))}
                                    style={format!("fill:{}", ctl.map(seat_colour).unwrap_or("var(--neutral)"))} fill-opacity="0.55" />
                            </g>
                        }
                        if c.legal && c.pieces.is_none() {
                            <circle class="legal-dot" cx={Fixed::new(cx, 2).to_string()} cy={Fixed::new(cy, 2).to_string()} r={Fixed::new(c.radius * 0.16, 2).to_string()} />
                        }
                        // A piece just taken: its outline, faintly filled and
                        // crossed out (clear in a still diagram as on the board).
                        if let Some((seat, n)) = c.removed {
                            { pieces(seat, n, c.centre, c.radius, "removed") }
                            if c.pieces.is_none() {
                                <path class="removed-mark" d={format!("M{} {}l{} {}m0 {}l{} {}", Fixed::new(cx - c.radius * 0.4, 2), Fixed::new(cy - c.radius * 0.4, 2),
                                    Fixed::new(c.radius * 0.8, 2), Fixed::new(c.radius * 0.8, 2), Fixed::new(-c.radius * 0.8, 2), Fixed::new(-c.radius * 0.8, 2), Fixed::new(c.radius * 0.8, 2))}
                                    stroke-width={Fixed::new(c.radius * 0.12, 2).to_string()} />
                            }
                        }
                        if let Some((seat, n)) = c.pieces {
                            if c.ringed {
                                <g class={classes!("fort-piece", c.last.then_some("placed"))}>
                                    <circle class="fort-ring" cx={Fixed::new(cx, 2).to_string()} cy={Fixed::new(cy, 2).to_string()} r={Fixed::new(c.radius * 0.86, 2).to_string()}
                                        fill-opacity="0.35" style={format!("fill:{0};stroke:{0}", seat_colour(seat))} />
                                    { pieces(seat, 1, c.centre, c.radius * 1.15, "") }
                                </g>
                            } else {
                                { pieces(seat, n, c.centre, if c.marker.is_some() || c.selected { c.radius * 0.8 } else { c.radius }, if c.last { "placed" } else { "" }) }
                            }
                        }
                        if let Some(seat) = c.house {
                            <g class="city" aria-hidden="true">
                                <path d={format!("M{} {}l{} {}l{} {}v{}h{}z", Fixed::new(cx - c.radius * 0.6, 2), Fixed::new(cy - c.radius * 0.05, 2), Fixed::new(c.radius * 0.6, 2), Fixed::new(-c.radius * 0.6, 2), Fixed::new(c.radius * 0.6, 2), Fixed::new(c.radius * 0.6, 2), Fixed::new(c.radius * 0.62, 2), Fixed::new(-c.radius * 1.2, 2))}
                                    style={format!("fill:{}", seat_colour(seat))} />
                            </g>
                        }
                        if let Some((seat, ordered)) = c.flag {
                            <g class={classes!("general", ordered.then_some("ordered"))} aria-hidden="true">
                                <circle cx={format!("{}", Fixed::new(cx, 2))} cy={format!("{}", Fixed::new(cy - c.radius * 0.28, 2))} r={format!("{}", Fixed::new(c.radius * 0.2, 2))} style={format!("fill:{}", seat_colour(seat))} />
                                <path d={format!("M{} {}h{}l{} {}h{}z", Fixed::new(cx - c.radius * 0.38, 2), Fixed::new(cy + c.radius * 0.5, 2), Fixed::new(c.radius * 0.76, 2), Fixed::new(-c.radius * 0.22, 2), Fixed::new(-c.radius * 0.62, 2), Fixed::new(-c.radius * 0.32, 2))} style={format!("fill:{}", seat_colour(seat))} />
                                if ordered {
                                    <path class="ordered-mark" d={format!("M{} {}l{} {}l{} {}", Fixed::new(cx + c.radius * 0.3, 2), Fixed::new(cy - c.radius * 0.35, 2), Fixed::new(c.radius * 0.15, 2), Fixed::new(c.radius * 0.15, 2), Fixed::new(c.radius * 0.3, 2), Fixed::new(-c.radius * 0.35, 2))} fill="none" />
                                }
                            </g>
                        }
                        if c.selected {
                            <circle class="selected-ring" cx={Fixed::new(cx, 2).to_string()} cy={Fixed::new(cy, 2).to_string()} r={Fixed::new(c.radius * 0.78, 2).to_string()} fill="none" />
                        }
                        { marker(c) }
                        if let Some(seat) = c.ghost {
                            { pieces(seat, c.pieces.map_or(1, |p| p.1 + 1), c.centre, c.radius, "ghost") }
                        }
                        if c.legal && c.pieces.is_some() {
                            <circle class="legal-ring" cx={Fixed::new(cx, 2).to_string()} cy={Fixed::new(cy, 2).to_string()} r={Fixed::new(c.radius * 0.82, 2).to_string()} fill="none" />
                        }
                        if view.regions {
                            <text class="area-name" x={Fixed::new(cx, 2).to_string()} y={Fixed::new(cy + c.radius * 0.95, 2).to_string()}>{ &c.name }</text>
                        }
                        if c.last {
                            <circle class="last-ring" cx={Fixed::new(cx, 2).to_string()} cy={Fixed::new(cy, 2).to_string()} r={Fixed::new(c.radius * 0.95, 2).to_string()} fill="none" />
                        }
                        if c.contested {
                            <text class="cell-note contested-mark" x={Fixed::new(cx - c.radius * 0.8, 2).to_string()} y={Fixed::new(cy + c.radius * 0.9, 2).to_string()}>{"⚔"}</text>
                        }
                        if let Some(note) = &c.note {
                            <text class="cell-note" x={Fixed::new(cx + c.radius * 0.55, 2).to_string()} y={Fixed::new(cy - c.radius * 0.55, 2).to_string()}>{ note }</text>
                        }
                    </g>
                }
            }) }
            if let Some(hint) = &props.hint {
                { hint_layer(view, hint) }
            }
            if !labels.is_empty() {
                <g class={classes!("coordinates", (zoom.level > 1.0).then_some("pinned"))} aria-hidden="true" style={format!("font-size:{pin_size_f}px", pin_size_f = Fixed::new(pin_size, 2))}>
                    { for labels.iter().filter_map(|(lx, ly, t)| pinned(*lx, *ly, shown, pin_size).map(|(lx, ly)| html! {
                        <text x={format!("{lx_f}", lx_f = Fixed::new(lx, 2))} y={format!("{ly_f}", ly_f = Fixed::new(ly, 2))}>{ t.clone() }</text>
                    })) }
                </g>
            }
        </svg>
    };
    if !zoomable {
        return svg;
    }
    let zoomed = zoom.level > 1.0;
    // While zoomed: the whole board in small, its pieces as dots and the part in
    // view framed.
    let overview = zoomed.then(|| {
        let (vx, vy, vw, vh) = zoom.view_box(full);
        let stroke = full.2.max(full.3) / 60.0;
        html! {
            <svg ref={overview_ref.clone()} class="overview" data-overview="" viewBox={format!("{} {} {} {}", Fixed::new(full.0, 2), Fixed::new(full.1, 2), Fixed::new(full.2, 2), Fixed::new(full.3, 2))}
                role="img" aria-label={crate::i18n::t("The whole board, the part in view framed")} onclick={on_overview}>
                <rect class="overview-board" x={Fixed::new(x, 2).to_string()} y={Fixed::new(y, 2).to_string()} width={Fixed::new(w, 2).to_string()} height={Fixed::new(h, 2).to_string()} rx="1" />
                { for view.cells.iter().filter_map(|c| c.pieces.map(|(seat, _)| (c, seat))).map(|(c, seat)| html! {
                    <circle cx={format!("{}", Fixed::new(c.centre.0, 2))} cy={format!("{}", Fixed::new(c.centre.1, 2))} r={format!("{}", Fixed::new(c.radius * 0.8, 2))}
                        style={format!("fill:{}", seat_colour(seat))} />
                }) }
                <rect class="overview-window" x={format!("{vx_f}", vx_f = Fixed::new(vx, 2))} y={format!("{vy_f}", vy_f = Fixed::new(vy, 2))} width={format!("{vw_f}", vw_f = Fixed::new(vw, 2))} height={format!("{vh_f}", vh_f = Fixed::new(vh, 2))}
                    fill="none" stroke-width={format!("{stroke_f}", stroke_f = Fixed::new(stroke, 2))} />
            </svg>
        }
    });
    html! {
        <div class="zoom-wrap">
            { svg }
            <div class="zoom-controls" role="group" aria-label={crate::i18n::t("Zoom")}>
                { for overview }
                <button type="button" aria-label={crate::i18n::t("Zoom in")} data-action="zoom-in" onclick={step_zoom(1.5)}>{"+"}</button>
                <button type="button" aria-label={crate::i18n::t("Zoom out")} data-action="zoom-out" disabled={!zoomed} onclick={step_zoom(1.0 / 1.5)}>{"\u{2212}"}</button>
                if zoomed {
                    <button type="button" aria-label={crate::i18n::t("Show the whole board")} data-action="zoom-reset" onclick={reset_zoom}>{crate::i18n::t("Fit")}</button>
                }
            </div>
        </div>
    }
}

/// How far a large board is zoomed in, and where.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Zoom {
    level: f32,
    /// The centre's offset from the board's centre, in view units.
    dx: f32,
    dy: f32,
}

impl Default for Zoom {
    fn default() -> Self {
        Zoom {
            level: 1.0,
            dx: 0.0,
            dy: 0.0,
        }
    }
}

impl Zoom {
    /// Keeps the zoomed view inside the board.
    fn clamped(mut self, full: (f32, f32, f32, f32)) -> Zoom {
        let (_, _, w, h) = full;
        let (vw, vh) = (w / self.level, h / self.level);
        let (mx, my) = ((w - vw) / 2.0, (h - vh) / 2.0);
        self.dx = self.dx.clamp(-mx, mx);
        self.dy = self.dy.clamp(-my, my);
        self
    }

    /// Zoomed to `level` keeping the point at `at` (fractions of the view's width
    /// and height) where it is.
    fn zoomed_about(self, full: (f32, f32, f32, f32), level: f32, at: (f32, f32)) -> Zoom {
        let (vx, vy, vw, vh) = self.view_box(full);
        let point = (vx + at.0 * vw, vy + at.1 * vh);
        let (nw, nh) = (full.2 / level, full.3 / level);
        let (nx, ny) = (point.0 - at.0 * nw, point.1 - at.1 * nh);
        Zoom {
            level,
            dx: nx - (full.0 + (full.2 - nw) / 2.0),
            dy: ny - (full.1 + (full.3 - nh) / 2.0),
        }
        .clamped(full)
    }

    fn view_box(&self, full: (f32, f32, f32, f32)) -> (f32, f32, f32, f32) {
        let (x, y, w, h) = full;
        let (vw, vh) = (w / self.level, h / self.level);
        (
            x + (w - vw) / 2.0 + self.dx,
            y + (h - vh) / 2.0 + self.dy,
            vw,
            vh,
        )
    }
}

/// A pointer gesture under way: where the pointers started and the zoom then.
#[derive(Default)]
struct Gesture {
    start: Vec<(i32, f64, f64)>,
    start_zoom: Zoom,
    moved: bool,
    /// The most pointers down at once in this gesture.
    fingers: usize,
    /// The last one-finger tap that did not move: its time (ms) and page point, to
    /// tell a double tap.
    last_tap: Option<(f64, f64, f64)>,
}

/// Two taps this close in time (ms) and place (CSS px) make a double tap.
const DOUBLE_TAP_MS: f64 = 350.0;
const DOUBLE_TAP_PX: f64 = 30.0;

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
