//! Computer players for every game, mode and option set, at three levels,
//! and a hint for human players. All of them choose among the moves the
//! engine generates ([`Turn::legal_moves`]), so they never play an illegal
//! move, and all of them are deterministic: the same turn, level and seed
//! give the same move. A [`Turn`] is `Copy + Send`, so the app may decide
//! on a background thread.
//!
//! - [`Level::Easy`] plays one move at a time, greedy for progress and
//!   captures, and now and then plays any legal move.
//! - [`Level::Medium`] weighs every way the turn can end with the
//!   evaluation in [`Weights`]: progress, the real odds of being hit,
//!   safety, pairs and groups, blocks and the game's own milestones.
//! - [`Level::Hard`] looks ahead over the throws: for its best candidate
//!   ends of the turn it averages, over the exact throw distribution, the
//!   best reply of the next player (and with cowries and stick dice the
//!   turn after that too), within a fixed amount of work per decision,
//!   with the weights [`Weights::hard`] gives for the game.

pub mod arena;
mod eval;
mod search;
pub mod tune;

pub use eval::{evaluate, Weights};

use crate::rules::{Move, Turn};
use crate::work::Work;

/// How well the computer plays.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Level {
    Easy,
    Medium,
    Hard,
}

impl Level {
    pub const ALL: [Level; 3] = [Level::Easy, Level::Medium, Level::Hard];

    /// The name on the command line and in settings.
    pub fn id(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
        }
    }

    pub fn from_id(id: &str) -> Option<Level> {
        Level::ALL.into_iter().find(|l| l.id() == id)
    }
}

/// The move the computer makes now at `level`, or `None` when the turn has
/// no legal move (it is not in its move phase, or nothing can move).
/// `seed` only matters to Easy, whose slips it decides.
pub fn choose(turn: &Turn, level: Level, seed: u64) -> Option<Move> {
    Decision::new(turn, level, seed).finish()
}

/// [`choose`] with other evaluation weights, for tuning them by self-play.
pub fn choose_with(turn: &Turn, level: Level, seed: u64, weights: &Weights) -> Option<Move> {
    Decision::with_weights(turn, level, seed, *weights).finish()
}

/// The move to suggest to a human player: the one Hard would make.
pub fn hint(turn: &Turn) -> Option<Move> {
    choose(turn, Level::Hard, 0)
}

/// A decision being worked out, in steps that each take a bounded time
/// ([`Work`]): Easy and Medium decide in one, Hard lists the ends of its
/// turn in one and then weighs one candidate end per step. Stepped to the
/// end it gives [`choose`]'s move.
pub struct Decision {
    turn: Turn,
    level: Level,
    seed: u64,
    weights: Weights,
    searching: Option<search::HardSearch>,
}

impl Decision {
    pub fn new(turn: &Turn, level: Level, seed: u64) -> Decision {
        let weights = match level {
            Level::Hard => Weights::hard(turn.position().game()),
            Level::Easy | Level::Medium => Weights::TUNED,
        };
        Decision::with_weights(turn, level, seed, weights)
    }

    fn with_weights(turn: &Turn, level: Level, seed: u64, weights: Weights) -> Decision {
        Decision {
            turn: *turn,
            level,
            seed,
            weights,
            searching: None,
        }
    }
}

impl Work for Decision {
    type Output = Option<Move>;

    fn step(&mut self) -> Option<Option<Move>> {
        if let Some(search) = &mut self.searching {
            return search.step();
        }
        match self.level {
            Level::Easy => Some(search::easy(&self.turn, self.seed)),
            Level::Medium => Some(search::medium(&self.turn, &self.weights)),
            Level::Hard => match search::hard(&self.turn, &self.weights) {
                search::HardStart::Decided(chosen) => Some(chosen),
                search::HardStart::Searching(search) => {
                    self.searching = Some(search);
                    None
                }
            },
        }
    }
}
