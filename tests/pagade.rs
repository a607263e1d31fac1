//! Pagade (docs/rules/pagade.md), rule by rule: a position, a throw, and what
//! is and is not legal after it.

mod common;
use chaupar::board::Side;
use chaupar::rules::{AfterThrow, Game, Illegal, Options, Phase, Position};
use common::*;

const BLACK: Side = Side(0);
const YELLOW: Side = Side(2);

#[test]
fn each_player_starts_with_6_7_and_a_pair_on_12() {
    let p = Position::start(Game::Pagade, Options::new(Game::Pagade)).unwrap();
    assert_eq!(p.pawns(BLACK), &[6, 7, 12, 12]);
    assert_eq!(p.pawns(YELLOW), &[6, 7, 12, 12]);
    assert_eq!(p.to_move(), BLACK);
}

#[test]
fn one_throw_a_turn_even_on_a_doublet() {
    let p = pos!({"game": "pagade", "pawns": {"black": [6, 7, 12, 12], "yellow": [6, 7, 12, 12]}});
    assert_eq!(throw_effect(p, &[&[6, 6]]), AfterThrow::Move);
    let mut t = after(p, &[&[6, 6]]);
    play(&mut t, 12, 18, 2, &[6, 6]);
    assert_eq!(t.phase(), Phase::Throw);
    assert_eq!(t.seat(), YELLOW, "no bonus throw: the turn passes");
}

#[test]
fn two_dice_move_two_pawns_or_one_pawn_by_their_sum() {
    let p = pos!({"game": "pagade", "pawns": {"black": [6, 7, 20, 30], "yellow": [6, 7, 12, 12]}});
    let t = after(p, &[&[3, 6]]);
    assert!(can(&t, 20, 23) && can(&t, 20, 26) && can(&t, 20, 29));
    let mut t2 = t;
    play(&mut t2, 20, 23, 1, &[3]);
    // The other die goes to another pawn, not again to the same one.
    assert_eq!(refused(&t2, 23, 29, 1, &[6]), Illegal::AlreadyMoved);
    assert!(can(&t2, 30, 36));
    // The sum jumps: the square in between is not landed on.
    let p = pos!({"game": "pagade", "pawns": {"black": [6, 7, 20, 30], "yellow": [6, 7, 12, 12]}, "to_move": "black"});
    let t = after(p, &[&[3, 6]]);
    assert!(can(&t, 20, 29));
}

#[test]
fn a_pair_moves_together_only_on_a_doublet_and_spends_the_whole_throw() {
    let p = pos!({"game": "pagade", "pawns": {"black": [6, 7, 20, 20], "yellow": [6, 7, 12, 12]}});
    let t = after(p, &[&[4, 4]]);
    assert!(
        moves(&t).contains(&(20, 24, 2)),
        "a pair moves d on (d, d), not 2d"
    );
    assert!(!moves(&t).contains(&(20, 28, 2)));
    let mut t2 = t;
    play(&mut t2, 20, 24, 2, &[4, 4]);
    assert_eq!(t2.seat(), YELLOW, "the pair's move spent the throw");
    let t = after(p, &[&[3, 6]]);
    assert_eq!(refused(&t, 20, 23, 2, &[3]), Illegal::PairNeedsDoublet);
    assert_eq!(refused(&t, 20, 29, 2, &[3, 6]), Illegal::PairNeedsDoublet);
    // Breaking the pair: one of its pawns moves on its own.
    assert!(can(&t, 20, 23));
}

#[test]
fn a_single_cuts_a_single_and_the_cut_pawn_goes_back_to_the_centre() {
    // Yellow's step 26 is Black's step 60.
    let p = pos!({"game": "pagade", "pawns": {"black": [6, 7, 12, 57], "yellow": [6, 7, 12, 26]}});
    assert!(p.needs_cut(BLACK), "no cut yet: no turning in");
    let mut t = after(p, &[&[3, 4]]);
    play(&mut t, 57, 60, 1, &[3]);
    assert_eq!(t.position().pawns(YELLOW), &[0, 6, 7, 12]);
    assert!(t.position().flags(BLACK).has_cut);
    assert!(!t.position().needs_cut(BLACK));
    assert!(t.position().needs_cut(YELLOW));
}

#[test]
fn a_single_cannot_land_on_a_pair_but_may_jump_it() {
    let p = pos!({"game": "pagade", "pawns": {"black": [6, 7, 12, 57], "yellow": [6, 7, 26, 26]}});
    let t = after(p, &[&[3, 4]]);
    assert_eq!(refused(&t, 57, 60, 1, &[3]), Illegal::SingleOnPair);
    assert!(can(&t, 57, 61), "jumping over the pair is fine");
    assert!(can(&t, 57, 64), "and so is passing it with the sum");
}

