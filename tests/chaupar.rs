//! Chaupar after Parlett (docs/rules/chaupar.md), rule by rule: a position, a
//! throw, and what is and is not legal after it.
//!
//! Red, Yellow and Green wait in their own Bellies (steps 1 to 4) unless a
//! rule needs them, so that only the pawns a test is about meet. A loop
//! square's number for Red is Black's minus 17 (wrapping within 8 to 75).

mod common;
use chaupar::board::Side;
use chaupar::rules::{AfterThrow, Game, Illegal, Match, Mode, Options, Phase, Position};
use common::*;

const BLACK: Side = Side(0);
const RED: Side = Side(1);
const YELLOW: Side = Side(2);
const GREEN: Side = Side(3);

#[test]
fn every_colour_starts_on_steps_6_7_9_and_10() {
    let p = Position::start(Game::Chaupar, Options::new(Game::Chaupar)).unwrap();
    for side in [BLACK, RED, YELLOW, GREEN] {
        assert_eq!(p.pawns(side), &[6, 7, 9, 10]);
    }
}

#[test]
fn the_highest_opening_throw_starts() {
    let mut ties = 0;
    for seed in 0..40 {
        let m = Match::new(Game::Chaupar, Options::new(Game::Chaupar), seed).unwrap();
        let opening = m.opening_throws();
        let first_round: Vec<Side> = opening.iter().take(4).map(|(s, _)| *s).collect();
        assert_eq!(
            first_round,
            vec![BLACK, RED, YELLOW, GREEN],
            "every colour throws"
        );
        // The last round is thrown by those who tied for the highest
        // total in the round before (or by all four when nobody tied).
        let mut rounds: Vec<&[(Side, chaupar::dice::Throw)]> = Vec::new();
        let mut rest = opening;
        let mut size = 4;
        while !rest.is_empty() {
            let (round, tail) = rest.split_at(size);
            let best = round.iter().map(|(_, t)| t.total()).max().unwrap();
            size = round.iter().filter(|(_, t)| t.total() == best).count();
            rounds.push(round);
            rest = tail;
        }
        let last = rounds.last().unwrap();
        let best = last.iter().max_by_key(|(_, t)| t.total()).unwrap();
        assert_eq!(
            last.iter()
                .filter(|(_, t)| t.total() == best.1.total())
                .count(),
            1,
            "a tie is thrown again"
        );
        assert_eq!(m.position().to_move(), best.0, "seed {seed}");
        ties += rounds.len() - 1;
    }
    assert!(ties > 0, "some seed among 40 gives a tie to throw again");
}

#[test]
fn all_three_dice_may_go_to_one_pawn() {
    let p = pos!({"game": "chaupar", "pawns": {"black": [20, 30, 40, 50], "red": [1, 2, 3, 4], "yellow": [1, 2, 3, 4], "green": [1, 2, 3, 4]}});
    let mut t = after(p, &[&[1, 2, 5]]);
    assert!(can(&t, 20, 28));
    play(&mut t, 20, 28, 1, &[1, 2, 5]);
    assert_eq!(t.position().pawns(BLACK), &[28, 30, 40, 50]);
    assert_eq!(t.seat(), RED, "the whole throw is spent");
}

#[test]
fn a_throw_may_be_split_into_one_die_and_the_sum_of_two() {
    let p = pos!({"game": "chaupar", "pawns": {"black": [20, 30, 40, 50], "red": [1, 2, 3, 4], "yellow": [1, 2, 3, 4], "green": [1, 2, 3, 4]}});
    let mut t = after(p, &[&[1, 2, 5]]);
    play(&mut t, 20, 21, 1, &[1]);
    play(&mut t, 30, 37, 1, &[2, 5]);
    assert_eq!(t.position().pawns(BLACK), &[21, 37, 40, 50]);
    assert_eq!(t.seat(), RED);
}

#[test]
fn a_throw_may_be_split_among_three_pawns() {
    let p = pos!({"game": "chaupar", "pawns": {"black": [20, 30, 40, 50], "red": [1, 2, 3, 4], "yellow": [1, 2, 3, 4], "green": [1, 2, 3, 4]}});
    let mut t = after(p, &[&[1, 2, 5]]);
    play(&mut t, 20, 21, 1, &[1]);
    play(&mut t, 30, 32, 1, &[2]);
    play(&mut t, 40, 45, 1, &[5]);
    assert_eq!(t.position().pawns(BLACK), &[21, 32, 45, 50]);
}

