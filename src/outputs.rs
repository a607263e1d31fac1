//! What the player hears and feels of a game: the app's two outputs, the
//! sounds (`crate::sound`) and the buzzes (`crate::haptics`), chosen from
//! the same moments and the same engine effects, and held back as the
//! settings say.
//!
//! The app is given its [`Outputs`]: the system's audio output and
//! vibrator when it runs ([`Outputs::system`]), recording sinks in tests
//! ([`Outputs::new`] with a `sound::RecordingSink`), so that a test can
//! hear and feel the real app through its sinks.

use crate::dice::Implement;
use crate::haptics::{buzz_for_move, buzz_for_throw, BuzzSink, Vibrator};
use crate::rules::{Effects, Position, Thrown};
use crate::sound::{
    cue_for_refusal, cues_for_move, cues_for_throw, landing_ms, system_sink, SoundSettings,
    SoundSink,
};
use std::cell::Cell;
use std::rc::Rc;

/// Where the app's sounds and buzzes go, and whether they are on.
pub struct Outputs {
    sound: Rc<dyn SoundSink>,
    touch: Rc<dyn BuzzSink>,
    settings: Cell<SoundSettings>,
}

impl Outputs {
    /// Sounds played on `sound`, buzzes on `touch`, with the default
    /// settings until [`Outputs::apply`] says otherwise.
    pub fn new(sound: Rc<dyn SoundSink>, touch: Rc<dyn BuzzSink>) -> Outputs {
        Outputs {
            sound,
            touch,
            settings: Cell::new(SoundSettings::default()),
        }
    }

    /// The system's audio output (unless `CHAUPAR_AUDIO` turns it off)
    /// and its vibrator (on Android), with `settings`.
    pub fn system(settings: &SoundSettings) -> Outputs {
        let outputs = Outputs::new(system_sink(settings), Rc::new(Vibrator::start()));
        outputs.apply(settings);
        outputs
    }

    /// Applies the settings: sound on or off and its volume (to sounds
    /// already playing too), vibration on or off.
    pub fn apply(&self, settings: &SoundSettings) {
        self.settings.set(*settings);
        self.sound.apply(settings);
    }

    /// Whether the device can vibrate.
    pub fn can_vibrate(&self) -> bool {
        self.touch.can_buzz()
    }

    /// A throw flung with `fling` (0 to 1): its implement's sound at once,
    /// and a short buzz as the dice settle, `settle_ms` later.
    pub fn throw(&self, thrown: &Thrown, implement: Implement, fling: f32, settle_ms: u32) {
        let fling = fling.clamp(0.0, 1.0);
        if self.sounding() {
            self.sound
                .play_all(&cues_for_throw(thrown, implement, fling));
        }
        if self.buzzing() {
            self.touch.buzz(buzz_for_throw(fling, settle_ms));
        }
    }

    /// A move played, as the engine's `effects` say, leaving the position
    /// `after`, its pawns walking `steps` squares one every `step_ms` (0
    /// when they jump): a tap for each step, the knock of a capture and a
    /// strong buzz with it as the pawn lands, the bell, the flourish.
    pub fn moved(&self, effects: &Effects, after: &Position, steps: u8, step_ms: u32) {
        if self.sounding() {
            self.sound
                .play_all(&cues_for_move(effects, after, steps, step_ms));
        }
        if let Some(buzz) =
            buzz_for_move(effects, landing_ms(steps, step_ms)).filter(|_| self.buzzing())
        {
            self.touch.buzz(buzz);
        }
    }

    /// A tap the rules refuse: the thud.
    pub fn refused(&self) {
        if self.sounding() {
            self.sound.play(cue_for_refusal());
        }
    }

    fn sounding(&self) -> bool {
        let settings = self.settings.get();
        settings.on && settings.volume > 0
    }

