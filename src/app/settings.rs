//! The player's settings, kept in `settings.json` in the data folder when
//! there is one.

use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};

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

#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct Settings {
    pub speed: Speed,
    /// Turn the board so that the player to move sits at the bottom.
    pub rotate_board: bool,
}

impl Settings {
    fn file(dir: &Path) -> PathBuf {
        dir.join("settings.json")
    }

    /// The saved settings, or the defaults when there are none (or they
    /// cannot be read: settings are not worth refusing to start over).
    pub fn load(dir: Option<&Path>) -> Settings {
        dir.and_then(|d| std::fs::read_to_string(Settings::file(d)).ok())
            .and_then(|text| serde_json::from_str(&text).ok())
            .unwrap_or_default()
    }

    pub fn save(&self, dir: Option<&Path>) -> std::io::Result<()> {
        let Some(dir) = dir else { return Ok(()) };
        std::fs::create_dir_all(dir)?;
        let text = serde_json::to_string_pretty(self).expect("settings serialize");
        std::fs::write(Settings::file(dir), text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn settings_survive_a_restart() {
        let dir = std::env::temp_dir().join(format!("chaupar-settings-{}", std::process::id()));
        let chosen = Settings {
            speed: Speed::Slow,
            rotate_board: true,
        };
        chosen.save(Some(&dir)).unwrap();
        assert_eq!(Settings::load(Some(&dir)), chosen);
        std::fs::remove_dir_all(&dir).unwrap();
        assert_eq!(Settings::load(Some(&dir)), Settings::default());
    }
}
