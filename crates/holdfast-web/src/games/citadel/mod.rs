//! Everything Citadel shows: a Go board (warriors and citadels on the intersections,
//! walls on the squares between them), the setup and draft guided step by step, the
//! turn by taps (select a warrior to see its moves and attacks, tap a square for a
//! wall, an empty point beside your citadel to recruit), credits, strengths, sieges,
//! the new-game form and the rules page.
//!
//! The new-game form is in `new_game.rs`, the rules page in `rules.rs`.

mod new_game;
mod rules;
mod view;
mod words;

use holdfast_rules::geometry::Fixed;

use holdfast_rules::citadel::{
    Citadel, CitadelEnd, CitadelMove, CitadelSetup, FaceId, Phase, CITADELS, DRAFT_EACH,
};
use holdfast_rules::geometry::Geometry;
use holdfast_rules::{CellId, Game, MoveError, Record, Seat};
use web_sys::HtmlInputElement;
use yew::prelude::*;

use crate::board::{BoardView, CellView, FaceView, GoLayer, Marker};
use crate::game_ui::{
    Agreement, Feedback, GameInfo, GameUi, Input, InputCtx, OverPart, PartsCtx, PlayParts, Played,
    SeatPart, ViewCtx,
};
use crate::i18n::{n_, t, tf, tp, Refusal};
use crate::session::SessionMut;

pub use new_game::NewGame;
pub use view::board_view;

/// A draw, offered and answered between turns.
const DRAW: Agreement<Command> = Agreement {
    kind: "draw",
    offer_label: n_("Offer a draw"),
    offer_action: "offer-draw",
    offers: n_("offers a draw"),
    accept_label: n_("Accept the draw"),
    accept_action: "accept-draw",
    declined: n_("declined the draw"),
    offer: Command::OfferDraw(true),
    accept: Command::AcceptDraw,
    decline: Command::OfferDraw(false),
};

/// Citadel's in-turn state.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Ui {
    /// A move waiting for its confirming tap (a face's ghost is `0x8000 | face`).
    pub ghost: Option<CellId>,
    /// The warrior about to act.
    pub selected: Option<CellId>,
}

/// Citadel's buttons.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Command {
    EndTurn,
    /// Offer a draw (`true`), or decline the offer (`false`).
    OfferDraw(bool),
    /// The other player accepts the draw.
    AcceptDraw,
}

/// The settings flag that shows every warrior's and wall's strength.
pub const SHOW_STRENGTHS: &str = "citadel.show-strengths";

fn play(
    ui: &mut Ui,
    fb: &mut Feedback,
    g: &mut SessionMut<'_, Citadel>,
    mv: CitadelMove,
    now: f64,
    names: &[String],
) -> bool {
    fb.settle(&mut ui.ghost, g.play(mv, now), names)
}

/// Asks for a second tap when confirm-tap is on; true when the move may go ahead.
fn confirmed(ui: &mut Ui, fb: &mut Feedback, c: CellId, confirm: bool, what: String) -> bool {
    fb.confirmed(&mut ui.ghost, c, confirm, what)
}

