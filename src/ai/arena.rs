//! Games between computer players, to measure their strength: seats
//! rotate so that every player sits in every seat equally often, and the
//! throws repeat across each rotation so that luck evens out.

use super::{choose, choose_with, Level, Weights};
use crate::board::Side;
use crate::dice::{SeededThrows, ThrowSource};
use crate::rules::{AfterThrow, Match, Phase, Position, Turn};
use std::fmt;

/// Who plays a seat (or a partnership) in the arena.
#[derive(Clone, Copy, PartialEq, Debug)]
pub enum Player {
    /// Uniformly random legal moves: the baseline.
    Random,
    /// A level as it plays in the app.
    Computer(Level),
    /// A level with other evaluation weights, for tuning them.
    Trial(Level, Weights),
}

impl Player {
    /// `random`, `easy`, `medium` or `hard`.
    pub fn from_id(id: &str) -> Option<Player> {
        match id {
            "random" => Some(Player::Random),
            _ => Level::from_id(id).map(Player::Computer),
        }
    }

    pub fn id(&self) -> &'static str {
        match self {
            Player::Random => "random",
            Player::Computer(level) | Player::Trial(level, _) => level.id(),
        }
    }
}

/// Why an arena cannot be played.
#[derive(Clone, Debug, PartialEq)]
pub struct ArenaError(pub String);

impl fmt::Display for ArenaError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for ArenaError {}

/// One entry of the arena and how it fared.
#[derive(Clone, Debug, PartialEq)]
pub struct Entry {
    pub player: Player,
    /// Games in which this entry's seat (or partnership) came first.
    pub wins: u32,
}

/// The result of an arena.
#[derive(Clone, Debug, PartialEq)]
pub struct ArenaReport {
    pub start: Position,
    pub games: u32,
    /// Games stopped at the turn limit without a winner.
    pub unfinished: u32,
    pub entries: Vec<Entry>,
    /// How many games each side started, by side index: from the fresh
    /// start of a game with an opening throw, the side that threw highest.
    pub starts: [u32; 4],
}

/// A game that runs past this many turns is stopped without a winner.
const MAX_TURNS: u32 = 5_000;

/// Plays `games` games from `start`. `players` names one player per seat in
/// seat order, or in partnership games one per partnership (the side that
/// moves first, then the other). Game `g` rotates the players `g` places
/// round the seats, and every rotation of a round replays the same throws
/// (and, from the fresh start of a game with an opening throw, the same
/// opening throw decides who starts, as in the app).
pub fn run(
    start: Position,
    players: &[Player],
    games: u32,
    seed: u64,
) -> Result<ArenaReport, ArenaError> {
    let seats = start.seats();
    let per_team = start.partnership() && players.len() == 2;
    if players.len() != seats.len() && !per_team {
        return Err(ArenaError(format!(
            "this game has {} seats: name a player for each{}",
            seats.len(),
            if start.partnership() {
                ", or one for each partnership"
            } else {
                ""
            }
        )));
    }
    let slots = players.len();
    let mut entries: Vec<Entry> = players
        .iter()
        .map(|&player| Entry { player, wins: 0 })
        .collect();
    let mut unfinished = 0;
    let mut starts = [0; 4];
    let opening = start.game().opening_throw()
        && Position::start(start.game(), *start.options()).is_ok_and(|fresh| fresh == start);
    for g in 0..games {
        let rotation = g as usize % slots;
        // The entry whose player sits in `seat` this game.
        let entry_of = |seat: Side| {
            let slot = if per_team {
                seat.index() % 2
            } else {
                seats
                    .iter()
                    .position(|&s| s == seat)
                    .expect("a seated side")
            };
            (slot + rotation) % slots
        };
        let round = g as u64 / slots as u64;
        let throws = SeededThrows::new(mix(seed, round));
        let start = match Match::new(start.game(), *start.options(), mix(seed, round)) {
            Ok(game) if opening => *game.position(),
            _ => start,
        };
        starts[start.to_move().index()] += 1;
        match play_game(start, throws, mix(seed ^ 0x5eed, g as u64), |seat| {
            entries[entry_of(seat)].player
        }) {
            Some(winner) => entries[entry_of(winner)].wins += 1,
            None => unfinished += 1,
        }
    }
    Ok(ArenaReport {
        start,
        games,
        unfinished,
        entries,
        starts,
    })
}

