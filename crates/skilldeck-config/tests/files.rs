//! Loading from real files: errata 7.a–7.d, 7.h–7.j and 7.l with paths on disk.

mod common;

use std::fs;
use std::path::Path;

use common::{outcome, skill, toml_str, write_skill};
use skilldeck_config::{ConfigError, Profile, SessionOverrides, SkillsConfig};
use skilldeck_model::Layout;

fn load(
    home: &Path,
    args: &[&str],
    cwd: &Path,
    profile: Profile,
) -> Result<SkillsConfig, ConfigError> {
    let overrides = SessionOverrides::parse(args).unwrap();
    SkillsConfig::load(&Layout::codex(), home, &overrides, cwd, profile)
}

fn write_config(home: &Path, text: &str) {
    fs::create_dir_all(home).unwrap();
    fs::write(home.join("config.toml"), text).unwrap();
}

#[test]
fn a_path_rule_disables_that_skill_file() {
    let tmp = tempfile::tempdir().unwrap();
    let file = write_skill(&tmp.path().join("skills"), "by-path");
    let home = tmp.path().join("home");
    write_config(
        &home,
        &format!(
            "[[skills.config]]\npath = {}\nenabled = false\n",
            toml_str(&file)
        ),
    );
    let config = load(&home, &[], tmp.path(), Profile::Codex).unwrap();
    let disabled = config.disabled_paths(&outcome(vec![skill("by-path", &file)]));
    assert!(disabled.contains(&file));
}

#[test]
fn a_path_rule_naming_the_folder_has_no_effect() {
    let tmp = tempfile::tempdir().unwrap();
    let file = write_skill(&tmp.path().join("skills"), "by-folder");
    let home = tmp.path().join("home");
    let folder = file.parent().unwrap();
    write_config(
        &home,
        &format!(
            "[[skills.config]]\npath = {}\nenabled = false\n",
            toml_str(folder)
        ),
    );
    let config = load(&home, &[], tmp.path(), Profile::Codex).unwrap();
    let mut loaded = outcome(vec![skill("by-folder", &file)]);
    config.apply(&mut loaded);
    assert_eq!(loaded.enabled_skills().count(), 1);
}

#[cfg(unix)]
#[test]
fn a_path_rule_through_a_symlink_is_canonicalised() {
    let tmp = tempfile::tempdir().unwrap();
    let skills = tmp.path().join("repo/.agents/skills");
    let file = write_skill(&skills, "via-link");
    std::os::unix::fs::symlink(&skills, tmp.path().join("repo/linkroot")).unwrap();
    let home = tmp.path().join("home");
    let through_link = tmp.path().join("repo/linkroot/via-link/SKILL.md");
    write_config(
        &home,
        &format!(
            "[[skills.config]]\npath = {}\nenabled = false\n",
            toml_str(&through_link)
        ),
    );
    let config = load(&home, &[], tmp.path(), Profile::Codex).unwrap();
    assert!(
        config
            .disabled_paths(&outcome(vec![skill("via-link", &file)]))
            .contains(&file)
    );
}

#[test]
fn a_relative_path_resolves_against_the_config_files_directory() {
    let tmp = tempfile::tempdir().unwrap();
    let home = tmp.path().join("codex_home");
    let file = write_skill(&home.join("skills"), "rel");
    write_config(
        &home,
        "[[skills.config]]\npath = \"skills/rel/SKILL.md\"\nenabled = false\n",
    );
    let config = load(&home, &[], tmp.path(), Profile::Codex).unwrap();
    assert!(
        config
            .disabled_paths(&outcome(vec![skill("rel", &file)]))
            .contains(&file)
    );
}

