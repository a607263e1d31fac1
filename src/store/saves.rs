//! The data folder: one file per game in progress, the settings and the
//! statistics.

use std::fmt;
use std::io;
use std::path::{Path, PathBuf};
use std::time::Duration;

use serde::de::{DeserializeOwned, IgnoredAny};
use serde::{Deserialize, Serialize};

use super::disk;
use super::envelope::{decode, encode, Kind, Opened, Problem};
use super::stats::Stats;
use super::{unix_now, StoreError};

const GAMES_FOLDER: &str = "games";
const GAME_EXTENSION: &str = ".json";
const SETTINGS_FILE: &str = "settings.json";
const STATS_FILE: &str = "stats.json";
const LONGEST_ID: usize = 64;

/// What the Saved games list shows of a game without opening it. The caller
/// writes it (the store knows no rules) each time it saves. Saves of
/// earlier versions gave only `title`, `seats`, `progress` and `finished`,
/// the words already made in English; the others read as their defaults.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Summary {
    /// The game's id, as in positions ("pagade"; empty in earlier saves).
    #[serde(skip_serializing_if = "String::is_empty")]
    pub game: String,
    /// The game's name in English: "Pagade", "Chaupar of Akbar's court".
    pub title: String,
    /// Who plays, in turn order, each once: the name as given (empty:
    /// none) ...
    pub seats: Vec<String>,
    /// ... and the colour each plays first, which names them when they
    /// have no name ("black", "red", "yellow", "green" or "blue").
    pub colours: Vec<String>,
    /// Pawns Home so far by colour, in turn order (colours with none left
    /// out).
    pub home: Vec<(String, u8)>,
    /// Moves made so far.
    pub moves: usize,
    /// Which of `seats` is to move.
    pub to_move: usize,
    /// An earlier save's line on how far the game had gone.
    #[serde(skip_serializing_if = "String::is_empty")]
    pub progress: String,
    pub finished: bool,
}

/// A good save in the list.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SavedGame {
    pub id: String,
    pub summary: Summary,
    /// When it was saved, in seconds since 1970.
    pub saved_at: u64,
}

/// A file that cannot be opened, and where its bytes are kept.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BadFile {
    pub problem: Problem,
    /// The file as it is now: set aside under a name that tells its
    /// problem, or still in place if even renaming it failed.
    pub path: PathBuf,
}

/// One line of the Saved games list.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Listing {
    Good(SavedGame),
    /// A game that cannot be opened; `id` is the game it was saved as.
    Bad {
        id: String,
        file: BadFile,
    },
}

/// Why a save could not be loaded.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LoadProblem {
    /// There is no such save (it was deleted, or never written).
    Missing,
    /// The file is bad; it has been set aside.
    Bad(BadFile),
}

impl fmt::Display for LoadProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LoadProblem::Missing => f.write_str("This save no longer exists"),
            LoadProblem::Bad(file) => file.problem.fmt(f),
        }
    }
}

impl std::error::Error for LoadProblem {}

#[derive(Serialize)]
struct GameOut<'a, D> {
    id: &'a str,
    summary: &'a Summary,
    game: &'a D,
}

/// The file name, not the `id` inside, says which game a file is, so a
/// copied file is simply another game.
#[derive(Deserialize)]
struct GameIn<D> {
    summary: Summary,
    game: D,
}

#[derive(Serialize, Deserialize)]
struct SettingsBody<S> {
    settings: S,
}

#[derive(Serialize, Deserialize)]
struct StatsBody<S> {
    stats: S,
}

/// The data folder of the app. Cloning it is cheap; clones share the folder
/// (the [`Autosaver`](super::Autosaver) writes through one).
#[derive(Clone, Debug)]
pub struct SaveStore {
    root: PathBuf,
}

impl SaveStore {
    /// Opens the store in `folder`, creating it if missing, and clears away
    /// the temporary files of writes that a crash interrupted.
    pub fn open(folder: impl Into<PathBuf>) -> Result<SaveStore, StoreError> {
        let store = SaveStore {
            root: folder.into(),
        };
        for folder in [store.root.clone(), store.games_folder()] {
            disk::prepare_folder(&folder).map_err(StoreError::io("create", &folder))?;
        }
        Ok(store)
    }

