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
//! # How the decisions are made
//!
//! * **Candidates and order:** `outcome.implicit_candidates()`, sorted by the scope's prompt
//!   rank, then name (bytes), then canonical path as a plain string.
//! * **Lines** cost `cost(line + "\n")`; paths are the *walked* paths (canonical root + path as
//!   walked), absolute or `rN/…`. Descriptions longer than 1,024 chars are cut to 1,021 + `...`
//!   first.
//! * **Stages:** all full lines fit → full; else if all minimum lines fit → descriptions are
//!   shared one character per line per pass (earlier lines win ties; in token mode characters
//!   inside the same 4-byte bucket are free); else skills are dropped in order, skipping those
//!   that do not fit, and the rest are listed without descriptions.
//! * **Render choice (Codex 0.171):** the absolute render gets the whole budget `L`; the alias
//!   render gets `L − T`, with `T = max(0, cost(alias header) − cost(absolute header))`
//!   (intros and the roots table; usage texts are never charged). The alias render wins iff it
//!   lists more skills, then iff it cuts fewer description characters, then iff `T` plus its
//!   line costs is strictly below the absolute line costs.
//! * **Warnings** ([`CatalogWarning`], skilldeck's own words): skills left out (with their
//!   number) whenever the budget dropped any; otherwise "descriptions shortened" whenever at
//!   least one description lost a character (Codex says nothing in that case). Besides, one
//!   [`CatalogWarning::ClosingTagInEntry`] per skill whose name or description holds a closing
//!   tag of a wrapper (`</skill>`, `</skills_instructions>`, any ASCII case, whitespace inside
//!   allowed: the rules of [`skilldeck_model::find_closing_tags`]).
//! * **Closing tags** are listed verbatim, as Codex does, unless
//!   [`CatalogOptions::neutralize_closing_tags`] is set: then they are written `<\/skill>` /
//!   `<\/skills_instructions>` in names and descriptions, before any cost is measured, so the
//!   budget sees the text actually emitted. Paths are never rewritten (a rewritten path would
//!   not open).
//!
//! Stage 2 is computed without replaying the round-robin passes: while the remaining budget is
//! at least the largest price of one step, every step succeeds, so a binary search over the
//! number of whole passes finds where the budget runs low, and only the last few passes are
//! simulated (cost independent of the number of passes). The literal algorithm stays in the
//! hidden `reference` module; property tests prove both give the same catalog.
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
//! let options = CatalogOptions {
//!     budget: Budget::Characters(8_000),
//!     include_usage: false,
//!     neutralize_closing_tags: false,
//! };
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
