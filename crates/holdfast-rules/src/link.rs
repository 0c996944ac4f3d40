//! Links: a game record in a URL fragment, read and written here so that the app and
//! the command line share one codec (docs/notation.md, "Links").
//!
//! - `c=` (compact, written since play by link): every action as its rank among the
//!   legal actions of its position, ordered by their notation, in as few bits as
//!   that position needs, after the record's other fields as JSON; in URL-safe
//!   base64. A finished 19x19 Citadel game of 300 turns takes about 1,300 characters.
//! - `g=` (the first links): the record's JSON, deflated, in URL-safe base64. Read,
//!   no longer written.
//! - `record=`: the record's JSON, URL-encoded, for any tool to hand a game over;
//!   written for a record the compact form cannot carry exactly (a move that cannot
//!   be played, an entry not in the notation's own spelling, a game of more than
//!   [`MAX_COMPACT_ACTIONS`] actions).
//!
//! What a link carries is only ever a record: the position is rebuilt by replaying
//! its moves through the rules.

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;

use crate::catalogue::{with_game, GameFn};
use crate::game::Game;
use crate::record::{thousands, Limit, Record, RecordError};

/// The longest link fragment opened, in characters (bytes: a fragment is ASCII): a
/// 15,000-turn Fort game's `g=` link is about 59,000.
pub const MAX_LINK_CHARS: usize = 200_000;
/// The most a link's data may unpack to, in bytes.
pub const MAX_UNPACKED_BYTES: usize = 1 << 20;
/// The compact form's version byte.
const COMPACT_V1: u8 = 1;
/// The most actions a compact link carries: every action costs a listing of the
/// legal actions and their notation (a finished 19x19 Citadel game of 300 turns has
/// about 1,000 and reads in 20 ms natively; 20,000 Citadel actions take about
/// 0.4 s, a few times that in a browser). Longer games go as `record=`.
pub const MAX_COMPACT_ACTIONS: u64 = 20_000;

/// Why a link could not be opened.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LinkError {
    /// The text is not a game link at all (nothing to do).
    NotALink,
    /// It looks like a game link but cannot be read.
    Damaged(Damage),
    /// It is over a limit: not damaged, only too big.
    TooLarge(Large),
}

impl std::fmt::Display for LinkError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            LinkError::NotALink => write!(f, "not a game link"),
            LinkError::Damaged(why) => why.fmt(f),
            LinkError::TooLarge(why) => why.fmt(f),
        }
    }
}

/// How a link is damaged.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Damage {
    /// Its data is not base64.
    CutOrAltered,
    /// Its data is not UTF-8.
    NotText,
    /// Its data does not inflate.
    CannotUnpack,
    /// Its `record=` is not URL-encoded.
    NotUrlEncoded,
    /// It holds no readable record.
    Unreadable(RecordError),
    /// Its compact form is of another version.
    UnknownForm,
    /// Its compact form ends early.
    CutShort,
    /// Its compact form has moves in its head.
    MovesInHead,
    /// Its compact form has moves after the game's end.
    MovesAfterEnd,
    /// A move of its compact form is not in the listing.
    MoveOutOfRange,
    /// A move of its compact form cannot be played.
    MoveUnplayable,
    /// Its compact form ends in the middle of a turn.
    MidTurn,
}

impl std::fmt::Display for Damage {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let damaged = match self {
            Damage::CutOrAltered => "its game data is cut or altered",
            Damage::NotText => "its game data is not text",
            Damage::CannotUnpack => "its game data cannot be unpacked",
            Damage::NotUrlEncoded => {
                return f.write_str("The link's record is not properly URL-encoded.")
            }
            Damage::Unreadable(e) => {
                return write!(f, "The link does not hold a readable game ({e}).")
            }
            Damage::UnknownForm => "it is of a form this version does not know",
            Damage::CutShort => "it is cut short",
            Damage::MovesInHead => "its moves are not where the form puts them",
            Damage::MovesAfterEnd => "it has moves after the game's end",
            Damage::MoveOutOfRange => "a move in it is out of range",
            Damage::MoveUnplayable => "a move in it cannot be played",
            Damage::MidTurn => "it ends in the middle of a turn",
        };
        write!(f, "The link is damaged: {damaged}.")
    }
}

