//! House rules: every option of every game, with its default, its name in
//! positions and records, and a one-line explanation for players.

use super::game::{Game, Mode};
use super::position::PositionError;
use crate::board::{BoardKind, SQUARE_SIZES};
use crate::dice::Implement;

/// Chopat: what happens to a throw that would carry a pawn past Home.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Overshoot {
    /// When it is the only possible move, the pawn goes through Home and
    /// out again from step 0 on a new circuit.
    NewCircuit,
    /// Such a move is simply illegal.
    Illegal,
}

/// Chowka Bhara: what a pawn does at the turn-in square before its player
/// has hit anybody.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum BeforeHit {
    /// It keeps circling the outer ring.
    Circle,
    /// It stops at the turn-in square.
    Stop,
}

#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Options {
    pub mode: Mode,
    /// Chowka Bhara: the board is `board` x `board`.
    pub board: u8,
    /// Chowka Bhara: how many cowries are thrown.
    pub shells: u8,
    pub overshoot: Overshoot,
    /// Chopat: with two pairs on the board only the true one is protected.
    pub false_pair: bool,
    /// Chopat: a finished player may bring a pawn back to cut.
    pub khado_karvo: bool,
    /// Chowka Bhara: a third top value in a row voids the turn's throws.
    pub third_top_voids: bool,
    pub before_hit: BeforeHit,
    /// Chowka Bhara: pawns start off the board and enter on top values.
    pub entry_throws: bool,
}

/// One option as the New game screen shows it.
#[derive(Clone, Debug, PartialEq)]
pub struct OptionInfo {
    pub key: &'static str,
    pub label: &'static str,
    pub help: &'static str,
    /// (value as written in positions, label), default first.
    pub choices: Vec<(String, String)>,
}

/// The options each game has, besides `mode`.
fn keys(game: Game) -> &'static [&'static str] {
    match game {
        Game::Chopat => &["overshoot", "false_pair", "khado_karvo"],
        Game::ChowkaBhara => &[
            "board",
            "shells",
            "third_top_voids",
            "before_hit",
            "entry_throws",
        ],
        _ => &[],
    }
}

fn on_off(b: bool) -> &'static str {
    if b {
        "on"
    } else {
        "off"
    }
}

impl Options {
    /// The defaults of GAMES.md for a game.
    pub fn new(game: Game) -> Options {
        Options {
            mode: game.modes()[0],
            board: 5,
            shells: 4,
            overshoot: Overshoot::NewCircuit,
            false_pair: false,
            khado_karvo: false,
            third_top_voids: true,
            before_hit: BeforeHit::Circle,
            entry_throws: false,
        }
    }

    pub fn with_mode(mut self, mode: Mode) -> Options {
        self.mode = mode;
        self
    }

    pub fn board_kind(&self, game: Game) -> BoardKind {
        game.board_kind(self.board)
    }

    pub fn implement(&self, game: Game) -> Implement {
        match game {
            Game::Chopat | Game::Pagade => Implement::StickDice,
            Game::Chaupar | Game::ChauparAkbar => Implement::LongDice,
            Game::ChowkaBhara => Implement::Cowries(self.shells),
        }
    }

    /// Every option of a game, mode first, with the choices and the one-line
    /// explanations the New game screen shows.
    pub fn describe(game: Game) -> Vec<OptionInfo> {
        let choice = |v: &str, l: &str| (v.to_string(), l.to_string());
        let yes_no = |default_on: bool| {
            let mut v = vec![choice("off", "Off"), choice("on", "On")];
            if default_on {
                v.reverse();
            }
            v
        };
        let mut out = vec![OptionInfo {
            key: "mode",
            label: "Players",
            help: "How many play, and whether partners across the board play as a team.",
            choices: game
                .modes()
                .iter()
                .map(|m| choice(m.id(), m.label()))
                .collect(),
        }];
        for &key in keys(game) {
            out.push(match key {
                "overshoot" => OptionInfo {
                    key,
                    label: "Overshooting Home",
                    help: "When a pawn's only move would pass Home, it goes round again from the start.",
                    choices: vec![choice("new-circuit", "New circuit"), choice("illegal", "Not allowed")],
                },
                "false_pair" => OptionInfo {
                    key,
                    label: "False pair",
                    help: "With two pairs on the board only the one you name true is safe from single pawns.",
                    choices: yes_no(false),
                },
                "khado_karvo" => OptionInfo {
                    key,
                    label: "Khado Karvo",
                    help: "A finished player may bring a pawn back from Home to cut an opponent on their arm.",
                    choices: yes_no(false),
                },
                "board" => OptionInfo {
                    key,
                    label: "Board",
                    help: "A bigger board means more pawns and a longer game.",
                    choices: SQUARE_SIZES
                        .iter()
                        .map(|n| choice(&n.to_string(), &format!("{n} x {n}")))
                        .collect(),
                },
                "shells" => OptionInfo {
                    key,
                    label: "Cowrie shells",
                    help: "Four shells throw 1, 2, 3, 4 or 8; six throw 1 to 6 or 12. Larger boards start with six.",
                    choices: vec![choice("4", "4"), choice("6", "6")],
                },
                "third_top_voids" => OptionInfo {
                    key,
                    label: "Third top throw voids",
                    help: "A third Chamma or Ashta in a row wipes out the whole run of throws.",
                    choices: yes_no(true),
                },
                "before_hit" => OptionInfo {
                    key,
                    label: "Before the first hit",
                    help: "Until a player has hit, their pawns circle the outer ring, or stop at the turn-in.",
                    choices: vec![choice("circle", "Keep circling"), choice("stop", "Stop at the turn-in")],
                },
                "entry_throws" => OptionInfo {
                    key,
                    label: "Entry throws",
                    help: "Pawns start off the board: Chamma brings one in, Ashta two.",
                    choices: yes_no(false),
                },
                _ => unreachable!("every key has a description"),
            });
        }
        out
    }

