//! The Rules screen (the `Rules` global): each game's rules page, reached
//! from Home or from a game, and back to where it was opened.

use std::cell::Cell;
use std::rc::Rc;

use slint::{ComponentHandle, SharedString};

use super::shared::Shared;
use super::{model, rules_text, AppWindow, Rules, Screen, Screens};
use crate::language::Language;
use crate::rules::Game;
use crate::rules_pages;

pub(super) struct RulesScreen {
    shared: Rc<Shared>,
    /// Where Back goes.
    came_from: Cell<Screen>,
}

impl RulesScreen {
    pub fn new(shared: Rc<Shared>) -> RulesScreen {
        RulesScreen {
            shared,
            came_from: Cell::new(Screen::Home),
        }
    }

    /// The Rules screen's game choice and Back.
    pub fn connect(app: &Rc<Screens>, window: &AppWindow) {
        let rules = window.global::<Rules>();
        let me = app.clone();
        rules.on_choose(move |i| {
            let index = i.rem_euclid(Game::ALL.len() as i32) as usize;
            me.rules.show(index, me.settings.language());
        });
        let me = app.clone();
        rules.on_back(move || me.rules.back(&me));
        let me = app.clone();
        rules.on_learn(move || me.learn.open(&me, Screen::Rules, me.rules.shown()));
    }

    /// Opens the rules, `game`'s page if given, Back going to `back`.
    pub fn open(&self, app: &Rc<Screens>, back: Screen, game: Option<Game>) {
        if let Some(game) = game {
            let index = Game::ALL.iter().position(|g| *g == game).unwrap_or(0);
            self.show(index, app.settings.language());
        }
        self.came_from.set(back);
        app.home.go(app, Screen::Rules);
    }

    /// The game whose page is shown.
    fn shown(&self) -> Option<Game> {
        let index = self.shared.window().global::<Rules>().get_game();
        Game::ALL.get(usize::try_from(index).ok()?).copied()
    }

    pub fn back(&self, app: &Rc<Screens>) {
        app.home.go(app, self.came_from.get());
    }

    /// The page shown, again in `language`.
    pub fn show_again(&self, language: Language) {
        let shown = self.shared.window().global::<Rules>().get_game();
        self.show(shown as usize, language);
    }

    fn show(&self, index: usize, language: Language) {
        let window = self.shared.window();
        let g = window.global::<Rules>();
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
