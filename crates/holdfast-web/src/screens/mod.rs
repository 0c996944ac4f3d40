//! The screens, the top layer: they read the app's state and send actions; games
//! reach them only through [`crate::game_ui::PlayedGame`].

pub mod bench;
pub mod home;
pub mod play;
