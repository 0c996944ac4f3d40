//! Random playouts through the [`Game`] interface: each game's playout loop and
//! samplers, used by the search and by the benchmarks ([`crate::bench`]). It knows
//! no game by name, so every game module may use it.

use crate::game::Game;
// The default policy and loop live beside the trait whose defaults they are (so
// that `game` need not reach back here); the games use them from here.
pub use crate::game::{play_out_by_steps, uniform_legal};
use crate::rng::Rng;

/// Plays `start` to the end with the game's playout policy, reusing `game` and
/// `scratch` (no allocation once they have grown). Returns the number of moves.
pub fn playout<G: Game>(start: &G, game: &mut G, rng: &mut Rng, scratch: &mut Vec<G::Move>) -> u32 {
    game.clone_from(start);
    game.play_out(rng, scratch)
}

/// [`Game::play_out`] for a game whose playout policy only ever proposes legal
/// actions (sampled ones checked, the others listed as legal): each is played by
/// `apply`, the game's `play` without its check, so none is checked twice.
pub fn play_out_trusted<G: Game>(
    game: &mut G,
    rng: &mut Rng,
    scratch: &mut Vec<G::Move>,
    apply: impl Fn(&mut G, G::Move),
) -> u32 {
    let mut moves = 0;
    while let Some(mv) = game.playout_move(rng, scratch) {
        apply(game, mv);
        moves += 1;
    }
    moves
}

/// How many random candidates [`sample_legal`] tries before its caller falls back to
/// listing every legal action.
pub const SAMPLE_TRIES: u32 = 32;

/// A playout policy's shortcut: draws candidates uniformly from a numbered space of
/// `size` actions (`candidate(i)`, `None` for an index that names no action here)
/// until one is legal. When every legal action is exactly one candidate, the action
/// found is uniform over the legal ones, as a full listing would give, for a few
/// checks instead of one a candidate. `None` after [`SAMPLE_TRIES`] misses: the caller
/// lists the legal actions instead.
pub fn sample_legal<G: Game>(
    g: &G,
    rng: &mut Rng,
    size: usize,
    candidate: impl Fn(usize) -> Option<G::Move>,
) -> Option<G::Move> {
    sample(rng, size, |i| candidate(i).filter(|&m| g.check(m).is_ok()))
}

/// [`sample_legal`] for a game with a test of its own, cheaper than [`Game::check`]:
/// `candidate(i)` is the action numbered `i` when it is legal here, `None` otherwise.
pub fn sample<M>(rng: &mut Rng, size: usize, candidate: impl Fn(usize) -> Option<M>) -> Option<M> {
    if size == 0 || size > u32::MAX as usize {
        return None;
    }
    (0..SAMPLE_TRIES).find_map(|_| candidate(rng.below(size as u32) as usize))
}
