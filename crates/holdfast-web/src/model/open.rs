//! Opening games handed over (links, files) and new ones: the game taken up, the one before set aside, a refusal said.

use super::*;

impl AppState {
    /// Opens the game a URL fragment carries; false when it is not a game link.
    pub fn open_fragment(&mut self, fragment: &str, now: f64) -> bool {
        // An opponent's link: read into the roster, which is shown.
        if fragment.starts_with(roster::LINK_PREFIX) {
            self.effect(Effect::ClearFragment(with_hash(fragment)));
            self.roster_msg(RosterMsg::Import(fragment.to_string()));
            self.reset_play_ui();
            self.nav.update(NavMsg::Show(Screen::Roster));
            return true;
        }
        match link::decode(fragment) {
            Ok(record) => {
                self.effect(Effect::ClearFragment(with_hash(fragment)));
                self.open_shared(record, now, Opened::Link, Source::Link);
                true
            }
            Err(LinkError::NotALink) => false,
            Err(e) => {
                self.effect(Effect::ClearFragment(with_hash(fragment)));
                self.notice = Some(Notice::BadLink(e));
                // The open game stays open (and the one to come back to).
                self.reset_play_ui();
                self.nav.update(NavMsg::Show(Screen::Home));
                self.save();
                true
            }
        }
    }

    /// A game handed over by a link or a file. One whose game id is saved here
    /// updates that game when it carries moves beyond it, and is said to be behind
    /// it or to have gone another way otherwise (then it opens beside it): nothing
    /// is merged or lost. Any other opens as a game of its own.
    pub(super) fn open_shared(&mut self, record: Record, now: f64, opened: Opened, from: Source) {
        let gid = record.id.clone().filter(|g| !g.is_empty());
        // Every copy here of the game: the open one first, then the list's.
        let mut copies: Vec<SavedGame> = Vec::new();
        if let Some(gid) = &gid {
            let ours = |r: &Record| r.id.as_deref() == Some(gid.as_str());
            copies.extend(
                self.table
                    .game
                    .as_ref()
                    .filter(|g| ours(g.record()))
                    .map(|g| g.saved()),
            );
            let open_id = copies.first().map(|c| c.id.clone());
            copies.extend(
                self.library
                    .saves
                    .iter()
                    .filter(|s| ours(&s.record) && open_id.as_deref() != Some(s.id.as_str()))
                    .cloned(),
            );
        }
        let (copy, notice) = match links::reconcile(record, &copies, now) {
            links::Outcome::New { record, left } => {
                let opened = self.open_record(record, now, Some(opened), from);
                if opened && left.len() > 1 {
                    // Several seats left to other devices: the seat to move is
                    // played here, and the play screen asks which others are.
                    let mover = self.table.game.as_ref().and_then(|g| {
                        let seat = g.to_move()?;
                        left.contains(&g.seat_index(seat)).then_some(seat)
                    });
                    if let Some(seat) = mover {
                        self.seat_here(seat, true);
                    }
                    self.ask(Dialog::ChooseSeats, true);
                }
                return;
            }
            links::Outcome::Diverged { record, common } => {
                // (The other device goes on from the link's line, so its next
                // links continue this one, under the same game id.)
                self.open_record(record, now, Some(Opened::Diverged(common)), from);
                return;
            }
            links::Outcome::Behind { copy, theirs, mine } => {
                (copy, Notice::Behind { theirs, mine })
            }
            links::Outcome::Same { copy } => (copy, Notice::UpToDate),
            links::Outcome::Update { copy, news } => (copy, Notice::Opened(Opened::Updated(news))),
        };
        let id = copy.id.clone();
        match games::from_saved(copy) {
            Ok(g) => {
                if self.table.game.as_ref().is_some_and(|o| o.id() == id) {
                    // Replaced, not set aside: the same game, moved on.
                    self.table.update(TableMsg::Close);
                }
                self.library.update(LibraryMsg::Forget(id));
                self.take_up(g, Some(notice));
            }
            Err(e) => self.refuse_open(from, Unopenable::Open(e)),
        }
    }

    /// A seat of the open game is played here (`here`) or on another device.
    pub(super) fn seat_here(&mut self, seat: Seat, here: bool) {
        let player = if here {
            SeatPlayer::Person
        } else {
            SeatPlayer::Remote
        };
        if self
            .game_mut()
            .is_some_and(|g| g.set_seat_player(seat, player))
        {
            self.save();
        }
    }

    /// Says why a game handed over cannot be opened; the saved games stay as they
    /// were.
    pub(super) fn refuse_open(&mut self, from: Source, why: Unopenable) {
        self.notice = Some(Notice::Refused { from, why });
    }

    /// Makes `g` the open game (the one open before goes back to the saves).
    pub(super) fn take_up(&mut self, g: Box<dyn PlayedGame>, notice: Option<Notice>) {
        self.stash_open_game();
        self.table.update(TableMsg::Take(g));
        self.nav.update(NavMsg::Show(Screen::Play));
        self.computer.paused = false;
        self.save();
        self.notice = notice;
    }

    /// Opens a record as a new game, with a game id of its own if it has none; false
    /// when it cannot be opened (and the player is told why).
    pub(super) fn open_record(
        &mut self,
        mut record: Record,
        now: f64,
        opened: Option<Opened>,
        from: Source,
    ) -> bool {
        if record.id.as_deref().is_none_or(str::is_empty) {
            record.id = Some(self.game_id(now));
        }
        match games::open(new_id(now), record, vec![], now) {
            Ok(g) => {
                self.take_up(g, opened.map(Notice::Opened));
                true
            }
            Err(e) => {
                self.refuse_open(from, Unopenable::Open(e));
                false
            }
        }
    }

    /// Moves the open game (if any) back into the saves list, with its summary.
    pub(super) fn stash_open_game(&mut self) {
        if let Some(g) = self.table.game.take() {
            // Its moves are not yet stored while its writes are refused: written
            // later, with the next writes.
            self.saving.update(SavingMsg::Left(g.id().to_string()));
            self.library
                .update(LibraryMsg::Keep(g.saved(), Rc::new(g.summary())));
        }
        self.reset_play_ui();
    }

    /// The same game again, the other player first: everyone moves one seat round.
    pub(super) fn rematch(&mut self, now: f64) {
        if let Some(g) = self.table.game.as_ref() {
            let mut record = g.record().clone();
            record.moves.clear();
            record.resigned = None;
            record.id = None;
            // The other player first: everyone moves one seat round.
            let shown = g.names();
            let n = shown.len();
            record.names = (0..n).map(|i| shown[(i + 1) % n].clone()).collect();
            let players = g.seat_players();
            record.seats = if players.iter().all(|&p| p == SeatPlayer::Person) {
                Vec::new()
            } else {
                (0..n).map(|i| players[(i + 1) % n].word()).collect()
            };
            self.open_record(record, now, Some(Opened::Rematch), Source::Here);
        }
    }
}

/// A fragment as the address bar's `location.hash` gives it, `#` first.
fn with_hash(fragment: &str) -> String {
    format!("#{}", fragment.strip_prefix('#').unwrap_or(fragment))
}

impl AppState {
    /// A new game's id: the time, and 32 bits from the start-up salt, the time
    /// and a count.
    pub(super) fn game_id(&mut self, now: f64) -> String {
        self.ids_made += 1;
        let seed = now.to_bits() ^ 0x9e37 ^ self.salt ^ self.ids_made.rotate_left(40);
        let r = holdfast_rules::Rng::new(seed).next_u64() & 0xffff_ffff;
        format!("{}{r:08x}", new_id(now))
    }
}
