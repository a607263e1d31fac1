//! A turn: the throw phase and the move phase of GAMES.md 1.3, for every
//! game on one mechanism.
//!
//! Moves are generated, never guessed: [`Turn::legal_moves`] lists exactly
//! the moves a player may make, and every other move is refused with a
//! reason a player understands ([`Illegal`]). A move spends one or more
//! values of one throw on one pawn or on pawns standing together; the turn
//! keeps going until no value left can be used, and a move is legal only if
//! the turn can still use as many values as any other way of playing it.

use super::game::Game;
use super::options::{BeforeHit, Overshoot};
use super::position::{Ool, Position, MAX_PAWNS};
use crate::board::{square_ring, Cell, CellKind, Side};
use crate::dice::{Implement, Throw};
use arrayvec::ArrayVec;
use rustc_hash::{FxHashMap, FxHashSet};
use serde::{Deserialize, Serialize};
use std::collections::HashSet;
use std::fmt;
use std::ops::ControlFlow;

/// The most throws one turn keeps. Chopat's doublets and Chowka Bhara's top
/// values chain bonus throws; past this many (odds below one in 10^12) the
/// chain simply stops.
pub const MAX_THROWS: usize = 21;
/// Value slots per throw in a move's `spend` mask: slot = throw * 3 + die.
const SLOTS: usize = 3;
/// Past this many values left, the search for how many can still be used
/// remembers the states it has weighed (from a few throws on, the orders
/// of playing them are too many to try one by one)...
const REMEMBER_ABOVE: u8 = 8;
/// ...up to this many of them (some 15 MB), so that the rarest turns (a
/// dozen doublets in a row) cost time rather than all the memory.
const REMEMBER_AT_MOST: usize = 1 << 16;
/// [`Turn::outcomes`] (asked by the command-line tool, not during play)
/// remembers up to this many states (some 300 MB at most): four doublets
/// and a throw with a pair and two pawns mid-board come to 450,000.
const WALK_AT_MOST: usize = 1 << 20;
/// Marks a state [`Turn::outcomes`] has walked on from, beside the values
/// it can use (never more than 63).
const WALKED: u8 = 0x80;

/// One move: pawns of the side to move going from one step to another,
/// paid for with some values of one throw.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub struct Move {
    /// The step the pawns leave (0: entering from the centre or from off
    /// the board; Home: Khado Karvo).
    pub from: u8,
    /// The step they reach.
    pub to: u8,
    /// How many pawns move together: 1 for a single, 2 for a pair, ...
    pub pawns: u8,
    /// The value slots spent: bit `throw * 3 + die`.
    pub spend: u64,
    /// Which single pawn goes where the side's pawns on `from` have moved
    /// differently this turn (in Chopat the two values of a split throw go
    /// to two pawns, so which one goes on can matter): the throws with
    /// values left that it has moved with, bit `throw`.
    /// [`Move::EITHER_PAWN`] where there is no such choice.
    #[serde(
        default = "Move::either_pawn",
        skip_serializing_if = "Move::is_either_pawn"
    )]
    pub mover: u32,
}

impl Move {
    /// Chopat's Khado Karvo turn: letting the turn go by instead of bringing
    /// a pawn back.
    pub const MISS_TURN: Move = Move {
        from: 0,
        to: 0,
        pawns: 0,
        spend: 0,
        mover: Move::EITHER_PAWN,
    };

    /// [`Move::mover`] where the pawns on `from` are all alike (and in
    /// records written before it existed): the engine picks the pawn.
    pub const EITHER_PAWN: u32 = u32::MAX;

    fn either_pawn() -> u32 {
        Move::EITHER_PAWN
    }

    fn is_either_pawn(mover: &u32) -> bool {
        *mover == Move::EITHER_PAWN
    }

    /// The index of the throw whose values the move spends.
    pub fn throw_index(&self) -> usize {
        self.spend.trailing_zeros() as usize / SLOTS
    }

    /// How many values the move spends.
    pub fn values_used(&self) -> u32 {
        self.spend.count_ones()
    }

    /// The values a move spends, read from the turn's throws.
    pub fn values(&self, throws: &[Throw]) -> Vec<u8> {
        slots_in(self.spend)
            .map(|b| throws[b / SLOTS].values()[b % SLOTS])
            .collect()
    }
}

/// The value slots set in a mask of them, lowest first.
fn slots_in(mask: u64) -> impl Iterator<Item = usize> {
    (0..64).filter(move |&b| mask & (1u64 << b) != 0)
}

/// The value slots of the throws set in `throws` (bit `t` for throw `t`).
fn slots_of_throws(throws: u32) -> u64 {
    (0..MAX_THROWS)
        .filter(|&t| throws & (1 << t) != 0)
        .fold(0, |m, t| m | ((1 << SLOTS) - 1) << (t * SLOTS))
}

/// The throws with a value slot in `mask` (bit `t` for throw `t`).
fn throws_of_slots(mask: u64) -> u32 {
    (0..MAX_THROWS)
        .filter(|&t| mask & ((1 << SLOTS) - 1) << (t * SLOTS) != 0)
        .fold(0, |m, t| m | 1 << t)
}

#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Phase {
    /// The player to move throws.
    Throw,
    /// The player spends the turn's values.
    Move,
    /// The game is over.
    Over,
}

/// Why a move cannot be made, in words the app shows to players.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Illegal {
    GameOver,
    ThrowFirst,
    ValueSpent,
    MixedThrows,
    NoPawn,
    AlreadyMoved,
    AlreadyHome,
    ReenterFirst,
    NotTogether,
    PairNeedsDoublet,
    GroupNeedsDouble,
    ExactHome,
    InnerRingClosed,
    SingleOnPair,
    SmallerOnGroup,
    ImmuneGroup,
    SquareFull,
    KajalvunFirst,
    JugOnce,
    OnDouble,
    BlockedByDouble,
    NeedsTopValue,
    OffBoardFirst,
    PartnerThere,
    NoSuchMover,
    WrongDestination { to: u8 },
    MustUseMore,
    KhadoChoice,
}

impl fmt::Display for Illegal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use Illegal::*;
        let s = match self {
            GameOver => "the game is over",
            ThrowFirst => "throw first",
            ValueSpent => "that value has already been used",
            MixedThrows => "values of different throws cannot be added together",
            NoPawn => "you have no pawn there",
            AlreadyMoved => {
                "that pawn has already moved with this throw: the other value goes to another pawn"
            }
            AlreadyHome => "that pawn is already Home",
            ReenterFirst => "cut pawns must re-enter first",
            NotTogether => "those pawns do not stand together as a pair here",
            PairNeedsDoublet => "a pair moves together only on a doublet",
            GroupNeedsDouble => "pawns move together only with a double, a triple or khim",
            ExactHome => "Home needs an exact throw",
            InnerRingClosed => "your pawns cannot leave the outer ring until you have hit a pawn",
            SingleOnPair => "a single pawn cannot land on a pair",
            SmallerOnGroup => "a smaller piece cannot land on a larger group",
            ImmuneGroup => "two or more pawns together cannot be sent back",
            SquareFull => "no square outside the Belly holds more than two pawns of a colour",
            KajalvunFirst => {
                "before Kajalvun your first pair must form on your Kajalvun square, step 34"
            }
            JugOnce => "the Jug may move together only once before Ool Olangvun",
            OnDouble => "that square holds a double, which only hits lone pawns",
            BlockedByDouble => "a single pawn cannot pass an opponent's double",
            NeedsTopValue => "a pawn off the board enters only on Chamma or Ashta",
            OffBoardFirst => "that pawn is off the board: it enters only with a top value",
            PartnerThere => "your partner's pawn stands there, and partners do not cut each other",
            NoSuchMover => "none of your pawns there has moved that way this turn",
            WrongDestination { to } => {
                return write!(f, "with those values that move goes to step {to}")
            }
            MustUseMore => "you must use as many of the turn's values as can be used",
            KhadoChoice => "Khado Karvo: bring a pawn back from Home onto an opponent on your arm, or miss this turn",
        };
        f.write_str(s)
    }
}

impl std::error::Error for Illegal {}

/// What the turn does after a throw.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum AfterThrow {
    /// The throw grants another throw.
    Bonus,
    /// Time to move.
    Move,
    /// No value can be used: the turn passes.
    Passed,
    /// A third top value in a row: the run of throws is void.
    Voided,
}

/// Opponent pawns a move sends back.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct Capture {
    side: Side,
    cell: Cell,
    count: u8,
}

/// A game between and during turns: the position plus the turn's throws,
/// what is spent, and which pawn moved with which throw.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Turn {
    pos: Position,
    throws: [Throw; MAX_THROWS],
    n_throws: u8,
    spent: u64,
    /// Per pawn slot of the moving side: bit t set once it moved with throw t.
    moved: [u32; MAX_PAWNS],
    phase: Phase,
    /// Chowka Bhara: top values in a row in this run of throws.
    top_run: u8,
    /// Chowka Bhara: a hit this turn earns another turn.
    hit: bool,
    /// A pawn moved this turn.
    moved_any: bool,
    /// Whose pawns this turn moves, fixed when it starts: a player who
    /// finishes mid-turn loses the rest of the throw, and serves the
    /// partner from the next turn on.
    side: Side,
    /// The cell of every pawn (`u8::MAX` off the board), kept beside the
    /// steps because every landing asks who stands where.
    cells: [[u8; MAX_PAWNS]; 4],
    /// Per side, the cells its pawns stand on, as a set: who stands where
    /// is asked at every landing.
    occupied: [u128; 4],
    /// Chopat's Khado Karvo: a finished player's turn without a throw, to
    /// bring a pawn back or let the turn go by.
    khado: bool,
    /// Chopat's "overshoot: new circuit": whether this turn may go through
    /// Home at all, decided when its move phase starts.
    overshoot_open: bool,
}

