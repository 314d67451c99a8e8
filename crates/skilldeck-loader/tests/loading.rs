//! End-to-end loading: names and parsing (spec §13.3), `agents/openai.yaml` (§13.5, errata §5),
//! the product filter, and the opt-in loader options.
mod common;

use std::path::Path;

use common::{Tree, load_ctx, load_repo_root, load_root, messages, names, scoped_names};
use skilldeck_loader::LoaderOptions;
use skilldeck_model::Scope;

// ---- names and front matter (spec §13.3) -------------------------------------------------------

#[test]
fn block_description_is_collapsed_to_one_line() {
    let t = Tree::new();
    t.file(
        "r/block/SKILL.md",
        "---\nname: block\ndescription: |-\n  does things\n  carefully\n---\n",
    );
    let outcome = load_repo_root(&t.path("r"));
    assert_eq!(outcome.skills[0].description, "does things carefully");
}

#[test]
fn missing_name_falls_back_to_the_folder_name() {
    let t = Tree::new();
    t.file("r/directory-derived/SKILL.md", "---\ndescription: d\n---\n");
    assert_eq!(names(&load_repo_root(&t.path("r"))), ["directory-derived"]);
}

#[cfg(unix)]
#[test]
fn folder_name_fallback_uses_the_canonical_folder() {
    let t = Tree::new();
    t.file(
        "elsewhere/targetname/SKILL.md",
        "---\ndescription: d\n---\n",
    );
    t.symlink(
        t.path("elsewhere/targetname").to_str().unwrap(),
        "r/linkname",
    );
    assert_eq!(names(&load_repo_root(&t.path("r"))), ["targetname"]);
}

#[test]
fn short_description_comes_from_metadata() {
    let t = Tree::new();
    t.file(
        "r/short/SKILL.md",
        "---\nname: short\ndescription: d\nmetadata:\n  short-description: short summary\n---\n",
    );
    let outcome = load_repo_root(&t.path("r"));
    assert_eq!(
        outcome.skills[0].short_description.as_deref(),
        Some("short summary")
    );
}

#[test]
fn unquoted_colon_in_description_is_repaired() {
    let t = Tree::new();
    t.file(
        "r/aws/SKILL.md",
        "---\nname: aws\ndescription: AWS deployment patterns: ECS Fargate, Lambda, and S3\n---\n",
    );
    let outcome = load_repo_root(&t.path("r"));
    assert_eq!(
        outcome.skills[0].description,
        "AWS deployment patterns: ECS Fargate, Lambda, and S3"
    );
}

#[test]
fn name_of_65_characters_is_an_error() {
    let t = Tree::new();
    let path = t.skill("r/long", &"n".repeat(65), "d");
    let outcome = load_repo_root(&t.path("r"));
    assert!(outcome.skills.is_empty());
    assert_eq!(outcome.errors[0].path, path);
    assert_eq!(
        messages(&outcome),
        ["invalid name: exceeds maximum length of 64 characters"]
    );
}

#[test]
fn folder_name_of_65_characters_is_an_error_too() {
    let t = Tree::new();
    t.file(
        &format!("r/{}/SKILL.md", "f".repeat(65)),
        "---\ndescription: d\n---\n",
    );
    let outcome = load_repo_root(&t.path("r"));
    assert_eq!(
        messages(&outcome),
        ["invalid name: exceeds maximum length of 64 characters"]
    );
}

#[test]
fn overlong_name_is_reported_before_a_missing_description() {
    let t = Tree::new();
    t.file(
        "r/both/SKILL.md",
        format!("---\nname: {}\n---\n", "n".repeat(65)),
    );
    t.file(
        &format!("r/{}/SKILL.md", "f".repeat(65)),
        "---\nname: ''\n---\n",
    );
    let outcome = load_repo_root(&t.path("r"));
    assert_eq!(
        messages(&outcome),
        ["invalid name: exceeds maximum length of 64 characters"; 2]
    );
}

#[test]
fn name_of_64_multibyte_characters_loads() {
    let t = Tree::new();
    t.skill("r/accents", &"é".repeat(64), "d");
    assert_eq!(load_repo_root(&t.path("r")).skills.len(), 1);
}

#[test]
fn same_name_in_repo_and_user_roots_loads_both_repo_first() {
    let t = Tree::new();
    t.git("repo");
    t.skill("repo/.agents/skills/dup", "dup", "repo copy");
    t.skill("home/.agents/skills/dup", "dup", "user copy");
    let outcome = load_ctx(&t.ctx("repo"));
    assert_eq!(
        scoped_names(&outcome),
        [("repo", "dup"), ("user", "dup")].map(|(s, n)| (s.to_owned(), n.to_owned()))
    );
}

