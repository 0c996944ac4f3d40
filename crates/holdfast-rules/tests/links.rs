//! Links (`holdfast_rules::link`), on every game and variant: a record's compact
//! link reads back as the same record; a record the compact form cannot carry
//! exactly goes as `record=`; damaged compact links are refused, never a panic; and the
//! games the issue names fit in 2,000 characters.

use holdfast_rules::catalogue::{each_game, Visit};
use holdfast_rules::link::{self, LinkError};
use holdfast_rules::record::replay_text;
use holdfast_rules::rng::Rng;
use holdfast_rules::{Game, Record};

/// A random game of a variant, as whole entries (as `holdfast playout` makes them).
fn random_record<G: Game>(setup: &G::Setup, seed: u64, max_actions: usize) -> Record {
    let mut g = G::new(setup).unwrap();
    let mut rng = Rng::new(seed);
    let (mut scratch, mut turn) = (Vec::new(), Vec::new());
    let mut record = Record::new::<G>(setup);
    let mut actions = 0;
    while let Some(m) = g.playout_move(&mut rng, &mut scratch) {
        turn.push(g.format_move(m));
        g.play(m).unwrap();
        actions += 1;
        if !g.entry_open() {
            record.moves.push(g.entry_text(&turn));
            turn.clear();
            if actions >= max_actions {
                break;
            }
        }
    }
    record
}

struct RoundTrip;

impl Visit for RoundTrip {
    fn visit<G: Game>(&mut self) {
        for (name, setup) in G::variants() {
            for seed in 1..4 {
                let mut r = random_record::<G>(&setup, seed, 3_000);
                r.names = (0..G::new(&setup).unwrap().players())
                    .map(|i| format!("P{i}"))
                    .collect();
                let frag = link::encode(&r);
                assert!(
                    frag.starts_with("c="),
                    "{} {name} {seed}: {frag:.40}",
                    G::ID
                );
                assert!(frag
                    .bytes()
                    .all(|b| b.is_ascii_alphanumeric() || b"-_=".contains(&b)));
                let back = link::decode(&frag).unwrap_or_else(|e| panic!("{} {name}: {e}", G::ID));
                assert_eq!(back, r, "{} {name} {seed}", G::ID);
                // Shorter than the record's JSON once there are moves to carry.
                if r.moves.len() > 20 {
                    assert!(frag.len() < r.to_json().len(), "{} {name}", G::ID);
                }
                // Cut short or altered: refused with a sentence, never a panic.
                for cut in [frag.len() - 1, frag.len() / 2, 4] {
                    if let Ok(other) = link::decode(&frag[..cut]) {
                        assert_ne!(other, r);
                    }
                }
                let mut bytes = frag.clone().into_bytes();
                let i = bytes.len() * 2 / 3;
                bytes[i] = if bytes[i] == b'A' { b'B' } else { b'A' };
                let _ = link::decode(std::str::from_utf8(&bytes).unwrap());
            }
        }
    }
}

#[test]
fn every_games_compact_links_read_back_as_the_record() {
    each_game(&mut RoundTrip);
}

#[test]
fn records_the_compact_form_cannot_carry_exactly_go_as_json() {
    let mut r = Record::from_json(r#"{"game":"fortress","moves":["c3","d4"]}"#).unwrap();
    assert!(link::encode(&r).starts_with("c="));
    // A move that cannot be played, and one spelt otherwise than the notation writes
    // it: the link keeps them as they are.
    for odd in [" d5", "d5 ", "zz"] {
        r.moves.push(odd.into());
        let frag = link::encode(&r);
        assert!(frag.starts_with("record="), "{odd:?}");
        assert_eq!(link::decode(&frag).unwrap(), r);
        r.moves.pop();
    }
    // The resignation travels with the rest of the record.
    r.resigned = Some(0);
    let frag = link::encode(&r);
    assert!(frag.starts_with("c="));
    assert_eq!(link::decode(&frag).unwrap(), r);
}

#[test]
fn damaged_compact_links_say_so() {
    for bad in ["c=", "c=!!", "c=AAAA", "c=eJzLSM3JyVcozy_KSQEAGgQEXQ"] {
        assert!(
            matches!(link::decode(bad), Err(LinkError::Damaged(_))),
            "{bad}"
        );
    }
    // Whole addresses and fragments with `#` read the same.
    let r = Record::from_json(r#"{"game":"fort","moves":["@e2"]}"#).unwrap();
    let frag = link::encode(&r);
    for text in [
        frag.clone(),
        format!("#{frag}"),
        format!("https://example.org/holdfast/#{frag}"),
    ] {
        assert_eq!(link::decode(&text).unwrap(), r);
    }
}

/// A long game of Citadel 19x19 played to its end by computer players (level 2
/// against level 2, `holdfast arena`), and six players' whole Island Wars game:
/// each link, with the names, seats and game id the app adds, at most 2,000
/// characters, and the report of `holdfast replay` the same.
#[test]
fn finished_games_fit_in_two_thousand_characters() {
    let citadel = include_str!("data/citadel-19-finished.json");
    let r = Record::from_json(citadel).unwrap();
    let (status, report) = replay_text(citadel);
    assert_eq!(status, 0);
    assert_eq!(report["over"], true, "the fixture is a finished game");
    let mut games = vec![("citadel 19x19", r)];
    let setup = serde_json::json!({ "players": 6 });
    let iw = {
        let s = serde_json::from_value(setup).unwrap();
        random_record::<holdfast_rules::island_wars::IslandWars>(&s, 7, usize::MAX)
    };
    assert!(replay_text(&iw.to_json()).1["over"] == true);
    games.push(("island wars, 6 players", iw));
    for (what, mut r) in games {
        // As the app sends them: names, who plays each seat, and the game id.
        let seats = if what.starts_with("island") { 6 } else { 2 };
        r.names = (1..=seats).map(|i| format!("Player {i}")).collect();
        r.seats = (0..seats)
            .map(|i| if i == 0 { "person" } else { "remote" }.to_string())
            .collect();
        r.id = Some("19ab3c4d5e6f7a8b9c".into());
        let frag = link::encode(&r);
        assert!(frag.starts_with("c="));
        eprintln!(
            "{what}: {} moves, link {} characters (g= form {})",
            r.moves.len(),
            frag.len(),
            link::encode_json(&r).len()
        );
        assert!(frag.len() <= 2_000, "{what}: {} characters", frag.len());
        let back = link::decode(&frag).unwrap();
        assert_eq!(replay_text(&back.to_json()), replay_text(&r.to_json()));
    }
}

/// The worked example of docs/notation.md, byte for byte: the form is a contract.
#[test]
fn the_documented_example_link() {
    let r = Record::from_json(
        r#"{"game":"fortress","setup":{"map":"classic","players":2},"moves":["c3","d4","pass"]}"#,
    )
    .unwrap();
    let frag = "c=AUR7ImdhbWUiOiJmb3J0cmVzcyIsInNldHVwIjp7Im1hcCI6ImNsYXNzaWMiLCJwbGF5ZXJzIjoyfSwibW92ZXMiOltdfQM5SMA";
    assert_eq!(link::encode(&r), frag);
    assert_eq!(link::decode(frag).unwrap(), r);
}
