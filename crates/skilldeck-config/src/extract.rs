//! Reads the values this crate cares about out of one layer, leniently: whatever does not fit
//! becomes a diagnostic and the rest still applies. (The `codex` profile checks the schema first,
//! so there nothing is skipped except what Codex itself skips.)

use std::ops::Range;
use std::path::{Path, PathBuf};

use skilldeck_model::Diagnostic;
use toml::{Table, Value};

use crate::layer::ConfigLayer;
use crate::source::resolve_rule_path;
use crate::{LayerSource, Rule, RuleOrigin, Selector};

/// What one layer says. `None` means "not set here"; a later layer's value replaces an
/// earlier one's.
#[derive(Debug, Default)]
pub(crate) struct LayerSettings {
    pub(crate) include_instructions: Option<bool>,
    pub(crate) bundled_enabled: Option<bool>,
    pub(crate) rules: Vec<Rule>,
    /// An invalid value is recorded as the default, which it stands for.
    pub(crate) project_root_markers: Option<Vec<String>>,
    pub(crate) trusted_projects: Option<Vec<PathBuf>>,
    pub(crate) diagnostics: Vec<Diagnostic>,
}

/// Reads `layer`. A layer whose text is not TOML contributes only a diagnostic.
pub(crate) fn extract(layer: &ConfigLayer) -> LayerSettings {
    let mut reader = Reader {
        layer,
        spans: layer.spans(),
        out: LayerSettings::default(),
    };
    match &layer.parsed {
        Ok(table) => reader.read(table),
        Err(syntax) => {
            let message = format!(
                "line {}, column {}: not valid TOML, the file is ignored: {}",
                syntax.position.line, syntax.position.column, syntax.reason
            );
            reader.push(Diagnostic::error("config.syntax", message));
        }
    }
    reader.out
}

struct Reader<'a> {
    layer: &'a ConfigLayer,
    spans: crate::layer::Spans,
    out: LayerSettings,
}

impl Reader<'_> {
    fn read(&mut self, table: &Table) {
        if let Some(markers) = table.get("project_root_markers") {
            self.out.project_root_markers = Some(self.read_markers(markers));
        }
        match table.get("skills") {
            None => {}
            Some(Value::Table(skills)) => self.read_skills(skills),
            Some(other) => {
                let span = self.spans.skills.clone();
                self.invalid("skills", span.as_ref(), &expected(other, "a table"));
            }
        }
    }

    fn read_markers(&mut self, value: &Value) -> Vec<String> {
        let markers = value.as_array().and_then(|items| {
            items
                .iter()
                .map(|item| item.as_str().map(str::to_owned))
                .collect::<Option<Vec<_>>>()
        });
        if markers.is_none() {
            let at = self.at(self.spans.project_root_markers.as_ref());
            self.push(Diagnostic::warning(
                "config.project_root_markers.invalid",
                format!(
                    "{at}project_root_markers must be a list of strings, the default [\".git\"] is used: {}",
                    expected(value, "a sequence of strings")
                ),
            ));
        }
        markers.unwrap_or_else(crate::settings::default_markers)
    }

    fn read_skills(&mut self, skills: &Table) {
        if let Some(value) = skills.get("include_instructions") {
            let span = self.spans.include_instructions.clone();
            self.out.include_instructions =
                self.boolean("skills.include_instructions", value, span.as_ref());
        }
        if let Some(bundled) = skills.get("bundled") {
            let span = self.spans.bundled.clone();
            match bundled {
                Value::Table(bundled) => {
                    if let Some(value) = bundled.get("enabled") {
                        self.out.bundled_enabled =
                            self.boolean("skills.bundled.enabled", value, span.as_ref());
                    }
                }
                other => self.invalid("skills.bundled", span.as_ref(), &expected(other, "a table")),
            }
        }
        if let Some(config) = skills.get("config") {
            match config {
                Value::Array(entries) => {
                    for (index, entry) in entries.iter().enumerate() {
                        self.read_entry(index, entry);
                    }
                }
                other => {
                    let span = self.spans.config.clone();
                    self.invalid(
                        "skills.config",
                        span.as_ref(),
                        &expected(other, "a sequence"),
                    );
                }
            }
        }
        if let Some(value) = skills.get("trusted_projects") {
            self.out.trusted_projects = self.read_trusted_projects(value);
        }
    }

    fn boolean(&mut self, key: &str, value: &Value, span: Option<&Range<usize>>) -> Option<bool> {
        let flag = value.as_bool();
        if flag.is_none() {
            self.invalid(key, span, &expected(value, "a boolean"));
        }
        flag
    }

    fn read_trusted_projects(&mut self, value: &Value) -> Option<Vec<PathBuf>> {
        let base = self.layer.base_dir();
        let paths = value.as_array().and_then(|items| {
            items
                .iter()
                .map(|item| {
                    item.as_str()
                        .map(|raw| resolve_rule_path(Path::new(raw), base))
                })
                .collect::<Option<Vec<_>>>()
        });
        if paths.is_none() {
            let span = self.spans.trusted_projects.clone();
            self.invalid(
                "skills.trusted_projects",
                span.as_ref(),
                &expected(value, "a sequence of path strings"),
            );
        }
        paths
    }

    fn read_entry(&mut self, index: usize, entry: &Value) {
        let span = self.spans.entries.get(index).cloned();
        let origin = RuleOrigin {
            layer: self.layer.source.clone(),
            entry: index + 1,
            line: self.layer.position(span.as_ref()).map(|p| p.line),
        };
        match parse_entry(entry, self.layer.base_dir()) {
            Ok((selector, enabled)) => self.out.rules.push(Rule {
                selector,
                enabled,
                origin,
            }),
            Err(EntryProblem::Skipped { code, message }) => {
                let at = self.at(span.as_ref());
                self.push(Diagnostic::warning(code, format!("{at}{message}")));
            }
            Err(EntryProblem::Invalid(reason)) => {
                let at = self.at(span.as_ref());
                self.push(Diagnostic::warning(
                    "config.rule.invalid",
                    format!("{at}skills.config entry {} is ignored: {reason}", index + 1),
                ));
            }
        }
    }

    fn invalid(&mut self, key: &str, span: Option<&Range<usize>>, reason: &str) {
        let at = self.at(span);
        self.push(Diagnostic::warning(
            "config.value.invalid",
            format!("{at}{key} is ignored: {reason}"),
        ));
    }

    /// `line L, column C: ` for file layers where the item was located, `-c: ` for overrides.
    fn at(&self, span: Option<&Range<usize>>) -> String {
        match (&self.layer.source, self.layer.position(span)) {
            (LayerSource::SessionFlags, _) => "-c: ".to_owned(),
            (_, Some(position)) => {
                format!("line {}, column {}: ", position.line, position.column)
            }
            (_, None) => String::new(),
        }
    }

    fn push(&mut self, diagnostic: Diagnostic) {
        let diagnostic = match &self.layer.source {
            LayerSource::File(path) => diagnostic.at(path.clone()),
            LayerSource::SessionFlags => diagnostic,
        };
        self.out.diagnostics.push(diagnostic);
    }
}

