//! The words for the reasons the rules crate shares between games, and for its
//! records', links' and texts' errors: a `match` over each type's variants, the
//! keys the English of its `Display`. Each game's own reasons are said beside the
//! game (`games/<game>/words.rs`); [`Reason`] and [`SetupError`] hand them on.

use holdfast_rules::board::BoardError;
use holdfast_rules::link::{Damage, Large, LinkError};
use holdfast_rules::record::{thousands, Limit, OfferWhy, RecordError, Resignation};
use holdfast_rules::text::{ReadError, ReadWhy};
use holdfast_rules::{game::JsonKind, Reason, SetupError};

use super::{t, tf, Words};

impl Words for Reason {
    fn words(&self) -> String {
        match self {
            Reason::NotNextTo(c) => tf("not next to {}", &[c]),
            Reason::Fort(w) => w.words(),
            Reason::Fortress(w) => w.words(),
            Reason::Citadel(w) => w.words(),
            Reason::IslandWars(w) => w.words(),
            Reason::Frontier(w) => w.words(),
        }
    }
}

impl Words for SetupError {
    fn words(&self) -> String {
        match self {
            SetupError::Fort(w) => w.words(),
            SetupError::Fortress(w) => w.words(),
            SetupError::Citadel(w) => w.words(),
            SetupError::IslandWars(w) => w.words(),
            SetupError::Frontier(w) => w.words(),
            SetupError::NoCell(n) => tf("no cell {}", &[n]),
            SetupError::Board(e) => e.words(),
            // (serde's own message, in English.)
            SetupError::Json(e) => e.clone(),
            SetupError::NotAnObject(k) => {
                tf("the setup must be a JSON object, not {}", &[&k.words()])
            }
        }
    }
}

impl Words for JsonKind {
    fn words(&self) -> String {
        match self {
            JsonKind::Null => "null",
            JsonKind::Bool => t("a boolean"),
            JsonKind::Number => t("a number"),
            JsonKind::String => t("a string"),
            JsonKind::Array => t("an array"),
            JsonKind::Object => t("an object"),
        }
        .into()
    }
}

impl Words for BoardError {
    fn words(&self) -> String {
        match self {
            BoardError::Size(s) => tf("bad board size: {}", &[s]),
            BoardError::DuplicateName(n) => tf("two areas are named {}", &[n]),
            BoardError::BadName(n) => tf(
                "{} is not a valid area name ([a-z0-9-]+)",
                &[&holdfast_rules::text::quoted(n)],
            ),
            BoardError::Disconnected => t("the map's areas are not all connected").into(),
        }
    }
}

impl Words for RecordError {
    fn words(&self) -> String {
        match self {
            // (serde's own message, in English.)
            RecordError::Json(e) => tf("not a game record: {}", &[e]),
            RecordError::UnknownGame(g) => {
                tf("unknown game {}", &[&holdfast_rules::text::quoted(g)])
            }
            RecordError::Setup(e) => tf("bad setup: {}", &[&e.words()]),
            RecordError::TooLarge(limit) => tf("too large: {}", &[&limit.words()]),
            RecordError::Resignation(why) => tf(
                "not a game record: {}",
                &[&tf("bad resignation: {}", &[&why.words()])],
            ),
            RecordError::Offer(why) => tf(
                "not a game record: {}",
                &[&tf("bad offer: {}", &[&why.words()])],
            ),
        }
    }
}

impl Words for Limit {
    fn words(&self) -> String {
        match self {
            Limit::Bytes(n) => tf("the record is longer than {} bytes", &[&thousands(*n)]),
            Limit::Moves(n) => tf("the record has more than {} moves", &[&thousands(*n)]),
            Limit::EntryChars { entry, most } => tf(
                "move {} is longer than {} characters",
                &[entry, &thousands(*most)],
            ),
            Limit::Seats(n) => tf("a game has at most {} players", &[n]),
            Limit::NameChars { start, most } => tf(
                "the name or seat beginning {} is longer than {} characters",
                &[&holdfast_rules::text::quoted(start), most],
            ),
        }
    }
}

