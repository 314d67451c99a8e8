//! Rule precedence and resolution: spec §7.4, §13.6 items 65 and 69–73, errata 7.e–7.h and 7.m.

mod common;

use common::{enabled_names, flags, merged, outcome, skill, user};
use pretty_assertions::assert_eq;
use skilldeck_config::{LayerSource, Selector};
use skilldeck_model::{Scope, SkillMetadata};
use std::path::PathBuf;

const PATH_A: &str = "/r/.agents/skills/a/SKILL.md";

fn path_rule(enabled: bool) -> String {
    format!("[[skills.config]]\npath = \"{PATH_A}\"\nenabled = {enabled}\n")
}

fn flag_path_rule(enabled: bool) -> String {
    format!("skills.config=[{{path=\"{PATH_A}\",enabled={enabled}}}]")
}

#[test]
fn session_flags_re_enable_a_path_the_user_layer_disables() {
    let config = merged(&[user(&path_rule(false)), flags(&[&flag_path_rule(true)])]);
    assert!(
        config
            .disabled_paths(&outcome(vec![skill("a", PATH_A)]))
            .is_empty()
    );
}

#[test]
fn session_flags_disable_a_path_the_user_layer_enables() {
    let config = merged(&[user(&path_rule(true)), flags(&[&flag_path_rule(false)])]);
    let disabled = config.disabled_paths(&outcome(vec![skill("a", PATH_A)]));
    assert_eq!(
        disabled.into_iter().collect::<Vec<_>>(),
        [PathBuf::from(PATH_A)]
    );
}

#[test]
fn a_plugin_skill_is_disabled_by_its_qualified_name() {
    let config = merged(&[user(
        "[[skills.config]]\nname = \"github:yeet\"\nenabled = false\n",
    )]);
    let yeet = skill("github:yeet", "/p/github/skills/yeet/SKILL.md");
    let mut loaded = outcome(vec![yeet.clone(), skill("yeet", "/u/yeet/SKILL.md")]);
    config.apply(&mut loaded);
    assert!(!loaded.is_enabled(&yeet));
    assert_eq!(loaded.disabled_paths.len(), 1);
}

#[test]
fn a_disabled_plugin_skill_stays_listed_but_is_no_implicit_candidate() {
    let config = merged(&[user(
        "[[skills.config]]\nname = \"sample:sample-search\"\nenabled = false\n",
    )]);
    let mut loaded = outcome(vec![skill("sample:sample-search", "/p/s/SKILL.md")]);
    config.apply(&mut loaded);
    assert_eq!(loaded.skills.len(), 1);
    assert!(loaded.disabled_paths.contains(&loaded.skills[0].path));
    assert_eq!(loaded.implicit_candidates().count(), 0);
}

#[test]
fn a_later_name_rule_overrides_an_earlier_path_rule() {
    let config = merged(&[
        user(&path_rule(false)),
        flags(&["skills.config=[{name=\"a\",enabled=true}]"]),
    ]);
    assert_eq!(
        enabled_names(&config, outcome(vec![skill("a", PATH_A)])),
        ["a"]
    );
}

#[test]
fn a_later_path_rule_overrides_an_earlier_name_rule() {
    let text = format!(
        "[[skills.config]]\nname = \"a\"\nenabled = true\n\n{}",
        path_rule(false)
    );
    let config = merged(&[user(&text)]);
    assert!(enabled_names(&config, outcome(vec![skill("a", PATH_A)])).is_empty());
}

#[test]
fn a_name_rule_and_a_path_rule_in_one_file_apply_in_file_order() {
    let text = format!(
        "{}\n[[skills.config]]\nname = \"a\"\nenabled = true\n",
        path_rule(false)
    );
    let config = merged(&[user(&text)]);
    assert_eq!(
        enabled_names(&config, outcome(vec![skill("a", PATH_A)])),
        ["a"]
    );
}

#[test]
fn an_equal_selector_in_a_later_layer_replaces_the_earlier_rule_and_moves_last() {
    let text = format!(
        "{}\n[[skills.config]]\nname = \"a\"\nenabled = true\n",
        path_rule(false)
    );
    let config = merged(&[user(&text), flags(&[&flag_path_rule(false)])]);
    let order: Vec<_> = config
        .rules
        .iter()
        .map(|rule| (rule.selector.clone(), rule.origin.layer.clone()))
        .collect();
    assert_eq!(
        order,
        [
            (
                Selector::Name("a".into()),
                LayerSource::File(common::USER_CONFIG.into())
            ),
            (Selector::Path(PATH_A.into()), LayerSource::SessionFlags),
        ]
    );
    assert!(enabled_names(&config, outcome(vec![skill("a", PATH_A)])).is_empty());
}

#[test]
fn a_child_session_with_an_enabling_flag_rule_sees_the_skill_enabled() {
    let parent = merged(&[user(&path_rule(false))]);
    let child = merged(&[user(&path_rule(false)), flags(&[&flag_path_rule(true)])]);
    let loaded = || outcome(vec![skill("a", PATH_A)]);
    assert!(enabled_names(&parent, loaded()).is_empty());
    assert_eq!(enabled_names(&child, loaded()), ["a"]);
}

