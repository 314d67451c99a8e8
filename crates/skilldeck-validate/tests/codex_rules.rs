//! The `codex` rule set, one behaviour per test.
mod common;

use common::{codes, findings, only, skill, valid, write};
use pretty_assertions::assert_eq;
use skilldeck_model::Severity;
use skilldeck_validate::{RuleSet, validate};

const CODEX: RuleSet = RuleSet::Codex;

#[test]
fn valid_skill_has_no_codex_findings() {
    assert_eq!(codes(&valid("my-skill"), CODEX), Vec::<&str>::new());
}

#[test]
fn byte_order_mark_is_rejected_with_codex_message_and_named_cause() {
    let f = only(
        &findings(&format!("\u{feff}{}", valid("my-skill")), CODEX),
        "codex/frontmatter-after-bom",
    );
    assert_eq!(
        (f.severity, f.message.as_str()),
        (Severity::Error, "missing YAML frontmatter delimited by ---")
    );
    assert!(f.hint.unwrap().contains("byte-order mark"));
}

#[test]
fn leading_blank_line_is_rejected_and_named() {
    assert_eq!(
        codes(&format!("\n{}", valid("my-skill")), CODEX),
        ["codex/frontmatter-after-blank-line"]
    );
}

#[test]
fn comment_before_front_matter_is_rejected_and_named() {
    assert_eq!(
        codes(&format!("<!-- c -->\n{}", valid("my-skill")), CODEX),
        ["codex/frontmatter-after-text"]
    );
}

#[test]
fn unclosed_front_matter_is_rejected() {
    assert_eq!(
        codes("---\nname: a\ndescription: b\n", CODEX),
        ["codex/frontmatter-unclosed"]
    );
}

#[test]
fn markdown_without_front_matter_is_rejected() {
    assert_eq!(codes("# Title\n", CODEX), ["codex/missing-frontmatter"]);
}

#[test]
fn indented_dashes_in_block_scalar_warn_that_front_matter_ends_early() {
    let text = "---\nname: my-skill\ndescription: |\n  line one\n  ---\n  line three\n---\n";
    let f = only(&findings(text, CODEX), "codex/frontmatter-closed-early");
    assert_eq!((f.severity, f.line), (Severity::Warning, Some(5)));
}

#[test]
fn unquoted_colon_loads_only_through_repair() {
    let f = only(
        &findings(
            &skill("name: my-skill\ndescription: Deploy: ECS and Lambda"),
            CODEX,
        ),
        "codex/yaml-repaired",
    );
    assert_eq!(f.severity, Severity::Warning);
    assert_eq!(f.line, Some(3));
    assert_eq!(
        f.hint.as_deref(),
        Some("quote the value: description: \"Deploy: ECS and Lambda\"")
    );
}

#[test]
fn quoted_colon_needs_no_repair() {
    assert_eq!(
        codes(&skill("name: my-skill\ndescription: 'Deploy: ECS'"), CODEX),
        Vec::<&str>::new()
    );
}

#[test]
fn unrepairable_yaml_is_an_error_with_codex_message_and_file_line() {
    let f = only(
        &findings(&skill("name: my-skill\ndescription: \"unclosed"), CODEX),
        "codex/invalid-yaml",
    );
    assert!(
        f.message
            .starts_with("invalid YAML: found unexpected end of stream at line 2 column"),
        "{}",
        f.message
    );
    assert_eq!(f.line, Some(3));
}

#[test]
fn metadata_string_is_an_error_with_a_mapping_hint() {
    let f = only(
        &findings(
            &skill("name: my-skill\ndescription: d\nmetadata: Example"),
            CODEX,
        ),
        "codex/invalid-yaml",
    );
    assert!(
        f.message
            .contains("expected struct SkillFrontmatterMetadata"),
        "{}",
        f.message
    );
    assert!(f.hint.unwrap().contains("mapping"));
}

#[test]
fn missing_description_is_an_error_with_codex_message() {
    let f = only(
        &findings(&skill("name: my-skill"), CODEX),
        "codex/missing-description",
    );
    assert_eq!(f.message, "missing field `description`");
}

#[test]
fn name_of_65_characters_is_an_error_and_64_is_not() {
    let long = findings(
        &skill(&format!("name: {}\ndescription: d", "n".repeat(65))),
        CODEX,
    );
    assert_eq!(
        only(&long, "codex/name-too-long").message,
        "invalid name: exceeds maximum length of 64 characters"
    );
    assert_eq!(
        codes(
            &skill(&format!("name: {}\ndescription: d", "n".repeat(64))),
            CODEX
        ),
        Vec::<&str>::new()
    );
}

