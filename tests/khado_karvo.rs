//! Chopat's Khado Karvo (house rule): a finished player in a team game may,
//! on the first turn after finishing, bring a pawn back from Home straight
//! onto a pawn of the next opponent that has done Ool Olangvun and stands
//! on the outer squares of the finished player's arm.

mod common;
use chaupar::board::Side;
use chaupar::rules::chopat::ChopatRefusal;
use chaupar::rules::{Illegal, Move, Phase, Spend, Turn};
use chaupar::sim::random_playout;

const BLACK: Side = Side(0);
const RED: Side = Side(1);

/// Red's pawns with one on Red's step 53, which stands on Black's 70, the
/// left outer column of Black's arm.
const RED_ON_70: [u8; 4] = [6, 7, 12, 53];

/// Black has finished and missed `missed` turns since; Red's pawns stand
/// on `red`.
fn finished_black(
    option: bool,
    red_ool: &str,
    missed: u8,
    red: [u8; 4],
) -> chaupar::rules::Position {
    pos!({"game": "chopat", "options": {"khado_karvo": option},
        "pawns": {"black": [84, 84, 84, 84], "red": red, "yellow": [6, 7, 12, 12], "green": [6, 7, 12, 12]},
        "flags": {"black": {"kajalvun": true, "missed_turns": missed}, "red": {"kajalvun": true, "ool": red_ool}},
        "places": ["black"]})
}

/// `pawns` pawns coming back from Home onto `to`.
fn back(to: u8, pawns: u8) -> Move {
    Move::new(84, to, pawns, Spend::NONE)
}

#[test]
fn a_finished_player_may_bring_a_pawn_back_to_cut_without_a_throw() {
    let t = Turn::new(finished_black(true, "done", 0, RED_ON_70));
    assert_eq!(
        t.phase(),
        Phase::Move,
        "no throw: the choice is made at once"
    );
    assert_eq!(t.legal_moves(), vec![back(70, 1), Move::MISS_TURN]);
    assert!(t.is_without_throw());
    let mut t2 = t;
    t2.play(back(70, 1)).unwrap();
    assert!(!t2.is_without_throw());
    assert_eq!(
        t2.position().pawns(RED),
        &[0, 6, 7, 12],
        "Red's pawn is cut"
    );
    assert_eq!(t2.position().pawns(BLACK), &[70, 84, 84, 84]);
    assert!(!t2.position().is_finished(BLACK), "Black is back in play");
    assert_eq!(t2.seat(), RED);
}

#[test]
fn the_finished_player_may_let_the_turn_go_by_instead() {
    let mut t = Turn::new(finished_black(true, "done", 0, RED_ON_70));
    t.play(Move::MISS_TURN).unwrap();
    assert_eq!(t.position().flags(BLACK).missed_turns, 1);
    assert_eq!(t.seat(), RED);
    assert_eq!(t.position().pawns(RED), &[6, 7, 12, 53]);
}

#[test]
fn only_the_two_choices_are_open() {
    let t = Turn::new(finished_black(true, "done", 0, RED_ON_70));
    let mut t2 = t;
    assert_eq!(
        t2.play(back(71, 1)),
        Err(Illegal::Chopat(ChopatRefusal::KhadoChoice))
    );
    assert_eq!(t2, t);
}

#[test]
fn not_without_the_house_rule_nor_against_a_player_without_ool_olangvun() {
    for p in [
        finished_black(false, "done", 0, RED_ON_70),
        finished_black(true, "not-yet", 0, RED_ON_70),
    ] {
        let t = Turn::new(p);
        assert_eq!(t.seat(), RED, "Black misses the turn");
        assert_eq!(t.position().flags(BLACK).missed_turns, 1);
    }
}

#[test]
fn only_on_the_first_turn_after_finishing() {
    let t = Turn::new(finished_black(true, "done", 1, RED_ON_70));
    assert_eq!(t.seat(), RED);
    assert_eq!(t.position().flags(BLACK).missed_turns, 2);
}

#[test]
fn a_pair_is_cut_by_two_pawns_coming_back() {
    let mut t = Turn::new(finished_black(true, "done", 0, [6, 7, 53, 53]));
    t.play(back(70, 2)).unwrap();
    assert_eq!(t.position().pawns(RED), &[0, 0, 6, 7]);
    assert_eq!(t.position().pawns(BLACK), &[70, 70, 84, 84]);
}

