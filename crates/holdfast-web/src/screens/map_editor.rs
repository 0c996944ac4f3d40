//! The map editor (`#maps/edit/ID`), touch first: tap the field to paint with the
//! brush chosen (land or plain, water, mountains, a seat's start), optionally
//! mirrored or turned onto the other half; undo and redo; the field's size, the
//! seats or the mode; and the map's checks in plain sentences. Every change is
//! saved at once, as a game's moves are.

use std::rc::Rc;

use holdfast_rules::geometry::geometry;
use holdfast_rules::CellId;
use web_sys::HtmlInputElement;
use yew::prelude::*;

use super::maps::{game_title, go, library_words, now, share_buttons, with_store};
use crate::board::{Board, BoardView, CellView, SEAT_NAMES};
use crate::i18n::{t, tf, Words};
use crate::maps::draft::{
    Draft, MapGame, Paint, Problem, Sketch, Symmetry, MAX_HEIGHT, MAX_WIDTH, MIN_SIDE,
};
use crate::maps::library::Library;
use crate::maps::MapDoc;

/// A seat's name in the map's game: Island Wars' colours, Frontier's seats.
fn seat_name(game: MapGame, seat: u8) -> String {
    match game {
        MapGame::IslandWars => t(crate::games::island_wars::COLOUR_NAMES[seat as usize % 6]),
        MapGame::Frontier => t(SEAT_NAMES[seat as usize % 6]),
    }
    .to_string()
}

/// A brush's name.
fn brush_name(game: MapGame, p: Paint) -> String {
    match (game, p) {
        (MapGame::IslandWars, Paint::Land) => t("Neutral land").into(),
        (MapGame::Frontier, Paint::Land) => t("Plain").into(),
        (_, Paint::Water) => t("Water").into(),
        (_, Paint::Mountain) => t("Mountain").into(),
        (MapGame::IslandWars, Paint::Start(s)) => tf("{} land", &[&seat_name(game, s)]),
        (MapGame::Frontier, Paint::Start(s)) => tf("{}'s city", &[&seat_name(game, s)]),
    }
}

/// A check, in a sentence.
fn problem_words(game: MapGame, p: &Problem) -> String {
    match p {
        Problem::Rules(e) => {
            let words = e.words();
            let mut c = words.chars();
            match c.next() {
                Some(f) => format!("{}{}.", f.to_uppercase(), c.as_str()),
                None => words,
            }
        }
        Problem::NoStart(s) => tf(
            "{} has nowhere to start: paint some land in its colour.",
            &[&seat_name(game, *s)],
        ),
        Problem::Unreachable(n) => crate::i18n::tp(
            *n,
            "{} land cell can never be reached by anyone (the game still plays).",
            "{} land cells can never be reached by anyone (the game still plays).",
        ),
    }
}

/// The field as the board draws it: each cell's terrain, a start in its seat's
/// colour (a city with its house), and in words for screen readers.
fn field_view(s: &Sketch) -> Option<BoardView> {
    let board = s.board()?;
    let geo = geometry(&board);
    let cells = board
        .cells()
        .map(|c| {
            let paint = s.cells[c as usize];
            let name = board.name(c).to_string();
            let seat = match paint {
                Paint::Start(seat) => Some(seat),
                _ => None,
            };
            CellView {
                terrain: board.terrain(c),
                tint: seat.map(|seat| (seat, true)),
                house: seat.filter(|_| s.game == MapGame::Frontier),
                label: tf("{}: {}", &[&name, &brush_name(s.game, paint)]),
                ..CellView::blank(c, &name, &geo.cells[c as usize])
            }
        })
        .collect();
    Some(BoardView {
        view_box: geo.view_box,
        cells,
        edge: None,
        regions: false,
        go: None,
        palette: (s.game == MapGame::IslandWars).then_some("palette-island"),
    })
}

