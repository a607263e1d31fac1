//! The game told, as typed data the UI words in the language spoken
//! (ui/telling.slint): the banner's prompt, each move as its button, the
//! log and a lit square tell it, what a move did, and what a screen reader
//! says of a pawn.

use super::{colour, model};
use crate::app::game::board_view::{square_number, PawnAt, Target};
use crate::app::game::session::{Movement, Prompt, Session};
use crate::app::text::values_text;
use crate::app::WhichPawn;
use crate::app::{Ask, Colour, Cut, MoveKind, MoveText, PawnData, Place, PlaceKind, Stands};
use crate::board::Side;
use crate::rules::chopat::{ChopatFlags, ChopatMilestone};
use crate::rules::{Effects, Milestone, Move};

/// What the banner asks of the player to move: once a pawn is chosen,
/// where it may go; while the computer plays, only that it does.
pub fn ask(s: &Session) -> Ask {
    let computer = s.mover_kind().is_computer();
    match s.prompt() {
        Prompt::Throw | Prompt::ThrowAgain | Prompt::Move if computer => Ask::ComputerPlays,
        Prompt::Throw => Ask::Throw,
        Prompt::ThrowAgain => Ask::ThrowAgain,
        Prompt::Move if s.selected().is_some() => Ask::MoveToSquare,
        Prompt::Move if s.is_without_throw() => Ask::KhadoKarvo,
        Prompt::Move => Ask::MovePawn,
        Prompt::Passes => Ask::Passes,
        Prompt::Over => Ask::Over,
    }
}

/// A move as its button and a suggestion tell it: which pawns go where
/// with which values, and what the engine's preview says it would do
/// beyond moving.
pub fn describe(s: &Session, mv: Move) -> MoveText {
    let mut told = movement(s, &s.movement(mv));
    if let Some(effects) = s.effects_of(mv) {
        tell_consequences(s, &mut told, effects);
    }
    told
}

/// A move made, as the log tells it: `partner` the colour it moved where
/// that was not the mover's own.
pub fn made(s: &Session, made: &Movement, partner: Option<Side>, effects: &Effects) -> MoveText {
    let mut told = movement(s, made);
    told.partner = partner.map_or(Colour::None, |side| colour(s, side));
    tell_consequences(s, &mut told, effects);
    told
}

/// Which pawns a move takes where, and with which values.
fn movement(s: &Session, made: &Movement) -> MoveText {
    let mv = made.mv;
    // Pawns on one square that have moved differently this turn.
    let (which, earlier) = match &made.earlier {
        None => (WhichPawn::Any, &[][..]),
        Some(v) if v.is_empty() => (WhichPawn::Other, &[][..]),
        Some(v) => (WhichPawn::MovedWith, &v[..]),
    };
    let kind = if mv == Move::MISS_TURN {
        MoveKind::MissTurn
    } else if made.bring_back {
        MoveKind::BringBack
    } else if mv.from == 0 {
        MoveKind::Enter
    } else {
        MoveKind::Move
    };
    // A pair on a doublet, Akbar's doubles and Khim, Chopat's opening
    // split: the pawns go another distance than the values add up to
    // (going on past Home starts again from step 0).
    let (from, to) = (u32::from(mv.from), u32::from(mv.to));
    let sum: u32 = made.values.iter().map(|&v| u32::from(v)).sum();
    let home = u32::from(s.position().home());
    let squares = if kind != MoveKind::Move || from + sum == to || from + sum == to + home {
        0
    } else {
        to.saturating_sub(from)
    };
    MoveText {
        kind,
        pawns: i32::from(mv.pawns),
        partner: Colour::None,
        values: if kind == MoveKind::BringBack {
            Default::default()
        } else {
            values_text(&made.values).into()
        },
        squares: squares as i32,
        from: place(s, mv.from),
        to: place(s, mv.to),
        which,
        earlier: values_text(earlier).into(),
        ..Default::default()
    }
}

