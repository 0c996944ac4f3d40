//! What a player does to a game on screen ([`Input`], a game's own [`Command`]) and
//! what the board says back ([`Feedback`]), for every game.

use std::any::Any;
use std::rc::Rc;

use holdfast_rules::game::CellName;
use holdfast_rules::{CellId, MoveError, Seat};

use crate::i18n::{move_sentence, n_, t, tf, Refusal};

/// A game's own command (its buttons: pass, swap, offer to count, a piece from the
/// hand…), carried through the app's one action type without the app knowing it.
/// Two commands are equal when they are of the same game's type and equal as
/// values (`GameUi::Command: PartialEq`).
#[derive(Clone)]
pub struct Command {
    value: Rc<dyn AnyCommand>,
}

/// A game's command type, seen without knowing which game's it is.
trait AnyCommand {
    fn as_any(&self) -> &dyn Any;
    fn same(&self, other: &dyn AnyCommand) -> bool;
}

impl<C: Any + PartialEq> AnyCommand for C {
    fn as_any(&self) -> &dyn Any {
        self
    }
    fn same(&self, other: &dyn AnyCommand) -> bool {
        other.as_any().downcast_ref::<C>() == Some(self)
    }
}

impl Command {
    pub fn new<C: Any + PartialEq>(c: C) -> Command {
        Command { value: Rc::new(c) }
    }

    /// The command, if it is of this game's type.
    pub fn get<C: Any + Copy>(&self) -> Option<C> {
        self.value.as_any().downcast_ref::<C>().copied()
    }
}

impl PartialEq for Command {
    fn eq(&self, other: &Self) -> bool {
        self.value.same(&*other.value)
    }
}

/// Said as "Command" alone: each game's `Debug` behind it would ride along into
/// the app's wasm (tests compare commands, they do not print them).
impl std::fmt::Debug for Command {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Command")
    }
}

#[cfg(test)]
mod command_tests {
    use super::Command;

    #[derive(Clone, Copy, Debug, PartialEq)]
    enum A {
        Pass,
        Piece(u8),
    }
    #[derive(Clone, Copy, Debug, PartialEq)]
    enum B {
        Pass,
    }

    #[test]
    fn commands_are_equal_by_type_and_value() {
        assert_eq!(Command::new(A::Piece(2)), Command::new(A::Piece(2)));
        assert_ne!(Command::new(A::Piece(2)), Command::new(A::Piece(3)));
        // The same words in two games' types are two commands.
        assert_ne!(Command::new(A::Pass), Command::new(B::Pass));
        assert_eq!(Command::new(B::Pass).get::<B>(), Some(B::Pass));
        assert_eq!(Command::new(B::Pass).get::<A>(), None);
    }
}

/// What a player does to the game on screen.
#[derive(Clone, Debug, PartialEq)]
pub enum Input {
    /// A tap on a cell (confirmed by a second tap when confirm-tap is on).
    Tap(CellId),
    /// Enter on a focused cell: never needs confirming.
    Key(CellId),
    /// A tap on a face between cells (a Go board's squares).
    TapFace(u16),
    KeyFace(u16),
    /// One of the game's own buttons.
    Command(Command),
    /// Turns a game's settings flag on or off (kept with the player's settings).
    Flag(&'static str, bool),
}

impl Input {
    pub fn command<C: Any + PartialEq + std::fmt::Debug>(c: C) -> Input {
        Input::Command(Command::new(c))
    }
}

/// What the screen tells the player about their last tap: for every game.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Feedback {
    /// Why the last tap did nothing, or what the next tap will do.
    pub message: Option<Said>,
    /// Bumped on an illegal tap: the board shakes.
    pub shake: u32,
    /// The cell the message is about (the last one tapped), so that it is not
    /// written over that cell.
    pub at: Option<CellId>,
    /// What the player sees on the board, for a refusal to name a cell by it
    /// ("Your fort (e1)") rather than by its name alone: set before each input.
    pub seen: Option<std::rc::Rc<Seen>>,
}

