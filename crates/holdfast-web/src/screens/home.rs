//! The home page: saved games to continue (each summarised once), a card a game, and
//! the settings.

use std::rc::Rc;

use yew::prelude::*;

use crate::board::Board;
use crate::game_ui::Summary;
use crate::i18n::{n_, t, tf, tp};
use crate::model::{Action, AppState, Dialog, LearnMsg};
use crate::storage::{Aside, SavedGame};

fn time_ago(then: f64) -> String {
    let now = crate::clock::now();
    let mins = ((now - then) / 60_000.0).max(0.0) as u64;
    match mins {
        0 => t("just now").into(),
        1..=59 => tf("{} min ago", &[&mins]),
        60..=1439 => tf("{} h ago", &[&(mins / 60)]),
        _ => tp((mins / 1440) as usize, "{} day ago", "{} days ago"),
    }
}

/// Delete, which asks once: the first press shows "Delete for good?" with a button
/// that does it (`data-action` `{action}-yes`) and one that keeps it.
fn delete_buttons(
    confirm: Option<&str>,
    what: &str,
    label: &str,
    action: &'static str,
    dispatch: &Callback<Action>,
    delete: Action,
) -> Html {
    if confirm == Some(what) {
        html! {
            <span class="confirm-delete" role="group" aria-label={tf("Delete {}?", &[&label])}>
                <span>{t("Delete for good?")}</span>
                <button class="danger" data-action={format!("{action}-yes")}
                    onclick={crate::screens::click(dispatch, delete.clone())}>{t("Delete")}</button>
                <button class="ghost-button" data-action={format!("{action}-no")}
                    onclick={crate::screens::click(dispatch, Action::AskDelete(None))}>{t("Keep")}</button>
            </span>
        }
    } else {
        let what = what.to_string();
        html! {
            <button class="ghost-button delete" data-action={action} aria-label={tf("Delete {}", &[&label])}
                onclick={crate::screens::click(dispatch, Action::AskDelete(Some(what.clone())))}>{t("Delete")}</button>
        }
    }
}

/// A saved game's card. `unsaved`: why the browser refuses to store its latest
/// moves (they live only in this tab until it does), said on the card with the
/// way to keep them.
fn saved_row(
    g: &SavedGame,
    summary: Option<&Summary>,
    confirm: Option<&str>,
    unsaved: Option<&str>,
    dispatch: &Callback<Action>,
) -> Html {
    let id = g.id.clone();
    let id2 = g.id.clone();
    let detail = crate::games::describe(&g.record);
    let over = summary.is_some_and(|s| s.over);
    let thumb = summary
        .map(|s| html! { <Board view={s.thumb.clone()} title={t("Position")} class="thumb" /> });
    let n = g.record.moves.len();
    let not_saved = unsaved.map(|why| {
        let whose = if g.revision == 0 {
            t("It is not saved yet")
        } else {
            t("Its latest moves are not saved")
        };
        unsaved_alert(g, why, whose, dispatch)
    });
    html! {
        <li class="saved" data-saved-game={g.id.clone()}>
            // (Named by what it shows, after a word for screen readers.)
            <button class="saved-open" onclick={crate::screens::click(dispatch, Action::Resume(id.clone()))}>
                { for thumb }
                <span class="visually-hidden">{ t("Continue") }{" "}</span>
                <span class="saved-text">
                    <strong>{ g.record.names.join(" \u{b7} ") }</strong>
                    <span>{ format!("{detail} \u{b7} {}{}", tp(n, "{} move", "{} moves"), if over { format!(" \u{b7} {}", t("finished")) } else { String::new() }) }</span>
                    <span class="muted">{ time_ago(g.updated) }</span>
                </span>
            </button>
            { delete_buttons(confirm, &g.id, &tf("the game {}", &[&g.record.names.join(" \u{b7} ")]), "delete", dispatch, Action::Delete(id2)) }
            { for not_saved }
        </li>
    }
}

/// A copy set aside, with what can be done with it: download it, delete it.
fn aside_row(a: &Aside, confirm: Option<&str>, dispatch: &Callback<Action>) -> Html {
    let name = a
        .key
        .strip_prefix("holdfast.corrupt.")
        .unwrap_or(&a.key)
        .to_string();
    let when = a.updated.map_or_else(
        || t("date unknown").to_string(),
        |when| tf("last saved {}", &[&time_ago(when)]),
    );
    let (file, text) = (format!("{}.json", a.key), a.text.clone());
    let key = a.key.clone();
    html! {
        <li class="aside" data-aside={a.key.clone()}>
            <span class="saved-text">
                <strong>{ name }</strong>
                <span class="muted">{ format!("{when} \u{b7} {}", tp(a.text.chars().count(), "{} character", "{} characters")) }</span>
            </span>
            <button class="ghost-button" data-action="download-aside"
                onclick={dispatch.reform(move |_: MouseEvent| Action::Download { name: file.clone(), text: text.to_string(), mime: "application/json" })}>{t("Download")}</button>
            { delete_buttons(confirm, &a.key, &tf("the copy {}", &[&a.key]), "delete-aside", dispatch, Action::DeleteAside(key)) }
        </li>
    }
}

