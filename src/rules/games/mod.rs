//! The rule cards of the five games, one file each, and the dispatch from
//! a [`Game`] to its card.

pub(crate) mod chaupar;
pub(crate) mod chaupar_akbar;
pub(crate) mod chopat;
pub(crate) mod chowka_bhara;
pub(crate) mod pagade;
mod position_rules;
mod stick_dice;

pub(crate) use chaupar::Chaupar;
pub(crate) use chaupar_akbar::ChauparAkbar;
pub(crate) use chopat::Chopat;
pub(crate) use chowka_bhara::ChowkaBhara;
pub(crate) use pagade::Pagade;

use super::card::RuleCard;
use super::effects::ThrowName;
use super::flags::{Flag, Flags};
use super::game::{Game, Mode};
use super::options::{HouseRule, Options};
use crate::board::{geometry, BoardKind, Cell, Side, MARKED_STEPS};
use crate::dice::{Implement, Throw};

/// Runs `$body` with `$card` standing for the rule card of `$game`.
macro_rules! by_game {
    ($game:expr, $card:ident => $body:expr) => {
        match $game {
            $crate::rules::game::Game::Chopat => {
                type $card = $crate::rules::games::Chopat;
                $body
            }
            $crate::rules::game::Game::Pagade => {
                type $card = $crate::rules::games::Pagade;
                $body
            }
            $crate::rules::game::Game::Chaupar => {
                type $card = $crate::rules::games::Chaupar;
                $body
            }
            $crate::rules::game::Game::ChauparAkbar => {
                type $card = $crate::rules::games::ChauparAkbar;
                $body
            }
            $crate::rules::game::Game::ChowkaBhara => {
                type $card = $crate::rules::games::ChowkaBhara;
                $body
            }
        }
    };
}
pub(crate) use by_game;

impl Game {
    /// The modes the game is played in, the default first.
    pub fn modes(self) -> &'static [Mode] {
        by_game!(self, R => R::MODES)
    }

    /// Played on the cross-shaped cloth (else the square board).
    pub fn is_cross(self) -> bool {
        by_game!(self, R => R::CROSS)
    }

    /// The sides seated in a mode, in turn order. Where partners play in
    /// every mode (the Chaupars), two players each play both colours of
    /// one partnership, so all four sides are on the board.
    pub fn seats(self, mode: Mode) -> &'static [Side] {
        const TWO: &[Side] = &[Side(0), Side(2)];
        const THREE: &[Side] = &[Side(0), Side(1), Side(2)];
        const FOUR: &[Side] = &[Side(0), Side(1), Side(2), Side(3)];
        match mode {
            _ if self.always_partners() => FOUR,
            Mode::TwoPlayer => TWO,
            Mode::ThreePlayer => THREE,
            Mode::FourPlayer | Mode::Teams => FOUR,
        }
    }

    /// Whether partners (opposite sides) win together.
    pub fn partnership(self, mode: Mode) -> bool {
        mode == Mode::Teams || self.always_partners()
    }

    fn always_partners(self) -> bool {
        by_game!(self, R => R::ALWAYS_PARTNERS)
    }

    /// Whether sending an opponent's pawn back earns another turn (Chowka
    /// Bhara: one for each pawn hit).
    pub fn capture_earns_turn(self) -> bool {
        by_game!(self, R => R::CAPTURE_EARNS_TURN)
    }

    /// Whether the game starts with every seat throwing, the highest total
    /// first (the Chaupars).
    pub fn opening_throw(self) -> bool {
        by_game!(self, R => R::OPENING_THROW)
    }

    /// The flags a position keeps for each player.
    pub(crate) fn flags(self) -> &'static [Flag] {
        by_game!(self, R => R::FLAGS)
    }

    /// A player's flags at the start.
    pub(crate) fn fresh_flags(self) -> Flags {
        Flags {
            game: by_game!(self, R => R::GAME_FLAGS),
            ..Flags::default()
        }
    }

    /// The flags a position keeps for each player, as positions name them.
    pub fn flag_names(self) -> Vec<&'static str> {
        self.flags().iter().map(|flag| flag.name).collect()
    }

    /// The house rules the game has, besides its mode.
    pub fn house_rules(self) -> &'static [HouseRule] {
        by_game!(self, R => R::HOUSE_RULES)
    }
}

/// The squares marked on a board: on the cross-shaped cloth the three
/// marked squares of every arm (safe only in Akbar's Chaupar); on the
/// square board its safe squares.
pub fn marked_squares(kind: BoardKind) -> Vec<Cell> {
    let g = geometry(kind);
    match kind {
        BoardKind::Cross => Side::ALL
            .into_iter()
            .flat_map(|side| MARKED_STEPS.map(|s| g.cell(side, s)))
            .flatten()
            .collect(),
        BoardKind::Square(n) => {
            let safe = ChowkaBhara::safe_cells(n);
            g.cells()
                .map(|(cell, _)| cell)
                .filter(|cell| safe & 1u128 << cell.0 != 0)
                .collect()
        }
    }
}

impl Options {
    /// The traditional name of `throw` in `game`, if it has one.
    pub fn throw_name(&self, game: Game, throw: &Throw) -> Option<ThrowName> {
        by_game!(game, R => R::throw_name(self, throw))
    }

    /// What the players of `game` throw with these options.
    pub fn implement(&self, game: Game) -> Implement {
        by_game!(game, R => R::implement(self))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The throws with traditional names, called as they settle: Chamma
    /// and Ashta of the cowries (four or six), Khim in Akbar's Chaupar
    /// only, a doublet of the stick dice.
    #[test]
    fn throws_are_called_by_their_names() {
        let name = |game: Game, options: Options, values: &[u8]| {
            let throw = Throw::of(options.implement(game), values).expect("a throw of the game");
            options.throw_name(game, &throw)
        };
        let chowka = Options::new(Game::ChowkaBhara);
        let mut six = chowka;
        six.shells = 6;
        let cowries = |o, v: u8| name(Game::ChowkaBhara, o, &[v]);
        assert_eq!(cowries(chowka, 4), Some(ThrowName::Chamma));
        assert_eq!(cowries(chowka, 8), Some(ThrowName::Ashta));
        assert_eq!(cowries(chowka, 3), None);
        assert_eq!(cowries(six, 6), Some(ThrowName::Chamma));
        assert_eq!(cowries(six, 12), Some(ThrowName::Ashta));
        assert_eq!(cowries(six, 4), None);
        let akbar = Options::new(Game::ChauparAkbar);
        let parlett = Options::new(Game::Chaupar);
        assert_eq!(
            name(Game::ChauparAkbar, akbar, &[5, 1, 6]),
            Some(ThrowName::Khim)
        );
        assert_eq!(name(Game::ChauparAkbar, akbar, &[5, 5, 6]), None);
        assert_eq!(name(Game::Chaupar, parlett, &[6, 5, 1]), None);
        for game in [Game::Chopat, Game::Pagade] {
            let o = Options::new(game);
            assert_eq!(name(game, o, &[3, 3]), Some(ThrowName::Doublet));
            assert_eq!(name(game, o, &[3, 4]), None);
        }
    }
}
