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

/// A generated map may be given its size and land share; left out, the map is
/// the one every earlier record drew from its seed.
#[test]
fn a_generated_map_takes_a_size_and_a_land_share() {
    use super::maps::{generated, generated_with};
    let setup = |json: &str| serde_json::from_str::<IslandSetup>(json).unwrap();
    let plain = IslandWars::new(&setup(r#"{"players":2,"map":"generated","seed":5}"#)).unwrap();
    let (board, colour) = generated(2, 5);
    assert_eq!(plain.board().len(), board.len());
    let same = generated_with(2, 5, (13, 10), 45);
    assert_eq!((same.0.len(), &same.1), (board.len(), &colour));
    let big = IslandWars::new(&setup(
        r#"{"players":2,"map":"generated","seed":5,"width":20,"height":14,"land":70}"#,
    ))
    .unwrap();
    assert_eq!(big.board().len(), 280);
    let land = big
        .board()
        .cells()
        .filter(|&c| big.board().terrain(c) != crate::Terrain::Sea)
        .count();
    assert!((190..=216).contains(&land), "{land} of 280");
    // A tiny field with much land: every inner hex, no endless growth.
    let small = generated_with(2, 1, (6, 5), 80);
    assert!(small.1.contains(&0) && small.1.contains(&1));
    for (json, why) in [
        (
            r#"{"players":2,"map":"generated","land":90}"#,
            SetupWhy::Land(90),
        ),
        (
            r#"{"players":2,"map":"generated","width":50}"#,
            SetupWhy::GeneratedSize {
                width: 50,
                height: 10,
            },
        ),
        (r#"{"players":2,"land":50}"#, SetupWhy::LandNeedsGenerated),
        (
            r#"{"players":2,"map":"generated","water":["a1"]}"#,
            SetupWhy::MapOrField("generated".into()),
        ),
    ] {
        assert_eq!(
            IslandWars::new(&setup(json)).err().map(|e| e.to_string()),
            Some(crate::SetupError::from(why).to_string()),
            "{json}"
        );
    }
}
