//! A game being played in the app, for any game: its record, the position it
//! replays to, undo and redo, and looking back at earlier positions. The position
//! is always what the rules make of the record; nothing else is trusted.

use std::rc::Rc;

use holdfast_rules::record::{BadMove, Offer};
use holdfast_rules::{Game, Record, RecordError, Seat};

use crate::board::SEAT_NAMES;
use crate::i18n::{move_sentence, t, tf, Refusal, Words};

/// A session shared with earlier states of the app, borrowed for a change: reading
/// goes through to the shared session, and the first move played copies it (so a tap
/// that only selects a piece copies nothing).
pub struct SessionMut<'a, G: Game>(pub &'a mut Rc<Session<G>>);

impl<G: Game> std::ops::Deref for SessionMut<'_, G> {
    type Target = Session<G>;
    fn deref(&self) -> &Session<G> {
        self.0
    }
}

impl<G: Game> SessionMut<'_, G> {
    /// Plays an action (see [`Session::play`]), copying the session first if shared.
    pub fn play(&mut self, mv: G::Move, now: f64) -> Result<(), Refusal> {
        Rc::make_mut(self.0).play(mv, now)
    }
}

/// Why a record cannot be opened as a session.
#[derive(Clone, Debug, PartialEq)]
pub enum OpenError {
    Record(RecordError),
    Move(BadMove),
}

impl std::fmt::Display for OpenError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            OpenError::Record(e) => f.write_str(&e.words()),
            OpenError::Move(b) => {
                let why = move_sentence(&b.error, &|s| tf("player {}", &[&(s + 1)]));
                f.write_str(&tf(
                    "move {} ({}) cannot be played: {}",
                    &[&(b.index + 1), &b.text, &why],
                ))
            }
        }
    }
}

/// One game in play.
#[derive(Clone, Debug)]
pub struct Session<G: Game> {
    pub id: String,
    /// The entries played so far (and the setup and names).
    pub record: Record,
    /// Entries undone, the next to redo last.
    pub redo: Vec<String>,
    /// The position after every [`CHECKPOINT`]th entry: `checkpoints[k]` after
    /// `k * CHECKPOINT` entries (the start first). Any other position is replayed
    /// from the checkpoint before it, so memory grows by one position in
    /// `CHECKPOINT` entries. Shared, so that a copy of the session (the reducer makes
    /// one a change) copies pointers, not positions.
    checkpoints: Vec<Rc<G>>,
    /// The position after the last entry, and the one before it (what the last
    /// entry changed, shown at every render).
    end: Rc<G>,
    before_end: Option<Rc<G>>,
    /// Each position's scores from the start, made once when asked for (the score
    /// chart of a finished game) and dropped when the entries change.
    scores: std::cell::OnceCell<Rc<Vec<Vec<i32>>>>,
    /// What each entry of the move list's page changed ([`Session::changes_in`]):
    /// the page, a hash of the entries up to its end, and the changes.
    page_changes: PageCache,
    /// The seat that played each entry of `record.moves`.
    pub movers: Vec<Seat>,
    /// Actions of the entry under way (a multi-action turn not yet ended).
    pub turn: Vec<G::Move>,
    /// The position after the last entry and the actions of `turn`.
    pub live: G,
    /// Looking back at the position after this many entries (read-only): set by
    /// [`Session::view`], which also keeps that position in `viewed`.
    pub viewing: Option<usize>,
    viewed: Option<Rc<G>>,
    /// Milliseconds since 1970 of the last change.
    pub updated: f64,
}

/// Entries between two kept positions of a session's history.
pub const CHECKPOINT: usize = 32;

/// A page of [`Session::changes_in`], kept: its range, the hash of the entries up
/// to its end, and each entry's changes.
type PageChanges = (
    std::ops::Range<usize>,
    u64,
    Rc<Vec<Vec<holdfast_rules::changes::Change>>>,
);

/// The kept page of changes ([`Session::changes_in`]).
#[derive(Clone, Default)]
struct PageCache(std::cell::RefCell<Option<PageChanges>>);

impl std::fmt::Debug for PageCache {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("PageCache")
    }
}

/// A hash of the entries (FNV-1a): whether a kept page still holds.
fn entries_hash(entries: &[String]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for e in entries {
        for b in e.bytes().chain([0]) {
            h = (h ^ b as u64).wrapping_mul(0x0100_0000_01b3);
        }
    }
    h
}

/// Moves the list shows at a time (a long game's list comes in pages).
pub const MOVES_PAGE: usize = 200;

