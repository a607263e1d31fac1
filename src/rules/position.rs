//! A position: where every pawn stands, whose turn it is, and what each
//! player's game remembers beyond the pawns. Built only through
//! [`Position::start`] or [`Position::from_parts`], which refuse anything the
//! rules cannot reach.

use super::game::{Game, Mode};
use super::options::Options;
use crate::board::{geometry, BoardKind, Cell, CellKind, Geometry, Side};
use arrayvec::ArrayVec;
use std::fmt;

/// The most pawns a side has: N - 1 on the 11 x 11 board.
pub const MAX_PAWNS: usize = 10;

/// The turns a finished Chopat partner misses before throwing for the
/// partner (GAMES.md 3, "Finished players").
const CHOPAT_TURNS_MISSED: u8 = 4;

/// Chopat: the step of its own path on which a player must form its first
/// new pair, the Jug (GAMES.md 3, "Kajalvun").
pub(crate) const KAJALVUN_STEP: u8 = 34;

/// Where Chopat's pawns start (and Pagade's): steps 6 and 7, a pair on 12.
const CHOPAT_START: [u8; 4] = [6, 7, 12, 12];

/// Whether a Chopat player's pawns stand where they started: a player who
/// has not yet had a turn always does (nobody can cut a pair before
/// Kajalvun, and steps 6 and 7 are in the Belly).
pub(crate) fn at_chopat_start(pawns: &[u8]) -> bool {
    let mut sorted = [0u8; 4];
    sorted.copy_from_slice(pawns);
    sorted.sort_unstable();
    sorted == CHOPAT_START
}

/// Chopat's Ool Olangvun: a single pawn passing over its own Jug.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub enum Ool {
    #[default]
    NotYet,
    /// A pawn passed the Jug and now stands on this step; it counts once it
    /// has survived the next player's turn.
    Pending(u8),
    Done,
}

/// What a player's game remembers beyond the pawns (GAMES.md 8, `flags`).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct Flags {
    /// Pagade, Chowka Bhara: this player has cut (hit) an opponent pawn.
    pub has_cut: bool,
    /// Chopat: the first pair (the Jug) has been formed on step 34.
    pub kajalvun: bool,
    /// Chopat: the player has had a turn (the opening split needs the
    /// player's first throw).
    pub has_thrown: bool,
    /// Chopat: the step the Jug stands on, while it stands.
    pub jug: Option<u8>,
    /// Chopat: the Jug has moved together and not yet been passed over.
    pub jug_moved: bool,
    pub ool: Ool,
    /// Chopat's false-pair rule: the step of the pair its player named
    /// true, while the player has two pairs.
    pub true_pair: Option<u8>,
    /// Chopat: turns a finished partner has missed (four, then they throw
    /// for the partner).
    pub missed_turns: u8,
    /// Chowka Bhara: turns still owed to the player to move after this
    /// one, for hits beyond the first in one turn.
    pub extra_turns: u8,
}

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
    geometry: &'static Geometry,
    squares: &'static Squares,
    seated: u8,
    pawns: u8,
}

