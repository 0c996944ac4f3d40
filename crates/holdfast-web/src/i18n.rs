//! English and Ukrainian. A short text is its own key: a string the player sees is
//! written in English at its place in the code, wrapped in [`t`] (a sentence), [`tf`]
//! (one with `{}` holes for names and numbers, filled in order) or [`tp`] (a count:
//! `{} move` / `{} moves`); [`n_`] marks English text kept in a constant, translated
//! where it is shown. A long text (a rules page, a help paragraph) has an id instead
//! ([`tx`], `"fort.rules"`), and its English is in `web/en.js`, beside the app: it
//! costs the wasm nothing. The Ukrainian of both kinds is in `web/uk.js`. Both
//! catalogues are loaded by the page and read once, when first needed.
//! `tests/i18n.rs` reads every key in the code and fails on one missing from a
//! catalogue (or an entry the code no longer uses, or one whose holes do not match).
//! The rules crate's reasons are typed, each said by a `match` ([`Words`]).

use std::cell::{Cell, RefCell};
use std::fmt::Display;

use holdfast_rules::game::Unit;
use holdfast_rules::{MoveError, Seat};
use serde::{Deserialize, Serialize};

mod reasons;

/// A language of the app.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Lang {
    #[default]
    En,
    Uk,
}

impl Lang {
    pub const ALL: [Lang; 2] = [Lang::En, Lang::Uk];

    /// The language's code (BCP 47), for `<html lang>`.
    pub fn code(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Uk => "uk",
        }
    }

    pub fn from_code(code: &str) -> Option<Lang> {
        Lang::ALL.into_iter().find(|l| l.code() == code)
    }

    /// The language's name in itself.
    pub fn name(self) -> &'static str {
        match self {
            Lang::En => "English",
            Lang::Uk => "Українська",
        }
    }

    /// The language a browser's list of preferred languages (`navigator.languages`)
    /// asks for first among the app's: Ukrainian for `uk` or `uk-UA`, else English.
    pub fn preferred<'a>(codes: impl IntoIterator<Item = &'a str>) -> Lang {
        codes
            .into_iter()
            .find_map(|c| Lang::from_code(&c.split('-').next()?.to_ascii_lowercase()))
            .unwrap_or_default()
    }
}

/// A catalogue once read: its entries in the file's order, which is sorted by key
/// (`tests/i18n.rs` checks), for a binary search; its strings live as long as the
/// app. (No map and no sort: the smaller wasm.)
type Catalogue = Option<Vec<(&'static str, &'static str)>>;

thread_local! {
    static LANG: Cell<Lang> = const { Cell::new(Lang::En) };
    /// The catalogues, English's (long texts by id) and Ukrainian's.
    static CATALOGUES: RefCell<[Catalogue; 2]> = const { RefCell::new([None, None]) };
}

/// The language the app speaks now.
pub fn lang() -> Lang {
    LANG.with(Cell::get)
}

/// Speaks `lang` from now on; its catalogue is read the first time (from the page;
/// [`load_catalogue`] in native tests). The page loads only the catalogue of the
/// language in use (`web/boot.js`): one not there yet is asked for, and the app
/// says everything again when it comes ([`catalogue_missing`]). Without
/// Ukrainian's, the English shows; without English's, a long text shows its id.
pub fn set_lang(lang: Lang) {
    LANG.with(|l| l.set(lang));
    for l in [Lang::En, lang] {
        if CATALOGUES.with(|c| c.borrow()[l as usize].is_none()) {
            if let Some(entries) = page_catalogue(l) {
                install(l, entries);
            } else if l == lang {
                request_catalogue(l);
            }
        }
    }
}

/// Whether the language in use still waits for its catalogue: not read yet, and
/// the page has not given up on it (`holdfastCatalogues.settled`, set by
/// `web/boot.js` when a catalogue came or failed to, or after a few seconds).
pub fn catalogue_missing() -> bool {
    let l = lang();
    CATALOGUES.with(|c| c.borrow()[l as usize].is_none()) && !page_settled()
}

fn page_settled() -> bool {
    #[cfg(target_arch = "wasm32")]
    {
        web_sys::window()
            .and_then(|w| js_sys::Reflect::get(&w, &"holdfastCatalogues".into()).ok())
            .and_then(|all| js_sys::Reflect::get(&all, &"settled".into()).ok())
            .is_some_and(|v| v.is_truthy())
    }
    #[cfg(not(target_arch = "wasm32"))]
    true
}

