//! Root discovery: spec §13.1 and errata 3.a–3.i.
mod common;

use std::path::PathBuf;

use common::{Tree, load_ctx, names, scoped_names};
use skilldeck_loader::{DiscoveryContext, RootProvider, discover_roots};
use skilldeck_model::{Layout, Scope, SkillRoot};

fn root_list(ctx: &DiscoveryContext) -> Vec<(String, PathBuf)> {
    discover_roots(ctx, &[])
        .into_iter()
        .map(|root| (root.scope.name().to_owned(), root.path))
        .collect()
}

fn sorted(mut values: Vec<String>) -> Vec<String> {
    values.sort();
    values
}

// ---- spec §13.1 -------------------------------------------------------------------------------

#[test]
fn user_layer_roots_come_before_system_and_admin() {
    let t = Tree::new();
    t.dir("work");
    let ctx = DiscoveryContext::new(Layout::codex(), t.path("work"))
        .with_home(t.path("home/codex"))
        .with_user_home(t.path("home"))
        .with_admin_dir(t.path("etc/codex"));
    assert_eq!(
        root_list(&ctx),
        vec![
            ("user".to_owned(), t.path("home/codex/skills")),
            ("user".to_owned(), t.path("home/.agents/skills")),
            ("system".to_owned(), t.path("home/codex/skills/.system")),
            ("admin".to_owned(), t.path("etc/codex/skills")),
        ]
    );
}

#[test]
fn untrusted_project_layer_contributes_the_first_root() {
    let t = Tree::new();
    t.dir("repo/.codex");
    let roots = root_list(&t.ctx("repo"));
    assert_eq!(roots[0], ("repo".to_owned(), t.path("repo/.codex/skills")));
    assert_eq!(roots[1], ("user".to_owned(), t.path("codex_home/skills")));
    assert_eq!(roots[2], ("user".to_owned(), t.path("home/.agents/skills")));
    assert_eq!(
        roots[3],
        ("system".to_owned(), t.path("codex_home/skills/.system"))
    );
}

#[test]
fn home_agents_skill_loads_with_user_scope() {
    let t = Tree::new();
    t.skill(
        "home/.agents/skills/agents-home",
        "agents-home",
        "from home",
    );
    t.dir("work");
    let outcome = load_ctx(&t.ctx("work"));
    assert_eq!(
        scoped_names(&outcome),
        [("user".to_owned(), "agents-home".to_owned())]
    );
    assert!(outcome.errors.is_empty());
}

#[test]
fn cwd_in_codex_home_without_repo_gives_user_user_system_admin() {
    let t = Tree::new();
    t.dir("codex_home");
    let scopes: Vec<String> = root_list(&t.ctx("codex_home"))
        .into_iter()
        .map(|(scope, _)| scope)
        .collect();
    assert_eq!(scopes, ["user", "user", "system", "admin"]);
}

#[test]
fn git_file_marks_a_repo_whose_codex_skills_load_as_repo() {
    let t = Tree::new();
    t.file("repo/.git", "gitdir: /nonexistent/worktree\n");
    t.skill(
        "repo/.codex/skills/repo",
        "repo-skill",
        "from repo config dir",
    );
    let outcome = load_ctx(&t.ctx("repo"));
    assert_eq!(
        scoped_names(&outcome),
        [("repo".to_owned(), "repo-skill".to_owned())]
    );
}

#[test]
fn agents_skills_of_a_git_repo_load_as_repo() {
    let t = Tree::new();
    t.git("repo");
    t.skill("repo/.agents/skills/agents", "agents-skill", "from .agents");
    let outcome = load_ctx(&t.ctx("repo"));
    assert_eq!(
        scoped_names(&outcome),
        [("repo".to_owned(), "agents-skill".to_owned())]
    );
}

#[test]
fn nested_project_config_dirs_both_load_sorted_by_name() {
    let t = Tree::new();
    t.git("repo");
    t.skill("repo/.codex/skills/root", "root-skill", "outer");
    t.skill("repo/nested/.codex/skills/nested", "nested-skill", "inner");
    t.dir("repo/nested/inner");
    let outcome = load_ctx(&t.ctx("repo/nested/inner"));
    assert_eq!(names(&outcome), ["nested-skill", "root-skill"]);
}

