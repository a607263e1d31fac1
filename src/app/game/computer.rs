//! The computer's seats, and hints for people: the computer throws and moves
//! through the same code as a person, after a short pause, and thinks
//! through the app's scheduler so that the window never stalls.

use std::rc::Rc;

use crate::ai::{Decision, Level};
use crate::rules::Move;

use super::pace::Pace;
use super::session::Prompt;
use crate::app::setup::SeatKind;
use crate::app::{Inner, Screen, State};

/// What a thought was about: the ticket it was asked under and how far
/// the game had gone, so that an answer arriving after the game moved on
/// (or was left) is dropped.
#[derive(Clone, Copy)]
struct Asked {
    ticket: u64,
    events: usize,
}

impl Inner {
    /// Works out `decision` through the scheduler and hands the move to
    /// `answer` if the question is still waited for (`waited`, asked of
    /// the ticket); the move is `None` if the game has moved on meanwhile.
    fn think(
        self: &Rc<Self>,
        asked: Asked,
        decision: Decision,
        waited: fn(&State, u64) -> bool,
        answer: fn(&Rc<Inner>, Option<Move>),
    ) {
        let me = Rc::downgrade(self);
        self.scheduler.run(decision, move |chosen| {
            let Some(inner) = me.upgrade() else { return };
            let same_moment = {
                let st = inner.state.borrow();
                // Another game began meanwhile: this answer is nobody's.
                if !waited(&st, asked.ticket) {
                    return;
                }
                st.session
                    .as_ref()
                    .is_some_and(|s| s.game.record().events.len() == asked.events)
            };
            answer(&inner, chosen.filter(|_| same_moment));
        });
    }

    /// The computer's pause is over: it throws, lets a passed turn go, or
    /// thinks and then moves.
    pub(super) fn computer_act(self: &Rc<Self>, ticket: u64) {
        let (prompt, decision, asked) = {
            let mut st = self.state.borrow_mut();
            let Some(s) = st.session.as_ref() else { return };
            let SeatKind::Computer(level) = s.mover_kind() else {
                st.pace = Pace::Idle;
                return;
            };
            let asked = Asked {
                ticket,
                events: s.game.record().events.len(),
            };
            let decision = Decision::new(s.game.turn(), level, s.choice_seed());
            (s.prompt(), decision, asked)
        };
        if self.screen() != Screen::Game || prompt == Prompt::Over {
            self.computer_thought_dropped();
            return;
        }
        match prompt {
            Prompt::Throw | Prompt::ThrowAgain => {
                self.state.borrow_mut().pace = Pace::Idle;
                self.throw(0.5);
            }
            Prompt::Passes => {
                self.state.borrow_mut().pace = Pace::Idle;
                self.pass_turn();
            }
            Prompt::Move => {
                let waited =
                    |st: &State, ticket| st.pace == Pace::ComputerThinking { ticket };
                self.think(asked, decision, waited, |inner, chosen| match chosen {
                    // Played only where people can see it.
                    Some(mv) if inner.screen() == Screen::Game => {
                        inner.state.borrow_mut().pace = Pace::Idle;
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
        self.state.borrow_mut().pace = Pace::Idle;
        self.next();
    }

    /// A person asks what to play: the hint is worked out off the UI thread
    /// and shown as the suggested pawn and square.
    pub(super) fn ask_hint(self: &Rc<Self>) {
        let (asked, decision) = {
            let mut st = self.state.borrow_mut();
            let Some(s) = st.session.as_ref() else { return };
            if st.pace.is_moving() || s.mover_kind().is_computer() || s.prompt() != Prompt::Move {
                return;
            }
            let asked = Asked {
                ticket: self.new_ticket(),
                events: s.game.record().events.len(),
            };
            // The hint is the move Hard would make.
            let decision = Decision::new(s.game.turn(), Level::Hard, 0);
            st.hint_asked = Some(asked.ticket);
            (asked, decision)
        };
        let waited = |st: &State, ticket| st.hint_asked == Some(ticket);
        self.think(asked, decision, waited, |inner, suggested| {
            let Some(mv) = suggested else { return };
            if let Some(s) = inner.state.borrow_mut().session.as_mut() {
                s.suggest(mv);
            }
            inner.show_game();
        });
    }
}
