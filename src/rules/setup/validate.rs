//! The checks every position must pass: the one door in. Each problem is
//! named; a position with none is one the rules can reach.

use crate::board::Side;
use crate::rules::card::RuleCard;
use crate::rules::error::PositionError;
use crate::rules::games::by_game;
use crate::rules::position::{Position, MAX_PAWNS};

impl Position {
    /// The checks every position must pass: the first problem, if any.
    pub fn validate(&self) -> Result<(), PositionError> {
        match self.problems().into_iter().next() {
            Some(problem) => Err(problem),
            None => Ok(()),
        }
    }

    /// Every problem the checks find, in the order they look.
    pub(super) fn problems(&self) -> Vec<PositionError> {
        let mut problems = Vec::new();
        let seats = self.seats();
        if !seats.contains(&self.to_move) {
            problems.push(PositionError::NotSeated(
                self.colour_name(self.to_move).into(),
            ));
        }
        // Steps past Home are on no square: nothing more is asked of them.
        let home = self.home();
        for &side in seats {
            for &step in self.pawns(side).iter().filter(|&&s| s > home) {
                problems.push(PositionError::StepOutOfRange {
                    colour: self.colour_name(side).into(),
                    step: step as i64,
                    max: home,
                });
            }
        }
        if !problems.is_empty() {
            return problems;
        }
        for &side in seats {
            self.side_problems(side, &mut problems);
        }
        for (i, &a) in self.places().iter().enumerate() {
            if !seats.contains(&a) || self.places()[..i].contains(&a) {
                problems.push(PositionError::PlacesRepeat);
                break;
            }
        }
        self.sharing_problems(&mut problems);
        if !self.is_over() && self.is_finished(self.to_move) && !self.partnership() {
            problems.push(PositionError::FinishedToMove {
                colour: self.colour_name(self.to_move).into(),
            });
        }
        problems
    }

    /// The problems of one side's pawns and flags.
    fn side_problems(&self, side: Side, problems: &mut Vec<PositionError>) {
        let home = self.home();
        let colour = self.colour_name(side).to_string();
        let f = self.flags(side);
        if self.pawns(side).contains(&0)
            && !by_game!(self.game, R => R::step_zero_allowed(&self.options))
        {
            problems.push(PositionError::OffBoardNotAllowed {
                colour: colour.clone(),
            });
        }
        // Pawns past the turn-in need a cut where the game asks for one.
        if let Some(turn_in) = self.turn_in_step() {
            if !f.has_cut && self.pawns(side).iter().any(|&s| s > turn_in) {
                problems.push(PositionError::BeyondTurnInWithoutCut {
                    colour: colour.clone(),
                });
            }
        }
        // How many pawns of one colour a square holds.
        let limit = by_game!(self.game, R => R::SQUARE_LIMIT).unwrap_or(MAX_PAWNS as u8);
        if let Some(&step) = self.pawns(side).iter().find(|&&step| {
            self.can_pair_at(side, step) && self.pawns_on_square(side, step) > limit as usize
        }) {
            problems.push(PositionError::SquareOverfull {
                colour: colour.clone(),
                step,
                limit,
            });
        }
        // A game's own flags are its own kind.
        let own_kind = std::mem::discriminant(&self.game.fresh_flags().game);
        if std::mem::discriminant(&f.game) != own_kind {
            problems.push(PositionError::FlagsOfAnotherGame {
                colour: colour.clone(),
                game: self.game,
            });
        } else if let Err(e) = by_game!(self.game, R => R::validate_flags(self, side, &colour)) {
            problems.push(e);
        }
        let all_home = self.pawns(side).iter().all(|&s| s == home);
        if all_home != self.is_finished(side) && !(self.stalled && self.is_finished(side)) {
            problems.push(if all_home {
                PositionError::HomeButNotPlaced {
                    colour: colour.clone(),
                }
            } else {
                PositionError::PlacedButNotHome {
                    colour: colour.clone(),
                }
            });
        }
        let most = by_game!(self.game, R => R::FINISHED_PARTNER_MISSES);
        if f.missed_turns > most || (f.missed_turns > 0 && !all_home) {
            problems.push(PositionError::MissedTurns {
                colour: colour.clone(),
                missed: f.missed_turns,
                most,
            });
        }
        if f.extra_turns > 0
            && (!self.game.capture_earns_turn()
                || side != self.to_move
                || all_home
                || self.is_over())
        {
            problems.push(PositionError::OwedTurns {
                colour,
                owed: f.extra_turns,
            });
        }
    }

    /// Opponents share a square only where the game makes it safe, or
    /// where it lets two colours share one (Chowka Bhara inside the outer
    /// ring, where a double has hit one of the pawns there and left the
    /// others): two colours, as no third may land there. The first such
    /// square is named.
    fn sharing_problems(&self, problems: &mut Vec<PositionError>) {
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
                        problems.push(PositionError::ThreeColoursShare {
                            colour: self.colour_name(a).into(),
                            step: sa,
                        });
                        return;
                    }
                    problems.push(PositionError::SharedSquare {
                        first: self.colour_name(a).into(),
                        second: self.colour_name(b).into(),
                        step: sa,
                        of: self.colour_name(a).into(),
                    });
                    return;
                }
            }
        }
    }
}