/// The entries on the move list's page: the one holding the position on screen
/// (`viewing`, the entries before it), else the last.
pub fn move_page(n: usize, viewing: Option<usize>) -> std::ops::Range<usize> {
    let anchor = viewing.unwrap_or(n);
    let start = anchor.saturating_sub(1) / MOVES_PAGE * MOVES_PAGE;
    start.min(n)..(start + MOVES_PAGE).min(n)
}

impl<G: Game> Session<G> {
    /// Opens a record, replaying every entry; a bad entry refuses the whole record.
    pub fn open(
        id: String,
        mut record: Record,
        redo: Vec<String>,
        updated: f64,
    ) -> Result<Self, OpenError> {
        let start: G = record.start().map_err(OpenError::Record)?;
        let players = start.players();
        let mut checkpoints = vec![Rc::new(start.clone())];
        let mut movers = Vec::with_capacity(record.moves.len());
        let mut g = start;
        let mut before_end = None;
        for (index, text) in record.moves.iter().enumerate() {
            movers.push(g.to_move().unwrap_or(0));
            if index + 1 == record.moves.len() {
                before_end = Some(Rc::new(g.clone()));
            }
            if let Err(error) = g.play_entry(text) {
                return Err(OpenError::Move(BadMove {
                    index,
                    text: text.clone(),
                    error,
                }));
            }
            if (index + 1).is_multiple_of(CHECKPOINT) {
                checkpoints.push(Rc::new(g.clone()));
            }
        }
        // A resignation must be one the rules allow (the command line refuses the
        // same record as malformed).
        if let Some(seat) = record.resigned {
            holdfast_rules::record::resignation_winners(&g, seat).map_err(OpenError::Record)?;
        }
        if let Some(offer) = record.offer {
            holdfast_rules::record::offer_check(&g, offer, record.resigned)
                .map_err(OpenError::Record)?;
        }
        record.names.truncate(players);
        while record.names.len() < players {
            record
                .names
                .push(t(SEAT_NAMES[record.names.len() % SEAT_NAMES.len()]).to_string());
        }
        Ok(Session {
            id,
            record,
            redo,
            checkpoints,
            end: Rc::new(g.clone()),
            before_end,
            scores: Default::default(),
            page_changes: Default::default(),
            movers,
            turn: Vec::new(),
            live: g,
            viewing: None,
            viewed: None,
            updated,
        })
    }

    /// The position after `ply` entries (at most the record's length): a kept
    /// checkpoint, or replayed from the one before it (fewer than [`CHECKPOINT`]
    /// entries, each played before).
    pub fn position(&self, ply: usize) -> Rc<G> {
        if ply >= self.record.moves.len() {
            return self.end.clone();
        }
        self.replayed(ply)
    }

    /// The position after `ply` entries, replayed from the checkpoint before it.
    fn replayed(&self, ply: usize) -> Rc<G> {
        let ply = ply.min(self.record.moves.len());
        let k = (ply / CHECKPOINT).min(self.checkpoints.len() - 1);
        let from = k * CHECKPOINT;
        if from == ply {
            return self.checkpoints[k].clone();
        }
        let mut g = G::clone(&self.checkpoints[k]);
        for text in &self.record.moves[from..ply] {
            if g.play_entry(text).is_err() {
                break;
            }
        }
        Rc::new(g)
    }

    /// The scores after each entry, the start first: one replay, kept until the
    /// entries change.
    pub fn score_history(&self) -> Rc<Vec<Vec<i32>>> {
        self.scores
            .get_or_init(|| {
                let mut g = G::clone(&self.checkpoints[0]);
                let mut out = Vec::with_capacity(self.record.moves.len() + 1);
                out.push(g.scores());
                for text in &self.record.moves {
                    if g.play_entry(text).is_err() {
                        break;
                    }
                    out.push(g.scores());
                }
                Rc::new(out)
            })
            .clone()
    }

    /// What each entry in `range` changed on the board (pieces taken, territory
    /// turned…: [`holdfast_rules::changes`]), for the seat that played it: replayed
    /// from the checkpoint before the range, and kept while its entries stay the
    /// same (the move list asks for its page at every render).
    pub fn changes_in(
        &self,
        range: std::ops::Range<usize>,
    ) -> Rc<Vec<Vec<holdfast_rules::changes::Change>>> {
        let end = range.end.min(self.record.moves.len());
        let start = range.start.min(end);
        let key = entries_hash(&self.record.moves[..end]);
        if let Some((r, k, c)) = &*self.page_changes.0.borrow() {
            if *r == (start..end) && *k == key {
                return c.clone();
            }
        }
        let mut g = G::clone(&self.position(start));
        let mut before = g.tally();
        let mut out = Vec::with_capacity(end - start);
        for (i, text) in self.record.moves[start..end].iter().enumerate() {
            if g.play_entry(text).is_err() {
                break;
            }
            let after = g.tally();
            let mover = self.movers.get(start + i).copied().unwrap_or(0);
            out.push(holdfast_rules::changes::changes(&before, &after, mover));
            before = after;
        }
        let out = Rc::new(out);
        *self.page_changes.0.borrow_mut() = Some((start..end, key, out.clone()));
        out
    }

