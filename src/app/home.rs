//! Home and the way between screens (the `Nav` global): which screen shows,
//! the back key, and Continue.

use std::rc::Rc;

use slint::{ComponentHandle, ModelRc};

use super::{AppWindow, Inner, Nav, Screen};

impl Inner {
    /// Home's buttons and the way back.
    pub(super) fn connect_nav(self: &Rc<Self>, window: &AppWindow) {
        let nav = window.global::<Nav>();
        let me = self.clone();
        nav.on_continue_game(move || me.continue_game());
        let me = self.clone();
        nav.on_new_game(move || me.go(Screen::NewGame));
        let me = self.clone();
        nav.on_show_saved_games(move || me.show_saved_games());
        let me = self.clone();
        nav.on_back(move || me.back());
        let me = self.clone();
        nav.on_show_rules(move || me.open_rules(Screen::Home));
        let me = self.clone();
        nav.on_show_settings(move || me.go(Screen::Settings));
        let me = self.clone();
        nav.on_go_home(move || me.go(Screen::Home));
    }

    pub(super) fn go(self: &Rc<Self>, screen: Screen) {
        let window = self.window();
        let nav = window.global::<Nav>();
        if screen == Screen::Home {
            self.look_for_saved_game();
        } else {
            // What Home had to say has been seen.
            nav.set_message(ModelRc::default());
        }
        self.show_nav();
        nav.set_screen(screen);
        if screen == Screen::Game {
            self.next();
        }
    }

    pub(super) fn screen(&self) -> Screen {
        self.window().global::<Nav>().get_screen()
    }

    /// The back key: one screen back, and from a game to Home (the game is
    /// saved as it goes), never out of the app from a game.
    pub(super) fn back(self: &Rc<Self>) {
        match self.screen() {
            Screen::Home => {}
            Screen::Rules => {
                let back = self.state.borrow().rules_return;
                self.go(back);
            }
            Screen::Dice => self.close_dice(),
            _ => self.go(Screen::Home),
        }
    }

    /// Continue: the game in memory, else the newest unfinished save.
    pub(super) fn continue_game(self: &Rc<Self>) {
        let in_memory = self
            .state
            .borrow()
            .session
            .as_ref()
            .is_some_and(|s| !s.position().is_over());
        if in_memory {
            self.go(Screen::Game);
            return;
        }
        self.flush_saves();
        let newest = self.store.as_ref().and_then(|s| s.most_recent_unfinished());
        match newest {
            Some(saved) => self.resume(&saved.id),
            None => self.go(Screen::Home),
        }
    }

    /// Whether Home can offer a saved game to continue.
    pub(super) fn look_for_saved_game(&self) {
        self.flush_saves();
        let found = self
            .store
            .as_ref()
            .is_some_and(|s| s.most_recent_unfinished().is_some());
        self.state.borrow_mut().saved_to_continue = found;
    }

    pub(super) fn show_nav(&self) {
        let st = self.state.borrow();
        let can_continue =
            st.saved_to_continue || st.session.as_ref().is_some_and(|s| !s.position().is_over());
        self.window().global::<Nav>().set_can_continue(can_continue);
    }
}
