//! Everything Frontier shows: the field's props from a position (territory, cities,
//! forts, water, mountains, generals), building by tap in modes 1–2, orders to
//! generals in mode 3, the new-game screen that builds the explicit setup (sizes,
//! cities by tap, painted or generated terrain, presets), and the rules page with the
//! Ukrainian original beside the English.

use std::rc::Rc;

use holdfast_rules::frontier::{
    preset, Frontier, FrontierMove, FrontierSetup, Order, CITY_DISTANCE,
};
use holdfast_rules::geometry::{geometry, Geometry};
use holdfast_rules::{Board, CellId, Game, MoveError, Record, Seat, Terrain};
use web_sys::HtmlInputElement;
use yew::prelude::*;

use crate::board::{Board as BoardSvg, BoardView, CellView, Marker, SEAT_NAMES};
use crate::game_ui::{
    record_diagram, Feedback, GameInfo, GameUi, InputCtx, NewGameProps, OverPart, PartsCtx,
    PlayParts, Played, SeatPart, ViewCtx,
};
use crate::session::Session;
use crate::widgets::{final_names, name_fields};

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
fn move_order(g: &Frontier, at: CellId, to: CellId) -> Option<Order> {
    g.orders_for(at).into_iter().find(|o| match *o {
        Order::Step(_, b) => b == to,
        Order::Two(_, _, c) => c == to,
        _ => false,
    })
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
            let t = tgts.iter().find(|t| t.0 == c);
            let marker = match t {
                Some(&(_, _, true)) => Some(Marker::Plus),
                Some(&(_, true, false)) => Some(Marker::Dot),
                _ => None,
            };
            let terrain = board.terrain(c);
            let mut label = board.name(c).to_string();
            match terrain {
                Terrain::Sea => label.push_str(" (water)"),
                Terrain::Mountain => label.push_str(" (mountain)"),
                Terrain::Land => {}
            }
            label.push_str(": ");
            let mut parts = Vec::new();
            if let Some(s) = city {
                parts.push(format!("{}'s city", names(s)));
            }
            if let Some(s) = fort {
                parts.push(format!("{}'s fort", names(s)));
            }
            if let Some((s, ordered)) = general {
                parts.push(format!(
                    "{}'s general{}",
                    names(s),
                    if ordered { " (has its order)" } else { "" }
                ));
            }
            parts.push(match owner {
                Some(s) => format!("{}'s territory", names(s)),
                None => "nobody's land".into(),
            });
            label.push_str(&parts.join(", "));
            if builds.contains(&c) {
                label.push_str("; you can build here");
            }
            match t {
                Some(&(_, true, true)) => {
                    label.push_str("; the selected general can move here, or move and build")
                }
                Some(&(_, false, true)) => label.push_str("; the selected general can build here"),
                Some(&(_, true, false)) => label.push_str("; the selected general can move here"),
                _ => {}
            }
            if selected == Some(c) {
                label.push_str(" (selected)");
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
    g: &mut Session<Frontier>,
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
    g: &mut Session<Frontier>,
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
            fb.say(format!(
                "Tap {} again to build a fort there.",
                pos.board().name(c)
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
                fb.say(format!(
                    "Move the general to {}, or move and build a fort there?",
                    pos.board().name(c)
                ));
                return false;
            }
            (Some(o), None) => return play_order(ui, fb, g, o, now, names),
            (None, Some(o)) => {
                if confirm && ui.ghost != Some(c) {
                    ui.ghost = Some(c);
                    fb.say(format!(
                        "Tap {} again to build a fort there; the general leaves the board.",
                        pos.board().name(c)
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
            fb.refuse(
                &mut ui.ghost,
                &MoveError::Cell {
                    cell: pos.board().name(c).into(),
                    why: "that general is not yours".into(),
                },
                names,
            );
            return false;
        }
        if gen.ordered {
            fb.refuse(
                &mut ui.ghost,
                &MoveError::Cell {
                    cell: pos.board().name(c).into(),
                    why: "this general has had its order this turn".into(),
                },
                names,
            );
            return false;
        }
        ui.selected = Some(c);
        ui.ghost = None;
        if pos.orders_for(c).is_empty() {
            fb.say(format!(
                "The general on {} has no legal order this turn.",
                pos.board().name(c)
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
                .map(|e| e.sentence(&|s| names.get(s as usize).cloned().unwrap_or_default()))
                .filter(|_| pos.board().adjacent(at, c))
                .unwrap_or_else(|| {
                    format!("The selected general cannot reach {target} this turn.")
                });
            reason
        }
        None => "Tap one of your generals first, then where it should go.".to_string(),
    };
    fb.refuse(&mut ui.ghost, &MoveError::NotNow(why), names);
    false
}

/// The choice between moving and building on the same cell.
pub fn choose(
    ui: &mut Ui,
    fb: &mut Feedback,
    g: &mut Session<Frontier>,
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
    let viewing = g.viewing.is_some();
    let interactive = !viewing && !live.is_over();
    let board = ctx.board();
    let scores = pos.scores();
    let mode3 = live.mode() == 3;
    let mover = live.to_move().unwrap_or(0);
    let (used, turns) = live.turns(mover);
    let status = match live.to_move() {
        None => "Game over: both players have used their turns".to_string(),
        Some(m) if mode3 => format!(
            "{}: turn {} of {turns} \u{2014} give your generals their orders, then end the turn",
            names(m),
            used + 1
        ),
        Some(m) => format!(
            "{} to build \u{2014} turn {} of {turns}",
            names(m),
            used + 1
        ),
    };
    let controls = if !interactive {
        html! {}
    } else if mode3 {
        let end = live.check_end();
        let why = end.as_ref().err().map(|e| e.to_string());
        html! {
            <>
                <button class="primary" data-action="end-turn" disabled={end.is_err()}
                    aria-describedby={why.as_ref().map(|_| "end-why")}
                    onclick={ctx.on(Command::EndTurn)}>{"End turn"}</button>
                if let Some(w) = why { <p id="end-why" class="why-disabled" data-end-why="">{ w }</p> }
            </>
        }
    } else {
        let no_build = live.builds().is_empty();
        html! {
            <>
                <button data-action="pass" disabled={!no_build} onclick={ctx.on(Command::Pass)}
                    title={if no_build { "No build is possible: pass" } else { "You can still build: passing is only for when no build is legal" }}>{"Pass"}</button>
            </>
        }
    };
    let choice = (interactive && ctx.played.ui.choice.is_some()).then(|| html! {
        <div class="row wrap choice" data-order-choice="">
            <button class="primary" data-action="order-move" onclick={ctx.on(Command::OrderChoice(false))}>{"Move there"}</button>
            <button class="primary" data-action="order-build" onclick={ctx.on(Command::OrderChoice(true))}>{"Move and build"}</button>
        </div>
    });
    let gens = |x: Seat| live.generals().iter().filter(|q| q.seat == x).count();
    let info = html! {
        <>
            { for choice }
            if interactive && mode3 {
                <p class="muted small">{ "Tap a general (\u{2713}: has its order) \u{b7} dot: move \u{b7} +: build (the general leaves)" }</p>
            }
        </>
    };
    let over = live.is_over().then(|| {
        let w = live.winners();
        let headline = if w.len() == 1 {
            format!(
                "{} wins, {} cells to {}.",
                names(w[0]),
                scores[w[0] as usize],
                scores[1 - w[0] as usize]
            )
        } else {
            format!("A draw: {} cells each.", scores[0])
        };
        OverPart {
            headline,
            breakdown: vec!["cells of territory (water and mountains included)".into(); 2],
        }
    });
    let setup = live.setup();
    PlayParts {
        status,
        board,
        seats: (0..2u8)
            .map(|x| {
                let (u, t) = pos.turns(x);
                let facts = if mode3 {
                    format!(
                        "{} of {t} turns \u{b7} {} general{}",
                        u,
                        gens(x),
                        if gens(x) == 1 { "" } else { "s" }
                    )
                } else {
                    format!("{} of {t} turns used", u)
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
            "Frontier, mode {} \u{201c}{}\u{201d} \u{b7} {}x{} \u{b7} {} turns each",
            setup.mode,
            MODE_NAMES[(setup.mode as usize).clamp(1, 3) - 1],
            setup.width,
            setup.height,
            setup.turns
        ),
    }
}

// ---------------------------------------------------------------------------
// New game

/// What a tap on the setup board does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Tool {
    Cities,
    Water,
    Mountain,
    Erase,
}

/// A field preview with the setup's terrain and cities (no rules needed).
fn setup_view(setup: &FrontierSetup) -> Option<(BoardView, Board)> {
    let mut board = Board::hex_rect(setup.width, setup.height).ok()?;
    for (list, t) in [
        (&setup.water, Terrain::Sea),
        (&setup.mountains, Terrain::Mountain),
    ] {
        for n in list {
            if let Some(c) = board.cell(n) {
                board.set_terrain(c, t);
            }
        }
    }
    let geo = geometry(&board);
    let cells = board
        .cells()
        .map(|c| {
            let cg = &geo.cells[c as usize];
            let name = board.name(c).to_string();
            let city = setup
                .cities
                .iter()
                .position(|k| *k == name)
                .map(|s| s as Seat);
            let terrain = board.terrain(c);
            let label = format!(
                "{name}: {}{}",
                match terrain {
                    Terrain::Sea => "water",
                    Terrain::Mountain => "mountain",
                    Terrain::Land => "plain",
                },
                city.map(|s| format!(", {}'s city", SEAT_NAMES[s as usize]))
                    .unwrap_or_default()
            );
            CellView {
                terrain,
                tint: city.map(|s| (s, true)),
                house: city,
                label,
                ..CellView::blank(c, &name, cg)
            }
        })
        .collect();
    Some((
        BoardView {
            view_box: geo.view_box,
            cells,
            edge: None,
            regions: false,
            go: None,
            palette: None,
        },
        board,
    ))
}

/// The new-game screen: the seed's three modes with ready presets; sizes, cities by
/// tapping, terrain painted or generated from a seed; the setup goes into the record.
#[function_component(NewGame)]
pub fn new_game(props: &NewGameProps) -> Html {
    let init_setup: FrontierSetup = props
        .initial
        .as_ref()
        .and_then(|r| r.setup_of::<Frontier>().ok())
        .unwrap_or_else(|| preset(1, 1));
    let init_names: Vec<String> = props
        .initial
        .as_ref()
        .map(|r| r.names.clone())
        .unwrap_or_default();
    let setup = use_state(|| init_setup.clone());
    let names = use_state(|| {
        let mut n = init_names.clone();
        n.resize(2, String::new());
        n
    });
    let tool = use_state(|| Tool::Cities);
    let next_city = use_state(|| 0usize);
    let message = use_state(|| None::<String>);
    let seed = use_state(|| 7u64);

    let update = {
        let setup = setup.clone();
        move |f: &dyn Fn(&mut FrontierSetup)| {
            let mut s = (*setup).clone();
            f(&mut s);
            setup.set(s);
        }
    };
    let valid = Frontier::new(&setup);
    let start = {
        let setup = setup.clone();
        let names = names.clone();
        let on_start = props.on_start.clone();
        let message = message.clone();
        Callback::from(move |e: SubmitEvent| {
            e.prevent_default();
            match Frontier::new(&setup) {
                Ok(_) => {
                    let mut record = Record::new::<Frontier>(&setup);
                    record.names = final_names(&names, 2, &SEAT_NAMES);
                    on_start.emit(record);
                }
                Err(e) => message.set(Some(format!("This setup cannot be played: {e}."))),
            }
        })
    };
    let on_tap = {
        let setup = setup.clone();
        let tool = tool.clone();
        let next_city = next_city.clone();
        let message = message.clone();
        Callback::from(move |c: CellId| {
            let Ok(board) = Board::hex_rect(setup.width, setup.height) else {
                return;
            };
            let name = board.name(c).to_string();
            let mut s = (*setup).clone();
            let is_city = s.cities.contains(&name);
            match *tool {
                Tool::Cities => {
                    let i = *next_city;
                    let other = s.cities.get(1 - i).and_then(|o| board.cell(o));
                    if s.water.contains(&name) || s.mountains.contains(&name) {
                        message.set(Some(format!(
                            "{name} is water or mountain: a city needs plain land."
                        )));
                        return;
                    }
                    if let Some(o) = other {
                        let d = board.distance(o, c);
                        if d < CITY_DISTANCE {
                            message.set(Some(format!(
                                "{name} is only {d} cell{} from the other city: cities must be at least {CITY_DISTANCE} apart.",
                                if d == 1 { "" } else { "s" }
                            )));
                            return;
                        }
                    }
                    s.cities.resize(2, String::new());
                    s.cities[i] = name.clone();
                    next_city.set(1 - i);
                    message.set(Some(format!(
                        "{}'s city is on {name}. The next tap places {}'s.",
                        SEAT_NAMES[i],
                        SEAT_NAMES[1 - i]
                    )));
                }
                Tool::Water | Tool::Mountain if is_city => {
                    message.set(Some(format!("{name} is a city: it stays plain land.")));
                    return;
                }
                Tool::Water | Tool::Mountain | Tool::Erase => {
                    s.water.retain(|w| *w != name);
                    s.mountains.retain(|m| *m != name);
                    match *tool {
                        Tool::Water => s.water.push(name),
                        Tool::Mountain => s.mountains.push(name),
                        _ => {}
                    }
                    message.set(None);
                }
            }
            setup.set(s);
        })
    };
    let mode_chips = (1..=3u8).map(|m| {
        let update = update.clone();
        let on = setup.mode == m;
        let tool = tool.clone();
        let onclick = Callback::from(move |_| {
            update(&|s: &mut FrontierSetup| {
                s.mode = m;
                if m == 1 {
                    s.water.clear();
                    s.mountains.clear();
                }
            });
            if m == 1 {
                tool.set(Tool::Cities);
            }
        });
        html! {
            <button type="button" class={classes!("chip", "mode-chip", on.then_some("on"))} aria-pressed={on.to_string()} data-mode={m.to_string()} onclick={onclick}>
                <strong>{ format!("Mode {m}") }</strong><span>{ MODE_NAMES[m as usize - 1] }</span>
            </button>
        }
    });
    let presets = (1..=3u8).map(|m| {
        let setup = setup.clone();
        let seed = seed.clone();
        let message = message.clone();
        let onclick = Callback::from(move |_| {
            setup.set(preset(m, *seed));
            message.set(Some(format!("Ready field for mode {m}: 11x9, 20 turns each.")));
        });
        html! { <button type="button" class="chip" data-preset={m.to_string()} onclick={onclick}>{ format!("Preset {m}") }</button> }
    });
    let number = |label: &'static str,
                  key: &'static str,
                  value: u16,
                  min: u16,
                  max: u16,
                  f: fn(&mut FrontierSetup, u16)| {
        let update = update.clone();
        let oninput = Callback::from(move |e: InputEvent| {
            let v = e.target_unchecked_into::<HtmlInputElement>().value();
            if let Ok(n) = v.trim().parse::<u16>() {
                let n = n.clamp(min, max);
                update(&|s: &mut FrontierSetup| f(s, n));
            }
        });
        html! {
            <label class="field small-field">
                <span>{ label }</span>
                <input type="number" min={min.to_string()} max={max.to_string()} value={value.to_string()} oninput={oninput} data-field={key} />
            </label>
        }
    };
    let tool_chip = |t: Tool, label: &'static str, key: &'static str| {
        let tool = tool.clone();
        let on = *tool == t;
        html! {
            <button type="button" class={classes!("chip", on.then_some("on"))} aria-pressed={on.to_string()} data-tool={key}
                onclick={Callback::from(move |_| tool.set(t))}>{ label }</button>
        }
    };
    let generate = {
        let update = update.clone();
        let seed = seed.clone();
        Callback::from(move |_| {
            let sd = *seed;
            update(&|s: &mut FrontierSetup| {
                let (w, m) = Frontier::random_terrain(s, sd);
                s.water = w;
                s.mountains = m;
            });
        })
    };
    let on_seed = {
        let seed = seed.clone();
        Callback::from(move |e: InputEvent| {
            if let Ok(n) = e
                .target_unchecked_into::<HtmlInputElement>()
                .value()
                .trim()
                .parse::<u64>()
            {
                seed.set(n);
            }
        })
    };
    let preview = setup_view(&setup).map(|(view, _)| {
        html! { <BoardSvg view={Rc::new(view)} title="The field: tap to place cities or paint terrain" on_tap={on_tap.clone()} on_key={on_tap.clone()} class="setup-board" /> }
    });
    html! {
        <form class="new-game frontier-setup" onsubmit={start}>
            <h1>{"New game of Frontier"}</h1>
            <button type="submit" class="primary big" data-action="start" disabled={valid.is_err()}>{"Start game"}</button>
            if let Err(e) = &valid { <p class="notice-inline error" role="alert" data-setup-error="">{ format!("Not playable yet: {e}.") }</p> }
            <fieldset class="field">
                <legend>{"Mode"}</legend>
                <div class="chips wrap">{ for mode_chips }</div>
                <p class="hint">{ match setup.mode {
                    1 => "Field size, the two cities and the number of turns: no water, no mountains.",
                    2 => "Also water and mountain cells: taken by forts next to them, never built on.",
                    _ => "Also generals: one appears in your city every turn, and only generals build.",
                } }</p>
                <div class="chips wrap">{ for presets }</div>
            </fieldset>
            <div class="setup-grid">
                <div>
                    <div class="row wrap">
                        { number("Width", "width", setup.width, 5, 25, |s, n| s.width = n) }
                        { number("Height", "height", setup.height, 5, 25, |s, n| s.height = n) }
                        { number("Turns each", "turns", setup.turns, 1, 200, |s, n| s.turns = n) }
                    </div>
                    <fieldset class="field">
                        <legend>{"Tap the field to"}</legend>
                        <div class="chips wrap">
                            { tool_chip(Tool::Cities, "Place cities", "cities") }
                            if setup.mode >= 2 {
                                { tool_chip(Tool::Water, "Paint water", "water") }
                                { tool_chip(Tool::Mountain, "Paint mountains", "mountain") }
                                { tool_chip(Tool::Erase, "Erase", "erase") }
                            }
                        </div>
                    </fieldset>
                    if setup.mode >= 2 {
                        <div class="row wrap">
                            <label class="field small-field">
                                <span>{"Terrain seed"}</span>
                                <input type="number" min="0" value={seed.to_string()} oninput={on_seed} data-field="terrain-seed" />
                            </label>
                            <button type="button" class="chip" data-action="generate-terrain" onclick={generate}>{"Generate terrain"}</button>
                        </div>
                    }
                    if let Some(m) = &*message { <p class="tap-message" role="status" data-setup-message="">{ m }</p> }
                    { name_fields(&names, 2, &SEAT_NAMES) }
                </div>
                <div class="preview-box">{ for preview }</div>
            </div>
        </form>
    }
}

// ---------------------------------------------------------------------------
// Rules

const UKRAINIAN: &str = include_str!("frontier_uk.txt");

/// A rules diagram: a small field after the builds listed (the last one ringed).
fn diagram(mode: u8, moves: &[&str], caption: &str) -> Html {
    let setup = FrontierSetup {
        mode,
        width: 7,
        height: 5,
        cities: vec!["c1".into(), "c7".into()],
        turns: 5,
        water: if mode >= 2 {
            vec!["b4".into(), "d4".into()]
        } else {
            vec![]
        },
        mountains: vec![],
    };
    let record = Record {
        moves: moves.iter().map(|m| m.to_string()).collect(),
        ..Record::new::<Frontier>(&setup)
    };
    record_diagram::<Frontier>(record, caption)
}

/// The seed's text as it was written: paragraphs, `##` headings, `-` list items.
fn original_text() -> Html {
    let mut out = Vec::new();
    let mut items: Vec<String> = Vec::new();
    let flush = |items: &mut Vec<String>, out: &mut Vec<Html>| {
        if !items.is_empty() {
            out.push(html! { <ul>{ for items.drain(..).map(|i| html! { <li>{ i }</li> }) }</ul> });
        }
    };
    for block in UKRAINIAN
        .split("\n\n")
        .map(str::trim)
        .filter(|b| !b.is_empty())
    {
        for line in block.lines().map(str::trim).filter(|l| !l.is_empty()) {
            if let Some(h) = line.strip_prefix("##") {
                flush(&mut items, &mut out);
                out.push(html! { <h3>{ h.trim().trim_end_matches(':').to_string() }</h3> });
            } else if let Some(item) = line.strip_prefix("- ") {
                items.push(item.trim().to_string());
            } else if items.is_empty() {
                out.push(html! { <p>{ line.to_string() }</p> });
            } else if let Some(last) = items.last_mut() {
                last.push(' ');
                last.push_str(line);
            }
        }
        flush(&mut items, &mut out);
    }
    html! { <>{ for out }</> }
}

/// The rules of Frontier in English, with the seed's Ukrainian text beside them.
#[function_component(Rules)]
pub fn rules() -> Html {
    html! {
        <article class="rules rules-two">
            <h1>{"Frontier"}</h1>
            <div class="two-col">
                <section lang="en">
                    <p>{"Two players, a field of hexagonal cells, a city each. Your city and the cells around it are your territory at the start. Whoever holds more territory when both have used their turns wins; water and mountain cells count too."}</p>
                    <h2>{"Building (modes 1 and 2)"}</h2>
                    <p>{"On your turn, build a fort on a plain cell that is your territory or next to it, where no fort stands and that is not a city. That cell and every cell around it become yours, whoever held them and whatever stands on them \u{2014} except a city, which always belongs to its founder. Water and mountains can never be built on, but a fort next to them takes them. If no build is possible, you pass."}</p>
                    <div class="diagrams">
                        { diagram(1, &["c3"], "Orange builds on c3, next to its city: c3 and the six cells around it turn orange.") }
                        { diagram(2, &["c3", "c5", "c4"], "Blue's fort on c5 took c4; Orange's fort on c4 takes it back, with the water beside it. Forts stay; only the land changes hands.") }
                    </div>
                    <h2>{"Generals (mode 3)"}</h2>
                    <p>{"You never build yourself: a new general appears in your city at the start of each of your turns (if the city is free). Give each general at most one order a turn:"}</p>
                    <ul>
                        <li>{"(a) move one or two cells and stop;"}</li>
                        <li>{"(b) build a fort where it stands;"}</li>
                        <li>{"(c) move one cell and build there;"}</li>
                        <li>{"(d) from water, step onto a neighbouring land cell."}</li>
                    </ul>
                    <p>{"A general may enter plain, water and fort cells that are not your opponent's territory and where no general stands; never a mountain, never a city (its own included \u{2014} a general only ever leaves the city). Entering water ends its move; from water it can only step back onto land. Territory is judged when the order is given: a general on a cell your opponent has since taken may still leave it or build on it. A general needs no territory to build: plain land with no fort, not a city. After building, the general leaves the board. You cannot end your turn while a general stands in your city and could still go somewhere."}</p>
                    <h2>{"Modes"}</h2>
                    <p>{"1 \u{201c}I'm too young to die\u{201d}: size, cities, turns. 2 \u{201c}Hey, not too rough!\u{201d}: also water and mountains. 3 \u{201c}Hurt me plenty\u{201d}: also generals. Cities stand at least 3 cells apart."}</p>
                    <h2>{"On the screen"}</h2>
                    <p>{"Territory is tinted in its owner's colour and pattern; cities are houses, forts are ringed, generals are small figures (\u{2713} when they have had their order); water has waves, mountains peaks. Modes 1\u{2013}2: the dots mark where you can build. Mode 3: tap a general, then a dot to move it or a + to build; where both are possible you are asked which. Undo takes back an order until you end the turn; the End turn button says why when it cannot be pressed."}</p>
                </section>
                <section lang="uk" class="original">
                    <h2>{"Оригінал (українською)"}</h2>
                    { original_text() }
                </section>
            </div>
        </article>
    }
}

impl GameUi for Frontier {
    type Ui = Ui;
    type Command = Command;
    type NewGame = NewGame;
    type Rules = Rules;

    const INFO: GameInfo = GameInfo {
        id: "frontier",
        title: "Frontier",
        blurb: "Build forts to take the land around them; in the hardest mode, generals march out of your city to build.",
        players: "2 players",
        length: "10 to 30 minutes",
    };

    fn board_of(&self) -> &holdfast_rules::Board {
        self.board()
    }

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
            &mut p.session,
            c,
            ctx.confirm,
            ctx.now,
            ctx.names,
        )
    }

    fn command(p: &mut Played<Self>, fb: &mut Feedback, c: Command, ctx: &InputCtx) -> bool {
        let mv = match c {
            Command::OrderChoice(build) => {
                return choose(&mut p.ui, fb, &mut p.session, build, ctx.now, ctx.names)
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
