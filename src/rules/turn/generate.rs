//! Where pawns may go, and why not: the values a move may take, the pieces
//! that may move, the shapes of their moves (asked of the game's card),
//! where they end and whom they capture there.

use super::node::{Capture, Node};
use super::state::Turn;
use crate::board::{Cell, Side};
use crate::rules::card::{Landing, RuleCard, ShapeQuery, Shapes};
use crate::rules::illegal::Illegal;
use crate::rules::moves::{Move, Mover, Spend, SLOTS};
use crate::rules::position::{Squares, MAX_PAWNS};
use arrayvec::ArrayVec;
use std::ops::ControlFlow;

/// Which of a turn's throws a search tries.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Throws {
    /// Every one: each move a player may make is listed.
    All,
    /// Of equal throws not yet touched, only the first: the others would
    /// lead to the same positions, so questions of what can be done need
    /// not try them. Each throw's values are tried all together first: a
    /// way to use every value is then found soonest (one pawn taking the
    /// first die of each throw would leave the others to a pawn that may
    /// not be able to take them, a dead end for the search to leave).
    FirstOfEqual,
    /// As `FirstOfEqual`, but single values first: whether any move
    /// exists is answered soonest by the moves likeliest to fit.
    Any,
}

/// A move with what it captures, or the reason it is refused (with the
/// step it would have reached, when the refusal is about landing there).
pub(super) type Candidate = Result<(Move, Option<Capture>), (Illegal, Option<u8>)>;

/// Pawns of the side to move that would go together: `pawns` of the
/// `here` standing on step `from`.
#[derive(Clone, Copy, Debug)]
pub(super) struct Piece {
    pub(super) from: u8,
    pub(super) pawns: u8,
    pub(super) here: u8,
    /// [`Move::mover`].
    pub(super) mover: Mover,
}

/// Pawns and values a move could take, before the rules have said where
/// (or whether) they may go.
#[derive(Clone, Copy, Debug)]
pub(super) struct Unit {
    pub(super) piece: Piece,
    pub(super) spend: u64,
}

/// The values of one throw a move spends.
#[derive(Clone, Copy)]
pub(super) struct Values {
    v: [u8; SLOTS],
    len: usize,
}

impl std::ops::Deref for Values {
    type Target = [u8];

    fn deref(&self) -> &[u8] {
        &self.v[..self.len]
    }
}

/// For each pattern of equal dice in a throw ([`crate::dice::Throw::equal_dice`])
/// and each set of its dice still free, the sets of dice worth trying, as
/// bits of a byte (bit `s` for the set of dice `s`): of the sets with the
/// same values, the one that takes equal values from the earliest free
/// dice.
const VALUE_SETS: [[u8; 8]; 8] = value_sets();

const fn value_sets() -> [[u8; 8]; 8] {
    let mut table = [[0u8; 8]; 8];
    let mut pattern = 0;
    while pattern < 8 {
        // The dice before each die that show the same face.
        let b1 = if pattern & 1 != 0 { 1 } else { 0 };
        let b2 = (if pattern & 2 != 0 { 1 } else { 0 }) | (if pattern & 4 != 0 { 2 } else { 0 });
        let before: [usize; 3] = [0, b1, b2];
        let mut free: usize = 0;
        while free < 8 {
            let mut sub: usize = 1;
            while sub < 8 {
                let mut keep = sub & !free == 0;
                let mut i = 0;
                while i < 3 {
                    if sub & (1 << i) != 0 && (before[i] & free) & !sub != 0 {
                        keep = false;
                    }
                    i += 1;
                }
                if keep {
                    table[pattern][free] |= 1 << sub;
                }
                sub += 1;
            }
            free += 1;
        }
        pattern += 1;
    }
    table
}

