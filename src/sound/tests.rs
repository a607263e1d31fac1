//! The right sound and buzz for each moment, through the engine's own
//! effects: positions set up, throws added and moves played as the app
//! does, with a recording sink.

use super::*;
use crate::dice::{Implement, Throw};
use crate::haptics::{buzz_for_move, buzz_for_throw, Buzz, BuzzCue, BuzzSink, CAPTURE_BUZZ};
use crate::rules::{Game, Illegal, Match, Move, Options, Position, Spend, Turn};

/// A game at the table, playing its cues and buzzes into a recording.
struct Table {
    turn: Turn,
    heard: RecordingSink,
    step_ms: u32,
}

impl Table {
    fn at(json: &str) -> Table {
        let pos = Position::from_json(json).unwrap_or_else(|e| panic!("{e}: {json}"));
        Table {
            turn: Turn::new(pos),
            heard: RecordingSink::new(),
            step_ms: 120,
        }
    }

    fn throw(&mut self, values: &[u8], fling: f32) {
        let implement = self.turn.implement();
        let thrown = self.turn.add_throw(Throw::of(implement, values).unwrap());
        self.heard
            .play_all(&cues_for_throw(&thrown, implement, fling));
        self.heard.buzz(buzz_for_throw(fling, 500));
    }

    /// A tap moving `from` to `to` with `values`: the move's sounds, or the
    /// refusal's.
    fn tap(&mut self, from: u8, to: u8, values: &[u8]) -> Result<(), Illegal> {
        let legal = self.turn.legal_moves().into_iter().find(|m| {
            let mut v = m.values(self.turn.throws());
            v.sort_unstable();
            let mut want = values.to_vec();
            want.sort_unstable();
            m.from == from && m.to == to && v == want
        });
        // A move the rules do not list: the first value spent on it.
        let mv = legal.unwrap_or(Move::new(from, to, 1, Spend::die(0, 0)));
        match self.turn.play(mv) {
            Ok(effects) => {
                let after = self.turn.position();
                self.heard
                    .play_all(&cues_for_move(&effects, after, to - from, self.step_ms));
                if let Some(buzz) = buzz_for_move(&effects, landing_ms(to - from, self.step_ms)) {
                    self.heard.buzz(buzz);
                }
                Ok(())
            }
            Err(reason) => {
                self.heard.play(cue_for_refusal());
                Err(reason)
            }
        }
    }
}

const AKBAR_CAPTURE: &str = r#"{"game": "chaupar-akbar",
    "seats": ["black", "red", "yellow", "green"], "to_move": "black",
    "pawns": {"black": [15, 77, 78, 84], "red": [1, 2, 3, 71],
              "yellow": [1, 2, 3, 4], "green": [1, 2, 3, 4]}}"#;

#[test]
fn a_capture_knocks_where_the_pawn_lands_and_buzzes_hard() {
    let mut table = Table::at(AKBAR_CAPTURE);
    table.throw(&[5, 1, 2], 0.5);
    table.heard.clear();
    // Black's 20 is not a safe square: Red's pawn there goes back.
    table.tap(15, 20, &[5]).unwrap();
    let cues = table.heard.cues();
    let steps: Vec<u32> = (cues.iter())
        .filter(|c| matches!(c.sound, Sound::Step { .. }))
        .map(|c| c.delay_ms)
        .collect();
    assert_eq!(
        steps,
        [0, 120, 240, 360],
        "a tap for each step before the last"
    );
    assert_eq!(
        cues.last(),
        Some(&Cue {
            sound: Sound::Capture { pawns: 1 },
            delay_ms: 480
        }),
        "the knock as the pawn lands"
    );
    assert_eq!(
        table.heard.buzz_cues(),
        [BuzzCue {
            buzz: Buzz {
                millis: 50,
                strength: 230
            },
            delay_ms: 480
        }],
        "the strong buzz with the knock"
    );
    assert!(CAPTURE_BUZZ.strength > buzz_for_throw(1.0, 0).buzz.strength);
    assert!(CAPTURE_BUZZ.millis > buzz_for_throw(1.0, 0).buzz.millis);
}

#[test]
fn a_plain_move_taps_each_step_and_does_not_buzz() {
    let mut table = Table::at(AKBAR_CAPTURE);
    table.throw(&[5, 1, 2], 0.5);
    table.heard.clear();
    // 15 + 2 = 17: nobody there.
    table.tap(15, 17, &[2]).unwrap();
    assert_eq!(
        table.heard.sounds(),
        [Sound::Step { n: 0 }, Sound::Step { n: 1 }]
    );
    assert!(table.heard.buzzes().is_empty());
    // With no walking, the pawn jumps: one tap, not a pile of them.
    table.step_ms = 0;
    table.heard.clear();
    table.tap(78, 79, &[1]).unwrap();
    assert_eq!(table.heard.cues(), [Cue::now(Sound::Step { n: 0 })]);
}

#[test]
fn a_pawn_reaching_home_rings_the_bell_and_a_game_won_plays_the_flourish_after_it() {
    // Two players: Yellow's last pawn goes Home with the 5, and Black and
    // Yellow have won.
    let mut table = Table::at(
        r#"{"game": "chaupar", "options": {"mode": "2p"},
        "seats": ["black", "red", "yellow", "green"], "to_move": "black",
        "pawns": {"black": [84, 84, 84, 84], "red": [1, 2, 3, 4],
                  "yellow": [79, 84, 84, 84], "green": [1, 2, 3, 4]}}"#,
    );
    table.throw(&[1, 5, 6], 0.5);
    table.heard.clear();
    table.tap(79, 84, &[5]).unwrap();
    let cues = table.heard.cues();
    let landing = 4 * 120;
    assert!(cues.contains(&Cue {
        sound: Sound::Home { pawns: 1 },
        delay_ms: landing
    }));
    let flourish = cues
        .iter()
        .find(|c| matches!(c.sound, Sound::Finish | Sound::Won))
        .expect("finishing plays the flourish");
    assert_eq!(flourish.sound, Sound::Won);
    assert_eq!(flourish.delay_ms, landing + FLOURISH_AFTER_MS);
    assert!(table.turn.position().is_over());
}

