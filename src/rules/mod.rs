//! The rules of the five games on one mechanism.
//!
//! - [`Game`] and [`Options`]: which game and which house rules.
//! - [`Position`]: a game between turns (or mid-turn inside a [`Turn`]), a
//!   small `Copy` value, entered only through validation.
//! - [`Turn`]: the throw phase and the move phase of GAMES.md 1.3, legal
//!   moves generated, every refusal with a reason ([`Illegal`]).
//! - [`Match`]: a game in progress with its seeded throws and its record,
//!   which replays to exactly the same position.

mod game;
mod json;
mod options;
mod position;
mod record;
mod turn;

pub use game::{Game, Mode};
pub use options::{BeforeHit, OptionInfo, Options, Overshoot};
pub use position::{Flags, Ool, Position, PositionError, MAX_PAWNS};
pub use record::{Event, GameRecord, Match, MoveReport, ReplayError, Replayed, ThrowReport};
pub use turn::{AfterThrow, Bonus, Illegal, Move, Phase, TruePair, Turn, TurnMemory, MAX_THROWS};
