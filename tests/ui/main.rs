//! The app driven through its own UI on Slint's headless testing backend:
//! buttons, pawns and squares are found by what a screen reader would say
//! and pressed the way a screen reader presses them.

#[path = "../ui_support/mod.rs"]
mod ui_support;

// One file per screen, in one test binary.
mod board_view;
mod dice;
mod game;
mod game_layout;
mod learn;
mod lesson_words;
mod motion;
mod new_game;
mod outputs;
mod rules;
mod saved_games;
mod screens;
mod settings;
