//! The `spec` rule set: the agentskills.io specification, checked with a correct YAML parser and
//! a correct front-matter split (see docs/validation.md for where this differs from the Python
//! reference `skills-ref`).

use std::path::Path;

use serde_yaml::Value;
use skilldeck_model::Severity;

use crate::finding::Finding;
use crate::hint::portable_name;
use crate::read::{Content, ReadCodes, text_or_report};
use crate::strict::{self, Report, StrictError, key_text, kind, scalar_text};

/// Rule-set name in findings.
pub(crate) const RULES: &str = "spec";
const MAX_NAME_CHARS: usize = 64;
const MAX_DESCRIPTION_CHARS: usize = 1024;
const MAX_COMPATIBILITY_CHARS: usize = 500;
/// The top-level keys the specification defines.
const KNOWN_KEYS: [&str; 6] = [
    "name",
    "description",
    "license",
    "compatibility",
    "metadata",
    "allowed-tools",
];

/// Claude Code's own front-matter fields (named in the hint, since moving them breaks Claude Code).
const CLAUDE_CODE_KEYS: [&str; 13] = [
    "when_to_use",
    "argument-hint",
    "arguments",
    "disallowed-tools",
    "disable-model-invocation",
    "user-invocable",
    "model",
    "effort",
    "context",
    "agent",
    "hooks",
    "paths",
    "shell",
];

impl Report<'_> {
    /// The value as a string: strings as they are, numbers and booleans with a warning (quote
    /// them), other kinds with an error (`None`).
    fn string(&mut self, key: &str, value: &Value) -> Option<String> {
        if let Value::String(s) = value {
            return Some(s.clone());
        }
        if let Some(text) = scalar_text(value) {
            self.push(
                "spec/not-a-string",
                Severity::Warning,
                key,
                format!("`{key}` is {} in YAML, not a string", kind(value)),
                Some(format!("quote the value: {key}: \"{text}\"")),
            );
            return Some(text);
        }
        self.push(
            "spec/wrong-type",
            Severity::Error,
            key,
            format!("`{key}` must be a string, found {}", kind(value)),
            self.parsed.quote_flow_hint(key),
        );
        None
    }
}

/// Checks one file's content.
pub(crate) fn check(path: &Path, content: &Content, out: &mut Vec<Finding>) {
    let codes = ReadCodes {
        not_utf8: "spec/not-utf8",
        read_failed: "spec/read-failed",
    };
    let Some(text) = text_or_report(path, content, RULES, &codes, out) else {
        return;
    };
    let parsed = match strict::parse(text) {
        Ok(parsed) => parsed,
        Err(error) => {
            out.push(parse_error(path, error));
            return;
        }
    };
    let mut report = Report {
        rules: RULES,
        path,
        parsed: &parsed,
        out,
    };
    check_keys(&mut report);
    check_name(&mut report, path);
    check_description(&mut report);
    check_optional_strings(&mut report);
    check_metadata(&mut report);
    check_allowed_tools(&mut report);
}

fn parse_error(path: &Path, error: StrictError) -> Finding {
    match error {
        StrictError::Missing(missing) => Finding::new(
            path,
            RULES,
            missing.spec_code(),
            Severity::Error,
            "SKILL.md must start with a `---` YAML front matter",
        )
        .at(Some(missing.line()), Some(1))
        .with_hint(missing.explanation()),
        StrictError::Yaml {
            message,
            position,
            hint,
        } => {
            let mut f = Finding::new(
                path,
                RULES,
                "spec/invalid-yaml",
                Severity::Error,
                format!("front matter is not valid YAML: {message}"),
            )
            .at(position.map(|p| p.0), position.map(|p| p.1));
            if let Some(hint) = hint {
                f = f.with_hint(hint);
            }
            f
        }
        StrictError::NotMapping(found) => Finding::new(
            path,
            RULES,
            "spec/frontmatter-not-mapping",
            Severity::Error,
            format!("front matter must be a mapping of keys to values, found {found}"),
        )
        .at(Some(2), Some(1))
        .with_hint("write `name: …` and `description: …` lines between the `---` lines"),
    }
}

