//! Puzzles: positions where one first action is clearly the best. One deep search
//! (the analysis's: level 5 without slips, [`crate::analysis`]) gives each first
//! action the search tried a chance for the mover, read from the action's line in
//! the same tree as the analysis reads a played entry's; a puzzle's answer beats
//! every other action by a margin (`holdfast puzzles`, docs/lessons.md).

use holdfast_rules::rng::Rng;
use holdfast_rules::{Game, Seat};

use crate::analysis::think_keeping_tree;
use crate::models::engine_chances;
use crate::player::LINE_LEN;
use crate::Budget;

/// One first action as the search saw it.
#[derive(Clone, Debug, PartialEq)]
pub struct Weighed<M> {
    pub action: M,
    pub visits: u32,
    /// The mover's chance with it.
    pub chance: f32,
    /// Its line: the action, then the search's preferred continuation.
    pub line: Vec<M>,
    /// How many of the line's actions are the mover's turn (the action's own).
    pub turn: usize,
}

impl<M: PartialEq> Weighed<M> {
    /// Whether its turn, as its line goes on, plays `key` (the key in another
    /// order: no rival to it).
    pub fn plays(&self, key: &M) -> bool {
        self.line.iter().take(self.turn).any(|m| m == key)
    }
}

/// Each first action the search tried at `g` (a search of `iterations` from
/// `seed`), the most visited first. `None` where no search ran: the game is over,
/// only one action is legal, or the end solver settled the position.
pub fn weigh<G: Game>(g: &G, iterations: u32, seed: u64) -> Option<Vec<Weighed<G::Move>>> {
    let mover = g.to_move()? as usize;
    let budget = Budget {
        iterations,
        seconds: None,
    };
    let (_, tree) = think_keeping_tree(g, &mut Rng::new(seed), &|| 0.0, budget);
    let tree = tree?;
    let mut out: Vec<Weighed<G::Move>> = tree
        .root_stats()
        .into_iter()
        .filter(|&(_, visits, _)| visits > 0)
        .filter_map(|(action, visits, _)| {
            let (line, _, mean) = tree.line_through(&[action], LINE_LEN)?;
            let chance = *engine_chances(g, &line, mean, false).get(mover)?;
            let mut h = g.clone();
            let turn = line
                .iter()
                .take_while(|&&m| {
                    let mine = h.to_move() == Some(mover as Seat) && h.play(m).is_ok();
                    mine && h.entry_open()
                })
                .count();
            Some(Weighed {
                action,
                visits,
                chance,
                turn: (turn + 1).min(line.len()),
                line,
            })
        })
        .collect();
    out.sort_by_key(|w| std::cmp::Reverse(w.visits));
    Some(out)
}

/// One first action searched on its own ([`weigh_apart`]).
#[derive(Clone, Debug, PartialEq)]
pub struct Apart<M> {
    pub action: M,
    /// The mover's chance where its turn ends (`None`: the rules refused it).
    pub chance: Option<f32>,
    /// Whether its turn, as the search goes on with it, plays the key action.
    pub plays_key: bool,
}

