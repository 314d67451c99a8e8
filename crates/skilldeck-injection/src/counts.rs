//! How many enabled skills carry each name (spec §12.4).

use std::collections::HashMap;

use skilldeck_model::LoadOutcome;

/// Enabled skills per name: by exact name (drives plain-mention ambiguity) and by
/// ASCII-lowercased name (for telling skill mentions from connector mentions).
/// Disabled skills are not counted, so a disabled copy never makes a name ambiguous.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MentionCounts {
    /// Exact name → number of enabled skills with it.
    pub exact: HashMap<String, usize>,
    /// ASCII-lowercased name → number of enabled skills with it.
    pub lowercase: HashMap<String, usize>,
}

impl MentionCounts {
    /// Counts the enabled skills of `outcome`.
    pub fn of(outcome: &LoadOutcome) -> MentionCounts {
        let mut counts = MentionCounts::default();
        for skill in outcome.enabled_skills() {
            *counts.exact.entry(skill.name.clone()).or_insert(0) += 1;
            *counts
                .lowercase
                .entry(skill.name.to_ascii_lowercase())
                .or_insert(0) += 1;
        }
        counts
    }

    /// Enabled skills named exactly `name`.
    pub fn exact(&self, name: &str) -> usize {
        self.exact.get(name).copied().unwrap_or(0)
    }

    /// Enabled skills whose name equals `name` ignoring ASCII case.
    pub fn ignoring_case(&self, name: &str) -> usize {
        self.lowercase
            .get(&name.to_ascii_lowercase())
            .copied()
            .unwrap_or(0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use skilldeck_model::{Scope, SkillMetadata};

    #[test]
    fn disabled_skills_are_not_counted() {
        let off = SkillMetadata::new("Demo", "d", "/u/demo/SKILL.md", Scope::USER);
        let mut outcome = LoadOutcome {
            skills: vec![
                SkillMetadata::new("demo", "d", "/r/demo/SKILL.md", Scope::REPO),
                SkillMetadata::new("Demo", "d", "/r/demo2/SKILL.md", Scope::REPO),
                off.clone(),
            ],
            ..LoadOutcome::default()
        };
        outcome.disabled_paths.insert(off.path);
        let counts = MentionCounts::of(&outcome);
        assert_eq!(counts.exact("demo"), 1);
        assert_eq!(counts.exact("Demo"), 1);
        assert_eq!(counts.ignoring_case("DEMO"), 2);
        assert_eq!(counts.exact("none"), 0);
    }
}
