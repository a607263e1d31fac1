//! How each level picks its move: Easy one move at a time, Medium among
//! the ends of the turn, Hard one or two throws beyond them.

use super::eval::{evaluate, Weights};
use crate::board::Side;
use crate::dice::{Implement, Throw};
use crate::rules::{AfterThrow, End, Move, Phase, Turn};
use rand::{RngCore, SeedableRng};
use rand_pcg::Pcg64Mcg;
use std::sync::OnceLock;

/// Easy slips one move in this many: it plays any legal move.
const EASY_SLIP: u32 = 5;
/// Easy sees only progress and captures.
const EASY_WEIGHTS: Weights = Weights {
    progress: 1.0,
    home: 0.3,
    risk: 0.0,
    reentry: 0.15,
    safety: 0.0,
    group: 0.0,
    block: 0.0,
    goal: 0.0,
    leader: 1.0,
    tempo: 0.0,
};

/// The most move-phase states Medium expands to list the ends of a turn;
/// past it, each state follows its first legal move only.
const MEDIUM_NODES: usize = 150;
/// Hard lists the ends of its own turn with the same cap, looks beyond
/// the best few of them (`hard_plan`)...
const HARD_NODES: usize = 150;
/// ...and lets the next player weigh the ends of each reply with this cap.
const REPLY_NODES: usize = 40;
/// Hard starts on no further candidate once it has expanded this many
/// states in all: the cap that keeps a decision within its time budget.
const HARD_WORK: usize = 3000;
/// A rare huge turn (a long chain of bonus throws) can overrun that within
/// one candidate; past this much work its look-ahead stops one turn short.
const HARD_CEILING: usize = 2 * HARD_WORK;

pub(super) fn easy(turn: &Turn, seed: u64) -> Option<Move> {
    let moves = turn.legal_moves();
    if moves.is_empty() {
        return None;
    }
    let mut rng = Pcg64Mcg::seed_from_u64(seed);
    if rng.next_u32() % EASY_SLIP == 0 {
        return Some(moves[(rng.next_u64() % moves.len() as u64) as usize]);
    }
    let seat = turn.seat();
    best_by(moves.into_iter(), |&m| {
        let mut child = *turn;
        child.play_unchecked(m);
        evaluate(child.position(), seat, &EASY_WEIGHTS)
    })
}

pub(super) fn medium(turn: &Turn, w: &Weights) -> Option<Move> {
    let seat = turn.seat();
    let ends = turn.walk(Some(MEDIUM_NODES)).ends;
    best_by(ends.iter(), |e| evaluate(e.turn.position(), seat, w)).map(|e| e.first)
}

/// How Hard's decision begins: decided at once (one end of the turn or
/// none), or a search of its best candidate ends, one per step.
pub(super) enum HardStart {
    Decided(Option<Move>),
    Searching(HardSearch),
}

pub(super) fn hard(turn: &Turn, w: &Weights) -> HardStart {
    let seat = turn.seat();
    let walk = turn.walk(Some(HARD_NODES));
    let (ends, work) = (walk.ends, walk.expanded);
    if ends.len() <= 1 {
        return HardStart::Decided(ends.first().map(|e| e.first));
    }
    let mut scored: Vec<(f64, End)> = ends
        .into_iter()
        .map(|e| (evaluate(e.turn.position(), seat, w), e))
        .collect();
    // Stable: equal scores keep the order of the move generator.
    scored.sort_by(|a, b| b.0.total_cmp(&a.0));
    let (depth, candidates) = hard_plan(turn.implement());
    scored.truncate(candidates);
    HardStart::Searching(HardSearch {
        seat,
        weights: *w,
        depth,
        candidates: scored.into_iter().map(|(_, e)| e).collect(),
        next: 0,
        work,
        best: None,
    })
}

