//! A uniformly random legal move, for self-play, statistics and the
//! benchmarks: without listing the legal moves.

use super::generate::{Piece, Unit};
use super::state::Turn;
use crate::rules::card::RuleCard;
use crate::rules::moves::{Move, MAX_THROWS, SLOTS};
use arrayvec::ArrayVec;

/// The most pieces random play lists in one state: a piece per pawn, pair
/// or group and pawn that differs by what it has moved with, for each
/// throw some pawn has already moved with (four pawns of the cross board
/// give at most 8 a throw; the square board's throws are single values, so
/// their pieces are listed once).
const MAX_PIECES: usize = 8 * MAX_THROWS + 16;

/// The tickets of one throw: each of its sets of values worth trying with
/// each piece of `pieces[start..start + len]`, in every shape.
#[derive(Clone, Copy)]
struct Group {
    throw: usize,
    /// The sets of its dice, as bits of a byte (see `Turn::value_sets`).
    sets: u8,
    start: usize,
    len: usize,
    /// Tickets in the groups before this one.
    before: usize,
}

impl Turn {
    /// Plays a uniformly random legal move, `below(n)` choosing an index
    /// under n, in the move phase.
    ///
    /// Every piece with every set of values of one throw it could take,
    /// once for each shape such a move can have, is a ticket; tickets are
    /// drawn at random and the first that makes a legal move is kept. Each
    /// legal move has exactly one ticket, so the draw is uniform over the
    /// legal moves. The tickets are numbered, not listed, and only those
    /// drawn are checked against the rules.
    pub(super) fn play_random_in<V: RuleCard>(
        &mut self,
        below: &mut dyn FnMut(usize) -> usize,
    ) -> Move {
        let now = &self.now;
        let mut pieces: ArrayVec<Piece, MAX_PIECES> = ArrayVec::new();
        let mut groups: ArrayVec<Group, MAX_THROWS> = ArrayVec::new();
        // The pieces of the throws nobody has moved with yet are the same.
        let mut untouched: Option<(usize, usize)> = None;
        let mut tickets = 0;
        for t in 0..self.n_throws as usize {
            let sets = self.value_sets(now, t);
            if sets == 0 {
                continue;
            }
            let shared = now.moved_with(t) == 0;
            let (start, len) = match untouched {
                Some(range) if shared => range,
                _ => {
                    let start = pieces.len();
                    let _ = self.for_each_piece::<V>(now, t, false, |p| {
                        pieces.push(p);
                        std::ops::ControlFlow::Continue(())
                    });
                    let range = (start, pieces.len() - start);
                    if shared {
                        untouched = Some(range);
                    }
                    range
                }
            };
            if len == 0 {
                continue;
            }
            groups.push(Group {
                throw: t,
                sets,
                start,
                len,
                before: tickets,
            });
            tickets += sets.count_ones() as usize * len * V::SHAPES;
        }
        let mut on_stack = [0u64; 16];
        let mut on_heap;
        let words = tickets.div_ceil(64);
        let tried: &mut [u64] = if words <= on_stack.len() {
            &mut on_stack[..words]
        } else {
            on_heap = vec![0u64; words];
            &mut on_heap
        };
        let remaining = self.unspent_count(now);
        let mut best: Option<u8> = None;
        // The tickets' searches and the one for the most that can be used
        // meet the same states of the turn.
        let mut memo = self.memo(now);
        // A pass with any candidate has a legal one, so the next pass is
        // reached only as `for_each_candidate` reaches it.
        for &overshoot in self.overshoot_passes::<V>() {
            tried.fill(0);
            let mut left = tickets;
            while left > 0 {
                let r = below(tickets);
                let bit = 1u64 << (r % 64);
                if tried[r / 64] & bit != 0 {
                    continue;
                }
                tried[r / 64] |= bit;
                left -= 1;
                let g = groups[groups.partition_point(|g| g.before <= r) - 1];
                let local = r - g.before;
                let shape = local % V::SHAPES;
                let piece = pieces[g.start + local / V::SHAPES % g.len];
                let set = nth_bit(g.sets, local / V::SHAPES / g.len);
                let unit = Unit {
                    piece,
                    spend: u64::from(set) << (g.throw * SLOTS),
                };
                let Some((m, cap)) = self.unit_candidate::<V>(now, unit, shape, overshoot) else {
                    continue;
                };
                let mut child = *now;
                self.apply::<V>(&mut child, m, cap);
                let total = self.used_with_rest::<V>(now, m, &child, &mut memo);
                // No way of playing uses more than every value left.
                let legal = total == remaining
                    || total == *best.get_or_insert_with(|| self.usable_from::<V>(now, &mut memo));
                if legal {
                    let ends = total == m.values_used() as u8 || child.pos.is_finished(self.side);
                    self.now = child;
                    if ends || self.now.pos.is_over() {
                        self.end_turn_as::<V>();
                    }
                    return m;
                }
            }
        }
        unreachable!("the move phase always has a legal move")
    }
}

/// The number of the `k`th set bit of `bits`, lowest first.
fn nth_bit(mut bits: u8, k: usize) -> u8 {
    for _ in 0..k {
        bits &= bits - 1;
    }
    bits.trailing_zeros() as u8
}
