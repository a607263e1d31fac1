//! The app driven through its own UI on Slint's headless testing backend:
//! buttons, pawns and squares are found by what a screen reader would say
//! and pressed the way a screen reader presses them.

mod ui_support;

use chaupar::ai::Level;
use chaupar::app::settings::Speed;
use chaupar::app::setup::SeatKind;
use chaupar::app::{App, GameChoice, Nav, Outcome, Play, Rules, Screen, Settings, Setup};
use chaupar::board::Side;
use chaupar::rules::{
    Event, Game, GameRecord, Match, Mode, Options, Position, ReplayError, Replayed,
};
use slint::{ComponentHandle, Model};
use ui_support::*;

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

/// As the shells settle the tray calls the throw by its name, Chamma or
/// Ashta, and says nothing for a throw without one.
#[test]
fn the_tray_calls_a_throw_by_its_name() {
    let app = app();
    app.seed_next_game(5);
    new_game_through_the_screens(&app, Game::ChowkaBhara);
    let called = |name: &str| labelled(&app, &format!("The throw is called {name}!")).is_some();
    let mut seen = [0; 3];
    // Throws and moves to the end of the game.
    while take_a_turn_step(&app) {
        let last = app.with_match(|m| {
            m.record().events.iter().rev().find_map(|e| match e {
                Event::Throw { values, .. } => Some(values[0]),
                Event::Move { .. } => None,
            })
        });
        let Some(Some(value)) = last else { continue };
        let (chamma, ashta) = (value == 4, value == 8);
        assert_eq!(called("Chamma"), chamma, "after a throw of {value}");
        assert_eq!(called("Ashta"), ashta, "after a throw of {value}");
        seen[usize::from(chamma) + 2 * usize::from(ashta)] += 1;
    }
    assert!(
        seen.iter().all(|&n| n > 0),
        "plain throws, Chamma and Ashta all came: {seen:?}"
    );
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
    // Two players: the one left on the board comes second.
    let (first, second) = if winner == Side(0) {
        ("Asha (red)", "Ravi (yellow)")
    } else {
        ("Ravi (yellow)", "Asha (red)")
    };
    // The winner has every pawn Home; the other is told how far they
    // still had to go.
    let (end, moves) = app
        .with_match(|m| {
            let moves = m
                .record()
                .events
                .iter()
                .filter(|e| matches!(e, Event::Move { .. }))
                .count();
            (*m.position(), moves)
        })
        .unwrap();
    let loser = end.seats().iter().copied().find(|&s| s != winner).unwrap();
    let to_go = format!(
        "{} of 4 home · {} to go",
        end.pawns_home(loser),
        end.steps_to_go(loser)
    );
    assert!(labelled(&app, &format!("Place 1: {first}. All pawns Home")).is_some());
    assert!(labelled(&app, &format!("Place 2: {second}. {to_go}")).is_some());
    let summary = app.window().global::<Outcome>().get_summary();
    assert_eq!(summary.as_str(), format!("Chowka Bhara · {moves} moves"));
    // Home offers no Continue for a finished game; Play again starts anew.
    press(&app, "Play again");
    assert_eq!(screen(&app), Screen::Game);
    assert!(!app.with_match(|m| m.position().is_over()).unwrap());
}

#[test]
fn pawns_walk_square_by_square() {
    let app = app();
    app.set_speed(Speed::Normal);
    // A seed whose first throw moves the pawn on 3 more than one square.
    let seed = (0..1000u64)
        .find(|&seed| {
            let mut m = Match::from_position(nearly_home(), seed);
            m.throw().throw.values()[0] > 1 && m.phase() == chaupar::rules::Phase::Move
        })
        .expect("some seed throws more than 1");
    app.start(
        Match::from_position(nearly_home(), seed),
        Default::default(),
        Default::default(),
    );
    let play = app.window().global::<Play>();
    starting(&app, "Throw the dice for ")[0].invoke_accessible_default_action();
    // The dice tumble before the values can be spent.
    assert!(play.get_tumbling());
    i_slint_backend_testing::mock_elapsed_time(std::time::Duration::from_millis(1000));
    assert!(!play.get_tumbling());
    assert!(!play.get_can_throw() && !play.get_can_pass());
    let pawn = movable_pawns(&app)
        .into_iter()
        .find(|p| {
            p.accessible_label()
                .is_some_and(|l| l.starts_with("Red pawn on square 3"))
        })
        .expect("the pawn on 3 can move");
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
    assert_ne!(walker(&play), Some(4), "the pawn walked on");
    assert_board_matches_engine(&app);
}

