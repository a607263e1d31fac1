//! As many values as can be used: how many the rest of a turn can still
//! use, the legal moves that keep to it, and the ways a turn can end.
//!
//! - `memory`: the states of a turn the searches have weighed;
//! - `bound`: at most how many values the rest of a turn can use;
//! - `walk`: the ends of a turn, each with the first move of a way there.

mod bound;
mod memory;
#[cfg(test)]
mod tests;
mod walk;

pub use walk::{End, Walk};

use super::generate::Throws;
use super::node::{Capture, Node};
use super::state::{Phase, Turn};
use crate::rules::card::RuleCard;
use crate::rules::moves::{slots_of_throws, Move};
use memory::{Remembered, REMEMBER_ABOVE, REMEMBER_AT_MOST, WALKED};
use std::ops::ControlFlow;

impl Turn {
    /// The legal moves of the turn as it stands that spend values of
    /// `throws`, remembering in `memo` how many values the states weighed
    /// on the way can use.
    pub(super) fn legal_in<V: RuleCard>(
        &self,
        throws: Throws,
        memo: &mut Option<Remembered>,
    ) -> Vec<Move> {
        let mut out = Vec::new();
        if self.phase != Phase::Move {
            return out;
        }
        if self.without_throw {
            out.extend(self.moves_without_throw());
            out.push(Move::MISS_TURN);
            return out;
        }
        let now = &self.now;
        let mut best = 0;
        let mut scored = Vec::new();
        self.for_each_candidate::<V>(now, throws, |m: Move, cap| {
            let total = self.used_after::<V>(now, m, cap, memo);
            best = best.max(total);
            scored.push((m, total));
            ControlFlow::Continue(())
        });
        out.extend(
            scored
                .into_iter()
                .filter(|&(_, t)| t == best)
                .map(|(m, _)| m),
        );
        out
    }

    /// The first of the moves [`Turn::legal_in`] lists with
    /// [`Throws::All`], found without weighing the candidates after it:
    /// the first that uses as many values as the turn can.
    pub(super) fn first_legal_in<V: RuleCard>(
        &self,
        memo: &mut Option<Remembered>,
    ) -> Option<Move> {
        if self.phase != Phase::Move || self.without_throw {
            // No search to spare: the list is short and says the rule.
            return self.legal_in::<V>(Throws::All, memo).first().copied();
        }
        let now = &self.now;
        let best = self.usable_from::<V>(now, memo);
        let mut first = None;
        self.for_each_candidate::<V>(now, Throws::All, |m: Move, cap| {
            if self.used_after::<V>(now, m, cap, memo) == best {
                first = Some(m);
                return ControlFlow::Break(());
            }
            ControlFlow::Continue(())
        });
        first
    }

    /// Whether any value left can be used from `n`: some move exists.
    pub(super) fn can_move_from<V: RuleCard>(&self, n: &Node) -> bool {
        let mut any = false;
        self.for_each_candidate::<V>(n, Throws::Any, |_, _| {
            any = true;
            ControlFlow::Break(())
        });
        any
    }

    /// The most values the rest of the turn can use from `n`.
    pub(super) fn max_usable<V: RuleCard>(&self, n: &Node) -> u8 {
        // With many values left that cannot all be used, the search would
        // try every order of playing them (a chain of bonus throws near
        // Home): it remembers the states it has weighed instead.
        self.usable_from::<V>(n, &mut self.memo(n))
    }

    /// Where the search for how many values can be used keeps the states
    /// it has weighed: nowhere unless many values are left.
    pub(super) fn memo(&self, n: &Node) -> Option<Remembered> {
        (self.unspent_count(n) > REMEMBER_ABOVE).then(|| Remembered::new(REMEMBER_AT_MOST))
    }

    /// [`Turn::max_usable`], remembering what it found in `memo`, if any.
    pub(super) fn usable_from<V: RuleCard>(&self, n: &Node, memo: &mut Option<Remembered>) -> u8 {
        let remaining = self.unspent_count(n);
        if remaining == 0 {
            return 0;
        }
        if self.one_pawn_takes_the_rest::<V>(n) {
            return remaining;
        }
        let key = memo.as_ref().map(|_| self.state_key(n));
        if let Some(known) = memo.as_mut().zip(key.as_ref()).and_then(|(m, k)| m.get(k)) {
            return known & !WALKED;
        }
        // Worked out only once a first way falls short of using every value.
        let mut bound = None;
        let mut best = 0;
        self.for_each_candidate::<V>(n, Throws::FirstOfEqual, |m: Move, cap| {
            let used = m.values_used() as u8;
            let total = if used < remaining {
                self.used_after::<V>(n, m, cap, memo)
            } else {
                used
            };
            best = best.max(total);
            if best == remaining || best == *bound.get_or_insert_with(|| self.usable_bound::<V>(n))
            {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        });
        if let Some(m) = memo.as_mut() {
            m.insert(key.expect("a key with a memo"), best);
        }
        best
    }

    /// [`Turn::used_with_rest`] for `m`, a candidate of `n` (with its
    /// `capture`), played on a copy of `n`.
    fn used_after<V: RuleCard>(
        &self,
        n: &Node,
        m: Move,
        capture: Option<Capture>,
        memo: &mut Option<Remembered>,
    ) -> u8 {
        let mut child = *n;
        self.apply::<V>(&mut child, m, capture);
        self.used_with_rest::<V>(n, m, &child, memo)
    }

    /// The values move `m` uses from `n` together with the most the rest
    /// of the turn can use after it (`child`). A move that finishes the
    /// player uses every value some pawn could still take: nothing is left
    /// to take them, and finishing is never refused for leaving values
    /// unused.
    pub(super) fn used_with_rest<V: RuleCard>(
        &self,
        n: &Node,
        m: Move,
        child: &Node,
        memo: &mut Option<Remembered>,
    ) -> u8 {
        if child.pos.is_finished(self.side) {
            self.live_slots(n).count_ones() as u8
        } else {
            m.values_used() as u8 + self.usable_from::<V>(child, memo)
        }
    }

    /// The value slots left that some pawn can still take: not those of
    /// the throws that every pawn still on its way has moved with (a pawn
    /// takes values of one throw in one move), which are lost.
    pub(super) fn live_slots(&self, n: &Node) -> u64 {
        let pawns = n.pos.pawns(self.side);
        let home = n.pos.home();
        let lost = (0..pawns.len())
            .filter(|&i| pawns[i] != home)
            .fold(u32::MAX, |lost, i| lost & n.moved[i]);
        self.unspent(n) & !slots_of_throws(lost)
    }

    /// Going through Home must be "the only possible move", read over the
    /// whole turn: it is open only if it lets the turn use more values
    /// than any way without it. A player who can use the throws without
    /// it may not split them so as to leave a pawn nothing else to do.
    pub(super) fn open_overshoot<V: RuleCard>(&mut self) {
        self.overshoot_open = true;
        if !self.overshoot_rule::<V>() {
            return;
        }
        let now = self.now;
        let home = now.pos.home();
        let total: u32 = self.values_in(self.unspent(&now)).map(u32::from).sum();
        let within_reach = now
            .pos
            .pawns(self.side)
            .iter()
            .any(|&s| s != home && u32::from(home - s) < total);
        if !within_reach {
            return;
        }
        // Without it first: when that uses every value, nothing can use more.
        self.overshoot_open = false;
        let without = self.max_usable::<V>(&now);
        if without < self.live_slots(&now).count_ones() as u8 {
            // The search reads the flag: open it to ask what it allows.
            self.overshoot_open = true;
            self.overshoot_open = self.max_usable::<V>(&now) > without;
        }
    }
}
