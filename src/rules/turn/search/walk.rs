//! The walk through the rest of a turn: every way it can end, each with
//! the first move of a way there, the computer's within a budget.

use super::super::generate::Throws;
use super::super::node::Node;
use super::super::state::{Phase, Turn};
use super::memory::{Remembered, WALKED, WALK_AT_MOST};
use crate::rules::card::RuleCard;
use crate::rules::games::by_game;
use crate::rules::moves::Move;
use crate::rules::position::Position;
use rustc_hash::FxHashSet;

/// One way a turn can end: the turn then (at the start of the next, or
/// over), and the first move of a way there.
#[derive(Clone, Copy, Debug)]
pub struct End {
    pub turn: Turn,
    pub first: Move,
}

/// What a walk through the rest of a turn found ([`Turn::walk`]).
#[derive(Debug)]
pub struct Walk {
    /// Each distinct end (by its position), in the order found.
    pub ends: Vec<End>,
    /// The states whose moves were listed, the turn as it stood included:
    /// the work the walk took.
    pub expanded: usize,
}

/// How a walk goes on from a state of the turn.
pub(super) enum Pace {
    /// Along every move: each alike state (the search's memory marks it
    /// [`WALKED`]) once, and of equal throws not yet touched only the
    /// first, since the others reach the same positions.
    Every,
    /// Along every legal move, in the order listed, for `left` more
    /// states, and past them along the first only. Each state is told
    /// apart exactly (the pawns in their slots, the values spent): within
    /// a budget, which states count as one decides which ends are
    /// reached, and the computer's choices and its count of work rest on
    /// these.
    Budget {
        left: usize,
        walked: FxHashSet<Node>,
    },
}

/// What a walk keeps on its way.
struct Walker {
    pace: Pace,
    expanded: usize,
    /// How many values each state weighed can still use.
    usable: Option<Remembered>,
    seen: FxHashSet<Position>,
    ends: Vec<End>,
}

impl Turn {
    /// Every distinct end of the turn's move phase, each with the first
    /// move of a way there: with no budget, all of them; with one, those
    /// reached once that many states after this one are expanded, past
    /// which each state follows its first legal move only (a rare turn
    /// of many bonus throws has millions of ways to play).
    pub fn walk(&self, budget: Option<usize>) -> Walk {
        match budget {
            None => self.walk_with(Pace::Every, Some(Remembered::new(WALK_AT_MOST))),
            Some(left) => {
                let walked = FxHashSet::default();
                self.walk_with(Pace::Budget { left, walked }, self.memo(&self.now))
            }
        }
    }

    /// [`Turn::walk`] at `pace`, remembering in `usable` how many values
    /// the states weighed can use.
    pub(super) fn walk_with(&self, pace: Pace, usable: Option<Remembered>) -> Walk {
        let mut walker = Walker {
            pace,
            expanded: 1,
            usable,
            seen: FxHashSet::default(),
            ends: Vec::new(),
        };
        by_game!(self.now.pos.game, V => {
            if self.phase == Phase::Move {
                for m in walker.moves::<V>(self) {
                    let mut child = *self;
                    child.play_legal::<V>(m);
                    child.walk_on::<V>(m, &mut walker);
                }
            }
        });
        Walk {
            ends: walker.ends,
            expanded: walker.expanded,
        }
    }

    /// Goes on from here, the turn having begun with `first`.
    fn walk_on<V: RuleCard>(&self, first: Move, walker: &mut Walker) {
        if self.phase != Phase::Move {
            if walker.seen.insert(self.now.pos) {
                walker.ends.push(End { turn: *self, first });
            }
            return;
        }
        if !walker.first_time(self) {
            return;
        }
        let moves = match &mut walker.pace {
            Pace::Budget { left: 0, .. } => {
                Vec::from_iter(self.first_legal_in::<V>(&mut walker.usable))
            }
            Pace::Budget { left, .. } => {
                *left -= 1;
                walker.moves::<V>(self)
            }
            Pace::Every => walker.moves::<V>(self),
        };
        walker.expanded += 1;
        for m in moves {
            let mut child = *self;
            child.play_legal::<V>(m);
            child.walk_on::<V>(first, walker);
        }
    }
}

impl Walker {
    /// Whether the walk meets `turn`'s state for the first time, and
    /// marks it met.
    fn first_time(&mut self, turn: &Turn) -> bool {
        match &mut self.pace {
            Pace::Budget { walked, .. } => walked.insert(turn.now),
            Pace::Every => {
                // Every state after the first was weighed as a move's
                // result before it is walked.
                let memo = self.usable.as_mut().expect("a walk remembers");
                match memo.get_mut(&turn.state_key(&turn.now)) {
                    Some(known) if *known & WALKED != 0 => false,
                    Some(known) => {
                        *known |= WALKED;
                        true
                    }
                    None => true,
                }
            }
        }
    }

    /// The moves the walk follows from `turn`'s state.
    fn moves<V: RuleCard>(&mut self, turn: &Turn) -> Vec<Move> {
        let throws = match self.pace {
            Pace::Every => Throws::FirstOfEqual,
            Pace::Budget { .. } => Throws::All,
        };
        turn.legal_in::<V>(throws, &mut self.usable)
    }
}
