//! Saving and two tabs: the saving effect's work after a change, and another tab's changes followed here.

use super::*;

impl AppState {
    /// Performs a storage effect in `store` and returns what the model is to hear
    /// of it (the runner in `app.rs` calls it with the browser's storage, tests
    /// with a store in memory); any other effect does nothing here.
    ///
    /// [`Effect::Save`] writes the open game, remembers it as the one to open
    /// next, and writes a game moved out of play before it was ever written or
    /// while its writes were refused. The open game is written only over the
    /// revision this tab last saw. A refused write is told on the play screen (and
    /// tried again at the next change); a success after one clears the warning. A
    /// stale one (another tab wrote or deleted the game meanwhile) is not made: the
    /// game follows storage instead.
    pub fn perform(&self, effect: &Effect, store: &mut dyn Store) -> Vec<Action> {
        match effect {
            Effect::Save => self.write_all(store),
            Effect::SaveUnsaved => self.persist_unsaved(store),
            Effect::Delete(key) => {
                store.remove(key);
                vec![]
            }
            Effect::SaveAnalysis(id, analysis) => {
                // Another tab's analysis of the same game that went further is
                // kept (looks depend only on the entries: its first ones are
                // these). Derived from the record: a refused write loses nothing
                // the player made (Analyse again brings it back).
                let further = storage::analysis(store, id)
                    .and_then(|t| GameAnalysis::from_text(&t))
                    .is_some_and(|kept| kept.goes_further_than(analysis));
                if !further {
                    let _ = storage::save_analysis(store, id, &analysis.to_text());
                }
                vec![]
            }
            Effect::LoadAnalysis(id) => vec![Action::Analysis(AnalysisMsg::Loaded {
                id: id.clone(),
                saved: storage::analysis(store, id).and_then(|t| GameAnalysis::from_text(&t)),
            })],
            Effect::WriteSettings(settings) => {
                if let Ok(json) = serde_json::to_string(settings) {
                    storage::set_settings(store, &json);
                }
                vec![]
            }
            Effect::WriteProgress(p) => {
                storage::set_progress(store, &p.to_text());
                vec![]
            }
            Effect::WriteRoster(r) => {
                roster::write(store, r);
                vec![]
            }
            Effect::ClearFragment(_)
            | Effect::LoadLessons(_)
            | Effect::CorrectAddress
            | Effect::Sound(_)
            | Effect::Speak(_)
            | Effect::Think(_)
            | Effect::Analyse(_)
            | Effect::Copy(_)
            | Effect::Send { .. }
            | Effect::Download { .. } => vec![],
        }
    }

    fn write_all(&self, store: &mut dyn Store) -> Vec<Action> {
        let mut out = Vec::new();
        if let Some(g) = &self.table.game {
            let error = match storage::save_over(store, &g.saved()) {
                Ok(revision) => {
                    out.push(Action::Synced {
                        id: g.id().to_string(),
                        revision,
                    });
                    None
                }
                Err(WriteError::Refused(why)) => Some(why),
                Err(WriteError::Stale(_)) => {
                    let key = storage::game_key(g.id());
                    let value = store.get(&key);
                    out.push(Action::Stored {
                        key,
                        value,
                        lost: true,
                    });
                    self.saving.error
                }
            };
            if error != self.saving.error {
                out.push(Action::Saved(error));
            }
        } else if self.saving.error.is_some() {
            // No game open: nothing is failing to be saved any more.
            out.push(Action::Saved(None));
        }
        storage::set_current(store, self.table.game.as_ref().map(|g| g.id()));
        for s in self.library.saves.iter() {
            // Never one written before (one read from storage has revision 1 at
            // least): another tab may have deleted it.
            if s.revision == 0 && storage::stored_revision(store, &s.id).is_none() {
                let _ = storage::save(store, s);
            }
        }
        out.extend(self.persist_unsaved(store));
        out
    }

    /// Writes the games moved out of play unsaved ([`Saving::unsaved`]), over
    /// the revision each last saw: part of [`Effect::Save`], and all the timer's
    /// retry does when the open game itself is saved.
    fn persist_unsaved(&self, store: &mut dyn Store) -> Vec<Action> {
        let mut out = Vec::new();
        for u in &self.saving.unsaved {
            let Some(s) = self.library.get(&u.id) else {
                continue;
            };
            match storage::save_over(store, s) {
                Ok(revision) => out.push(Action::Flushed {
                    id: u.id.clone(),
                    result: Ok(revision),
                }),
                Err(WriteError::Refused(why)) if why != u.why => out.push(Action::Flushed {
                    id: u.id.clone(),
                    result: Err(why),
                }),
                Err(WriteError::Refused(_)) => {}
                // Another tab wrote or deleted it meanwhile: this tab's moves in it
                // are lost, and the list follows storage (with a notice).
                Err(WriteError::Stale(_)) => {
                    let key = storage::game_key(&u.id);
                    let value = store.get(&key);
                    out.push(Action::Stored {
                        key,
                        value,
                        lost: true,
                    });
                }
            }
        }
        out
    }

