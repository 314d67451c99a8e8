//! `skilldeck list`: every skill found and every skill that failed to load.

use std::fmt::Write as _;
use std::io::Write as _;
use std::process::ExitCode;

use skilldeck::LoadOutcome;

use crate::args::{GlobalArgs, ListArgs};
use crate::commands::{manager, print_diagnostics, print_setup_warnings};
use crate::style::{Style, pad};

/// Longest description shown in the table; the JSON form has the whole text.
const DESCRIPTION_WIDTH: usize = 60;

pub fn run(global: &GlobalArgs, args: &ListArgs) -> anyhow::Result<ExitCode> {
    let manager = manager(global)?;
    let outcome = manager.outcome();
    print_setup_warnings(&manager);
    print_diagnostics(&outcome.diagnostics);
    if args.json {
        // Streamed, so a listing of tens of thousands of skills is never one string in memory.
        let listing = outcome.listing_view(manager.cwd());
        let mut out = std::io::BufWriter::new(std::io::stdout().lock());
        serde_json::to_writer_pretty(&mut out, &listing)?;
        writeln!(out)?;
        out.flush()?;
    } else {
        out!("{}", table(&outcome, Style::stdout()))?;
    }
    Ok(ExitCode::SUCCESS)
}

/// The human table: one block per scope in loader order, then the errors.
pub fn table(outcome: &LoadOutcome, style: Style) -> String {
    let mut out = String::new();
    if outcome.skills.is_empty() && outcome.errors.is_empty() {
        out.push_str("No skills found.\n");
        return out;
    }
    let name_width = outcome
        .skills
        .iter()
        .map(|skill| skill.name.chars().count())
        .max()
        .unwrap_or(0);
    let description_width = outcome
        .skills
        .iter()
        .map(|skill| {
            shorten(&skill.description, DESCRIPTION_WIDTH)
                .chars()
                .count()
        })
        .max()
        .unwrap_or(0);
    let mut scopes: Vec<&str> = Vec::new();
    for skill in &outcome.skills {
        if !scopes.contains(&skill.scope.name()) {
            scopes.push(skill.scope.name());
        }
    }
    for scope in scopes {
        let skills: Vec<_> = outcome
            .skills
            .iter()
            .filter(|skill| skill.scope.name() == scope)
            .collect();
        let _ = writeln!(
            out,
            "{}",
            style.bold(&format!(
                "{scope} ({})",
                count(skills.len(), "skill", "skills")
            ))
        );
        for skill in skills {
            let enabled = outcome.is_enabled(skill);
            let status = if !enabled {
                "disabled"
            } else if skill.allows_implicit_invocation() {
                "enabled"
            } else {
                "explicit"
            };
            let description = shorten(&skill.description, DESCRIPTION_WIDTH);
            let line = format!(
                "  {}  {}  {}",
                pad(&skill.name, name_width),
                pad(status, 8),
                pad(&description, description_width)
            );
            let path = skill.path.display().to_string();
            if enabled {
                let _ = writeln!(out, "{line}  {}", style.dim(&path));
            } else {
                let _ = writeln!(out, "{}", style.dim(&format!("{line}  {path}")));
            }
        }
        out.push('\n');
    }
    if !outcome.errors.is_empty() {
        let _ = writeln!(
            out,
            "{}",
            style.red(&format!("errors ({})", outcome.errors.len()))
        );
        for error in &outcome.errors {
            let _ = writeln!(out, "  {}: {}", error.path.display(), error.message);
        }
        out.push('\n');
    }
    if outcome
        .enabled_skills()
        .any(|skill| !skill.allows_implicit_invocation())
    {
        let _ = writeln!(
            out,
            "{}",
            style.dim(
                "explicit: used only when mentioned (allow_implicit_invocation: false), never listed in the catalog"
            )
        );
    }
    let enabled = outcome.enabled_skills().count();
    let _ = writeln!(
        out,
        "{}, {enabled} enabled, {}",
        count(outcome.skills.len(), "skill", "skills"),
        count(outcome.errors.len(), "error", "errors"),
    );
    out
}

fn count(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// The first `width` characters, with `…` when cut.
fn shorten(text: &str, width: usize) -> String {
    if text.chars().count() <= width {
        text.to_owned()
    } else {
        let mut cut: String = text.chars().take(width - 1).collect();
        cut.push('…');
        cut
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use skilldeck::{Scope, SkillError, SkillMetadata};

    #[test]
    fn table_groups_by_scope_and_marks_disabled_skills() {
        let on = SkillMetadata::new("alpha", "First", "/r/alpha/SKILL.md", Scope::REPO);
        let off = SkillMetadata::new("b", "Second", "/u/b/SKILL.md", Scope::USER);
        let mut outcome = LoadOutcome {
            skills: vec![on, off.clone()],
            errors: vec![SkillError {
                path: "/r/bad/SKILL.md".into(),
                message: "missing YAML frontmatter delimited by ---".into(),
            }],
            ..LoadOutcome::default()
        };
        outcome.disabled_paths.insert(off.path);
        assert_eq!(
            table(&outcome, Style::plain()),
            "repo (1 skill)\n  alpha  enabled   First   /r/alpha/SKILL.md\n\n\
             user (1 skill)\n  b      disabled  Second  /u/b/SKILL.md\n\n\
             errors (1)\n  /r/bad/SKILL.md: missing YAML frontmatter delimited by ---\n\n\
             2 skills, 1 enabled, 1 error\n"
        );
    }

    #[test]
    fn long_descriptions_are_cut_with_an_ellipsis() {
        assert_eq!(shorten("abcdef", 4), "abc…");
        assert_eq!(shorten("abc", 4), "abc");
    }
}
