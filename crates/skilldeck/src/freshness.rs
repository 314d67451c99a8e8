//! A cheap "has anything changed on disk?" check for a cached load.
//!
//! The loader does not report which directories it walked, so a cached load is compared with
//! the modification times of the paths whose entries decide what a rescan would find:
//!
//! * every scanned root, and every directory directly inside it (a new skill folder changes the
//!   root's mtime; a `SKILL.md` written later into an existing folder changes that folder's);
//! * every loaded skill's folder, its `SKILL.md` and its `agents/openai.yaml` (edits in place);
//! * the folder of every failed `SKILL.md` (fixing a broken skill);
//! * every root candidate that did not exist (creating `.agents/skills` later).
//!
//! Recording costs no `stat` at all: it keeps the load's start time and the few paths the
//! outcome does not already name (the roots' direct sub-directories and the absent root
//! candidates); the skill and error paths are taken from the cached outcome itself when
//! checking. Checking is one `stat` per path, with no directory reads and no parsing. A path
//! is "changed" when its mtime is not at least one second older than the start of the load
//! (so a change racing the load, or on a file system with whole-second mtimes, is caught), when
//! a path the load saw is gone, or when an absent root candidate now exists. A one-shot command
//! (the CLI) therefore pays nothing for freshness it never checks.
//!
//! Limits (documented in the crate docs): a new skill created two or more levels below a
//! directory that held no skill (`root/a/b/SKILL.md` where `root/a` already existed and was
//! empty of skills) is seen only after [`crate::SkillsManager::refresh`]; so is a change that
//! keeps a file's mtime (e.g. `touch -d` backwards, or a file system without mtimes).

use std::fs;
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime};

use skilldeck_model::LoadOutcome;

/// What a load needs to know later to tell whether a rescan would find something else.
#[derive(Clone, Debug)]
pub(crate) struct Stamps {
    /// Paths changed at or after this instant may not be reflected in the load.
    trusted_before: SystemTime,
    /// Directories directly inside the roots, which existed at load time.
    root_entries: Vec<PathBuf>,
    /// Root candidates that did not exist at load time.
    absent: Vec<PathBuf>,
}

impl Default for Stamps {
    /// Stamps of an outcome with nothing on disk behind it: never stale.
    fn default() -> Self {
        Stamps {
            trusted_before: SystemTime::UNIX_EPOCH,
            root_entries: Vec::new(),
            absent: Vec::new(),
        }
    }
}

impl Stamps {
    /// Records what [`Stamps::is_stale`] will need for `outcome`, loaded from a scan that started
    /// at `load_started`; `absent_candidates` are roots that discovery considered but that did
    /// not exist.
    pub(crate) fn record(
        outcome: &LoadOutcome,
        absent_candidates: &[PathBuf],
        load_started: SystemTime,
    ) -> Stamps {
        let mut root_entries = Vec::new();
        for root in &outcome.roots {
            if absent_candidates.contains(&root.path) {
                continue;
            }
            if let Ok(entries) = fs::read_dir(&root.path) {
                root_entries.extend(
                    entries
                        .flatten()
                        .filter(|entry| {
                            entry
                                .file_type()
                                .is_ok_and(|t| t.is_dir() || t.is_symlink())
                        })
                        .map(|entry| entry.path()),
                );
            }
        }
        Stamps {
            trusted_before: load_started
                .checked_sub(Duration::from_secs(1))
                .unwrap_or(SystemTime::UNIX_EPOCH),
            root_entries,
            absent: absent_candidates.to_vec(),
        }
    }

