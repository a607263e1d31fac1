//! Learn: every lesson of every game played to its end on the game screen
//! the way a learner plays it (throws tapped, pawns and squares tapped),
//! the wrong tries the lessons expect refused with their nudge, and the
//! lessons done kept across a restart.

use crate::ui_support::*;
use chaupar::app::courses::courses;
use chaupar::app::settings::Speed;
use chaupar::app::{game_name, Learn, Nav, NoticeKind, Play, Screen, Settings};
use chaupar::board::Side;
use chaupar::lessons::{Lesson, Step};
use chaupar::rules::{Move, Position};
use slint::{ComponentHandle, Model};

/// Opens lesson `lesson` of course `course` from Home's Learn.
fn open_lesson(app: &chaupar::app::App, course: usize, lesson: usize) {
    if screen(app) != Screen::Learn {
        app.window().global::<Nav>().invoke_go_home();
        press(app, "Learn");
    }
    let learn = app.window().global::<Learn>();
    learn.invoke_choose(game_name(courses()[course].game));
    learn.invoke_open(lesson as i32);
    settle();
    assert_eq!(screen(app), Screen::Game);
}

/// The id of a pawn of the side moving now standing on `step`.
fn pawn_on(app: &chaupar::app::App, step: u8) -> i32 {
    let side = app.with_turn(|t| t.pawn_side()).expect("a lesson is on");
    let pawns = app.window().global::<Play>().get_pawns();
    let pawn = pawns
        .iter()
        .filter(|p| p.side == i32::from(side.0) && p.step == i32::from(step))
        // The top of a stack is the one drawn lit.
        .max_by_key(|p| p.count)
        .unwrap_or_else(|| panic!("a pawn of {side:?} on step {step}"));
    pawn.id
}

/// Makes `mv` as a learner does: a tap on the pawn, a tap on its square,
/// and where several ways lead there, "Show me" to light the lesson's one.
fn make_move(app: &chaupar::app::App, mv: Move) {
    let play = app.window().global::<Play>();
    let side = app.with_turn(|t| t.pawn_side()).unwrap();
    let cell = app
        .with_turn(|t| t.position().board().cell(side, mv.to))
        .flatten()
        .expect("the move goes to a square");
    let before = play.get_lesson().step;
    play.invoke_tap_pawn(pawn_on(app, mv.from));
    play.invoke_tap_cell(i32::from(cell.0));
    settle();
    if play.get_lesson().step == before && !play.get_lesson().done {
        assert!(
            play.get_choices().row_count() > 1,
            "the move is played or ways offered"
        );
        play.invoke_hint();
        play.invoke_tap_cell(i32::from(cell.0));
        settle();
    }
}

/// Plays `lesson` from its start to its end through the game screen,
/// trying each wrong tap it expects first.
fn play_through(app: &chaupar::app::App, lesson: &Lesson) {
    let play = app.window().global::<Play>();
    for (at, step) in lesson.steps.iter().enumerate() {
        let shown = play.get_lesson();
        // Another side's turn is played at once after the learner's.
        if matches!(step, Step::Watch { .. }) {
            continue;
        }
        assert!(!shown.done, "{}: done before step {at}", lesson.id);
        match step {
            Step::ThrowOff { say, .. } | Step::Throw { say, .. } => {
                assert_eq!(shown.say, say.as_str(), "{} step {at}", lesson.id);
                assert!(play.get_can_throw(), "{} step {at}: a throw", lesson.id);
                play.invoke_throw(0.7);
                settle();
                // A throw that leaves nothing to move is let go.
                if play.get_can_pass() {
                    press(app, "Pass the turn");
                }
            }
            Step::Move { say, mv, wrong } => {
                assert_eq!(shown.say, say.as_str(), "{} step {at}", lesson.id);
                for w in wrong {
                    play.invoke_tap_pawn(pawn_on(app, w.tap));
                    settle();
                    assert_eq!(play.get_notice().kind, NoticeKind::Refused);
                    assert_eq!(play.get_lesson().nudge, w.nudge.as_str());
                }
                make_move(app, *mv);
            }
            Step::Watch { .. } => unreachable!("skipped above"),
        }
    }
    let end = Position::from_json_value(&lesson.end).expect("the lesson's end");
    assert_eq!(app.with_turn(|t| *t.position()), Some(end), "{}", lesson.id);
    assert!(play.get_lesson().done, "{} is done", lesson.id);
    assert_eq!(screen(app), Screen::Game);
    // The banner says so, not that a game is over.
    assert!(labelled(app, "The game is over").is_none(), "{}", lesson.id);
}