#[derive(Properties, PartialEq)]
pub struct EditorProps {
    pub id: String,
    pub map: MapDoc,
    /// The library after a change was saved.
    pub on_saved: Callback<Library>,
}

/// A chip, pressed or not; `data`: what it sets (`data-kind`) and to what
/// (`data-value`), for tests.
fn chip(
    label: String,
    on: bool,
    data: (&'static str, String),
    onclick: Callback<MouseEvent>,
) -> Html {
    html! {
        <button type="button" class={classes!("chip", on.then_some("on"))} aria-pressed={on.to_string()}
            data-kind={data.0} data-value={data.1} {onclick}>{ label }</button>
    }
}

/// The editor of one saved map.
#[function_component(Editor)]
pub fn editor(props: &EditorProps) -> Html {
    let draft = {
        let map = props.map.clone();
        use_mut_ref(move || Draft::from_setup(&map.game, &map.setup))
    };
    let name = use_state(|| props.map.name.clone());
    let brush = use_state(|| Paint::Water);
    let symmetry = use_state(Symmetry::default);
    let said = use_state(|| None::<(bool, String)>);
    // Redrawn after every change of the draft (kept in a cell, changed in place).
    let bump = use_state(|| 0u32);
    let Some(now_sketch) = draft.borrow().as_ref().map(|d| d.now.clone()) else {
        return html! {
            <article class="maps">
                <p>{ t("This map cannot be drawn by the editor.") }</p>
                <p><a href="#maps">{ t("\u{2190} All maps") }</a></p>
            </article>
        };
    };
    let game = now_sketch.game;
    // Saves the draft (and the name) into the library.
    let save = {
        let id = props.id.clone();
        let on_saved = props.on_saved.clone();
        let said = said.clone();
        let game = game.id().to_string();
        Rc::new(move |sketch: &Sketch, name: &str| {
            let doc = MapDoc {
                game: game.clone(),
                name: name.to_string(),
                setup: sketch.setup(),
            };
            let mut lib = with_store(Library::load);
            match with_store(|s| lib.put(s, &id, doc, now())) {
                Ok(()) => on_saved.emit(lib),
                Err(e) => said.set(Some((true, library_words(e)))),
            }
        })
    };
    // Applies a change to the draft; saves and redraws when it changed something.
    let change = {
        let draft = draft.clone();
        let bump = bump.clone();
        let save = save.clone();
        let name = name.clone();
        Rc::new(move |f: &dyn Fn(&mut Draft) -> bool| {
            let mut d = draft.borrow_mut();
            let Some(d) = d.as_mut() else { return };
            if f(d) {
                save(&d.now, &name);
                bump.set(*bump + 1);
            }
        })
    };
    let on_tap = {
        let change = change.clone();
        let brush = *brush;
        let symmetry = *symmetry;
        Callback::from(move |c: CellId| change(&|d| d.paint(c as usize, brush, symmetry)))
    };
    let view = field_view(&now_sketch).map(Rc::new);
    let (can_undo, can_redo) = draft
        .borrow()
        .as_ref()
        .map_or((false, false), |d| (d.can_undo(), d.can_redo()));
    let act = |f: fn(&mut Draft) -> bool| {
        let change = change.clone();
        Callback::from(move |_: MouseEvent| change(&f))
    };
    let brushes: Vec<Paint> = [Paint::Land, Paint::Water, Paint::Mountain]
        .into_iter()
        .chain((0..now_sketch.players).map(Paint::Start))
        .filter(|&p| match (game, p) {
            (MapGame::IslandWars, Paint::Mountain) => false,
            (MapGame::Frontier, Paint::Mountain | Paint::Water) => now_sketch.mode >= 2,
            _ => true,
        })
        .collect();
    let brush_chips = brushes.iter().map(|&p| {
        let b = brush.clone();
        let key = match p {
            Paint::Land => "land".to_string(),
            Paint::Water => "water".to_string(),
            Paint::Mountain => "mountain".to_string(),
            Paint::Start(s) => format!("start-{s}"),
        };
        chip(
            brush_name(game, p),
            *brush == p,
            ("brush", key),
            Callback::from(move |_| b.set(p)),
        )
    });
    let symmetry_chips = [
        (Symmetry::Off, t("Off"), "off"),
        (Symmetry::Mirror, t("Mirror left and right"), "mirror"),
        (Symmetry::Turn, t("Half turn"), "turn"),
    ]
    .into_iter()
    .map(|(s, label, key)| {
        let sym = symmetry.clone();
        chip(
            label.into(),
            *symmetry == s,
            ("symmetry", key.into()),
            Callback::from(move |_| sym.set(s)),
        )
    });
    let make_symmetric = {
        let change = change.clone();
        let s = *symmetry;
        Callback::from(move |_: MouseEvent| change(&|d| d.make_symmetric(s)))
    };
    let on_size = |width: bool| {
        let change = change.clone();
        Callback::from(move |e: Event| {
            let v = e
                .target_unchecked_into::<HtmlInputElement>()
                .value_as_number();
            if v.is_finite() {
                let v = v as u16;
                change(&|d| {
                    let (w, h) = (d.now.width, d.now.height);
                    if width {
                        d.resize(v, h)
                    } else {
                        d.resize(w, v)
                    }
                });
            }
        })
    };
    let settings = match game {
        MapGame::IslandWars => {
            let chips = (2..=6u8).map(|n| {
                let change = change.clone();
                chip(
                    n.to_string(),
                    now_sketch.players == n,
                    ("players", n.to_string()),
                    Callback::from(move |_| change(&|d| d.set_players(n))),
                )
            });
            html! {
                <fieldset class="field">
                    <legend>{ t("Players") }</legend>
                    <div class="chips">{ for chips }</div>
                </fieldset>
            }
        }
        MapGame::Frontier => {
            let chips = (1..=3u8).map(|m| {
                let change = change.clone();
                chip(
                    tf("Mode {}", &[&m]),
                    now_sketch.mode == m,
                    ("mode", m.to_string()),
                    Callback::from(move |_| change(&|d| d.set_mode(m))),
                )
            });
            let on_turns = {
                let change = change.clone();
                Callback::from(move |e: Event| {
                    let v = e
                        .target_unchecked_into::<HtmlInputElement>()
                        .value_as_number();
                    if v.is_finite() && v >= 1.0 {
                        let v = v as u16;
                        change(&|d| d.set_turns(v));
                    }
                })
            };
            html! {
                <>
                    <fieldset class="field">
                        <legend>{ t("Mode") }</legend>
                        <div class="chips">{ for chips }</div>
                        if now_sketch.mode == 1 {
                            <p class="hint">{ t("Mode 1 plays without water and mountains: what is drawn of them is kept for modes 2 and 3.") }</p>
                        }
                    </fieldset>
                    <label class="field small-field">
                        <span>{ t("Turns each") }</span>
                        <input type="number" min="1" max="999" value={now_sketch.turns.to_string()} onchange={on_turns} data-field="map-turns" />
                    </label>
                </>
            }
        }
    };
    let problems = now_sketch.problems();
    let playable = problems.iter().all(Problem::is_warning);
    let checks = if problems.is_empty() {
        html! { <p class="ok" data-map-checks="ok">{ t("Ready to play.") }</p> }
    } else {
        html! {
            <ul class="map-checks" data-map-checks={if playable { "warning" } else { "error" }}>
                { for problems.iter().map(|p| html! { <li class={classes!((!p.is_warning()).then_some("error"))}>{ problem_words(game, p) }</li> }) }
            </ul>
        }
    };
    let on_name = {
        let name = name.clone();
        let draft = draft.clone();
        let save = save.clone();
        Callback::from(move |e: Event| {
            let v = crate::maps::clean_name(&e.target_unchecked_into::<HtmlInputElement>().value());
            if let Some(d) = draft.borrow().as_ref() {
                save(&d.now, &v);
            }
            name.set(v);
        })
    };
    let doc = MapDoc {
        game: game.id().into(),
        name: (*name).clone(),
        setup: now_sketch.setup(),
    };
    let play = {
        let route = doc.play_route().to_string();
        Callback::from(move |_: MouseEvent| go(route.trim_start_matches('#'), false))
    };
    let said_line = said.as_ref().map(|(error, words)| {
        html! { <p class={classes!("map-said", error.then_some("error"))} role={if *error { "alert" } else { "status" }} data-map-said="">{ words }</p> }
    });
    let board_class = match game {
        MapGame::IslandWars => "palette-island",
        MapGame::Frontier => "",
    };
    html! {
        <article class={classes!("maps", "map-editor", board_class)} data-map-editor={props.id.clone()}>
            <p><a href="#maps" data-action="all-maps">{ t("\u{2190} All maps") }</a></p>
            <h1>{ tf("{} map", &[&game_title(game.id())]) }</h1>
            <label class="field">
                <span>{ t("Name") }</span>
                <input type="text" maxlength="60" value={(*name).clone()} onchange={on_name} data-field="map-name" />
            </label>
            { for said_line }
            <div class="setup-grid">
                <div class="editor-board">
                    if let Some(view) = view {
                        <Board {view} on_tap={on_tap} title={tf("Map: {}", &[&*name])} class="editor" />
                    }
                    <div class="row wrap">
                        { crate::widgets::button_with("map-undo", "", t("Undo"), !can_undo, act(Draft::undo)) }
                        { crate::widgets::button_with("map-redo", "", t("Redo"), !can_redo, act(Draft::redo)) }
                    </div>
                </div>
                <div>
                    <fieldset class="field">
                        <legend>{ t("Brush (tap the map to paint)") }</legend>
                        <div class="chips wrap">{ for brush_chips }</div>
                    </fieldset>
                    <fieldset class="field">
                        <legend>{ t("Symmetry") }</legend>
                        <div class="chips wrap">{ for symmetry_chips }</div>
                        <p class="hint">{ t("Each stroke is painted on the other half too, two seats' starts swapped: a fair start for both. With more seats, starts are painted one at a time.") }</p>
                        { crate::widgets::button_with("map-make-symmetric", "", t("Copy this half onto the other"), *symmetry == Symmetry::Off, make_symmetric) }
                    </fieldset>
                    <div class="row wrap">
                        <label class="field small-field">
                            <span>{ t("Width") }</span>
                            <input type="number" min={MIN_SIDE.to_string()} max={MAX_WIDTH.to_string()} value={now_sketch.width.to_string()} onchange={on_size(true)} data-field="map-width" />
                        </label>
                        <label class="field small-field">
                            <span>{ t("Height") }</span>
                            <input type="number" min={MIN_SIDE.to_string()} max={MAX_HEIGHT.to_string()} value={now_sketch.height.to_string()} onchange={on_size(false)} data-field="map-height" />
                        </label>
                    </div>
                    { settings }
                    <div class="row wrap">
                        { crate::widgets::button("map-fill-water", "ghost-button", t("All water"), { let change = change.clone(); Callback::from(move |_| change(&|d| d.fill(Paint::Water))) }) }
                        { crate::widgets::button("map-fill-land", "ghost-button", t("All land"), { let change = change.clone(); Callback::from(move |_| change(&|d| d.fill(Paint::Land))) }) }
                    </div>
                </div>
            </div>
            <section aria-labelledby="checks-h">
                <h2 id="checks-h">{ t("Checks") }</h2>
                { checks }
            </section>
            <div class="row wrap">
                { crate::widgets::button_with("map-play", "primary big", t("Play on this map"), !playable, play) }
                { share_buttons(&doc, &said) }
            </div>
        </article>
    }
}
