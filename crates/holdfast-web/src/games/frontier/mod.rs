//! Everything Frontier shows: the field's props from a position (territory, cities,
//! forts, water, mountains, generals), building by tap in modes 1–2, orders to
//! generals in mode 3, the new-game screen that builds the explicit setup (sizes,
//! cities by tap, painted or generated terrain, presets), and the rules page with the
//! Ukrainian original beside the English.
//!
//! The new-game screen is in `new_game.rs`, the rules page in `rules.rs`.

mod new_game;
mod rules;
mod words;

use holdfast_rules::frontier::{self, preset, Frontier, FrontierMove, Order};
use holdfast_rules::geometry::Geometry;
use holdfast_rules::{CellId, Game, MoveError, Record, Seat, Terrain};
use yew::prelude::*;

use crate::board::{BoardView, CellView, Marker};
use crate::game_ui::{
    Feedback, GameInfo, GameUi, InputCtx, OverPart, PartsCtx, PlayParts, Played, SeatPart, ViewCtx,
};
use crate::i18n::{move_sentence, t, tf, tp, Refusal};
use crate::session::SessionMut;

pub use new_game::NewGame;

/// The seed's names of the three modes.
pub const MODE_NAMES: [&str; 3] = [
    "I'm too young to die",
    "Hey, not too rough!",
    "Hurt me plenty",
];

/// What a selected general can do on each cell: move there, build there, or both.
fn targets(g: &Frontier, at: CellId) -> Vec<(CellId, bool, bool)> {
    let mut out: Vec<(CellId, bool, bool)> = Vec::new();
    for o in g.orders_for(at) {
        let (cell, build) = match o {
            Order::Step(_, b) => (b, false),
            Order::Two(_, _, c) => (c, false),
            Order::Build(a) => (a, true),
            Order::StepBuild(_, b) => (b, true),
        };
        match out.iter_mut().find(|t| t.0 == cell) {
            Some(t) => {
                if build {
                    t.2 = true
                } else {
                    t.1 = true
                }
            }
            None => out.push((cell, !build, build)),
        }
    }
    out
}

/// The move order that takes the general on `at` to `to` (one or two steps).
/// A neighbour is reached in one step, never by a detour through another cell
/// (the record then says `c3-c4`, not `c3-b3-c4`, as a puzzle's answer does).
fn move_order(g: &Frontier, at: CellId, to: CellId) -> Option<Order> {
    let orders = g.orders_for(at);
    let step = orders
        .iter()
        .find(|o| matches!(**o, Order::Step(_, b) if b == to));
    let two = || {
        orders
            .iter()
            .find(|o| matches!(**o, Order::Two(_, _, c) if c == to))
    };
    step.or_else(two).copied()
}

/// The build order of the general on `at` that builds on `to`.
fn build_order(g: &Frontier, at: CellId, to: CellId) -> Option<Order> {
    g.orders_for(at).into_iter().find(|o| match *o {
        Order::Build(a) => a == to,
        Order::StepBuild(_, b) => b == to,
        _ => false,
    })
}

