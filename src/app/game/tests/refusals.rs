//! The game screen's words for the rules' refusals.

use super::notice;

/// Every reason the rules give for refusing a move, with an example of
/// its detail (the match fails to compile until a new reason is listed).
fn every_reason() -> Vec<crate::rules::Illegal> {
    use crate::rules::Illegal::*;
    let all = [
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
        KajalvunFirst { step: 34 },
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
        WrongDestination { to: 14 },
        MustUseMore,
        KhadoChoice,
    ];
    for reason in all {
        match reason {
            GameOver
            | ThrowFirst
            | ValueSpent
            | MixedThrows
            | NoPawn
            | AlreadyMoved
            | AlreadyHome
            | ReenterFirst
            | EachCutPawnEnters
            | NotTogether
            | PairNeedsDoublet
            | GroupNeedsDouble
            | ExactHome
            | InnerRingClosed
            | SingleOnPair
            | SmallerOnGroup
            | ImmuneGroup
            | SquareFull
            | KajalvunFirst { .. }
            | JugOnce
            | JugFirstDoublet
            | OnDouble
            | TwoColoursThere
            | BlockedByDouble
            | NeedsTopValue
            | OffBoardFirst
            | PartnerThere
            | NoSuchMover
            | NoPairToName
            | WrongDestination { .. }
            | MustUseMore
            | KhadoChoice => {}
        }
    }
    all.to_vec()
}

/// The screen words every reason of the rules as `chaupar-cli` does (the
/// engine's English), so that neither drifts from the other.
#[test]
fn every_refusal_reads_as_the_rules_give_it() {
    for reason in every_reason() {
        let shown = notice(&super::super::notices::refused(reason));
        // "Throw first" says to whom (here the first seat, unnamed: Black).
        let expected = match reason {
            crate::rules::Illegal::ThrowFirst => format!("Black: {reason}"),
            _ => reason.to_string(),
        };
        assert_eq!(shown.to_lowercase(), expected.to_lowercase(), "{reason:?}");
    }
}
