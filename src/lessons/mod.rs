//! Lessons: each game taught by playing it, on the real engine.
//!
//! A game's course is one JSON file beside this one (`chopat.json`, ...):
//! its lessons, each a prepared position and the steps that teach one rule:
//! the learner's throws (scripted, but still thrown), the move the lesson
//! asks for, the wrong tries it expects with the engine's reason for
//! refusing them, and the turns of the other sides, played as scripted.
//! What is said at a step is a message id: the words are the UI's.
//!
//! [`LessonPlay`] plays one lesson. The lesson screen plays through it, and
//! [`check`] walks every step of a lesson through it, so that a change of a
//! rule that breaks a lesson fails the tests, not a learner.

use crate::board::Side;
use crate::dice::Throw;
use crate::rules::{
    throw_off, Effects, Game, Illegal, Move, Phase, Position, PositionError, Thrown, Turn,
};
use serde::Deserialize;
use serde_json::Value;
use std::fmt;

/// One game's lessons, in the order they are taught.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Course {
    pub game: Game,
    pub lessons: Vec<Lesson>,
}

/// One rule taught by doing it.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Lesson {
    /// The lesson's name among its game's, and the stem of its message ids.
    pub id: String,
    /// The position it starts from (as in `docs/positions.md`); the side to
    /// move is the learner's.
    pub start: Value,
    pub steps: Vec<Step>,
    /// The position the last step leads to: what the lesson achieves.
    pub end: Value,
}

/// One step of a lesson.
#[derive(Clone, Debug, Deserialize)]
#[serde(tag = "do", rename_all = "kebab-case", deny_unknown_fields)]
pub enum Step {
    /// The Chaupars' opening throw-off: every seat throws once, in seat
    /// order (and again among those tied), and the highest total starts.
    ThrowOff { say: String, throws: Vec<Vec<u8>> },
    /// The learner throws, and the throw shows these values.
    Throw { say: String, values: Vec<u8> },
    /// The learner makes this move.
    Move {
        say: String,
        #[serde(rename = "move")]
        mv: Move,
        /// Taps on pawns the lesson expects a newcomer to try, each refused
        /// by the rules.
        #[serde(default)]
        wrong: Vec<WrongTry>,
    },
    /// Another side's turn: every throw of it, then its moves.
    Watch {
        #[serde(default)]
        say: Option<String>,
        throws: Vec<Vec<u8>>,
        moves: Vec<Move>,
    },
}

impl Step {
    /// The message ids of what the step says and of its wrong tries'
    /// nudges: the words the UI must have for it.
    pub fn message_ids(&self) -> Vec<&str> {
        match self {
            Step::ThrowOff { say, .. } | Step::Throw { say, .. } => vec![say.as_str()],
            Step::Move { say, wrong, .. } => std::iter::once(say.as_str())
                .chain(wrong.iter().map(|w| w.nudge.as_str()))
                .collect(),
            Step::Watch { say, .. } => say.iter().map(String::as_str).collect(),
        }
    }
}

/// A tap on pawns that cannot move, expected at a step.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WrongTry {
    /// The step of the learner's pawns tapped.
    pub tap: u8,
    /// The rules' reason, by the name of its [`Illegal`] variant.
    pub because: String,
    /// The message id of the one-line nudge shown with the reason.
    pub nudge: String,
}

/// Every course, in the order the games are listed.
pub fn courses() -> Vec<Course> {
    [
        include_str!("chopat.json"),
        include_str!("pagade.json"),
        include_str!("chaupar.json"),
        include_str!("chaupar_akbar.json"),
        include_str!("chowka_bhara.json"),
    ]
    .iter()
    .map(|text| serde_json::from_str(text).expect("the courses are checked by the tests"))
    .collect()
}