/// What stands where, as the player tapping sees it: a refusal names a cell by
/// what is on it.
#[derive(Clone, Debug, PartialEq)]
pub struct Seen {
    /// The seat tapping (the seat to move).
    pub viewer: Option<Seat>,
    /// Each occupied cell's piece: the cell's name, the piece's seat and kind (the
    /// rules' word).
    pub pieces: Vec<(String, Seat, &'static str)>,
    /// An empty cell in words: "That hex".
    pub empty: &'static str,
}

impl Seen {
    pub fn new(
        viewer: Option<Seat>,
        tally: &holdfast_rules::Tally,
        board: &holdfast_rules::Board,
        empty: &'static str,
    ) -> Seen {
        Seen {
            viewer,
            pieces: tally
                .pieces
                .iter()
                .map(|(c, p)| (board.name(*c).to_string(), p.player, p.kind))
                .collect(),
            empty,
        }
    }

    /// The cell `cell` as the player sees it: "Your fort (e1)", "Blue's dot (e7)",
    /// "That hex (e4)".
    pub fn phrase(&self, cell: &str, name: &dyn Fn(Seat) -> String) -> String {
        let what = match self.pieces.iter().find(|p| p.0 == cell).map(|p| (p.1, p.2)) {
            Some((seat, kind)) if Some(seat) == self.viewer => t(match kind {
                "dot" => n_("Your dot"),
                "fort" => n_("Your fort"),
                "warrior" => n_("Your warrior"),
                "barracks" => n_("Your barracks"),
                "tower" => n_("Your tower"),
                "port" => n_("Your port"),
                "city" => n_("Your city"),
                _ => n_("Your piece"),
            })
            .to_string(),
            Some((seat, kind)) => crate::game_ui::capitalised(&{
                let owner = name(seat);
                match kind {
                    "dot" => tf("{}'s dot", &[&owner]),
                    "fort" => tf("{}'s fort", &[&owner]),
                    "warrior" => tf("{}'s warrior", &[&owner]),
                    "barracks" => tf("{}'s barracks", &[&owner]),
                    "tower" => tf("{}'s tower", &[&owner]),
                    "port" => tf("{}'s port", &[&owner]),
                    "city" => tf("{}'s city", &[&owner]),
                    _ => tf("{}'s piece", &[&owner]),
                }
            }),
            None => t(self.empty).to_string(),
        };
        format!("{what} ({cell})")
    }

    /// `e` with the cell it names said as the player sees it (a face between
    /// cells, where a wall stands, keeps its name).
    fn said(&self, e: &MoveError, name: &dyn Fn(Seat) -> String) -> MoveError {
        match e {
            MoveError::Cell { cell, why } => MoveError::Cell {
                cell: CellName::new(&self.phrase(cell, name)),
                why: why.clone(),
            },
            // (What holds it, or fills it, is the rest of the sentence.)
            MoveError::HeldBy { cell, seat } => MoveError::HeldBy {
                cell: CellName::new(&format!("{} ({cell})", t(self.empty))),
                seat: *seat,
            },
            MoveError::Full { cell, capacity } => MoveError::Full {
                cell: CellName::new(&format!("{} ({cell})", t(self.empty))),
                capacity: *capacity,
            },
            other => other.clone(),
        }
    }
}

/// A seat's name from the names shown (`Player 2` for one not named).
fn seat_name(names: &[String]) -> impl Fn(Seat) -> String + '_ {
    |s: Seat| {
        names
            .get(s as usize)
            .cloned()
            .unwrap_or_else(|| tf("Player {}", &[&(s + 1)]))
    }
}

/// The Pass button's label, armed (see [`Feedback::ask_pass`]) or not.
pub fn pass_label(armed: bool) -> &'static str {
    if armed {
        t("Pass: tap again")
    } else {
        t("Pass")
    }
}

/// What the board says about the last tap: typed, and put in words only when the
/// play screen is drawn ([`Said::words`]), except a game's own hint about its next
/// tap, which its input code words as it makes it.
#[derive(Clone, Debug, PartialEq)]
pub enum Said {
    /// A move refused: the rules' reason, the seats' names as shown, and what
    /// stood where (its cells are named as the player saw them: "Your fort (e1)").
    Refused {
        error: MoveError,
        names: Vec<String>,
        seen: Option<std::rc::Rc<Seen>>,
    },
    /// Pass asks once: tap it again to pass.
    AskPass,
    /// The computer plays this turn: wait for it, or press "Move now".
    ComputerTurn,
    /// The move came from the other device: it cannot be taken back here.
    RemoteUndo,
    /// The seat (its name) answers the offer on another device.
    OfferAway(String),
    /// This turn is played on another device.
    RemoteTurn,
    /// A game's own words: what the next tap will do, a computer's answer.
    Words(String),
}

