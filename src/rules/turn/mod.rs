//! A turn: the throw phase and the move phase of GAMES.md 1.3, for every
//! game on one mechanism.
//!
//! Moves are generated, never guessed: [`Turn::legal_moves`] lists exactly
//! the moves a player may make, and every other move is refused with a
//! reason a player understands ([`Illegal`]). A move spends one or more
//! values of one throw on one pawn or on pawns standing together; the turn
//! keeps going until no value left can be used, and a move is legal only if
//! the turn can still use as many values as any other way of playing it.
//!
//! - `moves`: where pawns may go, and why not (every rule of movement);
//! - `node`: what a move changes (pawns, captures, the games' memory);
//! - `search`: how many values the rest of a turn can use, the legal
//!   moves, and the ends of a turn;
//! - `random`: a uniformly random legal move, for self-play.
//!
//! The rules are written once. The code that runs for every candidate move
//! is compiled once per game ([`Variant`]), so that the checks of one game
//! cost nothing in the others.

mod moves;
mod node;
mod random;
mod search;

pub use search::TurnMemory;

use super::game::Game;
use super::position::{Ool, Position, KAJALVUN_STEP, MAX_PAWNS};
use crate::board::{Cell, Side};
use crate::dice::{Implement, Throw};
use node::Node;
use serde::{Deserialize, Serialize};
use std::fmt;

/// The most throws one turn keeps. Chopat's doublets and Chowka Bhara's top
/// values chain bonus throws; past this many (odds below one in 10^12) the
/// chain simply stops.
pub const MAX_THROWS: usize = 21;
/// Value slots per throw in a move's `spend` mask: slot = throw * 3 + die.
const SLOTS: usize = 3;

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
    /// Chopat's false-pair rule: which pair is true, named by a single
    /// move that forms a pair while another of its colour stands. `None`
    /// on every other move, and in records written before players named
    /// it, where the engine names it as they did (the Jug, else the pair
    /// farthest along).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub true_pair: Option<TruePair>,
}

/// The pair a move that leaves its player with two pairs names as the true
/// one (Chopat's false-pair rule): the other can be cut by a single.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TruePair {
    /// The pair the move forms.
    Formed,
    /// The pair that already stood.
    Standing,
}

impl Move {
    /// Chopat's Khado Karvo turn: letting the turn go by instead of bringing
    /// a pawn back.
    pub const MISS_TURN: Move = Move::new(0, 0, 0, 0);

    /// `pawns` pawns going from `from` to `to` with the values of `spend`,
    /// with nothing more to say: which pawn of alike ones is the engine's
    /// choice, and no pair is named.
    pub const fn new(from: u8, to: u8, pawns: u8, spend: u64) -> Move {
        Move {
            from,
            to,
            pawns,
            spend,
            mover: Move::EITHER_PAWN,
            true_pair: None,
        }
    }

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
fn slots_in(mut mask: u64) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (mask != 0).then(|| {
            let b = mask.trailing_zeros() as usize;
            mask &= mask - 1;
            b
        })
    })
}

/// The value slots of the throws set in `throws` (bit `t` for throw `t`).
fn slots_of_throws(throws: u32) -> u64 {
    let mut mask = 0;
    let mut rest = throws & ((1 << MAX_THROWS) - 1);
    while rest != 0 {
        let t = rest.trailing_zeros() as usize;
        rest &= rest - 1;
        mask |= ((1 << SLOTS) - 1) << (t * SLOTS);
    }
    mask
}

