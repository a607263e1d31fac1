//! The Learn screen (the `Learn` global): each game's lessons, each marked
//! once played to its end (kept with the settings), a lesson opened on the
//! game screen, and what follows one: the next lesson, the list again, or
//! after a game's last lesson a real game of it.

use std::cell::Cell;
use std::rc::Rc;

use slint::ComponentHandle;

use super::courses::{courses, lesson_key};
use super::game::session::Session;
use super::shared::Shared;
use super::text::{game_name, game_named, games_either_side};
use super::{model, AppWindow, Learn, LessonEntry, Screen, Screens};
use crate::lessons::{Course, Lesson};
use crate::rules::Game;

pub(super) struct LearnScreen {
    shared: Rc<Shared>,
    /// The course listed: its index among [`courses`].
    course: Cell<usize>,
    /// The lesson last opened: its course's index and its own.
    opened: Cell<Option<(usize, usize)>>,
    /// Where Back goes.
    came_from: Cell<Screen>,
}

impl LearnScreen {
    pub fn new(shared: Rc<Shared>) -> LearnScreen {
        LearnScreen {
            shared,
            course: Cell::new(0),
            opened: Cell::new(None),
            came_from: Cell::new(Screen::Home),
        }
    }

    /// The Learn screen's choices, and the buttons after a lesson.
    pub fn connect(app: &Rc<Screens>, window: &AppWindow) {
        let learn = window.global::<Learn>();
        let me = app.clone();
        learn.on_choose(move |name| {
            me.learn.choose(game_named(name));
            me.learn.show();
        });
        let me = app.clone();
        learn.on_open(move |i| {
            let course = me.learn.course.get();
            if let Ok(lesson) = usize::try_from(i) {
                me.learn.begin(&me, course, lesson);
            }
        });
        let me = app.clone();
        learn.on_next_lesson(move || {
            if let Some((course, lesson)) = me.learn.opened.get() {
                me.learn.begin(&me, course, lesson + 1);
            }
        });
        let me = app.clone();
        learn.on_show_list(move || me.learn.list(&me));
        let me = app.clone();
        learn.on_play_real_game(move || {
            let game = courses()[me.learn.course.get()].game;
            me.new_game.open_with(&me, game);
        });
        let me = app.clone();
        learn.on_back(move || me.learn.back(&me));
    }

    /// Opens the list of lessons, of `game` if given, Back going to `back`.
    pub fn open(&self, app: &Rc<Screens>, back: Screen, game: Option<Game>) {
        if let Some(game) = game {
            self.choose(game);
        }
        self.came_from.set(back);
        self.list(app);
    }

    /// Lists `game`'s lessons, if it has any.
    fn choose(&self, game: Game) {
        if let Some(at) = courses().iter().position(|c| c.game == game) {
            self.course.set(at);
        }
    }

    /// The list, as it stands (a lesson just finished marked).
    fn list(&self, app: &Rc<Screens>) {
        self.show();
        app.home.go(app, Screen::Learn);
    }

    pub fn back(&self, app: &Rc<Screens>) {
        app.home.go(app, self.came_from.get());
    }

    /// Plays lesson `lesson` of course `course` on the game screen.
    fn begin(&self, app: &Rc<Screens>, course: usize, lesson: usize) {
        let Some(chosen) = courses()[course].lessons.get(lesson) else {
            return;
        };
        match Session::lesson(chosen) {
            Ok(session) => {
                self.course.set(course);
                self.opened.set(Some((course, lesson)));
                app.game.begin(app, session);
            }
            Err(e) => eprintln!("chaupar: the lesson {} cannot start: {e}", chosen.id),
        }
    }

    /// The lesson on the board again, from its start.
    pub fn replay(&self, app: &Rc<Screens>) {
        if let Some((course, lesson)) = self.opened.get() {
            self.begin(app, course, lesson);
        }
    }

    /// The lesson on the board has been played to its end: marked done, and
    /// kept.
    pub fn finished(&self, lesson: &Lesson) {
        let of = |c: &&Course| c.lessons.iter().any(|l| std::ptr::eq(l, lesson));
        let Some(course) = courses().iter().find(of) else {
            return;
        };
        let key = lesson_key(course.game, lesson);
        let added = self.shared.settings.borrow_mut().lessons_done.insert(key);
        if added {
            self.shared.save_settings();
            self.show();
        }
    }

    pub fn show(&self) {
        let course = &courses()[self.course.get()];
        let done = &self.shared.settings.borrow().lessons_done;
        let window = self.shared.window();
        let learn = window.global::<Learn>();
        let (previous, next) = games_either_side(course.game);
        learn.set_game(game_name(course.game));
        learn.set_previous_game(previous);
        learn.set_next_game(next);
        learn.set_lessons(model(
            (course.lessons.iter())
                .map(|lesson| {
                    let key = lesson_key(course.game, lesson);
                    LessonEntry {
                        done: done.contains(&key),
                        id: key.into(),
                    }
                })
                .collect(),
        ));
    }
}
