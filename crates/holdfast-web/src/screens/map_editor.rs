//! The map editor (`#maps/edit/ID`), touch first: tap the field to paint with the
//! brush chosen (land or plain, water, mountains, a seat's start), optionally
//! mirrored or turned onto the other half; undo and redo; the field's size, the
//! seats or the mode; and the map's checks in plain sentences. Every change is
//! saved at once, as a game's moves are.

use std::cell::RefCell;
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
use crate::maps::history::History;
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
        Problem::Rules(e) => sentence(e.words()),
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
pub fn chip(
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
    let EditorState {
        draft,
        name,
        said,
        change,
        on_name,
        undo,
        redo,
    } = use_editor(
        &props.id,
        &props.map,
        &props.on_saved,
        |m| Draft::from_setup(&m.game, &m.setup),
        Sketch::setup,
    );
    let brush = use_state(|| Paint::Water);
    let symmetry = use_state(Symmetry::default);
    let Some(now_sketch) = draft.borrow().as_ref().map(|d| d.now.clone()) else {
        return undrawable();
    };
    let game = now_sketch.game;
    let on_tap = {
        let change = change.clone();
        let brush = *brush;
        let symmetry = *symmetry;
        Callback::from(move |c: CellId| change(&|d| d.paint(c as usize, brush, symmetry)))
    };
    let view = field_view(&now_sketch).map(Rc::new);
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
    let make_symmetric = {
        let change = change.clone();
        let s = *symmetry;
        Callback::from(move |_: MouseEvent| change(&|d| d.make_symmetric(s)))
    };
    let resize: Rc<dyn Fn(u16, u16)> = {
        let change = change.clone();
        Rc::new(move |w, h| change(&|d| d.resize(w, h)))
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
                            <p class="hint">{ t("Mode 1 plays without water and mountains: choosing it clears them (Undo brings them back).") }</p>
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
    let problems: Vec<(bool, String)> = now_sketch
        .problems()
        .iter()
        .map(|p| (p.is_warning(), problem_words(game, p)))
        .collect();
    let doc = MapDoc {
        game: game.id().into(),
        name: (*name).clone(),
        setup: now_sketch.setup(),
    };
    let seats = Rc::new(
        (0..now_sketch.players)
            .map(|s| seat_name(game, s))
            .collect::<Vec<_>>(),
    );
    let tools = html! {
        <>
            <fieldset class="field">
                <legend>{ t("Brush (tap the map to paint)") }</legend>
                <div class="chips wrap">{ for brush_chips }</div>
            </fieldset>
            { symmetry_tools(&symmetry, crate::i18n::n_("Each stroke is painted on the other half too, two seats' starts swapped: a fair start for both. With more seats, starts are painted one at a time."), make_symmetric) }
            { size_fields((now_sketch.width, now_sketch.height), (MIN_SIDE, MAX_WIDTH, MAX_HEIGHT), resize) }
            { settings }
            <div class="row wrap">
                { crate::widgets::button("map-fill-water", "ghost-button", t("All water"), { let change = change.clone(); Callback::from(move |_| change(&|d| d.fill(Paint::Water))) }) }
                { crate::widgets::button("map-fill-land", "ghost-button", t("All land"), { let change = change.clone(); Callback::from(move |_| change(&|d| d.fill(Paint::Land))) }) }
            </div>
        </>
    };
    let board = html! {
        if let Some(view) = view {
            <Board {view} on_tap={on_tap} title={tf("Map: {}", &[&*name])} class="editor" />
        }
    };
    frame(Frame {
        id: &props.id,
        title: tf("{} map", &[&game_title(game.id())]),
        class: match game {
            MapGame::IslandWars => "palette-island",
            MapGame::Frontier => "",
        },
        name: &name,
        on_name,
        said: &said,
        board,
        undo,
        redo,
        tools,
        problems,
        doc,
        seats,
    })
}

/// What an editor shows around its own board and tools.
pub struct Frame<'a> {
    pub id: &'a str,
    pub title: String,
    /// The page's class (a game's palette).
    pub class: &'static str,
    pub name: &'a UseStateHandle<String>,
    pub on_name: Callback<Event>,
    pub said: &'a UseStateHandle<Option<(bool, String)>>,
    pub board: Html,
    /// Whether each can be done, and doing it.
    pub undo: (bool, Callback<MouseEvent>),
    pub redo: (bool, Callback<MouseEvent>),
    pub tools: Html,
    /// The checks: (a warning only, the words).
    pub problems: Vec<(bool, String)>,
    pub doc: MapDoc,
    pub seats: Rc<Vec<String>>,
}

