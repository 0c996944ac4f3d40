//! The computer's side of the app, between the model and its worker: which search
//! runs, what its reports become, when a computer's move may show, and when a
//! worker that never answers is given up. Pure: it is told the time and what the
//! worker said, and answers with [`Do`]s, which the app's runner performs (a fresh
//! worker a search, terminated as soon as the search is no longer wanted). The
//! strongest player searches in several workers at once, one a core, and its
//! action is the one most visited over them all (root parallelism, as
//! [`holdfast_search::merge_roots`] adds up threads natively).
//! Tested natively with a made-up clock.

use crate::model::{Action, ComputerMsg, SearchJob};
use crate::think::ThinkReport;

/// The least time, in ms, from a computer's question to its move showing (a move
/// never snaps in), unless the player asked for quick computers.
pub use crate::settings::COMPUTER_PACE_MS;

/// How long a worker may stay silent before its search is given up, in ms (it
/// could not load, say).
pub const WATCHDOG_MS: f64 = 20_000.0;

/// What the runner does for the protocol.
#[derive(Clone, Debug, PartialEq)]
pub enum Do {
    /// Starts fresh workers searching the job just wanted, this many side by side
    /// (each seeded apart, its reports told with its index).
    Start(usize),
    /// Terminates the workers: their search is no longer wanted.
    Stop,
    /// Tells the model.
    Tell(Action),
    /// Calls [`Searching::tick`] at this time (ms), unless told again sooner.
    WakeAt(f64),
}

/// The search under way, if any.
#[derive(Debug, Default)]
pub struct Searching {
    job: Option<SearchJob>,
    /// When the question was asked (ms).
    asked: f64,
    /// A computer's answer held until its pace, and when it may show.
    held: Option<(f64, Action)>,
    /// The job's search is over (answered, failed or given up): nothing more comes.
    over: bool,
    /// Workers searching the job.
    workers: usize,
    /// Workers yet to answer.
    waiting: usize,
    /// The first worker's action, and the votes of those that answered, added up.
    first: Option<String>,
    votes: Vec<(String, usize)>,
}

/// How many workers search a job for `player` on a device with `cores` cores: the
/// strongest player one a core (at least 1, at most 8: each holds its own tree),
/// every other player one.
pub fn workers_for(player: &str, cores: usize) -> usize {
    if player == "strongest" {
        cores.clamp(1, 8)
    } else {
        1
    }
}

impl Searching {
    /// The model wants `job` searched now (or nothing), by `workers` workers side
    /// by side ([`workers_for`]). The same job as before changes nothing; another
    /// stops the one under way first.
    pub fn want(&mut self, job: Option<SearchJob>, workers: usize, now: f64) -> Vec<Do> {
        if self.job == job {
            return Vec::new();
        }
        let mut out = Vec::new();
        if self.job.is_some() {
            out.push(Do::Stop);
        }
        self.held = None;
        self.over = false;
        let wanted = job.is_some();
        self.job = job;
        self.asked = now;
        let workers = workers.max(1);
        self.workers = workers;
        (self.waiting, self.first) = (workers, None);
        self.votes.clear();
        if wanted {
            out.push(Do::Start(workers));
            out.push(Do::WakeAt(now + WATCHDOG_MS));
        }
        out
    }

    /// Worker `worker` reported; `quick`: the player asked for quick computers.
    pub fn report(&mut self, worker: usize, report: ThinkReport, quick: bool, now: f64) -> Vec<Do> {
        let Some(job) = self.job.clone().filter(|_| !self.over) else {
            return Vec::new();
        };
        if self.held.is_some() || worker >= self.workers {
            return Vec::new();
        }
        let key = job.key.clone();
        match report {
            ThinkReport::Progress { iterations, best } if !job.hint => {
                // The first worker speaks for them all (its preference, and its
                // iterations times the workers: they search alike), so several
                // workers tell the page no more often.
                if worker != 0 {
                    return Vec::new();
                }
                let iterations = iterations.saturating_mul(self.workers as u32);
                vec![Do::Tell(Action::Computer(ComputerMsg::Progress {
                    key,
                    iterations,
                    best,
                }))]
            }
            ThinkReport::Progress { .. } => Vec::new(),
            ThinkReport::Done { action, votes, .. } => {
                if worker == 0 {
                    self.first = action;
                }
                for (m, n) in crate::think::votes(&votes) {
                    match self.votes.iter_mut().find(|v| v.0 == m) {
                        Some(v) => v.1 += n,
                        None => self.votes.push((m.into(), n)),
                    }
                }
                self.waiting = self.waiting.saturating_sub(1);
                if self.waiting > 0 {
                    // Others are still searching.
                    return Vec::new();
                }
                // One worker: its action. Several: the action most visited over
                // them all (ties: the first met; the first worker's when none voted:
                // a forced action, or none).
                let most = self
                    .votes
                    .iter()
                    .reduce(|a, b| if b.1 > a.1 { b } else { a });
                let action = match most {
                    Some(m) if self.workers > 1 => Some(m.0.clone()),
                    _ => self.first.take(),
                };
                let answer = Action::Computer(ComputerMsg::Answer {
                    key,
                    hint: job.hint,
                    action,
                });
                let due = if job.hint || quick {
                    now
                } else {
                    self.asked + COMPUTER_PACE_MS as f64
                };
                if due <= now {
                    self.finish(answer)
                } else {
                    self.held = Some((due, answer));
                    vec![Do::WakeAt(due)]
                }
            }
            ThinkReport::Failed(why) => self.finish(Action::Computer(ComputerMsg::SearchFailed {
                key,
                why: Some(why),
            })),
        }
    }

