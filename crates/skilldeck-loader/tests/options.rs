//! The opt-in fixes of `LoaderOptions`, each tested on and off, and the two presets: `codex()`
//! changes nothing, `skilldeck()` turns on exactly the safe fixes.
mod common;

use std::path::Path;

use common::{Tree, load_ctx, load_repo_root, load_root, names};
use skilldeck_loader::{LoaderOptions, load};
use skilldeck_model::{LoadOutcome, Scope};

fn with(change: impl FnOnce(&mut LoaderOptions)) -> LoaderOptions {
    let mut options = LoaderOptions::codex();
    change(&mut options);
    options
}

fn candidate_names(outcome: &LoadOutcome) -> Vec<&str> {
    outcome
        .implicit_candidates()
        .map(|skill| skill.name.as_str())
        .collect()
}

fn enabled_names(outcome: &LoadOutcome) -> Vec<&str> {
    outcome
        .enabled_skills()
        .map(|skill| skill.name.as_str())
        .collect()
}

// ---- presets ----------------------------------------------------------------------------------

#[test]
fn codex_preset_is_the_default() {
    assert_eq!(LoaderOptions::codex(), LoaderOptions::default());
}

#[test]
fn codex_preset_turns_every_fix_off() {
    let options = LoaderOptions::codex();
    assert!(!options.follow_skill_file_symlinks);
    assert!(!options.honour_disable_model_invocation);
    assert!(!options.skip_dependency_dirs);
    assert!(!options.stop_at_skill_dirs);
    assert!(!options.shadow_duplicate_names);
}

#[test]
fn skilldeck_preset_turns_on_only_the_safe_fixes() {
    let expected = with(|o| {
        o.follow_skill_file_symlinks = true;
        o.honour_disable_model_invocation = true;
        o.skip_dependency_dirs = true;
    });
    assert_eq!(LoaderOptions::skilldeck(), expected);
}

// ---- follow_skill_file_symlinks ---------------------------------------------------------------

/// `r/demo/SKILL.md` → `elsewhere/real/SKILL.md`.
#[cfg(unix)]
fn linked_skill_file(t: &Tree, root: &str) -> std::path::PathBuf {
    let target = t.skill("elsewhere/real", "real", "d");
    t.dir(&format!("{root}/demo"));
    t.symlink(target.to_str().unwrap(), &format!("{root}/demo/SKILL.md"));
    target
}

#[cfg(unix)]
#[test]
fn symlinked_skill_file_is_ignored_in_codex_profile() {
    let t = Tree::new();
    linked_skill_file(&t, "r");
    let outcome = load_root(&t.path("r"), Scope::REPO, &LoaderOptions::codex());
    assert!(outcome.skills.is_empty());
    assert!(outcome.errors.is_empty());
}

#[cfg(unix)]
#[test]
fn symlinked_skill_file_loads_in_user_scope_when_followed() {
    let t = Tree::new();
    let target = linked_skill_file(&t, "home/.agents/skills");
    t.dir("work");
    let options = with(|o| o.follow_skill_file_symlinks = true);
    let outcome = load(&t.ctx("work"), &[], &options);
    assert_eq!(names(&outcome), ["real"]);
    assert_eq!(outcome.skills[0].scope, Scope::USER);
    assert_eq!(outcome.skills[0].path, target);
    assert_eq!(outcome.skills[0].walked_path, Path::new("demo/SKILL.md"));
}

#[cfg(unix)]
#[test]
fn symlinked_skill_file_in_admin_scope_loads_when_followed() {
    let t = Tree::new();
    linked_skill_file(&t, "etc/codex/skills");
    t.dir("work");
    let options = with(|o| o.follow_skill_file_symlinks = true);
    let outcome = load(&t.ctx("work"), &[], &options);
    assert_eq!(names(&outcome), ["real"]);
    assert_eq!(outcome.skills[0].scope, Scope::ADMIN);
}

