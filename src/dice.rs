//! Throws: the games' implements, what a throw shows, the odds of every
//! throw, and the one seeded source of chance.

use rand::{RngCore, SeedableRng};
use rand_pcg::Pcg64Mcg;
use std::collections::VecDeque;
use std::fmt;
use std::sync::OnceLock;

/// What a game throws.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Implement {
    /// Two four-sided stick dice (*paasa*), faces 1, 3, 4, 6.
    StickDice,
    /// Three four-sided long dice, faces 1, 2, 5, 6.
    LongDice,
    /// Cowrie shells, each falling mouth up or down.
    Cowries(u8),
}

pub const STICK_FACES: [u8; 4] = [1, 3, 4, 6];
pub const LONG_FACES: [u8; 4] = [1, 2, 5, 6];

impl Implement {
    /// The implements there are, for tables kept per implement.
    pub const KINDS: usize = 4;

    /// This implement's place in a table kept per implement: stick dice,
    /// long dice, four cowries, six cowries.
    pub fn kind_index(self) -> usize {
        match self {
            Implement::StickDice => 0,
            Implement::LongDice => 1,
            Implement::Cowries(4) => 2,
            Implement::Cowries(_) => 3,
        }
    }

    /// How many values one throw gives.
    pub fn values_per_throw(self) -> usize {
        match self {
            Implement::StickDice => 2,
            Implement::LongDice => 3,
            Implement::Cowries(_) => 1,
        }
    }

    /// The cowrie values that grant another throw: all mouths up and all
    /// mouths down (4 and 8 with four shells, 6 and 12 with six).
    pub fn is_top_value(self, value: u8) -> bool {
        matches!(self, Implement::Cowries(n) if value == n || value == 2 * n)
    }

    /// The value of a cowrie throw with `up` shells mouth up.
    pub fn cowrie_value(shells: u8, up: u8) -> u8 {
        match up {
            0 => 2 * shells,
            _ => up,
        }
    }

    /// Every distinct throw with its probability: one table for the
    /// statistics, the tests and the computer players. Dice throws are
    /// listed with their values in ascending order. Worked out once per
    /// implement: the computer players and the engine ask for it often.
    pub fn distribution(self) -> &'static [(Throw, f64)] {
        static TABLES: [OnceLock<Vec<(Throw, f64)>>; Implement::KINDS] = [
            OnceLock::new(),
            OnceLock::new(),
            OnceLock::new(),
            OnceLock::new(),
        ];
        TABLES[self.kind_index()].get_or_init(|| self.work_out_distribution())
    }

    fn work_out_distribution(self) -> Vec<(Throw, f64)> {
        let mut out: Vec<(Throw, f64)> = Vec::new();
        let mut add =
            |t: Throw, p: f64| match out.iter_mut().find(|(u, _)| u.values() == t.values()) {
                Some((_, q)) => *q += p,
                None => out.push((t, p)),
            };
        match self {
            Implement::StickDice | Implement::LongDice => {
                let faces = self.faces();
                let dice = self.values_per_throw() as u32;
                let total = 4u32.pow(dice);
                for code in 0..total {
                    let mut v: Vec<u8> = (0..dice)
                        .map(|d| faces[(code >> (2 * d)) as usize & 3])
                        .collect();
                    v.sort_unstable();
                    add(Throw::dice(&v), 1.0 / total as f64);
                }
            }
            Implement::Cowries(n) => {
                let total = 1u32 << n;
                for mask in 0..total {
                    add(Throw::cowries(n, mask as u16), 1.0 / total as f64);
                }
                for (t, _) in out.iter_mut() {
                    // One representative fall per value.
                    *t = Throw::cowries_showing(n, t.values()[0]);
                }
            }
        }
        out
    }

    fn faces(self) -> [u8; 4] {
        match self {
            Implement::StickDice => STICK_FACES,
            _ => LONG_FACES,
        }
    }

    /// Whether `values` is a throw this implement can show.
    pub fn can_show(self, values: &[u8]) -> bool {
        match self {
            Implement::Cowries(n) => {
                values.len() == 1 && (1..=n).chain([2 * n]).any(|v| v == values[0])
            }
            _ => {
                values.len() == self.values_per_throw()
                    && values.iter().all(|v| self.faces().contains(v))
            }
        }
    }
}

