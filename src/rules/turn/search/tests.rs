//! The searches against brute force, and the bound against the values
//! that can be used, over sample turns of every game.

use super::super::generate::Throws;
use super::super::state::{Phase, Turn};
use super::memory::{Remembered, StateKey, WALKED, WALK_AT_MOST};
use super::walk::Pace;
use crate::dice::Throw;
use crate::dice::{SeededThrows, ThrowSource};
use crate::rules::card::RuleCard;
use crate::rules::games::{by_game, Chopat};
use crate::rules::moves::{Move, Spend, SLOTS};
use crate::rules::options::Overshoot;
use crate::rules::position::{Position, MAX_PAWNS};
use crate::rules::{Game, Options};
use crate::sim::random_playout;
use std::collections::HashSet;
use std::ops::ControlFlow;

/// Every end of the turn found the slow way, with the values used on
/// the way since the turn began: every move that passes the rules, in
/// every order, with none of the search's shortcuts (no bound, no
/// skipping equal throws); a way that finishes the player uses every
/// value some pawn could still take.
fn brute_force_ends(turn: &Turn) -> Vec<(Position, u32)> {
    fn walk<V: RuleCard>(t: &Turn, seen: &mut HashSet<Turn>, ends: &mut Vec<(Position, u32)>) {
        if !seen.insert(*t) {
            return;
        }
        let mut next = Vec::new();
        if !t.now.pos.is_over() {
            t.for_each_candidate::<V>(&t.now, Throws::All, |m, cap| {
                next.push((m, cap));
                ControlFlow::Continue(())
            });
        }
        let spent = t.now.spent.count_ones();
        if next.is_empty() {
            let mut end = *t;
            end.end_turn();
            ends.push((end.now.pos, spent));
        }
        for (m, cap) in next {
            let mut child = *t;
            t.apply::<V>(&mut child.now, m, cap);
            if child.now.pos.is_finished(child.side) {
                let mut end = child;
                end.end_turn();
                ends.push((end.now.pos, spent + t.live_slots(&t.now).count_ones()));
            } else {
                walk::<V>(&child, seen, ends);
            }
        }
    }
    let mut ends = Vec::new();
    by_game!(turn.now.pos.game, V => walk::<V>(turn, &mut HashSet::new(), &mut ends));
    ends
}

/// The ends of the turn that use the most values, found the slow way.
fn brute_force_outcomes(turn: &Turn) -> HashSet<Position> {
    let ends = brute_force_ends(turn);
    let most = ends.iter().map(|&(_, used)| used).max().unwrap_or(0);
    ends.into_iter()
        .filter(|&(_, used)| used == most)
        .map(|(p, _)| p)
        .collect()
}

/// The same ends as the brute force, also when the walk's memory is
/// too small for the turn and keeps forgetting.
fn assert_same_ends(turn: &Turn) {
    let expected = brute_force_outcomes(turn);
    for limit in [WALK_AT_MOST, 3] {
        let walk = turn.walk_with(Pace::Every, Some(Remembered::new(limit)));
        let fast: HashSet<Position> = walk.ends.iter().map(|e| e.turn.now.pos).collect();
        assert_eq!(
            fast,
            expected,
            "{} after {:?}, memory of {limit}",
            turn.now.pos.to_json(),
            turn.throws().iter().map(|t| t.values()).collect::<Vec<_>>()
        );
    }
}

