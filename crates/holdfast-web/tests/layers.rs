//! The web crate's modules stand in layers: a module uses only modules below it, so
//! there is no loop (docs/architecture.md draws them). This reads the sources and
//! fails on any `crate::` path that reaches up or sideways.

use std::path::Path;

/// Bottom first. A module may use a module of a lower rank only.
const LAYERS: &[(&str, u8)] = &[
    ("board", 0),
    ("widgets", 1),
    ("session", 1),
    ("settings", 1),
    ("storage", 1),
    ("link", 1),
    ("game_ui", 2),
    ("games", 3),
    ("model", 4),
    ("screens", 5),
    ("app", 6),
    ("lib", 7),
    ("main", 7),
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
        for line in text.lines() {
            let code = line.split("//").next().unwrap();
            for (i, _) in code.match_indices("crate::") {
                let used: String = code[i + 7..]
                    .chars()
                    .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                    .collect();
                if used.is_empty() || used == own {
                    continue;
                }
                if rank(&used) >= own_rank {
                    wrong.push(format!("{rel}: {own} uses {used}: {}", line.trim()));
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
