//! The model's tests, by concern; the helpers they share are here.

mod analysis;
mod computer;
mod lessons;
mod links;
mod review;
mod roster;
mod routes;
mod sync;

/// The record's word for a seat played on another device.
const REMOTE: &str = SeatPlayer::REMOTE;
use super::*;
use crate::storage::MemoryStore;

fn fresh() -> AppState {
    AppState::load(&mut MemoryStore::default(), "", 1.0)
}

fn first_game() -> Record {
    games::new_record(games::infos()[0].id).unwrap()
}

/// A change and the effects it asks for, as the app's runner makes them: each
/// action applied in turn, its storage effects performed in `store`, and what
/// they answer applied after.
fn act(s: &mut AppState, store: &mut dyn Store, action: Action) {
    act_at(s, store, action, 5.0);
}

fn act_at(s: &mut AppState, store: &mut dyn Store, action: Action, now: f64) {
    let mut actions = std::collections::VecDeque::from([action]);
    while let Some(a) = actions.pop_front() {
        for e in s.apply(a, now) {
            actions.extend(s.perform(&e, store));
        }
    }
}

/// The effect [`Effect::Save`] performed, and its answers applied.
fn save(s: &mut AppState, store: &mut dyn Store) {
    for a in s.perform(&Effect::Save, store) {
        act(s, store, a);
    }
}

/// The open game's last entry.
fn last_move(s: &AppState) -> Option<&str> {
    let g = s.table.game.as_ref()?;
    g.record().moves.last().map(String::as_str)
}

/// What the board says now, in words.
fn said(s: &AppState) -> String {
    s.table
        .feedback
        .message
        .as_ref()
        .map(Said::words)
        .unwrap_or_default()
}

/// Another tab's change to `key`, as its storage event brings it.
fn event(s: &mut AppState, store: &MemoryStore, key: &str) {
    s.apply(
        Action::Stored {
            key: key.into(),
            value: store.get(key),
            lost: false,
        },
        5.0,
    );
}

fn play(s: &mut AppState, store: &mut dyn Store, cell: &str) {
    let g = s.table.game.as_ref().unwrap();
    let mut r = g.record().clone();
    r.moves.push(cell.into());
    let id = g.id().to_string();
    // The move as the other tab's own reducer would make it: through the game.
    let next = games::open(id, r, vec![], 5.0).unwrap();
    next.synced().set(g.synced().get());
    s.table.game = Some(Rc::from(next));
    save(s, store);
}

fn against(seats: &[&str]) -> AppState {
    let mut s = fresh();
    let mut r = first_game();
    r.seats = seats.iter().map(|x| x.to_string()).collect();
    s.apply(Action::Start(r), 1.0);
    s
}

fn answer(s: &mut AppState, action: &str) {
    let key = s.position_key().unwrap();
    s.apply(
        Action::Computer(ComputerMsg::Answer {
            key,
            hint: false,
            action: Some(action.into()),
        }),
        2.0,
    );
}
