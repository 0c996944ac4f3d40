//! Lessons: one rule at a time, on a position where only that rule matters.
//!
//! A lesson is data (`web/lessons/GAME.json`, docs/lessons.md): a record to start
//! from (setup and entries so far), a goal made of conditions on the position, the
//! entries the other side answers with, and the learner's intended actions. Its
//! words are not here: the app finds them in its catalogues by the lesson's id.
//!
//! [`LessonRun`] judges a lesson as it is played, action by action: the goal met
//! (done), the learner's turn still under way, the other side's scripted answer
//! due, or the learner's turns used up with the goal unmet (missed, with the
//! conditions that fail: the app says why, and the learner tries again).

use serde_json::{Map, Value};

mod read;

use crate::game::{Game, MoveError, Seat};
use crate::record::{BadMove, Record, RecordError};

pub mod check;

/// Every lesson of one game, in the order they are taught.
#[derive(Clone, Debug, PartialEq)]
pub struct LessonBook {
    /// The game's id ([`Game::ID`]).
    pub game: String,
    pub lessons: Vec<Lesson>,
    /// Its puzzles (`holdfast puzzles`): lessons with an [`Lesson::answer`].
    pub puzzles: Vec<Lesson>,
}

/// One lesson.
#[derive(Clone, Debug, PartialEq)]
pub struct Lesson {
    /// Unique within its book (`walk`): the app's texts are `lesson.GAME.ID.title`,
    /// `.task`, `.hint` and `.done`, and progress is kept by it.
    pub id: String,
    /// The game's setup, as a record's.
    pub setup: Value,
    /// Entries already played when the lesson opens.
    pub moves: Vec<String>,
    /// Every condition must hold at once for the lesson to be done.
    pub goal: Vec<Goal>,
    /// The learner's turns (record entries) allowed to reach the goal.
    pub turns: u8,
    /// What the other side plays after each of the learner's turns but the last,
    /// an entry each (several seats: one entry a seat, in turn, joined by ` / `).
    pub answers: Vec<String>,
    /// The learner's actions that reach the goal, one action each in notation.
    pub solution: Vec<String>,
    /// Legal actions that miss: each list, played from the start (answers coming
    /// in between as in play), uses up the turns with the goal unmet. The tests
    /// play them.
    pub misses: Vec<Vec<String>>,
    /// A puzzle's answer: the key action that solves it (the goal is then empty).
    /// A turn that plays it solves the puzzle, in whatever order (in a game of
    /// several actions a turn, a step that waits may come first); a turn that
    /// ends without it misses.
    pub answer: Option<String>,
    /// A puzzle's winning line: the answer and what the search expects after it.
    pub line: Vec<String>,
    /// A puzzle's chances for the mover: with the answer, and with the next best.
    pub chance: Option<f32>,
    pub second: Option<f32>,
}

/// A condition on the position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Goal {
    /// A piece of `seat` (of `kind`, if given: `dot`, `fort`, `warrior`, `barracks`,
    /// …) stands on `cell`.
    Piece {
        cell: String,
        seat: Seat,
        kind: Option<String>,
    },
    /// No piece stands on `cell`.
    Empty { cell: String },
    /// `cell` is `seat`'s territory (or colour).
    Owner { cell: String, seat: Seat },
    /// `seat`'s territory holds at least this many cells.
    Owns { seat: Seat, at_least: u32 },
    /// One of the game's marks (`citadels`, `generals`, `secured`) on `cell` is
    /// `seat`'s (`null`: nobody's).
    Mark {
        key: String,
        cell: String,
        seat: Option<Seat>,
    },
    /// At least this many walls stand.
    Walls { at_least: u32 },
    /// At least this many pieces of `seat` stand (of `kind`, if given).
    Pieces {
        seat: Seat,
        kind: Option<String>,
        at_least: u32,
    },
    /// At most this many pieces of `seat` stand (of `kind`, if given).
    FewerPieces {
        seat: Seat,
        kind: Option<String>,
        at_most: u32,
    },
    /// `seat`'s count is at least this.
    Score { seat: Seat, at_least: i32 },
    /// The game is over and `seat` has won, alone (a draw is not a win here).
    Winner { seat: Seat },
    /// The game is over and drawn: several seats share the win (an agreed draw,
    /// equal counts).
    Draw,
    /// The players have traded colours (Fortress's pie rule: the swap made).
    Swapped,
    /// At least this many of `seat`'s marks of `key` stand (`generals`, …).
    Marks {
        key: String,
        seat: Seat,
        at_least: u32,
    },
}

