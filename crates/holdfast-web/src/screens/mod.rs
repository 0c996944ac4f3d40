//! The screens, the top layer: they read the app's state and send actions; games
//! reach them only through [`crate::game_ui::PlayedGame`].

pub mod bench;
pub mod home;
pub mod learn;
pub mod map_balance;
pub mod map_editor;
pub mod map_find;
pub mod map_regions;
pub mod maps;
pub mod play;
pub mod roster;

/// A click that sends `action`: one closure for every such button (a closure of each
/// button's own, through `Callback::reform`, is code of its own in the wasm).
pub fn click(
    dispatch: &yew::Callback<crate::model::Action>,
    action: crate::model::Action,
) -> yew::Callback<yew::MouseEvent> {
    let dispatch = dispatch.clone();
    yew::Callback::from(move |_: yew::MouseEvent| dispatch.emit(action.clone()))
}

/// Downloading a game's record as its JSON file (what `holdfast replay` and Open a
/// game read): the action, made when the button is pressed.
pub fn download_json(record: &holdfast_rules::Record, id: &str) -> crate::model::Action {
    let (name, text) = crate::widgets::record_json(record, id);
    crate::model::Action::Download {
        name,
        text,
        mime: "application/json",
    }
}
