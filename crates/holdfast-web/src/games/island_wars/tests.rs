#[test]
fn every_map_has_its_title_in_ukrainian() {
    crate::i18n::speak_ukrainian_for_tests();
    for m in holdfast_rules::island_wars::MAPS {
        assert_ne!(super::map_title(m), m.title, "{}", m.id);
    }
}

#[test]
fn the_colour_names_are_the_rules_colours() {
    assert_eq!(super::COLOUR_NAMES, holdfast_rules::island_wars::COLOURS);
}

/// The rules' reasons name the pieces by these words ("You have no tower left to
/// place."): marked here for the catalogue, which says them in Ukrainian.
#[test]
fn the_pieces_words_are_marked() {
    use crate::i18n::n_;
    use holdfast_rules::island_wars::Kind;
    let words = [Kind::Barracks, Kind::Tower, Kind::Port].map(Kind::name);
    assert_eq!(words, [n_("barracks"), n_("tower"), n_("port")]);
}
