//! Game records (docs/notation.md): read, written and replayed here, so the app, the
//! command line and the tests share one implementation.

use serde::{Deserialize, Serialize};
use serde_json::{json, Value};

use crate::catalogue::{with_game, GameFn};
use crate::game::{Game, JsonKind, MoveError, Seat, SetupError, Snapshot};

/// A game record: game id, setup and the entries played.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Record {
    pub game: String,
    #[serde(default = "empty_object")]
    pub setup: Value,
    #[serde(default)]
    pub moves: Vec<String>,
    /// The players' names as the app shows them (optional; not part of the rules).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub names: Vec<String>,
    /// Who plays each seat in the app (optional; not part of the rules): `person`,
    /// or a computer player (`level1` to `level5`, `random`, `greedy`). A seat left
    /// out, or an entry the app does not know, is a person.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub seats: Vec<String>,
    /// The seat that resigned after the last entry (optional; the app's own addition
    /// to the notation, for two-player games): the game is over and the other seat
    /// wins. A record that has it replays its moves first; a resignation in a game
    /// of more seats, by a seat the game does not have, or after the game's end is
    /// malformed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub resigned: Option<Seat>,
    /// The game's own id (optional; not part of the rules): the app gives every new
    /// game a random one, so that a link of a game already saved here updates that
    /// game instead of opening a second copy.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub id: Option<String>,
    /// The game's agreement (Fort: to count; Citadel: a draw) offered after the
    /// last entry by the seat to move and not accepted (optional; the app's own
    /// addition, so that an offer travels by link): accepting it is the entry
    /// itself (`count`, `draw`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub offer: Option<Offer>,
}

/// An offer of a game's agreement, made between turns by the seat to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Offer {
    /// The seat that offered.
    pub by: Seat,
    /// The other player declined it (the offer stays, answered, until the next entry).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub declined: bool,
}

impl Offer {
    /// How far an exchange over one position has gone: no offer, offered,
    /// declined (a newer link of the same moves has a higher stage).
    pub fn stage(offer: Option<Offer>) -> u8 {
        match offer {
            None => 0,
            Some(Offer {
                declined: false, ..
            }) => 1,
            Some(_) => 2,
        }
    }
}

/// The largest record text read, in bytes (8 MiB): a 60,000-turn Fort game takes
/// about 1 MB. Checked before the text is parsed.
pub const MAX_RECORD_BYTES: usize = 8 << 20;
/// The most entries a record holds (games whose rules end them sooner, like Island
/// Wars' 12 rounds, end there first).
pub const MAX_ENTRIES: usize = 500_000;
/// The longest entry, in characters: a Fort turn is at most about 25, a Citadel turn
/// under 1,000, a Frontier mode 3 turn of orders to 200 generals about 2,500.
pub const MAX_ENTRY_CHARS: usize = 20_000;
/// The longest player name, in characters, and the most names or seats listed.
pub const MAX_NAME_CHARS: usize = 40;
pub const MAX_SEATS: usize = 6;

fn empty_object() -> Value {
    Value::Object(Default::default())
}

/// Why a record is malformed (exit status 2 of `holdfast replay`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RecordError {
    /// Not JSON, or not of the record's shape: serde's own message.
    Json(String),
    /// A `game` id no version has.
    UnknownGame(String),
    /// The setup is not of the game's shape or not a valid game.
    Setup(SetupError),
    /// Over one of the limits above.
    TooLarge(Limit),
    /// A resignation the game does not allow.
    Resignation(Resignation),
    /// An offer the game does not allow.
    Offer(OfferWhy),
}

impl std::fmt::Display for RecordError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            RecordError::Json(e) => write!(f, "not a game record: {e}"),
            RecordError::UnknownGame(g) => write!(f, "unknown game {}", crate::quote::quoted(g)),
            RecordError::Setup(e) => write!(f, "bad setup: {e}"),
            RecordError::TooLarge(e) => write!(f, "too large: {e}"),
            RecordError::Resignation(e) => write!(f, "not a game record: bad resignation: {e}"),
            RecordError::Offer(e) => write!(f, "not a game record: bad offer: {e}"),
        }
    }
}

