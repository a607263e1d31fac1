//! The Settings screen (the `Settings` global): the language, animation
//! speed, sound, vibration (where the device can vibrate) and whether the
//! board turns to the player, applied at once and remembered.

use std::rc::Rc;

use slint::ComponentHandle;

use super::settings::Speed;
use super::{AppWindow, Inner, Settings};
use crate::language::Language;

impl Inner {
    /// The Settings screen's choices.
    pub(super) fn connect_settings(self: &Rc<Self>, window: &AppWindow) {
        let settings = window.global::<Settings>();
        let me = self.clone();
        settings.on_choose_speed(move |i| me.choose_speed(Speed::ALL[i.clamp(0, 3) as usize]));
        let me = self.clone();
        settings.on_choose_sound(move |level| {
            let sound = {
                let mut st = me.state.borrow_mut();
                st.settings.choose_sound_level(level.clamp(0, 3) as usize);
                st.settings.sound
            };
            me.outputs.apply(&sound);
            me.save_settings();
            me.show_settings();
        });
        let me = self.clone();
        settings.on_choose_vibrate(move |on| {
            let sound = {
                let mut st = me.state.borrow_mut();
                st.settings.sound.vibrate = on;
                st.settings.sound
            };
            me.outputs.apply(&sound);
            me.save_settings();
            me.show_settings();
        });
        let me = self.clone();
        settings.on_choose_language(move |i| {
            // 0 follows the device; then each language the app speaks.
            let chosen = usize::try_from(i - 1)
                .ok()
                .and_then(|i| Language::ALL.get(i));
            {
                let mut st = me.state.borrow_mut();
                st.settings.language = chosen.map(|l| l.code().to_string());
                st.language_for_this_run = None;
            }
            me.save_settings();
            me.apply_language();
        });
        let me = self.clone();
        settings.on_choose_rotate(move |on| {
            me.state.borrow_mut().settings.rotate_board = on;
            me.save_settings();
            me.show_settings();
            me.show_game();
        });
    }

    pub(super) fn choose_speed(&self, speed: Speed) {
        self.state.borrow_mut().settings.speed = speed;
        self.save_settings();
        self.show_settings();
    }

    pub(super) fn save_settings(&self) {
        let settings = self.state.borrow().settings.clone();
        // Settings that cannot be saved still apply to this run.
        if let Some(Err(e)) = self.store.as_ref().map(|s| s.save_settings(&settings)) {
            eprintln!("chaupar: could not save the settings: {e}");
        }
    }

    /// The language the app speaks now: the one given for this run, else
    /// the one chosen, else the device's.
    pub(super) fn language(&self) -> Language {
        let st = self.state.borrow();
        st.language_for_this_run
            .or(st.settings.language())
            .unwrap_or_else(device_language)
    }

    /// Speaks the language of [`Inner::language`]: every `@tr` of the UI
    /// changes at once, and the rules page follows.
    pub(super) fn apply_language(&self) {
        let language = self.language();
        if let Err(e) = slint::select_bundled_translation(language.code()) {
            eprintln!("chaupar: cannot speak {language}: {e}");
        }
        self.show_settings();
        self.show_rules(self.window().global::<super::Rules>().get_game() as usize);
    }

    pub(super) fn show_settings(&self) {
        let (speed, rotate_board, sound, vibrate, language) = {
            let st = self.state.borrow();
            let s = &st.settings;
            (
                s.speed,
                s.rotate_board,
                s.sound_level(),
                s.sound.vibrate,
                s.language(),
            )
        };
        let window = self.window();
        let g = window.global::<Settings>();
        g.set_speed(Speed::ALL.iter().position(|&x| x == speed).unwrap_or(2) as i32);
        g.set_rotate_board(rotate_board);
        g.set_sound(sound as i32);
        g.set_vibrate(vibrate);
        g.set_can_vibrate(self.outputs.can_vibrate());
        let index = |l: Language| Language::ALL.iter().position(|&x| x == l).unwrap_or(0) as i32;
        g.set_language(language.map_or(0, |l| index(l) + 1));
        g.set_device_language(index(device_language()));
        g.set_speaking(index(self.language()));
        g.set_font_family(super::fonts::family_for(self.language()).into());
        g.set_step_time(speed.step_ms() as i64);
        g.set_tumble_time(speed.tumble_ms() as i64);
    }
}

/// The first of the device's preferred languages that the app speaks
/// (the system's locales; a browser's `navigator.languages`), else English.
pub(super) fn device_language() -> Language {
    Language::first_spoken(sys_locale::get_locales())
}
