//! The five games, their names and their modes of play; their rules are
//! their cards in `games/`.

use crate::board::BoardKind;
use serde::{Deserialize, Serialize};
use std::fmt;

#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Game {
    /// Chopat of Saurashtra and Diu.
    Chopat,
    /// Pagade of Mysore.
    Pagade,
    /// Chaupar after Parlett.
    Chaupar,
    /// The Chaupar of Akbar's court.
    ChauparAkbar,
    /// Chowka Bhara / Ashta Chamma on the square board.
    ChowkaBhara,
}

impl Game {
    pub const ALL: [Game; 5] = [
        Game::Chopat,
        Game::Pagade,
        Game::Chaupar,
        Game::ChauparAkbar,
        Game::ChowkaBhara,
    ];

    /// The name in positions, records and on the command line.
    pub fn id(self) -> &'static str {
        match self {
            Game::Chopat => "chopat",
            Game::Pagade => "pagade",
            Game::Chaupar => "chaupar",
            Game::ChauparAkbar => "chaupar-akbar",
            Game::ChowkaBhara => "chowka-bhara",
        }
    }

    pub fn from_id(id: &str) -> Option<Game> {
        Game::ALL.into_iter().find(|g| g.id() == id)
    }

    pub fn title(self) -> &'static str {
        match self {
            Game::Chopat => "Chopat",
            Game::Pagade => "Pagade",
            Game::Chaupar => "Chaupar",
            Game::ChauparAkbar => "Chaupar of Akbar's court",
            Game::ChowkaBhara => "Chowka Bhara",
        }
    }

    /// What sending an opponent's pawn back is called: Chowka Bhara's
    /// players hit a pawn, the cross-board games cut it.
    pub fn capture_word(self) -> &'static str {
        match self {
            Game::ChowkaBhara => "hit",
            _ => "cut",
        }
    }

    /// Other names the game goes by, in the regions that play it.
    pub fn regional_names(self) -> &'static [&'static str] {
        match self {
            Game::Chopat => &["Chaupat", "ચોપાટ"],
            Game::Pagade => &["ಪಗಡೆ", "Pachisi", "Sokkattan", "Pagdi Pat"],
            Game::Chaupar => &["चौपड़", "Chausar", "Chaupad"],
            Game::ChauparAkbar => &["चौपड़", "Ain-i-Akbari, 1590"],
            Game::ChowkaBhara => &[
                "ಚೌಕಾಬಾರ",
                "Ashta Chamma",
                "అష్టా చెమ్మా",
                "Daayam",
                "தாயம்",
                "Kavidi Kali",
                "Katte Mane",
            ],
        }
    }

    pub(crate) fn board_kind(self, board: u8) -> BoardKind {
        if self.is_cross() {
            BoardKind::Cross
        } else {
            BoardKind::Square(board)
        }
    }
}

impl fmt::Display for Game {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.title())
    }
}

#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Mode {
    /// Two players (opposite seats); in the Chaupars each plays two colours.
    TwoPlayer,
    /// Three players each for themselves (Chowka Bhara).
    ThreePlayer,
    /// Four players each for themselves.
    FourPlayer,
    /// Two partnerships: Black and Yellow against Red and Green.
    Teams,
}

impl Mode {
    pub fn id(self) -> &'static str {
        match self {
            Mode::TwoPlayer => "2p",
            Mode::ThreePlayer => "3p",
            Mode::FourPlayer => "4p",
            Mode::Teams => "teams",
        }
    }

    pub fn from_id(id: &str) -> Option<Mode> {
        [
            Mode::TwoPlayer,
            Mode::ThreePlayer,
            Mode::FourPlayer,
            Mode::Teams,
        ]
        .into_iter()
        .find(|m| m.id() == id)
    }
}
