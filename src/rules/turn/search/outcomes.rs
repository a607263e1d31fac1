//! Every end of a turn: each state of the turn walked once.

use super::super::generate::Throws;
use super::super::state::{Phase, Turn};
use super::memory::{Remembered, WALKED, WALK_AT_MOST};
use crate::rules::card::RuleCard;
use crate::rules::games::by_game;
use crate::rules::position::Position;
use rustc_hash::FxHashSet;

/// What [`Turn::outcomes`] keeps on its way: how many values each state
/// of the turn weighed can still use, marked [`WALKED`] once walked on
/// from, and the ends found.
struct OutcomeWalk {
    usable: Option<Remembered>,
    seen: FxHashSet<Position>,
    out: Vec<Position>,
}

/// Every end of `turn`'s move phase (see [`Turn::outcomes`]).
pub(in crate::rules::turn) fn outcomes(turn: &Turn) -> Vec<Position> {
    outcomes_remembering(turn, WALK_AT_MOST)
}

/// [`outcomes`], remembering at most `limit` recent states.
pub(super) fn outcomes_remembering(turn: &Turn, limit: usize) -> Vec<Position> {
    let mut walk = OutcomeWalk {
        usable: Some(Remembered::new(limit)),
        seen: FxHashSet::default(),
        out: Vec::new(),
    };
    by_game!(turn.now.pos.game, V => turn.collect_outcomes::<V>(&mut walk));
    walk.out
}

impl Turn {
    /// Walks every way on from here, each state of the turn once; equal
    /// throws not yet touched are tried in order only, since the others
    /// reach the same positions.
    fn collect_outcomes<V: RuleCard>(&self, walk: &mut OutcomeWalk) {
        if self.phase != Phase::Move {
            if walk.seen.insert(self.now.pos) {
                walk.out.push(self.now.pos);
            }
            return;
        }
        // Every state after the first was weighed as a move's result
        // before it is walked.
        let memo = walk.usable.as_mut().expect("a walk remembers");
        if let Some(known) = memo.get_mut(&self.state_key(&self.now)) {
            if *known & WALKED != 0 {
                return;
            }
            *known |= WALKED;
        }
        for m in self.legal_in::<V>(Throws::FirstOfEqual, &mut walk.usable) {
            let mut child = *self;
            child.play_legal::<V>(m);
            child.collect_outcomes::<V>(walk);
        }
    }
}