/// Each of `actions` at `g` searched on its own: the action played, its turn
/// played on to its end as the search prefers, and the position there looked at
/// as the analysis looks ([`crate::analysis::look_at`], `iterations` from a seed
/// of its own made from `seed`). Steadier than the chances [`weigh`] reads from
/// one tree, where an action the search left early has few playouts behind its
/// chance. Every action is judged where its turn has passed: a look with the mover
/// still to move reads the mover's best continuation, one more choice of the
/// mover's than a look after a turn that ended, and leans the mover's way.
pub fn weigh_apart<G: Game>(
    g: &G,
    actions: &[G::Move],
    key: G::Move,
    iterations: u32,
    seed: u64,
) -> Vec<Apart<G::Move>> {
    let mover = g.to_move();
    let apart = |(i, &action): (usize, &G::Move)| {
        let seed = seed
            .wrapping_add(i as u64)
            .wrapping_mul(0x9e37_79b9_7f4a_7c15);
        let mut after = g.clone();
        let mut turn = vec![action];
        let mut chance = || {
            after.play(action).ok()?;
            let mut look = crate::analysis::look_at(&after, iterations, seed, &|| 0.0);
            if after.entry_open() && after.to_move() == mover {
                after.play_entry_into(&look.best?, &mut turn).ok()?;
                look = crate::analysis::look_at(&after, iterations, seed ^ 0x5bd1_e995, &|| 0.0);
            }
            look.chances?.get(mover? as usize).copied()
        };
        let chance = chance();
        Apart {
            action,
            chance,
            plays_key: turn.contains(&key),
        }
    };
    actions.iter().enumerate().map(apart).collect()
}

/// Rivals of the answer searched on their own ([`clear_apart`]): the most visited
/// other first actions.
pub const APART_RIVALS: usize = 5;

/// The most visited first action of `weighed` (one search at `g`), the key,
/// against its [`APART_RIVALS`] most visited rivals, each searched on its own
/// ([`weigh_apart`], `iterations` from `seed`): the key's chance and the best
/// rival's, when the key beats every one of them by `margin`. A rival whose turn
/// goes on to play the key too is no rival: in a game of several actions a turn,
/// the puzzle is solved by a turn that plays the key, in whatever order (a Fort
/// step that waits, then the spawn that wins). Where every rival does, the rival
/// is the best other action's chance in the tree ([`rival`]); with none there
/// either, no puzzle.
pub fn clear_apart<G: Game>(
    g: &G,
    weighed: &[Weighed<G::Move>],
    iterations: u32,
    seed: u64,
    margin: f32,
) -> Option<(f32, f32)> {
    let key = weighed.first()?.action;
    let actions: Vec<G::Move> = weighed
        .iter()
        .take(1 + APART_RIVALS)
        .map(|w| w.action)
        .collect();
    let apart = weigh_apart(g, &actions, key, iterations, seed);
    let (first, rest) = apart.split_first()?;
    let best = first.chance?;
    // (A rival the rules refused, or whose look found no chance, is not
    // counted; with none left, the tree's rival stands in, and with none there
    // either the position is no puzzle.)
    let others = rest
        .iter()
        .filter(|a| !a.plays_key)
        .filter_map(|a| a.chance);
    let second = match others.reduce(f32::max) {
        Some(c) => c,
        None => rival(weighed)?,
    };
    (best - second >= margin).then_some((best, second))
}

/// How many times fewer visits than the most visited action an action may have
/// and still be weighed against it: one the search tried less is one it judged
/// worse early, and its few playouts make its chance noise.
pub const WEIGHED_WITHIN: u32 = 20;

/// The clear best at `g`: the most visited first action, when its chance beats
/// the second most visited and every other action searched at least a twentieth as
/// much ([`WEIGHED_WITHIN`]) by at least `margin`; with the margin it has. An
/// action whose turn goes on to play the best one is that turn in another order,
/// no rival ([`Weighed::plays`]); with no rival left, no puzzle.
pub fn clear_best<M: Copy + PartialEq>(
    weighed: &[Weighed<M>],
    margin: f32,
) -> Option<(&Weighed<M>, f32)> {
    // (No rival, not even the search's second choice: nothing to beat.)
    let best = weighed.first()?;
    let by = best.chance - rival(weighed)?;
    (by >= margin).then_some((best, by))
}

/// The best chance of the actions weighed against the most visited one (see
/// [`clear_best`]): the search's second choice always is, however little it was
/// searched.
pub fn rival<M: PartialEq>(weighed: &[Weighed<M>]) -> Option<f32> {
    let (best, rest) = weighed.split_first()?;
    let mut others = rest.iter().filter(|w| !w.plays(&best.action));
    let second = others.next()?;
    let rivals = others.filter(|w| w.visits * WEIGHED_WITHIN >= best.visits);
    Some(rivals.map(|w| w.chance).fold(second.chance, f32::max))
}