/// An editor's page: the way back, the name, the board with undo and redo, the
/// tools, the checks, the fairness panel, Play and sharing.
pub fn frame(f: Frame<'_>) -> Html {
    let playable = f.problems.iter().all(|p| p.0);
    let checks = if f.problems.is_empty() {
        html! { <p class="ok" data-map-checks="ok">{ t("Ready to play.") }</p> }
    } else {
        html! {
            <ul class="map-checks" data-map-checks={if playable { "warning" } else { "error" }}>
                { for f.problems.iter().map(|(warning, words)| html! { <li class={classes!((!warning).then_some("error"))}>{ words }</li> }) }
            </ul>
        }
    };
    let play = {
        let route = f.doc.play_route().to_string();
        Callback::from(move |_: MouseEvent| go(route.trim_start_matches('#'), false))
    };
    let said_line = f.said.as_ref().map(|(error, words)| {
        html! { <p class={classes!("map-said", error.then_some("error"))} role={if *error { "alert" } else { "status" }} data-map-said="">{ words }</p> }
    });
    html! {
        <article class={classes!("maps", "map-editor", f.class)} data-map-editor={f.id.to_string()}>
            <p><a href="#maps" data-action="all-maps">{ t("\u{2190} All maps") }</a></p>
            <h1>{ f.title }</h1>
            <label class="field">
                <span>{ t("Name") }</span>
                <input type="text" maxlength="60" value={(**f.name).clone()} onchange={f.on_name} data-field="map-name" />
            </label>
            { for said_line }
            <div class="setup-grid">
                <div class="editor-board">
                    { f.board }
                    <div class="row wrap">
                        { crate::widgets::button_with("map-undo", "", t("Undo"), !f.undo.0, f.undo.1) }
                        { crate::widgets::button_with("map-redo", "", t("Redo"), !f.redo.0, f.redo.1) }
                    </div>
                </div>
                <div>{ f.tools }</div>
            </div>
            <section aria-labelledby="checks-h">
                <h2 id="checks-h">{ t("Checks") }</h2>
                { checks }
            </section>
            if playable {
                <super::map_balance::Fairness record={AttrValue::from(f.doc.record().to_json())} seats={f.seats} />
            }
            <div class="row wrap">
                { crate::widgets::button_with("map-play", "primary big", t("Play on this map"), !playable, play) }
                { share_buttons(&f.doc, f.said) }
            </div>
        </article>
    }
}

/// The symmetry chips, and Copy this half onto the other (`hint`: what a stroke
/// does across the field in this editor).
pub fn symmetry_tools(
    symmetry: &UseStateHandle<Symmetry>,
    hint: &'static str,
    make_symmetric: Callback<MouseEvent>,
) -> Html {
    let chips = [
        (Symmetry::Off, t("Off"), "off"),
        (Symmetry::Mirror, t("Mirror left and right"), "mirror"),
        (Symmetry::Turn, t("Half turn"), "turn"),
    ]
    .into_iter()
    .map(|(s, label, key)| {
        let sym = symmetry.clone();
        chip(
            label.into(),
            **symmetry == s,
            ("symmetry", key.into()),
            Callback::from(move |_| sym.set(s)),
        )
    });
    html! {
        <fieldset class="field">
            <legend>{ t("Symmetry") }</legend>
            <div class="chips wrap">{ for chips }</div>
            <p class="hint">{ t(hint) }</p>
            { crate::widgets::button_with("map-make-symmetric", "", t("Copy this half onto the other"), **symmetry == Symmetry::Off, make_symmetric) }
        </fieldset>
    }
}

/// The field's width and height; `resize(width, height)` is called with the new
/// size when either is changed.
pub fn size_fields(
    (width, height): (u16, u16),
    (min, max_width, max_height): (u16, u16, u16),
    resize: Rc<dyn Fn(u16, u16)>,
) -> Html {
    let on = |is_width: bool| {
        let resize = resize.clone();
        Callback::from(move |e: Event| {
            let v = e
                .target_unchecked_into::<HtmlInputElement>()
                .value_as_number();
            if v.is_finite() {
                let v = v.clamp(0.0, 1000.0) as u16;
                if is_width {
                    resize(v, height)
                } else {
                    resize(width, v)
                }
            }
        })
    };
    html! {
        <div class="row wrap">
            <label class="field small-field">
                <span>{ t("Width") }</span>
                <input type="number" min={min.to_string()} max={max_width.to_string()} value={width.to_string()} onchange={on(true)} data-field="map-width" />
            </label>
            <label class="field small-field">
                <span>{ t("Height") }</span>
                <input type="number" min={min.to_string()} max={max_height.to_string()} value={height.to_string()} onchange={on(false)} data-field="map-height" />
            </label>
        </div>
    }
}

