//! A game in progress: the turn, the seeded throws, and the record beside
//! them (options, start, seed, every throw and move), which replays to
//! exactly the same moment.

use super::effects::{Effects, Thrown};
use super::error::PositionError;
use super::game::Game;
use super::illegal::Illegal;
use super::json::{options_from_json, options_to_json};
use super::moves::Move;
use super::options::Options;
use super::position::Position;
use super::turn::{Phase, Turn};
use crate::board::Side;
use crate::dice::{SeededThrows, Throw, ThrowSource};
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use std::fmt;

/// One thing that happened, in order, and the colour of the seat whose
/// turn it was: replaying checks it, so that a record whose turns these
/// rules end or give differently parts where the turns part. Saves of
/// earlier versions have no `by`; their events are not checked for it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum Event {
    Throw {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        by: Option<String>,
        values: Vec<u8>,
    },
    Move {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        by: Option<String>,
        #[serde(flatten)]
        mv: Move,
    },
}

/// Everything needed to replay a game: the game, its options, where it
/// started, the seed of its throws and every event since.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameRecord {
    pub game: Game,
    pub options: Map<String, Value>,
    /// The position the game started from, when not the fresh start.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub start: Option<Value>,
    pub seed: u64,
    pub events: Vec<Event>,
}

/// Why a record does not replay.
#[derive(Clone, Debug, PartialEq)]
pub enum ReplayError {
    Start(PositionError),
    /// An event after the game was over; `winners` are the colours that
    /// won (none when it stalled with no winner).
    AfterGameOver {
        event: usize,
        winners: Vec<String>,
    },
    ThrowOutOfTurn {
        event: usize,
    },
    MoveOutOfTurn {
        event: usize,
    },
    ThrowMismatch {
        event: usize,
        recorded: Vec<u8>,
        drawn: Vec<u8>,
    },
    IllegalMove {
        event: usize,
        reason: Illegal,
    },
    OtherPlayer {
        event: usize,
        recorded: String,
        due: String,
    },
}

impl fmt::Display for ReplayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReplayError::Start(e) => write!(f, "the game's start is not valid: {e}"),
            ReplayError::AfterGameOver { event, winners } => {
                write!(f, "event {event} comes after the game is over")?;
                match winners.as_slice() {
                    [] => Ok(()),
                    [one] => write!(f, ": {one} won"),
                    many => write!(f, ": {} won", many.join(" and ")),
                }
            }
            ReplayError::ThrowOutOfTurn { event } => {
                write!(f, "event {event} is a throw where a move was due")
            }
            ReplayError::MoveOutOfTurn { event } => {
                write!(f, "event {event} is a move where a throw was due")
            }
            ReplayError::ThrowMismatch {
                event,
                recorded,
                drawn,
            } => write!(
                f,
                "event {event} records the throw {recorded:?} but the game's seed gives {drawn:?}"
            ),
            ReplayError::IllegalMove { event, reason } => {
                write!(f, "event {event} is not a legal move: {reason}")
            }
            ReplayError::OtherPlayer {
                event,
                recorded,
                due,
            } => write!(f, "event {event} is {recorded}'s, but it is {due}'s turn"),
        }
    }
}

impl std::error::Error for ReplayError {}

impl ReplayError {
    /// Event `event` came after the game ended in `end`.
    pub(crate) fn game_over(event: usize, end: &Position) -> ReplayError {
        ReplayError::AfterGameOver {
            event,
            winners: end
                .winners()
                .iter()
                .map(|&s| end.colour_name(s).to_string())
                .collect(),
        }
    }
}

/// A record replayed as far as the rules allow.
#[derive(Debug)]
pub enum Replayed {
    /// Every event replayed.
    Whole(Match),
    /// The record parts from these rules (a save of an earlier version whose
    /// rules differ): the game at the start of the turn in which it parts,
    /// the events left out from there, and why the first of the turn's
    /// events that parts is refused.
    Part {
        game: Match,
        dropped: usize,
        why: ReplayError,
    },
}

/// A game in progress.
#[derive(Clone, Debug)]
pub struct Match {
    turn: Turn,
    source: SeededThrows,
    record: GameRecord,
    opening: Vec<(Side, Throw)>,
    /// The turn as it was before each move since the last throw, for
    /// taking them back (moves draw nothing from the seed).
    before_moves: Vec<Turn>,
}

impl Match {
    /// A new game from the fresh start. In the Chaupars every seat first
    /// throws, and the highest total starts.
    pub fn new(game: Game, options: Options, seed: u64) -> Result<Match, PositionError> {
        let pos = Position::start(game, options)?;
        Ok(Match::begin(pos, seed, None))
    }

    /// A new game from a given position (to_move starts).
    pub fn from_position(pos: Position, seed: u64) -> Match {
        Match::begin(pos, seed, Some(pos.to_json_value()))
    }

