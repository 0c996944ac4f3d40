//! Games handed over: imported files, links of games already here, play by link on two or three devices.

use super::*;

/// A game handed over as text, JSON or a link opens; a bad one says what and
/// where, and the saved games stay as they were.
#[test]
fn imported_records_open_or_say_what_is_wrong() {
    let mut s = fresh();
    s.apply(Action::Start(first_game()), 1.0);
    let saved = s.library.saves.len();
    let text = "Holdfast game record\ngame: fortress\n\n1. c3\n2. d4\n";
    s.apply(
        Action::Import {
            text: text.into(),
            from: "game.txt".into(),
        },
        2.0,
    );
    let g = s.table.game.as_ref().unwrap();
    assert_eq!(g.record().moves, ["c3", "d4"]);
    assert_eq!(
        s.notice.as_ref().unwrap().words(),
        "Opened the game in game.txt."
    );
    let open = g.id().to_string();
    s.apply(
        Action::Import {
            text: "game: fortress\n\n1. c3\n3. d4\n".into(),
            from: "the pasted text".into(),
        },
        3.0,
    );
    let notice = s.notice.as_ref().unwrap();
    assert!(notice.is_error());
    assert!(
        notice
            .words()
            .starts_with("Could not open the pasted text: line 4: move 3 is out of order"),
        "{}",
        notice.words()
    );
    assert_eq!(s.table.game.as_ref().unwrap().id(), open);
    assert!(s.library.saves.len() >= saved);
    // An illegal move: the rules' sentence, with the move's place.
    s.apply(
        Action::Import {
            text: r#"{"game":"fortress","moves":["c3","zz"]}"#.into(),
            from: "game.json".into(),
        },
        4.0,
    );
    let notice = s.notice.as_ref().unwrap();
    assert!(
        notice.is_error() && notice.words().contains("move 2 (zz)"),
        "{}",
        notice.words()
    );
}

/// A link of a game already here (its game id) updates it when ahead, and is
/// explained when behind, the same, or gone another way (then it opens beside).
#[test]
fn links_of_a_game_already_here_update_it_or_say_why_not() {
    let mut s = fresh();
    let mut r = games::new_record("fortress").unwrap();
    r.moves = vec!["c3".into(), "d4".into()];
    s.apply(Action::Start(r), 1.0);
    let mine = s.table.game.as_ref().unwrap().record().clone();
    let gid = mine.id.clone().expect("a new game has a game id");
    let local_id = s.table.game.as_ref().unwrap().id().to_string();
    let link_with = |moves: &[&str]| {
        let mut r = mine.clone();
        r.moves = moves.iter().map(|m| m.to_string()).collect();
        link::encode(&r)
    };
    let moves = |s: &AppState| s.table.game.as_ref().unwrap().record().moves.clone();
    let said = |s: &AppState| s.notice.as_ref().unwrap().words();
    // Ahead: the same game (same saved id) moves on.
    s.apply(Action::OpenLink(link_with(&["c3", "d4", "b2"])), 2.0);
    assert_eq!(moves(&s), ["c3", "d4", "b2"]);
    assert_eq!(s.table.game.as_ref().unwrap().id(), local_id);
    assert!(
        said(&s).contains("up to date: 1 move from the link"),
        "{}",
        said(&s)
    );
    // Behind: unchanged.
    s.apply(Action::OpenLink(link_with(&["c3"])), 3.0);
    assert_eq!(moves(&s), ["c3", "d4", "b2"]);
    assert!(said(&s).contains("stops at move 1 of 3"), "{}", said(&s));
    // The same: unchanged, said so; from the home page too (the copy in the list).
    s.apply(Action::Home, 4.0);
    s.apply(Action::OpenLink(link_with(&["c3", "d4", "b2"])), 4.0);
    assert_eq!(s.table.game.as_ref().unwrap().id(), local_id);
    assert!(said(&s).contains("already up to date"), "{}", said(&s));
    // Gone another way after move 2: a game of its own beside the copy.
    s.apply(Action::OpenLink(link_with(&["c3", "d4", "e5", "f6"])), 5.0);
    assert_eq!(moves(&s), ["c3", "d4", "e5", "f6"]);
    let fork = s.table.game.as_ref().unwrap();
    assert_ne!(fork.id(), local_id);
    // Under the same game id: the other device goes on from the link's line.
    assert_eq!(fork.record().id.as_deref(), Some(gid.as_str()));
    assert!(
        said(&s).contains("another way than your copy after move 2"),
        "{}",
        said(&s)
    );
    let kept = s.library.saves.iter().find(|g| g.id == local_id).unwrap();
    assert_eq!(kept.record.moves, ["c3", "d4", "b2"]);
    // Its next link continues the link's line: that copy moves on, no third one.
    let fork_id = fork.id().to_string();
    let games = s.library.saves.len();
    s.apply(
        Action::OpenLink(link_with(&["c3", "d4", "e5", "f6", "a1"])),
        6.0,
    );
    assert_eq!(s.table.game.as_ref().unwrap().id(), fork_id);
    assert_eq!(moves(&s).len(), 5);
    assert_eq!(s.library.saves.len(), games);
    // A resignation is the game's last move: a link without it is behind.
    let mut resigned = s.table.game.as_ref().unwrap().record().clone();
    resigned.resigned = s.table.game.as_ref().unwrap().to_move();
    s.apply(Action::OpenLink(link::encode(&resigned)), 7.0);
    assert!(
        said(&s).contains("the other player resigned"),
        "{}",
        said(&s)
    );
    assert!(s.table.game.as_ref().unwrap().is_over());
    s.apply(
        Action::OpenLink(link_with(&["c3", "d4", "e5", "f6", "a1"])),
        8.0,
    );
    assert!(said(&s).contains("behind your copy"), "{}", said(&s));
    assert!(s.table.game.as_ref().unwrap().is_over());
}

