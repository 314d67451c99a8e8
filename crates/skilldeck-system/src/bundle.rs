//! A tree of skills to install (the embedded one, or any other for tests) and its fingerprint.

use std::borrow::Cow;
use std::path::{Component, Path};

use include_dir::{Dir, DirEntry, include_dir};

use crate::fingerprint::{Item, fingerprint};

/// skilldeck's own bundled skills: `skills-samples/`, compiled into the binary.
pub static BUNDLED: Dir<'static> = include_dir!("$CARGO_MANIFEST_DIR/../../skills-samples");

/// The fingerprint of [`BUNDLED`], computed by `build.rs` (see the crate docs for the algorithm).
pub const BUNDLED_FINGERPRINT: &str =
    include_str!(concat!(env!("OUT_DIR"), "/bundled_fingerprint.txt"));

/// A tree of skills and its fingerprint: what [`install`](crate::install) writes.
#[derive(Clone, Debug)]
pub struct Bundle<'a> {
    tree: &'a Dir<'a>,
    fingerprint: Cow<'static, str>,
}

impl Bundle<'static> {
    /// The embedded bundled skills, with their build-time fingerprint (no hashing at run time).
    pub fn builtin() -> Bundle<'static> {
        Bundle {
            tree: &BUNDLED,
            fingerprint: Cow::Borrowed(BUNDLED_FINGERPRINT),
        }
    }
}

impl<'a> Bundle<'a> {
    /// Any tree, fingerprinted now (hashes every file once).
    pub fn from_dir(tree: &'a Dir<'a>) -> Bundle<'a> {
        Bundle {
            tree,
            fingerprint: Cow::Owned(fingerprint_of(tree)),
        }
    }

    /// The tree.
    pub fn tree(&self) -> &'a Dir<'a> {
        self.tree
    }

    /// Its fingerprint: 64 lowercase hex digits.
    pub fn fingerprint(&self) -> &str {
        &self.fingerprint
    }

    /// Every directory and file of the tree, parents before children, sorted by relative path.
    pub(crate) fn entries(&self) -> Vec<Entry<'a>> {
        let mut entries = Vec::new();
        collect(self.tree, &mut entries);
        entries.sort_by(|a, b| a.relative.cmp(&b.relative));
        entries
    }
}

/// One directory or file of a bundle.
pub(crate) struct Entry<'a> {
    /// Path relative to the tree's root, `/`-separated.
    pub(crate) relative: String,
    /// The same as a path.
    pub(crate) path: &'a Path,
    /// File content; `None` for a directory.
    pub(crate) content: Option<&'a [u8]>,
}

/// SHA-256 fingerprint of a tree: what `build.rs` computes for [`BUNDLED`].
pub fn fingerprint_of(tree: &Dir<'_>) -> String {
    let mut entries = Vec::new();
    collect(tree, &mut entries);
    fingerprint(
        entries
            .into_iter()
            .map(|entry| Item {
                path: entry.relative,
                content: entry.content,
            })
            .collect(),
    )
}

fn collect<'a>(dir: &'a Dir<'a>, out: &mut Vec<Entry<'a>>) {
    for entry in dir.entries() {
        let path = entry.path();
        // Only plain relative paths: nothing can be written outside the cache.
        let Some(relative) = relative_string(path) else {
            continue;
        };
        match entry {
            DirEntry::Dir(sub) => {
                out.push(Entry {
                    relative,
                    path,
                    content: None,
                });
                collect(sub, out);
            }
            DirEntry::File(file) => out.push(Entry {
                relative,
                path,
                content: Some(file.contents()),
            }),
        }
    }
}

fn relative_string(path: &Path) -> Option<String> {
    let mut parts = Vec::new();
    for component in path.components() {
        match component {
            Component::Normal(part) => parts.push(part.to_string_lossy()),
            Component::CurDir => {}
            _ => return None,
        }
    }
    (!parts.is_empty()).then(|| parts.join("/"))
}
