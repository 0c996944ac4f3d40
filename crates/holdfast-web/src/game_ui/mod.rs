//! The one interface every game's screen part implements ([`GameUi`]), and the
//! game-blind form the rest of the app holds a game in ([`PlayedGame`]).
//!
//! Layers, from the bottom: [`crate::board`] (draws cells, knows no rules) and the
//! small shared pieces ([`crate::widgets`], [`crate::session`], [`crate::settings`],
//! [`crate::storage`]); this module; each game's module in [`crate::games`] and the
//! registry there; [`crate::model`] (the state and its reducer, which sees games only
//! through [`PlayedGame`]); [`crate::screens`] and [`crate::app`]. A module never
//! uses one above it.

use std::any::Any;
use std::rc::Rc;

use holdfast_rules::geometry::{geometry, Geometry};
use holdfast_rules::{CellId, Game, Record, Seat};
use yew::prelude::*;
use yew::virtual_dom::VChild;

mod input;
mod played;
pub mod said;

pub use crate::seat::SeatPlayer;
pub use input::{pass_label, Command, Feedback, Input, InputCtx, Said, Seen};
pub use played::{open_as, played, PlayView, Played, PlayedGame, Summary};

use crate::board::{BoardView, SEAT_NAMES};
use crate::i18n::{t, tf};
use crate::session::Session;
use crate::settings::Settings;
use crate::widgets::figure;

/// What the home page says about a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameInfo {
    pub id: &'static str,
    pub title: &'static str,
    pub blurb: &'static str,
    pub players: &'static str,
    pub length: &'static str,
}

/// What a board view is built from besides the position.
pub struct ViewCtx<'a, G: GameUi> {
    /// The board's outlines, computed once per board.
    pub geo: &'a Geometry,
    /// The position one action earlier (to show what just changed).
    pub before: Option<&'a G>,
    /// The last record entry, in notation.
    pub last: Option<&'a str>,
    /// The game's in-turn state (selection, ghost…); `None` for a still picture.
    pub ui: Option<&'a G::Ui>,
    /// Legal targets and the turn band are shown only on the board being played.
    pub interactive: bool,
    pub settings: &'a Settings,
    pub names: &'a dyn Fn(Seat) -> String,
}

/// One seat's panel.
pub struct SeatPart {
    pub score: i32,
    /// A line under the name (pieces left, moves left…).
    pub facts: String,
}

/// The end of a game, as a game tells it.
pub struct OverPart {
    pub headline: String,
    /// Per seat: how the score is made up.
    pub breakdown: Vec<String>,
}

/// What a game puts on the play screen.
pub struct PlayParts {
    /// The turn banner's text.
    pub status: String,
    pub board: Rc<BoardView>,
    pub seats: Vec<SeatPart>,
    /// The game's own buttons (pass, swap, count…), before undo/redo/share.
    pub controls: Html,
    /// Lines under the controls (a dice roll, a step counter…).
    pub info: Html,
    pub over: Option<OverPart>,
    /// The setup in a line (map, options).
    pub footer: String,
}

/// What every game's new-game screen is given.
#[derive(Properties, PartialEq)]
pub struct NewGameProps {
    /// Starts the game a record describes.
    pub on_start: Callback<Record>,
    /// Pre-filled setup and names (a rematch, "new game like this").
    #[prop_or_default]
    pub initial: Option<Record>,
    /// A game's own computer players beyond the levels, as (word, label): Fortress's
    /// 1983 roster as this device keeps it.
    #[prop_or_default]
    pub more_seats: std::rc::Rc<Vec<(String, String)>>,
}

impl NewGameProps {
    /// The setup to start the form from: the initial record's, else the default.
    pub fn initial_setup<G: Game>(&self) -> G::Setup {
        self.initial
            .as_ref()
            .and_then(|r| r.setup_of::<G>().ok())
            .unwrap_or_default()
    }

    /// Who plays each seat at first, one a seat up to `seats`: the initial record's
    /// choice, else you in the first seat and the computer at level 2 in the others.
    pub fn initial_seats(&self, seats: usize) -> Vec<String> {
        let kept = self
            .initial
            .as_ref()
            .map(|r| r.seats.clone())
            .unwrap_or_default();
        (0..seats)
            .map(|i| match kept.get(i) {
                Some(s) => s.clone(),
                // A record of people only keeps no seats.
                None if self.initial.is_some() && kept.is_empty() => SeatPlayer::PERSON.into(),
                None => crate::widgets::default_seat(i).to_string(),
            })
            .collect()
    }

    /// The names fields' first contents, one a seat up to `seats`: the initial
    /// record's names, else empty (the fields show the default names).
    pub fn initial_names(&self, seats: usize) -> Vec<String> {
        let mut names = self
            .initial
            .as_ref()
            .map(|r| r.names.clone())
            .unwrap_or_default();
        names.resize(seats, String::new());
        names
    }
}

