//! Saved games and Continue: a game picks up where it was left, a save
//! is deleted only when asked twice, and damaged or foreign saves are
//! listed with their reason and never opened wrongly.

use crate::ui_support::*;
use chaupar::app::{App, Play, Screen};
use chaupar::rules::{Event, Game, GameRecord, Match, ReplayError, Replayed};
use slint::{ComponentHandle, Model};

#[test]
fn a_game_left_mid_turn_continues_at_the_same_moment_after_a_restart() {
    use_testing_backend(false);
    let dir = fresh_data_dir();
    let first = open_app(&dir);
    first.seed_next_game(21);
    new_game_through_the_screens(&first, Game::Pagade);
    // A few moves in, then a throw not yet used.
    for _ in 0..6 {
        take_a_turn_step(&first);
    }
    throw_until_a_move_is_due(&first);
    let left = moment(&first);
    assert!(!left.1.is_empty(), "values are waiting to be spent");
    let log = log_lines(&first);
    // The back key leaves the game for Home, saving it.
    press_back(&first);
    assert_eq!(screen(&first), Screen::Home);
    drop(first);

    let second = open_app(&dir);
    assert_eq!(second.with_match(|_| ()), None, "a new start holds no game");
    press(&second, "Continue");
    assert_eq!(screen(&second), Screen::Game);
    assert_eq!(moment(&second), left);
    let play = second.window().global::<Play>();
    let chips: Vec<u8> = play.get_values().iter().map(|v| v as u8).collect();
    assert_eq!(chips, left.1, "the same values are offered");
    assert_eq!(log_lines(&second), log, "the log tells the game so far");
    assert_board_matches_engine(&second);
    // And the game goes on from there.
    for _ in 0..8 {
        assert!(take_a_turn_step(&second));
        assert_board_matches_engine(&second);
    }
    assert!(moment(&second).3 > left.3);
}

#[test]
fn asking_before_deleting_a_saved_game_on_a_phone_leaves_its_buttons_whole() {
    use_testing_backend(false);
    let dir = fresh_data_dir();
    let app = open_app(&dir);
    set_window_size(&app, 360.0, 640.0);
    new_game_through_the_screens(&app, Game::ChowkaBhara);
    take_a_turn_step(&app);
    press_back(&app);
    press(&app, "Saved games");
    let delete = starting(&app, "Delete Chowka Bhara")[0].size().width;
    press(
        &app,
        &starting(&app, "Delete Chowka Bhara")[0]
            .accessible_label()
            .unwrap(),
    );
    // The question wraps beside them rather than squeezing their words (the
    // bold Delete is the wider of the two Deletes).
    let keep = labelled(&app, "Keep the game").expect("deleting asks first");
    let confirm = labelled(&app, "Confirm: delete the game").expect("deleting asks first");
    assert!(
        confirm.size().width >= delete,
        "{} < {delete}",
        confirm.size().width
    );
    assert!(keep.size().width >= 60.0, "{}", keep.size().width);
    assert_in_window(&confirm, (360.0, 640.0));
}

#[test]
fn a_damaged_save_is_listed_with_its_message_and_the_others_resume() {
    use_testing_backend(false);
    let dir = fresh_data_dir();
    let first = open_app(&dir);
    first.seed_next_game(4);
    new_game_through_the_screens(&first, Game::ChowkaBhara);
    take_a_turn_step(&first);
    let left = moment(&first);
    press_back(&first);
    drop(first);
    std::fs::write(
        dir.join("games/game-1.json"),
        "{\"format\": \"chaupar-save\", \"ver",
    )
    .unwrap();

    let second = open_app(&dir);
    press(&second, "Saved games");
    assert_eq!(screen(&second), Screen::SavedGames);
    assert!(
        labelled(&second, "game-1: This save is damaged and cannot be opened").is_some(),
        "the damaged save is listed with its message"
    );
    press(&second, "Resume Chowka Bhara, Player 1, Player 2");
    assert_eq!(screen(&second), Screen::Game);
    assert_eq!(moment(&second), left);

    // Still listed when the screen is opened again; deleting asks first.
    press_back(&second);
    press(&second, "Saved games");
    press(
        &second,
        "Delete game-1, This save is damaged and cannot be opened",
    );
    assert!(labelled(&second, "game-1: This save is damaged and cannot be opened").is_some());
    press(&second, "Confirm: delete the game");
    assert!(labelled(&second, "game-1: This save is damaged and cannot be opened").is_none());
    assert!(labelled(&second, "Resume Chowka Bhara, Player 1, Player 2").is_some());
}

