//! Choosing a move by touch: a tap on a pawn chooses it (or says why it
//! cannot move), a tap on a lit square plays the move there or offers the
//! ways to get there, and a move that is the only one is chosen at once.

use super::lesson::Teaching;
use super::{Refused, Said, Session};
use crate::board::Cell;
use crate::rules::{Move, Phase};

/// What a tap came to.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Tap {
    /// The move to play.
    Play(Move),
    /// A pawn chosen or the ways to a square offered (or nothing to do).
    Shown,
    /// Nothing: the screen says why.
    Refused,
}

/// A square the chosen pawn can reach, and the ways there.
pub struct Reach {
    pub cell: Cell,
    pub moves: Vec<Move>,
}

impl Session {
    /// The moves of the pawn (or stack) on `step`.
    pub fn moves_from(&self, step: u8) -> Vec<Move> {
        self.legal_moves()
            .iter()
            .filter(|m| m.from == step)
            .copied()
            .collect()
    }

    /// The squares the chosen pawn can reach (only the suggested one while
    /// a move is suggested), each once, with the ways there.
    pub fn reachable(&self) -> Vec<Reach> {
        let Some(from) = self.selected else {
            return Vec::new();
        };
        let side = self.turn().pawn_side();
        let g = self.position().board();
        let suggested = self.hint.filter(|h| h.from == from);
        let mut reached: Vec<Reach> = Vec::new();
        for m in self.moves_from(from) {
            if suggested.is_some_and(|h| h.to != m.to) {
                continue;
            }
            let Some(cell) = g.cell(side, m.to) else {
                continue;
            };
            match reached.iter_mut().find(|r| r.cell == cell) {
                None => reached.push(Reach {
                    cell,
                    moves: vec![m],
                }),
                Some(seen) => seen.moves.push(m),
            }
        }
        reached
    }

    /// A tap on a pawn (by its id): chooses it, or says why it cannot move.
    /// A tap on a pawn standing where the chosen one can go may settle the
    /// move.
    pub fn tap_pawn(&mut self, id: usize) -> Tap {
        match self.pawn_tapped(id) {
            Ok(tap) => tap,
            Err(why) => self.refuse(why),
        }
    }

    fn pawn_tapped(&mut self, id: usize) -> Result<Tap, Refused> {
        let pawn = self.pawns[id];
        let side = self.turn().pawn_side();
        // A tap on another pawn standing on a highlighted square means that
        // square (a capture, or joining a pair).
        let is_chosen = pawn.side == side && Some(pawn.step) == self.selected;
        if !is_chosen {
            if let Some(cell) = self.position().board().cell(pawn.side, pawn.step) {
                if self.reachable().iter().any(|r| r.cell == cell) {
                    return Ok(self.tap_cell(cell));
                }
            }
        }
        if self.passing.is_some() {
            return Err(Refused::PassTheTurn);
        }
        let mover = self.turn().seat();
        match self.turn().phase() {
            Phase::Over => return Err(Refused::Rules(crate::rules::Illegal::GameOver)),
            Phase::Throw => return Err(Refused::ThrowFirst { mover }),
            Phase::Move => {}
        }
        if pawn.side != side {
            return Err(Refused::NotYours {
                pawn: pawn.side,
                mover,
                pawns: side,
            });
        }
        if self.moves_from(pawn.step).is_empty() {
            return Err(self
                .table
                .tap_refused(pawn.step)
                .map_or(Refused::CannotMove, Refused::Rules));
        }
        self.selected = Some(pawn.step);
        self.offered = self.moves_from(pawn.step);
        self.hint = None;
        self.said = Said::Nothing;
        Ok(Tap::Shown)
    }

    /// A tap on a square: plays the chosen pawn's move there, or offers the
    /// ways to get there when there are several.
    pub fn tap_cell(&mut self, cell: Cell) -> Tap {
        let Some(from) = self.selected else {
            return Tap::Shown;
        };
        let side = self.turn().pawn_side();
        let g = self.position().board();
        let suggested = self.hint.filter(|h| h.from == from);
        let ways: Vec<Move> = self
            .moves_from(from)
            .into_iter()
            .filter(|m| g.cell(side, m.to) == Some(cell))
            .filter(|m| suggested.is_none_or(|h| h == *m))
            .collect();
        match ways.len() {
            0 => self.refuse(Refused::NotThere),
            1 => Tap::Play(ways[0]),
            _ => {
                self.offered = ways;
                Tap::Shown
            }
        }
    }

    /// The screen says why a tap did nothing.
    fn refuse(&mut self, why: Refused) -> Tap {
        self.said = Said::Refused(why);
        self.show_the_lessons_way();
        Tap::Refused
    }

    /// Shows a suggested move: its pawn chosen and only its square lit.
    pub fn suggest(&mut self, mv: Move) {
        self.hint = Some(mv);
        self.selected = Some(mv.from);
        self.offered = vec![mv];
        self.said = Said::Suggested(mv);
    }

    /// After a move has been shown: the next thing to offer.
    pub(super) fn select_only_move(&mut self) {
        self.selected = None;
        self.offered.clear();
        if self.passing.is_none() && self.turn().phase() == Phase::Move {
            let moves = self.legal_moves().to_vec();
            // One possible move is offered, but the player confirms it;
            // not where a lesson wants the learner to find the pawn (a tap
            // on a pawn the move reaches would be taken for its square).
            let learner_picks = self.teaching().is_some_and(Teaching::expects_a_wrong_try);
            if let ([only], false) = (&moves[..], learner_picks) {
                self.selected = Some(only.from);
                self.offered = moves;
            }
        }
    }
}
