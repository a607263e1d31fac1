//! The app driven through its own UI on Slint's headless testing backend:
//! buttons, pawns and squares are found by what a screen reader would say
//! and pressed the way a screen reader presses them.

use chaupar::app::settings::Speed;
use chaupar::app::{App, Nav, Outcome, Play, Rules, Screen};
use chaupar::board::Side;
use chaupar::rules::{Game, Match, Position};
use i_slint_backend_testing::{ElementHandle, ElementQuery, TestingBackend, TestingBackendOptions};
use slint::{ComponentHandle, Model};
use std::path::PathBuf;

/// A fresh app on this test's thread, moves shown at once.
fn app() -> App {
    slint::platform::set_platform(Box::new(TestingBackend::new(TestingBackendOptions {
        mock_time: true,
        threading: false,
        renderer_name: Some("software".into()),
    })))
    .expect("one platform per test thread");
    let app = App::new(None).expect("the window opens");
    app.set_speed(Speed::Off);
    app.window().show().expect("the window shows");
    app
}

fn labelled(app: &App, label: &str) -> Option<ElementHandle> {
    ElementHandle::find_by_accessible_label(app.window(), label).next()
}

fn press(app: &App, label: &str) {
    labelled(app, label)
        .unwrap_or_else(|| panic!("nothing labelled {label:?}"))
        .invoke_accessible_default_action();
    settle();
}

/// Lets the UI catch up with what changed (new pages, new rows).
fn settle() {
    i_slint_backend_testing::mock_elapsed_time(std::time::Duration::ZERO);
}

/// Elements whose label starts with `prefix`.
fn starting(app: &App, prefix: &'static str) -> Vec<ElementHandle> {
    ElementQuery::from_root(app.window())
        .match_descendants()
        .match_predicate(move |e| e.accessible_label().is_some_and(|l| l.starts_with(prefix)))
        .find_all()
}

fn movable_pawns(app: &App) -> Vec<ElementHandle> {
    ElementQuery::from_root(app.window())
        .match_descendants()
        .match_predicate(|e| {
            e.accessible_label()
                .is_some_and(|l| l.contains(", can move to "))
        })
        .find_all()
}

fn screen(app: &App) -> Screen {
    app.window().global::<Nav>().get_screen()
}

/// The pawns as drawn, (side, step), against the engine's position; and
/// every pawn on a square drawn inside that square.
fn assert_board_matches_engine(app: &App) {
    let play = app.window().global::<Play>();
    let mut drawn: Vec<(u8, u8)> = play
        .get_pawns()
        .iter()
        .map(|p| (p.side as u8, p.step as u8))
        .collect();
    drawn.sort();
    let pos = app.with_match(|m| *m.position()).expect("a game is on");
    let mut engine: Vec<(u8, u8)> = pos
        .seats()
        .iter()
        .flat_map(|&s| pos.pawns(s).iter().map(move |&step| (s.0, step)))
        .collect();
    engine.sort();
    assert_eq!(drawn, engine, "board and engine disagree");

    let cells: Vec<_> = play.get_cells().iter().collect();
    for p in play.get_pawns().iter() {
        let Some(cell) = pos.board().cell(Side(p.side as u8), p.step as u8) else {
            continue;
        };
        let c = cells
            .iter()
            .find(|c| c.index == cell.0 as i32)
            .expect("the cell is drawn");
        let inside = |v: f32, lo: i32| v >= lo as f32 && v <= (lo + c.span) as f32;
        assert!(
            inside(p.x, c.col) && inside(p.y, c.row),
            "pawn {} of side {} at step {} drawn outside its square",
            p.id,
            p.side,
            p.step
        );
    }
}

/// Plays one action the way a player would: throw, pass, or move the first
/// pawn that can move to its first highlighted square. False when the game
/// screen has gone.
fn take_a_turn_step(app: &App) -> bool {
    if screen(app) != Screen::Game {
        return false;
    }
    let play = app.window().global::<Play>();
    if play.get_can_throw() {
        let tray = starting(app, "Throw the dice for ");
        tray[0].invoke_accessible_default_action();
        settle();
    } else if play.get_can_pass() {
        press(app, "Pass the turn");
    } else {
        let pawns = movable_pawns(app);
        let pawn = pawns.first().expect("in the move phase some pawn can move");
        pawn.invoke_accessible_default_action();
        settle();
        let targets = starting(app, "Move to ");
        let target = targets
            .first()
            .expect("a chosen pawn shows where it can go");
        target.invoke_accessible_default_action();
        settle();
        let choices = play.get_choices();
        // Several ways to one square: take the first offered.
        if choices.row_count() > 0 && play.get_values().row_count() > 0 {
            let first = choices.row_data(0).unwrap();
            press(app, first.text.as_str());
        }
    }
    true
}

