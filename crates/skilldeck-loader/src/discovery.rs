//! Which directories are skill roots (spec §3, errata §2).
//!
//! Anything that can name roots is a [`RootProvider`]. The built-in providers reproduce Codex's
//! root list; [`discover_roots`] runs them in Codex's order with the caller's providers slotted in
//! before the repository `.agents/skills` roots (or after them, for providers that
//! [defer](RootProvider::defers_to_built_in_roots)), then drops duplicates (first root wins) and,
//! when the context gates on trust, the repository roots of an untrusted project ([`discover`]
//! reports those).
use std::collections::HashSet;
use std::fmt;
use std::fs;
use std::path::{Path, PathBuf};

use skilldeck_model::{Diagnostic, Layout, Scope, SkillRoot, lexically_normalize};

use crate::scan::canonical_or_raw;
use crate::trust::{gate_repository_roots, is_trusted};

/// The project-root marker used when configuration names none.
pub const DEFAULT_PROJECT_ROOT_MARKER: &str = ".git";

/// Everything root discovery looks at. The loader never reads configuration files: whoever
/// builds the context (the config crate, the facade) puts the relevant values here.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DiscoveryContext {
    /// The working directory (made absolute and normalised lexically, `..` resolved without
    /// touching the disk; it may even be a file).
    pub cwd: PathBuf,
    /// The tool's home, e.g. `$CODEX_HOME` (default `~/.codex`). `None`: no home-based roots.
    pub home: Option<PathBuf>,
    /// The user's home (`$HOME`). `None`: no `~/.agents/skills` root.
    pub user_home: Option<PathBuf>,
    /// Directory names of the profile.
    pub layout: Layout,
    /// Overrides the layout's administrator directory (`/etc/codex`).
    pub admin_dir: Option<PathBuf>,
    /// Names whose presence marks the project root (default `[".git"]`); empty: the project
    /// root is the cwd.
    pub project_root_markers: Vec<String>,
    /// Whether the bundled (system) skills are scanned.
    pub bundled_enabled: bool,
    /// Extra user-scope roots supplied by the host.
    pub extra_roots: Vec<PathBuf>,
    /// Trust gating of repository scopes ([`crate::REPOSITORY_SCOPES`]). `None` (the default, as
    /// Codex): no gating. `Some(list)`: repository roots load only when
    /// [`DiscoveryContext::project_root`] is on the list (compared canonically); otherwise they
    /// are skipped with a `discovery.untrusted_project` warning. Typically the user config's
    /// `skills.trusted_projects`.
    pub trusted_projects: Option<Vec<PathBuf>>,
}

impl DiscoveryContext {
    /// A context with no home directories, the default marker, bundled skills on and no extra
    /// roots.
    pub fn new(layout: Layout, cwd: impl Into<PathBuf>) -> DiscoveryContext {
        let cwd = cwd.into();
        let cwd = lexically_normalize(&std::path::absolute(&cwd).unwrap_or(cwd));
        DiscoveryContext {
            cwd,
            home: None,
            user_home: None,
            layout,
            admin_dir: None,
            project_root_markers: vec![DEFAULT_PROJECT_ROOT_MARKER.to_owned()],
            bundled_enabled: true,
            extra_roots: Vec::new(),
            trusted_projects: None,
        }
    }

    /// Like [`DiscoveryContext::new`], with the homes taken from the process environment:
    /// `$HOME` and the layout's home variable (e.g. `$CODEX_HOME`, default `~/.codex`).
    pub fn from_env(layout: Layout, cwd: impl Into<PathBuf>) -> DiscoveryContext {
        let user_home = std::env::var_os("HOME")
            .filter(|home| !home.is_empty())
            .map(PathBuf::from);
        let home_override = std::env::var_os(layout.home_env.as_ref());
        let home = layout.resolve_home(home_override.as_deref(), user_home.as_deref());
        DiscoveryContext {
            home,
            user_home,
            ..DiscoveryContext::new(layout, cwd)
        }
    }

    /// The same context with this tool home.
    #[must_use]
    pub fn with_home(mut self, home: impl Into<PathBuf>) -> Self {
        self.home = Some(home.into());
        self
    }

    /// The same context with this user home.
    #[must_use]
    pub fn with_user_home(mut self, user_home: impl Into<PathBuf>) -> Self {
        self.user_home = Some(user_home.into());
        self
    }

    /// The same context with another administrator directory.
    #[must_use]
    pub fn with_admin_dir(mut self, admin_dir: impl Into<PathBuf>) -> Self {
        self.admin_dir = Some(admin_dir.into());
        self
    }

    /// The same context with these project-root markers (empty: the cwd is the project root).
    #[must_use]
    pub fn with_project_root_markers<I, S>(mut self, markers: I) -> Self
    where
        I: IntoIterator<Item = S>,
        S: Into<String>,
    {
        self.project_root_markers = markers.into_iter().map(Into::into).collect();
        self
    }

    /// The same context with bundled skills on or off.
    #[must_use]
    pub fn with_bundled_enabled(mut self, enabled: bool) -> Self {
        self.bundled_enabled = enabled;
        self
    }

