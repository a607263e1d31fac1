//! House rules: every option of every game, written once each ([`RULES`]:
//! its name in positions and records, its values, its default and where it
//! lives in [`Options`]), with a one-line explanation for players. Which
//! options a game has is on its rule card.

use super::error::PositionError;
use super::game::{Game, Mode};
use crate::board::{BoardKind, SQUARE_SIZES};

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

/// A game's options: how many play, and its house rules.
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

/// A house rule: an option a game may have besides its mode.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum HouseRule {
    Overshoot,
    FalsePair,
    KhadoKarvo,
    Board,
    Shells,
    ThirdTopVoids,
    BeforeHit,
    EntryThrows,
}

/// How a value is written in a position's JSON.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Written {
    /// `true` for "on", `false` for "off".
    Switch,
    Number,
    Word,
}

/// One house rule as positions and records write it, and where it lives.
struct Rule {
    key: &'static str,
    /// The values as written, the default first.
    values: &'static [&'static str],
    written: Written,
    /// The index in `values` of the options' value.
    get: fn(&Options) -> usize,
    /// Sets the value of that index.
    set: fn(&mut Options, usize),
}

const OFF_ON: &[&str] = &["off", "on"];
const ON_OFF: &[&str] = &["on", "off"];

/// Every house rule, in the order of [`HouseRule`].
const RULES: [Rule; 8] = [
    Rule {
        key: "overshoot",
        values: &["new-circuit", "illegal"],
        written: Written::Word,
        get: |o| (o.overshoot == Overshoot::Illegal) as usize,
        set: |o, i| o.overshoot = [Overshoot::NewCircuit, Overshoot::Illegal][i],
    },
    Rule {
        key: "false_pair",
        values: OFF_ON,
        written: Written::Switch,
        get: |o| o.false_pair as usize,
        set: |o, i| o.false_pair = i == 1,
    },
    Rule {
        key: "khado_karvo",
        values: OFF_ON,
        written: Written::Switch,
        get: |o| o.khado_karvo as usize,
        set: |o, i| o.khado_karvo = i == 1,
    },
    Rule {
        key: "board",
        values: &["5", "7", "9", "11"],
        written: Written::Number,
        get: |o| SQUARE_SIZES.iter().position(|&n| n == o.board).unwrap_or(0),
        // The board sets the default number of shells for it.
        set: |o, i| {
            o.board = SQUARE_SIZES[i];
            o.shells = if i == 0 { 4 } else { 6 };
        },
    },
    Rule {
        key: "shells",
        values: &["4", "6"],
        written: Written::Number,
        get: |o| (o.shells == 6) as usize,
        set: |o, i| o.shells = [4, 6][i],
    },
    Rule {
        key: "third_top_voids",
        values: ON_OFF,
        written: Written::Switch,
        get: |o| !o.third_top_voids as usize,
        set: |o, i| o.third_top_voids = i == 0,
    },
    Rule {
        key: "before_hit",
        values: &["circle", "stop"],
        written: Written::Word,
        get: |o| (o.before_hit == BeforeHit::Stop) as usize,
        set: |o, i| o.before_hit = [BeforeHit::Circle, BeforeHit::Stop][i],
    },
    Rule {
        key: "entry_throws",
        values: OFF_ON,
        written: Written::Switch,
        get: |o| o.entry_throws as usize,
        set: |o, i| o.entry_throws = i == 1,
    },
];

impl HouseRule {
    pub const ALL: [HouseRule; 8] = [
        HouseRule::Overshoot,
        HouseRule::FalsePair,
        HouseRule::KhadoKarvo,
        HouseRule::Board,
        HouseRule::Shells,
        HouseRule::ThirdTopVoids,
        HouseRule::BeforeHit,
        HouseRule::EntryThrows,
    ];

    fn rule(self) -> &'static Rule {
        &RULES[self as usize]
    }

    /// Its name in positions and records.
    pub fn key(self) -> &'static str {
        self.rule().key
    }

    /// Its values as written, the default first.
    pub fn values(self) -> &'static [&'static str] {
        self.rule().values
    }

    fn from_key(key: &str) -> Option<HouseRule> {
        HouseRule::ALL.into_iter().find(|r| r.key() == key)
    }
}