/// Why a lesson cannot be opened.
#[derive(Clone, Debug, PartialEq)]
pub enum LessonError {
    /// The book is not JSON of the lessons' shape: what is wrong.
    Json(String),
    /// The book is of another game.
    OtherGame(String),
    /// Its record cannot be opened.
    Record(RecordError),
    /// One of its entries cannot be played.
    Move(BadMove),
    /// A goal names a cell the board does not have.
    UnknownCell(String),
    /// The position has no seat to move: nothing to learn there.
    Over,
}

impl std::fmt::Display for LessonError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            LessonError::Json(e) => write!(f, "not a book of lessons: {e}"),
            LessonError::OtherGame(g) => write!(f, "lessons of another game ({g})"),
            LessonError::Record(e) => write!(f, "{e}"),
            LessonError::Move(b) => write!(f, "entry {} ({}): {}", b.index + 1, b.text, b.error),
            LessonError::UnknownCell(c) => write!(f, "no cell called {c}"),
            LessonError::Over => f.write_str("the game is already over"),
        }
    }
}

impl std::error::Error for LessonError {}

impl LessonBook {
    /// Reads a book of `G`'s lessons.
    pub fn read<G: Game>(text: &str) -> Result<LessonBook, LessonError> {
        LessonBook::read_as(G::ID, text)
    }

    /// Reads a book of the lessons of the game of id `game`.
    pub fn read_as(game: &str, text: &str) -> Result<LessonBook, LessonError> {
        let book = LessonBook::from_text(text).map_err(LessonError::Json)?;
        match book.game == game {
            true => Ok(book),
            false => Err(LessonError::OtherGame(book.game)),
        }
    }

    /// The lesson of this id.
    pub fn lesson(&self, id: &str) -> Option<&Lesson> {
        self.lessons
            .iter()
            .chain(&self.puzzles)
            .find(|l| l.id == id)
    }
}

impl Lesson {
    /// The record the lesson opens on.
    pub fn record<G: Game>(&self) -> Record {
        Record {
            game: G::ID.into(),
            setup: self.setup.clone(),
            moves: self.moves.clone(),
            ..Record::new::<G>(&G::Setup::default())
        }
    }

    /// The position the lesson opens on, checked: its record replays, the game is
    /// not over, and every cell its goal names is on the board.
    pub fn start<G: Game>(&self) -> Result<G, LessonError> {
        let (g, bad) = self
            .record::<G>()
            .replay::<G>()
            .map_err(LessonError::Record)?;
        if let Some(bad) = bad {
            return Err(LessonError::Move(bad));
        }
        if g.is_over() {
            return Err(LessonError::Over);
        }
        for goal in &self.goal {
            if let Some(name) = goal.cell() {
                g.board()
                    .cell(name)
                    .ok_or_else(|| LessonError::UnknownCell(name.into()))?;
            }
        }
        Ok(g)
    }

    /// The conditions of the goal that do not hold in `g`.
    pub fn unmet<G: Game>(&self, g: &G) -> Vec<Goal> {
        self.unmet_in(&Seen::of(g))
    }

    /// Whether the goal holds in `g` after the other side's answer: a lesson is
    /// done the moment its goal holds, on the learner's action or on the answer
    /// to it (a Frontier general that appears only in a free city). Never for a
    /// puzzle, judged by its answer alone.
    pub fn met_after_answer<G: Game>(&self, g: &G) -> bool {
        self.answer.is_none() && self.unmet(g).is_empty()
    }

