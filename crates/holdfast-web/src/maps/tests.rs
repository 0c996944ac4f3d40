//! The maps' model: the editor's draft (painting, symmetry, undo, the checks), the
//! library in storage, and a map as a file and a link.

use super::draft::{Draft, MapGame, Paint, Problem, Symmetry};
use super::library::{Library, LibraryError, ASIDE_KEY, KEY};
use super::*;
use crate::storage::{MemoryStore, Refusing, Store};

fn island(width: u16, height: u16, players: u8) -> Draft {
    let mut d = Draft::blank(MapGame::IslandWars);
    d.set_players(players);
    d.resize(width, height);
    Draft::new(d.now)
}

#[test]
fn a_blank_map_of_each_game_is_playable_and_reads_back_from_its_setup() {
    for game in MapGame::ALL {
        let d = Draft::blank(game);
        assert!(d.now.playable(), "{game:?}: {:?}", d.now.problems());
        let back = Draft::from_setup(game.id(), &d.now.setup()).unwrap();
        assert_eq!(back.now, d.now, "{game:?}");
        let doc = MapDoc {
            game: game.id().into(),
            name: "x".into(),
            setup: d.now.setup(),
        };
        assert_eq!(doc.check(), Ok(()));
    }
}

#[test]
fn every_shipped_map_makes_a_game_and_the_editor_draws_the_hex_fields() {
    let maps = shipped();
    assert!(maps.len() >= 15);
    for m in &maps {
        assert_eq!(m.doc.check(), Ok(()), "{}", m.doc.name);
        if m.doc.game != "fortress" {
            let d = Draft::from_setup(&m.doc.game, &m.doc.setup).expect(&m.doc.name);
            // A copy made in the editor is the same map, in the explicit form.
            let copy = MapDoc {
                setup: d.now.setup(),
                ..m.doc.clone()
            };
            let a = crate::games::summary(&m.doc.record()).unwrap();
            let b = crate::games::summary(&copy.record()).unwrap();
            assert_eq!(a.thumb, b.thumb, "{}", m.doc.name);
        }
    }
    // Every measured map is there, and each generated one that measured fair.
    let measured = maps.iter().filter(|m| m.fairness.is_some()).count();
    assert_eq!(measured, crate::fairness::MEASURED.len());
    let generated = maps
        .iter()
        .filter(|m| m.doc.setup["map"] == "generated")
        .count();
    // (Island Wars' 8, Fortress's 6.)
    assert_eq!(generated, 14);
}

#[test]
fn painting_undo_and_redo_step_through_the_changes_and_only_the_changes() {
    let mut d = island(6, 4, 2);
    let before = d.now.clone();
    assert!(!d.can_undo());
    assert!(d.paint(0, Paint::Water, Symmetry::Off));
    // The same paint again changes nothing and is no step.
    assert!(!d.paint(0, Paint::Water, Symmetry::Off));
    assert!(d.paint(1, Paint::Water, Symmetry::Off));
    let after = d.now.clone();
    assert!(d.undo() && d.undo());
    assert_eq!(d.now, before);
    assert!(!d.undo());
    assert!(d.redo() && d.redo() && !d.redo());
    assert_eq!(d.now, after);
    // A new change drops what could be redone.
    d.undo();
    d.paint(5, Paint::Water, Symmetry::Off);
    assert!(!d.can_redo());
    // Island Wars has no mountains; a colour beyond the seats is refused.
    assert!(!d.paint(3, Paint::Mountain, Symmetry::Off));
    assert!(!d.paint(3, Paint::Start(2), Symmetry::Off));
    assert!(!d.paint(999, Paint::Water, Symmetry::Off));
}