/// The name field's change: the name kept clean, saved, and shown.
pub fn on_name_change(name: UseStateHandle<String>, save: Rc<dyn Fn(&str)>) -> Callback<Event> {
    Callback::from(move |e: Event| {
        let v = crate::maps::clean_name(&e.target_unchecked_into::<HtmlInputElement>().value());
        save(&v);
        name.set(v);
    })
}

/// The page of a map the editor cannot draw.
pub fn undrawable() -> Html {
    html! {
        <article class="maps">
            <p>{ t("This map cannot be drawn by the editor.") }</p>
            <p><a href="#maps">{ t("\u{2190} All maps") }</a></p>
        </article>
    }
}

/// A rules' reason as a sentence: a capital first, a full stop last.
pub fn sentence(words: String) -> String {
    let mut c = words.chars();
    match c.next() {
        Some(f) => format!("{}{}.", f.to_uppercase(), c.as_str()),
        None => words,
    }
}

/// Keeps a state of a draft, with the map's name, in the library.
type Save<T> = Rc<dyn Fn(&T, &str)>;

/// A change to a draft: true when it changed something.
pub type Change<T> = Rc<dyn Fn(&dyn Fn(&mut History<T>) -> bool)>;

/// What both editors keep: the draft (changed in place, `None` when the map is not
/// one the editor draws), the name, what was last said, a change (saved into the
/// library and redrawn when it changed something), and the name field's change.
pub struct EditorState<T> {
    pub draft: Rc<RefCell<Option<History<T>>>>,
    pub name: UseStateHandle<String>,
    pub said: UseStateHandle<Option<(bool, String)>>,
    pub change: Change<T>,
    pub on_name: Callback<Event>,
    /// Undo and Redo: whether each can be done now, and doing it.
    pub undo: (bool, Callback<MouseEvent>),
    pub redo: (bool, Callback<MouseEvent>),
}

/// The editor state of the saved map `id`: `open` reads its draft, `setup` writes
/// a state of it back.
#[hook]
pub fn use_editor<T: Clone + PartialEq + 'static>(
    id: &str,
    map: &MapDoc,
    on_saved: &Callback<Library>,
    open: fn(&MapDoc) -> Option<History<T>>,
    setup: fn(&T) -> serde_json::Value,
) -> EditorState<T> {
    let draft = {
        let map = map.clone();
        use_mut_ref(move || open(&map))
    };
    let name = use_state(|| map.name.clone());
    let said = use_state(|| None::<(bool, String)>);
    // Redrawn after every change of the draft (kept in a cell, changed in place).
    let bump = use_state(|| 0u32);
    // Saves a state of the draft (and the name) into the library.
    let save: Save<T> = {
        let (id, on_saved, said, game) = (
            id.to_string(),
            on_saved.clone(),
            said.clone(),
            map.game.clone(),
        );
        Rc::new(move |state: &T, name: &str| {
            let doc = MapDoc {
                game: game.clone(),
                name: name.to_string(),
                setup: setup(state),
            };
            let mut lib = with_store(Library::load);
            match with_store(|s| lib.put(s, &id, doc, now())) {
                Ok(()) => {
                    on_saved.emit(lib);
                    // (A save refused before is said no more once one is kept.)
                    if said.as_ref().is_some_and(|s| s.0) {
                        said.set(None);
                    }
                }
                Err(e) => said.set(Some((true, library_words(e)))),
            }
        })
    };
    let change: Change<T> = {
        let (draft, bump, save, name) = (draft.clone(), bump.clone(), save.clone(), name.clone());
        Rc::new(move |f: &dyn Fn(&mut History<T>) -> bool| {
            let mut d = draft.borrow_mut();
            let Some(d) = d.as_mut() else { return };
            if f(d) {
                save(&d.now, &name);
                bump.set(*bump + 1);
            }
        })
    };
    let on_name = {
        let (draft, save) = (draft.clone(), save.clone());
        let save: Rc<dyn Fn(&str)> = Rc::new(move |v: &str| {
            if let Some(d) = draft.borrow().as_ref() {
                save(&d.now, v);
            }
        });
        on_name_change(name.clone(), save)
    };
    let step = |can: fn(&History<T>) -> bool, go: fn(&mut History<T>) -> bool| {
        let change = change.clone();
        let now = draft.borrow().as_ref().is_some_and(can);
        (now, Callback::from(move |_: MouseEvent| change(&go)))
    };
    let undo = step(History::can_undo, History::undo);
    let redo = step(History::can_redo, History::redo);
    EditorState {
        draft,
        name,
        said,
        change,
        on_name,
        undo,
        redo,
    }
}