/// Asks the page for `lang`'s catalogue (`holdfastCatalogues.load`, web/boot.js),
/// which fires `holdfast-catalogue` on the window when it has come.
fn request_catalogue(lang: Lang) {
    #[cfg(target_arch = "wasm32")]
    {
        let Some(w) = web_sys::window() else { return };
        let Ok(all) = js_sys::Reflect::get(&w, &"holdfastCatalogues".into()) else {
            return;
        };
        let Ok(load) = js_sys::Reflect::get(&all, &"load".into()) else {
            return;
        };
        if let Ok(load) = wasm_bindgen::JsCast::dyn_into::<js_sys::Function>(load) {
            let _ = load.call1(&all, &lang.code().into());
        }
    }
    #[cfg(not(target_arch = "wasm32"))]
    let _ = lang;
}

/// Reads a catalogue's text (the JSON object of `web/en.js` or `web/uk.js`) as
/// `lang`'s.
pub fn load_catalogue(lang: Lang, json: &str) -> Result<(), String> {
    let map: std::collections::BTreeMap<String, String> =
        serde_json::from_str(json).map_err(|e| e.to_string())?;
    install(lang, map.into_iter().collect());
    Ok(())
}

fn install(lang: Lang, entries: Vec<(String, String)>) {
    let list = entries
        .into_iter()
        .map(|(k, v)| -> (&'static str, &'static str) { (k.leak(), v.leak()) })
        .collect();
    CATALOGUES.with(|c| c.borrow_mut()[lang as usize] = Some(list));
}

/// `key`'s entry in `lang`'s catalogue.
fn lookup(lang: Lang, key: &str) -> Option<&'static str> {
    CATALOGUES.with(|c| {
        let list = c.borrow();
        let list = list[lang as usize].as_deref()?;
        let i = list
            .binary_search_by(|(k, _)| k.as_bytes().cmp(key.as_bytes()))
            .ok()?;
        Some(list[i].1)
    })
}

/// The language the browser asks for (`navigator.languages`): Ukrainian or English.
pub fn browser_lang() -> Lang {
    #[cfg(target_arch = "wasm32")]
    {
        let codes: Vec<String> = web_sys::window()
            .map(|w| {
                w.navigator()
                    .languages()
                    .iter()
                    .filter_map(|v| v.as_string())
                    .collect()
            })
            .unwrap_or_default();
        Lang::preferred(codes.iter().map(String::as_str))
    }
    #[cfg(not(target_arch = "wasm32"))]
    Lang::En
}

/// The catalogue `web/en.js` or `web/uk.js` put on the page
/// (`window.holdfastCatalogues.en`, `.uk`).
fn page_catalogue(lang: Lang) -> Option<Vec<(String, String)>> {
    #[cfg(target_arch = "wasm32")]
    {
        let w = web_sys::window()?;
        let all = js_sys::Reflect::get(&w, &"holdfastCatalogues".into()).ok()?;
        let one = js_sys::Reflect::get(&all, &lang.code().into()).ok()?;
        let one: js_sys::Object = wasm_bindgen::JsCast::dyn_into(one).ok()?;
        Some(
            js_sys::Object::entries(&one)
                .iter()
                .filter_map(|e| {
                    let pair: js_sys::Array = wasm_bindgen::JsCast::dyn_into(e).ok()?;
                    Some((pair.get(0).as_string()?, pair.get(1).as_string()?))
                })
                .collect(),
        )
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        let _ = lang;
        None
    }
}

