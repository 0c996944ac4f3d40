//! Everything Citadel shows: a Go board (warriors and citadels on the intersections,
//! walls on the squares between them), the setup and draft guided step by step, the
//! turn by taps (select a warrior to see its moves and attacks, tap a square for a
//! wall, an empty point beside your citadel to recruit), credits, strengths, sieges,
//! the new-game form and the rules page.
//!
//! The new-game form is in `new_game.rs`, the rules page in `rules.rs`.

mod new_game;
mod rules;
mod words;

use holdfast_rules::geometry::Fixed;

use holdfast_rules::citadel::{
    Citadel, CitadelEnd, CitadelMove, CitadelSetup, FaceId, Phase, CITADELS, DRAFT_EACH,
};
use holdfast_rules::geometry::Geometry;
use holdfast_rules::{CellId, Game, MoveError, Record, Seat};
use web_sys::HtmlInputElement;
use yew::prelude::*;

use std::collections::HashSet;

use crate::board::{BoardView, CellView, FaceView, GoLayer, Marker};
use crate::game_ui::{
    Agreement, Feedback, GameInfo, GameUi, Input, InputCtx, OverPart, PartsCtx, PlayParts, Played,
    SeatPart, ViewCtx,
};
use crate::i18n::{n_, t, tf, tp, Refusal};
use crate::session::SessionMut;

pub use new_game::NewGame;

fn circle(cx: f32, cy: f32, r: f32) -> String {
    format!(
        "M{} {}a{r_f} {r_f} 0 1 0 {} 0a{r_f} {r_f} 0 1 0 {} 0Z",
        Fixed::new(cx - r, 2),
        Fixed::new(cy, 2),
        Fixed::new(2.0 * r, 2),
        Fixed::new(-2.0 * r, 2),
        r_f = Fixed::new(r, 2)
    )
}

/// The legal actions of a position, listed once for a drawing of it: a set, as a
/// 19x19 board asks it about every cell and face (a list's search, tried for size,
/// would be some 10^6 comparisons a drawing).
fn legal_set(g: &Citadel) -> HashSet<CitadelMove> {
    let mut v = Vec::new();
    g.legal_moves(&mut v);
    v.into_iter().collect()
}

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

