//! Small pieces every game's screens share.

use holdfast_rules::Seat;
use web_sys::HtmlInputElement;
use yew::prelude::*;

use std::rc::Rc;

use crate::board::{seat_colour, Board, BoardView, SEAT_NAMES, SEAT_SHAPES};

/// A rules-page diagram: a board drawn by the board component, with its caption.
pub fn figure(view: BoardView, caption: &str) -> Html {
    html! {
        <figure class="diagram">
            <Board view={Rc::new(view)} title={AttrValue::from(caption.to_string())} />
            <figcaption>{ caption.to_string() }</figcaption>
        </figure>
    }
}

/// The longest name kept.
pub const NAME_LEN: usize = 24;

/// One text field a seat for the players' names, each with its colour swatch.
pub fn name_fields(
    names: &UseStateHandle<Vec<String>>,
    players: usize,
    placeholders: &[&str],
) -> Html {
    let fields = (0..players).map(|i| {
        let value = names.get(i).cloned().unwrap_or_default();
        let names = names.clone();
        let oninput = Callback::from(move |e: InputEvent| {
            let mut n = (*names).clone();
            n.resize(n.len().max(i + 1), String::new());
            n[i] = e.target_unchecked_into::<HtmlInputElement>().value();
            names.set(n);
        });
        let placeholder = placeholders.get(i).copied().unwrap_or(SEAT_NAMES[i % SEAT_NAMES.len()]).to_string();
        html! {
            <label class="name-field">
                <span class="swatch" style={format!("background:{}", seat_colour(i as Seat))} aria-hidden="true"></span>
                <span class="visually-hidden">{ format!("Name of player {} ({}, {})", i + 1, placeholder, SEAT_SHAPES[i % SEAT_SHAPES.len()]) }</span>
                <input type="text" maxlength="24" placeholder={placeholder.clone()} value={value} oninput={oninput} data-seat={i.to_string()} />
            </label>
        }
    });
    html! {
        <fieldset class="field names">
            <legend>{"Names"}</legend>
            { for fields }
        </fieldset>
    }
}

/// The names a record keeps: what was typed (trimmed, at most [`NAME_LEN`]
/// characters), else the placeholder.
pub fn final_names(names: &[String], players: usize, placeholders: &[&str]) -> Vec<String> {
    (0..players)
        .map(|i| {
            let typed = names.get(i).map(|n| n.trim()).unwrap_or("");
            if typed.is_empty() {
                placeholders
                    .get(i)
                    .copied()
                    .unwrap_or(SEAT_NAMES[i % SEAT_NAMES.len()])
                    .to_string()
            } else {
                typed.chars().take(NAME_LEN).collect()
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_trimmed_cut_and_defaulted() {
        let typed = vec!["  Ann ".to_string(), String::new(), "x".repeat(40)];
        assert_eq!(
            final_names(&typed, 3, &["Tan", "Dark Green", "Pale Green"]),
            vec!["Ann", "Dark Green", &"x".repeat(24)]
        );
        assert_eq!(final_names(&[], 2, &[]), vec!["Orange", "Blue"]);
    }
}