#[test]
fn non_git_cwd_loads_its_own_codex_skills_as_repo() {
    let t = Tree::new();
    t.skill("plain/.codex/skills/local", "local", "no git here");
    let outcome = load_ctx(&t.ctx("plain"));
    assert_eq!(
        scoped_names(&outcome),
        [("repo".to_owned(), "local".to_owned())]
    );
}

#[test]
fn search_stops_at_the_project_root() {
    let t = Tree::new();
    t.skill("outer/.codex/skills/outer", "outer", "above the repo");
    t.skill(
        "outer/.agents/skills/outer-agents",
        "outer-agents",
        "above the repo",
    );
    t.git("outer/repo");
    let outcome = load_ctx(&t.ctx("outer/repo"));
    assert!(outcome.skills.is_empty(), "{:?}", names(&outcome));
}

#[test]
fn cwd_may_be_a_regular_file() {
    let t = Tree::new();
    t.git("repo");
    t.skill("repo/.agents/skills/a", "agents-skill", "d");
    t.skill("repo/.codex/skills/c", "codex-skill", "d");
    t.file("repo/notes.txt", "not a directory");
    let outcome = load_ctx(&t.ctx("repo/notes.txt"));
    assert_eq!(names(&outcome), ["agents-skill", "codex-skill"]);
}

#[test]
fn without_a_marker_parents_are_not_searched() {
    let t = Tree::new();
    t.skill("outer/.codex/skills/outer", "outer", "d");
    t.dir("outer/nested/inner");
    let outcome = load_ctx(&t.ctx("outer/nested/inner"));
    assert!(outcome.skills.is_empty());
}

#[test]
fn system_cache_skill_loads_with_system_scope() {
    let t = Tree::new();
    t.skill(
        "codex_home/skills/.system/system",
        "system-skill",
        "bundled",
    );
    t.dir("work");
    let outcome = load_ctx(&t.ctx("work"));
    assert_eq!(
        scoped_names(&outcome),
        [("system".to_owned(), "system-skill".to_owned())]
    );
}

#[test]
fn extra_roots_load_with_user_and_repo_roots() {
    let t = Tree::new();
    t.git("repo");
    t.skill("repo/.codex/skills/r", "repo-skill", "d");
    t.skill("home/.agents/skills/u", "user-skill", "d");
    t.skill("extra/x", "extra-skill", "d");
    let ctx = t.ctx("repo").with_extra_roots([t.path("extra")]);
    let outcome = load_ctx(&ctx);
    assert_eq!(
        scoped_names(&outcome),
        [
            ("repo".to_owned(), "repo-skill".to_owned()),
            ("user".to_owned(), "extra-skill".to_owned()),
            ("user".to_owned(), "user-skill".to_owned()),
        ]
    );
}

// ---- errata 3.a–3.i ---------------------------------------------------------------------------

/// The errata 3.a tree: a git repo `outside/repo`, cwd `repo/sub/deeper`, one skill in every
/// candidate directory.
fn layered_repo(t: &Tree) {
    t.git("outside/repo");
    for dir in [
        "outside",
        "outside/repo",
        "outside/repo/sub",
        "outside/repo/sub/deeper",
    ] {
        let level = dir.rsplit('/').next().unwrap_or(dir);
        t.skill(
            &format!("{dir}/.agents/skills/s"),
            &format!("{level}-agents"),
            "d",
        );
        t.skill(
            &format!("{dir}/.codex/skills/s"),
            &format!("{level}-codex"),
            "d",
        );
    }
    t.skill("outside/repo/sibling/.agents/skills/s", "sibling", "d");
    t.skill(
        "outside/repo/sub/deeper/below/.agents/skills/s",
        "below",
        "d",
    );
    t.skill("codex_home/skills/legacy", "legacy-user", "d");
    t.skill("home/.agents/skills/ha", "home-agents", "d");
    t.skill("home/.codex/skills/hc", "home-dotcodex", "d");
}

#[test]
fn only_roots_between_project_root_and_cwd_load() {
    let t = Tree::new();
    layered_repo(&t);
    let outcome = load_ctx(&t.ctx("outside/repo/sub/deeper"));
    assert_eq!(
        scoped_names(&outcome),
        [
            ("repo", "deeper-agents"),
            ("repo", "deeper-codex"),
            ("repo", "repo-agents"),
            ("repo", "repo-codex"),
            ("repo", "sub-agents"),
            ("repo", "sub-codex"),
            ("user", "home-agents"),
            ("user", "legacy-user"),
        ]
        .map(|(scope, name)| (scope.to_owned(), name.to_owned()))
    );
}

