//! Looking back with the engine, game-blind, for the app's Web Worker: a game given
//! as a record, searched again position by position from a given one
//! ([`holdfast_search::analysis::look_at_position`], the code `holdfast analyse`
//! runs), each position's look reported as soon as it is made, so the page shows
//! the analysis as it grows and keeps it with the saved game
//! (`model::analysis`). Nothing here knows a game: the rules catalogue finds it.

use holdfast_rules::catalogue::{with_game, GameFn};
use holdfast_rules::{Game, Record};
use holdfast_search::analysis::look_at_position;
use serde::{Deserialize, Serialize};

/// Iterations a position is searched with in the app: what `holdfast analyse`
/// searches by default, so the same record and seed give the same analysis there.
pub const ITERATIONS: u32 = holdfast_search::analysis::ANALYSIS_ITERATIONS;

/// The seed of every analysis in the app (`holdfast analyse --seed 1`).
pub const SEED: u64 = 1;

/// What the page asks the worker.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct AnalyseRequest {
    /// The game, as a record (whole entries; a resignation ends it).
    pub record: String,
    /// The first position to look at (0: before the first entry).
    pub from: usize,
    pub iterations: u32,
    pub seed: u64,
}

/// One position looked at: each seat's chance of winning there, in ten-thousandths,
/// and the entry the search prefers (a whole turn; `None` when the game is over).
/// It travels from the worker, and is kept in storage, as one line of text
/// ([`Look::line`]): whole numbers and the entry, which the page reads with a few
/// lines of code (reading them as JSON cost its wasm kilobytes).
#[derive(Clone, Debug, PartialEq)]
pub struct Look {
    pub chances: Vec<u16>,
    pub best: Option<String>,
    /// The mover's chance with the entry played there, as the same search saw it
    /// (`holdfast_search::analysis::Look::played`), in ten-thousandths.
    pub played: Option<u16>,
}

impl Look {
    /// Seat `seat`'s chance, 0 to 1.
    pub fn chance(&self, seat: usize) -> f32 {
        self.chances.get(seat).map_or(0.0, |&c| c as f32 / 10_000.0)
    }

    /// Every seat's chance, 0 to 1.
    pub fn all(&self) -> Vec<f32> {
        (0..self.chances.len()).map(|s| self.chance(s)).collect()
    }

    /// The look as a line: the chances, a space between them, then a tab and the
    /// preferred entry (empty when there is none: no entry holds a tab or a line
    /// break), then a tab and the played entry's chance when there is one.
    pub fn line(&self) -> String {
        let mut out = self
            .chances
            .iter()
            .map(|c| c.to_string())
            .collect::<Vec<_>>()
            .join(" ");
        if self.best.is_some() || self.played.is_some() {
            out.push('\t');
            out.push_str(self.best.as_deref().unwrap_or(""));
        }
        if let Some(p) = self.played {
            out.push('\t');
            out.push_str(&p.to_string());
        }
        out
    }

    /// [`Look::played`], 0 to 1.
    pub fn played_chance(&self) -> Option<f32> {
        self.played.map(|c| c as f32 / 10_000.0)
    }

    /// A line read back ([`Look::line`]); `None` when it is not one.
    pub fn read(line: &str) -> Option<Look> {
        let chance = |n: &str| n.parse::<u16>().ok().filter(|&c| c <= 10_000);
        let mut parts = line.split('\t');
        let chances = parts
            .next()?
            .split(' ')
            .map(chance)
            .collect::<Option<Vec<u16>>>()?;
        let best = parts.next().filter(|b| !b.is_empty()).map(str::to_string);
        let played = match parts.next() {
            Some(p) => Some(chance(p)?),
            None => None,
        };
        Some(Look {
            chances,
            best,
            played,
        })
    }
}

/// What the worker answers: a look at each position in turn (its index, a space,
/// and its [`Look::line`]), then `Done`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum AnalyseReport {
    Looked(String),
    Done,
    /// The record could not be read or replayed (a sentence).
    Failed(String),
}

