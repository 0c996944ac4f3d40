//! Property tests over random legal games: every listed move is accepted, every
//! refused move is unlisted, invariants hold, records round-trip.

use holdfast_rules::citadel::{Citadel, CitadelMove, CitadelSetup};
use holdfast_rules::fort::{Fort, FortMove};
use holdfast_rules::fortress::{Fortress, FortressMove, FortressSetup, RuleSet, MAPS};
use holdfast_rules::frontier::{preset, Frontier, FrontierMove, Order};
use holdfast_rules::island_wars::{IslandMove, IslandSetup, IslandWars, Kind};
use holdfast_rules::rng::Rng;
use holdfast_rules::{Game, Record};
use proptest::prelude::*;

fn all_moves(g: &Fortress) -> Vec<FortressMove> {
    let mut v = vec![FortressMove::Pass, FortressMove::Swap];
    for c in g.board().cells() {
        v.extend([
            FortressMove::Place(c),
            FortressMove::Attack(c),
            FortressMove::Remove(c),
        ]);
    }
    v
}

fn setups() -> impl Strategy<Value = FortressSetup> {
    (
        0..MAPS.len(),
        2u8..=4,
        any::<bool>(),
        any::<bool>(),
        any::<bool>(),
        0u64..1000,
    )
        .prop_map(|(m, players, pie, dice, ssi, seed)| {
            let ssi = ssi && !dice && players == 2 && m == 0;
            FortressSetup {
                map: MAPS[m].id.to_string(),
                players,
                pie: pie && players == 2,
                dice,
                rules: if ssi { RuleSet::Ssi1983 } else { RuleSet::Seed },
                seed,
                moves_each: None,
            }
        })
}

fn check_invariants(g: &Fortress) {
    let map = g.map();
    for c in g.board().cells() {
        let n = g.count(c);
        assert!(
            n <= map.capacity[c as usize],
            "capacity of {}",
            g.board().name(c)
        );
        assert_eq!(
            g.holder(c).is_some(),
            n > 0,
            "one holder exactly when occupied"
        );
        if let Some(h) = g.holder(c) {
            assert!((h as usize) < g.players());
        }
    }
    assert_eq!(g.scores().len(), g.players());
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, .. ProptestConfig::default() })]

    #[test]
    fn random_games_keep_the_rules(setup in setups(), seed in any::<u64>()) {
        let start = Fortress::new(&setup).unwrap();
        let mut g = start.clone();
        let mut rng = Rng::new(seed);
        let mut played = Vec::new();
        let mut legal = Vec::new();
        let mut plies = 0;
        while !g.is_over() && plies < 400 {
            legal.clear();
            g.legal_moves(&mut legal);
            prop_assert!(!legal.is_empty());
            // Listed == accepted, over every conceivable move.
            for m in all_moves(&g) {
                let ok = g.check(m).is_ok();
                prop_assert_eq!(ok, legal.contains(&m), "{:?} listed/accepted disagree", m);
                if !ok {
                    let before = (g.snapshot(), g.to_move(), g.ply(), g.scores());
                    prop_assert!(g.play(m).is_err());
                    prop_assert_eq!(before, (g.snapshot(), g.to_move(), g.ply(), g.scores()), "refused move changed the state");
                }
            }
            let m = legal[rng.below(legal.len() as u32) as usize];
            let text = g.format_move(m);
            prop_assert_eq!(g.parse_move(&text).unwrap(), m);
            g.play(m).unwrap();
            played.push(text);
            check_invariants(&g);
            plies += 1;
        }
        // The record round-trips through JSON and replays to the same position.
        let record = Record { moves: played, ..Record::new::<Fortress>(&setup) };
        let back = Record::from_json(&record.to_json()).unwrap();
        prop_assert_eq!(&back, &record);
        let (replayed, bad) = back.replay::<Fortress>().unwrap();
        prop_assert!(bad.is_none());
        prop_assert_eq!(replayed.snapshot(), g.snapshot());
        prop_assert_eq!(replayed.scores(), g.scores());
        prop_assert_eq!(replayed.to_move(), g.to_move());
        prop_assert_eq!(replayed.winners(), g.winners());
    }

    #[test]
    fn playouts_only_pass_when_nothing_else_is_legal(seed in any::<u64>()) {
        let start = Fortress::new(&FortressSetup::default()).unwrap();
        let mut g = start.clone();
        let mut rng = Rng::new(seed);
        let mut scratch = Vec::new();
        let mut legal = Vec::new();
        while let Some(m) = g.playout_move(&mut rng, &mut scratch) {
            legal.clear();
            g.legal_moves(&mut legal);
            prop_assert!(legal.contains(&m));
            if m == FortressMove::Pass {
                prop_assert!(!legal.iter().any(|l| matches!(l, FortressMove::Place(_))));
            }
            g.play(m).unwrap();
        }
        prop_assert!(g.is_over());
        prop_assert_eq!(g.moves_used(0), 21);
    }

    #[test]
    fn arbitrary_text_never_panics(moves in proptest::collection::vec("[a-z0-9x-]{0,6}|pass|swap", 0..40)) {
        let record = Record { game: "fortress".into(), setup: serde_json::json!({"dice": true, "pie": true}), moves, names: vec![] };
        let _ = holdfast_rules::record::replay_text(&record.to_json());
    }

    #[test]
    fn arbitrary_records_never_panic(text in ".{0,200}") {
        let (status, out) = holdfast_rules::record::replay_text(&text);
        prop_assert!(status == 2 || out["ok"] == true || status == 1);
    }
}

