//! Choosing a move by touch: a tap on a pawn chooses it (or says why it
//! cannot move), a tap on a lit square plays the move there or offers the
//! ways to get there, and a move that is the only one is chosen at once.

use super::board_view::Target;
use super::notices::{refusal, refused};
use super::session::Session;
use crate::app::{MoveText, Notice, NoticeKind, Refusal};
use crate::board::Cell;
use crate::rules::{Move, Phase};

impl Session {
    /// The moves of the chosen pawn (or all moves when none is chosen).
    pub fn moves_from(&self, step: u8) -> Vec<Move> {
        self.legal_moves()
            .iter()
            .filter(|m| m.from == step)
            .copied()
            .collect()
    }

    /// The squares the chosen pawn can reach, each with its label.
    pub fn targets(&self) -> Vec<Target> {
        let Some(from) = self.selected else {
            return Vec::new();
        };
        let side = self.game.pawn_side();
        let g = self.position().board();
        let suggested = self.hint.filter(|h| h.from == from);
        // Each square once, with what moving there does where every way
        // there does the same (not known where they differ).
        let mut reached: Vec<Target> = Vec::new();
        for m in self.moves_from(from) {
            if suggested.is_some_and(|h| h.to != m.to) {
                continue;
            }
            let Some(cell) = g.cell(side, m.to) else {
                continue;
            };
            let mut reach = MoveText {
                to: self.place(m.to),
                ..Default::default()
            };
            if let Some(effects) = self.effects_of(m) {
                self.tell_consequences(&mut reach, effects);
            }
            match reached.iter_mut().find(|t| t.cell == cell) {
                None => reached.push(Target { cell, reach }),
                Some(seen) if !same_consequences(&seen.reach, &reach) => seen.reach.known = false,
                Some(_) => {}
            }
        }
        reached
    }

    /// A tap on a pawn: chooses it, or says why it cannot move. A tap on a
    /// pawn standing where the chosen one can go may settle the move.
    pub fn tap_pawn(&mut self, id: usize) -> Result<Option<Move>, Notice> {
        let pawn = self.pawns[id];
        let side = self.game.pawn_side();
        // A tap on another pawn standing on a highlighted square means that
        // square (a capture, or joining a pair).
        let is_chosen = pawn.side == side && Some(pawn.step) == self.selected;
        if !is_chosen {
            if let Some(cell) = self.position().board().cell(pawn.side, pawn.step) {
                if self.targets().iter().any(|t| t.cell == cell) {
                    return self.tap_cell(cell);
                }
            }
        }
        if self.passing.is_some() {
            return Err(refusal(Refusal::PassTheTurn));
        }
        let mover = self.name_data(self.game.mover());
        match self.game.phase() {
            Phase::Over => return Err(refusal(Refusal::GameOver)),
            Phase::Throw => {
                return Err(Notice {
                    name: mover,
                    ..refusal(Refusal::ThrowFirst)
                })
            }
            Phase::Move => {}
        }
        if pawn.side != side {
            return Err(Notice {
                name: mover,
                colour: self.colour(pawn.side),
                mover_colour: self.colour(side),
                ..refusal(Refusal::NotYours)
            });
        }
        if self.moves_from(pawn.step).is_empty() {
            return Err(self
                .game
                .why_not(pawn.step)
                .map_or_else(|| refusal(Refusal::CannotMove), refused));
        }
        self.selected = Some(pawn.step);
        self.offered = self.moves_from(pawn.step);
        self.hint = None;
        self.notice = Notice::default();
        Ok(None)
    }

    /// A tap on a square: plays the chosen pawn's move there, or offers the
    /// ways to get there when there are several.
    pub fn tap_cell(&mut self, cell: Cell) -> Result<Option<Move>, Notice> {
        let Some(from) = self.selected else {
            return Ok(None);
        };
        let side = self.game.pawn_side();
        let g = self.position().board();
        let suggested = self.hint.filter(|h| h.from == from);
        let ways: Vec<Move> = self
            .moves_from(from)
            .into_iter()
            .filter(|m| g.cell(side, m.to) == Some(cell))
            .filter(|m| suggested.is_none_or(|h| h == *m))
            .collect();
        match ways.len() {
            0 => Err(refusal(Refusal::NotThere)),
            1 => Ok(Some(ways[0])),
            _ => {
                self.offered = ways;
                Ok(None)
            }
        }
    }

    /// Shows a suggested move: its pawn chosen and only its square lit.
    pub fn suggest(&mut self, mv: Move) {
        self.hint = Some(mv);
        self.selected = Some(mv.from);
        self.offered = vec![mv];
        self.notice = Notice {
            kind: NoticeKind::Suggested,
            suggestion: self.describe(mv),
            ..Default::default()
        };
    }

    /// After a move has been shown: the next thing to offer.
    pub fn select_only_move(&mut self) {
        self.selected = None;
        self.offered.clear();
        if self.passing.is_none() && self.game.phase() == Phase::Move {
            let moves = self.legal_moves().to_vec();
            // One possible move is offered, but the player confirms it.
            if let [only] = moves[..] {
                self.selected = Some(only.from);
                self.offered = moves;
            }
        }
    }
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