/// The board's props for a position: pure, from the rules' state and the selection.
pub fn board_view(
    g: &Frontier,
    geo: &Geometry,
    before: Option<&Frontier>,
    selected: Option<CellId>,
    ghost: Option<CellId>,
    names: &dyn Fn(Seat) -> String,
    interactive: bool,
) -> BoardView {
    let board = g.board();
    let builds = if interactive && g.mode() < 3 {
        g.builds()
    } else {
        Vec::new()
    };
    let tgts = match (interactive, selected) {
        (true, Some(at)) => targets(g, at),
        _ => Vec::new(),
    };
    let cities = g.cities();
    let cells = board
        .cells()
        .map(|c| {
            let cg = &geo.cells[c as usize];
            let owner = g.owner(c);
            let city = cities.iter().position(|&k| k == c).map(|s| s as Seat);
            let fort = g.fort(c);
            let general = g.general_at(c).map(|x| (x.seat, x.ordered));
            let tgt = tgts.iter().find(|x| x.0 == c);
            let marker = match tgt {
                Some(&(_, _, true)) => Some(Marker::Plus),
                Some(&(_, true, false)) => Some(Marker::Dot),
                _ => None,
            };
            let terrain = board.terrain(c);
            let name = board.name(c);
            let mut label = match terrain {
                Terrain::Sea => tf("{} (water)", &[&name]),
                Terrain::Mountain => tf("{} (mountain)", &[&name]),
                Terrain::Land => name.to_string(),
            };
            label.push_str(": ");
            let mut parts = Vec::new();
            if let Some(s) = city {
                parts.push(tf("{}'s city", &[&names(s)]));
            }
            if let Some(s) = fort {
                parts.push(tf("{}'s fort", &[&names(s)]));
            }
            if let Some((s, ordered)) = general {
                parts.push(if ordered {
                    tf("{}'s general (has its order)", &[&names(s)])
                } else {
                    tf("{}'s general", &[&names(s)])
                });
            }
            parts.push(match owner {
                Some(s) => tf("{}'s territory", &[&names(s)]),
                None => t("nobody's land").to_string(),
            });
            label.push_str(&parts.join(", "));
            if builds.contains(&c) {
                label.push_str("; ");
                label.push_str(t("you can build here"));
            }
            let can = match tgt {
                Some(&(_, true, true)) => {
                    Some(t("the selected general can move here, or move and build"))
                }
                Some(&(_, false, true)) => Some(t("the selected general can build here")),
                Some(&(_, true, false)) => Some(t("the selected general can move here")),
                _ => None,
            };
            if let Some(can) = can {
                label.push_str("; ");
                label.push_str(can);
            }
            if selected == Some(c) {
                label.push_str(" (");
                label.push_str(t("selected"));
                label.push(')');
            }
            let changed = before.is_some_and(|b| b.owner(c) != owner || b.fort(c) != fort);
            CellView {
                terrain,
                tint: owner.map(|s| (s, true)),
                pieces: fort.map(|s| (s, 1)),
                legal: builds.contains(&c),
                marker,
                selected: selected == Some(c),
                ringed: fort.is_some(),
                house: city,
                flag: general,
                ghost: (ghost == Some(c) && g.mode() < 3)
                    .then(|| g.to_move())
                    .flatten(),
                last: changed,
                label,
                ..CellView::blank(c, board.name(c), cg)
            }
        })
        .collect();
    BoardView {
        view_box: geo.view_box,
        cells,
        edge: if interactive { g.to_move() } else { None },
        regions: false,
        go: None,
        palette: None,
    }
}

/// Frontier's in-turn state.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Ui {
    /// A build waiting for its confirming tap.
    pub ghost: Option<CellId>,
    /// The general about to be ordered (mode 3).
    pub selected: Option<CellId>,
    /// A cell where the selected general could move or move and build, waiting for
    /// the choice.
    pub choice: Option<CellId>,
}

/// Frontier's buttons.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Command {
    /// A pass (modes 1 and 2, only when no build is legal).
    Pass,
    /// The end of a mode-3 turn.
    EndTurn,
    /// The answer to "move, or move and build?" (`true`: build).
    OrderChoice(bool),
}

fn play_order(
    ui: &mut Ui,
    fb: &mut Feedback,
    g: &mut SessionMut<'_, Frontier>,
    o: Order,
    now: f64,
    names: &[String],
) -> bool {
    // One order a general a turn: nothing stays selected after it.
    ui.selected = None;
    ui.choice = None;
    fb.settle(&mut ui.ghost, g.play(FrontierMove::Order(o), now), names)
}

