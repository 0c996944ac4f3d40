//! Fortress's new-game form: one tap starts the classic game; the map (with a
//! preview), the players and their names, and the options folded away (move limit,
//! pie rule, dice attacks, the 1983 rules).

use std::rc::Rc;

use holdfast_rules::fortress::maps::{FIELD, FIELD_LAND};
use holdfast_rules::fortress::{Fortress, FortressSetup, RuleSet, MAPS};
use holdfast_rules::{Game, Record};
use web_sys::HtmlInputElement;
use yew::prelude::*;

use crate::board::{Board, SEAT_NAMES};
use crate::game_ui::{preview, NewGameProps};
use crate::i18n::{t, tf, Words};
use crate::widgets::{final_names, final_seats, name_fields};

fn random_seed() -> u64 {
    (js_sys::Math::random() * 1_000_000.0) as u64
}

/// The new-game screen: one tap starts the classic game; options are folded away.
/// How fair the map chosen measured, for the options it was measured with (the
/// seed's rules, no dice, no pie, the map's own move limit).
fn fairness_words(s: &FortressSetup) -> Option<String> {
    use crate::fairness;
    if s.rules != RuleSet::Seed || s.dice || s.pie || s.moves_each.is_some() {
        return None;
    }
    if s.map == "generated" && s.width.is_none() && s.height.is_none() && s.land.is_none() {
        return (s.players == 2).then(|| t("Generated maps for two measured unbalanced: the first seat wins more often (none of the numbers 1 to 64 within 5 points).").into());
    }
    if s.map == "generated" {
        return Some(fairness::fortress_seed_words(
            s.players,
            (s.width, s.height, s.land),
            s.seed,
        ));
    }
    fairness::measured("fortress", &s.map, s.players).map(fairness::words)
}

