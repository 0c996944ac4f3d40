//! What the app tells the player above the screen: typed values the model makes
//! ([`Notice`]), and their words, made only when a screen shows them (so a
//! notice is said in the language spoken when it is drawn, not when it was made).

use holdfast_rules::text::ReadError;

use crate::games::AnyOpenError;
use crate::i18n::{n_, t, tf, tp, Refusal, Words};
use crate::link::LinkError;

/// Where a game handed over came from.
#[derive(Clone, Debug, PartialEq)]
pub enum Source {
    /// A link, opened or pasted into the address bar.
    Link,
    /// A file, a drop or a paste, named as the screen named it ("game.json",
    /// "the pasted text").
    Named(String),
    /// Begun here: a new game, a rematch, a branch.
    Here,
}

/// Why a game handed over could not be opened.
#[derive(Clone, Debug, PartialEq)]
pub enum Unopenable {
    /// Its text is not a record (a file or a paste).
    Unreadable(ReadError),
    /// The record does not replay, or its setup is not a game.
    Open(AnyOpenError),
}

/// How the player's copy of a game changed when its link was opened.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum News {
    /// So many moves came with the link.
    Moves(usize),
    /// The other player resigned.
    Resigned,
    /// The player's offer was declined.
    Declined,
    /// The other player makes an offer.
    Offer,
}

/// A game was opened, and how.
#[derive(Clone, Debug, PartialEq)]
pub enum Opened {
    /// A link's game, new here.
    Link,
    /// A game from a file or a paste, named.
    Named(String),
    /// A rematch: the other player goes first.
    Rematch,
    /// A new game from this move of the game looked at.
    Branch(usize),
    /// A link's game that went another way than the copy here after this move:
    /// it opens beside it.
    Diverged(usize),
    /// The copy here, brought up to date by a link.
    Updated(News),
}

/// A message for the player above the screen.
#[derive(Clone, Debug, PartialEq)]
pub enum Notice {
    Opened(Opened),
    /// A game handed over could not be opened; the saved games are untouched.
    Refused {
        from: Source,
        why: Unopenable,
    },
    /// A link that cannot be read; the saved games are untouched.
    BadLink(LinkError),
    /// A link behind the copy here: it stops at move `theirs` of `mine`.
    Behind {
        theirs: usize,
        mine: usize,
    },
    /// The copy here is already up to date with the link.
    UpToDate,
    /// A saved game that does not open any more.
    SavedUnopenable,
    /// A computer's move was refused.
    ComputerRefused {
        action: String,
        error: Refusal,
    },
    /// The computer has no move it would make (only an agreement is left).
    ComputerNoMove,
    /// The computer could not think: the worker's reason (in English), or none
    /// when the worker did not answer.
    ComputerFailed(Option<String>),
    /// Saves start-up could not take: their storage keys, by kind.
    Startup {
        set_aside: Vec<String>,
        left: Vec<String>,
        newer: Vec<String>,
    },
    /// A game left unsaved here was changed (or deleted) in another tab: its
    /// moves made here since its last save are lost. `players`: its names.
    UnsavedLost {
        players: Vec<String>,
        deleted: bool,
    },
    /// The open game was deleted in another tab.
    DeletedElsewhere,
    /// The open game was changed in another tab over this tab's own change.
    ChangedElsewhere,
    /// The open game was played on in another tab.
    PlayedElsewhere,
}

/// How a refusal to open a game begins, unless it says where the game came from.
const CANNOT_OPEN: &str = n_("This game cannot be opened");

impl Notice {
    /// An error stays until dismissed; other news goes by itself.
    pub fn is_error(&self) -> bool {
        matches!(
            self,
            Notice::Refused { .. }
                | Notice::BadLink(_)
                | Notice::SavedUnopenable
                | Notice::ComputerRefused { .. }
                | Notice::ComputerFailed(_)
                | Notice::Startup { .. }
                | Notice::UnsavedLost { .. }
                | Notice::ChangedElsewhere
        )
    }

