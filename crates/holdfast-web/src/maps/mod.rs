//! Maps: the shipped ones, the player's own (the library, kept in the browser), a
//! map as a file or a link, and the editor's draft ([`draft`]). A map is a game and
//! a setup: the notation's explicit map forms, so a record or a link of a game on
//! it carries it whole. No drawing here: `screens::maps` draws.

pub mod draft;
pub mod history;
pub mod library;
pub mod regions;
#[cfg(test)]
mod tests;

use holdfast_rules::{link, Record};
use serde_json::{json, Value};

/// A map: its game, its name and its setup.
#[derive(Clone, Debug, PartialEq)]
pub struct MapDoc {
    pub game: String,
    pub name: String,
    pub setup: Value,
}

/// The `kind` of a map's file.
pub const FILE_KIND: &str = "holdfast-map";
/// A map's name is at most this many characters.
pub const NAME_CHARS: usize = 60;

/// Why a text is not a map.
#[derive(Clone, Debug, PartialEq)]
pub enum MapReadError {
    /// Neither a map's file or link nor a game's record or link.
    NotAMap,
    /// A map of a game this version does not have.
    UnknownGame(String),
    /// Its setup does not make a game.
    Setup(holdfast_rules::RecordError),
}

impl MapDoc {
    /// A game on the map, before its first move.
    pub fn record(&self) -> Record {
        let mut r = crate::games::new_record(&self.game)
            .unwrap_or_else(|| Record::new::<holdfast_rules::fort::Fort>(&Default::default()));
        r.game = self.game.clone();
        r.setup = self.setup.clone();
        r
    }

    /// The address (after `#`) of the new-game screen set up with this map.
    pub fn play_route(&self) -> crate::route::Route {
        crate::route::Route::NewGameFrom(self.game.clone(), link::encode(&self.record()))
    }

    /// The fragment (after `#`) of the map's link: opening it offers the map to the
    /// library.
    pub fn link_fragment(&self) -> String {
        format!(
            "maps/add/{}/{}",
            link::percent_encode(&self.name),
            link::encode(&self.record())
        )
    }

    /// The map's file.
    pub fn file_text(&self) -> String {
        let v = json!({
            "kind": FILE_KIND, "version": 1, "name": self.name, "game": self.game, "setup": self.setup,
        });
        serde_json::to_string_pretty(&v).unwrap_or_default()
    }

    /// A name for the map's file.
    pub fn file_name(&self) -> String {
        let stem: String = self
            .name
            .chars()
            .map(|c| if c.is_alphanumeric() { c } else { '-' })
            .collect();
        let stem = stem.trim_matches('-');
        format!("{}.map.json", if stem.is_empty() { "map" } else { stem })
    }

    /// Whether the setup makes a game (a map is refused when it does not).
    pub fn check(&self) -> Result<(), MapReadError> {
        if crate::games::info(&self.game).is_none() {
            return Err(MapReadError::UnknownGame(self.game.clone()));
        }
        match crate::games::start_error(&self.record()) {
            Some(e) => Err(MapReadError::Setup(e)),
            None => Ok(()),
        }
    }

    /// A map from a game record (named after its game when it has no name).
    fn of_record(r: Record, name: Option<String>) -> MapDoc {
        let name = name.unwrap_or_else(|| {
            crate::games::info(&r.game)
                .map(|i| crate::i18n::t(i.title).to_string())
                .unwrap_or_default()
        });
        MapDoc {
            game: r.game,
            name: clean_name(&name),
            setup: r.setup,
        }
    }

    /// Reads a map: its file, its link (whole, or from `#`), or any game's record
    /// or link (the map the game is played on).
    pub fn read(text: &str) -> Result<MapDoc, MapReadError> {
        let text = text.trim();
        if let Ok(v) = serde_json::from_str::<Value>(text) {
            let doc = if v["kind"] == FILE_KIND {
                MapDoc {
                    game: v["game"].as_str().ok_or(MapReadError::NotAMap)?.to_string(),
                    name: clean_name(v["name"].as_str().unwrap_or_default()),
                    setup: v.get("setup").cloned().unwrap_or_else(|| json!({})),
                }
            } else {
                let r = Record::from_json(text).map_err(|_| MapReadError::NotAMap)?;
                MapDoc::of_record(r, None)
            };
            doc.check()?;
            return Ok(doc);
        }
        let fragment = link::fragment_of(text);
        let doc = if let Some(rest) = fragment.strip_prefix("maps/add/") {
            let (name, game) = rest.split_once('/').ok_or(MapReadError::NotAMap)?;
            let name = link::percent_decode(name).ok_or(MapReadError::NotAMap)?;
            let r = link::decode(game).map_err(|_| MapReadError::NotAMap)?;
            MapDoc::of_record(r, Some(name))
        } else {
            MapDoc::of_record(
                link::decode(fragment).map_err(|_| MapReadError::NotAMap)?,
                None,
            )
        };
        doc.check()?;
        Ok(doc)
    }
}

