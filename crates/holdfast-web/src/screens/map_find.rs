//! Find a fair generated map (on the maps page): Island Wars' or Fortress's
//! generator given the players, the field's size and its land share; the app's worker tries its seeds
//! one after another as `holdfast balance --seeds` does (50 games screen a map out
//! when a seat is more than 15 points from even; the rest play on to 200, between
//! equal computer players at level 2), and keeps only a map that passes. The one
//! found is drawn by the board, to add to your maps or play.

use std::cell::RefCell;
use std::rc::Rc;

use holdfast_rules::fortress::maps::{
    FIELD, FIELD_HEIGHT, FIELD_LAND, FIELD_LAND_RANGE, FIELD_WIDTH,
};
use holdfast_rules::fortress::Fortress;
use holdfast_rules::island_wars::{
    generated_size, IslandWars, GENERATED_HEIGHT, GENERATED_LAND, GENERATED_WIDTH,
};
use holdfast_rules::Record;
use serde_json::json;
use web_sys::HtmlInputElement;
use yew::prelude::*;

use super::map_editor::chip;
use super::maps::{go, library_words, now, with_store};
use crate::balance_worker::{FindReport, FindRequest, PLAYER};
use crate::board::Board;
use crate::i18n::{t, tf};
use crate::maps::library::Library;
use crate::maps::MapDoc;
use crate::worker::{Answer, Job};
use crate::worker_link::WorkerLink;

/// Seeds one search tries at most.
const TRIES: u32 = 60;

/// What the search asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Ask {
    game: &'static str,
    players: u8,
    width: u16,
    height: u16,
    land: u8,
}

/// The games whose generator the search can ask.
const GAMES: [&str; 2] = ["island-wars", "fortress"];

impl Ask {
    /// The game's usual field for this many players.
    fn usual(game: &'static str, players: u8) -> Ask {
        let ((width, height), land) = match game {
            "fortress" => (FIELD, FIELD_LAND),
            _ => (generated_size(players), 45),
        };
        Ask {
            game,
            players,
            width,
            height,
            land,
        }
    }

    /// The most players, and the width's, height's and land's ranges.
    fn limits(&self) -> (u8, [(u32, u32); 3]) {
        let r16 = |r: &std::ops::RangeInclusive<u16>| (*r.start() as u32, *r.end() as u32);
        let r8 = |r: &std::ops::RangeInclusive<u8>| (*r.start() as u32, *r.end() as u32);
        match self.game {
            "fortress" => (
                4,
                [r16(&FIELD_WIDTH), r16(&FIELD_HEIGHT), r8(&FIELD_LAND_RANGE)],
            ),
            _ => (
                6,
                [
                    r16(&GENERATED_WIDTH),
                    r16(&GENERATED_HEIGHT),
                    r8(&GENERATED_LAND),
                ],
            ),
        }
    }

    /// A record of a game on the generated map (the worker sets its seed).
    fn record(&self) -> Record {
        let mut record = match self.game {
            "fortress" => Record::new::<Fortress>(&Default::default()),
            _ => Record::new::<IslandWars>(&Default::default()),
        };
        record.setup = self.setup(None);
        record
    }

    fn setup(&self, seed: Option<u64>) -> serde_json::Value {
        let mut v = json!({
            "players": self.players, "map": "generated",
            "width": self.width, "height": self.height, "land": self.land,
        });
        if let Some(seed) = seed {
            v["seed"] = seed.into();
        }
        v
    }
}

fn percent_list(share: &[f64]) -> String {
    share
        .iter()
        .map(|s| format!("{:.0}%", s * 100.0))
        .collect::<Vec<_>>()
        .join(" \u{b7} ")
}

#[derive(Properties, PartialEq)]
pub struct FindProps {
    /// The library after a map was added.
    pub on_added: Callback<Library>,
}

