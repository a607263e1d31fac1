//! Why a position, an option or a game description was refused: the one
//! error of every door into the rules.

use super::game::{Game, Mode};
use std::fmt;

/// Why a position, an option or a game description was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PositionError {
    UnknownGame(String),
    UnknownOption {
        key: String,
        game: Game,
    },
    BadOptionValue {
        key: String,
        value: String,
    },
    ModeNotPlayed {
        mode: Mode,
        game: Game,
    },
    UnknownColour(String),
    WrongSeats {
        expected: String,
    },
    NotSeated(String),
    WrongPawnCount {
        colour: String,
        expected: usize,
        found: usize,
    },
    StepOutOfRange {
        colour: String,
        step: i64,
        max: u8,
    },
    OffBoardNotAllowed {
        colour: String,
    },
    SquareOverfull {
        colour: String,
        step: u8,
        limit: u8,
    },
    SharedSquare {
        first: String,
        second: String,
        step: u8,
        of: String,
    },
    Inconsistent(String),
    Json(String),
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use PositionError::*;
        match self {
            UnknownGame(g) => write!(
                f,
                "unknown game \"{g}\" (the games are chopat, pagade, chaupar, chaupar-akbar, chowka-bhara)"
            ),
            UnknownOption { key, game } => write!(f, "{} has no option \"{key}\"", game.title()),
            BadOptionValue { key, value } => write!(f, "option \"{key}\" cannot be \"{value}\""),
            ModeNotPlayed { mode, game } => {
                write!(f, "{} is not played in mode \"{}\"", game.title(), mode.id())
            }
            UnknownColour(c) => write!(f, "\"{c}\" is not a colour of this board"),
            WrongSeats { expected } => write!(f, "the seats for this game and mode are {expected}"),
            NotSeated(c) => write!(f, "{c} is not seated in this game"),
            WrongPawnCount {
                colour,
                expected,
                found,
            } => write!(f, "{colour} has {found} pawns; this game gives each player {expected}"),
            StepOutOfRange { colour, step, max } => {
                write!(f, "{colour} has a pawn on step {step}; steps run from 0 to {max}")
            }
            OffBoardNotAllowed { colour } => write!(
                f,
                "{colour} has a pawn off the board (step 0), which needs the entry-throws option"
            ),
            SquareOverfull { colour, step, limit } => {
                write!(f, "{colour} has more than {limit} pawns on step {step}")
            }
            SharedSquare {
                first,
                second,
                step,
                of,
            } => write!(
                f,
                "{first} and {second} share a square ({of}'s step {step}), which only a safe square allows"
            ),
            Inconsistent(why) => f.write_str(why),
            Json(why) => write!(f, "not a position: {why}"),
        }
    }
}

impl std::error::Error for PositionError {}
