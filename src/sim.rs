//! Random self-play: whole games with uniformly random legal moves, for
//! statistics, benchmarks and the invariant tests.

use crate::board::Side;
use crate::dice::{SeededThrows, ThrowSource};
use crate::rules::{AfterThrow, Phase, Position, Turn};

/// How one random game went.
#[derive(Clone, Debug, PartialEq)]
pub struct Playout {
    pub end: Position,
    pub turns: u32,
    pub moves: u32,
    pub finished: bool,
}

/// Plays a game from `start` with random throws and random legal moves
/// until it is over or `max_turns` turns have been played. `inspect` sees
/// every turn after each throw and each move.
pub fn random_playout(
    start: Position,
    source: &mut SeededThrows,
    max_turns: u32,
    mut inspect: impl FnMut(&Turn),
) -> Playout {
    let mut turn = Turn::new(start);
    let mut turns = 0;
    let mut moves = 0;
    let mut seat: Option<Side> = None;
    while turn.phase() != Phase::Over && turns < max_turns {
        if seat != Some(turn.seat()) || turn.throws().is_empty() {
            turns += 1;
            seat = Some(turn.seat());
        }
        let after = turn.add_throw(source.throw(turn.implement()));
        inspect(&turn);
        if after != AfterThrow::Move {
            continue;
        }
        while turn.play_random(&mut |n| source.below(n)).is_some() {
            moves += 1;
            inspect(&turn);
        }
    }
    Playout {
        end: *turn.position(),
        turns,
        moves,
        finished: turn.phase() == Phase::Over,
    }
}
