//! A state of a turn's move phase: the position with who stands on which
//! cell, the values and pawns used, and pawns sent back.

use crate::board::{Cell, Side, NO_CELL};
use crate::rules::card::{RuleCard, Standing};
use crate::rules::position::{Position, MAX_PAWNS};

/// Opponent pawns a move sends back: `count` of `side`'s on `cell`.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) struct Capture {
    pub(super) side: Side,
    pub(super) cell: Cell,
    pub(super) count: u8,
}

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
    pub(super) cells: [[u8; ROW]; 4],
    /// The value slots spent: bit `throw * 3 + die`.
    pub(super) spent: u64,
    /// Per pawn slot of the moving side: bit t set once it moved with throw t.
    pub(super) moved: [u32; MAX_PAWNS],
    /// A pawn moved this turn.
    pub(super) moved_any: bool,
    /// Captures this turn that earn another turn.
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
    pub(super) fn canonicalize<V: RuleCard>(&mut self) {
        let n = V::pawns_in_play(&self.pos);
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
    /// pawns (on unsafe squares there is one, but where the game lets two
    /// colours share one: [`Node::third_colour_on`]).
    #[inline]
    pub(super) fn opponent_on(&self, side: Side, cell: u8) -> Option<(Side, u8)> {
        (0..4u8)
            .map(Side)
            .filter(|&s| s != side)
            .map(|s| (s, self.count_on(s, cell)))
            .find(|&(_, n)| n > 0)
    }

    /// Whether a colour other than `side` and `other` stands on a cell too
    /// (in Chowka Bhara, where a double hit one of two pawns inside the
    /// outer ring, the other stays beside it).
    #[inline]
    pub(super) fn third_colour_on(&self, side: Side, other: Side, cell: u8) -> bool {
        (0..4u8)
            .map(Side)
            .any(|s| s != side && s != other && self.count_on(s, cell) > 0)
    }

    /// The slots of the side to move's pawns on `from` that have not yet
    /// moved with throw `t`.
    #[inline]
    pub(super) fn free_slots<V: RuleCard>(&self, side: Side, from: u8, t: usize) -> u16 {
        let pawns = &self.pos.pawns[side.index()][..V::pawns_in_play(&self.pos)];
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

    /// Sends pawns back to where the game restarts them.
    pub(super) fn send_back<V: RuleCard>(&mut self, c: Capture) {
        let pos = &mut self.pos;
        let restart = V::restart_step(&pos.options);
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
        V::after_cut(pos, c.side, c.cell);
        self.refresh_side(c.side);
    }
}

impl Standing for Node {
    #[inline]
    fn pos(&self) -> &Position {
        &self.pos
    }

    #[inline]
    fn count_on(&self, side: Side, cell: u8) -> u8 {
        Node::count_on(self, side, cell)
    }

    #[inline]
    fn opponent_on(&self, side: Side, cell: u8) -> Option<(Side, u8)> {
        Node::opponent_on(self, side, cell)
    }

    #[inline]
    fn third_colour_on(&self, side: Side, other: Side, cell: u8) -> bool {
        Node::third_colour_on(self, side, other, cell)
    }
}
