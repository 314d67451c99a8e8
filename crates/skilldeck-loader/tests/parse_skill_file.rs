//! `parse_skill_file` against the cases Codex 0.171 was observed with (errata §4.1–4.3, §11) and
//! the parsing cases of spec §13.3. Each test pins one behaviour.
use std::fmt::Write as _;

use skilldeck_loader::parse::{ParsedSkillFile, parse_skill_file, parse_skill_file_named};

/// A `SKILL.md` whose front matter is `lines`, followed by a small body.
fn skill(lines: &str) -> String {
    format!("---\n{lines}\n---\n\n# Body\n")
}

fn parsed(lines: &str) -> ParsedSkillFile {
    parse_skill_file(&skill(lines)).unwrap_or_else(|error| panic!("should load: {error}"))
}

fn error(lines: &str) -> String {
    parse_skill_file(&skill(lines)).expect_err("should be rejected")
}

fn description(lines: &str) -> String {
    parsed(lines).description
}

const MISSING: &str = "missing YAML frontmatter delimited by ---";

// ---- errata 4.1: delimiters ------------------------------------------------------------------

#[test]
fn byte_order_mark_is_missing_front_matter() {
    assert_eq!(
        parse_skill_file("\u{feff}---\nname: bom\ndescription: d\n---\n"),
        Err(MISSING.to_owned())
    );
}

#[test]
fn leading_blank_line_is_missing_front_matter() {
    assert_eq!(
        parse_skill_file("\n---\nname: a\ndescription: d\n---\n"),
        Err(MISSING.to_owned())
    );
}

#[test]
fn leading_html_comment_is_missing_front_matter() {
    assert_eq!(
        parse_skill_file("<!-- c -->\n---\nname: a\ndescription: d\n---\n"),
        Err(MISSING.to_owned())
    );
}

#[test]
fn crlf_file_loads() {
    let file = "---\r\nname: crlf\r\ndescription: CRLF line ends\r\n---\r\nbody\r\n";
    assert_eq!(
        parse_skill_file(file).map(|p| p.description),
        Ok("CRLF line ends".to_owned())
    );
}

#[test]
fn padded_delimiters_load() {
    assert!(parse_skill_file("  ---  \nname: a\ndescription: d\n  ---\t\n").is_ok());
    assert!(parse_skill_file("--- \nname: b\ndescription: d\n---   \n").is_ok());
}

#[test]
fn dashes_inside_block_scalar_end_the_front_matter() {
    let file = "---\nname: block-dashes\ndescription: |\n  line one\n  ---\n  line three\n---\n";
    assert_eq!(
        parse_skill_file(file).map(|p| p.description),
        Ok("line one".to_owned())
    );
}

#[test]
fn unclosed_front_matter_is_missing() {
    assert_eq!(
        parse_skill_file("---\nname: unclosed\ndescription: never closed\n"),
        Err(MISSING.to_owned())
    );
}

#[test]
fn empty_front_matter_is_missing() {
    assert_eq!(parse_skill_file("---\n---\nbody"), Err(MISSING.to_owned()));
}

#[test]
fn yaml_end_marker_does_not_close() {
    assert_eq!(
        parse_skill_file("---\nname: dots-close\ndescription: d\n...\n"),
        Err(MISSING.to_owned())
    );
}

#[test]
fn plain_markdown_and_empty_file_are_missing_front_matter() {
    assert_eq!(parse_skill_file("# just markdown"), Err(MISSING.to_owned()));
    assert_eq!(parse_skill_file(""), Err(MISSING.to_owned()));
}

#[test]
fn sequence_front_matter_is_a_type_error() {
    assert_eq!(
        error("- a\n- b"),
        "invalid YAML: invalid type: sequence, expected struct SkillFrontmatter"
    );
}

#[test]
fn string_front_matter_is_a_type_error() {
    assert_eq!(
        error("just a string"),
        "invalid YAML: invalid type: string \"just a string\", expected struct SkillFrontmatter"
    );
}

#[test]
fn flow_mapping_front_matter_loads() {
    let skill = parsed("{name: flow-map, description: 'flow mapping front matter'}");
    assert_eq!(skill.name.as_deref(), Some("flow-map"));
    assert_eq!(skill.description, "flow mapping front matter");
}

#[test]
fn anchors_and_aliases_resolve() {
    assert_eq!(description("name: &n anchors\ndescription: *n"), "anchors");
}

