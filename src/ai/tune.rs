//! Tuning the evaluation by self-play: Medium with one weight scaled up or
//! down plays Medium with the current weights over the two-player mode of
//! every game (or of one), and the change stays when it wins clearly
//! (`chaupar-cli tune`).

use super::arena::{self, Player};
use super::{Level, Weights};
use crate::rules::{Game, Mode, Options, Position};

/// A trial's share of wins above which the changed weight is kept.
const CLEAR_WIN: f64 = 0.525;

/// Runs `rounds` rounds of trials, `games_per_game` games of each of
/// `games` per trial, from `start`; `report` hears of every trial. Returns
/// the weights it ends with.
pub fn tune(
    games: &[Game],
    start: Weights,
    rounds: u64,
    games_per_game: u32,
    mut report: impl FnMut(String),
) -> Weights {
    let starts: Vec<Position> = games
        .iter()
        .map(|&g| {
            Position::start(g, Options::new(g).with_mode(Mode::TwoPlayer))
                .expect("every game has two players")
        })
        .collect();
    let score = |challenger: Weights, holder: Weights, seed: u64| -> f64 {
        let players = [
            Player::Trial(Level::Medium, challenger),
            Player::Trial(Level::Medium, holder),
        ];
        let (mut wins, mut games) = (0, 0);
        for &start in &starts {
            let r = arena::run(start, &players, games_per_game, seed)
                .expect("two players for two seats");
            wins += r.entries[0].wins;
            games += r.games;
        }
        wins as f64 / games as f64
    };
    let mut best = start;
    for round in 0..rounds {
        for (name, value) in best.named() {
            if name == "progress" || name == "leader" {
                continue; // the unit, and a term of three- and four-player games
            }
            if games.iter().all(|&g| Weights::unread_in(g).contains(&name)) {
                continue; // a trial would replay the same games
            }
            for factor in [1.5, 1.0 / 1.5] {
                let trial = best.with(name, value * factor);
                let rate = score(trial, best, 100 + round);
                report(format!(
                    "round {round}: {name} {value:.3} -> {:.3}: {:.1}%",
                    value * factor,
                    100.0 * rate
                ));
                if rate > CLEAR_WIN {
                    best = trial;
                    break;
                }
            }
        }
        report(format!("after round {round}: {best:?}"));
    }
    best
}
