//! The game in play: taps, keys and the game's own buttons, undo, the computer's actions played, what sounds hear.

use super::*;

/// Looks an analysis writes at a time (each write is the whole analysis): a
/// Citadel 19x19 game's 307 looks written one by one slowed the taps made
/// meanwhile. A page closed mid-way loses at most the looks since the last write.
pub const SAVE_EVERY: usize = 16;

impl AppState {
    /// The open game, for a change ([`Table::game_mut`]).
    pub(super) fn game_mut(&mut self) -> Option<&mut (dyn PlayedGame + 'static)> {
        self.table.game_mut()
    }

    /// A fresh play screen: the board's words and holds let go, the replay
    /// stopped, the computer's thinking and hint dropped.
    pub(super) fn reset_play_ui(&mut self) {
        self.table.update(TableMsg::Reset);
        self.replay.stop();
        self.computer.thinking = None;
        self.computer.hint = None;
    }

    /// Lets go of the game's in-turn state, the questions the play screen asks
    /// and the share panel: Escape, and part of leaving.
    pub(super) fn let_go(&mut self) {
        self.table.update(TableMsg::LetGo);
    }

    /// Opens (`on`) or closes the question or panel `d`.
    pub(super) fn ask(&mut self, d: Dialog, on: bool) {
        self.table.update(TableMsg::Ask(d, on));
    }

    /// Stops asking to confirm a Delete.
    pub(super) fn stop_asking_delete(&mut self) {
        self.table.update(TableMsg::StopAskingDelete);
    }

    /// Where the open game stands.
    pub fn position_key(&self) -> Option<PositionKey> {
        let g = self.table.game.as_ref()?;
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
        let g = self.table.game.as_ref()?;
        if g.viewing() || g.is_over() {
            return None;
        }
        let seat = g.to_move()?;
        g.seat_players().get(seat as usize).copied()
    }

