use super::{bits, repetition, Fort, FortSetup, StepKind};
use crate::game::Game;
use crate::rng::Rng;

/// Over random games the kept key and bits are the cells', and a claim empties the
/// history of ended turns (no earlier position can come back: forts stay).
#[test]
fn the_key_and_the_history_keep_step() {
    let mut scratch = Vec::new();
    let (mut claims, mut histories) = (0, 0);
    for seed in 0..20 {
        let mut g = Fort::new(&FortSetup::default()).unwrap();
        let mut rng = Rng::new(seed);
        while let Some(m) = g.playout_move(&mut rng, &mut scratch) {
            let claim = matches!(m, super::FortMove::Step(f, t)
                if g.step_kind(f, t) == Ok(StepKind::Claim));
            let had = !g.ended.is_empty();
            g.play(m).unwrap();
            assert_eq!(g.key, repetition::key_of(&g.cells, 0), "seed {seed}");
            assert_eq!(g.bits, bits::bits_of(&g.cells), "seed {seed}");
            // The spawn spots the bits give are those a walk over the cells finds.
            if g.end.is_none() {
                let me = g.to_move;
                let walk: Vec<_> = g
                    .cfg
                    .board
                    .cells()
                    .filter(|&c| {
                        g.cells[c as usize] == super::EMPTY
                            && g.cfg
                                .board
                                .neighbours(c)
                                .iter()
                                .any(|&n| g.cells[n as usize] == super::fort(me))
                    })
                    .collect();
                let spots: Vec<_> = g.spawn_cells().into_iter().map(|s| s.0).collect();
                assert_eq!(spots, walk, "seed {seed}");
            }
            if claim {
                assert!(
                    g.ended.is_empty(),
                    "seed {seed}: the history outlived a claim"
                );
                claims += 1;
                histories += had as u32;
            }
        }
    }
    assert!(
        claims > 0 && histories > 0,
        "claims {claims}, histories {histories}"
    );
}
