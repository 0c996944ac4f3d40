//! Fortress's 1983 roster (`holdfast_search::roster`): how a square is read, how an
//! opponent chooses, how it learns, and that the shipped weights are what their
//! training command makes.

use holdfast_rules::fortress::{Fortress, FortressMove, FortressSetup, RuleSet};
use holdfast_rules::rng::Rng;
use holdfast_rules::Game;
use holdfast_search::roster::{
    self, choose, classes, learn, state, Card, CardError, Factory, Weights, FACTORY, FACTORY_GAMES,
    VAUBAN,
};
use holdfast_search::Player;

fn classic_1983(moves_each: Option<u16>) -> Fortress {
    Fortress::new(&FortressSetup {
        rules: RuleSet::Ssi1983,
        moves_each: moves_each.map(Some),
        ..Default::default()
    })
    .unwrap()
}

fn play(g: &mut Fortress, moves: &[&str]) {
    for m in moves {
        let mv = g.parse_move(m).unwrap();
        g.play(mv).unwrap();
    }
}

fn cell(g: &Fortress, name: &str) -> u16 {
    g.board()
        .cells()
        .find(|&c| g.board().name(c) == name)
        .unwrap()
}

#[test]
fn the_six_classes_of_the_6x6_board_are_its_symmetry_classes() {
    let g = classic_1983(None);
    let (class, most) = classes(g.board());
    assert_eq!(most, 4);
    let of = |n: &str| class[cell(&g, n) as usize];
    // Corner, beside a corner, the edge's middle, diagonal to a corner, one step
    // in elsewhere, the middle four.
    assert_eq!(
        [of("a1"), of("b1"), of("c1"), of("b2"), of("c2"), of("c3")],
        [0, 1, 2, 3, 4, 5]
    );
    assert_eq!(
        [of("f6"), of("a5"), of("f4"), of("e5"), of("e4"), of("d4")],
        [0, 1, 2, 3, 4, 5]
    );
}

#[test]
fn a_square_is_read_by_its_margin_from_the_movers_side() {
    let mut g = classic_1983(None);
    // Seat 0 c3, seat 1 d3 (beside it), seat 0 a1.
    play(&mut g, &["c3", "d3", "a1"]);
    let me = g.to_move().unwrap();
    assert_eq!(me, 1);
    // d3 is seat 1's: defence 1, seat 0's attack 1: level (the siege warning).
    assert_eq!(state(&g, cell(&g, "d3"), 1), 12);
    // Seen from seat 0 the same area is an enemy one level: one more piece takes it.
    assert_eq!(state(&g, cell(&g, "d3"), 0), 2);
    // An empty square beside seat 0's c3 only: seat 0 one up.
    assert_eq!(state(&g, cell(&g, "c4"), 1), 6);
    assert_eq!(state(&g, cell(&g, "c4"), 0), 8);
    // Off to the side: level, nobody's.
    assert_eq!(state(&g, cell(&g, "f6"), 1), 7);
    // e3 is beside d3 only: seat 1 one up.
    assert_eq!(state(&g, cell(&g, "e3"), 1), 8);
    assert_eq!(state(&g, cell(&g, "e3"), 0), 6);
}

#[test]
fn vauban_takes_an_enemy_area_that_one_more_piece_outguns() {
    let mut g = classic_1983(None);
    // Seat 0's c3 is level against seat 1's d3: Vauban (seat 1 to move) adds the
    // piece that outguns it.
    play(&mut g, &["c3", "d3", "a1"]);
    let mut rng = Rng::new(1);
    let mv = choose(&g, &VAUBAN, 0.0, &mut rng).unwrap();
    g.play(mv).unwrap();
    assert_eq!(g.holder(cell(&g, "c3")), None, "c3 falls");
}