#[cfg(unix)]
#[test]
fn symlinked_skill_file_in_system_scope_stays_ignored_when_followed() {
    let t = Tree::new();
    linked_skill_file(&t, "codex_home/skills/.system");
    t.dir("work");
    let options = with(|o| o.follow_skill_file_symlinks = true);
    let outcome = load(&t.ctx("work"), &[], &options);
    assert!(outcome.skills.is_empty(), "{:?}", names(&outcome));
}

#[cfg(unix)]
#[test]
fn symlinked_skill_file_reached_twice_loads_once() {
    let t = Tree::new();
    let target = t.skill("r/real", "real", "d");
    t.dir("r/alias");
    t.symlink(target.to_str().unwrap(), "r/alias/SKILL.md");
    let options = with(|o| o.follow_skill_file_symlinks = true);
    let outcome = load_root(&t.path("r"), Scope::REPO, &options);
    assert_eq!(names(&outcome), ["real"]);
    assert_eq!(outcome.skills[0].path, target);
}

// ---- honour_disable_model_invocation ----------------------------------------------------------

fn explicit_only_skill(t: &Tree) {
    t.file(
        "r/manual/SKILL.md",
        "---\nname: manual\ndescription: d\ndisable-model-invocation: true\n---\n",
    );
    t.skill("r/auto", "auto", "d");
}

#[test]
fn disable_model_invocation_leaves_the_skill_a_candidate_in_codex_profile() {
    let t = Tree::new();
    explicit_only_skill(&t);
    let outcome = load_repo_root(&t.path("r"));
    assert_eq!(candidate_names(&outcome), ["auto", "manual"]);
}

#[test]
fn honoured_disable_model_invocation_removes_the_candidate_but_keeps_it_mentionable() {
    let t = Tree::new();
    explicit_only_skill(&t);
    let options = with(|o| o.honour_disable_model_invocation = true);
    let outcome = load_root(&t.path("r"), Scope::REPO, &options);
    assert_eq!(candidate_names(&outcome), ["auto"]);
    // Mentions select among the enabled skills, whatever their implicit policy.
    assert_eq!(enabled_names(&outcome), ["auto", "manual"]);
}

#[test]
fn disable_model_invocation_false_changes_nothing_when_honoured() {
    let t = Tree::new();
    t.file(
        "r/manual/SKILL.md",
        "---\nname: manual\ndescription: d\ndisable-model-invocation: false\n---\n",
    );
    let options = with(|o| o.honour_disable_model_invocation = true);
    let outcome = load_root(&t.path("r"), Scope::REPO, &options);
    assert_eq!(candidate_names(&outcome), ["manual"]);
    assert_eq!(outcome.skills[0].policy, None);
}

// ---- skip_dependency_dirs ---------------------------------------------------------------------

fn dependency_tree(t: &Tree) {
    t.skill("r/app", "app", "d");
    for dir in ["node_modules", "vendor", ".venv", "target", "dist"] {
        t.skill(&format!("r/app/{dir}/pkg"), &format!("in-{dir}"), "d");
    }
    t.skill("r/app/vendored/pkg", "in-vendored", "d");
}

#[test]
fn dependency_directories_are_scanned_in_codex_profile() {
    let t = Tree::new();
    dependency_tree(&t);
    assert_eq!(
        names(&load_repo_root(&t.path("r"))),
        [
            "app",
            "in-dist",
            "in-node_modules",
            "in-target",
            "in-vendor",
            "in-vendored"
        ]
    );
}

#[test]
fn dependency_directories_are_skipped_when_asked() {
    let t = Tree::new();
    dependency_tree(&t);
    let options = with(|o| o.skip_dependency_dirs = true);
    assert_eq!(
        names(&load_root(&t.path("r"), Scope::REPO, &options)),
        ["app", "in-vendored"]
    );
}

