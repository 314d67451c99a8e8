//! [`SkillsManager`]: one call per tier over a cached, self-refreshing load.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, OnceLock};
use std::time::SystemTime;

use skilldeck_model::{LoadOutcome, Product, SkillError, SkillRoot};

use crate::explain::{Explanation, explain_skill};
use crate::freshness::Stamps;
use crate::tiers::{
    self, CatalogRequest, Detection, DetectionMode, Detector, EffectiveConfig, FsReader,
    InjectionOptions, InjectionResult, LoaderOptions, RootProvider, SkillReader, UserInput,
};
use crate::{Catalog, Profile, SkillsManagerBuilder};
use skilldeck_config::SessionOverrides;

use skilldeck_model::Layout;

/// What [`SkillsManager::explain`] found.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Explained {
    /// One explanation per loaded skill with that name, in loader order.
    pub skills: Vec<Explanation>,
    /// Load errors of `SKILL.md` files in a folder with that name.
    pub errors: Vec<SkillError>,
}

/// What the builder resolved.
pub(crate) struct Settings {
    pub(crate) layout: Layout,
    pub(crate) profile: Profile,
    pub(crate) home: PathBuf,
    pub(crate) user_home: Option<PathBuf>,
    pub(crate) cwd: PathBuf,
    pub(crate) admin_dir: Option<PathBuf>,
    pub(crate) extra_roots: Vec<SkillRoot>,
    pub(crate) providers: Vec<Arc<dyn RootProvider>>,
    pub(crate) config_files: Option<Vec<PathBuf>>,
    pub(crate) overrides: SessionOverrides,
    pub(crate) loader_options: LoaderOptions,
    pub(crate) injection_options: InjectionOptions,
    pub(crate) install_bundled: bool,
}

/// The effective configuration of one load: what the cache is keyed by, besides the cwd.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct ConfigKey {
    /// Roots in order: path, scope name and ranks, plugin id and namespace.
    roots: Vec<String>,
    /// The enable/disable rules, in order.
    rules: String,
    product: Option<Product>,
}

/// One cached load.
#[derive(Debug)]
struct Loaded {
    outcome: Arc<LoadOutcome>,
    stamps: Stamps,
    detector: OnceLock<Detector>,
}

#[derive(Debug, Default)]
struct Cache {
    /// The effective config last seen for a cwd (listing callers ask by cwd).
    by_cwd: HashMap<PathBuf, ConfigKey>,
    /// Loads by effective config: two cwds of one repository share an entry, and a `-c`
    /// override in one session never leaks into another.
    by_config: HashMap<ConfigKey, Arc<Loaded>>,
}

/// The skills of one harness session: builder-configured, cached, refreshed when the disk
/// changes. Thread-safe (`Send + Sync`); share it behind an `Arc`.
///
/// Every call re-reads the configuration (a few small files) and re-discovers the roots (a few
/// `stat`s); the expensive part — scanning roots and parsing `SKILL.md` files — is cached and
/// redone only when the freshness check sees a change (see the crate docs for what it catches).
pub struct SkillsManager {
    settings: Settings,
    cache: Mutex<Cache>,
    setup: OnceLock<Vec<String>>,
    loads: AtomicUsize,
}

impl std::fmt::Debug for SkillsManager {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SkillsManager")
            .field("profile", &self.settings.profile)
            .field("home", &self.settings.home)
            .field("cwd", &self.settings.cwd)
            .finish_non_exhaustive()
    }
}

impl SkillsManager {
    /// A builder for a manager reading `layout`'s directories (see [`Profile::for_layout`] for
    /// the behaviour it implies).
    pub fn builder(layout: Layout) -> SkillsManagerBuilder {
        SkillsManagerBuilder::new(layout)
    }

    pub(crate) fn new(settings: Settings) -> SkillsManager {
        SkillsManager {
            settings,
            cache: Mutex::new(Cache::default()),
            setup: OnceLock::new(),
            loads: AtomicUsize::new(0),
        }
    }

    /// The profile.
    pub fn profile(&self) -> Profile {
        self.settings.profile
    }

    /// The layout.
    pub fn layout(&self) -> &Layout {
        &self.settings.layout
    }

    /// The tool's home directory.
    pub fn home(&self) -> &Path {
        &self.settings.home
    }

    /// The user's home, when known.
    pub fn user_home(&self) -> Option<&Path> {
        self.settings.user_home.as_deref()
    }

    /// The working directory given to the builder.
    pub fn cwd(&self) -> &Path {
        &self.settings.cwd
    }

    /// `<home>/skills/.system`, where the bundled skills live.
    pub fn system_cache_dir(&self) -> PathBuf {
        self.settings.layout.system_cache_dir(&self.settings.home)
    }