/// Turns at the start of their move phase, small enough for the brute
/// force: from random games of every game, mode and overshoot option,
/// and the same positions after a run of bonus throws (Chopat:
/// doublets, once the player's way is open), as they are and with the pawns
/// moved up close to Home, where not every value fits.
fn sample_turns(mut visit: impl FnMut(&Turn)) {
    for game in Game::ALL {
        for &mode in game.modes() {
            for overshoot in [Overshoot::NewCircuit, Overshoot::Illegal] {
                if overshoot == Overshoot::Illegal && game != Game::Chopat {
                    continue;
                }
                let mut options = Options::new(game).with_mode(mode);
                options.overshoot = overshoot;
                let start = Position::start(game, options).unwrap();
                let mut extra = SeededThrows::new(7);
                for seed in 0..3 {
                    let mut source = SeededThrows::new(seed);
                    random_playout(start, &mut source, 5_000, |t| {
                        let fresh = t.now.spent == 0 && t.phase == Phase::Move && !t.without_throw;
                        if !fresh || t.unspent_count(&t.now) > 8 {
                            return;
                        }
                        visit(t);
                        let mut near = t.now.pos;
                        let home = near.home();
                        for step in near.pawns[t.side.index()].iter_mut() {
                            if *step != home && *step != 0 {
                                *step = home - 1 - extra.below(12) as u8;
                            }
                        }
                        near.canonicalize();
                        for start in [t.now.pos, near] {
                            if start.validate().is_err() {
                                continue;
                            }
                            let mut long = Turn::new(start);
                            while long.phase == Phase::Throw && long.n_throws < 3 {
                                let mut throw = extra.throw(long.implement());
                                if game == Game::Chopat && long.n_throws < 2 {
                                    let d = throw.values()[0];
                                    throw = Throw::dice(&[d, d]);
                                }
                                long.add_throw(throw);
                            }
                            if long.phase == Phase::Move && long.n_throws > 1 {
                                visit(&long);
                            }
                        }
                    });
                }
            }
        }
    }
}

/// `outcomes` (and with it the search for how many values can be
/// used) finds exactly the ends the brute force finds.
#[test]
fn outcomes_agree_with_brute_force() {
    let mut compared = 0;
    sample_turns(|turn| {
        assert_same_ends(turn);
        compared += 1;
    });
    assert!(compared > 1000, "only {compared} turns compared");
}

/// A walk with a budget it never runs out of finds every end too, and
/// keeps for each the first legal move, in the order listed, after
/// which the turn can still end there: the move the computer plays to
/// reach the end it likes best.
#[test]
fn a_walk_within_its_budget_finds_each_end_after_the_first_move_that_reaches_it() {
    let mut compared = 0;
    sample_turns(|turn| {
        let every: HashSet<Position> = turn.outcomes().into_iter().collect();
        let walk = turn.walk(Some(usize::MAX));
        let found: HashSet<Position> = walk.ends.iter().map(|e| e.turn.now.pos).collect();
        assert_eq!(found, every, "{}", turn.now.pos.to_json());
        let after: Vec<(Move, Vec<Position>)> = turn
            .legal_moves()
            .into_iter()
            .map(|m| {
                let mut child = *turn;
                child.play_unchecked(m);
                let ends = match child.phase {
                    Phase::Move => child.outcomes(),
                    _ => vec![child.now.pos],
                };
                (m, ends)
            })
            .collect();
        for end in &walk.ends {
            let first = after
                .iter()
                .find(|(_, ends)| ends.contains(&end.turn.now.pos));
            assert_eq!(first.map(|&(m, _)| m), Some(end.first));
        }
        compared += 1;
    });
    assert!(compared > 1000, "only {compared} turns compared");
}

/// Past its budget a walk follows only the first legal move of each
/// state: with none, each move of the turn as it stands leads to one
/// end, the one its first legal moves after it reach.
#[test]
fn past_its_budget_a_walk_follows_the_first_legal_moves() {
    sample_turns(|turn| {
        let mut expected: Vec<(Position, Move)> = Vec::new();
        for m in turn.legal_moves() {
            let mut t = *turn;
            t.play_unchecked(m);
            while t.phase == Phase::Move {
                t.play_unchecked(t.legal_moves()[0]);
            }
            if expected.iter().all(|&(p, _)| p != t.now.pos) {
                expected.push((t.now.pos, m));
            }
        }
        let walk = turn.walk(Some(0));
        let found: Vec<(Position, Move)> = walk
            .ends
            .iter()
            .map(|e| (e.turn.now.pos, e.first))
            .collect();
        assert_eq!(found, expected, "{}", turn.now.pos.to_json());
    });
}

