//! Chopat's own terms: what its rules remember of a player
//! ([`ChopatFlags`], which `flags/chopat.rs` keeps and names in JSON),
//! its refusals, the ways its flags can disagree with a position, and its
//! milestones, each with its words. Its card (`games/chopat.rs`) gives
//! them; the generic enums carry each as one variant
//! ([`super::Illegal::Chopat`], [`super::PositionError::Chopat`],
//! [`super::Milestone::Chopat`]), so that no other file of the rules
//! names them.

use std::fmt;

/// Chopat's Ool Olangvun: a single pawn passing over its own Jug.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Ool {
    NotYet,
    /// A pawn passed the Jug and now stands on this step; it counts once it
    /// has survived the next player's turn.
    Pending(u8),
    Done,
}

/// What Chopat's rules remember of a player.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct ChopatFlags {
    /// The first pair (the Jug) has been formed on step 34.
    pub kajalvun: bool,
    /// The player has had a turn (the opening split needs the player's
    /// first throw).
    pub has_thrown: bool,
    /// The step the Jug stands on, while it stands.
    pub jug: Option<u8>,
    /// The Jug has moved together and not yet been passed over.
    pub jug_moved: bool,
    pub ool: Ool,
    /// The false-pair rule: the step of the pair its player named true,
    /// while the player has two pairs.
    pub true_pair: Option<u8>,
}

/// Why Chopat's own rules refuse a move.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum ChopatRefusal {
    /// Before its first pair a player's pawns stand together only on the
    /// square where that pair must form, its own `step`.
    KajalvunFirst {
        step: u8,
    },
    JugOnce,
    JugFirstDoublet,
    /// Khado Karvo's choices are the only moves of its turn.
    KhadoChoice,
}

impl fmt::Display for ChopatRefusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use ChopatRefusal::*;
        match self {
            KajalvunFirst { step } => write!(
                f,
                "before Kajalvun your first pair must form on your Kajalvun square, step {step}"
            ),
            JugOnce => f.write_str("the Jug may move together only once before Ool Olangvun"),
            JugFirstDoublet => {
                f.write_str("the Jug moves together only with the turn's first doublet")
            }
            KhadoChoice => f.write_str(
                "Khado Karvo: bring a pawn back from Home onto an opponent on your arm, or miss this turn",
            ),
        }
    }
}

/// How Chopat's flags disagree with each other or with the pawns.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ChopatPositionError {
    /// A Jug, or its moves or Ool Olangvun, before Kajalvun.
    JugBeforeKajalvun {
        colour: String,
    },
    /// A pair before Kajalvun away from the start and the Kajalvun square.
    PairBeforeKajalvun {
        colour: String,
        step: u8,
        kajalvun: u8,
    },
    JugWithoutPair {
        colour: String,
        step: u8,
    },
    /// Ool Olangvun waits on a pass over a Jug that has not moved.
    PassedUnmovedJug {
        colour: String,
        step: u8,
        /// The flag that says whether the Jug has moved.
        flag: &'static str,
    },
    /// Before Ool Olangvun, a Jug away from the Kajalvun square that has
    /// not moved.
    UnmovedJugAway {
        colour: String,
        step: u8,
        /// The flag that says whether the Jug has moved.
        flag: &'static str,
    },
    JugMovedWithoutJug {
        colour: String,
    },
    /// Ool Olangvun waits on a step where no pawn of the player stands.
    OolWithoutPawn {
        colour: String,
        step: u8,
    },
    OolPendingWithoutStep {
        colour: String,
        /// The flag that says on which step.
        step_flag: &'static str,
    },
    OolValue {
        colour: String,
        value: String,
        flag: &'static str,
        /// What the flag may say: not yet, pending (with `step_flag`), done.
        values: &'static [&'static str; 3],
        step_flag: &'static str,
    },
    /// Two pairs under the false-pair rule, neither named true.
    TruePairUnnamed {
        colour: String,
    },
    TruePairWithoutRule {
        colour: String,
    },
    TruePairNotAPair {
        colour: String,
        step: u8,
    },
    /// A true pair named where it is the player's only one.
    TruePairAlone {
        colour: String,
        step: u8,
    },
    /// Pawns away from the start of a player who has not had a turn.
    MovedWithoutTurn {
        colour: String,
        /// The flag that says whether the player has had a turn.
        flag: &'static str,
    },
}

impl fmt::Display for ChopatPositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use ChopatPositionError::*;
        match self {
            JugBeforeKajalvun { colour } => {
                write!(f, "{colour} has a Jug but has not done Kajalvun")
            }
            PairBeforeKajalvun {
                colour,
                step,
                kajalvun,
            } => write!(
                f,
                "{colour} has a pair on step {step} before Kajalvun; the first pair must form on step {kajalvun}"
            ),
            JugWithoutPair { colour, step } => write!(
                f,
                "{colour}'s Jug is on step {step}, where no pair of theirs stands"
            ),
            PassedUnmovedJug { colour, step, flag } => write!(
                f,
                "{colour}'s Jug on step {step} has not moved (\"{flag}\" is false), but Ool Olangvun waits on a pawn that passed it"
            ),
            UnmovedJugAway { colour, step, flag } => write!(
                f,
                "{colour}'s Jug on step {step} has not moved (\"{flag}\" is false), but it stands away from the Kajalvun square"
            ),
            JugMovedWithoutJug { colour } => {
                write!(f, "{colour}'s Jug has moved but there is no Jug")
            }
            OolWithoutPawn { colour, step } => write!(
                f,
                "{colour}'s Ool Olangvun waits on step {step}, where no pawn of theirs stands"
            ),
            OolPendingWithoutStep { colour, step_flag } => write!(
                f,
                "{colour}'s Ool Olangvun is pending but \"{step_flag}\" does not say on which step"
            ),
            OolValue {
                colour,
                value,
                flag,
                values: [not_yet, pending, done],
                step_flag,
            } => write!(
                f,
                "{colour}'s \"{flag}\" must be \"{not_yet}\", \"{pending}\" (with \"{step_flag}\") or \"{done}\", not \"{value}\""
            ),
            TruePairUnnamed { colour } => write!(
                f,
                "{colour} has two pairs under the false-pair rule but names neither true"
            ),
            TruePairWithoutRule { colour } => write!(
                f,
                "{colour} names a true pair, but the false-pair rule is off"
            ),
            TruePairNotAPair { colour, step } => write!(
                f,
                "{colour}'s true pair is on step {step}, where no pair of theirs stands"
            ),
            TruePairAlone { colour, step } => write!(
                f,
                "{colour} names a true pair but has only the one on step {step}"
            ),
            MovedWithoutTurn { colour, flag } => write!(
                f,
                "{colour}'s pawns have left the start, so {colour} has had a turn: \"{flag}\" cannot be false"
            ),
        }
    }
}

/// What a move, or the end of a turn, achieved under Chopat's own rules.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum ChopatMilestone {
    /// The first pair formed on the Kajalvun square, the Jug.
    Kajalvun,
    /// The Jug moved together (Jugne Uthavavun).
    JugMoved,
    /// A single pawn passed over its moved Jug; Ool Olangvun counts once
    /// it has survived the next player's turn.
    PassedJug,
    /// The end of a turn: the pawn that passed over its Jug survived the
    /// next player's turn, so Ool Olangvun is done.
    OolDone,
    /// The false-pair rule: the pair named true, on this step.
    TruePairNamed { step: u8 },
    /// Khado Karvo: pawns came back from Home, and the player is racing
    /// again.
    BackFromHome,
}
