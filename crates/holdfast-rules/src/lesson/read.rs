//! A book of lessons read from its JSON (docs/lessons.md), by hand over
//! `serde_json::Value`: the app reads books too, and derived readers for these
//! shapes cost its wasm about 8 KB gzipped where this costs little. Unknown
//! fields are refused, as a record's are, so that a misspelt one is not lost.

use super::*;

type Obj = Map<String, Value>;

/// What is wrong with `key` of `what` (one message, made in one place: each
/// message of its own costs the app's wasm).
#[inline(never)]
fn bad(what: &str, key: &str) -> String {
    format!("{what}: {key:?} is missing, unknown or not as docs/lessons.md says")
}

fn object<'a>(v: &'a Value, what: &str) -> Result<&'a Obj, String> {
    v.as_object().ok_or_else(|| bad(what, "{}"))
}

/// Refuses any field of `o` not in `known`.
fn only(o: &Obj, known: &[&str], what: &str) -> Result<(), String> {
    match o.keys().find(|k| !known.contains(&k.as_str())) {
        Some(k) => Err(bad(what, k)),
        None => Ok(()),
    }
}

fn text(o: &Obj, key: &str, what: &str) -> Result<String, String> {
    match o.get(key) {
        Some(Value::String(s)) => Ok(s.clone()),
        _ => Err(bad(what, key)),
    }
}

/// A list of strings (none when `key` is left out).
fn texts(o: &Obj, key: &str, what: &str) -> Result<Vec<String>, String> {
    match o.get(key) {
        None => Ok(Vec::new()),
        Some(v) => strings(v).ok_or_else(|| bad(what, key)),
    }
}

fn strings(v: &Value) -> Option<Vec<String>> {
    v.as_array()?
        .iter()
        .map(|x| x.as_str().map(str::to_string))
        .collect()
}

fn number<T: TryFrom<i64>>(o: &Obj, key: &str, what: &str) -> Result<T, String> {
    o.get(key)
        .and_then(Value::as_i64)
        .and_then(|n| T::try_from(n).ok())
        .ok_or_else(|| bad(what, key))
}

fn count(o: &Obj, key: &str, what: &str) -> Result<u32, String> {
    number(o, key, what)
}

fn seat(o: &Obj, what: &str) -> Result<Seat, String> {
    number(o, "seat", what)
}

fn kind(o: &Obj, what: &str) -> Result<Option<String>, String> {
    match o.get("kind") {
        None | Some(Value::Null) => Ok(None),
        Some(Value::String(s)) => Ok(Some(s.clone())),
        _ => Err(bad(what, "kind")),
    }
}

impl Goal {
    /// A condition from its JSON: `{"empty": {"cell": "b2"}}`.
    pub fn from_value(v: &Value) -> Result<Goal, String> {
        let o = object(v, "a condition")?;
        let (name, body) = match (o.len(), o.iter().next()) {
            (1, Some((k, b))) => (k.as_str(), object(b, k)?),
            _ => return Err(bad("a condition is one name and its fields", "{}")),
        };
        let w = name;
        let fields: &[&str] = match name {
            "piece" => &["cell", "seat", "kind"],
            "empty" => &["cell"],
            "owner" => &["cell", "seat"],
            "owns" => &["seat", "at_least"],
            "mark" => &["key", "cell", "seat"],
            "walls" => &["at_least"],
            "pieces" => &["seat", "kind", "at_least"],
            "fewer_pieces" => &["seat", "kind", "at_most"],
            "score" => &["seat", "at_least"],
            "winner" => &["seat"],
            "draw" => &[],
            "swapped" => &[],
            "marks" => &["key", "seat", "at_least"],
            _ => return Err(bad("a condition", name)),
        };
        only(body, fields, w)?;
        Ok(match name {
            "piece" => Goal::Piece {
                cell: text(body, "cell", w)?,
                seat: seat(body, w)?,
                kind: kind(body, w)?,
            },
            "empty" => Goal::Empty {
                cell: text(body, "cell", w)?,
            },
            "owner" => Goal::Owner {
                cell: text(body, "cell", w)?,
                seat: seat(body, w)?,
            },
            "owns" => Goal::Owns {
                seat: seat(body, w)?,
                at_least: count(body, "at_least", w)?,
            },
            "mark" => Goal::Mark {
                key: text(body, "key", w)?,
                cell: text(body, "cell", w)?,
                seat: match body.get("seat") {
                    Some(Value::Null) => None,
                    _ => Some(seat(body, w)?),
                },
            },
            "walls" => Goal::Walls {
                at_least: count(body, "at_least", w)?,
            },
            "pieces" => Goal::Pieces {
                seat: seat(body, w)?,
                kind: kind(body, w)?,
                at_least: count(body, "at_least", w)?,
            },
            "fewer_pieces" => Goal::FewerPieces {
                seat: seat(body, w)?,
                kind: kind(body, w)?,
                at_most: count(body, "at_most", w)?,
            },
            "score" => Goal::Score {
                seat: seat(body, w)?,
                at_least: number(body, "at_least", w)?,
            },
            "winner" => Goal::Winner {
                seat: seat(body, w)?,
            },
            "draw" => Goal::Draw,
            "swapped" => Goal::Swapped,
            _ => Goal::Marks {
                key: text(body, "key", w)?,
                seat: seat(body, w)?,
                at_least: count(body, "at_least", w)?,
            },
        })
    }
}

