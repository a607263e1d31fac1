//! The Chaupar of Akbar's court (docs/rules/chaupar-akbar.md), rule by rule: a
//! position, a throw, and what is and is not legal after it.
//!
//! Yellow and Green wait in their own Bellies unless a rule needs them. A
//! loop square's number for Red is Black's minus 17 (wrapping within 8 to
//! 75).

mod common;
use chaupar::board::Side;
use chaupar::rules::{Game, Illegal, Match, Options, Phase, Position};
use common::*;

const BLACK: Side = Side(0);
const RED: Side = Side(1);
const YELLOW: Side = Side(2);
const GREEN: Side = Side(3);

#[test]
fn the_twelve_safe_squares_hold_opponents_together_and_nobody_is_captured() {
    let landings = onto_marked_squares(RED, 5, &[5, 1, 2], |b, red| {
        pos!({"game": "chaupar-akbar",
            "pawns": {"black": [b - 5, 77, 78, 84], "red": [1, 2, 3, red], "yellow": [1, 2, 3, 4], "green": [1, 2, 3, 4]}})
    });
    for (b, red, t) in landings {
        assert_eq!(
            t.position().pawns(RED),
            &[1, 2, 3, red],
            "nobody is captured on {b}"
        );
        assert!(t.position().pawns(BLACK).contains(&b));
    }
}

#[test]
fn elsewhere_a_single_captures_a_single() {
    // Black's 20 is not safe: Red's pawn there goes back.
    let p = pos!({"game": "chaupar-akbar",
        "pawns": {"black": [15, 77, 78, 84], "red": [1, 2, 3, 71], "yellow": [1, 2, 3, 4], "green": [1, 2, 3, 4]}});
    let mut t = after(p, &[&[5, 1, 2]]);
    play(&mut t, 15, 20, 1, &[5]);
    assert_eq!(t.position().pawns(RED), &[0, 1, 2, 3]);
}

#[test]
fn two_pawns_of_one_colour_together_are_immune() {
    // A Red pair on Red's 11, Black's 28.
    let p = pos!({"game": "chaupar-akbar",
        "pawns": {"black": [20, 20, 40, 50], "red": [1, 2, 11, 11], "yellow": [1, 2, 3, 4], "green": [1, 2, 3, 4]}});
    let t = after(p, &[&[1, 2, 5]]);
    assert_eq!(refused(&t, 20, 28, 1, &[1, 2, 5]), Illegal::ImmuneGroup);
    assert!(!can(&t, 20, 28));
    // Even a pair moving on a double (twice 2 = 4) does not send it back.
    let p = pos!({"game": "chaupar-akbar",
        "pawns": {"black": [24, 24, 40, 50], "red": [1, 2, 11, 11], "yellow": [1, 2, 3, 4], "green": [1, 2, 3, 4]}});
    let t = after(p, &[&[2, 2, 6]]);
    assert_eq!(refused(&t, 24, 28, 2, &[2, 2]), Illegal::ImmuneGroup);
}

#[test]
fn a_double_moves_a_pair_by_twice_the_value_or_once() {
    let p = pos!({"game": "chaupar-akbar",
        "pawns": {"black": [30, 30, 40, 50], "red": [1, 2, 3, 4], "yellow": [1, 2, 3, 4], "green": [1, 2, 3, 4]}});
    let t = after(p, &[&[5, 5, 1]]);
    let m = moves(&t);
    assert!(m.contains(&(30, 40, 2)), "double 5: ten squares");
    assert!(m.contains(&(30, 35, 2)), "or five, if the player prefers");
    assert!(
        !m.contains(&(30, 41, 2)),
        "the odd die does not go with the pair"
    );
    let mut t2 = t;
    play(&mut t2, 30, 40, 2, &[5, 5]);
    assert_eq!(t2.position().pawns(BLACK)[..3], [40, 40, 40]);
}

#[test]
fn double_six_moves_a_pair_twelve() {
    let p = pos!({"game": "chaupar-akbar",
        "pawns": {"black": [30, 30, 40, 50], "red": [1, 2, 3, 4], "yellow": [1, 2, 3, 4], "green": [1, 2, 3, 4]}});
    let t = after(p, &[&[6, 6, 1]]);
    assert!(moves(&t).contains(&(30, 42, 2)));
}

#[test]
fn a_triple_moves_three_together_by_twice_the_value() {
    let p = pos!({"game": "chaupar-akbar",
        "pawns": {"black": [30, 30, 30, 50], "red": [1, 2, 3, 4], "yellow": [1, 2, 3, 4], "green": [1, 2, 3, 4]}});
    let mut t = after(p, &[&[6, 6, 6]]);
    assert!(moves(&t).contains(&(30, 42, 3)), "triple 6: twelve each");
    play(&mut t, 30, 42, 3, &[6, 6, 6]);
    assert_eq!(t.position().pawns(BLACK), &[42, 42, 42, 50]);
    assert_eq!(t.seat(), RED);
}