#[test]
fn games_with_khado_karvo_play_to_the_end() {
    let mut options = chaupar::rules::Options::new(chaupar::rules::Game::Chopat)
        .with_mode(chaupar::rules::Mode::Teams);
    options.khado_karvo = true;
    let start = chaupar::rules::Position::start(chaupar::rules::Game::Chopat, options).unwrap();
    let mut source = chaupar::dice::SeededThrows::new(21);
    for _ in 0..100 {
        let p = random_playout(start, &mut source, 20_000, |t| {
            t.position().validate().unwrap()
        });
        assert!(p.finished);
    }
}

#[test]
fn a_pawn_on_the_other_outer_column_may_be_cut_too() {
    // Red's 63 is Black's 12, on the right-hand column of Black's arm.
    let mut t = Turn::new(finished_black(true, "done", 0, [6, 7, 12, 63]));
    assert!(t.is_without_throw());
    assert_eq!(t.legal_moves(), vec![back(12, 1), Move::MISS_TURN]);
    t.play(back(12, 1)).unwrap();
    assert_eq!(t.position().pawns(RED), &[0, 6, 7, 12]);
    assert_eq!(t.position().pawns(BLACK), &[12, 84, 84, 84]);
}

#[test]
fn every_red_pawn_on_either_outer_column_is_a_choice() {
    // Red's 58 and 53 are Black's 75 and 70; Red's 60 is Black's 9.
    let t = Turn::new(finished_black(true, "done", 0, [6, 58, 53, 60]));
    let mut to: Vec<u8> = t
        .legal_moves()
        .iter()
        .filter(|m| **m != Move::MISS_TURN)
        .map(|m| m.to)
        .collect();
    to.sort();
    assert_eq!(to, vec![9, 70, 75]);
}

#[test]
fn a_pawn_off_the_two_outer_columns_cannot_be_cut() {
    // Red's 59 is Black's 8, the end of Black's middle column; Red's 68 and
    // 50 are Black's 17 and 67, just off Black's arm.
    let t = Turn::new(finished_black(true, "done", 0, [6, 59, 68, 53]));
    assert_eq!(t.legal_moves(), vec![back(70, 1), Move::MISS_TURN]);
    for to in [8, 17, 67] {
        let mut t2 = t;
        assert_eq!(
            t2.play(back(to, 1)),
            Err(Illegal::Chopat(ChopatRefusal::KhadoChoice)),
            "{to}"
        );
        assert_eq!(t2, t);
    }
    // With nothing on the outer columns, the turn is simply missed.
    let t = Turn::new(finished_black(true, "done", 0, [59, 68, 50, 12]));
    assert!(!t.is_without_throw());
    assert_eq!(t.seat(), RED);
    assert_eq!(t.position().flags(BLACK).missed_turns, 1);
}

#[test]
fn not_against_the_opponent_who_plays_later() {
    // Green's 19 is Black's 70, but Green does not play next after Black.
    let p = pos!({"game": "chopat", "options": {"khado_karvo": true},
        "pawns": {"black": [84, 84, 84, 84], "red": [6, 7, 12, 12], "yellow": [6, 7, 12, 12], "green": [6, 7, 12, 19]},
        "flags": {"black": {"kajalvun": true}, "green": {"kajalvun": true, "ool": "done"}},
        "places": ["black"]});
    let t = Turn::new(p);
    assert!(!t.is_without_throw());
    assert_eq!(t.seat(), RED);
}

#[test]
fn a_single_pawn_coming_back_may_not_land_on_a_pair() {
    // A Red pair on Black's 70: both pawns come back, or none.
    let t = Turn::new(finished_black(true, "done", 0, [6, 7, 53, 53]));
    let mut t2 = t;
    assert_eq!(
        t2.play(back(70, 1)),
        Err(Illegal::Chopat(ChopatRefusal::KhadoChoice))
    );
    assert_eq!(t2, t);
}

#[test]
fn the_player_who_comes_back_leaves_the_places() {
    let mut t = Turn::new(finished_black(true, "done", 0, [6, 7, 12, 53]));
    t.play(back(70, 1)).unwrap();
    assert!(t.position().places().is_empty());
    assert_eq!(t.position().flags(BLACK).missed_turns, 0);
}
