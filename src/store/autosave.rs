//! Saving off the UI thread: the app hands over a snapshot after every move
//! and goes on at once; a writer thread puts the newest snapshot on disk.

use std::iter;
use std::sync::mpsc::{self, Receiver, Sender};
use std::thread::{self, JoinHandle};

use serde::Serialize;

use super::saves::{SaveStore, Summary};
use super::StoreError;

enum Job<D> {
    Save {
        id: String,
        summary: Summary,
        game: D,
    },
    Delete {
        id: String,
    },
    /// Answered once every job sent before it is done, with the first
    /// failure since the last flush.
    Flush(Sender<Result<(), StoreError>>),
}

/// A writer thread that saves games of document type `D`. Dropping it
/// waits until everything handed over is on disk.
pub struct Autosaver<D> {
    jobs: Option<Sender<Job<D>>>,
    writer: Option<JoinHandle<()>>,
}

impl<D: Serialize + Send + 'static> Autosaver<D> {
    pub fn new(store: SaveStore) -> Autosaver<D> {
        let (jobs, queue) = mpsc::channel();
        let writer = thread::Builder::new()
            .name("autosave".into())
            .spawn(move || write_jobs(&store, &queue))
            .expect("the system could not start the autosave thread");
        Autosaver {
            jobs: Some(jobs),
            writer: Some(writer),
        }
    }

    /// Queues a snapshot of a game and returns at once. Snapshots of the
    /// same game still queued when the writer gets to them are replaced by
    /// the newest: only that one is written.
    pub fn save(&self, id: &str, summary: Summary, game: D) {
        self.send(Job::Save {
            id: id.to_string(),
            summary,
            game,
        });
    }

    /// Queues the deletion of a game's save, after any snapshot of it
    /// queued before (which is then not written at all).
    pub fn delete(&self, id: &str) {
        self.send(Job::Delete { id: id.to_string() });
    }

    /// Waits until everything queued so far is on disk (when the app pauses
    /// or quits) and reports the first write that failed since the last
    /// flush.
    pub fn flush(&self) -> Result<(), StoreError> {
        let (reply, answer) = mpsc::channel();
        self.send(Job::Flush(reply));
        answer.recv().expect("the autosave thread panicked")
    }

    fn send(&self, job: Job<D>) {
        let jobs = self.jobs.as_ref().expect("the queue is open until drop");
        // Only fails if the writer panicked; flush reports that.
        let _ = jobs.send(job);
    }
}

impl<D> Drop for Autosaver<D> {
    fn drop(&mut self) {
        // Closing the queue lets the writer finish what is queued and stop.
        drop(self.jobs.take());
        if let Some(writer) = self.writer.take() {
            let _ = writer.join();
        }
    }
}

fn write_jobs<D: Serialize>(store: &SaveStore, queue: &Receiver<Job<D>>) {
    let mut first_failure = None;
    while let Ok(job) = queue.recv() {
        // Everything queued now, with later snapshots of a game replacing
        // earlier ones in place.
        let mut latest: Vec<(String, Option<(Summary, D)>)> = Vec::new();
        let mut flushes = Vec::new();
        for job in iter::once(job).chain(queue.try_iter()) {
            let (id, snapshot) = match job {
                Job::Save { id, summary, game } => (id, Some((summary, game))),
                Job::Delete { id } => (id, None),
                Job::Flush(reply) => {
                    flushes.push(reply);
                    continue;
                }
            };
            match latest.iter_mut().find(|(queued, _)| *queued == id) {
                Some(queued) => queued.1 = snapshot,
                None => latest.push((id, snapshot)),
            }
        }
        for (id, snapshot) in latest {
            let written = match snapshot {
                Some((summary, game)) => store.save_game(&id, &summary, &game),
                None => store.delete_game(&id),
            };
            if let Err(err) = written {
                first_failure.get_or_insert(err);
            }
        }
        for reply in flushes {
            let _ = reply.send(first_failure.take().map_or(Ok(()), Err));
        }
    }
}
