//! Everything Fort shows: the board's props from a position (steps marked by kind,
//! spawns marked, spawns the repetition rule forbids barred), the turn by taps
//! (select a dot, step, take a step back, spawn), counting, the new-game form and
//! the rules page.

mod words;

use std::rc::Rc;

use holdfast_rules::fort::{Fort, FortEnd, FortMove, StepKind, MAX_STEPS};
use holdfast_rules::geometry::{geometry, Geometry};
use holdfast_rules::{CellId, Game, MoveError, Record, Seat};
use yew::prelude::*;

use crate::board::{Board, BoardView, CellView, Marker, SEAT_NAMES};
use crate::game_ui::{
    preview, Agreement, Feedback, GameInfo, GameUi, InputCtx, NewGameProps, OverPart, PartsCtx,
    PlayParts, Played, SeatPart, ViewCtx,
};
use crate::i18n::{n_, t, tf, tp, tx, Refusal};
use crate::session::SessionMut;
use crate::widgets::{document, figure, final_names, final_seats, name_fields};

/// Fort's in-turn state.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Ui {
    /// A spawn waiting for its confirming tap.
    pub ghost: Option<CellId>,
    /// The dot about to step.
    pub selected: Option<CellId>,
}

/// Fort's buttons.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Command {
    /// Offer to count (`true`), or decline the offer (`false`).
    OfferCount(bool),
    /// The other player accepts: count now.
    AcceptCount,
}

/// Counting, offered and answered between turns.
const COUNT: Agreement<Command> = Agreement {
    kind: "count",
    offer_label: n_("Offer to count"),
    offer_action: "count",
    offers: n_("offers to count"),
    accept_label: n_("Accept: count now"),
    accept_action: "accept-count",
    declined: n_("declined to count"),
    offer: Command::OfferCount(true),
    accept: Command::AcceptCount,
    decline: Command::OfferCount(false),
};

