//! The only module that calls the tier crates: every other file of the facade goes through
//! these adapters, so a change of a tier's API is one edit here.
//!
//! TEMPORARY: the tier crates are being written at the same time as this facade; until each
//! one lands, its adapter here is a minimal stand-in with the same shape (documented as such).

use std::fmt;
use std::path::{Path, PathBuf};

use skilldeck_config::{ConfigLayer, SessionOverrides};
use skilldeck_model::{Layout, LoadOutcome, SkillRoot};

use crate::Profile;
use crate::manager::Settings;

pub use crate::catalog::{Catalog, CatalogRequest};
pub use skilldeck_config::{ConfigError, SkillsConfig as EffectiveConfig};
pub use skilldeck_injection::{
    FsReader, Injection, InjectionOptions, InjectionResult, SkillReader, UserInput,
};

/// Inputs of root discovery (stand-in for the loader's).
#[derive(Clone, Debug)]
pub struct DiscoveryContext {
    /// The working directory.
    pub cwd: PathBuf,
    /// The tool's home.
    pub home: PathBuf,
    /// The user's home.
    pub user_home: Option<PathBuf>,
    /// The layout.
    pub layout: Layout,
}

/// Anything that can name roots (stand-in for the loader's trait).
pub trait RootProvider: Send + Sync {
    /// The roots this provider contributes for `ctx`.
    fn roots(&self, ctx: &DiscoveryContext) -> Vec<SkillRoot>;
}

/// Loader options (stand-in).
#[derive(Clone, Debug, Default)]
pub struct LoaderOptions {}

/// A detected skill use (stand-in).
#[derive(Clone, Debug, serde::Serialize)]
pub struct Detection {
    /// Name.
    pub name: String,
    /// Path.
    pub path: PathBuf,
    /// Scope name.
    pub scope: String,
    /// `script` or `doc`.
    pub kind: String,
}

/// Detection index (stand-in).
#[derive(Debug)]
pub(crate) struct Detector;

impl Detector {
    pub(crate) fn new(_outcome: &LoadOutcome) -> Detector {
        Detector
    }
    pub(crate) fn detect(&self, _command: &str, _workdir: &Path, _extended: bool) -> Option<Detection> {
        None
    }
}

/// What an install did (stand-in).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum InstallStatus {
    /// Marker matched.
    UpToDate,
    /// Written.
    Installed,
}

/// Why an install failed.
#[derive(Debug)]
pub enum InstallError {
    /// The profile never writes.
    ReadOnlyProfile(Profile),
    /// The installer failed.
    Failed(String),
}

impl fmt::Display for InstallError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            InstallError::ReadOnlyProfile(profile) => write!(
                f,
                "the {} profile never writes; install the bundled skills with the skilldeck profile",
                profile.name()
            ),
            InstallError::Failed(reason) => f.write_str(reason),
        }
    }
}

impl std::error::Error for InstallError {}

pub(crate) fn loader_options_for(_profile: Profile) -> LoaderOptions {
    LoaderOptions::default()
}

pub(crate) fn injection_options_for(profile: Profile) -> InjectionOptions {
    match profile {
        Profile::Codex => InjectionOptions::codex(),
        Profile::Skilldeck => InjectionOptions::skilldeck(),
    }
}

fn config_profile(profile: Profile) -> skilldeck_config::Profile {
    match profile {
        Profile::Codex => skilldeck_config::Profile::Codex,
        Profile::Skilldeck => skilldeck_config::Profile::Skilldeck,
    }
}

/// The `-c` overrides, parsed (malformed ones are reported by [`crate::SkillsManagerBuilder::build`]).
pub(crate) fn parse_overrides(raws: &[String]) -> Result<SessionOverrides, ConfigError> {
    SessionOverrides::parse(raws)
}

/// The effective configuration: the config files (default: `<home>/config.toml`), then the
/// `-c` overrides (relative paths against `cwd`).
pub(crate) fn read_config(settings: &Settings, cwd: &Path) -> Result<EffectiveConfig, ConfigError> {
    let profile = config_profile(settings.profile);
    let Some(files) = &settings.config_files else {
        return EffectiveConfig::load(
            &settings.layout,
            &settings.home,
            &settings.overrides,
            cwd,
            profile,
        );
    };
    let mut layers = Vec::with_capacity(files.len() + 1);
    for path in files {
        match std::fs::read_to_string(path) {
            Ok(text) => layers.push(ConfigLayer::from_file_text(path.clone(), text)),
            Err(error) if error.kind() == std::io::ErrorKind::NotFound => {}
            Err(source) => {
                return Err(ConfigError::Read {
                    path: path.clone(),
                    source,
                });
            }
        }
    }
    if !settings.overrides.is_empty() {
        layers.push(ConfigLayer::from_overrides(&settings.overrides, cwd));
    }
    EffectiveConfig::from_layers(&layers, profile)
}

/// What the cache must be keyed by besides the roots: the rules in order, plus the findings
/// they came with (so a cached outcome carries the diagnostics of its own configuration).
pub(crate) fn rules_key(config: &EffectiveConfig) -> String {
    format!("{:?}\n{:?}", config.rules, config.diagnostics)
}

/// Roots to scan, plus candidates that did not exist (watched for creation).
pub(crate) struct Discovery {
    pub(crate) roots: Vec<SkillRoot>,
    pub(crate) absent: Vec<PathBuf>,
}

pub(crate) fn discover(settings: &Settings, cwd: &Path, _config: &EffectiveConfig) -> Discovery {
    let ctx = DiscoveryContext {
        cwd: cwd.to_path_buf(),
        home: settings.home.clone(),
        user_home: settings.user_home.clone(),
        layout: settings.layout.clone(),
    };
    let mut roots = settings.extra_roots.clone();
    for provider in &settings.providers {
        roots.extend(provider.roots(&ctx));
    }
    Discovery {
        roots,
        absent: Vec::new(),
    }
}

pub(crate) fn load(roots: &[SkillRoot], _settings: &Settings) -> LoadOutcome {
    LoadOutcome {
        roots: roots.to_vec(),
        ..LoadOutcome::default()
    }
}

pub(crate) fn render(_outcome: &LoadOutcome, _request: &CatalogRequest) -> Option<Catalog> {
    None
}

pub(crate) fn inject(
    outcome: &LoadOutcome,
    inputs: &[UserInput],
    options: &InjectionOptions,
    reader: &dyn SkillReader,
) -> InjectionResult {
    skilldeck_injection::inject(outcome, inputs, options, reader)
}

pub(crate) fn install(
    _layout: &Layout,
    _home: &Path,
    _force: bool,
) -> Result<InstallStatus, InstallError> {
    Ok(InstallStatus::UpToDate)
}