impl Turn {
    /// The sets of value slots of throw `t` worth trying with the dice not
    /// yet spent, as a byte of bits (see [`VALUE_SETS`]).
    #[inline]
    pub(super) fn value_sets(&self, n: &Node, t: usize) -> u8 {
        let throw = &self.throws[t];
        let free = !(n.spent >> (t * SLOTS)) as usize & ((1 << throw.values().len()) - 1);
        VALUE_SETS[throw.equal_dice()][free]
    }

    /// Whether throw `t` is skipped when asking what can be done: equal
    /// throws not yet touched lead to the same positions, so only the
    /// first of them is tried.
    #[inline]
    fn same_as_earlier(&self, n: &Node, t: usize) -> bool {
        let untouched = |t: usize| (n.spent >> (t * SLOTS)) & ((1 << SLOTS) - 1) == 0;
        t > 0
            && untouched(t)
            && (0..t).any(|e| untouched(e) && self.throws[e].values() == self.throws[t].values())
    }

    /// Calls `f` with the spend masks worth trying: each distinct set of
    /// values of each throw (equal values of one throw are interchangeable).
    pub(super) fn for_each_spend(
        &self,
        n: &Node,
        throws: Throws,
        mut f: impl FnMut(u64) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        for t in 0..self.n_throws as usize {
            if throws != Throws::All && self.same_as_earlier(n, t) {
                continue;
            }
            let mut sets = self.value_sets(n, t);
            while sets != 0 {
                let sub = if throws == Throws::FirstOfEqual {
                    // Each throw's values all together first.
                    let s = 7 - sets.leading_zeros();
                    sets &= !(1 << s);
                    s
                } else {
                    let s = sets.trailing_zeros();
                    sets &= sets - 1;
                    s
                };
                f(u64::from(sub) << (t * SLOTS))?;
            }
        }
        ControlFlow::Continue(())
    }

    /// Calls `f` with each step the side to move holds and may move from
    /// now, and the slots of its pawns there as bits: in order of step if
    /// `in_order` (the order moves are listed in), else as found.
    fn for_each_square<V: RuleCard>(
        &self,
        n: &Node,
        in_order: bool,
        mut f: impl FnMut(u8, u16) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let pos = &n.pos;
        let home = V::home(pos);
        let pawns = &pos.pawns[self.side.index()][..V::pawns_in_play(pos)];
        // While a cut pawn waits, only waiting pawns move, where the game
        // says so.
        let reentry_first = V::REENTER_FIRST && pawns.contains(&0);
        let may_move = |step: u8| step != home && (!reentry_first || step == 0);
        let on = |step: u8| {
            let mut slots = 0;
            for (i, &s) in pawns.iter().enumerate() {
                slots |= u16::from(s == step) << i;
            }
            slots
        };
        if in_order {
            let mut steps = 0u128;
            for &step in pawns {
                if may_move(step) {
                    steps |= 1 << step;
                }
            }
            while steps != 0 {
                let step = steps.trailing_zeros() as u8;
                steps &= steps - 1;
                f(step, on(step))?;
            }
        } else {
            let mut done = 0u16;
            for (i, &step) in pawns.iter().enumerate() {
                if done & (1 << i) == 0 && may_move(step) {
                    let slots = on(step);
                    done |= slots;
                    f(step, slots)?;
                }
            }
        }
        ControlFlow::Continue(())
    }

    /// Whether the values left are of one throw and one pawn alone may take
    /// them all: then every value can be used. The way the search for how
    /// many can be used tries first, without its machinery.
    pub(super) fn one_pawn_takes_the_rest<V: RuleCard>(&self, n: &Node) -> bool {
        let spend = self.unspent(n);
        let t = spend.trailing_zeros() as usize / SLOTS;
        if spend >> (t * SLOTS) >= 1 << SLOTS {
            return false;
        }
        let values = self.spend_values(spend);
        let moved = n.moved_with(t);
        self.for_each_square::<V>(n, false, |from, slots| {
            if slots & !moved == 0 {
                return ControlFlow::Continue(());
            }
            let piece = Piece {
                from,
                pawns: 1,
                here: slots.count_ones() as u8,
                mover: Mover::Either,
            };
            let mut found = ControlFlow::Continue(());
            self.shaped_moves::<V>(n, piece, spend, &values, false, &mut |r| {
                if r.is_ok() {
                    found = ControlFlow::Break(());
                }
                found
            });
            found
        })
        .is_break()
    }

