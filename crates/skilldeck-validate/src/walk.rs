//! Turning the given paths into the list of `SKILL.md` files to check.
//!
//! A given path may be a file, a skill folder or a folder of skills. Folders are walked
//! breadth-first in name order (deterministic), following directory symlinks like Codex's
//! repo and user scopes, with a visited set of canonical directories against cycles. The walk
//! goes further than Codex looks (into hidden directories and deeper than six levels) only to
//! *report* the files Codex would never load; it is bounded in depth, directories and entries.

use std::collections::{BTreeSet, VecDeque};
use std::fs;
use std::path::{Path, PathBuf};

use skilldeck_model::Severity;

use crate::finding::{Finding, INPUT_RULES};

/// The file name Codex loads.
pub(crate) const SKILL_FILE: &str = "SKILL.md";
/// Codex loads `root/d1/…/d6/SKILL.md` and nothing deeper.
pub(crate) const CODEX_MAX_DEPTH: usize = 6;
/// How deep the validator looks (to report files that are too deep for Codex).
const WALK_MAX_DEPTH: usize = 16;
/// Directories visited per given folder before the walk stops.
const WALK_MAX_DIRS: usize = 10_000;
/// Directory entries examined per given folder before the walk stops.
const WALK_MAX_ENTRIES: usize = 200_000;

/// How Codex would reach a candidate file, when the given folder is a skill root.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Reach {
    /// A regular `SKILL.md` Codex loads.
    Loaded,
    /// `SKILL.md` is a symbolic link: Codex ignores it.
    Symlinked,
    /// Below a hidden directory (the first one is named): Codex never looks there.
    Hidden(String),
    /// In a directory this many levels below the given folder (more than six).
    TooDeep(usize),
    /// A file given by path whose name is not exactly `SKILL.md`.
    NotNamedSkillMd,
}

/// One file to check.
#[derive(Clone, Debug)]
pub(crate) struct Candidate {
    /// As reached from the given path.
    pub path: PathBuf,
    /// How Codex treats it.
    pub reach: Reach,
}

/// Everything the walk produced.
#[derive(Debug, Default)]
pub(crate) struct Walk {
    pub candidates: Vec<Candidate>,
    pub findings: Vec<Finding>,
}

/// Collects the candidates of every given path, each canonical file once (first reach wins).
pub(crate) fn collect(paths: &[PathBuf]) -> Walk {
    let mut walk = Walk::default();
    let mut seen_files = BTreeSet::new();
    for path in paths {
        collect_one(path, &mut walk, &mut seen_files);
    }
    walk
}

fn collect_one(path: &Path, walk: &mut Walk, seen_files: &mut BTreeSet<PathBuf>) {
    let Ok(link_meta) = fs::symlink_metadata(path) else {
        walk.findings.push(
            Finding::new(
                path,
                INPUT_RULES,
                "input/not-found",
                Severity::Error,
                "path does not exist",
            )
            .with_hint("give a SKILL.md file, a skill folder or a folder of skills"),
        );
        return;
    };
    let target_meta = fs::metadata(path).ok();
    if target_meta.as_ref().is_some_and(fs::Metadata::is_dir) {
        walk_folder(path, walk, seen_files);
        return;
    }
    let is_link = link_meta.file_type().is_symlink();
    let named = path.file_name().is_some_and(|n| n == SKILL_FILE);
    let reach = if !named {
        Reach::NotNamedSkillMd
    } else if is_link {
        Reach::Symlinked
    } else {
        Reach::Loaded
    };
    push_file(path, reach, target_meta.as_ref(), walk, seen_files);
}

