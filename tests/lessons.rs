//! Every lesson of every game, played through the rules engine by its
//! script: a change of a rule that breaks a lesson fails here.

use chaupar::lessons::{check, courses, Step};
use chaupar::rules::Game;
use std::collections::HashSet;

#[test]
fn every_game_has_a_course_in_the_order_games_are_listed() {
    let games: Vec<Game> = courses().iter().map(|c| c.game).collect();
    assert_eq!(games, Game::ALL);
    for course in courses() {
        assert!(
            course.lessons.len() >= 3,
            "{} has too few lessons",
            course.game.id()
        );
    }
}

#[test]
fn every_lesson_plays_through_the_rules_as_written() {
    let mut failures = Vec::new();
    for course in courses() {
        for lesson in &course.lessons {
            if let Err(e) = check(lesson) {
                failures.push(format!("{} lesson {}: {e}", course.game.id(), lesson.id));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn lessons_are_of_their_course_game_with_unique_names_and_their_own_words() {
    for course in courses() {
        let game = course.game.id();
        let mut ids = HashSet::new();
        for lesson in &course.lessons {
            assert!(
                ids.insert(lesson.id.clone()),
                "{game}: two lessons {}",
                lesson.id
            );
            assert_eq!(lesson.start["game"], game, "{game} lesson {}", lesson.id);
            let stem = format!("{game}.{}.", lesson.id);
            for id in lesson.steps.iter().flat_map(Step::message_ids) {
                assert!(id.starts_with(&stem), "{id} is not one of {stem}*");
            }
            assert!(
                lesson.steps.iter().any(|s| matches!(s, Step::Move { .. })),
                "{game} lesson {} asks for no move",
                lesson.id
            );
        }
    }
}
