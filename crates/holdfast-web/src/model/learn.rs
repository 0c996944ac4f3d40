//! Lessons ([`holdfast_rules::lesson`]): each game's book, fetched the first time
//! its lessons are opened (`web/lessons/GAME.json`, [`Effect::LoadLessons`]); the
//! lesson open, played on a board of its own (never the open game, never saved as
//! a game); and the progress kept in storage (lessons done, games whose lessons
//! were offered).

use holdfast_rules::lesson::{Goal, Lesson, LessonBook, LessonRun, Verdict};

use super::*;
use crate::game_ui::Feedback;

/// What the player has learnt, kept in storage ([`storage::PROGRESS_KEY`]) as
/// `{"lessons": ["fort/walk", ...], "offered": ["fort", ...]}` (sorted lists, read
/// by hand: a map's code costs the wasm more).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Progress {
    /// The lessons done, each `GAME/ID`.
    pub lessons: Vec<String>,
    /// The games whose lessons the new-game screen has offered (once each).
    pub offered: Vec<String>,
}

/// Adds `item` to the sorted `list`; false if it was there.
fn add(list: &mut Vec<String>, item: String) -> bool {
    match list.binary_search(&item) {
        Ok(_) => false,
        Err(at) => {
            list.insert(at, item);
            true
        }
    }
}

impl Progress {
    /// Progress from its stored text; what does not read is left out.
    pub fn read(text: &str) -> Progress {
        let v: serde_json::Value = serde_json::from_str(text).unwrap_or_default();
        let list = |key: &str| {
            let mut out = Vec::new();
            for s in v.get(key).and_then(|l| l.as_array()).into_iter().flatten() {
                if let Some(s) = s.as_str() {
                    add(&mut out, s.to_string());
                }
            }
            out
        };
        Progress {
            lessons: list("lessons"),
            offered: list("offered"),
        }
    }

    pub fn to_text(&self) -> String {
        serde_json::json!({ "lessons": self.lessons, "offered": self.offered }).to_string()
    }

    pub fn done(&self, game: &str, id: &str) -> bool {
        self.lessons.binary_search(&format!("{game}/{id}")).is_ok()
    }

    /// Marks a lesson done; false if it was.
    pub fn mark_done(&mut self, game: &str, id: &str) -> bool {
        add(&mut self.lessons, format!("{game}/{id}"))
    }

    pub fn was_offered(&self, game: &str) -> bool {
        self.offered.iter().any(|g| g == game)
    }

    /// Marks `game`'s lessons offered; false if they were.
    pub fn offer(&mut self, game: &str) -> bool {
        add(&mut self.offered, game.to_string())
    }

    /// The lessons of `book` done.
    pub fn done_in(&self, book: &LessonBook) -> usize {
        let done = |l: &&Lesson| self.done(&book.game, &l.id);
        book.lessons.iter().filter(done).count()
    }

    /// Lessons of `game` done, and its puzzles solved (`puzzle-` ids): the
    /// counts on the home page's card, drawn before the book is fetched.
    pub fn count(&self, game: &str) -> (usize, usize) {
        let ids = self
            .lessons
            .iter()
            .filter_map(|k| k.strip_prefix(game)?.strip_prefix('/'));
        let puzzles = ids.clone().filter(|id| id.starts_with("puzzle-")).count();
        (ids.count() - puzzles, puzzles)
    }
}

/// A game's book of lessons.
#[derive(Clone, Debug, PartialEq)]
pub enum Book {
    Loading,
    Ready(Rc<LessonBook>),
    /// It could not be fetched or read (why, in English: a fault of the build).
    Failed(String),
}

/// Where the lesson open stands.
#[derive(Clone, Debug, PartialEq)]
pub enum LessonState {
    Playing,
    Done,
    /// The turns were used up with these conditions unmet.
    Missed(Vec<Goal>),
    /// A scripted answer did not play (a fault of the book: its tests catch it).
    Broken,
}

/// The lesson open.
#[derive(Clone, Debug)]
pub struct OpenLesson {
    pub game: String,
    /// Its place in the book.
    pub index: usize,
    pub lesson: Rc<Lesson>,
    pub board: Box<dyn PlayedGame>,
    pub feedback: Feedback,
    pub run: LessonRun,
    pub state: LessonState,
    /// The learner's seat (the one to move when the lesson opens).
    pub learner: Seat,
    /// A puzzle's answer is shown.
    pub revealed: bool,
}

/// The lessons' part of the state.
#[derive(Clone, Debug, Default)]
pub struct Learn {
    /// Each game's book asked for (a short list: a map's code costs more).
    pub books: Vec<(String, Book)>,
    pub progress: Progress,
    pub open: Option<OpenLesson>,
}

