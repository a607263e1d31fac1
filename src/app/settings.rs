//! The player's settings, kept by the save store (`settings.json` in the
//! data folder).

use std::collections::BTreeSet;

use serde::{Deserialize, Serialize};

use super::setup::Table;
use super::SoundLevel;
use crate::language::Language;
use crate::sound::SoundSettings;

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

    /// How long a pawn sent back flies to its start, a pawn reaching Home
    /// settles with its flourish, and the game's end is shown on the board
    /// before Game over, in ms: long enough to be followed, never a second.
    pub fn flight_ms(self) -> u64 {
        match self {
            Speed::Off => 0,
            Speed::Fast => 300,
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
    /// Sound on or off, and its volume.
    pub sound: SoundSettings,
    /// The language chosen on the Settings screen, by its code; `None`
    /// follows the device's language.
    pub language: Option<String>,
    /// The lessons played to their end, by game and lesson
    /// ("pagade.cut").
    pub lessons_done: BTreeSet<String>,
}

/// The volume of a choice of sound on the Settings screen (none: off).
fn volume(level: SoundLevel) -> Option<u8> {
    match level {
        SoundLevel::Off => None,
        SoundLevel::Quiet => Some(35),
        SoundLevel::Normal => Some(70),
        SoundLevel::Loud => Some(100),
    }
}

impl Settings {
    /// The language chosen, if it is one the app speaks (a code from a
    /// later version follows the device instead).
    pub fn language(&self) -> Option<Language> {
        self.language.as_deref().and_then(Language::from_code)
    }

    /// Which choice of sound the sound settings are (the nearest volume).
    pub fn sound_level(&self) -> SoundLevel {
        if !self.sound.on {
            return SoundLevel::Off;
        }
        [SoundLevel::Quiet, SoundLevel::Normal, SoundLevel::Loud]
            .into_iter()
            .min_by_key(|&level| volume(level).map_or(u8::MAX, |v| v.abs_diff(self.sound.volume)))
            .unwrap_or(SoundLevel::Normal)
    }

    /// Chooses a sound: off, or on at that choice's volume.
    pub fn choose_sound_level(&mut self, level: SoundLevel) {
        match volume(level) {
            Some(volume) => {
                self.sound.on = true;
                self.sound.volume = volume;
            }
            None => self.sound.on = false,
        }
    }
}
