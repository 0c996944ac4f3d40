//! Fort's repetition rule: exact position keys, and how often the mover has
//! already ended a turn in the position a spawn would make.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use crate::board::CellId;
use crate::game::Seat;

use super::{dot, Fort};

/// A position's exact key: 61 cells of 3 bits (21 a word) and the player to move.
pub(super) type Key = [u64; 3];

/// How many times each position has ended a turn.
pub(super) type Ended = HashMap<Key, u8, BuildHasherDefault<KeyHasher>>;

/// A hasher for position keys, which are already well mixed board bits: a multiply
/// and a rotation a 64-bit word (a key arrives as its 24 bytes), far cheaper than the
/// default SipHash.
#[derive(Default)]
pub(super) struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut word = [0u8; 8];
            word[..chunk.len()].copy_from_slice(chunk);
            self.write_u64(u64::from_le_bytes(word));
        }
    }
    fn write_u64(&mut self, v: u64) {
        self.0 = (self.0.rotate_left(5) ^ v).wrapping_mul(0x517c_c1b7_2722_0a95);
    }
    fn write_usize(&mut self, v: usize) {
        self.write_u64(v as u64);
    }
}

/// Cells a key word holds: 21 cells of 3 bits (63 bits), so no cell straddles two
/// words; the last word's top bit is the player to move.
const PER_WORD: usize = 21;

/// ORs the 3-bit value `v` of cell `i` into a key.
#[inline]
fn put(k: &mut Key, i: usize, v: u8) {
    if let Some(w) = k.get_mut(i / PER_WORD) {
        *w |= ((v & 7) as u64) << (3 * (i % PER_WORD));
    }
}

/// Sets cell `i` of a key to the 3-bit value `v`: positions keep their key up to
/// date with each change instead of packing all 61 cells again.
#[inline]
pub(super) fn set(k: &mut Key, i: usize, v: u8) {
    if let Some(w) = k.get_mut(i / PER_WORD) {
        let shift = 3 * (i % PER_WORD);
        *w = (*w & !(7u64 << shift)) | ((v & 7) as u64) << shift;
    }
}

/// A key of the cells alone (as [`key_of`] gives for seat 0) with the player to move.
#[inline]
pub(super) fn with_mover(mut k: Key, to_move: Seat) -> Key {
    k[2] |= ((to_move & 1) as u64) << 63;
    k
}

/// The exact key of `cells` and the player to move.
pub(super) fn key_of(cells: &[u8], to_move: Seat) -> Key {
    let mut k = [0u64; 3];
    for (w, chunk) in k.iter_mut().zip(cells.chunks(PER_WORD)) {
        for (i, &v) in chunk.iter().enumerate() {
            *w |= ((v & 7) as u64) << (3 * i);
        }
    }
    k[2] |= (to_move as u64) << 63;
    k
}

impl Fort {
    pub(super) fn key(&self, to_move: Seat) -> Key {
        with_mover(self.key, to_move)
    }

    /// How many times the player to move has already ended a turn in the position
    /// a spawn on `c` would make.
    pub fn repetitions_after_spawn(&self, c: CellId) -> usize {
        if self.ended.is_empty() {
            return 0;
        }
        self.repetitions_with(self.key(1 - self.to_move), c)
    }

    /// As [`Fort::repetitions_after_spawn`], from the key of the position before the
    /// spawn with the opponent to move (`c` is empty in it).
    pub(super) fn repetitions_with(&self, base: Key, c: CellId) -> usize {
        let mut key = base;
        put(&mut key, c as usize, dot(self.to_move));
        self.ended.get(&key).copied().unwrap_or(0) as usize
    }
}
