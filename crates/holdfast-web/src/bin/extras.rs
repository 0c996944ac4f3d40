//! The pages most visits never open, as an app of their own loaded only when one is
//! opened: the engine benchmark (`#bench`), Fortress's 1983 roster (`#roster`) and
//! the maps (`#maps`: the gallery, the editor). Their code (the benchmark's table, the editor, the map library) would
//! otherwise be in the wasm every visit downloads first. The main app draws an
//! empty host element and asks `web/boot.js` (`holdfastExtras`) to load this one
//! into it, telling it which page (`bench`, or `maps` and the rest of the address
//! after `#maps/`); leaving the page stops it. Built by Trunk beside the worker
//! (index.html, `data-bin="extras"`).

use std::cell::RefCell;

use wasm_bindgen::prelude::*;
use yew::prelude::*;
use yew::AppHandle;

use holdfast_web::i18n::{set_lang, Lang};
use holdfast_web::screens::bench::BenchPage;
use holdfast_web::screens::maps::MapsPage;
use holdfast_web::screens::roster::RosterPage;

thread_local! {
    static APP: RefCell<Option<AppHandle<Extras>>> = const { RefCell::new(None) };
}

fn main() {}

/// Nothing: the root that takes the number the main app's root has.
#[function_component(Spare)]
fn spare() -> Html {
    Html::default()
}

#[derive(Properties, PartialEq, Clone)]
struct ExtrasProps {
    /// `bench`, `roster`, `maps`, or `maps/` and the rest of the address.
    page: AttrValue,
}

/// The page asked for.
#[function_component(Extras)]
fn extras(props: &ExtrasProps) -> Html {
    if props.page == "bench" {
        return html! { <BenchPage /> };
    }
    if props.page == "roster" {
        return html! { <RosterPage /> };
    }
    let rest = props
        .page
        .strip_prefix("maps")
        .map(|r| r.trim_start_matches('/'))
        .unwrap_or_default();
    html! { <MapsPage path={AttrValue::from(rest.to_string())} /> }
}

fn page_lang() -> Lang {
    web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.document_element())
        .and_then(|e| e.get_attribute("lang"))
        .and_then(|l| Lang::from_code(&l))
        .unwrap_or_default()
}

/// Draws `page` into `root`, in the page's language.
#[wasm_bindgen]
pub fn start(root: web_sys::Element, page: String) {
    set_lang(page_lang());
    stop();
    // This app and the page's main one are two Yew instances, each numbering its
    // roots from 1, and Yew finds which root an event belongs to by that number:
    // the main app's root is 1, so this one skips it (a root made and dropped at
    // once), or its clicks would run the main app's handlers.
    if let Some(doc) = web_sys::window().and_then(|w| w.document()) {
        if let Ok(spare) = doc.create_element("div") {
            yew::Renderer::<Spare>::with_root(spare).render().destroy();
        }
    }
    let props = ExtrasProps { page: page.into() };
    let app = yew::Renderer::<Extras>::with_root_and_props(root, props).render();
    APP.with(|a| *a.borrow_mut() = Some(app));
}

/// Shows another page of the app already running (another address under `#maps`).
#[wasm_bindgen]
pub fn show(page: String) {
    set_lang(page_lang());
    APP.with(|a| {
        if let Some(app) = a.borrow_mut().as_mut() {
            app.update(ExtrasProps { page: page.into() });
        }
    });
}

/// Takes the page down (the benchmark's worker with it).
#[wasm_bindgen]
pub fn stop() {
    if let Some(app) = APP.with(|a| a.borrow_mut().take()) {
        app.destroy();
    }
}
