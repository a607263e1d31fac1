//! The Android app's platform (src/android/), on this machine: the event
//! loop runs against a made-up phone whose events are scripted and whose
//! window buffer is a plain list of pixels. Each test runs on its own
//! thread, so each sets its own Slint platform.

use chaupar::android::platform::{Host, PhoneEvent, PhonePlatform, TouchPhase};
use chaupar::android::window::Insets;
use chaupar::lifecycle::{Event, Lifecycle, PendingSaves};
use slint::platform::software_renderer::PremultipliedRgbaColor;
use slint::platform::Key;
use slint::{ComponentHandle, PhysicalSize};
use std::cell::{Cell, RefCell};
use std::collections::VecDeque;
use std::rc::Rc;
use std::time::Duration;

slint::slint! {
    export component Board inherits Window {
        in property <color> colour: #204080;
        out property <int> left-taps;
        out property <int> right-taps;
        out property <int> backs;
        out property <length> bar-height: root.safe-area-insets.top;
        background: colour;
        HorizontalLayout {
            // 100 logical pixels wide at any density: where its edge falls
            // in the screen's pixels depends on the scale factor.
            TouchArea {
                width: 100px;
                clicked => { root.left-taps += 1; }
            }
            TouchArea {
                clicked => { root.right-taps += 1; }
            }
        }
        keys := FocusScope {
            key-pressed(event) => {
                if event.text == Key.Back {
                    root.backs += 1;
                    return accept;
                }
                reject
            }
        }
        init => { keys.focus(); }
    }
}

/// One turn of the event loop's wait: events to deliver, or something the
/// app does meanwhile (as a timer or another thread's result would).
enum Step {
    Events(Vec<PhoneEvent>),
    Act(Box<dyn FnOnce()>),
}

/// What the made-up phone saw the loop do.
#[derive(Default)]
struct Seen {
    /// For each wait, in order, the frames drawn before it.
    frames_before_wait: Vec<u32>,
    /// The last frame's pixels, row after row.
    last_frame: Vec<PremultipliedRgbaColor>,
    /// Each event, in order, and whether the app took it.
    taken: Vec<(PhoneEvent, bool)>,
}

struct FakePhone {
    /// Filled in once the board exists, which needs the platform, which
    /// takes the phone.
    script: Rc<RefCell<VecDeque<Step>>>,
    size: PhysicalSize,
    frames: u32,
    seen: Rc<RefCell<Seen>>,
}

impl Host for FakePhone {
    fn wait(&mut self, _timeout: Option<Duration>, handle: &mut dyn FnMut(PhoneEvent) -> bool) {
        self.seen
            .borrow_mut()
            .frames_before_wait
            .push(std::mem::take(&mut self.frames));
        // Once the script is done, the activity is closed.
        let step = self.script.borrow_mut().pop_front();
        match step.unwrap_or(Step::Events(vec![PhoneEvent::Life(Event::Destroy)])) {
            Step::Events(events) => {
                for event in events {
                    if let PhoneEvent::WindowShown(size) = event {
                        self.size = size;
                    }
                    let taken = handle(event.clone());
                    self.seen.borrow_mut().taken.push((event, taken));
                }
            }
            Step::Act(act) => act(),
        }
    }

    fn draw(
        &mut self,
        paint: &mut dyn FnMut(&mut [PremultipliedRgbaColor], usize, PhysicalSize),
    ) -> bool {
        // Rows a little longer than the window, as Android's often are.
        let width = self.size.width as usize;
        let stride = width + 8;
        let mut pixels =
            vec![PremultipliedRgbaColor::default(); stride * self.size.height as usize];
        paint(&mut pixels, stride, self.size);
        self.frames += 1;
        self.seen.borrow_mut().last_frame = pixels
            .chunks(stride)
            .flat_map(|row| row[..width].to_vec())
            .collect();
        true
    }

    fn show_keyboard(&mut self, _show: bool) {}
}

/// A 400 × 200 pixel window on a 320 dpi screen: 200 × 100 in the UI.
fn window_shown() -> Vec<PhoneEvent> {
    vec![
        PhoneEvent::Density(Some(320)),
        PhoneEvent::WindowShown(PhysicalSize::new(400, 200)),
    ]
}

