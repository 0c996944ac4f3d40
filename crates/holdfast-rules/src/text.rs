//! Game records as text (docs/notation.md, "Records as text"): a header of
//! `key: value` lines, a blank line, then the moves one entry a line, numbered.
//! Written for people and for tools that read lines; read back exactly. Also the
//! one reader of whatever a player hands the app or the command line: a record's
//! JSON, its text, or a game link.
//!
//! ```text
//! Holdfast game record
//! game: fort
//! setup: {}
//! names: ["Ann", "Bo"]
//!
//! 1. @e2
//! 2. @f7
//! 3. e2-d2 @e2
//! ```

use serde_json::Value;

use crate::link;
use crate::record::{Limit, Record, RecordError, MAX_RECORD_BYTES};

/// The first line of a record's text.
pub const TITLE: &str = "Holdfast game record";

/// Why a text could not be read as a record: `reason` says what, and `line`
/// (1-based) where, when it is a line of the text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReadError {
    pub line: Option<usize>,
    pub reason: ReadWhy,
}

/// What is wrong with a text handed over as a record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReadWhy {
    /// A header line (this one) that is not `key: value`.
    HeaderLine(String),
    /// A header's value that is not JSON: the header and serde's message.
    NotJson { key: String, error: String },
    /// A header no record has.
    UnknownHeader(String),
    /// A header given twice.
    HeaderTwice(String),
    /// Nothing but blank lines and comments.
    NoRecord,
    /// No `game:` header.
    NoGame,
    /// A move numbered (so) out of its place (this one).
    OutOfOrder { number: String, want: usize },
    /// A move number alone.
    NoMove,
    /// The record read is malformed.
    Record(RecordError),
    /// The link handed over cannot be opened.
    Link(link::LinkError),
}

impl std::fmt::Display for ReadWhy {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ReadWhy::HeaderLine(line) => write!(
                f,
                "expected a header line \u{201c}key: value\u{201d}, found {}",
                quoted(line)
            ),
            ReadWhy::NotJson { key, error } => write!(f, "the {key} is not JSON: {error}"),
            ReadWhy::UnknownHeader(key) => write!(f, "unknown header {}", quoted(key)),
            ReadWhy::HeaderTwice(key) => write!(f, "the header {} is given twice", quoted(key)),
            ReadWhy::NoRecord => f.write_str("the text holds no game record"),
            ReadWhy::NoGame => f.write_str("the header has no \u{201c}game:\u{201d} line"),
            ReadWhy::OutOfOrder { number, want } => {
                write!(f, "move {number} is out of order: expected move {want}")
            }
            ReadWhy::NoMove => f.write_str("a move number with no move"),
            ReadWhy::Record(e) => e.fmt(f),
            ReadWhy::Link(e) => e.fmt(f),
        }
    }
}

impl std::fmt::Display for ReadError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.line {
            Some(n) => write!(f, "line {n}: {}", self.reason),
            None => write!(f, "{}", self.reason),
        }
    }
}

impl std::error::Error for ReadError {}

impl From<RecordError> for ReadError {
    fn from(e: RecordError) -> Self {
        ReadError {
            line: None,
            reason: ReadWhy::Record(e),
        }
    }
}

fn at(line: usize, reason: ReadWhy) -> ReadError {
    ReadError {
        line: Some(line),
        reason,
    }
}

pub use crate::quote::quoted;

/// The record as text.
pub fn to_text(record: &Record) -> String {
    let mut out = format!("{TITLE}\ngame: {}\nsetup: {}\n", record.game, record.setup);
    let list = |v: &[String]| serde_json::to_string(v).unwrap_or_default();
    if !record.names.is_empty() {
        out += &format!("names: {}\n", list(&record.names));
    }
    if !record.seats.is_empty() {
        out += &format!("seats: {}\n", list(&record.seats));
    }
    if let Some(seat) = record.resigned {
        out += &format!("resigned: {seat}\n");
    }
    if let Some(id) = &record.id {
        out += &format!("id: {id}\n");
    }
    if let Some(offer) = &record.offer {
        out += &format!(
            "offer: {}\n",
            serde_json::to_string(offer).unwrap_or_default()
        );
    }
    out.push('\n');
    for (i, m) in record.moves.iter().enumerate() {
        out += &format!("{}. {m}\n", i + 1);
    }
    out
}