/// At every state of the sample turns, after one and two of their
/// legal moves as well, the bound is never below the most values the
/// rest of the turn can use, counted the slow way.
#[test]
fn the_bound_is_never_below_the_values_that_can_be_used() {
    let mut compared = 0;
    sample_turns(|turn| {
        let mut t = *turn;
        for _ in 0..3 {
            if t.phase != Phase::Move {
                break;
            }
            let spent = t.now.spent.count_ones();
            let most = (brute_force_ends(&t).into_iter())
                .map(|(_, used)| used - spent)
                .max()
                .unwrap_or(0);
            let bound = by_game!(t.now.pos.game, V => t.usable_bound::<V>(&t.now));
            assert!(
                u32::from(bound) >= most,
                "bound {bound} below {most}: {} after {:?}, {:?} spent",
                t.now.pos.to_json(),
                t.throws().iter().map(|t| t.values()).collect::<Vec<_>>(),
                t.now.spent
            );
            compared += 1;
            let moves = t.legal_moves();
            t.play_unchecked(moves[compared % moves.len()]);
        }
    });
    assert!(compared > 3000, "only {compared} states compared");
}

/// A full memory forgets the states it was told longest ago, and a
/// state asked about again counts as recent.
#[test]
fn a_full_memory_keeps_the_recent_states() {
    let start = Position::start(Game::Chopat, Options::new(Game::Chopat)).unwrap();
    let key = |live: u64| StateKey {
        pos: start,
        live,
        moved: [0; MAX_PAWNS],
        phase: Phase::Move,
        hits: 0,
        moved_any: false,
        without_throw: false,
    };
    let mut memory = Remembered::new(2);
    for live in 1..=4 {
        memory.insert(key(live), live as u8);
    }
    // The two told last are the recent ones, the two before them the
    // older ones: all four are known.
    assert_eq!(memory.get(&key(4)), Some(4));
    assert_eq!(memory.get(&key(3)), Some(3));
    // An older one asked about becomes recent: the recent ones become
    // the older ones, and the oldest is forgotten.
    assert_eq!(memory.get(&key(2)), Some(2));
    assert_eq!(memory.get(&key(1)), None);
    assert!((2..=4).all(|live| memory.get(&key(live)) == Some(live as u8)));
    *memory.get_mut(&key(3)).unwrap() |= WALKED;
    assert_eq!(memory.get(&key(3)), Some(3 | WALKED));
}

/// The first legal move, found on its own, is the first of the list,
/// at every state of the sample turns (along a random way through
/// each).
#[test]
fn the_first_legal_move_found_alone_is_the_first_listed() {
    let mut compared = 0;
    sample_turns(|turn| {
        let mut t = *turn;
        let mut memo = t.memo(&t.now);
        while t.phase == Phase::Move {
            let moves = t.legal_moves();
            assert_eq!(
                by_game!(t.now.pos.game, V => t.first_legal_in::<V>(&mut memo)).as_ref(),
                moves.first(),
                "{} after {:?}",
                t.now.pos.to_json(),
                t.throws().iter().map(|t| t.values()).collect::<Vec<_>>()
            );
            compared += 1;
            t.play_unchecked(moves[compared % moves.len()]);
        }
    });
    assert!(compared > 3000, "only {compared} states compared");
}