/// Play by link: a game first opened from a link is played here for the seats
/// the sender left to another device, and the board refuses the other seats'
/// turns; later links of it keep this device's seats.
#[test]
fn a_linked_games_remote_seats_are_played_here_and_others_refused() {
    let mut s = fresh();
    let mut r = games::new_record("fortress").unwrap();
    r.seats = vec!["person".into(), REMOTE.into()];
    r.id = Some("g1".into());
    r.moves = vec!["c3".into()];
    s.apply(Action::OpenLink(link::encode(&r)), 1.0);
    let g = s.table.game.as_ref().unwrap();
    assert_eq!(g.record().seats, [REMOTE, "person"]);
    assert_eq!(
        s.player_to_move().map(|p| p.word()).as_deref(),
        Some("person")
    );
    // Seat 1 plays here; then seat 0's turn is the other device's.
    let cell = |s: &AppState, name: &str| {
        let g = s.table.game.as_ref().unwrap();
        let r = g.record();
        let board = holdfast_rules::catalogue::with_game(&r.game, CellOf(r.clone(), name.into()));
        board.flatten().unwrap()
    };
    struct CellOf(Record, String);
    impl holdfast_rules::catalogue::GameFn for CellOf {
        type Out = Option<holdfast_rules::CellId>;
        fn call<G: holdfast_rules::Game>(self) -> Self::Out {
            let g: G = self.0.start().ok()?;
            g.board().cell(&self.1)
        }
    }
    s.apply(Action::Game(Input::Tap(cell(&s, "d4"))), 2.0);
    assert_eq!(s.table.game.as_ref().unwrap().record().moves, ["c3", "d4"]);
    assert_eq!(
        s.player_to_move().map(|p| p.word()).as_deref(),
        Some(REMOTE)
    );
    s.apply(Action::Game(Input::Tap(cell(&s, "b2"))), 3.0);
    assert_eq!(s.table.game.as_ref().unwrap().record().moves, ["c3", "d4"]);
    assert_eq!(s.table.feedback.message, Some(Said::RemoteTurn));
    // The other device's move cannot be taken back here; this device's can.
    r.moves = vec!["c3".into(), "d4".into(), "b2".into()];
    s.apply(Action::OpenLink(link::encode(&r)), 3.5);
    assert!(s.table.game.as_ref().unwrap().last_is_remote());
    s.apply(Action::Undo, 3.6);
    assert_eq!(s.table.game.as_ref().unwrap().record().moves.len(), 3);
    assert_eq!(s.table.feedback.message, Some(Said::RemoteUndo));
    // The sender's next link: moves taken, this device's seats kept.
    s.apply(Action::OpenLink(link::encode(&r)), 4.0);
    let g = s.table.game.as_ref().unwrap();
    assert_eq!(g.record().moves, ["c3", "d4", "b2"]);
    assert_eq!(g.record().seats, [REMOTE, "person"]);
}

