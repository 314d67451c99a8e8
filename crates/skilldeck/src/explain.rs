//! Why a skill is (or is not) what the model sees: the answers of each tier, gathered.
//!
//! Nothing is decided here: the rule comes from the config crate's `explain`, the catalog
//! presence from the render report of the same request, and mentionability from running the
//! injection crate's own selection on `$NAME` and on `[$NAME](path)`.

use skilldeck_injection::{UserInput, select};
use skilldeck_model::{LoadOutcome, SkillMetadata, display_path};
use skilldeck_render::Catalog;

use crate::EffectiveConfig;

/// Everything known about one loaded skill.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Explanation {
    /// The skill's (qualified) name.
    pub name: String,
    /// Canonical `SKILL.md` path.
    pub path: String,
    /// Scope name.
    pub scope: String,
    /// The root it was found through.
    pub root: String,
    /// The plugin that provided it.
    pub plugin_id: Option<String>,
    /// Whether configuration leaves it enabled.
    pub enabled: bool,
    /// The rule that decided `enabled` (`None`: no rule is about it, enabled by default).
    pub rule: Option<String>,
    /// Whether its policy lets the model use it on its own (`allow_implicit_invocation`).
    pub implicit_invocation: bool,
    /// How the catalog shows it.
    pub catalog: CatalogPresence,
    /// Whether a plain `$NAME` in a message injects it.
    pub plain_mention: Mention,
    /// Whether a linked `[$NAME](path)` mention injects it.
    pub linked_mention: Mention,
}

/// How the catalog shows a skill.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(tag = "status", rename_all = "snake_case")]
pub enum CatalogPresence {
    /// Listed with its whole description.
    Full {
        /// The exact catalog line.
        line: String,
    },
    /// Listed, with the description cut by the budget.
    Shortened {
        /// The exact catalog line.
        line: String,
        /// Description characters shown.
        shown_chars: usize,
        /// Description characters before the budget (after the 1,024-character cap).
        full_chars: usize,
    },
    /// A candidate that the budget left out.
    LeftOut {
        /// The budget, e.g. `8000 characters`.
        budget: String,
    },
    /// Not a candidate, or no catalog at all.
    Absent {
        /// Why.
        reason: String,
    },
}

/// Whether a mention form injects the skill, and why not.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Mention {
    /// The text tried, e.g. `$pdf`.
    pub text: String,
    /// Whether it injects this skill.
    pub works: bool,
    /// Why it does not (the injection crate's diagnostics, or our reading of the grammar).
    pub reason: Option<String>,
}

pub(crate) fn explain_skill(
    skill: &SkillMetadata,
    outcome: &LoadOutcome,
    config: &EffectiveConfig,
    catalog: Option<&Catalog>,
) -> Explanation {
    let decision = config.explain(skill);
    let rule = decision.rule.map(|rule| {
        format!(
            "{} {{ {}, enabled = {} }}",
            rule.origin, rule.selector, rule.enabled
        )
    });
    let enabled = outcome.is_enabled(skill);
    Explanation {
        name: skill.name.clone(),
        path: display_path(&skill.path),
        scope: skill.scope.name().to_owned(),
        root: display_path(&skill.root),
        plugin_id: skill.plugin_id.clone(),
        enabled,
        rule,
        implicit_invocation: skill.allows_implicit_invocation(),
        catalog: catalog_presence(skill, outcome, config, catalog),
        plain_mention: mention(skill, outcome, format!("${}", skill.name)),
        linked_mention: mention(
            skill,
            outcome,
            format!("[${}]({})", skill.name, skill.path.display()),
        ),
    }
}

