//! Trust gating (`DiscoveryContext::trusted_projects`): repository scopes load only for a
//! trusted project; without a list nothing is gated, as in Codex.
mod common;

use common::{Tree, load_ctx, scoped_names};
use skilldeck_loader::{
    ClaudeRoots, DiscoveryContext, LoaderOptions, UNTRUSTED_PROJECT_CODE, discover, load,
};
use skilldeck_model::{LoadOutcome, Severity};

/// A repository with `.codex/skills`, `.agents/skills` and a user skill beside it.
fn project(t: &Tree) {
    t.git("repo");
    t.skill("repo/.codex/skills/c", "codex-dir", "d");
    t.skill("repo/.agents/skills/a", "agents-dir", "d");
    t.skill("home/.agents/skills/u", "user-skill", "d");
}

fn untrusted_warnings(outcome: &LoadOutcome) -> usize {
    outcome
        .diagnostics
        .iter()
        .filter(|diagnostic| diagnostic.code == UNTRUSTED_PROJECT_CODE)
        .count()
}

fn pairs(items: &[(&str, &str)]) -> Vec<(String, String)> {
    items
        .iter()
        .map(|(scope, name)| ((*scope).to_owned(), (*name).to_owned()))
        .collect()
}

#[test]
fn without_a_trusted_list_repository_skills_load() {
    let t = Tree::new();
    project(&t);
    let ctx = t.ctx("repo");
    assert!(ctx.trusted_projects.is_none());
    assert!(ctx.is_project_trusted());
    let outcome = load_ctx(&ctx);
    assert_eq!(
        scoped_names(&outcome),
        pairs(&[
            ("repo", "agents-dir"),
            ("repo", "codex-dir"),
            ("user", "user-skill")
        ])
    );
    assert_eq!(untrusted_warnings(&outcome), 0);
}

#[test]
fn untrusted_project_loads_no_repository_skills() {
    let t = Tree::new();
    project(&t);
    let ctx = t.ctx("repo").with_trusted_projects([t.path("elsewhere")]);
    assert!(!ctx.is_project_trusted());
    let outcome = load_ctx(&ctx);
    assert_eq!(scoped_names(&outcome), pairs(&[("user", "user-skill")]));
}

#[test]
fn each_skipped_root_gets_a_warning_saying_how_to_trust_the_project() {
    let t = Tree::new();
    project(&t);
    let ctx = t
        .ctx("repo")
        .with_trusted_projects(Vec::<std::path::PathBuf>::new());
    let discovery = discover(&ctx, &[]);
    let paths: Vec<_> = discovery
        .diagnostics
        .iter()
        .map(|diagnostic| diagnostic.path.clone().unwrap())
        .collect();
    assert_eq!(
        paths,
        [t.path("repo/.codex/skills"), t.path("repo/.agents/skills")]
    );
    let warning = &discovery.diagnostics[0];
    assert_eq!(warning.severity, Severity::Warning);
    assert_eq!(
        warning.message,
        format!(
            "repo skills not loaded: the project {0} is not trusted; to load them, add {0:?} \
             to `skills.trusted_projects` in your config.toml",
            t.path("repo").display().to_string()
        )
    );
}

#[test]
fn load_reports_the_skipped_roots_first() {
    let t = Tree::new();
    project(&t);
    let ctx = t.ctx("repo").with_trusted_projects([t.path("elsewhere")]);
    let outcome = load_ctx(&ctx);
    assert_eq!(untrusted_warnings(&outcome), 2);
    assert_eq!(outcome.diagnostics[0].code, UNTRUSTED_PROJECT_CODE);
}

#[test]
fn trusted_project_loads_its_repository_skills_without_warnings() {
    let t = Tree::new();
    project(&t);
    let ctx = t.ctx("repo").with_trusted_projects([t.path("repo")]);
    assert!(ctx.is_project_trusted());
    let outcome = load_ctx(&ctx);
    assert_eq!(outcome.skills.len(), 3);
    assert_eq!(untrusted_warnings(&outcome), 0);
}

#[test]
fn trust_is_checked_for_the_project_root_not_the_cwd() {
    let t = Tree::new();
    project(&t);
    t.skill("repo/sub/.agents/skills/s", "sub-skill", "d");
    let trusted_root = t.ctx("repo/sub").with_trusted_projects([t.path("repo")]);
    assert_eq!(load_ctx(&trusted_root).skills.len(), 4);
    let trusted_cwd = t
        .ctx("repo/sub")
        .with_trusted_projects([t.path("repo/sub")]);
    assert_eq!(load_ctx(&trusted_cwd).skills.len(), 1);
}

#[test]
fn trusted_paths_compare_after_normalisation() {
    let t = Tree::new();
    project(&t);
    let ctx = t
        .ctx("repo")
        .with_trusted_projects([t.path("repo/sub/../")]);
    assert!(ctx.is_project_trusted());
}

#[cfg(unix)]
#[test]
fn trusted_paths_compare_canonically() {
    let t = Tree::new();
    project(&t);
    t.symlink(t.path("repo").to_str().unwrap(), "link-to-repo");
    let ctx = t
        .ctx("repo")
        .with_trusted_projects([t.path("link-to-repo")]);
    assert!(ctx.is_project_trusted());
}

#[test]
fn untrusted_project_roots_without_skill_directories_produce_no_warning() {
    let t = Tree::new();
    t.git("repo");
    t.skill("home/.agents/skills/u", "user-skill", "d");
    let ctx = t.ctx("repo").with_trusted_projects([t.path("elsewhere")]);
    let outcome = load_ctx(&ctx);
    assert_eq!(outcome.skills.len(), 1);
    assert_eq!(untrusted_warnings(&outcome), 0);
}

#[test]
fn untrusted_project_gates_claude_project_roots_too() {
    let t = Tree::new();
    t.git("repo");
    t.skill("repo/.claude/skills/p", "project-claude", "d");
    t.skill("home/.claude/skills/u", "user-claude", "d");
    let ctx = t.ctx("repo").with_trusted_projects([t.path("elsewhere")]);
    let outcome = load(&ctx, &[&ClaudeRoots], &LoaderOptions::default());
    assert_eq!(
        scoped_names(&outcome),
        pairs(&[("claude-user", "user-claude")])
    );
    assert_eq!(untrusted_warnings(&outcome), 1);
}

#[test]
fn home_as_cwd_keeps_user_roots_when_untrusted() {
    let t = Tree::new();
    t.skill("home/.agents/skills/u", "home-agents", "d");
    let ctx = DiscoveryContext::new(skilldeck_model::Layout::codex(), t.path("home"))
        .with_home(t.path("home/.codex"))
        .with_user_home(t.path("home"))
        .with_trusted_projects(Vec::<std::path::PathBuf>::new());
    let outcome = load_ctx(&ctx);
    assert_eq!(scoped_names(&outcome), pairs(&[("user", "home-agents")]));
    assert_eq!(untrusted_warnings(&outcome), 0);
}
