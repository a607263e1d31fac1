//! What the headless UI tests share: the app on Slint's testing backend,
//! found and pressed by what a screen reader would say, and positions to
//! start from.
#![allow(dead_code)] // each test binary uses some of these

use chaupar::app::settings::Speed;
use chaupar::app::{App, Nav, Play, Scheduling, Screen, Telling};
use chaupar::board::Side;
use chaupar::language::Language;
use chaupar::outputs::Outputs;
use chaupar::rules::{Game, Match, Phase, Position};
use chaupar::sound::RecordingSink;
use i_slint_backend_testing::{ElementHandle, ElementQuery, TestingBackend, TestingBackendOptions};
use slint::{ComponentHandle, LogicalPosition, LogicalSize, Model};
use std::path::{Path, PathBuf};
use std::rc::Rc;
use std::sync::atomic::{AtomicUsize, Ordering};

/// A fresh app on this test's thread with a data folder of its own, moves
/// shown at once.
pub fn app() -> App {
    use_testing_backend(false);
    open_app(&fresh_data_dir())
}

/// Slint's headless backend for this test's thread. Threading lets the
/// computer's thoughts come back to the UI thread (see `pump`), for one
/// thread of the process only.
pub fn use_testing_backend(threading: bool) {
    slint::platform::set_platform(Box::new(TestingBackend::new(TestingBackendOptions {
        mock_time: true,
        threading,
        renderer_name: Some("software".into()),
    })))
    .expect("one platform per test thread");
}

/// An app on `dir`, as when the app is opened again on the same device.
pub fn open_app(dir: &Path) -> App {
    open_app_scheduling(dir, Scheduling::default())
}

/// An app on `dir` whose slow work runs as `scheduling` says. Its sounds
/// and buzzes are recorded and dropped: UI tests open no audio output.
pub fn open_app_scheduling(dir: &Path, scheduling: Scheduling) -> App {
    open_app_hearing(dir, scheduling, Rc::new(RecordingSink::new()))
}

/// An app on `dir` whose sounds and buzzes `heard` keeps, on a device
/// that can vibrate.
pub fn open_app_hearing(dir: &Path, scheduling: Scheduling, heard: Rc<RecordingSink>) -> App {
    open_app_with(dir, scheduling, Outputs::new(heard.clone(), heard))
}

/// An app on `dir` playing into `outputs`, moves shown at once.
pub fn open_app_with(dir: &Path, scheduling: Scheduling, outputs: Outputs) -> App {
    let app =
        App::with_outputs(Some(dir.to_path_buf()), scheduling, outputs).expect("the window opens");
    // The tests read the English labels, whatever the machine's language.
    app.speak_for_this_run(Some(Language::English));
    app.set_speed(Speed::Off);
    app.window().show().expect("the window shows");
    app
}

/// A fresh app on this test's thread, moves shown at once, and what it
/// plays and buzzes.
pub fn app_hearing() -> (App, Rc<RecordingSink>) {
    use_testing_backend(false);
    let heard = Rc::new(RecordingSink::new());
    let app = open_app_hearing(&fresh_data_dir(), Scheduling::default(), heard.clone());
    (app, heard)
}

