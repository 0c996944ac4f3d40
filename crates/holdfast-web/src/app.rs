//! The app shell: one reducer, the effect that saves, the home page, and the play
//! screen's layout that every game fills with its own parts.

use std::rc::Rc;

use holdfast_rules::{Game, Record, Seat};
use yew::prelude::*;

use crate::board::{pieces, seat_colour, Board, BoardView, SEAT_SHAPES};
use crate::games::{self, AnyGame, GAMES};
use crate::link;
use crate::model::{Action, AppState, Screen};
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
                    if storage::save(store, &g.saved()).is_err() {
                        web_sys::console::warn_1(
                            &"Holdfast: the browser refused to save the game".into(),
                        );
                    }
                    storage::set_current(store, Some(g.id()));
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
    let rules_game = match (&s.screen, &s.game) {
        (Screen::Rules(g) | Screen::NewGame(g), _) => g.clone(),
        (_, Some(g)) => g.record().game.clone(),
        _ => "fortress".to_string(),
    };
    let body = match &s.screen {
        Screen::Home => home(s, &dispatch),
        Screen::NewGame(game) => games::new_game_screen(
            game,
            dispatch.reform(Action::Start),
            s.new_game_from.clone(),
        ),
        Screen::Rules(game) => games::rules_screen(game),
        Screen::Play => match &s.game {
            Some(g) => games::play(s, g, &dispatch),
            None => home(s, &dispatch),
        },
    };
    let go_home = dispatch.reform(|_: MouseEvent| Action::Home);
    let go_rules = dispatch.reform(move |_: MouseEvent| Action::Rules(rules_game.clone()));
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

/// A small picture of a record's current position.
fn thumbnail(record: &Record) -> Html {
    match AnyGame::open("thumb".into(), record.clone(), vec![], 0.0) {
        Ok(g) => {
            html! { <Board view={Rc::new(g.thumbnail_view())} title="Position" class="thumb" /> }
        }
        Err(_) => html! {},
    }
}

