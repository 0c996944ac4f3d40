//! Frontier's rules page: the rules in English, with diagrams of small fields, and the
//! seed's Ukrainian original beside them (`frontier_uk.txt`, drawn as it was written).

use holdfast_rules::frontier::{Frontier, FrontierSetup};
use holdfast_rules::Record;
use yew::prelude::*;

use crate::game_ui::record_diagram;

const UKRAINIAN: &str = include_str!("frontier_uk.txt");

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

/// The seed's text as it was written: paragraphs, `##` headings, `-` list items.
fn original_text() -> Html {
    let mut out = Vec::new();
    let mut items: Vec<String> = Vec::new();
    let flush = |items: &mut Vec<String>, out: &mut Vec<Html>| {
        if !items.is_empty() {
            out.push(html! { <ul>{ for items.drain(..).map(|i| html! { <li>{ i }</li> }) }</ul> });
        }
    };
    for block in UKRAINIAN
        .split("\n\n")
        .map(str::trim)
        .filter(|b| !b.is_empty())
    {
        for line in block.lines().map(str::trim).filter(|l| !l.is_empty()) {
            if let Some(h) = line.strip_prefix("##") {
                flush(&mut items, &mut out);
                out.push(html! { <h3>{ h.trim().trim_end_matches(':').to_string() }</h3> });
            } else if let Some(item) = line.strip_prefix("- ") {
                items.push(item.trim().to_string());
            } else if items.is_empty() {
                out.push(html! { <p>{ line.to_string() }</p> });
            } else if let Some(last) = items.last_mut() {
                last.push(' ');
                last.push_str(line);
            }
        }
        flush(&mut items, &mut out);
    }
    html! { <>{ for out }</> }
}

/// The rules of Frontier in English, with the seed's Ukrainian text beside them.
#[function_component(Rules)]
pub fn rules() -> Html {
    html! {
        <article class="rules rules-two">
            <h1>{"Frontier"}</h1>
            <div class="two-col">
                <section lang="en">
                    <p>{"Two players, a field of hexagonal cells, a city each. Your city and the cells around it are your territory at the start. Whoever holds more territory when both have used their turns wins; water and mountain cells count too."}</p>
                    <h2>{"Building (modes 1 and 2)"}</h2>
                    <p>{"On your turn, build a fort on a plain cell that is your territory or next to it, where no fort stands and that is not a city. That cell and every cell around it become yours, whoever held them and whatever stands on them \u{2014} except a city, which always belongs to its founder. Water and mountains can never be built on, but a fort next to them takes them. If no build is possible, you pass."}</p>
                    <div class="diagrams">
                        { diagram(1, &["c3"], "Orange builds on c3, next to its city: c3 and the six cells around it turn orange.") }
                        { diagram(2, &["c3", "c5", "c4"], "Blue's fort on c5 took c4; Orange's fort on c4 takes it back, with the water beside it. Forts stay; only the land changes hands.") }
                    </div>
                    <h2>{"Generals (mode 3)"}</h2>
                    <p>{"You never build yourself: a new general appears in your city at the start of each of your turns (if the city is free). Give each general at most one order a turn:"}</p>
                    <ul>
                        <li>{"(a) move one or two cells and stop;"}</li>
                        <li>{"(b) build a fort where it stands;"}</li>
                        <li>{"(c) move one cell and build there;"}</li>
                        <li>{"(d) from water, step onto a neighbouring land cell."}</li>
                    </ul>
                    <p>{"A general may enter plain, water and fort cells that are not your opponent's territory and where no general stands; never a mountain, never a city (its own included \u{2014} a general only ever leaves the city). Entering water ends its move; from water it can only step back onto land. Territory is judged when the order is given: a general on a cell your opponent has since taken may still leave it or build on it. A general needs no territory to build: plain land with no fort, not a city. After building, the general leaves the board. You cannot end your turn while a general stands in your city and could still go somewhere."}</p>
                    <h2>{"Modes"}</h2>
                    <p>{"1 \u{201c}I'm too young to die\u{201d}: size, cities, turns. 2 \u{201c}Hey, not too rough!\u{201d}: also water and mountains. 3 \u{201c}Hurt me plenty\u{201d}: also generals. Cities stand at least 3 cells apart."}</p>
                    <h2>{"On the screen"}</h2>
                    <p>{"Territory is tinted in its owner's colour and pattern; cities are houses, forts are ringed, generals are small figures (\u{2713} when they have had their order); water has waves, mountains peaks. Modes 1\u{2013}2: the dots mark where you can build. Mode 3: tap a general, then a dot to move it or a + to build; where both are possible you are asked which. Undo takes back an order until you end the turn; the End turn button says why when it cannot be pressed."}</p>
                </section>
                <section lang="uk" class="original">
                    <h2>{"Оригінал (українською)"}</h2>
                    { original_text() }
                </section>
            </div>
        </article>
    }
}
