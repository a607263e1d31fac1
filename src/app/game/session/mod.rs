//! A game in progress as the Game screen plays it: the match, the players'
//! names, which pawn is chosen, the log, what the screen says under the
//! banner, and a stable id for every pawn so that a pawn can be seen
//! walking from square to square. It is changed only through its commands
//! (throw, tap, play, take back, suggest) and holds no type of the UI: the
//! presenter (`super::present`) makes the screen from it.

mod lesson;
mod pawns;
mod saved;
mod selection;
mod table;

use std::cell::OnceCell;

use crate::board::{Cell, Side};
use crate::dice::{Implement, Throw};
use crate::rules::chopat::ChopatMilestone;
use crate::rules::{
    replay_onto, AfterThrow, Bonus, Effects, Event, Illegal, Match, Milestone, Move, Phase,
    Position, ReplayTarget, Thrown, Turn, TurnEnd,
};

use super::board_view::{PawnAt, Trail};
use crate::app::setup::SeatKind;
use crate::app::text::capitalised;
pub use selection::Tap;
use table::{Table, Threw};

/// What the player to move is asked to do.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Prompt {
    Throw,
    ThrowAgain,
    Move,
    /// No value could be used: the player acknowledges and the turn passes.
    Passes,
    Over,
}

/// A line of the game's log: who, and what happened.
#[derive(Clone, Debug)]
pub struct Entry {
    pub seat: Side,
    pub told: Told,
}

/// What a line of the log tells.
#[derive(Clone, Debug)]
pub enum Told {
    /// A throw for who starts (the Chaupars).
    OpeningThrow { values: Vec<u8> },
    /// A throw, what followed it, and whether a doublet before the Jug
    /// earned no bonus.
    Threw {
        values: Vec<u8>,
        after: AfterThrow,
        no_bonus: bool,
    },
    /// Nothing could be moved: the turn passed.
    Passes,
    /// A move, the colour it moved where a finished partner's throws moved
    /// the partner's pawns, and what it did.
    Moved {
        movement: Movement,
        partner: Option<Side>,
        effects: Effects,
    },
    /// A finished Chopat partner missed turn `missed` of `of`.
    MissesTurn { missed: u8, of: u8 },
    /// An Ool Olangvun counts, its pawn having survived a turn.
    OolDone,
}

/// Which pawns a move takes where, with which values, as the turn stood
/// before it.
#[derive(Clone, Debug, PartialEq)]
pub struct Movement {
    pub mv: Move,
    pub values: Vec<u8>,
    /// Pawns on one square that have moved differently this turn: `None`
    /// any, an empty list the other pawn, else the values the pawn meant
    /// moved with.
    pub earlier: Option<Vec<u8>>,
    /// Khado Karvo: pawns brought back from Home.
    pub bring_back: bool,
}

/// What the game screen says under the banner until the next action.
#[derive(Clone, Debug, Default, PartialEq)]
pub enum Said {
    #[default]
    Nothing,
    Refused(Refused),
    /// The move suggested to the player.
    Suggested(Move),
    /// The seat whose move was taken back.
    TookBack(Side),
    /// A save of an earlier version goes on from where its rules part.
    Parted,
}

/// Why a tap or a move did nothing.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Refused {
    /// The rules' reason.
    Rules(Illegal),
    /// `mover` is to throw before a pawn is chosen.
    ThrowFirst {
        mover: Side,
    },
    /// The turn passed: it is to be let go.
    PassTheTurn,
    /// A pawn of `pawn`'s colour, while `mover` plays `pawns`' pawns.
    NotYours {
        pawn: Side,
        mover: Side,
        pawns: Side,
    },
    CannotMove,
    NotThere,
    /// A lesson's step: the rules allow the move, but the step teaches
    /// another.
    NotTheLessons,
}

