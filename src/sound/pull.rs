//! Sound handed from the sound thread to an output that asks for it.
//!
//! cpal's hosts (AAudio on Android, WASAPI on Windows, CoreAudio on macOS)
//! call back for samples when the device wants them, while the player
//! writes samples as it mixes them: a short queue between the two. The
//! player's side, [`Feed`], waits while the queue is full; the device's
//! side, [`Tap`], never waits for the player, plays silence when the queue
//! is empty, and converts the sounds' rate to the device's, so that the
//! device is played at the rate it runs at and never asked to change it.

use std::collections::VecDeque;
use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::time::Duration;

/// The player's side of the queue.
pub struct Feed {
    shared: Arc<Shared>,
    /// How many samples may wait in the queue.
    ahead: usize,
    /// How long the device may take nothing before it is taken for gone.
    stall: Duration,
}

/// The device's side of the queue.
pub struct Tap {
    shared: Arc<Shared>,
    /// Samples of the queue to a frame of the device's.
    step: f64,
    /// Where the next frame falls between `before` and `after`, 0 to 1.
    at: f64,
    before: f32,
    after: f32,
}

/// Tells the player that the device failed.
#[derive(Clone)]
pub struct Failure {
    shared: Arc<Shared>,
}

#[derive(Default)]
struct Shared {
    queue: Mutex<Queue>,
    /// Notified whenever the device has taken samples or failed.
    taken: Condvar,
}

#[derive(Default)]
struct Queue {
    samples: VecDeque<i16>,
    failed: Option<String>,
}

/// A queue holding up to `ahead` samples at `rate`, for a device that
/// plays `device_rate` frames a second and is taken for gone when it takes
/// nothing for `stall`.
pub fn queue(ahead: usize, stall: Duration, rate: u32, device_rate: u32) -> (Feed, Tap) {
    let shared = Arc::new(Shared::default());
    let tap = Tap {
        shared: shared.clone(),
        step: f64::from(rate) / f64::from(device_rate.max(1)),
        at: 1.0,
        before: 0.0,
        after: 0.0,
    };
    (
        Feed {
            shared,
            ahead,
            stall,
        },
        tap,
    )
}

impl Shared {
    fn lock(&self) -> MutexGuard<'_, Queue> {
        // A panic while holding the lock leaves the queue usable.
        self.queue.lock().unwrap_or_else(|e| e.into_inner())
    }
}

impl Feed {
    /// Queues `samples`, waiting while the queue holds more than `ahead`:
    /// an error once the device has failed, or has taken nothing for
    /// `stall`.
    pub fn write(&self, samples: &[i16]) -> Result<(), String> {
        let mut queue = self.wait_while(|q| q.samples.len() > self.ahead)?;
        queue.samples.extend(samples);
        Ok(())
    }

    /// Waits until the device has taken every sample queued.
    pub fn drain(&self) -> Result<(), String> {
        self.wait_while(|q| !q.samples.is_empty()).map(drop)
    }

    fn wait_while(
        &self,
        mut busy: impl FnMut(&Queue) -> bool,
    ) -> Result<MutexGuard<'_, Queue>, String> {
        let mut queue = self.shared.lock();
        loop {
            if let Some(why) = &queue.failed {
                return Err(why.clone());
            }
            if !busy(&queue) {
                return Ok(queue);
            }
            let before = queue.samples.len();
            let (next, waited) = (self.shared.taken)
                .wait_timeout(queue, self.stall)
                .unwrap_or_else(|e| e.into_inner());
            queue = next;
            if waited.timed_out() && queue.samples.len() == before {
                return Err("the sound device stopped taking sound".into());
            }
        }
    }
}

impl Tap {
    /// Fills `out`, frames of `channels` samples, with the samples queued
    /// at the device's rate (each frame between the two samples it falls
    /// between, one sample behind the queue), full scale 1, each on every
    /// channel and made the device's by `convert`; with silence
    /// (`convert(0.0)`) once the queue is empty.
    pub fn fill<T: Copy>(&mut self, out: &mut [T], channels: usize, convert: impl Fn(f32) -> T) {
        let mut queue = self.shared.lock();
        for frame in out.chunks_mut(channels.max(1)) {
            while self.at >= 1.0 {
                self.before = self.after;
                self.after = f32::from(queue.samples.pop_front().unwrap_or(0)) / 32768.0;
                self.at -= 1.0;
            }
            let x = self.before + (self.after - self.before) * self.at as f32;
            frame.fill(convert(x));
            self.at += self.step;
        }
        drop(queue);
        self.shared.taken.notify_all();
    }

    /// What tells the player that the device failed.
    pub fn failure(&self) -> Failure {
        Failure {
            shared: self.shared.clone(),
        }
    }
}

