//! What the app does as the system pauses, stops and ends it.
//!
//! Android tells an app about its life with events: it is started, brought
//! to the front, paused when something covers it, stopped when it is no
//! longer seen, asked to save its state, destroyed. Once stopped, the
//! process may be ended without another word, so any game snapshot still
//! waiting for the autosaver's thread must be on disk by then.
//!
//! This module decides what each event asks of the app, away from
//! Android's types, so that ordinary tests on any machine cover it;
//! `src/android.rs` only turns android-activity's events into [`Event`]s
//! and hands them to a [`Lifecycle`].

use std::cell::RefCell;
use std::rc::Rc;

/// The moments of an app's life the system reports.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Event {
    /// The app became visible.
    Start,
    /// The app came to the front and takes input.
    Resume,
    /// Something covers the app, or the user is leaving it.
    Pause,
    /// The app is no longer seen: from here its process may be ended at
    /// any moment.
    Stop,
    /// The system asks for the state to keep in case it ends the process.
    SaveState,
    /// The app is being closed for good.
    Destroy,
}

/// What an event asks of the app.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    /// Nothing to do.
    Nothing,
    /// Write every pending save now, before returning to the system.
    WriteSaves,
}

/// What the app does on `event`. Moves are saved as they are made, on the
/// autosaver's thread; every event after which the process may be ended
/// without warning waits for that thread to finish, so that the last move
/// is never lost.
pub fn action(event: Event) -> Action {
    match event {
        Event::Start | Event::Resume => Action::Nothing,
        Event::Pause | Event::Stop | Event::SaveState | Event::Destroy => Action::WriteSaves,
    }
}

/// The part of the app the lifecycle needs: writing the pending saves.
pub trait PendingSaves {
    /// Returns once every save handed to the autosaver so far is on disk.
    fn flush_saves(&self);
}

#[cfg(feature = "ui")]
impl PendingSaves for crate::app::App {
    fn flush_saves(&self) {
        crate::app::App::flush_saves(self);
    }
}

/// Follows the app through its life. The system's events arrive from the
/// moment the app is started, the app itself only once its window exists
/// ([`Lifecycle::attach`]); until then, and after [`Lifecycle::finish`],
/// there is nothing to write.
pub struct Lifecycle<A> {
    app: RefCell<Option<Rc<A>>>,
}

impl<A: PendingSaves> Default for Lifecycle<A> {
    fn default() -> Self {
        Lifecycle::new()
    }
}

impl<A: PendingSaves> Lifecycle<A> {
    pub fn new() -> Self {
        Lifecycle {
            app: RefCell::new(None),
        }
    }

    /// The app is running: events from now on act on it.
    pub fn attach(&self, app: Rc<A>) {
        *self.app.borrow_mut() = Some(app);
    }

    /// Does what `event` asks of the app, and says what that was
    /// ([`Action::Nothing`] when there is no app yet).
    pub fn handle(&self, event: Event) -> Action {
        // The app is cloned out so that the saves are written without this
        // lifecycle borrowed.
        let app = self.app.borrow().clone();
        match (action(event), app) {
            (Action::WriteSaves, Some(app)) => {
                app.flush_saves();
                Action::WriteSaves
            }
            _ => Action::Nothing,
        }
    }