/// The name of a reason as lessons write it: its variant's name, or for
/// a game's own reason (carried in one variant named for the game), the
/// name of its own.
pub fn reason_name(reason: Illegal) -> String {
    let debug = format!("{reason:?}");
    let mut name = debug.as_str();
    while let Some((_, inner)) = name
        .split_once('(')
        .filter(|(outer, _)| outer.chars().all(char::is_alphanumeric))
    {
        name = inner;
    }
    name.split(|c: char| !c.is_alphanumeric())
        .next()
        .unwrap_or_default()
        .to_string()
}

/// Wrong tries at one step before the lesson shows the way.
pub const TRIES_BEFORE_SHOWING: u8 = 2;

/// What came of a learner's move.
#[derive(Clone, Debug, PartialEq)]
pub enum Tried {
    /// The move the step asks for: played.
    Played(Effects),
    /// The rules refuse it.
    Refused(Illegal),
    /// Allowed by the rules, but not what this step teaches.
    NotThisOne,
}

/// Another side's turn as it was played: its throws, then its moves with
/// what each did.
#[derive(Clone, Debug, PartialEq)]
pub struct Watched {
    pub thrown: Vec<Thrown>,
    pub played: Vec<(Move, Effects)>,
}

/// One lesson being played.
#[derive(Clone, Debug)]
pub struct LessonPlay<'a> {
    lesson: &'a Lesson,
    turn: Turn,
    learner: Side,
    next: usize,
    wrong_tries: u8,
}

impl<'a> LessonPlay<'a> {
    pub fn new(lesson: &'a Lesson) -> Result<LessonPlay<'a>, LessonError> {
        let start = Position::from_json_value(&lesson.start).map_err(LessonError::Start)?;
        Ok(LessonPlay {
            lesson,
            turn: Turn::new(start),
            learner: start.to_move(),
            next: 0,
            wrong_tries: 0,
        })
    }

    pub fn lesson(&self) -> &Lesson {
        self.lesson
    }

    /// The game as it stands, with its throws and this turn's moves.
    pub fn turn(&self) -> &Turn {
        &self.turn
    }

    /// The step to do now, or `None` once the lesson is done.
    pub fn step(&self) -> Option<&'a Step> {
        self.lesson.steps.get(self.next)
    }

    /// Which step this is (from 0), and how many there are.
    pub fn progress(&self) -> (usize, usize) {
        (self.next, self.lesson.steps.len())
    }

    pub fn is_done(&self) -> bool {
        self.next == self.lesson.steps.len()
    }

    /// The learner's colour.
    pub fn learner(&self) -> Side {
        self.learner
    }

    /// The learner throws: the step's scripted values.
    pub fn throw(&mut self) -> Result<Thrown, LessonError> {
        let at = self.next;
        let Some(Step::Throw { values, .. }) = self.step() else {
            return Err(LessonError::NotDue {
                step: at,
                what: "a throw",
            });
        };
        let thrown = self.add_throw(at, values)?;
        self.advance();
        Ok(thrown)
    }

    /// Every seat throws for the first turn; says who starts and every
    /// throw in order.
    pub fn throw_off(&mut self) -> Result<(Side, Vec<(Side, Throw)>), LessonError> {
        let at = self.next;
        let Some(Step::ThrowOff { throws, .. }) = self.step() else {
            return Err(LessonError::NotDue {
                step: at,
                what: "the throw-off",
            });
        };
        if !self.turn.throws().is_empty() || !self.turn.position().game().opening_throw() {
            return Err(LessonError::NotDue {
                step: at,
                what: "the throw-off",
            });
        }
        let implement = self.turn.implement();
        let mut script = throws.iter().map(|values| {
            Throw::of(implement, values).ok_or_else(|| LessonError::ImpossibleThrow {
                step: at,
                values: values.clone(),
            })
        });
        let mut bad = Ok(());
        let settled = throw_off(self.turn.position().seats(), || match script.next()? {
            Ok(throw) => Some(throw),
            Err(e) => {
                bad = Err(e);
                None
            }
        });
        bad?;
        let (first, thrown) = settled.ok_or(LessonError::ThrowOffUnsettled { step: at })?;
        if script.next().is_some() {
            return Err(LessonError::ThrowOffUnsettled { step: at });
        }
        let mut pos = *self.turn.position();
        pos.to_move = first;
        self.turn = Turn::new(pos);
        self.advance();
        Ok((first, thrown))
    }