fn new_game_through_the_screens(app: &App, game: Game) {
    press(app, "New game");
    assert_eq!(screen(app), Screen::NewGame);
    press(
        app,
        &format!("{}: {}", game.title(), game.regional_names().join(" · ")),
    );
    press(app, "Start the game");
    assert_eq!(screen(app), Screen::Game);
}

#[test]
fn every_game_starts_throws_and_moves_as_the_engine_says() {
    let app = app();
    for (n, game) in Game::ALL.into_iter().enumerate() {
        app.seed_next_game(n as u64 + 11);
        if n > 0 {
            app.window().global::<Play>().invoke_quit();
        }
        new_game_through_the_screens(&app, game);
        assert_eq!(app.with_match(|m| m.game()), Some(game));
        assert_board_matches_engine(&app);
        // A few turns' worth of actions, the board checked after each.
        for _ in 0..12 {
            let before = app.with_match(|m| m.record().events.len()).unwrap();
            assert!(take_a_turn_step(&app));
            let play = app.window().global::<Play>();
            let values: Vec<u8> = play.get_values().iter().map(|v| v as u8).collect();
            let engine = app.with_match(|m| m.values_left()).unwrap();
            if !play.get_can_pass() {
                assert_eq!(values, engine, "{game:?}: chips and engine values");
            }
            assert_board_matches_engine(&app);
            let after = app.with_match(|m| m.record().events.len()).unwrap();
            assert!(after >= before);
        }
        // The log tells what happened.
        assert!(app.window().global::<Play>().get_log().row_count() > 0);
    }
}

/// A Chowka Bhara position with Red's last pawn one square short of Home
/// and one more pawn far back; Red to move.
fn nearly_home() -> Position {
    Position::from_json(
        r#"{
        "game": "chowka-bhara",
        "options": { "mode": "2p" },
        "seats": ["red", "yellow"],
        "to_move": "red",
        "pawns": { "red": [25, 25, 24, 3], "yellow": [25, 25, 25, 21] },
        "flags": { "red": { "has_cut": true }, "yellow": { "has_cut": true } }
    }"#,
    )
    .expect("a valid position")
}

/// Pagade with every kind of place a pawn can be in.
fn late_pagade() -> Position {
    Position::from_json(
        r#"{
        "game": "pagade",
        "options": { "mode": "4p" },
        "seats": ["black", "red", "yellow", "green"],
        "to_move": "black",
        "pawns": { "black": [0, 80, 84, 30], "red": [84, 84, 0, 0],
                   "yellow": [78, 78, 50, 84], "green": [12, 12, 60, 3] },
        "flags": { "black": { "has_cut": true }, "red": { "has_cut": true },
                   "yellow": { "has_cut": true }, "green": { "has_cut": false } }
    }"#,
    )
    .expect("a valid position")
}

#[test]
fn a_pawn_that_cannot_move_shakes_and_says_why() {
    let app = app();
    // A seed whose first throw is not 1: the pawn on 24 cannot reach Home.
    let seed = (0..1000u64)
        .find(|&seed| {
            let mut m = Match::from_position(nearly_home(), seed);
            m.throw().throw.values()[0] != 1 && m.phase() == chaupar::rules::Phase::Move
        })
        .expect("some seed throws more than 1");
    app.start(
        Match::from_position(nearly_home(), seed),
        Default::default(),
    );
    let before = app.with_match(|m| *m.position()).unwrap();
    let pawn_label = "Red pawn on square 24";
    let offered = |app: &App| -> Vec<String> {
        starting(app, "Move to ")
            .iter()
            .filter_map(|e| e.accessible_label().map(|l| l.to_string()))
            .collect()
    };

    // Before the throw: nothing moves, and the player is told to throw.
    press(&app, pawn_label);
    let play = app.window().global::<Play>();
    assert!(play.get_notice().to_lowercase().contains("throw first"));

    starting(&app, "Throw the dice for ")[0].invoke_accessible_default_action();
    settle();
    assert!(!play.get_can_throw());
    let offered_before = offered(&app);
    press(&app, pawn_label);
    let reason = app
        .with_match(|m| m.why_not(24).expect("the pawn cannot move").to_string())
        .unwrap();
    assert_eq!(play.get_notice().to_lowercase(), reason.to_lowercase());
    let shaking = play.get_shaking();
    let tapped = play
        .get_pawns()
        .iter()
        .find(|p| p.id == shaking)
        .expect("a pawn shakes");
    assert_eq!((tapped.side, tapped.step), (0, 24));
    // Nothing changed: the same position, the same squares offered.
    assert_eq!(app.with_match(|m| *m.position()).unwrap(), before);
    assert_eq!(offered(&app), offered_before);
    assert_board_matches_engine(&app);
}