/// English text in a constant, marked for the catalogue; [`t`] translates it where
/// it is shown.
pub const fn n_(en: &'static str) -> &'static str {
    en
}

/// `en` in the app's language.
pub fn t(en: &'static str) -> &'static str {
    match lang() {
        Lang::En => en,
        l => lookup(l, en).unwrap_or(en),
    }
}

/// The long text `id` (`"fort.rules"`) in the app's language, else in English.
pub fn tx(id: &'static str) -> &'static str {
    lookup(lang(), id)
        .or_else(|| lookup(Lang::En, id))
        .unwrap_or(id)
}

/// The long text `id` made at run time (a lesson's, `lesson.fort.walk.task`: the
/// book names its lessons) in the app's language, else in English; empty when
/// neither catalogue has it (`tests/i18n.rs` checks every lesson's).
pub fn tx_id(id: &str) -> &'static str {
    lookup(lang(), id)
        .or_else(|| lookup(Lang::En, id))
        .unwrap_or("")
}

/// `en` in the app's language, its `{}` holes filled with `args` in order.
pub fn tf(en: &'static str, args: &[&dyn Display]) -> String {
    fill(t(en), args)
}

/// A count: `one` (`{} move`) or `many` (`{} moves`) in English; in Ukrainian the
/// catalogue's entry for `one` holds the three forms, `|` between them (1, 21…;
/// 2-4, 22-24…; 5-20, 25…, 0).
pub fn tp(n: usize, one: &'static str, many: &'static str) -> String {
    tp_with(n, one, many, &[])
}

/// A count with more holes after the count's (`{} {} piece`: the count, then `more`
/// in order).
pub fn tp_with(n: usize, one: &'static str, many: &'static str, more: &[&dyn Display]) -> String {
    let form = match lookup(lang(), one).filter(|_| lang() != Lang::En) {
        // English, or no entry: English's two forms.
        None => {
            if n == 1 {
                one
            } else {
                many
            }
        }
        Some(entry) => {
            let forms: Vec<&str> = entry.split('|').collect();
            let k = if n % 10 == 1 && n % 100 != 11 {
                0
            } else if (2..=4).contains(&(n % 10)) && !(12..=14).contains(&(n % 100)) {
                1
            } else {
                2
            };
            forms.get(k).or(forms.last()).copied().unwrap_or(many)
        }
    };
    let args: Vec<&dyn Display> = std::iter::once(&n as &dyn Display)
        .chain(more.iter().copied())
        .collect();
    fill(form, &args)
}

fn fill(template: &str, args: &[&dyn Display]) -> String {
    let mut out = String::with_capacity(template.len() + 16);
    let mut args = args.iter();
    let mut rest = template;
    while let Some(i) = rest.find("{}") {
        out.push_str(&rest[..i]);
        match args.next() {
            Some(a) => out.push_str(&a.to_string()),
            None => out.push_str("{}"),
        }
        rest = &rest[i + 2..];
    }
    out.push_str(rest);
    out
}

/// Something the rules crate refuses with (a move's reason, a setup's, a record's,
/// a link's), in the app's language. Each type is said by a `match` over its
/// variants, the English of its `Display` being the keys, so that in English the
/// words are the rules' own sentence: the shared types' words are in
/// `i18n/reasons.rs`, each game's own beside the game's app code
/// (`games/<game>/words.rs`).
pub trait Words {
    fn words(&self) -> String;
}

/// Why a move is refused, in one plain sentence in the app's language (the rules'
/// own sentence in English), naming seats with `name`.
pub fn move_sentence(e: &MoveError, name: &dyn Fn(Seat) -> String) -> String {
    match e {
        MoveError::GameOver => t("The game is over.").to_string(),
        MoveError::Unreadable(x) => tf("\u{201c}{}\u{201d} is not a move in this game.", &[x]),
        MoveError::UnknownCell(c) => tf("There is no cell called {} on this board.", &[c]),
        MoveError::HeldBy { cell, seat } => tf("{} is held by {}.", &[cell, &name(*seat)]),
        MoveError::Full { cell, capacity } => tf(
            "{} is full: {}.",
            &[cell, &tp(*capacity as usize, "{} piece", "{} pieces")],
        ),
        MoveError::MustRemove { target } => tf(
            "The attack on {} failed: first remove one of your pieces next to it.",
            &[target],
        ),
        MoveError::NotNow(why) => why.words(),
        MoveError::Cell { cell, why } => tf("{}: {}.", &[cell, &why.words()]),
        MoveError::Face { corner, why } => {
            tf("{}: {}.", &[&tf("face {}", &[corner]), &why.words()])
        }
        MoveError::Cost {
            cost,
            left,
            unit: Unit::Credit,
        } => tf(
            "Not enough credits: this costs {}, {} left this turn.",
            &[
                &tp(*cost as usize, "{} credit", "{} credits"),
                &tp(*left as usize, "{} credit", "{} credits"),
            ],
        ),
    }
}

/// Why an action is refused, as the app holds it until it is said: the rules'
/// reason ([`move_sentence`]), or one of the app's own (looking back at an earlier
/// position, a resigned game, a tap that chooses nothing), in words already.
#[derive(Clone, Debug, PartialEq)]
pub enum Refusal {
    Rules(MoveError),
    Said(String),
}

impl Refusal {
    /// The refusal in one plain sentence, naming seats with `name`.
    pub fn sentence(&self, name: &dyn Fn(Seat) -> String) -> String {
        match self {
            Refusal::Rules(e) => move_sentence(e, name),
            Refusal::Said(s) => s.clone(),
        }
    }
}

impl From<MoveError> for Refusal {
    fn from(e: MoveError) -> Refusal {
        Refusal::Rules(e)
    }
}

impl From<&MoveError> for Refusal {
    fn from(e: &MoveError) -> Refusal {
        Refusal::Rules(e.clone())
    }
}

impl From<&Refusal> for Refusal {
    fn from(e: &Refusal) -> Refusal {
        e.clone()
    }
}

#[cfg(test)]
pub(crate) use reasons::{every_variant, reasons_said_in_both, said_in_both};

/// Speaks Ukrainian with the real catalogue, `web/uk.js` (native tests).
#[cfg(test)]
pub fn speak_ukrainian_for_tests() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../web/uk.js");
    let text = std::fs::read_to_string(path).unwrap();
    let json = &text[text.find("= {").unwrap() + 2..text.rfind('}').unwrap() + 1];
    load_catalogue(Lang::Uk, json).unwrap();
    set_lang(Lang::Uk);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn english_is_the_key_and_ukrainian_comes_from_the_catalogue() {
        load_catalogue(Lang::En, r#"{"a.b": "Long", "c.d": "Only English"}"#).unwrap();
        load_catalogue(Lang::Uk, r#"{"a.b": "Довгий", "Start game": "Почати гру", "{} wins": "{} перемагає", "{} move": "{} хід|{} ходи|{} ходів"}"#).unwrap();
        set_lang(Lang::En);
        assert_eq!(t("Start game"), "Start game");
        assert_eq!(tf("{} wins", &[&"Ann"]), "Ann wins");
        assert_eq!(tp(1, "{} move", "{} moves"), "1 move");
        assert_eq!(tp(3, "{} move", "{} moves"), "3 moves");
        assert_eq!(
            tp_with(3, "{} {} piece", "{} {} pieces", &[&"Ann"]),
            "3 Ann pieces"
        );
        assert_eq!(tx("a.b"), "Long");
        set_lang(Lang::Uk);
        assert_eq!(tx("a.b"), "Довгий");
        assert_eq!(tx("c.d"), "Only English");
        assert_eq!(tx("e.f"), "e.f");
        assert_eq!(tp(5, "{} hex", "{} hexes"), "5 hexes");
        assert_eq!(t("Start game"), "Почати гру");
        assert_eq!(t("Not in the catalogue"), "Not in the catalogue");
        assert_eq!(tf("{} wins", &[&"Оля"]), "Оля перемагає");
        let counts: Vec<String> = [1, 2, 4, 5, 11, 12, 21, 22, 25, 0]
            .iter()
            .map(|&n| tp(n, "{} move", "{} moves"))
            .collect();
        assert_eq!(
            counts,
            [
                "1 хід",
                "2 ходи",
                "4 ходи",
                "5 ходів",
                "11 ходів",
                "12 ходів",
                "21 хід",
                "22 ходи",
                "25 ходів",
                "0 ходів"
            ]
        );
        set_lang(Lang::En);
    }

    #[test]
    fn the_browser_language_picks_ukrainian_or_english() {
        assert_eq!(Lang::preferred(["uk-UA", "en"]), Lang::Uk);
        assert_eq!(Lang::preferred(["de", "UK"]), Lang::Uk);
        assert_eq!(Lang::preferred(["en-GB", "uk"]), Lang::En);
        assert_eq!(Lang::preferred(["fr"]), Lang::En);
        assert_eq!(Lang::preferred([]), Lang::En);
    }
}
