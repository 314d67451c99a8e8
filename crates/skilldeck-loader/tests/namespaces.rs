//! Plugin namespaces: spec §13.4 and errata 4.4 (and 4.3: no 128-character qualified limit).
mod common;

use common::{Tree, load_repo_root, messages, names};
use skilldeck_loader::{LoaderOptions, load_roots};
use skilldeck_model::{Scope, SkillRoot};

fn manifest(t: &Tree, plugin_root: &str, which: &str, json: &str) {
    t.file(&format!("{plugin_root}/{which}/plugin.json"), json);
}

const CODEX: &str = ".codex-plugin";
const CLAUDE: &str = ".claude-plugin";

#[test]
fn provided_namespace_wins_over_any_manifest() {
    let t = Tree::new();
    manifest(
        &t,
        "plugins/sample",
        CODEX,
        r#"{"name":"should-not-be-read"}"#,
    );
    t.skill("plugins/sample/skills/search", "sample-search", "d");
    let root = SkillRoot {
        plugin_id: Some("sample@test".to_owned()),
        plugin_namespace: Some("sample".to_owned()),
        plugin_root: Some(t.path("plugins/sample")),
        ..SkillRoot::new(t.path("plugins/sample/skills"), Scope::USER)
    };
    let outcome = load_roots(&[root], &LoaderOptions::default());
    assert_eq!(names(&outcome), ["sample:sample-search"]);
    assert_eq!(outcome.skills[0].plugin_id.as_deref(), Some("sample@test"));
}