    fn buzzing(&self) -> bool {
        self.settings.get().vibrate && self.touch.can_buzz()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dice::Throw;
    use crate::haptics::CAPTURE_BUZZ;
    use crate::rules::{Match, Turn};
    use crate::sound::{RecordingSink, Sound};

    fn recording() -> (Outputs, Rc<RecordingSink>) {
        let sink = Rc::new(RecordingSink::new());
        (Outputs::new(sink.clone(), sink.clone()), sink)
    }

    /// A vibrator-less device: records sounds, has no motor.
    struct NoMotor;

    impl BuzzSink for NoMotor {
        fn buzz(&self, _: crate::haptics::BuzzCue) {
            panic!("a device without a vibrator was asked to buzz");
        }

        fn can_buzz(&self) -> bool {
            false
        }
    }

    const AKBAR_CAPTURE: &str = r#"{"game": "chaupar-akbar",
        "seats": ["black", "red", "yellow", "green"], "to_move": "black",
        "pawns": {"black": [15, 77, 78, 84], "red": [1, 2, 3, 71],
                  "yellow": [1, 2, 3, 4], "green": [1, 2, 3, 4]}}"#;

    /// Throws 5, 1, 2 and plays Black's 15 to 20, a capture, into
    /// `outputs`.
    fn throw_and_capture(outputs: &Outputs) {
        let mut turn = Turn::new(Position::from_json(AKBAR_CAPTURE).unwrap());
        let implement = turn.implement();
        let thrown = turn.add_throw(Throw::of(implement, &[5, 1, 2]).unwrap());
        outputs.throw(&thrown, implement, 0.5, 550);
        let mv = (turn.legal_moves().into_iter())
            .find(|m| m.from == 15 && m.to == 20)
            .unwrap();
        let effects = turn.play(mv).unwrap();
        outputs.moved(&effects, turn.position(), 5, 120);
    }

    #[test]
    fn a_throw_and_a_capture_are_heard_and_felt() {
        let (outputs, sink) = recording();
        throw_and_capture(&outputs);
        let sounds = sink.sounds();
        assert!(matches!(
            sounds[0],
            Sound::Throw {
                implement: Implement::LongDice,
                fling: 50,
                ..
            }
        ));
        assert_eq!(sounds.last(), Some(&Sound::Capture { pawns: 1 }));
        let buzzes = sink.buzz_cues();
        assert_eq!(buzzes.len(), 2, "{buzzes:?}");
        assert_eq!(buzzes[0], buzz_for_throw(0.5, 550));
        assert_eq!(buzzes[1].buzz, CAPTURE_BUZZ);
        outputs.refused();
        assert_eq!(sink.sounds().last(), Some(&Sound::Refused));
        assert_eq!(sink.buzzes().len(), 2, "a refusal does not buzz");
    }

    #[test]
    fn sound_off_and_vibration_off_each_silence_their_own_output() {
        let (outputs, sink) = recording();
        let on = SoundSettings::default();
        outputs.apply(&SoundSettings { on: false, ..on });
        throw_and_capture(&outputs);
        outputs.refused();
        assert!(sink.sounds().is_empty());
        assert_eq!(sink.buzzes().len(), 2, "still felt");

        sink.clear();
        outputs.apply(&SoundSettings { volume: 0, ..on });
        throw_and_capture(&outputs);
        assert!(sink.sounds().is_empty(), "no volume is no sound");

        sink.clear();
        outputs.apply(&SoundSettings {
            vibrate: false,
            ..on
        });
        throw_and_capture(&outputs);
        assert!(sink.buzzes().is_empty());
        assert!(sink.sounds().len() > 2, "still heard");
    }

    #[test]
    fn a_device_without_a_vibrator_is_only_heard() {
        let sink = Rc::new(RecordingSink::new());
        let outputs = Outputs::new(sink.clone(), Rc::new(NoMotor));
        assert!(!outputs.can_vibrate());
        throw_and_capture(&outputs);
        assert!(sink.sounds().len() > 2);
    }

    #[test]
    fn every_throw_of_a_game_is_heard_and_felt_once() {
        let (outputs, sink) = recording();
        let chowka = crate::rules::Game::ChowkaBhara;
        let mut game = Match::new(chowka, crate::rules::Options::new(chowka), 3).unwrap();
        let implement = game.turn().implement();
        let thrown = game.throw();
        outputs.throw(&thrown, implement, 2.0, 0);
        assert!(matches!(
            sink.sounds()[..],
            [Sound::Throw {
                implement: Implement::Cowries(4),
                fling: 100,
                ..
            }]
        ));
        assert_eq!(sink.buzz_cues(), [buzz_for_throw(1.0, 0)]);
    }
}