/// Reads a record's text (see [`to_text`]). The title line may be left out; a move
/// line's number, when given, must be its place.
pub fn from_text(text: &str) -> Result<Record, ReadError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut head = serde_json::Map::new();
    let mut lines = text.lines().enumerate().map(|(i, l)| (i + 1, l.trim()));
    let mut moves = Vec::new();
    // The header: up to the first blank line (or the first numbered move).
    let mut in_head = true;
    for (n, line) in lines.by_ref() {
        if line.is_empty() {
            if head.is_empty() {
                continue;
            }
            in_head = false;
            break;
        }
        if line == TITLE || line.starts_with('#') {
            continue;
        }
        if starts_numbered(line) {
            in_head = false;
            push_move(&mut moves, n, line)?;
            break;
        }
        let Some((key, value)) = line.split_once(':') else {
            return Err(at(n, ReadWhy::HeaderLine(line.to_string())));
        };
        let key = key.trim();
        let value = value.trim();
        let v = match key {
            "game" | "id" => Value::String(value.to_string()),
            "setup" | "names" | "seats" | "resigned" | "offer" => serde_json::from_str(value)
                .map_err(|e| {
                    at(
                        n,
                        ReadWhy::NotJson {
                            key: key.to_string(),
                            error: e.to_string(),
                        },
                    )
                })?,
            _ => return Err(at(n, ReadWhy::UnknownHeader(key.to_string()))),
        };
        if head.insert(key.to_string(), v).is_some() {
            return Err(at(n, ReadWhy::HeaderTwice(key.to_string())));
        }
    }
    if in_head && head.is_empty() {
        return Err(ReadError {
            line: None,
            reason: ReadWhy::NoRecord,
        });
    }
    for (n, line) in lines {
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        push_move(&mut moves, n, line)?;
    }
    if !head.contains_key("game") {
        return Err(ReadError {
            line: None,
            reason: ReadWhy::NoGame,
        });
    }
    head.insert("moves".into(), Value::from(moves));
    // (serde_json::to_string, not Value's Display: that one brings an io::Error
    // adapter and its messages into the app's wasm.)
    let json = serde_json::to_string(&Value::Object(head)).unwrap_or_default();
    Ok(Record::from_json(&json)?)
}

fn starts_numbered(line: &str) -> bool {
    let digits = line.bytes().take_while(u8::is_ascii_digit).count();
    digits > 0 && line[digits..].starts_with('.')
}

/// A move line: `N. entry` (the number its place) or the entry alone.
fn push_move(moves: &mut Vec<String>, n: usize, line: &str) -> Result<(), ReadError> {
    let entry = if starts_numbered(line) {
        let (num, rest) = line.split_once('.').unwrap_or_default();
        let want = moves.len() + 1;
        if num.parse::<usize>().ok() != Some(want) {
            return Err(at(
                n,
                ReadWhy::OutOfOrder {
                    number: num.to_string(),
                    want,
                },
            ));
        }
        rest.trim()
    } else {
        line
    };
    if entry.is_empty() {
        return Err(at(n, ReadWhy::NoMove));
    }
    moves.push(entry.to_string());
    Ok(())
}

/// Reads whatever a player hands over: a record's JSON, its text, or a game link
/// (whole or its fragment), of a game this version has.
pub fn read_any(text: &str) -> Result<Record, ReadError> {
    let record = read_record(text)?;
    if !crate::catalogue::ids().contains(&record.game.as_str()) {
        return Err(RecordError::UnknownGame(record.game).into());
    }
    Ok(record)
}

