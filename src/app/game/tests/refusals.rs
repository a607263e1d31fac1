//! The game screen's words for the rules' refusals.

use super::notice;
use crate::app::game::present::rules_refusal;
use crate::app::{Colour, Name, Notice};
use crate::rules::chopat::ChopatRefusal;
use crate::rules::Illegal;

/// Every reason the rules give for refusing a move, with an example of
/// its detail: walked from the first, each naming the next, in one match
/// that fails to compile until a new reason is placed in it.
fn every_reason() -> Vec<Illegal> {
    use ChopatRefusal::*;
    use Illegal::*;
    let next = |reason| match reason {
        GameOver => Some(ThrowFirst),
        ThrowFirst => Some(ValueSpent),
        ValueSpent => Some(MixedThrows),
        MixedThrows => Some(NoPawn),
        NoPawn => Some(AlreadyMoved),
        AlreadyMoved => Some(AlreadyHome),
        AlreadyHome => Some(ReenterFirst),
        ReenterFirst => Some(EachCutPawnEnters),
        EachCutPawnEnters => Some(NotTogether),
        NotTogether => Some(PairNeedsDoublet),
        PairNeedsDoublet => Some(GroupNeedsDouble),
        GroupNeedsDouble => Some(ExactHome),
        ExactHome => Some(InnerRingClosed),
        InnerRingClosed => Some(SingleOnPair),
        SingleOnPair => Some(SmallerOnGroup),
        SmallerOnGroup => Some(ImmuneGroup),
        ImmuneGroup => Some(SquareFull),
        SquareFull => Some(OnDouble),
        OnDouble => Some(TwoColoursThere),
        TwoColoursThere => Some(BlockedByDouble),
        BlockedByDouble => Some(NeedsTopValue),
        NeedsTopValue => Some(OffBoardFirst),
        OffBoardFirst => Some(PartnerThere),
        PartnerThere => Some(NoSuchMover),
        NoSuchMover => Some(NoPairToName),
        NoPairToName => Some(WrongDestination { to: 14 }),
        WrongDestination { .. } => Some(MustUseMore),
        MustUseMore => Some(Chopat(KajalvunFirst { step: 34 })),
        Chopat(KajalvunFirst { .. }) => Some(Chopat(JugOnce)),
        Chopat(JugOnce) => Some(Chopat(JugFirstDoublet)),
        Chopat(JugFirstDoublet) => Some(Chopat(KhadoChoice)),
        Chopat(KhadoChoice) => None,
    };
    std::iter::successors(Some(GameOver), |&reason| next(reason)).collect()
}

/// The screen words every reason of the rules as `chaupar-cli` does (the
/// engine's English), so that neither drifts from the other.
#[test]
fn every_refusal_reads_as_the_rules_give_it() {
    let reasons = every_reason();
    // Each reason its own refusal: no two share one.
    let mut refusals: Vec<String> = (reasons.iter())
        .map(|&r| format!("{:?}", rules_refusal(r).refusal))
        .collect();
    refusals.sort();
    refusals.dedup();
    assert_eq!(refusals.len(), reasons.len());
    for reason in reasons {
        // "Throw first" says to whom: here the first seat, unnamed, so
        // Black.
        let black = Name {
            colour: Colour::Black,
            ..Default::default()
        };
        let shown = notice(&Notice {
            name: black,
            ..rules_refusal(reason)
        });
        let expected = match reason {
            Illegal::ThrowFirst => format!("Black: {reason}"),
            _ => reason.to_string(),
        };
        assert_eq!(shown.to_lowercase(), expected.to_lowercase(), "{reason:?}");
    }
}
