//! Everything Island Wars shows: the hex map with colours, secured water and pieces
//! (barracks: the seat's shape; towers: ringed; ports: squares), the piece to place
//! chosen from the hand, legal hexes marked, the hexes a barracks would turn shown
//! before it is confirmed, moves of barracks and ports, the round counter, the score
//! breakdown, the new-game form and the rules page.

mod new_game;
mod words;

pub use new_game::NewGame;

use holdfast_rules::geometry::Geometry;
use holdfast_rules::island_wars::{
    IslandMove, IslandSetup, IslandWars, Kind, MapDef, COLOURS, MAPS,
};
use holdfast_rules::{CellId, Game, MoveError, Record, Seat, Terrain};
use yew::prelude::*;

use crate::board::{BoardView, CellView, Marker};
use crate::game_ui::{
    pass_label, preview, record_diagram, Feedback, GameInfo, GameUi, InputCtx, OverPart, PartsCtx,
    PlayParts, Played, SeatPart, ViewCtx,
};
use crate::i18n::{n_, t, tf, tp, tx};
use crate::session::SessionMut;
use crate::widgets::document;

/// The seed's colours (the rules' `COLOURS`, in turn order), marked for
/// translation: the seats' names when the players give none.
pub const COLOUR_NAMES: [&str; 6] = [
    n_("Tan"),
    n_("Dark Green"),
    n_("Pale Green"),
    n_("Orange"),
    n_("Yellow"),
    n_("Pink"),
];

/// The piece kinds in the order of the hand's buttons.
pub const KINDS: [Kind; 3] = [Kind::Barracks, Kind::Tower, Kind::Port];

fn kind_of(tool: u8) -> Kind {
    KINDS[(tool as usize).min(2)]
}

/// A shipped map's title in the app's language.
fn map_title(m: &MapDef) -> &'static str {
    match m.id {
        "twin-isles" => t("Twin Isles (2)"),
        "isles-3" => t("Three Isles (3, the seed's simplified board)"),
        "four-coasts" => t("Four Coasts (4)"),
        "five-straits" => t("Five Straits (5)"),
        "six-shores" => t("Six Shores (6)"),
        _ => m.title,
    }
}

/// The board's props for a position: pure, from the rules' state, the chosen piece
/// and the selection.
pub fn board_view(
    g: &IslandWars,
    geo: &Geometry,
    before: Option<&IslandWars>,
    ui: &Ui,
    names: &dyn Fn(Seat) -> String,
    interactive: bool,
) -> BoardView {
    let Ui {
        tool,
        selected,
        ghost,
        ..
    } = *ui;
    let board = g.board();
    let kind = kind_of(tool);
    // One listing of the legal actions serves every highlight.
    let mut legal = Vec::new();
    if interactive {
        g.legal_moves(&mut legal);
    }
    let flips: Vec<CellId> = match (interactive, ghost, selected) {
        (true, Some(c), None) if kind == Kind::Barracks => g.would_flip(c),
        (true, Some(c), Some(s)) if matches!(g.piece(s), Some((_, Kind::Barracks))) => {
            g.would_flip(c)
        }
        _ => vec![],
    };
    let cells = board
        .cells()
        .map(|c| {
            let cg = &geo.cells[c as usize];
            let water = board.terrain(c) == Terrain::Sea;
            let colour = g.colour(c);
            let secured = g.secured_by(c);
            let piece = g.piece(c);
            let target = match selected {
                Some(s) => legal.contains(&IslandMove::Move(s, c)),
                None => legal.contains(&IslandMove::Place(kind, c)),
            };
            let marker = if flips.contains(&c) {
                Some(Marker::DoubleRing)
            } else if target && selected.is_some() {
                Some(Marker::Dot)
            } else {
                None
            };
            let guarded = g.guarded(c);
            let name = board.name(c);
            let mut label = if water {
                tf("{} (water)", &[&name])
            } else {
                name.to_string()
            };
            label.push_str(": ");
            let mut parts = Vec::new();
            if let Some((s, k)) = piece {
                parts.push(match k {
                    Kind::Barracks => tf("{}'s barracks", &[&names(s)]),
                    Kind::Tower => tf("{}'s tower", &[&names(s)]),
                    Kind::Port => tf("{}'s port", &[&names(s)]),
                });
            }
            match (water, colour, secured) {
                (false, Some(s), _) => parts.push(tf("{}'s land", &[&names(s)])),
                (false, None, _) => parts.push(t("neutral land").to_string()),
                (true, _, Some(s)) => parts.push(tf("secured by {}", &[&names(s)])),
                (true, _, None) => parts.push(t("open water").to_string()),
            }
            if guarded {
                parts.push(t("guarded by a tower").to_string());
            }
            label.push_str(&parts.join(", "));
            if target {
                label.push_str("; ");
                label.push_str(if selected.is_some() {
                    t("the selected piece can move here")
                } else {
                    t("you can place here")
                });
            }
            if flips.contains(&c) {
                label.push_str("; ");
                label.push_str(t("the barracks would turn it"));
            }
            if selected == Some(c) {
                label.push_str(" (");
                label.push_str(t("selected"));
                label.push(')');
            }
            let changed = before.is_some_and(|b| b.colour(c) != colour || b.piece(c) != piece);
            CellView {
                terrain: if water { Terrain::Sea } else { Terrain::Land },
                tint: if water {
                    secured.map(|s| (s, false))
                } else {
                    colour.map(|s| (s, true))
                },
                pieces: match piece {
                    Some((s, Kind::Barracks)) | Some((s, Kind::Tower)) => Some((s, 1)),
                    _ => None,
                },
                legal: target && selected.is_none() && ghost != Some(c),
                marker,
                selected: selected == Some(c),
                ringed: matches!(piece, Some((_, Kind::Tower))),
                keep: match piece {
                    Some((s, Kind::Port)) => Some(Some(s)),
                    _ => None,
                },
                ghost: if ghost == Some(c) && selected.is_none() && piece.is_none() {
                    g.to_move()
                } else {
                    None
                },
                last: changed,
                note: guarded.then(|| "\u{25c8}".to_string()),
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
        palette: Some("palette-island"),
    }
}

/// Island Wars' in-turn state.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Ui {
    /// A move waiting for its confirming tap.
    pub ghost: Option<CellId>,
    /// The barracks or port about to move.
    pub selected: Option<CellId>,
    /// The piece chosen from the hand: 0 barracks, 1 tower, 2 port.
    pub tool: u8,
    /// Pass was pressed once: the next press passes.
    pub pass_armed: bool,
}

/// Island Wars' buttons.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Command {
    Pass,
    /// Choose the piece to place (0 barracks, 1 tower, 2 port).
    ChooseTool(u8),
}

