//! Putting actions in order by a score of the position one action ahead, best
//! first: what the end solver's alpha-beta and the tree search's widening both do.

use holdfast_rules::Game;

/// Orders `moves` (actions of `from`) best first by `score` of the position after
/// each, played on `probe`; an action the game refuses goes last. Stable: equals
/// keep their order. `keyed` is scratch.
pub fn sort_by_one_ply<G: Game>(
    from: &G,
    probe: &mut G,
    moves: &mut [G::Move],
    keyed: &mut Vec<(f32, G::Move)>,
    mut score: impl FnMut(&G) -> f32,
) {
    keyed.clear();
    for &m in moves.iter() {
        probe.clone_from(from);
        let value = match probe.play(m) {
            Ok(()) => score(probe),
            Err(_) => f32::NEG_INFINITY,
        };
        keyed.push((value, m));
    }
    keyed.sort_by(|a, b| b.0.total_cmp(&a.0));
    for (slot, &(_, m)) in moves.iter_mut().zip(keyed.iter()) {
        *slot = m;
    }
}
