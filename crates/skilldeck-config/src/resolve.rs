//! Turning rules into the set of disabled `SKILL.md` paths of a load, and explaining the result.

use std::collections::BTreeSet;
use std::path::PathBuf;

use skilldeck_model::{LoadOutcome, SkillMetadata};

use crate::{Rule, RuleList, Selector};

/// The canonical `SKILL.md` paths `rules` disable, applied in order to an empty set: a `path`
/// rule inserts (`enabled = false`) or removes (`true`) its path, whether or not a skill lives
/// there; a `name` rule does the same for every loaded skill whose full name equals it exactly.
pub fn disabled_paths(rules: &RuleList, outcome: &LoadOutcome) -> BTreeSet<PathBuf> {
    let mut disabled = BTreeSet::new();
    for rule in rules {
        let mut set = |path: &PathBuf| {
            if rule.enabled {
                disabled.remove(path);
            } else {
                disabled.insert(path.clone());
            }
        };
        match &rule.selector {
            Selector::Path(path) => set(path),
            Selector::Name(name) => outcome
                .skills
                .iter()
                .filter(|skill| skill.name == *name)
                .for_each(|skill| set(&skill.path)),
        }
    }
    disabled
}

/// Replaces `outcome.disabled_paths` with what `rules` decide for its skills.
pub fn apply_rules(rules: &RuleList, outcome: &mut LoadOutcome) {
    outcome.disabled_paths = disabled_paths(rules, outcome);
}

/// Whether a skill is enabled, and the rule that decided it (`None`: no rule is about it, so it
/// is enabled by default).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Decision<'r> {
    /// The skill's final state.
    pub enabled: bool,
    /// The last rule that selected the skill: it alone decides, since each rule overwrites the
    /// state the earlier ones left.
    pub rule: Option<&'r Rule>,
}

/// Which rule decides `skill`'s state.
pub fn explain<'r>(rules: &'r RuleList, skill: &SkillMetadata) -> Decision<'r> {
    let rule = rules.iter().rev().find(|rule| match &rule.selector {
        Selector::Path(path) => *path == skill.path,
        Selector::Name(name) => *name == skill.name,
    });
    Decision {
        enabled: rule.is_none_or(|rule| rule.enabled),
        rule,
    }
}
