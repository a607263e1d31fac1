//! How long saving takes: a game of a few hundred events saved many times
//! (every save synced to disk), handed to the autosaver, loaded and listed.
//!
//! `cargo bench --no-default-features --bench store`

use std::time::{Duration, Instant};

use chaupar::store::{Autosaver, SaveStore, Summary};
use serde::{Deserialize, Serialize};

const SAVES: u32 = 500;
const EVENTS: u32 = 400;

/// Shaped like a game record: options, a seed and every throw and move.
#[derive(Clone, Serialize, Deserialize)]
struct GameDocument {
    game: String,
    options: Vec<(String, String)>,
    seed: u64,
    events: Vec<Event>,
}

#[derive(Clone, Serialize, Deserialize)]
enum Event {
    Throw {
        seat: u8,
        cowries_up: u8,
        value: u8,
    },
    Move {
        seat: u8,
        from: u8,
        to: u8,
        pawns: u8,
        captured: Vec<(u8, u8)>,
    },
}

fn document() -> GameDocument {
    let events = (0..EVENTS)
        .map(|n| {
            let seat = (n / 2 % 4) as u8;
            if n % 2 == 0 {
                Event::Throw {
                    seat,
                    cowries_up: (n % 7) as u8,
                    value: [25, 2, 3, 4, 5, 6, 10][(n % 7) as usize],
                }
            } else {
                Event::Move {
                    seat,
                    from: (n % 80) as u8,
                    to: (n % 80 + 6) as u8,
                    pawns: 1,
                    captured: if n % 17 == 0 {
                        vec![(seat ^ 1, 12)]
                    } else {
                        vec![]
                    },
                }
            }
        })
        .collect();
    GameDocument {
        game: "pagade".into(),
        options: vec![
            ("mode".into(), "4p".into()),
            ("safe-squares".into(), "on".into()),
        ],
        seed: 0x5eed,
        events,
    }
}

fn summary() -> Summary {
    Summary {
        title: "Pagade".into(),
        seats: ["Asha", "Ravi", "Meera", "Kabir"]
            .map(String::from)
            .to_vec(),
        progress: "Black 2 home, Red 1 home".into(),
        finished: false,
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
    let document = document();
    let size = serde_json::to_vec(&document).unwrap().len();
    println!(
        "a game of {EVENTS} events, {size} bytes of JSON, in {}",
        folder.display()
    );

    measure("save_game (written and synced)", SAVES, || {
        store.save_game("game", &summary(), &document).unwrap();
    });
    let autosaver = Autosaver::new(store.clone());
    measure("Autosaver::save (returns before writing)", SAVES, || {
        autosaver.save("game", summary(), document.clone());
    });
    measure("Autosaver::flush after one snapshot", 50, || {
        autosaver.save("game", summary(), document.clone());
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

    std::fs::remove_dir_all(&folder).unwrap();
}