impl std::error::Error for RecordError {}

impl From<SetupError> for RecordError {
    fn from(e: SetupError) -> Self {
        RecordError::Setup(e)
    }
}

/// Which of a record's limits it is over, with the limit.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Limit {
    /// More bytes than this.
    Bytes(usize),
    /// More entries than this.
    Moves(usize),
    /// An entry (1-based) longer than this many characters.
    EntryChars { entry: usize, most: usize },
    /// More names or seats than this.
    Seats(usize),
    /// A name or seat (its first 12 characters) longer than this many characters.
    NameChars { start: String, most: usize },
}

impl std::fmt::Display for Limit {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Limit::Bytes(n) => write!(f, "the record is longer than {} bytes", thousands(*n)),
            Limit::Moves(n) => write!(f, "the record has more than {} moves", thousands(*n)),
            Limit::EntryChars { entry, most } => write!(
                f,
                "move {entry} is longer than {} characters",
                thousands(*most)
            ),
            Limit::Seats(n) => write!(f, "a game has at most {n} players"),
            Limit::NameChars { start, most } => write!(
                f,
                "the name or seat beginning {} is longer than {most} characters",
                crate::quote::quoted(start)
            ),
        }
    }
}

/// Why a record's resignation is malformed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Resignation {
    NotTwoPlayers,
    BadSeat,
    AlreadyOver,
}

impl std::fmt::Display for Resignation {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Resignation::NotTwoPlayers => "only a two-player game can be resigned",
            Resignation::BadSeat => "the resigning seat must be 0 or 1",
            Resignation::AlreadyOver => "the game was already over",
        })
    }
}

/// Why a record's offer is malformed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OfferWhy {
    NoAgreement,
    Over,
    NotToMove,
    NotNow,
}

impl std::fmt::Display for OfferWhy {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            OfferWhy::NoAgreement => "this game has no agreement to offer",
            OfferWhy::Over => "the game is over",
            OfferWhy::NotToMove => "only the seat to move can have offered",
            OfferWhy::NotNow => "the agreement cannot be made now",
        })
    }
}

/// The first entry of a record that could not be played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BadMove {
    pub index: usize,
    pub text: String,
    pub error: MoveError,
}

/// A count as a sentence writes it: `8388608` as `8,388,608`.
pub fn thousands(n: usize) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

impl Record {
    /// Reads a record from JSON (a UTF-8 byte-order mark before it is skipped),
    /// within the limits above.
    pub fn from_json(text: &str) -> Result<Record, RecordError> {
        if text.len() > MAX_RECORD_BYTES {
            return Err(RecordError::TooLarge(Limit::Bytes(MAX_RECORD_BYTES)));
        }
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        let record: Record =
            serde_json::from_str(text).map_err(|e| RecordError::Json(e.to_string()))?;
        record.check_limits()?;
        Ok(record)
    }

    /// Whether the record keeps within the limits above.
    pub fn check_limits(&self) -> Result<(), RecordError> {
        let too = |what: Limit| Err(RecordError::TooLarge(what));
        if self.moves.len() > MAX_ENTRIES {
            return too(Limit::Moves(MAX_ENTRIES));
        }
        if let Some(i) = self
            .moves
            .iter()
            .position(|m| m.chars().count() > MAX_ENTRY_CHARS)
        {
            return too(Limit::EntryChars {
                entry: i + 1,
                most: MAX_ENTRY_CHARS,
            });
        }
        if self.names.len() > MAX_SEATS || self.seats.len() > MAX_SEATS {
            return too(Limit::Seats(MAX_SEATS));
        }
        if let Some(n) = self
            .names
            .iter()
            .chain(&self.seats)
            .find(|n| n.chars().count() > MAX_NAME_CHARS)
        {
            let start: String = n.chars().take(12).collect();
            return too(Limit::NameChars {
                start,
                most: MAX_NAME_CHARS,
            });
        }
        Ok(())
    }

