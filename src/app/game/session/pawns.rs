//! Every pawn's identity: a pawn keeps its id from move to move, so that it
//! can be seen walking from square to square.

use super::Session;
use crate::app::game::board_view::PawnAt;
use crate::rules::Move;

impl Session {
    /// Makes the pawns' ids agree with the engine's position: a pawn keeps
    /// its id while its step still holds one of its side's pawns, and the
    /// pawns that moved take the steps left over.
    pub(super) fn sync_pawns(&mut self) {
        let pos = *self.position();
        let mut next: Vec<PawnAt> = Vec::new();
        for &side in pos.seats() {
            let mut left: Vec<u8> = pos.pawns(side).to_vec();
            let mine: Vec<PawnAt> = self
                .pawns
                .iter()
                .filter(|p| p.side == side)
                .copied()
                .collect();
            if mine.len() != left.len() {
                // A new game: number the pawns as they come.
                next.extend(left.iter().map(|&step| PawnAt { id: 0, side, step }));
                continue;
            }
            let mut moved: Vec<PawnAt> = Vec::new();
            for p in mine {
                match left.iter().position(|&s| s == p.step) {
                    Some(i) => {
                        left.swap_remove(i);
                        next.push(p);
                    }
                    None => moved.push(p),
                }
            }
            next.extend(
                moved
                    .into_iter()
                    .zip(left)
                    .map(|(p, step)| PawnAt { step, ..p }),
            );
        }
        next.sort_by_key(|p| (p.side, p.id));
        for (i, p) in next.iter_mut().enumerate() {
            p.id = i;
        }
        self.pawns = next;
    }

    /// The ids of the pawns a move carries.
    pub fn moving_ids(&self, mv: Move) -> Vec<usize> {
        let side = self.turn().pawn_side();
        self.pawns
            .iter()
            .filter(|p| p.side == side && p.step == mv.from)
            .take(mv.pawns as usize)
            .map(|p| p.id)
            .collect()
    }
}
