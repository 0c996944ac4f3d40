//! A computer seat's thinking, game-blind, for the app's Web Worker: a position given
//! as a record (and the actions of the turn under way), a player (`level2`, …), a
//! seed; reports of progress while it searches, then the action it takes, in the
//! notation. Nothing here knows a game: the rules catalogue finds it, the search crate
//! chooses.

use holdfast_rules::catalogue::{each_game, with_game, GameFn, Visit};
use holdfast_rules::rng::Rng;
use holdfast_rules::{Game, Record};
use holdfast_search::{Level, Player};
use serde::{Deserialize, Serialize};

/// The player a hint asks for: level 3's search without its slips, so a hint is
/// always the action the search prefers.
pub const HINT: &str = "hint";

/// The player a request names: a seat's (`random`, `greedy`, `level1`…, a 1983
/// opponent with its weights: [`holdfast_search::roster::player_text`]) or [`HINT`].
fn player_named(name: &str) -> Result<Player, String> {
    if let Some((base, w)) = holdfast_search::roster::read_player_text(name) {
        return Ok(Player::Roster(base, w));
    }
    if name == HINT {
        return Level::new(3)
            .map(Player::Steady)
            .ok_or_else(|| crate::i18n::t("no level 3").to_string());
    }
    name.parse::<Player>().map_err(|e| e.to_string())
}

/// What the page asks the worker.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ThinkRequest {
    /// The game so far, as a record (whole entries).
    pub record: String,
    /// The actions of the turn under way, each in the notation.
    pub actions: Vec<String>,
    /// `random`, `greedy`, `level1` to `level5`, or [`HINT`].
    pub player: String,
    pub seed: u64,
}

/// What the worker answers: progress while it thinks, then the action.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum ThinkReport {
    Progress {
        iterations: u32,
        /// The action the search prefers so far, in the notation.
        best: Option<String>,
    },
    /// The action chosen (`None`: the game is over, or only an agreement is left).
    Done {
        action: Option<String>,
        iterations: u32,
        /// For the strongest player, one of several searches side by side: every
        /// root action and its visits, a line each (`c3 120`), which the page
        /// adds up over the workers ([`votes`]; one text, not a list of pairs: the
        /// page's wasm reads it for less). Empty otherwise.
        #[serde(default, skip_serializing_if = "String::is_empty")]
        votes: String,
    },
    /// The request could not be read (a sentence).
    Failed(String),
}

struct Think<'a> {
    record: Record,
    actions: &'a [String],
    player: Player,
    seed: u64,
    budget: Option<holdfast_search::Budget>,
    clock: &'a dyn Fn() -> f64,
    progress: &'a mut dyn FnMut(ThinkReport),
}

impl GameFn for Think<'_> {
    type Out = ThinkReport;
    fn call<G: Game>(self) -> ThinkReport {
        let mut g = match self.record.replay::<G>() {
            Ok((g, None)) => g,
            Ok((_, Some(bad))) => {
                return ThinkReport::Failed(crate::i18n::tf(
                    "move {} ({}) of the record is refused: {}",
                    &[&(bad.index + 1), &bad.text, &bad.error],
                ))
            }
            Err(e) => return ThinkReport::Failed(e.to_string()),
        };
        for a in self.actions {
            if let Err(e) = g.parse_move(a).and_then(|m| g.play(m)) {
                return ThinkReport::Failed(crate::i18n::tf(
                    "the turn's action {} is refused: {}",
                    &[&a, &e],
                ));
            }
        }
        let mut rng = Rng::new(self.seed);
        let mut iterations = 0;
        let progress = self.progress;
        let thought = self
            .player
            .think(&g, &mut rng, self.clock, self.budget, &mut |p| {
                iterations = p.iterations;
                progress(ThinkReport::Progress {
                    iterations: p.iterations,
                    best: p.best.map(|m| g.format_move(m)),
                });
            });
        let votes = match (&self.player, &thought.search) {
            (Player::Strongest, Some(seen)) => seen
                .roots
                .iter()
                .map(|&(m, n, _)| format!("{} {n}", g.format_move(m)))
                .collect::<Vec<_>>()
                .join("\n"),
            _ => String::new(),
        };
        ThinkReport::Done {
            action: thought.mv.map(|m| g.format_move(m)),
            iterations: thought.search.map_or(iterations, |s| s.iterations),
            votes,
        }
    }
}

/// A [`ThinkReport::Done`]'s votes read back: each root action and its visits (no
/// action holds a space in any game's notation; a line that does not read is
/// skipped).
pub fn votes(text: &str) -> impl Iterator<Item = (&str, usize)> {
    text.split('\n').filter_map(|l| {
        let (m, n) = l.split_once(' ')?;
        Some((m, n.parse().ok()?))
    })
}

