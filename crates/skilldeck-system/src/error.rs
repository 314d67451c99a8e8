//! The installer's error: which step failed, on which path, and the I/O reason.

use std::fmt;
use std::io;
use std::path::PathBuf;

/// A step of installing or uninstalling, named in errors.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// Making the home directory absolute.
    NormalizeHome,
    /// Creating `<home>/skills`.
    CreateSkillsDir,
    /// Opening or creating the lock file.
    OpenLock,
    /// Waiting for the lock.
    Lock,
    /// Listing `<home>/skills` to find leftovers of an interrupted install.
    ListSkillsDir,
    /// Moving a complete leftover copy back to `.system`.
    RestoreCache,
    /// Removing a leftover staging or trash directory.
    RemoveLeftover,
    /// Creating the staging directory or one of its sub-directories.
    CreateDir,
    /// Writing a skill file into the staging directory.
    WriteFile,
    /// Writing the marker into the staging directory.
    WriteMarker,
    /// Moving the current cache aside.
    MoveAside,
    /// Moving the staged cache into place.
    MoveIntoPlace,
    /// Deleting the old cache after the swap.
    RemoveOld,
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Action::NormalizeHome => "normalizing the home directory",
            Action::CreateSkillsDir => "creating the skills directory",
            Action::OpenLock => "opening the install lock",
            Action::Lock => "waiting for the install lock",
            Action::ListSkillsDir => "listing the skills directory",
            Action::RestoreCache => "restoring an interrupted install",
            Action::RemoveLeftover => "removing a leftover of an interrupted install",
            Action::CreateDir => "creating a staging directory",
            Action::WriteFile => "writing a bundled skill file",
            Action::WriteMarker => "writing the marker",
            Action::MoveAside => "moving the old cache aside",
            Action::MoveIntoPlace => "moving the new cache into place",
            Action::RemoveOld => "removing the old cache",
        })
    }
}

/// Why installing or uninstalling the bundled skills failed. Whatever cache existed before is
/// still complete and loadable: nothing is removed until its replacement is fully written.
#[derive(Debug, thiserror::Error)]
pub enum InstallError {
    /// An I/O step failed (e.g. a read-only home).
    #[error("io error while {action} {}: {source}", path.display())]
    Io {
        /// The step.
        action: Action,
        /// The file or directory it was working on.
        path: PathBuf,
        /// The I/O error.
        source: io::Error,
    },
}

impl InstallError {
    pub(crate) fn io(
        action: Action,
        path: impl Into<PathBuf>,
    ) -> impl FnOnce(io::Error) -> InstallError {
        let path = path.into();
        move |source| InstallError::Io {
            action,
            path,
            source,
        }
    }

    /// The step that failed.
    pub fn action(&self) -> Action {
        match self {
            InstallError::Io { action, .. } => *action,
        }
    }
}
