//! How a team adds its own skill scope without forking skilldeck: a [`RootProvider`] that names
//! the team's shared skill directories as roots of a [`TEAM`] scope.
//!
//! **Owns:** the example scope ([`TEAM`]: loaded after repository skills and before the user's
//! own, listed between them in the catalog) and [`TeamSkills`], which turns a directory list into
//! roots of that scope.
//!
//! **Must not:** scan, parse, render or match on scope names — the loader scans the roots, and
//! render, injection and invocation treat the skills by the scope's ranks and policies alone.
//! This crate lives outside `crates/` on purpose: it uses only public API, so the tests here
//! prove that scopes are open (architecture guide §3).
//!
//! # Example
//!
//! ```
//! use skilldeck_example_team_scope::{TEAM, TeamSkills};
//! use skilldeck_loader::{DiscoveryContext, LoaderOptions, load};
//! use skilldeck_model::Layout;
//!
//! let share = tempfile::tempdir().unwrap();
//! let deploy = share.path().join("deploy");
//! std::fs::create_dir(&deploy).unwrap();
//! std::fs::write(
//!     deploy.join("SKILL.md"),
//!     "---\nname: deploy\ndescription: Ship the service the team way\n---\n\nSteps…\n",
//! )
//! .unwrap();
//!
//! let work = tempfile::tempdir().unwrap();
//! let ctx = DiscoveryContext::new(Layout::codex(), work.path()).with_bundled_enabled(false);
//! let team = TeamSkills::from_dirs([share.path()]);
//! let outcome = load(&ctx, &[&team], &LoaderOptions::default());
//!
//! assert_eq!(outcome.skills.len(), 1);
//! assert_eq!(outcome.skills[0].name, "deploy");
//! assert_eq!(outcome.skills[0].scope, TEAM);
//! ```
#![deny(missing_docs)]

use std::ffi::OsStr;
use std::path::PathBuf;

use skilldeck_loader::{DiscoveryContext, RootProvider};
use skilldeck_model::{Scope, SkillRoot};

/// The team's scope. Load rank 50 puts team skills after repository skills (0) and before the
/// user's own (100); prompt rank 250 lists them after repository skills (200) and before user
/// skills (300) in the catalog, so under budget pressure user skills are dropped first. Like the
/// built-in user scope it follows directory symlinks and reports broken skills.
pub const TEAM: Scope = Scope::const_new("team", 50, 250);

/// The team's shared skill directories, each a root of the [`TEAM`] scope.
///
/// A relative directory is resolved against the session's working directory
/// ([`DiscoveryContext::cwd`]); directories that do not exist are still named (the loader skips
/// them quietly, and a host may watch them for creation).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TeamSkills {
    dirs: Vec<PathBuf>,
}

impl TeamSkills {
    /// The team's skills in these directories, in priority order (when two of them hold the same
    /// skill folder, the first one reaches it first and keeps it).
    pub fn from_dirs<I, P>(dirs: I) -> TeamSkills
    where
        I: IntoIterator<Item = P>,
        P: Into<PathBuf>,
    {
        TeamSkills {
            dirs: dirs.into_iter().map(Into::into).collect(),
        }
    }

    /// The directories of a `PATH`-style list (`:`-separated on Unix, `;` on Windows), e.g. the
    /// value of a `TEAM_SKILLS` environment variable. Empty entries are ignored.
    pub fn from_path_list(list: &OsStr) -> TeamSkills {
        TeamSkills::from_dirs(std::env::split_paths(list).filter(|dir| !dir.as_os_str().is_empty()))
    }

    /// The directories, as given.
    pub fn dirs(&self) -> &[PathBuf] {
        &self.dirs
    }
}

impl RootProvider for TeamSkills {
    fn roots(&self, ctx: &DiscoveryContext) -> Vec<SkillRoot> {
        self.dirs
            .iter()
            .map(|dir| SkillRoot::new(ctx.cwd.join(dir), TEAM))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use skilldeck_model::Layout;

    #[test]
    fn relative_dirs_resolve_against_the_cwd() {
        let ctx = DiscoveryContext::new(Layout::codex(), "/work/project");
        let team = TeamSkills::from_dirs(["shared/skills", "/opt/team"]);
        let paths: Vec<PathBuf> = team.roots(&ctx).into_iter().map(|r| r.path).collect();
        assert_eq!(
            paths,
            [
                PathBuf::from("/work/project/shared/skills"),
                PathBuf::from("/opt/team")
            ]
        );
    }

    #[test]
    fn every_root_has_the_team_scope() {
        let ctx = DiscoveryContext::new(Layout::codex(), "/work");
        let team = TeamSkills::from_dirs(["/a", "/b"]);
        assert!(team.roots(&ctx).iter().all(|root| root.scope == TEAM));
    }

    #[cfg(unix)]
    #[test]
    fn path_list_splits_on_colons_and_skips_empty_entries() {
        let team = TeamSkills::from_path_list(OsStr::new("/a::/b:"));
        assert_eq!(team.dirs(), [PathBuf::from("/a"), PathBuf::from("/b")]);
    }

    #[test]
    fn team_ranks_sit_between_repo_and_user() {
        assert!(Scope::REPO.load_rank() < TEAM.load_rank());
        assert!(TEAM.load_rank() < Scope::USER.load_rank());
        assert!(Scope::REPO.prompt_rank() < TEAM.prompt_rank());
        assert!(TEAM.prompt_rank() < Scope::USER.prompt_rank());
    }
}
