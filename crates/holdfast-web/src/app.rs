//! The app shell: one reducer, the effect that saves, and the screens around the board.

use std::rc::Rc;

use holdfast_rules::fortress::{Credit, Fortress, RuleSet, MAPS};
use holdfast_rules::geometry::geometry;
use holdfast_rules::{Game, Record, Seat};
use yew::prelude::*;

use crate::board::{pieces, seat_colour, Board, SEAT_SHAPES};
use crate::games::fortress as fortress_ui;
use crate::link;
use crate::model::{fortress_seat_name, saved_of, Action, AppState, Screen};
use crate::session::Session;
use crate::storage::{self, LocalStore, MemoryStore, SavedGame, Store};

fn fragment() -> String {
    web_sys::window()
        .and_then(|w| w.location().hash().ok())
        .unwrap_or_default()
}

fn page_url() -> String {
    web_sys::window()
        .and_then(|w| {
            let l = w.location();
            Some(format!("{}{}", l.origin().ok()?, l.pathname().ok()?))
        })
        .unwrap_or_default()
}

fn with_store<T>(f: impl FnOnce(&mut dyn Store) -> T) -> T {
    match LocalStore::open() {
        Some(mut s) => f(&mut s),
        None => f(&mut MemoryStore::default()),
    }
}

/// The root component.
#[function_component(App)]
pub fn app() -> Html {
    let state = use_reducer(|| with_store(|s| AppState::load(s, &fragment(), crate::model::now())));

    // Persistence: after every change, write the open game, deletions and settings.
    {
        let st = state.clone();
        use_effect_with(state.revision, move |_| {
            with_store(|store| {
                if let Some(g) = &st.game {
                    if storage::save(store, &saved_of(g)).is_err() {
                        web_sys::console::warn_1(
                            &"Holdfast: the browser refused to save the game".into(),
                        );
                    }
                    storage::set_current(store, Some(&g.id));
                } else {
                    storage::set_current(store, None);
                }
                for s in &st.saves {
                    // Games moved out of play are written once more as they were left.
                    if store.get(&format!("holdfast.game.{}", s.id)).is_none() {
                        let _ = storage::save(store, s);
                    }
                }
                for id in &st.deletions {
                    storage::delete(store, id);
                }
                if let Ok(json) = serde_json::to_string(&st.settings) {
                    storage::set_settings(store, &json);
                }
            });
            if st.clear_fragment {
                if let Some(w) = web_sys::window() {
                    if let Ok(h) = w.history() {
                        let _ = h.replace_state_with_url(
                            &wasm_bindgen::JsValue::NULL,
                            "",
                            Some(&page_url()),
                        );
                    }
                }
            }
        });
    }

    let dispatch = {
        let state = state.clone();
        Callback::from(move |a: Action| state.dispatch(a))
    };
    // A link opened in a tab that already runs the app arrives as a hash change.
    {
        let dispatch = dispatch.clone();
        use_effect_with((), move |_| {
            let listener = web_sys::window().map(|w| {
                gloo::events::EventListener::new(&w, "hashchange", move |_| {
                    let f = fragment();
                    if !f.is_empty() && f != "#" {
                        dispatch.emit(Action::OpenLink(f));
                    }
                })
            });
            move || drop(listener)
        });
    }
    let s = &*state;
    let anim = if s.settings.animations {
        "anim-on"
    } else {
        "anim-off"
    };
    let body = match s.screen {
        Screen::Home => home(s, &dispatch),
        Screen::NewGame => html! {
            <fortress_ui::NewGame on_start={dispatch.reform(Action::Start)} initial={s.new_game_from.clone()} />
        },
        Screen::Rules => html! { <fortress_ui::Rules /> },
        Screen::Play => match &s.game {
            Some(g) => play(s, g, &dispatch),
            None => home(s, &dispatch),
        },
    };
    let go_home = dispatch.reform(|_: MouseEvent| Action::Home);
    let go_rules = dispatch.reform(|_: MouseEvent| Action::Rules);
    let notice = s.notice.as_ref().map(|n| {
        html! {
            <div class={classes!("notice", n.error.then_some("error"))} role={if n.error { "alert" } else { "status" }} data-notice="">
                <span>{ &n.text }</span>
                <button class="ghost-button" aria-label="Dismiss message" onclick={dispatch.reform(|_: MouseEvent| Action::Dismiss)}>{"\u{2715}"}</button>
            </div>
        }
    });
    html! {
        <div class={classes!("app", anim)}>
            <header class="topbar">
                <button class="brand" onclick={go_home}>{"Holdfast"}</button>
                <nav>
                    <button class="ghost-button" onclick={go_rules} data-action="rules">{"Rules"}</button>
                </nav>
            </header>
            { for notice }
            <main>{ body }</main>
        </div>
    }
}

