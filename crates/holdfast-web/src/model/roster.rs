//! Fortress's 1983 roster as this device keeps it ([`holdfast_search::roster`]):
//! each opponent's weights, record and recent games, in storage under
//! [`ROSTER_KEY`]. An opponent learns after each finished game it played
//! here (unless learning is off), can be copied under a new name (the copy learns
//! apart), a copy removed, any reset to its factory weights, and one sent as a
//! file or a link and read back. The roster screen (`screens/roster.rs`) shows it.

use holdfast_rules::fortress::Fortress;
use holdfast_rules::Game;
use holdfast_search::roster::{self, Card, CardError, Factory, Weights};

use super::roster_text::{card_of, card_value, roster_of, roster_value};
use super::*;

/// Where the roster is kept (the format's version in the key).
pub const ROSTER_KEY: &str = "holdfast.roster.v1";
/// A kept roster that could not be read, set aside before a new one is written.
pub const ROSTER_ASIDE_KEY: &str = "holdfast.roster.v1.unreadable";
/// The format of the kept roster.
pub const ROSTER_VERSION: u32 = 1;
/// The most copies kept.
pub const MAX_COPIES: usize = 20;
/// The games each opponent's history keeps, the latest first.
pub const HISTORY: usize = 30;
/// The games heard of kept (so that a game reopened is never learnt from twice).
const HEARD: usize = 300;
/// The fragment of an opponent's link: `#opponent=` and its card, percent-encoded.
pub const LINK_PREFIX: &str = "#opponent=";

/// How a game ended for an opponent.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    Won,
    Lost,
    Drawn,
}

/// One game an opponent played here.
#[derive(Clone, Debug, PartialEq)]
pub struct Played {
    /// The saved game's id.
    pub game: String,
    pub outcome: Outcome,
    /// Its score, and the best of the others'.
    pub score: i32,
    pub against: i32,
    /// Whether its weights learnt from the game (learning on, the game played to
    /// its end, one winner).
    pub learned: bool,
    /// When the game ended (ms since 1970).
    pub when: f64,
}

/// One opponent: one of the five (slot 0) or a copy (slot 1 and up).
#[derive(Clone, Debug, PartialEq)]
pub struct Entry {
    pub slot: u16,
    /// A copy's name (the five are named by their base).
    pub name: String,
    pub base: Factory,
    pub weights: Weights,
    pub games: u32,
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
    pub history: Vec<Played>,
}

impl Entry {
    fn factory(base: Factory) -> Entry {
        Entry {
            slot: 0,
            name: String::new(),
            base,
            weights: base.weights(),
            games: 0,
            wins: 0,
            draws: 0,
            losses: 0,
            history: Vec::new(),
        }
    }

    /// Who plays a seat as this opponent.
    pub fn seat(&self) -> SeatPlayer {
        SeatPlayer::Roster(self.base, self.slot)
    }

    /// Its word in a record's `seats` and in the roster screen's addresses.
    pub fn word(&self) -> String {
        self.seat().word()
    }

    /// Whether its weights are still its factory's.
    pub fn untrained(&self) -> bool {
        self.weights == self.base.weights()
    }

    /// Its card, to send as a file or a link: named by its copy's name, or its
    /// base's (in English: the card is data, named again where it is shown).
    pub fn card(&self) -> Card {
        let name = match self.name.trim() {
            "" => self.base.name(),
            n => n,
        };
        Card {
            games: self.games,
            wins: self.wins,
            draws: self.draws,
            losses: self.losses,
            ..Card::new(name, self.base, self.weights)
        }
    }
}

/// Why an opponent's file or link was not read in.
#[derive(Clone, Debug, PartialEq)]
pub enum ImportError {
    /// Not JSON of the expected shape.
    Unreadable,
    Card(CardError),
}

/// What the roster screen says after a change.
#[derive(Clone, Debug, PartialEq)]
pub enum RosterSaid {
    /// A copy was made (its name).
    Copied(String),
    Removed(String),
    /// An opponent's weights and record were reset (its word).
    Reset(String),
    /// An opponent was read in as a copy (its name).
    Imported(String),
    Refused(ImportError),
    /// No room for another copy ([`MAX_COPIES`]).
    Full,
    /// The kept roster could not be read: the five start afresh, and the text
    /// found is kept aside under [`ROSTER_ASIDE_KEY`].
    Damaged,
}