    /// The open game as sounds hear it: its id, entries and whether it is over.
    pub fn heard(&self) -> Option<Heard> {
        let g = self.table.game.as_ref()?;
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
        let g = self.table.game.as_ref()?;
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

    /// The open game's entries (none when no game is open).
    pub fn open_entries(&self) -> Vec<String> {
        self.table
            .game
            .as_ref()
            .map(|g| g.record().moves.clone())
            .unwrap_or_default()
    }

    /// What the analysis's worker should look at now, if anything
    /// ([`Analyses::job`]).
    pub fn analysis_job(&self) -> Option<AnalysisJob> {
        let g = self.table.game.as_ref()?;
        // Only while the game is on screen: elsewhere (the home page, the
        // benchmark) the worker's core is the page's; it goes on when the game
        // is back.
        if self.nav.screen != Screen::Play {
            return None;
        }
        // The evaluation bar asks for the analysis by itself where it is shown.
        let wanted = self.analysis.wanted || (self.settings.eval_bar && self.analysis_shown());
        self.analysis
            .job_if(wanted, &g.record().moves, g.record().resigned)
    }

    /// Whether what the analysis found may be shown for the open game: once it is
    /// over (or resigned), or in a game whose seats are all played here by people.
    /// Never to a person playing on against the computer or someone on another
    /// device.
    pub fn analysis_shown(&self) -> bool {
        let Some(g) = self.table.game.as_ref() else {
            return false;
        };
        let over = g.is_over() || g.record().resigned.is_some();
        over || g.seat_players().iter().all(|p| *p == SeatPlayer::Person)
    }

    /// Tells the analysis which game is open and its entries; another game opened
    /// asks for its analysis to be read. Returns whether one was.
    pub(super) fn fit_analysis(&mut self) -> bool {
        let Some(g) = self.table.game.as_ref() else {
            self.analysis.fit(None, &[], None);
            return false;
        };
        let id = g.id().to_string();
        let opened = self
            .analysis
            .fit(Some(&id), &g.record().moves, g.record().resigned);
        if opened {
            self.effect(Effect::LoadAnalysis(id));
        }
        opened
    }

    /// Looking back with the engine: the button, the worker's looks (written
    /// with the game's analysis every [`SAVE_EVERY`] looks and at the last), what
    /// storage kept.
    pub(super) fn analysis_msg(&mut self, msg: AnalysisMsg) {
        self.fit_analysis();
        let entries = self.open_entries();
        if let AnalysisMsg::LookedAt { digest, .. } = &msg {
            let resigned = self.table.game.as_ref().and_then(|g| g.record().resigned);
            if *digest != analysis::digest(&entries, resigned) {
                return;
            }
        }
        let stopped = matches!(msg, AnalysisMsg::Want(false));
        let before = self.analysis.of.looks.len();
        let changed = self.analysis.update(msg, &entries);
        let looks = self.analysis.of.looks.len();
        let due =
            looks / SAVE_EVERY != before / SAVE_EVERY || self.analysis.complete(entries.len());
        if (changed && due) || (stopped && looks > 0) {
            if let Some(id) = self.analysis.id.clone() {
                self.effect(Effect::SaveAnalysis(id, self.analysis.of.clone()));
            }
        }
    }

    /// What the worker should be searching now, if anything ([`Computer::job`]).
    pub fn search_job(&self) -> Option<SearchJob> {
        let mut job = self.computer.job(&self.seen())?;
        // A 1983 opponent goes to the worker with the weights it has here.
        if let (false, Some(SeatPlayer::Roster(base, slot))) = (job.hint, self.player_to_move()) {
            let weights = self.roster.weights(base, slot);
            job.player = holdfast_search::roster::player_text(base, &weights);
        }
        Some(job)
    }

    /// The game in play as the computer sees it.
    pub(super) fn seen(&self) -> computer::Seen {
        computer::Seen {
            key: self.position_key(),
            player: self.player_to_move(),
            on_play_screen: self.nav.screen == Screen::Play,
        }
    }

    /// Plays a computer's action (in the notation) in the open game.
    pub(super) fn play_computer(&mut self, action: &str, now: f64) {
        let Some(g) = self.table.game_mut() else {
            return;
        };
        match g.play_text(action, now) {
            Ok(()) => {
                self.save();
                self.computer.played();
            }
            Err(e) => {
                self.computer.stop();
                self.notice = Some(Notice::ComputerRefused {
                    action: action.to_string(),
                    error: e,
                });
            }
        }
    }

    /// Takes back the last action, then (when people play) the computers' actions
    /// before it, back to the last decision of a person. In a game of computers
    /// alone, one action, and the computers wait.
    pub(super) fn undo_to_person(&mut self, now: f64) {
        let people = self
            .table
            .game
            .as_ref()
            .is_some_and(|g| g.seat_players().iter().any(|p| !p.is_computer()));
        let Some(g) = self.table.game_mut() else {
            return;
        };
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
        self.save();
    }

    /// A tap, key or button of the open game.
    /// Whether `input` needs a confirming second tap: a finger's tap as the
    /// settings say for fingers, anything else (a key plays at once) as they say
    /// for the rest.
    pub(super) fn confirm(&self, input: &Input) -> bool {
        let by_key = matches!(input, Input::Key(_) | Input::KeyFace(_));
        if self.table.touch && !by_key {
            self.settings.confirm_tap
        } else {
            self.settings.confirm_mouse
        }
    }

    /// A board's switch (a setting shown beside it: hints, the evaluation bar),
    /// kept at once: whether `input` was one.
    pub(super) fn flag_input(&mut self, input: &Input) -> bool {
        let Input::Flag(key, on) = *input else {
            return false;
        };
        self.settings.set_flag(key, on);
        self.effect(Effect::WriteSettings(self.settings.clone()));
        true
    }

    pub(super) fn input(&mut self, input: Input, now: f64) {
        if self.flag_input(&input) {
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
            self.table.update(TableMsg::Refuse(Said::ComputerTurn));
            return;
        }
        // An offer standing (Fort's count, Citadel's draw): its answer is the only
        // input, from whoever plays the seat it waits for.
        let answer = self.table.game.as_ref().and_then(|g| g.answer_due());
        if let (Some((seat, true)), false) = (answer, matches!(input, Input::Flag(..))) {
            let name = self
                .table
                .game
                .as_ref()
                .and_then(|g| g.names().get(seat as usize).cloned());
            self.table
                .update(TableMsg::Refuse(Said::OfferAway(name.unwrap_or_default())));
            return;
        }
        let answering = answer.is_some()
            && self
                .table
                .game
                .as_ref()
                .is_some_and(|g| g.is_answer(&input));
        if self.player_to_move() == Some(SeatPlayer::Remote)
            && !matches!(input, Input::Flag(..))
            && !answering
        {
            self.table.update(TableMsg::Refuse(Said::RemoteTurn));
            return;
        }
        let confirm = self.confirm(&input);
        let mut feedback = std::mem::take(&mut self.table.feedback);
        let Some(game) = self.table.game_mut() else {
            self.table.feedback = feedback;
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
        self.table.feedback = feedback;
        if changed {
            self.ask(Dialog::Discard, false);
            self.save();
        }
    }

    /// A message for the computer seats, and what they decided, done.
    pub(super) fn computer_msg(&mut self, msg: ComputerMsg, now: f64) {
        let seen = self.seen();
        match self.computer.update(msg, &seen) {
            Some(Decision::Play(a)) => self.play_computer(&a, now),
            Some(Decision::PlayHint(a)) => {
                let changed = self.table.game_mut().map(|g| g.play_text(&a, now));
                if let Some(Ok(())) = changed {
                    self.save();
                }
                self.reset_play_ui();
            }
            Some(Decision::NoMove) => {
                self.notice = Some(Notice::ComputerNoMove);
            }
            Some(Decision::Failed(why)) => self.notice = Some(Notice::ComputerFailed(why)),
            None => {}
        }
    }
}