fn time_ago(then: f64) -> String {
    let now = crate::model::now();
    let mins = ((now - then) / 60_000.0).max(0.0) as u64;
    match mins {
        0 => "just now".into(),
        1..=59 => format!("{mins} min ago"),
        60..=1439 => format!("{} h ago", mins / 60),
        _ => format!("{} days ago", mins / 1440),
    }
}

fn thumbnail(record: &Record) -> Html {
    match Session::<Fortress>::open("thumb".into(), record.clone(), vec![], 0.0) {
        Ok(s) => {
            let geo = geometry(s.game().board());
            let names = |x: Seat| fortress_seat_name(&s, x);
            let view = fortress_ui::board_view(s.game(), &geo, None, None, None, &names, false);
            html! { <Board view={Rc::new(view)} title="Position" class="thumb" /> }
        }
        Err(_) => html! {},
    }
}

fn saved_row(g: &SavedGame, dispatch: &Callback<Action>) -> Html {
    let id = g.id.clone();
    let id2 = g.id.clone();
    let map = g
        .record
        .setup
        .get("map")
        .and_then(|m| m.as_str())
        .unwrap_or("classic");
    let map_title = MAPS
        .iter()
        .find(|m| m.id == map)
        .map(|m| m.title)
        .unwrap_or(map);
    let over = Session::<Fortress>::open("x".into(), g.record.clone(), vec![], 0.0)
        .map(|s| s.game().is_over())
        .unwrap_or(false);
    html! {
        <li class="saved" data-saved-game={g.id.clone()}>
            <button class="saved-open" onclick={dispatch.reform(move |_: MouseEvent| Action::Resume(id.clone()))}
                aria-label={format!("Continue {} on {map_title}, {} moves", g.record.names.join(" vs "), g.record.moves.len())}>
                { thumbnail(&g.record) }
                <span class="saved-text">
                    <strong>{ g.record.names.join(" \u{b7} ") }</strong>
                    <span>{ format!("Fortress, {map_title} \u{b7} {} moves{}", g.record.moves.len(), if over { " \u{b7} finished" } else { "" }) }</span>
                    <span class="muted">{ time_ago(g.updated) }</span>
                </span>
            </button>
            <button class="ghost-button delete" data-action="delete" aria-label={format!("Delete the game {}", g.record.names.join(" vs "))}
                onclick={dispatch.reform(move |_: MouseEvent| Action::Delete(id2.clone()))}>{"Delete"}</button>
        </li>
    }
}