/// What a move did besides moving, from its effects: whom it cut
/// (where it landed: the victims' own step numbers would name that
/// square differently), then what it changed for the throws and moves
/// to come (the way Home open, the Jug formed), and the pair it named
/// true.
fn tell_consequences(s: &Session, told: &mut MoveText, effects: &Effects) {
    told.known = true;
    told.hit = s.position().game().capture_word() == "hit";
    told.cuts = model(
        (Side::ALL.into_iter())
            .filter(|&victim| effects.captured_of(victim) > 0)
            .map(|victim| Cut {
                colour: colour(s, victim),
                pawns: i32::from(effects.captured_of(victim)),
            })
            .collect(),
    );
    for milestone in &effects.milestones {
        match *milestone {
            Milestone::WayHomeOpen => told.way_home_open = true,
            Milestone::TurnEarned => told.another_turn = true,
            Milestone::Finished { place } => told.finishes = i32::from(place),
            Milestone::Chopat(ChopatMilestone::Kajalvun) => told.forms_jug = true,
            Milestone::Chopat(ChopatMilestone::PassedJug) => told.passes_jug = true,
            Milestone::Chopat(ChopatMilestone::TruePairNamed { step }) => {
                told.true_pair = place(s, step).number;
            }
            Milestone::Chopat(
                ChopatMilestone::JugMoved
                | ChopatMilestone::OolDone
                | ChopatMilestone::BackFromHome,
            )
            | Milestone::Home { .. } => {}
        }
    }
}

/// The squares the chosen pawn can reach, each with what a screen reader
/// says for it: where it is, and what moving there does where every way
/// there does the same (not known where they differ).
pub fn targets(s: &Session) -> Vec<Target> {
    (s.reachable().into_iter())
        .map(|reach| {
            let mut ways = reach.moves.iter().map(|&m| {
                let mut told = MoveText {
                    to: place(s, m.to),
                    ..Default::default()
                };
                if let Some(effects) = s.effects_of(m) {
                    tell_consequences(s, &mut told, effects);
                }
                told
            });
            let mut first = ways.next().expect("a square reached has a way there");
            if ways.any(|other| !same_consequences(&first, &other)) {
                first.known = false;
            }
            Target {
                cell: reach.cell,
                reach: first,
            }
        })
        .collect()
}

/// Whether two ways to one square do the same there besides moving.
fn same_consequences(a: &MoveText, b: &MoveText) -> bool {
    use slint::Model;
    let cuts = |m: &MoveText| {
        m.cuts
            .iter()
            .map(|c| (c.colour, c.pawns))
            .collect::<Vec<_>>()
    };
    (
        a.way_home_open,
        a.another_turn,
        a.finishes,
        a.forms_jug,
        a.passes_jug,
        a.true_pair,
    ) == (
        b.way_home_open,
        b.another_turn,
        b.finishes,
        b.forms_jug,
        b.passes_jug,
        b.true_pair,
    ) && cuts(a) == cuts(b)
}

/// A step of the mover's path as the screens name it.
pub fn place(s: &Session, step: u8) -> Place {
    let p = s.position();
    match step {
        0 => Place {
            kind: PlaceKind::Start,
            number: 0,
        },
        step if step == p.home() => Place {
            kind: PlaceKind::Home,
            number: 0,
        },
        step => Place {
            kind: PlaceKind::Square,
            number: i32::from(square_number(p.board_kind(), p.home(), step)),
        },
    }
}

/// A pawn as drawn, with what a screen reader hears of it: its colour,
/// what stands there, where, and where it can go.
pub fn pawn_told(
    s: &Session,
    drawn: PawnData,
    pawn: PawnAt,
    stack: usize,
    movable: bool,
) -> PawnData {
    let p = s.position();
    // Steps 8 and 76 are one square: two pawns there are drawn apart
    // but are a pair.
    let paired_apart = p.pawns_on_square(pawn.side, pawn.step) > p.pawns_on(pawn.side, pawn.step);
    let stands = match stack {
        1 if paired_apart && p.cut_by_single(pawn.side, pawn.step) => Stands::PawnOfFalsePair,
        1 if paired_apart => Stands::PawnOfPair,
        0 | 1 => Stands::Pawn,
        2 if ChopatFlags::of(p.flags(pawn.side)).jug == Some(pawn.step) => Stands::Jug,
        2 if p.cut_by_single(pawn.side, pawn.step) => Stands::FalsePair,
        2 => Stands::Pair,
        _ => Stands::Group,
    };
    let mut squares: Vec<String> = Vec::new();
    let mut home = false;
    if movable {
        for m in s.moves_from(pawn.step) {
            match place(s, m.to) {
                Place {
                    kind: PlaceKind::Home,
                    ..
                } => home = true,
                place => {
                    let number = place.number.to_string();
                    if !squares.contains(&number) {
                        squares.push(number);
                    }
                }
            }
        }
    }
    PawnData {
        colour: colour(s, pawn.side),
        stands,
        place: place(s, pawn.step),
        can_reach: squares.join(", ").into(),
        can_reach_home: home,
        ..drawn
    }
}