/// What the rules of one game ask of each square, by cell number: one
/// lookup where the move generator asks it for every landing.
pub(crate) struct Squares {
    kind: [u8; 256],
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

impl Fixed {
    fn new(game: Game, options: &Options) -> Fixed {
        Fixed {
            geometry: geometry(options.board_kind(game)),
            squares: squares(game, options.board),
            seated: game.seats(options.mode).iter().fold(0, |m, s| m | 1 << s.0),
            pawns: match game {
                Game::ChowkaBhara => options.board - 1,
                _ => 4,
            },
        }
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

/// Why a position, an option or a game description was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PositionError {
    UnknownGame(String),
    UnknownOption {
        key: String,
        game: Game,
    },
    BadOptionValue {
        key: String,
        value: String,
    },
    ModeNotPlayed {
        mode: Mode,
        game: Game,
    },
    UnknownColour(String),
    WrongSeats {
        expected: String,
    },
    NotSeated(String),
    WrongPawnCount {
        colour: String,
        expected: usize,
        found: usize,
    },
    StepOutOfRange {
        colour: String,
        step: i64,
        max: u8,
    },
    OffBoardNotAllowed {
        colour: String,
    },
    SquareOverfull {
        colour: String,
        step: u8,
        limit: u8,
    },
    SharedSquare {
        first: String,
        second: String,
        step: u8,
        of: String,
    },
    Inconsistent(String),
    Json(String),
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use PositionError::*;
        match self {
            UnknownGame(g) => write!(
                f,
                "unknown game \"{g}\" (the games are chopat, pagade, chaupar, chaupar-akbar, chowka-bhara)"
            ),
            UnknownOption { key, game } => write!(f, "{} has no option \"{key}\"", game.title()),
            BadOptionValue { key, value } => write!(f, "option \"{key}\" cannot be \"{value}\""),
            ModeNotPlayed { mode, game } => {
                write!(f, "{} is not played in mode \"{}\"", game.title(), mode.id())
            }
            UnknownColour(c) => write!(f, "\"{c}\" is not a colour of this board"),
            WrongSeats { expected } => write!(f, "the seats for this game and mode are {expected}"),
            NotSeated(c) => write!(f, "{c} is not seated in this game"),
            WrongPawnCount {
                colour,
                expected,
                found,
            } => write!(f, "{colour} has {found} pawns; this game gives each player {expected}"),
            StepOutOfRange { colour, step, max } => {
                write!(f, "{colour} has a pawn on step {step}; steps run from 0 to {max}")
            }
            OffBoardNotAllowed { colour } => write!(
                f,
                "{colour} has a pawn off the board (step 0), which needs the entry-throws option"
            ),
            SquareOverfull { colour, step, limit } => {
                write!(f, "{colour} has more than {limit} pawns on step {step}")
            }
            SharedSquare {
                first,
                second,
                step,
                of,
            } => write!(
                f,
                "{first} and {second} share a square ({of}'s step {step}), which only a safe square allows"
            ),
            Inconsistent(why) => f.write_str(why),
            Json(why) => write!(f, "not a position: {why}"),
        }
    }
}

impl std::error::Error for PositionError {}

impl Position {
    /// The fresh start of a game.
    pub fn start(game: Game, options: Options) -> Result<Position, PositionError> {
        let mut p = Position::blank(game, options)?;
        let count = p.pawn_count();
        let start: &[u8] = match game {
            Game::Chopat | Game::Pagade => &CHOPAT_START,
            Game::Chaupar | Game::ChauparAkbar => &[6, 7, 9, 10],
            Game::ChowkaBhara => &[],
        };
        let first_step = u8::from(!options.entry_throws);
        for &side in game.seats(options.mode) {
            for i in 0..count {
                p.pawns[side.index()][i] = start.get(i).copied().unwrap_or(first_step);
            }
        }
        Ok(p)
    }

    /// A position with no pawns placed, for [`Position::from_parts`].
    fn blank(game: Game, options: Options) -> Result<Position, PositionError> {
        if !game.modes().contains(&options.mode) {
            return Err(PositionError::ModeNotPlayed {
                mode: options.mode,
                game,
            });
        }
        Ok(Position {
            fixed: Fixed::new(game, &options),
            game,
            options,
            to_move: game.seats(options.mode)[0],
            pawns: [[0; MAX_PAWNS]; 4],
            flags: [Flags::default(); 4],
            places: [Side(0); 4],
            finished: 0,
            stalled: false,
        })
    }

