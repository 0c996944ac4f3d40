//! Fortress's setup: the rule sets and what the new-game screen asks, with its
//! JSON form (a left-out move limit is the map's, `null` none).

use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// Which rule set decides captures and scores.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum RuleSet {
    /// The seed's rules: chained captures of the opponent only; empty areas to the
    /// player with most adjacent pieces.
    #[default]
    #[serde(rename = "seed")]
    Seed,
    /// SSI's 1983 original: simultaneous clearing of either side, influence scoring.
    #[serde(rename = "1983")]
    Ssi1983,
}

/// What the new-game screen asks. Every field has a default.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct FortressSetup {
    pub map: String,
    pub players: u8,
    /// Left out: the map's limit. `null`: no limit.
    #[serde(
        deserialize_with = "present_option",
        serialize_with = "write_present_option",
        skip_serializing_if = "Option::is_none"
    )]
    pub moves_each: Option<Option<u16>>,
    pub pie: bool,
    pub dice: bool,
    pub rules: RuleSet,
    pub seed: u64,
    /// A map drawn by hand, with `"map": "custom"` ([`super::regions`]).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub regions: Option<super::regions::RegionsSpec>,
    /// A generated map's field, in tiles, and the share of its areas that are land
    /// (percent), with `"map": "generated"` only: given any of them, the map is
    /// drawn half-turn symmetric ([`super::maps::generated_field`]); all left out,
    /// as the first generated maps were.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub width: Option<u16>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub height: Option<u16>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub land: Option<u8>,
}

fn present_option<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Option<u16>>, D::Error> {
    Option::<u16>::deserialize(d).map(Some)
}

fn write_present_option<S: Serializer>(v: &Option<Option<u16>>, s: S) -> Result<S::Ok, S::Error> {
    match v {
        Some(inner) => inner.serialize(s),
        None => s.serialize_none(),
    }
}

impl Default for FortressSetup {
    fn default() -> Self {
        FortressSetup {
            map: "classic".into(),
            players: 2,
            moves_each: None,
            pie: false,
            dice: false,
            rules: RuleSet::Seed,
            seed: 0,
            regions: None,
            width: None,
            height: None,
            land: None,
        }
    }
}
