//! A position: where every pawn stands, whose turn it is, and what each
//! player's game remembers beyond the pawns. Built only through
//! [`Position::start`] or [`Position::from_setup`] (`rules::setup`), which
//! refuse anything the rules cannot reach; what each game's rules say of a
//! position is asked of its card (`rules::games::position_rules`).

use super::flags::Flags;
use super::game::Game;
use super::options::Options;
use crate::board::{BoardKind, Cell, Geometry, Side};
use arrayvec::ArrayVec;
use std::fmt;

/// The most pawns a side has: N - 1 on the 11 x 11 board.
pub const MAX_PAWNS: usize = 10;

#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Position {
    pub(crate) fixed: Fixed,
    pub(crate) game: Game,
    pub(crate) options: Options,
    pub(crate) to_move: Side,
    pub(crate) pawns: [[u8; MAX_PAWNS]; 4],
    pub(crate) flags: [Flags; 4],
    /// Finishing order: the first `finished` entries are places 1, 2, ...
    pub(crate) places: [Side; 4],
    pub(crate) finished: u8,
    /// The game ended because no player could ever move again; the places
    /// of the players still racing were given by progress.
    pub(crate) stalled: bool,
}

/// What every position of one game and option set shares, looked up once
/// so that move generation reads it from the position itself. Equality
/// and hashing ignore it: the game and options determine it.
#[derive(Clone, Copy)]
pub(crate) struct Fixed {
    pub(crate) geometry: &'static Geometry,
    pub(crate) squares: &'static Squares,
    pub(crate) seated: u8,
    pub(crate) pawns: u8,
    pub(crate) partnership: bool,
}

/// What the rules of one game ask of each square, by cell number: one
/// lookup where the move generator asks it for every landing.
pub(crate) struct Squares {
    pub(crate) kind: [u8; 256],
}

impl Squares {
    /// Two or more pawns of a colour standing here form a pair or group:
    /// the loop and the square board's grid, not a Belly or the centre.
    pub(crate) const PAIRS: u8 = 1;
    /// Pawns of different colours may share it and nobody is captured.
    pub(crate) const SAFE: u8 = 2;
    /// A square of its owner's Belly: no other colour enters it.
    pub(crate) const BELLY: u8 = 4;
    /// Chowka Bhara: an unsafe square of the outer ring, where two pawns
    /// of a colour form a double.
    pub(crate) const DOUBLE: u8 = 8;

    /// Whether the cell numbered `cell` ([`NO_CELL`] for none) is `what`.
    #[inline]
    pub(crate) fn is(&self, cell: u8, what: u8) -> bool {
        self.kind[cell as usize] & what != 0
    }
}

impl PartialEq for Fixed {
    fn eq(&self, _: &Fixed) -> bool {
        true
    }
}

impl Eq for Fixed {}

impl std::hash::Hash for Fixed {
    fn hash<H: std::hash::Hasher>(&self, _: &mut H) {}
}

impl fmt::Debug for Fixed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("..")
    }
}

impl Position {
    pub fn game(&self) -> Game {
        self.game
    }

    pub fn options(&self) -> &Options {
        &self.options
    }

