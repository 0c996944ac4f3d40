//! Island Wars' new-game screen: players (2 to 6), the shipped map for that count,
//! a generated one from its number, or a map of the player's own (from the maps'
//! Play), with its preview.

use std::rc::Rc;

use holdfast_rules::island_wars::{IslandSetup, IslandWars, MAPS};
use holdfast_rules::{Game, Record};
use web_sys::HtmlInputElement;
use yew::prelude::*;

use super::{map_title, preview, COLOUR_NAMES};
use crate::board::Board;
use crate::game_ui::NewGameProps;
use crate::i18n::{t, tf};
use crate::widgets::{final_names, final_seats, name_fields};

/// A generated map's number and land share: one that measured fair for this many
/// players when there is one, else any number and the usual land.
fn generated_seed(players: u8) -> (u64, Option<u8>) {
    let (land, fair) = crate::fairness::fair_seeds(players);
    let pick = js_sys::Math::random();
    match fair.len() {
        0 => ((pick * 1e6) as u64, None),
        n => (fair[((pick * n as f64) as usize).min(n - 1)], land),
    }
}

/// How fair the map chosen measured (a map of one's own: not measured).
fn fairness_words(s: &IslandSetup) -> String {
    use crate::fairness;
    let own = || {
        t("A generated map of its own size or land share: the maps page's Find a fair map finds fair ones.").into()
    };
    match (s.map.as_deref(), s.width.or(s.height)) {
        (Some("generated"), None) => {
            let (fair_land, _) = fairness::fair_seeds(s.players);
            if s.land.is_none() || s.land == fair_land {
                fairness::seed_words(s.players, s.land, s.seed.unwrap_or(0))
            } else {
                own()
            }
        }
        (Some("generated"), _) => own(),
        (None, None) => fairness::measured("island-wars", "", s.players)
            .map(fairness::words)
            .unwrap_or_default(),
        _ => t("Not measured: Measure fairness in the maps' editor says how fair it is.").into(),
    }
}

/// The new-game screen: players (2 to 6), the map for that count or a generated one.
#[function_component(NewGame)]
pub fn new_game(props: &NewGameProps) -> Html {
    let init: IslandSetup = props.initial_setup::<IslandWars>();
    let setup = use_state(|| init.clone());
    let names = use_state(|| props.initial_names(6));
    let seats = use_state(|| props.initial_seats(6));
    let players = setup.players as usize;
    let start = {
        let setup = setup.clone();
        let names = names.clone();
        let seats = seats.clone();
        let on_start = props.on_start.clone();
        Callback::from(move |e: SubmitEvent| {
            e.prevent_default();
            let mut record = Record::new::<IslandWars>(&setup);
            record.names = final_names(&names, setup.players as usize, &COLOUR_NAMES);
            record.seats = final_seats(&seats, setup.players as usize as usize);
            on_start.emit(record);
        })
    };
    let count_chips = (2..=6u8).map(|n| {
        let setup = setup.clone();
        let on = setup.players == n;
        html! {
            <button type="button" class={classes!("chip", on.then_some("on"))} aria-pressed={on.to_string()} data-players={n.to_string()}
                onclick={Callback::from(move |_| {
                    let generated = setup.map.as_deref() == Some("generated");
                    // (A generated map keeps its size and land share.)
                    let keep = |g: bool| if g { (setup.width, setup.height, setup.land) } else { (None, None, None) };
                    let (width, height, land) = keep(generated);
                    setup.set(IslandSetup { players: n, map: generated.then(|| "generated".into()), seed: setup.seed.filter(|_| generated), width, height, land, ..Default::default() })
                })}>{ n }</button>
        }
    });
    let generated = setup.map.as_deref() == Some("generated");
    // A map of the player's own (from the maps' Play): offered while its count holds.
    let own = (init.map.is_none() && init.width.is_some() && init.players == setup.players).then(|| {
        let s0 = setup.clone();
        let init = init.clone();
        let on = setup.map.is_none() && setup.width.is_some();
        html! {
            <button type="button" class={classes!("chip", on.then_some("on"))} aria-pressed={on.to_string()} data-map="own"
                onclick={Callback::from(move |_| s0.set(init.clone()))}>{t("This map")}</button>
        }
    });
    let map_chips = {
        let s1 = setup.clone();
        let s2 = setup.clone();
        let shipped = MAPS
            .iter()
            .find(|m| m.players == setup.players)
            .map(map_title)
            .unwrap_or("");
        let shipped_on = !generated && setup.width.is_none();
        html! {
            <div class="chips wrap">
                { for own }
                <button type="button" class={classes!("chip", shipped_on.then_some("on"))} aria-pressed={shipped_on.to_string()} data-map="shipped"
                    onclick={Callback::from(move |_| s1.set(IslandSetup { players: s1.players, ..Default::default() }))}>{ shipped }</button>
                <button type="button" class={classes!("chip", generated.then_some("on"))} aria-pressed={generated.to_string()} data-map="generated"
                    onclick={Callback::from(move |_| {
                        // Already generated: as it is; else a number (and land share) that measured fair.
                        if s2.map.as_deref() != Some("generated") {
                            let (seed, land) = generated_seed(s2.players);
                            s2.set(IslandSetup { players: s2.players, map: Some("generated".into()), seed: Some(seed), land, ..Default::default() })
                        }
                    })}>{t("Generated")}</button>
            </div>
        }
    };
    let on_seed = {
        let setup = setup.clone();
        Callback::from(move |e: InputEvent| {
            if let Ok(n) = e
                .target_unchecked_into::<HtmlInputElement>()
                .value()
                .trim()
                .parse::<u64>()
            {
                setup.set(IslandSetup {
                    seed: Some(n),
                    ..(*setup).clone()
                });
            }
        })
    };
    let preview = IslandWars::new(&setup).ok().map(|g| {
        let view = preview(&g);
        html! { <Board view={Rc::new(view)} title={t("Map preview")} class="preview" /> }
    });
    html! {
        <form class="new-game palette-island" onsubmit={start}>
            <h1>{ tf("New game of {}", &[&t("Island Wars")]) }</h1>
            { crate::widgets::start_button(true) }
            <div class="setup-grid">
                <div>
                    <fieldset class="field">
                        <legend>{t("Players")}</legend>
                        <div class="chips">{ for count_chips }</div>
                        <p class="hint">{t("Turn order and pieces follow the seed's colours: Tan, Dark Green, Pale Green, Orange, Yellow, Pink.")}</p>
                    </fieldset>
                    <fieldset class="field">
                        <legend>{t("Map")}</legend>
                        { map_chips }
                        <p class="hint" data-fairness="">{ fairness_words(&setup) }</p>
                        if generated {
                            <label class="field small-field">
                                <span>{t("Map number (seed)")}</span>
                                <input type="number" min="0" value={setup.seed.unwrap_or(0).to_string()} oninput={on_seed} data-field="seed" />
                            </label>
                        }
                    </fieldset>
                    { name_fields(&names, &seats, players, &COLOUR_NAMES, &[]) }
                </div>
                <div class="preview-box">{ for preview }</div>
            </div>
        </form>
    }
}
