//! How often each outcome of an implement came up, beside its exact odds,
//! and whether the throws look like fair dice: Pearson's chi-square test of
//! the counts against the odds of [`Implement::distribution`], with its
//! p-value worked out here (the regularised upper incomplete gamma
//! function). Pure: the Dice screen and the device's totals stand on it.
//!
//! ```
//! use chaupar::dice::{Implement, Throw};
//! use chaupar::dice_counts::{Counts, Verdict};
//!
//! let mut counts = Counts::new(Implement::StickDice);
//! counts.add(&Throw::dice(&[6, 3]));
//! assert_eq!(counts.throws(), 1);
//! // Too few throws for the test: the rarest throw (a doublet) should
//! // have come up about 5 times before it can tell.
//! assert_eq!(counts.verdict(), Verdict::TooFew { more_needed: 79 });
//! ```

mod chi_square;

pub use chi_square::{chi_square, chi_square_p};

use crate::dice::{Implement, Throw};

/// The counts of one implement's throws, one count per distinct throw of
/// its [`Implement::distribution`] (dice in any order: a throw of 6 and 3
/// is the same outcome as 3 and 6; cowries by the value they give).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Counts {
    implement: Implement,
    by_outcome: Vec<u64>,
}

/// One bar of a chart: an outcome, how often it came up and how often fair
/// dice would have given it over as many throws.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Bar {
    /// The face, the sum of a throw, or the cowries mouth up.
    pub outcome: u8,
    /// What the outcome is worth: a cowrie throw's value (all mouths down
    /// is worth twice the shells); for dice the outcome itself.
    pub value: u8,
    pub count: u64,
    /// The exact chance of the outcome, per die for faces, per throw
    /// otherwise.
    pub probability: f64,
    /// How many times fair dice give it, on average, over as many throws.
    pub expected: f64,
}

/// A chi-square test of the counts against the exact odds.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Test {
    /// Pearson's statistic: the sum over outcomes of (count - expected)²
    /// / expected.
    pub statistic: f64,
    /// Outcomes less one.
    pub degrees: u32,
    /// The chance that fair dice give counts at least as far from the
    /// odds as these: 1 for counts exactly as expected, tiny for a run
    /// that fair dice would almost never give.
    pub p: f64,
}

/// What the counts say about the dice, in the Dice screen's words.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Some outcome is too rare for the test at this many throws (fewer
    /// than [`FEWEST_EXPECTED`] expected): so many more throws are needed.
    TooFew { more_needed: u64 },
    /// As fair as real dice: fair dice give a run at least this uneven
    /// more than once in [`UNUSUAL_ONCE_IN`] runs.
    Fair,
    /// Fair dice give a run this uneven about once in `once_in` runs of as
    /// many throws (rounded to two figures), at most [`ONCE_IN_MOST`].
    Unusual { once_in: u64 },
    /// Fair dice give a run this uneven less than once in
    /// [`ONCE_IN_MOST`] runs.
    BeyondCounting,
}

/// The chi-square test asks that every outcome be expected at least this
/// many times: below that its approximation of the exact odds is poor.
pub const FEWEST_EXPECTED: f64 = 5.0;

/// A run less likely than once in this many is called unusual.
pub const UNUSUAL_ONCE_IN: u64 = 20;

/// The rarest run the verdict puts a number on: once in a billion.
pub const ONCE_IN_MOST: u64 = 1_000_000_000;

impl Counts {
    /// No throws yet.
    pub fn new(implement: Implement) -> Counts {
        Counts {
            implement,
            by_outcome: vec![0; implement.distribution().len()],
        }
    }