/// A tap (or Enter) on an intersection. Setup and draft: place or take a citadel
/// (confirmed). Play: select a warrior; with one selected, tap a marked point to move
/// or attack (no confirmation: actions can be taken back until the turn ends); tap an
/// empty point beside your citadel to recruit, or a besieged enemy to take it
/// (both confirmed). Returns whether the game changed.
pub fn tap(
    ui: &mut Ui,
    fb: &mut Feedback,
    g: &mut SessionMut<'_, Citadel>,
    c: CellId,
    confirm: bool,
    now: f64,
    names: &[String],
) -> bool {
    let pos = g.game();
    let Some(me) = pos.to_move() else {
        fb.refuse(&mut ui.ghost, &MoveError::GameOver, names);
        return false;
    };
    let name = pos.board().name(c).to_string();
    match pos.phase() {
        Phase::Placing | Phase::Drafting => {
            let mv = if pos.phase() == Phase::Placing {
                CitadelMove::Place(c)
            } else {
                CitadelMove::Take(c)
            };
            if let Err(e) = pos.check(mv) {
                fb.refuse(&mut ui.ghost, &e, names);
                return false;
            }
            let what = if pos.phase() == Phase::Placing {
                tf("Tap {} again to place a citadel there.", &[&name])
            } else {
                tf("Tap {} again to take that citadel.", &[&name])
            };
            if !confirmed(ui, fb, c, confirm, what) {
                return false;
            }
            return play(ui, fb, g, mv, now, names);
        }
        Phase::Playing => {}
    }
    if let Some(sel) = ui.selected {
        if sel == c {
            ui.selected = None;
            fb.message = None;
            return false;
        }
        if pos.check(CitadelMove::Step(sel, c)).is_ok() {
            let ok = play(ui, fb, g, CitadelMove::Step(sel, c), now, names);
            ui.selected = (ok && g.game().warrior(c) == Some(me) && !g.game().is_over())
                .then_some(c)
                .or(ui.selected);
            return ok;
        }
        if pos.check(CitadelMove::Attack(sel, c)).is_ok() {
            let ok = play(ui, fb, g, CitadelMove::Attack(sel, c), now, names);
            if g.game().warrior(sel) != Some(me) {
                ui.selected = None;
            }
            return ok;
        }
    }
    if pos.warrior(c) == Some(me) {
        ui.selected = Some(c);
        ui.ghost = None;
        fb.message = None;
        return false;
    }
    if pos.check(CitadelMove::Siege(c)).is_ok() {
        if !confirmed(
            ui,
            fb,
            c,
            confirm,
            tf("Tap {} again to take this besieged warrior.", &[&name]),
        ) {
            return false;
        }
        return play(ui, fb, g, CitadelMove::Siege(c), now, names);
    }
    if pos.check(CitadelMove::Recruit(c)).is_ok() {
        if !confirmed(
            ui,
            fb,
            c,
            confirm,
            tf(
                "Tap {} again to recruit a warrior there (2 credits).",
                &[&name],
            ),
        ) {
            return false;
        }
        ui.selected = None;
        return play(ui, fb, g, CitadelMove::Recruit(c), now, names);
    }
    // Say why, the most relevant reason first.
    let err = match ui.selected {
        Some(sel) if pos.board().adjacent(sel, c) && pos.warrior(c).is_some() => {
            pos.check(CitadelMove::Attack(sel, c)).err()
        }
        Some(sel) if pos.board().adjacent(sel, c) => pos.check(CitadelMove::Step(sel, c)).err(),
        _ if pos.warrior(c).is_some() => pos.check(CitadelMove::Siege(c)).err(),
        _ => pos.check(CitadelMove::Recruit(c)).err(),
    };
    if let Some(e) = err {
        fb.refuse(&mut ui.ghost, &e, names);
    }
    false
}

/// A tap (or Enter) on a square: build a wall (confirmed), or destroy one with the
/// selected warrior (confirmed).
pub fn tap_face(
    ui: &mut Ui,
    fb: &mut Feedback,
    g: &mut SessionMut<'_, Citadel>,
    f: FaceId,
    confirm: bool,
    now: f64,
    names: &[String],
) -> bool {
    let pos = g.game();
    if pos.phase() != Phase::Playing || pos.to_move().is_none() {
        fb.refuse(
            &mut ui.ghost,
            Refusal::Said(t("Walls come once the citadels are placed and drafted.").into()),
            names,
        );
        return false;
    }
    let name = pos.face_name(f);
    // The ghost of a face is kept as its corner cell plus a marker bit, apart from cells.
    let key = 0x8000 | f;
    if pos.wall(f) {
        let Some(sel) = ui.selected else {
            fb.refuse(
                &mut ui.ghost,
                Refusal::Said(tf(
                    "Select one of your warriors next to the wall on {} first, then tap the wall.",
                    &[&name],
                )),
                names,
            );
            return false;
        };
        let mv = CitadelMove::Destroy(f, sel);
        if let Err(e) = pos.check(mv) {
            fb.refuse(&mut ui.ghost, &e, names);
            return false;
        }
        let equal = pos.strength(sel) == pos.wall_strength(f);
        let what = if equal {
            tf(
                "Tap the wall on {} again to destroy it; equal strength: your warrior falls too.",
                &[&name],
            )
        } else {
            tf(
                "Tap the wall on {} again to destroy it (1 credit).",
                &[&name],
            )
        };
        if !confirmed(ui, fb, key, confirm, what) {
            return false;
        }
        let ok = play(ui, fb, g, mv, now, names);
        if g.game().warrior(sel).is_none() {
            ui.selected = None;
        }
        return ok;
    }
    let mv = CitadelMove::Wall(f);
    if let Err(e) = pos.check(mv) {
        fb.refuse(&mut ui.ghost, &e, names);
        return false;
    }
    if !confirmed(
        ui,
        fb,
        key,
        confirm,
        tf(
            "Tap the square {} again to build a wall there (1 credit).",
            &[&name],
        ),
    ) {
        return false;
    }
    play(ui, fb, g, mv, now, names)
}

