//! How long saving takes: a game of a few hundred events saved many times
//! (every save synced to disk), handed to the autosaver, loaded and listed;
//! and how long the engine takes to replay it (opening a save, Undo).
//!
//! `cargo bench --no-default-features --bench store`

use std::time::{Duration, Instant};

use chaupar::ai::Level;
use chaupar::rules::{Event, Game, GameRecord, Match, Mode, Options, Phase};
use chaupar::store::{Autosaver, GameDocument, SaveStore, SeatKind, Summary};

const SAVES: u32 = 500;
const EVENTS: usize = 400;

/// The record of a four-player game of Pagade after `EVENTS` throws and
/// moves: what the app saves after a move late in a long game.
fn record() -> GameRecord {
    let options = Options::new(Game::Pagade).with_mode(Mode::FourPlayer);
    let mut game = Match::new(Game::Pagade, options, 2026).unwrap();
    while game.record().events.len() < EVENTS {
        match game.phase() {
            Phase::Over => panic!("the game ended before {EVENTS} events"),
            Phase::Throw => {
                game.throw();
            }
            Phase::Move => {
                let moves = game.legal_moves();
                let choice = moves[game.record().events.len() % moves.len()];
                game.play(choice).unwrap();
            }
        }
    }
    game.record().clone()
}

fn summary() -> Summary {
    Summary {
        title: "Pagade".into(),
        seats: ["Asha", "Ravi", "Meera", "Kabir"]
            .map(String::from)
            .to_vec(),
        progress: "Black 2 home, Red 1 home".into(),
        finished: false,
        ..Default::default()
    }
}

/// Runs `work` `times` times and prints the mean, 99th percentile and
/// worst durations.
fn measure(label: &str, times: u32, mut work: impl FnMut()) {
    let mut took: Vec<Duration> = (0..times)
        .map(|_| {
            let started = Instant::now();
            work();
            started.elapsed()
        })
        .collect();
    took.sort();
    let mean = took.iter().sum::<Duration>() / times;
    let p99 = took[took.len() * 99 / 100];
    let worst = took[took.len() - 1];
    println!("{label:<42} mean {mean:>9.3?}  p99 {p99:>9.3?}  worst {worst:>9.3?}  ({times} runs)");
}

fn main() {
    let folder = std::env::temp_dir().join(format!("chaupar-store-bench-{}", std::process::id()));
    let store = SaveStore::open(&folder).expect("cannot open the bench folder");
    // The game as the app saves it: its record and who plays each side.
    let document = GameDocument {
        record: record(),
        names: ["Asha", "", "Ravi", ""].map(String::from),
        seats: [
            SeatKind::Person,
            SeatKind::Computer(Level::Medium),
            SeatKind::Person,
            SeatKind::Computer(Level::Hard),
        ],
    };
    let size = serde_json::to_vec(&document).unwrap().len();
    println!(
        "a game of {EVENTS} events, {size} bytes of JSON, in {}",
        folder.display()
    );

    measure("save_game (written and synced)", SAVES, || {
        store.save_game("game", &summary(), &document).unwrap();
    });
    let autosaver = Autosaver::new(store.clone());
    measure(
        "Autosaver::save (queues, returns before writing)",
        SAVES,
        || {
            drop(autosaver.save("game", summary(), document.clone()));
        },
    );
    measure("Autosaver::flush after one snapshot", 50, || {
        drop(autosaver.save("game", summary(), document.clone()));
        autosaver.flush().unwrap();
    });
    drop(autosaver);
    measure("load_game", SAVES, || {
        store.load_game::<GameDocument>("game").unwrap();
    });
    for n in 0..20 {
        store
            .save_game(&format!("game-{n}"), &summary(), &document)
            .unwrap();
    }
    measure("list (21 saves)", 50, || {
        assert_eq!(store.list().len(), 21);
    });
    measure("Match::replay (opening the save)", 50, || {
        Match::replay(&document.record).unwrap();
    });
    let mut move_last = document.record.clone();
    while !matches!(move_last.events.last(), Some(Event::Move { .. })) {
        move_last.events.pop();
    }
    let game = Match::replay(&move_last).unwrap();
    measure("Match::take_back (Undo)", 50, || {
        assert!(game.clone().take_back().is_some());
    });

    std::fs::remove_dir_all(&folder).unwrap();
}
