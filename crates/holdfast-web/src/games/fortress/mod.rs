//! Everything Fortress shows: the board's props built from a position (one pure
//! function), what a tap means, the seat panel, the new-game form and the rules page.

use std::rc::Rc;

use holdfast_rules::fortress::{Credit, Fortress, FortressMove, FortressSetup, RuleSet, MAPS};
use holdfast_rules::geometry::Geometry;
use holdfast_rules::{CellId, Game, Record, Seat, Terrain};
use web_sys::HtmlInputElement;
use yew::prelude::*;

use crate::board::{Board, BoardView, CellView, SEAT_NAMES};
use crate::game_ui::{
    preview, record_diagram, Feedback, GameInfo, GameUi, InputCtx, NewGameProps, OverPart,
    PartsCtx, PlayParts, Played, SeatPart, ViewCtx,
};
use crate::session::Session;
use crate::widgets::{final_names, name_fields};

/// Fortress's in-turn state: a move waiting for its confirming tap.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Ui {
    pub ghost: Option<CellId>,
}

/// Fortress's buttons.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Command {
    Pass,
    /// The pie rule's swap.
    Swap,
}

/// What a tap on a cell asks for in this position.
pub fn tap_move(g: &Fortress, c: CellId) -> FortressMove {
    if g.pending_removal().is_some() {
        FortressMove::Remove(c)
    } else if g.setup().dice && g.holder(c).is_some_and(|h| Some(h) != g.to_move()) {
        FortressMove::Attack(c)
    } else {
        FortressMove::Place(c)
    }
}

fn plural(n: u8, word: &str) -> String {
    if n == 1 {
        format!("1 {word}")
    } else {
        format!("{n} {word}s")
    }
}

/// The board's props for a position: pure, from the rules' state alone.
///
/// `before` is the position one entry earlier (to show what was just removed),
/// `last` that entry's text, `ghost` a move waiting for its confirming tap.
pub fn board_view(
    g: &Fortress,
    geo: &Geometry,
    before: Option<&Fortress>,
    last: Option<&str>,
    ghost: Option<CellId>,
    names: &dyn Fn(Seat) -> String,
    interactive: bool,
) -> BoardView {
    let board = g.board();
    let map = g.map();
    let last_cell = last.and_then(|t| {
        let t = t.strip_prefix('x').unwrap_or(t);
        let t = t.strip_prefix('-').unwrap_or(t);
        board.cell(t)
    });
    let cells = board
        .cells()
        .map(|c| {
            let cg = &geo.cells[c as usize];
            let held = g.holder(c).map(|h| (h, g.count(c)));
            let credit = g.credit(c);
            let tint = match credit {
                Credit::Held(s) => Some((s, true)),
                Credit::Counts(s) => Some((s, held.is_some_and(|(h, _)| h == s))),
                _ => None,
            };
            let removed = before.and_then(|b| {
                let was = b.holder(c)?;
                let n = b.count(c);
                match held {
                    Some((h, k)) if h == was && k >= n => None,
                    Some((h, k)) if h == was => Some((was, n - k)),
                    _ => Some((was, n)),
                }
            });
            let legal = interactive && g.to_move().is_some() && g.check(tap_move(g, c)).is_ok();
            let terrain = board.terrain(c);
            let value = map.value[c as usize];
            let cap = map.capacity[c as usize];
            let mut label = board.name(c).to_string();
            match terrain {
                Terrain::Sea => label.push_str(" (sea)"),
                Terrain::Mountain => label.push_str(" (mountain, +1 defence)"),
                Terrain::Land => {}
            }
            label.push_str(": ");
            match held {
                Some((s, n)) => label.push_str(&format!(
                    "{} {}",
                    plural(n, &format!("{} piece", names(s))),
                    ""
                )),
                None => label.push_str("empty"),
            }
            let label = label.trim_end().to_string();
            let label = match credit {
                Credit::Counts(s) if held.is_none() => format!("{label}, counts for {}", names(s)),
                Credit::Tied => format!("{label}, contested"),
                _ => label,
            };
            let label = if legal {
                format!("{label}; you can play here")
            } else {
                label
            };
            let mut note = None;
            if value != 1 && terrain != Terrain::Sea {
                note = Some(format!("{value}"));
            } else if cap != 3 && terrain == Terrain::Land {
                note = Some(format!("/{cap}"));
            }
            CellView {
                terrain,
                tint,
                pieces: held,
                removed,
                legal,
                ghost: if ghost == Some(c) && matches!(tap_move(g, c), FortressMove::Place(_)) {
                    g.to_move()
                } else {
                    None
                },
                last: last_cell == Some(c),
                contested: credit == Credit::Tied,
                note,
                label,
                ..CellView::blank(c, board.name(c), cg)
            }
        })
        .collect();
    BoardView {
        view_box: geo.view_box,
        cells,
        edge: if interactive { g.to_move() } else { None },
        regions: matches!(board.shape(), holdfast_rules::board::Shape::Regions { .. }),
        go: None,
        palette: None,
    }
}

