//! The rule card: what the machinery of turns asks of a game. Each game is
//! one type implementing [`RuleCard`] in its own file under `games/`: its
//! constants, and hooks for what it does differently. Move generation, the
//! search over the rest of a turn, random play, positions and the
//! computer's evaluation ask the card and never name a game.
//!
//! The machinery is compiled once per card, the card a type parameter, so
//! that the constants fold away and the checks of one game cost nothing in
//! the others.

use super::effects::{Bonus, Effects, ThrowName, TurnEnd};
use super::error::PositionError;
use super::flags::{Flag, Flags, GameFlags, HAS_CUT};
use super::game::Mode;
use super::illegal::Illegal;
use super::moves::{Move, SLOTS};
use super::options::{HouseRule, Options};
use super::position::Position;
use crate::board::{Cell, Side, CROSS_HOME};
use crate::dice::{Implement, Throw};
use arrayvec::ArrayVec;

/// The most shapes one piece has with one set of values.
pub(crate) const MAX_SHAPES: usize = 2;

/// A shape of move from one step with one set of values: how many pawns
/// go together and how far (or that they enter from off the board).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct Shape {
    pub(crate) pawns: u8,
    pub(crate) distance: u8,
    pub(crate) enter: bool,
}

impl Shape {
    pub(crate) const fn single(distance: u8) -> Shape {
        Shape {
            pawns: 1,
            distance,
            enter: false,
        }
    }

    pub(crate) const fn group(pawns: u8, distance: u8) -> Shape {
        Shape {
            pawns,
            distance,
            enter: false,
        }
    }
}

/// The shapes a piece's move takes with one set of values.
pub(crate) type Shapes = ArrayVec<Shape, MAX_SHAPES>;

/// One shape, alone.
pub(crate) fn one(shape: Shape) -> Shapes {
    let mut v = ArrayVec::new();
    v.push(shape);
    v
}

/// What a card is asked when pawns would move: `pawns` of the `here` of
/// `side` standing on `from` with `values` (of one throw).
pub(crate) struct ShapeQuery<'a> {
    pub(crate) pos: &'a Position,
    pub(crate) side: Side,
    pub(crate) from: u8,
    pub(crate) pawns: u8,
    pub(crate) here: u8,
    pub(crate) values: &'a [u8],
    /// The values are of the turn's first throw.
    pub(crate) first_throw: bool,
    /// How many values of the turn are not yet spent.
    pub(crate) values_left: u8,
}

impl ShapeQuery<'_> {
    /// The sum of the values.
    pub(crate) fn sum(&self) -> u8 {
        self.values.iter().sum()
    }

    /// Two equal values: a doublet.
    pub(crate) fn doublet(&self) -> bool {
        self.values.len() == 2 && self.values[0] == self.values[1]
    }

    /// The values, smallest first.
    pub(crate) fn sorted(&self) -> ArrayVec<u8, SLOTS> {
        let mut sorted: ArrayVec<u8, SLOTS> = self.values.iter().copied().collect();
        sorted.sort_unstable();
        sorted
    }
}

/// Who stands where, as the machinery keeps it during a turn: what a card
/// asks about landing and passing.
pub(crate) trait Standing {
    fn pos(&self) -> &Position;
    /// How many of `side`'s pawns stand on `cell`.
    fn count_on(&self, side: Side, cell: u8) -> u8;
    /// The first other colour standing on `cell`, with how many pawns.
    fn opponent_on(&self, side: Side, cell: u8) -> Option<(Side, u8)>;
    /// Whether a colour other than `side` and `other` stands on `cell`.
    fn third_colour_on(&self, side: Side, other: Side, cell: u8) -> bool;
}

/// Pawns of `side` moving as `m` onto `cell`, where `count` pawns of
/// `other` stand on a square that is not safe: whom they capture.
pub(crate) struct Landing<'a, S> {
    pub(crate) standing: &'a S,
    pub(crate) side: Side,
    pub(crate) m: Move,
    pub(crate) cell: u8,
    pub(crate) other: Side,
    pub(crate) count: u8,
}

/// A path along which a player circles until it has cut: steps `first`
/// to `turn_in` make a circuit, and a pawn goes on past `turn_in` only
/// once its player has cut (hit) a pawn.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct Circuit {
    pub(crate) first: u8,
    pub(crate) turn_in: u8,
    /// Whether a pawn keeps circling (else it may not pass the turn-in).
    pub(crate) circles: bool,
}

