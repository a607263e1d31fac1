//! Saving in the web app, which has no threads: each snapshot is written at
//! once, on the page's one thread. A save is a few kilobytes of JSON put in
//! the browser's storage, well under a millisecond, so nothing waits for a
//! later moment and nothing is pending when the page is hidden or closed.
//! The same interface as the desktop's writer thread (autosave.rs).

use std::cell::RefCell;
use std::marker::PhantomData;

use serde::Serialize;

use super::saves::{SaveStore, Summary};
use super::StoreError;

pub struct Autosaver<D> {
    store: SaveStore,
    /// The first write that failed since the last flush.
    failure: RefCell<Option<StoreError>>,
    documents: PhantomData<fn(D)>,
}

impl<D: Serialize + Send + 'static> Autosaver<D> {
    pub fn new(store: SaveStore) -> Autosaver<D> {
        Autosaver {
            store,
            failure: RefCell::new(None),
            documents: PhantomData,
        }
    }

    /// Writes a snapshot of a game, replacing its previous save.
    pub fn save(&self, id: &str, summary: Summary, game: D) {
        self.keep_failure(self.store.save_game(id, &summary, &game));
    }

    /// Deletes a game's save.
    pub fn delete(&self, id: &str) {
        self.keep_failure(self.store.delete_game(id));
    }

    /// Everything is written already: reports the first write that failed
    /// since the last flush.
    pub fn flush(&self) -> Result<(), StoreError> {
        self.failure.take().map_or(Ok(()), Err)
    }

    fn keep_failure(&self, written: Result<(), StoreError>) {
        if let Err(err) = written {
            self.failure.borrow_mut().get_or_insert(err);
        }
    }
}