fn tap(x: f32, y: f32) -> Vec<PhoneEvent> {
    vec![
        PhoneEvent::Touch {
            phase: TouchPhase::Down,
            x,
            y,
        },
        PhoneEvent::Touch {
            phase: TouchPhase::Up,
            x,
            y,
        },
    ]
}

/// Sets the platform up on `steps`, opens the board and runs the loop to
/// the end of the script.
fn run(board_steps: impl FnOnce(&Board) -> Vec<Step>) -> (Board, Seen) {
    run_with_life(Box::new(|_| {}), board_steps)
}

fn run_with_life(
    life: Box<dyn Fn(Event)>,
    board_steps: impl FnOnce(&Board) -> Vec<Step>,
) -> (Board, Seen) {
    let seen = Rc::new(RefCell::new(Seen::default()));
    let script = Rc::new(RefCell::new(VecDeque::new()));
    let phone = FakePhone {
        script: script.clone(),
        size: PhysicalSize::new(0, 0),
        frames: 0,
        seen: seen.clone(),
    };
    slint::platform::set_platform(Box::new(PhonePlatform::new(Box::new(phone), life, None)))
        .expect("each test thread sets its platform once");
    let board = Board::new().expect("the board opens");
    script.borrow_mut().extend(board_steps(&board));
    board.run().expect("the event loop runs to the end");
    let seen = seen.take();
    (board, seen)
}

#[test]
fn a_tap_reaches_the_element_under_the_finger() {
    // The right element starts at 100 logical pixels, 200 pixels on this
    // screen.
    let (board, seen) = run(|_| {
        vec![
            Step::Events(window_shown()),
            Step::Events(tap(300.0, 100.0)),
            Step::Events(tap(150.0, 20.0)),
        ]
    });
    assert_eq!(board.get_right_taps(), 1);
    assert_eq!(board.get_left_taps(), 1);
    assert!(seen.taken.iter().all(|(_, taken)| *taken));
}

#[test]
fn a_tap_counts_in_logical_pixels_at_any_density() {
    // At 160 dpi a pixel is a logical pixel: 150 pixels are past the left
    // element's 100, where at 320 dpi (the test above) they fall inside it.
    let (board, _) = run(|_| {
        vec![
            Step::Events(vec![
                PhoneEvent::Density(Some(160)),
                PhoneEvent::WindowShown(PhysicalSize::new(400, 200)),
            ]),
            Step::Events(tap(150.0, 100.0)),
        ]
    });
    assert_eq!((board.get_left_taps(), board.get_right_taps()), (0, 1));
}

#[test]
fn a_frame_is_drawn_only_when_slint_asks_for_one() {
    let red = slint::Color::from_rgb_u8(255, 0, 0);
    let (_, seen) = run(|board| {
        let weak = board.as_weak();
        vec![
            Step::Events(window_shown()),
            // Nothing changes: no frame.
            Step::Events(vec![]),
            Step::Events(vec![]),
            Step::Act(Box::new(move || weak.unwrap().set_colour(red))),
            Step::Events(vec![]),
        ]
    });
    // Before the first wait no window; then the first frame; none while
    // nothing changes; one for the new colour; none after.
    assert_eq!(seen.frames_before_wait, vec![0, 1, 0, 0, 1, 0]);
    let pixel = seen.last_frame[200 * 400 / 2 + 17];
    assert_eq!((pixel.red, pixel.green, pixel.blue), (255, 0, 0));
    assert_eq!(seen.last_frame.len(), 400 * 200);
}

#[test]
fn android_redrawing_the_window_draws_a_frame() {
    let (_, seen) = run(|_| {
        vec![
            Step::Events(window_shown()),
            Step::Events(vec![]),
            Step::Events(vec![PhoneEvent::RedrawNeeded]),
        ]
    });
    assert_eq!(seen.frames_before_wait, vec![0, 1, 0, 1]);
}

