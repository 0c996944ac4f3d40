//! A map's fairness measured in the worker, as `holdfast balance` measures it
//! (`holdfast_search::balance`): games between the same computer player in every
//! seat from the map's start, each seat's share of the results with its 95%
//! interval. The worker answers after every game, so the page shows the figures
//! growing and may stop at any time. Game `i` is the command line's game `i` for
//! the same seed and player: the figures are the command's.

use holdfast_rules::catalogue::{with_game, GameFn};
use holdfast_rules::{Game, Record};
use holdfast_search::balance::{estimate_from, Balance};
use holdfast_search::Player;
use serde::{Deserialize, Serialize};

/// Games stop after this many actions (the command line's arena's limit).
pub const MAX_ACTIONS: u32 = 3000;
/// The player the app measures with: the one the shipped maps were measured with.
pub const PLAYER: &str = "level2";
/// Games the app plays for a measure (the shipped maps' 200).
pub const GAMES: u32 = 200;

/// Measure the map of `record` (its setup; its moves are not played).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct BalanceRequest {
    pub record: String,
    pub games: u32,
    pub seed: u64,
    pub player: String,
}

/// The measure so far, after each game; or why there is none.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum BalanceReport {
    /// Games played, each seat's share (a win 1, a draw shared), and the games
    /// that did not reach their end.
    Progress {
        games: u32,
        share: Vec<f64>,
        stopped: u32,
    },
    Failed(String),
}

impl BalanceReport {
    /// The figures as the search crate's estimate (its interval and verdict).
    pub fn balance(&self) -> Option<Balance> {
        match self {
            BalanceReport::Progress {
                games,
                share,
                stopped,
            } => Some(Balance {
                games: *games,
                wins: vec![0; share.len()],
                share: share.clone(),
                stopped: *stopped,
            }),
            BalanceReport::Failed(_) => None,
        }
    }
}

struct Measure<'a> {
    record: Record,
    player: Player,
    games: u32,
    seed: u64,
    answer: &'a mut dyn FnMut(BalanceReport),
}

impl GameFn for Measure<'_> {
    type Out = Option<String>;
    fn call<G: Game>(self) -> Option<String> {
        let start = match self.record.start::<G>() {
            Ok(g) => g,
            Err(e) => return Some(e.to_string()),
        };
        let mut so_far = Balance {
            games: 0,
            wins: vec![0; start.players()],
            share: vec![0.0; start.players()],
            stopped: 0,
        };
        for i in 0..self.games {
            let one = estimate_from(
                &start,
                self.player,
                None,
                i..i + 1,
                self.seed,
                MAX_ACTIONS,
                &mut |_, _| {},
            );
            so_far.merge(&one);
            (self.answer)(BalanceReport::Progress {
                games: so_far.games,
                share: so_far.share.clone(),
                stopped: so_far.stopped,
            });
        }
        None
    }
}

/// Look for a generated map that measures fair, as `holdfast balance --seeds`
/// does: from seed `from` on, each seed's map is screened with [`SCREEN`] games
/// (dropped when a seat is more than [`SCREEN_GAP`] from an equal share), the rest
/// played on to [`GAMES`]; the first fair one ends the search, as do `tries` seeds.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct FindRequest {
    /// A record of a game on a generated map (its setup's seed is set for each try).
    pub record: String,
    pub from: u64,
    pub tries: u32,
    pub player: String,
}

/// A seed tried (its figures, and whether it is fair), or the search's end.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum FindReport {
    Tried {
        seed: u64,
        games: u32,
        share: Vec<f64>,
        fair: bool,
    },
    /// A seed's map passed the screen and plays on (its figures so far).
    Playing {
        seed: u64,
        games: u32,
        share: Vec<f64>,
    },
    /// No seed of those tried is fair.
    NoneFair {
        tried: u32,
    },
    Failed(String),
}

/// Games that screen a candidate map.
pub const SCREEN: u32 = 50;
/// A screened map further than this from an equal share is dropped.
pub const SCREEN_GAP: f64 = 0.15;

struct Find<'a> {
    record: Record,
    req: &'a FindRequest,
    player: Player,
    answer: &'a mut dyn FnMut(FindReport),
}

impl GameFn for Find<'_> {
    type Out = Option<String>;
    fn call<G: Game>(self) -> Option<String> {
        let tries = self.req.tries.min(1000);
        for seed in self.req.from..self.req.from.saturating_add(tries as u64) {
            let mut record = self.record.clone();
            record.setup["seed"] = seed.into();
            let start = match record.start::<G>() {
                Ok(g) => g,
                Err(e) => return Some(e.to_string()),
            };
            let run = |games| {
                estimate_from(
                    &start,
                    self.player,
                    None,
                    games,
                    1,
                    MAX_ACTIONS,
                    &mut |_, _| {},
                )
            };
            let mut b = run(0..SCREEN);
            if b.largest_gap() <= SCREEN_GAP {
                (self.answer)(FindReport::Playing {
                    seed,
                    games: b.games,
                    share: (0..b.seats()).map(|s| b.rate(s)).collect(),
                });
                b.merge(&run(SCREEN..GAMES));
            }
            let fair = b.games == GAMES && b.fair();
            (self.answer)(FindReport::Tried {
                seed,
                games: b.games,
                share: (0..b.seats()).map(|s| b.rate(s)).collect(),
                fair,
            });
            if fair {
                return None;
            }
        }
        (self.answer)(FindReport::NoneFair { tried: tries });
        None
    }
}

