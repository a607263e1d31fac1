//! How long the longest Chopat turns take: runs of doublets, each giving
//! another throw once Kajalvun is done. Random games are stopped at random
//! turns, the player is given Kajalvun, and the turn is thrown as a run of
//! `k` doublets and then a throw that is not one; the list of legal moves
//! and Medium's first decision are timed (p50, p95, max).
//!
//! `cargo bench --no-default-features --bench long_turns` (one thread).

use chaupar::ai::{choose, Level};
use chaupar::dice::{SeededThrows, Throw};
use chaupar::rules::chopat::ChopatFlags;
use chaupar::rules::{AfterThrow, Game, Options, Position, Setup, Turn};
use chaupar::sim::random_playout;
use std::time::{Duration, Instant};

/// Turns timed per length of the run of doublets.
const TURNS: usize = 100;

/// A turn of `start`'s player thrown as `doublets` doublets and a last
/// throw that is not one, the player given Kajalvun (if its Jug is not on
/// the board) so that each doublet gives another throw.
fn long_turn(start: &Position, doublets: usize, dice: &mut SeededThrows) -> Option<Turn> {
    let mut setup = Setup::of(start);
    let player = ChopatFlags::of_mut(&mut setup.flags[start.pawn_side(start.to_move()).index()]);
    if player.jug.is_none() {
        player.kajalvun = true;
    }
    let given = Position::from_setup(&setup).ok()?;
    let mut turn = Turn::new(given);
    let faces = [1, 3, 4, 6];
    for _ in 0..doublets {
        let d = faces[dice.below(4)];
        if turn.add_throw(Throw::dice(&[d, d])) != AfterThrow::Bonus {
            return None;
        }
    }
    let first = faces[dice.below(4)];
    let other = faces
        .into_iter()
        .filter(|&f| f != first)
        .nth(dice.below(3))?;
    (turn.add_throw(Throw::dice(&[first, other])) == AfterThrow::Move).then_some(turn)
}

fn percentile(sorted: &[Duration], q: f64) -> Duration {
    sorted[((sorted.len() - 1) as f64 * q).round() as usize]
}

fn summary(mut times: Vec<Duration>) -> String {
    times.sort();
    let ms = |d: Duration| format!("{:.2}", d.as_secs_f64() * 1e3);
    format!(
        "{} / {} / {}",
        ms(percentile(&times, 0.5)),
        ms(percentile(&times, 0.95)),
        ms(*times.last().expect("timed turns"))
    )
}

fn main() {
    let start = Position::start(Game::Chopat, Options::new(Game::Chopat)).expect("a start");
    println!("Chopat 2p, milliseconds p50 / p95 / max, one thread");
    println!(
        "{:>8} {:>6}  {:>24}  {:>24}",
        "doublets", "turns", "legal moves", "Medium's first decision"
    );
    for doublets in [4, 6, 8, 10] {
        let mut dice = SeededThrows::new(doublets as u64);
        let (mut listing, mut deciding) = (Vec::new(), Vec::new());
        let mut game = 0;
        while listing.len() < TURNS {
            game += 1;
            let stop = 20 + dice.below(200) as u32;
            let played = random_playout(start, &mut SeededThrows::new(game), stop, |_| {});
            if played.finished {
                continue;
            }
            let Some(turn) = long_turn(&played.end, doublets, &mut dice) else {
                continue;
            };
            let clock = Instant::now();
            let moves = turn.legal_moves();
            listing.push(clock.elapsed());
            let clock = Instant::now();
            let chosen = choose(&turn, Level::Medium, 1);
            deciding.push(clock.elapsed());
            assert!(chosen.is_some_and(|m| moves.contains(&m)));
        }
        println!(
            "{:>8} {:>6}  {:>24}  {:>24}",
            doublets,
            listing.len(),
            summary(listing),
            summary(deciding)
        );
    }
}