#[derive(Clone)]
pub struct Session {
    /// The game or the lesson itself: changed only through the session,
    /// which keeps its choices in step.
    table: Table,
    names: [String; 4],
    kinds: [SeatKind; 4],
    /// The id the game is saved under, once the store has given one.
    save_id: Option<String>,
    /// The move suggested to the player to move, until the next action.
    hint: Option<Move>,
    /// Every pawn on the board, in a fixed order; the ids are the indices.
    pawns: Vec<PawnAt>,
    /// The step of the mover's pawn (or stack) chosen to move.
    selected: Option<u8>,
    /// Moves waiting for the player to pick one (several lead to one square).
    offered: Vec<Move>,
    log: Vec<Entry>,
    last_throw: Option<Throw>,
    /// The turn passed with nothing to move: the seat, and the colour of
    /// the pawns it played; shown until acknowledged.
    passing: Option<(Side, Side)>,
    /// What the end of the last turn settled (turns missed, Ool Olangvun),
    /// for the log once a passed turn has been acknowledged.
    settled: Vec<Entry>,
    said: Said,
    /// Every move of the game so far, with who made it.
    played: Vec<Played>,
    /// The legal moves of the turn as it stands, listed once per state.
    choices: OnceCell<Choices>,
    /// How often the legal moves were listed, for the tests.
    #[cfg(test)]
    pub(super) listings: std::cell::Cell<usize>,
}

/// The legal moves of one state of the turn, and what each would do, each
/// worked out the first time it is asked for: a refresh of the screen
/// lights pawns, labels them, lights squares and names moves from one list.
#[derive(Clone)]
struct Choices {
    moves: Vec<Move>,
    effects: Vec<OnceCell<Option<Effects>>>,
}

/// A move as it was made: the seat that chose it and whose pawns it moved
/// (a finished player's throws move the partner's).
#[derive(Clone, Copy, Debug)]
struct Played {
    seat: Side,
    side: Side,
    mv: Move,
}

impl Session {
    /// A game to show from the moment `game` has reached: its events are
    /// played again through the session, so that the log tells the game so
    /// far, the last throw lies in the tray, the last move can be taken
    /// back and a turn that had just passed still waits to be acknowledged.
    pub fn new(game: Match, names: [String; 4], kinds: [SeatKind; 4]) -> Session {
        let record = game.record();
        let start = Match::start_of(record).expect("the start of a game in progress replays");
        let mut s = Session::at_start(Table::Game(Box::new(start)), names, kinds);
        if replay_onto(&mut s, &record.events).is_err() {
            unreachable!("a game in progress replays");
        }
        s.select_only_move();
        s
    }

    /// A game or lesson at its start, before any throw: only the opening
    /// throws, if any, in the log.
    fn at_start(table: Table, names: [String; 4], kinds: [SeatKind; 4]) -> Session {
        let mut s = Session {
            table,
            names,
            kinds,
            save_id: None,
            hint: None,
            pawns: Vec::new(),
            selected: None,
            offered: Vec::new(),
            log: Vec::new(),
            last_throw: None,
            passing: None,
            settled: Vec::new(),
            said: Said::Nothing,
            played: Vec::new(),
            choices: OnceCell::new(),
            #[cfg(test)]
            listings: std::cell::Cell::new(0),
        };
        s.sync_pawns();
        let opening = s.table.game().map(|g| g.opening_throws().to_vec());
        s.log_opening_throws(&opening.unwrap_or_default());
        s
    }

    /// The Chaupars' opening throws, in the log.
    fn log_opening_throws(&mut self, throws: &[(Side, Throw)]) {
        for &(seat, throw) in throws {
            self.log.push(Entry {
                seat,
                told: Told::OpeningThrow {
                    values: throw.values().to_vec(),
                },
            });
        }
    }

    /// Moves played in the game so far.
    pub fn moves_made(&self) -> usize {
        self.played.len()
    }

    /// Who plays the seat whose turn it is.
    pub fn mover_kind(&self) -> SeatKind {
        self.kinds[self.mover().index()]
    }

    /// A seed for the computer's choice now: fixed by the game's seed and
    /// how far it has gone, so a replayed game chooses the same.
    pub fn choice_seed(&self) -> u64 {
        let Some(record) = self.table.game().map(Match::record) else {
            return 0;
        };
        let events = record.events.len() as u64;
        record.seed ^ events.wrapping_add(1).wrapping_mul(0x9E37_79B9_7F4A_7C15)
    }

