//! What Chopat's rules remember of a player: Kajalvun, the Jug and its
//! moves, Ool Olangvun, the true pair (its card, `games/chopat.rs`, says
//! what they mean), and their names in positions' JSON.

use super::{Flag, Flags, GameFlags, Given, MISSED_TURNS};
use crate::rules::error::PositionError;
use serde_json::json;

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

impl ChopatFlags {
    /// A player's at the start, and in a position of another game.
    pub(crate) const FRESH: ChopatFlags = ChopatFlags {
        kajalvun: false,
        has_thrown: false,
        jug: None,
        jug_moved: false,
        ool: Ool::NotYet,
        true_pair: None,
    };

    /// A player's Chopat flags (in a position of another game, none set).
    #[inline]
    pub fn of(flags: &Flags) -> &ChopatFlags {
        match &flags.game {
            GameFlags::Chopat(f) => f,
            _ => &Self::FRESH,
        }
    }

    /// A player's Chopat flags, to change (a player of another game gets
    /// them fresh).
    #[inline]
    pub fn of_mut(flags: &mut Flags) -> &mut ChopatFlags {
        if !matches!(flags.game, GameFlags::Chopat(_)) {
            flags.game = GameFlags::Chopat(ChopatFlags::FRESH);
        }
        match &mut flags.game {
            GameFlags::Chopat(f) => f,
            _ => unreachable!("just set"),
        }
    }
}

fn chopat(f: &mut Flags) -> &mut ChopatFlags {
    ChopatFlags::of_mut(f)
}

const KAJALVUN: Flag = Flag {
    name: "kajalvun",
    read: |f, v| {
        chopat(f).kajalvun = v.boolean()?;
        Ok(())
    },
    write: |f| Some(json!(ChopatFlags::of(f).kajalvun)),
};

pub(crate) const HAS_THROWN: Flag = Flag {
    name: "has_thrown",
    read: |f, v| {
        chopat(f).has_thrown = v.boolean()?;
        Ok(())
    },
    write: |f| Some(json!(ChopatFlags::of(f).has_thrown)),
};

const JUG: Flag = Flag {
    name: "jug",
    read: |f, v| {
        chopat(f).jug = v.step_or_none()?;
        Ok(())
    },
    write: |f| Some(json!(ChopatFlags::of(f).jug)),
};

const JUG_MOVED: Flag = Flag {
    name: "jug_moved",
    read: |f, v| {
        chopat(f).jug_moved = v.boolean()?;
        Ok(())
    },
    write: |f| Some(json!(ChopatFlags::of(f).jug_moved)),
};

const NOT_YET: &str = "not-yet";
const PENDING: &str = "pending";
const DONE: &str = "done";

/// Ool Olangvun's state; when it waits, `ool_pawn` says on which step.
const OOL: Flag = Flag {
    name: "ool",
    read: |f, v| {
        let colour = v.colour.to_string();
        let ool = match (v.text()?, v.all.get(OOL_PAWN.name)) {
            (NOT_YET, None) => Ool::NotYet,
            (DONE, None) => Ool::Done,
            (PENDING, Some(step)) => Ool::Pending(
                Given {
                    key: OOL_PAWN.name,
                    value: step,
                    ..*v
                }
                .step()?,
            ),
            (PENDING, None) => return Err(PositionError::OolPendingWithoutStep { colour }),
            (other, _) => {
                return Err(PositionError::OolValue {
                    colour,
                    value: other.to_string(),
                })
            }
        };
        chopat(f).ool = ool;
        Ok(())
    },
    write: |f| {
        Some(json!(match ChopatFlags::of(f).ool {
            Ool::NotYet => NOT_YET,
            Ool::Pending(_) => PENDING,
            Ool::Done => DONE,
        }))
    },
};

/// Read with `ool`, which must be pending.
const OOL_PAWN: Flag = Flag {
    name: "ool_pawn",
    read: |_, v| match v.all.get(OOL.name).map(|ool| ool.as_str()) {
        Some(Some(PENDING)) => Ok(()),
        Some(Some(other)) => Err(PositionError::OolValue {
            colour: v.colour.to_string(),
            value: other.to_string(),
        }),
        // `ool` of the wrong kind is named as such when it is read.
        Some(None) => Ok(()),
        None => Err(PositionError::OolValue {
            colour: v.colour.to_string(),
            value: NOT_YET.to_string(),
        }),
    },
    write: |f| match ChopatFlags::of(f).ool {
        Ool::Pending(step) => Some(json!(step)),
        _ => None,
    },
};

/// Written only under the false-pair rule with two pairs.
const TRUE_PAIR: Flag = Flag {
    name: "true_pair",
    read: |f, v| {
        chopat(f).true_pair = v.step_or_none()?;
        Ok(())
    },
    write: |f| ChopatFlags::of(f).true_pair.map(|step| json!(step)),
};

/// Chopat's flags, as positions name them.
pub(crate) const CHOPAT_FLAGS: &[Flag] = &[
    KAJALVUN,
    HAS_THROWN,
    JUG,
    JUG_MOVED,
    OOL,
    OOL_PAWN,
    MISSED_TURNS,
    TRUE_PAIR,
];
