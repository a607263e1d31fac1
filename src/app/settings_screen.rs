//! The Settings screen (the `Settings` global): the language, animation
//! speed, sound, vibration (where the device can vibrate) and whether the
//! board turns to the player, applied at once and remembered.

use std::cell::Cell;
use std::rc::Rc;

use slint::ComponentHandle;

use super::settings::Speed;
use super::shared::Shared;
use super::{AnimationSpeed, AppWindow, Screens, Settings};
use crate::language::Language;

pub(super) struct SettingsScreen {
    shared: Rc<Shared>,
    /// The language given on the command line, for this run only.
    language_for_this_run: Cell<Option<Language>>,
}

impl SettingsScreen {
    pub fn new(shared: Rc<Shared>) -> SettingsScreen {
        SettingsScreen {
            shared,
            language_for_this_run: Cell::new(None),
        }
    }

    /// The Settings screen's choices.
    pub fn connect(app: &Rc<Screens>, window: &AppWindow) {
        let settings = window.global::<Settings>();
        let me = app.clone();
        settings.on_choose_speed(move |speed| (me.settings).choose_speed(chosen_speed(speed)));
        let me = app.clone();
        settings.on_choose_sound(move |level| {
            let this = &me.settings;
            let mut settings = this.shared.settings.borrow_mut();
            settings.choose_sound_level(level);
            let sound = settings.sound;
            drop(settings);
            this.apply_sound(sound);
        });
        let me = app.clone();
        settings.on_choose_vibrate(move |on| {
            let this = &me.settings;
            let sound = {
                let mut settings = this.shared.settings.borrow_mut();
                settings.sound.vibrate = on;
                settings.sound
            };
            this.apply_sound(sound);
        });
        let me = app.clone();
        settings.on_choose_language(move |i| {
            // 0 follows the device; then each language the app speaks.
            let chosen = usize::try_from(i - 1)
                .ok()
                .and_then(|i| Language::ALL.get(i));
            let this = &me.settings;
            this.shared.settings.borrow_mut().language = chosen.map(|l| l.code().to_string());
            this.language_for_this_run.set(None);
            this.shared.save_settings();
            this.apply_language(&me);
        });
        let me = app.clone();
        settings.on_choose_rotate(move |on| {
            let this = &me.settings;
            this.shared.settings.borrow_mut().rotate_board = on;
            this.shared.save_settings();
            this.show();
            me.game.show(&me);
        });
    }

    fn apply_sound(&self, sound: crate::sound::SoundSettings) {
        self.shared.outputs.apply(&sound);
        self.shared.save_settings();
        self.show();
    }

    pub fn choose_speed(&self, speed: Speed) {
        self.shared.settings.borrow_mut().speed = speed;
        self.shared.save_settings();
        self.show();
    }

    /// Speaks `language` for this run only (`None`: the saved choice).
    pub fn speak_for_this_run(&self, app: &Screens, language: Option<Language>) {
        self.language_for_this_run.set(language);
        self.apply_language(app);
    }

    /// The language the app speaks now: the one given for this run, else
    /// the one chosen, else the device's.
    pub fn language(&self) -> Language {
        (self.language_for_this_run.get())
            .or(self.shared.settings.borrow().language())
            .unwrap_or_else(device_language)
    }

    /// Speaks the language of [`SettingsScreen::language`]: every `@tr` of
    /// the UI changes at once, and the rules page follows.
    pub fn apply_language(&self, app: &Screens) {
        let language = self.language();
        if let Err(e) = slint::select_bundled_translation(language.code()) {
            eprintln!("chaupar: cannot speak {language}: {e}");
        }
        self.show();
        app.rules.show_again(language);
    }

    pub fn show(&self) {
        let (speed, rotate_board, sound, vibrate, language) = {
            let s = self.shared.settings.borrow();
            (
                s.speed,
                s.rotate_board,
                s.sound_level(),
                s.sound.vibrate,
                s.language(),
            )
        };
        let window = self.shared.window();
        let g = window.global::<Settings>();
        g.set_speed(animation_speed(speed));
        g.set_rotate_board(rotate_board);
        g.set_sound(sound);
        g.set_vibrate(vibrate);
        g.set_can_vibrate(self.shared.outputs.can_vibrate());
        let index = |l: Language| Language::ALL.iter().position(|&x| x == l).unwrap_or(0) as i32;
        g.set_language(language.map_or(0, |l| index(l) + 1));
        g.set_device_language(index(device_language()));
        g.set_speaking(index(self.language()));
        g.set_font_family(super::fonts::family_for(self.language()).into());
        g.set_step_time(speed.step_ms() as i64);
        g.set_tumble_time(speed.tumble_ms() as i64);
        g.set_flight_time(speed.flight_ms() as i64);
    }
}

/// The speed as the Settings screen offers it.
fn animation_speed(speed: Speed) -> AnimationSpeed {
    match speed {
        Speed::Off => AnimationSpeed::Off,
        Speed::Fast => AnimationSpeed::Fast,
        Speed::Normal => AnimationSpeed::Normal,
        Speed::Slow => AnimationSpeed::Slow,
    }
}

/// The speed the Settings screen chose.
fn chosen_speed(speed: AnimationSpeed) -> Speed {
    match speed {
        AnimationSpeed::Off => Speed::Off,
        AnimationSpeed::Fast => Speed::Fast,
        AnimationSpeed::Normal => Speed::Normal,
        AnimationSpeed::Slow => Speed::Slow,
    }
}

/// The first of the device's preferred languages that the app speaks
/// (the system's locales; a browser's `navigator.languages`), else English.
pub(super) fn device_language() -> Language {
    Language::first_spoken(sys_locale::get_locales())
}
