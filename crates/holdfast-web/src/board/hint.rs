//! A suggested move drawn over the board.

use holdfast_rules::geometry::Fixed;
use yew::prelude::*;

use super::view::{BoardView, CellView};

/// A suggested move as the board draws it: the cells it plays on, in order (a
/// step's path, drawn as an arrow from the first to the last), and the faces
/// between cells it builds or destroys (Go boards' walls), by their names, and a
/// short label drawn beside its last mark (an analysis's better move: its chance).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct HintMarks {
    pub cells: Vec<String>,
    pub faces: Vec<String>,
    pub label: Option<String>,
    /// Rings only, no arrow between the cells (a lesson's goal: cells, not a move).
    pub rings_only: bool,
}

/// The hint drawn: a dashed ring on each cell and each face, and an arrow along a
/// step's path (one path for the lines, one for the arrowhead).
pub(super) fn hint_layer(view: &BoardView, hint: &HintMarks) -> Html {
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
    if let ([.., from, to], false) = (&cells[..], hint.rings_only) {
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
    // The label, on a pill over the top of the last cell marked (else the last
    // face), kept inside the board's view.
    let label = hint.label.as_ref().and_then(|text| {
        let (centre, r) = match cells.last() {
            Some(c) => (c.centre, c.radius),
            None => (view.go.as_ref()?.faces.iter().rfind(|f| hint.faces.contains(&f.name))?.centre, 3.0),
        };
        // Readable on a phone whatever the cells' size: at least a 26th of the
        // board's width.
        let (vx, vy, vw, _) = view.view_box;
        let size = (r * 0.7).max(vw / 26.0);
        let (w, h) = (size * (0.62 * text.chars().count() as f32 + 0.8), size * 1.3);
        let x = (centre.0 - w / 2.0).min(vx + vw - w).max(vx);
        let y = (centre.1 - r - h * 0.35).max(vy);
        Some(html! {
            <g class="hint-label" data-hint-label={text.clone()}>
                <rect x={n(x).to_string()} y={n(y).to_string()} width={n(w).to_string()} height={n(h).to_string()} rx={n(h / 2.0).to_string()} />
                <text x={n(x + w / 2.0).to_string()} y={n(y + h * 0.72).to_string()} font-size={n(size).to_string()} text-anchor="middle">{ text.clone() }</text>
            </g>
        })
    });
    html! {
        <g class="hint-mark" aria-hidden="true" data-hint-mark={hint.cells.iter().chain(&hint.faces).cloned().collect::<Vec<_>>().join(" ")}>
            <path class="hint-ring" d={lines} fill="none" stroke-width={width.to_string()} />
            <path class="hint-head" d={head} />
            { for label }
        </g>
    }
}
