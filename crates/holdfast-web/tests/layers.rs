//! The web crate's modules stand in layers: a module uses only modules below it, so
//! there is no loop (docs/architecture.md draws them). This reads the sources and
//! fails on any `crate::` path that reaches up or sideways.

use std::path::Path;

/// Bottom first. A module may use a module of a lower rank only.
const LAYERS: &[(&str, u8)] = &[
    ("i18n", 0),
    ("board", 1),
    ("clock", 1),
    ("seat", 1),
    ("widgets", 2),
    ("fairness", 2),
    ("session", 2),
    ("settings", 2),
    ("storage", 2),
    ("link", 2),
    ("route", 2),
    ("bench_worker", 2),
    ("balance_worker", 2),
    ("think", 2),
    ("analyse", 2),
    ("worker", 3),
    ("worker_link", 4),
    ("game_ui", 3),
    ("games", 4),
    ("notice", 5),
    ("maps", 5),
    ("model", 6),
    ("screens", 7),
    ("searching", 7),
    ("runner", 8),
    ("app", 9),
    ("lib", 10),
    ("main", 10),
    ("bin", 10),
];

fn rank(module: &str) -> u8 {
    LAYERS
        .iter()
        .find(|(m, _)| *m == module)
        .map(|&(_, r)| r)
        .unwrap_or_else(|| panic!("module {module} is not in the layer list"))
}

