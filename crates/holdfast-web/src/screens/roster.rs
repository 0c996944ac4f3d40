//! The 1983 roster screen (`#roster`), as the original's menu: the five opponents
//! and their copies with each one's record and recent games; play one, copy one
//! under a new name, remove a copy, reset one to its factory weights, send one as a
//! file or a link, read one in; and learning on or off. The page ([`RosterPage`]) is
//! part of the app loaded on demand (src/bin/extras.rs): it reads the roster kept in
//! the browser, changes it as the app's model does ([`Roster::update`]) and keeps it,
//! and tells the page's main app, which reads it again as it would another tab's.
//! The main app keeps the roster's seat choices ([`seats_for`]) and says what an
//! opponent's link read in ([`said_words`]).

use std::rc::Rc;

use holdfast_rules::Record;
use wasm_bindgen::JsCast;
use web_sys::{HtmlInputElement, HtmlSelectElement, HtmlTextAreaElement};
use yew::prelude::*;

use crate::game_ui::roster_name;
use crate::i18n::{t, tf, tp};
use crate::model::{
    card_fragment, card_value, write_roster, AppState, Entry, ImportError, Outcome, Roster,
    RosterMsg, RosterSaid, ROSTER_KEY,
};
use crate::screens::maps::{go, with_store};
use crate::widgets::button;

/// The roster as seat choices of a new game of `game` (Fortress's only): (word,
/// label).
pub fn seats_for(s: &AppState, game: &str) -> Rc<Vec<(String, String)>> {
    if game != "fortress" {
        return Rc::default();
    }
    Rc::new(
        s.roster
            .entries
            .iter()
            .map(|e| {
                let name = roster_name(&e.word(), &e.name);
                (e.word(), tf("Computer, {} (1983)", &[&name]))
            })
            .collect(),
    )
}

/// A new 1983 game against `word`, on the new-game screen.
fn play_against(word: &str) {
    let mut r = Record::new::<holdfast_rules::fortress::Fortress>(&Default::default());
    r.setup = serde_json::json!({ "rules": "1983" });
    r.seats = vec![crate::seat::SeatPlayer::PERSON.into(), word.into()];
    go(
        &crate::route::Route::NewGameFrom("fortress".into(), holdfast_rules::link::encode(&r))
            .to_string()[1..],
        false,
    );
}

/// What the roster's last change said, in words.
pub fn said_words(r: &Roster) -> Option<String> {
    let s = r;
    Some(match s.said.as_ref()? {
        RosterSaid::Copied(n) => tf("{} joined the roster.", &[n]),
        RosterSaid::Removed(n) => tf("{} left the roster.", &[n]),
        RosterSaid::Reset(word) => {
            let name = s
                .by_word(word)
                .map(|e| roster_name(&e.word(), &e.name))
                .unwrap_or_default();
            tf("{} is back to its factory weights, with no games.", &[&name])
        }
        RosterSaid::Imported(n) => tf("{} was read in as a copy.", &[n]),
        RosterSaid::Refused(ImportError::Unreadable) => {
            t("That is not an opponent's file or link.").into()
        }
        RosterSaid::Refused(ImportError::Card(e)) => {
            use holdfast_search::roster::CardError;
            match e {
                CardError::NotACard => t("That is not an opponent's file or link.").into(),
                CardError::Version(_) => {
                    t("That opponent was saved by a later version of Holdfast.").into()
                }
                CardError::Weights => t("That opponent's weights are damaged.").into(),
                CardError::Name => t("That opponent's name is empty or too long.").into(),
            }
        }
        RosterSaid::Full => t("The roster is full: remove a copy first.").into(),
        RosterSaid::Damaged => t("The roster kept here could not be read: the five start afresh, and what was found is kept aside.").into(),
    })
}

fn record_line(e: &Entry) -> String {
    if e.games == 0 {
        return t("No games yet.").into();
    }
    tf(
        "{}: {} won, {} drawn, {} lost.",
        &[
            &tp(e.games as usize, "{} game", "{} games"),
            &e.wins,
            &e.draws,
            &e.losses,
        ],
    )
}