#[test]
fn every_lesson_of_every_game_plays_to_its_end_on_the_board() {
    let app = app();
    for (c, course) in courses().iter().enumerate() {
        for (l, lesson) in course.lessons.iter().enumerate() {
            if l == 0 {
                open_lesson(&app, c, 0);
            } else {
                // The next one, from the lesson done.
                press(&app, "Next lesson");
            }
            assert_eq!(
                app.window().global::<Play>().get_lesson().lesson,
                format!("{}.{}", course.game.id(), lesson.id).as_str()
            );
            play_through(&app, lesson);
        }
        // After the game's last lesson, a real game of it.
        press(&app, "Play a real game");
        assert_eq!(screen(&app), Screen::NewGame);
        let chosen = app.window().global::<chaupar::app::Setup>().get_game();
        assert_eq!(chosen, game_name(course.game));
        app.window().global::<Nav>().invoke_go_home();
        press(&app, "Learn");
        let done = app.window().global::<Learn>().get_lessons();
        assert!(
            done.iter().all(|l| l.done),
            "{} all marked done",
            course.game
        );
    }
}

/// While another side's scripted turn is shown throw by throw and move by
/// move, the lesson goes on saying that step and counting it as that step.
#[test]
fn another_sides_turn_is_its_own_step_while_the_board_shows_it() {
    let app = app();
    // Chopat's stick dice: Yellow's turn, moving 7 to 8 and then 6 to 9.
    open_lesson(&app, 0, 0);
    let lesson = &courses()[0].lessons[0];
    let watch = (lesson.steps.iter())
        .position(|s| matches!(s, Step::Watch { .. }))
        .expect("the stick dice show Yellow's turn");
    let Step::Watch { say: Some(say), .. } = &lesson.steps[watch] else {
        panic!("Yellow's turn says what it shows");
    };
    let play = app.window().global::<Play>();
    play.invoke_throw(0.7);
    settle();
    let moves: Vec<Move> = (lesson.steps[..watch].iter())
        .filter_map(|s| match s {
            Step::Move { mv, .. } => Some(*mv),
            _ => None,
        })
        .collect();
    let (last, first) = moves.split_last().expect("the learner moves first");
    for mv in first {
        make_move(&app, *mv);
    }
    // The learner's last move, and Yellow's turn after it, at their pace.
    let cell = app
        .with_turn(|t| t.position().board().cell(Side(0), last.to))
        .flatten()
        .expect("the move goes to a square");
    play.invoke_tap_pawn(pawn_on(&app, last.from));
    app.set_speed(Speed::Normal);
    play.invoke_tap_cell(i32::from(cell.0));
    let yellow = |app: &chaupar::app::App| app.with_turn(|t| t.position().pawns(Side(2)).to_vec());
    let mut halfway = false;
    for _ in 0..500 {
        if yellow(&app) == Some(vec![6, 8, 12, 12]) {
            halfway = true;
            break;
        }
        i_slint_backend_testing::mock_elapsed_time(std::time::Duration::from_millis(20));
    }
    assert!(halfway, "Yellow's first move shown before its second");
    let shown = play.get_lesson();
    assert_eq!(shown.say, say.as_str());
    assert_eq!((shown.step, shown.steps), (watch as i32 + 1, 6));
}

/// Two wrong taps light the lesson's move: its pawn chosen and only its
/// square lit; a move the rules allow but the step does not teach is
/// refused with the lesson's own reason.
#[test]
fn two_wrong_tries_light_the_lessons_move() {
    let app = app();
    let (c, l, lesson) = courses()
        .iter()
        .enumerate()
        .flat_map(|(c, course)| {
            course
                .lessons
                .iter()
                .enumerate()
                .map(move |(l, x)| (c, l, x))
        })
        .find(|(_, _, lesson)| lesson.id == "kajalvun")
        .expect("Chopat teaches Kajalvun");
    open_lesson(&app, c, l);
    let play = app.window().global::<Play>();
    play.invoke_throw(0.5);
    settle();
    let Step::Move { mv, wrong, .. } = &lesson.steps[1] else {
        panic!("Kajalvun's second step is a move");
    };
    assert!(
        play.get_cells().iter().all(|c| !c.target),
        "nothing lit yet"
    );
    for _ in 0..2 {
        play.invoke_tap_pawn(pawn_on(&app, wrong[0].tap));
        settle();
    }
    let side = app.with_turn(|t| t.pawn_side()).unwrap();
    let square = app
        .with_turn(|t| t.position().board().cell(side, mv.to))
        .flatten()
        .unwrap();
    let lit: Vec<i32> = (play.get_cells().iter())
        .filter(|c| c.target)
        .map(|c| c.index)
        .collect();
    assert_eq!(lit, vec![i32::from(square.0)], "only the lesson's square");
    let chosen: Vec<i32> = (play.get_pawns().iter())
        .filter(|p| p.selected)
        .map(|p| p.step)
        .collect();
    assert_eq!(chosen, vec![i32::from(mv.from)], "the lesson's pawn");
    assert_eq!(play.get_lesson().nudge, wrong[0].nudge.as_str());
}

