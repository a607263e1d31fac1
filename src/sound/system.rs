//! The system's audio output, where this build has one: ALSA on Linux
//! with the `sound` feature.

use super::player::Output;

/// Opens the system's audio output.
#[cfg(all(feature = "sound", target_os = "linux"))]
pub fn open() -> Result<Box<dyn Output>, String> {
    super::alsa::open()
}

/// Opens the system's audio output: this build has none.
#[cfg(not(all(feature = "sound", target_os = "linux")))]
pub fn open() -> Result<Box<dyn Output>, String> {
    Err("this build has no audio output".into())
}
