//! What a move changes: the pawns, who stands where, the values and pawns
//! used, pawns sent back, and what the games remember.

use super::moves::{home, pawn_count};
use super::{Capture, Move, TruePair, Turn, Variant, MAX_THROWS};
use crate::board::{Side, NO_CELL};
use crate::rules::game::Game;
use crate::rules::position::{Ool, Position, KAJALVUN_STEP, MAX_PAWNS};

/// Cells kept per side: a side's pawns, padded with [`NO_CELL`], so that
/// one side's row is compared with a cell in one go.
const ROW: usize = 16;

/// A state of a turn's move phase: what its moves change. The search for
/// how many values can be used copies one for every move it weighs.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub(super) struct Node {
    pub(super) pos: Position,
    /// The cell of every pawn by side and slot ([`NO_CELL`] off the board),
    /// kept beside the steps because every landing asks who stands where.
    cells: [[u8; ROW]; 4],
    /// The value slots spent: bit `throw * 3 + die`.
    pub(super) spent: u64,
    /// Per pawn slot of the moving side: bit t set once it moved with throw t.
    pub(super) moved: [u32; MAX_PAWNS],
    /// A pawn moved this turn.
    pub(super) moved_any: bool,
    /// Chowka Bhara: hits this turn, each earning another turn.
    pub(super) hits: u8,
}

/// The positions in `row` that hold `cell`, as bits.
#[inline]
fn matches(row: &[u8; ROW], cell: u8) -> u32 {
    #[cfg(target_arch = "x86_64")]
    {
        use std::arch::x86_64::{
            _mm_cmpeq_epi8, _mm_loadu_si128, _mm_movemask_epi8, _mm_set1_epi8,
        };
        // SAFETY: SSE2 is part of every x86-64 processor, and the load
        // reads exactly the row's 16 bytes.
        unsafe {
            let row = _mm_loadu_si128(row.as_ptr().cast());
            _mm_movemask_epi8(_mm_cmpeq_epi8(row, _mm_set1_epi8(cell as i8))) as u32
        }
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        row.iter()
            .enumerate()
            .fold(0, |m, (i, &c)| m | u32::from(c == cell) << i)
    }
}

impl Node {
    pub(super) fn new(pos: Position) -> Node {
        let mut n = Node {
            pos,
            cells: [[NO_CELL; ROW]; 4],
            spent: 0,
            moved: [0; MAX_PAWNS],
            moved_any: false,
            hits: 0,
        };
        n.refresh_cells();
        n
    }

    /// Recomputes the pawns' cells after their steps changed.
    pub(super) fn refresh_cells(&mut self) {
        for &side in self.pos.seats() {
            self.refresh_side(side);
        }
    }

    /// Puts each side's pawns in order of step, as between turns, so that
    /// equal positions compare equal; the cells follow.
    pub(super) fn canonicalize<V: Variant>(&mut self) {
        let n = pawn_count::<V>(&self.pos);
        for side in Side::ALL {
            let row = &mut self.pos.pawns[side.index()][..n];
            if row.windows(2).any(|w| w[0] > w[1]) {
                row.sort_unstable();
                self.refresh_side(side);
            }
        }
    }

    /// Recomputes the cells of one side's pawns.
    fn refresh_side(&mut self, side: Side) {
        let board = self.pos.board();
        let n = self.pos.pawn_count();
        for i in 0..n {
            self.cells[side.index()][i] = board.cell_id(side, self.pos.pawns[side.index()][i]);
        }
    }

    /// The slots of `side`'s pawns standing on `cell`, as bits.
    #[inline]
    pub(super) fn slots_on(&self, side: Side, cell: u8) -> u32 {
        matches(&self.cells[side.index()], cell)
    }

    /// How many of `side`'s pawns stand on `cell`.
    #[inline]
    pub(super) fn count_on(&self, side: Side, cell: u8) -> u8 {
        self.slots_on(side, cell).count_ones() as u8
    }

    /// The first other colour standing on a cell and how many of its
    /// pawns (on unsafe squares there is one, but for Chowka Bhara's
    /// [`Node::third_colour_on`]).
    #[inline]
    pub(super) fn opponent_on(&self, side: Side, cell: u8) -> Option<(Side, u8)> {
        (0..4u8)
            .map(Side)
            .filter(|&s| s != side)
            .map(|s| (s, self.count_on(s, cell)))
            .find(|&(_, n)| n > 0)
    }

    /// Chowka Bhara: whether a colour other than `side` and `other` stands
    /// on a cell too (where a double hit one of two pawns inside the outer
    /// ring, the other stays beside it).
    #[inline]
    pub(super) fn third_colour_on(&self, side: Side, other: Side, cell: u8) -> bool {
        (0..4u8)
            .map(Side)
            .any(|s| s != side && s != other && self.count_on(s, cell) > 0)
    }

    /// The slots of the side to move's pawns on `from` that have not yet
    /// moved with throw `t`.
    #[inline]
    pub(super) fn free_slots<V: Variant>(&self, side: Side, from: u8, t: usize) -> u16 {
        let pawns = &self.pos.pawns[side.index()][..pawn_count::<V>(&self.pos)];
        let mut free = 0;
        for (i, &step) in pawns.iter().enumerate() {
            if step == from && self.moved[i] & (1 << t) == 0 {
                free |= 1 << i;
            }
        }
        free
    }