impl Learn {
    /// What became of `game`'s book, if it was asked for.
    pub fn book_state(&self, game: &str) -> Option<&Book> {
        self.books.iter().find(|(g, _)| g == game).map(|(_, b)| b)
    }

    /// The book of `game`, if it came.
    pub fn book(&self, game: &str) -> Option<&Rc<LessonBook>> {
        match self.book_state(game) {
            Some(Book::Ready(b)) => Some(b),
            _ => None,
        }
    }

    fn set_book(&mut self, game: &str, book: Book) {
        self.books.retain(|(g, _)| g != game);
        self.books.push((game.into(), book));
    }
}

/// What the lessons are told.
#[derive(Clone, Debug, PartialEq)]
pub enum LearnMsg {
    /// Show a game's lessons.
    List(String),
    /// Open a lesson (game, id).
    Open(String, String),
    /// A game's book came (its text), or could not be fetched (why).
    Loaded {
        game: String,
        text: Result<String, String>,
    },
    /// A tap, a key or a button on the lesson's board.
    Input(Input),
    /// The lesson from its start again.
    Again,
    /// Show a puzzle's answer (it is not solved by that).
    Reveal,
    /// The next lesson (after the last: the list).
    Next,
    /// The new-game screen's offer of a game's lessons was answered: it is not
    /// made again.
    Offered(String),
}

impl AppState {
    pub(super) fn learn_msg(&mut self, msg: LearnMsg, now: f64) {
        match msg {
            LearnMsg::List(game) => {
                self.learn_msg(LearnMsg::Offered(game.clone()), now);
                self.reset_play_ui();
                self.learn.open = None;
                self.need_book(&game);
                self.nav.update(NavMsg::Show(Screen::Learn(game)));
            }
            LearnMsg::Open(game, id) => {
                self.reset_play_ui();
                self.need_book(&game);
                self.nav
                    .update(NavMsg::Show(Screen::Lesson(game.clone(), id.clone())));
                self.open_lesson(&game, &id, now);
            }
            LearnMsg::Loaded { game, text } => {
                let book = match text.and_then(|t| read_book(&game, &t)) {
                    Ok(b) => Book::Ready(Rc::new(b)),
                    Err(why) => Book::Failed(why),
                };
                self.learn.set_book(&game, book);
                if let Screen::Lesson(g, id) = self.nav.screen.clone() {
                    let open = self.learn.open.as_ref();
                    if g == game && open.is_none_or(|o| o.lesson.id != id) {
                        self.open_lesson(&g, &id, now);
                    }
                }
            }
            LearnMsg::Input(input) => self.lesson_input(input, now),
            LearnMsg::Reveal => {
                if let Some(o) = self.learn.open.as_mut() {
                    o.revealed = true;
                }
            }
            LearnMsg::Again => {
                if let Some((game, id)) = self.lesson_open() {
                    self.open_lesson(&game, &id, now);
                }
            }
            LearnMsg::Next => {
                let Some((game, index)) =
                    self.learn.open.as_ref().map(|o| (o.game.clone(), o.index))
                else {
                    return;
                };
                let puzzle = self
                    .learn
                    .open
                    .as_ref()
                    .is_some_and(|o| o.lesson.answer.is_some());
                let next = self.learn.book(&game).and_then(|b| match puzzle {
                    true => b.puzzles.get(index + 1),
                    false => b.lessons.get(index + 1),
                });
                match next.map(|l| l.id.clone()) {
                    Some(id) => self.learn_msg(LearnMsg::Open(game, id), now),
                    None => self.learn_msg(LearnMsg::List(game), now),
                }
            }
            LearnMsg::Offered(game) => {
                if self.learn.progress.offer(&game) {
                    self.effect(Effect::WriteProgress(self.learn.progress.clone()));
                }
            }
        }
    }

    /// The lesson open (game, id).
    fn lesson_open(&self) -> Option<(String, String)> {
        let o = self.learn.open.as_ref()?;
        Some((o.game.clone(), o.lesson.id.clone()))
    }

    /// Asks for `game`'s book unless it came or is on its way.
    fn need_book(&mut self, game: &str) {
        if matches!(self.learn.book_state(game), None | Some(Book::Failed(_))) {
            self.learn.set_book(game, Book::Loading);
            self.effect(Effect::LoadLessons(game.into()));
        }
    }