    /// The data folder.
    pub fn folder(&self) -> &Path {
        &self.root
    }

    /// An id for a new game, from the time it starts: `game-<seconds>`, or
    /// `game-<seconds>-2`, ... if a file (even one set aside) has it.
    pub fn new_game_id(&self) -> String {
        let started = format!("game-{}", unix_now());
        let taken = |id: &str| {
            let name = format!("{id}{GAME_EXTENSION}");
            disk::entries(&self.games_folder()).is_ok_and(|entries| {
                entries.iter().any(|entry| {
                    entry
                        .file_name()
                        .is_some_and(|file| file.to_string_lossy().starts_with(&name))
                })
            })
        };
        (1u32..)
            .map(|n| match n {
                1 => started.clone(),
                n => format!("{started}-{n}"),
            })
            .find(|id| !taken(id))
            .expect("fewer games than u32 can count start within a second")
    }

    /// Saves a game, replacing its previous save whole.
    pub fn save_game<D: Serialize>(
        &self,
        id: &str,
        summary: &Summary,
        game: &D,
    ) -> Result<(), StoreError> {
        let path = self
            .game_path(id)
            .ok_or_else(|| StoreError::InvalidId(id.to_string()))?;
        let body = GameOut { id, summary, game };
        write_file(&path, Kind::Game, &body)
    }

    /// Loads the game document of a save. A bad file is set aside and its
    /// problem returned.
    pub fn load_game<D: DeserializeOwned>(&self, id: &str) -> Result<D, LoadProblem> {
        let path = self.game_path(id).ok_or(LoadProblem::Missing)?;
        open_file::<GameIn<D>>(&path, Kind::Game).map(|opened| opened.body.game)
    }

    /// Deletes a game's save (a game that was finished or abandoned).
    /// Deleting a save that is not there is not an error.
    pub fn delete_game(&self, id: &str) -> Result<(), StoreError> {
        let path = self
            .game_path(id)
            .ok_or_else(|| StoreError::InvalidId(id.to_string()))?;
        match disk::remove_file(&path) {
            Err(err) if err.kind() != io::ErrorKind::NotFound => {
                Err(StoreError::io("delete", &path)(err))
            }
            _ => Ok(()),
        }
    }

    /// Sets a save aside because its moves no longer replay (the app found
    /// a move its rules refuse), so that the list shows it as such.
    pub fn report_unplayable(&self, id: &str) -> Result<BadFile, StoreError> {
        let path = self
            .game_path(id)
            .ok_or_else(|| StoreError::InvalidId(id.to_string()))?;
        let problem = Problem::Unplayable;
        let path =
            disk::set_aside(&path, problem.tag()).map_err(StoreError::io("set aside", &path))?;
        Ok(BadFile { problem, path })
    }

    /// Removes a bad file for good, when the player asks to.
    pub fn discard(&self, file: &BadFile) -> Result<(), StoreError> {
        let path = &file.path;
        if !path.starts_with(&self.root) {
            return Err(StoreError::io("discard", path)(io::Error::new(
                io::ErrorKind::InvalidInput,
                "the file is not in the data folder",
            )));
        }
        disk::remove_all(path).map_err(StoreError::io("discard", path))
    }

    /// Every save, newest first: good ones with their summary, bad ones
    /// (found now or set aside before) with their problem. Bad files found
    /// now are set aside; nothing here fails the whole list.
    pub fn list(&self) -> Vec<Listing> {
        let Ok(entries) = disk::entries(&self.games_folder()) else {
            return Vec::new();
        };
        let mut listed: Vec<(SortKey, Listing)> =
            entries.iter().filter_map(|path| listing(path)).collect();
        listed.sort_by(|(newer, _), (older, _)| older.cmp(newer));
        listed.into_iter().map(|(_, listing)| listing).collect()
    }

    /// The newest save of a game not yet finished: the game to offer to
    /// continue when the app starts.
    pub fn most_recent_unfinished(&self) -> Option<SavedGame> {
        self.list().into_iter().find_map(|listing| match listing {
            Listing::Good(game) if !game.summary.finished => Some(game),
            _ => None,
        })
    }

