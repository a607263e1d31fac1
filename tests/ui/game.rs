//! The Game screen: throws, taps and moves as the engine says, the tray's
//! calls, refusals, walking pawns, taking a move back, Chopat's marks and
//! Khado Karvo, and the log.

use crate::ui_support::*;
use chaupar::ai::Level;
use chaupar::app::settings::Speed;
use chaupar::app::setup::SeatKind;
use chaupar::app::{App, Ask, Play, Screen, Telling, TrailEnd};
use chaupar::board::Side;
use chaupar::rules::{Event, Game, Match, Options, Phase, Position};
use slint::{ComponentHandle, Model};

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
        assert!(!called("Doublet"), "shells make no doublet");
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
    // A first throw that is not 1: the pawn on 24 cannot reach Home.
    start_nearly_home_throwing(&app, |value, phase| value != 1 && phase == Phase::Move);
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
    assert!(notice_said(&app).to_lowercase().contains("throw first"));

    starting(&app, "Throw the dice for ")[0].invoke_accessible_default_action();
    settle();
    assert!(!play.get_can_throw());
    let offered_before = offered(&app);
    press(&app, pawn_label);
    let reason = app
        .with_match(|m| m.why_not(24).expect("the pawn cannot move").to_string())
        .unwrap();
    // The screen words the engine's reason as the engine does.
    assert_eq!(notice_said(&app).to_lowercase(), reason.to_lowercase());
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
    let name = if winner == Side(0) { "Asha" } else { "Ravi" };
    assert!(
        labelled(&app, &format!("{name} wins")).is_some(),
        "the headline"
    );
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
    let summary = format!("Chowka Bhara · {moves} moves");
    assert!(labelled(&app, &summary).is_some(), "{summary}");
    // Home offers no Continue for a finished game; Play again starts anew.
    press(&app, "Play again");
    assert_eq!(screen(&app), Screen::Game);
    assert!(!app.with_match(|m| m.position().is_over()).unwrap());
}

#[test]
fn pawns_walk_square_by_square() {
    let app = app();
    app.set_speed(Speed::Normal);
    // A first throw that moves the pawn on 3 more than one square.
    start_nearly_home_throwing(&app, |value, phase| value > 1 && phase == Phase::Move);
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
        press(&app, &move_said(&app, first.r#move));
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
    (marked(TrailEnd::Left), marked(TrailEnd::Reached))
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
        let telling = app.window().global::<Telling>();
        for cell in lit {
            let label = telling.invoke_target(cell.reach.clone());
            let number = match label.as_str() {
                "Move to Home" => "Home",
                label => label.strip_prefix("Move to square ").expect("a square"),
            };
            let written = telling.invoke_short_place(cell.reach.to);
            assert_eq!(written.as_str(), number, "{game:?}");
        }
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
        play.get_prompt(),
        Ask::KhadoKarvo,
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
        play.get_prompt(),
        Ask::KhadoKarvo,
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
    // The first of them is drawn lit, as a stack's top would be.
    let lit: Vec<i32> = (play.get_pawns().iter())
        .filter(|p| p.movable)
        .map(|p| p.step)
        .collect();
    assert_eq!(lit.len(), 1, "one pawn Home is lit, not {lit:?}");
    home[0].invoke_accessible_default_action();
    settle();
    let choices: Vec<String> = play
        .get_choices()
        .iter()
        .map(|c| move_said(&app, c.r#move))
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
    assert_eq!(status_said(&app, 0), "misses 3 turns");
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
    assert_eq!(status_said(&app, 0), "misses 2 turns");
}

/// Plays until the log has dropped its oldest lines `turns` times, checking
/// that its lines keep their order as new ones come in below, and that,
/// once lines have gone, those given fill its panel; how many it then
/// holds at most.
fn log_when_full(app: &App, turns: usize) -> usize {
    let mut shown = log_lines(app);
    let mut most = 0;
    let mut past_full = 0;
    while past_full < turns && take_a_turn_step(app) {
        let now = log_lines(app);
        // Some newest part of the lines before is still there, in order.
        let kept = (0..=shown.len())
            .find(|&k| {
                let tail = &shown[k..];
                tail.is_empty() || now.windows(tail.len()).any(|w| w == tail)
            })
            .expect("the lines shown before are still in order");
        if kept > 0 || past_full > 0 {
            let (panel, line) = log_panel(app);
            assert!(
                now.len() as f32 * line >= panel,
                "{} lines of {line} px, panel {panel} px",
                now.len()
            );
            most = most.max(now.len());
            past_full += 1;
        }
        shown = now;
    }
    assert!(past_full == turns, "the log fills");
    most
}

/// The height of the log's panel, and of its shortest line.
fn log_panel(app: &App) -> (f32, f32) {
    let panel = labelled(app, "Moves so far").expect("the log is shown");
    let line = (log_lines(app).iter())
        .filter_map(|(_, said)| labelled(app, said))
        .map(|line| line.size().height)
        .fold(f32::MAX, f32::min);
    (panel.size().height, line)
}

#[test]
fn a_long_games_log_keeps_as_many_of_its_newest_lines_as_its_panel_shows() {
    let app = app();
    set_window_size(&app, 1280.0, 800.0);
    new_game_through_the_screens(&app, Game::Pagade);
    // Enough lines to fill the panel, not the whole game.
    let full = log_when_full(&app, 20);
    assert!(full < chaupar::app::LOG_SHOWN / 2, "{full} lines");
    // A taller window shows more of the game.
    set_window_size(&app, 1280.0, 1600.0);
    settle();
    let taller = log_when_full(&app, 3);
    assert!(taller > full, "{taller} lines, {full} before");
}

#[test]
fn the_banner_says_which_pawns_and_squares_to_tap() {
    let app = app();
    new_game_through_the_screens(&app, Game::Pagade);
    let play = app.window().global::<Play>();
    assert_eq!(play.get_prompt(), Ask::Throw);
    throw_until_a_move_is_due(&app);
    assert_eq!(play.get_prompt(), Ask::MovePawn);
    movable_pawns(&app)[0].invoke_accessible_default_action();
    settle();
    assert_eq!(play.get_prompt(), Ask::MoveToSquare);
    let banner = starting(&app, "Turn of ");
    let said = banner[0].accessible_label().unwrap();
    assert!(said.ends_with(": Move it to a lit square"), "{said}");
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
