//! A game in play: [`Played`] pairs a game's session with its in-turn state, and
//! [`PlayedGame`] is the game-blind form the model and the screens hold.

use std::any::Any;
use std::rc::Rc;

use holdfast_rules::geometry::{geometry, Geometry};
use holdfast_rules::lesson::{Lesson, LessonRun, Verdict};
use holdfast_rules::{Record, Seat};
use yew::prelude::*;

use super::{said, Feedback, GameUi, Input, InputCtx, PartsCtx, PlayParts, ViewCtx};
use crate::board::BoardView;
use crate::i18n::{t, Refusal};
use crate::seat::SeatPlayer;
use crate::session::{OpenError, Session};
use crate::settings::Settings;
use crate::storage::SavedGame;
use crate::think::ThinkRequest;

/// A game in play: the session (record, positions, undo) and the game's own in-turn
/// UI state.
#[derive(Clone, Debug)]
pub struct Played<G: GameUi> {
    /// Shared with earlier states of the app until a change copies it.
    pub session: Rc<Session<G>>,
    pub ui: G::Ui,
    /// The board's outlines, computed once when the game opens.
    pub geo: Rc<Geometry>,
    /// The stored revision this game's moves last matched (see
    /// [`crate::storage::save_over`]): set by the effect that writes it, so shared by
    /// every copy of this game in the app's states (it is not part of what they show).
    pub synced: Rc<std::cell::Cell<u64>>,
}

impl<G: GameUi> Played<G> {
    /// Plays one of the game's buttons' moves: on success the in-turn state is
    /// forgotten, on refusal the board says why. True when the move was played.
    pub fn play_button(&mut self, fb: &mut Feedback, mv: G::Move, ctx: &InputCtx) -> bool {
        let played = fb.settle(
            &mut None,
            Rc::make_mut(&mut self.session).play(mv, ctx.now),
            ctx.names,
        );
        if played {
            self.ui = G::Ui::default();
        }
        played
    }

    /// Opens a record, replaying it once.
    pub fn open(
        id: String,
        mut record: Record,
        redo: Vec<String>,
        updated: f64,
    ) -> Result<Played<G>, OpenError> {
        let unnamed = record.names.is_empty();
        if unnamed {
            // Named after the game's defaults (Island Wars: the seed's colours).
            let start: G = record.start().map_err(OpenError::Record)?;
            record.names = G::default_names(start.players());
        }
        let session = Session::<G>::open(id, record, redo, updated)?;
        let geo = Rc::new(geometry(session.game().board()));
        Ok(Played {
            session: Rc::new(session),
            ui: G::Ui::default(),
            geo,
            synced: Rc::default(),
        })
    }
}

