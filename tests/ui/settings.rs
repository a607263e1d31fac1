//! The Settings screen: its choices apply and are kept across restarts
//! (the language's in tests/ui_language.rs).

use crate::ui_support::*;
use chaupar::app::settings::Speed;
use chaupar::app::{App, Settings};
use slint::ComponentHandle;

#[test]
fn settings_survive_a_restart() {
    use_testing_backend(false);
    let dir = fresh_data_dir();
    let first = open_app(&dir);
    first.set_speed(Speed::Slow);
    drop(first);
    let second = App::new(Some(dir)).expect("the window opens");
    assert_eq!(second.window().global::<Settings>().get_speed(), 3);
}

/// The sound chosen on the Settings screen is kept: off, or on at a
/// volume, after a restart as before it.
#[test]
fn the_sound_setting_is_chosen_on_the_settings_screen_and_kept() {
    use_testing_backend(false);
    let dir = fresh_data_dir();
    let first = open_app(&dir);
    assert_eq!(
        first.window().global::<Settings>().get_sound(),
        2,
        "sound is on at a moderate volume at first"
    );
    press(&first, "Settings");
    press(&first, "Sound Off");
    assert_eq!(first.window().global::<Settings>().get_sound(), 0);
    drop(first);
    let second = open_app(&dir);
    assert_eq!(second.window().global::<Settings>().get_sound(), 0);
    press(&second, "Settings");
    press(&second, "Sound Loud");
    drop(second);
    let third = App::new(Some(dir)).expect("the window opens");
    assert_eq!(third.window().global::<Settings>().get_sound(), 3);
}