impl Words for Resignation {
    fn words(&self) -> String {
        match self {
            Resignation::NotTwoPlayers => t("only a two-player game can be resigned"),
            Resignation::BadSeat => t("the resigning seat must be 0 or 1"),
            Resignation::AlreadyOver => t("the game was already over"),
        }
        .into()
    }
}

impl Words for OfferWhy {
    fn words(&self) -> String {
        match self {
            OfferWhy::NoAgreement => t("this game has no agreement to offer"),
            OfferWhy::Over => t("the game is over"),
            OfferWhy::NotToMove => t("only the seat to move can have offered"),
            OfferWhy::NotNow => t("the agreement cannot be made now"),
        }
        .into()
    }
}

impl Words for LinkError {
    fn words(&self) -> String {
        match self {
            LinkError::NotALink => t("not a game link").into(),
            LinkError::Damaged(d) => d.words(),
            LinkError::TooLarge(l) => l.words(),
        }
    }
}

impl Words for Damage {
    fn words(&self) -> String {
        let damaged = |why: &str| tf("The link is damaged: {}.", &[&why]);
        match self {
            Damage::CutOrAltered => {
                t("The link is damaged: its game data is cut or altered.").into()
            }
            Damage::NotText => t("The link is damaged: its game data is not text.").into(),
            Damage::CannotUnpack => {
                t("The link is damaged: its game data cannot be unpacked.").into()
            }
            Damage::NotUrlEncoded => t("The link's record is not properly URL-encoded.").into(),
            Damage::Unreadable(e) => tf(
                "The link does not hold a readable game ({}).",
                &[&e.words()],
            ),
            Damage::UnknownForm => damaged(t("it is of a form this version does not know")),
            Damage::CutShort => damaged(t("it is cut short")),
            Damage::MovesInHead => damaged(t("its moves are not where the form puts them")),
            Damage::MovesAfterEnd => damaged(t("it has moves after the game's end")),
            Damage::MoveOutOfRange => damaged(t("a move in it is out of range")),
            Damage::MoveUnplayable => damaged(t("a move in it cannot be played")),
            Damage::MidTurn => damaged(t("it ends in the middle of a turn")),
        }
    }
}

impl Words for Large {
    fn words(&self) -> String {
        match self {
            Large::Chars(n) => tf(
                "This link is longer than {} characters, the most a game link may be, so it was not opened.",
                &[&thousands(*n)],
            ),
            Large::Record(limit) => {
                tf("The link's game is too large to open: {}.", &[&limit.words()])
            }
            Large::Unpacked(n) => tf(
                "The link's game is too large to open: it unpacks to more than {} bytes.",
                &[&thousands(*n)],
            ),
            Large::Actions(n) => tf(
                "The link's game is too large to open: it has more than {} actions.",
                &[&thousands(*n as usize)],
            ),
        }
    }
}

impl Words for ReadError {
    fn words(&self) -> String {
        match self.line {
            Some(n) => tf("line {}: {}", &[&n, &self.reason.words()]),
            None => self.reason.words(),
        }
    }
}

impl Words for ReadWhy {
    fn words(&self) -> String {
        match self {
            ReadWhy::HeaderLine(line) => tf(
                "expected a header line \u{201c}key: value\u{201d}, found {}",
                &[&holdfast_rules::text::quoted(line)],
            ),
            // (serde's own message, in English.)
            ReadWhy::NotJson { key, error } => tf("the {} is not JSON: {}", &[key, error]),
            ReadWhy::UnknownHeader(key) => {
                tf("unknown header {}", &[&holdfast_rules::text::quoted(key)])
            }
            ReadWhy::HeaderTwice(key) => tf(
                "the header {} is given twice",
                &[&holdfast_rules::text::quoted(key)],
            ),
            ReadWhy::NoRecord => t("the text holds no game record").into(),
            ReadWhy::NoGame => t("the header has no \u{201c}game:\u{201d} line").into(),
            ReadWhy::OutOfOrder { number, want } => {
                tf("move {} is out of order: expected move {}", &[number, want])
            }
            ReadWhy::NoMove => t("a move number with no move").into(),
            ReadWhy::Record(e) => e.words(),
            ReadWhy::Link(e) => e.words(),
        }
    }
}

