//! The app: a Slint UI (`ui/`) over the rules engine. The UI draws what the
//! globals in `ui/globals.slint` hold and reports taps through their
//! callbacks; this module fills them from the engine and decides nothing
//! the rules decide.

slint::include_modules!();

mod board_view;
mod computer;
mod fonts;
mod race;
mod rules_text;
mod saved_games;
mod scheduler;
mod session;
pub mod settings;
pub mod setup;

use std::cell::RefCell;
use std::path::PathBuf;
use std::rc::Rc;
use std::time::Duration;

use slint::{ComponentHandle, Model, ModelRc, SharedString, Timer, VecModel};

use crate::board::{Cell, Side};
use crate::dice::{Implement, Throw};
use crate::outputs::Outputs;
use crate::rules::{Game, Match, Move, ThrowName};
use crate::store::{self, Autosaver, GameDocument, LoadProblem, SaveStore};
use board_view::Layout;
use scheduler::Scheduler;
pub use scheduler::Scheduling;
use session::{moves_text, Prompt, Session};
use settings::{Settings as SavedSettings, Speed};
use setup::{SeatKind, Setup as NewGame};

/// How long a refused pawn shakes.
const SHAKE_MS: u64 = 450;

/// Opens the app's window and runs it until it is closed. Games, settings
/// and statistics are kept in the data folder (`data_dir` when given; see
/// `store::data_dir`).
pub fn run(data_dir: Option<PathBuf>) -> Result<(), slint::PlatformError> {
    let app = App::new(data_dir)?;
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
}

/// The most lines of the log the game screen is given: more than the
/// tallest panel shows, however long the game.
pub const LOG_SHOWN: usize = 150;

struct State {
    settings: SavedSettings,
    setup: NewGame,
    session: Option<Session>,
    /// A move or a throw is being shown; taps wait.
    busy: bool,
    /// The seed of the next game (tests fix it; otherwise the clock).
    next_seed: Option<u64>,
    /// Where the Rules page's Back goes.
    rules_return: Screen,
    /// Counts the games begun, so that a throw or move still being shown
    /// when a new game starts does not reach into it.
    game_number: u64,
    /// The computer's next action is waiting for its pause or its thought.
    computer_waiting: bool,
    /// A saved game not finished, to offer on Home when none is in memory.
    saved_to_continue: bool,
    /// The Saved games list as shown, row for row.
    listings: Vec<store::Listing>,
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
        let mut said: Vec<String> = Vec::new();
        let store = match store::data_dir(data_dir).and_then(SaveStore::open) {
            Ok(store) => Some(store),
            Err(e) => {
                said.push(format!("Games will not be saved: {e}."));
                None
            }
        };
        let settings = match store
            .as_ref()
            .map(SaveStore::load_settings::<SavedSettings>)
        {
            Some(Ok(settings)) => settings,
            Some(Err(LoadProblem::Bad(file))) => {
                said.push(format!(
                    "{}: the settings are back to their defaults.",
                    file.problem
                ));
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
            store,
            scheduler: {
                let me = me.clone();
                Scheduler::new(scheduling, move || {
                    me.upgrade()
                        .and_then(|inner| inner.state.try_borrow().ok().map(|st| !st.busy))
                        .unwrap_or(false)
                })
            },
            state: RefCell::new(State {
                settings,
                setup,
                session: None,
                busy: false,
                next_seed: None,
                rules_return: Screen::Home,
                game_number: 0,
                computer_waiting: false,
                saved_to_continue: false,
                listings: Vec::new(),
            }),
            pawns: Rc::new(VecModel::default()),
            cells: Rc::new(VecModel::default()),
            log: Rc::new(VecModel::default()),
        });
        window.global::<Nav>().set_message(said.join(" ").into());
        let play = window.global::<Play>();
        play.set_pawns(ModelRc::from(inner.pawns.clone()));
        play.set_cells(ModelRc::from(inner.cells.clone()));
        play.set_log(ModelRc::from(inner.log.clone()));
        inner.connect(&window);
        inner.show_settings();
        inner.show_setup();
        inner.show_rules(0);
        inner.look_for_saved_game();
        inner.show_nav();
        Ok(App { window, inner })
    }

    /// Waits until every game handed to the autosaver is on disk: when the
    /// window closes, and when the system pauses the app (Android).
    pub fn flush_saves(&self) {
        self.inner.flush_saves();
    }

    pub fn window(&self) -> &AppWindow {
        &self.window
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
            .map(|s| f(&s.game))
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

fn model<T: Clone + 'static>(items: Vec<T>) -> ModelRc<T> {
    ModelRc::new(VecModel::from(items))
}

