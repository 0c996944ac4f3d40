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

    /// Whether the editor draws the map (whether or not a game can start on it
    /// yet: a map half drawn may be sent to finish elsewhere).
    pub fn drawable(&self) -> bool {
        match self.game.as_str() {
            "fortress" => regions::RegionSketch::from_setup(&self.setup).is_some(),
            game => draft::Draft::from_setup(game, &self.setup).is_some(),
        }
    }

    /// A map read from a map's own file or link: one the editor draws is taken even
    /// when no game can start on it yet.
    fn checked_map(self) -> Result<MapDoc, MapReadError> {
        match self.check() {
            Err(MapReadError::Setup(_)) if self.drawable() => Ok(self),
            r => r.map(|()| self),
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
                return MapDoc {
                    game: v["game"].as_str().ok_or(MapReadError::NotAMap)?.to_string(),
                    name: clean_name(v["name"].as_str().unwrap_or_default()),
                    setup: v.get("setup").cloned().unwrap_or_else(|| json!({})),
                }
                .checked_map();
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
            return MapDoc::of_record(r, Some(name)).checked_map();
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

/// A map the app ships: what the gallery shows and Play starts.
#[derive(Clone, Debug, PartialEq)]
pub struct Shipped {
    pub doc: MapDoc,
    /// Each seat's share, in percent, as it measured (`None`: a generated map
    /// whose number measured fair).
    pub fairness: Option<&'static [u8]>,
}

/// Every shipped map, game by game, as the gallery lists them: Fortress's maps for
/// two, three and four seats, Island Wars' for two to six, Frontier's three ready
/// fields, and both generators' maps that measured fair.
pub fn shipped() -> Vec<Shipped> {
    use crate::fairness::{FAIR_SEEDS, MEASURED};
    use holdfast_rules::fortress::MAPS as FORTRESS;
    use holdfast_rules::island_wars::MAPS as ISLANDS;
    let mut out = Vec::new();
    for x in MEASURED {
        let name;
        let setup;
        match x.game {
            "fortress" => {
                let title = FORTRESS
                    .iter()
                    .find(|m| m.id == x.map)
                    .map_or(x.map, |m| m.title);
                name = format!(
                    "{} \u{b7} {}",
                    crate::i18n::t(title),
                    crate::i18n::tp(x.players as usize, "{} player", "{} players")
                );
                setup = json!({ "map": x.map, "players": x.players });
            }
            "island-wars" => {
                let Some(m) = ISLANDS.iter().find(|m| m.players == x.players) else {
                    continue;
                };
                name = crate::i18n::t(m.title).to_string();
                setup = json!({ "players": x.players });
            }
            _ => {
                let mode: u8 = x.map.parse().unwrap_or(1);
                name = crate::i18n::tf(
                    "Mode {}: {}",
                    &[
                        &mode,
                        &crate::i18n::t(crate::games::frontier::MODE_NAMES[mode as usize - 1]),
                    ],
                );
                setup = serde_json::to_value(holdfast_rules::frontier::preset(mode, 7))
                    .unwrap_or_default();
            }
        }
        out.push(Shipped {
            doc: MapDoc {
                game: x.game.into(),
                name,
                setup,
            },
            fairness: Some(x.shares),
        });
        // Island Wars' generated maps that measured fair, after its shipped one.
        if x.game == "island-wars" {
            for (players, land, seeds) in FAIR_SEEDS.iter().filter(|f| f.0 == x.players) {
                for &seed in *seeds {
                    let mut setup = json!({ "players": players, "map": "generated", "seed": seed });
                    if let Some(land) = land {
                        setup["land"] = (*land).into();
                    }
                    out.push(Shipped {
                        doc: MapDoc {
                            game: "island-wars".into(),
                            name: crate::i18n::tf("Generated for {}, number {}", &[players, &seed]),
                            setup,
                        },
                        fairness: None,
                    });
                }
            }
        }
    }
    // Fortress's generated maps that measured fair (half-turn symmetric, the usual
    // field), last of its maps.
    use holdfast_rules::fortress::maps::{FIELD, FIELD_LAND};
    for (players, seeds) in crate::fairness::FORTRESS_FAIR_SEEDS {
        for &seed in *seeds {
            out.push(Shipped {
                doc: MapDoc {
                    game: "fortress".into(),
                    name: crate::i18n::tf("Generated for {}, number {}", &[players, &seed]),
                    setup: json!({ "map": "generated", "players": players, "seed": seed,
                        "width": FIELD.0, "height": FIELD.1, "land": FIELD_LAND }),
                },
                fairness: None,
            });
        }
    }
    out
}