/// Runs a task on the record's game with the named player; why not, if it could
/// not (the record or the player does not read, or the task stopped).
fn run_task<T: GameFn<Out = Option<String>>>(
    record: &str,
    player: &str,
    task: impl FnOnce(Record, Player) -> T,
) -> Option<String> {
    match (Record::from_json(record), player.parse::<Player>()) {
        (Ok(record), Ok(player)) => {
            let id = record.game.clone();
            with_game(&id, task(record, player)).unwrap_or_else(|| Some(format!("no game {id}")))
        }
        (Err(e), _) => Some(e.to_string()),
        (_, Err(e)) => Some(e.to_string()),
    }
}

/// Searches seed by seed, answering after each.
pub fn find(req: &FindRequest, answer: &mut dyn FnMut(FindReport)) {
    let failed = run_task(&req.record, &req.player, |record, player| Find {
        record,
        req,
        player,
        answer: &mut *answer,
    });
    if let Some(why) = failed {
        answer(FindReport::Failed(why));
    }
}

/// Plays the games one by one, answering after each.
pub fn measure(req: &BalanceRequest, answer: &mut dyn FnMut(BalanceReport)) {
    let failed = run_task(&req.record, &req.player, |record, player| Measure {
        record,
        player,
        games: req.games.min(10_000),
        seed: req.seed,
        answer: &mut *answer,
    });
    if let Some(why) = failed {
        answer(BalanceReport::Failed(why));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A search finds the first seed that passes, as the command line's
    /// `--seeds` does (Island Wars for two: seed 2 is the first fair one).
    #[test]
    fn a_search_finds_the_first_fair_generated_map() {
        let mut record =
            Record::new::<holdfast_rules::island_wars::IslandWars>(&Default::default());
        record.setup = serde_json::json!({ "players": 2, "map": "generated" });
        let req = FindRequest {
            record: record.to_json(),
            from: 1,
            tries: 3,
            player: PLAYER.into(),
        };
        let mut seen = Vec::new();
        find(&req, &mut |r| seen.push(r));
        assert!(seen.iter().any(|r| matches!(
            r,
            FindReport::Playing {
                seed: 2,
                games: 50,
                ..
            }
        )));
        let seeds: Vec<(u64, bool)> = seen
            .iter()
            .filter_map(|r| match r {
                FindReport::Tried { seed, fair, .. } => Some((*seed, *fair)),
                _ => None,
            })
            .collect();
        assert_eq!(seeds, [(1, false), (2, true)]);
        assert!(matches!(
            seen.last(),
            Some(FindReport::Tried { games: 200, .. })
        ));
        // None among those tried: said so.
        let none = FindRequest { tries: 1, ..req };
        let mut out = Vec::new();
        find(&none, &mut |r| out.push(r));
        assert_eq!(out.last(), Some(&FindReport::NoneFair { tried: 1 }));
    }

    /// The worker's games are the command line's: the same shares, game by game.
    #[test]
    fn the_measure_grows_game_by_game_and_ends_as_the_estimate_does() {
        let setup = holdfast_rules::fortress::FortressSetup::default();
        let record = Record::new::<holdfast_rules::fortress::Fortress>(&setup);
        let req = BalanceRequest {
            record: record.to_json(),
            games: 4,
            seed: 3,
            player: "level1".into(),
        };
        let mut seen = Vec::new();
        measure(&req, &mut |r| seen.push(r));
        assert_eq!(seen.len(), 4);
        let last = seen.last().and_then(BalanceReport::balance).unwrap();
        let start = record
            .start::<holdfast_rules::fortress::Fortress>()
            .unwrap();
        let whole = holdfast_search::balance::estimate(
            &start,
            "level1".parse().unwrap(),
            None,
            4,
            3,
            MAX_ACTIONS,
            &mut |_, _| {},
        );
        assert_eq!((last.games, &last.share), (whole.games, &whole.share));
        assert!(matches!(seen[0], BalanceReport::Progress { games: 1, .. }));
        // Reproducible from its seed, and the seed counts: the same seed plays the
        // same games again; another, other games.
        let run = |seed: u64, games: u32| {
            let mut out = Vec::new();
            let r = BalanceRequest {
                seed,
                games,
                ..req.clone()
            };
            measure(&r, &mut |x| out.push(x));
            out
        };
        assert_eq!(run(3, 4), seen);
        assert_ne!(run(3, 8), run(4, 8));
        // A record of no game, or a player no one knows: why, once.
        let mut bad = Vec::new();
        let chess = BalanceRequest {
            record: record.to_json().replace("fortress", "chess"),
            ..req.clone()
        };
        measure(&chess, &mut |r| bad.push(r));
        let nobody = BalanceRequest {
            player: "nobody".into(),
            ..req
        };
        measure(&nobody, &mut |r| bad.push(r));
        assert_eq!(bad.len(), 2);
        assert!(bad.iter().all(|r| matches!(r, BalanceReport::Failed(_))));
    }
}
