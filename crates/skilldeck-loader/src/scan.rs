//! Scanning one root: walk it, then load every `SKILL.md` found (spec §4, §5, errata §3–§4).
//!
//! [`scan_root`] is a pure function of the root and the options, so roots can be scanned in any
//! order or in parallel and merged afterwards with the same result.
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::sync::{Mutex, PoisonError};

use skilldeck_model::{Diagnostic, SkillError, SkillMetadata, SkillPolicy, SkillRoot};

use crate::LoaderOptions;
use crate::namespace::{ManifestCache, NamespaceResolver, qualify};
use crate::openai_yaml::{OpenAiMetadata, parse_openai_yaml};
use crate::read::{
    MAX_METADATA_BYTES, MetadataFile, is_regular_file, read_metadata_file, read_skill_text,
};
use crate::skill_file::parse_skill_file_named;
use crate::text::collapse_whitespace;
use crate::walk::{Inventory, METADATA_DIR_NAME, METADATA_FILE_NAME, walk};

/// Stable code of the diagnostic naming an `agents/openai.yaml` over 1 MiB, ignored unread
/// (Codex would read it, up to 512 MiB; a legitimate one is a few KiB).
pub const OPENAI_YAML_TOO_LARGE_CODE: &str = "openai_yaml.too_large";

/// Name used when neither the front matter nor the folder gives one.
const FALLBACK_NAME: &str = "skill";

/// What one root contributed. Merge several with [`crate::merge_root_scans`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RootScan {
    /// The root, with its path canonicalised (the raw path when that fails).
    pub root: SkillRoot,
    /// Loaded skills in walk order (not yet de-duplicated, filtered or sorted).
    pub skills: Vec<SkillMetadata>,
    /// Broken `SKILL.md` files in walk order (always empty for scopes that do not report errors).
    pub errors: Vec<SkillError>,
    /// Limits hit, unreadable directories, ignored `openai.yaml` files.
    pub diagnostics: Vec<Diagnostic>,
}

/// A candidate after canonicalisation.
struct Candidate {
    walked: PathBuf,
    canonical: PathBuf,
}

/// Canonical form of a path, or the path itself when it cannot be resolved.
pub(crate) fn canonical_or_raw(path: &Path) -> PathBuf {
    dunce::canonicalize(path).unwrap_or_else(|_| path.to_path_buf())
}

/// Scans one root: its skills, errors and diagnostics. Never panics and never fails as a whole.
///
/// A symlinked `SKILL.md` is followed only when [`LoaderOptions::follow_skill_file_symlinks`] is
/// on *and* the root's scope follows symlinks: a strict scope (system) stays strict.
pub fn scan_root(root: &SkillRoot, options: &LoaderOptions) -> RootScan {
    let prepared = PreparedRoot::walk(root, options);
    let loaded: Vec<Loaded> = (0..prepared.candidate_count())
        .map(|index| prepared.load(index))
        .collect();
    prepared.finish(loaded)
}

/// A root after its walk: every candidate can now be loaded on its own, in any order and on any
/// thread, and [`PreparedRoot::finish`] puts the results back in walk order.
pub(crate) struct PreparedRoot<'a> {
    root: &'a SkillRoot,
    options: &'a LoaderOptions,
    canonical_root: PathBuf,
    scan: RootScan,
    inventory: Inventory,
    /// Each candidate is taken (moved into its skill) by the one [`PreparedRoot::load`] call for
    /// it, so its paths are not copied; the lock is never contended.
    candidates: Vec<Mutex<Option<Candidate>>>,
    plugin_root: Option<PathBuf>,
    resolver: Option<NamespaceResolver>,
}

/// What loading one candidate gave: the skill (or error, or nothing) plus the diagnostics found
/// on the way, which belong before the next candidate's.
pub(crate) struct Loaded {
    /// The error carries the canonical path of the broken `SKILL.md`.
    result: Result<Option<SkillMetadata>, (PathBuf, String)>,
    diagnostics: Vec<Diagnostic>,
}

