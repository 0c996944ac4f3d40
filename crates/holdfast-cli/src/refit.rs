//! `holdfast refit FILE... [--each-seat] [--folds K]`: a beta curve
//! ([`holdfast_search::beta`]) fitted to the looks of `holdfast calibrate ... --fit`
//! runs (their printed JSON, the last line of each file, pooled), measured by
//! cross-validation by game: the games are dealt into K folds (5), each fold's
//! looks are shown through a curve fitted on the other folds, and the shown chances
//! of all folds are set against the outcomes by tenths, as the README reports them.
//! Looks of one game share its one outcome, so a game's looks are never split
//! between the fitting and the measuring. Then the curve fitted on every look,
//! printed as the `LookTable` lines that ship it (`calibration::LOOK_TABLES`).

use holdfast_rules::catalogue::{with_game, GameFn};
use holdfast_rules::Game;
use holdfast_search::beta::{beta, beta_points, fit_beta, Beta};
use holdfast_search::calibration::{through_look, LOOK_FLOOR};
use serde_json::{json, Value};

/// One look: the search's chance for the seat to move, how that seat did, its
/// game (by file and number) and its seat.
struct Look {
    chance: f32,
    outcome: f32,
    game: (usize, u64),
    seat: usize,
}

/// A look table's head (`key: ..., players: ..., cells: ...`) for a game's setups.
struct Head(Vec<Value>);

impl GameFn for Head {
    type Out = Result<(String, usize), String>;
    fn call<G: Game>(self) -> Self::Out {
        let games: Vec<G> = self
            .0
            .iter()
            .map(|s| {
                let setup = serde_json::from_value(s.clone()).map_err(|e| e.to_string())?;
                G::new(&setup).map_err(|e| e.to_string())
            })
            .collect::<Result<_, String>>()?;
        let first = games.first().ok_or("a run with no setup")?;
        Ok((crate::calibrate::look_head(&games), first.players()))
    }
}

/// The last JSON line of a `holdfast calibrate --fit` run.
fn run_of(path: &str) -> Result<Value, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?;
    let last = text.lines().rev().find(|l| l.starts_with('{'));
    let last = last.ok_or(format!("{path}: no JSON line (a calibrate run's output?)"))?;
    serde_json::from_str(last).map_err(|e| format!("{path}: {e}"))
}

fn looks_of(run: &Value, file: usize, path: &str) -> Result<Vec<Look>, String> {
    let looks = run["fit"]["look_table"]["looks"].as_array();
    let looks = looks.ok_or(format!("{path}: no looks (run calibrate with --fit)"))?;
    looks
        .iter()
        .map(|l| {
            let n = |i: usize| {
                l[i].as_f64()
                    .ok_or(format!("{path}: a look is four numbers"))
            };
            Ok(Look {
                chance: n(0)? as f32,
                outcome: n(1)? as f32,
                game: (file, n(2)? as u64),
                seat: n(3)? as usize,
            })
        })
        .collect()
}

/// The curves fitted to `looks`: one for any seat, or one a seat.
fn fitted(looks: &[&Look], each_seat: bool) -> [Beta; 2] {
    let fit = |seat: Option<usize>| {
        let (c, y): (Vec<f32>, Vec<f32>) = looks
            .iter()
            .filter(|l| l.chance > 0.0 && l.chance < 1.0)
            .filter(|l| seat.is_none_or(|s| l.seat == s))
            .map(|l| (l.chance, l.outcome))
            .unzip();
        fit_beta(&c, &y)
    };
    match each_seat {
        true => [fit(Some(0)), fit(Some(1))],
        false => [fit(None); 2],
    }
}

/// Each seat's curve as shipped: its points, read as a look table reads them.
fn tables(curves: &[Beta; 2]) -> [Vec<(f32, f32)>; 2] {
    curves.map(|c| beta_points(&c, LOOK_FLOOR))
}

