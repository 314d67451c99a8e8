//! One config layer: its origin, the directory its relative paths resolve against, its parsed
//! table, and (for files) the text, so problems can be reported with line and column.

use std::ops::Range;
use std::path::{Path, PathBuf};

use serde::Deserialize;
use toml::{Spanned, Table, Value};

use crate::overrides::SessionOverrides;
use crate::source::{config_base_dir, read_config_file};
use crate::{ConfigError, LayerSource};

/// A 1-based line and column (in characters) in a config file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Position {
    /// 1-based line.
    pub line: usize,
    /// 1-based column, counted in characters.
    pub column: usize,
}

impl Position {
    /// The position of byte `offset` in `text`.
    pub fn of_offset(text: &str, offset: usize) -> Position {
        let mut offset = offset.min(text.len());
        while !text.is_char_boundary(offset) {
            offset -= 1;
        }
        let before = &text[..offset];
        let line_start = before.rfind('\n').map_or(0, |newline| newline + 1);
        Position {
            line: before.matches('\n').count() + 1,
            column: before[line_start..].chars().count() + 1,
        }
    }
}

/// A layer whose text is not TOML: where and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct SyntaxError {
    pub(crate) position: Position,
    pub(crate) reason: String,
}

/// One config layer.
#[derive(Clone, Debug)]
pub struct ConfigLayer {
    pub(crate) source: LayerSource,
    pub(crate) base_dir: PathBuf,
    pub(crate) text: Option<String>,
    pub(crate) parsed: Result<Table, SyntaxError>,
    pub(crate) override_keys: Vec<String>,
}

impl ConfigLayer {
    /// A layer read from the file `path` whose content is `text`; relative paths in it resolve
    /// against the file's directory.
    pub fn from_file_text(path: impl Into<PathBuf>, text: impl Into<String>) -> ConfigLayer {
        let path = path.into();
        let text = text.into();
        let parsed = toml::from_str::<Table>(&text).map_err(|error| SyntaxError {
            position: Position::of_offset(&text, error.span().map_or(0, |span| span.start)),
            reason: error.message().to_owned(),
        });
        ConfigLayer {
            base_dir: config_base_dir(&path),
            source: LayerSource::File(path),
            text: Some(text),
            parsed,
            override_keys: Vec::new(),
        }
    }

    /// Reads the config file at `path`; `Ok(None)` when it does not exist.
    pub fn read_file(path: &Path) -> Result<Option<ConfigLayer>, ConfigError> {
        match read_config_file(path) {
            Ok(text) => Ok(text.map(|text| ConfigLayer::from_file_text(path, text))),
            Err(source) => Err(ConfigError::Read {
                path: path.to_path_buf(),
                source,
            }),
        }
    }

    /// The layer formed by a session's `-c` overrides; relative paths in it resolve against
    /// `base_dir` (the session's working directory).
    pub fn from_overrides(
        overrides: &SessionOverrides,
        base_dir: impl Into<PathBuf>,
    ) -> ConfigLayer {
        ConfigLayer {
            source: LayerSource::SessionFlags,
            base_dir: base_dir.into(),
            text: None,
            parsed: Ok(overrides.to_table()),
            override_keys: overrides.iter().map(|item| item.key.clone()).collect(),
        }
    }

    /// Where the layer came from.
    pub fn source(&self) -> &LayerSource {
        &self.source
    }

    /// The directory relative paths in this layer resolve against.
    pub fn base_dir(&self) -> &Path {
        &self.base_dir
    }

    /// The position of byte `offset` in the file text (`None` for override layers).
    pub(crate) fn position(&self, span: Option<&Range<usize>>) -> Option<Position> {
        let text = self.text.as_deref()?;
        span.map(|span| Position::of_offset(text, span.start))
    }

