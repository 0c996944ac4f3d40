//! The board's drawing helpers: each seat's piece shape, pieces grouped in a cell, the
//! patterns behind seat colours and terrain, and the target marks on cells.

use holdfast_rules::geometry::Fixed;
use holdfast_rules::Seat;
use yew::prelude::*;

use super::{seat_colour, CellView, Marker};

/// An SVG `points` list for a seat's piece shape.
fn shape(seat: Seat, cx: f32, cy: f32, r: f32) -> Html {
    let pts = |v: &[(f32, f32)]| -> String {
        v.iter()
            .map(|(x, y)| {
                format!(
                    "{},{}",
                    Fixed::new(cx + x * r, 2),
                    Fixed::new(cy + y * r, 2)
                )
            })
            .collect::<Vec<_>>()
            .join(" ")
    };
    match seat % 6 {
        0 => {
            html! { <circle cx={Fixed::new(cx, 2).to_string()} cy={Fixed::new(cy, 2).to_string()} r={Fixed::new(r * 0.92, 2).to_string()} /> }
        }
        1 => {
            html! { <polygon points={pts(&[(-0.8, -0.8), (0.8, -0.8), (0.8, 0.8), (-0.8, 0.8)])} /> }
        }
        2 => html! { <polygon points={pts(&[(0.0, -1.0), (0.95, 0.75), (-0.95, 0.75)])} /> },
        3 => {
            html! { <polygon points={pts(&[(0.0, -1.05), (1.0, 0.0), (0.0, 1.05), (-1.0, 0.0)])} /> }
        }
        4 => {
            // Corners at 36° steps from the top (no sin/cos: libm's stays out of the wasm).
            let star: Vec<(f32, f32)> = vec![
                (0.0, -1.0),
                (0.264503, -0.364058),
                (0.951057, -0.309017),
                (0.427975, 0.139058),
                (0.587785, 0.809017),
                (0.0, 0.45),
                (-0.587785, 0.809017),
                (-0.427975, 0.139058),
                (-0.951057, -0.309017),
                (-0.264503, -0.364058),
            ];
            html! { <polygon points={pts(&star)} /> }
        }
        _ => {
            let hex: Vec<(f32, f32)> = vec![
                (0.95, 0.0),
                (0.475, 0.822724),
                (-0.475, 0.822724),
                (-0.95, 0.0),
                (-0.475, -0.822724),
                (0.475, -0.822724),
            ];
            html! { <polygon points={pts(&hex)} /> }
        }
    }
}

/// Offsets for 1 to 4 pieces in a cell (in units of the cell radius).
fn spots(n: u8) -> &'static [(f32, f32)] {
    match n {
        0 => &[],
        1 => &[(0.0, 0.0)],
        2 => &[(-0.42, 0.0), (0.42, 0.0)],
        3 => &[(0.0, -0.4), (-0.42, 0.32), (0.42, 0.32)],
        _ => &[(-0.4, -0.4), (0.4, -0.4), (-0.4, 0.4), (0.4, 0.4)],
    }
}

/// Draws `n` pieces of a seat around a centre; more than four show as one with a number.
pub fn pieces(seat: Seat, n: u8, centre: (f32, f32), radius: f32, class: &'static str) -> Html {
    let (cx, cy) = centre;
    if n == 0 {
        return html! {};
    }
    if n > 4 {
        return html! {
            <g class={classes!("piece", format!("seat-{seat}"), class)} style={format!("fill:{}", seat_colour(seat))}>
                { shape(seat, cx, cy, radius * 0.6) }
                <text class="piece-count" x={Fixed::new(cx, 2).to_string()} y={Fixed::new(cy + radius * 0.2, 2).to_string()}
                    font-size={Fixed::new(radius * 0.6, 2).to_string()}>{ n }</text>
            </g>
        };
    }
    let r = if n == 1 { radius * 0.55 } else { radius * 0.33 };
    html! {
        <g class={classes!("piece", format!("seat-{seat}"), class)} style={format!("fill:{}", seat_colour(seat))}>
            { for spots(n).iter().map(|(dx, dy)| shape(seat, cx + dx * radius, cy + dy * radius, r)) }
        </g>
    }
}

