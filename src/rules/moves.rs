//! A move and its parts: the pawns that go, the values they use
//! ([`Spend`]) and, where pawns on one square differ, which one
//! ([`Mover`]).

use crate::dice::Throw;
use serde::{Deserialize, Serialize};
use std::num::NonZeroU32;
use std::ops::BitOr;

/// The most throws one turn keeps. Chopat's doublets and Chowka Bhara's top
/// values chain bonus throws; past this many (odds below one in 10^12) the
/// chain simply stops.
pub const MAX_THROWS: usize = 21;

/// Values a throw has at most (the three long dice), each a slot of
/// [`Spend`]: slot = throw * 3 + die.
pub(crate) const SLOTS: usize = 3;

/// One move: pawns of the side to move going from one step to another,
/// paid for with some values of one throw.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub struct Move {
    /// The step the pawns leave (0: entering from the centre or from off
    /// the board; Home: brought back in a turn without a throw).
    pub from: u8,
    /// The step they reach.
    pub to: u8,
    /// How many pawns move together: 1 for a single, 2 for a pair, ...
    pub pawns: u8,
    /// The values the move uses.
    pub spend: Spend,
    /// Which single pawn goes, where the side's pawns on `from` have moved
    /// differently this turn (in Chopat the two values of a split throw go
    /// to two pawns, so which one goes on can matter).
    #[serde(default, skip_serializing_if = "Mover::is_either")]
    pub mover: Mover,
    /// Chopat's false-pair rule: which pair is true, named by a single
    /// move that forms a pair while another of its colour stands. `None`
    /// on every other move, and in records written before players named
    /// it, where the engine names it as they did (its card says how).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub true_pair: Option<TruePair>,
}

/// The pair a move that leaves its player with two pairs names as the true
/// one (Chopat's false-pair rule): the other can be cut by a single.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TruePair {
    /// The pair the move forms.
    Formed,
    /// The pair that already stood.
    Standing,
}

impl Move {
    /// A turn without a throw ([`crate::rules::Turn::is_without_throw`]):
    /// letting the turn go by instead of the card's choices.
    pub const MISS_TURN: Move = Move::new(0, 0, 0, Spend::NONE);

    /// `pawns` pawns going from `from` to `to` with the values of `spend`,
    /// with nothing more to say: which pawn of alike ones is the engine's
    /// choice, and no pair is named.
    pub const fn new(from: u8, to: u8, pawns: u8, spend: Spend) -> Move {
        Move {
            from,
            to,
            pawns,
            spend,
            mover: Mover::Either,
            true_pair: None,
        }
    }

    /// The index of the throw whose values the move spends.
    pub fn throw_index(&self) -> usize {
        self.spend.throw_index()
    }

    /// How many values the move spends.
    pub fn values_used(&self) -> u32 {
        self.spend.count()
    }

    /// The values a move spends, read from the turn's throws.
    pub fn values(&self, throws: &[Throw]) -> Vec<u8> {
        self.spend.values(throws)
    }

    /// Whether the move names which pair is true.
    pub(crate) fn is_named(&self) -> bool {
        self.true_pair.is_some()
    }

    /// Whether this move, asked for, names what the legal `candidate`
    /// names, or nothing: then the engine's naming stands, as records
    /// written before players named a pair mean.
    pub(crate) fn naming_fits(&self, candidate: &Move) -> bool {
        !self.is_named() || candidate.true_pair == self.true_pair
    }
}

/// The values a move uses: some dice (or the cowries' one value) of one
/// throw of the turn. Written in records as a number, bit `throw * 3 + die`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Spend(u64);

impl Spend {
    /// No values: the moves of a turn without a throw.
    pub const NONE: Spend = Spend(0);

    /// Die `die` (0 for the first) of throw `throw` (0 for the first).
    pub const fn die(throw: usize, die: usize) -> Spend {
        Spend(1 << (throw * SLOTS + die))
    }

    /// The spend as written in records.
    pub const fn from_bits(bits: u64) -> Spend {
        Spend(bits)
    }

    /// The spend as written in records: bit `throw * 3 + die`.
    pub const fn bits(self) -> u64 {
        self.0
    }

    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The index of the throw of the first value it uses.
    pub const fn throw_index(self) -> usize {
        self.0.trailing_zeros() as usize / SLOTS
    }

    /// How many values it uses.
    pub const fn count(self) -> u32 {
        self.0.count_ones()
    }

    /// The values it uses, read from the turn's throws.
    pub fn values(self, throws: &[Throw]) -> Vec<u8> {
        slots_in(self.0)
            .map(|b| throws[b / SLOTS].values()[b % SLOTS])
            .collect()
    }
}

impl BitOr for Spend {
    type Output = Spend;