/// About how wide `labels` are side by side in the choice buttons' bold
/// text, in logical pixels (a little over the common fonts' average: 10 a
/// letter or digit, 5 a space), so that a row of choices knows whether it
/// fits a phone's width: a row that would not is stacked instead.
fn labels_width<'a>(labels: impl IntoIterator<Item = &'a str>) -> f32 {
    labels
        .into_iter()
        .flat_map(str::chars)
        .map(|c| if c == ' ' { 5.0 } else { 10.0 })
        .sum()
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

/// The pieces in the tray: a throw as it fell, or the implement at rest.
fn tray(implement: Implement, throw: Option<Throw>) -> Vec<DieData> {
    match (implement, throw) {
        (Implement::Cowries(_), Some(t)) => t
            .shells()
            .map(|up| DieData {
                kind: 2,
                value: 0,
                mouth_up: up,
            })
            .collect(),
        (Implement::Cowries(n), None) => (0..n)
            .map(|i| DieData {
                kind: 2,
                value: 0,
                mouth_up: i % 2 == 0,
            })
            .collect(),
        (dice, t) => {
            let kind = if dice == Implement::StickDice { 0 } else { 1 };
            let rest = vec![1u8; dice.values_per_throw()];
            let values = t.map(|t| t.values().to_vec()).unwrap_or(rest);
            values
                .into_iter()
                .map(|value| DieData {
                    kind,
                    value: value as i32,
                    mouth_up: false,
                })
                .collect()
        }
    }
}

fn new_seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_nanos() as u64)
        .unwrap_or(0)
}

impl Inner {
    fn window(&self) -> AppWindow {
        self.window
            .upgrade()
            .expect("the window outlives its callbacks")
    }

