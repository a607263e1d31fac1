//! Pagade of Mysore, on the cross-shaped cloth with two stick dice.
//!
//! - Four pawns each start as in Chopat: steps 6 and 7 in the Belly and a
//!   pair on 12 ([`START`]).
//! - A pawn goes the sum of a throw's two dice, or each die moves a pawn of
//!   its own. Two pawns on one square are a pair; a pair moves together only
//!   on a doublet, one die's value (a pair "moves as one pawn").
//! - No square outside the Belly holds more than two pawns of a colour.
//! - A single cuts a lone opponent pawn; a pair cuts a pair or a single; a
//!   single may not land on a pair. Cut pawns go back to the centre and
//!   must all re-enter, one die each, before any other pawn of theirs moves.
//! - Until a player has cut, its pawns circle the loop (steps 8 to 75) and
//!   may not turn into their Belly: the first cut opens the way Home.
//! - Home needs an exact throw. A cut earns no bonus throw.

use super::stick_dice::{doublet, pair_cuts_pair, stick_dice_shapes, START};
use crate::dice::{Implement, Throw};
use crate::rules::card::{Circuit, Landing, RuleCard, ShapeQuery, Shapes, Standing};
use crate::rules::effects::ThrowName;
use crate::rules::flags::{Flag, HAS_CUT};
use crate::rules::game::Mode;
use crate::rules::illegal::Illegal;
use crate::rules::options::Options;

pub(crate) struct Pagade;

impl RuleCard for Pagade {
    const MODES: &'static [Mode] = &[Mode::TwoPlayer, Mode::FourPlayer, Mode::Teams];
    const REENTER_FIRST: bool = true;
    const SQUARE_LIMIT: Option<u8> = Some(2);
    const FLAGS: &'static [Flag] = &[HAS_CUT];

    fn implement(_options: &Options) -> Implement {
        Implement::StickDice
    }

    fn start_step(_options: &Options, i: usize) -> u8 {
        START[i]
    }

    /// The loop, steps 8 to 75: a pawn turns into its Belly after step 75
    /// only once its player has cut, and goes round again before that.
    #[inline]
    fn circuit(_options: &Options) -> Option<Circuit> {
        Some(Circuit {
            first: 8,
            turn_in: 75,
            circles: true,
        })
    }

    #[inline]
    fn shapes(q: &ShapeQuery) -> Result<Shapes, Illegal> {
        stick_dice_shapes(q)
    }

    fn throw_name(_options: &Options, throw: &Throw) -> Option<ThrowName> {
        doublet(throw)
    }

    #[inline]
    fn capture<S: Standing>(l: &Landing<S>) -> Result<u8, Illegal> {
        pair_cuts_pair(l)
    }
}
