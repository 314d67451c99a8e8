//! Scanning one root: spec §13.2 and errata 4.a–4.p (limits, order, symlinks, hidden entries).
mod common;

use std::path::{Path, PathBuf};

use common::{Tree, load_ctx, load_repo_root, load_root, messages, names, scoped_names};
use skilldeck_loader::{LoaderOptions, load_roots};
use skilldeck_model::{Scope, SkillRoot};

fn walked_paths(outcome: &skilldeck_model::LoadOutcome) -> Vec<PathBuf> {
    outcome
        .skills
        .iter()
        .map(|skill| skill.walked_path.clone())
        .collect()
}

fn has_limit_diagnostic(outcome: &skilldeck_model::LoadOutcome) -> bool {
    outcome
        .diagnostics
        .iter()
        .any(|diagnostic| diagnostic.code == "scan.limit")
}

// ---- spec §13.2 -------------------------------------------------------------------------------

#[test]
fn two_skills_under_one_root_both_load() {
    let t = Tree::new();
    t.skill("r/alpha", "alpha", "first");
    t.skill("r/beta", "beta", "second");
    let outcome = load_repo_root(&t.path("r"));
    assert_eq!(names(&outcome), ["alpha", "beta"]);
    assert!(outcome.errors.is_empty() && outcome.diagnostics.is_empty());
}

#[cfg(unix)]
#[test]
fn symlinked_directory_in_a_user_root_loads_with_the_target_path() {
    let t = Tree::new();
    let target = t.skill("external/demo", "demo", "outside the root");
    t.dir("codex_home/skills");
    t.symlink(
        t.path("external").to_str().unwrap(),
        "codex_home/skills/shared",
    );
    t.dir("work");
    let outcome = load_ctx(&t.ctx("work"));
    assert_eq!(outcome.skills.len(), 1);
    assert_eq!(outcome.skills[0].path, target);
    assert_eq!(outcome.skills[0].scope, Scope::USER);
    assert_eq!(
        outcome.skills[0].walked_path,
        Path::new("shared/demo/SKILL.md")
    );
}

#[cfg(unix)]
#[test]
fn hidden_directory_loads_once_through_a_visible_symlink() {
    let t = Tree::new();
    let real = t.skill("r/.hidden/search", "search", "hidden but aliased");
    t.symlink(".hidden", "r/visible");
    let outcome = load_repo_root(&t.path("r"));
    assert_eq!(names(&outcome), ["search"]);
    assert_eq!(outcome.skills[0].path, real);
    assert_eq!(
        outcome.skills[0].walked_path,
        Path::new("visible/search/SKILL.md")
    );
}

#[cfg(unix)]
#[test]
fn symlinked_skill_file_is_ignored_without_an_error() {
    let t = Tree::new();
    t.skill("elsewhere/real", "real", "target of a file link");
    t.dir("r/demo");
    t.symlink(
        t.path("elsewhere/real/SKILL.md").to_str().unwrap(),
        "r/demo/SKILL.md",
    );
    let outcome = load_repo_root(&t.path("r"));
    assert!(outcome.skills.is_empty());
    assert!(outcome.errors.is_empty());
}

#[cfg(unix)]
#[test]
fn symlink_cycle_terminates_with_one_skill() {
    let t = Tree::new();
    t.skill("r/cycle/demo", "demo", "inside a cycle");
    t.symlink(t.path("r/cycle").to_str().unwrap(), "r/cycle/loop");
    let outcome = load_repo_root(&t.path("r"));
    assert_eq!(names(&outcome), ["demo"]);
}

#[cfg(unix)]
#[test]
fn admin_root_follows_directory_symlinks() {
    let t = Tree::new();
    t.skill("external/admin-linked", "admin-linked", "d");
    t.dir("etc/codex/skills");
    t.symlink(
        t.path("external").to_str().unwrap(),
        "etc/codex/skills/shared",
    );
    t.dir("work");
    let outcome = load_ctx(&t.ctx("work"));
    assert_eq!(
        scoped_names(&outcome),
        [("admin".to_owned(), "admin-linked".to_owned())]
    );
}

