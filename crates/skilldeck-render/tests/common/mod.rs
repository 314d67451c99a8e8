//! Fixtures shared by the integration tests: skills, outcomes and texts.
#![allow(dead_code)] // each test file uses a different subset

use skilldeck_model::{LoadOutcome, Scope, SkillMetadata, SkillRoot};
use skilldeck_render::{Budget, Catalog, CatalogOptions, CatalogTexts, render_catalog};

/// Codex's intro lengths (418 absolute, 261 alias): only the lengths reach the budget.
pub const INTRO_LOCATOR_CHARS: usize = 418;
pub const INTRO_ALIASES_CHARS: usize = 261;

/// Texts with Codex's intro lengths and short, recognisable usage bodies.
pub fn codex_length_texts() -> CatalogTexts {
    CatalogTexts {
        intro_absolute: "x".repeat(INTRO_LOCATOR_CHARS),
        intro_aliases: "x".repeat(INTRO_ALIASES_CHARS),
        usage_absolute: "- usage for absolute paths\n- second usage line".to_owned(),
        usage_aliases: "- usage for aliased paths\n- expand rN first".to_owned(),
    }
}

/// Texts whose intros have the same length: the alias table is then never free.
pub fn equal_intro_texts() -> CatalogTexts {
    CatalogTexts {
        intro_absolute: "Intro for absolute paths.".to_owned(),
        intro_aliases: "Intro for aliased paths..".to_owned(),
        usage_absolute: "- usage (absolute)".to_owned(),
        usage_aliases: "- usage (aliases)".to_owned(),
    }
}

/// The fragment with the placeholder intros written as in `_expected/*.txt`.
pub fn shown(text: &str) -> String {
    let line = |chars: usize| format!("\n{}\n", "x".repeat(chars));
    text.replace(&line(INTRO_LOCATOR_CHARS), "\n@INTRO_LOCATOR@\n")
        .replace(&line(INTRO_ALIASES_CHARS), "\n@INTRO_ALIASES@\n")
}

/// A skill at `<root>/<dir>/SKILL.md`.
pub fn skill(name: &str, description: &str, root: &str, dir: &str, scope: Scope) -> SkillMetadata {
    SkillMetadata::new(name, description, format!("{root}/{dir}/SKILL.md"), scope)
}

/// A repo skill at `/s/<name>/SKILL.md`.
pub fn repo_skill(name: &str, description: &str) -> SkillMetadata {
    skill(name, description, "/s", name, Scope::REPO)
}

/// An outcome whose roots are those of the skills, in order of first appearance.
pub fn outcome(skills: Vec<SkillMetadata>) -> LoadOutcome {
    let mut roots: Vec<SkillRoot> = Vec::new();
    for skill in &skills {
        if !roots.iter().any(|root| root.path == skill.root) {
            roots.push(SkillRoot::new(skill.root.clone(), skill.scope.clone()));
        }
    }
    LoadOutcome {
        skills,
        roots,
        ..LoadOutcome::default()
    }
}

/// An outcome without roots: no alias table is possible, so only the absolute render runs.
/// The spec's worked examples are stated for that render.
pub fn absolute_only(skills: Vec<SkillMetadata>) -> LoadOutcome {
    LoadOutcome {
        skills,
        ..LoadOutcome::default()
    }
}

pub fn options(budget: Budget) -> CatalogOptions {
    CatalogOptions {
        budget,
        include_usage: false,
        neutralize_closing_tags: false,
    }
}

pub fn render(outcome: &LoadOutcome, budget: Budget) -> Catalog {
    render_catalog(outcome, &options(budget), &codex_length_texts()).expect("a visible skill")
}

/// Σ cost(minimum line + "\n") of absolute lines `- name: (file: path)`.
pub fn min_cost(skills: &[SkillMetadata], budget: Budget) -> u64 {
    let model = budget.default_cost_model();
    skills
        .iter()
        .map(|s| model.cost(&format!("- {}: (file: {})\n", s.name, s.path.display())))
        .sum()
}

/// The listed lines.
pub fn lines(catalog: &Catalog) -> Vec<&str> {
    catalog
        .lines
        .iter()
        .map(|line| line.text.as_str())
        .collect()
}

/// The listed descriptions by name.
pub fn descriptions(catalog: &Catalog) -> Vec<(&str, &str)> {
    catalog
        .lines
        .iter()
        .map(|line| (line.name.as_str(), line.description.as_str()))
        .collect()
}
