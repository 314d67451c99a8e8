//! The `spec` rule set (agentskills.io), one behaviour per test.
mod common;

use common::{codes, findings, only, skill, valid};
use pretty_assertions::assert_eq;
use skilldeck_model::Severity;
use skilldeck_validate::RuleSet;

const SPEC: RuleSet = RuleSet::Spec;
const NONE: [&str; 0] = [];

#[test]
fn valid_skill_has_no_spec_findings() {
    let text = skill(
        "name: my-skill\ndescription: d\nlicense: MIT\ncompatibility: Needs git\nmetadata:\n  author: me\nallowed-tools: Read Grep",
    );
    assert_eq!(codes(&text, SPEC), NONE);
}

#[test]
fn uppercase_name_breaks_the_charset() {
    let f = only(
        &findings(&skill("name: My-Skill\ndescription: d"), SPEC),
        "spec/name-charset",
    );
    assert_eq!(
        (f.line, f.hint.as_deref()),
        (Some(2), Some("use `name: my-skill`"))
    );
}

#[test]
fn leading_hyphen_is_refused() {
    assert!(codes(&skill("name: -my-skill\ndescription: d"), SPEC).contains(&"spec/name-hyphen"));
}

#[test]
fn double_hyphen_is_refused() {
    assert!(
        codes(&skill("name: my--skill\ndescription: d"), SPEC).contains(&"spec/name-double-hyphen")
    );
}

#[test]
fn name_over_64_characters_is_refused() {
    assert!(
        codes(
            &skill(&format!("name: {}\ndescription: d", "a".repeat(65))),
            SPEC
        )
        .contains(&"spec/name-length")
    );
}

#[test]
fn name_must_equal_the_folder_name() {
    assert_eq!(codes(&valid("other"), SPEC), ["spec/name-folder-mismatch"]);
}

#[test]
fn missing_name_is_refused() {
    assert_eq!(codes(&skill("description: d"), SPEC), ["spec/missing-name"]);
}

#[test]
fn numeric_name_warns_to_quote_it() {
    // `42` is a YAML integer; it also does not match the folder.
    assert_eq!(
        codes(&skill("name: 42\ndescription: d"), SPEC),
        ["spec/name-folder-mismatch", "spec/not-a-string"]
    );
}

#[test]
fn missing_and_empty_descriptions_are_refused() {
    assert_eq!(
        codes(&skill("name: my-skill"), SPEC),
        ["spec/missing-description"]
    );
    assert_eq!(
        codes(&skill("name: my-skill\ndescription: '  '"), SPEC),
        ["spec/description-empty"]
    );
}

#[test]
fn description_over_1024_characters_is_refused() {
    assert_eq!(
        codes(
            &skill(&format!(
                "name: my-skill\ndescription: {}",
                "d".repeat(1025)
            )),
            SPEC
        ),
        ["spec/description-too-long"]
    );
}

#[test]
fn compatibility_over_500_characters_is_refused() {
    let text = skill(&format!(
        "name: my-skill\ndescription: d\ncompatibility: {}",
        "c".repeat(501)
    ));
    assert_eq!(codes(&text, SPEC), ["spec/compatibility-length"]);
}

#[test]
fn unknown_top_level_key_is_refused_at_its_line() {
    let f = only(
        &findings(&skill("name: my-skill\ndescription: d\nversion: 1.0"), SPEC),
        "spec/unknown-key",
    );
    assert_eq!((f.severity, f.line), (Severity::Error, Some(4)));
}

#[test]
fn metadata_must_be_a_mapping() {
    assert_eq!(
        codes(
            &skill("name: my-skill\ndescription: d\nmetadata: Example"),
            SPEC
        ),
        ["spec/metadata-type"]
    );
}

#[test]
fn metadata_list_value_is_refused() {
    assert_eq!(
        codes(
            &skill("name: my-skill\ndescription: d\nmetadata:\n  tags: [a, b]"),
            SPEC
        ),
        ["spec/metadata-value-type"]
    );
}

