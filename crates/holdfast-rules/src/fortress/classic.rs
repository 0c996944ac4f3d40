//! A random-playout loop written for Classic alone (the 6x6 map, two players, 21
//! moves each, the seed's chained captures), with nothing shared with the general
//! engine but the random generator: fixed arrays, neighbours in a table, captures
//! found from the squares a change touched. It is the yardstick `holdfast bench`
//! measures the general engine against, and, playing the same policy from the same
//! random stream, a second implementation the tests compare the engine with.

use crate::rng::Rng;

const SIDE: usize = 6;
const AREAS: usize = SIDE * SIDE;
const MOVES_EACH: u8 = 21;
const CAPACITY: u8 = 3;
const NOBODY: u8 = 2;

/// Orthogonal neighbours of each square (`AREAS` where there is none).
const fn neighbours() -> [[u8; 4]; AREAS] {
    let mut t = [[AREAS as u8; 4]; AREAS];
    let mut c = 0;
    while c < AREAS {
        let (x, y) = (c % SIDE, c / SIDE);
        let mut k = 0;
        if y > 0 {
            t[c][k] = (c - SIDE) as u8;
            k += 1;
        }
        if x > 0 {
            t[c][k] = (c - 1) as u8;
            k += 1;
        }
        if x + 1 < SIDE {
            t[c][k] = (c + 1) as u8;
            k += 1;
        }
        if y + 1 < SIDE {
            t[c][k] = (c + SIDE) as u8;
        }
        c += 1;
    }
    t
}

const NBR: [[u8; 4]; AREAS] = neighbours();

/// A Classic position, as bare as it gets: each square's holder and pieces, and
/// each seat's pieces around it (kept up to date).
#[derive(Clone, Copy)]
pub struct Classic {
    holder: [u8; AREAS],
    count: [u8; AREAS],
    around: [[u8; 2]; AREAS],
}

impl Default for Classic {
    fn default() -> Self {
        Classic {
            holder: [NOBODY; AREAS],
            count: [0; AREAS],
            around: [[0; 2]; AREAS],
        }
    }
}

impl Classic {
    #[inline]
    fn legal(&self, c: usize, me: u8) -> bool {
        (self.holder[c] == NOBODY || self.holder[c] == me) & (self.count[c] < CAPACITY)
    }

    /// Whether `me` outguns the enemy square `a`.
    #[inline]
    fn outgunned(&self, a: usize, me: u8) -> bool {
        let them = self.holder[a];
        them != NOBODY
            && them != me
            && self.around[a][me as usize] > self.count[a] + self.around[a][them as usize]
    }

    fn add(&mut self, c: usize, seat: u8, k: i8) {
        for &m in &NBR[c] {
            if (m as usize) < AREAS {
                let n = &mut self.around[m as usize][seat as usize];
                *n = n.wrapping_add(k as u8);
            }
        }
    }

    /// Places one of `me`'s pieces on `c` and clears every enemy square `me` now
    /// outguns, and those the clearing weakened, until none is left. Only the
    /// squares around `c` gained attack; only `danger` (the enemy's placements since
    /// `me` last placed, which may have gone into danger) can have been outgunned
    /// before; a clearing weakens only the squares around it.
    fn place(&mut self, c: usize, me: u8, danger: &[u8]) {
        self.holder[c] = me;
        self.count[c] += 1;
        self.add(c, me, 1);
        let mut work = [0u8; 5 * AREAS + 8];
        let mut len = 0;
        for &m in &NBR[c] {
            work[len] = m;
            len += 1;
        }
        for &d in danger {
            work[len] = d;
            len += 1;
        }
        while len > 0 {
            len -= 1;
            let a = work[len] as usize;
            if a >= AREAS || !self.outgunned(a, me) {
                continue;
            }
            let them = self.holder[a];
            let k = self.count[a];
            self.add(a, them, -(k as i8));
            self.holder[a] = NOBODY;
            self.count[a] = 0;
            for &m in &NBR[a] {
                if len < work.len() {
                    work[len] = m;
                    len += 1;
                }
            }
        }
    }

    /// Each seat's score: held squares, and empty squares to whoever has strictly
    /// more pieces around them.
    pub fn scores(&self) -> [i32; 2] {
        let mut s = [0i32; 2];
        for c in 0..AREAS {
            match self.holder[c] {
                NOBODY => {
                    let [a, b] = self.around[c];
                    if a != b {
                        s[(b > a) as usize] += 1;
                    }
                }
                h => s[h as usize] += 1,
            }
        }
        s
    }

    /// Plays a whole random game from the empty board with the benchmark's policy
    /// (a uniform placement, found by up to four random draws and then a scan;
    /// a pass only when no placement is legal). Returns the moves and final scores.
    pub fn playout(rng: &mut Rng) -> (u32, [i32; 2]) {
        let mut g = Classic::default();
        let (mut me, mut moves, mut passes) = (0u8, 0u32, 0u8);
        let mut used = [0u8; 2];
        // Each seat's placements the other has not yet answered with one of its own.
        let mut unanswered = [[0u8; AREAS]; 2];
        let mut pending = [0usize; 2];
        while used[1] < MOVES_EACH {
            let mut pick = None;
            for _ in 0..4 {
                let c = rng.below(AREAS as u32) as usize;
                if g.legal(c, me) {
                    pick = Some(c);
                    break;
                }
            }
            if pick.is_none() {
                let mut legal = [0u8; AREAS];
                let mut n = 0;
                for c in 0..AREAS {
                    legal[n] = c as u8;
                    n += g.legal(c, me) as usize;
                }
                if n > 0 {
                    pick = Some(legal[rng.below(n as u32) as usize] as usize);
                }
            }
            match pick {
                Some(c) => {
                    let them = 1 - me as usize;
                    g.place(c, me, &unanswered[them][..pending[them]]);
                    pending[them] = 0;
                    let mine = &mut pending[me as usize];
                    unanswered[me as usize][*mine] = c as u8;
                    *mine = (*mine + 1).min(AREAS - 1);
                    passes = 0;
                }
                None => passes += 1,
            }
            moves += 1;
            used[me as usize] += 1;
            me = 1 - me;
            if passes >= 2 {
                break;
            }
        }
        (moves, g.scores())
    }
}

/// Random Classic games for about `seconds` on `clock`: `(games, moves, seconds)`.
pub fn bench(seed: u64, seconds: f64, clock: &dyn Fn() -> f64) -> (u64, u64, f64) {
    let mut rng = Rng::new(seed);
    let (mut games, mut moves, mut checksum) = (0u64, 0u64, 0i64);
    let t0 = clock();
    loop {
        for _ in 0..1000 {
            let (m, s) = Classic::playout(&mut rng);
            moves += m as u64;
            checksum = checksum.wrapping_add(s[0] as i64);
            games += 1;
        }
        let el = clock() - t0;
        if el >= seconds {
            std::hint::black_box(checksum);
            return (games, moves, el);
        }
    }
}
