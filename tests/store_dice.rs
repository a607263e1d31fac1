//! The device's dice counts in the data folder: they survive the app being
//! closed and opened again, count each throw of a game once, and a bad
//! file is set aside and reported while counting starts afresh.

use std::fs;

use chaupar::dice::{Implement, SeededThrows, ThrowSource};
use chaupar::dice_counts::Verdict;
use chaupar::rules::{Event, Game, Match, Options};
use chaupar::store::{DiceTotals, Problem, Summary};

mod scratch;
use scratch::Scratch;

fn summary() -> Summary {
    Summary {
        title: "Pagade".into(),
        seats: vec!["Asha".into(), "Ravi".into()],
        progress: String::new(),
        finished: false,
        ..Default::default()
    }
}

/// The throws of a game's record, as the app counts them.
fn throws_of(game: &Match) -> Vec<Vec<u8>> {
    game.record()
        .events
        .iter()
        .filter_map(|e| match e {
            Event::Throw { values, .. } => Some(values.clone()),
            Event::Move { .. } => None,
        })
        .collect()
}

/// Plays `turns` throws of random play (the first legal move each time).
fn play(game: &mut Match, turns: usize) {
    for _ in 0..turns {
        if game.position().is_over() {
            return;
        }
        game.throw();
        while let Some(&mv) = game.legal_moves().first() {
            if game.play(mv).is_err() {
                break;
            }
        }
    }
}

#[test]
fn the_totals_survive_closing_and_opening_the_store_again() {
    let scratch = Scratch::new("dice-test");
    let store = scratch.store();
    assert_eq!(store.dice_totals().unwrap(), DiceTotals::default());

    let mut game = Match::new(Game::Pagade, Options::new(Game::Pagade), 7).unwrap();
    play(&mut game, 60);
    let throws = throws_of(&game);
    store.save_game("g1", &summary(), &"a game").unwrap();
    let mut totals = store.dice_totals().unwrap();
    totals.count_game("g1", Implement::StickDice, throws.iter().map(Vec::as_slice));
    store.save_dice_totals(&totals).unwrap();
    drop(store);

    let reopened = scratch.store().dice_totals().unwrap();
    assert_eq!(reopened, totals);
    assert_eq!(
        reopened.counts(Implement::StickDice).throws(),
        throws.len() as u64
    );
    // The game goes on: only its new throws are added.
    play(&mut game, 20);
    let mut again = reopened;
    again.count_game(
        "g1",
        Implement::StickDice,
        throws_of(&game).iter().map(Vec::as_slice),
    );
    assert_eq!(
        again.counts(Implement::StickDice).throws(),
        throws_of(&game).len() as u64
    );
    // No temporary file is left beside it.
    let names: Vec<String> = fs::read_dir(&scratch.0)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert!(names.iter().all(|n| !n.ends_with(".tmp")), "{names:?}");
}

#[test]
fn games_no_longer_saved_are_forgotten_but_their_throws_stay_counted() {
    let scratch = Scratch::new("dice-test");
    let store = scratch.store();
    store.save_game("kept", &summary(), &"a game").unwrap();
    let mut totals = DiceTotals::default();
    let cowries: [&[u8]; 3] = [&[8], &[2], &[4]];
    totals.count_game("kept", Implement::Cowries(4), cowries);
    totals.count_game("finished", Implement::Cowries(4), cowries);
    store.save_dice_totals(&totals).unwrap();

    let reopened = scratch.store().dice_totals().unwrap();
    assert_eq!(reopened.counted_of("kept"), 3);
    assert_eq!(reopened.counted_of("finished"), 0);
    assert_eq!(reopened.counts(Implement::Cowries(4)).throws(), 6);
}

#[test]
fn a_damaged_totals_file_is_set_aside_and_counting_starts_afresh() {
    let scratch = Scratch::new("dice-test");
    let store = scratch.store();
    let path = scratch.0.join("dice.json");
    fs::write(
        &path,
        br#"{"format":"chaupar-save","version":1,"kind":"dice","sav"#,
    )
    .unwrap();
    let bad = store.dice_totals().unwrap_err();
    assert_eq!(bad.problem, Problem::Damaged);
    assert_eq!(bad.path, scratch.0.join("dice.json.damaged"));
    assert!(bad.path.is_file() && !path.exists());
    // Counting goes on from nothing; the bad bytes are kept aside.
    assert_eq!(store.dice_totals().unwrap(), DiceTotals::default());
    let mut totals = DiceTotals::default();
    totals.count_game("g1", Implement::LongDice, [[1u8, 2, 5].as_slice()]);
    store.save_dice_totals(&totals).unwrap();
    let reopened = scratch.store().dice_totals().unwrap();
    assert_eq!(reopened.counts(Implement::LongDice).throws(), 1);
    assert!(bad.path.is_file());

    // A settings file copied into its place is not read as counts.
    store.save_settings(&"settings").unwrap();
    fs::copy(scratch.0.join("settings.json"), &path).unwrap();
    assert_eq!(store.dice_totals().unwrap_err().problem, Problem::Foreign);
}

#[test]
fn a_newer_totals_file_is_kept_for_the_newer_app() {
    let scratch = Scratch::new("dice-test");
    let store = scratch.store();
    let path = scratch.0.join("dice.json");
    fs::write(
        &path,
        br#"{"format":"chaupar-save","version":9,"kind":"dice","saved_at":1}"#,
    )
    .unwrap();
    let bad = store.dice_totals().unwrap_err();
    assert_eq!(bad.problem, Problem::Newer);
    assert_eq!(bad.path, scratch.0.join("dice.json.newer"));
}

#[test]
fn many_seeded_games_on_a_device_add_up_to_fair_dice() {
    // Every game's own throws, folded into the device's totals, follow the
    // odds as the generator does.
    let scratch = Scratch::new("dice-test");
    let store = scratch.store();
    let mut totals = DiceTotals::default();
    for seed in 0..12u64 {
        let mut game = Match::new(Game::Pagade, Options::new(Game::Pagade), seed).unwrap();
        play(&mut game, 40);
        let throws = throws_of(&game);
        totals.count_game(
            &format!("g{seed}"),
            Implement::StickDice,
            throws.iter().map(Vec::as_slice),
        );
    }
    store.save_dice_totals(&totals).unwrap();
    let counts = scratch.store().dice_totals().unwrap();
    let counts = counts.counts(Implement::StickDice);
    assert!(counts.throws() >= 400, "{}", counts.throws());
    assert_eq!(counts.verdict(), Verdict::Fair);

    // And the same generator drawn directly gives the same kind of count.
    let mut source = SeededThrows::new(3);
    let mut direct = chaupar::dice_counts::Counts::new(Implement::StickDice);
    for _ in 0..counts.throws() {
        direct.add(&source.throw(Implement::StickDice));
    }
    assert_eq!(direct.verdict(), Verdict::Fair);
}
