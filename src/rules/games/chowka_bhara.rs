//! Chowka Bhara of Karnataka, Ashta Chamma of Telugu country (and Thaayam,
//! Kavidi Kali, Champool...), on a square board of N x N with cowries.
//!
//! - N - 1 pawns each, on N = 5, 7, 9 or 11; 4 cowries on 5 x 5, 6 on
//!   larger boards. Each throw is one value: the shells mouth up, all up
//!   (Chamma) the number of shells, all down (Ashta) twice it.
//! - Chamma and Ashta give another throw; a third in a row voids the run
//!   (house rule, on by default).
//! - Pawns start on their start square; a pawn goes round the outer ring,
//!   then ring by ring inward to the centre, Home.
//! - A pawn leaves the outer ring only once its player has hit; until then
//!   it keeps circling (house rule: it stops at the turn-in).
//! - The safe squares: the start squares, the centre and the middles of the
//!   rings between ([`safe_cells`]). A lone pawn elsewhere is hit and goes
//!   back to its start; each hit earns another turn.
//! - Two pawns of a colour on an unsafe square of the outer ring are a
//!   double: no single lands on it or passes it, it moves as one piece by
//!   one value, and it hits only a lone pawn (or one of two singles sharing
//!   a square inside the outer ring, which no third colour may then enter).
//! - House rule, entry throws: pawns start off the board and enter on a
//!   top value, Chamma one, Ashta two.

use crate::board::{geometry, square_ring, BoardKind, Cell, Side};
use crate::dice::{Implement, Throw};
use crate::rules::card::{one, Circuit, Landing, RuleCard, Shape, ShapeQuery, Shapes, Standing};
use crate::rules::effects::{Bonus, ThrowName};
use crate::rules::flags::{Flag, EXTRA_TURNS, HAS_CUT};
use crate::rules::game::Mode;
use crate::rules::illegal::Illegal;
use crate::rules::moves::Move;
use crate::rules::options::{BeforeHit, HouseRule, Options};
use crate::rules::position::{Position, Squares};

pub(crate) struct ChowkaBhara;