#[cfg(test)]
mod tests {
    use super::*;
    use holdfast_rules::fortress::Fortress;
    use holdfast_rules::Record;

    #[test]
    fn a_capture_that_wins_the_area_is_the_clear_best() {
        // Fortress, Classic: b1 clears b2 (defended by 2, attacked by 3) and is
        // far better than anything else.
        let record = Record {
            moves: ["a2", "b2", "f6", "b3", "c2", "f5"]
                .map(String::from)
                .to_vec(),
            ..Record::new::<Fortress>(&Default::default())
        };
        let (g, bad) = record.replay::<Fortress>().unwrap();
        assert_eq!(bad, None);
        let weighed = weigh(&g, 20_000, 7).unwrap();
        assert!(weighed.len() > 5);
        assert!(weighed.windows(2).all(|w| w[0].visits >= w[1].visits));
        assert!(weighed.iter().all(|w| (0.0..=1.0).contains(&w.chance)));
        assert!(weighed.iter().all(|w| w.line.first() == Some(&w.action)));
        let best = g.format_move(weighed[0].action);
        assert!(["b1", "b3"].contains(&best.as_str()), "{best}");
        // A margin no action can have finds none.
        assert!(clear_best(&weighed, 1.01).is_none());
    }

    #[test]
    fn an_action_searched_too_little_is_not_weighed_against_the_best() {
        let w = |action: u8, visits: u32, chance: f32| Weighed {
            action,
            visits,
            chance,
            line: vec![action],
            turn: 1,
        };
        // The second choice and a rival searched a twentieth as much as the best
        // count; one searched less, not.
        let counted = [w(1, 1_000, 0.8), w(2, 50, 0.6), w(3, 10, 0.95)];
        assert_eq!(rival(&counted), Some(0.6));
        let (best, by) = clear_best(&counted, 0.15).unwrap();
        assert_eq!((best.action, (by * 100.0).round()), (1, 20.0));
        assert!(clear_best(&counted, 0.25).is_none());
        let close = [w(1, 1_000, 0.8), w(2, 60, 0.7)];
        assert!(clear_best(&close, 0.15).is_none());
        // The second choice counts however little it was searched.
        let second = [w(1, 1_000, 0.8), w(2, 10, 0.75), w(3, 5, 0.1)];
        assert_eq!(rival(&second), Some(0.75));
        // The only action tried is no puzzle: nothing to beat.
        assert!(clear_best(&[w(1, 1_000, 0.9)], 0.1).is_none());
        // A rival whose turn goes on to play the best action is the same turn
        // in another order: not weighed against it (past its turn, it is).
        let later = |action: u8, turn: usize, line: Vec<u8>| Weighed {
            action,
            visits: 500,
            chance: 0.85,
            line,
            turn,
        };
        let order = [w(1, 1_000, 0.8), later(2, 2, vec![2, 1]), w(3, 100, 0.3)];
        assert!(order[1].plays(&1) && !order[2].plays(&1));
        assert_eq!(rival(&order), Some(0.3));
        assert!(clear_best(&order, 0.4).is_some());
        let after_turn = [w(1, 1_000, 0.8), later(2, 1, vec![2, 1]), w(3, 100, 0.3)];
        assert_eq!(rival(&after_turn), Some(0.85));
        assert!(clear_best(&after_turn, 0.0).is_none());
    }

    #[test]
    fn no_search_runs_where_one_action_is_legal_or_the_game_is_over() {
        let mut g = Fortress::new(&Default::default()).unwrap();
        for m in ["pass", "pass"] {
            g.play_entry(m).unwrap();
        }
        assert!(g.is_over());
        assert!(weigh(&g, 1_000, 1).is_none());
    }
}
