//! Chopat of Saurashtra and Diu, on the cross-shaped cloth with two stick
//! dice: Pagade's moves and cuts ([`super::stick_dice`]) with rituals of its own.
//!
//! - Start, movement, the two-pawn limit, cutting and re-entry as in Pagade,
//!   but no circuit: pawns go on into their Belly whether or not they have cut.
//! - The opening split: a player's first throw of (1, 1) may move one pawn
//!   of the pair on 12 to 24.
//! - Kajalvun: a player's first new pair must form on step 34 of its path
//!   ([`KAJALVUN_STEP`]); that pair is the Jug. Before it, no two pawns of a
//!   colour stand together elsewhere, and doublets give no bonus throw;
//!   after it, every doublet gives another throw.
//! - Jugne Uthavavun: the Jug moves together at most once before Ool
//!   Olangvun, and only with the turn's first doublet.
//! - Ool Olangvun: a single pawn passing over the moved Jug; it counts once
//!   that pawn survives the next player's turn. A Jug cut before it goes
//!   back whole.
//! - In a partnership a finished player misses four turns, then throws for
//!   the partner.
//! - House rules: overshoot (through Home and round again when nothing else
//!   moves), the false pair (with two pairs, only the one named true is safe
//!   from singles), Khado Karvo (a finished player may bring pawns back from
//!   Home to cut an opponent on its own arm instead of missing a turn).

use super::stick_dice::{doublet, pair_cuts_pair, stick_dice_shapes, START};
use crate::board::{Cell, Side};
use crate::dice::{Implement, Throw};
use crate::rules::card::{Landing, RuleCard, Shape, ShapeQuery, Shapes, Standing};
use crate::rules::chopat::{ChopatFlags, ChopatMilestone, ChopatPositionError, ChopatRefusal, Ool};
use crate::rules::effects::{Bonus, Effects, Milestone, ThrowName, TurnEnd};
use crate::rules::error::PositionError;
use crate::rules::flags::chopat::JUG_MOVED;
use crate::rules::flags::{Flag, Flags, GameFlags, CHOPAT_FLAGS, HAS_THROWN};
use crate::rules::game::Mode;
use crate::rules::illegal::Illegal;
use crate::rules::moves::{Move, Spend, TruePair, SLOTS};
use crate::rules::options::{HouseRule, Options, Overshoot};
use crate::rules::position::Position;

/// The step of a player's own path on which it must form its first new
/// pair, the Jug: the first square of the opposite arm its pawns reach.
const KAJALVUN_STEP: u8 = 34;

/// The turns a finished partner misses before throwing for the partner.
const TURNS_MISSED: u8 = 4;

/// Khado Karvo's squares: the outer columns of a player's own arm.
const OWN_ARM_OUTER: [std::ops::RangeInclusive<u8>; 2] = [9..=16, 68..=75];

pub(crate) struct Chopat;

impl Chopat {
    /// Kajalvun done for `side`, its doublets giving throws: how tests of
    /// the machinery make long Chopat turns.
    #[cfg(test)]
    pub(crate) fn open_way(pos: &mut Position, side: Side) {
        own_mut(pos, side).kajalvun = true;
    }
}

/// A player's Chopat flags.
#[inline]
fn own(pos: &Position, side: Side) -> &ChopatFlags {
    ChopatFlags::of(pos.flags(side))
}

/// A player's Chopat flags, to change.
#[inline]
fn own_mut(pos: &mut Position, side: Side) -> &mut ChopatFlags {
    ChopatFlags::of_mut(&mut pos.flags[side.index()])
}

