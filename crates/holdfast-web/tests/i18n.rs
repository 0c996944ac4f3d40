//! English and Ukrainian: every text the code marks for translation (`t("…")`,
//! `tf("…", …)`, `tp(n, "…", "…")`, `n_("…")`, the English being the key) has an
//! entry in the Ukrainian catalogue, `web/uk.js`; every long text the code names by
//! id (`tx("fort.rules")`) has one in the English catalogue, `web/en.js`, and in the
//! Ukrainian; every entry there is still used; each entry has the same `{}` holes as
//! its English (a count's entry holds three forms, `|` between them, each with the
//! count's hole), and each long text the same blocks (headings, list items,
//! diagrams) in the same order.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// The value of a Rust string literal starting at `text` (just after its opening
/// quote), and the rest after its closing one.
fn literal(text: &str) -> Option<(String, &str)> {
    let mut out = String::new();
    let mut chars = text.char_indices();
    while let Some((i, c)) = chars.next() {
        match c {
            '"' => return Some((out, &text[i + 1..])),
            '\\' => match chars.next()?.1 {
                'n' => out.push('\n'),
                't' => out.push('\t'),
                '\\' => out.push('\\'),
                '"' => out.push('"'),
                '\'' => out.push('\''),
                '\n' => {
                    // A line continuation: the next line's leading spaces go too.
                    let rest = &text[i + 2..];
                    let skip = rest.len() - rest.trim_start().len();
                    for _ in 0..skip {
                        chars.next();
                    }
                }
                'u' => {
                    let rest = &text[i + 2..];
                    let end = rest.find('}')?;
                    let code = u32::from_str_radix(&rest[1..end], 16).ok()?;
                    out.push(char::from_u32(code)?);
                    for _ in 0..=end {
                        chars.next();
                    }
                }
                other => panic!("unexpected escape \\{other}"),
            },
            c => out.push(c),
        }
    }
    None
}

/// What a key is: a short text, a count (`tp`) or a long text's id (`tx`).
#[derive(Clone, Copy, Debug, PartialEq)]
enum Kind {
    Text,
    Count,
    Id,
}

/// Long texts written in one language only, the same whatever the app speaks: the
/// seed's own Ukrainian text of Frontier.
const ONE_LANGUAGE: &[&str] = &["frontier.original"];

/// The keys a source file marks, with what kind each is.
fn keys(text: &str, out: &mut BTreeMap<String, Kind>) {
    for marker in ["t(", "tf(", "n_(", "tp(", "tp_with(", "tx("] {
        let mut at = 0;
        while let Some(i) = text[at..].find(marker) {
            let start = at + i;
            at = start + marker.len();
            // A whole word: `t(` and not `set(` or `format(`.
            let before = text[..start].chars().next_back();
            if before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == '.') {
                continue;
            }
            let mut rest = text[at..].trim_start();
            if marker == "tp(" || marker == "tp_with(" {
                // tp(count, "one", "many"): the key is the first literal.
                let Some(q) = rest.find('"') else { continue };
                // (Still inside the call: no `)` closes it before the literal.)
                let mut depth = 0i32;
                for c in rest[..q].chars() {
                    depth += match c {
                        '(' => 1,
                        ')' => -1,
                        _ => 0,
                    };
                    if depth < 0 {
                        break;
                    }
                }
                if depth != 0 {
                    continue;
                }
                rest = &rest[q..];
            }
            let Some(body) = rest.strip_prefix('"') else {
                continue;
            };
            let (key, _) = literal(body).expect("an unterminated literal");
            let kind = match marker {
                "tp(" | "tp_with(" => Kind::Count,
                "tx(" => Kind::Id,
                _ => Kind::Text,
            };
            out.insert(key, kind);
        }
    }
}

