//! The device's dice counts (`dice.json`): every throw of every game played
//! on this device, per implement, kept across restarts for the Dice screen.
//!
//! A game's throws are in its record; the totals take them from there, and
//! remember how many of each game in progress they hold, so that a throw is
//! counted once however often the game is saved, left and resumed, and a
//! throw whose count was lost (the app killed before the totals were
//! written) is counted when its game is next played.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::envelope::Kind;
use super::saves::{open_file, write_file, BadFile, LoadProblem, SaveStore};
use super::StoreError;
use crate::dice::Implement;
use crate::dice_counts::Counts;

const DICE_FILE: &str = "dice.json";

/// The implements in the order of [`Implement::kind_index`].
const IMPLEMENTS: [Implement; Implement::KINDS] = [
    Implement::StickDice,
    Implement::LongDice,
    Implement::Cowries(4),
    Implement::Cowries(6),
];

/// Every throw counted on this device, per implement, and how many throws
/// of each game in progress that includes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DiceTotals {
    counts: [Counts; Implement::KINDS],
    counted: BTreeMap<String, u64>,
}

impl Default for DiceTotals {
    fn default() -> DiceTotals {
        DiceTotals {
            counts: IMPLEMENTS.map(Counts::new),
            counted: BTreeMap::new(),
        }
    }
}

impl DiceTotals {
    /// The counts of one implement.
    pub fn counts(&self, implement: Implement) -> &Counts {
        &self.counts[implement.kind_index()]
    }

    /// Counts the throws of the game `id` (all of them, in order, as its
    /// record gives them) that these totals do not hold yet. Returns
    /// whether any were new.
    pub fn count_game<'a>(
        &mut self,
        id: &str,
        implement: Implement,
        throws: impl IntoIterator<Item = &'a [u8]>,
    ) -> bool {
        let already = self.counted.get(id).copied().unwrap_or(0);
        let counts = &mut self.counts[implement.kind_index()];
        let mut seen = 0u64;
        for values in throws {
            if seen >= already {
                counts.add_values(values);
            }
            seen += 1;
        }
        // Fewer than before: the game was cut back (a save that parted
        // from the rules); its throws counted stay counted.
        self.counted.insert(id.to_string(), seen);
        seen > already
    }

    /// How many throws of the game `id` are counted.
    pub fn counted_of(&self, id: &str) -> u64 {
        self.counted.get(id).copied().unwrap_or(0)
    }

    /// Every count back to zero. Throws of games in progress already
    /// counted are not counted again: the totals start from now.
    pub fn reset(&mut self) {
        self.counts = IMPLEMENTS.map(Counts::new);
    }

    /// Forgets the games for which `keep` is false (games no longer in
    /// progress), so that the file does not grow with every game played.
    pub fn forget_games(&mut self, mut keep: impl FnMut(&str) -> bool) {
        self.counted.retain(|id, _| keep(id));
    }
}

/// The file's body: `dice` maps each implement to the count of each of its
/// outcomes; `counted`, each game in progress to its throws counted.
#[derive(Serialize, Deserialize)]
struct DiceBody {
    dice: BTreeMap<String, BTreeMap<String, u64>>,
    #[serde(default)]
    counted: BTreeMap<String, u64>,
}

/// The implement's name in the file.
fn implement_key(implement: Implement) -> &'static str {
    match implement {
        Implement::StickDice => "stick-dice",
        Implement::LongDice => "long-dice",
        Implement::Cowries(4) => "cowries-4",
        Implement::Cowries(_) => "cowries-6",
    }
}

/// An outcome's name in the file: dice by their faces, lowest first
/// (`"1-3"`); cowries by how many fell mouth up (`"0"` to `"6"`).
fn outcome_key(implement: Implement, values: &[u8]) -> String {
    match implement {
        Implement::Cowries(shells) => {
            let up = if values[0] == 2 * shells {
                0
            } else {
                values[0]
            };
            up.to_string()
        }
        _ => {
            let faces: Vec<String> = values.iter().map(u8::to_string).collect();
            faces.join("-")
        }
    }
}

/// The values of the outcome named `key`, if it is one of the implement's.
fn outcome_values(implement: Implement, key: &str) -> Option<Vec<u8>> {
    match implement {
        Implement::Cowries(shells) => {
            let up: u8 = key.parse().ok()?;
            (up <= shells).then(|| vec![Implement::cowrie_value(shells, up)])
        }
        _ => key.split('-').map(|face| face.parse().ok()).collect(),
    }
}

impl From<&DiceTotals> for DiceBody {
    fn from(totals: &DiceTotals) -> DiceBody {
        let dice = IMPLEMENTS
            .iter()
            .map(|&implement| {
                let outcomes = totals
                    .counts(implement)
                    .outcomes()
                    .map(|(throw, n)| (outcome_key(implement, throw.values()), n))
                    .collect();
                (implement_key(implement).to_string(), outcomes)
            })
            .collect();
        DiceBody {
            dice,
            counted: totals.counted.clone(),
        }
    }
}