fn saved_row(g: &SavedGame, dispatch: &Callback<Action>) -> Html {
    let id = g.id.clone();
    let id2 = g.id.clone();
    let title = games::info(&g.record.game)
        .map(|i| i.title)
        .unwrap_or("Game");
    let detail = match g.record.game.as_str() {
        "fortress" => {
            let map = g
                .record
                .setup
                .get("map")
                .and_then(|m| m.as_str())
                .unwrap_or("classic");
            let map_title = holdfast_rules::fortress::MAPS
                .iter()
                .find(|m| m.id == map)
                .map(|m| m.title)
                .unwrap_or(map);
            format!("{title}, {map_title}")
        }
        _ => title.to_string(),
    };
    let over = AnyGame::open("x".into(), g.record.clone(), vec![], 0.0)
        .map(|s| s.is_over())
        .unwrap_or(false);
    let n = g.record.moves.len();
    html! {
        <li class="saved" data-saved-game={g.id.clone()}>
            <button class="saved-open" onclick={dispatch.reform(move |_: MouseEvent| Action::Resume(id.clone()))}
                aria-label={format!("Continue {} ({detail}), {n} moves", g.record.names.join(" vs "))}>
                { thumbnail(&g.record) }
                <span class="saved-text">
                    <strong>{ g.record.names.join(" \u{b7} ") }</strong>
                    <span>{ format!("{detail} \u{b7} {n} moves{}", if over { " \u{b7} finished" } else { "" }) }</span>
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
        saves.retain(|x| x.id != g.id());
        saves.insert(0, g.saved());
    }
    saves.sort_by(|a, b| b.updated.total_cmp(&a.updated));
    let cards = GAMES.iter().map(|info| {
        let id = info.id;
        let demo = games::demo_record(id);
        html! {
            <article class="card" data-card={id}>
                <button class="card-board" aria-label={format!("New game of {}", info.title)} data-game={id}
                    onclick={dispatch.reform(move |_: MouseEvent| Action::NewGame(id.to_string(), None))}>
                    { thumbnail(&demo) }
                </button>
                <div class="card-text">
                    <h3>{ info.title }</h3>
                    <p>{ info.blurb }</p>
                    <p class="muted">{ format!("{} \u{b7} {}", info.players, info.length) }</p>
                    <div class="row">
                        <button class="primary" data-action="new-game" data-game={id}
                            onclick={dispatch.reform(move |_: MouseEvent| Action::NewGame(id.to_string(), None))}>{"New game"}</button>
                        <button class="ghost-button" data-action="how-to-play" data-game={id}
                            onclick={dispatch.reform(move |_: MouseEvent| Action::Rules(id.to_string()))}>{"How to play"}</button>
                    </div>
                </div>
            </article>
        }
    });
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
                <div class="cards">{ for cards }</div>
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

// ---------------------------------------------------------------------------
// The play screen, shared by every game.

/// One seat's panel.
pub struct SeatPart {
    pub score: i32,
    /// A line under the name (pieces left, moves left…).
    pub facts: String,
}

/// The end of a game, as a game tells it.
pub struct OverPart {
    pub headline: String,
    /// Per seat: how the score is made up.
    pub breakdown: Vec<String>,
}

/// What a game puts on the play screen.
pub struct PlayParts {
    /// The turn banner's text.
    pub status: String,
    pub board: BoardView,
    pub seats: Vec<SeatPart>,
    /// The game's own buttons (pass, swap, count…), before undo/redo/share.
    pub controls: Html,
    /// Lines under the controls (a dice roll, a step counter…).
    pub info: Html,
    pub over: Option<OverPart>,
    /// The setup in a line (map, options).
    pub footer: String,
}

fn seat_panel(
    seat: Seat,
    name: &str,
    part: &SeatPart,
    to_move: bool,
    winner: bool,
    class: &'static str,
) -> Html {
    let colour = seat_colour(seat);
    html! {
        <div class={classes!("seat", class, to_move.then_some("to-move"), winner.then_some("winner"))}
            style={format!("--seat:{colour}")} data-seat={seat.to_string()}
            aria-label={format!("{name} ({}), score {}{}", SEAT_SHAPES[seat as usize % 6], part.score, if to_move { ", to move" } else { "" })}>
            <svg class="seat-shape" viewBox="0 0 10 10" aria-hidden="true">{ pieces(seat, 1, (5.0, 5.0), 8.0, "") }</svg>
            <span class="seat-name">{ name.to_string() }</span>
            <span class="seat-score" data-score-seat={seat.to_string()}>{ part.score }</span>
            <span class="seat-facts">{ part.facts.clone() }</span>
        </div>
    }
}

fn score_chart<G: Game>(g: &Session<G>) -> Html {
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
        html! { <polyline points={pts.join(" ")} fill="none" style={format!("stroke:{}", seat_colour(s as Seat))} stroke-width="1.4"
            stroke-dasharray={["", "4 2", "1 2", "6 2 1 2"][s % 4]} /> }
    });
    html! {
        <svg class="chart" viewBox="0 -2 100 44" role="img" aria-label="Score over the game">
            <line x1="0" y1="40" x2="100" y2="40" class="axis" />
            { for lines }
        </svg>
    }
}

