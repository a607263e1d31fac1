//! Chowka Bhara / Ashta Chamma (docs/rules/chowka-bhara.md), rule by rule: a
//! position, a throw, and what is and is not legal after it.
//!
//! On the 5 x 5 board the outer ring is steps 1 to 16, the inner ring 17
//! to 24 and the centre 25. Around the outer ring Yellow's number for a
//! square is Red's minus 8 (Red's 4 is Yellow's 12); the start squares are
//! Red's 1, 5, 9 and 13.

mod common;
use chaupar::board::{geometry, square_ring, BoardKind, Side};
use chaupar::dice::{Implement, Throw};
use chaupar::rules::{AfterThrow, Game, Illegal, Mode, Options, Phase, Position};
use common::*;
use serde_json::json;

const RED: Side = Side(0);
const GREEN: Side = Side(1);
const YELLOW: Side = Side(2);

#[test]
fn every_board_size_gives_n_minus_1_pawns_on_their_start_squares() {
    for n in [5u8, 7, 9, 11] {
        let mut o = Options::new(Game::ChowkaBhara);
        o.set(Game::ChowkaBhara, "board", &n.to_string()).unwrap();
        for &mode in Game::ChowkaBhara.modes() {
            let p = Position::start(Game::ChowkaBhara, o.with_mode(mode)).unwrap();
            for &side in p.seats() {
                assert_eq!(p.pawns(side), vec![1; n as usize - 1].as_slice());
            }
            assert_eq!(p.home(), n * n, "the centre is the last step");
        }
    }
}

#[test]
fn two_players_sit_opposite_and_three_sit_red_green_yellow() {
    let start = |mode| {
        Position::start(
            Game::ChowkaBhara,
            Options::new(Game::ChowkaBhara).with_mode(mode),
        )
        .unwrap()
    };
    assert_eq!(start(Mode::TwoPlayer).seats(), &[RED, YELLOW]);
    assert_eq!(start(Mode::ThreePlayer).seats(), &[RED, GREEN, YELLOW]);
    assert_eq!(start(Mode::FourPlayer).seats().len(), 4);
    assert_eq!(start(Mode::TwoPlayer).to_move(), RED);
}

#[test]
fn four_cowries_move_1_2_3_then_4_for_chamma_and_8_for_ashta() {
    assert_eq!(Throw::cowries(4, 0b0001).values(), &[1]);
    assert_eq!(Throw::cowries(4, 0b1010).values(), &[2]);
    assert_eq!(Throw::cowries(4, 0b0111).values(), &[3]);
    assert_eq!(Throw::cowries(4, 0b1111).values(), &[4], "Chamma");
    assert_eq!(Throw::cowries(4, 0b0000).values(), &[8], "Ashta");
    let odds: Vec<(u8, f64)> = Implement::Cowries(4)
        .distribution()
        .iter()
        .map(|(t, p)| (t.values()[0], *p * 16.0))
        .collect();
    for (value, sixteenths) in [(1, 4.0), (2, 6.0), (3, 4.0), (4, 1.0), (8, 1.0)] {
        assert!(
            odds.contains(&(value, sixteenths)),
            "{value} falls {sixteenths} times in 16: {odds:?}"
        );
    }
    assert_eq!(odds.len(), 5);
}

#[test]
fn six_cowries_move_1_to_6_or_12() {
    let odds: Vec<(u8, f64)> = Implement::Cowries(6)
        .distribution()
        .iter()
        .map(|(t, p)| (t.values()[0], *p * 64.0))
        .collect();
    let mut values: Vec<u8> = odds.iter().map(|&(v, _)| v).collect();
    values.sort();
    assert_eq!(values, vec![1, 2, 3, 4, 5, 6, 12]);
    assert!(odds.contains(&(12, 1.0)) && odds.contains(&(6, 1.0)) && odds.contains(&(3, 20.0)));
}