    /// New settings. A new language choice is spoken at once (an effect: the
    /// runner answers [`Action::Catalogue`], and the views kept are drawn again).
    pub(super) fn take_settings(&mut self, settings: Settings) {
        let relang = settings.lang != self.settings.lang;
        self.settings = settings;
        if relang {
            self.effect(Effect::Speak(self.settings.lang));
        }
    }

    /// Another tab changed `key` (see [`Action::Stored`]). The open game follows
    /// it: deleted there, it is closed here; written there, it shows what was
    /// written. Any other game's entry updates the home page's list, and settings
    /// take effect. Nothing here is written back (no new revision): a tab never
    /// answers a change with a write, so two tabs never echo each other.
    pub(super) fn stored(&mut self, key: &str, value: Option<&str>, lost: bool) {
        if key == storage::SETTINGS_KEY {
            if let Some(v) = value {
                self.take_settings(Settings::read(v));
            }
            return;
        }
        // Another tab's roster (its games, copies, learning) is this one's too.
        if key == ROSTER_KEY {
            if let Some(v) = value {
                let said = self.roster.said.take();
                self.roster = Roster::read(v);
                self.roster.said = said;
            }
            return;
        }
        // Another tab's lessons done count here too.
        if key == storage::PROGRESS_KEY {
            self.learn.progress = value.map(Progress::read).unwrap_or_default();
            return;
        }
        let Some(id) = key.strip_prefix(storage::GAME_PREFIX) else {
            return;
        };
        let saved = value
            .and_then(|t| storage::migrate(t).ok().flatten())
            .filter(|g| g.id == id);
        let Some(open) = self.table.game.as_ref().filter(|g| g.id() == id) else {
            // A game left unsaved here, changed there: its moves here are lost.
            if self.saving.is_unsaved(id) {
                self.saving.update(SavingMsg::Forget(id.into()));
                let players = self
                    .library
                    .get(id)
                    .map(|s| s.record.names.clone())
                    .unwrap_or_default();
                self.notice = Some(Notice::UnsavedLost {
                    players,
                    deleted: value.is_none(),
                });
            }
            self.library.update(LibraryMsg::Follow {
                id: id.into(),
                saved,
            });
            return;
        };
        let notice = match (value, saved) {
            (None, _) => {
                self.table.update(TableMsg::Close);
                self.reset_play_ui();
                self.nav.update(NavMsg::GameGone);
                Notice::DeletedElsewhere
            }
            (Some(_), Some(g)) if g.revision >= open.synced().get() => {
                // (The turn's texts are made only when a turn is under way.)
                let same = g.record == *open.record()
                    && g.redo == open.redo_line()
                    && g.turn.len() == open.position_key().1
                    && (g.turn.is_empty() || g.turn == open.saved().turn);
                if same {
                    open.synced().set(g.revision);
                    return;
                }
                // Written over this tab's own revision (two tabs wrote at once,
                // the other last) or refused as stale: this tab's change is lost.
                // (Also when this tab's own writes were being refused: its moves
                // since the last write that worked are lost.)
                let lost = lost || g.revision == open.synced().get() || self.saving.error.is_some();
                let Ok(g) = games::from_saved(g) else {
                    self.cannot_follow(lost);
                    return;
                };
                self.table.update(TableMsg::Take(g));
                self.reset_play_ui();
                if lost {
                    Notice::ChangedElsewhere
                } else {
                    Notice::PlayedElsewhere
                }
            }
            (Some(_), None) => {
                self.cannot_follow(lost);
                return;
            }
            _ => return,
        };
        self.notice = Some(notice);
    }

    /// Another tab wrote the open game in a form this tab cannot open (a later
    /// version's, or one that no longer replays). When this tab's write was refused
    /// for it, the play screen says the game is not being saved (with its link and
    /// file), never silently.
    pub(super) fn cannot_follow(&mut self, lost: bool) {
        if lost {
            self.saving.error = Some(Refused::ForeignForm);
        }
    }

    /// Deletes a saved game (the open one too).
    pub(super) fn delete(&mut self, id: &str) {
        self.stop_asking_delete();
        self.saving.update(SavingMsg::Forget(id.into()));
        self.library.update(LibraryMsg::Forget(id.into()));
        if self.table.game.as_ref().is_some_and(|g| g.id() == id) {
            self.table.update(TableMsg::Close);
            self.nav.update(NavMsg::Show(Screen::Home));
        }
        self.effect(Effect::Delete(storage::game_key(id)));
        self.effect(Effect::Delete(storage::analysis_key(id)));
        self.save();
    }

    /// Deletes a copy set aside (its storage key; nothing for any other key).
    pub(super) fn delete_aside(&mut self, key: String) {
        if self.library.update(LibraryMsg::DeleteAside(key.clone())) {
            self.stop_asking_delete();
            self.effect(Effect::Delete(key));
        }
    }

    /// A try to write a game moved out of play while unsaved: the revision now
    /// stored, or why the browser refused again.
    pub(super) fn flushed(&mut self, id: &str, result: Result<u64, Refused>) {
        if let Ok(revision) = result {
            self.library.update(LibraryMsg::Stored {
                id: id.into(),
                revision,
            });
        }
        self.saving.update(SavingMsg::Flushed {
            id: id.into(),
            result: result.map(|_| ()),
        });
    }
}
