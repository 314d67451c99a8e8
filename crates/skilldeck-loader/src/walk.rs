//! The bounded, breadth-first walk of one root (spec §4.3, errata 4.g–4.l).
//!
//! Directories are read level by level and each listing is sorted by name, so the traversal
//! limits cut off exactly the skills Codex cuts off. The walk only collects an inventory; it
//! never opens a file.
use std::collections::{BTreeSet, HashSet, VecDeque};
use std::ffi::OsString;
use std::fs;
use std::io;
use std::ops::ControlFlow;
use std::path::{Path, PathBuf};

use skilldeck_model::Diagnostic;

use crate::options::{DEPENDENCY_DIR_NAMES, LoaderOptions};

/// The only file name that makes a skill.
pub(crate) const SKILL_FILE_NAME: &str = "SKILL.md";
/// Directory holding `openai.yaml` next to a `SKILL.md`.
pub(crate) const METADATA_DIR_NAME: &str = "agents";
/// Metadata file inside [`METADATA_DIR_NAME`].
pub(crate) const METADATA_FILE_NAME: &str = "openai.yaml";
/// First path segments of the plugin manifests; a directory with one of them is a plugin root.
pub(crate) const MANIFEST_DIR_NAMES: [&str; 2] = [".codex-plugin", ".claude-plugin"];

/// Stable code of the warning naming a root that is a symbolic link to nothing (Codex: silent).
pub const ROOT_DANGLING_CODE: &str = "root.dangling";
/// Stable code of the warning naming a root that exists but is not a directory (Codex: silent).
pub const ROOT_NOT_A_DIRECTORY_CODE: &str = "root.not_a_directory";

/// What the walk of one root found. All paths are relative to the root, as walked (through
/// directory symlinks, not resolved).
#[derive(Debug, Default)]
pub(crate) struct Inventory {
    /// `SKILL.md` candidates, in walk order (breadth-first, names sorted).
    pub skill_files: Vec<SkillFile>,
    /// Skill directories whose `agents/openai.yaml` was seen as a regular file.
    pub metadata_files: HashSet<PathBuf>,
    /// Directories holding a directory named `agents` (any ASCII case).
    pub metadata_dir_parents: HashSet<PathBuf>,
    /// Directories holding `.codex-plugin` or `.claude-plugin`.
    pub plugin_roots: BTreeSet<PathBuf>,
    /// A limit stopped the walk early.
    pub truncated: bool,
    /// Some directory or entry could not be inspected.
    pub had_errors: bool,
    /// Limits hit and unreadable paths.
    pub diagnostics: Vec<Diagnostic>,
}

impl Inventory {
    /// True when the walk saw everything, so an absent `agents/` proves absent metadata.
    pub fn is_complete(&self) -> bool {
        !self.truncated && !self.had_errors
    }

    fn error(&mut self, code: &'static str, message: String, path: &Path) {
        self.had_errors = true;
        self.diagnostics
            .push(Diagnostic::warning(code, message).at(path));
    }
}

/// One `SKILL.md` the walk found.
#[derive(Debug)]
pub(crate) struct SkillFile {
    /// Relative to the root, as walked.
    pub walked: PathBuf,
    /// Its canonical path when the walk already knows it: a regular file inside a directory whose
    /// canonical path is known (the root is canonical, a real sub-directory appends its name, a
    /// followed link was resolved once). `None` for a symlinked `SKILL.md`, which the caller
    /// resolves. Knowing it saves one `realpath` (a `readlink` per path component) per skill.
    pub canonical: Option<PathBuf>,
}

/// How one directory entry is treated.
enum Kind {
    /// A directory; `linked` when reached through a symlink (its canonical path must be resolved).
    Directory {
        linked: bool,
    },
    File,
    /// A `SKILL.md` symlink to a regular file, reported only when the options ask for it.
    LinkedSkillFile,
}

struct Entry {
    sort_key: String,
    name: OsString,
    file_type: io::Result<fs::FileType>,
}