    /// Whether anything `outcome` was loaded from looks different now (or could have changed
    /// unseen). `outcome` must be the outcome these stamps were recorded for.
    pub(crate) fn is_stale(&self, outcome: &LoadOutcome) -> bool {
        let changed = |path: &Path, must_exist: bool| match fs::metadata(path) {
            Ok(meta) => meta
                .modified()
                .map_or(true, |time| time >= self.trusted_before),
            Err(_) => must_exist,
        };
        let roots = outcome
            .roots
            .iter()
            .filter(|root| !self.absent.contains(&root.path))
            .map(|root| root.path.as_path());
        if roots
            .chain(self.root_entries.iter().map(PathBuf::as_path))
            .any(|path| changed(path, true))
        {
            return true;
        }
        if self.absent.iter().any(|path| path.exists()) {
            return true;
        }
        let skills_changed = outcome.skills.iter().any(|skill| {
            let dir = skill.skill_dir();
            let agents = dir.join("agents");
            changed(dir, true)
                || changed(&skill.path, true)
                || changed(&agents, false)
                || changed(&agents.join("openai.yaml"), false)
        });
        skills_changed
            || outcome.errors.iter().any(|error| {
                changed(&error.path, true)
                    || error.path.parent().is_some_and(|dir| changed(dir, true))
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use skilldeck_model::{Scope, SkillMetadata, SkillRoot};

    fn backdate(path: &Path) {
        let old = SystemTime::now() - Duration::from_secs(60);
        let file = fs::File::options()
            .read(true)
            .open(path)
            .expect("open for backdating");
        file.set_modified(old).expect("set mtime");
    }

    fn outcome_with_one_skill(root: &Path) -> LoadOutcome {
        let skill_md = root.join("a").join("SKILL.md");
        fs::create_dir_all(skill_md.parent().unwrap()).unwrap();
        fs::write(&skill_md, "---\nname: a\ndescription: d\n---\n").unwrap();
        for path in [&skill_md, &root.join("a"), &root.to_path_buf()] {
            backdate(path);
        }
        LoadOutcome {
            skills: vec![SkillMetadata::new("a", "d", &skill_md, Scope::REPO)],
            roots: vec![SkillRoot::new(root, Scope::REPO)],
            ..LoadOutcome::default()
        }
    }

    #[test]
    fn untouched_tree_is_fresh() {
        let dir = tempfile::tempdir().unwrap();
        let outcome = outcome_with_one_skill(dir.path());
        let stamps = Stamps::record(&outcome, &[], SystemTime::now());
        assert!(!stamps.is_stale(&outcome));
    }

    #[test]
    fn new_skill_folder_makes_the_load_stale() {
        let dir = tempfile::tempdir().unwrap();
        let outcome = outcome_with_one_skill(dir.path());
        let stamps = Stamps::record(&outcome, &[], SystemTime::now());
        fs::create_dir(dir.path().join("b")).unwrap();
        assert!(stamps.is_stale(&outcome));
    }

    #[test]
    fn created_root_candidate_makes_the_load_stale() {
        let dir = tempfile::tempdir().unwrap();
        let outcome = outcome_with_one_skill(dir.path());
        let candidate = dir.path().join("later");
        let stamps = Stamps::record(
            &outcome,
            std::slice::from_ref(&candidate),
            SystemTime::now(),
        );
        assert!(!stamps.is_stale(&outcome));
        fs::create_dir(&candidate).unwrap();
        // `mkdir` gives a fresh mtime, but a moved-in folder keeps its old one: existence
        // alone must count.
        backdate(&candidate);
        assert!(stamps.is_stale(&outcome));
    }

    #[test]
    fn removed_skill_folder_makes_the_load_stale() {
        let dir = tempfile::tempdir().unwrap();
        let outcome = outcome_with_one_skill(dir.path());
        let stamps = Stamps::record(&outcome, &[], SystemTime::now());
        fs::remove_dir_all(dir.path().join("a")).unwrap();
        backdate(dir.path());
        assert!(stamps.is_stale(&outcome));
    }

    #[test]
    fn new_openai_yaml_makes_the_load_stale() {
        let dir = tempfile::tempdir().unwrap();
        let outcome = outcome_with_one_skill(dir.path());
        let stamps = Stamps::record(&outcome, &[], SystemTime::now());
        fs::create_dir(dir.path().join("a").join("agents")).unwrap();
        assert!(stamps.is_stale(&outcome));
    }

    #[test]
    fn mtime_as_recent_as_the_load_is_never_trusted() {
        let dir = tempfile::tempdir().unwrap();
        let outcome = outcome_with_one_skill(dir.path());
        fs::write(dir.path().join("a").join("SKILL.md"), "changed").unwrap();
        assert!(Stamps::record(&outcome, &[], SystemTime::now()).is_stale(&outcome));
    }
}
