//! The New game screen: each player's colours, the last table offered
//! again, choices that fit, and the games' regional names.

use crate::ui_support::*;
use chaupar::app::{GameChoice, GameName, PlayedBy, Setup};
use chaupar::rules::Game;
use slint::{ComponentHandle, Model};

#[test]
fn the_new_game_screen_names_each_players_colours_and_swaps_them() {
    let app = app();
    press(&app, "New game");
    choose_game(&app, Game::Chaupar);
    press(&app, "Players: 2 players");
    // Two people share the four colours of the cross, partners together.
    assert!(labelled(&app, "Seat 1 plays Black and Yellow; change colour").is_some());
    assert!(labelled(&app, "Seat 2 plays Red and Green; change colour").is_some());
    press(&app, "Seat 1 plays Black and Yellow; change colour");
    assert!(labelled(&app, "Seat 1 plays Red and Green; change colour").is_some());
    assert!(labelled(&app, "Seat 2 plays Black and Yellow; change colour").is_some());
    // Four people: each seat names its partner, across the board.
    press(&app, "Players: Two partnerships");
    for label in [
        "Seat 1 plays Black, partner of Yellow; change colour",
        "Seat 2 plays Red, partner of Green; change colour",
    ] {
        assert!(labelled(&app, label).is_some(), "{label:?} is not shown");
    }
    // Everyone for themselves: no partners.
    choose_game(&app, Game::Pagade);
    press(&app, "Players: 4 players");
    assert!(labelled(&app, "Seat 1 plays Black; change colour").is_some());
}

#[test]
fn the_new_game_screen_offers_the_last_table_again_after_a_restart() {
    use_testing_backend(false);
    let dir = fresh_data_dir();
    let first = open_app(&dir);
    // Tall enough for every option to be in view.
    let tall = (800.0, 2000.0);
    set_window_size(&first, tall.0, tall.1);
    press(&first, "New game");
    choose_game(&first, Game::ChowkaBhara);
    press(&first, "Players: 3 players");
    press(&first, "Board: 7 x 7");
    labelled(&first, "Name of seat 1, Red")
        .expect("a name field")
        .set_accessible_value("Asha");
    press(&first, "Seat 3 played by: Hard");
    press(&first, "Start the game");
    drop(first);

    let second = open_app(&dir);
    set_window_size(&second, tall.0, tall.1);
    press(&second, "New game");
    let setup = second.window().global::<Setup>();
    let seats: Vec<(String, PlayedBy)> = setup
        .get_seats()
        .iter()
        .map(|seat| {
            let name = match seat.typed.as_str() {
                "" => name_said(&second, seat.default_name),
                typed => typed.to_string(),
            };
            (name, seat.kind)
        })
        .collect();
    assert_eq!(
        seats,
        [
            ("Asha".to_string(), PlayedBy::Person),
            ("Player 2".to_string(), PlayedBy::Person),
            ("Computer 3 (Hard)".to_string(), PlayedBy::Hard)
        ]
    );
    assert!(labelled(&second, "Board: 7 x 7").is_some_and(|b| b.accessible_checked() == Some(true)));
}

#[test]
fn choices_stand_side_by_side_where_they_fit_and_stack_where_they_do_not() {
    let app = app();
    let row = |labels: &[&str]| -> Vec<(f32, f32, f32)> {
        labels
            .iter()
            .map(|label| {
                let e = labelled(&app, label).unwrap_or_else(|| panic!("{label:?} in view"));
                (
                    e.absolute_position().x,
                    e.absolute_position().y,
                    e.size().width,
                )
            })
            .collect()
    };
    for width in [360.0, 1280.0] {
        set_window_size(&app, width, 2400.0);
        press(&app, "New game");
        choose_game(&app, Game::ChowkaBhara);
        let sizes = [
            "Board: 5 x 5",
            "Board: 7 x 7",
            "Board: 9 x 9",
            "Board: 11 x 11",
        ];
        let kinds = ["Person", "Easy", "Medium", "Hard"].map(|k| format!("Seat 1 played by: {k}"));
        let kinds: Vec<&str> = kinds.iter().map(String::as_str).collect();
        for labels in [&sizes[..], &kinds] {
            let buttons = row(labels);
            assert!(
                buttons.iter().all(|b| b.1 == buttons[0].1),
                "{width} wide: {labels:?} side by side"
            );
            let (x, _, w) = buttons[buttons.len() - 1];
            assert!(x + w <= width, "{width} wide: {labels:?} in the window");
        }
        choose_game(&app, Game::Pagade);
        let modes = row(&["Players: 2 players", "Players: Two partnerships"]);
        // On a phone the long label stacks the row; a desktop has room.
        assert_eq!(
            modes[0].1 == modes[1].1,
            width > 1000.0,
            "{width} wide: {modes:?}"
        );
        assert!(modes.iter().all(|(x, _, w)| x + w <= width));
        press_back(&app);
    }
}

#[test]
fn the_games_regional_names_are_drawn_in_their_own_scripts() {
    let app = app();
    press(&app, "New game");
    let setup = app.window().global::<Setup>();
    // The New game screen with one game, named `regional`; what it shows.
    let shown = |regional: &str| {
        setup.set_games(slint::ModelRc::new(slint::VecModel::from(vec![
            GameChoice {
                game: GameName::Chopat,
                regional: regional.into(),
            },
        ])));
        settle();
        let button = labelled(&app, &format!("Chopat: {regional}")).expect("the game's button");
        let (at, size) = (button.absolute_position(), button.size());
        let shot = app.window().window().take_snapshot().expect("a snapshot");
        let mut pixels = Vec::new();
        for y in at.y as u32..(at.y + size.height) as u32 {
            for x in at.x as u32..(at.x + size.width) as u32 {
                pixels.push(shot.as_slice()[(y * shot.width() + x) as usize]);
            }
        }
        pixels
    };
    let blank = shown(" ");
    let indic = Game::ALL
        .iter()
        .flat_map(|game| game.regional_names())
        .filter(|name| !name.is_ascii());
    for name in indic {
        let drawn = shown(name);
        let ink = drawn.iter().zip(&blank).filter(|(a, b)| a != b).count();
        assert!(ink > 40, "{name} drew {ink} pixels");
    }
}