/// The home page's sample position: a 13x13 board after the setup and the draft.
pub fn demo_record() -> Record {
    Record {
        moves: [
            "d10",
            "j10",
            "g7",
            "d4",
            "j4",
            "d7",
            "j7",
            "g10",
            "g4",
            "g7",
            "d10",
            "j4",
            "d4",
            "j10",
            "d7",
            "R:d11 W:e10",
            "R:j3 j3-i3",
        ]
        .iter()
        .map(|m| m.to_string())
        .collect(),
        ..Record::new::<Citadel>(&CitadelSetup { size: 13 })
    }
}

fn status_line(g: &Citadel, names: &dyn Fn(Seat) -> String) -> String {
    let Some(me) = g.to_move() else {
        return match g.end() {
            Some(CitadelEnd::Won(s)) => {
                let name = names(s);
                tf("{} controls two citadels more: {} wins", &[&name, &name])
            }
            _ => t("A draw, agreed").into(),
        };
    };
    let placed = g
        .board()
        .cells()
        .filter(|&c| g.citadel(c).is_some())
        .count();
    let taken = g
        .board()
        .cells()
        .filter(|&c| matches!(g.citadel(c), Some(Some(_))))
        .count();
    match g.phase() {
        Phase::Placing => tf(
            "{}: place neutral citadel {} of {} (two cells from every edge, not next to another)",
            &[&names(me), &(placed + 1), &CITADELS],
        ),
        Phase::Drafting => tf(
            "{}: take a citadel (pick {} of {})",
            &[&names(me), &(taken + 1), &(2 * DRAFT_EACH)],
        ),
        Phase::Playing => tf(
            "{}: {} \u{2014} act, then end the turn",
            &[
                &names(me),
                &tp(g.credits() as usize, "{} credit left", "{} credits left"),
            ],
        ),
    }
}

/// Citadel's parts of the play screen.
fn play_parts(ctx: &PartsCtx<'_, Citadel>) -> PlayParts {
    let g = ctx.session();
    let pos = g.shown();
    let live = g.game();
    let names = |x: Seat| g.name(x);
    let interactive = ctx.interactive;
    let board = ctx.board();
    let scores = pos.scores();
    let playing = live.phase() == Phase::Playing;
    let toggle = ctx.emit.reform(move |e: Event| {
        Input::Flag(
            SHOW_STRENGTHS,
            e.target_unchecked_into::<HtmlInputElement>().checked(),
        )
    });
    // A draw is offered once each player has had a turn of play (placing and
    // drafting are the first 15 entries), not on the first.
    let played = ctx.session().record.moves.len() >= 17;
    let (offer, draw_panel) =
        ctx.agreement(&DRAW, playing && played && live.actions_taken() == 0, "");
    let controls = if interactive && playing {
        html! {
            <>
                { crate::widgets::button("end-turn", "primary", t("End turn"), ctx.on(Command::EndTurn)) }
                { offer }
            </>
        }
    } else {
        html! {}
    };
    let info = html! {
        <>
            if interactive && playing {
                <p class="credits" data-credits="">{ tf("Credits left: {} \u{b7} sieges this turn: {} of 2", &[&live.credits(), &live.sieges_made()]) }</p>
                <p class="muted small">{ t("Tap a warrior: dot = move (1), ringed \u{2715} = attack (free) \u{b7} tap a square for a wall (1) \u{b7} dot beside your citadel = recruit (2) \u{b7} \u{2694} = besieged or surrounded") }</p>
            }
            <label class="check">
                <input type="checkbox" checked={ctx.settings.flag(SHOW_STRENGTHS)} onchange={toggle} data-setting="show-strengths" />
                <span>{t("Show every strength")}</span>
            </label>
            { draw_panel }
        </>
    };
    let over = live.is_over().then(|| {
        let headline = match live.end() {
            Some(CitadelEnd::Won(w)) => tf(
                "{} wins: two citadels ahead, {} to {}.",
                &[&names(w), &scores[w as usize], &scores[1 - w as usize]],
            ),
            _ => t("A draw, by agreement.").to_string(),
        };
        OverPart {
            headline,
            breakdown: vec![t("citadels controlled").into(); 2],
        }
    });
    PlayParts {
        status: status_line(live, &names),
        board,
        seats: (0..2u8)
            .map(|x| {
                let w = pos
                    .board()
                    .cells()
                    .filter(|&c| pos.warrior(c) == Some(x))
                    .count();
                SeatPart {
                    score: scores[x as usize],
                    facts: format!(
                        "{} \u{b7} {}",
                        tp(
                            scores[x as usize].max(0) as usize,
                            "{} citadel",
                            "{} citadels"
                        ),
                        tp(w, "{} warrior", "{} warriors")
                    ),
                }
            })
            .collect(),
        controls,
        info,
        over,
        footer: tf(
            "Citadel \u{b7} {}x{} \u{b7} turn {}",
            &[&live.size(), &live.size(), &(live.turns() + 1)],
        ),
    }
}

