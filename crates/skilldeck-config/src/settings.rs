//! The effective `[skills]` settings of a session: layers merged, lowest precedence first.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use skilldeck_model::{Diagnostic, Layout, LoadOutcome, SkillMetadata};

use crate::extract::extract;
use crate::layer::ConfigLayer;
use crate::resolve::{Decision, apply_rules, disabled_paths, explain};
use crate::{ConfigError, RuleList, SessionOverrides, schema};

/// How malformed configuration is treated.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Profile {
    /// What Codex 0.171 makes of it: a `[skills]` table that does not fit the schema (an entry
    /// without `enabled`, a non-boolean `enabled`, …) is a fatal config error.
    Codex,
    /// skilldeck's own: the malformed entry or value is skipped with a diagnostic naming the file,
    /// line and reason, and everything valid still applies.
    #[default]
    Skilldeck,
}

impl Profile {
    /// `Codex` for the `codex` layout, `Skilldeck` for every other.
    pub fn for_layout(layout: &Layout) -> Profile {
        if layout.name == "codex" {
            Profile::Codex
        } else {
            Profile::Skilldeck
        }
    }
}

/// `[skills]` keys that are skilldeck's own, read leniently; Codex ignores them.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct SkillsExtensions {
    /// `skills.trusted_projects`: the only projects whose repository skills load in the
    /// skilldeck profile once this key is written (trust gating; see `docs/options.md`).
    /// Resolved against the config file's directory, canonical when they exist.
    pub trusted_projects: Vec<PathBuf>,
}

/// The effective skills configuration of a session.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SkillsConfig {
    /// `skills.include_instructions` (default `true`): whether turns get the catalog.
    pub include_instructions: bool,
    /// `skills.bundled.enabled` (default `true`): whether bundled skills are installed and
    /// scanned. `false` never deletes an existing cache (errata 7.l).
    pub bundled_enabled: bool,
    /// The `[[skills.config]]` rules in the order they apply.
    pub rules: RuleList,
    /// Top-level `project_root_markers` (default `[".git"]`; `[]` disables the ancestor walk).
    pub project_root_markers: Vec<String>,
    /// skilldeck's own `[skills]` keys.
    pub extensions: SkillsExtensions,
    /// Everything skipped or ignored on the way, in layer order.
    pub diagnostics: Vec<Diagnostic>,
}

impl Default for SkillsConfig {
    fn default() -> SkillsConfig {
        SkillsConfig {
            include_instructions: true,
            bundled_enabled: true,
            rules: RuleList::new(),
            project_root_markers: default_markers(),
            extensions: SkillsExtensions::default(),
            diagnostics: Vec::new(),
        }
    }
}

pub(crate) fn default_markers() -> Vec<String> {
    vec![".git".to_owned()]
}

impl SkillsConfig {
    /// Reads the layers Codex reads skills settings from: the user's config file
    /// (`layout.config_path(home)`, absent = no layer) and then the session's `-c` overrides,
    /// whose relative paths resolve against `cwd`. Project config files never count.
    pub fn load(
        layout: &Layout,
        home: &Path,
        overrides: &SessionOverrides,
        cwd: &Path,
        profile: Profile,
    ) -> Result<SkillsConfig, ConfigError> {
        let path = layout.config_path(home);
        let mut layers = Vec::with_capacity(2);
        let mut diagnostics = Vec::new();
        match ConfigLayer::read_file(&path) {
            Ok(layer) => layers.extend(layer),
            Err(error) if profile == Profile::Codex => return Err(error),
            Err(error) => {
                let reason = match &error {
                    ConfigError::Read { source, .. } => source.to_string(),
                    other => other.to_string(),
                };
                diagnostics.push(
                    Diagnostic::error(
                        "config.read",
                        format!("could not read the config file, it is ignored: {reason}"),
                    )
                    .at(path),
                );
            }
        }
        if !overrides.is_empty() {
            layers.push(ConfigLayer::from_overrides(overrides, cwd));
        }
        let mut config = SkillsConfig::from_layers(&layers, profile)?;
        diagnostics.append(&mut config.diagnostics);
        config.diagnostics = diagnostics;
        Ok(config)
    }

    /// Merges `layers`, lowest precedence first: a value set in a later layer replaces an
    /// earlier one, and rules are appended in order (an equal selector moves to the end).
    pub fn from_layers(
        layers: &[ConfigLayer],
        profile: Profile,
    ) -> Result<SkillsConfig, ConfigError> {
        let mut config = SkillsConfig::default();
        let mut markers = None;
        for layer in layers {
            if profile == Profile::Codex {
                schema::check(layer)?;
            }
            let mut settings = extract(layer);
            if let Some(flag) = settings.include_instructions {
                config.include_instructions = flag;
            }
            if let Some(flag) = settings.bundled_enabled {
                config.bundled_enabled = flag;
            }
            if let Some(value) = settings.project_root_markers {
                markers = Some(value);
            }
            if let Some(paths) = settings.trusted_projects {
                config.extensions.trusted_projects = paths;
            }
            for rule in settings.rules {
                config.rules.push(rule);
            }
            config.diagnostics.append(&mut settings.diagnostics);
        }
        config.project_root_markers = markers.unwrap_or_else(default_markers);
        Ok(config)
    }

    /// The canonical `SKILL.md` paths the rules disable, given the loaded skills.
    pub fn disabled_paths(&self, outcome: &LoadOutcome) -> BTreeSet<PathBuf> {
        disabled_paths(&self.rules, outcome)
    }

    /// Sets `outcome.disabled_paths` from the rules.
    pub fn apply(&self, outcome: &mut LoadOutcome) {
        apply_rules(&self.rules, outcome);
    }

    /// Whether `skill` ends up enabled, and which rule decided it.
    pub fn explain(&self, skill: &SkillMetadata) -> Decision<'_> {
        explain(&self.rules, skill)
    }
}
