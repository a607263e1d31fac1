//! The presenter: the one place where a [`Session`] is turned into the
//! types the Game screen draws (`ui/globals.slint`): the banner, the
//! notice, the tray, the board's squares and pawns, the log and the race.
//! The session holds none of them; the controller (`super`) sets them.

pub mod outcome;
mod race;
mod telling;

pub use race::{standings, teams};
pub use telling::{ask, describe, made, pawn_told, targets};

use super::board_view::{Layout, PawnAt};
use super::session::{Entry, Refused, Said, Session, Told};
use crate::app::courses::{is_last, lesson_key};
use crate::app::setup::name_data;
use crate::app::{model, text};
use crate::app::{AfterThrow as Then, Colour, DieData, DieKind, LogLine, Logged, Name, Notice};
use crate::app::{LessonStep, MoveChoice, NoticeKind, PawnData, Refusal, ThrowCall};
use crate::board::Side;
use crate::dice::{Implement, Throw};
use crate::lessons::Step;
use crate::rules::chopat::{ChopatFlags, ChopatRefusal};
use crate::rules::{AfterThrow, Illegal, ThrowName};

/// A side's colour.
pub fn colour(s: &Session, side: Side) -> Colour {
    text::colour(s.position().board_kind(), side)
}

/// The name of whoever plays a side (its colour when none was given),
/// for the UI to word.
pub fn name(s: &Session, side: Side) -> Name {
    name_data(s.name(side), colour(s, side))
}

/// What the screen says under the banner.
pub fn notice(s: &Session) -> Notice {
    match *s.said() {
        Said::Nothing => Notice::default(),
        Said::Refused(why) => refusal(s, why),
        Said::Suggested(mv) => Notice {
            kind: NoticeKind::Suggested,
            suggestion: describe(s, mv),
            ..Default::default()
        },
        Said::TookBack(seat) => Notice {
            kind: NoticeKind::TookBack,
            name: name(s, seat),
            ..Default::default()
        },
        Said::Parted => Notice {
            kind: NoticeKind::Parted,
            ..Default::default()
        },
    }
}

/// A refusal, for the UI to word.
fn refusal(s: &Session, why: Refused) -> Notice {
    let refused = |refusal| Notice {
        kind: NoticeKind::Refused,
        refusal,
        ..Default::default()
    };
    match why {
        Refused::Rules(why) => rules_refusal(why),
        Refused::ThrowFirst { mover } => Notice {
            name: name(s, mover),
            ..refused(Refusal::ThrowFirst)
        },
        Refused::PassTheTurn => refused(Refusal::PassTheTurn),
        Refused::NotYours { pawn, mover, pawns } => Notice {
            name: name(s, mover),
            colour: colour(s, pawn),
            mover_colour: colour(s, pawns),
            ..refused(Refusal::NotYours)
        },
        Refused::CannotMove => refused(Refusal::CannotMove),
        Refused::NotThere => refused(Refusal::NotThere),
        Refused::NotTheLessons => refused(Refusal::NotTheLessons),
    }
}

/// A refusal of the rules, for the UI to word: the one place where the
/// rules' reasons meet the UI's (`Refusal` in ui/globals.slint), so that
/// a reason added to the rules fails to compile until the UI has it.
pub fn rules_refusal(why: Illegal) -> Notice {
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
        Chopat(why) => match why {
            ChopatRefusal::KajalvunFirst { step } => (Refusal::KajalvunFirst, i32::from(step)),
            ChopatRefusal::JugOnce => (Refusal::JugOnce, 0),
            ChopatRefusal::JugFirstDoublet => (Refusal::JugFirstDoublet, 0),
            ChopatRefusal::KhadoChoice => (Refusal::KhadoChoice, 0),
        },
    };
    Notice {
        kind: NoticeKind::Refused,
        refusal,
        step,
        ..Default::default()
    }
}

/// A line of the log, its player's name left for the screen to fill in
/// (once per side, not once a line).
pub fn log_line(s: &Session, entry: &Entry) -> LogLine {
    let line = LogLine {
        side: i32::from(entry.seat.0),
        ..Default::default()
    };
    match &entry.told {
        Told::OpeningThrow { values } => LogLine {
            logged: Logged::OpeningThrow,
            values: text::values_text(values).into(),
            ..line
        },
        Told::Threw {
            values,
            after,
            no_bonus,
        } => LogLine {
            logged: Logged::Threw,
            values: text::values_text(values).into(),
            no_bonus: *no_bonus,
            after: match after {
                AfterThrow::Bonus => Then::AnotherThrow,
                AfterThrow::Voided => Then::TurnVoided,
                AfterThrow::Passed | AfterThrow::Move => Then::Nothing,
            },
            ..line
        },
        Told::Passes => LogLine {
            logged: Logged::Passes,
            ..line
        },
        Told::Moved {
            movement,
            partner,
            effects,
        } => LogLine {
            logged: Logged::Moved,
            r#move: made(s, movement, *partner, effects),
            ..line
        },
        Told::MissesTurn { missed, of } => LogLine {
            logged: Logged::MissesTurn,
            missed: i32::from(*missed),
            of: i32::from(*of),
            ..line
        },
        Told::OolDone => LogLine {
            logged: Logged::OolDone,
            ..line
        },
    }
}

