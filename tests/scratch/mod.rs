//! A data folder of its own for each store test, removed afterwards.
#![allow(dead_code)] // each test binary uses some of these

use chaupar::store::SaveStore;
use std::fs;
use std::path::PathBuf;
use std::sync::atomic::{AtomicU32, Ordering};

pub struct Scratch(pub PathBuf);

impl Scratch {
    /// An empty folder named after `label`, this process and a count.
    pub fn new(label: &str) -> Scratch {
        static MADE: AtomicU32 = AtomicU32::new(0);
        let path = std::env::temp_dir().join(format!(
            "chaupar-{label}-{}-{}",
            std::process::id(),
            MADE.fetch_add(1, Ordering::Relaxed)
        ));
        let _ = fs::remove_dir_all(&path);
        Scratch(path)
    }

    /// The store as a newly opened app finds it.
    pub fn store(&self) -> SaveStore {
        SaveStore::open(&self.0).unwrap()
    }

    pub fn game_file(&self, name: &str) -> PathBuf {
        self.0.join("games").join(name)
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = fs::remove_dir_all(&self.0);
    }
}