    /// The effective configuration for the builder's cwd (config files + `-c` overrides).
    pub fn config(&self) -> Result<EffectiveConfig, tiers::ConfigError> {
        tiers::read_config(&self.settings, &self.settings.cwd)
    }

    /// Warnings from setting up (a failed install of the bundled skills), for people. Empty
    /// until the first load.
    pub fn warnings(&self) -> &[String] {
        self.setup.get().map_or(&[], Vec::as_slice)
    }

    /// How many times roots were actually scanned (cache misses) since the manager was built.
    pub fn load_count(&self) -> usize {
        self.loads.load(Ordering::Relaxed)
    }

    /// Forgets every cached load; the next call rescans.
    pub fn refresh(&self) {
        let mut cache = self.lock();
        cache.by_cwd.clear();
        cache.by_config.clear();
    }

    /// Everything found from the builder's cwd: skills (enabled or not), errors, roots,
    /// diagnostics. Never fails: a fatal configuration error in the codex profile is an outcome
    /// with no skills and one error `{path: cwd, message}`, as Codex lists it.
    pub fn outcome(&self) -> Arc<LoadOutcome> {
        self.outcome_in(&self.settings.cwd)
    }

    /// The same as [`SkillsManager::outcome`] for another working directory.
    pub fn outcome_in(&self, cwd: &Path) -> Arc<LoadOutcome> {
        self.loaded(cwd).0.outcome.clone()
    }

    /// The outcome last computed for `cwd`, without touching the disk (no config read, no
    /// discovery, no freshness check): for UIs that list often and can live with a possibly
    /// stale answer. `None` before the first load for `cwd` and after a refresh.
    pub fn cached_outcome_in(&self, cwd: &Path) -> Option<Arc<LoadOutcome>> {
        let cache = self.lock();
        let key = cache.by_cwd.get(cwd)?;
        cache
            .by_config
            .get(key)
            .map(|loaded| loaded.outcome.clone())
    }

    /// The catalog a model would see with a context window of `window` tokens (`None`: the
    /// 8,000-character budget), with the default texts. `None` when no skill is visible or
    /// `skills.include_instructions = false`.
    pub fn catalog(&self, window: Option<i64>) -> Option<Catalog> {
        self.catalog_with(&CatalogRequest::new(window))
    }

    /// The catalog with explicit texts, usage section and format.
    pub fn catalog_with(&self, request: &CatalogRequest) -> Option<Catalog> {
        let (loaded, config) = self.loaded(&self.settings.cwd);
        if !config.include_instructions {
            return None;
        }
        tiers::render(&loaded.outcome, request)
    }

    /// The `<skill>` fragments for the skills a user turn mentions, in injection order, with the
    /// diagnostics that explain what was silently not injected. Works even when
    /// `skills.include_instructions = false`.
    pub fn inject(&self, inputs: &[UserInput]) -> InjectionResult {
        self.inject_with_reader(inputs, &FsReader)
    }

    /// [`SkillsManager::inject`] reading the bodies through `reader` (a remote file system, a
    /// test fake).
    pub fn inject_with_reader(
        &self,
        inputs: &[UserInput],
        reader: &dyn SkillReader,
    ) -> InjectionResult {
        let (loaded, _) = self.loaded(&self.settings.cwd);
        let mut options = self.settings.injection_options.clone();
        if options.cwd.is_none() {
            options.cwd = Some(self.settings.cwd.clone());
        }
        tiers::inject(&loaded.outcome, inputs, &options, reader)
    }

    /// Which skill `command` (run in `workdir`) used, if any, as Codex detects it.
    pub fn detect(&self, command: &str, workdir: &Path) -> Option<Detection> {
        self.detect_with(command, workdir, false)
    }

    /// [`SkillsManager::detect`], optionally in the invocation crate's extended mode.
    pub fn detect_with(&self, command: &str, workdir: &Path, extended: bool) -> Option<Detection> {
        let (loaded, _) = self.loaded(&self.settings.cwd);
        let detector = loaded
            .detector
            .get_or_init(|| Detector::new(&loaded.outcome));
        let mode = if extended {
            DetectionMode::Extended
        } else {
            DetectionMode::Codex
        };
        detector.detect(command, workdir, mode)
    }

    /// Why the skills named `name` are (or are not) what the model sees, with the catalog of
    /// `window` (see [`SkillsManager::catalog`]). Errors of `SKILL.md` files whose folder is
    /// named `name` are returned too, since a broken skill has no name to match.
    pub fn explain(&self, name: &str, window: Option<i64>) -> Explained {
        let (loaded, config) = self.loaded(&self.settings.cwd);
        let outcome = &loaded.outcome;
        let catalog = tiers::render(outcome, &CatalogRequest::new(window));
        let skills = outcome
            .skills
            .iter()
            .filter(|skill| skill.name == name)
            .map(|skill| explain_skill(skill, outcome, &config, catalog.as_ref()))
            .collect();
        let errors = outcome
            .errors
            .iter()
            .filter(|error| {
                error
                    .path
                    .parent()
                    .and_then(Path::file_name)
                    .is_some_and(|folder| folder == name)
            })
            .cloned()
            .collect();
        Explained { skills, errors }
    }

