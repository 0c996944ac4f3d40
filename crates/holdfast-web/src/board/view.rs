//! What a board shows: the props its games build (each game's `GameUi::view`),
//! and the seats' names, colours and shapes.

use holdfast_rules::geometry::CellGeometry;
use holdfast_rules::{CellId, Seat, Terrain};
use yew::AttrValue;

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
    /// A colour of its own for a land cell's ground (the map editor's areas).
    pub ground: Option<AttrValue>,
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
            ground: None,
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