#[test]
fn a_short_game_is_played_to_its_end() {
    let app = app();
    app.start(
        Match::from_position(nearly_home(), 5),
        ["Asha".into(), String::new(), "Ravi".into(), String::new()],
    );
    let mut actions = 0;
    while take_a_turn_step(&app) {
        actions += 1;
        assert!(actions < 2000, "the game should end");
        if screen(&app) == Screen::Game {
            assert_board_matches_engine(&app);
        }
    }
    assert_eq!(screen(&app), Screen::GameOver);
    let winner = app.with_match(|m| m.position().winners()[0]).unwrap();
    let headline = app.window().global::<Outcome>().get_headline();
    let name = if winner == Side(0) { "Asha" } else { "Ravi" };
    assert_eq!(headline.as_str(), format!("{name} wins"));
    // Home offers no Continue for a finished game; Play again starts anew.
    press(&app, "Play again");
    assert_eq!(screen(&app), Screen::Game);
    assert!(!app.with_match(|m| m.position().is_over()).unwrap());
}

#[test]
fn pawns_walk_square_by_square() {
    let app = app();
    app.set_speed(Speed::Normal);
    app.start(Match::from_position(nearly_home(), 3), Default::default());
    let play = app.window().global::<Play>();
    starting(&app, "Throw the dice for ")[0].invoke_accessible_default_action();
    // The dice tumble before the values can be spent.
    assert!(play.get_tumbling());
    i_slint_backend_testing::mock_elapsed_time(std::time::Duration::from_millis(1000));
    assert!(!play.get_tumbling());
    if !play.get_can_throw() && !play.get_can_pass() {
        let pawn = movable_pawns(&app).into_iter().find(|p| {
            p.accessible_label()
                .is_some_and(|l| l.starts_with("Red pawn on square 3"))
        });
        let Some(pawn) = pawn else { return };
        pawn.invoke_accessible_default_action();
        starting(&app, "Move to ")[0].invoke_accessible_default_action();
        let walker = |play: &Play| {
            play.get_pawns()
                .iter()
                .filter(|p| p.side == 0 && p.step != 25 && p.step != 24)
                .map(|p| p.step)
                .next()
        };
        // One step after the start: on square 4, not yet at the end.
        assert_eq!(walker(&play), Some(4));
        i_slint_backend_testing::mock_elapsed_time(std::time::Duration::from_millis(5000));
        let end = app
            .with_match(|m| m.position().pawns(Side(0)).to_vec())
            .unwrap();
        assert!(end.contains(&(walker(&play).unwrap() as u8)));
        assert_board_matches_engine(&app);
    }
}

fn save_png(app: &App, name: &str) {
    // Let colour changes and glides finish.
    i_slint_backend_testing::mock_elapsed_time(std::time::Duration::from_secs(1));
    let shot = app.window().window().take_snapshot().expect("a snapshot");
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
        .parent()
        .expect("target/tmp is inside target")
        .join("screenshots");
    std::fs::create_dir_all(&dir).unwrap();
    let file = std::fs::File::create(dir.join(format!("{name}.png"))).unwrap();
    let mut encoder = png::Encoder::new(std::io::BufWriter::new(file), shot.width(), shot.height());
    encoder.set_color(png::ColorType::Rgba);
    encoder.set_depth(png::BitDepth::Eight);
    let mut writer = encoder.write_header().unwrap();
    writer.write_image_data(shot.as_bytes()).unwrap();
}

