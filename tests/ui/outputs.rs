//! What the app plays and buzzes, heard through recording sinks given to
//! the real app: throws, moves, captures and refused taps made the way a
//! player makes them, and the Settings screen's Sound and Vibration rows.

use crate::ui_support::*;
use chaupar::app::settings::Speed;
use chaupar::app::{App, Play, Scheduling, Settings};
use chaupar::dice::Implement;
use chaupar::haptics::{buzz_for_throw, BuzzCue, BuzzSink, CAPTURE_BUZZ};
use chaupar::outputs::Outputs;
use chaupar::rules::{Game, Match, Options, Position};
use chaupar::sound::{RecordingSink, Sound};
use slint::{ComponentHandle, Model};
use std::rc::Rc;

/// The fling of a throw made through the tray's accessible action.
const TAP_FLING: f32 = 0.3;

fn throw_by_the_tray(app: &App) {
    starting(app, "Throw the dice for ")[0].invoke_accessible_default_action();
    settle();
}

/// A game of two or four people, its throws drawn from `seed`.
fn start_game(app: &App, game: Game, seed: u64) {
    app.start(
        Match::new(game, Options::new(game), seed).expect("the game starts"),
        Default::default(),
        Default::default(),
    );
}

#[test]
fn a_throw_plays_its_implements_sound_and_buzzes_briefly_as_the_dice_settle() {
    let (app, heard) = app_hearing();
    for (game, implement) in [
        (Game::Pagade, Implement::StickDice),
        (Game::Chaupar, Implement::LongDice),
        (Game::ChowkaBhara, Implement::Cowries(4)),
    ] {
        start_game(&app, game, 1);
        heard.clear();
        throw_by_the_tray(&app);
        match heard.sounds()[..] {
            [Sound::Throw {
                implement: heard_implement,
                fling: 30,
                ..
            }] => assert_eq!(heard_implement, implement, "{game:?}"),
            ref other => panic!("{game:?}: {other:?}"),
        }
        // Shown at once (animation off): the dice settle as they land.
        assert_eq!(
            heard.buzz_cues(),
            [buzz_for_throw(TAP_FLING, 0)],
            "{game:?}"
        );
        assert!(heard.buzzes()[0].millis <= 30, "a brief buzz");
    }
    // With the dice tumbling, the buzz waits for them to settle.
    app.set_speed(Speed::Normal);
    start_game(&app, Game::ChowkaBhara, 1);
    heard.clear();
    throw_by_the_tray(&app);
    assert!(app.window().global::<Play>().get_tumbling());
    assert_eq!(
        heard.buzz_cues(),
        [buzz_for_throw(TAP_FLING, Speed::Normal.tumble_ms() as u32)]
    );
}

/// Black to move in Akbar's Chaupar with a pawn on 15 and Red's pawn on
/// Black's 20 (not a safe square).
/// A seed whose first throw in `akbar_capture` lets Black cut.
pub(crate) fn seed_whose_first_throw_cuts() -> u64 {
    (0..2000u64)
        .find(|&seed| {
            let mut m = Match::from_position(akbar_capture(), seed);
            m.throw();
            (m.legal_moves().into_iter())
                .any(|mv| m.preview(mv).is_ok_and(|(_, e)| !e.captures.is_empty()))
        })
        .expect("some throw lets Black cut")
}

pub(crate) fn akbar_capture() -> Position {
    Position::from_json(
        r#"{"game": "chaupar-akbar",
        "seats": ["black", "red", "yellow", "green"], "to_move": "black",
        "pawns": {"black": [15, 77, 78, 84], "red": [1, 2, 3, 71],
                  "yellow": [1, 2, 3, 4], "green": [1, 2, 3, 4]}}"#,
    )
    .expect("a valid position")
}