/// The same pawns in each other's slots: the searches know the state
/// they reach either way, and only what a pawn moved with still tells
/// states apart.
#[test]
fn states_that_differ_only_in_which_slot_holds_a_pawn_are_one() {
    let json = r#"{"game": "chopat", "seats": ["black", "yellow"], "to_move": "black",
        "pawns": {"black": [14, 20, 40, 50], "yellow": [10, 30, 45, 60]}}"#;
    let start = Turn::new(way_open(Position::from_json(json).unwrap()));
    let die = |throw: usize, die: usize| 1u64 << (throw * SLOTS + die);
    let after = |moves: &[(u8, u8, u64)]| {
        let mut t = start;
        for throw in [[6, 6], [6, 6], [1, 1], [3, 3], [1, 3]] {
            t.add_throw(Throw::dice(&throw));
        }
        for &(from, to, spend) in moves {
            let m = Move::new(from, to, 1, Spend::from_bits(spend));
            assert_eq!(t.play(m).map(|e| e.turn_over()), Ok(false), "{m:?}");
        }
        t
    };
    // The first double six moves 14 and 20 on a 6 each, or 14 on 12:
    // pawns on 20 and 26 in other slots, the throw spent.
    let both = after(&[(14, 20, die(0, 0)), (20, 26, die(0, 1))]);
    let one = after(&[(14, 26, die(0, 0) | die(0, 1))]);
    assert_ne!(both.now.pos.pawns, one.now.pos.pawns);
    assert!(both.state_key(&both.now) == one.state_key(&one.now));
    // A 6 of each double six: the pawn on 20 may still take the other
    // 6 of the throw it did not move with, and which throw that is
    // tells the states apart.
    let first_then_second = after(&[(14, 20, die(0, 0)), (20, 26, die(1, 0))]);
    let second_then_first = after(&[(20, 26, die(0, 0)), (14, 20, die(1, 0))]);
    assert!(
        first_then_second.state_key(&first_then_second.now)
            != second_then_first.state_key(&second_then_first.now)
    );
    // The same state with its first two pawns, and what they moved
    // with, in each other's slots.
    let mut swapped = first_then_second;
    swapped.now.pos.pawns[swapped.side.index()].swap(0, 1);
    swapped.now.moved.swap(0, 1);
    swapped.now.refresh_cells();
    assert!(swapped.state_key(&swapped.now) == first_then_second.state_key(&first_then_second.now));
}

/// A Chopat position with the way of the player to move open: its
/// doublets give another throw.
fn way_open(mut pos: Position) -> Position {
    let side = pos.to_move();
    Chopat::open_way(&mut pos, side);
    pos
}

/// Black's turn of Chopat with its way open, pawns on `black`, in its
/// move phase after `throws` ("overshoot: illegal").
fn black_to_move(black: [u8; 4], throws: &[[u8; 2]]) -> Turn {
    let json = format!(
        r#"{{"game": "chopat", "seats": ["black", "yellow"], "to_move": "black",
        "options": {{"overshoot": "illegal"}},
        "pawns": {{"black": {black:?}, "yellow": [18, 27, 44, 82]}}}}"#
    );
    let mut t = Turn::new(way_open(Position::from_json(&json).unwrap()));
    for throw in throws {
        t.add_throw(Throw::dice(throw));
    }
    assert_eq!(t.phase, Phase::Move);
    t
}

/// The bound on the values left counts a value as lost only when no
/// pawn that may still take it has room for it (a die that brings a
/// pawn exactly Home is not lost), and the values count as all used
/// (the player may finish) only if some of them add up to each pawn's
/// distance from Home (see the next test for how they must split).
#[test]
fn the_bound_loses_the_values_no_pawn_has_room_for() {
    let die = |throw: usize, die: usize| 1u64 << (throw * SLOTS + die);
    let t = black_to_move([20, 81, 82, 84], &[[4, 4], [3, 3], [6, 1]]);
    // The pawn on 20 has moved to 27 with a 4 of the first throw and
    // a 3 of the second: nobody has room for the other 4, the pawn on
    // 81 has just room for the other 3, and the pawn on 27 for the 6
    // and the 1.
    let mut n = t.now;
    n.pos.pawns[t.side.index()][0] = 27;
    n.spent |= die(0, 0) | die(1, 0);
    n.moved[0] = 0b11;
    n.refresh_cells();
    assert_eq!(t.usable_bound::<Chopat>(&n), 3);
    assert_eq!(t.max_usable::<Chopat>(&n), 3);
    // Pawns 3 and 2 from Home with (4, 4) (1, 3): twelve pips are
    // more than the five to go, but no values add up to 2, so the
    // player cannot finish; the 4s fit nowhere.
    let t = black_to_move([81, 82, 84, 84], &[[4, 4], [1, 3]]);
    assert_eq!(t.usable_bound::<Chopat>(&t.now), 2);
    assert_eq!(t.max_usable::<Chopat>(&t.now), 2);
}

