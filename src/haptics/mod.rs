//! The game felt: which moments make a phone buzz, and the vibrator that
//! buzzes.
//!
//! Which moments buzz is decided here from what the engine says a throw
//! or a move did, the same effects that choose the sounds
//! (`crate::sound::cues`): a short buzz as the dice or shells settle, a
//! strong one as a move's pawns land on a capture, and nothing else. A
//! buzz is data ([`BuzzCue`]) handed to a [`BuzzSink`]; the app's sink is
//! a [`Vibrator`], tests use `sound::RecordingSink`.
//!
//! The [`Vibrator`] waits out each buzz's delay and drives its [`Motor`]
//! on a thread of its own, so that the UI thread never waits for the
//! system. The only motor is Android's (`android.rs`, over JNI); elsewhere
//! there is none and the app never buzzes. See docs/sound.md.

#[cfg(all(feature = "android", target_os = "android"))]
mod android;

use crate::rules::Effects;
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, SyncSender};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// A vibration: how long, and how strong from 1 to 255 (Android's
/// amplitude scale).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Buzz {
    pub millis: u16,
    pub strength: u8,
}

/// A buzz at its moment: `delay_ms` after the call that asked for it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct BuzzCue {
    pub buzz: Buzz,
    pub delay_ms: u32,
}

/// The strong buzz of a capture.
pub const CAPTURE_BUZZ: Buzz = Buzz {
    millis: 50,
    strength: 230,
};

/// The buzz when the dice or shells of a throw settle, `settle_ms` after
/// the throw (0 when they land at once): a short one, a little firmer for
/// a harder `fling` (0 to 1).
pub fn buzz_for_throw(fling: f32, settle_ms: u32) -> BuzzCue {
    BuzzCue {
        buzz: Buzz {
            millis: 20,
            strength: (80.0 + 80.0 * fling.clamp(0.0, 1.0)).round() as u8,
        },
        delay_ms: settle_ms,
    }
}

/// The buzz of a move whose pawns land `landing_ms` after it starts (the
/// sounds' `landing_ms`), as the engine's `effects` say: the strong one
/// for a capture, as the pawn lands (with the capture's knock), and none
/// for any other move.
pub fn buzz_for_move(effects: &Effects, landing_ms: u32) -> Option<BuzzCue> {
    (!effects.captures.is_empty()).then_some(BuzzCue {
        buzz: CAPTURE_BUZZ,
        delay_ms: landing_ms,
    })
}

/// Something that vibrates.
pub trait BuzzSink {
    /// Buzzes `cue.delay_ms` from now. Returns at once.
    fn buzz(&self, cue: BuzzCue);

    /// Whether this device can vibrate at all (the Settings screen offers
    /// vibration only where it can).
    fn can_buzz(&self) -> bool {
        true
    }
}

/// A device's vibration motor.
pub trait Motor: Send {
    /// Starts `buzz`, cutting short any buzz still running.
    fn vibrate(&mut self, buzz: Buzz) -> Result<(), String>;
}

/// Buzzes queued for the vibrator's thread; more are dropped.
const QUEUE: usize = 16;

/// Buzzes a [`Motor`] on a thread of its own, each at its moment.
pub struct Vibrator {
    queue: Option<SyncSender<(Instant, Buzz)>>,
    thread: Option<JoinHandle<()>>,
}

impl Vibrator {
    /// The device's vibrator: Android's, when the phone has one; none on
    /// other systems, where the app never buzzes and says nothing about it.
    pub fn start() -> Vibrator {
        match open_motor() {
            Ok(Some(motor)) => Vibrator::with_motor(motor),
            Ok(None) => Vibrator::none(),
            Err(e) => {
                eprintln!("chaupar: no vibration: {e}");
                Vibrator::none()
            }
        }
    }

    /// A vibrator that never buzzes: the device has none.
    pub fn none() -> Vibrator {
        Vibrator {
            queue: None,
            thread: None,
        }
    }

    /// Buzzes `motor` from a thread of its own.
    pub fn with_motor(motor: Box<dyn Motor>) -> Vibrator {
        let (queue, buzzes) = mpsc::sync_channel(QUEUE);
        match std::thread::Builder::new()
            .name("vibrator".into())
            .spawn(move || run(motor, &buzzes))
        {
            Ok(thread) => Vibrator {
                queue: Some(queue),
                thread: Some(thread),
            },
            Err(e) => {
                eprintln!("chaupar: no vibration: {e}");
                Vibrator::none()
            }
        }
    }

    /// Waits until every buzz handed over has started, and stops the
    /// thread.
    pub fn finish(mut self) {
        self.queue = None;
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

impl BuzzSink for Vibrator {
    fn buzz(&self, cue: BuzzCue) {
        if let Some(queue) = &self.queue {
            let at = Instant::now() + Duration::from_millis(cue.delay_ms.into());
            // A full queue, or a motor that failed: no buzz.
            let _ = queue.try_send((at, cue.buzz));
        }
    }

    fn can_buzz(&self) -> bool {
        self.queue.is_some()
    }
}

/// The vibrator's thread: starts each buzz at its moment, in the order of
/// their moments, until the vibrator is gone and nothing is waiting. A
/// motor that fails says so in one line and buzzes no more.
fn run(mut motor: Box<dyn Motor>, buzzes: &Receiver<(Instant, Buzz)>) {
    let mut waiting: Vec<(Instant, Buzz)> = Vec::new();
    let mut open = true;
    loop {
        let now = Instant::now();
        waiting.sort_by_key(|&(at, _)| at);
        let due = waiting.iter().take_while(|&&(at, _)| at <= now).count();
        for (_, buzz) in waiting.drain(..due) {
            if let Err(e) = motor.vibrate(buzz) {
                eprintln!("chaupar: vibration stopped: {e}");
                return;
            }
        }
        let next = match (waiting.first(), open) {
            (None, false) => return,
            (None, true) => buzzes.recv().map_err(|_| RecvTimeoutError::Disconnected),
            (Some(&(at, _)), true) => buzzes.recv_timeout(at.saturating_duration_since(now)),
            (Some(&(at, _)), false) => {
                std::thread::sleep(at.saturating_duration_since(now));
                continue;
            }
        };
        match next {
            Ok(buzz) => waiting.push(buzz),
            Err(RecvTimeoutError::Timeout) => {}
            Err(RecvTimeoutError::Disconnected) => open = false,
        }
    }
}

/// The device's motor: `Ok(None)` where there is none.
#[cfg(all(feature = "android", target_os = "android"))]
fn open_motor() -> Result<Option<Box<dyn Motor>>, String> {
    android::open()
}

/// The device's motor: this build has none.
#[cfg(not(all(feature = "android", target_os = "android")))]
fn open_motor() -> Result<Option<Box<dyn Motor>>, String> {
    Ok(None)
}

#[cfg(test)]
mod tests;