#[test]
fn project_layers_come_closest_first_and_agents_roots_outermost_first() {
    let t = Tree::new();
    layered_repo(&t);
    let repo = t.path("outside/repo");
    let paths: Vec<PathBuf> = root_list(&t.ctx("outside/repo/sub/deeper"))
        .into_iter()
        .map(|(_, path)| path)
        .collect();
    assert_eq!(
        paths,
        [
            repo.join("sub/deeper/.codex/skills"),
            repo.join("sub/.codex/skills"),
            repo.join(".codex/skills"),
            t.path("codex_home/skills"),
            t.path("home/.agents/skills"),
            t.path("codex_home/skills/.system"),
            t.path("etc/codex/skills"),
            repo.join(".agents/skills"),
            repo.join("sub/.agents/skills"),
            repo.join("sub/deeper/.agents/skills"),
        ]
    );
}

/// `outer/inner/cwd` with `.agents` and `.codex` skills at every level; no marker.
fn three_levels(t: &Tree) {
    for dir in ["outer", "outer/inner", "outer/inner/cwd"] {
        let level = dir.rsplit('/').next().unwrap_or(dir);
        t.skill(
            &format!("{dir}/.agents/skills/s"),
            &format!("{level}-agents"),
            "d",
        );
        t.skill(
            &format!("{dir}/.codex/skills/s"),
            &format!("{level}-codex"),
            "d",
        );
    }
}

#[test]
fn without_a_marker_only_the_cwd_roots_load() {
    let t = Tree::new();
    three_levels(&t);
    let outcome = load_ctx(&t.ctx("outer/inner/cwd"));
    assert_eq!(names(&outcome), ["cwd-agents", "cwd-codex"]);
}

#[test]
fn a_git_file_is_a_marker_for_both_searches() {
    let t = Tree::new();
    three_levels(&t);
    t.file("outer/.git", "gitdir: /nonexistent/x\n");
    let outcome = load_ctx(&t.ctx("outer/inner/cwd"));
    assert_eq!(outcome.skills.len(), 6, "{:?}", names(&outcome));
}

#[test]
fn git_dir_without_head_counts_for_agents_roots_but_not_for_project_layers() {
    let t = Tree::new();
    three_levels(&t);
    t.dir("outer/.git/objects");
    let outcome = load_ctx(&t.ctx("outer/inner/cwd"));
    assert_eq!(
        names(&outcome),
        ["cwd-agents", "cwd-codex", "inner-agents", "outer-agents"]
    );
}

#[test]
fn custom_project_root_markers_replace_git() {
    let t = Tree::new();
    three_levels(&t);
    t.dir("outer/.hg");
    t.git("outer/inner");
    let ctx = t.ctx("outer/inner/cwd").with_project_root_markers([".hg"]);
    let outcome = load_ctx(&ctx);
    assert_eq!(outcome.skills.len(), 6, "{:?}", names(&outcome));
}

#[test]
fn empty_project_root_markers_make_the_cwd_the_project_root() {
    let t = Tree::new();
    three_levels(&t);
    t.git("outer");
    let ctx = t
        .ctx("outer/inner/cwd")
        .with_project_root_markers(Vec::<String>::new());
    let outcome = load_ctx(&ctx);
    assert_eq!(names(&outcome), ["cwd-agents", "cwd-codex"]);
}

#[test]
fn home_as_cwd_keeps_home_roots_user_scoped() {
    let t = Tree::new();
    t.git("home");
    t.skill("home/.agents/skills/ha", "home-agents", "d");
    t.skill("home/.codex/skills/hc", "home-dotcodex", "d");
    let ctx = DiscoveryContext::new(Layout::codex(), t.path("home"))
        .with_home(t.path("home/.codex"))
        .with_user_home(t.path("home"))
        .with_admin_dir(t.path("etc/codex"));
    let outcome = load_ctx(&ctx);
    assert_eq!(
        scoped_names(&outcome),
        [("user", "home-agents"), ("user", "home-dotcodex")]
            .map(|(scope, name)| (scope.to_owned(), name.to_owned()))
    );
    let roots: Vec<PathBuf> = root_list(&ctx).into_iter().map(|(_, path)| path).collect();
    assert_eq!(
        roots[..3],
        [
            t.path("home/.codex/skills"),
            t.path("home/.agents/skills"),
            t.path("home/.codex/skills/.system"),
        ]
    );
}

