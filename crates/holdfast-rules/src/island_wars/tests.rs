use super::*;

/// The planes agree with `colour`, `piece` and `near`, and `near` with the ports,
/// after every move of random games; the playout's draw finds every legal action
/// of a position and nothing else.
#[test]
fn planes_and_draws_match_the_rules() {
    for players in 2..=6u8 {
        let mut g = IslandWars::new(&IslandSetup {
            players,
            ..Default::default()
        })
        .unwrap();
        let mut rng = Rng::new(players as u64);
        let mut scratch = Vec::new();
        let mut turn = 0;
        while let Some(mv) = g.playout_move(&mut rng, &mut scratch) {
            let mut fresh = g.clone();
            for c in g.board().cells() {
                assert_eq!(g.near[c as usize], g.near_of(c, None), "near {c}");
                fresh.refresh(c);
            }
            assert_eq!(fresh.planes, g.planes);
            let mut legal = Vec::new();
            g.legal_moves(&mut legal);
            assert!(legal.contains(&mv), "{mv:?} drawn but not listed");
            if turn % 7 == 0 {
                // Enough draws that each legal action turns up (fixed seed).
                let mut seen = std::collections::HashSet::new();
                for _ in 0..legal.len() * 60 {
                    let m = g.pick_legal(&mut rng, &mut scratch).unwrap();
                    assert!(legal.contains(&m), "{m:?} drawn but not listed");
                    seen.insert(m);
                }
                assert_eq!(seen.len(), legal.len(), "some legal action never drawn");
            }
            g.play(mv).unwrap();
            turn += 1;
            let parts: Vec<i32> = (0..players)
                .map(|s| {
                    let (l, w, b) = g.score_parts(s);
                    l + w + b
                })
                .collect();
            assert_eq!(g.scores(), parts);
        }
    }
}