/// What the shared play screen shows of a game besides the game's own parts.
pub struct PlayView {
    /// The move list's page of entries, and whether each took something from
    /// another seat (its mark).
    pub page: std::ops::Range<usize>,
    pub takes: Vec<bool>,
    /// What the entry that led to the position on screen changed, in words.
    pub said: Vec<String>,
    pub parts: PlayParts,
    pub title: &'static str,
    pub names: Vec<String>,
    pub players: usize,
    /// The seat to move in the game (not the position looked back at).
    pub to_move: Option<Seat>,
    /// The seat to move and the winners in the position on screen.
    pub shown_to_move: Option<Seat>,
    pub shown_winners: Vec<Seat>,
    /// The seat that resigned, ending the game.
    pub resigned: Option<Seat>,
    pub viewing: bool,
    /// Entries leading to the position on screen.
    pub ply: usize,
    pub record: Record,
    /// The seat that played each entry.
    pub movers: Vec<Seat>,
    /// The actions of the turn under way, in notation.
    pub turn: Vec<String>,
    pub can_redo: bool,
    /// Every seat's score after each entry (for the end-of-game chart).
    pub score_history: Vec<Vec<i32>>,
    pub final_scores: Vec<i32>,
    /// The game's model key and its board's cells: which look tables turn the
    /// analysis's chances into the ones shown
    /// (`holdfast_search::calibration::shown_chances`).
    pub chance_key: (&'static str, usize),
}

/// A summary of a saved game for the home page, built once (its setup in words
/// is made when the page is drawn: [`crate::games::describe`]).
#[derive(Clone, Debug, PartialEq)]
pub struct Summary {
    pub title: &'static str,
    pub over: bool,
    pub thumb: Rc<BoardView>,
}

/// A game in play, whichever it is: what the model and the screens hold.
pub trait PlayedGame {
    fn clone_box(&self) -> Box<dyn PlayedGame>;
    /// The game itself, for code that knows which it is (a game's own tests).
    fn as_any(&self) -> &dyn Any;
    fn id(&self) -> &str;
    fn record(&self) -> &Record;
    fn redo_line(&self) -> &[String];
    /// The storage form.
    fn saved(&self) -> SavedGame;
    /// The stored revision the game last matched (the saving effect sets it).
    fn synced(&self) -> &std::cell::Cell<u64>;
    fn title(&self) -> &'static str;
    fn players(&self) -> usize;
    /// Every seat's name, as shown now.
    fn names(&self) -> Vec<String>;
    fn is_over(&self) -> bool;
    fn viewing(&self) -> bool;
    /// How many entries lead to the position on screen.
    fn shown_ply(&self) -> usize;
    fn undo(&mut self, now: f64) -> bool;
    fn redo(&mut self, now: f64) -> bool;
    fn view(&mut self, ply: Option<usize>);
    fn play_from_here(&mut self, now: f64);
    /// Forgets the in-turn UI state (a selection, a ghost).
    fn reset_ui(&mut self);
    /// True when there is no in-turn UI state to forget.
    fn ui_is_default(&self) -> bool;
    /// Plays an input; true when the game changed.
    fn input(&mut self, input: &Input, fb: &mut Feedback, ctx: &InputCtx) -> bool;
    /// The play screen's view of the game.
    fn play_view(&self, settings: &Settings, fb: &Feedback, emit: &Callback<Input>) -> PlayView;
    /// The home page's summary of the current position.
    fn summary(&self) -> Summary;
    /// Who plays each seat as the position shows it (Fortress: the pie rule's swap
    /// trades them with the names), from the record's `seats`: a person where it
    /// names none or nothing the app knows.
    fn seat_players(&self) -> Vec<SeatPlayer>;
    /// Where a seat's word is in the record's `seats` (Fortress's swap trades them).
    fn seat_index(&self, seat: Seat) -> usize;
    /// Sets who plays a seat; false when it already was, or the game has no such
    /// seat.
    fn set_seat_player(&mut self, seat: Seat, player: SeatPlayer) -> bool;
    /// Entries played and actions of the turn under way: where the game stands, to
    /// match a computer's answer with the position it was asked about.
    fn position_key(&self) -> (usize, usize);
    /// The seat to move now, unless the game is over.
    fn to_move(&self) -> Option<Seat>;
    /// Whether the seat to move may resign (a two-player game under way).
    fn can_resign(&self) -> bool;
    /// The seat that did the last thing in the game: answered an offer, made one,
    /// resigned, else played the last entry (with no turn under way here).
    fn last_actor(&self) -> Option<Seat>;
    /// Whether the last thing done in the game was a seat's played on another
    /// device (Undo cannot take that back here).
    fn last_is_remote(&self) -> bool {
        let players = self.seat_players();
        self.last_actor()
            .is_some_and(|x| players.get(x as usize) == Some(&SeatPlayer::Remote))
    }
    /// Whether the last entry took another seat's pieces (a capture's sound).
    fn last_took(&self) -> bool;
    /// An action in the notation (a hint) as the board draws it: the cells it
    /// changes that it names, in the order it names them (a step's path), and the
    /// walls it builds or destroys. Nothing for a text that is not a legal action.
    fn hint_marks(&self, text: &str) -> crate::board::HintMarks;
    /// Whether an input answers an offer of the game's agreement.
    fn is_answer(&self, input: &Input) -> bool;
    /// The seat an offer of the game's agreement (Fort's count, Citadel's draw)
    /// waits for, while one stands unanswered, and whether that seat is played on
    /// another device.
    fn answer_due(&self) -> Option<(Seat, bool)> {
        let o = self.record().offer.filter(|o| !o.declined)?;
        let seat = Some(1 - o.by).filter(|_| self.to_move() == Some(o.by))?;
        let remote = self.seat_players().get(seat as usize) == Some(&SeatPlayer::Remote);
        Some((seat, remote))
    }
    /// The seat to move resigns; false when it cannot.
    fn resign(&mut self, now: f64) -> bool;
    /// The search's question about the position now, for `player` (`level2`, …).
    fn think_request(&self, player: &str, seed: u64) -> ThinkRequest;
    /// Plays an action given in the notation (a computer's), as a tap would play it.
    fn play_text(&mut self, text: &str, now: f64) -> Result<(), Refusal>;
    /// Plays a whole record entry (a turn of several actions too); on a refusal
    /// nothing is played.
    fn play_entry_text(&mut self, entry: &str, now: f64) -> Result<(), Refusal>;
    /// The game's agreement (Fort's `count`, Citadel's `draw`) as the entry that
    /// accepts it, where the game has one now.
    fn agreement_text(&self) -> Option<String>;
    /// What `lesson` makes of the position now (see [`LessonRun::judge`]).
    fn judge_lesson(&self, lesson: &Lesson, run: &mut LessonRun) -> Verdict;
    /// Whether the lesson's goal holds now, after the other side's answer.
    fn lesson_met(&self, lesson: &Lesson) -> bool;
}

/// A game in play is shown in debugging output by its id alone: deriving `Debug`
/// for every game's session brought each game's whole `Debug` code into the wasm
/// (about 8 KB gzipped).
impl std::fmt::Debug for dyn PlayedGame {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.id())
    }
}

