//! The save store: games in progress, settings, statistics and the dice
//! counts, kept in one data folder so that a game is never lost.
//!
//! A saved game is a [`GameDocument`] (the engine's record, which replays
//! to the exact moment, and who sits at each side; the store writes any
//! document the caller can serialize), beside a [`Summary`] that the Saved
//! games list shows without replaying anything. Every file is
//! a versioned JSON envelope (see `docs/save-format.md`), written atomically,
//! and a file that cannot be opened is listed with a message a player
//! understands and set aside, never deleted.
//!
//! This module reads the clock (the `saved_at` stamp of each file); the
//! engine never does.
//!
//! ```
//! use chaupar::store::{Autosaver, Listing, SaveStore, Summary};
//! use chaupar::work::Work;
//!
//! # let folder = std::env::temp_dir().join(format!("chaupar-doc-{}", std::process::id()));
//! let store = SaveStore::open(&folder)?;
//! let summary = Summary {
//!     title: "Pagade".into(),
//!     seats: vec!["Asha".into(), "Ravi".into()],
//!     progress: "Black 2 home, Red 1 home".into(),
//!     finished: false,
//!     ..Default::default()
//! };
//! // After every move: queue the game, and run the writes off the UI
//! // thread when none are at work yet.
//! let autosaver = Autosaver::new(store.clone());
//! if let Some(writes) = autosaver.save("g1", summary, vec!["throw 6", "move 0-6"]) {
//!     std::thread::spawn(move || writes.finish());
//! }
//! autosaver.flush()?; // when the app pauses or quits
//!
//! // The Saved games list, and resuming:
//! for listing in store.list() {
//!     match listing {
//!         Listing::Good(game) => println!("{} {}", game.summary.title, game.summary.progress),
//!         Listing::Bad { file, .. } => println!("{}", file.problem),
//!     }
//! }
//! let record: Vec<String> = store.load_game("g1")?;
//! assert_eq!(record, ["throw 6", "move 0-6"]);
//! # std::fs::remove_dir_all(&folder)?;
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod autosave;
// Natively also compiled for its tests, on a map in place of the browser.
#[cfg(any(test, target_arch = "wasm32"))]
#[cfg_attr(not(target_arch = "wasm32"), allow(dead_code))]
mod browser;
mod dice;
mod document;
mod envelope;
#[cfg(not(target_arch = "wasm32"))]
mod files;
mod saves;
mod stats;

/// Where the data folder lives: files on disk, or entries of the browser's
/// storage in the web app (which has no files).
#[cfg(target_arch = "wasm32")]
use browser as disk;
#[cfg(not(target_arch = "wasm32"))]
use files as disk;

use std::ffi::OsString;
use std::fmt;
use std::io;
use std::path::{Path, PathBuf};

pub use autosave::{Autosaver, Writes};
pub use dice::DiceTotals;
pub use document::{GameDocument, SeatKind};
pub use envelope::{Problem, FORMAT, VERSION};
pub use saves::{BadFile, Listing, LoadProblem, SaveStore, SavedGame, Summary};
pub use stats::{SeatStats, Stats};

use crate::launch::DATA_DIR_ENV;

/// The data folder: `explicit` if given (the app's `--data-dir`; on Android
/// the app passes its internal data path here, since there is no desktop
/// convention to follow), else `$CHAUPAR_DATA_DIR`, else the platform's data
/// folder for the app (`~/.local/share/chaupar` on Linux, for example).
pub fn data_dir(explicit: Option<PathBuf>) -> Result<PathBuf, StoreError> {
    let platform = || {
        if cfg!(target_os = "android") {
            // No desktop folders there (`directories` would guess from
            // $HOME): the app must pass its internal data path as `explicit`.
            return None;
        }
        directories::ProjectDirs::from("org", "Chaupar", "Chaupar")
            .map(|dirs| dirs.data_dir().to_path_buf())
    };
    choose_data_dir(explicit, std::env::var_os(DATA_DIR_ENV), platform)
}

fn choose_data_dir(
    explicit: Option<PathBuf>,
    from_env: Option<OsString>,
    platform: impl FnOnce() -> Option<PathBuf>,
) -> Result<PathBuf, StoreError> {
    explicit
        .or_else(|| from_env.filter(|dir| !dir.is_empty()).map(PathBuf::from))
        .or_else(platform)
        .ok_or(StoreError::NoDataDir)
}

/// Seconds since 1970, the `saved_at` stamp (`web_time`: the browser has
/// no `std::time::SystemTime`; natively it is the standard one).
pub(crate) fn unix_now() -> u64 {
    web_time::SystemTime::now()
        .duration_since(web_time::UNIX_EPOCH)
        .map_or(0, |since| since.as_secs())
}

/// Why something could not be saved (reading problems are [`LoadProblem`]s).
#[derive(Debug)]
pub enum StoreError {
    /// No folder was given and the platform has no data folder for apps.
    NoDataDir,
    /// A game id that cannot name a file: ids are 1 to 64 ASCII letters,
    /// digits, `-` or `_`.
    InvalidId(String),
    /// The file system refused.
    Io {
        action: &'static str,
        path: PathBuf,
        source: io::Error,
    },
    /// The document could not be turned into JSON (a map with non-string
    /// keys, for example): a bug in the caller's type, not in the disk.
    Encode(serde_json::Error),
}

impl StoreError {
    pub(crate) fn io(action: &'static str, path: &Path) -> impl FnOnce(io::Error) -> StoreError {
        let path = path.to_path_buf();
        move |source| StoreError::Io {
            action,
            path,
            source,
        }
    }
}

impl fmt::Display for StoreError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StoreError::NoDataDir => {
                write!(f, "no data folder: pass --data-dir or set {DATA_DIR_ENV}")
            }
            StoreError::InvalidId(id) => write!(f, "{id:?} cannot name a saved game"),
            StoreError::Io {
                action,
                path,
                source,
            } => write!(f, "could not {action} {}: {source}", path.display()),
            StoreError::Encode(err) => write!(f, "could not encode the save: {err}"),
        }
    }
}

impl std::error::Error for StoreError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            StoreError::Io { source, .. } => Some(source),
            StoreError::Encode(err) => Some(err),
            StoreError::NoDataDir | StoreError::InvalidId(_) => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn platform() -> Option<PathBuf> {
        Some(PathBuf::from("/platform"))
    }

    #[test]
    fn an_explicit_folder_wins_over_the_environment_and_the_platform() {
        let chosen = choose_data_dir(
            Some(PathBuf::from("/explicit")),
            Some(OsString::from("/env")),
            platform,
        );
        assert_eq!(chosen.unwrap(), PathBuf::from("/explicit"));
    }

    #[test]
    fn the_environment_wins_over_the_platform_unless_empty() {
        let from_env = choose_data_dir(None, Some(OsString::from("/env")), platform);
        assert_eq!(from_env.unwrap(), PathBuf::from("/env"));
        let empty_env = choose_data_dir(None, Some(OsString::new()), platform);
        assert_eq!(empty_env.unwrap(), PathBuf::from("/platform"));
    }

    #[test]
    fn no_folder_anywhere_is_an_error_that_says_what_to_do() {
        let err = choose_data_dir(None, None, || None).unwrap_err();
        assert!(err.to_string().contains("--data-dir"), "{err}");
    }
}