#[test]
fn the_new_game_screen_names_each_players_colours_and_swaps_them() {
    let app = app();
    press(&app, "New game");
    choose_game(&app, Game::Chaupar);
    press(&app, "Players: 2 players");
    // Two people share the four colours of the cross, partners together.
    assert!(labelled(&app, "Seat 1 plays Black and Yellow; change colour").is_some());
    assert!(labelled(&app, "Seat 2 plays Red and Green; change colour").is_some());
    press(&app, "Seat 1 plays Black and Yellow; change colour");
    assert!(labelled(&app, "Seat 1 plays Red and Green; change colour").is_some());
    assert!(labelled(&app, "Seat 2 plays Black and Yellow; change colour").is_some());
    // Four people: each seat names its partner, across the board.
    press(&app, "Players: Two partnerships");
    for label in [
        "Seat 1 plays Black, partner of Yellow; change colour",
        "Seat 2 plays Red, partner of Green; change colour",
    ] {
        assert!(labelled(&app, label).is_some(), "{label:?} is not shown");
    }
    // Everyone for themselves: no partners.
    choose_game(&app, Game::Pagade);
    press(&app, "Players: 4 players");
    assert!(labelled(&app, "Seat 1 plays Black; change colour").is_some());
}

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
    for (size, w, h) in [("phone", 360.0, 640.0), ("desktop", 1280.0, 800.0)] {
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

#[test]
fn a_game_left_mid_turn_continues_at_the_same_moment_after_a_restart() {
    use_testing_backend(false);
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
    let log = log_lines(&first);
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
    assert_eq!(log_lines(&second), log, "the log tells the game so far");
    assert_board_matches_engine(&second);
    // And the game goes on from there.
    for _ in 0..8 {
        assert!(take_a_turn_step(&second));
        assert_board_matches_engine(&second);
    }
    assert!(moment(&second).3 > left.3);
}

#[test]
fn a_move_can_be_taken_back_until_the_next_throw_and_the_save_follows() {
    use_testing_backend(false);
    let dir = fresh_data_dir();
    let first = open_app(&dir);
    first.seed_next_game(21);
    new_game_through_the_screens(&first, Game::Pagade);
    let play = first.window().global::<Play>();
    throw_until_a_move_is_due(&first);
    assert!(
        labelled(&first, "Take back the last move").is_none(),
        "a throw cannot be taken back"
    );
    let before = moment(&first);
    let lines = play.get_log().row_count();
    assert_eq!(trail(&first), (vec![], vec![]), "no move made yet");
    take_a_turn_step(&first);
    assert_ne!(moment(&first), before);
    // The board marks where the move came from and went.
    let mv = last_move(&first);
    let cell = |step| before.0.board().cell(before.2, step).map(|c| c.0 as i32);
    assert_eq!(
        trail(&first),
        (
            cell(mv.from).into_iter().collect(),
            cell(mv.to).into_iter().collect()
        )
    );
    press(&first, "Take back the last move");
    assert_eq!(moment(&first), before);
    let chips: Vec<u8> = play.get_values().iter().map(|v| v as u8).collect();
    assert_eq!(chips, before.1, "the move's values are to spend again");
    assert_eq!(play.get_log().row_count(), lines, "the move leaves the log");
    assert!(!movable_pawns(&first).is_empty());
    assert_eq!(
        trail(&first),
        (vec![], vec![]),
        "the mark goes with the move"
    );
    assert_board_matches_engine(&first);
    // On a keyboard, Ctrl+Z does the same.
    take_a_turn_step(&first);
    press_keys(&first, &[slint::platform::Key::Control.into(), "z".into()]);
    assert_eq!(moment(&first), before);

    // What is saved is the game without the move.
    press_back(&first);
    drop(first);
    let second = open_app(&dir);
    press(&second, "Continue");
    assert_eq!(moment(&second), before);
    // A move made after the restart can be taken back until the next
    // player throws; then it stays.
    let play = second.window().global::<Play>();
    take_a_turn_step(&second);
    while !play.get_can_throw() {
        take_a_turn_step(&second);
    }
    let next = moment(&second);
    assert!(labelled(&second, "Take back the last move").is_some());
    take_a_turn_step(&second);
    assert!(labelled(&second, "Take back the last move").is_none());
    assert!(moment(&second).3 > next.3);
}

/// The squares the board marks as left and reached by the last move.
fn trail(app: &App) -> (Vec<i32>, Vec<i32>) {
    let cells = app.window().global::<Play>().get_cells();
    let marked = |end| {
        cells
            .iter()
            .filter(|c| c.trail == end)
            .map(|c| c.index)
            .collect()
    };
    (marked(1), marked(2))
}

fn last_move(app: &App) -> chaupar::rules::Move {
    match app.with_match(|m| m.record().events.last().cloned()) {
        Some(Some(Event::Move { mv, .. })) => mv,
        other => panic!("the last event is not a move: {other:?}"),
    }
}

#[test]
fn a_move_cannot_be_taken_back_once_the_computer_is_to_act() {
    let app = app();
    let kinds = [
        SeatKind::Person,
        SeatKind::Person,
        SeatKind::Computer(Level::Easy),
        SeatKind::Person,
    ];
    let options = Options::new(Game::ChowkaBhara);
    // A seed whose first throw gives Red one move that ends the turn.
    for seed in 0.. {
        app.start(
            Match::new(Game::ChowkaBhara, options, seed).unwrap(),
            Default::default(),
            kinds,
        );
        take_a_turn_step(&app);
        if movable_pawns(&app).is_empty() {
            continue;
        }
        take_a_turn_step(&app);
        if app.with_match(|m| m.mover()) == Some(Side(2)) {
            let play = app.window().global::<Play>();
            assert!(!play.get_can_take_back());
            assert!(labelled(&app, "Take back the last move").is_none());
            return;
        }
    }
}

#[test]
fn asking_before_deleting_a_saved_game_on_a_phone_leaves_its_buttons_whole() {
    use_testing_backend(false);
    let dir = fresh_data_dir();
    let app = open_app(&dir);
    set_window_size(&app, 360.0, 640.0);
    new_game_through_the_screens(&app, Game::ChowkaBhara);
    take_a_turn_step(&app);
    press_back(&app);
    press(&app, "Saved games");
    let delete = starting(&app, "Delete Chowka Bhara")[0].size().width;
    press(
        &app,
        &starting(&app, "Delete Chowka Bhara")[0]
            .accessible_label()
            .unwrap(),
    );
    // The question wraps beside them rather than squeezing their words (the
    // bold Delete is the wider of the two Deletes).
    let keep = labelled(&app, "Keep the game").expect("deleting asks first");
    let confirm = labelled(&app, "Confirm: delete the game").expect("deleting asks first");
    assert!(
        confirm.size().width >= delete,
        "{} < {delete}",
        confirm.size().width
    );
    assert!(keep.size().width >= 60.0, "{}", keep.size().width);
    assert_in_window(&confirm, (360.0, 640.0));
}

#[test]
fn a_damaged_save_is_listed_with_its_message_and_the_others_resume() {
    use_testing_backend(false);
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
    press(&second, "Resume Chowka Bhara, Player 1, Player 2");
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
    assert!(labelled(&second, "Resume Chowka Bhara, Player 1, Player 2").is_some());
}

/// Changes the record of the one game saved in `dir` (its JSON) and writes
/// it back: the file and the record as changed.
fn edit_the_saved_record(
    dir: &std::path::Path,
    edit: impl FnOnce(&mut serde_json::Value),
) -> (std::path::PathBuf, GameRecord) {
    let file = std::fs::read_dir(dir.join("games"))
        .unwrap()
        .map(|f| f.unwrap().path())
        .find(|p| p.extension().is_some_and(|e| e == "json"))
        .expect("the game was saved");
    let mut save: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
    edit(&mut save["game"]["record"]);
    std::fs::write(&file, save.to_string()).unwrap();
    let record = serde_json::from_value(save["game"]["record"].clone()).unwrap();
    (file, record)
}

#[test]
fn a_save_whose_moves_no_longer_replay_is_listed_not_opened() {
    use_testing_backend(false);
    let dir = fresh_data_dir();
    let first = open_app(&dir);
    first.seed_next_game(5);
    new_game_through_the_screens(&first, Game::Pagade);
    throw_until_a_move_is_due(&first);
    press_back(&first);
    drop(first);
    // Another seed, one whose first throw differs from the one recorded:
    // the save parts from the start, with nothing to go on from.
    let (file, _) = edit_the_saved_record(&dir, |record| {
        let seed = record["seed"].as_u64().unwrap();
        let recorded: GameRecord = serde_json::from_value(record.clone()).unwrap();
        record["seed"] = (1..)
            .map(|k| seed ^ k)
            .find(|&other| {
                matches!(
                    Match::replay(&GameRecord {
                        seed: other,
                        ..recorded.clone()
                    }),
                    Err(ReplayError::ThrowMismatch { event: 1, .. })
                )
            })
            .unwrap()
            .into();
    });

    let second = open_app(&dir);
    press(&second, "Continue");
    assert_eq!(screen(&second), Screen::SavedGames);
    assert_eq!(second.with_match(|_| ()), None, "no game was opened");
    let id = file.file_stem().unwrap().to_str().unwrap();
    let line = format!("{id}: This save's moves no longer replay in this version of Chaupar");
    assert!(labelled(&second, &line).is_some(), "{line}");
    press_back(&second);
    press(&second, "Saved games");
    assert!(labelled(&second, &line).is_some(), "still listed: {line}");
}

#[test]
fn a_save_that_parts_from_the_rules_goes_on_from_that_turn_and_keeps_the_old_one() {
    use_testing_backend(false);
    let dir = fresh_data_dir();
    let first = open_app(&dir);
    first.seed_next_game(5);
    new_game_through_the_screens(&first, Game::Pagade);
    let moves = |app: &App| {
        app.with_match(|m| {
            m.record()
                .events
                .iter()
                .filter(|e| matches!(e, Event::Move { .. }))
                .count()
        })
        .unwrap()
    };
    while moves(&first) < 6 {
        assert!(take_a_turn_step(&first));
    }
    press_back(&first);
    drop(first);
    // As if the rules had changed since: the last move is one these rules
    // refuse.
    let (file, record) = edit_the_saved_record(&dir, |record| {
        let events = record["events"].as_array_mut().unwrap();
        let last_move = events.iter().rposition(|e| e["kind"] == "move").unwrap();
        events[last_move]["from"] = 84.into();
    });
    let Ok(Replayed::Part { dropped, .. }) = Match::replay_as_far_as_possible(&record) else {
        panic!("the record should part from the rules");
    };

    let second = open_app(&dir);
    press(&second, "Continue");
    assert_eq!(screen(&second), Screen::Game);
    let events = second.with_match(|m| m.record().events.clone()).unwrap();
    assert_eq!(events, record.events[..record.events.len() - dropped]);
    assert!(
        second.window().global::<Play>().get_can_throw(),
        "the turn's start"
    );
    let notice = second.window().global::<Play>().get_notice();
    assert!(notice.starts_with("Saved under earlier rules"), "{notice}");
    // The save as it was is kept and listed beside the game going on.
    press_back(&second);
    press(&second, "Saved games");
    let id = file.file_stem().unwrap().to_str().unwrap();
    let line = format!("{id}: This save's moves no longer replay in this version of Chaupar");
    assert!(labelled(&second, &line).is_some(), "{line}");
    assert!(labelled(&second, "Resume Pagade, Player 1, Player 2").is_some());
}

#[test]
fn settings_survive_a_restart() {
    use_testing_backend(false);
    let dir = fresh_data_dir();
    let first = open_app(&dir);
    first.set_speed(Speed::Slow);
    drop(first);
    let second = App::new(Some(dir)).expect("the window opens");
    assert_eq!(second.window().global::<Settings>().get_speed(), 3);
}

/// The sound chosen on the Settings screen is kept: off, or on at a
/// volume, after a restart as before it.
#[test]
fn the_sound_setting_is_chosen_on_the_settings_screen_and_kept() {
    use_testing_backend(false);
    let dir = fresh_data_dir();
    let first = open_app(&dir);
    assert_eq!(
        first.window().global::<Settings>().get_sound(),
        2,
        "sound is on at a moderate volume at first"
    );
    press(&first, "Settings");
    press(&first, "Sound Off");
    assert_eq!(first.window().global::<Settings>().get_sound(), 0);
    drop(first);
    let second = App::new(Some(dir.clone())).expect("the window opens");
    assert_eq!(second.window().global::<Settings>().get_sound(), 0);
    press(&second, "Settings");
    press(&second, "Sound Loud");
    drop(second);
    let third = App::new(Some(dir)).expect("the window opens");
    assert_eq!(third.window().global::<Settings>().get_sound(), 3);
}

#[test]
fn the_games_regional_names_are_drawn_in_their_own_scripts() {
    let app = app();
    press(&app, "New game");
    let setup = app.window().global::<Setup>();
    // The New game screen with one game, named `regional`; what it shows.
    let shown = |regional: &str| {
        setup.set_games(slint::ModelRc::new(slint::VecModel::from(vec![
            GameChoice {
                id: "test".into(),
                title: "Game".into(),
                regional: regional.into(),
            },
        ])));
        settle();
        let button = labelled(&app, &format!("Game: {regional}")).expect("the game's button");
        let (at, size) = (button.absolute_position(), button.size());
        let shot = app.window().window().take_snapshot().expect("a snapshot");
        let mut pixels = Vec::new();
        for y in at.y as u32..(at.y + size.height) as u32 {
            for x in at.x as u32..(at.x + size.width) as u32 {
                pixels.push(shot.as_slice()[(y * shot.width() + x) as usize]);
            }
        }
        pixels
    };
    let blank = shown(" ");
    let indic = Game::ALL
        .iter()
        .flat_map(|game| game.regional_names())
        .filter(|name| !name.is_ascii());
    for name in indic {
        let drawn = shown(name);
        let ink = drawn.iter().zip(&blank).filter(|(a, b)| a != b).count();
        assert!(ink > 40, "{name} drew {ink} pixels");
    }
}

/// Every item of a list on a rules page starts beside its bullet, whether
/// it fits on one line or wraps.
#[test]
fn a_rules_pages_list_items_start_beside_their_bullets() {
    let app = app();
    press(&app, "Rules");
    let blocks = app.window().global::<Rules>().get_blocks();
    let starts: Vec<(String, f32)> = blocks
        .iter()
        .filter(|block| block.kind == 3)
        .filter_map(|block| {
            let item = labelled(&app, &block.plain)?;
            Some((block.plain.to_string(), item.absolute_position().x))
        })
        .collect();
    assert!(starts.len() >= 3, "only {} items in view", starts.len());
    let (_, first) = &starts[0];
    for (item, x) in &starts {
        assert_eq!(
            x, first,
            "{item:?} starts at {x}, the first item at {first}"
        );
    }
}

#[test]
fn a_rules_page_scrolls_to_its_last_line_on_a_phone() {
    let app = app();
    set_window_size(&app, 360.0, 640.0);
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

#[test]
fn a_long_run_of_throws_leaves_the_tray_and_every_value_in_view_on_a_phone() {
    let app = app();
    let (width, height) = (360.0, 640.0);
    set_window_size(&app, width, height);
    // After Kajalvun every doublet brings another throw.
    let pos = chaupar::rules::Position::from_json(
        r#"{"game": "chopat", "seats": ["black", "yellow"], "to_move": "black",
        "pawns": {"black": [30, 40, 50, 60], "yellow": [30, 40, 50, 60]},
        "flags": {"black": {"kajalvun": true}, "yellow": {"kajalvun": true}}}"#,
    )
    .unwrap();
    let play = app.window().global::<Play>();
    let crowded = (0..2000).find(|&seed| {
        app.start(
            Match::from_position(pos, seed),
            Default::default(),
            Default::default(),
        );
        while play.get_can_throw() {
            take_a_turn_step(&app);
        }
        play.get_values().row_count() >= 8 && !play.get_can_pass()
    });
    assert!(crowded.is_some(), "some seed throws a long run of doublets");
    // One move made: seven values or more, Hint and Undo.
    take_a_turn_step(&app);
    assert!(play.get_values().row_count() >= 7 && play.get_can_take_back());
    save_png(&app, "phone-game-many-values");
    let tray = labelled(&app, "Throw tray").expect("the tray is shown");
    assert!(tray.size().width >= width / 2.0, "the tray keeps its room");
    let mut shown = starting(&app, "Value ");
    assert!(!shown.is_empty());
    shown.extend(labelled(&app, "Suggest a move"));
    shown.extend(labelled(&app, "Take back the last move"));
    for element in shown {
        assert_in_window(&element, (width, height));
    }
}

#[test]
fn the_log_takes_the_room_under_the_throws_and_shows_as_many_lines_as_fit() {
    let app = app();
    new_game_through_the_screens(&app, Game::Pagade);
    let play = app.window().global::<Play>();
    for (width, height) in [(1280.0, 800.0), (400.0, 860.0)] {
        set_window_size(&app, width, height);
        settle();
        if play.get_log().row_count() == 0 {
            // Before the first throw only the tray and the players' list
            // stand above the log.
            let tray = starting(&app, "Throw the dice for ");
            let tray = tray.first().expect("the tray waits for a throw");
            let players = labelled(&app, "Players").expect("the players are listed");
            let log = labelled(&app, "Moves so far").expect("the log is shown");
            let gap = log.absolute_position().y
                - tray.absolute_position().y
                - tray.size().height
                - players.size().height;
            assert!(
                // The layout's spacing round the empty rows, no more.
                gap <= 32.0,
                "{width}x{height}: {gap} px between the tray, the players and the log"
            );
        }
        while play.get_log().row_count() < 8 {
            take_a_turn_step(&app);
        }
        settle();
        // Every line that fits in the panel is shown in it, newest last.
        let log = labelled(&app, "Moves so far").expect("the log is shown");
        let (top, bottom) = (
            log.absolute_position().y,
            log.absolute_position().y + log.size().height,
        );
        let room = (log.size().height as usize - 12) / 18;
        let lines = log_lines(&app);
        let shown = lines
            .iter()
            .filter(|(_, text)| labelled(&app, text).is_some())
            .count();
        assert!(
            shown >= room.min(lines.len()),
            "{width}x{height}: {shown} of {} lines shown in room for {room}",
            lines.len()
        );
        let mut last_y = top;
        let newest = lines.iter().rev().take(room).rev();
        for (_, text) in newest.filter(|(_, t)| lines.iter().filter(|(_, u)| u == t).count() == 1) {
            let line = labelled(&app, text).expect("a newest line is shown");
            let (y, h) = (line.absolute_position().y, line.size().height);
            assert!(
                y >= last_y && y + h <= bottom,
                "{text:?} at {y} is out of place"
            );
            last_y = y;
        }
    }
}

#[test]
fn the_new_game_screen_offers_the_last_table_again_after_a_restart() {
    use_testing_backend(false);
    let dir = fresh_data_dir();
    let first = open_app(&dir);
    // Tall enough for every option to be in view.
    let tall = (800.0, 2000.0);
    set_window_size(&first, tall.0, tall.1);
    press(&first, "New game");
    choose_game(&first, Game::ChowkaBhara);
    press(&first, "Players: 3 players");
    press(&first, "Board: 7 x 7");
    labelled(&first, "Name of seat 1, Red")
        .expect("a name field")
        .set_accessible_value("Asha");
    press(&first, "Seat 3 played by: Hard");
    press(&first, "Start the game");
    drop(first);

    let second = open_app(&dir);
    set_window_size(&second, tall.0, tall.1);
    press(&second, "New game");
    let setup = second.window().global::<Setup>();
    let seats: Vec<(String, i32)> = setup
        .get_seats()
        .iter()
        .map(|seat| (seat.name.to_string(), seat.kind))
        .collect();
    assert_eq!(
        seats,
        [
            ("Asha".to_string(), 0),
            ("Player 2".to_string(), 0),
            ("Computer 3 (Hard)".to_string(), 3)
        ]
    );
    assert!(labelled(&second, "Board: 7 x 7").is_some_and(|b| b.accessible_checked() == Some(true)));
}

#[test]
fn choices_stand_side_by_side_where_they_fit_and_stack_where_they_do_not() {
    let app = app();
    let row = |labels: &[&str]| -> Vec<(f32, f32, f32)> {
        labels
            .iter()
            .map(|label| {
                let e = labelled(&app, label).unwrap_or_else(|| panic!("{label:?} in view"));
                (
                    e.absolute_position().x,
                    e.absolute_position().y,
                    e.size().width,
                )
            })
            .collect()
    };
    for width in [360.0, 1280.0] {
        set_window_size(&app, width, 2400.0);
        press(&app, "New game");
        choose_game(&app, Game::ChowkaBhara);
        let sizes = [
            "Board: 5 x 5",
            "Board: 7 x 7",
            "Board: 9 x 9",
            "Board: 11 x 11",
        ];
        let kinds = ["Person", "Easy", "Medium", "Hard"].map(|k| format!("Seat 1 played by: {k}"));
        let kinds: Vec<&str> = kinds.iter().map(String::as_str).collect();
        for labels in [&sizes[..], &kinds] {
            let buttons = row(labels);
            assert!(
                buttons.iter().all(|b| b.1 == buttons[0].1),
                "{width} wide: {labels:?} side by side"
            );
            let (x, _, w) = buttons[buttons.len() - 1];
            assert!(x + w <= width, "{width} wide: {labels:?} in the window");
        }
        choose_game(&app, Game::Pagade);
        let modes = row(&["Players: 2 players", "Players: Two partnerships"]);
        // On a phone the long label stacks the row; a desktop has room.
        assert_eq!(
            modes[0].1 == modes[1].1,
            width > 1000.0,
            "{width} wide: {modes:?}"
        );
        assert!(modes.iter().all(|(x, _, w)| x + w <= width));
        press_back(&app);
    }
}

#[test]
fn the_squares_a_chosen_pawn_can_reach_show_the_numbers_the_buttons_name() {
    let app = app();
    for game in [Game::Pagade, Game::ChowkaBhara] {
        app.seed_next_game(4);
        if game != Game::Pagade {
            app.window().global::<Play>().invoke_quit();
        }
        new_game_through_the_screens(&app, game);
        throw_until_a_move_is_due(&app);
        movable_pawns(&app)[0].invoke_accessible_default_action();
        settle();
        let play = app.window().global::<Play>();
        let lit: Vec<_> = play.get_cells().iter().filter(|c| c.target).collect();
        assert!(
            !lit.is_empty(),
            "{game:?}: the chosen pawn can go somewhere"
        );
        for cell in lit {
            let number = match cell.label.as_str() {
                "Move to Home" => "Home",
                label => label.strip_prefix("Move to square ").expect("a square"),
            };
            assert_eq!(cell.number.as_str(), number, "{game:?}");
        }
    }
}

#[test]
fn the_players_list_follows_the_race_and_gives_a_finished_player_their_place() {
    let app = app();
    start_at(
        &app,
        r#"{
        "game": "chowka-bhara",
        "options": { "mode": "4p" },
        "seats": ["red", "green", "yellow", "blue"],
        "to_move": "red",
        "pawns": { "red": [25, 25, 25, 24], "green": [1, 1, 1, 1],
                   "yellow": [1, 1, 1, 1], "blue": [1, 1, 1, 1] },
        "flags": { "red": { "has_cut": true, "extra_turns": 1 } }
    }"#,
        3,
        ["Asha", "", "Ravi", ""],
    );
    let play = app.window().global::<Play>();
    // Red has hit twice in a turn and is owed a turn after this one; the
    // others cannot bring a pawn Home before they hit.
    assert!(labelled(&app, "Asha, red: 3 of 4 home, 1 to go, +1 turn").is_some());
    assert!(labelled(&app, "Green: no hit yet, 96 to go").is_some());
    let mut steps = 0;
    loop {
        let (position, mover) = app.with_match(|m| (*m.position(), m.mover())).unwrap();
        // One line per player in turn order, saying what the engine says.
        for (i, &side) in position.seats().iter().enumerate() {
            let name = match side.0 {
                0 => "Asha, red",
                1 => "Green",
                2 => "Ravi, yellow",
                _ => "Blue",
            };
            let home = if position.needs_cut(side) {
                "no hit yet".to_string()
            } else {
                format!("{} of 4 home", position.pawns_home(side))
            };
            let status = match position.finishing_place(side) {
                // Only Red can finish from here.
                Some(place) => format!("{} place", ["1st"][place - 1]),
                None => match position.flags(side).extra_turns {
                    0 => format!("{} to go", position.steps_to_go(side)),
                    n => format!(
                        "{} to go, +{n} turn{}",
                        position.steps_to_go(side),
                        if n == 1 { "" } else { "s" }
                    ),
                },
            };
            let label = format!("{name}: {home}, {status}");
            assert!(labelled(&app, &label).is_some(), "{label:?} is not shown");
            let standing = play.get_standings().row_data(i).unwrap();
            assert_eq!(standing.moving, side == mover, "{label}: framed or not");
        }
        if position.is_finished(Side(0)) {
            break;
        }
        steps += 1;
        assert!(steps < 200, "Red's last pawn should reach Home");
        assert!(take_a_turn_step(&app));
    }
    // Each plays for themselves: no pairs.
    assert_eq!(play.get_teams().row_count(), 0);
    // The game goes on for the others, Red's line keeping its place.
    assert_eq!(screen(&app), Screen::Game);
    assert!(labelled(&app, "Asha, red: 4 of 4 home, 1st place").is_some());
}