#[test]
fn disabled_bundled_skills_drop_the_system_root() {
    let t = Tree::new();
    t.skill("codex_home/skills/.system/stale", "stale-system", "d");
    t.file("codex_home/skills/.system/.codex-system-skills.marker", "x");
    t.skill("codex_home/skills/mine", "mine", "d");
    t.dir("work");
    let outcome = load_ctx(&t.ctx("work").with_bundled_enabled(false));
    assert_eq!(names(&outcome), ["mine"]);
    assert!(outcome.roots.iter().all(|root| root.scope != Scope::SYSTEM));
}

#[test]
fn unknown_user_home_skips_the_home_agents_root() {
    let t = Tree::new();
    t.dir("work");
    let ctx =
        DiscoveryContext::new(Layout::codex(), t.path("work")).with_home(t.path("codex_home"));
    let roots = root_list(&ctx);
    assert!(
        roots
            .iter()
            .all(|(_, path)| !path.ends_with(".agents/skills")),
        "{roots:?}"
    );
}

#[test]
fn skilldeck_layout_reads_its_own_dirs_and_the_shared_agents_dirs() {
    let t = Tree::new();
    t.git("repo");
    t.skill("repo/.skilldeck/skills/own", "own", "d");
    t.skill("repo/.codex/skills/codex-only", "codex-only", "d");
    t.skill("repo/.agents/skills/shared", "shared", "d");
    let ctx = DiscoveryContext::new(Layout::skilldeck(), t.path("repo"))
        .with_home(t.path("skilldeck_home"))
        .with_admin_dir(t.path("etc/skilldeck"));
    assert_eq!(names(&load_ctx(&ctx)), ["own", "shared"]);
}

struct Fixed(Vec<SkillRoot>);

impl RootProvider for Fixed {
    fn roots(&self, _ctx: &DiscoveryContext) -> Vec<SkillRoot> {
        self.0.clone()
    }
}

#[test]
fn provider_roots_come_after_extra_roots_and_before_repo_agents_roots() {
    let t = Tree::new();
    t.git("repo");
    t.dir("repo/.agents/skills");
    let ctx = t.ctx("repo").with_extra_roots([t.path("extra")]);
    let provider = Fixed(vec![SkillRoot::new(t.path("plugin/skills"), Scope::USER)]);
    let paths: Vec<PathBuf> = discover_roots(&ctx, &[&provider])
        .into_iter()
        .map(|root| root.path)
        .collect();
    let extra = paths.iter().position(|p| *p == t.path("extra"));
    let plugin = paths.iter().position(|p| *p == t.path("plugin/skills"));
    let agents = paths
        .iter()
        .position(|p| *p == t.path("repo/.agents/skills"));
    assert!(extra < plugin && plugin < agents, "{paths:?}");
}

#[test]
fn roots_resolving_to_the_same_directory_are_kept_once() {
    let t = Tree::new();
    t.dir("work");
    let ctx = t
        .ctx("work")
        .with_extra_roots([t.path("codex_home/skills"), t.path("extra")]);
    let roots = root_list(&ctx);
    let count = roots
        .iter()
        .filter(|(_, path)| *path == t.path("codex_home/skills"))
        .count();
    assert_eq!(count, 1);
    let sorted_scopes = sorted(roots.into_iter().map(|(scope, _)| scope).collect());
    assert_eq!(sorted_scopes, ["admin", "system", "user", "user", "user"]);
}

#[test]
fn relative_segments_in_the_cwd_are_normalised() {
    let t = Tree::new();
    t.git("repo");
    t.skill("repo/.agents/skills/a", "agents-skill", "d");
    t.dir("repo/sub");
    let cwd = t.path("repo/sub/../sub/./");
    let ctx = DiscoveryContext::new(Layout::codex(), cwd);
    assert_eq!(ctx.cwd, t.path("repo/sub"));
    assert_eq!(names(&load_ctx(&ctx)), ["agents-skill"]);
}
