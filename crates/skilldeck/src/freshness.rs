//! A cheap "has anything changed on disk?" check for a cached load.
//!
//! The loader does not report which directories it walked, so after a load we record the
//! modification time of the directories whose entries decide what a rescan would find:
//!
//! * every scanned root, and every directory directly inside it (a new skill folder changes the
//!   root's mtime; a `SKILL.md` written later into an existing folder changes that folder's);
//! * every loaded skill's folder, its `SKILL.md` and its `agents/openai.yaml` (edits in place);
//! * the folder of every failed `SKILL.md` (fixing a broken skill);
//! * every root candidate that did not exist (creating `.agents/skills` later).
//!
//! Checking is one `stat` per recorded path, with no directory reads and no parsing.
//!
//! Limits (documented in the crate docs): a new skill created two or more levels below a
//! directory that held no skill (`root/a/b/SKILL.md` where `root/a` already existed and was
//! empty of skills) is seen only after [`crate::SkillsManager::refresh`]; so is a change that
//! keeps a file's mtime (e.g. `touch -d` backwards, or a file system without mtimes). On file
//! systems with whole-second mtimes, a change in the same second as the load is caught by the
//! "racy" rule: a path whose mtime is not older than the load by at least one second is
//! re-checked by a full reload on the next call.

use std::fs;
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime};

use skilldeck_model::LoadOutcome;

/// What one path looked like right after a load.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Seen {
    Missing,
    Modified(SystemTime),
}

fn look(path: &Path) -> Seen {
    // `symlink_metadata` would miss edits behind a symlinked root; roots are canonical anyway.
    fs::metadata(path)
        .and_then(|meta| meta.modified())
        .map_or(Seen::Missing, Seen::Modified)
}

/// The recorded state of the paths that decide a load's result.
#[derive(Clone, Debug, Default)]
pub(crate) struct Stamps {
    seen: Vec<(PathBuf, Seen)>,
    /// A recorded mtime is too close to the recording time to be trusted.
    racy: bool,
}

impl Stamps {
    /// Records the state of `outcome`'s roots and skills, plus `absent_candidates` (roots that
    /// discovery considered but that did not exist).
    pub(crate) fn record(outcome: &LoadOutcome, absent_candidates: &[PathBuf]) -> Stamps {
        let recorded_at = SystemTime::now();
        let mut paths: Vec<PathBuf> = Vec::new();
        for root in &outcome.roots {
            paths.push(root.path.clone());
            if let Ok(entries) = fs::read_dir(&root.path) {
                for entry in entries.flatten() {
                    if entry
                        .file_type()
                        .is_ok_and(|t| t.is_dir() || t.is_symlink())
                    {
                        paths.push(entry.path());
                    }
                }
            }
        }
        for skill in &outcome.skills {
            let dir = skill.skill_dir();
            paths.push(dir.to_path_buf());
            paths.push(skill.path.clone());
            paths.push(dir.join("agents"));
            paths.push(dir.join("agents").join("openai.yaml"));
        }
        for error in &outcome.errors {
            paths.push(error.path.clone());
            if let Some(dir) = error.path.parent() {
                paths.push(dir.to_path_buf());
            }
        }
        paths.extend(absent_candidates.iter().cloned());
        paths.sort();
        paths.dedup();

        let seen: Vec<(PathBuf, Seen)> = paths
            .into_iter()
            .map(|path| {
                let state = look(&path);
                (path, state)
            })
            .collect();
        let racy = seen.iter().any(|(_, state)| match state {
            Seen::Modified(time) => time
                .checked_add(Duration::from_secs(1))
                .is_none_or(|later| later > recorded_at),
            Seen::Missing => false,
        });
        Stamps { seen, racy }
    }

    /// Whether anything recorded looks different now (or could have changed unseen).
    pub(crate) fn is_stale(&self) -> bool {
        self.racy || self.seen.iter().any(|(path, state)| look(path) != *state)
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
        let stamps = Stamps::record(&outcome_with_one_skill(dir.path()), &[]);
        assert!(!stamps.is_stale());
    }

    #[test]
    fn new_skill_folder_makes_the_load_stale() {
        let dir = tempfile::tempdir().unwrap();
        let stamps = Stamps::record(&outcome_with_one_skill(dir.path()), &[]);
        fs::create_dir(dir.path().join("b")).unwrap();
        assert!(stamps.is_stale());
    }

    #[test]
    fn created_root_candidate_makes_the_load_stale() {
        let dir = tempfile::tempdir().unwrap();
        let candidate = dir.path().join("later");
        let stamps = Stamps::record(
            &outcome_with_one_skill(dir.path()),
            std::slice::from_ref(&candidate),
        );
        assert!(!stamps.is_stale());
        fs::create_dir(&candidate).unwrap();
        assert!(stamps.is_stale());
    }

    #[test]
    fn mtime_as_recent_as_the_load_is_never_trusted() {
        let dir = tempfile::tempdir().unwrap();
        let outcome = outcome_with_one_skill(dir.path());
        fs::write(dir.path().join("a").join("SKILL.md"), "changed").unwrap();
        assert!(Stamps::record(&outcome, &[]).is_stale());
    }
}