#[test]
fn only_a_pair_moving_on_a_doublet_cuts_a_pair() {
    let p = pos!({"game": "pagade", "pawns": {"black": [6, 7, 57, 57], "yellow": [6, 7, 26, 26]}});
    let mut t = after(p, &[&[3, 3]]);
    assert_eq!(refused(&t, 57, 60, 1, &[3]), Illegal::SingleOnPair);
    play(&mut t, 57, 60, 2, &[3, 3]);
    assert_eq!(t.position().pawns(YELLOW), &[0, 0, 6, 7]);
}

#[test]
fn a_pair_moving_together_cuts_a_single() {
    let p = pos!({"game": "pagade", "pawns": {"black": [6, 7, 57, 57], "yellow": [6, 7, 12, 26]}});
    let mut t = after(p, &[&[3, 3]]);
    play(&mut t, 57, 60, 2, &[3, 3]);
    assert_eq!(t.position().pawns(YELLOW), &[0, 6, 7, 12]);
}

#[test]
fn two_singles_arriving_separately_do_not_cut_a_pair() {
    // The sources' example: a pair on 70, two pawns on 66 and 67, throw 3 and 4.
    let p = pos!({"game": "pagade", "pawns": {"black": [6, 7, 66, 67], "yellow": [6, 7, 36, 36]}});
    let t = after(p, &[&[3, 4]]);
    assert!(!can(&t, 66, 70) && !can(&t, 67, 70));
    assert_eq!(refused(&t, 67, 70, 1, &[3]), Illegal::SingleOnPair);
}

#[test]
fn cut_pawns_re_enter_first_and_a_spare_die_moves_any_pawn() {
    let p = pos!({"game": "pagade", "pawns": {"black": [0, 7, 12, 12], "yellow": [6, 7, 12, 12]}});
    let t = after(p, &[&[3, 6]]);
    assert_eq!(refused(&t, 7, 10, 1, &[3]), Illegal::ReenterFirst);
    assert!(can(&t, 0, 3), "die 3 puts it on square 3");
    assert!(can(&t, 0, 9), "or both dice");
    let mut t2 = t;
    play(&mut t2, 0, 3, 1, &[3]);
    assert!(
        can(&t2, 7, 13),
        "the other die moves any pawn once all are back"
    );
}

#[test]
fn every_cut_pawn_the_dice_can_bring_back_comes_back() {
    // Two waiting, one throw: a die each, not both on one of them.
    let p = pos!({"game": "pagade", "pawns": {"black": [0, 0, 30, 40], "yellow": [6, 7, 12, 12]},
        "flags": {"black": {"has_cut": true}}});
    let t = after(p, &[&[3, 4]]);
    assert!(can(&t, 0, 3) && can(&t, 0, 4));
    assert!(!can(&t, 0, 7));
    assert_eq!(refused(&t, 0, 7, 1, &[3, 4]), Illegal::EachCutPawnEnters);
    let mut t2 = t;
    play(&mut t2, 0, 3, 1, &[3]);
    assert_eq!(refused(&t2, 3, 7, 1, &[4]), Illegal::AlreadyMoved);
    play(&mut t2, 0, 4, 1, &[4]);
    assert_eq!(t2.position().pawns(BLACK), &[3, 4, 30, 40]);
    // Three waiting: the two dice bring two back; the third waits.
    let p = pos!({"game": "pagade", "pawns": {"black": [0, 0, 0, 40], "yellow": [6, 7, 12, 12]},
        "flags": {"black": {"has_cut": true}}});
    let t = after(p, &[&[1, 6]]);
    assert_eq!(outcome_pawns(&t), vec![vec![0, 1, 6, 40]]);
}

#[test]
fn without_a_cut_pawns_go_round_the_loop_again() {
    let p = pos!({"game": "pagade", "pawns": {"black": [6, 7, 12, 73], "yellow": [6, 7, 12, 12]}});
    let t = after(p, &[&[3, 4]]);
    assert!(can(&t, 73, 76 - 68), "75 is followed by 8");
    assert!(can(&t, 73, 9));
    assert!(can(&t, 73, 12));
    let p = pos!({"game": "pagade", "pawns": {"black": [6, 7, 12, 73], "yellow": [6, 7, 12, 12]}, "flags": {"black": {"has_cut": true}}});
    let t = after(p, &[&[3, 4]]);
    assert!(
        can(&t, 73, 76) && can(&t, 73, 77) && can(&t, 73, 80),
        "after a cut every pawn turns in"
    );
    assert!(!can(&t, 73, 8));
}

