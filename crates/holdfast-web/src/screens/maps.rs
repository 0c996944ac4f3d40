//! The maps (`#maps`), part of the app loaded on demand (src/bin/extras.rs): a
//! gallery of the shipped maps, with how fair each measured, and the player's own,
//! each drawn by the board component; start a game on one, make a new one or edit a
//! copy in the editor (`#maps/edit/ID`, [`super::map_editor`]), send one as a link
//! or a file, and read one in (a map link opens as `#maps/add/NAME/LINK`).

use std::rc::Rc;

use web_sys::HtmlTextAreaElement;
use yew::prelude::*;

use crate::board::Board;
use crate::i18n::{t, tf, Words};
use crate::maps::draft::{Draft, MapGame};
use crate::maps::library::{Library, LibraryError};
use crate::maps::regions::{RegionDraft, RegionSketch};
use crate::maps::{shipped, MapDoc, MapReadError};
use crate::storage::{LocalStore, NoStore, Store};

/// Runs `f` with the browser's storage (none where it is blocked).
pub fn with_store<R>(f: impl FnOnce(&mut dyn Store) -> R) -> R {
    match LocalStore::open() {
        Some(mut s) => f(&mut s),
        None => f(&mut NoStore),
    }
}

/// Now, in ms since 1970.
pub fn now() -> f64 {
    js_sys::Date::now()
}

/// Goes to the address `fragment` (after `#`): a step Back returns from, or in
/// place of the address shown (`replace`).
pub fn go(fragment: &str, replace: bool) {
    let Some(w) = web_sys::window() else { return };
    if replace {
        let url = format!("{}#{fragment}", crate::link::page_url());
        if let Ok(h) = w.history() {
            let _ = h.replace_state_with_url(&"holdfast".into(), "", Some(&url));
        }
        // (The main app follows the address on popstate.)
        if let Ok(e) = web_sys::Event::new("popstate") {
            let _ = w.dispatch_event(&e);
        }
    } else {
        let _ = w.location().set_hash(fragment);
    }
}

/// A link to the page at `fragment`.
pub fn page_link(fragment: &str) -> String {
    format!("{}#{fragment}", crate::link::page_url())
}

/// Why a library change was not kept, in words.
pub fn library_words(e: LibraryError) -> String {
    match e {
        LibraryError::Storage(r) => tf("The map could not be saved: {}.", &[&r.words()]),
        LibraryError::Full => t("You have 200 maps already: delete one first.").into(),
        LibraryError::Locked => t("Some of the maps kept here could not be read, nor set aside (the browser's storage is full): nothing is saved over them until there is room.").into(),
    }
}

/// Why a text is not a map, in words.
pub fn read_words(e: &MapReadError) -> String {
    match e {
        MapReadError::NotAMap => t("That is not a map's file or link, nor a game's.").into(),
        MapReadError::UnknownGame(g) => tf(
            "That map is of a game this version does not have ({}).",
            &[g],
        ),
        MapReadError::Setup(e) => tf("That map does not make a game: {}.", &[&e.words()]),
    }
}

/// A game's name.
pub fn game_title(game: &str) -> String {
    crate::games::info(game)
        .map(|i| t(i.title).to_string())
        .unwrap_or_else(|| game.to_string())
}

/// The setup of a map as the editor writes it (`None`: the editor cannot draw it).
fn editable(doc: &MapDoc) -> Option<serde_json::Value> {
    if doc.game == "fortress" {
        return RegionSketch::from_setup(&doc.setup).map(|s| s.setup());
    }
    Draft::from_setup(&doc.game, &doc.setup).map(|d| d.now.setup())
}

/// Whether a game can start on a map the editor draws (`None`: it draws none).
fn playable(doc: &MapDoc) -> Option<bool> {
    if doc.game == "fortress" {
        return RegionSketch::from_setup(&doc.setup).map(|s| s.playable());
    }
    Draft::from_setup(&doc.game, &doc.setup).map(|d| d.now.playable())
}