/// The roster: the five, then the copies.
#[derive(Clone, Debug, PartialEq)]
pub struct Roster {
    pub version: u32,
    /// Whether opponents learn after a game.
    pub learning: bool,
    pub entries: Vec<Entry>,
    /// The games heard of, the latest last.
    pub heard: Vec<String>,
    /// The slot the next copy takes (slots are never used twice).
    pub next_slot: u16,
    /// What the roster screen says (not kept).
    pub said: Option<RosterSaid>,
    /// The kept text that could not be read, to set aside before the first write.
    pub damaged: Option<String>,
}

impl Default for Roster {
    fn default() -> Roster {
        Roster {
            version: ROSTER_VERSION,
            learning: true,
            entries: Factory::ALL.into_iter().map(Entry::factory).collect(),
            heard: Vec::new(),
            next_slot: 1,
            said: None,
            damaged: None,
        }
    }
}

/// What the roster is told.
#[derive(Clone, Debug, PartialEq)]
pub enum RosterMsg {
    /// A copy of the opponent of this word, under this name.
    Copy {
        word: String,
        name: String,
    },
    Remove(String),
    Reset(String),
    Learning(bool),
    /// An opponent's file or link read in (its text, and where it came from).
    Import(String),
    /// The opponent's file to download.
    Export(String),
    Dismiss,
}

impl Roster {
    /// The kept roster from its text: the five always there, weights checked. A
    /// text that does not read gives a fresh roster that keeps it aside.
    pub fn read(text: &str) -> Roster {
        let read = serde_json::from_str::<serde_json::Value>(text)
            .ok()
            .and_then(|v| roster_of(&v))
            .filter(|r| r.version <= ROSTER_VERSION);
        let Some(mut r) = read else {
            return Roster {
                said: Some(RosterSaid::Damaged),
                damaged: Some(text.to_string()),
                ..Roster::default()
            };
        };
        for (i, base) in Factory::ALL.into_iter().enumerate() {
            if r.find(base, 0).is_none() {
                r.entries
                    .insert(i.min(r.entries.len()), Entry::factory(base));
            }
        }
        r
    }

    /// Its text, to keep.
    pub fn to_text(&self) -> String {
        roster_value(self).to_string()
    }

    fn find(&self, base: Factory, slot: u16) -> Option<usize> {
        self.entries
            .iter()
            .position(|e| e.base == base && e.slot == slot)
    }

    /// The opponent a seat names.
    pub fn entry(&self, base: Factory, slot: u16) -> Option<&Entry> {
        self.find(base, slot).map(|i| &self.entries[i])
    }

    /// The opponent of a word ([`Entry::word`]).
    pub fn by_word(&self, word: &str) -> Option<&Entry> {
        match SeatPlayer::from_word(word) {
            SeatPlayer::Roster(base, slot) => self.entry(base, slot),
            _ => None,
        }
    }

    fn index_of(&self, word: &str) -> Option<usize> {
        let e = self.by_word(word)?;
        self.find(e.base, e.slot)
    }

    /// The weights a seat plays with: its entry's, or (a copy not kept here: a
    /// game from another device) its base's factory weights.
    pub fn weights(&self, base: Factory, slot: u16) -> Weights {
        self.entry(base, slot)
            .map_or_else(|| base.weights(), |e| e.weights)
    }

    /// A new copy of `from`: the next free slot, weights and no record.
    fn add_copy(&mut self, base: Factory, weights: Weights, name: &str) -> Option<String> {
        if self.entries.iter().filter(|e| e.slot > 0).count() >= MAX_COPIES {
            self.said = Some(RosterSaid::Full);
            return None;
        }
        // Never a slot used before: a saved game naming a removed copy's slot is
        // never played or counted as a later copy.
        let slot = self
            .entries
            .iter()
            .map(|e| e.slot + 1)
            .max()
            .unwrap_or(1)
            .max(self.next_slot)
            .max(1);
        self.next_slot = slot.saturating_add(1);
        let name: String = name.trim().chars().take(roster::NAME_LEN).collect();
        let entry = Entry {
            slot,
            name,
            weights,
            ..Entry::factory(base)
        };
        let word = entry.word();
        self.entries.push(entry);
        Some(word)
    }