/// Hard looking beyond its best ends of the turn, most promising first.
pub(super) struct HardSearch {
    seat: Side,
    weights: Weights,
    depth: u32,
    candidates: Vec<End>,
    next: usize,
    work: usize,
    best: Option<(f64, Move)>,
}

impl HardSearch {
    /// Weighs the next candidate: the move chosen once every candidate is
    /// weighed or the work is spent (the rest are left unexamined, which
    /// keeps every decision quick).
    pub(super) fn step(&mut self) -> Option<Option<Move>> {
        let spent = self.best.is_some() && self.work > HARD_WORK;
        let Some(end) = self.candidates.get(self.next).filter(|_| !spent) else {
            return Some(self.best.map(|(_, m)| m));
        };
        self.next += 1;
        let value = expected_after(
            &end.turn,
            self.seat,
            &self.weights,
            self.depth,
            &mut self.work,
        );
        if self.best.is_none_or(|(b, _)| value > b) {
            self.best = Some((value, end.first));
        }
        None
    }
}

/// How many throws Hard looks ahead, and beyond how many of its best ends
/// of turn: the more distinct throws an implement has, the less deep.
fn hard_plan(implement: Implement) -> (u32, usize) {
    match implement {
        Implement::Cowries(_) => (2, 10),
        Implement::StickDice => (2, 8),
        Implement::LongDice => (1, 12),
    }
}

/// The first item with the highest score.
fn best_by<T>(items: impl Iterator<Item = T>, mut score: impl FnMut(&T) -> f64) -> Option<T> {
    let mut best: Option<(f64, T)> = None;
    for item in items {
        let s = score(&item);
        if best.as_ref().is_none_or(|(b, _)| s > *b) {
            best = Some((s, item));
        }
    }
    best.map(|(_, item)| item)
}

/// The value for `me` of a position at the start of the next turn,
/// averaged over that turn's throws, the player to move answering each
/// with the end of turn best for them; `depth` turns deep.
fn expected_after(next: &Turn, me: Side, w: &Weights, depth: u32, work: &mut usize) -> f64 {
    if next.phase() == Phase::Over {
        return evaluate(next.position(), me, w);
    }
    let mover = next.seat();
    let throws = throw_table(next.implement());
    throws
        .outcomes
        .iter()
        .map(|&(throw, p)| {
            let mut t = *next;
            let mut after = t.add_throw(throw);
            // A bonus throw is followed by a calm one rather than by every
            // throw again: the search stays one throw deep.
            while after == AfterThrow::Bonus {
                after = t.add_throw(throws.calm);
            }
            if after == AfterThrow::Move {
                let walk = t.walk(Some(REPLY_NODES));
                *work += walk.expanded;
                let reply = best_by(walk.ends.iter(), |e| evaluate(e.turn.position(), mover, w))
                    .expect("a turn in its move phase has an end");
                t = reply.turn;
            }
            let value = if depth > 1 && *work < HARD_CEILING {
                expected_after(&t, me, w, depth - 1, work)
            } else {
                evaluate(t.position(), me, w)
            };
            p * value
        })
        .sum()
}

/// An implement's throws with their odds, and the likeliest throw that
/// grants no bonus.
struct ThrowTable {
    outcomes: &'static [(Throw, f64)],
    calm: Throw,
}

fn throw_table(implement: Implement) -> &'static ThrowTable {
    static TABLES: [OnceLock<ThrowTable>; Implement::KINDS] = [
        OnceLock::new(),
        OnceLock::new(),
        OnceLock::new(),
        OnceLock::new(),
    ];
    TABLES[implement.kind_index()].get_or_init(|| {
        let outcomes = implement.distribution();
        let calm = outcomes
            .iter()
            .filter(|(t, _)| !t.is_doublet() && !implement.is_top_value(t.values()[0]))
            .max_by(|a, b| a.1.total_cmp(&b.1))
            .expect("every implement has a throw without a bonus")
            .0;
        ThrowTable { outcomes, calm }
    })
}
