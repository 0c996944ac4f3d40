//! No loop between the rules crate's modules (nor the search crate's): each module
//! uses only modules that do not use it back, directly or through others, so any
//! one can be read, tested and changed from the bottom up. This reads the sources
//! and fails on the first cycle of `crate::` paths it finds.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// The top-level module of each `.rs` file under `dir`, with the top-level
/// modules its code (comments left out) names through `crate::`.
fn uses(dir: &Path) -> BTreeMap<String, BTreeSet<String>> {
    let mut out: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for entry in std::fs::read_dir(&d).unwrap().flatten() {
            let path = entry.path();
            if path.is_dir() {
                stack.push(path);
                continue;
            }
            if path.extension().is_none_or(|e| e != "rs") {
                continue;
            }
            let rel = path
                .strip_prefix(dir)
                .unwrap()
                .to_string_lossy()
                .to_string();
            let own = rel.split(['/', '.']).next().unwrap().to_string();
            let text = std::fs::read_to_string(&path).unwrap();
            let used = out.entry(own.clone()).or_default();
            for line in text.lines() {
                let code = line.split("//").next().unwrap();
                for (i, _) in code.match_indices("crate::") {
                    let rest = &code[i + 7..];
                    let names: Vec<&str> = match rest.strip_prefix('{') {
                        Some(group) => group.split('}').next().unwrap().split(',').collect(),
                        None => vec![rest],
                    };
                    for name in names {
                        let module: String = name
                            .trim()
                            .chars()
                            .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                            .collect();
                        if !module.is_empty() && module != own {
                            used.insert(module);
                        }
                    }
                }
            }
        }
    }
    out
}

/// A cycle in `graph`, as the modules along it, if there is one.
fn cycle(graph: &BTreeMap<String, BTreeSet<String>>) -> Option<Vec<String>> {
    fn walk(
        graph: &BTreeMap<String, BTreeSet<String>>,
        at: &str,
        path: &mut Vec<String>,
        done: &mut BTreeSet<String>,
    ) -> Option<Vec<String>> {
        if let Some(i) = path.iter().position(|m| m == at) {
            let mut found = path[i..].to_vec();
            found.push(at.to_string());
            return Some(found);
        }
        if !done.insert(at.to_string()) {
            return None;
        }
        path.push(at.to_string());
        for next in graph.get(at).into_iter().flatten() {
            if let Some(found) = walk(graph, next, path, done) {
                return Some(found);
            }
        }
        path.pop();
        None
    }
    let mut done = BTreeSet::new();
    graph
        .keys()
        .find_map(|m| walk(graph, m, &mut Vec::new(), &mut done))
}

#[test]
fn a_loop_is_found() {
    let mut g: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    g.entry("a".into()).or_default().insert("b".into());
    g.entry("b".into()).or_default().insert("c".into());
    assert_eq!(cycle(&g), None);
    g.entry("c".into()).or_default().insert("a".into());
    assert_eq!(
        cycle(&g).map(|c| c.join(" -> ")).as_deref(),
        Some("a -> b -> c -> a")
    );
}

#[test]
fn no_module_of_the_rules_or_search_crate_reaches_back_to_itself() {
    let crates = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    for name in ["holdfast-rules", "holdfast-search"] {
        let graph = uses(&crates.join(name).join("src"));
        assert!(graph.len() > 3, "{name}: {graph:?}");
        if let Some(found) = cycle(&graph) {
            panic!("{name} has a loop: {}", found.join(" -> "));
        }
    }
}
