//! Looking back with the engine: the open game's analysis as far as it went (a
//! look at each position: each seat's chance and the entry the search prefers),
//! whether it is wanted, and the job the worker is given for the rest. The looks are
//! kept with the saved game under a key of their own (not in the record), so a
//! reload shows them at once. It knows nothing of the rest of the model: the model
//! that composes it tells it which game is open and what its entries are.

use std::rc::Rc;

use holdfast_rules::Seat;
use holdfast_search::analysis::{accuracy, judge, Class};

pub use crate::analyse::Look;

/// A game's analysis as far as it went: a look at each of the first positions, and
/// the entries that lead to them (`looks.len() == entries.len() + 1`, or both empty).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct GameAnalysis {
    pub entries: Vec<String>,
    pub looks: Vec<Look>,
    /// The resignation the looks were made with (the last position's look is
    /// the resignation's when it is the game's end).
    pub resigned: Option<Seat>,
}

/// One entry judged, from the looks on both sides of it.
#[derive(Clone, Debug, PartialEq)]
pub struct Judged {
    pub seat: Seat,
    pub loss: f32,
    pub class: Class,
}

impl GameAnalysis {
    /// The form storage keeps: a line `1 N R` (the form's version, the entries'
    /// number, the seat that resigned or `-`), the entries a line each, then a look
    /// a line ([`Look::line`]).
    pub fn to_text(&self) -> String {
        let resigned = self.resigned.map_or("-".to_string(), |s| s.to_string());
        let mut out = format!("1 {} {resigned}", self.entries.len());
        for e in &self.entries {
            out.push('\n');
            out.push_str(e);
        }
        for l in &self.looks {
            out.push('\n');
            out.push_str(&l.line());
        }
        out
    }

    /// Whether this analysis holds all of `other`'s looks and more: the same
    /// resignation, `other`'s entries first, and more looks.
    pub fn goes_further_than(&self, other: &GameAnalysis) -> bool {
        self.resigned == other.resigned
            && self.looks.len() > other.looks.len()
            && self.entries.starts_with(&other.entries)
    }

    /// [`GameAnalysis::to_text`] read back; `None` for anything else (an analysis
    /// is made again from the record, so nothing is lost).
    pub fn from_text(text: &str) -> Option<GameAnalysis> {
        let mut lines = text.split('\n');
        let (n, resigned) = lines.next()?.strip_prefix("1 ")?.split_once(' ')?;
        let n: usize = n.parse().ok()?;
        let resigned = match resigned {
            "-" => None,
            s => Some(s.parse().ok()?),
        };
        let entries: Vec<String> = lines.by_ref().take(n).map(str::to_string).collect();
        let looks = lines.map(Look::read).collect::<Option<Vec<Look>>>()?;
        (entries.len() == n && looks.len() == n + 1).then_some(GameAnalysis {
            entries,
            looks,
            resigned,
        })
    }

    /// Entry `i` judged, once the positions before and after it are looked at.
    pub fn judged(&self, i: usize, seat: Seat) -> Option<Judged> {
        let (before, after) = (self.looks.get(i)?, self.looks.get(i + 1)?);
        let played = self.entries.get(i)?;
        let (loss, class) = judge(
            &before.all(),
            &after.all(),
            seat,
            played,
            before.best.as_deref(),
            before.played_chance(),
        );
        Some(Judged { seat, loss, class })
    }

    /// Each seat's entries judged so far: (accuracy 0 to 100, counts per class in
    /// [`Class::ALL`]'s order, entries), seat by seat; `movers` says who played each.
    pub fn summary(&self, players: usize, movers: &[Seat]) -> Vec<(f32, [u32; 5], u32)> {
        let mut out = vec![(0.0f32, [0u32; 5], 0u32); players];
        for (i, &seat) in movers.iter().enumerate() {
            let Some(j) = self.judged(i, seat) else { break };
            if let Some(o) = out.get_mut(seat as usize) {
                o.0 += accuracy(j.loss);
                o.1[j.class as usize] += 1;
                o.2 += 1;
            }
        }
        for o in &mut out {
            if o.2 > 0 {
                o.0 /= o.2 as f32;
            }
        }
        out
    }
}

