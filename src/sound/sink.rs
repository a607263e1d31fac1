//! Where cues go: the audio output, or a recording for tests (which
//! keeps a vibrator's buzzes too).

use super::{Cue, Sound, SoundSettings};
use crate::haptics::{Buzz, BuzzCue, BuzzSink};
use std::sync::Mutex;

/// Something that plays sounds. `play` returns at once: the sound is
/// heard `cue.delay_ms` later, over whatever else is sounding.
pub trait SoundSink {
    fn play(&self, cue: Cue);

    fn play_all(&self, cues: &[Cue]) {
        cues.iter().for_each(|&cue| self.play(cue));
    }

    /// Applies the settings' volume, to sounds playing too (a sink without
    /// a volume ignores it).
    fn apply(&self, _settings: &SoundSettings) {}
}

/// Keeps what it was asked to play and to buzz, in order.
#[derive(Default, Debug)]
pub struct RecordingSink {
    cues: Mutex<Vec<Cue>>,
    buzzes: Mutex<Vec<BuzzCue>>,
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

    /// The buzzes asked for, with their delays, in order.
    pub fn buzz_cues(&self) -> Vec<BuzzCue> {
        self.buzzes.lock().unwrap().clone()
    }

    /// The buzzes asked for, in order.
    pub fn buzzes(&self) -> Vec<Buzz> {
        self.buzz_cues().iter().map(|b| b.buzz).collect()
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
    fn buzz(&self, cue: BuzzCue) {
        self.buzzes.lock().unwrap().push(cue);
    }
}