/// Walks `root` (canonical, absolute) breadth-first in name order.
///
/// The root being canonical matters: canonical paths below it are derived by appending names,
/// not resolved again (see [`SkillFile::canonical`]).
pub(crate) fn walk(root: &Path, follow_dir_symlinks: bool, options: &LoaderOptions) -> Inventory {
    let mut inventory = Inventory::default();
    match fs::metadata(root) {
        Ok(metadata) if metadata.is_dir() => {}
        Ok(_) => {
            inventory.diagnostics.push(
                Diagnostic::warning(
                    ROOT_NOT_A_DIRECTORY_CODE,
                    "skills root is not a directory; no skills are loaded from it",
                )
                .at(root),
            );
            return inventory;
        }
        Err(error) if error.kind() == io::ErrorKind::NotFound => {
            // A missing root is normal (most built-in roots do not exist) and stays silent; a
            // symlink that exists but points nowhere is almost always a mistake worth telling.
            if fs::symlink_metadata(root).is_ok() {
                inventory.diagnostics.push(
                    Diagnostic::warning(
                        ROOT_DANGLING_CODE,
                        "skills root is a symbolic link whose target does not exist; no skills \
                         are loaded from it",
                    )
                    .at(root),
                );
            }
            return inventory;
        }
        Err(error) => {
            inventory.error(
                "scan.root",
                format!("could not walk the skills root: {error}"),
                root,
            );
            return inventory;
        }
    }
    let root_is_link = fs::symlink_metadata(root).is_ok_and(|m| m.file_type().is_symlink());
    if root_is_link && !follow_dir_symlinks {
        return inventory;
    }
    if options.max_dirs == 0 || options.max_entries == 0 {
        inventory.truncated = true;
        push_limit(&mut inventory, root, options, "directories or entries");
        return inventory;
    }
    // Identities are canonical paths when links are followed (so an alias of a directory is
    // recognised); without links every directory has one path and the walked one serves.
    let root_identity = if follow_dir_symlinks {
        dunce::canonicalize(root).unwrap_or_else(|_| root.to_path_buf())
    } else {
        root.to_path_buf()
    };
    let mut walker = Walker {
        root,
        follow_dir_symlinks,
        options,
        inventory,
        visited: HashSet::from([root_identity.clone()]),
        queue: VecDeque::from([QueuedDir {
            rel: PathBuf::new(),
            depth: 0,
            identity: root_identity,
        }]),
        dir_count: 1,
        entry_count: 0,
        hit_dirs: false,
        hit_entries: false,
    };
    while let Some(dir) = walker.queue.pop_front() {
        if walker.visit_dir(&dir).is_break() {
            break;
        }
    }
    let Walker {
        mut inventory,
        hit_dirs,
        hit_entries,
        ..
    } = walker;
    if inventory.truncated {
        let which = match (hit_dirs, hit_entries) {
            (true, true) => "directories and entries",
            (true, false) => "directories",
            _ => "entries",
        };
        push_limit(&mut inventory, root, options, which);
    }
    inventory
}

/// A directory waiting to be read.
struct QueuedDir {
    /// Relative to the root, as walked.
    rel: PathBuf,
    depth: usize,
    /// Canonical path: the canonical root plus real sub-directories, or a followed link resolved.
    /// (A walk that follows no links enters only real directories below the canonical root.)
    identity: PathBuf,
}

/// State of one walk.
struct Walker<'a> {
    root: &'a Path,
    follow_dir_symlinks: bool,
    options: &'a LoaderOptions,
    inventory: Inventory,
    visited: HashSet<PathBuf>,
    queue: VecDeque<QueuedDir>,
    dir_count: usize,
    entry_count: usize,
    hit_dirs: bool,
    hit_entries: bool,
}