    /// Opens lesson `id` of `game` from its start (once the book is here; an id
    /// the book does not have opens nothing, and the screen says so).
    fn open_lesson(&mut self, game: &str, id: &str, now: f64) {
        self.learn.open = None;
        let Some(book) = self.learn.book(game).cloned() else {
            return;
        };
        let found = |list: &[Lesson]| list.iter().position(|l| l.id == id);
        let (index, lesson) = match (found(&book.lessons), found(&book.puzzles)) {
            (Some(i), _) => (i, &book.lessons[i]),
            (None, Some(i)) => (i, &book.puzzles[i]),
            (None, None) => return,
        };
        let mut record = match games::new_record(game) {
            Some(r) => r,
            None => return,
        };
        record.setup = lesson.setup.clone();
        record.moves = lesson.moves.clone();
        // (A lesson that does not open opens nothing, and the screen says so;
        // the book's other lessons stay.)
        let Ok(board) = games::open("lesson".into(), record, vec![], now) else {
            return;
        };
        let Some(learner) = board.to_move() else {
            return;
        };
        self.learn.open = Some(OpenLesson {
            game: game.into(),
            index,
            lesson: Rc::new(lesson.clone()),
            board,
            feedback: Feedback::default(),
            run: LessonRun::default(),
            state: LessonState::Playing,
            learner,
            revealed: false,
        });
    }

    /// A tap on the lesson's board: played as in a game, then judged.
    fn lesson_input(&mut self, input: Input, now: f64) {
        if self.flag_input(&input) {
            return;
        }
        let confirm = self.confirm(&input);
        let Some(open) = self.learn.open.as_mut() else {
            return;
        };
        if open.state != LessonState::Playing {
            return;
        }
        let names = open.board.names();
        let ctx = InputCtx {
            confirm,
            now,
            names: &names,
        };
        let changed = open.board.input(&input, &mut open.feedback, &ctx);
        open.feedback.at = match input {
            Input::Tap(c) | Input::Key(c) => Some(c),
            _ => None,
        };
        if !changed {
            return;
        }
        // The learner's offer (Fort's count, Citadel's draw): the other side
        // accepts it where the lesson is about it (its solution makes the
        // agreement); in any other lesson it is taken back.
        let offered = open
            .board
            .record()
            .offer
            .filter(|o| o.by == open.learner && !o.declined);
        if let (Some(_), Some(accept)) = (offered, open.board.agreement_text()) {
            if !open.lesson.solution.contains(&accept) {
                open.board.undo(now);
                return;
            }
            if open.board.play_entry_text(&accept, now).is_err() {
                open.state = LessonState::Broken;
                return;
            }
        }
        let mut done = false;
        match open.board.judge_lesson(&open.lesson, &mut open.run) {
            Verdict::Done => done = true,
            Verdict::Going => {}
            Verdict::Answer(entries) => {
                for e in entries {
                    if open.board.play_entry_text(&e, now).is_err() {
                        open.state = LessonState::Broken;
                        break;
                    }
                }
                // The goal may hold on the answer (a general that appears
                // in a free city); an answer that ends the game otherwise
                // leaves the learner no turn.
                if open.state == LessonState::Playing && open.board.lesson_met(&open.lesson) {
                    done = true;
                } else if open.state == LessonState::Playing && open.board.is_over() {
                    open.state = LessonState::Missed(Vec::new());
                }
            }
            Verdict::Missed(unmet) => {
                open.feedback.message = None;
                open.state = LessonState::Missed(unmet);
            }
        }
        if done {
            open.state = LessonState::Done;
            open.feedback.message = None;
            let (game, id) = (open.game.clone(), open.lesson.id.clone());
            if self.learn.progress.mark_done(&game, &id) {
                self.effect(Effect::WriteProgress(self.learn.progress.clone()));
            }
        }
    }
}

