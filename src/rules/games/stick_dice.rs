//! What Pagade and Chopat share, the two games of the stick dice on the
//! cross-shaped cloth: where the pawns start, how singles and pairs move
//! with the dice, who cuts whom, and the doublet's name. Both cards use it;
//! neither uses the other.

use crate::dice::Throw;
use crate::rules::card::{one, Landing, Shape, ShapeQuery, Shapes, Standing};
use crate::rules::effects::ThrowName;
use crate::rules::illegal::Illegal;

/// Where the pawns start: steps 6 and 7 in the Belly, a pair on 12.
pub(crate) const START: [u8; 4] = [6, 7, 12, 12];

/// How pawns move with the stick dice, in Pagade and Chopat: a single by
/// the sum of its values, a pair together only on a doublet by one die.
/// Every cut pawn comes back on the next turn, "one pawn for each dice":
/// one may take both dice of a throw only if the dice left can still bring
/// in the others.
#[inline]
pub(crate) fn stick_dice_shapes(q: &ShapeQuery) -> Result<Shapes, Illegal> {
    if q.pawns == 1 {
        if q.from == 0 && q.values.len() == 2 && q.here > 1 && q.values_left < q.here + 1 {
            return Err(Illegal::EachCutPawnEnters);
        }
        Ok(one(Shape::single(q.sum())))
    } else if q.pawns == 2 && q.doublet() {
        Ok(one(Shape::group(2, q.values[0])))
    } else {
        Err(Illegal::PairNeedsDoublet)
    }
}

/// The stick dice's named throw: a doublet.
pub(crate) fn doublet(throw: &Throw) -> Option<ThrowName> {
    throw.is_doublet().then_some(ThrowName::Doublet)
}

/// Who is cut in Pagade and Chopat: a lone pawn by anything, a pair only
/// by a pair moving together.
#[inline]
pub(crate) fn pair_cuts_pair<S: Standing>(l: &Landing<S>) -> Result<u8, Illegal> {
    if l.count == 1 || l.m.pawns == 2 {
        Ok(l.count)
    } else {
        Err(Illegal::SingleOnPair)
    }
}