/// Checks the words of `samples`: in English each is its `Display` to the letter
/// (the rules' own sentence, which the command line prints), and in Ukrainian each
/// is other than the English (translated).
#[cfg(test)]
pub(crate) fn said_in_both<W: Words + std::fmt::Display>(samples: &[W]) {
    use super::{set_lang, speak_ukrainian_for_tests, Lang};
    set_lang(Lang::En);
    let english: Vec<String> = samples.iter().map(|w| w.to_string()).collect();
    for (w, en) in samples.iter().zip(&english) {
        assert_eq!(&w.words(), en, "English words for {en:?}");
    }
    speak_ukrainian_for_tests();
    let untranslated: Vec<&String> = samples
        .iter()
        .zip(&english)
        .filter(|(w, en)| w.words() == **en)
        .map(|(_, en)| en)
        .collect();
    set_lang(Lang::En);
    assert!(untranslated.is_empty(), "not translated: {untranslated:#?}");
}

/// [`said_in_both`] for reasons to refuse a move, and in English in a move's
/// sentences too ([`super::move_sentence`]), as the rules say them.
#[cfg(test)]
pub(crate) fn reasons_said_in_both(samples: &[Reason]) {
    use holdfast_rules::MoveError;
    said_in_both(samples);
    super::set_lang(super::Lang::En);
    let name = |s: holdfast_rules::Seat| format!("player {}", s + 1);
    for why in samples {
        for e in [
            MoveError::NotNow(why.clone()),
            MoveError::Cell {
                cell: "c3".into(),
                why: why.clone(),
            },
        ] {
            assert_eq!(super::move_sentence(&e, &name), e.sentence(&name));
        }
    }
}

/// Names every variant of an enum (the `match` fails to compile when one is left
/// out) and asserts that `samples` hold one of each.
#[cfg(test)]
macro_rules! every_variant {
    ($samples:expr; $($pat:pat),+ $(,)?) => {{
        let all = [$(stringify!($pat)),+];
        let seen: std::collections::BTreeSet<&str> = $samples
            .iter()
            .map(|s| match s {
                $($pat => stringify!($pat)),+
            })
            .collect();
        let missing: Vec<&&str> = all.iter().filter(|p| !seen.contains(*p)).collect();
        assert!(missing.is_empty(), "no sample of {missing:?}");
    }};
}
#[cfg(test)]
pub(crate) use every_variant;

#[cfg(test)]
mod tests {
    use holdfast_rules::board::BoardError;
    use holdfast_rules::game::{CellName, JsonKind, Unit};
    use holdfast_rules::link::{Damage, Large, LinkError};
    use holdfast_rules::record::{Limit, OfferWhy, RecordError, Resignation};
    use holdfast_rules::text::{ReadError, ReadWhy};
    use holdfast_rules::{citadel, fort, fortress, frontier, island_wars};
    use holdfast_rules::{MoveError, Reason, Seat, SetupError};

    use super::{reasons_said_in_both, said_in_both};
    use crate::i18n::{move_sentence, set_lang, speak_ukrainian_for_tests, Lang, Refusal, Words};

    fn limits() -> Vec<Limit> {
        vec![
            Limit::Bytes(8_388_608),
            Limit::Moves(100_000),
            Limit::EntryChars {
                entry: 3,
                most: 2_000,
            },
            Limit::Seats(6),
            Limit::NameChars {
                start: "Annabelle Lee".into(),
                most: 40,
            },
        ]
    }

    fn setup_errors() -> Vec<SetupError> {
        vec![
            SetupError::NoCell("z9".into()),
            SetupError::Board(BoardError::Disconnected),
            SetupError::NotAnObject(JsonKind::Array),
            SetupError::NotAnObject(JsonKind::Null),
            fort::SetupWhy::BoardSize.into(),
        ]
    }

