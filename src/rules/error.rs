//! Why a position, an option or a game description was refused: the one
//! error of every door into the rules.

use super::chopat::ChopatPositionError;
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
    /// More places than players.
    TooManyPlaces,
    /// A stalled game places every player.
    StalledWithoutEveryPlace,
    /// The places list a player twice, or one who is not seated.
    PlacesRepeat,
    BeyondTurnInWithoutCut {
        colour: String,
    },
    HomeButNotPlaced {
        colour: String,
    },
    PlacedButNotHome {
        colour: String,
    },
    /// Turns missed by a player who is not a finished partner, or more of
    /// them than the game's `most`.
    MissedTurns {
        colour: String,
        missed: u8,
        most: u8,
    },
    /// Turns owed to a player who cannot be owed any: not to move, not
    /// racing, or in a game where hits earn none.
    OwedTurns {
        colour: String,
        owed: u8,
    },
    /// A third colour on a square where only two may share.
    ThreeColoursShare {
        colour: String,
        step: u8,
    },
    FinishedToMove {
        colour: String,
    },
    /// A flag the game does not keep.
    UnknownFlag {
        game: Game,
        key: String,
    },
    BadFlagValue {
        colour: String,
        key: String,
        value: String,
    },
    /// A player's flags are of another game's.
    FlagsOfAnotherGame {
        colour: String,
        game: Game,
    },
    /// Chopat's flags, disagreeing with each other or with the pawns.
    Chopat(ChopatPositionError),
    /// The start of a record is a position of another game.
    StartOfAnotherGame,
    Json(String),
    /// Several problems of one position, in the order they were found.
    Several(Vec<PositionError>),
}

impl PositionError {
    /// The problems of a setup as one error: the one, or all of them.
    pub fn from_problems(mut problems: Vec<PositionError>) -> PositionError {
        if problems.len() == 1 {
            problems.remove(0)
        } else {
            PositionError::Several(problems)
        }
    }
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
            TooManyPlaces => f.write_str("more places than players"),
            StalledWithoutEveryPlace => f.write_str("a stalled game places every player"),
            PlacesRepeat => {
                f.write_str("the places list a player twice or one who is not seated")
            }
            BeyondTurnInWithoutCut { colour } => write!(
                f,
                "{colour} has a pawn beyond the turn-in but has not cut anybody"
            ),
            HomeButNotPlaced { colour } => write!(
                f,
                "{colour} has every pawn Home but is not among the places"
            ),
            PlacedButNotHome { colour } => write!(
                f,
                "{colour} is among the places but not every pawn is Home"
            ),
            MissedTurns {
                colour,
                missed,
                most,
            } => write!(
                f,
                "{colour} has missed {missed} turns, which only a finished partner does, {most} at most"
            ),
            OwedTurns { colour, owed } => write!(
                f,
                "{colour} is owed {owed} more turns, which only a player to move who is still racing can be, where hits earn turns"
            ),
            ThreeColoursShare { colour, step } => write!(
                f,
                "three colours share a square inside the outer ring ({colour}'s step {step}), where no third colour may land"
            ),
            FinishedToMove { colour } => write!(
                f,
                "{colour} has finished and cannot be the player to move"
            ),
            UnknownFlag { game, key } => {
                let names = game.flag_names();
                write!(
                    f,
                    "{} has no flag \"{key}\" (its flags: {})",
                    game.title(),
                    if names.is_empty() {
                        "none".to_string()
                    } else {
                        names.join(", ")
                    }
                )
            }
            BadFlagValue { colour, key, value } => {
                write!(f, "{colour}'s flag \"{key}\" cannot be {value}")
            }
            FlagsOfAnotherGame { colour, game } => write!(
                f,
                "{colour} has flags of another game in a game of {}",
                game.title()
            ),
            Chopat(why) => why.fmt(f),
            StartOfAnotherGame => f.write_str("the record's start is a position of another game"),
            Several(problems) => {
                let texts: Vec<String> = problems.iter().map(|p| p.to_string()).collect();
                f.write_str(&texts.join("; "))
            }
            Json(why) => write!(f, "not a position: {why}"),
        }
    }
}

impl std::error::Error for PositionError {}
