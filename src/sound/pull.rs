//! Sound handed from the sound thread to an output that asks for it.
//!
//! cpal's hosts (AAudio on Android, WASAPI on Windows, CoreAudio on macOS)
//! call back for samples when the device wants them, while the player
//! writes samples as it mixes them: a short queue between the two. The
//! player's side, [`Feed`], waits while the queue is full; the device's
//! side, [`Tap`], never waits for the player, and plays silence when the
//! queue is empty.

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
#[derive(Clone)]
pub struct Tap {
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

/// A queue holding up to `ahead` samples, whose device is taken for gone
/// when it takes nothing for `stall`.
pub fn queue(ahead: usize, stall: Duration) -> (Feed, Tap) {
    let shared = Arc::new(Shared::default());
    let tap = Tap {
        shared: shared.clone(),
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
    /// Fills `out`, frames of `channels` samples, with the samples queued,
    /// each on every channel and made the device's by `convert`; with
    /// silence (`convert(0)`) once the queue is empty.
    pub fn fill<T: Copy>(&self, out: &mut [T], channels: usize, convert: impl Fn(i16) -> T) {
        let mut queue = self.shared.lock();
        for frame in out.chunks_mut(channels.max(1)) {
            frame.fill(convert(queue.samples.pop_front().unwrap_or(0)));
        }
        drop(queue);
        self.shared.taken.notify_all();
    }

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

    #[test]
    fn the_device_takes_the_samples_in_order_on_every_channel_then_silence() {
        let (feed, tap) = queue(100, LONG);
        feed.write(&[1, 2, 3]).unwrap();
        let mut out = [9.0f32; 8];
        tap.fill(&mut out, 2, |s| f32::from(s) / 10.0);
        assert_eq!(out, [0.1, 0.1, 0.2, 0.2, 0.3, 0.3, 0.0, 0.0]);
        // Silence is the format's own: the middle of an unsigned range.
        let mut out = [0u16; 2];
        tap.fill(&mut out, 1, |s| (i32::from(s) + 32768) as u16);
        assert_eq!(out, [32768, 32768]);
        feed.drain().unwrap();
    }

    #[test]
    fn the_player_waits_while_the_queue_is_full_and_goes_on_as_it_empties() {
        use std::sync::atomic::{AtomicUsize, Ordering};
        let (feed, tap) = queue(4, LONG);
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
            tap.fill(&mut out, 1, |s| s);
            heard.extend(out);
            thread::sleep(Duration::from_millis(2));
        }
        writer.join().unwrap();
        // Every sample once, in order (with silence wherever the device
        // asked before the player had written more).
        heard.retain(|&s| s != 0);
        let wanted: Vec<i16> = (1..6).flat_map(|b| [b; 4]).collect();
        assert_eq!(heard, wanted);
    }

    #[test]
    fn a_device_that_fails_or_stops_taking_sound_is_an_error() {
        let (feed, tap) = queue(4, LONG);
        feed.write(&[1; 4]).unwrap();
        tap.fail("the device was unplugged".into());
        assert_eq!(feed.write(&[1; 4]), Err("the device was unplugged".into()));
        assert!(feed.drain().is_err());

        let (feed, _tap) = queue(4, Duration::from_millis(20));
        feed.write(&[1; 8]).unwrap();
        let e = feed.write(&[1; 8]).unwrap_err();
        assert!(e.contains("stopped"), "{e}");
    }
}