/// One option of a game: the mode or a house rule, and its values as
/// written in positions, default first. (The app words them.)
#[derive(Clone, Debug, PartialEq)]
pub struct OptionInfo {
    pub key: &'static str,
    /// None for the mode.
    pub rule: Option<HouseRule>,
    pub choices: Vec<String>,
}

impl Options {
    /// The defaults of a game: its first mode, every house rule's first
    /// value.
    pub fn new(game: Game) -> Options {
        let mut o = Options {
            mode: game.modes()[0],
            board: 0,
            shells: 0,
            overshoot: Overshoot::NewCircuit,
            false_pair: false,
            khado_karvo: false,
            third_top_voids: false,
            before_hit: BeforeHit::Circle,
            entry_throws: false,
        };
        for rule in &RULES {
            (rule.set)(&mut o, 0);
        }
        o
    }

    pub fn with_mode(mut self, mode: Mode) -> Options {
        self.mode = mode;
        self
    }

    pub fn board_kind(&self, game: Game) -> BoardKind {
        game.board_kind(self.board)
    }

    /// Every option of a game, mode first, with its values.
    pub fn describe(game: Game) -> Vec<OptionInfo> {
        let mode = OptionInfo {
            key: "mode",
            rule: None,
            choices: game.modes().iter().map(|m| m.id().to_string()).collect(),
        };
        let rules = game.house_rules().iter().map(|&rule| OptionInfo {
            key: rule.key(),
            rule: Some(rule),
            choices: rule.values().iter().map(|v| v.to_string()).collect(),
        });
        std::iter::once(mode).chain(rules).collect()
    }

    /// The option's value as written in positions.
    pub fn value_of(&self, key: &str) -> Option<String> {
        if key == "mode" {
            return Some(self.mode.id().to_string());
        }
        let rule = HouseRule::from_key(key)?.rule();
        Some(rule.values[(rule.get)(self)].to_string())
    }

    /// The options a game has, with their current values, mode first.
    pub fn entries(&self, game: Game) -> Vec<(&'static str, String)> {
        std::iter::once("mode")
            .chain(game.house_rules().iter().map(|r| r.key()))
            .map(|k| (k, self.value_of(k).expect("known key")))
            .collect()
    }

    /// The options as a position's JSON writes them: switches as `true` or
    /// `false`, numbers as numbers, words as strings.
    pub(crate) fn json_entries(&self, game: Game) -> Vec<(&'static str, serde_json::Value)> {
        self.entries(game)
            .into_iter()
            .map(|(key, value)| {
                let written = HouseRule::from_key(key).map_or(Written::Word, |r| r.rule().written);
                let v = match written {
                    Written::Switch => serde_json::Value::Bool(value == "on"),
                    Written::Number => value.parse::<u8>().expect("a number").into(),
                    Written::Word => value.into(),
                };
                (key, v)
            })
            .collect()
    }

    /// Sets one option from its written value. Setting the board also
    /// sets the default number of shells for it.
    pub fn set(&mut self, game: Game, key: &str, value: &str) -> Result<(), PositionError> {
        let bad = || PositionError::BadOptionValue {
            key: key.to_string(),
            value: value.to_string(),
        };
        if key == "mode" {
            let mode = Mode::from_id(value).ok_or_else(bad)?;
            if !game.modes().contains(&mode) {
                return Err(PositionError::ModeNotPlayed { mode, game });
            }
            self.mode = mode;
            return Ok(());
        }
        let Some(rule) = HouseRule::from_key(key).filter(|r| game.house_rules().contains(r)) else {
            return Err(PositionError::UnknownOption {
                key: key.to_string(),
                game,
            });
        };
        let rule = rule.rule();
        let value = match (rule.written, value) {
            (Written::Switch, "true") => "on",
            (Written::Switch, "false") => "off",
            (_, v) => v,
        };
        let i = rule
            .values
            .iter()
            .position(|&v| v == value)
            .ok_or_else(bad)?;
        (rule.set)(self, i);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dice::Implement;

    #[test]
    fn every_described_option_can_be_set_to_each_of_its_choices() {
        for game in Game::ALL {
            for info in Options::describe(game) {
                for value in &info.choices {
                    let mut o = Options::new(game);
                    o.set(game, info.key, value).unwrap();
                }
                let o = Options::new(game);
                let default = o.value_of(info.key).unwrap();
                let first = &info.choices[0];
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
