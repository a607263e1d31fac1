//! The Game screen (the `Play` global): the board, the tray and the log of
//! the game in progress; throws, taps and moves, each shown as it happens;
//! and the computer's turns. The game itself is a [`Session`] (the model,
//! changed through its commands), its pacing is `pace`, and the screen is
//! made from both by `present`.

mod board_view;
mod computer;
mod pace;
pub(super) mod present;
pub(super) mod session;
// Read the words the UI makes of the game, on Slint's testing backend.
#[cfg(all(test, feature = "ui-tests"))]
mod tests;

use std::cell::{Cell, RefCell};
use std::rc::Rc;
use std::time::Duration;

use slint::{ComponentHandle, ModelRc, Timer, VecModel};

use super::shared::Shared;
use super::text::game_name;
use super::{after, model, new_seed, update, AppWindow, Screen, Screens};
use super::{CellData, LogLine, PawnData, Play};
use crate::board::{Cell as Square, Side};
use crate::rules::{Match, Move};
use crate::store::SaveStore;
use board_view::Layout;
use pace::Pace;
use session::{Prompt, Session, Tap};

/// How long a refused pawn shakes.
const SHAKE_MS: u64 = 450;

/// The most lines of the log the game screen is given, however tall its
/// panel: more than the tallest shows.
pub const LOG_SHOWN: usize = 150;

pub(super) struct GameScreen {
    shared: Rc<Shared>,
    /// The game in progress, if any.
    session: RefCell<Option<Session>>,
    /// What the screen is showing between actions; taps wait while
    /// something moves.
    pace: RefCell<Pace>,
    /// Times the pacing: a tumble, a pawn's step, the computer's pause
    /// (stopped when the game it was for is left).
    pace_timer: Timer,
    /// Numbers the thoughts asked for, so that an answer is taken only
    /// while it is the one waited for.
    tickets: Cell<u64>,
    /// The hint asked for, by its thought's ticket, until it is shown.
    hint_asked: Cell<Option<u64>>,
    /// The seed of the next game (tests fix it; otherwise the clock).
    next_seed: Cell<Option<u64>>,
    // Kept across updates so that pawns keep their elements and glide.
    pawns: Rc<VecModel<PawnData>>,
    cells: Rc<VecModel<CellData>>,
    // The newest lines of the log, kept so that a line added does not
    // build every line's elements again.
    log: Rc<VecModel<LogLine>>,
    /// How many lines of the log its panel has had room for at most, once
    /// it has been laid out: only those are given, as the renderer visits
    /// every line given each frame, seen or not.
    log_room: Cell<Option<usize>>,
}

impl GameScreen {
    pub fn new(shared: Rc<Shared>, window: &AppWindow) -> GameScreen {
        let screen = GameScreen {
            shared,
            session: RefCell::new(None),
            pace: RefCell::new(Pace::Idle),
            pace_timer: Timer::default(),
            tickets: Cell::new(0),
            hint_asked: Cell::new(None),
            next_seed: Cell::new(None),
            pawns: Rc::new(VecModel::default()),
            cells: Rc::new(VecModel::default()),
            log: Rc::new(VecModel::default()),
            log_room: Cell::new(None),
        };
        let play = window.global::<Play>();
        play.set_pawns(ModelRc::from(screen.pawns.clone()));
        play.set_cells(ModelRc::from(screen.cells.clone()));
        play.set_log(ModelRc::from(screen.log.clone()));
        screen
    }