fn play(
    ui: &mut Ui,
    fb: &mut Feedback,
    g: &mut SessionMut<'_, IslandWars>,
    mv: IslandMove,
    now: f64,
    names: &[String],
) -> bool {
    ui.selected = None;
    fb.settle(&mut ui.ghost, g.play(mv, now), names)
}

/// A tap (or Enter) on a hex: place the chosen piece there (confirmed, showing the
/// hexes a barracks would turn), or select your barracks or port and tap where it
/// should go (confirmed). Returns whether the game changed.
pub fn tap(
    ui: &mut Ui,
    fb: &mut Feedback,
    g: &mut SessionMut<'_, IslandWars>,
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
    if let Some(sel) = ui.selected {
        if sel == c {
            ui.selected = None;
            ui.ghost = None;
            fb.message = None;
            return false;
        }
        let mv = IslandMove::Move(sel, c);
        match pos.check(mv) {
            Ok(()) => {
                if confirm && ui.ghost != Some(c) {
                    ui.ghost = Some(c);
                    fb.say(match pos.piece(sel).map(|p| p.1) {
                        Some(Kind::Barracks) => {
                            tf("Tap {} again to move the barracks there.", &[&name])
                        }
                        Some(Kind::Tower) => tf("Tap {} again to move the tower there.", &[&name]),
                        Some(Kind::Port) => tf("Tap {} again to move the port there.", &[&name]),
                        None => tf("Tap {} again to move the piece there.", &[&name]),
                    });
                    return false;
                }
                return play(ui, fb, g, mv, now, names);
            }
            Err(e) if pos.piece(c).is_none_or(|p| p.0 != me) => {
                fb.refuse(&mut ui.ghost, &e, names);
                return false;
            }
            Err(_) => {}
        }
    }
    if let Some((s, k)) = pos.piece(c) {
        if s == me && k != Kind::Tower {
            ui.selected = Some(c);
            ui.ghost = None;
            // (A tower never moves: the piece is a barracks or a port.)
            fb.say(match k {
                Kind::Barracks => tf("Your barracks on {} is selected: tap where it should move, or tap it again to let go.", &[&name]),
                _ => tf("Your port on {} is selected: tap where it should move, or tap it again to let go.", &[&name]),
            });
            return false;
        }
    }
    let kind = kind_of(ui.tool);
    let mv = IslandMove::Place(kind, c);
    if let Err(e) = pos.check(mv) {
        fb.refuse(&mut ui.ghost, &e, names);
        return false;
    }
    if confirm && ui.ghost != Some(c) {
        ui.ghost = Some(c);
        let flips = if kind == Kind::Barracks {
            pos.would_flip(c).len()
        } else {
            0
        };
        fb.say(match kind {
            Kind::Barracks => tf(
                "Tap {} again to place a barracks; it turns {} (ringed).",
                &[&name, &tp(flips, "{} hex", "{} hexes")],
            ),
            Kind::Tower => tf("Tap {} again to place a tower.", &[&name]),
            Kind::Port => tf("Tap {} again to place a port.", &[&name]),
        });
        return false;
    }
    play(ui, fb, g, mv, now, names)
}