#[test]
fn a_partnership_game_shows_each_pairs_race() {
    let app = app();
    start_at(
        &app,
        r#"{
        "game": "chaupar",
        "options": { "mode": "teams" },
        "seats": ["black", "red", "yellow", "green"],
        "to_move": "black",
        "pawns": { "black": [80, 84, 84, 84], "red": [1, 2, 3, 4],
                   "yellow": [78, 84, 84, 84], "green": [5, 6, 7, 8] }
    }"#,
        5,
        ["Asha", "Ravi", "Mira", ""],
    );
    let play = app.window().global::<Play>();
    let mut finished_seen = false;
    for _ in 0..40 {
        let (position, mover) = app.with_match(|m| (*m.position(), m.mover())).unwrap();
        if position.is_over() {
            break;
        }
        // Black with Yellow, then Red with Green: the pair's steps and
        // pawns Home added up, the pair to move framed.
        for (i, (pair, names)) in [
            ([Side(0), Side(2)], "Asha and Mira"),
            ([Side(1), Side(3)], "Ravi and Green"),
        ]
        .into_iter()
        .enumerate()
        {
            let home: usize = pair.iter().map(|&s| position.pawns_home(s)).sum();
            let to_go: u32 = pair.iter().map(|&s| position.steps_to_go(s)).sum();
            let label = format!("{names}: {home} of 8 home, {to_go} to go");
            assert!(labelled(&app, &label).is_some(), "{label:?} is not shown");
            let team = play.get_teams().row_data(i).unwrap();
            assert_eq!(team.moving, pair.contains(&mover), "{label}: framed or not");
            let homes: Vec<i32> = team.homes.iter().collect();
            let each: Vec<i32> = pair
                .iter()
                .map(|&s| position.pawns_home(s) as i32)
                .collect();
            assert_eq!(homes, each, "{label}: one row of pips for each partner");
        }
        // Every player keeps their own line too; a finished one's says
        // whose pawns their throws now move.
        for (i, &side) in position.seats().iter().enumerate() {
            let status = play.get_standings().row_data(i).unwrap().status;
            if position.is_finished(side) {
                let partner = ["Black", "Red", "Yellow", "Green"][side.opposite().index()];
                assert_eq!(status, format!("moves {partner}"));
                finished_seen = true;
            } else {
                assert_eq!(status, format!("{} to go", position.steps_to_go(side)));
            }
        }
        if !take_a_turn_step(&app) {
            break;
        }
    }
    assert!(finished_seen, "Black came Home with the first throws");
    // A finished Chopat partner first misses turns.
    start_at(
        &app,
        r#"{
        "game": "chopat",
        "options": { "mode": "teams" },
        "seats": ["black", "red", "yellow", "green"],
        "to_move": "red",
        "pawns": { "black": [84, 84, 84, 84], "red": [6, 7, 12, 12],
                   "yellow": [20, 30, 40, 50], "green": [6, 7, 12, 12] },
        "places": ["black"],
        "flags": { "black": { "kajalvun": true, "has_thrown": true, "missed_turns": 2 },
                   "red": { "has_thrown": true }, "yellow": { "has_thrown": true },
                   "green": { "has_thrown": true } }
    }"#,
        5,
        ["", "", "", ""],
    );
    let black = play.get_standings().row_data(0).unwrap();
    assert_eq!(black.status, "misses 2 turns");
    // With one person playing both colours of a pair, the pair is theirs.
    let mut options = Options::new(Game::Chaupar);
    options.mode = Mode::TwoPlayer;
    let two = Position::start(Game::Chaupar, options).expect("a fresh two-player game");
    app.start(
        Match::from_position(two, 5),
        ["Asha".into(), "Ravi".into(), "Asha".into(), "Ravi".into()],
        Default::default(),
    );
    let start = two.steps_to_go(Side(0)) * 2;
    for label in [
        format!("Asha, black and yellow: 0 of 8 home, {start} to go"),
        format!("Ravi, red and green: 0 of 8 home, {start} to go"),
    ] {
        assert!(labelled(&app, &label).is_some(), "{label:?} is not shown");
    }
}

