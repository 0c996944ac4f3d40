//! The board as bits: for each value a cell can hold (empty, a seat's dot, a seat's
//! fort), a word with bit `c` set for each cell `c` holding it (the 61 cells fit one
//! word). Kept in step with the cells, so that the questions asked most often (where
//! may the mover spawn, where are its dots) are a few word operations and not a walk
//! over every cell: in a browser's WebAssembly, which has no vector instructions to
//! run such walks several cells at a time, they were what held Fort's playouts back.

use super::{CELLS, EMPTY};

/// The cells holding each value, indexed by the value (`EMPTY`, `dot(0)`, `dot(1)`,
/// `fort(0)`, `fort(1)`).
pub(super) type Bits = [u64; 5];

/// The bits of `cells`.
pub(super) fn bits_of(cells: &[u8; CELLS]) -> Bits {
    let mut b = [0u64; 5];
    for (c, &v) in cells.iter().enumerate() {
        if let Some(w) = b.get_mut(v as usize) {
            *w |= 1u64 << c;
        }
    }
    b
}

/// Moves cell `c` from the value `old` to `new` in `b`.
#[inline]
pub(super) fn mark(b: &mut Bits, c: usize, old: u8, new: u8) {
    let bit = 1u64 << (c % 64);
    if let Some(w) = b.get_mut(old as usize) {
        *w &= !bit;
    }
    if let Some(w) = b.get_mut(new as usize) {
        *w |= bit;
    }
}

/// The cells of `set`, lowest first.
#[inline]
pub(super) fn each(mut set: u64) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (set != 0).then(|| {
            let c = set.trailing_zeros() as usize;
            set &= set - 1;
            c
        })
    })
}

/// The empty cells next to a cell of `forts` (`near` gives each cell's neighbours
/// as bits).
#[inline]
pub(super) fn spots(b: &Bits, forts: u64, near: &[u64; CELLS]) -> u64 {
    let mut n = 0u64;
    for c in each(forts) {
        n |= near[c % CELLS];
    }
    n & b[EMPTY as usize]
}