/// A tap (or Enter) on a cell. Modes 1–2: build there (confirm-tap applies).
/// Mode 3: tap a general to select it; tap a marked cell to move it (no confirmation:
/// orders can be taken back until the turn ends) or to build (confirmed); a cell
/// where it could either move or build asks which. Returns whether the game changed.
pub fn tap(
    ui: &mut Ui,
    fb: &mut Feedback,
    g: &mut SessionMut<'_, Frontier>,
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
    if pos.mode() < 3 {
        let mv = FrontierMove::Build(c);
        if let Err(e) = pos.check(mv) {
            fb.refuse(&mut ui.ghost, &e, names);
            return false;
        }
        if confirm && ui.ghost != Some(c) {
            ui.ghost = Some(c);
            fb.say(tf(
                "Tap {} again to build a fort there.",
                &[&pos.board().name(c)],
            ));
            return false;
        }
        return fb.settle(&mut ui.ghost, g.play(mv, now), names);
    }
    ui.choice = None;
    if let Some(at) = ui.selected {
        let mv = move_order(pos, at, c);
        let build = build_order(pos, at, c);
        match (mv, build) {
            (Some(_), Some(_)) => {
                ui.choice = Some(c);
                ui.ghost = None;
                fb.say(tf(
                    "Move the general to {}, or move and build a fort there?",
                    &[&pos.board().name(c)],
                ));
                return false;
            }
            (Some(o), None) => return play_order(ui, fb, g, o, now, names),
            (None, Some(o)) => {
                if confirm && ui.ghost != Some(c) {
                    ui.ghost = Some(c);
                    fb.say(tf(
                        "Tap {} again to build a fort there; the general leaves the board.",
                        &[&pos.board().name(c)],
                    ));
                    return false;
                }
                return play_order(ui, fb, g, o, now, names);
            }
            (None, None) if at == c => {
                ui.selected = None;
                fb.message = None;
                return false;
            }
            (None, None) => {}
        }
    }
    if let Some(gen) = pos.general_at(c) {
        if gen.seat != me {
            fb.refuse_at(
                &mut ui.ghost,
                pos.board().name(c),
                t("that general is not yours"),
                names,
            );
            return false;
        }
        if gen.ordered {
            fb.refuse(
                &mut ui.ghost,
                &MoveError::Cell {
                    cell: pos.board().name(c).into(),
                    why: frontier::Why::Ordered.into(),
                },
                names,
            );
            return false;
        }
        ui.selected = Some(c);
        ui.ghost = None;
        if pos.orders_for(c).is_empty() {
            fb.say(tf(
                "The general on {} has no legal order this turn.",
                &[&pos.board().name(c)],
            ));
        } else {
            fb.message = None;
        }
        return false;
    }
    let why = match ui.selected {
        Some(at) => {
            let target = pos.board().name(c).to_string();
            let reason = pos
                .check_order(Order::Step(at, c))
                .err()
                .map(|e| move_sentence(&e, &|s| names.get(s as usize).cloned().unwrap_or_default()))
                .filter(|_| pos.board().adjacent(at, c))
                .unwrap_or_else(|| {
                    tf(
                        "The selected general cannot reach {} this turn.",
                        &[&target],
                    )
                });
            reason
        }
        None => t("Tap one of your generals first, then where it should go.").to_string(),
    };
    fb.refuse(&mut ui.ghost, Refusal::Said(why), names);
    false
}

/// The choice between moving and building on the same cell.
pub fn choose(
    ui: &mut Ui,
    fb: &mut Feedback,
    g: &mut SessionMut<'_, Frontier>,
    build: bool,
    now: f64,
    names: &[String],
) -> bool {
    let (Some(at), Some(to)) = (ui.selected, ui.choice) else {
        return false;
    };
    let pos = g.game();
    let order = if build {
        build_order(pos, at, to)
    } else {
        move_order(pos, at, to)
    };
    match order {
        Some(o) => play_order(ui, fb, g, o, now, names),
        None => false,
    }
}

/// The home page's sample position: a few builds on the mode 2 preset, each the
/// legal build nearest the other city.
pub fn demo_record() -> Record {
    let setup = preset(2, 7);
    let mut record = Record::new::<Frontier>(&setup);
    if let Ok(mut g) = Frontier::new(&setup) {
        for _ in 0..8 {
            let Some(me) = g.to_move() else { break };
            let target = g.cities()[1 - me as usize];
            let best = g
                .builds()
                .into_iter()
                .min_by_key(|&c| g.board().distance(c, target));
            let Some(c) = best else { break };
            let mv = FrontierMove::Build(c);
            record.moves.push(g.format_move(mv));
            if g.play(mv).is_err() {
                record.moves.pop();
                break;
            }
        }
    }
    record
}

