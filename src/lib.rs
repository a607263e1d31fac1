//! Chaupar: India's traditional race board games.
//!
//! The rules engine (`board`, `dice`, `rules`) is pure: no files, no clock,
//! no user interface. Everything else stands on it.

pub mod ai;
#[cfg(any(feature = "android", feature = "ui-tests"))]
pub mod android;
#[cfg(feature = "ui")]
pub mod app;
pub mod board;
pub mod dice;
pub mod dice_counts;
pub mod haptics;
pub mod language;
pub mod launch;
pub mod lessons;
pub mod lifecycle;
pub mod outputs;
pub mod replay;
pub mod rules;
pub mod rules_pages;
pub mod sim;
pub mod sound;
pub mod store;
#[cfg(all(feature = "ui", target_arch = "wasm32"))]
mod web;
pub mod work;