/// Adds a candidate file unless its canonical form was already taken, or reports a special file.
fn push_file(
    path: &Path,
    reach: Reach,
    meta: Option<&fs::Metadata>,
    walk: &mut Walk,
    seen_files: &mut BTreeSet<PathBuf>,
) {
    match meta {
        Some(meta) if meta.is_file() => {}
        Some(_) => {
            walk.findings.push(Finding::new(
                path,
                INPUT_RULES,
                "input/not-a-regular-file",
                Severity::Warning,
                "not a regular file (a FIFO, socket or device); not read — Codex skips it silently",
            ));
            return;
        }
        None => {
            walk.findings.push(Finding::new(
                path,
                INPUT_RULES,
                "input/dangling-symlink",
                Severity::Warning,
                "symbolic link to nothing; not read",
            ));
            return;
        }
    }
    let canonical = fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf());
    if seen_files.insert(canonical) {
        walk.candidates.push(Candidate {
            path: path.to_path_buf(),
            reach,
        });
    }
}

/// Breadth-first walk of one given folder.
fn walk_folder(root: &Path, walk: &mut Walk, seen_files: &mut BTreeSet<PathBuf>) {
    // (directory as walked, depth below root, first hidden directory name below root)
    let mut queue: VecDeque<(PathBuf, usize, Option<String>)> = VecDeque::new();
    let mut visited = BTreeSet::new();
    visited.insert(fs::canonicalize(root).unwrap_or_else(|_| root.to_path_buf()));
    queue.push_back((root.to_path_buf(), 0, None));
    let mut entries_seen = 0usize;
    let mut truncated = false;
    while let Some((dir, depth, hidden)) = queue.pop_front() {
        let Ok(read) = fs::read_dir(&dir) else {
            walk.findings.push(Finding::new(
                &dir,
                INPUT_RULES,
                "input/unreadable-dir",
                Severity::Warning,
                "directory could not be listed; skills below it were not checked",
            ));
            continue;
        };
        let mut names: Vec<_> = read.filter_map(Result::ok).map(|e| e.file_name()).collect();
        names.sort();
        for name in names {
            entries_seen += 1;
            if entries_seen > WALK_MAX_ENTRIES {
                truncated = true;
                break;
            }
            let path = dir.join(&name);
            let Ok(link_meta) = fs::symlink_metadata(&path) else {
                continue;
            };
            let target_meta = fs::metadata(&path).ok();
            let hidden_here = hidden.clone().or_else(|| {
                let text = name.to_string_lossy();
                text.starts_with('.').then(|| text.into_owned())
            });
            if target_meta.as_ref().is_some_and(fs::Metadata::is_dir) {
                if depth + 1 > WALK_MAX_DEPTH {
                    continue;
                }
                let canonical = fs::canonicalize(&path).unwrap_or_else(|_| path.clone());
                if visited.len() >= WALK_MAX_DIRS {
                    truncated = true;
                    continue;
                }
                if visited.insert(canonical) {
                    queue.push_back((path, depth + 1, hidden_here));
                }
                continue;
            }
            if name != SKILL_FILE {
                continue;
            }
            // The file's own name never makes it hidden; only directories below the root do.
            let reach = if let Some(hidden_dir) = hidden.clone() {
                Reach::Hidden(hidden_dir)
            } else if depth > CODEX_MAX_DEPTH {
                Reach::TooDeep(depth)
            } else if link_meta.file_type().is_symlink() {
                Reach::Symlinked
            } else {
                Reach::Loaded
            };
            push_file(&path, reach, target_meta.as_ref(), walk, seen_files);
        }
        if truncated {
            break;
        }
    }
    if truncated {
        walk.findings.push(Finding::new(
            root,
            INPUT_RULES,
            "input/walk-truncated",
            Severity::Warning,
            format!(
                "stopped walking after {WALK_MAX_DIRS} directories or {WALK_MAX_ENTRIES} entries; \
                 some SKILL.md files below were not checked"
            ),
        )
        .with_hint("give narrower paths (single skill folders or skills roots)"));
    }
}

#[cfg(test)]
mod tests {
    use super::{Reach, collect};
    use std::fs;
    use std::path::{Path, PathBuf};

