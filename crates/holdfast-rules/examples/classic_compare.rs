//! Plays the same random Classic games through the general Fortress engine and
//! through the loop written for Classic alone, for counting their instructions on a
//! noisy machine (the counts do not depend on load):
//!
//! ```sh
//! cargo build --profile profiling -p holdfast-rules --example classic_compare
//! valgrind --tool=callgrind target/profiling/examples/classic_compare engine 2000
//! valgrind --tool=callgrind target/profiling/examples/classic_compare classic 2000
//! ```

use holdfast_rules::fortress::{Classic, Fortress, FortressSetup};
use holdfast_rules::playout::playout;
use holdfast_rules::rng::Rng;
use holdfast_rules::Game;

fn main() {
    let which = std::env::args().nth(1).unwrap_or_default();
    let games: u32 = std::env::args()
        .nth(2)
        .and_then(|s| s.parse().ok())
        .unwrap_or(2000);
    let mut rng = Rng::new(1);
    let (mut moves, mut checksum) = (0u64, 0i64);
    if which == "classic" {
        for _ in 0..games {
            let (m, s) = Classic::playout(&mut rng);
            moves += m as u64;
            checksum += s[0] as i64;
        }
    } else {
        let start = Fortress::new(&FortressSetup::default()).expect("the default setup");
        let mut g = start.clone();
        let (mut scratch, mut scores) = (Vec::new(), Vec::new());
        for _ in 0..games {
            moves += playout(&start, &mut g, &mut rng, &mut scratch) as u64;
            g.scores_into(&mut scores);
            checksum += scores[0] as i64;
        }
    }
    println!("{which}: {games} games, {moves} moves, checksum {checksum}");
}
