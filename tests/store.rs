//! The save store as the app uses it: games saved and resumed, the Saved
//! games list with good and bad files, settings, statistics and autosave.

use std::fs;
use std::path::Path;
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::{Arc, Barrier};
use std::time::{Duration, SystemTime};

use chaupar::store::{
    Autosaver, BadFile, Listing, LoadProblem, Problem, SaveStore, SavedGame, Stats, StoreError,
    Summary, Writes,
};
use chaupar::work::Work;
use serde::{Deserialize, Serialize, Serializer};

mod scratch;
use scratch::Scratch;

/// A stand-in for the engine's game record.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
struct Record {
    game: String,
    seed: u64,
    events: Vec<String>,
}

fn record(moves: usize) -> Record {
    Record {
        game: "pagade".into(),
        seed: 42,
        events: (0..moves).map(|n| format!("move {n}")).collect(),
    }
}

fn summary(progress: &str) -> Summary {
    Summary {
        title: "Pagade".into(),
        seats: vec!["Asha".into(), "Ravi".into()],
        progress: progress.into(),
        finished: false,
        ..Default::default()
    }
}

fn finished(mut summary: Summary) -> Summary {
    summary.finished = true;
    summary
}

fn now() -> u64 {
    SystemTime::now()
        .duration_since(SystemTime::UNIX_EPOCH)
        .unwrap()
        .as_secs()
}

fn good(listing: &Listing) -> &SavedGame {
    match listing {
        Listing::Good(game) => game,
        Listing::Bad { id, file } => panic!("{id} is bad: {}", file.problem),
    }
}

fn bad<'a>(listings: &'a [Listing], wanted: &str) -> &'a BadFile {
    listings
        .iter()
        .find_map(|listing| match listing {
            Listing::Bad { id, file } if id == wanted => Some(file),
            _ => None,
        })
        .unwrap_or_else(|| panic!("{wanted} is not listed as bad: {listings:?}"))
}

fn ids(listings: &[Listing]) -> Vec<&str> {
    listings
        .iter()
        .map(|listing| match listing {
            Listing::Good(game) => game.id.as_str(),
            Listing::Bad { id, .. } => id.as_str(),
        })
        .collect()
}

/// Sets a file's modification time `seconds_ago`, to order saves made
/// within the same second.
fn age(path: &Path, seconds_ago: u64) {
    let file = fs::File::options().write(true).open(path).unwrap();
    file.set_modified(SystemTime::now() - Duration::from_secs(seconds_ago))
        .unwrap();
}

#[test]
fn a_saved_game_loads_back_and_is_listed_with_its_summary() {
    let scratch = Scratch::new("store-test");
    let store = scratch.store();
    let before = now();
    store
        .save_game("g1", &summary("Black 2 home, Red 1 home"), &record(30))
        .unwrap();

    assert_eq!(store.load_game::<Record>("g1").unwrap(), record(30));
    let list = store.list();
    assert_eq!(list.len(), 1);
    let game = good(&list[0]);
    assert_eq!(game.id, "g1");
    assert_eq!(game.summary, summary("Black 2 home, Red 1 home"));
    assert!((before..=now()).contains(&game.saved_at));

    // Another store on the same folder (the app started again) sees it too.
    let reopened = scratch.store();
    assert_eq!(reopened.load_game::<Record>("g1").unwrap(), record(30));
}

#[test]
fn saving_again_replaces_the_game_instead_of_adding_one() {
    let scratch = Scratch::new("store-test");
    let store = scratch.store();
    store
        .save_game("g1", &summary("start"), &record(1))
        .unwrap();
    store
        .save_game("g1", &summary("later"), &record(2))
        .unwrap();
    assert_eq!(store.load_game::<Record>("g1").unwrap(), record(2));
    let list = store.list();
    assert_eq!(ids(&list), ["g1"]);
    assert_eq!(good(&list[0]).summary.progress, "later");
}

