//! The board in the room a screen gives it: on a phone held upright the
//! cross board fills the width, and enlarged it gives every square a
//! fingertip's width while the lit squares still take the move.

use crate::ui_support::*;
use chaupar::app::{App, CellData, Play};
use chaupar::rules::Game;
use i_slint_backend_testing::ElementHandle;
use slint::platform::{PointerEventButton, WindowEvent};
use slint::{ComponentHandle, LogicalPosition, Model};

/// A fingertip's width, in points.
const FINGERTIP: f32 = 44.0;

/// The first lit square's size, where a pawn has been chosen.
fn lit_square(app: &App) -> ElementHandle {
    starting(app, "Move to ")
        .into_iter()
        .next()
        .expect("the chosen pawn's squares are lit")
}

/// A finger's tap at the middle of `element`, as the window gets one.
fn tap_middle(app: &App, element: &ElementHandle) {
    let (at, size) = (element.absolute_position(), element.size());
    let position = LogicalPosition::new(at.x + size.width / 2.0, at.y + size.height / 2.0);
    let window = app.window().window();
    let button = PointerEventButton::Left;
    window.dispatch_event(WindowEvent::PointerPressed { position, button });
    window.dispatch_event(WindowEvent::PointerReleased { position, button });
    settle();
}

#[test]
fn a_phone_held_upright_enlarges_the_cross_board_until_a_square_is_a_fingertip_wide() {
    let app = app();
    let (width, height) = (390.0, 844.0);
    set_window_size(&app, width, height);
    app.seed_next_game(7);
    new_game_through_the_screens(&app, Game::Pagade);
    throw_until_a_move_is_due(&app);
    movable_pawns(&app)[0].invoke_accessible_default_action();
    settle();

    // Whole, the board fills the phone's width: 19 squares and the hem.
    let whole = lit_square(&app).size();
    let square = whole.width / 0.94;
    assert!(
        square * 19.5 >= width - 20.0,
        "{square} px squares leave the board short of the {width} px width"
    );
    assert!(
        whole.width < FINGERTIP,
        "whole, a square is {}",
        whole.width
    );
    save_png(&app, "phone-board-whole");

    press(&app, "Enlarge the board");
    let lit = starting(&app, "Move to ");
    assert!(!lit.is_empty());
    for target in &lit {
        let size = target.size();
        assert!(
            size.width >= FINGERTIP && size.height >= FINGERTIP,
            "enlarged, a lit square is {size:?}"
        );
    }
    for pawn in movable_pawns(&app) {
        assert!(
            pawn.size().width >= FINGERTIP * 0.8,
            "a pawn is {:?}",
            pawn.size()
        );
    }
    save_png(&app, "phone-board-enlarged");

    // The enlarged board takes a finger's tap on a lit square in view as
    // the whole one does.
    let before = moment(&app);
    let in_view = |e: &&ElementHandle| {
        let (at, size) = (e.absolute_position(), e.size());
        at.x >= 0.0 && at.y >= 0.0 && at.x + size.width <= width && at.y + size.height <= height
    };
    tap_middle(
        &app,
        lit.iter().find(in_view).expect("a lit square in view"),
    );
    let play = app.window().global::<Play>();
    assert!(
        moment(&app) != before || play.get_choices().row_count() > 0,
        "tapping a lit square of the enlarged board plays there"
    );

    press(&app, "Show the whole board");
    assert!(labelled(&app, "Enlarge the board").is_some());
    assert!(labelled(&app, "Show the whole board").is_none());
}

#[test]
fn a_board_whose_squares_are_a_fingertip_wide_offers_no_enlarging() {
    let app = app();
    for (game, (width, height)) in [
        (Game::Pagade, (1280.0, 800.0)),
        (Game::ChowkaBhara, (390.0, 844.0)),
    ] {
        set_window_size(&app, width, height);
        app.seed_next_game(3);
        new_game_through_the_screens(&app, game);
        settle();
        assert!(
            labelled(&app, "Enlarge the board").is_none(),
            "{game:?} at {width} x {height}"
        );
        app.window().global::<Play>().invoke_quit();
        settle();
    }
}

/// Saves the window as `name` under target/screenshots, and where
/// CHAUPAR_DOCS_SCREENSHOTS is set also as docs/screenshots/`name`.png, the
/// pictures the README shows.
fn docs_shot(app: &App, name: &str) {
    save_png(app, name);
    if std::env::var_os("CHAUPAR_DOCS_SCREENSHOTS").is_some() {
        let shots = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
            .parent()
            .expect("target/tmp is inside target")
            .join("screenshots");
        let docs = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/screenshots");
        std::fs::copy(
            shots.join(format!("{name}.png")),
            docs.join(format!("{name}.png")),
        )
        .expect("docs/screenshots is writable");
    }
}