fn home(s: &AppState, dispatch: &Callback<Action>) -> Html {
    let mut saves: Vec<SavedGame> = s.saves.clone();
    if let Some(g) = &s.game {
        saves.retain(|x| x.id != g.id);
        saves.insert(0, saved_of(g));
    }
    saves.sort_by(|a, b| b.updated.total_cmp(&a.updated));
    let demo = Record {
        moves: ["c3", "d4", "b4", "c5", "d3", "e4", "c2", "b5"]
            .iter()
            .map(|m| m.to_string())
            .collect(),
        ..Record::new::<Fortress>(&Default::default())
    };
    html! {
        <div class="home">
            if !saves.is_empty() {
                <section aria-labelledby="saved-h">
                    <h2 id="saved-h">{"Continue"}</h2>
                    <ul class="saved-list">{ for saves.iter().map(|g| saved_row(g, dispatch)) }</ul>
                </section>
            }
            <section aria-labelledby="games-h">
                <h2 id="games-h">{"Games"}</h2>
                <div class="cards">
                    <article class="card">
                        <button class="card-board" aria-label="New game of Fortress" data-game="fortress"
                            onclick={dispatch.reform(|_: MouseEvent| Action::NewGame(None))}>
                            { thumbnail(&demo) }
                        </button>
                        <div class="card-text">
                            <h3>{"Fortress"}</h3>
                            <p>{"Place pieces; outgun your neighbours to clear them. The 1983 SSI classic on any map."}</p>
                            <p class="muted">{"2\u{2013}4 players \u{b7} about 10 minutes"}</p>
                            <div class="row">
                                <button class="primary" data-action="new-game" onclick={dispatch.reform(|_: MouseEvent| Action::NewGame(None))}>{"New game"}</button>
                                <button class="ghost-button" onclick={dispatch.reform(|_: MouseEvent| Action::Rules)}>{"How to play"}</button>
                            </div>
                        </div>
                    </article>
                </div>
            </section>
            <section class="settings" aria-labelledby="settings-h">
                <h2 id="settings-h">{"Settings"}</h2>
                { settings_panel(s, dispatch) }
            </section>
        </div>
    }
}

fn settings_panel(s: &AppState, dispatch: &Callback<Action>) -> Html {
    let toggle = |f: fn(&mut crate::model::Settings, bool),
                  label: &'static str,
                  hint: &'static str,
                  on: bool,
                  key: &'static str| {
        let settings = s.settings.clone();
        let d = dispatch.clone();
        let onchange = Callback::from(move |e: Event| {
            let checked = e
                .target_unchecked_into::<web_sys::HtmlInputElement>()
                .checked();
            let mut n = settings.clone();
            f(&mut n, checked);
            d.emit(Action::Settings(n));
        });
        html! {
            <label class="check">
                <input type="checkbox" checked={on} onchange={onchange} data-setting={key} />
                <span>{ label }<span class="hint">{ hint }</span></span>
            </label>
        }
    };
    html! {
        <div class="settings-list">
            { toggle(|s, v| s.confirm_tap = v, "Confirm taps", " First tap shows a ghost piece; tap again to play.", s.settings.confirm_tap, "confirm-tap") }
            { toggle(|s, v| s.table_mode = v, "Table mode", " Each player's panel faces them around the board.", s.settings.table_mode, "table-mode") }
            { toggle(|s, v| s.animations = v, "Animations", " Captures fade, moves pulse (off if your system asks for less motion).", s.settings.animations, "animations") }
        </div>
    }
}

fn seat_panel(g: &Session<Fortress>, seat: Seat, scores: &[i32], class: &'static str) -> Html {
    let pos = g.shown();
    let to_move = pos.to_move() == Some(seat);
    let name = fortress_seat_name(g, seat);
    let colour = seat_colour(seat);
    let winner = pos.is_over() && pos.winners().contains(&seat);
    html! {
        <div class={classes!("seat", class, to_move.then_some("to-move"), winner.then_some("winner"))}
            style={format!("--seat:{colour}")} data-seat={seat.to_string()}
            aria-label={format!("{name} ({}), score {}{}", SEAT_SHAPES[seat as usize], scores[seat as usize], if to_move { ", to move" } else { "" })}>
            <svg class="seat-shape" viewBox="0 0 10 10" aria-hidden="true">{ pieces(seat, 1, (5.0, 5.0), 8.0, "") }</svg>
            <span class="seat-name">{ name }</span>
            <span class="seat-score" data-score-seat={seat.to_string()}>{ scores[seat as usize] }</span>
            <span class="seat-facts">{ fortress_ui::seat_facts(pos, seat) }</span>
        </div>
    }
}

