//! Chaupar as Parlett reconstructs it (The Oxford History of Board Games),
//! on the cross-shaped cloth with three long dice (1, 2, 5, 6).
//!
//! - Two partnerships in every mode: Black and Yellow against Red and
//!   Green. Before the game every colour throws once and the highest total
//!   starts (a tie throws again).
//! - Four pawns each start on steps 6, 7, 9 and 10 ([`START`]).
//! - One throw a turn, no bonus throws. A piece takes one die or the sum of
//!   several; a piece is a single pawn or a group.
//! - A pawn landing on its own colour joins it in a group, of any size; a
//!   group moves as one piece, and a pawn may leave it alone.
//! - A piece captures an opponent's group no larger than itself; a smaller
//!   piece may not land on a group. Partners never capture each other.
//! - No safe squares on the loop, no cut needed to go Home; Home needs an
//!   exact throw.

use crate::dice::Implement;
use crate::rules::card::{one, Landing, RuleCard, Shape, ShapeQuery, Shapes, Standing};
use crate::rules::game::Mode;
use crate::rules::illegal::Illegal;
use crate::rules::options::Options;

/// Where the pawns start in both Chaupars: steps 6 and 7 of the middle
/// column, 9 and 10 at the outer end of the right-hand column.
pub(crate) const START: [u8; 4] = [6, 7, 9, 10];

pub(crate) struct Chaupar;

impl RuleCard for Chaupar {
    const MODES: &'static [Mode] = &[Mode::Teams, Mode::TwoPlayer];
    const ALWAYS_PARTNERS: bool = true;
    const OPENING_THROW: bool = true;

    fn implement(_options: &Options) -> Implement {
        Implement::LongDice
    }

    fn start_step(_options: &Options, i: usize) -> u8 {
        START[i]
    }

    /// The whole group on a square moves together.
    #[inline]
    fn group_sizes(here: u8) -> ([u8; 2], usize) {
        ([here, 0], 1)
    }

    /// A group moves as one piece by the sum of its values; one pawn may
    /// leave it.
    #[inline]
    fn shapes(q: &ShapeQuery) -> Result<Shapes, Illegal> {
        if q.pawns == 1 || q.pawns == q.here {
            Ok(one(Shape::group(q.pawns, q.sum())))
        } else {
            Err(Illegal::NotTogether)
        }
    }

    /// A piece captures a group no larger than itself.
    #[inline]
    fn capture<S: Standing>(l: &Landing<S>) -> Result<u8, Illegal> {
        if l.m.pawns >= l.count {
            Ok(l.count)
        } else {
            Err(Illegal::SmallerOnGroup)
        }
    }

    /// A group of four moves four pawns each step.
    #[inline]
    fn reach(_pos: &crate::rules::position::Position, _side: crate::board::Side) -> u32 {
        4
    }
}
