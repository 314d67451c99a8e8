//! The `claude` rule set: the front-matter fields Claude Code understands, with their types.
//! Unknown keys are warnings (Claude Code ignores them).

use std::path::Path;

use serde_yaml::Value;
use skilldeck_model::Severity;

use crate::finding::Finding;
use crate::hint::portable_name;
use crate::read::{Content, ReadCodes, text_or_report};
use crate::strict::{self, Report, StrictError, key_text, kind, scalar_text};

/// Rule-set name in findings.
pub(crate) const RULES: &str = "claude";
/// Claude Code's skill listing caps `description` + `when_to_use` at this many characters.
const LISTING_CHARS: usize = 1536;

/// The type a field must have.
#[derive(Clone, Copy)]
enum Expect {
    Text,
    /// A string, or a number taken as its text (e.g. `version: 1.0`).
    TextOrNumber,
    TextOrList,
    Bool,
    Map,
}

/// Claude Code's fields, and the portable agentskills.io fields it accepts alongside them.
const FIELDS: [(&str, Expect); 20] = [
    ("name", Expect::Text),
    ("description", Expect::Text),
    ("when_to_use", Expect::Text),
    ("argument-hint", Expect::Text),
    ("arguments", Expect::TextOrList),
    ("allowed-tools", Expect::TextOrList),
    ("disallowed-tools", Expect::TextOrList),
    ("disable-model-invocation", Expect::Bool),
    ("user-invocable", Expect::Bool),
    ("model", Expect::Text),
    ("effort", Expect::Text),
    ("context", Expect::Text),
    ("agent", Expect::Text),
    ("hooks", Expect::Map),
    ("paths", Expect::TextOrList),
    ("shell", Expect::Text),
    ("license", Expect::Text),
    ("compatibility", Expect::Text),
    ("metadata", Expect::Map),
    ("version", Expect::TextOrNumber),
];

