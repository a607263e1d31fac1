//! A crash at any instant leaves a save that opens: this test runs its own
//! binary as a child that saves a counter over and over, kills it at random
//! moments, and checks the save each time.

use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use chaupar::store::{Listing, LoadProblem, SaveStore, Summary};
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;
use serde::{Deserialize, Serialize};

/// Set in the child: the data folder it saves into.
const CHILD_FOLDER_ENV: &str = "CHAUPAR_CRASH_TEST_CHILD";
const TEST_NAME: &str = "a_crash_at_any_instant_leaves_the_last_save_or_the_next";
const GAME_ID: &str = "counter";
const SEED: u64 = 2026;
const ROUNDS: u32 = 300;
/// The child's own limit, in case the test that runs it is gone.
const CHILD_LIFETIME: Duration = Duration::from_secs(20);

/// A save whose count goes up by one with each write, padded to the size of
/// a game of a few hundred moves so that writes take realistic time.
#[derive(Serialize, Deserialize)]
struct Counter {
    count: u64,
    moves: Vec<String>,
}

impl Counter {
    fn new(count: u64) -> Counter {
        Counter {
            count,
            moves: (0..300)
                .map(|n| format!("move {n} after save {count}"))
                .collect(),
        }
    }
}

#[test]
fn a_crash_at_any_instant_leaves_the_last_save_or_the_next() {
    if let Some(folder) = std::env::var_os(CHILD_FOLDER_ENV) {
        keep_saving(Path::new(&folder));
        return;
    }
    let folder = std::env::temp_dir().join(format!("chaupar-crash-test-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&folder);
    let mut rng = Pcg64Mcg::seed_from_u64(SEED);
    let started = Instant::now();
    let mut on_disk: Option<u64> = None;
    let mut killed_before_rename = 0;
    let mut killed_after_rename = 0;

    for round in 1..=ROUNDS {
        let last_reported = run_and_kill(&folder, &mut rng).or(on_disk);
        let before_rename = has_temporary_file(&folder.join("games"));

        let store = SaveStore::open(&folder).unwrap();
        let count = match store.load_game::<Counter>(GAME_ID) {
            Ok(saved) => Some(saved.count),
            Err(LoadProblem::Missing) => None,
            Err(problem) => panic!("round {round}: the save does not open: {problem}"),
        };
        let expected = [last_reported, Some(last_reported.unwrap_or(0) + 1)];
        assert!(
            expected.contains(&count),
            "round {round}: the save holds {count:?}, the child last reported {last_reported:?}"
        );
        assert!(
            store
                .list()
                .iter()
                .all(|listing| matches!(listing, Listing::Good(_))),
            "round {round}: a bad file appeared"
        );
        killed_before_rename += u32::from(before_rename);
        killed_after_rename += u32::from(count != last_reported);
        on_disk = count;
    }

    // Straight to stderr: libtest hides what tests print when they pass.
    writeln!(
        std::io::stderr(),
        "{ROUNDS} kills (seed {SEED}) in {:.1?}: {killed_before_rename} while writing the new file, \
         {killed_after_rename} after the rename but before the child reported it; last count {on_disk:?}",
        started.elapsed()
    )
    .unwrap();
    // Without kills landing inside a save the test would prove nothing.
    assert!(killed_before_rename > 0, "no kill landed while writing");
    assert!(
        killed_after_rename > 0,
        "no kill landed between rename and return"
    );
    std::fs::remove_dir_all(&folder).unwrap();
}

/// Starts a child saving into `folder`, kills it at a random moment once it
/// is saving, and returns the last count it reported as saved, if any.
fn run_and_kill(folder: &Path, rng: &mut Pcg64Mcg) -> Option<u64> {
    let mut child = Command::new(std::env::current_exe().unwrap())
        .args([TEST_NAME, "--exact", "--nocapture", "--test-threads=1"])
        .env(CHILD_FOLDER_ENV, folder)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
    lines
        .by_ref()
        .map(Result::unwrap)
        // libtest may print the test's name on the same line first.
        .find(|line| line.ends_with("ready"))
        .expect("the child stopped before saving");
    std::thread::sleep(Duration::from_micros(rng.random_range(0..10_000)));
    child.kill().unwrap();
    child.wait().unwrap();
    lines
        .map_while(Result::ok)
        .filter_map(|line| line.strip_prefix("saved ")?.parse().ok())
        .last()
}

/// What the child does: carries on the count found on disk, printing each
/// count once its save has returned.
fn keep_saving(folder: &Path) {
    let store = SaveStore::open(folder).unwrap();
    let mut count = match store.load_game::<Counter>(GAME_ID) {
        Ok(saved) => saved.count,
        Err(LoadProblem::Missing) => 0,
        Err(problem) => panic!("{problem}"),
    };
    let summary = Summary {
        title: "Counter".into(),
        seats: vec!["Asha".into()],
        progress: String::new(),
        finished: false,
        ..Default::default()
    };
    println!("ready");
    let started = Instant::now();
    while started.elapsed() < CHILD_LIFETIME {
        count += 1;
        store
            .save_game(GAME_ID, &summary, &Counter::new(count))
            .unwrap();
        println!("saved {count}");
    }
}

fn has_temporary_file(folder: &Path) -> bool {
    std::fs::read_dir(folder).is_ok_and(|entries| {
        entries
            .filter_map(Result::ok)
            .any(|entry| entry.file_name().to_string_lossy().ends_with(".tmp"))
    })
}