    /// Counts `throws`, skipping any that the implement cannot show.
    pub fn of<'a>(implement: Implement, throws: impl IntoIterator<Item = &'a [u8]>) -> Counts {
        let mut counts = Counts::new(implement);
        for values in throws {
            counts.add_values(values);
        }
        counts
    }

    pub fn implement(&self) -> Implement {
        self.implement
    }

    /// Counts one throw; false (and nothing counted) if it is not a throw
    /// of this implement.
    pub fn add(&mut self, throw: &Throw) -> bool {
        self.add_values(throw.values())
    }

    /// Counts one throw given by its values as they fell; false (and
    /// nothing counted) if the implement cannot show them.
    pub fn add_values(&mut self, values: &[u8]) -> bool {
        match outcome_index(self.implement, values) {
            Some(i) => {
                self.by_outcome[i] += 1;
                true
            }
            None => false,
        }
    }

    /// Adds `other`'s counts (of the same implement) to these.
    pub fn merge(&mut self, other: &Counts) {
        assert_eq!(self.implement, other.implement, "counts of one implement");
        for (mine, theirs) in self.by_outcome.iter_mut().zip(&other.by_outcome) {
            *mine += theirs;
        }
    }

    /// How many throws were counted.
    pub fn throws(&self) -> u64 {
        self.by_outcome.iter().sum()
    }

    /// Every distinct throw with its count, in the order of
    /// [`Implement::distribution`].
    pub fn outcomes(&self) -> impl Iterator<Item = (Throw, u64)> + '_ {
        self.implement
            .distribution()
            .iter()
            .zip(&self.by_outcome)
            .map(|(&(throw, _), &count)| (throw, count))
    }

    /// Sets the count of the throw showing `values` (in any order); false
    /// if the implement cannot show them.
    pub fn set(&mut self, values: &[u8], count: u64) -> bool {
        match outcome_index(self.implement, values) {
            Some(i) => {
                self.by_outcome[i] = count;
                true
            }
            None => false,
        }
    }

    /// Dice: how often each face came up, over every die of every throw
    /// (each face is a quarter of the faces that fall). Empty for cowries.
    pub fn faces(&self) -> Vec<Bar> {
        let faces = match self.implement {
            Implement::StickDice => crate::dice::STICK_FACES,
            Implement::LongDice => crate::dice::LONG_FACES,
            Implement::Cowries(_) => return Vec::new(),
        };
        let dice = (self.throws() * self.implement.values_per_throw() as u64) as f64;
        faces
            .iter()
            .map(|&face| {
                let count = self
                    .outcomes()
                    .map(|(t, n)| n * t.values().iter().filter(|&&v| v == face).count() as u64)
                    .sum();
                Bar {
                    outcome: face,
                    value: face,
                    count,
                    probability: 0.25,
                    expected: dice * 0.25,
                }
            })
            .collect()
    }

    /// Dice: how often each total of a throw came up, lowest first. Empty
    /// for cowries.
    pub fn sums(&self) -> Vec<Bar> {
        if matches!(self.implement, Implement::Cowries(_)) {
            return Vec::new();
        }
        let mut bars: Vec<Bar> = Vec::new();
        for ((throw, count), &(_, p)) in self.outcomes().zip(self.implement.distribution()) {
            let total = throw.total() as u8;
            match bars.iter_mut().find(|b| b.outcome == total) {
                Some(bar) => {
                    bar.count += count;
                    bar.probability += p;
                }
                None => bars.push(Bar {
                    outcome: total,
                    value: total,
                    count,
                    probability: p,
                    expected: 0.0,
                }),
            }
        }
        self.with_expected(bars)
    }

    /// Cowries: how often each number of shells fell mouth up, from none
    /// to all, with the value each gives. Empty for dice.
    pub fn mouths_up(&self) -> Vec<Bar> {
        let Implement::Cowries(shells) = self.implement else {
            return Vec::new();
        };
        let bars = self
            .outcomes()
            .zip(self.implement.distribution())
            .map(|((throw, count), &(_, p))| {
                let value = throw.values()[0];
                Bar {
                    outcome: if value == 2 * shells { 0 } else { value },
                    value,
                    count,
                    probability: p,
                    expected: 0.0,
                }
            })
            .collect();
        self.with_expected(bars)
    }

    fn with_expected(&self, mut bars: Vec<Bar>) -> Vec<Bar> {
        let throws = self.throws() as f64;
        for bar in &mut bars {
            bar.expected = bar.probability * throws;
        }
        bars.sort_by_key(|b| b.outcome);
        bars
    }

    /// The fewest throws the test needs: enough that the rarest throw is
    /// expected [`FEWEST_EXPECTED`] times (80 for stick dice and four
    /// cowries, 320 for long dice and six cowries).
    pub fn throws_needed(&self) -> u64 {
        throws_needed(self.implement)
    }

    /// The chi-square test of every distinct throw's count against its
    /// odds, or `None` with fewer throws than it needs.
    pub fn test(&self) -> Option<Test> {
        if self.throws() < self.throws_needed() {
            return None;
        }
        let probabilities: Vec<f64> = self
            .implement
            .distribution()
            .iter()
            .map(|&(_, p)| p)
            .collect();
        let statistic = chi_square(&self.by_outcome, &probabilities);
        let degrees = (probabilities.len() - 1) as u32;
        Some(Test {
            statistic,
            degrees,
            p: chi_square_p(statistic, degrees),
        })
    }

    /// The verdict in the Dice screen's terms.
    pub fn verdict(&self) -> Verdict {
        match self.test() {
            None => Verdict::TooFew {
                more_needed: self.throws_needed() - self.throws(),
            },
            Some(test) => verdict_of(test.p),
        }
    }
}