    /// The Game screen's buttons and taps.
    pub fn connect(app: &Rc<Screens>, window: &AppWindow) {
        let play = window.global::<Play>();
        let me = app.clone();
        play.on_throw(move |fling| {
            if me.game.persons_turn() {
                me.game.throw(&me, fling);
            }
        });
        let me = app.clone();
        play.on_pass_turn(move || {
            if me.game.persons_turn() {
                me.game.pass_turn(&me);
            }
        });
        let me = app.clone();
        play.on_hint(move || me.game.ask_hint(&me));
        let me = app.clone();
        play.on_take_back(move || me.game.take_back(&me));
        let me = app.clone();
        play.on_tap_pawn(move |id| {
            me.game.answer(&me, |s| s.tap_pawn(id as usize), Some(id));
        });
        let me = app.clone();
        play.on_tap_cell(move |cell| {
            me.game
                .answer(&me, |s| s.tap_cell(Square(cell as u8)), None);
        });
        let me = app.clone();
        play.on_log_room(move |lines| {
            // The most it has had: its panel gives room to the move buttons
            // and takes it back each turn, and the lines would come and go.
            let lines = usize::try_from(lines).unwrap_or(0).min(LOG_SHOWN);
            let room = me.game.log_room.get();
            if room.is_none_or(|room| lines > room) {
                me.game.log_room.set(Some(lines));
                // Not while the panel is being laid out: once it is.
                let me = me.clone();
                Timer::single_shot(Duration::ZERO, move || me.game.show_log());
            }
        });
        let me = app.clone();
        play.on_tap_board(move |x, y| {
            let cell = (me.game).with_session(|s| me.game.layout(s).cell_at((x, y)));
            if let Some(cell) = cell.flatten() {
                me.game.answer(&me, |s| s.tap_cell(cell), None);
            }
        });
        let me = app.clone();
        play.on_choose(move |i| {
            let mv = (me.game).with_session(|s| s.offered().get(i as usize).copied());
            if let Some(mv) = mv.flatten().filter(|_| me.game.persons_turn()) {
                me.game.play(&me, mv);
            }
        });
        let me = app.clone();
        play.on_restart(move || me.game.restart(&me));
        let me = app.clone();
        play.on_show_rules(move || {
            let game = me.game.with_session(|s| s.position().game());
            me.rules.open(&me, Screen::Game, game);
        });
        let me = app.clone();
        play.on_quit(move || me.home.go(&me, Screen::Home));
    }

    /// Looks at the game in progress.
    pub fn with_session<R>(&self, f: impl FnOnce(&Session) -> R) -> Option<R> {
        self.session.borrow().as_ref().map(f)
    }

    /// Whether a game is in progress and not over (Home offers Continue).
    pub fn is_unfinished(&self) -> bool {
        self.with_session(|s| !s.is_lesson() && !s.position().is_over()) == Some(true)
    }

    /// Whether nothing moves on the screen (slow work on the UI thread
    /// waits till then).
    pub fn is_still(&self) -> bool {
        self.pace.try_borrow().is_ok_and(|pace| !pace.is_moving())
    }

    /// Fixes the seed of the next game started.
    pub fn seed_next_game(&self, seed: u64) {
        self.next_seed.set(Some(seed));
    }

    /// The seed for a game starting now.
    pub fn take_seed(&self) -> u64 {
        self.next_seed.take().unwrap_or_else(new_seed)
    }

    /// The game saved as `id` is deleted: if it is the one in memory, it
    /// goes too, or its next move would save it again.
    pub fn forget(&self, id: &str) {
        if self.with_session(|s| s.save_id() == Some(id)) == Some(true) {
            self.stop_pacing();
            *self.session.borrow_mut() = None;
        }
    }

    /// Writes every game handed to the autosaver.
    pub fn flush_saves(&self) {
        self.shared.flush_games();
    }

    /// Whether a person is to act now (taps in a computer's turn do nothing).
    fn persons_turn(&self) -> bool {
        self.with_session(|s| !s.mover_kind().is_computer()) == Some(true)
    }

    /// Lets the turn go: a turn that passed, acknowledged, or Khado
    /// Karvo declined.
    fn pass_turn(&self, app: &Rc<Screens>) {
        if self.pace.borrow().is_moving() {
            return;
        }
        let declined = {
            let mut session = self.session.borrow_mut();
            let Some(s) = session.as_mut() else { return };
            // Asked before the pass is acknowledged: a Khado Karvo choice
            // that comes next is its player's to make.
            let declined = s.is_without_throw();
            s.acknowledge_pass();
            declined
        };
        if declined {
            self.play(app, Move::MISS_TURN);
            return;
        }
        self.show(app);
        self.next(app);
    }

