//! The balance estimate (`holdfast_search::balance`): shares, intervals, the fair
//! verdict, reproducibility.

use holdfast_rules::fortress::{Fortress, FortressSetup};
use holdfast_rules::Game;
use holdfast_search::balance::{estimate, estimate_from, wilson, Balance};
use holdfast_search::Player;

#[test]
fn the_wilson_interval_is_the_textbook_one() {
    let (lo, hi) = wilson(0.5, 100.0);
    assert!(
        (lo - 0.404).abs() < 0.001 && (hi - 0.596).abs() < 0.001,
        "{lo} {hi}"
    );
    let (lo, hi) = wilson(0.0, 50.0);
    assert_eq!(lo, 0.0);
    assert!((hi - 0.071).abs() < 0.001, "{hi}");
    assert_eq!(wilson(0.3, 0.0), (0.0, 1.0));
}

#[test]
fn a_map_is_fair_when_every_seat_is_within_five_points_of_an_equal_share() {
    let b = |share: Vec<f64>| Balance {
        games: 100,
        wins: vec![0; share.len()],
        share,
        stopped: 0,
    };
    assert!(b(vec![55.0, 45.0]).fair());
    assert!(!b(vec![56.0, 44.0]).fair());
    assert!(b(vec![30.0, 20.0, 25.0, 25.0]).fair());
    assert!(!b(vec![31.0, 19.0, 25.0, 25.0]).fair());
    assert!((b(vec![62.0, 38.0]).largest_gap() - 0.12).abs() < 1e-9);
}

#[test]
fn shares_add_up_to_the_games_and_the_estimate_is_reproducible() {
    for players in [2u8, 3] {
        let start = Fortress::new(&FortressSetup {
            players,
            ..Default::default()
        })
        .unwrap();
        let mut heard = 0;
        let run = |heard: &mut u32| {
            estimate(&start, Player::Random, None, 30, 7, 3000, &mut |_, w| {
                assert!(!w.is_empty());
                *heard += 1;
            })
        };
        let a = run(&mut heard);
        assert_eq!(heard, 30);
        assert_eq!(a.seats(), players as usize);
        let total: f64 = a.share.iter().sum();
        assert!((total - 30.0).abs() < 1e-9, "{total}");
        assert!(a.wins.iter().sum::<u32>() <= 30);
        for s in 0..a.seats() {
            let (lo, hi) = a.interval(s);
            assert!(lo <= a.rate(s) && a.rate(s) <= hi);
        }
        assert_eq!(run(&mut heard), a, "the same seed, the same games");
        let other = estimate(&start, Player::Random, None, 30, 8, 3000, &mut |_, _| {});
        assert_ne!(other.share, a.share, "another seed, other games");
    }
}

#[test]
fn a_screen_and_the_rest_merged_are_the_same_games_as_one_run() {
    let start = Fortress::new(&FortressSetup::default()).unwrap();
    let budget = Some(holdfast_search::Budget {
        iterations: 60,
        seconds: None,
    });
    let level = Player::Level(holdfast_search::Level::new(1).unwrap());
    let whole = estimate(&start, level, budget, 10, 3, 3000, &mut |_, _| {});
    let mut parts = estimate_from(&start, level, budget, 0..4, 3, 3000, &mut |_, _| {});
    parts.merge(&estimate_from(
        &start,
        level,
        budget,
        4..10,
        3,
        3000,
        &mut |_, _| {},
    ));
    assert_eq!(parts, whole);
    assert_eq!(
        estimate(&start, level, budget, 10, 3, 3000, &mut |_, _| {}),
        whole
    );
}