#[test]
fn vauban_beats_random_in_nine_games_of_ten_or_more() {
    let start = classic_1983(None);
    let mut rng = Rng::new(7);
    let mut won = 0;
    for i in 0..40 {
        let mut g = start.clone();
        while let Some(s) = g.to_move() {
            let mv = if s as usize == i % 2 {
                choose(&g, &VAUBAN, 0.0, &mut rng).unwrap()
            } else {
                let mut all = Vec::new();
                g.legal_moves(&mut all);
                all[rng.below(all.len() as u32) as usize]
            };
            g.play(mv).unwrap();
        }
        won += (g.winners() == vec![(i % 2) as u8]) as u32;
    }
    assert!(won >= 36, "Vauban won {won} of 40");
}

/// A short game (2 moves each) that seat 0 wins, with what seat 0 played first.
fn won_by_first_seat() -> (Fortress, Vec<FortressMove>) {
    let start = classic_1983(Some(2));
    let mut g = start.clone();
    let moves: Vec<FortressMove> = ["c3", "f6", "d4", "f5"]
        .iter()
        .map(|m| {
            let mv = g.parse_move(m).unwrap();
            g.play(mv).unwrap();
            mv
        })
        .collect();
    assert!(g.is_over());
    assert_eq!(g.winners(), vec![0], "scores {:?}", g.scores());
    (start, moves)
}

#[test]
fn learning_moves_the_weights_toward_what_the_winner_played() {
    let (start, moves) = won_by_first_seat();
    let mut w = Weights::ZERO;
    assert_eq!(learn(&start, &moves, &mut w), 4);
    assert_ne!(w, Weights::ZERO);
    // Now the winner's first square scores above every other it could have
    // played, and above the loser's first square seen from the loser's side.
    let first = cell(&start, "c3");
    let mut all = Vec::new();
    start.legal_moves(&mut all);
    let score = |c: u16| roster::score(&start, &w, c, 0);
    let best = score(first);
    let mut below = 0;
    for m in &all {
        if let FortressMove::Place(c) = *m {
            if c != first {
                assert!(
                    score(c) <= best + 1e-6,
                    "{} above c3",
                    start.board().name(c)
                );
                below += (score(c) < best - 1e-6) as u32;
            }
        }
    }
    assert!(below > 20, "only {below} squares below c3");
    // The first seat's corner, where the loser went first, is pushed down for it.
    let mut after = start.clone();
    play(&mut after, &["c3"]);
    assert!(roster::score(&after, &w, cell(&after, "f6"), 1) < 0.0);
}

#[test]
fn a_draw_an_unfinished_game_or_a_broken_record_teaches_nothing() {
    let (start, moves) = won_by_first_seat();
    let mut w = VAUBAN;
    assert_eq!(learn(&start, &moves[..3], &mut w), 0, "unfinished");
    let mut broken = moves.clone();
    broken[1] = broken[0];
    assert_eq!(learn(&start, &broken, &mut w), 0, "c3 twice is refused");
    // Both pass: a draw at 0-0.
    let pass = FortressMove::Pass;
    assert_eq!(learn(&start, &[pass, pass], &mut w), 0, "a draw");
    assert_eq!(w, VAUBAN);
}

#[test]
fn the_shipped_weights_are_what_their_training_makes() {
    let start = classic_1983(None);
    for (i, f) in [Factory::Maginot, Factory::Genghis, Factory::Galahad]
        .into_iter()
        .enumerate()
    {
        let mut w = f.start();
        roster::train(&start, &mut w, FACTORY_GAMES, 1);
        let shipped = FACTORY[i];
        let pairs =
            w.a.iter()
                .chain(&w.d)
                .chain(&w.p)
                .zip(shipped.a.iter().chain(&shipped.d).chain(&shipped.p));
        for (x, y) in pairs {
            assert!((x - y).abs() < 2e-4, "{}: {x} against {y}", f.id());
        }
        assert_eq!(f.weights(), shipped);
    }
    assert_eq!(Factory::Squire.weights(), Weights::ZERO);
    assert_eq!(Factory::Vauban.weights(), VAUBAN);
}

