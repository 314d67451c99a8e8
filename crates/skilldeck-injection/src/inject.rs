//! Reading the selected skills and wrapping them as `<skill>` fragments.

use skilldeck_model::{Diagnostic, LoadOutcome, SkillMetadata};

use crate::codes;
use crate::fragment::{
    count_closing_tags, neutralize_closing_tags, render_fragment, truncate_chars,
};
use crate::input::UserInput;
use crate::options::InjectionOptions;
use crate::reader::SkillReader;
use crate::select::select;

/// One injected skill: what `inject --json` prints.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Injection {
    /// The skill's (qualified) name.
    pub name: String,
    /// Canonical `SKILL.md` path, lossy UTF-8 with native separators.
    pub path: String,
    /// The file's text as injected (verbatim unless an option changed it).
    pub contents: String,
    /// The exact `<skill>` text sent to the model as one user-role message.
    pub fragment: String,
}

/// What [`inject`] produced.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct InjectionResult {
    /// Fragments in injection order.
    pub injections: Vec<Injection>,
    /// Selection diagnostics followed by read, cap and closing-tag findings, in order. Never
    /// model-visible; `inject.read_failed` is the one Codex itself shows the user.
    pub diagnostics: Vec<Diagnostic>,
}

/// Selects the skills `inputs` mention (see [`select`]) and reads and wraps each one.
///
/// A skill that cannot be read is reported (`inject.read_failed`, naming the skill, its path and
/// the error) and skipped; the others are still injected.
pub fn inject(
    outcome: &LoadOutcome,
    inputs: &[UserInput],
    options: &InjectionOptions,
    reader: &dyn SkillReader,
) -> InjectionResult {
    let connectors: Vec<&str> = options.connectors.iter().map(String::as_str).collect();
    let selection = select(outcome, inputs, &connectors, options.cwd.as_deref());
    let mut result = inject_skills(&selection.skills, options, reader);
    let mut diagnostics = selection.diagnostics;
    diagnostics.append(&mut result.diagnostics);
    result.diagnostics = diagnostics;
    result
}

/// Reads and wraps already selected skills, in the given order.
pub fn inject_skills(
    skills: &[SkillMetadata],
    options: &InjectionOptions,
    reader: &dyn SkillReader,
) -> InjectionResult {
    let mut result = InjectionResult::default();
    for skill in skills {
        let path = skill.path.to_string_lossy().into_owned();
        let read = match options.max_body_chars {
            Some(max) => reader.read_capped(&skill.path, bytes_for_chars(max)),
            None => reader.read_skill(&skill.path),
        };
        let contents = match read {
            Ok(contents) => contents,
            Err(err) => {
                result.diagnostics.push(
                    Diagnostic::warning(
                        codes::READ_FAILED,
                        format!(
                            "skill `{}` was not injected: reading {path} failed: {err}",
                            skill.name
                        ),
                    )
                    .at(&skill.path),
                );
                continue;
            }
        };
        let mut contents = cap_body(skill, contents, options, &mut result.diagnostics);
        let fragment = if options.check_closing_tags || options.neutralize_closing_tags {
            let (fragment, diagnostic) = guard_closing_tags(skill, &path, &mut contents, options);
            result.diagnostics.extend(diagnostic);
            fragment
        } else {
            render_fragment(&skill.name, &path, &contents)
        };
        result.injections.push(Injection {
            fragment,
            name: skill.name.clone(),
            path,
            contents,
        });
    }
    result
}

/// Bytes that always hold `chars + 1` whole characters when a text is longer: at most 4 bytes a
/// character, and a prefix cut at a boundary loses at most 3 bytes of a split one. One character
/// more than the cap is what tells that the body was cut (and warns).
fn bytes_for_chars(chars: usize) -> u64 {
    (chars as u64)
        .saturating_add(1)
        .saturating_mul(4)
        .saturating_add(3)
}

/// Applies the optional body cap.
fn cap_body(
    skill: &SkillMetadata,
    mut contents: String,
    options: &InjectionOptions,
    diagnostics: &mut Vec<Diagnostic>,
) -> String {
    if let Some(max) = options.max_body_chars
        && let Some(kept) = truncate_chars(&contents, max)
    {
        let kept_len = kept.len();
        contents.truncate(kept_len);
        diagnostics.push(
            Diagnostic::warning(
                codes::TRUNCATED,
                format!("skill `{}` is longer than {max} characters; only its first {max} characters were injected", skill.name),
            )
            .at(&skill.path),
        );
    }
    contents
}

/// Checks the name, the path and the body for closing tags, neutralises them on request, and
/// renders the fragment. The name and path are checked too: a plugin namespace or a reader's
/// path can carry a tag that the body does not. One warning per skill, saying where.
fn guard_closing_tags(
    skill: &SkillMetadata,
    path: &str,
    contents: &mut String,
    options: &InjectionOptions,
) -> (String, Option<Diagnostic>) {
    let parts = [
        ("name", count_closing_tags(&skill.name)),
        ("path", count_closing_tags(path)),
        ("body", count_closing_tags(contents)),
    ];
    let count: usize = parts.iter().map(|(_, count)| count).sum();
    if count == 0 {
        return (render_fragment(&skill.name, path, contents), None);
    }
    let places: Vec<&str> = parts
        .iter()
        .filter(|(_, count)| *count > 0)
        .map(|(place, _)| *place)
        .collect();
    let (fragment, what) = if options.neutralize_closing_tags {
        *contents = neutralize_closing_tags(contents);
        let fragment = render_fragment(
            &neutralize_closing_tags(&skill.name),
            &neutralize_closing_tags(path),
            contents,
        );
        (fragment, "they were neutralized as `<\\/…>`")
    } else {
        (
            render_fragment(&skill.name, path, contents),
            "the model may read the skill as ending there",
        )
    };
    let diagnostic = Diagnostic::warning(
        codes::CLOSING_TAG,
        format!(
            "skill `{}` contains {count} closing tag(s) `</skill>` or `</skills_instructions>` (in its {}); {what}",
            skill.name,
            places.join(", ")
        ),
    )
    .at(&skill.path);
    (fragment, Some(diagnostic))
}
