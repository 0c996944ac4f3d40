//! Play by link: what a game handed over (a link, a file) is to the copies of the
//! same game already here. Pure: [`reconcile`] compares records and says what to
//! do; the model does it and the screens say it.

use std::cmp::Ordering;

use holdfast_rules::record::Offer;
use holdfast_rules::Record;

use crate::seat::SeatPlayer;
use crate::storage::SavedGame;

/// What a game handed over is to the copies here.
#[derive(Clone, Debug, PartialEq)]
pub enum Outcome {
    /// No copy here: a game of its own. The seats the sender left to another device
    /// are played here and the sender's own there (`record` has them swapped);
    /// `left`: where those seats are in the record's `seats`. When there are several,
    /// the game may be on several devices: the model asks which are played here.
    New { record: Record, left: Vec<usize> },
    /// It went another way than the copy after move `common`: it opens beside the
    /// copy as a game of its own, played here by the copy's seats (`record` has
    /// them).
    Diverged { record: Record, common: usize },
    /// It stops at move `theirs` of the copy's `mine`: the copy is unchanged.
    Behind {
        copy: SavedGame,
        theirs: usize,
        mine: usize,
    },
    /// The copy has it all already.
    Same { copy: SavedGame },
    /// The copy moved on to it (`copy`, updated at `now`).
    Update { copy: SavedGame, news: News },
}

pub use crate::notice::News;

/// How `theirs` (the link's record) stands to a copy `mine`: the moves they have
/// in common, and whether theirs is ahead (`Greater`), the same, behind (`Less`)
/// or went another way (`None`). A resignation counts as the game's last move, and
/// an offer standing, then answered, moves the game on too.
fn relation(mine: &Record, theirs: &Record) -> (usize, Option<Ordering>) {
    use Ordering::*;
    let (a, b) = (&mine.moves, &theirs.moves);
    let common = a.iter().zip(b).take_while(|(x, y)| x == y).count();
    let ended = |r: &Record| r.resigned.is_some() && common == r.moves.len();
    let rel = match (common == a.len(), common == b.len()) {
        (true, true) => match (mine.resigned, theirs.resigned) {
            (x, y) if x == y => Some(Offer::stage(theirs.offer).cmp(&Offer::stage(mine.offer))),
            (None, Some(_)) => Some(Greater),
            (Some(_), None) => Some(Less),
            _ => None,
        },
        (true, false) if !ended(mine) => Some(Greater),
        (false, true) if !ended(theirs) => Some(Less),
        _ => None,
    };
    (common, rel)
}