/// Checks one file's content.
pub(crate) fn check(path: &Path, content: &Content, out: &mut Vec<Finding>) {
    let codes = ReadCodes {
        not_utf8: "claude/not-utf8",
        read_failed: "claude/read-failed",
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
    for (key, value) in &parsed.map {
        let key = key_text(key);
        match FIELDS.iter().find(|(name, _)| *name == key) {
            Some((_, expect)) => check_type(&mut report, &key, value, *expect),
            None => report.push(
                "claude/unknown-key",
                Severity::Warning,
                &key,
                format!("`{key}` is not a Claude Code skill field; Claude Code ignores it"),
                Some("move it under `metadata:`, or remove it".to_owned()),
            ),
        }
    }
    check_values(&mut report);
}

fn parse_error(path: &Path, error: StrictError) -> Finding {
    match error {
        StrictError::Missing(missing) => Finding::new(
            path,
            RULES,
            "claude/missing-frontmatter",
            Severity::Warning,
            "no `---` front matter: Claude Code has no description to decide when to use this skill",
        )
        .at(Some(missing.line()), Some(1))
        .with_hint(missing.explanation()),
        StrictError::Yaml { message, position, hint } => {
            let mut f = Finding::new(path, RULES, "claude/invalid-yaml", Severity::Error, format!("front matter is not valid YAML: {message}"))
                .at(position.map(|p| p.0), position.map(|p| p.1));
            if let Some(hint) = hint {
                f = f.with_hint(hint);
            }
            f
        }
        StrictError::NotMapping(found) => Finding::new(
            path,
            RULES,
            "claude/frontmatter-not-mapping",
            Severity::Error,
            format!("front matter must be a mapping of keys to values, found {found}"),
        )
        .at(Some(2), Some(1))
        .with_hint("write `name: …` and `description: …` lines between the `---` lines"),
    }
}

fn check_type(report: &mut Report<'_>, key: &str, value: &Value, expect: Expect) {
    let ok = match (expect, value) {
        // An empty field is as good as an absent one.
        (_, Value::Null)
        | (Expect::Text | Expect::TextOrNumber | Expect::TextOrList, Value::String(_))
        | (Expect::TextOrNumber, Value::Number(_))
        | (Expect::Bool, Value::Bool(_))
        | (Expect::Map, Value::Mapping(_)) => true,
        (Expect::TextOrList, Value::Sequence(items)) => {
            items.iter().all(|i| matches!(i, Value::String(_)))
        }
        (Expect::Text | Expect::TextOrList, other) if scalar_text(other).is_some() => {
            let text = scalar_text(other).unwrap_or_default();
            report.push(
                "claude/not-a-string",
                Severity::Warning,
                key,
                format!("`{key}` is {} in YAML, not a string", kind(other)),
                Some(format!("quote the value: {key}: \"{text}\"")),
            );
            return;
        }
        _ => false,
    };
    if ok {
        return;
    }
    let (wanted, hint) = match expect {
        Expect::Text | Expect::TextOrNumber => ("a string", report.parsed.quote_flow_hint(key)),
        Expect::TextOrList => ("a string or a list of strings", None),
        Expect::Bool => (
            "a boolean",
            value.as_str().map(|s| {
                format!(
                    "write it unquoted: {key}: {}",
                    s.trim().to_ascii_lowercase()
                )
            }),
        ),
        Expect::Map => ("a mapping", None),
    };
    report.push(
        "claude/wrong-type",
        Severity::Error,
        key,
        format!("`{key}` must be {wanted}, found {}", kind(value)),
        hint,
    );
}

/// Value checks beyond types.
fn check_values(report: &mut Report<'_>) {
    let text = |key: &str| {
        report
            .parsed
            .get(key)
            .and_then(Value::as_str)
            .map(str::to_owned)
    };
    let name = text("name");
    let description = text("description");
    let when_to_use = text("when_to_use");
    let context = text("context");
    let agent = text("agent");
    let effort = text("effort");
    let shell = text("shell");
    if let Some(name) = name {
        let portable = name.chars().count() <= 64
            && !name.is_empty()
            && name
                .chars()
                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-');
        if !portable {
            report.push(
                "claude/name-charset",
                Severity::Warning,
                "name",
                format!("`name` `{name}` should be at most 64 lowercase letters, digits and hyphens (it is the /command)"),
                portable_name(&name).map(|n| format!("use `name: {n}`")),
            );
        }
    }
    if report.parsed.get("description").is_none() {
        report.push(
            "claude/missing-description",
            Severity::Warning,
            "description",
            "no `description`: Claude Code falls back to the first paragraph of the body to decide when to use the skill"
                .to_owned(),
            Some("add `description: <what the skill does and when to use it>`".to_owned()),
        );
    }
    let listing = description.as_deref().map_or(0, |d| d.chars().count())
        + when_to_use.as_deref().map_or(0, |w| w.chars().count());
    if listing > LISTING_CHARS {
        report.push(
            "claude/listing-truncated",
            Severity::Warning,
            "description",
            format!("`description` and `when_to_use` have {listing} characters together; Claude Code's skill listing keeps {LISTING_CHARS}"),
            Some("shorten the description; move detail into the body".to_owned()),
        );
    }
    if let Some(context) = &context
        && context != "fork"
    {
        report.push(
            "claude/unknown-context",
            Severity::Warning,
            "context",
            format!("`context: {context}` is not a known value; Claude Code knows `fork`"),
            Some("use `context: fork` to run in a subagent, or remove `context`".to_owned()),
        );
    }
    if agent.is_some() && context.as_deref() != Some("fork") {
        report.push(
            "claude/agent-without-fork",
            Severity::Warning,
            "agent",
            "`agent` only takes effect with `context: fork`".to_owned(),
            Some("add `context: fork`, or remove `agent`".to_owned()),
        );
    }
    if let Some(effort) = &effort
        && !["low", "medium", "high", "xhigh", "max"].contains(&effort.as_str())
    {
        report.push(
            "claude/unknown-effort",
            Severity::Warning,
            "effort",
            format!("`effort: {effort}` is not one of low, medium, high, xhigh, max"),
            Some("use one of low, medium, high, xhigh, max".to_owned()),
        );
    }
    if let Some(shell) = &shell
        && !["bash", "powershell"].contains(&shell.as_str())
    {
        report.push(
            "claude/unknown-shell",
            Severity::Warning,
            "shell",
            format!("`shell: {shell}` is not one of bash, powershell"),
            Some("use `shell: bash` or `shell: powershell`".to_owned()),
        );
    }
}