/// Everything a game's parts of the play screen are built from.
pub struct PartsCtx<'a, G: GameUi> {
    pub played: &'a Played<G>,
    pub settings: &'a Settings,
    pub feedback: &'a Feedback,
    /// Sends the player's inputs (the game's own buttons) to the app.
    pub emit: &'a Callback<Input>,
    /// Whether the position on screen can be played (not looking back, not over).
    pub interactive: bool,
}

impl<G: GameUi> PartsCtx<'_, G> {
    pub fn session(&self) -> &Session<G> {
        &self.played.session
    }

    /// A seat's name as shown now.
    pub fn name(&self, seat: Seat) -> String {
        G::seat_name(&self.played.session, seat)
    }

    /// The play screen's board: the position on screen, with the last move and, while
    /// it can be played, the game's in-turn state.
    pub fn board(&self) -> Rc<BoardView> {
        let s = &self.played.session;
        let before = s.before_shown();
        let ply = s.shown_ply();
        let names = |x: Seat| self.name(x);
        let ctx = ViewCtx {
            geo: &self.played.geo,
            before: before.as_deref(),
            last: ply
                .checked_sub(1)
                .and_then(|i| s.record.moves.get(i))
                .map(String::as_str),
            ui: self.interactive.then_some(&self.played.ui),
            interactive: self.interactive,
            settings: self.settings,
            names: &names,
        };
        Rc::new(s.shown().view(&ctx))
    }

    /// A button for one of the game's commands.
    pub fn on<C: Any + PartialEq + std::fmt::Debug + Copy>(&self, c: C) -> Callback<MouseEvent> {
        self.emit.reform(move |_: MouseEvent| Input::command(c))
    }

    /// The game's agreement on the play screen: the button that offers it (the
    /// person to move, between turns, once a turn: `can` says the game allows it
    /// now), and the panel of an offer standing: accept or decline where the
    /// answer is given here, else whose answer it waits for; or that it was
    /// declined. `detail` is what accepting settles (the count as it stands).
    pub fn agreement(&self, a: &Agreement<G::Command>, can: bool, detail: &str) -> (Html, Html)
    where
        G::Command: Any + std::fmt::Debug + Copy,
    {
        let s = self.session();
        let (Some(mover), true) = (s.to_move(), self.interactive) else {
            return (html! {}, html! {});
        };
        let other = 1 - mover;
        let players = self.played.seat_players();
        let person = |x: Seat| players.get(x as usize) == Some(&SeatPlayer::Person);
        let button = (can && s.record.offer.is_none() && person(mover)).then(|| {
            html! {
                <button data-action={a.offer_action} onclick={self.on(a.offer)}>{ t(a.offer_label) }</button>
            }
        });
        let panel = s.record.offer.map(|o| {
            let (by, to) = (self.name(mover), self.name(other));
            let said = if o.declined {
                tf("{} {}. {} plays on.", &[&to, &t(a.declined), &by])
            } else if person(other) {
                tf("{} {}. {}, do you accept? {}", &[&by, &t(a.offers), &to, &detail])
            } else {
                tf(
                    "{} {}; {} answers on another device. {}",
                    &[&by, &t(a.offers), &to, &detail],
                )
            };
            let said = said.trim_end();
            html! {
                <div class="count-offer" role="status" data-offer={a.kind}>
                    <p>{ said }</p>
                    if !o.declined && person(other) {
                        <div class="row">
                            <button class="primary" data-action={a.accept_action} onclick={self.on(a.accept)}>{ t(a.accept_label) }</button>
                            { crate::widgets::button("decline", "", t("Decline"), self.on(a.decline)) }
                        </div>
                    }
                </div>
            }
        });
        (button.unwrap_or_default(), panel.unwrap_or_default())
    }
}

/// A game's agreement between turns (Fort's count, Citadel's draw): its words and
/// its commands. Accepting plays the game's agreement entry; an offer and its
/// answer live in the record ([`holdfast_rules::record::Offer`]), so they travel
/// by link like moves.
pub struct Agreement<C> {
    /// `count`, `draw`: the offer panel's `data-offer`.
    pub kind: &'static str,
    pub offer_label: &'static str,
    pub offer_action: &'static str,
    /// After the offerer's name: "offers to count".
    pub offers: &'static str,
    pub accept_label: &'static str,
    pub accept_action: &'static str,
    /// After the other's name: "declined to count".
    pub declined: &'static str,
    pub offer: C,
    pub accept: C,
    pub decline: C,
}

