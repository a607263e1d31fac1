//! Pearson's chi-square test: the statistic of counts against exact odds,
//! and its p-value from the regularised upper incomplete gamma function.

/// Pearson's chi-square statistic of `observed` counts against the
/// `probabilities` of each outcome (which sum to 1).
pub fn chi_square(observed: &[u64], probabilities: &[f64]) -> f64 {
    let n: u64 = observed.iter().sum();
    observed
        .iter()
        .zip(probabilities)
        .map(|(&o, &p)| {
            let e = p * n as f64;
            (o as f64 - e).powi(2) / e
        })
        .sum()
}

/// The chance that the chi-square distribution with `degrees` degrees of
/// freedom exceeds `statistic`: the upper regularised incomplete gamma
/// function Q(degrees / 2, statistic / 2).
pub fn chi_square_p(statistic: f64, degrees: u32) -> f64 {
    if statistic <= 0.0 {
        return 1.0;
    }
    upper_gamma_q(f64::from(degrees) / 2.0, statistic / 2.0)
}

/// Q(a, x) = Γ(a, x) / Γ(a), for a > 0 and x ≥ 0: by its series below
/// x = a + 1 and by its continued fraction above (each converges fast
/// there; the fraction keeps tiny tails accurate). As in Numerical
/// Recipes, §6.2.
fn upper_gamma_q(a: f64, x: f64) -> f64 {
    if x <= 0.0 {
        return 1.0;
    }
    if x < a + 1.0 {
        (1.0 - lower_series(a, x)).clamp(0.0, 1.0)
    } else {
        upper_fraction(a, x).clamp(0.0, 1.0)
    }
}

const EPSILON: f64 = 1e-15;
const ROUNDS: usize = 1000;

/// P(a, x) by its series.
fn lower_series(a: f64, x: f64) -> f64 {
    let mut term = 1.0 / a;
    let mut sum = term;
    let mut denominator = a;
    for _ in 0..ROUNDS {
        denominator += 1.0;
        term *= x / denominator;
        sum += term;
        if term.abs() < sum.abs() * EPSILON {
            break;
        }
    }
    sum * (-x + a * x.ln() - ln_gamma(a)).exp()
}

/// Q(a, x) by its continued fraction (modified Lentz's method).
fn upper_fraction(a: f64, x: f64) -> f64 {
    const TINY: f64 = 1e-300;
    let mut b = x + 1.0 - a;
    let mut c = 1.0 / TINY;
    let mut d = 1.0 / b;
    let mut h = d;
    for i in 1..=ROUNDS {
        let an = -(i as f64) * (i as f64 - a);
        b += 2.0;
        d = an * d + b;
        if d.abs() < TINY {
            d = TINY;
        }
        c = b + an / c;
        if c.abs() < TINY {
            c = TINY;
        }
        d = 1.0 / d;
        let delta = d * c;
        h *= delta;
        if (delta - 1.0).abs() < EPSILON {
            break;
        }
    }
    (-x + a * x.ln() - ln_gamma(a)).exp() * h
}

/// ln Γ(x) for x > 0, by Lanczos' approximation (g = 7, nine terms; good
/// to about 15 figures).
fn ln_gamma(x: f64) -> f64 {
    const G: f64 = 7.0;
    const C: [f64; 9] = [
        0.999_999_999_999_809_9,
        676.520_368_121_885_1,
        -1_259.139_216_722_402_8,
        771.323_428_777_653_1,
        -176.615_029_162_140_6,
        12.507_343_278_686_905,
        -0.138_571_095_265_720_12,
        9.984_369_578_019_572e-6,
        1.505_632_735_149_311_6e-7,
    ];
    if x < 0.5 {
        // Reflection: Γ(x) Γ(1 - x) = π / sin(πx).
        let pi = std::f64::consts::PI;
        return (pi / (pi * x).sin()).ln() - ln_gamma(1.0 - x);
    }
    let x = x - 1.0;
    let mut sum = C[0];
    for (i, &c) in C.iter().enumerate().skip(1) {
        sum += c / (x + i as f64);
    }
    let t = x + G + 0.5;
    0.5 * (2.0 * std::f64::consts::PI).ln() + (x + 0.5) * t.ln() - t + sum.ln()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64, relative: f64) -> bool {
        (a - b).abs() <= relative * b.abs().max(1e-300)
    }

    #[test]
    fn ln_gamma_matches_factorials_and_the_half() {
        let mut factorial = 1.0f64;
        for n in 1..30u32 {
            // Γ(n + 1) = n!
            factorial *= f64::from(n);
            let got = ln_gamma(f64::from(n) + 1.0);
            assert!(close(got, factorial.ln(), 1e-13), "ln {n}! = {got}");
        }
        let half = ln_gamma(0.5);
        assert!(close(half, std::f64::consts::PI.sqrt().ln(), 1e-13));
        assert!(ln_gamma(1.0).abs() < 1e-14 && ln_gamma(2.0).abs() < 1e-14);
    }

    /// With an even number of degrees of freedom 2k the tail is
    /// exp(-x/2) · Σ_{i<k} (x/2)^i / i!, exactly.
    fn even_tail(x: f64, degrees: u32) -> f64 {
        let h = x / 2.0;
        let mut term = 1.0;
        let mut sum = 0.0;
        for i in 0..degrees / 2 {
            if i > 0 {
                term *= h / f64::from(i);
            }
            sum += term;
        }
        (-h).exp() * sum
    }

    #[test]
    fn the_p_value_matches_the_exact_tail_for_even_degrees() {
        for degrees in [2, 4, 6, 10, 20] {
            for x in [0.01, 0.5, 1.0, 3.0, 7.5, 15.0, 31.4, 60.0, 150.0, 400.0] {
                let (got, exact) = (chi_square_p(x, degrees), even_tail(x, degrees));
                assert!(
                    close(got, exact, 1e-9),
                    "{degrees} df, {x}: {got} vs {exact}"
                );
            }
        }
    }

    #[test]
    fn the_p_value_matches_the_tables_for_odd_degrees() {
        // Critical values of the chi-square distribution (NIST tables).
        for (degrees, x, p) in [
            (1, 3.841, 0.05),
            (1, 6.635, 0.01),
            (1, 10.828, 0.001),
            (3, 7.815, 0.05),
            (3, 16.266, 0.001),
            (9, 16.919, 0.05),
            (9, 27.877, 0.001),
            (19, 30.144, 0.05),
            (19, 43.820, 0.001),
        ] {
            let got = chi_square_p(x, degrees);
            assert!(close(got, p, 2e-3), "{degrees} df, {x}: {got}, tables {p}");
        }
        // One degree of freedom: Q = erfc(sqrt(x/2)); at x = 1 that is
        // the chance of a normal value beyond one deviation.
        assert!(close(chi_square_p(1.0, 1), 0.317_310_507_862_914_1, 1e-12));
        assert_eq!(chi_square_p(0.0, 5), 1.0);
    }
}