    fn take_back(&self, app: &Rc<Screens>) {
        if self.pace.borrow().is_moving() {
            return;
        }
        let taken = self
            .session
            .borrow_mut()
            .as_mut()
            .is_some_and(Session::take_back);
        if taken {
            self.autosave(app);
            self.show(app);
        }
    }

    /// A new game of the same kind with the same players; a lesson from
    /// its start.
    pub fn restart(&self, app: &Rc<Screens>) {
        if self.with_session(Session::is_lesson) == Some(true) {
            app.learn.replay(app);
            return;
        }
        let seed = self.take_seed();
        let again = self.with_session(|s| {
            let p = s.position();
            let game = Match::new(p.game(), *p.options(), seed);
            (p.game(), game.map(|m| s.again(m)))
        });
        match again {
            Some((_, Ok(session))) => self.begin(app, session),
            Some((game, Err(e))) => eprintln!("chaupar: cannot restart {game}: {e}"),
            None => {}
        }
    }

    /// Makes `session` the game in progress and shows it. A new game gets
    /// its save id here and is saved at once (a lesson is not saved).
    pub fn begin(&self, app: &Rc<Screens>, mut session: Session) {
        if session.save_id().is_none() && !session.is_lesson() {
            // The store numbers ids by the files it finds: the last game's
            // first save must be on disk, or two games could share an id.
            app.flush_saves();
            session.set_save_id(self.shared.store.as_ref().map(SaveStore::new_game_id));
        }
        self.stop_pacing();
        if session.position().is_over() {
            *self.pace.borrow_mut() = Pace::Over;
        }
        *self.session.borrow_mut() = Some(session);
        self.autosave(app);
        // A new board: its pawns appear in place rather than gliding in,
        // and no throw of the last game is still tumbling.
        self.pawns.set_vec(Vec::new());
        self.shared.window().global::<Play>().set_tumbling(false);
        self.show(app);
        app.home.go(app, Screen::Game);
    }

    fn throw(&self, app: &Rc<Screens>, fling: f32) {
        let tumble = self.shared.settings.borrow().speed.tumble_ms();
        {
            let mut session = self.session.borrow_mut();
            let idle = *self.pace.borrow() == Pace::Idle;
            let Some(s) = session.as_mut().filter(|s| idle && s.can_throw()) else {
                return;
            };
            let implement = s.implement();
            if let Some(thrown) = s.throw() {
                (self.shared.outputs).throw(&thrown, implement, fling, tumble as u32);
            }
            if tumble > 0 {
                *self.pace.borrow_mut() = Pace::Tumbling;
            }
        }
        self.autosave(app);
        let window = self.shared.window();
        let play = window.global::<Play>();
        play.set_fling(fling.clamp(0.0, 1.0));
        self.show_tray();
        if tumble > 0 {
            play.set_tumbling(true);
            play.set_busy(true);
            self.wait(app, tumble);
        } else {
            self.show(app);
            self.next(app);
        }
    }

    /// Carries out a tap's answer: a move to play, a choice shown, or the
    /// reason the tap did nothing (with a shake of the pawn tapped). A tap
    /// while pawns walk only hurries them.
    fn answer(&self, app: &Rc<Screens>, f: impl FnOnce(&mut Session) -> Tap, pawn: Option<i32>) {
        if self.pace.borrow().is_moving() {
            self.hurry(app);
            return;
        }
        let tap = {
            let mut session = self.session.borrow_mut();
            let Some(s) = session.as_mut().filter(|s| !s.mover_kind().is_computer()) else {
                return;
            };
            f(s)
        };
        match tap {
            Tap::Play(mv) => self.play(app, mv),
            Tap::Shown => self.show(app),
            Tap::Refused => {
                self.shared.outputs.refused();
                self.show(app);
                if let Some(id) = pawn {
                    let window = self.shared.window();
                    window.global::<Play>().set_shaking(id);
                    let window = window.as_weak();
                    after(SHAKE_MS, move || {
                        if let Some(window) = window.upgrade() {
                            window.global::<Play>().set_shaking(-1);
                        }
                    });
                }
            }
        }
    }