#[test]
fn home_takes_an_exact_throw_with_one_die_or_both() {
    let p = pos!({"game": "pagade", "pawns": {"black": [81, 84, 84, 84], "yellow": [6, 7, 12, 12]}, "flags": {"black": {"has_cut": true}}});
    let t = after(p, &[&[3, 4]]);
    assert_eq!(moves(&t), vec![(81, 84, 1)]);
    assert_eq!(refused(&t, 81, 85, 1, &[4]), Illegal::ExactHome);
    let t = after(p, &[&[1, 1]]);
    assert!(can(&t, 81, 83), "1 + 1 takes it two squares on");
}

#[test]
fn as_many_values_as_possible_must_be_used() {
    // One pawn left, three squares from Home: only the sum uses both dice.
    let p = pos!({"game": "pagade", "pawns": {"black": [80, 84, 84, 84], "yellow": [6, 7, 12, 12]}, "flags": {"black": {"has_cut": true}}});
    let t = after(p, &[&[1, 3]]);
    assert_eq!(moves(&t), vec![(80, 84, 1)]);
    assert_eq!(refused(&t, 80, 81, 1, &[1]), Illegal::MustUseMore);
}

#[test]
fn values_nobody_can_use_are_lost_and_the_turn_passes() {
    let p = pos!({"game": "pagade", "pawns": {"black": [82, 84, 84, 84], "yellow": [6, 7, 12, 12]}, "flags": {"black": {"has_cut": true}}});
    assert_eq!(throw_effect(p, &[&[3, 4]]), AfterThrow::Passed);
    let t = after(p, &[&[3, 4]]);
    assert_eq!(t.seat(), YELLOW);
    assert_eq!(t.position().pawns(BLACK), &[82, 84, 84, 84]);
}

#[test]
fn the_first_player_home_wins_a_two_player_game() {
    let p = pos!({"game": "pagade", "pawns": {"black": [81, 84, 84, 84], "yellow": [6, 7, 12, 12]}, "flags": {"black": {"has_cut": true}}});
    let mut t = after(p, &[&[3, 4]]);
    play(&mut t, 81, 84, 1, &[3]);
    assert_eq!(t.phase(), Phase::Over);
    assert_eq!(t.position().winners(), vec![BLACK]);
}

#[test]
fn four_players_play_on_for_the_places() {
    let p = pos!({"game": "pagade", "options": {"mode": "4p"},
        "pawns": {"black": [81, 84, 84, 84], "red": [6, 7, 12, 12], "yellow": [6, 7, 12, 12], "green": [6, 7, 12, 12]},
        "flags": {"black": {"has_cut": true}}});
    let mut t = after(p, &[&[3, 4]]);
    play(&mut t, 81, 84, 1, &[3]);
    assert_eq!(t.phase(), Phase::Throw, "the others play on");
    assert_eq!(t.position().places(), &[BLACK]);
    assert_eq!(t.seat(), Side(1));
}

#[test]
fn partners_win_together_and_a_finished_partner_throws_for_the_other() {
    let p = pos!({"game": "pagade",
        "pawns": {"black": [84, 84, 84, 84], "red": [6, 7, 12, 12], "yellow": [80, 84, 84, 84], "green": [6, 7, 12, 12]},
        "flags": {"black": {"has_cut": true}, "yellow": {"has_cut": true}}, "places": ["black"]});
    let mut t = after(p, &[&[1, 3]]);
    assert_eq!(t.pawn_side(), YELLOW, "Black's throw moves Yellow's pawns");
    play(&mut t, 80, 84, 1, &[1, 3]);
    assert_eq!(t.phase(), Phase::Over);
    let mut w = t.position().winners();
    w.sort();
    assert_eq!(w, vec![BLACK, YELLOW]);
}

#[test]
fn partners_do_not_cut_each_other() {
    let p = pos!({"game": "pagade",
        "pawns": {"black": [6, 7, 12, 30], "red": [6, 7, 12, 12], "yellow": [6, 7, 12, 67], "green": [6, 7, 12, 12]}});
    // Yellow's 67 is Black's 33.
    let t = after(p, &[&[3, 4]]);
    assert_eq!(refused(&t, 30, 33, 1, &[3]), Illegal::PartnerThere);
}

