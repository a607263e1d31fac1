//! The app driven through its own UI on Slint's headless testing backend:
//! buttons, pawns and squares are found by what a screen reader would say
//! and pressed the way a screen reader presses them.

use chaupar::app::settings::Speed;
use chaupar::app::{App, Nav, Outcome, Play, Screen};
use chaupar::board::Side;
use chaupar::rules::{Game, Match, Position};
use i_slint_backend_testing::{ElementHandle, ElementQuery, TestingBackend, TestingBackendOptions};
use slint::{ComponentHandle, Model};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};

/// A fresh app on this test's thread with a data folder of its own, moves
/// shown at once.
fn app() -> App {
    use_testing_backend();
    open_app(&fresh_data_dir())
}

/// Slint's headless backend for this test's thread. Threading lets the
/// computer's thoughts come back to the UI thread (see `pump`).
fn use_testing_backend() {
    slint::platform::set_platform(Box::new(TestingBackend::new(TestingBackendOptions {
        mock_time: true,
        threading: true,
        renderer_name: Some("software".into()),
    })))
    .expect("one platform per test thread");
}

/// An app on `dir`, as when the app is opened again on the same device.
fn open_app(dir: &Path) -> App {
    let app = App::new(Some(dir.to_path_buf())).expect("the window opens");
    app.set_speed(Speed::Off);
    app.window().show().expect("the window shows");
    app
}

/// An empty data folder under target/tmp, one per call.
fn fresh_data_dir() -> PathBuf {
    static NEXT: AtomicUsize = AtomicUsize::new(0);
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!(
        "ui-data-{}-{}",
        std::process::id(),
        NEXT.fetch_add(1, Ordering::Relaxed)
    ));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