#[cfg(unix)]
#[test]
fn repo_codex_skills_follow_directory_symlinks() {
    let t = Tree::new();
    t.git("repo");
    t.skill("external/repo-linked", "repo-linked", "d");
    t.dir("repo/.codex/skills");
    t.symlink(
        t.path("external").to_str().unwrap(),
        "repo/.codex/skills/shared",
    );
    let outcome = load_ctx(&t.ctx("repo"));
    assert_eq!(
        scoped_names(&outcome),
        [("repo".to_owned(), "repo-linked".to_owned())]
    );
}

#[cfg(unix)]
#[test]
fn system_root_does_not_follow_directory_symlinks() {
    let t = Tree::new();
    t.skill("external/sysext", "sysext", "d");
    t.file("external/broken/SKILL.md", "no front matter");
    t.dir("codex_home/skills/.system");
    t.symlink(
        t.path("external").to_str().unwrap(),
        "codex_home/skills/.system/linked",
    );
    t.dir("work");
    let outcome = load_ctx(&t.ctx("work"));
    assert!(outcome.skills.is_empty());
    assert!(outcome.errors.is_empty());
}

#[test]
fn skill_six_levels_below_the_root_loads_and_seven_does_not() {
    let t = Tree::new();
    t.skill("r/d0/d1/d2/d3/d4/d5", "depth-six", "d");
    t.skill("r/d0/d1/d2/d3/d4/d5/d6", "depth-seven", "d");
    let outcome = load_repo_root(&t.path("r"));
    assert_eq!(names(&outcome), ["depth-six"]);
    assert!(outcome.errors.is_empty());
}

#[test]
fn hidden_skill_is_ignored_and_unclosed_front_matter_is_one_error() {
    let t = Tree::new();
    t.skill("r/.hidden", "hidden", "d");
    let broken = t.file("r/invalid/SKILL.md", "---\nname: bad\n");
    let outcome = load_repo_root(&t.path("r"));
    assert!(outcome.skills.is_empty());
    assert_eq!(outcome.errors.len(), 1);
    assert_eq!(outcome.errors[0].path, broken);
    assert!(
        outcome.errors[0]
            .message
            .contains("missing YAML frontmatter")
    );
}

#[test]
fn same_directory_given_twice_loads_one_skill_with_the_first_scope() {
    let t = Tree::new();
    t.skill("r/dup", "dup", "d");
    let outcome = load_roots(
        &[
            SkillRoot::new(t.path("r"), Scope::REPO),
            SkillRoot::new(t.path("r"), Scope::USER),
        ],
        &LoaderOptions::default(),
    );
    assert_eq!(
        scoped_names(&outcome),
        [("repo".to_owned(), "dup".to_owned())]
    );
    assert_eq!(outcome.roots.len(), 1);
}

// ---- errata 4.a–4.p ---------------------------------------------------------------------------

#[cfg(unix)]
#[test]
fn roots_and_skill_paths_are_canonical() {
    let t = Tree::new();
    let skill = t.skill("shared-user/one", "one", "d");
    t.symlink("../../shared-user", "home/.agents/skills");
    t.dir("work");
    let outcome = load_ctx(&t.ctx("work"));
    assert_eq!(outcome.skills[0].path, skill);
    assert_eq!(outcome.skills[0].root, t.path("shared-user"));
    assert!(
        outcome
            .roots
            .iter()
            .any(|root| root.path == t.path("shared-user"))
    );
}