fn read_record(text: &str) -> Result<Record, ReadError> {
    if text.len() > MAX_RECORD_BYTES {
        return Err(RecordError::TooLarge(Limit::Bytes(MAX_RECORD_BYTES)).into());
    }
    let trimmed = text.trim_start_matches('\u{feff}').trim();
    if trimmed.starts_with('{') {
        // (serde_json names the line and column.)
        return Record::from_json(trimmed).map_err(ReadError::from);
    }
    if link::is_link(trimmed) && !trimmed.contains('\n') {
        return link::decode(trimmed).map_err(|e| ReadError {
            line: None,
            reason: ReadWhy::Link(e),
        });
    }
    from_text(text)
}

#[cfg(test)]
mod tests {

    use super::*;

    fn sample() -> Record {
        Record::from_json(
            r#"{"game":"citadel","setup":{"size":13},"moves":["c3","R:e6 e6-e7","-"],"names":["Ann","Bo"],"seats":["person","level2"],"resigned":1,"id":"18f0a2b3c4d5e"}"#,
        )
        .unwrap()
    }

    #[test]
    fn records_round_trip_through_text() {
        let r = sample();
        let text = to_text(&r);
        assert!(text.starts_with("Holdfast game record\ngame: citadel\nsetup: {\"size\":13}\n"));
        assert!(text.contains("\n\n1. c3\n2. R:e6 e6-e7\n3. -\n"), "{text}");
        assert_eq!(from_text(&text).unwrap(), r);
        assert_eq!(read_any(&text).unwrap(), r);
        assert_eq!(read_any(&r.to_json()).unwrap(), r);
        let link = format!("https://h/#{}", link::encode(&r));
        assert_eq!(read_any(&link).unwrap(), r);
        // A record with no moves, and one with nothing but the game.
        let bare = Record::from_json(r#"{"game":"fort"}"#).unwrap();
        assert_eq!(from_text(&to_text(&bare)).unwrap(), bare);
        assert_eq!(from_text("game: fort").unwrap(), bare);
        // An offer (answered or not) travels in text and links alike.
        for declined in [false, true] {
            let mut offered = bare.clone();
            offered.offer = Some(crate::record::Offer { by: 0, declined });
            let text = to_text(&offered);
            assert!(text.contains("\noffer: {\"by\":0"), "{text}");
            assert_eq!(from_text(&text).unwrap(), offered);
            let link = link::encode(&offered);
            assert_eq!(read_any(&link).unwrap(), offered);
        }
    }

    #[test]
    fn hand_written_text_reads_too() {
        let r = from_text("# a comment\ngame: fortress\n\nc3\nd4\n  3. pass  \n\n").unwrap();
        assert_eq!(r.moves, ["c3", "d4", "pass"]);
        // Moves straight after the header.
        let r = from_text("game: fortress\n1. c3\n2. d4").unwrap();
        assert_eq!(r.moves, ["c3", "d4"]);
    }

    #[test]
    fn bad_text_says_what_and_where() {
        let cases = [
            (
                "game: fortress\nsetup: {map\n",
                Some(2),
                "setup is not JSON",
            ),
            ("game: fortress\ncolour: red\n", Some(2), "unknown header"),
            ("game: fortress\ngame: fort\n", Some(2), "given twice"),
            ("game: fortress\n\n1. c3\n3. d4\n", Some(4), "out of order"),
            ("game: fortress\n\n1.\n", Some(3), "no move"),
            ("setup: {}\n\nc3\n", None, "no \u{201c}game:\u{201d}"),
            ("hello there\n", Some(1), "header line"),
            ("", None, "no game record"),
            ("game: chess\n", None, "unknown game"),
        ];
        for (text, line, says) in cases {
            let e = read_any(text).unwrap_err();
            assert_eq!(e.line, line, "{text:?}: {e}");
            assert!(e.to_string().contains(says), "{text:?}: {e}");
        }
        let e = read_any("{\"game\": \"fort\",\n \"moves\": [1]}").unwrap_err();
        assert!(e.to_string().contains("line 2"), "{e}");
        let e = read_any("#c=AAAA").unwrap_err();
        assert!(e.to_string().contains("damaged"), "{e}");
    }
}