#[test]
fn a_partnership_is_won_by_the_pair_home_first_even_without_the_first_place() {
    let app = app();
    // Black finished first and Green second; Red has one pawn to bring
    // Home, Yellow most of the way to go.
    start_at(
        &app,
        r#"{
        "game": "chaupar",
        "options": { "mode": "teams" },
        "seats": ["black", "red", "yellow", "green"],
        "to_move": "red",
        "places": ["black", "green"],
        "pawns": { "black": [84, 84, 84, 84], "red": [79, 84, 84, 84],
                   "yellow": [5, 6, 7, 8], "green": [84, 84, 84, 84] }
    }"#,
        5,
        ["Asha", "Ravi", "Mira", ""],
    );
    play_to_the_end(&app);
    let end = app.with_match(|m| *m.position()).unwrap();
    assert!(end.is_finished(Side(1)), "Red brought the last pawn Home");
    let outcome = app.window().global::<Outcome>();
    assert_eq!(outcome.get_headline().as_str(), "Green and Ravi win");
    // The winning pair both first, then the pair that had the first place.
    // Each finisher says when they finished.
    let places: Vec<(i32, String, String)> = outcome
        .get_places()
        .iter()
        .map(|p| (p.place, p.name.to_string(), p.detail.to_string()))
        .collect();
    let yellow = format!("0 of 4 home · {} to go", end.steps_to_go(Side(2)));
    assert_eq!(
        places,
        [
            (1, "Green".into(), "All pawns Home, 2nd to finish".into()),
            (
                1,
                "Ravi (red)".into(),
                "All pawns Home, 3rd to finish".into()
            ),
            (
                2,
                "Asha (black)".into(),
                "All pawns Home, 1st to finish".into()
            ),
            (2, "Mira (yellow)".into(), yellow),
        ]
    );
    // The statistics count the win for the pair that won.
    app.window().global::<Nav>().invoke_go_home();
    settle();
    press(&app, "Saved games");
    for (name, won) in [("Green", 1), ("Ravi", 1), ("Asha", 0), ("Mira", 0)] {
        let line = format!("{name}: played 1, won {won}");
        assert!(labelled(&app, &line).is_some(), "{line}");
    }
}