#[test]
fn the_7_by_7_board_throws_six_shells_by_default() {
    let p = pos!({"game": "chowka-bhara", "options": {"board": 7},
        "pawns": {"red": [1, 1, 1, 1, 1, 1], "yellow": [1, 1, 1, 1, 1, 1]}});
    assert_eq!(p.options().shells, 6);
    assert_eq!(
        p.options().implement(Game::ChowkaBhara),
        Implement::Cowries(6)
    );
    assert_eq!(throw_effect(p, &[&[6]]), AfterThrow::Bonus);
    assert_eq!(throw_effect(p, &[&[12]]), AfterThrow::Bonus);
    assert_eq!(throw_effect(p, &[&[5]]), AfterThrow::Move);
    assert!(Throw::of(Implement::Cowries(6), &[8]).is_none());
    // The number of shells is an option.
    let p = pos!({"game": "chowka-bhara", "options": {"board": 7, "shells": 4},
        "pawns": {"red": [1, 1, 1, 1, 1, 1], "yellow": [1, 1, 1, 1, 1, 1]}});
    assert_eq!(throw_effect(p, &[&[8]]), AfterThrow::Bonus);
}

fn start5() -> Position {
    Position::start(Game::ChowkaBhara, Options::new(Game::ChowkaBhara)).unwrap()
}

#[test]
fn chamma_and_ashta_give_another_throw() {
    assert_eq!(throw_effect(start5(), &[&[4]]), AfterThrow::Bonus);
    assert_eq!(throw_effect(start5(), &[&[8]]), AfterThrow::Bonus);
    assert_eq!(throw_effect(start5(), &[&[3]]), AfterThrow::Move);
    let t = after(start5(), &[&[4], &[8], &[2]]);
    assert_eq!(t.phase(), Phase::Move);
    assert_eq!(t.values_left(), vec![4, 8, 2]);
}

#[test]
fn a_third_top_value_in_a_row_voids_the_turn() {
    assert_eq!(
        throw_effect(start5(), &[&[4], &[8], &[4]]),
        AfterThrow::Voided
    );
    let t = after(start5(), &[&[4], &[8], &[4]]);
    assert_eq!(t.seat(), YELLOW);
    assert_eq!(t.position().pawns(RED), &[1, 1, 1, 1]);
}

#[test]
fn with_third_top_voids_off_the_player_keeps_throwing() {
    let p = pos!({"game": "chowka-bhara", "options": {"third_top_voids": false},
        "pawns": {"red": [1, 1, 1, 1], "yellow": [1, 1, 1, 1]}});
    assert_eq!(throw_effect(p, &[&[4], &[8], &[4]]), AfterThrow::Bonus);
    let t = after(p, &[&[4], &[8], &[4], &[1]]);
    assert_eq!(t.values_left(), vec![4, 8, 4, 1]);
}

#[test]
fn values_may_be_stacked_on_one_pawn_or_spread() {
    let mut t = after(start5(), &[&[4], &[2]]);
    play(&mut t, 1, 5, 1, &[4]);
    assert!(can(&t, 5, 7), "the same pawn takes the next value");
    assert!(can(&t, 1, 3), "or another pawn does");
    play(&mut t, 5, 7, 1, &[2]);
    assert_eq!(t.position().pawns(RED), &[1, 1, 1, 7]);
    assert_eq!(t.seat(), YELLOW);
}

#[test]
fn a_hit_sends_a_lone_pawn_back_to_its_start_and_the_player_goes_again() {
    let p = pos!({"game": "chowka-bhara", "pawns": {"red": [1, 1, 1, 2], "yellow": [1, 1, 1, 12]}});
    let mut t = after(p, &[&[2]]);
    play(&mut t, 2, 4, 1, &[2]);
    assert_eq!(t.position().pawns(YELLOW), &[1, 1, 1, 1]);
    assert!(t.position().flags(RED).has_cut);
    assert_eq!(t.seat(), RED, "another turn for the hit");
    assert_eq!(t.phase(), Phase::Throw);
}

