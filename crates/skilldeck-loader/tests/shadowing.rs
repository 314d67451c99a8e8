//! "Closest scope wins" (`LoaderOptions::shadow_duplicate_names`): off, every duplicate is
//! listed as in Codex; on, one skill per name survives and each dropped one is reported.
mod common;

use common::{Tree, load_ctx, scoped_names};
use skilldeck_loader::{LoaderOptions, SHADOWED_CODE, load};
use skilldeck_model::{LoadOutcome, Severity};

fn shadowing() -> LoaderOptions {
    LoaderOptions {
        shadow_duplicate_names: true,
        ..LoaderOptions::codex()
    }
}

fn shadowed(outcome: &LoadOutcome) -> Vec<&skilldeck_model::Diagnostic> {
    outcome
        .diagnostics
        .iter()
        .filter(|diagnostic| diagnostic.code == SHADOWED_CODE)
        .collect()
}

fn pairs(items: &[(&str, &str)]) -> Vec<(String, String)> {
    items
        .iter()
        .map(|(scope, name)| ((*scope).to_owned(), (*name).to_owned()))
        .collect()
}

/// `pdf` in the repository, in `~/.agents/skills` and in the admin root; `other` once.
fn duplicated(t: &Tree) {
    t.git("repo");
    t.skill("repo/.agents/skills/pdf", "pdf", "repo copy");
    t.skill("home/.agents/skills/pdf", "pdf", "user copy");
    t.skill("etc/codex/skills/pdf", "pdf", "admin copy");
    t.skill("home/.agents/skills/other", "other", "d");
}

#[test]
fn duplicates_are_all_listed_in_codex_profile() {
    let t = Tree::new();
    duplicated(&t);
    let outcome = load_ctx(&t.ctx("repo"));
    assert_eq!(
        scoped_names(&outcome),
        pairs(&[
            ("repo", "pdf"),
            ("user", "other"),
            ("user", "pdf"),
            ("admin", "pdf")
        ])
    );
    assert!(shadowed(&outcome).is_empty());
}

#[test]
fn closest_scope_wins_when_shadowing() {
    let t = Tree::new();
    duplicated(&t);
    let outcome = load(&t.ctx("repo"), &[], &shadowing());
    assert_eq!(
        scoped_names(&outcome),
        pairs(&[("repo", "pdf"), ("user", "other")])
    );
    assert_eq!(outcome.skills[0].description, "repo copy");
}

#[test]
fn each_shadowed_skill_is_reported_with_its_winner() {
    let t = Tree::new();
    duplicated(&t);
    let outcome = load(&t.ctx("repo"), &[], &shadowing());
    let found = shadowed(&outcome);
    assert_eq!(found.len(), 2);
    assert_eq!(found[0].severity, Severity::Warning);
    assert_eq!(
        found[0].path.as_deref(),
        Some(t.path("home/.agents/skills/pdf/SKILL.md").as_path())
    );
    assert_eq!(
        found[0].message,
        format!(
            "skill `pdf` (user scope) is shadowed by `pdf` at {} (repo scope) and not loaded",
            t.path("repo/.agents/skills/pdf/SKILL.md").display()
        )
    );
    assert_eq!(
        found[1].path.as_deref(),
        Some(t.path("etc/codex/skills/pdf/SKILL.md").as_path())
    );
}

#[test]
fn the_repository_root_closest_to_the_cwd_wins() {
    let t = Tree::new();
    t.git("repo");
    t.skill("repo/.agents/skills/pdf", "pdf", "outer");
    t.skill("repo/a/.agents/skills/pdf", "pdf", "middle");
    t.skill("repo/a/b/.agents/skills/pdf", "pdf", "inner");
    let outcome = load(&t.ctx("repo/a/b"), &[], &shadowing());
    assert_eq!(outcome.skills.len(), 1);
    assert_eq!(outcome.skills[0].description, "inner");
    assert_eq!(shadowed(&outcome).len(), 2);
}

#[test]
fn project_config_skills_win_over_agents_skills_of_the_same_directory() {
    let t = Tree::new();
    t.git("repo");
    t.skill("repo/.agents/skills/pdf", "pdf", "agents");
    t.skill("repo/.codex/skills/pdf", "pdf", "codex");
    let outcome = load(&t.ctx("repo"), &[], &shadowing());
    assert_eq!(outcome.skills.len(), 1);
    assert_eq!(outcome.skills[0].description, "codex");
}

#[test]
fn a_closer_agents_root_wins_over_an_outer_project_config_root() {
    let t = Tree::new();
    t.git("repo");
    t.skill("repo/.codex/skills/pdf", "pdf", "outer codex");
    t.skill("repo/sub/.agents/skills/pdf", "pdf", "inner agents");
    let outcome = load(&t.ctx("repo/sub"), &[], &shadowing());
    assert_eq!(outcome.skills.len(), 1);
    assert_eq!(outcome.skills[0].description, "inner agents");
}

#[test]
fn the_first_user_root_wins_whatever_its_depth() {
    let t = Tree::new();
    t.dir("work");
    t.skill("codex_home/skills/pdf", "pdf", "tool home");
    t.skill("home/.agents/skills/pdf", "pdf", "agents home");
    let outcome = load(&t.ctx("work"), &[], &shadowing());
    assert_eq!(outcome.skills.len(), 1);
    assert_eq!(outcome.skills[0].description, "tool home");
}

#[test]
fn duplicates_within_one_root_keep_the_shallowest() {
    let t = Tree::new();
    t.git("repo");
    t.skill("repo/.agents/skills/z-pdf", "pdf", "shallow");
    t.skill("repo/.agents/skills/a/pdf", "pdf", "deep");
    let outcome = load(&t.ctx("repo"), &[], &shadowing());
    assert_eq!(outcome.skills.len(), 1);
    assert_eq!(outcome.skills[0].description, "shallow");
}

#[test]
fn shadowing_keeps_the_loader_order_of_the_survivors() {
    let t = Tree::new();
    duplicated(&t);
    t.skill("repo/.agents/skills/zeta", "zeta", "d");
    let outcome = load(&t.ctx("repo"), &[], &shadowing());
    assert_eq!(
        scoped_names(&outcome),
        pairs(&[("repo", "pdf"), ("repo", "zeta"), ("user", "other")])
    );
}