/// An empty data folder under target/tmp, one per call.
pub fn fresh_data_dir() -> PathBuf {
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
/// hints), then lets a few milliseconds pass, so that timers fire and work
/// done a step at a time on the UI thread takes its next step.
pub fn pump() {
    slint::invoke_from_event_loop(|| slint::quit_event_loop().unwrap()).unwrap();
    slint::run_event_loop().unwrap();
    i_slint_backend_testing::mock_elapsed_time(std::time::Duration::from_millis(5));
}

pub fn labelled(app: &App, label: &str) -> Option<ElementHandle> {
    ElementHandle::find_by_accessible_label(app.window(), label).next()
}

/// Asserts that `element` lies wholly inside a `width` x `height` window.
pub fn assert_in_window(element: &ElementHandle, (width, height): (f32, f32)) {
    let window = (LogicalPosition::default(), LogicalSize::new(width, height));
    assert_inside(element, window, &format!("the {width} x {height} window"));
}

/// Asserts that `element` lies wholly inside `area` (its top left corner
/// and size), which `what` names.
pub fn assert_inside(
    element: &ElementHandle,
    (corner, extent): (LogicalPosition, LogicalSize),
    what: &str,
) {
    let (at, size) = (element.absolute_position(), element.size());
    let (left, top) = (corner.x, corner.y);
    let (right, bottom) = (left + extent.width, top + extent.height);
    assert!(
        at.x >= left && at.y >= top && at.x + size.width <= right && at.y + size.height <= bottom,
        "{:?} at {at:?}, {size:?} is cut off by {what}",
        element.accessible_label()
    );
}

/// The elements in view whose accessible id `wanted` accepts (as the web
/// build's `on_screen` finds them: what is clipped out of view is not).
pub fn with_id(app: &App, wanted: impl Fn(&str) -> bool + 'static) -> Vec<ElementHandle> {
    ElementQuery::from_root(app.window())
        .match_predicate(move |e| e.accessible_id().is_some_and(|id| wanted(&id)))
        .find_all()
}

pub fn press(app: &App, label: &str) {
    labelled(app, label)
        .unwrap_or_else(|| panic!("nothing labelled {label:?}"))
        .invoke_accessible_default_action();
    settle();
}

/// Lets the UI catch up with what changed (new pages, new rows).
pub fn settle() {
    i_slint_backend_testing::mock_elapsed_time(std::time::Duration::ZERO);
}

/// Elements whose label starts with `prefix`.
pub fn starting(app: &App, prefix: &'static str) -> Vec<ElementHandle> {
    ElementQuery::from_root(app.window())
        .match_descendants()
        .match_predicate(move |e| e.accessible_label().is_some_and(|l| l.starts_with(prefix)))
        .find_all()
}

pub fn movable_pawns(app: &App) -> Vec<ElementHandle> {
    ElementQuery::from_root(app.window())
        .match_descendants()
        .match_predicate(|e| {
            e.accessible_label()
                .is_some_and(|l| l.contains(", can move to "))
        })
        .find_all()
}

pub fn screen(app: &App) -> Screen {
    app.window().global::<Nav>().get_screen()
}

/// The pawns as drawn, (side, step), against the engine's position; and
/// every pawn on a square drawn inside that square.
pub fn assert_board_matches_engine(app: &App) {
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

/// Asserts that an element labelled `label` is shown wholly inside a
/// `width` x `height` window.
pub fn assert_shown(app: &App, label: &str, window: (f32, f32)) {
    let element = labelled(app, label).unwrap_or_else(|| panic!("{label:?} is shown"));
    assert_in_window(&element, window);
}

/// Gives the app's window a size, in logical pixels.
pub fn set_window_size(app: &App, width: f32, height: f32) {
    app.window()
        .window()
        .set_size(slint::LogicalSize::new(width, height));
}

/// Plays the game on screen to its end the way a player would, and checks
/// that the end of the game is shown.
pub fn play_to_the_end(app: &App) {
    let mut actions = 0;
    while take_a_turn_step(app) {
        actions += 1;
        assert!(actions < 3000, "the game should end");
    }
    assert_eq!(screen(app), Screen::GameOver);
}

/// Plays one action the way a player would: throw, pass, or move the first
/// pawn that can move to its first highlighted square. False when the game
/// screen has gone.
pub fn take_a_turn_step(app: &App) -> bool {
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
        move_the_chosen_pawn(app);
    }
    true
}

/// Moves the chosen pawn to its first highlighted square (by the first
/// way offered, where several lead there).
pub fn move_the_chosen_pawn(app: &App) {
    let play = app.window().global::<Play>();
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
        let said = app.window().global::<Telling>().invoke_move(first.r#move);
        press(app, said.as_str());
    }
}

/// Chooses `game` on the New game screen by its button's label.
pub fn choose_game(app: &App, game: Game) {
    press(
        app,
        &format!("{}: {}", game.title(), game.regional_names().join(" · ")),
    );
}

pub fn new_game_through_the_screens(app: &App, game: Game) {
    press(app, "New game");
    assert_eq!(screen(app), Screen::NewGame);
    choose_game(app, game);
    press(app, "Start the game");
    assert_eq!(screen(app), Screen::Game);
}

/// Starts a game of people at the position `json` (docs/positions.md),
/// its throws drawn from `seed`; `names` by side, "" for the colour's.
pub fn start_at(app: &App, json: &str, seed: u64, names: [&str; 4]) {
    let start = Position::from_json(json).expect("a valid position");
    app.start(
        Match::from_position(start, seed),
        names.map(String::from),
        Default::default(),
    );
}

/// A Chowka Bhara position with Red's last pawn one square short of Home
/// and one more pawn far back; Red to move.
pub fn nearly_home() -> Position {
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

/// Starts `nearly_home` on the first seed whose first throw `wanted`
/// accepts, given its first value and the phase it leaves the turn in.
pub fn start_nearly_home_throwing(app: &App, wanted: impl Fn(u8, Phase) -> bool) {
    let seed = (0..1000u64)
        .find(|&seed| {
            let mut m = Match::from_position(nearly_home(), seed);
            let value = m.throw().throw.values()[0];
            wanted(value, m.phase())
        })
        .expect("some seed throws as wanted");
    app.start(
        Match::from_position(nearly_home(), seed),
        Default::default(),
        Default::default(),
    );
}

/// Pagade with every kind of place a pawn can be in.
pub fn late_pagade() -> Position {
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

/// Saves the window as `target/screenshots/<name>.png`, and returns it.
pub fn save_png(app: &App, name: &str) -> slint::SharedPixelBuffer<slint::Rgba8Pixel> {
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
    shot
}

/// Presses the back key (Android's back button; Escape on the desktop).
pub fn press_back(app: &App) {
    press_keys(app, &[slint::platform::Key::Escape.into()]);
}

/// Holds down each key in turn, then lets them go in reverse order (a
/// modifier first, as a person presses Ctrl+Z).
pub fn press_keys(app: &App, keys: &[slint::SharedString]) {
    let window = app.window().window();
    for key in keys {
        window.dispatch_event(slint::platform::WindowEvent::KeyPressed { text: key.clone() });
    }
    for key in keys.iter().rev() {
        window.dispatch_event(slint::platform::WindowEvent::KeyReleased { text: key.clone() });
    }
    settle();
}

/// The game's moment as a player sees it: the position, the values left to
/// spend, who is to move and what has happened.
pub fn moment(app: &App) -> (Position, Vec<u8>, Side, usize) {
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

/// What the game screen says under the banner, in its words.
pub fn notice_said(app: &App) -> String {
    let window = app.window();
    let notice = window.global::<Play>().get_notice();
    window.global::<Telling>().invoke_notice(notice).into()
}

/// A move as the game screen's buttons say it.
pub fn move_said(app: &App, told: chaupar::app::MoveText) -> String {
    app.window().global::<Telling>().invoke_move(told).into()
}

/// The status of the `i`th player's line in the race ("47 to go").
pub fn status_said(app: &App, i: usize) -> String {
    let window = app.window();
    let standing = window.global::<Play>().get_standings().row_data(i).unwrap();
    window.global::<Telling>().invoke_status(standing).into()
}

/// The labels on screen that do not fit the room they are given (each
/// `FitText` knows), by what they say.
pub fn overflowing(app: &App) -> Vec<String> {
    ElementQuery::from_root(app.window())
        .match_descendants()
        .match_predicate(|e| e.accessible_id().is_some_and(|id| id == "overflows"))
        .find_all()
        .iter()
        .map(|e| e.accessible_label().unwrap_or_default().to_string())
        .collect()
}

/// A name as the screens word it.
pub fn name_said(app: &App, name: chaupar::app::Name) -> String {
    app.window()
        .global::<chaupar::app::Words>()
        .invoke_name(name)
        .into()
}

/// Every player's line in the race, and each partnership's, as a screen
/// reader says them.
pub fn race_said(app: &App) -> (Vec<String>, Vec<String>) {
    let window = app.window();
    let (play, telling) = (window.global::<Play>(), window.global::<Telling>());
    let players = (play.get_standings().iter())
        .map(|s| telling.invoke_standing(s).into())
        .collect();
    let teams = (play.get_teams().iter())
        .map(|t| telling.invoke_team(t).into())
        .collect();
    (players, teams)
}

/// The game's log as shown: the side of each line and its text.
pub fn log_lines(app: &App) -> Vec<(i32, String)> {
    let window = app.window();
    let telling = window.global::<Telling>();
    (window.global::<Play>().get_log().iter())
        .map(|line| (line.side, telling.invoke_log_line(line).to_string()))
        .collect()
}

/// Throws (passing when nothing can move) until a pawn is to be moved.
pub fn throw_until_a_move_is_due(app: &App) {
    for _ in 0..50 {
        let play = app.window().global::<Play>();
        if !play.get_can_throw() && !play.get_can_pass() {
            return;
        }
        take_a_turn_step(app);
    }
    panic!("no move came up in 50 throws");
}

/// Chopat with Khado Karvo: Black has just finished, and Red's pawn
/// stands on Black's square 70 having done Ool Olangvun.
pub const KHADO_KARVO: &str = r#"{
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