#[test]
fn same_name_in_two_project_layers_is_ordered_by_path() {
    let t = Tree::new();
    t.git("repo");
    let outer = t.skill("repo/.codex/skills/root", "same", "d");
    let inner = t.skill("repo/nested/.codex/skills/nested", "same", "d");
    let outcome = load_ctx(&t.ctx("repo/nested"));
    let paths: Vec<_> = outcome.skills.iter().map(|s| s.path.clone()).collect();
    // Component order: `repo/.codex/…` before `repo/nested/…` (`.` sorts before `n`).
    assert_eq!(paths, [outer, inner]);
}

// ---- agents/openai.yaml (spec §13.5, errata §5) ------------------------------------------------

#[test]
fn dependencies_keep_every_valid_tool_in_order() {
    let t = Tree::new();
    t.skill("r/deps", "deps", "d");
    t.file(
        "r/deps/agents/openai.yaml",
        r#"{"dependencies": {"tools": [
            {"type": "mcp", "value": "github", "transport": "streamable_http", "url": "https://example.invalid/mcp"},
            {"type": "cli", "value": "gh"},
            {"type": "mcp", "value": "local", "transport": "stdio", "command": "run-server"}
        ]}}"#,
    );
    let outcome = load_repo_root(&t.path("r"));
    let tools = &outcome.skills[0]
        .dependencies
        .as_ref()
        .expect("dependencies")
        .tools;
    let values: Vec<_> = tools.iter().map(|tool| tool.value.as_str()).collect();
    assert_eq!(values, ["github", "gh", "local"]);
    assert_eq!(tools[1].transport, None);
    assert_eq!(tools[2].command.as_deref(), Some("run-server"));
}

#[test]
fn interface_icons_resolve_under_the_canonical_skill_folder() {
    let t = Tree::new();
    t.skill("r/iface", "iface", "d");
    t.file(
        "r/iface/agents/openai.yaml",
        "interface:\n  display_name: Iface\n  short_description: \"  short    desc   \"\n  icon_small: ./assets/small-400px.png\n  icon_large: ./assets/large-logo.svg\n  brand_color: \"#3B82F6\"\n  default_prompt: \"  default   prompt \"\n",
    );
    let outcome = load_repo_root(&t.path("r"));
    let interface = outcome.skills[0].interface.clone().expect("interface");
    assert_eq!(interface.short_description.as_deref(), Some("short desc"));
    assert_eq!(interface.default_prompt.as_deref(), Some("default prompt"));
    assert_eq!(
        interface.icon_small.as_deref(),
        Some(t.path("r/iface/assets/small-400px.png").as_path())
    );
    assert_eq!(
        interface.icon_large.as_deref(),
        Some(t.path("r/iface/assets/large-logo.svg").as_path())
    );
}

#[test]
fn policy_false_keeps_the_skill_listed_but_not_implicit() {
    let t = Tree::new();
    t.skill("r/quiet", "quiet", "d");
    t.file(
        "r/quiet/agents/openai.yaml",
        "policy:\n  allow_implicit_invocation: false\n",
    );
    let outcome = load_repo_root(&t.path("r"));
    assert_eq!(names(&outcome), ["quiet"]);
    assert_eq!(outcome.implicit_candidates().count(), 0);
}

#[test]
fn skills_for_other_products_are_dropped_everywhere() {
    let t = Tree::new();
    t.skill("r/chat", "chat-only", "d");
    t.file(
        "r/chat/agents/openai.yaml",
        "policy:\n  products: [chatgpt]\n",
    );
    t.skill("r/codex", "codex-ok", "d");
    t.file(
        "r/codex/agents/openai.yaml",
        "policy:\n  products: [CODEX]\n",
    );
    let outcome = load_repo_root(&t.path("r"));
    assert_eq!(names(&outcome), ["codex-ok"]);
    assert!(outcome.errors.is_empty());
}

#[test]
fn unknown_product_keeps_only_unrestricted_skills() {
    let t = Tree::new();
    t.skill("r/codex", "codex-only", "d");
    t.file(
        "r/codex/agents/openai.yaml",
        "policy:\n  products: [codex]\n",
    );
    t.skill("r/free", "free", "d");
    let options = LoaderOptions::default().with_product(None);
    assert_eq!(
        names(&load_root(&t.path("r"), Scope::REPO, &options)),
        ["free"]
    );
}

#[test]
fn capitalised_agents_folder_is_not_metadata() {
    let t = Tree::new();
    t.skill("r/cap", "cap", "d");
    t.file(
        "r/cap/Agents/openai.yaml",
        "interface:\n  display_name: Never\n",
    );
    let outcome = load_repo_root(&t.path("r"));
    assert_eq!(outcome.skills[0].interface, None);
}