/// See [`Counts::throws_needed`].
pub fn throws_needed(implement: Implement) -> u64 {
    let rarest = implement
        .distribution()
        .iter()
        .map(|&(_, p)| p)
        .fold(1.0, f64::min);
    (FEWEST_EXPECTED / rarest - 1e-9).ceil() as u64
}

/// The verdict on a run whose test gave `p`.
pub fn verdict_of(p: f64) -> Verdict {
    if p * UNUSUAL_ONCE_IN as f64 >= 1.0 {
        return Verdict::Fair;
    }
    if p * ONCE_IN_MOST as f64 <= 1.0 {
        return Verdict::BeyondCounting;
    }
    Verdict::Unusual {
        once_in: two_figures(1.0 / p).min(ONCE_IN_MOST),
    }
}

/// `x` rounded to a whole number of at most two significant figures:
/// 37.4 is 37, 1234 is 1200.
fn two_figures(x: f64) -> u64 {
    if x < 100.0 {
        return x.round() as u64;
    }
    let unit = 10f64.powi(x.log10().floor() as i32 - 1);
    ((x / unit).round() * unit) as u64
}

/// The place of the throw showing `values` (in any order) in the
/// implement's distribution, if it can show them.
fn outcome_index(implement: Implement, values: &[u8]) -> Option<usize> {
    if !implement.can_show(values) {
        return None;
    }
    let mut sorted = values.to_vec();
    sorted.sort_unstable();
    implement
        .distribution()
        .iter()
        .position(|(t, _)| t.values() == sorted.as_slice())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dice::{SeededThrows, ThrowSource};

    const ALL: [Implement; 4] = [
        Implement::StickDice,
        Implement::LongDice,
        Implement::Cowries(4),
        Implement::Cowries(6),
    ];

    fn close(a: f64, b: f64, relative: f64) -> bool {
        (a - b).abs() <= relative * b.abs().max(1e-300)
    }

    #[test]
    fn every_implement_needs_its_rarest_throw_expected_five_times() {
        let needed: Vec<u64> = ALL.iter().map(|&i| throws_needed(i)).collect();
        assert_eq!(needed, [80, 320, 80, 320]);
    }

    /// Each throw of `implement` as often as its odds say, over `rounds`
    /// times the throws that make its odds whole.
    fn exact_run(implement: Implement, rounds: u64) -> Counts {
        let mut counts = Counts::new(implement);
        let whole = match implement {
            Implement::StickDice => 16.0,
            Implement::LongDice | Implement::Cowries(6) => 64.0,
            Implement::Cowries(_) => 16.0,
        };
        for &(throw, p) in implement.distribution() {
            let n = (p * whole).round() as u64 * rounds;
            assert!(counts.set(throw.values(), n));
        }
        counts
    }

    #[test]
    fn a_run_exactly_as_the_odds_say_is_fair() {
        for implement in ALL {
            let counts = exact_run(implement, 6);
            let test = counts.test().expect("enough throws");
            assert_eq!(test.statistic, 0.0, "{implement:?}");
            assert_eq!(test.p, 1.0);
            assert_eq!(counts.verdict(), Verdict::Fair);
        }
    }

    #[test]
    fn seeded_runs_are_called_fair() {
        for (k, implement) in ALL.into_iter().enumerate() {
            let mut source = SeededThrows::new(40 + k as u64);
            let mut counts = Counts::new(implement);
            for _ in 0..2_000 {
                assert!(counts.add(&source.throw(implement)));
            }
            let test = counts.test().unwrap();
            assert!(test.p > 0.05, "{implement:?}: {test:?}");
            assert_eq!(counts.verdict(), Verdict::Fair, "{implement:?}");
        }
    }

    #[test]
    fn too_few_throws_say_how_many_more_are_needed() {
        let mut counts = Counts::new(Implement::StickDice);
        assert_eq!(counts.verdict(), Verdict::TooFew { more_needed: 80 });
        for _ in 0..79 {
            counts.add(&Throw::dice(&[6, 6]));
        }
        // However lopsided, 79 throws are one short of telling.
        assert_eq!(counts.verdict(), Verdict::TooFew { more_needed: 1 });
        assert!(counts.test().is_none());
        counts.add(&Throw::dice(&[6, 6]));
        assert_eq!(counts.verdict(), Verdict::BeyondCounting);
    }

    #[test]
    fn a_run_skewed_on_purpose_is_called_unusual_with_how_unusual() {
        // Stick dice where one throw in five of the fair run became a
        // doublet of sixes, which earns a bonus throw in Pagade.
        let mut counts = exact_run(Implement::StickDice, 10);
        counts.set(&[6, 6], 10 + 32);
        counts.set(&[1, 3], 20 - 8);
        counts.set(&[3, 4], 20 - 8);
        counts.set(&[4, 6], 20 - 8);
        counts.set(&[1, 6], 20 - 8);
        let test = counts.test().unwrap();
        assert!(test.p < 1e-9, "{test:?}");
        assert_eq!(counts.verdict(), Verdict::BeyondCounting);

        // A milder skew: Ashta (all mouths down) twice as often as fair.
        let mut cowries = exact_run(Implement::Cowries(4), 10);
        cowries.set(&[8], 20);
        cowries.set(&[2], 50);
        let Verdict::Unusual { once_in } = cowries.verdict() else {
            panic!("{:?}", cowries.verdict());
        };
        let p = cowries.test().unwrap().p;
        assert!((20..=ONCE_IN_MOST).contains(&once_in), "{once_in}");
        assert!(close(once_in as f64, 1.0 / p, 0.05), "{once_in} vs 1/{p}");
    }

    #[test]
    fn a_slight_wobble_is_still_fair() {
        let mut counts = exact_run(Implement::Cowries(6), 10);
        // 640 throws, four more 3s and four fewer 2s than the odds say.
        counts.set(&[3], 204);
        counts.set(&[2], 146);
        assert_eq!(counts.verdict(), Verdict::Fair);
    }

    #[test]
    fn verdicts_round_how_rare_a_run_is() {
        assert_eq!(verdict_of(1.0), Verdict::Fair);
        assert_eq!(verdict_of(0.05), Verdict::Fair);
        assert_eq!(verdict_of(0.049), Verdict::Unusual { once_in: 20 });
        assert_eq!(verdict_of(1.0 / 37.4), Verdict::Unusual { once_in: 37 });
        assert_eq!(verdict_of(1.0 / 1234.0), Verdict::Unusual { once_in: 1200 });
        assert_eq!(
            verdict_of(1.0 / 987_654.0),
            Verdict::Unusual { once_in: 990_000 }
        );
        assert_eq!(verdict_of(1e-12), Verdict::BeyondCounting);
        assert_eq!(verdict_of(0.0), Verdict::BeyondCounting);
    }

    #[test]
    fn faces_and_sums_of_dice() {
        let counts = Counts::of(
            Implement::StickDice,
            [[6, 3], [3, 6], [1, 1], [4, 6]]
                .iter()
                .map(|t| t.as_slice()),
        );
        assert_eq!(counts.throws(), 4);
        let faces: Vec<(u8, u64)> = counts
            .faces()
            .iter()
            .map(|b| (b.outcome, b.count))
            .collect();
        assert_eq!(faces, [(1, 2), (3, 2), (4, 1), (6, 3)]);
        assert!(counts.faces().iter().all(|b| b.expected == 2.0));
        let sums = counts.sums();
        let outcomes: Vec<u8> = sums.iter().map(|b| b.outcome).collect();
        assert_eq!(outcomes, [2, 4, 5, 6, 7, 8, 9, 10, 12]);
        let nine = sums.iter().find(|b| b.outcome == 9).unwrap();
        assert_eq!(nine.count, 2);
        // 3 + 6 and 6 + 3: 2 of 16.
        assert_eq!(nine.probability, 2.0 / 16.0);
        assert_eq!(nine.expected, 0.5);
        let seven = sums.iter().find(|b| b.outcome == 7).unwrap();
        // 1 + 6, 6 + 1, 3 + 4, 4 + 3.
        assert_eq!(seven.probability, 4.0 / 16.0);
        let total: f64 = sums.iter().map(|b| b.probability).sum();
        assert!((total - 1.0).abs() < 1e-12);
        assert!(counts.mouths_up().is_empty());

        let long = Counts::of(Implement::LongDice, [[1u8, 2, 5].as_slice()]);
        assert_eq!(long.sums().first().map(|b| b.outcome), Some(3));
        assert_eq!(long.sums().last().map(|b| b.outcome), Some(18));
        assert_eq!(long.faces().iter().map(|b| b.count).sum::<u64>(), 3);
    }

    #[test]
    fn cowries_by_mouths_up_with_their_values() {
        let counts = Counts::of(
            Implement::Cowries(4),
            [[8], [8], [4], [2], [2], [2]].iter().map(|t| t.as_slice()),
        );
        let bars = counts.mouths_up();
        let rows: Vec<(u8, u8, u64)> = bars.iter().map(|b| (b.outcome, b.value, b.count)).collect();
        assert_eq!(
            rows,
            [(0, 8, 2), (1, 1, 0), (2, 2, 3), (3, 3, 0), (4, 4, 1)]
        );
        assert_eq!(bars[2].probability, 6.0 / 16.0);
        assert_eq!(bars[0].expected, 6.0 / 16.0);
        assert!(counts.faces().is_empty() && counts.sums().is_empty());
        let six = Counts::new(Implement::Cowries(6)).mouths_up();
        assert_eq!(six.len(), 7);
        assert_eq!((six[0].outcome, six[0].value), (0, 12));
    }

    #[test]
    fn throws_an_implement_cannot_show_are_not_counted() {
        let mut counts = Counts::new(Implement::StickDice);
        assert!(!counts.add_values(&[2, 3]));
        assert!(!counts.add_values(&[8]));
        assert!(!counts.set(&[5, 5], 3));
        assert!(counts.add_values(&[3, 1]));
        let mut other = Counts::new(Implement::StickDice);
        other.add_values(&[1, 3]);
        counts.merge(&other);
        let one_three: Vec<u64> = counts
            .outcomes()
            .filter(|(t, _)| t.values() == [1, 3])
            .map(|(_, n)| n)
            .collect();
        assert_eq!(one_three, [2]);
        assert_eq!(counts.throws(), 2);
    }
}
