//! The game told, as typed data the UI words in the language spoken
//! (ui/telling.slint): the banner's prompt, each move as its button and the
//! log tell it, what a move did, and what a screen reader says of a pawn.

use super::board_view::{square_number, PawnAt};
use super::notices::logged_by;
use super::session::{Prompt, Session};
use crate::app::text::{colour, values_text};
use crate::app::{model, Ask, Cut, LogLine, Logged, MoveKind, MoveText, PawnData, Place};
use crate::board::Side;
use crate::rules::{Effects, Milestone, Move, TurnEnd};

impl Session {
    /// What the banner asks of the player to move: once a pawn is chosen,
    /// where it may go; while the computer plays, only that it does.
    pub fn ask(&self) -> Ask {
        let computer = self.mover_kind().is_computer();
        match self.prompt() {
            Prompt::Throw | Prompt::ThrowAgain | Prompt::Move if computer => Ask::ComputerPlays,
            Prompt::Throw => Ask::Throw,
            Prompt::ThrowAgain => Ask::ThrowAgain,
            Prompt::Move if self.selected.is_some() => Ask::MoveToSquare,
            Prompt::Move if self.is_khado_karvo() => Ask::KhadoKarvo,
            Prompt::Move => Ask::MovePawn,
            Prompt::Passes => Ask::Passes,
            Prompt::Over => Ask::Over,
        }
    }

    /// A move as its button and a suggestion tell it: which pawns go where
    /// with which values, and what the engine's preview says it would do
    /// beyond moving.
    pub fn describe(&self, mv: Move) -> MoveText {
        let mut told = self.movement(mv);
        if let Some(effects) = self.effects_of(mv) {
            self.tell_consequences(&mut told, effects);
        }
        told
    }

    /// Which pawns a move takes where, and with which values.
    pub(super) fn movement(&self, mv: Move) -> MoveText {
        let values = self.spent_values(mv);
        // Pawns on one square that have moved differently this turn.
        let (which, earlier) = match self.game.turn().mover_values(mv) {
            None => (0, Vec::new()),
            Some(v) if v.is_empty() => (1, Vec::new()),
            Some(v) => (2, v),
        };
        let kind = if mv == Move::MISS_TURN {
            MoveKind::MissTurn
        } else if self.is_khado_karvo() {
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
        let sum: u32 = values.iter().map(|&v| u32::from(v)).sum();
        let home = u32::from(self.position().home());
        let squares = if kind != MoveKind::Move || from + sum == to || from + sum == to + home {
            0
        } else {
            to.saturating_sub(from)
        };
        MoveText {
            kind,
            pawns: i32::from(mv.pawns),
            partner: -1,
            values: if kind == MoveKind::BringBack {
                Default::default()
            } else {
                values_text(&values).into()
            },
            squares: squares as i32,
            from: self.place(mv.from),
            to: self.place(mv.to),
            which,
            earlier: earlier
                .iter()
                .map(|x| x.to_string())
                .collect::<Vec<_>>()
                .join(" + ")
                .into(),
            ..Default::default()
        }
    }

    /// What a move did besides moving, from its effects: whom it cut
    /// (where it landed: the victims' own step numbers would name that
    /// square differently), then what it changed for the throws and moves
    /// to come (the way Home open, the Jug formed), and the pair it named
    /// true.
    pub(super) fn tell_consequences(&self, told: &mut MoveText, effects: &Effects) {
        let kind = self.position().board_kind();
        told.known = true;
        told.hit = self.position().game().capture_word() == "hit";
        told.cuts = model(
            (Side::ALL.into_iter())
                .filter(|&victim| effects.captured_of(victim) > 0)
                .map(|victim| Cut {
                    colour: colour(kind, victim),
                    pawns: i32::from(effects.captured_of(victim)),
                })
                .collect(),
        );
        for milestone in &effects.milestones {
            match *milestone {
                Milestone::WayHomeOpen => told.way_home_open = true,
                Milestone::TurnEarned => told.another_turn = true,
                Milestone::Finished { place } => told.finishes = i32::from(place),
                Milestone::Kajalvun => told.forms_jug = true,
                Milestone::PassedJug => told.passes_jug = true,
                Milestone::TruePairNamed { step } => {
                    told.true_pair = self.place(step).number;
                }
                Milestone::JugMoved | Milestone::Home { .. } | Milestone::BackFromHome => {}
            }
        }
    }

    /// A step of the mover's path as the screens name it.
    pub(super) fn place(&self, step: u8) -> Place {
        let p = self.position();
        match step {
            0 => Place { kind: 0, number: 0 },
            s if s == p.home() => Place { kind: 2, number: 0 },
            s => Place {
                kind: 1,
                number: i32::from(square_number(p.board_kind(), p.home(), s)),
            },
        }
    }

    /// A pawn as drawn, with what a screen reader hears of it: its colour,
    /// what stands there, where, and where it can go.
    pub fn pawn_told(
        &self,
        drawn: PawnData,
        pawn: PawnAt,
        stack: usize,
        movable: bool,
    ) -> PawnData {
        let p = self.position();
        // Steps 8 and 76 are one square: two pawns there are drawn apart
        // but are a pair.
        let paired_apart =
            p.pawns_on_square(pawn.side, pawn.step) > p.pawns_on(pawn.side, pawn.step);
        let stands = match stack {
            1 if paired_apart && p.is_false_pair(pawn.side, pawn.step) => 2,
            1 if paired_apart => 1,
            0 | 1 => 0,
            2 if p.flags(pawn.side).jug == Some(pawn.step) => 3,
            2 if p.is_false_pair(pawn.side, pawn.step) => 4,
            2 => 5,
            _ => 6,
        };
        let mut squares: Vec<String> = Vec::new();
        let mut home = false;
        if movable {
            for m in self.moves_from(pawn.step) {
                match self.place(m.to) {
                    Place { kind: 2, .. } => home = true,
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
            colour: colour(p.board_kind(), pawn.side),
            stands,
            place: self.place(pawn.step),
            can_reach: squares.join(", ").into(),
            can_reach_home: home,
            ..drawn
        }
    }

    /// The values a move spends.
    pub(super) fn spent_values(&self, mv: Move) -> Vec<u8> {
        mv.values(self.game.turn().throws())
    }

    /// What the end of a turn settled, in turn order: each turn a finished
    /// Chopat partner missed ("misses turn 2 of 4") and an Ool Olangvun
    /// that now counts, its pawn having survived a turn.
    pub(super) fn settled(&self, end: Option<&TurnEnd>) -> Vec<LogLine> {
        let Some(end) = end else {
            return Vec::new();
        };
        let now = self.position();
        let mut lines = Vec::new();
        for &seat in now.seats() {
            if end.missed.contains(&seat) {
                let missed = now.flags(seat).missed_turns;
                lines.push(LogLine {
                    logged: Logged::MissesTurn,
                    missed: i32::from(missed),
                    of: i32::from(missed + now.turns_to_miss(seat)),
                    ..logged_by(seat)
                });
            }
            if end.ool.contains(&(seat, true)) {
                lines.push(LogLine {
                    logged: Logged::OolDone,
                    ..logged_by(seat)
                });
            }
        }
        lines
    }
}