#[test]
fn folder_name_fallback_over_64_characters_is_an_error() {
    let dir = tempfile::tempdir().unwrap();
    let folder = "f".repeat(65);
    write(
        dir.path(),
        &format!("{folder}/SKILL.md"),
        &skill("description: d"),
    );
    assert_eq!(
        validate(&[dir.path().to_path_buf()], &[CODEX])
            .iter()
            .map(|f| f.code)
            .collect::<Vec<_>>(),
        ["codex/name-too-long"]
    );
}

#[test]
fn description_over_1024_characters_warns_about_the_catalog_cut() {
    let f = only(
        &findings(
            &skill(&format!(
                "name: my-skill\ndescription: {}",
                "d".repeat(1025)
            )),
            CODEX,
        ),
        "codex/description-truncated",
    );
    assert_eq!((f.severity, f.line), (Severity::Warning, Some(3)));
}

#[test]
fn description_of_1024_characters_is_shown_whole() {
    assert_eq!(
        codes(
            &skill(&format!(
                "name: my-skill\ndescription: {}",
                "d".repeat(1024)
            )),
            CODEX
        ),
        Vec::<&str>::new()
    );
}

#[test]
fn name_with_space_or_dot_cannot_be_mentioned() {
    let f = only(
        &findings(&skill("name: my skill.v2\ndescription: d"), CODEX),
        "codex/name-not-mentionable",
    );
    assert!(
        f.message.contains("`$my skill.v2` is read as `$my`"),
        "{}",
        f.message
    );
    assert_eq!(f.hint.as_deref(), Some("rename it to `my-skill-v2`"));
}

#[test]
fn name_with_colon_underscore_and_digits_can_be_mentioned() {
    assert_eq!(
        codes(&skill("name: slack:search_2\ndescription: d"), CODEX),
        Vec::<&str>::new()
    );
}

#[test]
fn environment_variable_name_cannot_be_mentioned_in_any_case() {
    assert_eq!(
        codes(&skill("name: Home\ndescription: d"), CODEX),
        ["codex/name-is-env-var"]
    );
    assert_eq!(
        codes(&skill("name: xdg_config_home\ndescription: d"), CODEX),
        ["codex/name-is-env-var"]
    );
}

#[test]
fn trailing_colon_in_name_warns() {
    assert_eq!(
        codes(&skill("name: 'pdf:'\ndescription: d"), CODEX),
        ["codex/name-trailing-colon"]
    );
}

#[test]
fn folder_name_is_checked_when_name_is_absent() {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), "My Folder/SKILL.md", &skill("description: d"));
    assert_eq!(
        validate(&[dir.path().to_path_buf()], &[CODEX])
            .iter()
            .map(|f| f.code)
            .collect::<Vec<_>>(),
        ["codex/name-not-mentionable"]
    );
}

#[test]
fn same_name_in_two_given_folders_is_ambiguous() {
    let a = tempfile::tempdir().unwrap();
    let b = tempfile::tempdir().unwrap();
    write(a.path(), "pdf/SKILL.md", &valid("pdf"));
    write(b.path(), "pdf/SKILL.md", &valid("pdf"));
    let found = validate(&[a.path().to_path_buf(), b.path().to_path_buf()], &[CODEX]);
    assert_eq!(
        found.iter().map(|f| f.code).collect::<Vec<_>>(),
        ["codex/duplicate-name", "codex/duplicate-name"]
    );
    assert_eq!(found[0].line, Some(2));
}

#[test]
fn different_names_are_not_ambiguous() {
    let a = tempfile::tempdir().unwrap();
    write(a.path(), "pdf/SKILL.md", &valid("pdf"));
    write(a.path(), "doc/SKILL.md", &valid("doc"));
    assert_eq!(validate(&[a.path().to_path_buf()], &[CODEX]), Vec::new());
}

#[cfg(unix)]
#[test]
fn symlinked_skill_file_is_ignored_by_codex() {
    let dir = tempfile::tempdir().unwrap();
    let real = write(dir.path(), "store/real.md", &valid("linked"));
    std::fs::create_dir(dir.path().join("linked")).unwrap();
    std::os::unix::fs::symlink(real, dir.path().join("linked/SKILL.md")).unwrap();
    let found = validate(&[dir.path().to_path_buf()], &[CODEX]);
    assert_eq!(
        found.iter().map(|f| f.code).collect::<Vec<_>>(),
        ["codex/symlinked-skill-file"]
    );
}

#[test]
fn skill_in_hidden_folder_is_never_loaded() {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), ".curated/pdf/SKILL.md", &valid("pdf"));
    let found = validate(&[dir.path().to_path_buf()], &[CODEX]);
    assert_eq!(
        found.iter().map(|f| f.code).collect::<Vec<_>>(),
        ["codex/hidden-path"]
    );
}