impl RuleCard for Chopat {
    const MODES: &'static [Mode] = &[Mode::TwoPlayer, Mode::Teams];
    /// A single's move, and the opening split's.
    const SHAPES: usize = 2;
    const REENTER_FIRST: bool = true;
    const SQUARE_LIMIT: Option<u8> = Some(2);
    const FINISHED_PARTNER_MISSES: u8 = TURNS_MISSED;
    const HOUSE_RULES: &'static [HouseRule] = &[
        HouseRule::Overshoot,
        HouseRule::FalsePair,
        HouseRule::KhadoKarvo,
    ];
    const FLAGS: &'static [Flag] = CHOPAT_FLAGS;
    const GAME_FLAGS: GameFlags = GameFlags::Chopat(ChopatFlags::FRESH);
    const NOT_A_CHOICE: Illegal = Illegal::Chopat(ChopatRefusal::KhadoChoice);

    fn implement(_options: &Options) -> Implement {
        Implement::StickDice
    }

    fn start_step(_options: &Options, i: usize) -> u8 {
        START[i]
    }

    /// Pagade's moves, and the opening split: a first throw of (1, 1)
    /// moves one pawn of the pair on 12 to 24.
    #[inline]
    fn shapes(q: &ShapeQuery) -> Result<Shapes, Illegal> {
        let mut shapes = stick_dice_shapes(q)?;
        if q.pawns == 1
            && q.from == 12
            && q.here == 2
            && q.values == [1, 1]
            && q.first_throw
            && !own(q.pos, q.side).has_thrown
        {
            shapes.push(Shape::single(12));
        }
        Ok(shapes)
    }

    fn throw_name(_options: &Options, throw: &Throw) -> Option<ThrowName> {
        doublet(throw)
    }

    #[inline]
    fn overshoots(options: &Options) -> bool {
        options.overshoot == Overshoot::NewCircuit
    }

    /// Jugne Uthavavun before Ool Olangvun: once, and "according to the
    /// numbers on the first doublet rolled", the turn's first throw;
    /// wherever the pair lands, the Belly included.
    #[inline]
    fn before_landing(pos: &Position, side: Side, m: Move) -> Result<(), Illegal> {
        if m.pawns != 2 {
            return Ok(());
        }
        let flags = own(pos, side);
        if flags.jug == Some(m.from) && flags.ool != Ool::Done {
            if flags.jug_moved {
                return Err(Illegal::Chopat(ChopatRefusal::JugOnce));
            }
            if m.spend.bits() >> SLOTS != 0 {
                return Err(Illegal::Chopat(ChopatRefusal::JugFirstDoublet));
            }
        }
        Ok(())
    }

    /// Before Kajalvun, pawns stand together only on the Kajalvun square.
    #[inline]
    fn joining(pos: &Position, side: Side, m: Move, together: u8) -> Result<(), Illegal> {
        if together >= 2 && m.to != KAJALVUN_STEP && !own(pos, side).kajalvun {
            return Err(Illegal::Chopat(ChopatRefusal::KajalvunFirst {
                step: KAJALVUN_STEP,
            }));
        }
        Ok(())
    }

    /// Pagade's cuts, and under the false-pair rule a single cuts the pair
    /// that is not the true one.
    #[inline]
    fn capture<S: Standing>(l: &Landing<S>) -> Result<u8, Illegal> {
        let pos = l.standing.pos();
        let false_pair = pos.options.false_pair
            && own(pos, l.other)
                .true_pair
                .is_some_and(|truth| pos.board().cell_id(l.other, truth) != l.cell);
        if false_pair {
            Ok(l.count)
        } else {
            pair_cuts_pair(l)
        }
    }

    /// The false-pair rule: a single move that forms a pair while another
    /// pair of its colour stands names which of the two is true.
    #[inline]
    fn named_ways(pos: &Position, side: Side, m: Move) -> Option<[Move; 2]> {
        let names = pos.options.false_pair
            && m.pawns == 1
            && pos.can_pair_at(side, m.to)
            && pos.pawns_on_square(side, m.to) == 1
            && pos
                .pair_steps(side)
                .iter()
                .any(|&s| !pos.same_square(side, s, m.from));
        names.then(|| {
            [TruePair::Formed, TruePair::Standing].map(|which| Move {
                true_pair: Some(which),
                ..m
            })
        })
    }

    /// A Jug cut goes back whole and is gone (Ool Olangvun to do again);
    /// a pair cut leaves one pair at most, none to name true.
    #[inline]
    fn after_cut(pos: &mut Position, side: Side, cell: Cell) {
        let jug_cell = own(pos, side).jug.and_then(|j| pos.cell(side, j));
        if jug_cell == Some(cell) {
            let f = own_mut(pos, side);
            f.jug = None;
            f.jug_moved = false;
            if f.ool != Ool::Done {
                f.ool = Ool::NotYet;
            }
        }
        settle_true_pair(pos, side, None);
    }

    /// The game's memory: Kajalvun, the Jug's moves, Ool Olangvun, the
    /// true pair.
    #[inline]
    fn after_move(pos: &mut Position, side: Side, m: Move) {
        let at_kajalvun = pos.pawns_on(side, KAJALVUN_STEP);
        let may_pair = pos.can_pair_at(side, m.to);
        let false_pair = pos.options.false_pair;
        let f = own_mut(pos, side);
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
        if false_pair {
            // The true pair follows its pawns when they move together.
            if f.true_pair == Some(m.from) && m.pawns == 2 {
                f.true_pair = Some(m.to);
            }
            let named = m.true_pair.and_then(|which| match which {
                TruePair::Formed => Some(m.to),
                TruePair::Standing => pos
                    .pair_steps(side)
                    .into_iter()
                    .find(|&s| !pos.same_square(side, s, m.to)),
            });
            settle_true_pair(pos, side, named);
        }
    }

    /// A pawn that passed over its Jug has survived the next player's turn,
    /// or not; the player to move has now had a turn.
    #[inline]
    fn end_of_turn(pos: &mut Position, side: Side, seat: Side, end: &mut TurnEnd) {
        for other in Side::ALL.into_iter().filter(|&s| s != side) {
            if let Ool::Pending(p) = own(pos, other).ool {
                let survived = pos.pawns(other).contains(&p);
                own_mut(pos, other).ool = if survived { Ool::Done } else { Ool::NotYet };
                if survived {
                    end.settled
                        .push((other, Milestone::Chopat(ChopatMilestone::OolDone)));
                }
            }
        }
        own_mut(pos, seat).has_thrown = true;
    }

    /// Doublets give another throw, once the player has formed the Jug.
    #[inline]
    fn bonus(pos: &Position, side: Side, throw: Throw) -> Bonus {
        match throw.is_doublet() {
            true if own(pos, side).kajalvun => Bonus::Earned,
            true => Bonus::Withheld,
            false => Bonus::None,
        }
    }

    /// The opening split takes a pawn 12 on a (1, 1).
    #[inline]
    fn reach(pos: &Position, side: Side) -> u32 {
        if own(pos, side).has_thrown {
            1
        } else {
            6
        }
    }

    fn milestones(before: &Position, after: &Position, side: Side, m: Move, out: &mut Effects) {
        let (was, is) = (own(before, side), own(after, side));
        if !was.kajalvun && is.kajalvun {
            out.milestones
                .push(Milestone::Chopat(ChopatMilestone::Kajalvun));
        }
        if m.pawns == 2 && was.jug == Some(m.from) && is.jug == Some(m.to) {
            out.milestones
                .push(Milestone::Chopat(ChopatMilestone::JugMoved));
        }
        if was.ool == Ool::NotYet && matches!(is.ool, Ool::Pending(_)) {
            out.milestones
                .push(Milestone::Chopat(ChopatMilestone::PassedJug));
        }
        if let (Some(_), Some(step)) = (m.true_pair, is.true_pair) {
            out.milestones
                .push(Milestone::Chopat(ChopatMilestone::TruePairNamed { step }));
        }
    }

    /// Khado Karvo, on the first turn a finished partner would miss: pawns
    /// from Home straight onto pawns of the opponent who plays next, if
    /// that opponent has done Ool Olangvun and they stand on the outer
    /// squares of the finished player's own arm (a pair is cut by two pawns
    /// coming back).
    fn moves_without_throw<S: Standing>(standing: &S, seat: Side) -> Vec<Move> {
        let pos = standing.pos();
        let target = seat.next();
        let mut out = Vec::new();
        if !pos.options.khado_karvo
            || pos.flags(seat).missed_turns != 0
            || !pos.partnership()
            || own(pos, target).ool != Ool::Done
        {
            return out;
        }
        for step in OWN_ARM_OUTER.into_iter().flatten() {
            let cell = pos.board().cell_id(seat, step);
            let n = standing.count_on(target, cell);
            if n > 0 && n as usize <= pos.pawns_home(seat) {
                out.push(Move::new(pos.home(), step, n, Spend::NONE));
            }
        }
        out
    }

    /// The pawns back from Home cut the opponent's there; their player is
    /// racing again and, finishing again, would have Khado Karvo again.
    fn chose_without_throw(
        pos: &mut Position,
        seat: Side,
        _m: Move,
        out: &mut Effects,
    ) -> Option<Side> {
        out.milestones
            .push(Milestone::Chopat(ChopatMilestone::BackFromHome));
        pos.flags[seat.index()].missed_turns = 0;
        Some(seat.next())
    }

    /// With two pairs under the false-pair rule, the one its player did not
    /// name true.
    fn cut_by_single(pos: &Position, side: Side, step: u8) -> bool {
        own(pos, side)
            .true_pair
            .is_some_and(|truth| !pos.same_square(side, truth, step))
            && pos.pawns_on_square(side, step) >= 2
            && pos.can_pair_at(side, step)
    }

    /// Kajalvun opens the rest of the game: doublets give throws, the Jug
    /// may move.
    fn way_opened(pos: &Position, side: Side) -> bool {
        own(pos, side).kajalvun
    }

    fn first_pair_due(pos: &Position, side: Side) -> Option<u8> {
        (!own(pos, side).kajalvun).then_some(KAJALVUN_STEP)
    }

    /// Pawns that have left the start show that their player has had a
    /// turn (a position is read between turns; in the middle of a first
    /// turn the flag is not yet set).
    fn flags_from_pawns(
        _options: &Options,
        colour: &str,
        pawns: &[u8],
        flags: &mut Flags,
        given: &dyn Fn(&str) -> bool,
    ) -> Result<(), PositionError> {
        let moved = pawns.len() == 4 && !at_start(pawns);
        let flags = ChopatFlags::of_mut(flags);
        if !given(HAS_THROWN.name) {
            flags.has_thrown = moved;
        } else if moved && !flags.has_thrown {
            return Err(PositionError::Chopat(
                ChopatPositionError::MovedWithoutTurn {
                    colour: colour.to_string(),
                    flag: HAS_THROWN.name,
                },
            ));
        }
        Ok(())
    }

    fn validate_flags(pos: &Position, side: Side, colour: &str) -> Result<(), PositionError> {
        validate_flags(pos, side, colour).map_err(PositionError::Chopat)
    }

    /// A position that does not name a true pair means the one the
    /// engine names (see [`settle_true_pair`]); a pair on steps 8 and 76
    /// named by step 76 is the pair on step 8.
    fn settle_setup(pos: &mut Position, side: Side) {
        match own(pos, side).true_pair {
            None => settle_true_pair(pos, side, None),
            Some(t) => {
                if let Some(&pair) = pos
                    .pair_steps(side)
                    .iter()
                    .find(|&&s| pos.same_square(side, s, t))
                {
                    own_mut(pos, side).true_pair = Some(pair);
                }
            }
        }
    }
}