#[function_component(NewGame)]
pub fn new_game(props: &NewGameProps) -> Html {
    let init_setup: FortressSetup = props.initial_setup::<Fortress>();
    let setup = use_state(|| init_setup.clone());
    let names = use_state(|| props.initial_names(4));
    let seats = use_state(|| props.initial_seats(4));
    let error = use_state(|| None::<String>);
    let players = setup.players as usize;
    let set = {
        let setup = setup.clone();
        move |f: &dyn Fn(&mut FortressSetup)| {
            let mut s = (*setup).clone();
            f(&mut s);
            setup.set(s);
        }
    };
    let start = {
        let setup = setup.clone();
        let names = names.clone();
        let seats = seats.clone();
        let error = error.clone();
        let on_start = props.on_start.clone();
        Callback::from(move |e: SubmitEvent| {
            e.prevent_default();
            let s = (*setup).clone();
            match Fortress::new(&s) {
                Ok(_) => {
                    let mut record = Record::new::<Fortress>(&s);
                    record.names = final_names(&names, s.players as usize as usize, &SEAT_NAMES);
                    record.seats = final_seats(&seats, s.players as usize as usize);
                    on_start.emit(record);
                }
                Err(e) => error.set(Some(tf("This setup cannot be played: {}.", &[&e.words()]))),
            }
        })
    };
    let map_options = MAPS.iter().map(|m| {
        let selected = setup.map == m.id;
        html! { <option value={m.id} selected={selected}>{ super::map_title(m.title) }</option> }
    });
    // A map drawn in the maps' editor (its Play): offered as the first choice.
    let drawn = init_setup.regions.clone();
    let own = drawn.is_some().then(|| {
        html! { <option value="custom" selected={setup.map == "custom"}>{ t("This map") }</option> }
    });
    // The map as the preview draws it (the rules and dice change no map), built
    // once for the preview and the words under the map.
    let shown = Fortress::new(&FortressSetup {
        rules: RuleSet::Seed,
        dice: false,
        ..(*setup).clone()
    });
    let blurb: String = match &shown {
        // A generated field: its regions and moves, which differ with its size.
        Ok(g) if setup.map == "generated" && setup.width.is_some() => tf(
            "{} regions, the same after a half turn, {} moves each.",
            &[&g.board().len(), &g.limit().unwrap_or(0)],
        ),
        _ => MAPS
            .iter()
            .find(|m| m.id == setup.map)
            .map(|m| super::map_blurb(m.id, m.blurb))
            .unwrap_or("")
            .into(),
    };
    let on_map = {
        let set = set.clone();
        Callback::from(move |e: Event| {
            let v = e
                .target_unchecked_into::<web_sys::HtmlSelectElement>()
                .value();
            set(&|s: &mut FortressSetup| {
                s.map = v.clone();
                s.regions = drawn.clone().filter(|_| v == "custom");
                if v != "classic" {
                    s.rules = RuleSet::Seed;
                }
                // A generated map is drawn half-turn symmetric, from a number
                // that measured fair where there is one.
                if v == "generated" {
                    let (w, h) = FIELD;
                    (s.width, s.height, s.land) = (Some(w), Some(h), Some(FIELD_LAND));
                    s.seed = crate::fairness::FORTRESS_FAIR_SEEDS
                        .iter()
                        .find(|x| x.0 == s.players)
                        .map_or_else(random_seed, |x| {
                            x.1[random_seed() as usize % x.1.len().max(1)]
                        });
                } else {
                    (s.width, s.height, s.land) = (None, None, None);
                }
            });
        })
    };
    let player_buttons = (2..=4u8).map(|n| {
        let set = set.clone();
        let on = setup.players == n;
        let onclick = Callback::from(move |_| {
            set(&|s: &mut FortressSetup| {
                s.players = n;
                if n != 2 {
                    s.pie = false;
                    s.rules = RuleSet::Seed;
                }
            })
        });
        html! { <button type="button" class={classes!("chip", on.then_some("on"))} aria-pressed={on.to_string()} onclick={onclick}>{ n }</button> }
    });
    let limit_text = match setup.moves_each {
        None => String::new(),
        Some(None) => String::new(),
        Some(Some(n)) => n.to_string(),
    };
    let on_limit = {
        let set = set.clone();
        Callback::from(move |e: InputEvent| {
            let v = e.target_unchecked_into::<HtmlInputElement>().value();
            set(&|s: &mut FortressSetup| {
                s.moves_each = if v.trim().is_empty() {
                    None
                } else {
                    v.trim().parse::<u16>().ok().map(Some)
                };
            })
        })
    };
    let no_limit = setup.moves_each == Some(None);
    let toggle = |f: fn(&mut FortressSetup, bool)| {
        let set = set.clone();
        Callback::from(move |e: Event| {
            let on = e.target_unchecked_into::<HtmlInputElement>().checked();
            set(&|s: &mut FortressSetup| f(s, on));
        })
    };
    let on_seed = {
        let set = set.clone();
        Callback::from(move |e: InputEvent| {
            let v = e.target_unchecked_into::<HtmlInputElement>().value();
            if let Ok(n) = v.trim().parse::<u64>() {
                set(&|s: &mut FortressSetup| s.seed = n.min(9_007_199_254_740_991));
            }
        })
    };
    let new_seed = {
        let set = set.clone();
        Callback::from(move |_| set(&|s: &mut FortressSetup| s.seed = random_seed()))
    };
    // A preview of the map, drawn by the same board component.
    let preview = match &shown {
        Ok(g) => {
            let view = preview(g);
            html! { <Board view={Rc::new(view)} title={t("Map preview")} class="preview" /> }
        }
        Err(_) => html! {},
    };
    html! {
        <form class="new-game" onsubmit={start}>
            <h1>{t("New game of Fortress")}</h1>
            { crate::widgets::start_button(true) }
            if let Some(e) = &*error { <p class="notice error" role="alert">{ e }</p> }
            <div class="setup-grid">
                <div>
                    <label class="field">
                        <span>{t("Map")}</span>
                        <select onchange={on_map} data-field="map">{ for own }{ for map_options }</select>
                    </label>
                    <p class="hint">{ blurb }</p>
                    if let Some(words) = fairness_words(&setup) {
                        <p class="hint" data-fairness="">{ words }</p>
                    }
                    if setup.map == "generated" {
                        <label class="field">
                            <span>{t("Map number (seed)")}</span>
                            <input type="number" min="0" value={setup.seed.to_string()} oninput={on_seed.clone()} data-field="seed" />
                            <button type="button" class="chip" onclick={new_seed.clone()}>{t("Another map")}</button>
                        </label>
                    }
                    <fieldset class="field">
                        <legend>{t("Players")}</legend>
                        <div class="chips">{ for player_buttons }</div>
                    </fieldset>
                    { name_fields(&names, &seats, players, &SEAT_NAMES, &props.more_seats) }
                    <p class="muted small"><a href="#roster" data-action="roster">{t("The 1983 roster")}</a>{" \u{b7} "}{t("five opponents of SSI's 1983 Fortress that learn from every game they finish")}</p>
                </div>
                <div class="preview-box">{ preview }</div>
            </div>
            <details class="options">
                <summary>{t("Options")}</summary>
                <label class="field">
                    <span>{t("Moves each")}</span>
                    <input type="number" min="1" max="999" placeholder={t("map default")} value={limit_text} disabled={no_limit}
                        oninput={on_limit} data-field="moves-each" />
                </label>
                <p class="hint">{t("Each player gets this many moves; a pass uses one. Blank: the map's own limit.")}</p>
                <label class="check">
                    <input type="checkbox" checked={no_limit} onchange={toggle(|s, on| s.moves_each = if on { Some(None) } else { None })} />
                    {t("No move limit")}
                </label>
                <p class="hint">{t("The game then ends only when every player passes in succession.")}</p>
                if players == 2 {
                    <label class="check">
                        <input type="checkbox" checked={setup.pie} onchange={toggle(|s, on| s.pie = on)} data-field="pie" />
                        {t("Pie rule")}
                    </label>
                    <p class="hint">{t("After the first piece, the second player may swap colours instead of moving: it evens out the first move's advantage.")}</p>
                }
                <label class="check">
                    <input type="checkbox" checked={setup.dice} onchange={toggle(|s, on| { s.dice = on; if on { s.rules = RuleSet::Seed; if s.seed == 0 { s.seed = random_seed(); } } })} data-field="dice" />
                    {t("Dice attacks")}
                </label>
                <p class="hint">{t("No automatic captures: instead of placing, attack an enemy area next to you; each side adds a die. The dice come from the game's seed, so a shared game replays exactly.")}</p>
                if setup.dice {
                    <label class="field">
                        <span>{t("Dice seed")}</span>
                        <input type="number" min="0" value={setup.seed.to_string()} oninput={on_seed} />
                        <button type="button" class="chip" onclick={new_seed}>{t("New seed")}</button>
                    </label>
                }
                if players == 2 && setup.map == "classic" && !setup.dice {
                    <label class="check">
                        <input type="checkbox" checked={setup.rules == RuleSet::Ssi1983}
                            onchange={toggle(|s, on| s.rules = if on { RuleSet::Ssi1983 } else { RuleSet::Seed })} data-field="rules-1983" />
                        {t("1983 rules")}
                    </label>
                    <p class="hint">{t("SSI's original: both sides' outgunned areas clear at once, no chains; areas go to the side with more influence (pieces in and next to them).")}</p>
                }
            </details>
        </form>
    }
}
