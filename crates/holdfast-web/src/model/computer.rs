//! The computer seats and hints: what the worker should search
//! ([`Computer::job`]), what its progress and answers become, "Move now", pausing
//! and the hint a person asks for. It knows the game in play only through the
//! position key and the player to move the model gives it; what it decides to play
//! comes back as a [`Decision`] for the model to play.

use crate::seat::SeatPlayer;

/// Where a game stands (its id, entries played, actions of the turn under way): a
/// computer's answer is played only in the position it was asked about.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct PositionKey {
    pub game: String,
    pub moves: usize,
    pub turn: usize,
}

impl PositionKey {
    /// A seed for the search of this position: the same position, the same search.
    pub fn seed(&self) -> u64 {
        let mut h = 0xcbf2_9ce4_8422_2325u64;
        for b in self.game.bytes() {
            h = (h ^ b as u64).wrapping_mul(0x100_0000_01b3);
        }
        h ^ ((self.moves as u64) << 16) ^ self.turn as u64
    }
}

/// What the worker should search now: a computer's move, or a person's hint.
#[derive(Clone, Debug, PartialEq)]
pub struct SearchJob {
    pub key: PositionKey,
    /// The player searching (`level2`…; a hint searches as [`HINT_PLAYER`]).
    pub player: String,
    pub hint: bool,
}

/// Who finds a person's hint: level 3's search, never slipping.
pub const HINT_PLAYER: &str = crate::think::HINT;

/// A computer seat thinking: how far its search has gone.
#[derive(Clone, Debug, PartialEq)]
pub struct Thinking {
    pub key: PositionKey,
    pub iterations: u32,
    /// The action it prefers so far, in the notation.
    pub best: Option<String>,
    /// "Move now" was pressed before any action was preferred: play the first one.
    pub hurry: bool,
}

/// A hint asked for by the person to move.
#[derive(Clone, Debug, PartialEq)]
pub struct Hint {
    pub key: PositionKey,
    pub found: Suggestion,
}

/// Where a hint's search stands.
#[derive(Clone, Debug, PartialEq)]
pub enum Suggestion {
    /// Still searching.
    Looking,
    /// This action, in the notation.
    Play(String),
    /// The search found nothing to suggest.
    Nothing,
}

/// The computer seats' state.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Computer {
    /// The open game's computer seat thinking, with its progress.
    pub thinking: Option<Thinking>,
    /// The computers wait (watching a computer-only game, or after an undo in one).
    pub paused: bool,
    /// A hint for the person to move.
    pub hint: Option<Hint>,
    /// The page is hidden (another tab in front): computer seats wait, so a game
    /// open in two tabs is played by the computer in the one in view.
    pub hidden: bool,
}

/// What happens to the computer seats and hints.
#[derive(Clone, Debug, PartialEq)]
pub enum ComputerMsg {
    /// A search's progress in the position `key`.
    Progress {
        key: PositionKey,
        iterations: u32,
        best: Option<String>,
    },
    /// A search's answer in the position `key`: a computer's action, or a hint.
    Answer {
        key: PositionKey,
        hint: bool,
        action: Option<String>,
    },
    /// A search could not be made: the worker's sentence why, or `None` when the
    /// worker never answered (it could not load, say).
    SearchFailed {
        key: PositionKey,
        why: Option<String>,
    },
    /// The computer thinking plays the action it prefers so far.
    MoveNow,
    /// Computers wait (true) or play on (false).
    Pause(bool),
    /// The person to move asks for a hint.
    Hint,
    /// The person plays the hint shown.
    PlayHint,
    /// The page was hidden (true) or shown again.
    Hidden(bool),
}

/// What the computer decided, for the model to do.
#[derive(Clone, Debug, PartialEq)]
pub enum Decision {
    /// Play this computer's action (in the notation).
    Play(String),
    /// Play the hint the person chose (in the notation).
    PlayHint(String),
    /// The computer has no move it would make (only an agreement is left): the
    /// computers now wait.
    NoMove,
    /// The search failed (the worker's reason, or `None`: it never answered): the
    /// computers now wait.
    Failed(Option<String>),
}