    fn bitor(self, other: Spend) -> Spend {
        Spend(self.0 | other.0)
    }
}

/// Which single pawn a move takes where the pawns on its square have moved
/// differently this turn.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default, Serialize, Deserialize)]
#[serde(from = "u32", into = "u32")]
pub enum Mover {
    /// The pawns there are alike (or the record was written before moves
    /// named their pawn): the engine picks the pawn.
    #[default]
    Either,
    /// The pawn that has moved with these throws (of the throws with values
    /// left).
    MovedWith(ThrowSet),
}

impl Mover {
    /// How records write [`Mover::Either`], where they write it at all.
    const EITHER_BITS: u32 = u32::MAX;

    /// The pawn that has moved with the throws of `throws` (bit `t` for
    /// throw `t`).
    pub fn moved_with(throws: u32) -> Mover {
        Mover::MovedWith(ThrowSet::new(throws))
    }

    pub fn is_either(&self) -> bool {
        *self == Mover::Either
    }
}

impl From<u32> for Mover {
    fn from(bits: u32) -> Mover {
        if bits == Mover::EITHER_BITS {
            Mover::Either
        } else {
            Mover::moved_with(bits)
        }
    }
}

impl From<Mover> for u32 {
    fn from(m: Mover) -> u32 {
        match m {
            Mover::Either => Mover::EITHER_BITS,
            Mover::MovedWith(throws) => throws.bits(),
        }
    }
}

/// Some of a turn's throws, bit `t` for throw `t`. Kept with a marker bit
/// above the throws, so that a [`Mover`] (and with it a [`Move`]) is as
/// small as the number.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct ThrowSet(NonZeroU32);

impl ThrowSet {
    const MARK: u32 = 1 << 31;

    /// The throws of `bits` (bit 31 is not a throw, and is ignored).
    pub fn new(bits: u32) -> ThrowSet {
        ThrowSet(NonZeroU32::new(bits | ThrowSet::MARK).expect("the mark is set"))
    }

    pub fn bits(self) -> u32 {
        self.0.get() & !ThrowSet::MARK
    }
}

impl std::fmt::Debug for ThrowSet {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{:#b}", self.bits())
    }
}

/// The value slots set in a mask of them, lowest first.
pub(crate) fn slots_in(mut mask: u64) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (mask != 0).then(|| {
            let b = mask.trailing_zeros() as usize;
            mask &= mask - 1;
            b
        })
    })
}

/// The value slots of the throws set in `throws` (bit `t` for throw `t`).
pub(crate) fn slots_of_throws(throws: u32) -> u64 {
    let mut mask = 0;
    let mut rest = throws & ((1 << MAX_THROWS) - 1);
    while rest != 0 {
        let t = rest.trailing_zeros() as usize;
        rest &= rest - 1;
        mask |= ((1 << SLOTS) - 1) << (t * SLOTS);
    }
    mask
}

/// The throws with a value slot in `mask` (bit `t` for throw `t`).
pub(crate) fn throws_of_slots(mask: u64) -> u32 {
    // Fold each throw's three slots onto its first, then gather those.
    let any = (mask | mask >> 1 | mask >> 2) & 0o111_111_111_111_111_111_111;
    let mut throws = 0;
    let mut rest = any;
    while rest != 0 {
        let b = rest.trailing_zeros() as usize;
        rest &= rest - 1;
        throws |= 1 << (b / SLOTS);
    }
    throws
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Records keep the forms they had: the spend a number, the mover a
    /// number left out when any pawn may go.
    /// A move is as small as its parts: the mover's two cases share its
    /// number.
    #[test]
    fn a_move_stays_small() {
        assert_eq!(std::mem::size_of::<Mover>(), 4);
        assert_eq!(std::mem::size_of::<Move>(), 16);
    }

    #[test]
    fn moves_are_written_as_records_always_wrote_them() {
        let plain = Move::new(3, 11, 1, Spend::die(0, 0) | Spend::die(0, 1));
        let text = serde_json::to_string(&plain).unwrap();
        assert_eq!(text, r#"{"from":3,"to":11,"pawns":1,"spend":3}"#);
        assert_eq!(serde_json::from_str::<Move>(&text).unwrap(), plain);
        let named = Move {
            mover: Mover::moved_with(0b10),
            ..plain
        };
        let text = serde_json::to_string(&named).unwrap();
        assert_eq!(text, r#"{"from":3,"to":11,"pawns":1,"spend":3,"mover":2}"#);
        assert_eq!(serde_json::from_str::<Move>(&text).unwrap(), named);
        let old = r#"{"from":3,"to":11,"pawns":1,"spend":3,"mover":4294967295}"#;
        assert_eq!(serde_json::from_str::<Move>(old).unwrap(), plain);
    }
}