#[test]
fn khim_moves_a_pair_six_or_a_single_twelve() {
    let p = pos!({"game": "chaupar-akbar",
        "pawns": {"black": [30, 30, 40, 50], "red": [1, 2, 3, 4], "yellow": [1, 2, 3, 4], "green": [1, 2, 3, 4]}});
    let t = after(p, &[&[6, 5, 1]]);
    let m = moves(&t);
    assert!(m.contains(&(30, 36, 2)), "each pawn of the pair moves 6");
    assert!(!m.contains(&(30, 42, 2)), "not 12 together");
    assert!(m.contains(&(40, 52, 1)), "a single pawn moves 12");
    let mut t2 = t;
    play(&mut t2, 30, 36, 2, &[6, 5, 1]);
    assert_eq!(t2.position().pawns(BLACK), &[36, 36, 40, 50]);
    assert_eq!(t2.seat(), RED, "khim is spent by the pair");
}

#[test]
fn pawns_together_cannot_move_together_without_a_double() {
    let p = pos!({"game": "chaupar-akbar",
        "pawns": {"black": [30, 30, 40, 50], "red": [1, 2, 3, 4], "yellow": [1, 2, 3, 4], "green": [1, 2, 3, 4]}});
    let t = after(p, &[&[1, 2, 5]]);
    assert_eq!(
        refused(&t, 30, 38, 2, &[1, 2, 5]),
        Illegal::GroupNeedsDouble
    );
    assert_eq!(refused(&t, 30, 31, 2, &[1]), Illegal::GroupNeedsDouble);
    assert!(can(&t, 30, 31), "one of them may go alone");
    // A pair of a triple is not a triple either.
    let t = after(p, &[&[6, 6, 6]]);
    assert_eq!(
        refused(&t, 30, 48, 2, &[6, 6, 6]),
        Illegal::GroupNeedsDouble
    );
}

#[test]
fn the_centre_takes_an_exact_throw() {
    let p = pos!({"game": "chaupar-akbar",
        "pawns": {"black": [79, 84, 84, 84], "red": [1, 2, 3, 4], "yellow": [1, 2, 3, 4], "green": [1, 2, 3, 4]}});
    let t = after(p, &[&[1, 5, 6]]);
    assert!(can(&t, 79, 84));
    assert_eq!(refused(&t, 79, 85, 1, &[6]), Illegal::ExactHome);
    let p = pos!({"game": "chaupar-akbar",
        "pawns": {"black": [82, 84, 84, 84], "red": [1, 2, 3, 4], "yellow": [1, 2, 3, 4], "green": [1, 2, 3, 4]}});
    let t = after(p, &[&[5, 5, 6]]);
    assert!(moves(&t).is_empty(), "nothing fits: the turn passes");
    assert_eq!(t.seat(), RED);
}

#[test]
fn a_finished_players_throws_serve_the_partner() {
    let p = pos!({"game": "chaupar-akbar",
        "pawns": {"black": [84, 84, 84, 84], "red": [1, 2, 3, 4], "yellow": [79, 84, 84, 84], "green": [1, 2, 3, 4]}});
    let mut t = after(p, &[&[1, 5, 6]]);
    assert_eq!(t.pawn_side(), YELLOW);
    play(&mut t, 79, 84, 1, &[5]);
    assert_eq!(t.phase(), Phase::Over);
    let mut w = t.position().winners();
    w.sort();
    assert_eq!(w, vec![BLACK, YELLOW]);
}

#[test]
fn an_opening_throw_decides_who_starts_as_in_parletts_game() {
    for seed in 0..20 {
        let m = Match::new(Game::ChauparAkbar, Options::new(Game::ChauparAkbar), seed).unwrap();
        let opening = m.opening_throws();
        assert!(opening.len() >= 4, "seed {seed}: every colour throws first");
        let first_round = &opening[..4];
        let best = first_round.iter().map(|(_, t)| t.total()).max().unwrap();
        let starter = m.position().to_move();
        let starter_total = first_round
            .iter()
            .find(|(s, _)| *s == starter)
            .unwrap()
            .1
            .total();
        assert_eq!(
            starter_total, best,
            "seed {seed}: the starter threw highest"
        );
    }
}

#[test]
fn every_colour_starts_on_steps_6_7_9_and_10() {
    // docs/rules/README.md: the Ain-i-Akbari's 6th and 7th of the middle
    // row and 7th and 8th of the right row are Parlett's steps 6, 7, 9 and
    // 10.
    let p = Position::start(Game::ChauparAkbar, Options::new(Game::ChauparAkbar)).unwrap();
    for side in [BLACK, RED, YELLOW, GREEN] {
        assert_eq!(p.pawns(side), &[6, 7, 9, 10]);
    }
}