/// Says that `g`'s latest moves are not stored (`whose`: the sentence that says
/// so), and why, with a button to download the game (the play screen uses it too, for
/// games moved out of play unsaved).
pub fn unsaved_alert(g: &SavedGame, why: &str, whose: &str, dispatch: &Callback<Action>) -> Html {
    let (id, record) = (g.id.clone(), g.record.clone());
    let download =
        dispatch.reform(move |_: MouseEvent| crate::screens::download_json(&record, &id));
    html! {
        <div class="save-alert" role="alert" data-save-error="" data-unsaved-game={g.id.clone()}>
            <p>{ tf("{}: {}. Saving is tried again every few seconds; to keep the game now, download it.", &[&whose, &why]) }</p>
            <button class="ghost-button" data-action="export-file"
                onclick={download}>{t("Download it as a file")}</button>
        </div>
    }
}

/// Why the game `id`'s latest moves are not stored, if they are not: the open
/// game's refused write, or one moved out of play unsaved.
fn unsaved_why(s: &AppState, id: &str) -> Option<&'static str> {
    let open = s.table.game.as_ref().filter(|g| g.id() == id);
    let why = open
        .and(s.saving.error)
        .or_else(|| s.saving.unsaved.iter().find(|u| u.id == id).map(|u| u.why));
    why.map(crate::storage::Refused::words)
}

/// Saved games the home page lists before "Show more".
pub const SAVES_SHOWN: usize = 3;