/// A name as kept: trimmed, one line, at most [`NAME_CHARS`] characters.
pub fn clean_name(name: &str) -> String {
    name.split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .chars()
        .take(NAME_CHARS)
        .collect()
}

/// Each seat's share of the results between equal computer players (level 2,
/// 200 games, `holdfast balance`, README "Fair maps"), in percent, first seat
/// first: how fair a shipped map is.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Fairness(pub &'static [u8]);

impl Fairness {
    /// Fair when every seat is within 5 points of an equal share.
    pub fn fair(&self) -> bool {
        self.gap() <= 5
    }

    /// The most any seat is from an equal share, in points.
    pub fn gap(&self) -> u32 {
        let even = 100.0 / self.0.len().max(1) as f64;
        self.0
            .iter()
            .map(|&s| (s as f64 - even).abs().round() as u32)
            .max()
            .unwrap_or(0)
    }
}

/// A map the app ships: what the gallery shows and Play starts.
#[derive(Clone, Debug, PartialEq)]
pub struct Shipped {
    pub doc: MapDoc,
    /// How fair it measured (`None`: not measured).
    pub fairness: Option<Fairness>,
}

/// Every shipped map, game by game, as the gallery lists them: Fortress's maps for
/// two, three and four seats, Island Wars' for two to six and the generated ones
/// that measured fair, and Frontier's three ready fields.
pub fn shipped() -> Vec<Shipped> {
    use holdfast_rules::fortress::MAPS as FORTRESS;
    use holdfast_rules::island_wars::MAPS as ISLANDS;
    let mut out = Vec::new();
    // (Fortress map, seats, shares.)
    const FORTRESS_SHARES: &[(&str, u8, &[u8])] = &[
        ("classic", 2, &[46, 54]),
        ("classic", 3, &[19, 26, 55]),
        ("classic", 4, &[19, 18, 24, 39]),
        ("square-8", 2, &[64, 36]),
        ("square-10", 2, &[77, 23]),
        ("hex", 2, &[47, 53]),
        ("hex", 3, &[19, 26, 55]),
        ("hex", 4, &[18, 28, 19, 35]),
        ("archipelago", 2, &[83, 17]),
    ];
    for &(id, players, shares) in FORTRESS_SHARES {
        let title = FORTRESS
            .iter()
            .find(|m| m.id == id)
            .map(|m| m.title)
            .unwrap_or(id);
        out.push(Shipped {
            doc: MapDoc {
                game: "fortress".into(),
                name: format!(
                    "{} \u{b7} {}",
                    crate::i18n::t(title),
                    crate::i18n::tp(players as usize, "{} player", "{} players")
                ),
                setup: json!({ "map": id, "players": players }),
            },
            fairness: Some(Fairness(shares)),
        });
    }
    const ISLAND_SHARES: [&[u8]; 5] = [
        &[21, 79],
        &[89, 4, 7],
        &[38, 3, 37, 23],
        &[18, 6, 5, 65, 6],
        &[10, 5, 2, 76, 0, 6],
    ];
    for (m, shares) in ISLANDS.iter().zip(ISLAND_SHARES) {
        out.push(Shipped {
            doc: MapDoc {
                game: "island-wars".into(),
                name: crate::i18n::t(m.title).to_string(),
                setup: json!({ "players": m.players }),
            },
            fairness: Some(Fairness(shares)),
        });
    }
    // Generated maps whose seeds measured fair (README "Fair maps", `--seeds`).
    for (players, seed) in [(2u8, 2u64), (2, 8), (3, 101), (3, 107)] {
        out.push(Shipped {
            doc: MapDoc {
                game: "island-wars".into(),
                name: crate::i18n::tf(
                    "Generated for {}, number {}",
                    &[&players.to_string(), &seed.to_string()],
                ),
                setup: json!({ "players": players, "map": "generated", "seed": seed }),
            },
            fairness: None,
        });
    }
    const FRONTIER_SHARES: [&[u8]; 3] = [&[24, 76], &[65, 35], &[33, 67]];
    for (mode, shares) in (1u8..=3).zip(FRONTIER_SHARES) {
        let setup = holdfast_rules::frontier::preset(mode, 7);
        out.push(Shipped {
            doc: MapDoc {
                game: "frontier".into(),
                name: crate::i18n::tf(
                    "Mode {}: {}",
                    &[
                        &mode.to_string(),
                        &crate::i18n::t(crate::games::frontier::MODE_NAMES[mode as usize - 1]),
                    ],
                ),
                setup: serde_json::to_value(setup).unwrap_or_default(),
            },
            fairness: Some(Fairness(shares)),
        });
    }
    out
}