/// One throw: the values the rules spend and, for cowries, which shells
/// fell mouth up (so the app can draw them).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Throw {
    values: [u8; 3],
    len: u8,
    /// Cowries: bit i set when shell i fell mouth up.
    shells_up: u16,
    shells: u8,
}

impl Throw {
    /// A dice throw (stick dice or long dice), values as they fell.
    pub fn dice(values: &[u8]) -> Throw {
        assert!((1..=3).contains(&values.len()));
        let mut v = [0; 3];
        v[..values.len()].copy_from_slice(values);
        Throw {
            values: v,
            len: values.len() as u8,
            shells_up: 0,
            shells: 0,
        }
    }

    /// A cowrie throw: `shells` shells, bit i of `up` set for mouth up.
    pub fn cowries(shells: u8, up: u16) -> Throw {
        let count = (up & ((1 << shells) - 1)).count_ones() as u8;
        Throw {
            values: [Implement::cowrie_value(shells, count), 0, 0],
            len: 1,
            shells_up: up & ((1 << shells) - 1),
            shells,
        }
    }

    /// A cowrie throw showing `value`, the shells falling in the first way
    /// that gives it.
    pub fn cowries_showing(shells: u8, value: u8) -> Throw {
        let up = if value == 2 * shells {
            0
        } else {
            value.min(shells)
        };
        Throw::cowries(shells, (1u16 << up) - 1)
    }

    /// A throw of `implement` showing `values`, if it can show them.
    pub fn of(implement: Implement, values: &[u8]) -> Option<Throw> {
        if !implement.can_show(values) {
            return None;
        }
        Some(match implement {
            Implement::Cowries(n) => Throw::cowries_showing(n, values[0]),
            _ => Throw::dice(values),
        })
    }

    pub fn values(&self) -> &[u8] {
        &self.values[..self.len as usize]
    }

    pub fn total(&self) -> u32 {
        self.values().iter().map(|&v| v as u32).sum()
    }

    /// Which of the throw's dice show the same face, as bits: dice 0 and 1,
    /// 0 and 2, 1 and 2 (dice past the throw's last show no face).
    pub(crate) fn equal_dice(&self) -> usize {
        let [a, b, c] = self.values;
        usize::from(a == b) | usize::from(a == c) << 1 | usize::from(b == c) << 2
    }

    /// Two dice showing the same face.
    pub fn is_doublet(&self) -> bool {
        self.len == 2 && self.values[0] == self.values[1]
    }

    /// Cowries: which shells fell mouth up, one flag per shell.
    pub fn shells(&self) -> impl Iterator<Item = bool> + '_ {
        (0..self.shells).map(|i| self.shells_up & (1 << i) != 0)
    }
}

impl fmt::Debug for Throw {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{self}")
    }
}

impl fmt::Display for Throw {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let v: Vec<String> = self.values().iter().map(|v| v.to_string()).collect();
        write!(f, "[{}]", v.join(", "))
    }
}

/// Where throws come from. The app and the tools draw them from
/// [`SeededThrows`]; tests script them with [`ScriptedThrows`].
pub trait ThrowSource {
    fn throw(&mut self, implement: Implement) -> Throw;
}

/// The seeded source: every face and every shell equally likely, the same
/// seed giving the same throws on every machine and in every version.
#[derive(Clone, Debug)]
pub struct SeededThrows {
    rng: Pcg64Mcg,
    seed: u64,
    draws: u64,
}

impl SeededThrows {
    pub fn new(seed: u64) -> SeededThrows {
        SeededThrows {
            rng: Pcg64Mcg::seed_from_u64(seed),
            seed,
            draws: 0,
        }
    }

    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// How many throws have been drawn since the seed.
    pub fn draws(&self) -> u64 {
        self.draws
    }

    /// A uniformly random index below `n`, for choices that are not throws
    /// (random players in self-play).
    pub fn below(&mut self, n: usize) -> usize {
        debug_assert!(n > 0);
        (((self.rng.next_u64() >> 32) * n as u64) >> 32) as usize
    }
}