/// Thinks for a computer seat: `clock` gives seconds, `progress` gets a report every
/// so many iterations; returns the last report (`Done`, or `Failed`).
pub fn think(
    req: &ThinkRequest,
    clock: &dyn Fn() -> f64,
    progress: &mut dyn FnMut(ThinkReport),
) -> ThinkReport {
    think_for(req, None, clock, progress)
}

/// [`think`] with `budget` (when given) in place of the player's own.
pub fn think_for(
    req: &ThinkRequest,
    budget: Option<holdfast_search::Budget>,
    clock: &dyn Fn() -> f64,
    progress: &mut dyn FnMut(ThinkReport),
) -> ThinkReport {
    let player = match player_named(&req.player) {
        Ok(p) => p,
        Err(e) => return ThinkReport::Failed(e),
    };
    let record = match Record::from_json(&req.record) {
        Ok(r) => r,
        Err(e) => return ThinkReport::Failed(e.to_string()),
    };
    let id = record.game.clone();
    let task = Think {
        record,
        actions: &req.actions,
        player,
        seed: req.seed,
        budget,
        clock,
        progress,
    };
    with_game(&id, task)
        .unwrap_or_else(|| ThinkReport::Failed(crate::i18n::tf("no game {}", &[&id])))
}

/// A position to time a computer on: a game's largest standard board, part-way
/// through a seeded random game.
#[derive(Clone, Debug, PartialEq)]
pub struct Sample {
    /// The game's title and the variant, for people.
    pub label: String,
    pub request: ThinkRequest,
}

/// For each game, its largest standard variant (most cells) played `actions`
/// random actions in (fewer if it ends sooner), with `player` to think there: what
/// the benchmark page times in the browser.
pub fn samples(player: &str, actions: usize) -> Vec<Sample> {
    struct Each<'a>(&'a str, usize, Vec<Sample>);
    impl Visit for Each<'_> {
        fn visit<G: Game>(&mut self) {
            let largest = G::variants()
                .into_iter()
                .filter_map(|(name, setup)| {
                    G::new(&setup).ok().map(|g| (g.board().len(), name, setup))
                })
                .max_by_key(|(cells, _, _)| *cells);
            let Some((_, name, setup)) = largest else {
                return;
            };
            let Ok(mut g) = G::new(&setup) else { return };
            let mut record = Record::new::<G>(&setup);
            let mut rng = Rng::new(7);
            let (mut scratch, mut turn) = (Vec::new(), Vec::new());
            for _ in 0..self.1 {
                let Some(m) = g.playout_move(&mut rng, &mut scratch) else {
                    break;
                };
                let text = g.format_move(m);
                if g.play(m).is_err() {
                    break;
                }
                turn.push(text);
                if !g.entry_open() {
                    record.moves.push(g.entry_text(&turn));
                    turn.clear();
                }
                // Stop short of the end: a finished game has nothing to think about.
                if g.is_over() {
                    record.moves.pop();
                    turn.clear();
                    break;
                }
            }
            self.2.push(Sample {
                label: format!("{} {name}", G::TITLE),
                request: ThinkRequest {
                    record: record.to_json(),
                    actions: turn,
                    player: self.0.to_string(),
                    seed: 1,
                },
            });
        }
    }
    let mut each = Each(player, actions, Vec::new());
    each_game(&mut each);
    each.2
}

#[cfg(test)]
mod tests {
    use super::*;

    fn no_clock() -> f64 {
        0.0
    }