    fn skill(root: &Path, rel: &str) -> PathBuf {
        let path = root.join(rel);
        fs::create_dir_all(path.parent().unwrap()).unwrap();
        fs::write(&path, "---\nname: x\ndescription: y\n---\n").unwrap();
        path
    }

    fn reaches(root: &Path) -> Vec<(String, Reach)> {
        collect(&[root.to_path_buf()])
            .candidates
            .into_iter()
            .map(|c| {
                (
                    c.path.strip_prefix(root).unwrap().display().to_string(),
                    c.reach,
                )
            })
            .collect()
    }

    #[test]
    fn folder_of_skills_yields_every_skill_file_in_name_order() {
        let dir = tempfile::tempdir().unwrap();
        skill(dir.path(), "b/SKILL.md");
        skill(dir.path(), "a/SKILL.md");
        let got = reaches(dir.path());
        assert_eq!(
            got,
            vec![
                ("a/SKILL.md".to_owned(), Reach::Loaded),
                ("b/SKILL.md".to_owned(), Reach::Loaded)
            ]
        );
    }

    #[test]
    fn skill_in_hidden_directory_is_marked_hidden() {
        let dir = tempfile::tempdir().unwrap();
        skill(dir.path(), ".curated/x/SKILL.md");
        assert_eq!(
            reaches(dir.path())[0].1,
            Reach::Hidden(".curated".to_owned())
        );
    }

    #[test]
    fn given_folder_may_itself_be_hidden() {
        let dir = tempfile::tempdir().unwrap();
        skill(dir.path(), ".system/x/SKILL.md");
        let got = collect(&[dir.path().join(".system")]).candidates;
        assert_eq!(got[0].reach, Reach::Loaded);
    }

    #[test]
    fn seventh_level_is_too_deep_and_sixth_is_not() {
        let dir = tempfile::tempdir().unwrap();
        skill(dir.path(), "1/2/3/4/5/6/SKILL.md");
        skill(dir.path(), "a/b/c/d/e/f/g/SKILL.md");
        let got = reaches(dir.path());
        assert_eq!(got[0].1, Reach::Loaded);
        assert_eq!(got[1].1, Reach::TooDeep(7));
    }

    #[cfg(unix)]
    #[test]
    fn symlinked_skill_file_is_marked_symlinked() {
        let dir = tempfile::tempdir().unwrap();
        let real = skill(dir.path(), "real.md");
        fs::create_dir(dir.path().join("link")).unwrap();
        std::os::unix::fs::symlink(&real, dir.path().join("link/SKILL.md")).unwrap();
        assert_eq!(reaches(dir.path())[0].1, Reach::Symlinked);
    }

    #[cfg(unix)]
    #[test]
    fn directory_symlink_cycle_is_walked_once() {
        let dir = tempfile::tempdir().unwrap();
        skill(dir.path(), "a/SKILL.md");
        std::os::unix::fs::symlink(dir.path(), dir.path().join("a/up")).unwrap();
        assert_eq!(reaches(dir.path()).len(), 1);
    }

    #[test]
    fn same_file_given_twice_is_checked_once() {
        let dir = tempfile::tempdir().unwrap();
        let file = skill(dir.path(), "a/SKILL.md");
        assert_eq!(
            collect(&[file.clone(), dir.path().to_path_buf()])
                .candidates
                .len(),
            1
        );
    }

    #[test]
    fn missing_path_is_an_input_error() {
        let walk = collect(&[PathBuf::from("/definitely/not/here")]);
        assert_eq!(walk.findings[0].code, "input/not-found");
    }

    #[test]
    fn given_file_with_another_name_is_marked() {
        let dir = tempfile::tempdir().unwrap();
        let file = skill(dir.path(), "skill.md");
        assert_eq!(collect(&[file]).candidates[0].reach, Reach::NotNamedSkillMd);
    }
}
