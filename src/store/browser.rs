//! The data folder in a web browser, which has no files: each file is one
//! entry of the page's `localStorage`, keyed by its path (`chaupar/games/
//! game-1.json`), holding the same bytes as the file would. Setting an
//! entry replaces it whole in one step, so a reload or a closed tab at any
//! moment leaves the old save or the new one, as an atomic rename does on
//! disk. `localStorage` rather than IndexedDB: it answers at once, as the
//! store's callers expect, and saves are a few kilobytes.

use std::io;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// The key of the time an entry was last written, beside the entry itself
/// (`localStorage` keeps no times): the Saved games list sorts by it.
fn modified_key(key: &str) -> String {
    format!("modified:{key}")
}

/// What the store needs of the browser's storage: strings by key.
trait Keys {
    fn get_value(&self, key: &str) -> io::Result<Option<String>>;
    fn set_value(&self, key: &str, value: &str) -> io::Result<()>;
    fn remove_value(&self, key: &str) -> io::Result<()>;
    fn all_keys(&self) -> io::Result<Vec<String>>;
}

fn key(path: &Path) -> String {
    path.to_string_lossy().into_owned()
}

/// Milliseconds since 1970.
fn now_ms() -> f64 {
    web_time::SystemTime::now()
        .duration_since(web_time::UNIX_EPOCH)
        .map_or(0.0, |since| since.as_secs_f64() * 1000.0)
}

/// There are no folders to make: this only checks that the page may use
/// the storage at all (a browser can refuse it, in some private windows),
/// so that the app says at once that games will not be saved.
pub(crate) fn prepare_folder(_folder: &Path) -> io::Result<()> {
    storage().map(drop)
}

pub(crate) fn read(path: &Path) -> io::Result<Vec<u8>> {
    storage()?
        .get_value(&key(path))?
        .map(String::into_bytes)
        .ok_or_else(|| io::Error::from(io::ErrorKind::NotFound))
}

/// Replaces the entry whole (see the module's comment). Saves are JSON, so
/// text; anything else is refused rather than altered.
pub(crate) fn write_atomically(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let text = std::str::from_utf8(bytes)
        .map_err(|_| io::Error::new(io::ErrorKind::InvalidData, "not text"))?;
    let storage = storage()?;
    let key = key(path);
    storage.set_value(&key, text)?;
    storage.set_value(&modified_key(&key), &now_ms().to_string())
}

pub(crate) fn remove_file(path: &Path) -> io::Result<()> {
    let storage = storage()?;
    let key = key(path);
    if storage.get_value(&key)?.is_none() {
        return Err(io::ErrorKind::NotFound.into());
    }
    storage.remove_value(&key)?;
    storage.remove_value(&modified_key(&key))
}

/// Removes the entry, or everything under it if it names a folder.
pub(crate) fn remove_all(path: &Path) -> io::Result<()> {
    let storage = storage()?;
    let key = key(path);
    let inside = format!("{key}/");
    for stored in storage.all_keys()? {
        if stored == key || stored.starts_with(&inside) {
            storage.remove_value(&stored)?;
            storage.remove_value(&modified_key(&stored))?;
        }
    }
    Ok(())
}

/// The entries directly in `folder`.
pub(crate) fn entries(folder: &Path) -> io::Result<Vec<PathBuf>> {
    let prefix = format!("{}/", key(folder));
    let mut found: Vec<PathBuf> = storage()?
        .all_keys()?
        .into_iter()
        .filter_map(|stored| {
            let name = stored.strip_prefix(&prefix)?;
            (!name.is_empty() && !name.contains('/')).then(|| folder.join(name))
        })
        .collect();
    found.sort();
    Ok(found)
}

/// When the entry was last written, in time since 1970.
pub(crate) fn modified(path: &Path) -> Option<Duration> {
    let ms: f64 = storage()
        .ok()?
        .get_value(&modified_key(&key(path)))
        .ok()??
        .parse()
        .ok()?;
    Some(Duration::from_secs_f64(ms.max(0.0) / 1000.0))
}

/// Moves the entry to `<name>.<tag>`, or `<name>.<tag>-2`, ... if that is
/// taken, and returns the new path; nothing existing is overwritten. The
/// copy is written before the original is removed, so that a tab closed
/// between the two leaves both rather than neither.
pub(crate) fn set_aside(path: &Path, tag: &str) -> io::Result<PathBuf> {
    let storage = storage()?;
    let from = key(path);
    let value = storage
        .get_value(&from)?
        .ok_or_else(|| io::Error::from(io::ErrorKind::NotFound))?;
    let modified = storage.get_value(&modified_key(&from))?;
    for attempt in 1u32.. {
        let aside = match attempt {
            1 => format!("{from}.{tag}"),
            n => format!("{from}.{tag}-{n}"),
        };
        if storage.get_value(&aside)?.is_some() {
            continue;
        }
        storage.set_value(&aside, &value)?;
        if let Some(modified) = &modified {
            storage.set_value(&modified_key(&aside), modified)?;
        }
        storage.remove_value(&from)?;
        storage.remove_value(&modified_key(&from))?;
        return Ok(PathBuf::from(aside));
    }
    unreachable!("more set-aside copies of one entry than u32 can count")
}

#[cfg(target_arch = "wasm32")]
fn storage() -> io::Result<web_sys::Storage> {
    let refused = |why: &str| io::Error::new(io::ErrorKind::PermissionDenied, why.to_string());
    web_sys::window()
        .ok_or_else(|| refused("no browser window"))?
        .local_storage()
        .map_err(|_| refused("the browser refuses this page its storage"))?
        .ok_or_else(|| refused("this browser has no storage for pages"))
}

