//! Codex's schema for the `[skills]` table, used only to decide whether a layer is fatally
//! malformed in the `codex` profile. Deserializing with the same `toml` crate reproduces Codex's
//! reason and position (``5:1: missing field `enabled` `` for an entry without `enabled`).

use std::path::PathBuf;

use serde::Deserialize;
use toml::Value;

use crate::layer::{ConfigLayer, Position};
use crate::{ConfigError, LayerSource};

// Fields are read by serde only: their presence and types are the check. The type names
// appear in messages (``expected struct SkillsConfig``).
#[allow(dead_code)]
#[derive(Deserialize)]
struct ConfigToml {
    skills: Option<SkillsConfig>,
}

#[allow(dead_code)]
#[derive(Deserialize)]
struct SkillsConfig {
    include_instructions: Option<bool>,
    bundled: Option<BundledSkillsConfig>,
    config: Option<Vec<SkillConfigEntry>>,
}

#[allow(dead_code)]
#[derive(Deserialize)]
struct BundledSkillsConfig {
    enabled: Option<bool>,
}

#[allow(dead_code)]
#[derive(Deserialize)]
struct SkillConfigEntry {
    path: Option<PathBuf>,
    name: Option<String>,
    enabled: bool,
}

/// Fails when the layer's `[skills]` table does not fit Codex's schema.
pub(crate) fn check(layer: &ConfigLayer) -> Result<(), ConfigError> {
    match (&layer.source, layer.text.as_deref(), &layer.parsed) {
        (LayerSource::File(path), Some(text), _) => toml::from_str::<ConfigToml>(text)
            .map(drop)
            .map_err(|error| {
                let position = Position::of_offset(text, error.span().map_or(0, |span| span.start));
                ConfigError::Invalid {
                    path: path.clone(),
                    line: position.line,
                    column: position.column,
                    reason: error.message().to_owned(),
                }
            }),
        (_, _, Ok(table)) => Value::Table(table.clone())
            .try_into::<ConfigToml>()
            .map(drop)
            .map_err(|error| ConfigError::InvalidOverride {
                key: layer
                    .override_keys
                    .iter()
                    .rev()
                    .find(|key| key.split('.').next() == Some("skills"))
                    .cloned()
                    .unwrap_or_else(|| "skills".to_owned()),
                reason: error.message().to_owned(),
            }),
        (_, _, Err(_)) => Ok(()),
    }
}