/// The true pair as the player named it (`named`: a step), else as it
/// stood and followed its pair, else as positions and records that do
/// not name it mean: the Jug, else the pair farthest along. `None` with
/// fewer than two pairs.
fn settle_true_pair(pos: &mut Position, side: Side, named: Option<u8>) {
    if !pos.options.false_pair {
        return;
    }
    let pairs = pos.pair_steps(side);
    let f = own(pos, side);
    let truth = (pairs.len() >= 2).then(|| {
        [named, f.true_pair, f.jug]
            .into_iter()
            .flatten()
            .find_map(|step| {
                let pair_there = |&p: &u8| pos.same_square(side, p, step);
                pairs.iter().copied().find(pair_there)
            })
            .unwrap_or(pairs[pairs.len() - 1])
    });
    own_mut(pos, side).true_pair = truth;
}

/// Whether a player's pawns stand where they started: a player who has
/// not yet had a turn always does (nobody can cut a pair before Kajalvun,
/// and steps 6 and 7 are in the Belly).
fn at_start(pawns: &[u8]) -> bool {
    let mut sorted = [0u8; 4];
    sorted.copy_from_slice(pawns);
    sorted.sort_unstable();
    sorted == START
}

/// The flags of Kajalvun, the Jug, Ool Olangvun and the true pair agree
/// with each other and with the pawns.
fn validate_flags(pos: &Position, side: Side, colour: &str) -> Result<(), ChopatPositionError> {
    use ChopatPositionError::*;
    let f = own(pos, side);
    let colour = colour.to_string();
    let count_at = |step: u8| pos.pawns_on(side, step);
    if !f.kajalvun {
        if f.jug.is_some() || f.jug_moved || f.ool != Ool::NotYet {
            return Err(JugBeforeKajalvun { colour });
        }
        for &step in pos.pawns(side) {
            if pos.can_pair_at(side, step) && pos.pawns_on_square(side, step) > 1 && step != 12 {
                return Err(PairBeforeKajalvun {
                    colour,
                    step,
                    kajalvun: KAJALVUN_STEP,
                });
            }
        }
    }
    if let Some(step) = f.jug {
        if count_at(step) != 2 || !pos.can_pair_at(side, step) {
            return Err(JugWithoutPair { colour, step });
        }
        // Ool Olangvun waits on a pass over the moved Jug, and before it a
        // Jug away from its Kajalvun square has moved (once it is done, the
        // Jug's moves no longer count).
        if !f.jug_moved {
            if matches!(f.ool, Ool::Pending(_)) {
                return Err(PassedUnmovedJug {
                    colour,
                    step,
                    flag: JUG_MOVED.name,
                });
            }
            if f.ool == Ool::NotYet && step != KAJALVUN_STEP {
                return Err(UnmovedJugAway {
                    colour,
                    step,
                    flag: JUG_MOVED.name,
                });
            }
        }
    } else if f.jug_moved {
        return Err(JugMovedWithoutJug { colour });
    }
    if let Ool::Pending(step) = f.ool {
        if count_at(step) == 0 {
            return Err(OolWithoutPawn { colour, step });
        }
    }
    let pairs = pos.pair_steps(side);
    if f.true_pair.is_none() && pos.options.false_pair && pairs.len() >= 2 {
        return Err(TruePairUnnamed { colour });
    }
    if let Some(step) = f.true_pair {
        if !pos.options.false_pair {
            return Err(TruePairWithoutRule { colour });
        }
        if !pairs.contains(&step) {
            return Err(TruePairNotAPair { colour, step });
        }
        if pairs.len() < 2 {
            return Err(TruePairAlone { colour, step });
        }
    }
    Ok(())
}
