//! The app's one window on a phone: the whole of the activity's window,
//! drawn by Slint's software renderer into the buffer Android hands out for
//! each frame.
//!
//! Slint's public window API has no say on the system's bars or the soft
//! keyboard, so this window also answers two questions of Slint's internal
//! one (`WindowAdapterInternal`, from `i-slint-core`, pinned to the Slint
//! release the app uses): where the bars cover the window (the UI's
//! `safe-area-insets`, which `ui/app.slint` keeps its pages inside), and
//! when a text field wants the keyboard.

use i_slint_core::lengths::PhysicalEdges;
use i_slint_core::window::{InputMethodRequest, WindowAdapterInternal, WindowInner};
use slint::platform::software_renderer::{
    PremultipliedRgbaColor, RepaintBufferType, SoftwareRenderer,
};
use slint::platform::{Renderer, WindowAdapter, WindowEvent};
use slint::{LogicalPosition, PhysicalSize, Window, WindowSize};
use std::cell::Cell;
use std::rc::{Rc, Weak};

/// How much of the window the system's bars (status, navigation, a cut-out)
/// cover at each edge, in pixels.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Insets {
    pub top: u32,
    pub bottom: u32,
    pub left: u32,
    pub right: u32,
}

impl Insets {
    /// The insets of a window of `size` whose uncovered part is the
    /// rectangle from (`left`, `top`) to (`right`, `bottom`), as
    /// NativeActivity reports it (its content rectangle). Before Android
    /// has laid the window out the rectangle is empty: no insets yet.
    pub fn around(size: PhysicalSize, left: i32, top: i32, right: i32, bottom: i32) -> Insets {
        if right <= left || bottom <= top {
            return Insets::default();
        }
        let gap = |near: i32, far: i32| u32::try_from(far - near).unwrap_or(0);
        Insets {
            top: gap(0, top),
            left: gap(0, left),
            bottom: gap(bottom, size.height as i32),
            right: gap(right, size.width as i32),
        }
    }
}

/// Android's baseline density: at 160 dots per inch one logical pixel of
/// the UI is one pixel of the screen.
const BASELINE_DPI: f32 = 160.0;

/// The window's scale factor on a screen of `dpi` dots per inch (Android's
/// density bucket); 1 when the density is unknown.
pub fn scale_factor(dpi: Option<u32>) -> f32 {
    match dpi {
        Some(dpi) if dpi > 0 => dpi as f32 / BASELINE_DPI,
        _ => 1.0,
    }
}

pub struct PhoneWindow {
    window: Window,
    renderer: SoftwareRenderer,
    size: Cell<PhysicalSize>,
    insets: Cell<Insets>,
    needs_redraw: Cell<bool>,
    /// A text field's last wish about the soft keyboard (shown or hidden)
    /// that has not yet been passed on.
    keyboard_wanted: Cell<Option<bool>>,
}

impl PhoneWindow {
    pub fn new() -> Rc<PhoneWindow> {
        Rc::new_cyclic(|weak: &Weak<PhoneWindow>| PhoneWindow {
            window: Window::new(weak.clone() as Weak<dyn WindowAdapter>),
            // Android swaps among two or three buffers and says nothing of
            // what each still holds: every frame is drawn whole.
            renderer: SoftwareRenderer::new_with_repaint_buffer_type(RepaintBufferType::NewBuffer),
            size: Cell::new(PhysicalSize::new(0, 0)),
            insets: Cell::default(),
            needs_redraw: Cell::new(false),
            keyboard_wanted: Cell::new(None),
        })
    }

    /// The screen's density changed (or is first known).
    pub fn set_density(&self, dpi: Option<u32>) {
        let scale_factor = scale_factor(dpi);
        if scale_factor != self.window.scale_factor() {
            self.window
                .dispatch_event(WindowEvent::ScaleFactorChanged { scale_factor });
            // The same pixels are now fewer logical pixels.
            self.set_size(WindowSize::Physical(self.size.get()));
        }
    }

    /// The system's bars moved.
    pub fn set_insets(&self, insets: Insets) {
        if insets != self.insets.replace(insets) {
            self.publish_insets();
        }
    }

    fn publish_insets(&self) {
        let edges = self
            .safe_area_inset()
            .to_logical(self.window.scale_factor());
        WindowInner::from_pub(&self.window).set_window_item_safe_area(edges);
        self.request_redraw();
    }

    /// Where the pixel at (`x`, `y`) of the window is in the UI.
    pub fn position(&self, x: f32, y: f32) -> LogicalPosition {
        let scale_factor = self.window.scale_factor();
        LogicalPosition::new(x / scale_factor, y / scale_factor)
    }

    /// Draws the window into `pixels`, a buffer of `size` whose rows are
    /// `stride` pixels apart, if Slint has asked for a redraw since the
    /// last; says whether it drew.
    pub fn draw_if_needed(
        &self,
        pixels: &mut [PremultipliedRgbaColor],
        stride: usize,
        size: PhysicalSize,
    ) -> bool {
        // The buffer is the size the window has now; the window follows it.
        if size != self.size.get() {
            self.set_size(WindowSize::Physical(size));
        }
        if !self.needs_redraw.replace(false) {
            return false;
        }
        self.renderer.render(pixels, stride);
        true
    }

    /// Whether a frame is waiting to be drawn.
    pub fn needs_redraw(&self) -> bool {
        self.needs_redraw.get()
    }

    /// The soft keyboard's wanted state since the last call, if a text
    /// field asked for a change.
    pub fn take_keyboard_request(&self) -> Option<bool> {
        self.keyboard_wanted.take()
    }
}

impl WindowAdapter for PhoneWindow {
    fn window(&self) -> &Window {
        &self.window
    }

    fn renderer(&self) -> &dyn Renderer {
        &self.renderer
    }

    fn size(&self) -> PhysicalSize {
        self.size.get()
    }

    fn set_size(&self, size: WindowSize) {
        let scale_factor = self.window.scale_factor();
        self.size.set(size.to_physical(scale_factor));
        self.window.dispatch_event(WindowEvent::Resized {
            size: size.to_logical(scale_factor),
        });
        self.publish_insets();
    }

    fn request_redraw(&self) {
        self.needs_redraw.set(true);
    }

    fn internal(&self, _: i_slint_core::InternalToken) -> Option<&dyn WindowAdapterInternal> {
        Some(self)
    }
}

impl WindowAdapterInternal for PhoneWindow {
    fn input_method_request(&self, request: InputMethodRequest) {
        match request {
            InputMethodRequest::Enable(_) => self.keyboard_wanted.set(Some(true)),
            InputMethodRequest::Disable => self.keyboard_wanted.set(Some(false)),
            // Updates carry the text and the cursor, which NativeActivity
            // has no way to hand to the keyboard.
            _ => {}
        }
    }

    fn safe_area_inset(&self) -> PhysicalEdges {
        let insets = self.insets.get();
        let edge = |pixels: u32| i32::try_from(pixels).unwrap_or(i32::MAX);
        PhysicalEdges::new(
            edge(insets.top),
            edge(insets.bottom),
            edge(insets.left),
            edge(insets.right),
        )
    }
}