/// The home page's sample position: three rounds on the three-player map, each
/// player placing a barracks, then a port, then a tower where the rules allow.
pub fn demo_record() -> Record {
    let setup = IslandSetup {
        players: 3,
        ..Default::default()
    };
    let mut record = Record::new::<IslandWars>(&setup);
    if let Ok(mut g) = IslandWars::new(&setup) {
        for turn in 0..9 {
            let kind = KINDS[[0, 2, 1][turn / 3]];
            let mv = g
                .board()
                .cells()
                .map(|c| IslandMove::Place(kind, c))
                .find(|&m| g.check(m).is_ok())
                .unwrap_or(IslandMove::Pass);
            record.moves.push(g.format_move(mv));
            if g.play(mv).is_err() {
                record.moves.pop();
                break;
            }
        }
    }
    record
}

/// Island Wars' parts of the play screen.
fn play_parts(ctx: &PartsCtx<'_, IslandWars>) -> PlayParts {
    let g = ctx.session();
    let pos = g.shown();
    let live = g.game();
    let names = |x: Seat| g.name(x);
    let interactive = ctx.interactive;
    let board = ctx.board();
    let scores = pos.scores();
    let (round, rounds) = live.round();
    let status = match live.to_move() {
        Some(m) => tf(
            "Round {} of {} \u{2014} {} to move",
            &[&round, &rounds, &names(m)],
        ),
        None => tf("Game over after {} rounds", &[&rounds]),
    };
    let mover = live.to_move().unwrap_or(0);
    let hand = KINDS.iter().enumerate().map(|(i, &k)| {
        let left = live.free(mover, k);
        let on = ctx.played.ui.tool as usize == i && ctx.played.ui.selected.is_none();
        html! {
            <button class={classes!("chip", on.then_some("on"))} aria-pressed={on.to_string()} data-kind={k.name()}
                disabled={left == 0} onclick={ctx.on(Command::ChooseTool(i as u8))}>
                { format!("{} \u{d7}{left}", match k { Kind::Barracks => t("Barracks"), Kind::Tower => t("Tower"), Kind::Port => t("Port") }) }
            </button>
        }
    });
    let controls = if interactive {
        html! {
            <>
                <div class="chips wrap hand" role="group" aria-label={t("The piece to place")}>{ for hand }</div>
                { crate::widgets::button("pass", "", pass_label(ctx.played.ui.pass_armed), ctx.on(Command::Pass)) }
            </>
        }
    } else {
        html! {}
    };
    let info = html! {
        if interactive {
            <p class="muted small">{ t("Choose a piece, then tap a dotted hex (your colour, or next to water your ports secure). Tap your barracks or port to move it. \u{25c8}: guarded by a tower. Ringed hexes: what a barracks would turn.") }</p>
        }
    };
    let over = live.is_over().then(|| {
        let w = live.winners();
        let headline = if w.len() == 1 {
            tf(
                "{} wins with {} points.",
                &[&names(w[0]), &scores[w[0] as usize]],
            )
        } else {
            let who = w
                .iter()
                .map(|&x| names(x))
                .collect::<Vec<_>>()
                .join(t(" and "));
            tf(
                "Shared win: {} with {} points.",
                &[&who, &scores[w[0] as usize]],
            )
        };
        OverPart {
            headline,
            breakdown: (0..live.players() as u8)
                .map(|x| {
                    let (l, wa, b) = live.score_parts(x);
                    tf("land {} + water {} + territories {}", &[&l, &wa, &b])
                })
                .collect(),
        }
    });
    let setup = live.setup();
    let map = setup
        .map
        .as_ref()
        .and_then(|id| {
            MAPS.iter()
                .find(|m| m.id == id)
                .map(|m| map_title(m).to_string())
        })
        .or_else(|| {
            setup.map.as_deref().map(|id| match id {
                "generated" => t("generated").to_string(),
                other => other.to_string(),
            })
        })
        .unwrap_or_else(|| {
            if setup.width.is_some() {
                tf(
                    "custom map {}x{}",
                    &[&setup.width.unwrap_or(0), &setup.height.unwrap_or(0)],
                )
            } else {
                MAPS.iter()
                    .find(|m| m.players == setup.players)
                    .map(|m| map_title(m).to_string())
                    .unwrap_or_default()
            }
        });
    PlayParts {
        status,
        board,
        seats: (0..live.players() as u8)
            .map(|x| {
                let (l, wa, b) = pos.score_parts(x);
                // Pieces still to place, in words ("2 ports"; barracks is its
                // own plural).
                let left: Vec<String> = KINDS
                    .iter()
                    .map(|&k| {
                        let n = pos.free(x, k) as usize;
                        match k {
                            Kind::Barracks => tp(n, "{} barracks", "{} barracks"),
                            Kind::Tower => tp(n, "{} tower", "{} towers"),
                            Kind::Port => tp(n, "{} port", "{} ports"),
                        }
                    })
                    .collect();
                // The colour's name only where the seat has a name of its own.
                let (english, colour) = (COLOURS[x as usize % 6], t(COLOUR_NAMES[x as usize % 6]));
                let named = if names(x) != colour && names(x) != english {
                    format!("{colour} \u{b7} ")
                } else {
                    String::new()
                };
                SeatPart {
                    score: scores[x as usize],
                    facts: format!(
                        "{named}{}",
                        tf(
                            "land {} \u{b7} water {} \u{b7} bonus {} \u{b7} to place: {}",
                            &[&l, &wa, &b, &left.join(", ")],
                        )
                    ),
                }
            })
            .collect(),
        controls,
        info,
        over,
        footer: tf(
            "Island Wars \u{b7} {} \u{b7} {}",
            &[&map, &tp(live.players(), "{} player", "{} players")],
        ),
    }
}