/// Which limit a link is over, with the limit.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Large {
    /// Longer than this many characters.
    Chars(usize),
    /// Its record is over one of a record's limits.
    Record(Limit),
    /// It unpacks to more than this many bytes.
    Unpacked(usize),
    /// Its compact form has more than this many actions.
    Actions(u64),
}

impl std::fmt::Display for Large {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let over = match self {
            Large::Chars(n) => {
                return write!(
                    f,
                    "This link is longer than {} characters, the most a game link may be, so it was not opened.",
                    thousands(*n)
                )
            }
            Large::Record(limit) => limit.to_string(),
            Large::Unpacked(n) => format!("it unpacks to more than {} bytes", thousands(*n)),
            Large::Actions(n) => format!("it has more than {} actions", thousands(*n as usize)),
        };
        write!(f, "The link's game is too large to open: {over}.")
    }
}

/// A record that could not be read from a link, as the link's error.
fn unreadable(e: RecordError) -> LinkError {
    match e {
        RecordError::TooLarge(limit) => LinkError::TooLarge(Large::Record(limit)),
        e => LinkError::Damaged(Damage::Unreadable(e)),
    }
}

impl std::error::Error for LinkError {}

/// The fragment (without `#`) that carries `record`: the compact form when it
/// carries the record exactly, else `record=` with the record's JSON.
pub fn encode(record: &Record) -> String {
    compact(record).unwrap_or_else(|| format!("record={}", percent_encode(&record.to_json())))
}