/// A move with what it captures, or the reason it is refused (with the
/// step it would have reached, when the refusal is about landing there).
type Candidate = Result<(Move, Option<Capture>), (Illegal, Option<u8>)>;

/// What [`Turn::outcomes`] keeps on its way: how many values each state
/// of the turn weighed can still use, marked [`WALKED`] once walked on
/// from, and the ends found.
struct OutcomeWalk {
    usable: Option<Remembered>,
    seen: FxHashSet<Position>,
    out: Vec<Position>,
}

/// What a search remembers of a state of one turn: everything a move can
/// change, with the values some pawn can still take in place of those
/// spent (values no pawn can take are as good as spent), and without which
/// pawn used a throw that has no such values left (that no longer matters,
/// so states that differ only in it are one). Pawns that stand alike are
/// interchangeable, so each side's pawns are in order of step (the side to
/// move's with what they moved with): states that differ only in which
/// slot holds which pawn are one too.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
struct StateKey {
    pos: Position,
    live: u64,
    moved: [u32; MAX_PAWNS],
    phase: Phase,
    hit: bool,
    moved_any: bool,
    khado: bool,
}

/// What listing the legal moves of one state of a turn learns about the
/// states after it, kept for the next state of the same turn: a long turn
/// (a run of bonus throws) asks the same of many states.
#[derive(Default)]
pub struct TurnMemory {
    /// The turn remembered: its player and throws (another starts afresh).
    turn: Option<(Side, [Throw; MAX_THROWS], u8)>,
    usable: Option<Remembered>,
}

/// The states of a turn a search has weighed and how many values each can
/// still use, at most `limit` of them at once.
struct Remembered {
    usable: FxHashMap<StateKey, u8>,
    limit: usize,
}

/// Which of a turn's throws a search tries.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Throws {
    /// Every one: each move a player may make is listed.
    All,
    /// Of equal throws not yet touched, only the first: the others would
    /// lead to the same positions, so questions of what can be done need
    /// not try them. Each throw's values are tried all together first: a
    /// way to use every value is then found soonest (one pawn taking the
    /// first die of each throw would leave the others to a pawn that may
    /// not be able to take them, a dead end for the search to leave).
    FirstOfEqual,
}

/// Pawns of the side to move that would go together: `pawns` of the
/// `here` standing on step `from`.
#[derive(Clone, Copy)]
struct Piece {
    from: u8,
    pawns: u8,
    here: u8,
    /// [`Move::mover`].
    mover: u32,
}

/// Pawns and values a move could take, before the rules have said where
/// (or whether) they may go.
#[derive(Clone, Copy)]
struct Unit {
    piece: Piece,
    spend: u64,
}

/// The most shapes one piece has with one set of values (Chopat's opening
/// split, Akbar's doubles moving once or twice).
const MAX_SHAPES: usize = 2;

/// A shape of move from one step with one set of values: how many pawns
/// go together and how far (or that they enter from off the board).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct Shape {
    pawns: u8,
    distance: u8,
    enter: bool,
}

impl Turn {
    /// The turn of the position's player to move, at its throw phase.
    pub fn new(pos: Position) -> Turn {
        let mut t = Turn {
            pos,
            throws: [Throw::default(); MAX_THROWS],
            n_throws: 0,
            spent: 0,
            moved: [0; MAX_PAWNS],
            phase: Phase::Throw,
            top_run: 0,
            hit: false,
            moved_any: false,
            side: pos.to_move,
            cells: [[u8::MAX; MAX_PAWNS]; 4],
            occupied: [0; 4],
            khado: false,
            overshoot_open: true,
        };
        t.refresh_cells();
        t.settle();
        t
    }

    /// The position as it stands, the moves of this turn included.
    pub fn position(&self) -> &Position {
        &self.pos
    }

    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// The seat whose turn it is.
    pub fn seat(&self) -> Side {
        self.pos.to_move
    }

    /// The side whose pawns this turn moves.
    pub fn pawn_side(&self) -> Side {
        self.side
    }

    pub fn implement(&self) -> Implement {
        self.pos.options.implement(self.pos.game)
    }

    /// This turn's throws so far.
    pub fn throws(&self) -> &[Throw] {
        &self.throws[..self.n_throws as usize]
    }

    /// The values of this turn not yet spent, throw by throw.
    pub fn values_left(&self) -> Vec<u8> {
        self.values_in(self.unspent()).collect()
    }

    /// The value slots thrown this turn and not yet spent.
    fn unspent(&self) -> u64 {
        let thrown = (0..self.n_throws as usize).fold(0u64, |m, t| {
            m | ((1u64 << self.throws[t].values().len()) - 1) << (t * SLOTS)
        });
        thrown & !self.spent
    }

    /// How many values of the turn are not yet spent.
    fn unspent_count(&self) -> u8 {
        self.unspent().count_ones() as u8
    }