fn score_chart(g: &Session<Fortress>) -> Html {
    let players = g.game().players();
    let series: Vec<Vec<i32>> = g.positions.iter().map(|p| p.scores()).collect();
    let max = series.iter().flatten().copied().max().unwrap_or(1).max(1) as f32;
    let n = series.len().max(2) as f32 - 1.0;
    let lines = (0..players).map(|s| {
        let pts: Vec<String> = series
            .iter()
            .enumerate()
            .map(|(i, sc)| format!("{:.1},{:.1}", i as f32 / n * 100.0, 40.0 - sc[s] as f32 / max * 38.0))
            .collect();
        html! { <polyline points={pts.join(" ")} fill="none" stroke={seat_colour(s as Seat)} stroke-width="1.4"
            stroke-dasharray={["", "4 2", "1 2", "6 2 1 2"][s % 4]} /> }
    });
    html! {
        <svg class="chart" viewBox="0 -2 100 44" role="img" aria-label="Score over the game">
            <line x1="0" y1="40" x2="100" y2="40" class="axis" />
            { for lines }
        </svg>
    }
}

fn breakdown(pos: &Fortress, seat: Seat) -> String {
    let (mut held, mut counted) = (0i32, 0i32);
    for c in pos.board().cells() {
        let v = pos.map().value[c as usize] as i32;
        match pos.credit(c) {
            Credit::Held(s) if s == seat => held += v,
            Credit::Counts(s) if s == seat => counted += v,
            _ => {}
        }
    }
    if pos.rules() == RuleSet::Ssi1983 {
        format!("{held} held + {counted} by influence")
    } else {
        format!("{held} held + {counted} empty")
    }
}

fn game_over(g: &Session<Fortress>, dispatch: &Callback<Action>) -> Html {
    let pos = g.game();
    let winners = pos.winners();
    let scores = pos.scores();
    let headline = if winners.len() == 1 {
        format!("{} wins!", fortress_seat_name(g, winners[0]))
    } else {
        format!(
            "A draw between {}.",
            winners
                .iter()
                .map(|&w| fortress_seat_name(g, w))
                .collect::<Vec<_>>()
                .join(" and ")
        )
    };
    html! {
        <section class="game-over" aria-labelledby="over-h" data-game-over="">
            <h2 id="over-h">{ headline }</h2>
            <table class="breakdown">
                <tbody>
                { for (0..pos.players()).map(|s| html! {
                    <tr style={format!("--seat:{}", seat_colour(s as Seat))}>
                        <th scope="row"><span class="swatch"></span>{ fortress_seat_name(g, s as Seat) }</th>
                        <td class="num">{ scores[s] }</td>
                        <td class="muted">{ breakdown(pos, s as Seat) }</td>
                    </tr>
                }) }
                </tbody>
            </table>
            { score_chart(g) }
            <div class="row wrap">
                <button class="primary" data-action="rematch" onclick={dispatch.reform(|_: MouseEvent| Action::Rematch)}>{"Rematch, other player first"}</button>
                <button class="ghost-button" data-action="share" onclick={dispatch.reform(|_: MouseEvent| Action::Share(true))}>{"Share the game"}</button>
                <button class="ghost-button" data-action="look-back" onclick={dispatch.reform(|_: MouseEvent| Action::View(Some(0)))}>{"Look back"}</button>
            </div>
        </section>
    }
}

fn move_list(g: &Session<Fortress>, dispatch: &Callback<Action>) -> Html {
    let shown = g.shown_ply();
    html! {
        <ol class="moves" aria-label="Moves">
            { for g.record.moves.iter().enumerate().map(|(i, m)| {
                let seat = g.positions[i].to_move().unwrap_or(0);
                let current = shown == i + 1;
                let target = if i + 1 == g.record.moves.len() { None } else { Some(i + 1) };
                html! {
                    <li>
                        <button class={classes!("move", current.then_some("current"))} style={format!("--seat:{}", seat_colour(seat))}
                            aria-current={current.then_some("step")}
                            aria-label={format!("Move {}: {} by {}", i + 1, m, fortress_seat_name(g, seat))}
                            onclick={dispatch.reform(move |_: MouseEvent| Action::View(target))}>
                            <span class="move-no">{ i + 1 }</span>{ m.clone() }
                        </button>
                    </li>
                }
            }) }
        </ol>
    }
}