/// The throws with a value slot in `mask` (bit `t` for throw `t`).
fn throws_of_slots(mask: u64) -> u32 {
    // Fold each throw's three slots onto its first, then gather those.
    let any = (mask | mask >> 1 | mask >> 2) & 0o111_111_111_111_111_111_111;
    let mut throws = 0;
    let mut rest = any;
    while rest != 0 {
        let b = rest.trailing_zeros() as usize;
        rest &= rest - 1;
        throws |= 1 << (b / SLOTS);
    }
    throws
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
    EachCutPawnEnters,
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
    JugFirstDoublet,
    OnDouble,
    TwoColoursThere,
    BlockedByDouble,
    NeedsTopValue,
    OffBoardFirst,
    PartnerThere,
    NoSuchMover,
    NoPairToName,
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
            EachCutPawnEnters => {
                "every cut pawn comes back this turn: each takes a die of its own"
            }
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
                return write!(
                    f,
                    "before Kajalvun your first pair must form on your Kajalvun square, step {KAJALVUN_STEP}"
                );
            }
            JugOnce => "the Jug may move together only once before Ool Olangvun",
            JugFirstDoublet => "the Jug moves together only with the turn's first doublet",
            OnDouble => "that square holds a double, which only hits lone pawns",
            TwoColoursThere => "two other players' pawns share that square: nobody else may land there",
            BlockedByDouble => "a single pawn cannot pass an opponent's double",
            NeedsTopValue => "a pawn off the board enters only on Chamma or Ashta",
            OffBoardFirst => "that pawn is off the board: it enters only with a top value",
            PartnerThere => "your partner's pawn stands there, and partners do not cut each other",
            NoSuchMover => "none of your pawns there has moved that way this turn",
            NoPairToName => "that move does not leave you two pairs to name the true one of",
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

/// What a throw's values do for the run of throws.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Bonus {
    None,
    /// Another throw follows (up to [`MAX_THROWS`] in a turn).
    Earned,
    /// Chopat: a doublet, which gives another throw only once the player
    /// has formed the Jug.
    AfterKajalvun,
}

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

/// A game as a type: the code that runs for every candidate move is
/// compiled once per game, its game a constant, so that the checks of one
/// game cost nothing in the others. The rules themselves are written once,
/// in terms of `GAME`.
trait Variant {
    const GAME: Game;
    /// The most shapes a move of one piece with one set of values has:
    /// Chopat's opening (1, 1) may split the pair on 12, Akbar's doubles
    /// move a pair once or twice the value.
    const SHAPES: usize = 1;
}

struct ChopatRules;
struct PagadeRules;
struct ChauparRules;
struct AkbarRules;
struct ChowkaRules;

impl Variant for ChopatRules {
    const GAME: Game = Game::Chopat;
    const SHAPES: usize = 2;
}

impl Variant for PagadeRules {
    const GAME: Game = Game::Pagade;
}

impl Variant for ChauparRules {
    const GAME: Game = Game::Chaupar;
}

impl Variant for AkbarRules {
    const GAME: Game = Game::ChauparAkbar;
    const SHAPES: usize = 2;
}

impl Variant for ChowkaRules {
    const GAME: Game = Game::ChowkaBhara;
}

/// Runs `$body` with `$v` standing for the [`Variant`] of `$game`.
macro_rules! by_game {
    ($game:expr, $v:ident => $body:expr) => {
        match $game {
            Game::Chopat => {
                type $v = ChopatRules;
                $body
            }
            Game::Pagade => {
                type $v = PagadeRules;
                $body
            }
            Game::Chaupar => {
                type $v = ChauparRules;
                $body
            }
            Game::ChauparAkbar => {
                type $v = AkbarRules;
                $body
            }
            Game::ChowkaBhara => {
                type $v = ChowkaRules;
                $body
            }
        }
    };
}
use by_game;

/// A game between and during turns: the position plus the turn's throws,
/// what is spent, and which pawn moved with which throw.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Turn {
    /// The position and what the moves of this turn have spent.
    now: Node,
    throws: [Throw; MAX_THROWS],
    n_throws: u8,
    /// The value slots thrown this turn.
    thrown: u64,
    phase: Phase,
    /// Chowka Bhara: top values in a row in this run of throws.
    top_run: u8,
    /// Whose pawns this turn moves, fixed when it starts: a player who
    /// finishes mid-turn loses the rest of the throw, and serves the
    /// partner from the next turn on.
    side: Side,
    /// Chopat's Khado Karvo: a finished player's turn without a throw, to
    /// bring a pawn back or let the turn go by.
    khado: bool,
    /// Chopat's "overshoot: new circuit": whether this turn may go through
    /// Home at all, decided when its move phase starts.
    overshoot_open: bool,
}

impl Turn {
    /// The turn of the position's player to move, at its throw phase.
    pub fn new(pos: Position) -> Turn {
        let mut t = Turn {
            now: Node::new(pos),
            throws: [Throw::default(); MAX_THROWS],
            n_throws: 0,
            thrown: 0,
            phase: Phase::Throw,
            top_run: 0,
            side: pos.to_move,
            khado: false,
            overshoot_open: true,
        };
        t.settle();
        t
    }