impl<'a> PreparedRoot<'a> {
    /// Canonicalises the root, walks it and resolves the namespaces of its candidates.
    pub(crate) fn walk(root: &'a SkillRoot, options: &'a LoaderOptions) -> PreparedRoot<'a> {
        let canonical_root = canonical_or_raw(&root.path);
        let scanned_root = SkillRoot {
            path: canonical_root.clone(),
            ..root.clone()
        };
        let scope = &root.scope;
        let mut inventory = if options.follow_skill_file_symlinks && !scope.follows_symlinks() {
            let strict = LoaderOptions {
                follow_skill_file_symlinks: false,
                ..options.clone()
            };
            walk(&canonical_root, false, &strict)
        } else {
            walk(&canonical_root, scope.follows_symlinks(), options)
        };
        let scan = RootScan {
            root: scanned_root,
            skills: Vec::new(),
            errors: Vec::new(),
            diagnostics: std::mem::take(&mut inventory.diagnostics),
        };
        let mut prepared = PreparedRoot {
            root,
            options,
            canonical_root,
            scan,
            inventory,
            candidates: Vec::new(),
            plugin_root: None,
            resolver: None,
        };
        if prepared.inventory.skill_files.is_empty() {
            return prepared;
        }
        let canonical_root = &prepared.canonical_root;
        let candidates: Vec<Candidate> = std::mem::take(&mut prepared.inventory.skill_files)
            .into_iter()
            .map(|file| Candidate {
                canonical: file
                    .canonical
                    .unwrap_or_else(|| canonical_or_raw(&canonical_root.join(&file.walked))),
                walked: file.walked,
            })
            .collect();
        prepared.plugin_root = root.plugin_root.as_deref().map(canonical_or_raw);
        prepared.resolver = Some(if let Some(namespace) = &root.plugin_namespace {
            NamespaceResolver::provided(namespace)
        } else {
            let symlinked_dirs: BTreeSet<PathBuf> = candidates
                .iter()
                .filter(|candidate| candidate.canonical != canonical_root.join(&candidate.walked))
                .filter_map(|candidate| candidate.canonical.parent().map(Path::to_path_buf))
                .collect();
            let plugin_roots: BTreeSet<PathBuf> = prepared
                .inventory
                .plugin_roots
                .iter()
                .map(|relative| canonical_root.join(relative))
                .collect();
            let mut cache = ManifestCache::default();
            let resolver = NamespaceResolver::discover(
                canonical_root,
                &symlinked_dirs,
                &plugin_roots,
                &mut cache,
            );
            prepared.scan.diagnostics.append(&mut cache.diagnostics);
            resolver
        });
        prepared.candidates = candidates
            .into_iter()
            .map(|candidate| Mutex::new(Some(candidate)))
            .collect();
        prepared
    }

    /// How many `SKILL.md` candidates the walk found.
    pub(crate) fn candidate_count(&self) -> usize {
        self.candidates.len()
    }

    /// Loads candidate `index` (reads and parses it). Depends only on the walk, never on other
    /// candidates, so candidates may be loaded concurrently.
    pub(crate) fn load(&self, index: usize) -> Loaded {
        let mut diagnostics = Vec::new();
        let taken = self.candidates[index]
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .take();
        // Each index is loaded once; a second call finds nothing to load.
        let (Some(candidate), Some(resolver)) = (taken, self.resolver.as_ref()) else {
            return Loaded {
                result: Ok(None),
                diagnostics,
            };
        };
        let result = match load_skill(
            &candidate,
            self.root,
            &self.inventory,
            self.plugin_root.as_deref(),
            resolver,
            self.options,
            &mut diagnostics,
        ) {
            Ok(Some(mut skill)) => {
                skill.path = candidate.canonical;
                skill.walked_path = candidate.walked;
                skill.root.clone_from(&self.canonical_root);
                Ok(Some(skill))
            }
            Ok(None) => Ok(None),
            Err(message) => Err((candidate.canonical, message)),
        };
        Loaded {
            result,
            diagnostics,
        }
    }

    /// The root's scan, from the loads of every candidate in candidate order.
    pub(crate) fn finish(self, loaded: impl IntoIterator<Item = Loaded>) -> RootScan {
        let mut scan = self.scan;
        scan.skills.reserve_exact(self.candidates.len());
        let reports_errors = self.root.scope.reports_errors();
        for loaded in loaded {
            scan.diagnostics.extend(loaded.diagnostics);
            match loaded.result {
                Ok(Some(skill)) => scan.skills.push(skill),
                Ok(None) => {}
                Err((path, message)) => {
                    if reports_errors {
                        scan.errors.push(SkillError { path, message });
                    }
                }
            }
        }
        scan
    }
}