/// Redo plays an entry like any other: an offer standing is set aside, so the
/// record stays one that opens again. A link that cannot be opened changes no
/// seat of the game open before it.
#[test]
fn redo_sets_an_offer_aside_and_a_refused_link_leaves_the_open_game_be() {
    use crate::games::fort::Command as FortCommand;
    let mut s = fresh();
    let mut r = games::new_record("fort").unwrap();
    r.moves = vec!["@e2".into()];
    r.seats = vec!["person".into(), "person".into()];
    s.apply(Action::OpenLink(link::encode(&r)), 1.0);
    s.apply(Action::Undo, 2.0);
    s.apply(
        Action::Game(Input::command(FortCommand::OfferCount(true))),
        3.0,
    );
    assert!(s.table.game.as_ref().unwrap().record().offer.is_some());
    s.apply(Action::Redo, 4.0);
    let g = s.table.game.as_ref().unwrap();
    assert_eq!(g.record().moves, ["@e2"]);
    assert_eq!(g.record().offer, None);
    assert!(games::open("x".into(), g.record().clone(), vec![], 5.0).is_ok());
    // A three-seat link with a move no rules allow: refused, the open game as it was.
    let before = s.table.game.as_ref().unwrap().record().clone();
    let mut bad = games::new_record("fortress").unwrap();
    bad.setup["players"] = 3.into();
    bad.seats = vec![REMOTE.into(), REMOTE.into(), REMOTE.into()];
    bad.moves = vec!["zz".into()];
    s.apply(
        Action::Import {
            text: bad.to_json(),
            from: "a file".into(),
        },
        6.0,
    );
    assert!(s.notice.as_ref().is_some_and(|n| n.is_error()));
    assert_eq!(s.table.game.as_ref().unwrap().record(), &before);
    assert_ne!(s.table.dialog, Some(Dialog::ChooseSeats));
}

/// Play by link on three devices: a link first opened here with more than one
/// seat left to others plays the seat to move here and asks about the rest;
/// each device keeps its own seats as the game goes round.
#[test]
fn a_game_on_three_devices_asks_which_seats_are_played_here() {
    let mut r = games::new_record("fortress").unwrap();
    r.setup["players"] = 3.into();
    r.seats = vec!["person".into(), REMOTE.into(), REMOTE.into()];
    r.id = Some("g3".into());
    r.moves = vec!["c3".into()];
    let seats = |s: &AppState| s.table.game.as_ref().unwrap().record().seats.clone();
    let send = |s: &AppState| link::encode(s.table.game.as_ref().unwrap().record());
    // Bo's device: seat 1 is to move, so it is played here; Cy's is asked.
    let mut b = fresh();
    b.apply(Action::OpenLink(link::encode(&r)), 1.0);
    assert_eq!(seats(&b), [REMOTE, "person", REMOTE]);
    assert_eq!(b.table.dialog, Some(Dialog::ChooseSeats));
    assert_eq!(
        b.player_to_move().map(|p| p.word()).as_deref(),
        Some("person")
    );
    b.apply(Action::ChooseSeats(false), 1.5);
    b.table.game_mut().unwrap().play_text("d4", 2.0).unwrap();
    // Cy's device: the seats Bo left to others are Ann's and Cy's.
    let mut c = fresh();
    c.apply(Action::OpenLink(send(&b)), 3.0);
    assert_eq!(seats(&c), [REMOTE, REMOTE, "person"]);
    assert_eq!(c.table.dialog, Some(Dialog::ChooseSeats));
    c.table.game_mut().unwrap().play_text("b2", 4.0).unwrap();
    // Ann's turn comes back by link; Bo's device keeps its own seats.
    b.apply(Action::OpenLink(send(&c)), 5.0);
    assert_eq!(seats(&b), [REMOTE, "person", REMOTE]);
    assert_ne!(
        b.table.dialog,
        Some(Dialog::ChooseSeats),
        "asked only on the first open"
    );
    assert_eq!(
        b.player_to_move().map(|p| p.word()).as_deref(),
        Some(REMOTE)
    );
    // A seat can move to this device, and back.
    b.apply(Action::SeatHere(2, true), 6.0);
    assert_eq!(seats(&b), [REMOTE, "person", "person"]);
    b.apply(Action::SeatHere(2, false), 6.5);
    assert_eq!(seats(&b), [REMOTE, "person", REMOTE]);
    // With one seat left to others, it is played here without asking.
    let mut two = r.clone();
    two.setup["players"] = 2.into();
    two.seats.truncate(2);
    two.id = Some("g4".into());
    let mut d = fresh();
    d.apply(Action::OpenLink(link::encode(&two)), 7.0);
    assert_eq!(seats(&d), [REMOTE, "person"]);
    assert_ne!(d.table.dialog, Some(Dialog::ChooseSeats));
    // A game without remote seats opens as it was sent.
    let mut local = two.clone();
    local.seats = vec!["person".into(), "level1".into()];
    local.id = Some("g5".into());
    d.apply(Action::OpenLink(link::encode(&local)), 8.0);
    assert_eq!(seats(&d), ["person", "level1"]);
}

