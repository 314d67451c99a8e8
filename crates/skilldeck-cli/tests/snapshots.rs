//! Snapshots of every command's human and JSON output on one fixture tree (temp dir shown as
//! `[TMP]`). Bundled skills are switched off with `-c skills.bundled.enabled=false` so the
//! snapshots do not change when `skills-samples/` does; `install.rs` covers the bundled skills.

mod support;

use support::{Fixture, Run};

/// A repository with four skills (one broken, one explicit-only), a user skill with UI
/// metadata, and a legacy `<home>/skills` skill disabled by the user's config.
fn fixture() -> Fixture {
    let fixture = Fixture::new();
    fixture
        .skill(
            "repo/.agents/skills",
            "alpha",
            "alpha",
            "Draft release notes from the git log",
        )
        .skill(
            "repo/.agents/skills",
            "beta",
            "beta",
            "Fill PDF forms with the bundled script",
        )
        .write(
            "repo/.agents/skills/beta/scripts/fill.py",
            "print('filled')\n",
        )
        .write(
            "repo/.agents/skills/broken/SKILL.md",
            "---\nname: broken\n---\nNo description.\n",
        )
        .skill(
            "repo/.agents/skills",
            "quiet",
            "quiet",
            "Only when asked by name",
        )
        .write(
            "repo/.agents/skills/quiet/agents/openai.yaml",
            "policy:\n  allow_implicit_invocation: false\n",
        )
        .skill(
            "home/.agents/skills",
            "gamma",
            "gamma",
            "Summarise a long thread",
        )
        .write(
            "home/.agents/skills/gamma/agents/openai.yaml",
            "interface:\n  display_name: Gamma\n  brand_color: \"#112233\"\n",
        )
        .skill(
            "tool-home/skills",
            "delta",
            "delta",
            "Old user skill, switched off",
        )
        .write(
            "tool-home/config.toml",
            "[[skills.config]]\nname = \"delta\"\nenabled = false\n",
        );
    fixture
}

const NO_BUNDLED: [&str; 2] = ["-c", "skills.bundled.enabled=false"];

fn run(fixture: &Fixture, args: &[&str]) -> Run {
    let mut all = NO_BUNDLED.to_vec();
    all.extend_from_slice(args);
    fixture.run(&all)
}

fn shown(run: &Run) -> String {
    format!(
        "exit: {}\n--- stdout\n{}--- stderr\n{}",
        run.code, run.stdout, run.stderr
    )
}

#[test]
fn list_human() {
    insta::assert_snapshot!("list_human", shown(&run(&fixture(), &["list"])));
}

#[test]
fn list_json() {
    insta::assert_snapshot!("list_json", shown(&run(&fixture(), &["list", "--json"])));
}

#[test]
fn catalog_codex_default_budget() {
    insta::assert_snapshot!("catalog_codex", shown(&run(&fixture(), &["catalog"])));
}

#[test]
fn catalog_tight_window_leaves_skills_out_with_a_warning() {
    let run = run(
        &fixture(),
        &["catalog", "--context-window", "1500", "--no-usage"],
    );
    insta::assert_snapshot!("catalog_tight_window", shown(&run));
}

#[test]
fn catalog_agentskills_format() {
    let run = run(&fixture(), &["catalog", "--format", "agentskills"]);
    insta::assert_snapshot!("catalog_agentskills", shown(&run));
}

#[test]
fn catalog_json_format() {
    let run = run(&fixture(), &["catalog", "--format", "json", "--no-usage"]);
    insta::assert_snapshot!("catalog_json", shown(&run));
}

#[test]
fn catalog_with_own_texts() {
    let fixture = fixture();
    fixture.write(
        "texts.toml",
        "intro = \"Absolute intro.\"\nintro_aliases = \"Alias intro.\"\nusage = \"Absolute usage.\"\nusage_aliases = \"Alias usage.\"\n",
    );
    let texts = fixture.path("texts.toml");
    let run = run(&fixture, &["catalog", "--texts", texts.to_str().unwrap()]);
    insta::assert_snapshot!("catalog_own_texts", shown(&run));
}

#[test]
fn inject_human() {
    let run = run(
        &fixture(),
        &["inject", "use $alpha then $quiet, not $gamma:"],
    );
    insta::assert_snapshot!("inject_human", shown(&run));
}

#[test]
fn inject_json() {
    let run = run(&fixture(), &["inject", "--json", "use $alpha and $delta"]);
    insta::assert_snapshot!("inject_json", shown(&run));
}

#[test]
fn detect_human() {
    let fixture = fixture();
    let workdir = fixture.path("repo/.agents/skills/beta");
    let run = run(
        &fixture,
        &[
            "detect",
            "--workdir",
            workdir.to_str().unwrap(),
            "--",
            "python3",
            "scripts/fill.py",
            "form.pdf",
        ],
    );
    insta::assert_snapshot!("detect_human", shown(&run));
}

#[test]
fn detect_json() {
    let fixture = fixture();
    let run = run(
        &fixture,
        &["detect", "--json", "cat .agents/skills/alpha/SKILL.md"],
    );
    insta::assert_snapshot!("detect_json", shown(&run));
}

#[test]
fn detect_json_nothing() {
    let run = run(&fixture(), &["detect", "--json", "ls -la"]);
    insta::assert_snapshot!("detect_json_nothing", shown(&run));
}

#[test]
fn explain_listed_skill() {
    insta::assert_snapshot!(
        "explain_alpha",
        shown(&run(&fixture(), &["explain", "alpha"]))
    );
}

#[test]
fn explain_explicit_only_skill() {
    insta::assert_snapshot!(
        "explain_quiet",
        shown(&run(&fixture(), &["explain", "quiet"]))
    );
}

#[test]
fn explain_disabled_skill() {
    insta::assert_snapshot!(
        "explain_delta",
        shown(&run(&fixture(), &["explain", "delta"]))
    );
}

#[test]
fn explain_broken_skill() {
    insta::assert_snapshot!(
        "explain_broken",
        shown(&run(&fixture(), &["explain", "broken"]))
    );
}

#[test]
fn explain_json() {
    let run = run(&fixture(), &["explain", "--json", "gamma"]);
    insta::assert_snapshot!("explain_gamma_json", shown(&run));
}

#[test]
fn validate_human() {
    let fixture = fixture();
    let skills = fixture.path("repo/.agents/skills");
    let run = run(&fixture, &["validate", skills.to_str().unwrap()]);
    insta::assert_snapshot!("validate_human", shown(&run));
}

#[test]
fn validate_json() {
    let fixture = fixture();
    let broken = fixture.path("repo/.agents/skills/broken/SKILL.md");
    let run = run(&fixture, &["validate", "--json", broken.to_str().unwrap()]);
    insta::assert_snapshot!("validate_json", shown(&run));
}