    fn record_errors() -> Vec<RecordError> {
        let mut out = vec![
            RecordError::Json("expected value at line 1 column 1".into()),
            RecordError::UnknownGame("chess".into()),
            RecordError::Setup(SetupError::Json("unknown field `map`".into())),
            RecordError::Resignation(Resignation::NotTwoPlayers),
            RecordError::Resignation(Resignation::BadSeat),
            RecordError::Resignation(Resignation::AlreadyOver),
            RecordError::Offer(OfferWhy::NoAgreement),
            RecordError::Offer(OfferWhy::Over),
            RecordError::Offer(OfferWhy::NotToMove),
            RecordError::Offer(OfferWhy::NotNow),
        ];
        out.extend(setup_errors().into_iter().map(RecordError::Setup));
        out.extend(limits().into_iter().map(RecordError::TooLarge));
        out
    }

    fn link_errors() -> Vec<LinkError> {
        let mut out = vec![
            LinkError::NotALink,
            LinkError::TooLarge(Large::Chars(200_000)),
            LinkError::TooLarge(Large::Unpacked(1 << 20)),
            LinkError::TooLarge(Large::Actions(20_000)),
            LinkError::Damaged(Damage::Unreadable(RecordError::UnknownGame("go".into()))),
        ];
        out.extend(
            limits()
                .into_iter()
                .map(|l| LinkError::TooLarge(Large::Record(l))),
        );
        out.extend(
            [
                Damage::CutOrAltered,
                Damage::NotText,
                Damage::CannotUnpack,
                Damage::NotUrlEncoded,
                Damage::UnknownForm,
                Damage::CutShort,
                Damage::MovesInHead,
                Damage::MovesAfterEnd,
                Damage::MoveOutOfRange,
                Damage::MoveUnplayable,
                Damage::MidTurn,
            ]
            .map(LinkError::Damaged),
        );
        out
    }

    #[test]
    fn every_shared_reason_is_said_as_the_rules_say_it_and_translated() {
        reasons_said_in_both(&[Reason::NotNextTo(CellName::new("c3"))]);
        let mut setups = setup_errors();
        setups.extend([
            fortress::SetupWhy::NoMoves.into(),
            citadel::SetupWhy::Size(9).into(),
            island_wars::SetupWhy::FieldNeedsSize.into(),
            frontier::SetupWhy::NoTurns.into(),
        ]);
        said_in_both(&setups);
        // serde's own message is data, said as it is in every language.
        let json = SetupError::Json("unknown field `map`".into());
        assert_eq!(json.words(), json.to_string());
        setups.push(json);
        crate::i18n::every_variant!(setups; SetupError::Fort(_), SetupError::Fortress(_),
            SetupError::Citadel(_), SetupError::IslandWars(_), SetupError::Frontier(_),
            SetupError::NoCell(_), SetupError::Board(_), SetupError::Json(_),
            SetupError::NotAnObject(_));
        let kinds = [
            JsonKind::Null,
            JsonKind::Bool,
            JsonKind::Number,
            JsonKind::String,
            JsonKind::Array,
            JsonKind::Object,
        ];
        said_in_both(&kinds.map(SetupError::NotAnObject));
        said_in_both(&[
            BoardError::Size("2x0".into()),
            BoardError::DuplicateName("r1".into()),
            BoardError::BadName("R 1".into()),
            BoardError::Disconnected,
        ]);
        let records = record_errors();
        crate::i18n::every_variant!(records; RecordError::Json(_), RecordError::UnknownGame(_),
            RecordError::Setup(_), RecordError::TooLarge(_), RecordError::Resignation(_),
            RecordError::Offer(_));
        crate::i18n::every_variant!(limits(); Limit::Bytes(_), Limit::Moves(_),
            Limit::EntryChars { .. }, Limit::Seats(_), Limit::NameChars { .. });
        said_in_both(&records);
        let links = link_errors();
        crate::i18n::every_variant!(links; LinkError::NotALink, LinkError::Damaged(Damage::CutOrAltered),
            LinkError::Damaged(Damage::NotText), LinkError::Damaged(Damage::CannotUnpack),
            LinkError::Damaged(Damage::NotUrlEncoded), LinkError::Damaged(Damage::Unreadable(_)),
            LinkError::Damaged(Damage::UnknownForm), LinkError::Damaged(Damage::CutShort),
            LinkError::Damaged(Damage::MovesInHead), LinkError::Damaged(Damage::MovesAfterEnd),
            LinkError::Damaged(Damage::MoveOutOfRange), LinkError::Damaged(Damage::MoveUnplayable),
            LinkError::Damaged(Damage::MidTurn), LinkError::TooLarge(Large::Chars(_)),
            LinkError::TooLarge(Large::Record(_)), LinkError::TooLarge(Large::Unpacked(_)),
            LinkError::TooLarge(Large::Actions(_)));
        said_in_both(&links);
        let mut reads: Vec<ReadError> = [
            ReadWhy::HeaderLine("hello there".into()),
            ReadWhy::NotJson {
                key: "setup".into(),
                error: "EOF while parsing".into(),
            },
            ReadWhy::UnknownHeader("colour".into()),
            ReadWhy::HeaderTwice("game".into()),
            ReadWhy::NoRecord,
            ReadWhy::NoGame,
            ReadWhy::OutOfOrder {
                number: "3".into(),
                want: 2,
            },
            ReadWhy::NoMove,
            ReadWhy::Record(RecordError::UnknownGame("chess".into())),
            ReadWhy::Link(LinkError::Damaged(Damage::CutShort)),
        ]
        .into_iter()
        .enumerate()
        .map(|(i, reason)| ReadError {
            line: (i % 2 == 0).then_some(i + 1),
            reason,
        })
        .collect();
        crate::i18n::every_variant!(reads.iter().map(|r| &r.reason).collect::<Vec<_>>();
            ReadWhy::HeaderLine(_), ReadWhy::NotJson { .. }, ReadWhy::UnknownHeader(_),
            ReadWhy::HeaderTwice(_), ReadWhy::NoRecord, ReadWhy::NoGame,
            ReadWhy::OutOfOrder { .. }, ReadWhy::NoMove, ReadWhy::Record(_), ReadWhy::Link(_));
        reads.push(ReadError {
            line: None,
            reason: ReadWhy::NoRecord,
        });
        said_in_both(&reads);
    }