fn history(e: &Entry) -> Html {
    if e.history.is_empty() {
        return html! {};
    }
    let row = |p: &crate::model::Played| {
        let what = match p.outcome {
            Outcome::Won => t("Won"),
            Outcome::Lost => t("Lost"),
            Outcome::Drawn => t("Drawn"),
        };
        let learned = if p.learned {
            t("learnt from it")
        } else {
            t("not learnt from")
        };
        html! { <li>{ tf("{} {}\u{2013}{} ({})", &[&what, &p.score, &p.against, &learned]) }</li> }
    };
    html! {
        <details class="roster-history">
            <summary>{ t("Recent games") }</summary>
            <ol>{ for e.history.iter().map(row) }</ol>
        </details>
    }
}

fn entry_row(e: &Entry, send: &Callback<RosterMsg>, said: &UseStateHandle<Option<String>>) -> Html {
    let word = e.word();
    let name = roster_name(&word, &e.name);
    let base = crate::game_ui::level_name(e.base.id());
    let kind = if e.slot > 0 {
        tf("A copy of {}.", &[&base])
    } else {
        String::new()
    };
    let weights = if e.untrained() {
        t("Factory weights.")
    } else {
        t("Weights learnt here.")
    };
    let msg = |m: fn(String) -> RosterMsg| {
        let (send, word) = (send.clone(), word.clone());
        Callback::from(move |_: MouseEvent| send.emit(m(word.clone())))
    };
    let url = format!("{}{}", crate::link::page_url(), card_fragment(&e.card()));
    let play = {
        let word = word.clone();
        Callback::from(move |_: MouseEvent| play_against(&word))
    };
    let export = {
        let (text, word) = (card_value(&e.card()).to_string(), word.clone());
        Callback::from(move |_: MouseEvent| {
            crate::widgets::download_as(
                &format!("opponent-{}.json", word.replace('@', "-")),
                &text,
                "application/json",
            )
        })
    };
    let copy_link = {
        let said = said.clone();
        Callback::from(move |_: MouseEvent| {
            crate::widgets::copy_text(&url);
            said.set(Some(tf("The link was copied: {}", &[&url])));
        })
    };
    html! {
        <li class="roster-entry" data-opponent={word.clone()}>
            <h3>{ name }</h3>
            <p class="muted small">{ kind }{ " " }{ weights }</p>
            <p data-record="">{ record_line(e) }</p>
            { history(e) }
            <div class="row wrap">
                { button("play-against", "primary", t("Play"), play) }
                { button("reset", "ghost-button", t("Reset"), msg(RosterMsg::Reset)) }
                if e.slot > 0 {
                    { button("remove", "ghost-button", t("Remove"), msg(RosterMsg::Remove)) }
                }
                { button("export", "ghost-button", t("Download"), export) }
                { button("copy-link", "ghost-button", t("Copy link"), copy_link) }
            </div>
        </li>
    }
}

/// The roster as kept in the browser.
fn kept_roster() -> Roster {
    Roster::read(&with_store(|s| s.get(ROSTER_KEY)).unwrap_or_default())
}

/// Tells the page's main app the roster changed (as a change in another tab
/// would: it reads the roster again).
fn tell_main_app() {
    let Some(w) = web_sys::window() else { return };
    let init = web_sys::StorageEventInit::new();
    init.set_key(Some(ROSTER_KEY));
    if let Ok(e) = web_sys::StorageEvent::new_with_event_init_dict("storage", &init) {
        let _ = w.dispatch_event(&e);
    }
}

