//! How a load behaves: Codex-compatible defaults plus opt-in improvements.
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
/// [`LoaderOptions::default`] reproduces Codex 0.171 exactly. Every `bool` that is `false` by
/// default is an improvement that changes the result for some valid trees, so it is opt-in.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LoaderOptions {
    /// Skills whose `policy.products` excludes this product are dropped everywhere
    /// (`None` = unknown product: only unrestricted skills stay). Default `Some(Codex)`.
    pub product: Option<Product>,
    /// Load a `SKILL.md` that is itself a symlink to a regular file (Codex ignores it silently).
    pub follow_skill_file_symlinks: bool,
    /// Treat front-matter `disable-model-invocation: true` as
    /// `policy.allow_implicit_invocation: false` when the policy does not say otherwise.
    pub honour_disable_model_invocation: bool,
    /// Do not descend into [`DEPENDENCY_DIR_NAMES`] (they still count as entries).
    pub skip_dependency_dirs: bool,
    /// Do not descend below a directory that holds a `SKILL.md` (skills nested inside another
    /// skill's folder are then not loaded).
    pub stop_at_skill_dirs: bool,
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
            max_depth: DEFAULT_MAX_DEPTH,
            max_dirs: DEFAULT_MAX_DIRS,
            max_entries: DEFAULT_MAX_ENTRIES,
        }
    }
}

impl LoaderOptions {
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