    /// The position as it stands, the moves of this turn included.
    pub fn position(&self) -> &Position {
        &self.now.pos
    }

    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// Chopat's Khado Karvo: instead of a throw, the finished player to
    /// move chooses between bringing pawns back from Home to cut and
    /// missing the turn ([`Move::MISS_TURN`]).
    pub fn is_khado_karvo(&self) -> bool {
        self.khado
    }

    /// The seat whose turn it is.
    pub fn seat(&self) -> Side {
        self.now.pos.to_move
    }

    /// The side whose pawns this turn moves.
    pub fn pawn_side(&self) -> Side {
        self.side
    }

    pub fn implement(&self) -> Implement {
        self.now.pos.options.implement(self.now.pos.game)
    }

    /// This turn's throws so far.
    pub fn throws(&self) -> &[Throw] {
        &self.throws[..self.n_throws as usize]
    }

    /// The values of this turn not yet spent, throw by throw.
    pub fn values_left(&self) -> Vec<u8> {
        self.values_in(self.unspent(&self.now)).collect()
    }

    /// The value slots thrown this turn and not yet spent.
    fn unspent(&self, n: &Node) -> u64 {
        self.thrown & !n.spent
    }

    /// How many values of the turn are not yet spent.
    fn unspent_count(&self, n: &Node) -> u8 {
        self.unspent(n).count_ones() as u8
    }

    /// The value in one slot.
    fn value(&self, slot: usize) -> u8 {
        self.throws[slot / SLOTS].values()[slot % SLOTS]
    }

