//! Statistics: games played and won, per seat name.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

/// The record of everyone who has finished a game, by the name they sat
/// under (in name order).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Stats {
    pub seats: BTreeMap<String, SeatStats>,
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatStats {
    pub played: u32,
    pub won: u32,
}

impl Stats {
    /// Counts one finished game. A name that sat at several seats (one
    /// player taking both seats of a team) played one game, and won it if
    /// any of those seats won.
    pub fn record<'a>(&mut self, seats: impl IntoIterator<Item = (&'a str, bool)>) {
        let mut this_game: BTreeMap<&str, bool> = BTreeMap::new();
        for (name, won) in seats {
            *this_game.entry(name).or_default() |= won;
        }
        for (name, won) in this_game {
            let seat = self.seats.entry(name.to_string()).or_default();
            seat.played += 1;
            seat.won += u32::from(won);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_game_counts_once_per_name_and_wins_only_for_winners() {
        let mut stats = Stats::default();
        stats.record([("Asha", true), ("Ravi", false)]);
        stats.record([("Asha", false), ("Ravi", true), ("Meera", false)]);
        // Asha played both seats of the winning team.
        stats.record([("Asha", true), ("Ravi", false), ("Asha", false)]);
        let counts: Vec<_> = stats
            .seats
            .iter()
            .map(|(name, seat)| (name.as_str(), seat.played, seat.won))
            .collect();
        assert_eq!(counts, [("Asha", 3, 2), ("Meera", 1, 0), ("Ravi", 3, 1)]);
    }
}