#[test]
fn the_list_is_newest_first_and_resume_skips_finished_games() {
    let scratch = Scratch::new("store-test");
    let store = scratch.store();
    store
        .save_game("oldest", &summary("a"), &record(1))
        .unwrap();
    store
        .save_game("middle", &summary("b"), &record(1))
        .unwrap();
    store
        .save_game("newest", &finished(summary("c")), &record(1))
        .unwrap();
    age(&scratch.game_file("oldest.json"), 20);
    age(&scratch.game_file("middle.json"), 10);

    assert_eq!(ids(&store.list()), ["newest", "middle", "oldest"]);
    assert_eq!(store.most_recent_unfinished().unwrap().id, "middle");
}

#[test]
fn a_deleted_game_leaves_the_list_and_cannot_be_loaded() {
    let scratch = Scratch::new("store-test");
    let store = scratch.store();
    store.save_game("g1", &summary("a"), &record(1)).unwrap();
    store.save_game("g2", &summary("b"), &record(1)).unwrap();
    store.delete_game("g1").unwrap();
    assert_eq!(ids(&store.list()), ["g2"]);
    assert_eq!(store.load_game::<Record>("g1"), Err(LoadProblem::Missing));
    // Deleting twice (a double tap) is harmless.
    store.delete_game("g1").unwrap();
    assert!(store.most_recent_unfinished().is_some());
    store.delete_game("g2").unwrap();
    assert!(store.most_recent_unfinished().is_none());
}

#[test]
fn new_game_ids_are_usable_and_never_those_of_existing_files() {
    let scratch = Scratch::new("store-test");
    let store = scratch.store();
    let first = store.new_game_id();
    store.save_game(&first, &summary("a"), &record(1)).unwrap();
    let second = store.new_game_id();
    fs::write(scratch.game_file(&format!("{second}.json")), b"damaged").unwrap();
    assert!(store.load_game::<Record>(&second).is_err());
    let third = store.new_game_id();
    store.save_game(&third, &summary("c"), &record(3)).unwrap();

    assert_ne!(first, second);
    assert_ne!(second, third);
    assert_ne!(first, third);
    assert_eq!(store.load_game::<Record>(&first).unwrap(), record(1));
    assert_eq!(store.list().len(), 3);
}

#[test]
fn ids_that_cannot_name_a_file_are_refused() {
    let scratch = Scratch::new("store-test");
    let store = scratch.store();
    for id in ["", "../outside", "a b"] {
        let refused = store.save_game(id, &summary("a"), &record(1));
        assert!(matches!(refused, Err(StoreError::InvalidId(_))), "{id:?}");
        assert_eq!(store.load_game::<Record>(id), Err(LoadProblem::Missing));
    }
    assert!(!scratch.0.join("outside.json").exists());
}

/// A real save of `id`, for tests that spoil it.
fn saved_bytes(store: &SaveStore, scratch: &Scratch, id: &str) -> Vec<u8> {
    store.save_game(id, &summary("x"), &record(50)).unwrap();
    fs::read(scratch.game_file(&format!("{id}.json"))).unwrap()
}

/// Puts `bytes` in place of game `bad`, beside a good game, and checks that
/// the list shows `message` for it, sets it aside as `aside` with its bytes
/// intact, and keeps the good game.
fn check_bad_file(bytes: &[u8], message: &str, aside: &str) {
    let scratch = Scratch::new("store-test");
    let store = scratch.store();
    store
        .save_game("good", &summary("fine"), &record(3))
        .unwrap();
    fs::write(scratch.game_file("bad.json"), bytes).unwrap();

    for pass in ["first", "second"] {
        let list = store.list();
        assert_eq!(list.len(), 2, "{pass} listing");
        let file = bad(&list, "bad");
        assert_eq!(file.problem.to_string(), message, "{pass} listing");
        assert_eq!(file.path, scratch.game_file(aside));
    }
    assert_eq!(fs::read(scratch.game_file(aside)).unwrap(), bytes);
    assert!(!scratch.game_file("bad.json").exists());
    assert_eq!(store.load_game::<Record>("good").unwrap(), record(3));
    assert_eq!(store.most_recent_unfinished().unwrap().id, "good");
}