// ---- errata 4.2 / spec 13.3: schema, repair and error texts ----------------------------------

#[test]
fn unquoted_colon_in_description_is_repaired() {
    assert_eq!(
        description("name: a\ndescription: AWS deployment patterns: ECS Fargate, Lambda, and S3"),
        "AWS deployment patterns: ECS Fargate, Lambda, and S3"
    );
}

#[test]
fn unquoted_colon_and_apostrophe_in_short_description_are_repaired() {
    let skill = parsed(
        "name: a\ndescription: d\nmetadata:\n  short-description: What's included: builds and tests",
    );
    assert_eq!(
        skill.short_description.as_deref(),
        Some("What's included: builds and tests")
    );
}

#[test]
fn broken_unknown_keys_no_longer_block_loading() {
    let skill = parsed(
        "name: a\ndescription: d\nargument-hint: <duration: e.g. 7d, 2w>\ntags: [next,@supabase/ssr]",
    );
    assert_eq!(skill.description, "d");
}

#[test]
fn block_scalar_survives_repair_of_a_later_line() {
    assert_eq!(
        description(
            "name: a\ndescription: |-\n  Build for AWS: ECS\n  second: line\nargument-hint: <x: y>"
        ),
        "Build for AWS: ECS second: line"
    );
}

#[test]
fn block_scalar_with_colon_alone_is_preserved() {
    assert_eq!(
        description("name: a\ndescription: |-\n  Build for AWS: ECS\nargument-hint: <x: y>"),
        "Build for AWS: ECS"
    );
}

#[test]
fn trailing_comment_is_dropped_by_repair() {
    assert_eq!(
        description("name: a\ndescription: Use it: now # trailing comment"),
        "Use it: now"
    );
}

#[test]
fn quotes_inside_repaired_value_survive() {
    assert_eq!(
        description("name: a\ndescription: It's a 'quoted': thing"),
        "It's a 'quoted': thing"
    );
}

#[test]
fn repair_applies_to_name() {
    assert_eq!(
        parsed("name: repair: name\ndescription: d").name.as_deref(),
        Some("repair: name")
    );
}

#[test]
fn url_with_port_is_left_alone() {
    assert_eq!(
        description("name: a\ndescription: see http://example.com:8080/x for details"),
        "see http://example.com:8080/x for details"
    );
}

#[test]
fn flow_mapping_description_is_repaired_into_text() {
    assert_eq!(description("name: a\ndescription: {a: b}"), "{a: b}");
}

#[test]
fn flow_sequence_description_reports_the_original_type_error() {
    assert_eq!(
        error("name: a\ndescription: [a, b]"),
        "invalid YAML: description: invalid type: sequence, expected a string at line 2 column 14"
    );
}

#[test]
fn unclosed_double_quote_reports_scanner_error() {
    assert_eq!(
        error("name: a\ndescription: \"unclosed"),
        "invalid YAML: found unexpected end of stream at line 2 column 23, while scanning a quoted scalar at line 2 column 14"
    );
}

#[test]
fn bad_indentation_reports_mapping_values_error() {
    assert_eq!(
        error("name: bad-indent\n  description: d"),
        "invalid YAML: mapping values are not allowed in this context at line 2 column 14"
    );
}

#[test]
fn tab_indentation_reports_token_error() {
    assert_eq!(
        error("name: a\ndescription: d\nmetadata:\n\tshort-description: tab"),
        "invalid YAML: found character that cannot start any token at line 4 column 1, while scanning for the next token"
    );
}

#[test]
fn duplicate_name_is_rejected() {
    assert_eq!(
        error("name: a\nname: b\ndescription: d"),
        "invalid YAML: duplicate field `name`"
    );
}

#[test]
fn string_metadata_is_rejected() {
    assert_eq!(
        error("name: a\ndescription: d\nmetadata: Example"),
        "invalid YAML: metadata: invalid type: string \"Example\", expected struct SkillFrontmatterMetadata at line 3 column 11"
    );
}

#[test]
fn sequence_short_description_is_rejected() {
    assert_eq!(
        error("name: a\ndescription: d\nmetadata:\n  short-description: [x]"),
        "invalid YAML: metadata.short-description: invalid type: sequence, expected a string at line 4 column 22"
    );
}