    /// The conditions of the goal that do not hold in `seen`.
    pub fn unmet_in(&self, seen: &Seen) -> Vec<Goal> {
        self.goal
            .iter()
            .filter(|c| !c.holds_in(seen))
            .cloned()
            .collect()
    }
}

impl Goal {
    /// The cell the condition names, if any.
    pub fn cell(&self) -> Option<&str> {
        match self {
            Goal::Piece { cell, .. }
            | Goal::Empty { cell }
            | Goal::Owner { cell, .. }
            | Goal::Mark { cell, .. } => Some(cell),
            _ => None,
        }
    }

    /// Whether the condition holds in `g`.
    pub fn holds<G: Game>(&self, g: &G) -> bool {
        self.holds_in(&Seen::of(g))
    }

    /// Whether the condition holds in the position `seen` (one function for every
    /// game: the app's wasm holds it once, not once a game).
    pub fn holds_in(&self, seen: &Seen) -> bool {
        let tally = &seen.tally;
        let at = |name: &str| seen.board.cell(name);
        let kind_is = |want: &Option<String>, kind: &str| want.as_deref().is_none_or(|k| k == kind);
        let count = |seat: Seat, kind: &Option<String>| {
            tally
                .pieces
                .iter()
                .filter(|(_, p)| p.player == seat && kind_is(kind, p.kind))
                .count() as u32
        };
        match self {
            Goal::Piece { cell, seat, kind } => tally
                .pieces
                .iter()
                .any(|(c, p)| Some(*c) == at(cell) && p.player == *seat && kind_is(kind, p.kind)),
            Goal::Empty { cell } => !tally.pieces.iter().any(|(c, _)| Some(*c) == at(cell)),
            Goal::Owner { cell, seat } => tally
                .owners
                .iter()
                .flatten()
                .any(|(c, s)| Some(*c) == at(cell) && s == seat),
            Goal::Owns { seat, at_least } => {
                let owned = tally.owners.iter().flatten().filter(|(_, s)| s == seat);
                owned.count() as u32 >= *at_least
            }
            Goal::Mark { key, cell, seat } => tally
                .marks(key)
                .iter()
                .any(|(c, s)| Some(*c) == at(cell) && s == seat),
            Goal::Walls { at_least } => {
                tally.walls.as_ref().map_or(0, |w| w.len() as u32) >= *at_least
            }
            Goal::Pieces {
                seat,
                kind,
                at_least,
            } => count(*seat, kind) >= *at_least,
            Goal::FewerPieces {
                seat,
                kind,
                at_most,
            } => count(*seat, kind) <= *at_most,
            Goal::Score { seat, at_least } => seen
                .scores
                .get(*seat as usize)
                .is_some_and(|s| s >= at_least),
            Goal::Winner { seat } => seen.winners == [*seat],
            Goal::Draw => seen.winners.len() > 1,
            Goal::Swapped => seen.traded,
            Goal::Marks {
                key,
                seat,
                at_least,
            } => {
                let mine = tally.marks(key).iter().filter(|(_, s)| *s == Some(*seat));
                mine.count() as u32 >= *at_least
            }
        }
    }
}

/// What the conditions read of a position, whatever its game.
pub struct Seen<'a> {
    pub board: &'a crate::board::Board,
    pub tally: crate::game::Tally,
    pub scores: Vec<i32>,
    pub winners: Vec<Seat>,
    pub traded: bool,
}

impl<'a> Seen<'a> {
    pub fn of<G: Game>(g: &'a G) -> Seen<'a> {
        Seen {
            board: g.board(),
            tally: g.tally(),
            scores: g.scores(),
            winners: g.winners(),
            traded: g.colours_traded(),
        }
    }
}

/// What a lesson makes of the position after one of the learner's actions.
#[derive(Clone, Debug, PartialEq)]
pub enum Verdict {
    /// The goal is met: the lesson is done.
    Done,
    /// The learner's turn goes on.
    Going,
    /// The learner's turn ended short of the goal, and the other side answers with
    /// these entries (one a seat, in turn); then the learner plays again.
    Answer(Vec<String>),
    /// The learner's turns are used up (or the game ended) with these conditions
    /// unmet: the lesson starts again.
    Missed(Vec<Goal>),
}

/// A lesson being played: how many of the learner's turns have ended.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LessonRun {
    pub turns_ended: u8,
}