#[test]
fn a_sum_jumps_over_a_lone_opponent_on_the_square_in_between_without_cutting_it() {
    // docs/rules/pagade.md: one pawn moving a + b "does not stop on the
    // square in between, so nothing happens there". Yellow's 26 and 27 are
    // Black's 60 and 61: 57 + 3 and 57 + 4, the square in between for
    // either order of the dice.
    let p = pos!({"game": "pagade", "pawns": {"black": [6, 7, 12, 57], "yellow": [6, 7, 26, 27]}});
    let mut t = after(p, &[&[3, 4]]);
    play(&mut t, 57, 64, 1, &[3, 4]);
    assert_eq!(t.position().pawns(YELLOW), &[6, 7, 26, 27], "nobody is cut");
    assert!(!t.position().flags(BLACK).has_cut);
    // Either die alone lands on one of them and cuts it.
    let mut t = after(p, &[&[3, 4]]);
    play(&mut t, 57, 60, 1, &[3]);
    assert_eq!(t.position().pawns(YELLOW), &[0, 6, 7, 27]);
    let mut t = after(p, &[&[3, 4]]);
    play(&mut t, 57, 61, 1, &[4]);
    assert_eq!(t.position().pawns(YELLOW), &[0, 6, 7, 26]);
}

#[test]
fn when_only_one_die_can_be_used_the_player_chooses_which() {
    // docs/rules/pagade.md: "Among the moves that use the same number of
    // dice you choose freely" (no rule to play the larger die). The pawn on
    // 83 can take neither die; the one on 20 can take the 3 or the 4 but
    // not their sum, onto Yellow's pair on Black's 27 (Yellow's 61).
    let p = pos!({"game": "pagade", "pawns": {"black": [20, 83, 84, 84], "yellow": [6, 7, 61, 61]},
        "flags": {"black": {"has_cut": true}}});
    let t = after(p, &[&[3, 4]]);
    assert_eq!(moves(&t), vec![(20, 23, 1), (20, 24, 1)]);
    assert_eq!(refused(&t, 20, 27, 1, &[3, 4]), Illegal::SingleOnPair);
    let mut smaller = t;
    play(&mut smaller, 20, 23, 1, &[3]);
    assert_eq!(smaller.seat(), YELLOW, "the 4 is lost");
    let mut larger = t;
    play(&mut larger, 20, 24, 1, &[4]);
    assert_eq!(larger.seat(), YELLOW, "the 3 is lost");
}

#[test]
fn a_cut_gives_no_bonus_throw() {
    // docs/rules/pagade.md: "Pagade has no extra throws: not for a doublet
    // and not for a cut."
    // Yellow's 26 is Black's 60.
    let p = pos!({"game": "pagade", "pawns": {"black": [6, 7, 12, 57], "yellow": [6, 7, 12, 26]}});
    let mut t = after(p, &[&[3, 4]]);
    play(&mut t, 6, 10, 1, &[4]);
    play(&mut t, 57, 60, 1, &[3]);
    assert_eq!(t.position().pawns(YELLOW), &[0, 6, 7, 12]);
    assert_eq!(t.phase(), Phase::Throw);
    assert_eq!(t.seat(), YELLOW);
    // Nor a cut made with a doublet.
    let p = pos!({"game": "pagade", "pawns": {"black": [6, 7, 12, 54], "yellow": [6, 7, 12, 26]}});
    let mut t = after(p, &[&[3, 3]]);
    play(&mut t, 54, 60, 1, &[3, 3]);
    assert_eq!(t.position().pawns(YELLOW), &[0, 6, 7, 12]);
    assert_eq!(t.phase(), Phase::Throw);
    assert_eq!(t.seat(), YELLOW);
}

#[test]
fn a_pair_moving_on_a_doublet_may_jump_an_opponent_pair() {
    // "Any pawn or pair may jump over a pair." Yellow's pair on Yellow's 25
    // stands on Black's 59, between Black's pair on 57 and 60.
    let p = pos!({"game": "pagade", "pawns": {"black": [6, 7, 57, 57], "yellow": [6, 7, 25, 25]}});
    let mut t = after(p, &[&[3, 3]]);
    assert!(moves(&t).contains(&(57, 60, 2)));
    play(&mut t, 57, 60, 2, &[3, 3]);
    assert_eq!(t.position().pawns(BLACK), &[6, 7, 60, 60]);
    assert_eq!(
        t.position().pawns(YELLOW),
        &[6, 7, 25, 25],
        "jumped, not cut"
    );
}

#[test]
fn the_marked_squares_of_the_cloth_are_not_safe() {
    // "Safety: none on the loop". The squares marked on the cloth, as
    // Black numbers them (the safe squares of Akbar's Chaupar).
    let landings = onto_marked_squares(
        YELLOW,
        3,
        &[3, 4],
        |b, y| pos!({"game": "pagade", "pawns": {"black": [b - 3, 1, 2, 3], "yellow": [1, 2, 3, y]}}),
    );
    for (b, _, t) in landings {
        assert_eq!(
            t.position().pawns(YELLOW),
            &[0, 1, 2, 3],
            "Yellow is cut on Black's {b}"
        );
    }
}