    /// The values in the slots of `mask`, throw by throw.
    fn values_in(&self, mask: u64) -> impl Iterator<Item = u8> + '_ {
        slots_in(mask).map(move |b| self.value(b))
    }

    /// For a move that names its pawn ([`Move::mover`]): the values that
    /// pawn has already moved with, of throws not yet fully spent, so that
    /// the player can tell it from the other pawns on its square.
    pub fn mover_values(&self, m: Move) -> Option<Vec<u8>> {
        (m.mover != Move::EITHER_PAWN).then(|| {
            self.values_in(self.now.spent & slots_of_throws(m.mover))
                .collect()
        })
    }

    /// Whether `throw` earns the player to move another throw (GAMES.md 3,
    /// 5): Chopat's doublets once the Jug is formed, Chowka Bhara's top
    /// values.
    pub fn bonus(&self, throw: Throw) -> Bonus {
        let pos = &self.now.pos;
        match pos.game {
            Game::Chopat if throw.is_doublet() && pos.flags(self.side).kajalvun => Bonus::Earned,
            Game::Chopat if throw.is_doublet() => Bonus::AfterKajalvun,
            Game::ChowkaBhara if self.implement().is_top_value(throw.values()[0]) => Bonus::Earned,
            _ => Bonus::None,
        }
    }

    /// Adds a throw of the player to move.
    pub fn add_throw(&mut self, throw: Throw) -> AfterThrow {
        assert_eq!(self.phase, Phase::Throw, "a throw outside the throw phase");
        let t = self.n_throws as usize;
        self.throws[t] = throw;
        self.n_throws += 1;
        self.thrown |= ((1 << throw.values().len()) - 1) << (t * SLOTS);
        let game = self.now.pos.game;
        let bonus = self.bonus(throw);
        if game == Game::ChowkaBhara {
            // Chowka Bhara's bonus is earned by a top value and nothing else.
            let top = bonus == Bonus::Earned;
            self.top_run = if top { self.top_run + 1 } else { 0 };
            if self.top_run == 3 && self.now.pos.options.third_top_voids {
                self.end_turn();
                return AfterThrow::Voided;
            }
        }
        if bonus == Bonus::Earned && (self.n_throws as usize) < MAX_THROWS {
            return AfterThrow::Bonus;
        }
        self.phase = Phase::Move;
        by_game!(game, V => self.open_overshoot::<V>());
        if !self.can_move() {
            self.end_turn();
            return AfterThrow::Passed;
        }
        AfterThrow::Move
    }

    /// Whether any value left can be used: some move exists.
    fn can_move(&self) -> bool {
        by_game!(self.now.pos.game, V => self.can_move_from::<V>(&self.now))
    }

    /// Every legal move now.
    pub fn legal_moves(&self) -> Vec<Move> {
        by_game!(self.now.pos.game, V => {
            self.legal_in::<V>(search::Throws::All, &mut self.memo(&self.now))
        })
    }

    /// [`Turn::legal_moves`], for a walk through many states of one turn:
    /// `memory` keeps what the search found in one for the next.
    pub fn legal_moves_remembering(&self, memory: &mut TurnMemory) -> Vec<Move> {
        let usable = memory.for_turn(self);
        by_game!(self.now.pos.game, V => self.legal_in::<V>(search::Throws::All, usable))
    }

    /// The first of [`Turn::legal_moves_remembering`], sooner: the moves
    /// after it are not weighed.
    pub fn first_legal_move_remembering(&self, memory: &mut TurnMemory) -> Option<Move> {
        let usable = memory.for_turn(self);
        by_game!(self.now.pos.game, V => self.first_legal_in::<V>(usable))
    }

    /// Plays a uniformly random legal move, `below(n)` choosing an index
    /// under n. Returns the move, or `None` outside the move phase.
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
        let m = by_game!(self.now.pos.game, V => self.play_random_in::<V>(below));
        Some(m)
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
        by_game!(self.now.pos.game, V => {
            let cap = self.check::<V>(m)?;
            let mut child = self.now;
            self.apply::<V>(&mut child, m, cap);
            let now = self.now;
            if self.used_with_rest::<V>(&now, m, &child, &mut self.memo(&child))
                < self.max_usable::<V>(&now)
            {
                return Err(Illegal::MustUseMore);
            }
            self.now = child;
        });
        Ok(self.finish_move())
    }

    /// Plays a move known to be legal (from [`Turn::legal_moves`]).
    pub fn play_unchecked(&mut self, m: Move) -> bool {
        if self.khado {
            self.khado_karvo(m);
            return true;
        }
        by_game!(self.now.pos.game, V => {
            let cap = self.check::<V>(m).expect("a move from legal_moves");
            let mut child = self.now;
            self.apply::<V>(&mut child, m, cap);
            self.now = child;
        });
        self.finish_move()
    }

    /// After a move: ends the turn once nothing more can be used.
    fn finish_move(&mut self) -> bool {
        if self.now.pos.is_over() || !self.can_move() {
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
        by_game!(self.now.pos.game, V => self.why_not_from::<V>(from))
    }

    /// Every end of this turn's move phase, as positions at the start of
    /// the next turn: what `chaupar-cli outcomes` prints.
    pub fn outcomes(&self) -> Vec<Position> {
        search::outcomes(self)
    }

    /// Ends the turn: resolves what waited on it and passes the turn on.
    fn end_turn(&mut self) {
        by_game!(self.now.pos.game, V => self.end_turn_as::<V>())
    }

    /// [`Turn::end_turn`] with the game known.
    fn end_turn_as<V: Variant>(&mut self) {
        let pos = &mut self.now.pos;
        let seat = pos.to_move;
        let side = self.side;
        if V::GAME == Game::Chopat {
            for other in Side::ALL.into_iter().filter(|&s| s != side) {
                if let Ool::Pending(p) = pos.flags(other).ool {
                    // The passing pawn survived the next player's turn, or not.
                    let survived = pos.pawns(other).contains(&p);
                    pos.flags[other.index()].ool = if survived { Ool::Done } else { Ool::NotYet };
                }
            }
            pos.flags[seat.index()].has_thrown = true;
        }
        self.now.canonicalize::<V>();
        if !std::mem::take(&mut self.now.moved_any) && !self.now.pos.is_over() && self.is_dead() {
            self.now.pos.stall();
        }
        self.n_throws = 0;
        self.thrown = 0;
        self.now.spent = 0;
        self.now.moved = [0; MAX_PAWNS];
        self.top_run = 0;
        self.overshoot_open = true;
        // Chowka Bhara: each hit earns a turn of its own; those beyond the
        // next one wait in the player's flags.
        let hits = std::mem::take(&mut self.now.hits);
        let pos = &mut self.now.pos;
        let owed = std::mem::take(&mut pos.flags[seat.index()].extra_turns).saturating_add(hits);
        if owed > 0 && !pos.is_finished(seat) && !pos.is_over() {
            pos.flags[seat.index()].extra_turns = owed - 1;
        } else {
            self.now.pos.to_move = self.next_seat(seat);
        }
        self.settle();
    }

    /// Whether no player still racing could move with any throw: the game
    /// can never go on. Asked only after a turn in which nobody moved.
    fn is_dead(&self) -> bool {
        let throws = self.implement().distribution();
        let pos = &self.now.pos;
        !pos.seats()
            .iter()
            .filter(|&&s| !pos.is_finished(s) || pos.partnership())
            .any(|&seat| {
                throws.iter().any(|(throw, _)| {
                    let mut t = Turn::new(Position {
                        to_move: seat,
                        ..*pos
                    });
                    if t.phase != Phase::Throw {
                        return false;
                    }
                    t.throws[0] = *throw;
                    t.n_throws = 1;
                    t.thrown = (1 << throw.values().len()) - 1;
                    t.phase = Phase::Move;
                    t.can_move()
                })
            })
    }

    /// The seat after `seat`: finished players drop out unless their
    /// throws serve a partner.
    fn next_seat(&self, seat: Side) -> Side {
        let pos = &self.now.pos;
        let seats = pos.seats();
        let i = seats
            .iter()
            .position(|&s| s == seat)
            .expect("a seated side");
        (1..=seats.len())
            .map(|k| seats[(i + k) % seats.len()])
            .find(|&s| pos.partnership() || !pos.is_finished(s))
            .unwrap_or(seat)
    }

    /// Khado Karvo's moves: pawns from Home straight onto pawns of the
    /// opponent who plays next, if that opponent has done Ool Olangvun and
    /// they stand on the outer squares of the finished player's own arm (a
    /// pair is cut by two pawns coming back).
    fn khado_moves(&self) -> Vec<Move> {
        let pos = &self.now.pos;
        let seat = pos.to_move;
        let target = seat.next();
        if !pos.partnership() || pos.flags(target).ool != Ool::Done {
            return Vec::new();
        }
        let mut out = Vec::new();
        for step in (9..=16).chain(68..=75) {
            let cell = pos.board().cell_id(seat, step);
            let n = self.now.count_on(target, cell);
            if n > 0 && n as usize <= pos.pawns_home(seat) {
                out.push(Move::new(pos.home(), step, n, 0));
            }
        }
        out
    }

    /// Plays the Khado Karvo turn's choice and ends the turn.
    fn khado_karvo(&mut self, m: Move) {
        self.khado = false;
        let seat = self.now.pos.to_move;
        if m == Move::MISS_TURN {
            self.now.pos.flags[seat.index()].missed_turns += 1;
        } else {
            let cell = self.now.pos.cell(seat, m.to).expect("a loop square");
            self.now.send_back(Capture {
                side: seat.next(),
                cell,
                count: m.pawns,
            });
            let pos = &mut self.now.pos;
            let home = pos.home();
            let n = pos.pawn_count();
            for slot in pos.pawns[seat.index()][..n]
                .iter_mut()
                .filter(|s| **s == home)
                .take(m.pawns as usize)
            {
                *slot = m.to;
            }
            // Back in play: no longer among the finished.
            let k = pos.finished as usize;
            if let Some(i) = pos.places[..k].iter().position(|&s| s == seat) {
                pos.places.copy_within(i + 1..k, i);
                pos.finished -= 1;
            }
            pos.flags[seat.index()].missed_turns = 0;
            self.now.moved_any = true;
            self.now.refresh_cells();
        }
        self.end_turn();
    }

    /// Starts the turn of `to_move`: the game may be over, or a finished
    /// Chopat partner may have a turn to miss.
    fn settle(&mut self) {
        self.phase = Phase::Throw;
        loop {
            let pos = &self.now.pos;
            self.side = pos.pawn_side(pos.to_move);
            if pos.is_over() {
                self.phase = Phase::Over;
                return;
            }
            let seat = pos.to_move;
            if pos.turns_to_miss(seat) > 0 {
                // On the first turn after finishing, Khado Karvo may bring
                // a pawn back instead of missing the turn.
                self.side = seat;
                if pos.options.khado_karvo
                    && pos.flags(seat).missed_turns == 0
                    && !self.khado_moves().is_empty()
                {
                    self.khado = true;
                    self.phase = Phase::Move;
                    return;
                }
                self.now.pos.flags[seat.index()].missed_turns += 1;
                self.now.pos.to_move = self.next_seat(seat);
                continue;
            }
            return;
        }
    }
}
