//! The engine benchmark page (`#bench`) as an app of its own, loaded only when that
//! page is opened: most visits never see it, and its code (the benchmark's table,
//! its JSON) would otherwise be in the wasm every visit downloads first. The main
//! app draws an empty host element and asks `web/boot.js` (`holdfastBench`) to load
//! this one into it; leaving the page stops it. Built by Trunk beside the worker
//! (index.html, `data-bin="bench"`).

use std::cell::RefCell;

use wasm_bindgen::prelude::*;
use yew::AppHandle;

use holdfast_web::i18n::{set_lang, Lang};
use holdfast_web::screens::bench::BenchPage;

thread_local! {
    static APP: RefCell<Option<AppHandle<BenchPage>>> = const { RefCell::new(None) };
}

fn main() {}

/// Nothing: the root that takes the number the main app's root has.
#[yew::function_component(Spare)]
fn spare() -> yew::Html {
    yew::Html::default()
}

/// Draws the benchmark page into `root`, in the page's language.
#[wasm_bindgen]
pub fn start(root: web_sys::Element) {
    let lang = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.document_element())
        .and_then(|e| e.get_attribute("lang"))
        .and_then(|l| Lang::from_code(&l))
        .unwrap_or_default();
    set_lang(lang);
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
    let app = yew::Renderer::<BenchPage>::with_root(root).render();
    APP.with(|a| *a.borrow_mut() = Some(app));
}

/// Takes the page down (its worker with it).
#[wasm_bindgen]
pub fn stop() {
    if let Some(app) = APP.with(|a| a.borrow_mut().take()) {
        app.destroy();
    }
}