#[test]
fn chopats_jug_and_false_pair_are_marked() {
    let app = app();
    start_at(
        &app,
        r#"{
        "game": "chopat",
        "options": { "mode": "2p", "false_pair": true },
        "seats": ["black", "yellow"],
        "to_move": "yellow",
        "pawns": { "black": [40, 40, 50, 50], "yellow": [6, 7, 13, 71] },
        "flags": { "black": { "kajalvun": true, "has_thrown": true, "jug": 40, "jug_moved": true },
                   "yellow": { "has_thrown": true } }
    }"#,
        5,
        ["Asha", "", "Ravi", ""],
    );
    // The Jug on 40 is the true pair; the pair on 50 a single can cut.
    assert!(labelled(&app, "Black false pair on square 50").is_some());
    assert!(labelled(&app, "Black Jug on square 40").is_some());
    let play = app.window().global::<Play>();
    let marked: Vec<i32> = play
        .get_pawns()
        .iter()
        .filter(|p| p.false_pair)
        .map(|p| p.step)
        .collect();
    assert_eq!(marked, [50], "the top pawn of the false pair only");
    let jug: Vec<i32> = play
        .get_pawns()
        .iter()
        .filter(|p| p.jug)
        .map(|p| p.step)
        .collect();
    assert_eq!(jug, [40], "the Jug's top pawn");
}

