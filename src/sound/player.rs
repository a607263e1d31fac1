//! Playing cues on the system's audio output, on a thread of its own.
//!
//! The caller only hands a cue over (a bounded channel, never waiting);
//! the thread opens the output, makes the sounds, mixes them and writes
//! them out. Without an output it says why in one line and the app plays
//! on in silence.

use super::mixer::{Bank, Mixer};
use super::output::{Opener, Output};
use super::synth::RATE;
use super::{Cue, SoundSink};
use serde::{Deserialize, Serialize};
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::mpsc::{self, Receiver, SyncSender, TryRecvError};
use std::sync::Arc;
use std::thread::JoinHandle;

/// The environment variable that turns the audio output off: `off`, `0`,
/// `no` or `none`.
pub const AUDIO_VAR: &str = "CHAUPAR_AUDIO";

/// Cues waiting for the sound thread; more are dropped.
const QUEUE: usize = 64;

/// How long the output keeps running in silence after the last sound,
/// so that quick sounds in a row start at once: one second.
const LINGER: usize = RATE as usize;

/// The player's sound settings, kept with the app's.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(default)]
pub struct SoundSettings {
    /// Sounds on.
    pub on: bool,
    /// Their volume, 0 to 100.
    pub volume: u8,
    /// Vibration on (on phones).
    pub vibrate: bool,
}

impl Default for SoundSettings {
    /// Sound on at a moderate volume, and vibration.
    fn default() -> SoundSettings {
        SoundSettings {
            on: true,
            volume: 70,
            vibrate: true,
        }
    }
}

impl SoundSettings {
    /// What the samples are multiplied by: the volume on a curve that
    /// sounds even (half the volume is a quarter of the amplitude), 0
    /// when sounds are off.
    pub fn gain(&self) -> f32 {
        if !self.on {
            return 0.0;
        }
        let v = f32::from(self.volume.min(100)) / 100.0;
        v * v
    }
}
/// Plays cues on an output of its own thread.
pub struct Player {
    queue: Option<SyncSender<Cue>>,
    /// The gain's bits (an f32), read by the sound thread for every block.
    gain: Arc<AtomicU32>,
    thread: Option<JoinHandle<()>>,
}

impl Player {
    /// The app's player, with `settings`: the system's audio output,
    /// unless [`AUDIO_VAR`] turns it off or there is none.
    pub fn start(settings: &SoundSettings) -> Player {
        let var = std::env::var(AUDIO_VAR).ok();
        if forced_off(var.as_deref()) {
            eprintln!(
                "chaupar: sound is off ({AUDIO_VAR}={})",
                var.unwrap_or_default()
            );
            return Player::silent();
        }
        Player::with_output(settings, Box::new(super::system::open))
    }

    /// A player that plays nothing.
    pub fn silent() -> Player {
        Player {
            queue: None,
            gain: Arc::new(AtomicU32::new(0)),
            thread: None,
        }
    }

    /// A player on the output `open` gives, opened on the sound thread.
    pub fn with_output(settings: &SoundSettings, open: Opener) -> Player {
        let (queue, cues) = mpsc::sync_channel(QUEUE);
        let gain = Arc::new(AtomicU32::new(settings.gain().to_bits()));
        let shared = gain.clone();
        let thread = std::thread::Builder::new()
            .name("sound".into())
            .spawn(move || match open() {
                Ok(output) => run(output, &cues, &shared),
                Err(e) => eprintln!("chaupar: no sound: {e}"),
            });
        match thread {
            Ok(thread) => Player {
                queue: Some(queue),
                gain,
                thread: Some(thread),
            },
            Err(e) => {
                eprintln!("chaupar: no sound: {e}");
                Player::silent()
            }
        }
    }

    /// Applies the settings' on/off and volume, to sounds playing too.
    pub fn apply(&self, settings: &SoundSettings) {
        self.gain
            .store(settings.gain().to_bits(), Ordering::Relaxed);
    }

    fn gain(&self) -> f32 {
        f32::from_bits(self.gain.load(Ordering::Relaxed))
    }