#[test]
fn json_string_metadata_error_uses_rust_debug_escaping() {
    let lines = "name: swarmvault\ndescription: d\nversion: 1\nlicense: MIT\nmetadata: \"{\\\"openclaw\\\":{\\\"emoji\\\":\\\"🗃\u{fe0f}\\\"}}\"";
    assert_eq!(
        error(lines),
        "invalid YAML: metadata: invalid type: string \"{\\\"openclaw\\\":{\\\"emoji\\\":\\\"🗃\\u{fe0f}\\\"}}\", expected struct SkillFrontmatterMetadata at line 5 column 11"
    );
}

#[test]
fn integer_description_is_its_source_text() {
    assert_eq!(description("description: 123"), "123");
}

#[test]
fn float_description_keeps_trailing_zero() {
    assert_eq!(description("description: 1.50"), "1.50");
}

#[test]
fn yes_description_stays_yes() {
    assert_eq!(description("description: yes"), "yes");
}

#[test]
fn integer_and_boolean_names_are_their_source_text() {
    assert_eq!(
        parsed("name: 42\ndescription: d").name.as_deref(),
        Some("42")
    );
    assert_eq!(
        parsed("name: true\ndescription: d").name.as_deref(),
        Some("true")
    );
}

#[test]
fn integer_short_description_is_its_source_text() {
    let skill = parsed("description: d\nmetadata:\n  short-description: 7");
    assert_eq!(skill.short_description.as_deref(), Some("7"));
}

#[test]
fn null_or_blank_name_counts_as_absent() {
    for lines in [
        "name: null\ndescription: d",
        "name: ~\ndescription: d",
        "name: ''\ndescription: d",
        "name: '   '\ndescription: d",
        "name:\ndescription: d",
        "description: d",
    ] {
        assert_eq!(parsed(lines).name, None, "{lines}");
    }
}

#[test]
fn missing_null_or_blank_description_is_rejected() {
    for lines in [
        "name: a",
        "name: a\ndescription: ''",
        "name: a\ndescription: '   '",
        "name: a\ndescription: ~",
        "name: a\ndescription:",
    ] {
        assert_eq!(error(lines), "missing field `description`", "{lines}");
    }
}

#[test]
fn comment_only_front_matter_is_missing_description() {
    assert_eq!(error("# nothing here"), "missing field `description`");
}

#[test]
fn empty_metadata_loads_without_short_description() {
    assert_eq!(parsed("description: d\nmetadata:").short_description, None);
}

#[test]
fn metadata_with_other_keys_loads_without_short_description() {
    assert_eq!(
        parsed("description: d\nmetadata: {version: 1.0, tags: [a]}").short_description,
        None
    );
}

#[test]
fn null_metadata_is_a_type_error() {
    // Codex's schema has a non-optional `metadata` struct with a default: an *empty* value loads,
    // an explicit `null` does not.
    assert_eq!(
        error("description: d\nmetadata: null"),
        "invalid YAML: metadata: invalid type: unit value, expected struct SkillFrontmatterMetadata at line 2 column 11"
    );
}

#[test]
fn unknown_keys_are_ignored() {
    let skill = parsed(
        "name: a\ndescription: d\nlicense: MIT\nallowed-tools: [Bash, Read]\nversion: 2\ntags:\n  - x",
    );
    assert_eq!(skill.name.as_deref(), Some("a"));
}

#[test]
fn disable_model_invocation_true_sets_the_flag() {
    assert!(parsed("description: d\ndisable-model-invocation: true").disable_model_invocation);
}

#[test]
fn disable_model_invocation_defaults_to_false() {
    assert!(!parsed("description: d").disable_model_invocation);
    assert!(!parsed("description: d\ndisable-model-invocation: false").disable_model_invocation);
}

#[test]
fn disable_model_invocation_of_another_type_is_ignored() {
    for value in ["'true'", "yes", "1", "[true]", "{a: b}", "~"] {
        let skill = parsed(&format!(
            "description: d\ndisable-model-invocation: {value}"
        ));
        assert!(!skill.disable_model_invocation, "{value}");
    }
}

#[test]
fn duplicate_disable_model_invocation_does_not_block_loading() {
    let skill =
        parsed("description: d\ndisable-model-invocation: true\ndisable-model-invocation: true");
    assert_eq!(skill.description, "d");
}

#[test]
fn disable_model_invocation_is_read_from_the_repaired_text() {
    let skill = parsed("description: a: b\ndisable-model-invocation: true");
    assert_eq!(skill.description, "a: b");
    assert!(skill.disable_model_invocation);
}

