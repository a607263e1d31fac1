//! Which sounds a moment of the game makes, from what the engine says a
//! throw or a move did (`crate::haptics` decides its buzzes the same way).

use super::Sound;
use crate::dice::Implement;
use crate::rules::{Effects, Milestone, Position, Thrown};

/// A sound at its moment: `delay_ms` after the call that asked for it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Cue {
    pub sound: Sound,
    pub delay_ms: u32,
}

impl Cue {
    /// `sound` at once.
    pub fn now(sound: Sound) -> Cue {
        Cue { sound, delay_ms: 0 }
    }
}

/// How long after a pawn lands Home the finishing flourish begins:
/// the bell is heard first.
pub const FLOURISH_AFTER_MS: u32 = 300;

/// The sounds of a throw of `implement` flung with `fling` (0 to 1): the
/// implement's own sound, as the throw fell.
pub fn cues_for_throw(thrown: &Thrown, implement: Implement, fling: f32) -> Vec<Cue> {
    vec![Cue::now(Sound::throw(implement, &thrown.throw, fling))]
}

/// The sounds of a move whose pawns walk `steps` squares (`to - from`
/// when they walk forward), one every `step_ms` (0 when the move is shown
/// as a jump), as the engine's `effects` say,
/// `after` being the position it left: a tap for each step, a knock
/// instead of the last tap for a capture, the bell when pawns reach Home,
/// and a flourish when the player finishes, the full one when that wins
/// the game. The first step is heard at once, the move's end `(steps - 1)
/// * step_ms` later.
pub fn cues_for_move(effects: &Effects, after: &Position, steps: u8, step_ms: u32) -> Vec<Cue> {
    let at = |step: u8| u32::from(step) * step_ms;
    let taps = taps(steps, step_ms);
    let landing = landing_ms(steps, step_ms);
    let captured: u8 = effects.captures.iter().map(|c| c.pawns).sum();
    let mut cues: Vec<Cue> = (0..taps)
        .map(|n| Cue {
            sound: Sound::Step { n },
            delay_ms: at(n),
        })
        .collect();
    if captured > 0 {
        cues.pop();
        cues.push(Cue {
            sound: Sound::Capture { pawns: captured },
            delay_ms: landing,
        });
    }
    for milestone in &effects.milestones {
        match *milestone {
            Milestone::Home { pawns } => cues.push(Cue {
                sound: Sound::Home { pawns },
                delay_ms: landing,
            }),
            Milestone::Finished { .. } => cues.push(Cue {
                sound: if after.is_over() && !after.winners().is_empty() {
                    Sound::Won
                } else {
                    Sound::Finish
                },
                delay_ms: landing + FLOURISH_AFTER_MS,
            }),
            _ => {}
        }
    }
    cues
}

/// The sound of a tap the rules refuse.
pub fn cue_for_refusal() -> Cue {
    Cue::now(Sound::Refused)
}

/// How many steps of a move of `steps` squares are heard: one each, or
/// one when the pawns jump (`step_ms` 0).
fn taps(steps: u8, step_ms: u32) -> u8 {
    if step_ms == 0 {
        steps.min(1)
    } else {
        steps
    }
}

/// When a move of `steps` squares, one every `step_ms`, lands: its last
/// step, `(steps - 1) * step_ms` after the first (at once for a jump).
pub fn landing_ms(steps: u8, step_ms: u32) -> u32 {
    u32::from(taps(steps, step_ms).saturating_sub(1)) * step_ms
}