impl ThrowSource for SeededThrows {
    fn throw(&mut self, implement: Implement) -> Throw {
        self.draws += 1;
        // Every implement has 4 or 2 equally likely outcomes per piece: two
        // bits or one bit of a random word each.
        let bits = self.rng.next_u32();
        match implement {
            Implement::StickDice | Implement::LongDice => {
                let faces = implement.faces();
                let face = |d: u32| faces[(bits >> (2 * d)) as usize & 3];
                Throw {
                    values: [
                        face(0),
                        face(1),
                        if implement == Implement::LongDice {
                            face(2)
                        } else {
                            0
                        },
                    ],
                    len: implement.values_per_throw() as u8,
                    shells_up: 0,
                    shells: 0,
                }
            }
            Implement::Cowries(n) => Throw::cowries(n, bits as u16),
        }
    }
}

/// A fixed sequence of throws: the tests' way of scripting a turn's throws
/// and of feeding a made-up source to the fairness check.
#[derive(Clone, Debug, Default)]
pub struct ScriptedThrows {
    queue: VecDeque<Vec<u8>>,
}

impl ScriptedThrows {
    pub fn new<I, T>(throws: I) -> ScriptedThrows
    where
        I: IntoIterator<Item = T>,
        T: AsRef<[u8]>,
    {
        ScriptedThrows {
            queue: throws.into_iter().map(|t| t.as_ref().to_vec()).collect(),
        }
    }

    pub fn is_empty(&self) -> bool {
        self.queue.is_empty()
    }
}

impl ThrowSource for ScriptedThrows {
    fn throw(&mut self, implement: Implement) -> Throw {
        let values = self.queue.pop_front().expect("the scripted throws ran out");
        Throw::of(implement, &values)
            .unwrap_or_else(|| panic!("{values:?} is not a throw of {implement:?}"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn distributions_sum_to_one() {
        for imp in [
            Implement::StickDice,
            Implement::LongDice,
            Implement::Cowries(4),
            Implement::Cowries(6),
        ] {
            let total: f64 = imp.distribution().iter().map(|(_, p)| p).sum();
            assert!((total - 1.0).abs() < 1e-12, "{imp:?}");
        }
        assert_eq!(Implement::StickDice.distribution().len(), 10);
        assert_eq!(Implement::LongDice.distribution().len(), 20);
    }

    #[test]
    fn cowrie_values() {
        let d = Implement::Cowries(4).distribution();
        let p = |v: u8| d.iter().find(|(t, _)| t.values()[0] == v).unwrap().1;
        assert_eq!(p(8), 1.0 / 16.0); // Ashta: all mouths down
        assert_eq!(p(4), 1.0 / 16.0); // Chamma: all mouths up
        assert_eq!(p(2), 6.0 / 16.0);
        assert_eq!(Throw::cowries(6, 0).values(), &[12]);
        assert_eq!(Throw::cowries(6, 0b111111).values(), &[6]);
        assert_eq!(Throw::cowries(6, 0b100101).values(), &[3]);
    }

    #[test]
    fn seeded_source_repeats_and_scripted_source_follows_its_script() {
        let mut a = SeededThrows::new(7);
        let mut b = SeededThrows::new(7);
        for _ in 0..100 {
            assert_eq!(a.throw(Implement::LongDice), b.throw(Implement::LongDice));
        }
        let mut s = ScriptedThrows::new([[3, 6], [1, 1]]);
        assert_eq!(s.throw(Implement::StickDice).values(), &[3, 6]);
        assert_eq!(s.throw(Implement::StickDice).values(), &[1, 1]);
        assert!(s.is_empty());
    }

    #[test]
    fn throws_outside_an_implement_are_refused() {
        assert!(Throw::of(Implement::StickDice, &[2, 3]).is_none());
        assert!(Throw::of(Implement::StickDice, &[3]).is_none());
        assert!(Throw::of(Implement::LongDice, &[1, 2, 5]).is_some());
        assert!(Throw::of(Implement::Cowries(4), &[5]).is_none());
        assert!(Throw::of(Implement::Cowries(4), &[8]).is_some());
    }
}