#[test]
fn a_relative_flag_path_resolves_against_the_working_directory() {
    let tmp = tempfile::tempdir().unwrap();
    let cwd = tmp.path().join("repo");
    let file = write_skill(&cwd.join(".agents/skills"), "here");
    let home = tmp.path().join("home");
    let arg = "skills.config=[{path=\".agents/skills/here/SKILL.md\",enabled=false}]";
    let config = load(&home, &[arg], &cwd, Profile::Codex).unwrap();
    assert!(
        config
            .disabled_paths(&outcome(vec![skill("here", &file)]))
            .contains(&file)
    );
}

#[test]
fn flag_rules_and_file_rules_both_apply() {
    let tmp = tempfile::tempdir().unwrap();
    let home = tmp.path().join("home");
    write_config(
        &home,
        "[[skills.config]]\nname = \"file-off\"\nenabled = false\n",
    );
    let arg = "skills.config=[{name=\"cli-off\",enabled=false}]";
    let config = load(&home, &[arg], tmp.path(), Profile::Codex).unwrap();
    assert_eq!(config.rules.len(), 2);
}

#[test]
fn project_config_files_do_not_count_for_rules() {
    let tmp = tempfile::tempdir().unwrap();
    let cwd = tmp.path().join("repo");
    write_config(
        &cwd.join(".codex"),
        "[skills]\ninclude_instructions = false\n[[skills.config]]\nname = \"p1\"\nenabled = false\n",
    );
    let config = load(&tmp.path().join("home"), &[], &cwd, Profile::Codex).unwrap();
    assert!(config.rules.is_empty());
    assert!(config.include_instructions);
}

#[test]
fn an_entry_without_enabled_fails_the_whole_load_in_the_codex_profile() {
    let tmp = tempfile::tempdir().unwrap();
    let home = tmp.path().join("codex_home");
    write_config(
        &home,
        "[[skills.config]]\nname = \"x1\"\nenabled = false\n\n[[skills.config]]\nname = \"x2\"\n",
    );
    let error = load(&home, &[], tmp.path(), Profile::Codex).unwrap_err();
    assert_eq!(
        error.to_string(),
        format!(
            "failed to reload config: {}:5:1: missing field `enabled`",
            home.join("config.toml").display()
        )
    );
}

#[test]
fn a_missing_config_file_means_defaults() {
    let tmp = tempfile::tempdir().unwrap();
    let config = load(&tmp.path().join("nowhere"), &[], tmp.path(), Profile::Codex).unwrap();
    assert_eq!(config, SkillsConfig::default());
}

#[test]
fn an_unreadable_config_file_is_fatal_in_the_codex_profile() {
    let tmp = tempfile::tempdir().unwrap();
    fs::create_dir_all(tmp.path().join("config.toml")).unwrap();
    let error = load(tmp.path(), &[], tmp.path(), Profile::Codex).unwrap_err();
    assert!(matches!(error, ConfigError::Read { .. }), "{error}");
}

#[test]
fn an_unreadable_config_file_is_a_diagnostic_in_the_skilldeck_profile() {
    let tmp = tempfile::tempdir().unwrap();
    fs::create_dir_all(tmp.path().join("config.toml")).unwrap();
    let config = load(
        tmp.path(),
        &["skills.include_instructions=false"],
        tmp.path(),
        Profile::Skilldeck,
    )
    .unwrap();
    assert!(!config.include_instructions);
    assert_eq!(config.diagnostics[0].code, "config.read");
    assert_eq!(
        config.diagnostics[0].path.as_deref(),
        Some(tmp.path().join("config.toml").as_path())
    );
}

#[test]
fn disabling_bundled_skills_leaves_an_existing_cache_on_disk() {
    let tmp = tempfile::tempdir().unwrap();
    let home = tmp.path().join("home");
    let marker = Layout::codex().marker_path(&home);
    fs::create_dir_all(marker.parent().unwrap()).unwrap();
    fs::write(&marker, "x\n").unwrap();
    let config = load(
        &home,
        &["skills.bundled.enabled=false"],
        tmp.path(),
        Profile::Codex,
    )
    .unwrap();
    assert!(!config.bundled_enabled);
    assert!(marker.exists());
}