impl Said {
    /// In words, in the language spoken now.
    pub fn words(&self) -> String {
        match self {
            Said::Refused { error, names, seen } => {
                let name = seat_name(names);
                match seen {
                    Some(seen) => move_sentence(&seen.said(error, &name), &name),
                    None => move_sentence(error, &name),
                }
            }
            Said::AskPass => t("Pass this turn? Tap Pass again to pass.").into(),
            Said::ComputerTurn => {
                t("The computer plays this turn: wait for it, or press \u{201c}Move now\u{201d}.")
                    .into()
            }
            Said::RemoteUndo => t("That came from the other device: it cannot be taken back here (the two copies of the game would part).").into(),
            Said::OfferAway(name) => tf(
                "{} answers your offer on another device: send them the game (Send the link), and open the link they send back. Undo takes the offer back.",
                &[name],
            ),
            Said::RemoteTurn => t("This turn is played on another device: send its player the game (Send the link), and open the link they send back.").into(),
            Said::Words(w) => w.clone(),
        }
    }
}

impl Feedback {
    /// Pass asks once (every game with a Pass button): the first press arms it
    /// and asks; true when it was armed already, so the caller passes.
    pub fn ask_pass(&mut self, armed: &mut bool) -> bool {
        if std::mem::take(armed) {
            return true;
        }
        *armed = true;
        self.message = Some(Said::AskPass);
        false
    }

    /// Says why a move was refused (the rules' reason, `&e`, or the app's own,
    /// [`Refusal::Said`]), drops the ghost, and shakes the board.
    pub fn refuse(&mut self, ghost: &mut Option<CellId>, e: impl Into<Refusal>, names: &[String]) {
        self.message = Some(match e.into() {
            Refusal::Rules(error) => Said::Refused {
                error,
                names: names.to_vec(),
                seen: self.seen.clone(),
            },
            Refusal::Said(s) => Said::Words(s),
        });
        *ghost = None;
        self.shake += 1;
    }

    /// [`Feedback::refuse`] for a reason of the app's own about the cell `cell`
    /// (`why`, in words), the cell said as the player sees it.
    pub fn refuse_at(
        &mut self,
        ghost: &mut Option<CellId>,
        cell: &str,
        why: &str,
        names: &[String],
    ) {
        let at = match &self.seen {
            Some(seen) => seen.phrase(cell, &seat_name(names)),
            None => cell.to_string(),
        };
        self.refuse(ghost, Refusal::Said(tf("{}: {}.", &[&at, &why])), names);
    }

    /// After a move was tried: on success the ghost and the message go; on refusal
    /// the board says why. True when the move was played.
    pub fn settle(
        &mut self,
        ghost: &mut Option<CellId>,
        result: Result<(), impl Into<Refusal>>,
        names: &[String],
    ) -> bool {
        match result {
            Ok(()) => {
                *ghost = None;
                self.message = None;
                true
            }
            Err(e) => {
                self.refuse(ghost, e, names);
                false
            }
        }
    }

    /// With confirm-tap on, the first tap on `c` shows a ghost and says `what`; true
    /// when the move is to be played now.
    pub fn confirmed(
        &mut self,
        ghost: &mut Option<CellId>,
        c: CellId,
        confirm: bool,
        what: String,
    ) -> bool {
        if confirm && *ghost != Some(c) {
            *ghost = Some(c);
            self.message = Some(Said::Words(what));
            return false;
        }
        true
    }

    /// Says something without refusing.
    pub fn say(&mut self, text: impl Into<String>) {
        self.message = Some(Said::Words(text.into()));
    }
}

/// What an input is played with besides the game.
pub struct InputCtx<'a> {
    /// Taps need a second, confirming tap.
    pub confirm: bool,
    /// The clock, in ms.
    pub now: f64,
    /// The seats' names as shown.
    pub names: &'a [String],
}