enum EntryProblem {
    /// Well-formed but unusable; Codex skips it too (with these log texts).
    Skipped {
        code: &'static str,
        message: &'static str,
    },
    /// Does not fit the schema (fatal in the `codex` profile, skipped in the `skilldeck` one).
    Invalid(String),
}

/// The selector and `enabled` value an entry stands for.
fn parse_entry(entry: &Value, base: &Path) -> Result<(Selector, bool), EntryProblem> {
    let Value::Table(entry) = entry else {
        return Err(EntryProblem::Invalid(expected(entry, "a table")));
    };
    let path = match entry.get("path") {
        None => None,
        Some(Value::String(path)) => Some(path),
        Some(other) => return Err(EntryProblem::Invalid(expected(other, "path string"))),
    };
    let name = match entry.get("name") {
        None => None,
        Some(Value::String(name)) => Some(name),
        Some(other) => return Err(EntryProblem::Invalid(expected(other, "a string"))),
    };
    let enabled = match entry.get("enabled") {
        None => return Err(EntryProblem::Invalid("missing field `enabled`".to_owned())),
        Some(Value::Boolean(enabled)) => *enabled,
        Some(other) => return Err(EntryProblem::Invalid(expected(other, "a boolean"))),
    };
    let selector = match (path, name) {
        (Some(_), Some(_)) => {
            return Err(EntryProblem::Skipped {
                code: "config.rule.both_selectors",
                message: "ignoring skills.config entry with both path and name selectors",
            });
        }
        (None, None) => {
            return Err(EntryProblem::Skipped {
                code: "config.rule.no_selector",
                message: "ignoring skills.config entry without a path or name selector",
            });
        }
        (Some(path), None) => Selector::Path(resolve_rule_path(Path::new(path), base)),
        (None, Some(name)) => {
            let name = name.trim();
            if name.is_empty() {
                return Err(EntryProblem::Skipped {
                    code: "config.rule.empty_name",
                    message: "ignoring empty skills.config name override",
                });
            }
            Selector::Name(name.to_owned())
        }
    };
    Ok((selector, enabled))
}

/// serde's wording for a type mismatch: ``invalid type: string "yes", expected a boolean``.
fn expected(value: &Value, what: &str) -> String {
    let found = match value {
        Value::String(text) => format!("string {text:?}"),
        Value::Integer(number) => format!("integer `{number}`"),
        Value::Float(number) => format!("floating point `{number}`"),
        Value::Boolean(flag) => format!("boolean `{flag}`"),
        Value::Datetime(datetime) => format!("datetime `{datetime}`"),
        Value::Array(_) => "sequence".to_owned(),
        Value::Table(_) => "map".to_owned(),
    };
    format!("invalid type: {found}, expected {what}")
}