impl Clone for Box<dyn PlayedGame> {
    fn clone(&self) -> Self {
        self.clone_box()
    }
}

impl<G: GameUi> PlayedGame for Played<G> {
    fn clone_box(&self) -> Box<dyn PlayedGame> {
        Box::new(self.clone())
    }
    fn as_any(&self) -> &dyn Any {
        self
    }
    fn id(&self) -> &str {
        &self.session.id
    }
    fn record(&self) -> &Record {
        &self.session.record
    }
    fn redo_line(&self) -> &[String] {
        &self.session.redo
    }
    fn saved(&self) -> SavedGame {
        let s = &self.session;
        SavedGame {
            id: s.id.clone(),
            record: s.record.clone(),
            redo: s.redo.clone(),
            updated: s.updated,
            revision: self.synced.get(),
            turn: s.turn_text(),
        }
    }
    fn synced(&self) -> &std::cell::Cell<u64> {
        &self.synced
    }
    fn title(&self) -> &'static str {
        G::INFO.title
    }
    fn players(&self) -> usize {
        self.session.game().players()
    }
    fn names(&self) -> Vec<String> {
        (0..self.players())
            .map(|s| G::seat_name(&self.session, s as Seat))
            .collect()
    }
    fn is_over(&self) -> bool {
        self.session.is_over()
    }
    fn viewing(&self) -> bool {
        self.session.viewing.is_some()
    }
    fn shown_ply(&self) -> usize {
        self.session.shown_ply()
    }
    fn undo(&mut self, now: f64) -> bool {
        Rc::make_mut(&mut self.session).undo(now)
    }
    fn redo(&mut self, now: f64) -> bool {
        Rc::make_mut(&mut self.session).redo(now)
    }
    fn view(&mut self, ply: Option<usize>) {
        Rc::make_mut(&mut self.session).view(ply)
    }
    fn play_from_here(&mut self, now: f64) {
        Rc::make_mut(&mut self.session).play_from_here(now)
    }
    fn reset_ui(&mut self) {
        self.ui = G::Ui::default();
    }
    fn ui_is_default(&self) -> bool {
        self.ui == G::Ui::default()
    }
    fn input(&mut self, input: &Input, fb: &mut Feedback, ctx: &InputCtx) -> bool {
        // What the player sees, for a refusal to name a cell by it.
        let g = self.session.game();
        fb.seen = Some(Rc::new(super::Seen::new(
            g.to_move(),
            &g.tally(),
            g.board(),
            G::that_cell(),
        )));
        if self.session.viewing.is_some() {
            fb.refuse(
                &mut None,
                Refusal::Said(
                    t("You are looking back at an earlier position: go back to the game to play.")
                        .into(),
                ),
                ctx.names,
            );
            return false;
        }
        match input {
            Input::Tap(c) => G::tap(self, fb, *c, ctx),
            Input::Key(c) => G::tap(
                self,
                fb,
                *c,
                &InputCtx {
                    confirm: false,
                    ..*ctx
                },
            ),
            Input::TapFace(f) => G::tap_face(self, fb, *f, ctx),
            Input::KeyFace(f) => G::tap_face(
                self,
                fb,
                *f,
                &InputCtx {
                    confirm: false,
                    ..*ctx
                },
            ),
            Input::Command(c) => match c.get::<G::Command>() {
                Some(c) => G::command(self, fb, c, ctx),
                None => false,
            },
            Input::Flag(..) => false,
        }
    }
    fn play_view(&self, settings: &Settings, fb: &Feedback, emit: &Callback<Input>) -> PlayView {
        let s = &self.session;
        let interactive = s.viewing.is_none() && !s.is_over();
        let parts = G::parts(&PartsCtx {
            played: self,
            settings,
            feedback: fb,
            emit,
            interactive,
        });
        let over = s.is_over();
        // The move list's page, what each of its entries changed, and the entry
        // that led to the position on screen said in words.
        let page = crate::session::move_page(
            s.record.moves.len(),
            s.viewing.is_some().then(|| s.shown_ply()),
        );
        let (takes, said) = said::page(
            &s.changes_in(page.clone()),
            &s.movers,
            page.start,
            s.shown_ply(),
            &|x| G::seat_name(s, x),
            &G::territory,
        );
        PlayView {
            page,
            takes,
            said,
            parts,
            title: G::INFO.title,
            names: self.names(),
            players: self.players(),
            to_move: s.to_move(),
            shown_to_move: match s.viewing {
                None => s.to_move(),
                Some(_) => s.shown().to_move(),
            },
            shown_winners: match (s.record.resigned, s.viewing) {
                (Some(r), None) => vec![1 - r],
                _ => s.shown().winners(),
            },
            resigned: s.record.resigned,
            viewing: s.viewing.is_some(),
            ply: s.shown_ply(),
            record: s.record.clone(),
            movers: s.movers.clone(),
            chance_key: (s.game().model_key(), s.game().board().len()),
            turn: s.turn_text(),
            can_redo: !s.redo.is_empty(),
            score_history: if over || s.viewing.is_some() {
                s.score_history().to_vec()
            } else {
                Vec::new()
            },
            final_scores: s.game().scores(),
        }
    }
    fn seat_players(&self) -> Vec<SeatPlayer> {
        let s = &self.session;
        (0..self.players())
            .map(|seat| {
                s.record
                    .seats
                    .get(G::seat_index(s, seat as Seat))
                    .map_or(SeatPlayer::Person, |w| SeatPlayer::from_word(w))
            })
            .collect()
    }
    fn seat_index(&self, seat: Seat) -> usize {
        G::seat_index(&self.session, seat)
    }
    fn set_seat_player(&mut self, seat: Seat, player: SeatPlayer) -> bool {
        let players = self.players();
        if seat as usize >= players || self.seat_players()[seat as usize] == player {
            return false;
        }
        let i = self.seat_index(seat);
        let s = Rc::make_mut(&mut self.session);
        if s.record.seats.len() < players {
            s.record.seats.resize(players, SeatPlayer::PERSON.into());
        }
        s.record.seats[i] = player.word();
        true
    }
    fn position_key(&self) -> (usize, usize) {
        (self.session.record.moves.len(), self.session.turn.len())
    }
    fn to_move(&self) -> Option<Seat> {
        self.session.to_move()
    }
    fn can_resign(&self) -> bool {
        self.session.can_resign()
    }
    fn last_actor(&self) -> Option<Seat> {
        self.session.last_actor()
    }
    fn is_answer(&self, input: &Input) -> bool {
        match input {
            Input::Command(c) => c.get::<G::Command>().is_some_and(G::answers),
            _ => false,
        }
    }
    fn hint_marks(&self, text: &str) -> crate::board::HintMarks {
        hint_marks(self.session.game().board(), text, G::FACE_PREFIXES)
    }
    fn last_took(&self) -> bool {
        // What the move list marks with its cross: the same facts, from the
        // positions either side of the last entry.
        let s = &self.session;
        let (Some(before), Some(&mover), true) =
            (s.before_shown(), s.movers.last(), s.turn.is_empty())
        else {
            return false;
        };
        let changes = holdfast_rules::changes::changes(&before.tally(), &s.game().tally(), mover);
        said::takes(&changes, mover)
    }
    fn resign(&mut self, now: f64) -> bool {
        self.ui = G::Ui::default();
        Rc::make_mut(&mut self.session).resign(now)
    }
    fn think_request(&self, player: &str, seed: u64) -> ThinkRequest {
        let s = &self.session;
        ThinkRequest {
            record: s.record.to_json(),
            actions: s.turn_text(),
            player: player.to_string(),
            seed,
        }
    }
    fn play_text(&mut self, text: &str, now: f64) -> Result<(), Refusal> {
        let mv = self.session.game().parse_move(text)?;
        Rc::make_mut(&mut self.session).play(mv, now)?;
        self.ui = G::Ui::default();
        Ok(())
    }
    fn play_entry_text(&mut self, entry: &str, now: f64) -> Result<(), Refusal> {
        let (mut g, mut actions) = (self.session.game().clone(), Vec::new());
        g.play_entry_into(entry, &mut actions)?;
        let session = Rc::make_mut(&mut self.session);
        for mv in actions {
            session.play(mv, now)?;
        }
        self.ui = G::Ui::default();
        Ok(())
    }
    fn agreement_text(&self) -> Option<String> {
        let g = self.session.game();
        g.agreement().map(|m| g.format_move(m))
    }
    fn judge_lesson(&self, lesson: &Lesson, run: &mut LessonRun) -> Verdict {
        // The actions of the learner's turn (a puzzle is judged by them): the
        // turn's under way, else those of the entry just played.
        let s = &self.session;
        let turn: Vec<String> = match s.turn.is_empty() {
            false => s.turn.iter().map(|&m| s.game().format_move(m)).collect(),
            true => s.record.moves.last().map_or(Vec::new(), |e| {
                e.split_whitespace().map(str::to_string).collect()
            }),
        };
        run.judge(lesson, s.game(), &turn)
    }
    fn lesson_met(&self, lesson: &Lesson) -> bool {
        lesson.met_after_answer(self.session.game())
    }
    fn summary(&self) -> Summary {
        let s = &self.session;
        let names = |x: Seat| s.name(x);
        let settings = Settings::default();
        let thumb = s.game().view(&ViewCtx {
            geo: &self.geo,
            before: None,
            last: None,
            ui: None,
            interactive: false,
            settings: &settings,
            names: &names,
        });
        Summary {
            title: G::INFO.title,
            over: s.is_over(),
            thumb: Rc::new(thumb),
        }
    }
}

