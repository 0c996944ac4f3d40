//! Looking back over the open game: where a step through its moves goes, and the
//! replay that steps by itself. Which position is shown lives in the game itself;
//! this sub-model says where to go, and the model that composes it goes there.
//! It knows nothing of the rest of the model.

/// A step through the moves played: to the start, one back, one on, to the end
/// (the live position).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Review {
    First,
    Previous,
    Next,
    Last,
}

/// The position a review step shows (`None`: the live one), from the one shown
/// now, `shown` entries of `n` in.
pub fn review_target(step: Review, shown: usize, n: usize) -> Option<usize> {
    let at = match step {
        Review::First => 0,
        Review::Previous => shown.saturating_sub(1),
        Review::Next => shown + 1,
        Review::Last => n,
    };
    (at < n).then_some(at)
}

/// Looking back: the replay's state.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Replay {
    /// Replaying, a move every this many ms (the app's timer steps it).
    pub on: Option<u32>,
    /// The replay's speed, ms a move, kept while it stops and starts.
    pub ms: u32,
}

impl Default for Replay {
    fn default() -> Replay {
        Replay { on: None, ms: 1000 }
    }
}

/// What looking back is asked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReviewMsg {
    /// Show the position after so many entries (`None`: the game now).
    View(Option<usize>),
    /// A step (the buttons beside the move list, the arrow keys).
    Step(Review),
    /// Start replaying (from the start, when on the game now) at so many ms a
    /// move, or stop.
    Replay(Option<u32>),
    /// The replay's speed.
    Speed(u32),
    /// The replay's next move (its timer); it stops at the game now.
    Tick,
}

/// The open game as looking back sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shown {
    /// Entries that lead to the position shown.
    pub shown: usize,
    /// Entries played.
    pub moves: usize,
    /// A past position is shown.
    pub viewing: bool,
    /// The play screen is up.
    pub on_play_screen: bool,
}

/// Where to go: the position to show (`None`: the game now), and the replay to
/// run once it shows (showing another position stops a replay).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Go {
    pub to: Option<usize>,
    pub then: Option<u32>,
}

impl Replay {
    /// Applies a message about the open game (`None`: no game open); returns
    /// where to go, if anywhere.
    pub fn update(&mut self, msg: ReviewMsg, game: Option<Shown>) -> Option<Go> {
        let g = game?;
        let go = |to| Some(Go { to, then: None });
        match msg {
            ReviewMsg::View(to) => go(to),
            ReviewMsg::Step(step) if g.on_play_screen => go(review_target(step, g.shown, g.moves)),
            ReviewMsg::Step(_) => None,
            ReviewMsg::Replay(None) => {
                self.on = None;
                None
            }
            // On the game now, the replay starts from the start (if it has one).
            ReviewMsg::Replay(Some(ms)) if !g.viewing => Some(Go {
                to: Some(0),
                then: (g.moves > 0).then_some(ms),
            }),
            ReviewMsg::Replay(on) => {
                self.on = on;
                None
            }
            ReviewMsg::Speed(ms) => {
                self.ms = ms.clamp(100, 10_000);
                self.on = self.on.map(|_| self.ms);
                None
            }
            ReviewMsg::Tick if !g.on_play_screen => None,
            ReviewMsg::Tick => {
                let on = self.on?;
                let to = review_target(Review::Next, g.shown, g.moves);
                Some(Go {
                    to,
                    then: to.map(|_| on),
                })
            }
        }
    }

    /// Stops replaying (the position changed some other way).
    pub fn stop(&mut self) {
        self.on = None;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(shown: usize, moves: usize) -> Option<Shown> {
        Some(Shown {
            shown,
            moves,
            viewing: shown < moves,
            on_play_screen: true,
        })
    }

    #[test]
    fn steps_go_where_the_buttons_say() {
        use Review::*;
        assert_eq!(review_target(First, 5, 5), Some(0));
        assert_eq!(review_target(Previous, 5, 5), Some(4));
        assert_eq!(review_target(Previous, 0, 5), Some(0));
        assert_eq!(review_target(Next, 3, 5), Some(4));
        assert_eq!(
            review_target(Next, 4, 5),
            None,
            "one on from the last is live"
        );
        assert_eq!(review_target(Last, 2, 5), None);
        assert_eq!(review_target(First, 0, 0), None, "no moves: live");
        let mut r = Replay::default();
        assert_eq!(r.update(ReviewMsg::Step(First), None), None, "no game");
        let off_screen = Shown {
            on_play_screen: false,
            ..at(3, 5).unwrap()
        };
        assert_eq!(r.update(ReviewMsg::Step(First), Some(off_screen)), None);
    }

    /// A replay starts from the start, steps on by its timer at its pace, keeps
    /// its speed while stopped, and stops at the game now.
    #[test]
    fn a_replay_runs_from_the_start_to_the_game_now() {
        let mut r = Replay::default();
        let go = r.update(ReviewMsg::Replay(Some(500)), at(3, 3)).unwrap();
        assert_eq!((go.to, go.then), (Some(0), Some(500)));
        r.on = go.then;
        let go = r.update(ReviewMsg::Tick, at(0, 3)).unwrap();
        assert_eq!((go.to, go.then), (Some(1), Some(500)));
        assert_eq!(r.update(ReviewMsg::Speed(50), at(1, 3)), None);
        assert_eq!((r.on, r.ms), (Some(100), 100), "at most ten moves a second");
        let go = r.update(ReviewMsg::Tick, at(2, 3)).unwrap();
        assert_eq!((go.to, go.then), (None, None), "the game now: it stops");
        r.stop();
        assert_eq!(r.update(ReviewMsg::Tick, at(3, 3)), None);
        // Already looking back: it replays from there.
        assert_eq!(r.update(ReviewMsg::Replay(Some(300)), at(1, 3)), None);
        assert_eq!(r.on, Some(300));
        assert_eq!(r.update(ReviewMsg::Replay(None), at(1, 3)), None);
        assert_eq!((r.on, r.ms), (None, 100));
        // No moves to replay.
        let go = r.update(ReviewMsg::Replay(Some(300)), at(0, 0)).unwrap();
        assert_eq!(go.then, None);
    }
}
