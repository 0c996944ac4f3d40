//! Share links: the record travels in the URL fragment, compactly encoded
//! (`#g=` + URL-safe base64 of the deflated JSON). `#record=` + URL-encoded JSON is
//! read too, so any tool can hand a game to the app. What a link carries is only
//! ever a record: the position is rebuilt by replaying its moves through the rules.

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;
use holdfast_rules::record::{thousands, RecordError};
use holdfast_rules::Record;

/// The longest link fragment opened, in characters (bytes: a fragment is ASCII): a
/// 15,000-turn Fort game's link (`examples/link.rs`) is about 59,000.
pub const MAX_LINK_CHARS: usize = 200_000;
/// The most a `#g=` link's record may unpack to, in bytes.
pub const MAX_UNPACKED_BYTES: usize = 1 << 20;

/// Why a link could not be opened.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LinkError {
    /// The fragment is not a game link at all (nothing to do).
    NotALink,
    /// It looks like a game link but cannot be read.
    Damaged(String),
    /// It is over a limit (the sentence names it): not damaged, only too big.
    TooLarge(String),
}

impl std::fmt::Display for LinkError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            LinkError::NotALink => write!(f, "not a game link"),
            LinkError::Damaged(why) | LinkError::TooLarge(why) => write!(f, "{why}"),
        }
    }
}

/// The fragment (without `#`) that carries `record`.
pub fn encode(record: &Record) -> String {
    let json = record.to_json();
    let packed = miniz_oxide::deflate::compress_to_vec(json.as_bytes(), 9);
    format!("g={}", URL_SAFE_NO_PAD.encode(packed))
}

/// Reads a fragment (with or without `#`).
pub fn decode(fragment: &str) -> Result<Record, LinkError> {
    let fragment = fragment.strip_prefix('#').unwrap_or(fragment);
    let is_link = fragment.starts_with("g=") || fragment.starts_with("record=");
    if is_link && fragment.len() > MAX_LINK_CHARS {
        return Err(LinkError::TooLarge(format!(
            "This link is longer than {} characters, the most a game link may be, so it was not opened.",
            thousands(MAX_LINK_CHARS)
        )));
    }
    let unreadable = |e: RecordError| match e {
        RecordError::TooLarge(why) => {
            LinkError::TooLarge(format!("The link's game is too large to open: {why}."))
        }
        e => LinkError::Damaged(format!("The link does not hold a readable game ({e}).")),
    };
    if let Some(data) = fragment.strip_prefix("g=") {
        let packed = URL_SAFE_NO_PAD
            .decode(data.trim_end_matches('='))
            .map_err(|_| {
                LinkError::Damaged("The link is damaged: its game data is cut or altered.".into())
            })?;
        let json = miniz_oxide::inflate::decompress_to_vec_with_limit(&packed, MAX_UNPACKED_BYTES)
            .map_err(|e| match e.status {
                miniz_oxide::inflate::TINFLStatus::HasMoreOutput => LinkError::TooLarge(format!(
                    "The link's game is too large to open: it unpacks to more than {} bytes.",
                    thousands(MAX_UNPACKED_BYTES)
                )),
                _ => LinkError::Damaged(
                    "The link is damaged: its game data cannot be unpacked.".into(),
                ),
            })?;
        let text = String::from_utf8(json).map_err(|_| {
            LinkError::Damaged("The link is damaged: its game data is not text.".into())
        })?;
        return Record::from_json(&text).map_err(unreadable);
    }
    if let Some(data) = fragment.strip_prefix("record=") {
        let text = percent_decode(data).ok_or_else(|| {
            LinkError::Damaged("The link's record is not properly URL-encoded.".into())
        })?;
        return Record::from_json(&text).map_err(unreadable);
    }
    Err(LinkError::NotALink)
}

/// Decodes `%XX` escapes (and `+` as space, as forms write it).
pub fn percent_decode(s: &str) -> Option<String> {
    let bytes = s.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'%' => {
                // Exactly two hex digits (`from_str_radix` would also take `%+5`).
                let digit = |j: usize| bytes.get(j).and_then(|&b| (b as char).to_digit(16));
                out.push((digit(i + 1)? * 16 + digit(i + 2)?) as u8);
                i += 3;
            }
            b'+' => {
                out.push(b' ');
                i += 1;
            }
            b => {
                out.push(b);
                i += 1;
            }
        }
    }
    String::from_utf8(out).ok()
}

