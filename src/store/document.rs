//! The saved game as the app writes it: the engine's record, which replays
//! to the exact moment, and who sits at each side.

use crate::ai::Level;
use crate::rules::GameRecord;
use serde::{Deserialize, Serialize};

/// A game as the app saves it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameDocument {
    pub record: GameRecord,
    /// The name at each side, by side index ("" for an empty side).
    pub names: [String; 4],
    /// Who plays each side: a person or the computer at a level.
    pub seats: [SeatKind; 4],
}

/// Who plays a seat: a person at the screen, or the computer at a level.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, Serialize, Deserialize)]
#[serde(into = "String", try_from = "String")]
pub enum SeatKind {
    #[default]
    Person,
    Computer(Level),
}

impl SeatKind {
    /// The choices of the New game screen, in order.
    pub const ALL: [SeatKind; 4] = [
        SeatKind::Person,
        SeatKind::Computer(Level::Easy),
        SeatKind::Computer(Level::Medium),
        SeatKind::Computer(Level::Hard),
    ];

    /// The name in a saved game: `person`, or the computer's level.
    pub fn id(self) -> &'static str {
        match self {
            SeatKind::Person => "person",
            SeatKind::Computer(level) => level.id(),
        }
    }

    pub fn is_computer(self) -> bool {
        matches!(self, SeatKind::Computer(_))
    }
}

impl From<SeatKind> for String {
    fn from(kind: SeatKind) -> String {
        kind.id().to_string()
    }
}

impl TryFrom<String> for SeatKind {
    type Error = String;
    fn try_from(id: String) -> Result<SeatKind, String> {
        SeatKind::ALL
            .into_iter()
            .find(|k| k.id() == id)
            .ok_or_else(|| format!("unknown seat kind {id:?}"))
    }
}