fn game_over<G: Game>(
    g: &Session<G>,
    over: &OverPart,
    names: &[String],
    dispatch: &Callback<Action>,
) -> Html {
    let scores = g.game().scores();
    html! {
        <section class="game-over" aria-labelledby="over-h" data-game-over="">
            <h2 id="over-h">{ over.headline.clone() }</h2>
            <table class="breakdown">
                <tbody>
                { for (0..scores.len()).map(|s| html! {
                    <tr style={format!("--seat:{}", seat_colour(s as Seat))}>
                        <th scope="row"><span class="swatch"></span>{ names[s].clone() }</th>
                        <td class="num">{ scores[s] }</td>
                        <td class="muted">{ over.breakdown.get(s).cloned().unwrap_or_default() }</td>
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

fn move_list<G: Game>(g: &Session<G>, names: &[String], dispatch: &Callback<Action>) -> Html {
    let shown = g.shown_ply();
    let turn = g.turn_text();
    html! {
        <ol class="moves" aria-label="Moves">
            { for g.record.moves.iter().enumerate().map(|(i, m)| {
                let seat = g.positions[i].to_move().unwrap_or(0);
                let current = shown == i + 1 && g.viewing.is_some();
                let target = if i + 1 == g.record.moves.len() { None } else { Some(i + 1) };
                html! {
                    <li>
                        <button class={classes!("move", current.then_some("current"))} style={format!("--seat:{}", seat_colour(seat))}
                            aria-current={current.then_some("step")}
                            aria-label={format!("Move {}: {} by {}", i + 1, m, names.get(seat as usize).cloned().unwrap_or_default())}
                            onclick={dispatch.reform(move |_: MouseEvent| Action::View(target))}>
                            <span class="move-no">{ i + 1 }</span>{ m.clone() }
                        </button>
                    </li>
                }
            }) }
            if !turn.is_empty() {
                <li><span class="move open" style={format!("--seat:{}", seat_colour(g.game().to_move().unwrap_or(0)))}
                    aria-label="The turn under way">{ format!("{} \u{2026}", turn.join(" ")) }</span></li>
            }
        </ol>
    }
}

fn share_panel(record: &Record, dispatch: &Callback<Action>) -> Html {
    let url = format!("{}#{}", page_url(), link::encode(record));
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
                onfocus={Callback::from(|e: FocusEvent| e.target_unchecked_into::<web_sys::HtmlInputElement>().select())} />
            <div class="row">
                <button class="primary" onclick={copy}>{"Copy link"}</button>
                <button class="ghost-button" onclick={dispatch.reform(|_: MouseEvent| Action::Share(false))}>{"Close"}</button>
            </div>
        </section>
    }
}

/// The play screen of any game, from the parts it provides.
pub fn play_screen<G: Game>(
    s: &AppState,
    g: &Session<G>,
    parts: PlayParts,
    dispatch: &Callback<Action>,
) -> Html {
    let names: Vec<String> = s.game.as_ref().map(|a| a.names()).unwrap_or_default();
    let players = g.game().players();
    let live = g.game();
    let viewing = g.viewing.is_some();
    let ply = g.shown_ply();
    let to_move = live.to_move();
    let shown = g.shown();
    let banner_colour = to_move.map(seat_colour).unwrap_or("var(--ink)");
    let status = if viewing {
        format!("Looking at move {ply} of {}", g.record.moves.len())
    } else {
        parts.status.clone()
    };
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
    let winners = shown.winners();
    let seats_html: Vec<Html> = parts
        .seats
        .iter()
        .enumerate()
        .map(|(i, p)| {
            let seat = i as Seat;
            seat_panel(
                seat,
                &names[i],
                p,
                shown.to_move() == Some(seat),
                winners.contains(&seat),
                seat_class(i),
            )
        })
        .collect();
    let palette = parts.board.palette;
    let on_tap = dispatch.reform(Action::Tap);
    let on_key = dispatch.reform(Action::Key);
    let on_face = dispatch.reform(Action::TapFace);
    let board = html! {
        <div class="board-wrap" style={format!("--seat:{banner_colour}")}>
            <Board view={Rc::new(parts.board)} on_tap={on_tap} on_key={on_key} on_face={on_face} shake={s.ui.shake}
                title={AttrValue::from(format!("{} board, {}", s.game.as_ref().map(|a| a.title()).unwrap_or(""), status))} />
        </div>
    };
    let turn_open = !g.turn.is_empty();
    let controls = html! {
        <div class="controls">
            { parts.controls }
            <button data-action="undo" disabled={g.record.moves.is_empty() && !turn_open} onclick={dispatch.reform(|_: MouseEvent| Action::Undo)}
                aria-label={if turn_open { "Take back the last step" } else { "Undo" }}>
                { if turn_open { "\u{21b6} Take back" } else { "\u{21b6} Undo" } }
            </button>
            <button data-action="redo" disabled={g.redo.is_empty() || turn_open} onclick={dispatch.reform(|_: MouseEvent| Action::Redo)} aria-label="Redo">{"Redo \u{21b7}"}</button>
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
    let game_id = g.record.game.clone();
    let game_id2 = game_id.clone();
    let side = html! {
        <aside class="side">
            if !table {
                <div class="seats">{ for seats_html.iter().cloned() }</div>
            }
            { controls }
            if let Some(m) = &s.ui.message {
                <p class="tap-message" role="status" data-tap-message="">{ m }</p>
            }
            { parts.info }
            { for looking_back }
            if s.sharing { { share_panel(&g.record, dispatch) } }
            if let (Some(over), false) = (&parts.over, viewing) { { game_over(g, over, &names, dispatch) } }
            <h2 class="small-h">{"Moves"}</h2>
            { move_list(g, &names, dispatch) }
            <p class="muted small">{ parts.footer.clone() }</p>
            <div class="row wrap">
                <button class="ghost-button" onclick={dispatch.reform(move |_: MouseEvent| Action::Rules(game_id.clone()))}>{"Rules"}</button>
                <button class="ghost-button" data-action="new-game" onclick={dispatch.reform(move |_: MouseEvent| Action::NewGame(game_id2.clone(), None))}>{"New game"}</button>
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
            <div class={classes!("play", "table-mode", palette)}>
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
            <div class={classes!("play", palette)}>
                { banner }
                <div class="play-main">
                    { board }
                    { side }
                </div>
            </div>
        }
    }
}