    pub fn board(&self) -> &'static Geometry {
        self.fixed.geometry
    }

    pub fn board_kind(&self) -> BoardKind {
        self.options.board_kind(self.game)
    }

    /// The seated sides in turn order.
    pub fn seats(&self) -> &'static [Side] {
        self.game.seats(self.options.mode)
    }

    pub fn is_seated(&self, side: Side) -> bool {
        self.fixed.seated & (1 << side.0) != 0
    }

    pub fn to_move(&self) -> Side {
        self.to_move
    }

    pub fn colour_name(&self, side: Side) -> &'static str {
        self.board_kind().colour_name(side)
    }

    /// Pawns per player: four on the cross board, N - 1 on the square one.
    pub fn pawn_count(&self) -> usize {
        self.fixed.pawns as usize
    }

    /// The steps of a side's pawns along its own path.
    pub fn pawns(&self, side: Side) -> &[u8] {
        if self.is_seated(side) {
            &self.pawns[side.index()][..self.pawn_count()]
        } else {
            &[]
        }
    }

    pub fn flags(&self, side: Side) -> &Flags {
        &self.flags[side.index()]
    }

    /// The last step, Home.
    pub fn home(&self) -> u8 {
        self.board().home
    }

    pub fn pawns_home(&self, side: Side) -> usize {
        self.pawns_on(side, self.home())
    }

    /// The steps a side's pawns have still to go to Home, all together:
    /// how far the side is from winning the race.
    pub fn steps_to_go(&self, side: Side) -> u32 {
        let home = u32::from(self.home());
        self.pawns(side).iter().map(|&s| home - u32::from(s)).sum()
    }

    /// The squares where `side` has a pair or group, each given by the
    /// lowest step of its pawns there (steps 8 and 76 are one square, so a
    /// pawn on each is a pair on step 8), lowest first.
    pub(crate) fn pair_steps(&self, side: Side) -> ArrayVec<u8, MAX_PAWNS> {
        let mut pawns: ArrayVec<u8, MAX_PAWNS> = self.pawns(side).iter().copied().collect();
        pawns.sort_unstable();
        let mut pairs: ArrayVec<u8, MAX_PAWNS> = ArrayVec::new();
        for &s in &pawns {
            if self.can_pair_at(side, s)
                && self.pawns_on_square(side, s) >= 2
                && !pairs.iter().any(|&p| self.same_square(side, p, s))
            {
                pairs.push(s);
            }
        }
        pairs
    }

    /// Whether steps `a` and `b` of `side` are one square.
    pub(crate) fn same_square(&self, side: Side, a: u8, b: u8) -> bool {
        self.cell(side, a) == self.cell(side, b)
    }

    /// How many of a side's pawns stand on `step`.
    pub(crate) fn pawns_on(&self, side: Side, step: u8) -> usize {
        self.pawns(side).iter().filter(|&&s| s == step).count()
    }

    /// How many of `side`'s pawns stand on the square of `step`: steps 8
    /// and 76 are one square.
    pub(crate) fn pawns_on_square(&self, side: Side, step: u8) -> usize {
        let square = self.cell(side, step);
        self.pawns(side)
            .iter()
            .filter(|&&s| self.cell(side, s) == square)
            .count()
    }

    pub fn is_finished(&self, side: Side) -> bool {
        self.places().contains(&side)
    }

    /// The place `side` finished in, 1 for the first, if it has finished.
    pub fn finishing_place(&self, side: Side) -> Option<usize> {
        self.places().iter().position(|&s| s == side).map(|i| i + 1)
    }

    /// Players in the order they finished.
    pub fn places(&self) -> &[Side] {
        &self.places[..self.finished as usize]
    }

    /// Whether partners (opposite sides) win together.
    pub fn partnership(&self) -> bool {
        self.fixed.partnership
    }

    pub fn is_over(&self) -> bool {
        if self.stalled {
            return true;
        }
        if self.finished == 0 {
            return false;
        }
        let seats = self.seats();
        if self.partnership() {
            seats
                .iter()
                .any(|&s| self.is_finished(s) && self.is_finished(s.opposite()))
        } else {
            self.finished as usize >= seats.len() - 1 && self.finished > 0
        }
    }

    /// The winners once the game is over: the first player, or both
    /// partners of the first team, in the order they finished.
    pub fn winners(&self) -> Vec<Side> {
        match self.winner() {
            Some(w) if self.is_over() && self.partnership() => vec![w, w.opposite()],
            Some(w) if self.is_over() => vec![w],
            _ => Vec::new(),
        }
    }

    /// Who has won, as soon as it is decided: the first player with every
    /// pawn Home (the others may play on for the places), or in a
    /// partnership the partner who finished first of the first pair to
    /// have both partners Home. That pair need not hold the first place:
    /// one partner finishing first wins nothing while the other is still
    /// on the way.
    pub fn winner(&self) -> Option<Side> {
        let places = self.places();
        if !self.partnership() {
            return places.first().copied();
        }
        places
            .iter()
            .enumerate()
            .find(|&(i, s)| places[..i].contains(&s.opposite()))
            .map(|(_, s)| s.opposite())
    }

    /// Whether the game ended with no player able to move again.
    pub fn is_stalled(&self) -> bool {
        self.stalled
    }

    /// Ends a game no player can move in any more: the players still
    /// racing take the remaining places by pawns Home, then by the steps
    /// their pawns have come (partners counted together).
    pub(crate) fn stall(&mut self) {
        let progress = |s: Side| {
            let home = self.pawns_home(s) as u32;
            let steps: u32 = self.pawns(s).iter().map(|&p| p as u32).sum();
            (home, steps)
        };
        let mut racing: Vec<Side> = self
            .seats()
            .iter()
            .copied()
            .filter(|&s| !self.is_finished(s))
            .collect();
        let partnership = self.partnership();
        racing.sort_by_key(|&s| {
            let (h, st) = progress(s);
            let (ph, pst) = if partnership {
                progress(s.opposite())
            } else {
                (0, 0)
            };
            std::cmp::Reverse((h + ph, st + pst, h, st))
        });
        for s in racing {
            self.places[self.finished as usize] = s;
            self.finished += 1;
        }
        self.stalled = true;
    }

    /// Whose pawns a seat's throws move: its own, or once it has finished
    /// in a partnership, its partner's.
    pub fn pawn_side(&self, seat: Side) -> Side {
        if self.partnership() && self.is_finished(seat) {
            seat.opposite()
        } else {
            seat
        }
    }

    pub(crate) fn cell(&self, side: Side, step: u8) -> Option<Cell> {
        self.board().cell(side, step)
    }

    /// Whether two equal steps of one colour here form a pair or group:
    /// only outside the Belly and the centre.
    pub(crate) fn can_pair_at(&self, side: Side, step: u8) -> bool {
        step != 0
            && step <= self.home()
            && self
                .fixed
                .squares
                .is(self.board().cell_id(side, step), Squares::PAIRS)
    }

    /// Sorts each side's pawns, so that equal positions compare equal.
    pub(crate) fn canonicalize(&mut self) {
        let n = self.pawn_count();
        for side in self.pawns.iter_mut() {
            side[..n].sort_unstable();
        }
    }

    /// Squares where pawns of different colours may stand together and
    /// nobody is captured.
    pub(crate) fn is_safe(&self, cell: Cell) -> bool {
        self.fixed.squares.is(cell.0, Squares::SAFE)
    }

    /// What the game's rules make of each square.
    pub(crate) fn squares(&self) -> &'static Squares {
        self.fixed.squares
    }
}