/// Plays one game; returns a winning seat (for partnerships, either
/// partner), or `None` if the game reached the turn limit. A game of three
/// or four players stops once the first player is Home.
fn play_game(
    start: Position,
    mut throws: SeededThrows,
    seed: u64,
    player_of: impl Fn(Side) -> Player,
) -> Option<Side> {
    let mut turn = Turn::new(start);
    let mut decisions = 0u64;
    let mut choices = SeededThrows::new(seed);
    for _ in 0..MAX_TURNS {
        let winner = turn.position().winner();
        if winner.is_some() || turn.phase() == Phase::Over {
            return winner;
        }
        let seat = turn.seat();
        while turn.add_throw(throws.throw(turn.implement())) == AfterThrow::Bonus {}
        while turn.phase() == Phase::Move {
            decisions += 1;
            let m = match player_of(seat) {
                Player::Random => {
                    let legal = turn.legal_moves();
                    legal[choices.below(legal.len())]
                }
                Player::Computer(level) => {
                    choose(&turn, level, mix(seed, decisions)).expect("a legal move")
                }
                Player::Trial(level, w) => {
                    choose_with(&turn, level, mix(seed, decisions), &w).expect("a legal move")
                }
            };
            turn.play_unchecked(m);
        }
    }
    None
}

/// Two numbers stirred into one seed (SplitMix64's finaliser).
fn mix(a: u64, b: u64) -> u64 {
    let mut z = a ^ b
        .wrapping_add(0x9e37_79b9_7f4a_7c15)
        .wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// The 95% Wilson score interval of `wins` out of `n`.
pub fn wilson(wins: u32, n: u32) -> (f64, f64) {
    if n == 0 {
        return (0.0, 1.0);
    }
    let z = 1.96;
    let n = n as f64;
    let p = wins as f64 / n;
    let centre = p + z * z / (2.0 * n);
    let spread = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt();
    let denom = 1.0 + z * z / n;
    // Clamped: rounding must not print a bound below 0 or above 1.
    (
        ((centre - spread) / denom).max(0.0),
        ((centre + spread) / denom).min(1.0),
    )
}

/// One player's record over the arena: all the entries of that name put
/// together.
#[derive(Clone, Debug, PartialEq)]
pub struct Standing {
    pub name: &'static str,
    pub wins: u32,
    /// Games times the entries of this name in each.
    pub played: u32,
}

impl Standing {
    pub fn rate(&self) -> f64 {
        self.wins as f64 / self.played.max(1) as f64
    }

    pub fn interval(&self) -> (f64, f64) {
        wilson(self.wins, self.played)
    }
}

impl ArenaReport {
    /// One standing per player name, in the order they were named.
    pub fn standings(&self) -> Vec<Standing> {
        let mut out: Vec<Standing> = Vec::new();
        for e in &self.entries {
            let name = e.player.id();
            match out.iter_mut().find(|s| s.name == name) {
                Some(s) => {
                    s.wins += e.wins;
                    s.played += self.games;
                }
                None => out.push(Standing {
                    name,
                    wins: e.wins,
                    played: self.games,
                }),
            }
        }
        out
    }

    /// The report as one JSON object.
    pub fn to_json(&self) -> serde_json::Value {
        let standings: Vec<serde_json::Value> = self
            .standings()
            .iter()
            .map(|s| {
                let (lo, hi) = s.interval();
                serde_json::json!({
                    "player": s.name,
                    "wins": s.wins,
                    "played": s.played,
                    "rate": s.rate(),
                    "low95": lo,
                    "high95": hi,
                })
            })
            .collect();
        serde_json::json!({
            "game": self.start.game().id(),
            "mode": self.start.options().mode.id(),
            "seats": self.entries.iter().map(|e| e.player.id()).collect::<Vec<_>>(),
            "games": self.games,
            "unfinished": self.unfinished,
            "starts": (self.start.seats().iter())
                .map(|&s| (self.start.colour_name(s).to_string(), self.starts[s.index()].into()))
                .collect::<serde_json::Map<String, serde_json::Value>>(),
            "standings": standings,
        })
    }
}

impl fmt::Display for ArenaReport {
    /// One line per player: wins, rate and its 95% interval.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let seats: Vec<&str> = self.entries.iter().map(|e| e.player.id()).collect();
        writeln!(
            f,
            "{} {}, {} games, seats {}{}",
            self.start.game().id(),
            self.start.options().mode.id(),
            self.games,
            seats.join(","),
            if self.unfinished > 0 {
                format!(", {} stopped unfinished", self.unfinished)
            } else {
                String::new()
            }
        )?;
        for s in self.standings() {
            let (lo, hi) = s.interval();
            writeln!(
                f,
                "{:<7} {:>6} / {:<6} {:>5.1}%  (95%: {:.1}% to {:.1}%)",
                s.name,
                s.wins,
                s.played,
                100.0 * s.rate(),
                100.0 * lo,
                100.0 * hi
            )?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wilson_interval_brackets_the_rate() {
        let (lo, hi) = wilson(90, 100);
        assert!((0.82..0.84).contains(&lo), "{lo}");
        assert!((0.94..0.96).contains(&hi), "{hi}");
        let (lo, hi) = wilson(0, 10);
        assert_eq!(lo, 0.0);
        assert!(hi > 0.25 && hi < 0.35);
    }
}