/// The open game as a `Played<G>`, when it is one.
pub fn played<G: GameUi>(g: &dyn PlayedGame) -> Option<&Played<G>> {
    g.as_any().downcast_ref()
}

/// Opens a record as a game of type `G`, in its game-blind form.
pub fn open_as<G: GameUi>(
    id: String,
    record: Record,
    redo: Vec<String>,
    updated: f64,
) -> Result<Box<dyn PlayedGame>, OpenError> {
    Played::<G>::open(id, record, redo, updated).map(|p| Box::new(p) as Box<dyn PlayedGame>)
}

/// An action in the notation as the board draws it: the cells it names, in its
/// order (a step's path: `e4-e3`, `e6xe7`, `d4>e6`), and the faces it names after
/// one of `face_prefixes` (Citadel's walls: `W:c3`, `X:c3/d5`).
pub fn hint_marks(
    board: &holdfast_rules::Board,
    text: &str,
    face_prefixes: &[&str],
) -> crate::board::HintMarks {
    let mut marks = crate::board::HintMarks::default();
    for part in text.split_whitespace() {
        let face = face_prefixes.iter().find_map(|p| part.strip_prefix(p));
        let body = face.unwrap_or(part);
        for (i, token) in body
            .split(|c: char| !c.is_ascii_alphanumeric())
            .filter(|t| !t.is_empty())
            .enumerate()
        {
            // A name, or two run together round a letter (`e6xe7`).
            let names: Vec<&str> = match board.cell(token) {
                Some(_) => vec![token],
                None => (1..token.len())
                    .filter(|&k| token.is_char_boundary(k) && token.is_char_boundary(k + 1))
                    .map(|k| (&token[..k], &token[k + 1..]))
                    .find(|(a, b)| board.cell(a).is_some() && board.cell(b).is_some())
                    .map_or(vec![], |(a, b)| vec![a, b]),
            };
            for n in names {
                let list = if face.is_some() && i == 0 {
                    &mut marks.faces
                } else {
                    &mut marks.cells
                };
                list.push(n.to_string());
            }
        }
    }
    marks
}

