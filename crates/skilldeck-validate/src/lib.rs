//! Validates skills against the rules of several tools and reports findings.
//!
//! **Owns:** checking `SKILL.md` files (and the `agents/openai.yaml` beside them) against three
//! rule sets — [`RuleSet::Codex`] (what Codex CLI 0.171 rejects, with its exact messages, or
//! silently ignores or degrades), [`RuleSet::Spec`] (the agentskills.io specification, with a
//! correct YAML parser) and [`RuleSet::Claude`] (Claude Code's front-matter fields and types) —
//! and the [`Finding`] value with its JSON wire form (`skilldeck validate --json`).
//!
//! **Must not:** decide what is loaded. It only reports: the loader stays the one place that
//! turns files into a `LoadOutcome`, and Codex rejections come from the loader's own parser
//! (`skilldeck_loader::parse`) so that the messages cannot drift. It never writes files.
//!
//! # Example
//!
//! ```
//! use skilldeck_validate::{RuleSet, validate};
//!
//! let dir = tempfile::tempdir().unwrap();
//! let skill = dir.path().join("My Skill");
//! std::fs::create_dir(&skill).unwrap();
//! std::fs::write(skill.join("SKILL.md"), "---\ndescription: Does things\n---\nBody\n").unwrap();
//!
//! let findings = validate(&[dir.path().to_path_buf()], &RuleSet::parse_list("codex,spec").unwrap());
//! let codes: Vec<&str> = findings.iter().map(|f| f.code).collect();
//! // Codex loads it, but `$My Skill` can never mention it; the spec wants a `name`.
//! assert_eq!(codes, ["codex/name-not-mentionable", "spec/missing-name"]);
//! assert!(findings.iter().any(|f| f.is_error()));
//! ```
#![deny(missing_docs)]

mod claude;
mod codex;
mod finding;
mod frontmatter;
mod hint;
mod locate;
mod openai_yaml;
mod read;
mod rule_set;
mod spec;
mod strict;
mod walk;

use std::path::{Path, PathBuf};

use skilldeck_model::Severity;

pub use finding::{Finding, INPUT_RULES, findings_to_json};
pub use rule_set::{RuleSet, RuleSetError};

use read::Content;
use walk::Reach;

/// Validates every `SKILL.md` reachable from `paths` against `rules`.
///
/// A path may be a `SKILL.md` (or any file, which is then checked as one), a skill folder, or a
/// folder of skills (walked breadth-first in name order, bounded; the codex rule set treats it
/// as a skill root). Each file is checked once even when reached twice. The result is sorted by
/// path, line and code, so the same tree always gives the same report.
pub fn validate(paths: &[PathBuf], rules: &[RuleSet]) -> Vec<Finding> {
    let walked = walk::collect(paths);
    let mut findings = walked.findings;
    let mut loaded = Vec::new();
    for candidate in &walked.candidates {
        if candidate.reach == Reach::NotNamedSkillMd && is_openai_yaml(&candidate.path) {
            // A metadata file given by path: only the codex rule set has rules for it.
            if rules.contains(&RuleSet::Codex) {
                check_openai_yaml_file(&candidate.path, &mut findings);
            }
            continue;
        }
        let content = read::read(&candidate.path);
        if matches!(content, Content::TooLargeToCheck) {
            findings.push(Finding::new(
                &candidate.path,
                INPUT_RULES,
                "input/too-large",
                Severity::Warning,
                format!("larger than {} bytes; not checked", read::CHECK_READ_LIMIT),
            ));
        }
        for set in rules {
            match set {
                RuleSet::Codex => {
                    if let Some(skill) = codex::check(candidate, &content, &mut findings) {
                        loaded.push(skill);
                    }
                    if candidate.reach == Reach::Loaded {
                        check_openai_yaml(&candidate.path, &mut findings);
                    }
                }
                RuleSet::Spec => spec::check(&candidate.path, &content, &mut findings),
                RuleSet::Claude => claude::check(&candidate.path, &content, &mut findings),
            }
        }
    }
    if rules.contains(&RuleSet::Codex) {
        codex::duplicate_names(&loaded, &mut findings);
    }
    findings.sort_by(Finding::report_order);
    findings.dedup();
    findings
}

/// The files [`validate`] checks for `paths`, in walk order, each canonical file once
/// (including those Codex never loads, which the codex rule set reports).
pub fn skill_files(paths: &[PathBuf]) -> Vec<PathBuf> {
    walk::collect(paths)
        .candidates
        .into_iter()
        .map(|c| c.path)
        .collect()
}

/// Validates one `SKILL.md` text as if it were the file at `path` (no file-system access except
/// the folder-name lookups of the name rules). Handy for editors and tests.
pub fn validate_text(path: &Path, text: &str, rules: &[RuleSet]) -> Vec<Finding> {
    let mut findings = Vec::new();
    let content = Content::Text(text.to_owned());
    for set in rules {
        match set {
            RuleSet::Codex => {
                let _ = codex::check_text(path, text, None, &mut findings);
            }
            RuleSet::Spec => spec::check(path, &content, &mut findings),
            RuleSet::Claude => claude::check(path, &content, &mut findings),
        }
    }
    findings.sort_by(Finding::report_order);
    findings.dedup();
    findings
}

/// Whether a given file is a skill's `agents/openai.yaml`.
fn is_openai_yaml(path: &Path) -> bool {
    path.file_name().is_some_and(|n| n == "openai.yaml")
}

/// Checks `<skill dir>/agents/openai.yaml` when it is there (codex rule set).
fn check_openai_yaml(skill_file: &Path, findings: &mut Vec<Finding>) {
    let Some(dir) = skill_file.parent() else {
        return;
    };
    let path = dir.join("agents").join("openai.yaml");
    if !std::fs::metadata(&path).is_ok_and(|m| m.is_file()) {
        return; // Absent, or not a regular file: Codex ignores it silently, and so do we.
    }
    check_openai_yaml_file(&path, findings);
}

/// Checks one `openai.yaml` file (codex rule set).
fn check_openai_yaml_file(path: &Path, findings: &mut Vec<Finding>) {
    let error = match read::read(path) {
        Content::Text(text) => return openai_yaml::check(path, &text, findings),
        Content::NotUtf8(error) => error.to_string(),
        Content::Unreadable(error) => error,
        Content::TooLargeForCodex | Content::TooLargeToCheck => return,
    };
    findings.push(Finding::new(
        path,
        codex::RULES,
        "codex/openai-yaml-ignored",
        Severity::Warning,
        format!(
            "Codex ignores the whole file (interface, dependencies and policy): failed to read openai.yaml: {error}"
        ),
    ));
}
