//! Helpers that keep rule tests to a position, a throw and what is legal.
#![allow(dead_code)]

use chaupar::board::{geometry, BoardKind, Side};
use chaupar::dice::{ScriptedThrows, SeededThrows, ThrowSource};
use chaupar::rules::{AfterThrow, Illegal, Move, Phase, Position, Spend, Turn};
use serde_json::{json, Value};

/// A position from JSON in which `seats` and `to_move` may be left out:
/// the seats are then the colours that have pawns, and the first moves.
#[macro_export]
macro_rules! pos {
    ($($json:tt)+) => {
        $crate::common::position(serde_json::json!($($json)+))
    };
}

pub fn position(mut v: Value) -> Position {
    let order = if v["game"] == "chowka-bhara" {
        ["red", "green", "yellow", "blue"]
    } else {
        ["black", "red", "yellow", "green"]
    };
    if v.get("seats").is_none() {
        let seats: Vec<&str> = order
            .iter()
            .copied()
            .filter(|c| v["pawns"].get(*c).is_some())
            .collect();
        v["seats"] = json!(seats);
    }
    if v.get("to_move").is_none() {
        v["to_move"] = v["seats"][0].clone();
    }
    Position::from_json_value(&v).unwrap_or_else(|e| panic!("test position refused: {e}"))
}

/// The squares marked on the cross-board cloth (the safe squares of
/// Akbar's Chaupar), as Black numbers them: 8, 12 and 72 of every arm.
pub const MARKED_SQUARES_OF_BLACK: [u8; 12] = [8, 12, 72, 25, 29, 21, 42, 46, 38, 59, 63, 55];

/// Black's single pawn moving `distance` (a value of `throw`) onto each of
/// the cloth's marked squares, where a lone pawn of `other` stands: for
/// each, Black's number `b` for the square, the other's own `o`, and the
/// turn after the move. `at(b, o)` is the position with Black's pawn on
/// `b - distance` and the other's on `o`.
pub fn onto_marked_squares(
    other: Side,
    distance: u8,
    throw: &[u8],
    at: impl Fn(u8, u8) -> Position,
) -> Vec<(u8, u8, Turn)> {
    MARKED_SQUARES_OF_BLACK
        .iter()
        .map(|&b| {
            let o = same_square(BoardKind::Cross, Side(0), b, other);
            let mut t = after(at(b, o), &[throw]);
            assert!(can(&t, b - distance, b), "Black may land on {b}");
            play(&mut t, b - distance, b, 1, &[distance]);
            (b, o, t)
        })
        .collect()
}

/// The step at which `to`'s path reaches the square `from` stands on at
/// `step`.
pub fn same_square(board: BoardKind, from: Side, step: u8, to: Side) -> u8 {
    let g = geometry(board);
    g.step_of(to, g.cell(from, step).unwrap()).unwrap()
}

/// The turn of the player to move after the given throws.
pub fn after(pos: Position, throws: &[&[u8]]) -> Turn {
    let mut turn = Turn::new(pos);
    let mut script = ScriptedThrows::new(throws);
    while !script.is_empty() {
        turn.add_throw(script.throw(turn.implement()));
    }
    turn
}

/// What the last throw did.
pub fn throw_effect(pos: Position, throws: &[&[u8]]) -> AfterThrow {
    let mut turn = Turn::new(pos);
    let mut script = ScriptedThrows::new(throws);
    let mut last = AfterThrow::Move;
    while !script.is_empty() {
        last = turn.add_throw(script.throw(turn.implement())).after;
    }
    last
}

/// The legal moves as (from, to, pawns moving together).
pub fn moves(turn: &Turn) -> Vec<(u8, u8, u8)> {
    let mut v: Vec<(u8, u8, u8)> = turn
        .legal_moves()
        .iter()
        .map(|m| (m.from, m.to, m.pawns))
        .collect();
    v.sort();
    v.dedup();
    v
}

/// Whether some legal move takes pawns from one step to another.
pub fn can(turn: &Turn, from: u8, to: u8) -> bool {
    turn.legal_moves()
        .iter()
        .any(|m| m.from == from && m.to == to)
}

