//! The player's settings, kept by the save store (`settings.json` in the
//! data folder).

use serde::{Deserialize, Serialize};

use super::setup::Table;

#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Speed {
    /// Pawns jump and dice land at once.
    Off,
    Fast,
    #[default]
    Normal,
    Slow,
}

impl Speed {
    pub const ALL: [Speed; 4] = [Speed::Off, Speed::Fast, Speed::Normal, Speed::Slow];

    /// How long a pawn takes from one square to the next, in ms.
    pub fn step_ms(self) -> u64 {
        match self {
            Speed::Off => 0,
            Speed::Fast => 60,
            Speed::Normal => 120,
            Speed::Slow => 220,
        }
    }

    /// How long the computer waits before each throw and move, so that
    /// people can follow its play.
    pub fn computer_pause_ms(self) -> u64 {
        match self {
            Speed::Off => 0,
            Speed::Fast => 250,
            Speed::Normal => 600,
            Speed::Slow => 900,
        }
    }

    /// How long the dice tumble, in ms.
    pub fn tumble_ms(self) -> u64 {
        match self {
            Speed::Off => 0,
            Speed::Fast => 300,
            Speed::Normal => 550,
            Speed::Slow => 900,
        }
    }
}

#[derive(Clone, PartialEq, Eq, Debug, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct Settings {
    pub speed: Speed,
    /// Turn the board so that the player to move sits at the bottom.
    pub rotate_board: bool,
    /// The New game screen's last table, offered again.
    pub table: Option<Table>,
}