/// Loads one candidate. `Ok(None)`: the file vanished or is no longer a regular file.
fn load_skill(
    candidate: &Candidate,
    root: &SkillRoot,
    inventory: &Inventory,
    plugin_root: Option<&Path>,
    resolver: &NamespaceResolver,
    options: &LoaderOptions,
    diagnostics: &mut Vec<Diagnostic>,
) -> Result<Option<SkillMetadata>, String> {
    let Some(text) = read_skill_text(&candidate.canonical)? else {
        return Ok(None);
    };
    // The name length is checked inside, before the description, as Codex does.
    let parsed = parse_skill_file_named(&text, || default_name(&candidate.canonical))?;
    let base_name = parsed
        .name
        .clone()
        .unwrap_or_else(|| default_name(&candidate.canonical));

    let skill_dir = candidate.canonical.parent().unwrap_or(Path::new(""));
    let metadata = load_metadata(candidate, inventory, skill_dir, plugin_root, diagnostics);
    let mut policy = metadata.policy;
    if options.honour_disable_model_invocation && parsed.disable_model_invocation {
        let policy = policy.get_or_insert_with(SkillPolicy::default);
        if policy.allow_implicit_invocation.is_none() {
            policy.allow_implicit_invocation = Some(false);
        }
    }

    let name = qualify(resolver.for_skill(&candidate.canonical), base_name);
    Ok(Some(SkillMetadata {
        name,
        description: parsed.description,
        short_description: parsed.short_description,
        interface: metadata.interface,
        dependencies: metadata.dependencies,
        policy,
        // The three paths are moved in by the caller: no copies, no temporary allocations.
        path: PathBuf::new(),
        scope: root.scope.clone(),
        plugin_id: root.plugin_id.clone(),
        root: PathBuf::new(),
        walked_path: PathBuf::new(),
    }))
}

/// The folder name of the canonical `SKILL.md`, whitespace-collapsed; `skill` when empty or not
/// UTF-8.
fn default_name(canonical: &Path) -> String {
    canonical
        .parent()
        .and_then(Path::file_name)
        .and_then(|name| name.to_str())
        .map(collapse_whitespace)
        .filter(|name| !name.is_empty())
        .unwrap_or_else(|| FALLBACK_NAME.to_owned())
}

/// Reads `agents/openai.yaml` of the canonical skill folder when the walk saw it, or when the
/// walk cannot prove its absence (an `agents` folder exists, or the walk was incomplete).
fn load_metadata(
    candidate: &Candidate,
    inventory: &Inventory,
    skill_dir: &Path,
    plugin_root: Option<&Path>,
    diagnostics: &mut Vec<Diagnostic>,
) -> OpenAiMetadata {
    let walked_dir = candidate.walked.parent().unwrap_or(Path::new(""));
    let path = skill_dir.join(METADATA_DIR_NAME).join(METADATA_FILE_NAME);
    let seen = inventory.metadata_files.contains(walked_dir);
    let worth_probing =
        !inventory.is_complete() || inventory.metadata_dir_parents.contains(walked_dir);
    if !(seen || worth_probing && is_regular_file(&path)) {
        return OpenAiMetadata::default();
    }
    let text = match read_metadata_file(&path) {
        Ok(MetadataFile::Bytes(bytes)) => match String::from_utf8(bytes) {
            Ok(text) => text,
            Err(error) => {
                diagnostics.push(
                    Diagnostic::warning(
                        "metadata.read",
                        format!("ignored agents/openai.yaml: {}", error.utf8_error()),
                    )
                    .at(&path),
                );
                return OpenAiMetadata::default();
            }
        },
        Ok(MetadataFile::Absent) => return OpenAiMetadata::default(),
        Ok(MetadataFile::TooLarge(len)) => {
            diagnostics.push(
                Diagnostic::warning(
                    OPENAI_YAML_TOO_LARGE_CODE,
                    format!(
                        "ignored agents/openai.yaml: it is {len} bytes, over the \
                         {MAX_METADATA_BYTES}-byte limit for metadata files; the skill loads \
                         without it"
                    ),
                )
                .at(&path),
            );
            return OpenAiMetadata::default();
        }
        Err(error) => {
            diagnostics.push(
                Diagnostic::warning(
                    "metadata.read",
                    format!("ignored agents/openai.yaml: {error}"),
                )
                .at(&path),
            );
            return OpenAiMetadata::default();
        }
    };
    let (metadata, found) = parse_openai_yaml(&text, skill_dir, plugin_root);
    diagnostics.extend(found.into_iter().map(|diagnostic| match diagnostic.path {
        Some(_) => diagnostic,
        None => diagnostic.at(&path),
    }));
    metadata
}