    /// The app's event loop has ended: writes what is pending and lets go
    /// of the app, so that it is dropped (and its autosaver's thread ends)
    /// although the system keeps the event listener.
    pub fn finish(&self) {
        let app = self.app.borrow_mut().take();
        if let Some(app) = app {
            app.flush_saves();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::cell::Cell;

    /// An app whose saves wait in a queue until flushed, as the
    /// autosaver's do.
    #[derive(Default)]
    struct Saves {
        queued: Cell<u32>,
        on_disk: Cell<u32>,
        flushes: Cell<u32>,
    }

    impl Saves {
        fn make_move(&self) {
            self.queued.set(self.queued.get() + 1);
        }
    }

    impl PendingSaves for Saves {
        fn flush_saves(&self) {
            self.on_disk.set(self.on_disk.get() + self.queued.take());
            self.flushes.set(self.flushes.get() + 1);
        }
    }

    const EVERY_EVENT: [Event; 6] = [
        Event::Start,
        Event::Resume,
        Event::Pause,
        Event::Stop,
        Event::SaveState,
        Event::Destroy,
    ];

    #[test]
    fn saves_are_written_when_the_process_may_end_next() {
        let expected = [
            (Event::Start, Action::Nothing),
            (Event::Resume, Action::Nothing),
            (Event::Pause, Action::WriteSaves),
            (Event::Stop, Action::WriteSaves),
            (Event::SaveState, Action::WriteSaves),
            (Event::Destroy, Action::WriteSaves),
        ];
        for (event, action_expected) in expected {
            assert_eq!(action(event), action_expected, "{event:?}");
        }
    }

    #[test]
    fn each_writing_event_puts_the_pending_moves_on_disk_before_it_returns() {
        for event in [Event::Pause, Event::Stop, Event::SaveState, Event::Destroy] {
            let app = Rc::new(Saves::default());
            let lifecycle = Lifecycle::new();
            lifecycle.attach(app.clone());
            app.make_move();
            app.make_move();
            assert_eq!(lifecycle.handle(event), Action::WriteSaves, "{event:?}");
            assert_eq!(app.on_disk.get(), 2, "{event:?}");
            assert_eq!(app.queued.get(), 0, "{event:?}");
        }
    }

    #[test]
    fn starting_and_resuming_leave_the_saves_to_the_autosaver() {
        let app = Rc::new(Saves::default());
        let lifecycle = Lifecycle::new();
        lifecycle.attach(app.clone());
        app.make_move();
        assert_eq!(lifecycle.handle(Event::Start), Action::Nothing);
        assert_eq!(lifecycle.handle(Event::Resume), Action::Nothing);
        assert_eq!(app.flushes.get(), 0);
        assert_eq!(app.queued.get(), 1);
    }

    #[test]
    fn events_before_the_window_exists_do_nothing() {
        let lifecycle = Lifecycle::<Saves>::new();
        for event in EVERY_EVENT {
            assert_eq!(lifecycle.handle(event), Action::Nothing, "{event:?}");
        }
        // The app arrives later and is looked after from then on.
        let app = Rc::new(Saves::default());
        lifecycle.attach(app.clone());
        app.make_move();
        assert_eq!(lifecycle.handle(Event::Pause), Action::WriteSaves);
        assert_eq!(app.on_disk.get(), 1);
    }

    #[test]
    fn a_whole_visit_writes_at_every_pause_and_stop() {
        let app = Rc::new(Saves::default());
        let lifecycle = Lifecycle::new();
        lifecycle.attach(app.clone());
        // Played, left for another app, came back, played, closed.
        lifecycle.handle(Event::Start);
        lifecycle.handle(Event::Resume);
        app.make_move();
        lifecycle.handle(Event::Pause);
        assert_eq!(app.on_disk.get(), 1);
        lifecycle.handle(Event::SaveState);
        lifecycle.handle(Event::Stop);
        lifecycle.handle(Event::Start);
        lifecycle.handle(Event::Resume);
        app.make_move();
        app.make_move();
        assert_eq!(app.on_disk.get(), 1, "nothing written while playing");
        lifecycle.handle(Event::Pause);
        assert_eq!(app.on_disk.get(), 3);
        lifecycle.handle(Event::Stop);
        lifecycle.handle(Event::Destroy);
        assert_eq!((app.on_disk.get(), app.queued.get()), (3, 0));
        assert_eq!(app.flushes.get(), 6);
    }

    #[test]
    fn finishing_writes_the_last_moves_and_lets_go_of_the_app() {
        let app = Rc::new(Saves::default());
        let lifecycle = Lifecycle::new();
        lifecycle.attach(app.clone());
        app.make_move();
        lifecycle.finish();
        assert_eq!(app.on_disk.get(), 1);
        assert_eq!(
            Rc::strong_count(&app),
            1,
            "the lifecycle still holds the app"
        );
        // Events the system sends while the process winds down find no app.
        app.make_move();
        assert_eq!(lifecycle.handle(Event::Destroy), Action::Nothing);
        assert_eq!(app.queued.get(), 1);
        assert_eq!(app.flushes.get(), 1);
    }
}