impl LessonRun {
    /// Judges `g`, the position after one of the learner's actions.
    /// `turn`: the actions of the learner's turn so far, in notation, the one just
    /// played last (a puzzle is judged by them).
    pub fn judge<G: Game>(&mut self, lesson: &Lesson, g: &G, turn: &[String]) -> Verdict {
        self.judge_in(lesson, &Seen::of(g), g.entry_open(), g.is_over(), turn)
    }

    /// [`LessonRun::judge`] of the position `seen`, whose entry is still `open`
    /// (a turn of several actions under way) or which is `over`.
    pub fn judge_in(
        &mut self,
        lesson: &Lesson,
        seen: &Seen,
        open: bool,
        over: bool,
        turn: &[String],
    ) -> Verdict {
        if let Some(answer) = &lesson.answer {
            return match turn.contains(answer) {
                true => Verdict::Done,
                false if open && !over => Verdict::Going,
                false => Verdict::Missed(Vec::new()),
            };
        }
        let unmet = lesson.unmet_in(seen);
        if unmet.is_empty() {
            return Verdict::Done;
        }
        if open && !over {
            return Verdict::Going;
        }
        self.turns_ended = self.turns_ended.saturating_add(1);
        let answer = lesson.answers.get(self.turns_ended as usize - 1);
        match answer {
            Some(entries) if self.turns_ended < lesson.turns && !over => {
                Verdict::Answer(entries.split(" / ").map(str::to_string).collect())
            }
            _ => Verdict::Missed(unmet),
        }
    }
}

/// How a list of the learner's actions ends, played from the lesson's start with
/// the answers in between (the tests, and `holdfast lessons`).
#[derive(Clone, Debug, PartialEq)]
pub enum Played {
    /// The goal was met after this many of the actions (the rest unplayed).
    Done(usize),
    /// The turns ran out with these conditions unmet.
    Missed(Vec<Goal>),
    /// The actions ran out with the lesson still going.
    Unfinished,
    /// This action (by its index) was refused.
    Refused(usize, MoveError),
    /// The answers left another seat to move before this action (by its index).
    NotLearners(usize),
    /// A scripted answer could not be played.
    BadAnswer(String, MoveError),
}

/// Plays `actions` (in notation) through `lesson` from its start.
pub fn play_through<G: Game>(lesson: &Lesson, actions: &[String]) -> Result<Played, LessonError> {
    let mut g: G = lesson.start()?;
    let learner = g.to_move();
    let mut run = LessonRun::default();
    let mut turn: Vec<String> = Vec::new();
    for (i, text) in actions.iter().enumerate() {
        if g.to_move() != learner {
            return Ok(Played::NotLearners(i));
        }
        if !g.entry_open() {
            turn.clear();
        }
        turn.push(text.clone());
        let played = g.parse_move(text).and_then(|mv| g.play(mv));
        if let Err(e) = played {
            return Ok(Played::Refused(i, e));
        }
        match run.judge(lesson, &g, &turn) {
            Verdict::Done => return Ok(Played::Done(i + 1)),
            Verdict::Going => {}
            Verdict::Missed(unmet) => return Ok(Played::Missed(unmet)),
            Verdict::Answer(entries) => {
                for e in entries {
                    if let Err(err) = g.play_entry(&e) {
                        return Ok(Played::BadAnswer(e, err));
                    }
                }
                if lesson.met_after_answer(&g) {
                    return Ok(Played::Done(i + 1));
                }
            }
        }
    }
    Ok(Played::Unfinished)
}