/// A line about the position for the turn banner.
pub fn status_line(g: &Fortress, names: &dyn Fn(Seat) -> String) -> String {
    match g.to_move() {
        None => "Game over".to_string(),
        Some(s) => {
            let who = names(s);
            if let Some(t) = g.pending_removal() {
                let roll = g
                    .last_roll()
                    .map(|r| format!(" ({} against {})", r.attack, r.defence))
                    .unwrap_or_default();
                format!(
                    "{who}: the attack on {} failed{roll}; remove one of your pieces next to it",
                    g.board().name(t)
                )
            } else {
                let moves = match g.limit() {
                    Some(l) => format!(" \u{2014} move {} of {l}", g.moves_used(s) + 1),
                    None => String::new(),
                };
                format!("{who} to move{moves}")
            }
        }
    }
}

/// A sentence about the last dice roll, if the last entry was an attack.
pub fn dice_line(g: &Fortress) -> Option<String> {
    let r = g.last_roll()?;
    let target = g.board().name(r.target);
    let verdict = if r.attack > r.defence {
        "the attack wins"
    } else if r.attack < r.defence {
        "the defence holds"
    } else {
        "a tie: nothing happens"
    };
    Some(format!(
        "Attack on {target}: {} (rolled {}) against {} (rolled {}): {verdict}.",
        r.attack, r.attacker_roll, r.defence, r.defender_roll
    ))
}

/// Per seat: pieces on the board and moves left.
pub fn seat_facts(g: &Fortress, seat: Seat) -> String {
    let on_board: u32 = g
        .board()
        .cells()
        .filter(|&c| g.holder(c) == Some(seat))
        .map(|c| g.count(c) as u32)
        .sum();
    let left = g.limit().map(|l| l.saturating_sub(g.moves_used(seat)));
    match left {
        Some(l) => format!("{on_board} on board \u{b7} {l} moves left"),
        None => format!("{on_board} on board"),
    }
}

/// Whether the swap of the pie rule is on offer now.
pub fn can_swap(g: &Fortress) -> bool {
    g.check(FortressMove::Swap).is_ok()
}

/// The name shown for a seat: after a pie-rule swap the two players trade colours.
fn seat_name(g: &Session<Fortress>, seat: Seat) -> String {
    let s = if g.shown().swapped() && g.record.names.len() == 2 {
        1 - seat
    } else {
        seat
    };
    g.name(s)
}

/// A tap (or Enter) on a cell: with confirm-tap, the first tap shows the move as a
/// ghost and a second tap on the same cell plays it. Returns whether the game changed.
pub fn tap(
    ui: &mut Ui,
    fb: &mut Feedback,
    g: &mut Session<Fortress>,
    c: CellId,
    confirm: bool,
    now: f64,
    names: &[String],
) -> bool {
    let pos = g.game();
    let mv = tap_move(pos, c);
    if let Err(e) = pos.check(mv) {
        fb.refuse(&mut ui.ghost, &e, names);
        return false;
    }
    if confirm && !matches!(mv, FortressMove::Remove(_)) && ui.ghost != Some(c) {
        ui.ghost = Some(c);
        let name = pos.board().name(c);
        fb.say(match mv {
            FortressMove::Attack(_) => format!("Tap {name} again to attack it."),
            _ => format!("Tap {name} again to place your piece."),
        });
        return false;
    }
    fb.settle(&mut ui.ghost, g.play(mv, now), names)
}