/// Chopat with Khado Karvo: Black has just finished, and Red's pawn
/// stands on Black's square 70 having done Ool Olangvun.
const KHADO_KARVO: &str = r#"{
    "game": "chopat",
    "options": { "mode": "teams", "khado_karvo": true },
    "seats": ["black", "red", "yellow", "green"],
    "to_move": "black",
    "places": ["black"],
    "pawns": { "black": [84, 84, 84, 84], "red": [6, 7, 12, 53],
               "yellow": [6, 7, 12, 12], "green": [6, 7, 12, 12] },
    "flags": { "black": { "kajalvun": true, "has_thrown": true },
               "red": { "kajalvun": true, "ool": "done", "has_thrown": true },
               "yellow": { "has_thrown": true }, "green": { "has_thrown": true } }
}"#;

#[test]
fn a_turn_that_passes_before_khado_karvo_leaves_the_choice_to_its_player() {
    // Green, one pawn short of Home and unable to go past it, throws
    // first; Black's Khado Karvo choice comes next.
    let position = KHADO_KARVO
        .replace(r#""to_move": "black""#, r#""to_move": "green""#)
        .replace(
            r#""khado_karvo": true"#,
            r#""khado_karvo": true, "overshoot": "illegal""#,
        )
        .replace(r#""green": [6, 7, 12, 12]"#, r#""green": [83, 84, 84, 84]"#)
        .replace(
            r#""green": { "has_thrown": true }"#,
            r#""green": { "has_thrown": true, "kajalvun": true }"#,
        );
    let app = app();
    let play = app.window().global::<Play>();
    // A seed whose first throw holds no 1: Green's turn passes.
    let passed = (0..100).any(|seed| {
        start_at(&app, &position, seed, ["Asha", "Ravi", "Mira", "Kabir"]);
        assert!(take_a_turn_step(&app), "Green throws");
        play.get_can_pass() && !play.get_pass_optional()
    });
    assert!(passed, "some seed's throw passes");
    press(&app, "Pass the turn");
    // Black chooses: the turn is not missed on Black's behalf.
    assert_eq!(
        play.get_prompt().as_str(),
        "Bring a pawn back to cut, or miss the turn"
    );
    let missed = app
        .with_match(|m| m.position().flags(Side(0)).missed_turns)
        .unwrap();
    assert_eq!(missed, 0);
    assert!(play.get_can_pass() && play.get_pass_optional());
}

#[test]
fn khado_karvo_offers_the_pawn_back_or_the_missed_turn_and_the_log_counts_missed_turns() {
    let app = app();
    start_at(&app, KHADO_KARVO, 5, ["Asha", "Ravi", "Mira", "Kabir"]);
    let play = app.window().global::<Play>();
    assert_eq!(
        play.get_prompt().as_str(),
        "Bring a pawn back to cut, or miss the turn"
    );
    assert!(
        !play.get_can_throw(),
        "no throw: the choice is made at once"
    );
    assert!(
        play.get_can_pass() && play.get_pass_optional(),
        "missing the turn is one choice"
    );
    // Bringing a pawn back is named for what it is.
    let home = movable_pawns(&app);
    let labels: Vec<String> = home
        .iter()
        .map(|h| h.accessible_label().unwrap().to_string())
        .collect();
    assert!(
        !labels.is_empty()
            && labels
                .iter()
                .all(|l| l == "Black group at Home, can move to 70"),
        "only the pawns Home can move: {labels:?}"
    );
    home[0].invoke_accessible_default_action();
    settle();
    let choices: Vec<String> = play
        .get_choices()
        .iter()
        .map(|c| c.text.to_string())
        .collect();
    assert_eq!(
        choices,
        ["Bring a pawn back from Home to square 70, cut red"]
    );
    press(&app, "Bring a pawn back from Home to square 70, cut red");
    assert_eq!(
        log_lines(&app).last().unwrap().1,
        "Asha: Home → 70, cut red"
    );
    // Taken back, the turn can be missed instead.
    press(&app, "Take back the last move");
    press(&app, "Miss the turn");
    assert_eq!(
        log_lines(&app).last().unwrap().1,
        "Asha: misses turn 1 of 4"
    );
    assert_eq!(
        play.get_standings().row_data(0).unwrap().status,
        "misses 3 turns"
    );
    // Every turn Black misses after that is in the log too.
    let mut steps = 0;
    while !log_lines(&app)
        .iter()
        .any(|(_, l)| l == "Asha: misses turn 2 of 4")
    {
        steps += 1;
        assert!(steps < 200, "Black's next turn comes round");
        assert!(take_a_turn_step(&app));
    }
    assert_eq!(
        play.get_standings().row_data(0).unwrap().status,
        "misses 2 turns"
    );
}

#[test]
fn a_long_games_log_keeps_its_newest_lines() {
    let app = app();
    new_game_through_the_screens(&app, Game::Pagade);
    let mut shown = log_lines(&app);
    // Until the log is full, and twenty lines more.
    let mut past_full = 0;
    while past_full < 20 && take_a_turn_step(&app) {
        let now = log_lines(&app);
        assert!(now.len() <= chaupar::app::LOG_SHOWN, "{} lines", now.len());
        // The lines slide up: the oldest go, and the rest stay in order
        // above the new ones.
        let dropped = (0..=shown.len())
            .find(|&k| now.starts_with(&shown[k..]))
            .expect("the lines shown before are still in order");
        assert!(
            dropped == 0 || now.len() == chaupar::app::LOG_SHOWN,
            "lines dropped before the log was full"
        );
        if now.len() == chaupar::app::LOG_SHOWN {
            past_full += 1;
        }
        shown = now;
    }
    assert_eq!(shown.len(), chaupar::app::LOG_SHOWN);
}

#[test]
fn the_banner_says_which_pawns_and_squares_to_tap() {
    let app = app();
    new_game_through_the_screens(&app, Game::Pagade);
    let play = app.window().global::<Play>();
    assert_eq!(play.get_prompt().as_str(), "Throw");
    throw_until_a_move_is_due(&app);
    assert_eq!(play.get_prompt().as_str(), "Move a lit pawn");
    movable_pawns(&app)[0].invoke_accessible_default_action();
    settle();
    assert_eq!(play.get_prompt().as_str(), "Move it to a lit square");
    let banner = starting(&app, "Turn of ");
    let said = banner[0].accessible_label().unwrap();
    assert!(said.ends_with(": Move it to a lit square"), "{said}");
}

#[test]
fn the_smallest_desktop_window_and_a_phone_on_its_side_keep_every_button_and_the_players_in_view() {
    let app = app();
    for (w, h) in [(800.0, 480.0), (640.0, 360.0)] {
        set_window_size(&app, w, h);
        let in_view = |label: &str| assert_shown(&app, label, (w, h));
        // Four players late in a game, a pawn chosen: the most the game
        // screen holds.
        app.start(
            Match::from_position(late_pagade(), 1),
            Default::default(),
            Default::default(),
        );
        throw_until_a_move_is_due(&app);
        movable_pawns(&app)[0].invoke_accessible_default_action();
        settle();
        in_view("Menu");
        in_view("Players");
        for value in app.window().global::<Play>().get_values().iter() {
            in_view(&format!("Value {value} to spend"));
        }
        // Partners in Chopat, told to bring a pawn back or miss the turn: a
        // prompt of two lines and the players' list with the partnerships.
        start_at(&app, KHADO_KARVO, 5, ["Asha", "Ravi", "Mira", "Kabir"]);
        in_view("Players");
        in_view("Miss the turn");
        // Home with a game to continue: five buttons under the emblem, or
        // beside it on a phone on its side.
        app.window().global::<Nav>().invoke_go_home();
        settle();
        for button in ["Continue", "New game", "Saved games", "Rules", "Settings"] {
            in_view(button);
        }
        // The end of a four-player game: four places and two buttons.
        start_at(
            &app,
            r#"{
            "game": "pagade",
            "options": { "mode": "4p" },
            "seats": ["black", "red", "yellow", "green"],
            "to_move": "black",
            "pawns": { "black": [84, 84, 84, 80], "red": [84, 84, 84, 84],
                       "yellow": [84, 84, 84, 84], "green": [12, 12, 60, 3] },
            "places": ["red", "yellow"],
            "flags": { "black": { "has_cut": true }, "red": { "has_cut": true },
                       "yellow": { "has_cut": true } }
        }"#,
            2,
            ["", "", "", ""],
        );
        play_to_the_end(&app);
        let headline = app.window().global::<Outcome>().get_headline();
        for label in [headline.as_str(), "Play again", "Home"] {
            in_view(label);
        }
    }
}

#[test]
fn a_tablet_held_upright_gives_the_board_its_whole_width_and_a_phone_keeps_room_for_the_controls() {
    let app = app();
    for (w, h) in [(800.0, 1280.0), (360.0, 640.0)] {
        set_window_size(&app, w, h);
        app.start(
            Match::from_position(late_pagade(), 1),
            Default::default(),
            Default::default(),
        );
        settle();
        // The board lies between the turn banner and the throw tray.
        let banner = &starting(&app, "Turn of ")[0];
        let tray = &starting(&app, "Throw the dice for ")[0];
        let between =
            tray.absolute_position().y - (banner.absolute_position().y + banner.size().height);
        assert!(between >= w - 32.0, "{w} x {h}: {between} px for the board");
        assert_shown(&app, "Players", (w, h));
        // A button beside the tray is as tall as its text, not the tray.
        start_at(&app, KHADO_KARVO, 5, ["Asha", "Ravi", "Mira", "Kabir"]);
        let pass = labelled(&app, "Miss the turn").expect("the turn may be missed");
        assert_eq!(pass.size().height, 44.0, "{w} x {h}");
        // On the tablet it stands beside the tray, level with its middle.
        if w > 700.0 {
            let tray = &starting(&app, "Throw tray")[0];
            let middle = |e: &i_slint_backend_testing::ElementHandle| {
                e.absolute_position().y + e.size().height / 2.0
            };
            assert!((middle(&pass) - middle(tray)).abs() < 1.0, "{w} x {h}");
        }
    }
}

#[test]
fn a_small_phone_condenses_the_players_list_rather_than_cutting_it_off() {
    let app = app();
    let (w, h) = (360.0, 640.0);
    set_window_size(&app, w, h);
    let shown = |label: &str| assert_shown(&app, label, (w, h));
    let labels = |app: &App| -> (Vec<String>, Vec<String>) {
        let play = app.window().global::<Play>();
        let players = play
            .get_standings()
            .iter()
            .map(|s| s.label.to_string())
            .collect();
        let teams = play
            .get_teams()
            .iter()
            .map(|t| t.label.to_string())
            .collect();
        (players, teams)
    };
    // Four players each for themselves, halfway through a throw: a value,
    // Hint and Undo under the tray, and the players two to a line, every
    // one shown.
    let play = app.window().global::<Play>();
    let halfway = (0..200).find(|&seed| {
        app.start(
            Match::from_position(late_pagade(), seed),
            Default::default(),
            Default::default(),
        );
        throw_until_a_move_is_due(&app);
        take_a_turn_step(&app);
        play.get_values().row_count() == 1 && play.get_can_take_back()
    });
    assert!(halfway.is_some(), "some seed leaves a value after one move");
    save_png(&app, "phone-players-two-to-a-line");
    shown("Players");
    let (players, _) = labels(&app);
    assert_eq!(players.len(), 4);
    for label in &players {
        shown(label);
    }
    // With no room for "2 of 4 home", each line lights a pip for each pawn
    // Home: Red's two, Yellow's one, Black's one or two, Green's none.
    let homed: Vec<(i32, i32)> = play
        .get_standings()
        .iter()
        .map(|s| {
            let said = format!("{} of {} home", s.homed, s.pawns);
            assert!(
                s.label.contains(&said) || (s.homed == 0 && s.label.contains("no cut yet")),
                "{said} / {}",
                s.label
            );
            (s.homed, s.pawns)
        })
        .collect();
    assert!(
        matches!(homed[..], [(1 | 2, 4), (2, 4), (1, 4), (0, 4)]),
        "{homed:?}"
    );
    // Two partnerships under a two-line prompt: the pairs' race.
    start_at(&app, KHADO_KARVO, 5, ["Asha", "Ravi", "Mira", "Kabir"]);
    shown("Players");
    let (players, teams) = labels(&app);
    assert_eq!(teams.len(), 2);
    for label in &teams {
        shown(label);
    }
    assert!(labelled(&app, &players[1]).is_none(), "{players:?}");
    // A taller phone has room for the whole list.
    let (w, h) = (360.0, 740.0);
    set_window_size(&app, w, h);
    settle();
    for label in players.iter().chain(&teams) {
        assert_shown(&app, label, (w, h));
    }
}

#[test]
fn the_board_rings_the_square_where_the_player_to_move_must_form_the_jug() {
    let app = app();
    let chopat = |to_move: &str, black_has_jug: bool| {
        format!(
            r#"{{"game": "chopat", "seats": ["black", "yellow"], "to_move": "{to_move}",
            "pawns": {{"black": [6, 7, {pair}, {pair}], "yellow": [6, 7, 12, 12]}},
            "flags": {{"black": {{"has_thrown": true, "kajalvun": {black_has_jug}, "jug": {jug}}},
                      "yellow": {{"has_thrown": true}}}}}}"#,
            pair = if black_has_jug { 34 } else { 12 },
            jug = if black_has_jug { "34" } else { "null" },
        )
    };
    let ringed = |app: &App| -> Vec<i32> {
        let cells = app.window().global::<Play>().get_cells();
        cells
            .iter()
            .filter(|c| c.kajalvun)
            .map(|c| c.index)
            .collect()
    };
    let board = Position::from_json(&chopat("black", false))
        .unwrap()
        .board();
    let square = |side: Side, step: u8| vec![board.cell(side, step).unwrap().0 as i32];

    start_at(&app, &chopat("yellow", false), 1, ["Asha", "", "Mira", ""]);
    // As seen from Black, Yellow's Kajalvun square is step 68.
    assert_eq!(ringed(&app), square(Side(2), 34));
    assert_eq!(ringed(&app), square(Side(0), 68));
    start_at(&app, &chopat("black", false), 1, ["Asha", "", "Mira", ""]);
    assert_eq!(ringed(&app), square(Side(0), 34));
    // Once the Jug is formed the square is an ordinary one.
    start_at(&app, &chopat("black", true), 1, ["Asha", "", "Mira", ""]);
    assert_eq!(ringed(&app), Vec::<i32>::new());
}