#[test]
fn each_hit_in_one_turn_gives_a_turn_of_its_own() {
    // Yellow's 14 and 15 are Red's 6 and 7.
    let p =
        pos!({"game": "chowka-bhara", "pawns": {"red": [1, 1, 1, 2], "yellow": [1, 1, 14, 15]}});
    let mut t = after(p, &[&[4], &[1]]);
    play(&mut t, 2, 6, 1, &[4]);
    play(&mut t, 6, 7, 1, &[1]);
    assert_eq!(t.position().pawns(YELLOW), &[1, 1, 1, 1]);
    assert_eq!(t.seat(), RED, "the first of two turns earned");
    assert_eq!(t.position().flags(RED).extra_turns, 1, "one more after it");
    let mut t = after(*t.position(), &[&[3]]);
    play(&mut t, 1, 4, 1, &[3]);
    assert_eq!(t.seat(), RED, "the second turn earned");
    assert_eq!(t.position().flags(RED).extra_turns, 0);
    let mut t = after(*t.position(), &[&[3]]);
    play(&mut t, 1, 4, 1, &[3]);
    assert_eq!(t.seat(), YELLOW, "two hits, two more turns, no more");
}

#[test]
fn a_turn_owed_for_a_hit_survives_a_voided_turn_and_new_hits_add_to_it() {
    let p = pos!({"game": "chowka-bhara", "to_move": "red",
        "pawns": {"red": [1, 1, 1, 2], "yellow": [1, 1, 1, 12]},
        "flags": {"red": {"has_cut": true, "extra_turns": 1}}});
    assert_eq!(throw_effect(p, &[&[4], &[8], &[4]]), AfterThrow::Voided);
    let mut t = after(p, &[&[4], &[8], &[4]]);
    assert_eq!(t.seat(), RED, "the owed turn is still to come");
    assert_eq!(t.position().flags(RED).extra_turns, 0);
    // A hit in an owed turn earns a turn of its own on top.
    t = after(*t.position(), &[&[2]]);
    play(&mut t, 2, 4, 1, &[2]);
    assert_eq!((t.seat(), t.position().flags(RED).extra_turns), (RED, 0));
    let mut owed = after(p, &[&[2]]);
    play(&mut owed, 2, 4, 1, &[2]);
    assert_eq!(
        (owed.seat(), owed.position().flags(RED).extra_turns),
        (RED, 1)
    );
}

#[test]
fn nobody_is_hit_on_a_safe_square() {
    // Yellow's 13 is Red's 5, Green's start.
    let p = pos!({"game": "chowka-bhara", "pawns": {"red": [1, 1, 1, 2], "yellow": [1, 1, 1, 13]}});
    let mut t = after(p, &[&[3]]);
    play(&mut t, 2, 5, 1, &[3]);
    assert_eq!(t.position().pawns(YELLOW), &[1, 1, 1, 13]);
    assert_eq!(t.seat(), YELLOW, "no hit, no extra turn");
}

#[test]
fn the_safe_squares_are_the_starts_the_centre_and_the_middle_rings_middles() {
    // Any opponents may share a square exactly where it is safe: 5 x 5 has
    // 5 safe squares, 7 x 7 has 9 and 9 x 9 has 13, the centre included.
    // Elsewhere two colours share a square only inside the outer ring,
    // where a double hit one of the pawns there and left the others.
    for (n, safe) in [(5u8, 5), (7, 9), (9, 13)] {
        let g = geometry(BoardKind::Square(n));
        let (mut three_colours, mut two_colours, mut inner_unsafe) = (0, 0, 0);
        for (cell, info) in g.cells().filter(|&(c, _)| c != g.home_cell()) {
            let shared = |colours: &[Side], together: usize| {
                let mut doc = json!({"game": "chowka-bhara", "options": {"board": n},
                    "seats": ["red", "green", "yellow"], "to_move": "red",
                    "pawns": {}, "flags": {}});
                for (side, name) in [(RED, "red"), (GREEN, "green"), (YELLOW, "yellow")] {
                    let mut pawns = vec![1; n as usize - 1];
                    if colours.contains(&side) {
                        pawns[..together].fill(g.step_of(side, cell).unwrap());
                    }
                    doc["pawns"][name] = json!(pawns);
                    doc["flags"][name] = json!({"has_cut": true});
                }
                Position::from_json_value(&doc).is_ok()
            };
            let is_safe = shared(&[RED, GREEN, YELLOW], 1);
            three_colours += usize::from(is_safe);
            two_colours += usize::from(shared(&[RED, YELLOW], 2));
            inner_unsafe += usize::from(!is_safe && square_ring(n, info) > 0);
        }
        assert_eq!(three_colours + 1, safe, "{n} x {n}");
        assert_eq!(two_colours, three_colours + inner_unsafe, "{n} x {n}");
    }
}