fn all_fort_moves(g: &Fort) -> Vec<FortMove> {
    let mut v = vec![FortMove::Count];
    for a in g.board().cells() {
        v.push(FortMove::Spawn(a));
        for &b in g.board().neighbours(a) {
            v.push(FortMove::Step(a, b));
        }
    }
    v
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 12, .. ProptestConfig::default() })]

    #[test]
    fn random_fort_games_keep_the_rules(seed in any::<u64>()) {
        let mut g = Fort::new(&Default::default()).unwrap();
        let mut rng = Rng::new(seed);
        let mut scratch = Vec::new();
        let mut entries: Vec<String> = Vec::new();
        let mut turn: Vec<String> = Vec::new();
        let mut legal = Vec::new();
        let mut actions = 0;
        while !g.is_over() && actions < 160 {
            legal.clear();
            g.legal_moves(&mut legal);
            for m in all_fort_moves(&g) {
                let ok = g.check(m).is_ok();
                prop_assert_eq!(ok, legal.contains(&m), "{:?} listed/accepted disagree", m);
                if !ok && actions % 8 == 0 {
                    let before = (g.snapshot(), g.to_move(), g.steps_taken());
                    prop_assert!(g.play(m).is_err());
                    prop_assert_eq!(before, (g.snapshot(), g.to_move(), g.steps_taken()));
                }
            }
            // The playout policy never counts; it walks, captures, claims and spawns.
            let m = g.playout_move(&mut rng, &mut scratch).expect("a legal action");
            prop_assert!(legal.contains(&m));
            turn.push(g.format_move(m));
            g.play(m).unwrap();
            if !g.entry_open() {
                entries.push(turn.join(" "));
                turn.clear();
            }
            // Invariants: the two starting forts never move or fall.
            prop_assert_eq!(g.piece(g.board().cell("e1").unwrap()), Some((0, true)));
            prop_assert_eq!(g.piece(g.board().cell("e8").unwrap()), Some((1, true)));
            prop_assert!(g.steps_taken() <= 3);
            actions += 1;
        }
        // A game stopped mid-turn leaves its open turn out of the record.
        let record = Record { moves: entries.clone(), ..Record::new::<Fort>(&Default::default()) };
        let back = Record::from_json(&record.to_json()).unwrap();
        let (replayed, bad) = back.replay::<Fort>().unwrap();
        prop_assert!(bad.is_none(), "{:?}", bad);
        prop_assert_eq!(replayed.turns() as usize, entries.len());
        if turn.is_empty() {
            prop_assert_eq!(replayed.snapshot(), g.snapshot());
            prop_assert_eq!(replayed.winners(), g.winners());
        }
    }
}

