//! Installing, checking and removing the bundled-skills cache `<home>/skills/.system`.
//!
//! Every change is staged in a hidden sibling directory and swapped in by renames, under an
//! advisory lock, so a crash at any point leaves either the old complete cache, the new complete
//! cache, or a complete copy next to it that the next start moves back into place.

use std::fmt;
use std::fs::{self, File, OpenOptions};
use std::io;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU32, Ordering};
use std::time::{SystemTime, UNIX_EPOCH};

use skilldeck_model::Layout;

use crate::bundle::Bundle;
use crate::error::{Action, InstallError};
use crate::hook::checkpoint;
use crate::marker::{self, DirState};

/// Options of [`install`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct InstallOptions {
    /// Rewrite the cache even when it is up to date.
    pub force: bool,
}

/// What [`install`] did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum InstallOutcome {
    /// There was no cache; it was written.
    Installed,
    /// The cache was complete and current; nothing was written.
    UpToDate,
    /// An interrupted install had left a complete, current cache beside `.system`; it was moved
    /// into place and nothing else was written.
    Recovered,
    /// The cache was current but files were missing or had another size; it was rewritten.
    Healed {
        /// Relative paths of files that were missing.
        missing: Vec<String>,
        /// Relative paths of files whose size or type differed.
        resized: Vec<String>,
    },
    /// The cache held another bundle (or had no readable marker, or `force` was set); it was
    /// rewritten.
    Reinstalled {
        /// The fingerprint recorded in the old marker, when it could be read.
        previous: Option<String>,
    },
}

impl fmt::Display for InstallOutcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            InstallOutcome::Installed => f.write_str("installed"),
            InstallOutcome::UpToDate => f.write_str("up to date"),
            InstallOutcome::Recovered => f.write_str("recovered an interrupted install"),
            InstallOutcome::Healed { missing, resized } => write!(
                f,
                "healed ({} missing, {} damaged files restored)",
                missing.len(),
                resized.len()
            ),
            InstallOutcome::Reinstalled { .. } => f.write_str("reinstalled"),
        }
    }
}

/// The state of a cache, judged from its marker and a `stat` of each file (no hashing).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Status {
    /// No cache directory.
    Missing,
    /// Complete and holding this bundle.
    UpToDate,
    /// Holding another bundle, or without a readable marker.
    Stale {
        /// The fingerprint in the marker, when it could be read.
        installed: Option<String>,
    },
    /// Holding this bundle, but files are missing or have another size.
    Damaged {
        /// Relative paths of missing files.
        missing: Vec<String>,
        /// Relative paths of files whose size or type differs.
        resized: Vec<String>,
    },
}

/// Checks the cache against `bundle`: one marker read and one `stat` per file, no writes.
pub fn status(layout: &Layout, home: &Path, bundle: &Bundle<'_>) -> Status {
    status_of(&layout.system_cache_dir(home), layout, bundle)
}

fn status_of(system_dir: &Path, layout: &Layout, bundle: &Bundle<'_>) -> Status {
    match marker::inspect(system_dir, &layout.marker_file) {
        DirState::Missing => Status::Missing,
        DirState::Unmarked => Status::Stale { installed: None },
        DirState::Marked { fingerprint, .. } if fingerprint != bundle.fingerprint() => {
            Status::Stale {
                installed: Some(fingerprint),
            }
        }
        DirState::Marked {
            missing, resized, ..
        } if missing.is_empty() && resized.is_empty() => Status::UpToDate,
        DirState::Marked {
            missing, resized, ..
        } => Status::Damaged { missing, resized },
    }
}

