//! The small pieces of text the screens share, and the colours and
//! numbers the UI words.

use super::{Colour, GameName};
use crate::board::{BoardKind, Side};
use crate::rules::Game;

/// The colours of both boards by the names the rules, saves and
/// statistics give them, as the UI knows them.
const PALETTE: [(&str, Colour); 5] = [
    ("black", Colour::Black),
    ("red", Colour::Red),
    ("yellow", Colour::Yellow),
    ("green", Colour::Green),
    ("blue", Colour::Blue),
];

/// The colour of that name (`black`, ..., as the rules name colours), if
/// it is one of the boards'.
pub fn colour_named(name: &str) -> Option<Colour> {
    PALETTE
        .iter()
        .find(|&&(named, _)| named == name)
        .map(|&(_, colour)| colour)
}

/// The colour a player with no name is listed under in the statistics: the
/// colour's name, capitalised.
pub fn colour_listed_as(name: &str) -> Option<Colour> {
    PALETTE
        .iter()
        .find(|&&(named, _)| capitalised(named) == name)
        .map(|&(_, colour)| colour)
}

/// A side's colour.
pub fn colour(kind: BoardKind, side: Side) -> Colour {
    colour_named(kind.colour_name(side)).expect("every side's colour is in the palette")
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

/// A game as the UI names it.
pub fn game_name(game: Game) -> GameName {
    match game {
        Game::Chopat => GameName::Chopat,
        Game::Pagade => GameName::Pagade,
        Game::Chaupar => GameName::Chaupar,
        Game::ChauparAkbar => GameName::ChauparAkbar,
        Game::ChowkaBhara => GameName::ChowkaBhara,
    }
}

/// The game the UI named.
pub fn game_named(name: GameName) -> Game {
    match name {
        GameName::Chopat => Game::Chopat,
        GameName::Pagade => Game::Pagade,
        GameName::Chaupar => Game::Chaupar,
        GameName::ChauparAkbar => Game::ChauparAkbar,
        GameName::ChowkaBhara => Game::ChowkaBhara,
    }
}

/// The games before and after `game` in the app's order, the last and
/// the first next to each other: where ‹ and › turn a page of games.
pub fn games_either_side(game: Game) -> (GameName, GameName) {
    let count = Game::ALL.len();
    let at = Game::ALL.iter().position(|&g| g == game).unwrap_or(0);
    (
        game_name(Game::ALL[(at + count - 1) % count]),
        game_name(Game::ALL[(at + 1) % count]),
    )
}