impl<G: GameUi> Played<G> {
    /// The game's agreement offered (`true`) or declined: a computer to answer
    /// answers at once, by `computer` (accepts, and what it says), and nothing is
    /// recorded unless it accepts. True when the game changed.
    pub fn offer_or_decline(
        &mut self,
        fb: &mut Feedback,
        offer: bool,
        ctx: &InputCtx,
        computer: impl FnOnce(&G, Seat, &str) -> (bool, String),
    ) -> bool {
        let session = Rc::make_mut(&mut self.session);
        if !offer {
            return session.decline(ctx.now);
        }
        let g = session.game();
        let Some(me) = g.to_move() else { return false };
        let Some(word) = computer_of(session, 1 - me) else {
            return session.offer(ctx.now);
        };
        let (accepts, says) = computer(g, me, &capitalised(&computer_name(&word)));
        let played = match g.agreement().filter(|_| accepts) {
            Some(mv) => self.play_button(fb, mv, ctx),
            None => false,
        };
        if played || !accepts {
            fb.message = Some(Said::Words(says));
        }
        played
    }
}

/// A game's part of the app: what a cell shows, what a tap means, its controls,
/// new-game form and rules page, and its own in-turn state. One module a game
/// implements it; nothing else in the app knows a game's rules.
pub trait GameUi: Game + std::fmt::Debug + 'static {
    /// The game's in-turn UI state (a selected piece, a ghost, a piece chosen from the
    /// hand…), reset whenever the position changes under it.
    type Ui: Clone + Default + PartialEq + std::fmt::Debug + 'static;
    /// The game's own buttons.
    type Command: Copy + PartialEq + std::fmt::Debug + 'static;
    /// The new-game screen: the setup's options and the players' names.
    type NewGame: BaseComponent<Properties = NewGameProps>;
    /// The rules page, in our own words, with diagrams.
    /// The rules page (a plain function: a component of its own costs the wasm more).
    fn rules() -> Html;

    /// What the home page says.
    const INFO: GameInfo;

    /// The board's props for this position: pure.
    fn view(&self, ctx: &ViewCtx<'_, Self>) -> BoardView;
    /// A tap (or, with `ctx.confirm` false, Enter) on a cell. True when the game changed.
    fn tap(p: &mut Played<Self>, fb: &mut Feedback, c: CellId, ctx: &InputCtx) -> bool;
    /// A tap on a face between cells (Go boards). True when the game changed.
    fn tap_face(p: &mut Played<Self>, fb: &mut Feedback, face: u16, ctx: &InputCtx) -> bool {
        let _ = (p, fb, face, ctx);
        false
    }
    /// One of the game's buttons. True when the game changed.
    fn command(p: &mut Played<Self>, fb: &mut Feedback, c: Self::Command, ctx: &InputCtx) -> bool;
    /// Whether a button answers an offer of the game's agreement (accept or
    /// decline): the one input taken from the player an offer waits for while the
    /// turn is another device's.
    fn answers(_c: Self::Command) -> bool {
        false
    }
    /// The game's parts of the play screen.
    fn parts(ctx: &PartsCtx<'_, Self>) -> PlayParts;
    /// The sample position on the home page's card.
    fn demo_record() -> Record;

    /// A seat's name as the position shows it (Fortress: colours trade on a swap).
    fn seat_name(s: &Session<Self>, seat: Seat) -> String {
        s.name(Self::seat_index(s, seat) as Seat)
    }
    /// Whose name and player (in the record's `names` and `seats`) a seat has now:
    /// the seat itself unless a game trades them (Fortress's pie rule).
    fn seat_index(s: &Session<Self>, seat: Seat) -> usize {
        let _ = s;
        seat as usize
    }
    /// The names of a new game's seats when the record gives none.
    fn default_names(players: usize) -> Vec<String> {
        (0..players)
            .map(|i| t(SEAT_NAMES[i % SEAT_NAMES.len()]).to_string())
            .collect()
    }
    /// The notation's prefixes of an action on a face between cells (Citadel's
    /// walls), for drawing a hint.
    const FACE_PREFIXES: &'static [&'static str] = &[];
    /// An empty cell as a refusal names it ("That hex", "That point").
    fn that_cell() -> &'static str {
        crate::i18n::n_("That cell")
    }
    /// `n` cells of the game's land, as a move's words count them ("3 hexes").
    fn territory(n: usize) -> String {
        crate::i18n::tp(n, "{} cell", "{} cells")
    }
    /// The setup in a few words, for the saved-games list.
    fn describe(setup: &Self::Setup) -> String {
        let _ = setup;
        t(Self::INFO.title).to_string()
    }
}

/// The computer player of a seat (its word: `level2`, …), if a computer plays it.
pub fn computer_of<G: GameUi>(s: &Session<G>, seat: Seat) -> Option<String> {
    let word = s.record.seats.get(G::seat_index(s, seat))?;
    SeatPlayer::from_word(word)
        .is_computer()
        .then(|| word.clone())
}

