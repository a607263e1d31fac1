//! The system's audio output, where this build has one (with the `sound`
//! feature): ALSA on Linux; cpal on Android, Windows and macOS. (In a
//! browser the sink is Web Audio, `web`.)

use super::output::Output;

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
