//! Fortress's rules page, in our own words, with diagrams of a capture on the classic
//! board.

use holdfast_rules::fortress::{Fortress, FortressSetup};
use holdfast_rules::Record;
use yew::prelude::*;

use crate::game_ui::record_diagram;
use crate::i18n::tx;
use crate::widgets::document;

fn diagram(moves: &[&str], caption: &str) -> Html {
    let record = Record {
        moves: moves.iter().map(|s| s.to_string()).collect(),
        ..Record::new::<Fortress>(&FortressSetup::default())
    };
    record_diagram::<Fortress>(record, caption)
}

/// The rules of Fortress, in our own words (the text: `fortress.rules` in the
/// catalogues).
pub fn rules() -> Html {
    let figure = |n: usize, caption: &str| {
        let moves: &[&str] = &["c3", "c4", "b5", "c5", "d5", "a1", "b4", "a2", "d4"];
        match n {
            1 => diagram(&moves[..8], caption),
            2 => diagram(moves, caption),
            _ => html! {},
        }
    };
    html! {
        <article class="rules">{ document(tx("fortress.rules"), &figure) }</article>
    }
}
