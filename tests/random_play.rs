//! Random play, as `chaupar-cli simulate` and `bench` use it: every move it
//! makes is legal, and every legal move can be drawn.

mod common;

use chaupar::rules::{Move, Turn};
use common::after;
use rand::{RngCore, SeedableRng};
use rand_pcg::Pcg64Mcg;
use std::collections::HashMap;

/// Draws a random move from copies of `turn` `draws` times and counts how
/// often each came up, failing on any move that is not legal.
fn draw_counts(turn: &Turn, draws: usize) -> HashMap<Move, usize> {
    let legal = turn.legal_moves();
    let mut rng = Pcg64Mcg::seed_from_u64(99);
    let mut counts = HashMap::new();
    for _ in 0..draws {
        let mut t = *turn;
        let m = t
            .play_random(&mut |n| (rng.next_u64() % n as u64) as usize)
            .expect("a move in the move phase");
        assert!(legal.contains(&m), "random play made an illegal move {m:?}");
        *counts.entry(m).or_insert(0) += 1;
    }
    counts
}

/// Every legal move is drawn, none far more or less often than its share.
fn assert_uniform(turn: &Turn, draws: usize) {
    let legal = turn.legal_moves();
    let counts = draw_counts(turn, draws);
    assert_eq!(counts.len(), legal.len(), "every legal move can be drawn");
    let share = draws as f64 / legal.len() as f64;
    for (m, &n) in &counts {
        assert!(
            (n as f64) < 2.0 * share && (n as f64) > 0.5 * share,
            "{m:?} drawn {n} times, its share is {share:.0}"
        );
    }
}

#[test]
fn random_play_draws_only_legal_moves_and_every_one_of_them() {
    // Long dice: moves of one value, of two and of all three.
    let p = pos!({"game": "chaupar",
        "pawns": {"black": [5, 9, 9, 20], "red": [1, 2, 3, 4],
                  "yellow": [1, 2, 3, 4], "green": [1, 2, 3, 4]}});
    let t = after(p, &[&[1, 2, 5]]);
    assert!(t.legal_moves().len() > 10);
    assert_uniform(&t, 4000);
}

#[test]
fn random_play_uses_as_many_values_as_the_rules_demand() {
    // One pawn left: of the seven ways to spend (1, 2, 5), only all three
    // together use the whole throw.
    let p = pos!({"game": "chaupar", "pawns": {"black": [20, 84, 84, 84], "red": [1, 2, 3, 4],
        "yellow": [1, 2, 3, 4], "green": [1, 2, 3, 4]}});
    let t = after(p, &[&[1, 2, 5]]);
    let counts = draw_counts(&t, 200);
    assert_eq!(counts.len(), 1);
    assert!(counts.keys().all(|m| (m.from, m.to) == (20, 28)));
}

#[test]
fn random_play_copes_with_a_turn_of_many_bonus_throws() {
    // Twelve doublets in a row after Kajalvun, then a last throw: more
    // candidate moves than random play keeps in its fixed-size list.
    let p = pos!({"game": "chopat", "pawns": {"black": [20, 30, 40, 50], "yellow": [6, 7, 12, 12]},
        "flags": {"black": {"kajalvun": true, "has_thrown": true}}});
    let mut throws: Vec<&[u8]> = vec![&[1, 1]; 12];
    throws.push(&[1, 3]);
    let t = after(p, &throws);
    assert!(t.legal_moves().len() > 96, "{}", t.legal_moves().len());
    assert_uniform(&t, 6000);
}

#[test]
fn random_play_draws_both_ways_a_double_can_move_a_pair() {
    // Akbar's double 5 moves the pair on 30 ten squares or five: two moves
    // from one pair and one set of values, each drawn as often as any other.
    let p = pos!({"game": "chaupar-akbar",
        "pawns": {"black": [30, 30, 40, 50], "red": [1, 2, 3, 4], "yellow": [1, 2, 3, 4], "green": [1, 2, 3, 4]}});
    let t = after(p, &[&[5, 5, 1]]);
    let counts = draw_counts(&t, 4000);
    let pair_moves: Vec<u8> = counts
        .keys()
        .filter(|m| m.from == 30 && m.pawns == 2)
        .map(|m| m.to)
        .collect();
    assert!(pair_moves.contains(&40) && pair_moves.contains(&35));
    assert_uniform(&t, 4000);
}

#[test]
fn random_play_goes_round_again_only_when_nothing_else_moves() {
    // Chopat: 82 + 7 passes Home; with another pawn free to move that is not
    // a move, and with none it is the only one.
    let blocked = pos!({"game": "chopat", "pawns": {"black": [82, 84, 84, 84], "yellow": [6, 7, 12, 12]},
        "flags": {"black": {"has_thrown": true}}});
    let counts = draw_counts(&after(blocked, &[&[3, 4]]), 50);
    assert_eq!(
        counts.keys().map(|m| (m.from, m.to)).collect::<Vec<_>>(),
        vec![(82, 5)]
    );
    let free = pos!({"game": "chopat", "pawns": {"black": [20, 82, 84, 84], "yellow": [6, 7, 12, 12]},
        "flags": {"black": {"has_thrown": true}}});
    let t = after(free, &[&[3, 4]]);
    assert!(draw_counts(&t, 400).keys().all(|m| m.from == 20));
    assert_uniform(&t, 2000);
}

#[test]
fn random_play_draws_both_namings_of_a_true_pair() {
    // Chopat's false-pair rule: 42 -> 49 forms a second pair and comes
    // once naming each pair true.
    let p = pos!({"game": "chopat", "options": {"false_pair": true},
        "pawns": {"black": [40, 40, 42, 49], "yellow": [6, 7, 12, 71]},
        "flags": {"black": {"kajalvun": true, "has_thrown": true}}});
    let t = after(p, &[&[3, 4]]);
    let named = t
        .legal_moves()
        .iter()
        .filter(|m| m.true_pair.is_some())
        .count();
    assert_eq!(named, 2);
    assert_uniform(&t, 4000);
}
