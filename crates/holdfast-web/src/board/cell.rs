//! One cell as the board draws it: its ground, its tint, its pieces and marks.

use holdfast_rules::geometry::Fixed;
use holdfast_rules::Terrain;
use yew::prelude::*;

use super::shapes::{marker, pieces};
use super::view::{seat_colour, CellView};

/// What a cell shows, inside its `<g>`; `uid` prefixes the board's own patterns,
/// and `regions` names the cell (a map's regions).
pub(super) fn cell_drawing(c: &CellView, uid: &str, regions: bool) -> Html {
    let base = match c.terrain {
        Terrain::Land => c
            .ground
            .as_ref()
            .map_or_else(|| "var(--land)".to_string(), |g| g.to_string()),
        Terrain::Sea => format!("url(#{uid}-sea)"),
        Terrain::Mountain => format!("url(#{uid}-mountain)"),
    };
    let (cx, cy) = c.centre;
    html! {
        <>
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
        if regions {
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
        </>
    }
}