    fn play(&self, app: &Rc<Screens>, mv: Move) {
        let step_ms = self.shared.settings.borrow().speed.step_ms();
        let walk_ms = {
            let mut session = self.session.borrow_mut();
            let Some(s) = session.as_mut() else { return };
            let ids = s.moving_ids(mv);
            let Ok(effects) = s.play(mv) else {
                drop(session);
                self.shared.outputs.refused();
                self.show(app);
                return;
            };
            // The pawns walk square by square forward, else jump.
            let (steps, walk_ms) = match mv.to.checked_sub(mv.from) {
                Some(steps) if step_ms > 0 && steps > 0 => (steps, step_ms as u32),
                _ => (1, 0),
            };
            (self.shared.outputs).moved(&effects, s.position(), steps, walk_ms);
            if walk_ms > 0 {
                *self.pace.borrow_mut() = Pace::Walking {
                    ids,
                    step: mv.from + 1,
                    to: mv.to,
                };
            }
            walk_ms
        };
        self.autosave(app);
        // The chosen pawn's squares and choices go; the turn shows as busy.
        self.show(app);
        if walk_ms > 0 {
            self.wait(app, u64::from(walk_ms));
        } else {
            self.finish_move(app);
        }
    }

    /// The move has been shown: the pawns stand where the engine has them.
    fn finish_move(&self, app: &Rc<Screens>) {
        *self.pace.borrow_mut() = Pace::Idle;
        let Some(()) = self.session.borrow_mut().as_mut().map(Session::move_shown) else {
            return;
        };
        self.show(app);
        self.next(app);
    }

    /// Queues the game as it is now to be saved, and counts its throws on
    /// the Dice screen.
    fn autosave(&self, app: &Screens) {
        let session = self.session.borrow();
        let Some(s) = session.as_ref() else { return };
        app.dice.count_throws(app, s);
        let Some(saver) = &self.shared.autosaver else {
            return;
        };
        let (Some(id), Some(document)) = (s.save_id(), s.document()) else {
            return;
        };
        let writes = saver.save(id, s.summary(), document);
        drop(session);
        self.shared.write_saves(writes);
    }

    /// A finished game leaves the saved games, and counts in the statistics.
    fn count_finished_game(&self) {
        let session = self.session.borrow();
        let Some(s) = session.as_ref() else { return };
        if let (Some(saver), Some(id)) = (&self.shared.autosaver, s.save_id()) {
            self.shared.write_saves(saver.delete(id));
        }
        let Some(store) = &self.shared.store else {
            return;
        };
        let p = s.position();
        let names: Vec<(String, bool)> = p
            .seats()
            .iter()
            .map(|&side| (s.counted_name(side), p.winners().contains(&side)))
            .collect();
        if let Err(e) = store.record_result(names.iter().map(|(n, won)| (n.as_str(), *won))) {
            eprintln!("chaupar: could not count the game: {e}");
        }
    }

    /// The game is over: Game over shows how it ended.
    fn show_outcome(&self, app: &Rc<Screens>) {
        self.count_finished_game();
        if let Some(s) = self.session.borrow().as_ref() {
            present::outcome::show(&self.shared.window(), s);
        }
        app.home.go(app, Screen::GameOver);
    }

    fn show_tray(&self) {
        let session = self.session.borrow();
        let Some(s) = session.as_ref() else { return };
        let (dice, call) = present::tray(s);
        let window = self.shared.window();
        let play = window.global::<Play>();
        play.set_dice(model(dice));
        play.set_throw_call(call);
    }

