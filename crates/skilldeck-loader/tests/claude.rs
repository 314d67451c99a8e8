//! The opt-in `ClaudeRoots` provider: `.claude/skills` of the project (every directory from the
//! project root down to the cwd) and `~/.claude/skills`, each as its own scope.
mod common;

use std::path::PathBuf;

use common::{Tree, load_ctx, names, scoped_names};
use skilldeck_loader::{
    CLAUDE_PROJECT, CLAUDE_USER, ClaudeRoots, DiscoveryContext, LoaderOptions, discover_roots, load,
};
use skilldeck_model::{Layout, Scope};

fn load_with_claude(ctx: &DiscoveryContext) -> skilldeck_model::LoadOutcome {
    load(ctx, &[&ClaudeRoots], &LoaderOptions::default())
}

fn pairs(items: &[(&str, &str)]) -> Vec<(String, String)> {
    items
        .iter()
        .map(|(scope, name)| ((*scope).to_owned(), (*name).to_owned()))
        .collect()
}

#[test]
fn claude_directories_are_not_read_without_the_provider() {
    let t = Tree::new();
    t.git("repo");
    t.skill("repo/.claude/skills/p", "project-claude", "d");
    t.skill("home/.claude/skills/u", "user-claude", "d");
    assert!(load_ctx(&t.ctx("repo")).skills.is_empty());
}

#[test]
fn claude_skills_load_in_their_own_scopes() {
    let t = Tree::new();
    t.git("repo");
    t.skill("repo/.claude/skills/p", "project-claude", "d");
    t.skill("home/.claude/skills/u", "user-claude", "d");
    let outcome = load_with_claude(&t.ctx("repo"));
    assert_eq!(
        scoped_names(&outcome),
        pairs(&[
            ("claude-project", "project-claude"),
            ("claude-user", "user-claude")
        ])
    );
}

#[test]
fn claude_scopes_rank_right_after_their_native_counterparts() {
    let t = Tree::new();
    t.git("repo");
    t.skill("repo/.claude/skills/p", "a-claude-project", "d");
    t.skill("repo/.agents/skills/r", "z-repo", "d");
    t.skill("home/.claude/skills/u", "a-claude-user", "d");
    t.skill("home/.agents/skills/u", "z-user", "d");
    t.skill("etc/codex/skills/a", "a-admin", "d");
    let outcome = load_with_claude(&t.ctx("repo"));
    assert_eq!(
        names(&outcome),
        [
            "z-repo",
            "a-claude-project",
            "z-user",
            "a-claude-user",
            "a-admin"
        ]
    );
    let mut by_prompt = [
        Scope::REPO,
        Scope::USER,
        Scope::SYSTEM,
        Scope::ADMIN,
        CLAUDE_PROJECT,
        CLAUDE_USER,
    ];
    by_prompt.sort_by_key(Scope::prompt_rank);
    let order: Vec<_> = by_prompt.iter().map(Scope::name).collect();
    assert_eq!(
        order,
        [
            "system",
            "admin",
            "repo",
            "claude-project",
            "user",
            "claude-user"
        ]
    );
}

#[test]
fn every_claude_directory_from_the_project_root_to_the_cwd_is_a_root() {
    let t = Tree::new();
    t.git("repo");
    t.skill("repo/.claude/skills/top", "top", "d");
    t.skill("repo/a/.claude/skills/mid", "mid", "d");
    t.skill("repo/a/b/.claude/skills/low", "low", "d");
    t.skill("repo/a/other/.claude/skills/off", "off-path", "d");
    t.skill(".claude/skills/above", "above-the-project", "d");
    let ctx = t.ctx("repo/a/b");
    let claude_roots: Vec<PathBuf> = discover_roots(&ctx, &[&ClaudeRoots])
        .into_iter()
        .filter(|root| root.scope == CLAUDE_PROJECT)
        .map(|root| root.path)
        .collect();
    assert_eq!(
        claude_roots,
        [
            t.path("repo/.claude/skills"),
            t.path("repo/a/.claude/skills"),
            t.path("repo/a/b/.claude/skills"),
        ]
    );
    assert_eq!(names(&load_with_claude(&ctx)), ["low", "mid", "top"]);
}

