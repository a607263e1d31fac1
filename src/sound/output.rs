//! Where the sound thread writes its samples: the system's audio output
//! (ALSA, cpal), or a test's. The player, the outputs and the opener of
//! the system's one all stand on this, and on nothing of each other.

/// Where the mixed sound goes: a device, a sound server, or a test.
/// Samples are mono at the synthesiser's rate, 16-bit. It is opened, used and closed on
/// the sound thread.
pub trait Output {
    /// How many samples to write at a time.
    fn block(&self) -> usize;

    /// Writes `samples`, waiting while the output's buffer is full.
    fn write(&mut self, samples: &[i16]) -> Result<(), String>;

    /// Nothing more to play for now: let what was written be heard and
    /// rest until the next write.
    fn pause(&mut self) {}
}

/// Opens an output, on the sound thread.
pub type Opener = Box<dyn FnOnce() -> Result<Box<dyn Output>, String> + Send>;