/// The home page's sample position.
pub fn demo_record() -> Record {
    Record {
        moves: ["c3", "d4", "b4", "c5", "d3", "e4", "c2", "b5"]
            .iter()
            .map(|m| m.to_string())
            .collect(),
        ..Record::new::<Fortress>(&Default::default())
    }
}

fn breakdown(pos: &Fortress, seat: Seat) -> String {
    let (mut held, mut counted) = (0i32, 0i32);
    for c in pos.board().cells() {
        let v = pos.map().value[c as usize] as i32;
        match pos.credit(c) {
            Credit::Held(s) if s == seat => held += v,
            Credit::Counts(s) if s == seat => counted += v,
            _ => {}
        }
    }
    if pos.rules() == RuleSet::Ssi1983 {
        format!("{held} held + {counted} by influence")
    } else {
        format!("{held} held + {counted} empty")
    }
}

/// Fortress's parts of the play screen.
fn play_parts(ctx: &PartsCtx<'_, Fortress>) -> PlayParts {
    let g = ctx.session();
    let pos = g.shown();
    let names = |x: Seat| seat_name(g, x);
    let viewing = g.viewing.is_some();
    let board = ctx.board();
    let scores = pos.scores();
    let live = g.game();
    let pending = live.pending_removal().is_some();
    let can_pass = !viewing && live.to_move().is_some() && !pending;
    let controls = html! {
        <>
            <button class="primary" data-action="pass" disabled={!can_pass} onclick={ctx.on(Command::Pass)}>{"Pass"}</button>
            if !viewing && can_swap(live) {
                <button class="primary" data-action="swap" onclick={ctx.on(Command::Swap)}>{"Swap colours"}</button>
            }
        </>
    };
    let info = match (!viewing).then(|| dice_line(live)).flatten() {
        Some(d) => html! { <p class="dice-line" role="status">{ d }</p> },
        None => html! {},
    };
    let over = live.is_over().then(|| {
        let winners = live.winners();
        let headline = if winners.len() == 1 {
            format!("{} wins!", names(winners[0]))
        } else {
            format!(
                "A draw between {}.",
                winners
                    .iter()
                    .map(|&w| names(w))
                    .collect::<Vec<_>>()
                    .join(" and ")
            )
        };
        OverPart {
            headline,
            breakdown: (0..live.players())
                .map(|x| breakdown(live, x as Seat))
                .collect(),
        }
    });
    let setup = live.setup();
    let mut bits = vec![live.map().title.clone()];
    if setup.rules == RuleSet::Ssi1983 {
        bits.push("1983 rules".into());
    }
    if setup.dice {
        bits.push(format!("dice (seed {})", setup.seed));
    }
    if setup.pie {
        bits.push("pie rule".into());
    }
    PlayParts {
        status: status_line(live, &names),
        board,
        seats: (0..pos.players())
            .map(|x| SeatPart {
                score: scores[x],
                facts: seat_facts(pos, x as Seat),
            })
            .collect(),
        controls,
        info,
        over,
        footer: bits.join(" \u{b7} "),
    }
}

// ---------------------------------------------------------------------------
// New game

fn random_seed() -> u64 {
    (js_sys::Math::random() * 1_000_000.0) as u64
}

