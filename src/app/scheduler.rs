//! Where the app's slow work runs (the computer's decisions, the autosave's
//! writes): on a thread of its own, handing its result back to the UI
//! thread through Slint's event loop, or, where there are no threads (a
//! browser), one bounded step at a time from a timer while nothing on the
//! screen is moving. Either way the result reaches `done` on the UI thread.

use std::cell::RefCell;
use std::collections::VecDeque;
use std::rc::{Rc, Weak};
use std::time::Duration;

use slint::{Timer, TimerMode};

use crate::work::Work;

/// How the app runs its slow work.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Scheduling {
    /// Each piece of work on a thread of its own (desktop and Android).
    #[cfg(not(target_arch = "wasm32"))]
    Threads,
    /// On the UI thread, one step per tick while the screen is still.
    Slices,
}

impl Default for Scheduling {
    fn default() -> Scheduling {
        #[cfg(not(target_arch = "wasm32"))]
        return Scheduling::Threads;
        #[cfg(target_arch = "wasm32")]
        return Scheduling::Slices;
    }
}

pub enum Scheduler {
    #[cfg(not(target_arch = "wasm32"))]
    Threads,
    Slices(Rc<Slices>),
}

/// A step of work and what to do with its result, boxed: `true` once done.
type Slice = Box<dyn FnMut() -> bool>;

/// The same-thread form: work waiting its turn, and the timer that steps it.
pub struct Slices {
    queue: RefCell<VecDeque<Slice>>,
    timer: Timer,
    /// Whether the screen is still (no throw tumbling, no pawn walking).
    still: Box<dyn Fn() -> bool>,
}

/// How often the same-thread form looks for a step to do; a step itself is
/// bounded by the work (a Hard candidate, one save).
const TICK: Duration = Duration::from_millis(4);

impl Scheduler {
    /// `still` tells the same-thread form when it may take a step.
    pub fn new(scheduling: Scheduling, still: impl Fn() -> bool + 'static) -> Scheduler {
        match scheduling {
            #[cfg(not(target_arch = "wasm32"))]
            Scheduling::Threads => {
                drop(still);
                Scheduler::Threads
            }
            Scheduling::Slices => Scheduler::Slices(Rc::new(Slices {
                queue: RefCell::new(VecDeque::new()),
                timer: Timer::default(),
                still: Box::new(still),
            })),
        }
    }

    /// Runs `work` and hands its result to `done` on the UI thread. Work
    /// still running when the app closes is abandoned.
    pub fn run<W>(&self, work: W, done: impl FnOnce(W::Output) + 'static)
    where
        W: Work + Send + 'static,
        W::Output: Send + 'static,
    {
        match self {
            #[cfg(not(target_arch = "wasm32"))]
            Scheduler::Threads => {
                let (sender, result) = futures_channel::oneshot::channel();
                std::thread::spawn(move || {
                    // Fails only when the app has closed meanwhile.
                    let _ = sender.send(work.finish());
                });
                let handed_back = slint::spawn_local(async move {
                    if let Ok(output) = result.await {
                        done(output);
                    }
                });
                if let Err(e) = handed_back {
                    eprintln!("chaupar: no event loop to hand work back to: {e}");
                }
            }
            Scheduler::Slices(slices) => slices.push(work, done),
        }
    }

    /// Runs `work` whose result nobody waits for (the autosave's writes,
    /// whose failures the next flush reports).
    pub fn run_unanswered<W>(&self, work: W)
    where
        W: Work + Send + 'static,
    {
        match self {
            #[cfg(not(target_arch = "wasm32"))]
            Scheduler::Threads => {
                std::thread::spawn(move || {
                    work.finish();
                });
            }
            Scheduler::Slices(slices) => slices.push(work, drop),
        }
    }
}

impl Slices {
    fn push<W: Work + 'static>(self: &Rc<Self>, work: W, done: impl FnOnce(W::Output) + 'static) {
        let mut work = work;
        let mut done = Some(done);
        self.queue
            .borrow_mut()
            .push_back(Box::new(move || match work.step() {
                Some(output) => {
                    if let Some(done) = done.take() {
                        done(output);
                    }
                    true
                }
                None => false,
            }));
        if !self.timer.running() {
            let slices: Weak<Slices> = Rc::downgrade(self);
            self.timer.start(TimerMode::Repeated, TICK, move || {
                if let Some(slices) = slices.upgrade() {
                    slices.tick();
                }
            });
        }
    }

    /// Takes one step of the oldest work, if the screen is still.
    fn tick(&self) {
        if !(self.still)() {
            return;
        }
        // Out of the queue while it runs: its `done` may queue more work.
        let Some(mut slice) = self.queue.borrow_mut().pop_front() else {
            self.timer.stop();
            return;
        };
        if !slice() {
            self.queue.borrow_mut().push_front(slice);
        }
    }
}
