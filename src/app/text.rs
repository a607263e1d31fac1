//! The small pieces of text the screens share, and the numbers the UI
//! words.

use crate::board::{BoardKind, Side};
use crate::rules::Game;

/// The colours of both boards, as the UI numbers them.
pub const PALETTE: [&str; 5] = ["black", "red", "yellow", "green", "blue"];

/// A side's colour as the UI numbers colours for both boards: 0 black,
/// 1 red, 2 yellow, 3 green, 4 blue.
pub fn colour(kind: BoardKind, side: Side) -> i32 {
    PALETTE
        .iter()
        .position(|&c| c == kind.colour_name(side))
        .expect("every side's colour is in the palette") as i32
}

pub fn values_text(values: &[u8]) -> String {
    values
        .iter()
        .map(|v| v.to_string())
        .collect::<Vec<_>>()
        .join(" + ")
}

pub fn capitalised(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().chain(c).collect(),
        None => String::new(),
    }
}

/// A game as the UI numbers the games: its place in [`Game::ALL`].
pub fn game_index(game: Game) -> i32 {
    Game::ALL.iter().position(|&g| g == game).unwrap_or(0) as i32
}
