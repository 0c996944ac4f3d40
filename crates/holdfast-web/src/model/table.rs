//! The table: the open game, what its board says about the last tap, the one
//! question or panel open over the screen, and whether taps come from a finger.
//! What a tap does to the game is the game's (`PlayedGame::input`); whether it
//! may be played now (a computer's turn, another device's) is the composing
//! model's to say. It knows nothing of the rest of the model.

use std::rc::Rc;

use crate::game_ui::{Feedback, PlayedGame, Said};

/// The one question or panel over a screen.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Dialog {
    /// Delete this saved game (its id) or set-aside copy (its key)?
    Delete(String),
    /// "Play from here": drop the moves after the one looked at?
    Discard,
    /// "New game" while a game is in progress?
    NewGame,
    /// Resign?
    Resign,
    /// Which seats of a game played by link are played on this device (a link
    /// first opened here with more than one seat for it).
    ChooseSeats,
    /// The share panel.
    Share,
}

/// The game on the table and what is around it.
#[derive(Clone, Debug, Default)]
pub struct Table {
    /// The open game, shared with earlier states until it changes.
    pub game: Option<Rc<dyn PlayedGame>>,
    /// What the board says about the last tap.
    pub feedback: Feedback,
    /// The one question or panel open over the screen, if any.
    pub dialog: Option<Dialog>,
    /// The last pointer pressed was a finger (taps then ask to be confirmed when
    /// the settings say so; a mouse, pen or key follows its own setting).
    pub touch: bool,
}

/// What the table is told.
#[derive(Debug)]
pub enum TableMsg {
    /// This game is the open game now.
    Take(Box<dyn PlayedGame>),
    /// No game is open now.
    Close,
    /// The board says nothing.
    Hush,
    /// Opens (`true`) or closes a question or panel (closing one not open leaves
    /// the open one be).
    Ask(Dialog, bool),
    /// Stops asking to confirm a Delete.
    StopAskingDelete,
    /// Lets go of the game's in-turn state (a selection, a ghost), the questions
    /// the play screen asks and the share panel: Escape, and part of leaving.
    LetGo,
    /// A fresh board: nothing said (the shake kept), nothing held, no question.
    Reset,
    /// The board says this, and shakes.
    Refuse(Said),
    /// A pointer was pressed: a finger (`true`), or a mouse or pen.
    Pointer(bool),
}

impl Table {
    pub fn update(&mut self, msg: TableMsg) {
        match msg {
            TableMsg::Take(g) => self.game = Some(Rc::from(g)),
            TableMsg::Close => self.game = None,
            TableMsg::Hush => self.feedback.message = None,
            TableMsg::Ask(d, true) => self.dialog = Some(d),
            TableMsg::Ask(d, false) => {
                if self.dialog.as_ref() == Some(&d) {
                    self.dialog = None;
                }
            }
            TableMsg::StopAskingDelete => {
                if matches!(self.dialog, Some(Dialog::Delete(_))) {
                    self.dialog = None;
                }
            }
            TableMsg::LetGo => {
                if self.game.as_ref().is_some_and(|g| !g.ui_is_default()) {
                    if let Some(g) = self.game_mut() {
                        g.reset_ui();
                    }
                }
                if !matches!(self.dialog, Some(Dialog::Delete(_))) {
                    self.dialog = None;
                }
            }
            TableMsg::Reset => {
                let shake = self.feedback.shake;
                self.feedback = Feedback {
                    shake,
                    ..Feedback::default()
                };
                self.update(TableMsg::LetGo);
            }
            TableMsg::Refuse(said) => {
                self.feedback.message = Some(said);
                self.feedback.shake += 1;
            }
            TableMsg::Pointer(touch) => self.touch = touch,
        }
    }

    /// The open game, for a change: shared with earlier states until now, it is
    /// copied once here (a copy of its positions is a copy of pointers).
    pub fn game_mut(&mut self) -> Option<&mut (dyn PlayedGame + 'static)> {
        let rc = self.game.as_mut()?;
        if Rc::get_mut(rc).is_none() {
            *rc = Rc::from(rc.clone_box());
        }
        Rc::get_mut(rc)
    }

    /// The open game's id.
    pub fn game_id(&self) -> Option<&str> {
        self.game.as_ref().map(|g| g.id())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// One question at a time: closing another leaves it be; letting go keeps a
    /// Delete being asked; a refusal shakes the board.
    #[test]
    fn one_question_at_a_time() {
        let mut t = Table::default();
        t.update(TableMsg::Ask(Dialog::Resign, true));
        t.update(TableMsg::Ask(Dialog::Share, false));
        assert_eq!(t.dialog, Some(Dialog::Resign));
        t.update(TableMsg::Ask(Dialog::Delete("g".into()), true));
        t.update(TableMsg::LetGo);
        assert_eq!(t.dialog, Some(Dialog::Delete("g".into())));
        t.update(TableMsg::StopAskingDelete);
        assert_eq!(t.dialog, None);
        t.update(TableMsg::Refuse(Said::AskPass));
        assert_eq!(
            (t.feedback.message.clone(), t.feedback.shake),
            (Some(Said::AskPass), 1)
        );
        t.update(TableMsg::Reset);
        assert_eq!((t.feedback.message.clone(), t.feedback.shake), (None, 1));
    }
}