/// Makes `<home>/skills/.system` hold exactly `bundle`, atomically and safely against
/// concurrent and interrupted runs. Writes nothing when the cache is already up to date (unless
/// `options.force`), and nothing outside `<home>/skills/` except creating missing ancestors of it.
pub fn install(
    layout: &Layout,
    home: &Path,
    bundle: &Bundle<'_>,
    options: InstallOptions,
) -> Result<InstallOutcome, InstallError> {
    let home = std::path::absolute(home).map_err(InstallError::io(Action::NormalizeHome, home))?;
    let skills_dir = layout.skills_dir(&home);
    let system_dir = layout.system_cache_dir(&home);
    let names = Names::new(layout);

    // Fast path, no lock: the marker, a stat per file and a listing of `<home>/skills`.
    let before = status_of(&system_dir, layout, bundle);
    let up_to_date = before == Status::UpToDate && !options.force;
    if up_to_date && !has_leftovers(&skills_dir, &names) {
        return Ok(InstallOutcome::UpToDate);
    }

    fs::create_dir_all(&skills_dir)
        .map_err(InstallError::io(Action::CreateSkillsDir, &skills_dir))?;
    let _lock = match lock(&skills_dir, &names) {
        Ok(lock) => lock,
        // Leftovers cannot be cleaned (e.g. a read-only home), but the cache itself is fine.
        Err(_) if up_to_date => return Ok(InstallOutcome::UpToDate),
        Err(error) => return Err(error),
    };
    checkpoint("lock taken");

    let recovered = recover(&skills_dir, &system_dir, &names, layout, bundle)?;
    checkpoint("leftovers cleaned");

    // Another process may have installed while this one waited for the lock.
    let outcome = match status_of(&system_dir, layout, bundle) {
        Status::UpToDate if !options.force => {
            return Ok(if recovered {
                InstallOutcome::Recovered
            } else {
                InstallOutcome::UpToDate
            });
        }
        Status::UpToDate => InstallOutcome::Reinstalled {
            previous: Some(bundle.fingerprint().to_owned()),
        },
        Status::Missing => InstallOutcome::Installed,
        Status::Stale { installed } => InstallOutcome::Reinstalled {
            previous: installed,
        },
        Status::Damaged { missing, resized } => InstallOutcome::Healed { missing, resized },
    };

    let staged = skills_dir.join(Names::fresh(&names.staging_prefix));
    if let Err(error) = stage(&staged, layout, bundle) {
        let _ = remove_any(&staged);
        return Err(error);
    }
    swap(&skills_dir, &system_dir, &staged, &names)?;
    Ok(outcome)
}

/// Removes `<home>/skills/.system` (moved aside, then deleted) and any leftover of an
/// interrupted install. Returns whether a cache was removed. Never called implicitly: disabling
/// bundled skills in the config only stops loading them.
pub fn uninstall(layout: &Layout, home: &Path) -> Result<bool, InstallError> {
    let home = std::path::absolute(home).map_err(InstallError::io(Action::NormalizeHome, home))?;
    let skills_dir = layout.skills_dir(&home);
    let system_dir = layout.system_cache_dir(&home);
    let names = Names::new(layout);
    if fs::symlink_metadata(&skills_dir).is_err() {
        return Ok(false);
    }
    let _lock = lock(&skills_dir, &names)?;
    for leftover in leftovers(&skills_dir, &names)? {
        remove_any(&leftover).map_err(InstallError::io(Action::RemoveLeftover, &leftover))?;
    }
    if fs::symlink_metadata(&system_dir).is_err() {
        return Ok(false);
    }
    let trash = skills_dir.join(Names::fresh(&names.trash_prefix));
    fs::rename(&system_dir, &trash).map_err(InstallError::io(Action::MoveAside, &system_dir))?;
    remove_any(&trash).map_err(InstallError::io(Action::RemoveOld, &trash))?;
    Ok(true)
}

/// File names derived from the layout's cache directory name (`.system`).
struct Names {
    lock: String,
    staging_prefix: String,
    trash_prefix: String,
}

impl Names {
    fn new(layout: &Layout) -> Names {
        let base = layout.system_subdir.as_ref();
        Names {
            lock: format!("{base}.lock"),
            staging_prefix: format!("{base}.tmp-"),
            trash_prefix: format!("{base}.trash-"),
        }
    }

    /// `<prefix><pid>-<nonce>`: unique per process and call.
    fn fresh(prefix: &str) -> String {
        static COUNTER: AtomicU32 = AtomicU32::new(0);
        let nanos = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(0, |elapsed| elapsed.subsec_nanos());
        let count = COUNTER.fetch_add(1, Ordering::Relaxed);
        format!("{prefix}{}-{nanos:08x}{count:x}", std::process::id())
    }

    fn is_leftover(&self, name: &str) -> bool {
        name.starts_with(&self.staging_prefix) || name.starts_with(&self.trash_prefix)
    }
}

/// Takes the exclusive install lock; it is released when the returned file is dropped, or by
/// the OS when the process dies.
fn lock(skills_dir: &Path, names: &Names) -> Result<File, InstallError> {
    let path = skills_dir.join(&names.lock);
    let file = OpenOptions::new()
        .create(true)
        .truncate(false)
        .write(true)
        .open(&path)
        .map_err(InstallError::io(Action::OpenLock, &path))?;
    file.lock().map_err(InstallError::io(Action::Lock, &path))?;
    Ok(file)
}

fn has_leftovers(skills_dir: &Path, names: &Names) -> bool {
    fs::read_dir(skills_dir).is_ok_and(|entries| {
        entries
            .flatten()
            .any(|entry| names.is_leftover(&entry.file_name().to_string_lossy()))
    })
}

