//! Fortress's rules page, in our own words, with diagrams of a capture on the classic
//! board.

use holdfast_rules::fortress::{Fortress, FortressSetup};
use holdfast_rules::Record;
use yew::prelude::*;

use crate::game_ui::record_diagram;

fn diagram(moves: &[&str], caption: &str) -> Html {
    let record = Record {
        moves: moves.iter().map(|s| s.to_string()).collect(),
        ..Record::new::<Fortress>(&FortressSetup::default())
    };
    record_diagram::<Fortress>(record, caption)
}

/// The rules of Fortress, in our own words.
#[function_component(Rules)]
pub fn rules() -> Html {
    html! {
        <article class="rules">
            <h1>{"Fortress"}</h1>
            <p>{"A game of pressure for 2 to 4 players on any map: squares, hexes or regions. Generalised by its author from the SSI computer game of 1983."}</p>
            <h2>{"Your move"}</h2>
            <p>{"Place one piece in an area that is empty, or that holds only your pieces and is not full (3 pieces, unless the map says otherwise). You can never place into an area another player holds. Or pass: with a move limit, a pass uses one of your moves."}</p>
            <h2>{"Captures"}</h2>
            <p>{"After you place, look at every area an opponent holds, anywhere on the board. Its defence is its own pieces plus the holder's pieces in the areas next to it (plus 1 on a mountain). Your attack is your pieces in the areas next to it. If your attack is greater than its defence, all its pieces are removed. Removing pieces weakens their neighbours, so captures can chain: keep going until nothing more falls. An area you leave in danger on your own move stands until your opponent's next placement."}</p>
            <p>{"Only sides touching \u{2014} never corners."}</p>
            <div class="diagrams">
                { diagram(&["c3", "c4", "b5", "c5", "d5", "a1", "b4", "a2"], "Before: Blue's c4 has defence 2 (itself and c5); Orange attacks it with 2 (c3, b4).") }
                { diagram(&["c3", "c4", "b5", "c5", "d5", "a1", "b4", "a2", "d4"], "Orange plays d4: attack 3 beats 2, c4 falls, and c5, now alone against b5 and d5, falls too.") }
            </div>
            <h2>{"The end and the score"}</h2>
            <p>{"The game ends when every player has passed in a row, or when everyone has used their moves (21 each on the classic board). Each area you hold scores its value (usually 1; sea 0). An empty area scores for the player with strictly the most pieces next to it; a tie scores for nobody (the board marks it \u{2694}). The tint on the board shows, at every moment, whom each area counts for. Highest total wins; equal totals draw."}</p>
            <p>{"Moving first is a big advantage: play games in pairs (the end-of-game panel offers the rematch with the other player first), or use the pie rule."}</p>
            <h2>{"Three or four players"}</h2>
            <p>{"Turns go round in seat order. A capture counts only the player moving and the area's holder: a third player's pieces next to the area neither help nor hinder."}</p>
            <h2>{"Maps"}</h2>
            <p>{"Classic 6x6 (21 moves each), 8x8, 10x10, a hexagon (six neighbours per cell), the Archipelago with seas (worth 0, room for 1 piece) and mountains (+1 defence), and generated region maps from a map number that the game records, so a shared game shows the same map. A small number in an area's corner is its value when it is not 1."}</p>
            <h2>{"Options"}</h2>
            <ul>
                <li><strong>{"Pie rule"}</strong>{": after the first piece, the second player may swap instead of moving: the two players trade colours (and names), the piece stays, and the player who now has the second colour moves. The swap uses no move."}</li>
                <li><strong>{"Dice attacks"}</strong>{": no automatic captures. Instead of placing, you may attack an enemy area next to one of your pieces: you add a die to your pieces next to it; the holder adds a die to its defence. Higher attack: the defenders go and one of your pieces moves in. Higher defence: you remove one of your pieces next to it (your choice, by tapping it). A tie: nothing happens. The dice come from the game's seed, so replays are exact."}</li>
                <li><strong>{"1983 rules"}</strong>{" (2 players, classic board, 1 to 54 moves each): after every placement, every area of either side whose attack exceeds its defence is cleared at once, without chains \u{2014} so a piece placed into danger is legal, counts while the move is judged, and may fall along with the enemy pieces it helped to clear. Scoring: your influence on an area is your pieces in it and next to it; the area goes to the greater influence, a tie to nobody (besieged, marked \u{2694})."}</li>
            </ul>
            <h2>{"On the board"}</h2>
            <p>{"Pieces have a shape per player (circle, square, triangle, diamond) as well as a colour. The dot marks where you can play; the ring shows the last move; removed pieces fade out. With confirm-tap on, the first tap shows your piece as a ghost and a second tap on the same area plays it. Keyboard: Tab to the board, move between areas with the arrow keys, Enter to play, Escape to let go."}</p>
        </article>
    }
}
