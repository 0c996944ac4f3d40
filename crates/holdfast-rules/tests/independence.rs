//! Each game's rules stand alone: a game's module uses only the shared modules
//! (board, game, geometry, record, rng, …), never another game's, and no shared module
//! but the catalogue names a game. This reads the sources.

use std::path::Path;

/// The modules every game may use; every other top-level module is a game's.
const SHARED: &[&str] = &[
    "board",
    "catalogue",
    "changes",
    "game",
    "geometry",
    "lesson",
    "lib",
    "playout",
    "quote",
    "reasons",
    "record",
    "rng",
];

fn files(dir: &Path, out: &mut Vec<(String, String)>) {
    for entry in std::fs::read_dir(dir).unwrap().flatten() {
        let path = entry.path();
        if path.is_dir() {
            files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            let text = std::fs::read_to_string(&path).unwrap();
            out.push((path.display().to_string(), text));
        }
    }
}

#[test]
fn games_use_only_shared_modules() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let prefix = src.display().to_string();
    let mut all = Vec::new();
    files(&src, &mut all);
    let module_of = |path: &str| -> String {
        path[prefix.len()..]
            .trim_start_matches('/')
            .split(['/', '.'])
            .next()
            .unwrap()
            .to_string()
    };
    let games: Vec<String> = all
        .iter()
        .map(|(p, _)| module_of(p))
        .filter(|m| !SHARED.contains(&m.as_str()))
        .collect();
    assert!(games.len() >= 2, "found the games: {games:?}");
    let mut wrong = Vec::new();
    for (path, text) in &all {
        let own = module_of(path);
        if own == "catalogue" || own == "lib" {
            continue;
        }
        for line in text.lines() {
            let code = line.split("//").next().unwrap();
            for game in &games {
                if *game != own && code.contains(&format!("crate::{game}::")) {
                    wrong.push(format!("{path}: {own} uses {game}: {}", line.trim()));
                }
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}
