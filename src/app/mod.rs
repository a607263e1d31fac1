//! The app: a Slint UI (`ui/`) over the rules engine. The UI draws what the
//! globals in `ui/globals.slint` hold and reports taps through their
//! callbacks. Each global has its controller here, owning its screen's
//! state (docs/app.md has the map); what the screens share (the data
//! folder, the settings, the outputs, the scheduler) is handed to each.
//! Nothing here decides what the rules decide.

slint::include_modules!();

pub mod courses;
mod dice_screen;
mod fonts;
mod game;
mod game_over;
mod home;
pub mod learn;
mod new_game;
mod rules_screen;
mod rules_text;
mod saved_games;
mod scheduler;
pub mod settings;
mod settings_screen;
pub mod setup;
mod shared;
mod text;

use std::path::PathBuf;
use std::rc::{Rc, Weak};
use std::time::Duration;

use slint::{ComponentHandle, Model, ModelRc, Timer, VecModel};

use crate::language::Language;
use crate::outputs::Outputs;
use crate::rules::{Match, Turn};
use crate::store::{self, LoadProblem, SaveStore};
use game::session::Session;
pub use game::LOG_SHOWN;
use scheduler::Scheduler;
pub use scheduler::Scheduling;
use settings::{Settings as SavedSettings, Speed};
use setup::SeatKind;
use shared::Shared;
pub use text::game_name;

/// Opens the app's window and runs it until it is closed. Games, settings
/// and statistics are kept in the data folder (`data_dir` when given; see
/// `store::data_dir`).
pub fn run(
    data_dir: Option<PathBuf>,
    language: Option<Language>,
) -> Result<(), slint::PlatformError> {
    let app = App::new(data_dir)?;
    if language.is_some() {
        app.speak_for_this_run(language);
    }
    let ran = app.window().run();
    app.flush_saves();
    ran
}

/// The app: its window and the screens' controllers behind it.
pub struct App {
    window: AppWindow,
    screens: Rc<Screens>,
}

/// Every screen's controller, one per global of `ui/globals.slint`; a
/// controller reaches another through this where one screen opens another
/// or shows what another holds.
struct Screens {
    home: home::Home,
    settings: settings_screen::SettingsScreen,
    new_game: new_game::NewGame,
    game: game::GameScreen,
    saves: saved_games::SavedGames,
    rules: rules_screen::RulesScreen,
    dice: dice_screen::DiceScreen,
    learn: learn::LearnScreen,
}

impl App {
    pub fn new(data_dir: Option<PathBuf>) -> Result<App, slint::PlatformError> {
        App::with_scheduling(data_dir, Scheduling::default())
    }

    /// The app with its slow work run the way `scheduling` says (tests
    /// try both).
    pub fn with_scheduling(
        data_dir: Option<PathBuf>,
        scheduling: Scheduling,
    ) -> Result<App, slint::PlatformError> {
        let outputs = Outputs::system(&Default::default());
        App::with_outputs(data_dir, scheduling, outputs)
    }

    /// The app playing its sounds and buzzes into `outputs`: the system's
    /// audio output and vibrator, or recording sinks in tests. The saved
    /// settings are applied to them.
    pub fn with_outputs(
        data_dir: Option<PathBuf>,
        scheduling: Scheduling,
        outputs: Outputs,
    ) -> Result<App, slint::PlatformError> {
        fonts::add_script_fallbacks();
        let window = AppWindow::new()?;
        let mut said: Vec<StoreNote> = Vec::new();
        let store = match store::data_dir(data_dir).and_then(SaveStore::open) {
            Ok(store) => Some(store),
            Err(e) => {
                said.push(StoreNote {
                    notice: StoreNotice::CannotSave,
                    ..saved_games::failed(&e)
                });
                None
            }
        };
        let settings = match store
            .as_ref()
            .map(SaveStore::load_settings::<SavedSettings>)
        {
            Some(Ok(settings)) => settings,
            Some(Err(LoadProblem::Bad(file))) => {
                said.push(StoreNote {
                    notice: StoreNotice::SettingsReset,
                    ..saved_games::problem_note(&file.problem)
                });
                SavedSettings::default()
            }
            Some(Err(LoadProblem::Missing)) | None => SavedSettings::default(),
        };
        outputs.apply(&settings.sound);
        let screens = Rc::new_cyclic(|me: &Weak<Screens>| {
            let me = me.clone();
            // Slow work done on the UI thread waits while something moves.
            let scheduler = Scheduler::new(scheduling, move || {
                me.upgrade().is_some_and(|screens| screens.game.is_still())
            });
            let shared = Rc::new(Shared::new(
                window.as_weak(),
                store,
                settings,
                outputs,
                scheduler,
            ));
            Screens {
                home: home::Home::new(shared.clone()),
                settings: settings_screen::SettingsScreen::new(shared.clone()),
                new_game: new_game::NewGame::new(shared.clone()),
                game: game::GameScreen::new(shared.clone(), &window),
                saves: saved_games::SavedGames::new(shared.clone()),
                rules: rules_screen::RulesScreen::new(shared.clone()),
                dice: dice_screen::DiceScreen::new(shared.clone()),
                learn: learn::LearnScreen::new(shared),
            }
        });
        window.global::<Nav>().set_message(model(said));
        screens.connect(&window);
        screens.settings.apply_language(&screens);
        screens.new_game.show();
        screens.home.look_for_saved_game(&screens);
        screens.home.show(&screens);
        Ok(App { window, screens })
    }

