//! Fixture helpers shared by the loader's integration tests.
#![allow(dead_code)] // each test binary uses a different subset

use std::fs;
use std::path::{Path, PathBuf};

use skilldeck_loader::{DiscoveryContext, LoaderOptions, load, load_roots};
use skilldeck_model::{Layout, LoadOutcome, Scope, SkillRoot};

/// A temp dir whose path is canonical (so expected paths compare equal on every platform).
pub struct Tree {
    _dir: tempfile::TempDir,
    pub base: PathBuf,
}

impl Tree {
    pub fn new() -> Tree {
        let dir = tempfile::tempdir().expect("temp dir");
        let base = dunce::canonicalize(dir.path()).expect("canonical temp dir");
        Tree { _dir: dir, base }
    }

    pub fn path(&self, relative: &str) -> PathBuf {
        self.base.join(relative)
    }

    /// Creates `relative` (and its parents) as a directory.
    pub fn dir(&self, relative: &str) -> PathBuf {
        let path = self.path(relative);
        fs::create_dir_all(&path).expect("create dir");
        path
    }

    /// Writes a file, creating parents.
    pub fn file(&self, relative: &str, contents: impl AsRef<[u8]>) -> PathBuf {
        let path = self.path(relative);
        fs::create_dir_all(path.parent().expect("parent")).expect("create parents");
        fs::write(&path, contents).expect("write file");
        path
    }

    /// Writes `<dir>/SKILL.md` with a name and a description; returns the SKILL.md path.
    pub fn skill(&self, dir: &str, name: &str, description: &str) -> PathBuf {
        self.file(
            &format!("{dir}/SKILL.md"),
            format!("---\nname: {name}\ndescription: {description}\n---\n\nBody of {name}.\n"),
        )
    }

    /// A git repository marker (`.git/HEAD`) in `dir`.
    pub fn git(&self, dir: &str) -> PathBuf {
        self.file(&format!("{dir}/.git/HEAD"), "ref: refs/heads/main\n");
        self.path(dir)
    }

    /// A directory symlink `link` → `target` (both relative to the base, or `target` absolute).
    #[cfg(unix)]
    pub fn symlink(&self, target: &str, link: &str) -> PathBuf {
        let link_path = self.path(link);
        fs::create_dir_all(link_path.parent().expect("parent")).expect("create parents");
        std::os::unix::fs::symlink(target, &link_path).expect("symlink");
        link_path
    }

    /// A context for the codex layout with `home = <base>/codex_home`,
    /// `user_home = <base>/home`, admin `<base>/etc/codex`, and the given cwd.
    pub fn ctx(&self, cwd: &str) -> DiscoveryContext {
        DiscoveryContext::new(Layout::codex(), self.path(cwd))
            .with_home(self.path("codex_home"))
            .with_user_home(self.path("home"))
            .with_admin_dir(self.path("etc/codex"))
    }
}

/// Loads with default options.
pub fn load_ctx(ctx: &DiscoveryContext) -> LoadOutcome {
    load(ctx, &[], &LoaderOptions::default())
}

/// Loads one root of the given scope with these options.
pub fn load_root(path: &Path, scope: Scope, options: &LoaderOptions) -> LoadOutcome {
    load_roots(&[SkillRoot::new(path, scope)], options)
}

/// Loads one repo-scope root with default options.
pub fn load_repo_root(path: &Path) -> LoadOutcome {
    load_root(path, Scope::REPO, &LoaderOptions::default())
}

/// The loaded names, in loader order.
pub fn names(outcome: &LoadOutcome) -> Vec<String> {
    outcome
        .skills
        .iter()
        .map(|skill| skill.name.clone())
        .collect()
}

/// `(scope, name)` pairs, in loader order.
pub fn scoped_names(outcome: &LoadOutcome) -> Vec<(String, String)> {
    outcome
        .skills
        .iter()
        .map(|skill| (skill.scope.name().to_owned(), skill.name.clone()))
        .collect()
}

/// Error messages, in order.
pub fn messages(outcome: &LoadOutcome) -> Vec<String> {
    outcome
        .errors
        .iter()
        .map(|error| error.message.clone())
        .collect()
}
