//! The Android app: Slint on NativeActivity's window, with a platform of the
//! app's own instead of Slint's Android backend (which needs Skia and a Java
//! helper): Slint's software renderer draws into the window's buffer.
//!
//! [`window`] is the app's one window and [`platform`] its event loop, both
//! written against [`platform::Host`], what the loop needs of Android: its
//! events, already turned into [`platform::PhoneEvent`]s, a buffer to draw
//! into, and the soft keyboard. They build on every machine, and the tests
//! (tests/android_platform.rs) drive them with a made-up host and buffer;
//! `activity` is that host on a phone, over android-activity, with
//! `android_main`, where Android starts the app.

#[cfg(all(feature = "android", target_os = "android"))]
mod activity;
pub mod platform;
pub mod window;