/// Keeps a new map and opens it in the editor, or says why it was not kept.
fn add_and_edit(
    library: &UseStateHandle<Library>,
    said: &UseStateHandle<Option<(bool, String)>>,
    doc: MapDoc,
) {
    let mut lib = with_store(Library::load);
    match with_store(|s| lib.add(s, doc, now())) {
        Ok(id) => {
            library.set(lib);
            go(&format!("maps/edit/{id}"), false);
        }
        Err(e) => said.set(Some((true, library_words(e)))),
    }
}

/// Reads a map into the library (once: the same map is not kept twice) and says
/// what came of it.
fn read_in(
    library: &UseStateHandle<Library>,
    said: &UseStateHandle<Option<(bool, String)>>,
    text: &str,
) {
    let mut lib = with_store(Library::load);
    let news = match MapDoc::read(text) {
        Ok(doc) => match lib.same_as(&doc) {
            Some(m) => (false, tf("{} is in your maps already.", &[&m.doc.name])),
            None => match with_store(|s| lib.add(s, doc.clone(), now())) {
                Ok(_) => (false, tf("{} was added to your maps.", &[&doc.name])),
                Err(e) => (true, library_words(e)),
            },
        },
        Err(e) => (true, read_words(&e)),
    };
    library.set(lib);
    said.set(Some(news));
}

#[derive(Properties, PartialEq)]
pub struct MapsProps {
    /// The address after `#maps/`: empty for the gallery, `edit/ID`, `add/NAME/LINK`.
    pub path: AttrValue,
}

/// The maps: the gallery, or the editor of one map.
#[function_component(MapsPage)]
pub fn maps_page(props: &MapsProps) -> Html {
    let library = use_state(|| with_store(Library::load));
    // What the last action said (news, or why not).
    let said = use_state(|| None::<(bool, String)>);
    let pasted = use_node_ref();
    let path = props.path.to_string();
    // A map link: into the library once (the same map is not kept twice), then the
    // gallery in its place.
    {
        let library = library.clone();
        let said = said.clone();
        use_effect_with(path.clone(), move |path| {
            if let Some(link) = path.strip_prefix("add/") {
                read_in(&library, &said, &format!("#maps/add/{link}"));
                go("maps", true);
            }
        });
    }
    if let Some(id) = path.strip_prefix("edit/") {
        return match library.get(id) {
            Some(m) if m.doc.game == "fortress" => html! {
                <super::map_regions::RegionEditor key={id.to_string()} id={id.to_string()} map={m.doc.clone()}
                    on_saved={{ let library = library.clone(); Callback::from(move |lib: Library| library.set(lib)) }} />
            },
            Some(m) => html! {
                <super::map_editor::Editor key={id.to_string()} id={id.to_string()} map={m.doc.clone()}
                    on_saved={{ let library = library.clone(); Callback::from(move |lib: Library| library.set(lib)) }} />
            },
            None => html! {
                <article class="maps">
                    <p data-map-missing="">{ t("That map is not in your maps (deleted, or saved in another browser).") }</p>
                    <p><a href="#maps">{ t("\u{2190} All maps") }</a></p>
                </article>
            },
        };
    }
    gallery(&library, &said, pasted)
}