    /// The same context with these extra user roots.
    #[must_use]
    pub fn with_extra_roots<I, P>(mut self, roots: I) -> Self
    where
        I: IntoIterator<Item = P>,
        P: Into<PathBuf>,
    {
        self.extra_roots = roots.into_iter().map(Into::into).collect();
        self
    }

    /// The same context gating repository scopes on these trusted project roots (see
    /// [`DiscoveryContext::trusted_projects`]; an empty list trusts no project).
    #[must_use]
    pub fn with_trusted_projects<I, P>(mut self, projects: I) -> Self
    where
        I: IntoIterator<Item = P>,
        P: Into<PathBuf>,
    {
        self.trusted_projects = Some(projects.into_iter().map(Into::into).collect());
        self
    }

    /// Whether repository roots may load: `true` without gating, else whether
    /// [`DiscoveryContext::project_root`] is one of the trusted projects.
    pub fn is_project_trusted(&self) -> bool {
        self.trusted_projects
            .as_deref()
            .is_none_or(|trusted| is_trusted(&self.project_root(), trusted))
    }

    /// The project root used for the `.agents/skills` search: the nearest ancestor of the cwd
    /// (the cwd included) holding any marker of any file type, else the cwd.
    pub fn project_root(&self) -> PathBuf {
        find_project_root(&self.cwd, &self.project_root_markers, false)
    }

    /// Directories from the project root down to the cwd, both included, outermost first.
    pub(crate) fn project_dirs(&self, require_git_head: bool) -> Vec<PathBuf> {
        let root = find_project_root(&self.cwd, &self.project_root_markers, require_git_head);
        let mut dirs = Vec::new();
        for dir in self.cwd.ancestors() {
            dirs.push(dir.to_path_buf());
            if dir == root {
                break;
            }
        }
        dirs.reverse();
        dirs
    }
}

/// Finds the project root. The config-layer search (`require_git_head`) does not accept a `.git`
/// directory without `HEAD`; the `.agents` search accepts any `.git` (errata 3.f).
fn find_project_root(cwd: &Path, markers: &[String], require_git_head: bool) -> PathBuf {
    if markers.is_empty() {
        return cwd.to_path_buf();
    }
    for ancestor in cwd.ancestors() {
        for marker in markers {
            let marker_path = ancestor.join(marker);
            let Ok(metadata) = fs::metadata(&marker_path) else {
                continue;
            };
            if require_git_head
                && marker == DEFAULT_PROJECT_ROOT_MARKER
                && metadata.is_dir()
                && fs::symlink_metadata(marker_path.join("HEAD")).is_err()
            {
                continue;
            }
            return ancestor.to_path_buf();
        }
    }
    cwd.to_path_buf()
}

fn is_dir(path: &Path) -> bool {
    fs::metadata(path).is_ok_and(|metadata| metadata.is_dir())
}

/// Anything that names skill roots: a built-in location, a plugin manager, a team's share.
///
/// A provider only names directories; scanning, parsing and merging stay in the loader, and the
/// [`Scope`] of each root decides ranks, symlink policy and error reporting.
pub trait RootProvider: Send + Sync {
    /// The roots this provider contributes for `ctx`, in priority order.
    fn roots(&self, ctx: &DiscoveryContext) -> Vec<SkillRoot>;

    /// Whether [`discover_roots`] asks this provider after every built-in root instead of
    /// before the repository `.agents/skills` roots (the default, where Codex puts its plugin
    /// roots). Since the first root to reach a directory or a skill keeps it, a deferring
    /// provider never takes a built-in root or skill over — right for another tool's
    /// directories that people often link to the native ones (e.g. [`crate::ClaudeRoots`]).
    fn defers_to_built_in_roots(&self) -> bool {
        false
    }
}

impl fmt::Debug for dyn RootProvider + '_ {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("RootProvider")
    }
}

/// Repo roots `<dir>/<project dir>/skills` (`.codex/skills`) of every project configuration
/// directory between the project root and the cwd, closest to the cwd first (errata 3.b). The
/// tool home is never a project directory (errata 3.h).
#[derive(Clone, Copy, Debug, Default)]
pub struct ProjectConfigRoots;

impl RootProvider for ProjectConfigRoots {
    fn roots(&self, ctx: &DiscoveryContext) -> Vec<SkillRoot> {
        let home = ctx.home.as_deref().map(canonical_or_raw);
        ctx.project_dirs(true)
            .iter()
            .rev()
            .filter(|dir| {
                let config_dir = dir.join(ctx.layout.project_dir.as_ref());
                is_dir(&config_dir)
                    && home.as_deref() != Some(canonical_or_raw(&config_dir).as_path())
            })
            .map(|dir| SkillRoot::new(ctx.layout.project_skills_dir(dir), Scope::REPO))
            .collect()
    }
}

/// User roots: `<home>/skills` (Codex's deprecated location, still read) and
/// `$HOME/.agents/skills`.
#[derive(Clone, Copy, Debug, Default)]
pub struct UserRoots;

