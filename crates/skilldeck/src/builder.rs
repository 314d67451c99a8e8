//! [`SkillsManagerBuilder`]: everything a manager needs, with defaults from the environment.

use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use skilldeck_model::{Layout, Product, SkillRoot};

use crate::manager::{Settings, SkillsManager};
use crate::tiers::{InjectionOptions, LoaderOptions, RootProvider};
use crate::{BuildError, Profile};

/// Builds a [`SkillsManager`]. Start from [`SkillsManager::builder`].
///
/// Defaults: the cwd is the process's current directory; the user home is `$HOME`; the tool
/// home is the layout's environment variable (`$SKILLDECK_HOME`, `$CODEX_HOME`) or
/// `<user home>/<layout default>`; the admin directory is the layout's; the product is
/// `codex`; loader and injection options are the profile's.
pub struct SkillsManagerBuilder {
    pub(crate) layout: Layout,
    pub(crate) profile: Profile,
    pub(crate) home: Option<PathBuf>,
    pub(crate) user_home: Option<PathBuf>,
    pub(crate) user_home_given: bool,
    pub(crate) cwd: Option<PathBuf>,
    pub(crate) admin_dir: Option<PathBuf>,
    pub(crate) extra_roots: Vec<SkillRoot>,
    pub(crate) providers: Vec<Arc<dyn RootProvider>>,
    pub(crate) config_files: Option<Vec<PathBuf>>,
    pub(crate) overrides: Vec<String>,
    pub(crate) product: Option<Product>,
    pub(crate) product_given: bool,
    pub(crate) loader_options: Option<LoaderOptions>,
    pub(crate) injection_options: Option<InjectionOptions>,
    pub(crate) install_bundled: Option<bool>,
    pub(crate) env: fn(&str) -> Option<OsString>,
}

impl std::fmt::Debug for SkillsManagerBuilder {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SkillsManagerBuilder")
            .field("layout", &self.layout.name)
            .field("profile", &self.profile)
            .field("home", &self.home)
            .field("cwd", &self.cwd)
            .field("providers", &self.providers.len())
            .finish_non_exhaustive()
    }
}

impl SkillsManagerBuilder {
    pub(crate) fn new(layout: Layout) -> SkillsManagerBuilder {
        SkillsManagerBuilder {
            profile: Profile::for_layout(&layout),
            layout,
            home: None,
            user_home: None,
            user_home_given: false,
            cwd: None,
            admin_dir: None,
            extra_roots: Vec::new(),
            providers: Vec::new(),
            config_files: None,
            overrides: Vec::new(),
            product: None,
            product_given: false,
            loader_options: None,
            injection_options: None,
            install_bundled: None,
            env: |name| std::env::var_os(name),
        }
    }

    /// Switches to a built-in profile: its layout and its behaviour.
    #[must_use]
    pub fn profile(mut self, profile: Profile) -> Self {
        self.profile = profile;
        self.layout = profile.layout();
        self
    }

    /// Uses another layout, keeping the behaviour it implies ([`Profile::for_layout`]).
    #[must_use]
    pub fn layout(mut self, layout: Layout) -> Self {
        self.profile = Profile::for_layout(&layout);
        self.layout = layout;
        self
    }

    /// The tool's home (overrides `$SKILLDECK_HOME` / `$CODEX_HOME`).
    #[must_use]
    pub fn home(mut self, home: impl Into<PathBuf>) -> Self {
        self.home = Some(home.into());
        self
    }

    /// The user's home, for `~/.agents/skills` and the default tool home (overrides `$HOME`).
    /// `None` means "unknown": the `~/.agents/skills` root is skipped.
    #[must_use]
    pub fn user_home(mut self, user_home: Option<impl Into<PathBuf>>) -> Self {
        self.user_home = user_home.map(Into::into);
        self.user_home_given = true;
        self
    }

    /// The working directory whose repository skills are visible.
    #[must_use]
    pub fn cwd(mut self, cwd: impl Into<PathBuf>) -> Self {
        self.cwd = Some(cwd.into());
        self
    }

    /// The administrator directory; its `skills/` is the admin root.
    #[must_use]
    pub fn admin_dir(mut self, dir: impl Into<PathBuf>) -> Self {
        self.admin_dir = Some(dir.into());
        self
    }

    /// An extra user-scope root (Codex's host "extra roots").
    #[must_use]
    pub fn extra_root(mut self, path: impl Into<PathBuf>) -> Self {
        self.extra_roots
            .push(SkillRoot::new(path.into(), skilldeck_model::Scope::USER));
        self
    }

    /// An extra root with its own scope and plugin data.
    #[must_use]
    pub fn extra_skill_root(mut self, root: SkillRoot) -> Self {
        self.extra_roots.push(root);
        self
    }

