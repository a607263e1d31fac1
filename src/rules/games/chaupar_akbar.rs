//! The Chaupar of Akbar's court, as the Ain-i-Akbari (1590) describes it,
//! on the cross-shaped cloth with three long dice (1, 2, 5, 6).
//!
//! - Partnerships, the opening throw and the start as in Parlett's Chaupar
//!   ([`super::chaupar`]).
//! - One throw a turn. A single pawn takes one die or the sum of several.
//! - Pawns together move together only on special throws: a double moves a
//!   pair by twice the doubled value (or once it), a triple moves three
//!   pawns by twice the value, Khim (6, 5, 1) moves a pair 6 each.
//! - Two or more pawns of a colour together are immune: only a lone pawn is
//!   captured. The three marked squares of every arm (steps 8, 12 and 72 of
//!   the arm's owner) are safe.
//! - No cut needed to go Home; Home needs an exact throw.

use crate::board::{geometry, BoardKind, Side, MARKED_STEPS};
use crate::dice::{Implement, Throw};
use crate::rules::card::{one, Landing, RuleCard, Shape, ShapeQuery, Shapes, Standing};
use crate::rules::effects::ThrowName;
use crate::rules::game::Mode;
use crate::rules::illegal::Illegal;
use crate::rules::options::Options;
use crate::rules::position::Position;

pub(crate) struct ChauparAkbar;

impl RuleCard for ChauparAkbar {
    const MODES: &'static [Mode] = &[Mode::Teams, Mode::TwoPlayer];
    const ALWAYS_PARTNERS: bool = true;
    const OPENING_THROW: bool = true;
    /// A pair on a double moves twice the value or once.
    const SHAPES: usize = 2;

    fn implement(_options: &Options) -> Implement {
        Implement::LongDice
    }

    fn start_step(_options: &Options, i: usize) -> u8 {
        super::chaupar::START[i]
    }

    /// The cloth's marked squares.
    fn safe_cells(_board: u8) -> u128 {
        let g = geometry(BoardKind::Cross);
        Side::ALL
            .into_iter()
            .flat_map(|s| MARKED_STEPS.map(|step| g.cell(s, step).expect("a loop square")))
            .fold(0u128, |m, c| m | 1u128 << c.0)
    }

    /// Pairs, and where three stand together, triples.
    #[inline]
    fn group_sizes(here: u8) -> ([u8; 2], usize) {
        if here >= 3 {
            ([2, 3], 2)
        } else {
            ([2, 0], 1)
        }
    }

    #[inline]
    fn shapes(q: &ShapeQuery) -> Result<Shapes, Illegal> {
        if q.pawns == 1 {
            return Ok(one(Shape::single(q.sum())));
        }
        match (q.pawns, q.sorted().as_slice()) {
            (2, [a, b]) if a == b => {
                let mut v = one(Shape::group(2, 2 * a));
                v.push(Shape::group(2, *a));
                Ok(v)
            }
            (2, [1, 5, 6]) => Ok(one(Shape::group(2, 6))),
            (3, [a, b, c]) if a == b && b == c => Ok(one(Shape::group(3, 2 * a))),
            _ => Err(Illegal::GroupNeedsDouble),
        }
    }

    /// Khim: 6, 5 and 1.
    fn throw_name(_options: &Options, throw: &Throw) -> Option<ThrowName> {
        let mut values = throw.values().to_vec();
        values.sort_unstable();
        (values == [1, 5, 6]).then_some(ThrowName::Khim)
    }

    /// Only a lone pawn is captured.
    #[inline]
    fn capture<S: Standing>(l: &Landing<S>) -> Result<u8, Illegal> {
        if l.count == 1 {
            Ok(1)
        } else {
            Err(Illegal::ImmuneGroup)
        }
    }

    /// A pair moves twice a double's value.
    #[inline]
    fn reach(_pos: &Position, _side: Side) -> u32 {
        2
    }
}