/// Play by link, Fort's count: the offer travels to the other device, which
/// alone may answer; a declined offer travels back and the game goes on; the
/// accepted count ends the game on both devices. Undo cannot take back what the
/// other device did.
#[test]
fn an_offer_to_count_is_answered_on_the_other_device() {
    use crate::games::fort::Command as FortCommand;
    let cmd = |c: FortCommand| Action::Game(Input::command(c));
    let last_link = |s: &AppState| link::encode(s.table.game.as_ref().unwrap().record());
    let said = |s: &AppState| s.notice.as_ref().map(|n| n.words()).unwrap_or_default();
    let offer = |s: &AppState| s.table.game.as_ref().unwrap().record().offer;
    // Device A: Ann here, Bo on another device; one turn each is played.
    let mut a = fresh();
    let mut r = games::new_record("fort").unwrap();
    r.seats = vec!["person".into(), REMOTE.into()];
    r.id = Some("g2".into());
    r.moves = vec!["@e2".into(), "@f7".into()];
    a.apply(Action::OpenLink(link::encode(&r)), 1.0);
    // (First opened here: the seats swap, so swap them back for Ann's device.)
    assert_eq!(
        a.table.game.as_ref().unwrap().record().seats,
        [REMOTE, "person"]
    );
    let mut b = fresh();
    b.apply(Action::OpenLink(last_link(&a)), 1.5);
    assert_eq!(
        b.table.game.as_ref().unwrap().record().seats,
        ["person", REMOTE]
    );
    let (mut a, mut b) = (b, a);
    // A (seat 0 to move) offers: the board waits for B's answer.
    a.apply(cmd(FortCommand::OfferCount(true)), 2.0);
    assert_eq!(offer(&a).map(|o| (o.by, o.declined)), Some((0, false)));
    a.apply(cmd(FortCommand::AcceptCount), 2.1);
    assert!(
        !a.table.game.as_ref().unwrap().is_over(),
        "A cannot accept its own offer"
    );
    assert!(matches!(a.table.feedback.message, Some(Said::OfferAway(_))));
    // B: the offer arrives; B's Undo cannot take it back; B declines.
    b.apply(Action::OpenLink(last_link(&a)), 3.0);
    assert!(said(&b).contains("makes an offer"), "{}", said(&b));
    assert_eq!(offer(&b).map(|o| o.declined), Some(false));
    b.apply(Action::Undo, 3.1);
    assert!(offer(&b).is_some());
    b.apply(cmd(FortCommand::OfferCount(false)), 3.2);
    assert_eq!(offer(&b).map(|o| o.declined), Some(true));
    // Back on A: declined; the offer link again is behind; A plays on.
    let declined = last_link(&b);
    a.apply(Action::OpenLink(declined.clone()), 4.0);
    assert!(said(&a).contains("declined"), "{}", said(&a));
    assert_eq!(offer(&a).map(|o| o.declined), Some(true));
    let mut stale = a.table.game.as_ref().unwrap().record().clone();
    stale.offer.as_mut().unwrap().declined = false;
    a.apply(Action::OpenLink(link::encode(&stale)), 4.1);
    assert!(said(&a).contains("behind"), "{}", said(&a));
    a.apply(cmd(FortCommand::OfferCount(true)), 4.2);
    assert_eq!(offer(&a).map(|o| o.declined), Some(true), "once a turn");
    let g = a.table.game_mut().unwrap();
    let spawn = ["@d1", "@d2", "@e3", "@f1", "@f2"]
        .into_iter()
        .find(|m| g.play_text(m, 5.0).is_ok());
    assert!(spawn.is_some());
    assert_eq!(offer(&a), None, "playing on sets the answered offer aside");
    // B plays a turn, then offers; A accepts; the count ends the game on both.
    b.apply(Action::OpenLink(last_link(&a)), 6.0);
    let g = b.table.game_mut().unwrap();
    assert!(["@f6", "@f8", "@e7", "@e9", "@d8"]
        .into_iter()
        .any(|m| g.play_text(m, 6.5).is_ok()));
    b.apply(cmd(FortCommand::OfferCount(true)), 7.0);
    a.apply(Action::OpenLink(last_link(&b)), 8.0);
    a.apply(cmd(FortCommand::AcceptCount), 8.5);
    assert!(a.table.game.as_ref().unwrap().is_over());
    assert_eq!(last_move(&a), Some("count"));
    b.apply(Action::OpenLink(last_link(&a)), 9.0);
    assert!(b.table.game.as_ref().unwrap().is_over());
    assert!(said(&b).contains("1 move from the link"), "{}", said(&b));
}

