//! The computer's seats, and hints for people: the computer throws and moves
//! through the same code as a person, after a short pause, and thinks
//! through the app's scheduler so that the window never stalls.

use std::rc::Rc;

use crate::ai::{Decision, Level};
use crate::rules::Move;

use super::session::Prompt;
use crate::app::setup::SeatKind;
use crate::app::{after, Inner, Screen};

/// What a thought was about: the game and how far it had gone, so that an
/// answer arriving after the game moved on (or was left) is dropped.
#[derive(Clone, Copy)]
struct Asked {
    game_number: u64,
    events: usize,
}

impl Inner {
    /// Works out `decision` through the scheduler and hands the move to
    /// `answer` while the same game is on; the move is `None` if the game
    /// has moved on meanwhile.
    fn think(
        self: &Rc<Self>,
        asked: Asked,
        decision: Decision,
        answer: fn(&Rc<Inner>, Option<Move>),
    ) {
        let me = Rc::downgrade(self);
        self.scheduler.run(decision, move |chosen| {
            let Some(inner) = me.upgrade() else { return };
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
    }
}

impl Inner {
    /// If a computer is to act, does so after its pause (once: a pending
    /// action is not scheduled twice).
    pub(in crate::app) fn computer_step(self: &Rc<Self>) {
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
        let (prompt, decision, asked) = {
            let mut st = self.state.borrow_mut();
            let game_number = st.game_number;
            let Some(s) = st.session.as_ref() else { return };
            let SeatKind::Computer(level) = s.mover_kind() else {
                st.computer_waiting = false;
                return;
            };
            let asked = Asked {
                game_number,
                events: s.game.record().events.len(),
            };
            let decision = Decision::new(s.game.turn(), level, s.choice_seed());
            (s.prompt(), decision, asked)
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
                self.think(asked, decision, |inner, chosen| match chosen {
                    // Played only where people can see it.
                    Some(mv) if inner.screen() == Screen::Game => {
                        inner.state.borrow_mut().computer_waiting = false;
                        inner.play(mv);
                    }
                    _ => inner.computer_thought_dropped(),
                });
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
                game_number: st.game_number,
                events: s.game.record().events.len(),
            };
            // The hint is the move Hard would make.
            (asked, Decision::new(s.game.turn(), Level::Hard, 0))
        };
        let (asked, decision) = asked;
        self.think(asked, decision, |inner, suggested| {
            let Some(mv) = suggested else { return };
            if let Some(s) = inner.state.borrow_mut().session.as_mut() {
                s.suggest(mv);
            }
            inner.show_game();
        });
    }
}