#[test]
fn one_pawn_cannot_take_two_separate_parts_of_one_throw() {
    let p = pos!({"game": "chaupar", "pawns": {"black": [20, 30, 40, 50], "red": [1, 2, 3, 4], "yellow": [1, 2, 3, 4], "green": [1, 2, 3, 4]}});
    let mut t = after(p, &[&[1, 2, 5]]);
    play(&mut t, 20, 21, 1, &[1]);
    assert_eq!(refused(&t, 21, 23, 1, &[2]), Illegal::AlreadyMoved);
    assert_eq!(refused(&t, 21, 28, 1, &[2, 5]), Illegal::AlreadyMoved);
    assert!(can(&t, 30, 37), "another pawn takes the rest");
}

#[test]
fn the_whole_throw_must_be_used_where_possible() {
    // One pawn left: only all three dice together use the whole throw.
    let p = pos!({"game": "chaupar", "pawns": {"black": [20, 84, 84, 84], "red": [1, 2, 3, 4], "yellow": [1, 2, 3, 4], "green": [1, 2, 3, 4]}});
    let t = after(p, &[&[1, 2, 5]]);
    assert_eq!(moves(&t), vec![(20, 28, 1)]);
    assert_eq!(refused(&t, 20, 21, 1, &[1]), Illegal::MustUseMore);
    assert_eq!(refused(&t, 20, 27, 1, &[2, 5]), Illegal::MustUseMore);
}

#[test]
fn a_pawn_landing_on_its_own_colour_forms_a_group() {
    let p = pos!({"game": "chaupar", "pawns": {"black": [20, 21, 40, 50], "red": [1, 2, 3, 4], "yellow": [1, 2, 3, 4], "green": [1, 2, 3, 4]}});
    let mut t = after(p, &[&[1, 2, 5]]);
    play(&mut t, 20, 21, 1, &[1]);
    play(&mut t, 40, 47, 1, &[2, 5]);
    let p = *t.position();
    assert_eq!(p.pawns(BLACK), &[21, 21, 47, 50]);
    // Black's next turn: the group moves as one piece.
    let p = pos!({"game": "chaupar", "pawns": {"black": [21, 21, 47, 50], "red": [1, 2, 3, 4], "yellow": [1, 2, 3, 4], "green": [1, 2, 3, 4]}});
    let t = after(p, &[&[1, 2, 5]]);
    assert!(
        moves(&t).contains(&(21, 29, 2)),
        "the whole group by the total"
    );
    assert!(
        moves(&t).contains(&(21, 22, 2)),
        "the whole group by one die"
    );
}

#[test]
fn a_group_moves_as_one_piece_every_member_by_the_same_amount() {
    let p = pos!({"game": "chaupar", "pawns": {"black": [20, 20, 40, 50], "red": [1, 2, 3, 4], "yellow": [1, 2, 3, 4], "green": [1, 2, 3, 4]}});
    let mut t = after(p, &[&[1, 2, 5]]);
    play(&mut t, 20, 27, 2, &[2, 5]);
    assert_eq!(t.position().pawns(BLACK), &[27, 27, 40, 50]);
    // The group has moved with this throw: it cannot take the last die.
    assert_eq!(refused(&t, 27, 28, 2, &[1]), Illegal::AlreadyMoved);
    assert!(can(&t, 40, 41));
}

#[test]
fn a_third_and_a_fourth_pawn_may_join_a_group_and_four_move_together() {
    let p = pos!({"game": "chaupar", "pawns": {"black": [18, 19, 20, 20], "red": [1, 2, 3, 4], "yellow": [1, 2, 3, 4], "green": [1, 2, 3, 4]}});
    let mut t = after(p, &[&[1, 2, 6]]);
    play(&mut t, 19, 20, 1, &[1]);
    play(&mut t, 18, 20, 1, &[2]);
    assert_eq!(t.position().pawns(BLACK), &[20, 20, 20, 20]);
    let p = pos!({"game": "chaupar", "pawns": {"black": [20, 20, 20, 20], "red": [1, 2, 3, 4], "yellow": [1, 2, 3, 4], "green": [1, 2, 3, 4]}});
    let mut t = after(p, &[&[1, 2, 6]]);
    assert!(moves(&t).contains(&(20, 29, 4)));
    play(&mut t, 20, 29, 4, &[1, 2, 6]);
    assert_eq!(t.position().pawns(BLACK), &[29, 29, 29, 29]);
}

