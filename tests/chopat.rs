//! Chopat (docs/rules/chopat.md), rule by rule: a position, a throw, and
//! what is and is not legal after it.
//!
//! A loop square's number for Yellow is Black's minus 34, for Red Black's
//! minus 17 (wrapping within 8 to 75): Yellow's 12 is Black's 46.

mod common;
use chaupar::ai::{evaluate, Weights};
use chaupar::board::{BoardKind, Side};
use chaupar::dice::Throw;
use chaupar::rules::chopat::{ChopatFlags, ChopatRefusal, Ool};
use chaupar::rules::{
    AfterThrow, Bonus, Game, Illegal, Move, Mover, Options, Phase, Position, Spend, TruePair, Turn,
};
use common::*;

const BLACK: Side = Side(0);
const RED: Side = Side(1);
const YELLOW: Side = Side(2);

#[test]
fn black_starts_with_6_7_and_a_pair_on_12() {
    let p = Position::start(Game::Chopat, Options::new(Game::Chopat)).unwrap();
    assert_eq!(p.seats(), &[BLACK, YELLOW]);
    assert_eq!(p.pawns(BLACK), &[6, 7, 12, 12]);
    assert_eq!(p.pawns(YELLOW), &[6, 7, 12, 12]);
    assert_eq!(p.to_move(), BLACK);
    assert!(
        !ChopatFlags::of(p.flags(BLACK)).kajalvun && !ChopatFlags::of(p.flags(BLACK)).has_thrown
    );
}

#[test]
fn a_first_throw_of_one_one_may_split_the_opening_pair_to_24() {
    let p = Position::start(Game::Chopat, Options::new(Game::Chopat)).unwrap();
    let mut t = after(p, &[&[1, 1]]);
    assert!(moves(&t).contains(&(12, 24, 1)));
    play(&mut t, 12, 24, 1, &[1, 1]);
    assert_eq!(t.position().pawns(BLACK), &[6, 7, 12, 24]);
    assert_eq!(t.seat(), YELLOW, "the split uses the whole throw");
    assert!(ChopatFlags::of(t.position().flags(BLACK)).has_thrown);
}

#[test]
fn a_first_throw_of_six_six_splits_the_pair_by_its_sum() {
    let p = Position::start(Game::Chopat, Options::new(Game::Chopat)).unwrap();
    let t = after(p, &[&[6, 6]]);
    assert!(moves(&t).contains(&(12, 24, 1)));
}

#[test]
fn a_position_that_leaves_out_has_thrown_reads_it_from_the_pawns() {
    // Pawns away from the start: Black has had a turn, and no split.
    let p = pos!({"game": "chopat", "pawns": {"black": [6, 12, 12, 20], "yellow": [6, 7, 12, 12]}});
    assert!(ChopatFlags::of(p.flags(BLACK)).has_thrown);
    assert!(
        !ChopatFlags::of(p.flags(YELLOW)).has_thrown,
        "Yellow's pawns are where they started"
    );
    assert!(!can(&after(p, &[&[1, 1]]), 12, 24));
}

#[test]
fn the_opening_split_is_only_for_the_first_throw() {
    let p = pos!({"game": "chopat", "pawns": {"black": [6, 7, 12, 12], "yellow": [6, 7, 12, 12]},
        "flags": {"black": {"has_thrown": true}}});
    let t = after(p, &[&[1, 1]]);
    assert!(!can(&t, 12, 24));
    assert!(can(&t, 12, 14), "the sum still moves one pawn two squares");
}

#[test]
fn the_first_new_pair_forms_on_step_34_and_that_is_kajalvun() {
    let p = pos!({"game": "chopat", "pawns": {"black": [6, 7, 31, 34], "yellow": [6, 7, 12, 12]}});
    let mut t = after(p, &[&[3, 4]]);
    play(&mut t, 31, 34, 1, &[3]);
    let f = *ChopatFlags::of(t.position().flags(BLACK));
    assert!(f.kajalvun);
    assert_eq!(f.jug, Some(34));
    assert!(!f.jug_moved);
}

#[test]
fn before_kajalvun_no_pair_may_form_anywhere_else() {
    let p = pos!({"game": "chopat", "pawns": {"black": [6, 7, 30, 31], "yellow": [6, 7, 12, 12]}});
    let t = after(p, &[&[1, 3]]);
    assert_eq!(
        refused(&t, 30, 31, 1, &[1]),
        Illegal::Chopat(ChopatRefusal::KajalvunFirst { step: 34 })
    );
    assert!(!can(&t, 30, 31));
    // Once Kajalvun is done, pairs may form anywhere.
    let p = pos!({"game": "chopat", "pawns": {"black": [6, 7, 30, 31], "yellow": [6, 7, 12, 12]},
        "flags": {"black": {"kajalvun": true}}});
    let t = after(p, &[&[1, 3]]);
    assert!(can(&t, 30, 31));
}

#[test]
fn the_opening_pair_on_12_may_stay_before_kajalvun() {
    let p = pos!({"game": "chopat", "pawns": {"black": [6, 7, 12, 12], "yellow": [6, 7, 12, 12]},
        "flags": {"black": {"has_thrown": true}, "yellow": {"has_thrown": true}}});
    let mut t = after(p, &[&[3, 4]]);
    play(&mut t, 6, 9, 1, &[3]);
    play(&mut t, 7, 11, 1, &[4]);
    assert_eq!(t.position().pawns(BLACK), &[9, 11, 12, 12]);
}

#[test]
fn no_bonus_throw_for_a_doublet_before_kajalvun() {
    let p = pos!({"game": "chopat", "pawns": {"black": [6, 7, 20, 40], "yellow": [6, 7, 12, 12]},
        "flags": {"black": {"has_thrown": true}}});
    assert_eq!(throw_effect(p, &[&[3, 3]]), AfterThrow::Move);
    // The player can be told why: the same doublet earns one after Kajalvun.
    assert_eq!(bonus(p, &[3, 3]), Bonus::Withheld);
    assert_eq!(bonus(p, &[3, 4]), Bonus::None);
}

/// What a first throw of `values` does for the run of throws.
fn bonus(p: Position, values: &[u8]) -> Bonus {
    let turn = Turn::new(p);
    turn.bonus(Throw::of(turn.implement(), values).unwrap())
}

#[test]
fn after_kajalvun_each_doublet_gives_another_throw() {
    let p = pos!({"game": "chopat", "pawns": {"black": [6, 7, 20, 40], "yellow": [6, 7, 12, 12]},
        "flags": {"black": {"kajalvun": true, "has_thrown": true}}});
    assert_eq!(throw_effect(p, &[&[3, 3]]), AfterThrow::Bonus);
    assert_eq!(bonus(p, &[3, 3]), Bonus::Earned);
    assert_eq!(throw_effect(p, &[&[3, 3], &[6, 6]]), AfterThrow::Bonus);
    assert_eq!(
        throw_effect(p, &[&[3, 3], &[6, 6], &[1, 4]]),
        AfterThrow::Move
    );
    let t = after(p, &[&[3, 3], &[1, 4]]);
    assert_eq!(t.values_left(), vec![3, 3, 1, 4]);
}

