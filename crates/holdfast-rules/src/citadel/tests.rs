use super::*;

/// The standard test setup (see tests/citadel.rs), Orange to play.
fn start() -> Citadel {
    let mut g = Citadel::new(&CitadelSetup { size: 13 }).unwrap();
    for e in [
        "c3", "c7", "c11", "g3", "g7", "g11", "k3", "k7", "k11", "g7", "c3", "k11", "c7", "k7",
        "g3",
    ] {
        g.play_entry(e).unwrap();
    }
    g
}

fn c(g: &Citadel, n: &str) -> CellId {
    g.board().cell(n).unwrap()
}

fn put(g: &mut Citadel, seat: Seat, cells: &[&str]) {
    for n in cells {
        let x = c(g, n);
        g.warrior[x as usize] = seat;
    }
    // Written past the rules: the warrior lists are made afresh.
    g.rebuild_army();
}

#[test]
fn sieges_bite_groups_surrounded_at_the_start_of_the_turn() {
    let mut g = start();
    // Blue's pair e5-e6 walled in by Orange warriors.
    put(&mut g, 1, &["e5", "e6", "j5"]);
    put(
        &mut g,
        0,
        &["d5", "f5", "e4", "d6", "f6", "e7", "i5", "k5", "j4", "j6"],
    );
    g.start_turn();
    assert!(g.besieged(c(&g, "e5")) && g.besieged(c(&g, "e6")) && g.besieged(c(&g, "j5")));
    assert!(!g.besieged(c(&g, "g7")), "Blue's g7 has free neighbours");
    g.play(CitadelMove::Siege(c(&g, "e5"))).unwrap();
    // Taking the first does not spare the second, though it now has a liberty.
    let (_, free) = g.group(c(&g, "e6"));
    assert!(free);
    g.play(CitadelMove::Siege(c(&g, "e6"))).unwrap();
    assert_eq!(g.warrior(c(&g, "e6")), None);
    // Two a turn at most.
    assert!(g.check(CitadelMove::Siege(c(&g, "j5"))).is_err());
    assert_eq!(g.credits(), 3, "sieges are free");
    // A group surrounded only during the turn does not bite until the next one.
    let mut g = start();
    put(&mut g, 1, &["e5"]);
    put(&mut g, 0, &["d5", "f5", "e4"]);
    g.start_turn();
    assert!(!g.besieged(c(&g, "e5")));
    put(&mut g, 0, &["e6"]);
    assert!(g.check(CitadelMove::Siege(c(&g, "e5"))).is_err());
}

#[test]
fn a_surrounded_citadel_recruits_nothing_and_walls_stay_away() {
    let mut g = start();
    // Blue warriors on every side of Orange's c7.
    put(&mut g, 1, &["b7", "d7", "c6", "c8"]);
    g.start_turn();
    let c7 = c(&g, "c7");
    assert!(g.citadel_surrounded(c7));
    assert!(g.check(CitadelMove::Recruit(c(&g, "c6"))).is_err());
    // Face d8 (d8 e8 d9 e9) is next to Orange's f8 and would be legal, but its
    // corner d8 touches d7, a warrior besieging the citadel: closed.
    put(&mut g, 0, &["f8"]);
    let d8 = g.face_of(c(&g, "d8")).unwrap();
    assert!(g
        .check_wall(d8)
        .unwrap_err()
        .to_string()
        .contains("surrounded"));
    // A wall or an empty side means not surrounded.
    let d7 = c(&g, "d7");
    g.warrior[d7 as usize] = NONE;
    assert!(!g.citadel_surrounded(c7));
}

#[test]
fn at_most_a_hundred_warriors() {
    let mut g = start();
    let mut n = g.warrior.iter().filter(|&&w| w != NONE).count();
    for cell in 0..g.warrior.len() {
        if n >= MAX_WARRIORS {
            break;
        }
        let x = cell as CellId;
        let (col, _) = g.xr(x);
        if g.warrior[cell] == NONE && g.citadel[cell].is_none() && col >= 4 {
            g.warrior[cell] = 1;
            n += 1;
        }
    }
    assert_eq!(n, MAX_WARRIORS);
    let e = g.check(CitadelMove::Recruit(c(&g, "c4"))).unwrap_err();
    assert!(e.to_string().contains("100 warriors"), "{e}");
}
