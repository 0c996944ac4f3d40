//! The benchmarks: random playouts and legal-action listings of every variant of
//! every game, timed on a clock the caller gives (the command line's `bench`, the
//! app's benchmark page). It walks the [`crate::catalogue`], so it sits above every
//! game module; nothing in the rules crate uses it.

use crate::game::Game;
use crate::playout::playout;
use crate::rng::Rng;

/// Runs random games from `start` for about `seconds` on `clock` (seconds since some
/// start, so that the same loop runs natively and in a browser's worker) and returns
/// `(games, moves, elapsed seconds, score checksum)`.
pub fn bench_with_clock<G: Game>(
    start: &G,
    seed: u64,
    seconds: f64,
    clock: &dyn Fn() -> f64,
) -> (u64, u64, f64, i64) {
    let mut rng = Rng::new(seed);
    let mut game = start.clone();
    let mut scratch = Vec::with_capacity(256);
    let mut scores = Vec::with_capacity(8);
    let t0 = clock();
    let (mut games, mut moves, mut checksum) = (0u64, 0u64, 0i64);
    // Games are timed one by one until they prove fast (under 0.1 ms), then in batches.
    let mut batch = 1;
    loop {
        for _ in 0..batch {
            moves += playout(start, &mut game, &mut rng, &mut scratch) as u64;
            game.scores_into(&mut scores);
            checksum = checksum.wrapping_add(scores.first().copied().unwrap_or(0) as i64);
            games += 1;
        }
        let el = clock() - t0;
        if el >= seconds {
            return (games, moves, el, checksum);
        }
        batch = if el / (games as f64) < 1e-4 { 1000 } else { 1 };
    }
}

/// Positions whose legal actions [`bench_all`] times, a variant.
pub const LEGAL_POSITIONS: usize = 400;

/// One variant measured by [`bench_all`].
#[derive(Clone, Debug, PartialEq)]
pub struct BenchResult {
    pub game: &'static str,
    pub variant: String,
    /// This result's place among all of them, from 1, and their number.
    pub done: usize,
    pub total: usize,
    pub playouts: u64,
    pub actions: u64,
    pub seconds: f64,
    /// Listing the legal actions of positions met in play: mean and largest, in µs.
    pub legal_us: f64,
    pub legal_max_us: f64,
    /// Testing one action (each listed one of those positions), mean in µs.
    pub check_us: f64,
    /// Why the variant could not be set up (nothing measured then).
    pub error: Option<String>,
}

/// Random playouts of every variant of every game (or of the game `only`), `seconds`
/// each on `clock`, calling `report` after each variant. Not generic, so that the
/// playouts are compiled here, with the rules crate's optimisation, wherever it runs
/// (the command line, a browser's worker).
pub fn bench_all(
    only: Option<&str>,
    seconds: f64,
    clock: &dyn Fn() -> f64,
    report: &mut dyn FnMut(BenchResult),
) {
    bench_variants(only, None, seconds, clock, report)
}

/// Like [`bench_all`] for the variant at `index` alone (counting every game's
/// variants in catalogue order): `None` past the last one. A caller that asks for one
/// variant at a time can stop between them.
pub fn bench_variant(index: usize, seconds: f64, clock: &dyn Fn() -> f64) -> Option<BenchResult> {
    let mut found = None;
    bench_variants(None, Some(index), seconds, clock, &mut |r| found = Some(r));
    found
}

fn bench_variants(
    only: Option<&str>,
    index: Option<usize>,
    seconds: f64,
    clock: &dyn Fn() -> f64,
    report: &mut dyn FnMut(BenchResult),
) {
    use crate::catalogue::{each_game, Visit};
    struct Count<'a>(Option<&'a str>, usize);
    impl Visit for Count<'_> {
        fn visit<G: Game>(&mut self) {
            if self.0.is_none_or(|id| id == G::ID) {
                self.1 += G::variants().len();
            }
        }
    }
    struct Run<'a> {
        only: Option<&'a str>,
        index: Option<usize>,
        seconds: f64,
        clock: &'a dyn Fn() -> f64,
        report: &'a mut dyn FnMut(BenchResult),
        seen: usize,
        total: usize,
    }
    impl Visit for Run<'_> {
        fn visit<G: Game>(&mut self) {
            if self.only.is_some_and(|id| id != G::ID) {
                return;
            }
            for (variant, setup) in G::variants() {
                self.seen += 1;
                if self.index.is_some_and(|i| i + 1 != self.seen) {
                    continue;
                }
                let mut result = BenchResult {
                    game: G::ID,
                    variant,
                    done: self.seen,
                    total: self.total,
                    playouts: 0,
                    actions: 0,
                    seconds: 0.0,
                    legal_us: 0.0,
                    legal_max_us: 0.0,
                    check_us: 0.0,
                    error: None,
                };
                match G::new(&setup) {
                    Ok(start) => {
                        (result.playouts, result.actions, result.seconds, _) =
                            bench_with_clock(&start, 1, self.seconds, self.clock);
                        (result.legal_us, result.legal_max_us, result.check_us) =
                            legal_timing(&start, 2, LEGAL_POSITIONS, 5, self.clock);
                    }
                    Err(e) => result.error = Some(e.to_string()),
                }
                (self.report)(result);
            }
        }
    }
    let mut count = Count(only, 0);
    each_game(&mut count);
    each_game(&mut Run {
        only,
        index,
        seconds,
        clock,
        report,
        seen: 0,
        total: count.1,
    });
}

/// How long listing a position's legal actions takes: positions met along random
/// playouts from `start` (up to `positions` of them), each listed `repeat` times on
/// `clock` (seconds). Returns the mean and the largest time per listing, and the mean
/// time to test one action (every listed action of every position, `repeat` times),
/// in microseconds.
pub fn legal_timing<G: Game>(
    start: &G,
    seed: u64,
    positions: usize,
    repeat: u32,
    clock: &dyn Fn() -> f64,
) -> (f64, f64, f64) {
    let mut rng = Rng::new(seed);
    let mut scratch = Vec::new();
    let mut seen: Vec<G> = Vec::with_capacity(positions);
    'games: for _ in 0..positions {
        let mut g = start.clone();
        loop {
            if seen.len() >= positions {
                break 'games;
            }
            if rng.below(4) == 0 {
                seen.push(g.clone());
            }
            match g.playout_move(&mut rng, &mut scratch) {
                Some(m) if g.play(m).is_ok() => {}
                _ => break,
            }
        }
    }
    let (mut total, mut worst) = (0.0f64, 0.0f64);
    let mut out = Vec::with_capacity(256);
    for g in &seen {
        let t0 = clock();
        for _ in 0..repeat {
            out.clear();
            g.legal_moves(&mut out);
            std::hint::black_box(&out);
        }
        let us = (clock() - t0) * 1e6 / repeat as f64;
        total += us;
        worst = worst.max(us);
    }
    let (mut checks, mut check_time) = (0u64, 0.0f64);
    for g in &seen {
        out.clear();
        g.legal_moves(&mut out);
        let t0 = clock();
        for _ in 0..repeat {
            for &m in &out {
                std::hint::black_box(g.check(std::hint::black_box(m)).is_ok());
            }
        }
        check_time += clock() - t0;
        checks += out.len() as u64 * repeat as u64;
    }
    (
        total / seen.len().max(1) as f64,
        worst,
        check_time * 1e6 / checks.max(1) as f64,
    )
}
