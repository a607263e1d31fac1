//! The Rules screen (the `Rules` global): each game's rules page, reached
//! from Home or from a game, and back to where it was opened.

use std::rc::Rc;

use slint::{ComponentHandle, SharedString};

use super::{model, rules_text, AppWindow, Inner, Rules, Screen};
use crate::rules::Game;
use crate::rules_pages;

impl Inner {
    /// The Rules screen's game choice and Back.
    pub(super) fn connect_rules(self: &Rc<Self>, window: &AppWindow) {
        let rules = window.global::<Rules>();
        let me = self.clone();
        rules.on_choose(move |i| me.show_rules(i.rem_euclid(Game::ALL.len() as i32) as usize));
        let me = self.clone();
        rules.on_back(move || {
            let back = me.state.borrow().rules_return;
            me.go(back);
        });
    }

    pub(super) fn open_rules(self: &Rc<Self>, back: Screen) {
        self.state.borrow_mut().rules_return = back;
        self.go(Screen::Rules);
    }

    pub(super) fn show_rules(&self, index: usize) {
        let window = self.window();
        let g = window.global::<Rules>();
        let language = self.language();
        // Each game named as its page names it, in the language spoken.
        g.set_games(model(
            Game::ALL
                .iter()
                .map(|&game| SharedString::from(rules_pages::title(game, language)))
                .collect(),
        ));
        g.set_game(index as i32);
        let (page, _) = rules_pages::page(Game::ALL[index], language);
        g.set_blocks(model(rules_text::rule_blocks(page)));
    }
}
