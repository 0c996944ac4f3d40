//! Zooming a large board: the level and where, and a pointer gesture under way.

use holdfast_rules::geometry::clamp;

/// How far a large board is zoomed in, and where.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) struct Zoom {
    pub(super) level: f32,
    /// The centre's offset from the board's centre, in view units.
    pub(super) dx: f32,
    pub(super) dy: f32,
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
    pub(super) fn clamped(mut self, full: (f32, f32, f32, f32)) -> Zoom {
        let (_, _, w, h) = full;
        let (vw, vh) = (w / self.level, h / self.level);
        let (mx, my) = ((w - vw) / 2.0, (h - vh) / 2.0);
        self.dx = clamp(self.dx, -mx, mx);
        self.dy = clamp(self.dy, -my, my);
        self
    }

    /// Zoomed to `level` keeping the point at `at` (fractions of the view's width
    /// and height) where it is.
    pub(super) fn zoomed_about(
        self,
        full: (f32, f32, f32, f32),
        level: f32,
        at: (f32, f32),
    ) -> Zoom {
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

    pub(super) fn view_box(&self, full: (f32, f32, f32, f32)) -> (f32, f32, f32, f32) {
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
pub(super) struct Gesture {
    pub(super) start: Vec<(i32, f64, f64)>,
    pub(super) start_zoom: Zoom,
    pub(super) moved: bool,
    /// The most pointers down at once in this gesture.
    pub(super) fingers: usize,
    /// The last one-finger tap that did not move: its time (ms) and page point, to
    /// tell a double tap.
    pub(super) last_tap: Option<(f64, f64, f64)>,
}

/// Two taps this close in time (ms) and place (CSS px) make a double tap.
pub(super) const DOUBLE_TAP_MS: f64 = 350.0;
pub(super) const DOUBLE_TAP_PX: f64 = 30.0;