    /// The learner taps pawns on `from`: why they cannot move, if they
    /// cannot, counted as a wrong try.
    pub fn tap(&mut self, from: u8) -> Option<Illegal> {
        let reason = self.turn.why_not(from);
        if reason.is_some() {
            self.wrong_tries += 1;
        }
        reason
    }

    /// The nudge the lesson has for a refused tap on `from`, if it
    /// expected one there.
    pub fn nudge(&self, from: u8) -> Option<&'a str> {
        match self.step()? {
            Step::Move { wrong, .. } => wrong
                .iter()
                .find(|w| w.tap == from)
                .map(|w| w.nudge.as_str()),
            _ => None,
        }
    }

    /// The learner moves.
    pub fn play(&mut self, mv: Move) -> Tried {
        let Some(Step::Move { mv: wanted, .. }) = self.step() else {
            return Tried::Refused(self.turn.why_not(mv.from).unwrap_or(Illegal::ThrowFirst));
        };
        if mv == *wanted {
            return match self.turn.play(mv) {
                Ok(effects) => {
                    self.advance();
                    Tried::Played(effects)
                }
                Err(reason) => Tried::Refused(reason),
            };
        }
        self.wrong_tries += 1;
        match self.turn.clone().play(mv) {
            Ok(_) => Tried::NotThisOne,
            Err(reason) => Tried::Refused(reason),
        }
    }

    /// The move to light up: after [`TRIES_BEFORE_SHOWING`] wrong tries,
    /// or whenever the learner asks (`asked`).
    pub fn shown(&self, asked: bool) -> Option<Move> {
        match self.step()? {
            Step::Move { mv, .. } if asked || self.wrong_tries >= TRIES_BEFORE_SHOWING => Some(*mv),
            _ => None,
        }
    }

    /// Plays another side's scripted turn, and says what each throw and
    /// move did, in order.
    pub fn watch(&mut self) -> Result<Watched, LessonError> {
        let at = self.next;
        let Some(Step::Watch { throws, moves, .. }) = self.step() else {
            return Err(LessonError::NotDue {
                step: at,
                what: "another side's turn",
            });
        };
        if self.turn.seat() == self.learner {
            return Err(LessonError::LearnersTurn { step: at });
        }
        let thrown = throws
            .iter()
            .map(|values| self.add_throw(at, values))
            .collect::<Result<Vec<_>, _>>()?;
        let mut played = Vec::new();
        for &mv in moves {
            let effects = self.turn.play(mv).map_err(|reason| LessonError::Refused {
                step: at,
                mv,
                reason,
            })?;
            played.push((mv, effects));
        }
        if self.turn.phase() == Phase::Move {
            return Err(LessonError::TurnNotOver { step: at });
        }
        self.advance();
        Ok(Watched { thrown, played })
    }

    fn add_throw(&mut self, at: usize, values: &[u8]) -> Result<Thrown, LessonError> {
        if self.turn.phase() != Phase::Throw {
            return Err(LessonError::NotDue {
                step: at,
                what: "a throw",
            });
        }
        let throw = Throw::of(self.turn.implement(), values).ok_or_else(|| {
            LessonError::ImpossibleThrow {
                step: at,
                values: values.to_vec(),
            }
        })?;
        Ok(self.turn.add_throw(throw))
    }

    fn advance(&mut self) {
        self.next += 1;
        self.wrong_tries = 0;
    }
}