    /// Writes the record as compact JSON.
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }

    /// A record of a game with no moves yet.
    pub fn new<G: Game>(setup: &G::Setup) -> Record {
        Record {
            game: G::ID.to_string(),
            setup: serde_json::to_value(setup).unwrap_or_else(|_| empty_object()),
            moves: vec![],
            names: vec![],
            seats: vec![],
            resigned: None,
            id: None,
            offer: None,
        }
    }

    /// The setup, typed. It must be a JSON object (a record without one has the empty
    /// object: every field at its default); each game refuses fields it does not have.
    pub fn setup_of<G: Game>(&self) -> Result<G::Setup, RecordError> {
        let setup = match &self.setup {
            Value::Object(_) => self.setup.clone(),
            other => {
                return Err(RecordError::Setup(SetupError::NotAnObject(JsonKind::of(
                    other,
                ))))
            }
        };
        serde_json::from_value(setup)
            .map_err(|e| RecordError::Setup(SetupError::Json(e.to_string())))
    }

    /// Builds the starting position of this record's game, typed.
    pub fn start<G: Game>(&self) -> Result<G, RecordError> {
        if self.game != G::ID {
            return Err(RecordError::UnknownGame(self.game.clone()));
        }
        Ok(G::new(&self.setup_of::<G>()?)?)
    }

    /// Replays every entry; the position after the last good one comes back with
    /// the first bad entry, if any.
    pub fn replay<G: Game>(&self) -> Result<(G, Option<BadMove>), RecordError> {
        let mut g: G = self.start()?;
        for (index, text) in self.moves.iter().enumerate() {
            if let Err(error) = g.play_entry(text) {
                return Ok((
                    g,
                    Some(BadMove {
                        index,
                        text: text.clone(),
                        error,
                    }),
                ));
            }
        }
        Ok((g, None))
    }
}

/// What `holdfast replay` prints about a position.
pub fn report<G: Game>(g: &G, ply: usize) -> Value {
    let Snapshot {
        pieces,
        owners,
        extra,
    } = g.snapshot();
    let mut out = json!({
        "ok": true,
        "game": G::ID,
        "over": g.is_over(),
        "to_move": g.to_move(),
        "ply": ply,
        "scores": g.scores(),
        "winners": g.winners(),
        "pieces": pieces,
    });
    if let Some(owners) = owners {
        out["owners"] = json!(owners);
    }
    for (k, v) in extra {
        out[k] = v;
    }
    out
}

/// The result of replaying a record's text: the exit status and the JSON to print.
pub fn replay_text(text: &str) -> (i32, Value) {
    let malformed = |e: RecordError| {
        (
            2,
            json!({ "ok": false, "error": { "reason": e.to_string() } }),
        )
    };
    let record = match Record::from_json(text) {
        Ok(r) => r,
        Err(e) => return malformed(e),
    };
    match replay_report(&record) {
        Ok(v) => v,
        Err(e) => malformed(e),
    }
}

/// Replays a record of any game: the exit status and the report, or why the record
/// is malformed.
pub fn replay_report(record: &Record) -> Result<(i32, Value), RecordError> {
    struct Replay<'a>(&'a Record);
    impl GameFn for Replay<'_> {
        type Out = Result<(i32, Value), RecordError>;
        fn call<G: Game>(self) -> Self::Out {
            let (g, bad) = self.0.replay::<G>()?;
            Ok(match bad {
                None => {
                    let mut out = report(&g, self.0.moves.len());
                    if let Some(seat) = self.0.resigned {
                        let winners = resignation_winners(&g, seat)?;
                        out["over"] = json!(true);
                        out["to_move"] = Value::Null;
                        out["winners"] = json!(winners);
                        out["resigned"] = json!(seat);
                    }
                    if let Some(offer) = self.0.offer {
                        offer_check(&g, offer, self.0.resigned)?;
                    }
                    (0, out)
                }
                Some(b) => (
                    1,
                    json!({ "ok": false, "error": { "index": b.index, "move": b.text, "reason": b.error.to_string() } }),
                ),
            })
        }
    }
    with_game(&record.game, Replay(record))
        .unwrap_or_else(|| Err(RecordError::UnknownGame(record.game.clone())))
}