/// `%XX` escapes for every byte but letters, digits and `-_.~`.
pub fn percent_encode(text: &str) -> String {
    let mut out = String::with_capacity(text.len() * 2);
    for b in text.bytes() {
        if b.is_ascii_alphanumeric() || b"-_.~".contains(&b) {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

/// The `g=` fragment of the first links: the record's JSON, deflated. Nothing
/// writes it now (the app leaves the deflater out), but every such link opens.
pub fn encode_json(record: &Record) -> String {
    let packed = miniz_oxide::deflate::compress_to_vec(record.to_json().as_bytes(), 9);
    format!("g={}", URL_SAFE_NO_PAD.encode(packed))
}

/// The fragment of a link given whole (`https://host/#c=...`), as a fragment
/// (`#c=...` or `c=...`), or as it is.
pub fn fragment_of(text: &str) -> &str {
    let text = text.trim();
    match text.find('#') {
        Some(i) => &text[i + 1..],
        None => text,
    }
}

/// Whether `text` (a whole link or a fragment) is meant as a game link.
pub fn is_link(text: &str) -> bool {
    let f = fragment_of(text);
    ["c=", "g=", "record="].iter().any(|p| f.starts_with(p))
}

/// Reads a link: a whole address, or its fragment with or without `#`.
pub fn decode(text: &str) -> Result<Record, LinkError> {
    let fragment = fragment_of(text);
    if !is_link(fragment) {
        return Err(LinkError::NotALink);
    }
    if fragment.len() > MAX_LINK_CHARS {
        return Err(LinkError::TooLarge(Large::Chars(MAX_LINK_CHARS)));
    }
    if let Some(data) = fragment.strip_prefix("c=") {
        let bytes = URL_SAFE_NO_PAD
            .decode(data.trim_end_matches('='))
            .map_err(|_| LinkError::Damaged(Damage::CutOrAltered))?;
        return from_compact(&bytes);
    }
    if let Some(data) = fragment.strip_prefix("g=") {
        let json = unpack(data)?;
        let text = String::from_utf8(json).map_err(|_| LinkError::Damaged(Damage::NotText))?;
        return Record::from_json(&text).map_err(unreadable);
    }
    let data = fragment.strip_prefix("record=").unwrap_or_default();
    let text = percent_decode(data).ok_or(LinkError::Damaged(Damage::NotUrlEncoded))?;
    Record::from_json(&text).map_err(unreadable)
}

/// URL-safe base64, then inflated within [`MAX_UNPACKED_BYTES`].
fn unpack(data: &str) -> Result<Vec<u8>, LinkError> {
    let packed = URL_SAFE_NO_PAD
        .decode(data.trim_end_matches('='))
        .map_err(|_| LinkError::Damaged(Damage::CutOrAltered))?;
    miniz_oxide::inflate::decompress_to_vec_with_limit(&packed, MAX_UNPACKED_BYTES).map_err(|e| {
        match e.status {
            miniz_oxide::inflate::TINFLStatus::HasMoreOutput => {
                LinkError::TooLarge(Large::Unpacked(MAX_UNPACKED_BYTES))
            }
            _ => LinkError::Damaged(Damage::CannotUnpack),
        }
    })
}

/// Decodes `%XX` escapes (and `+` as space, as forms write it), with the
/// `percent-encoding` crate. Stricter than it: a `%` not followed by two hex digits
/// makes the text unreadable (`None`) rather than staying as it is.
pub fn percent_decode(s: &str) -> Option<String> {
    let escapes_whole = s
        .split('%')
        .skip(1)
        .all(|after| after.len() >= 2 && after.as_bytes()[..2].iter().all(u8::is_ascii_hexdigit));
    if !escapes_whole {
        return None;
    }
    let spaced = s.replace('+', " ");
    percent_encoding::percent_decode_str(&spaced)
        .decode_utf8()
        .ok()
        .map(|text| text.into_owned())
}

/// Bits written most significant first.
#[derive(Default)]
struct BitWriter {
    bytes: Vec<u8>,
    used: u32,
}

impl BitWriter {
    fn put(&mut self, value: u32, bits: u32) {
        for i in (0..bits).rev() {
            if self.used.is_multiple_of(8) {
                self.bytes.push(0);
            }
            let bit = ((value >> i) & 1) as u8;
            if let Some(last) = self.bytes.last_mut() {
                *last |= bit << (7 - self.used % 8);
            }
            self.used += 1;
        }
    }
}

struct BitReader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl BitReader<'_> {
    fn get(&mut self, bits: u32) -> Option<u32> {
        let mut v = 0u32;
        for _ in 0..bits {
            let byte = *self.bytes.get(self.at / 8)?;
            v = (v << 1) | ((byte >> (7 - self.at % 8)) & 1) as u32;
            self.at += 1;
        }
        Some(v)
    }
}

fn put_varint(out: &mut Vec<u8>, mut n: u64) {
    loop {
        let b = (n & 0x7f) as u8;
        n >>= 7;
        if n == 0 {
            out.push(b);
            return;
        }
        out.push(b | 0x80);
    }
}

fn get_varint(bytes: &[u8], at: &mut usize) -> Option<u64> {
    let mut n = 0u64;
    for shift in (0..64).step_by(7) {
        let b = *bytes.get(*at)?;
        *at += 1;
        n |= ((b & 0x7f) as u64) << shift;
        if b & 0x80 == 0 {
            return Some(n);
        }
    }
    None
}

/// Bits that number `n` choices (none for one).
fn bits_for(n: usize) -> u32 {
    if n <= 1 {
        0
    } else {
        usize::BITS - (n - 1).leading_zeros()
    }
}

/// A game being replayed for a link, seen through the few calls the codec makes: the
/// codec's loops are written once for every game (one copy in the app, not five).
trait Cursor {
    /// The legal actions in the notation's order (by their text), each with its
    /// place in the rules' own listing: the order a compact link numbers them in, so
    /// that it does not hang on how the rules list them.
    fn ranked(&mut self) -> Vec<(String, u32)>;
    /// Plays the action at that place of the last listing.
    fn play_listed(&mut self, i: u32) -> bool;
    /// The notation of each action `entry` is made of, if it can be played here.
    fn actions_of(&self, entry: &str) -> Option<Vec<String>>;
    fn entry_open(&self) -> bool;
    fn entry_text(&self, actions: &[String]) -> String;
}

struct At<G: Game> {
    g: G,
    listed: Vec<G::Move>,
}

impl<G: Game> Cursor for At<G> {
    fn ranked(&mut self) -> Vec<(String, u32)> {
        self.listed.clear();
        self.g.legal_moves(&mut self.listed);
        let mut out: Vec<(String, u32)> = self
            .listed
            .iter()
            .enumerate()
            .map(|(i, &m)| (self.g.format_move(m), i as u32))
            .collect();
        out.sort_unstable();
        out
    }
    fn play_listed(&mut self, i: u32) -> bool {
        match self.listed.get(i as usize) {
            Some(&m) => self.g.play(m).is_ok(),
            None => false,
        }
    }
    fn actions_of(&self, entry: &str) -> Option<Vec<String>> {
        let mut moves = Vec::new();
        self.g.clone().play_entry_into(entry, &mut moves).ok()?;
        let mut g = self.g.clone();
        let mut texts = Vec::with_capacity(moves.len());
        for m in moves {
            texts.push(g.format_move(m));
            g.play(m).ok()?;
        }
        Some(texts)
    }
    fn entry_open(&self) -> bool {
        self.g.entry_open()
    }
    fn entry_text(&self, actions: &[String]) -> String {
        self.g.entry_text(actions)
    }
}

/// The start of a record's game, as a [`Cursor`].
fn cursor(record: &Record) -> Result<Box<dyn Cursor>, RecordError> {
    struct Start<'a>(&'a Record);
    impl GameFn for Start<'_> {
        type Out = Result<Box<dyn Cursor>, RecordError>;
        fn call<G: Game>(self) -> Self::Out {
            let g: G = self.0.start()?;
            Ok(Box::new(At {
                g,
                listed: Vec::new(),
            }))
        }
    }
    with_game(&record.game, Start(record))
        .unwrap_or_else(|| Err(RecordError::UnknownGame(record.game.clone())))
}