/// Frontier's parts of the play screen.
fn play_parts(ctx: &PartsCtx<'_, Frontier>) -> PlayParts {
    let g = ctx.session();
    let pos = g.shown();
    let live = g.game();
    let names = |x: Seat| g.name(x);
    let interactive = ctx.interactive;
    let board = ctx.board();
    let scores = pos.scores();
    let mode3 = live.mode() == 3;
    let mover = live.to_move().unwrap_or(0);
    let (used, turns) = live.turns(mover);
    let status = match live.to_move() {
        None => t("Game over: both players have used their turns").to_string(),
        Some(m) if mode3 => tf(
            "{}: turn {} of {} \u{2014} give your generals their orders, then end the turn",
            &[&names(m), &(used + 1), &turns],
        ),
        Some(m) => tf(
            "{} to build \u{2014} turn {} of {}",
            &[&names(m), &(used + 1), &turns],
        ),
    };
    let controls = if !interactive {
        html! {}
    } else if mode3 {
        let end = live.check_end();
        let why = end.as_ref().err().map(|e| move_sentence(e, &names));
        html! {
            <>
                <button class="primary" data-action="end-turn" disabled={end.is_err()}
                    aria-describedby={why.as_ref().map(|_| "end-why")}
                    onclick={ctx.on(Command::EndTurn)}>{t("End turn")}</button>
                if let Some(w) = why { <p id="end-why" class="why-disabled" data-end-why="">{ w }</p> }
            </>
        }
    } else {
        let no_build = live.builds().is_empty();
        html! {
            <>
                <button data-action="pass" disabled={!no_build} onclick={ctx.on(Command::Pass)}
                    title={if no_build { t("No build is possible: pass") } else { t("You can still build: passing is only for when no build is legal") }}>{t("Pass")}</button>
            </>
        }
    };
    let choice = (interactive && ctx.played.ui.choice.is_some()).then(|| html! {
        <div class="row wrap choice" data-order-choice="">
            { crate::widgets::button("order-move", "primary", t("Move there"), ctx.on(Command::OrderChoice(false))) }
            { crate::widgets::button("order-build", "primary", t("Move and build"), ctx.on(Command::OrderChoice(true))) }
        </div>
    });
    let gens = |x: Seat| live.generals().iter().filter(|q| q.seat == x).count();
    let info = html! {
        <>
            { for choice }
            if interactive && mode3 {
                <p class="muted small">{ t("Tap a general (\u{2713}: has its order) \u{b7} dot: move \u{b7} +: build (the general leaves)") }</p>
            }
        </>
    };
    let over = live.is_over().then(|| {
        let w = live.winners();
        let headline = if w.len() == 1 {
            tf(
                "{} wins, {} cells to {}.",
                &[
                    &names(w[0]),
                    &scores[w[0] as usize],
                    &scores[1 - w[0] as usize],
                ],
            )
        } else {
            tp(
                scores[0] as usize,
                "A draw: {} cell each.",
                "A draw: {} cells each.",
            )
        };
        OverPart {
            headline,
            breakdown: vec![t("cells of territory (water and mountains included)").into(); 2],
        }
    });
    let setup = live.setup();
    PlayParts {
        status,
        board,
        seats: (0..2u8)
            .map(|x| {
                let (u, all) = pos.turns(x);
                let facts = if mode3 {
                    format!(
                        "{} \u{b7} {}",
                        tf("{} of {} turns", &[&u, &all]),
                        tp(gens(x), "{} general", "{} generals")
                    )
                } else {
                    tf("{} of {} turns used", &[&u, &all])
                };
                SeatPart {
                    score: scores[x as usize],
                    facts,
                }
            })
            .collect(),
        controls,
        info,
        over,
        footer: format!(
            "{} \u{b7} {}",
            tf(
                "Frontier, mode {} \u{201c}{}\u{201d} \u{b7} {}x{}",
                &[
                    &setup.mode,
                    &MODE_NAMES[(setup.mode as usize).clamp(1, 3) - 1],
                    &setup.width,
                    &setup.height,
                ],
            ),
            tp(setup.turns as usize, "{} turn each", "{} turns each")
        ),
    }
}

impl GameUi for Frontier {
    type Ui = Ui;
    type Command = Command;
    type NewGame = NewGame;
    fn rules() -> Html {
        rules::rules()
    }

    // (Cells, as the rules page says: ділянки in the Ukrainian original; the
    // default words.)
    const INFO: GameInfo = GameInfo {
        id: "frontier",
        title: crate::i18n::n_("Frontier"),
        blurb: crate::i18n::n_("Build forts to take the land around them; in the hardest mode, generals march out of your city to build."),
        players: crate::i18n::n_("2 players"),
        length: crate::i18n::n_("10 to 30 minutes"),
    };

    fn view(&self, ctx: &ViewCtx<'_, Self>) -> BoardView {
        board_view(
            self,
            ctx.geo,
            ctx.before,
            ctx.ui.and_then(|u| u.selected),
            ctx.ui.and_then(|u| u.ghost),
            ctx.names,
            ctx.interactive,
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

    fn command(p: &mut Played<Self>, fb: &mut Feedback, c: Command, ctx: &InputCtx) -> bool {
        let mv = match c {
            Command::OrderChoice(build) => {
                return choose(
                    &mut p.ui,
                    fb,
                    &mut SessionMut(&mut p.session),
                    build,
                    ctx.now,
                    ctx.names,
                )
            }
            Command::Pass => FrontierMove::Pass,
            Command::EndTurn => FrontierMove::End,
        };
        p.play_button(fb, mv, ctx)
    }

    fn parts(ctx: &PartsCtx<'_, Self>) -> PlayParts {
        play_parts(ctx)
    }

    fn demo_record() -> Record {
        demo_record()
    }
}
