//! The lessons' words: every message id a lesson file gives (what a step
//! says, a wrong try's nudge) and every lesson's title have their text in
//! the app, so no lesson shows an empty line.

use crate::ui_support::*;
use chaupar::app::LessonWords;
use chaupar::lessons::{courses, Step};
use slint::ComponentHandle;

/// Every message id of every lesson: its title, then its steps' words.
fn message_ids() -> Vec<String> {
    let mut ids = Vec::new();
    for course in courses() {
        for lesson in &course.lessons {
            ids.push(format!("{}.{}.title", course.game.id(), lesson.id));
            let said = lesson.steps.iter().flat_map(Step::message_ids);
            ids.extend(said.map(str::to_string));
        }
    }
    ids
}

#[test]
fn every_lesson_says_something_at_every_step() {
    let app = app();
    let words = app.window().global::<LessonWords>();
    let ids = message_ids();
    assert!(ids.len() > 150, "only {} message ids", ids.len());
    let silent: Vec<&String> = ids
        .iter()
        .filter(|id| words.invoke_say(id.as_str().into()).trim().is_empty())
        .collect();
    assert!(silent.is_empty(), "no words for {silent:?}");
    assert_eq!(words.invoke_say("chopat.no-such-lesson.title".into()), "");
}
