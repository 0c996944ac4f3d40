//! Small pieces every game's screens share.

use holdfast_rules::Seat;
use web_sys::{HtmlInputElement, HtmlSelectElement};
use yew::prelude::*;

use std::rc::Rc;

use crate::board::{seat_colour, Board, BoardView, SEAT_NAMES, SEAT_SHAPES};
use crate::i18n::{n_, t, tf};
use crate::seat::SeatPlayer;

/// A rules-page diagram: a board drawn by the board component, with its caption.
pub fn figure(view: BoardView, caption: &str) -> Html {
    html! {
        <figure class="diagram">
            <Board view={Rc::new(view)} title={AttrValue::from(caption.to_string())} />
            <figcaption>{ caption.to_string() }</figcaption>
        </figure>
    }
}

/// A long text of the catalogue (a rules page) as HTML. One block a line: `# `, `## `
/// and `### ` headings, `- ` list items (one list for a run of them), `@N caption`
/// the page's diagram `N` with its caption (`figure` draws it; a run of them sits
/// side by side), and any other line a paragraph; `**…**` marks strong words.
pub fn document(text: &str, figure: &dyn Fn(usize, &str) -> Html) -> Html {
    fn inline(line: &str) -> Html {
        line.split("**")
            .enumerate()
            .map(|(i, part)| match i % 2 {
                0 => html! { { part.to_string() } },
                _ => html! { <strong>{ part.to_string() }</strong> },
            })
            .collect()
    }
    let mut out: Vec<Html> = Vec::new();
    let mut run: Vec<Html> = Vec::new();
    let mut run_kind = ' ';
    let flush = |kind: char, run: &mut Vec<Html>, out: &mut Vec<Html>| {
        if run.is_empty() {
            return;
        }
        let items = run.drain(..);
        out.push(match kind {
            '-' => html! { <ul>{ for items }</ul> },
            _ => html! { <div class="diagrams">{ for items }</div> },
        });
    };
    for line in text.lines().map(str::trim).filter(|l| !l.is_empty()) {
        let (kind, block) = if let Some(item) = line.strip_prefix("- ") {
            ('-', html! { <li>{ inline(item) }</li> })
        } else if let Some((n, caption)) = line
            .strip_prefix('@')
            .and_then(|rest| rest.split_once(' '))
            .and_then(|(n, c)| Some((n.parse().ok()?, c)))
        {
            ('@', figure(n, caption))
        } else {
            let level = line.len() - line.trim_start_matches('#').len();
            let body = || inline(line[level..].trim_start());
            let block = match level {
                1 => html! { <h1>{ body() }</h1> },
                2 => html! { <h2>{ body() }</h2> },
                3 => html! { <h3>{ body() }</h3> },
                _ => html! { <p>{ inline(line) }</p> },
            };
            (' ', block)
        };
        if kind != run_kind {
            flush(run_kind, &mut run, &mut out);
            run_kind = kind;
        }
        if kind == ' ' {
            out.push(block);
        } else {
            run.push(block);
        }
    }
    flush(run_kind, &mut run, &mut out);
    out.into_iter().collect()
}

/// The longest name kept.
pub const NAME_LEN: usize = 24;

/// Who may play a seat: a person, or the computer at one of its levels (the words a
/// record's `seats` keeps, and what the new-game screen shows).
pub const SEAT_PLAYERS: &[(&str, &str)] = &[
    (SeatPlayer::PERSON, n_("Person")),
    (
        SeatPlayer::REMOTE,
        n_("A person on another device (by link)"),
    ),
    ("level1", n_("Computer, level 1 (beginner)")),
    ("level2", n_("Computer, level 2")),
    ("level3", n_("Computer, level 3")),
    ("level4", n_("Computer, level 4")),
    ("level5", n_("Computer, level 5")),
    ("strongest", n_("Computer, strongest (up to 3 s an action)")),
];

/// The roster's names as people say them, by id.
pub const ROSTER_NAMES: &[(&str, &str)] = &[
    ("squire", n_("The Squire")),
    ("maginot", n_("Lord Maginot")),
    ("genghis", n_("Genghis Khan")),
    ("galahad", n_("Sir Galahad")),
    ("vauban", n_("Count Vauban")),
];

