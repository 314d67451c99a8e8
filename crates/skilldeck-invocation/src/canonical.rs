//! Path canonicalisation behind a trait, so tests can fake the file system.

use std::path::{Path, PathBuf};

/// Turns a path into its canonical form (symlinks resolved), or says it cannot.
///
/// Closures `Fn(&Path) -> Option<PathBuf>` implement it.
pub trait Canonicalizer {
    /// The canonical path, or `None` when the path does not exist or cannot be resolved.
    fn canonicalize(&self, path: &Path) -> Option<PathBuf>;

    /// The canonical path when there is one, else `path` itself (Codex's fallback).
    fn canonical_or_raw(&self, path: &Path) -> PathBuf {
        self.canonicalize(path)
            .unwrap_or_else(|| path.to_path_buf())
    }
}

impl<F> Canonicalizer for F
where
    F: Fn(&Path) -> Option<PathBuf>,
{
    fn canonicalize(&self, path: &Path) -> Option<PathBuf> {
        self(path)
    }
}

/// The real file system, spelled like the loader's paths (no Windows `\\?\` prefix).
#[derive(Clone, Copy, Debug, Default)]
pub struct FsCanonicalizer;

impl Canonicalizer for FsCanonicalizer {
    fn canonicalize(&self, path: &Path) -> Option<PathBuf> {
        dunce::canonicalize(path).ok()
    }
}
