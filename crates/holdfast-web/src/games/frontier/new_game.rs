//! Frontier's new-game screen: the seed's three modes with ready presets, the field's
//! size and number of turns, the cities placed by tap, and the terrain painted by tap
//! or generated from a seed; with the setup board's preview that needs no rules.

use std::rc::Rc;

use holdfast_rules::frontier::{
    preset, Frontier, FrontierSetup, CITY_DISTANCE, MAX_SIDE_HEIGHT, MAX_SIDE_WIDTH, MIN_SIDE,
};
use holdfast_rules::geometry::geometry;
use holdfast_rules::{Board, CellId, Game, Record, Seat, Terrain};
use web_sys::HtmlInputElement;
use yew::prelude::*;

use super::MODE_NAMES;
use crate::board::{Board as BoardSvg, BoardView, CellView, SEAT_NAMES};
use crate::game_ui::NewGameProps;
use crate::i18n::{n_, t, tf, tp, Words};
use crate::widgets::{final_names, final_seats, name_fields};

/// What a tap on the setup board does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Tool {
    Cities,
    Water,
    Mountain,
    Erase,
}

/// A new field size: the cities keep their places relative to the field (a city
/// two cells in from the edge stays two cells in, the middle row stays the middle),
/// and terrain outside the new field goes.
pub fn resize(s: &mut FrontierSetup, width: u16, height: u16) {
    // Along one side: the same distance from the nearer edge.
    let keep = |at: u16, old: u16, new: u16| -> u16 {
        let from_end = old.saturating_sub(1).saturating_sub(at);
        if at == from_end {
            new.saturating_sub(1) / 2
        } else if at < from_end {
            at.min(new.saturating_sub(1))
        } else {
            new.saturating_sub(1).saturating_sub(from_end)
        }
    };
    // The fields themselves read and write the cells' names.
    let old = Board::hex_rect(s.width, s.height).ok();
    let new = Board::hex_rect(width, height).ok();
    if let (Some(old), Some(new)) = (&old, &new) {
        for city in &mut s.cities {
            let Some((x, y)) = old.cell(city).map(|c| old.coords(c)) else {
                continue;
            };
            let to = (
                keep(x as u16, s.width, width) as i16,
                keep(y as u16, s.height, height) as i16,
            );
            if let Some(c) = new.cells().find(|&c| new.coords(c) == to) {
                *city = new.name(c).to_string();
            }
        }
    }
    let inside = |c: &String| new.as_ref().is_some_and(|b| b.cell(c).is_some());
    s.water.retain(inside);
    s.mountains.retain(inside);
    s.width = width;
    s.height = height;
}

/// A field preview with the setup's terrain and cities (no rules needed).
fn setup_view(setup: &FrontierSetup) -> Option<(BoardView, Board)> {
    let mut board = Board::hex_rect(setup.width, setup.height).ok()?;
    for (list, t) in [
        (&setup.water, Terrain::Sea),
        (&setup.mountains, Terrain::Mountain),
    ] {
        for n in list {
            if let Some(c) = board.cell(n) {
                board.set_terrain(c, t);
            }
        }
    }
    let geo = geometry(&board);
    let cells = board
        .cells()
        .map(|c| {
            let cg = &geo.cells[c as usize];
            let name = board.name(c).to_string();
            let city = setup
                .cities
                .iter()
                .position(|k| *k == name)
                .map(|s| s as Seat);
            let terrain = board.terrain(c);
            let kind = match terrain {
                Terrain::Sea => tf("{}: water", &[&name]),
                Terrain::Mountain => tf("{}: mountain", &[&name]),
                Terrain::Land => tf("{}: plain", &[&name]),
            };
            let label = match city {
                Some(s) => tf("{}, {}'s city", &[&kind, &t(SEAT_NAMES[s as usize])]),
                None => kind,
            };
            CellView {
                terrain,
                tint: city.map(|s| (s, true)),
                house: city,
                label,
                ..CellView::blank(c, &name, cg)
            }
        })
        .collect();
    Some((
        BoardView {
            view_box: geo.view_box,
            cells,
            edge: None,
            regions: false,
            go: None,
            palette: None,
        },
        board,
    ))
}