impl From<DiceBody> for DiceTotals {
    /// Implements and outcomes this version does not know are left out, as
    /// a reader skips fields it does not know.
    fn from(body: DiceBody) -> DiceTotals {
        let mut totals = DiceTotals {
            counted: body.counted,
            ..DiceTotals::default()
        };
        for implement in IMPLEMENTS {
            let Some(outcomes) = body.dice.get(implement_key(implement)) else {
                continue;
            };
            let counts = &mut totals.counts[implement.kind_index()];
            for (key, &n) in outcomes {
                if let Some(values) = outcome_values(implement, key) {
                    counts.set(&values, n);
                }
            }
        }
        totals
    }
}

impl SaveStore {
    /// The device's dice totals: none before the first throw. Games whose
    /// save is gone (finished, deleted or set aside) are forgotten. A bad
    /// file is set aside and reported.
    pub fn dice_totals(&self) -> Result<DiceTotals, BadFile> {
        match open_file::<DiceBody>(&self.folder().join(DICE_FILE), Kind::Dice) {
            Ok(opened) => {
                let mut totals = DiceTotals::from(opened.body);
                totals.forget_games(|id| self.has_game(id));
                Ok(totals)
            }
            Err(LoadProblem::Missing) => Ok(DiceTotals::default()),
            Err(LoadProblem::Bad(file)) => Err(file),
        }
    }

    /// Writes the device's dice totals, replacing them whole.
    pub fn save_dice_totals(&self, totals: &DiceTotals) -> Result<(), StoreError> {
        write_file(
            &self.folder().join(DICE_FILE),
            Kind::Dice,
            &DiceBody::from(totals),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn throws(list: &[&'static [u8]]) -> Vec<&'static [u8]> {
        list.to_vec()
    }

    #[test]
    fn a_games_throws_count_once_however_often_it_is_counted() {
        let mut totals = DiceTotals::default();
        let game = throws(&[&[6, 3], &[1, 1]]);
        assert!(totals.count_game("g1", Implement::StickDice, game.clone()));
        assert!(!totals.count_game("g1", Implement::StickDice, game.clone()));
        let more = throws(&[&[6, 3], &[1, 1], &[4, 4]]);
        assert!(totals.count_game("g1", Implement::StickDice, more));
        assert_eq!(totals.counts(Implement::StickDice).throws(), 3);
        assert_eq!(totals.counted_of("g1"), 3);
        // Another game counts apart.
        totals.count_game("g2", Implement::Cowries(4), throws(&[&[8]]));
        assert_eq!(totals.counts(Implement::Cowries(4)).throws(), 1);
        assert_eq!(totals.counts(Implement::StickDice).throws(), 3);
    }

    #[test]
    fn a_reset_starts_from_now() {
        let mut totals = DiceTotals::default();
        totals.count_game("g1", Implement::LongDice, throws(&[&[1, 2, 5]]));
        totals.reset();
        assert_eq!(totals.counts(Implement::LongDice).throws(), 0);
        let more = throws(&[&[1, 2, 5], &[6, 6, 6]]);
        totals.count_game("g1", Implement::LongDice, more);
        assert_eq!(totals.counts(Implement::LongDice).throws(), 1);
    }

    #[test]
    fn the_body_names_every_outcome_and_reads_back() {
        let mut totals = DiceTotals::default();
        totals.count_game("g1", Implement::StickDice, throws(&[&[6, 3], &[3, 6]]));
        totals.count_game("g2", Implement::Cowries(6), throws(&[&[12], &[3]]));
        let json = serde_json::to_value(DiceBody::from(&totals)).unwrap();
        assert_eq!(json["dice"]["stick-dice"]["3-6"], 2);
        assert_eq!(json["dice"]["stick-dice"]["1-1"], 0);
        assert_eq!(json["dice"]["cowries-6"]["0"], 1);
        assert_eq!(json["dice"]["cowries-6"]["3"], 1);
        assert_eq!(json["dice"]["long-dice"].as_object().unwrap().len(), 20);
        assert_eq!(json["counted"]["g2"], 2);
        let body: DiceBody = serde_json::from_value(json).unwrap();
        assert_eq!(DiceTotals::from(body), totals);
    }

    #[test]
    fn outcomes_and_implements_not_known_are_skipped() {
        let json = serde_json::json!({
            "dice": {
                "stick-dice": { "3-6": 4, "2-2": 9, "6": 1, "x": 3 },
                "cowries-4": { "5": 2, "4": 1 },
                "pachisi-cowries": { "0": 7 }
            }
        });
        let totals = DiceTotals::from(serde_json::from_value::<DiceBody>(json).unwrap());
        assert_eq!(totals.counts(Implement::StickDice).throws(), 4);
        assert_eq!(totals.counts(Implement::Cowries(4)).throws(), 1);
        assert_eq!(totals.counted_of("g1"), 0);
    }
}