impl RuleCard for ChowkaBhara {
    const MODES: &'static [Mode] = &[Mode::TwoPlayer, Mode::ThreePlayer, Mode::FourPlayer];
    const CROSS: bool = false;
    const CAPTURE_EARNS_TURN: bool = true;
    const FLAGS: &'static [Flag] = &[HAS_CUT, EXTRA_TURNS];
    const HOUSE_RULES: &'static [HouseRule] = &[
        HouseRule::Board,
        HouseRule::Shells,
        HouseRule::ThirdTopVoids,
        HouseRule::BeforeHit,
        HouseRule::EntryThrows,
    ];

    fn implement(options: &Options) -> Implement {
        Implement::Cowries(options.shells)
    }

    fn pawn_count(options: &Options) -> u8 {
        options.board - 1
    }

    /// The start square, or off the board with entry throws.
    fn start_step(options: &Options, _i: usize) -> u8 {
        u8::from(!options.entry_throws)
    }

    /// Off the board only with entry throws.
    fn step_zero_allowed(options: &Options) -> bool {
        options.entry_throws
    }

    #[inline]
    fn pawns_in_play(pos: &Position) -> usize {
        pos.pawn_count()
    }

    #[inline]
    fn home(pos: &Position) -> u8 {
        pos.home()
    }

    /// The outer ring, steps 1 to 4 (N - 1): a pawn turns in after it only
    /// once its player has hit.
    #[inline]
    fn circuit(options: &Options) -> Option<Circuit> {
        Some(Circuit {
            first: 1,
            turn_in: 4 * (options.board - 1),
            circles: options.before_hit == BeforeHit::Circle,
        })
    }

    fn safe_cells(board: u8) -> u128 {
        safe_cells(board)
    }

    /// Inside the outer ring a double that hit one of two singles leaves the
    /// other beside it.
    fn may_share(pos: &Position, cell: Cell) -> bool {
        !pos.squares().is(cell.0, Squares::DOUBLE)
    }

    /// A double, and pawns entering from off the board together.
    #[inline]
    fn moves_together(pos: &Position, side: Side, from: u8) -> bool {
        from == 0 || is_double_square(pos, side, from)
    }

    #[inline]
    fn together_from(pos: &Position, side: Side, from: u8) -> bool {
        from == 0 || pos.can_pair_at(side, from)
    }

    #[inline]
    fn shapes(q: &ShapeQuery) -> Result<Shapes, Illegal> {
        let v = q.values[0];
        let shells = q.pos.options.shells;
        if q.from == 0 {
            // Entry throws: Chamma brings one pawn in, Ashta two.
            let can = if v == shells {
                1
            } else if v == 2 * shells {
                2.min(q.here)
            } else {
                return Err(Illegal::NeedsTopValue);
            };
            if q.pawns != can {
                return Err(Illegal::OffBoardFirst);
            }
            Ok(one(Shape {
                pawns: q.pawns,
                distance: 0,
                enter: true,
            }))
        } else if q.pawns == 1 {
            Ok(one(Shape::single(v)))
        } else if q.pawns == 2 && is_double_square(q.pos, q.side, q.from) {
            Ok(one(Shape::group(2, v)))
        } else {
            Err(Illegal::NotTogether)
        }
    }

    /// A single may not pass an opponent's double.
    #[inline]
    fn passing<S: Standing>(standing: &S, side: Side, m: Move) -> Result<(), Illegal> {
        if m.pawns != 1 || m.from == 0 {
            return Ok(());
        }
        let pos = standing.pos();
        let board = pos.board();
        let next = |step: u8| {
            // Circling the outer ring where the player may not turn in yet.
            let turn_in = 4 * (pos.options.board - 1);
            if step == turn_in && !pos.flags(side).has_cut {
                1
            } else {
                step + 1
            }
        };
        let mut step = next(m.from);
        while step != m.to {
            let cell = board.cell_id(side, step);
            let blocked = pos.squares().is(cell, Squares::DOUBLE)
                && standing
                    .opponent_on(side, cell)
                    .is_some_and(|(_, k)| k >= 2);
            if blocked {
                return Err(Illegal::BlockedByDouble);
            }
            step = next(step);
        }
        Ok(())
    }

    /// A lone pawn is hit. Two pawns together are a double on the outer
    /// ring, which nothing hits; inside it they are single pawns sharing a
    /// square, of which a double hits one ("the other single is not
    /// affected at all") and a single none. Where that left two colours on
    /// a square, a third may not land.
    #[inline]
    fn capture<S: Standing>(l: &Landing<S>) -> Result<u8, Illegal> {
        let squares = l.standing.pos().squares();
        if l.standing.third_colour_on(l.side, l.other, l.cell) {
            Err(Illegal::TwoColoursThere)
        } else if l.count == 1 {
            Ok(1)
        } else if squares.is(l.cell, Squares::DOUBLE) {
            Err(Illegal::OnDouble)
        } else if l.m.pawns == 2 {
            Ok(1)
        } else {
            Err(Illegal::ImmuneGroup)
        }
    }

    /// A hit pawn goes back to its start square, or off the board with
    /// entry throws.
    #[inline]
    fn restart_step(options: &Options) -> u8 {
        u8::from(!options.entry_throws)
    }

    /// Chamma and Ashta give another throw.
    #[inline]
    fn bonus(pos: &Position, _side: Side, throw: Throw) -> Bonus {
        if ChowkaBhara::implement(&pos.options).is_top_value(throw.values()[0]) {
            Bonus::Earned
        } else {
            Bonus::None
        }
    }

    /// Chamma, every shell mouth up, and Ashta, every shell mouth down.
    fn throw_name(options: &Options, throw: &Throw) -> Option<ThrowName> {
        let v = throw.values()[0];
        if v == options.shells {
            Some(ThrowName::Chamma)
        } else if v == 2 * options.shells {
            Some(ThrowName::Ashta)
        } else {
            None
        }
    }

    /// A third top value in a row voids the run (house rule).
    #[inline]
    fn voids_run_at(options: &Options) -> Option<u8> {
        options.third_top_voids.then_some(3)
    }

    /// A double moves two pawns a step each.
    #[inline]
    fn reach(_pos: &Position, _side: Side) -> u32 {
        2
    }

    /// With entry throws, one top value brings a waiting pawn in.
    #[inline]
    fn waiting_off_board(pos: &Position, step: u8) -> bool {
        step == 0 && pos.options.entry_throws
    }
}

/// An unsafe square of the outer ring, where two pawns of one colour form
/// a double.
#[inline]
pub(crate) fn is_double_square(pos: &Position, side: Side, step: u8) -> bool {
    step <= pos.home()
        && pos
            .squares()
            .is(pos.board().cell_id(side, step), Squares::DOUBLE)
}

/// The safe squares: the start squares, the centre, and the middles of
/// the sides of the rings between the outer ring and the innermost 3 x 3
/// ring.
fn safe_cells(board: u8) -> u128 {
    let g = geometry(BoardKind::Square(board));
    let mid = board / 2;
    g.cells()
        .filter(|(_, info)| {
            let ring = square_ring(board, *info);
            let middle_of_side = info.col == mid || info.row == mid;
            ring == mid || (middle_of_side && (ring == 0 || ring + 1 < mid))
        })
        .fold(0u128, |m, (c, _)| m | 1u128 << c.0)
}