    /// Calls `f` with every piece that may move with throw `t`: pawns that
    /// have not yet moved with it, alone or together, and where pawns alone
    /// differ by what they have moved with, each of them. Pieces come square
    /// by square, in order of step if `in_order`.
    pub(super) fn for_each_piece<V: RuleCard>(
        &self,
        n: &Node,
        t: usize,
        in_order: bool,
        mut f: impl FnMut(Piece) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let moved = n.moved_with(t);
        // Pawns on one square differ only if some moved with another throw.
        let histories = n.moved.iter().any(|&m| m & !(1 << t) != 0);
        self.for_each_square::<V>(n, in_order, |from, slots| {
            let free = slots & !moved;
            if free == 0 {
                return ControlFlow::Continue(());
            }
            let here = slots.count_ones() as u8;
            let mut piece = Piece {
                from,
                pawns: 1,
                here,
                mover: Mover::Either,
            };
            let several = free & (free - 1) != 0;
            if histories && several {
                for mover in self.single_movers(n, free, t) {
                    piece.mover = mover;
                    f(piece)?;
                }
                piece.mover = Mover::Either;
            } else {
                f(piece)?;
            }
            if several && V::moves_together(&n.pos, self.side, from) {
                let (sizes, len) = V::group_sizes(here);
                for &size in &sizes[..len] {
                    if u32::from(size) <= free.count_ones() {
                        piece.pawns = size;
                        f(piece)?;
                    }
                }
            }
            ControlFlow::Continue(())
        })
    }

    /// Calls `f` with every piece of the side to move that may move now,
    /// once with each distinct set of values it could take (and the values).
    pub(super) fn for_each_unit<V: RuleCard>(
        &self,
        n: &Node,
        throws: Throws,
        f: &mut impl FnMut(Unit, &[u8]) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        // Listed moves come in order of step; a search takes them as found.
        let in_order = throws == Throws::All;
        self.for_each_spend(n, throws, |spend| {
            let t = spend.trailing_zeros() as usize / SLOTS;
            let values = self.spend_values(spend);
            self.for_each_piece::<V>(n, t, in_order, |piece| f(Unit { piece, spend }, &values))
        })
    }

    /// The choices of single pawn among the pawn slots `free` (on one
    /// square, free to move with throw `t`): one [`Move::mover`] per
    /// distinct history, or [`Mover::Either`] if they are all alike.
    fn single_movers(&self, n: &Node, free: u16, t: usize) -> ArrayVec<Mover, MAX_PAWNS> {
        let mut histories: ArrayVec<Mover, MAX_PAWNS> = ArrayVec::new();
        for slot in (0..MAX_PAWNS).filter(|&i| free & 1 << i != 0) {
            let h = Mover::moved_with(self.history(n, slot, t));
            if !histories.contains(&h) {
                histories.push(h);
            }
        }
        if histories.len() < 2 {
            histories.clear();
            histories.push(Mover::Either);
        }
        histories
    }

    /// The values a spend mask takes from its throw.
    pub(super) fn spend_values(&self, spend: u64) -> Values {
        let t = spend.trailing_zeros() as usize / SLOTS;
        let dice = (spend >> (t * SLOTS)) as usize;
        let mut values = Values {
            v: [0; SLOTS],
            len: 0,
        };
        for (d, &v) in self.throws[t].values().iter().enumerate() {
            if dice & (1 << d) != 0 {
                values.v[values.len] = v;
                values.len += 1;
            }
        }
        values
    }

