//! Saving without making anyone wait: the app hands over a snapshot after
//! every move and goes on at once; the queued snapshots are written by a
//! [`Writes`] work item, which the app runs on a thread of its own or, where
//! there are no threads, one write at a time between frames.

use std::sync::{Arc, Mutex, MutexGuard};

use serde::Serialize;

use super::saves::{SaveStore, Summary};
use super::StoreError;
use crate::work::Work;

/// The queue of games of document type `D` waiting to be written. Cloning
/// it gives another handle to the same queue.
pub struct Autosaver<D> {
    shared: Arc<Shared<D>>,
}

impl<D> Clone for Autosaver<D> {
    fn clone(&self) -> Self {
        Autosaver {
            shared: Arc::clone(&self.shared),
        }
    }
}

struct Shared<D> {
    store: SaveStore,
    queue: Mutex<Queue<D>>,
    /// Held for the whole of each write, so that a flush waits for a write
    /// under way before it writes what is left.
    writing: Mutex<()>,
}

struct Queue<D> {
    /// Games to write (`None`: to delete) in the order first queued, a
    /// newer snapshot of a game replacing the one queued in its place.
    jobs: Vec<(String, Option<(Summary, D)>)>,
    /// A [`Writes`] is at work (or handed out to be run).
    writer_out: bool,
    /// The first write that failed since the last flush.
    first_failure: Option<StoreError>,
}

impl<D: Serialize> Autosaver<D> {
    pub fn new(store: SaveStore) -> Autosaver<D> {
        Autosaver {
            shared: Arc::new(Shared {
                store,
                queue: Mutex::new(Queue {
                    jobs: Vec::new(),
                    writer_out: false,
                    first_failure: None,
                }),
                writing: Mutex::new(()),
            }),
        }
    }

    /// Queues a snapshot of a game and returns at once. A snapshot of the
    /// same game still queued is replaced by this newest one. Returns the
    /// work that writes the queue when none is at work already: run it.
    #[must_use = "the queued snapshot is written only when the returned writes are run"]
    pub fn save(&self, id: &str, summary: Summary, game: D) -> Option<Writes<D>> {
        self.queue_job(id, Some((summary, game)))
    }

    /// Queues the deletion of a game's save, replacing a snapshot of it
    /// still queued (which is then not written at all).
    #[must_use = "the deletion is done only when the returned writes are run"]
    pub fn delete(&self, id: &str) -> Option<Writes<D>> {
        self.queue_job(id, None)
    }

    fn queue_job(&self, id: &str, snapshot: Option<(Summary, D)>) -> Option<Writes<D>> {
        let mut queue = self.shared.lock_queue();
        match queue.jobs.iter_mut().find(|(queued, _)| queued == id) {
            Some(queued) => queued.1 = snapshot,
            None => queue.jobs.push((id.to_string(), snapshot)),
        }
        if queue.writer_out {
            return None;
        }
        queue.writer_out = true;
        Some(Writes {
            shared: Arc::clone(&self.shared),
            done: false,
        })
    }

    /// Writes everything still queued on the caller's thread, after waiting
    /// for a write under way (when the app pauses or quits), and reports
    /// the first write that failed since the last flush.
    pub fn flush(&self) -> Result<(), StoreError> {
        let _writing = lock(&self.shared.writing);
        while self.shared.write_next().is_some() {}
        match self.shared.lock_queue().first_failure.take() {
            Some(failure) => Err(failure),
            None => Ok(()),
        }
    }
}

impl<D: Serialize> Shared<D> {
    fn lock_queue(&self) -> MutexGuard<'_, Queue<D>> {
        lock(&self.queue)
    }

    /// Writes the oldest queued job; `None` when there was none. The
    /// caller holds `writing`.
    fn write_next(&self) -> Option<()> {
        let (id, snapshot) = {
            let mut queue = self.lock_queue();
            if queue.jobs.is_empty() {
                return None;
            }
            queue.jobs.remove(0)
        };
        let written = match snapshot {
            Some((summary, game)) => self.store.save_game(&id, &summary, &game),
            None => self.store.delete_game(&id),
        };
        if let Err(err) = written {
            self.lock_queue().first_failure.get_or_insert(err);
        }
        Some(())
    }
}

/// A poisoned lock only means another write panicked; the queue itself is
/// still whole.
fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// The work of writing an [`Autosaver`]'s queue: one game written (or
/// deleted) per step, done when the queue is empty.
pub struct Writes<D> {
    shared: Arc<Shared<D>>,
    done: bool,
}

impl<D: Serialize> Work for Writes<D> {
    type Output = ();

    fn step(&mut self) -> Option<()> {
        let _writing = lock(&self.shared.writing);
        if self.shared.write_next().is_some() {
            return None;
        }
        let mut queue = self.shared.lock_queue();
        // A job queued between the write and this lock is still ours.
        if !queue.jobs.is_empty() {
            return None;
        }
        queue.writer_out = false;
        self.done = true;
        Some(())
    }
}

impl<D> Drop for Writes<D> {
    /// Writes dropped before they were done (the app closing) leave the
    /// rest to the next save's writes or to a flush.
    fn drop(&mut self) {
        if !self.done {
            lock(&self.shared.queue).writer_out = false;
        }
    }
}
