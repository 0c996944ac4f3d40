//! Citadel's rules page, in our own words, with diagrams of one corner of a board
//! (strengths, walls, a siege) drawn by the game's own board view.

use holdfast_rules::citadel::Citadel;
use holdfast_rules::geometry::geometry;
use holdfast_rules::{CellId, Game, Seat};
use yew::prelude::*;

use super::board_view;
use crate::board::SEAT_NAMES;
use crate::i18n::tx;
use crate::widgets::{document, figure};

fn diagram(g: &Citadel, around: &[&str], caption: &str) -> Html {
    let geo = geometry(g.board());
    let names = |s: Seat| crate::i18n::t(SEAT_NAMES[s as usize]).to_string();
    let cells: Vec<CellId> = around.iter().filter_map(|n| g.board().cell(n)).collect();
    let view = board_view(g, &geo, None, None, &names, false, true).cropped(&cells);
    figure(view, caption)
}

/// The rules of Citadel, in our own words (the text: `citadel.rules` in the
/// catalogues).
pub fn rules() -> Html {
    let strength = Citadel::from_position(
        13,
        &[("d5", 0), ("e5", 0), ("e6", 0), ("f5", 1)],
        &[("e5", Some(0))],
        &[],
        0,
    );
    let walls = Citadel::from_position(13, &[("c4", 0), ("f6", 1)], &[], &["d4", "e4", "d5"], 0);
    let siege = Citadel::from_position(
        13,
        &[
            ("e5", 1),
            ("e6", 1),
            ("d5", 0),
            ("f5", 0),
            ("e4", 0),
            ("d6", 0),
            ("f6", 0),
            ("e7", 0),
        ],
        &[],
        &[],
        0,
    );
    let figure = |n: usize, caption: &str| match (n, &strength, &walls, &siege) {
        (1, Ok(g), _, _) => diagram(g, &["d5", "f5", "e6", "e4"], caption),
        (2, _, Ok(g), _) => diagram(g, &["c4", "f6", "d4", "e5"], caption),
        (3, _, _, Ok(g)) => diagram(g, &["e5", "e6", "d6", "f5"], caption),
        _ => html! {},
    };
    html! {
        <article class="rules">{ document(tx("citadel.rules"), &figure) }</article>
    }
}