#[test]
fn a_truncated_save_is_listed_as_damaged_and_kept() {
    let scratch = Scratch::new("store-test");
    let bytes = saved_bytes(&scratch.store(), &scratch, "x");
    check_bad_file(
        &bytes[..bytes.len() / 2],
        "This save is damaged and cannot be opened",
        "bad.json.damaged",
    );
}

#[test]
fn a_garbage_save_is_listed_as_damaged_and_kept() {
    let garbage: Vec<u8> = (0..2000u32).map(|n| (n * 7919 % 251) as u8).collect();
    check_bad_file(
        &garbage,
        "This save is damaged and cannot be opened",
        "bad.json.damaged",
    );
}

#[test]
fn an_empty_save_is_listed_as_empty_and_kept() {
    check_bad_file(
        b"",
        "This save is empty and cannot be opened",
        "bad.json.empty",
    );
}

#[test]
fn a_foreign_file_is_listed_as_not_a_save_and_kept() {
    check_bad_file(
        br#"{"shopping": ["rice", "dal"]}"#,
        "This file is not a Chaupar save",
        "bad.json.foreign",
    );
}

#[test]
fn a_save_from_a_newer_version_is_listed_as_such_and_kept() {
    let scratch = Scratch::new("store-test");
    let bytes = saved_bytes(&scratch.store(), &scratch, "x");
    let newer = String::from_utf8(bytes)
        .unwrap()
        .replace(r#""version":1"#, r#""version":2"#);
    check_bad_file(
        newer.as_bytes(),
        "This save was written by a newer version of Chaupar",
        "bad.json.newer",
    );
}

#[test]
fn a_save_with_a_document_this_version_cannot_read_is_damaged_and_kept() {
    let scratch = Scratch::new("store-test");
    let store = scratch.store();
    store
        .save_game("g1", &summary("a"), &"not a record")
        .unwrap();
    let bytes = fs::read(scratch.game_file("g1.json")).unwrap();
    let LoadProblem::Bad(file) = store.load_game::<Record>("g1").unwrap_err() else {
        panic!("the save should be bad")
    };
    assert_eq!(file.problem, Problem::Damaged);
    assert_eq!(fs::read(&file.path).unwrap(), bytes);
    assert_eq!(ids(&store.list()), ["g1"]);
}

#[test]
fn a_save_that_is_a_folder_is_listed_as_unreadable_and_kept() {
    let scratch = Scratch::new("store-test");
    let store = scratch.store();
    fs::create_dir(scratch.game_file("odd.json")).unwrap();
    fs::write(scratch.game_file("odd.json").join("inside"), b"kept").unwrap();
    let LoadProblem::Bad(file) = store.load_game::<Record>("odd").unwrap_err() else {
        panic!("the save should be bad")
    };
    assert_eq!(
        file.problem.to_string(),
        "This save could not be read: it is a folder, not a file"
    );
    assert_eq!(fs::read(file.path.join("inside")).unwrap(), b"kept");
    let list = store.list();
    assert_eq!(bad(&list, "odd"), &file);
}

#[cfg(unix)]
#[test]
fn an_unreadable_save_is_listed_with_the_reason_and_kept() {
    use std::io::Write;
    use std::os::unix::fs::PermissionsExt;

    let scratch = Scratch::new("store-test");
    let bytes = saved_bytes(&scratch.store(), &scratch, "x");
    let probe = scratch.0.join("probe");
    fs::write(&probe, b"x").unwrap();
    fs::set_permissions(&probe, fs::Permissions::from_mode(0o000)).unwrap();
    if fs::read(&probe).is_ok() {
        // Straight to stderr: libtest hides what tests print when they pass.
        writeln!(
            std::io::stderr(),
            "an_unreadable_save_is_listed_with_the_reason_and_kept: skipped, running as root, \
             where file permissions do not stop reading"
        )
        .unwrap();
        return;
    }

    let store = scratch.store();
    let path = scratch.game_file("locked.json");
    fs::write(&path, &bytes).unwrap();
    fs::set_permissions(&path, fs::Permissions::from_mode(0o000)).unwrap();
    let list = store.list();
    assert_eq!(list.len(), 2);
    let file = bad(&list, "locked");
    assert_eq!(
        file.problem.to_string(),
        "This save could not be read: permission denied"
    );
    fs::set_permissions(&file.path, fs::Permissions::from_mode(0o600)).unwrap();
    assert_eq!(fs::read(&file.path).unwrap(), bytes);
}

#[test]
fn setting_aside_the_same_game_twice_keeps_both_files() {
    let scratch = Scratch::new("store-test");
    let store = scratch.store();
    fs::write(scratch.game_file("g1.json"), b"first damage").unwrap();
    assert!(store.load_game::<Record>("g1").is_err());
    fs::write(scratch.game_file("g1.json"), b"second damage").unwrap();
    assert!(store.load_game::<Record>("g1").is_err());

    assert_eq!(store.list().len(), 2);
    assert_eq!(
        fs::read(scratch.game_file("g1.json.damaged")).unwrap(),
        b"first damage"
    );
    assert_eq!(
        fs::read(scratch.game_file("g1.json.damaged-2")).unwrap(),
        b"second damage"
    );
}

#[test]
fn a_save_whose_moves_no_longer_replay_is_set_aside_and_can_be_discarded() {
    let scratch = Scratch::new("store-test");
    let store = scratch.store();
    let bytes = saved_bytes(&store, &scratch, "g1");
    let file = store.report_unplayable("g1").unwrap();
    assert_eq!(
        file.problem.to_string(),
        "This save's moves no longer replay in this version of Chaupar"
    );
    assert_eq!(fs::read(&file.path).unwrap(), bytes);
    assert_eq!(store.load_game::<Record>("g1"), Err(LoadProblem::Missing));
    let list = store.list();
    assert_eq!(
        list,
        [Listing::Bad {
            id: "g1".into(),
            file: file.clone()
        }]
    );

    store.discard(&file).unwrap();
    assert!(store.list().is_empty());
    let outside = BadFile {
        problem: Problem::Damaged,
        path: std::env::temp_dir(),
    };
    assert!(store.discard(&outside).is_err());
}

#[test]
fn files_that_are_not_saves_are_left_alone() {
    let scratch = Scratch::new("store-test");
    let store = scratch.store();
    fs::write(scratch.game_file("notes.txt"), b"mine").unwrap();
    fs::write(scratch.game_file("my notes.json"), b"mine").unwrap();
    assert!(store.list().is_empty());
    assert!(scratch.game_file("notes.txt").exists());
    assert!(scratch.game_file("my notes.json").exists());
}

#[test]
fn a_write_interrupted_by_a_crash_leaves_only_litter_that_opening_clears() {
    let scratch = Scratch::new("store-test");
    let store = scratch.store();
    store.save_game("g1", &summary("a"), &record(3)).unwrap();
    let litter = scratch.game_file(".g1.json.999-0.tmp");
    fs::write(&litter, b"{\"format\":\"chaupar-sa").unwrap();
    assert_eq!(ids(&store.list()), ["g1"]);

    let reopened = scratch.store();
    assert!(!litter.exists());
    assert_eq!(reopened.load_game::<Record>("g1").unwrap(), record(3));
}

#[derive(Debug, Default, PartialEq, Serialize, Deserialize)]
struct Settings {
    sound: bool,
    names: Vec<String>,
}

#[test]
fn settings_round_trip_and_a_bad_settings_file_is_set_aside() {
    let scratch = Scratch::new("store-test");
    let store = scratch.store();
    assert_eq!(store.load_settings::<Settings>(), Err(LoadProblem::Missing));
    let settings = Settings {
        sound: true,
        names: vec!["Asha".into()],
    };
    store.save_settings(&settings).unwrap();
    assert_eq!(
        scratch.store().load_settings::<Settings>().unwrap(),
        settings
    );

    let path = scratch.0.join("settings.json");
    fs::write(&path, b"{\"sound\": tr").unwrap();
    let Err(LoadProblem::Bad(file)) = store.load_settings::<Settings>() else {
        panic!("the settings should be bad")
    };
    assert_eq!(file.problem, Problem::Damaged);
    assert_eq!(fs::read(&file.path).unwrap(), b"{\"sound\": tr");
    // The app goes on with defaults and can save again.
    assert_eq!(store.load_settings::<Settings>(), Err(LoadProblem::Missing));
    store.save_settings(&Settings::default()).unwrap();
    assert_eq!(
        store.load_settings::<Settings>().unwrap(),
        Settings::default()
    );
}

#[test]
fn a_game_file_is_not_taken_for_settings() {
    let scratch = Scratch::new("store-test");
    let store = scratch.store();
    let bytes = saved_bytes(&store, &scratch, "g1");
    fs::write(scratch.0.join("settings.json"), bytes).unwrap();
    let Err(LoadProblem::Bad(file)) = store.load_settings::<Settings>() else {
        panic!("a game is not settings")
    };
    assert_eq!(file.problem, Problem::Foreign);
}

fn counts(stats: &Stats) -> Vec<(&str, u32, u32)> {
    stats
        .seats
        .iter()
        .map(|(name, seat)| (name.as_str(), seat.played, seat.won))
        .collect()
}

#[test]
fn results_are_counted_per_name_and_kept_across_restarts() {
    let scratch = Scratch::new("store-test");
    let store = scratch.store();
    assert_eq!(store.stats().unwrap(), Stats::default());
    store
        .record_result([("Asha", true), ("Ravi", false)])
        .unwrap();
    store
        .record_result([("Asha", false), ("Ravi", true), ("Meera", false)])
        .unwrap();
    let stats = scratch.store().stats().unwrap();
    assert_eq!(
        counts(&stats),
        [("Asha", 2, 1), ("Meera", 1, 0), ("Ravi", 2, 1)]
    );
}

#[test]
fn a_damaged_statistics_file_is_reported_kept_and_counting_starts_afresh() {
    let scratch = Scratch::new("store-test");
    let store = scratch.store();
    store.record_result([("Asha", true)]).unwrap();
    fs::write(scratch.0.join("stats.json"), b"\0\0\0").unwrap();

    let file = store.stats().unwrap_err();
    assert_eq!(file.problem, Problem::Damaged);
    assert_eq!(fs::read(&file.path).unwrap(), b"\0\0\0");
    let stats = store.record_result([("Ravi", true)]).unwrap();
    assert_eq!(counts(&stats), [("Ravi", 1, 1)]);
    assert_eq!(store.stats().unwrap(), stats);
}

/// Runs an autosaver's writes, when it hands some out, on a thread of
/// their own, as the desktop app does.
fn in_background<D: Serialize + Send + 'static>(writes: Option<Writes<D>>) {
    if let Some(writes) = writes {
        std::thread::spawn(move || writes.finish());
    }
}