#[test]
fn a_long_run_of_doublets_near_home_keeps_the_values_that_can_be_used() {
    // Ten doublets of ones and a (3, 4): the pawns on 80 and 81 can take
    // seven ones between them (four and three, to Home exactly), or the 4
    // and the 3 take them Home at once. Either way finishes, which uses
    // every value, so the turn may start with ones (one at a time or a
    // doublet together) or go straight Home.
    let p = pos!({"game": "chopat", "pawns": {"black": [80, 81, 84, 84], "yellow": [6, 7, 12, 12]},
        "flags": {"black": {"kajalvun": true, "has_thrown": true}}});
    let mut throws: Vec<&[u8]> = vec![&[1, 1]; 10];
    throws.push(&[3, 4]);
    let mut t = after(p, &throws);
    assert_eq!(
        moves(&t),
        vec![
            (80, 81, 1),
            (80, 82, 1),
            (80, 83, 1),
            (80, 84, 1),
            (81, 82, 1),
            (81, 83, 1),
            (81, 84, 1)
        ]
    );
    // However the ones are shared out, the turn ends with both pawns Home.
    let ends = t.outcomes();
    assert_eq!(ends.len(), 1);
    assert_eq!(ends[0].pawns(BLACK), &[84, 84, 84, 84]);
    // Both ones of throw `n`, or its first one alone.
    let ones = |n: u32, from, to| {
        Move::new(
            from,
            to,
            1,
            Spend::from_bits(if to - from == 2 { 0b11 } else { 0b01 } << (3 * n)),
        )
    };
    for (n, from, to) in [(0, 80, 82), (1, 82, 84), (2, 81, 83), (3, 83, 84)] {
        t.play(ones(n, from, to))
            .expect("ones bring both pawns Home");
    }
    assert_eq!(t.position().pawns(BLACK), &[84, 84, 84, 84]);
}

#[test]
fn a_long_run_of_mixed_doublets_near_home_uses_what_fits() {
    // 52 and 19 steps to go (the pawn on 82 can take no 3, 4 or 6) and
    // sixteen values: four 3s, three 4s, nine 6s. The fourteen smallest
    // add up to 66, fifteen to 72: fourteen can be used (the 3s and a 6 to
    // the pawn on 65, the rest to the one on 32), two are lost.
    let p = pos!({"game": "chopat", "options": {"overshoot": "illegal"},
        "pawns": {"black": [32, 65, 82, 84], "yellow": [18, 27, 44, 82]},
        "flags": {"black": {"kajalvun": true, "has_thrown": true}}});
    let throws: [&[u8]; 8] = [
        &[4, 4],
        &[6, 6],
        &[6, 6],
        &[3, 3],
        &[3, 3],
        &[6, 6],
        &[6, 6],
        &[4, 6],
    ];
    let mut t = after(p, &throws);
    assert_eq!(refused(&t, 82, 85, 1, &[3]), Illegal::ExactHome);
    assert_eq!(play_first_moves(&mut t), 14);
    assert_eq!(t.position().to_move(), YELLOW);
}

#[test]
fn a_die_that_only_a_pawn_too_close_to_home_could_take_may_not_be_left() {
    // Eight doublets and a (4, 3): the pawn on 16 can take every value, so
    // every value must be used. The pawns on 81 and 82 have no room for a 4
    // or a 6, so the pawn on 16 may not take one die of a (4, 4) or (6, 6)
    // alone: nobody could take the other.
    let p = pos!({"game": "chopat",
        "pawns": {"black": [16, 81, 82, 84], "yellow": [18, 27, 44, 82]},
        "flags": {"black": {"kajalvun": true, "has_thrown": true}}});
    let throws: [&[u8]; 9] = [
        &[1, 1],
        &[1, 1],
        &[1, 1],
        &[3, 3],
        &[4, 4],
        &[4, 4],
        &[1, 1],
        &[6, 6],
        &[4, 3],
    ];
    let mut t = after(p, &throws);
    assert_eq!(t.phase(), Phase::Move);
    assert!(can(&t, 16, 24) && can(&t, 16, 28), "whole doublets to 16");
    assert!(can(&t, 82, 84) && can(&t, 81, 84), "1 + 1 or 3 Home");
    assert!(can(&t, 16, 20), "the 4 of the (4, 3)");
    assert_eq!(refused(&t, 16, 22, 1, &[6]), Illegal::MustUseMore);
    assert_eq!(play_first_moves(&mut t), 18);
}

#[test]
fn the_ends_of_a_turn_of_four_doublets_are_all_listed() {
    // Four doublets and a last throw, 37 in all, with the Jug and two
    // single pawns far from Home: thousands of ways to end the turn, each
    // using every value.
    let p = pos!({"game": "chopat", "pawns": {"black": [10, 20, 34, 34], "yellow": [10, 30, 45, 60]},
        "flags": {"black": {"kajalvun": true, "jug": 34, "has_thrown": true}}});
    let t = after(p, &[&[6, 6], &[3, 3], &[4, 4], &[1, 1], &[3, 6]]);
    let ends = t.outcomes();
    let black = |p: &Position| p.pawns(BLACK).iter().map(|&s| u32::from(s)).sum::<u32>();
    assert!(ends.len() > 1000, "{} ends", ends.len());
    for end in &ends {
        assert_eq!(black(end), black(&p) + 37, "{}", end.to_json());
        assert_eq!(end.to_move(), YELLOW);
    }
    let distinct: std::collections::HashSet<_> = ends.iter().collect();
    assert_eq!(distinct.len(), ends.len());
}

#[test]
fn each_throw_of_a_turn_is_spent_separately() {
    let p = pos!({"game": "chopat", "pawns": {"black": [6, 7, 20, 40], "yellow": [6, 7, 12, 12]},
        "flags": {"black": {"kajalvun": true, "has_thrown": true}}});
    let mut t = after(p, &[&[3, 3], &[1, 4]]);
    // A 3 of the first throw and the 1 of the second cannot be added.
    let mixed = Move::new(20, 24, 1, Spend::die(0, 0) | Spend::die(1, 0));
    let before = t;
    assert_eq!(t.play(mixed), Err(Illegal::MixedThrows));
    assert_eq!(t, before);
    // But one pawn may use one throw and then the other.
    play(&mut t, 20, 26, 1, &[3, 3]);
    play(&mut t, 26, 31, 1, &[1, 4]);
    assert_eq!(t.position().pawns(BLACK), &[6, 7, 31, 40]);
}