#[test]
fn a_pawn_home_without_finishing_rings_the_bell_only() {
    let mut table = Table::at(
        r#"{"game": "chaupar-akbar",
        "seats": ["black", "red", "yellow", "green"], "to_move": "black",
        "pawns": {"black": [20, 79, 78, 84], "red": [1, 2, 3, 4],
                  "yellow": [1, 2, 3, 4], "green": [1, 2, 3, 4]}}"#,
    );
    table.throw(&[5, 1, 2], 0.5);
    table.heard.clear();
    table.tap(79, 84, &[5]).unwrap();
    let sounds = table.heard.sounds();
    assert!(sounds.contains(&Sound::Home { pawns: 1 }), "{sounds:?}");
    assert!(!sounds.contains(&Sound::Finish) && !sounds.contains(&Sound::Won));
}

#[test]
fn a_player_finishing_while_others_play_on_hears_the_short_flourish() {
    // Three players: Red's last pawn reaches the centre, and Green and
    // Yellow race on for second place.
    let mut table = Table::at(
        r#"{"game": "chowka-bhara", "seats": ["red", "green", "yellow"], "to_move": "red",
        "pawns": {"red": [23, 25, 25, 25], "green": [1, 1, 1, 1], "yellow": [1, 1, 1, 1]},
        "flags": {"red": {"has_cut": true}}}"#,
    );
    table.throw(&[2], 0.5);
    table.heard.clear();
    table.tap(23, 25, &[2]).unwrap();
    assert!(!table.turn.position().is_over());
    assert_eq!(
        table.heard.sounds(),
        [
            Sound::Step { n: 0 },
            Sound::Step { n: 1 },
            Sound::Home { pawns: 1 },
            Sound::Finish
        ]
    );
}

#[test]
fn a_refused_tap_thuds_and_plays_nothing_else() {
    let mut table = Table::at(AKBAR_CAPTURE);
    table.throw(&[5, 1, 2], 0.5);
    table.heard.clear();
    // Exactly Home only: 84 + 5 is past it.
    assert!(table.tap(84, 89, &[5]).is_err());
    assert_eq!(table.heard.cues(), [cue_for_refusal()]);
    assert_eq!(cue_for_refusal().sound, Sound::Refused);
    assert!(table.heard.buzzes().is_empty());
}

#[test]
fn every_game_throws_with_its_own_implement_and_the_dice_settle_with_a_short_buzz() {
    let cases = [
        (
            Game::Chopat,
            Options::new(Game::Chopat),
            Implement::StickDice,
        ),
        (
            Game::Pagade,
            Options::new(Game::Pagade),
            Implement::StickDice,
        ),
        (
            Game::Chaupar,
            Options::new(Game::Chaupar),
            Implement::LongDice,
        ),
        (
            Game::ChauparAkbar,
            Options::new(Game::ChauparAkbar),
            Implement::LongDice,
        ),
        (
            Game::ChowkaBhara,
            Options::new(Game::ChowkaBhara),
            Implement::Cowries(4),
        ),
    ];
    let mut six = Options::new(Game::ChowkaBhara);
    six.set(Game::ChowkaBhara, "shells", "6").unwrap();
    let cases = cases
        .into_iter()
        .chain([(Game::ChowkaBhara, six, Implement::Cowries(6))]);
    for (game, options, implement) in cases {
        let mut game_on = Match::new(game, options, 11).unwrap();
        let heard = RecordingSink::new();
        let thrown = game_on.throw();
        let cues = cues_for_throw(&thrown, game_on.turn().implement(), 0.8);
        heard.play_all(&cues);
        heard.buzz(buzz_for_throw(0.8, 550));
        match heard.sounds()[..] {
            [Sound::Throw {
                implement: i,
                fling: 80,
                ..
            }] => assert_eq!(i, implement, "{game:?}"),
            ref other => panic!("{game:?}: {other:?}"),
        }
        let [buzz] = heard.buzz_cues()[..] else {
            panic!("one buzz as the throw settles")
        };
        assert!(buzz.buzz.millis <= 30, "a short buzz");
        assert_eq!(buzz.delay_ms, 550, "as the dice settle");
    }
}

#[test]
fn cowries_sound_as_they_fell() {
    let table = |values: &[u8]| {
        let mut t = Table::at(
            r#"{"game": "chowka-bhara", "seats": ["red", "yellow"], "to_move": "red",
            "pawns": {"red": [1, 1, 1, 2], "yellow": [1, 1, 1, 12]}}"#,
        );
        t.throw(values, 0.5);
        t.heard.sounds()[0]
    };
    // Ashta: all four mouths down; Chamma: all four up.
    let ashta = table(&[8]);
    let chamma = table(&[4]);
    assert!(matches!(ashta, Sound::Throw { fall: 0, .. }), "{ashta:?}");
    assert!(
        matches!(chamma, Sound::Throw { fall: 0b1111, .. }),
        "{chamma:?}"
    );
    assert_ne!(synth::render(ashta), synth::render(chamma));
}
