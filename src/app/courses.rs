//! The lessons as the app lists them: every game's course, read once, and
//! a lesson's name among them; the Learn screen and the game screen both
//! stand on this.

use std::sync::OnceLock;

use crate::lessons::{self, Course, Lesson};
use crate::rules::Game;

/// Every game's course, read once.
pub fn courses() -> &'static [Course] {
    static COURSES: OnceLock<Vec<Course>> = OnceLock::new();
    COURSES.get_or_init(lessons::courses)
}

/// A lesson's name among all the lessons, and the stem of its message
/// ids: "pagade.cut".
pub fn lesson_key(game: Game, lesson: &Lesson) -> String {
    format!("{}.{}", game.id(), lesson.id)
}

/// Whether `lesson` is its course's last.
pub fn is_last(lesson: &Lesson) -> bool {
    courses()
        .iter()
        .any(|c| c.lessons.last().is_some_and(|l| std::ptr::eq(l, lesson)))
}