#[test]
fn claude_roots_come_after_every_built_in_root() {
    let t = Tree::new();
    t.git("repo");
    t.dir("repo/.claude/skills");
    t.dir("repo/.agents/skills");
    let roots = discover_roots(&t.ctx("repo"), &[&ClaudeRoots]);
    let scopes: Vec<&str> = roots.iter().map(|root| root.scope.name()).collect();
    assert_eq!(
        scopes,
        [
            "user",
            "user",
            "system",
            "admin",
            "repo",
            "claude-user",
            "claude-project"
        ]
    );
}

#[test]
fn without_a_user_home_only_project_claude_roots_are_named() {
    let t = Tree::new();
    t.git("repo");
    t.dir("repo/.claude/skills");
    let ctx = DiscoveryContext::new(Layout::codex(), t.path("repo"));
    let roots = discover_roots(&ctx, &[&ClaudeRoots]);
    let claude: Vec<&str> = roots
        .iter()
        .filter(|root| root.scope.name().starts_with("claude"))
        .map(|root| root.scope.name())
        .collect();
    assert_eq!(claude, ["claude-project"]);
}

#[cfg(unix)]
#[test]
fn claude_directory_linked_to_agents_skills_keeps_the_repo_scope() {
    let t = Tree::new();
    t.git("repo");
    t.skill("repo/.agents/skills/pdf", "pdf", "d");
    t.symlink("../.agents/skills", "repo/.claude/skills");
    let outcome = load_with_claude(&t.ctx("repo"));
    assert_eq!(scoped_names(&outcome), pairs(&[("repo", "pdf")]));
}

#[cfg(unix)]
#[test]
fn claude_skill_linked_to_a_repo_skill_keeps_the_repo_scope() {
    let t = Tree::new();
    t.git("repo");
    t.skill("repo/.agents/skills/pdf", "pdf", "d");
    t.dir("repo/.claude/skills");
    t.symlink("../../.agents/skills/pdf", "repo/.claude/skills/pdf");
    let outcome = load_with_claude(&t.ctx("repo"));
    assert_eq!(scoped_names(&outcome), pairs(&[("repo", "pdf")]));
}

#[cfg(unix)]
#[test]
fn claude_roots_follow_directory_symlinks() {
    let t = Tree::new();
    t.git("repo");
    let target = t.skill("shared/deploy", "deploy", "d");
    t.dir("home/.claude/skills");
    t.symlink(
        t.path("shared").to_str().unwrap(),
        "home/.claude/skills/team",
    );
    let outcome = load_with_claude(&t.ctx("repo"));
    assert_eq!(scoped_names(&outcome), pairs(&[("claude-user", "deploy")]));
    assert_eq!(outcome.skills[0].path, target);
}

#[test]
fn broken_claude_skills_are_reported() {
    let t = Tree::new();
    t.git("repo");
    let broken = t.file("repo/.claude/skills/bad/SKILL.md", "no front matter\n");
    t.file("home/.claude/skills/worse/SKILL.md", "---\nname: x\n---\n");
    let outcome = load_with_claude(&t.ctx("repo"));
    assert!(outcome.skills.is_empty());
    assert_eq!(outcome.errors.len(), 2);
    assert!(outcome.errors.iter().any(|error| error.path == broken));
}

#[test]
fn home_as_cwd_keeps_the_home_claude_root_user_scoped() {
    let t = Tree::new();
    t.skill("home/.claude/skills/u", "mine", "d");
    let ctx = DiscoveryContext::new(Layout::codex(), t.path("home"))
        .with_home(t.path("home/.codex"))
        .with_user_home(t.path("home"));
    let outcome = load_with_claude(&ctx);
    assert_eq!(scoped_names(&outcome), pairs(&[("claude-user", "mine")]));
}