impl GameUi for Citadel {
    type Ui = Ui;
    type Command = Command;
    type NewGame = NewGame;
    fn rules() -> Html {
        rules::rules()
    }

    const FACE_PREFIXES: &'static [&'static str] = &["W:", "X:"];
    fn that_cell() -> &'static str {
        crate::i18n::n_("That point")
    }
    const INFO: GameInfo = GameInfo {
        id: "citadel",
        title: crate::i18n::n_("Citadel"),
        blurb: crate::i18n::n_("Warriors, walls and citadels on a Go board: spend your credits, besiege, and get two citadels ahead."),
        players: crate::i18n::n_("2 players"),
        length: crate::i18n::n_("30 to 60 minutes"),
    };

    fn view(&self, ctx: &ViewCtx<'_, Self>) -> BoardView {
        board_view(
            self,
            ctx.geo,
            ctx.before,
            ctx.ui,
            ctx.names,
            ctx.interactive,
            ctx.settings.flag(SHOW_STRENGTHS),
        )
    }

    fn tap(p: &mut Played<Self>, fb: &mut Feedback, c: CellId, ctx: &InputCtx) -> bool {
        tap(
            &mut p.ui,
            fb,
            &mut SessionMut(&mut p.session),
            c,
            ctx.confirm,
            ctx.now,
            ctx.names,
        )
    }

    fn tap_face(p: &mut Played<Self>, fb: &mut Feedback, f: u16, ctx: &InputCtx) -> bool {
        tap_face(
            &mut p.ui,
            fb,
            &mut SessionMut(&mut p.session),
            f,
            ctx.confirm,
            ctx.now,
            ctx.names,
        )
    }

    fn command(p: &mut Played<Self>, fb: &mut Feedback, c: Command, ctx: &InputCtx) -> bool {
        let mv = match c {
            // Against the computer, it answers at once: it agrees to a draw only
            // while it holds fewer citadels than you.
            Command::OfferDraw(offer) => {
                return p.offer_or_decline(fb, offer, ctx, |g, me, it| {
                    let held = g.controlled();
                    let (mine, theirs) = (held[me as usize], held[1 - me as usize]);
                    if theirs < mine {
                        (true, tf("{} accepts the draw.", &[&it]))
                    } else {
                        (
                            false,
                            tf(
                                "{} declines the draw: it holds {} citadels to your {}. Play on.",
                                &[&it, &theirs, &mine],
                            ),
                        )
                    }
                })
            }
            Command::EndTurn => CitadelMove::End,
            Command::AcceptDraw => CitadelMove::Draw,
        };
        p.play_button(fb, mv, ctx)
    }

    fn answers(c: Command) -> bool {
        matches!(c, Command::AcceptDraw | Command::OfferDraw(false))
    }

    fn parts(ctx: &PartsCtx<'_, Self>) -> PlayParts {
        play_parts(ctx)
    }

    fn demo_record() -> Record {
        demo_record()
    }

    fn describe(setup: &CitadelSetup) -> String {
        tf("Citadel, {}x{}", &[&setup.size, &setup.size])
    }
}
