//! What a record entry changed on the board, as typed facts: pieces taken, pieces
//! that became another kind where they stood (Fort's forts), territory that changed
//! hands, walls destroyed, citadels taken, seas secured. Read from the two
//! positions' [`Snapshot`]s, so one function serves every game, a sixth included;
//! the app turns the facts into words ("Blue took 2 dots from Orange") and the move
//! list's marks.

use crate::board::CellId;
use crate::game::{Seat, Tally};

/// One thing an entry did to the board besides placing or moving the mover's own
/// pieces. Counts are at least 1.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Change {
    /// `count` of `seat`'s pieces of `kind` left the board (captured, cleared,
    /// taken over).
    Taken {
        seat: Seat,
        kind: &'static str,
        count: u32,
    },
    /// `count` of `seat`'s pieces became `kind` where they stood (two dots made a
    /// fort).
    Became {
        seat: Seat,
        kind: &'static str,
        count: u32,
    },
    /// `count` cells of territory went from `from` (`None`: nobody's) to `to`
    /// (`None`: they are nobody's now).
    Territory {
        from: Option<Seat>,
        to: Option<Seat>,
        count: u32,
    },
    /// `count` walls were destroyed.
    WallsDestroyed { count: u32 },
    /// `count` of `from`'s citadels went to `to` (`None`: destroyed).
    Citadels {
        from: Seat,
        to: Option<Seat>,
        count: u32,
    },
    /// `count` more cells of water are secured for `seat`.
    Secured { seat: Seat, count: u32 },
}

impl Change {
    /// Whether the change took something from another seat than `mover` (a
    /// capture, a conversion, a cleared area, a wall or a citadel lost): what the
    /// move list marks.
    pub fn takes(&self, mover: Seat) -> bool {
        match *self {
            Change::Taken { seat, .. } => seat != mover,
            Change::Territory { from, .. } => from.is_some_and(|f| f != mover),
            Change::WallsDestroyed { .. } => true,
            Change::Citadels { from, .. } => from != mover,
            Change::Became { .. } | Change::Secured { .. } => false,
        }
    }
}

/// Who a cell of territory went from and to.
type Hands = (Option<Seat>, Option<Seat>);

/// Adds `by` to `k`'s count in a small list of counts (kept in first-seen order).
fn bump<K: PartialEq>(counts: &mut Vec<(K, u32)>, k: K, by: u32) {
    match counts.iter_mut().find(|(x, _)| *x == k) {
        Some(e) => e.1 += by,
        None => counts.push((k, by)),
    }
}

/// A list by cell as one slot a cell (`len` at least every cell listed).
fn by_cell<T: Copy>(list: impl Iterator<Item = (CellId, T)>, len: usize) -> Vec<Option<T>> {
    let mut out = vec![None; len];
    for (c, x) in list {
        if let Some(slot) = out.get_mut(c as usize) {
            *slot = Some(x);
        }
    }
    out
}

