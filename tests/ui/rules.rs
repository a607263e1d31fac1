//! The Rules screen: pages that read well, scroll to their end and turn
//! through the games.

use crate::ui_support::*;
use chaupar::app::{game_name, Learn, RuleBlockKind, Rules, Screen};
use chaupar::language::Language;
use chaupar::rules::Game;
use chaupar::rules_pages;
use slint::{ComponentHandle, Model};

/// Every item of a list on a rules page starts beside its bullet, whether
/// it fits on one line or wraps.
#[test]
fn a_rules_pages_list_items_start_beside_their_bullets() {
    let app = app();
    press(&app, "Rules");
    let blocks = app.window().global::<Rules>().get_blocks();
    let starts: Vec<(String, f32)> = blocks
        .iter()
        .filter(|block| block.kind == RuleBlockKind::Bullet)
        .filter_map(|block| {
            let item = labelled(&app, &block.plain)?;
            Some((block.plain.to_string(), item.absolute_position().x))
        })
        .collect();
    assert!(starts.len() >= 3, "only {} items in view", starts.len());
    let (_, first) = &starts[0];
    for (item, x) in &starts {
        assert_eq!(
            x, first,
            "{item:?} starts at {x}, the first item at {first}"
        );
    }
}

#[test]
fn a_rules_page_scrolls_to_its_last_line_on_a_phone() {
    let app = app();
    set_window_size(&app, 360.0, 640.0);
    press(&app, "Rules");
    let blocks = app.window().global::<Rules>().get_blocks();
    let last = blocks
        .row_data(blocks.row_count() - 1)
        .expect("the page has text")
        .plain
        .to_string();
    assert!(
        labelled(&app, &last).is_none(),
        "the end starts out of view"
    );
    // Wheel turns over the middle of the page, as far as it goes.
    for _ in 0..200 {
        app.window()
            .window()
            .dispatch_event(slint::platform::WindowEvent::PointerScrolled {
                position: slint::LogicalPosition::new(180.0, 320.0),
                delta_x: 0.0,
                delta_y: -200.0,
            });
    }
    settle();
    assert!(
        labelled(&app, &last).is_some(),
        "the last line scrolls into view"
    );
}

/// ‹ and › turn the Rules and Learn screens through the five games in the
/// app's order, the last and the first next to each other; Learn this
/// game opens the lessons of the page shown.
#[test]
fn the_games_pages_turn_both_ways_round_the_five_games() {
    let app = app();
    press(&app, "Rules");
    let rules = app.window().global::<Rules>();
    let title = || rules.get_blocks().row_data(0).expect("a page").plain;
    let mut seen = vec![title()];
    for _ in 0..Game::ALL.len() {
        press(&app, "Next game's rules");
        seen.push(title());
    }
    let expected: Vec<_> = (Game::ALL.iter().chain(&Game::ALL[..1]))
        .map(|&game| rules_pages::title(game, Language::English))
        .collect();
    assert_eq!(seen, expected);
    press(&app, "Previous game's rules");
    assert_eq!(rules.get_game(), game_name(Game::ChowkaBhara));
    press(&app, "Learn this game");
    let learn = app.window().global::<Learn>();
    assert_eq!(screen(&app), Screen::Learn);
    assert_eq!(learn.get_game(), game_name(Game::ChowkaBhara));
    press(&app, "Next game's lessons");
    assert_eq!(learn.get_game(), game_name(Game::Chopat));
    press(&app, "Previous game's lessons");
    press(&app, "Previous game's lessons");
    assert_eq!(learn.get_game(), game_name(Game::ChauparAkbar));
    let first = learn.get_lessons().row_data(0).expect("a lesson");
    assert!(first.id.starts_with("chaupar-akbar."), "{:?}", first.id);
}