    /// The notice in words, in the language spoken now.
    pub fn words(&self) -> String {
        match self {
            Notice::Opened(o) => opened_words(o),
            Notice::Refused { from, why } => {
                let refused = match from {
                    Source::Named(name) => tf("Could not open {}", &[name]),
                    Source::Link | Source::Here => t(CANNOT_OPEN).to_string(),
                };
                let why = unopenable_words(why);
                tf(
                    "{}: {}. Your saved games are untouched.",
                    &[&refused, &why.trim_end_matches('.')],
                )
            }
            Notice::BadLink(e) => tf("{} Your saved games are untouched.", &[&e.words()]),
            Notice::Behind { theirs, mine } => tf(
                "This link is behind your copy of the game: it stops at move {} of {}. Your copy is unchanged.",
                &[theirs, mine],
            ),
            Notice::UpToDate => {
                t("Your copy of the game is already up to date with this link.").into()
            }
            Notice::SavedUnopenable => t("That saved game could not be opened.").into(),
            Notice::ComputerRefused { action, error } => tf(
                "The computer's move {} was refused ({}); the computers wait. Play on, or undo.",
                &[action, &error.sentence(&|x| tf("player {}", &[&(x + 1)]))],
            ),
            Notice::ComputerNoMove => t("The computer has no move it would make here (only an agreement is left): the computers wait. Play on for it, or undo.").into(),
            Notice::ComputerFailed(why) => tf(
                "The computer could not think about this position: {}. The computers wait; play on, or undo.",
                &[&why.as_deref().map_or_else(
                    || t("the computer's worker did not answer (it may not have loaded)").to_string(),
                    // (Said by the worker, which has no catalogue: as it is.)
                    str::to_string,
                )],
            ),
            Notice::Startup {
                set_aside,
                left,
                newer,
            } => startup_words(set_aside, left, newer),
            Notice::UnsavedLost { players, deleted } => {
                let name = players.join(t(" vs "));
                if *deleted {
                    tf(
                        "The game {}, which could not be saved here, was deleted in another tab, so its moves made here since its last save are lost.",
                        &[&name],
                    )
                } else {
                    tf(
                        "The game {}, which could not be saved here, was changed in another tab, so its moves made here since its last save are lost.",
                        &[&name],
                    )
                }
            }
            Notice::DeletedElsewhere => t("This game was deleted in another tab.").into(),
            Notice::ChangedElsewhere => t("This game was changed in another tab, so your last change here was not saved: it shows the game as that tab left it.").into(),
            Notice::PlayedElsewhere => {
                t("This game was played on in another tab: it shows those moves now.").into()
            }
        }
    }
}

fn opened_words(o: &Opened) -> String {
    match o {
        Opened::Link => t("Opened a shared game.").into(),
        Opened::Named(name) => tf("Opened the game in {}.", &[name]),
        Opened::Rematch => t("Rematch: the other player goes first.").into(),
        Opened::Branch(ply) => tf(
            "A new game from move {}; the game it came from is kept.",
            &[ply],
        ),
        Opened::Diverged(common) => tf(
            "This link's game went another way than your copy after move {}: your copy is kept as it was, and the link's game opens beside it as a game of its own.",
            &[common],
        ),
        Opened::Updated(News::Moves(new)) => tf(
            "Your copy of the game is brought up to date: {} from the link.",
            &[&tp(*new, "{} move", "{} moves")],
        ),
        Opened::Updated(News::Resigned) => {
            t("Your copy of the game is brought up to date: the other player resigned.").into()
        }
        Opened::Updated(News::Declined) => {
            t("Your copy of the game is brought up to date: your offer was declined. Play on.")
                .into()
        }
        Opened::Updated(News::Offer) => t(
            "Your copy of the game is brought up to date: the other player makes an offer, below the board.",
        )
        .into(),
    }
}

/// Why a game handed over cannot be opened, in words.
pub fn unopenable_words(why: &Unopenable) -> String {
    match why {
        Unopenable::Unreadable(e) => e.words(),
        Unopenable::Open(e) => e.to_string(),
    }
}