#[test]
fn manifest_above_the_root_names_the_plugin() {
    let t = Tree::new();
    manifest(&t, "plugins/sample", CODEX, r#"{"name":"sample"}"#);
    t.skill("plugins/sample/skills/search", "sample-search", "d");
    let outcome = load_repo_root(&t.path("plugins/sample/skills"));
    assert_eq!(names(&outcome), ["sample:sample-search"]);
}

#[test]
fn nested_plugin_inside_a_plain_root_is_namespaced_alone() {
    let t = Tree::new();
    t.skill("skills/plain", "plain-skill", "d");
    manifest(&t, "skills/nested-plugin", CODEX, r#"{"name":"nested"}"#);
    t.skill("skills/nested-plugin/skills/search", "plugin-skill", "d");
    let outcome = load_repo_root(&t.path("skills"));
    assert_eq!(names(&outcome), ["nested:plugin-skill", "plain-skill"]);
}

#[test]
fn skills_inherit_the_manifest_above_the_scanned_root() {
    let t = Tree::new();
    manifest(&t, "plugin", CODEX, r#"{"name":"outer"}"#);
    t.skill("plugin/skills/search", "search-skill", "d");
    let outcome = load_repo_root(&t.path("plugin/skills"));
    assert_eq!(names(&outcome), ["outer:search-skill"]);
}

#[test]
fn a_valid_nested_manifest_overrides_the_outer_one() {
    let t = Tree::new();
    manifest(&t, "plugin", CODEX, r#"{"name":"outer"}"#);
    manifest(&t, "plugin/skills/inner", CODEX, r#"{"name":"nested"}"#);
    t.skill("plugin/skills/inner/skills/search", "search-skill", "d");
    let outcome = load_repo_root(&t.path("plugin/skills"));
    assert_eq!(names(&outcome), ["nested:search-skill"]);
}

#[test]
fn an_invalid_nested_manifest_falls_back_to_the_outer_one() {
    let t = Tree::new();
    manifest(&t, "plugin", CODEX, r#"{"name":"outer"}"#);
    manifest(&t, "plugin/skills/inner", CODEX, "not json");
    t.skill("plugin/skills/inner/skills/search", "search-skill", "d");
    let outcome = load_repo_root(&t.path("plugin/skills"));
    assert_eq!(names(&outcome), ["outer:search-skill"]);
}

#[cfg(unix)]
#[test]
fn symlink_into_a_plugin_takes_that_plugins_namespace() {
    let t = Tree::new();
    manifest(&t, "shared-plugin", CODEX, r#"{"name":"linked"}"#);
    t.skill("shared-plugin/skills/first", "first-skill", "d");
    t.skill("shared-plugin/skills/second", "second-skill", "d");
    t.dir("root/skills");
    t.symlink(
        t.path("shared-plugin/skills").to_str().unwrap(),
        "root/skills/linked-plugin",
    );
    let outcome = load_repo_root(&t.path("root/skills"));
    assert_eq!(
        names(&outcome),
        ["linked:first-skill", "linked:second-skill"]
    );
}

#[cfg(unix)]
#[test]
fn symlink_into_a_plain_tree_does_not_inherit_the_outer_namespace() {
    let t = Tree::new();
    manifest(&t, "plugin", CODEX, r#"{"name":"outer"}"#);
    t.skill("plain-tree/plain", "plain-skill", "d");
    t.dir("plugin/skills");
    t.symlink(
        t.path("plain-tree").to_str().unwrap(),
        "plugin/skills/linked-plain",
    );
    let outcome = load_repo_root(&t.path("plugin/skills"));
    assert_eq!(names(&outcome), ["plain-skill"]);
}

#[cfg(unix)]
#[test]
fn symlink_to_an_ancestor_keeps_one_skill_with_the_inherited_namespace() {
    let t = Tree::new();
    manifest(&t, "plugin", CODEX, r#"{"name":"outer"}"#);
    t.skill("plugin/skills/root", "root-skill", "d");
    t.symlink(t.path("plugin").to_str().unwrap(), "plugin/skills/link");
    let outcome = load_repo_root(&t.path("plugin/skills"));
    assert_eq!(names(&outcome), ["outer:root-skill"]);
}

#[test]
fn qualified_name_of_128_characters_loads() {
    let t = Tree::new();
    let namespace = "n".repeat(63);
    let name = "s".repeat(64);
    manifest(&t, "plugin", CODEX, &format!(r#"{{"name":"{namespace}"}}"#));
    t.skill("plugin/skills/long", &name, "d");
    let outcome = load_repo_root(&t.path("plugin/skills"));
    assert_eq!(names(&outcome), [format!("{namespace}:{name}")]);
}

#[test]
fn qualified_name_of_129_characters_loads_as_in_codex_0171() {
    let t = Tree::new();
    let namespace = "n".repeat(64);
    let name = "t".repeat(64);
    manifest(&t, "plugin", CODEX, &format!(r#"{{"name":"{namespace}"}}"#));
    t.skill("plugin/skills/long", &name, "d");
    let outcome = load_repo_root(&t.path("plugin/skills"));
    assert_eq!(names(&outcome), [format!("{namespace}:{name}")]);
    assert!(outcome.errors.is_empty(), "{:?}", messages(&outcome));
}

#[test]
fn claude_manifest_alone_names_the_plugin() {
    let t = Tree::new();
    manifest(&t, "plugin", CLAUDE, r#"{"name":"from-claude"}"#);
    t.skill("plugin/skills/s", "s", "d");
    let outcome = load_repo_root(&t.path("plugin/skills"));
    assert_eq!(names(&outcome), ["from-claude:s"]);
}

#[test]
fn invalid_codex_manifest_hides_a_valid_claude_manifest() {
    let t = Tree::new();
    manifest(&t, "plugin", CODEX, "not json");
    manifest(&t, "plugin", CLAUDE, r#"{"name":"never-used"}"#);
    t.skill("plugin/skills/s", "s", "d");
    let outcome = load_repo_root(&t.path("plugin/skills"));
    assert_eq!(names(&outcome), ["s"]);
}

#[test]
fn without_any_manifest_names_stay_plain() {
    let t = Tree::new();
    t.skill("r/a", "a", "d");
    t.skill("r/b/c", "c", "d");
    let outcome = load_repo_root(&t.path("r"));
    assert_eq!(names(&outcome), ["a", "c"]);
}

#[test]
fn manifest_rules_of_errata_4_4_apply_in_ordinary_repo_roots() {
    let t = Tree::new();
    t.git("repo");
    let r = "repo/.agents/skills";
    manifest(&t, &format!("{r}/myplug"), CODEX, r#"{"name": "acme"}"#);
    t.skill(&format!("{r}/myplug/skills/search"), "search", "d");
    manifest(
        &t,
        &format!("{r}/claudeplug"),
        CLAUDE,
        r#"{"description": "no name field"}"#,
    );
    t.skill(&format!("{r}/claudeplug/skills/fetch"), "fetch", "d");
    manifest(&t, &format!("{r}/badplug"), CODEX, "not json");
    manifest(
        &t,
        &format!("{r}/badplug"),
        CLAUDE,
        r#"{"name":"never-used"}"#,
    );
    t.skill(
        &format!("{r}/badplug/skills/broken-manifest"),
        "broken-manifest",
        "d",
    );
    manifest(&t, "repo/.agents", CODEX, r#"{"name": "outer"}"#);
    t.skill(&format!("{r}/plain"), "plain", "d");
    let outcome = common::load_ctx(&t.ctx("repo"));
    assert_eq!(
        names(&outcome),
        [
            "acme:search",
            "claudeplug:fetch",
            "outer:broken-manifest",
            "outer:plain"
        ]
    );
}

#[test]
fn plugin_id_and_plugin_root_travel_with_the_root() {
    let t = Tree::new();
    t.skill("p/skills/s", "s", "d");
    let root = SkillRoot {
        plugin_id: Some("p@market".to_owned()),
        plugin_root: Some(t.path("p")),
        ..SkillRoot::new(t.path("p/skills"), Scope::USER)
    };
    let outcome = load_roots(&[root], &LoaderOptions::default());
    assert_eq!(outcome.skills[0].plugin_id.as_deref(), Some("p@market"));
    assert_eq!(
        outcome.roots[0].plugin_root.as_deref(),
        Some(t.path("p").as_path())
    );
}
