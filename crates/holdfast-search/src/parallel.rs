//! Root parallelism: several searches of one position, each with its own seed, on
//! as many threads (natively) or Web Workers (in the browser), their root actions'
//! visits added up and the most visited played. The searches share nothing while
//! they run, so the same code serves threads and workers: a worker reports its
//! [`crate::Seen::roots`] and the page merges them with [`merge_roots`].

use holdfast_rules::rng::Rng;
use holdfast_rules::Game;

use crate::mcts::{Budget, Progress};
use crate::player::{Player, Seen, Thought};

/// The root actions of several searches, added up: each action's visits summed and
/// its mean reward weighted by visits, in the order actions are first met.
pub fn merge_roots<M: PartialEq + Clone>(
    parts: impl IntoIterator<Item = Vec<(M, u32, f32)>>,
) -> Vec<(M, u32, f32)> {
    let mut out: Vec<(M, u32, f32)> = Vec::new();
    // Sums of visits and of visits times mean, by action.
    let mut sums: Vec<(u64, f64)> = Vec::new();
    for part in parts {
        for (m, visits, mean) in part {
            let i = match out.iter().position(|o| o.0 == m) {
                Some(i) => i,
                None => {
                    out.push((m, 0, 0.0));
                    sums.push((0, 0.0));
                    out.len() - 1
                }
            };
            sums[i].0 += visits as u64;
            sums[i].1 += visits as f64 * mean as f64;
        }
    }
    for (o, (v, s)) in out.iter_mut().zip(sums) {
        o.1 = v.min(u32::MAX as u64) as u32;
        o.2 = if v == 0 { 0.0 } else { (s / v as f64) as f32 };
    }
    out
}

/// The action of merged roots to play: the most visited (ties: the better mean
/// reward, then the first met). `None` when there is none.
pub fn most_visited<M>(roots: &[(M, u32, f32)]) -> Option<&(M, u32, f32)> {
    roots.iter().reduce(|best, r| {
        if r.1 > best.1 || (r.1 == best.1 && r.2 > best.2) {
            r
        } else {
            best
        }
    })
}

/// How many threads [`think_parallel`] uses natively: the machine's cores, at most
/// 64 (one when the machine will not say).
pub fn cores() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get().min(64))
}

/// [`Player::think`] on `workers` threads when the player is
/// [`Player::Strongest`] (another player thinks on this thread alone, as always).
/// Each thread searches with a seed drawn from `rng` and stops by the same `clock`
/// and budget, so an iteration budget gives the same answer on any machine for a
/// given number of workers. The action is the most visited over all the searches;
/// `iterations` counts them all; the line is that of the first search whose own
/// line starts with the action (or the action alone).
pub fn think_parallel<G: Game>(
    player: Player,
    g: &G,
    rng: &mut Rng,
    clock: &(dyn Fn() -> f64 + Sync),
    budget: Option<Budget>,
    workers: usize,
) -> Thought<G::Move> {
    if player != Player::Strongest || workers <= 1 {
        return player.think(g, rng, clock, budget, &mut |_: &Progress<G::Move>| {});
    }
    let seeds: Vec<u64> = (0..workers).map(|_| rng.next_u64()).collect();
    let thoughts: Vec<Thought<G::Move>> = std::thread::scope(|scope| {
        let handles: Vec<_> = seeds
            .iter()
            .map(|&seed| {
                scope.spawn(move || {
                    let mut r = Rng::new(seed);
                    player.think(g, &mut r, clock, budget, &mut |_| {})
                })
            })
            .collect();
        handles.into_iter().filter_map(|h| h.join().ok()).collect()
    });
    combine(thoughts)
}

/// What [`combine`] keeps of a search besides its root: its principal line, whether
/// its end solver answered, and its value.
type Answer<M> = (Vec<M>, bool, f32);

/// One thought from several searches of the same position ([`think_parallel`]).
pub fn combine<M: Copy + PartialEq>(thoughts: Vec<Thought<M>>) -> Thought<M> {
    let first_mv = thoughts.iter().find_map(|t| t.mv);
    let seen: Vec<Seen<M>> = thoughts.into_iter().filter_map(|t| t.search).collect();
    if seen.is_empty() {
        // No search ran (a forced action): every thread answered the same.
        return Thought {
            mv: first_mv,
            search: None,
        };
    }
    let iterations = seen
        .iter()
        .map(|s| s.iterations as u64)
        .sum::<u64>()
        .min(u32::MAX as u64) as u32;
    // Each search's line, whether its end solver answered, and its value; and
    // its root, all added up.
    let (mut answers, roots_of): (Vec<Answer<M>>, Vec<_>) = seen
        .into_iter()
        .map(|s| ((s.line, s.solved, s.best_value), s.roots))
        .unzip();
    let roots = merge_roots(roots_of);
    let best = most_visited(&roots).copied();
    let mv = best.map(|b| b.0).or(first_mv);
    // The line of a search whose end solver answered the action chosen (best play
    // to the end, and the exact result), else of the first search that chose it.
    let chose = |a: &Answer<M>| a.0.first() == mv.as_ref();
    let at = answers
        .iter()
        .position(|a| best.is_some() && a.1 && chose(a))
        .or_else(|| answers.iter().position(chose));
    let (line, solved, exact) = match at {
        Some(i) => answers.swap_remove(i),
        None => (mv.into_iter().collect(), false, 0.0),
    };
    Thought {
        mv,
        search: Some(Seen {
            solved,
            iterations,
            best_value: match solved {
                true => exact,
                false => best.map_or(0.0, |b| b.2),
            },
            line,
            roots,
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn merged_roots_add_visits_and_weigh_means_by_them() {
        let a = vec![("x", 30, 0.5), ("y", 10, 0.9)];
        let b = vec![("y", 30, 0.1), ("z", 5, 1.0)];
        let m = merge_roots([a, b]);
        assert_eq!(m.len(), 3);
        assert_eq!((m[0].0, m[0].1), ("x", 30));
        assert_eq!((m[1].0, m[1].1), ("y", 40));
        assert!((m[1].2 - 0.3).abs() < 1e-6, "{m:?}");
        assert_eq!(most_visited(&m).map(|r| r.0), Some("y"));
        // Equal visits: the better mean.
        let tie = vec![("p", 4, 0.2), ("q", 4, 0.7)];
        assert_eq!(most_visited(&tie).map(|r| r.0), Some("q"));
        assert_eq!(most_visited::<&str>(&[]), None);
    }
}