#[test]
fn the_autosaver_writes_the_newest_snapshot_by_flush() {
    let scratch = Scratch::new("store-test");
    let store = scratch.store();
    let autosaver = Autosaver::new(store.clone());
    for moves in 1..=200 {
        in_background(autosaver.save("g1", summary(&format!("{moves} moves")), record(moves)));
    }
    in_background(autosaver.save("g2", summary("other"), record(1)));
    autosaver.flush().unwrap();
    assert_eq!(store.load_game::<Record>("g1").unwrap(), record(200));
    assert_eq!(store.load_game::<Record>("g2").unwrap(), record(1));
    let progress: Vec<_> = store
        .list()
        .iter()
        .map(|listing| good(listing).summary.progress.clone())
        .collect();
    assert!(progress.contains(&"200 moves".to_string()), "{progress:?}");
}

#[test]
fn the_writes_go_one_game_a_step_and_one_writer_at_a_time() {
    let scratch = Scratch::new("store-test");
    let store = scratch.store();
    let autosaver = Autosaver::new(store.clone());
    let mut writes = autosaver.save("g1", summary("a"), record(1)).unwrap();
    assert!(autosaver.save("g2", summary("b"), record(2)).is_none());
    assert!(autosaver.save("g1", summary("c"), record(3)).is_none());
    assert!(store.list().is_empty(), "nothing is written before a step");
    assert_eq!(writes.step(), None);
    assert_eq!(store.load_game::<Record>("g1").unwrap(), record(3));
    assert!(store.load_game::<Record>("g2").is_err());
    assert_eq!(writes.step(), None);
    assert_eq!(store.load_game::<Record>("g2").unwrap(), record(2));
    assert_eq!(writes.step(), Some(()), "done once the queue is empty");
    drop(writes);
    let mut next = autosaver
        .delete("g1")
        .expect("a new writer once the last is done");
    assert_eq!(next.step(), None);
    assert_eq!(next.step(), Some(()));
    assert_eq!(store.list().len(), 1);
}

