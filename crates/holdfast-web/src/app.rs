//! The app's root component: the runner (it applies the model's actions and
//! performs the effects they return), the page's subscriptions (the address, the
//! timers, the computer's worker, the page's events), the top bar, and the screen
//! that is up (see [`crate::screens`]).

use gloo::timers::callback::Timeout;
use wasm_bindgen::JsCast;
use yew::prelude::*;

use crate::games;

use crate::model::{Action, ComputerMsg, LearnMsg, ReviewMsg, Screen};
use crate::runner::{fragment, with_store, Runtime};
use crate::screens::{home, learn, play};

thread_local! {
    /// Whether the last pointer pressed was a finger (see [`Action::Pointer`]).
    static LAST_TOUCH: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// How long a message that is only news stays, in ms.
const NEWS_MS: u32 = 6_000;

/// How often a refused write is tried again, in ms.
const RETRY_MS: u32 = 5_000;

/// The root component.
#[function_component(App)]
pub fn app() -> Html {
    // The model, run here: its state, and one dispatcher for the app's lifetime
    // (so components given it see equal props from render to render).
    let redraw = use_force_update();
    let runtime = use_mut_ref(Runtime::start);
    let dispatch = (*use_memo((), {
        let runtime = runtime.clone();
        move |_| {
            Callback::from(move |a: Action| Runtime::run(&runtime, a, &|| redraw.force_update()))
        }
    }))
    .clone();
    // (The search reports to the model through the same dispatcher.)
    runtime.borrow_mut().tell(&dispatch);
    let state = runtime.borrow().state();
    let lang = crate::i18n::lang();
    // The first screen (index.html's) stays until the language's catalogue is here
    // (web/boot.js loads it beside the wasm: nearly always first), or boot.js gives
    // up on it; then the app draws, and says so.
    let waited = use_state(|| false);
    let waiting = !*waited && crate::i18n::catalogue_missing();
    use_effect_with(waiting, |waiting| {
        if *waiting {
            return;
        }
        let Some(w) = web_sys::window() else { return };
        if let Some(doc) = w.document() {
            if let Some(first) = doc.get_element_by_id("first-screen") {
                first.remove();
            }
            if let Some(root) = doc.document_element() {
                let _ = root.set_attribute("data-started", "");
            }
        }
        // (web/offline.js installs the offline copy only now.)
        if let Ok(e) = web_sys::Event::new("holdfast-started") {
            let _ = w.dispatch_event(&e);
        }
    });
    use_effect_with(lang, |lang| {
        if let Some(root) = web_sys::window()
            .and_then(|w| w.document())
            .and_then(|d| d.document_element())
        {
            let _ = root.set_attribute("lang", lang.code());
        }
    });

    // What start-up asked for, done once the page is drawn (before the address
    // is first set, below).
    {
        let runtime = runtime.clone();
        let dispatch = dispatch.clone();
        use_effect_with((), move |_| Runtime::perform_started(&runtime, &dispatch));
    }

    // High contrast: on the page's root, where the colours are defined.
    use_effect_with(state.settings.high_contrast, |on| {
        if let Some(root) = web_sys::window()
            .and_then(|w| w.document())
            .and_then(|d| d.document_element())
        {
            let _ = if *on {
                root.set_attribute("data-contrast", "high")
            } else {
                root.remove_attribute("data-contrast")
            };
        }
    });

    // The move looked at is kept in view in the move list (which scrolls).
    use_effect_with(
        state
            .table
            .game
            .as_ref()
            .filter(|g| g.viewing())
            .map(|g| g.shown_ply()),
        |ply| {
            let current = ply.and_then(|_| {
                web_sys::window()?
                    .document()?
                    .query_selector(".moves .move.current")
                    .ok()
                    .flatten()
            });
            if let Some(el) = current {
                let opts = web_sys::ScrollIntoViewOptions::new();
                opts.set_block(web_sys::ScrollLogicalPosition::Nearest);
                el.scroll_into_view_with_scroll_into_view_options(&opts);
            }
        },
    );
    // Each screen has its own address: a new screen adds an entry to the
    // browser's history (so Back comes back to the screen before), one reached by
    // Back or Forward (already the address) adds nothing, and a share link read
    // (or no address at all) is replaced rather than kept as a step to go back to.
    // A first visit that opens on another screen (a link to a game) puts the home
    // page behind it, so Back from a game never leaves the app; entries are marked
    // as the app's, so a reload does not do that again.
    let first = use_mut_ref(|| true);
    // The address the state was loaded from (the first render's).
    let loaded_at = use_mut_ref(fragment);
    let follow = dispatch.clone();
    use_effect_with(state.route(), move |shown| {
        let route = &shown.to_string();
        let first = std::mem::take(&mut *first.borrow_mut());
        let Some(h) = web_sys::window().and_then(|w| w.history().ok()) else {
            return;
        };
        let now = fragment();
        let mark = wasm_bindgen::JsValue::from_str("holdfast");
        let url = |r: &str| format!("{}{r}", crate::link::page_url());
        let ours = h.state().is_ok_and(|v| v.as_string().is_some());
        let loaded_at = loaded_at.borrow().clone();
        // The screen the address bar names now, if it names one.
        let at = crate::route::Route::parse(&now);
        // Back or Forward before the app listened: the address wins.
        let stepped_early = at
            .clone()
            .filter(|_| first && now != loaded_at && crate::route::Route::is_route(&loaded_at));
        if let Some(to) = stepped_early {
            follow.emit(Action::Route(to));
        } else if first && !ours && *shown != crate::route::Route::Home {
            let _ = h.replace_state_with_url(
                &mark,
                "",
                Some(&url(&crate::route::Route::Home.to_string())),
            );
            let _ = h.push_state_with_url(&mark, "", Some(&url(route)));
        } else if now != *route {
            // (At the first render the address is corrected in place too; after
            // Back or Forward, Effect::CorrectAddress has already done so.)
            let _ = if at.is_some() && !first {
                h.push_state_with_url(&mark, "", Some(&url(route)))
            } else {
                h.replace_state_with_url(&mark, "", Some(&url(route)))
            };
        }
    });
    // A message that is only news (not an error) goes by itself after a while; an
    // error stays until dismissed.
    {
        let dispatch = dispatch.clone();
        let news = state.notice.as_ref().filter(|n| !n.is_error()).cloned();
        use_effect_with(news, move |news| {
            let timer = news
                .as_ref()
                .map(|_| Timeout::new(NEWS_MS, move || dispatch.emit(Action::Dismiss)));
            move || drop(timer)
        });
    }
    // A replay steps a move every so many ms while the game is on screen; each step
    // (a new position) sets the next.
    {
        let dispatch = dispatch.clone();
        let shown = state.table.game.as_ref().map(|g| g.shown_ply());
        let on = state.replay.on.filter(|_| state.nav.screen == Screen::Play);
        use_effect_with((on, shown), move |(on, _)| {
            let timer = on
                .map(|ms| Timeout::new(ms, move || dispatch.emit(Action::Review(ReviewMsg::Tick))));
            move || drop(timer)
        });
    }
    // Every screen opens at its top, not scrolled where the last one was.
    // (The browser is told not to restore its own scroll on Back and Forward.)
    use_effect_with(state.route(), |_| {
        if let Some(w) = web_sys::window() {
            if let Ok(h) = w.history() {
                let _ = js_sys::Reflect::set(&h, &"scrollRestoration".into(), &"manual".into());
            }
            w.scroll_to_with_x_and_y(0.0, 0.0);
        }
    });
    // A refused write (of the open game, or of one moved out of play unsaved) is
    // tried again every RETRY_MS as well as at the next change, so a game left
    // alone is saved as soon as there is room.
    {
        let dispatch = dispatch.clone();
        let failing = state.saving.failing();
        use_effect_with(failing, move |failing| {
            let retry = failing.then(|| {
                gloo::timers::callback::Interval::new(RETRY_MS, move || {
                    dispatch.emit(Action::RetrySave)
                })
            });
            // Leaving the page now would lose moves: the browser asks first.
            let leave = failing.then(web_sys::window).flatten().map(|w| {
                gloo::events::EventListener::new_with_options(
                    &w,
                    "beforeunload",
                    gloo::events::EventListenerOptions::enable_prevent_default(),
                    |e| e.prevent_default(),
                )
            });
            move || drop((retry, leave))
        });
    }
    // A link opened in a tab that already runs the app arrives as a hash change;
    // another tab's change to storage as a storage event.
    {
        let dispatch = dispatch.clone();
        use_effect_with((), move |_| {
            let listeners = web_sys::window().map(|w| {
                let d = dispatch.clone();
                let hash = gloo::events::EventListener::new(&w, "hashchange", move |e| {
                    // The fragment the event brought (the address bar may have
                    // changed again since).
                    let url = e.unchecked_ref::<web_sys::HashChangeEvent>().new_url();
                    let f = url.find('#').map_or("", |i| &url[i..]).to_string();
                    if !f.is_empty() && f != "#" && !crate::route::Route::is_route(&f) {
                        d.emit(Action::OpenLink(f));
                    }
                });
                // Back and Forward between screens (a screen's address typed in
                // comes here too).
                let d = dispatch.clone();
                let popped = gloo::events::EventListener::new(&w, "popstate", move |_| {
                    if let Some(route) = crate::route::Route::parse(&fragment()) {
                        d.emit(Action::Route(route));
                    }
                });
                let d = dispatch.clone();
                let stored = gloo::events::EventListener::new(&w, "storage", move |e| {
                    let e = e.unchecked_ref::<web_sys::StorageEvent>();
                    if let Some(key) = e.key() {
                        // What storage holds now, not what the event carried: a
                        // later write (this tab's own, after it) wins.
                        let value = with_store(|s| s.get(&key));
                        d.emit(Action::Stored {
                            key,
                            value,
                            lost: false,
                        });
                    }
                });
                // The arrow keys (and Home, End) press the review buttons beside the
                // move list: only where they are on screen and would do something
                // (enabled), never while a field has the keys; elsewhere the keys
                // keep their own use (scrolling).
                let review_dispatch = dispatch.clone();
                let review = gloo::events::EventListener::new_with_options(
                    &w,
                    "keydown",
                    gloo::events::EventListenerOptions::enable_prevent_default(),
                    move |e| {
                        let e = e.unchecked_ref::<web_sys::KeyboardEvent>();
                        let typing = e
                            .target()
                            .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
                            .is_some_and(|t| {
                                matches!(t.tag_name().as_str(), "INPUT" | "SELECT" | "TEXTAREA")
                            });
                        if typing || e.default_prevented() || e.alt_key() {
                            return;
                        }
                        // Ctrl (or Cmd) with Z undoes, with Shift+Z or Y redoes;
                        // Escape lets go of a selection or a question.
                        let command = e.ctrl_key() || e.meta_key();
                        let action = match (e.key().as_str(), command, e.shift_key()) {
                            ("z" | "Z", true, false) => "undo",
                            ("z" | "Z", true, true) | ("y" | "Y", true, false) => "redo",
                            ("ArrowLeft", false, false) => "review-previous",
                            ("ArrowRight", false, false) => "review-next",
                            ("Home", false, false) => "review-first",
                            ("End", false, false) => "review-last",
                            ("Escape", false, false) => {
                                review_dispatch.emit(Action::Cancel);
                                return;
                            }
                            _ => return,
                        };
                        let button = web_sys::window()
                            .and_then(|w| w.document())
                            .and_then(|d| {
                                d.query_selector(&format!(
                                    "[data-action=\"{action}\"]:not([disabled])"
                                ))
                                .ok()
                                .flatten()
                            })
                            .and_then(|b| b.dyn_into::<web_sys::HtmlElement>().ok());
                        if let Some(button) = button {
                            e.prevent_default();
                            button.click();
                        }
                    },
                );
                // Computer seats think only in the tab in view.
                // A tab opened behind another starts hidden.
                if w.document().is_some_and(|d| d.hidden()) {
                    dispatch.emit(Action::Computer(ComputerMsg::Hidden(true)));
                }
                let d = dispatch.clone();
                let shown = w.document().map(|doc| {
                    gloo::events::EventListener::new(&doc, "visibilitychange", move |_| {
                        let hidden = web_sys::window()
                            .and_then(|w| w.document())
                            .is_some_and(|d| d.hidden());
                        d.emit(Action::Computer(ComputerMsg::Hidden(hidden)));
                    })
                });
                // Whether taps come from a finger: told to the state when it
                // changes (before the tap's click, which follows its pointerdown).
                let d = dispatch.clone();
                let pointer = gloo::events::EventListener::new_with_options(
                    &w,
                    "pointerdown",
                    gloo::events::EventListenerOptions::run_in_capture_phase(),
                    move |e| {
                        if let Some(e) = e.dyn_ref::<web_sys::PointerEvent>() {
                            let touch = e.pointer_type() == "touch";
                            if LAST_TOUCH.with(|t| t.replace(touch)) != touch {
                                d.emit(Action::Pointer(touch));
                            }
                        }
                    },
                );
                // A language's catalogue came, or boot.js stopped waiting for it
                // (see i18n::set_lang).
                let d = dispatch.clone();
                let waited = waited.clone();
                let catalogue =
                    gloo::events::EventListener::new(&w, "holdfast-catalogue", move |_| {
                        // (Speaking the language again reads the catalogue that came.)
                        crate::i18n::set_lang(crate::i18n::lang());
                        waited.set(true);
                        d.emit(Action::Catalogue);
                    });
                // A book of lessons came (or could not be fetched): boot.js
                // sets the event's `game`, and `text` or `error`.
                let d = dispatch.clone();
                let lessons = gloo::events::EventListener::new(&w, "holdfast-lessons", move |e| {
                    let get = |k: &str| js_sys::Reflect::get(e, &k.into()).ok()?.as_string();
                    let Some(game) = get("game") else { return };
                    let text = get("text").ok_or_else(|| get("error").unwrap_or_default());
                    d.emit(Action::Learn(LearnMsg::Loaded { game, text }));
                });
                (
                    hash, popped, stored, shown, review, pointer, catalogue, lessons,
                )
            });
            move || drop(listeners)
        });
    }

    let s = &*state;
    let anim = if s.settings.animations {
        "anim-on"
    } else {
        "anim-off"
    };
    let rules_game = match (&s.nav.screen, &s.table.game) {
        (Screen::Rules(g) | Screen::NewGame(g) | Screen::Learn(g) | Screen::Lesson(g, _), _) => {
            g.clone()
        }
        (_, Some(g)) => g.record().game.clone(),
        _ => games::infos()
            .first()
            .map(|i| i.id.to_string())
            .unwrap_or_default(),
    };
    let body = match &s.nav.screen {
        Screen::Home => home::home(s, &dispatch),
        Screen::NewGame(game) => html! {
            <>
                { learn::offer(s, game, &dispatch) }
                { games::new_game_screen(game, dispatch.reform(Action::Start), s.nav.new_game_from.clone(), crate::screens::roster::seats_for(s, game)) }
            </>
        },
        // With a game open, a way back to it above and below the page.
        Screen::Rules(game) => match &s.table.game {
            Some(g) => {
                let id = g.id().to_string();
                let back = html! {
                    <button class="ghost-button" data-action="rules-back"
                        onclick={crate::screens::click(&dispatch, Action::Resume(id.clone()))}>
                        { crate::i18n::t("\u{2190} Back to the game") }
                    </button>
                };
                html! { <>{ back.clone() }{ games::rules_screen(game) }{ back }</> }
            }
            None => games::rules_screen(game),
        },
        Screen::Bench => html! { <ExtraHost page={AttrValue::from("bench")} /> },
        Screen::Maps(rest) => {
            html! { <ExtraHost page={AttrValue::from(crate::route::Route::Maps(rest.clone()).to_string().trim_start_matches('#').to_string())} /> }
        }
        Screen::Learn(game) => learn::list(s, game, &dispatch),
        Screen::Lesson(game, id) => learn::lesson(s, game, id, &dispatch),
        Screen::Settings => home::settings_screen(s, &dispatch),
        // (What an opponent's link read in is said here; the page is the extra app's.)
        Screen::Roster => html! {
            <>
                if let Some(words) = crate::screens::roster::said_words(&s.roster) {
                    <p class="notice" role="status" data-roster-said="">
                        <span>{ words }</span>
                        <button class="ghost-button" aria-label={crate::i18n::t("Dismiss message")} onclick={crate::screens::click(&dispatch, Action::Roster(crate::model::RosterMsg::Dismiss))}>{"\u{2715}"}</button>
                    </p>
                }
                <ExtraHost page={AttrValue::from("roster")} />
            </>
        },
        Screen::Play => match &s.table.game {
            Some(g) => play::play_screen(s, &**g, &dispatch),
            None => home::home(s, &dispatch),
        },
    };
    let go_home = crate::screens::click(&dispatch, Action::Home);
    let go_rules = crate::screens::click(&dispatch, Action::Rules(rules_game.clone()));
    let notice = s.notice.as_ref().map(|n| {
        html! {
            <div class={classes!("notice", n.is_error().then_some("error"))} role={if n.is_error() { "alert" } else { "status" }} data-notice="">
                <span>{ n.words() }</span>
                <button class="ghost-button" aria-label={crate::i18n::t("Dismiss message")} onclick={crate::screens::click(&dispatch, Action::Dismiss)}>{"\u{2715}"}</button>
            </div>
        }
    });
    if waiting {
        return html! {};
    }
    html! {
        <div class={classes!("app", anim, notice.is_some().then_some("with-notice"))}>
            <header class="topbar">
                { crate::widgets::button("", "brand", "Holdfast", go_home) }
                <nav>
                    <button class="ghost-button" onclick={go_rules} data-action="rules">{crate::i18n::t("Rules")}</button>
                    <button class="ghost-button" onclick={crate::screens::click(&dispatch, Action::ShowSettings)} data-action="settings">{crate::i18n::t("Settings")}</button>
                </nav>
            </header>
            { for notice }
            <main>{ body }</main>
        </div>
    }
}

#[derive(Properties, PartialEq)]
struct ExtraProps {
    /// `bench`, or the address after `#` (`maps`, `maps/...`).
    page: AttrValue,
}

/// Where the pages most visits never open go (the benchmark, the maps): an app of
/// their own (src/bin/extras.rs), which `web/boot.js` loads the first time and starts
/// in this element with the page asked for, tells of another page, and stops when
/// the element goes.
#[function_component(ExtraHost)]
fn extra_host(props: &ExtraProps) -> Html {
    let host = use_node_ref();
    let call = |name: &str, args: &[&wasm_bindgen::JsValue]| {
        let Some(w) = web_sys::window() else { return };
        let Ok(extras) = js_sys::Reflect::get(&w, &"holdfastExtras".into()) else {
            return;
        };
        if let Ok(f) = js_sys::Reflect::get(&extras, &name.into())
            .and_then(|f| f.dyn_into::<js_sys::Function>())
        {
            let _ = match args {
                [a] => f.call1(&extras, a),
                [a, b] => f.call2(&extras, a, b),
                _ => f.call0(&extras),
            };
        }
    };
    {
        let host = host.clone();
        use_effect_with((), move |_| {
            let el = host.get();
            move || {
                if let Some(el) = el {
                    call("close", &[&el.into()]);
                }
            }
        });
    }
    {
        let host = host.clone();
        use_effect_with(props.page.clone(), move |page| {
            if let Some(el) = host.get() {
                call("open", &[&el.into(), &page.as_str().into()]);
            }
        });
    }
    html! {
        <div ref={host} class="bench-host" data-extra-host={props.page.clone()} data-failed={crate::i18n::t("This page could not be loaded.")}></div>
    }
}
