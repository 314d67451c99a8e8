//! Reading `[skills]` values and malformed input: spec §7.1–§7.5, §13.6 item 63, errata 7.j–7.l.

mod common;

use common::{flags, merged, user};
use pretty_assertions::assert_eq;
use skilldeck_config::{Profile, SessionOverrides, SkillsConfig};

fn lenient(layers: &[skilldeck_config::ConfigLayer]) -> SkillsConfig {
    SkillsConfig::from_layers(layers, Profile::Skilldeck).unwrap()
}

fn codex_error(layers: &[skilldeck_config::ConfigLayer]) -> String {
    SkillsConfig::from_layers(layers, Profile::Codex)
        .unwrap_err()
        .to_string()
}

const MISSING_ENABLED: &str =
    "[[skills.config]]\nname = \"x1\"\nenabled = false\n\n[[skills.config]]\nname = \"x2\"\n";

#[test]
fn defaults_apply_without_any_layer() {
    let config = merged(&[]);
    assert!(config.include_instructions);
    assert!(config.bundled_enabled);
    assert!(config.rules.is_empty());
    assert_eq!(config.project_root_markers, [".git"]);
}

#[test]
fn bundled_skills_can_be_disabled_in_the_user_file() {
    let config = merged(&[user("[skills.bundled]\nenabled = false\n")]);
    assert!(!config.bundled_enabled);
}

#[test]
fn include_instructions_false_from_a_flag() {
    let config = merged(&[flags(&["skills.include_instructions=false"])]);
    assert!(!config.include_instructions);
}

#[test]
fn a_flag_value_overrides_the_user_files_value() {
    let config = merged(&[
        user("[skills]\ninclude_instructions = false\nbundled = { enabled = false }\n"),
        flags(&["skills.include_instructions=true"]),
    ]);
    assert!(config.include_instructions);
    assert!(!config.bundled_enabled);
}

#[test]
fn project_root_markers_come_from_the_highest_layer_that_sets_them() {
    let config = merged(&[
        user("project_root_markers = [\".git\", \".hg\"]\n"),
        flags(&["project_root_markers=[\".hg\"]"]),
    ]);
    assert_eq!(config.project_root_markers, [".hg"]);
}

#[test]
fn an_empty_project_root_marker_list_is_kept() {
    let config = merged(&[flags(&["project_root_markers=[]"])]);
    assert!(config.project_root_markers.is_empty());
}

#[test]
fn invalid_project_root_markers_fall_back_to_the_default_with_a_diagnostic() {
    let config = merged(&[
        user("project_root_markers = [\".hg\"]\n"),
        flags(&["project_root_markers=[1]"]),
    ]);
    assert_eq!(config.project_root_markers, [".git"]);
    assert_eq!(config.diagnostics.len(), 1);
    assert_eq!(
        config.diagnostics[0].code,
        "config.project_root_markers.invalid"
    );
}

#[test]
fn missing_enabled_is_fatal_in_the_codex_profile_at_the_entry_header() {
    assert_eq!(
        codex_error(&[user(MISSING_ENABLED)]),
        "failed to reload config: /h/config.toml:5:1: missing field `enabled`"
    );
}

#[test]
fn a_non_boolean_enabled_is_fatal_in_the_codex_profile_at_the_value() {
    let text = "[[skills.config]]\nname = \"x\"\nenabled = \"yes\"\n";
    assert_eq!(
        codex_error(&[user(text)]),
        "failed to reload config: /h/config.toml:3:11: invalid type: string \"yes\", expected a boolean"
    );
}

#[test]
fn a_non_boolean_include_instructions_is_fatal_in_the_codex_profile() {
    let text = "[skills]\ninclude_instructions = 3\n";
    assert_eq!(
        codex_error(&[user(text)]),
        "failed to reload config: /h/config.toml:2:24: invalid type: integer `3`, expected a boolean"
    );
}

#[test]
fn a_malformed_flag_rule_is_fatal_in_the_codex_profile() {
    assert_eq!(
        codex_error(&[flags(&["skills.config=[{name=\"x\"}]"])]),
        "failed to reload config: -c skills.config: missing field `enabled`"
    );
}

#[test]
fn a_flag_value_that_is_not_toml_is_taken_as_a_string() {
    assert_eq!(
        codex_error(&[flags(&["skills.include_instructions=maybe"])]),
        "failed to reload config: -c skills.include_instructions: invalid type: string \"maybe\", expected a boolean"
    );
}

#[test]
fn a_malformed_entry_is_skipped_in_the_skilldeck_profile_and_valid_entries_apply() {
    let config = lenient(&[user(MISSING_ENABLED)]);
    assert_eq!(config.rules.len(), 1);
    assert_eq!(config.diagnostics.len(), 1);
    assert_eq!(
        config.diagnostics[0].to_string(),
        "/h/config.toml: line 5, column 1: skills.config entry 2 is ignored: missing field `enabled`"
    );
}