/// The compact fragment, when it carries the record exactly: every entry plays,
/// and reads back in the same spelling.
pub fn compact(record: &Record) -> Option<String> {
    let mut g = cursor(record).ok()?;
    let mut head = record.clone();
    head.moves = Vec::new();
    let head = head.to_json();
    let mut bits = BitWriter::default();
    let mut count = 0u64;
    for entry in &record.moves {
        let texts = g.actions_of(entry)?;
        for text in &texts {
            let list = g.ranked();
            let rank = list.partition_point(|(t, _)| t < text);
            let &(ref found, i) = list.get(rank)?;
            if found != text || !g.play_listed(i) {
                return None;
            }
            bits.put(rank as u32, bits_for(list.len()));
            count += 1;
            if count > MAX_COMPACT_ACTIONS {
                return None;
            }
        }
        if g.entry_open() || g.entry_text(&texts) != *entry {
            return None;
        }
    }
    let mut out = vec![COMPACT_V1];
    put_varint(&mut out, head.len() as u64);
    out.extend_from_slice(head.as_bytes());
    put_varint(&mut out, count);
    out.extend_from_slice(&bits.bytes);
    Some(format!("c={}", URL_SAFE_NO_PAD.encode(out)))
}

fn from_compact(bytes: &[u8]) -> Result<Record, LinkError> {
    let damaged = LinkError::Damaged;
    if bytes.first() != Some(&COMPACT_V1) {
        return Err(damaged(Damage::UnknownForm));
    }
    let mut at = 1;
    let head_len = get_varint(bytes, &mut at).ok_or(damaged(Damage::CutShort))? as usize;
    let head = bytes
        .get(at..at.saturating_add(head_len))
        .ok_or(damaged(Damage::CutShort))?;
    at += head_len;
    let head = std::str::from_utf8(head).map_err(|_| damaged(Damage::NotText))?;
    let mut record = Record::from_json(head).map_err(unreadable)?;
    if !record.moves.is_empty() {
        return Err(damaged(Damage::MovesInHead));
    }
    let count = get_varint(bytes, &mut at).ok_or(damaged(Damage::CutShort))?;
    if count > MAX_COMPACT_ACTIONS {
        return Err(LinkError::TooLarge(Large::Actions(MAX_COMPACT_ACTIONS)));
    }
    let mut g = cursor(&record).map_err(unreadable)?;
    let mut reader = BitReader {
        bytes: &bytes[at..],
        at: 0,
    };
    let mut texts: Vec<String> = Vec::new();
    for _ in 0..count {
        let list = g.ranked();
        if list.is_empty() {
            return Err(damaged(Damage::MovesAfterEnd));
        }
        let rank = reader
            .get(bits_for(list.len()))
            .ok_or(damaged(Damage::CutShort))? as usize;
        let (text, i) = list
            .into_iter()
            .nth(rank)
            .ok_or(damaged(Damage::MoveOutOfRange))?;
        if !g.play_listed(i) {
            return Err(damaged(Damage::MoveUnplayable));
        }
        texts.push(text);
        if !g.entry_open() {
            record.moves.push(g.entry_text(&texts));
            texts.clear();
        }
    }
    if !texts.is_empty() {
        return Err(damaged(Damage::MidTurn));
    }
    Ok(record)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bits_and_varints_round_trip() {
        assert_eq!(
            [0, 1, 2, 3, 4, 5, 256, 257].map(bits_for),
            [0, 0, 1, 2, 2, 3, 8, 9]
        );
        let mut w = BitWriter::default();
        let values = [(5u32, 3u32), (0, 1), (1023, 10), (1, 1), (77, 9)];
        for (v, b) in values {
            w.put(v, b);
        }
        let mut r = BitReader {
            bytes: &w.bytes,
            at: 0,
        };
        for (v, b) in values {
            assert_eq!(r.get(b), Some(v));
        }
        let mut out = Vec::new();
        for n in [0u64, 1, 127, 128, 300, u32::MAX as u64] {
            out.clear();
            put_varint(&mut out, n);
            let mut at = 0;
            assert_eq!(get_varint(&out, &mut at), Some(n));
            assert_eq!(at, out.len());
        }
    }

    #[test]
    fn compact_links_over_the_action_limit_are_too_large() {
        let head = r#"{"game":"fort"}"#;
        let mut bytes = vec![COMPACT_V1];
        put_varint(&mut bytes, head.len() as u64);
        bytes.extend_from_slice(head.as_bytes());
        put_varint(&mut bytes, MAX_COMPACT_ACTIONS + 1);
        let frag = format!("c={}", URL_SAFE_NO_PAD.encode(bytes));
        assert!(matches!(decode(&frag), Err(LinkError::TooLarge(_))));
        // Writing: a game that long goes as `g=`, which reads back the same.
        // A 19x19 Citadel game's setup and draft, then turns of no action.
        let mut r =
            Record::from_json(include_str!("../tests/data/citadel-19-finished.json")).unwrap();
        r.moves.truncate(15);
        assert!(crate::record::replay_report(&r).unwrap().0 == 0);
        assert!(encode(&r).starts_with("c="));
        r.moves.extend(std::iter::repeat_n(
            "-".to_string(),
            MAX_COMPACT_ACTIONS as usize,
        ));
        assert_eq!(crate::record::replay_report(&r).unwrap().0, 0);
        let frag = encode(&r);
        let json = percent_decode(frag.strip_prefix("record=").unwrap()).unwrap();
        assert_eq!(Record::from_json(&json).unwrap(), r);
    }

    #[test]
    fn fragments_of_whole_links() {
        assert_eq!(fragment_of("https://h/x/#c=AB"), "c=AB");
        assert_eq!(fragment_of("#g=AB"), "g=AB");
        assert_eq!(fragment_of(" record=%7B%7D\n"), "record=%7B%7D");
        assert!(is_link("https://h/#c=AB"));
        assert!(!is_link("https://h/#home"));
        assert_eq!(decode("#home"), Err(LinkError::NotALink));
    }
}

#[cfg(test)]
mod moved_tests {
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
            id: Some("18f0c2a1b3c4d".into()),
            offer: None,
        }
    }

    #[test]
    fn links_round_trip() {
        let r = sample();
        let frag = encode_json(&r);
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
        assert!(encode_json(&r).len() < r.to_json().len());
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
        let mut frag = encode_json(&sample());
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
            Err(LinkError::TooLarge(why)) => {
                assert!(why.to_string().contains("200,000 characters"), "{why}")
            }
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