#[test]
fn a_group_is_broken_by_one_pawn_leaving_it() {
    let p = pos!({"game": "chaupar", "pawns": {"black": [20, 20, 20, 50], "red": [1, 2, 3, 4], "yellow": [1, 2, 3, 4], "green": [1, 2, 3, 4]}});
    let mut t = after(p, &[&[1, 2, 5]]);
    assert!(moves(&t).contains(&(20, 21, 1)));
    // Part of a group is not a piece: two of three cannot move together.
    assert_eq!(refused(&t, 20, 21, 2, &[1]), Illegal::NotTogether);
    play(&mut t, 20, 21, 1, &[1]);
    play(&mut t, 20, 27, 2, &[2, 5]);
    assert_eq!(t.position().pawns(BLACK), &[21, 27, 27, 50]);
}

#[test]
fn a_capture_sends_the_pawn_to_step_0() {
    // Red's step 11 is Black's 28.
    let p = pos!({"game": "chaupar", "pawns": {"black": [20, 30, 40, 50], "red": [1, 2, 3, 11], "yellow": [1, 2, 3, 4], "green": [1, 2, 3, 4]}});
    let mut t = after(p, &[&[1, 2, 5]]);
    play(&mut t, 20, 28, 1, &[1, 2, 5]);
    assert_eq!(t.position().pawns(RED), &[0, 1, 2, 3]);
    assert_eq!(t.seat(), RED, "no extra turn for a capture");
}

#[test]
fn a_captured_pawn_re_enters_later_with_no_priority() {
    let p = pos!({"game": "chaupar", "to_move": "red",
        "pawns": {"black": [1, 2, 3, 4], "red": [0, 20, 30, 40], "yellow": [1, 2, 3, 4], "green": [1, 2, 3, 4]}});
    let mut t = after(p, &[&[1, 2, 5]]);
    assert!(can(&t, 0, 5), "it comes back in with a die");
    assert!(can(&t, 0, 8), "or with the whole throw");
    // Other pawns may move while it waits.
    play(&mut t, 20, 28, 1, &[1, 2, 5]);
    assert_eq!(t.position().pawns(RED), &[0, 28, 30, 40]);
}

#[test]
fn a_smaller_piece_cannot_land_on_a_larger_group() {
    // A Red pair on Red's 11, Black's 28.
    let p = pos!({"game": "chaupar", "pawns": {"black": [20, 20, 40, 50], "red": [1, 2, 11, 11], "yellow": [1, 2, 3, 4], "green": [1, 2, 3, 4]}});
    let t = after(p, &[&[1, 2, 5]]);
    assert_eq!(refused(&t, 20, 28, 1, &[1, 2, 5]), Illegal::SmallerOnGroup);
    assert!(!moves(&t).contains(&(20, 28, 1)));
    assert!(can(&t, 20, 27), "stopping short is fine");
}

#[test]
fn an_equal_group_captures_a_group() {
    let p = pos!({"game": "chaupar", "pawns": {"black": [20, 20, 40, 50], "red": [1, 2, 11, 11], "yellow": [1, 2, 3, 4], "green": [1, 2, 3, 4]}});
    let mut t = after(p, &[&[1, 2, 5]]);
    play(&mut t, 20, 28, 2, &[1, 2, 5]);
    assert_eq!(t.position().pawns(RED), &[0, 0, 1, 2]);
    assert_eq!(t.position().pawns(BLACK), &[28, 28, 40, 50]);
}

#[test]
fn a_larger_group_captures_a_smaller_one() {
    let p = pos!({"game": "chaupar", "pawns": {"black": [20, 20, 20, 50], "red": [1, 2, 11, 11], "yellow": [1, 2, 3, 4], "green": [1, 2, 3, 4]}});
    let mut t = after(p, &[&[1, 2, 5]]);
    play(&mut t, 20, 28, 3, &[1, 2, 5]);
    assert_eq!(t.position().pawns(RED), &[0, 0, 1, 2]);
}

