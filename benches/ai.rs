//! How long each computer level takes to decide, over positions from real
//! games: Medium plays every game and mode against itself, and every move
//! decision along the way is timed for each level (p50, p95, max).
//!
//! `cargo bench --no-default-features --bench ai` (one thread).

use chaupar::ai::{choose, Level};
use chaupar::dice::{SeededThrows, ThrowSource};
use chaupar::rules::{AfterThrow, Game, Options, Phase, Position, Turn};
use std::time::{Duration, Instant};

/// Games of self-play per game and mode.
const GAMES: u64 = 6;
/// Decisions kept per game and mode, evenly spread over the games.
const SAMPLES: usize = 300;

/// Turns in their move phase, met while Medium plays itself.
fn positions(start: Position) -> Vec<Turn> {
    let mut found = Vec::new();
    for seed in 0..GAMES {
        let mut throws = SeededThrows::new(seed);
        let mut turn = Turn::new(start);
        for _ in 0..2_000 {
            if turn.phase() == Phase::Over {
                break;
            }
            while turn.add_throw(throws.throw(turn.implement())) == AfterThrow::Bonus {}
            while turn.phase() == Phase::Move {
                found.push(turn);
                let m = choose(&turn, Level::Medium, seed).expect("a legal move");
                turn.play_unchecked(m);
            }
        }
    }
    let step = found.len().div_ceil(SAMPLES).max(1);
    found.into_iter().step_by(step).collect()
}

fn percentile(sorted: &[Duration], q: f64) -> Duration {
    sorted[((sorted.len() - 1) as f64 * q).round() as usize]
}

fn ms(d: Duration) -> String {
    format!("{:.3}", d.as_secs_f64() * 1e3)
}

fn main() {
    let mut setups: Vec<(Game, Options)> = Vec::new();
    for game in Game::ALL {
        for &mode in game.modes() {
            setups.push((game, Options::new(game).with_mode(mode)));
        }
    }
    let mut big = Options::new(Game::ChowkaBhara);
    big.set(Game::ChowkaBhara, "board", "7")
        .expect("a board size");
    setups.push((Game::ChowkaBhara, big));
    println!("milliseconds per decision, one thread");
    println!(
        "{:<14} {:<6} {:<4} {:>5}  {:>22}  {:>22}  {:>22}",
        "game", "mode", "N", "moves", "easy p50/p95/max", "medium p50/p95/max", "hard p50/p95/max"
    );
    let mut all: [Vec<Duration>; 3] = Default::default();
    for (game, options) in setups {
        let turns = positions(Position::start(game, options).expect("a valid start"));
        let mut line = format!(
            "{:<14} {:<6} {:<4} {:>5}",
            game.id(),
            options.mode.id(),
            options.board,
            turns.len()
        );
        for (i, level) in Level::ALL.into_iter().enumerate() {
            let mut times: Vec<Duration> = turns
                .iter()
                .map(|turn| {
                    let t0 = Instant::now();
                    std::hint::black_box(choose(turn, level, 1));
                    t0.elapsed()
                })
                .collect();
            times.sort();
            line += &format!(
                "  {:>22}",
                format!(
                    "{}/{}/{}",
                    ms(percentile(&times, 0.5)),
                    ms(percentile(&times, 0.95)),
                    ms(*times.last().expect("some decisions"))
                )
            );
            all[i].extend(times);
        }
        println!("{line}");
    }
    for (level, times) in Level::ALL.into_iter().zip(all.iter_mut()) {
        times.sort();
        println!(
            "all games, {:<6}: p50 {} ms, p95 {} ms, max {} ms over {} decisions",
            level.id(),
            ms(percentile(times, 0.5)),
            ms(percentile(times, 0.95)),
            ms(*times.last().expect("some decisions")),
            times.len()
        );
    }
}
