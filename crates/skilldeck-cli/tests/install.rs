//! The bundled skills: what the default profile writes (only `<home>/skills/.system` and its
//! lock/staging siblings), what `install-system` prints, and what `bundled.enabled=false` does.

mod support;

use support::Fixture;

/// Every path below `<home>` that a run created or changed, outside `<home>/skills/.system*`.
fn writes_outside_the_cache(
    fixture: &Fixture,
    before: &std::collections::BTreeMap<String, String>,
) -> Vec<String> {
    fixture
        .tree("")
        .into_iter()
        .filter(|(path, state)| before.get(path) != Some(state))
        .map(|(path, _)| path)
        .filter(|path| {
            !(path == "tool-home/"
                || path == "tool-home/skills/"
                || path.starts_with("tool-home/skills/.system"))
        })
        .collect()
}

#[test]
fn default_profile_writes_only_the_system_cache_and_its_siblings() {
    let fixture = Fixture::new();
    fixture.skill("repo/.agents/skills", "alpha", "alpha", "First skill");
    let before = fixture.tree("");
    let run = fixture.run(&["list", "--json"]);
    assert_eq!(run.code, 0, "{run:?}");
    assert_eq!(
        writes_outside_the_cache(&fixture, &before),
        Vec::<String>::new()
    );
    assert!(
        fixture
            .path("tool-home/skills/.system/.skilldeck-system-skills.marker")
            .is_file()
    );
}

#[test]
fn first_use_installs_and_lists_the_bundled_skills_as_system_scope() {
    let fixture = Fixture::new();
    let run = fixture.run(&["list", "--json"]);
    let json: serde_json::Value = serde_json::from_str(&run.stdout).expect("JSON");
    let skills = json["skills"].as_array().expect("skills");
    assert!(!skills.is_empty());
    assert!(
        skills.iter().all(|skill| skill["scope"] == "system"),
        "{skills:?}"
    );
}

#[test]
fn bundled_disabled_neither_installs_nor_deletes() {
    let fixture = Fixture::new();
    let off = ["-c", "skills.bundled.enabled=false"];
    let run = fixture.run(&[off[0], off[1], "list", "--json"]);
    assert_eq!(run.code, 0);
    assert!(!fixture.path("tool-home/skills/.system").exists());

    fixture.run(&["install-system"]);
    let installed = fixture.tree("tool-home");
    let run = fixture.run(&[off[0], off[1], "list", "--json"]);
    let json: serde_json::Value = serde_json::from_str(&run.stdout).expect("JSON");
    assert_eq!(
        json["skills"],
        serde_json::json!([]),
        "the stale cache is not scanned"
    );
    assert_eq!(
        fixture.tree("tool-home"),
        installed,
        "the stale cache is left on disk"
    );
}

#[test]
fn install_system_reports_installed_then_up_to_date() {
    let fixture = Fixture::new();
    let first = fixture.run(&["install-system"]);
    assert_eq!(first.code, 0, "{first:?}");
    assert_eq!(
        first.stdout,
        "Bundled skills installed: [TMP]/tool-home/skills/.system\n"
    );
    let second = fixture.run(&["install-system"]);
    assert_eq!(
        second.stdout,
        "Bundled skills are up to date in [TMP]/tool-home/skills/.system\n"
    );
    let forced = fixture.run(&["install-system", "--force"]);
    assert_eq!(
        forced.stdout,
        "Bundled skills reinstalled: [TMP]/tool-home/skills/.system\n"
    );
}

#[test]
fn install_system_with_bundled_disabled_is_refused() {
    let fixture = Fixture::new();
    let run = fixture.run(&["-c", "skills.bundled.enabled=false", "install-system"]);
    assert_eq!(run.code, 1);
    assert!(
        run.stderr.starts_with("error: bundled skills are disabled"),
        "{}",
        run.stderr
    );
}

#[test]
fn failed_install_is_a_warning_and_the_command_still_succeeds() {
    let fixture = Fixture::new();
    fixture.skill("repo/.agents/skills", "alpha", "alpha", "First skill");
    // A file where the skills directory should be makes every install step fail.
    fixture.write("tool-home/skills", "not a directory");
    let run = fixture.run(&["list"]);
    assert_eq!(run.code, 0, "{run:?}");
    assert!(
        run.stderr
            .starts_with("warning: failed to install system skills: "),
        "{}",
        run.stderr
    );
    assert!(run.stdout.contains("alpha"), "{}", run.stdout);
}
