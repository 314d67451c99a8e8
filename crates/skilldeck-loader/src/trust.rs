//! Trust gating of repository scopes (opt-in: [`DiscoveryContext::trusted_projects`]).
//!
//! Codex loads a cloned repository's `.codex/skills` and `.agents/skills` even when the project
//! is untrusted, and the catalog tells the model to use matching skills (spec §14.1 item 15).
//! With a trusted-project list, roots of a [repository scope](REPOSITORY_SCOPES) load only when
//! the project root ([`DiscoveryContext::project_root`]) is on the list; otherwise each is
//! skipped with an `discovery.untrusted_project` warning that says how to trust the project.
use std::path::{Path, PathBuf};

use skilldeck_model::{Diagnostic, Scope, SkillRoot, lexically_normalize};

use crate::claude::CLAUDE_PROJECT;
use crate::discovery::DiscoveryContext;
use crate::scan::canonical_or_raw;

/// Scopes whose roots come from the repository the agent works in, and so are gated by trust:
/// [`Scope::REPO`] and [`CLAUDE_PROJECT`]. A custom provider that reads the repository should
/// give its roots one of these scopes (or check [`DiscoveryContext::is_project_trusted`]).
pub const REPOSITORY_SCOPES: [Scope; 2] = [Scope::REPO, CLAUDE_PROJECT];

/// Stable code of the diagnostic naming a root skipped because its project is not trusted.
pub const UNTRUSTED_PROJECT_CODE: &str = "discovery.untrusted_project";

/// Whether `project_root` is on `trusted` (both compared canonically when they exist, else
/// lexically normalised).
pub(crate) fn is_trusted(project_root: &Path, trusted: &[PathBuf]) -> bool {
    let project = comparable(project_root);
    trusted.iter().any(|path| comparable(path) == project)
}

fn comparable(path: &Path) -> PathBuf {
    lexically_normalize(&canonical_or_raw(path))
}

/// Removes repository-scope roots from `roots` when `ctx` gates on trust and its project is not
/// trusted; returns one warning per removed root.
pub(crate) fn gate_repository_roots(
    ctx: &DiscoveryContext,
    roots: &mut Vec<SkillRoot>,
) -> Vec<Diagnostic> {
    if ctx.is_project_trusted() {
        return Vec::new();
    }
    let project_root = ctx.project_root();
    let mut diagnostics = Vec::new();
    roots.retain(|root| {
        let gated = REPOSITORY_SCOPES.contains(&root.scope);
        if gated {
            diagnostics.push(untrusted(&project_root, root));
        }
        !gated
    });
    diagnostics
}

fn untrusted(project_root: &Path, root: &SkillRoot) -> Diagnostic {
    Diagnostic::warning(
        UNTRUSTED_PROJECT_CODE,
        format!(
            "{} skills not loaded: the project {} is not trusted; to load them, add {:?} to \
             `skills.trusted_projects` in your config.toml",
            root.scope,
            project_root.display(),
            project_root.display().to_string(),
        ),
    )
    .at(&root.path)
}