    /// The strongest player's worker answers its root actions' visits, which read
    /// back as legal actions of the position and add up to its iterations.
    #[test]
    fn the_strongests_votes_read_back_as_legal_actions() {
        let budget = holdfast_search::Budget {
            iterations: 300,
            seconds: None,
        };
        let all = samples("strongest", 120);
        assert_eq!(all.len(), 5);
        for sample in all {
            let ThinkReport::Done {
                action: Some(action),
                iterations,
                votes: text,
            } = think_for(&sample.request, Some(budget), &no_clock, &mut |_| {})
            else {
                panic!("{}: no action", sample.label);
            };
            if iterations == 0 {
                // A forced action: no search, no votes.
                assert!(text.is_empty(), "{}", sample.label);
                continue;
            }
            assert_eq!(iterations, 300, "{}", sample.label);
            let read: Vec<(&str, usize)> = votes(&text).collect();
            assert_eq!(
                read.len(),
                text.split('\n').count(),
                "{}: {text}",
                sample.label
            );
            assert_eq!(read.iter().map(|v| v.1).sum::<usize>(), 300);
            let best = read.iter().max_by_key(|v| v.1).unwrap();
            assert_eq!(best.0, action, "{}", sample.label);
            // Each is an action of the position, once.
            let record = Record::from_json(&sample.request.record).unwrap();
            struct Legal<'a>(&'a Record, &'a [String], Vec<(&'a str, usize)>);
            impl GameFn for Legal<'_> {
                type Out = ();
                fn call<G: Game>(self) {
                    let (mut g, _) = self.0.replay::<G>().unwrap();
                    for a in self.1 {
                        g.play(g.parse_move(a).unwrap()).unwrap();
                    }
                    for (i, (m, _)) in self.2.iter().enumerate() {
                        assert!(g.parse_move(m).and_then(|m| g.check(m)).is_ok(), "{m}");
                        assert!(!self.2[..i].iter().any(|o| o.0 == *m), "{m} twice");
                    }
                }
            }
            let game = record.game.clone();
            with_game(&game, Legal(&record, &sample.request.actions, read));
        }
    }

    /// Every game's first variant, a few entries in: each player's answer is a legal
    /// action of the position, and progress comes while a level searches.
    #[test]
    fn every_game_gets_a_legal_action() {
        struct Each(usize);
        impl Visit for Each {
            fn visit<G: Game>(&mut self) {
                let (_, setup) = G::variants().remove(0);
                let mut g = G::new(&setup).unwrap();
                let mut record = Record::new::<G>(&setup);
                let mut rng = Rng::new(5);
                let (mut scratch, mut turn) = (Vec::new(), Vec::new());
                while record.moves.len() < 8 {
                    let Some(m) = g.playout_move(&mut rng, &mut scratch) else {
                        break;
                    };
                    turn.push(g.format_move(m));
                    g.play(m).unwrap();
                    if !g.entry_open() {
                        record.moves.push(g.entry_text(&turn));
                        turn.clear();
                    }
                }
                // The 1983 roster plays every game: Fortress by its tables, the
                // others as greedy.
                for player in ["random", "greedy", "level1", "level2", "vauban"] {
                    let req = ThinkRequest {
                        record: record.to_json(),
                        actions: turn.clone(),
                        player: player.into(),
                        seed: 3,
                    };
                    let mut reports = 0;
                    let out = think(&req, &no_clock, &mut |r| {
                        assert!(matches!(r, ThinkReport::Progress { .. }));
                        reports += 1;
                    });
                    let ThinkReport::Done {
                        action: Some(a), ..
                    } = out
                    else {
                        panic!("{} {player}: {out:?}", G::ID);
                    };
                    let mv = g.parse_move(&a).unwrap();
                    assert!(g.check(mv).is_ok(), "{} {player}: {a} refused", G::ID);
                    // A report every 64 iterations: level 2 searches at least 250
                    // in every game (Island Wars' level 1 only 50).
                    if player == "level2" {
                        assert!(reports > 0, "{}: no progress", G::ID);
                    }
                }
                self.0 += 1;
            }
        }
        let mut each = Each(0);
        each_game(&mut each);
        assert!(each.0 >= 5);
    }

    /// A sample for every game, on its largest board, part-way through, where the
    /// player finds an action.
    #[test]
    fn samples_are_mid_game_positions_of_every_game() {
        let all = samples("level1", 60);
        assert_eq!(all.len(), holdfast_rules::catalogue::ids().len());
        for s in &all {
            let r = Record::from_json(&s.request.record).unwrap();
            assert!(!r.moves.is_empty(), "{}", s.label);
            let out = think(&s.request, &no_clock, &mut |_| {});
            assert!(
                matches!(
                    out,
                    ThinkReport::Done {
                        action: Some(_),
                        ..
                    }
                ),
                "{}: {out:?}",
                s.label
            );
        }
        assert!(
            all.iter().any(|s| s.label == "Citadel 19x19"),
            "{:?}",
            all.iter().map(|s| &s.label).collect::<Vec<_>>()
        );
    }

    #[test]
    fn bad_requests_get_a_sentence() {
        let req = |record: &str, player: &str, actions: Vec<String>| ThinkRequest {
            record: record.into(),
            actions,
            player: player.into(),
            seed: 1,
        };
        let ok = r#"{"game": "fortress", "setup": {}, "moves": ["c3"]}"#;
        for r in [
            req("not json", "level1", vec![]),
            req(
                r#"{"game": "chess", "setup": {}, "moves": []}"#,
                "level1",
                vec![],
            ),
            req(ok, "level9", vec![]),
            req(
                r#"{"game": "fortress", "setup": {}, "moves": ["c3", "c3", "c3", "c3"]}"#,
                "random",
                vec![],
            ),
            req(ok, "random", vec!["zz9".into()]),
        ] {
            assert!(
                matches!(think(&r, &no_clock, &mut |_| {}), ThinkReport::Failed(_)),
                "{r:?}"
            );
        }
        // A hint is asked for by its own name, which is no seat's.
        assert!(matches!(
            think(&req(ok, HINT, vec![]), &no_clock, &mut |_| {}),
            ThinkReport::Done {
                action: Some(_),
                ..
            }
        ));
        assert!(HINT.parse::<Player>().is_err());
    }
}