/// A new game's players when nothing says otherwise: you in the first seat, the
/// computer at level 2 in every other.
pub fn default_seat(seat: usize) -> &'static str {
    if seat == 0 {
        SeatPlayer::PERSON
    } else {
        "level2"
    }
}

/// One row a seat: who plays it (a person, a computer level, or one of `more`, a
/// game's own computer players) and the player's name, each with its colour swatch.
pub fn name_fields(
    names: &UseStateHandle<Vec<String>>,
    seats: &UseStateHandle<Vec<String>>,
    players: usize,
    placeholders: &[&'static str],
    more: &[(String, String)],
) -> Html {
    let fields = (0..players).map(|i| {
        let value = names.get(i).cloned().unwrap_or_default();
        let names = names.clone();
        let oninput = Callback::from(move |e: InputEvent| {
            let mut n = (*names).clone();
            n.resize(n.len().max(i + 1), String::new());
            n[i] = e.target_unchecked_into::<HtmlInputElement>().value();
            names.set(n);
        });
        let chosen = seats.get(i).cloned().unwrap_or_else(|| default_seat(i).to_string());
        let onchange = {
            let seats = seats.clone();
            Callback::from(move |e: Event| {
                let mut v = (*seats).clone();
                while v.len() <= i {
                    v.push(default_seat(v.len()).to_string());
                }
                v[i] = e.target_unchecked_into::<HtmlSelectElement>().value();
                seats.set(v);
            })
        };
        let placeholder = t(placeholders.get(i).copied().unwrap_or(SEAT_NAMES[i % SEAT_NAMES.len()])).to_string();
        let shape = t(SEAT_SHAPES[i % SEAT_SHAPES.len()]);
        html! {
            <div class="name-field">
                <span class="swatch" style={format!("background:{}", seat_colour(i as Seat))} aria-hidden="true"></span>
                <label class="seat-player">
                    <span class="visually-hidden">{ tf("Who plays {} ({})", &[&placeholder, &shape]) }</span>
                    <select data-seat-player={i.to_string()} onchange={onchange}>
                        { for SEAT_PLAYERS.iter().map(|&(value, label)| html! {
                            <option value={value} selected={chosen == value}>{ t(label) }</option>
                        }) }
                        { for more.iter().map(|(value, label)| html! {
                            <option value={value.clone()} selected={chosen == *value}>{ label }</option>
                        }) }
                    </select>
                </label>
                <label>
                    <span class="visually-hidden">{ tf("Name of player {} ({}, {})", &[&(i + 1), &placeholder, &shape]) }</span>
                    <input type="text" maxlength="24" placeholder={placeholder.clone()} value={value} oninput={oninput} data-seat={i.to_string()} />
                </label>
            </div>
        }
    });
    html! {
        <fieldset class="field names">
            <legend>{ t("Who plays") }</legend>
            { for fields }
        </fieldset>
    }
}

/// The seats a record keeps: each seat's choice (a word of [`SEAT_PLAYERS`] or one
/// of the 1983 roster's, else the default), or none at all when every seat is a
/// person (a game between people, as records were before computers played).
pub fn final_seats(seats: &[String], players: usize) -> Vec<String> {
    let chosen: Vec<String> = (0..players)
        .map(|i| match seats.get(i) {
            Some(s) if SEAT_PLAYERS.iter().any(|&(v, _)| v == s) => s.clone(),
            Some(s) if matches!(SeatPlayer::from_word(s), SeatPlayer::Roster(..)) => s.clone(),
            _ => default_seat(i).to_string(),
        })
        .collect();
    if chosen.iter().all(|s| s == SeatPlayer::PERSON) {
        Vec::new()
    } else {
        chosen
    }
}

/// The names a record keeps: what was typed (trimmed, at most [`NAME_LEN`]
/// characters), else the placeholder (in the app's language).
pub fn final_names(names: &[String], players: usize, placeholders: &[&'static str]) -> Vec<String> {
    (0..players)
        .map(|i| {
            let typed = names.get(i).map(|n| n.trim()).unwrap_or("");
            if typed.is_empty() {
                t(placeholders
                    .get(i)
                    .copied()
                    .unwrap_or(SEAT_NAMES[i % SEAT_NAMES.len()]))
                .to_string()
            } else {
                typed.chars().take(NAME_LEN).collect()
            }
        })
        .collect()
}

/// Puts `text` on the clipboard (where the browser allows it).
pub fn copy_text(text: &str) {
    if let Some(w) = web_sys::window() {
        let _ = w.navigator().clipboard().write_text(text);
    }
}

/// A game's file name: `holdfast-GAME-ID.EXT`.
pub fn record_file(record: &holdfast_rules::Record, id: &str, ext: &str) -> String {
    format!("holdfast-{}-{id}.{ext}", record.game)
}

/// A game's record as its JSON file, a file name and its text (what
/// `holdfast replay` and Open a game read).
pub fn record_json(record: &holdfast_rules::Record, id: &str) -> (String, String) {
    (record_file(record, id, "json"), record.to_json())
}

/// A file input's change: the file picked is read ([`read_file`]) and handed on,
/// and the input emptied (the same file may be picked again).
pub fn on_file_picked(then: Callback<(String, String)>) -> Callback<Event> {
    Callback::from(move |e: Event| {
        let input: web_sys::HtmlInputElement = e.target_unchecked_into();
        if let Some(file) = input.files().and_then(|f| f.get(0)) {
            read_file(file, then.clone());
        }
        input.set_value("");
    })
}

/// Reads a file the player picked or dropped and hands its name and text on (a
/// file that is not text hands on nothing readable, which the reader refuses).
pub fn read_file(file: web_sys::File, then: Callback<(String, String)>) {
    let name = file.name();
    let Ok(reader) = web_sys::FileReader::new() else {
        return;
    };
    // Kept until the reader is done (it fires one load or error event).
    let listener: Rc<std::cell::RefCell<Vec<gloo::events::EventListener>>> = Rc::default();
    for kind in ["load", "error"] {
        let (r, name, then, keep) = (reader.clone(), name.clone(), then.clone(), listener.clone());
        listener
            .borrow_mut()
            .push(gloo::events::EventListener::once(
                &reader,
                kind,
                move |_| {
                    let text = r
                        .result()
                        .ok()
                        .and_then(|v| v.as_string())
                        .unwrap_or_default();
                    then.emit((name, text));
                    keep.borrow_mut().clear();
                },
            ));
    }
    // No more than one byte past a record's limit: a larger file is then refused
    // as too large without reading it all.
    let cap = (holdfast_rules::record::MAX_RECORD_BYTES + 1) as f64;
    let read = file
        .slice_with_f64_and_f64(0.0, cap)
        .and_then(|part| reader.read_as_text(&part));
    if read.is_err() {
        listener.borrow_mut().clear();
    }
}

/// Opens the device's share sheet (the Web Share API) for a link; false where the
/// browser has none (the caller copies the link instead).
pub fn web_share(url: &str, title: &str) -> bool {
    use wasm_bindgen::JsCast;
    let Some(nav) = web_sys::window().map(|w| w.navigator()) else {
        return false;
    };
    let Some(share) = js_sys::Reflect::get(&nav, &"share".into())
        .ok()
        .and_then(|f| f.dyn_into::<js_sys::Function>().ok())
    else {
        return false;
    };
    let data = js_sys::Object::new();
    let _ = js_sys::Reflect::set(&data, &"url".into(), &url.into());
    let _ = js_sys::Reflect::set(&data, &"title".into(), &title.into());
    share.call1(&nav, &data).is_ok()
}

/// Plays one of the app's sounds (`place`, `capture`, `turn`, `end`): web/sound.js
/// makes them with Web Audio. Nothing where it cannot.
pub fn play_sound(kind: &str) {
    use wasm_bindgen::JsCast;
    let Some(w) = web_sys::window() else { return };
    if let Some(f) = js_sys::Reflect::get(&w, &"holdfastSound".into())
        .ok()
        .and_then(|f| f.dyn_into::<js_sys::Function>().ok())
    {
        let _ = f.call1(&w, &kind.into());
    }
}

/// Asks `web/boot.js` for `game`'s book of lessons (`lessons/GAME.json`): the
/// page's `holdfast-lessons` event brings it ([`crate::app`]).
pub fn load_lessons(game: &str) {
    use wasm_bindgen::JsCast;
    let Some(w) = web_sys::window() else { return };
    let Ok(lessons) = js_sys::Reflect::get(&w, &"holdfastLessons".into()) else {
        return;
    };
    if let Some(f) = js_sys::Reflect::get(&lessons, &"load".into())
        .ok()
        .and_then(|f| f.dyn_into::<js_sys::Function>().ok())
    {
        let _ = f.call1(&lessons, &game.into());
    }
}

/// Offers `text` as a file of type `mime` to download.
pub fn download_as(name: &str, text: &str, mime: &str) {
    use wasm_bindgen::JsCast;
    let Some(doc) = web_sys::window().and_then(|w| w.document()) else {
        return;
    };
    let opts = web_sys::BlobPropertyBag::new();
    opts.set_type(mime);
    let parts = js_sys::Array::of1(&text.into());
    let Ok(blob) = web_sys::Blob::new_with_str_sequence_and_options(&parts, &opts) else {
        return;
    };
    let Ok(url) = web_sys::Url::create_object_url_with_blob(&blob) else {
        return;
    };
    if let Ok(a) = doc.create_element("a") {
        let _ = a.set_attribute("href", &url);
        let _ = a.set_attribute("download", name);
        if let Some(a) = a.dyn_ref::<web_sys::HtmlElement>() {
            a.click();
        }
    }
    // Freed once the download has surely started.
    gloo::timers::callback::Timeout::new(60_000, move || {
        let _ = web_sys::Url::revoke_object_url(&url);
    })
    .forget();
}

/// A plain button: its `data-action` (how tests and the docs name it; none when
/// empty), its look (`class`; none when empty), its words and what a press does.
/// Every such button of the app is built by this one function: written out in
/// `html!` each cost its own copy of the same code (README, "Size").
pub fn button(
    action: &'static str,
    class: &'static str,
    label: &str,
    onclick: Callback<MouseEvent>,
) -> Html {
    button_with(action, class, label, false, onclick)
}

/// A [`button`] that may be off (`disabled`).
#[inline(never)]
pub fn button_with(
    action: &'static str,
    class: &'static str,
    label: &str,
    disabled: bool,
    onclick: Callback<MouseEvent>,
) -> Html {
    html! {
        <button class={(!class.is_empty()).then_some(class)} data-action={(!action.is_empty()).then_some(action)} {disabled} {onclick}>{ label }</button>
    }
}

/// A new-game screen's "Start game", which submits its form; off while the setup
/// is not ready.
#[inline(never)]
pub fn start_button(ready: bool) -> Html {
    html! { <button type="submit" class="primary big" data-action="start" disabled={!ready}>{t("Start game")}</button> }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_trimmed_cut_and_defaulted() {
        let typed = vec!["  Ann ".to_string(), String::new(), "x".repeat(40)];
        assert_eq!(
            final_names(&typed, 3, &["Tan", "Dark Green", "Pale Green"]),
            vec!["Ann", "Dark Green", &"x".repeat(24)]
        );
        assert_eq!(final_names(&[], 2, &[]), vec!["Orange", "Blue"]);
    }

    #[test]
    fn seats_default_to_you_against_level_two() {
        assert_eq!(final_seats(&[], 2), vec!["person", "level2"]);
        assert_eq!(
            final_seats(&["level5".into(), "bogus".into(), "person".into()], 3),
            vec!["level5", "level2", "person"]
        );
        // People only: the record keeps no seats.
        let people = vec!["person".to_string(); 4];
        assert!(final_seats(&people, 4).is_empty());
    }
}
