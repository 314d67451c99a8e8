//! How a load behaves: Codex-compatible defaults plus opt-in improvements.
//!
//! Two presets name the two profiles: [`LoaderOptions::codex`] (everything off, the default) and
//! [`LoaderOptions::skilldeck`] (the fixes that cannot hide or reorder a skill a user already
//! sees). `docs/options.md` argues each choice.
use skilldeck_model::Product;

/// Codex's traversal depth: `root/d1/…/d6/SKILL.md` loads, one level deeper does not.
pub const DEFAULT_MAX_DEPTH: usize = 6;
/// Codex's per-root directory budget (the root itself included).
pub const DEFAULT_MAX_DIRS: usize = 2_000;
/// Codex's per-root budget of directory entries examined.
pub const DEFAULT_MAX_ENTRIES: usize = 20_000;

/// Directory names skipped by [`LoaderOptions::skip_dependency_dirs`]: package caches and build
/// outputs that never hold skills but can hold hundreds of thousands of files.
pub const DEPENDENCY_DIR_NAMES: [&str; 5] = ["node_modules", "vendor", ".venv", "target", "dist"];

/// Options of [`crate::load_roots`] and [`crate::load`].
///
/// [`LoaderOptions::default`] (= [`LoaderOptions::codex`]) reproduces Codex 0.171 exactly. Every
/// `bool` that is `false` by default is an improvement that changes the result for some valid
/// trees, so it is opt-in; [`LoaderOptions::skilldeck`] turns on the safe ones.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LoaderOptions {
    /// Skills whose `policy.products` excludes this product are dropped everywhere
    /// (`None` = unknown product: only unrestricted skills stay). Default `Some(Codex)`.
    pub product: Option<Product>,
    /// Load a `SKILL.md` that is itself a symlink to a regular file (Codex ignores it silently;
    /// GNU Stow, Nix and Home-Manager set-ups are made of such links). Only in scopes that follow
    /// symlinks: the system scope stays strict. The skill's identity is the link's target.
    pub follow_skill_file_symlinks: bool,
    /// Treat front-matter `disable-model-invocation: true` as
    /// `policy.allow_implicit_invocation: false` when the policy does not say otherwise.
    pub honour_disable_model_invocation: bool,
    /// Do not descend into [`DEPENDENCY_DIR_NAMES`] (they still count as entries).
    pub skip_dependency_dirs: bool,
    /// Do not descend below a directory that holds a `SKILL.md` (skills nested inside another
    /// skill's folder are then not loaded).
    pub stop_at_skill_dirs: bool,
    /// "Closest scope wins": of several skills with the same name, keep only the one in the
    /// scope with the lowest load rank — within a repository scope the one whose root is
    /// deepest (closest to the cwd), else the first root in root order, then the shallowest
    /// walked path — and report each dropped skill as a `load.shadowed` warning (see
    /// [`crate::shadow_duplicate_names`]). Codex lists them all, which makes a plain `$name`
    /// mention ambiguous.
    pub shadow_duplicate_names: bool,
    /// Directory levels below a root that are read (default 6).
    pub max_depth: usize,
    /// Directories read per root, the root included (default 2,000).
    pub max_dirs: usize,
    /// Directory entries examined per root (default 20,000).
    pub max_entries: usize,
}

impl Default for LoaderOptions {
    fn default() -> Self {
        LoaderOptions {
            product: Some(Product::Codex),
            follow_skill_file_symlinks: false,
            honour_disable_model_invocation: false,
            skip_dependency_dirs: false,
            stop_at_skill_dirs: false,
            shadow_duplicate_names: false,
            max_depth: DEFAULT_MAX_DEPTH,
            max_dirs: DEFAULT_MAX_DIRS,
            max_entries: DEFAULT_MAX_ENTRIES,
        }
    }
}

impl LoaderOptions {
    /// The `codex` profile: Codex 0.171's behaviour, every improvement off (the default).
    pub fn codex() -> LoaderOptions {
        LoaderOptions::default()
    }

    /// The `skilldeck` profile: the Codex defaults plus the fixes that are safe for new users —
    /// [`follow_skill_file_symlinks`](Self::follow_skill_file_symlinks),
    /// [`honour_disable_model_invocation`](Self::honour_disable_model_invocation) and
    /// [`skip_dependency_dirs`](Self::skip_dependency_dirs). Each only adds a skill Codex missed,
    /// honours what the author wrote, or skips files no skill lives in. Shadowing, stopping at
    /// skill folders and trust gating hide skills a user may rely on, so they stay opt-in.
    pub fn skilldeck() -> LoaderOptions {
        LoaderOptions {
            follow_skill_file_symlinks: true,
            honour_disable_model_invocation: true,
            skip_dependency_dirs: true,
            ..LoaderOptions::codex()
        }
    }

    /// The same options with other traversal limits (depth, directories, entries).
    #[must_use]
    pub fn with_limits(mut self, max_depth: usize, max_dirs: usize, max_entries: usize) -> Self {
        self.max_depth = max_depth;
        self.max_dirs = max_dirs;
        self.max_entries = max_entries;
        self
    }

    /// The same options restricted to another product (`None` = unknown).
    #[must_use]
    pub fn with_product(mut self, product: Option<Product>) -> Self {
        self.product = product;
        self
    }
}
