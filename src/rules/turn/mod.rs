//! A turn: the throw phase and the move phase, for every game on one
//! mechanism that asks the game's rule card.
//!
//! Moves are generated, never guessed: [`Turn::legal_moves`] lists exactly
//! the moves a player may make, and every other move is refused with a
//! reason ([`Illegal`]). A move spends one or more values of one throw on
//! one pawn or on pawns standing together; the turn keeps going until no
//! value left can be used, and a move is legal only if the turn can still
//! use as many values as any other way of playing it. A move played says
//! what it did ([`Effects`]), and so does a throw ([`Thrown`]).
//!
//! - `state`: the turn's state, `node`: who stands where during it;
//! - `generate`: where pawns may go, and why not; `check`: a move asked for;
//! - `apply`: what a move changes, and its effects;
//! - `search`: how many values the rest of a turn can use, the legal
//!   moves, and the walk to the ends of a turn;
//! - `ending`: the end of a turn and the start of the next;
//! - `random`: a uniformly random legal move, for self-play.
//!
//! The code that runs for every candidate move is compiled once per game,
//! its card a type parameter, so that the checks of one game cost nothing
//! in the others.

mod apply;
mod check;
mod ending;
mod generate;
mod node;
mod random;
mod search;
mod state;

pub use search::{End, Walk};
pub use state::{Phase, Turn};

use crate::board::Side;
use crate::dice::{Implement, Throw};
use crate::rules::card::RuleCard;
use crate::rules::effects::{AfterThrow, Bonus, Effects, Thrown, TurnEnd};
use crate::rules::games::by_game;
use crate::rules::illegal::Illegal;
use crate::rules::moves::{slots_of_throws, Move, Mover, MAX_THROWS, SLOTS};
use crate::rules::position::Position;
use generate::Throws;
use node::{Capture, Node};

impl Turn {
    /// The turn of the position's player to move, at its throw phase.
    pub fn new(pos: Position) -> Turn {
        let mut t = Turn {
            now: Node::new(pos),
            throws: [Throw::default(); MAX_THROWS],
            n_throws: 0,
            thrown: 0,
            phase: Phase::Throw,
            bonus_run: 0,
            side: pos.to_move,
            without_throw: false,
            overshoot_open: true,
        };
        t.settle(&mut Default::default());
        t
    }

    /// The position as it stands, the moves of this turn included.
    pub fn position(&self) -> &Position {
        &self.now.pos
    }

    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// Chopat's Khado Karvo: instead of a throw, the finished player to
    /// move chooses between bringing pawns back from Home to cut and
    /// missing the turn ([`Move::MISS_TURN`]).
    pub fn is_khado_karvo(&self) -> bool {
        self.without_throw
    }

    /// The seat whose turn it is.
    pub fn seat(&self) -> Side {
        self.now.pos.to_move
    }

    /// The side whose pawns this turn moves.
    pub fn pawn_side(&self) -> Side {
        self.side
    }

    pub fn implement(&self) -> Implement {
        self.now.pos.options.implement(self.now.pos.game)
    }

    /// This turn's throws so far.
    pub fn throws(&self) -> &[Throw] {
        &self.throws[..self.n_throws as usize]
    }

    /// The values of this turn not yet spent, throw by throw.
    pub fn values_left(&self) -> Vec<u8> {
        self.values_in(self.unspent(&self.now)).collect()
    }

    /// For a move that names its pawn ([`Move::mover`]): the values that
    /// pawn has already moved with, of throws not yet fully spent, so that
    /// the player can tell it from the other pawns on its square.
    pub fn mover_values(&self, m: Move) -> Option<Vec<u8>> {
        match m.mover {
            Mover::Either => None,
            Mover::MovedWith(throws) => Some(
                self.values_in(self.now.spent & slots_of_throws(throws.bits()))
                    .collect(),
            ),
        }
    }

    /// Whether `throw` earns the player to move another throw, by the
    /// game's rules.
    pub fn bonus(&self, throw: Throw) -> Bonus {
        by_game!(self.now.pos.game, V => V::bonus(&self.now.pos, self.side, throw))
    }

    /// Adds a throw of the player to move, and says what it did.
    pub fn add_throw(&mut self, throw: Throw) -> Thrown {
        assert_eq!(self.phase, Phase::Throw, "a throw outside the throw phase");
        let t = self.n_throws as usize;
        self.throws[t] = throw;
        self.n_throws += 1;
        self.thrown |= ((1 << throw.values().len()) - 1) << (t * SLOTS);
        let bonus = self.bonus(throw);
        let thrown = |after, turn_end| Thrown {
            throw,
            bonus,
            after,
            turn_end,
        };
        let run_limit = by_game!(self.now.pos.game, V => V::voids_run_at(&self.now.pos.options));
        if let Some(limit) = run_limit {
            self.bonus_run = if bonus == Bonus::Earned {
                self.bonus_run + 1
            } else {
                0
            };
            if self.bonus_run == limit {
                return thrown(AfterThrow::Voided, Some(self.end_turn()));
            }
        }
        if bonus == Bonus::Earned && (self.n_throws as usize) < MAX_THROWS {
            return thrown(AfterThrow::Bonus, None);
        }
        self.phase = Phase::Move;
        by_game!(self.now.pos.game, V => self.open_overshoot::<V>());
        if !self.can_move() {
            return thrown(AfterThrow::Passed, Some(self.end_turn()));
        }
        thrown(AfterThrow::Move, None)
    }

