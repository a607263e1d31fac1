//! The computer's seats, and hints for people: the computer throws and moves
//! through the same code as a person, after a short pause, and thinks
//! through the app's scheduler so that the window never stalls.

use std::rc::Rc;

use crate::ai::{Decision, Level};
use crate::rules::Move;

use super::pace::Pace;
use super::session::Prompt;
use super::GameScreen;
use crate::app::setup::SeatKind;
use crate::app::{Screen, Screens};

/// What a thought was about: the ticket it was asked under and how far
/// the game had gone, so that an answer arriving after the game moved on
/// (or was left) is dropped.
#[derive(Clone, Copy)]
struct Asked {
    ticket: u64,
    events: usize,
}

/// How far a game has gone, in throws and moves (a lesson's other sides
/// never think).
fn moments(s: &super::session::Session) -> usize {
    s.game().map_or(0, |g| g.record().events.len())
}

impl GameScreen {
    /// Works out `decision` through the scheduler and hands the move to
    /// `answer` if the question is still waited for (`waited`, asked of
    /// the ticket); the move is `None` if the game has moved on meanwhile.
    fn think(
        &self,
        app: &Rc<Screens>,
        asked: Asked,
        decision: Decision,
        waited: fn(&GameScreen, u64) -> bool,
        answer: fn(&Rc<Screens>, Option<Move>),
    ) {
        let app = Rc::downgrade(app);
        self.shared.scheduler.run(decision, move |chosen| {
            let Some(app) = app.upgrade() else { return };
            // Another game began meanwhile: this answer is nobody's.
            if !waited(&app.game, asked.ticket) {
                return;
            }
            let same_moment = (app.game).with_session(|s| moments(s) == asked.events) == Some(true);
            answer(&app, chosen.filter(|_| same_moment));
        });
    }

    /// The computer's pause is over: it throws, lets a passed turn go, or
    /// thinks and then moves.
    pub(super) fn computer_act(&self, app: &Rc<Screens>, ticket: u64) {
        let (prompt, decision, asked, scripted) = {
            let session = self.session.borrow();
            let Some(s) = session.as_ref() else { return };
            let SeatKind::Computer(level) = s.mover_kind() else {
                *self.pace.borrow_mut() = Pace::Idle;
                return;
            };
            let asked = Asked {
                ticket,
                events: moments(s),
            };
            let decision = Decision::new(s.turn(), level, s.choice_seed());
            (s.prompt(), decision, asked, s.scripted_move())
        };
        if self.shared.screen() != Screen::Game || prompt == Prompt::Over {
            self.computer_thought_dropped(app);
            return;
        }
        match prompt {
            Prompt::Throw | Prompt::ThrowAgain => {
                *self.pace.borrow_mut() = Pace::Idle;
                self.throw(app, 0.5);
            }
            Prompt::Passes => {
                *self.pace.borrow_mut() = Pace::Idle;
                self.pass_turn(app);
            }
            // A lesson's other sides move as it scripts.
            Prompt::Move if scripted.is_some() => {
                *self.pace.borrow_mut() = Pace::Idle;
                self.play(app, scripted.expect("a scripted move"));
            }
            Prompt::Move => {
                let waited = |game: &GameScreen, ticket| {
                    *game.pace.borrow() == Pace::ComputerThinking { ticket }
                };
                self.think(app, asked, decision, waited, |app, chosen| match chosen {
                    // Played only where people can see it.
                    Some(mv) if app.game.shared.screen() == Screen::Game => {
                        *app.game.pace.borrow_mut() = Pace::Idle;
                        app.game.play(app, mv);
                    }
                    _ => app.game.computer_thought_dropped(app),
                });
            }
            Prompt::Over => {}
        }
    }

    /// The computer's pending action came to nothing: it may act afresh.
    fn computer_thought_dropped(&self, app: &Rc<Screens>) {
        *self.pace.borrow_mut() = Pace::Idle;
        self.next(app);
    }

    /// A person asks what to play: the hint is worked out off the UI thread
    /// and shown as the suggested pawn and square.
    pub(super) fn ask_hint(&self, app: &Rc<Screens>) {
        let (asked, decision) = {
            let mut session = self.session.borrow_mut();
            let Some(s) = session.as_mut() else { return };
            let moving = self.pace.borrow().is_moving();
            if moving || s.mover_kind().is_computer() || s.prompt() != Prompt::Move {
                return;
            }
            // A lesson shows its own move ("Show me").
            if s.is_lesson() {
                s.show_me();
                drop(session);
                self.show(app);
                return;
            }
            let asked = Asked {
                ticket: self.new_ticket(),
                events: moments(s),
            };
            // The hint is the move Hard would make.
            (asked, Decision::new(s.turn(), Level::Hard, 0))
        };
        self.hint_asked.set(Some(asked.ticket));
        let waited = |game: &GameScreen, ticket| game.hint_asked.get() == Some(ticket);
        self.think(app, asked, decision, waited, |app, suggested| {
            let Some(mv) = suggested else { return };
            if let Some(s) = app.game.session.borrow_mut().as_mut() {
                s.suggest(mv);
            }
            app.game.show(app);
        });
    }
}