fn check_keys(report: &mut Report<'_>) {
    let unknown: Vec<String> = report
        .parsed
        .map
        .keys()
        .map(key_text)
        .filter(|key| !KNOWN_KEYS.contains(&key.as_str()))
        .collect();
    for key in unknown {
        let hint = if CLAUDE_CODE_KEYS.contains(&key.as_str()) {
            format!(
                "`{key}` is a Claude Code field: keep it for Claude Code (other tools may refuse it), or move it under `metadata:`"
            )
        } else {
            format!(
                "move it under `metadata:` as a string (`metadata:` / `  {key}: \"…\"`), or remove it"
            )
        };
        report.push(
            "spec/unknown-key",
            Severity::Error,
            &key,
            format!("`{key}` is not a front-matter field of the specification (name, description, license, compatibility, metadata, allowed-tools)"),
            Some(hint),
        );
    }
}

fn check_name(report: &mut Report<'_>, path: &Path) {
    let Some(value) = report.parsed.get("name").cloned() else {
        let folder = folder_name(path);
        report.push(
            "spec/missing-name",
            Severity::Error,
            "name",
            "front matter has no `name`".to_owned(),
            folder
                .and_then(|f| portable_name(&f))
                .map(|n| format!("add `name: {n}`")),
        );
        return;
    };
    if value.is_null() {
        report.push(
            "spec/name-length",
            Severity::Error,
            "name",
            format!("`name` must be 1–{MAX_NAME_CHARS} characters, found an empty value"),
            folder_name(path)
                .and_then(|f| portable_name(&f))
                .map(|n| format!("use `name: {n}`")),
        );
        return;
    }
    let Some(name) = report.string("name", &value) else {
        return;
    };
    let chars = name.chars().count();
    let suggestion = portable_name(&name).map(|n| format!("use `name: {n}`"));
    if chars == 0 || chars > MAX_NAME_CHARS {
        report.push(
            "spec/name-length",
            Severity::Error,
            "name",
            format!("`name` must be 1–{MAX_NAME_CHARS} characters, found {chars}"),
            suggestion.clone(),
        );
    }
    if !name
        .chars()
        .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
    {
        report.push(
            "spec/name-charset",
            Severity::Error,
            "name",
            format!("`name` `{name}` may contain only lowercase letters a–z, digits and `-`"),
            suggestion.clone(),
        );
    }
    if name.starts_with('-') || name.ends_with('-') {
        report.push(
            "spec/name-hyphen",
            Severity::Error,
            "name",
            format!("`name` `{name}` must not start or end with `-`"),
            suggestion.clone(),
        );
    }
    if name.contains("--") {
        report.push(
            "spec/name-double-hyphen",
            Severity::Error,
            "name",
            format!("`name` `{name}` must not contain `--`"),
            suggestion,
        );
    }
    if let Some(folder) = folder_name(path)
        && folder != name
    {
        report.push(
            "spec/name-folder-mismatch",
            Severity::Error,
            "name",
            format!("`name` `{name}` must equal the skill's folder name `{folder}`"),
            Some("rename the folder or the skill so both are the same".to_owned()),
        );
    }
}

/// The skill folder's name as walked (its canonical name when the path has none, e.g. `.`).
fn folder_name(path: &Path) -> Option<String> {
    let parent = path.parent()?;
    let named = parent.file_name().map(|n| n.to_string_lossy().into_owned());
    named.or_else(|| {
        let canonical = std::fs::canonicalize(if parent.as_os_str().is_empty() {
            Path::new(".")
        } else {
            parent
        })
        .ok()?;
        canonical
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
    })
}

fn check_description(report: &mut Report<'_>) {
    let Some(value) = report.parsed.get("description").cloned() else {
        report.push(
            "spec/missing-description",
            Severity::Error,
            "description",
            "front matter has no `description`".to_owned(),
            Some("add `description: <what the skill does and when to use it>`".to_owned()),
        );
        return;
    };
    if value.is_null() {
        report.push(
            "spec/description-empty",
            Severity::Error,
            "description",
            "`description` is empty".to_owned(),
            Some("say what the skill does and when to use it".to_owned()),
        );
        return;
    }
    let Some(description) = report.string("description", &value) else {
        return;
    };
    let chars = description.chars().count();
    if description.trim().is_empty() {
        report.push(
            "spec/description-empty",
            Severity::Error,
            "description",
            "`description` is empty".to_owned(),
            Some("say what the skill does and when to use it".to_owned()),
        );
    } else if chars > MAX_DESCRIPTION_CHARS {
        report.push(
            "spec/description-too-long",
            Severity::Error,
            "description",
            format!("`description` has {chars} characters; the limit is {MAX_DESCRIPTION_CHARS}"),
            Some("shorten it and move detail into the body".to_owned()),
        );
    }
}