/// The newest `shown` lines of the log, with the players' names.
pub fn log(s: &Session, shown: usize) -> Vec<LogLine> {
    let newest = &s.log()[s.log().len().saturating_sub(shown)..];
    // Each side's name once, not once a line.
    let names = Side::ALL.map(|side| name(s, side));
    newest
        .iter()
        .map(|entry| LogLine {
            name: names[entry.seat.index()].clone(),
            ..log_line(s, entry)
        })
        .collect()
}

/// The moves offered as buttons: a long list of ways is left to the
/// highlighted squares.
pub fn choices(s: &Session) -> Vec<MoveChoice> {
    let offered = if s.offered().len() <= 4 {
        s.offered()
    } else {
        &[]
    };
    offered
        .iter()
        .enumerate()
        .map(|(i, &mv)| MoveChoice {
            index: i as i32,
            r#move: describe(s, mv),
        })
        .collect()
}

/// The pieces in the tray, and the last throw's name if it has one.
pub fn tray(s: &Session) -> (Vec<DieData>, ThrowCall) {
    let p = s.position();
    let name = s
        .last_throw()
        .and_then(|t| p.options().throw_name(p.game(), &t));
    let call = match name {
        None => ThrowCall::None,
        Some(ThrowName::Chamma) => ThrowCall::Chamma,
        Some(ThrowName::Ashta) => ThrowCall::Ashta,
        Some(ThrowName::Khim) => ThrowCall::Khim,
        Some(ThrowName::Doublet) => ThrowCall::Doublet,
    };
    (pieces(s.implement(), s.last_throw()), call)
}

/// The pieces in the tray: a throw as it fell, or the implement at rest.
fn pieces(implement: Implement, throw: Option<Throw>) -> Vec<DieData> {
    let kind = match implement {
        Implement::StickDice => DieKind::StickDie,
        Implement::LongDice => DieKind::LongDie,
        Implement::Cowries(_) => DieKind::Cowrie,
    };
    match (implement, throw) {
        (Implement::Cowries(_), Some(t)) => t
            .shells()
            .map(|up| DieData {
                kind,
                value: 0,
                mouth_up: up,
            })
            .collect(),
        (Implement::Cowries(n), None) => (0..n)
            .map(|i| DieData {
                kind,
                value: 0,
                mouth_up: i % 2 == 0,
            })
            .collect(),
        (dice, t) => {
            let rest = vec![1u8; dice.values_per_throw()];
            let values = t.map(|t| t.values().to_vec()).unwrap_or(rest);
            values
                .into_iter()
                .map(|value| DieData {
                    kind,
                    value: value as i32,
                    mouth_up: false,
                })
                .collect()
        }
    }
}

/// Every pawn as drawn: `pawns` where they stand on the screen (walking
/// pawns on the square they have reached), lit where a person may move
/// them (`lit`: nothing is lit while something moves or the computer
/// plays).
pub fn pawns(s: &Session, layout: &Layout, pawns: &[PawnAt], lit: bool) -> Vec<PawnData> {
    let spots = layout.pawns(pawns);
    let movable_steps: Vec<u8> = if lit {
        s.legal_moves().iter().map(|m| m.from).collect()
    } else {
        Vec::new()
    };
    let side = s.turn().pawn_side();
    let p = s.position();
    pawns
        .iter()
        .zip(spots)
        .map(|(&pawn, spot)| {
            let movable = pawn.side == side && movable_steps.contains(&pawn.step);
            let stack = pawns
                .iter()
                .filter(|q| q.side == pawn.side && q.step == pawn.step)
                .count();
            // A stack is lit once, on its top pawn; pawns waiting or Home,
            // side by side, on the first of them.
            let top = spot.leads;
            PawnData {
                movable: movable && top,
                selected: top && pawn.side == side && Some(pawn.step) == s.selected(),
                jug: top && stack > 1 && ChopatFlags::of(p.flags(pawn.side)).jug == Some(pawn.step),
                false_pair: top && p.cut_by_single(pawn.side, pawn.step),
                ..pawn_told(s, spot.pawn_data(pawn), pawn, stack, movable)
            }
        })
        .collect()
}

/// A lesson's step as the game screen shows it: the message ids of what it
/// says and of the nudge after a wrong tap, how far it has come, and
/// whether it is done (a game is no lesson: all empty).
pub fn lesson(s: &Session) -> LessonStep {
    let Some(t) = s.teaching() else {
        return LessonStep::default();
    };
    let say = match t.step() {
        Some(Step::ThrowOff { say, .. } | Step::Throw { say, .. } | Step::Move { say, .. }) => {
            say.as_str()
        }
        Some(Step::Watch { say, .. }) => say.as_deref().unwrap_or_default(),
        None => "",
    };
    let (step, steps) = t.progress();
    LessonStep {
        lesson: lesson_key(s.position().game(), t.lesson()).into(),
        say: say.into(),
        nudge: t.nudge().unwrap_or_default().into(),
        step: step.min(steps.saturating_sub(1)) as i32 + 1,
        steps: steps as i32,
        done: t.is_done(),
        last: is_last(t.lesson()),
    }
}