// ---- errata 4.3 / spec 13.3: whitespace and lengths ------------------------------------------

#[test]
fn name_whitespace_collapses() {
    assert_eq!(
        parsed("name: '  spaced   name\there  '\ndescription: d")
            .name
            .as_deref(),
        Some("spaced name here")
    );
}

#[test]
fn folded_description_collapses() {
    assert_eq!(
        description("description: >\n  folded   text\n  with\ttabs\n\n  and blank line"),
        "folded text with tabs and blank line"
    );
}

#[test]
fn literal_block_description_collapses() {
    assert_eq!(
        description("description: |-\n  does things\n  carefully"),
        "does things carefully"
    );
}

#[test]
fn nbsp_in_description_collapses() {
    assert_eq!(
        description("description: \"line1\\nline2\\ttab  \\u00a0nbsp\""),
        "line1 line2 tab nbsp"
    );
}

#[test]
fn short_description_is_read() {
    assert_eq!(
        parsed("description: d\nmetadata:\n  short-description: short summary").short_description,
        Some("short summary".to_owned())
    );
}

#[test]
fn empty_short_description_is_absent() {
    assert_eq!(
        parsed("description: d\nmetadata:\n  short-description: ''").short_description,
        None
    );
}

#[test]
fn long_short_description_is_kept_verbatim() {
    let long = "s".repeat(1025);
    let skill = parsed(&format!(
        "description: d\nmetadata:\n  short-description: {long}"
    ));
    assert_eq!(skill.short_description, Some(long));
}

#[test]
fn long_descriptions_are_not_limited() {
    for text in [
        "c".repeat(1024),
        "c".repeat(1025),
        "c".repeat(3000),
        "😀".repeat(1024),
        "😀".repeat(1025),
    ] {
        assert_eq!(description(&format!("description: {text}")), text);
    }
}

#[test]
fn written_name_over_64_characters_is_rejected_before_the_description() {
    let name = "n".repeat(65);
    let expected = Err("invalid name: exceeds maximum length of 64 characters".to_owned());
    assert_eq!(
        parse_skill_file(&format!("---\nname: {name}\n---\n")),
        expected
    );
    assert_eq!(
        parse_skill_file(&format!("---\nname: {name}\ndescription: d\n---\n")),
        expected
    );
}

#[test]
fn folder_name_fallback_is_length_checked_when_given() {
    let text = "---\ndescription: d\n---\n";
    assert!(parse_skill_file_named(text, || "f".repeat(64)).is_ok());
    assert_eq!(
        parse_skill_file_named(text, || "f".repeat(65)),
        Err("invalid name: exceeds maximum length of 64 characters".to_owned())
    );
}

#[test]
fn names_need_no_particular_characters() {
    assert_eq!(
        parsed("name: café.skill v2\ndescription: d")
            .name
            .as_deref(),
        Some("café.skill v2")
    );
}

// ---- errata 11: hostile inputs ---------------------------------------------------------------

#[test]
fn alias_bomb_in_ignored_keys_loads() {
    let mut lines = String::from("a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n");
    for level in 1..12 {
        let previous = level - 1;
        let refs = vec![format!("*a{previous}"); 10].join(", ");
        writeln!(lines, "a{level}: &a{level} [{refs}]").expect("write to String");
    }
    lines.push_str("name: bomb\ndescription: survives");
    assert_eq!(description(&lines), "survives");
}

#[test]
fn nul_byte_in_description_is_a_control_character_error() {
    assert_eq!(
        error("name: nul-in\ndescription: a\0b"),
        "invalid YAML: control characters are not allowed at position 27"
    );
}

#[test]
fn deep_nesting_in_an_ignored_key_loads() {
    // Ignored values are skipped without recursion, so no depth limit applies to them.
    let lines = format!(
        "x:\n  - {}{}\ndescription: d",
        "[".repeat(10_000),
        "]".repeat(10_000)
    );
    assert_eq!(description(&lines), "d");
}

#[test]
fn second_document_inside_front_matter_is_impossible() {
    // The first `---` ends the front matter, so the rest is body.
    assert_eq!(
        parse_skill_file("---\ndescription: d\n---\nfoo: [\n---\n").map(|p| p.description),
        Ok("d".to_owned())
    );
}