impl RootProvider for UserRoots {
    fn roots(&self, ctx: &DiscoveryContext) -> Vec<SkillRoot> {
        let mut roots = Vec::new();
        if let Some(home) = &ctx.home {
            roots.push(SkillRoot::new(ctx.layout.skills_dir(home), Scope::USER));
        }
        if let Some(user_home) = &ctx.user_home {
            roots.push(SkillRoot::new(
                ctx.layout.agents_skills_dir(user_home),
                Scope::USER,
            ));
        }
        roots
    }
}

/// The system root `<home>/skills/.system` (bundled skills). [`discover_roots`] drops every
/// system-scope root when bundled skills are disabled.
#[derive(Clone, Copy, Debug, Default)]
pub struct SystemRoots;

impl RootProvider for SystemRoots {
    fn roots(&self, ctx: &DiscoveryContext) -> Vec<SkillRoot> {
        ctx.home
            .iter()
            .map(|home| SkillRoot::new(ctx.layout.system_cache_dir(home), Scope::SYSTEM))
            .collect()
    }
}

/// The admin root `<admin dir>/skills` (`/etc/codex/skills`).
#[derive(Clone, Copy, Debug, Default)]
pub struct AdminRoots;

impl RootProvider for AdminRoots {
    fn roots(&self, ctx: &DiscoveryContext) -> Vec<SkillRoot> {
        vec![SkillRoot::new(
            ctx.layout.admin_skills_dir(ctx.admin_dir.as_deref()),
            Scope::ADMIN,
        )]
    }
}

/// The host's extra roots, user scope, in the order given.
#[derive(Clone, Copy, Debug, Default)]
pub struct ExtraRoots;

impl RootProvider for ExtraRoots {
    fn roots(&self, ctx: &DiscoveryContext) -> Vec<SkillRoot> {
        ctx.extra_roots
            .iter()
            .map(|path| SkillRoot::new(path.clone(), Scope::USER))
            .collect()
    }
}

/// Repo roots `<dir>/.agents/skills` for every directory from the project root down to the
/// cwd that has one, outermost first.
#[derive(Clone, Copy, Debug, Default)]
pub struct RepoAgentsRoots;

impl RootProvider for RepoAgentsRoots {
    fn roots(&self, ctx: &DiscoveryContext) -> Vec<SkillRoot> {
        ctx.project_dirs(false)
            .iter()
            .map(|dir| ctx.layout.agents_skills_dir(dir))
            .filter(|path| is_dir(path))
            .map(|path| SkillRoot::new(path, Scope::REPO))
            .collect()
    }
}

/// The roots of one discovery and what is worth telling about them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RootDiscovery {
    /// Roots to scan, in priority order (see [`discover_roots`]).
    pub roots: Vec<SkillRoot>,
    /// Roots left out on purpose (an untrusted project's repository roots), one warning each.
    pub diagnostics: Vec<Diagnostic>,
}

/// Every root for `ctx`, in Codex's order: project `.codex/skills` (closest first), user,
/// system, admin, extra roots, then `extra_providers` in the order given, then the repository
/// `.agents/skills` roots (outermost first), then the `extra_providers` that
/// [defer](RootProvider::defers_to_built_in_roots). Roots resolving to the same directory are
/// kept once (the first wins), and system-scope roots are dropped when bundled skills are
/// disabled. When the context gates on trust and the project is not trusted, roots of the
/// [repository scopes](crate::REPOSITORY_SCOPES) are dropped too: use [`discover`] to get the
/// warnings that say so.
pub fn discover_roots(
    ctx: &DiscoveryContext,
    extra_providers: &[&dyn RootProvider],
) -> Vec<SkillRoot> {
    discover(ctx, extra_providers).roots
}

/// [`discover_roots`], plus a `discovery.untrusted_project` warning for every repository root
/// left out because the project is not trusted. [`crate::load`] adds these to the outcome's
/// diagnostics; a caller that scans the roots itself should do the same.
pub fn discover(ctx: &DiscoveryContext, extra_providers: &[&dyn RootProvider]) -> RootDiscovery {
    let built_in_first: [&dyn RootProvider; 5] = [
        &ProjectConfigRoots,
        &UserRoots,
        &SystemRoots,
        &AdminRoots,
        &ExtraRoots,
    ];
    let (deferred, early): (Vec<&dyn RootProvider>, Vec<&dyn RootProvider>) = extra_providers
        .iter()
        .copied()
        .partition(|provider| provider.defers_to_built_in_roots());
    let providers = built_in_first
        .into_iter()
        .chain(early)
        .chain(std::iter::once(&RepoAgentsRoots as &dyn RootProvider))
        .chain(deferred);
    let mut seen = HashSet::new();
    let mut roots: Vec<SkillRoot> = providers
        .flat_map(|provider| provider.roots(ctx))
        .filter(|root| seen.insert(canonical_or_raw(&root.path)))
        .collect();
    if !ctx.bundled_enabled {
        roots.retain(|root| root.scope != Scope::SYSTEM);
    }
    let diagnostics = gate_repository_roots(ctx, &mut roots);
    RootDiscovery { roots, diagnostics }
}
