//! Everything Fortress shows: the board's props built from a position (one pure
//! function), what a tap means, the seat panel, the new-game form and the rules page.
//!
//! The new-game form is in `new_game.rs`, the rules page in `rules.rs`.

mod new_game;
mod rules;
mod words;

use holdfast_rules::fortress::{Credit, Fortress, FortressMove, FortressSetup, RuleSet, MAPS};
use holdfast_rules::geometry::Geometry;
use holdfast_rules::{CellId, Game, Record, Seat, Terrain};
use yew::prelude::*;

use crate::board::{BoardView, CellView};
use crate::game_ui::{
    pass_label, Feedback, GameInfo, GameUi, Input, InputCtx, OverPart, PartsCtx, PlayParts, Played,
    SeatPart, ViewCtx,
};
use crate::i18n::{t, tf, tp, tp_with};
use crate::session::{Session, SessionMut};

pub use new_game::NewGame;

/// Fortress's in-turn state: a move waiting for its confirming tap.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Ui {
    pub ghost: Option<CellId>,
    /// Pass was pressed once: the next press passes.
    pub pass_armed: bool,
}

/// Fortress's buttons.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Command {
    Pass,
    /// The pie rule's swap.
    Swap,
}

/// A map's title in the app's language (the rules keep it in English): a shipped
/// map's, or a generated one's with its number; any other as it is.
fn map_title(english: &str) -> String {
    let title = match english {
        "Classic 6x6" => t("Classic 6x6"),
        "Square 8x8" => t("Square 8x8"),
        "Square 10x10" => t("Square 10x10"),
        "Hexagon" => t("Hexagon"),
        "Archipelago" => t("Archipelago"),
        "Generated regions" => t("Generated regions"),
        // (A map drawn in the maps' editor: its title, and its id in a setup.)
        "Drawn map" | "custom" => t("Drawn map"),
        _ => {
            return match english.strip_prefix("Generated map #") {
                Some(n) => tf("Generated map #{}", &[&n]),
                None => english.to_string(),
            }
        }
    };
    title.to_string()
}

