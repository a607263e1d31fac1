//! The Game screen at every size: the tray, the log, the players' list
//! and the controls in view on phones, tablets and desktops, and the race
//! as the players' list and Game over tell it.

use crate::ui_support::*;
use chaupar::app::{Nav, Outcome, Play, Screen};
use chaupar::board::Side;
use chaupar::rules::{Game, Match, Mode, Options, Position};
use slint::{ComponentHandle, Model};

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
fn a_desktop_window_puts_the_log_beside_the_players_and_a_phone_under_them() {
    let app = app();
    new_game_through_the_screens(&app, Game::Pagade);
    for (width, height) in [(1280.0, 800.0), (1920.0, 1080.0), (390.0, 844.0)] {
        set_window_size(&app, width, height);
        settle();
        let players = labelled(&app, "Players").expect("the players are listed");
        let log = labelled(&app, "Moves so far").expect("the log is shown");
        let (p, l) = (players.absolute_position(), log.absolute_position());
        assert_in_window(&log, (width, height));
        if width < height {
            assert!(
                l.y >= p.y + players.size().height,
                "{width}x{height}: the log at {l:?} is under the players at {p:?}"
            );
            continue;
        }
        assert!(
            l.x >= p.x + players.size().width && (l.y - p.y).abs() < 1.0,
            "{width}x{height}: the log at {l:?} is beside the players at {p:?}"
        );
        // The log takes the room down to the window's foot.
        assert!(l.y + log.size().height >= height - 16.0);
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
            let status = status_said(&app, i);
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
    assert_eq!(status_said(&app, 0), "misses 2 turns");
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
    assert!(labelled(&app, "Green and Ravi win").is_some());
    // The winning pair both first, then the pair that had the first place.
    // Each finisher says when they finished.
    let places: Vec<(i32, String)> = outcome
        .get_places()
        .iter()
        .map(|p| {
            let said = app
                .window()
                .global::<chaupar::app::Words>()
                .invoke_place_name(p.clone());
            (p.place, said.to_string())
        })
        .collect();
    assert_eq!(
        places,
        [
            (1, "Green".into()),
            (1, "Ravi (red)".into()),
            (2, "Asha (black)".into()),
            (2, "Mira (yellow)".into()),
        ]
    );
    let yellow = format!("0 of 4 home · {} to go", end.steps_to_go(Side(2)));
    for line in [
        "Place 1: Green. All pawns Home, 2nd to finish".to_string(),
        "Place 1: Ravi (red). All pawns Home, 3rd to finish".to_string(),
        "Place 2: Asha (black). All pawns Home, 1st to finish".to_string(),
        format!("Place 2: Mira (yellow). {yellow}"),
    ] {
        assert!(labelled(&app, &line).is_some(), "{line}");
    }
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
        let winners: Vec<String> = app
            .window()
            .global::<Outcome>()
            .get_winners()
            .iter()
            .map(|w| name_said(&app, w))
            .collect();
        let headline = match &winners[..] {
            [one] => format!("{one} wins"),
            [one, two] => format!("{one} and {two} win"),
            _ => "The game is over".to_string(),
        };
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
    let labels = race_said;
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
    let homed: Vec<(i32, i32)> = (play.get_standings().iter().zip(labels(&app).0))
        .map(|(s, label)| {
            let said = format!("{} of {} home", s.homed, s.pawns);
            assert!(
                label.contains(&said) || (s.homed == 0 && label.contains("no cut yet")),
                "{said} / {label}"
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
