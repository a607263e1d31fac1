//! The Android entry point. Android starts the app here, in NativeActivity's
//! thread; it runs the same app as the desktop, keeps its saves in the app's
//! private data folder (there is no home folder for `directories` to find),
//! and writes any pending save at once when Android pauses or stops it.

use slint::android::android_activity::{MainEvent, PollEvent};
use slint::android::AndroidApp;
use slint::ComponentHandle;
use std::cell::RefCell;
use std::rc::Rc;

#[unsafe(no_mangle)]
fn android_main(android: AndroidApp) {
    let data_dir = android.internal_data_path();
    // Android's events reach the listener from the start, the app only once
    // its window exists.
    let app: Rc<RefCell<Option<Rc<crate::app::App>>>> = Rc::default();
    let seen = app.clone();
    let listener = move |event: &PollEvent<'_>| {
        if let PollEvent::Main(MainEvent::Pause | MainEvent::Stop | MainEvent::SaveState { .. } | MainEvent::Destroy) = event {
            if let Some(app) = seen.borrow().as_ref() {
                app.flush_saves();
            }
        }
    };
    if let Err(e) = slint::android::init_with_event_listener(android, listener) {
        eprintln!("chaupar: Slint's Android backend did not start: {e}");
        return;
    }
    let started = match crate::app::App::new(data_dir) {
        Ok(started) => Rc::new(started),
        Err(e) => {
            eprintln!("chaupar: cannot open the window: {e}");
            return;
        }
    };
    *app.borrow_mut() = Some(started.clone());
    if let Err(e) = started.window().run() {
        eprintln!("chaupar: {e}");
    }
    started.flush_saves();
}