fn catalog_presence(
    skill: &SkillMetadata,
    outcome: &LoadOutcome,
    config: &EffectiveConfig,
    catalog: Option<&Catalog>,
) -> CatalogPresence {
    let absent = |reason: &str| CatalogPresence::Absent {
        reason: reason.to_owned(),
    };
    if !config.include_instructions {
        return absent("skills.include_instructions = false: the model gets no catalog");
    }
    if !outcome.is_enabled(skill) {
        return absent("disabled by configuration");
    }
    if !skill.allows_implicit_invocation() {
        return absent(
            "its policy sets allow_implicit_invocation: false, so only an explicit mention uses it",
        );
    }
    let Some(catalog) = catalog else {
        return absent("no catalog was rendered");
    };
    let location = display_path(&skill.walked_absolute_path());
    if let Some(line) = catalog.lines.iter().find(|line| line.location == location) {
        let shown = line.description.chars().count();
        return if shown < line.description_chars {
            CatalogPresence::Shortened {
                line: line.text.clone(),
                shown_chars: shown,
                full_chars: line.description_chars,
            }
        } else {
            CatalogPresence::Full {
                line: line.text.clone(),
            }
        };
    }
    if catalog.omitted.iter().any(|left| left.location == location) {
        return CatalogPresence::LeftOut {
            budget: catalog.report.budget.to_string(),
        };
    }
    absent("not among the catalog's candidates")
}

fn mention(skill: &SkillMetadata, outcome: &LoadOutcome, text: String) -> Mention {
    let selection = select(outcome, &[UserInput::text(text.clone())], &[], None);
    let works = selection
        .skills
        .iter()
        .any(|picked| picked.path == skill.path);
    let reason = if works {
        None
    } else if !selection.diagnostics.is_empty() {
        Some(
            selection
                .diagnostics
                .iter()
                .map(|diagnostic| diagnostic.message.clone())
                .collect::<Vec<_>>()
                .join("; "),
        )
    } else if !outcome.is_enabled(skill) {
        Some("a disabled skill cannot be mentioned".to_owned())
    } else if text.starts_with('$') {
        Some(grammar_reason(&skill.name))
    } else {
        Some("the link does not select it".to_owned())
    };
    Mention {
        text,
        works,
        reason,
    }
}

/// Why `$name` cannot reach a skill with this name, in terms of the mention grammar.
fn grammar_reason(name: &str) -> String {
    if let Some(bad) = name
        .bytes()
        .position(|byte| !skilldeck_injection::is_mention_name_byte(byte))
    {
        let stop = name[bad..].chars().next().unwrap_or(' ');
        return format!(
            "a `$name` mention stops at {stop:?} (only ASCII letters, digits, `_`, `-` and `:` \
             continue a name), so it reads `${}`",
            &name[..bad]
        );
    }
    if skilldeck_injection::is_environment_variable_name(name) {
        return format!(
            "`${name}` reads as the environment variable {}, which mentions are never about",
            name.to_ascii_uppercase()
        );
    }
    "`$name` does not select it".to_owned()
}

#[cfg(test)]
mod tests {
    use super::*;
    use skilldeck_model::Scope;

    fn outcome(skills: Vec<SkillMetadata>) -> LoadOutcome {
        LoadOutcome {
            skills,
            ..LoadOutcome::default()
        }
    }

    #[test]
    fn name_with_a_dot_cannot_be_mentioned_plainly() {
        let skill = SkillMetadata::new("pdf.tools", "d", "/r/pdf/SKILL.md", Scope::REPO);
        let outcome = outcome(vec![skill.clone()]);
        let found = mention(&skill, &outcome, "$pdf.tools".into());
        assert!(!found.works);
        assert!(found.reason.unwrap().contains("reads `$pdf`"));
    }

    #[test]
    fn environment_variable_name_cannot_be_mentioned_plainly() {
        let skill = SkillMetadata::new("home", "d", "/r/home/SKILL.md", Scope::REPO);
        let outcome = outcome(vec![skill.clone()]);
        let found = mention(&skill, &outcome, "$home".into());
        assert!(!found.works);
        assert!(found.reason.unwrap().contains("environment variable HOME"));
    }

    #[test]
    fn ambiguous_name_is_explained_and_the_link_still_works() {
        let repo = SkillMetadata::new("dup", "d", "/r/dup/SKILL.md", Scope::REPO);
        let user = SkillMetadata::new("dup", "d", "/u/dup/SKILL.md", Scope::USER);
        let outcome = outcome(vec![repo.clone(), user]);
        let plain = mention(&repo, &outcome, "$dup".into());
        assert!(!plain.works);
        assert!(plain.reason.is_some());
        let linked = mention(&repo, &outcome, "[$dup](/r/dup/SKILL.md)".into());
        assert!(linked.works, "{linked:?}");
    }
}