    /// Changes the roster; whether it is to be written.
    pub fn update(&mut self, msg: RosterMsg) -> bool {
        match msg {
            RosterMsg::Copy { word, name } => {
                let Some(e) = self.by_word(&word).cloned() else {
                    return false;
                };
                if name.trim().is_empty() {
                    return false;
                }
                let made = self.add_copy(e.base, e.weights, &name).is_some();
                if made {
                    self.said = Some(RosterSaid::Copied(name.trim().into()));
                }
                made
            }
            RosterMsg::Remove(word) => match self.index_of(&word) {
                Some(i) if self.entries[i].slot > 0 => {
                    let e = self.entries.remove(i);
                    self.said = Some(RosterSaid::Removed(e.name));
                    true
                }
                _ => false,
            },
            RosterMsg::Reset(word) => match self.index_of(&word) {
                Some(i) => {
                    let e = &mut self.entries[i];
                    *e = Entry {
                        slot: e.slot,
                        name: std::mem::take(&mut e.name),
                        ..Entry::factory(e.base)
                    };
                    self.said = Some(RosterSaid::Reset(word));
                    true
                }
                None => false,
            },
            RosterMsg::Learning(on) => {
                let changed = self.learning != on;
                self.learning = on;
                changed
            }
            RosterMsg::Import(text) => match read_card(&text) {
                Ok(card) => {
                    let made = self.add_copy(card.base, card.weights, &card.name).is_some();
                    if let (true, Some(e)) = (made, self.entries.last_mut()) {
                        // Its record travels with it.
                        (e.games, e.wins, e.draws, e.losses) =
                            (card.games, card.wins, card.draws, card.losses);
                    }
                    if made {
                        self.said = Some(RosterSaid::Imported(card.name.trim().into()));
                    }
                    made
                }
                Err(e) => {
                    self.said = Some(RosterSaid::Refused(e));
                    false
                }
            },
            RosterMsg::Dismiss => {
                self.said = None;
                false
            }
            // Performed by the composing model (it asks for an effect).
            RosterMsg::Export(_) => false,
        }
    }

    /// Hears a finished game (`g`, open here): each of its seats played by an
    /// opponent of the roster has its record and history updated and, with
    /// learning on, learns from it. Once a game: whether anything changed.
    pub fn hear(&mut self, g: &dyn PlayedGame, now: f64) -> bool {
        let record = g.record();
        if !g.is_over() || record.game != Fortress::ID || self.heard.iter().any(|h| h == g.id()) {
            return false;
        }
        // (A seat's player as the position has it: after a pie swap, the colour it
        // plays now.)
        let seats: Vec<(Seat, Factory, u16)> = g
            .seat_players()
            .into_iter()
            .enumerate()
            .filter_map(|(s, p)| match p {
                SeatPlayer::Roster(base, slot) => Some((s as Seat, base, slot)),
                _ => None,
            })
            .collect();
        if seats.is_empty() {
            return false;
        }
        let Ok((end, None)) = record.replay::<Fortress>() else {
            return false;
        };
        let Ok(start) = record.start::<Fortress>() else {
            return false;
        };
        let winners: Vec<Seat> = match record.resigned {
            Some(r) => holdfast_rules::record::resignation_winners(&end, r).unwrap_or_default(),
            None => end.winners(),
        };
        let scores = end.scores();
        self.heard.push(g.id().to_string());
        let over = self.heard.len().saturating_sub(HEARD);
        self.heard.drain(..over);
        // An opponent in two seats counts both results but learns from the game once.
        let mut learnt: Vec<usize> = Vec::new();
        for (seat, base, slot) in seats {
            let Some(i) = self.find(base, slot) else {
                continue;
            };
            let outcome = match (winners.contains(&seat), winners.len()) {
                (true, 1) => Outcome::Won,
                (true, _) => Outcome::Drawn,
                _ => Outcome::Lost,
            };
            let score = scores.get(seat as usize).copied().unwrap_or(0);
            let against = (0..scores.len())
                .filter(|&t| t != seat as usize)
                .map(|t| scores[t])
                .max()
                .unwrap_or(0);
            let e = &mut self.entries[i];
            let learned = self.learning
                && record.resigned.is_none()
                && !learnt.contains(&i)
                && roster::learn_from(&start, &record.moves, &mut e.weights) > 0;
            if learned {
                learnt.push(i);
            }
            e.games += 1;
            match outcome {
                Outcome::Won => e.wins += 1,
                Outcome::Lost => e.losses += 1,
                Outcome::Drawn => e.draws += 1,
            }
            e.history.insert(
                0,
                Played {
                    game: g.id().to_string(),
                    outcome,
                    score,
                    against,
                    learned,
                    when: now,
                },
            );
            e.history.truncate(HISTORY);
        }
        true
    }
}