    /// The game as the engine has it (none in a lesson).
    pub fn game(&self) -> Option<&Match> {
        self.table.game()
    }

    /// The turn as the board shows it, in a game or a lesson.
    pub fn turn(&self) -> &Turn {
        self.table.turn()
    }

    /// Whether the turn has thrown yet (Khado Karvo's has not).
    fn threw(&self) -> bool {
        !self.turn().throws().is_empty()
    }

    /// The legal moves now (none outside the move phase).
    pub fn legal_moves(&self) -> &[Move] {
        &self.choices().moves
    }

    /// What a legal move would do, from the engine's preview of it; `None`
    /// for a move that is not legal now.
    pub fn effects_of(&self, mv: Move) -> Option<&Effects> {
        let choices = self.choices();
        let at = choices.moves.iter().position(|&m| m == mv)?;
        choices.effects[at]
            .get_or_init(|| {
                let mut turn = *self.turn();
                turn.play(mv).ok()
            })
            .as_ref()
    }

    fn choices(&self) -> &Choices {
        self.choices.get_or_init(|| {
            #[cfg(test)]
            self.listings.set(self.listings.get() + 1);
            let moves = self.turn().legal_moves();
            Choices {
                effects: vec![OnceCell::new(); moves.len()],
                moves,
            }
        })
    }

    /// The game changed: its choices are listed afresh when next asked for.
    fn changed(&mut self) {
        self.choices = OnceCell::new();
    }

    pub fn position(&self) -> &Position {
        self.turn().position()
    }

    pub fn implement(&self) -> Implement {
        let p = self.position();
        p.options().implement(p.game())
    }

    /// The name statistics count a side's player under: as given, else
    /// the colour's English name ("Red").
    pub fn counted_name(&self, side: Side) -> String {
        match self.names[side.index()].trim() {
            "" => capitalised(self.position().colour_name(side)),
            name => name.to_string(),
        }
    }

    /// The name given for a side's player (empty: none).
    pub fn name(&self, side: Side) -> &str {
        &self.names[side.index()]
    }

    /// The id the game is saved under, once the store has given one.
    pub fn save_id(&self) -> Option<&str> {
        self.save_id.as_deref()
    }

    pub fn set_save_id(&mut self, id: Option<String>) {
        self.save_id = id;
    }

    /// The same players at a new game.
    pub fn again(&self, game: Match) -> Session {
        Session::new(game, self.names.clone(), self.kinds)
    }

    /// The move suggested, until the next action.
    pub fn hint(&self) -> Option<Move> {
        self.hint
    }

    /// Every pawn on the board; the ids are the indices.
    pub fn pawns(&self) -> &[PawnAt] {
        &self.pawns
    }

    /// The step of the pawn (or stack) chosen to move.
    pub fn selected(&self) -> Option<u8> {
        self.selected
    }

    /// The moves the player is to pick from.
    pub fn offered(&self) -> &[Move] {
        &self.offered
    }

    /// The log, oldest line first.
    pub fn log(&self) -> &[Entry] {
        &self.log
    }

    /// The throw lying in the tray.
    pub fn last_throw(&self) -> Option<Throw> {
        self.last_throw
    }

    /// Whether a turn that passed is still shown, to be acknowledged.
    pub fn is_passing(&self) -> bool {
        self.passing.is_some()
    }

    /// What the screen says under the banner.
    pub fn said(&self) -> &Said {
        &self.said
    }

    /// The seat whose turn it is (the one who passed, while that is shown).
    pub fn mover(&self) -> Side {
        self.passing
            .map_or_else(|| self.turn().seat(), |(seat, _)| seat)
    }

    /// The colour of the pawns the mover plays this turn (a finished
    /// partner's, for a player who throws for them).
    pub fn mover_pawns(&self) -> Side {
        self.passing
            .map_or_else(|| self.turn().pawn_side(), |(_, pawns)| pawns)
    }