#[test]
fn home_takes_an_exact_throw() {
    let p = pos!({"game": "chaupar", "pawns": {"black": [79, 84, 84, 84], "red": [1, 2, 3, 4], "yellow": [1, 2, 3, 4], "green": [1, 2, 3, 4]}});
    let t = after(p, &[&[1, 5, 6]]);
    assert!(can(&t, 79, 84), "5 is exact");
    assert_eq!(refused(&t, 79, 85, 1, &[6]), Illegal::ExactHome);
    assert!(!moves(&t).iter().any(|&(_, to, _)| to > 84));
}

#[test]
fn no_cut_is_needed_to_go_home() {
    let p = pos!({"game": "chaupar", "pawns": {"black": [73, 30, 40, 50], "red": [1, 2, 3, 4], "yellow": [1, 2, 3, 4], "green": [1, 2, 3, 4]}});
    let t = after(p, &[&[1, 2, 5]]);
    assert!(can(&t, 73, 78), "into the Belly without having captured");
}

#[test]
fn one_player_home_does_not_end_the_game() {
    let p = pos!({"game": "chaupar", "pawns": {"black": [79, 84, 84, 84], "red": [1, 2, 3, 4], "yellow": [1, 2, 3, 4], "green": [1, 2, 3, 4]}});
    let mut t = after(p, &[&[1, 5, 6]]);
    play(&mut t, 79, 84, 1, &[5]);
    assert_ne!(t.phase(), Phase::Over);
    assert_eq!(t.position().places(), &[BLACK]);
    assert!(t.position().winners().is_empty());
}

#[test]
fn a_finished_players_throws_serve_the_partner() {
    let p = pos!({"game": "chaupar",
        "pawns": {"black": [84, 84, 84, 84], "red": [1, 2, 3, 4], "yellow": [20, 30, 40, 50], "green": [1, 2, 3, 4]}});
    let mut t = after(p, &[&[1, 2, 5]]);
    assert_eq!(t.seat(), BLACK);
    assert_eq!(t.pawn_side(), YELLOW);
    play(&mut t, 20, 28, 1, &[1, 2, 5]);
    assert_eq!(t.position().pawns(YELLOW), &[28, 30, 40, 50]);
    assert_eq!(t.seat(), RED);
}

#[test]
fn the_game_ends_when_a_partnership_is_home() {
    let p = pos!({"game": "chaupar",
        "pawns": {"black": [84, 84, 84, 84], "red": [1, 2, 3, 4], "yellow": [79, 84, 84, 84], "green": [1, 2, 3, 4]}});
    let mut t = after(p, &[&[1, 5, 6]]);
    play(&mut t, 79, 84, 1, &[5]);
    assert_eq!(t.phase(), Phase::Over);
    let mut w = t.position().winners();
    w.sort();
    assert_eq!(w, vec![BLACK, YELLOW]);
}

#[test]
fn the_pair_home_first_wins_though_the_other_pair_had_the_first_place() {
    // Black finished first and Green second; Yellow is still far away.
    let p = pos!({"game": "chaupar", "to_move": "red", "places": ["black", "green"],
        "pawns": {"black": [84, 84, 84, 84], "red": [79, 84, 84, 84], "yellow": [10, 20, 84, 84], "green": [84, 84, 84, 84]}});
    assert!(!p.is_over());
    assert!(!p.needs_cut(YELLOW), "no cut is needed to go Home");
    assert_eq!(p.finishing_place(GREEN), Some(2));
    assert_eq!(p.finishing_place(RED), None);
    assert_eq!(p.winner(), None, "Black's first place alone wins nothing");
    let mut t = after(p, &[&[1, 5, 6]]);
    play(&mut t, 79, 84, 1, &[5]);
    assert_eq!(t.phase(), Phase::Over);
    assert_eq!(t.position().places(), &[BLACK, GREEN, RED]);
    assert_eq!(t.position().winners(), vec![GREEN, RED]);
}

#[test]
fn two_players_play_all_four_colours() {
    let options = Options::new(Game::Chaupar).with_mode(Mode::TwoPlayer);
    let p = Position::start(Game::Chaupar, options).unwrap();
    assert_eq!(p.seats(), &[BLACK, RED, YELLOW, GREEN]);
    for side in [BLACK, RED, YELLOW, GREEN] {
        assert_eq!(p.pawns(side), &[6, 7, 9, 10]);
    }
    // Partners still win together and serve each other.
    let p = pos!({"game": "chaupar", "options": {"mode": "2p"},
        "pawns": {"black": [84, 84, 84, 84], "red": [1, 2, 3, 4], "yellow": [79, 84, 84, 84], "green": [1, 2, 3, 4]}});
    assert_eq!(p.options().mode, Mode::TwoPlayer);
    let mut t = after(p, &[&[1, 5, 6]]);
    assert_eq!(t.pawn_side(), YELLOW);
    play(&mut t, 79, 84, 1, &[5]);
    assert_eq!(t.phase(), Phase::Over);
}

