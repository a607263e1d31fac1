//! The computer's seats and the Hint through the app's UI. Their thoughts
//! come back to the UI thread through Slint's event loop, which the testing
//! backend runs for one thread per process: so this file has one test,
//! which plays each case in turn.

mod ui_support;

use chaupar::ai::Level;
use chaupar::app::setup::SeatKind;
use chaupar::app::{Nav, Play, PlayedBy, Scheduling, Screen, Setup};
use chaupar::rules::{Game, Match};
use slint::{ComponentHandle, Model};
use ui_support::*;

#[test]
fn computer_players_and_hints() {
    use_testing_backend(true);
    // The computer thinking on threads of its own, then on the UI thread a
    // step at a time, as in a browser.
    for scheduling in [Scheduling::Threads, Scheduling::Slices] {
        two_computers_play_a_game_to_its_end_and_it_is_counted(scheduling);
        the_hint_lights_the_move_the_computer_suggests(scheduling);
        the_computer_waits_while_its_game_is_left(scheduling);
    }
    saved_games_and_computer_seats_render();
}

fn the_computer_waits_while_its_game_is_left(scheduling: Scheduling) {
    let app = open_app_scheduling(&fresh_data_dir(), scheduling);
    app.set_speed(chaupar::app::settings::Speed::Normal);
    app.start(
        Match::new(
            Game::ChowkaBhara,
            chaupar::rules::Options::new(Game::ChowkaBhara),
            6,
        )
        .unwrap(),
        Default::default(),
        [SeatKind::Computer(Level::Medium); 4],
    );
    let events = || app.with_match(|m| m.record().events.len()).unwrap();
    // Home before the computer's pause is over: nothing is played.
    app.window().global::<Nav>().invoke_go_home();
    settle();
    for _ in 0..20 {
        i_slint_backend_testing::mock_elapsed_time(std::time::Duration::from_secs(1));
        pump();
    }
    assert_eq!(events(), 0, "the computer waits for the game to be back");
    press(&app, "Continue");
    for _ in 0..200 {
        if events() >= 3 {
            break;
        }
        i_slint_backend_testing::mock_elapsed_time(std::time::Duration::from_millis(500));
        pump();
        std::thread::sleep(std::time::Duration::from_millis(2));
    }
    assert!(events() >= 3, "the computer plays on once the game is back");
}

fn two_computers_play_a_game_to_its_end_and_it_is_counted(scheduling: Scheduling) {
    let app = open_app_scheduling(&fresh_data_dir(), scheduling);
    app.seed_next_game(8);
    press(&app, "New game");
    choose_game(&app, Game::ChowkaBhara);
    press(&app, "Seat 1 played by: Easy");
    press(&app, "Seat 2 played by: Medium");
    press(&app, "Start the game");
    let mut rounds = 0;
    while screen(&app) == Screen::Game {
        rounds += 1;
        assert!(rounds < 100_000, "the computers should finish the game");
        // A person's controls stay off throughout.
        let play = app.window().global::<Play>();
        assert!(
            !play.get_can_throw()
                && !play.get_can_pass()
                && !play.get_can_hint()
                && !play.get_can_take_back()
        );
        assert!(movable_pawns(&app).is_empty(), "no pawn is offered to tap");
        pump();
    }
    assert_eq!(screen(&app), Screen::GameOver);
    assert!(app.with_match(|m| m.position().is_over()).unwrap());

    // The finished game left the saved games and counts for both players.
    app.window().global::<Nav>().invoke_go_home();
    settle();
    assert!(labelled(&app, "Continue").is_none());
    press(&app, "Saved games");
    assert!(starting(&app, "Resume ").is_empty());
    let winner = app
        .with_match(|m| {
            let p = m.position();
            p.seats().iter().position(|&s| s == p.winners()[0])
        })
        .flatten()
        .expect("a seat won");
    // The seats' names tell the computers apart.
    for (i, name) in ["Computer 1 (Easy)", "Computer 2 (Medium)"]
        .iter()
        .enumerate()
    {
        let won = usize::from(i == winner);
        let line = format!("{name}: played 1, won {won}");
        assert!(labelled(&app, &line).is_some(), "{line}");
    }
}

fn the_hint_lights_the_move_the_computer_suggests(scheduling: Scheduling) {
    let app = open_app_scheduling(&fresh_data_dir(), scheduling);
    app.start(
        Match::from_position(late_pagade(), 2),
        Default::default(),
        Default::default(),
    );
    throw_until_a_move_is_due(&app);
    let play = app.window().global::<Play>();
    assert!(play.get_can_hint());
    let expected = app
        .with_match(|m| chaupar::ai::hint(m.turn()).expect("a move to suggest"))
        .unwrap();
    press(&app, "Suggest a move");
    for _ in 0..1000 {
        if !play.get_can_hint() {
            break;
        }
        pump();
        std::thread::sleep(std::time::Duration::from_millis(2));
    }
    let side = app.with_match(|m| m.pawn_side().0 as i32).unwrap();
    let chosen: Vec<i32> = play
        .get_pawns()
        .iter()
        .filter(|p| p.selected)
        .map(|p| p.step)
        .collect();
    assert_eq!(
        chosen,
        vec![expected.from as i32],
        "the suggested pawn is chosen"
    );
    assert!(play
        .get_pawns()
        .iter()
        .any(|p| p.selected && p.side == side));
    let targets = starting(&app, "Move to ");
    let lit: std::collections::BTreeSet<_> = targets
        .iter()
        .filter_map(|t| t.accessible_label())
        .collect();
    assert_eq!(lit.len(), 1, "one square is lit: {lit:?}");
    let mut suggested = app.with_match(|m| m.clone()).unwrap();
    suggested.play(expected).expect("the suggestion is legal");
    // The lit square plays the suggested move itself, even where other
    // ways lead there.
    targets[0].invoke_accessible_default_action();
    settle();
    // The move played is the one suggested.
    assert_eq!(
        app.with_match(|m| *m.position()).unwrap(),
        *suggested.position()
    );
}

fn saved_games_and_computer_seats_render() {
    let dir = fresh_data_dir();
    let app = open_app(&dir);
    app.seed_next_game(3);
    new_game_through_the_screens(&app, Game::Pagade);
    take_a_turn_step(&app);
    press_back(&app);
    app.start(
        Match::from_position(nearly_home(), 5),
        ["Asha".into(), String::new(), "Ravi".into(), String::new()],
        Default::default(),
    );
    play_to_the_end(&app);
    app.window().global::<Nav>().invoke_go_home();
    settle();
    std::fs::write(dir.join("games/game-2.json"), "").unwrap();
    for (size, w, h) in [("phone", 360.0, 640.0), ("desktop", 1280.0, 800.0)] {
        set_window_size(&app, w, h);
        press(&app, "Saved games");
        save_png(&app, &format!("{size}-saved-games"));
        press_back(&app);
        press(&app, "New game");
        // Seat 2 may be below the fold on a phone: chosen through the UI's
        // callback rather than a press.
        app.window()
            .global::<Setup>()
            .invoke_choose_kind(1, PlayedBy::Hard);
        // Tall enough to show the seats below the list of games.
        set_window_size(&app, w, h.max(1100.0));
        save_png(&app, &format!("{size}-new-game-computer"));
        press_back(&app);
        assert_eq!(screen(&app), Screen::Home);
    }
}