fn check_optional_strings(report: &mut Report<'_>) {
    if let Some(value) = report.parsed.optional("license").cloned() {
        report.string("license", &value);
    }
    if let Some(value) = report.parsed.optional("compatibility").cloned()
        && let Some(text) = report.string("compatibility", &value)
    {
        let chars = text.chars().count();
        if chars == 0 || chars > MAX_COMPATIBILITY_CHARS {
            report.push(
                "spec/compatibility-length",
                Severity::Error,
                "compatibility",
                format!(
                    "`compatibility` must be 1–{MAX_COMPATIBILITY_CHARS} characters, found {chars}"
                ),
                Some(if chars == 0 {
                    "remove the empty `compatibility`".to_owned()
                } else {
                    format!("shorten it to at most {MAX_COMPATIBILITY_CHARS} characters")
                }),
            );
        }
    }
}

fn check_metadata(report: &mut Report<'_>) {
    let Some(value) = report.parsed.optional("metadata").cloned() else {
        return;
    };
    let Value::Mapping(map) = value else {
        report.push(
            "spec/metadata-type",
            Severity::Error,
            "metadata",
            format!(
                "`metadata` must be a mapping of strings to strings, found {}",
                kind(&value)
            ),
            Some("write `metadata:` followed by indented `key: \"value\"` lines".to_owned()),
        );
        return;
    };
    for (key, value) in &map {
        let key_name = key_text(key);
        let at = report
            .parsed
            .position(&["metadata", &key_name])
            .or_else(|| report.parsed.position(&["metadata"]));
        let (code, severity, message, hint) = match (key, value) {
            (Value::String(_), Value::String(_)) => continue,
            (Value::String(_), other) if scalar_text(other).is_some() => (
                "spec/metadata-not-a-string",
                Severity::Warning,
                format!(
                    "`metadata.{key_name}` is {} in YAML, not a string",
                    kind(other)
                ),
                Some(format!(
                    "quote the value: {key_name}: \"{}\"",
                    scalar_text(other).unwrap_or_default()
                )),
            ),
            (Value::String(_), other) => (
                "spec/metadata-value-type",
                Severity::Error,
                format!(
                    "`metadata.{key_name}` must be a string, found {}",
                    kind(other)
                ),
                Some("metadata maps strings to strings; join lists into one string".to_owned()),
            ),
            (other, _) => (
                "spec/metadata-key-type",
                Severity::Error,
                format!(
                    "`metadata` keys must be strings, found {} `{key_name}`",
                    kind(other)
                ),
                Some(format!("quote the key: \"{key_name}\":")),
            ),
        };
        let mut f = Finding::new(report.path, RULES, code, severity, message)
            .at(at.map(|p| p.0), at.map(|p| p.1));
        if let Some(hint) = hint {
            f = f.with_hint(hint);
        }
        report.out.push(f);
    }
}

fn check_allowed_tools(report: &mut Report<'_>) {
    let Some(value) = report.parsed.optional("allowed-tools").cloned() else {
        return;
    };
    match &value {
        Value::String(_) => {}
        Value::Sequence(items) if items.iter().all(|i| matches!(i, Value::String(_))) => {
            let joined: Vec<&str> = items.iter().filter_map(Value::as_str).collect();
            // A joined string is only an equivalent when no tool pattern holds a space.
            let hint = (!joined.iter().any(|t| t.contains(char::is_whitespace)))
                .then(|| format!("allowed-tools: {}", joined.join(" ")));
            report.push(
                "spec/allowed-tools-list",
                Severity::Warning,
                "allowed-tools",
                "`allowed-tools` is a list; the specification defines a space-delimited string (skills-ref and \
                 Claude Code accept lists, other tools may not)"
                    .to_owned(),
                hint,
            );
        }
        other => report.push(
            "spec/wrong-type",
            Severity::Error,
            "allowed-tools",
            format!(
                "`allowed-tools` must be a space-delimited string, found {}",
                kind(other)
            ),
            Some(
                "write the tools on one line, separated by spaces: `allowed-tools: Read Grep`"
                    .to_owned(),
            ),
        ),
    }
}