    /// Waits until every sound handed over has been played, and closes
    /// the output.
    pub fn finish(mut self) {
        self.queue = None;
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

impl SoundSink for Player {
    fn play(&self, cue: Cue) {
        if self.gain() > 0.0 {
            if let Some(queue) = &self.queue {
                // A full queue or a thread that found no output: no sound.
                let _ = queue.try_send(cue);
            }
        }
    }

    fn apply(&self, settings: &SoundSettings) {
        Player::apply(self, settings);
    }
}

/// Whether the value of [`AUDIO_VAR`] turns the output off.
pub fn forced_off(value: Option<&str>) -> bool {
    value.is_some_and(|v| {
        ["off", "0", "no", "none", "false"]
            .iter()
            .any(|off| v.trim().eq_ignore_ascii_case(off))
    })
}

/// The sound thread: mixes the cues handed over into the output until
/// the player is gone and every sound has been played.
fn run(mut output: Box<dyn Output>, cues: &Receiver<Cue>, gain: &AtomicU32) {
    let mut bank = Bank::warm();
    let mut mixer = Mixer::default();
    let block = output.block().max(1);
    let mut mixed = vec![0.0f32; block];
    let mut samples = vec![0i16; block];
    let mut quiet = LINGER;
    let mut open = true;
    loop {
        if mixer.is_idle() && (quiet >= LINGER || !open) {
            output.pause();
            if !open {
                return;
            }
            match cues.recv() {
                Ok(cue) => bank.cue(&mut mixer, cue),
                Err(_) => return,
            }
        }
        loop {
            match cues.try_recv() {
                Ok(cue) => bank.cue(&mut mixer, cue),
                Err(TryRecvError::Empty) => break,
                Err(TryRecvError::Disconnected) => {
                    open = false;
                    break;
                }
            }
        }
        quiet = if mixer.is_idle() { quiet + block } else { 0 };
        mixer.mix(&mut mixed, f32::from_bits(gain.load(Ordering::Relaxed)));
        for (s, &x) in samples.iter_mut().zip(&mixed) {
            *s = super::wav::to_i16(x);
        }
        if let Err(e) = output.write(&samples) {
            eprintln!("chaupar: sound stopped: {e}");
            return;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sound::{synth, Sound};
    use std::sync::Mutex;

    /// An output that keeps what is written to it.
    struct Tape {
        written: Arc<Mutex<Vec<i16>>>,
        fail_after: Option<usize>,
    }

    impl Output for Tape {
        fn block(&self) -> usize {
            480
        }

        fn write(&mut self, samples: &[i16]) -> Result<(), String> {
            let mut w = self.written.lock().unwrap();
            if self.fail_after.is_some_and(|n| w.len() >= n) {
                return Err("the device went away".into());
            }
            w.extend_from_slice(samples);
            Ok(())
        }
    }

    fn taped(settings: SoundSettings, fail_after: Option<usize>) -> (Player, Arc<Mutex<Vec<i16>>>) {
        let written = Arc::new(Mutex::new(Vec::new()));
        let tape = Tape {
            written: written.clone(),
            fail_after,
        };
        let player = Player::with_output(&settings, Box::new(move || Ok(Box::new(tape) as _)));
        (player, written)
    }

    fn peak(s: &[i16]) -> f32 {
        s.iter()
            .map(|x| f32::from(x.unsigned_abs()) / 32767.0)
            .fold(0.0, f32::max)
    }

    #[test]
    fn a_cue_is_played_whole_at_the_volume_set() {
        let settings = SoundSettings {
            volume: 50,
            ..SoundSettings::default()
        };
        let (player, written) = taped(settings, None);
        player.play(Cue::now(Sound::Capture { pawns: 1 }));
        player.finish();
        let written = written.lock().unwrap();
        let knock = synth::render(Sound::Capture { pawns: 1 });
        let start = written
            .iter()
            .position(|&s| s != 0)
            .expect("the knock is heard");
        let heard = &written[start..start + knock.len()];
        let p = peak(heard);
        assert!(
            (p - 0.25 * 0.4).abs() < 0.002,
            "half the volume, a quarter the amplitude: {p}"
        );
    }

    #[test]
    fn sounds_off_or_at_no_volume_play_nothing() {
        for settings in [
            SoundSettings {
                on: false,
                ..SoundSettings::default()
            },
            SoundSettings {
                volume: 0,
                ..SoundSettings::default()
            },
        ] {
            let (player, written) = taped(settings, None);
            player.play(Cue::now(Sound::Capture { pawns: 1 }));
            player.finish();
            assert!(
                written.lock().unwrap().iter().all(|&s| s == 0),
                "{settings:?}"
            );
        }
        // Turned back on, the next sound is heard.
        let off = SoundSettings {
            on: false,
            ..SoundSettings::default()
        };
        let (player, written) = taped(off, None);
        player.apply(&SoundSettings::default());
        player.play(Cue::now(Sound::Refused));
        player.finish();
        assert!(peak(&written.lock().unwrap()) > 0.05);
    }

    #[test]
    fn a_move_is_heard_step_by_step_in_one_stream() {
        let (player, written) = taped(SoundSettings::default(), None);
        for n in 0..3 {
            player.play(Cue {
                sound: Sound::Step { n },
                delay_ms: 100 * u32::from(n),
            });
        }
        player.finish();
        let written = written.lock().unwrap();
        let start = written.iter().position(|&s| s != 0).unwrap();
        // Each tap begins 100 ms (4800 samples) after the one before.
        for n in 1..3usize {
            let at = start + 4800 * n;
            assert!(
                written[at - 200..at].iter().all(|&s| s == 0),
                "a gap before tap {n}"
            );
            assert!(peak(&written[at..at + 480]) > 0.03, "tap {n} on time");
        }
    }

    #[test]
    fn without_an_output_playing_is_silent_and_never_fails() {
        let player = Player::with_output(
            &SoundSettings::default(),
            Box::new(|| Err("no sound server".into())),
        );
        for _ in 0..(3 * QUEUE) {
            player.play(Cue::now(Sound::Won));
        }
        player.finish();
        let player = Player::silent();
        player.play(Cue::now(Sound::Won));
        player.finish();
        // An output that fails while playing: the app plays on in silence.
        let (player, written) = taped(SoundSettings::default(), Some(4800));
        for _ in 0..(3 * QUEUE) {
            player.play(Cue::now(Sound::Home { pawns: 1 }));
        }
        player.finish();
        assert_eq!(written.lock().unwrap().len(), 4800);
    }

    #[test]
    fn the_environment_turns_sound_off() {
        for off in ["off", "OFF", "0", "no", "none", " off "] {
            assert!(forced_off(Some(off)), "{off}");
        }
        for on in [None, Some("on"), Some(""), Some("pulse")] {
            assert!(!forced_off(on), "{on:?}");
        }
    }

    #[test]
    fn settings_default_to_sound_on_at_a_moderate_volume_and_keep_what_was_chosen() {
        let s = SoundSettings::default();
        assert!(s.on && s.vibrate && (0.2..0.7).contains(&s.gain()));
        let read: SoundSettings = serde_json::from_str(r#"{"volume": 30}"#).unwrap();
        assert_eq!(read, SoundSettings { volume: 30, ..s });
        let text = serde_json::to_string(&SoundSettings { on: false, ..s }).unwrap();
        assert!(!serde_json::from_str::<SoundSettings>(&text).unwrap().on);
    }
}
