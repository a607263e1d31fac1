//! The rules of the five games on one mechanism.
//!
//! - [`Game`] and [`Options`]: which game and which house rules.
//! - `games/`: one rule card per game, every rule of the game in its file
//!   (`card` says what a card holds).
//! - [`Position`]: a game between turns (or mid-turn inside a [`Turn`]), a
//!   small `Copy` value, entered only through validation.
//! - [`Turn`]: the throw phase and the move phase, legal moves generated,
//!   every refusal with a reason ([`Illegal`]), every move and throw saying
//!   what it did ([`Effects`], [`Thrown`]).
//! - [`chopat`]: Chopat's own terms (its flags, refusals, position errors
//!   and milestones), which the generic enums carry as one variant each.
//! - [`Match`]: a game in progress with its seeded throws and its record,
//!   which replays to exactly the same position.

mod card;
pub mod chopat;
mod effects;
mod error;
mod flags;
mod game;
pub(crate) mod games;
mod illegal;
mod json;
mod moves;
mod options;
mod position;
mod reasons;
mod record;
mod setup;
mod turn;

pub use effects::{AfterThrow, Bonus, Captured, Effects, Milestone, ThrowName, Thrown, TurnEnd};
pub use error::PositionError;
pub use flags::{Flags, GameFlags};
pub use game::{Game, Mode};
pub use games::marked_squares;
pub use illegal::Illegal;
pub use moves::{Move, Mover, Spend, ThrowSet, TruePair, MAX_THROWS};
pub use options::{BeforeHit, HouseRule, OptionInfo, Options, Overshoot};
pub use position::{Position, MAX_PAWNS};
pub use record::{
    replay_onto, throw_off, Event, GameRecord, Match, Parted, ReplayError, ReplayTarget, Replayed,
};
pub use setup::Setup;
pub use turn::{End, Phase, Turn, Walk};