fn all_frontier_moves(g: &Frontier) -> Vec<FrontierMove> {
    let b = g.board();
    let mut v = vec![FrontierMove::Pass, FrontierMove::End];
    for a in b.cells() {
        v.push(FrontierMove::Build(a));
        v.push(FrontierMove::Order(Order::Build(a)));
        for &x in b.neighbours(a) {
            v.push(FrontierMove::Order(Order::Step(a, x)));
            v.push(FrontierMove::Order(Order::StepBuild(a, x)));
            for &y in b.neighbours(x) {
                v.push(FrontierMove::Order(Order::Two(a, x, y)));
            }
        }
    }
    v
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, .. ProptestConfig::default() })]

    #[test]
    fn random_frontier_games_keep_the_rules(mode in 1u8..=3, terrain in any::<u64>(), seed in any::<u64>()) {
        let setup = preset(mode, terrain);
        let mut g = Frontier::new(&setup).unwrap();
        let mut rng = Rng::new(seed);
        let mut entries: Vec<String> = Vec::new();
        let mut turn: Vec<String> = Vec::new();
        let mut legal = Vec::new();
        let all = all_frontier_moves(&g);
        let mut actions = 0;
        while !g.is_over() {
            legal.clear();
            g.legal_moves(&mut legal);
            prop_assert!(!legal.is_empty());
            if actions % 5 == 0 {
                for &m in &all {
                    let ok = g.check(m).is_ok();
                    prop_assert_eq!(ok, legal.contains(&m), "{:?} listed/accepted disagree", m);
                    if !ok {
                        let before = (g.snapshot(), g.to_move());
                        prop_assert!(g.play(m).is_err());
                        prop_assert_eq!(before, (g.snapshot(), g.to_move()));
                    }
                }
            }
            let m = legal[rng.below(legal.len() as u32) as usize];
            turn.push(g.format_move(m));
            g.play(m).unwrap();
            if !g.entry_open() {
                entries.push(g.entry_text(&turn));
                turn.clear();
            }
            // Cities always belong to their founders; scores are territory.
            for (s, &c) in g.cities().iter().enumerate() {
                prop_assert_eq!(g.owner(c), Some(s as u8));
            }
            prop_assert_eq!(g.scores().iter().sum::<i32>() as usize, g.board().cells().filter(|&c| g.owner(c).is_some()).count());
            actions += 1;
        }
        prop_assert_eq!(entries.len(), 2 * setup.turns as usize);
        let record = Record { moves: entries, ..Record::new::<Frontier>(&setup) };
        let back = Record::from_json(&record.to_json()).unwrap();
        let (replayed, bad) = back.replay::<Frontier>().unwrap();
        prop_assert!(bad.is_none(), "{:?}", bad);
        prop_assert_eq!(replayed.snapshot(), g.snapshot());
        prop_assert_eq!(replayed.winners(), g.winners());
    }
}

