//! The Settings screen: its choices apply and are kept across restarts
//! (the language's in tests/ui_language.rs).

use crate::ui_support::*;
use chaupar::app::settings::Speed;
use chaupar::app::{AnimationSpeed, App, Nav, PlayedBy, Players, Settings, Setup, SoundLevel};
use slint::{ComponentHandle, Model};

#[test]
fn settings_survive_a_restart() {
    use_testing_backend(false);
    let dir = fresh_data_dir();
    let first = open_app(&dir);
    first.set_speed(Speed::Slow);
    drop(first);
    let second = App::new(Some(dir)).expect("the window opens");
    assert_eq!(
        second.window().global::<Settings>().get_speed(),
        AnimationSpeed::Slow
    );
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
        SoundLevel::Normal,
        "sound is on at a moderate volume at first"
    );
    press(&first, "Settings");
    press(&first, "Sound Off");
    assert_eq!(
        first.window().global::<Settings>().get_sound(),
        SoundLevel::Off
    );
    drop(first);
    let second = open_app(&dir);
    assert_eq!(
        second.window().global::<Settings>().get_sound(),
        SoundLevel::Off
    );
    press(&second, "Settings");
    press(&second, "Sound Loud");
    drop(second);
    let third = App::new(Some(dir)).expect("the window opens");
    assert_eq!(
        third.window().global::<Settings>().get_sound(),
        SoundLevel::Loud
    );
}

/// A settings file as the app has always written it: the speed by name,
/// the sound as on and a volume, the last table by the rules' ids.
const SETTINGS_WRITTEN_BEFORE: &str = r#"{"format":"chaupar-save","version":1,"kind":"settings","saved_at":1795879032,"settings":{"speed":"slow","rotate_board":true,"table":{"game":"pagade","options":[["mode","teams"]],"players":[["Asha","person"],["Player 2","hard"],["Player 3","person"],["Player 4","easy"]]},"sound":{"on":true,"volume":35,"vibrate":false},"language":"hi"}}"#;

/// Settings saved before still open with every choice they held.
#[test]
fn settings_saved_before_open_with_their_choices() {
    use_testing_backend(false);
    let dir = fresh_data_dir();
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("settings.json"), SETTINGS_WRITTEN_BEFORE).unwrap();
    let app = App::new(Some(dir)).expect("the window opens");
    let settings = app.window().global::<Settings>();
    assert_eq!(settings.get_speed(), AnimationSpeed::Slow);
    assert!(settings.get_rotate_board());
    assert_eq!(settings.get_sound(), SoundLevel::Quiet);
    assert!(!settings.get_vibrate());
    // Hindi, after the device's language.
    assert_eq!(settings.get_language(), 2);
    app.window().global::<Nav>().invoke_new_game();
    settle();
    let setup = app.window().global::<Setup>();
    assert_eq!(setup.get_mode(), Players::Partnerships);
    let seats: Vec<(String, PlayedBy)> = (setup.get_seats().iter())
        .map(|seat| (seat.typed.to_string(), seat.kind))
        .collect();
    assert_eq!(
        seats,
        [
            ("Asha".to_string(), PlayedBy::Person),
            (String::new(), PlayedBy::Hard),
            (String::new(), PlayedBy::Person),
            (String::new(), PlayedBy::Easy),
        ]
    );
}