fn share_panel(g: &Session<Fortress>, dispatch: &Callback<Action>) -> Html {
    let url = format!("{}#{}", page_url(), link::encode(&g.record));
    let copy = {
        let url = url.clone();
        Callback::from(move |_: MouseEvent| {
            if let Some(w) = web_sys::window() {
                let _ = w.navigator().clipboard().write_text(&url);
            }
        })
    };
    html! {
        <section class="share" aria-label="Share this game">
            <p>{"Anyone who opens this link sees this game, rebuilt move by move."}</p>
            <input class="share-link" readonly=true value={url} data-share-link="" aria-label="Link to this game"
                onfocus={Callback::from(|e: FocusEvent| { e.target_unchecked_into::<web_sys::HtmlInputElement>().select(); })} />
            <div class="row">
                <button class="primary" onclick={copy}>{"Copy link"}</button>
                <button class="ghost-button" onclick={dispatch.reform(|_: MouseEvent| Action::Share(false))}>{"Close"}</button>
            </div>
        </section>
    }
}

fn play(s: &AppState, g: &Session<Fortress>, dispatch: &Callback<Action>) -> Html {
    let pos = g.shown();
    let names = |x: Seat| fortress_seat_name(g, x);
    let geo = geometry(pos.board());
    let ply = g.shown_ply();
    let last = ply
        .checked_sub(1)
        .and_then(|i| g.record.moves.get(i))
        .map(String::as_str);
    let viewing = g.viewing.is_some();
    let view = fortress_ui::board_view(
        pos,
        &geo,
        g.before_shown(),
        last,
        if viewing { None } else { s.ghost },
        &names,
        !viewing,
    );
    let scores = pos.scores();
    let players = pos.players();
    let live = g.game();
    let to_move = live.to_move();
    let banner_colour = to_move.map(seat_colour).unwrap_or("var(--ink)");
    let status = if viewing {
        format!("Looking at move {ply} of {}", g.record.moves.len())
    } else {
        fortress_ui::status_line(live, &names)
    };
    let pending = live.pending_removal().is_some();
    let can_pass = !viewing && to_move.is_some() && !pending;
    let table = s.settings.table_mode;
    let seat_class = |seat: usize| -> &'static str {
        if !table {
            return "";
        }
        match (players, seat) {
            (_, 0) => "at-bottom",
            (2, 1) => "at-top",
            (_, 1) => "at-left",
            (_, 2) => "at-top",
            _ => "at-right",
        }
    };
    let on_tap = dispatch.reform(Action::Tap);
    let on_key = dispatch.reform(Action::Key);
    let board = html! {
        <div class="board-wrap" style={format!("--seat:{banner_colour}")}>
            <Board view={Rc::new(view)} on_tap={on_tap} on_key={on_key} shake={s.shake}
                title={AttrValue::from(format!("Fortress board, {}", status))} />
        </div>
    };
    let seats_html: Vec<Html> = (0..players)
        .map(|i| seat_panel(g, i as Seat, &scores, seat_class(i)))
        .collect();
    let controls = html! {
        <div class="controls">
            <button class="primary" data-action="pass" disabled={!can_pass} onclick={dispatch.reform(|_: MouseEvent| Action::Pass)}>{"Pass"}</button>
            if !viewing && fortress_ui::can_swap(live) {
                <button class="primary" data-action="swap" onclick={dispatch.reform(|_: MouseEvent| Action::Swap)}>{"Swap colours"}</button>
            }
            <button data-action="undo" disabled={g.record.moves.is_empty()} onclick={dispatch.reform(|_: MouseEvent| Action::Undo)} aria-label="Undo">{"\u{21b6} Undo"}</button>
            <button data-action="redo" disabled={g.redo.is_empty()} onclick={dispatch.reform(|_: MouseEvent| Action::Redo)} aria-label="Redo">{"Redo \u{21b7}"}</button>
            <button data-action="share" onclick={dispatch.reform(|_: MouseEvent| Action::Share(true))}>{"Share"}</button>
        </div>
    };
    let looking_back = viewing.then(|| {
        let later = g.record.moves.len() - ply;
        html! {
            <div class="looking-back" role="status">
                <button class="primary" data-action="back-to-game" onclick={dispatch.reform(|_: MouseEvent| Action::View(None))}>{"Back to the game"}</button>
                if s.confirm_discard {
                    <span>{ format!("Drop the {later} later move{}? (Redo brings them back.)", if later == 1 { "" } else { "s" }) }</span>
                    <button data-action="play-from-here-yes" onclick={dispatch.reform(|_: MouseEvent| Action::PlayFromHere)}>{"Yes, play from here"}</button>
                    <button onclick={dispatch.reform(|_: MouseEvent| Action::ConfirmDiscard(false))}>{"Cancel"}</button>
                } else {
                    <button data-action="play-from-here" onclick={dispatch.reform(|_: MouseEvent| Action::ConfirmDiscard(true))}>{"Play from here"}</button>
                }
            </div>
        }
    });
    let dice = (!viewing).then(|| fortress_ui::dice_line(live)).flatten();
    let setup = live.setup();
    let map_title = &live.map().title;
    let mut rules_bits = vec![map_title.clone()];
    if setup.rules == RuleSet::Ssi1983 {
        rules_bits.push("1983 rules".into());
    }
    if setup.dice {
        rules_bits.push(format!("dice (seed {})", setup.seed));
    }
    if setup.pie {
        rules_bits.push("pie rule".into());
    }
    let side = html! {
        <aside class="side">
            if !table {
                <div class="seats">{ for seats_html.iter().cloned() }</div>
            }
            { controls }
            if let Some(m) = &s.tap_message {
                <p class="tap-message" role="status" data-tap-message="">{ m }</p>
            }
            if let Some(d) = dice { <p class="dice-line" role="status">{ d }</p> }
            { for looking_back }
            if s.sharing { { share_panel(g, dispatch) } }
            if live.is_over() && !viewing { { game_over(g, dispatch) } }
            <h2 class="small-h">{"Moves"}</h2>
            { move_list(g, dispatch) }
            <p class="muted small">{ rules_bits.join(" \u{b7} ") }</p>
            <div class="row wrap">
                <button class="ghost-button" onclick={dispatch.reform(|_: MouseEvent| Action::Rules)}>{"Rules"}</button>
                <button class="ghost-button" data-action="new-game" onclick={dispatch.reform(|_: MouseEvent| Action::NewGame(None))}>{"New game"}</button>
                <button class="ghost-button" onclick={dispatch.reform(|_: MouseEvent| Action::Home)}>{"All games"}</button>
            </div>
        </aside>
    };
    let banner = html! {
        <div class={classes!("turn-banner", to_move.is_none().then_some("over"))} style={format!("--seat:{banner_colour}")}
            role="status" aria-live="polite" data-status="">
            if let Some(t) = to_move {
                <svg class="seat-shape" viewBox="0 0 10 10" aria-hidden="true">{ pieces(t, 1, (5.0, 5.0), 8.0, "") }</svg>
            }
            <span>{ status }</span>
        </div>
    };
    if table {
        let at = |cls: &str| -> Html {
            html! { <>{ for (0..players).filter(|&i| seat_class(i) == cls).map(|i| seats_html[i].clone()) }</> }
        };
        html! {
            <div class="play table-mode">
                { banner }
                <div class="table-grid">
                    <div class="edge-top">{ at("at-top") }</div>
                    <div class="edge-left">{ at("at-left") }</div>
                    { board }
                    <div class="edge-right">{ at("at-right") }</div>
                    <div class="edge-bottom">{ at("at-bottom") }</div>
                </div>
                { side }
            </div>
        }
    } else {
        html! {
            <div class="play">
                { banner }
                <div class="play-main">
                    { board }
                    { side }
                </div>
            </div>
        }
    }
}