#[test]
fn every_screen_renders_at_phone_and_desktop_sizes() {
    let app = app();
    for (size, w, h) in [("phone", 360.0, 640.0), ("desktop", 1280.0, 800.0)] {
        app.window()
            .window()
            .set_size(slint::LogicalSize::new(w, h));
        let nav = app.window().global::<Nav>();
        nav.set_screen(Screen::Home);
        save_png(&app, &format!("{size}-home"));
        press(&app, "New game");
        save_png(&app, &format!("{size}-new-game"));
        app.window().global::<Nav>().invoke_go_home();
        press(&app, "Rules");
        save_png(&app, &format!("{size}-rules"));
        press(&app, "Back");
        press(&app, "Settings");
        save_png(&app, &format!("{size}-settings"));
        press(&app, "Back");

        for game in [Game::Pagade, Game::ChowkaBhara] {
            app.seed_next_game(7);
            new_game_through_the_screens(&app, game);
            // Into the move phase, a pawn chosen.
            for _ in 0..6 {
                let play = app.window().global::<Play>();
                if play.get_can_throw() || play.get_can_pass() {
                    take_a_turn_step(&app);
                }
            }
            if let Some(p) = movable_pawns(&app).first() {
                p.invoke_accessible_default_action();
            }
            let board = if game == Game::Pagade {
                "cross"
            } else {
                "square"
            };
            save_png(&app, &format!("{size}-game-{board}"));
            app.window().global::<Play>().invoke_quit();
        }

        // Late in a game: pawns cut and waiting, on their way down the
        // Belly (lying down), and Home.
        app.start(Match::from_position(late_pagade(), 1), Default::default());
        save_png(&app, &format!("{size}-game-cross-late"));

        app.start(Match::from_position(nearly_home(), 5), Default::default());
        while take_a_turn_step(&app) {}
        save_png(&app, &format!("{size}-game-over"));
        nav.invoke_go_home();
    }
}

#[test]
fn restarting_while_a_pawn_walks_starts_a_clean_game() {
    let app = app();
    app.set_speed(Speed::Slow);
    // Seeds differ in their first throw; take one that lets Black move.
    app.start(Match::from_position(late_pagade(), 2), Default::default());
    let play = app.window().global::<Play>();
    starting(&app, "Throw the dice for ")[0].invoke_accessible_default_action();
    i_slint_backend_testing::mock_elapsed_time(std::time::Duration::from_secs(2));
    let walker = movable_pawns(&app)
        .into_iter()
        .next()
        .expect("a pawn can move");
    walker.invoke_accessible_default_action();
    settle();
    starting(&app, "Move to ")[0].invoke_accessible_default_action();
    settle();
    if !play.get_busy() {
        // Several ways to that square: take the first offered.
        let first = play.get_choices().row_data(0).expect("ways are offered");
        press(&app, first.text.as_str());
    }
    assert!(play.get_busy(), "the pawn is on its way");

    play.invoke_restart();
    settle();
    assert!(!play.get_busy() && play.get_can_throw());
    // The old walk would have taken its next step by now.
    i_slint_backend_testing::mock_elapsed_time(std::time::Duration::from_millis(300));
    assert_board_matches_engine(&app);
    i_slint_backend_testing::mock_elapsed_time(std::time::Duration::from_secs(5));
    assert_eq!(app.with_match(|m| m.record().events.len()), Some(0));
    assert_board_matches_engine(&app);
}

#[test]
fn a_rules_page_scrolls_to_its_last_line_on_a_phone() {
    let app = app();
    app.window()
        .window()
        .set_size(slint::LogicalSize::new(360.0, 640.0));
    press(&app, "Rules");
    let blocks = app.window().global::<Rules>().get_blocks();
    let last = blocks
        .row_data(blocks.row_count() - 1)
        .expect("the page has text")
        .plain
        .to_string();
    assert!(
        labelled(&app, &last).is_none(),
        "the end starts out of view"
    );
    // Wheel turns over the middle of the page, as far as it goes.
    for _ in 0..200 {
        app.window()
            .window()
            .dispatch_event(slint::platform::WindowEvent::PointerScrolled {
                position: slint::LogicalPosition::new(180.0, 320.0),
                delta_x: 0.0,
                delta_y: -200.0,
            });
    }
    settle();
    assert!(
        labelled(&app, &last).is_some(),
        "the last line scrolls into view"
    );
}