    /// Only `started` of the job's workers could be started (the browser refused
    /// the others): the answer waits for those alone.
    pub fn started(&mut self, started: usize) {
        let missing = self.workers.saturating_sub(started);
        self.waiting = self.waiting.saturating_sub(missing);
    }

    /// The time is `now` (a wake-up asked for): a held answer shows once due, and a
    /// worker silent for [`WATCHDOG_MS`] is given up.
    pub fn tick(&mut self, now: f64) -> Vec<Do> {
        let Some(job) = self.job.as_ref().filter(|_| !self.over) else {
            return Vec::new();
        };
        match &self.held {
            Some((due, answer)) if *due <= now => {
                let answer = answer.clone();
                self.finish(answer)
            }
            Some((due, _)) => vec![Do::WakeAt(*due)],
            None if now - self.asked >= WATCHDOG_MS => {
                let key = job.key.clone();
                self.finish(Action::Computer(ComputerMsg::SearchFailed {
                    key,
                    why: None,
                }))
            }
            None => vec![Do::WakeAt(self.asked + WATCHDOG_MS)],
        }
    }

    /// The search is over: its worker goes, and the model hears `told`. The job is
    /// kept (the model asks for the next one, or for none).
    fn finish(&mut self, told: Action) -> Vec<Do> {
        self.held = None;
        self.over = true;
        vec![Do::Stop, Do::Tell(told)]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::PositionKey;

    fn job(moves: usize, hint: bool) -> SearchJob {
        SearchJob {
            key: PositionKey {
                game: "g1".into(),
                moves,
                turn: 0,
            },
            player: "level2".into(),
            hint,
        }
    }

    fn done(action: &str) -> ThinkReport {
        ThinkReport::Done {
            action: Some(action.into()),
            iterations: 10,
            votes: String::new(),
        }
    }

    #[test]
    fn a_computers_move_shows_once_its_pace_has_passed() {
        let mut s = Searching::default();
        let j = job(3, false);
        assert_eq!(
            s.want(Some(j.clone()), 1, 1000.0),
            [Do::Start(1), Do::WakeAt(1000.0 + WATCHDOG_MS)]
        );
        // The same job asked again (a render) changes nothing.
        assert_eq!(s.want(Some(j.clone()), 1, 1050.0), []);
        let progress = ThinkReport::Progress {
            iterations: 40,
            best: Some("c3".into()),
        };
        assert_eq!(
            s.report(0, progress, false, 1100.0),
            [Do::Tell(Action::Computer(ComputerMsg::Progress {
                key: j.key.clone(),
                iterations: 40,
                best: Some("c3".into()),
            }))]
        );
        // Answered 200 ms after the question: held until the pace.
        let due = 1000.0 + COMPUTER_PACE_MS as f64;
        assert_eq!(s.report(0, done("d4"), false, 1200.0), [Do::WakeAt(due)]);
        assert_eq!(s.tick(due - 1.0), [Do::WakeAt(due)]);
        let answer = Action::Computer(ComputerMsg::Answer {
            key: j.key.clone(),
            hint: false,
            action: Some("d4".into()),
        });
        assert_eq!(s.tick(due), [Do::Stop, Do::Tell(answer)]);
        // Over: a late report or wake-up does nothing.
        assert_eq!(s.report(0, done("e5"), false, due + 10.0), []);
        assert_eq!(s.tick(due + WATCHDOG_MS), []);
    }

    #[test]
    fn hints_and_quick_computers_answer_at_once_and_hints_show_no_progress() {
        let mut s = Searching::default();
        let h = job(3, true);
        s.want(Some(h.clone()), 1, 0.0);
        let progress = ThinkReport::Progress {
            iterations: 5,
            best: None,
        };
        assert_eq!(s.report(0, progress, false, 10.0), []);
        assert_eq!(
            s.report(0, done("a1"), false, 20.0),
            [
                Do::Stop,
                Do::Tell(Action::Computer(ComputerMsg::Answer {
                    key: h.key.clone(),
                    hint: true,
                    action: Some("a1".into()),
                }))
            ]
        );
        let j = job(4, false);
        s.want(Some(j.clone()), 1, 100.0);
        assert_eq!(
            s.report(0, done("b2"), true, 110.0),
            [
                Do::Stop,
                Do::Tell(Action::Computer(ComputerMsg::Answer {
                    key: j.key.clone(),
                    hint: false,
                    action: Some("b2".into()),
                }))
            ]
        );
    }

    #[test]
    fn a_search_no_longer_wanted_is_stopped_at_once() {
        let mut s = Searching::default();
        let (a, b) = (job(3, false), job(4, false));
        s.want(Some(a.clone()), 1, 0.0);
        assert_eq!(
            s.want(Some(b.clone()), 1, 50.0),
            [Do::Stop, Do::Start(1), Do::WakeAt(50.0 + WATCHDOG_MS)]
        );
        // An answer held for its pace is dropped with its job.
        assert_eq!(
            s.report(0, done("c3"), false, 60.0),
            [Do::WakeAt(50.0 + COMPUTER_PACE_MS as f64)]
        );
        assert_eq!(s.want(None, 1, 70.0), [Do::Stop]);
        assert_eq!(s.tick(50.0 + COMPUTER_PACE_MS as f64), []);
        assert_eq!(s.want(None, 1, 80.0), []);
    }

    #[test]
    fn a_silent_worker_is_given_up_and_a_failure_is_told() {
        let mut s = Searching::default();
        let j = job(3, false);
        s.want(Some(j.clone()), 1, 0.0);
        assert_eq!(s.tick(WATCHDOG_MS - 1.0), [Do::WakeAt(WATCHDOG_MS)]);
        assert_eq!(
            s.tick(WATCHDOG_MS),
            [
                Do::Stop,
                Do::Tell(Action::Computer(ComputerMsg::SearchFailed {
                    key: j.key.clone(),
                    why: None,
                }))
            ]
        );
        let k = job(5, false);
        s.want(Some(k.clone()), 1, 0.0);
        assert_eq!(
            s.report(0, ThinkReport::Failed("bad record".into()), false, 5.0),
            [
                Do::Stop,
                Do::Tell(Action::Computer(ComputerMsg::SearchFailed {
                    key: k.key.clone(),
                    why: Some("bad record".into()),
                }))
            ]
        );
    }

    #[test]
    fn the_strongest_plays_the_action_most_visited_over_all_its_workers() {
        assert_eq!(workers_for("strongest", 4), 4);
        assert_eq!(workers_for("strongest", 0), 1);
        assert_eq!(workers_for("strongest", 32), 8);
        assert_eq!(workers_for("level5", 4), 1);
        let mut s = Searching::default();
        let mut j = job(3, false);
        j.player = "strongest".into();
        assert_eq!(
            s.want(Some(j.clone()), 3, 0.0),
            [Do::Start(3), Do::WakeAt(WATCHDOG_MS)]
        );
        let progress = |n| ThinkReport::Progress {
            iterations: n,
            best: Some("a1".into()),
        };
        // Only the first worker tells, for all three.
        assert_eq!(s.report(1, progress(500), true, 10.0), []);
        assert_eq!(
            s.report(0, progress(300), true, 20.0),
            [Do::Tell(Action::Computer(ComputerMsg::Progress {
                key: j.key.clone(),
                iterations: 900,
                best: Some("a1".into()),
            }))]
        );
        let voted = |action: &str, votes: Vec<(&str, u32)>| ThinkReport::Done {
            action: Some(action.into()),
            iterations: 100,
            votes: votes
                .into_iter()
                .map(|(m, n)| format!("{m} {n}"))
                .collect::<Vec<_>>()
                .join("\n"),
        };
        // Each worker prefers a1 or b2 alone; together c3 is the most visited.
        assert_eq!(
            s.report(
                0,
                voted("a1", vec![("a1", 50), ("c3", 40), ("b2", 10)]),
                true,
                30.0
            ),
            []
        );
        assert_eq!(
            s.report(
                2,
                voted("b2", vec![("b2", 45), ("c3", 44), ("a1", 11)]),
                true,
                40.0
            ),
            []
        );
        // A worker that does not exist is ignored.
        assert_eq!(s.report(7, voted("a1", vec![("a1", 900)]), true, 45.0), []);
        assert_eq!(
            s.report(1, voted("c3", vec![("c3", 30), ("a1", 20)]), true, 50.0),
            [
                Do::Stop,
                Do::Tell(Action::Computer(ComputerMsg::Answer {
                    key: j.key.clone(),
                    hint: false,
                    action: Some("c3".into()),
                }))
            ]
        );
    }

    #[test]
    fn a_worker_the_browser_refused_is_not_waited_for() {
        let mut s = Searching::default();
        let mut j = job(3, false);
        j.player = "strongest".into();
        s.want(Some(j.clone()), 3, 0.0);
        // The third could not be started.
        s.started(2);
        let done = |m: &str, n| ThinkReport::Done {
            action: Some(m.into()),
            iterations: n,
            votes: format!("{m} {n}"),
        };
        assert_eq!(s.report(0, done("a1", 10), true, 1.0), []);
        assert_eq!(
            s.report(1, done("b2", 30), true, 2.0),
            [
                Do::Stop,
                Do::Tell(Action::Computer(ComputerMsg::Answer {
                    key: j.key.clone(),
                    hint: false,
                    action: Some("b2".into()),
                }))
            ]
        );
    }
}