    /// The settings, or `LoadProblem::Missing` if none were ever saved.
    pub fn load_settings<S: DeserializeOwned>(&self) -> Result<S, LoadProblem> {
        open_file::<SettingsBody<S>>(&self.root.join(SETTINGS_FILE), Kind::Settings)
            .map(|opened| opened.body.settings)
    }

    pub fn save_settings<S: Serialize>(&self, settings: &S) -> Result<(), StoreError> {
        let body = SettingsBody { settings };
        write_file(&self.root.join(SETTINGS_FILE), Kind::Settings, &body)
    }

    /// Games played and won by each name. Empty before the first finished
    /// game; a bad statistics file is set aside and reported.
    pub fn stats(&self) -> Result<Stats, BadFile> {
        match open_file::<StatsBody<Stats>>(&self.root.join(STATS_FILE), Kind::Stats) {
            Ok(opened) => Ok(opened.body.stats),
            Err(LoadProblem::Missing) => Ok(Stats::default()),
            Err(LoadProblem::Bad(file)) => Err(file),
        }
    }

    /// Counts a finished game: each seat's name and whether it won. If the
    /// statistics file was bad it has been set aside, and counting starts
    /// afresh rather than losing this game too.
    pub fn record_result<'a>(
        &self,
        seats: impl IntoIterator<Item = (&'a str, bool)>,
    ) -> Result<Stats, StoreError> {
        let mut stats = self.stats().unwrap_or_default();
        stats.record(seats);
        let body = StatsBody { stats: &stats };
        write_file(&self.root.join(STATS_FILE), Kind::Stats, &body)?;
        Ok(stats)
    }

    /// Whether the game `id` has a save in the folder (not one set aside).
    pub fn has_game(&self, id: &str) -> bool {
        self.game_path(id)
            .is_some_and(|path| disk::modified(&path).is_some())
    }

    fn games_folder(&self) -> PathBuf {
        self.root.join(GAMES_FOLDER)
    }

    /// `games/<id>.json`, for ids that make a safe file name on every system.
    fn game_path(&self, id: &str) -> Option<PathBuf> {
        valid_id(id).then(|| self.games_folder().join(format!("{id}{GAME_EXTENSION}")))
    }
}

/// The listing of one file of the games folder, with the time it sorts
/// by; `None` for files that are not saves.
fn listing(path: &Path) -> Option<(SortKey, Listing)> {
    let name = path.file_name()?.to_str()?;
    let modified = disk::modified(path).unwrap_or_default();
    let by_file_time = (modified.as_secs(), modified);
    let bad = |id: &str, file| Listing::Bad {
        id: id.to_string(),
        file,
    };
    if let Some(id) = game_id(name) {
        return match open_file::<GameIn<IgnoredAny>>(path, Kind::Game) {
            Ok(opened) => {
                let game = SavedGame {
                    id: id.to_string(),
                    summary: opened.body.summary,
                    saved_at: opened.saved_at,
                };
                Some(((opened.saved_at, modified), Listing::Good(game)))
            }
            Err(LoadProblem::Bad(file)) => Some((by_file_time, bad(id, file))),
            // Deleted since the folder was read.
            Err(LoadProblem::Missing) => None,
        };
    }
    let (original, tag) = parse_aside_name(name, &Problem::TAGS)?;
    let id = game_id(original)?;
    let problem = match Problem::from_tag(tag)? {
        // The reason was not kept in the name: ask the system again.
        Problem::Unreadable { .. } => match disk::read(path) {
            Err(err) => Problem::unreadable(&err),
            Ok(_) => Problem::Unreadable { reason: None },
        },
        problem => problem,
    };
    let file = BadFile {
        problem,
        path: path.to_path_buf(),
    };
    Some((by_file_time, bad(id, file)))
}

/// The id of a game file's name (`<id>.json`).
fn game_id(file_name: &str) -> Option<&str> {
    file_name
        .strip_suffix(GAME_EXTENSION)
        .filter(|id| valid_id(id))
}