    fn begin(mut pos: Position, seed: u64, start: Option<Value>) -> Match {
        let mut source = SeededThrows::new(seed);
        let mut opening = Vec::new();
        // Who starts: the first seat, or where the game has an opening
        // throw, the highest total (a tie throws again).
        if start.is_none() && pos.game().opening_throw() {
            let implement = pos.options().implement(pos.game());
            let (first, throws) = throw_off(pos.seats(), || Some(source.throw(implement)))
                .expect("the seeded source never runs out");
            pos.to_move = first;
            opening = throws;
        }
        let record = GameRecord {
            game: pos.game(),
            options: options_to_json(pos.game(), pos.options()),
            start,
            seed,
            events: Vec::new(),
        };
        Match {
            turn: Turn::new(pos),
            source,
            record,
            opening,
            before_moves: Vec::new(),
        }
    }

    /// Replays a record to the moment it was saved, checking every throw
    /// against the seed and every move against the rules.
    pub fn replay(record: &GameRecord) -> Result<Match, ReplayError> {
        Match::replay_until_parting(record)
    }

    /// Replays a record as far as these rules allow: a save of an earlier
    /// version, whose rules differ, goes on from the start of the turn in
    /// which it parts from them, with the same throws to come. Only a start
    /// that is not valid is refused. Every event is replayed once.
    pub fn replay_as_far_as_possible(record: &GameRecord) -> Result<Replayed, ReplayError> {
        let mut game = Match::start_of(record)?;
        Ok(match replay_onto(&mut game, &record.events) {
            Ok(()) => Replayed::Whole(game),
            Err(parted) => Replayed::Part {
                game: parted.turn_start,
                dropped: parted.dropped,
                why: parted.why,
            },
        })
    }

    /// Replays every event, or says why the first one these rules refuse
    /// is refused.
    fn replay_until_parting(record: &GameRecord) -> Result<Match, ReplayError> {
        let mut game = Match::start_of(record)?;
        replay_onto(&mut game, &record.events).map_err(|parted| parted.why)?;
        Ok(game)
    }

    /// The game at the start of a record, before any of its events.
    pub fn start_of(record: &GameRecord) -> Result<Match, ReplayError> {
        Ok(match &record.start {
            None => {
                let options = options_from_json(record.game, &record.options, None)
                    .map_err(ReplayError::Start)?;
                Match::new(record.game, options, record.seed).map_err(ReplayError::Start)?
            }
            Some(start) => {
                let pos = Position::from_json_value(start).map_err(ReplayError::Start)?;
                if pos.game() != record.game {
                    return Err(ReplayError::Start(PositionError::StartOfAnotherGame));
                }
                Match::from_position(pos, record.seed)
            }
        })
    }

    /// Checks that `event`, number `event_no` of a record, is this moment's
    /// to replay: by the player whose turn it is, a throw in the throw phase
    /// or a move in the move phase.
    fn expects(&self, event_no: usize, event: &Event) -> Result<(), ReplayError> {
        if self.phase() == Phase::Over {
            return Err(ReplayError::game_over(event_no, self.position()));
        }
        let (Event::Throw { by, .. } | Event::Move { by, .. }) = event;
        let due = self.mover_colour();
        if let Some(by) = by.as_deref().filter(|&by| by != due) {
            return Err(ReplayError::OtherPlayer {
                event: event_no,
                recorded: by.to_string(),
                due: due.to_string(),
            });
        }
        match (event, self.phase()) {
            (Event::Throw { .. }, Phase::Throw) | (Event::Move { .. }, Phase::Move) => Ok(()),
            (Event::Throw { .. }, _) => Err(ReplayError::ThrowOutOfTurn { event: event_no }),
            (Event::Move { .. }, _) => Err(ReplayError::MoveOutOfTurn { event: event_no }),
        }
    }

    pub fn game(&self) -> Game {
        self.turn.position().game()
    }

    pub fn phase(&self) -> Phase {
        self.turn.phase()
    }

    /// The position as it stands, this turn's moves included.
    pub fn position(&self) -> &Position {
        self.turn.position()
    }

    pub fn turn(&self) -> &Turn {
        &self.turn
    }

    /// The seat whose turn it is.
    pub fn mover(&self) -> Side {
        self.turn.seat()
    }

    /// Whose pawns move this turn.
    pub fn pawn_side(&self) -> Side {
        self.turn.pawn_side()
    }

    /// The Chaupars: the opening throws that chose the first player.
    pub fn opening_throws(&self) -> &[(Side, Throw)] {
        &self.opening
    }

    pub fn values_left(&self) -> Vec<u8> {
        self.turn.values_left()
    }

    /// Throws for the player to move.
    pub fn throw(&mut self) -> Thrown {
        let implement = self.turn.implement();
        let throw = self.source.throw(implement);
        let by = Some(self.mover_colour().to_string());
        let thrown = self.turn.add_throw(throw);
        self.before_moves.clear();
        self.record.events.push(Event::Throw {
            by,
            values: throw.values().to_vec(),
        });
        thrown
    }

