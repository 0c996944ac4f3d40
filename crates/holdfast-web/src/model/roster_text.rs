//! The roster and an opponent's card as JSON, written and read through
//! `serde_json::Value` (which the app has already) rather than derived code for each
//! type: the roster costs the app's wasm less. A card reads as the command line's
//! (`holdfast_search::roster::Card`) does.

use holdfast_search::roster::{Card, Factory, Weights};
use serde_json::{json, Value};

use super::roster::{Entry, Outcome, Played, Roster};

fn list(xs: &[f32]) -> Value {
    Value::from(xs.iter().map(|&x| x as f64).collect::<Vec<f64>>())
}

fn weights_value(w: &Weights) -> Value {
    json!({ "a": list(&w.a), "d": list(&w.d), "p": list(&w.p) })
}

fn fill(v: &Value, out: &mut [f32]) -> Option<()> {
    let xs = v.as_array().filter(|a| a.len() == out.len())?;
    for (o, x) in out.iter_mut().zip(xs) {
        *o = x.as_f64()? as f32;
    }
    Some(())
}

fn weights_of(v: &Value) -> Option<Weights> {
    let mut w = Weights::ZERO;
    fill(&v["a"], &mut w.a)?;
    fill(&v["d"], &mut w.d)?;
    fill(&v["p"], &mut w.p)?;
    w.valid().then_some(w)
}

fn count(v: &Value, key: &str) -> u32 {
    v[key].as_u64().unwrap_or(0).min(u32::MAX as u64) as u32
}

fn text(v: &Value, key: &str) -> String {
    v[key].as_str().unwrap_or_default().to_string()
}

/// An opponent's card as JSON.
pub fn card_value(c: &Card) -> Value {
    json!({
        "kind": c.kind, "version": c.version, "name": c.name, "base": c.base.id(),
        "weights": weights_value(&c.weights),
        "games": c.games, "wins": c.wins, "draws": c.draws, "losses": c.losses,
    })
}

/// A card from JSON, if it has the shape of one (whether it may be read in is
/// [`Card::check`]'s to say). A kind or version of the wrong type reads as none.
pub fn card_of(v: &Value) -> Option<Card> {
    let base = Factory::from_id(v["base"].as_str()?)?;
    let weights = weights_of(&v["weights"])?;
    Some(Card {
        kind: v["kind"].as_str()?.to_string(),
        version: v["version"].as_u64()?.min(u32::MAX as u64) as u32,
        name: text(v, "name"),
        base,
        weights,
        games: count(v, "games"),
        wins: count(v, "wins"),
        draws: count(v, "draws"),
        losses: count(v, "losses"),
    })
}

fn outcome_word(o: Outcome) -> &'static str {
    match o {
        Outcome::Won => "won",
        Outcome::Lost => "lost",
        Outcome::Drawn => "drawn",
    }
}

fn played_value(p: &Played) -> Value {
    json!({
        "game": p.game, "outcome": outcome_word(p.outcome), "score": p.score,
        "against": p.against, "learned": p.learned, "when": p.when,
    })
}

fn played_of(v: &Value) -> Option<Played> {
    let outcome = match v["outcome"].as_str()? {
        "won" => Outcome::Won,
        "lost" => Outcome::Lost,
        "drawn" => Outcome::Drawn,
        _ => return None,
    };
    Some(Played {
        game: v["game"].as_str()?.to_string(),
        outcome,
        score: v["score"].as_i64().unwrap_or(0) as i32,
        against: v["against"].as_i64().unwrap_or(0) as i32,
        learned: v["learned"].as_bool().unwrap_or(false),
        when: v["when"].as_f64().unwrap_or(0.0),
    })
}

fn entry_value(e: &Entry) -> Value {
    json!({
        "slot": e.slot, "name": e.name, "base": e.base.id(),
        "weights": weights_value(&e.weights),
        "games": e.games, "wins": e.wins, "draws": e.draws, "losses": e.losses,
        "history": e.history.iter().map(played_value).collect::<Vec<_>>(),
    })
}

fn entry_of(v: &Value) -> Option<Entry> {
    Some(Entry {
        slot: v["slot"].as_u64().filter(|&s| s <= u16::MAX as u64)? as u16,
        name: text(v, "name"),
        base: Factory::from_id(v["base"].as_str()?)?,
        weights: weights_of(&v["weights"])?,
        games: count(v, "games"),
        wins: count(v, "wins"),
        draws: count(v, "draws"),
        losses: count(v, "losses"),
        history: v["history"]
            .as_array()
            .map(|h| h.iter().filter_map(played_of).collect())
            .unwrap_or_default(),
    })
}

/// The roster as JSON (what is kept).
pub fn roster_value(r: &Roster) -> Value {
    json!({
        "version": r.version, "learning": r.learning,
        "entries": r.entries.iter().map(entry_value).collect::<Vec<_>>(),
        "heard": r.heard, "next": r.next_slot,
    })
}

/// The roster from JSON, if every part of it reads.
pub fn roster_of(v: &Value) -> Option<Roster> {
    let entries = v["entries"]
        .as_array()?
        .iter()
        .map(entry_of)
        .collect::<Option<Vec<_>>>()?;
    Some(Roster {
        version: v["version"].as_u64()?.min(u32::MAX as u64) as u32,
        learning: v["learning"].as_bool().unwrap_or(true),
        entries,
        heard: v["heard"]
            .as_array()
            .map(|h| {
                h.iter()
                    .filter_map(|x| Some(x.as_str()?.to_string()))
                    .collect()
            })
            .unwrap_or_default(),
        next_slot: v["next"]
            .as_u64()
            .map_or(1, |n| n.min(u16::MAX as u64) as u16),
        said: None,
        damaged: None,
    })
}