#[test]
fn finishing_is_assumed_only_where_the_values_split_into_each_pawns_distance() {
    // Two pawns 2 from Home with (1, 1) (3, 1): 2, 2 and their sum 4
    // are each made by some of the values, but only three 1s are
    // there for the two 2s. The 3 fits nowhere; three 1s can be used.
    let t = black_to_move([82, 82, 84, 84], &[[1, 1], [3, 1]]);
    assert_eq!(t.usable_bound::<Chopat>(&t.now), 3);
    assert_eq!(t.max_usable::<Chopat>(&t.now), 3);
    // With a pawn 1 from Home in place of one of them, they split.
    let t = black_to_move([82, 83, 84, 84], &[[1, 1], [3, 1]]);
    assert_eq!(t.usable_bound::<Chopat>(&t.now), 4);
}

/// A pawn takes values of a throw in one move only: a value of a throw
/// a pawn has moved with neither brings that pawn Home nor goes into
/// its room.
#[test]
fn a_value_counts_only_for_pawns_that_have_not_moved_with_its_throw() {
    let die = |throw: usize, die: usize| 1u64 << (throw * SLOTS + die);
    // The pawn on 78 has moved to 81 with a 3 of (3, 3), which leaves
    // a 3 and (4, 1). The other 3 would bring it Home, and the 4 the
    // pawn on 80, but the 3 is only for the pawn on 80 now: no
    // finishing. That pawn has room for the 3 or the 4, not both.
    let t = black_to_move([78, 80, 84, 84], &[[3, 3], [4, 1]]);
    let mut n = t.now;
    n.pos.pawns[t.side.index()][0] = 81;
    n.spent |= die(0, 0);
    n.moved[0] = 0b1;
    n.refresh_cells();
    assert_eq!(t.usable_bound::<Chopat>(&n), 2);
    assert_eq!(t.max_usable::<Chopat>(&n), 2);
}

/// Values go whole to one pawn: three 3s fit into the nine squares
/// two pawns have left, but only one fits into each pawn's 5 or 4.
#[test]
fn values_are_not_split_between_pawns() {
    let t = black_to_move([79, 80, 84, 84], &[[3, 3], [3, 6]]);
    assert_eq!(t.usable_bound::<Chopat>(&t.now), 2);
    assert_eq!(t.max_usable::<Chopat>(&t.now), 2);
}

/// Listing moves with one memory kept across the states of a turn (as
/// the walk through a turn with a budget does) gives the moves listed
/// afresh, in Chopat turns of six throws, long enough for the memory to
/// be used: each position is played with two different runs of throws.
#[test]
fn moves_listed_with_a_memory_are_the_legal_moves() {
    let mut extra = SeededThrows::new(11);
    let mut compared = 0;
    for overshoot in [Overshoot::NewCircuit, Overshoot::Illegal] {
        let mut options = Options::new(Game::Chopat);
        options.overshoot = overshoot;
        let start = Position::start(Game::Chopat, options).unwrap();
        for seed in 0..3 {
            let mut source = SeededThrows::new(seed);
            random_playout(start, &mut source, 5_000, |t| {
                let fresh = t.now.spent == 0 && t.phase == Phase::Move && !t.without_throw;
                if !fresh || extra.below(4) != 0 {
                    return;
                }
                // Doublets give another throw once the way is open.
                let mut start = t.now.pos;
                Chopat::open_way(&mut start, t.side);
                for _ in 0..2 {
                    let mut long = Turn::new(start);
                    while long.phase == Phase::Throw {
                        let throw = extra.throw(long.implement());
                        let d = throw.values()[0];
                        long.add_throw(if long.n_throws < 5 {
                            Throw::dice(&[d, d])
                        } else {
                            throw
                        });
                    }
                    let mut memo = long.memo(&long.now);
                    while long.phase == Phase::Move {
                        let moves = long.legal_moves();
                        let (listed, first) = by_game!(long.now.pos.game, V => (
                            long.legal_in::<V>(Throws::All, &mut memo),
                            long.first_legal_in::<V>(&mut memo),
                        ));
                        assert_eq!(listed, moves);
                        assert_eq!(first.as_ref(), moves.first());
                        compared += 1;
                        long.play_unchecked(moves[extra.below(moves.len())]);
                    }
                }
            });
        }
    }
    assert!(compared > 1000, "only {compared} states compared");
}