/// The new-game screen: one tap starts the classic game; options are folded away.
#[function_component(NewGame)]
pub fn new_game(props: &NewGameProps) -> Html {
    let init_setup: FortressSetup = props
        .initial
        .as_ref()
        .and_then(|r| r.setup_of::<Fortress>().ok())
        .unwrap_or_default();
    let init_names: Vec<String> = props
        .initial
        .as_ref()
        .map(|r| r.names.clone())
        .unwrap_or_default();
    let setup = use_state(|| init_setup.clone());
    let names = use_state(|| {
        let mut n = init_names.clone();
        n.resize(4, String::new());
        n
    });
    let error = use_state(|| None::<String>);
    let players = setup.players as usize;
    let set = {
        let setup = setup.clone();
        move |f: &dyn Fn(&mut FortressSetup)| {
            let mut s = (*setup).clone();
            f(&mut s);
            setup.set(s);
        }
    };
    let start = {
        let setup = setup.clone();
        let names = names.clone();
        let error = error.clone();
        let on_start = props.on_start.clone();
        Callback::from(move |e: SubmitEvent| {
            e.prevent_default();
            let s = (*setup).clone();
            match Fortress::new(&s) {
                Ok(_) => {
                    let mut record = Record::new::<Fortress>(&s);
                    record.names = final_names(&names, s.players as usize as usize, &SEAT_NAMES);
                    on_start.emit(record);
                }
                Err(e) => error.set(Some(format!("This setup cannot be played: {e}."))),
            }
        })
    };
    let map_options = MAPS.iter().map(|m| {
        let selected = setup.map == m.id;
        html! { <option value={m.id} selected={selected}>{ m.title }</option> }
    });
    let blurb = MAPS
        .iter()
        .find(|m| m.id == setup.map)
        .map(|m| m.blurb)
        .unwrap_or("");
    let on_map = {
        let set = set.clone();
        Callback::from(move |e: Event| {
            let v = e
                .target_unchecked_into::<web_sys::HtmlSelectElement>()
                .value();
            set(&|s: &mut FortressSetup| {
                s.map = v.clone();
                if v != "classic" {
                    s.rules = RuleSet::Seed;
                }
                if v == "generated" && s.seed == 0 {
                    s.seed = random_seed();
                }
            });
        })
    };
    let player_buttons = (2..=4u8).map(|n| {
        let set = set.clone();
        let on = setup.players == n;
        let onclick = Callback::from(move |_| {
            set(&|s: &mut FortressSetup| {
                s.players = n;
                if n != 2 {
                    s.pie = false;
                    s.rules = RuleSet::Seed;
                }
            })
        });
        html! { <button type="button" class={classes!("chip", on.then_some("on"))} aria-pressed={on.to_string()} onclick={onclick}>{ n }</button> }
    });
    let limit_text = match setup.moves_each {
        None => String::new(),
        Some(None) => String::new(),
        Some(Some(n)) => n.to_string(),
    };
    let on_limit = {
        let set = set.clone();
        Callback::from(move |e: InputEvent| {
            let v = e.target_unchecked_into::<HtmlInputElement>().value();
            set(&|s: &mut FortressSetup| {
                s.moves_each = if v.trim().is_empty() {
                    None
                } else {
                    v.trim().parse::<u16>().ok().map(Some)
                };
            })
        })
    };
    let no_limit = setup.moves_each == Some(None);
    let toggle = |f: fn(&mut FortressSetup, bool)| {
        let set = set.clone();
        Callback::from(move |e: Event| {
            let on = e.target_unchecked_into::<HtmlInputElement>().checked();
            set(&|s: &mut FortressSetup| f(s, on));
        })
    };
    let on_seed = {
        let set = set.clone();
        Callback::from(move |e: InputEvent| {
            let v = e.target_unchecked_into::<HtmlInputElement>().value();
            if let Ok(n) = v.trim().parse::<u64>() {
                set(&|s: &mut FortressSetup| s.seed = n.min(9_007_199_254_740_991));
            }
        })
    };
    let new_seed = {
        let set = set.clone();
        Callback::from(move |_| set(&|s: &mut FortressSetup| s.seed = random_seed()))
    };
    // A preview of the map, drawn by the same board component.
    let preview = match Fortress::new(&FortressSetup {
        rules: RuleSet::Seed,
        dice: false,
        ..(*setup).clone()
    }) {
        Ok(g) => {
            let view = preview(&g);
            html! { <Board view={Rc::new(view)} title="Map preview" class="preview" /> }
        }
        Err(_) => html! {},
    };
    html! {
        <form class="new-game" onsubmit={start}>
            <h1>{"New game of Fortress"}</h1>
            <button type="submit" class="primary big" data-action="start">{"Start game"}</button>
            if let Some(e) = &*error { <p class="notice error" role="alert">{ e }</p> }
            <div class="setup-grid">
                <div>
                    <label class="field">
                        <span>{"Map"}</span>
                        <select onchange={on_map} data-field="map">{ for map_options }</select>
                    </label>
                    <p class="hint">{ blurb }</p>
                    if setup.map == "generated" {
                        <label class="field">
                            <span>{"Map number (seed)"}</span>
                            <input type="number" min="0" value={setup.seed.to_string()} oninput={on_seed.clone()} data-field="seed" />
                            <button type="button" class="chip" onclick={new_seed.clone()}>{"Another map"}</button>
                        </label>
                    }
                    <fieldset class="field">
                        <legend>{"Players"}</legend>
                        <div class="chips">{ for player_buttons }</div>
                    </fieldset>
                    { name_fields(&names, players, &SEAT_NAMES) }
                </div>
                <div class="preview-box">{ preview }</div>
            </div>
            <details class="options">
                <summary>{"Options"}</summary>
                <label class="field">
                    <span>{"Moves each"}</span>
                    <input type="number" min="1" max="999" placeholder="map default" value={limit_text} disabled={no_limit}
                        oninput={on_limit} data-field="moves-each" />
                </label>
                <p class="hint">{"Each player gets this many moves; a pass uses one. Blank: the map's own limit."}</p>
                <label class="check">
                    <input type="checkbox" checked={no_limit} onchange={toggle(|s, on| s.moves_each = if on { Some(None) } else { None })} />
                    {"No move limit"}
                </label>
                <p class="hint">{"The game then ends only when every player passes in succession."}</p>
                if players == 2 {
                    <label class="check">
                        <input type="checkbox" checked={setup.pie} onchange={toggle(|s, on| s.pie = on)} data-field="pie" />
                        {"Pie rule"}
                    </label>
                    <p class="hint">{"After the first piece, the second player may swap colours instead of moving: it evens out the first move's advantage."}</p>
                }
                <label class="check">
                    <input type="checkbox" checked={setup.dice} onchange={toggle(|s, on| { s.dice = on; if on { s.rules = RuleSet::Seed; if s.seed == 0 { s.seed = random_seed(); } } })} data-field="dice" />
                    {"Dice attacks"}
                </label>
                <p class="hint">{"No automatic captures: instead of placing, attack an enemy area next to you; each side adds a die. The dice come from the game's seed, so a shared game replays exactly."}</p>
                if setup.dice {
                    <label class="field">
                        <span>{"Dice seed"}</span>
                        <input type="number" min="0" value={setup.seed.to_string()} oninput={on_seed} />
                        <button type="button" class="chip" onclick={new_seed}>{"New seed"}</button>
                    </label>
                }
                if players == 2 && setup.map == "classic" && !setup.dice {
                    <label class="check">
                        <input type="checkbox" checked={setup.rules == RuleSet::Ssi1983}
                            onchange={toggle(|s, on| s.rules = if on { RuleSet::Ssi1983 } else { RuleSet::Seed })} data-field="rules-1983" />
                        {"1983 rules"}
                    </label>
                    <p class="hint">{"SSI's original: both sides' outgunned areas clear at once, no chains; areas go to the side with more influence (pieces in and next to them)."}</p>
                }
            </details>
        </form>
    }
}

