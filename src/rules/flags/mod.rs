//! What a player's game remembers beyond the pawns: the flags the
//! machinery keeps where a card asks for them (a cut made, turns missed or
//! owed), and what one game's own rules keep ([`GameFlags`], each game's
//! in its file here). Each flag's name, as positions' JSON spells it, is
//! written once, in its [`Flag`]; the JSON reader and writer go by a
//! card's list of them.

pub(crate) mod chopat;

pub(crate) use chopat::{CHOPAT_FLAGS, HAS_THROWN};

use super::chopat::ChopatFlags;
use super::error::PositionError;
use serde_json::{json, Map, Value};

/// What a player's game remembers beyond the pawns (the `flags` of a
/// position's JSON).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct Flags {
    /// Where pawns circle until their player has cut: this player has cut
    /// (hit) an opponent pawn.
    pub has_cut: bool,
    /// Where a finished partner misses turns: how many it has missed.
    pub missed_turns: u8,
    /// Where hits earn turns: turns still owed to the player to move after
    /// this one, for hits beyond the first in one turn.
    pub extra_turns: u8,
    /// What the game's own rules remember.
    pub game: GameFlags,
}

/// What one game's own rules remember of a player, by game: a game's
/// position carries only its own.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub enum GameFlags {
    /// The game remembers nothing of its own.
    #[default]
    None,
    Chopat(ChopatFlags),
}

/// One flag of a position's JSON: its name, and how its value is read and
/// written.
pub(crate) struct Flag {
    pub(crate) name: &'static str,
    pub(crate) read: fn(&mut Flags, &Given) -> Result<(), PositionError>,
    /// The value to write, if any: a flag at its usual value may be left
    /// out.
    pub(crate) write: fn(&Flags) -> Option<Value>,
}

/// A flag's value as a position gives it, with the player's other flags.
pub(crate) struct Given<'a> {
    pub(crate) colour: &'a str,
    pub(crate) key: &'a str,
    pub(crate) value: &'a Value,
    pub(crate) all: &'a Map<String, Value>,
}

impl Given<'_> {
    pub(crate) fn bad(&self) -> PositionError {
        PositionError::BadFlagValue {
            colour: self.colour.to_string(),
            key: self.key.to_string(),
            value: self.value.to_string(),
        }
    }

    pub(crate) fn boolean(&self) -> Result<bool, PositionError> {
        self.value.as_bool().ok_or_else(|| self.bad())
    }

    /// A step of a player's path (84 at most: Home on the largest board).
    pub(crate) fn step(&self) -> Result<u8, PositionError> {
        self.value
            .as_u64()
            .filter(|&n| n <= 84)
            .map(|n| n as u8)
            .ok_or_else(|| self.bad())
    }

    /// A step, or `null` for none.
    pub(crate) fn step_or_none(&self) -> Result<Option<u8>, PositionError> {
        if self.value.is_null() {
            Ok(None)
        } else {
            self.step().map(Some)
        }
    }

    pub(crate) fn text(&self) -> Result<&str, PositionError> {
        self.value.as_str().ok_or_else(|| self.bad())
    }
}

/// Where pawns circle until their player has cut.
pub(crate) const HAS_CUT: Flag = Flag {
    name: "has_cut",
    read: |f, v| {
        f.has_cut = v.boolean()?;
        Ok(())
    },
    write: |f| Some(json!(f.has_cut)),
};

/// Where a finished partner misses turns.
pub(crate) const MISSED_TURNS: Flag = Flag {
    name: "missed_turns",
    read: |f, v| {
        f.missed_turns = v.step()?;
        Ok(())
    },
    write: |f| Some(json!(f.missed_turns)),
};

/// Where hits earn turns. Written only when turns are owed: most positions
/// owe none.
pub(crate) const EXTRA_TURNS: Flag = Flag {
    name: "extra_turns",
    read: |f, v| {
        f.extra_turns = v
            .value
            .as_u64()
            .and_then(|n| u8::try_from(n).ok())
            .ok_or_else(|| v.bad())?;
        Ok(())
    },
    write: |f| (f.extra_turns > 0).then(|| json!(f.extra_turns)),
};
