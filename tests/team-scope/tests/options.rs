//! Two loader fixes seen from the other tiers, with a team skill: `disable-model-invocation`
//! (explicit only) and "closest scope wins" — each off as in Codex and on.
use std::fs;
use std::path::{Path, PathBuf};

use skilldeck_example_team_scope::TeamSkills;
use skilldeck_injection::{FsReader, InjectionOptions, UserInput, inject};
use skilldeck_invocation::{Detector, Mode};
use skilldeck_loader::{DiscoveryContext, LoaderOptions, SHADOWED_CODE, load};
use skilldeck_model::{Layout, LoadOutcome};
use skilldeck_render::{Budget, CatalogOptions, CatalogTexts, render_catalog};

struct Fixture {
    _dir: tempfile::TempDir,
    repo: PathBuf,
    share: PathBuf,
}

fn write_skill(folder: &Path, name: &str, extra_front_matter: &str) {
    fs::create_dir_all(folder.join("scripts")).unwrap();
    fs::write(
        folder.join("SKILL.md"),
        format!("---\nname: {name}\ndescription: The {name} skill\n{extra_front_matter}---\n\nDo {name}.\n"),
    )
    .unwrap();
    fs::write(folder.join("scripts/run.sh"), "echo run\n").unwrap();
}

fn fixture() -> Fixture {
    let dir = tempfile::tempdir().unwrap();
    let base = dir.path().canonicalize().unwrap();
    let repo = base.join("repo");
    fs::create_dir_all(repo.join(".git")).unwrap();
    let share = base.join("team-share");
    fs::create_dir_all(&share).unwrap();
    Fixture {
        _dir: dir,
        repo,
        share,
    }
}

fn load_with(fixture: &Fixture, options: &LoaderOptions) -> LoadOutcome {
    let ctx = DiscoveryContext::new(Layout::codex(), &fixture.repo).with_bundled_enabled(false);
    let team = TeamSkills::from_dirs([&fixture.share]);
    load(&ctx, &[&team], options)
}

fn catalog_names(outcome: &LoadOutcome) -> Vec<String> {
    let texts = CatalogTexts {
        intro_absolute: "Skills on offer.".into(),
        intro_aliases: "Skills on offer; rN names a root.".into(),
        usage_absolute: String::new(),
        usage_aliases: String::new(),
    };
    let options = CatalogOptions {
        budget: Budget::Characters(8_000),
        include_usage: false,
        neutralize_closing_tags: false,
    };
    render_catalog(outcome, &options, &texts)
        .map(|catalog| catalog.lines.into_iter().map(|line| line.name).collect())
        .unwrap_or_default()
}

fn injected_paths(outcome: &LoadOutcome, message: &str) -> Vec<String> {
    inject(
        outcome,
        &[UserInput::text(message)],
        &InjectionOptions::codex(),
        &FsReader,
    )
    .injections
    .into_iter()
    .map(|injection| injection.path)
    .collect()
}

// ---- disable-model-invocation -----------------------------------------------------------------

fn explicit_only_team_skill(fixture: &Fixture) {
    write_skill(
        &fixture.share.join("release"),
        "release",
        "disable-model-invocation: true\n",
    );
}

#[test]
fn explicit_only_team_skill_is_in_the_catalog_and_detected_in_codex_profile() {
    let fixture = fixture();
    explicit_only_team_skill(&fixture);
    let outcome = load_with(&fixture, &LoaderOptions::codex());
    assert_eq!(catalog_names(&outcome), ["release"]);
    let detected = Detector::new(&outcome).detect(
        "bash scripts/run.sh",
        &fixture.share.join("release"),
        Mode::Codex,
    );
    assert!(detected.is_some());
}

#[test]
fn honoured_explicit_only_team_skill_leaves_the_catalog_but_can_be_mentioned() {
    let fixture = fixture();
    explicit_only_team_skill(&fixture);
    let options = LoaderOptions {
        honour_disable_model_invocation: true,
        ..LoaderOptions::codex()
    };
    let outcome = load_with(&fixture, &options);
    assert!(catalog_names(&outcome).is_empty());
    assert_eq!(injected_paths(&outcome, "cut a $release now").len(), 1);
}

#[test]
fn honoured_explicit_only_team_skill_is_not_detected() {
    let fixture = fixture();
    explicit_only_team_skill(&fixture);
    let outcome = load_with(&fixture, &LoaderOptions::skilldeck());
    let detected = Detector::new(&outcome).detect(
        "bash scripts/run.sh",
        &fixture.share.join("release"),
        Mode::Codex,
    );
    assert!(detected.is_none());
}

// ---- closest scope wins -----------------------------------------------------------------------

fn deploy_in_repo_and_team(fixture: &Fixture) -> PathBuf {
    let repo_skill = fixture.repo.join(".agents/skills/deploy");
    write_skill(&repo_skill, "deploy", "");
    write_skill(&fixture.share.join("deploy"), "deploy", "");
    repo_skill.join("SKILL.md")
}

#[test]
fn duplicate_name_is_listed_twice_and_its_mention_selects_nothing_in_codex_profile() {
    let fixture = fixture();
    deploy_in_repo_and_team(&fixture);
    let outcome = load_with(&fixture, &LoaderOptions::codex());
    assert_eq!(catalog_names(&outcome), ["deploy", "deploy"]);
    assert!(injected_paths(&outcome, "run $deploy").is_empty());
}

#[test]
fn shadowing_keeps_the_repo_skill_and_makes_the_mention_unambiguous() {
    let fixture = fixture();
    let repo_skill = deploy_in_repo_and_team(&fixture);
    let options = LoaderOptions {
        shadow_duplicate_names: true,
        ..LoaderOptions::codex()
    };
    let outcome = load_with(&fixture, &options);
    assert_eq!(catalog_names(&outcome), ["deploy"]);
    assert_eq!(
        injected_paths(&outcome, "run $deploy"),
        [repo_skill.display().to_string()]
    );
    let shadowed: Vec<_> = outcome
        .diagnostics
        .iter()
        .filter(|diagnostic| diagnostic.code == SHADOWED_CODE)
        .map(|diagnostic| diagnostic.path.clone())
        .collect();
    assert_eq!(shadowed, [Some(fixture.share.join("deploy/SKILL.md"))]);
}