#[test]
fn a_pawn_may_not_land_on_its_partners_pawn() {
    // Yellow's 62 is Black's 28.
    let p = pos!({"game": "chaupar", "pawns": {"black": [20, 30, 40, 50], "red": [1, 2, 3, 4], "yellow": [1, 2, 3, 62], "green": [1, 2, 3, 4]}});
    let t = after(p, &[&[1, 2, 5]]);
    assert_eq!(refused(&t, 20, 28, 1, &[1, 2, 5]), Illegal::PartnerThere);
    assert!(!can(&t, 20, 28));
}

#[test]
fn a_finishing_player_loses_the_rest_of_the_throw_and_serves_the_partner_next_turn() {
    // Black's last pawn goes Home with 1 + 2; the 5 cannot be used by Black
    // and is lost. Black's throws serve Yellow from the next turn on.
    let p = pos!({"game": "chaupar",
        "pawns": {"black": [81, 84, 84, 84], "red": [1, 2, 3, 4], "yellow": [20, 30, 40, 50], "green": [1, 2, 3, 4]}});
    let mut t = after(p, &[&[5, 1, 2]]);
    assert_eq!(moves(&t), vec![(81, 84, 1)]);
    play(&mut t, 81, 84, 1, &[1, 2]);
    assert_eq!(t.seat(), RED, "the rest of the throw is lost");
    assert_eq!(t.position().pawns(YELLOW), &[20, 30, 40, 50]);
    let next = pos!({"game": "chaupar",
        "pawns": {"black": [84, 84, 84, 84], "red": [1, 2, 3, 4], "yellow": [20, 30, 40, 50], "green": [1, 2, 3, 4]},
        "places": ["black"]});
    let t = after(next, &[&[5, 1, 2]]);
    assert_eq!(t.pawn_side(), YELLOW);
    assert!(can(&t, 20, 21));
}

#[test]
fn the_last_pawn_may_go_home_with_one_die_though_the_others_are_lost() {
    // Black's last pawn is 6 from Home and Yellow has finished: Home with
    // the 6 finishes the partnership, and finishing uses every value, so
    // it is taken before moving the 1 and the 2 together.
    let p = pos!({"game": "chaupar", "pawns": {"black": [84, 84, 84, 78], "red": [10, 20, 30, 40],
        "yellow": [84, 84, 84, 84], "green": [10, 20, 30, 40]}});
    let t = after(p, &[&[6, 1, 2]]);
    assert_eq!(moves(&t), vec![(78, 84, 1)]);
    assert_eq!(refused(&t, 78, 81, 1, &[1, 2]), Illegal::MustUseMore);
}

#[test]
fn a_double_or_a_triple_gives_no_bonus_throw() {
    // docs/rules/chaupar.md: "There are no extra throws in this game."
    let p = pos!({"game": "chaupar", "pawns": {"black": [20, 30, 40, 50], "red": [1, 2, 3, 4], "yellow": [1, 2, 3, 4], "green": [1, 2, 3, 4]}});
    for throw in [[5, 5, 1], [2, 2, 2], [6, 6, 6]] {
        assert_eq!(throw_effect(p, &[&throw]), AfterThrow::Move, "{throw:?}");
        let mut t = after(p, &[&throw]);
        play(&mut t, 20, 20 + throw.iter().sum::<u8>(), 1, &throw);
        assert_eq!(t.phase(), Phase::Throw);
        assert_eq!(t.seat(), RED, "{throw:?}: the turn passes");
    }
}

