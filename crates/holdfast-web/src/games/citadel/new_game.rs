//! Citadel's new-game form: the board's size (19x19 or 13x13) and the players' names.

use holdfast_rules::citadel::{Citadel, CitadelSetup};
use holdfast_rules::Record;
use yew::prelude::*;

use crate::board::SEAT_NAMES;
use crate::game_ui::NewGameProps;
use crate::i18n::{t, tf};
use crate::widgets::{final_names, final_seats, name_fields};

/// The new-game screen: the board's size and the names.
#[function_component(NewGame)]
pub fn new_game(props: &NewGameProps) -> Html {
    let init: CitadelSetup = props.initial_setup::<Citadel>();
    let size = use_state(|| init.size);
    let names = use_state(|| props.initial_names(2));
    let seats = use_state(|| props.initial_seats(2));
    let start = {
        let size = size.clone();
        let names = names.clone();
        let seats = seats.clone();
        let on_start = props.on_start.clone();
        Callback::from(move |e: SubmitEvent| {
            e.prevent_default();
            let mut record = Record::new::<Citadel>(&CitadelSetup { size: *size });
            record.names = final_names(&names, 2, &SEAT_NAMES);
            record.seats = final_seats(&seats, 2);
            on_start.emit(record);
        })
    };
    let chips = [19u16, 13].into_iter().map(|n| {
        let size = size.clone();
        let on = *size == n;
        html! {
            <button type="button" class={classes!("chip", on.then_some("on"))} aria-pressed={on.to_string()} data-size={n.to_string()}
                onclick={Callback::from(move |_| size.set(n))}>{ format!("{n}x{n}") }</button>
        }
    });
    html! {
        <form class="new-game" onsubmit={start}>
            <h1>{ tf("New game of {}", &[&t("Citadel")]) }</h1>
            { crate::widgets::start_button(true) }
            <fieldset class="field">
                <legend>{t("Board")}</legend>
                <div class="chips">{ for chips }</div>
                <p class="hint">{t("19x19 is the classic Go board; 13x13 plays faster. The game starts with nine citadels placed in turn, then a draft.")}</p>
            </fieldset>
            { name_fields(&names, &seats, 2, &SEAT_NAMES, &[]) }
        </form>
    }
}