    /// After entries were taken back: the last two positions again, replayed from
    /// the checkpoints, and no scores kept.
    fn entries_dropped(&mut self) {
        let n = self.record.moves.len();
        self.movers.truncate(n);
        self.checkpoints.truncate(n / CHECKPOINT + 1);
        self.end = self.replayed(n);
        self.before_end = n.checked_sub(1).map(|p| self.replayed(p));
        self.scores = Default::default();
    }

    /// The current position (the end of the record, and the turn under way).
    pub fn game(&self) -> &G {
        &self.live
    }

    /// The position after the last whole entry.
    fn last_entry(&self) -> &G {
        &self.end
    }

    /// The position on screen: the current one, or the one being looked back at.
    pub fn shown(&self) -> &G {
        match (&self.viewing, &self.viewed) {
            (Some(_), Some(g)) => g,
            _ => &self.live,
        }
    }

    /// The position one action before the one on screen (to show what just changed).
    pub fn before_shown(&self) -> Option<Rc<G>> {
        match self.viewing {
            Some(i) => i.checked_sub(1).map(|j| self.position(j)),
            _ if !self.turn.is_empty() => Some(Rc::new(self.replay_turn(self.turn.len() - 1))),
            _ => self.before_end.clone(),
        }
    }

    /// How many entries lead to the position on screen.
    pub fn shown_ply(&self) -> usize {
        let n = self.record.moves.len();
        self.viewing.unwrap_or(n).min(n)
    }

    /// The last entry's position plus the first `n` actions of the turn under way.
    fn replay_turn(&self, n: usize) -> G {
        let mut g = G::clone(self.last_entry());
        for &mv in &self.turn[..n.min(self.turn.len())] {
            if g.play(mv).is_err() {
                break;
            }
        }
        g
    }

    /// The actions of the turn under way, in notation.
    pub fn turn_text(&self) -> Vec<String> {
        let mut g = G::clone(self.last_entry());
        self.turn
            .iter()
            .map(|&mv| {
                let t = g.format_move(mv);
                let _ = g.play(mv);
                t
            })
            .collect()
    }

    /// A seat's name as shown.
    pub fn name(&self, seat: Seat) -> String {
        self.record
            .names
            .get(seat as usize)
            .cloned()
            .unwrap_or_else(|| t(SEAT_NAMES[seat as usize % 6]).to_string())
    }

    /// Plays an action. When it ends the entry (a move, or a multi-action turn's last
    /// action) the entry joins the record, and a new line of play drops the redo line.
    pub fn play(&mut self, mv: G::Move, now: f64) -> Result<(), Refusal> {
        if self.viewing.is_some() {
            return Err(Refusal::Said(
                t("You are looking back: go back to the game to play.").into(),
            ));
        }
        if let Some(seat) = self.record.resigned {
            return Err(Refusal::Said(tf(
                "The game is over: {} resigned.",
                &[&self.name(seat)],
            )));
        }
        let text = self.live.format_move(mv);
        self.live.play(mv)?;
        // Answered by the entry itself (accepted), or set aside by playing on.
        self.record.offer = None;
        let mut entry = self.turn_text();
        entry.push(text);
        self.turn.push(mv);
        self.updated = now;
        if !self.live.entry_open() {
            let entry = self.live.entry_text(&entry);
            self.turn.clear();
            self.push_entry(entry.clone(), self.live.clone());
            if self.redo.last() == Some(&entry) {
                self.redo.pop();
            } else {
                self.redo.clear();
            }
        }
        Ok(())
    }

    /// Whether the game is over: by its rules, or because a seat resigned.
    pub fn is_over(&self) -> bool {
        self.record.resigned.is_some() || self.live.is_over()
    }

    /// The seat to move, unless the game is over.
    pub fn to_move(&self) -> Option<Seat> {
        match self.record.resigned {
            Some(_) => None,
            None => self.live.to_move(),
        }
    }

    /// Whether the seat to move may resign now: a two-player game under way, not
    /// looked back at.
    pub fn can_resign(&self) -> bool {
        self.viewing.is_none() && !self.is_over() && self.live.players() == 2
    }

