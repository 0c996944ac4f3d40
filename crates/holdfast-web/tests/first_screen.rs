//! The first screen in `index.html` (drawn with no script while the app loads) says
//! what the app's home page will: every game, in the home page's order, with its
//! number of players, in English and in Ukrainian as the catalogue has them. A
//! game added to the app and not to the first screen (or a title changed in one
//! place only) fails here.

use std::path::Path;

use holdfast_web::i18n::{load_catalogue, set_lang, t, Lang};

fn read(rel: &str) -> String {
    std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../..")
            .join(rel),
    )
    .unwrap()
}

/// The first screen's text in one language: what its `<span lang=…>` hold.
fn spans(html: &str, lang: &str) -> Vec<String> {
    let screen = &html[html.find("id=\"first-screen\"").expect("the first screen")..];
    let open = format!("<span lang=\"{lang}\">");
    screen
        .match_indices(&open)
        .map(|(i, _)| {
            let rest = &screen[i + open.len()..];
            rest[..rest.find("</span>").unwrap()].to_string()
        })
        .collect()
}

#[test]
fn the_first_screen_names_every_game_as_the_home_page_does() {
    let html = read("index.html");
    let uk = read("web/uk.js");
    let json = &uk[uk.find("= {").unwrap() + 2..uk.rfind('}').unwrap() + 1];
    load_catalogue(Lang::Uk, json).unwrap();
    for lang in [Lang::En, Lang::Uk] {
        set_lang(lang);
        let said = spans(&html, lang.code());
        let expected: Vec<String> = holdfast_web::games::infos()
            .iter()
            .flat_map(|i| [t(i.title).to_string(), t(i.players).to_string()])
            .collect();
        // After the loading line and the heading: title and players, game by game.
        assert_eq!(said[1], t("Games"), "{lang:?}");
        assert_eq!(said[2..], expected[..], "{lang:?}");
    }
    set_lang(Lang::En);
}

#[test]
fn the_page_loads_one_catalogue_not_both() {
    let html = read("index.html");
    // The catalogues are copied under their own names for web/boot.js to load
    // the one in use, never put on the page as scripts.
    for name in ["web/en.js", "web/uk.js"] {
        assert!(
            html.contains(&format!("rel=\"copy-file\" href=\"{name}\"")),
            "{name} is copied"
        );
        assert!(
            !html.contains(&format!("src=\"{name}\"")),
            "{name} is not loaded by the page"
        );
    }
    assert!(html.contains("src=\"web/boot.js\""));
}
