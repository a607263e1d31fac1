//! Where pawns may go, and why not: the values a move may take, the pieces
//! that may move, the shapes of their moves, where they end and what they
//! capture there. Every rule of movement of the five games is here.

use super::node::Node;
use super::search::Throws;
use super::{Capture, Illegal, Move, TruePair, Turn, Variant, SLOTS};
use crate::board::{Cell, Side};
use crate::rules::game::Game;
use crate::rules::options::{BeforeHit, Overshoot};
use crate::rules::position::{Ool, Position, Squares, KAJALVUN_STEP, MAX_PAWNS};
use arrayvec::ArrayVec;
use std::ops::ControlFlow;

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
    pub(super) mover: u32,
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

/// A shape of move from one step with one set of values: how many pawns
/// go together and how far (or that they enter from off the board).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct Shape {
    pawns: u8,
    distance: u8,
    enter: bool,
}

/// The most shapes one piece has with one set of values.
const MAX_SHAPES: usize = 2;

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

/// Home: the last step (84 on the cross board).
#[inline]
pub(super) fn home<V: Variant>(pos: &Position) -> u8 {
    if V::GAME == Game::ChowkaBhara {
        pos.home()
    } else {
        crate::board::CROSS_HOME
    }
}

/// The last step before the inner path that needs a cut (Pagade: the
/// loop's end, 75; Chowka Bhara: the outer ring's last square).
#[inline]
pub(super) fn turn_in<V: Variant>(pos: &Position) -> Option<u8> {
    match V::GAME {
        Game::Pagade => Some(75),
        Game::ChowkaBhara => Some(4 * (pos.options.board - 1)),
        _ => None,
    }
}

/// Pawns per player: four on the cross board, known to the compiler.
#[inline]
pub(super) fn pawn_count<V: Variant>(pos: &Position) -> usize {
    if V::GAME == Game::ChowkaBhara {
        pos.pawn_count()
    } else {
        4
    }
}

