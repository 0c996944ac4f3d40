//! What an entry changed ([`holdfast_rules::changes`]) on real games: turns from
//! the fixtures that take pieces, told apart from those that do not.

use holdfast_rules::changes::{changes, Change};
use holdfast_rules::Game;

#[test]
fn a_fort_turn_that_takes_two_dots() {
    // tests/fixtures/fort-capture.json: the last turn steps onto both of the
    // other seat's dots.
    let text = include_str!("../../../tests/fixtures/fort-capture.json");
    let fixture: serde_json::Value = serde_json::from_str(text).unwrap();
    let moves: Vec<String> = serde_json::from_value(fixture["record"]["moves"].clone()).unwrap();
    let mut g = holdfast_rules::fort::Fort::new(&Default::default()).unwrap();
    let (last, earlier) = moves.split_last().unwrap();
    for entry in earlier {
        g.play_entry(entry).unwrap();
    }
    let before = g.tally();
    let mover = g.to_move().unwrap();
    g.play_entry(last).unwrap();
    assert_eq!(
        changes(&before, &g.tally(), mover),
        vec![Change::Taken {
            seat: 1,
            kind: "dot",
            count: 2
        }]
    );
}

#[test]
fn a_citadel_turn_that_takes_a_warrior() {
    // tests/fixtures/citadel-siege-00.json: the last turn attacks g5 from g6.
    let text = include_str!("../../../tests/fixtures/citadel-siege-00.json");
    let fixture: serde_json::Value = serde_json::from_str(text).unwrap();
    let setup = serde_json::from_value(fixture["record"]["setup"].clone()).unwrap();
    let moves: Vec<String> = serde_json::from_value(fixture["record"]["moves"].clone()).unwrap();
    let mut g = holdfast_rules::citadel::Citadel::new(&setup).unwrap();
    let (last, earlier) = moves.split_last().unwrap();
    let mut taken = 0;
    for entry in earlier {
        let (before, mover) = (g.tally(), g.to_move().unwrap());
        g.play_entry(entry).unwrap();
        taken += changes(&before, &g.tally(), mover)
            .iter()
            .filter(|c| c.takes(mover))
            .count();
    }
    assert!(taken > 0, "earlier turns took something too");
    let (before, mover) = (g.tally(), g.to_move().unwrap());
    g.play_entry(last).unwrap();
    let c = changes(&before, &g.tally(), mover);
    assert!(
        c.contains(&Change::Taken {
            seat: 1 - mover,
            kind: "warrior",
            count: 1
        }),
        "{c:?}"
    );
}
