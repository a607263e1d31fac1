//! Sounds mixed together: each sound in progress is a voice, and every
//! block of output adds up the voices sounding in it.

use super::synth::{self, RATE};
use super::{Cue, Sound};
use std::collections::HashMap;
use std::sync::Arc;

/// At most this many sounds at once: the oldest gives way.
const MAX_VOICES: usize = 32;

/// Samples below this pass the limiter unchanged.
const KNEE: f32 = 0.75;

struct Voice {
    samples: Arc<[f32]>,
    /// The next sample to play.
    at: usize,
    /// Samples of silence before the first.
    wait: usize,
}

/// The sounds in progress.
#[derive(Default)]
pub(crate) struct Mixer {
    voices: Vec<Voice>,
}

impl Mixer {
    /// Starts `samples` after `delay` samples of the next block.
    pub fn add(&mut self, samples: Arc<[f32]>, delay: usize) {
        if self.voices.len() == MAX_VOICES {
            self.voices.remove(0);
        }
        self.voices.push(Voice {
            samples,
            at: 0,
            wait: delay,
        });
    }

    /// Whether nothing is sounding or waiting to sound.
    pub fn is_idle(&self) -> bool {
        self.voices.is_empty()
    }

    /// The next `out.len()` samples of every voice added together, times
    /// `gain`, and kept below full scale.
    pub fn mix(&mut self, out: &mut [f32], gain: f32) {
        out.fill(0.0);
        for v in &mut self.voices {
            let skip = v.wait.min(out.len());
            v.wait -= skip;
            let rest = &v.samples[v.at..];
            let n = rest.len().min(out.len() - skip);
            for (o, s) in out[skip..skip + n].iter_mut().zip(rest) {
                *o += s * gain;
            }
            v.at += n;
        }
        self.voices.retain(|v| v.at < v.samples.len());
        out.iter_mut().for_each(|x| *x = limit(*x));
    }
}

/// A sample as it is, up to the knee; above it, bent smoothly towards
/// full scale and never reaching it, so that many sounds at once do not
/// clip.
pub(crate) fn limit(x: f32) -> f32 {
    let a = x.abs();
    if a <= KNEE {
        return x;
    }
    let room = 1.0 - KNEE;
    let over = a - KNEE;
    x.signum() * (KNEE + room * over / (over + room))
}

/// The samples of each sound, made once. Throws differ with every fling
/// and fall, so the bank forgets them when it grows large.
#[derive(Default)]
pub(crate) struct Bank {
    made: HashMap<Sound, Arc<[f32]>>,
}

impl Bank {
    /// A bank that already holds the sounds of moves.
    pub fn warm() -> Bank {
        let mut bank = Bank::default();
        let moves = (0..8).map(|n| Sound::Step { n }).chain([
            Sound::Capture { pawns: 1 },
            Sound::Home { pawns: 1 },
            Sound::Finish,
            Sound::Won,
            Sound::Refused,
        ]);
        for sound in moves {
            bank.get(sound);
        }
        bank
    }

    pub fn get(&mut self, sound: Sound) -> Arc<[f32]> {
        if self.made.len() >= 64 {
            self.made.retain(|s, _| !matches!(s, Sound::Throw { .. }));
        }
        let sound = match sound {
            // Steps repeat after eight.
            Sound::Step { n } => Sound::Step { n: n % 8 },
            s => s,
        };
        (self.made.entry(sound))
            .or_insert_with(|| synth::render(sound).into())
            .clone()
    }

    /// Adds `cue` to `mixer`, at its delay.
    pub fn cue(&mut self, mixer: &mut Mixer, cue: Cue) {
        let delay = (u64::from(cue.delay_ms) * u64::from(RATE) / 1000) as usize;
        mixer.add(self.get(cue.sound), delay);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mixed(mixer: &mut Mixer, blocks: usize, block: usize) -> Vec<f32> {
        let mut all = Vec::new();
        let mut out = vec![0.0; block];
        for _ in 0..blocks {
            mixer.mix(&mut out, 1.0);
            all.extend_from_slice(&out);
        }
        all
    }

    #[test]
    fn sounds_overlap_and_a_new_one_starts_in_the_next_block() {
        let mut bank = Bank::default();
        let bell = bank.get(Sound::Home { pawns: 1 });
        let knock = bank.get(Sound::Capture { pawns: 1 });
        let mut mixer = Mixer::default();
        mixer.add(bell.clone(), 0);
        let first = mixed(&mut mixer, 10, 480);
        assert_eq!(first[..], bell[..4800], "alone, the bell as it is");
        // The knock comes while the bell rings: both are heard at once.
        mixer.add(knock.clone(), 0);
        let both = mixed(&mut mixer, 4, 480);
        for (i, x) in both.iter().enumerate() {
            let want = bell[4800 + i] + knock.get(i).copied().unwrap_or(0.0);
            assert!((x - limit(want)).abs() < 1e-6, "sample {i}");
        }
        assert!(!mixer.is_idle());
        mixed(&mut mixer, bell.len() / 480 + 1, 480);
        assert!(mixer.is_idle(), "done when every sound has ended");
    }

    #[test]
    fn a_delayed_cue_starts_to_the_sample() {
        let mut bank = Bank::default();
        let mut mixer = Mixer::default();
        let step = |n| Cue {
            sound: Sound::Step { n },
            delay_ms: 120 * u32::from(n),
        };
        for n in 0..3 {
            bank.cue(&mut mixer, step(n));
        }
        let out = mixed(&mut mixer, 40, 256);
        let tap = bank.get(Sound::Step { n: 1 });
        assert_eq!(
            out[5760..5760 + tap.len()],
            tap[..],
            "the second step 120 ms on"
        );
        assert!(out[..5760].iter().skip(4000).all(|&x| x == 0.0));
    }

    #[test]
    fn many_sounds_at_once_do_not_clip() {
        let mut bank = Bank::default();
        let mut mixer = Mixer::default();
        for _ in 0..40 {
            bank.cue(&mut mixer, Cue::now(Sound::Capture { pawns: 1 }));
        }
        let out = mixed(&mut mixer, 10, 480);
        let peak = out.iter().fold(0.0f32, |m, x| m.max(x.abs()));
        assert!(peak > KNEE && peak < 1.0, "{peak}");
        // A single quiet sound passes unchanged.
        let mut mixer = Mixer::default();
        let tap = bank.get(Sound::Step { n: 0 });
        mixer.add(tap.clone(), 0);
        assert_eq!(mixed(&mut mixer, 10, 480)[..tap.len()], tap[..]);
    }
}
