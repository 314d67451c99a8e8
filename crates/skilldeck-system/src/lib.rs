//! skilldeck's bundled skills and their installer.
//!
//! **Owns:** the skills in `skills-samples/`, embedded at build time ([`BUNDLED`]); their
//! fingerprint ([`BUNDLED_FINGERPRINT`], SHA-256, computed by `build.rs`); installing them into
//! `<home>/skills/.system` ([`install`]) atomically, safely against concurrent processes and
//! crashes at any point, and self-healing; checking a cache without writing ([`status`]); and
//! removing it on request ([`uninstall`]).
//!
//! **Must not:** know about scopes, loading or rendering; write anywhere but `<home>/skills/`
//! (it creates missing ancestors of that directory and nothing else); delete a cache because
//! bundled skills are disabled (that only stops loading them); hash the installed tree.
//!
//! # How an install stays safe
//!
//! * **Atomic.** Everything, marker included, is written to a hidden sibling
//!   `<home>/skills/.system.tmp-<pid>-<nonce>`; then the old `.system` is renamed to
//!   `.system.trash-<pid>-<nonce>`, the staged directory is renamed to `.system`, and the trash is
//!   deleted. Loaders never scan the hidden siblings.
//! * **Recoverable.** A crash leaves the old cache, the new cache, or (between the two renames)
//!   no `.system` but a complete sibling; the next start moves a complete sibling back —
//!   preferring one that holds the current bundle — and deletes every other leftover.
//! * **Concurrent.** All writers hold an exclusive advisory lock on `<home>/skills/.system.lock`;
//!   leftovers seen while holding it belong to dead processes.
//! * **Cheap when current.** The up-to-date check reads the marker and `stat`s each listed file;
//!   a missing or resized file triggers a rewrite ([`InstallOutcome::Healed`]).
//!
//! # Marker format
//!
//! `<home>/skills/.system/<marker file>` (`.skilldeck-system-skills.marker` or, in the Codex
//! layout, `.codex-system-skills.marker`):
//!
//! ```text
//! <fingerprint: 64 lowercase hex digits>
//! <size in bytes><TAB><relative path with />     one line per file, sorted by path
//! end
//! ```
//!
//! # Fingerprint
//!
//! SHA-256 over a domain tag and then, for every directory and file of the tree sorted by
//! relative path (`/`-separated), the fields path, kind (`dir` or `file`) and, for files, the
//! content — each field preceded by its length as a little-endian `u64`. Lowercase hex.
//!
//! # Example
//!
//! ```
//! use skilldeck_model::Layout;
//! use skilldeck_system::{Bundle, InstallOptions, InstallOutcome, Status, install, status};
//!
//! let home = tempfile::tempdir()?;
//! let layout = Layout::skilldeck();
//! let bundle = Bundle::builtin();
//!
//! let first = install(&layout, home.path(), &bundle, InstallOptions::default())?;
//! assert_eq!(first, InstallOutcome::Installed);
//! assert!(home.path().join("skills/.system/skill-creator/SKILL.md").is_file());
//!
//! // A second start only reads the marker.
//! let second = install(&layout, home.path(), &bundle, InstallOptions::default())?;
//! assert_eq!(second, InstallOutcome::UpToDate);
//! assert_eq!(status(&layout, home.path(), &bundle), Status::UpToDate);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
#![deny(missing_docs)]

mod bundle;
mod error;
mod fingerprint;
mod hook;
mod install;
mod marker;

pub use bundle::{BUNDLED, BUNDLED_FINGERPRINT, Bundle, fingerprint_of};
pub use error::{Action, InstallError};
pub use include_dir::{Dir, DirEntry, File};
pub use install::{InstallOptions, InstallOutcome, Status, install, status, uninstall};