impl Circuit {
    /// The squares of one round.
    pub(crate) fn len(&self) -> u8 {
        self.turn_in - self.first + 1
    }

    /// Where a pawn circling from `from` ends `distance` further on.
    pub(crate) fn round(&self, from: u8, distance: u8) -> u8 {
        (from + distance - self.first) % self.len() + self.first
    }
}

/// A game's rules, as the machinery of turns asks them. Defaults are the
/// common case; each game's file says what differs.
pub(crate) trait RuleCard {
    /// The modes the game is played in, the default first.
    const MODES: &'static [Mode];
    /// Played on the cross-shaped cloth (else the square board).
    const CROSS: bool = true;
    /// Partners win together in every mode.
    const ALWAYS_PARTNERS: bool = false;
    /// The most shapes a move of one piece with one set of values has.
    const SHAPES: usize = 1;
    /// While a cut pawn waits to re-enter, no other pawn of its colour
    /// moves.
    const REENTER_FIRST: bool = false;
    /// The most pawns of a colour on one square outside the Belly, if
    /// there is a limit.
    const SQUARE_LIMIT: Option<u8> = None;
    /// Sending an opponent's pawn back earns another turn.
    const CAPTURE_EARNS_TURN: bool = false;
    /// Every seat throws first, and the highest total starts.
    const OPENING_THROW: bool = false;
    /// Turns a finished partner misses before throwing for the partner.
    const FINISHED_PARTNER_MISSES: u8 = 0;
    /// The flags a position keeps for each player.
    const FLAGS: &'static [Flag] = &[];
    /// What the game's own rules remember of a player at the start.
    const GAME_FLAGS: GameFlags = GameFlags::None;
    /// The house rules the game has.
    const HOUSE_RULES: &'static [HouseRule] = &[];

    /// What the players throw.
    fn implement(options: &Options) -> Implement;

    /// Pawns per player.
    fn pawn_count(_options: &Options) -> u8 {
        4
    }

    /// Pawn `i`'s step at the start.
    fn start_step(options: &Options, i: usize) -> u8;

    /// Whether a pawn may stand on step 0: the centre, where cut pawns wait
    /// to re-enter, or off the board.
    fn step_zero_allowed(_options: &Options) -> bool {
        true
    }

    /// Pawns per player, as the machinery reads them: a constant where
    /// the game has one.
    #[inline]
    fn pawns_in_play(_pos: &Position) -> usize {
        4
    }

    /// Home: the last step.
    #[inline]
    fn home(_pos: &Position) -> u8 {
        CROSS_HOME
    }

    /// The circuit a player keeps to until it has cut, if the game has one.
    #[inline]
    fn circuit(_options: &Options) -> Option<Circuit> {
        None
    }

    /// The squares where nobody is captured, as a set of cells.
    fn safe_cells(_board: u8) -> u128 {
        0
    }

    /// Whether opponents may share a square that is not safe (the square
    /// board inside its outer ring, where a double hit one of two pawns).
    fn may_share(_pos: &Position, _cell: Cell) -> bool {
        false
    }

    /// How many pawns may move as one piece from a square where `here`
    /// stand together (and how many such sizes there are).
    #[inline]
    fn group_sizes(_here: u8) -> ([u8; 2], usize) {
        ([2, 0], 1)
    }

    /// Whether two or more of `side`'s pawns on `from` may move as one
    /// piece: its pairs or groups.
    #[inline]
    fn moves_together(pos: &Position, side: Side, from: u8) -> bool {
        pos.can_pair_at(side, from)
    }

    /// Whether pawns on `from` may start a move together at all: where they
    /// form a pair or group.
    #[inline]
    fn together_from(pos: &Position, side: Side, from: u8) -> bool {
        pos.can_pair_at(side, from)
    }

    /// The ways the pieces may move with a set of values.
    fn shapes(q: &ShapeQuery) -> Result<Shapes, Illegal>;

    /// Whether a pawn may go through Home and round again, when nothing
    /// else moves.
    #[inline]
    fn overshoots(_options: &Options) -> bool {
        false
    }

    /// Checks on a move before where it lands is looked at.
    #[inline]
    fn before_landing(_pos: &Position, _side: Side, _m: Move) -> Result<(), Illegal> {
        Ok(())
    }

    /// Checks on pawns joining `together - m.pawns` of their colour on a
    /// square outside the Belly.
    #[inline]
    fn joining(_pos: &Position, _side: Side, _m: Move, _together: u8) -> Result<(), Illegal> {
        Ok(())
    }