    /// A position from its parts, checked against the rules. `pawns` and
    /// `flags` are per side (side order); `places` the finishing order.
    #[allow(clippy::too_many_arguments)]
    pub fn from_parts(
        game: Game,
        options: Options,
        to_move: Side,
        pawns: [&[u8]; 4],
        flags: [Flags; 4],
        places: &[Side],
        stalled: bool,
    ) -> Result<Position, PositionError> {
        let mut p = Position::blank(game, options)?;
        let count = p.pawn_count();
        let seats = game.seats(options.mode);
        for side in Side::ALL {
            let list = pawns[side.index()];
            let colour = p.colour_name(side).to_string();
            if !seats.contains(&side) {
                if !list.is_empty() {
                    return Err(PositionError::NotSeated(colour));
                }
                continue;
            }
            if list.len() != count {
                return Err(PositionError::WrongPawnCount {
                    colour,
                    expected: count,
                    found: list.len(),
                });
            }
            p.pawns[side.index()][..count].copy_from_slice(list);
        }
        p.flags = flags;
        p.to_move = to_move;
        if places.len() > 4 {
            return Err(PositionError::Inconsistent(
                "more places than players".into(),
            ));
        }
        p.places[..places.len()].copy_from_slice(places);
        p.finished = places.len() as u8;
        p.stalled = stalled;
        if stalled && p.finished as usize != p.seats().len() {
            return Err(PositionError::Inconsistent(
                "a stalled game places every player".into(),
            ));
        }
        p.canonicalize();
        // A position that does not name a true pair means the one the
        // engine names (see `settle_true_pair`); a pair on steps 8 and 76
        // named by step 76 is the pair on step 8.
        for &side in p.seats() {
            match p.flags(side).true_pair {
                None => p.settle_true_pair(side, None),
                Some(t) => {
                    if let Some(&pair) = p
                        .pair_steps(side)
                        .iter()
                        .find(|&&s| p.same_square(side, s, t))
                    {
                        p.flags[side.index()].true_pair = Some(pair);
                    }
                }
            }
        }
        p.validate()?;
        Ok(p)
    }

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