#[cfg(unix)]
#[test]
fn relative_and_absolute_directory_symlinks_are_followed() {
    let t = Tree::new();
    t.skill("elsewhere/linked-rel", "linked-rel", "d");
    t.skill("elsewhere/linked-abs", "linked-abs", "d");
    t.skill("pack/one", "pack-one", "d");
    t.skill("pack/two", "pack-two", "d");
    t.symlink("../elsewhere/linked-rel", "r/linkdir-rel");
    t.symlink(
        t.path("elsewhere/linked-abs").to_str().unwrap(),
        "r/linkdir-abs",
    );
    t.symlink("../pack", "r/packlink");
    let outcome = load_repo_root(&t.path("r"));
    assert_eq!(
        names(&outcome),
        ["linked-abs", "linked-rel", "pack-one", "pack-two"]
    );
}

#[cfg(unix)]
#[test]
fn dangling_links_and_cycles_are_harmless() {
    let t = Tree::new();
    t.skill("r/cyc", "cyc", "d");
    t.symlink(".", "r/cyc/loop");
    t.symlink("../missing", "r/dangling");
    let outcome = load_repo_root(&t.path("r"));
    assert_eq!(names(&outcome), ["cyc"]);
    assert!(outcome.errors.is_empty());
}

#[test]
fn depth_counts_directory_levels_below_the_root() {
    let t = Tree::new();
    t.skill("r", "at-root", "d");
    t.skill("r/d1/d2/d3/d4/d5", "depth5", "d");
    t.skill("r/e1/e2/e3/e4/e5/e6", "depth6", "d");
    t.skill("r/f1/f2/f3/f4/f5/f6/f7", "depth7", "d");
    let outcome = load_repo_root(&t.path("r"));
    assert_eq!(names(&outcome), ["at-root", "depth5", "depth6"]);
    assert!(outcome.errors.is_empty());
}

#[test]
fn skill_nested_in_another_skill_folder_loads_independently() {
    let t = Tree::new();
    t.skill("r/outer", "outer", "d");
    t.skill("r/outer/inner", "inner", "d");
    t.file(
        "r/outer/inner/agents/openai.yaml",
        "interface:\n  display_name: Inner Skill\n",
    );
    let outcome = load_repo_root(&t.path("r"));
    assert_eq!(names(&outcome), ["inner", "outer"]);
    let inner = &outcome.skills[0];
    assert_eq!(
        inner
            .interface
            .as_ref()
            .and_then(|i| i.display_name.as_deref()),
        Some("Inner Skill")
    );
}

#[test]
fn directory_limit_keeps_1999_subdirectories_plus_the_root() {
    let t = Tree::new();
    for index in 0..2_500 {
        t.skill(
            &format!("r/stress-{index:04}"),
            &format!("stress-{index:04}"),
            "d",
        );
    }
    let outcome = load_repo_root(&t.path("r"));
    assert_eq!(outcome.skills.len(), 1_999);
    assert_eq!(outcome.skills[0].name, "stress-0000");
    assert_eq!(outcome.skills[1_998].name, "stress-1998");
    assert!(outcome.errors.is_empty());
    assert!(has_limit_diagnostic(&outcome));
}

#[test]
fn directory_limit_cuts_breadth_first_in_name_order() {
    let t = Tree::new();
    t.skill("r/0first/d", "first-d", "d");
    t.skill("r/b", "b", "d");
    t.skill("r/a/zz-skill", "zz", "d");
    for index in 0..5 {
        t.dir(&format!("r/a/e{index:04}"));
    }
    // root + 0first, a, b + 0first/d + a/e0000…e0004 = 10 directories; a/zz-skill is the 11th.
    let options = LoaderOptions::default().with_limits(6, 10, 20_000);
    let outcome = load_root(&t.path("r"), Scope::REPO, &options);
    assert_eq!(names(&outcome), ["b", "first-d"]);
    assert!(has_limit_diagnostic(&outcome));
}

