//! English and Ukrainian: every text the code marks for translation (`t("…")`,
//! `tf("…", …)`, `tp(n, "…", "…")`, `n_("…")`, the English being the key) has an
//! entry in the Ukrainian catalogue, `web/uk.js`; every entry there is still used;
//! and each entry has the same `{}` holes as its English (a count's entry holds three
//! forms, `|` between them, each with the count's hole).

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

/// The keys a source file marks, with what kind each is (`tp`: a count).
fn keys(text: &str, out: &mut BTreeMap<String, bool>) {
    for marker in ["t(", "tf(", "n_(", "tp("] {
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
            if marker == "tp(" {
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
            out.insert(key, marker == "tp(");
        }
    }
}

fn visit(dir: &Path, out: &mut BTreeMap<String, bool>) {
    for entry in std::fs::read_dir(dir).unwrap().flatten() {
        let path = entry.path();
        if path.is_dir() {
            visit(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") && !path.ends_with("i18n.rs") {
            keys(&std::fs::read_to_string(&path).unwrap(), out);
        }
    }
}

fn catalogue() -> BTreeMap<String, String> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../web/uk.js");
    let text = std::fs::read_to_string(&path).unwrap();
    let start = text.find("= {").expect("uk.js: `... = {`") + 2;
    let end = text.rfind('}').unwrap() + 1;
    let json = &text[start..end];
    // The app searches the entries in the file's order: they must be sorted by key
    // (byte order, as Rust compares strings), one entry a line, each key once.
    let order: Vec<String> = json
        .lines()
        .map(str::trim_start)
        .filter(|l| l.starts_with('"'))
        .map(|l| {
            let end = l
                .find("\": ")
                .expect("an entry `\"key\": \"value\"` a line")
                + 1;
            serde_json::from_str::<String>(&l[..end]).expect("a key")
        })
        .collect();
    assert!(
        order.windows(2).all(|w| w[0] < w[1]),
        "uk.js: entries out of order or repeated (sort them by key)"
    );
    let map: BTreeMap<String, String> =
        serde_json::from_str(json).unwrap_or_else(|e| panic!("uk.js is not JSON: {e}"));
    assert_eq!(map.len(), order.len(), "uk.js: one entry a line");
    map
}

fn holes(s: &str) -> usize {
    s.matches("{}").count()
}

#[test]
fn every_text_has_its_ukrainian_and_every_ukrainian_its_text() {
    let mut used = BTreeMap::new();
    visit(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("src"),
        &mut used,
    );
    assert!(used.len() > 50, "the scan found only {} keys", used.len());
    let uk = catalogue();
    let missing: Vec<&String> = used.keys().filter(|k| !uk.contains_key(*k)).collect();
    let unused: Vec<&String> = uk.keys().filter(|k| !used.contains_key(*k)).collect();
    assert!(
        missing.is_empty(),
        "{} texts have no Ukrainian in web/uk.js:\n{}",
        missing.len(),
        missing
            .iter()
            .map(|k| format!("  {}: \"\"", serde_json::to_string(k).unwrap()))
            .collect::<Vec<_>>()
            .join(",\n")
    );
    assert!(
        unused.is_empty(),
        "web/uk.js has entries no code uses: {unused:#?}"
    );
    let mut bad = BTreeSet::new();
    for (key, &count) in &used {
        let value = &uk[key];
        let forms: Vec<&str> = if count {
            value.split('|').collect()
        } else {
            vec![value]
        };
        if (count && forms.len() != 3)
            || forms
                .iter()
                .any(|f| f.trim().is_empty() || holes(f) != holes(key))
        {
            bad.insert(key.clone());
        }
    }
    assert!(
        bad.is_empty(),
        "entries whose holes or forms do not match: {bad:#?}"
    );
}

#[test]
fn the_scan_reads_literals_as_rust_does() {
    let mut out = BTreeMap::new();
    keys(
        r#"t("a \"b\" \u{b7} c") + tf("{} wins", &[&x]) + tp((n / 2) as usize, "{} move", "{} moves") + set("no") + n_("d\
            e")"#,
        &mut out,
    );
    let found: Vec<(&str, bool)> = out.iter().map(|(k, &c)| (k.as_str(), c)).collect();
    assert_eq!(
        found,
        [
            ("a \"b\" \u{b7} c", false),
            ("de", false),
            ("{} move", true),
            ("{} wins", false)
        ]
    );
}
