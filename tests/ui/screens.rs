//! Every screen drawn at phone and desktop sizes, and the back key between
//! them.

use crate::ui_support::*;
use chaupar::app::{App, Nav, Play, Screen};
use chaupar::rules::{Game, Match};
use slint::platform::{Key, WindowEvent, WindowEventDispatchResult};
use slint::ComponentHandle;

/// Saves the screen as `name` and checks that it is `screen`, drawn at the
/// window's size with more on it than a background.
fn shows(app: &App, expected: Screen, name: &str, (width, height): (f32, f32)) {
    assert_eq!(screen(app), expected, "{name}");
    let shot = save_png(app, name);
    assert_eq!(
        (shot.width(), shot.height()),
        (width as u32, height as u32),
        "{name}"
    );
    let colours: std::collections::HashSet<(u8, u8, u8)> =
        shot.as_slice().iter().map(|p| (p.r, p.g, p.b)).collect();
    assert!(
        colours.len() > 20,
        "{name} is nearly blank: {} colours",
        colours.len()
    );
}

#[test]
fn every_screen_renders_at_phone_and_desktop_sizes() {
    let app = app();
    for (size, w, h) in [
        ("phone", 360.0, 640.0),
        ("desktop", 1280.0, 800.0),
        ("large", 1920.0, 1080.0),
    ] {
        set_window_size(&app, w, h);
        let nav = app.window().global::<Nav>();
        nav.set_screen(Screen::Home);
        shows(&app, Screen::Home, &format!("{size}-home"), (w, h));
        press(&app, "New game");
        shows(&app, Screen::NewGame, &format!("{size}-new-game"), (w, h));
        app.window().global::<Nav>().invoke_go_home();
        press(&app, "Rules");
        shows(&app, Screen::Rules, &format!("{size}-rules"), (w, h));
        press(&app, "Back");
        press(&app, "Settings");
        shows(&app, Screen::Settings, &format!("{size}-settings"), (w, h));
        press(&app, "Back");

        for game in [Game::Pagade, Game::ChowkaBhara] {
            app.seed_next_game(7);
            new_game_through_the_screens(&app, game);
            // Into the move phase: throws (and turns that pass) until a
            // pawn can move; then that pawn chosen, its squares lit.
            let mut steps = 0;
            while movable_pawns(&app).is_empty() {
                let play = app.window().global::<Play>();
                assert!(play.get_can_throw() || play.get_can_pass());
                take_a_turn_step(&app);
                steps += 1;
                assert!(steps < 30, "no pawn could move in {steps} steps");
            }
            movable_pawns(&app)[0].invoke_accessible_default_action();
            settle();
            assert!(
                !starting(&app, "Move to ").is_empty(),
                "the chosen pawn's squares are lit"
            );
            let board = if game == Game::Pagade {
                "cross"
            } else {
                "square"
            };
            shows(&app, Screen::Game, &format!("{size}-game-{board}"), (w, h));
            assert_board_matches_engine(&app);
            app.window().global::<Play>().invoke_quit();
        }

        // Late in a game: pawns cut and waiting, on their way down the
        // Belly (lying down), and Home.
        app.start(
            Match::from_position(late_pagade(), 1),
            Default::default(),
            Default::default(),
        );
        shows(
            &app,
            Screen::Game,
            &format!("{size}-game-cross-late"),
            (w, h),
        );
        assert_board_matches_engine(&app);

        app.start(
            Match::from_position(nearly_home(), 5),
            Default::default(),
            Default::default(),
        );
        play_to_the_end(&app);
        shows(&app, Screen::GameOver, &format!("{size}-game-over"), (w, h));
        nav.invoke_go_home();
    }
}

/// Whether the app takes a press of Android's back key.
fn back_key_taken(app: &App) -> bool {
    let window = app.window().window();
    let key: slint::SharedString = Key::Back.into();
    let pressed = window.dispatch_event_with_result(WindowEvent::KeyPressed { text: key.clone() });
    window.dispatch_event(WindowEvent::KeyReleased { text: key });
    !matches!(pressed, Ok(WindowEventDispatchResult::Rejected))
}

/// The back key goes back a screen; on Home the app leaves it to the
/// system, so that on Android it leaves the app as every app's does.
#[test]
fn the_back_key_goes_back_a_screen_and_on_home_is_the_systems() {
    let app = app();
    press(&app, "Learn");
    assert!(back_key_taken(&app));
    assert_eq!(screen(&app), Screen::Home);
    press(&app, "Settings");
    assert!(back_key_taken(&app));
    assert_eq!(screen(&app), Screen::Home);
    assert!(!back_key_taken(&app), "Home took the back key");
    assert_eq!(screen(&app), Screen::Home);
}