    fn connect(self: &Rc<Self>, window: &AppWindow) {
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

        let settings = window.global::<Settings>();
        let me = self.clone();
        settings.on_choose_speed(move |i| me.choose_speed(Speed::ALL[i.clamp(0, 3) as usize]));
        let me = self.clone();
        settings.on_choose_sound(move |level| {
            let sound = {
                let mut st = me.state.borrow_mut();
                st.settings.choose_sound_level(level.clamp(0, 3) as usize);
                st.settings.sound
            };
            me.outputs.apply(&sound);
            me.save_settings();
            me.show_settings();
        });
        let me = self.clone();
        settings.on_choose_vibrate(move |on| {
            let sound = {
                let mut st = me.state.borrow_mut();
                st.settings.sound.vibrate = on;
                st.settings.sound
            };
            me.outputs.apply(&sound);
            me.save_settings();
            me.show_settings();
        });
        let me = self.clone();
        settings.on_choose_rotate(move |on| {
            me.state.borrow_mut().settings.rotate_board = on;
            me.save_settings();
            me.show_settings();
            me.show_game();
        });

        let setup = window.global::<Setup>();
        let me = self.clone();
        setup.on_choose_game(move |i| {
            me.state
                .borrow_mut()
                .setup
                .choose_game(Game::ALL[i as usize]);
            me.show_setup();
        });
        let me = self.clone();
        setup.on_choose_mode(move |i| {
            let mut st = me.state.borrow_mut();
            let mode = st.setup.game.modes()[i as usize];
            st.setup.choose_mode(mode);
            drop(st);
            me.show_setup();
        });
        let me = self.clone();
        setup.on_rename_seat(move |i, name| me.state.borrow_mut().setup.rename(i as usize, &name));
        let me = self.clone();
        setup.on_choose_kind(move |i, k| {
            let kind = SeatKind::ALL[k.clamp(0, 3) as usize];
            me.state.borrow_mut().setup.choose_kind(i as usize, kind);
            me.show_setup();
        });
        let me = self.clone();
        setup.on_next_colour(move |i| {
            me.state.borrow_mut().setup.next_colour(i as usize);
            me.show_setup();
        });
        let me = self.clone();
        setup.on_choose_option(move |k, c| {
            let mut st = me.state.borrow_mut();
            let options = st.setup.options();
            let info = &options[k as usize];
            let value = info.choices[c as usize].0.clone();
            st.setup.choose_option(info.key, &value);
            drop(st);
            me.show_setup();
        });
        let me = self.clone();
        setup.on_start(move || me.start_from_setup());

        let play = window.global::<Play>();
        let me = self.clone();
        play.on_throw(move |speed| {
            if me.persons_turn() {
                me.throw(speed);
            }
        });
        let me = self.clone();
        play.on_pass_turn(move || {
            if me.persons_turn() {
                me.pass_turn();
            }
        });
        let me = self.clone();
        play.on_hint(move || me.ask_hint());
        let me = self.clone();
        play.on_take_back(move || me.take_back());
        let me = self.clone();
        play.on_tap_pawn(move |id| {
            me.answer(|s| s.tap_pawn(id as usize), Some(id));
        });
        let me = self.clone();
        play.on_tap_cell(move |cell| {
            me.answer(|s| s.tap_cell(Cell(cell as u8)), None);
        });
        let me = self.clone();
        play.on_choose(move |i| {
            let mv = me
                .state
                .borrow()
                .session
                .as_ref()
                .and_then(|s| s.offered.get(i as usize).copied());
            if let Some(mv) = mv.filter(|_| me.persons_turn()) {
                me.play(mv);
            }
        });
        let me = self.clone();
        play.on_restart(move || me.restart());
        let me = self.clone();
        play.on_show_rules(move || {
            let game = me.state.borrow().session.as_ref().map(|s| s.game.game());
            if let Some(game) = game {
                let index = Game::ALL.iter().position(|g| *g == game).unwrap_or(0);
                me.show_rules(index);
            }
            me.open_rules(Screen::Game);
        });
        let me = self.clone();
        play.on_quit(move || me.go(Screen::Home));

        let outcome = window.global::<Outcome>();
        let me = self.clone();
        outcome.on_play_again(move || me.restart());

        self.connect_saves(window);

        let rules = window.global::<Rules>();
        let me = self.clone();
        rules.on_choose(move |i| me.show_rules(i.rem_euclid(Game::ALL.len() as i32) as usize));
        let me = self.clone();
        rules.on_back(move || {
            let back = me.state.borrow().rules_return;
            me.go(back);
        });
    }

    fn go(self: &Rc<Self>, screen: Screen) {
        let window = self.window();
        let nav = window.global::<Nav>();
        if screen == Screen::Home {
            self.look_for_saved_game();
        } else {
            // What Home had to say has been seen.
            nav.set_message(SharedString::new());
        }
        self.show_nav();
        nav.set_screen(screen);
        if screen == Screen::Game {
            self.computer_step();
        }
    }

    fn screen(&self) -> Screen {
        self.window().global::<Nav>().get_screen()
    }

    /// The back key: one screen back, and from a game to Home (the game is
    /// saved as it goes), never out of the app from a game.
    fn back(self: &Rc<Self>) {
        match self.screen() {
            Screen::Home => {}
            Screen::Rules => {
                let back = self.state.borrow().rules_return;
                self.go(back);
            }
            _ => self.go(Screen::Home),
        }
    }

