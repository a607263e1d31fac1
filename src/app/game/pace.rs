//! The game's pacing: what the screen is showing between a player's
//! actions (a throw tumbling, pawns walking, the computer's pause and
//! thought, the game's end), and the one place that decides what happens
//! next once an action or a wait is over.

use std::rc::Rc;
use std::time::Duration;

use slint::{ComponentHandle, TimerMode};

use super::session::Prompt;
use super::GameScreen;
use crate::app::{Play, Screen, Screens};

/// What the game screen is doing while nobody needs to tap.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Pace {
    /// Waiting for whoever is to act.
    Idle,
    /// The throw is tumbling in the tray.
    Tumbling,
    /// The pawns `ids` walk forward one square at a time: they are drawn on
    /// `step`, and stop at `to`.
    Walking { ids: Vec<usize>, step: u8, to: u8 },
    /// The computer pauses, then acts; a thought it asked for is taken
    /// only while this `ticket` is the one waited for.
    ComputerThinking { ticket: u64 },
    /// The game has just ended: its last pawn is seen settling Home for a
    /// moment before Game over.
    Ending,
    /// The game has ended.
    Over,
}

impl Pace {
    /// Whether something is moving on the screen: taps wait, and slow work
    /// done on the UI thread does too.
    pub(super) fn is_moving(&self) -> bool {
        matches!(self, Pace::Tumbling | Pace::Walking { .. } | Pace::Ending)
    }

    /// Whether pawns are walking: the turn they end is held until they land.
    pub(super) fn is_walking(&self) -> bool {
        matches!(self, Pace::Walking { .. })
    }
}

/// What [`GameScreen::next`] found to do.
enum Next {
    Nothing,
    GameOver,
    LessonDone,
    Ending(u64),
    ComputerPause(u64),
}

impl GameScreen {
    /// Waits `ms` (none: at once) before [`GameScreen::tick`].
    pub(super) fn wait(&self, app: &Rc<Screens>, ms: u64) {
        if ms == 0 {
            self.tick(app);
            return;
        }
        let app = Rc::downgrade(app);
        self.pace_timer.start(
            TimerMode::SingleShot,
            Duration::from_millis(ms),
            move || {
                if let Some(app) = app.upgrade() {
                    app.game.tick(&app);
                }
            },
        );
    }

    /// A wait is over: the tumble ends, the pawns take their next step, or
    /// the computer acts after its pause.
    fn tick(&self, app: &Rc<Screens>) {
        let pace = self.pace.borrow().clone();
        match pace {
            Pace::Tumbling => {
                *self.pace.borrow_mut() = Pace::Idle;
                self.shared.window().global::<Play>().set_tumbling(false);
                self.show(app);
                self.next(app);
            }
            Pace::Walking { ids, step, to } if step < to => {
                *self.pace.borrow_mut() = Pace::Walking {
                    ids,
                    step: step + 1,
                    to,
                };
                self.show_pawns();
                let step_ms = self.shared.settings.borrow().speed.step_ms();
                self.wait(app, step_ms);
            }
            Pace::Walking { .. } => self.finish_move(app),
            Pace::ComputerThinking { ticket } => self.computer_act(app, ticket),
            // Left for another screen meanwhile: the end waits to be shown
            // when the game screen is back.
            Pace::Ending if self.shared.screen() != Screen::Game => {
                *self.pace.borrow_mut() = Pace::Idle;
            }
            Pace::Ending => {
                *self.pace.borrow_mut() = Pace::Over;
                self.show_outcome(app);
            }
            Pace::Idle | Pace::Over => {}
        }
    }

    /// A tap on the board while pawns walk or the game's end is shown:
    /// what is being shown ends at once (the pawns stand where they are
    /// going, Game over opens), so that the show never holds up a player
    /// who knows the game. The dice's tumble is the throw itself and is
    /// left to land.
    pub(super) fn hurry(&self, app: &Rc<Screens>) {
        let pace = self.pace.borrow().clone();
        match pace {
            Pace::Walking { .. } => {
                self.pace_timer.stop();
                self.finish_move(app);
            }
            Pace::Ending => {
                self.pace_timer.stop();
                self.tick(app);
            }
            _ => {}
        }
    }

    /// Decides what happens next once nothing is moving: the game's end is
    /// shown, or the computer, if it is to act, pauses before acting.
    pub(in crate::app) fn next(&self, app: &Rc<Screens>) {
        let next = {
            let session = self.session.borrow();
            let Some(s) = session.as_ref() else { return };
            let mut pace = self.pace.borrow_mut();
            if *pace != Pace::Idle {
                Next::Nothing
            } else if s.lesson_is_done() {
                *pace = Pace::Over;
                Next::LessonDone
            } else if s.position().is_over() {
                // The last move is seen on the board before Game over.
                match self.shared.settings.borrow().speed.flight_ms() {
                    0 => {
                        *pace = Pace::Over;
                        Next::GameOver
                    }
                    ms => {
                        *pace = Pace::Ending;
                        Next::Ending(ms)
                    }
                }
            } else if s.mover_kind().is_computer()
                && s.prompt() != Prompt::Over
                && self.shared.screen() == Screen::Game
            {
                *pace = Pace::ComputerThinking {
                    ticket: self.new_ticket(),
                };
                Next::ComputerPause(self.shared.settings.borrow().speed.computer_pause_ms())
            } else {
                Next::Nothing
            }
        };
        match next {
            Next::Nothing => {}
            Next::GameOver => self.show_outcome(app),
            Next::LessonDone => {
                let lesson = self.with_session(|s| s.teaching().map(|t| t.lesson()));
                if let Some(lesson) = lesson.flatten() {
                    app.learn.finished(lesson);
                }
            }
            Next::Ending(ms) | Next::ComputerPause(ms) => self.wait(app, ms),
        }
    }

    /// A number no thought has had.
    pub(super) fn new_ticket(&self) -> u64 {
        let ticket = self.tickets.get() + 1;
        self.tickets.set(ticket);
        ticket
    }

    /// Nothing shown is waited for any more (a game begun or forgotten):
    /// a wait under way and any thought still out come to nothing.
    pub(super) fn stop_pacing(&self) {
        self.pace_timer.stop();
        *self.pace.borrow_mut() = Pace::Idle;
        self.hint_asked.set(None);
    }
}
