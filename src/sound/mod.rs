//! The game heard: the sounds of the throws and the moves, made in code
//! (`synth`), and which sound each moment of a game makes.
//!
//! Every sound is synthesised here from seeded noise and struck
//! resonances, so the same moment always sounds the same and nothing is
//! recorded or downloaded. See docs/sound.md.
//!
//! The app keeps one sound sink, made at start with
//! `system_sink(&sound_settings)` (a [`Player`], or Web Audio in a
//! browser), and plays into it through [`SoundSink`] (by way of
//! `crate::outputs::Outputs`, which buzzes the vibrator beside it):
//! - on a throw, `cues_for_throw(&thrown, turn.implement(), fling)`;
//! - on a move, `cues_for_move(&effects, position_after, steps, step_ms)`
//!   as the pawns start walking;
//! - on a refused tap, [`cue_for_refusal`];
//! - when the settings change, `sink.apply(&sound_settings)`.

#[cfg(all(feature = "sound", target_os = "linux"))]
mod alsa;
#[cfg(all(
    feature = "sound",
    any(target_os = "android", target_os = "windows", target_os = "macos")
))]
mod cpal;
mod cues;
mod mixer;
mod output;
mod player;
#[cfg(any(
    test,
    all(
        feature = "sound",
        any(target_os = "android", target_os = "windows", target_os = "macos")
    )
))]
mod pull;
mod sink;
pub mod synth;
mod system;
#[cfg(test)]
mod tests;
pub mod wav;
#[cfg(all(feature = "sound", target_arch = "wasm32"))]
mod web;

#[cfg(all(feature = "sound", target_os = "linux"))]
pub use alsa::DEVICE_VAR;
pub use cues::{
    cue_for_refusal, cues_for_move, cues_for_throw, landing_ms, Cue, FLOURISH_AFTER_MS,
};
pub use output::{Opener, Output};
pub use player::{forced_off, Player, SoundSettings, AUDIO_VAR};
pub use sink::{RecordingSink, SoundSink};

use crate::dice::Implement;
use std::rc::Rc;

/// The app's sound, with `settings`: a player on the system's audio
/// output (`Player::start`).
#[cfg(not(all(feature = "sound", target_arch = "wasm32")))]
pub fn system_sink(settings: &SoundSettings) -> Rc<dyn SoundSink> {
    Rc::new(Player::start(settings))
}

/// The app's sound, with `settings`: in a browser, where no sound thread
/// can start, Web Audio.
#[cfg(all(feature = "sound", target_arch = "wasm32"))]
pub fn system_sink(settings: &SoundSettings) -> Rc<dyn SoundSink> {
    Rc::new(web::WebAudio::start(settings))
}

/// A sound the app plays.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Sound {
    /// A throw: the implement shaken and dropped on the cloth or board.
    Throw {
        implement: Implement,
        /// How hard the throw was flung, 0 to 100: a harder fling is
        /// louder and longer.
        fling: u8,
        /// How the throw fell: for cowries, bit i set when shell i fell
        /// mouth up (those rock before they settle); for dice, the values.
        /// It picks the details, so that one throw always sounds the same.
        fall: u16,
    },
    /// A pawn setting down on the next square: the `n`th step of a move
    /// (each a little different, so a long move does not drone).
    Step { n: u8 },
    /// Pawns sent back: a sharp knock, doubled for a pair.
    Capture { pawns: u8 },
    /// Pawns reaching Home: a small bell, struck once for each.
    Home { pawns: u8 },
    /// A player finishing while the game goes on: a short flourish.
    Finish,
    /// A game won: the full flourish and the bell.
    Won,
    /// A tap the rules refuse: a muted thud.
    Refused,
}

impl Sound {
    /// The sound of a throw flung with `fling` (0 to 1) that showed `throw`.
    pub fn throw(implement: Implement, throw: &crate::dice::Throw, fling: f32) -> Sound {
        let fall = match implement {
            Implement::Cowries(_) => throw
                .shells()
                .enumerate()
                .fold(0u16, |up, (i, shell)| up | u16::from(shell) << i),
            _ => (throw.values().iter()).fold(0u16, |code, &v| code << 3 | u16::from(v & 7)),
        };
        Sound::Throw {
            implement,
            fling: (fling.clamp(0.0, 1.0) * 100.0).round() as u8,
            fall,
        }
    }
}