// ---------------------------------------------------------------------------
// Rules

fn diagram(moves: &[&str], caption: &str) -> Html {
    let record = Record {
        moves: moves.iter().map(|m| m.to_string()).collect(),
        ..Record::new::<IslandWars>(&IslandSetup {
            players: 2,
            ..Default::default()
        })
    };
    record_diagram::<IslandWars>(record, caption)
}

/// The rules of Island Wars, in our own words (the text: `island_wars.rules` in the
/// catalogues).
pub fn rules() -> Html {
    let figure = |n: usize, caption: &str| {
        let moves: &[&str] = &["B:b3", "B:f9", "P:b4"];
        match n {
            1 => diagram(&moves[..1], caption),
            2 => diagram(moves, caption),
            _ => html! {},
        }
    };
    html! {
        <article class="rules">{ document(tx("island_wars.rules"), &figure) }</article>
    }
}

impl GameUi for IslandWars {
    type Ui = Ui;
    type Command = Command;
    type NewGame = NewGame;
    fn rules() -> Html {
        rules()
    }

    fn territory(n: usize) -> String {
        crate::i18n::tp(n, "{} hex", "{} hexes")
    }
    fn that_cell() -> &'static str {
        crate::i18n::n_("That hex")
    }
    const INFO: GameInfo = GameInfo {
        id: "island-wars",
        title: crate::i18n::n_("Island Wars"),
        blurb: crate::i18n::n_("Barracks, towers and ports on islands: turn the land to your colour and secure the seas, for 2 to 6 players."),
        players: crate::i18n::n_("2\u{2013}6 players"),
        length: crate::i18n::n_("12 rounds"),
    };

    fn view(&self, ctx: &ViewCtx<'_, Self>) -> BoardView {
        let ui = ctx.ui.cloned().unwrap_or_default();
        board_view(self, ctx.geo, ctx.before, &ui, ctx.names, ctx.interactive)
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
        match c {
            Command::ChooseTool(tool) => {
                p.ui = Ui {
                    tool: tool.min(2),
                    ..Ui::default()
                };
                fb.message = None;
                false
            }
            Command::Pass => {
                fb.ask_pass(&mut p.ui.pass_armed) && p.play_button(fb, IslandMove::Pass, ctx)
            }
        }
    }

    fn parts(ctx: &PartsCtx<'_, Self>) -> PlayParts {
        play_parts(ctx)
    }

    fn demo_record() -> Record {
        demo_record()
    }

    /// Seats are named after the seed's colours.
    fn default_names(players: usize) -> Vec<String> {
        COLOUR_NAMES
            .iter()
            .take(players)
            .map(|c| t(c).to_string())
            .collect()
    }
}

#[cfg(test)]
mod tests;