    /// Whether any value left can be used: some move exists.
    fn can_move(&self) -> bool {
        by_game!(self.now.pos.game, V => self.can_move_from::<V>(&self.now))
    }

    /// Every legal move now.
    pub fn legal_moves(&self) -> Vec<Move> {
        by_game!(self.now.pos.game, V => {
            self.legal_in::<V>(Throws::All, &mut self.memo(&self.now))
        })
    }

    /// Plays a uniformly random legal move, `below(n)` choosing an index
    /// under n. Returns the move, or `None` outside the move phase.
    pub fn play_random(&mut self, below: &mut dyn FnMut(usize) -> usize) -> Option<Move> {
        if self.phase != Phase::Move {
            return None;
        }
        if self.without_throw {
            let legal = self.legal_moves();
            let m = legal[below(legal.len())];
            self.play_without_throw(m);
            return Some(m);
        }
        let m = by_game!(self.now.pos.game, V => self.play_random_in::<V>(below));
        Some(m)
    }

    /// Plays a move and says what it did, or says why it cannot be played
    /// and changes nothing.
    pub fn play(&mut self, m: Move) -> Result<Effects, Illegal> {
        if self.without_throw {
            if !self.legal_moves().contains(&m) {
                return Err(Illegal::KhadoChoice);
            }
            return Ok(self.play_without_throw(m));
        }
        by_game!(self.now.pos.game, V => {
            let cap = self.check::<V>(m)?;
            let mut child = self.now;
            self.apply::<V>(&mut child, m, cap);
            let now = self.now;
            if self.used_with_rest::<V>(&now, m, &child, &mut self.memo(&child))
                < self.max_usable::<V>(&now)
            {
                return Err(Illegal::MustUseMore);
            }
            Ok(self.advance::<V>(child, m, cap))
        })
    }

    /// Plays a move known to be legal (from [`Turn::legal_moves`]), and
    /// says what it did.
    pub fn play_unchecked(&mut self, m: Move) -> Effects {
        if self.without_throw {
            return self.play_without_throw(m);
        }
        by_game!(self.now.pos.game, V => {
            let cap = self.check::<V>(m).expect("a move from legal_moves");
            let mut child = self.now;
            self.apply::<V>(&mut child, m, cap);
            self.advance::<V>(child, m, cap)
        })
    }

    /// Moves on to `child`, the state after `m`, ending the turn once
    /// nothing more can be used.
    fn advance<V: RuleCard>(&mut self, child: Node, m: Move, cap: Option<Capture>) -> Effects {
        let mut effects = Turn::effects_of::<V>(&self.now, &child, self.side, m, cap);
        self.now = child;
        effects.turn_end = self.end_if_done();
        effects
    }

    /// [`Turn::play_unchecked`] without working out what the move did, for
    /// the walk through the rest of a turn ([`Turn::walk`]), which never
    /// asks.
    pub(super) fn play_legal<V: RuleCard>(&mut self, m: Move) {
        if self.without_throw {
            self.play_without_throw(m);
            return;
        }
        let cap = self.check::<V>(m).expect("a move from legal_moves");
        let mut child = self.now;
        self.apply::<V>(&mut child, m, cap);
        self.now = child;
        self.end_if_done();
    }

    /// Ends the turn once nothing more can be used, and says what the end
    /// did.
    fn end_if_done(&mut self) -> Option<TurnEnd> {
        (self.now.pos.is_over() || !self.can_move()).then(|| self.end_turn())
    }

    /// Why the pawns on `from` cannot move now, or `None` if they can.
    pub fn why_not(&self, from: u8) -> Option<Illegal> {
        match self.phase {
            Phase::Over => return Some(Illegal::GameOver),
            Phase::Throw => return Some(Illegal::ThrowFirst),
            Phase::Move => {}
        }
        if self.legal_moves().iter().any(|m| m.from == from) {
            return None;
        }
        if self.without_throw {
            return Some(Illegal::KhadoChoice);
        }
        by_game!(self.now.pos.game, V => self.why_not_from::<V>(from))
    }

    /// Every end of this turn's move phase, as positions at the start of
    /// the next turn: what `chaupar-cli outcomes` prints.
    pub fn outcomes(&self) -> Vec<Position> {
        let ends = self.walk(None).ends;
        ends.iter().map(|e| e.turn.now.pos).collect()
    }
}
