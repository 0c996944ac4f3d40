//! Frontier's rules page: the rules in our own words, with diagrams of small fields,
//! and the seed's Ukrainian original beside them.

use holdfast_rules::frontier::{Frontier, FrontierSetup};
use holdfast_rules::Record;
use yew::prelude::*;

use crate::game_ui::record_diagram;
use crate::i18n::{lang, t, tx};
use crate::widgets::document;

/// A rules diagram: a small field after the builds listed (the last one ringed).
fn diagram(mode: u8, moves: &[&str], caption: &str) -> Html {
    let setup = FrontierSetup {
        mode,
        width: 7,
        height: 5,
        cities: vec!["c1".into(), "c7".into()],
        turns: 5,
        water: if mode >= 2 {
            vec!["b4".into(), "d4".into()]
        } else {
            vec![]
        },
        mountains: vec![],
    };
    let record = Record {
        moves: moves.iter().map(|m| m.to_string()).collect(),
        ..Record::new::<Frontier>(&setup)
    };
    record_diagram::<Frontier>(record, caption)
}

/// The rules of Frontier (the text: `frontier.rules` in the catalogues), with the
/// seed's Ukrainian text beside them (`frontier.original`, as it was written).
pub fn rules() -> Html {
    let figure = |n: usize, caption: &str| match n {
        1 => diagram(1, &["c3"], caption),
        2 => diagram(2, &["c3", "c5", "c4"], caption),
        _ => html! {},
    };
    html! {
        <article class="rules rules-two">
            <h1>{ t("Frontier") }</h1>
            <div class="two-col">
                <section lang={lang().code()}>{ document(tx("frontier.rules"), &figure) }</section>
                <section lang="uk" class="original">
                    <h2>{ t("The original (in Ukrainian)") }</h2>
                    { document(tx("frontier.original"), &|_, _| html! {}) }
                </section>
            </div>
        </article>
    }
}