    /// Calls `f` with every move that passes every rule but the one about
    /// using as many values as possible.
    pub(super) fn for_each_candidate<V: RuleCard>(
        &self,
        n: &Node,
        throws: Throws,
        mut f: impl FnMut(Move, Option<Capture>) -> ControlFlow<()>,
    ) {
        for &overshoot in self.overshoot_passes::<V>() {
            let mut any = false;
            let flow = self.visit_candidates::<V>(n, overshoot, throws, &mut |m, cap| {
                any = true;
                f(m, cap)
            });
            if any || flow.is_break() {
                return;
            }
        }
    }

    /// The passes in which moves are looked for: within the path and then,
    /// under Chopat's "overshoot: new circuit", through Home and round
    /// again, which is open only when the first pass found no move at all.
    pub(super) fn overshoot_passes<V: RuleCard>(&self) -> &'static [bool] {
        if self.overshoot_rule::<V>() {
            &[false, true]
        } else {
            &[false]
        }
    }

    /// Whether the game has Chopat's "overshoot: new circuit" rule, open
    /// in this turn.
    pub(super) fn overshoot_rule<V: RuleCard>(&self) -> bool {
        V::overshoots(&self.now.pos.options) && self.overshoot_open
    }

    /// The candidates that stay within the path or, with `overshoot`, only
    /// those that go through Home and round again.
    pub(super) fn visit_candidates<V: RuleCard>(
        &self,
        n: &Node,
        overshoot: bool,
        throws: Throws,
        f: &mut impl FnMut(Move, Option<Capture>) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        self.for_each_unit::<V>(n, throws, &mut |unit, values| {
            let mut flow = ControlFlow::Continue(());
            self.shaped_moves::<V>(n, unit.piece, unit.spend, values, overshoot, &mut |r| {
                if let Ok((m, cap)) = r {
                    if !overshoot || m.to < m.from {
                        flow = f(m, cap);
                    }
                }
                flow
            });
            flow
        })
    }

    /// The candidate of `unit`'s shape number `shape`, if it has that
    /// many shapes and that one passes every rule but the one about using
    /// as many values as possible.
    pub(super) fn unit_candidate<V: RuleCard>(
        &self,
        n: &Node,
        unit: Unit,
        shape: usize,
        overshoot: bool,
    ) -> Option<(Move, Option<Capture>)> {
        let mut found = None;
        let mut k = 0;
        let values = self.spend_values(unit.spend);
        self.shaped_moves::<V>(n, unit.piece, unit.spend, &values, overshoot, &mut |r| {
            if k < shape {
                k += 1;
                return ControlFlow::Continue(());
            }
            found = r.ok().filter(|(m, _)| !overshoot || m.to < m.from);
            ControlFlow::Break(())
        });
        found
    }

    /// The moves of a piece with values already known to be available,
    /// one for each shape the game gives it.
    pub(super) fn shaped_moves<V: RuleCard>(
        &self,
        n: &Node,
        piece: Piece,
        spend: u64,
        values: &[u8],
        overshoot: bool,
        f: &mut impl FnMut(Candidate) -> ControlFlow<()>,
    ) {
        let Piece {
            from, pawns, here, ..
        } = piece;
        let t = spend.trailing_zeros() as usize / SLOTS;
        let side = self.side;
        let shapes = match self.shapes::<V>(n, from, pawns, values, t, here) {
            Ok(s) => s,
            Err(e) => {
                let _ = f(Err((e, None)));
                return;
            }
        };
        for shape in shapes {
            let to = if shape.enter {
                Ok(1)
            } else {
                self.destination::<V>(n, from, shape.distance, overshoot)
            };
            let result = to.map_err(|e| (e, None)).and_then(|to| {
                let m = Move {
                    mover: if shape.pawns == 1 {
                        piece.mover
                    } else {
                        Mover::Either
                    },
                    ..Move::new(from, to, shape.pawns, Spend::from_bits(spend))
                };
                self.landing::<V>(n, side, m)
                    .map(|cap| (m, cap))
                    .map_err(|e| (e, Some(to)))
            });
            let ways = match result {
                Ok((m, _)) => V::named_ways(&n.pos, side, m),
                Err(_) => None,
            };
            match (ways, result) {
                // A move its player makes one of two ways is two moves.
                (Some(ways), Ok((_, cap))) => {
                    for named in ways {
                        if f(Ok((named, cap))).is_break() {
                            return;
                        }
                    }
                }
                _ => {
                    if f(result).is_break() {
                        return;
                    }
                }
            }
        }
    }

    /// The ways `pawns` pawns standing on `from` may move with `values` (a
    /// set of values of throw `t`), by the rules of the game.
    #[inline]
    fn shapes<V: RuleCard>(
        &self,
        n: &Node,
        from: u8,
        pawns: u8,
        values: &[u8],
        t: usize,
        here: u8,
    ) -> Result<Shapes, Illegal> {
        let pos = &n.pos;
        if pawns > 1 && !V::together_from(pos, self.side, from) {
            return Err(Illegal::NotTogether);
        }
        V::shapes(&ShapeQuery {
            pos,
            side: self.side,
            from,
            pawns,
            here,
            values,
            first_throw: t == 0,
            values_left: self.unspent_count(n),
        })
    }

    /// Where a move of `distance` from `from` ends along the side's path.
    #[inline]
    fn destination<V: RuleCard>(
        &self,
        n: &Node,
        from: u8,
        distance: u8,
        overshoot: bool,
    ) -> Result<u8, Illegal> {
        let pos = &n.pos;
        let home = V::home(pos);
        let to = from + distance;
        if let Some(circuit) = V::circuit(&pos.options) {
            if !pos.flags(self.side).has_cut && from <= circuit.turn_in && to > circuit.turn_in {
                // Not yet allowed in: round again, or not at all.
                if !circuit.circles {
                    return Err(Illegal::InnerRingClosed);
                }
                return Ok(circuit.round(from, distance));
            }
        }
        if to > home {
            return if overshoot {
                Ok(to - home)
            } else {
                Err(Illegal::ExactHome)
            };
        }
        Ok(to)
    }

    /// Whether pawns may land on `m.to` (and pass on the way), and whom
    /// they capture there.
    #[inline]
    fn landing<V: RuleCard>(
        &self,
        n: &Node,
        side: Side,
        m: Move,
    ) -> Result<Option<Capture>, Illegal> {
        let pos = &n.pos;
        V::before_landing(pos, side, m)?;
        if m.to == V::home(pos) {
            return Ok(None);
        }
        let board = pos.board();
        let squares = pos.squares();
        let cell = board.cell_id(side, m.to);
        if V::CROSS && squares.is(cell, Squares::BELLY) {
            return Ok(None);
        }
        // Own pawns already there.
        let leaving = if m.from <= V::home(pos) && board.cell_id(side, m.from) == cell {
            m.pawns
        } else {
            0
        };
        let together = n.count_on(side, cell) - leaving + m.pawns;
        if V::SQUARE_LIMIT.is_some_and(|limit| together > limit) {
            return Err(Illegal::SquareFull);
        }
        V::joining(pos, side, m, together)?;
        V::passing(n, side, m)?;
        if squares.is(cell, Squares::SAFE) {
            return Ok(None);
        }
        let Some((other, count)) = n.opponent_on(side, cell) else {
            return Ok(None);
        };
        if (V::ALWAYS_PARTNERS || pos.partnership()) && other == side.opposite() {
            return Err(Illegal::PartnerThere);
        }
        let captured = V::capture(&Landing {
            standing: n,
            side,
            m,
            cell,
            other,
            count,
        })?;
        Ok(Some(Capture {
            side: other,
            cell: Cell(cell),
            count: captured,
        }))
    }
}
