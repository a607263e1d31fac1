//! What a throw or a move did, as the engine knows it: the captures, the
//! milestones of each game, and what the end of a turn brought. Worked
//! out when a move is played (and again when a record is replayed), never
//! stored: callers read them instead of comparing positions.

use super::chopat::ChopatMilestone;
use crate::board::Side;
use crate::dice::Throw;
use arrayvec::ArrayVec;

/// What a throw's values do for the run of throws.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Bonus {
    None,
    /// Another throw follows (up to [`crate::rules::MAX_THROWS`] in a turn).
    Earned,
    /// Values that give another throw only once the player's way is open
    /// ([`crate::rules::Position::way_opened`]), which it is not yet.
    Withheld,
}

/// What the turn does after a throw.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum AfterThrow {
    /// The throw grants another throw.
    Bonus,
    /// Time to move.
    Move,
    /// No value can be used: the turn passes.
    Passed,
    /// A third top value in a row: the run of throws is void.
    Voided,
}

/// A throw's traditional name, called as the dice or shells settle.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum ThrowName {
    /// Cowries: every shell mouth up (the number of shells).
    Chamma,
    /// Cowries: every shell mouth down (twice the number of shells).
    Ashta,
    /// Akbar's Chaupar: 6, 5 and 1.
    Khim,
    /// Stick dice: both dice the same.
    Doublet,
}

/// What a throw did.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Thrown {
    pub throw: Throw,
    pub bonus: Bonus,
    pub after: AfterThrow,
    /// What ending the turn did, when the throw ended it (passed or void).
    pub turn_end: Option<TurnEnd>,
}

/// A throw is compared with what the turn does after it, as callers that
/// only ask that do.
impl PartialEq<AfterThrow> for Thrown {
    fn eq(&self, after: &AfterThrow) -> bool {
        self.after == *after
    }
}

/// Opponent pawns a move sent back.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Captured {
    /// Whose pawns.
    pub side: Side,
    /// The step they stood on, along their own path.
    pub step: u8,
    /// How many (two: a pair cut together).
    pub pawns: u8,
}

/// Something a move achieved besides moving, for the side whose pawns moved.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Milestone {
    /// The first cut (hit) of a game where pawns turn in only after one:
    /// the way Home is open.
    WayHomeOpen,
    /// A capture earned another turn.
    TurnEarned,
    /// Pawns reached Home.
    Home { pawns: u8 },
    /// Every pawn is Home: the player finished, in this place (1 first).
    Finished { place: u8 },
    /// Chopat's own milestones.
    Chopat(ChopatMilestone),
}

/// What the end of a turn did besides passing it on.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct TurnEnd {
    /// Milestones that waited on the next player's turn and came with
    /// its end, by side.
    pub settled: ArrayVec<(Side, Milestone), 4>,
    /// Seats whose turns went by: finished Chopat partners missing theirs
    /// (the one who chose to, first).
    pub missed: ArrayVec<Side, 4>,
    /// The same player goes again, for a turn owed.
    pub again: bool,
    /// No player can ever move again: the game ended by progress.
    pub stalled: bool,
}

/// What a move did.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct Effects {
    pub captures: ArrayVec<Captured, 4>,
    pub milestones: ArrayVec<Milestone, 8>,
    /// What ending the turn did, when the move ended it.
    pub turn_end: Option<TurnEnd>,
}

impl Effects {
    /// Whether the move ended the turn.
    pub fn turn_over(&self) -> bool {
        self.turn_end.is_some()
    }

    /// Whether the move achieved `milestone`.
    pub fn has(&self, milestone: Milestone) -> bool {
        self.milestones.contains(&milestone)
    }

    /// The pawns of `side` the move sent back.
    pub fn captured_of(&self, side: Side) -> u8 {
        (self.captures.iter())
            .filter(|c| c.side == side)
            .map(|c| c.pawns)
            .sum()
    }
}
