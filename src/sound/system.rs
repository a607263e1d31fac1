//! The system's audio output, where this build has one (with the `sound`
//! feature): ALSA on Linux; cpal on Android, Windows and macOS; Web Audio
//! in a browser.

use super::player::Output;
use super::{SoundSettings, SoundSink};
use std::rc::Rc;

/// The app's sound, with `settings`: a player on the system's audio
/// output (`Player::start`).
#[cfg(not(all(feature = "sound", target_arch = "wasm32")))]
pub fn sink(settings: &SoundSettings) -> Rc<dyn SoundSink> {
    Rc::new(super::Player::start(settings))
}

/// The app's sound, with `settings`: in a browser, where no sound thread
/// can start, Web Audio.
#[cfg(all(feature = "sound", target_arch = "wasm32"))]
pub fn sink(settings: &SoundSettings) -> Rc<dyn SoundSink> {
    Rc::new(super::web::WebAudio::start(settings))
}

/// Opens the system's audio output.
#[cfg(all(feature = "sound", target_os = "linux"))]
pub fn open() -> Result<Box<dyn Output>, String> {
    super::alsa::open()
}

/// Opens the system's audio output.
#[cfg(all(
    feature = "sound",
    any(target_os = "android", target_os = "windows", target_os = "macos")
))]
pub fn open() -> Result<Box<dyn Output>, String> {
    super::cpal::open()
}

/// Opens the system's audio output: this build has none.
#[cfg(not(all(
    feature = "sound",
    any(
        target_os = "linux",
        target_os = "android",
        target_os = "windows",
        target_os = "macos"
    )
)))]
pub fn open() -> Result<Box<dyn Output>, String> {
    Err("this build has no audio output".into())
}