/// The app's address without its fragment (where a link's fragment goes).
pub fn page_url() -> String {
    web_sys::window()
        .and_then(|w| {
            let l = w.location();
            Some(format!("{}{}", l.origin().ok()?, l.pathname().ok()?))
        })
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> Record {
        Record {
            game: "fortress".into(),
            setup: serde_json::json!({"map": "classic", "players": 2}),
            moves: ["c3", "d4", "pass", "b2"]
                .iter()
                .map(|s| s.to_string())
                .collect(),
            names: vec!["Ann".into(), "Bo".into()],
            seats: vec!["person".into(), "level2".into()],
            resigned: Some(1),
        }
    }

    #[test]
    fn links_round_trip() {
        let r = sample();
        let frag = encode(&r);
        assert!(frag.starts_with("g="));
        assert!(frag
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b"-_=".contains(&b)));
        assert_eq!(decode(&frag).unwrap(), r);
        assert_eq!(decode(&format!("#{frag}")).unwrap(), r);
    }

    #[test]
    fn long_games_stay_short() {
        let mut r = sample();
        r.moves = (0..42)
            .map(|i| format!("{}{}", (b'a' + (i % 6) as u8) as char, i % 6 + 1))
            .collect();
        assert!(encode(&r).len() < r.to_json().len());
    }

    #[test]
    fn plain_records_open_too() {
        let r = sample();
        let enc: String = r
            .to_json()
            .bytes()
            .map(|b| {
                if b.is_ascii_alphanumeric() {
                    (b as char).to_string()
                } else {
                    format!("%{b:02X}")
                }
            })
            .collect();
        assert_eq!(decode(&format!("record={enc}")).unwrap(), r);
    }

    #[test]
    fn broken_links_are_damaged_not_panics() {
        assert_eq!(decode(""), Err(LinkError::NotALink));
        assert_eq!(decode("#about"), Err(LinkError::NotALink));
        for bad in [
            "g=",
            "g=!!!",
            "g=AAAA",
            "record=%7B",
            "record=%ZZ",
            "g=eJzLSM3JyVcozy_KSQEAGgQEXQ",
        ] {
            assert!(matches!(decode(bad), Err(LinkError::Damaged(_))), "{bad}");
        }
        let mut frag = encode(&sample());
        frag.truncate(frag.len() - 5);
        assert!(matches!(decode(&frag), Err(LinkError::Damaged(_))));
    }

    #[test]
    fn a_percent_escape_takes_exactly_two_hex_digits() {
        assert_eq!(percent_decode("%7B%7d+x").as_deref(), Some("{} x"));
        for bad in ["%+5", "%-1", "%7", "%", "% 7", "%7G"] {
            assert_eq!(percent_decode(bad), None, "{bad}");
        }
    }

    #[test]
    fn links_over_a_limit_are_too_large_not_damaged() {
        let long = format!("#record={}", "a".repeat(MAX_LINK_CHARS));
        match decode(&long) {
            Err(LinkError::TooLarge(why)) => assert!(why.contains("200,000 characters"), "{why}"),
            other => panic!("{other:?}"),
        }
        // A short link whose game unpacks past the record limit.
        let json = format!(
            r#"{{"game":"fort","x":"{}"}}"#,
            " ".repeat(MAX_UNPACKED_BYTES)
        );
        let packed = miniz_oxide::deflate::compress_to_vec(json.as_bytes(), 9);
        let frag = format!("g={}", URL_SAFE_NO_PAD.encode(packed));
        assert!(frag.len() < MAX_LINK_CHARS);
        assert!(
            matches!(decode(&frag), Err(LinkError::TooLarge(_))),
            "unpacked size"
        );
        // A record over a limit of its own (a name of 41 characters).
        let named = Record {
            names: vec!["N".repeat(41)],
            ..sample()
        };
        assert!(matches!(
            decode(&encode(&named)),
            Err(LinkError::TooLarge(_))
        ));
    }
}