#[test]
fn metadata_number_warns_to_quote_it() {
    let f = only(
        &findings(
            &skill("name: my-skill\ndescription: d\nmetadata:\n  version: 1.10"),
            SPEC,
        ),
        "spec/metadata-not-a-string",
    );
    assert_eq!(f.line, Some(5));
}

#[test]
fn allowed_tools_flow_list_parses_and_warns() {
    let f = only(
        &findings(
            &skill("name: my-skill\ndescription: d\nallowed-tools: [Read, Grep]"),
            SPEC,
        ),
        "spec/allowed-tools-list",
    );
    assert_eq!(f.hint.as_deref(), Some("allowed-tools: Read Grep"));
}

#[test]
fn allowed_tools_mapping_is_refused() {
    assert_eq!(
        codes(
            &skill("name: my-skill\ndescription: d\nallowed-tools: {a: b}"),
            SPEC
        ),
        ["spec/wrong-type"]
    );
}

#[test]
fn unquoted_colon_is_invalid_yaml_at_its_line() {
    let f = only(
        &findings(&skill("name: my-skill\ndescription: Deploy: ECS"), SPEC),
        "spec/invalid-yaml",
    );
    assert_eq!(f.line, Some(3));
    assert_eq!(
        f.hint.as_deref(),
        Some("quote the value: description: \"Deploy: ECS\"")
    );
}

#[test]
fn duplicate_key_is_invalid_yaml() {
    assert_eq!(
        codes(
            &skill("name: my-skill\nname: my-skill\ndescription: d"),
            SPEC
        ),
        ["spec/invalid-yaml"]
    );
}

#[test]
fn dashes_inside_a_line_do_not_split_the_front_matter() {
    assert_eq!(
        codes(&skill("name: my-skill\ndescription: before---after"), SPEC),
        NONE
    );
}

#[test]
fn indented_dashes_in_a_block_scalar_stay_content() {
    let text = "---\nname: my-skill\ndescription: |\n  one\n  ---\n  two\n---\n";
    assert_eq!(codes(text, SPEC), NONE);
}

#[test]
fn byte_order_mark_is_tolerated() {
    assert_eq!(codes(&format!("\u{feff}{}", valid("my-skill")), SPEC), NONE);
}

#[test]
fn missing_front_matter_is_refused_with_its_cause() {
    assert_eq!(
        codes(&format!("\n{}", valid("my-skill")), SPEC),
        ["spec/frontmatter-after-blank-line"]
    );
}

#[test]
fn sequence_front_matter_is_not_a_mapping() {
    assert_eq!(
        codes("---\n- a\n- b\n---\n", SPEC),
        ["spec/frontmatter-not-mapping"]
    );
}

#[test]
fn allowed_tools_list_with_spaced_patterns_gets_no_joined_hint() {
    let f = only(
        &findings(
            &skill("name: my-skill\ndescription: d\nallowed-tools:\n  - Bash(ls *)\n  - Read"),
            SPEC,
        ),
        "spec/allowed-tools-list",
    );
    assert_eq!(f.hint, None);
}

#[test]
fn bracketed_license_gets_a_quote_hint() {
    let f = only(
        &findings(
            &skill("name: my-skill\ndescription: d\nlicense: [MIT]"),
            SPEC,
        ),
        "spec/wrong-type",
    );
    assert_eq!(
        f.hint.as_deref(),
        Some("quote the value: license: \"[MIT]\"")
    );
}

#[test]
fn empty_optional_field_counts_as_absent() {
    assert_eq!(
        codes(
            &skill("name: my-skill\ndescription: d\nmetadata:\nlicense:"),
            SPEC
        ),
        NONE
    );
}

#[test]
fn null_description_is_empty() {
    assert_eq!(
        codes(&skill("name: my-skill\ndescription: ~"), SPEC),
        ["spec/description-empty"]
    );
}

#[test]
fn duplicate_key_points_at_the_second_occurrence() {
    let f = only(
        &findings(
            &skill("name: my-skill\nname: my-skill\ndescription: d"),
            SPEC,
        ),
        "spec/invalid-yaml",
    );
    assert_eq!(f.line, Some(3));
}