// ---------------------------------------------------------------------------
// Rules

fn diagram(moves: &[&str], caption: &str) -> Html {
    let record = Record {
        moves: moves.iter().map(|s| s.to_string()).collect(),
        ..Record::new::<Fortress>(&FortressSetup::default())
    };
    record_diagram::<Fortress>(record, caption)
}

/// The rules of Fortress, in our own words.
#[function_component(Rules)]
pub fn rules() -> Html {
    html! {
        <article class="rules">
            <h1>{"Fortress"}</h1>
            <p>{"A game of pressure for 2 to 4 players on any map: squares, hexes or regions. Generalised by its author from the SSI computer game of 1983."}</p>
            <h2>{"Your move"}</h2>
            <p>{"Place one piece in an area that is empty, or that holds only your pieces and is not full (3 pieces, unless the map says otherwise). You can never place into an area another player holds. Or pass: with a move limit, a pass uses one of your moves."}</p>
            <h2>{"Captures"}</h2>
            <p>{"After you place, look at every area an opponent holds, anywhere on the board. Its defence is its own pieces plus the holder's pieces in the areas next to it (plus 1 on a mountain). Your attack is your pieces in the areas next to it. If your attack is greater than its defence, all its pieces are removed. Removing pieces weakens their neighbours, so captures can chain: keep going until nothing more falls. An area you leave in danger on your own move stands until your opponent's next placement."}</p>
            <p>{"Only sides touching \u{2014} never corners."}</p>
            <div class="diagrams">
                { diagram(&["c3", "c4", "b5", "c5", "d5", "a1", "b4", "a2"], "Before: Blue's c4 has defence 2 (itself and c5); Orange attacks it with 2 (c3, b4).") }
                { diagram(&["c3", "c4", "b5", "c5", "d5", "a1", "b4", "a2", "d4"], "Orange plays d4: attack 3 beats 2, c4 falls, and c5, now alone against b5 and d5, falls too.") }
            </div>
            <h2>{"The end and the score"}</h2>
            <p>{"The game ends when every player has passed in a row, or when everyone has used their moves (21 each on the classic board). Each area you hold scores its value (usually 1; sea 0). An empty area scores for the player with strictly the most pieces next to it; a tie scores for nobody (the board marks it \u{2694}). The tint on the board shows, at every moment, whom each area counts for. Highest total wins; equal totals draw."}</p>
            <p>{"Moving first is a big advantage: play games in pairs (the end-of-game panel offers the rematch with the other player first), or use the pie rule."}</p>
            <h2>{"Three or four players"}</h2>
            <p>{"Turns go round in seat order. A capture counts only the player moving and the area's holder: a third player's pieces next to the area neither help nor hinder."}</p>
            <h2>{"Maps"}</h2>
            <p>{"Classic 6x6 (21 moves each), 8x8, 10x10, a hexagon (six neighbours per cell), the Archipelago with seas (worth 0, room for 1 piece) and mountains (+1 defence), and generated region maps from a map number that the game records, so a shared game shows the same map. A small number in an area's corner is its value when it is not 1."}</p>
            <h2>{"Options"}</h2>
            <ul>
                <li><strong>{"Pie rule"}</strong>{": after the first piece, the second player may swap instead of moving: the two players trade colours (and names), the piece stays, and the player who now has the second colour moves. The swap uses no move."}</li>
                <li><strong>{"Dice attacks"}</strong>{": no automatic captures. Instead of placing, you may attack an enemy area next to one of your pieces: you add a die to your pieces next to it; the holder adds a die to its defence. Higher attack: the defenders go and one of your pieces moves in. Higher defence: you remove one of your pieces next to it (your choice, by tapping it). A tie: nothing happens. The dice come from the game's seed, so replays are exact."}</li>
                <li><strong>{"1983 rules"}</strong>{" (2 players, classic board, 1 to 54 moves each): after every placement, every area of either side whose attack exceeds its defence is cleared at once, without chains \u{2014} so a piece placed into danger is legal, counts while the move is judged, and may fall along with the enemy pieces it helped to clear. Scoring: your influence on an area is your pieces in it and next to it; the area goes to the greater influence, a tie to nobody (besieged, marked \u{2694})."}</li>
            </ul>
            <h2>{"On the board"}</h2>
            <p>{"Pieces have a shape per player (circle, square, triangle, diamond) as well as a colour. The dot marks where you can play; the ring shows the last move; removed pieces fade out. With confirm-tap on, the first tap shows your piece as a ghost and a second tap on the same area plays it. Keyboard: Tab to an area, Enter to play."}</p>
        </article>
    }
}