/// A book's text read as `game`'s (its id must be the game's).
fn read_book(game: &str, text: &str) -> Result<LessonBook, String> {
    LessonBook::read_as(game, text).map_err(|e| e.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::storage::MemoryStore;

    const BOOK: &str = r#"{ "game": "fortress", "lessons": [
        { "id": "clear", "setup": { "map": "classic" },
          "moves": ["a2", "b2", "f6", "b3", "c2", "f5"],
          "goal": [{ "empty": { "cell": "b2" } }], "solution": ["b1"], "misses": [["a1"]] },
        { "id": "place", "setup": { "map": "classic" },
          "goal": [{ "piece": { "cell": "c3", "seat": 0 } }], "solution": ["c3"], "misses": [["d3"]] } ],
        "puzzles": [{ "id": "puzzle-1", "setup": { "map": "classic" },
          "moves": ["a2", "b2", "f6", "b3", "c2", "f5"], "answer": "b1", "line": ["b1", "e5"] }] }"#;

    fn state() -> AppState {
        AppState::load(&mut MemoryStore::default(), "", 0.0)
    }

    fn cell(s: &AppState, name: &str) -> holdfast_rules::CellId {
        let o = s.learn.open.as_ref().unwrap();
        let v = o
            .board
            .play_view(&s.settings, &o.feedback, &yew::Callback::noop());
        v.parts
            .board
            .cells
            .iter()
            .find(|c| c.name == name)
            .unwrap()
            .id
    }

    fn loaded(s: &mut AppState) {
        let fx = s.apply(
            Action::Learn(LearnMsg::Open("fortress".into(), "clear".into())),
            1.0,
        );
        assert!(
            fx.contains(&Effect::LoadLessons("fortress".into())),
            "{fx:?}"
        );
        assert_eq!(s.route(), Route::Lesson("fortress".into(), "clear".into()));
        assert!(s.learn.open.is_none(), "no book yet");
        let text = Ok(BOOK.to_string());
        s.apply(
            Action::Learn(LearnMsg::Loaded {
                game: "fortress".into(),
                text,
            }),
            2.0,
        );
    }

    #[test]
    fn a_lesson_opens_when_its_book_comes_and_the_goal_ticks_it() {
        let mut s = state();
        loaded(&mut s);
        let o = s.learn.open.as_ref().expect("opened");
        assert_eq!((o.learner, o.index), (0, 0));
        let b1 = cell(&s, "b1");
        let fx = s.apply(Action::Learn(LearnMsg::Input(Input::Key(b1))), 3.0);
        assert_eq!(s.learn.open.as_ref().unwrap().state, LessonState::Done);
        assert!(s.learn.progress.done("fortress", "clear"));
        assert!(fx
            .iter()
            .any(|e| matches!(e, Effect::WriteProgress(p) if p.done("fortress", "clear"))));
        // No game was opened or saved by it.
        assert!(s.table.game.is_none());
        assert!(!fx.contains(&Effect::Save));
        s.apply(Action::Learn(LearnMsg::Next), 4.0);
        assert_eq!(s.route(), Route::Lesson("fortress".into(), "place".into()));
        s.apply(Action::Learn(LearnMsg::Next), 5.0);
        assert_eq!(
            s.route(),
            Route::Learn("fortress".into()),
            "after the last, the list"
        );
    }

    #[test]
    fn a_miss_says_what_is_unmet_and_again_starts_over() {
        let mut s = state();
        loaded(&mut s);
        let a1 = cell(&s, "a1");
        s.apply(Action::Learn(LearnMsg::Input(Input::Key(a1))), 3.0);
        let o = s.learn.open.as_ref().unwrap();
        assert_eq!(
            o.state,
            LessonState::Missed(vec![Goal::Empty { cell: "b2".into() }])
        );
        // The board takes nothing more until the lesson starts again.
        let b1 = cell(&s, "b1");
        s.apply(Action::Learn(LearnMsg::Input(Input::Key(b1))), 4.0);
        assert_eq!(s.learn.open.as_ref().unwrap().board.record().moves.len(), 7);
        s.apply(Action::Learn(LearnMsg::Again), 5.0);
        let o = s.learn.open.as_ref().unwrap();
        assert_eq!(
            (o.board.record().moves.len(), &o.state),
            (6, &LessonState::Playing)
        );
        assert!(!s.learn.progress.done("fortress", "clear"));
    }

    #[test]
    fn a_refused_tap_is_said_and_the_lesson_goes_on() {
        let mut s = state();
        loaded(&mut s);
        let b2 = cell(&s, "b2");
        s.apply(Action::Learn(LearnMsg::Input(Input::Key(b2))), 3.0);
        let o = s.learn.open.as_ref().unwrap();
        assert_eq!(o.state, LessonState::Playing);
        assert!(o.feedback.message.is_some(), "the rules' reason is said");
        assert_eq!(o.board.record().moves.len(), 6);
    }

    #[test]
    fn a_book_that_does_not_come_or_read_is_said_and_asked_for_again() {
        let mut s = state();
        s.apply(Action::Learn(LearnMsg::List("fort".into())), 1.0);
        let text = Err("offline".to_string());
        s.apply(
            Action::Learn(LearnMsg::Loaded {
                game: "fort".into(),
                text,
            }),
            2.0,
        );
        assert_eq!(
            s.learn.book_state("fort"),
            Some(&Book::Failed("offline".into()))
        );
        let fx = s.apply(Action::Learn(LearnMsg::List("fort".into())), 3.0);
        assert!(fx.contains(&Effect::LoadLessons("fort".into())));
        let text = Ok(BOOK.to_string());
        s.apply(
            Action::Learn(LearnMsg::Loaded {
                game: "fort".into(),
                text,
            }),
            4.0,
        );
        assert!(
            matches!(s.learn.book_state("fort"), Some(Book::Failed(_))),
            "another game's book"
        );
    }

    #[test]
    fn progress_is_read_from_storage_and_survives_bad_text() {
        let mut store = MemoryStore::default();
        let p = Progress {
            lessons: vec!["fort/walk".into(), "fortress/clear".into()],
            offered: vec!["fort".into()],
        };
        assert_eq!(
            (p.count("fort"), p.count("fortress"), p.count("for")),
            ((1, 0), (1, 0), (0, 0))
        );
        crate::storage::set_progress(&mut store, &p.to_text());
        let s = AppState::load(&mut store, "", 0.0);
        assert_eq!(s.learn.progress, p);
        assert_eq!(Progress::read("{not json"), Progress::default());
        let odd = r#"{"lessons": ["b/x", 3, "a/y", "b/x"], "offered": "fort"}"#;
        assert_eq!(Progress::read(odd).lessons, ["a/y", "b/x"]);
        let mut s = s;
        let fx = s.apply(Action::Learn(LearnMsg::Offered("fort".into())), 1.0);
        assert!(
            !fx.iter().any(|e| matches!(e, Effect::WriteProgress(_))),
            "already offered"
        );
        let fx = s.apply(Action::Learn(LearnMsg::Offered("citadel".into())), 1.0);
        assert!(fx
            .iter()
            .any(|e| matches!(e, Effect::WriteProgress(p) if p.was_offered("citadel"))));
    }

    #[test]
    fn a_puzzle_is_solved_by_its_answer_and_counted_apart_from_the_lessons() {
        let mut s = state();
        loaded(&mut s);
        s.apply(
            Action::Learn(LearnMsg::Open("fortress".into(), "puzzle-1".into())),
            3.0,
        );
        assert_eq!(
            s.route(),
            Route::Lesson("fortress".into(), "puzzle-1".into())
        );
        let a1 = cell(&s, "a1");
        s.apply(Action::Learn(LearnMsg::Input(Input::Key(a1))), 4.0);
        let o = s.learn.open.as_ref().unwrap();
        assert_eq!(
            (&o.state, o.revealed),
            (&LessonState::Missed(vec![]), false)
        );
        s.apply(Action::Learn(LearnMsg::Reveal), 5.0);
        assert!(s.learn.open.as_ref().unwrap().revealed);
        assert!(
            !s.learn.progress.done("fortress", "puzzle-1"),
            "shown, not solved"
        );
        s.apply(Action::Learn(LearnMsg::Again), 6.0);
        assert!(!s.learn.open.as_ref().unwrap().revealed);
        let b1 = cell(&s, "b1");
        s.apply(Action::Learn(LearnMsg::Input(Input::Key(b1))), 7.0);
        assert_eq!(s.learn.open.as_ref().unwrap().state, LessonState::Done);
        assert_eq!(s.learn.progress.count("fortress"), (0, 1));
        // After the last puzzle, the list.
        s.apply(Action::Learn(LearnMsg::Next), 8.0);
        assert_eq!(s.route(), Route::Learn("fortress".into()));
    }

    #[test]
    fn an_offer_to_count_is_accepted_where_the_lesson_is_about_it_and_taken_back_elsewhere() {
        let mut s = state();
        let game = "fort".to_string();
        let text = Ok(include_str!("../../../../web/lessons/fort.json").to_string());
        s.apply(
            Action::Learn(LearnMsg::Open(game.clone(), "count".into())),
            1.0,
        );
        s.apply(
            Action::Learn(LearnMsg::Loaded {
                game: game.clone(),
                text,
            }),
            2.0,
        );
        let offer = || {
            let c = crate::game_ui::Command::new(crate::games::fort::Command::OfferCount(true));
            Action::Learn(LearnMsg::Input(Input::Command(c)))
        };
        s.apply(offer(), 3.0);
        let o = s.learn.open.as_ref().unwrap();
        assert_eq!(o.state, LessonState::Done, "counted, and won");
        assert_eq!(
            o.board.record().moves.last().map(String::as_str),
            Some("count")
        );
        // In a lesson about something else, the offer is taken back.
        s.apply(Action::Learn(LearnMsg::Open(game, "territory".into())), 4.0);
        let before = s.learn.open.as_ref().unwrap().board.record().clone();
        s.apply(offer(), 5.0);
        let o = s.learn.open.as_ref().unwrap();
        assert_eq!(
            (&o.state, o.board.record()),
            (&LessonState::Playing, &before)
        );
    }
}
