//! The adapters through which the manager calls the tiers (config, discovery, load, render,
//! injection, installer): one small function each, so a change of a tier's API is one edit
//! here. `explain.rs` and `catalog.rs` use the render, injection and config types directly.

use std::path::{Path, PathBuf};

use skilldeck_config::{ConfigLayer, SessionOverrides};
use skilldeck_model::{Diagnostic, Layout, LoadOutcome, SkillRoot};

use crate::Profile;
use crate::manager::Settings;

pub use crate::catalog::CatalogRequest;
pub use skilldeck_config::{ConfigError, SkillsConfig as EffectiveConfig};
pub use skilldeck_injection::{
    FsReader, Injection, InjectionOptions, InjectionResult, SkillReader, UserInput,
};
pub use skilldeck_invocation::{Detection, DetectionKind, Detector, Mode as DetectionMode};
pub use skilldeck_loader::{DiscoveryContext, LoaderOptions, RootProvider};
pub use skilldeck_render::Catalog;

pub use skilldeck_system::InstallOutcome as InstallStatus;

/// Why [`crate::SkillsManager::install_system`] did not install.
#[derive(Debug, thiserror::Error)]
pub enum InstallError {
    /// The profile never writes (the codex profile).
    #[error(
        "the {} profile never writes; install the bundled skills with the skilldeck profile",
        .0.name()
    )]
    ReadOnlyProfile(Profile),
    /// `skills.bundled.enabled = false`.
    #[error("bundled skills are disabled (skills.bundled.enabled = false)")]
    Disabled,
    /// The installer failed.
    #[error(transparent)]
    Failed(#[from] skilldeck_system::InstallError),
}

/// The codex profile loads exactly as Codex does; the skilldeck profile turns on the fixes that
/// are safe for new users (`docs/options.md` says which and why).
pub(crate) fn loader_options_for(profile: Profile) -> LoaderOptions {
    match profile {
        Profile::Codex => LoaderOptions::codex(),
        Profile::Skilldeck => LoaderOptions::skilldeck(),
    }
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

/// Roots to scan, roots that did not exist (watched for creation), and what discovery had to
/// say (e.g. repository roots skipped because the project is not trusted).
pub(crate) struct Discovery {
    pub(crate) roots: Vec<SkillRoot>,
    pub(crate) absent: Vec<PathBuf>,
    pub(crate) diagnostics: Vec<Diagnostic>,
}

/// The builder's extra roots, with their own scopes, as one provider (asked right after the
/// built-in user, system and admin roots, before the other providers).
struct FixedRoots<'a>(&'a [SkillRoot]);

impl RootProvider for FixedRoots<'_> {
    fn roots(&self, _ctx: &DiscoveryContext) -> Vec<SkillRoot> {
        self.0.to_vec()
    }
}

pub(crate) fn discovery_context(
    settings: &Settings,
    cwd: &Path,
    config: &EffectiveConfig,
) -> DiscoveryContext {
    let mut ctx = DiscoveryContext::new(settings.layout.clone(), cwd)
        .with_home(settings.home.clone())
        .with_project_root_markers(config.project_root_markers.iter().cloned())
        .with_bundled_enabled(config.bundled_enabled);
    if let Some(user_home) = &settings.user_home {
        ctx = ctx.with_user_home(user_home.clone());
    }
    if let Some(admin) = &settings.admin_dir {
        ctx = ctx.with_admin_dir(admin.clone());
    }
    // Trust gating is skilldeck's own: writing `skills.trusted_projects` opts in, and the codex
    // profile ignores the key as Codex does.
    let trusted = &config.extensions.trusted_projects;
    if settings.profile == Profile::Skilldeck && !trusted.is_empty() {
        ctx = ctx.with_trusted_projects(trusted.iter().cloned());
    }
    ctx
}

pub(crate) fn discover(settings: &Settings, cwd: &Path, config: &EffectiveConfig) -> Discovery {
    let ctx = discovery_context(settings, cwd, config);
    let fixed = FixedRoots(&settings.extra_roots);
    let mut providers: Vec<&dyn RootProvider> = vec![&fixed];
    providers.extend(settings.providers.iter().map(AsRef::as_ref));
    let found = skilldeck_loader::discover(&ctx, &providers);
    let absent = found
        .roots
        .iter()
        .filter(|root| !root.path.exists())
        .map(|root| root.path.clone())
        .collect();
    Discovery {
        roots: found.roots,
        absent,
        diagnostics: found.diagnostics,
    }
}

pub(crate) fn load(roots: &[SkillRoot], settings: &Settings) -> LoadOutcome {
    skilldeck_loader::load_roots(roots, &settings.loader_options)
}

pub(crate) fn render(outcome: &LoadOutcome, request: &CatalogRequest) -> Option<Catalog> {
    skilldeck_render::render_catalog(outcome, &request.options(), &request.texts)
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
    layout: &Layout,
    home: &Path,
    force: bool,
) -> Result<InstallStatus, InstallError> {
    let bundle = skilldeck_system::Bundle::builtin();
    let options = skilldeck_system::InstallOptions { force };
    Ok(skilldeck_system::install(layout, home, &bundle, options)?)
}
