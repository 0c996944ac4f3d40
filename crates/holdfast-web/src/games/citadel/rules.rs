//! Citadel's rules page, in our own words, with diagrams of one corner of a board
//! (strengths, walls, a siege) drawn by the game's own board view.

use holdfast_rules::citadel::Citadel;
use holdfast_rules::geometry::geometry;
use holdfast_rules::{CellId, Game, Seat};
use yew::prelude::*;

use super::board_view;
use crate::board::SEAT_NAMES;
use crate::widgets::figure;

fn diagram(g: &Citadel, around: &[&str], caption: &str) -> Html {
    let geo = geometry(g.board());
    let names = |s: Seat| SEAT_NAMES[s as usize].to_string();
    let cells: Vec<CellId> = around.iter().filter_map(|n| g.board().cell(n)).collect();
    let view = board_view(g, &geo, None, None, &names, false, true).cropped(&cells);
    figure(view, caption)
}

/// The rules of Citadel, in our own words.
#[function_component(Rules)]
pub fn rules() -> Html {
    let strength = Citadel::from_position(
        13,
        &[("d5", 0), ("e5", 0), ("e6", 0), ("f5", 1)],
        &[("e5", Some(0))],
        &[],
        0,
    );
    let walls = Citadel::from_position(13, &[("c4", 0), ("f6", 1)], &[], &["d4", "e4", "d5"], 0);
    let siege = Citadel::from_position(
        13,
        &[
            ("e5", 1),
            ("e6", 1),
            ("d5", 0),
            ("f5", 0),
            ("e4", 0),
            ("d6", 0),
            ("f6", 0),
            ("e7", 0),
        ],
        &[],
        &[],
        0,
    );
    html! {
        <article class="rules">
            <h1>{"Citadel"}</h1>
            <p>{"Thomas Gale's game, as João Pedro Neto wrote it down, on a Go board: warriors and citadels stand on the points, walls on the squares between them."}</p>
            <h2>{"Setup"}</h2>
            <p>{"Players place nine neutral citadels in turn, each at least two points from every edge and never beside another. Then the draft: the second player picks first, and each takes three; a warrior of the picker stands on each citadel taken. Three stay neutral. The first player starts the play."}</p>
            <h2>{"A turn"}</h2>
            <p>{"You have one credit for each citadel you control at the start of the turn; unspent credits are lost. Do any of these, in any order, while credits last:"}</p>
            <ul>
                <li><strong>{"Build a wall"}</strong>{" (1): on a square with no wall, none of whose four corners holds a warrior or a citadel, next to one of your warriors. A wall covers its four corners: nothing moves or recruits onto them."}</li>
                <li><strong>{"Destroy a wall"}</strong>{" (1): with a warrior next to a point it covers, whose strength is at least the wall's. Equal: your warrior is destroyed too."}</li>
                <li><strong>{"Recruit"}</strong>{" (2): a warrior on an empty point next to a citadel you control; never more than 100 warriors on the board."}</li>
                <li><strong>{"Move"}</strong>{" (1 a point): to a neighbouring empty point. Entering a citadel takes it (its credit counts from your next turn); a citadel stays yours when you leave it, until an enemy enters."}</li>
                <li><strong>{"Attack"}</strong>{" (free): a neighbouring enemy warrior of strength no greater than yours is removed; equal strengths remove both. The attacker and the friends beside it are then used: they cannot attack again this turn."}</li>
                <li><strong>{"Siege"}</strong>{" (free): take up to two enemy warriors a turn from groups that were surrounded (no empty point beside the group) when your turn began."}</li>
            </ul>
            <h2>{"Strength"}</h2>
            <p>{"A warrior: 1, plus 1 for each friendly warrior beside it, plus 1 on a citadel. A wall: 1, plus 1 for each wall on a square sharing an edge with it."}</p>
            <div class="diagrams">
                if let Ok(g) = &strength { { diagram(g, &["d5", "f5", "e6", "e4"], "Orange's e5 stands on its citadel with two friends: strength 4. Blue's lone f5: strength 1.") } }
                if let Ok(g) = &walls { { diagram(g, &["c4", "f6", "d4", "e5"], "Three walls: d4 and d5 touch each other and e4, so they have strength 2 and e4 has 2.") } }
                if let Ok(g) = &siege { { diagram(g, &["e5", "e6", "d6", "f5"], "Blue's pair e5\u{2013}e6 has no empty point beside it: surrounded (\u{2694}). Next turn Orange may take both by siege.") } }
            </div>
            <h2>{"Surrounded citadels"}</h2>
            <p>{"A citadel is surrounded when every point beside it is under a wall or holds an enemy warrior, at least one a warrior. Its controller cannot recruit there, nor build a wall on a square any of whose corners touches one of those enemy warriors."}</p>
            <h2>{"Winning"}</h2>
            <p>{"The moment you control two citadels more than your opponent, you win, and the turn ends there. Players may also agree to a draw between turns: the player to move offers it (once a turn) and the other accepts or declines. Played by link, the offer and the answer travel in the link like moves."}</p>
            <h2>{"On the screen"}</h2>
            <p>{"Tap one of your warriors to select it: dots mark where it can move, ringed crosses what it can attack, dashed squares where a wall can go beside it. Strengths show on the pieces of every possible attack, on the selected warrior and on walls near it, and everywhere with \u{201c}Show every strength\u{201d}. Used warriors are faded. Undo takes back actions until you end the turn. The setup and the draft mark the points you can choose."}</p>
        </article>
    }
}
