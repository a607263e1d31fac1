//! Every refusal's reason in words (a game's own refusals are worded
//! with them, in its terms).

use super::illegal::Illegal;
use std::fmt;

impl fmt::Display for Illegal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use Illegal::*;
        let s = match self {
            GameOver => "the game is over",
            ThrowFirst => "throw first",
            ValueSpent => "that value has already been used",
            MixedThrows => "values of different throws cannot be added together",
            NoPawn => "you have no pawn there",
            AlreadyMoved => {
                "that pawn has already moved with this throw: the other value goes to another pawn"
            }
            AlreadyHome => "that pawn is already Home",
            ReenterFirst => "cut pawns must re-enter first",
            EachCutPawnEnters => "every cut pawn comes back this turn: each takes a die of its own",
            NotTogether => "those pawns do not stand together as a pair here",
            PairNeedsDoublet => "a pair moves together only on a doublet",
            GroupNeedsDouble => "pawns move together only with a double, a triple or khim",
            ExactHome => "Home needs an exact throw",
            InnerRingClosed => "your pawns cannot leave the outer ring until you have hit a pawn",
            SingleOnPair => "a single pawn cannot land on a pair",
            SmallerOnGroup => "a smaller piece cannot land on a larger group",
            ImmuneGroup => "two or more pawns together cannot be sent back",
            SquareFull => "no square outside the Belly holds more than two pawns of a colour",
            OnDouble => "that square holds a double, which only hits lone pawns",
            TwoColoursThere => {
                "two other players' pawns share that square: nobody else may land there"
            }
            BlockedByDouble => "a single pawn cannot pass an opponent's double",
            NeedsTopValue => "a pawn off the board enters only on Chamma or Ashta",
            OffBoardFirst => "that pawn is off the board: it enters only with a top value",
            PartnerThere => "your partner's pawn stands there, and partners do not cut each other",
            NoSuchMover => "none of your pawns there has moved that way this turn",
            NoPairToName => "that move does not leave you two pairs to name the true one of",
            WrongDestination { to } => {
                return write!(f, "with those values that move goes to step {to}")
            }
            MustUseMore => "you must use as many of the turn's values as can be used",
            Chopat(why) => return why.fmt(f),
        };
        f.write_str(s)
    }
}

impl std::error::Error for Illegal {}
