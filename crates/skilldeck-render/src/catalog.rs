//! The catalog pipeline: candidates → order → both renders → choice → fragment.

use std::borrow::Cow;

use skilldeck_model::{LoadOutcome, SkillMetadata, find_closing_tags, neutralize_closing_tags};

use crate::aliases::{AliasRoot, alias_table};
use crate::line::{LineParts, PathText, cap_description, char_prefix, format_line};
use crate::paths::RootGroups;
use crate::report::{CatalogReport, CatalogWarning, RenderMode};
use crate::stages::{Allocation, Shape, Sharing, allocate};
use crate::{Budget, CatalogTexts, CostModel};

/// Opening tag of the catalog fragment.
pub const OPEN_TAG: &str = "<skills_instructions>";
/// Closing tag of the catalog fragment.
pub const CLOSE_TAG: &str = "</skills_instructions>";

/// How to render the catalog.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CatalogOptions {
    /// What the skill lines may cost.
    pub budget: Budget,
    /// Whether to end with `### How to use skills` and the usage text (Codex: per model).
    pub include_usage: bool,
    /// Write every wrapper closing tag (`</skill>`, `</skills_instructions>`, any ASCII case,
    /// whitespace inside allowed) found in a listed name or description as `<\/skill>` /
    /// `<\/skills_instructions>`, so the catalog's own `</skills_instructions>` is the only one
    /// the model sees. Budget costs are measured on the rewritten text. Off by default (and in
    /// both of the facade's profiles), so the output stays Codex's; the
    /// [`CatalogWarning::ClosingTagInEntry`] warning is given either way.
    pub neutralize_closing_tags: bool,
}

impl Default for CatalogOptions {
    /// Codex's defaults for an unknown context window: 8,000 characters, with usage section.
    fn default() -> Self {
        CatalogOptions::for_context_window(None)
    }
}

impl CatalogOptions {
    /// Codex's budget for this context window (see [`Budget::for_context_window`]), with usage.
    pub fn for_context_window(window: Option<i64>) -> CatalogOptions {
        CatalogOptions {
            budget: Budget::for_context_window(window),
            include_usage: true,
            neutralize_closing_tags: false,
        }
    }
}

/// One listed skill line.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct CatalogLine {
    /// Skill name.
    pub name: String,
    /// Scope name (`system`, `admin`, `repo`, `user` or a custom scope).
    pub scope: String,
    /// The description as listed: possibly cut, possibly empty.
    pub description: String,
    /// Length in chars of the description before the budget (after the 1,024-char cap).
    pub description_chars: usize,
    /// The path as listed (`r0/…` in alias mode).
    pub path: String,
    /// The walked absolute path of the `SKILL.md` (root + path as walked), `/` separators.
    pub location: String,
    /// The exact line of the fragment.
    pub text: String,
}

/// A skill the budget left out.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct OmittedSkill {
    /// Skill name.
    pub name: String,
    /// The walked absolute path of its `SKILL.md`.
    pub location: String,
}

/// A rendered catalog: the fragment and everything that explains it.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Catalog {
    /// The exact `<skills_instructions>…</skills_instructions>` fragment (no trailing newline).
    #[serde(skip)]
    pub text: String,
    /// Counts and decisions of the chosen render.
    pub report: CatalogReport,
    /// Warnings for the user, in skilldeck's own words (never shown to the model).
    #[serde(serialize_with = "serialize_warnings")]
    pub warnings: Vec<CatalogWarning>,
    /// The roots table (empty in absolute mode).
    pub roots: Vec<AliasRoot>,
    /// Listed skills, in catalog order.
    pub lines: Vec<CatalogLine>,
    /// Skills left out, in catalog order.
    pub omitted: Vec<OmittedSkill>,
}

/// Renders the catalog of `outcome`'s implicit candidates, or `None` when there are none.
///
/// Follows Codex 0.171: both an absolute and an alias render are computed and the alias render
/// wins iff it lists more skills, then iff it cuts fewer description chars, then iff it is
/// strictly cheaper overall. Costs use Codex's unit for `options.budget`.
pub fn render_catalog(
    outcome: &LoadOutcome,
    options: &CatalogOptions,
    texts: &CatalogTexts,
) -> Option<Catalog> {
    let model = options.budget.default_cost_model();
    render(outcome, options, texts, model, Sharing::Fast)
}

/// [`render_catalog`] with another cost model (e.g. a real tokenizer) for the same budget limit.
pub fn render_catalog_with(
    outcome: &LoadOutcome,
    options: &CatalogOptions,
    texts: &CatalogTexts,
    model: &dyn CostModel,
) -> Option<Catalog> {
    render(outcome, options, texts, model, Sharing::Fast)
}