/// A sentence's first word with a capital.
pub fn capitalised(text: &str) -> String {
    let mut c = text.chars();
    match c.next() {
        Some(f) => std::iter::once(upper(f)).chain(c).collect(),
        None => String::new(),
    }
}

/// A letter's capital, for Latin (with Latin-1's accented letters, as in names
/// typed for the seats: "Élodie") and Cyrillic: `char::to_uppercase` would bring the
/// whole Unicode case table into the wasm. Other letters are left as they are.
fn upper(c: char) -> char {
    let u = c as u32;
    let to = match c {
        'a'..='z' | 'à'..='ö' | 'ø'..='þ' | 'а'..='я' => u - 0x20,
        'ѐ'..='џ' => u - 0x50,
        'ґ' => u - 1,
        _ => u,
    };
    char::from_u32(to).unwrap_or(c)
}

/// How a computer seat is named in a sentence: "the computer (level 2)".
pub fn computer_name(word: &str) -> String {
    tf("the computer ({})", &[&level_name(word)])
}

/// A computer player's level as people say it, from its word: "level 2",
/// "strongest", a 1983 opponent's name, a copy's as "Count Vauban, copy 3"
/// (`random` and `greedy` as they are).
pub fn level_name(word: &str) -> String {
    let (id, copy) = word.split_once('@').unwrap_or((word, ""));
    let roster = crate::widgets::ROSTER_NAMES.iter().find(|(r, _)| *r == id);
    match (word.strip_prefix("level"), roster) {
        (Some(l), _) => tf("level {}", &[&l]),
        (None, Some((_, name))) if copy.is_empty() => t(name).to_string(),
        (None, Some((_, name))) => tf("{}, copy {}", &[&t(name), &copy]),
        (None, None) if word == "strongest" => t("strongest").to_string(),
        (None, None) => word.to_string(),
    }
}

/// A 1983 opponent's name as the roster shows it: a copy's own `name`, else its
/// base's ([`level_name`] of its word).
pub fn roster_name(word: &str, name: &str) -> String {
    if name.trim().is_empty() {
        level_name(word)
    } else {
        name.trim().to_string()
    }
}

/// A game's new-game screen; `initial` pre-fills it.
pub fn new_game_of<G: GameUi>(
    on_start: Callback<Record>,
    initial: Option<Record>,
    more_seats: std::rc::Rc<Vec<(String, String)>>,
) -> Html {
    let props = NewGameProps {
        on_start,
        initial,
        more_seats,
    };
    VChild::<G::NewGame>::new(props, None).into()
}

/// A game's rules page.
pub fn rules_page<G: GameUi>() -> Html {
    html! {
        <>
            { G::rules() }
            <section class="rules-app" data-rules-app="">
                { crate::widgets::document(crate::i18n::tx("app.rules.resigning"), &|_, _| html! {}) }
            </section>
        </>
    }
}

/// A still picture of a position with the default seat names (previews, diagrams).
pub fn preview<G: GameUi>(g: &G) -> BoardView {
    still(g, None, None)
}

/// A still picture of `g`, showing what changed since `before` (the last entry `last`).
pub fn still<G: GameUi>(g: &G, before: Option<&G>, last: Option<&str>) -> BoardView {
    let names = |x: Seat| t(SEAT_NAMES[x as usize % SEAT_NAMES.len()]).to_string();
    let geo = geometry(g.board());
    let settings = Settings::default();
    g.view(&ViewCtx {
        geo: &geo,
        before,
        last,
        ui: None,
        interactive: false,
        settings: &settings,
        names: &names,
    })
}

/// A rules diagram: the position a record reaches, with what its last entry changed.
pub fn record_diagram<G: GameUi>(record: Record, caption: &str) -> Html {
    match Session::<G>::open("rules".into(), record, vec![], 0.0) {
        Ok(s) => {
            let before = s.before_shown();
            let view = still(
                s.game(),
                before.as_deref(),
                s.record.moves.last().map(String::as_str),
            );
            figure(view, caption)
        }
        Err(_) => html! {},
    }
}

#[cfg(test)]
mod capital_tests {
    use super::capitalised;

    #[test]
    fn capitals_of_both_alphabets_and_accented_latin() {
        for (word, capital) in [
            ("orange", "Orange"),
            ("élodie", "Élodie"),
            ("øystein", "Øystein"),
            ("іван", "Іван"),
            ("їжак", "Їжак"),
            ("єва", "Єва"),
            ("ґава", "Ґава"),
            ("щука", "Щука"),
            ("1st", "1st"),
            ("", ""),
        ] {
            assert_eq!(capitalised(word), capital);
        }
        // Not Latin nor Cyrillic: left as typed.
        assert_eq!(capitalised("αλφα"), "αλφα");
    }
}