/// An opponent's card from a file's text or a link (whole, or its fragment).
pub fn read_card(text: &str) -> Result<Card, ImportError> {
    let text = text.trim();
    let json = match text.find(LINK_PREFIX) {
        Some(at) => {
            link::percent_decode(&text[at + LINK_PREFIX.len()..]).ok_or(ImportError::Unreadable)?
        }
        None => text.to_string(),
    };
    let card = serde_json::from_str::<serde_json::Value>(&json)
        .ok()
        .and_then(|v| card_of(&v))
        .ok_or(ImportError::Unreadable)?;
    card.check().map_err(ImportError::Card)?;
    Ok(card)
}

/// An opponent's link fragment (with its `#`).
pub fn card_fragment(card: &Card) -> String {
    let json = card_value(card).to_string();
    format!(
        "{LINK_PREFIX}{}",
        holdfast_rules::link::percent_encode(&json)
    )
}

/// Keeps `r` in `store`; a kept roster that could not be read is set aside first
/// (under the first aside key free, or holding the same text), never lost.
pub fn write(store: &mut dyn crate::storage::Store, r: &Roster) {
    if let Some(old) = &r.damaged {
        let keys = (1..=9).map(|n| match n {
            1 => ROSTER_ASIDE_KEY.to_string(),
            n => format!("{ROSTER_ASIDE_KEY}.{n}"),
        });
        for key in keys {
            match store.get(&key) {
                Some(kept) if kept == *old => break,
                Some(_) => continue,
                None => {
                    let _ = store.set(&key, old);
                    break;
                }
            }
        }
    }
    let _ = store.set(ROSTER_KEY, &r.to_text());
}

impl AppState {
    /// One message of the roster.
    pub(super) fn roster_msg(&mut self, msg: RosterMsg) {
        match msg {
            RosterMsg::Export(word) => {
                if let Some(e) = self.roster.by_word(&word) {
                    let text = card_value(&e.card()).to_string();
                    self.effect(Effect::Download {
                        name: format!("opponent-{}.json", word.replace('@', "-")),
                        text,
                        mime: "application/json",
                    });
                }
            }
            msg => {
                if self.roster.update(msg) {
                    self.effect(Effect::WriteRoster(self.roster.clone()));
                }
            }
        }
    }

    /// After every change made here: a Fortress game with roster seats that this
    /// change finished (`before`: the open game before it) is heard once
    /// ([`Roster::hear`]). A game opened already over (a reload, a link, a file)
    /// or finished in another tab is not: it was not played here.
    pub(super) fn roster_after(&mut self, now: f64, before: Option<&Heard>) {
        let heard = match self.table.game.as_deref() {
            Some(g) if before.is_some_and(|b| b.id == g.id() && !b.over) => {
                self.roster.hear(g, now)
            }
            _ => false,
        };
        if heard {
            self.effect(Effect::WriteRoster(self.roster.clone()));
        }
    }
}