    /// The pawn slots of the side to move that have moved with throw `t`.
    #[inline]
    pub(super) fn moved_with(&self, t: usize) -> u16 {
        let mut m = 0;
        for (i, &with) in self.moved.iter().enumerate().take(self.pos.pawn_count()) {
            if with & (1 << t) != 0 {
                m |= 1 << i;
            }
        }
        m
    }

    /// Sends pawns back: to the centre, or to their start square on the
    /// square board (off it with entry throws). A Jug cut goes back whole.
    pub(super) fn send_back(&mut self, c: Capture) {
        let pos = &mut self.pos;
        let restart = if pos.game == Game::ChowkaBhara && !pos.options.entry_throws {
            1
        } else {
            0
        };
        let n = pos.pawn_count();
        let mut left = c.count;
        for i in 0..n {
            if left > 0 && self.cells[c.side.index()][i] == c.cell.0 {
                pos.pawns[c.side.index()][i] = restart;
                left -= 1;
            }
        }
        // Only the moving side's pawns keep their order during a turn.
        pos.pawns[c.side.index()][..n].sort_unstable();
        let jug_cell = pos.flags(c.side).jug.and_then(|j| pos.cell(c.side, j));
        if jug_cell == Some(c.cell) {
            // The Jug is cut: both pawns go back whole and it is gone.
            let f = &mut pos.flags[c.side.index()];
            f.jug = None;
            f.jug_moved = false;
            if f.ool != Ool::Done {
                f.ool = Ool::NotYet;
            }
        }
        // A pair cut leaves one pair at most: none to name true.
        pos.settle_true_pair(c.side, None);
        self.refresh_side(c.side);
    }

    /// Chopat's memory: Kajalvun, the Jug's moves, Ool Olangvun.
    fn chopat_after_move(&mut self, side: Side, m: Move) {
        let at_kajalvun = self.pos.pawns_on(side, KAJALVUN_STEP);
        let may_pair = self.pos.can_pair_at(side, m.to);
        let f = &mut self.pos.flags[side.index()];
        match f.jug {
            Some(j) if j == m.from && m.pawns == 2 && may_pair => {
                f.jug = Some(m.to);
                if f.ool != Ool::Done {
                    f.jug_moved = true;
                }
            }
            Some(j) if j == m.from => {
                // One pawn left the Jug, or both went on into the Belly
                // or Home, where pawns are never a pair: it is broken.
                f.jug = None;
                f.jug_moved = false;
                if f.ool != Ool::Done {
                    f.ool = Ool::NotYet;
                }
            }
            Some(j)
                if m.pawns == 1
                    && f.jug_moved
                    && f.ool == Ool::NotYet
                    && m.from < j
                    && j < m.to =>
            {
                f.ool = Ool::Pending(m.to);
            }
            _ => {}
        }
        // The passing pawn is followed by its step, alone or with a pawn
        // that joined it.
        if f.ool == Ool::Pending(m.from) {
            f.ool = Ool::Pending(m.to);
        }
        if !f.kajalvun && m.to == KAJALVUN_STEP && at_kajalvun >= 2 {
            f.kajalvun = true;
            f.jug = Some(KAJALVUN_STEP);
            f.jug_moved = false;
        }
        if self.pos.options.false_pair {
            // The true pair follows its pawns when they move together.
            if f.true_pair == Some(m.from) && m.pawns == 2 {
                f.true_pair = Some(m.to);
            }
            let named = m.true_pair.and_then(|which| match which {
                TruePair::Formed => Some(m.to),
                TruePair::Standing => {
                    let pos = &self.pos;
                    pos.pair_steps(side)
                        .into_iter()
                        .find(|&s| !pos.same_square(side, s, m.to))
                }
            });
            self.pos.settle_true_pair(side, named);
        }
    }
}

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
        super::throws_of_slots(self.unspent(n))
    }

    /// The slot of a pawn on `from`, free to move with throw `t`, whose
    /// history is `mover` (none for [`Move::EITHER_PAWN`]).
    pub(super) fn mover_slot<V: Variant>(
        &self,
        n: &Node,
        from: u8,
        t: usize,
        mover: u32,
    ) -> Option<usize> {
        if mover == Move::EITHER_PAWN {
            return None;
        }
        let free = n.free_slots::<V>(self.side, from, t);
        (0..MAX_PAWNS)
            .rev()
            .find(|&i| free & (1 << i) != 0 && self.history(n, i, t) == mover)
    }

    /// Applies a checked move to `n`: pawns, captures, flags, places.
    pub(super) fn apply<V: Variant>(&self, n: &mut Node, m: Move, capture: Option<Capture>) {
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
        n.spent |= m.spend;
        n.moved_any = true;
        if let Some(c) = capture {
            n.send_back(c);
            // Only the games whose rules ask for a first cut remember it.
            if matches!(V::GAME, Game::Pagade | Game::ChowkaBhara) {
                n.pos.flags[side.index()].has_cut = true;
            }
            if V::GAME.capture_earns_turn() {
                n.hits = n.hits.saturating_add(1);
            }
        }
        if V::GAME == Game::Chopat {
            n.chopat_after_move(side, m);
        }
        if m.to == home::<V>(&n.pos) && all_home::<V>(&n.pos, side) && !n.pos.is_finished(side) {
            let k = n.pos.finished as usize;
            n.pos.places[k] = side;
            n.pos.finished += 1;
        }
    }
}

/// Whether every pawn of `side` is Home.
#[inline]
fn all_home<V: Variant>(pos: &Position, side: Side) -> bool {
    let home = home::<V>(pos);
    pos.pawns[side.index()][..pawn_count::<V>(pos)]
        .iter()
        .all(|&s| s == home)
}