/// Patterns that back every colour with a texture, and the terrain textures; their
/// ids begin with `uid`, the board's own prefix.
pub(super) fn defs(uid: &str) -> Html {
    html! {
        <defs>
            { for (0..6u8).map(|s| {
                let c = seat_colour(s);
                let id = format!("{uid}-tint-{s}");
                let mark = match s {
                    0 => html! { <path d="M0 4 L4 0 M-1 1 L1 -1 M3 5 L5 3" style={format!("stroke:{c}")} stroke-width="0.6" /> },
                    1 => html! { <circle cx="2" cy="2" r="0.65" style={format!("fill:{c}")} /> },
                    2 => html! { <path d="M0 0 L4 4 M4 0 L0 4" style={format!("stroke:{c}")} stroke-width="0.6" /> },
                    3 => html! { <path d="M0 2 H4" style={format!("stroke:{c}")} stroke-width="0.9" /> },
                    4 => html! { <path d="M2 0 V4" style={format!("stroke:{c}")} stroke-width="0.9" /> },
                    _ => html! { <path d="M0 0 L4 4" style={format!("stroke:{c}")} stroke-width="0.9" /> },
                };
                html! {
                    <pattern id={id} width="4" height="4" patternUnits="userSpaceOnUse">
                        <rect width="4" height="4" style={format!("fill:{c}")} fill-opacity="0.18" />
                        { mark }
                    </pattern>
                }
            }) }
            <pattern id={format!("{uid}-sea")} width="6" height="4" patternUnits="userSpaceOnUse">
                <rect width="6" height="4" class="sea-bg" />
                <path d="M0 2 Q1.5 0.8 3 2 T6 2" fill="none" class="sea-wave" stroke-width="0.45" />
            </pattern>
            <pattern id={format!("{uid}-mountain")} width="6" height="6" patternUnits="userSpaceOnUse">
                <rect width="6" height="6" class="mountain-bg" />
                <path d="M0.8 5 L3 1.6 L5.2 5" fill="none" class="mountain-mark" stroke-width="0.5" />
            </pattern>
        </defs>
    }
}

/// The target mark of a cell: a dot (walk), a ringed cross (capture), a double
/// ring like a fort's (claim), a plus (spawn) or a barred circle (not allowed):
/// shapes, not colours.
pub(super) fn marker(c: &CellView) -> Html {
    let (cx, cy) = c.centre;
    let r = c.radius;
    let f = |v: f32| format!("{v_f}", v_f = Fixed::new(v, 2));
    match c.marker {
        None => html! {},
        Some(Marker::Dot) => {
            html! { <circle class="mark mark-walk" cx={f(cx)} cy={f(cy)} r={f(r * 0.2)} /> }
        }
        Some(Marker::Cross) => html! {
            <g class="mark mark-capture">
                <circle cx={f(cx)} cy={f(cy)} r={f(r * 0.72)} fill="none" />
                <path d={format!("M{} {}L{} {}M{} {}L{} {}", f(cx - r * 0.5), f(cy - r * 0.5), f(cx + r * 0.5), f(cy + r * 0.5), f(cx + r * 0.5), f(cy - r * 0.5), f(cx - r * 0.5), f(cy + r * 0.5))} />
            </g>
        },
        Some(Marker::DoubleRing) => html! {
            <g class="mark mark-claim">
                <circle cx={f(cx)} cy={f(cy)} r={f(r * 0.9)} fill="none" />
                <circle cx={f(cx)} cy={f(cy)} r={f(r * 0.72)} fill="none" stroke-dasharray="1 .7" />
            </g>
        },
        Some(Marker::Plus) => html! {
            <path class="mark mark-spawn" d={format!("M{} {}H{}M{} {}V{}", f(cx - r * 0.42), f(cy), f(cx + r * 0.42), f(cx), f(cy - r * 0.42), f(cy + r * 0.42))} />
        },
        Some(Marker::Barred) => html! {
            <g class="mark mark-banned">
                <circle cx={f(cx)} cy={f(cy)} r={f(r * 0.4)} fill="none" />
                <path d={format!("M{} {}L{} {}", f(cx - r * 0.28), f(cy + r * 0.28), f(cx + r * 0.28), f(cy - r * 0.28))} />
            </g>
        },
    }
}
