//! What the game screen is told besides the moves themselves: refusals,
//! for the UI to word, and the log's lines by whom.

use crate::app::{LogLine, Notice, NoticeKind, Refusal};
use crate::board::Side;
use crate::rules::Illegal;

/// A line of the log about `seat` (whose name is filled in as it is shown).
pub(super) fn logged_by(seat: Side) -> LogLine {
    LogLine {
        side: i32::from(seat.0),
        ..Default::default()
    }
}

/// A refusal of the rules, for the UI to word.
pub(super) fn refused(why: Illegal) -> Notice {
    use Illegal::*;
    let (refusal, step) = match why {
        GameOver => (Refusal::GameOver, 0),
        ThrowFirst => (Refusal::ThrowFirst, 0),
        ValueSpent => (Refusal::ValueSpent, 0),
        MixedThrows => (Refusal::MixedThrows, 0),
        NoPawn => (Refusal::NoPawn, 0),
        AlreadyMoved => (Refusal::AlreadyMoved, 0),
        AlreadyHome => (Refusal::AlreadyHome, 0),
        ReenterFirst => (Refusal::ReenterFirst, 0),
        EachCutPawnEnters => (Refusal::EachCutPawnEnters, 0),
        NotTogether => (Refusal::NotTogether, 0),
        PairNeedsDoublet => (Refusal::PairNeedsDoublet, 0),
        GroupNeedsDouble => (Refusal::GroupNeedsDouble, 0),
        ExactHome => (Refusal::ExactHome, 0),
        InnerRingClosed => (Refusal::InnerRingClosed, 0),
        SingleOnPair => (Refusal::SingleOnPair, 0),
        SmallerOnGroup => (Refusal::SmallerOnGroup, 0),
        ImmuneGroup => (Refusal::ImmuneGroup, 0),
        SquareFull => (Refusal::SquareFull, 0),
        KajalvunFirst { step } => (Refusal::KajalvunFirst, i32::from(step)),
        JugOnce => (Refusal::JugOnce, 0),
        JugFirstDoublet => (Refusal::JugFirstDoublet, 0),
        OnDouble => (Refusal::OnDouble, 0),
        TwoColoursThere => (Refusal::TwoColoursThere, 0),
        BlockedByDouble => (Refusal::BlockedByDouble, 0),
        NeedsTopValue => (Refusal::NeedsTopValue, 0),
        OffBoardFirst => (Refusal::OffBoardFirst, 0),
        PartnerThere => (Refusal::PartnerThere, 0),
        NoSuchMover => (Refusal::NoSuchMover, 0),
        NoPairToName => (Refusal::NoPairToName, 0),
        WrongDestination { to } => (Refusal::WrongDestination, i32::from(to)),
        MustUseMore => (Refusal::MustUseMore, 0),
        KhadoChoice => (Refusal::KhadoChoice, 0),
    };
    Notice {
        kind: NoticeKind::Refused,
        refusal,
        step,
        ..Default::default()
    }
}

/// A refusal of the game screen's own.
pub(super) fn refusal(refusal: Refusal) -> Notice {
    Notice {
        kind: NoticeKind::Refused,
        refusal,
        ..Default::default()
    }
}
