//! The Dice screen through the app's own UI: opened from a game's menu and
//! from Settings, its counts those of the game's record and of every game
//! on the device, kept across restarts, reset only when confirmed, and
//! drawn whole at phone and desktop sizes.

use crate::ui_support::*;
use chaupar::app::{App, Dice, DiceFileProblem, DiceImplement, DiceTally, DiceVerdict, Screen};
use chaupar::dice::Implement;
use chaupar::dice_counts::Counts;
use chaupar::rules::{Event, Game};
use slint::{ComponentHandle, Model};

/// The values of every throw of the game in progress, in order (the
/// throws for who starts first).
fn throws(app: &App) -> Vec<Vec<u8>> {
    app.with_match(|m| {
        let opening = m.opening_throws().iter().map(|(_, t)| t.values().to_vec());
        let recorded = m.record().events.iter().filter_map(|e| match e {
            Event::Throw { values, .. } => Some(values.clone()),
            Event::Move { .. } => None,
        });
        opening.chain(recorded).collect()
    })
    .expect("a game is on")
}

fn game_tally(app: &App) -> DiceTally {
    app.window().global::<Dice>().get_game()
}

fn device_tally(app: &App) -> DiceTally {
    app.window().global::<Dice>().get_device()
}

/// The bars of a tally as (outcome, count).
fn bars(tally: &DiceTally) -> Vec<(i32, i32)> {
    tally
        .outcomes
        .iter()
        .map(|b| (b.outcome, b.count))
        .collect()
}

/// Plays `steps` actions of the game on screen.
fn play_steps(app: &App, steps: usize) {
    for _ in 0..steps {
        if !take_a_turn_step(app) {
            break;
        }
    }
}

fn open_from_the_game(app: &App) {
    press(app, "Menu");
    press(app, "Are the dice fair?");
    assert_eq!(screen(app), Screen::Dice);
}

/// Opens the Dice screen from Settings, whose button is at the end of the
/// page: in a window tall enough to show it, then the window as it was.
fn open_from_settings(app: &App) {
    let size = app.window().window().size();
    let scale = app.window().window().scale_factor();
    press(app, "Settings");
    set_window_size(app, 1280.0, 1600.0);
    press(app, "Are the dice fair?");
    set_window_size(app, size.width as f32 / scale, size.height as f32 / scale);
    assert_eq!(screen(app), Screen::Dice);
}

#[test]
fn the_game_menu_opens_the_games_counts_and_back_returns_to_the_game() {
    let app = app();
    app.seed_next_game(3);
    new_game_through_the_screens(&app, Game::Pagade);
    play_steps(&app, 30);
    let thrown = throws(&app);
    assert!(thrown.len() >= 10, "{} throws", thrown.len());

    open_from_the_game(&app);
    let dice = app.window().global::<Dice>();
    assert_eq!(dice.get_implement(), DiceImplement::StickDice);
    assert!(dice.get_from_game());
    let game = game_tally(&app);
    assert_eq!(game.throws as usize, thrown.len());
    // Each face as often as the record's throws show it.
    let expected: Vec<(i32, i32)> = [1u8, 3, 4, 6]
        .iter()
        .map(|&face| {
            let n = thrown.iter().flatten().filter(|&&v| v == face).count();
            (i32::from(face), n as i32)
        })
        .collect();
    assert_eq!(bars(&game), expected);
    let sums: i32 = game.sums.iter().map(|b| b.count).sum();
    assert_eq!(sums as usize, thrown.len());
    // Fewer than 80 throws: the test cannot tell yet, and says how many more.
    assert_eq!(game.verdict, DiceVerdict::TooFew);
    assert_eq!(game.n as usize, 80 - thrown.len());
    assert!(labelled(&app, "This game: Not enough throws yet to tell.").is_some());
    // This device has seen this game only.
    assert_eq!(device_tally(&app).throws as usize, thrown.len());

    press(&app, "Back");
    assert_eq!(screen(&app), Screen::Game);
    open_from_the_game(&app);
    press_back(&app);
    assert_eq!(screen(&app), Screen::Game);

    // The game goes on; the screen opened again has its new throws.
    play_steps(&app, 200);
    let thrown = throws(&app);
    open_from_the_game(&app);
    assert_eq!(game_tally(&app).throws as usize, thrown.len());
    if thrown.len() >= 80 {
        assert_ne!(game_tally(&app).verdict, DiceVerdict::TooFew);
    }
}