#[test]
fn before_a_first_hit_pawns_keep_circling_the_outer_ring() {
    let p = pos!({"game": "chowka-bhara", "pawns": {"red": [1, 1, 1, 15], "yellow": [1, 1, 1, 1]}});
    let t = after(p, &[&[3]]);
    assert!(can(&t, 15, 2), "past 16 it goes on round to 1, 2");
    assert!(!can(&t, 15, 18));
    let p = pos!({"game": "chowka-bhara", "pawns": {"red": [1, 1, 1, 15], "yellow": [1, 1, 1, 1]},
        "flags": {"red": {"has_cut": true}}});
    let t = after(p, &[&[3]]);
    assert!(can(&t, 15, 18), "after a hit it turns into the inner ring");
}

#[test]
fn with_before_hit_stop_pawns_stop_at_the_turn_in_square() {
    let p = pos!({"game": "chowka-bhara", "options": {"before_hit": "stop"},
        "pawns": {"red": [1, 1, 1, 15], "yellow": [1, 1, 1, 1]}});
    let t = after(p, &[&[3]]);
    assert!(!moves(&t).iter().any(|&(from, _, _)| from == 15));
    assert_eq!(refused(&t, 15, 18, 1, &[3]), Illegal::InnerRingClosed);
    let t = after(p, &[&[1]]);
    assert!(can(&t, 15, 16), "it may reach the turn-in square itself");
}

#[test]
fn a_single_may_neither_land_on_nor_pass_a_double() {
    // Yellow's double on Yellow's 12, Red's 4: an unsafe outer square.
    let p =
        pos!({"game": "chowka-bhara", "pawns": {"red": [1, 1, 1, 2], "yellow": [1, 1, 12, 12]}});
    let t = after(p, &[&[2]]);
    assert_eq!(refused(&t, 2, 4, 1, &[2]), Illegal::OnDouble);
    // With every pawn held back by the double, a 3 is lost.
    assert_eq!(throw_effect(p, &[&[3]]), AfterThrow::Passed);
    let p =
        pos!({"game": "chowka-bhara", "pawns": {"red": [1, 1, 2, 6], "yellow": [1, 1, 12, 12]}});
    let t = after(p, &[&[3]]);
    assert_eq!(refused(&t, 2, 5, 1, &[3]), Illegal::BlockedByDouble);
    assert_eq!(refused(&t, 1, 4, 1, &[3]), Illegal::OnDouble);
    assert_eq!(moves(&t), vec![(6, 9, 1)]);
}

#[test]
fn a_double_hits_a_single_and_moves_as_one_piece() {
    let p = pos!({"game": "chowka-bhara", "pawns": {"red": [1, 1, 2, 2], "yellow": [1, 1, 1, 12]}});
    let mut t = after(p, &[&[2]]);
    assert!(moves(&t).contains(&(2, 4, 2)), "both pawns with one value");
    play(&mut t, 2, 4, 2, &[2]);
    assert_eq!(t.position().pawns(RED), &[1, 1, 4, 4]);
    assert_eq!(t.position().pawns(YELLOW), &[1, 1, 1, 1]);
}

