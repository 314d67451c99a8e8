//! Plugin namespaces of the skills under one root (spec §5.6 [B2], errata 4.4).
//!
//! A namespace comes, strongest first, from the root itself (a plugin-provided root), from the
//! deepest candidate directory that contains the skill's canonical path, or from the nearest
//! valid manifest at or above the scanned root. Candidates are the canonical folders of skills
//! reached through symlinks (resolved on their own, possibly to "no namespace") and plugin roots
//! found by the walk whose manifest is valid.
use std::collections::{BTreeSet, HashMap};
use std::path::{Path, PathBuf};

use crate::manifest::namespace_from_manifest;
use skilldeck_model::Diagnostic;

use crate::read::{MAX_METADATA_BYTES, MetadataFile, is_regular_file, read_metadata_file};

/// Manifest locations below a plugin root, in probing order; only the first existing one counts.
const MANIFEST_PATHS: [&str; 2] = [".codex-plugin/plugin.json", ".claude-plugin/plugin.json"];

/// Stable code of the diagnostic naming a plugin manifest over 1 MiB, ignored unread (Codex
/// would read it, up to 512 MiB; a legitimate one is a few KiB).
pub const MANIFEST_TOO_LARGE_CODE: &str = "manifest.too_large";

/// Looks up manifests, each directory at most once.
#[derive(Debug, Default)]
pub(crate) struct ManifestCache {
    by_dir: HashMap<PathBuf, Option<String>>,
    /// Manifests ignored because of their size, in the order they were met.
    pub diagnostics: Vec<Diagnostic>,
}

impl ManifestCache {
    /// The namespace of the manifest directly in `dir`, if its first existing manifest is valid.
    pub fn at(&mut self, dir: &Path) -> Option<String> {
        if let Some(known) = self.by_dir.get(dir) {
            return known.clone();
        }
        let namespace = read_manifest_at(dir, &mut self.diagnostics);
        self.by_dir.insert(dir.to_path_buf(), namespace.clone());
        namespace
    }

    /// The namespace of the nearest valid manifest at or above `dir`; an invalid manifest gives
    /// way to the next one outwards.
    pub fn nearest(&mut self, dir: &Path) -> Option<String> {
        dir.ancestors().find_map(|ancestor| self.at(ancestor))
    }
}

fn read_manifest_at(dir: &Path, diagnostics: &mut Vec<Diagnostic>) -> Option<String> {
    let manifest = MANIFEST_PATHS
        .iter()
        .map(|relative| dir.join(relative))
        .find(|path| is_regular_file(path))?;
    // Other read failures stay silent, as in Codex: the manifest simply gives no namespace.
    let bytes = match read_metadata_file(&manifest).ok()? {
        MetadataFile::Bytes(bytes) => bytes,
        MetadataFile::Absent => return None,
        MetadataFile::TooLarge(len) => {
            diagnostics.push(
                Diagnostic::warning(
                    MANIFEST_TOO_LARGE_CODE,
                    format!(
                        "ignored plugin manifest: it is {len} bytes, over the \
                         {MAX_METADATA_BYTES}-byte limit for metadata files; its skills get no \
                         namespace from it"
                    ),
                )
                .at(&manifest),
            );
            return None;
        }
    };
    let text = String::from_utf8(bytes).ok()?;
    namespace_from_manifest(&text, dir)
}

/// Decides the namespace of every skill of one root.
#[derive(Debug)]
pub(crate) struct NamespaceResolver {
    inherited: Option<String>,
    /// `(directory, namespace or None = plain)`; the deepest directory containing a skill wins.
    nested: Vec<(PathBuf, Option<String>)>,
}

impl NamespaceResolver {
    /// A root whose provider named the namespace: manifests are not read at all.
    pub fn provided(namespace: &str) -> NamespaceResolver {
        NamespaceResolver {
            inherited: Some(namespace.to_owned()),
            nested: Vec::new(),
        }
    }

    /// Resolves candidates for the canonical `root`. `symlinked_skill_dirs` are the canonical
    /// folders of skills whose canonical path differs from the walked one; `plugin_roots` are
    /// walked directories holding a manifest folder.
    pub fn discover(
        root: &Path,
        symlinked_skill_dirs: &BTreeSet<PathBuf>,
        plugin_roots: &BTreeSet<PathBuf>,
        cache: &mut ManifestCache,
    ) -> NamespaceResolver {
        let inherited = cache.nearest(root);
        let mut nested = Vec::new();
        for dir in symlinked_skill_dirs.iter().filter(|dir| *dir != root) {
            nested.push((dir.clone(), cache.nearest(dir)));
        }
        for plugin_root in plugin_roots {
            if plugin_root == root || symlinked_skill_dirs.contains(plugin_root) {
                continue;
            }
            // An invalid nested manifest is no candidate: the skill falls back outwards.
            if let Some(namespace) = cache.at(plugin_root) {
                nested.push((plugin_root.clone(), Some(namespace)));
            }
        }
        NamespaceResolver { inherited, nested }
    }

    /// The namespace for a skill with this canonical path (`None` = plain name).
    pub fn for_skill(&self, skill_path: &Path) -> Option<&str> {
        self.nested
            .iter()
            .filter(|(dir, _)| skill_path.starts_with(dir))
            .max_by_key(|(dir, _)| dir.components().count())
            .map_or(self.inherited.as_deref(), |(_, namespace)| {
                namespace.as_deref()
            })
    }
}

/// `namespace:base`, or `base` without a namespace.
pub(crate) fn qualify(namespace: Option<&str>, base: String) -> String {
    match namespace {
        Some(namespace) => format!("{namespace}:{base}"),
        None => base,
    }
}