#[test]
fn a_name_rule_disables_every_copy_of_that_name() {
    let config = merged(&[user(
        "[[skills.config]]\nname = \"by-name\"\nenabled = false\n",
    )]);
    let mut repo_copy = skill("by-name", "/r/.agents/skills/by-name/SKILL.md");
    repo_copy.scope = Scope::REPO;
    let loaded = outcome(vec![repo_copy, skill("by-name", "/u/by-name/SKILL.md")]);
    assert_eq!(config.disabled_paths(&loaded).len(), 2);
}

#[test]
fn name_rules_are_case_sensitive() {
    let config = merged(&[user(
        "[[skills.config]]\nname = \"CASE-NAME\"\nenabled = false\n",
    )]);
    let loaded = outcome(vec![skill("case-name", "/u/case-name/SKILL.md")]);
    assert_eq!(enabled_names(&config, loaded), ["case-name"]);
}

#[test]
fn an_unknown_name_is_harmless() {
    let config = merged(&[user(
        "[[skills.config]]\nname = \"nobody\"\nenabled = false\n",
    )]);
    assert!(
        config
            .disabled_paths(&outcome(vec![skill("a", PATH_A)]))
            .is_empty()
    );
}

#[test]
fn a_path_rule_applies_even_when_no_skill_lives_there() {
    let config = merged(&[user(
        "[[skills.config]]\npath = \"/gone/SKILL.md\"\nenabled = false\n",
    )]);
    let disabled = config.disabled_paths(&outcome(vec![]));
    assert_eq!(
        disabled.into_iter().collect::<Vec<_>>(),
        [PathBuf::from("/gone/SKILL.md")]
    );
}

#[test]
fn names_are_trimmed() {
    let config = merged(&[user(
        "[[skills.config]]\nname = \"  a \"\nenabled = false\n",
    )]);
    assert!(enabled_names(&config, outcome(vec![skill("a", PATH_A)])).is_empty());
}

#[test]
fn flag_rules_add_to_the_user_files_rules() {
    let config = merged(&[
        user("[[skills.config]]\nname = \"file-off\"\nenabled = false\n"),
        flags(&["skills.config=[{name=\"cli-off\",enabled=false}]"]),
    ]);
    let loaded = outcome(vec![
        skill("cli-off", "/u/cli-off/SKILL.md"),
        skill("file-off", "/u/file-off/SKILL.md"),
        skill("kept", "/u/kept/SKILL.md"),
    ]);
    assert_eq!(enabled_names(&config, loaded), ["kept"]);
}

#[test]
fn a_disabled_copy_does_not_count_for_name_ambiguity() {
    let home_copy = "/home/.agents/skills/dupd/SKILL.md";
    let config = merged(&[user(&format!(
        "[[skills.config]]\npath = \"{home_copy}\"\nenabled = false\n"
    ))]);
    let mut repo_copy = skill("dupd", "/r/.agents/skills/dupd/SKILL.md");
    repo_copy.scope = Scope::REPO;
    let mut loaded = outcome(vec![repo_copy.clone(), skill("dupd", home_copy)]);
    config.apply(&mut loaded);
    let candidates: Vec<&SkillMetadata> = loaded
        .enabled_skills()
        .filter(|s| s.name == "dupd")
        .collect();
    assert_eq!(candidates, [&repo_copy]);
}

#[test]
fn apply_replaces_disabled_paths_left_by_an_earlier_resolution() {
    let config = merged(&[]);
    let mut loaded = outcome(vec![skill("a", PATH_A)]);
    loaded.disabled_paths.insert(PATH_A.into());
    config.apply(&mut loaded);
    assert!(loaded.disabled_paths.is_empty());
}

#[test]
fn explain_names_the_rule_that_decided() {
    let config = merged(&[
        user(&path_rule(false)),
        flags(&["skills.config=[{name=\"a\",enabled=true}]"]),
    ]);
    let decision = config.explain(&skill("a", PATH_A));
    assert!(decision.enabled);
    let rule = decision.rule.unwrap();
    assert_eq!(rule.selector, Selector::Name("a".into()));
    assert_eq!(
        rule.origin.to_string(),
        "-c overrides (skills.config entry 1)"
    );
}

#[test]
fn explain_points_at_the_file_line_of_a_file_rule() {
    let text = format!("# rules\n\n{}", path_rule(false));
    let config = merged(&[user(&text)]);
    let decision = config.explain(&skill("a", PATH_A));
    assert!(!decision.enabled);
    assert_eq!(
        decision.rule.unwrap().origin.to_string(),
        "/h/config.toml:3 (skills.config entry 1)"
    );
}

#[test]
fn explain_without_a_matching_rule_means_enabled_by_default() {
    let config = merged(&[user(&path_rule(false))]);
    let decision = config.explain(&skill("b", "/r/.agents/skills/b/SKILL.md"));
    assert!(decision.enabled);
    assert!(decision.rule.is_none());
}
