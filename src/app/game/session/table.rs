//! What a session plays: a game, its throws drawn from its seed, or a
//! lesson, its throws and the other sides' turns scripted. Both are the
//! engine's turn underneath; the table asks the one it holds.

use std::collections::VecDeque;

use crate::board::Side;
use crate::dice::Throw;
use crate::lessons::{Lesson, LessonError, LessonPlay, Step, Tried};
use crate::rules::{Effects, Illegal, Match, Move, Thrown, Turn};

use super::Refused;

#[derive(Clone)]
pub(super) enum Table {
    // Both boxed, so that a table is as small as a pointer whichever it
    // holds.
    Game(Box<Match>),
    Lesson(Box<Teaching>),
}

/// A lesson on the board.
#[derive(Clone)]
pub struct Teaching {
    lesson: &'static Lesson,
    play: LessonPlay<'static>,
    /// The turn as the board shows it: the lesson's own, except while
    /// another side's scripted turn is still being shown throw by throw
    /// and move by move.
    shown: Turn,
    /// What is still to show of another side's scripted turn.
    script: VecDeque<Scripted>,
    /// The lesson's nudge for the last wrong tap, until the next action.
    nudge: Option<&'static str>,
}

#[derive(Clone, Copy)]
enum Scripted {
    Throw(Throw),
    Move(Move),
}

/// A throw as the session takes it: the engine's report, or (the
/// Chaupars' opening throw-off) every seat's throw and who starts.
pub(super) enum Threw {
    Turn(Thrown),
    ThrowOff(Vec<(Side, Throw)>),
}

impl Table {
    pub fn lesson(lesson: &'static Lesson) -> Result<Table, LessonError> {
        let play = LessonPlay::new(lesson)?;
        Ok(Table::Lesson(Box::new(Teaching {
            lesson,
            shown: *play.turn(),
            play,
            script: VecDeque::new(),
            nudge: None,
        })))
    }

    /// The turn as the board shows it.
    pub fn turn(&self) -> &Turn {
        match self {
            Table::Game(game) => game.turn(),
            Table::Lesson(t) => &t.shown,
        }
    }

    pub fn game(&self) -> Option<&Match> {
        match self {
            Table::Game(game) => Some(game.as_ref()),
            Table::Lesson(_) => None,
        }
    }

    pub fn teaching(&self) -> Option<&Teaching> {
        match self {
            Table::Game(_) => None,
            Table::Lesson(t) => Some(t),
        }
    }

    /// Throws for the player to move: the seed's throw in a game, the
    /// script's in a lesson.
    pub fn throw(&mut self) -> Threw {
        match self {
            Table::Game(game) => Threw::Turn(game.throw()),
            Table::Lesson(t) => t.throw(),
        }
    }

    /// Plays a move, or says why not and changes nothing.
    pub fn play(&mut self, mv: Move) -> Result<Effects, Refused> {
        match self {
            Table::Game(game) => game.play(mv).map_err(Refused::Rules),
            Table::Lesson(t) => t.play(mv),
        }
    }

    /// Why the pawns on `step` cannot move, if they cannot: a lesson counts
    /// it as a wrong try and finds its nudge.
    pub fn tap_refused(&mut self, step: u8) -> Option<Illegal> {
        match self {
            Table::Game(game) => game.why_not(step),
            Table::Lesson(t) => {
                let why = t.play.tap(step)?;
                t.nudge = t.play.nudge(step);
                Some(why)
            }
        }
    }

    pub fn take_back(&mut self) -> Option<Move> {
        match self {
            Table::Game(game) => game.take_back(),
            Table::Lesson(_) => None,
        }
    }
}

impl Teaching {
    pub fn lesson(&self) -> &'static Lesson {
        self.lesson
    }

    /// The step shown now: another side's turn while it is still being
    /// shown, else the step to do; `None` once the lesson is done.
    pub fn step(&self) -> Option<&'static Step> {
        self.lesson().steps.get(self.progress().0)
    }

    /// Which step is shown (from 0), and how many there are: the lesson
    /// has played another side's turn at once, but its step lasts until
    /// the board has shown all of it.
    pub fn progress(&self) -> (usize, usize) {
        let (next, steps) = self.play.progress();
        if self.script.is_empty() {
            (next, steps)
        } else {
            (next.saturating_sub(1), steps)
        }
    }

    pub fn is_done(&self) -> bool {
        self.play.is_done() && self.script.is_empty()
    }

    pub fn learner(&self) -> Side {
        self.play.learner()
    }

    pub fn nudge(&self) -> Option<&'static str> {
        self.nudge
    }

    /// Whether the step shown asks the learner to pick the pawn, expecting
    /// a newcomer to try one that cannot move.
    pub fn expects_a_wrong_try(&self) -> bool {
        matches!(self.step(), Some(Step::Move { wrong, .. }) if !wrong.is_empty())
    }

    /// The move to light up: after enough wrong tries, or when `asked`.
    pub fn shown_move(&self, asked: bool) -> Option<Move> {
        self.play.shown(asked)
    }

    /// The next move of another side's scripted turn, if one is due.
    pub fn scripted_move(&self) -> Option<Move> {
        match self.script.front() {
            Some(Scripted::Move(mv)) => Some(*mv),
            _ => None,
        }
    }

    fn throw(&mut self) -> Threw {
        self.nudge = None;
        if self.shown.seat() != self.play.learner() || !self.script.is_empty() {
            return Threw::Turn(self.show_scripted_throw());
        }
        let threw = match self.play.step() {
            Some(Step::ThrowOff { .. }) => self
                .play
                .throw_off()
                .map(|(_, throws)| Threw::ThrowOff(throws)),
            _ => self.play.throw().map(Threw::Turn),
        };
        self.shown = *self.play.turn();
        threw.unwrap_or_else(|e| panic!("{}: {e}", self.lesson().id))
    }

    /// Another side's throw: its turn is played as the lesson scripts it,
    /// then shown one throw and one move at a time.
    fn show_scripted_throw(&mut self) -> Thrown {
        if self.script.is_empty() {
            let watched =
                (self.play.watch()).unwrap_or_else(|e| panic!("{}: {e}", self.lesson().id));
            let throws = watched.thrown.iter().map(|t| Scripted::Throw(t.throw));
            let moves = watched.played.iter().map(|&(mv, _)| Scripted::Move(mv));
            self.script = throws.chain(moves).collect();
        }
        match self.script.pop_front() {
            Some(Scripted::Throw(throw)) => self.shown.add_throw(throw),
            _ => unreachable!("a side's scripted turn starts with its throws"),
        }
    }

    fn play(&mut self, mv: Move) -> Result<Effects, Refused> {
        self.nudge = None;
        if self.scripted_move() == Some(mv) {
            self.script.pop_front();
            return self.shown.play(mv).map_err(Refused::Rules);
        }
        let tried = self.play.play(mv);
        self.shown = *self.play.turn();
        match tried {
            Tried::Played(effects) => Ok(effects),
            Tried::Refused(why) => Err(Refused::Rules(why)),
            Tried::NotThisOne => Err(Refused::NotTheLessons),
        }
    }
}
