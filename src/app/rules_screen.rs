//! The Rules screen (the `Rules` global): each game's rules page, reached
//! from Home or from a game, and back to where it was opened.

use std::cell::Cell;
use std::rc::Rc;

use slint::ComponentHandle;

use super::shared::Shared;
use super::text::{game_name, game_named, games_either_side};
use super::{model, rules_text, AppWindow, Rules, Screen, Screens};
use crate::language::Language;
use crate::rules::Game;
use crate::rules_pages;

pub(super) struct RulesScreen {
    shared: Rc<Shared>,
    /// The game whose page is shown.
    shown: Cell<Game>,
    /// Where Back goes.
    came_from: Cell<Screen>,
}

impl RulesScreen {
    pub fn new(shared: Rc<Shared>) -> RulesScreen {
        RulesScreen {
            shared,
            shown: Cell::new(Game::ALL[0]),
            came_from: Cell::new(Screen::Home),
        }
    }

    /// The Rules screen's game choice and Back.
    pub fn connect(app: &Rc<Screens>, window: &AppWindow) {
        let rules = window.global::<Rules>();
        let me = app.clone();
        rules.on_choose(move |name| me.rules.show(game_named(name), me.settings.language()));
        let me = app.clone();
        rules.on_back(move || me.rules.back(&me));
        let me = app.clone();
        rules.on_learn(move || {
            me.learn
                .open(&me, Screen::Rules, Some(me.rules.shown.get()))
        });
    }

    /// Opens the rules, `game`'s page if given, Back going to `back`.
    pub fn open(&self, app: &Rc<Screens>, back: Screen, game: Option<Game>) {
        if let Some(game) = game {
            self.show(game, app.settings.language());
        }
        self.came_from.set(back);
        app.home.go(app, Screen::Rules);
    }

    pub fn back(&self, app: &Rc<Screens>) {
        app.home.go(app, self.came_from.get());
    }

    /// The page shown, again in `language`.
    pub fn show_again(&self, language: Language) {
        self.show(self.shown.get(), language);
    }

    fn show(&self, game: Game, language: Language) {
        self.shown.set(game);
        let window = self.shared.window();
        let g = window.global::<Rules>();
        let (previous, next) = games_either_side(game);
        g.set_game(game_name(game));
        // The game named as its page names it, in the language spoken.
        g.set_title(rules_pages::title(game, language).into());
        g.set_previous_game(previous);
        g.set_next_game(next);
        let (page, _) = rules_pages::page(game, language);
        g.set_blocks(model(rules_text::rule_blocks(page)));
    }
}