fn gallery(
    library: &UseStateHandle<Library>,
    said: &UseStateHandle<Option<(bool, String)>>,
    pasted: NodeRef,
) -> Html {
    let download_aside = Callback::from(|_: MouseEvent| {
        if let Some(text) = with_store(|s| Library::aside_text(s)) {
            crate::widgets::download_as("holdfast-maps-set-aside.json", &text, "application/json");
        }
    });
    let new_map = |game: &'static str| {
        let library = library.clone();
        let said = said.clone();
        Callback::from(move |_: MouseEvent| {
            let setup = match MapGame::from_id(game) {
                Some(g) => Draft::blank(g).now.setup(),
                None => RegionDraft::blank().now.setup(),
            };
            let doc = MapDoc {
                game: game.into(),
                name: tf("My {} map", &[&game_title(game)]),
                setup,
            };
            add_and_edit(&library, &said, doc);
        })
    };
    let copy = |doc: MapDoc| {
        let library = library.clone();
        let said = said.clone();
        Callback::from(move |_: MouseEvent| {
            let Some(setup) = editable(&doc) else {
                return;
            };
            let copy = MapDoc {
                name: tf("{} (copy)", &[&doc.name]),
                setup,
                game: doc.game.clone(),
            };
            add_and_edit(&library, &said, copy);
        })
    };
    let import = {
        let library = library.clone();
        let said = said.clone();
        Callback::from(move |(_, text): (String, String)| read_in(&library, &said, &text))
    };
    let on_pick = crate::widgets::on_file_picked(import.clone());
    let on_paste = {
        let pasted = pasted.clone();
        Callback::from(move |_: MouseEvent| {
            if let Some(area) = pasted.cast::<HtmlTextAreaElement>() {
                import.emit((String::new(), area.value()));
                area.set_value("");
            }
        })
    };
    let mine = library.maps.iter().map(|m| {
        let status = playable(&m.doc);
        let remove = {
            let library = library.clone();
            let said = said.clone();
            let id = m.id.clone();
            let name = m.doc.name.clone();
            Callback::from(move |_: MouseEvent| {
                let ask = tf("Delete {}? This cannot be undone.", &[&name]);
                let sure = web_sys::window()
                    .and_then(|w| w.confirm_with_message(&ask).ok())
                    .unwrap_or(false);
                if !sure {
                    return;
                }
                let mut lib = with_store(Library::load);
                match with_store(|s| lib.remove(s, &id)) {
                    Ok(()) => {
                        library.set(lib);
                        said.set(Some((false, tf("{} was deleted.", &[&name]))));
                    }
                    Err(e) => said.set(Some((true, library_words(e)))),
                }
            })
        };
        let edit = {
            let id = m.id.clone();
            Callback::from(move |_: MouseEvent| go(&format!("maps/edit/{id}"), false))
        };
        let note = match status {
            Some(false) => html! { <p class="hint" data-map-status="draft">{ t("Not playable yet: open it in the editor to see why.") }</p> },
            _ => html! {},
        };
        let actions = html! {
            <>
                { crate::widgets::button("map-edit", "", t("Edit"), edit) }
                { share_buttons(&m.doc, said) }
                { crate::widgets::button("map-delete", "ghost-button", t("Delete"), remove) }
            </>
        };
        map_card(&m.doc, Some(&m.id), note, status != Some(false), actions)
    });
    let shipped = shipped();
    let groups = ["fortress", "island-wars", "frontier"].map(|game| {
        let cards = shipped.iter().filter(|s| s.doc.game == game).map(|s| {
            let note = html! {
                <p class={classes!("hint", s.fairness.is_some_and(|f| !crate::fairness::fair(f)).then_some("unbalanced"))} data-fairness="">
                    { s.fairness.map(crate::fairness::words).unwrap_or_else(|| t("Generated from its number, and measured fair (within 5 points).").into()) }
                </p>
            };
            let editable = editable(&s.doc).is_some();
            let actions = html! {
                if editable {
                    { crate::widgets::button("map-copy", "", t("Edit a copy"), copy(s.doc.clone())) }
                }
            };
            map_card(&s.doc, None, note, true, actions)
        });
        html! {
            <section aria-label={game_title(game)} data-shipped={game}>
                <h3>{ game_title(game) }</h3>
                <div class="cards map-cards">{ for cards }</div>
            </section>
        }
    });
    let said_line = said.as_ref().map(|(error, words)| {
        html! { <p class={classes!("map-said", error.then_some("error"))} role={if *error { "alert" } else { "status" }} data-map-said="">{ words }</p> }
    });
    html! {
        <article class="maps" data-maps="">
            <h1>{ t("Maps") }</h1>
            <p>{ t("Every map the app ships, with how fair it measured between equal computer players (level 2, 200 games, each seat's share of the wins), and your own: draw one, start a game on it, send it to a friend.") }</p>
            { for said_line }
            <div class="row wrap">
                { crate::widgets::button("new-map-fortress", "primary", t("New Fortress map"), new_map("fortress")) }
                { crate::widgets::button("new-map-island-wars", "primary", t("New Island Wars map"), new_map("island-wars")) }
                { crate::widgets::button("new-map-frontier", "primary", t("New Frontier map"), new_map("frontier")) }
            </div>
            <section aria-labelledby="my-maps-h" data-my-maps="">
                <h2 id="my-maps-h">{ t("Your maps") }</h2>
                if library.damaged || library.locked {
                    <p class="error" data-maps-aside="">
                        { t("Some of the maps kept here could not be read: they are kept aside, as they were found.") }
                        { " " }
                        { crate::widgets::button("maps-aside", "ghost-button", t("Download what was kept aside"), download_aside) }
                    </p>
                }
                if library.maps.is_empty() {
                    <p class="muted">{ t("None yet: make a new one, edit a copy of a shipped one, or read one in below.") }</p>
                } else {
                    <div class="cards map-cards">{ for mine }</div>
                }
            </section>
            <section aria-labelledby="shipped-h">
                <h2 id="shipped-h">{ t("Shipped maps") }</h2>
                { for groups }
            </section>
            <super::map_find::FindFair on_added={{ let library = library.clone(); Callback::from(move |lib: Library| library.set(lib)) }} />
            <section class="import" aria-labelledby="map-import-h" data-map-import="">
                <h2 id="map-import-h">{ t("Read a map in") }</h2>
                <p class="muted small">{ t("A map's file or link, or a game's record or link (its map is read in).") }</p>
                <label class="file-button">
                    <input type="file" accept=".json,.txt,application/json,text/plain" data-map-file="" onchange={on_pick} />
                    { t("Choose a file") }
                </label>
                <textarea ref={pasted} rows="3" data-map-text="" aria-label={t("A map's file or link")}
                    placeholder={t("Paste a map's link or file")} />
                <div class="row">{ crate::widgets::button("map-import", "", t("Add to your maps"), on_paste) }</div>
            </section>
        </article>
    }
}