    /// A provider of more roots (a team's own scope, a plugin marketplace, …), asked after the
    /// built-in ones on every load.
    #[must_use]
    pub fn root_provider(mut self, provider: impl RootProvider + 'static) -> Self {
        self.providers.push(Arc::new(provider));
        self
    }

    /// Reads `[skills]` from these files (lowest precedence first) instead of the default
    /// `<home>/config.toml`. An empty list reads no file.
    #[must_use]
    pub fn config_files(mut self, files: impl IntoIterator<Item = impl Into<PathBuf>>) -> Self {
        self.config_files = Some(files.into_iter().map(Into::into).collect());
        self
    }

    /// A `-c key=value` override (TOML value), applied after the config files; later wins.
    #[must_use]
    pub fn config_override(mut self, raw: impl Into<String>) -> Self {
        self.overrides.push(raw.into());
        self
    }

    /// Several `-c key=value` overrides.
    #[must_use]
    pub fn config_overrides(mut self, raws: impl IntoIterator<Item = impl Into<String>>) -> Self {
        self.overrides.extend(raws.into_iter().map(Into::into));
        self
    }

    /// The product skills are restricted to (default `codex`; `None` = unknown: only
    /// unrestricted skills load). Overrides the loader options' product.
    #[must_use]
    pub fn product(mut self, product: Option<Product>) -> Self {
        self.product = product;
        self.product_given = true;
        self
    }

    /// Loader options (default: the profile's).
    #[must_use]
    pub fn loader_options(mut self, options: LoaderOptions) -> Self {
        self.loader_options = Some(options);
        self
    }

    /// Injection options (default: [`InjectionOptions::codex`] in the codex profile,
    /// [`InjectionOptions::skilldeck`] otherwise).
    #[must_use]
    pub fn injection_options(mut self, options: InjectionOptions) -> Self {
        self.injection_options = Some(options);
        self
    }

    /// Whether to install the bundled skills on first use (default: only in the skilldeck
    /// profile). `true` is ignored when `skills.bundled.enabled = false`.
    #[must_use]
    pub fn install_bundled(mut self, install: bool) -> Self {
        self.install_bundled = Some(install);
        self
    }

    /// Reads environment variables through `lookup` instead of the process environment (tests,
    /// embedding in a process whose environment is not the user's).
    #[must_use]
    pub fn env_lookup(mut self, lookup: fn(&str) -> Option<OsString>) -> Self {
        self.env = lookup;
        self
    }

    /// Resolves the directories and builds the manager. Installing the bundled skills (when the
    /// profile does) happens here; its failure is a warning ([`SkillsManager::warnings`]).
    pub fn build(self) -> Result<SkillsManager, BuildError> {
        let cwd = match self.cwd {
            Some(cwd) => cwd,
            None => std::env::current_dir().map_err(BuildError::CurrentDir)?,
        };
        let cwd = absolute(&cwd)?;
        let user_home = if self.user_home_given {
            self.user_home
        } else {
            (self.env)("HOME")
                .filter(|value| !value.is_empty())
                .map(PathBuf::from)
        };
        let home = match self.home {
            Some(home) => Some(home),
            None => self.layout.resolve_home(
                (self.env)(&self.layout.home_env).as_deref(),
                user_home.as_deref(),
            ),
        };
        let home = home.ok_or_else(|| BuildError::NoHome {
            env: self.layout.home_env.to_string(),
        })?;
        let home = absolute(&home)?;
        let overrides =
            crate::tiers::parse_overrides(&self.overrides).map_err(BuildError::Override)?;
        let mut loader_options = self
            .loader_options
            .unwrap_or_else(|| crate::tiers::loader_options_for(self.profile));
        if self.product_given {
            loader_options.product = self.product;
        }
        let install_bundled = self.install_bundled.unwrap_or(self.profile.writes());
        let settings = Settings {
            loader_options,
            injection_options: self
                .injection_options
                .unwrap_or_else(|| crate::tiers::injection_options_for(self.profile)),
            layout: self.layout,
            profile: self.profile,
            home,
            user_home,
            cwd,
            admin_dir: self.admin_dir,
            extra_roots: self.extra_roots,
            providers: self.providers,
            config_files: self.config_files,
            overrides,
            install_bundled,
        };
        Ok(SkillsManager::new(settings))
    }
}

/// `path`, joined to the process's current directory when relative.
fn absolute(path: &Path) -> Result<PathBuf, BuildError> {
    if path.is_absolute() {
        Ok(path.to_path_buf())
    } else {
        Ok(std::env::current_dir()
            .map_err(BuildError::CurrentDir)?
            .join(path))
    }
}