    /// Continue: the game in memory, else the newest unfinished save.
    fn continue_game(self: &Rc<Self>) {
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

    fn flush_saves(&self) {
        if let Some(Err(e)) = self.autosaver.as_ref().map(Autosaver::flush) {
            eprintln!("chaupar: a game could not be saved: {e}");
        }
    }

    /// Whether Home can offer a saved game to continue.
    fn look_for_saved_game(&self) {
        self.flush_saves();
        let found = self
            .store
            .as_ref()
            .is_some_and(|s| s.most_recent_unfinished().is_some());
        self.state.borrow_mut().saved_to_continue = found;
    }

    /// Queues the game as it is now to be saved, and starts the writes if
    /// none are at work.
    fn autosave(&self) {
        let Some(saver) = &self.autosaver else { return };
        let writes = {
            let st = self.state.borrow();
            let Some(s) = st.session.as_ref() else { return };
            let Some(id) = &s.save_id else { return };
            saver.save(id, s.summary(), s.document())
        };
        self.write_saves(writes);
    }

    fn write_saves(&self, writes: Option<store::Writes<GameDocument>>) {
        if let Some(writes) = writes {
            self.scheduler.run_unanswered(writes);
        }
    }

    /// A finished game leaves the saved games, and counts in the statistics.
    fn count_finished_game(&self) {
        let st = self.state.borrow();
        let Some(s) = st.session.as_ref() else { return };
        if let (Some(saver), Some(id)) = (&self.autosaver, &s.save_id) {
            self.write_saves(saver.delete(id));
        }
        let Some(store) = &self.store else { return };
        let p = s.position();
        let names: Vec<(String, bool)> = p
            .seats()
            .iter()
            .map(|&side| (s.name(side), p.winners().contains(&side)))
            .collect();
        if let Err(e) = store.record_result(names.iter().map(|(n, won)| (n.as_str(), *won))) {
            eprintln!("chaupar: could not count the game: {e}");
        }
    }

    /// Whether a person is to act now (taps in a computer's turn do nothing).
    fn persons_turn(&self) -> bool {
        self.state
            .borrow()
            .session
            .as_ref()
            .is_some_and(|s| !s.mover_kind().is_computer())
    }

    /// Lets the turn go: a turn that passed, acknowledged, or Khado
    /// Karvo declined.
    fn pass_turn(self: &Rc<Self>) {
        let declined = {
            let mut st = self.state.borrow_mut();
            let Some(s) = st.session.as_mut() else { return };
            // Asked before the pass is acknowledged: a Khado Karvo choice
            // that comes next is its player's to make.
            let declined = s.is_khado_karvo();
            s.acknowledge_pass();
            declined
        };
        if declined {
            self.play(Move::MISS_TURN);
            return;
        }
        self.show_game();
        self.computer_step();
    }

    fn take_back(self: &Rc<Self>) {
        {
            let mut st = self.state.borrow_mut();
            if st.busy {
                return;
            }
            let Some(s) = st.session.as_mut() else { return };
            if !s.take_back() {
                return;
            }
        }
        self.autosave();
        self.show_game();
    }

    fn open_rules(self: &Rc<Self>, back: Screen) {
        self.state.borrow_mut().rules_return = back;
        self.go(Screen::Rules);
    }

    fn show_nav(&self) {
        let st = self.state.borrow();
        let can_continue =
            st.saved_to_continue || st.session.as_ref().is_some_and(|s| !s.position().is_over());
        self.window().global::<Nav>().set_can_continue(can_continue);
    }

    fn choose_speed(&self, speed: Speed) {
        self.state.borrow_mut().settings.speed = speed;
        self.save_settings();
        self.show_settings();
    }

    fn save_settings(&self) {
        let settings = self.state.borrow().settings.clone();
        // Settings that cannot be saved still apply to this run.
        if let Some(Err(e)) = self.store.as_ref().map(|s| s.save_settings(&settings)) {
            eprintln!("chaupar: could not save the settings: {e}");
        }
    }

    fn show_settings(&self) {
        let (speed, rotate_board, sound, vibrate) = {
            let st = self.state.borrow();
            let s = &st.settings;
            (s.speed, s.rotate_board, s.sound_level(), s.sound.vibrate)
        };
        let window = self.window();
        let g = window.global::<Settings>();
        g.set_speed(Speed::ALL.iter().position(|&x| x == speed).unwrap_or(2) as i32);
        g.set_rotate_board(rotate_board);
        g.set_sound(sound as i32);
        g.set_vibrate(vibrate);
        g.set_can_vibrate(self.outputs.can_vibrate());
        g.set_step_time(speed.step_ms() as i64);
        g.set_tumble_time(speed.tumble_ms() as i64);
    }

    fn show_setup(&self) {
        let st = self.state.borrow();
        let setup = &st.setup;
        let window = self.window();
        let g = window.global::<Setup>();
        g.set_games(model(
            Game::ALL
                .iter()
                .map(|game| GameChoice {
                    id: game.id().into(),
                    title: game.title().into(),
                    regional: game.regional_names().join(" · ").into(),
                })
                .collect(),
        ));
        g.set_game(Game::ALL.iter().position(|&x| x == setup.game).unwrap_or(0) as i32);
        g.set_cross(setup.game.is_cross());
        let modes = setup.game.modes();
        g.set_modes(model(
            modes
                .iter()
                .map(|m| SharedString::from(m.label()))
                .collect(),
        ));
        g.set_modes_width(labels_width(modes.iter().map(|m| m.label())));
        g.set_mode(
            modes
                .iter()
                .position(|&m| m == setup.options.mode)
                .unwrap_or(0) as i32,
        );
        g.set_seats(model(
            setup
                .players
                .iter()
                .map(|p| SeatData {
                    name: p.name.as_str().into(),
                    colour: setup.colours_of(p).into(),
                    side: p.sides.first().map_or(0, |s| s.0 as i32),
                    kind: SeatKind::ALL.iter().position(|&k| k == p.kind).unwrap_or(0) as i32,
                })
                .collect(),
        ));
        g.set_kinds(model(
            SeatKind::ALL
                .iter()
                .map(|k| SharedString::from(k.label()))
                .collect(),
        ));
        g.set_kinds_width(labels_width(SeatKind::ALL.iter().map(|k| k.label())));
        g.set_options(model(
            setup
                .options()
                .iter()
                .map(|o| OptionData {
                    key: o.key.into(),
                    label: o.label.into(),
                    help: o.help.into(),
                    choices: model(
                        o.choices
                            .iter()
                            .map(|(_, label)| SharedString::from(label.as_str()))
                            .collect(),
                    ),
                    choices_width: labels_width(o.choices.iter().map(|(_, l)| l.as_str())),
                    selected: setup.chosen(o) as i32,
                })
                .collect(),
        ));
    }

    fn show_rules(&self, index: usize) {
        let window = self.window();
        let g = window.global::<Rules>();
        g.set_games(model(
            Game::ALL
                .iter()
                .map(|x| SharedString::from(x.title()))
                .collect(),
        ));
        g.set_game(index as i32);
        g.set_blocks(model(rules_text::rule_blocks(rules_text::markdown(
            Game::ALL[index],
        ))));
    }

    fn start_from_setup(self: &Rc<Self>) {
        let (game, options, names, kinds, seed) = {
            let mut st = self.state.borrow_mut();
            let seed = st.next_seed.take().unwrap_or_else(new_seed);
            st.settings.table = Some(st.setup.table());
            (
                st.setup.game,
                st.setup.options,
                st.setup.names_by_side(),
                st.setup.kinds_by_side(),
                seed,
            )
        };
        self.save_settings();
        match Match::new(game, options, seed) {
            Ok(m) => self.begin(Session::new(m, names, kinds)),
            Err(e) => eprintln!("chaupar: cannot start {game}: {e}"),
        }
    }

    /// A new game of the same kind with the same players.
    fn restart(self: &Rc<Self>) {
        let again = {
            let mut st = self.state.borrow_mut();
            let seed = st.next_seed.take().unwrap_or_else(new_seed);
            st.session.as_ref().map(|s| {
                let p = s.position();
                (p.game(), *p.options(), s.names.clone(), s.kinds, seed)
            })
        };
        if let Some((game, options, names, kinds, seed)) = again {
            match Match::new(game, options, seed) {
                Ok(m) => self.begin(Session::new(m, names, kinds)),
                Err(e) => eprintln!("chaupar: cannot restart {game}: {e}"),
            }
        }
    }

    /// Makes `session` the game in progress and shows it. A new game gets
    /// its save id here and is saved at once.
    fn begin(self: &Rc<Self>, mut session: Session) {
        if session.save_id.is_none() {
            // The store numbers ids by the files it finds: the last game's
            // first save must be on disk, or two games could share an id.
            self.flush_saves();
            session.save_id = self.store.as_ref().map(SaveStore::new_game_id);
        }
        {
            let mut st = self.state.borrow_mut();
            st.session = Some(session);
            st.busy = false;
            st.computer_waiting = false;
            st.game_number += 1;
        }
        self.autosave();
        // A new board: its pawns appear in place rather than gliding in,
        // and no throw of the last game is still tumbling.
        self.pawns.set_vec(Vec::new());
        self.window().global::<Play>().set_tumbling(false);
        self.show_game();
        self.go(Screen::Game);
    }

    fn throw(self: &Rc<Self>, fling: f32) {
        let (tumble, number) = {
            let mut st = self.state.borrow_mut();
            let tumble = st.settings.speed.tumble_ms();
            let busy = st.busy;
            let Some(s) = st.session.as_mut().filter(|s| !busy && s.can_throw()) else {
                return;
            };
            let thrown = s.throw();
            let implement = s.implement();
            st.busy = tumble > 0;
            self.outputs.throw(&thrown, implement, fling, tumble as u32);
            (tumble, st.game_number)
        };
        self.autosave();
        let window = self.window();
        let play = window.global::<Play>();
        play.set_fling(fling.clamp(0.0, 1.0));
        self.show_tray();
        if tumble > 0 {
            play.set_tumbling(true);
            play.set_busy(true);
            let me = self.clone();
            after(tumble, move || {
                if !me.is_current(number) {
                    return;
                }
                me.state.borrow_mut().busy = false;
                me.window().global::<Play>().set_tumbling(false);
                me.show_game();
                me.computer_step();
            });
        } else {
            self.show_game();
            self.computer_step();
        }
    }

    /// Carries out a tap's answer: a move to play, a choice shown, or the
    /// reason the tap did nothing (with a shake of the pawn tapped).
    fn answer(
        self: &Rc<Self>,
        f: impl FnOnce(&mut Session) -> Result<Option<Move>, String>,
        pawn: Option<i32>,
    ) {
        let result = {
            let mut st = self.state.borrow_mut();
            if st.busy {
                return;
            }
            let Some(s) = st
                .session
                .as_mut()
                .filter(|s| !s.mover_kind().is_computer())
            else {
                return;
            };
            let result = f(s);
            if let Err(reason) = &result {
                s.notice = reason.clone();
            }
            result
        };
        match result {
            Ok(Some(mv)) => self.play(mv),
            Ok(None) => self.show_game(),
            Err(_) => {
                self.outputs.refused();
                self.show_game();
                if let Some(id) = pawn {
                    let window = self.window();
                    let play = window.global::<Play>();
                    play.set_shaking(id);
                    let me = self.clone();
                    after(SHAKE_MS, move || {
                        me.window().global::<Play>().set_shaking(-1)
                    });
                }
            }
        }
    }

    /// Whether the game `number` is still the one in progress.
    fn is_current(&self, number: u64) -> bool {
        self.state.borrow().game_number == number
    }

    fn play(self: &Rc<Self>, mv: Move) {
        let (ids, step_ms, number) = {
            let mut st = self.state.borrow_mut();
            let step_ms = st.settings.speed.step_ms();
            let Some(s) = st.session.as_mut() else { return };
            let ids = s.moving_ids(mv);
            let effects = match s.play(mv) {
                Ok(effects) => effects,
                Err(reason) => {
                    s.notice = reason;
                    drop(st);
                    self.outputs.refused();
                    self.show_game();
                    return;
                }
            };
            // The pawns walk square by square forward, else jump.
            let (steps, walk_ms) = match mv.to.checked_sub(mv.from) {
                Some(steps) if step_ms > 0 && steps > 0 => (steps, step_ms as u32),
                _ => (1, 0),
            };
            self.outputs.moved(&effects, s.position(), steps, walk_ms);
            st.busy = step_ms > 0;
            (ids, step_ms, st.game_number)
        };
        self.autosave();
        // The chosen pawn's squares and choices go; the turn shows as busy.
        self.show_game();
        if step_ms > 0 && mv.to > mv.from {
            self.walk(ids, mv.from + 1, mv.to, step_ms, number);
        } else {
            self.finish_move(number);
        }
    }

    /// Steps the moving pawns one square at a time along their path.
    fn walk(self: &Rc<Self>, ids: Vec<usize>, step: u8, to: u8, step_ms: u64, number: u64) {
        if !self.is_current(number) {
            return;
        }
        if let Some(s) = self.state.borrow_mut().session.as_mut() {
            for &id in &ids {
                s.pawns[id].step = step;
            }
        }
        self.show_pawns();
        let me = self.clone();
        if step >= to {
            after(step_ms, move || me.finish_move(number));
        } else {
            after(step_ms, move || me.walk(ids, step + 1, to, step_ms, number));
        }
    }

    fn finish_move(self: &Rc<Self>, number: u64) {
        if !self.is_current(number) {
            return;
        }
        let over = {
            let mut st = self.state.borrow_mut();
            st.busy = false;
            let Some(s) = st.session.as_mut() else { return };
            s.sync_pawns();
            s.select_only_move();
            s.position().is_over()
        };
        self.show_game();
        if over {
            self.count_finished_game();
            self.show_outcome();
            self.go(Screen::GameOver);
        } else {
            self.computer_step();
        }
    }

    fn show_outcome(&self) {
        let st = self.state.borrow();
        let Some(s) = st.session.as_ref() else { return };
        let (headline, rows) = race::outcome(s);
        let p = s.position();
        let window = self.window();
        let g = window.global::<Outcome>();
        g.set_headline(headline.into());
        g.set_summary(format!("{} · {}", p.game().title(), moves_text(s.moves_made())).into());
        g.set_places(model(rows));
    }

    fn show_tray(&self) {
        let st = self.state.borrow();
        let Some(s) = st.session.as_ref() else { return };
        let window = self.window();
        let play = window.global::<Play>();
        play.set_dice(model(tray(s.implement(), s.last_throw)));
        let p = s.position();
        let name = s
            .last_throw
            .and_then(|t| p.options().throw_name(p.game(), &t));
        play.set_throw_call(match name {
            None => ThrowCall::None,
            Some(ThrowName::Chamma) => ThrowCall::Chamma,
            Some(ThrowName::Ashta) => ThrowCall::Ashta,
            Some(ThrowName::Khim) => ThrowCall::Khim,
            Some(ThrowName::Doublet) => ThrowCall::Doublet,
        });
    }

    fn layout(st: &State, s: &Session) -> Layout {
        let bottom = if st.settings.rotate_board {
            s.facing().unwrap_or(Side(0))
        } else {
            Side(0)
        };
        let p = s.position();
        Layout::new(p.board_kind(), bottom, p.options().entry_throws)
    }

    fn show_pawns(&self) {
        let st = self.state.borrow();
        let Some(s) = st.session.as_ref() else { return };
        let layout = Inner::layout(&st, s);
        let spots = layout.pawns(&s.pawns);
        // Nothing is lit for people to tap while the computer plays.
        let movable_steps: Vec<u8> = if st.busy || s.mover_kind().is_computer() {
            Vec::new()
        } else {
            s.game.legal_moves().iter().map(|m| m.from).collect()
        };
        let side = s.game.pawn_side();
        let rows = s
            .pawns
            .iter()
            .zip(spots)
            .map(|(&p, spot)| {
                let movable = p.side == side && movable_steps.contains(&p.step);
                let stack = s
                    .pawns
                    .iter()
                    .filter(|q| q.side == p.side && q.step == p.step)
                    .count();
                // A stack is lit once, on its top pawn.
                let top = stack == 1 || spot.top_of > 0;
                PawnData {
                    movable: movable && top,
                    selected: top && p.side == side && Some(p.step) == s.selected,
                    jug: top && stack > 1 && s.position().flags(p.side).jug == Some(p.step),
                    false_pair: top && s.position().is_false_pair(p.side, p.step),
                    label: s.pawn_label(p, stack, movable).into(),
                    ..spot.pawn_data(p)
                }
            })
            .collect();
        update(&self.pawns, rows);
    }

    /// Everything the Game screen shows.
    fn show_game(&self) {
        {
            let st = self.state.borrow();
            let Some(s) = st.session.as_ref() else { return };
            let layout = Inner::layout(&st, s);
            let window = self.window();
            let play = window.global::<Play>();
            let mover = s.mover();
            play.set_title(s.position().game().title().into());
            play.set_cross(layout.is_cross());
            play.set_grid(layout.grid() as i32);
            play.set_margin(layout.margin());
            update(
                &self.cells,
                layout.cells(&s.targets(), s.trail(), s.kajalvun_square()),
            );
            let prompt = s.prompt();
            play.set_mover_side(mover.0 as i32);
            // The player's name, and the colour their pawns are this turn.
            let (name, colour) = (s.name(mover), s.colour(s.mover_pawns()));
            let mover_name = if name == colour {
                name
            } else {
                format!("{name} · {colour}")
            };
            play.set_mover_name(mover_name.into());
            let computer = s.mover_kind().is_computer();
            let prompt_text = match (computer, prompt) {
                (true, Prompt::Throw | Prompt::ThrowAgain | Prompt::Move) => "The computer plays",
                _ => s.prompt_text(),
            };
            play.set_prompt(prompt_text.into());
            play.set_can_throw(s.can_throw() && !computer);
            let khado = s.is_khado_karvo();
            play.set_can_pass((prompt == Prompt::Passes || khado) && !computer);
            play.set_pass_text(
                if khado {
                    "Miss the turn"
                } else {
                    "Pass the turn"
                }
                .into(),
            );
            play.set_pass_optional(khado);
            play.set_can_hint(prompt == Prompt::Move && !computer && !st.busy && s.hint.is_none());
            play.set_can_take_back(s.can_take_back() && !st.busy);
            play.set_busy(st.busy);
            play.set_notice(s.notice.as_str().into());
            let values = if s.passing.is_some() {
                Vec::new()
            } else {
                s.game.values_left().into_iter().map(i32::from).collect()
            };
            play.set_values(model(values));
            // A long list of ways is left to the highlighted squares.
            let offered = if s.offered.len() <= 4 {
                s.offered.as_slice()
            } else {
                &[]
            };
            play.set_choices(model(
                offered
                    .iter()
                    .enumerate()
                    .map(|(i, &mv)| MoveChoice {
                        index: i as i32,
                        text: s.describe(mv).into(),
                    })
                    .collect(),
            ));
            play.set_standings(model(race::standings(s)));
            play.set_teams(model(race::teams(s)));
            let newest = &s.log[s.log.len().saturating_sub(LOG_SHOWN)..];
            update(
                &self.log,
                newest
                    .iter()
                    .map(|(side, text)| LogLine {
                        side: side.0 as i32,
                        text: format!("{}: {text}", s.name(*side)).into(),
                    })
                    .collect(),
            );
        }
        self.show_tray();
        self.show_pawns();
        self.show_nav();
    }
}
