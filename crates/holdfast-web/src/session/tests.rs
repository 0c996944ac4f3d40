use super::*;
use holdfast_rules::fort::Fort;
use holdfast_rules::fortress::Fortress;
use holdfast_rules::rng::Rng;

/// What a position is, as far as a test can tell: the board, who moves, scores.
fn state<G: Game>(g: &G) -> (holdfast_rules::Snapshot, Option<Seat>, Vec<i32>) {
    (g.snapshot(), g.to_move(), g.scores())
}

/// The position after the first `ply` entries, replayed from the start.
fn replayed<G: Game>(s: &Session<G>, ply: usize) -> G {
    let mut g: G = s.record.start().unwrap();
    for text in &s.record.moves[..ply] {
        g.play_entry(text).unwrap();
    }
    g
}

fn check<G: Game>(s: &Session<G>, what: &str) {
    let n = s.record.moves.len();
    assert_eq!(s.movers.len(), n, "{what}: movers");
    for ply in 0..=n {
        let want = replayed(s, ply);
        assert_eq!(state(&*s.position(ply)), state(&want), "{what}: ply {ply}");
        if ply < n {
            assert_eq!(Some(s.movers[ply]), want.to_move(), "{what}: mover {ply}");
        }
    }
    assert_eq!(state(s.game()), state(&replayed(s, n)), "{what}: live");
}

/// A random game played action by action through the session, then taken back,
/// redone, looked at and continued from earlier: every position the session
/// gives (kept at checkpoints or replayed between them) is the record's.
fn history_matches_the_record<G: Game>(setup: &G::Setup, seed: u64) {
    let record = Record::new::<G>(setup);
    let mut s: Session<G> = Session::open("t".into(), record, vec![], 0.0).unwrap();
    let mut rng = Rng::new(seed);
    let mut moves = Vec::new();
    while s.record.moves.len() < 3 * CHECKPOINT + 5 && !s.game().is_over() {
        moves.clear();
        s.game().legal_moves(&mut moves);
        moves.retain(|&m| !s.game().computer_avoids(m));
        let Some(&m) = moves.get(rng.below(moves.len().max(1) as u32) as usize) else {
            break;
        };
        s.play(m, 0.0).unwrap();
    }
    let n = s.record.moves.len();
    assert!(n > CHECKPOINT + 3, "{}: a game long enough ({n})", G::ID);
    check(&s, "played");
    let reopened: Session<G> = Session::open("t".into(), s.record.clone(), vec![], 0.0).unwrap();
    check(&reopened, "reopened");
    for _ in 0..CHECKPOINT + 3 {
        assert!(s.undo(0.0));
    }
    check(&s, "undone");
    let m = s.record.moves.len();
    assert_eq!(
        state(&*s.before_shown().unwrap()),
        state(&replayed(&s, m - 1))
    );
    assert_eq!(s.score_history().len(), m + 1, "scores made afresh");
    while s.redo(0.0) {}
    assert_eq!(s.record.moves.len(), n);
    check(&s, "redone");
    let n = s.record.moves.len();
    assert_eq!(
        state(&*s.before_shown().unwrap()),
        state(&replayed(&s, n - 1)),
        "what the last entry changed"
    );
    let scores = s.score_history();
    assert_eq!(scores.len(), n + 1);
    for ply in [0, 1, CHECKPOINT, n] {
        assert_eq!(
            scores[ply],
            replayed(&s, ply).scores(),
            "scores after {ply}"
        );
    }
    s.view(Some(CHECKPOINT + 1));
    assert_eq!(state(s.shown()), state(&replayed(&s, CHECKPOINT + 1)));
    assert_eq!(
        state(&*s.before_shown().unwrap()),
        state(&replayed(&s, CHECKPOINT))
    );
    s.play_from_here(0.0);
    assert_eq!(s.record.moves.len(), CHECKPOINT + 1);
    assert_eq!(s.redo.len(), n - CHECKPOINT - 1);
    check(&s, "played from here");
    while s.redo(0.0) {}
    assert_eq!(s.record.moves.len(), n);
    check(&s, "redone again");
}

#[test]
fn every_position_of_the_history_is_the_records() {
    for seed in 1..4 {
        history_matches_the_record::<Fort>(&Default::default(), seed);
        history_matches_the_record::<Fortress>(&Default::default(), seed);
    }
}

/// Resigning drops the turn under way and ends the game for the other seat;
/// undo takes it back, and nothing can be played meanwhile.
#[test]
fn a_resignation_ends_the_game_until_undone() {
    let mut s: Session<Fort> = Session::open(
        "t".into(),
        Record::new::<Fort>(&Default::default()),
        vec![],
        0.0,
    )
    .unwrap();
    let mut moves = Vec::new();
    // Turns of spawns only until a step can be taken.
    let step = loop {
        moves.clear();
        s.game().legal_moves(&mut moves);
        let text = |m: &<Fort as Game>::Move| s.game().format_move(*m);
        // A step, not the spawn: the turn stays open.
        if let Some(&m) = moves.iter().find(|m| text(m).contains('-')) {
            break m;
        }
        s.play(moves[0], 0.0).unwrap();
    };
    let mover = s.to_move();
    s.play(step, 1.0).unwrap();
    assert_eq!(s.turn.len(), 1);
    assert!(s.can_resign());
    assert!(s.resign(2.0));
    assert!(s.turn.is_empty());
    assert_eq!(s.record.resigned, mover);
    assert!(s.is_over());
    assert_eq!(s.to_move(), None);
    assert!(!s.can_resign());
    assert!(!s.resign(3.0));
    assert!(matches!(s.play(step, 3.0), Err(Refusal::Said(_))));
    assert!(!s.redo(3.0));
    // Reopened from its record: still resigned.
    let again: Session<Fort> = Session::open("t".into(), s.record.clone(), vec![], 0.0).unwrap();
    assert!(again.is_over());
    assert!(s.undo(4.0));
    assert_eq!(s.record.resigned, None);
    assert_eq!(s.to_move(), mover);
    s.play(step, 5.0).unwrap();
    // Only two-player games.
    let three = Record::from_json(r#"{"game":"fortress","setup":{"players":3}}"#).unwrap();
    let mut t: Session<Fortress> = Session::open("t".into(), three, vec![], 0.0).unwrap();
    assert!(!t.can_resign());
    assert!(!t.resign(1.0));
    // A record (a link, a file) with a resignation the rules do not allow is
    // refused whole, never shown.
    for bad in [
        r#"{"game":"fortress","resigned":5}"#,
        r#"{"game":"fortress","setup":{"players":3},"resigned":0}"#,
        r#"{"game":"fort","moves":["count"],"resigned":0}"#,
    ] {
        let r = Record::from_json(bad).unwrap();
        let opened = if r.game == "fort" {
            Session::<Fort>::open("t".into(), r, vec![], 0.0).map(|_| ())
        } else {
            Session::<Fortress>::open("t".into(), r, vec![], 0.0).map(|_| ())
        };
        assert!(matches!(opened, Err(OpenError::Record(_))), "{bad}");
    }
}