impl Failure {
    /// The device failed, for `why`: the player's next write says so.
    pub fn fail(&self, why: String) {
        self.shared.lock().failed = Some(why);
        self.shared.taken.notify_all();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::thread;

    const LONG: Duration = Duration::from_secs(10);

    /// 16-bit samples as the device gets them (full scale 1).
    fn scaled(samples: &[i16]) -> Vec<f32> {
        samples.iter().map(|&s| f32::from(s) / 32768.0).collect()
    }

    #[test]
    fn the_device_takes_the_samples_in_order_on_every_channel_then_silence() {
        let (feed, mut tap) = queue(100, LONG, 48_000, 48_000);
        feed.write(&[1000, 2000, 3000]).unwrap();
        let mut out = [9.0f32; 10];
        tap.fill(&mut out, 2, |x| x);
        let [a, b, c] = scaled(&[1000, 2000, 3000])[..] else {
            unreachable!()
        };
        assert_eq!(out, [0.0, 0.0, a, a, b, b, c, c, 0.0, 0.0]);
        // Silence is the format's own: the middle of an unsigned range.
        let mut out = [0u16; 2];
        tap.fill(&mut out, 1, |x| (x * 32768.0 + 32768.0) as u16);
        assert_eq!(out, [32768, 32768]);
        feed.drain().unwrap();
    }

    #[test]
    fn a_device_at_another_rate_plays_the_same_sound() {
        let tone = |t: f64| (std::f64::consts::TAU * 1000.0 * t).sin() * 16000.0;
        let (feed, mut tap) = queue(10_000, LONG, 48_000, 44_100);
        let samples: Vec<i16> = (0..4800)
            .map(|n| tone(n as f64 / 48_000.0) as i16)
            .collect();
        feed.write(&samples).unwrap();
        let mut out = vec![0.0f32; 4000];
        tap.fill(&mut out, 1, |x| x);
        // Frame k is the tone at k / 44100 s, a sample (1/48000 s) behind.
        for (k, &x) in out.iter().enumerate().skip(1) {
            let want = tone(k as f64 / 44_100.0 - 1.0 / 48_000.0) / 32768.0;
            assert!(
                (f64::from(x) - want).abs() < 0.005,
                "frame {k}: {x} for {want}"
            );
        }
        // Twice the rate: every other sample.
        let (feed, mut tap) = queue(100, LONG, 96_000, 48_000);
        feed.write(&[1000, 2000, 3000, 4000, 5000]).unwrap();
        let mut out = [9.0f32; 3];
        tap.fill(&mut out, 1, |x| x);
        assert_eq!(out[..], [0.0, scaled(&[2000])[0], scaled(&[4000])[0]]);
    }

    #[test]
    fn the_player_waits_while_the_queue_is_full_and_goes_on_as_it_empties() {
        use std::sync::atomic::{AtomicUsize, Ordering};
        let (feed, mut tap) = queue(4, LONG, 48_000, 48_000);
        let written = Arc::new(AtomicUsize::new(0));
        let count = written.clone();
        let writer = thread::spawn(move || {
            for block in 1..6i16 {
                feed.write(&[block; 4]).unwrap();
                count.fetch_add(1, Ordering::SeqCst);
            }
            feed.drain().unwrap();
        });
        // Nothing taken: the player wrote one block over the four samples
        // ahead, and waits.
        thread::sleep(Duration::from_millis(100));
        assert_eq!(written.load(Ordering::SeqCst), 2);
        let mut heard = Vec::new();
        while !writer.is_finished() {
            let mut out = [0i16; 3];
            tap.fill(&mut out, 1, |x| (x * 32768.0).round() as i16);
            heard.extend(out);
            thread::sleep(Duration::from_millis(2));
        }
        writer.join().unwrap();
        // Every sample once, in order (with silence wherever the device
        // asked before the player had written more).
        heard.retain(|&s| s != 0);
        let wanted: Vec<i16> = (1..6).flat_map(|b| [b; 4]).collect();
        assert_eq!(heard[..wanted.len() - 1], wanted[..wanted.len() - 1]);
    }

    #[test]
    fn a_device_that_fails_or_stops_taking_sound_is_an_error() {
        let (feed, tap) = queue(4, LONG, 48_000, 48_000);
        feed.write(&[1; 4]).unwrap();
        tap.failure().fail("the device was unplugged".into());
        assert_eq!(feed.write(&[1; 4]), Err("the device was unplugged".into()));
        assert!(feed.drain().is_err());

        let (feed, _tap) = queue(4, Duration::from_millis(20), 48_000, 48_000);
        feed.write(&[1; 8]).unwrap();
        let e = feed.write(&[1; 8]).unwrap_err();
        assert!(e.contains("stopped"), "{e}");
    }
}
