//! The game's pacing: what the screen is showing between a player's
//! actions (a throw tumbling, pawns walking, the computer's pause and
//! thought, the game's end), and the one place that decides what happens
//! next once an action or a wait is over.

use std::rc::Rc;
use std::time::Duration;

use slint::{ComponentHandle, TimerMode};

use super::session::Prompt;
use crate::app::{Inner, Play, Screen};

/// What the game screen is doing while nobody needs to tap.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(in crate::app) enum Pace {
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
    /// The game has ended.
    Over,
}

impl Pace {
    /// Whether something is moving on the screen: taps wait, and slow work
    /// done on the UI thread does too.
    pub(in crate::app) fn is_moving(&self) -> bool {
        matches!(self, Pace::Tumbling | Pace::Walking { .. })
    }
}

/// What [`Inner::next`] found to do.
enum Next {
    Nothing,
    GameOver,
    ComputerPause(u64),
}

impl Inner {
    /// Waits `ms` (none: at once) before [`Inner::tick`].
    pub(in crate::app) fn wait(self: &Rc<Self>, ms: u64) {
        if ms == 0 {
            self.tick();
            return;
        }
        let me = Rc::downgrade(self);
        self.pace_timer
            .start(TimerMode::SingleShot, Duration::from_millis(ms), move || {
                if let Some(me) = me.upgrade() {
                    me.tick();
                }
            });
    }

    /// A wait is over: the tumble ends, the pawns take their next step, or
    /// the computer acts after its pause.
    fn tick(self: &Rc<Self>) {
        let pace = self.state.borrow().pace.clone();
        match pace {
            Pace::Tumbling => {
                self.state.borrow_mut().pace = Pace::Idle;
                self.window().global::<Play>().set_tumbling(false);
                self.show_game();
                self.next();
            }
            Pace::Walking { ids, step, to } if step < to => {
                self.state.borrow_mut().pace = Pace::Walking {
                    ids,
                    step: step + 1,
                    to,
                };
                self.show_pawns();
                self.wait(self.state.borrow().settings.speed.step_ms());
            }
            Pace::Walking { .. } => self.finish_move(),
            Pace::ComputerThinking { ticket } => self.computer_act(ticket),
            Pace::Idle | Pace::Over => {}
        }
    }

    /// Decides what happens next once nothing is moving: the game's end is
    /// shown, or the computer, if it is to act, pauses before acting.
    pub(in crate::app) fn next(self: &Rc<Self>) {
        let next = {
            let mut st = self.state.borrow_mut();
            let Some(s) = st.session.as_ref() else { return };
            if st.pace != Pace::Idle {
                Next::Nothing
            } else if s.position().is_over() {
                st.pace = Pace::Over;
                Next::GameOver
            } else if s.mover_kind().is_computer()
                && s.prompt() != Prompt::Over
                && self.screen() == Screen::Game
            {
                st.pace = Pace::ComputerThinking {
                    ticket: self.new_ticket(),
                };
                Next::ComputerPause(st.settings.speed.computer_pause_ms())
            } else {
                Next::Nothing
            }
        };
        match next {
            Next::Nothing => {}
            Next::GameOver => {
                self.count_finished_game();
                self.show_outcome();
                self.go(Screen::GameOver);
            }
            Next::ComputerPause(ms) => self.wait(ms),
        }
    }

    /// A number no thought has had, so that an answer can be matched to
    /// the question still waited for.
    pub(in crate::app) fn new_ticket(&self) -> u64 {
        let ticket = self.tickets.get() + 1;
        self.tickets.set(ticket);
        ticket
    }

    /// Nothing shown is waited for any more (a game begun or deleted):
    /// a wait under way and any thought still out come to nothing.
    pub(in crate::app) fn stop_pacing(&self) {
        self.pace_timer.stop();
        let mut st = self.state.borrow_mut();
        st.pace = Pace::Idle;
        st.hint_asked = None;
    }
}
