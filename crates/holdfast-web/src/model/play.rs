//! The game in play: taps, keys and the game's own buttons, undo, the computer's actions played, what sounds hear.

use super::*;

impl AppState {
    /// The open game, for a change: shared with earlier states until now, it is
    /// copied once here (a copy of its positions is a copy of pointers).
    pub(super) fn game_mut(&mut self) -> Option<&mut (dyn PlayedGame + 'static)> {
        let rc = self.game.as_mut()?;
        if Rc::get_mut(rc).is_none() {
            *rc = Rc::from(rc.clone_box());
        }
        Rc::get_mut(rc)
    }

    pub(super) fn reset_play_ui(&mut self) {
        let shake = self.feedback.shake;
        self.feedback = Feedback {
            shake,
            ..Feedback::default()
        };
        self.let_go();
        self.autoplay = None;
        self.computer.thinking = None;
        self.computer.hint = None;
    }

    /// Lets go of the game's in-turn state (a selection, a ghost), the questions
    /// the play screen asks and the share panel: Escape, and part of leaving.
    pub(super) fn let_go(&mut self) {
        if self.game.as_ref().is_some_and(|g| !g.ui_is_default()) {
            if let Some(g) = self.game_mut() {
                g.reset_ui();
            }
        }
        if !matches!(self.dialog, Some(Dialog::Delete(_))) {
            self.dialog = None;
        }
    }

    /// Opens (`on`) or closes the question or panel `d` (closing one not open
    /// leaves the open one be).
    pub(super) fn ask(&mut self, d: Dialog, on: bool) {
        if on {
            self.dialog = Some(d);
        } else if self.dialog.as_ref() == Some(&d) {
            self.dialog = None;
        }
    }

    /// Stops asking to confirm a Delete.
    pub(super) fn stop_asking_delete(&mut self) {
        if matches!(self.dialog, Some(Dialog::Delete(_))) {
            self.dialog = None;
        }
    }

    /// Where the open game stands.
    pub fn position_key(&self) -> Option<PositionKey> {
        let g = self.game.as_ref()?;
        let (moves, turn) = g.position_key();
        Some(PositionKey {
            game: g.id().to_string(),
            moves,
            turn,
        })
    }

    /// Who plays the seat to move in the open game, in play (not over, not looked
    /// back at).
    pub fn player_to_move(&self) -> Option<SeatPlayer> {
        let g = self.game.as_ref()?;
        if g.viewing() || g.is_over() {
            return None;
        }
        let seat = g.to_move()?;
        g.seat_players().get(seat as usize).copied()
    }

    /// The open game as sounds hear it: its id, entries and whether it is over.
    pub fn heard(&self) -> Option<Heard> {
        let g = self.game.as_ref()?;
        Some(Heard {
            id: g.id().to_string(),
            entries: g.record().moves.len(),
            over: g.is_over(),
        })
    }

