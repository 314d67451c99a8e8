//! The budgeted skills catalog: the `<skills_instructions>` fragment that tells the model which
//! skills exist, byte-compatible with Codex CLI 0.171.
//!
//! **Owns:** the [`Budget`] and how it follows from the context window, the [`CostModel`] of a
//! text (Codex's characters and `ceil(bytes / 4)` tokens, or a harness's own tokenizer), the
//! catalog order, the three-stage degradation (full lines → descriptions shared character by
//! character → skills dropped), the `### Skill roots` alias table with plugin-cache collapsing,
//! the choice between the alias and the absolute render, the [`CatalogReport`] and the user
//! warnings, and the assembly of the fragment around caller-supplied [`CatalogTexts`] — plus two
//! other presentations of the same decisions (agentskills.io XML and JSON).
//!
//! **Must not:** touch the file system, or decide which skills exist — it renders the implicit
//! candidates of a [`LoadOutcome`](skilldeck_model::LoadOutcome) and nothing else. It ships no
//! prose: the intro and usage texts are data (`config/catalog-texts.toml`).
//!
//! Stage 2 is computed without replaying the round-robin passes (see the `share` module
//! docs); the literal algorithm stays available in the hidden `reference` module and the tests
//! prove both equal.
//!
//! # Example
//!
//! ```
//! use skilldeck_model::{LoadOutcome, Scope, SkillMetadata, SkillRoot};
//! use skilldeck_render::{Budget, CatalogOptions, CatalogTexts, RenderMode, render_catalog};
//!
//! let outcome = LoadOutcome {
//!     skills: vec![SkillMetadata::new(
//!         "pdf",
//!         "Fill and merge PDF forms",
//!         "/repo/.agents/skills/pdf/SKILL.md",
//!         Scope::REPO,
//!     )],
//!     roots: vec![SkillRoot::new("/repo/.agents/skills", Scope::REPO)],
//!     ..LoadOutcome::default()
//! };
//! // The alias render wins when its header plus its shorter paths cost less than the absolute
//! // header plus the long paths, so the absolute intro is the longer one.
//! let texts = CatalogTexts {
//!     intro_absolute: "Skills you can use. Each entry names the absolute path of the SKILL.md to open.".into(),
//!     intro_aliases: "Skills you can use (rN = a root below).".into(),
//!     usage_absolute: "- Open the SKILL.md before using a skill.".into(),
//!     usage_aliases: "- Expand rN, then open the SKILL.md.".into(),
//! };
//! let options = CatalogOptions { budget: Budget::Characters(8_000), include_usage: false };
//!
//! let catalog = render_catalog(&outcome, &options, &texts).expect("one visible skill");
//! assert_eq!(catalog.report.mode, RenderMode::Alias);
//! let expected = [
//!     "<skills_instructions>",
//!     "## Skills",
//!     "Skills you can use (rN = a root below).",
//!     "### Skill roots",
//!     "- `r0` = `/repo/.agents/skills`",
//!     "### Available skills",
//!     "- pdf: Fill and merge PDF forms (file: r0/pdf/SKILL.md)",
//!     "</skills_instructions>",
//! ];
//! assert_eq!(catalog.text, expected.join("\n"));
//! assert!(catalog.warnings.is_empty());
//! ```
#![deny(missing_docs)]

mod aliases;
mod budget;
mod catalog;
mod cost;
mod formats;
mod line;
mod paths;
mod report;
mod share;
mod stages;
mod texts;

#[doc(hidden)]
pub mod reference;

pub use aliases::AliasRoot;
pub use budget::{Budget, BudgetPolicy};
pub use catalog::{
    CLOSE_TAG, Catalog, CatalogLine, CatalogOptions, OPEN_TAG, OmittedSkill, render_catalog,
    render_catalog_with,
};
pub use cost::{CharacterCost, CostModel, LinearCost, Measure, TokenCost};
pub use line::{DESCRIPTION_CAP, cap_description};
pub use report::{CatalogReport, CatalogWarning, RenderMode};
pub use stages::Stage;
pub use texts::CatalogTexts;

#[cfg(test)]
mod share_tests;