/// The new-game screen: the seed's three modes with ready presets; sizes, cities by
/// tapping, terrain painted or generated from a seed; the setup goes into the record.
#[function_component(NewGame)]
pub fn new_game(props: &NewGameProps) -> Html {
    let init_setup: FrontierSetup = props
        .initial
        .as_ref()
        .and_then(|r| r.setup_of::<Frontier>().ok())
        .unwrap_or_else(|| preset(1, 1));
    let setup = use_state(|| init_setup.clone());
    let names = use_state(|| props.initial_names(2));
    let seats = use_state(|| props.initial_seats(2));
    let tool = use_state(|| Tool::Cities);
    let next_city = use_state(|| 0usize);
    let message = use_state(|| None::<String>);
    let seed = use_state(|| 7u64);

    // Until the player changes something, what the field still lacks is said
    // plainly, not as an error: they have done nothing wrong.
    let touched = use_state(|| false);
    let update = {
        let setup = setup.clone();
        let touched = touched.clone();
        move |f: &dyn Fn(&mut FrontierSetup)| {
            let mut s = (*setup).clone();
            f(&mut s);
            setup.set(s);
            touched.set(true);
        }
    };
    let valid = Frontier::new(&setup);
    let start = {
        let setup = setup.clone();
        let names = names.clone();
        let seats = seats.clone();
        let on_start = props.on_start.clone();
        let message = message.clone();
        Callback::from(move |e: SubmitEvent| {
            e.prevent_default();
            match Frontier::new(&setup) {
                Ok(_) => {
                    let mut record = Record::new::<Frontier>(&setup);
                    record.names = final_names(&names, 2, &SEAT_NAMES);
                    record.seats = final_seats(&seats, 2);
                    on_start.emit(record);
                }
                Err(e) => message.set(Some(tf("This setup cannot be played: {}.", &[&e.words()]))),
            }
        })
    };
    let on_tap = {
        let setup = setup.clone();
        let tool = tool.clone();
        let next_city = next_city.clone();
        let message = message.clone();
        Callback::from(move |c: CellId| {
            let Ok(board) = Board::hex_rect(setup.width, setup.height) else {
                return;
            };
            let name = board.name(c).to_string();
            let mut s = (*setup).clone();
            let is_city = s.cities.contains(&name);
            match *tool {
                Tool::Cities => {
                    let i = *next_city;
                    let other = s.cities.get(1 - i).and_then(|o| board.cell(o));
                    if s.water.contains(&name) || s.mountains.contains(&name) {
                        message.set(Some(tf(
                            "{} is water or mountain: a city needs plain land.",
                            &[&name],
                        )));
                        return;
                    }
                    if let Some(o) = other {
                        let d = board.distance(o, c);
                        if d < CITY_DISTANCE {
                            let away = tp(
                                d as usize,
                                "{} cell from the other city",
                                "{} cells from the other city",
                            );
                            message.set(Some(tf(
                                "{} is only {}: cities must be at least {} apart.",
                                &[&name, &away, &CITY_DISTANCE],
                            )));
                            return;
                        }
                    }
                    s.cities.resize(2, String::new());
                    s.cities[i] = name.clone();
                    next_city.set(1 - i);
                    message.set(Some(tf(
                        "{}'s city is on {}. The next tap places {}'s.",
                        &[&t(SEAT_NAMES[i]), &name, &t(SEAT_NAMES[1 - i])],
                    )));
                }
                Tool::Water | Tool::Mountain if is_city => {
                    message.set(Some(tf("{} is a city: it stays plain land.", &[&name])));
                    return;
                }
                Tool::Water | Tool::Mountain | Tool::Erase => {
                    s.water.retain(|w| *w != name);
                    s.mountains.retain(|m| *m != name);
                    match *tool {
                        Tool::Water => s.water.push(name),
                        Tool::Mountain => s.mountains.push(name),
                        _ => {}
                    }
                    message.set(None);
                }
            }
            setup.set(s);
        })
    };
    let mode_chips = (1..=3u8).map(|m| {
        let update = update.clone();
        let on = setup.mode == m;
        let tool = tool.clone();
        let onclick = Callback::from(move |_| {
            update(&|s: &mut FrontierSetup| {
                s.mode = m;
                if m == 1 {
                    s.water.clear();
                    s.mountains.clear();
                }
            });
            if m == 1 {
                tool.set(Tool::Cities);
            }
        });
        html! {
            <button type="button" class={classes!("chip", "mode-chip", on.then_some("on"))} aria-pressed={on.to_string()} data-mode={m.to_string()} onclick={onclick}>
                <strong>{ tf("Mode {}", &[&m]) }</strong><span>{ MODE_NAMES[m as usize - 1] }</span>
            </button>
        }
    });
    let presets = (1..=3u8).map(|m| {
        let setup = setup.clone();
        let seed = seed.clone();
        let message = message.clone();
        let onclick = Callback::from(move |_| {
            setup.set(preset(m, *seed));
            message.set(Some(tf("Ready field for mode {}: 11x9, 20 turns each.", &[&m])));
        });
        html! { <button type="button" class="chip" data-preset={m.to_string()} onclick={onclick}>{ tf("Preset {}", &[&m]) }</button> }
    });
    let number = |label: &'static str,
                  key: &'static str,
                  value: u16,
                  min: u16,
                  max: u16,
                  f: fn(&mut FrontierSetup, u16)| {
        let update = update.clone();
        let oninput = Callback::from(move |e: InputEvent| {
            let v = e.target_unchecked_into::<HtmlInputElement>().value();
            if let Ok(n) = v.trim().parse::<u16>() {
                let n = n.clamp(min, max);
                update(&|s: &mut FrontierSetup| f(s, n));
            }
        });
        html! {
            <label class="field small-field">
                <span>{ t(label) }</span>
                <input type="number" min={min.to_string()} max={max.to_string()} value={value.to_string()} oninput={oninput} data-field={key} />
            </label>
        }
    };
    let tool_chip = |which: Tool, label: &'static str, key: &'static str| {
        let tool = tool.clone();
        let on = *tool == which;
        html! {
            <button type="button" class={classes!("chip", on.then_some("on"))} aria-pressed={on.to_string()} data-tool={key}
                onclick={Callback::from(move |_| tool.set(which))}>{ t(label) }</button>
        }
    };
    let generate = {
        let update = update.clone();
        let seed = seed.clone();
        Callback::from(move |_| {
            let sd = *seed;
            update(&|s: &mut FrontierSetup| {
                let (w, m) = Frontier::random_terrain(s, sd);
                s.water = w;
                s.mountains = m;
            });
        })
    };
    let on_seed = {
        let seed = seed.clone();
        Callback::from(move |e: InputEvent| {
            if let Ok(n) = e
                .target_unchecked_into::<HtmlInputElement>()
                .value()
                .trim()
                .parse::<u64>()
            {
                seed.set(n);
            }
        })
    };
    let preview = setup_view(&setup).map(|(view, _)| {
        html! { <BoardSvg view={Rc::new(view)} title={t("The field: tap to place cities or paint terrain")} on_tap={on_tap.clone()} on_key={on_tap.clone()} class="setup-board" /> }
    });
    html! {
        <form class="new-game frontier-setup" onsubmit={start}>
            <h1>{t("New game of Frontier")}</h1>
            { crate::widgets::start_button(valid.is_ok()) }
            if let Err(e) = &valid {
                if *touched {
                    <p class="notice-inline error" role="alert" data-setup-error="">{ tf("Not playable yet: {}.", &[&e.words()]) }</p>
                } else {
                    <p class="hint" role="status" data-setup-error="">{ tf("Not playable yet: {}.", &[&e.words()]) }</p>
                }
            }
            <fieldset class="field">
                <legend>{t("Mode")}</legend>
                <div class="chips wrap">{ for mode_chips }</div>
                <p class="hint">{ match setup.mode {
                    1 => t("Field size, the two cities and the number of turns: no water, no mountains."),
                    2 => t("Also water and mountain cells: taken by forts next to them, never built on."),
                    _ => t("Also generals: one appears in your city every turn, and only generals build."),
                } }</p>
                <div class="chips wrap">{ for presets }</div>
                if *setup == preset(setup.mode, 7) {
                    if let Some(shares) = crate::fairness::measured("frontier", &setup.mode.to_string(), 2) {
                        <p class="hint" data-fairness="">{ crate::fairness::words(shares) }</p>
                    }
                }
            </fieldset>
            <div class="setup-grid">
                <div>
                    <div class="row wrap">
                        { number(n_("Width"), "width", setup.width, MIN_SIDE, MAX_SIDE_WIDTH, |s, n| resize(s, n, s.height)) }
                        { number(n_("Height"), "height", setup.height, MIN_SIDE, MAX_SIDE_HEIGHT, |s, n| resize(s, s.width, n)) }
                        { number(n_("Turns each"), "turns", setup.turns, 1, 200, |s, n| s.turns = n) }
                    </div>
                    <fieldset class="field">
                        <legend>{t("Tap the field to")}</legend>
                        <div class="chips wrap">
                            { tool_chip(Tool::Cities, n_("Place cities"), "cities") }
                            if setup.mode >= 2 {
                                { tool_chip(Tool::Water, n_("Paint water"), "water") }
                                { tool_chip(Tool::Mountain, n_("Paint mountains"), "mountain") }
                                { tool_chip(Tool::Erase, n_("Erase"), "erase") }
                            }
                        </div>
                    </fieldset>
                    if setup.mode >= 2 {
                        <div class="row wrap">
                            <label class="field small-field">
                                <span>{t("Terrain seed")}</span>
                                <input type="number" min="0" value={seed.to_string()} oninput={on_seed} data-field="terrain-seed" />
                            </label>
                            <button type="button" class="chip" data-action="generate-terrain" onclick={generate}>{t("Generate terrain")}</button>
                        </div>
                    }
                    if let Some(m) = &*message { <p class="tap-message" role="status" data-setup-message="">{ m }</p> }
                    { name_fields(&names, &seats, 2, &SEAT_NAMES, &[]) }
                </div>
                <div class="preview-box">{ for preview }</div>
            </div>
        </form>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A new size keeps each city as far from its nearer edges (the middle row in
    /// the middle), and drops terrain that no longer fits.
    #[test]
    fn resizing_keeps_the_cities_in_place_on_the_field() {
        let mut s = FrontierSetup {
            mode: 2,
            ..FrontierSetup::default()
        };
        assert_eq!(
            (s.width, s.height, s.cities.clone()),
            (11, 9, vec!["e2".to_string(), "e10".to_string()])
        );
        resize(&mut s, 15, 13);
        assert_eq!(s.cities, ["g2", "g14"]);
        s.water = vec!["a1".into(), "m15".into()];
        s.mountains = vec!["b3".into(), "g9".into()];
        resize(&mut s, 7, 5);
        assert_eq!((s.width, s.height), (7, 5));
        assert_eq!(s.cities, ["c2", "c6"]);
        assert_eq!(s.water, ["a1"]);
        assert_eq!(s.mountains, ["b3"]);
        // The start accepts it.
        if let Err(e) = Frontier::new(&s) {
            panic!("{e}");
        }
    }
}
