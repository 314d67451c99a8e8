//! The correct front-matter parse shared by the `spec` and `claude` rule sets: the strict split
//! of [`crate::frontmatter`] and `serde_yaml` into a generic value (YAML 1.2 core types, flow
//! collections allowed, duplicate keys refused).

use std::path::Path;

use serde_yaml::{Mapping, Value};
use skilldeck_model::Severity;

use crate::codex::yaml_error_hint;
use crate::finding::Finding;
use crate::frontmatter::{Missing, strict_split};
use crate::hint::{quote_value, yaml_line};
use crate::locate::key_position;

/// A front matter that parsed to a mapping.
pub(crate) struct Parsed {
    /// The YAML text.
    pub yaml: String,
    /// 1-based file line of the first YAML line.
    pub first_line: usize,
    /// The top-level mapping.
    pub map: Mapping,
}

impl Parsed {
    /// File line and column of a key.
    pub(crate) fn position(&self, key_path: &[&str]) -> Option<(usize, usize)> {
        key_position(&self.yaml, key_path)
            .map(|(line, column)| (line + self.first_line - 1, column))
    }

    /// A fix for a flow collection (`[…]`, `{…}`) written where a string was meant: quote it.
    pub(crate) fn quote_flow_hint(&self, key: &str) -> Option<String> {
        let (line, _) = key_position(&self.yaml, &[key])?;
        let text = self.yaml.lines().nth(line - 1)?;
        let value = crate::locate::line_value(text)?;
        (value.starts_with('[') || value.starts_with('{'))
            .then(|| quote_value(text))
            .flatten()
    }

    /// The value of an optional top-level key; an empty (null) value counts as absent.
    pub(crate) fn optional(&self, key: &str) -> Option<&Value> {
        self.map.get(key).filter(|value| !value.is_null())
    }

    /// The value of a top-level key.
    pub(crate) fn get(&self, key: &str) -> Option<&Value> {
        self.map.get(key)
    }
}

/// Why the front matter could not be read.
pub(crate) enum StrictError {
    /// No front matter.
    Missing(Missing),
    /// Not YAML: the parser's message, file position and a hint.
    Yaml {
        message: String,
        position: Option<(usize, usize)>,
        hint: Option<String>,
    },
    /// YAML, but not a mapping (the value's kind is named).
    NotMapping(&'static str),
}

/// Splits and parses `text` correctly.
/// Findings about the keys of one parsed front matter, each placed at its key's line and column.
pub(crate) struct Report<'a> {
    /// Rule-set name of the findings.
    pub(crate) rules: &'static str,
    pub(crate) path: &'a Path,
    pub(crate) parsed: &'a Parsed,
    pub(crate) out: &'a mut Vec<Finding>,
}

impl Report<'_> {
    /// Adds a finding about `key`.
    pub(crate) fn push(
        &mut self,
        code: &'static str,
        severity: Severity,
        key: &str,
        message: String,
        hint: Option<String>,
    ) {
        let at = self.parsed.position(&[key]);
        let mut f = Finding::new(self.path, self.rules, code, severity, message)
            .at(at.map(|p| p.0), at.map(|p| p.1));
        if let Some(hint) = hint {
            f = f.with_hint(hint);
        }
        self.out.push(f);
    }
}

pub(crate) fn parse(text: &str) -> Result<Parsed, StrictError> {
    let split = strict_split(text).map_err(StrictError::Missing)?;
    match serde_yaml::from_str::<Value>(&split.yaml) {
        Ok(Value::Mapping(map)) => Ok(Parsed {
            yaml: split.yaml,
            first_line: split.first_line,
            map,
        }),
        Ok(other) => Err(StrictError::NotMapping(kind(&other))),
        Err(error) => {
            let message = error.to_string();
            // The fallback is precise for the messages it knows; the parser's own location for
            // those points at the start of the mapping.
            let yaml_pos = crate::codex::fallback_position(&split.yaml, &message)
                .or_else(|| error.location().map(|l| (l.line(), l.column())));
            let hint =
                yaml_error_hint(&message, yaml_pos.and_then(|p| yaml_line(&split.yaml, p.0)));
            Err(StrictError::Yaml {
                message,
                position: yaml_pos.map(|(line, column)| (line + split.first_line - 1, column)),
                hint,
            })
        }
    }
}

/// `a string`, `a number`, … for messages.
pub(crate) fn kind(value: &Value) -> &'static str {
    match value {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Sequence(_) => "a list",
        Value::Mapping(_) => "a mapping",
        Value::Tagged(_) => "a tagged value",
    }
}

/// The text of a scalar that YAML typed as a number or boolean (what a lenient reader would
/// take as the string), or `None` for other kinds.
pub(crate) fn scalar_text(value: &Value) -> Option<String> {
    match value {
        Value::Bool(b) => Some(b.to_string()),
        Value::Number(n) => Some(n.to_string()),
        _ => None,
    }
}

/// A key as text (non-string keys are rendered as YAML would print them).
pub(crate) fn key_text(key: &Value) -> String {
    match key {
        Value::String(s) => s.clone(),
        other => scalar_text(other).unwrap_or_else(|| format!("<{}>", kind(other))),
    }
}