    /// Checks on the squares a single pawn passes.
    #[inline]
    fn passing<S: Standing>(_standing: &S, _side: Side, _m: Move) -> Result<(), Illegal> {
        Ok(())
    }

    /// How many pawns of the opponent on the landing square are sent
    /// back, or why the pawns may not land there.
    fn capture<S: Standing>(landing: &Landing<S>) -> Result<u8, Illegal>;

    /// The two ways a legal move may be made where its player has a
    /// choice the move must name (which pair is true, in Chopat), if it
    /// has one: each a legal move of its own.
    #[inline]
    fn named_ways(_pos: &Position, _side: Side, _m: Move) -> Option<[Move; 2]> {
        None
    }

    /// The step a pawn sent back goes to.
    #[inline]
    fn restart_step(_options: &Options) -> u8 {
        0
    }

    /// What the game remembers after `side`'s pawns on `cell` are sent back.
    #[inline]
    fn after_cut(_pos: &mut Position, _side: Side, _cell: Cell) {}

    /// What the game remembers after `side` moved `m`.
    #[inline]
    fn after_move(_pos: &mut Position, _side: Side, _m: Move) {}

    /// What the game settles when the turn of `seat` (moving `side`'s
    /// pawns) ends.
    #[inline]
    fn end_of_turn(_pos: &mut Position, _side: Side, _seat: Side, _end: &mut TurnEnd) {}

    /// Whether `throw` earns `side` another throw.
    #[inline]
    fn bonus(_pos: &Position, _side: Side, _throw: Throw) -> Bonus {
        Bonus::None
    }

    /// The traditional name of a throw, if it has one.
    #[inline]
    fn throw_name(_options: &Options, _throw: &Throw) -> Option<ThrowName> {
        None
    }

    /// After how many bonus throws in a row the run of throws is void.
    #[inline]
    fn voids_run_at(_options: &Options) -> Option<u8> {
        None
    }

    /// How many steps one step of a value can take the side's pawns at
    /// most, all together (a group moving as one): what bounds how far a
    /// turn's values can take them.
    #[inline]
    fn reach(_pos: &Position, _side: Side) -> u32 {
        1
    }

    /// Whether a pawn on `step` waits off the board, where one value
    /// brings it in whatever its size.
    #[inline]
    fn waiting_off_board(_pos: &Position, _step: u8) -> bool {
        false
    }

    /// The game's own milestones of a move of `side`'s pawns.
    fn milestones(
        _before: &Position,
        _after: &Position,
        _side: Side,
        _m: Move,
        _out: &mut Effects,
    ) {
    }

    /// The moves of a finished player's turn without a throw, instead of a
    /// turn missed: pawns back from Home onto an opponent's (Chopat).
    fn moves_without_throw<S: Standing>(_standing: &S, _seat: Side) -> Vec<Move> {
        Vec::new()
    }

    /// Whether a pair of `side` on `step` is one a single opponent pawn
    /// can cut.
    fn cut_by_single(_pos: &Position, _side: Side, _step: u8) -> bool {
        false
    }

    /// Whether `side` has taken the step that opens the rest of the game:
    /// the first cut, where pawns circle until one.
    fn way_opened(pos: &Position, side: Side) -> bool {
        Self::circuit(&pos.options).is_some() && pos.flags(side).has_cut
    }

    /// The step on which `side` must still form its first pair, if any.
    fn first_pair_due(_pos: &Position, _side: Side) -> Option<u8> {
        None
    }

    /// The flags a position read from JSON leaves out, taken from the
    /// pawns, and the check that those given agree with them: `given`
    /// says which flags the position gave. A pawn past the turn-in shows
    /// that its player has cut (one given as not having cut is refused by
    /// the position's checks).
    fn flags_from_pawns(
        options: &Options,
        _colour: &str,
        pawns: &[u8],
        flags: &mut Flags,
        given: &dyn Fn(&str) -> bool,
    ) -> Result<(), PositionError> {
        if let Some(circuit) = Self::circuit(options) {
            if !given(HAS_CUT.name) {
                flags.has_cut = pawns.iter().any(|&s| s > circuit.turn_in);
            }
        }
        Ok(())
    }

    /// The game's own checks of a player's flags.
    fn validate_flags(_pos: &Position, _side: Side, _colour: &str) -> Result<(), PositionError> {
        Ok(())
    }

    /// What the game settles of `side`'s flags in a position set up from
    /// its parts, before it is checked: what the parts leave to the rules.
    fn settle_setup(_pos: &mut Position, _side: Side) {}
}