/// The home page.
pub fn home(s: &AppState, dispatch: &Callback<Action>) -> Html {
    // The saved game (id) or set-aside copy (key) whose Delete asks to be confirmed.
    let deleting = match &s.table.dialog {
        Some(Dialog::Delete(what)) => Some(what.as_str()),
        _ => None,
    };
    let open = s
        .table
        .game
        .as_ref()
        .map(|g| (g.saved(), Rc::new(g.summary())));
    let mut saves: Vec<(&SavedGame, Option<Rc<Summary>>)> = s
        .library
        .saves
        .iter()
        .filter(|x| open.as_ref().is_none_or(|(o, _)| o.id != x.id))
        .map(|x| (x, s.library.summaries.get(&x.id).cloned()))
        .collect();
    if let Some((o, summary)) = &open {
        saves.insert(0, (o, Some(summary.clone())));
    }
    crate::storage::newest_first(&mut saves, |g| g.0.updated);
    // The latest few, so that the games' cards stay near the top on a phone (and
    // any game whose moves are not saved, which must be seen); the rest on request.
    let hidden = if s.library.all {
        0
    } else {
        let total = saves.len();
        let mut i = 0;
        saves.retain(|(g, _)| {
            i += 1;
            i <= SAVES_SHOWN || unsaved_why(s, &g.id).is_some()
        });
        total - saves.len()
    };
    let cards = s.cards.iter().map(|(info, thumb)| {
        let id = info.id;
        let (learnt, solved) = s.learn.progress.count(id);
        html! {
            <article class="card" data-card={id}>
                <button class="card-board" aria-label={tf("New game of {}", &[&t(info.title)])} data-game={id}
                    onclick={crate::screens::click(dispatch, Action::NewGame(id.to_string(), None))}>
                    <Board view={thumb.clone()} title={t("Position")} class="thumb" />
                </button>
                <div class="card-text">
                    <h3>{ t(info.title) }</h3>
                    <p>{ t(info.blurb) }</p>
                    <p class="muted">{ format!("{} \u{b7} {}", t(info.players), t(info.length)) }</p>
                    <div class="row">
                        <button class="primary" data-action="new-game" data-game={id}
                            onclick={crate::screens::click(dispatch, Action::NewGame(id.to_string(), None))}>{t("New game")}</button>
                        <button class="ghost-button" data-action="learn" data-game={id}
                            onclick={crate::screens::click(dispatch, Action::Learn(LearnMsg::List(id.to_string())))}>{t("Learn")}</button>
                        <button class="ghost-button" data-action="how-to-play" data-game={id}
                            onclick={crate::screens::click(dispatch, Action::Rules(id.to_string()))}>{t("How to play")}</button>
                    </div>
                    if learnt > 0 || solved > 0 {
                        <p class="muted small" data-learnt={learnt.to_string()} data-solved={solved.to_string()}>
                            { tp(learnt, "{} lesson done", "{} lessons done") }{ " \u{b7} " }{ tp(solved, "{} puzzle solved", "{} puzzles solved") }
                        </p>
                    }
                </div>
            </article>
        }
    });
    // A file picked, dropped or pasted: its JSON, its text or a link.
    let import = dispatch.reform(|(from, text): (String, String)| Action::Import { text, from });
    let on_pick = crate::widgets::on_file_picked(import.clone());
    let on_drop = {
        let import = import.clone();
        Callback::from(move |e: DragEvent| {
            e.prevent_default();
            let Some(data) = e.data_transfer() else {
                return;
            };
            if let Some(file) = data.files().and_then(|f| f.get(0)) {
                crate::widgets::read_file(file, import.clone());
            } else if let Ok(text) = data.get_data("text/plain") {
                import.emit((t("the dropped text").into(), text));
            }
        })
    };
    let pasted = NodeRef::default();
    let on_paste_open = {
        let pasted = pasted.clone();
        let import = import.clone();
        Callback::from(move |_: MouseEvent| {
            if let Some(area) = pasted.cast::<web_sys::HtmlTextAreaElement>() {
                import.emit((t("the pasted text").into(), area.value()));
            }
        })
    };
    html! {
        <div class="home" ondragover={Callback::from(|e: DragEvent| e.prevent_default())} ondrop={on_drop}>
            if !saves.is_empty() {
                <section aria-labelledby="saved-h">
                    <h2 id="saved-h">{t("Continue")}</h2>
                    <ul class="saved-list">{ for saves.iter().map(|(g, summary)| saved_row(g, summary.as_deref(), deleting, unsaved_why(s, &g.id), dispatch)) }</ul>
                    if hidden > 0 {
                        <button class="ghost-button" data-action="all-saves" onclick={crate::screens::click(dispatch, Action::AllSaves)}>
                            { tp(hidden, "Show {} more saved game", "Show {} more saved games") }
                        </button>
                    }
                </section>
            }
            <section aria-labelledby="games-h">
                <h2 id="games-h">{t("Games")}</h2>
                <div class="cards">{ for cards }</div>
                <p><a href="#roster" data-action="roster">{t("The 1983 roster")}</a>{" \u{b7} "}{t("five opponents of SSI's 1983 Fortress that learn from every game they finish")}</p>
                <p><a href="#maps" data-action="maps">{t("Maps")}</a>{" \u{b7} "}{t("draw your own maps, see which are fair, and share them")}</p>
            </section>
            <section class="import" aria-labelledby="import-h" data-import="">
                <h2 id="import-h">{t("Open a game")}</h2>
                <p class="muted small">{t("A game's record (a .json or .txt file, as Share downloads it) or its link: choose the file, drop it on this page, or paste it here.")}</p>
                <div class="row wrap">
                    <label class="file-button">
                        <input type="file" accept=".json,.txt,application/json,text/plain" data-import-file="" onchange={on_pick} />
                        {t("Choose a file")}
                    </label>
                </div>
                <textarea ref={pasted} rows="3" data-import-text="" aria-label={t("A game's record or link")}
                    placeholder={t("Paste a record or a link")} />
                <div class="row">
                    { crate::widgets::button("import", "", t("Open"), on_paste_open) }
                </div>
            </section>
            if !s.library.aside.is_empty() {
                <section class="aside-list" aria-labelledby="aside-h">
                    <h2 id="aside-h">{t("Set aside")}</h2>
                    <p class="muted small">{t("Saves that could not be opened, kept as they were found: download one to keep it (or to report it), or delete it.")}</p>
                    <ul class="saved-list">{ for s.library.aside.iter().map(|a| aside_row(a, deleting, dispatch)) }</ul>
                </section>
            }
        </div>
    }
}

/// The settings screen (the top bar's **Settings**, or `#settings`).
pub fn settings_screen(s: &AppState, dispatch: &Callback<Action>) -> Html {
    html! {
        <section class="settings" aria-labelledby="settings-h">
            <h1 id="settings-h">{t("Settings")}</h1>
            { settings_panel(s, dispatch) }
            <p>
                { crate::widgets::button("bench", "ghost-button", t("Engine benchmark"), crate::screens::click(dispatch, Action::Bench)) }
                <span class="hint">{" "}{t("How fast this device plays random games of each variant.")}</span>
            </p>
            <p>
                { crate::widgets::button("home", "primary", t("Back to the games"), crate::screens::click(dispatch, Action::Home)) }
            </p>
        </section>
    }
}