/// Runs what other threads handed to the UI thread (the computer's moves,
/// hints), then lets timers due now fire.
fn pump() {
    slint::invoke_from_event_loop(|| slint::quit_event_loop().unwrap()).unwrap();
    slint::run_event_loop().unwrap();
    settle();
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
        Default::default(),
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
    app.start(
        Match::from_position(nearly_home(), 3),
        Default::default(),
        Default::default(),
    );
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
        app.start(
            Match::from_position(late_pagade(), 1),
            Default::default(),
            Default::default(),
        );
        save_png(&app, &format!("{size}-game-cross-late"));

        app.start(
            Match::from_position(nearly_home(), 5),
            Default::default(),
            Default::default(),
        );
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
    app.start(
        Match::from_position(late_pagade(), 2),
        Default::default(),
        Default::default(),
    );
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

/// Presses the back key (Android's back button; Escape on the desktop).
fn press_back(app: &App) {
    let window = app.window().window();
    let key: slint::SharedString = slint::platform::Key::Escape.into();
    window.dispatch_event(slint::platform::WindowEvent::KeyPressed { text: key.clone() });
    window.dispatch_event(slint::platform::WindowEvent::KeyReleased { text: key });
    settle();
}

/// The game's moment as a player sees it: the position, the values left to
/// spend, who is to move and what has happened.
fn moment(app: &App) -> (Position, Vec<u8>, Side, usize) {
    app.with_match(|m| {
        (
            *m.position(),
            m.values_left(),
            m.mover(),
            m.record().events.len(),
        )
    })
    .expect("a game is on")
}

/// Throws (passing when nothing can move) until a pawn is to be moved.
fn throw_until_a_move_is_due(app: &App) {
    for _ in 0..50 {
        let play = app.window().global::<Play>();
        if !play.get_can_throw() && !play.get_can_pass() {
            return;
        }
        take_a_turn_step(app);
    }
    panic!("no move came up in 50 throws");
}

#[test]
fn a_game_left_mid_turn_continues_at_the_same_moment_after_a_restart() {
    use_testing_backend();
    let dir = fresh_data_dir();
    let first = open_app(&dir);
    first.seed_next_game(21);
    new_game_through_the_screens(&first, Game::Pagade);
    // A few moves in, then a throw not yet used.
    for _ in 0..6 {
        take_a_turn_step(&first);
    }
    throw_until_a_move_is_due(&first);
    let left = moment(&first);
    assert!(!left.1.is_empty(), "values are waiting to be spent");
    // The back key leaves the game for Home, saving it.
    press_back(&first);
    assert_eq!(screen(&first), Screen::Home);
    drop(first);

    let second = open_app(&dir);
    assert_eq!(second.with_match(|_| ()), None, "a new start holds no game");
    press(&second, "Continue");
    assert_eq!(screen(&second), Screen::Game);
    assert_eq!(moment(&second), left);
    let play = second.window().global::<Play>();
    let chips: Vec<u8> = play.get_values().iter().map(|v| v as u8).collect();
    assert_eq!(chips, left.1, "the same values are offered");
    assert_board_matches_engine(&second);
    // And the game goes on from there.
    for _ in 0..8 {
        assert!(take_a_turn_step(&second));
        assert_board_matches_engine(&second);
    }
    assert!(moment(&second).3 > left.3);
}

#[test]
fn a_damaged_save_is_listed_with_its_message_and_the_others_resume() {
    use_testing_backend();
    let dir = fresh_data_dir();
    let first = open_app(&dir);
    first.seed_next_game(4);
    new_game_through_the_screens(&first, Game::ChowkaBhara);
    take_a_turn_step(&first);
    let left = moment(&first);
    press_back(&first);
    drop(first);
    std::fs::write(
        dir.join("games/game-1.json"),
        "{\"format\": \"chaupar-save\", \"ver",
    )
    .unwrap();

    let second = open_app(&dir);
    press(&second, "Saved games");
    assert_eq!(screen(&second), Screen::SavedGames);
    assert!(
        labelled(&second, "game-1: This save is damaged and cannot be opened").is_some(),
        "the damaged save is listed with its message"
    );
    let resume = starting(&second, "Resume Chowka Bhara");
    assert_eq!(resume.len(), 1, "the good save can be resumed");
    resume[0].invoke_accessible_default_action();
    settle();
    assert_eq!(screen(&second), Screen::Game);
    assert_eq!(moment(&second), left);

    // Still listed when the screen is opened again; deleting asks first.
    press_back(&second);
    press(&second, "Saved games");
    press(
        &second,
        "Delete game-1, This save is damaged and cannot be opened",
    );
    assert!(labelled(&second, "game-1: This save is damaged and cannot be opened").is_some());
    press(&second, "Confirm: delete the game");
    assert!(labelled(&second, "game-1: This save is damaged and cannot be opened").is_none());
    assert_eq!(starting(&second, "Resume Chowka Bhara").len(), 1);
}

#[test]
fn two_computers_play_a_game_to_its_end_and_it_is_counted() {
    let app = app();
    app.seed_next_game(8);
    press(&app, "New game");
    press(&app, "Chowka Bhara: Ashta Chamma · Kavadi Kali");
    press(&app, "Seat 1 played by: Easy");
    press(&app, "Seat 2 played by: Medium");
    press(&app, "Start the game");
    let mut rounds = 0;
    while screen(&app) == Screen::Game {
        rounds += 1;
        assert!(rounds < 100_000, "the computers should finish the game");
        // A person's controls stay off throughout.
        let play = app.window().global::<Play>();
        assert!(!play.get_can_throw() && !play.get_can_pass() && !play.get_can_hint());
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
        .with_match(|m| m.position().winners()[0].index())
        .unwrap();
    for (i, name) in ["Player 1", "Player 2"].iter().enumerate() {
        let won = usize::from(i == winner);
        let line = format!("{name}: played 1, won {won}");
        assert!(labelled(&app, &line).is_some(), "{line}");
    }
}

#[test]
fn the_hint_lights_the_move_the_computer_suggests() {
    let app = app();
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
    assert_eq!(targets.len(), 1, "one square is lit");
    let mut suggested = app.with_match(|m| m.clone()).unwrap();
    suggested.play(expected).expect("the suggestion is legal");
    targets[0].invoke_accessible_default_action();
    settle();
    if play.get_choices().row_count() > 0 {
        press(&app, play.get_choices().row_data(0).unwrap().text.as_str());
    }
    // The move played is the one suggested.
    assert_eq!(
        app.with_match(|m| *m.position()).unwrap(),
        *suggested.position()
    );
}

#[test]
fn saved_games_and_computer_seats_render() {
    let app = app();
    app.seed_next_game(3);
    new_game_through_the_screens(&app, Game::Pagade);
    take_a_turn_step(&app);
    press_back(&app);
    app.start(
        Match::from_position(nearly_home(), 5),
        ["Asha".into(), String::new(), "Ravi".into(), String::new()],
        Default::default(),
    );
    while take_a_turn_step(&app) {}
    app.window().global::<Nav>().invoke_go_home();
    settle();
    for (size, w, h) in [("phone", 360.0, 640.0), ("desktop", 1280.0, 800.0)] {
        app.window()
            .window()
            .set_size(slint::LogicalSize::new(w, h));
        press(&app, "Saved games");
        save_png(&app, &format!("{size}-saved-games"));
        press_back(&app);
        press(&app, "New game");
        press(&app, "Seat 2 played by: Hard");
        save_png(&app, &format!("{size}-new-game-computer"));
        press_back(&app);
        assert_eq!(screen(&app), Screen::Home);
    }
}
