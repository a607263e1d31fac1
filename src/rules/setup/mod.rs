//! The doors into positions: the fresh start of a game, and a position
//! set up from its parts ([`Setup`]), checked against the rules
//! (`validate`). Every problem of a setup is named, not only the first.

mod validate;

use crate::board::{geometry, square_ring, BoardKind, CellKind, Side};
use crate::rules::card::RuleCard;
use crate::rules::error::PositionError;
use crate::rules::flags::Flags;
use crate::rules::game::Game;
use crate::rules::games::by_game;
use crate::rules::options::Options;
use crate::rules::position::{Fixed, Position, Squares, MAX_PAWNS};
use std::sync::OnceLock;

/// A position's parts, as a reader or a test gives them, for
/// [`Position::from_setup`] to check against the rules.
#[derive(Clone, Debug, PartialEq)]
pub struct Setup {
    pub game: Game,
    pub options: Options,
    pub to_move: Side,
    /// The steps of each side's pawns, by side; none for a side that is
    /// not seated.
    pub pawns: [Vec<u8>; 4],
    /// What each side's game remembers beyond the pawns, by side.
    pub flags: [Flags; 4],
    /// The finishing order so far.
    pub places: Vec<Side>,
    /// The game ended with no player able to move again.
    pub stalled: bool,
}

impl Setup {
    /// The parts of a position, to be changed and set up again.
    pub fn of(pos: &Position) -> Setup {
        Setup {
            game: pos.game,
            options: pos.options,
            to_move: pos.to_move,
            pawns: Side::ALL.map(|side| pos.pawns(side).to_vec()),
            flags: pos.flags,
            places: pos.places().to_vec(),
            stalled: pos.stalled,
        }
    }
}

impl Position {
    /// The fresh start of a game.
    pub fn start(game: Game, options: Options) -> Result<Position, PositionError> {
        let mut p = Position::blank(game, options)?;
        let count = p.pawn_count();
        for &side in game.seats(options.mode) {
            for i in 0..count {
                p.pawns[side.index()][i] = by_game!(game, R => R::start_step(&options, i));
            }
        }
        Ok(p)
    }

    /// A position with no pawns placed.
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
            flags: [game.fresh_flags(); 4],
            places: [Side(0); 4],
            finished: 0,
            stalled: false,
        })
    }

    /// A position set up from its parts, checked against the rules: every
    /// problem found, or the position.
    pub fn from_setup(setup: &Setup) -> Result<Position, Vec<PositionError>> {
        let mut p = Position::blank(setup.game, setup.options).map_err(|e| vec![e])?;
        let mut problems = Vec::new();
        let count = p.pawn_count();
        let seats = p.seats();
        for side in Side::ALL {
            let list = &setup.pawns[side.index()];
            let colour = p.colour_name(side).to_string();
            if !seats.contains(&side) {
                if !list.is_empty() {
                    problems.push(PositionError::NotSeated(colour));
                }
                continue;
            }
            if list.len() != count {
                problems.push(PositionError::WrongPawnCount {
                    colour,
                    expected: count,
                    found: list.len(),
                });
                continue;
            }
            p.pawns[side.index()][..count].copy_from_slice(list);
        }
        p.flags = setup.flags;
        p.to_move = setup.to_move;
        let places = &setup.places;
        if places.len() > 4 {
            problems.push(PositionError::TooManyPlaces);
        } else {
            p.places[..places.len()].copy_from_slice(places);
            p.finished = places.len() as u8;
        }
        p.stalled = setup.stalled;
        if setup.stalled && places.len() != seats.len() {
            problems.push(PositionError::StalledWithoutEveryPlace);
        }
        // The rules are asked of pawns and places that are all there.
        if !problems.is_empty() {
            return Err(problems);
        }
        p.canonicalize();
        for &side in p.seats() {
            by_game!(setup.game, R => R::settle_setup(&mut p, side));
        }
        let problems = p.problems();
        if problems.is_empty() {
            Ok(p)
        } else {
            Err(problems)
        }
    }
}

impl Fixed {
    fn new(game: Game, options: &Options) -> Fixed {
        Fixed {
            geometry: geometry(options.board_kind(game)),
            squares: squares(game, options.board),
            seated: game.seats(options.mode).iter().fold(0, |m, s| m | 1 << s.0),
            pawns: by_game!(game, R => R::pawn_count(options)),
            partnership: game.partnership(options.mode),
        }
    }
}

/// What each square is in a game: worked out once per game and board.
fn squares(game: Game, board: u8) -> &'static Squares {
    const BOARDS: usize = crate::board::SQUARE_SIZES.len();
    static TABLES: [[OnceLock<Squares>; BOARDS]; Game::ALL.len()] =
        [const { [const { OnceLock::new() }; BOARDS] }; Game::ALL.len()];
    let kind = game.board_kind(board);
    let size = match kind {
        BoardKind::Cross => 0,
        BoardKind::Square(n) => (n as usize - 5) / 2,
    };
    let index = Game::ALL.iter().position(|&g| g == game).expect("a game");
    TABLES[index][size].get_or_init(|| {
        let g = geometry(kind);
        let safe = by_game!(game, R => R::safe_cells(board));
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
                if square_ring(n, info) == 0 {
                    *k |= Squares::DOUBLE;
                }
            }
        }
        Squares { kind }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn safe_square_counts() {
        let count = |game: Game, board| by_game!(game, R => R::safe_cells(board)).count_ones();
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