#[test]
fn a_move_choice_is_shown_whole_on_a_phone_and_the_players_give_way_only_when_short() {
    let app = app();
    let choice = "Bring a pawn back from Home to square 70, cut red";
    // A short phone, then a tall one.
    for (width, height, players_shown) in [(360.0, 740.0, false), (412.0, 915.0, true)] {
        set_window_size(&app, width, height);
        start_at(&app, KHADO_KARVO, 5, ["Asha", "Ravi", "Mira", "Kabir"]);
        movable_pawns(&app)[0].invoke_accessible_default_action();
        settle();
        let mut shown = vec![labelled(&app, choice).expect("the choice is offered")];
        assert_eq!(
            labelled(&app, "Players").is_some(),
            players_shown,
            "{width} x {height}"
        );
        shown.extend(labelled(&app, "Players"));
        for element in shown {
            assert_in_window(&element, (width, height));
        }
        // The button's text wraps rather than running past its edges.
        let button = labelled(&app, choice).unwrap();
        assert!(
            button.size().height > 44.0,
            "{width} x {height}: one line of {} px",
            button.size().height
        );
    }
    // Four players on the largest square board, one pawn able to move: its
    // one button and the players' list fit together on the short phone.
    let (width, height) = (360.0, 740.0);
    set_window_size(&app, width, height);
    start_at(
        &app,
        r#"{"game": "chowka-bhara", "options": {"board": 11},
            "seats": ["red", "green", "yellow", "blue"], "to_move": "red",
            "pawns": {"red": [1, 1, 1, 1, 1, 1, 1, 1, 1, 1], "green": [1, 1, 1, 1, 1, 1, 1, 1, 1, 1],
                      "yellow": [1, 1, 1, 1, 1, 1, 1, 1, 1, 1], "blue": [1, 1, 1, 1, 1, 1, 1, 1, 1, 1]}}"#,
        2,
        ["", "", "", ""],
    );
    throw_until_a_move_is_due(&app);
    // The lit square reads "Move to …", the button "Move 2 to …".
    let offered = starting(&app, "Move ");
    let button = offered
        .iter()
        .find(|e| !e.accessible_label().unwrap().starts_with("Move to "))
        .expect("the one move is offered as a button");
    assert_in_window(button, (width, height));
    assert_shown(&app, "Players", (width, height));
}