/// Start-up's saves not taken, each kind with its sentence for one and for
/// several; the subject is "1 saved game", "3 saved games".
fn startup_words(set_aside: &[String], left: &[String], newer: &[String]) -> String {
    let kinds = [
        (
            set_aside,
            n_("{} could not be read and was set aside (kept in storage as {})."),
            n_("{} could not be read and were set aside (kept in storage as {})."),
        ),
        (
            left,
            n_("{} could not be read, and the browser refused to set it aside: it was left as {} in storage."),
            n_("{} could not be read, and the browser refused to set them aside: they were left as {} in storage."),
        ),
        (
            newer,
            n_("{} was saved by a later version of Holdfast and was left as it was ({})."),
            n_("{} were saved by a later version of Holdfast and were left as they were ({})."),
        ),
    ];
    let told: Vec<String> = kinds
        .iter()
        .filter(|(keys, _, _)| !keys.is_empty())
        .map(|(keys, one, many)| {
            let n = keys.len();
            let what = tp(n, "{} saved game", "{} saved games");
            tf(if n == 1 { one } else { many }, &[&what, &keys.join(", ")])
        })
        .collect();
    tf("{} Everything else is here.", &[&told.join(" ")])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::{set_lang, speak_ukrainian_for_tests, Lang};

    fn every_notice() -> Vec<Notice> {
        let refused = |why| Notice::Refused {
            from: Source::Named("game.json".into()),
            why,
        };
        vec![
            Notice::Opened(Opened::Link),
            Notice::Opened(Opened::Named("game.json".into())),
            Notice::Opened(Opened::Rematch),
            Notice::Opened(Opened::Branch(3)),
            Notice::Opened(Opened::Diverged(4)),
            Notice::Opened(Opened::Updated(News::Moves(2))),
            Notice::Opened(Opened::Updated(News::Resigned)),
            Notice::Opened(Opened::Updated(News::Declined)),
            Notice::Opened(Opened::Updated(News::Offer)),
            refused(Unopenable::Open(AnyOpenError::NotPlayable("chess".into()))),
            Notice::Behind { theirs: 2, mine: 5 },
            Notice::UpToDate,
            Notice::SavedUnopenable,
            Notice::ComputerRefused {
                action: "zz".into(),
                error: Refusal::Rules(holdfast_rules::MoveError::GameOver),
            },
            Notice::ComputerNoMove,
            Notice::ComputerFailed(None),
            Notice::Startup {
                set_aside: vec!["holdfast.corrupt.a".into()],
                left: vec![],
                newer: vec!["holdfast.game.b".into(), "holdfast.game.c".into()],
            },
            Notice::UnsavedLost {
                players: vec!["Ann".into(), "Bo".into()],
                deleted: true,
            },
            Notice::DeletedElsewhere,
            Notice::ChangedElsewhere,
            Notice::PlayedElsewhere,
        ]
    }

    /// Every notice has its own words in both languages, made when it is shown:
    /// the same notice is said in the language spoken then.
    #[test]
    fn every_notice_is_said_in_the_language_spoken_when_shown() {
        set_lang(Lang::En);
        let english: Vec<String> = every_notice().iter().map(Notice::words).collect();
        assert_eq!(english[1], "Opened the game in game.json.");
        assert_eq!(
            english[16],
            "1 saved game could not be read and was set aside (kept in storage as holdfast.corrupt.a). 2 saved games were saved by a later version of Holdfast and were left as they were (holdfast.game.b, holdfast.game.c). Everything else is here."
        );
        speak_ukrainian_for_tests();
        let ukrainian: Vec<String> = every_notice().iter().map(Notice::words).collect();
        set_lang(Lang::En);
        for (en, uk) in english.iter().zip(&ukrainian) {
            assert!(!en.is_empty());
            assert_ne!(en, uk, "not translated: {en}");
        }
        assert!(Notice::ChangedElsewhere.is_error() && !Notice::PlayedElsewhere.is_error());
    }
}
