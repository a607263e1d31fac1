//! File operations that keep a save whole: atomic replacement and setting a
//! bad file aside under a name that overwrites nothing.

use std::fs::{self, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, UNIX_EPOCH};

const TEMP_SUFFIX: &str = ".tmp";

/// Makes the folder if missing and clears away the temporary files of
/// writes that a crash interrupted (harmless leftovers: failing to tidy
/// them must not stop the app).
pub(crate) fn prepare_folder(folder: &Path) -> io::Result<()> {
    fs::create_dir_all(folder)?;
    let _ = remove_leftover_temps(folder);
    Ok(())
}

pub(crate) fn read(path: &Path) -> io::Result<Vec<u8>> {
    fs::read(path)
}

pub(crate) fn remove_file(path: &Path) -> io::Result<()> {
    fs::remove_file(path)
}

/// Removes a file, or a folder with everything in it.
pub(crate) fn remove_all(path: &Path) -> io::Result<()> {
    match fs::symlink_metadata(path) {
        Ok(meta) if meta.is_dir() => fs::remove_dir_all(path),
        _ => fs::remove_file(path),
    }
}

/// The files and folders directly in `folder`.
pub(crate) fn entries(folder: &Path) -> io::Result<Vec<PathBuf>> {
    fs::read_dir(folder)?
        .map(|entry| entry.map(|entry| entry.path()))
        .collect()
}

/// When the file was last written, in time since 1970.
pub(crate) fn modified(path: &Path) -> Option<Duration> {
    fs::symlink_metadata(path)
        .and_then(|meta| meta.modified())
        .ok()
        .and_then(|time| time.duration_since(UNIX_EPOCH).ok())
}

/// Replaces `path` with `bytes` so that a crash at any instant leaves either
/// the old file or the new one: the bytes go to a temporary file in the same
/// folder, reach the disk, and only then is that file renamed over the old
/// one (a rename within a folder is atomic), and the folder itself is synced
/// so that the rename survives a power cut.
pub(crate) fn write_atomically(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let folder = parent_folder(path);
    let temp = temp_path(path);
    let written = (|| {
        let mut file = OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&temp)?;
        file.write_all(bytes)?;
        file.sync_all()?;
        drop(file);
        fs::rename(&temp, path)?;
        sync_folder(folder)
    })();
    if written.is_err() {
        // Gone already if the rename happened; otherwise it is only litter.
        let _ = fs::remove_file(&temp);
    }
    written
}

/// A temporary name beside `path`, unique to this process and this write,
/// starting with a dot so that listings skip it.
fn temp_path(path: &Path) -> PathBuf {
    static WRITES: AtomicU64 = AtomicU64::new(0);
    let write = WRITES.fetch_add(1, Ordering::Relaxed);
    let name = path.file_name().unwrap_or_default().to_string_lossy();
    parent_folder(path).join(format!(
        ".{name}.{}-{write}{TEMP_SUFFIX}",
        std::process::id()
    ))
}

fn parent_folder(path: &Path) -> &Path {
    path.parent()
        .filter(|parent| !parent.as_os_str().is_empty())
        .unwrap_or(Path::new("."))
}

#[cfg(unix)]
fn sync_folder(folder: &Path) -> io::Result<()> {
    fs::File::open(folder)?.sync_all()
}

/// Other systems cannot open a folder as a file; their renames are made
/// durable by the file system itself (NTFS journals metadata).
#[cfg(not(unix))]
fn sync_folder(_folder: &Path) -> io::Result<()> {
    Ok(())
}

/// Removes temporary files left in `folder` by writes that a crash
/// interrupted. Each is either incomplete or a copy of a save that a later
/// write replaced, so the saves themselves are untouched.
fn remove_leftover_temps(folder: &Path) -> io::Result<()> {
    for entry in fs::read_dir(folder)? {
        let entry = entry?;
        let name = entry.file_name();
        let name = name.to_string_lossy();
        if name.starts_with('.') && name.ends_with(TEMP_SUFFIX) {
            fs::remove_file(entry.path())?;
        }
    }
    Ok(())
}

/// Renames `path` to `<name>.<tag>`, or `<name>.<tag>-2`, `-3`, ... if that
/// is taken, and returns the new path. Nothing existing is overwritten (the
/// app is the only writer of its data folder, so the check cannot race).
pub(crate) fn set_aside(path: &Path, tag: &str) -> io::Result<PathBuf> {
    let name = path.file_name().unwrap_or_default().to_string_lossy();
    for attempt in 1u32.. {
        let aside_name = match attempt {
            1 => format!("{name}.{tag}"),
            n => format!("{name}.{tag}-{n}"),
        };
        let aside = parent_folder(path).join(aside_name);
        match fs::symlink_metadata(&aside) {
            Err(err) if err.kind() == io::ErrorKind::NotFound => {
                fs::rename(path, &aside)?;
                return Ok(aside);
            }
            Err(err) => return Err(err),
            Ok(_) => continue,
        }
    }
    unreachable!("more set-aside copies of one file than u32 can count")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!(
            "chaupar-files-{name}-{}-{}",
            std::process::id(),
            crate::store::unix_now()
        ));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        dir
    }

    /// The names in a folder, sorted.
    fn names_in(dir: &std::path::Path) -> Vec<std::ffi::OsString> {
        let mut names: Vec<_> = fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        names.sort();
        names
    }

    #[test]
    fn an_atomic_write_replaces_the_file_and_leaves_no_temporary() {
        let dir = scratch("atomic");
        let path = dir.join("a.json");
        write_atomically(&path, b"first").unwrap();
        write_atomically(&path, b"second").unwrap();
        assert_eq!(fs::read(&path).unwrap(), b"second");
        assert_eq!(names_in(&dir), ["a.json"]);
        fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn a_failed_write_keeps_the_old_file() {
        let dir = scratch("failed");
        let path = dir.join("a.json");
        write_atomically(&path, b"old").unwrap();
        // A folder in the way makes the rename fail after the temporary is written.
        let blocked = dir.join("blocked");
        fs::create_dir(&blocked).unwrap();
        fs::write(blocked.join("inside"), b"x").unwrap();
        assert!(write_atomically(&blocked, b"new").is_err());
        assert_eq!(fs::read(&path).unwrap(), b"old");
        assert!(remove_leftover_temps(&dir).is_ok());
        assert_eq!(names_in(&dir), ["a.json", "blocked"]);
        fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn leftover_temporaries_are_removed_and_saves_kept() {
        let dir = scratch("leftover");
        fs::write(dir.join("a.json"), b"save").unwrap();
        fs::write(dir.join(".a.json.123-0.tmp"), b"half").unwrap();
        remove_leftover_temps(&dir).unwrap();
        assert_eq!(names_in(&dir), ["a.json"]);
        fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn setting_aside_never_overwrites_an_earlier_copy() {
        let dir = scratch("aside");
        let path = dir.join("a.json");
        let mut asides = Vec::new();
        for content in ["one", "two", "three"] {
            fs::write(&path, content).unwrap();
            asides.push(set_aside(&path, "damaged").unwrap());
        }
        let names: Vec<_> = asides
            .iter()
            .map(|p| p.file_name().unwrap().to_owned())
            .collect();
        assert_eq!(
            names,
            ["a.json.damaged", "a.json.damaged-2", "a.json.damaged-3"]
        );
        let contents: Vec<_> = asides
            .iter()
            .map(|p| fs::read_to_string(p).unwrap())
            .collect();
        assert_eq!(contents, ["one", "two", "three"]);
        assert!(!path.exists());
        fs::remove_dir_all(dir).unwrap();
    }
}
