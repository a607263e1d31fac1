//! Home and the way between screens (the `Nav` global): which screen shows,
//! the back key, and Continue.

use std::cell::Cell;
use std::rc::Rc;

use slint::{ComponentHandle, ModelRc};

use super::shared::Shared;
use super::{AppWindow, Nav, Screen, Screens};

pub(super) struct Home {
    shared: Rc<Shared>,
    /// A saved game not finished, to offer on Home when none is in memory.
    saved_to_continue: Cell<bool>,
}

impl Home {
    pub fn new(shared: Rc<Shared>) -> Home {
        Home {
            shared,
            saved_to_continue: Cell::new(false),
        }
    }

    /// Home's buttons and the way back.
    pub fn connect(app: &Rc<Screens>, window: &AppWindow) {
        let nav = window.global::<Nav>();
        let me = app.clone();
        nav.on_continue_game(move || me.home.continue_game(&me));
        let me = app.clone();
        nav.on_new_game(move || me.home.go(&me, Screen::NewGame));
        let me = app.clone();
        nav.on_show_saved_games(move || me.saves.show_saved_games(&me));
        let me = app.clone();
        nav.on_back(move || me.home.back(&me));
        let me = app.clone();
        nav.on_show_rules(move || me.rules.open(&me, Screen::Home, None));
        let me = app.clone();
        nav.on_show_learn(move || me.learn.open(&me, Screen::Home, None));
        let me = app.clone();
        nav.on_show_settings(move || me.home.go(&me, Screen::Settings));
        let me = app.clone();
        nav.on_go_home(move || me.home.go(&me, Screen::Home));
    }

    pub fn go(&self, app: &Rc<Screens>, screen: Screen) {
        let window = self.shared.window();
        let nav = window.global::<Nav>();
        if screen == Screen::Home {
            self.look_for_saved_game(app);
        } else {
            // What Home had to say has been seen.
            nav.set_message(ModelRc::default());
        }
        self.show(app);
        nav.set_screen(screen);
        if screen == Screen::Game {
            app.game.next(app);
        }
    }

    /// The back key: one screen back, and from a game to Home (the game is
    /// saved as it goes), never out of the app from a game.
    fn back(&self, app: &Rc<Screens>) {
        match self.shared.screen() {
            Screen::Home => {}
            Screen::Rules => app.rules.back(app),
            Screen::Dice => app.dice.close(app),
            Screen::Learn => app.learn.back(app),
            _ => self.go(app, Screen::Home),
        }
    }

    /// Continue: the game in memory, else the newest unfinished save.
    fn continue_game(&self, app: &Rc<Screens>) {
        if app.game.is_unfinished() {
            self.go(app, Screen::Game);
            return;
        }
        app.flush_saves();
        let store = self.shared.store.as_ref();
        match store.and_then(|s| s.most_recent_unfinished()) {
            Some(saved) => app.saves.resume(app, &saved.id),
            None => self.go(app, Screen::Home),
        }
    }

    /// Whether Home can offer a saved game to continue.
    pub fn look_for_saved_game(&self, app: &Screens) {
        app.flush_saves();
        let found =
            (self.shared.store.as_ref()).is_some_and(|s| s.most_recent_unfinished().is_some());
        self.saved_to_continue.set(found);
    }

    pub fn show(&self, app: &Screens) {
        let can_continue = self.saved_to_continue.get() || app.game.is_unfinished();
        (self.shared.window().global::<Nav>()).set_can_continue(can_continue);
    }
}
