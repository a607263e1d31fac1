//! Why a move cannot be made: every refusal of the rules has a reason the
//! app can show.

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
    /// Before its first pair a player's pawns stand together only on the
    /// square where that pair must form, its own `step`.
    KajalvunFirst {
        step: u8,
    },
    JugOnce,
    JugFirstDoublet,
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
    KhadoChoice,
}
