//! What a move changes: which pawn goes, the pawns and cells, captures,
//! what the game remembers, finishing; and what it did, as effects.

use super::node::{Capture, Node};
use super::state::Turn;
use crate::board::Side;
use crate::rules::card::RuleCard;
use crate::rules::effects::{Captured, Effects, Milestone};
use crate::rules::moves::{throws_of_slots, Move, Mover, MAX_THROWS};
use crate::rules::position::{Position, MAX_PAWNS};

impl Turn {
    /// The throws with values left that a pawn has moved with, throw `t`
    /// aside: what tells pawns on one square apart.
    #[inline]
    pub(super) fn history(&self, n: &Node, slot: usize, t: usize) -> u32 {
        n.moved[slot] & self.open_throws(n) & !(1 << t)
    }

    /// The throws with values left, bit `t` for throw `t`.
    #[inline]
    pub(super) fn open_throws(&self, n: &Node) -> u32 {
        throws_of_slots(self.unspent(n))
    }

    /// The slot of a pawn on `from`, free to move with throw `t`, that
    /// `mover` names (none for [`Mover::Either`]).
    pub(super) fn mover_slot<V: RuleCard>(
        &self,
        n: &Node,
        from: u8,
        t: usize,
        mover: Mover,
    ) -> Option<usize> {
        let Mover::MovedWith(history) = mover else {
            return None;
        };
        let free = n.free_slots::<V>(self.side, from, t);
        (0..MAX_PAWNS)
            .rev()
            .find(|&i| free & (1 << i) != 0 && self.history(n, i, t) == history.bits())
    }

    /// Applies a checked move to `n`: pawns, captures, flags, places.
    pub(super) fn apply<V: RuleCard>(&self, n: &mut Node, m: Move, capture: Option<Capture>) {
        let side = self.side;
        let t = m.throw_index();
        debug_assert!(t < MAX_THROWS);
        let to_cell = n.pos.board().cell_id(side, m.to);
        let mut free = n.free_slots::<V>(side, m.from, t);
        for _ in 0..m.pawns {
            let slot = match self.mover_slot::<V>(n, m.from, t, m.mover) {
                Some(slot) => slot,
                None if free & (free - 1) == 0 => free.trailing_zeros() as usize,
                // Move the pawns that have used the fewest other throws
                // last, so that the rest keep the most freedom: of those
                // that have used the most, the last slot.
                None => (0..MAX_PAWNS)
                    .filter(|&i| free & (1 << i) != 0)
                    .max_by_key(|&i| n.moved[i].count_ones())
                    .expect("a checked move has its pawns"),
            };
            free &= !(1 << slot);
            n.pos.pawns[side.index()][slot] = m.to;
            n.cells[side.index()][slot] = to_cell;
            n.moved[slot] |= 1 << t;
        }
        n.spent |= m.spend.bits();
        n.moved_any = true;
        if let Some(c) = capture {
            n.send_back::<V>(c);
            // Only the games whose rules ask for a first cut remember it.
            if V::circuit(&n.pos.options).is_some() {
                n.pos.flags[side.index()].has_cut = true;
            }
            if V::CAPTURE_EARNS_TURN {
                n.hits = n.hits.saturating_add(1);
            }
        }
        V::after_move(&mut n.pos, side, m);
        if m.to == V::home(&n.pos) && all_home::<V>(&n.pos, side) && !n.pos.is_finished(side) {
            let k = n.pos.finished as usize;
            n.pos.places[k] = side;
            n.pos.finished += 1;
        }
    }

    /// What move `m` of `side`'s pawns did, from the state before it and
    /// after it (its turn's end aside).
    pub(super) fn effects_of<V: RuleCard>(
        before: &Node,
        after: &Node,
        side: Side,
        m: Move,
        capture: Option<Capture>,
    ) -> Effects {
        let mut out = Effects::default();
        let (was, is) = (&before.pos, &after.pos);
        if let Some(c) = capture {
            let step = was
                .pawns(c.side)
                .iter()
                .copied()
                .find(|&s| was.cell(c.side, s) == Some(c.cell))
                .expect("the captured pawns stood there");
            out.captures.push(Captured {
                side: c.side,
                step,
                pawns: c.count,
            });
        }
        if V::circuit(&was.options).is_some() && !was.flags(side).has_cut && is.flags(side).has_cut
        {
            out.milestones.push(Milestone::WayHomeOpen);
        }
        if V::CAPTURE_EARNS_TURN && capture.is_some() {
            out.milestones.push(Milestone::TurnEarned);
        }
        let home = was.home();
        let arrived = is
            .pawns_on(side, home)
            .saturating_sub(was.pawns_on(side, home));
        if arrived > 0 && m.from != home {
            out.milestones.push(Milestone::Home {
                pawns: arrived as u8,
            });
        }
        if let (false, Some(place)) = (was.is_finished(side), is.finishing_place(side)) {
            out.milestones
                .push(Milestone::Finished { place: place as u8 });
        }
        V::milestones(was, is, side, m, &mut out);
        out
    }
}

/// Whether every pawn of `side` is Home.
#[inline]
fn all_home<V: RuleCard>(pos: &Position, side: Side) -> bool {
    let home = V::home(pos);
    pos.pawns[side.index()][..V::pawns_in_play(pos)]
        .iter()
        .all(|&s| s == home)
}