/// The roster page.
#[function_component(RosterPage)]
pub fn roster_page() -> Html {
    let roster = use_state(kept_roster);
    let copied = use_state(|| None::<String>);
    // Another tab's change is this page's too.
    {
        let roster = roster.clone();
        use_effect_with((), move |_| {
            let listener = web_sys::window().map(|w| {
                gloo::events::EventListener::new(&w, "storage", move |e| {
                    let e = e.unchecked_ref::<web_sys::StorageEvent>();
                    if e.key().as_deref() == Some(ROSTER_KEY) && e.new_value().is_some() {
                        let mut r = kept_roster();
                        r.said = roster.said.clone();
                        roster.set(r);
                    }
                })
            });
            move || drop(listener)
        });
    }
    let send = {
        let roster = roster.clone();
        let copied = copied.clone();
        Callback::from(move |msg: RosterMsg| {
            let mut r = kept_roster();
            if r.update(msg) {
                with_store(|s| write_roster(s, &r));
                tell_main_app();
            }
            copied.set(None);
            roster.set(r);
        })
    };
    let r = &*roster;
    let learning = {
        let d = send.clone();
        Callback::from(move |e: Event| {
            let on = e.target_unchecked_into::<HtmlInputElement>().checked();
            d.emit(RosterMsg::Learning(on))
        })
    };
    let (which, new_name) = (NodeRef::default(), NodeRef::default());
    let on_copy = {
        let (which, new_name, d) = (which.clone(), new_name.clone(), send.clone());
        Callback::from(move |_: MouseEvent| {
            let word = which.cast::<HtmlSelectElement>().map(|x| x.value());
            let name = new_name.cast::<HtmlInputElement>().map(|x| x.value());
            if let (Some(word), Some(name)) = (word, name) {
                d.emit(RosterMsg::Copy { word, name });
            }
        })
    };
    let import = send.reform(|(_, text): (String, String)| RosterMsg::Import(text));
    let on_pick = crate::widgets::on_file_picked(import);
    let pasted = NodeRef::default();
    let on_paste = {
        let (pasted, d) = (pasted.clone(), send.clone());
        Callback::from(move |_: MouseEvent| {
            if let Some(area) = pasted.cast::<HtmlTextAreaElement>() {
                d.emit(RosterMsg::Import(area.value()));
                area.set_value("");
            }
        })
    };
    let options = r.entries.iter().map(|e| {
        let word = e.word();
        html! { <option value={word.clone()}>{ roster_name(&word, &e.name) }</option> }
    });
    html! {
        <section class="roster" aria-labelledby="roster-h">
            <h1 id="roster-h">{ t("The 1983 roster") }</h1>
            <p>{ t("Five computer opponents from SSI's Fortress (1983). Each picks the square its table of weights likes best, one move deep, and learns from every game it finishes here: toward what the winner played, away from what the loser played.") }</p>
            <label class="toggle">
                <input type="checkbox" checked={r.learning} onchange={learning} data-field="roster-learning" />
                { t("They learn after each game") }
            </label>
            if let Some(words) = said_words(r).or_else(|| (*copied).clone()) {
                <p class="notice" role="status" data-roster-said="">
                    <span>{ words }</span>
                    <button class="ghost-button" aria-label={t("Dismiss message")} onclick={send.reform(|_| RosterMsg::Dismiss)}>{"\u{2715}"}</button>
                </p>
            }
            <ul class="roster-list">{ for r.entries.iter().map(|e| entry_row(e, &send, &copied)) }</ul>
            <section aria-labelledby="roster-copy-h">
                <h2 id="roster-copy-h">{ t("Copy an opponent") }</h2>
                <p class="muted small">{ t("The copy starts with the weights and learns apart from then on.") }</p>
                <div class="row wrap">
                    <label>
                        <span class="visually-hidden">{ t("Opponent to copy") }</span>
                        <select ref={which} data-field="copy-of">{ for options }</select>
                    </label>
                    <label>
                        <span class="visually-hidden">{ t("The copy's name") }</span>
                        <input ref={new_name} type="text" maxlength="40" placeholder={t("The copy's name")} data-field="copy-name" />
                    </label>
                    { button("copy", "", t("Copy"), on_copy) }
                </div>
            </section>
            <section aria-labelledby="roster-import-h">
                <h2 id="roster-import-h">{ t("Read in an opponent") }</h2>
                <p class="muted small">{ t("An opponent's file (as Download saves it) or its link: choose the file or paste the link. It joins as a copy.") }</p>
                <label class="file-button">
                    <input type="file" accept=".json,application/json" data-roster-file="" onchange={on_pick} />
                    { t("Choose a file") }
                </label>
                <textarea ref={pasted} rows="2" data-roster-text="" aria-label={t("An opponent's file or link")}
                    placeholder={t("Paste an opponent's link")} />
                { button("roster-import", "", t("Read in"), on_paste) }
            </section>
            <p><a href="#home" class="ghost-button" data-action="home">{ t("Back to the games") }</a></p>
        </section>
    }
}
