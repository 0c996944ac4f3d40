//! The Holdfast single-page app: a Yew shell around the rules crate, in layers (a
//! module uses only those below it; `tests/layers.rs` checks):
//!
//! - [`board`]: the one SVG board component (squares, hexes, region maps), no rules;
//! - [`bench_worker`] (the engine benchmark), [`balance_worker`] (a map's fairness)
//!   and [`think`] (a computer seat's move);
//! - [`worker`]: the app's Web Worker (`src/bin/worker.rs`), which runs both;
//! - [`widgets`], [`session`] (a game in play: record, positions, undo/redo, looking
//!   back), [`settings`], [`storage`] (saved games), [`link`] (share links);
//! - [`game_ui`]: the `GameUi` trait every game's UI implements, and `PlayedGame`, a
//!   game in play whichever it is;
//! - [`games`]: one module per game, and the app's list of games;
//! - [`fairness`]: how fair the shipped maps measured (the gallery and the
//!   new-game screens say it);
//! - [`maps`]: the shipped maps, the player's own, and the map editor's draft;
//! - [`model`]: the app state and its reducer;
//! - [`screens`]: the home and play screens; [`app`]: the root component and the
//!   effect that saves.

pub mod analyse;
pub mod app;
pub mod balance_worker;
pub mod bench_worker;
pub mod board;
pub mod clock;
pub mod fairness;
pub mod game_ui;
pub mod games;
pub mod i18n;
pub mod link;
pub mod maps;
pub mod model;
pub mod notice;
pub mod route;
pub mod runner;
pub mod screens;
pub mod searching;
pub mod seat;
pub mod session;
pub mod settings;
pub mod storage;
pub mod think;
pub mod widgets;
pub mod worker;
pub mod worker_link;

pub use app::App;

/// The panic hook's work: logs the message and writes it into `<html data-panic>`,
/// where `web/recover.js` (which shows the recovery screen) finds it.
pub fn panicked(message: &str) {
    web_sys::console::error_1(&format!("Holdfast panicked: {message}").into());
    let root = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.document_element());
    if let Some(root) = root {
        let _ = root.set_attribute("data-panic", message);
    }
}
