//! Who plays a seat ([`SeatPlayer`]), typed: the app never compares the record's
//! words, only reads and writes them here.

use holdfast_search::roster::Factory;

/// Who plays a seat: a person here, a computer, or a person on another device
/// (that seat's moves come by link, and the app offers to send the game after each
/// move). A record keeps it as a word of its `seats` ([`SeatPlayer::word`]), which
/// every earlier record and link still reads as it did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SeatPlayer {
    Person,
    Computer(holdfast_search::Player),
    Remote,
    /// One of Fortress's 1983 roster as this device keeps it: its base and its slot
    /// (0 the opponent itself, above 0 a copy; `crate::model::Roster`), whose
    /// weights the app looks up when it asks the worker.
    Roster(Factory, u16),
}

impl SeatPlayer {
    /// The word of a record's `seats` for a person on another device.
    pub const REMOTE: &'static str = "remote";
    /// The word for a person here (also what an empty or unknown word means).
    pub const PERSON: &'static str = "person";

    /// Who a word of a record's `seats` names: a person where it names nothing the
    /// app knows.
    pub fn from_word(word: &str) -> SeatPlayer {
        if word == Self::REMOTE {
            return SeatPlayer::Remote;
        }
        let (id, slot) = match word.split_once('@') {
            // A copy's slot: a whole number above 0, as written (no sign, no 0 first).
            Some((id, n)) if !n.starts_with('0') && n.bytes().all(|b| b.is_ascii_digit()) => {
                (id, n.parse::<u16>().ok())
            }
            Some(_) => ("", None),
            None => (word, Some(0)),
        };
        if let (Some(base), Some(slot)) = (Factory::from_id(id), slot) {
            return SeatPlayer::Roster(base, slot);
        }
        word.parse()
            .map_or(SeatPlayer::Person, SeatPlayer::Computer)
    }

    /// The record's word for it.
    pub fn word(&self) -> String {
        match self {
            SeatPlayer::Person => Self::PERSON.into(),
            SeatPlayer::Remote => Self::REMOTE.into(),
            SeatPlayer::Computer(p) => p.to_string(),
            SeatPlayer::Roster(base, 0) => base.id().into(),
            SeatPlayer::Roster(base, slot) => format!("{}@{slot}", base.id()),
        }
    }

    pub fn is_computer(&self) -> bool {
        matches!(self, SeatPlayer::Computer(_) | SeatPlayer::Roster(..))
    }
}

#[cfg(test)]
mod tests {
    use super::SeatPlayer;
    use holdfast_search::roster::Factory;

    #[test]
    fn every_word_a_record_keeps_reads_back() {
        for word in [
            "person",
            "remote",
            "random",
            "greedy",
            "level1",
            "level5",
            "squire",
            "vauban",
            "galahad@3",
        ] {
            assert_eq!(SeatPlayer::from_word(word).word(), word);
        }
        assert!(SeatPlayer::from_word("level3").is_computer());
        assert!(SeatPlayer::from_word("galahad").is_computer());
        assert_eq!(
            SeatPlayer::from_word("vauban@12"),
            SeatPlayer::Roster(Factory::Vauban, 12)
        );
        // A copy's slot is a whole number above 0.
        for word in [
            "vauban@0",
            "vauban@x",
            "marshal@1",
            "vauban@01",
            "vauban@+1",
            "vauban@",
        ] {
            assert_eq!(SeatPlayer::from_word(word), SeatPlayer::Person, "{word}");
        }
        assert!(!SeatPlayer::from_word("remote").is_computer());
        // What the app does not know (a later version's word, a typo) is a person.
        for word in ["", "level9", "someone", "Person"] {
            assert_eq!(SeatPlayer::from_word(word), SeatPlayer::Person, "{word}");
        }
    }
}
