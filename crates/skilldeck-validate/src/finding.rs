//! One finding, its JSON wire form (`skilldeck validate --json`) and its deterministic order.

use std::cmp::Ordering;
use std::fmt;
use std::path::{Path, PathBuf};

use serde::Serialize;
use skilldeck_model::{Severity, compare_paths_componentwise, display_path};

/// The pseudo rule-set name of findings about the given paths themselves (a path that does not
/// exist, a walk that hit its limits, a file too large to check).
pub const INPUT_RULES: &str = "input";

/// One problem found in one file.
///
/// Serialises to exactly the shape of the CLI contract:
/// `{"path", "rules", "code", "severity", "message", "line"?, "column"?, "hint"?}` — absent
/// optional keys are omitted.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Finding {
    /// The file concerned, as reached from the given path (not canonicalised).
    #[serde(serialize_with = "serialize_path")]
    pub path: PathBuf,
    /// The rule set that produced it: `codex`, `spec`, `claude`, or [`INPUT_RULES`].
    pub rules: &'static str,
    /// Stable identifier, `<rules>/<kind>` (e.g. `codex/name-too-long`).
    pub code: &'static str,
    /// `error` (the tool rejects the file) or `warning` (it loads, but something is lost).
    pub severity: Severity,
    /// One sentence for a person. For Codex rejections it is Codex's exact error message.
    pub message: String,
    /// 1-based line in the file, when known.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub line: Option<usize>,
    /// 1-based column (in characters) on that line, when known.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub column: Option<usize>,
    /// How to fix it, when the fix is obvious.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hint: Option<String>,
}

fn serialize_path<S: serde::Serializer>(path: &Path, serializer: S) -> Result<S::Ok, S::Error> {
    serializer.serialize_str(&display_path(path))
}

impl Finding {
    /// A finding without position or hint.
    pub fn new(
        path: impl Into<PathBuf>,
        rules: &'static str,
        code: &'static str,
        severity: Severity,
        message: impl Into<String>,
    ) -> Finding {
        Finding {
            path: path.into(),
            rules,
            code,
            severity,
            message: message.into(),
            line: None,
            column: None,
            hint: None,
        }
    }

    /// The same finding at a 1-based line (and column, when known).
    #[must_use]
    pub fn at(mut self, line: Option<usize>, column: Option<usize>) -> Finding {
        self.line = line;
        self.column = if line.is_some() { column } else { None };
        self
    }

    /// The same finding with a fix hint.
    #[must_use]
    pub fn with_hint(mut self, hint: impl Into<String>) -> Finding {
        self.hint = Some(hint.into());
        self
    }

    /// Whether this finding is an error (the CLI exits 1 when any is).
    pub fn is_error(&self) -> bool {
        self.severity == Severity::Error
    }

    /// The deterministic order of a report: path (component by component), then line (file-level
    /// findings first), code, and column, rule set and message to break ties.
    pub fn report_order(&self, other: &Finding) -> Ordering {
        compare_paths_componentwise(&self.path, &other.path)
            .then_with(|| self.line.cmp(&other.line))
            .then_with(|| self.code.cmp(other.code))
            .then_with(|| self.column.cmp(&other.column))
            .then_with(|| self.rules.cmp(other.rules))
            .then_with(|| self.message.cmp(&other.message))
    }
}

/// Renders findings as the JSON array of `skilldeck validate --json`.
pub fn findings_to_json(findings: &[Finding]) -> String {
    // Serialising plain strings and integers cannot fail.
    serde_json::to_string_pretty(findings).unwrap_or_else(|_| "[]".to_owned())
}

impl fmt::Display for Finding {
    /// `path:line:column: severity: message [code]`, then `  hint: …` on its own line.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", display_path(&self.path))?;
        if let Some(line) = self.line {
            write!(f, ":{line}")?;
            if let Some(column) = self.column {
                write!(f, ":{column}")?;
            }
        }
        write!(f, ": {}: {} [{}]", self.severity, self.message, self.code)?;
        if let Some(hint) = &self.hint {
            write!(f, "\n  hint: {hint}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::{Finding, findings_to_json};
    use skilldeck_model::Severity;

    fn finding() -> Finding {
        Finding::new("a/SKILL.md", "codex", "codex/x", Severity::Warning, "msg")
    }

    #[test]
    fn json_omits_absent_optional_keys() {
        assert_eq!(
            serde_json::to_string(&finding()).unwrap(),
            r#"{"path":"a/SKILL.md","rules":"codex","code":"codex/x","severity":"warning","message":"msg"}"#
        );
    }

    #[test]
    fn json_has_line_column_and_hint_when_known() {
        let f = finding().at(Some(3), Some(7)).with_hint("do this");
        assert_eq!(
            serde_json::to_string(&f).unwrap(),
            r#"{"path":"a/SKILL.md","rules":"codex","code":"codex/x","severity":"warning","message":"msg","line":3,"column":7,"hint":"do this"}"#
        );
    }

    #[test]
    fn column_without_line_is_dropped() {
        assert_eq!(finding().at(None, Some(2)).column, None);
    }

    #[test]
    fn file_level_findings_sort_before_positioned_ones() {
        let mut list = [finding().at(Some(1), None), finding()];
        list.sort_by(Finding::report_order);
        assert_eq!(list[0].line, None);
    }

    #[test]
    fn display_names_position_severity_and_code() {
        let f = finding().at(Some(2), Some(5)).with_hint("h");
        assert_eq!(
            f.to_string(),
            "a/SKILL.md:2:5: warning: msg [codex/x]\n  hint: h"
        );
    }

    #[test]
    fn json_array_of_nothing_is_empty_brackets() {
        assert_eq!(findings_to_json(&[]), "[]");
    }
}
