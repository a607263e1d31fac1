//! Slint's platform on a phone: the event loop that hands Android's events
//! to the app's window, runs Slint's timers and animations, draws a frame
//! when Slint asks for one, and tells the app's [`Lifecycle`] when Android
//! pauses, stops or ends it.
//!
//! [`Lifecycle`]: crate::lifecycle::Lifecycle

use super::window::{Insets, PhoneWindow};
use crate::lifecycle::Event;
use slint::platform::software_renderer::PremultipliedRgbaColor;
use slint::platform::{
    duration_until_next_timer_update, update_timers_and_animations, EventLoopProxy, Platform,
    PointerEventButton, WindowAdapter, WindowEvent, WindowEventDispatchResult,
};
use slint::{EventLoopError, PhysicalSize, PlatformError, SharedString, WindowSize};
use std::cell::RefCell;
use std::rc::Rc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// What happened, as the event loop needs to know it: Android's events in
/// the app's terms.
#[derive(Clone, Debug, PartialEq)]
pub enum PhoneEvent {
    /// The activity has a window (again), of this size in pixels.
    WindowShown(PhysicalSize),
    /// The window is gone: nothing can be drawn until the next one.
    WindowLost,
    /// Android wants the window drawn again (its size may have changed).
    RedrawNeeded,
    /// The screen's density, in dots per inch, if known.
    Density(Option<u32>),
    /// The system's bars cover this much of the window.
    Insets(Insets),
    /// A moment of the app's life.
    Life(Event),
    /// The first finger on the screen, at a pixel of the window.
    Touch { phase: TouchPhase, x: f32, y: f32 },
    /// A key went down (`pressed`) or up; `text` is Slint's name for it (a
    /// character, or one of `slint::platform::Key`'s).
    Key { text: SharedString, pressed: bool },
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TouchPhase {
    Down,
    Move,
    Up,
    /// The system took the gesture over (say, a swipe from the edge).
    Cancel,
}

/// What the event loop needs of Android. The phone's is in `activity.rs`;
/// the tests bring their own.
pub trait Host {
    /// Waits up to `timeout` (without one, until something happens) and
    /// hands each event to `handle`, which says whether the app took it.
    fn wait(&mut self, timeout: Option<Duration>, handle: &mut dyn FnMut(PhoneEvent) -> bool);
    /// Locks the window's next buffer, lets `paint` draw into it (its
    /// pixels, the pixels from one row to the next, and its size), and
    /// posts it; false if there is no window to draw into.
    fn draw(
        &mut self,
        paint: &mut dyn FnMut(&mut [PremultipliedRgbaColor], usize, PhysicalSize),
    ) -> bool;
    /// Shows or hides the soft keyboard.
    fn show_keyboard(&mut self, show: bool);
}

/// Work another thread hands to the event loop.
type Job = Box<dyn FnOnce() + Send>;

/// Work handed to the event loop from other threads, and its waker.
#[derive(Clone)]
struct Mailbox {
    jobs: Arc<Mutex<Vec<Job>>>,
    quit: Arc<AtomicBool>,
    wake: Arc<dyn Fn() + Send + Sync>,
}

impl EventLoopProxy for Mailbox {
    fn quit_event_loop(&self) -> Result<(), EventLoopError> {
        self.quit.store(true, Ordering::SeqCst);
        (self.wake)();
        Ok(())
    }

    fn invoke_from_event_loop(&self, job: Job) -> Result<(), EventLoopError> {
        self.jobs
            .lock()
            .map_err(|_| EventLoopError::EventLoopTerminated)?
            .push(job);
        (self.wake)();
        Ok(())
    }
}

pub struct PhonePlatform {
    window: Rc<PhoneWindow>,
    host: RefCell<Box<dyn Host>>,
    life: Box<dyn Fn(Event)>,
    /// The keys whose press the app took and whose release is to come.
    keys_taken: RefCell<Vec<SharedString>>,
    mailbox: Mailbox,
    /// Whether another thread may hand work to the loop: only one platform
    /// in a process may offer that to Slint.
    takes_work_from_threads: bool,
}

impl PhonePlatform {
    /// A platform on `host` whose app is told of its life by `life`. With
    /// `wake`, a way to interrupt the host's wait from any thread, other
    /// threads may hand work to the event loop (`slint::invoke_from_event_loop`
    /// and `slint::spawn_local`, which the app's scheduler uses).
    pub fn new(
        host: Box<dyn Host>,
        life: Box<dyn Fn(Event)>,
        wake: Option<Arc<dyn Fn() + Send + Sync>>,
    ) -> PhonePlatform {
        PhonePlatform {
            window: PhoneWindow::new(),
            host: RefCell::new(host),
            life,
            keys_taken: RefCell::default(),
            takes_work_from_threads: wake.is_some(),
            mailbox: Mailbox {
                jobs: Arc::default(),
                quit: Arc::default(),
                wake: wake.unwrap_or_else(|| Arc::new(|| {})),
            },
        }
    }