impl GameUi for Fortress {
    type Ui = Ui;
    type Command = Command;
    type NewGame = NewGame;
    type Rules = Rules;

    const INFO: GameInfo = GameInfo {
        id: "fortress",
        title: "Fortress",
        blurb:
            "Place pieces; outgun your neighbours to clear them. The 1983 SSI classic on any map.",
        players: "2\u{2013}4 players",
        length: "about 10 minutes",
    };

    fn board_of(&self) -> &holdfast_rules::Board {
        self.board()
    }

    fn view(&self, ctx: &ViewCtx<'_, Self>) -> BoardView {
        board_view(
            self,
            ctx.geo,
            ctx.before,
            ctx.last,
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
            Command::Pass => FortressMove::Pass,
            Command::Swap => FortressMove::Swap,
        };
        p.play_button(fb, mv, ctx)
    }

    fn parts(ctx: &PartsCtx<'_, Self>) -> PlayParts {
        play_parts(ctx)
    }

    fn demo_record() -> Record {
        demo_record()
    }

    fn seat_name(s: &Session<Self>, seat: Seat) -> String {
        seat_name(s, seat)
    }

    fn describe(setup: &FortressSetup) -> String {
        let map = MAPS
            .iter()
            .find(|m| m.id == setup.map)
            .map(|m| m.title)
            .unwrap_or(setup.map.as_str());
        format!("Fortress, {map}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game_ui::{played, Input};
    use crate::link;
    use crate::model::{Action, AppState, Screen};
    use crate::storage::{self, MemoryStore};

    fn fresh() -> AppState {
        AppState::load(&mut MemoryStore::default(), "", 1.0)
    }

    fn fortress(s: &AppState) -> &Played<Fortress> {
        played::<Fortress>(&**s.game.as_ref().unwrap()).expect("a Fortress game")
    }

    #[test]
    fn confirm_tap_needs_two_taps_and_illegal_taps_say_why() {
        let mut s = fresh();
        s.apply(
            Action::Start(Record::new::<Fortress>(&Default::default())),
            2.0,
        );
        let c3 = fortress(&s).session.game().board().cell("c3").unwrap();
        s.apply(Action::Game(Input::Tap(c3)), 3.0);
        assert_eq!(fortress(&s).ui.ghost, Some(c3));
        assert!(fortress(&s).session.record.moves.is_empty());
        s.apply(Action::Game(Input::Tap(c3)), 4.0);
        assert_eq!(fortress(&s).session.record.moves, vec!["c3"]);
        s.apply(Action::Game(Input::Key(c3)), 5.0);
        assert_eq!(s.feedback.message.as_deref(), Some("c3 is held by Orange."));
        assert_eq!(s.feedback.shake, 1);
        s.apply(Action::Game(Input::command(Command::Pass)), 6.0);
        assert_eq!(fortress(&s).session.record.moves, vec!["c3", "pass"]);
    }

    #[test]
    fn links_open_and_broken_links_leave_saves_alone() {
        let mut store = MemoryStore::default();
        let mut s = fresh();
        s.apply(
            Action::Start(Record::new::<Fortress>(&Default::default())),
            2.0,
        );
        storage::save(&mut store, &s.game.as_ref().unwrap().saved()).unwrap();
        let before = store.0.clone();
        let broken = AppState::load(&mut store, "#g=AAAA", 3.0);
        assert!(broken.notice.as_ref().unwrap().error);
        assert_eq!(store.0, before);
        assert_eq!(broken.saves.len(), 1);

        let mut r = Record::new::<Fortress>(&Default::default());
        r.moves = vec!["c3".into(), "c4".into()];
        let opened = AppState::load(&mut store, &link::encode(&r), 4.0);
        assert_eq!(opened.screen, Screen::Play);
        assert_eq!(opened.game.as_ref().unwrap().record().moves, r.moves);

        r.moves.push("c4".into()); // illegal: held by Blue
        let bad = AppState::load(&mut store, &link::encode(&r), 5.0);
        assert!(bad.game.is_none());
        assert!(bad.notice.unwrap().text.contains("move 3"));
    }
}