/// A bad link, at start-up or while a game is open, leaves the open game open and
/// remembered as the one to come back to.
#[test]
fn a_bad_link_keeps_the_open_game() {
    let mut store = MemoryStore::default();
    let mut s = AppState::load(&mut store, "", 1.0);
    s.apply(Action::Start(first_game()), 1.0);
    let g = s.table.game.as_ref().unwrap();
    let id = g.id().to_string();
    storage::save(&mut store, &g.saved()).unwrap();
    storage::set_current(&mut store, Some(&id));
    for bad in ["g=this-is-not-a-game", "record=%7B"] {
        let s = AppState::load(&mut store, bad, 2.0);
        assert!(s.notice.as_ref().is_some_and(|n| n.is_error()), "{bad}");
        assert_eq!(
            s.table.game.as_ref().map(|g| g.id()),
            Some(id.as_str()),
            "{bad}"
        );
        assert_eq!(
            s.nav.screen,
            Screen::Home,
            "{bad}: the notice where the games are"
        );
    }
    let mut s = AppState::load(&mut store, "", 2.0);
    assert_eq!(s.nav.screen, Screen::Play);
    assert!(s.open_fragment("#g=AAAA", 3.0));
    assert_eq!(s.table.game.as_ref().map(|g| g.id()), Some(id.as_str()));
}

/// A record the rules refuse (a setup that is not an object of the game's own
/// fields with allowed values) gets a sentence in links and saved games alike, and
/// nothing saved is lost.
#[test]
fn bad_setups_are_refused_in_links_and_saved_games() {
    let bad = [
        serde_json::json!([13]),
        serde_json::json!(null),
        serde_json::json!({"size": 9}),
        serde_json::json!({"no_such_field": true}),
    ];
    for info in games::infos() {
        for setup in &bad {
            let record = Record {
                setup: setup.clone(),
                ..games::new_record(info.id).unwrap()
            };
            // A link.
            let mut store = MemoryStore::default();
            let s = AppState::load(&mut store, &link::encode(&record), 1.0);
            assert!(s.table.game.is_none(), "{} {setup}", info.id);
            let notice = s.notice.unwrap();
            assert!(
                notice.is_error() && notice.words().contains("setup"),
                "{}",
                notice.words()
            );
            // A saved game: set aside, not deleted.
            let saved = SavedGame {
                id: "g1".into(),
                record,
                redo: vec![],
                updated: 1.0,
                revision: 0,
                turn: vec![],
            };
            storage::save(&mut store, &saved).unwrap();
            let s = AppState::load(&mut store, "", 2.0);
            assert!(s.library.saves.is_empty());
            assert!(
                store.get("holdfast.corrupt.g1").is_some(),
                "{} {setup}",
                info.id
            );
        }
    }
}