/// Taps the first movable pawn that can cut, then the square where it
/// cuts (and the first way there, if several are offered). False when no
/// pawn can cut.
pub(crate) fn tap_a_capture(app: &App) -> bool {
    for pawn in movable_pawns(app) {
        pawn.invoke_accessible_default_action();
        settle();
        if let Some(target) = (starting(app, "Move to ").into_iter())
            .find(|t| t.accessible_label().is_some_and(|l| l.contains(", cut ")))
        {
            target.invoke_accessible_default_action();
            settle();
            let play = app.window().global::<Play>();
            if let Some(first) = play.get_choices().row_data(0) {
                press(app, &move_said(app, first.r#move));
            }
            return true;
        }
    }
    false
}

#[test]
fn a_capture_knocks_and_buzzes_strongly_as_the_pawn_lands() {
    let (app, heard) = app_hearing();
    app.set_speed(Speed::Normal);
    let seed = seed_whose_first_throw_cuts();
    app.start(
        Match::from_position(akbar_capture(), seed),
        Default::default(),
        Default::default(),
    );
    throw_by_the_tray(&app);
    i_slint_backend_testing::mock_elapsed_time(std::time::Duration::from_millis(1000));
    heard.clear();
    let captured_before = red_pawns_waiting(&app);
    assert!(tap_a_capture(&app), "the throw lets Black cut");
    let knock = *heard.cues().last().expect("the move is heard");
    assert_eq!(knock.sound, Sound::Capture { pawns: 1 });
    assert!(
        (heard.sounds().iter()).all(|s| matches!(s, Sound::Step { .. } | Sound::Capture { .. })),
        "{:?}",
        heard.sounds()
    );
    assert_eq!(
        heard.buzz_cues(),
        [BuzzCue {
            buzz: CAPTURE_BUZZ,
            delay_ms: knock.delay_ms
        }],
        "the strong buzz with the knock"
    );
    assert!(CAPTURE_BUZZ.strength > buzz_for_throw(1.0, 0).buzz.strength);
    i_slint_backend_testing::mock_elapsed_time(std::time::Duration::from_millis(5000));
    assert_eq!(
        red_pawns_waiting(&app),
        captured_before + 1,
        "Red's pawn went back"
    );
}

fn red_pawns_waiting(app: &App) -> usize {
    app.with_match(|m| {
        let red = m.position().seats()[1];
        m.position().pawns(red).iter().filter(|&&s| s == 0).count()
    })
    .unwrap()
}

#[test]
fn a_plain_move_taps_its_steps_and_does_not_buzz() {
    let (app, heard) = app_hearing();
    start_at(
        &app,
        r#"{"game": "chowka-bhara", "options": {"mode": "2p"},
        "seats": ["red", "yellow"], "to_move": "red",
        "pawns": {"red": [25, 25, 25, 3], "yellow": [25, 25, 25, 21]},
        "flags": {"red": {"has_cut": true}, "yellow": {"has_cut": true}}}"#,
        1,
        ["", "", "", ""],
    );
    throw_until_a_move_is_due(&app);
    heard.clear();
    let pawn = movable_pawns(&app)
        .into_iter()
        .next()
        .expect("a pawn moves");
    pawn.invoke_accessible_default_action();
    starting(&app, "Move to ")[0].invoke_accessible_default_action();
    settle();
    // Animation off: the pawn jumps, one tap.
    assert_eq!(heard.sounds(), [Sound::Step { n: 0 }]);
    assert!(heard.buzzes().is_empty());
}

#[test]
fn a_refused_tap_thuds_and_does_not_buzz() {
    let (app, heard) = app_hearing();
    app.start(
        Match::from_position(nearly_home(), 1),
        Default::default(),
        Default::default(),
    );
    // Before the throw nothing moves.
    press(&app, "Red pawn on square 24");
    assert_eq!(heard.sounds(), [Sound::Refused]);
    assert!(heard.buzzes().is_empty());
}

/// A device without a vibrator: records what it plays.
struct NoVibrator;

impl BuzzSink for NoVibrator {
    fn buzz(&self, _: BuzzCue) {
        panic!("a device without a vibrator was asked to buzz");
    }

    fn can_buzz(&self) -> bool {
        false
    }
}

#[test]
fn vibration_is_offered_beside_sound_where_the_device_can_vibrate_and_is_kept() {
    use_testing_backend(false);
    let dir = fresh_data_dir();
    let heard = Rc::new(RecordingSink::new());
    let first = open_app_hearing(&dir, Scheduling::default(), heard.clone());
    let settings = first.window().global::<Settings>();
    assert!(
        settings.get_can_vibrate() && settings.get_vibrate(),
        "on at first"
    );
    press(&first, "Settings");
    set_window_size(&first, 390.0, 844.0);
    assert_shown(&first, "Vibration On", (390.0, 844.0));
    save_png(&first, "settings-vibration-phone");
    press(&first, "Vibration Off");
    assert!(!settings.get_vibrate());
    start_game(&first, Game::ChowkaBhara, 1);
    heard.clear();
    throw_by_the_tray(&first);
    assert!(heard.buzzes().is_empty(), "vibration is off");
    assert_eq!(heard.sounds().len(), 1, "still heard");
    drop(first);

    // Kept, and the sound chosen beside it silences only the sounds.
    let heard = Rc::new(RecordingSink::new());
    let second = open_app_hearing(&dir, Scheduling::default(), heard.clone());
    assert!(!second.window().global::<Settings>().get_vibrate());
    press(&second, "Settings");
    press(&second, "Vibration On");
    press(&second, "Sound Off");
    start_game(&second, Game::ChowkaBhara, 1);
    throw_by_the_tray(&second);
    assert!(heard.sounds().is_empty(), "sound is off");
    assert_eq!(heard.buzzes().len(), 1, "still felt");
    drop(second);

    // A desktop (no vibrator): no Vibration row, and nothing buzzes.
    let heard = Rc::new(RecordingSink::new());
    let outputs = Outputs::new(heard.clone(), Rc::new(NoVibrator));
    let desktop = open_app_with(&dir, Scheduling::default(), outputs);
    press(&desktop, "Settings");
    assert!(labelled(&desktop, "Sound Normal").is_some());
    assert!(labelled(&desktop, "Vibration On").is_none());
    assert!(labelled(&desktop, "Vibration Off").is_none());
    press(&desktop, "Sound Normal");
    start_game(&desktop, Game::ChowkaBhara, 1);
    throw_by_the_tray(&desktop);
    assert_eq!(heard.sounds().len(), 1);
}
