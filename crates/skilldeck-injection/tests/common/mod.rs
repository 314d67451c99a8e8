//! In-memory fixtures: skills under a fake root and a reader that serves their bodies.
#![allow(dead_code)] // each test file uses a different part

use std::cell::RefCell;
use std::collections::BTreeMap;
use std::io;
use std::path::{Path, PathBuf};

use skilldeck_injection::SkillReader;
use skilldeck_model::{
    LoadOutcome, Scope, SkillMetadata, SkillPolicy, compare_paths_componentwise,
};

/// The fake root every fixture lives under (never touched on disk).
pub const T: &str = "/fake/T";

/// `<T>/repo/.agents/skills`
pub fn repo_root() -> String {
    format!("{T}/repo/.agents/skills")
}

/// `<T>/home/.agents/skills`
pub fn user_root() -> String {
    format!("{T}/home/.agents/skills")
}

/// A skill named `name` in folder `folder` of `root`.
pub fn skill_in(root: &str, folder: &str, name: &str, scope: Scope) -> SkillMetadata {
    SkillMetadata::new(
        name,
        format!("{name} skill"),
        format!("{root}/{folder}/SKILL.md"),
        scope,
    )
}

/// A repo skill whose folder is its name.
pub fn repo(name: &str) -> SkillMetadata {
    skill_in(&repo_root(), name, name, Scope::REPO)
}

/// A user skill whose folder is its name.
pub fn user(name: &str) -> SkillMetadata {
    skill_in(&user_root(), name, name, Scope::USER)
}

/// The same skill, explicit-only (`allow_implicit_invocation: false`).
pub fn explicit_only(mut skill: SkillMetadata) -> SkillMetadata {
    skill.policy = Some(SkillPolicy {
        allow_implicit_invocation: Some(false),
        products: vec![],
    });
    skill
}

/// An outcome whose skills are sorted in loader order (load rank, name bytes, path).
pub fn outcome(mut skills: Vec<SkillMetadata>) -> LoadOutcome {
    skills.sort_by(|a, b| {
        a.scope
            .load_rank()
            .cmp(&b.scope.load_rank())
            .then_with(|| a.name.as_bytes().cmp(b.name.as_bytes()))
            .then_with(|| compare_paths_componentwise(&a.path, &b.path))
    });
    LoadOutcome {
        skills,
        ..LoadOutcome::default()
    }
}

/// An outcome with these skills, where `disabled` paths are disabled.
pub fn outcome_with_disabled(
    skills: Vec<SkillMetadata>,
    disabled: &[&SkillMetadata],
) -> LoadOutcome {
    let mut outcome = outcome(skills);
    outcome.disabled_paths = disabled.iter().map(|s| s.path.clone()).collect();
    outcome
}

/// Serves bodies from memory and records every path it was asked for.
#[derive(Default)]
pub struct FakeReader {
    pub bodies: BTreeMap<PathBuf, String>,
    pub asked: RefCell<Vec<PathBuf>>,
}

impl FakeReader {
    /// Every skill of `outcome` gets the body `body of <name>\n`.
    pub fn for_outcome(outcome: &LoadOutcome) -> FakeReader {
        let bodies = outcome
            .skills
            .iter()
            .map(|s| (s.path.clone(), format!("body of {}\n", s.name)))
            .collect();
        FakeReader {
            bodies,
            asked: RefCell::default(),
        }
    }

    /// The same reader with `path` serving `body`.
    pub fn with(mut self, path: impl Into<PathBuf>, body: &str) -> FakeReader {
        self.bodies.insert(path.into(), body.to_owned());
        self
    }

    /// The same reader without `path` (reading it fails).
    pub fn without(mut self, path: &Path) -> FakeReader {
        self.bodies.remove(path);
        self
    }
}

impl SkillReader for FakeReader {
    fn read_skill(&self, path: &Path) -> io::Result<String> {
        self.asked.borrow_mut().push(path.to_path_buf());
        self.bodies
            .get(path)
            .cloned()
            .ok_or_else(|| io::Error::new(io::ErrorKind::NotFound, "No such file or directory"))
    }
}

/// Names of the selected skills, in order.
pub fn names(skills: &[SkillMetadata]) -> Vec<&str> {
    skills.iter().map(|s| s.name.as_str()).collect()
}