struct Analyse<'a> {
    record: Record,
    req: &'a AnalyseRequest,
    clock: &'a dyn Fn() -> f64,
    report: &'a mut dyn FnMut(AnalyseReport),
}

impl GameFn for Analyse<'_> {
    type Out = AnalyseReport;
    fn call<G: Game>(self) -> AnalyseReport {
        let mut g: G = match self.record.start() {
            Ok(g) => g,
            Err(e) => return AnalyseReport::Failed(e.to_string()),
        };
        let moves = &self.record.moves;
        for i in 0..=moves.len() {
            if i >= self.req.from {
                let last = i == moves.len();
                let resigned = self.record.resigned.filter(|_| last);
                let look = look_at_position(
                    &g,
                    i,
                    moves.get(i).map(String::as_str),
                    resigned,
                    self.req.iterations,
                    self.req.seed,
                    self.clock,
                );
                let best = spelled_as_played(&g, look.best, moves.get(i));
                let look = Look {
                    chances: look
                        .chances
                        .unwrap_or_default()
                        .iter()
                        .map(|c| (c.clamp(0.0, 1.0) * 10_000.0).round() as u16)
                        .collect(),
                    best,
                    played: look
                        .played
                        .map(|c| (c.clamp(0.0, 1.0) * 10_000.0).round() as u16),
                };
                (self.report)(AnalyseReport::Looked(format!("{i} {}", look.line())));
            }
            if let Some(entry) = moves.get(i) {
                if let Err(e) = g.play_entry(entry) {
                    return AnalyseReport::Failed(crate::i18n::tf(
                        "move {} ({}) of the record is refused: {}",
                        &[&(i + 1), entry, &e],
                    ));
                }
            }
        }
        AnalyseReport::Done
    }
}

/// The preferred entry `best` in the record's own spelling when it is the entry
/// `played` there (the page compares the two as text; a record may write an
/// entry with other spaces than this version does).
fn spelled_as_played<G: Game>(
    g: &G,
    best: Option<String>,
    played: Option<&String>,
) -> Option<String> {
    match (best, played) {
        (Some(b), Some(p)) if canonical(g, p).as_deref() == Some(b.as_str()) => Some(p.clone()),
        (b, _) => b,
    }
}

/// `entry` as this version writes it, played from `g` (`None` when it does not play).
fn canonical<G: Game>(g: &G, entry: &str) -> Option<String> {
    let (mut at, mut actions) = (g.clone(), Vec::new());
    at.clone().play_entry_into(entry, &mut actions).ok()?;
    let mut texts = Vec::with_capacity(actions.len());
    for &mv in &actions {
        texts.push(at.format_move(mv));
        at.play(mv).ok()?;
    }
    Some(at.entry_text(&texts))
}

/// A [`AnalyseReport::Looked`]'s text read back: the position's index and its look.
pub fn looked(text: &str) -> Option<(usize, Look)> {
    let (index, line) = text.split_once(' ')?;
    Some((index.parse().ok()?, Look::read(line)?))
}

/// Analyses `req`'s game from its position `from` on, reporting each position as
/// it is looked at; returns the last report (`Done`, or `Failed`).
pub fn analyse(
    req: &AnalyseRequest,
    clock: &dyn Fn() -> f64,
    report: &mut dyn FnMut(AnalyseReport),
) -> AnalyseReport {
    let record = match Record::from_json(&req.record) {
        Ok(r) => r,
        Err(e) => return AnalyseReport::Failed(e.to_string()),
    };
    let id = record.game.clone();
    let task = Analyse {
        record,
        req,
        clock,
        report,
    };
    with_game(&id, task)
        .unwrap_or_else(|| AnalyseReport::Failed(crate::i18n::tf("no game {}", &[&id])))
}

#[cfg(test)]
mod tests {
    use super::*;
    use holdfast_rules::fortress::Fortress;