#[cfg(target_arch = "wasm32")]
impl Keys for web_sys::Storage {
    fn get_value(&self, key: &str) -> io::Result<Option<String>> {
        self.get_item(key).map_err(js_error)
    }

    fn set_value(&self, key: &str, value: &str) -> io::Result<()> {
        self.set_item(key, value).map_err(js_error)
    }

    fn remove_value(&self, key: &str) -> io::Result<()> {
        self.remove_item(key).map_err(js_error)
    }

    fn all_keys(&self) -> io::Result<Vec<String>> {
        let count = self.length().map_err(js_error)?;
        (0..count)
            .filter_map(|index| self.key(index).map_err(js_error).transpose())
            .collect()
    }
}

/// The browser's refusal in words: `QuotaExceededError` when the storage is
/// full, for example.
#[cfg(target_arch = "wasm32")]
fn js_error(err: wasm_bindgen::JsValue) -> io::Error {
    let name = js_sys::Reflect::get(&err, &"name".into())
        .ok()
        .and_then(|name| name.as_string());
    let why = match name.as_deref() {
        Some("QuotaExceededError") => "the browser's storage for this page is full".to_string(),
        Some(name) => format!("the browser's storage refused ({name})"),
        None => "the browser's storage refused".to_string(),
    };
    io::Error::other(why)
}

/// The tests run natively, on a map per test thread in place of the
/// browser's storage.
#[cfg(all(test, not(target_arch = "wasm32")))]
fn storage() -> io::Result<tests::Memory> {
    Ok(tests::Memory)
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;
    use std::cell::RefCell;
    use std::collections::BTreeMap;

    thread_local! {
        static MAP: RefCell<BTreeMap<String, String>> = const { RefCell::new(BTreeMap::new()) };
    }

    pub(super) struct Memory;

    impl Keys for Memory {
        fn get_value(&self, key: &str) -> io::Result<Option<String>> {
            Ok(MAP.with(|map| map.borrow().get(key).cloned()))
        }
        fn set_value(&self, key: &str, value: &str) -> io::Result<()> {
            MAP.with(|map| map.borrow_mut().insert(key.into(), value.into()));
            Ok(())
        }
        fn remove_value(&self, key: &str) -> io::Result<()> {
            MAP.with(|map| map.borrow_mut().remove(key));
            Ok(())
        }
        fn all_keys(&self) -> io::Result<Vec<String>> {
            Ok(MAP.with(|map| map.borrow().keys().cloned().collect()))
        }
    }

    fn stored() -> Vec<String> {
        Memory.all_keys().unwrap()
    }

    /// Each test starts from an empty storage, whichever thread runs it.
    fn fresh() {
        MAP.with(|map| map.borrow_mut().clear());
    }

    #[test]
    fn a_write_replaces_the_entry_and_stamps_its_time() {
        fresh();
        let path = Path::new("chaupar/games/a.json");
        write_atomically(path, b"first").unwrap();
        write_atomically(path, b"second").unwrap();
        assert_eq!(read(path).unwrap(), b"second");
        assert!(modified(path).is_some_and(|t| t.as_secs() > 1_600_000_000));
        assert_eq!(
            stored(),
            ["chaupar/games/a.json", "modified:chaupar/games/a.json"]
        );
        assert_eq!(
            read(Path::new("chaupar/games/b.json")).unwrap_err().kind(),
            io::ErrorKind::NotFound
        );
    }

    #[test]
    fn entries_are_the_folder_s_own_and_not_deeper_or_beside() {
        fresh();
        for path in [
            "chaupar/settings.json",
            "chaupar/games/b.json",
            "chaupar/games/a.json",
            "chaupar/games-old/c.json",
            "chaupar/games/deeper/d.json",
        ] {
            write_atomically(Path::new(path), b"{}").unwrap();
        }
        let games = entries(Path::new("chaupar/games")).unwrap();
        assert_eq!(
            games,
            [
                PathBuf::from("chaupar/games/a.json"),
                PathBuf::from("chaupar/games/b.json")
            ]
        );
        remove_all(Path::new("chaupar/games")).unwrap();
        assert_eq!(
            stored(),
            [
                "chaupar/games-old/c.json",
                "chaupar/settings.json",
                "modified:chaupar/games-old/c.json",
                "modified:chaupar/settings.json"
            ]
        );
    }

    #[test]
    fn setting_aside_never_overwrites_an_earlier_copy() {
        fresh();
        let path = Path::new("chaupar/games/a.json");
        let mut asides = Vec::new();
        for content in ["one", "two", "three"] {
            write_atomically(path, content.as_bytes()).unwrap();
            asides.push(set_aside(path, "damaged").unwrap());
        }
        let names: Vec<_> = asides.iter().map(|p| key(p)).collect();
        assert_eq!(
            names,
            [
                "chaupar/games/a.json.damaged",
                "chaupar/games/a.json.damaged-2",
                "chaupar/games/a.json.damaged-3"
            ]
        );
        let contents: Vec<_> = asides.iter().map(|p| read(p).unwrap()).collect();
        assert_eq!(
            contents,
            [b"one".to_vec(), b"two".to_vec(), b"three".to_vec()]
        );
        assert!(asides.iter().all(|p| modified(p).is_some()));
        assert_eq!(read(path).unwrap_err().kind(), io::ErrorKind::NotFound);
        assert_eq!(
            remove_file(path).unwrap_err().kind(),
            io::ErrorKind::NotFound
        );
    }
}
