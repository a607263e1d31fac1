//! A lesson played on the game screen: the session over a lesson's table,
//! the learner a person and every other side the lesson's script, shown as
//! the computer's turns are.

use super::table::Table;
pub use super::table::Teaching;
use super::Session;
use crate::ai::Level;
use crate::app::setup::SeatKind;
use crate::board::Side;
use crate::lessons::{Lesson, LessonError};
use crate::rules::Move;

impl Session {
    /// `lesson` at its start, on its prepared position.
    pub fn lesson(lesson: &'static Lesson) -> Result<Session, LessonError> {
        let table = Table::lesson(lesson)?;
        let learner = table.teaching().map(Teaching::learner);
        let kinds = Side::ALL.map(|side| {
            if Some(side) == learner {
                SeatKind::Person
            } else {
                SeatKind::Computer(Level::Easy)
            }
        });
        let mut s = Session::at_start(table, Default::default(), kinds);
        s.select_only_move();
        Ok(s)
    }

    /// The lesson being played, if this is one.
    pub fn teaching(&self) -> Option<&Teaching> {
        self.table.teaching()
    }

    pub fn is_lesson(&self) -> bool {
        self.teaching().is_some()
    }

    /// Whether a lesson has been played to its end (and shown).
    pub fn lesson_is_done(&self) -> bool {
        self.teaching().is_some_and(Teaching::is_done)
    }

    /// The move another side's scripted turn makes next, if one is due.
    pub fn scripted_move(&self) -> Option<Move> {
        self.teaching().and_then(Teaching::scripted_move)
    }

    /// "Show me": the lesson's move lit, its pawn chosen and its square
    /// the only one.
    pub fn show_me(&mut self) {
        if let Some(mv) = self.teaching().and_then(|t| t.shown_move(true)) {
            self.suggest(mv);
        }
    }

    /// After enough wrong tries the lesson's move is lit, what was said of
    /// the last try staying said.
    pub(super) fn show_the_lessons_way(&mut self) {
        if let Some(mv) = self.teaching().and_then(|t| t.shown_move(false)) {
            self.hint = Some(mv);
            self.selected = Some(mv.from);
            self.offered = vec![mv];
        }
    }
}
