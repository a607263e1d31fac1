//! Movement that reads: a cut pawn flies back to its start along an arc,
//! the game's last move is seen before Game over (unless a tap hurries
//! it), and Game over celebrates the winners with their pawns Home.

use crate::outputs::{akbar_capture, seed_whose_first_throw_cuts, tap_a_capture};
use crate::ui_support::*;
use chaupar::app::settings::Speed;
use chaupar::app::{App, Outcome, PawnData, Play, Screen, Telling};
use chaupar::rules::Match;
use i_slint_backend_testing::{ElementHandle, ElementQuery};
use slint::{ComponentHandle, Model};
use std::time::Duration;

fn elapse(ms: u64) {
    i_slint_backend_testing::mock_elapsed_time(Duration::from_millis(ms));
}

/// The middle of an element as drawn.
fn centre(element: &ElementHandle) -> (f32, f32) {
    let (at, size) = (element.absolute_position(), element.size());
    (at.x + size.width / 2.0, at.y + size.height / 2.0)
}

/// The pawn `id` as it is drawn now, found by what a screen reader says
/// of it.
fn drawn_pawn(app: &App, id: i32) -> (f32, f32) {
    let play = app.window().global::<Play>();
    let pawn = (play.get_pawns().iter())
        .find(|p| p.id == id)
        .expect("the pawn is on the board");
    let said = app.window().global::<Telling>().invoke_pawn(pawn);
    centre(&labelled(app, &said).unwrap_or_else(|| panic!("{said:?} is drawn")))
}

/// Where the board puts a pawn standing at `pawn`'s place (its x and y in
/// squares of the board's grid).
fn resting_place(app: &App, pawn: &PawnData) -> (f32, f32) {
    let board = ElementQuery::from_root(app.window())
        .match_descendants()
        .match_inherits("Board")
        .find_first()
        .expect("the board is drawn");
    let grid = app.window().global::<Play>().get_grid() as f32;
    let (at, size) = (board.absolute_position(), board.size());
    let unit = size.width.min(size.height) / (grid + 0.5);
    let cloth = (
        at.x + (size.width - grid * unit) / 2.0,
        at.y + (size.height - grid * unit) / 2.0,
    );
    (cloth.0 + pawn.x * unit, cloth.1 + pawn.y * unit)
}

#[test]
fn a_cut_pawn_flies_back_to_its_start_along_an_arc() {
    let app = app();
    set_window_size(&app, 1280.0, 800.0);
    app.set_speed(Speed::Normal);
    let seed = seed_whose_first_throw_cuts();
    app.start(
        Match::from_position(akbar_capture(), seed),
        Default::default(),
        Default::default(),
    );
    starting(&app, "Throw the dice for ")[0].invoke_accessible_default_action();
    elapse(1000);
    let play = app.window().global::<Play>();
    assert!(!(play.get_pawns().iter()).any(|p| p.side == 1 && p.step == 0));
    assert!(tap_a_capture(&app), "the throw lets Black cut");

    // Black walks, then Red's pawn is sent back: it sets off from where it
    // is drawn then.
    let mut waited = 0;
    let cut = loop {
        elapse(10);
        waited += 10;
        if let Some(p) = (play.get_pawns().iter()).find(|p| p.side == 1 && p.step == 0) {
            break p;
        }
        assert!(waited < 5000, "Red's pawn is sent back");
    };
    let from = drawn_pawn(&app, cut.id);
    // Halfway (the flight takes 600 ms at the normal speed).
    elapse(300);
    let halfway = drawn_pawn(&app, cut.id);
    elapse(1000);
    let landed = drawn_pawn(&app, cut.id);
    let start = resting_place(&app, &cut);
    assert!(
        (landed.0 - start.0).abs() < 1.5 && (landed.1 - start.1).abs() < 1.5,
        "landed at {landed:?}, its start is at {start:?}"
    );
    // How far the pawn halfway is from the straight way.
    let (dx, dy) = (landed.0 - from.0, landed.1 - from.1);
    let length = (dx * dx + dy * dy).sqrt();
    let off = ((halfway.0 - from.0) * dy - (halfway.1 - from.1) * dx).abs() / length;
    let square = 768.0 / 19.5;
    assert!(
        length > square && off > square * 0.5,
        "halfway at {halfway:?}, {off} px off the way from {from:?} to {landed:?}"
    );
}

#[test]
fn the_turn_passes_when_the_walking_pawn_lands() {
    let app = app();
    app.set_speed(Speed::Normal);
    // A first throw of 2 or 3: no throw again, so the turn passes with
    // the move.
    start_nearly_home_throwing(&app, |value, _| matches!(value, 2 | 3));
    let play = app.window().global::<Play>();
    starting(&app, "Throw the dice for ")[0].invoke_accessible_default_action();
    elapse(1000);
    let (red, name, logged) = (
        play.get_mover_side(),
        play.get_mover_name(),
        log_lines(&app),
    );
    assert!(labelled(&app, "Suggest a move").is_some(), "Red may ask");
    movable_pawns(&app)[0].invoke_accessible_default_action();
    settle();
    starting(&app, "Move to ")[0].invoke_accessible_default_action();
    settle();
    // While the pawn walks, the banner and the log show Red's turn as it
    // was, and the Hint button keeps its place beside the values.
    assert!(play.get_busy(), "the pawn walks");
    elapse(100);
    assert_eq!(play.get_mover_side(), red);
    assert_eq!(play.get_mover_name(), name);
    assert_eq!(log_lines(&app), logged);
    assert!(labelled(&app, "Suggest a move").is_some());
    // It lands: Yellow's turn, and Red's move in the log.
    for _ in 0..100 {
        if !play.get_busy() {
            break;
        }
        elapse(50);
    }
    assert!(!play.get_busy(), "the pawn has landed");
    assert_ne!(play.get_mover_side(), red, "the turn has passed");
    assert_ne!(play.get_mover_name(), name);
    let now = log_lines(&app);
    assert!(
        now.len() > logged.len() && now.starts_with(&logged),
        "{now:?}"
    );
    assert!(play.get_can_throw(), "Yellow throws next");
    assert!(labelled(&app, "Suggest a move").is_none());
}