/// The winners when `seat` resigns at the end of a game's record: the other seat of
/// a two-player game still under way. Anything else is a malformed record.
pub fn resignation_winners<G: Game>(g: &G, seat: Seat) -> Result<Vec<Seat>, RecordError> {
    let bad = |why| Err(RecordError::Resignation(why));
    if g.players() != 2 {
        return bad(Resignation::NotTwoPlayers);
    }
    if seat >= 2 {
        return bad(Resignation::BadSeat);
    }
    if g.is_over() {
        return bad(Resignation::AlreadyOver);
    }
    Ok(vec![1 - seat])
}

/// Whether `offer` is one the rules allow at the end of a game's record: the game
/// has an agreement, it may be made now, the seat to move made it, and no one
/// resigned. Anything else is a malformed record.
pub fn offer_check<G: Game>(
    g: &G,
    offer: Offer,
    resigned: Option<Seat>,
) -> Result<(), RecordError> {
    let bad = |why| Err(RecordError::Offer(why));
    let Some(agreement) = g.agreement() else {
        return bad(OfferWhy::NoAgreement);
    };
    if resigned.is_some() || g.is_over() {
        return bad(OfferWhy::Over);
    }
    if g.to_move() != Some(offer.by) {
        return bad(OfferWhy::NotToMove);
    }
    if g.check(agreement).is_err() {
        return bad(OfferWhy::NotNow);
    }
    Ok(())
}

#[cfg(test)]
mod limit_tests {
    use super::*;

    fn with(moves: Vec<String>, names: Vec<String>, seats: Vec<String>) -> Record {
        Record {
            game: "fort".into(),
            setup: empty_object(),
            moves,
            names,
            seats,
            resigned: None,
            id: None,
            offer: None,
        }
    }

    #[test]
    fn records_at_each_limit_pass_and_one_past_it_is_too_large() {
        let at = |n: usize, c: char| vec![c.to_string().repeat(n)];
        let ok = |r: Record| assert_eq!(r.check_limits(), Ok(()));
        let big = |r: Record| assert!(matches!(r.check_limits(), Err(RecordError::TooLarge(_))));
        assert_eq!(
            [0, 999, 1000, 20_000, 8 << 20].map(thousands),
            ["0", "999", "1,000", "20,000", "8,388,608"]
        );
        ok(with(vec!["-".into(); MAX_ENTRIES], vec![], vec![]));
        big(with(vec!["-".into(); MAX_ENTRIES + 1], vec![], vec![]));
        ok(with(at(MAX_ENTRY_CHARS, 'é'), vec![], vec![]));
        big(with(at(MAX_ENTRY_CHARS + 1, 'e'), vec![], vec![]));
        ok(with(vec![], at(MAX_NAME_CHARS, 'Ж'), vec![]));
        big(with(vec![], at(MAX_NAME_CHARS + 1, 'N'), vec![]));
        big(with(vec![], vec![], at(MAX_NAME_CHARS + 1, 'p')));
        ok(with(
            vec![],
            vec!["A".into(); MAX_SEATS],
            vec!["person".into(); MAX_SEATS],
        ));
        big(with(vec![], vec!["A".into(); MAX_SEATS + 1], vec![]));
        big(with(vec![], vec![], vec!["person".into(); MAX_SEATS + 1]));
        // Through the reader: the text's size first, a byte-order mark skipped.
        let long = " ".repeat(MAX_RECORD_BYTES + 1);
        assert!(matches!(
            Record::from_json(&long),
            Err(RecordError::TooLarge(_))
        ));
        assert!(Record::from_json("\u{feff}{\"game\":\"fort\"}").is_ok());
    }
}