#[test]
fn a_group_moves_by_one_die_or_a_sum_on_a_double_too_never_by_twice_a_value() {
    // Unlike Akbar's game, a double is not a throw of its own: the pair
    // takes one die or a sum of dice, as with any throw.
    let p = pos!({"game": "chaupar", "pawns": {"black": [30, 30, 40, 50], "red": [1, 2, 3, 4], "yellow": [1, 2, 3, 4], "green": [1, 2, 3, 4]}});
    let t = after(p, &[&[5, 5, 1]]);
    let pair: Vec<u8> = moves(&t)
        .iter()
        .filter(|&&(from, _, n)| from == 30 && n == 2)
        .map(|&(_, to, _)| to)
        .collect();
    assert_eq!(pair, vec![31, 35, 36, 40, 41]);
    // Ten squares is the sum of the two fives, and it leaves the 1.
    let mut t2 = t;
    play(&mut t2, 30, 40, 2, &[5, 5]);
    assert_eq!(t2.values_left(), vec![1]);
    assert_eq!(t2.seat(), BLACK);
    // A triple moves a group of three by one die or a sum, not twice the
    // value on all three dice.
    let p = pos!({"game": "chaupar", "pawns": {"black": [30, 30, 30, 50], "red": [1, 2, 3, 4], "yellow": [1, 2, 3, 4], "green": [1, 2, 3, 4]}});
    let mut t = after(p, &[&[2, 2, 2]]);
    let group: Vec<u8> = moves(&t)
        .iter()
        .filter(|&&(from, _, n)| from == 30 && n == 3)
        .map(|&(_, to, _)| to)
        .collect();
    assert_eq!(group, vec![32, 34, 36]);
    assert_eq!(
        refused(&t, 30, 34, 3, &[2, 2, 2]),
        Illegal::WrongDestination { to: 36 }
    );
    play(&mut t, 30, 34, 3, &[2, 2]);
    assert_eq!(t.values_left(), vec![2], "the third 2 is still to play");
    let last = t
        .legal_moves()
        .into_iter()
        .find(|m| m.from == 50 && m.to == 52)
        .expect("the last 2 for the pawn on 50");
    t.play(last).unwrap();
    assert_eq!(t.seat(), RED);
}

#[test]
fn a_pair_may_not_land_on_an_opponent_triple() {
    // A Red triple on Red's 11, Black's 28.
    let p = pos!({"game": "chaupar", "pawns": {"black": [20, 20, 40, 50], "red": [1, 11, 11, 11], "yellow": [1, 2, 3, 4], "green": [1, 2, 3, 4]}});
    let t = after(p, &[&[1, 2, 5]]);
    assert_eq!(refused(&t, 20, 28, 2, &[1, 2, 5]), Illegal::SmallerOnGroup);
    assert!(!moves(&t).contains(&(20, 28, 2)));
    assert!(moves(&t).contains(&(20, 27, 2)), "stopping short is fine");
}

#[test]
fn a_group_landing_on_a_lone_pawn_captures_it() {
    // Red's 11 is Black's 28.
    let p = pos!({"game": "chaupar", "pawns": {"black": [20, 20, 40, 50], "red": [1, 2, 3, 11], "yellow": [1, 2, 3, 4], "green": [1, 2, 3, 4]}});
    let mut t = after(p, &[&[1, 2, 5]]);
    play(&mut t, 20, 28, 2, &[1, 2, 5]);
    assert_eq!(t.position().pawns(RED), &[0, 1, 2, 3]);
    assert_eq!(t.position().pawns(BLACK), &[28, 28, 40, 50]);
    let p = pos!({"game": "chaupar", "pawns": {"black": [20, 20, 20, 50], "red": [1, 2, 3, 11], "yellow": [1, 2, 3, 4], "green": [1, 2, 3, 4]}});
    let mut t = after(p, &[&[1, 2, 5]]);
    play(&mut t, 20, 28, 3, &[1, 2, 5]);
    assert_eq!(t.position().pawns(RED), &[0, 1, 2, 3]);
}

#[test]
fn the_marked_squares_of_the_cloth_are_not_safe() {
    // "In this game the marks do not matter": the squares Akbar's game
    // makes safe, as Black numbers them, see a capture like any other.
    let landings = onto_marked_squares(RED, 5, &[5, 1, 2], |b, red| {
        pos!({"game": "chaupar",
            "pawns": {"black": [b - 5, 77, 78, 84], "red": [1, 2, 3, red], "yellow": [1, 2, 3, 4], "green": [1, 2, 3, 4]}})
    });
    for (b, _, t) in landings {
        assert_eq!(
            t.position().pawns(RED),
            &[0, 1, 2, 3],
            "Red is captured on Black's {b}"
        );
    }
}