/// The work the worker is given: look at the open game's positions from the first
/// not yet looked at. It changes (and the worker is started again) only when the
/// game does, not at every look.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AnalysisJob {
    pub id: String,
    /// The entries' number and a digest of them and of a resignation, so that a
    /// game taken back and played otherwise is a new job.
    pub entries: usize,
    pub digest: u64,
}

/// The open game's analysis.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Analyses {
    /// The open game's id (none open: `None`).
    pub id: Option<String>,
    pub of: Rc<GameAnalysis>,
    /// The player asked for it: positions not yet looked at are, as the game grows.
    pub wanted: bool,
    /// The worker said it could not go on (a sentence).
    pub failed: Option<String>,
}

/// What the analysis hears.
#[derive(Clone, Debug, PartialEq)]
pub enum AnalysisMsg {
    /// Look at every position (the Analyse button), or stop.
    Want(bool),
    /// What storage kept for a game when it was opened.
    Loaded {
        id: String,
        saved: Option<GameAnalysis>,
    },
    /// The worker looked at position `index` of game `id`.
    Looked {
        id: String,
        index: usize,
        look: Look,
    },
    /// The worker looked at these positions of game `id` (the page gathers what
    /// it reports for a fifth of a second: one change to draw, not one a look).
    LookedAt {
        id: String,
        /// The job's [`AnalysisJob::digest`]: looks made for entries the game no
        /// longer has are dropped.
        digest: u64,
        looks: Vec<(usize, Look)>,
    },
    /// The worker could not go on.
    Failed { id: String, why: String },
}

/// A digest of a game's entries and its resignation (FNV-1a).
pub fn digest(entries: &[String], resigned: Option<Seat>) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    let mut eat = |b: u8| {
        h ^= b as u64;
        h = h.wrapping_mul(0x0100_0000_01b3);
    };
    for e in entries {
        e.bytes().for_each(&mut eat);
        eat(0);
    }
    eat(resigned.map_or(0xff, |s| s));
    h
}

impl Analyses {
    /// The open game is `id` (`None`: none), with these entries: another game's
    /// analysis is let go of (the new one's comes from storage, [`AnalysisMsg::
    /// Loaded`]); the same game's keeps the looks its entries still lead to.
    /// Returns whether another game is now open (its analysis to be read).
    pub fn fit(&mut self, id: Option<&str>, entries: &[String], resigned: Option<Seat>) -> bool {
        if self.id.as_deref() != id {
            *self = Analyses {
                id: id.map(str::to_string),
                of: Rc::new(GameAnalysis {
                    resigned,
                    ..Default::default()
                }),
                ..Default::default()
            };
            return id.is_some();
        }
        let same = self
            .of
            .entries
            .iter()
            .zip(entries)
            .take_while(|(a, b)| a == b)
            .count();
        // Looks at positions 0..=same still hold, but the game's last one if a
        // resignation came or went there.
        let mut keep = same + 1;
        if self.of.resigned != resigned && self.of.looks.len() > entries.len() {
            keep = keep.min(entries.len());
        }
        if self.of.looks.len() > keep
            || self.of.entries.len() > same
            || self.of.resigned != resigned
        {
            let a = Rc::make_mut(&mut self.of);
            a.looks.truncate(keep);
            a.entries.truncate(a.looks.len().saturating_sub(1));
            a.resigned = resigned;
        }
        false
    }

    /// Whether every position of a game of `entries` entries is looked at.
    pub fn complete(&self, entries: usize) -> bool {
        self.of.looks.len() > entries
    }

    /// What the worker should do for the open game (`id`, its entries and its
    /// resignation): nothing unless the analysis is wanted and positions are left.
    pub fn job(&self, entries: &[String], resigned: Option<Seat>) -> Option<AnalysisJob> {
        self.job_if(self.wanted, entries, resigned)
    }

    /// [`Analyses::job`], as if asked for when `wanted` (the evaluation bar asks
    /// without the button).
    pub fn job_if(
        &self,
        wanted: bool,
        entries: &[String],
        resigned: Option<Seat>,
    ) -> Option<AnalysisJob> {
        let id = self.id.clone()?;
        (wanted && self.failed.is_none() && !self.complete(entries.len())).then(|| AnalysisJob {
            id,
            entries: entries.len(),
            digest: digest(entries, resigned),
        })
    }

