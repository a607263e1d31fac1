//! The game told in words: the banner's prompt, each move as its button and
//! the log name it, what a move did, and what a screen reader says of a pawn.

use super::board_view::{square_number, PawnAt};
use super::session::{Prompt, Session};
use crate::app::text::{ordinal, values_text};
use crate::app::Ask;
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

    /// A move as its button and the suggestion name it, with what it would
    /// do beyond moving: "Move 3 to square 14, cut red".
    pub fn describe(&self, mv: Move) -> String {
        self.movement(mv) + &self.foreseen(mv)
    }

    /// What a legal move would do besides moving (", cut red"), from the
    /// engine's preview of it.
    pub(super) fn foreseen(&self, mv: Move) -> String {
        match self.effects_of(mv) {
            Some(effects) => self.consequences(effects),
            None => String::new(),
        }
    }

    /// Which pawns a move takes where, and with which values.
    pub(super) fn movement(&self, mv: Move) -> String {
        let who = match mv.pawns {
            1 => "",
            2 => "the pair ",
            _ => "the group ",
        };
        let values = self.spent_values(mv);
        let by = values_text(&values);
        // Pawns on one square that have moved differently this turn.
        let which = match self.game.turn().mover_values(mv) {
            None => String::new(),
            Some(v) if v.is_empty() => ", the other pawn".into(),
            Some(v) => {
                let v: Vec<String> = v.iter().map(|x| x.to_string()).collect();
                format!(", the pawn that moved with {}", v.join(" and "))
            }
        };
        if mv == Move::MISS_TURN {
            "Miss the turn".into()
        } else if self.is_khado_karvo() {
            let pawns = if mv.pawns == 1 { "a pawn" } else { "two pawns" };
            format!("Bring {pawns} back from Home to {}", self.place_name(mv.to))
        } else if mv.from == 0 {
            format!("Enter {who}with {by} to {}{which}", self.place_name(mv.to))
        } else {
            // A pair on a doublet, Akbar's doubles and Khim, Chopat's
            // opening split: the pawns go another distance than the values
            // add up to (going on past Home starts again from step 0).
            let (from, to) = (u32::from(mv.from), u32::from(mv.to));
            let sum: u32 = values.iter().map(|&v| u32::from(v)).sum();
            let home = u32::from(self.position().home());
            let how = if from + sum == to || from + sum == to + home {
                by
            } else {
                let squares = to.saturating_sub(from);
                let unit = if squares == 1 { "square" } else { "squares" };
                format!("{squares} {unit} ({by})")
            };
            format!("Move {who}{how} to {}{which}", self.place_name(mv.to))
        }
    }

    /// What a move did besides moving, from its effects: whom it cut
    /// (where it landed: the victims' own step numbers would name that
    /// square differently), then what it changed for the throws and moves
    /// to come (", the way Home is open", ", forms the Jug"), and the pair
    /// it named true.
    pub(super) fn consequences(&self, effects: &Effects) -> String {
        let mut text = String::new();
        let cut = self.position().game().capture_word();
        for victim in Side::ALL {
            let colour = self.colour(victim).to_lowercase();
            match effects.captured_of(victim) {
                0 => {}
                1 => text.push_str(&format!(", {cut} {colour}")),
                2 => text.push_str(&format!(", {cut} a {colour} pair")),
                n => text.push_str(&format!(", {cut} {n} {colour}")),
            }
        }
        for milestone in &effects.milestones {
            match *milestone {
                Milestone::WayHomeOpen => text.push_str(", the way Home is open"),
                Milestone::TurnEarned => text.push_str(", another turn"),
                Milestone::Finished { place } => {
                    text.push_str(&format!(", finishes {}", ordinal(place.into())))
                }
                Milestone::Kajalvun => text.push_str(", forms the Jug"),
                Milestone::PassedJug => text.push_str(", passes over the Jug"),
                Milestone::TruePairNamed { step } => {
                    text.push_str(&format!(", the pair on {} true", self.place_name(step)))
                }
                Milestone::JugMoved | Milestone::Home { .. } | Milestone::BackFromHome => {}
            }
        }
        text
    }

    pub(super) fn place_name(&self, step: u8) -> String {
        let p = self.position();
        if step == p.home() {
            "Home".into()
        } else if step == 0 {
            "the start".into()
        } else {
            format!("square {}", square_number(p.board_kind(), p.home(), step))
        }
    }

    pub(super) fn short_place(&self, step: u8) -> String {
        let p = self.position();
        match step {
            0 => "start".into(),
            s if s == p.home() => "Home".into(),
            s => square_number(p.board_kind(), p.home(), s).to_string(),
        }
    }

    /// What a screen reader says for a pawn.
    pub fn pawn_label(&self, pawn: PawnAt, stack: usize, movable: bool) -> String {
        let p = self.position();
        let colour = self.colour(pawn.side);
        // Steps 8 and 76 are one square: two pawns there are drawn apart
        // but are a pair.
        let paired_apart =
            p.pawns_on_square(pawn.side, pawn.step) > p.pawns_on(pawn.side, pawn.step);
        let what = match stack {
            1 if paired_apart && p.is_false_pair(pawn.side, pawn.step) => "pawn of a false pair",
            1 if paired_apart => "pawn of a pair",
            0 | 1 => "pawn",
            2 if p.flags(pawn.side).jug == Some(pawn.step) => "Jug",
            2 if p.is_false_pair(pawn.side, pawn.step) => "false pair",
            2 => "pair",
            _ => "group",
        };
        let place = match pawn.step {
            0 => "waiting to enter".to_string(),
            s if s == p.home() => "at Home".to_string(),
            s => format!("on square {}", square_number(p.board_kind(), p.home(), s)),
        };
        let mut label = format!("{colour} {what} {place}");
        if movable {
            let mut to: Vec<String> = Vec::new();
            for m in self.moves_from(pawn.step) {
                let name = match m.to {
                    t if t == p.home() => "Home".to_string(),
                    t => square_number(p.board_kind(), p.home(), t).to_string(),
                };
                if !to.contains(&name) {
                    to.push(name);
                }
            }
            label.push_str(&format!(", can move to {}", to.join(" or ")));
        }
        label
    }

    /// The values a move spends.
    pub(super) fn spent_values(&self, mv: Move) -> Vec<u8> {
        mv.values(self.game.turn().throws())
    }

    /// What the end of a turn settled, in turn order: each turn a finished
    /// Chopat partner missed ("misses turn 2 of 4") and an Ool Olangvun
    /// that now counts, its pawn having survived a turn.
    pub(super) fn settled(&self, end: Option<&TurnEnd>) -> Vec<(Side, String)> {
        let Some(end) = end else {
            return Vec::new();
        };
        let now = self.position();
        let mut lines = Vec::new();
        for &seat in now.seats() {
            if end.missed.contains(&seat) {
                let missed = now.flags(seat).missed_turns;
                let all = missed + now.turns_to_miss(seat);
                lines.push((seat, format!("misses turn {missed} of {all}")));
            }
            if end.ool.contains(&(seat, true)) {
                lines.push((seat, "Ool Olangvun done".into()));
            }
        }
        lines
    }
}