impl Walker<'_> {
    /// Reads one directory; `Break` when the entry limit stops the whole walk.
    fn visit_dir(&mut self, dir: &QueuedDir) -> ControlFlow<()> {
        let abs_dir = self.root.join(&dir.rel);
        let Some(entries) = list_sorted(&abs_dir, &mut self.inventory) else {
            return ControlFlow::Continue(());
        };
        let holds_skill = self.options.stop_at_skill_dirs
            && entries.iter().any(|entry| {
                entry.name == SKILL_FILE_NAME
                    && is_loadable_skill_file(&abs_dir, entry, self.options)
            });
        for entry in entries {
            if self.entry_count == self.options.max_entries {
                self.inventory.truncated = true;
                self.hit_entries = true;
                return ControlFlow::Break(());
            }
            self.entry_count += 1;
            self.visit_entry(&entry, dir, &abs_dir, holds_skill);
        }
        ControlFlow::Continue(())
    }

    fn visit_entry(&mut self, entry: &Entry, dir: &QueuedDir, abs_dir: &Path, holds_skill: bool) {
        let rel_dir = dir.rel.as_path();
        let Some(name) = entry.name.to_str() else {
            // Codex cannot address such an entry either: it is skipped, and a skill below it is
            // dropped without a skill error.
            self.inventory.error(
                "scan.entry",
                "skipped an entry whose name is not valid UTF-8".to_owned(),
                &abs_dir.join(&entry.name),
            );
            return;
        };
        let abs_path = abs_dir.join(name);
        let Some(kind) = classify(
            entry,
            name,
            &abs_path,
            self.follow_dir_symlinks,
            self.options,
            &mut self.inventory,
        ) else {
            return;
        };
        let rel_path = rel_dir.join(name);
        match kind {
            Kind::File | Kind::LinkedSkillFile => {
                if name == SKILL_FILE_NAME {
                    let canonical = matches!(kind, Kind::File).then(|| dir.identity.join(name));
                    self.inventory.skill_files.push(SkillFile {
                        walked: rel_path,
                        canonical,
                    });
                } else if matches!(kind, Kind::File)
                    && name == METADATA_FILE_NAME
                    && rel_dir
                        .file_name()
                        .is_some_and(|dir| dir == METADATA_DIR_NAME)
                {
                    let skill_dir = rel_dir.parent().unwrap_or(Path::new(""));
                    self.inventory
                        .metadata_files
                        .insert(skill_dir.to_path_buf());
                }
            }
            Kind::Directory { linked } => {
                if name.eq_ignore_ascii_case(METADATA_DIR_NAME) {
                    self.inventory
                        .metadata_dir_parents
                        .insert(rel_dir.to_path_buf());
                }
                if MANIFEST_DIR_NAMES.contains(&name) {
                    self.inventory.plugin_roots.insert(rel_dir.to_path_buf());
                }
                if dir.depth < self.options.max_depth
                    && should_descend(name, holds_skill, self.options)
                {
                    let identity = if linked {
                        None
                    } else {
                        Some(dir.identity.join(name))
                    };
                    self.enqueue(rel_path, abs_path, identity, dir.depth + 1);
                }
            }
        }
    }

    /// Queues a directory. `identity` is known for a real sub-directory (its parent's identity
    /// plus its name); a linked one is resolved here.
    fn enqueue(
        &mut self,
        rel_path: PathBuf,
        abs_path: PathBuf,
        identity: Option<PathBuf>,
        depth: usize,
    ) {
        let identity = if let Some(identity) = identity {
            identity
        } else if self.follow_dir_symlinks {
            match dunce::canonicalize(&abs_path) {
                Ok(path) => path,
                Err(error) => {
                    self.inventory.error(
                        "scan.entry",
                        format!("could not resolve the directory: {error}"),
                        &abs_path,
                    );
                    return;
                }
            }
        } else {
            abs_path
        };
        // A directory already seen (a symlink loop, a second alias) is not read twice.
        if !self.visited.insert(identity.clone()) {
            return;
        }
        if self.dir_count == self.options.max_dirs {
            self.inventory.truncated = true;
            self.hit_dirs = true;
        } else {
            self.dir_count += 1;
            self.queue.push_back(QueuedDir {
                rel: rel_path,
                depth,
                identity,
            });
        }
    }
}