#[test]
fn skill_seven_levels_down_is_never_loaded() {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), "1/2/3/4/5/6/7/SKILL.md", &valid("7"));
    write(dir.path(), "a/b/c/d/e/f/SKILL.md", &valid("f"));
    let found = validate(&[dir.path().to_path_buf()], &[CODEX]);
    assert_eq!(
        found.iter().map(|f| f.code).collect::<Vec<_>>(),
        ["codex/too-deep"]
    );
}

#[test]
fn latin1_file_is_rejected_with_codex_read_message() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("SKILL.md");
    std::fs::write(&path, b"---\nname: a\ndescription: caf\xe9!\n---\n").unwrap();
    let found = validate(&[path], &[CODEX]);
    assert_eq!(
        found[0].message,
        "failed to read file: invalid utf-8 sequence of 1 bytes from index 28"
    );
}

#[test]
fn misspelled_product_in_openai_yaml_voids_the_file() {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), "pdf/SKILL.md", &valid("pdf"));
    write(
        dir.path(),
        "pdf/agents/openai.yaml",
        "policy:\n  allow_implicit_invocation: false\n  products: [Codex]\n",
    );
    let found = validate(&[dir.path().to_path_buf()], &[CODEX]);
    assert_eq!(found.len(), 1);
    assert_eq!(found[0].code, "codex/openai-yaml-ignored");
    assert!(found[0].path.ends_with("pdf/agents/openai.yaml"));
    assert_eq!(found[0].line, Some(3));
}

#[test]
fn plugin_manifest_qualifies_names_so_same_base_names_do_not_clash() {
    let dir = tempfile::tempdir().unwrap();
    write(
        dir.path(),
        "one/.claude-plugin/plugin.json",
        r#"{"name": "one"}"#,
    );
    write(
        dir.path(),
        "two/.codex-plugin/plugin.json",
        r#"{"name": "two"}"#,
    );
    write(dir.path(), "one/skills/access/SKILL.md", &valid("access"));
    write(dir.path(), "two/skills/access/SKILL.md", &valid("access"));
    assert_eq!(validate(&[dir.path().to_path_buf()], &[CODEX]), Vec::new());
}

#[test]
fn plugin_namespace_is_part_of_the_mentioned_name() {
    let dir = tempfile::tempdir().unwrap();
    write(
        dir.path(),
        "p/.codex-plugin/plugin.json",
        r#"{"name": "my plugin"}"#,
    );
    write(dir.path(), "p/skills/x/SKILL.md", &valid("x"));
    let found = validate(&[dir.path().to_path_buf()], &[CODEX]);
    assert_eq!(
        found.iter().map(|f| f.code).collect::<Vec<_>>(),
        ["codex/name-not-mentionable"]
    );
    assert!(
        found[0].message.contains("`my plugin:x`"),
        "{}",
        found[0].message
    );
}

#[test]
fn duplicate_key_error_points_at_the_second_key() {
    let f = only(
        &findings(&skill("name: a\nname: b\ndescription: d"), CODEX),
        "codex/invalid-yaml",
    );
    assert_eq!(
        (f.message.as_str(), f.line),
        ("invalid YAML: duplicate field `name`", Some(3))
    );
}

#[test]
fn indentation_error_gets_an_indentation_hint_not_a_quote_hint() {
    let f = only(
        &findings(&skill("name: a\n  description: x"), CODEX),
        "codex/invalid-yaml",
    );
    assert!(f.hint.unwrap().starts_with("check the indentation"));
}

#[test]
fn name_that_only_contains_an_env_var_is_mentionable() {
    assert_eq!(
        codes(&skill("name: homepage\ndescription: d"), CODEX),
        Vec::<&str>::new()
    );
}

#[cfg(unix)]
#[test]
fn symlinked_skill_folder_is_followed_without_warning() {
    let dir = tempfile::tempdir().unwrap();
    let store = tempfile::tempdir().unwrap();
    write(store.path(), "real/SKILL.md", &valid("real"));
    std::os::unix::fs::symlink(store.path().join("real"), dir.path().join("real")).unwrap();
    assert_eq!(validate(&[dir.path().to_path_buf()], &[CODEX]), Vec::new());
}

#[test]
fn given_hidden_folder_is_a_root_not_a_hidden_path() {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), ".system/pdf/SKILL.md", &valid("pdf"));
    assert_eq!(
        validate(&[dir.path().join(".system")], &[CODEX]),
        Vec::new()
    );
}

#[test]
fn openai_yaml_given_by_path_gets_only_its_own_checks() {
    let dir = tempfile::tempdir().unwrap();
    let file = write(
        dir.path(),
        "pdf/agents/openai.yaml",
        "interface:\n  brand_color: blue\n",
    );
    let found = validate(&[file], &RuleSet::ALL);
    assert_eq!(
        found.iter().map(|f| f.code).collect::<Vec<_>>(),
        ["codex/openai-yaml-brand-color"]
    );
}