    /// Hands `event` to the window or the app's lifecycle; says whether the
    /// app took it, and whether the loop goes on.
    fn handle(&self, event: PhoneEvent, shown: &mut bool) -> (bool, Flow) {
        let window = &self.window;
        match event {
            PhoneEvent::WindowShown(size) => {
                *shown = true;
                window.set_size(WindowSize::Physical(size));
                window.request_redraw();
            }
            PhoneEvent::WindowLost => *shown = false,
            PhoneEvent::RedrawNeeded => window.request_redraw(),
            PhoneEvent::Density(dpi) => window.set_density(dpi),
            PhoneEvent::Insets(insets) => window.set_insets(insets),
            PhoneEvent::Life(event) => {
                (self.life)(event);
                if event == Event::Destroy {
                    return (true, Flow::End);
                }
            }
            PhoneEvent::Touch { phase, x, y } => {
                let position = window.position(x, y);
                let button = PointerEventButton::Left;
                let events = match phase {
                    TouchPhase::Down => vec![
                        WindowEvent::PointerMoved { position },
                        WindowEvent::PointerPressed { position, button },
                    ],
                    TouchPhase::Move => vec![WindowEvent::PointerMoved { position }],
                    // A finger leaves no pointer hovering where it lifted.
                    TouchPhase::Up => vec![
                        WindowEvent::PointerReleased { position, button },
                        WindowEvent::PointerExited,
                    ],
                    TouchPhase::Cancel => vec![WindowEvent::PointerExited],
                };
                for event in events {
                    window.window().dispatch_event(event);
                }
            }
            PhoneEvent::Key {
                text,
                pressed: true,
            } => {
                let event = WindowEvent::KeyPressed { text: text.clone() };
                let result = window.window().dispatch_event_with_result(event);
                let taken = !matches!(result, Ok(WindowEventDispatchResult::Rejected));
                if taken {
                    self.keys_taken.borrow_mut().push(text);
                }
                return (taken, Flow::Continue);
            }
            PhoneEvent::Key {
                text,
                pressed: false,
            } => {
                window
                    .window()
                    .dispatch_event(WindowEvent::KeyReleased { text: text.clone() });
                // A key's release belongs to whoever took its press: Android
                // acts on the back key as it is released, and would close
                // the app under a screen that has just gone back.
                let mut keys_taken = self.keys_taken.borrow_mut();
                let press = keys_taken.iter().position(|key| *key == text);
                return (
                    press.map(|at| keys_taken.remove(at)).is_some(),
                    Flow::Continue,
                );
            }
        }
        (true, Flow::Continue)
    }

    fn run_jobs(&self) {
        let jobs = match self.mailbox.jobs.lock() {
            Ok(mut jobs) => std::mem::take(&mut *jobs),
            Err(_) => return,
        };
        for job in jobs {
            job();
        }
    }

    /// How long the loop may sleep: not at all while something animates,
    /// else until Slint's next timer (or, with none, until an event).
    fn timeout(&self) -> Option<Duration> {
        if self.window.window().has_active_animations() || self.window.needs_redraw() {
            Some(Duration::ZERO)
        } else {
            duration_until_next_timer_update()
        }
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Flow {
    Continue,
    End,
}

impl Platform for PhonePlatform {
    fn create_window_adapter(&self) -> Result<Rc<dyn WindowAdapter>, PlatformError> {
        Ok(self.window.clone())
    }

    fn new_event_loop_proxy(&self) -> Option<Box<dyn EventLoopProxy>> {
        self.takes_work_from_threads
            .then(|| Box::new(self.mailbox.clone()) as Box<dyn EventLoopProxy>)
    }

    /// Runs until Android destroys the activity or the app quits.
    fn run_event_loop(&self) -> Result<(), PlatformError> {
        let mut host = self
            .host
            .try_borrow_mut()
            .map_err(|_| PlatformError::Other("the event loop is already running".into()))?;
        let mut shown = false;
        let mut flow = Flow::Continue;
        self.mailbox.quit.store(false, Ordering::SeqCst);
        while flow == Flow::Continue && !self.mailbox.quit.load(Ordering::SeqCst) {
            update_timers_and_animations();
            self.run_jobs();
            if let Some(show) = self.window.take_keyboard_request() {
                host.show_keyboard(show);
            }
            if shown && self.window.needs_redraw() {
                let window = &self.window;
                host.draw(&mut |pixels, stride, size| {
                    window.draw_if_needed(pixels, stride, size);
                });
            }
            let timeout = if shown {
                self.timeout()
            } else {
                duration_until_next_timer_update()
            };
            host.wait(timeout, &mut |event| {
                let (taken, next) = self.handle(event, &mut shown);
                if next == Flow::End {
                    flow = Flow::End;
                }
                taken
            });
        }
        Ok(())
    }
}
