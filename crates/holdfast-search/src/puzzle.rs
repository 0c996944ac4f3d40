//! Puzzles: positions where one first action is clearly the best. One deep search
//! (the analysis's: level 5 without slips, [`crate::analysis`]) gives each first
//! action the search tried a chance for the mover, read from the action's line in
//! the same tree as the analysis reads a played entry's; a puzzle's answer beats
//! every other action by a margin (`holdfast puzzles`, docs/lessons.md).

use holdfast_rules::rng::Rng;
use holdfast_rules::Game;

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
            Some(Weighed {
                action,
                visits,
                chance,
                line,
            })
        })
        .collect();
    out.sort_by_key(|w| std::cmp::Reverse(w.visits));
    Some(out)
}

/// How many times fewer visits than the most visited action an action may have
/// and still be weighed against it: one the search tried less is one it judged
/// worse early, and its few playouts make its chance noise.
pub const WEIGHED_WITHIN: u32 = 20;

/// The clear best at `g`: the most visited first action, when its chance beats
/// the second most visited and every other action searched at least a twentieth as
/// much ([`WEIGHED_WITHIN`]) by at least `margin`; with the margin it has.
pub fn clear_best<M: Copy>(weighed: &[Weighed<M>], margin: f32) -> Option<(&Weighed<M>, f32)> {
    let (best, rest) = weighed.split_first()?;
    let by = best.chance - rival(weighed)?;
    (by >= margin && !rest.is_empty()).then_some((best, by))
}

/// The best chance of the actions weighed against the most visited one (see
/// [`clear_best`]): the search's second choice always is, however little it was
/// searched.
pub fn rival<M>(weighed: &[Weighed<M>]) -> Option<f32> {
    let (best, rest) = weighed.split_first()?;
    let second = rest.first()?;
    let rivals = rest
        .iter()
        .filter(|w| w.visits * WEIGHED_WITHIN >= best.visits);
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