/// A shipped map's line on the new-game screen in the app's language (`english`,
/// the rules' own, for a map not listed here).
fn map_blurb(id: &str, english: &'static str) -> &'static str {
    match id {
        "classic" => t("The 1983 board: 36 squares, 21 moves each."),
        "square-8" => t("64 squares, 37 moves each."),
        "square-10" => t("100 squares, 58 moves each."),
        "hex" => t("37 hexes, six neighbours each, 21 moves each."),
        "archipelago" => t(
            "21 regions with seas (worth 0, room for 1) and mountains (+1 defence); two ports worth 2.",
        ),
        "generated" => t("20 random regions with sea and mountains, drawn from the seed number."),
        _ => english,
    }
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

/// The flag kept when the siege warning is off: areas under equal pressure (the
/// 1983 rules' castles at margin 0, one piece from falling) are then not marked.
pub const HIDE_SIEGES: &str = "fortress.hide-sieges";

/// The board's props for a position: pure, from the rules' state alone.
///
/// `before` is the position one entry earlier (to show what was just removed),
/// `last` that entry's text, `ghost` a move waiting for its confirming tap,
/// `sieges` whether areas under equal pressure are marked (the siege warning).
#[allow(clippy::too_many_arguments)]
pub fn board_view(
    g: &Fortress,
    geo: &Geometry,
    before: Option<&Fortress>,
    last: Option<&str>,
    ghost: Option<CellId>,
    names: &dyn Fn(Seat) -> String,
    interactive: bool,
    sieges: bool,
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
            let name = board.name(c);
            let what = match held {
                Some((s, n)) => tp_with(n as usize, "{} {} piece", "{} {} pieces", &[&names(s)]),
                None => t("empty").to_string(),
            };
            let label = match terrain {
                Terrain::Sea => tf("{} (sea): {}", &[&name, &what]),
                Terrain::Mountain => tf("{} (mountain, +1 defence): {}", &[&name, &what]),
                Terrain::Land => tf("{}: {}", &[&name, &what]),
            };
            let label = match credit {
                Credit::Counts(s) if held.is_none() => {
                    tf("{}, counts for {}", &[&label, &names(s)])
                }
                Credit::Tied if sieges => tf("{}, contested", &[&label]),
                _ => label,
            };
            let label = if legal {
                tf("{}; you can play here", &[&label])
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
                contested: sieges && credit == Credit::Tied,
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
        None => t("Game over").to_string(),
        Some(s) => {
            let who = names(s);
            if let Some(target) = g.pending_removal() {
                let cell = g.board().name(target);
                match g.last_roll() {
                    Some(r) => tf(
                        "{}: the attack on {} failed ({} against {}); remove one of your pieces next to it",
                        &[&who, &cell, &r.attack, &r.defence],
                    ),
                    None => tf(
                        "{}: the attack on {} failed; remove one of your pieces next to it",
                        &[&who, &cell],
                    ),
                }
            } else {
                match g.limit() {
                    Some(l) => tf(
                        "{} to move \u{2014} move {} of {}",
                        &[&who, &(g.moves_used(s) + 1), &l],
                    ),
                    None => tf("{} to move", &[&who]),
                }
            }
        }
    }
}

/// A sentence about the last dice roll, if the last entry was an attack.
pub fn dice_line(g: &Fortress) -> Option<String> {
    let r = g.last_roll()?;
    let target = g.board().name(r.target);
    let verdict = if r.attack > r.defence {
        t("the attack wins")
    } else if r.attack < r.defence {
        t("the defence holds")
    } else {
        t("a tie: nothing happens")
    };
    Some(tf(
        "Attack on {}: {} (rolled {}) against {} (rolled {}): {}.",
        &[
            &target,
            &r.attack,
            &r.attacker_roll,
            &r.defence,
            &r.defender_roll,
            &verdict,
        ],
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
        Some(l) => tf(
            "{} on board \u{b7} {} left",
            &[&on_board, &tp(l as usize, "{} move", "{} moves")],
        ),
        None => tf("{} on board", &[&on_board]),
    }
}

/// Whether the swap of the pie rule is on offer now.
pub fn can_swap(g: &Fortress) -> bool {
    g.check(FortressMove::Swap).is_ok()
}

/// The name shown for a seat: after a pie-rule swap the two players trade colours.
/// Whose name and player a seat has: after the pie rule's swap, the other's.
fn seat_index(g: &Session<Fortress>, seat: Seat) -> usize {
    if g.shown().swapped() && g.record.names.len() == 2 {
        1 - seat as usize
    } else {
        seat as usize
    }
}

/// A tap (or Enter) on a cell: with confirm-tap, the first tap shows the move as a
/// ghost and a second tap on the same cell plays it. Returns whether the game changed.
pub fn tap(
    ui: &mut Ui,
    fb: &mut Feedback,
    g: &mut SessionMut<'_, Fortress>,
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
            FortressMove::Attack(_) => tf("Tap {} again to attack it.", &[&name]),
            _ => tf("Tap {} again to place your piece.", &[&name]),
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
        tf("{} held + {} by influence", &[&held, &counted])
    } else {
        tf("{} held + {} empty", &[&held, &counted])
    }
}

/// Fortress's parts of the play screen.
fn play_parts(ctx: &PartsCtx<'_, Fortress>) -> PlayParts {
    let g = ctx.session();
    let pos = g.shown();
    let names = |x: Seat| <Fortress as GameUi>::seat_name(g, x);
    let viewing = g.viewing.is_some();
    let board = ctx.board();
    let scores = pos.scores();
    let live = g.game();
    let pending = live.pending_removal().is_some();
    let can_pass = !viewing && live.to_move().is_some() && !pending;
    let controls = html! {
        <>
            { crate::widgets::button_with("pass", "", pass_label(ctx.played.ui.pass_armed), !can_pass, ctx.on(Command::Pass)) }
            if !viewing && can_swap(live) {
                { crate::widgets::button("swap", "primary", t("Swap colours"), ctx.on(Command::Swap)) }
            }
        </>
    };
    let dice = match (!viewing).then(|| dice_line(live)).flatten() {
        Some(d) => html! { <p class="dice-line" role="status">{ d }</p> },
        None => html! {},
    };
    // The 1983 original's siege warning: on or off.
    let sieges = ctx.emit.reform(|e: Event| {
        let on = e
            .target_unchecked_into::<web_sys::HtmlInputElement>()
            .checked();
        Input::Flag(HIDE_SIEGES, !on)
    });
    let info = html! {
        <>
            { dice }
            if live.rules() == RuleSet::Ssi1983 {
                <label class="check">
                    <input type="checkbox" checked={!ctx.settings.flag(HIDE_SIEGES)} onchange={sieges} data-setting="siege-warning" />
                    <span>{ t("Siege warning (\u{2694}: an area under equal pressure; a castle there falls to one more piece beside it)") }</span>
                </label>
            }
        </>
    };
    let over = live.is_over().then(|| {
        let winners = live.winners();
        let headline = if winners.len() == 1 {
            tf("{} wins!", &[&names(winners[0])])
        } else {
            let all = winners
                .iter()
                .map(|&w| names(w))
                .collect::<Vec<_>>()
                .join(t(" and "));
            tf("A draw between {}.", &[&all])
        };
        OverPart {
            headline,
            breakdown: (0..live.players())
                .map(|x| breakdown(live, x as Seat))
                .collect(),
        }
    });
    let setup = live.setup();
    let mut bits = vec![map_title(&live.map().title)];
    if setup.rules == RuleSet::Ssi1983 {
        bits.push(t("1983 rules").into());
    }
    if setup.dice {
        bits.push(tf("dice (seed {})", &[&setup.seed]));
    }
    if setup.pie {
        bits.push(t("pie rule").into());
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

impl GameUi for Fortress {
    type Ui = Ui;
    type Command = Command;
    type NewGame = NewGame;
    fn rules() -> Html {
        rules::rules()
    }

    fn territory(n: usize) -> String {
        crate::i18n::tp(n, "{} area", "{} areas")
    }
    fn that_cell() -> &'static str {
        crate::i18n::n_("That area")
    }
    const INFO: GameInfo = GameInfo {
        id: "fortress",
        title: crate::i18n::n_("Fortress"),
        blurb: crate::i18n::n_(
            "Place pieces; outgun your neighbours to clear them. The 1983 SSI classic on any map.",
        ),
        players: crate::i18n::n_("2\u{2013}4 players"),
        length: crate::i18n::n_("about 10 minutes"),
    };

    fn view(&self, ctx: &ViewCtx<'_, Self>) -> BoardView {
        board_view(
            self,
            ctx.geo,
            ctx.before,
            ctx.last,
            ctx.ui.and_then(|u| u.ghost),
            ctx.names,
            ctx.interactive,
            !(self.rules() == RuleSet::Ssi1983 && ctx.settings.flag(HIDE_SIEGES)),
        )
    }

    fn tap(p: &mut Played<Self>, fb: &mut Feedback, c: CellId, ctx: &InputCtx) -> bool {
        p.ui.pass_armed = false;
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
            Command::Pass => {
                if !fb.ask_pass(&mut p.ui.pass_armed) {
                    return false;
                }
                FortressMove::Pass
            }
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

    fn seat_index(s: &Session<Self>, seat: Seat) -> usize {
        seat_index(s, seat)
    }

    fn describe(setup: &FortressSetup) -> String {
        let map = MAPS
            .iter()
            .find(|m| m.id == setup.map)
            .map(|m| m.title)
            .unwrap_or(setup.map.as_str());
        tf("Fortress, {}", &[&map_title(map)])
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn every_map_has_its_title_and_words_in_ukrainian() {
        crate::i18n::speak_ukrainian_for_tests();
        for m in holdfast_rules::fortress::MAPS {
            assert_ne!(super::map_title(m.title), m.title, "{}", m.id);
            assert_ne!(super::map_blurb(m.id, m.blurb), m.blurb, "{}", m.id);
        }
    }
}
