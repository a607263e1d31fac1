//! Throws are fair: over many seeded throws every implement's results match
//! the exact odds (stick and long dice uniform per face, cowries binomial).

use chaupar::dice::{Implement, SeededThrows, Throw, ThrowSource};

/// Pearson's chi-square of observed counts against expected probabilities.
fn chi_square(observed: &[u64], probabilities: &[f64], n: u64) -> f64 {
    observed
        .iter()
        .zip(probabilities)
        .map(|(&o, &p)| {
            let e = p * n as f64;
            (o as f64 - e).powi(2) / e
        })
        .sum()
}

/// The 99.9th percentile of the chi-square distribution, by the
/// Wilson-Hilferty approximation (good to a fraction of a percent here).
fn critical_value(degrees: usize) -> f64 {
    let k = degrees as f64;
    let z = 3.090_232; // standard normal, one-sided 0.001
    k * (1.0 - 2.0 / (9.0 * k) + z * (2.0 / (9.0 * k)).sqrt()).powi(3)
}

fn check_fair(implement: Implement, seed: u64) {
    let table = implement.distribution();
    let n = 200_000u64;
    let mut counts = vec![0u64; table.len()];
    let mut source = SeededThrows::new(seed);
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
    let chi2 = chi_square(&counts, &probabilities, n);
    let limit = critical_value(table.len() - 1);
    assert!(
        chi2 < limit,
        "{implement:?}: chi-square {chi2:.1} over {limit:.1} ({counts:?})"
    );
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
fn a_biased_source_is_caught() {
    // The test itself can fail: a source that never throws a 6 is refused.
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
    let table = Implement::StickDice.distribution();
    let mut source = NoSixes(SeededThrows::new(16));
    let n = 20_000u64;
    let mut counts = vec![0u64; table.len()];
    for _ in 0..n {
        let mut v = source.throw(Implement::StickDice).values().to_vec();
        v.sort_unstable();
        counts[table
            .iter()
            .position(|(u, _)| u.values() == v.as_slice())
            .unwrap()] += 1;
    }
    let probabilities: Vec<f64> = table.iter().map(|(_, p)| *p).collect();
    assert!(chi_square(&counts, &probabilities, n) > critical_value(table.len() - 1));
}
