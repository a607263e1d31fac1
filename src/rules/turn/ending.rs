//! The end of a turn and the start of the next: what waited on the turn,
//! turns owed and turns missed, a game nobody can finish, and a finished
//! player's turn without a throw, where its card offers one.

use super::node::Capture;
use super::state::{Phase, Turn};
use crate::board::Side;
use crate::rules::card::RuleCard;
use crate::rules::effects::{Captured, Effects, Milestone, TurnEnd};
use crate::rules::games::by_game;
use crate::rules::moves::Move;
use crate::rules::position::{Position, MAX_PAWNS};
use arrayvec::ArrayVec;

impl Turn {
    /// Ends the turn: resolves what waited on it and passes the turn on.
    pub(super) fn end_turn(&mut self) -> TurnEnd {
        by_game!(self.now.pos.game, V => self.end_turn_as::<V>())
    }

    /// [`Turn::end_turn`] with the game known.
    pub(super) fn end_turn_as<V: RuleCard>(&mut self) -> TurnEnd {
        let mut end = TurnEnd::default();
        let seat = self.now.pos.to_move;
        V::end_of_turn(&mut self.now.pos, self.side, seat, &mut end);
        self.now.canonicalize::<V>();
        if !std::mem::take(&mut self.now.moved_any) && !self.now.pos.is_over() && self.is_dead() {
            self.now.pos.stall();
            end.stalled = true;
        }
        self.n_throws = 0;
        self.thrown = 0;
        self.now.spent = 0;
        self.now.moved = [0; MAX_PAWNS];
        self.bonus_run = 0;
        self.overshoot_open = true;
        // Each capture that earns a turn earns one of its own; those beyond
        // the next one wait in the player's flags.
        let hits = std::mem::take(&mut self.now.hits);
        let pos = &mut self.now.pos;
        let owed = std::mem::take(&mut pos.flags[seat.index()].extra_turns).saturating_add(hits);
        if owed > 0 && !pos.is_finished(seat) && !pos.is_over() {
            pos.flags[seat.index()].extra_turns = owed - 1;
            end.again = true;
        } else {
            self.now.pos.to_move = self.next_seat(seat);
        }
        self.settle(&mut end.missed);
        end
    }

    /// Whether no player still racing could move with any throw: the game
    /// can never go on. Asked only after a turn in which nobody moved.
    fn is_dead(&self) -> bool {
        let throws = self.implement().distribution();
        let pos = &self.now.pos;
        !pos.seats()
            .iter()
            .filter(|&&s| !pos.is_finished(s) || pos.partnership())
            .any(|&seat| {
                throws.iter().any(|(throw, _)| {
                    let mut t = Turn::new(Position {
                        to_move: seat,
                        ..*pos
                    });
                    if t.phase != Phase::Throw {
                        return false;
                    }
                    t.throws[0] = *throw;
                    t.n_throws = 1;
                    t.thrown = (1 << throw.values().len()) - 1;
                    t.phase = Phase::Move;
                    t.can_move()
                })
            })
    }

    /// The seat after `seat`: finished players drop out unless their
    /// throws serve a partner.
    fn next_seat(&self, seat: Side) -> Side {
        let pos = &self.now.pos;
        let seats = pos.seats();
        let i = seats
            .iter()
            .position(|&s| s == seat)
            .expect("a seated side");
        (1..=seats.len())
            .map(|k| seats[(i + k) % seats.len()])
            .find(|&s| pos.partnership() || !pos.is_finished(s))
            .unwrap_or(seat)
    }

    /// The moves of a finished player's turn without a throw.
    pub(super) fn moves_without_throw(&self) -> Vec<Move> {
        let seat = self.now.pos.to_move;
        by_game!(self.now.pos.game, V => V::moves_without_throw(&self.now, seat))
    }

    /// Plays the choice of a turn without a throw (pawns back from Home
    /// onto an opponent, or [`Move::MISS_TURN`]), ends the turn and says
    /// what it did.
    pub(super) fn play_without_throw(&mut self, m: Move) -> Effects {
        self.without_throw = false;
        let mut effects = Effects::default();
        let seat = self.now.pos.to_move;
        if m == Move::MISS_TURN {
            self.now.pos.flags[seat.index()].missed_turns += 1;
        } else {
            let cell = self.now.pos.cell(seat, m.to).expect("a loop square");
            let capture = Capture {
                side: seat.next(),
                cell,
                count: m.pawns,
            };
            let victim = self.now.pos.board().step_of(capture.side, cell);
            effects.captures.push(Captured {
                side: capture.side,
                step: victim.expect("a square of the loop"),
                pawns: m.pawns,
            });
            effects.milestones.push(Milestone::BackFromHome);
            by_game!(self.now.pos.game, V => self.now.send_back::<V>(capture));
            let pos = &mut self.now.pos;
            let home = pos.home();
            let n = pos.pawn_count();
            for slot in pos.pawns[seat.index()][..n]
                .iter_mut()
                .filter(|s| **s == home)
                .take(m.pawns as usize)
            {
                *slot = m.to;
            }
            // Back in play: no longer among the finished.
            let k = pos.finished as usize;
            if let Some(i) = pos.places[..k].iter().position(|&s| s == seat) {
                pos.places.copy_within(i + 1..k, i);
                pos.finished -= 1;
            }
            pos.flags[seat.index()].missed_turns = 0;
            self.now.moved_any = true;
            self.now.refresh_cells();
        }
        let mut end = self.end_turn();
        if m == Move::MISS_TURN {
            let _ = end.missed.try_insert(0, seat);
        }
        effects.turn_end = Some(end);
        effects
    }

    /// Starts the turn of `to_move`: the game may be over, or a finished
    /// partner may have a turn to miss, or to play without a throw.
    /// The seats whose turns went by join `missed`.
    pub(super) fn settle(&mut self, missed: &mut ArrayVec<Side, 4>) {
        self.phase = Phase::Throw;
        loop {
            let pos = &self.now.pos;
            self.side = pos.pawn_side(pos.to_move);
            if pos.is_over() {
                self.phase = Phase::Over;
                return;
            }
            let seat = pos.to_move;
            if pos.turns_to_miss(seat) > 0 {
                // The card may offer moves without a throw instead of the
                // turn missed.
                self.side = seat;
                if !self.moves_without_throw().is_empty() {
                    self.without_throw = true;
                    self.phase = Phase::Move;
                    return;
                }
                self.now.pos.flags[seat.index()].missed_turns += 1;
                self.now.pos.to_move = self.next_seat(seat);
                let _ = missed.try_push(seat);
                continue;
            }
            return;
        }
    }
}