    pub fn window(&self) -> &AppWindow {
        &self.window
    }

    /// Waits until every game handed to the autosaver is on disk: when the
    /// window closes, and when the system pauses the app (Android).
    pub fn flush_saves(&self) {
        self.screens.flush_saves();
    }

    /// Fixes the seed of the next game started, so that its throws are
    /// known in advance.
    pub fn seed_next_game(&self, seed: u64) {
        self.screens.game.seed_next_game(seed);
    }

    /// Starts a game already set up (a position near its end, a saved game)
    /// with these names and players for the sides.
    pub fn start(&self, game: Match, names: [String; 4], kinds: [SeatKind; 4]) {
        let session = Session::new(game, names, kinds);
        self.screens.game.begin(&self.screens, session);
    }

    /// Looks at the game in progress.
    pub fn with_match<R>(&self, f: impl FnOnce(&Match) -> R) -> Option<R> {
        self.screens
            .game
            .with_session(|s| s.game().map(f))
            .flatten()
    }

    /// Speaks `language` until the app closes or another is chosen on the
    /// Settings screen, without changing the saved choice (`--lang`);
    /// `None` goes back to the saved choice.
    pub fn speak_for_this_run(&self, language: Option<Language>) {
        (self.screens.settings).speak_for_this_run(&self.screens, language);
    }

    /// Looks at the turn on the board, in a game or a lesson.
    pub fn with_turn<R>(&self, f: impl FnOnce(&Turn) -> R) -> Option<R> {
        self.screens.game.with_session(|s| f(s.turn()))
    }

    pub fn set_speed(&self, speed: Speed) {
        self.screens.settings.choose_speed(speed);
    }
}

impl Screens {
    /// Wires every global's callbacks to its screen's controller.
    fn connect(self: &Rc<Self>, window: &AppWindow) {
        home::Home::connect(self, window);
        settings_screen::SettingsScreen::connect(self, window);
        new_game::NewGame::connect(self, window);
        game::GameScreen::connect(self, window);
        game_over::connect(self, window);
        saved_games::SavedGames::connect(self, window);
        rules_screen::RulesScreen::connect(self, window);
        dice_screen::DiceScreen::connect(self, window);
        learn::LearnScreen::connect(self, window);
    }

    /// Writes every game still waiting to be saved, and the dice counts
    /// (when the app pauses or closes, and before the data folder is read).
    fn flush_saves(&self) {
        self.game.flush_saves();
        self.dice.save_totals();
    }
}

/// Runs `f` after `ms` milliseconds, or at once when there is nothing to
/// wait for.
fn after(ms: u64, f: impl FnOnce() + 'static) {
    if ms == 0 {
        f();
    } else {
        Timer::single_shot(Duration::from_millis(ms), f);
    }
}

/// A seed for a new game's throws, from the clock.
fn new_seed() -> u64 {
    web_time::SystemTime::now()
        .duration_since(web_time::UNIX_EPOCH)
        .map(|d| d.as_nanos() as u64)
        .unwrap_or(0)
}

fn model<T: Clone + 'static>(items: Vec<T>) -> ModelRc<T> {
    ModelRc::new(VecModel::from(items))
}

/// Updates a kept model row by row, so that unchanged rows keep their
/// elements: changed rows are set, rows past the model's end added, and
/// rows past the new end removed (a log that grows adds its one new line).
fn update<T: Clone + PartialEq + 'static>(model: &VecModel<T>, rows: Vec<T>) {
    while model.row_count() > rows.len() {
        model.remove(model.row_count() - 1);
    }
    let kept = model.row_count();
    for (i, row) in rows.into_iter().enumerate() {
        if i >= kept {
            model.push(row);
        } else if model.row_data(i).as_ref() != Some(&row) {
            model.set_row_data(i, row);
        }
    }
}
