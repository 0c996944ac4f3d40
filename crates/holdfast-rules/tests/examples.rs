//! An external set of example records (`HOLDFAST_EXAMPLES`, by default the
//! `examples` folder of the specification checked out beside the repository, which CI
//! provides) and our own fixtures
//! (`tests/fixtures/`): `holdfast replay` must give the expected answers.

use std::path::{Path, PathBuf};

use holdfast_rules::record::replay_text;
use serde_json::Value;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// Compares the fields the examples' README names; winners and walls as sets.
pub fn compare(name: &str, expect: &Value, got: &Value) -> Vec<String> {
    let mut diffs = Vec::new();
    let Some(obj) = expect.as_object() else {
        return vec![format!("{name}: expect is not an object")];
    };
    for (k, want) in obj {
        let have = &got[k];
        let same = match k.as_str() {
            "winners" | "walls" => {
                let set = |v: &Value| {
                    let mut a: Vec<String> = v
                        .as_array()
                        .map(|a| a.iter().map(|x| x.to_string()).collect())
                        .unwrap_or_default();
                    a.sort();
                    a
                };
                set(want) == set(have)
            }
            "error" => want.get("index") == have.get("index"),
            "pieces" => {
                // player, kind and count (Fortress) for every cell, and no extra cells.
                let (w, h) = (want.as_object(), have.as_object());
                match (w, h) {
                    (Some(w), Some(h)) => {
                        w.len() == h.len()
                            && w.iter().all(|(cell, p)| {
                                p.as_object().is_some_and(|p| {
                                    p.iter().all(|(f, v)| {
                                        h.get(cell).and_then(|hp| hp.get(f)) == Some(v)
                                    })
                                })
                            })
                    }
                    _ => false,
                }
            }
            _ => want == have,
        };
        if !same {
            diffs.push(format!("{name}: {k}: expected {want}, got {have}"));
        }
    }
    diffs
}

fn check_dir(dir: &Path, required: bool) -> usize {
    let Ok(entries) = std::fs::read_dir(dir) else {
        assert!(!required, "{} is missing", dir.display());
        eprintln!("skipping {}: not there", dir.display());
        return 0;
    };
    let mut files: Vec<PathBuf> = entries
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "json"))
        .collect();
    files.sort();
    let mut diffs = Vec::new();
    let mut checked = 0;
    for f in files {
        let name = f.file_name().unwrap().to_string_lossy().to_string();
        let v: Value = serde_json::from_str(&std::fs::read_to_string(&f).unwrap()).unwrap();
        let game = v["record"]["game"].as_str().unwrap_or("");
        let _ = game;
        let (status, out) = replay_text(&v["record"].to_string());
        let want_status = match (&v["expect"]["ok"], v["expect"]["error"].get("index")) {
            (Value::Bool(false), Some(_)) => 1,
            (Value::Bool(false), None) => 2,
            _ => 0,
        };
        if status != want_status {
            diffs.push(format!(
                "{name}: exit status {status}, expected {want_status}: {out}"
            ));
        }
        diffs.extend(compare(&name, &v["expect"], &out));
        checked += 1;
    }
    assert!(diffs.is_empty(), "{}", diffs.join("\n"));
    checked
}

#[test]
fn shared_examples_replay_as_expected() {
    // CI provides them; a bare checkout has only our fixtures.
    let dir = std::env::var_os("HOLDFAST_EXAMPLES")
        .map(PathBuf::from)
        .unwrap_or_else(|| root().join("../shared/examples"));
    let n = check_dir(&dir, std::env::var_os("CI").is_some());
    eprintln!("{n} shared examples checked");
}

#[test]
fn committed_fixtures_replay_as_expected() {
    let n = check_dir(&root().join("tests/fixtures"), true);
    assert!(n >= 10, "only {n} fixtures");
}
