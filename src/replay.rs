//! Game records as `chaupar-cli replay` reads them (docs/positions.md): the
//! record a save holds, whose throws its seed draws, or the same without a
//! seed, whose throws are the ones its events give.

use crate::dice::Throw;
use crate::rules::{Event, Game, GameRecord, Match, Phase, Position, ReplayError, Turn};
use serde::Deserialize;
use serde_json::{Map, Value};
use std::fmt;

/// A record as written in a file: a [`GameRecord`] whose seed may be left
/// out.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RecordFile {
    game: Game,
    #[serde(default)]
    options: Map<String, Value>,
    #[serde(default)]
    start: Option<Value>,
    #[serde(default)]
    seed: Option<u64>,
    #[serde(default)]
    events: Vec<Event>,
}

/// Why a record does not replay.
#[derive(Debug, Clone, PartialEq)]
pub enum RecordError {
    /// The text is not a record: not JSON, or not of the record's shape.
    NotARecord(String),
    /// The start is not valid, or an event is not one the game allows.
    Replay(ReplayError),
    /// A record without a seed gives a throw the game's implement cannot
    /// show.
    NotAThrow { event: usize, values: Vec<u8> },
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RecordError::NotARecord(why) => write!(f, "not a game record: {why}"),
            RecordError::Replay(why) => why.fmt(f),
            RecordError::NotAThrow { event, values } => {
                write!(
                    f,
                    "event {event} records the throw {values:?}, which the game cannot throw"
                )
            }
        }
    }
}

impl std::error::Error for RecordError {}

impl From<ReplayError> for RecordError {
    fn from(why: ReplayError) -> RecordError {
        RecordError::Replay(why)
    }
}

/// The position a record's events lead to (mid-turn, if the record stops
/// there), or why the first event that does not replay is refused.
///
/// With a seed the throws are drawn from it and each recorded throw is
/// checked against the draw, as the app replays a save (the Chaupars' first
/// player comes from the opening throw the seed gives). Without one, each
/// recorded throw is taken as it is, and a game from the fresh start begins
/// with its first seat.
pub fn replay(text: &str) -> Result<Position, RecordError> {
    let file: RecordFile =
        serde_json::from_str(text).map_err(|e| RecordError::NotARecord(e.to_string()))?;
    let mut record = GameRecord {
        game: file.game,
        options: file.options,
        start: file.start,
        seed: file.seed.unwrap_or(0),
        events: Vec::new(),
    };
    if file.seed.is_some() {
        record.events = file.events;
        return Ok(*Match::replay(&record)?.position());
    }
    // The start, checked as a seeded record's is.
    let mut start = *Match::replay(&record)?.position();
    if record.start.is_none() {
        let mut first = start.to_json_value();
        first["to_move"] = Value::from(start.colour_name(start.seats()[0]));
        start = Position::from_json_value(&first).map_err(ReplayError::Start)?;
    }
    replay_throws(Turn::new(start), &file.events)
}

/// Plays `events` on `turn`, each throw as recorded.
fn replay_throws(mut turn: Turn, events: &[Event]) -> Result<Position, RecordError> {
    for (i, event) in events.iter().enumerate() {
        let event_no = i + 1;
        if turn.phase() == Phase::Over {
            return Err(ReplayError::game_over(event_no, turn.position()).into());
        }
        let (Event::Throw { by, .. } | Event::Move { by, .. }) = event;
        let due = turn.position().colour_name(turn.seat());
        if let Some(by) = by.as_deref().filter(|&by| by != due) {
            return Err(ReplayError::OtherPlayer {
                event: event_no,
                recorded: by.to_string(),
                due: due.to_string(),
            }
            .into());
        }
        match event {
            Event::Throw { values, .. } => {
                if turn.phase() != Phase::Throw {
                    return Err(ReplayError::ThrowOutOfTurn { event: event_no }.into());
                }
                let throw =
                    Throw::of(turn.implement(), values).ok_or_else(|| RecordError::NotAThrow {
                        event: event_no,
                        values: values.clone(),
                    })?;
                turn.add_throw(throw);
            }
            Event::Move { mv, .. } => {
                if turn.phase() != Phase::Move {
                    return Err(ReplayError::MoveOutOfTurn { event: event_no }.into());
                }
                turn.play(*mv).map_err(|reason| ReplayError::IllegalMove {
                    event: event_no,
                    reason,
                })?;
            }
        }
    }
    Ok(*turn.position())
}