/// The map's Share link and Download buttons.
pub fn share_buttons(doc: &MapDoc, said: &UseStateHandle<Option<(bool, String)>>) -> Html {
    let link = {
        let doc = doc.clone();
        let said = said.clone();
        Callback::from(move |_: MouseEvent| {
            let url = page_link(&doc.link_fragment());
            crate::widgets::copy_text(&url);
            said.set(Some((
                false,
                tf("The link to {} was copied: {}", &[&doc.name, &url]),
            )));
        })
    };
    let file = {
        let doc = doc.clone();
        Callback::from(move |_: MouseEvent| {
            crate::widgets::download_as(&doc.file_name(), &doc.file_text(), "application/json")
        })
    };
    html! {
        <>
            { crate::widgets::button("map-link", "ghost-button", t("Copy link"), link) }
            { crate::widgets::button("map-file", "ghost-button", t("Download"), file) }
        </>
    }
}

/// One map's card: its board, name and game, a note, Play, and more buttons.
fn map_card(doc: &MapDoc, id: Option<&str>, note: Html, playable: bool, more: Html) -> Html {
    let thumb = crate::games::summary(&doc.record()).map(|s| {
        html! { <Board view={Rc::clone(&s.thumb)} title={tf("Map: {}", &[&doc.name])} class="thumb" /> }
    });
    let play = {
        let route = doc.play_route().to_string();
        Callback::from(move |_: MouseEvent| go(route.trim_start_matches('#'), false))
    };
    html! {
        <article class="card map-card" data-map={id.map(str::to_string)} data-map-name={doc.name.clone()}>
            <div class="card-board">{ for thumb }</div>
            <div class="card-text">
                <h3>{ doc.name.clone() }</h3>
                <p class="muted">{ game_title(&doc.game) }</p>
                { note }
                <div class="row wrap">
                    { crate::widgets::button_with("map-play", "primary", t("Play"), !playable, play) }
                    { more }
                </div>
            </div>
        </article>
    }
}