#[test]
fn a_non_boolean_enabled_is_skipped_in_the_skilldeck_profile() {
    let text = "[[skills.config]]\nname = \"x\"\nenabled = \"no\"\n\n[[skills.config]]\nname = \"y\"\nenabled = false\n";
    let config = lenient(&[user(text)]);
    assert_eq!(config.rules.len(), 1);
    assert_eq!(
        config.diagnostics[0].message,
        "line 1, column 1: skills.config entry 1 is ignored: invalid type: string \"no\", expected a boolean"
    );
}

#[test]
fn a_non_boolean_value_keeps_the_default_in_the_skilldeck_profile() {
    let config = lenient(&[user("[skills]\ninclude_instructions = \"no\"\n")]);
    assert!(config.include_instructions);
    assert_eq!(config.diagnostics[0].code, "config.value.invalid");
    assert_eq!(
        config.diagnostics[0].message,
        "line 2, column 24: skills.include_instructions is ignored: invalid type: string \"no\", expected a boolean"
    );
}

#[test]
fn a_file_that_is_not_toml_is_fatal_with_line_and_column_in_the_codex_profile() {
    let error = codex_error(&[user(
        "[skills]\ninclude_instructions = false\n[[skills.config]\n",
    )]);
    assert!(
        error.starts_with("failed to reload config: /h/config.toml:3:16: "),
        "{error}"
    );
}

#[test]
fn a_file_that_is_not_toml_is_ignored_with_line_and_column_in_the_skilldeck_profile() {
    let config = lenient(&[
        user("[skills]\ninclude_instructions = false\n[[skills.config]\n"),
        flags(&["skills.bundled.enabled=false"]),
    ]);
    assert!(config.include_instructions);
    assert!(!config.bundled_enabled);
    assert_eq!(config.diagnostics[0].code, "config.syntax");
    assert!(
        config.diagnostics[0]
            .message
            .starts_with("line 3, column 16: not valid TOML"),
        "{}",
        config.diagnostics[0].message
    );
}

#[test]
fn an_entry_with_both_selectors_is_ignored_with_a_diagnostic() {
    let text = "[[skills.config]]\nname = \"both-sel\"\npath = \"/x/SKILL.md\"\nenabled = false\n";
    let config = merged(&[user(text)]);
    assert!(config.rules.is_empty());
    assert_eq!(
        config.diagnostics[0].message,
        "line 1, column 1: ignoring skills.config entry with both path and name selectors"
    );
}

#[test]
fn an_entry_without_a_selector_is_ignored_with_a_diagnostic() {
    let config = merged(&[user("[[skills.config]]\nenabled = false\n")]);
    assert!(config.rules.is_empty());
    assert_eq!(config.diagnostics[0].code, "config.rule.no_selector");
}

#[test]
fn an_empty_name_is_ignored_with_a_diagnostic() {
    let config = merged(&[flags(&["skills.config=[{name=\"  \",enabled=false}]"])]);
    assert!(config.rules.is_empty());
    assert_eq!(
        config.diagnostics[0].message,
        "-c: ignoring empty skills.config name override"
    );
}

#[test]
fn unknown_skills_keys_are_ignored_in_both_profiles() {
    let text = "[skills]\nfuture_key = 1\ninclude_instructions = false\n";
    for profile in [Profile::Codex, Profile::Skilldeck] {
        let config = SkillsConfig::from_layers(&[user(text)], profile).unwrap();
        assert!(!config.include_instructions);
        assert!(config.diagnostics.is_empty());
    }
}

#[test]
fn trusted_projects_extension_resolves_against_the_config_directory() {
    let config = merged(&[user(
        "[skills]\ntrusted_projects = [\"/abs/repo\", \"rel\"]\n",
    )]);
    assert_eq!(
        config.extensions.trusted_projects,
        [std::path::PathBuf::from("/abs/repo"), "/h/rel".into()]
    );
}

#[test]
fn a_later_override_of_the_same_key_replaces_the_earlier_list() {
    let overrides = SessionOverrides::parse([
        "skills.config=[{name=\"a\",enabled=false}]",
        "skills.config=[{name=\"b\",enabled=false}]",
    ])
    .unwrap();
    let layer = skilldeck_config::ConfigLayer::from_overrides(&overrides, "/cwd");
    let config = merged(&[layer]);
    assert_eq!(config.rules.len(), 1);
    assert_eq!(
        config.rules.iter().next().unwrap().selector,
        skilldeck_config::Selector::Name("b".into())
    );
}

#[test]
fn a_skills_value_that_is_not_a_table_is_fatal_in_the_codex_profile() {
    assert_eq!(
        codex_error(&[user("skills = 3\n")]),
        "failed to reload config: /h/config.toml:1:10: invalid type: integer `3`, expected struct SkillsConfig"
    );
}

#[test]
fn a_skills_value_that_is_not_a_table_is_ignored_in_the_skilldeck_profile() {
    let config = lenient(&[user("skills = 3\n")]);
    assert_eq!(
        config,
        SkillsConfig {
            diagnostics: config.diagnostics.clone(),
            ..SkillsConfig::default()
        }
    );
    assert_eq!(
        config.diagnostics[0].message,
        "line 1, column 10: skills is ignored: invalid type: integer `3`, expected a table"
    );
}
