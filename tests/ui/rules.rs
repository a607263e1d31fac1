//! The Rules screen: pages that read well and scroll to their end.

use crate::ui_support::*;
use chaupar::app::{RuleBlockKind, Rules};
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