/// Candidates in catalog order: prompt rank, then name (bytes), then path as a plain string.
pub(crate) fn ordered_candidates(outcome: &LoadOutcome) -> Vec<&SkillMetadata> {
    let mut candidates: Vec<&SkillMetadata> = outcome.implicit_candidates().collect();
    candidates.sort_by(|a, b| {
        a.scope
            .prompt_rank()
            .cmp(&b.scope.prompt_rank())
            .then_with(|| a.name.as_bytes().cmp(b.name.as_bytes()))
            .then_with(|| {
                let (a, b) = (a.path.as_os_str(), b.path.as_os_str());
                a.as_encoded_bytes().cmp(b.as_encoded_bytes())
            })
    });
    candidates
}

pub(crate) fn render(
    outcome: &LoadOutcome,
    options: &CatalogOptions,
    texts: &CatalogTexts,
    model: &dyn CostModel,
    sharing: Sharing,
) -> Option<Catalog> {
    let candidates = ordered_candidates(outcome);
    if candidates.is_empty() {
        return None;
    }
    let limit = options.budget.limit();
    let linear = model.linear();
    // One pass over the descriptions for the cap, the closing tags and the shapes: for
    // thousands of skills the descriptions do not fit in the cache, and each further pass
    // would load them from memory again.
    let mut descriptions: Vec<Cow<'_, str>> = Vec::with_capacity(candidates.len());
    let mut closing_tags = Vec::new();
    // Neutralizing rewrites the descriptions, so their shapes are taken after that.
    let fused_shapes = !options.neutralize_closing_tags;
    let mut shapes: Option<Vec<Shape>> = linear
        .filter(|_| fused_shapes)
        .map(|_| Vec::with_capacity(candidates.len()));
    for skill in &candidates {
        let description = cap_description(&skill.description);
        closing_tags.extend(closing_tag_warning(skill, &description, options));
        if let (Some(linear), Some(shapes)) = (linear, shapes.as_mut()) {
            shapes.push(Shape::new(linear.measure, &description));
        }
        descriptions.push(description);
    }
    let (names, descriptions) = if options.neutralize_closing_tags {
        neutralized(&candidates, descriptions)
    } else {
        let names = candidates
            .iter()
            .map(|skill| Cow::Borrowed(skill.name.as_str()))
            .collect();
        (names, descriptions)
    };
    if !fused_shapes {
        shapes = linear.map(|linear| {
            descriptions
                .iter()
                .map(|description| Shape::new(linear.measure, description))
                .collect()
        });
    }
    let groups = RootGroups::new(&candidates);
    let absolute_lines = line_parts(&names, &descriptions, |index| groups.absolute_path(index));
    let absolute = allocate(&absolute_lines, shapes.as_deref(), limit, model, sharing);
    let table = alias_table(&outcome.roots, &candidates, &groups);

    let mut chosen = Chosen {
        mode: RenderMode::Absolute,
        allocation: absolute,
        lines: absolute_lines,
        overhead: 0,
    };
    if !table.roots.is_empty() {
        let overhead = alias_overhead(texts, &table.roots, model);
        if overhead < limit {
            let alias_lines = line_parts(&names, &descriptions, |index| table.path(&groups, index));
            let alias = allocate(
                &alias_lines,
                shapes.as_deref(),
                limit - overhead,
                model,
                sharing,
            );
            if alias_wins(&alias, overhead, &chosen.allocation) {
                chosen = Chosen {
                    mode: RenderMode::Alias,
                    allocation: alias,
                    lines: alias_lines,
                    overhead,
                };
            }
        }
    }
    let roots = if chosen.mode == RenderMode::Alias {
        table.roots.clone()
    } else {
        Vec::new()
    };
    let mut catalog = assemble(&candidates, &chosen, &groups, roots, options, texts);
    catalog.warnings.extend(closing_tags);
    Some(catalog)
}

/// The [`CatalogWarning::ClosingTagInEntry`] of a candidate whose name or (capped) description
/// holds a wrapper closing tag. Every candidate is checked, listed or not: a larger budget
/// would list it.
fn closing_tag_warning(
    skill: &SkillMetadata,
    description: &str,
    options: &CatalogOptions,
) -> Option<CatalogWarning> {
    let (in_name, in_description) = (
        find_closing_tags(&skill.name),
        find_closing_tags(description),
    );
    let (first, text) = match (in_name.first(), in_description.first()) {
        (Some(tag), _) => (*tag, skill.name.as_str()),
        (None, Some(tag)) => (*tag, description),
        (None, None) => return None,
    };
    Some(CatalogWarning::ClosingTagInEntry {
        name: skill.name.clone(),
        tag: text[first.start..first.end].to_owned(),
        count: in_name.len() + in_description.len(),
        neutralized: options.neutralize_closing_tags,
    })
}

/// Names and descriptions with their closing tags rewritten (borrowed when there are none).
fn neutralized<'a>(
    candidates: &[&'a SkillMetadata],
    descriptions: Vec<Cow<'a, str>>,
) -> (Vec<Cow<'a, str>>, Vec<Cow<'a, str>>) {
    let names = candidates
        .iter()
        .map(|skill| neutralize_closing_tags(&skill.name))
        .collect();
    let descriptions = descriptions
        .into_iter()
        .map(|description| match description {
            Cow::Borrowed(text) => neutralize_closing_tags(text),
            Cow::Owned(text) => Cow::Owned(neutralize_closing_tags(&text).into_owned()),
        })
        .collect();
    (names, descriptions)
}

