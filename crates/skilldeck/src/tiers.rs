//! The only module that calls the tier crates: every other file of the facade goes through
//! these adapters, so a change of a tier's API is one edit here.
//!
//! TEMPORARY: the tier crates are being written at the same time as this facade; until each
//! one lands, its adapter here is a minimal stand-in with the same shape (documented as such).

use std::collections::BTreeSet;
use std::fmt;
use std::path::{Path, PathBuf};

use skilldeck_model::{Layout, LoadOutcome, SkillRoot};

use crate::Profile;
use crate::manager::Settings;

pub use crate::catalog::{Catalog, CatalogFormat, CatalogRequest, CatalogTexts};

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

/// Injection options (stand-in).
#[derive(Clone, Debug, Default)]
pub struct InjectionOptions {}

impl InjectionOptions {
    /// Codex's bytes.
    pub fn codex() -> InjectionOptions {
        InjectionOptions {}
    }
    /// skilldeck's defaults.
    pub fn skilldeck() -> InjectionOptions {
        InjectionOptions {}
    }
}

/// One user input item (stand-in).
#[derive(Clone, Debug)]
pub enum UserInput {
    /// Free text.
    Text(String),
}

impl UserInput {
    /// A text item.
    pub fn text(text: impl Into<String>) -> UserInput {
        UserInput::Text(text.into())
    }
}

/// One injected skill (stand-in).
#[derive(Clone, Debug, serde::Serialize)]
pub struct Injection {
    /// Name.
    pub name: String,
    /// Path.
    pub path: String,
    /// Body.
    pub contents: String,
    /// `<skill>` text.
    pub fragment: String,
}

/// Injections and diagnostics (stand-in).
#[derive(Clone, Debug, Default)]
pub struct InjectionResult {
    /// Injections in order.
    pub injections: Vec<Injection>,
    /// Findings for people.
    pub diagnostics: Vec<skilldeck_model::Diagnostic>,
}

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

/// A configuration that could not be loaded (stand-in).
#[derive(Clone, Debug)]
pub struct ConfigError(String);

impl fmt::Display for ConfigError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for ConfigError {}

/// The `[skills]` settings in effect (stand-in).
#[derive(Clone, Debug, Default)]
pub struct EffectiveConfig {}

impl EffectiveConfig {
    /// `skills.include_instructions`.
    pub fn include_instructions(&self) -> bool {
        true
    }
    /// `skills.bundled.enabled`.
    pub fn bundled_enabled(&self) -> bool {
        true
    }
    pub(crate) fn rules_key(&self) -> String {
        String::new()
    }
    pub(crate) fn disabled_paths(&self, _outcome: &LoadOutcome) -> BTreeSet<PathBuf> {
        BTreeSet::new()
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

pub(crate) fn read_config(_settings: &Settings) -> Result<EffectiveConfig, ConfigError> {
    Ok(EffectiveConfig::default())
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
    _outcome: &LoadOutcome,
    _inputs: &[UserInput],
    _options: &InjectionOptions,
) -> InjectionResult {
    InjectionResult::default()
}

pub(crate) fn install(
    _layout: &Layout,
    _home: &Path,
    _force: bool,
) -> Result<InstallStatus, InstallError> {
    Ok(InstallStatus::UpToDate)
}