#[test]
fn a_long_game_of_fair_throws_is_called_fair() {
    let app = app();
    app.seed_next_game(12);
    new_game_through_the_screens(&app, Game::ChowkaBhara);
    // Throws until the four shells have been thrown the 80 times the test
    // needs.
    let mut steps = 0;
    while throws(&app).len() < 80 {
        assert!(take_a_turn_step(&app), "the game ended first");
        steps += 1;
        assert!(steps < 3000);
    }
    open_from_the_game(&app);
    let game = game_tally(&app);
    assert_eq!(
        app.window().global::<Dice>().get_implement(),
        DiceImplement::FourCowries
    );
    let counts = Counts::of(
        Implement::Cowries(4),
        throws(&app).iter().map(Vec::as_slice),
    );
    assert_eq!(game.verdict, DiceVerdict::Fair, "{:?}", counts.test());
    assert!(labelled(&app, "This game: As fair as real dice.").is_some());
    set_window_size(&app, 360.0, 640.0);
    save_png(&app, "phone-dice-fair");
    // Shells mouth up, 0 to 4, with the value each gives.
    let rows: Vec<(i32, i32, i32)> = game
        .outcomes
        .iter()
        .map(|b| (b.outcome, b.value, b.count))
        .collect();
    let expected: Vec<(i32, i32, i32)> = counts
        .mouths_up()
        .iter()
        .map(|b| (b.outcome.into(), b.value.into(), b.count as i32))
        .collect();
    assert_eq!(rows, expected);
    assert_eq!(
        rows.iter().map(|r| (r.0, r.1)).collect::<Vec<_>>(),
        [(0, 8), (1, 1), (2, 2), (3, 3), (4, 4)]
    );
    assert_eq!(game.sums.row_count(), 0);
}

#[test]
fn the_device_totals_survive_a_restart_and_count_each_throw_once() {
    use_testing_backend(false);
    let dir = fresh_data_dir();
    let first = open_app(&dir);
    first.seed_next_game(5);
    new_game_through_the_screens(&first, Game::Pagade);
    play_steps(&first, 25);
    let before = throws(&first).len();
    // Left for Home, the game saved; the app closed.
    press_back(&first);
    drop(first);

    let second = open_app(&dir);
    open_from_settings(&second);
    assert!(!second.window().global::<Dice>().get_from_game());
    assert_eq!(device_tally(&second).throws as usize, before);
    assert!(labelled(&second, "This game: Not enough throws yet to tell.").is_none());
    // The game resumed and played on: its old throws are not counted again.
    press(&second, "Back");
    assert_eq!(screen(&second), Screen::Settings);
    press(&second, "Back");
    press(&second, "Continue");
    play_steps(&second, 25);
    let after = throws(&second).len();
    assert!(after > before);
    open_from_the_game(&second);
    assert_eq!(device_tally(&second).throws as usize, after);
    press(&second, "Back");
    // A second game adds its own.
    press_back(&second);
    second.seed_next_game(6);
    new_game_through_the_screens(&second, Game::Pagade);
    play_steps(&second, 10);
    let second_game = throws(&second).len();
    second.flush_saves();
    drop(second);

    let third = open_app(&dir);
    open_from_settings(&third);
    assert_eq!(device_tally(&third).throws as usize, after + second_game);
    // Other implements have their own counts.
    press(&third, "4 cowries");
    assert_eq!(
        third.window().global::<Dice>().get_implement(),
        DiceImplement::FourCowries
    );
    assert_eq!(device_tally(&third).throws, 0);
    assert_eq!(device_tally(&third).outcomes.row_count(), 5);
    press(&third, "Long dice");
    assert_eq!(
        device_tally(&third).sums.iter().map(|b| b.outcome).min(),
        Some(3)
    );
}

#[test]
fn resetting_the_device_counts_asks_first_and_lasts() {
    use_testing_backend(false);
    let dir = fresh_data_dir();
    let first = open_app(&dir);
    first.seed_next_game(8);
    new_game_through_the_screens(&first, Game::Pagade);
    play_steps(&first, 20);
    let thrown = throws(&first).len();
    open_from_the_game(&first);
    assert_eq!(device_tally(&first).throws as usize, thrown);

    press(&first, "Reset the counts of all games");
    // Asked first: keeping leaves every count.
    press(&first, "Keep the counts");
    assert_eq!(device_tally(&first).throws as usize, thrown);
    press(&first, "Reset the counts of all games");
    press(&first, "Confirm: reset the counts of all games");
    assert_eq!(device_tally(&first).throws, 0);
    assert!(bars(&device_tally(&first)).iter().all(|&(_, n)| n == 0));
    // The game's own counts are its record's.
    assert_eq!(game_tally(&first).throws as usize, thrown);

    // Throws from now on count again, and not those before the reset.
    press(&first, "Back");
    play_steps(&first, 20);
    let later = throws(&first).len() - thrown;
    open_from_the_game(&first);
    assert_eq!(device_tally(&first).throws as usize, later);
    press(&first, "Back");
    press_back(&first);
    drop(first);

    let second = open_app(&dir);
    open_from_settings(&second);
    assert_eq!(device_tally(&second).throws as usize, later);
}

