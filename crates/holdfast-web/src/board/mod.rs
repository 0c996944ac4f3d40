//! The one board component: draws any board (squares, hexes, region maps) in SVG.
//! It knows no rules: cells, highlights and legal targets come in as props, taps
//! and key presses go out as events (each game's `GameUi::view` builds the props).
//!
//! The drawing helpers (piece shapes, the colour and terrain patterns, target marks)
//! are in `shapes.rs`.

mod cell;
mod edges;
mod hint;
mod shapes;
mod view;
mod zoom;

use holdfast_rules::geometry::{clamp, Fixed};

use std::rc::Rc;
use wasm_bindgen::JsCast;

use holdfast_rules::{CellId, Terrain};
use yew::prelude::*;

use cell::cell_drawing;
use edges::{arrow, fraction_in, pinned, BOARD_PAD};
pub use edges::{coordinate_labels, label_size, step_towards, Coordinates};
use hint::hint_layer;
pub use hint::HintMarks;
use shapes::defs;
pub use shapes::pieces;
pub use view::{
    seat_colour, BoardView, CellView, FaceView, GoLayer, Marker, SEAT_NAMES, SEAT_SHAPES,
};
use zoom::{Gesture, Zoom, DOUBLE_TAP_MS, DOUBLE_TAP_PX};

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
        move || -> f32 { clamp(finger_level(), 4.0, 12.0) as f32 }
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
                            let level = clamp(now.level * factor, 1.0, max_level());
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
                let level = clamp(
                    start.level as f64 * spread(&p) / s0,
                    1.0,
                    max_level() as f64,
                ) as f32;
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
            let level = if f > 1.0 && z.level <= 1.0 {
                comfortable()
            } else {
                z.level * f
            };
            z.level = clamp(level, 1.0, max_level());
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
                html! {
                    <g class={describe_cell_class(c)} data-cell={c.name.clone()} aria-label={c.label.clone()}
                        role={if interactive { "button" } else { "img" }} tabindex={interactive.then_some(if spot == stop { "0" } else { "-1" })}
                        onclick={onclick} onkeydown={onkeydown}>
                        { cell_drawing(c, uid, view.regions) }
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
