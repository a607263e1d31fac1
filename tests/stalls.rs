//! A game nobody can ever move in again ends instead of passing forever.

mod common;
use chaupar::board::Side;
use chaupar::rules::{AfterThrow, Phase};
use common::*;

#[test]
fn chowka_bhara_ends_when_every_pawn_waits_at_a_closed_turn_in() {
    // Nobody has hit, the inner rings stay closed and every pawn stands at
    // its turn-in square: no throw can ever move anything.
    let p = pos!({"game": "chowka-bhara", "options": {"before_hit": "stop"},
        "pawns": {"red": [16, 16, 16, 16], "yellow": [16, 16, 16, 16]}});
    assert_eq!(throw_effect(p, &[&[3]]), AfterThrow::Passed);
    let t = after(p, &[&[3]]);
    assert_eq!(t.phase(), Phase::Over);
    assert!(t.position().is_stalled());
    assert_eq!(t.position().places().len(), 2);
    // The position says so in its JSON form, and reads back.
    let json = t.position().to_json();
    assert!(json.contains("\"stalled\":true"));
    assert_eq!(
        &chaupar::rules::Position::from_json(&json).unwrap(),
        t.position()
    );
}

#[test]
fn a_turn_that_passes_while_others_can_still_move_does_not_end_the_game() {
    let p = pos!({"game": "chowka-bhara", "options": {"before_hit": "stop"},
        "pawns": {"red": [16, 16, 16, 16], "yellow": [1, 16, 16, 16]}});
    let t = after(p, &[&[3]]);
    assert_eq!(t.phase(), Phase::Throw);
    assert_eq!(t.seat(), Side(2));
    assert!(!t.position().is_stalled());
}

#[test]
fn a_stalled_game_places_every_player() {
    let p = pos!({"game": "chowka-bhara", "options": {"before_hit": "stop", "mode": "3p"},
        "pawns": {"red": [16, 16, 16, 16], "green": [16, 16, 16, 16], "yellow": [16, 16, 16, 16]}});
    let t = after(p, &[&[3]]);
    assert!(t.position().is_stalled());
    assert_eq!(t.position().places().len(), 3);
    assert_eq!(t.position().winners(), vec![t.position().places()[0]]);
}