#[cfg(test)]
mod resign_tests {
    use super::*;

    fn replay(json: &str) -> (i32, Value) {
        replay_text(json)
    }

    #[test]
    fn a_resignation_ends_a_two_player_game_for_the_other_seat() {
        let (status, out) =
            replay(r#"{"game":"fortress","setup":{},"moves":["c3","d4"],"resigned":0}"#);
        assert_eq!(status, 0, "{out}");
        assert_eq!(out["over"], json!(true));
        assert_eq!(out["to_move"], Value::Null);
        assert_eq!(out["winners"], json!([1]));
        assert_eq!(out["ply"], json!(2));
        // The same record without it: the game goes on.
        let (_, out) = replay(r#"{"game":"fortress","setup":{},"moves":["c3","d4"]}"#);
        assert_eq!(out["over"], json!(false));
        assert!(out.get("resigned").is_none());
        // A bad move is reported first, as without a resignation.
        let (status, out) = replay(r#"{"game":"fortress","moves":["c3","zz"],"resigned":1}"#);
        assert_eq!(status, 1, "{out}");
        assert_eq!(out["error"]["index"], json!(1));
    }

    #[test]
    fn a_resignation_that_cannot_be_is_malformed() {
        for bad in [
            r#"{"game":"fortress","setup":{"players":3},"resigned":0}"#,
            r#"{"game":"fort","resigned":2}"#,
            r#"{"game":"fort","resigned":-1}"#,
            r#"{"game":"fort","resigned":"0"}"#,
            r#"{"game":"fort","moves":["count"],"resigned":0}"#,
        ] {
            let (status, out) = replay(bad);
            assert_eq!(status, 2, "{bad}: {out}");
            assert!(out["error"]["reason"].is_string());
        }
        // Written only when there is one, and read back.
        let mut r = Record::from_json(r#"{"game":"fort"}"#).unwrap();
        assert!(!r.to_json().contains("resigned"));
        r.resigned = Some(1);
        assert_eq!(Record::from_json(&r.to_json()).unwrap(), r);
    }
}

#[cfg(test)]
mod offer_tests {
    use super::*;

    /// An offer of the game's agreement by the seat to move replays as the game
    /// without it (it is not a move); any other is malformed.
    #[test]
    fn an_offer_is_the_seat_to_moves_and_only_where_the_game_has_an_agreement() {
        for good in [
            r#"{"game":"fort","offer":{"by":0}}"#,
            r#"{"game":"fort","moves":["@e2"],"offer":{"by":1,"declined":true}}"#,
        ] {
            check_good(good);
        }
        fn check_good(good: &str) {
            let (status, out) = replay_text(good);
            assert_eq!(status, 0, "{good}: {out}");
            assert_eq!(out["over"], json!(false), "{good}");
            let without = Record {
                offer: None,
                ..Record::from_json(good).unwrap()
            };
            assert_eq!(replay_text(&without.to_json()).1, out, "{good}");
        }
        for bad in [
            // Not the seat to move's; no agreement in Fortress; after the end, or a
            // resignation; not an offer.
            r#"{"game":"fort","offer":{"by":1}}"#,
            r#"{"game":"fortress","offer":{"by":0}}"#,
            r#"{"game":"fort","moves":["count"],"offer":{"by":0}}"#,
            r#"{"game":"fort","resigned":0,"offer":{"by":0}}"#,
            r#"{"game":"fort","offer":{"by":0,"accepted":true}}"#,
            r#"{"game":"fort","offer":0}"#,
        ] {
            let (status, out) = replay_text(bad);
            assert_eq!(status, 2, "{bad}: {out}");
        }
        let stages = [
            None,
            Some(Offer {
                by: 0,
                declined: false,
            }),
            Some(Offer {
                by: 0,
                declined: true,
            }),
        ];
        assert_eq!(stages.map(Offer::stage), [0, 1, 2]);
    }
}