/// A snapshot that counts how often it is written, and can hold the writer
/// inside the write until the test lets it go.
struct Snapshot {
    moves: u32,
    writes: Arc<AtomicU32>,
    /// Met when the write starts, then when it may go on.
    hold: Option<Arc<(Barrier, Barrier)>>,
}

impl Serialize for Snapshot {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        if let Some(hold) = &self.hold {
            hold.0.wait();
            hold.1.wait();
        }
        self.writes.fetch_add(1, Ordering::SeqCst);
        self.moves.serialize(serializer)
    }
}

#[test]
fn snapshots_queued_during_a_slow_write_are_replaced_by_the_newest() {
    let scratch = Scratch::new("store-test");
    let store = scratch.store();
    let autosaver = Autosaver::new(store.clone());
    let writes = Arc::new(AtomicU32::new(0));
    let hold = Arc::new((Barrier::new(2), Barrier::new(2)));
    let snapshot = |moves, hold| Snapshot {
        moves,
        writes: Arc::clone(&writes),
        hold,
    };

    in_background(autosaver.save("g1", summary("1"), snapshot(1, Some(Arc::clone(&hold)))));
    hold.0.wait(); // the writer is inside the first write
    for moves in 2..=50 {
        let writes = autosaver.save("g1", summary(&moves.to_string()), snapshot(moves, None));
        assert!(writes.is_none(), "the writer at work takes it");
    }
    hold.1.wait();
    autosaver.flush().unwrap();

    assert_eq!(writes.load(Ordering::SeqCst), 2, "the first and the newest");
    assert_eq!(store.load_game::<u32>("g1").unwrap(), 50);
}

