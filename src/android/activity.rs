//! The Android entry point and the event loop's host on a phone. Android
//! starts the app here, in NativeActivity's thread; it runs the same app as
//! the desktop on [`PhonePlatform`], keeps its saves in the app's private
//! data folder (there is no home folder for `directories` to find), and
//! turns android-activity's events into [`PhoneEvent`]s.

use super::platform::{Host, PhoneEvent, PhonePlatform, TouchPhase};
use super::window::Insets;
use crate::app::App;
use crate::lifecycle::{Event, Lifecycle};
use android_activity::input::{InputEvent, KeyAction, KeyMapChar, Keycode, MotionAction};
use android_activity::ndk::hardware_buffer_format::HardwareBufferFormat;
use android_activity::ndk::native_window::NativeWindow;
use android_activity::{AndroidApp, InputStatus, MainEvent, PollEvent};
use slint::platform::software_renderer::PremultipliedRgbaColor;
use slint::platform::Key;
use slint::{ComponentHandle, PhysicalSize, SharedString};
use std::rc::Rc;
use std::sync::Arc;
use std::time::Duration;

#[unsafe(no_mangle)]
fn android_main(android: AndroidApp) {
    let data_dir = android.internal_data_path();
    // Android's events reach the lifecycle from the start, the app only
    // once its window exists.
    let lifecycle: Rc<Lifecycle<App>> = Rc::default();
    let listening = lifecycle.clone();
    let waker = android.create_waker();
    let platform = PhonePlatform::new(
        Box::new(Activity {
            android,
            window: None,
        }),
        Box::new(move |event| {
            listening.handle(event);
        }),
        Some(Arc::new(move || waker.wake())),
    );
    if let Err(e) = slint::platform::set_platform(Box::new(platform)) {
        eprintln!("chaupar: cannot start Slint: {e}");
        return;
    }
    let app = match App::new(data_dir) {
        Ok(app) => Rc::new(app),
        Err(e) => {
            eprintln!("chaupar: cannot open the window: {e}");
            return;
        }
    };
    lifecycle.attach(app.clone());
    if let Err(e) = app.window().run() {
        eprintln!("chaupar: {e}");
    }
    lifecycle.finish();
}

struct Activity {
    android: AndroidApp,
    window: Option<NativeWindow>,
}

impl Activity {
    fn window_size(&self) -> PhysicalSize {
        self.window
            .as_ref()
            .map_or(PhysicalSize::new(0, 0), |window| {
                PhysicalSize::new(window.width().max(0) as u32, window.height().max(0) as u32)
            })
    }

    fn insets(&self) -> Insets {
        let content = self.android.content_rect();
        Insets::around(
            self.window_size(),
            content.left,
            content.top,
            content.right,
            content.bottom,
        )
    }

    /// The events of the app's life and window, in the app's terms.
    fn main_events(&mut self, event: &MainEvent<'_>) -> Vec<PhoneEvent> {
        let life = |event| vec![PhoneEvent::Life(event)];
        match event {
            MainEvent::InitWindow { .. } => {
                self.window = self.android.native_window();
                if let Some(window) = &self.window {
                    // 8 bits a colour and no alpha: the layout of Slint's
                    // premultiplied colour, which the renderer writes.
                    let format = Some(HardwareBufferFormat::R8G8B8X8_UNORM);
                    if let Err(e) = window.set_buffers_geometry(0, 0, format) {
                        eprintln!("chaupar: the window's pixel format: {e}");
                    }
                }
                vec![
                    PhoneEvent::Density(self.android.config().density()),
                    PhoneEvent::WindowShown(self.window_size()),
                    PhoneEvent::Insets(self.insets()),
                ]
            }
            MainEvent::TerminateWindow { .. } => {
                self.window = None;
                vec![PhoneEvent::WindowLost]
            }
            MainEvent::WindowResized { .. } | MainEvent::RedrawNeeded { .. } => {
                vec![PhoneEvent::RedrawNeeded]
            }
            MainEvent::ContentRectChanged { .. } | MainEvent::InsetsChanged { .. } => {
                vec![PhoneEvent::Insets(self.insets())]
            }
            MainEvent::ConfigChanged { .. } => {
                vec![
                    PhoneEvent::Density(self.android.config().density()),
                    PhoneEvent::RedrawNeeded,
                ]
            }
            MainEvent::Start => life(Event::Start),
            MainEvent::Resume { .. } => life(Event::Resume),
            MainEvent::Pause => life(Event::Pause),
            MainEvent::Stop => life(Event::Stop),
            MainEvent::SaveState { .. } => life(Event::SaveState),
            MainEvent::Destroy => life(Event::Destroy),
            _ => Vec::new(),
        }
    }