/// Whether partners (opposite sides) win together and spare each other.
#[inline]
fn partnership<V: Variant>(pos: &Position) -> bool {
    matches!(V::GAME, Game::Chaupar | Game::ChauparAkbar) || pos.partnership()
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
    fn for_each_square<V: Variant>(
        &self,
        n: &Node,
        in_order: bool,
        mut f: impl FnMut(u8, u16) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let pos = &n.pos;
        let home = home::<V>(pos);
        let pawns = &pos.pawns[self.side.index()][..pawn_count::<V>(pos)];
        // Pagade and Chopat: while a cut pawn waits, only waiting pawns move.
        let reentry_first = matches!(V::GAME, Game::Pagade | Game::Chopat) && pawns.contains(&0);
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
    pub(super) fn one_pawn_takes_the_rest<V: Variant>(&self, n: &Node) -> bool {
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
                mover: Move::EITHER_PAWN,
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

    /// How many pawns may move as one piece from a square where `here`
    /// stand together: the game's pairs or groups.
    fn group_sizes<V: Variant>(here: u8) -> ([u8; 2], usize) {
        match V::GAME {
            Game::Chaupar => ([here, 0], 1),
            Game::ChauparAkbar if here >= 3 => ([2, 3], 2),
            _ => ([2, 0], 1),
        }
    }

    /// Whether two or more of the side to move's pawns on `from` may move
    /// as one piece: the game's pairs and groups.
    fn moves_together<V: Variant>(&self, n: &Node, from: u8) -> bool {
        if V::GAME == Game::ChowkaBhara {
            from == 0 || self.is_double_square(n, self.side, from)
        } else {
            n.pos.can_pair_at(self.side, from)
        }
    }

    /// Calls `f` with every piece that may move with throw `t`: pawns that
    /// have not yet moved with it, alone or together, and where pawns alone
    /// differ by what they have moved with, each of them. Pieces come square
    /// by square, in order of step if `in_order`.
    pub(super) fn for_each_piece<V: Variant>(
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
                mover: Move::EITHER_PAWN,
            };
            let several = free & (free - 1) != 0;
            if histories && several {
                for mover in self.single_movers(n, free, t) {
                    piece.mover = mover;
                    f(piece)?;
                }
                piece.mover = Move::EITHER_PAWN;
            } else {
                f(piece)?;
            }
            if several && self.moves_together::<V>(n, from) {
                let (sizes, len) = Self::group_sizes::<V>(here);
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
    pub(super) fn for_each_unit<V: Variant>(
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
    /// distinct history, or [`Move::EITHER_PAWN`] if they are all alike.
    fn single_movers(&self, n: &Node, free: u16, t: usize) -> ArrayVec<u32, MAX_PAWNS> {
        let mut histories: ArrayVec<u32, MAX_PAWNS> = ArrayVec::new();
        for slot in (0..MAX_PAWNS).filter(|&i| free & 1 << i != 0) {
            let h = self.history(n, slot, t);
            if !histories.contains(&h) {
                histories.push(h);
            }
        }
        if histories.len() < 2 {
            histories.clear();
            histories.push(Move::EITHER_PAWN);
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
    pub(super) fn for_each_candidate<V: Variant>(
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
    pub(super) fn overshoot_passes<V: Variant>(&self) -> &'static [bool] {
        if self.overshoot_rule::<V>() {
            &[false, true]
        } else {
            &[false]
        }
    }

    /// Whether the game has Chopat's "overshoot: new circuit" rule, open
    /// in this turn.
    pub(super) fn overshoot_rule<V: Variant>(&self) -> bool {
        V::GAME == Game::Chopat
            && self.now.pos.options.overshoot == Overshoot::NewCircuit
            && self.overshoot_open
    }

    /// The candidates that stay within the path or, with `overshoot`, only
    /// those that go through Home and round again.
    fn visit_candidates<V: Variant>(
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
    pub(super) fn unit_candidate<V: Variant>(
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

    /// Whether a Chopat pawn may overshoot Home now: only when no other
    /// move exists.
    fn overshoot_allowed<V: Variant>(&self) -> bool {
        self.overshoot_rule::<V>()
            && self
                .visit_candidates::<V>(&self.now, false, Throws::Any, &mut |_, _| {
                    ControlFlow::Break(())
                })
                .is_continue()
    }

    /// Checks one move against every rule but the one about using as many
    /// values as possible.
    pub(super) fn check<V: Variant>(&self, m: Move) -> Result<Option<Capture>, Illegal> {
        let attempt = |overshoot: bool| {
            // The verdict on the requested destination comes first; then
            // that the values lead elsewhere; then any other refusal.
            let mut here: Option<Result<Option<Capture>, Illegal>> = None;
            let mut other_to = None;
            let mut other_refusal = None;
            self.moves_for::<V>((m.from, m.pawns, m.mover), m.spend, overshoot, &mut |r| {
                match r {
                    // A move that names no pair where the player may name
                    // one takes the engine's naming, as the records written
                    // before players named it do.
                    Ok((cand, cap))
                        if cand.to == m.to
                            && (m.true_pair.is_none() || cand.true_pair == m.true_pair) =>
                    {
                        here = Some(Ok(cap))
                    }
                    Ok((cand, _)) if cand.to == m.to => {
                        if cand.true_pair.is_none() {
                            here = here.or(Some(Err(Illegal::NoPairToName)));
                        }
                    }
                    Ok((cand, _)) => other_to = other_to.or(Some(cand.to)),
                    Err((e, Some(to))) if to == m.to => here = here.or(Some(Err(e))),
                    Err((e, _)) => other_refusal = other_refusal.or(Some(e)),
                }
                ControlFlow::Continue(())
            });
            match (here, other_to, other_refusal) {
                (Some(verdict), _, _) => verdict,
                (None, Some(to), _) => Err(Illegal::WrongDestination { to }),
                (None, None, Some(e)) => Err(e),
                (None, None, None) => Err(Illegal::NoPawn),
            }
        };
        match attempt(false) {
            Err(_) if m.to < m.from && self.overshoot_allowed::<V>() => attempt(true),
            result => result,
        }
    }

    /// Why the pawns on `from` cannot move now, when no legal move takes
    /// them: the reason that says most.
    pub(super) fn why_not_from<V: Variant>(&self, from: u8) -> Option<Illegal> {
        // Among the reasons, the one about where the pawns would go says
        // most; the ones about moving together say least.
        let rank = |e: &Illegal| match e {
            Illegal::NoPawn | Illegal::NotTogether | Illegal::AlreadyMoved => 0,
            Illegal::PairNeedsDoublet | Illegal::GroupNeedsDouble => 1,
            _ => 2,
        };
        let mut reason: Option<Illegal> = None;
        let mut shaped = false;
        let overshoot = self.overshoot_allowed::<V>();
        let _ = self.for_each_spend(&self.now, Throws::All, |spend| {
            for pawns in 1..=4 {
                let piece = (from, pawns, Move::EITHER_PAWN);
                self.moves_for::<V>(piece, spend, overshoot, &mut |r| {
                    match r {
                        Ok(_) => shaped = true,
                        Err((e, _)) if reason.is_none_or(|r| rank(&e) > rank(&r)) => {
                            reason = Some(e)
                        }
                        Err(_) => {}
                    }
                    ControlFlow::Continue(())
                });
            }
            ControlFlow::Continue(())
        });
        Some(if shaped {
            Illegal::MustUseMore
        } else {
            reason.unwrap_or(Illegal::NoPawn)
        })
    }

    /// The moves of `pawns` pawns from `from` (which one, if `mover` says)
    /// paid with `spend`, each as a move with what it captures or as the
    /// reason it is refused.
    fn moves_for<V: Variant>(
        &self,
        (from, pawns, mover): (u8, u8, u32),
        spend: u64,
        overshoot: bool,
        f: &mut impl FnMut(Candidate) -> ControlFlow<()>,
    ) {
        let here = match self.check_values_and_pawns::<V>(from, pawns, mover, spend) {
            Ok(here) => here,
            Err(e) => {
                let _ = f(Err((e, None)));
                return;
            }
        };
        let piece = Piece {
            from,
            pawns,
            here,
            mover,
        };
        self.shaped_moves::<V>(
            &self.now,
            piece,
            spend,
            &self.spend_values(spend),
            overshoot,
            f,
        );
    }

    /// The checks on a move's values and pawns that come before its shape:
    /// values unspent and of one throw, pawns there and free to move (the
    /// `mover` among them, if named). Returns how many of the side's pawns
    /// stand on `from`.
    fn check_values_and_pawns<V: Variant>(
        &self,
        from: u8,
        pawns: u8,
        mover: u32,
        spend: u64,
    ) -> Result<u8, Illegal> {
        match self.phase {
            super::Phase::Over => return Err(Illegal::GameOver),
            super::Phase::Throw => return Err(Illegal::ThrowFirst),
            super::Phase::Move => {}
        }
        let n = &self.now;
        if spend == 0 || spend >> (self.n_throws as usize * SLOTS) != 0 {
            return Err(Illegal::ValueSpent);
        }
        let t = spend.trailing_zeros() as usize / SLOTS;
        if spend >> (t * SLOTS) >= 1 << SLOTS {
            return Err(Illegal::MixedThrows);
        }
        if spend & n.spent != 0 || (spend >> (t * SLOTS)) >> self.throws[t].values().len() != 0 {
            return Err(Illegal::ValueSpent);
        }
        let side = self.side;
        let pos = &n.pos;
        let here = pos.pawns_on(side, from) as u8;
        if pawns == 0 || here < pawns {
            return Err(if here == 0 {
                Illegal::NoPawn
            } else {
                Illegal::NotTogether
            });
        }
        if from == pos.home() {
            return Err(Illegal::AlreadyHome);
        }
        if n.free_slots::<V>(side, from, t).count_ones() < u32::from(pawns) {
            return Err(Illegal::AlreadyMoved);
        }
        if mover != Move::EITHER_PAWN
            && (pawns != 1 || self.mover_slot::<V>(n, from, t, mover).is_none())
        {
            return Err(Illegal::NoSuchMover);
        }
        if matches!(V::GAME, Game::Pagade | Game::Chopat)
            && from != 0
            && pos.pawns(side).contains(&0)
        {
            return Err(Illegal::ReenterFirst);
        }
        Ok(here)
    }

    /// The moves of a piece with values already known to be available,
    /// one for each shape the game gives it.
    pub(super) fn shaped_moves<V: Variant>(
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
                    from,
                    to,
                    pawns: shape.pawns,
                    spend,
                    mover: if shape.pawns == 1 {
                        piece.mover
                    } else {
                        Move::EITHER_PAWN
                    },
                    true_pair: None,
                };
                self.landing::<V>(n, side, m)
                    .map(|cap| (m, cap))
                    .map_err(|e| (e, Some(to)))
            });
            match result {
                // One move for each pair the player may name true.
                Ok((m, cap)) if V::GAME == Game::Chopat && self.names_true_pair(n, m) => {
                    for which in [TruePair::Formed, TruePair::Standing] {
                        let named = Move {
                            true_pair: Some(which),
                            ..m
                        };
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

    /// Chopat's false-pair rule: whether a single move forms a pair while
    /// another pair of its colour stands, so that the player names which
    /// of the two is true.
    fn names_true_pair(&self, n: &Node, m: Move) -> bool {
        let pos = &n.pos;
        pos.options.false_pair
            && m.pawns == 1
            && pos.can_pair_at(self.side, m.to)
            && pos.pawns_on_square(self.side, m.to) == 1
            && pos
                .pair_steps(self.side)
                .iter()
                .any(|&s| !pos.same_square(self.side, s, m.from))
    }

    /// The ways `pawns` pawns standing on `from` may move with `values` (a
    /// set of values of throw `t`), by the rules of the game.
    fn shapes<V: Variant>(
        &self,
        n: &Node,
        from: u8,
        pawns: u8,
        values: &[u8],
        t: usize,
        here: u8,
    ) -> Result<ArrayVec<Shape, MAX_SHAPES>, Illegal> {
        let pos = &n.pos;
        let side = self.side;
        let sum: u8 = values.iter().sum();
        let single = |distance| Shape {
            pawns: 1,
            distance,
            enter: false,
        };
        let group = |pawns, distance| Shape {
            pawns,
            distance,
            enter: false,
        };
        let one = |shape| {
            let mut v = ArrayVec::new();
            v.push(shape);
            v
        };
        let together = pawns > 1;
        // Chowka Bhara's entry throws bring pawns in from off the board
        // together; everywhere else pawns move together only from a square
        // where they form a pair or group.
        let entering = V::GAME == Game::ChowkaBhara && from == 0;
        if together && !entering && !pos.can_pair_at(side, from) {
            return Err(Illegal::NotTogether);
        }
        let doublet = values.len() == 2 && values[0] == values[1];
        Ok(match V::GAME {
            Game::Pagade | Game::Chopat => {
                if !together {
                    // Every cut pawn comes back on the next turn (seed 003:
                    // "one pawn for each dice"): one may take both dice of a
                    // throw only if the dice left can still bring in the others.
                    if from == 0
                        && values.len() == 2
                        && here > 1
                        && self.unspent_count(n) < here + 1
                    {
                        return Err(Illegal::EachCutPawnEnters);
                    }
                    let mut v = one(single(sum));
                    // Chopat's opening split: a first throw of (1, 1) moves
                    // one pawn of the pair on 12 to 24.
                    if V::GAME == Game::Chopat
                        && from == 12
                        && here == 2
                        && values == [1, 1]
                        && t == 0
                        && !pos.flags(side).has_thrown
                    {
                        v.push(single(12));
                    }
                    v
                } else if pawns == 2 && doublet {
                    one(group(2, values[0]))
                } else {
                    return Err(Illegal::PairNeedsDoublet);
                }
            }
            Game::Chaupar => {
                // A group moves as one piece; one pawn may leave it.
                if !together || pawns == here {
                    one(group(pawns, sum))
                } else {
                    return Err(Illegal::NotTogether);
                }
            }
            Game::ChauparAkbar => {
                if !together {
                    one(single(sum))
                } else {
                    let mut sorted: ArrayVec<u8, SLOTS> = values.iter().copied().collect();
                    sorted.sort_unstable();
                    match (pawns, sorted.as_slice()) {
                        (2, [a, b]) if a == b => {
                            let mut v = one(group(2, 2 * a));
                            v.push(group(2, *a));
                            v
                        }
                        (2, [1, 5, 6]) => one(group(2, 6)),
                        (3, [a, b, c]) if a == b && b == c => one(group(3, 2 * a)),
                        _ => return Err(Illegal::GroupNeedsDouble),
                    }
                }
            }
            Game::ChowkaBhara => {
                let v = values[0];
                let shells = pos.options.shells;
                if from == 0 {
                    // Entry throws: Chamma brings one pawn in, Ashta two.
                    let can = if v == shells {
                        1
                    } else if v == 2 * shells {
                        2.min(here)
                    } else {
                        return Err(Illegal::NeedsTopValue);
                    };
                    if pawns != can {
                        return Err(Illegal::OffBoardFirst);
                    }
                    one(Shape {
                        pawns,
                        distance: 0,
                        enter: true,
                    })
                } else if !together {
                    one(single(v))
                } else if pawns == 2 && self.is_double_square(n, side, from) {
                    one(group(2, v))
                } else {
                    return Err(Illegal::NotTogether);
                }
            }
        })
    }

    /// Chowka Bhara: an unsafe square of the outer ring, where two pawns of
    /// one colour form a double.
    #[inline]
    fn is_double_square(&self, n: &Node, side: Side, step: u8) -> bool {
        let pos = &n.pos;
        step <= pos.home()
            && pos
                .squares()
                .is(pos.board().cell_id(side, step), Squares::DOUBLE)
    }

    /// Where a move of `distance` from `from` ends along the side's path.
    #[inline]
    fn destination<V: Variant>(
        &self,
        n: &Node,
        from: u8,
        distance: u8,
        overshoot: bool,
    ) -> Result<u8, Illegal> {
        let pos = &n.pos;
        let home = home::<V>(pos);
        let to = from + distance;
        if let Some(turn_in) = turn_in::<V>(pos) {
            if !pos.flags(self.side).has_cut && from <= turn_in && to > turn_in {
                // Not yet allowed in: round the loop (or the outer ring) again.
                if V::GAME == Game::ChowkaBhara && pos.options.before_hit == BeforeHit::Stop {
                    return Err(Illegal::InnerRingClosed);
                }
                let (first, len) = if V::GAME == Game::Pagade {
                    (8, 68)
                } else {
                    (1, turn_in)
                };
                return Ok((to - first) % len + first);
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
    fn landing<V: Variant>(
        &self,
        n: &Node,
        side: Side,
        m: Move,
    ) -> Result<Option<Capture>, Illegal> {
        let pos = &n.pos;
        let flags = pos.flags(side);
        // Jugne Uthavavun before Ool Olangvun: once, and (seed 000) over
        // several doublets "according to the numbers on the first doublet
        // rolled", the turn's first throw; wherever the pair lands, the
        // Belly included.
        if V::GAME == Game::Chopat
            && m.pawns == 2
            && flags.jug == Some(m.from)
            && flags.ool != Ool::Done
        {
            if flags.jug_moved {
                return Err(Illegal::JugOnce);
            }
            if m.spend >> SLOTS != 0 {
                return Err(Illegal::JugFirstDoublet);
            }
        }
        if m.to == home::<V>(pos) {
            return Ok(None);
        }
        let board = pos.board();
        let squares = pos.squares();
        let cell = board.cell_id(side, m.to);
        if V::GAME != Game::ChowkaBhara && squares.is(cell, Squares::BELLY) {
            return Ok(None);
        }
        // Own pawns already there.
        let leaving = if m.from <= home::<V>(pos) && board.cell_id(side, m.from) == cell {
            m.pawns
        } else {
            0
        };
        let together = n.count_on(side, cell) - leaving + m.pawns;
        if matches!(V::GAME, Game::Pagade | Game::Chopat) && together > 2 {
            return Err(Illegal::SquareFull);
        }
        if V::GAME == Game::Chopat && !flags.kajalvun && together >= 2 && m.to != KAJALVUN_STEP {
            return Err(Illegal::KajalvunFirst);
        }
        if V::GAME == Game::ChowkaBhara && m.pawns == 1 {
            self.check_passing(n, side, m)?;
        }
        if squares.is(cell, Squares::SAFE) {
            return Ok(None);
        }
        let Some((other, count)) = n.opponent_on(side, cell) else {
            return Ok(None);
        };
        if partnership::<V>(pos) && other == side.opposite() {
            return Err(Illegal::PartnerThere);
        }
        let capture = |count| {
            Ok(Some(Capture {
                side: other,
                cell: Cell(cell),
                count,
            }))
        };
        match V::GAME {
            Game::Pagade | Game::Chopat => {
                // A pair is cut by a pair moving together, or under the
                // false-pair rule by a single when it is not the true pair.
                let false_pair = V::GAME == Game::Chopat
                    && pos
                        .flags(other)
                        .true_pair
                        .is_some_and(|truth| pos.board().cell_id(other, truth) != cell);
                if count == 1 || m.pawns == 2 || false_pair {
                    capture(count)
                } else {
                    Err(Illegal::SingleOnPair)
                }
            }
            Game::Chaupar => {
                if m.pawns >= count {
                    capture(count)
                } else {
                    Err(Illegal::SmallerOnGroup)
                }
            }
            Game::ChauparAkbar => {
                if count == 1 {
                    capture(1)
                } else {
                    Err(Illegal::ImmuneGroup)
                }
            }
            Game::ChowkaBhara => {
                // A lone pawn is hit. Two pawns together are a double on
                // the outer ring, which nothing hits; inside it they are
                // single pawns sharing a square, of which a double hits one
                // ("the other single is not affected at all", seed 004) and
                // a single none. Where that left two colours on a square,
                // a third may not land.
                if n.third_colour_on(side, other, cell) {
                    Err(Illegal::TwoColoursThere)
                } else if count == 1 {
                    capture(1)
                } else if squares.is(cell, Squares::DOUBLE) {
                    Err(Illegal::OnDouble)
                } else if m.pawns == 2 {
                    capture(1)
                } else {
                    Err(Illegal::ImmuneGroup)
                }
            }
        }
    }

    /// Chowka Bhara: a single may not pass an opponent's double.
    fn check_passing(&self, n: &Node, side: Side, m: Move) -> Result<(), Illegal> {
        if m.from == 0 {
            return Ok(());
        }
        let pos = &n.pos;
        let board = pos.board();
        let mut step = self.next_step(n, m.from);
        while step != m.to {
            let cell = board.cell_id(side, step);
            let blocked = pos.squares().is(cell, Squares::DOUBLE)
                && n.opponent_on(side, cell).is_some_and(|(_, k)| k >= 2);
            if blocked {
                return Err(Illegal::BlockedByDouble);
            }
            step = self.next_step(n, step);
        }
        Ok(())
    }

    /// The step after `step` along the side's path (Chowka Bhara), circling
    /// the outer ring where the player may not turn in yet.
    fn next_step(&self, n: &Node, step: u8) -> u8 {
        let turn_in = 4 * (n.pos.options.board - 1);
        if step == turn_in && !n.pos.flags(self.side).has_cut {
            1
        } else {
            step + 1
        }
    }
}