#[test]
fn of_two_pawns_on_one_square_the_player_chooses_which_goes_on() {
    // Yellow's 45 is Black's 11.
    let p = pos!({"game": "chopat", "pawns": {"black": [0, 3, 40, 50], "yellow": [6, 7, 12, 45]},
        "flags": {"black": {"kajalvun": true, "has_thrown": true}}});
    let mut t = after(p, &[&[4, 4], &[3, 6]]);
    play(&mut t, 0, 3, 1, &[3]);
    // Two pawns on 3 now: the one that came in with the 3 may not take the
    // 6 of the same throw, the other may. Each may take 4 + 4 to 11.
    let to_11: Vec<Move> = t
        .legal_moves()
        .into_iter()
        .filter(|m| m.from == 3 && m.to == 11)
        .collect();
    assert_eq!(to_11.len(), 2, "one move for each pawn: {to_11:?}");
    let entered = *to_11
        .iter()
        .find(|m| m.mover == Mover::moved_with(1 << 1))
        .unwrap();
    let waiting = *to_11
        .iter()
        .find(|m| m.mover == Mover::moved_with(0))
        .unwrap();
    // What the app shows to tell them apart.
    assert_eq!(t.mover_values(entered), Some(vec![3]));
    assert_eq!(t.mover_values(waiting), Some(vec![]));
    assert_eq!(t.mover_values(mv(&t, 40, 44, 1, &[4])), None);

    let mut a = t;
    a.play(entered).unwrap();
    assert_eq!(
        a.position().pawns(YELLOW),
        &[0, 6, 7, 12],
        "Yellow is cut on 11"
    );
    assert_eq!(refused(&a, 11, 17, 1, &[6]), Illegal::AlreadyMoved);
    play(&mut a, 3, 9, 1, &[6]);

    let mut b = t;
    b.play(waiting).unwrap();
    play(&mut b, 11, 17, 1, &[6]);
    assert_eq!(b.position().pawns(BLACK), &[3, 17, 40, 50]);
    assert_eq!(b.position().pawns(YELLOW), &[0, 6, 7, 12]);

    // Both ends are among the turn's outcomes.
    let ends = after(p, &[&[4, 4], &[3, 6]]).outcomes();
    assert!(ends.contains(a.position()) && ends.contains(b.position()));

    // Saved games keep the choice; moves without it let the engine pick.
    let json = serde_json::to_string(&waiting).unwrap();
    assert_eq!(serde_json::from_str::<Move>(&json).unwrap(), waiting);
    let plain: Move = serde_json::from_str(r#"{"from":3,"to":11,"pawns":1,"spend":3}"#).unwrap();
    assert_eq!(plain.mover, Mover::Either);
    assert!(!serde_json::to_string(&plain).unwrap().contains("mover"));

    // A move naming a pawn that is not there is refused.
    let mut nobody = waiting;
    nobody.mover = Mover::moved_with(1 << 5);
    let mut u = t;
    assert_eq!(u.play(nobody), Err(Illegal::NoSuchMover));
    assert_eq!(u, t, "a refused move changes nothing");
}

#[test]
fn a_pair_moves_together_only_on_a_doublet() {
    let p = pos!({"game": "chopat", "pawns": {"black": [6, 7, 34, 34], "yellow": [6, 7, 12, 12]},
        "flags": {"black": {"kajalvun": true, "has_thrown": true, "jug": 34}}});
    let t = after(p, &[&[3, 4]]);
    assert_eq!(refused(&t, 34, 37, 2, &[3]), Illegal::PairNeedsDoublet);
    assert_eq!(refused(&t, 34, 41, 2, &[3, 4]), Illegal::PairNeedsDoublet);
    let t = after(p, &[&[3, 3], &[1, 4]]);
    assert!(moves(&t).contains(&(34, 37, 2)), "a pair moves d on (d, d)");
    assert!(!moves(&t).contains(&(34, 40, 2)));
}

#[test]
fn the_jug_moves_together_only_once_before_ool_olangvun() {
    let p = pos!({"game": "chopat", "pawns": {"black": [6, 7, 34, 34], "yellow": [6, 7, 12, 12]},
        "flags": {"black": {"kajalvun": true, "has_thrown": true, "jug": 34}}});
    let mut t = after(p, &[&[3, 3], &[4, 4], &[1, 3]]);
    play(&mut t, 34, 37, 2, &[3, 3]);
    let f = *ChopatFlags::of(t.position().flags(BLACK));
    assert_eq!(f.jug, Some(37));
    assert!(f.jug_moved);
    assert_eq!(
        refused(&t, 37, 41, 2, &[4, 4]),
        Illegal::Chopat(ChopatRefusal::JugOnce)
    );
    // Once Ool Olangvun is done it moves on every doublet.
    let p = pos!({"game": "chopat", "pawns": {"black": [6, 7, 37, 37], "yellow": [6, 7, 12, 12]},
        "flags": {"black": {"kajalvun": true, "has_thrown": true, "jug": 37, "ool": "done"}}});
    let t = after(p, &[&[4, 4], &[1, 3]]);
    assert!(moves(&t).contains(&(37, 41, 2)));
}

#[test]
fn over_several_doublets_the_jug_moves_with_the_first_one() {
    // Seed 000: "according to the numbers on the first doublet rolled".
    let p = pos!({"game": "chopat", "pawns": {"black": [6, 7, 34, 34], "yellow": [6, 7, 12, 12]},
        "flags": {"black": {"kajalvun": true, "has_thrown": true, "jug": 34}}});
    let t = after(p, &[&[3, 3], &[4, 4], &[1, 3]]);
    assert!(moves(&t).contains(&(34, 37, 2)), "the first doublet, 3");
    assert!(!moves(&t).contains(&(34, 38, 2)), "not the second, 4");
    assert_eq!(
        refused(&t, 34, 38, 2, &[4, 4]),
        Illegal::Chopat(ChopatRefusal::JugFirstDoublet)
    );
    // The first doublet spent elsewhere, the Jug stays together where it is.
    let mut t = after(p, &[&[3, 3], &[4, 4], &[1, 3]]);
    play(&mut t, 6, 12, 1, &[3, 3]);
    assert_eq!(
        refused(&t, 34, 38, 2, &[4, 4]),
        Illegal::Chopat(ChopatRefusal::JugFirstDoublet)
    );
    assert!(!moves(&t).iter().any(|&(from, _, n)| from == 34 && n == 2));
    // Once Ool Olangvun is done a pair moves on any doublet of the turn.
    let p = pos!({"game": "chopat", "pawns": {"black": [6, 7, 37, 37], "yellow": [6, 7, 12, 12]},
        "flags": {"black": {"kajalvun": true, "has_thrown": true, "jug": 37, "jug_moved": true, "ool": "done"}}});
    let t = after(p, &[&[3, 3], &[4, 4], &[1, 3]]);
    assert!(moves(&t).contains(&(37, 41, 2)));
}

/// Black's Jug on 37 has moved; a single on 35 passes it with a 4.
fn jug_about_to_be_passed() -> Position {
    // Yellow's 70 is Black's 36.
    pos!({"game": "chopat", "pawns": {"black": [7, 35, 37, 37], "yellow": [6, 7, 12, 70]},
        "flags": {"black": {"kajalvun": true, "has_thrown": true, "jug": 37, "jug_moved": true},
                  "yellow": {"has_thrown": true}}})
}

#[test]
fn ool_olangvun_counts_once_the_passing_pawn_survives_the_next_turn() {
    let mut t = after(jug_about_to_be_passed(), &[&[3, 4]]);
    play(&mut t, 35, 39, 1, &[4]);
    assert_eq!(
        ChopatFlags::of(t.position().flags(BLACK)).ool,
        Ool::Pending(39)
    );
    play(&mut t, 7, 10, 1, &[3]);
    assert_eq!(t.seat(), YELLOW);
    assert_eq!(
        ChopatFlags::of(t.position().flags(BLACK)).ool,
        Ool::Pending(39)
    );
    // Yellow's turn does not touch the pawn on 39.
    let mut t = after(*t.position(), &[&[1, 3]]);
    play(&mut t, 6, 7, 1, &[1]);
    play(&mut t, 7, 10, 1, &[3]);
    assert_eq!(t.seat(), BLACK);
    assert_eq!(ChopatFlags::of(t.position().flags(BLACK)).ool, Ool::Done);
    // Now the Jug may move together again.
    let t = after(*t.position(), &[&[4, 4], &[1, 3]]);
    assert!(moves(&t).contains(&(37, 41, 2)));
}

#[test]
fn the_passing_pawn_is_followed_when_it_moves_on_with_a_pawn_that_joined_it() {
    let p = pos!({"game": "chopat", "pawns": {"black": [37, 40, 40, 43], "yellow": [1, 2, 3, 4]},
        "flags": {"black": {"kajalvun": true, "has_thrown": true, "jug": 40, "jug_moved": true},
                  "yellow": {"has_thrown": true}}});
    let mut t = after(p, &[&[3, 3], &[1, 1], &[4, 6]]);
    play(&mut t, 37, 43, 1, &[3, 3]);
    assert_eq!(
        ChopatFlags::of(t.position().flags(BLACK)).ool,
        Ool::Pending(43)
    );
    // The passer and the pawn it joined go on together.
    play(&mut t, 43, 44, 2, &[1, 1]);
    assert_eq!(
        ChopatFlags::of(t.position().flags(BLACK)).ool,
        Ool::Pending(44)
    );
    play(&mut t, 44, 48, 1, &[4]);
    play(&mut t, 44, 50, 1, &[6]);
    let end = *t.position();
    assert!(
        matches!(ChopatFlags::of(end.flags(BLACK)).ool, Ool::Pending(s) if end.pawns(BLACK).contains(&s))
    );
    // Every end of the turn reads back as the position it is.
    for end in after(p, &[&[3, 3], &[1, 1], &[4, 6]]).outcomes() {
        assert_eq!(Position::from_json(&end.to_json()), Ok(end));
    }
}

#[test]
fn the_jug_moves_together_only_once_before_ool_olangvun_into_the_belly_too() {
    let p = pos!({"game": "chopat", "pawns": {"black": [6, 7, 72, 72], "yellow": [6, 7, 12, 12]},
        "flags": {"black": {"kajalvun": true, "has_thrown": true, "jug": 72, "jug_moved": true}}});
    let t = after(p, &[&[6, 6], &[1, 3]]);
    assert_eq!(
        refused(&t, 72, 78, 2, &[6, 6]),
        Illegal::Chopat(ChopatRefusal::JugOnce)
    );
    assert!(!moves(&t).iter().any(|&(from, _, n)| from == 72 && n == 2));
    assert!(
        moves(&t).contains(&(72, 78, 1)),
        "one of them may go in alone"
    );
}

/// `jug_moved` speaks of a Jug that stands: once Ool Olangvun is done it
/// stays true while the Jug stands, and a Jug broken afterwards takes it
/// with it, so that no position has a moved Jug where none stands.
#[test]
fn after_ool_olangvun_a_broken_jug_leaves_no_moved_jug_behind() {
    let p = pos!({"game": "chopat", "pawns": {"black": [7, 37, 37, 50], "yellow": [1, 2, 3, 4]},
        "flags": {"black": {"kajalvun": true, "has_thrown": true, "jug": 37, "jug_moved": true,
                            "ool": "done"}, "yellow": {"has_thrown": true}}});
    let mut t = after(p, &[&[4, 4], &[1, 3]]);
    play(&mut t, 37, 41, 2, &[4, 4]);
    let f = *ChopatFlags::of(t.position().flags(BLACK));
    assert_eq!((f.jug, f.jug_moved, f.ool), (Some(41), true, Ool::Done));
    play(&mut t, 41, 42, 1, &[1]);
    let f = *ChopatFlags::of(t.position().flags(BLACK));
    assert_eq!((f.jug, f.jug_moved, f.ool), (None, false, Ool::Done));
    let written: serde_json::Value = serde_json::from_str(&t.position().to_json()).unwrap();
    assert_eq!(written["flags"]["black"]["jug_moved"], false);
    // A position saying otherwise is refused, with the reason.
    let mut doc = written;
    doc["flags"]["black"]["jug_moved"] = true.into();
    let e = Position::from_json_value(&doc).unwrap_err();
    assert!(
        e.to_string().contains("Jug has moved but there is no Jug"),
        "{e}"
    );
}

#[test]
fn a_jug_that_moves_together_into_the_belly_is_no_longer_a_pair() {
    let p = pos!({"game": "chopat", "pawns": {"black": [20, 72, 72, 84], "yellow": [1, 2, 3, 4]},
        "flags": {"black": {"kajalvun": true, "has_thrown": true, "jug": 72, "jug_moved": true,
                            "ool": "done"}, "yellow": {"has_thrown": true}}});
    let mut t = after(p, &[&[6, 6], &[1, 3]]);
    play(&mut t, 72, 78, 2, &[6, 6]);
    let f = ChopatFlags::of(t.position().flags(BLACK));
    assert_eq!((f.jug, f.jug_moved), (None, false));
    for end in after(p, &[&[6, 6], &[1, 3]]).outcomes() {
        assert_eq!(Position::from_json(&end.to_json()), Ok(end));
    }
}

#[test]
fn going_through_home_is_never_open_while_a_move_within_the_path_exists() {
    let p = pos!({"game": "chopat", "pawns": {"black": [80, 84, 84, 84], "yellow": [1, 2, 3, 4]},
        "flags": {"black": {"has_thrown": true}, "yellow": {"has_thrown": true}}});
    let t = after(p, &[&[3, 6]]);
    assert!(can(&t, 80, 83));
    assert!(!can(&t, 80, 5), "not 9 through Home while the 3 fits");
    assert_eq!(outcome_pawns(&t), vec![vec![83, 84, 84, 84]]);
}

#[test]
fn every_cut_pawn_comes_back_on_the_next_turn() {
    let p = pos!({"game": "chopat", "pawns": {"black": [0, 0, 20, 84], "yellow": [1, 2, 3, 4]},
        "flags": {"black": {"has_thrown": true}, "yellow": {"has_thrown": true}}});
    let t = after(p, &[&[1, 3]]);
    assert_eq!(refused(&t, 0, 4, 1, &[1, 3]), Illegal::EachCutPawnEnters);
    assert_eq!(outcome_pawns(&t), vec![vec![1, 3, 20, 84]]);
    // With a bonus throw to come, one may take a whole doublet: the next
    // throw still brings the other back.
    let p = pos!({"game": "chopat", "pawns": {"black": [0, 0, 20, 84], "yellow": [1, 2, 3, 4]},
        "flags": {"black": {"has_thrown": true, "kajalvun": true}, "yellow": {"has_thrown": true}}});
    let mut t = after(p, &[&[6, 6], &[1, 3]]);
    play(&mut t, 0, 12, 1, &[6, 6]);
    assert!(can(&t, 0, 4));
    assert!(!can(&t, 20, 24), "the other cut pawn still comes first");
}

#[test]
fn ool_olangvun_must_be_done_again_when_the_passing_pawn_is_cut() {
    let mut t = after(jug_about_to_be_passed(), &[&[3, 4]]);
    play(&mut t, 35, 39, 1, &[4]);
    play(&mut t, 7, 10, 1, &[3]);
    // Yellow's 73 is Black's 39.
    let mut t = after(*t.position(), &[&[1, 3]]);
    play(&mut t, 70, 73, 1, &[3]);
    play(&mut t, 6, 7, 1, &[1]);
    assert_eq!(t.seat(), BLACK);
    assert!(t.position().pawns(BLACK).contains(&0));
    assert_eq!(ChopatFlags::of(t.position().flags(BLACK)).ool, Ool::NotYet);
    assert!(ChopatFlags::of(t.position().flags(BLACK)).jug_moved);
}

#[test]
fn a_jug_cut_before_ool_olangvun_goes_back_whole() {
    // Black's Jug on 37 is Yellow's 71; Yellow's pair on 68 moves 3.
    let p = pos!({"game": "chopat", "to_move": "yellow",
        "pawns": {"black": [6, 7, 37, 37], "yellow": [6, 7, 68, 68]},
        "flags": {"black": {"kajalvun": true, "has_thrown": true, "jug": 37, "jug_moved": true},
                  "yellow": {"kajalvun": true, "has_thrown": true}}});
    let mut t = after(p, &[&[3, 3], &[1, 4]]);
    play(&mut t, 68, 71, 2, &[3, 3]);
    assert_eq!(t.position().pawns(BLACK), &[0, 0, 6, 7]);
    let f = *ChopatFlags::of(t.position().flags(BLACK));
    assert_eq!(f.jug, None);
    assert!(!f.jug_moved);
    assert_eq!(f.ool, Ool::NotYet);
    assert!(f.kajalvun, "Kajalvun stays done");
}

#[test]
fn cut_pawns_re_enter_before_any_other_move() {
    let p = pos!({"game": "chopat", "pawns": {"black": [0, 7, 20, 40], "yellow": [6, 7, 12, 12]},
        "flags": {"black": {"has_thrown": true}}});
    let t = after(p, &[&[3, 4]]);
    assert_eq!(refused(&t, 20, 23, 1, &[3]), Illegal::ReenterFirst);
    assert!(can(&t, 0, 3) && can(&t, 0, 4) && can(&t, 0, 7));
    let mut t = t;
    play(&mut t, 0, 3, 1, &[3]);
    assert!(can(&t, 20, 24), "the other die is free once all are back");
}

#[test]
fn no_cut_is_needed_to_go_home_and_home_is_exact() {
    let p = pos!({"game": "chopat", "pawns": {"black": [73, 81, 84, 84], "yellow": [6, 7, 12, 12]},
        "flags": {"black": {"has_thrown": true}}});
    let t = after(p, &[&[3, 4]]);
    assert!(
        can(&t, 73, 77) && can(&t, 73, 80),
        "into the Belly without a cut"
    );
    assert!(can(&t, 81, 84));
    assert_eq!(refused(&t, 81, 2, 1, &[4]), Illegal::ExactHome);
    // 73 + 3 would leave the 4 to the pawn on 81, which could only go
    // through Home: the throw is used whole without that.
    assert_eq!(refused(&t, 73, 76, 1, &[3]), Illegal::MustUseMore);
}

#[test]
fn a_pawn_whose_only_move_overshoots_home_starts_a_new_circuit() {
    let p = pos!({"game": "chopat", "pawns": {"black": [82, 84, 84, 84], "yellow": [6, 7, 12, 12]},
        "flags": {"black": {"has_thrown": true}}});
    let mut t = after(p, &[&[3, 4]]);
    // 82 + 7 goes through Home (84) and on to step 5; the sum uses both dice.
    assert_eq!(moves(&t), vec![(82, 5, 1)]);
    play(&mut t, 82, 5, 1, &[3, 4]);
    assert_eq!(t.position().pawns(BLACK), &[5, 84, 84, 84]);
}

#[test]
fn no_overshoot_while_another_move_exists() {
    let p = pos!({"game": "chopat", "pawns": {"black": [20, 82, 84, 84], "yellow": [6, 7, 12, 12]},
        "flags": {"black": {"has_thrown": true}}});
    let t = after(p, &[&[3, 4]]);
    assert!(!moves(&t).iter().any(|&(from, _, _)| from == 82));
    assert_eq!(refused(&t, 82, 1, 1, &[3]), Illegal::ExactHome);
}

#[test]
fn with_overshoot_illegal_such_a_throw_is_lost() {
    let p = pos!({"game": "chopat", "options": {"overshoot": "illegal"},
        "pawns": {"black": [82, 84, 84, 84], "yellow": [6, 7, 12, 12]},
        "flags": {"black": {"has_thrown": true}}});
    assert_eq!(throw_effect(p, &[&[3, 4]]), AfterThrow::Passed);
}

/// A team game in which Black has every pawn Home.
fn black_finished(missed: u8) -> Position {
    pos!({"game": "chopat", "to_move": "black",
        "pawns": {"black": [84, 84, 84, 84], "red": [6, 7, 12, 12], "yellow": [20, 30, 40, 50], "green": [6, 7, 12, 12]},
        "flags": {"black": {"kajalvun": true, "has_thrown": true, "missed_turns": missed},
                  "red": {"has_thrown": true}, "yellow": {"has_thrown": true}, "green": {"has_thrown": true}}})
}

#[test]
fn a_finished_partner_misses_four_turns() {
    for missed in 0..4u8 {
        assert_eq!(black_finished(missed).turns_to_miss(BLACK), 4 - missed);
        let t = after(black_finished(missed), &[]);
        assert_eq!(t.seat(), RED, "Black misses a turn after {missed} missed");
        assert_eq!(t.position().flags(BLACK).missed_turns, missed + 1);
    }
    assert_eq!(black_finished(4).turns_to_miss(BLACK), 0);
    // Nobody else has turns to miss.
    assert_eq!(black_finished(0).turns_to_miss(YELLOW), 0);
}

#[test]
fn then_every_turn_is_thrown_for_the_partner() {
    let mut t = after(black_finished(4), &[&[3, 4]]);
    assert_eq!(t.seat(), BLACK);
    assert_eq!(t.pawn_side(), YELLOW);
    play(&mut t, 20, 23, 1, &[3]);
    play(&mut t, 30, 34, 1, &[4]);
    assert_eq!(t.position().pawns(YELLOW), &[23, 34, 40, 50]);
    assert_eq!(t.seat(), RED);
    // And the next round, Black throws for Yellow again.
    let p = *t.position();
    assert_eq!(p.flags(BLACK).missed_turns, 4);
}

#[test]
fn a_team_wins_when_all_eight_pawns_are_home() {
    let p = pos!({"game": "chopat", "to_move": "black",
        "pawns": {"black": [84, 84, 84, 84], "red": [6, 7, 12, 12], "yellow": [81, 84, 84, 84], "green": [6, 7, 12, 12]},
        "flags": {"black": {"kajalvun": true, "has_thrown": true, "missed_turns": 4}}});
    let mut t = after(p, &[&[3, 4]]);
    play(&mut t, 81, 84, 1, &[3]);
    assert_eq!(t.phase(), Phase::Over);
    let mut w = t.position().winners();
    w.sort();
    assert_eq!(w, vec![BLACK, YELLOW]);
}

#[test]
fn the_sources_example_two_singles_cannot_cut_a_pair() {
    // The source's example: a pair on 70, two pawns of the player to move on
    // 66 and 67, a throw of 3 and 4. Its colours, Red and Green, are
    // partners in this rule set, so here Black moves against a Yellow pair
    // on Black's 70 (Yellow's 36).
    let p = pos!({"game": "chopat",
        "pawns": {"black": [6, 7, 66, 67], "yellow": [6, 7, 36, 36]},
        "flags": {"black": {"has_thrown": true}, "yellow": {"kajalvun": true}}});
    let t = after(p, &[&[3, 4]]);
    assert!(!can(&t, 67, 70) && !can(&t, 66, 70));
    assert_eq!(refused(&t, 67, 70, 1, &[3]), Illegal::SingleOnPair);
    assert_eq!(refused(&t, 66, 70, 1, &[4]), Illegal::SingleOnPair);
    assert!(can(&t, 66, 73), "passing the pair is fine");
}

#[test]
fn partners_do_not_cut_each_other() {
    // Red's 70 is Green's 36.
    let p = pos!({"game": "chopat", "to_move": "red",
        "pawns": {"black": [6, 7, 12, 12], "red": [6, 7, 66, 67], "yellow": [6, 7, 12, 12], "green": [6, 7, 12, 36]}});
    let t = after(p, &[&[3, 4]]);
    assert_eq!(t.seat(), RED);
    assert_eq!(refused(&t, 67, 70, 1, &[3]), Illegal::PartnerThere);
}

/// Black has two pairs: the Jug on 40 and another on 50. Yellow's singles
/// stand three squares behind each (Yellow's 71 and 13).
fn two_black_pairs(false_pair: bool) -> Position {
    pos!({"game": "chopat", "to_move": "yellow", "options": {"false_pair": false_pair},
        "pawns": {"black": [40, 40, 50, 50], "yellow": [6, 7, 13, 71]},
        "flags": {"black": {"kajalvun": true, "has_thrown": true, "jug": 40, "jug_moved": true}, "yellow": {"has_thrown": true}}})
}

#[test]
fn with_the_false_pair_rule_a_single_cuts_the_pair_that_is_not_true() {
    let p = two_black_pairs(true);
    assert!(p.cut_by_single(BLACK, 50), "the pair that is not the Jug");
    assert!(!p.cut_by_single(BLACK, 40), "the Jug is the true pair");
    assert!(
        !two_black_pairs(false).cut_by_single(BLACK, 50),
        "only with the rule"
    );
    a_single_cuts_only_the_false_pair(p, 71, 13);
}

/// Yellow throws 3 + 4 with singles three squares behind each of Black's
/// pairs, the true one on 40: the single from `behind_true` may not land on
/// it; the one from `behind_false` cuts the false pair, both its pawns.
fn a_single_cuts_only_the_false_pair(p: Position, behind_true: u8, behind_false: u8) {
    let mut t = after(p, &[&[3, 4]]);
    assert_eq!(
        refused(&t, behind_true, behind_true + 3, 1, &[3]),
        Illegal::SingleOnPair
    );
    play(&mut t, behind_false, behind_false + 3, 1, &[3]);
    assert_eq!(
        t.position().pawns(BLACK),
        &[0, 0, 40, 40],
        "both pawns of the false pair go back"
    );
}

#[test]
fn without_the_false_pair_rule_both_pairs_are_safe_from_singles() {
    let t = after(two_black_pairs(false), &[&[3, 4]]);
    assert_eq!(refused(&t, 71, 74, 1, &[3]), Illegal::SingleOnPair);
    assert_eq!(refused(&t, 13, 16, 1, &[3]), Illegal::SingleOnPair);
}

#[test]
fn one_pawn_leaving_the_jug_breaks_it() {
    let p = pos!({"game": "chopat", "pawns": {"black": [6, 7, 34, 34], "yellow": [6, 7, 12, 12]},
        "flags": {"black": {"kajalvun": true, "has_thrown": true, "jug": 34}}});
    let mut t = after(p, &[&[3, 4]]);
    play(&mut t, 34, 37, 1, &[3]);
    let f = *ChopatFlags::of(t.position().flags(BLACK));
    assert_eq!(f.jug, None);
    assert!(f.kajalvun, "Kajalvun stays done");
}

#[test]
fn a_cut_gives_no_bonus_throw() {
    // Yellow's 26 is Black's 60.
    let p = pos!({"game": "chopat", "pawns": {"black": [6, 7, 12, 57], "yellow": [6, 7, 12, 26]},
        "flags": {"black": {"has_thrown": true}, "yellow": {"has_thrown": true}}});
    let mut t = after(p, &[&[3, 4]]);
    play(&mut t, 57, 60, 1, &[3]);
    assert_eq!(t.position().pawns(YELLOW), &[0, 6, 7, 12]);
    play(&mut t, 6, 10, 1, &[4]);
    assert_eq!(t.seat(), YELLOW);
    // Yellow's cut pawn must come back in before anything else moves.
    let t = after(*t.position(), &[&[1, 3]]);
    assert_eq!(refused(&t, 7, 8, 1, &[1]), Illegal::ReenterFirst);
}

#[test]
fn before_kajalvun_the_opening_pair_cannot_move_together() {
    let p = pos!({"game": "chopat", "pawns": {"black": [6, 7, 12, 12], "yellow": [6, 7, 12, 12]},
        "flags": {"black": {"has_thrown": true}}});
    let t = after(p, &[&[3, 3]]);
    assert_eq!(
        refused(&t, 12, 15, 2, &[3, 3]),
        Illegal::Chopat(ChopatRefusal::KajalvunFirst { step: 34 })
    );
    assert!(can(&t, 12, 15), "one of its pawns may go");
}

#[test]
fn a_pair_may_move_on_each_doublet_of_the_turn() {
    let p = pos!({"game": "chopat", "pawns": {"black": [6, 7, 40, 40], "yellow": [6, 7, 12, 12]},
        "flags": {"black": {"kajalvun": true, "has_thrown": true}}});
    let mut t = after(p, &[&[3, 3], &[6, 6], &[1, 4]]);
    play(&mut t, 40, 43, 2, &[3, 3]);
    play(&mut t, 43, 49, 2, &[6, 6]);
    assert_eq!(t.position().pawns(BLACK), &[6, 7, 49, 49]);
}

#[test]
fn the_first_player_home_wins_a_two_player_game() {
    let p = pos!({"game": "chopat", "pawns": {"black": [81, 84, 84, 84], "yellow": [6, 7, 12, 12]},
        "flags": {"black": {"kajalvun": true, "has_thrown": true}}});
    let mut t = after(p, &[&[3, 4]]);
    play(&mut t, 81, 84, 1, &[3]);
    assert_eq!(t.phase(), Phase::Over);
    assert_eq!(t.position().winners(), vec![BLACK]);
}

#[test]
fn the_rest_of_the_finishing_throw_does_not_go_to_the_partner() {
    // Black finishes with the 3; the 4 cannot move Yellow's pawns, since a
    // finished Chopat player first misses four turns.
    let p = pos!({"game": "chopat", "to_move": "black",
        "pawns": {"black": [81, 84, 84, 84], "red": [6, 7, 12, 12], "yellow": [20, 30, 40, 50], "green": [6, 7, 12, 12]},
        "flags": {"black": {"kajalvun": true, "has_thrown": true}}});
    let mut t = after(p, &[&[3, 4]]);
    play(&mut t, 81, 84, 1, &[3]);
    assert_eq!(t.position().places(), &[BLACK]);
    assert_eq!(t.seat(), RED, "the turn is over");
    assert_eq!(t.position().pawns(YELLOW), &[20, 30, 40, 50]);
}

#[test]
fn with_the_jug_gone_the_true_pair_is_the_one_farthest_along() {
    let p = pos!({"game": "chopat", "to_move": "yellow", "options": {"false_pair": true},
        "pawns": {"black": [40, 40, 50, 50], "yellow": [6, 7, 13, 71]},
        "flags": {"black": {"kajalvun": true, "has_thrown": true}, "yellow": {"has_thrown": true}}});
    assert!(p.cut_by_single(BLACK, 40) && !p.cut_by_single(BLACK, 50));
    let mut t = after(p, &[&[3, 4]]);
    assert_eq!(refused(&t, 13, 16, 1, &[3]), Illegal::SingleOnPair);
    play(&mut t, 71, 74, 1, &[3]);
    assert_eq!(t.position().pawns(BLACK), &[0, 0, 50, 50]);
    assert!(
        !t.position().cut_by_single(BLACK, 50),
        "one pair left is true"
    );
}

/// Black has a pair on 40 and singles on 42 and 49, under the false-pair
/// rule: 42 -> 49 on 3 + 4 forms a second pair. Yellow's singles stand
/// three squares behind 40 and 49 (Yellow's 71 and 12).
fn forming_a_second_pair(jug: bool) -> Turn {
    let mut p = serde_json::json!({"game": "chopat", "options": {"false_pair": true},
        "pawns": {"black": [40, 40, 42, 49], "yellow": [6, 7, 12, 71]},
        "flags": {"black": {"kajalvun": true, "has_thrown": true}, "yellow": {"has_thrown": true}}});
    if jug {
        p["flags"]["black"]["jug"] = 40.into();
        p["flags"]["black"]["jug_moved"] = true.into();
    }
    after(position(p), &[&[3, 4]])
}

/// `m` naming `which` pair true.
fn naming(m: Move, which: TruePair) -> Move {
    Move {
        true_pair: Some(which),
        ..m
    }
}

#[test]
fn forming_a_second_pair_the_player_names_which_is_true() {
    let t = forming_a_second_pair(true);
    let plain = mv(&t, 42, 49, 1, &[3, 4]);
    let to_49: Vec<Move> = t.legal_moves().into_iter().filter(|m| m.to == 49).collect();
    assert_eq!(
        to_49,
        [
            naming(plain, TruePair::Formed),
            naming(plain, TruePair::Standing)
        ],
        "one move for each pair named true"
    );
    assert!(
        t.legal_moves()
            .iter()
            .filter(|m| m.to != 49)
            .all(|m| m.true_pair.is_none()),
        "moves forming no second pair name nothing"
    );
    // Naming the new pair true leaves the Jug false: Yellow's single from
    // 71 cuts it, and not the pair on 49.
    let mut formed = t;
    assert_eq!(
        formed
            .play(naming(plain, TruePair::Formed))
            .map(|e| e.turn_over()),
        Ok(true)
    );
    let p = *formed.position();
    assert_eq!(ChopatFlags::of(p.flags(BLACK)).true_pair, Some(49));
    assert!(p.cut_by_single(BLACK, 40) && !p.cut_by_single(BLACK, 49));
    let mut yellow = after(p, &[&[3, 1]]);
    assert_eq!(refused(&yellow, 12, 15, 1, &[3]), Illegal::SingleOnPair);
    play(&mut yellow, 71, 74, 1, &[3]);
    assert_eq!(yellow.position().pawns(BLACK), &[0, 0, 49, 49]);
    assert_eq!(
        ChopatFlags::of(yellow.position().flags(BLACK)).true_pair,
        None,
        "with one pair left, none is named"
    );
    // Naming the standing pair true: the other way round.
    let mut standing = t;
    assert_eq!(
        standing
            .play(naming(plain, TruePair::Standing))
            .map(|e| e.turn_over()),
        Ok(true)
    );
    let p = *standing.position();
    assert_eq!(ChopatFlags::of(p.flags(BLACK)).true_pair, Some(40));
    let yellow = after(p, &[&[3, 1]]);
    assert_eq!(refused(&yellow, 71, 74, 1, &[3]), Illegal::SingleOnPair);
    assert!(can(&yellow, 12, 15), "the pair on 49 is false");
}

#[test]
fn without_the_false_pair_rule_no_move_names_a_pair() {
    let p = pos!({"game": "chopat",
        "pawns": {"black": [40, 40, 42, 49], "yellow": [6, 7, 12, 71]},
        "flags": {"black": {"kajalvun": true, "has_thrown": true}}});
    let t = after(p, &[&[3, 4]]);
    assert!(can(&t, 42, 49));
    assert!(t.legal_moves().iter().all(|m| m.true_pair.is_none()));
    let mut named = t;
    let m = naming(mv(&t, 42, 49, 1, &[3, 4]), TruePair::Formed);
    assert_eq!(named.play(m), Err(Illegal::NoPairToName));
    assert_eq!(named, t);
}

#[test]
fn a_move_forming_no_second_pair_cannot_name_one() {
    let t = forming_a_second_pair(true);
    let mut named = t;
    let m = naming(mv(&t, 42, 45, 1, &[3]), TruePair::Standing);
    assert_eq!(named.play(m), Err(Illegal::NoPairToName));
    assert_eq!(named, t, "a refused move changes nothing");
}

#[test]
fn a_move_that_names_no_pair_gets_the_naming_of_earlier_versions() {
    // Records written before players named the true pair: the Jug, else
    // the pair farthest along.
    for (jug, truth) in [(true, 40), (false, 49)] {
        let mut t = forming_a_second_pair(jug);
        play(&mut t, 42, 49, 1, &[3, 4]);
        assert_eq!(
            ChopatFlags::of(t.position().flags(BLACK)).true_pair,
            Some(truth)
        );
    }
}

#[test]
fn the_true_pair_stays_true_as_it_moves_and_is_forgotten_when_broken() {
    // Black named the pair on 40 true, though the one on 50 is farther.
    let p = pos!({"game": "chopat", "options": {"false_pair": true},
        "pawns": {"black": [40, 40, 50, 50], "yellow": [6, 7, 12, 12]},
        "flags": {"black": {"kajalvun": true, "has_thrown": true, "true_pair": 40}}});
    assert!(p.cut_by_single(BLACK, 50));
    let mut t = after(p, &[&[3, 3], &[1, 4]]);
    play(&mut t, 40, 43, 2, &[3, 3]);
    assert_eq!(
        ChopatFlags::of(t.position().flags(BLACK)).true_pair,
        Some(43),
        "it moved together"
    );
    // One pawn leaves the false pair: one pair is left, nothing named.
    play(&mut t, 50, 51, 1, &[1]);
    assert_eq!(ChopatFlags::of(t.position().flags(BLACK)).true_pair, None);
    assert!(!t.position().cut_by_single(BLACK, 43));
}

/// Black's pawns on steps 8 and 76 (one square) are a pair beside the
/// pair on 40, under the false-pair rule, with `truth` named true. Yellow's
/// singles stand three squares behind each (Yellow's 39 and 71).
fn a_pair_on_8_and_76(truth: u8) -> Position {
    pos!({"game": "chopat", "to_move": "yellow", "options": {"false_pair": true},
        "pawns": {"black": [8, 40, 40, 76], "yellow": [6, 7, 39, 71]},
        "flags": {"black": {"kajalvun": true, "has_thrown": true, "true_pair": truth}, "yellow": {"has_thrown": true}}})
}

#[test]
fn pawns_on_steps_8_and_76_are_a_pair_that_can_be_false() {
    assert_eq!(same_square(BoardKind::Cross, BLACK, 8, YELLOW), 42);
    let p = a_pair_on_8_and_76(40);
    assert!(p.cut_by_single(BLACK, 8) && p.cut_by_single(BLACK, 76));
    a_single_cuts_only_the_false_pair(p, 71, 39);
}

#[test]
fn the_pair_on_steps_8_and_76_can_be_named_true_by_either_step() {
    for truth in [8, 76] {
        let p = a_pair_on_8_and_76(truth);
        assert_eq!(
            ChopatFlags::of(p.flags(BLACK)).true_pair,
            Some(8),
            "one pair, one name"
        );
        assert!(!p.cut_by_single(BLACK, 76) && p.cut_by_single(BLACK, 40));
        let t = after(p, &[&[3, 4]]);
        assert_eq!(refused(&t, 39, 42, 1, &[3]), Illegal::SingleOnPair);
        assert!(can(&t, 71, 74), "the pair on 40 is false");
    }
}

#[test]
fn reaching_step_76_beside_a_pawn_on_8_forms_a_pair_to_name() {
    let p = pos!({"game": "chopat", "options": {"false_pair": true},
        "pawns": {"black": [8, 40, 40, 73], "yellow": [6, 7, 12, 12]},
        "flags": {"black": {"kajalvun": true, "has_thrown": true}}});
    let mut t = after(p, &[&[3, 4]]);
    let plain = mv(&t, 73, 76, 1, &[3]);
    let to_76: Vec<Move> = t.legal_moves().into_iter().filter(|m| m.to == 76).collect();
    assert_eq!(
        to_76,
        [
            naming(plain, TruePair::Formed),
            naming(plain, TruePair::Standing)
        ]
    );
    t.play(naming(plain, TruePair::Formed)).unwrap();
    assert_eq!(
        ChopatFlags::of(t.position().flags(BLACK)).true_pair,
        Some(8)
    );
    assert!(t.position().cut_by_single(BLACK, 40));
}

#[test]
fn forming_the_jug_while_the_opening_pair_stands_names_one() {
    let p = pos!({"game": "chopat", "options": {"false_pair": true},
        "pawns": {"black": [12, 12, 31, 34], "yellow": [6, 7, 12, 12]},
        "flags": {"black": {"has_thrown": true}}});
    let mut t = after(p, &[&[3, 4]]);
    let kajalvun = mv(&t, 31, 34, 1, &[3]);
    assert!(t
        .legal_moves()
        .contains(&naming(kajalvun, TruePair::Standing)));
    t.play(naming(kajalvun, TruePair::Standing)).unwrap();
    let p = *t.position();
    assert!(ChopatFlags::of(p.flags(BLACK)).kajalvun);
    assert_eq!(
        ChopatFlags::of(p.flags(BLACK)).true_pair,
        Some(12),
        "the opening pair, as named"
    );
    assert!(p.cut_by_single(BLACK, 34), "the Jug is false");
}

#[test]
fn no_square_outside_the_belly_holds_three_pawns_of_a_colour() {
    let p = pos!({"game": "chopat", "pawns": {"black": [6, 27, 30, 30], "yellow": [6, 7, 12, 12]},
        "flags": {"black": {"kajalvun": true, "has_thrown": true}}});
    let t = after(p, &[&[3, 4]]);
    assert_eq!(refused(&t, 27, 30, 1, &[3]), Illegal::SquareFull);
    // In the Belly they may.
    let p = pos!({"game": "chopat", "pawns": {"black": [77, 80, 80, 84], "yellow": [6, 7, 12, 12]},
        "flags": {"black": {"kajalvun": true, "has_thrown": true}}});
    let t = after(p, &[&[3, 4]]);
    assert!(can(&t, 77, 80));
}

#[test]
fn a_pawn_may_go_home_though_another_way_would_go_round_again() {
    // The last pawn is 6 from Home. The 1 and 3 would take it to 82, and
    // then the sixes, which only overshoot, would send it round again:
    // four values used. Home with a 6 finishes, which uses every value, so
    // it is allowed.
    let p = pos!({"game": "chopat", "pawns": {"black": [84, 84, 84, 78], "yellow": [84, 84, 84, 83]},
        "flags": {"black": {"kajalvun": true, "has_thrown": true},
                  "yellow": {"kajalvun": true, "has_thrown": true}}});
    let mut t = after(p, &[&[6, 6], &[1, 3]]);
    assert!(can(&t, 78, 84));
    let home = t
        .legal_moves()
        .into_iter()
        .find(|m| m.to == 84)
        .expect("Home with a 6");
    assert_eq!(t.play(home).map(|e| e.turn_over()), Ok(true));
    assert_eq!(t.position().places(), &[BLACK]);
}

#[test]
fn a_throw_that_can_be_used_without_overshooting_may_not_be_split_to_overshoot() {
    // The pawn on 20 can take the whole (6, 4). Moving it 6 and leaving
    // the pawn on 82 nothing but to go through Home with the 4 is not
    // allowed: going round again must be the only possible move.
    let p = pos!({"game": "chopat", "pawns": {"black": [84, 84, 20, 82], "yellow": [84, 84, 84, 83]},
        "flags": {"black": {"has_thrown": true}}});
    let t = after(p, &[&[6, 4]]);
    assert_eq!(moves(&t), vec![(20, 30, 1)]);
    assert_eq!(refused(&t, 20, 26, 1, &[6]), Illegal::MustUseMore);
    // With a 1 for the pawn on 83 first, the 6 has nothing to take it but
    // the pawn on 82, which goes round again.
    let p = pos!({"game": "chopat", "pawns": {"black": [84, 84, 83, 82], "yellow": [84, 84, 84, 83]},
        "flags": {"black": {"has_thrown": true}}});
    let mut t = after(p, &[&[1, 6]]);
    t.play(mv(&t, 83, 84, 1, &[1])).unwrap();
    assert_eq!(moves(&t), vec![(82, 4, 1)]);
}

#[test]
fn a_pair_moving_on_a_doublet_may_jump_an_opponent_pair() {
    // "Any pawn or pair may jump over a pair." Yellow's pair on Yellow's 18
    // stands on Black's 52, between Black's pair on 50 and 53.
    let p = pos!({"game": "chopat", "pawns": {"black": [6, 7, 50, 50], "yellow": [6, 7, 18, 18]},
        "flags": {"black": {"kajalvun": true, "has_thrown": true},
                  "yellow": {"kajalvun": true, "has_thrown": true}}});
    let mut t = after(p, &[&[3, 3], &[1, 4]]);
    assert!(moves(&t).contains(&(50, 53, 2)));
    play(&mut t, 50, 53, 2, &[3, 3]);
    assert_eq!(t.position().pawns(BLACK), &[6, 7, 53, 53]);
    assert_eq!(
        t.position().pawns(YELLOW),
        &[6, 7, 18, 18],
        "jumped, not cut"
    );
}

#[test]
fn the_marked_squares_of_the_cloth_are_not_safe() {
    // "There are no safe squares on the loop." The squares marked on the
    // cloth, as Black numbers them (the safe squares of Akbar's Chaupar).
    let landings = onto_marked_squares(YELLOW, 3, &[3, 4], |b, y| {
        pos!({"game": "chopat", "pawns": {"black": [b - 3, 1, 2, 3], "yellow": [1, 2, 3, y]},
            "flags": {"black": {"has_thrown": true}, "yellow": {"has_thrown": true}}})
    });
    for (b, _, t) in landings {
        assert_eq!(
            t.position().pawns(YELLOW),
            &[0, 1, 2, 3],
            "Yellow is cut on Black's {b}"
        );
    }
}

#[test]
fn passing_a_jug_that_has_not_moved_together_is_not_ool_olangvun() {
    // Ool Olangvun is passing over the Jug "after the Jug has moved
    // together": the Jug on 34 has not, and the single on 32 jumps it.
    let p = pos!({"game": "chopat", "pawns": {"black": [7, 32, 34, 34], "yellow": [6, 7, 12, 12]},
        "flags": {"black": {"kajalvun": true, "has_thrown": true, "jug": 34}}});
    let mut t = after(p, &[&[3, 4]]);
    play(&mut t, 32, 36, 1, &[4]);
    assert_eq!(ChopatFlags::of(t.position().flags(BLACK)).ool, Ool::NotYet);
    play(&mut t, 7, 10, 1, &[3]);
    assert_eq!(t.seat(), YELLOW);
    assert_eq!(ChopatFlags::of(t.position().flags(BLACK)).ool, Ool::NotYet);
    // The Jug still has its one move together.
    let p = *t.position();
    let mut t = after(p, &[&[1, 3]]);
    play(&mut t, 6, 7, 1, &[1]);
    play(&mut t, 7, 10, 1, &[3]);
    assert_eq!(ChopatFlags::of(t.position().flags(BLACK)).ool, Ool::NotYet);
    let t = after(*t.position(), &[&[3, 3], &[1, 4]]);
    assert!(moves(&t).contains(&(34, 37, 2)));
}

#[test]
fn before_kajalvun_pawns_may_share_a_belly_square() {
    // The ban on pairs before Kajalvun is for the loop; in the Belly
    // pawns never form pairs.
    let p = pos!({"game": "chopat", "pawns": {"black": [6, 7, 12, 12], "yellow": [6, 7, 12, 12]},
        "flags": {"black": {"has_thrown": true}}});
    let mut t = after(p, &[&[1, 3]]);
    assert!(can(&t, 6, 7));
    play(&mut t, 6, 7, 1, &[1]);
    assert_eq!(t.position().pawns(BLACK), &[7, 7, 12, 12]);
    // On the way home too: step 80 is Belly square 4.
    let p = pos!({"game": "chopat", "pawns": {"black": [6, 77, 80, 84], "yellow": [6, 7, 12, 12]},
        "flags": {"black": {"has_thrown": true}}});
    let t = after(p, &[&[1, 3]]);
    assert!(!ChopatFlags::of(p.flags(BLACK)).kajalvun);
    assert!(can(&t, 77, 80));
}

/// The computer's judgement: under the false-pair rule, the pair not
/// named true stands exposed to a single within reach.
#[test]
fn a_false_pair_within_a_singles_reach_counts_as_exposed() {
    // Yellow's single on 71 stands three squares behind Black's pair on
    // 40; nothing reaches the pair on 49.
    let named = |truth: u8| {
        pos!({"game": "chopat", "options": {"false_pair": true},
            "pawns": {"black": [40, 40, 49, 49], "yellow": [71, 84, 84, 84]},
            "flags": {"black": {"kajalvun": true, "has_thrown": true, "true_pair": truth},
                      "yellow": {"kajalvun": true, "has_thrown": true}}})
    };
    let w = Weights::TUNED;
    let exposed = evaluate(&named(49), BLACK, &w);
    let covered = evaluate(&named(40), BLACK, &w);
    assert!(covered > exposed, "{covered} {exposed}");
}