    /// The seat the board turns to when it turns to the player to move:
    /// the mover if a person plays it, else the last person before it in
    /// turn order, so that the computer's turns leave the board as that
    /// person left it. None when the computer plays every seat.
    pub fn facing(&self) -> Option<Side> {
        let seats = self.position().seats();
        let at = seats.iter().position(|&seat| seat == self.mover())?;
        (0..seats.len())
            .map(|back| seats[(at + seats.len() - back) % seats.len()])
            .find(|seat| !self.kinds[seat.index()].is_computer())
    }

    pub fn prompt(&self) -> Prompt {
        if self.passing.is_some() {
            return Prompt::Passes;
        }
        if self.lesson_is_done() {
            return Prompt::Over;
        }
        match self.turn().phase() {
            Phase::Over => Prompt::Over,
            Phase::Move => Prompt::Move,
            Phase::Throw if !self.threw() => Prompt::Throw,
            Phase::Throw => Prompt::ThrowAgain,
        }
    }

    /// A turn without a throw (Chopat's Khado Karvo): the finished player
    /// to move may bring pawns back from Home to cut, or miss the turn.
    pub fn is_without_throw(&self) -> bool {
        self.passing.is_none() && self.turn().is_without_throw()
    }

    pub fn can_throw(&self) -> bool {
        matches!(self.prompt(), Prompt::Throw | Prompt::ThrowAgain)
    }

    /// Throws: the engine's throw, drawn from the match's seed, or a
    /// lesson's scripted one. Says what the throw did, except for the
    /// lesson's opening throw-off, which is logged throw by throw.
    pub fn throw(&mut self) -> Option<Thrown> {
        let (seat, pawns) = (self.turn().seat(), self.turn().pawn_side());
        let report = match self.table.throw() {
            Threw::Turn(report) => report,
            Threw::ThrowOff(throws) => {
                self.changed();
                self.said = Said::Nothing;
                self.last_throw = (throws.iter().rev())
                    .find(|(side, _)| *side == seat)
                    .map(|&(_, throw)| throw);
                self.log_opening_throws(&throws);
                return None;
            }
        };
        self.changed();
        self.last_throw = Some(report.throw);
        self.said = Said::Nothing;
        if matches!(report.after, AfterThrow::Voided | AfterThrow::Passed) {
            self.passing = Some((seat, pawns));
        }
        self.log.push(Entry {
            seat,
            told: Told::Threw {
                values: report.throw.values().to_vec(),
                after: report.after,
                no_bonus: report.bonus == Bonus::Withheld,
            },
        });
        self.settled = self.settled(report.turn_end.as_ref());
        if self.passing.is_none() {
            self.log.append(&mut self.settled);
        }
        self.select_only_move();
        self.show_the_lessons_way();
        Some(report)
    }

    /// The player has seen that the turn passed.
    pub fn acknowledge_pass(&mut self) {
        if let Some((seat, _)) = self.passing.take() {
            self.log.push(Entry {
                seat,
                told: Told::Passes,
            });
            self.log.append(&mut self.settled);
            self.select_only_move();
        }
    }

    /// Plays a move; the engine has the last word, and its reason for a
    /// refusal is what the screen says (or, in a lesson, that the step
    /// teaches another move).
    pub fn play(&mut self, mv: Move) -> Result<Effects, Refused> {
        self.play_move(mv).inspect_err(|&why| {
            self.said = Said::Refused(why);
            self.changed();
            self.show_the_lessons_way();
        })
    }

    /// [`Session::play`], saying nothing of a refusal.
    fn play_move(&mut self, mv: Move) -> Result<Effects, Refused> {
        let mover = self.turn().seat();
        let side = self.turn().pawn_side();
        let movement = self.movement(mv);
        let effects = self.table.play(mv)?;
        self.changed();
        // Missing the turn is logged by the turn's end.
        if mv != Move::MISS_TURN {
            self.log.push(Entry {
                seat: mover,
                told: Told::Moved {
                    movement,
                    // A finished partner's throws move the partner's pawns.
                    partner: (side != mover).then_some(side),
                    effects: effects.clone(),
                },
            });
        }
        self.log.extend(self.settled(effects.turn_end.as_ref()));
        self.played.push(Played {
            seat: mover,
            side,
            mv,
        });
        self.selected = None;
        self.offered.clear();
        self.hint = None;
        self.said = Said::Nothing;
        Ok(effects)
    }