/// The board's props for a position: pure, from the rules' state and the selection.
pub fn board_view(
    g: &Fort,
    geo: &Geometry,
    before: Option<&Fort>,
    selected: Option<CellId>,
    ghost: Option<CellId>,
    names: &dyn Fn(Seat) -> String,
    interactive: bool,
) -> BoardView {
    let board = g.board();
    let territory = g.territory();
    let mut steps = Vec::new();
    if interactive {
        if let Some(sel) = selected {
            let mut all = Vec::new();
            g.legal_steps(&mut all);
            steps = all
                .into_iter()
                .filter(|&(f, _, _)| f == sel)
                .map(|(_, t, k)| (t, k))
                .collect();
        }
    }
    let spawns = if interactive {
        g.spawn_cells()
    } else {
        Vec::new()
    };
    let cells = board
        .cells()
        .map(|c| {
            let cg = &geo.cells[c as usize];
            let piece = g.piece(c);
            let step = steps.iter().find(|&&(t, _)| t == c).map(|&(_, k)| k);
            let spawn = spawns
                .iter()
                .find(|&&(s, _)| s == c)
                .map(|&(_, banned)| banned);
            let marker = match (step, spawn) {
                (Some(StepKind::Walk), _) => Some(Marker::Dot),
                (Some(StepKind::Capture), _) => Some(Marker::Cross),
                (Some(StepKind::Claim), _) => Some(Marker::DoubleRing),
                (None, Some(false)) => Some(Marker::Plus),
                (None, Some(true)) => Some(Marker::Barred),
                _ => None,
            };
            let removed = before.and_then(|b| {
                let (s, was_fort) = b.piece(c)?;
                match piece {
                    Some((t, _)) if t == s => None,
                    _ if was_fort => None,
                    _ => Some((s, 1)),
                }
            });
            let name = board.name(c);
            let mut label = match piece {
                Some((s, true)) => tf("{}: {}'s fort", &[&name, &names(s)]),
                Some((s, false)) => tf("{}: {}'s dot", &[&name, &names(s)]),
                None => match territory[c as usize] {
                    Some(s) => tf("{}: empty, {}'s territory", &[&name, &names(s)]),
                    None => tf("{}: empty", &[&name]),
                },
            };
            let can = match marker {
                Some(Marker::Dot) => Some(t("the selected dot can walk here")),
                Some(Marker::Cross) => Some(t("the selected dot can capture here")),
                Some(Marker::DoubleRing) => {
                    Some(t("the selected dot can claim here, making a fort"))
                }
                Some(Marker::Plus) => Some(t("you can spawn here")),
                Some(Marker::Barred) => Some(t(
                    "a spawn here is not allowed: it would repeat a position a third time",
                )),
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
            let was_last = before.is_some_and(|b| b.piece(c) != piece && piece.is_some());
            CellView {
                tint: match piece {
                    Some((s, _)) => Some((s, true)),
                    None => territory[c as usize].map(|s| (s, false)),
                },
                pieces: piece.map(|(s, _)| (s, 1)),
                removed,
                marker,
                selected: selected == Some(c),
                ringed: piece.is_some_and(|(_, f)| f),
                ghost: (ghost == Some(c) && piece.is_none())
                    .then(|| g.to_move())
                    .flatten(),
                last: was_last,
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

/// A tap (or Enter) on a cell. With a dot selected, a marked cell takes the step
/// (steps can be taken back, so no confirmation); an own dot selects it; a spawn
/// cell spawns, which ends the turn (confirmed by a second tap when confirm-tap is
/// on). Returns whether the game changed.
pub fn tap(
    ui: &mut Ui,
    fb: &mut Feedback,
    g: &mut SessionMut<'_, Fort>,
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
    if let Some(sel) = ui.selected {
        if sel == c {
            ui.selected = None;
            fb.message = None;
            return false;
        }
        let step = FortMove::Step(sel, c);
        if pos.check(step).is_ok() {
            return match g.play(step, now) {
                Ok(()) => {
                    ui.ghost = None;
                    fb.message = None;
                    // The dot is let go after its step: a next tap on a + spawns
                    // (it would walk the dot again if it stayed selected, where
                    // the + is also one of its steps); tap it again to go on.
                    ui.selected = None;
                    true
                }
                Err(e) => {
                    fb.refuse(&mut ui.ghost, &e, names);
                    false
                }
            };
        }
    }
    if pos.piece(c) == Some((me, false)) {
        if pos.steps_taken() >= MAX_STEPS {
            fb.refuse(
                &mut ui.ghost,
                Refusal::Said(t("Three steps are taken: now tap a + cell to spawn.").into()),
                names,
            );
            return false;
        }
        let mut steps = Vec::new();
        pos.legal_steps(&mut steps);
        ui.selected = Some(c);
        ui.ghost = None;
        if steps.iter().any(|&(f, _, _)| f == c) {
            fb.message = None;
        } else {
            fb.say(tf(
                "The dot on {} has no step after which a spawn is still possible.",
                &[&pos.board().name(c)],
            ));
        }
        return false;
    }
    let spawn = FortMove::Spawn(c);
    if let Err(e) = pos.check(spawn) {
        // Say why the step was refused when the tap was next to the selected dot.
        let err = match ui.selected {
            Some(sel) if pos.board().adjacent(sel, c) => {
                pos.check(FortMove::Step(sel, c)).err().unwrap_or(e)
            }
            _ => e,
        };
        fb.refuse(&mut ui.ghost, &err, names);
        return false;
    }
    if confirm && ui.ghost != Some(c) {
        ui.ghost = Some(c);
        fb.say(tf(
            "Tap {} again to spawn there and end your turn.",
            &[&pos.board().name(c)],
        ));
        return false;
    }
    ui.selected = None;
    fb.settle(&mut ui.ghost, g.play(spawn, now), names)
}

/// The home page's sample position.
pub fn demo_record() -> Record {
    Record {
        moves: [
            "@e2",
            "@f7",
            "e2-e3 @e2",
            "f7-e7 @f7",
            "e3-e4 e2-d2 @e2",
            "e7-d7 @e7",
            "d2-d1 e2-d1 @e2",
        ]
        .iter()
        .map(|m| m.to_string())
        .collect(),
        ..Record::new::<Fort>(&Default::default())
    }
}

fn status_line(g: &Fort, names: &dyn Fn(Seat) -> String) -> String {
    match (g.to_move(), g.end()) {
        (_, Some(FortEnd::NoTurn(loser))) => tf(
            "{} cannot complete a turn: {} wins",
            &[&names(loser), &names(1 - loser)],
        ),
        (_, Some(FortEnd::Counted)) => t("Counted: game over").to_string(),
        (Some(s), None) => {
            let steps = g.steps_taken();
            if steps < MAX_STEPS {
                tf(
                    "{}: step {} of {} \u{2014} move a dot, or spawn to end the turn",
                    &[&names(s), &(steps + 1), &MAX_STEPS],
                )
            } else {
                tf(
                    "{}: three steps taken \u{2014} spawn to end the turn",
                    &[&names(s)],
                )
            }
        }
        (None, None) => t("Game over").to_string(),
    }
}

/// Fort's parts of the play screen.
fn play_parts(ctx: &PartsCtx<'_, Fort>) -> PlayParts {
    let g = ctx.session();
    let pos = g.shown();
    let live = g.game();
    let names = |x: Seat| g.name(x);
    let interactive = ctx.interactive;
    let board = ctx.board();
    let scores = pos.scores();
    // Counting is offered once each player has had a turn (not on the first).
    let can_count = interactive && live.steps_taken() == 0 && ctx.session().record.moves.len() >= 2;
    let [a, b] = live.count();
    let (controls, count_panel) = ctx.agreement(
        &COUNT,
        can_count,
        &tf(
            "The count now: {} {}, {} {}.",
            &[&names(0), &a, &names(1), &b],
        ),
    );
    let steps = live.steps_taken();
    let info = html! {
        <>
            if interactive {
                <p class="step-counter" data-step-counter="">
                    { if steps < MAX_STEPS { tf("Step {} of {}", &[&(steps + 1), &MAX_STEPS]) } else { t("Steps done: spawn").to_string() } }
                    <span class="muted">{ " \u{b7} " }{ t("dot: walk \u{b7} ringed \u{2715}: capture \u{b7} double ring: claim \u{b7} +: spawn") }</span>
                </p>
            }
            { count_panel }
        </>
    };
    let over = live.is_over().then(|| {
        let winners = live.winners();
        let [a, b] = live.count();
        let headline = match live.end() {
            Some(FortEnd::NoTurn(loser)) => tf(
                "{} wins: {} cannot complete a turn (no spawn possible).",
                &[&names(1 - loser), &names(loser)],
            ),
            _ if winners.len() == 1 => tf(
                "Count accepted: {} wins, {} to {}.",
                &[&names(winners[0]), &a.max(b), &a.min(b)],
            ),
            _ => tf("Count accepted: a draw, {} to {}.", &[&a, &b]),
        };
        OverPart {
            headline,
            breakdown: vec![t("pieces + own empty regions").into(); 2],
        }
    });
    PlayParts {
        status: status_line(live, &names),
        board,
        seats: (0..2)
            .map(|x| {
                let (dots, forts) = pos
                    .board()
                    .cells()
                    .filter_map(|c| pos.piece(c))
                    .filter(|p| p.0 == x)
                    .fold(
                        (0, 0),
                        |(d, f), (_, is_fort)| if is_fort { (d, f + 1) } else { (d + 1, f) },
                    );
                SeatPart {
                    score: scores[x as usize],
                    facts: format!(
                        "{} \u{b7} {}",
                        tp(dots, "{} dot", "{} dots"),
                        tp(forts, "{} fort", "{} forts")
                    ),
                }
            })
            .collect(),
        controls,
        info,
        over,
        footer: tf(
            "Fort \u{b7} 61 hexes \u{b7} turn {}",
            &[&(live.turns() + 1)],
        ),
    }
}

// ---------------------------------------------------------------------------
// New game

/// The new-game screen: Fort has no options, only the players' names.
#[function_component(NewGame)]
pub fn new_game(props: &NewGameProps) -> Html {
    let names = use_state(|| props.initial_names(2));
    let seats = use_state(|| props.initial_seats(2));
    let start = {
        let names = names.clone();
        let seats = seats.clone();
        let on_start = props.on_start.clone();
        Callback::from(move |e: SubmitEvent| {
            e.prevent_default();
            let mut record = Record::new::<Fort>(&Default::default());
            record.names = final_names(&names, 2, &SEAT_NAMES);
            record.seats = final_seats(&seats, 2);
            on_start.emit(record);
        })
    };
    let start_pos = Fort::new(&Default::default()).ok().map(|g| {
        let view = preview(&g);
        html! { <Board view={Rc::new(view)} title={t("The Fort board at the start")} class="preview" /> }
    });
    html! {
        <form class="new-game" onsubmit={start}>
            <h1>{t("New game of Fort")}</h1>
            { crate::widgets::start_button(true) }
            <div class="setup-grid">
                <div>
                    { name_fields(&names, &seats, 2, &SEAT_NAMES, &[]) }
                    <p class="hint">{t("The first player's fort starts on the left edge (e1), the second player's on e8, better connected: that balances the first move.")}</p>
                </div>
                <div class="preview-box">{ for start_pos }</div>
            </div>
        </form>
    }
}

// ---------------------------------------------------------------------------
// Rules

fn diagram(pieces: &[(&str, Seat, bool)], to_move: Seat, turn: &str, caption: &str) -> Html {
    let Ok(before) = Fort::from_position(pieces, to_move) else {
        return html! {};
    };
    let mut after = before.clone();
    let ok = after.play_entry(turn).is_ok();
    let geo = geometry(before.board());
    let names = |s: Seat| t(SEAT_NAMES[s as usize]).to_string();
    let view = if ok {
        board_view(&after, &geo, Some(&before), None, None, &names, false)
    } else {
        board_view(&before, &geo, None, None, None, &names, false)
    };
    // Show the corner where it happens: every cell the turn names.
    let around: Vec<CellId> = turn
        .split([' ', '-', '@'])
        .filter_map(|n| before.board().cell(n))
        .collect();
    let view = view.cropped(&around);
    figure(view, caption)
}

/// The rules of Fort, in our own words (the text: `fort.rules` in the catalogues).
pub fn rules() -> Html {
    let base: &[(&str, Seat, bool)] = &[("e1", 0, true), ("e8", 1, true)];
    let with = |extra: &[(&'static str, Seat, bool)]| -> Vec<(&'static str, Seat, bool)> {
        base.iter().copied().chain(extra.iter().copied()).collect()
    };
    let figure = |n: usize, caption: &str| match n {
        1 => diagram(&with(&[("e2", 0, false)]), 0, "e2-e3 @e2", caption),
        2 => diagram(
            &with(&[("e4", 0, false), ("e5", 1, false)]),
            0,
            "e4-e5 @e2",
            caption,
        ),
        3 => diagram(
            &with(&[("e2", 0, false), ("d1", 0, false)]),
            0,
            "e2-d1 @e2",
            caption,
        ),
        _ => html! {},
    };
    html! {
        <article class="rules">{ document(tx("fort.rules"), &figure) }</article>
    }
}

impl GameUi for Fort {
    type Ui = Ui;
    type Command = Command;
    type NewGame = NewGame;
    fn rules() -> Html {
        rules()
    }

    fn that_cell() -> &'static str {
        crate::i18n::n_("That hex")
    }
    const INFO: GameInfo = GameInfo {
        id: "fort",
        title: crate::i18n::n_("Fort"),
        blurb: crate::i18n::n_("Walk, capture and claim with your dots, then spawn a new one next to a fort. Wall in your opponent."),
        players: crate::i18n::n_("2 players"),
        length: crate::i18n::n_("about 20 minutes"),
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
        match c {
            // Against the computer, it answers at once: it agrees to count only when
            // the count makes it the winner.
            Command::OfferCount(offer) => p.offer_or_decline(fb, offer, ctx, |g, me, it| {
                let count = g.count();
                let (mine, theirs) = (count[me as usize], count[1 - me as usize]);
                if theirs > mine {
                    (
                        true,
                        tf(
                            "{} accepts: counted, {} to your {}.",
                            &[&it, &theirs, &mine],
                        ),
                    )
                } else {
                    (
                        false,
                        tf(
                            "{} declines: the count stands {} to {} for you. Play on.",
                            &[&it, &mine, &theirs],
                        ),
                    )
                }
            }),
            Command::AcceptCount => p.play_button(fb, FortMove::Count, ctx),
        }
    }

    fn answers(c: Command) -> bool {
        matches!(c, Command::AcceptCount | Command::OfferCount(false))
    }

    fn parts(ctx: &PartsCtx<'_, Self>) -> PlayParts {
        play_parts(ctx)
    }

    fn demo_record() -> Record {
        demo_record()
    }
}