/// Changes the record of the one game saved in `dir` (its JSON) and writes
/// it back: the file and the record as changed.
fn edit_the_saved_record(
    dir: &std::path::Path,
    edit: impl FnOnce(&mut serde_json::Value),
) -> (std::path::PathBuf, GameRecord) {
    let file = std::fs::read_dir(dir.join("games"))
        .unwrap()
        .map(|f| f.unwrap().path())
        .find(|p| p.extension().is_some_and(|e| e == "json"))
        .expect("the game was saved");
    let mut save: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
    edit(&mut save["game"]["record"]);
    std::fs::write(&file, save.to_string()).unwrap();
    let record = serde_json::from_value(save["game"]["record"].clone()).unwrap();
    (file, record)
}

#[test]
fn a_save_whose_moves_no_longer_replay_is_listed_not_opened() {
    use_testing_backend(false);
    let dir = fresh_data_dir();
    let first = open_app(&dir);
    first.seed_next_game(5);
    new_game_through_the_screens(&first, Game::Pagade);
    throw_until_a_move_is_due(&first);
    press_back(&first);
    drop(first);
    // Another seed, one whose first throw differs from the one recorded:
    // the save parts from the start, with nothing to go on from.
    let (file, _) = edit_the_saved_record(&dir, |record| {
        let seed = record["seed"].as_u64().unwrap();
        let recorded: GameRecord = serde_json::from_value(record.clone()).unwrap();
        record["seed"] = (1..)
            .map(|k| seed ^ k)
            .find(|&other| {
                matches!(
                    Match::replay(&GameRecord {
                        seed: other,
                        ..recorded.clone()
                    }),
                    Err(ReplayError::ThrowMismatch { event: 1, .. })
                )
            })
            .unwrap()
            .into();
    });

    let second = open_app(&dir);
    press(&second, "Continue");
    assert_eq!(screen(&second), Screen::SavedGames);
    assert_eq!(second.with_match(|_| ()), None, "no game was opened");
    let id = file.file_stem().unwrap().to_str().unwrap();
    let line = format!("{id}: This save's moves no longer replay in this version of Chaupar");
    assert!(labelled(&second, &line).is_some(), "{line}");
    press_back(&second);
    press(&second, "Saved games");
    assert!(labelled(&second, &line).is_some(), "still listed: {line}");
}

#[test]
fn a_save_that_parts_from_the_rules_goes_on_from_that_turn_and_keeps_the_old_one() {
    use_testing_backend(false);
    let dir = fresh_data_dir();
    let first = open_app(&dir);
    first.seed_next_game(5);
    new_game_through_the_screens(&first, Game::Pagade);
    let moves = |app: &App| {
        app.with_match(|m| {
            m.record()
                .events
                .iter()
                .filter(|e| matches!(e, Event::Move { .. }))
                .count()
        })
        .unwrap()
    };
    while moves(&first) < 6 {
        assert!(take_a_turn_step(&first));
    }
    press_back(&first);
    drop(first);
    // As if the rules had changed since: the last move is one these rules
    // refuse.
    let (file, record) = edit_the_saved_record(&dir, |record| {
        let events = record["events"].as_array_mut().unwrap();
        let last_move = events.iter().rposition(|e| e["kind"] == "move").unwrap();
        events[last_move]["from"] = 84.into();
    });
    let Ok(Replayed::Part { dropped, .. }) = Match::replay_as_far_as_possible(&record) else {
        panic!("the record should part from the rules");
    };

    let second = open_app(&dir);
    press(&second, "Continue");
    assert_eq!(screen(&second), Screen::Game);
    let events = second.with_match(|m| m.record().events.clone()).unwrap();
    assert_eq!(events, record.events[..record.events.len() - dropped]);
    assert!(
        second.window().global::<Play>().get_can_throw(),
        "the turn's start"
    );
    let notice = notice_said(&second);
    assert!(notice.starts_with("Saved under earlier rules"), "{notice}");
    // The save as it was is kept and listed beside the game going on.
    press_back(&second);
    press(&second, "Saved games");
    let id = file.file_stem().unwrap().to_str().unwrap();
    let line = format!("{id}: This save's moves no longer replay in this version of Chaupar");
    assert!(labelled(&second, &line).is_some(), "{line}");
    assert!(labelled(&second, "Resume Pagade, Player 1, Player 2").is_some());
}
