use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use crate::{Diagnostic, Scope, SkillMetadata};

/// A `SKILL.md` that could not be loaded: the file and the reason, nothing else.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct SkillError {
    /// Path of the failing `SKILL.md` (canonical when it could be resolved).
    pub path: PathBuf,
    /// Codex-compatible message, e.g. `missing YAML frontmatter delimited by ---`.
    pub message: String,
}

/// A directory scanned for skills, with the scope and plugin data its skills inherit.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SkillRoot {
    /// The directory (canonical once the loader has scanned it).
    pub path: PathBuf,
    /// Scope given to every skill first found under this root.
    pub scope: Scope,
    /// Plugin that provides this root, if any.
    pub plugin_id: Option<String>,
    /// Namespace that qualifies every skill name under this root (`ns:name`); when `None`, the
    /// loader looks for plugin manifests instead.
    pub plugin_namespace: Option<String>,
    /// The plugin's own directory, whose `assets/` may hold icons shared by its skills.
    pub plugin_root: Option<PathBuf>,
}

impl SkillRoot {
    /// A plain root: no plugin data.
    pub fn new(path: impl Into<PathBuf>, scope: Scope) -> SkillRoot {
        SkillRoot {
            path: path.into(),
            scope,
            plugin_id: None,
            plugin_namespace: None,
            plugin_root: None,
        }
    }
}

/// Everything one load produced. An inert value: render, injection and invocation are pure
/// functions of it (plus their own inputs).
///
/// Loading never fails as a whole: a broken `SKILL.md` is one entry in `errors`, and anything
/// else worth telling (a traversal limit, an unreadable directory, an ignored config entry) is a
/// [`Diagnostic`].
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LoadOutcome {
    /// Loaded skills in loader order: scope load rank, then name (bytes), then path
    /// (component-wise).
    pub skills: Vec<SkillMetadata>,
    /// Skills that failed to load, in root order.
    pub errors: Vec<SkillError>,
    /// Every root that was scanned, canonical and de-duplicated, in root order.
    pub roots: Vec<SkillRoot>,
    /// Canonical `SKILL.md` paths disabled by configuration.
    pub disabled_paths: BTreeSet<PathBuf>,
    /// Non-fatal findings that are not skill errors (never shown to the model).
    pub diagnostics: Vec<Diagnostic>,
}

impl LoadOutcome {
    /// Whether `skill` is enabled (its canonical path is not disabled by configuration).
    pub fn is_enabled(&self, skill: &SkillMetadata) -> bool {
        !self.disabled_paths.contains(&skill.path)
    }

    /// Enabled skills, in loader order.
    pub fn enabled_skills(&self) -> impl Iterator<Item = &SkillMetadata> {
        self.skills.iter().filter(|skill| self.is_enabled(skill))
    }

    /// Skills the model may see and use on its own: enabled and allowing implicit invocation,
    /// in loader order. The catalog and the implicit-use detector start from these.
    pub fn implicit_candidates(&self) -> impl Iterator<Item = &SkillMetadata> {
        self.enabled_skills()
            .filter(|skill| skill.allows_implicit_invocation())
    }

    /// The skill whose canonical `SKILL.md` path is `path`.
    pub fn skill_by_path(&self, path: &Path) -> Option<&SkillMetadata> {
        self.skills.iter().find(|skill| skill.path == path)
    }

    /// Roots that own at least one loaded skill, in root order.
    pub fn skill_roots(&self) -> impl Iterator<Item = &SkillRoot> {
        self.roots
            .iter()
            .filter(|root| self.skills.iter().any(|skill| skill.root == root.path))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::SkillPolicy;

    fn skill(name: &str, root: &str) -> SkillMetadata {
        SkillMetadata::new(name, "d", format!("{root}/{name}/SKILL.md"), Scope::REPO)
    }

    #[test]
    fn disabled_and_explicit_only_skills_are_not_candidates() {
        let mut quiet = skill("quiet", "/r");
        quiet.policy = Some(SkillPolicy {
            allow_implicit_invocation: Some(false),
            products: vec![],
        });
        let off = skill("off", "/r");
        let mut outcome = LoadOutcome {
            skills: vec![skill("on", "/r"), quiet, off.clone()],
            ..LoadOutcome::default()
        };
        outcome.disabled_paths.insert(off.path.clone());
        let enabled: Vec<_> = outcome.enabled_skills().map(|s| s.name.as_str()).collect();
        assert_eq!(enabled, ["on", "quiet"]);
        let candidates: Vec<_> = outcome
            .implicit_candidates()
            .map(|s| s.name.as_str())
            .collect();
        assert_eq!(candidates, ["on"]);
        assert!(!outcome.is_enabled(&off));
    }

    #[test]
    fn skill_roots_keeps_root_order_and_drops_empty_roots() {
        let outcome = LoadOutcome {
            skills: vec![skill("b", "/second"), skill("a", "/first")],
            roots: vec![
                SkillRoot::new("/first", Scope::REPO),
                SkillRoot::new("/empty", Scope::REPO),
                SkillRoot::new("/second", Scope::USER),
            ],
            ..LoadOutcome::default()
        };
        let roots: Vec<_> = outcome.skill_roots().map(|r| r.path.clone()).collect();
        assert_eq!(roots, [PathBuf::from("/first"), PathBuf::from("/second")]);
        assert!(
            outcome
                .skill_by_path(Path::new("/first/a/SKILL.md"))
                .is_some()
        );
    }
}