/// The board's props for a position: pure, from the rules' state and the selection.
pub fn board_view(
    g: &Citadel,
    geo: &Geometry,
    before: Option<&Citadel>,
    ui: Option<&Ui>,
    names: &dyn Fn(Seat) -> String,
    interactive: bool,
    all_strengths: bool,
) -> BoardView {
    let board = g.board();
    let n = g.size() as usize;
    let (selected, ghost) = (ui.and_then(|u| u.selected), ui.and_then(|u| u.ghost));
    // One listing of the legal actions serves every highlight.
    let legal = if interactive {
        legal_set(g)
    } else {
        HashSet::new()
    };
    let attacks: Vec<(CellId, CellId)> = legal
        .iter()
        .filter_map(|m| match *m {
            CitadelMove::Attack(a, b) => Some((a, b)),
            _ => None,
        })
        .collect();
    let mv = |m: CitadelMove| legal.contains(&m);
    let cells: Vec<CellView> = board
        .cells()
        .map(|c| {
            let cg = &geo.cells[c as usize];
            let (cx, cy) = cg.centre;
            let warrior = g.warrior(c);
            let citadel = g.citadel(c);
            let marker = match g.phase() {
                Phase::Placing if mv(CitadelMove::Place(c)) => Some(Marker::Plus),
                Phase::Drafting if mv(CitadelMove::Take(c)) => Some(Marker::Plus),
                Phase::Playing => match selected {
                    Some(s) if mv(CitadelMove::Step(s, c)) => Some(Marker::Dot),
                    Some(s) if mv(CitadelMove::Attack(s, c)) => Some(Marker::Cross),
                    _ if mv(CitadelMove::Siege(c)) => Some(Marker::Cross),
                    _ => None,
                },
                _ => None,
            };
            let recruit =
                g.phase() == Phase::Playing && selected.is_none() && mv(CitadelMove::Recruit(c));
            let involved = attacks.iter().any(|&(a, b)| a == c || b == c);
            let show_strength =
                warrior.is_some() && (all_strengths || involved || selected == Some(c));
            let mut label = board.name(c).to_string();
            label.push_str(": ");
            let mut parts = Vec::new();
            // The parts are joined by ", ": a warrior's state follows it.
            if let Some(s) = warrior {
                parts.push(tf(
                    "{}'s warrior, strength {}",
                    &[&names(s), &g.strength(c)],
                ));
                if g.is_used(c) {
                    parts.push(t("used in an attack").to_string());
                }
                if g.besieged(c) {
                    parts.push(t("besieged").to_string());
                }
            }
            match citadel {
                Some(Some(s)) => {
                    parts.push(tf("{}'s citadel", &[&names(s)]));
                    if g.citadel_surrounded(c) {
                        parts.push(t("surrounded").to_string());
                    }
                }
                Some(None) => parts.push(t("neutral citadel").to_string()),
                None => {}
            }
            if g.covered(c) {
                parts.push(t("under a wall").to_string());
            }
            if parts.is_empty() {
                parts.push(t("empty").to_string());
            }
            label.push_str(&parts.join(", "));
            let can = match marker {
                Some(Marker::Dot) => Some(t("the selected warrior can move here (1 credit)")),
                Some(Marker::Cross)
                    if g.warrior(c).is_some() && g.besieged(c) && selected.is_none() =>
                {
                    Some(t("can be taken by siege"))
                }
                Some(Marker::Cross) => Some(t("the selected warrior can attack it")),
                Some(Marker::Plus) if g.phase() == Phase::Placing => {
                    Some(t("a citadel can go here"))
                }
                Some(Marker::Plus) => Some(t("you can take this citadel")),
                _ => None,
            };
            if let Some(can) = can {
                label.push_str("; ");
                label.push_str(can);
            }
            if recruit {
                label.push_str("; ");
                label.push_str(t("you can recruit here (2 credits)"));
            }
            if selected == Some(c) {
                label.push_str(" (");
                label.push_str(t("selected"));
                label.push(')');
            }
            // The last turn's work: a warrior arrived or recruited, a citadel
            // placed or taken, a wall raised (ringed); a warrior gone (fading).
            let changed = before.is_some_and(|b| {
                (warrior.is_some() && b.warrior(c) != warrior)
                    || b.citadel(c) != citadel
                    || b.covered(c) != g.covered(c)
            });
            let removed = before
                .and_then(|b| b.warrior(c))
                .filter(|_| warrior.is_none())
                .map(|s| (s, 1));
            CellView {
                fill: circle(cx, cy, cg.radius * 0.86).into(),
                outline: circle(cx, cy, cg.radius * 0.86).into(),
                radius: cg.radius * 0.95,
                pieces: warrior.map(|s| (s, 1)),
                legal: recruit,
                marker,
                selected: selected == Some(c),
                keep: citadel,
                dim: g.is_used(c),
                ghost: (ghost == Some(c) && warrior.is_none())
                    .then(|| g.to_move())
                    .flatten(),
                contested: g.besieged(c) || g.citadel_surrounded(c),
                note: show_strength.then(|| g.strength(c).to_string()),
                last: changed,
                removed,
                label,
                ..CellView::blank(c, board.name(c), cg)
            }
        })
        .collect();
    // Grid lines through the intersections, and the faces between them.
    let centre = |c: CellId| geo.cells[c as usize].centre;
    let mut grid = String::new();
    for i in 0..n {
        let a = centre((i * n) as CellId);
        let b = centre((i * n + n - 1) as CellId);
        grid.push_str(&format!(
            "M{} {}H{}",
            Fixed::new(a.0, 2),
            Fixed::new(a.1, 2),
            Fixed::new(b.0, 2)
        ));
        let a = centre(i as CellId);
        let b = centre(((n - 1) * n + i) as CellId);
        grid.push_str(&format!(
            "M{} {}V{}",
            Fixed::new(a.0, 2),
            Fixed::new(a.1, 2),
            Fixed::new(b.1, 2)
        ));
    }
    let faces = (0..g.faces() as FaceId)
        .map(|f| {
            let k = g.face_cells(f);
            let (x0, y1) = centre(k[0]);
            let (x1, y0) = centre(k[3]);
            let wall = g.wall(f);
            let name = g.face_name(f);
            let buildable = selected.is_some_and(|s| {
                legal.contains(&CitadelMove::Wall(f)) && k.iter().any(|&q| board.adjacent(q, s))
            });
            let destroyable = selected.is_some_and(|s| legal.contains(&CitadelMove::Destroy(f, s)));
            let near_selected = selected.is_some_and(|s| k.iter().any(|&q| board.adjacent(q, s)));
            let mut label = if wall {
                tf(
                    "square {}: wall, strength {}",
                    &[&name, &g.wall_strength(f)],
                )
            } else {
                tf("square {}: no wall", &[&name])
            };
            if wall && destroyable {
                label.push_str("; ");
                label.push_str(t("the selected warrior can destroy it (1 credit)"));
            } else if !wall && buildable {
                label.push_str("; ");
                label.push_str(t("you can build a wall here (1 credit)"));
            }
            FaceView {
                id: f,
                name,
                d: format!(
                    "M{x0_f} {y0_f}H{x1_f}V{y1_f}H{x0_f}Z",
                    x0_f = Fixed::new(x0, 2),
                    y0_f = Fixed::new(y0, 2),
                    x1_f = Fixed::new(x1, 2),
                    y1_f = Fixed::new(y1, 2)
                ),
                centre: ((x0 + x1) / 2.0, (y0 + y1) / 2.0),
                wall,
                marker: (buildable || destroyable).then_some(Marker::Plus),
                note: (wall && (all_strengths || near_selected))
                    .then(|| g.wall_strength(f).to_string()),
                label,
            }
        })
        .collect();
    BoardView {
        view_box: geo.view_box,
        cells,
        edge: if interactive { g.to_move() } else { None },
        regions: false,
        go: Some(GoLayer { grid, faces }),
        palette: None,
    }
}

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
                <button class="primary" data-action="end-turn" onclick={ctx.on(Command::EndTurn)}>{t("End turn")}</button>
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