#[test]
fn writes_dropped_unfinished_leave_the_rest_to_the_next_writer() {
    let scratch = Scratch::new("store-test");
    let store = scratch.store();
    let autosaver = Autosaver::new(store.clone());
    let first = autosaver.save("g1", summary("a"), record(1)).unwrap();
    drop(first);
    in_background(autosaver.save("g2", summary("b"), record(2)));
    autosaver.flush().unwrap();
    assert_eq!(store.load_game::<Record>("g1").unwrap(), record(1));
    assert_eq!(store.load_game::<Record>("g2").unwrap(), record(2));
}

#[test]
fn an_autosaved_game_deleted_after_its_last_snapshot_stays_deleted() {
    let scratch = Scratch::new("store-test");
    let store = scratch.store();
    let autosaver = Autosaver::new(store.clone());
    in_background(autosaver.save("g1", summary("a"), record(1)));
    autosaver.flush().unwrap();
    in_background(autosaver.save("g1", finished(summary("won")), record(2)));
    in_background(autosaver.delete("g1"));
    autosaver.flush().unwrap();
    assert!(store.list().is_empty());
}

#[test]
fn a_failed_autosave_is_reported_by_the_next_flush_only() {
    let scratch = Scratch::new("store-test");
    let autosaver = Autosaver::new(scratch.store());
    in_background(autosaver.save("not a valid id", summary("a"), record(1)));
    assert!(matches!(autosaver.flush(), Err(StoreError::InvalidId(_))));
    in_background(autosaver.save("g1", summary("a"), record(1)));
    assert!(autosaver.flush().is_ok());
}