    /// The worker reports every position from the one asked, in order, with the
    /// chances and preferred entries `holdfast analyse`'s code gives them.
    #[test]
    fn the_worker_looks_at_each_position_from_the_one_asked() {
        let mut record = Record::new::<Fortress>(&Default::default());
        record.moves = ["a1", "f6", "b2"].iter().map(|s| s.to_string()).collect();
        let req = AnalyseRequest {
            record: record.to_json(),
            from: 1,
            iterations: 300,
            seed: 5,
        };
        let mut seen = Vec::new();
        let last = analyse(&req, &|| 0.0, &mut |r| seen.push(r));
        assert_eq!(last, AnalyseReport::Done);
        let start: Fortress = record.start().unwrap();
        let mut a =
            holdfast_search::analysis::Analysis::new(&start, &record.moves, None, 300, 5).unwrap();
        while a.step(&|| 0.0).is_some() {}
        let read: Vec<(usize, Look)> = seen
            .iter()
            .map(|r| match r {
                AnalyseReport::Looked(text) => looked(text).unwrap(),
                _ => panic!("{r:?}"),
            })
            .collect();
        assert_eq!(read.iter().map(|r| r.0).collect::<Vec<_>>(), vec![1, 2, 3]);
        for (index, l) in &read {
            let look = a.look(*index).unwrap();
            assert_eq!(l.best, look.best);
            assert_eq!(l.played.is_some(), look.played.is_some());
            let want: Vec<f32> = look.chances.clone().unwrap();
            assert_eq!(l.chances.len(), want.len());
            for (&x, y) in l.chances.iter().zip(&want) {
                assert!((x as f32 / 10_000.0 - y).abs() <= 0.5e-4, "{l:?} {want:?}");
            }
        }
        // Lines read back as written; what is not one is not read.
        let l = Look {
            chances: vec![6400, 3600],
            best: Some("f1-f2 f2-g2 @d1".into()),
            played: Some(5100),
        };
        assert_eq!(Look::read(&l.line()), Some(l.clone()));
        let l = Look { played: None, ..l };
        assert_eq!(Look::read(&l.line()), Some(l));
        let over = Look {
            chances: vec![10_000, 0, 0],
            best: None,
            played: None,
        };
        assert_eq!(Look::read(&over.line()), Some(over));
        for bad in ["", "x", "6400 -1", "10001 0", "1  2"] {
            assert_eq!(Look::read(bad), None, "{bad:?}");
        }
        assert_eq!(Look::read("1 2\t").and_then(|l| l.best), None);
        assert_eq!(looked("nine 1"), None);
        // The preferred entry is given in the record's spelling when it is the
        // one played.
        use holdfast_rules::fort::Fort;
        let mut g: Fort = Fort::new(&Default::default()).unwrap();
        g.play_entry("@f1").unwrap();
        g.play_entry("@f7").unwrap();
        let odd = "f1-f2  f2-g1 @f1".to_string();
        assert_eq!(canonical(&g, &odd).as_deref(), Some("f1-f2 f2-g1 @f1"));
        let best = Some("f1-f2 f2-g1 @f1".to_string());
        assert_eq!(
            spelled_as_played(&g, best.clone(), Some(&odd)),
            Some(odd.clone())
        );
        let other = "f1-f2 @f1".to_string();
        assert_eq!(spelled_as_played(&g, best.clone(), Some(&other)), best);
        assert_eq!(canonical(&g, "zz"), None);
        // A bad entry is said, after the positions before it.
        record.moves.push("zz9".into());
        let req = AnalyseRequest {
            record: record.to_json(),
            from: 3,
            iterations: 100,
            seed: 5,
        };
        let last = analyse(&req, &|| 0.0, &mut |_| {});
        assert!(
            matches!(last, AnalyseReport::Failed(ref s) if s.contains("zz9")),
            "{last:?}"
        );
    }
}
