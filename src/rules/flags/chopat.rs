//! What Chopat's rules remember of a player ([`ChopatFlags`]: Kajalvun,
//! the Jug and its moves, Ool Olangvun, the true pair; its card,
//! `games/chopat.rs`, says what they mean): where a player's flags keep
//! them, and their names in positions' JSON.

use super::{Flag, Flags, GameFlags, Given, MISSED_TURNS};
use crate::rules::chopat::{ChopatFlags, ChopatPositionError, Ool};
use crate::rules::error::PositionError;
use serde_json::json;

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

pub(crate) const JUG_MOVED: Flag = Flag {
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
            (PENDING, None) => {
                return Err(PositionError::Chopat(
                    ChopatPositionError::OolPendingWithoutStep {
                        colour,
                        step_flag: OOL_PAWN.name,
                    },
                ))
            }
            (other, _) => return Err(ool_value(colour, other)),
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

/// `colour`'s `ool` cannot say `value`.
fn ool_value(colour: String, value: &str) -> PositionError {
    PositionError::Chopat(ChopatPositionError::OolValue {
        colour,
        value: value.to_string(),
        flag: OOL.name,
        values: &[NOT_YET, PENDING, DONE],
        step_flag: OOL_PAWN.name,
    })
}

/// Read with `ool`, which must be pending.
const OOL_PAWN: Flag = Flag {
    name: "ool_pawn",
    read: |_, v| match v.all.get(OOL.name).map(|ool| ool.as_str()) {
        Some(Some(PENDING)) => Ok(()),
        Some(Some(other)) => Err(ool_value(v.colour.to_string(), other)),
        // `ool` of the wrong kind is named as such when it is read.
        Some(None) => Ok(()),
        None => Err(ool_value(v.colour.to_string(), NOT_YET)),
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
