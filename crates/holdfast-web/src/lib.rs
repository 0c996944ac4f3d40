//! The Holdfast single-page app: a Yew shell around the rules crate.
//!
//! - [`board`]: the one SVG board component (squares, hexes, region maps);
//! - [`session`]: a game in play (record, positions, undo/redo, looking back);
//! - [`model`]: the app state and its reducer;
//! - [`app`]: the screens and the effect that saves;
//! - [`link`], [`storage`]: share links and saved games;
//! - [`games`]: what each game shows (its board props, panels, setup and rules pages).

pub mod app;
pub mod board;
pub mod game_ui;
pub mod games;
pub mod link;
pub mod model;
pub mod screens;
pub mod session;
pub mod settings;
pub mod storage;
pub mod widgets;

pub use app::App;