#[test]
fn a_double_cannot_land_on_another_double() {
    let p =
        pos!({"game": "chowka-bhara", "pawns": {"red": [1, 1, 2, 2], "yellow": [1, 1, 12, 12]}});
    let t = after(p, &[&[2]]);
    assert_eq!(refused(&t, 2, 4, 2, &[2]), Illegal::OnDouble);
}

#[test]
fn two_pawns_inside_the_outer_ring_are_no_double_and_a_single_hits_neither() {
    // Red's 19 and Yellow's 23 are one inner-ring square.
    let y = same_square(BoardKind::Square(5), RED, 19, YELLOW);
    assert_eq!(y, 23);
    let p = pos!({"game": "chowka-bhara", "pawns": {"red": [1, 1, 1, 17], "yellow": [1, 1, y, y]},
        "flags": {"red": {"has_cut": true}, "yellow": {"has_cut": true}}});
    let t = after(p, &[&[2]]);
    assert_eq!(
        refused(&t, 17, 19, 1, &[2]),
        Illegal::ImmuneGroup,
        "a single may not land on two of them"
    );
    let t = after(p, &[&[3]]);
    assert!(can(&t, 17, 20), "but it may pass them: they block nothing");
}

/// Red's double on 15 and two Yellow pawns on Red's 19 (Yellow's 23),
/// inside the outer ring; Green, if seated, has a pawn 2 short of it.
fn double_facing_two_singles(green: bool) -> Position {
    let y = same_square(BoardKind::Square(5), RED, 19, YELLOW);
    let g = same_square(BoardKind::Square(5), RED, 17, GREEN);
    let mut v = json!({"game": "chowka-bhara",
        "pawns": {"red": [1, 1, 15, 15], "yellow": [1, 1, y, y]},
        "flags": {"red": {"has_cut": true}, "yellow": {"has_cut": true}}});
    if green {
        v["pawns"]["green"] = json!([1, 1, 1, g]);
        v["flags"]["green"] = json!({"has_cut": true});
    }
    common::position(v)
}

#[test]
fn a_double_hits_only_one_of_two_pawns_sharing_a_square() {
    // Seed 004: "If 2 singles are in the same square, then the double can
    // hit only one of the singles. The other single is not affected at all."
    let y = same_square(BoardKind::Square(5), RED, 19, YELLOW);
    let mut t = after(double_facing_two_singles(false), &[&[4], &[1]]);
    play(&mut t, 15, 19, 2, &[4]);
    assert_eq!(
        t.position().pawns(YELLOW),
        &[1, 1, 1, y],
        "one sent back, one left"
    );
    assert_eq!(t.position().pawns(RED), &[1, 1, 19, 19]);
    // The square they now share reads back as it is.
    let shared = *t.position();
    assert_eq!(Position::from_json(&shared.to_json()), Ok(shared));
    // Yellow's pawn there is a lone pawn that Red's single hits, while
    // Red's two are still two pawns that no single of Yellow's may join.
    play(&mut t, 1, 2, 1, &[1]);
    let mut v: serde_json::Value = serde_json::from_str(&shared.to_json()).unwrap();
    v["pawns"]["red"] = json!([1, 17, 19, 19]);
    let red_to_hit = common::position(v.clone());
    let mut t = after(red_to_hit, &[&[2]]);
    play(&mut t, 17, 19, 1, &[2]);
    assert_eq!(t.position().pawns(YELLOW), &[1, 1, 1, 1]);
    v["to_move"] = json!("yellow");
    v["pawns"]["yellow"] = json!([1, 1, y - 2, y]);
    let t = after(common::position(v), &[&[2]]);
    assert_eq!(refused(&t, y - 2, y, 1, &[2]), Illegal::ImmuneGroup);
}