#[test]
fn a_move_the_step_does_not_teach_is_refused_and_show_me_shows_it() {
    let app = app();
    // Chopat's split: a throw, then one move of several the rules allow.
    open_lesson(&app, 0, 1);
    let play = app.window().global::<Play>();
    play.invoke_throw(0.5);
    settle();
    let lesson = &courses()[0].lessons[1];
    let Step::Move { mv: wanted, .. } = lesson.steps[1] else {
        panic!("the split's second step is a move");
    };
    let legal = app.with_turn(|t| t.legal_moves()).unwrap();
    // Another pawn's move, the only way to its square.
    let other = *legal
        .iter()
        .find(|m| {
            m.from != wanted.from
                && legal
                    .iter()
                    .filter(|n| (n.from, n.to) == (m.from, m.to))
                    .count()
                    == 1
        })
        .expect("another move the rules allow");
    let before = app.with_turn(|t| *t.position());
    let side = app.with_turn(|t| t.pawn_side()).unwrap();
    let square = app
        .with_turn(|t| t.position().board().cell(side, other.to))
        .flatten()
        .unwrap();
    play.invoke_tap_pawn(pawn_on(&app, other.from));
    play.invoke_tap_cell(i32::from(square.0));
    settle();
    assert_eq!(app.with_turn(|t| *t.position()), before, "not played");
    assert_eq!(play.get_notice().kind, NoticeKind::Refused);
    assert!(notice_said(&app).contains("this lesson asks for another move"));
    press(&app, "Show me the move");
    let chosen: Vec<i32> = (play.get_pawns().iter())
        .filter(|p| p.selected)
        .map(|p| p.step)
        .collect();
    assert_eq!(chosen, vec![i32::from(wanted.from)]);
}

/// The lessons done are kept with the settings: a new app on the same data
/// folder still marks them; settings saved before lessons existed load.
#[test]
fn the_lessons_done_survive_a_restart() {
    use_testing_backend(false);
    let dir = fresh_data_dir();
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(
        dir.join("settings.json"),
        r#"{"format":"chaupar-save","version":1,"kind":"settings","saved_at":1,"settings":{"speed":"slow","rotate_board":true,"sound":{"on":true,"volume":35,"vibrate":false}}}"#,
    )
    .unwrap();
    {
        let app = open_app(&dir);
        assert!(
            app.window().global::<Settings>().get_rotate_board(),
            "old settings load"
        );
        assert_eq!(app.window().global::<Nav>().get_message().row_count(), 0);
        open_lesson(&app, 1, 0);
        play_through(&app, &courses()[1].lessons[0]);
        press(&app, "Back to the lessons");
        assert_eq!(screen(&app), Screen::Learn);
    }
    let app = open_app(&dir);
    assert!(rotate_board_shown(&app));
    app.window().global::<Nav>().invoke_go_home();
    settle();
    press(&app, "Learn");
    let learn = app.window().global::<Learn>();
    learn.invoke_choose(game_name(courses()[1].game));
    let done: Vec<bool> = learn.get_lessons().iter().map(|l| l.done).collect();
    assert!(done[0] && !done[1..].iter().any(|&d| d), "{done:?}");
    // A lesson done can be played again.
    learn.invoke_open(0);
    settle();
    assert_eq!(screen(&app), Screen::Game);
    assert!(!app.window().global::<Play>().get_lesson().done);
    assert_eq!(
        app.with_turn(|t| t.seat()),
        Some(learner(&courses()[1].lessons[0]))
    );
}

/// Whether the Settings screen shows the board turning to the player.
fn rotate_board_shown(app: &chaupar::app::App) -> bool {
    app.window().global::<Nav>().invoke_show_settings();
    settle();
    app.window().global::<Settings>().get_rotate_board()
}

fn learner(lesson: &Lesson) -> Side {
    Position::from_json_value(&lesson.start).unwrap().to_move()
}
