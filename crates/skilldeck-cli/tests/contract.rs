//! The CLI contract (architecture guide §6), checked on the built binary: flags, outputs and
//! exit codes. Human and JSON outputs are pinned by snapshots in `snapshots.rs`.

mod support;

use support::Fixture;

const COMMANDS: [&str; 7] = [
    "list",
    "catalog",
    "inject",
    "detect",
    "validate",
    "install-system",
    "explain",
];

#[test]
fn every_command_has_long_help_with_an_example() {
    let fixture = Fixture::new();
    for command in COMMANDS {
        let run = fixture.run(&[command, "--help"]);
        assert_eq!(run.code, 0, "{command} --help");
        assert!(
            run.stdout.contains("Example:\n  skilldeck"),
            "{command} --help has no example:\n{}",
            run.stdout
        );
    }
}

#[test]
fn version_flag_prints_the_package_version() {
    let run = Fixture::new().run(&["--version"]);
    assert_eq!(run.code, 0);
    assert_eq!(
        run.stdout,
        format!("skilldeck {}\n", env!("CARGO_PKG_VERSION"))
    );
}

#[test]
fn unknown_flag_is_a_usage_error() {
    let run = Fixture::new().run(&["list", "--bogus"]);
    assert_eq!(run.code, 2);
    assert!(run.stderr.contains("--bogus"), "{}", run.stderr);
}

#[test]
fn missing_command_is_a_usage_error() {
    assert_eq!(Fixture::new().run(&[]).code, 2);
}

#[test]
fn malformed_config_override_is_a_usage_error() {
    let run = Fixture::new().run(&["-c", "no-equals-sign", "list"]);
    assert_eq!(run.code, 2, "{run:?}");
    assert!(run.stderr.starts_with("error: "), "{}", run.stderr);
}

#[test]
fn unknown_profile_is_a_usage_error() {
    assert_eq!(Fixture::new().run(&["--profile", "claude", "list"]).code, 2);
}

#[test]
fn list_json_of_an_empty_tree_has_no_skills_and_echoes_the_cwd() {
    let run = Fixture::new().run(&["-c", "skills.bundled.enabled=false", "list", "--json"]);
    assert_eq!(run.code, 0, "{run:?}");
    let json: serde_json::Value = serde_json::from_str(&run.stdout).expect("JSON");
    assert_eq!(
        json,
        serde_json::json!({"cwd": "[TMP]/repo", "skills": [], "errors": []})
    );
}

#[test]
fn catalog_prints_nothing_when_no_skill_is_visible() {
    let run = Fixture::new().run(&["-c", "skills.bundled.enabled=false", "catalog"]);
    assert_eq!(
        (run.code, run.stdout.as_str(), run.stderr.as_str()),
        (0, "", "")
    );
}

#[test]
fn codex_profile_fatal_config_error_lists_one_error_for_the_cwd() {
    let fixture = Fixture::new();
    fixture.write(
        "tool-home/config.toml",
        "[[skills.config]]\nname = \"x1\"\nenabled = false\n\n[[skills.config]]\nname = \"x2\"\n",
    );
    let run = fixture.run_codex(&["list", "--json"]);
    assert_eq!(run.code, 0, "{run:?}");
    let json: serde_json::Value = serde_json::from_str(&run.stdout).expect("JSON");
    assert_eq!(
        json,
        serde_json::json!({
            "cwd": "[TMP]/repo",
            "skills": [],
            "errors": [{
                "path": "[TMP]/repo",
                "message": "failed to reload config: [TMP]/tool-home/config.toml:5:1: missing field `enabled`"
            }]
        })
    );
}

#[test]
fn install_system_is_refused_in_the_codex_profile() {
    let fixture = Fixture::new();
    let run = fixture.run_codex(&["install-system"]);
    assert_eq!(run.code, 1);
    assert!(
        run.stderr
            .starts_with("error: the codex profile never writes"),
        "{}",
        run.stderr
    );
    assert!(fixture.tree("tool-home").is_empty());
}

#[test]
fn codex_profile_never_writes_anything() {
    let fixture = Fixture::new();
    fixture.skill("repo/.agents/skills", "alpha", "alpha", "First skill");
    fixture.skill("home/.agents/skills", "beta", "beta", "Second skill");
    let before = fixture.tree("");
    for args in [
        &["list"][..],
        &["list", "--json"],
        &["catalog"],
        &["catalog", "--context-window", "272000"],
        &["inject", "use $alpha"],
        &["detect", "--", "cat", "SKILL.md"],
        &["explain", "alpha"],
        &["install-system"],
    ] {
        fixture.run_codex(args);
    }
    assert_eq!(fixture.tree(""), before);
}