#[test]
fn where_two_colours_share_a_square_a_third_may_not_land() {
    let mut t = after(double_facing_two_singles(true), &[&[4], &[1]]);
    play(&mut t, 15, 19, 2, &[4]);
    // Green's turn, with Red's two and Yellow's one on the square.
    let mut v: serde_json::Value = serde_json::from_str(&t.position().to_json()).unwrap();
    v["to_move"] = json!("green");
    v["flags"]["red"] = json!({"has_cut": true});
    let g = same_square(BoardKind::Square(5), RED, 17, GREEN);
    let t = after(common::position(v), &[&[2]]);
    assert_eq!(refused(&t, g, g + 2, 1, &[2]), Illegal::TwoColoursThere);
    assert!(!can(&t, g, g + 2));
    assert!(
        can(&after(*t.position(), &[&[3]]), g, g + 3),
        "passing it is free"
    );
}

#[test]
fn the_centre_needs_an_exact_value() {
    let p = pos!({"game": "chowka-bhara", "pawns": {"red": [20, 23, 25, 25], "yellow": [1, 1, 1, 1]},
        "flags": {"red": {"has_cut": true}}});
    let t = after(p, &[&[3]]);
    assert_eq!(refused(&t, 23, 26, 1, &[3]), Illegal::ExactHome);
    let t = after(p, &[&[2]]);
    assert!(can(&t, 23, 25));
    let p = pos!({"game": "chowka-bhara", "pawns": {"red": [23, 25, 25, 25], "yellow": [1, 1, 1, 1]},
        "flags": {"red": {"has_cut": true}}});
    assert_eq!(throw_effect(p, &[&[3]]), AfterThrow::Passed);
    assert_eq!(after(p, &[&[3]]).position().pawns(RED), &[23, 25, 25, 25]);
}

#[test]
fn the_others_play_on_for_the_places() {
    let p = pos!({"game": "chowka-bhara",
        "pawns": {"red": [24, 25, 25, 25], "green": [1, 1, 1, 1], "yellow": [1, 1, 1, 1]},
        "flags": {"red": {"has_cut": true}}});
    assert_eq!(p.options().mode, Mode::ThreePlayer);
    let mut t = after(p, &[&[1]]);
    play(&mut t, 24, 25, 1, &[1]);
    assert_eq!(t.phase(), Phase::Throw);
    assert_eq!(t.position().places(), &[RED]);
    assert_eq!(t.seat(), GREEN);
    // The second place ends a three-player game; the first is the winner.
    let p = pos!({"game": "chowka-bhara", "to_move": "green",
        "pawns": {"red": [25, 25, 25, 25], "green": [24, 25, 25, 25], "yellow": [1, 1, 1, 1]},
        "flags": {"red": {"has_cut": true}, "green": {"has_cut": true}}});
    let mut t = after(p, &[&[1]]);
    play(&mut t, 24, 25, 1, &[1]);
    assert_eq!(t.phase(), Phase::Over);
    assert_eq!(t.position().places(), &[RED, GREEN]);
    assert_eq!(t.position().winners(), vec![RED]);
}

#[test]
fn with_entry_throws_pawns_start_off_the_board() {
    let mut o = Options::new(Game::ChowkaBhara);
    o.set(Game::ChowkaBhara, "entry_throws", "on").unwrap();
    let p = Position::start(Game::ChowkaBhara, o).unwrap();
    assert_eq!(p.pawns(RED), &[0, 0, 0, 0]);
    assert_eq!(throw_effect(p, &[&[3]]), AfterThrow::Passed);
}

#[test]
fn chamma_brings_one_pawn_in() {
    let p = pos!({"game": "chowka-bhara", "options": {"entry_throws": true},
        "pawns": {"red": [0, 0, 0, 0], "yellow": [0, 0, 0, 0]}});
    let t = after(p, &[&[4], &[1]]);
    assert!(moves(&t).contains(&(0, 1, 1)));
    assert!(!moves(&t).contains(&(0, 1, 2)));
    let mut t = t;
    play(&mut t, 0, 1, 1, &[4]);
    play(&mut t, 1, 2, 1, &[1]);
    assert_eq!(t.position().pawns(RED), &[0, 0, 0, 2]);
    let t = after(p, &[&[4], &[2]]);
    assert_eq!(refused(&t, 0, 2, 1, &[2]), Illegal::NeedsTopValue);
}

