//! Start-up: the app's state read from storage once, and what start-up has to tell.

use super::*;

impl AppState {
    /// The state at start-up: settings and saves from `store`, then the URL
    /// fragment (a shared game), else the game open last. Each saved game is replayed
    /// once, for its check and its summary together.
    pub fn load(store: &mut dyn Store, fragment: &str, now: f64) -> AppState {
        AppState::start(store, fragment, now, 0).0
    }

    /// [`AppState::load`] with `salt`, random bits for new games' ids (the app
    /// gives the browser's; tests, none), and the effects start-up asks for (the
    /// first write, taking a link read out of the address bar).
    pub fn start(
        store: &mut dyn Store,
        fragment: &str,
        now: f64,
        salt: u64,
    ) -> (AppState, Vec<Effect>) {
        let settings = storage::settings(store)
            .map(|s| Settings::read(&s))
            .unwrap_or_default();
        // The game open last is opened here, once; every other save is summarised.
        let current = storage::current(store);
        let mut opened: Option<Box<dyn PlayedGame>> = None;
        let mut summaries = Summaries::default();
        let mut loaded = storage::load_all(store, &mut |g: &SavedGame| {
            let summary = if current.as_deref() == Some(g.id.as_str()) {
                games::from_saved(g.clone()).ok().map(|p| {
                    let summary = p.summary();
                    opened = Some(p);
                    summary
                })
            } else {
                games::summary(&g.record)
            };
            match summary {
                Some(summary) => {
                    summaries.insert(g.id.clone(), Rc::new(summary));
                    true
                }
                None => false,
            }
        });
        let mut state = AppState {
            nav: Nav::default(),
            table: Table::default(),
            library: Library::new(
                std::mem::take(&mut loaded.games),
                summaries,
                storage::set_aside_copies(store),
            ),
            cards: Rc::new(cards()),
            settings,
            notice: None,
            salt,
            ids_made: 0,
            computer: Computer::default(),
            replay: Replay::default(),
            saving: Saving::default(),
            analysis: Default::default(),
            learn: Learn {
                progress: storage::progress(store)
                    .map(|t| Progress::read(&t))
                    .unwrap_or_default(),
                ..Learn::default()
            },
            roster: store
                .get(ROSTER_KEY)
                .map(|t| Roster::read(&t))
                .unwrap_or_default(),
            outbox: Vec::new(),
        };
        state.notice = startup_notice(&loaded);
        if let Some(route) = Route::parse(fragment) {
            // A screen's address (a reload): the game open last opens again, and
            // the screen the address names is shown.
            if let Some(g) = opened {
                state.reopen(g);
            }
            // (What start-up has to tell stays: showing a screen clears notices.)
            let told = state.notice.take();
            state.go_to(route);
            state.notice = told.or(state.notice.take());
        } else {
            let was_link = state.open_fragment(fragment, now);
            // No game from the fragment (none, or a bad link): the game open last
            // opens again, so a bad link never loses it.
            if let (None, Some(g)) = (&state.table.game, opened) {
                state.reopen(g);
                if !was_link {
                    state.nav.update(NavMsg::Show(Screen::Play));
                }
            }
        }
        // What start-up found is written at once (the game open, which it is).
        state.save();
        // The open game's analysis, read at once (shown with the first screen).
        if state.fit_analysis() {
            state
                .outbox
                .retain(|e| !matches!(e, Effect::LoadAnalysis(_)));
            if let Some(id) = state.analysis.id.clone() {
                let saved = storage::analysis(store, &id).and_then(|t| GameAnalysis::from_text(&t));
                let entries = state.open_entries();
                state
                    .analysis
                    .update(AnalysisMsg::Loaded { id, saved }, &entries);
            }
        }
        if let Some(job) = state.search_job() {
            state.effect(Effect::Think(Some(job)));
        }
        // (The evaluation bar's analysis, which starts by itself.)
        if let Some(job) = state.analysis_job() {
            state.effect(Effect::Analyse(Some(job)));
        }
        let effects = std::mem::take(&mut state.outbox);
        (state, effects)
    }

    /// Makes `g`, the game open last (replayed at start-up), the open game again,
    /// out of the saves list.
    pub(super) fn reopen(&mut self, g: Box<dyn PlayedGame>) {
        self.library.update(LibraryMsg::Forget(g.id().into()));
        self.table.update(TableMsg::Take(g));
        self.save();
    }
}

/// Each game's card for the home page: built once, at start-up.
pub(super) fn cards() -> Vec<(GameInfo, Rc<BoardView>)> {
    games::infos()
        .into_iter()
        .filter_map(|info| {
            let summary = games::summary(&games::demo_record(info.id)?)?;
            Some((info, summary.thumb))
        })
        .collect()
}

/// What start-up has to tell about the saved games it could not take (set aside,
/// left where they were, or from a later version), if anything.
fn startup_notice(loaded: &storage::Loaded) -> Option<Notice> {
    let none = loaded.set_aside.is_empty() && loaded.left.is_empty() && loaded.newer.is_empty();
    (!none).then(|| Notice::Startup {
        set_aside: loaded.set_aside.clone(),
        left: loaded.left.clone(),
        newer: loaded.newer.clone(),
    })
}
