//! The map editor for Fortress (`#maps/edit/ID` of a Fortress map): a field of
//! square or hex tiles, each in an area drawn in its own colour. Choose an area (or a new
//! one, or no tile) and tap tiles to paint them into it: painting part of an area
//! with a new one splits it, painting one over another (or Merge) joins them. The
//! area chosen shows its name, terrain, value, capacity and defence to change.
//! Around it the same page as the other games' editor ([`super::map_editor::frame`]).

use std::rc::Rc;

use holdfast_rules::board::Board as RulesBoard;
use holdfast_rules::fortress::regions::{
    AreaSpec, AreaTerrain, MAX_CAPACITY, MAX_DEFENCE, MAX_HEIGHT, MAX_VALUE, MAX_WIDTH,
};
use holdfast_rules::geometry::geometry;
use holdfast_rules::CellId;
use web_sys::{HtmlInputElement, HtmlSelectElement};
use yew::prelude::*;

use super::map_editor::{
    chip, frame, sentence, size_fields, symmetry_tools, undrawable, use_editor, EditorState, Frame,
};
use super::maps::game_title;
use crate::board::{Board, BoardView, CellView, SEAT_NAMES};
use crate::i18n::{t, tf, Words};
use crate::maps::draft::{Problem, Symmetry};
use crate::maps::library::Library;
use crate::maps::regions::{RegionDraft, RegionSketch, MAX_AREAS, MIN_SIDE};
use crate::maps::MapDoc;

/// What a tap paints: an area (its index), or no tile.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Brush {
    Area(u8),
    Hole,
}

/// An area's colour on the editor's board: hues spread round the wheel.
fn area_fill(a: u8) -> String {
    let hue = (a as u32 * 137 + 20) % 360;
    format!("hsl({hue}, 48%, 76%)")
}

/// Each area's name as the map will have it: its own, else `r1`, `r2`, … in the
/// order the areas' first tiles are read (an area with no tile yet: "New area").
fn area_names(s: &RegionSketch) -> Vec<String> {
    use crate::maps::regions::KEYS;
    let spec = s.spec();
    let mut names = vec![t("New area").to_string(); s.areas.len()];
    for ((i, a), k) in s.used().into_iter().enumerate().zip(KEYS.chars()) {
        names[a as usize] = spec.area(k).name.unwrap_or_else(|| format!("r{}", i + 1));
    }
    names
}

fn terrain_words(t: AreaTerrain) -> &'static str {
    match t {
        AreaTerrain::Land => crate::i18n::t("Land"),
        AreaTerrain::Sea => crate::i18n::t("Sea"),
        AreaTerrain::Mountain => crate::i18n::t("Mountain"),
    }
}

/// The tiles as the board draws them: each in its area's colour and terrain, the
/// chosen area's tiles ringed, a tile in no area dimmed; in words for screen
/// readers.
fn tiles_view(s: &RegionSketch, chosen: Brush, names: &[String]) -> Option<BoardView> {
    let board = match s.hex {
        true => RulesBoard::hex_rect(s.width, s.height).ok()?,
        false => RulesBoard::square(s.width, s.height).ok()?,
    };
    // Each area's first tile, found once.
    let mut first = vec![None; s.areas.len()];
    for (t, a) in s.tiles.iter().enumerate() {
        if let Some(a) = a {
            first[*a as usize].get_or_insert(t);
        }
    }
    // A long name is cut short to fit its tile (the tile's words say it whole).
    let short = |n: &str| -> String {
        if n.chars().count() <= 6 {
            n.to_string()
        } else {
            format!("{}\u{2026}", n.chars().take(5).collect::<String>())
        }
    };
    let geo = geometry(&board);
    let cells = board
        .cells()
        .map(|c| {
            let name = board.name(c).to_string();
            let blank = CellView::blank(c, &name, &geo.cells[c as usize]);
            match s.tiles[c as usize] {
                Some(a) => {
                    let spec = &s.areas[a as usize];
                    let (value, capacity, defence) = spec.numbers();
                    let terrain = spec.terrain.terrain();
                    CellView {
                        terrain,
                        ground: Some(area_fill(a).into()),
                        selected: chosen == Brush::Area(a),
                        // Each area's name on its first tile: seas and mountains,
                        // drawn alike, are told apart by it.
                        note: (first.get(a as usize) == Some(&Some(c as usize)))
                            .then(|| short(&names[a as usize])),
                        label: tf(
                            "{}: {}, {}, value {}, holds {}, defence {}",
                            &[
                                &name,
                                &names[a as usize],
                                &terrain_words(spec.terrain),
                                &value,
                                &capacity,
                                &defence,
                            ],
                        ),
                        ..blank
                    }
                }
                None => CellView {
                    dim: true,
                    label: tf("{}: no tile", &[&name]),
                    ..blank
                },
            }
        })
        .collect();
    Some(BoardView {
        view_box: geo.view_box,
        cells,
        edge: None,
        regions: false,
        go: None,
        palette: None,
    })
}