/// The move that spends `values` (of one throw, unspent) on `pawns` pawns
/// going from `from` to `to`.
pub fn mv(turn: &Turn, from: u8, to: u8, pawns: u8, values: &[u8]) -> Move {
    let left: Vec<u8> = values.to_vec();
    for (t, throw) in turn.throws().iter().enumerate() {
        let mut need = left.clone();
        let mut spend = Spend::NONE;
        for (d, v) in throw.values().iter().enumerate() {
            if let Some(i) = need.iter().position(|x| x == v) {
                need.remove(i);
                spend = spend | Spend::die(t, d);
            }
        }
        if need.is_empty() {
            return Move::new(from, to, pawns, spend);
        }
    }
    panic!("no throw holds the values {values:?}");
}

/// Plays a move made of values, expecting it to be refused: the reason.
pub fn refused(turn: &Turn, from: u8, to: u8, pawns: u8, values: &[u8]) -> Illegal {
    let mut t = *turn;
    let m = mv(turn, from, to, pawns, values);
    let err = t.play(m).expect_err("the move should be refused");
    assert_eq!(&t, turn, "a refused move changes nothing");
    err
}

/// Plays a move made of values, expecting it to be legal.
pub fn play(turn: &mut Turn, from: u8, to: u8, pawns: u8, values: &[u8]) {
    let m = mv(turn, from, to, pawns, values);
    turn.play(m)
        .unwrap_or_else(|e| panic!("{from} -> {to} refused: {e}"));
}

/// Plays the first legal move until the turn's move phase ends; how many
/// values the moves used.
/// The side to move's pawns at each end the turn can come to, in the
/// order the ends are listed.
pub fn outcome_pawns(turn: &Turn) -> Vec<Vec<u8>> {
    let side = turn.position().to_move();
    turn.outcomes()
        .iter()
        .map(|p| p.pawns(side).to_vec())
        .collect()
}

pub fn play_first_moves(turn: &mut Turn) -> u32 {
    let mut used = 0;
    while turn.phase() == Phase::Move {
        let m = turn.legal_moves()[0];
        used += m.values_used();
        turn.play(m).unwrap();
    }
    used
}

/// Every leaf of a JSON document, by its path of keys and indices.
fn leaves(v: &Value, path: &mut Vec<Value>, out: &mut Vec<Vec<Value>>) {
    match v {
        Value::Object(map) => {
            for (k, child) in map {
                path.push(json!(k));
                leaves(child, path, out);
                path.pop();
            }
        }
        Value::Array(items) => {
            for (i, child) in items.iter().enumerate() {
                path.push(json!(i));
                leaves(child, path, out);
                path.pop();
            }
        }
        _ => out.push(path.clone()),
    }
}

fn leaf_mut<'a>(v: &'a mut Value, path: &[Value]) -> &'a mut Value {
    path.iter().fold(v, |v, key| match key {
        Value::String(k) => &mut v[k.as_str()],
        _ => &mut v[key.as_u64().unwrap() as usize],
    })
}

/// `doc` with one to three of its values changed at random: a number a
/// few up or down (most often), a small or large number, a flag, a word,
/// or nothing.
pub fn damaged(doc: &Value, pick: &mut SeededThrows) -> Value {
    let mut paths = Vec::new();
    leaves(doc, &mut Vec::new(), &mut paths);
    let mut doc = doc.clone();
    for _ in 0..=pick.below(3) {
        let leaf = leaf_mut(&mut doc, &paths[pick.below(paths.len())]);
        let kind = pick.below(12);
        *leaf = match kind % 6 {
            _ if kind >= 6 && leaf.is_u64() => {
                json!(leaf.as_i64().unwrap() + pick.below(13) as i64 - 6)
            }
            0 => json!(pick.below(3)),
            1 => json!(pick.below(130)),
            2 => json!(pick.below(300) as i64 - 20),
            3 => json!(pick.below(2) == 1),
            4 => json!(["red", "blue", "black", "mauve", ""][pick.below(5)]),
            _ => Value::Null,
        };
    }
    doc
}
