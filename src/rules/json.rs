//! Positions as JSON (documented in docs/positions.md). Reading fills every
//! flag a position leaves out from what its pawns show, or else the game's
//! fresh start, and refuses anything the rules cannot reach.

use super::card::RuleCard;
use super::error::PositionError;
use super::flags::{Flags, Given};
use super::game::{Game, Mode};
use super::games::by_game;
use super::options::Options;
use super::position::Position;
use super::setup::Setup;
use crate::board::Side;
use serde_json::{json, Map, Value};

/// The fields of a position's JSON object, read but not yet checked
/// against the rules.
struct Doc {
    game: String,
    options: Map<String, Value>,
    seats: Vec<String>,
    to_move: String,
    pawns: Map<String, Value>,
    flags: Map<String, Value>,
    places: Option<Vec<String>>,
    stalled: bool,
}

/// The fields a position may have.
const FIELDS: [&str; 8] = [
    "game", "options", "seats", "to_move", "pawns", "flags", "places", "stalled",
];

impl Doc {
    /// Takes the fields out of a JSON object, naming the field that is
    /// missing, unknown or of the wrong kind.
    fn read(value: &Value) -> Result<Doc, PositionError> {
        let map = value
            .as_object()
            .ok_or_else(|| json_err("a position is a JSON object { ... }"))?;
        if let Some(key) = map.keys().find(|k| !FIELDS.contains(&k.as_str())) {
            return Err(json_err(format!(
                "unknown field \"{key}\" (a position has {})",
                FIELDS.join(", ")
            )));
        }
        let field = |key: &str| {
            map.get(key)
                .ok_or_else(|| json_err(format!("the field \"{key}\" is missing")))
        };
        let wrong = |key: &str, kind: &str, v: &Value| {
            json_err(format!("\"{key}\" should be {kind}, not {v}"))
        };
        let text = |key: &str, kind: &str, v: &Value| {
            v.as_str()
                .map(str::to_string)
                .ok_or_else(|| wrong(key, kind, v))
        };
        let names = |key: &str, v: &Value| {
            v.as_array()
                .ok_or_else(|| wrong(key, "a list of colours", v))?
                .iter()
                .map(|item| text(key, "a list of colours in quotes", item))
                .collect::<Result<Vec<String>, _>>()
        };
        let object = |key: &str| match map.get(key) {
            None => Ok(Map::new()),
            Some(v) => v
                .as_object()
                .cloned()
                .ok_or_else(|| wrong(key, "an object { ... }", v)),
        };
        Ok(Doc {
            game: text("game", "a game's name in quotes", field("game")?)?,
            options: object("options")?,
            seats: names("seats", field("seats")?)?,
            to_move: text("to_move", "a colour in quotes", field("to_move")?)?,
            pawns: {
                field("pawns")?;
                object("pawns")?
            },
            flags: object("flags")?,
            places: map.get("places").map(|v| names("places", v)).transpose()?,
            stalled: match map.get("stalled") {
                None => false,
                Some(v) => v
                    .as_bool()
                    .ok_or_else(|| wrong("stalled", "true or false", v))?,
            },
        })
    }
}

fn json_err(e: impl std::fmt::Display) -> PositionError {
    PositionError::Json(e.to_string())
}

/// Reads a game's options from their JSON map; missing ones take their
/// defaults, and `mode` defaults by the number of seats.
pub(crate) fn options_from_json(
    game: Game,
    map: &Map<String, Value>,
    seats: Option<usize>,
) -> Result<Options, PositionError> {
    let mut options = Options::new(game);
    if let Some(n) = seats {
        let mode = match n {
            4 if game.is_cross() => Mode::Teams,
            4 => Mode::FourPlayer,
            3 => Mode::ThreePlayer,
            _ => Mode::TwoPlayer,
        };
        if game.modes().contains(&mode) {
            options.mode = mode;
        }
    }
    // The board first: it sets the default number of shells.
    let mut keys: Vec<&String> = map.keys().collect();
    keys.sort_by_key(|k| *k != "board");
    for key in keys {
        let value = match &map[key] {
            Value::String(s) => s.clone(),
            Value::Bool(b) => if *b { "on" } else { "off" }.to_string(),
            Value::Number(n) => n.to_string(),
            other => {
                return Err(PositionError::BadOptionValue {
                    key: key.clone(),
                    value: other.to_string(),
                })
            }
        };
        options.set(game, key, &value)?;
    }
    Ok(options)
}

/// A game's options as a JSON map, every option written out.
pub(crate) fn options_to_json(game: Game, options: &Options) -> Map<String, Value> {
    options
        .json_entries(game)
        .into_iter()
        .map(|(key, value)| (key.to_string(), value))
        .collect()
}

impl Position {
    /// Reads a position written as JSON.
    pub fn from_json(text: &str) -> Result<Position, PositionError> {
        let value: Value = serde_json::from_str(text).map_err(json_err)?;
        Position::from_json_value(&value)
    }