#[test]
fn a_damaged_totals_file_is_reported_on_the_screen_and_counting_starts_afresh() {
    use_testing_backend(false);
    let dir = fresh_data_dir();
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("dice.json"), b"{\"format\": \"chaupar-sa").unwrap();
    let app = open_app(&dir);
    assert!(dir.join("dice.json.damaged").is_file(), "set aside");
    app.seed_next_game(2);
    new_game_through_the_screens(&app, Game::Pagade);
    play_steps(&app, 10);
    open_from_the_game(&app);
    let dice = app.window().global::<Dice>();
    assert_eq!(dice.get_problem(), DiceFileProblem::Damaged);
    assert!(labelled(
        &app,
        "The dice counts on this device were damaged. They have been set aside, and counting starts afresh."
    )
    .is_some());
    assert_eq!(device_tally(&app).throws as usize, throws(&app).len());
    press(&app, "Back");
    press_back(&app);
    drop(app);

    // Written afresh, and read without complaint next time.
    let again = open_app(&dir);
    open_from_settings(&again);
    let dice = again.window().global::<Dice>();
    assert_eq!(dice.get_problem(), DiceFileProblem::None);
    assert!(device_tally(&again).throws > 0);
}

#[test]
fn the_dice_screen_renders_whole_at_phone_and_desktop_sizes() {
    let app = app();
    for (size, w, h) in [("phone", 360.0, 640.0), ("desktop", 1280.0, 800.0)] {
        set_window_size(&app, w, h);
        for (game, seed, name) in [
            (Game::Pagade, 9, "stick"),
            (Game::ChowkaBhara, 9, "cowries"),
            (Game::ChauparAkbar, 9, "long"),
        ] {
            app.seed_next_game(seed);
            app.window().global::<chaupar::app::Nav>().invoke_go_home();
            new_game_through_the_screens(&app, game);
            play_steps(&app, 40);
            if name == "stick" {
                press(&app, "Menu");
                assert_shown(&app, "Are the dice fair?", (w, h));
                save_png(&app, &format!("{size}-game-menu"));
                press(&app, "Close menu");
            }
            open_from_the_game(&app);
            let verdict = starting(&app, "This game: ");
            assert!(!verdict.is_empty(), "{name}: the verdict on this game");
            assert_in_window(&verdict[0], (w, h));
            assert_shown(&app, "Back", (w, h));
            save_png(&app, &format!("{size}-dice-{name}"));
            press(&app, "Back");
            app.window().global::<chaupar::app::Play>().invoke_quit();
        }
        open_from_settings(&app);
        press(&app, "Stick dice");
        assert!(starting(&app, "This game: ").is_empty());
        assert!(!starting(&app, "All games on this device: ").is_empty());
        save_png(&app, &format!("{size}-dice-settings"));
        press(&app, "Back");
        press(&app, "Back");
    }
    // The whole page at a phone's width, down to how throws are drawn.
    set_window_size(&app, 360.0, 2000.0);
    new_game_through_the_screens(&app, Game::ChowkaBhara);
    open_from_the_game(&app);
    assert_shown(&app, "Reset the counts of all games", (360.0, 2000.0));
    save_png(&app, "phone-dice-whole-page");
}

#[test]
fn an_uneven_run_on_the_device_is_called_as_rare_as_it_is() {
    use_testing_backend(false);
    let dir = fresh_data_dir();
    std::fs::create_dir_all(&dir).unwrap();
    // 160 throws of stick dice with double sixes 25 times where fair dice
    // give them about 10.
    let counts = r#"{"1-1":10,"1-3":15,"1-4":15,"1-6":20,"3-3":10,"3-4":15,
                     "3-6":20,"4-4":10,"4-6":20,"6-6":25}"#;
    std::fs::write(
        dir.join("dice.json"),
        format!(
            r#"{{"format":"chaupar-save","version":1,"kind":"dice","saved_at":1,
                "dice":{{"stick-dice":{counts}}}}}"#
        ),
    )
    .unwrap();
    let app = open_app(&dir);
    set_window_size(&app, 360.0, 640.0);
    open_from_settings(&app);
    let device = device_tally(&app);
    assert_eq!(device.throws, 160);
    let skewed: std::collections::BTreeMap<String, u64> = serde_json::from_str(counts).unwrap();
    let mut expected = Counts::new(Implement::StickDice);
    for (faces, n) in &skewed {
        let values: Vec<u8> = faces.split('-').map(|f| f.parse().unwrap()).collect();
        expected.set(&values, *n);
    }
    let chaupar::dice_counts::Verdict::Unusual { once_in } = expected.verdict() else {
        panic!("{:?}", expected.verdict());
    };
    assert_eq!(device.verdict, DiceVerdict::Unusual);
    assert_eq!(device.n as u64, once_in);
    let words = format!(
        "All games on this device: A run like this happens about once in {once_in} runs of as many throws."
    );
    assert!(labelled(&app, &words).is_some(), "{words}");
    save_png(&app, "phone-dice-unusual");
}