fn line_parts<'a>(
    names: &'a [Cow<'a, str>],
    descriptions: &'a [Cow<'a, str>],
    path: impl Fn(usize) -> PathText<'a>,
) -> Vec<LineParts<'a>> {
    names
        .iter()
        .zip(descriptions)
        .enumerate()
        .map(|(index, (name, description))| LineParts {
            name,
            description,
            path: path(index),
        })
        .collect()
}

struct Chosen<'a> {
    mode: RenderMode,
    allocation: Allocation,
    lines: Vec<LineParts<'a>>,
    overhead: u64,
}

/// Errata 8.h: `max(0, cost(alias header) − cost(absolute header))`; usage texts never count.
pub(crate) fn alias_overhead(
    texts: &CatalogTexts,
    roots: &[AliasRoot],
    model: &dyn CostModel,
) -> u64 {
    let mut alias_header = format!("\n## Skills\n{}\n### Skill roots\n", texts.intro(true));
    for root in roots {
        alias_header.push_str(&root.line());
        alias_header.push('\n');
    }
    alias_header.push_str("### Available skills\n");
    let absolute_header = format!(
        "\n## Skills\n{}\n### Available skills\n",
        texts.intro(false)
    );
    model
        .cost(&alias_header)
        .saturating_sub(model.cost(&absolute_header))
}

/// More skills, then fewer cut chars, then strictly cheaper (overhead included).
fn alias_wins(alias: &Allocation, overhead: u64, absolute: &Allocation) -> bool {
    let (alias_in, absolute_in) = (alias.included(), absolute.included());
    if alias_in != absolute_in {
        return alias_in > absolute_in;
    }
    if alias.truncated_chars != absolute.truncated_chars {
        return alias.truncated_chars < absolute.truncated_chars;
    }
    overhead + alias.line_cost < absolute.line_cost
}

fn assemble(
    candidates: &[&SkillMetadata],
    chosen: &Chosen<'_>,
    groups: &RootGroups<'_>,
    roots: Vec<AliasRoot>,
    options: &CatalogOptions,
    texts: &CatalogTexts,
) -> Catalog {
    let aliases = chosen.mode == RenderMode::Alias;
    let mut lines = Vec::new();
    let mut omitted = Vec::new();
    for (index, shown) in chosen.allocation.shown.iter().enumerate() {
        let skill = candidates[index];
        let parts = &chosen.lines[index];
        match *shown {
            Some(chars) => {
                let description = char_prefix(parts.description, chars);
                lines.push(CatalogLine {
                    name: skill.name.clone(),
                    scope: skill.scope.name().to_owned(),
                    description: description.to_owned(),
                    description_chars: chosen.allocation.chars[index],
                    path: parts.path.joined(),
                    location: groups.absolute_path(index).joined(),
                    text: format_line(parts.name, description, parts.path),
                });
            }
            None => omitted.push(OmittedSkill {
                name: skill.name.clone(),
                location: groups.absolute_path(index).joined(),
            }),
        }
    }

    let mut text = String::with_capacity(
        256 + lines.iter().map(|line| line.text.len() + 1).sum::<usize>()
            + texts.usage(aliases).len(),
    );
    text.push_str(OPEN_TAG);
    text.push_str("\n## Skills\n");
    text.push_str(texts.intro(aliases));
    text.push('\n');
    if aliases {
        text.push_str("### Skill roots\n");
        for root in &roots {
            text.push_str(&root.line());
            text.push('\n');
        }
    }
    text.push_str("### Available skills\n");
    for line in &lines {
        text.push_str(&line.text);
        text.push('\n');
    }
    if options.include_usage {
        text.push_str("### How to use skills\n");
        text.push_str(texts.usage(aliases));
        text.push('\n');
    }
    text.push_str(CLOSE_TAG);

    let allocation = &chosen.allocation;
    let report = CatalogReport {
        total_count: candidates.len(),
        included_count: lines.len(),
        omitted_count: omitted.len(),
        truncated_description_chars: allocation.truncated_chars,
        truncated_description_count: allocation.truncated_count,
        budget: options.budget,
        mode: chosen.mode,
        stage: allocation.stage,
        alias_overhead: chosen.overhead,
        line_cost: allocation.line_cost,
    };
    Catalog {
        text,
        warnings: CatalogWarning::for_report(&report),
        report,
        roots,
        lines,
        omitted,
    }
}

fn serialize_warnings<S: serde::Serializer>(
    warnings: &[CatalogWarning],
    serializer: S,
) -> Result<S::Ok, S::Error> {
    use serde::ser::SerializeSeq;
    #[derive(serde::Serialize)]
    struct Shown<'a> {
        #[serde(flatten)]
        warning: &'a CatalogWarning,
        message: String,
    }
    let mut seq = serializer.serialize_seq(Some(warnings.len()))?;
    for warning in warnings {
        seq.serialize_element(&Shown {
            warning,
            message: warning.to_string(),
        })?;
    }
    seq.end()
}