fn all_citadel_moves(g: &Citadel) -> Vec<CitadelMove> {
    let b = g.board();
    let mut v = vec![CitadelMove::End, CitadelMove::Draw];
    for f in 0..g.faces() as u16 {
        v.push(CitadelMove::Wall(f));
    }
    for c in b.cells() {
        v.extend([
            CitadelMove::Place(c),
            CitadelMove::Take(c),
            CitadelMove::Recruit(c),
            CitadelMove::Siege(c),
        ]);
        for &m in b.neighbours(c) {
            v.push(CitadelMove::Step(c, m));
            v.push(CitadelMove::Attack(c, m));
        }
    }
    for f in 0..g.faces() as u16 {
        for c in g.face_cells(f) {
            for &m in b.neighbours(c) {
                v.push(CitadelMove::Destroy(f, m));
            }
        }
    }
    v
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 10, .. ProptestConfig::default() })]

    #[test]
    fn random_citadel_games_keep_the_rules(seed in any::<u64>()) {
        let mut g = Citadel::new(&CitadelSetup { size: 13 }).unwrap();
        let mut rng = Rng::new(seed);
        let mut scratch = Vec::new();
        let mut entries: Vec<String> = Vec::new();
        let mut turn: Vec<String> = Vec::new();
        let mut legal = Vec::new();
        let all = all_citadel_moves(&g);
        let mut actions = 0;
        while let Some(m) = g.playout_move(&mut rng, &mut scratch) {
            if actions % 25 == 0 {
                legal.clear();
                g.legal_moves(&mut legal);
                for &x in &all {
                    let ok = g.check(x).is_ok();
                    prop_assert_eq!(ok, legal.contains(&x), "{:?} listed/accepted disagree", x);
                    if !ok {
                        let before = (g.snapshot(), g.to_move(), g.credits());
                        prop_assert!(g.play(x).is_err());
                        prop_assert_eq!(before, (g.snapshot(), g.to_move(), g.credits()));
                    }
                }
            }
            turn.push(g.format_move(m));
            g.play(m).unwrap();
            if !g.entry_open() {
                entries.push(g.entry_text(&turn));
                turn.clear();
            }
            let warriors = g.board().cells().filter(|&c| g.warrior(c).is_some()).count();
            prop_assert!(warriors <= 100);
            for c in g.board().cells() {
                prop_assert!(!(g.warrior(c).is_some() && g.covered(c)), "a wall never covers a warrior");
            }
            actions += 1;
        }
        if turn.is_empty() {
            let record = Record { moves: entries, ..Record::new::<Citadel>(&CitadelSetup { size: 13 }) };
            let back = Record::from_json(&record.to_json()).unwrap();
            let (replayed, bad) = back.replay::<Citadel>().unwrap();
            prop_assert!(bad.is_none(), "{:?}", bad);
            prop_assert_eq!(replayed.snapshot(), g.snapshot());
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 16, .. ProptestConfig::default() })]

    #[test]
    fn random_island_wars_games_keep_the_rules(players in 2u8..=6, generated in any::<bool>(), seed in any::<u64>()) {
        let setup = IslandSetup {
            players,
            map: generated.then(|| "generated".to_string()),
            seed: generated.then_some(seed % 1000),
            ..Default::default()
        };
        let mut g = IslandWars::new(&setup).unwrap();
        let mut rng = Rng::new(seed);
        let mut played = Vec::new();
        let mut legal = Vec::new();
        let b = g.board().clone();
        let mut all = vec![IslandMove::Pass];
        for c in b.cells() {
            for k in [Kind::Barracks, Kind::Tower, Kind::Port] {
                all.push(IslandMove::Place(k, c));
            }
        }
        let mut turn = 0;
        while !g.is_over() {
            legal.clear();
            g.legal_moves(&mut legal);
            if turn % 7 == 0 {
                for &m in &all {
                    prop_assert_eq!(g.check(m).is_ok(), legal.contains(&m), "{:?}", m);
                }
                for &m in legal.iter().filter(|m| matches!(m, IslandMove::Move(..))) {
                    prop_assert!(g.check(m).is_ok());
                }
            }
            let m = legal[rng.below(legal.len() as u32) as usize];
            played.push(g.format_move(m));
            g.play(m).unwrap();
            // Secured water is never shared; pieces stand on land of their owner's colour.
            for c in b.cells() {
                if let Some((s, _)) = g.piece(c) {
                    prop_assert_eq!(g.colour(c), Some(s));
                }
            }
            turn += 1;
        }
        prop_assert_eq!(played.len(), 12 * players as usize);
        let record = Record { moves: played, ..Record::new::<IslandWars>(&setup) };
        let back = Record::from_json(&record.to_json()).unwrap();
        let (replayed, bad) = back.replay::<IslandWars>().unwrap();
        prop_assert!(bad.is_none(), "{:?}", bad);
        prop_assert_eq!(replayed.snapshot(), g.snapshot());
        prop_assert_eq!(replayed.scores(), g.scores());
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, .. ProptestConfig::default() })]

    /// Hand-edited records of any game: never a panic, always a status and a JSON answer.
    #[test]
    fn arbitrary_moves_in_any_game_never_panic(
        game in 0usize..5,
        setup in 0usize..4,
        moves in proptest::collection::vec("[a-s]{1,2}[0-9]{1,2}|[a-s][0-9]{1,2}[-x>][a-s][0-9]{1,2}|[BTPWRSX]:[a-s][0-9]{1,2}|@[a-i][0-9]|-|pass|count|draw|swap|[a-z0-9 +@:/>x-]{0,12}", 0..30),
    ) {
        let games = ["fortress", "fort", "citadel", "island-wars", "frontier"];
        let setups = [
            serde_json::json!({}),
            serde_json::json!({"size": 13, "players": 4, "mode": 3, "width": 9, "height": 7, "cities": ["c2", "e8"]}),
            serde_json::json!({"players": 6, "map": "generated", "seed": 3, "dice": true}),
            serde_json::json!({"mode": 2, "width": 5, "height": 5, "cities": ["a1", "e5"], "turns": 3, "water": ["c3"]}),
        ];
        let record = Record { game: games[game].into(), setup: setups[setup].clone(), moves, names: vec![] };
        let (status, out) = holdfast_rules::record::replay_text(&record.to_json());
        prop_assert!((0..=2).contains(&status));
        prop_assert!(out.is_object());
    }
}