fn leftovers(skills_dir: &Path, names: &Names) -> Result<Vec<PathBuf>, InstallError> {
    let entries =
        fs::read_dir(skills_dir).map_err(InstallError::io(Action::ListSkillsDir, skills_dir))?;
    let mut found: Vec<PathBuf> = entries
        .flatten()
        .filter(|entry| names.is_leftover(&entry.file_name().to_string_lossy()))
        .map(|entry| entry.path())
        .collect();
    found.sort();
    Ok(found)
}

/// Under the lock every leftover belongs to a dead process. When `.system` is missing (a crash
/// between the two renames of a swap), a complete leftover — preferably one holding `bundle` —
/// becomes `.system` again; every other leftover is deleted. Returns whether one was restored.
fn recover(
    skills_dir: &Path,
    system_dir: &Path,
    names: &Names,
    layout: &Layout,
    bundle: &Bundle<'_>,
) -> Result<bool, InstallError> {
    let mut leftovers = leftovers(skills_dir, names)?;
    let mut restored = false;
    if fs::symlink_metadata(system_dir).is_err() {
        let complete: Vec<(usize, bool)> = leftovers
            .iter()
            .enumerate()
            .filter_map(|(index, dir)| {
                let state = marker::inspect(dir, &layout.marker_file);
                let fingerprint = state.complete_fingerprint()?;
                Some((index, fingerprint == bundle.fingerprint()))
            })
            .collect();
        let best = complete
            .iter()
            .find(|(_, current)| *current)
            .or(complete.first())
            .map(|(index, _)| *index);
        if let Some(index) = best {
            let source = leftovers.remove(index);
            fs::rename(&source, system_dir)
                .map_err(InstallError::io(Action::RestoreCache, &source))?;
            checkpoint("interrupted install restored");
            restored = true;
        }
    }
    for leftover in leftovers {
        remove_any(&leftover).map_err(InstallError::io(Action::RemoveLeftover, &leftover))?;
        checkpoint("leftover removed");
    }
    Ok(restored)
}

/// Writes every directory and file of `bundle` into `staged`, then the marker (written under a
/// temporary name and renamed, so a marker is never partial).
fn stage(staged: &Path, layout: &Layout, bundle: &Bundle<'_>) -> Result<(), InstallError> {
    fs::create_dir(staged).map_err(InstallError::io(Action::CreateDir, staged))?;
    checkpoint("staging directory created");
    let entries = bundle.entries();
    for entry in &entries {
        let target = staged.join(entry.path);
        match entry.content {
            None => {
                fs::create_dir_all(&target)
                    .map_err(InstallError::io(Action::CreateDir, &target))?;
                checkpoint("directory staged");
            }
            Some(content) => {
                if let Some(parent) = target.parent() {
                    fs::create_dir_all(parent)
                        .map_err(InstallError::io(Action::CreateDir, parent))?;
                }
                fs::write(&target, content)
                    .map_err(InstallError::io(Action::WriteFile, &target))?;
                checkpoint("file staged");
            }
        }
    }
    let marker_path = staged.join(layout.marker_file.as_ref());
    let partial = staged.join(format!("{}.partial", layout.marker_file));
    fs::write(&partial, marker::render(bundle.fingerprint(), &entries))
        .map_err(InstallError::io(Action::WriteMarker, &partial))?;
    checkpoint("marker written");
    fs::rename(&partial, &marker_path)
        .map_err(InstallError::io(Action::WriteMarker, &marker_path))?;
    checkpoint("marker in place");
    Ok(())
}

/// Moves the old cache aside, the staged one into place, and deletes the old one.
fn swap(
    skills_dir: &Path,
    system_dir: &Path,
    staged: &Path,
    names: &Names,
) -> Result<(), InstallError> {
    let trash = if fs::symlink_metadata(system_dir).is_ok() {
        let trash = skills_dir.join(Names::fresh(&names.trash_prefix));
        fs::rename(system_dir, &trash).map_err(InstallError::io(Action::MoveAside, system_dir))?;
        checkpoint("old cache moved aside");
        Some(trash)
    } else {
        None
    };
    if let Err(error) = fs::rename(staged, system_dir) {
        if let Some(trash) = &trash {
            let _ = fs::rename(trash, system_dir);
        }
        let _ = remove_any(staged);
        return Err(InstallError::io(Action::MoveIntoPlace, system_dir)(error));
    }
    checkpoint("new cache in place");
    if let Some(trash) = trash {
        // The new cache is in place; a trash that cannot be deleted now is removed next time.
        let _ = remove_any(&trash);
        checkpoint("old cache removed");
    }
    Ok(())
}

fn remove_any(path: &Path) -> io::Result<()> {
    match fs::symlink_metadata(path) {
        Ok(meta) if meta.is_dir() => fs::remove_dir_all(path),
        Ok(_) => fs::remove_file(path),
        Err(error) if error.kind() == io::ErrorKind::NotFound => Ok(()),
        Err(error) => Err(error),
    }
}