    /// The move just played has been shown: the pawns take the places the
    /// engine has them on, and the next choice is offered.
    pub fn move_shown(&mut self) {
        self.sync_pawns();
        self.select_only_move();
        self.show_the_lessons_way();
    }

    /// Which pawns a move takes where, and with which values, as the turn
    /// stands.
    pub fn movement(&self, mv: Move) -> Movement {
        Movement {
            mv,
            values: mv.values(self.turn().throws()),
            earlier: self.turn().mover_values(mv),
            bring_back: mv != Move::MISS_TURN && self.is_without_throw(),
        }
    }

    /// What the end of a turn settled, in turn order: each turn a finished
    /// Chopat partner missed ("misses turn 2 of 4") and an Ool Olangvun
    /// that now counts, its pawn having survived a turn.
    fn settled(&self, end: Option<&TurnEnd>) -> Vec<Entry> {
        let Some(end) = end else {
            return Vec::new();
        };
        let now = self.position();
        let mut lines = Vec::new();
        for &seat in now.seats() {
            if end.missed.contains(&seat) {
                let missed = now.flags(seat).missed_turns;
                lines.push(Entry {
                    seat,
                    told: Told::MissesTurn {
                        missed,
                        of: missed + now.turns_to_miss(seat),
                    },
                });
            }
            let ool_done = (seat, Milestone::Chopat(ChopatMilestone::OolDone));
            if end.settled.contains(&ool_done) {
                lines.push(Entry {
                    seat,
                    told: Told::OolDone,
                });
            }
        }
        lines
    }

    /// Whether a person can take back the last move now: it was a
    /// person's, no throw has followed, and no computer is to act.
    pub fn can_take_back(&self) -> bool {
        (self.game()).is_some_and(|g| matches!(g.record().events.last(), Some(Event::Move { .. })))
            && self
                .played
                .last()
                .is_some_and(|p| !self.kinds[p.seat.index()].is_computer())
            && !self.mover_kind().is_computer()
            && self.prompt() != Prompt::Over
    }

    /// Chopat: the square where the pawns the mover plays must still form
    /// their Jug, which the board marks until Kajalvun.
    pub fn kajalvun_square(&self) -> Option<Cell> {
        let (p, side) = (self.position(), self.mover_pawns());
        let step = p.first_pair_due(side).filter(|_| !p.is_over())?;
        p.board().cell(side, step)
    }

    /// The last move as the board marks it.
    pub fn trail(&self) -> Option<Trail> {
        let p = self.played.last()?;
        let board = self.position().board();
        Some((
            p.side,
            board.cell(p.side, p.mv.from),
            board.cell(p.side, p.mv.to),
        ))
    }

    /// Takes back the last move: the pawns stand as before it and its
    /// values are to spend again. The moves before it in the same turn can
    /// be taken back in turn.
    pub fn take_back(&mut self) -> bool {
        if !self.can_take_back() || self.table.take_back().is_none() {
            return false;
        }
        self.changed();
        let seat = self.played.pop().expect("a move to take back").seat;
        // The move's own line, the last one written.
        self.log.pop();
        self.sync_pawns();
        self.select_only_move();
        self.hint = None;
        self.said = Said::TookBack(seat);
        true
    }
}

/// A saved game's events are replayed through the session, so that the
/// log tells the game as it was played.
impl ReplayTarget for Session {
    fn game(&self) -> &Match {
        (self.table.game()).expect("only a game's sessions replay a record")
    }

    fn throw(&mut self) -> Thrown {
        self.acknowledge_pass();
        Session::throw(self).expect("a game's throw is a turn's")
    }

    fn play(&mut self, mv: Move) -> Result<Effects, Illegal> {
        self.acknowledge_pass();
        let effects = self.play_move(mv).map_err(|why| match why {
            Refused::Rules(why) => why,
            other => unreachable!("a game refuses only by its rules: {other:?}"),
        })?;
        self.sync_pawns();
        Ok(effects)
    }
}