#[derive(Properties, PartialEq)]
pub struct RegionEditorProps {
    pub id: String,
    pub map: MapDoc,
    pub on_saved: Callback<Library>,
}

/// The editor of one saved Fortress map.
#[function_component(RegionEditor)]
pub fn region_editor(props: &RegionEditorProps) -> Html {
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
        |m| RegionSketch::from_setup(&m.setup).map(RegionDraft::new),
        RegionSketch::setup,
    );
    let brush = use_state(|| Brush::Area(0));
    let symmetry = use_state(Symmetry::default);
    let Some(sketch) = draft.borrow().as_ref().map(|d| d.now.clone()) else {
        return undrawable();
    };
    let names = area_names(&sketch);
    // The area chosen, while it still exists.
    let chosen = match *brush {
        Brush::Area(a) if a as usize >= sketch.areas.len() => Brush::Hole,
        b => b,
    };
    let on_tap = {
        let change = change.clone();
        let symmetry = *symmetry;
        let area = match chosen {
            Brush::Area(a) => Some(a),
            Brush::Hole => None,
        };
        Callback::from(move |c: CellId| change(&|d| d.paint(c as usize, area, symmetry)))
    };
    let shown: Vec<u8> = (0..sketch.areas.len() as u8)
        .filter(|&a| sketch.tiles_of(a) > 0 || chosen == Brush::Area(a))
        .collect();
    let area_chips = shown.iter().map(|&a| {
        let b = brush.clone();
        let label = format!("{} ({})", names[a as usize], sketch.tiles_of(a));
        html! {
            <button type="button" class={classes!("chip", "area-chip", (chosen == Brush::Area(a)).then_some("on"))}
                aria-pressed={(chosen == Brush::Area(a)).to_string()} data-kind="area" data-value={names[a as usize].clone()}
                onclick={Callback::from(move |_| b.set(Brush::Area(a)))}>
                <span class="swatch" style={format!("--seat: {}", area_fill(a))}></span>{ label }
            </button>
        }
    });
    let hole = {
        let b = brush.clone();
        chip(
            t("No tile").into(),
            chosen == Brush::Hole,
            ("area", "none".into()),
            Callback::from(move |_| b.set(Brush::Hole)),
        )
    };
    let new_area = {
        let (change, b, draft, said) = (change.clone(), brush.clone(), draft.clone(), said.clone());
        Callback::from(move |_: MouseEvent| {
            let full = draft.borrow().as_ref().is_some_and(|d| {
                d.now.areas.len() >= MAX_AREAS
                    && (0..d.now.areas.len() as u8).all(|a| d.now.tiles_of(a) > 0)
            });
            if full {
                said.set(Some((
                    true,
                    tf("A map has at most {} areas.", &[&MAX_AREAS]),
                )));
                return;
            }
            change(&|d| d.add_area(AreaTerrain::Land).is_some());
            // The new area: the one with no tile.
            if let Some(d) = draft.borrow().as_ref() {
                if let Some(a) = (0..d.now.areas.len() as u8)
                    .rev()
                    .find(|&a| d.now.tiles_of(a) == 0)
                {
                    b.set(Brush::Area(a));
                }
            }
        })
    };
    let area_panel = match chosen {
        Brush::Hole => html! { <p class="hint">{ t("Tap tiles to take them off the map.") }</p> },
        Brush::Area(a) => area_panel(a, &sketch, &names, &change),
    };
    let make_symmetric = {
        let (change, s) = (change.clone(), *symmetry);
        Callback::from(move |_: MouseEvent| change(&|d| d.make_symmetric(s)))
    };
    let resize: Rc<dyn Fn(u16, u16)> = {
        let change = change.clone();
        Rc::new(move |w, h| change(&|d| d.resize(w, h)))
    };
    let player_chips = (2..=4u8).map(|n| {
        let change = change.clone();
        chip(
            n.to_string(),
            sketch.players == n,
            ("players", n.to_string()),
            Callback::from(move |_| change(&|d| d.set_players(n))),
        )
    });
    let tile_chips = [(false, t("Squares")), (true, t("Hexes"))].map(|(hex, words)| {
        let change = change.clone();
        chip(
            words.into(),
            sketch.hex == hex,
            ("tiles", if hex { "hex" } else { "square" }.into()),
            Callback::from(move |_| change(&|d| d.set_hex(hex))),
        )
    });
    let tools = html! {
        <>
            <fieldset class="field">
                <legend>{ t("Tiles") }</legend>
                <div class="chips">{ for tile_chips }</div>
            </fieldset>
            <fieldset class="field">
                <legend>{ t("Areas (choose one, then tap tiles to paint them into it)") }</legend>
                <div class="chips wrap">{ for area_chips }{ hole }</div>
                { crate::widgets::button("map-new-area", "", t("+ New area"), new_area) }
            </fieldset>
            { area_panel }
            { symmetry_tools(&symmetry, crate::i18n::n_("Each tap is painted on the other half too. Copying a half draws its areas again across the field, each as an area of its own with the same terrain and numbers."), make_symmetric) }
            { size_fields((sketch.width, sketch.height), (MIN_SIDE, MAX_WIDTH as u16, MAX_HEIGHT as u16), resize) }
            <fieldset class="field">
                <legend>{ t("Players") }</legend>
                <div class="chips">{ for player_chips }</div>
            </fieldset>
        </>
    };
    let board = match tiles_view(&sketch, chosen, &names) {
        Some(view) => {
            html! { <Board view={Rc::new(view)} on_tap={on_tap} title={tf("Map: {}", &[&*name])} class="editor" /> }
        }
        None => html! {},
    };
    let problems = sketch
        .problems()
        .iter()
        .filter_map(|p| match p {
            Problem::Rules(e) => Some((false, sentence(rules_words(e, &sketch, &names)))),
            _ => None,
        })
        .collect();
    frame(Frame {
        id: &props.id,
        title: tf("{} map", &[&game_title("fortress")]),
        class: "",
        name: &name,
        on_name,
        said: &said,
        board,
        undo,
        redo,
        tools,
        problems,
        doc: MapDoc {
            game: "fortress".into(),
            name: (*name).clone(),
            setup: sketch.setup(),
        },
        seats: Rc::new(
            (0..sketch.players)
                .map(|s| t(SEAT_NAMES[s as usize]).to_string())
                .collect(),
        ),
    })
}