/// Splits a set-aside file name into the original name and its tag:
/// `abc.json.damaged-2` gives `("abc.json", "damaged")`.
fn parse_aside_name<'a>(name: &'a str, tags: &[&str]) -> Option<(&'a str, &'a str)> {
    let (original, suffix) = name.rsplit_once('.')?;
    let tag = match suffix.split_once('-') {
        Some((tag, count)) if count.parse::<u32>().is_ok_and(|n| n >= 2) => tag,
        Some(_) => return None,
        None => suffix,
    };
    tags.contains(&tag).then_some((original, tag))
}

fn valid_id(id: &str) -> bool {
    (1..=LONGEST_ID).contains(&id.len())
        && id
            .bytes()
            .all(|byte| byte.is_ascii_alphanumeric() || byte == b'-' || byte == b'_')
}

/// Newest first: by the time a save says it was saved (bad files cannot
/// say, so by their file time), then by file time for saves made within
/// the same second.
type SortKey = (u64, Duration);

pub(super) fn write_file<B: Serialize>(
    path: &Path,
    kind: Kind,
    body: &B,
) -> Result<(), StoreError> {
    let bytes = encode(kind, unix_now(), body).map_err(StoreError::Encode)?;
    disk::write_atomically(path, &bytes).map_err(StoreError::io("save", path))
}

/// Reads and decodes a file. A bad one is set aside under a name that tells
/// its problem; if even that fails it stays where it is, and is found bad
/// again next time.
pub(super) fn open_file<B: DeserializeOwned>(
    path: &Path,
    kind: Kind,
) -> Result<Opened<B>, LoadProblem> {
    let decoded = match disk::read(path) {
        Ok(bytes) => decode(&bytes, kind),
        Err(err) if err.kind() == io::ErrorKind::NotFound => return Err(LoadProblem::Missing),
        Err(err) => Err(Problem::unreadable(&err)),
    };
    decoded.map_err(|problem| {
        let path = disk::set_aside(path, problem.tag()).unwrap_or_else(|_| path.to_path_buf());
        LoadProblem::Bad(BadFile { problem, path })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_are_short_safe_file_names() {
        for good in ["a", "2026-11-21_abc", &"x".repeat(LONGEST_ID)] {
            assert!(valid_id(good), "{good}");
        }
        for bad in [
            "",
            "../escape",
            "a/b",
            "a.json",
            "naïve",
            "with space",
            &"x".repeat(LONGEST_ID + 1),
        ] {
            assert!(!valid_id(bad), "{bad}");
        }
    }

    #[test]
    fn set_aside_names_are_recognised_and_others_are_not() {
        let tags = ["damaged", "newer"];
        assert_eq!(
            parse_aside_name("a.json.damaged", &tags),
            Some(("a.json", "damaged"))
        );
        assert_eq!(
            parse_aside_name("a.json.newer-12", &tags),
            Some(("a.json", "newer"))
        );
        assert_eq!(parse_aside_name("a.json", &tags), None);
        assert_eq!(parse_aside_name("a.json.damaged-1", &tags), None);
        assert_eq!(parse_aside_name("a.json.damaged-x", &tags), None);
        assert_eq!(parse_aside_name("a.json.other", &tags), None);
    }
}

#[cfg(test)]
mod summary_tests {
    use super::Summary;

    #[test]
    fn an_earlier_versions_summary_keeps_its_words_and_a_new_one_its_facts() {
        let earlier: Summary = serde_json::from_str(
            r#"{"title": "Pagade", "seats": ["Asha", "Red"],
                "progress": "Black 2 home · Asha to move", "finished": false}"#,
        )
        .unwrap();
        assert_eq!(earlier.game, "", "no game id: the list shows the words");
        assert_eq!(earlier.progress, "Black 2 home · Asha to move");
        assert_eq!(earlier.seats, ["Asha", "Red"]);
        let now = Summary {
            game: "pagade".into(),
            title: "Pagade".into(),
            seats: vec!["Asha".into(), String::new()],
            colours: vec!["black".into(), "red".into()],
            home: vec![("red".into(), 1)],
            moves: 12,
            to_move: 1,
            ..Default::default()
        };
        let written = serde_json::to_string(&now).unwrap();
        assert!(!written.contains("progress"), "{written}");
        assert_eq!(serde_json::from_str::<Summary>(&written).unwrap(), now);
    }
}
