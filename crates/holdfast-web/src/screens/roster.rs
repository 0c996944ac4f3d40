//! The 1983 roster screen (`#roster`), as the original's menu: the five opponents
//! and their copies with each one's record and recent games; play one, copy one
//! under a new name, remove a copy, reset one to its factory weights, send one as a
//! file or a link, read one in; and learning on or off.

use std::rc::Rc;

use holdfast_rules::Record;
use web_sys::{HtmlInputElement, HtmlSelectElement, HtmlTextAreaElement};
use yew::prelude::*;

use crate::game_ui::roster_name;
use crate::i18n::{t, tf, tp};
use crate::model::{
    card_fragment, Action, AppState, Entry, ImportError, Outcome, RosterMsg, RosterSaid,
};
use crate::screens::click;
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
fn play_against(word: &str) -> Action {
    let mut r = Record::new::<holdfast_rules::fortress::Fortress>(&Default::default());
    r.setup = serde_json::json!({ "rules": "1983" });
    r.seats = vec![crate::seat::SeatPlayer::PERSON.into(), word.into()];
    Action::NewGame("fortress".into(), Some(r))
}

fn said(s: &AppState) -> Option<String> {
    Some(match s.roster.said.as_ref()? {
        RosterSaid::Copied(n) => tf("{} joined the roster.", &[n]),
        RosterSaid::Removed(n) => tf("{} left the roster.", &[n]),
        RosterSaid::Reset(word) => {
            let name = s
                .roster
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

fn entry_row(e: &Entry, dispatch: &Callback<Action>) -> Html {
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
    let msg = |m: fn(String) -> RosterMsg| click(dispatch, Action::Roster(m(word.clone())));
    let url = format!("{}{}", crate::link::page_url(), card_fragment(&e.card()));
    html! {
        <li class="roster-entry" data-opponent={word.clone()}>
            <h3>{ name }</h3>
            <p class="muted small">{ kind }{ " " }{ weights }</p>
            <p data-record="">{ record_line(e) }</p>
            { history(e) }
            <div class="row wrap">
                { button("play-against", "primary", t("Play"), click(dispatch, play_against(&word))) }
                { button("reset", "ghost-button", t("Reset"), msg(RosterMsg::Reset)) }
                if e.slot > 0 {
                    { button("remove", "ghost-button", t("Remove"), msg(RosterMsg::Remove)) }
                }
                { button("export", "ghost-button", t("Download"), msg(RosterMsg::Export)) }
                { button("copy-link", "ghost-button", t("Copy link"), click(dispatch, Action::Copy(url))) }
            </div>
        </li>
    }
}

/// The roster screen.
pub fn roster_screen(s: &AppState, dispatch: &Callback<Action>) -> Html {
    let r = &s.roster;
    let learning = {
        let d = dispatch.clone();
        Callback::from(move |e: Event| {
            let on = e.target_unchecked_into::<HtmlInputElement>().checked();
            d.emit(Action::Roster(RosterMsg::Learning(on)))
        })
    };
    let (which, new_name) = (NodeRef::default(), NodeRef::default());
    let on_copy = {
        let (which, new_name, d) = (which.clone(), new_name.clone(), dispatch.clone());
        Callback::from(move |_: MouseEvent| {
            let word = which.cast::<HtmlSelectElement>().map(|x| x.value());
            let name = new_name.cast::<HtmlInputElement>().map(|x| x.value());
            if let (Some(word), Some(name)) = (word, name) {
                d.emit(Action::Roster(RosterMsg::Copy { word, name }));
            }
        })
    };
    let import =
        dispatch.reform(|(_, text): (String, String)| Action::Roster(RosterMsg::Import(text)));
    let on_pick = {
        Callback::from(move |e: Event| {
            let input = e.target_unchecked_into::<HtmlInputElement>();
            if let Some(f) = input.files().and_then(|l| l.get(0)) {
                crate::widgets::read_file(f, import.clone());
            }
            input.set_value("");
        })
    };
    let pasted = NodeRef::default();
    let on_paste = {
        let (pasted, d) = (pasted.clone(), dispatch.clone());
        Callback::from(move |_: MouseEvent| {
            if let Some(area) = pasted.cast::<HtmlTextAreaElement>() {
                d.emit(Action::Roster(RosterMsg::Import(area.value())));
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
            if let Some(words) = said(s) {
                <p class="notice" role="status" data-roster-said="">
                    <span>{ words }</span>
                    <button class="ghost-button" aria-label={t("Dismiss message")} onclick={click(dispatch, Action::Roster(RosterMsg::Dismiss))}>{"\u{2715}"}</button>
                </p>
            }
            <ul class="roster-list">{ for r.entries.iter().map(|e| entry_row(e, dispatch)) }</ul>
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
            <p>{ button("home", "ghost-button", t("Back to the games"), click(dispatch, Action::Home)) }</p>
        </section>
    }
}