/// What changed from `before` to `after` (tallies of consecutive positions),
/// `mover` having played: the mover's own placements and steps are left out, as
/// is the territory that simply stays nobody's.
pub fn changes(before: &Tally, after: &Tally, mover: Seat) -> Vec<Change> {
    let mut out = Vec::new();
    let cells = [before, after]
        .iter()
        .flat_map(|t| {
            t.pieces
                .iter()
                .map(|p| p.0)
                .chain(t.owners.iter().flatten().map(|o| o.0))
                .chain(t.marks.iter().flat_map(|m| m.1.iter().map(|x| x.0)))
        })
        .max()
        .map_or(0, |c| c as usize + 1);
    // Pieces: each seat's count of each kind, before and after.
    let totals = |t: &Tally| {
        let mut m: Vec<((Seat, &'static str), u32)> = Vec::new();
        for (_, p) in &t.pieces {
            bump(&mut m, (p.player, p.kind), p.count.unwrap_or(1));
        }
        m
    };
    let (b, a) = (totals(before), totals(after));
    for &((seat, kind), n) in &b {
        let left = a
            .iter()
            .find(|(k, _)| *k == (seat, kind))
            .map_or(0, |e| e.1);
        if seat != mover && left < n {
            out.push(Change::Taken {
                seat,
                kind,
                count: n - left,
            });
        }
    }
    // A piece of the mover's that is another kind where it stood.
    let was = by_cell(
        before.pieces.iter().map(|(c, p)| (*c, (p.player, p.kind))),
        cells,
    );
    let mut became: Vec<(&'static str, u32)> = Vec::new();
    for (c, p) in &after.pieces {
        if let Some(Some((seat, kind))) = was.get(*c as usize) {
            if p.player == mover && *seat == mover && p.kind != *kind {
                bump(&mut became, p.kind, 1);
            }
        }
    }
    out.extend(became.into_iter().map(|(kind, count)| Change::Became {
        seat: mover,
        kind,
        count,
    }));
    // Territory that changed hands.
    if let (Some(bo), Some(ao)) = (&before.owners, &after.owners) {
        let (bo, ao) = (
            by_cell(bo.iter().copied(), cells),
            by_cell(ao.iter().copied(), cells),
        );
        let mut moved: Vec<(Hands, u32)> = Vec::new();
        for (from, to) in bo.into_iter().zip(ao) {
            if from != to {
                bump(&mut moved, (from, to), 1);
            }
        }
        out.extend(
            moved
                .into_iter()
                .map(|((from, to), count)| Change::Territory { from, to, count }),
        );
    }
    // Walls destroyed.
    if let (Some(wb), Some(wa)) = (&before.walls, &after.walls) {
        let destroyed = wb.iter().filter(|w| !wa.contains(w)).count() as u32;
        if destroyed > 0 {
            out.push(Change::WallsDestroyed { count: destroyed });
        }
    }
    // Citadels that changed hands (a seat's before).
    let now = by_cell(after.marks("citadels").iter().copied(), cells);
    let mut citadels: Vec<((Seat, Option<Seat>), u32)> = Vec::new();
    for &(c, owner) in before.marks("citadels") {
        let Some(from) = owner else { continue };
        let to = now.get(c as usize).copied().flatten().flatten();
        if to != Some(from) {
            bump(&mut citadels, (from, to), 1);
        }
    }
    out.extend(
        citadels
            .into_iter()
            .map(|((from, to), count)| Change::Citadels { from, to, count }),
    );
    // Water newly secured.
    let had = by_cell(before.marks("secured").iter().copied(), cells);
    let mut secured: Vec<(Seat, u32)> = Vec::new();
    for &(c, seat) in after.marks("secured") {
        if let Some(seat) = seat {
            if had.get(c as usize).copied().flatten().flatten() != Some(seat) {
                bump(&mut secured, seat, 1);
            }
        }
    }
    out.extend(
        secured
            .into_iter()
            .map(|(seat, count)| Change::Secured { seat, count }),
    );
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::PieceInfo;

    fn piece(c: CellId, player: Seat, kind: &'static str) -> (CellId, PieceInfo) {
        (
            c,
            PieceInfo {
                player,
                kind,
                count: None,
            },
        )
    }

    #[test]
    fn a_capture_and_a_claim_are_told_apart_from_a_walk() {
        let before = Tally {
            pieces: vec![
                piece(0, 0, "dot"),
                piece(1, 0, "dot"),
                piece(2, 1, "dot"),
                piece(3, 1, "dot"),
            ],
            ..Default::default()
        };
        // Seat 1 steps 2 onto 0 (a capture), then 3 walks to 4: seat 0 lost one.
        let after = Tally {
            pieces: vec![piece(0, 1, "dot"), piece(1, 0, "dot"), piece(4, 1, "dot")],
            ..Default::default()
        };
        assert_eq!(
            changes(&before, &after, 1),
            vec![Change::Taken {
                seat: 0,
                kind: "dot",
                count: 1
            }]
        );
        // Seat 0's 1 steps onto 0: a fort where a dot stood.
        let claimed = Tally {
            pieces: vec![piece(0, 0, "fort"), piece(2, 1, "dot"), piece(3, 1, "dot")],
            ..Default::default()
        };
        assert_eq!(
            changes(&before, &claimed, 0),
            vec![Change::Became {
                seat: 0,
                kind: "fort",
                count: 1
            }]
        );
        assert!(changes(&before, &before, 0).is_empty());
    }

    #[test]
    fn territory_walls_citadels_and_seas() {
        let before = Tally {
            owners: Some(vec![(0, 0), (1, 1)]),
            walls: Some(vec![3, 7]),
            marks: vec![
                ("citadels", vec![(5, Some(1)), (6, Some(0)), (8, None)]),
                ("secured", vec![(10, Some(1))]),
            ],
            ..Default::default()
        };
        let after = Tally {
            owners: Some(vec![(0, 0), (1, 0), (2, 0)]),
            walls: Some(vec![7]),
            marks: vec![
                ("citadels", vec![(5, Some(0)), (6, Some(0)), (8, None)]),
                ("secured", vec![(10, Some(1)), (11, Some(0)), (12, Some(0))]),
            ],
            ..Default::default()
        };
        let c = changes(&before, &after, 0);
        assert_eq!(
            c,
            vec![
                Change::Territory {
                    from: Some(1),
                    to: Some(0),
                    count: 1
                },
                Change::Territory {
                    from: None,
                    to: Some(0),
                    count: 1
                },
                Change::WallsDestroyed { count: 1 },
                Change::Citadels {
                    from: 1,
                    to: Some(0),
                    count: 1
                },
                Change::Secured { seat: 0, count: 2 },
            ]
        );
        assert_eq!(
            c.iter().filter(|x| x.takes(0)).count(),
            3,
            "territory from seat 1, a wall and a citadel"
        );
    }
}