#[test]
fn symmetry_paints_the_partner_cell_and_swaps_two_seats() {
    // 6 wide, 4 high: a half turn matches every cell (the rows swap shifts).
    let mut d = island(6, 4, 2);
    for c in 0..24 {
        let p = d
            .now
            .partner(c, Symmetry::Turn)
            .expect("every cell has a partner");
        assert_eq!(d.now.partner(p, Symmetry::Turn), Some(c));
    }
    d.fill(Paint::Land);
    for s in 0..2 {
        for c in d.now.starts(s) {
            d.paint(c, Paint::Land, Symmetry::Off);
        }
    }
    assert!(d.paint(0, Paint::Start(0), Symmetry::Turn));
    assert_eq!(d.now.cells[23], Paint::Start(1));
    assert!(d.paint(7, Paint::Water, Symmetry::Turn));
    assert_eq!(d.now.cells[16], Paint::Water);
    // A mirror: even rows match end to end; a shifted row's last cell has none.
    assert_eq!(d.now.partner(0, Symmetry::Mirror), Some(5));
    assert_eq!(d.now.partner(6, Symmetry::Mirror), Some(10));
    assert_eq!(d.now.partner(11, Symmetry::Mirror), None);
    assert_eq!(d.now.partner(0, Symmetry::Off), None);
    // Making the whole map symmetric copies the first half onto the second.
    let mut e = island(6, 4, 2);
    e.paint(2, Paint::Water, Symmetry::Off);
    e.paint(9, Paint::Start(0), Symmetry::Off);
    assert!(e.make_symmetric(Symmetry::Turn));
    for c in 0..24 {
        let p = e.now.partner(c, Symmetry::Turn).unwrap();
        let swapped = match e.now.cells[c] {
            Paint::Start(s) => Paint::Start(1 - s),
            x => x,
        };
        assert_eq!(e.now.cells[p], swapped, "cell {c}");
    }
    assert!(!e.make_symmetric(Symmetry::Turn), "already symmetric");
}

#[test]
fn a_frontier_city_moves_where_it_is_painted_and_is_never_painted_over() {
    let mut d = Draft::blank(MapGame::Frontier);
    let first = d.now.starts(0)[0];
    assert!(!d.paint(first, Paint::Water, Symmetry::Off));
    assert!(d.paint(0, Paint::Start(0), Symmetry::Off));
    assert_eq!(d.now.starts(0), vec![0]);
    assert_eq!(d.now.cells[first], Paint::Land);
    // Too near the other city: the rules' own reason.
    let other = d.now.starts(1)[0];
    let near = d.now.board().unwrap().neighbours(other as u16)[0] as usize;
    d.paint(near, Paint::Start(0), Symmetry::Off);
    assert!(matches!(d.now.problems()[..], [Problem::Rules(_)]));
    assert!(!d.now.playable());
    // Mode 1 plays without terrain: none is painted there, and choosing it
    // clears what there was (Undo brings it back).
    let mut e = Draft::blank(MapGame::Frontier);
    assert!(!e.paint(40, Paint::Mountain, Symmetry::Off));
    e.set_mode(2);
    assert!(e.paint(40, Paint::Mountain, Symmetry::Off));
    assert_eq!(e.now.setup()["mountains"].as_array().unwrap().len(), 1);
    assert!(e.now.playable());
    e.set_mode(1);
    assert_eq!(e.now.cells[40], Paint::Land);
    assert!(e.now.playable());
    e.undo();
    assert_eq!(e.now.cells[40], Paint::Mountain);
}

