//! What each game's rules say of a position, asked of its card.

use crate::board::Side;
use crate::rules::card::RuleCard;
use crate::rules::games::by_game;
use crate::rules::position::Position;

impl Position {
    /// Whether the pair of `side` on `step` is one a single opponent pawn
    /// can cut (in Chopat, a false pair).
    pub fn cut_by_single(&self, side: Side, step: u8) -> bool {
        by_game!(self.game, R => R::cut_by_single(self, side, step))
    }

    /// How many more turns a finished partner misses (Chopat) before its
    /// throws serve its partner; 0 for everyone else.
    pub fn turns_to_miss(&self, seat: Side) -> u8 {
        let misses = by_game!(self.game, R => R::FINISHED_PARTNER_MISSES);
        if self.partnership() && self.is_finished(seat) {
            misses.saturating_sub(self.flags(seat).missed_turns)
        } else {
            0
        }
    }

    /// Whether `side` must still cut (hit) an
    /// opponent pawn before its pawns may turn in towards Home.
    pub fn needs_cut(&self, side: Side) -> bool {
        self.turn_in_step().is_some() && !self.flags(side).has_cut
    }

    /// The step on which `side` must still form its first pair, where the
    /// game has one (Chopat).
    pub fn first_pair_due(&self, side: Side) -> Option<u8> {
        by_game!(self.game, R => R::first_pair_due(self, side))
    }

    /// The last step before the inner path that needs a cut, in the games
    /// that have one.
    pub(crate) fn turn_in_step(&self) -> Option<u8> {
        by_game!(self.game, R => R::circuit(&self.options)).map(|c| c.turn_in)
    }

    /// Whether `side` has taken the step that opens the rest of the game
    /// to it: the first cut where pawns circle until one (Pagade, Chowka
    /// Bhara), the first pair in Chopat.
    pub fn way_opened(&self, side: Side) -> bool {
        by_game!(self.game, R => R::way_opened(self, side))
    }

    /// The round `side`'s pawns keep going until it has cut, while they
    /// do: its first step and how many squares it has.
    pub(crate) fn circling_round(&self, side: Side) -> Option<(u8, u8)> {
        let circuit = by_game!(self.game, R => R::circuit(&self.options))?;
        (circuit.circles && !self.flags(side).has_cut).then(|| (circuit.first, circuit.len()))
    }

    /// Whether a pawn on `step` waits off the board (Chowka Bhara's entry
    /// throws), not in play.
    pub(crate) fn off_board(&self, step: u8) -> bool {
        by_game!(self.game, R => R::waiting_off_board(self, step))
    }
}