fn visit(dir: &Path, out: &mut Vec<(String, String)>) {
    for entry in std::fs::read_dir(dir).unwrap().flatten() {
        let path = entry.path();
        if path.is_dir() {
            visit(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push((
                path.display().to_string(),
                std::fs::read_to_string(&path).unwrap(),
            ));
        }
    }
}

/// Every `crate::…` path in the code (comments left out), with the top-level module
/// it names; grouped paths (`crate::{a, b::c}`) give one each.
fn crate_paths(text: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    for line in text.lines() {
        let code = line.split("//").next().unwrap();
        for (i, _) in code.match_indices("crate::") {
            let rest = &code[i + 7..];
            let paths: Vec<String> = match rest.strip_prefix('{') {
                Some(group) => group
                    .split([',', '}'])
                    .map(|p| p.trim().to_string())
                    .filter(|p| !p.is_empty())
                    .collect(),
                None => vec![rest
                    .chars()
                    .take_while(|c| c.is_ascii_alphanumeric() || *c == '_' || *c == ':')
                    .collect()],
            };
            for path in paths {
                let module: String = path
                    .chars()
                    .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                    .collect();
                if !module.is_empty() {
                    out.push((module, path));
                }
            }
        }
    }
    out
}

#[test]
fn paths_are_read_grouped_or_not() {
    let found = crate_paths(
        "use crate::{model, games::fort::Ui};\nlet x = crate::board::Board; // crate::app",
    );
    let modules: Vec<&str> = found.iter().map(|(m, _)| m.as_str()).collect();
    assert_eq!(modules, ["model", "games", "board"]);
    assert_eq!(found[1].1, "games::fort::Ui");
}

#[test]
fn no_module_uses_one_above_it() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    visit(&src, &mut files);
    assert!(files.len() > 10);
    let mut wrong = Vec::new();
    for (path, text) in &files {
        let rel = path.strip_prefix(&*src.display().to_string()).unwrap();
        let own = rel
            .trim_start_matches('/')
            .split(['/', '.'])
            .next()
            .unwrap();
        let own_rank = rank(own);
        // The game a file belongs to, for files of one game (games/fort.rs,
        // games/frontier/rules.rs); games/mod.rs is the list and may name them all.
        let parts: Vec<&str> = rel.trim_start_matches('/').split('/').collect();
        let own_game = (own == "games" && parts.get(1).is_some_and(|p| *p != "mod.rs"))
            .then(|| parts[1].trim_end_matches(".rs"));
        for (used, path) in crate_paths(text) {
            if used != own && rank(&used) >= own_rank {
                wrong.push(format!("{rel}: {own} uses {used} ({path})"));
            }
            if let (Some(mine), Some(other)) = (own_game, path.strip_prefix("games::")) {
                let other = other.split("::").next().unwrap_or_default();
                if other != mine {
                    wrong.push(format!(
                        "{rel}: the game {mine} uses the game {other} ({path})"
                    ));
                }
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "modules using one above them:\n{}",
        wrong.join("\n")
    );
}

/// The code of a file, its tests and comments left out.
fn code_of(text: &str) -> String {
    let code = text.split("#[cfg(test)]").next().unwrap_or_default();
    code.lines()
        .map(|l| l.split("//").next().unwrap_or_default())
        .collect::<Vec<_>>()
        .join("\n")
}

/// Where `code` calls the function `name` (`t(`, `crate::i18n::t(`), not a
/// method or another name ending so (`.t(`, `at(`).
fn calls(code: &str, name: &str) -> bool {
    code.match_indices(&format!("{name}(")).any(|(i, _)| {
        !code[..i]
            .chars()
            .next_back()
            .is_some_and(|c| c.is_ascii_alphanumeric() || c == '_' || c == '.')
    })
}

#[test]
fn calls_are_told_from_methods_and_longer_names() {
    assert!(calls("let x = t(\"Hi\");", "t"));
    assert!(calls("crate::i18n::tf(\"{}\", &[&a])", "tf"));
    assert!(!calls("s.at(3); x.t(1); get(2)", "t"));
}

/// Words are made where they are shown: the model holds typed notices, refusals
/// and messages, and never calls a translation function (nor sets the language).
#[test]
fn the_model_makes_no_words() {
    const WORDS: &[&str] = &[
        "t",
        "tf",
        "tp",
        "tp_with",
        "tx",
        "n_",
        "t_any",
        "move_sentence",
        "set_lang",
        "lang",
    ];
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/model");
    let mut files = Vec::new();
    visit(&dir, &mut files);
    let mut wrong = Vec::new();
    // (The model's tests may speak a language, to check what a screen would say.)
    for (path, text) in files.iter().filter(|(p, _)| !p.contains("/model/tests/")) {
        let code = code_of(text);
        for name in WORDS {
            if calls(&code, name) {
                wrong.push(format!("{path}: calls {name}"));
            }
        }
    }
    assert!(calls("tf(\"x\")", "tf"), "the check itself");
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// The model is given the time, the page's events and storage's contents: it never
/// reaches the browser itself (the app's runner does). Its sub-models with a state
/// of their own (`SUB_MODELS`) stand alone: none uses another, nor the model that
/// composes them (`model/mod.rs` and its `impl AppState` files).
#[test]
fn the_model_reaches_no_browser_api_and_its_sub_models_stand_alone() {
    const BROWSER: &[&str] = &[
        "web_sys",
        "js_sys",
        "gloo",
        "wasm_bindgen",
        "window()",
        "LocalStore",
        "clock::",
        "browser_lang",
        "spoken_lang",
        "play_sound",
        "page_url",
        "crate::worker",
        "crate::searching",
        "crate::widgets",
        "crate::screens",
        "crate::app",
    ];
    const SUB_MODELS: &[&str] = &[
        "computer.rs",
        "links.rs",
        "review.rs",
        "library.rs",
        "saving.rs",
        "screen.rs",
        "table.rs",
    ];
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/model");
    let mut files = Vec::new();
    visit(&dir, &mut files);
    assert!(files.len() >= 8, "{files:?}");
    let mut wrong = Vec::new();
    for (path, text) in &files {
        let code = code_of(text);
        for api in BROWSER {
            if code.contains(api) {
                wrong.push(format!("{path}: uses {api}"));
            }
        }
        let file = Path::new(path);
        let name = file.file_name().unwrap().to_string_lossy();
        if file.parent() == Some(dir.as_path()) && SUB_MODELS.contains(&name.as_ref()) {
            for reach in ["super::", "crate::model"] {
                if code.contains(reach) {
                    wrong.push(format!("{path}: a sub-model uses {reach}"));
                }
            }
        }
    }
    for sub in SUB_MODELS {
        assert!(
            files.iter().any(|(p, _)| p.ends_with(sub)),
            "no sub-model {sub}"
        );
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// Every file of every crate is short enough to read (at most 700 lines), and no
/// function of the model is longer than 120 lines.
#[test]
fn files_and_the_models_functions_stay_short() {
    let crates = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut files = Vec::new();
    for krate in [
        "holdfast-rules",
        "holdfast-search",
        "holdfast-cli",
        "holdfast-web",
    ] {
        visit(&crates.join(krate).join("src"), &mut files);
    }
    assert!(files.len() > 50);
    let mut wrong = Vec::new();
    for (path, text) in &files {
        let n = text.lines().count();
        if n > 700 {
            wrong.push(format!("{path}: {n} lines"));
        }
        if path.contains("/src/model/") && !path.contains("/model/tests/") {
            wrong.extend(
                long_functions(text, 120)
                    .into_iter()
                    .map(|f| format!("{path}: {f}")),
            );
        }
    }
    assert!(
        long_functions("fn a() {\n    x;\n}\n", 1) == ["a (3 lines)"],
        "the check itself"
    );
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// The functions of `text` (as rustfmt lays them out) longer than `most` lines.
fn long_functions(text: &str, most: usize) -> Vec<String> {
    let lines: Vec<&str> = text.lines().collect();
    let mut out = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        let code = line.trim_start();
        let indent = line.len() - code.len();
        let head = ["fn ", "pub fn ", "pub(super) fn ", "pub(crate) fn "]
            .iter()
            .find_map(|p| code.strip_prefix(p));
        let Some(head) = head else { continue };
        let close = format!("{}}}", " ".repeat(indent));
        if let Some(end) = lines[i..].iter().position(|l| *l == close) {
            if end + 1 > most {
                let name: String = head
                    .chars()
                    .take_while(|c| c.is_alphanumeric() || *c == '_')
                    .collect();
                out.push(format!("{name} ({} lines)", end + 1));
            }
        }
    }
    out
}
