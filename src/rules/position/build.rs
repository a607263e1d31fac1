//! The doors into positions: the fresh start of a game, and a position
//! from its parts, checked against the rules.

use super::{Fixed, Flags, Position, Squares, MAX_PAWNS};
use crate::board::{geometry, square_ring, BoardKind, CellKind, Side};
use crate::rules::card::RuleCard;
use crate::rules::error::PositionError;
use crate::rules::game::Game;
use crate::rules::games::by_game;
use crate::rules::options::Options;
use std::sync::OnceLock;

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
                None => by_game!(game, R => R::settle_true_pair(&mut p, side, None)),
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