    /// Hears `msg` about the open game (whose entries are `entries`); returns whether
    /// the looks changed (to be written).
    pub fn update(&mut self, msg: AnalysisMsg, entries: &[String]) -> bool {
        match msg {
            AnalysisMsg::Want(on) => {
                self.wanted = on;
                self.failed = None;
                false
            }
            AnalysisMsg::Loaded { id, saved } => {
                if self.id.as_deref() != Some(id.as_str()) {
                    return false;
                }
                if let Some(saved) = saved.filter(|s| s.looks.len() == s.entries.len() + 1) {
                    // (Only if nothing was looked at meanwhile.)
                    if self.of.looks.is_empty() {
                        let resigned = self.of.resigned;
                        self.of = Rc::new(saved);
                        self.fit(Some(&id), entries, resigned);
                    }
                }
                false
            }
            AnalysisMsg::Looked { id, index, look } => {
                let next = self.of.looks.len();
                if self.id.as_deref() != Some(id.as_str()) || index != next || index > entries.len()
                {
                    return false;
                }
                let a = Rc::make_mut(&mut self.of);
                a.looks.push(look);
                a.entries = entries[..index].to_vec();
                true
            }
            AnalysisMsg::LookedAt { id, looks, .. } => {
                looks.into_iter().fold(false, |changed, (index, look)| {
                    let msg = AnalysisMsg::Looked {
                        id: id.clone(),
                        index,
                        look,
                    };
                    self.update(msg, entries) || changed
                })
            }
            AnalysisMsg::Failed { id, why } => {
                if self.id.as_deref() == Some(id.as_str()) {
                    self.failed = Some(why);
                }
                false
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn moves(m: &[&str]) -> Vec<String> {
        m.iter().map(|s| s.to_string()).collect()
    }

    fn look(c: f32, best: &str) -> Look {
        Look {
            chances: vec![(c * 10_000.0) as u16, ((1.0 - c) * 10_000.0) as u16],
            best: Some(best.into()),
            played: None,
        }
    }

    fn looked(a: &mut Analyses, index: usize, l: Look, entries: &[String]) -> bool {
        let id = a.id.clone().unwrap();
        a.update(AnalysisMsg::Looked { id, index, look: l }, entries)
    }

    /// Looks come in order for the open game only; the job asks for the rest and
    /// ends when every position is looked at; a game taken back keeps the looks its
    /// entries still lead to, and played otherwise is a new job.
    #[test]
    fn looks_follow_the_game() {
        let mut a = Analyses::default();
        let e = moves(&["a1", "b2"]);
        assert!(a.fit(Some("g"), &e, None));
        assert_eq!(a.job(&e, None), None, "not asked for");
        a.update(AnalysisMsg::Want(true), &e);
        let job = a.job(&e, None).unwrap();
        assert!(looked(&mut a, 0, look(0.5, "a1"), &e));
        assert!(!looked(&mut a, 2, look(0.5, "c3"), &e), "out of order");
        assert!(!a.update(
            AnalysisMsg::Looked {
                id: "other".into(),
                index: 1,
                look: look(0.5, "b2")
            },
            &e
        ));
        assert_eq!(
            a.job(&e, None),
            Some(job.clone()),
            "the same job as it goes"
        );
        assert!(looked(&mut a, 1, look(0.4, "c3"), &e));
        assert!(looked(&mut a, 2, look(0.55, "d4"), &e));
        assert!(a.complete(2));
        assert_eq!(a.job(&e, None), None);
        assert_eq!(a.of.entries, e);
        // Entry 2 (b2) was not the preferred c3 and cost seat 1 0.15 (0.6 to 0.45).
        let j = a.of.judged(1, 1).unwrap();
        assert_eq!(j.class, Class::Mistake, "{j:?}");
        assert!((j.loss - 0.15).abs() < 1e-5, "{j:?}");
        // Entry 1 was the preferred a1.
        assert_eq!(a.of.judged(0, 0).unwrap().class, Class::Best);
        let summary = a.of.summary(2, &[0, 1]);
        assert_eq!(summary[0].1[Class::Best as usize], 1);
        assert_eq!(summary[1].2, 1);
        // Taken back one entry and played otherwise: positions 0 and 1 still hold.
        let other = moves(&["a1", "c3"]);
        a.fit(Some("g"), &other, None);
        assert_eq!(a.of.looks.len(), 2);
        assert_eq!(a.of.entries, moves(&["a1"]));
        let next = a.job(&other, None).unwrap();
        assert_ne!(next, job);
        // A resignation is a new job too.
        assert_ne!(a.job(&other, Some(0)), Some(next));
        // A resignation at the end drops the last position's look (to be looked
        // at again as the resignation's), and so does taking it back.
        let mut r = a.clone();
        r.fit(Some("g"), &other, None);
        for i in r.of.looks.len()..=other.len() {
            looked(&mut r, i, look(0.5, "x"), &other);
        }
        assert!(r.complete(2));
        r.fit(Some("g"), &other, Some(0));
        assert_eq!((r.of.looks.len(), r.of.resigned), (2, Some(0)));
        assert!(r.job(&other, Some(0)).is_some());
        looked(&mut r, 2, look(0.0, "x"), &other);
        r.fit(Some("g"), &other, None);
        assert_eq!((r.of.looks.len(), r.of.resigned), (2, None));
        // Another game: let go of.
        assert!(a.fit(Some("h"), &e, None));
        assert!(a.of.looks.is_empty() && !a.wanted);
    }

    /// The stored text reads back as written; anything else reads as nothing.
    #[test]
    fn the_stored_text_reads_back() {
        let a = GameAnalysis {
            resigned: Some(1),
            entries: moves(&["f1-f2 f2-g2 @d1", "-"]),
            looks: vec![
                look(0.5, "a1"),
                look(0.25, "b b"),
                Look {
                    chances: vec![0, 10_000],
                    best: None,
                    played: Some(7),
                },
            ],
        };
        assert_eq!(GameAnalysis::from_text(&a.to_text()), Some(a.clone()));
        let empty = GameAnalysis::default();
        assert_eq!(
            GameAnalysis::from_text(&empty.to_text()),
            None,
            "no look: nothing kept"
        );
        let text = a.to_text();
        for bad in [
            "",
            "{}",
            "2 1\na1\n1 1\n1 1",
            &text[..text.rfind('\n').unwrap()],
            &text.replace("2500", "x"),
        ] {
            assert_eq!(GameAnalysis::from_text(bad), None, "{bad:?}");
        }
    }

    /// What storage kept is taken when it fits the game's entries (cut to those
    /// that still lead to its positions), never over looks made meanwhile.
    #[test]
    fn a_saved_analysis_is_taken_as_far_as_it_holds() {
        let mut a = Analyses::default();
        let e = moves(&["a1", "b2", "c3"]);
        a.fit(Some("g"), &e, None);
        let saved = GameAnalysis {
            resigned: None,
            entries: moves(&["a1", "x9"]),
            looks: vec![look(0.5, "a1"), look(0.5, "x9"), look(0.5, "d4")],
        };
        a.update(
            AnalysisMsg::Loaded {
                id: "g".into(),
                saved: Some(saved.clone()),
            },
            &e,
        );
        assert_eq!(a.of.looks.len(), 2);
        assert_eq!(a.of.entries, moves(&["a1"]));
        // A broken one (looks and entries that do not match) is not taken.
        let mut b = Analyses::default();
        b.fit(Some("g"), &e, None);
        let broken = GameAnalysis {
            resigned: None,
            entries: moves(&["a1"]),
            looks: vec![],
        };
        b.update(
            AnalysisMsg::Loaded {
                id: "g".into(),
                saved: Some(broken),
            },
            &e,
        );
        assert!(b.of.looks.is_empty());
        // Nor another game's.
        b.update(
            AnalysisMsg::Loaded {
                id: "h".into(),
                saved: Some(saved),
            },
            &e,
        );
        assert!(b.of.looks.is_empty());
    }
}