    /// Best-effort spans of the `[skills]` values, for reporting. Empty for override layers.
    pub(crate) fn spans(&self) -> Spans {
        let Some(text) = self.text.as_deref() else {
            return Spans::default();
        };
        // Three independent locators: a value of an unexpected type defeats only its own.
        let top = toml::from_str::<TopSpans>(text).unwrap_or_default();
        let keys = toml::from_str::<KeySpans>(text).unwrap_or_default();
        let entries = toml::from_str::<EntrySpans>(text).unwrap_or_default();
        let skills = keys.skills.unwrap_or_default();
        Spans {
            skills: top
                .skills
                .map(|v| v.span())
                .or_else(|| skills.skills_span()),
            include_instructions: skills.include_instructions.map(|v| v.span()),
            bundled: skills.bundled.map(|v| v.span()),
            config: skills.config.map(|v| v.span()),
            trusted_projects: skills.trusted_projects.map(|v| v.span()),
            project_root_markers: top.project_root_markers.map(|v| v.span()),
            entries: entries
                .skills
                .and_then(|skills| skills.config)
                .map(|list| list.iter().map(Spanned::span).collect())
                .unwrap_or_default(),
        }
    }
}

/// Byte spans of the values this crate reads, where they could be located.
#[derive(Debug, Default)]
pub(crate) struct Spans {
    pub(crate) skills: Option<Range<usize>>,
    pub(crate) include_instructions: Option<Range<usize>>,
    pub(crate) bundled: Option<Range<usize>>,
    pub(crate) config: Option<Range<usize>>,
    pub(crate) trusted_projects: Option<Range<usize>>,
    pub(crate) project_root_markers: Option<Range<usize>>,
    pub(crate) entries: Vec<Range<usize>>,
}

#[derive(Debug, Default, Deserialize)]
struct TopSpans {
    skills: Option<Spanned<Value>>,
    project_root_markers: Option<Spanned<Value>>,
}

#[derive(Debug, Default, Deserialize)]
struct KeySpans {
    skills: Option<SkillsKeySpans>,
}

#[derive(Debug, Default, Deserialize)]
struct SkillsKeySpans {
    include_instructions: Option<Spanned<Value>>,
    bundled: Option<Spanned<Value>>,
    config: Option<Spanned<Value>>,
    trusted_projects: Option<Spanned<Value>>,
}

impl SkillsKeySpans {
    /// The first located key stands in for the table when the table itself is reported.
    fn skills_span(&self) -> Option<Range<usize>> {
        [
            &self.include_instructions,
            &self.bundled,
            &self.config,
            &self.trusted_projects,
        ]
        .into_iter()
        .flatten()
        .map(Spanned::span)
        .min_by_key(|span| span.start)
    }
}

/// Located separately so that a `config` that is not a list still leaves the other spans.
#[derive(Debug, Default, Deserialize)]
struct EntrySpans {
    skills: Option<EntryListSpans>,
}

#[derive(Debug, Default, Deserialize)]
struct EntryListSpans {
    config: Option<Vec<Spanned<Value>>>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_are_one_based_and_count_characters() {
        let text = "a = 1\nb = \"é\" x";
        let offset = text.find('x').unwrap();
        assert_eq!(
            Position::of_offset(text, offset),
            Position { line: 2, column: 9 }
        );
        assert_eq!(
            Position::of_offset(text, 0),
            Position { line: 1, column: 1 }
        );
    }

    #[test]
    fn array_of_tables_entries_are_located_at_their_header() {
        let text =
            "[[skills.config]]\nname = \"a\"\nenabled = true\n\n[[skills.config]]\nname = \"b\"\n";
        let layer = ConfigLayer::from_file_text("/h/config.toml", text);
        let starts: Vec<_> = layer
            .spans()
            .entries
            .iter()
            .map(|span| layer.position(Some(span)).unwrap().line)
            .collect();
        assert_eq!(starts, [1, 5]);
    }

    #[test]
    fn text_that_is_not_toml_keeps_line_and_column() {
        let layer = ConfigLayer::from_file_text("/h/config.toml", "a = 1\n[skills\n");
        let error = layer.parsed.unwrap_err();
        assert_eq!(error.position, Position { line: 2, column: 8 });
    }
}
