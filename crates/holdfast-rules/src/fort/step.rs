//! A step on a bare board (the cells, their key and their bits, not a position):
//! what kind it is, and playing it. The rules' checks, the search's fast path and
//! the look-ahead of whether a turn can still be completed all use these two.

use super::{bits, dot, fort, is_fort, repetition, Bits, Key, Seat, StepKind, CELLS, EMPTY};
use crate::board::CellId;

/// The kind of a step of `me`'s dot on `from` to `to` on the board `cells`, if it
/// is one (the cells are neighbours).
#[inline]
pub(super) fn step_on(cells: &[u8; CELLS], me: Seat, from: CellId, to: CellId) -> Option<StepKind> {
    if cells.get(from as usize) != Some(&dot(me)) {
        return None;
    }
    match *cells.get(to as usize)? {
        EMPTY => Some(StepKind::Walk),
        v if is_fort(v) => None,
        v if v == dot(me) => Some(StepKind::Claim),
        _ => Some(StepKind::Capture),
    }
}

/// Plays a step on the board `cells`: the dot leaves `from`; `to` holds it, or a
/// fort after a claim.
#[inline]
pub(super) fn put_step(
    cells: &mut [u8; CELLS],
    key: &mut Key,
    bits: &mut Bits,
    me: Seat,
    from: CellId,
    to: CellId,
    kind: StepKind,
) {
    let v = if kind == StepKind::Claim {
        fort(me)
    } else {
        dot(me)
    };
    // Cells of the board (the callers take them from it): indexed as the key's
    // `set` is, so that cells, key and bits never part.
    let (f, t) = (from as usize, to as usize);
    bits::mark(bits, f, cells[f], EMPTY);
    bits::mark(bits, t, cells[t], v);
    cells[f] = EMPTY;
    cells[t] = v;
    repetition::set(key, from as usize, EMPTY);
    repetition::set(key, to as usize, v);
}
