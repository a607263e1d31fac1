//! Game over (the `Outcome` global): Play again. It has no state of its
//! own: what it shows, who won and every player's place and how far each
//! came, is the Game screen's presenter's (`game/present/outcome.rs`).

use std::rc::Rc;

use slint::ComponentHandle;

use super::{AppWindow, Outcome, Screens};

/// Play again.
pub(super) fn connect(app: &Rc<Screens>, window: &AppWindow) {
    let outcome = window.global::<Outcome>();
    let me = app.clone();
    outcome.on_play_again(move || me.game.restart(&me));
}