/// Plays `nearly_home` to its end at the normal speed; at the game's last
/// move, taps a pawn where `tap` says so. Returns how long the board was
/// shown after the last move, and the screen then.
fn last_move_shown(app: &App, tap: bool) -> (u64, Screen) {
    app.set_speed(Speed::Normal);
    app.start(
        Match::from_position(nearly_home(), 5),
        Default::default(),
        Default::default(),
    );
    let play = app.window().global::<Play>();
    let mut shown = 0;
    for _ in 0..5000 {
        if screen(app) != Screen::Game {
            return (shown, screen(app));
        }
        if play.get_busy() || play.get_tumbling() {
            elapse(50);
        } else if app.with_match(|m| m.position().is_over()) == Some(true) {
            if tap {
                let pawn = starting(app, "Red pawn")
                    .into_iter()
                    .chain(starting(app, "Yellow pawn"))
                    .next()
                    .expect("the pawns are on the board");
                pawn.invoke_accessible_default_action();
                settle();
                return (shown, screen(app));
            }
            elapse(50);
            shown += 50;
        } else {
            take_a_turn_step(app);
        }
    }
    panic!("the game should end");
}

#[test]
fn the_last_move_is_seen_on_the_board_before_game_over_and_a_tap_hurries_it() {
    let app = app();
    let (shown, then) = last_move_shown(&app, false);
    assert_eq!(then, Screen::GameOver);
    assert!(
        (50..=1000).contains(&shown),
        "the board showed the end for {shown} ms"
    );
    assert_eq!(last_move_shown(&app, true), (0, Screen::GameOver));
}

/// The average colour of an element as drawn in `shot`.
fn average_colour(
    shot: &slint::SharedPixelBuffer<slint::Rgba8Pixel>,
    element: &ElementHandle,
) -> [f32; 3] {
    let (at, size) = (element.absolute_position(), element.size());
    let mut sum = [0.0; 3];
    let mut n: f32 = 0.0;
    for y in at.y as u32..(at.y + size.height) as u32 {
        for x in at.x as u32..(at.x + size.width) as u32 {
            let p = shot.as_slice()[(y * shot.width() + x) as usize];
            // The ground shows round the piece: only the piece counts.
            if p.a > 0 && (p.r, p.g, p.b) != (0x2b, 0x1d, 0x16) {
                sum = [
                    sum[0] + p.r as f32,
                    sum[1] + p.g as f32,
                    sum[2] + p.b as f32,
                ];
                n += 1.0;
            }
        }
    }
    sum.map(|c| c / n.max(1.0))
}

/// Elements found once each (a query may meet an element again through
/// what it is made of).
fn once_each(elements: Vec<ElementHandle>) -> Vec<ElementHandle> {
    let mut seen: Vec<ElementHandle> = Vec::new();
    for e in elements {
        let same = |s: &ElementHandle| {
            s.absolute_position() == e.absolute_position() && s.size() == e.size()
        };
        if !seen.iter().any(same) {
            seen.push(e);
        }
    }
    seen
}

fn distance(a: [f32; 3], b: [f32; 3]) -> f32 {
    a.iter()
        .zip(b)
        .map(|(x, y)| (x - y) * (x - y))
        .sum::<f32>()
        .sqrt()
}

#[test]
fn game_over_celebrates_the_winner_with_a_garland_and_their_pawns_home() {
    let app = app();
    set_window_size(&app, 390.0, 844.0);
    app.start(
        Match::from_position(nearly_home(), 5),
        Default::default(),
        Default::default(),
    );
    play_to_the_end(&app);
    let shot = save_png(&app, "game-over-celebration");
    let find = |type_name: &str| {
        once_each(
            ElementQuery::from_root(app.window())
                .match_descendants()
                .match_inherits(type_name)
                .find_all(),
        )
    };
    assert_eq!(find("Garland").len(), 1, "a garland hangs over the page");
    let celebration = find("Celebration");
    let celebration = celebration.first().expect("the winner is celebrated");
    let places = app.window().global::<Outcome>().get_places();
    let winner = places.row_data(0).expect("a winner");
    let pawns = once_each(
        celebration
            .query_descendants()
            .match_inherits("PawnBody")
            .find_all(),
    );
    assert_eq!(pawns.len() as i32, winner.pawns, "every winning pawn, Home");
    // The places list shows each player's piece: the celebrated pawns are
    // the winner's, not the other player's.
    let listed = find("PawnBody")
        .into_iter()
        .filter(|p| {
            !pawns
                .iter()
                .any(|q| q.absolute_position() == p.absolute_position())
        })
        .collect::<Vec<_>>();
    assert_eq!(listed.len(), places.row_count(), "a piece per place");
    let (winners_colour, others_colour) = (
        average_colour(&shot, &listed[0]),
        average_colour(&shot, &listed[1]),
    );
    for pawn in &pawns {
        let colour = average_colour(&shot, pawn);
        assert!(
            distance(colour, winners_colour) < distance(colour, others_colour),
            "a celebrated pawn of {colour:?} is not the winner's {winners_colour:?}"
        );
    }
}