#[cfg(test)]
mod tests {
    use holdfast_rules::Game;

    use super::hint_marks;

    #[test]
    fn a_hint_is_drawn_from_the_cells_and_faces_it_names() {
        let fort = holdfast_rules::fort::Fort::new(&Default::default()).unwrap();
        let m = hint_marks(fort.board(), "e4-e3", &[]);
        assert_eq!(
            (m.cells, m.faces.len()),
            (vec!["e4".into(), "e3".into()], 0)
        );
        assert_eq!(hint_marks(fort.board(), "@d7", &[]).cells, ["d7"]);
        assert!(hint_marks(fort.board(), "count", &[]).cells.is_empty());
        let citadel = holdfast_rules::citadel::Citadel::new(&Default::default()).unwrap();
        let faces = &["W:", "X:"];
        let m = hint_marks(citadel.board(), "W:c3", faces);
        assert_eq!((m.cells.len(), m.faces), (0, vec!["c3".into()]));
        let m = hint_marks(citadel.board(), "X:c3/d5", faces);
        assert_eq!((m.cells, m.faces), (vec!["d5".into()], vec!["c3".into()]));
        assert_eq!(
            hint_marks(citadel.board(), "e6xe7", faces).cells,
            ["e6", "e7"]
        );
        assert_eq!(hint_marks(citadel.board(), "R:e6", faces).cells, ["e6"]);
        let isles = holdfast_rules::island_wars::IslandWars::new(&Default::default()).unwrap();
        assert_eq!(hint_marks(isles.board(), "B:d4", &[]).cells, ["d4"]);
        assert_eq!(hint_marks(isles.board(), "d4>e6", &[]).cells, ["d4", "e6"]);
    }
}