/// Where the game in play stands, as the computer needs it: its position key and
/// who is to move (both `None` when no game is in play, it is over or looked back
/// at), and whether the play screen is up.
#[derive(Clone, Debug)]
pub struct Seen {
    pub key: Option<PositionKey>,
    pub player: Option<SeatPlayer>,
    pub on_play_screen: bool,
}

impl Computer {
    /// What the worker should be searching now, if anything: the computer to move
    /// (unless paused or hidden), or the hint the person to move asked for. Only on
    /// the play screen.
    pub fn job(&self, seen: &Seen) -> Option<SearchJob> {
        if !seen.on_play_screen {
            return None;
        }
        let key = seen.key.clone()?;
        let player = seen.player?;
        if player.is_computer() {
            return (!self.paused && !self.hidden).then_some(SearchJob {
                key,
                player: player.word(),
                hint: false,
            });
        }
        let asked = self
            .hint
            .as_ref()
            .is_some_and(|h| h.key == key && h.found == Suggestion::Looking);
        asked.then(|| SearchJob {
            key,
            player: HINT_PLAYER.into(),
            hint: true,
        })
    }

    /// One message, in the game as `seen`.
    pub fn update(&mut self, msg: ComputerMsg, seen: &Seen) -> Option<Decision> {
        match msg {
            ComputerMsg::Progress {
                key,
                iterations,
                best,
            } => {
                let job = self.job(seen);
                if !job.as_ref().is_some_and(|j| j.key == key && !j.hint) {
                    return None;
                }
                let hurry = self
                    .thinking
                    .as_ref()
                    .is_some_and(|t| t.key == key && t.hurry);
                match (best, hurry) {
                    (Some(b), true) => return Some(Decision::Play(b)),
                    (best, _) => {
                        self.thinking = Some(Thinking {
                            key,
                            iterations,
                            best,
                            hurry,
                        })
                    }
                }
            }
            ComputerMsg::Answer { key, hint, action } => {
                let job = self.job(seen);
                if !job.as_ref().is_some_and(|j| j.key == key && j.hint == hint) {
                    return None;
                }
                if hint {
                    let found = action.map_or(Suggestion::Nothing, Suggestion::Play);
                    self.hint = Some(Hint { key, found });
                    return None;
                }
                return Some(match action {
                    Some(a) => Decision::Play(a),
                    None => {
                        self.stop();
                        Decision::NoMove
                    }
                });
            }
            ComputerMsg::SearchFailed { key, why } => {
                if seen.key.as_ref() == Some(&key) {
                    self.stop();
                    self.hint = None;
                    return Some(Decision::Failed(why));
                }
            }
            ComputerMsg::MoveNow => {
                let key = seen.key.clone();
                let Some(t) = self
                    .thinking
                    .clone()
                    .filter(|t| Some(&t.key) == key.as_ref())
                else {
                    // Nothing preferred yet: the first preference is played.
                    if let Some(key) = key {
                        self.thinking = Some(Thinking {
                            key,
                            iterations: 0,
                            best: None,
                            hurry: true,
                        });
                    }
                    return None;
                };
                match t.best {
                    Some(b) => return Some(Decision::Play(b)),
                    None => self.thinking = Some(Thinking { hurry: true, ..t }),
                }
            }
            ComputerMsg::Pause(on) => {
                self.paused = on;
                self.thinking = None;
            }
            ComputerMsg::Hint => {
                if let Some(key) = seen.key.clone() {
                    self.hint = Some(Hint {
                        key,
                        found: Suggestion::Looking,
                    });
                }
            }
            ComputerMsg::PlayHint => {
                if let Some(Hint {
                    found: Suggestion::Play(a),
                    ..
                }) = self
                    .hint
                    .clone()
                    .filter(|h| Some(&h.key) == seen.key.as_ref())
                {
                    return Some(Decision::PlayHint(a));
                }
            }
            ComputerMsg::Hidden(hidden) => self.hidden = hidden,
        }
        None
    }

    /// The computers wait (a refused move, nothing to play, a failed search).
    pub fn stop(&mut self) {
        self.paused = true;
        self.thinking = None;
    }

    /// A computer's action was played: its thinking and any hint are done.
    pub fn played(&mut self) {
        self.thinking = None;
        self.hint = None;
    }
}