    /// The key or character `event` stands for, in Slint's terms.
    fn key_text(&self, event: &android_activity::input::KeyEvent<'_>) -> Option<SharedString> {
        let named = match event.key_code() {
            Keycode::Back => Some(Key::Back),
            Keycode::Del => Some(Key::Backspace),
            Keycode::ForwardDel => Some(Key::Delete),
            Keycode::Enter | Keycode::NumpadEnter => Some(Key::Return),
            Keycode::Tab => Some(Key::Tab),
            Keycode::Escape => Some(Key::Escape),
            Keycode::DpadLeft => Some(Key::LeftArrow),
            Keycode::DpadRight => Some(Key::RightArrow),
            Keycode::DpadUp => Some(Key::UpArrow),
            Keycode::DpadDown => Some(Key::DownArrow),
            Keycode::MoveHome => Some(Key::Home),
            Keycode::MoveEnd => Some(Key::End),
            _ => None,
        };
        if let Some(key) = named {
            return Some(key.into());
        }
        // Other keys are characters as the keyboard's map says (the soft
        // keyboard sends what its map has: see docs/android.md).
        let map = self
            .android
            .device_key_character_map(event.device_id())
            .ok()?;
        match map.get(event.key_code(), event.meta_state()).ok()? {
            KeyMapChar::Unicode(character) => Some(character.into()),
            _ => None,
        }
    }

    /// Hands the waiting touches and keys to `handle`.
    fn input_events(&mut self, handle: &mut dyn FnMut(PhoneEvent) -> bool) {
        let Ok(mut events) = self.android.input_events_iter() else {
            return;
        };
        while events.next(|event| {
            let phone_event = match event {
                InputEvent::MotionEvent(motion) => {
                    let phase = match motion.action() {
                        MotionAction::Down => TouchPhase::Down,
                        MotionAction::Move => TouchPhase::Move,
                        MotionAction::Up => TouchPhase::Up,
                        MotionAction::Cancel => TouchPhase::Cancel,
                        // Other fingers than the first are not followed.
                        _ => return InputStatus::Unhandled,
                    };
                    let finger = motion.pointer_at_index(0);
                    PhoneEvent::Touch {
                        phase,
                        x: finger.x(),
                        y: finger.y(),
                    }
                }
                InputEvent::KeyEvent(key) => {
                    let pressed = match key.action() {
                        KeyAction::Down => true,
                        KeyAction::Up => false,
                        _ => return InputStatus::Unhandled,
                    };
                    match self.key_text(key) {
                        Some(text) => PhoneEvent::Key { text, pressed },
                        None => return InputStatus::Unhandled,
                    }
                }
                _ => return InputStatus::Unhandled,
            };
            if handle(phone_event) {
                InputStatus::Handled
            } else {
                InputStatus::Unhandled
            }
        }) {}
    }
}

impl Host for Activity {
    fn wait(&mut self, timeout: Option<Duration>, handle: &mut dyn FnMut(PhoneEvent) -> bool) {
        let android = self.android.clone();
        let mut input_waiting = false;
        android.poll_events(timeout, |event| {
            if let PollEvent::Main(event) = event {
                if matches!(event, MainEvent::InputAvailable) {
                    input_waiting = true;
                }
                for phone_event in self.main_events(&event) {
                    handle(phone_event);
                }
            }
        });
        if input_waiting {
            self.input_events(handle);
        }
    }

    fn draw(
        &mut self,
        paint: &mut dyn FnMut(&mut [PremultipliedRgbaColor], usize, PhysicalSize),
    ) -> bool {
        let Some(window) = &self.window else {
            return false;
        };
        let Ok(mut buffer) = window.lock(None) else {
            return false;
        };
        if buffer.format() != HardwareBufferFormat::R8G8B8X8_UNORM
            && buffer.format() != HardwareBufferFormat::R8G8B8A8_UNORM
        {
            return false;
        }
        let (width, height, stride) = (buffer.width(), buffer.height(), buffer.stride());
        let size = PhysicalSize::new(width as u32, height as u32);
        // SAFETY: the locked buffer holds `height` rows of `stride` pixels of
        // four bytes each (the format checked above), which are Slint's
        // premultiplied colours byte for byte (`repr(C)`, four `u8`s); it is
        // ours until the guard is dropped, which posts it.
        let pixels = unsafe {
            std::slice::from_raw_parts_mut(
                buffer.bits().cast::<PremultipliedRgbaColor>(),
                stride * height,
            )
        };
        paint(pixels, stride, size);
        true
    }

    fn show_keyboard(&mut self, show: bool) {
        if show {
            self.android.show_soft_input(false);
        } else {
            self.android.hide_soft_input(false);
        }
    }
}
