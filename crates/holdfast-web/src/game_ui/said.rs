//! A move said in words: what an entry changed on the board
//! ([`holdfast_rules::changes`]) as sentences a newcomer reads without the
//! notation ("Blue took 2 dots from Orange."), shown by the board after every move
//! and heard by a screen reader; and the move list's mark for an entry that took
//! something from another seat.

use holdfast_rules::changes::Change;
use holdfast_rules::Seat;

use crate::i18n::{tf, tp};

/// The mark the move list shows beside an entry that took pieces, territory, a
/// wall or a citadel from another seat (docs/notation.md: it is the list's, not
/// the record's).
pub const TAKES_MARK: &str = "\u{d7}";

/// Whether an entry's changes earn [`TAKES_MARK`].
pub fn takes(changes: &[Change], mover: Seat) -> bool {
    changes.iter().any(|c| c.takes(mover))
}

/// The move list's page (from `start`), what its entries took (their marks), and
/// the entry that led to position `ply` in words: `changes` by entry of the page,
/// `movers` of every entry.
pub fn page(
    changes: &[Vec<Change>],
    movers: &[Seat],
    start: usize,
    ply: usize,
    name: &dyn Fn(Seat) -> String,
    territory: &dyn Fn(usize) -> String,
) -> (Vec<bool>, Vec<String>) {
    let mover = |i: usize| movers.get(start + i).copied();
    let takes = changes
        .iter()
        .enumerate()
        .map(|(i, c)| takes(c, mover(i).unwrap_or(0)))
        .collect();
    let said = ply
        .checked_sub(1 + start)
        .and_then(|i| Some((changes.get(i)?, mover(i)?)))
        .map(|(c, m)| sentences(c, m, name, territory))
        .unwrap_or_default();
    (takes, said)
}

/// `n` pieces of a kind the rules name (`dot`, `warrior`, `barracks`…).
pub fn pieces(n: u32, kind: &str) -> String {
    let n = n as usize;
    match kind {
        "dot" => tp(n, "{} dot", "{} dots"),
        "fort" => tp(n, "{} fort", "{} forts"),
        "warrior" => tp(n, "{} warrior", "{} warriors"),
        "barracks" => tp(n, "{} barracks", "{} barracks"),
        "tower" => tp(n, "{} tower", "{} towers"),
        "port" => tp(n, "{} port", "{} ports"),
        "city" => tp(n, "{} city", "{} cities"),
        _ => tp(n, "{} piece", "{} pieces"),
    }
}

/// Sentences for what an entry by `mover` changed: `name` names a seat,
/// `territory(n)` counts the game's cells of land ("3 hexes", "2 areas"). Empty
/// when it changed nothing beyond the mover's own pieces.
pub fn sentences(
    changes: &[Change],
    mover: Seat,
    name: &dyn Fn(Seat) -> String,
    territory: &dyn Fn(usize) -> String,
) -> Vec<String> {
    let took = |by: Seat, what: String, from: Seat| {
        tf("{} took {} from {}.", &[&name(by), &what, &name(from)])
    };
    changes
        .iter()
        .map(|c| match *c {
            Change::Taken { seat, kind, count } => took(mover, pieces(count, kind), seat),
            Change::Became { seat, kind, count } => {
                tf("{} made {}.", &[&name(seat), &pieces(count, kind)])
            }
            Change::Territory {
                from: Some(from),
                to: Some(to),
                count,
            } => took(to, territory(count as usize), from),
            // (One cell of nobody's is the placement itself: no news.)
            Change::Territory {
                from: None,
                to: Some(to),
                count,
            } if count > 1 => tf("{} gained {}.", &[&name(to), &territory(count as usize)]),
            Change::Territory {
                from: Some(from),
                to: None,
                count,
            } => tf("{} lost {}.", &[&name(from), &territory(count as usize)]),
            Change::Territory { from: None, .. } => String::new(),
            Change::WallsDestroyed { count } => tf(
                "{} destroyed {}.",
                &[&name(mover), &tp(count as usize, "{} wall", "{} walls")],
            ),
            Change::Citadels {
                from,
                to: Some(to),
                count,
            } => took(to, tp(count as usize, "{} citadel", "{} citadels"), from),
            Change::Citadels {
                from,
                to: None,
                count,
            } => tf(
                "{} lost {}.",
                &[
                    &name(from),
                    &tp(count as usize, "{} citadel", "{} citadels"),
                ],
            ),
            Change::Secured { seat, count } => tf(
                "{} secured {}.",
                &[
                    &name(seat),
                    &tp(count as usize, "{} hex of water", "{} hexes of water"),
                ],
            ),
        })
        .filter(|s| !s.is_empty())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn captures_and_territory_in_words() {
        let names = ["Orange", "Blue"];
        let name = |s: Seat| names[s as usize].to_string();
        let hexes = |n: usize| tp(n, "{} hex", "{} hexes");
        let said = sentences(
            &[
                Change::Taken {
                    seat: 0,
                    kind: "dot",
                    count: 2,
                },
                Change::Territory {
                    from: Some(0),
                    to: Some(1),
                    count: 1,
                },
                Change::Territory {
                    from: None,
                    to: Some(1),
                    count: 3,
                },
                Change::WallsDestroyed { count: 1 },
            ],
            1,
            &name,
            &hexes,
        );
        assert_eq!(
            said,
            [
                "Blue took 2 dots from Orange.",
                "Blue took 1 hex from Orange.",
                "Blue gained 3 hexes.",
                "Blue destroyed 1 wall.",
            ]
        );
        assert!(takes(
            &[Change::Taken {
                seat: 0,
                kind: "dot",
                count: 1
            }],
            1
        ));
        assert!(!takes(
            &[Change::Became {
                seat: 1,
                kind: "fort",
                count: 1
            }],
            1
        ));
    }
}