    /// The option's value as written in positions.
    pub fn value_of(&self, key: &str) -> Option<String> {
        Some(match key {
            "mode" => self.mode.id().to_string(),
            "overshoot" => match self.overshoot {
                Overshoot::NewCircuit => "new-circuit".into(),
                Overshoot::Illegal => "illegal".into(),
            },
            "false_pair" => on_off(self.false_pair).into(),
            "khado_karvo" => on_off(self.khado_karvo).into(),
            "board" => self.board.to_string(),
            "shells" => self.shells.to_string(),
            "third_top_voids" => on_off(self.third_top_voids).into(),
            "before_hit" => match self.before_hit {
                BeforeHit::Circle => "circle".into(),
                BeforeHit::Stop => "stop".into(),
            },
            "entry_throws" => on_off(self.entry_throws).into(),
            _ => return None,
        })
    }

    /// The options a game has, with their current values, mode first.
    pub fn entries(&self, game: Game) -> Vec<(&'static str, String)> {
        std::iter::once("mode")
            .chain(keys(game).iter().copied())
            .map(|k| (k, self.value_of(k).expect("known key")))
            .collect()
    }

    /// Sets one option from its written value. Setting the board also
    /// sets the default number of shells for it.
    pub fn set(&mut self, game: Game, key: &str, value: &str) -> Result<(), PositionError> {
        let bad = || PositionError::BadOptionValue {
            key: key.to_string(),
            value: value.to_string(),
        };
        let flag = || match value {
            "on" | "true" => Ok(true),
            "off" | "false" => Ok(false),
            _ => Err(bad()),
        };
        if key != "mode" && !keys(game).contains(&key) {
            return Err(PositionError::UnknownOption {
                key: key.to_string(),
                game,
            });
        }
        match key {
            "mode" => {
                let mode = Mode::from_id(value).ok_or_else(bad)?;
                if !game.modes().contains(&mode) {
                    return Err(PositionError::ModeNotPlayed { mode, game });
                }
                self.mode = mode;
            }
            "overshoot" => {
                self.overshoot = match value {
                    "new-circuit" => Overshoot::NewCircuit,
                    "illegal" => Overshoot::Illegal,
                    _ => return Err(bad()),
                }
            }
            "false_pair" => self.false_pair = flag()?,
            "khado_karvo" => self.khado_karvo = flag()?,
            "board" => {
                let n: u8 = value.parse().map_err(|_| bad())?;
                if !SQUARE_SIZES.contains(&n) {
                    return Err(bad());
                }
                self.board = n;
                self.shells = if n == 5 { 4 } else { 6 };
            }
            "shells" => {
                self.shells = match value {
                    "4" => 4,
                    "6" => 6,
                    _ => return Err(bad()),
                }
            }
            "third_top_voids" => self.third_top_voids = flag()?,
            "before_hit" => {
                self.before_hit = match value {
                    "circle" => BeforeHit::Circle,
                    "stop" => BeforeHit::Stop,
                    _ => return Err(bad()),
                }
            }
            "entry_throws" => self.entry_throws = flag()?,
            _ => unreachable!("keys were checked"),
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_described_option_can_be_set_to_each_of_its_choices() {
        for game in Game::ALL {
            for info in Options::describe(game) {
                for (value, _) in &info.choices {
                    let mut o = Options::new(game);
                    o.set(game, info.key, value).unwrap();
                }
                let o = Options::new(game);
                let default = o.value_of(info.key).unwrap();
                let first = &info.choices[0].0;
                assert_eq!(first, &default, "{game:?} {}", info.key);
            }
        }
    }

    #[test]
    fn unknown_options_and_values_are_refused() {
        let mut o = Options::new(Game::Pagade);
        assert!(matches!(
            o.set(Game::Pagade, "board", "7"),
            Err(PositionError::UnknownOption { .. })
        ));
        assert!(matches!(
            o.set(Game::Pagade, "mode", "3p"),
            Err(PositionError::ModeNotPlayed { .. })
        ));
        let mut o = Options::new(Game::ChowkaBhara);
        assert!(o.set(Game::ChowkaBhara, "board", "6").is_err());
        o.set(Game::ChowkaBhara, "board", "7").unwrap();
        assert_eq!(o.shells, 6);
        o.set(Game::ChowkaBhara, "shells", "4").unwrap();
        assert_eq!(o.implement(Game::ChowkaBhara), Implement::Cowries(4));
    }
}
