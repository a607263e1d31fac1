//! What the searches of a turn remember: the states of the turn they have
//! weighed, with how many values each can still use.

use super::super::node::Node;
use super::super::state::{Phase, Turn};
use crate::rules::moves::throws_of_slots;
use crate::rules::position::{Position, MAX_PAWNS};
use arrayvec::ArrayVec;
use rustc_hash::FxHashMap;

/// Past this many values left, the search for how many can still be used
/// remembers the states it has weighed (from a few throws on, the orders
/// of playing them are too many to try one by one)...
pub(super) const REMEMBER_ABOVE: u8 = 4;
/// ...this many recent ones and as many older ones (some 50 MB in all),
/// so that the rarest turns (a dozen doublets in a row) cost time rather
/// than all the memory. Seven eighths of a power of two fill a hash table
/// of that power of two.
pub(super) const REMEMBER_AT_MOST: usize = (1 << 17) / 8 * 7;
/// A walk to every end of a turn ([`Turn::walk`] without a budget, asked
/// by the command-line tool, not during play) remembers this many recent states and as many older ones (some 400 MB
/// at most): four doublets and a throw with a pair and two pawns mid-board
/// come to 450,000.
pub(super) const WALK_AT_MOST: usize = (1 << 20) / 8 * 7;
/// Marks a state a walk to every end has walked on from, beside the values
/// it can use (never more than 63).
pub(super) const WALKED: u8 = 0x80;

/// What a search remembers of a state of one turn: everything a move can
/// change, with the values some pawn can still take in place of those
/// spent (values no pawn can take are as good as spent), and without which
/// pawn used a throw that has no such values left (that no longer matters,
/// so states that differ only in it are one). Pawns that stand alike are
/// interchangeable, so each side's pawns are in order of step (the side to
/// move's with what they moved with): states that differ only in which
/// slot holds which pawn are one too.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub(super) struct StateKey {
    pub(super) pos: Position,
    pub(super) live: u64,
    pub(super) moved: [u32; MAX_PAWNS],
    pub(super) phase: Phase,
    pub(super) hits: u8,
    pub(super) moved_any: bool,
    pub(super) without_throw: bool,
}

/// The states of a turn a search has weighed and how many values each can
/// still use, up to `limit` recent ones and as many older ones: when the
/// recent ones fill up they become the older ones, so that a full memory
/// forgets the states weighed longest ago rather than everything.
pub(in crate::rules::turn) struct Remembered {
    recent: FxHashMap<StateKey, u8>,
    older: FxHashMap<StateKey, u8>,
    limit: usize,
}

impl Remembered {
    pub(super) fn new(limit: usize) -> Remembered {
        Remembered {
            recent: FxHashMap::default(),
            older: FxHashMap::default(),
            limit,
        }
    }

    /// What is remembered of `key`, among the recent states from now on.
    pub(super) fn get(&mut self, key: &StateKey) -> Option<u8> {
        if let Some(&known) = self.recent.get(key) {
            return Some(known);
        }
        if self.older.is_empty() {
            return None;
        }
        let known = self.older.remove(key)?;
        self.insert(*key, known);
        Some(known)
    }

    /// [`Remembered::get`], to change.
    pub(super) fn get_mut(&mut self, key: &StateKey) -> Option<&mut u8> {
        self.get(key)?;
        self.recent.get_mut(key)
    }

    pub(super) fn insert(&mut self, key: StateKey, usable: u8) {
        if self.recent.len() >= self.limit {
            std::mem::swap(&mut self.recent, &mut self.older);
            self.recent.clear();
        }
        self.recent.insert(key, usable);
    }
}

impl Turn {
    /// A state of this turn as a search remembers it.
    pub(super) fn state_key(&self, n: &Node) -> StateKey {
        let live = self.live_slots(n);
        let open = throws_of_slots(live);
        let mut pos = n.pos;
        pos.canonicalize();
        let count = pos.pawn_count();
        let mover = self.side;
        let mut alike: ArrayVec<(u8, u32), MAX_PAWNS> = (0..count)
            .map(|i| (n.pos.pawns[mover.index()][i], n.moved[i] & open))
            .collect();
        alike.sort_unstable();
        let mut moved = [0; MAX_PAWNS];
        for (i, (step, with)) in alike.into_iter().enumerate() {
            pos.pawns[mover.index()][i] = step;
            moved[i] = with;
        }
        StateKey {
            pos,
            live,
            moved,
            phase: self.phase,
            hits: n.hits,
            moved_any: n.moved_any,
            without_throw: self.without_throw,
        }
    }
}