/// Chooses the first pawn that can move, lighting its squares.
fn choose_a_pawn(app: &App) {
    throw_until_a_move_is_due(app);
    movable_pawns(app)[0].invoke_accessible_default_action();
    settle();
    assert!(
        !starting(app, "Move to ").is_empty(),
        "the chosen pawn's squares are lit"
    );
}

#[test]
fn every_games_board_is_drawn_with_its_pawns_where_the_engine_has_them() {
    let app = app();
    set_window_size(&app, 1280.0, 800.0);
    docs_shot(&app, "home");
    for game in [
        Game::Chopat,
        Game::Pagade,
        Game::Chaupar,
        Game::ChauparAkbar,
        Game::ChowkaBhara,
    ] {
        app.seed_next_game(11);
        new_game_through_the_screens(&app, game);
        // Some turns played, so that pawns are out on the board.
        for _ in 0..40 {
            take_a_turn_step(&app);
        }
        choose_a_pawn(&app);
        assert_board_matches_engine(&app);
        docs_shot(&app, &format!("board-{}", game.id()));
        app.window().global::<Play>().invoke_quit();
        settle();
    }
    // The larger square boards, two players' pawns spread along them (on
    // squares of their own: half a ring apart).
    for (size, steps) in [
        (7, "[1, 4, 9, 15, 22, 30]"),
        (9, "[1, 5, 11, 18, 26, 35, 44, 52]"),
        (11, "[1, 5, 9, 14, 18, 42, 45, 52, 76, 80]"),
    ] {
        start_at(
            &app,
            &format!(
                r#"{{"game": "chowka-bhara", "options": {{"board": {size}}},
                "seats": ["red", "yellow"], "to_move": "red",
                "pawns": {{"red": {steps}, "yellow": {steps}}}}}"#
            ),
            5,
            ["", "", "", ""],
        );
        choose_a_pawn(&app);
        assert_board_matches_engine(&app);
        docs_shot(&app, &format!("board-chowka-bhara-{size}"));
    }
    app.start(
        chaupar::rules::Match::from_position(nearly_home(), 5),
        Default::default(),
        Default::default(),
    );
    play_to_the_end(&app);
    docs_shot(&app, "game-over");
    // A phone held upright.
    set_window_size(&app, 390.0, 844.0);
    app.seed_next_game(11);
    app.window().global::<chaupar::app::Nav>().invoke_go_home();
    settle();
    docs_shot(&app, "phone-home");
    new_game_through_the_screens(&app, Game::Pagade);
    choose_a_pawn(&app);
    docs_shot(&app, "phone-game");
}

#[test]
fn enlarging_the_board_moves_the_chosen_pawns_squares_into_view() {
    let app = app();
    set_window_size(&app, 390.0, 844.0);
    app.seed_next_game(7);
    new_game_through_the_screens(&app, Game::Pagade);
    // Played until the first pawn that can move, chosen, can reach a
    // square past what the board enlarged about its middle shows (Home
    // and about three squares down each arm), its squares no further
    // apart than the view is wide (about eight squares).
    let play = app.window().global::<Play>();
    let middle = play.get_grid() as f32 / 2.0;
    let far = |c: &CellData| {
        let off = |at: i32| (at as f32 + c.span as f32 / 2.0 - middle).abs();
        c.target && (off(c.col) > 4.5 || off(c.row) > 4.5)
    };
    for turn in 0.. {
        assert!(
            turn < 100,
            "no pawn could reach a square far from the middle"
        );
        throw_until_a_move_is_due(&app);
        movable_pawns(&app)[0].invoke_accessible_default_action();
        settle();
        let focus = play.get_focus();
        if play.get_cells().iter().any(|c| far(&c)) && focus.width <= 7 && focus.height <= 7 {
            break;
        }
        move_the_chosen_pawn(&app);
    }
    press(&app, "Enlarge the board");
    let view = with_id(&app, |id| id == "board-view");
    let view = view.first().expect("the board in view");
    let area = (view.absolute_position(), view.size());
    // Every one of them is found on the screen (what is out of view is
    // not), and wholly inside the view.
    let lit = with_id(&app, |id| id.starts_with("square-"));
    let targets = play.get_cells().iter().filter(|c| c.target).count();
    assert_eq!(lit.len(), targets, "the chosen pawn's squares in view");
    for square in &lit {
        assert_inside(square, area, "the board's view");
    }
}