fn visit(dir: &Path, out: &mut BTreeMap<String, Kind>) {
    for entry in std::fs::read_dir(dir).unwrap().flatten() {
        let path = entry.path();
        if path.is_dir() {
            visit(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            let text = std::fs::read_to_string(&path).unwrap();
            // Comments show the markers in examples; i18n.rs's own tests use a
            // catalogue of their own.
            let mut code: String = text
                .lines()
                .filter(|l| !l.trim_start().starts_with("//"))
                .collect::<Vec<_>>()
                .join("\n");
            if path.ends_with("i18n.rs") {
                code = code
                    .split("#[cfg(test)]")
                    .next()
                    .unwrap_or_default()
                    .to_string();
            }
            keys(&code, out);
        }
    }
}

/// The ids of the texts of every lesson in the books in `dir`
/// (`lesson.GAME.ID.title`, `.task`, `.hint`, `.done`).
fn lesson_ids(dir: &Path) -> Vec<String> {
    let mut out = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap().flatten() {
        let book: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(entry.path()).unwrap()).unwrap();
        let game = book["game"].as_str().unwrap().to_string();
        for lesson in book["lessons"].as_array().unwrap() {
            let id = lesson["id"].as_str().unwrap();
            for part in ["title", "task", "hint", "done"] {
                out.push(format!("lesson.{game}.{id}.{part}"));
            }
        }
    }
    out
}

/// The catalogue `web/<name>`.
fn catalogue(name: &str) -> BTreeMap<String, String> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../web")
        .join(name);
    let text = std::fs::read_to_string(&path).unwrap();
    let start = text.find("= {").expect("`... = {`") + 2;
    let end = text.rfind('}').unwrap() + 1;
    let json = &text[start..end];
    // The app searches the entries in the file's order: they must be sorted by key
    // (byte order, as Rust compares strings), one entry a line, each key once.
    let order: Vec<String> = json
        .lines()
        .map(str::trim_start)
        .filter(|l| l.starts_with('"'))
        .map(|l| {
            // The key: the JSON string up to its first unescaped closing quote.
            let mut escaped = false;
            let end = l
                .char_indices()
                .skip(1)
                .find(|&(_, c)| {
                    let close = c == '"' && !escaped;
                    escaped = c == '\\' && !escaped;
                    close
                })
                .expect("an entry `\"key\": \"value\"` a line")
                .0
                + 1;
            serde_json::from_str::<String>(&l[..end]).expect("a key")
        })
        .collect();
    assert!(
        order.windows(2).all(|w| w[0] < w[1]),
        "{name}: entries out of order or repeated (sort them by key)"
    );
    let map: BTreeMap<String, String> =
        serde_json::from_str(json).unwrap_or_else(|e| panic!("{name} is not JSON: {e}"));
    assert_eq!(map.len(), order.len(), "{name}: one entry a line");
    map
}

fn holes(s: &str) -> usize {
    s.matches("{}").count()
}

/// The keys of `web/recover.js` (the screen shown if the app stops, in plain
/// JavaScript): each `tr('…')`.
fn script_keys(text: &str, out: &mut BTreeMap<String, Kind>) {
    for (i, _) in text.match_indices("tr('") {
        let mut key = String::new();
        let mut chars = text[i + 4..].chars();
        while let Some(c) = chars.next() {
            match c {
                '\'' => break,
                '\\' => key.extend(chars.next()),
                c => key.push(c),
            }
        }
        out.insert(key, Kind::Text);
    }
}

/// The shape of a long text: each block's kind (`#`, `##`, `-`, `@1`…, `p`).
fn blocks(text: &str) -> Vec<String> {
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .map(|l| {
            if l.starts_with('#') {
                l.split(' ').next().unwrap_or_default().to_string()
            } else if l.starts_with("- ") {
                "-".to_string()
            } else if l.starts_with('@') {
                l.split(' ').next().unwrap_or_default().to_string()
            } else {
                "p".to_string()
            }
        })
        .collect()
}

fn entries(keys: &[&String]) -> String {
    keys.iter()
        .map(|k| format!("  {}: \"\"", serde_json::to_string(k).unwrap()))
        .collect::<Vec<_>>()
        .join(",\n")
}