#[test]
fn entry_limit_cuts_breadth_first_in_name_order() {
    let t = Tree::new();
    for index in 0..4 {
        t.skill(&format!("r/s{index}"), &format!("s{index}"), "d");
        t.file(&format!("r/s{index}/f00.txt"), "x");
        t.file(&format!("r/s{index}/f01.txt"), "x");
    }
    // 4 level-one entries + s0's 3 entries + s1's SKILL.md (it sorts before f00.txt) = 8.
    let options = LoaderOptions::default().with_limits(6, 2_000, 8);
    let outcome = load_root(&t.path("r"), Scope::REPO, &options);
    assert_eq!(names(&outcome), ["s0", "s1"]);
    assert!(outcome.errors.is_empty());
    assert!(has_limit_diagnostic(&outcome));
}

#[test]
fn limits_apply_per_root() {
    let t = Tree::new();
    for root in ["r1", "r2"] {
        for index in 0..3 {
            t.skill(
                &format!("{root}/s{index}"),
                &format!("{root}-s{index}"),
                "d",
            );
        }
    }
    let options = LoaderOptions::default().with_limits(6, 3, 20_000);
    let outcome = load_roots(
        &[
            SkillRoot::new(t.path("r1"), Scope::REPO),
            SkillRoot::new(t.path("r2"), Scope::REPO),
        ],
        &options,
    );
    assert_eq!(names(&outcome), ["r1-s0", "r1-s1", "r2-s0", "r2-s1"]);
    let limits = outcome
        .diagnostics
        .iter()
        .filter(|diagnostic| diagnostic.code == "scan.limit")
        .count();
    assert_eq!(limits, 2);
}

#[test]
fn metadata_is_read_even_when_the_walk_is_truncated() {
    let t = Tree::new();
    for index in 0..3 {
        t.skill(&format!("r/s{index}"), &format!("s{index}"), "d");
        t.file(
            &format!("r/s{index}/agents/openai.yaml"),
            format!("interface:\n  display_name: Skill {index}\n"),
        );
    }
    // The root and the three skill folders use the whole budget: no `agents/` is read.
    let options = LoaderOptions::default().with_limits(6, 4, 20_000);
    let outcome = load_root(&t.path("r"), Scope::REPO, &options);
    assert_eq!(outcome.skills.len(), 3);
    assert!(outcome.skills.iter().all(|skill| skill.interface.is_some()));
    assert!(has_limit_diagnostic(&outcome));
}

#[cfg(unix)]
#[test]
fn hidden_entries_follow_codex_rules() {
    let t = Tree::new();
    t.skill("r/.hidden", "hidden-top", "d");
    t.skill("r/.hidden/inner", "hidden-inner", "d");
    t.symlink(".hidden", "r/visible-link");
    t.skill("r/.secret/s", "secret", "d");
    t.skill("r/vis/.dot/x", "dot", "d");
    t.skill("r/normal", "normal", "d");
    t.file(
        "r/normal/.git/SKILL.md",
        "---\nname: in-git\ndescription: d\n---\n",
    );
    let outcome = load_repo_root(&t.path("r"));
    assert_eq!(names(&outcome), ["hidden-inner", "hidden-top", "normal"]);
    assert_eq!(outcome.skills[0].path, t.path("r/.hidden/inner/SKILL.md"));
    assert_eq!(
        outcome.skills[0].walked_path,
        Path::new("visible-link/inner/SKILL.md")
    );
}

#[test]
fn a_hidden_root_is_scanned() {
    let t = Tree::new();
    t.skill("r/.hidden-root/s", "in-hidden-root", "d");
    let outcome = load_repo_root(&t.path("r/.hidden-root"));
    assert_eq!(names(&outcome), ["in-hidden-root"]);
}

#[test]
fn only_the_exact_name_skill_md_counts() {
    let t = Tree::new();
    t.file(
        "r/lower/skill.md",
        "---\nname: lower\ndescription: d\n---\n",
    );
    t.file(
        "r/upper/SKILL.MD",
        "---\nname: upper\ndescription: d\n---\n",
    );
    t.file("r/dot/.SKILL.md", "---\nname: dot\ndescription: d\n---\n");
    let outcome = load_repo_root(&t.path("r"));
    assert!(outcome.skills.is_empty() && outcome.errors.is_empty());
}

