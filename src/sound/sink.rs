//! Where cues and buzzes go: the audio output, a phone's vibrator, or a
//! recording for tests.

use super::{Buzz, Cue, Sound};
use std::sync::Mutex;

/// Something that plays sounds. `play` returns at once: the sound is
/// heard `cue.delay_ms` later, over whatever else is sounding.
pub trait SoundSink {
    fn play(&self, cue: Cue);

    fn play_all(&self, cues: &[Cue]) {
        cues.iter().for_each(|&cue| self.play(cue));
    }
}

/// Something that vibrates.
pub trait BuzzSink {
    fn buzz(&self, buzz: Buzz);
}

/// Keeps what it was asked to play and to buzz, in order.
#[derive(Default, Debug)]
pub struct RecordingSink {
    cues: Mutex<Vec<Cue>>,
    buzzes: Mutex<Vec<Buzz>>,
}

impl RecordingSink {
    pub fn new() -> RecordingSink {
        RecordingSink::default()
    }

    pub fn cues(&self) -> Vec<Cue> {
        self.cues.lock().unwrap().clone()
    }

    /// The sounds played, in order.
    pub fn sounds(&self) -> Vec<Sound> {
        self.cues().iter().map(|c| c.sound).collect()
    }

    pub fn buzzes(&self) -> Vec<Buzz> {
        self.buzzes.lock().unwrap().clone()
    }

    /// Forgets what was played and buzzed so far.
    pub fn clear(&self) {
        self.cues.lock().unwrap().clear();
        self.buzzes.lock().unwrap().clear();
    }
}

impl SoundSink for RecordingSink {
    fn play(&self, cue: Cue) {
        self.cues.lock().unwrap().push(cue);
    }
}

impl BuzzSink for RecordingSink {
    fn buzz(&self, buzz: Buzz) {
        self.buzzes.lock().unwrap().push(buzz);
    }
}