impl Lesson {
    /// A lesson from its JSON.
    pub fn from_value(v: &Value) -> Result<Lesson, String> {
        let o = object(v, "a lesson")?;
        let id = text(o, "id", "a lesson")?;
        let w = format!("lesson {id:?}");
        let w = w.as_str();
        let known = [
            "id", "setup", "moves", "goal", "turns", "answers", "solution", "misses", "answer",
            "line", "chance", "second",
        ];
        only(o, &known, w)?;
        let answer = match o.get("answer") {
            None => None,
            Some(_) => Some(text(o, "answer", w)?),
        };
        let chance = |key: &str| o.get(key).and_then(Value::as_f64).map(|c| c as f32);
        // (A puzzle's goal is its answer.)
        let none = Vec::new();
        let goal = match (o.get("goal"), &answer) {
            (None, Some(_)) => &none,
            (goal, _) => goal
                .and_then(Value::as_array)
                .ok_or_else(|| bad(w, "goal"))?,
        }
        .iter()
        .map(Goal::from_value)
        .collect::<Result<Vec<Goal>, String>>()
        .map_err(|e| format!("{w}: {e}"))?;
        let misses = match o.get("misses") {
            None => Vec::new(),
            Some(m) => m
                .as_array()
                .and_then(|l| l.iter().map(strings).collect())
                .ok_or_else(|| bad(w, "misses"))?,
        };
        Ok(Lesson {
            setup: o.get("setup").cloned().unwrap_or(Value::Object(Map::new())),
            moves: texts(o, "moves", w)?,
            goal,
            turns: match o.get("turns") {
                None => 1,
                Some(_) => number(o, "turns", w)?,
            },
            answers: texts(o, "answers", w)?,
            solution: match (&answer, o.get("solution")) {
                (Some(a), None) => vec![a.clone()],
                _ => texts(o, "solution", w)?,
            },
            misses,
            line: texts(o, "line", w)?,
            chance: chance("chance"),
            second: chance("second"),
            answer,
            id,
        })
    }
}

impl LessonBook {
    /// A book from its JSON text, whatever its game.
    pub fn from_text(json: &str) -> Result<LessonBook, String> {
        let v: Value = serde_json::from_str(json).map_err(|e| e.to_string())?;
        let o = object(&v, "a book of lessons")?;
        only(o, &["game", "lessons", "puzzles"], "a book of lessons")?;
        let list = |key: &str| -> Result<Vec<Lesson>, String> {
            match o.get(key) {
                None if key == "puzzles" => Ok(Vec::new()),
                v => v
                    .and_then(Value::as_array)
                    .ok_or_else(|| bad("a book of lessons", key))?
                    .iter()
                    .map(Lesson::from_value)
                    .collect(),
            }
        };
        Ok(LessonBook {
            game: text(o, "game", "a book of lessons")?,
            lessons: list("lessons")?,
            puzzles: list("puzzles")?,
        })
    }
}