    /// The values in the slots of `mask`, throw by throw.
    fn values_in(&self, mask: u64) -> impl Iterator<Item = u8> + '_ {
        slots_in(mask).map(move |b| self.throws[b / SLOTS].values()[b % SLOTS])
    }

    /// For a move that names its pawn ([`Move::mover`]): the values that
    /// pawn has already moved with, of throws not yet fully spent, so that
    /// the player can tell it from the other pawns on its square.
    pub fn mover_values(&self, m: Move) -> Option<Vec<u8>> {
        (m.mover != Move::EITHER_PAWN).then(|| {
            self.values_in(self.spent & slots_of_throws(m.mover))
                .collect()
        })
    }

    /// Adds a throw of the player to move.
    pub fn add_throw(&mut self, throw: Throw) -> AfterThrow {
        assert_eq!(self.phase, Phase::Throw, "a throw outside the throw phase");
        self.throws[self.n_throws as usize] = throw;
        self.n_throws += 1;
        let game = self.pos.game;
        let top = self.implement().is_top_value(throw.values()[0]);
        if game == Game::ChowkaBhara {
            self.top_run = if top { self.top_run + 1 } else { 0 };
            if self.top_run == 3 && self.pos.options.third_top_voids {
                self.end_turn();
                return AfterThrow::Voided;
            }
        }
        let bonus = match game {
            Game::Chopat => throw.is_doublet() && self.pos.flags(self.pawn_side()).kajalvun,
            Game::ChowkaBhara => top,
            _ => false,
        };
        if bonus && (self.n_throws as usize) < MAX_THROWS {
            return AfterThrow::Bonus;
        }
        self.phase = Phase::Move;
        self.open_overshoot();
        if !self.can_move() {
            self.end_turn();
            return AfterThrow::Passed;
        }
        AfterThrow::Move
    }

    /// Every legal move now.
    pub fn legal_moves(&self) -> Vec<Move> {
        self.legal_in(Throws::All, &mut self.memo())
    }

    /// [`Turn::legal_moves`], for a walk through many states of one turn:
    /// `memory` keeps what the search found in one for the next.
    pub fn legal_moves_remembering(&self, memory: &mut TurnMemory) -> Vec<Move> {
        let this_turn = (self.pos.to_move, self.throws, self.n_throws);
        if memory.turn != Some(this_turn) || memory.usable.is_none() {
            memory.turn = Some(this_turn);
            memory.usable = self.memo();
        }
        self.legal_in(Throws::All, &mut memory.usable)
    }

    /// The legal moves that spend values of `throws`, remembering in
    /// `memo` how many values the states weighed on the way can use.
    fn legal_in(&self, throws: Throws, memo: &mut Option<Remembered>) -> Vec<Move> {
        let mut out = Vec::new();
        if self.phase != Phase::Move {
            return out;
        }
        if self.khado {
            out.extend(self.khado_moves());
            out.push(Move::MISS_TURN);
            return out;
        }
        let mut best = 0;
        let mut scored = Vec::new();
        self.for_each_candidate(throws, |m: Move, cap| {
            let mut child = *self;
            child.apply(m, cap);
            let total = self.used_with_rest(m, &child, memo);
            best = best.max(total);
            scored.push((m, total));
            ControlFlow::Continue(())
        });
        out.extend(
            scored
                .into_iter()
                .filter(|&(_, t)| t == best)
                .map(|(m, _)| m),
        );
        out
    }

    /// Plays a uniformly random legal move, `below(n)` choosing an index
    /// under n. Returns the move, or `None` outside the move phase.
    ///
    /// Every piece with every set of values it could take, once for each
    /// shape such a move can have, is a ticket; tickets are drawn at random
    /// and the first that makes a legal move is kept. Each legal move has
    /// exactly one ticket, so the draw is uniform over the legal moves, and
    /// only the tickets drawn are checked against the rules.
    pub fn play_random(&mut self, below: &mut dyn FnMut(usize) -> usize) -> Option<Move> {
        if self.phase != Phase::Move {
            return None;
        }
        if self.khado {
            let legal = self.legal_moves();
            let m = legal[below(legal.len())];
            self.khado_karvo(m);
            return Some(m);
        }
        // The tickets stay on the stack unless a turn has uncommonly many.
        let mut listed: ArrayVec<(Unit, u8), 64> = ArrayVec::new();
        let mut spilled = Vec::new();
        let _ = self.for_each_unit(Throws::All, &mut |unit, _| {
            for shape in 0..MAX_SHAPES as u8 {
                if let Err(full) = listed.try_push((unit, shape)) {
                    spilled.push(full.element());
                }
            }
            ControlFlow::Continue(())
        });
        let mut all;
        let tickets = if spilled.is_empty() {
            listed.as_mut_slice()
        } else {
            all = listed.to_vec();
            all.append(&mut spilled);
            all.as_mut_slice()
        };
        let remaining = self.unspent_count();
        let mut best: Option<u8> = None;
        // A pass with any candidate has a legal one, so the next pass is
        // reached only as `for_each_candidate` reaches it.
        for &overshoot in self.overshoot_passes() {
            for left in (1..=tickets.len()).rev() {
                // Draw one of the `left` not yet tried and set it aside at the end.
                let pick = below(left);
                tickets.swap(pick, left - 1);
                let (unit, shape) = tickets[left - 1];
                let Some((m, cap)) = self.unit_candidate(unit, shape as usize, overshoot) else {
                    continue;
                };
                let mut child = *self;
                child.apply(m, cap);
                let total = self.used_with_rest(m, &child, &mut child.memo());
                // No way of playing uses more than every value left.
                let legal =
                    total == remaining || total == *best.get_or_insert_with(|| self.max_usable());
                if legal {
                    let ends = total == m.values_used() as u8 || child.pos.is_finished(child.side);
                    *self = child;
                    if ends || self.pos.is_over() {
                        self.end_turn();
                    }
                    return Some(m);
                }
            }
        }
        unreachable!("the move phase always has a legal move")
    }

    /// Plays a move, or says why it cannot be played and changes nothing.
    /// Returns whether the move ended the turn.
    pub fn play(&mut self, m: Move) -> Result<bool, Illegal> {
        if self.khado {
            if !self.legal_moves().contains(&m) {
                return Err(Illegal::KhadoChoice);
            }
            self.khado_karvo(m);
            return Ok(true);
        }
        let cap = self.check(m)?;
        let mut child = *self;
        child.apply(m, cap);
        if self.used_with_rest(m, &child, &mut child.memo()) < self.max_usable() {
            return Err(Illegal::MustUseMore);
        }
        *self = child;
        Ok(self.finish_move())
    }

    /// Plays a move known to be legal (from [`Turn::legal_moves`]).
    pub fn play_unchecked(&mut self, m: Move) -> bool {
        if self.khado {
            self.khado_karvo(m);
            return true;
        }
        let cap = self.check(m).expect("a move from legal_moves");
        self.apply(m, cap);
        self.finish_move()
    }

    /// After a move: ends the turn once nothing more can be used.
    fn finish_move(&mut self) -> bool {
        if self.pos.is_over() || !self.can_move() {
            self.end_turn();
            true
        } else {
            false
        }
    }

    /// Why the pawns on `from` cannot move now, or `None` if they can.
    pub fn why_not(&self, from: u8) -> Option<Illegal> {
        match self.phase {
            Phase::Over => return Some(Illegal::GameOver),
            Phase::Throw => return Some(Illegal::ThrowFirst),
            Phase::Move => {}
        }
        if self.legal_moves().iter().any(|m| m.from == from) {
            return None;
        }
        if self.khado {
            return Some(Illegal::KhadoChoice);
        }
        // Among the reasons, the one about where the pawns would go says
        // most; the ones about moving together say least.
        let rank = |e: &Illegal| match e {
            Illegal::NoPawn | Illegal::NotTogether | Illegal::AlreadyMoved => 0,
            Illegal::PairNeedsDoublet | Illegal::GroupNeedsDouble => 1,
            _ => 2,
        };
        let mut reason: Option<Illegal> = None;
        let mut shaped = false;
        let overshoot = self.overshoot_allowed();
        let _ = self.for_each_spend(Throws::All, |spend| {
            for pawns in 1..=4 {
                let piece = (from, pawns, Move::EITHER_PAWN);
                self.moves_for(piece, spend, overshoot, &mut |r| {
                    match r {
                        Ok(_) => shaped = true,
                        Err((e, _)) if reason.is_none_or(|r| rank(&e) > rank(&r)) => {
                            reason = Some(e)
                        }
                        Err(_) => {}
                    }
                    ControlFlow::Continue(())
                });
            }
            ControlFlow::Continue(())
        });
        Some(if shaped {
            Illegal::MustUseMore
        } else {
            reason.unwrap_or(Illegal::NoPawn)
        })
    }

    /// Every end of this turn's move phase, as positions at the start of
    /// the next turn: what `chaupar-cli outcomes` prints.
    pub fn outcomes(&self) -> Vec<Position> {
        let mut walk = OutcomeWalk {
            usable: Some(Remembered {
                usable: FxHashMap::default(),
                limit: WALK_AT_MOST,
            }),
            seen: FxHashSet::default(),
            out: Vec::new(),
        };
        self.collect_outcomes(&mut walk);
        walk.out
    }

    /// Walks every way on from here, each state of the turn once; equal
    /// throws not yet touched are tried in order only, since the others
    /// reach the same positions.
    fn collect_outcomes(&self, walk: &mut OutcomeWalk) {
        if self.phase != Phase::Move {
            if walk.seen.insert(self.pos) {
                walk.out.push(self.pos);
            }
            return;
        }
        // Every state after the first was weighed as a move's result
        // before it is walked.
        let memo = walk.usable.as_mut().expect("a walk remembers");
        if let Some(known) = memo.usable.get_mut(&self.state_key()) {
            if *known & WALKED != 0 {
                return;
            }
            *known |= WALKED;
        }
        for m in self.legal_in(Throws::FirstOfEqual, &mut walk.usable) {
            let mut child = *self;
            child.play_unchecked(m);
            child.collect_outcomes(walk);
        }
    }

    /// Calls `f` with the spend masks worth trying: each distinct set of
    /// values of each throw (equal values of one throw are interchangeable).
    fn for_each_spend(
        &self,
        throws: Throws,
        mut f: impl FnMut(u64) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let untouched = |t: usize| (self.spent >> (t * SLOTS)) & ((1 << SLOTS) - 1) == 0;
        for t in 0..self.n_throws as usize {
            let values = self.throws[t].values();
            if throws == Throws::FirstOfEqual
                && untouched(t)
                && (0..t).any(|e| untouched(e) && self.throws[e].values() == values)
            {
                continue;
            }
            let free = !(self.spent >> (t * SLOTS)) as u32 & ((1 << values.len()) - 1);
            // Of the sets of dice with the same values, keep the one that
            // takes equal values from the earliest free dice.
            let mut equal_before = [0u32; SLOTS];
            for (i, before) in equal_before.iter_mut().enumerate().take(values.len()) {
                *before = (0..i)
                    .filter(|&j| values[j] == values[i])
                    .fold(0, |m, j| m | 1 << j)
                    & free;
            }
            let canonical = |sub: u32| {
                (0..values.len()).all(|i| sub & (1 << i) == 0 || equal_before[i] & !sub == 0)
            };
            let mut subs = (1..=free).filter(|&sub| sub & !free == 0 && canonical(sub));
            let mut spend = |sub: u32| f((sub as u64) << (t * SLOTS));
            if throws == Throws::FirstOfEqual {
                subs.rev().try_for_each(&mut spend)?;
            } else {
                subs.try_for_each(&mut spend)?;
            }
        }
        ControlFlow::Continue(())
    }

    /// Calls `f` with every move that passes every rule but the one about
    /// using as many values as possible.
    fn for_each_candidate(
        &self,
        throws: Throws,
        mut f: impl FnMut(Move, Option<Capture>) -> ControlFlow<()>,
    ) {
        for &overshoot in self.overshoot_passes() {
            let mut any = false;
            let flow = self.visit_candidates(overshoot, throws, &mut |m, cap| {
                any = true;
                f(m, cap)
            });
            if any || flow.is_break() {
                return;
            }
        }
    }

    /// The passes in which moves are looked for: within the path and then,
    /// under Chopat's "overshoot: new circuit", through Home and round
    /// again, which is open only when the first pass found no move at all.
    fn overshoot_passes(&self) -> &'static [bool] {
        if self.overshoot_rule() {
            &[false, true]
        } else {
            &[false]
        }
    }

    /// The candidates that stay within the path or, with `overshoot`, only
    /// those that go through Home and round again.
    fn visit_candidates(
        &self,
        overshoot: bool,
        throws: Throws,
        f: &mut impl FnMut(Move, Option<Capture>) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        self.for_each_unit(throws, &mut |unit, values| {
            let mut flow = ControlFlow::Continue(());
            self.shaped_moves(unit.piece, unit.spend, values, overshoot, &mut |r| {
                if let Ok((m, cap)) = r {
                    if !overshoot || m.to < m.from {
                        flow = f(m, cap);
                    }
                }
                flow
            });
            flow
        })
    }

    /// Calls `f` with every piece of the side to move that may move now,
    /// once with each distinct set of values it could take (and the values).
    fn for_each_unit(
        &self,
        throws: Throws,
        f: &mut impl FnMut(Unit, &[u8]) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let side = self.pawn_side();
        let pawns = self.pos.pawns(side);
        // Pagade and Chopat: while a cut pawn waits, only waiting pawns move.
        let reentry_first =
            matches!(self.pos.game, Game::Pagade | Game::Chopat) && pawns.contains(&0);
        let mut pieces: ArrayVec<(u8, u16, u8, ArrayVec<u8, 3>), MAX_PAWNS> = ArrayVec::new();
        for (from, slots) in self.squares_held(side) {
            if from != self.pos.home() && (!reentry_first || from == 0) {
                let here = slots.count_ones() as u8;
                pieces.push((from, slots, here, self.group_sizes(side, from, here)));
            }
        }
        let moved_any_throw = self.moved.iter().fold(0, |all, &m| all | m);
        self.for_each_spend(throws, |spend| {
            let t = spend.trailing_zeros() as usize / SLOTS;
            let values = self.spend_values(spend);
            let moved = self.moved_with(t);
            // Pawns on one square differ only if some moved with another
            // throw.
            let histories = moved_any_throw & !(1 << t) != 0;
            for &(from, slots, here, ref sizes) in &pieces {
                let free = slots & !moved;
                for &size in sizes.iter().filter(|&&n| n <= free.count_ones() as u8) {
                    let mut piece = Piece {
                        from,
                        pawns: size,
                        here,
                        mover: Move::EITHER_PAWN,
                    };
                    if size == 1 && histories && free.count_ones() > 1 {
                        for mover in self.single_movers(free, t) {
                            piece.mover = mover;
                            f(Unit { piece, spend }, &values)?;
                        }
                    } else {
                        f(Unit { piece, spend }, &values)?;
                    }
                }
            }
            ControlFlow::Continue(())
        })
    }

    /// The candidate of `unit`'s shape number `shape`, if it has that
    /// many shapes and that one passes every rule but the one about using
    /// as many values as possible.
    fn unit_candidate(
        &self,
        unit: Unit,
        shape: usize,
        overshoot: bool,
    ) -> Option<(Move, Option<Capture>)> {
        let mut found = None;
        let mut k = 0;
        let values = self.spend_values(unit.spend);
        self.shaped_moves(unit.piece, unit.spend, &values, overshoot, &mut |r| {
            if k < shape {
                k += 1;
                return ControlFlow::Continue(());
            }
            found = r.ok().filter(|(m, _)| !overshoot || m.to < m.from);
            ControlFlow::Break(())
        });
        found
    }

    /// Whether the game has Chopat's "overshoot: new circuit" rule, open
    /// in this turn.
    fn overshoot_rule(&self) -> bool {
        self.pos.game == Game::Chopat
            && self.pos.options.overshoot == Overshoot::NewCircuit
            && self.overshoot_open
    }

    /// Going through Home must be "the only possible move", read over the
    /// whole turn: it is open only if it lets the turn use more values
    /// than any way without it. A player who can use the throws without
    /// it may not split them so as to leave a pawn nothing else to do.
    fn open_overshoot(&mut self) {
        self.overshoot_open = true;
        if !self.overshoot_rule() {
            return;
        }
        let home = self.pos.home();
        let total: u32 = self.values_in(self.unspent()).map(u32::from).sum();
        let within_reach = self
            .pos
            .pawns(self.side)
            .iter()
            .any(|&s| s != home && u32::from(home - s) < total);
        if !within_reach {
            return;
        }
        // Without it first: when that uses every value, nothing can use more.
        self.overshoot_open = false;
        let without = self.max_usable();
        if without < self.live_slots().count_ones() as u8 {
            // The search reads the flag: open it to ask what it allows.
            self.overshoot_open = true;
            self.overshoot_open = self.max_usable() > without;
        }
    }

    /// How many pawns on `from` may move as one piece: one, and the
    /// game's pairs or groups where they stand together.
    fn group_sizes(&self, side: Side, from: u8, here: u8) -> ArrayVec<u8, 3> {
        let pos = &self.pos;
        let mut sizes = ArrayVec::new();
        sizes.push(1);
        if here < 2 {
            return sizes;
        }
        let paired = pos.can_pair_at(side, from);
        match pos.game {
            Game::Pagade | Game::Chopat if paired => sizes.push(2),
            Game::Chaupar if paired => sizes.push(here),
            Game::ChauparAkbar if paired => {
                sizes.push(2);
                if here >= 3 {
                    sizes.push(3);
                }
            }
            Game::ChowkaBhara if from == 0 || self.is_double_square(side, from) => sizes.push(2),
            _ => {}
        }
        sizes
    }

    /// The steps a side's pawns stand on, each once and in order, with
    /// the slots of the pawns on each as a bit set.
    fn squares_held(&self, side: Side) -> ArrayVec<(u8, u16), MAX_PAWNS> {
        let mut held: ArrayVec<(u8, u16), MAX_PAWNS> = ArrayVec::new();
        for (i, &step) in self.pos.pawns(side).iter().enumerate() {
            match held.iter_mut().find(|(s, _)| *s == step) {
                Some((_, slots)) => *slots |= 1 << i,
                None => held.push((step, 1 << i)),
            }
        }
        held.sort_unstable_by_key(|&(step, _)| step);
        held
    }

    /// Whether a Chopat pawn may overshoot Home now: only when no other
    /// move exists.
    fn overshoot_allowed(&self) -> bool {
        self.overshoot_rule()
            && self
                .visit_candidates(false, Throws::FirstOfEqual, &mut |_, _| {
                    ControlFlow::Break(())
                })
                .is_continue()
    }

    /// Checks one move against every rule but the one about using as many
    /// values as possible.
    fn check(&self, m: Move) -> Result<Option<Capture>, Illegal> {
        let attempt = |overshoot: bool| {
            // The verdict on the requested destination comes first; then
            // that the values lead elsewhere; then any other refusal.
            let mut here: Option<Result<Option<Capture>, Illegal>> = None;
            let mut other_to = None;
            let mut other_refusal = None;
            self.moves_for((m.from, m.pawns, m.mover), m.spend, overshoot, &mut |r| {
                match r {
                    Ok((cand, cap)) if cand.to == m.to => here = Some(Ok(cap)),
                    Ok((cand, _)) => other_to = other_to.or(Some(cand.to)),
                    Err((e, Some(to))) if to == m.to => here = here.or(Some(Err(e))),
                    Err((e, _)) => other_refusal = other_refusal.or(Some(e)),
                }
                ControlFlow::Continue(())
            });
            match (here, other_to, other_refusal) {
                (Some(verdict), _, _) => verdict,
                (None, Some(to), _) => Err(Illegal::WrongDestination { to }),
                (None, None, Some(e)) => Err(e),
                (None, None, None) => Err(Illegal::NoPawn),
            }
        };
        match attempt(false) {
            Err(_) if m.to < m.from && self.overshoot_allowed() => attempt(true),
            result => result,
        }
    }

    /// The moves of `pawns` pawns from `from` (which one, if `mover` says)
    /// paid with `spend`, each as a move with what it captures or as the
    /// reason it is refused.
    fn moves_for(
        &self,
        (from, pawns, mover): (u8, u8, u32),
        spend: u64,
        overshoot: bool,
        f: &mut impl FnMut(Candidate) -> ControlFlow<()>,
    ) {
        let here = match self.check_values_and_pawns(from, pawns, mover, spend) {
            Ok(here) => here,
            Err(e) => {
                let _ = f(Err((e, None)));
                return;
            }
        };
        let piece = Piece {
            from,
            pawns,
            here,
            mover,
        };
        self.shaped_moves(piece, spend, &self.spend_values(spend), overshoot, f);
    }

    /// The values a spend mask takes from its throw.
    fn spend_values(&self, spend: u64) -> ArrayVec<u8, SLOTS> {
        let t = spend.trailing_zeros() as usize / SLOTS;
        let throw = self.throws[t];
        (0..throw.values().len())
            .filter(|d| spend & (1u64 << (t * SLOTS + d)) != 0)
            .map(|d| throw.values()[d])
            .collect()
    }

    /// [`Turn::moves_for`] for values and pawns already known to be
    /// available.
    fn shaped_moves(
        &self,
        piece: Piece,
        spend: u64,
        values: &[u8],
        overshoot: bool,
        f: &mut impl FnMut(Candidate) -> ControlFlow<()>,
    ) {
        let Piece {
            from, pawns, here, ..
        } = piece;
        let t = spend.trailing_zeros() as usize / SLOTS;
        let side = self.pawn_side();
        let shapes = match self.shapes(side, from, pawns, values, t, here) {
            Ok(s) => s,
            Err(e) => {
                let _ = f(Err((e, None)));
                return;
            }
        };
        for shape in shapes {
            let to = if shape.enter {
                Ok(1)
            } else {
                self.destination(side, from, shape.distance, overshoot)
            };
            let result = to.map_err(|e| (e, None)).and_then(|to| {
                let m = Move {
                    from,
                    to,
                    pawns: shape.pawns,
                    spend,
                    mover: if shape.pawns == 1 {
                        piece.mover
                    } else {
                        Move::EITHER_PAWN
                    },
                };
                self.landing(side, m)
                    .map(|cap| (m, cap))
                    .map_err(|e| (e, Some(to)))
            });
            if f(result).is_break() {
                return;
            }
        }
    }

    /// The checks on a move's values and pawns that come before its shape:
    /// values unspent and of one throw, pawns there and free to move (the
    /// `mover` among them, if named). Returns how many of the side's pawns
    /// stand on `from`.
    fn check_values_and_pawns(
        &self,
        from: u8,
        pawns: u8,
        mover: u32,
        spend: u64,
    ) -> Result<u8, Illegal> {
        match self.phase {
            Phase::Over => return Err(Illegal::GameOver),
            Phase::Throw => return Err(Illegal::ThrowFirst),
            Phase::Move => {}
        }
        if spend == 0 || spend >> (self.n_throws as usize * SLOTS) != 0 {
            return Err(Illegal::ValueSpent);
        }
        let t = spend.trailing_zeros() as usize / SLOTS;
        if spend >> (t * SLOTS) >= 1 << SLOTS {
            return Err(Illegal::MixedThrows);
        }
        if spend & self.spent != 0 || (spend >> (t * SLOTS)) >> self.throws[t].values().len() != 0 {
            return Err(Illegal::ValueSpent);
        }
        let side = self.pawn_side();
        let pos = &self.pos;
        let here = pos.pawns_on(side, from) as u8;
        if pawns == 0 || here < pawns {
            return Err(if here == 0 {
                Illegal::NoPawn
            } else {
                Illegal::NotTogether
            });
        }
        if from == pos.home() {
            return Err(Illegal::AlreadyHome);
        }
        if self.free_to_move(from, t) < pawns {
            return Err(Illegal::AlreadyMoved);
        }
        if mover != Move::EITHER_PAWN && (pawns != 1 || self.mover_slot(from, t, mover).is_none()) {
            return Err(Illegal::NoSuchMover);
        }
        if matches!(pos.game, Game::Pagade | Game::Chopat)
            && from != 0
            && pos.pawns(side).contains(&0)
        {
            return Err(Illegal::ReenterFirst);
        }
        Ok(here)
    }

    /// How many pawns of the side to move on `from` have not yet moved
    /// with throw `t`.
    fn free_to_move(&self, from: u8, t: usize) -> u8 {
        self.free_slots(from, t).count_ones() as u8
    }

    /// The slots of the pawns of the side to move on `from` that have not
    /// yet moved with throw `t`.
    fn free_slots(&self, from: u8, t: usize) -> u16 {
        let pawns = self.pos.pawns(self.pawn_side());
        (0..pawns.len()).fold(0, |free, i| {
            if pawns[i] == from && self.moved[i] & (1 << t) == 0 {
                free | 1 << i
            } else {
                free
            }
        })
    }

    /// The throws a pawn has moved with that still have values left,
    /// throw `t` aside: what tells pawns on one square apart.
    fn history(&self, slot: usize, t: usize) -> u32 {
        self.moved[slot] & self.open_throws() & !(1 << t)
    }

    /// The throws with values left, bit `t` for throw `t`.
    fn open_throws(&self) -> u32 {
        throws_of_slots(self.unspent())
    }

    /// The value slots left that some pawn can still take: not those of
    /// the throws that every pawn still on its way has moved with (a pawn
    /// takes values of one throw in one move), which are lost.
    fn live_slots(&self) -> u64 {
        let pawns = self.pos.pawns(self.pawn_side());
        let home = self.pos.home();
        let lost = (0..pawns.len())
            .filter(|&i| pawns[i] != home)
            .fold(u32::MAX, |lost, i| lost & self.moved[i]);
        self.unspent() & !slots_of_throws(lost)
    }

    /// The choices of single pawn among the pawn slots `free` (on one
    /// square, free to move with throw `t`): one [`Move::mover`] per
    /// distinct history, or [`Move::EITHER_PAWN`] if they are all alike.
    fn single_movers(&self, free: u16, t: usize) -> ArrayVec<u32, MAX_PAWNS> {
        let mut histories: ArrayVec<u32, MAX_PAWNS> = ArrayVec::new();
        for slot in (0..MAX_PAWNS).filter(|&i| free & 1 << i != 0) {
            let h = self.history(slot, t);
            if !histories.contains(&h) {
                histories.push(h);
            }
        }
        if histories.len() < 2 {
            histories.clear();
            histories.push(Move::EITHER_PAWN);
        }
        histories
    }

    /// The slot of a pawn on `from`, free to move with throw `t`, whose
    /// history is `mover` (none for [`Move::EITHER_PAWN`]).
    fn mover_slot(&self, from: u8, t: usize, mover: u32) -> Option<usize> {
        if mover == Move::EITHER_PAWN {
            return None;
        }
        let free = self.free_slots(from, t);
        (0..MAX_PAWNS)
            .rev()
            .find(|&i| free & (1 << i) != 0 && self.history(i, t) == mover)
    }

    /// This state of the turn as a search remembers it.
    fn state_key(&self) -> StateKey {
        let live = self.live_slots();
        let open = throws_of_slots(live);
        let mut pos = self.pos;
        pos.canonicalize();
        let n = pos.pawn_count();
        let mover = self.pawn_side();
        let mut alike: ArrayVec<(u8, u32), MAX_PAWNS> = (0..n)
            .map(|i| (self.pos.pawns[mover.index()][i], self.moved[i] & open))
            .collect();
        alike.sort_unstable();
        let mut moved = [0; MAX_PAWNS];
        for (i, (step, with)) in alike.into_iter().enumerate() {
            pos.pawns[mover.index()][i] = step;
            moved[i] = with;
        }
        StateKey {
            pos,
            live,
            moved,
            phase: self.phase,
            hit: self.hit,
            moved_any: self.moved_any,
            khado: self.khado,
        }
    }

    /// The pawn slots of the side to move that have moved with throw `t`.
    fn moved_with(&self, t: usize) -> u16 {
        (0..self.pos.pawn_count()).fold(0, |m, i| {
            if self.moved[i] & (1 << t) != 0 {
                m | 1 << i
            } else {
                m
            }
        })
    }

    /// The ways `pawns` pawns standing on `from` may move with `values` (a
    /// set of values of throw `t`), by the rules of the game.
    fn shapes(
        &self,
        side: Side,
        from: u8,
        pawns: u8,
        values: &[u8],
        t: usize,
        here: u8,
    ) -> Result<ArrayVec<Shape, MAX_SHAPES>, Illegal> {
        let pos = &self.pos;
        let sum: u8 = values.iter().sum();
        let single = |distance| Shape {
            pawns: 1,
            distance,
            enter: false,
        };
        let group = |pawns, distance| Shape {
            pawns,
            distance,
            enter: false,
        };
        let together = pawns > 1;
        // Chowka Bhara's entry throws bring pawns in from off the board
        // together; everywhere else pawns move together only from a square
        // where they form a pair or group.
        let entering = pos.game == Game::ChowkaBhara && from == 0;
        if together && !entering && !pos.can_pair_at(side, from) {
            return Err(Illegal::NotTogether);
        }
        let doublet = values.len() == 2 && values[0] == values[1];
        Ok(match pos.game {
            Game::Pagade | Game::Chopat => {
                if !together {
                    let mut v = ArrayVec::from_iter([single(sum)]);
                    // Chopat's opening split: a first throw of (1, 1) moves
                    // one pawn of the pair on 12 to 24.
                    if pos.game == Game::Chopat
                        && from == 12
                        && here == 2
                        && values == [1, 1]
                        && t == 0
                        && !pos.flags(side).has_thrown
                    {
                        v.push(single(12));
                    }
                    v
                } else if pawns == 2 && doublet {
                    ArrayVec::from_iter([group(2, values[0])])
                } else {
                    return Err(Illegal::PairNeedsDoublet);
                }
            }
            Game::Chaupar => {
                // A group moves as one piece; one pawn may leave it.
                if !together || pawns == here {
                    ArrayVec::from_iter([group(pawns, sum)])
                } else {
                    return Err(Illegal::NotTogether);
                }
            }
            Game::ChauparAkbar => {
                if !together {
                    ArrayVec::from_iter([single(sum)])
                } else {
                    let mut sorted: ArrayVec<u8, SLOTS> = values.iter().copied().collect();
                    sorted.sort_unstable();
                    match (pawns, sorted.as_slice()) {
                        (2, [a, b]) if a == b => {
                            ArrayVec::from_iter([group(2, 2 * a), group(2, *a)])
                        }
                        (2, [1, 5, 6]) => ArrayVec::from_iter([group(2, 6)]),
                        (3, [a, b, c]) if a == b && b == c => {
                            ArrayVec::from_iter([group(3, 2 * a)])
                        }
                        _ => return Err(Illegal::GroupNeedsDouble),
                    }
                }
            }
            Game::ChowkaBhara => {
                let v = values[0];
                let shells = pos.options.shells;
                if from == 0 {
                    // Entry throws: Chamma brings one pawn in, Ashta two.
                    let can = if v == shells {
                        1
                    } else if v == 2 * shells {
                        2.min(here)
                    } else {
                        return Err(Illegal::NeedsTopValue);
                    };
                    if pawns != can {
                        return Err(Illegal::OffBoardFirst);
                    }
                    ArrayVec::from_iter([Shape {
                        pawns,
                        distance: 0,
                        enter: true,
                    }])
                } else if !together {
                    ArrayVec::from_iter([single(v)])
                } else if pawns == 2 && self.is_double_square(side, from) {
                    ArrayVec::from_iter([group(2, v)])
                } else {
                    return Err(Illegal::NotTogether);
                }
            }
        })
    }

    /// Chowka Bhara: an unsafe square of the outer ring, where two pawns of
    /// one colour form a double.
    fn is_double_square(&self, side: Side, step: u8) -> bool {
        let pos = &self.pos;
        let Some(cell) = pos.cell(side, step) else {
            return false;
        };
        !pos.is_safe(cell) && square_ring(pos.options.board, pos.board().cell_info(cell)) == 0
    }

    /// Where a move of `distance` from `from` ends along the side's path.
    fn destination(
        &self,
        side: Side,
        from: u8,
        distance: u8,
        overshoot: bool,
    ) -> Result<u8, Illegal> {
        let pos = &self.pos;
        let home = pos.home();
        let to = from + distance;
        if let Some(turn_in) = pos.turn_in_step() {
            if !pos.flags(side).has_cut && from <= turn_in && to > turn_in {
                // Not yet allowed in: round the loop (or the outer ring) again.
                let (first, len) = if pos.game == Game::Pagade {
                    (8, 68)
                } else {
                    (1, turn_in)
                };
                if pos.game == Game::ChowkaBhara && pos.options.before_hit == BeforeHit::Stop {
                    return Err(Illegal::InnerRingClosed);
                }
                return Ok((to - first) % len + first);
            }
        }
        if to > home {
            return if overshoot {
                Ok(to - home)
            } else {
                Err(Illegal::ExactHome)
            };
        }
        Ok(to)
    }

    /// Whether pawns may land on `m.to` (and pass on the way), and whom
    /// they capture there.
    fn landing(&self, side: Side, m: Move) -> Result<Option<Capture>, Illegal> {
        let pos = &self.pos;
        let game = pos.game;
        let home = pos.home();
        if m.to == home {
            return Ok(None);
        }
        let cell = pos.cell(side, m.to).expect("a step on the board");
        let kind = pos.board().cell_info(cell).kind;
        if matches!(kind, CellKind::Belly(_)) {
            return Ok(None);
        }
        let flags = pos.flags(side);
        if game == Game::Chopat
            && m.pawns == 2
            && flags.jug == Some(m.from)
            && flags.jug_moved
            && flags.ool != Ool::Done
        {
            return Err(Illegal::JugOnce);
        }
        // Own pawns already there.
        let own = self.count_on(side, cell)
            - if pos.cell(side, m.from) == Some(cell) {
                m.pawns
            } else {
                0
            };
        let together = own + m.pawns;
        if matches!(game, Game::Pagade | Game::Chopat) && together > 2 {
            return Err(Illegal::SquareFull);
        }
        if game == Game::Chopat && !flags.kajalvun && together >= 2 && m.to != 34 {
            return Err(Illegal::KajalvunFirst);
        }
        if game == Game::ChowkaBhara && m.pawns == 1 {
            self.check_passing(side, m)?;
        }
        let safe = pos.is_safe(cell);
        let Some((other, count)) = self.opponent_on(side, cell) else {
            return Ok(None);
        };
        if safe {
            return Ok(None);
        }
        if pos.partnership() && other == side.opposite() {
            return Err(Illegal::PartnerThere);
        }
        let capture = |count| {
            Ok(Some(Capture {
                side: other,
                cell,
                count,
            }))
        };
        match game {
            Game::Pagade | Game::Chopat => {
                // A pair is cut by a pair moving together, or under the
                // false-pair rule by a single when it is not the true pair.
                let false_pair = game == Game::Chopat
                    && pos.options.false_pair
                    && !self.is_true_pair(other, cell);
                if count == 1 || m.pawns == 2 || false_pair {
                    capture(count)
                } else {
                    Err(Illegal::SingleOnPair)
                }
            }
            Game::Chaupar => {
                if m.pawns >= count {
                    capture(count)
                } else {
                    Err(Illegal::SmallerOnGroup)
                }
            }
            Game::ChauparAkbar => {
                if count == 1 {
                    capture(1)
                } else {
                    Err(Illegal::ImmuneGroup)
                }
            }
            Game::ChowkaBhara => {
                // Only a lone pawn is hit. Two pawns together are a double
                // on the outer ring; inside it they are still two pawns
                // that nobody can hit at once.
                let outer = square_ring(pos.options.board, pos.board().cell_info(cell)) == 0;
                if count == 1 {
                    capture(1)
                } else if outer {
                    Err(Illegal::OnDouble)
                } else {
                    Err(Illegal::ImmuneGroup)
                }
            }
        }
    }

    /// Chowka Bhara: a single may not pass an opponent's double.
    fn check_passing(&self, side: Side, m: Move) -> Result<(), Illegal> {
        if m.from == 0 {
            return Ok(());
        }
        let mut step = self.next_step(side, m.from);
        while step != m.to {
            let blocked = self.is_double_square(side, step)
                && self
                    .pos
                    .cell(side, step)
                    .and_then(|cell| self.opponent_on(side, cell))
                    .is_some_and(|(_, n)| n >= 2);
            if blocked {
                return Err(Illegal::BlockedByDouble);
            }
            step = self.next_step(side, step);
        }
        Ok(())
    }

    /// The step after `step` along the side's path, circling where the
    /// player may not turn in yet.
    fn next_step(&self, side: Side, step: u8) -> u8 {
        match self.pos.turn_in_step() {
            Some(turn_in) if step == turn_in && !self.pos.flags(side).has_cut => {
                if self.pos.game == Game::Pagade {
                    8
                } else {
                    1
                }
            }
            _ => step + 1,
        }
    }

    fn count_on(&self, side: Side, cell: Cell) -> u8 {
        let n = self.pos.pawn_count();
        self.cells[side.index()][..n]
            .iter()
            .filter(|&&c| c == cell.0)
            .count() as u8
    }

    /// Recomputes the pawns' cells after their steps changed.
    fn refresh_cells(&mut self) {
        for &side in self.pos.seats() {
            self.refresh_side(side);
        }
    }

    /// Recomputes the cells of one side's pawns.
    fn refresh_side(&mut self, side: Side) {
        let n = self.pos.pawn_count();
        let mut occupied = 0u128;
        for i in 0..n {
            let step = self.pos.pawns[side.index()][i];
            let cell = self.pos.cell(side, step);
            self.cells[side.index()][i] = cell.map_or(u8::MAX, |c| c.0);
            occupied |= cell.map_or(0, |c| 1u128 << c.0);
        }
        self.occupied[side.index()] = occupied;
    }

    /// The other colour standing on a cell (on unsafe squares there is at
    /// most one) and how many of its pawns.
    fn opponent_on(&self, side: Side, cell: Cell) -> Option<(Side, u8)> {
        let bit = 1u128 << cell.0;
        let others = (0..4)
            .filter(|&i| i != side.index())
            .fold(0u128, |m, i| m | self.occupied[i]);
        if others & bit == 0 {
            // Most squares a move reaches hold no opponent.
            return None;
        }
        self.pos
            .seats()
            .iter()
            .find(|&&s| s != side && self.occupied[s.index()] & bit != 0)
            .map(|&s| (s, self.count_on(s, cell)))
    }

    /// Chopat's false-pair rule: the true pair is the Jug while it stands,
    /// otherwise the pair farthest along.
    fn is_true_pair(&self, side: Side, cell: Cell) -> bool {
        let pos = &self.pos;
        let pawns = pos.pawns(side);
        let pairs: Vec<u8> = pawns
            .iter()
            .copied()
            .filter(|&s| pos.can_pair_at(side, s) && pos.pawns_on(side, s) >= 2)
            .collect();
        if pairs.iter().copied().collect::<HashSet<_>>().len() < 2 {
            return true;
        }
        let truth = pos
            .flags(side)
            .jug
            .unwrap_or_else(|| *pairs.iter().max().unwrap());
        pos.cell(side, truth) == Some(cell)
    }

    /// Applies a checked move: pawns, captures, flags, places.
    fn apply(&mut self, m: Move, capture: Option<Capture>) {
        let side = self.pawn_side();
        let t = m.throw_index();
        let n = self.pos.pawn_count();
        let home = self.pos.home();
        for _ in 0..m.pawns {
            // Unless the move names its pawn, move the pawns that have used
            // the fewest other throws last, so that the rest keep the most
            // freedom.
            let slot = self
                .mover_slot(m.from, t, m.mover)
                .or_else(|| {
                    // `free_slots` inline: this runs for every move played.
                    (0..n)
                        .filter(|&i| {
                            self.pos.pawns[side.index()][i] == m.from
                                && self.moved[i] & (1 << t) == 0
                        })
                        .max_by_key(|&i| self.moved[i].count_ones())
                })
                .expect("a checked move has its pawns");
            self.pos.pawns[side.index()][slot] = m.to;
            self.moved[slot] |= 1 << t;
        }
        self.spent |= m.spend;
        self.moved_any = true;
        if let Some(c) = capture {
            self.send_back(c);
            self.refresh_side(c.side);
            // Only the games whose rules ask for a first cut remember it.
            if self.pos.turn_in_step().is_some() {
                self.pos.flags[side.index()].has_cut = true;
            }
            if self.pos.game == Game::ChowkaBhara {
                self.hit = true;
            }
        }
        self.refresh_side(side);
        if self.pos.game == Game::Chopat {
            self.chopat_after_move(side, m);
        }
        if !self.pos.is_finished(side) && self.pos.pawns(side).iter().all(|&s| s == home) {
            let k = self.pos.finished as usize;
            self.pos.places[k] = side;
            self.pos.finished += 1;
        }
    }

    fn send_back(&mut self, c: Capture) {
        let pos = &mut self.pos;
        let restart = if pos.game == Game::ChowkaBhara && !pos.options.entry_throws {
            1
        } else {
            0
        };
        let n = pos.pawn_count();
        let mut left = c.count;
        for i in 0..n {
            let step = pos.pawns[c.side.index()][i];
            if left > 0 && pos.cell(c.side, step) == Some(c.cell) {
                pos.pawns[c.side.index()][i] = restart;
                left -= 1;
            }
        }
        // Only the moving side's pawns keep their order during a turn.
        pos.pawns[c.side.index()][..n].sort_unstable();
        let jug_cell = pos.flags(c.side).jug.and_then(|j| pos.cell(c.side, j));
        if jug_cell == Some(c.cell) {
            // The Jug is cut: both pawns go back whole and it is gone.
            let f = &mut pos.flags[c.side.index()];
            f.jug = None;
            f.jug_moved = false;
            if f.ool != Ool::Done {
                f.ool = Ool::NotYet;
            }
        }
    }

    /// Chopat's memory: Kajalvun, the Jug's moves, Ool Olangvun.
    fn chopat_after_move(&mut self, side: Side, m: Move) {
        let at_34 = self.pos.pawns_on(side, 34);
        let f = &mut self.pos.flags[side.index()];
        match f.jug {
            Some(j) if j == m.from && m.pawns == 2 => {
                f.jug = Some(m.to);
                if f.ool != Ool::Done {
                    f.jug_moved = true;
                }
            }
            Some(j) if j == m.from => {
                // One pawn left the Jug: it is broken.
                f.jug = None;
                f.jug_moved = false;
                if f.ool != Ool::Done {
                    f.ool = Ool::NotYet;
                }
            }
            Some(j)
                if m.pawns == 1
                    && f.jug_moved
                    && f.ool == Ool::NotYet
                    && m.from < j
                    && j < m.to =>
            {
                f.ool = Ool::Pending(m.to);
            }
            _ => {}
        }
        if f.ool == Ool::Pending(m.from) && m.pawns == 1 {
            f.ool = Ool::Pending(m.to);
        }
        if !f.kajalvun && m.to == 34 && at_34 >= 2 {
            f.kajalvun = true;
            f.jug = Some(34);
            f.jug_moved = false;
        }
    }

    /// Whether any value left can be used: some move exists.
    fn can_move(&self) -> bool {
        let mut any = false;
        self.for_each_candidate(Throws::FirstOfEqual, |_, _| {
            any = true;
            ControlFlow::Break(())
        });
        any
    }

    /// The most values the rest of the turn can use.
    fn max_usable(&self) -> u8 {
        // With many values left that cannot all be used, the search would
        // try every order of playing them (a chain of bonus throws near
        // Home): it remembers the states it has weighed instead.
        self.usable_from(&mut self.memo())
    }

    /// Where the search for how many values can be used keeps the states
    /// it has weighed: nowhere unless many values are left.
    fn memo(&self) -> Option<Remembered> {
        (self.unspent_count() > REMEMBER_ABOVE).then(|| Remembered {
            usable: FxHashMap::default(),
            limit: REMEMBER_AT_MOST,
        })
    }

    /// [`Turn::max_usable`], remembering what it found in `memo`, if any.
    fn usable_from(&self, memo: &mut Option<Remembered>) -> u8 {
        let remaining = self.unspent_count();
        if remaining == 0 {
            return 0;
        }
        let key = memo.as_ref().map(|_| self.state_key());
        if let Some(&known) = memo
            .as_ref()
            .zip(key.as_ref())
            .and_then(|(m, k)| m.usable.get(k))
        {
            return known & !WALKED;
        }
        // Worked out only once a first way falls short of using every value.
        let mut bound = None;
        let mut best = 0;
        self.for_each_candidate(Throws::FirstOfEqual, |m: Move, cap| {
            let used = m.values_used() as u8;
            let mut child = *self;
            child.apply(m, cap);
            let total = if used < remaining {
                self.used_with_rest(m, &child, memo)
            } else {
                used
            };
            best = best.max(total);
            if best == remaining || best == *bound.get_or_insert_with(|| self.usable_bound()) {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        });
        if let Some(m) = memo.as_mut() {
            // Full: start afresh, so that what is kept is about the part
            // of the turn the search is in now.
            if m.usable.len() >= m.limit {
                m.usable.clear();
            }
            m.usable.insert(key.expect("a key with a memo"), best);
        }
        best
    }

    /// The values move `m` uses together with the most the rest of the
    /// turn can use after it (`child`). A move that finishes the player
    /// uses every value some pawn could still take: nothing is left to
    /// take them, and finishing is never refused for leaving values unused.
    fn used_with_rest(&self, m: Move, child: &Turn, memo: &mut Option<Remembered>) -> u8 {
        if child.pos.is_finished(child.side) {
            self.live_slots().count_ones() as u8
        } else {
            m.values_used() as u8 + child.usable_from(memo)
        }
    }

    /// At most how many of the values left the side to move can
    /// use. A pawn takes values of a throw in one move only, so the values
    /// of a throw that every pawn still on its way has moved with are lost.
    /// And a move takes its pawns at least as far as its values add up to,
    /// so no more of the smallest values can be used than fit into the
    /// distance the pawns have left to Home. Either lets the search stop at
    /// the first way that uses that many, instead of trying every order to
    /// prove that no way uses more (a run of bonus throws near Home, or
    /// one pawn left to take the values of split throws).
    fn usable_bound(&self) -> u8 {
        let pos = &self.pos;
        let side = self.pawn_side();
        let home = pos.home();
        let pawns = pos.pawns(side);
        let live = self.live_slots();
        // Pawns that may still go round again have no limit of room; nor
        // have Chowka Bhara's pawns waiting off the board, which a top
        // value brings in one step.
        let unlimited = |step: u8| {
            self.overshoot_rule()
                || (step == 0 && pos.game == Game::ChowkaBhara && pos.options.entry_throws)
                || pos
                    .turn_in_step()
                    .is_some_and(|turn_in| !pos.flags(side).has_cut && step <= turn_in)
        };
        let mut values: ArrayVec<u8, { MAX_THROWS * SLOTS }> = self.values_in(live).collect();
        // Values that could bring every pawn Home may finish the player,
        // which counts as using every value left. A step of a value takes
        // one pawn a step, or more where pawns move together: a group of
        // four in Chaupar, a pair moving twice a double in Akbar's
        // Chaupar, a Chowka Bhara double on one value, and Chopat's
        // opening split (12 for a (1, 1)).
        let reach = match pos.game {
            Game::Chaupar => 4,
            Game::ChauparAkbar | Game::ChowkaBhara => 2,
            Game::Chopat if !pos.flags(side).has_thrown => 6,
            Game::Chopat | Game::Pagade => 1,
        };
        let to_go: u32 = pawns.iter().map(|&s| u32::from(home - s)).sum();
        if reach * values.iter().map(|&v| u32::from(v)).sum::<u32>() >= to_go {
            return values.len() as u8;
        }
        if pawns.iter().any(|&s| s != home && unlimited(s)) {
            return values.len() as u8;
        }
        values.sort_unstable();
        let smallest = values.first().copied().unwrap_or(0);
        // A pawn closer to Home than the smallest value takes none.
        let room: u32 = pawns
            .iter()
            .filter(|&&s| s != home && home - s >= smallest)
            .map(|&s| u32::from(home - s))
            .sum();
        let mut used = 0u32;
        values
            .iter()
            .take_while(|&&v| {
                used += u32::from(v);
                used <= room
            })
            .count() as u8
    }

    /// Ends the turn: resolves what waited on it and passes the turn on.
    fn end_turn(&mut self) {
        let seat = self.pos.to_move;
        let side = self.pawn_side();
        if self.pos.game == Game::Chopat {
            for other in Side::ALL.into_iter().filter(|&s| s != side) {
                if let Ool::Pending(p) = self.pos.flags(other).ool {
                    // The passing pawn survived the next player's turn, or not.
                    let survived = self.pos.pawns(other).contains(&p);
                    self.pos.flags[other.index()].ool =
                        if survived { Ool::Done } else { Ool::NotYet };
                }
            }
            self.pos.flags[seat.index()].has_thrown = true;
        }
        self.pos.canonicalize();
        self.refresh_cells();
        if !std::mem::take(&mut self.moved_any) && !self.pos.is_over() && self.is_dead() {
            self.pos.stall();
        }
        self.n_throws = 0;
        self.spent = 0;
        self.moved = [0; MAX_PAWNS];
        self.top_run = 0;
        self.overshoot_open = true;
        let again = std::mem::take(&mut self.hit) && !self.pos.is_finished(seat);
        if !again {
            self.pos.to_move = self.next_seat(seat);
        }
        self.settle();
    }

    /// Whether no player still racing could move with any throw: the game
    /// can never go on. Asked only after a turn in which nobody moved.
    fn is_dead(&self) -> bool {
        let throws = self.implement().distribution();
        !self
            .pos
            .seats()
            .iter()
            .filter(|&&s| !self.pos.is_finished(s) || self.pos.partnership())
            .any(|&seat| {
                throws.iter().any(|(throw, _)| {
                    let mut t = Turn::new(Position {
                        to_move: seat,
                        ..self.pos
                    });
                    if t.phase != Phase::Throw {
                        return false;
                    }
                    t.throws[0] = *throw;
                    t.n_throws = 1;
                    t.phase = Phase::Move;
                    t.max_usable() > 0
                })
            })
    }

    /// The seat after `seat`: finished players drop out unless their
    /// throws serve a partner.
    fn next_seat(&self, seat: Side) -> Side {
        let seats = self.pos.seats();
        let i = seats
            .iter()
            .position(|&s| s == seat)
            .expect("a seated side");
        (1..=seats.len())
            .map(|k| seats[(i + k) % seats.len()])
            .find(|&s| self.pos.partnership() || !self.pos.is_finished(s))
            .unwrap_or(seat)
    }

    /// Khado Karvo's moves: pawns from Home straight onto pawns of the
    /// opponent who plays next, if that opponent has done Ool Olangvun and
    /// they stand on the outer squares of the finished player's own arm (a
    /// pair is cut by two pawns coming back).
    fn khado_moves(&self) -> ArrayVec<Move, 16> {
        let pos = &self.pos;
        let seat = pos.to_move;
        let target = seat.next();
        let mut out = ArrayVec::new();
        if !pos.partnership() || pos.flags(target).ool != Ool::Done {
            return out;
        }
        for step in (9..=16).chain(68..=75) {
            let Some(cell) = pos.cell(seat, step) else {
                continue;
            };
            let n = self.count_on(target, cell);
            if n > 0 && n as usize <= pos.pawns_home(seat) {
                out.push(Move {
                    from: pos.home(),
                    to: step,
                    pawns: n,
                    spend: 0,
                    mover: Move::EITHER_PAWN,
                });
            }
        }
        out
    }

    /// Plays the Khado Karvo turn's choice and ends the turn.
    fn khado_karvo(&mut self, m: Move) {
        self.khado = false;
        let seat = self.pos.to_move;
        if m == Move::MISS_TURN {
            self.pos.flags[seat.index()].missed_turns += 1;
        } else {
            let cell = self.pos.cell(seat, m.to).expect("a loop square");
            self.send_back(Capture {
                side: seat.next(),
                cell,
                count: m.pawns,
            });
            let home = self.pos.home();
            let n = self.pos.pawn_count();
            for slot in self.pos.pawns[seat.index()][..n]
                .iter_mut()
                .filter(|s| **s == home)
                .take(m.pawns as usize)
            {
                *slot = m.to;
            }
            // Back in play: no longer among the finished.
            let k = self.pos.finished as usize;
            if let Some(i) = self.pos.places[..k].iter().position(|&s| s == seat) {
                self.pos.places.copy_within(i + 1..k, i);
                self.pos.finished -= 1;
            }
            self.pos.flags[seat.index()].missed_turns = 0;
            self.moved_any = true;
            self.refresh_cells();
        }
        self.end_turn();
    }

    /// Starts the turn of `to_move`: the game may be over, or a finished
    /// Chopat partner may have a turn to miss.
    fn settle(&mut self) {
        self.phase = Phase::Throw;
        loop {
            self.side = self.pos.pawn_side(self.pos.to_move);
            if self.pos.is_over() {
                self.phase = Phase::Over;
                return;
            }
            let seat = self.pos.to_move;
            if self.pos.game == Game::Chopat
                && self.pos.is_finished(seat)
                && self.pos.flags(seat).missed_turns < 4
            {
                // On the first turn after finishing, Khado Karvo may bring
                // a pawn back instead of missing the turn.
                self.side = seat;
                if self.pos.options.khado_karvo
                    && self.pos.flags(seat).missed_turns == 0
                    && !self.khado_moves().is_empty()
                {
                    self.khado = true;
                    self.phase = Phase::Move;
                    return;
                }
                self.pos.flags[seat.index()].missed_turns += 1;
                self.pos.to_move = self.next_seat(seat);
                continue;
            }
            return;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dice::{SeededThrows, ThrowSource};
    use crate::rules::Options;
    use crate::sim::random_playout;

    /// The ends of the turn found the slow way: every move that passes
    /// the rules, in every order, with none of the search's shortcuts (no
    /// bound, no skipping equal throws), keeping the ends that used the
    /// most values (a way that finishes the player uses them all).
    fn brute_force_outcomes(turn: &Turn) -> HashSet<Position> {
        fn walk(t: &Turn, seen: &mut HashSet<Turn>, ends: &mut Vec<(Position, u32)>) {
            if !seen.insert(*t) {
                return;
            }
            let mut next = Vec::new();
            if !t.pos.is_over() {
                t.for_each_candidate(Throws::All, |m, cap| {
                    next.push((m, cap));
                    ControlFlow::Continue(())
                });
            }
            if next.is_empty() {
                let mut end = *t;
                end.end_turn();
                ends.push((end.pos, t.spent.count_ones()));
            }
            for (m, cap) in next {
                let mut child = *t;
                child.apply(m, cap);
                if child.pos.is_finished(child.side) {
                    // Finishing uses every value some pawn could take.
                    let mut end = child;
                    end.end_turn();
                    ends.push((end.pos, t.spent.count_ones() + t.live_slots().count_ones()));
                } else {
                    walk(&child, seen, ends);
                }
            }
        }
        let mut ends = Vec::new();
        walk(turn, &mut HashSet::new(), &mut ends);
        let most = ends.iter().map(|&(_, used)| used).max().unwrap_or(0);
        ends.into_iter()
            .filter(|&(_, used)| used == most)
            .map(|(p, _)| p)
            .collect()
    }

    fn assert_same_ends(turn: &Turn) {
        let fast: HashSet<Position> = turn.outcomes().into_iter().collect();
        assert_eq!(
            fast,
            brute_force_outcomes(turn),
            "{} after {:?}",
            turn.pos.to_json(),
            turn.throws().iter().map(|t| t.values()).collect::<Vec<_>>()
        );
    }

    /// Turns from random games of every game and mode, and Chopat and
    /// Chowka Bhara turns with long runs of bonus throws: `outcomes` (and
    /// with it the search for how many values can be used) finds exactly
    /// the ends the brute force finds.
    #[test]
    fn outcomes_agree_with_brute_force() {
        let mut compared = 0;
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
                            let fresh = t.spent == 0 && t.phase == Phase::Move && !t.khado;
                            if !fresh || t.unspent_count() > 8 {
                                return;
                            }
                            assert_same_ends(t);
                            compared += 1;
                            // The same position after a run of bonus throws
                            // (Chopat: doublets, once Kajalvun is done), and
                            // with the pawns moved up close to Home, where
                            // not every value fits.
                            let mut near = t.pos;
                            let home = near.home();
                            for step in near.pawns[t.side.index()].iter_mut() {
                                if *step != home && *step != 0 {
                                    *step = home - 1 - extra.below(12) as u8;
                                }
                            }
                            near.canonicalize();
                            for start in [t.pos, near] {
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
                                    assert_same_ends(&long);
                                    compared += 1;
                                }
                            }
                        });
                    }
                }
            }
        }
        assert!(compared > 1000, "only {compared} turns compared");
    }

    /// The same pawns in each other's slots: the searches know the state
    /// they reach either way, and only what a pawn moved with still tells
    /// states apart.
    #[test]
    fn states_that_differ_only_in_which_slot_holds_a_pawn_are_one() {
        let json = r#"{"game": "chopat", "seats": ["black", "yellow"], "to_move": "black",
            "pawns": {"black": [14, 20, 40, 50], "yellow": [10, 30, 45, 60]},
            "flags": {"black": {"kajalvun": true, "has_thrown": true}}}"#;
        let start = Turn::new(Position::from_json(json).unwrap());
        let die = |throw: usize, die: usize| 1u64 << (throw * SLOTS + die);
        let after = |moves: &[(u8, u8, u64)]| {
            let mut t = start;
            for throw in [[6, 6], [6, 6], [1, 1], [3, 3], [1, 3]] {
                t.add_throw(Throw::dice(&throw));
            }
            for &(from, to, spend) in moves {
                let m = Move {
                    from,
                    to,
                    pawns: 1,
                    spend,
                    mover: Move::EITHER_PAWN,
                };
                assert_eq!(t.play(m), Ok(false), "{m:?}");
            }
            t
        };
        // The first double six moves 14 and 20 on a 6 each, or 14 on 12:
        // pawns on 20 and 26 in other slots, the throw spent.
        let both = after(&[(14, 20, die(0, 0)), (20, 26, die(0, 1))]);
        let one = after(&[(14, 26, die(0, 0) | die(0, 1))]);
        assert_ne!(both.pos.pawns, one.pos.pawns);
        assert!(both.state_key() == one.state_key());
        // A 6 of each double six: the pawn on 20 may still take the other
        // 6 of the throw it did not move with, and which throw that is
        // tells the states apart.
        let first_then_second = after(&[(14, 20, die(0, 0)), (20, 26, die(1, 0))]);
        let second_then_first = after(&[(20, 26, die(0, 0)), (14, 20, die(1, 0))]);
        assert!(first_then_second.state_key() != second_then_first.state_key());
        // The same state with its first two pawns, and what they moved
        // with, in each other's slots.
        let mut swapped = first_then_second;
        swapped.pos.pawns[swapped.side.index()].swap(0, 1);
        swapped.moved.swap(0, 1);
        assert!(swapped.state_key() == first_then_second.state_key());
    }

    /// Listing moves with one memory kept across the states of a turn and
    /// from turn to turn (as the computer's walk through a turn does)
    /// gives the moves listed afresh, in Chopat turns of six throws, long
    /// enough for the memory to be used: each position is played with two
    /// different runs of throws in a row.
    #[test]
    fn moves_listed_with_a_memory_are_the_legal_moves() {
        let mut memory = TurnMemory::default();
        let mut extra = SeededThrows::new(11);
        let mut compared = 0;
        for overshoot in [Overshoot::NewCircuit, Overshoot::Illegal] {
            let mut options = Options::new(Game::Chopat);
            options.overshoot = overshoot;
            let start = Position::start(Game::Chopat, options).unwrap();
            for seed in 0..3 {
                let mut source = SeededThrows::new(seed);
                random_playout(start, &mut source, 5_000, |t| {
                    let fresh = t.spent == 0 && t.phase == Phase::Move && !t.khado;
                    if !fresh || extra.below(4) != 0 {
                        return;
                    }
                    // Doublets give another throw once Kajalvun is done.
                    let mut start = t.pos;
                    let flags = &mut start.flags[t.side.index()];
                    if flags.jug.is_none() {
                        flags.kajalvun = true;
                    }
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
                        while long.phase == Phase::Move {
                            let moves = long.legal_moves();
                            assert_eq!(long.legal_moves_remembering(&mut memory), moves);
                            compared += 1;
                            long.play_unchecked(moves[extra.below(moves.len())]);
                        }
                    }
                });
            }
        }
        assert!(compared > 1000, "only {compared} states compared");
    }
}