#[test]
fn the_tray_says_how_to_throw_in_the_words_it_has_room_for() {
    let app = app();
    app.seed_next_game(3);
    new_game_through_the_screens(&app, Game::ChowkaBhara);
    let play = app.window().global::<Play>();
    // A move can be taken back at the next throw: Undo stands beside the tray.
    while !(play.get_can_throw() && play.get_can_take_back()) {
        assert!(take_a_turn_step(&app));
    }
    let long = "Fling, tap or press Space to throw";
    let short = "Fling or tap to throw";
    // A wide tray says it all; beside the board (a short window) or on the
    // narrowest phone it keeps to the short form, whole and in view.
    for (w, h, says, not) in [
        (1280.0, 800.0, long, short),
        (360.0, 640.0, long, short),
        (800.0, 480.0, short, long),
        (640.0, 360.0, short, long),
        (320.0, 640.0, short, long),
    ] {
        set_window_size(&app, w, h);
        settle();
        assert_shown(&app, says, (w, h));
        assert!(labelled(&app, not).is_none(), "{w} x {h}: {not:?}");
        let (text, tray) = (
            labelled(&app, says).unwrap(),
            &starting(&app, "Throw the dice for ")[0],
        );
        let (x, tray_x) = (text.absolute_position().x, tray.absolute_position().x);
        assert!(
            x >= tray_x && x + text.size().width <= tray_x + tray.size().width,
            "{w} x {h}: {says:?} runs past the tray"
        );
    }
}