#[test]
fn the_checks_name_a_seat_with_no_start_and_land_no_one_reaches() {
    let mut d = island(8, 5, 3);
    // The third seat has no colour yet.
    assert!(d.now.problems().contains(&Problem::NoStart(2)));
    d.paint(20, Paint::Start(2), Symmetry::Off);
    assert!(d.now.playable(), "{:?}", d.now.problems());
    // An island two water hexes from everything: unreachable, a warning only.
    let mut e = island(9, 3, 2);
    e.fill(Paint::Water);
    for s in 0..2 {
        for c in e.now.starts(s) {
            e.paint(c, Paint::Water, Symmetry::Off);
        }
    }
    e.paint(0, Paint::Start(0), Symmetry::Off);
    e.paint(1, Paint::Start(1), Symmetry::Off);
    e.paint(3, Paint::Land, Symmetry::Off); // one water hex away: reached by a port
    e.paint(8, Paint::Land, Symmetry::Off); // far away
    assert_eq!(e.now.unreachable(), 1);
    assert_eq!(e.now.problems(), vec![Problem::Unreachable(1)]);
    assert!(e.now.playable());
    // Frontier's generals never cross mountains: plain land walled in by them is
    // never taken (in modes 1 and 2 a fort beside the wall takes it, and the land
    // behind it is in reach).
    let mut f = Draft::blank(MapGame::Frontier);
    f.set_mode(3);
    assert_eq!(f.now.unreachable(), 0);
    let corner = 0;
    let b = f.now.board().unwrap();
    for &m in b.neighbours(corner) {
        let ring: Vec<usize> = b.neighbours(m).iter().map(|&k| k as usize).collect();
        for k in ring {
            if k != corner as usize && !b.neighbours(corner).contains(&(k as u16)) {
                f.paint(k, Paint::Mountain, Symmetry::Off);
            }
        }
    }
    assert!(f.now.unreachable() > 0, "{:?}", f.now.cells);
    f.set_mode(2);
    assert_eq!(f.now.unreachable(), 0);
}

#[test]
fn resizing_keeps_cells_from_the_top_left_and_a_city_inside() {
    let mut d = Draft::blank(MapGame::Frontier);
    assert!(d.resize(5, 4));
    assert_eq!(d.now.cells.len(), 20);
    assert_eq!(d.now.starts(0).len() + d.now.starts(1).len(), 2);
    let mut i = island(6, 4, 2);
    i.resize(8, 4);
    assert_eq!(i.now.cells[7], Paint::Water, "new cells are sea");
    assert!(!i.resize(8, 4));
    assert!(i.resize(1000, 1000));
    assert_eq!((i.now.width, i.now.height), (40, 26));
}