/// A look's chance as the app shows it: every seat's share through its table,
/// scaled to add up to 1 (two seats: the other's share is one less the mover's).
fn shown(tables: &[Vec<(f32, f32)>; 2], l: &Look) -> f32 {
    if l.chance <= 0.0 || l.chance >= 1.0 {
        return l.chance;
    }
    let mine = through_look(&tables[l.seat], l.chance);
    let other = through_look(&tables[1 - l.seat], 1.0 - l.chance);
    mine / (mine + other)
}

/// `holdfast refit FILE... [--each-seat] [--folds K]`.
pub fn command(args: &mut lexopt::Parser) -> Result<std::process::ExitCode, lexopt::Error> {
    use lexopt::prelude::*;
    let (mut files, mut each_seat, mut folds) = (Vec::new(), false, 5u64);
    while let Some(arg) = args.next()? {
        match arg {
            Long("each-seat") => each_seat = true,
            Long("folds") => folds = crate::number("folds", args.value()?.string()?, 100)?.max(2),
            Value(v) => files.push(v.string()?),
            other => return Err(other.unexpected()),
        }
    }
    if files.is_empty() {
        return Err("refit needs the output of one or more calibrate --fit runs".into());
    }
    let mut looks = Vec::new();
    let mut head: Option<(String, usize, String)> = None;
    for (i, path) in files.iter().enumerate() {
        let run = run_of(path)?;
        let game = run["game"].as_str().unwrap_or_default().to_string();
        let setups = run["setups"].as_array().cloned().unwrap_or_default();
        let found = with_game(&game, Head(setups)).ok_or(format!("{path}: no game {game:?}"))??;
        match &head {
            Some((h, _, _)) if *h != found.0 => {
                return Err(format!("{path}: another game or board ({}) than {h}", found.0).into())
            }
            _ => head = Some((found.0, found.1, game)),
        }
        looks.extend(looks_of(&run, i, path)?);
    }
    let Some((head, players, game)) = head else {
        return Err("no run".into());
    };
    if players != 2 {
        return Err(format!("refit reads two seats' looks; this game has {players}").into());
    }
    // Games dealt into folds in their order, file by file.
    let mut games: Vec<(usize, u64)> = looks.iter().map(|l| l.game).collect();
    games.sort();
    games.dedup();
    let fold = |l: &Look| games.binary_search(&l.game).unwrap_or(0) as u64 % folds;
    let mut shown_all = vec![0.0; looks.len()];
    for f in 0..folds {
        let train: Vec<&Look> = looks.iter().filter(|l| fold(l) != f).collect();
        let tables = tables(&fitted(&train, each_seat));
        for (i, l) in looks.iter().enumerate() {
            if fold(l) == f {
                shown_all[i] = shown(&tables, l);
            }
        }
    }
    let outcomes: Vec<f32> = looks.iter().map(|l| l.outcome).collect();
    say!(
        "{game}: {} looks from {} games, {} folds by game, {}",
        looks.len(),
        games.len(),
        folds,
        if each_seat {
            "a curve a seat"
        } else {
            "one curve for any seat"
        }
    );
    let measured = crate::calibrate::table(
        "Each fold through the curve fitted on the other folds:",
        &shown_all,
        &outcomes,
        |v| v,
    );
    let all: Vec<&Look> = looks.iter().collect();
    let curves = fitted(&all, each_seat);
    say!("Fitted on every look, as they ship:");
    let seats: Vec<Option<usize>> = match each_seat {
        true => vec![Some(0), Some(1)],
        false => vec![None],
    };
    let shipped = tables(&curves);
    for s in &seats {
        let points = &shipped[s.unwrap_or(0)];
        let seat = s.map_or("None".to_string(), |s| format!("Some({s})"));
        say!(
            "    LookTable {{ {head}, seat: {seat}, points: &[{}] }},",
            crate::calibrate::points_shown(points)
        );
    }
    let out = json!({
        "game": game,
        "looks": looks.len(),
        "games": games.len(),
        "folds": folds,
        "each_seat": each_seat,
        "measured": measured,
        "curves": seats.iter().map(|s| curves[s.unwrap_or(0)].to_vec()).collect::<Vec<_>>(),
        "at_half": beta(&curves[0], 0.5),
    });
    say!("{out}");
    Ok(std::process::ExitCode::SUCCESS)
}