    /// Installs the bundled skills now (`force`: even when the marker says they are current).
    /// Refused in a profile that never writes.
    pub fn install_system(&self, force: bool) -> Result<tiers::InstallStatus, tiers::InstallError> {
        if !self.settings.profile.writes() {
            return Err(tiers::InstallError::ReadOnlyProfile(self.settings.profile));
        }
        if let Ok(config) = self.config()
            && !config.bundled_enabled
        {
            return Err(tiers::InstallError::Disabled);
        }
        let status = tiers::install(&self.settings.layout, &self.settings.home, force);
        self.refresh();
        status
    }

    fn lock(&self) -> MutexGuard<'_, Cache> {
        // A panic while holding the lock cannot leave the maps inconsistent (each update is
        // one insert), so a poisoned cache is still usable.
        self.cache
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    fn loaded(&self, cwd: &Path) -> (Arc<Loaded>, EffectiveConfig) {
        let config = match tiers::read_config(&self.settings, cwd) {
            Ok(config) => config,
            // In the codex profile a malformed `[skills]` table is fatal (errata 7.j); in the
            // skilldeck profile only an unreadable file or a malformed `-c` value gets here.
            Err(error) => {
                return (
                    fatal_config_outcome(cwd, &error),
                    EffectiveConfig::default(),
                );
            }
        };
        self.setup.get_or_init(|| self.set_up(&config));

        let discovery = tiers::discover(&self.settings, cwd, &config);
        let key = ConfigKey {
            roots: discovery.roots.iter().map(root_key).collect(),
            // Discovery findings depend on the trust list, which the roots alone may not show.
            rules: format!("{}\n{:?}", tiers::rules_key(&config), discovery.diagnostics),
            product: self.settings.loader_options.product,
        };
        {
            let mut cache = self.lock();
            // A cwd whose effective config changed drops the load it no longer uses, unless
            // another cwd still does, so the cache does not grow with every config edit.
            if let Some(old) = cache.by_cwd.insert(cwd.to_path_buf(), key.clone())
                && old != key
                && !cache.by_cwd.values().any(|other| *other == old)
            {
                cache.by_config.remove(&old);
            }
            if let Some(hit) = cache.by_config.get(&key)
                && !hit.stamps.is_stale(&hit.outcome)
            {
                return (hit.clone(), config);
            }
        }

        self.loads.fetch_add(1, Ordering::Relaxed);
        let load_started = SystemTime::now();
        let mut outcome = tiers::load(&discovery.roots, &self.settings);
        config.apply(&mut outcome);
        let scan_diagnostics = std::mem::take(&mut outcome.diagnostics);
        outcome.diagnostics = discovery.diagnostics;
        outcome.diagnostics.extend(scan_diagnostics);
        outcome
            .diagnostics
            .extend(config.diagnostics.iter().cloned());
        let stamps = Stamps::record(&outcome, &discovery.absent, load_started);
        let loaded = Arc::new(Loaded {
            outcome: Arc::new(outcome),
            stamps,
            detector: OnceLock::new(),
        });
        self.lock().by_config.insert(key, loaded.clone());
        (loaded, config)
    }

    /// First use: install the bundled skills when the profile writes and the config allows it.
    fn set_up(&self, config: &EffectiveConfig) -> Vec<String> {
        if !(self.settings.install_bundled
            && self.settings.profile.writes()
            && config.bundled_enabled)
        {
            return Vec::new();
        }
        match tiers::install(&self.settings.layout, &self.settings.home, false) {
            Ok(_) => Vec::new(),
            Err(error) => vec![format!("failed to install system skills: {error}")],
        }
    }
}

fn root_key(root: &SkillRoot) -> String {
    format!(
        "{}\0{}\0{}\0{}\0{:?}\0{:?}",
        root.path.display(),
        root.scope.name(),
        root.scope.load_rank(),
        root.scope.prompt_rank(),
        root.plugin_id,
        root.plugin_namespace,
    )
}

/// Codex 0.171 lists no skills and one error for the cwd when the config cannot be loaded
/// (errata 7.j).
fn fatal_config_outcome(cwd: &Path, error: &tiers::ConfigError) -> Arc<Loaded> {
    let outcome = LoadOutcome {
        errors: vec![SkillError {
            path: cwd.to_path_buf(),
            message: error.to_string(),
        }],
        ..LoadOutcome::default()
    };
    Arc::new(Loaded {
        outcome: Arc::new(outcome),
        stamps: Stamps::default(),
        detector: OnceLock::new(),
    })
}