#[cfg(unix)]
#[test]
fn a_symlink_named_like_a_dependency_directory_is_skipped_too() {
    let t = Tree::new();
    t.skill("elsewhere/pkg", "linked-in", "d");
    t.skill("r/app", "app", "d");
    t.symlink(t.path("elsewhere").to_str().unwrap(), "r/app/node_modules");
    assert_eq!(names(&load_repo_root(&t.path("r"))), ["app", "linked-in"]);
    let options = with(|o| o.skip_dependency_dirs = true);
    assert_eq!(
        names(&load_root(&t.path("r"), Scope::REPO, &options)),
        ["app"]
    );
}

#[test]
fn skipped_dependency_directories_do_not_use_up_the_directory_limit() {
    let t = Tree::new();
    t.skill("r/a-first/node_modules/pkg", "vendored", "d");
    t.skill("r/b-second", "wanted", "d");
    // Root + a-first + b-second: the node_modules dir would be the fourth.
    let limited = with(|o| *o = o.clone().with_limits(6, 3, 20_000));
    assert_eq!(
        names(&load_root(&t.path("r"), Scope::REPO, &limited)),
        ["wanted"]
    );
    let skipping = LoaderOptions {
        skip_dependency_dirs: true,
        ..limited
    };
    let outcome = load_root(&t.path("r"), Scope::REPO, &skipping);
    assert_eq!(names(&outcome), ["wanted"]);
    assert!(outcome.diagnostics.is_empty(), "{:?}", outcome.diagnostics);
}

// ---- stop_at_skill_dirs -----------------------------------------------------------------------

fn nested_skills(t: &Tree) {
    t.skill("r/outer", "outer", "d");
    t.skill("r/outer/inner", "inner", "d");
    t.skill("r/outer/deps/pkg/nested", "nested", "d");
    t.skill("r/plain/leaf", "leaf", "d");
}

#[test]
fn skills_inside_a_skill_folder_load_in_codex_profile() {
    let t = Tree::new();
    nested_skills(&t);
    assert_eq!(
        names(&load_repo_root(&t.path("r"))),
        ["inner", "leaf", "nested", "outer"]
    );
}

#[test]
fn scan_stops_below_a_skill_folder_when_asked() {
    let t = Tree::new();
    nested_skills(&t);
    let options = with(|o| o.stop_at_skill_dirs = true);
    assert_eq!(
        names(&load_root(&t.path("r"), Scope::REPO, &options)),
        ["leaf", "outer"]
    );
}

#[test]
fn stopping_at_a_skill_folder_still_reads_its_metadata() {
    let t = Tree::new();
    t.skill("r/outer", "outer", "d");
    t.file(
        "r/outer/agents/openai.yaml",
        "interface:\n  display_name: Outer\n",
    );
    let options = with(|o| o.stop_at_skill_dirs = true);
    let outcome = load_root(&t.path("r"), Scope::REPO, &options);
    let interface = outcome.skills[0].interface.as_ref().expect("interface");
    assert_eq!(interface.display_name.as_deref(), Some("Outer"));
}

#[test]
fn a_folder_with_a_skill_md_directory_is_not_a_skill_folder() {
    let t = Tree::new();
    t.dir("r/odd/SKILL.md");
    t.skill("r/odd/below", "below", "d");
    let options = with(|o| o.stop_at_skill_dirs = true);
    assert_eq!(
        names(&load_root(&t.path("r"), Scope::REPO, &options)),
        ["below"]
    );
}

// ---- the presets on a whole context -----------------------------------------------------------

#[test]
fn codex_preset_loads_what_the_default_loads() {
    let t = Tree::new();
    t.git("repo");
    dependency_tree(&t);
    t.skill("repo/.agents/skills/pdf", "pdf", "d");
    t.skill("home/.agents/skills/pdf", "pdf", "d");
    let ctx = t.ctx("repo");
    assert_eq!(load(&ctx, &[], &LoaderOptions::codex()), load_ctx(&ctx));
}
