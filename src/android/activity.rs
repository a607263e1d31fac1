//! The Android entry point. Android starts the app here, in NativeActivity's
//! thread; it runs the same app as the desktop, keeps its saves in the app's
//! private data folder (there is no home folder for `directories` to find),
//! and follows Android's lifecycle events with `crate::lifecycle`, which
//! writes any pending save at once when Android pauses or stops the app.

use crate::app::App;
use crate::lifecycle::{Event, Lifecycle};
use slint::android::android_activity::{MainEvent, PollEvent};
use slint::android::AndroidApp;
use slint::ComponentHandle;
use std::rc::Rc;

#[unsafe(no_mangle)]
fn android_main(android: AndroidApp) {
    let data_dir = android.internal_data_path();
    // Android's events reach the listener from the start, the app only once
    // its window exists.
    let lifecycle: Rc<Lifecycle<App>> = Rc::default();
    let listening = lifecycle.clone();
    let listener = move |event: &PollEvent<'_>| {
        if let Some(event) = lifecycle_event(event) {
            listening.handle(event);
        }
    };
    if let Err(e) = slint::android::init_with_event_listener(android, listener) {
        eprintln!("chaupar: Slint's Android backend did not start: {e}");
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

/// The lifecycle event among android-activity's events, if it is one.
fn lifecycle_event(event: &PollEvent<'_>) -> Option<Event> {
    let PollEvent::Main(event) = event else {
        return None;
    };
    Some(match event {
        MainEvent::Start => Event::Start,
        MainEvent::Resume { .. } => Event::Resume,
        MainEvent::Pause => Event::Pause,
        MainEvent::Stop => Event::Stop,
        MainEvent::SaveState { .. } => Event::SaveState,
        MainEvent::Destroy => Event::Destroy,
        _ => return None,
    })
}
