//! The two lookup tables detection uses, built once per load outcome.

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use skilldeck_model::{LoadOutcome, Scope};

use crate::canonical::Canonicalizer;

/// The identity of a skill a command may use.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IndexedSkill {
    /// The skill's (qualified) name.
    pub name: String,
    /// Canonical path of its `SKILL.md`.
    pub path: PathBuf,
    /// Its scope.
    pub scope: Scope,
}

/// Skills by scripts directory and by `SKILL.md` path, for the skills the model may use on its
/// own (enabled and allowing implicit invocation). Later skills overwrite earlier ones on a key
/// collision, as in Codex.
#[derive(Clone, Debug, Default)]
pub struct InvocationIndex {
    by_scripts_dir: HashMap<PathBuf, IndexedSkill>,
    by_doc_path: HashMap<PathBuf, IndexedSkill>,
}

impl InvocationIndex {
    /// Indexes `<skill dir>/scripts` (canonical if it exists, else as is) and the `SKILL.md` path
    /// (canonical if possible) of every implicit candidate of `outcome`, in loader order.
    pub fn new(outcome: &LoadOutcome, canonicalizer: &dyn Canonicalizer) -> InvocationIndex {
        let mut index = InvocationIndex::default();
        for skill in outcome.implicit_candidates() {
            let entry = IndexedSkill {
                name: skill.name.clone(),
                path: skill.path.clone(),
                scope: skill.scope.clone(),
            };
            let doc = canonicalizer.canonical_or_raw(&skill.path);
            index.by_doc_path.insert(doc, entry.clone());
            if let Some(dir) = skill.path.parent() {
                let scripts = canonicalizer.canonical_or_raw(&dir.join("scripts"));
                index.by_scripts_dir.insert(scripts, entry);
            }
        }
        index
    }

    /// The skill whose scripts directory is `script` or one of its ancestors (nearest first).
    pub fn skill_for_script(&self, script: &Path) -> Option<&IndexedSkill> {
        script
            .ancestors()
            .find_map(|ancestor| self.by_scripts_dir.get(ancestor))
    }

    /// The skill whose `SKILL.md` is exactly `doc`.
    pub fn skill_for_doc(&self, doc: &Path) -> Option<&IndexedSkill> {
        self.by_doc_path.get(doc)
    }

    /// Whether no skill is indexed (detection then always finds nothing).
    pub fn is_empty(&self) -> bool {
        self.by_doc_path.is_empty()
    }
}
