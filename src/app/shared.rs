//! What every screen's controller is handed: the window, the data folder
//! and the autosaver, the saved settings, the sounds and buzzes, and the
//! scheduler of slow work.

use std::cell::RefCell;

use slint::ComponentHandle;

use super::scheduler::Scheduler;
use super::settings::Settings as SavedSettings;
use super::{AppWindow, Nav, Screen};
use crate::outputs::Outputs;
use crate::store::{self, Autosaver, GameDocument, SaveStore};

pub(super) struct Shared {
    window: slint::Weak<AppWindow>,
    /// The data folder; `None` when it could not be opened (the app runs
    /// without saving).
    pub store: Option<SaveStore>,
    pub autosaver: Option<Autosaver<GameDocument>>,
    /// The player's settings, as saved.
    pub settings: RefCell<SavedSettings>,
    /// The sounds and buzzes of the game.
    pub outputs: Outputs,
    /// Runs the computer's thinking and the autosave's writes.
    pub scheduler: Scheduler,
}

impl Shared {
    pub fn new(
        window: slint::Weak<AppWindow>,
        store: Option<SaveStore>,
        settings: SavedSettings,
        outputs: Outputs,
        scheduler: Scheduler,
    ) -> Shared {
        Shared {
            window,
            autosaver: store.clone().map(Autosaver::new),
            store,
            settings: RefCell::new(settings),
            outputs,
            scheduler,
        }
    }

    pub fn window(&self) -> AppWindow {
        self.window
            .upgrade()
            .expect("the window outlives its callbacks")
    }

    /// The screen shown.
    pub fn screen(&self) -> Screen {
        self.window().global::<Nav>().get_screen()
    }

    pub fn save_settings(&self) {
        let settings = self.settings.borrow().clone();
        // Settings that cannot be saved still apply to this run.
        if let Some(Err(e)) = self.store.as_ref().map(|s| s.save_settings(&settings)) {
            eprintln!("chaupar: could not save the settings: {e}");
        }
    }

    /// Writes every game handed to the autosaver.
    pub fn flush_games(&self) {
        if let Some(Err(e)) = self.autosaver.as_ref().map(Autosaver::flush) {
            eprintln!("chaupar: a game could not be saved: {e}");
        }
    }

    /// Starts the writes the autosaver asked for, if any.
    pub fn write_saves(&self, writes: Option<store::Writes<GameDocument>>) {
        if let Some(writes) = writes {
            self.scheduler.run_unanswered(writes);
        }
    }
}