    fn layout(&self, s: &Session) -> Layout {
        let bottom = if self.shared.settings.borrow().rotate_board {
            s.facing().unwrap_or(Side(0))
        } else {
            Side(0)
        };
        let p = s.position();
        Layout::new(p.board_kind(), bottom, p.options().entry_throws)
    }

    fn show_pawns(&self) {
        let session = self.session.borrow();
        let Some(s) = session.as_ref() else { return };
        let pace = self.pace.borrow();
        // Walking pawns are drawn on the square they have reached.
        let mut pawns = s.pawns().to_vec();
        if let Pace::Walking { ids, step, .. } = &*pace {
            for &id in ids {
                pawns[id].step = *step;
            }
        }
        // Nothing is lit for people to tap while the computer plays.
        let lit = !pace.is_moving() && !s.mover_kind().is_computer();
        update(&self.pawns, present::pawns(s, &self.layout(s), &pawns, lit));
    }

    /// Everything the Game screen shows. While pawns walk, the turn is
    /// held as it was (whose it is, its values, buttons and tray, the
    /// standings and the log): it passes when the pawn lands, where a
    /// player looks for it, and nothing beside the board changes or slides
    /// while the walk goes on.
    pub fn show(&self, app: &Screens) {
        let walking = self.pace.borrow().is_walking();
        {
            let session = self.session.borrow();
            let Some(s) = session.as_ref() else { return };
            let layout = self.layout(s);
            let window = self.shared.window();
            let play = window.global::<Play>();
            play.set_game(game_name(s.position().game()));
            play.set_cross(layout.is_cross());
            play.set_grid(layout.grid() as i32);
            play.set_margin(layout.margin());
            let cells = layout.cells(&present::targets(s), s.trail(), s.kajalvun_square());
            play.set_focus(Layout::focus(&cells));
            update(&self.cells, cells);
            let computer = s.mover_kind().is_computer();
            play.set_can_throw(s.can_throw() && !computer);
            play.set_busy(self.pace.borrow().is_moving());
            play.set_choices(model(present::choices(s)));
            if !walking {
                self.show_turn(s, &play);
            }
        }
        if !walking {
            self.show_tray();
        }
        self.show_pawns();
        app.home.show(app);
    }

    /// Whose turn it is and how the game stands: the banner, the values
    /// to spend and the buttons beside them (their taps wait while
    /// anything moves), the standings and the log.
    fn show_turn(&self, s: &Session, play: &Play) {
        let prompt = s.prompt();
        let computer = s.mover_kind().is_computer();
        let without_throw = s.is_without_throw();
        play.set_can_pass((prompt == Prompt::Passes || without_throw) && !computer);
        play.set_pass_optional(without_throw);
        play.set_can_hint(prompt == Prompt::Move && !computer && s.hint().is_none());
        play.set_can_take_back(s.can_take_back());
        let mover = s.mover();
        play.set_mover_side(mover.0 as i32);
        // The player's name, and the colour their pawns are this turn.
        play.set_mover_name(present::name(s, mover));
        play.set_mover_colour(present::colour(s, s.mover_pawns()));
        play.set_prompt(present::ask(s));
        play.set_notice(present::notice(s));
        let values = if s.is_passing() {
            Vec::new()
        } else {
            s.turn().values_left().into_iter().map(i32::from).collect()
        };
        play.set_values(model(values));
        play.set_standings(model(present::standings(s)));
        play.set_teams(model(present::teams(s)));
        update(&self.log, present::log(s, self.log_lines()));
        play.set_lesson(present::lesson(s));
    }

    /// How many of the log's newest lines to give: before its panel is
    /// laid out, as many as the tallest shows.
    fn log_lines(&self) -> usize {
        self.log_room.get().unwrap_or(LOG_SHOWN)
    }

    /// The log again, to the room its panel has now (held while pawns
    /// walk, as the rest of the turn is).
    fn show_log(&self) {
        if self.pace.borrow().is_walking() {
            return;
        }
        if let Some(s) = self.session.borrow().as_ref() {
            update(&self.log, present::log(s, self.log_lines()));
        }
    }
}
