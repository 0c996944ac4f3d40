//! Fortress's 1983 roster on the command line ([`holdfast_search::roster`]):
//! `holdfast train fortress NAME` trains an opponent by self-play, and an arena
//! player may be an opponent's file (`holdfast arena fortress vauban me.json`).

use holdfast_rules::fortress::Fortress;
use holdfast_rules::Game;
use holdfast_search::roster::{self, Card, Factory};
use holdfast_search::Player;
use serde_json::{json, Value};

/// `holdfast train fortress NAME`'s settings.
pub struct TrainOpponent {
    pub name: String,
    pub games: u32,
    pub seed: u64,
    /// The variant trained on (default `classic-1983`), or a setup.
    pub variant: Option<String>,
    pub setup: Option<Value>,
}

/// Trains `t.name`'s starting weights (a factory id, or an opponent's file) by
/// self-play; returns the JSON printed, with the weights as the line that ships them.
pub fn train(t: TrainOpponent) -> Result<Value, String> {
    let (base, mut weights, name) = match Factory::from_id(&t.name) {
        Some(f) => (f, f.start(), f.name().to_string()),
        None => {
            let card = load_card(&t.name)?;
            (card.base, card.weights, card.name)
        }
    };
    let variants = match &t.variant {
        Some(v) => vec![v.clone()],
        None if t.setup.is_none() => vec!["classic-1983".to_string()],
        None => Vec::new(),
    };
    let (_, starts) = crate::table::starts::<Fortress>(t.setup.as_ref(), &variants, "opponent")?;
    let start = &starts[0];
    roster::train(start, &mut weights, t.games, t.seed);
    let card = Card::new(&name, base, weights);
    let fmt = |xs: &[f32]| {
        xs.iter()
            .map(|x| format!("{x:.4}"))
            .collect::<Vec<_>>()
            .join(", ")
    };
    say!(
        "// holdfast train fortress {} --games {} --seed {}",
        t.name,
        t.games,
        t.seed
    );
    say!(
        "Weights {{ a: [{}], d: [{}], p: [{}] }},",
        fmt(&weights.a),
        fmt(&weights.d),
        fmt(&weights.p)
    );
    Ok(json!({
        "opponent": card,
        "command": format!("holdfast train fortress {} --games {} --seed {}", t.name, t.games, t.seed),
    }))
}

/// An opponent's file, read and checked.
pub fn load_card(path: &str) -> Result<Card, String> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| format!("{path} is neither an opponent's name nor a file: {e}"))?;
    let card: Card = serde_json::from_str(&text).map_err(|e| format!("{path}: {e}"))?;
    card.check().map_err(|e| format!("{path}: {e}"))?;
    Ok(card)
}

/// A player's name on the command line, or an opponent's file (a name ending in
/// `.json`).
pub fn player(text: &str) -> Result<Player, String> {
    if text.ends_with(".json") {
        let card = load_card(text)?;
        return Ok(Player::Roster(card.base, card.weights));
    }
    text.parse::<Player>().map_err(|e| e.to_string())
}

/// After an arena game from `start` (its record's entries; a Fortress entry is
/// one action), each roster player in `players` learns from it.
pub fn learn_all<G: Game>(start: &G, actions: &[String], players: &mut [Player]) {
    for p in players.iter_mut() {
        if let Player::Roster(_, w) = p {
            roster::learn_from(start, actions, w);
        }
    }
}