#[cfg(unix)]
#[test]
fn a_skill_reached_from_two_roots_keeps_the_first_root() {
    let t = Tree::new();
    t.git("repo");
    t.skill("home/.agents/skills/shared", "shared", "d");
    t.dir("repo/.agents/skills");
    t.symlink(
        t.path("home/.agents/skills/shared").to_str().unwrap(),
        "repo/.agents/skills/repo-view",
    );
    let outcome = load_ctx(&t.ctx("repo"));
    assert_eq!(
        scoped_names(&outcome),
        [("user".to_owned(), "shared".to_owned())]
    );
}

#[cfg(unix)]
#[test]
fn two_aliases_in_one_root_keep_the_first_walked_path() {
    let t = Tree::new();
    t.skill("target/one", "one", "d");
    t.symlink("../target", "r/alias-b");
    t.symlink("../target", "r/alias-a");
    let outcome = load_repo_root(&t.path("r"));
    assert_eq!(names(&outcome), ["one"]);
    assert_eq!(
        walked_paths(&outcome),
        [PathBuf::from("alias-a/one/SKILL.md")]
    );
}

#[test]
fn loader_order_is_scope_then_name_bytes_then_path_by_component() {
    let t = Tree::new();
    t.git("repo");
    for (dir, name) in [
        ("tilde", "~tilde"),
        ("eclair", "éclair"),
        ("alpha", "alpha"),
        ("b-c", "same"),
        ("b/c", "same"),
        ("under", "_under"),
        ("zed", "Zed"),
        ("lives", "9lives"),
        ("dash", "-dash"),
    ] {
        t.skill(&format!("repo/.agents/skills/{dir}"), name, "d");
    }
    t.skill("home/.agents/skills/u", "aaa-user", "d");
    t.skill("codex_home/skills/.system/s", "aaa-system", "d");
    let outcome = load_ctx(&t.ctx("repo"));
    assert_eq!(
        names(&outcome),
        [
            "-dash",
            "9lives",
            "Zed",
            "_under",
            "alpha",
            "same",
            "same",
            "~tilde",
            "éclair",
            "aaa-user",
            "aaa-system",
        ]
    );
    assert_eq!(outcome.skills[5].walked_path, Path::new("b/c/SKILL.md"));
    assert_eq!(outcome.skills[6].walked_path, Path::new("b-c/SKILL.md"));
}

#[test]
fn errors_come_in_root_order() {
    let t = Tree::new();
    t.git("repo");
    t.file("codex_home/skills/bad-legacy/SKILL.md", "no front matter");
    t.file("home/.agents/skills/bad-home/SKILL.md", "no front matter");
    t.file("repo/.agents/skills/bad-repo-b/SKILL.md", "no front matter");
    t.file("repo/.agents/skills/bad-repo-a/SKILL.md", "no front matter");
    let outcome = load_ctx(&t.ctx("repo"));
    let paths: Vec<PathBuf> = outcome.errors.iter().map(|e| e.path.clone()).collect();
    assert_eq!(
        paths,
        [
            t.path("codex_home/skills/bad-legacy/SKILL.md"),
            t.path("home/.agents/skills/bad-home/SKILL.md"),
            t.path("repo/.agents/skills/bad-repo-a/SKILL.md"),
            t.path("repo/.agents/skills/bad-repo-b/SKILL.md"),
        ]
    );
    assert!(
        messages(&outcome)
            .iter()
            .all(|m| m == "missing YAML frontmatter delimited by ---")
    );
}

#[test]
fn errors_within_a_root_follow_the_walk_order() {
    let t = Tree::new();
    t.file("r/a/deep/SKILL.md", "no front matter");
    t.file("r/b/SKILL.md", "no front matter");
    let outcome = load_repo_root(&t.path("r"));
    let paths: Vec<PathBuf> = outcome.errors.iter().map(|e| e.path.clone()).collect();
    // Breadth-first, as Codex reports them: level one (`b`) before level two (`a/deep`).
    assert_eq!(paths, [t.path("r/b/SKILL.md"), t.path("r/a/deep/SKILL.md")]);
}

