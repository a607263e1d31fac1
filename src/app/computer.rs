//! The computer's seats, and hints for people: the computer throws and moves
//! through the same code as a person, after a short pause, and thinks on a
//! thread of its own so that the window never stalls.

use std::cell::RefCell;
use std::rc::{Rc, Weak};
use std::sync::atomic::{AtomicU64, Ordering};

use crate::ai;
use crate::rules::{Move, Turn};

use super::session::Prompt;
use super::setup::SeatKind;
use super::{after, Inner, Screen};

static NEXT_APP: AtomicU64 = AtomicU64::new(0);

thread_local! {
    /// The apps of this UI thread by id: an answer worked out on another
    /// thread finds its app here (the app itself cannot cross threads).
    static APPS: RefCell<Vec<(u64, Weak<Inner>)>> = const { RefCell::new(Vec::new()) };
}

pub(super) fn register_app() -> u64 {
    NEXT_APP.fetch_add(1, Ordering::Relaxed)
}

pub(super) fn keep_app(inner: &Rc<Inner>) {
    APPS.with(|apps| {
        let mut apps = apps.borrow_mut();
        apps.retain(|(_, app)| app.strong_count() > 0);
        apps.push((inner.id, Rc::downgrade(inner)));
    });
}

fn find_app(id: u64) -> Option<Rc<Inner>> {
    APPS.with(|apps| {
        apps.borrow()
            .iter()
            .find(|(app, _)| *app == id)
            .and_then(|(_, inner)| inner.upgrade())
    })
}

/// What a thought was about: the game and how far it had gone, so that an
/// answer arriving after the game moved on (or was left) is dropped.
#[derive(Clone, Copy)]
struct Asked {
    app: u64,
    game_number: u64,
    events: usize,
}

/// Works out a move from `turn` on a thread of its own and hands it to
/// `answer` on the UI thread while the same game is on; the move is `None`
/// if the game has moved on meanwhile.
fn think(
    asked: Asked,
    turn: Turn,
    decide: impl FnOnce(&Turn) -> Option<Move> + Send + 'static,
    answer: fn(&Rc<Inner>, Option<Move>),
) {
    let work = move || {
        let chosen = decide(&turn);
        // Fails only when the event loop has ended: the app is closing.
        let _ = slint::invoke_from_event_loop(move || {
            let Some(inner) = find_app(asked.app) else {
                return;
            };
            // Another game began meanwhile: this answer is nobody's.
            if !inner.is_current(asked.game_number) {
                return;
            }
            let same_moment = inner
                .state
                .borrow()
                .session
                .as_ref()
                .is_some_and(|s| s.game.record().events.len() == asked.events);
            answer(&inner, chosen.filter(|_| same_moment));
        });
    };
    #[cfg(not(target_arch = "wasm32"))]
    std::thread::spawn(work);
    // The web has no threads: the thought runs on the page's thread, and
    // its answer still arrives through the event loop.
    #[cfg(target_arch = "wasm32")]
    work();
}

impl Inner {
    /// If a computer is to act, does so after its pause (once: a pending
    /// action is not scheduled twice).
    pub(super) fn computer_step(self: &Rc<Self>) {
        let (pause, number) = {
            let mut st = self.state.borrow_mut();
            let Some(s) = st.session.as_ref() else { return };
            let computer_acts = s.mover_kind().is_computer() && s.prompt() != Prompt::Over;
            if !computer_acts || st.busy || st.computer_waiting || self.screen() != Screen::Game {
                return;
            }
            st.computer_waiting = true;
            (st.settings.speed.computer_pause_ms(), st.game_number)
        };
        let me = self.clone();
        after(pause, move || me.computer_act(number));
    }

    fn computer_act(self: &Rc<Self>, number: u64) {
        let (prompt, level, turn, asked) = {
            let mut st = self.state.borrow_mut();
            let game_number = st.game_number;
            let Some(s) = st.session.as_ref() else { return };
            let SeatKind::Computer(level) = s.mover_kind() else {
                st.computer_waiting = false;
                return;
            };
            let asked = Asked {
                app: self.id,
                game_number,
                events: s.game.record().events.len(),
            };
            let seeded_level = (level, s.choice_seed());
            (s.prompt(), seeded_level, *s.game.turn(), asked)
        };
        if !self.is_current(number) {
            // The new game has its own pending action, if any.
            return;
        }
        if self.screen() != Screen::Game || prompt == Prompt::Over {
            self.computer_thought_dropped();
            return;
        }
        match prompt {
            Prompt::Throw | Prompt::ThrowAgain => {
                self.state.borrow_mut().computer_waiting = false;
                self.throw(0.5);
            }
            Prompt::Passes => {
                self.state.borrow_mut().computer_waiting = false;
                self.pass_turn();
            }
            Prompt::Move => {
                let (level, seed) = level;
                think(
                    asked,
                    turn,
                    move |turn| ai::choose(turn, level, seed),
                    |inner, chosen| match chosen {
                        // Played only where people can see it.
                        Some(mv) if inner.screen() == Screen::Game => {
                            inner.state.borrow_mut().computer_waiting = false;
                            inner.play(mv);
                        }
                        _ => inner.computer_thought_dropped(),
                    },
                );
            }
            Prompt::Over => {}
        }
    }

    /// The computer's pending action came to nothing: it may act afresh.
    fn computer_thought_dropped(self: &Rc<Self>) {
        self.state.borrow_mut().computer_waiting = false;
        self.computer_step();
    }

    /// A person asks what to play: the hint is worked out off the UI thread
    /// and shown as the suggested pawn and square.
    pub(super) fn ask_hint(self: &Rc<Self>) {
        let asked = {
            let st = self.state.borrow();
            let Some(s) = st.session.as_ref() else { return };
            if st.busy || s.mover_kind().is_computer() || s.prompt() != Prompt::Move {
                return;
            }
            let asked = Asked {
                app: self.id,
                game_number: st.game_number,
                events: s.game.record().events.len(),
            };
            (asked, *s.game.turn())
        };
        let (asked, turn) = asked;
        think(asked, turn, ai::hint, |inner, suggested| {
            let Some(mv) = suggested else { return };
            if let Some(s) = inner.state.borrow_mut().session.as_mut() {
                s.suggest(mv);
            }
            inner.show_game();
        });
    }
}