#[test]
fn the_roster_plays_by_name_and_keeps_its_weights_apart() {
    let p: Player = "vauban".parse().unwrap();
    assert_eq!(p, Player::Roster(Factory::Vauban, VAUBAN));
    assert_eq!(p.to_string(), "vauban");
    let mut copy = Factory::Squire.weights();
    let (start, moves) = won_by_first_seat();
    learn(&start, &moves, &mut copy);
    assert_eq!(
        Factory::Squire.weights(),
        Weights::ZERO,
        "the factory's are untouched"
    );
    assert_eq!(
        Player::Roster(Factory::Squire, copy).to_string(),
        "squire (learned)"
    );
    assert!("marshal".parse::<Player>().is_err());
}

#[test]
fn a_card_is_checked_before_it_is_read_in() {
    let good = Card::new("My Vauban", Factory::Vauban, VAUBAN);
    assert_eq!(good.check(), Ok(()));
    let mut c = good.clone();
    c.kind = "holdfast-record".into();
    assert_eq!(c.check(), Err(CardError::NotACard));
    let mut c = good.clone();
    c.version = 2;
    assert_eq!(c.check(), Err(CardError::Version(2)));
    let mut c = good.clone();
    c.weights.a[3] = f32::NAN;
    assert_eq!(c.check(), Err(CardError::Weights));
    let mut c = good.clone();
    c.weights.p[0] = 1e9;
    assert_eq!(c.check(), Err(CardError::Weights));
    let mut c = good;
    c.name = "  ".into();
    assert_eq!(c.check(), Err(CardError::Name));
    c.name = "x".repeat(41);
    assert_eq!(c.check(), Err(CardError::Name));
}

#[test]
fn an_opponent_travels_to_a_worker_as_one_word() {
    let mut w = FACTORY[1];
    w.p[5] = -0.123_456_7;
    let text = roster::player_text(Factory::Genghis, &w);
    assert_eq!(roster::read_player_text(&text), Some((Factory::Genghis, w)));
    let with = |i: usize, x: &str| {
        let mut parts: Vec<&str> = text.split(',').collect();
        parts[i] = x;
        parts.join(",")
    };
    for bad in [
        "vauban".to_string(),
        "roster:marshal:1,2".into(),
        "roster:vauban:1,2,3".into(),
        format!("{text},1"),
        with(1, &format!("{:x}", f32::NAN.to_bits())),
        with(2, "x"),
        with(3, &format!("{:x}", 1e9f32.to_bits())),
    ] {
        assert_eq!(roster::read_player_text(&bad), None, "{bad}");
    }
}

/// The three opponents trained from a personality keep it after their training: a
/// test that the factory tables still read as the original's menu describes them.
#[test]
fn the_trained_three_keep_their_personalities() {
    let [maginot, genghis, galahad] = FACTORY;
    // Lord Maginot, defensive: of its own areas, it most likes to reinforce one
    // under siege, more than the others do.
    let own = |w: &Weights| w.d[12];
    assert!(maginot.d[12] > maginot.d[13] && maginot.d[12] > maginot.d[14]);
    assert!(own(&maginot) > own(&genghis) && own(&maginot) > own(&galahad));
    // Genghis Khan, sieges: beside an enemy area one short or level of falling,
    // more than the other two.
    let siege = |w: &Weights| w.a[1] + w.a[2];
    assert!(siege(&genghis) > siege(&maginot) && siege(&genghis) > siege(&galahad));
    // Sir Galahad, the edges: its edge classes above its inner ones, and more so
    // than the other two.
    let edges = |w: &Weights| (w.p[1] + w.p[2]) - (w.p[4] + w.p[5]);
    assert!(edges(&galahad) > 0.0);
    assert!(edges(&galahad) > edges(&maginot) && edges(&galahad) > edges(&genghis));
}