#[test]
fn the_library_keeps_maps_and_sets_aside_what_it_cannot_read() {
    let mut store = MemoryStore::default();
    let mut lib = Library::load(&mut store);
    let doc = MapDoc {
        game: "island-wars".into(),
        name: "  Two  isles ".into(),
        setup: Draft::blank(MapGame::IslandWars).now.setup(),
    };
    let a = lib.add(&mut store, doc.clone(), 1.0).unwrap();
    let b = lib.add(&mut store, doc.clone(), 2.0).unwrap();
    assert_ne!(a, b);
    lib.remove(&mut store, &b).unwrap();
    // An id is never given twice while a higher one stands.
    let c = lib.add(&mut store, doc.clone(), 3.0).unwrap();
    assert_ne!(c, a);
    let renamed = MapDoc {
        name: "Renamed".into(),
        ..doc.clone()
    };
    lib.put(&mut store, &a, renamed.clone(), 4.0).unwrap();
    let again = Library::load(&mut store);
    assert_eq!(again, lib);
    assert_eq!(again.maps[0].id, a);
    assert_eq!(again.get(&a).unwrap().doc, renamed);
    assert!(again.same_as(&doc).is_some());
    // A map deleted in another tab while edited here comes back when saved.
    let mut other = Library::load(&mut store);
    other.remove(&mut store, &a).unwrap();
    lib.put(&mut store, &a, renamed.clone(), 5.0).unwrap();
    assert!(Library::load(&mut store).get(&a).is_some());
    // One map that does not read: set aside, the others kept.
    let good = store.get(KEY).unwrap();
    let broken = good.replacen(r#""maps":["#, r#""maps":[{"id":7},"#, 1);
    store.set(KEY, &broken).unwrap();
    let partly = Library::load(&mut store);
    assert!(partly.damaged && !partly.locked);
    assert_eq!(partly.maps.len(), 2);
    assert_eq!(store.get(ASIDE_KEY).as_deref(), Some(r#"[{"id":7}]"#));
    assert_eq!(
        Library::load(&mut store),
        Library {
            damaged: false,
            ..partly
        }
    );
    // A list that does not read: set aside whole, a fresh library.
    store.set(KEY, "{not json").unwrap();
    let fresh = Library::load(&mut store);
    assert!(fresh.damaged && fresh.maps.is_empty());
    assert_eq!(
        store.get(&format!("{ASIDE_KEY}.1")).as_deref(),
        Some("{not json")
    );
    let aside = Library::aside_text(&store).unwrap();
    assert!(
        aside.contains("not json") && aside.contains(r#"\"id\":7"#),
        "{aside}"
    );
    // Storage refusing to keep it aside: nothing is written over it.
    let mut full = Refusing(MemoryStore::default());
    full.0.set(KEY, "{broken").unwrap();
    let mut locked = Library::load(&mut full);
    assert!(locked.locked);
    assert_eq!(
        locked.add(&mut full, doc.clone(), 6.0),
        Err(LibraryError::Locked)
    );
    assert_eq!(full.0.get(KEY).as_deref(), Some("{broken"));
}

#[test]
fn a_map_travels_as_a_file_and_as_a_link_and_a_game_gives_its_map() {
    let mut d = Draft::blank(MapGame::IslandWars);
    d.paint(30, Paint::Water, Symmetry::Turn);
    let doc = MapDoc {
        game: "island-wars".into(),
        name: "Straits & bays".into(),
        setup: d.now.setup(),
    };
    assert_eq!(MapDoc::read(&doc.file_text()), Ok(doc.clone()));
    assert_eq!(doc.file_name(), "Straits---bays.map.json");
    let link = format!("https://example.org/holdfast/#{}", doc.link_fragment());
    assert_eq!(MapDoc::read(&link), Ok(doc.clone()));
    // A game's record or link: its map, named after its game.
    let mut record = doc.record();
    record.moves = vec!["pass".into()];
    let from_game = MapDoc::read(&record.to_json()).unwrap();
    assert_eq!(
        (from_game.game.as_str(), &from_game.setup),
        ("island-wars", &doc.setup)
    );
    assert_eq!(from_game.name, "Island Wars");
    let from_link = MapDoc::read(&holdfast_rules::link::encode(&record)).unwrap();
    assert_eq!(from_link.setup, doc.setup);
    // Not a map; a setup that makes no game; a game this version does not have.
    assert_eq!(MapDoc::read("hello"), Err(MapReadError::NotAMap));
    let bad = MapDoc {
        setup: serde_json::json!({ "players": 9 }),
        ..doc.clone()
    };
    assert!(matches!(
        MapDoc::read(&bad.file_text()),
        Err(MapReadError::Setup(_))
    ));
    let chess = MapDoc {
        game: "chess".into(),
        ..doc.clone()
    };
    assert_eq!(
        MapDoc::read(&chess.file_text()),
        Err(MapReadError::UnknownGame("chess".into()))
    );
    // A map half drawn (cities too near for the rules) travels too, to finish
    // elsewhere.
    let mut half = Draft::blank(MapGame::Frontier);
    let other = half.now.starts(1)[0];
    let near = half.now.board().unwrap().neighbours(other as u16)[0] as usize;
    half.paint(near, Paint::Start(0), Symmetry::Off);
    let unfinished = MapDoc {
        game: "frontier".into(),
        setup: half.now.setup(),
        ..doc.clone()
    };
    assert!(unfinished.check().is_err());
    assert_eq!(
        MapDoc::read(&unfinished.file_text()),
        Ok(unfinished.clone())
    );
    let link = format!("#{}", unfinished.link_fragment());
    assert_eq!(MapDoc::read(&link), Ok(unfinished));
    // Play opens the new-game screen with the map.
    let route = doc.play_route().to_string();
    assert!(route.starts_with("#new/island-wars/"), "{route}");
}