#[cfg(unix)]
#[test]
fn symlinked_openai_yaml_file_is_read() {
    let t = Tree::new();
    t.file("shared/openai.yaml", "interface:\n  display_name: Shared\n");
    t.skill("r/s", "s", "d");
    t.symlink(
        t.path("shared/openai.yaml").to_str().unwrap(),
        "r/s/agents/openai.yaml",
    );
    let outcome = load_repo_root(&t.path("r"));
    let interface = outcome.skills[0].interface.clone().expect("interface");
    assert_eq!(interface.display_name.as_deref(), Some("Shared"));
}

#[cfg(unix)]
#[test]
fn system_scope_does_not_read_metadata_through_a_symlinked_agents_folder() {
    let t = Tree::new();
    t.file(
        "shared-agents/openai.yaml",
        "interface:\n  display_name: Linked\n",
    );
    t.skill("codex_home/skills/.system/s", "s", "d");
    t.symlink(
        t.path("shared-agents").to_str().unwrap(),
        "codex_home/skills/.system/s/agents",
    );
    t.dir("work");
    let outcome = load_ctx(&t.ctx("work"));
    assert_eq!(outcome.skills.len(), 1);
    assert_eq!(outcome.skills[0].interface, None);
}

// ---- opt-in options ---------------------------------------------------------------------------

#[cfg(unix)]
#[test]
fn symlinked_skill_file_loads_when_the_option_allows_it() {
    let t = Tree::new();
    let target = t.skill("elsewhere/real", "real", "d");
    t.dir("r/demo");
    t.symlink(target.to_str().unwrap(), "r/demo/SKILL.md");
    let options = LoaderOptions {
        follow_skill_file_symlinks: true,
        ..LoaderOptions::default()
    };
    let outcome = load_root(&t.path("r"), Scope::REPO, &options);
    assert_eq!(names(&outcome), ["real"]);
    assert_eq!(outcome.skills[0].path, target);
    assert_eq!(outcome.skills[0].walked_path, Path::new("demo/SKILL.md"));
}

fn write_disabled_skill(t: &Tree) {
    t.file(
        "r/manual/SKILL.md",
        "---\nname: manual\ndescription: d\ndisable-model-invocation: true\n---\n",
    );
}

#[test]
fn disable_model_invocation_is_ignored_by_default() {
    let t = Tree::new();
    write_disabled_skill(&t);
    let outcome = load_repo_root(&t.path("r"));
    assert_eq!(outcome.implicit_candidates().count(), 1);
}

#[test]
fn honoured_disable_model_invocation_forbids_implicit_use() {
    let t = Tree::new();
    write_disabled_skill(&t);
    let options = LoaderOptions {
        honour_disable_model_invocation: true,
        ..LoaderOptions::default()
    };
    let outcome = load_root(&t.path("r"), Scope::REPO, &options);
    assert_eq!(names(&outcome), ["manual"]);
    assert_eq!(outcome.implicit_candidates().count(), 0);
}

#[test]
fn explicit_policy_wins_over_disable_model_invocation() {
    let t = Tree::new();
    write_disabled_skill(&t);
    t.file(
        "r/manual/agents/openai.yaml",
        "policy:\n  allow_implicit_invocation: true\n",
    );
    let options = LoaderOptions {
        honour_disable_model_invocation: true,
        ..LoaderOptions::default()
    };
    let outcome = load_root(&t.path("r"), Scope::REPO, &options);
    assert_eq!(outcome.implicit_candidates().count(), 1);
}

#[test]
fn dependency_directories_are_skipped_when_asked() {
    let t = Tree::new();
    t.skill("r/app", "app", "d");
    t.skill("r/node_modules/pkg", "vendored", "d");
    t.skill("r/target/debug", "built", "d");
    let options = LoaderOptions {
        skip_dependency_dirs: true,
        ..LoaderOptions::default()
    };
    assert_eq!(
        names(&load_root(&t.path("r"), Scope::REPO, &options)),
        ["app"]
    );
    assert_eq!(
        names(&load_repo_root(&t.path("r"))),
        ["app", "built", "vendored"]
    );
}

#[test]
fn scan_stops_at_skill_folders_when_asked() {
    let t = Tree::new();
    t.skill("r/outer", "outer", "d");
    t.skill("r/outer/inner", "inner", "d");
    t.file(
        "r/outer/agents/openai.yaml",
        "interface:\n  display_name: Outer\n",
    );
    let options = LoaderOptions {
        stop_at_skill_dirs: true,
        ..LoaderOptions::default()
    };
    let outcome = load_root(&t.path("r"), Scope::REPO, &options);
    assert_eq!(names(&outcome), ["outer"]);
    assert!(outcome.skills[0].interface.is_some());
}
