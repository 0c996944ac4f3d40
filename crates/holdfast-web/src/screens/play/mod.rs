//! The play screen, the same for every game: the turn banner, the board, the seats'
//! panels, the controls, the move list, sharing and the end of the game, around the
//! parts the game itself provides ([`PlayParts`]).

use holdfast_rules::Seat;
use yew::prelude::*;

use crate::board::{pieces, seat_colour};
use crate::game_ui::{OverPart, PlayedGame, SeatPlayer};
use crate::i18n::{t, tf, tp};
use crate::model::{Action, AppState, ComputerMsg, Dialog, ReviewMsg, Suggestion};

mod analysis;
pub(crate) mod parts;
use parts::*;

pub fn play_screen(s: &AppState, g: &dyn PlayedGame, dispatch: &Callback<Action>) -> Html {
    let emit = dispatch.reform(Action::Game);
    let mut v = g.play_view(&s.settings, &s.table.feedback, &emit);
    // A resignation ends the game whatever its rules say: the same end screen.
    if let (Some(r), None) = (v.resigned, &v.parts.over) {
        let headline = tf(
            "{} resigned: {} wins.",
            &[&v.names[r as usize], &v.names[1 - r as usize]],
        );
        v.parts.status = tf("Game over: {}", &[&headline]);
        v.parts.over = Some(OverPart {
            headline,
            breakdown: (0..v.players)
                .map(|x| {
                    if x == r as usize {
                        t("resigned")
                    } else {
                        t("won by resignation")
                    }
                    .into()
                })
                .collect(),
        });
    }
    let v = &v;
    let parts = &v.parts;
    let names = &v.names;
    let players = v.players;
    let viewing = v.viewing;
    let ply = v.ply;
    let to_move = v.to_move;
    let banner_colour = to_move.map(seat_colour).unwrap_or("var(--ink)");
    let status = match (&parts.over, viewing) {
        (_, true) => tf("Looking at move {} of {}", &[&ply, &v.record.moves.len()]),
        // The result where the eye is (its breakdown is further down), before a
        // game's plain "Game over ..." line.
        (Some(over), false) if parts.status.starts_with(t("Game over")) => {
            format!("{} {}", over.headline, parts.status)
        }
        _ => parts.status.clone(),
    };
    let table = s.settings.table_mode;
    let seat_class = |seat: usize| -> &'static str {
        if !table {
            return "";
        }
        // Round the table in turn order (clockwise from the near edge): two face
        // each other; three to six take the edges, the near and far ones doubled
        // up for five and six.
        const B: &str = "at-bottom";
        const L: &str = "at-left";
        const T: &str = "at-top";
        const R: &str = "at-right";
        let sides: &[&str] = match players {
            2 => &[B, T],
            3 => &[B, L, R],
            4 => &[B, L, T, R],
            5 => &[B, L, T, T, R],
            _ => &[B, L, T, T, R, B],
        };
        sides.get(seat).copied().unwrap_or(B)
    };
    let winners = &v.shown_winners;
    let seat_players = g.seat_players();
    let key = s.position_key();
    let thinking = s
        .computer
        .thinking
        .as_ref()
        .filter(|t| Some(&t.key) == key.as_ref());
    let computer_to_move = s.player_to_move().is_some_and(|p| p.is_computer());
    // In table mode the turn faces whoever is to move: for a player at the top
    // the banner and the controls turn round; for one at the left or right edge
    // their own panel (turned toward them) says the turn and holds the game's own
    // buttons (Pass, Count...).
    let facing = to_move
        .filter(|_| table && !viewing)
        .map_or("at-bottom", |t| seat_class(t as usize));
    let side_facing = matches!(facing, "at-left" | "at-right");
    let turn_open = !v.turn.is_empty();
    let person_to_move = s.player_to_move() == Some(SeatPlayer::Person);
    let over = parts.over.is_some();
    let computers = seat_players.iter().any(|p| p.is_computer());
    // Undo goes back to a person's decision: with people at the table and only the
    // computers' moves so far, there is none to go back to.
    let people = seat_players.iter().any(|p| !p.is_computer());
    let person_played = v.movers.iter().any(|&m| {
        seat_players
            .get(m as usize)
            .is_none_or(|p| !p.is_computer())
    }) || (turn_open && person_to_move);
    let can_undo = !g.last_is_remote()
        && (v.resigned.is_some()
            || v.record.offer.is_some()
            || ((turn_open || !v.record.moves.is_empty()) && (!people || person_played)));
    let can_resign = g.can_resign() && person_to_move;
    // The buttons of the player to move (in table mode they go to that player's
    // edge), then the table's own.
    let own_controls = html! {
        <>
            { parts.controls.clone() }
            <button data-action="undo" disabled={!can_undo} onclick={crate::screens::click(dispatch, Action::Undo)}
                aria-label={if turn_open { t("Take back the last step") } else { t("Undo") }}>
                { if turn_open { t("\u{21b6} Take back") } else { t("\u{21b6} Undo") } }
            </button>
            <button data-action="redo" disabled={!v.can_redo || turn_open} onclick={crate::screens::click(dispatch, Action::Redo)} aria-label={t("Redo")}>{t("Redo \u{21b7}")}</button>
            if person_to_move {
                { crate::widgets::button("hint", "", t("Hint"), crate::screens::click(dispatch, Action::Computer(ComputerMsg::Hint))) }
            }
            if can_resign && s.table.dialog == Some(Dialog::Resign) {
                <span class="confirm-delete" role="group" aria-label={t("Resign?")}>
                    <span>{ to_move.map(|x| tf("{} resigns and {} wins?", &[&names[x as usize], &names[1 - x as usize]])).unwrap_or_default() }</span>
                    { crate::widgets::button("resign-yes", "primary", t("Resign"), crate::screens::click(dispatch, Action::Resign)) }
                    { crate::widgets::button("resign-no", "ghost-button", t("Keep playing"), crate::screens::click(dispatch, Action::AskResign(false))) }
                </span>
            } else if can_resign {
                { crate::widgets::button("resign", "ghost-button", t("Resign"), crate::screens::click(dispatch, Action::AskResign(true))) }
            }
        </>
    };
    let controls = html! {
        <div class="controls">
            if facing == "at-bottom" { { own_controls.clone() } }
            { crate::widgets::button("share", "", t("Share"), crate::screens::click(dispatch, Action::Share(true))) }
            // Pausing is for watching computers play (no person here plays):
            // against a person it only clutters the first turns.
            if computers && !over && !viewing && (s.computer.paused || !seat_players.contains(&SeatPlayer::Person)) {
                if s.computer.paused {
                    { crate::widgets::button("resume", "", t("Computers play on"), crate::screens::click(dispatch, Action::Computer(ComputerMsg::Pause(false)))) }
                } else {
                    { crate::widgets::button("pause", "", t("Pause computers"), crate::screens::click(dispatch, Action::Computer(ComputerMsg::Pause(true)))) }
                }
            }
        </div>
    };
    let seats_html: Vec<Html> = parts
        .seats
        .iter()
        .enumerate()
        .map(|(i, p)| {
            let seat = i as Seat;
            let player = seat_players.get(i).copied().unwrap_or(SeatPlayer::Person);
            // (`player_to_move` is none while looking back or once the game is over.)
            let thinks = computer_to_move && to_move == Some(seat);
            let here = side_facing && to_move == Some(seat);
            let extra = html! {
                <>
                    { computer_line(player, thinks, thinking, s.computer.paused, dispatch) }
                    if here {
                        <p class="seat-status" data-seat-status="">{ status.clone() }</p>
                        <div class="seat-controls">{ own_controls.clone() }</div>
                    }
                </>
            };
            seat_panel(
                seat,
                &names[i],
                p,
                v.shown_to_move == Some(seat),
                winners.contains(&seat),
                seat_class(i),
                extra,
            )
        })
        .collect();
    let palette = parts.board.palette;
    let shown_hint = s
        .computer
        .hint
        .as_ref()
        .filter(|h| Some(&h.key) == key.as_ref() && person_to_move);
    // The hint's move drawn on the board too (its cells, a step's path, a wall).
    let hint_marks = shown_hint.and_then(|h| match &h.found {
        Suggestion::Play(a) => Some(std::rc::Rc::new(g.hint_marks(a))),
        _ => None,
    });
    // Looking back with the analysis: the better move at the position on screen,
    // drawn as the hint is, with the mover's chance with it.
    let show_analysis = s.analysis_shown();
    // Each entry's class, judged once for the move list, the chart and the
    // marked-move buttons (none where the analysis is not shown).
    let marks = if show_analysis {
        analysis::marks(s, v)
    } else {
        vec![]
    };
    let hint_marks = hint_marks.or_else(|| {
        let (best, chance) = analysis::better(s, v).filter(|_| show_analysis && viewing)?;
        let mut marks = g.hint_marks(&best);
        marks.label = Some(analysis::percent(chance));
        Some(std::rc::Rc::new(marks))
    });
    let hint = shown_hint.map(|h| match &h.found {
        Suggestion::Looking => html! { <p class="hint-line" role="status" data-hint="">{t("Looking for a good move\u{2026}")}</p> },
        Suggestion::Nothing => html! { <p class="hint-line" role="status" data-hint="">{t("No move to suggest here.")}</p> },
        Suggestion::Play(a) => html! {
            <p class="hint-line" role="status" data-hint={a.clone()}>
                { tf("Hint: the computer would play {}.", &[a]) }{" "}
                { crate::widgets::button("play-hint", "ghost-button small", t("Play it"), crate::screens::click(dispatch, Action::Computer(ComputerMsg::PlayHint))) }
            </p>
        },
    });
    // Why a tap was refused, and the hint: over the board's top edge, where the eye
    // is (below the board they fell under the fold on a phone), letting taps
    // through to the cells beneath.
    // The message stays clear of the cell it is about: under the board's bottom
    // edge when that cell is in the top third.
    let (_, vy, _, vh) = parts.board.view_box;
    let low = s.table.feedback.at.is_some_and(|at| {
        parts
            .board
            .cells
            .iter()
            .any(|c| c.id == at && c.centre.1 < vy + vh / 3.0)
    });
    // Who played entry `i`, by name.
    let mover_name = |i: usize| -> String {
        v.movers
            .get(i)
            .and_then(|&x| names.get(x as usize))
            .cloned()
            .unwrap_or_default()
    };
    // The move that led to the position on screen: what it did, else who played
    // what (a quiet move).
    let said_line = match v.ply.checked_sub(1).and_then(|i| v.record.moves.get(i)) {
        Some(m) if v.said.is_empty() && v.turn.is_empty() => {
            tf("{} played {}.", &[&mover_name(v.ply - 1), m])
        }
        _ => v.said.join(" "),
    };
    let board = html! {
        <div class="board-wrap" style={format!("--seat:{banner_colour}")}>
            <PlayBoard view={parts.board.clone()} dispatch={dispatch.clone()} shake={s.table.feedback.shake}
                coordinates={s.settings.coordinates} hint={hint_marks}
                title={AttrValue::from(tf("{} board, {}", &[&t(v.title), &status]))} />
            <div class={classes!("board-feedback", low.then_some("low"))}>
                if let Some(m) = &s.table.feedback.message {
                    <p class="tap-message" role="status" data-tap-message="">{ m.words() }</p>
                }
                { for hint }
            </div>
            if s.settings.eval_bar && show_analysis {
                { analysis::eval_bar(s, v) }
            }
            // What the move that led here did, in words (every move, the other
            // side's above all: a capture is never silent).
            if !v.record.moves.is_empty() {
                <p class="said" data-said="">{ said_line }</p>
            }
        </div>
    };
    // Play by link: after a move here, the game goes to the device whose turn it is
    // (the share sheet, or the link copied), and at the end to the others.
    let remote_to_move = s.player_to_move() == Some(SeatPlayer::Remote);
    // An offer waiting for its answer: from another device, or here.
    let due = g.answer_due();
    let remote_answers = due.filter(|&(_, remote)| remote).map(|(x, _)| x);
    let answer_here = due.is_some_and(|(_, remote)| !remote);
    let send = (seat_players.contains(&SeatPlayer::Remote)
        && !viewing
        && !answer_here
        && (remote_to_move || over || remote_answers.is_some()))
    .then(|| {
        let url = game_url(&v.record);
        let title = tf("{}: your move", &[&t(v.title)]);
        let choose = crate::screens::click(dispatch, Action::ChooseSeats(true));
        let onclick = dispatch.reform(move |_: MouseEvent| Action::Send {
            url: url.clone(),
            title: title.clone(),
        });
        let says = match (remote_answers, to_move.filter(|_| remote_to_move)) {
            (Some(x), _) => tf(
                "{} answers your offer on another device: send them the game.",
                &[&names[x as usize]],
            ),
            (None, Some(x)) => tf(
                "{} plays next, on another device: send them the game.",
                &[&names[x as usize]],
            ),
            (None, None) => t("Send the final position to the other device.").to_string(),
        };
        html! {
            <div class="send-move" role="status" data-send-move="">
                <p>{ says }</p>
                <div class="row wrap">
                    <button class="primary" data-action="send-link" {onclick}>{t("Send the link")}</button>
                    if !(s.table.dialog == Some(Dialog::ChooseSeats)) {
                        { crate::widgets::button("choose-seats", "ghost-button", t("Seats on this device\u{2026}"), choose) }
                    }
                </div>
            </div>
        }
    });
    // A game played on several devices: which seats are played on this one (asked
    // when a link first opens here with more than one seat left to others).
    let choose = ((s.table.dialog == Some(Dialog::ChooseSeats)) && !viewing).then(|| {
        let buttons = seat_players.iter().enumerate().filter(|(_, p)| !p.is_computer()).map(|(i, p)| {
            let here = *p != SeatPlayer::Remote;
            let seat = i as Seat;
            html! {
                <button aria-pressed={here.to_string()} data-seat-here={i.to_string()}
                    onclick={crate::screens::click(dispatch, Action::SeatHere(seat, !here))}>
                    { format!("{}: {}", names[i], if here { t("here") } else { t("elsewhere") }) }
                </button>
            }
        });
        html! {
            <div class="send-move" role="group" aria-label={t("Seats on this device")} data-choose-seats="">
                <p>{t("This game is played by link. Which seats are played on this device? Tap a seat to change it.")}</p>
                <div class="row wrap">{ for buttons }</div>
                { crate::widgets::button("seats-done", "primary", t("Done"), crate::screens::click(dispatch, Action::ChooseSeats(false))) }
            </div>
        }
    });
    let looking_back = viewing.then(|| {
        let later = v.record.moves.len() - ply;
        html! {
            <>
            <div class="looking-back" role="status">
                { crate::widgets::button("back-to-game", "primary", t("Back to the game"), crate::screens::click(dispatch, Action::Review(ReviewMsg::View(None)))) }
                if s.table.dialog == Some(Dialog::Discard) {
                    <span>{ tp(later, "Drop the {} later move? (Redo brings it back.)", "Drop the {} later moves? (Redo brings them back.)") }</span>
                    { crate::widgets::button("play-from-here-yes", "", t("Yes, play from here"), crate::screens::click(dispatch, Action::PlayFromHere)) }
                    { crate::widgets::button("", "", t("Cancel"), crate::screens::click(dispatch, Action::ConfirmDiscard(false))) }
                } else {
                    { crate::widgets::button("play-from-here", "", t("Play from here"), crate::screens::click(dispatch, Action::ConfirmDiscard(true))) }
                    { crate::widgets::button("branch", "", t("New game from here"), crate::screens::click(dispatch, Action::Branch)) }
                }
            </div>
            { score_chart(v, dispatch) }
            </>
        }
    });
    // A refused write: said where the player looks, with the way to keep the game.
    let not_saved = s.saving.error.as_ref().map(|why| {
        // Copies the link at once (the share panel, which also opens, may be below
        // the fold on a phone).
        // Both made when pressed, from the open game (not at every render).
        let game = s.table.game.clone();
        let copy = dispatch.clone();
        let export = dispatch.reform(move |_: MouseEvent| {
            if let Some(g) = &game {
                copy.emit(Action::Copy(game_url(g.record())));
            }
            Action::Share(true)
        });
        // The record as `holdfast replay` reads it.
        let game = s.table.game.clone();
        let d = dispatch.clone();
        let save_file = Callback::from(move |_: MouseEvent| {
            if let Some(g) = &game {
                d.emit(download_json(g.record(), g.id()));
            }
        });
        html! {
            <div class="save-alert" role="alert" data-save-error="">
                <p>{ tf("This game is not being saved: {}. It is tried again every few seconds and after every move; to keep the game now, copy its link or download it.", &[&why.words()]) }</p>
                <div class="row wrap">
                    { crate::widgets::button("export-link", "primary", t("Copy the game's link"), export) }
                    { crate::widgets::button("export-file", "ghost-button", t("Download it as a file"), save_file) }
                </div>
            </div>
        }
    });
    // Games left earlier whose moves are still refused: said here too.
    let left_unsaved = s.saving.unsaved.iter().filter_map(|u| {
        let g = s.library.saves.iter().find(|g| g.id == u.id)?;
        let whose = tf(
            "The latest moves of {}, a game left earlier, are not saved",
            &[&g.record.names.join(t(" vs "))],
        );
        Some(crate::screens::home::unsaved_alert(
            g,
            u.why.words(),
            &whose,
            dispatch,
        ))
    });
    let game_id = v.record.game.clone();
    let game_id2 = game_id.clone();
    // "New game" asks once while this one is under way (moves made, not over).
    let in_progress = parts.over.is_none() && !v.record.moves.is_empty();
    let side = html! {
        <aside class="side">
            if !table {
                <div class="seats">{ for seats_html.iter().cloned() }</div>
            }
            { for choose }
            { for send }
            { controls }
            { parts.info.clone() }
            { for looking_back }
            if s.table.dialog == Some(Dialog::Share) { { share_panel(&v.record, g.id(), dispatch) } }
            if let (Some(over), false) = (&parts.over, viewing) { { game_over(v, over, dispatch) } }
            { analysis::panel(s, v, &marks, show_analysis, dispatch) }
            <h2 class="small-h">{t("Moves")}</h2>
            { move_list(v, &marks, s.replay.on, s.replay.ms, dispatch) }
            <p class="muted small">{ parts.footer.clone() }</p>
            <div class="row wrap">
                { crate::widgets::button("", "ghost-button", t("Rules"), crate::screens::click(dispatch, Action::Rules(game_id.clone()))) }
                if in_progress && s.table.dialog == Some(Dialog::NewGame) {
                    <span class="confirm-delete" role="group" aria-label={t("Start a new game?")}>
                        <span>{t("Start a new game? This one stays under Continue.")}</span>
                        { crate::widgets::button("new-game-yes", "primary", t("New game"), crate::screens::click(dispatch, Action::NewGame(game_id2.clone(), None))) }
                        { crate::widgets::button("new-game-no", "ghost-button", t("Keep playing"), crate::screens::click(dispatch, Action::AskNewGame(false))) }
                    </span>
                } else if in_progress {
                    { crate::widgets::button("new-game", "ghost-button", t("New game"), crate::screens::click(dispatch, Action::AskNewGame(true))) }
                } else {
                    { crate::widgets::button("new-game", "ghost-button", t("New game"), crate::screens::click(dispatch, Action::NewGame(game_id2.clone(), None))) }
                }
                { crate::widgets::button("", "ghost-button", t("All games"), crate::screens::click(dispatch, Action::Home)) }
            </div>
        </aside>
    };
    // For a screen reader: the last move and the scores, said as they change (the
    // banner says whose turn it is).
    let announce = v.record.moves.last().filter(|_| !viewing).map(|m| {
        let who = mover_name(v.record.moves.len() - 1);
        let scores: Vec<String> = names
            .iter()
            .zip(&v.final_scores)
            .map(|(n, score)| format!("{n} {score}"))
            .collect();
        // What it did, in words, when it took or gained anything.
        let said = if v.said.is_empty() {
            tf("{} played {}.", &[&who, m])
        } else {
            tf("{} played {}: {}", &[&who, m, &v.said.join(" ")])
        };
        tf("{} Scores: {}.", &[&said, &scores.join(", ")])
    });
    let banner = html! {
        <>
        <div class={classes!("turn-banner", to_move.is_none().then_some("over"))} style={format!("--seat:{banner_colour}")}
            role="status" aria-live="polite" data-status="">
            if let Some(t) = to_move {
                <svg class="seat-shape" viewBox="0 0 10 10" aria-hidden="true">{ pieces(t, 1, (5.0, 5.0), 8.0, "") }</svg>
            }
            <span>{ status }</span>
        </div>
        <div class="visually-hidden" aria-live="polite" data-announce="">{ announce.unwrap_or_default() }</div>
        </>
    };
    if table {
        let at = |cls: &str| -> Html {
            html! { <>{ for (0..players).filter(|&i| seat_class(i) == cls).map(|i| seats_html[i].clone()) }</> }
        };
        html! {
            <div class={classes!("play", "table-mode", palette, format!("facing-{}", &facing[3..]))}>
                { banner }
                { for not_saved }
                { for left_unsaved.clone() }
                if facing == "at-top" {
                    <div class="controls far-controls">{ own_controls }</div>
                }
                <div class={classes!("table-grid", (0..players).any(|i| matches!(seat_class(i), "at-left" | "at-right")).then_some("with-sides"))}>
                    <div class="edge-top">{ at("at-top") }</div>
                    <div class="edge-left">{ at("at-left") }</div>
                    { board }
                    <div class="edge-right">{ at("at-right") }</div>
                    <div class="edge-bottom">{ at("at-bottom") }</div>
                </div>
                { side }
            </div>
        }
    } else {
        html! {
            <div class={classes!("play", palette)}>
                { banner }
                { for not_saved }
                { for left_unsaved.clone() }
                <div class="play-main">
                    { board }
                    { side }
                </div>
            </div>
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{move_page, MOVES_PAGE};

    #[test]
    fn the_move_list_pages_hold_the_position_on_screen() {
        assert_eq!(move_page(0, None), 0..0);
        assert_eq!(move_page(150, None), 0..150);
        assert_eq!(move_page(MOVES_PAGE, None), 0..MOVES_PAGE);
        // The live position of a long game: its last page.
        assert_eq!(move_page(10_000, None), 9_800..10_000);
        assert_eq!(move_page(10_001, None), 10_000..10_001);
        // Looking back: the page holding that move (the start: the first page).
        assert_eq!(move_page(10_000, Some(0)), 0..MOVES_PAGE);
        assert_eq!(move_page(10_000, Some(200)), 0..MOVES_PAGE);
        assert_eq!(move_page(10_000, Some(201)), 200..400);
    }
}