#[test]
fn system_scope_failures_are_silent() {
    let t = Tree::new();
    t.file(
        "codex_home/skills/.system/broken/SKILL.md",
        "---\nname: broken\n---\n",
    );
    t.dir("work");
    let outcome = load_ctx(&t.ctx("work"));
    assert!(outcome.skills.is_empty() && outcome.errors.is_empty());
}

#[test]
fn roots_lists_every_scanned_root_in_order() {
    let t = Tree::new();
    t.skill("a/x", "x", "d");
    t.dir("b");
    let outcome = load_roots(
        &[
            SkillRoot::new(t.path("b"), Scope::USER),
            SkillRoot::new(t.path("a"), Scope::REPO),
        ],
        &LoaderOptions::default(),
    );
    let roots: Vec<PathBuf> = outcome.roots.iter().map(|r| r.path.clone()).collect();
    assert_eq!(roots, [t.path("b"), t.path("a")]);
    let owning: Vec<PathBuf> = outcome.skill_roots().map(|r| r.path.clone()).collect();
    assert_eq!(owning, [t.path("a")]);
}

// ---- Roots that exist but cannot be walked: a warning naming them, nothing else changes ----

fn root_codes(outcome: &skilldeck_model::LoadOutcome) -> Vec<(&str, PathBuf)> {
    outcome
        .diagnostics
        .iter()
        .map(|d| (d.code.as_ref(), d.path.clone().unwrap_or_default()))
        .collect()
}

#[cfg(unix)]
#[test]
fn dangling_symlink_root_is_named_in_a_warning_and_spoils_nothing() {
    let t = Tree::new();
    t.skill("good/a", "a", "d");
    let dangling = t.symlink("missing-target", "dangling");
    let roots = [
        SkillRoot::new(&dangling, Scope::USER),
        SkillRoot::new(t.path("good"), Scope::REPO),
    ];
    let outcome = load_roots(&roots, &LoaderOptions::default());
    assert_eq!(names(&outcome), ["a"]);
    assert!(outcome.errors.is_empty());
    assert_eq!(
        root_codes(&outcome),
        [(skilldeck_loader::ROOT_DANGLING_CODE, dangling)]
    );
    assert_eq!(skilldeck_loader::ROOT_DANGLING_CODE, "root.dangling");
}

#[test]
fn file_root_is_named_in_a_warning_and_spoils_nothing() {
    let t = Tree::new();
    t.skill("good/a", "a", "d");
    let file = t.file("not-a-dir", "---\nname: f\ndescription: d\n---\n");
    let roots = [
        SkillRoot::new(&file, Scope::USER),
        SkillRoot::new(t.path("good"), Scope::REPO),
    ];
    let outcome = load_roots(&roots, &LoaderOptions::default());
    assert_eq!(names(&outcome), ["a"]);
    assert!(outcome.errors.is_empty());
    assert_eq!(
        root_codes(&outcome),
        [(
            skilldeck_loader::ROOT_NOT_A_DIRECTORY_CODE,
            dunce::canonicalize(&file).unwrap()
        )]
    );
    assert_eq!(
        skilldeck_loader::ROOT_NOT_A_DIRECTORY_CODE,
        "root.not_a_directory"
    );
}

#[test]
fn missing_root_stays_silent() {
    let t = Tree::new();
    t.skill("good/a", "a", "d");
    let roots = [
        SkillRoot::new(t.path("nothing-here"), Scope::USER),
        SkillRoot::new(t.path("good"), Scope::REPO),
    ];
    let outcome = load_roots(&roots, &LoaderOptions::default());
    assert_eq!(names(&outcome), ["a"]);
    assert!(outcome.diagnostics.is_empty(), "{:?}", outcome.diagnostics);
}