fn push_limit(inventory: &mut Inventory, root: &Path, options: &LoaderOptions, which: &str) {
    inventory.diagnostics.push(
        Diagnostic::warning(
            "scan.limit",
            format!(
                "stopped scanning at the traversal limit on {which} (at most {} directories, \
                 {} entries per root); skills further down were not loaded",
                options.max_dirs, options.max_entries
            ),
        )
        .at(root),
    );
}

/// Lists a directory, sorted by name (lossy UTF-8 text, as Codex sorts).
fn list_sorted(dir: &Path, inventory: &mut Inventory) -> Option<Vec<Entry>> {
    let read_dir = match fs::read_dir(dir) {
        Ok(read_dir) => read_dir,
        Err(error) => {
            inventory.error(
                "scan.read_dir",
                format!("could not list the directory: {error}"),
                dir,
            );
            return None;
        }
    };
    let mut entries = Vec::new();
    for entry in read_dir {
        match entry {
            Ok(entry) => {
                let name = entry.file_name();
                entries.push(Entry {
                    sort_key: name.to_string_lossy().into_owned(),
                    file_type: entry.file_type(),
                    name,
                });
            }
            Err(error) => inventory.error(
                "scan.read_dir",
                format!("could not list the directory completely: {error}"),
                dir,
            ),
        }
    }
    entries.sort_by(|a, b| {
        a.sort_key
            .cmp(&b.sort_key)
            .then_with(|| a.name.cmp(&b.name))
    });
    Some(entries)
}

/// Decides what an entry is, following a symlink only where the policy allows. `None` skips it.
fn classify(
    entry: &Entry,
    name: &str,
    abs_path: &Path,
    follow_dir_symlinks: bool,
    options: &LoaderOptions,
    inventory: &mut Inventory,
) -> Option<Kind> {
    let file_type = match &entry.file_type {
        Ok(file_type) => *file_type,
        Err(error) => {
            inventory.error(
                "scan.entry",
                format!("could not inspect the entry: {error}"),
                abs_path,
            );
            return None;
        }
    };
    if file_type.is_dir() {
        return Some(Kind::Directory { linked: false });
    }
    if file_type.is_file() {
        return Some(Kind::File);
    }
    if !file_type.is_symlink() {
        // FIFOs, sockets and devices are never candidates, whatever their name.
        return None;
    }
    let target = match fs::metadata(abs_path) {
        Ok(target) => target,
        // A dangling link is harmless (errata 4.d).
        Err(error) if error.kind() == io::ErrorKind::NotFound => return None,
        Err(error) => {
            inventory.error(
                "scan.entry",
                format!("could not inspect the link target: {error}"),
                abs_path,
            );
            return None;
        }
    };
    if target.is_dir() && follow_dir_symlinks {
        Some(Kind::Directory { linked: true })
    } else if target.is_file() && name == SKILL_FILE_NAME && options.follow_skill_file_symlinks {
        Some(Kind::LinkedSkillFile)
    } else {
        // Symlinked files are ignored silently, as in Codex (errata 4.c).
        None
    }
}

fn is_loadable_skill_file(dir: &Path, entry: &Entry, options: &LoaderOptions) -> bool {
    match &entry.file_type {
        Ok(file_type) if file_type.is_file() => true,
        Ok(file_type) if file_type.is_symlink() => {
            options.follow_skill_file_symlinks
                && fs::metadata(dir.join(&entry.name)).is_ok_and(|m| m.is_file())
        }
        _ => false,
    }
}

fn should_descend(name: &str, holds_skill: bool, options: &LoaderOptions) -> bool {
    // Hidden directories are listed but not entered, so their contents never load and do not
    // use up the limits; a visible symlink to one is entered normally (errata 4.l).
    if name.starts_with('.') {
        return false;
    }
    if options.skip_dependency_dirs && DEPENDENCY_DIR_NAMES.contains(&name) {
        return false;
    }
    !holds_skill
}