/// Where a lesson and the rules disagree.
#[derive(Clone, Debug, PartialEq)]
pub enum LessonError {
    Start(PositionError),
    End(PositionError),
    /// The step is not what the game is waiting for.
    NotDue {
        step: usize,
        what: &'static str,
    },
    LearnersTurn {
        step: usize,
    },
    /// The throw-off's script ends before one seat is highest, or goes on
    /// after.
    ThrowOffUnsettled {
        step: usize,
    },
    ImpossibleThrow {
        step: usize,
        values: Vec<u8>,
    },
    Refused {
        step: usize,
        mv: Move,
        reason: Illegal,
    },
    /// Another side's scripted moves leave its turn unfinished.
    TurnNotOver {
        step: usize,
    },
    WrongTryAllowed {
        step: usize,
        tap: u8,
    },
    OtherReason {
        step: usize,
        tap: u8,
        expected: String,
        given: String,
    },
    NotReached {
        expected: Box<Position>,
        reached: Box<Position>,
    },
}

impl fmt::Display for LessonError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LessonError::Start(e) => write!(f, "the start is not a position: {e}"),
            LessonError::End(e) => write!(f, "the end is not a position: {e}"),
            LessonError::NotDue { step, what } => {
                write!(f, "step {step}: the game is not waiting for {what}")
            }
            LessonError::LearnersTurn { step } => {
                write!(
                    f,
                    "step {step}: it is the learner's turn, not another side's"
                )
            }
            LessonError::ThrowOffUnsettled { step } => {
                write!(
                    f,
                    "step {step}: the throw-off's throws do not settle who starts"
                )
            }
            LessonError::ImpossibleThrow { step, values } => {
                write!(f, "step {step}: {values:?} is not a throw of this game")
            }
            LessonError::Refused { step, mv, reason } => write!(
                f,
                "step {step}: {} to {} is refused: {}",
                mv.from,
                mv.to,
                reason_name(*reason)
            ),
            LessonError::TurnNotOver { step } => {
                write!(
                    f,
                    "step {step}: the side's turn goes on after its scripted moves"
                )
            }
            LessonError::WrongTryAllowed { step, tap } => {
                write!(
                    f,
                    "step {step}: the pawns on {tap} may move, so tapping them is no wrong try"
                )
            }
            LessonError::OtherReason {
                step,
                tap,
                expected,
                given,
            } => write!(
                f,
                "step {step}: the pawns on {tap} are refused for {given}, not {expected}"
            ),
            LessonError::NotReached { expected, reached } => write!(
                f,
                "the lesson ends in {}, not {}",
                reached.to_json(),
                expected.to_json()
            ),
        }
    }
}

impl std::error::Error for LessonError {}

/// Plays a lesson through as its script says, checking every step against
/// the rules: each throw is one the game can show and is due, each wrong
/// try is refused for the reason given, each move is legal, and the lesson
/// ends in its stated position.
pub fn check(lesson: &Lesson) -> Result<(), LessonError> {
    let mut play = LessonPlay::new(lesson)?;
    while let Some(step) = play.step() {
        let at = play.next;
        match step {
            Step::ThrowOff { .. } => {
                play.throw_off()?;
            }
            Step::Throw { .. } => {
                play.throw()?;
            }
            Step::Move { mv, wrong, .. } => {
                if play.turn.phase() != Phase::Move {
                    return Err(LessonError::NotDue {
                        step: at,
                        what: "a move",
                    });
                }
                for w in wrong {
                    let given = play.tap(w.tap).ok_or(LessonError::WrongTryAllowed {
                        step: at,
                        tap: w.tap,
                    })?;
                    if reason_name(given) != w.because {
                        return Err(LessonError::OtherReason {
                            step: at,
                            tap: w.tap,
                            expected: w.because.clone(),
                            given: reason_name(given),
                        });
                    }
                }
                if let Tried::Refused(reason) = play.play(*mv) {
                    return Err(LessonError::Refused {
                        step: at,
                        mv: *mv,
                        reason,
                    });
                }
            }
            Step::Watch { .. } => {
                play.watch()?;
            }
        }
    }
    let end = Position::from_json_value(&lesson.end).map_err(LessonError::End)?;
    if *play.turn.position() != end {
        return Err(LessonError::NotReached {
            expected: Box::new(end),
            reached: Box::new(*play.turn.position()),
        });
    }
    Ok(())
}

#[cfg(test)]
mod tests;
