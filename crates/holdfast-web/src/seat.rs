//! Who plays a seat ([`SeatPlayer`]), typed: the app never compares the record's
//! words, only reads and writes them here.

/// Who plays a seat: a person here, a computer, or a person on another device
/// (that seat's moves come by link, and the app offers to send the game after each
/// move). A record keeps it as a word of its `seats` ([`SeatPlayer::word`]), which
/// every earlier record and link still reads as it did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SeatPlayer {
    Person,
    Computer(holdfast_search::Player),
    Remote,
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
        word.parse()
            .map_or(SeatPlayer::Person, SeatPlayer::Computer)
    }

    /// The record's word for it.
    pub fn word(&self) -> String {
        match self {
            SeatPlayer::Person => Self::PERSON.into(),
            SeatPlayer::Remote => Self::REMOTE.into(),
            SeatPlayer::Computer(p) => p.to_string(),
        }
    }

    pub fn is_computer(&self) -> bool {
        matches!(self, SeatPlayer::Computer(_))
    }
}

#[cfg(test)]
mod tests {
    use super::SeatPlayer;

    #[test]
    fn every_word_a_record_keeps_reads_back() {
        for word in ["person", "remote", "random", "greedy", "level1", "level5"] {
            assert_eq!(SeatPlayer::from_word(word).word(), word);
        }
        assert!(SeatPlayer::from_word("level3").is_computer());
        assert!(!SeatPlayer::from_word("remote").is_computer());
        // What the app does not know (a later version's word, a typo) is a person.
        for word in ["", "level9", "someone", "Person"] {
            assert_eq!(SeatPlayer::from_word(word), SeatPlayer::Person, "{word}");
        }
    }
}