#[test]
fn every_text_has_its_ukrainian_and_every_ukrainian_its_text() {
    let mut used = BTreeMap::new();
    visit(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("src"),
        &mut used,
    );
    let web = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../web");
    script_keys(
        &std::fs::read_to_string(web.join("recover.js")).unwrap(),
        &mut used,
    );
    // Each lesson's four texts (their ids are made from the books').
    let lessons = lesson_ids(&web.join("lessons"));
    assert!(
        lessons.len() >= 5 * 6 * 4,
        "only {} lesson texts",
        lessons.len()
    );
    for id in lessons {
        used.insert(id, Kind::Id);
    }
    assert!(used.len() > 50, "the scan found only {} keys", used.len());
    let en = catalogue("en.js");
    let uk = catalogue("uk.js");
    let ids: Vec<&String> = used.keys().filter(|k| used[*k] == Kind::Id).collect();
    assert!(
        ids.len() >= 6,
        "the scan found only {} long texts",
        ids.len()
    );
    for id in &ids {
        assert!(
            !id.contains(' ') && id.contains('.'),
            "a long text's id is dotted words, like fort.rules: {id:?}"
        );
    }
    let no_english: Vec<&String> = ids
        .iter()
        .copied()
        .filter(|k| !en.contains_key(*k))
        .collect();
    assert!(
        no_english.is_empty(),
        "{} long texts have no English in web/en.js:\n{}",
        no_english.len(),
        entries(&no_english)
    );
    let unused: Vec<&String> = en
        .keys()
        .filter(|k| used.get(*k) != Some(&Kind::Id))
        .collect();
    assert!(
        unused.is_empty(),
        "web/en.js has entries no code uses: {unused:#?}"
    );
    let missing: Vec<&String> = used
        .keys()
        .filter(|k| !uk.contains_key(*k) && !ONE_LANGUAGE.contains(&k.as_str()))
        .collect();
    let unused: Vec<&String> = uk.keys().filter(|k| !used.contains_key(*k)).collect();
    assert!(
        missing.is_empty(),
        "{} texts have no Ukrainian in web/uk.js:\n{}",
        missing.len(),
        entries(&missing)
    );
    assert!(
        unused.is_empty(),
        "web/uk.js has entries no code uses: {unused:#?}"
    );
    let mut bad = BTreeSet::new();
    for (key, &kind) in &used {
        let Some(value) = uk.get(key) else { continue };
        let ok = match kind {
            Kind::Text => !value.trim().is_empty() && holes(value) == holes(key),
            Kind::Count => {
                let forms: Vec<&str> = value.split('|').collect();
                forms.len() == 3
                    && forms
                        .iter()
                        .all(|f| !f.trim().is_empty() && holes(f) == holes(key))
            }
            Kind::Id => blocks(value) == blocks(&en[key]),
        };
        if !ok {
            bad.insert(key.clone());
        }
    }
    assert!(
        bad.is_empty(),
        "entries whose holes, forms or blocks do not match: {bad:#?}"
    );
}

#[test]
fn a_long_text_is_read_block_by_block() {
    assert_eq!(
        blocks("# Title\nA paragraph.\n\n## Heading\n- **An** item\n@2 A caption"),
        ["#", "p", "##", "-", "@2"]
    );
}

#[test]
fn the_scan_reads_literals_as_rust_does() {
    let mut out = BTreeMap::new();
    keys(
        r#"t("a \"b\" \u{b7} c") + tx("x.y") + tf("{} wins", &[&x]) + tp((n / 2) as usize, "{} move", "{} moves") + set("no") + n_("d\
            e")"#,
        &mut out,
    );
    let found: Vec<(&str, Kind)> = out.iter().map(|(k, &c)| (k.as_str(), c)).collect();
    assert_eq!(
        found,
        [
            ("a \"b\" \u{b7} c", Kind::Text),
            ("de", Kind::Text),
            ("x.y", Kind::Id),
            ("{} move", Kind::Count),
            ("{} wins", Kind::Text)
        ]
    );
}
