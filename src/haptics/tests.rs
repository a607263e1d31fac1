//! The vibrator's thread with a motor that records, and the buzzes of
//! moves played through the engine.

use super::*;
use crate::dice::Throw;
use crate::rules::{Position, Turn};
use std::sync::{Arc, Mutex};

/// A motor that keeps each buzz with the moment it started; it can be
/// slow, or fail after a number of buzzes.
struct Recorder {
    started: Arc<Mutex<Vec<(Instant, Buzz)>>>,
    takes: Duration,
    fail_after: Option<usize>,
}

impl Motor for Recorder {
    fn vibrate(&mut self, buzz: Buzz) -> Result<(), String> {
        let mut started = self.started.lock().unwrap();
        if self.fail_after.is_some_and(|n| started.len() >= n) {
            return Err("the vibrator service went away".into());
        }
        started.push((Instant::now(), buzz));
        std::thread::sleep(self.takes);
        Ok(())
    }
}

type Started = Arc<Mutex<Vec<(Instant, Buzz)>>>;

fn recorded(takes: Duration, fail_after: Option<usize>) -> (Vibrator, Started) {
    let started = Started::default();
    let motor = Recorder {
        started: started.clone(),
        takes,
        fail_after,
    };
    (Vibrator::with_motor(Box::new(motor)), started)
}

fn buzz(strength: u8, delay_ms: u32) -> BuzzCue {
    BuzzCue {
        buzz: Buzz {
            millis: 20,
            strength,
        },
        delay_ms,
    }
}

#[test]
fn each_buzz_starts_at_its_moment_in_the_order_of_the_moments() {
    let (vibrator, started) = recorded(Duration::ZERO, None);
    assert!(vibrator.can_buzz());
    let asked = Instant::now();
    // Asked for in this order; due capture last, settle first.
    vibrator.buzz(buzz(3, 300));
    vibrator.buzz(buzz(1, 0));
    vibrator.buzz(buzz(2, 150));
    vibrator.finish();
    let started = started.lock().unwrap();
    let order: Vec<u8> = started.iter().map(|(_, b)| b.strength).collect();
    assert_eq!(order, [1, 2, 3]);
    for &(at, b) in started.iter() {
        let due = Duration::from_millis([0, 0, 150, 300][usize::from(b.strength)]);
        let late = at.duration_since(asked).checked_sub(due);
        assert!(late.is_some(), "buzz {} came early", b.strength);
    }
}

#[test]
fn asking_for_a_buzz_never_waits_for_the_motor() {
    // A motor that takes a long while (a slow system service).
    let (vibrator, started) = recorded(Duration::from_millis(200), None);
    let asked = Instant::now();
    for _ in 0..(3 * QUEUE) {
        vibrator.buzz(buzz(100, 0));
    }
    assert!(
        asked.elapsed() < Duration::from_millis(150),
        "the UI thread waited {:?}",
        asked.elapsed()
    );
    drop(vibrator);
    // Whatever did not fit in the queue was dropped, not waited for.
    assert!(started.lock().unwrap().len() <= QUEUE + 1);
}

#[test]
fn a_failing_motor_stops_buzzing_and_nothing_fails() {
    let (vibrator, started) = recorded(Duration::ZERO, Some(2));
    for delay in 0..10 {
        vibrator.buzz(buzz(100, delay));
    }
    vibrator.finish();
    assert_eq!(started.lock().unwrap().len(), 2);
}

#[test]
fn a_device_without_a_vibrator_never_buzzes() {
    let none = Vibrator::none();
    assert!(!none.can_buzz());
    none.buzz(buzz(100, 0));
    none.finish();
}

#[cfg(not(all(feature = "android", target_os = "android")))]
#[test]
fn only_android_has_a_vibrator() {
    let vibrator = Vibrator::start();
    assert!(!vibrator.can_buzz());
}

/// Plays `from` to `to` with the throw `values` on `json`'s position, and
/// gives the move's buzz walking at `step_ms`.
fn move_buzz(json: &str, values: &[u8], from: u8, to: u8, step_ms: u32) -> Option<BuzzCue> {
    let mut turn = Turn::new(Position::from_json(json).unwrap());
    let implement = turn.implement();
    turn.add_throw(Throw::of(implement, values).unwrap());
    let mv = (turn.legal_moves().into_iter())
        .find(|m| m.from == from && m.to == to)
        .unwrap_or_else(|| panic!("{from} to {to} is legal"));
    let effects = turn.play(mv).unwrap();
    buzz_for_move(&effects, crate::sound::landing_ms(to - from, step_ms))
}

const AKBAR: &str = r#"{"game": "chaupar-akbar",
    "seats": ["black", "red", "yellow", "green"], "to_move": "black",
    "pawns": {"black": [15, 77, 79, 84], "red": [1, 2, 3, 71],
              "yellow": [1, 2, 3, 4], "green": [1, 2, 3, 4]}}"#;

#[test]
fn only_a_capture_buzzes_a_move_strongly_as_its_pawn_lands() {
    // 15 + 5 = 20, Red's pawn there goes back.
    let capture = move_buzz(AKBAR, &[5, 1, 2], 15, 20, 120);
    assert_eq!(
        capture,
        Some(BuzzCue {
            buzz: CAPTURE_BUZZ,
            delay_ms: crate::sound::landing_ms(5, 120)
        })
    );
    assert_eq!(capture.unwrap().delay_ms, 4 * 120);
    // Shown as a jump, it buzzes at once.
    assert_eq!(move_buzz(AKBAR, &[5, 1, 2], 15, 20, 0).unwrap().delay_ms, 0);
    // A plain step and a pawn reaching Home do not buzz.
    assert_eq!(move_buzz(AKBAR, &[5, 1, 2], 15, 17, 120), None);
    assert_eq!(move_buzz(AKBAR, &[5, 1, 2], 79, 84, 120), None);
}

#[test]
fn the_dice_settle_with_a_short_buzz_firmer_for_a_harder_fling() {
    let gentle = buzz_for_throw(0.0, 550);
    let hard = buzz_for_throw(1.0, 550);
    assert_eq!(gentle.delay_ms, 550, "as the tumble ends");
    assert_eq!(buzz_for_throw(0.5, 0).delay_ms, 0, "no tumble: at once");
    assert!(gentle.buzz.strength < hard.buzz.strength);
    assert!(hard.buzz.strength < CAPTURE_BUZZ.strength);
    assert!(hard.buzz.millis <= 30 && gentle.buzz.millis == hard.buzz.millis);
    // A fling out of range is taken as the nearest.
    assert_eq!(buzz_for_throw(7.0, 0), buzz_for_throw(1.0, 0));
    assert!(buzz_for_throw(-1.0, 0).buzz.strength > 0, "never silent");
}