    /// Chopat's false-pair rule: whether the pair of `side` on `step` is a
    /// false one, which a single opponent pawn can cut: with two pairs on
    /// the board, the one its player did not name true.
    pub fn is_false_pair(&self, side: Side, step: u8) -> bool {
        self.flags(side)
            .true_pair
            .is_some_and(|truth| !self.same_square(side, truth, step))
            && self.pawns_on_square(side, step) >= 2
            && self.can_pair_at(side, step)
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

    /// Chopat's false-pair rule: after `side`'s pawns have moved, the true
    /// pair as the player named it (`named`: a step), else as it stood and
    /// followed its pair, else as positions and records that do not name
    /// it mean: the Jug, else the pair farthest along. `None` with fewer
    /// than two pairs.
    pub(crate) fn settle_true_pair(&mut self, side: Side, named: Option<u8>) {
        if self.game != Game::Chopat || !self.options.false_pair {
            return;
        }
        let pairs = self.pair_steps(side);
        let f = self.flags(side);
        let truth = (pairs.len() >= 2).then(|| {
            [named, f.true_pair, f.jug]
                .into_iter()
                .flatten()
                .find_map(|step| {
                    let pair_there = |&p: &u8| self.same_square(side, p, step);
                    pairs.iter().copied().find(pair_there)
                })
                .unwrap_or(pairs[pairs.len() - 1])
        });
        self.flags[side.index()].true_pair = truth;
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

    pub fn partnership(&self) -> bool {
        self.game.partnership(self.options.mode)
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

    /// How many more turns a finished Chopat partner misses before its
    /// throws serve its partner; 0 for everyone else.
    pub fn turns_to_miss(&self, seat: Side) -> u8 {
        if self.game == Game::Chopat && self.partnership() && self.is_finished(seat) {
            CHOPAT_TURNS_MISSED.saturating_sub(self.flags(seat).missed_turns)
        } else {
            0
        }
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

    /// The checks every position must pass: the one door in.
    pub fn validate(&self) -> Result<(), PositionError> {
        let seats = self.seats();
        let home = self.home();
        let inconsistent = |s: String| Err(PositionError::Inconsistent(s));
        if !seats.contains(&self.to_move) {
            return Err(PositionError::NotSeated(
                self.colour_name(self.to_move).into(),
            ));
        }
        for &side in seats {
            let colour = self.colour_name(side).to_string();
            let f = self.flags(side);
            for &step in self.pawns(side) {
                if step > home {
                    return Err(PositionError::StepOutOfRange {
                        colour,
                        step: step as i64,
                        max: home,
                    });
                }
                if step == 0 && self.game == Game::ChowkaBhara && !self.options.entry_throws {
                    return Err(PositionError::OffBoardNotAllowed { colour });
                }
            }
            // Pawns past the turn-in need a cut where the game asks for one.
            let turn_in = self.turn_in_step();
            if let Some(turn_in) = turn_in {
                if !f.has_cut && self.pawns(side).iter().any(|&s| s > turn_in) {
                    return inconsistent(format!(
                        "{colour} has a pawn beyond the turn-in but has not cut anybody"
                    ));
                }
            }
            // How many pawns of one colour a square holds.
            let limit = match self.game {
                Game::Chopat | Game::Pagade => 2,
                _ => MAX_PAWNS as u8,
            };
            for &step in self.pawns(side) {
                if self.can_pair_at(side, step) && self.pawns_on_square(side, step) > limit as usize
                {
                    return Err(PositionError::SquareOverfull {
                        colour,
                        step,
                        limit,
                    });
                }
            }
            self.validate_chopat_flags(side, &colour)?;
            let all_home = self.pawns(side).iter().all(|&s| s == home);
            if all_home != self.is_finished(side) && !(self.stalled && self.is_finished(side)) {
                return inconsistent(if all_home {
                    format!("{colour} has every pawn Home but is not among the places")
                } else {
                    format!("{colour} is among the places but not every pawn is Home")
                });
            }
            if f.missed_turns > CHOPAT_TURNS_MISSED || (f.missed_turns > 0 && !all_home) {
                return inconsistent(format!(
                    "{colour} has missed {} turns, which only a finished Chopat player does, {CHOPAT_TURNS_MISSED} at most",
                    f.missed_turns
                ));
            }
            if f.extra_turns > 0
                && (self.game != Game::ChowkaBhara
                    || side != self.to_move
                    || all_home
                    || self.is_over())
            {
                return inconsistent(format!(
                    "{colour} is owed {} more turns, which only a Chowka Bhara player to move who is still racing can be (for hits)",
                    f.extra_turns
                ));
            }
        }
        for (i, &a) in self.places().iter().enumerate() {
            if !seats.contains(&a) || self.places()[..i].contains(&a) {
                return inconsistent(
                    "the places list a player twice or one who is not seated".into(),
                );
            }
        }
        self.validate_sharing()?;
        if self.is_over() {
            return Ok(());
        }
        if self.is_finished(self.to_move) && !self.partnership() {
            return inconsistent(format!(
                "{} has finished and cannot be the player to move",
                self.colour_name(self.to_move)
            ));
        }
        Ok(())
    }

    fn validate_chopat_flags(&self, side: Side, colour: &str) -> Result<(), PositionError> {
        let f = self.flags(side);
        let inconsistent = |s: String| Err(PositionError::Inconsistent(s));
        if self.game != Game::Chopat {
            if f.kajalvun
                || f.jug.is_some()
                || f.jug_moved
                || f.ool != Ool::NotYet
                || f.has_thrown
                || f.missed_turns > 0
                || f.true_pair.is_some()
            {
                return inconsistent(format!(
                    "{colour} has Chopat flags in a game of {}",
                    self.game.title()
                ));
            }
            return Ok(());
        }
        let count_at = |step: u8| self.pawns_on(side, step);
        if !f.kajalvun {
            if f.jug.is_some() || f.jug_moved || f.ool != Ool::NotYet {
                return inconsistent(format!("{colour} has a Jug but has not done Kajalvun"));
            }
            for &step in self.pawns(side) {
                if self.can_pair_at(side, step)
                    && self.pawns_on_square(side, step) > 1
                    && step != 12
                {
                    return inconsistent(format!(
                        "{colour} has a pair on step {step} before Kajalvun; the first pair must form on step {KAJALVUN_STEP}"
                    ));
                }
            }
        }
        if let Some(j) = f.jug {
            if count_at(j) != 2 || !self.can_pair_at(side, j) {
                return inconsistent(format!(
                    "{colour}'s Jug is on step {j}, where no pair of theirs stands"
                ));
            }
            // Ool Olangvun waits on a pass over the moved Jug, and before
            // it a Jug away from its Kajalvun square has moved (once it is
            // done, the Jug's moves no longer count).
            let waits = matches!(f.ool, Ool::Pending(_));
            if !f.jug_moved && (waits || (f.ool == Ool::NotYet && j != KAJALVUN_STEP)) {
                return inconsistent(format!(
                    "{colour}'s Jug on step {j} has not moved (\"jug_moved\" is false), but {}",
                    if waits {
                        "Ool Olangvun waits on a pawn that passed it"
                    } else {
                        "it stands away from the Kajalvun square"
                    }
                ));
            }
        } else if f.jug_moved {
            return inconsistent(format!("{colour}'s Jug has moved but there is no Jug"));
        }
        if let Ool::Pending(p) = f.ool {
            if count_at(p) == 0 {
                return inconsistent(format!(
                    "{colour}'s Ool Olangvun waits on step {p}, where no pawn of theirs stands"
                ));
            }
        }
        let pairs = self.pair_steps(side);
        if f.true_pair.is_none() && self.options.false_pair && pairs.len() >= 2 {
            return inconsistent(format!(
                "{colour} has two pairs under the false-pair rule but names neither true"
            ));
        }
        if let Some(t) = f.true_pair {
            if !self.options.false_pair {
                return inconsistent(format!(
                    "{colour} names a true pair, but the false-pair rule is off"
                ));
            }
            if !pairs.contains(&t) {
                return inconsistent(format!(
                    "{colour}'s true pair is on step {t}, where no pair of theirs stands"
                ));
            }
            if pairs.len() < 2 {
                return inconsistent(format!(
                    "{colour} names a true pair but has only the one on step {t}"
                ));
            }
        }
        Ok(())
    }

    /// Opponents share a square only where the game makes it safe, and in
    /// Chowka Bhara inside the outer ring, where a double has hit one of
    /// the pawns there and left the others (seed 004: "the other single is
    /// not affected at all"): two colours, as no third may land there.
    fn validate_sharing(&self) -> Result<(), PositionError> {
        let seats = self.seats();
        for (i, &a) in seats.iter().enumerate() {
            for &b in &seats[i + 1..] {
                for &sa in self.pawns(a) {
                    let Some(cell) = self.cell(a, sa) else {
                        continue;
                    };
                    if cell == self.board().home_cell() || self.is_safe(cell) {
                        continue;
                    }
                    let on = |side: Side| {
                        self.pawns(side)
                            .iter()
                            .any(|&s| self.cell(side, s) == Some(cell))
                    };
                    if !on(b) {
                        continue;
                    }
                    if self.game == Game::ChowkaBhara && !self.squares().is(cell.0, Squares::DOUBLE)
                    {
                        if seats.iter().filter(|&&s| on(s)).count() == 2 {
                            continue;
                        }
                        return Err(PositionError::Inconsistent(format!(
                            "three colours share a square inside the outer ring ({}'s step {sa}), \
                             where no third colour may land",
                            self.colour_name(a),
                        )));
                    }
                    return Err(PositionError::SharedSquare {
                        first: self.colour_name(a).into(),
                        second: self.colour_name(b).into(),
                        step: sa,
                        of: self.colour_name(a).into(),
                    });
                }
            }
        }
        Ok(())
    }

    /// Pagade and Chowka Bhara: whether `side` must still cut (hit) an
    /// opponent pawn before its pawns may turn in towards Home.
    pub fn needs_cut(&self, side: Side) -> bool {
        self.turn_in_step().is_some() && !self.flags(side).has_cut
    }

    /// Chopat: the step on which `side` must still form its Jug, until it
    /// has (Kajalvun).
    pub fn kajalvun_due(&self, side: Side) -> Option<u8> {
        (self.game == Game::Chopat && !self.flags(side).kajalvun).then_some(KAJALVUN_STEP)
    }

    /// The last step before the inner path that needs a cut (Pagade: the
    /// loop's end, 75; Chowka Bhara: the outer ring's last square).
    pub(crate) fn turn_in_step(&self) -> Option<u8> {
        match self.game {
            Game::Pagade => Some(75),
            Game::ChowkaBhara => Some(4 * (self.options.board - 1)),
            _ => None,
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

/// What each square is in a game: worked out once per game and board.
fn squares(game: Game, board: u8) -> &'static Squares {
    use std::sync::OnceLock;
    static TABLES: [OnceLock<Squares>; 9] = [const { OnceLock::new() }; 9];
    // The cross games but Akbar's share one table; Akbar's adds safe
    // squares; Chowka Bhara has one per board size.
    let (index, kind) = match game {
        Game::ChauparAkbar => (1, BoardKind::Cross),
        Game::ChowkaBhara => (2 + (board as usize - 5) / 2, BoardKind::Square(board)),
        _ => (0, BoardKind::Cross),
    };
    TABLES[index].get_or_init(|| {
        let g = geometry(kind);
        let safe = safe_cells(game, board);
        let mut kind = [0u8; 256];
        for (cell, info) in g.cells() {
            let k = &mut kind[cell.0 as usize];
            match info.kind {
                CellKind::Loop | CellKind::Grid => *k |= Squares::PAIRS,
                CellKind::Belly(_) => *k |= Squares::BELLY,
                CellKind::Home => {}
            }
            if safe & (1u128 << cell.0) != 0 {
                *k |= Squares::SAFE;
            } else if let BoardKind::Square(n) = g.kind {
                if crate::board::square_ring(n, info) == 0 {
                    *k |= Squares::DOUBLE;
                }
            }
        }
        Squares { kind }
    })
}

/// The safe squares of a game as a set of cells.
fn safe_cells(game: Game, board: u8) -> u128 {
    let set = |cells: &mut dyn Iterator<Item = Cell>| cells.fold(0u128, |m, c| m | 1u128 << c.0);
    match game {
        // The three marked squares of every arm: steps 8, 12 and 72 of
        // the arm's owner.
        Game::ChauparAkbar => {
            let g = geometry(BoardKind::Cross);
            set(&mut Side::ALL
                .into_iter()
                .flat_map(|s| [8, 12, 72].map(|step| g.cell(s, step).unwrap())))
        }
        Game::ChowkaBhara => {
            let g = geometry(BoardKind::Square(board));
            let mid = board / 2;
            set(&mut g
                .cells()
                .filter(|(_, info)| {
                    let ring = crate::board::square_ring(board, *info);
                    let middle_of_side = info.col == mid || info.row == mid;
                    // The start squares, the centre, and the middles of
                    // the rings between the outer ring and the innermost
                    // 3 x 3 ring.
                    ring == mid || (middle_of_side && (ring == 0 || ring + 1 < mid))
                })
                .map(|(c, _)| c))
        }
        _ => 0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn safe_square_counts() {
        let count = |game, board| safe_cells(game, board).count_ones();
        assert_eq!(count(Game::ChauparAkbar, 5), 12);
        assert_eq!(count(Game::ChowkaBhara, 5), 5);
        assert_eq!(count(Game::ChowkaBhara, 7), 9);
        assert_eq!(count(Game::ChowkaBhara, 9), 13);
        assert_eq!(count(Game::Pagade, 5), 0);
    }

    #[test]
    fn starts_are_valid() {
        for game in Game::ALL {
            for &mode in game.modes() {
                let p = Position::start(game, Options::new(game).with_mode(mode)).unwrap();
                p.validate().unwrap();
                assert!(!p.is_over());
            }
        }
    }
}