    /// The seat to move resigns: the actions of its turn under way are dropped and
    /// the other seat wins (undo takes it back). False when it cannot now.
    pub fn resign(&mut self, now: f64) -> bool {
        if !self.can_resign() {
            return false;
        }
        self.turn.clear();
        self.live = G::clone(self.last_entry());
        self.record.offer = None;
        self.record.resigned = self.live.to_move();
        self.updated = now;
        self.record.resigned.is_some()
    }

    /// The seat to move offers the game's agreement (Fort's count, Citadel's draw)
    /// for the other to accept: between turns, once a turn. False when it cannot.
    pub fn offer(&mut self, now: f64) -> bool {
        let Some(by) = self.to_move() else {
            return false;
        };
        let offer = Offer {
            by,
            declined: false,
        };
        // (The rules crate's check, the one a record's offer must pass to open.)
        let can = self.viewing.is_none()
            && self.turn.is_empty()
            && self.record.offer.is_none()
            && holdfast_rules::record::offer_check(&self.live, offer, self.record.resigned).is_ok();
        if can {
            self.record.offer = Some(offer);
            self.updated = now;
        }
        can
    }

    /// The other player declines the offer standing; false when there is none.
    pub fn decline(&mut self, now: f64) -> bool {
        match &mut self.record.offer {
            Some(o) if !o.declined && self.viewing.is_none() => {
                o.declined = true;
                self.updated = now;
                true
            }
            _ => false,
        }
    }

    /// The seat that did the last thing in the game: answered an offer, made one,
    /// resigned, else played the last entry (with no turn under way).
    pub fn last_actor(&self) -> Option<Seat> {
        match (self.record.offer, self.record.resigned) {
            (Some(o), _) if o.declined => Some(1 - o.by),
            (Some(o), _) => Some(o.by),
            (None, Some(r)) => Some(r),
            (None, None) => self.movers.last().copied().filter(|_| self.turn.is_empty()),
        }
    }

    /// Takes back an answer to an offer, else an offer, else a resignation, else
    /// the last action of the turn under way, else the last entry.
    pub fn undo(&mut self, now: f64) -> bool {
        self.view(None);
        if let Some(o) = &mut self.record.offer {
            if o.declined {
                o.declined = false;
            } else {
                self.record.offer = None;
            }
            self.updated = now;
            return true;
        }
        if self.record.resigned.take().is_some() {
            self.updated = now;
            return true;
        }
        if !self.turn.is_empty() {
            self.turn.pop();
            self.live = self.replay_turn(self.turn.len());
            self.updated = now;
            return true;
        }
        let Some(m) = self.record.moves.pop() else {
            return false;
        };
        self.redo.push(m);
        self.entries_dropped();
        self.live = G::clone(self.last_entry());
        self.updated = now;
        true
    }

    /// Plays the last undone entry again (between turns only).
    pub fn redo(&mut self, now: f64) -> bool {
        let Some(text) = self.redo.last().cloned() else {
            return false;
        };
        if !self.turn.is_empty() || self.record.resigned.is_some() {
            return false;
        }
        self.view(None);
        let mut next = G::clone(self.last_entry());
        if next.play_entry(&text).is_err() {
            self.redo.clear();
            return false;
        }
        self.redo.pop();
        // (Like any entry played: an offer standing is set aside.)
        self.record.offer = None;
        self.live = next.clone();
        self.push_entry(text, next);
        self.updated = now;
        true
    }

    /// Adds an entry and the position it leads to.
    fn push_entry(&mut self, entry: String, next: G) {
        self.movers.push(self.end.to_move().unwrap_or(0));
        self.record.moves.push(entry);
        self.before_end = Some(std::mem::replace(&mut self.end, Rc::new(next)));
        self.scores = Default::default();
        if self.record.moves.len().is_multiple_of(CHECKPOINT) {
            self.checkpoints.push(self.end.clone());
        }
    }

    /// Looks back at the position after `ply` entries (`None`: the game itself).
    pub fn view(&mut self, ply: Option<usize>) {
        self.viewing = ply.filter(|&p| p < self.record.moves.len());
        self.viewed = self.viewing.map(|p| self.position(p));
    }

    /// Continues the game from the position being looked at, dropping later moves
    /// (they can still be redone).
    pub fn play_from_here(&mut self, now: f64) {
        if let Some(p) = self.viewing.take() {
            self.viewed = None;
            while !self.turn.is_empty() {
                self.undo(now);
            }
            // The later entries go to the redo line, the next one last.
            let later = self.record.moves.split_off(p.min(self.record.moves.len()));
            if !later.is_empty() {
                self.record.resigned = None;
                self.record.offer = None;
                self.redo.extend(later.into_iter().rev());
                self.entries_dropped();
                self.live = G::clone(self.last_entry());
                self.updated = now;
            }
        }
    }
}

#[cfg(test)]
mod tests;
