//! Throws are fair: over many seeded throws every implement's results match
//! the exact odds (stick and long dice uniform per face, cowries binomial).

use chaupar::dice::{Implement, ScriptedThrows, SeededThrows, Throw, ThrowSource};
use chaupar::dice_counts::chi_square;

/// The 99.9th percentile of the chi-square distribution, by the
/// Wilson-Hilferty approximation (good to a fraction of a percent here).
fn critical_value(degrees: usize) -> f64 {
    let k = degrees as f64;
    let z = 3.090_232; // standard normal, one-sided 0.001
    k * (1.0 - 2.0 / (9.0 * k) + z * (2.0 / (9.0 * k)).sqrt()).powi(3)
}

/// Whether `n` throws of `source` follow the implement's exact odds: the
/// chi-square test at the 0.1% level. Err says by how much they do not.
fn fairness(source: &mut impl ThrowSource, implement: Implement, n: u64) -> Result<(), String> {
    let table = implement.distribution();
    let mut counts = vec![0u64; table.len()];
    for _ in 0..n {
        let t: Throw = source.throw(implement);
        let mut values = t.values().to_vec();
        values.sort_unstable();
        let i = table
            .iter()
            .position(|(u, _)| u.values() == values.as_slice())
            .expect("a throw in the table");
        counts[i] += 1;
    }
    let probabilities: Vec<f64> = table.iter().map(|(_, p)| *p).collect();
    let chi2 = chi_square(&counts, &probabilities);
    let limit = critical_value(table.len() - 1);
    if chi2 < limit {
        Ok(())
    } else {
        Err(format!(
            "{implement:?}: chi-square {chi2:.1} over {limit:.1} ({counts:?})"
        ))
    }
}

fn check_fair(implement: Implement, seed: u64) {
    let mut source = SeededThrows::new(seed);
    if let Err(why) = fairness(&mut source, implement, 200_000) {
        panic!("{why}");
    }
}

#[test]
fn stick_dice_are_fair() {
    check_fair(Implement::StickDice, 11);
}

#[test]
fn long_dice_are_fair() {
    check_fair(Implement::LongDice, 12);
}

#[test]
fn four_cowries_follow_the_binomial_odds() {
    // Values 1, 2, 3, 4 (Chamma), 8 (Ashta): 4, 6, 4, 1, 1 in 16.
    let table = Implement::Cowries(4).distribution();
    let odds: Vec<(u8, f64)> = table
        .iter()
        .map(|(t, p)| (t.values()[0], *p * 16.0))
        .collect();
    assert!(odds.contains(&(1, 4.0)) && odds.contains(&(2, 6.0)) && odds.contains(&(3, 4.0)));
    assert!(odds.contains(&(4, 1.0)) && odds.contains(&(8, 1.0)));
    check_fair(Implement::Cowries(4), 13);
}

#[test]
fn six_cowries_follow_the_binomial_odds() {
    // k mouths up in 6 shells: C(6, k) in 64; all down is 12.
    let table = Implement::Cowries(6).distribution();
    for (value, ways) in [
        (1u8, 6.0),
        (2, 15.0),
        (3, 20.0),
        (4, 15.0),
        (5, 6.0),
        (6, 1.0),
        (12, 1.0),
    ] {
        let p = table
            .iter()
            .find(|(t, _)| t.values()[0] == value)
            .unwrap()
            .1;
        assert_eq!(p * 64.0, ways, "value {value}");
    }
    check_fair(Implement::Cowries(6), 14);
}

#[test]
fn each_shell_falls_mouth_up_half_the_time() {
    let mut source = SeededThrows::new(15);
    let n = 100_000;
    let mut up = [0u32; 6];
    for _ in 0..n {
        for (i, shell) in source.throw(Implement::Cowries(6)).shells().enumerate() {
            up[i] += shell as u32;
        }
    }
    for (i, &u) in up.iter().enumerate() {
        let share = u as f64 / n as f64;
        assert!(
            (share - 0.5).abs() < 0.01,
            "shell {i} fell mouth up {share:.3} of the time"
        );
    }
}

#[test]
fn the_fairness_check_catches_a_biased_source() {
    // The check the tests above rely on refuses a source that never throws
    // a 6, one that throws Ashta too often, and loaded dice.
    struct NoSixes(SeededThrows);
    impl ThrowSource for NoSixes {
        fn throw(&mut self, implement: Implement) -> Throw {
            loop {
                let t = self.0.throw(implement);
                if !t.values().contains(&6) {
                    return t;
                }
            }
        }
    }
    let no_sixes = fairness(
        &mut NoSixes(SeededThrows::new(16)),
        Implement::StickDice,
        20_000,
    );
    assert!(no_sixes.is_err(), "a source without sixes passed");

    struct AshtaTwice(SeededThrows, bool);
    impl ThrowSource for AshtaTwice {
        fn throw(&mut self, implement: Implement) -> Throw {
            self.1 = !self.1;
            match self.0.throw(implement) {
                // Every other throw of 1 becomes an Ashta.
                t if t.values() == [1] && self.1 => Throw::cowries(4, 0),
                t => t,
            }
        }
    }
    let cowries = Implement::Cowries(4);
    let ashta = fairness(
        &mut AshtaTwice(SeededThrows::new(17), false),
        cowries,
        20_000,
    );
    assert!(
        ashta.is_err(),
        "a source with Ashta three times as often passed"
    );

    // A scripted pair of stick dice whose faces come round in a fixed
    // cycle in which 4 is half of them.
    let loaded: Vec<[u8; 2]> = (0..12_000u32)
        .map(|i| {
            let face = |k: u32| [1, 3, 4, 6, 4, 4][((i * 7 + k * 3) % 6) as usize];
            [face(0), face(1)]
        })
        .collect();
    let mut script = ScriptedThrows::new(&loaded);
    assert!(fairness(&mut script, Implement::StickDice, 12_000).is_err());
    assert!(script.is_empty());

    // The same check passes the seeded source over as many throws.
    let mut fair = SeededThrows::new(18);
    assert_eq!(fairness(&mut fair, Implement::StickDice, 20_000), Ok(()));
    assert_eq!(fairness(&mut fair, cowries, 20_000), Ok(()));
}
