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
    put(cells, key, bits, from, EMPTY);
    put(cells, key, bits, to, v);
}

/// Puts `v` on the cell `c` of the board `cells`, and in its key and bits alike:
/// the one place a cell changes once a game has begun.
#[inline]
pub(super) fn put(cells: &mut [u8; CELLS], key: &mut Key, bits: &mut Bits, c: CellId, v: u8) {
    // A cell of the board (the callers take it from it), indexed as the key's `set`
    // indexes it, so that cells, key and bits never part.
    let c = c as usize;
    bits::mark(bits, c, cells[c], v);
    cells[c] = v;
    repetition::set(key, c, v);
}