/// The rules' reason, with an area named as the editor names it (the rules name
/// it by its character in the setup, which the editor does not show).
fn rules_words(e: &holdfast_rules::SetupError, s: &RegionSketch, names: &[String]) -> String {
    use holdfast_rules::fortress::regions::RegionsWhy;
    use holdfast_rules::fortress::SetupWhy;
    use holdfast_rules::SetupError;
    let why = match e {
        SetupError::Fortress(SetupWhy::Regions(why)) => why,
        e => return e.words(),
    };
    let name = |c: &char| {
        s.area_of_key(*c)
            .and_then(|a| names.get(a as usize).cloned())
            .unwrap_or_else(|| c.to_string())
    };
    match why {
        RegionsWhy::Split(c) => tf("area {} is in more than one piece", &[&name(c)]),
        RegionsWhy::Terrain(c) => tf("area {} is listed as both sea and mountain", &[&name(c)]),
        RegionsWhy::Numbers(c) => tf(
            "area {}: value 0 to {}, capacity 1 to {}, defence 0 to {}",
            &[&name(c), &MAX_VALUE, &MAX_CAPACITY, &MAX_DEFENCE],
        ),
        why => why.words(),
    }
}

type Change = super::map_editor::Change<RegionSketch>;

/// The chosen area: its name, terrain, numbers, and merging it into another.
fn area_panel(a: u8, s: &RegionSketch, names: &[String], change: &Change) -> Html {
    let spec = s.areas[a as usize].clone();
    let (value, capacity, defence) = spec.numbers();
    let set = |f: fn(&mut AreaSpec, &str)| {
        let (change, spec) = (change.clone(), spec.clone());
        Callback::from(move |e: Event| {
            let v = e.target_unchecked_into::<HtmlInputElement>().value();
            let mut next = spec.clone();
            f(&mut next, &v);
            change(&|d| d.set_area(a, next.clone()));
        })
    };
    let terrain_chips = [AreaTerrain::Land, AreaTerrain::Sea, AreaTerrain::Mountain].map(|tr| {
        let (change, spec) = (change.clone(), spec.clone());
        let key = match tr {
            AreaTerrain::Land => "land",
            AreaTerrain::Sea => "sea",
            AreaTerrain::Mountain => "mountain",
        };
        // A new terrain brings its own numbers (sea: worth 0, room for 1).
        chip(
            terrain_words(tr).into(),
            spec.terrain == tr,
            ("terrain", key.into()),
            Callback::from(move |_| {
                let next = AreaSpec {
                    terrain: tr,
                    value: None,
                    capacity: None,
                    defence: None,
                    ..spec.clone()
                };
                change(&|d| d.set_area(a, next.clone()));
            }),
        )
    });
    let into = NodeRef::default();
    let merge = {
        let (change, into) = (change.clone(), into.clone());
        Callback::from(move |_: MouseEvent| {
            if let Some(b) = into
                .cast::<HtmlSelectElement>()
                .and_then(|s| s.value().parse::<u8>().ok())
            {
                change(&|d| d.merge(a, b));
            }
        })
    };
    let others = (0..s.areas.len() as u8)
        .filter(|&b| b != a && s.tiles_of(b) > 0)
        .map(|b| html! { <option value={b.to_string()}>{ names[b as usize].clone() }</option> });
    let number = |label: &'static str,
                  field: &'static str,
                  v: u8,
                  min: u8,
                  max: u8,
                  f: fn(&mut AreaSpec, &str)| {
        html! {
            <label class="field small-field">
                <span>{ t(label) }</span>
                <input type="number" min={min.to_string()} max={max.to_string()} value={v.to_string()} onchange={set(f)} data-field={field} />
            </label>
        }
    };
    html! {
        <fieldset class="field area-panel" data-area-panel={names[a as usize].clone()}>
            <legend>{ tf("Area {}", &[&names[a as usize]]) }</legend>
            <label class="field">
                <span>{ t("Name (a-z, 0-9 and -; empty: numbered)") }</span>
                <input type="text" maxlength="30" value={spec.name.clone().unwrap_or_default()} onchange={set(|s, v| {
                    let v = v.trim().to_lowercase();
                    s.name = (!v.is_empty()).then_some(v);
                })} data-field="area-name" />
            </label>
            <div class="chips wrap">{ for terrain_chips }</div>
            <div class="row wrap">
                { number(crate::i18n::n_("Value"), "area-value", value, 0, MAX_VALUE, |s, v| s.value = v.parse().ok()) }
                { number(crate::i18n::n_("Holds"), "area-capacity", capacity, 1, MAX_CAPACITY, |s, v| s.capacity = v.parse().ok()) }
                { number(crate::i18n::n_("Defence"), "area-defence", defence, 0, MAX_DEFENCE, |s, v| s.defence = v.parse().ok()) }
            </div>
            if s.tiles_of(a) > 0 && s.areas.len() > 1 {
                <div class="row wrap">
                    <label>
                        <span class="visually-hidden">{ t("Area to merge into") }</span>
                        <select ref={into} data-field="merge-into">{ for others }</select>
                    </label>
                    { crate::widgets::button("map-merge", "", t("Merge into"), merge) }
                </div>
            }
        </fieldset>
    }
}
