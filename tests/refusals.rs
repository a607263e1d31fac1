//! The refusals every game shares: a move when the game is over, before the
//! throw, with a value already used, from a square without a pawn, and of a
//! pawn already Home. Each says why in the player's words, through
//! `Turn::play` and `Turn::why_not`, and changes nothing.

mod common;
use chaupar::rules::{Illegal, Move, Position, Turn};
use common::after;

/// Black's first legal move after `throw`, from `from` to `to`.
fn legal(pos: Position, throw: &[u8], from: u8, to: u8) -> Move {
    let turn = after(pos, &[throw]);
    *turn
        .legal_moves()
        .iter()
        .find(|m| m.from == from && m.to == to)
        .unwrap_or_else(|| panic!("{from} -> {to} is legal"))
}

/// Plays `m` on `turn`, expecting the refusal `why` and no change.
fn refused_with(turn: &Turn, m: Move, why: Illegal) {
    let mut t = *turn;
    assert_eq!(t.play(m).err(), Some(why));
    assert_eq!(&t, turn, "a refused move changes nothing");
}

fn pagade_start() -> Position {
    pos!({"game": "pagade", "pawns": {"black": [6, 7, 12, 12], "yellow": [6, 7, 12, 12]}})
}

#[test]
fn nothing_moves_once_the_game_is_over() {
    // Black has brought every pawn Home and won.
    let over = pos!({"game": "pagade", "pawns": {"black": [84, 84, 84, 84], "yellow": [6, 7, 12, 30]},
        "flags": {"black": {"has_cut": true}}});
    let turn = Turn::new(over);
    assert_eq!(turn.why_not(30), Some(Illegal::GameOver));
    let m = legal(pagade_start(), &[3, 4], 6, 9);
    refused_with(&turn, m, Illegal::GameOver);
    assert_eq!(Illegal::GameOver.to_string(), "the game is over");
}

#[test]
fn nothing_moves_before_the_throw() {
    let turn = Turn::new(pagade_start());
    assert_eq!(turn.why_not(6), Some(Illegal::ThrowFirst));
    refused_with(
        &turn,
        legal(pagade_start(), &[3, 4], 6, 9),
        Illegal::ThrowFirst,
    );
    assert_eq!(Illegal::ThrowFirst.to_string(), "throw first");
}

#[test]
fn a_value_is_used_once() {
    let mut turn = after(pagade_start(), &[&[3, 4]]);
    let with_3 = legal(pagade_start(), &[3, 4], 6, 9);
    assert!(turn.play(with_3).is_ok());
    // The 3 again, for the pawn that now stands on 9 or for the one on 7.
    refused_with(
        &turn,
        Move {
            from: 9,
            to: 12,
            ..with_3
        },
        Illegal::ValueSpent,
    );
    refused_with(
        &turn,
        Move {
            from: 7,
            to: 10,
            ..with_3
        },
        Illegal::ValueSpent,
    );
    assert_eq!(
        Illegal::ValueSpent.to_string(),
        "that value has already been used"
    );
}

#[test]
fn a_move_needs_a_pawn_where_it_starts() {
    let turn = after(pagade_start(), &[&[3, 4]]);
    assert_eq!(turn.why_not(20), Some(Illegal::NoPawn));
    let with_3 = legal(pagade_start(), &[3, 4], 6, 9);
    refused_with(
        &turn,
        Move {
            from: 20,
            to: 23,
            ..with_3
        },
        Illegal::NoPawn,
    );
    assert_eq!(Illegal::NoPawn.to_string(), "you have no pawn there");
}

#[test]
fn a_pawn_home_moves_no_more() {
    // Black's pawn Home beside three still racing.
    let p = pos!({"game": "pagade", "pawns": {"black": [20, 30, 40, 84], "yellow": [6, 7, 12, 12]},
        "flags": {"black": {"has_cut": true}}});
    let turn = after(p, &[&[3, 4]]);
    assert_eq!(turn.why_not(84), Some(Illegal::AlreadyHome));
    let with_3 = legal(p, &[3, 4], 20, 23);
    // From Home, with the 3, to where it would come out.
    refused_with(
        &turn,
        Move {
            from: 84,
            to: 3,
            ..with_3
        },
        Illegal::AlreadyHome,
    );
    assert_eq!(
        Illegal::AlreadyHome.to_string(),
        "that pawn is already Home"
    );
}