    /// Every kind of refusal, in a move's sentence: in English the rules' own.
    #[test]
    fn every_move_error_is_said_as_the_rules_say_it_and_translated() {
        let why = || Reason::NotNextTo(CellName::new("d4"));
        let errors = vec![
            MoveError::GameOver,
            MoveError::Unreadable("e9-".into()),
            MoveError::UnknownCell("z99".into()),
            MoveError::HeldBy {
                cell: "north".into(),
                seat: 1,
            },
            MoveError::Full {
                cell: "c3".into(),
                capacity: 1,
            },
            MoveError::Full {
                cell: "c3".into(),
                capacity: 3,
            },
            MoveError::MustRemove {
                target: "c3".into(),
            },
            MoveError::NotNow(why()),
            MoveError::Cell {
                cell: "c3".into(),
                why: why(),
            },
            MoveError::Face {
                corner: "k10".into(),
                why: why(),
            },
            MoveError::Cost {
                cost: 2,
                left: 1,
                unit: Unit::Credit,
            },
            MoveError::Cost {
                cost: 1,
                left: 0,
                unit: Unit::Credit,
            },
        ];
        crate::i18n::every_variant!(errors; MoveError::GameOver, MoveError::Unreadable(_),
            MoveError::UnknownCell(_), MoveError::HeldBy { .. }, MoveError::Full { .. },
            MoveError::MustRemove { .. }, MoveError::NotNow(_), MoveError::Cell { .. },
            MoveError::Face { .. }, MoveError::Cost { .. });
        let name = |s: Seat| format!("player {}", s + 1);
        set_lang(Lang::En);
        for e in &errors {
            assert_eq!(move_sentence(e, &name), e.sentence(&name));
            assert_eq!(
                Refusal::from(e).sentence(&name),
                e.to_string(),
                "{e:?} in English"
            );
        }
        speak_ukrainian_for_tests();
        for e in &errors {
            assert_ne!(move_sentence(e, &name), e.sentence(&name), "{e:?}");
        }
        set_lang(Lang::En);
    }
}
