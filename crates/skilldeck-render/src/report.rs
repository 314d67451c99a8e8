//! What a render decided, and the warnings for the user (never shown to the model).

use std::fmt;

use crate::Budget;
use crate::stages::Stage;

/// Which of the two renders was chosen.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum RenderMode {
    /// Paths shortened through the `### Skill roots` table (`r0/…`).
    Alias,
    /// Absolute paths, no roots table.
    Absolute,
}

/// Counts of the chosen render (Codex's report fields, plus what skilldeck adds).
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub struct CatalogReport {
    /// Skills that could be listed (enabled and allowing implicit use).
    pub total_count: usize,
    /// Skills listed.
    pub included_count: usize,
    /// Skills left out by the budget.
    pub omitted_count: usize,
    /// Description characters not shown; when skills were left out, every description counts.
    pub truncated_description_chars: u64,
    /// Skills whose description lost at least one character.
    pub truncated_description_count: usize,
    /// The budget the skill lines were measured against.
    pub budget: Budget,
    /// The render that won.
    pub mode: RenderMode,
    /// The stage that decided the chosen render.
    pub stage: Stage,
    /// Budget units charged for the roots table (0 in absolute mode).
    pub alias_overhead: u64,
    /// Σ cost(line + "\n") over the listed skill lines.
    pub line_cost: u64,
}

/// A warning for the user about what the budget did to the catalog, or about text in it.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum CatalogWarning {
    /// Skills were left out of the catalog (and the listed ones lost their descriptions).
    SkillsLeftOut {
        /// How many skills the model cannot see.
        count: usize,
        /// How many skills are still listed (without descriptions).
        listed: usize,
        /// The budget that was exceeded.
        budget: Budget,
    },
    /// Every skill is listed, but some descriptions were cut. Codex stays silent here; skilldeck
    /// says it whenever at least one description lost a character.
    DescriptionsShortened {
        /// Skills whose description was cut.
        count: usize,
        /// Characters cut in total.
        chars: u64,
        /// The budget that forced the cut.
        budget: Budget,
    },
    /// A skill's name or description holds a closing tag of a wrapper (`</skill>`,
    /// `</skills_instructions>`, any case or spacing), which could make the model read the
    /// catalog as ending there. Codex lists such text silently.
    ClosingTagInEntry {
        /// The skill's name, as loaded.
        name: String,
        /// The first such tag, as written in the skill.
        tag: String,
        /// How many the name and description hold together.
        count: usize,
        /// Whether they were rewritten as `<\/…>` ([`crate::CatalogOptions::neutralize_closing_tags`]).
        neutralized: bool,
    },
}

impl CatalogWarning {
    /// The warnings for a report: left-out skills take precedence over shortened descriptions.
    pub fn for_report(report: &CatalogReport) -> Vec<CatalogWarning> {
        if report.omitted_count > 0 {
            vec![CatalogWarning::SkillsLeftOut {
                count: report.omitted_count,
                listed: report.included_count,
                budget: report.budget,
            }]
        } else if report.truncated_description_count > 0 {
            vec![CatalogWarning::DescriptionsShortened {
                count: report.truncated_description_count,
                chars: report.truncated_description_chars,
                budget: report.budget,
            }]
        } else {
            Vec::new()
        }
    }
}

impl fmt::Display for CatalogWarning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            &CatalogWarning::SkillsLeftOut {
                count,
                listed,
                budget,
            } => {
                let skills = if count == 1 { "skill" } else { "skills" };
                if listed == 0 {
                    write!(
                        f,
                        "{count} {skills} left out of the model's skill catalog: not even one \
                         fits its budget of {budget}, so the list is empty. Skills still work \
                         when named with $name; disabling unused skills makes room."
                    )
                } else {
                    write!(
                        f,
                        "{count} {skills} left out of the model's skill catalog to fit its budget \
                         of {budget}; the {listed} listed appear without descriptions. Left-out \
                         skills still work when named with $name; disabling unused skills makes \
                         room."
                    )
                }
            }
            &CatalogWarning::DescriptionsShortened {
                count,
                chars,
                budget,
            } => {
                let skills = if count == 1 { "skill" } else { "skills" };
                write!(
                    f,
                    "descriptions shortened for {count} {skills} ({chars} characters cut) to fit \
                     the skill catalog budget of {budget}; every skill is still listed."
                )
            }
            CatalogWarning::ClosingTagInEntry {
                name,
                tag,
                count,
                neutralized,
            } => {
                let tag = tag.escape_debug();
                let what = if *neutralized {
                    "it was written as `<\\/…>` in the catalog"
                } else {
                    "the model may take the skill catalog to end there \
                     (`neutralize_closing_tags` rewrites such tags)"
                };
                write!(
                    f,
                    "skill `{name}` has {count} closing tag(s) like `{tag}` in its name or \
                     description; {what}."
                )
            }
        }
    }
}
