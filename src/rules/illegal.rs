//! Why a move cannot be made: every refusal of the rules has a reason the
//! app can show.

use super::chopat::ChopatRefusal;

/// Why a move cannot be made.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Illegal {
    GameOver,
    ThrowFirst,
    ValueSpent,
    MixedThrows,
    NoPawn,
    AlreadyMoved,
    AlreadyHome,
    ReenterFirst,
    EachCutPawnEnters,
    NotTogether,
    PairNeedsDoublet,
    GroupNeedsDouble,
    ExactHome,
    InnerRingClosed,
    SingleOnPair,
    SmallerOnGroup,
    ImmuneGroup,
    SquareFull,
    OnDouble,
    TwoColoursThere,
    BlockedByDouble,
    NeedsTopValue,
    OffBoardFirst,
    PartnerThere,
    NoSuchMover,
    NoPairToName,
    WrongDestination {
        to: u8,
    },
    MustUseMore,
    /// Chopat's own refusals.
    Chopat(ChopatRefusal),
}
