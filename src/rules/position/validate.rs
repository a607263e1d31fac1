//! The checks every position must pass: the one door in.

use super::{Position, MAX_PAWNS};
use crate::board::Side;
use crate::rules::card::RuleCard;
use crate::rules::error::PositionError;
use crate::rules::games::by_game;

impl Position {
    /// The checks every position must pass: the one door in.
    pub fn validate(&self) -> Result<(), PositionError> {
        let seats = self.seats();
        let home = self.home();
        let inconsistent = |s: String| Err(PositionError::Inconsistent(s));
        if !seats.contains(&self.to_move) {
            return Err(PositionError::NotSeated(
                self.colour_name(self.to_move).into(),
            ));
        }
        for &side in seats {
            let colour = self.colour_name(side).to_string();
            let f = self.flags(side);
            for &step in self.pawns(side) {
                if step > home {
                    return Err(PositionError::StepOutOfRange {
                        colour,
                        step: step as i64,
                        max: home,
                    });
                }
                if step == 0 && !by_game!(self.game, R => R::step_zero_allowed(&self.options)) {
                    return Err(PositionError::OffBoardNotAllowed { colour });
                }
            }
            // Pawns past the turn-in need a cut where the game asks for one.
            let turn_in = self.turn_in_step();
            if let Some(turn_in) = turn_in {
                if !f.has_cut && self.pawns(side).iter().any(|&s| s > turn_in) {
                    return inconsistent(format!(
                        "{colour} has a pawn beyond the turn-in but has not cut anybody"
                    ));
                }
            }
            // How many pawns of one colour a square holds.
            let limit = by_game!(self.game, R => R::SQUARE_LIMIT).unwrap_or(MAX_PAWNS as u8);
            for &step in self.pawns(side) {
                if self.can_pair_at(side, step) && self.pawns_on_square(side, step) > limit as usize
                {
                    return Err(PositionError::SquareOverfull {
                        colour,
                        step,
                        limit,
                    });
                }
            }
            by_game!(self.game, R => R::validate_flags(self, side, &colour))?;
            let all_home = self.pawns(side).iter().all(|&s| s == home);
            if all_home != self.is_finished(side) && !(self.stalled && self.is_finished(side)) {
                return inconsistent(if all_home {
                    format!("{colour} has every pawn Home but is not among the places")
                } else {
                    format!("{colour} is among the places but not every pawn is Home")
                });
            }
            let misses = by_game!(self.game, R => R::FINISHED_PARTNER_MISSES);
            if f.missed_turns > misses || (f.missed_turns > 0 && !all_home) {
                return inconsistent(format!(
                    "{colour} has missed {} turns, which only a finished Chopat player does, {misses} at most",
                    f.missed_turns
                ));
            }
            if f.extra_turns > 0
                && (!self.game.capture_earns_turn()
                    || side != self.to_move
                    || all_home
                    || self.is_over())
            {
                return inconsistent(format!(
                    "{colour} is owed {} more turns, which only a Chowka Bhara player to move who is still racing can be (for hits)",
                    f.extra_turns
                ));
            }
        }
        for (i, &a) in self.places().iter().enumerate() {
            if !seats.contains(&a) || self.places()[..i].contains(&a) {
                return inconsistent(
                    "the places list a player twice or one who is not seated".into(),
                );
            }
        }
        self.validate_sharing()?;
        if self.is_over() {
            return Ok(());
        }
        if self.is_finished(self.to_move) && !self.partnership() {
            return inconsistent(format!(
                "{} has finished and cannot be the player to move",
                self.colour_name(self.to_move)
            ));
        }
        Ok(())
    }

    /// Opponents share a square only where the game makes it safe, or
    /// where it lets two colours share one (Chowka Bhara inside the outer
    /// ring, where a double has hit one of the pawns there and left the
    /// others): two colours, as no third may land there.
    fn validate_sharing(&self) -> Result<(), PositionError> {
        let seats = self.seats();
        for (i, &a) in seats.iter().enumerate() {
            for &b in &seats[i + 1..] {
                for &sa in self.pawns(a) {
                    let Some(cell) = self.cell(a, sa) else {
                        continue;
                    };
                    if cell == self.board().home_cell() || self.is_safe(cell) {
                        continue;
                    }
                    let on = |side: Side| {
                        self.pawns(side)
                            .iter()
                            .any(|&s| self.cell(side, s) == Some(cell))
                    };
                    if !on(b) {
                        continue;
                    }
                    if by_game!(self.game, R => R::may_share(self, cell)) {
                        if seats.iter().filter(|&&s| on(s)).count() == 2 {
                            continue;
                        }
                        return Err(PositionError::Inconsistent(format!(
                            "three colours share a square inside the outer ring ({}'s step {sa}), \
                             where no third colour may land",
                            self.colour_name(a),
                        )));
                    }
                    return Err(PositionError::SharedSquare {
                        first: self.colour_name(a).into(),
                        second: self.colour_name(b).into(),
                        step: sa,
                        of: self.colour_name(a).into(),
                    });
                }
            }
        }
        Ok(())
    }
}
