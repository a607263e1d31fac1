//! A turn's state: the position with this turn's moves, the throws, what is
//! spent and which pawn moved with which throw.

use super::node::Node;
use crate::board::Side;
use crate::dice::Throw;
use crate::rules::moves::{slots_in, MAX_THROWS, SLOTS};

#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Phase {
    /// The player to move throws.
    Throw,
    /// The player spends the turn's values.
    Move,
    /// The game is over.
    Over,
}

/// A game between and during turns: the position plus the turn's throws,
/// what is spent, and which pawn moved with which throw.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Turn {
    /// The position and what the moves of this turn have spent.
    pub(super) now: Node,
    pub(super) throws: [Throw; MAX_THROWS],
    pub(super) n_throws: u8,
    /// The value slots thrown this turn.
    pub(super) thrown: u64,
    pub(super) phase: Phase,
    /// Bonus throws in a row in this run of throws.
    pub(super) bonus_run: u8,
    /// Whose pawns this turn moves, fixed when it starts: a player who
    /// finishes mid-turn loses the rest of the throw, and serves the
    /// partner from the next turn on.
    pub(super) side: Side,
    /// A finished player's turn without a throw, its moves the card's
    /// (`RuleCard::moves_without_throw`): a pawn brought back, or the turn
    /// let go by.
    pub(super) without_throw: bool,
    /// Chopat's "overshoot: new circuit": whether this turn may go through
    /// Home at all, decided when its move phase starts.
    pub(super) overshoot_open: bool,
}

impl Turn {
    /// The value slots thrown this turn and not yet spent.
    #[inline]
    pub(super) fn unspent(&self, n: &Node) -> u64 {
        self.thrown & !n.spent
    }

    /// How many values of the turn are not yet spent.
    #[inline]
    pub(super) fn unspent_count(&self, n: &Node) -> u8 {
        self.unspent(n).count_ones() as u8
    }

    /// The value in one slot.
    #[inline]
    pub(super) fn value(&self, slot: usize) -> u8 {
        self.throws[slot / SLOTS].values()[slot % SLOTS]
    }

    /// The values in the slots of `mask`, throw by throw.
    pub(super) fn values_in(&self, mask: u64) -> impl Iterator<Item = u8> + '_ {
        slots_in(mask).map(move |b| self.value(b))
    }
}
