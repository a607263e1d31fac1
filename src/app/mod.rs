//! The app: a Slint UI (`ui/`) over the rules engine. The UI draws what the
//! globals in `ui/globals.slint` hold and reports taps through their
//! callbacks; this module fills them from the engine and decides nothing
//! the rules decide.

slint::include_modules!();

mod dice_screen;
mod fonts;
mod game;
mod game_over;
mod home;
mod new_game;
mod rules_screen;
mod rules_text;
mod saved_games;
mod saving;
mod scheduler;
pub mod settings;
mod settings_screen;
pub mod setup;
mod text;

use std::cell::RefCell;
use std::path::PathBuf;
use std::rc::Rc;
use std::time::Duration;

use slint::{ComponentHandle, Model, ModelRc, Timer, VecModel};

use crate::language::Language;
use crate::outputs::Outputs;
use crate::rules::{Game, Match};
use crate::store::{self, Autosaver, GameDocument, LoadProblem, SaveStore};
use game::session::Session;
pub use game::LOG_SHOWN;
use scheduler::Scheduler;
pub use scheduler::Scheduling;
use settings::{Settings as SavedSettings, Speed};
use setup::{SeatKind, Setup as NewGame};

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

/// The app: its window and the state behind it.
pub struct App {
    window: AppWindow,
    inner: Rc<Inner>,
}

struct Inner {
    window: slint::Weak<AppWindow>,
    /// The data folder; `None` when it could not be opened (the app runs
    /// without saving).
    store: Option<SaveStore>,
    autosaver: Option<Autosaver<GameDocument>>,
    /// The device's dice counts and the Dice screen.
    dice: dice_screen::DiceBook,
    /// Runs the computer's thinking and the autosave's writes.
    scheduler: Scheduler,
    /// The sounds and buzzes of the game.
    outputs: Outputs,
    state: RefCell<State>,
    // Kept across updates so that pawns keep their elements and glide.
    pawns: Rc<VecModel<PawnData>>,
    cells: Rc<VecModel<CellData>>,
    // The newest lines of the log, kept so that a line added does not
    // build every line's elements again.
    log: Rc<VecModel<LogLine>>,
    /// Times the game's pacing: a tumble, a pawn's step, the computer's
    /// pause (stopped when the game it was for is left).
    pace_timer: Timer,
    /// Numbers the thoughts asked for (see [`game::pace`]).
    tickets: std::cell::Cell<u64>,
}

struct State {
    settings: SavedSettings,
    setup: NewGame,
    session: Option<Session>,
    /// What the game screen is showing between actions; taps wait while
    /// something moves.
    pace: game::pace::Pace,
    /// The hint asked for, by its thought's ticket, until it is shown.
    hint_asked: Option<u64>,
    /// The seed of the next game (tests fix it; otherwise the clock).
    next_seed: Option<u64>,
    /// Where the Rules page's Back goes.
    rules_return: Screen,
    /// A saved game not finished, to offer on Home when none is in memory.
    saved_to_continue: bool,
    /// The Saved games list as shown, row for row.
    listings: Vec<store::Listing>,
    /// The language given on the command line, for this run only.
    language_for_this_run: Option<Language>,
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
        let setup = settings
            .table
            .as_ref()
            .map_or_else(|| NewGame::new(Game::Pagade), NewGame::from_table);
        outputs.apply(&settings.sound);
        let inner = Rc::new_cyclic(|me: &std::rc::Weak<Inner>| Inner {
            window: window.as_weak(),
            outputs,
            autosaver: store.clone().map(Autosaver::new),
            dice: dice_screen::DiceBook::open(store.as_ref()),
            store,
            scheduler: {
                let me = me.clone();
                Scheduler::new(scheduling, move || {
                    me.upgrade()
                        .and_then(|inner| inner.state.try_borrow().ok().map(|st| !st.pace.is_moving()))
                        .unwrap_or(false)
                })
            },
            state: RefCell::new(State {
                settings,
                setup,
                session: None,
                pace: game::pace::Pace::Idle,
                hint_asked: None,
                next_seed: None,
                rules_return: Screen::Home,
                saved_to_continue: false,
                listings: Vec::new(),
                language_for_this_run: None,
            }),
            pawns: Rc::new(VecModel::default()),
            cells: Rc::new(VecModel::default()),
            log: Rc::new(VecModel::default()),
            pace_timer: Timer::default(),
            tickets: Default::default(),
        });
        window.global::<Nav>().set_message(model(said));
        let play = window.global::<Play>();
        play.set_pawns(ModelRc::from(inner.pawns.clone()));
        play.set_cells(ModelRc::from(inner.cells.clone()));
        play.set_log(ModelRc::from(inner.log.clone()));
        inner.connect(&window);
        inner.apply_language();
        inner.show_setup();
        inner.look_for_saved_game();
        inner.show_nav();
        Ok(App { window, inner })
    }

    pub fn window(&self) -> &AppWindow {
        &self.window
    }

    /// Waits until every game handed to the autosaver is on disk: when the
    /// window closes, and when the system pauses the app (Android).
    pub fn flush_saves(&self) {
        self.inner.flush_saves();
    }

    /// Fixes the seed of the next game started, so that its throws are
    /// known in advance.
    pub fn seed_next_game(&self, seed: u64) {
        self.inner.state.borrow_mut().next_seed = Some(seed);
    }

    /// Starts a game already set up (a position near its end, a saved game)
    /// with these names and players for the sides.
    pub fn start(&self, game: Match, names: [String; 4], kinds: [SeatKind; 4]) {
        self.inner.begin(Session::new(game, names, kinds));
    }

    /// Looks at the game in progress.
    pub fn with_match<R>(&self, f: impl FnOnce(&Match) -> R) -> Option<R> {
        self.inner
            .state
            .borrow()
            .session
            .as_ref()
            .map(|s| f(s.game()))
    }

    /// Speaks `language` until the app closes or another is chosen on the
    /// Settings screen, without changing the saved choice (`--lang`);
    /// `None` goes back to the saved choice.
    pub fn speak_for_this_run(&self, language: Option<Language>) {
        self.inner.state.borrow_mut().language_for_this_run = language;
        self.inner.apply_language();
    }

    pub fn set_speed(&self, speed: Speed) {
        self.inner.choose_speed(speed);
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

impl Inner {
    fn window(&self) -> AppWindow {
        self.window
            .upgrade()
            .expect("the window outlives its callbacks")
    }

    /// Wires every global's callbacks to its screen's controller.
    fn connect(self: &Rc<Self>, window: &AppWindow) {
        self.connect_nav(window);
        self.connect_settings(window);
        self.connect_setup(window);
        self.connect_play(window);
        self.connect_outcome(window);
        self.connect_saves(window);
        self.connect_rules(window);
        self.connect_dice(window);
    }
}