    /// The sound for what happened since the game was `before` (the player turns
    /// sounds on in the settings): a move landed in the same game (played here, by
    /// a computer, or from a link), as `end` when it ended the game, `turn` when it
    /// passes the turn from a computer or another device to a person here,
    /// `capture` when it took another seat's pieces, else `place`. Nothing for an
    /// undo, a game opened or the position looked back at.
    pub fn sound_after(&self, before: Option<&Heard>) -> Option<&'static str> {
        let now = self.heard()?;
        let before = before.filter(|b| b.id == now.id && now.entries > b.entries)?;
        let g = self.game.as_ref()?;
        if g.viewing() {
            return None;
        }
        let players = g.seat_players();
        let from_afar = g.last_actor().is_some_and(|m| {
            players
                .get(m as usize)
                .is_some_and(|&p| p != SeatPlayer::Person)
        });
        Some(if now.over && !before.over {
            "end"
        } else if from_afar && self.player_to_move() == Some(SeatPlayer::Person) {
            "turn"
        } else if g.last_took() {
            "capture"
        } else {
            "place"
        })
    }

    /// What the worker should be searching now, if anything ([`Computer::job`]).
    pub fn search_job(&self) -> Option<SearchJob> {
        self.computer.job(&self.seen())
    }

    /// The game in play as the computer sees it.
    pub(super) fn seen(&self) -> computer::Seen {
        computer::Seen {
            key: self.position_key(),
            player: self.player_to_move(),
            on_play_screen: self.screen == Screen::Play,
        }
    }

    /// Plays a computer's action (in the notation) in the open game.
    pub(super) fn play_computer(&mut self, action: &str, now: f64) {
        let Some(g) = self.game_mut() else { return };
        match g.play_text(action, now) {
            Ok(()) => {
                self.revision += 1;
                self.computer.played();
            }
            Err(e) => {
                self.computer.stop();
                self.notice = Some(Notice {
                    text: tf(
                        "The computer's move {} was refused ({}); the computers wait. Play on, or undo.",
                        &[&action, &e.sentence(&|x| tf("player {}", &[&(x + 1)]))],
                    ),
                    error: true,
                });
            }
        }
    }

    /// Takes back the last action, then (when people play) the computers' actions
    /// before it, back to the last decision of a person. In a game of computers
    /// alone, one action, and the computers wait.
    pub(super) fn undo_to_person(&mut self, now: f64) {
        let people = self
            .game
            .as_ref()
            .is_some_and(|g| g.seat_players().iter().any(|p| !p.is_computer()));
        let Some(g) = self.game_mut() else { return };
        if !g.undo(now) {
            return;
        }
        if people {
            loop {
                let computer = g
                    .to_move()
                    .and_then(|s| g.seat_players().get(s as usize).copied())
                    .is_some_and(|p| p.is_computer());
                if !computer || !g.undo(now) {
                    break;
                }
            }
        } else {
            self.computer.paused = true;
        }
        self.revision += 1;
    }

    /// A tap, key or button of the open game.
    pub(super) fn input(&mut self, input: Input, now: f64) {
        if let Input::Flag(key, on) = input {
            self.settings.set_flag(key, on);
            self.settings_changed = true;
            self.revision += 1;
            return;
        }
        let computer = self.player_to_move().is_some_and(|p| p.is_computer());
        if computer
            && !self.computer.paused
            && matches!(
                input,
                Input::Tap(_)
                    | Input::Key(_)
                    | Input::TapFace(_)
                    | Input::KeyFace(_)
                    | Input::Command(_)
            )
        {
            self.feedback.message = Some(
                t("The computer plays this turn: wait for it, or press \u{201c}Move now\u{201d}.")
                    .into(),
            );
            self.feedback.shake += 1;
            return;
        }
        // An offer standing (Fort's count, Citadel's draw): its answer is the only
        // input, from whoever plays the seat it waits for.
        let answer = self.game.as_ref().and_then(|g| g.answer_due());
        if let (Some((seat, true)), false) = (answer, matches!(input, Input::Flag(..))) {
            let name = self
                .game
                .as_ref()
                .and_then(|g| g.names().get(seat as usize).cloned());
            self.feedback.message = Some(tf(
                "{} answers your offer on another device: send them the game (Send the link), and open the link they send back. Undo takes the offer back.",
                &[&name.unwrap_or_default()],
            ));
            self.feedback.shake += 1;
            return;
        }
        let answering = answer.is_some() && self.game.as_ref().is_some_and(|g| g.is_answer(&input));
        if self.player_to_move() == Some(SeatPlayer::Remote)
            && !matches!(input, Input::Flag(..))
            && !answering
        {
            self.feedback.message = Some(
                t("This turn is played on another device: send its player the game (Send the link), and open the link they send back.")
                    .into(),
            );
            self.feedback.shake += 1;
            return;
        }
        let by_key = matches!(input, Input::Key(_) | Input::KeyFace(_));
        let confirm = if self.touch && !by_key {
            self.settings.confirm_tap
        } else {
            self.settings.confirm_mouse
        };
        let mut feedback = std::mem::take(&mut self.feedback);
        let Some(game) = self.game_mut() else {
            self.feedback = feedback;
            return;
        };
        let names = game.names();
        let ctx = InputCtx {
            confirm,
            now,
            names: &names,
        };
        let changed = game.input(&input, &mut feedback, &ctx);
        feedback.at = match input {
            Input::Tap(c) | Input::Key(c) => Some(c),
            _ => None,
        };
        self.feedback = feedback;
        if changed {
            self.ask(Dialog::Discard, false);
            self.revision += 1;
        }
    }

    /// A message for the computer seats, and what they decided, done.
    pub(super) fn computer_msg(&mut self, msg: ComputerMsg, now: f64) {
        let seen = self.seen();
        match self.computer.update(msg, &seen) {
            Some(Decision::Play(a)) => self.play_computer(&a, now),
            Some(Decision::PlayHint(a)) => {
                let changed = self.game_mut().map(|g| g.play_text(&a, now));
                if let Some(Ok(())) = changed {
                    self.revision += 1;
                }
                self.reset_play_ui();
            }
            Some(Decision::NoMove) => {
                self.notice = Some(Notice {
                    text: t("The computer has no move it would make here (only an agreement is left): the computers wait. Play on for it, or undo.").into(),
                    error: false,
                });
            }
            Some(Decision::Failed(why)) => {
                self.notice = Some(Notice {
                    text: tf(
                        "The computer could not think about this position: {}. The computers wait; play on, or undo.",
                        // (The worker's own words, in English: it has no catalogue.)
                        &[&why.unwrap_or_else(
                            || t("the computer's worker did not answer (it may not have loaded)").to_string(),
                        )],
                    ),
                    error: true,
                });
            }
            None => {}
        }
    }
}