/// Which boards show coordinates: square ones (the default), all, none.
fn coordinates_select(s: &AppState, dispatch: &Callback<Action>) -> Html {
    use crate::settings::Coordinates;
    let now = s.settings.coordinates;
    let options = html! {
        { for Coordinates::ALL.iter().map(|(c, key, label)| html! {
            <option value={*key} selected={*c == now}>{ t(label) }</option>
        }) }
    };
    select_setting(
        s,
        dispatch,
        "coordinates",
        t("Coordinates"),
        t("Letters and numbers along a board's edges, as the move list names cells."),
        options,
        |n, key| n.coordinates = Coordinates::from_key(key).unwrap_or_default(),
    )
}

/// The app's language: the browser's (the default), or one chosen.
fn language_select(s: &AppState, dispatch: &Callback<Action>) -> Html {
    use crate::i18n::Lang;
    let now = s.settings.lang;
    let options = html! {
        <>
            <option value="auto" selected={now.is_none()}>{ tf("As the browser asks ({})", &[&crate::i18n::browser_lang().name()]) }</option>
            { for Lang::ALL.iter().map(|l| html! {
                <option value={l.code()} lang={l.code()} selected={now == Some(*l)}>{ l.name() }</option>
            }) }
        </>
    };
    select_setting(
        s,
        dispatch,
        "lang",
        "Language \u{b7} Мова",
        t("The app's words and the rules pages."),
        options,
        |n, code| n.lang = Lang::from_code(code),
    )
}

/// A setting chosen from a list (`options`): `set` stores the chosen value.
fn select_setting(
    s: &AppState,
    dispatch: &Callback<Action>,
    key: &'static str,
    label: &str,
    hint: &str,
    options: Html,
    set: fn(&mut crate::model::Settings, &str),
) -> Html {
    let settings = s.settings.clone();
    let d = dispatch.clone();
    let onchange = Callback::from(move |e: Event| {
        let value = e
            .target_unchecked_into::<web_sys::HtmlSelectElement>()
            .value();
        let mut n = settings.clone();
        set(&mut n, &value);
        d.emit(Action::Settings(n));
    });
    html! {
        <label class="select-setting">
            <span>{ label.to_string() }<span class="hint">{" "}{ hint.to_string() }</span></span>
            <select data-setting={key} onchange={onchange}>{ options }</select>
        </label>
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
                <span>{ t(label) }<span class="hint">{" "}{ t(hint) }</span></span>
            </label>
        }
    };
    html! {
        <div class="settings-list">
            { toggle(|s, v| s.confirm_tap = v, n_("Confirm taps"), n_("On a touch screen, the first tap shows a ghost piece; tap again to play."), s.settings.confirm_tap, "confirm-tap") }
            { toggle(|s, v| s.confirm_mouse = v, n_("Confirm clicks too"), n_("The same with a mouse or a pen (off: one click plays; a key always plays at once)."), s.settings.confirm_mouse, "confirm-mouse") }
            { toggle(|s, v| s.table_mode = v, n_("Table mode"), n_("Each player's panel faces them around the board."), s.settings.table_mode, "table-mode") }
            { toggle(|s, v| s.animations = v, n_("Animations"), n_("Captures fade, moves pulse (off if your system asks for less motion)."), s.settings.animations, "animations") }
            { toggle(|s, v| s.sound = v, n_("Sound"), n_("Short, quiet sounds: a placement, a capture, your turn coming round, the end of a game."), s.settings.sound, "sound") }
            { toggle(|s, v| s.high_contrast = v, n_("High contrast"), n_("Black and white with stronger lines and text (as when your system asks for more contrast)."), s.settings.high_contrast, "high-contrast") }
            { toggle(|s, v| s.eval_bar = v, n_("Evaluation bar"), n_("Beside the board, each player's chance of winning from the analysis: in games among people here as they go, and in any game once it is over."), s.settings.eval_bar, "eval-bar") }
            { coordinates_select(s, dispatch) }
            { language_select(s, dispatch) }
            { toggle(|s, v| s.quick_computer = v, n_("Quick computer"), n_("The computer's moves appear as soon as they are found, not after half a second."), s.settings.quick_computer, "quick-computer") }
        </div>
    }
}