#[test]
fn with_six_shells_chamma_is_6_and_ashta_12_and_they_bring_pawns_in() {
    // docs/rules/chowka-bhara.md: with 6 shells all up moves 6 and all
    // down 12, the top values, which bring one pawn in and two.
    let p = pos!({"game": "chowka-bhara", "options": {"board": 7, "entry_throws": true},
        "pawns": {"red": [0, 0, 0, 0, 0, 0], "yellow": [0, 0, 0, 0, 0, 0]}});
    assert_eq!(p.options().shells, 6);
    let t = after(p, &[&[6], &[12], &[1]]);
    assert_eq!(moves(&t), vec![(0, 1, 1), (0, 1, 2)]);
    let t = after(p, &[&[5]]);
    assert_eq!(
        t.phase(),
        Phase::Throw,
        "a 5 brings nobody in: the turn passes"
    );
    assert_eq!(t.seat(), YELLOW);
}

#[test]
fn the_safe_middles_of_the_inner_rings_are_safe_from_hits() {
    // 7 x 7: the middle of each side of the ring inside the outer one is
    // safe; a Red pawn landing where a Yellow pawn stands there hits
    // nothing, while the unsafe square before it is a hit.
    let g = geometry(BoardKind::Square(7));
    let ring = |step: u8| square_ring(7, g.cell_info(g.cell(RED, step).unwrap()));
    let safe_middle = (25..48)
        .find(|&s| {
            let info = g.cell_info(g.cell(RED, s).unwrap());
            ring(s) == 1 && (info.row == 3 || info.col == 3)
        })
        .expect("a middle of the second ring");
    for (target, hit) in [(safe_middle, false), (safe_middle - 1, true)] {
        let y = same_square(BoardKind::Square(7), RED, target, YELLOW);
        let p = pos!({"game": "chowka-bhara", "options": {"board": 7},
            "pawns": {"red": [1, 1, 1, 1, 1, target - 2], "yellow": [1, 1, 1, 1, 1, y]},
            "flags": {"red": {"has_cut": true}, "yellow": {"has_cut": true}}});
        let mut t = after(p, &[&[2]]);
        play(&mut t, target - 2, target, 1, &[2]);
        let yellow_there = t.position().pawns(YELLOW).contains(&y);
        assert_eq!(yellow_there, !hit, "Red's {target}");
    }
}

#[test]
fn ashta_brings_two_pawns_in() {
    let p = pos!({"game": "chowka-bhara", "options": {"entry_throws": true},
        "pawns": {"red": [0, 0, 0, 0], "yellow": [0, 0, 0, 0]}});
    assert_eq!(throw_effect(p, &[&[8], &[2]]), AfterThrow::Move);
    let mut t = after(p, &[&[8], &[2]]);
    assert!(moves(&t).contains(&(0, 1, 2)));
    assert_eq!(refused(&t, 0, 1, 1, &[8]), Illegal::OffBoardFirst);
    play(&mut t, 0, 1, 2, &[8]);
    assert_eq!(t.position().pawns(RED), &[0, 0, 1, 1]);
}

#[test]
fn with_entry_throws_a_hit_pawn_goes_off_the_board() {
    let p = pos!({"game": "chowka-bhara", "options": {"entry_throws": true},
        "pawns": {"red": [0, 0, 0, 2], "yellow": [0, 0, 0, 12]}});
    let mut t = after(p, &[&[2]]);
    play(&mut t, 2, 4, 1, &[2]);
    assert_eq!(t.position().pawns(YELLOW), &[0, 0, 0, 0]);
}