/// The search panel.
#[function_component(FindFair)]
pub fn find_fair(props: &FindProps) -> Html {
    let ask = use_state(|| Ask::usual("island-wars", 2));
    let link: Rc<RefCell<Option<WorkerLink>>> = use_mut_ref(|| None);
    let running = use_state(|| false);
    let tried = use_state(Vec::<(u64, u32, Vec<f64>)>::new);
    let found = use_state(|| None::<(Ask, u64, Vec<f64>)>);
    let ended = use_state(|| None::<String>);
    let added = use_state(|| None::<(bool, String)>);
    let playing = use_state(|| None::<(u64, u32, Vec<f64>)>);
    // Leaving the page ends the worker.
    {
        let link = link.clone();
        use_effect_with((), move |_| {
            move || {
                link.borrow_mut().take();
            }
        });
    }
    let start = {
        let (ask, link, running, tried, found, ended, added, playing) = (
            ask.clone(),
            link.clone(),
            running.clone(),
            tried.clone(),
            found.clone(),
            ended.clone(),
            added.clone(),
            playing.clone(),
        );
        Callback::from(move |_: MouseEvent| {
            let a = *ask;
            let record = a.record();
            // A new stretch of seeds each time.
            let from = 1 + (js_sys::Math::random() * 1e6) as u64;
            let (tr, fd, en, run, l, pl) = (
                tried.clone(),
                found.clone(),
                ended.clone(),
                running.clone(),
                link.clone(),
                playing.clone(),
            );
            let seen = Rc::new(RefCell::new(Vec::new()));
            let answer = move |x: Answer| {
                let Answer::Find(r) = x else { return };
                let stop = match r {
                    FindReport::Tried {
                        seed,
                        games,
                        share,
                        fair,
                    } => {
                        if fair {
                            fd.set(Some((a, seed, share.clone())));
                        }
                        seen.borrow_mut().push((seed, games, share));
                        tr.set(seen.borrow().clone());
                        pl.set(None);
                        fair
                    }
                    FindReport::Playing { seed, games, share } => {
                        pl.set(Some((seed, games, share)));
                        false
                    }
                    FindReport::NoneFair { tried } => {
                        en.set(Some(tf(
                            "None of the {} maps tried is fair: try again, or another size or land share.",
                            &[&tried],
                        )));
                        true
                    }
                    FindReport::Failed(why) => {
                        en.set(Some(tf("The search stopped: {}", &[&why])));
                        true
                    }
                };
                if stop {
                    run.set(false);
                    super::map_balance::end_soon(&l);
                }
            };
            let Some(worker) = WorkerLink::start::<Answer>(answer) else {
                ended.set(Some(t("This browser did not start the worker.").into()));
                return;
            };
            worker.send(&Job::Find(FindRequest {
                record: record.to_json(),
                from,
                tries: TRIES,
                player: PLAYER.into(),
            }));
            *link.borrow_mut() = Some(worker);
            tried.set(Vec::new());
            found.set(None);
            ended.set(None);
            added.set(None);
            running.set(true);
        })
    };
    let stop = super::map_balance::stopper(&link, &running);
    let (most, [width, height, land]) = ask.limits();
    let players = (2..=most).map(|n| {
        let ask = ask.clone();
        chip(
            n.to_string(),
            ask.players == n,
            ("find-players", n.to_string()),
            Callback::from(move |_| {
                // Island Wars' usual size grows with the players; the land share,
                // and Fortress's field, stay as typed.
                let usual = Ask::usual(ask.game, n);
                ask.set(match ask.game {
                    "fortress" => Ask { players: n, ..*ask },
                    _ => Ask {
                        land: ask.land,
                        ..usual
                    },
                })
            }),
        )
    });
    let games = GAMES.map(|game| {
        let ask = ask.clone();
        chip(
            super::maps::game_title(game),
            ask.game == game,
            ("find-game", game.into()),
            Callback::from(move |_| ask.set(Ask::usual(game, ask.players.min(4)))),
        )
    });
    let number = |label: &'static str,
                  field: &'static str,
                  value: u32,
                  (min, max): (u32, u32),
                  set: fn(&mut Ask, u32)| {
        let ask = ask.clone();
        let onchange = Callback::from(move |e: Event| {
            let input = e.target_unchecked_into::<HtmlInputElement>();
            let v = input.value_as_number();
            if v.is_finite() {
                let v = (v.max(0.0) as u32).clamp(min, max);
                // (The field shows the number searched with, also when clamped.)
                input.set_value(&v.to_string());
                let mut a = *ask;
                set(&mut a, v);
                ask.set(a);
            }
        });
        html! {
            <label class="field small-field">
                <span>{ t(label) }</span>
                <input type="number" min={min.to_string()} max={max.to_string()} value={value.to_string()} {onchange} data-field={field} />
            </label>
        }
    };
    let last = tried.last().map(|(seed, games, share)| {
        html! {
            <p class="hint" data-find-tried={tried.len().to_string()}>
                { tf("Maps tried: {}. The last, number {}: {} after {} games.", &[&tried.len(), seed, &percent_list(share), games]) }
            </p>
        }
    });
    let result = found.as_ref().map(|(a, seed, share)| {
        let doc = MapDoc {
            game: a.game.into(),
            name: tf(
                "Generated for {}, {}x{}, {}% land, number {} (fair)",
                &[&a.players, &a.width, &a.height, &a.land, seed],
            ),
            setup: a.setup(Some(*seed)),
        };
        let thumb = crate::games::summary(&doc.record()).map(|s| {
            html! { <Board view={Rc::clone(&s.thumb)} title={tf("Map: {}", &[&doc.name])} class="thumb" /> }
        });
        let add = {
            let (doc, added, on_added) = (doc.clone(), added.clone(), props.on_added.clone());
            Callback::from(move |_: MouseEvent| {
                let mut lib = with_store(Library::load);
                match with_store(|s| lib.add(s, doc.clone(), now())) {
                    Ok(_) => {
                        added.set(Some((false, tf("{} was added to your maps.", &[&doc.name]))));
                        on_added.emit(lib);
                    }
                    Err(e) => added.set(Some((true, library_words(e)))),
                }
            })
        };
        let play = {
            let route = doc.play_route().to_string();
            Callback::from(move |_: MouseEvent| go(route.trim_start_matches('#'), false))
        };
        html! {
            <article class="card map-card" data-found={seed.to_string()}>
                <div class="card-board">{ for thumb }</div>
                <div class="card-text">
                    <h3>{ doc.name.clone() }</h3>
                    <p class="hint">{ tf("Fair: each seat's share of wins {}", &[&percent_list(share)]) }</p>
                    <div class="row wrap">
                        { crate::widgets::button("found-play", "primary", t("Play"), play) }
                        { crate::widgets::button_with("found-add", "", t("Add to your maps"), added.as_ref().is_some_and(|x| !x.0), add) }
                    </div>
                </div>
            </article>
        }
    });
    let a = *ask;
    html! {
        <section class="map-find" aria-labelledby="find-h" data-map-find="">
            <h2 id="find-h">{ t("Find a fair generated map") }</h2>
            <p class="muted small">{ t("A generator draws a map from a number. The computer tries numbers one after another, playing each map against itself (level 2 in every seat), and keeps only one where every seat's share of the wins is within 5 points of even over 200 games. Fortress's generated maps are the same after a half turn; its land share is of the areas, the rest sea.") }</p>
            <fieldset class="field">
                <legend>{ t("Game") }</legend>
                <div class="chips">{ for games }</div>
            </fieldset>
            <fieldset class="field">
                <legend>{ t("Players") }</legend>
                <div class="chips">{ for players }</div>
            </fieldset>
            <div class="row wrap">
                { number(crate::i18n::n_("Width"), "find-width", a.width as u32, width, |a, v| a.width = v as u16) }
                { number(crate::i18n::n_("Height"), "find-height", a.height as u32, height, |a, v| a.height = v as u16) }
                { number(crate::i18n::n_("Land (%)"), "find-land", a.land as u32, land, |a, v| a.land = v as u8) }
            </div>
            if *running {
                { crate::widgets::button("find-stop", "", t("Stop"), stop) }
            } else {
                { crate::widgets::button("find-fair", "primary", t("Find a fair map"), start) }
            }
            { for last }
            if let (true, Some((seed, games, share))) = (*running, &*playing) {
                <p class="hint" data-find-playing={seed.to_string()}>
                    { tf("Number {} passed the first {} games ({}): playing on to 200.", &[seed, games, &percent_list(share)]) }
                </p>
            }
            if a.players >= 4 && a.game == "island-wars" {
                <p class="hint">{ t("With four or more players no generated map of the usual size has measured fair yet: a search will most likely find none; a smaller field or less land may do better.") }</p>
            }
            if let Some(words) = &*ended {
                <p class="hint" data-find-ended="">{ words }</p>
            }
            if let Some((error, words)) = &*added {
                <p class={classes!("map-said", error.then_some("error"))} data-find-said="">{ words }</p>
            }
            { for result }
        </section>
    }
}