    pub fn from_json_value(value: &Value) -> Result<Position, PositionError> {
        let doc = Doc::read(value)?;
        let game =
            Game::from_id(&doc.game).ok_or_else(|| PositionError::UnknownGame(doc.game.clone()))?;
        let options = options_from_json(game, &doc.options, Some(doc.seats.len()))?;
        let board = options.board_kind(game);
        let colour = |name: &str| {
            board
                .side_named(name)
                .ok_or_else(|| PositionError::UnknownColour(name.to_string()))
        };
        let seats: Vec<Side> = doc
            .seats
            .iter()
            .map(|s| colour(s))
            .collect::<Result<_, _>>()?;
        let expected = game.seats(options.mode);
        if seats != expected {
            return Err(PositionError::WrongSeats {
                expected: expected
                    .iter()
                    .map(|&s| board.colour_name(s))
                    .collect::<Vec<_>>()
                    .join(", "),
            });
        }
        let home = crate::board::geometry(board).home;
        let mut pawns: [Vec<u8>; 4] = Default::default();
        // Only the seated colours have pawns and flags: another colour's
        // entry, even an empty one, is a mistake worth naming.
        let seated = |name: &String| {
            let side = colour(name)?;
            if seats.contains(&side) {
                Ok(side)
            } else {
                Err(PositionError::NotSeated(name.clone()))
            }
        };
        for (name, list) in &doc.pawns {
            let side = seated(name)?;
            let steps = list
                .as_array()
                .ok_or_else(|| json_err(format!("the pawns of {name} are not a list")))?;
            for step in steps {
                let n = step.as_i64().ok_or_else(|| {
                    json_err(format!(
                        "{name} has a pawn whose step is not a whole number"
                    ))
                })?;
                if !(0..=home as i64).contains(&n) {
                    return Err(PositionError::StepOutOfRange {
                        colour: name.clone(),
                        step: n,
                        max: home,
                    });
                }
                pawns[side.index()].push(n as u8);
            }
        }
        let mut flags = [game.fresh_flags(); 4];
        let mut given: [Map<String, Value>; 4] = Default::default();
        for (name, map) in &doc.flags {
            let side = seated(name)?;
            let map = map
                .as_object()
                .ok_or_else(|| json_err(format!("the flags of {name} are not an object")))?;
            flags[side.index()] = read_flags(game, name, map)?;
            given[side.index()] = map.clone();
        }
        // Flags left out that the pawns show.
        for &side in &seats {
            let i = side.index();
            let says = |key: &str| given[i].contains_key(key);
            by_game!(game, R => R::flags_from_pawns(
                &options,
                board.colour_name(side),
                &pawns[i],
                &mut flags[i],
                &says,
            ))?;
        }
        let places: Vec<Side> = match &doc.places {
            Some(list) => list.iter().map(|s| colour(s)).collect::<Result<_, _>>()?,
            None => seats
                .iter()
                .copied()
                .filter(|s| {
                    !pawns[s.index()].is_empty() && pawns[s.index()].iter().all(|&p| p == home)
                })
                .collect(),
        };
        let to_move = colour(&doc.to_move)?;
        Position::from_setup(&Setup {
            game,
            options,
            to_move,
            pawns,
            flags,
            places,
            stalled: doc.stalled,
        })
        .map_err(PositionError::from_problems)
    }

    /// The position as one line of JSON.
    pub fn to_json(&self) -> String {
        self.to_json_value().to_string()
    }

    pub fn to_json_value(&self) -> Value {
        let board = self.board_kind();
        let name = |s: Side| board.colour_name(s);
        let mut pawns = Map::new();
        let mut flags = Map::new();
        for &side in self.seats() {
            pawns.insert(name(side).into(), json!(self.pawns(side)));
            let f = write_flags(self.game, self.flags(side));
            if !f.is_empty() {
                flags.insert(name(side).into(), Value::Object(f));
            }
        }
        let mut doc = json!({
            "game": self.game.id(),
            "options": options_to_json(self.game, &self.options),
            "seats": self.seats().iter().map(|&s| name(s)).collect::<Vec<_>>(),
            "to_move": name(self.to_move),
            "pawns": pawns,
        });
        if !flags.is_empty() {
            doc["flags"] = Value::Object(flags);
        }
        if self.is_stalled() {
            doc["stalled"] = json!(true);
        }
        if !self.places().is_empty() {
            doc["places"] = json!(self.places().iter().map(|&s| name(s)).collect::<Vec<_>>());
        }
        doc
    }
}

/// A player's flags as a position gives them; those left out keep the
/// game's fresh start.
fn read_flags(game: Game, colour: &str, map: &Map<String, Value>) -> Result<Flags, PositionError> {
    let mut f = game.fresh_flags();
    for (key, value) in map {
        let flag = game
            .flags()
            .iter()
            .find(|flag| flag.name == key)
            .ok_or_else(|| PositionError::UnknownFlag {
                game,
                key: key.clone(),
            })?;
        let given = Given {
            colour,
            key,
            value,
            all: map,
        };
        (flag.read)(&mut f, &given)?;
    }
    Ok(f)
}

fn write_flags(game: Game, f: &Flags) -> Map<String, Value> {
    game.flags()
        .iter()
        .filter_map(|flag| Some((flag.name.to_string(), (flag.write)(f)?)))
        .collect()
}