    pub fn legal_moves(&self) -> Vec<Move> {
        self.turn.legal_moves()
    }

    /// Plays a move, or says why not and changes nothing.
    pub fn play(&mut self, mv: Move) -> Result<Effects, Illegal> {
        let by = Some(self.mover_colour().to_string());
        let before = self.turn;
        let effects = self.turn.play(mv)?;
        self.before_moves.push(before);
        self.record.events.push(Event::Move { by, mv });
        Ok(effects)
    }

    /// The colour of the seat whose turn it is, as events name it.
    fn mover_colour(&self) -> &'static str {
        self.position().colour_name(self.mover())
    }

    /// What playing `mv` would do, leaving the game as it is: the position
    /// after it and the effects [`Match::play`] would give.
    pub fn preview(&self, mv: Move) -> Result<(Position, Effects), Illegal> {
        let mut turn = self.turn;
        let effects = turn.play(mv)?;
        Ok((*turn.position(), effects))
    }

    /// Takes back the last move, as long as no throw has followed it: the
    /// game is as it was just before, with the same throws still to come.
    /// Nothing changes (None) when the last event is a throw, which the
    /// seed made and no one can take back.
    pub fn take_back(&mut self) -> Option<Move> {
        let Some(&Event::Move { mv, .. }) = self.record.events.last() else {
            return None;
        };
        self.turn = self.before_moves.pop()?;
        self.record.events.pop();
        Some(mv)
    }

    /// Why the pawns on `step` of the moving side cannot move, if they cannot.
    pub fn why_not(&self, step: u8) -> Option<Illegal> {
        self.turn.why_not(step)
    }

    pub fn record(&self) -> &GameRecord {
        &self.record
    }
}

/// The opening throw-off of the games that have one: every seat throws
/// once, the highest total starts, and a tie throws again among those tied.
/// Says who starts and every throw in order, or `None` if `throw` runs out.
pub fn throw_off(
    seats: &[Side],
    mut throw: impl FnMut() -> Option<Throw>,
) -> Option<(Side, Vec<(Side, Throw)>)> {
    let mut contenders = seats.to_vec();
    let mut throws = Vec::new();
    while contenders.len() > 1 {
        let results = (contenders.iter())
            .map(|&s| Some((s, throw()?)))
            .collect::<Option<Vec<(Side, Throw)>>>()?;
        let best = results.iter().map(|(_, t)| t.total()).max()?;
        contenders = (results.iter())
            .filter(|(_, t)| t.total() == best)
            .map(|&(s, _)| s)
            .collect();
        throws.extend(results);
    }
    Some((contenders[0], throws))
}

/// What a record's events are replayed onto: a match, or something that
/// keeps one and follows the game as it is played (the game screen, which
/// writes its log as it goes).
pub trait ReplayTarget: Clone {
    fn game(&self) -> &Match;
    fn throw(&mut self) -> Thrown;
    fn play(&mut self, mv: Move) -> Result<Effects, Illegal>;
}

impl ReplayTarget for Match {
    fn game(&self) -> &Match {
        self
    }

    fn throw(&mut self) -> Thrown {
        Match::throw(self)
    }

    fn play(&mut self, mv: Move) -> Result<Effects, Illegal> {
        Match::play(self, mv)
    }
}

/// Where a replay parted from these rules: the target as it was at the
/// start of the turn in which it parted, how many events were left out
/// from there, and why the first one refused was refused.
pub struct Parted<T> {
    pub turn_start: T,
    pub dropped: usize,
    pub why: ReplayError,
}

/// Replays `events` onto `target`, each checked against the rules, the
/// seed and whose turn it is, once each. Where one is refused, the target
/// as it was at the start of that turn comes back with the reason.
pub fn replay_onto<T: ReplayTarget>(target: &mut T, events: &[Event]) -> Result<(), Parted<T>> {
    let mut turn_start = (0, target.clone());
    for (i, event) in events.iter().enumerate() {
        // A turn starts with nothing thrown (one without a throw, too).
        if target.game().turn().throws().is_empty() && i > turn_start.0 {
            turn_start = (i, target.clone());
        }
        let event_no = i + 1;
        let replayed = target
            .game()
            .expects(event_no, event)
            .and_then(|()| match event {
                Event::Throw { values, .. } => {
                    let drawn = target.throw().throw;
                    if drawn.values() == values.as_slice() {
                        Ok(())
                    } else {
                        Err(ReplayError::ThrowMismatch {
                            event: event_no,
                            recorded: values.clone(),
                            drawn: drawn.values().to_vec(),
                        })
                    }
                }
                Event::Move { mv, .. } => {
                    target
                        .play(*mv)
                        .map(drop)
                        .map_err(|reason| ReplayError::IllegalMove {
                            event: event_no,
                            reason,
                        })
                }
            });
        if let Err(why) = replayed {
            let (at, game) = turn_start;
            return Err(Parted {
                turn_start: game,
                dropped: events.len() - at,
                why,
            });
        }
    }
    Ok(())
}