/// What `record`, handed over at `now`, is to `copies`: every copy here of its
/// game (the same game id), the open game first. The copy it continues or
/// matches is chosen, else one ahead of it, else the first.
pub fn reconcile(mut record: Record, copies: &[SavedGame], now: f64) -> Outcome {
    let Some(first) = copies.first() else {
        let left: Vec<usize> = (0..record.seats.len())
            .filter(|&i| SeatPlayer::from_word(&record.seats[i]) == SeatPlayer::Remote)
            .collect();
        if !left.is_empty() {
            // Only the two words are swapped; any other (a computer, or a word a
            // later version wrote) is kept as it is.
            for w in &mut record.seats {
                if w == SeatPlayer::REMOTE && left.len() == 1 {
                    *w = SeatPlayer::PERSON.into();
                } else if w == SeatPlayer::PERSON {
                    *w = SeatPlayer::REMOTE.into();
                }
            }
        }
        return Outcome::New { record, left };
    };
    let rel = |c: &SavedGame| relation(&c.record, &record).1;
    let pick = copies
        .iter()
        .find(|c| matches!(rel(c), Some(Ordering::Greater | Ordering::Equal)))
        .or_else(|| copies.iter().find(|c| rel(c) == Some(Ordering::Less)))
        .unwrap_or(first);
    let mut copy = pick.clone();
    let (common, rel) = relation(&copy.record, &record);
    match rel {
        None => {
            record.seats = copy.record.seats.clone();
            record.names = copy.record.names.clone();
            Outcome::Diverged { record, common }
        }
        Some(Ordering::Less) => Outcome::Behind {
            theirs: record.moves.len(),
            mine: copy.record.moves.len(),
            copy,
        },
        Some(Ordering::Equal) => Outcome::Same { copy },
        Some(Ordering::Greater) => {
            let new = record.moves.len() - common;
            let news = if new > 0 {
                News::Moves(new)
            } else if record.resigned.is_some() {
                News::Resigned
            } else if record.offer.is_some_and(|o| o.declined) {
                News::Declined
            } else {
                News::Offer
            };
            copy.record.moves = record.moves;
            copy.record.resigned = record.resigned;
            copy.record.offer = record.offer;
            copy.redo.clear();
            copy.turn.clear();
            copy.updated = now;
            Outcome::Update { copy, news }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use holdfast_rules::fort::Fort;

    fn copy(id: &str, moves: &[&str]) -> SavedGame {
        let mut record = Record::new::<Fort>(&Default::default());
        record.id = Some("g".into());
        record.moves = moves.iter().map(|m| m.to_string()).collect();
        SavedGame {
            id: id.into(),
            record,
            redo: vec!["x".into()],
            turn: vec![],
            updated: 1.0,
            revision: 0,
        }
    }

    fn link(moves: &[&str]) -> Record {
        copy("", moves).record
    }

    #[test]
    fn a_link_ahead_updates_the_copy_it_continues() {
        let here = [copy("a", &["e1", "e9"])];
        match reconcile(link(&["e1", "e9", "d2"]), &here, 5.0) {
            Outcome::Update { copy, news } => {
                assert_eq!(news, News::Moves(1));
                assert_eq!(copy.id, "a");
                assert_eq!(copy.record.moves, ["e1", "e9", "d2"]);
                assert!(copy.redo.is_empty(), "a redo list no longer fits");
                assert_eq!(copy.updated, 5.0);
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn behind_same_and_another_way_leave_the_copy_be() {
        let here = [copy("a", &["e1", "e9"])];
        assert!(matches!(
            reconcile(link(&["e1"]), &here, 5.0),
            Outcome::Behind {
                theirs: 1,
                mine: 2,
                ..
            }
        ));
        assert!(matches!(
            reconcile(link(&["e1", "e9"]), &here, 5.0),
            Outcome::Same { .. }
        ));
        assert!(matches!(
            reconcile(link(&["e1", "d8"]), &here, 5.0),
            Outcome::Diverged { common: 1, .. }
        ));
    }

    #[test]
    fn of_several_copies_the_one_it_continues_is_chosen() {
        let here = [
            copy("behind", &["e1"]),
            copy("other", &["d2"]),
            copy("ahead", &["e1", "e9", "d2"]),
        ];
        match reconcile(link(&["e1", "e9"]), &here, 5.0) {
            Outcome::Update { copy, .. } => assert_eq!(copy.id, "behind"),
            other => panic!("{other:?}"),
        }
        // None it continues or matches: the one ahead of it.
        match reconcile(link(&["e1"]), &here[1..], 5.0) {
            Outcome::Behind { copy, .. } => assert_eq!(copy.id, "ahead"),
            other => panic!("{other:?}"),
        }
        // Gone another way from all: the first.
        assert!(matches!(
            reconcile(link(&["d7"]), &here[1..], 5.0),
            Outcome::Diverged { common: 0, .. }
        ));
    }

    #[test]
    fn a_resignation_and_an_offer_move_the_game_on() {
        let here = [copy("a", &["e1", "e9"])];
        let mut resigned = link(&["e1", "e9"]);
        resigned.resigned = Some(1);
        assert!(matches!(
            reconcile(resigned, &here, 5.0),
            Outcome::Update {
                news: News::Resigned,
                ..
            }
        ));
        let mut offer = link(&["e1", "e9"]);
        offer.offer = Some(Offer {
            by: 0,
            declined: false,
        });
        assert!(matches!(
            reconcile(offer, &here, 5.0),
            Outcome::Update {
                news: News::Offer,
                ..
            }
        ));
    }

    #[test]
    fn a_first_link_swaps_who_plays_here() {
        let mut one = link(&[]);
        one.seats = vec!["person".into(), "remote".into()];
        match reconcile(one, &[], 5.0) {
            Outcome::New { record, left } => {
                assert_eq!(left, [1]);
                assert_eq!(record.seats, ["remote", "person"]);
            }
            other => panic!("{other:?}"),
        }
        // Other words stay as they are (a computer, a later version's word).
        let mut kept = link(&[]);
        kept.seats = vec![
            "person".into(),
            "remote".into(),
            "level2".into(),
            "level9".into(),
        ];
        match reconcile(kept, &[], 5.0) {
            Outcome::New { record, .. } => {
                assert_eq!(record.seats, ["remote", "person", "level2", "level9"]);
            }
            other => panic!("{other:?}"),
        }
        let mut two = link(&[]);
        two.seats = vec!["person".into(), "remote".into(), "remote".into()];
        match reconcile(two, &[], 5.0) {
            Outcome::New { record, left } => {
                assert_eq!(left, [1, 2]);
                assert_eq!(record.seats, ["remote", "remote", "remote"]);
            }
            other => panic!("{other:?}"),
        }
    }
}
