//! Fort's repetition rule: exact position keys, and how often the mover has
//! already ended a turn in the position a spawn would make.

use std::sync::Arc;

use crate::board::CellId;
use crate::game::Seat;

use super::{dot, Fort};

/// A position's exact key: 61 cells of 3 bits (21 a word) and the player to move.
pub(super) type Key = [u64; 3];

/// How many times each position has ended a turn: a persistent hash trie, so that
/// positions share their history. Recording a turn copies only the path to one
/// leaf (a few nodes), where a `HashMap` shared between positions had to be copied
/// whole: a game's positions, each with its own history, took memory and time
/// growing with the square of its length.
#[derive(Clone, Debug, Default)]
pub(super) struct Ended {
    root: Option<Arc<Node>>,
}

/// Children a branch has: 4 bits of the hash a level.
const FAN: usize = 16;
/// Entries a leaf holds before it splits (unless the hash is used up).
const LEAF: usize = 8;

#[derive(Clone, Debug)]
enum Node {
    Leaf(Vec<(Key, u8)>),
    Branch([Option<Arc<Node>>; FAN]),
}

/// A key's hash: a rotation and a multiply a word (its words are already well
/// mixed board bits), far cheaper than SipHash.
fn hash(key: &Key) -> u64 {
    key.iter().fold(0, |h: u64, &w| {
        (h.rotate_left(5) ^ w).wrapping_mul(0x517c_c1b7_2722_0a95)
    })
}

/// The branch slot of `hash` at `depth`: its nibbles from the top, the best mixed
/// bits of a multiplying hash (past the 16th level the last is reused; leaves there
/// no longer split).
fn slot(hash: u64, depth: u32) -> usize {
    ((hash >> (60 - 4 * depth.min(15))) & 0xF) as usize
}

impl Ended {
    pub(super) fn is_empty(&self) -> bool {
        self.root.is_none()
    }

    /// How many times `key` has ended a turn.
    pub(super) fn get(&self, key: &Key) -> u8 {
        let h = hash(key);
        let mut node = self.root.as_deref();
        let mut depth = 0;
        while let Some(n) = node {
            match n {
                Node::Leaf(entries) => {
                    return entries.iter().find(|e| e.0 == *key).map_or(0, |e| e.1)
                }
                Node::Branch(children) => {
                    node = children[slot(h, depth)].as_deref();
                    depth += 1;
                }
            }
        }
        0
    }

    /// Counts one more turn ended in `key` (saturating).
    pub(super) fn bump(&mut self, key: Key) {
        let h = hash(&key);
        let root = self
            .root
            .get_or_insert_with(|| Arc::new(Node::Leaf(Vec::new())));
        bump_in(Arc::make_mut(root), key, h, 0);
    }
}

fn bump_in(node: &mut Node, key: Key, h: u64, depth: u32) {
    match node {
        Node::Leaf(entries) => {
            if let Some(e) = entries.iter_mut().find(|e| e.0 == key) {
                e.1 = e.1.saturating_add(1);
                return;
            }
            if entries.len() < LEAF || depth >= 16 {
                entries.push((key, 1));
                return;
            }
            // Split the full leaf into a branch, then insert there.
            let mut children: [Option<Arc<Node>>; FAN] = Default::default();
            for (k, n) in entries.drain(..) {
                let child = children[slot(hash(&k), depth)]
                    .get_or_insert_with(|| Arc::new(Node::Leaf(Vec::new())));
                if let Node::Leaf(v) = Arc::make_mut(child) {
                    v.push((k, n));
                }
            }
            *node = Node::Branch(children);
            bump_in(node, key, h, depth);
        }
        Node::Branch(children) => {
            let child =
                children[slot(h, depth)].get_or_insert_with(|| Arc::new(Node::Leaf(Vec::new())));
            bump_in(Arc::make_mut(child), key, h, depth + 1);
        }
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
        self.ended.get(&key) as usize
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::Rng;
    use std::collections::HashMap;

    /// The trie counts as a map does, through splits, and a copy taken earlier keeps
    /// its own counts (what every kept position relies on).
    #[test]
    fn the_history_counts_like_a_map_and_copies_stay_as_they_were() {
        let mut rng = Rng::new(7);
        let mut ended = Ended::default();
        let mut map: HashMap<Key, u8> = HashMap::new();
        assert!(ended.is_empty());
        // Keys like a game's: few cells change from one to the next, so many share
        // most of their words.
        let mut keys: Vec<Key> = Vec::new();
        let mut k = [0u64; 3];
        for _ in 0..3000 {
            set(&mut k, rng.below(61) as usize, rng.below(5) as u8);
            keys.push(with_mover(k, rng.below(2) as u8));
        }
        let mut snapshots = Vec::new();
        for (i, &key) in keys.iter().chain(keys.iter().step_by(3)).enumerate() {
            ended.bump(key);
            *map.entry(key).or_insert(0) += 1;
            if i % 500 == 0 {
                snapshots.push((ended.clone(), map.clone()));
            }
        }
        assert!(!ended.is_empty());
        for key in &keys {
            assert_eq!(ended.get(key), map[key]);
        }
        assert_eq!(ended.get(&[1, 2, 3]), 0);
        for (old, old_map) in &snapshots {
            for key in &keys {
                assert_eq!(old.get(key), old_map.get(key).copied().unwrap_or(0));
            }
        }
    }
}