#[test]
fn nothing_is_drawn_without_a_window() {
    let (board, seen) = run(|board| {
        let weak = board.as_weak();
        vec![
            Step::Events(window_shown()),
            Step::Events(vec![PhoneEvent::WindowLost]),
            Step::Act(Box::new(move || {
                weak.unwrap()
                    .set_colour(slint::Color::from_rgb_u8(0, 255, 0))
            })),
            Step::Events(vec![]),
            // The window comes back: the missed change is drawn.
            Step::Events(vec![PhoneEvent::WindowShown(PhysicalSize::new(400, 200))]),
        ]
    });
    assert_eq!(seen.frames_before_wait, vec![0, 1, 0, 0, 0, 1]);
    let pixel = seen.last_frame[0];
    assert_eq!((pixel.red, pixel.green, pixel.blue), (0, 255, 0));
    drop(board);
}

#[test]
fn the_bars_become_the_windows_safe_area_in_logical_pixels() {
    let (board, _) = run(|_| {
        vec![
            Step::Events(window_shown()),
            Step::Events(vec![PhoneEvent::Insets(Insets {
                top: 48,
                bottom: 0,
                left: 0,
                right: 0,
            })]),
        ]
    });
    // 48 pixels at 320 dpi.
    assert_eq!(board.get_bar_height(), 24.0);
}

#[test]
fn insets_are_what_the_content_rectangle_leaves_uncovered() {
    let size = PhysicalSize::new(1080, 2400);
    assert_eq!(
        Insets::around(size, 0, 63, 1080, 2274),
        Insets {
            top: 63,
            bottom: 126,
            left: 0,
            right: 0
        }
    );
    // Landscape, with the navigation bar on the right.
    assert_eq!(
        Insets::around(PhysicalSize::new(2400, 1080), 0, 63, 2274, 1080),
        Insets {
            top: 63,
            bottom: 0,
            left: 0,
            right: 126
        }
    );
    // An empty content rectangle (not reported yet) is no inset at all
    // rather than the whole window.
    assert_eq!(Insets::around(size, 0, 0, 0, 0), Insets::default());
}

#[test]
fn the_back_key_reaches_the_app_and_is_taken() {
    let back = |pressed| PhoneEvent::Key {
        text: Key::Back.into(),
        pressed,
    };
    let other = PhoneEvent::Key {
        text: "q".into(),
        pressed: true,
    };
    let (board, seen) = run(|_| {
        vec![
            Step::Events(window_shown()),
            Step::Events(vec![back(true), back(false), other.clone()]),
        ]
    });
    assert_eq!(board.get_backs(), 1);
    // The back key is the app's, down and up; a key it refuses goes back to
    // Android.
    let keys: Vec<_> = seen
        .taken
        .into_iter()
        .filter(|(event, _)| matches!(event, PhoneEvent::Key { .. }))
        .collect();
    assert_eq!(
        keys,
        [(back(true), true), (back(false), true), (other, false)]
    );
}

/// An app whose saves wait in a queue until flushed, as the autosaver's do.
#[derive(Default)]
struct Saves {
    queued: Cell<u32>,
    on_disk: Cell<u32>,
}

impl PendingSaves for Saves {
    fn flush_saves(&self) {
        self.on_disk
            .set(self.on_disk.get() + self.queued.replace(0));
    }
}

#[test]
fn pausing_the_app_writes_its_pending_saves() {
    let saves = Rc::new(Saves::default());
    let lifecycle: Rc<Lifecycle<Saves>> = Rc::default();
    lifecycle.attach(saves.clone());
    let listening = lifecycle.clone();
    let queued = saves.clone();
    let on_disk_at_pause = Rc::new(Cell::new(None));
    let on_disk = on_disk_at_pause.clone();
    let checking = saves.clone();
    run_with_life(
        Box::new(move |event| {
            listening.handle(event);
        }),
        move |_| {
            vec![
                Step::Events(window_shown()),
                Step::Events(vec![
                    PhoneEvent::Life(Event::Start),
                    PhoneEvent::Life(Event::Resume),
                ]),
                Step::Act(Box::new(move || queued.queued.set(2))),
                Step::Events(vec![PhoneEvent::Life(Event::Pause)]),
                Step::Act(Box::new(move || on_disk.set(Some(checking.on_disk.get())))),
            ]
        },
    );
    assert_eq!(on_disk_at_pause.get(), Some(2));
}
