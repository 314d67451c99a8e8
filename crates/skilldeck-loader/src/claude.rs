//! Claude Code's skill directories as two scopes of their own (opt-in: pass [`ClaudeRoots`] as
//! a provider).
//!
//! Many people keep skills in `.claude/skills` (per project) and `~/.claude/skills` (per user),
//! in the same `SKILL.md` format. Codex does not read them. [`ClaudeRoots`] names them as
//! [`CLAUDE_PROJECT`] and [`CLAUDE_USER`] roots, so they load, list and rank as what they are
//! instead of posing as repo or user skills. Each scope follows directory symlinks and reports
//! broken skills, like its native counterpart.
use skilldeck_model::{Scope, SkillRoot};

use crate::discovery::{DiscoveryContext, RootProvider};

/// `.claude/skills` of a directory between the project root and the cwd. Loads right after
/// [`Scope::REPO`] (rank 10) and is listed right after it in the catalog (prompt rank 210).
pub const CLAUDE_PROJECT: Scope = Scope::const_new("claude-project", 10, 210);

/// `~/.claude/skills`. Loads right after [`Scope::USER`] (rank 110) and is listed right after
/// it in the catalog (prompt rank 310), so under budget pressure it is dropped first.
pub const CLAUDE_USER: Scope = Scope::const_new("claude-user", 110, 310);

/// The Claude Code skills directory, relative to the user's home and to project directories.
pub const CLAUDE_SKILLS_DIR: &str = ".claude/skills";

/// The opt-in provider of Claude Code's skill roots:
///
/// * `~/.claude/skills` ([`CLAUDE_USER`]) when the user's home is known;
/// * `<dir>/.claude/skills` ([`CLAUDE_PROJECT`]) for every directory from the project root down
///   to the cwd that has one, outermost first — the same project-root markers and the same
///   directories as the repository `.agents/skills` roots.
///
/// It [defers to the built-in roots](RootProvider::defers_to_built_in_roots): a `.claude/skills`
/// that is a link to a native root, or holds links to native skills, leaves those skills in
/// their native scope (the first root that reaches a directory or a skill keeps it). With
/// [`DiscoveryContext::trusted_projects`], the project roots are gated like repo roots.
///
/// ```
/// use skilldeck_loader::{CLAUDE_PROJECT, ClaudeRoots, DiscoveryContext, RootProvider};
/// use skilldeck_model::Layout;
///
/// let repo = tempfile::tempdir().unwrap();
/// std::fs::create_dir(repo.path().join(".git")).unwrap();
/// std::fs::create_dir_all(repo.path().join(".claude/skills")).unwrap();
/// let ctx = DiscoveryContext::new(Layout::codex(), repo.path());
///
/// let roots = ClaudeRoots.roots(&ctx);
/// assert_eq!(roots.len(), 1);
/// assert_eq!(roots[0].scope, CLAUDE_PROJECT);
/// assert!(roots[0].path.ends_with(".claude/skills"));
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct ClaudeRoots;

impl RootProvider for ClaudeRoots {
    fn roots(&self, ctx: &DiscoveryContext) -> Vec<SkillRoot> {
        let user = ctx
            .user_home
            .iter()
            .map(|home| SkillRoot::new(home.join(CLAUDE_SKILLS_DIR), CLAUDE_USER));
        let project = ctx
            .project_dirs(false)
            .into_iter()
            .map(|dir| dir.join(CLAUDE_SKILLS_DIR))
            .filter(|path| path.is_dir())
            .map(|path| SkillRoot::new(path, CLAUDE_PROJECT));
        user.chain(project).collect()
    }

    fn defers_to_built_in_roots(&self) -> bool {
        true
    }
}
