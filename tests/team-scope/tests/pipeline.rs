//! The team scope through the whole pipeline — load, catalog, mentions, detection — using only
//! the public API of the loader, render, injection and invocation crates, none of which knows
//! the scope.
use std::fs;
use std::path::{Path, PathBuf};

use skilldeck_example_team_scope::{TEAM, TeamSkills};
use skilldeck_injection::{FsReader, InjectionOptions, UserInput, inject};
use skilldeck_invocation::{DetectionKind, Detector, Mode};
use skilldeck_loader::{DiscoveryContext, LoaderOptions, load};
use skilldeck_model::{Layout, LoadOutcome};
use skilldeck_render::{Budget, CatalogOptions, CatalogTexts, render_catalog};

/// A repository, a user home and a team share, each with one skill; the team's `deploy` has a
/// script. Names, descriptions and root paths have equal lengths, so every catalog line costs
/// the same and only the ranks decide what a small budget keeps.
struct Fixture {
    _dir: tempfile::TempDir,
    repo: PathBuf,
    share: PathBuf,
    ctx: DiscoveryContext,
}

fn skill(folder: &Path, name: &str, extra_front_matter: &str) {
    fs::create_dir_all(folder).unwrap();
    fs::write(
        folder.join("SKILL.md"),
        format!(
            "---\nname: {name}\ndescription: The {name} skill\n{extra_front_matter}---\n\nDo {name}.\n"
        ),
    )
    .unwrap();
}

fn fixture() -> Fixture {
    let dir = tempfile::tempdir().unwrap();
    let base = dir.path().canonicalize().unwrap();
    let repo = base.join("repo");
    fs::create_dir_all(repo.join(".git")).unwrap();
    skill(&repo.join(".agents/skills/review"), "review", "");
    skill(&base.join("home/.agents/skills/jotter"), "jotter", "");
    // As long as the other two roots, so that every catalog line costs the same.
    let share = base.join("team/.shared/skills");
    skill(&share.join("deploy"), "deploy", "");
    fs::create_dir_all(share.join("deploy/scripts")).unwrap();
    fs::write(share.join("deploy/scripts/ship.py"), "print('ship')\n").unwrap();
    let ctx = DiscoveryContext::new(Layout::codex(), &repo)
        .with_home(base.join("codex-home"))
        .with_user_home(base.join("home"))
        .with_admin_dir(base.join("admin"));
    Fixture {
        _dir: dir,
        repo,
        share,
        ctx,
    }
}

fn load_with_team(fixture: &Fixture, options: &LoaderOptions) -> LoadOutcome {
    let team = TeamSkills::from_dirs([&fixture.share]);
    load(&fixture.ctx, &[&team], options)
}

fn texts() -> CatalogTexts {
    CatalogTexts {
        intro_absolute: "Skills on offer, each with the path of its SKILL.md.".into(),
        intro_aliases: "Skills on offer; rN names a root listed below.".into(),
        usage_absolute: "- Read a skill's SKILL.md before following it.".into(),
        usage_aliases: "- Expand rN first, then read the SKILL.md.".into(),
    }
}

fn catalog_names(outcome: &LoadOutcome) -> Vec<String> {
    let options = CatalogOptions {
        budget: Budget::Characters(8_000),
        include_usage: false,
        neutralize_closing_tags: false,
    };
    render_catalog(outcome, &options, &texts())
        .map(|catalog| catalog.lines.into_iter().map(|line| line.name).collect())
        .unwrap_or_default()
}

fn mentioned(outcome: &LoadOutcome, message: &str) -> Vec<String> {
    inject(
        outcome,
        &[UserInput::text(message)],
        &InjectionOptions::codex(),
        &FsReader,
    )
    .injections
    .into_iter()
    .map(|injection| injection.name)
    .collect()
}

#[test]
fn team_skills_load_with_the_team_scope_between_repo_and_user() {
    let fixture = fixture();
    let outcome = load_with_team(&fixture, &LoaderOptions::codex());
    let listed: Vec<(&str, &str)> = outcome
        .skills
        .iter()
        .map(|skill| (skill.name.as_str(), skill.scope.name()))
        .collect();
    assert_eq!(
        listed,
        [("review", "repo"), ("deploy", "team"), ("jotter", "user")]
    );
    assert_eq!(outcome.skills[1].scope, TEAM);
    assert!(outcome.errors.is_empty());
}

#[test]
fn team_skills_appear_in_the_catalog_at_their_prompt_rank() {
    let fixture = fixture();
    let outcome = load_with_team(&fixture, &LoaderOptions::codex());
    assert_eq!(catalog_names(&outcome), ["review", "deploy", "jotter"]);
}

#[test]
fn team_catalog_line_names_the_team_scope_and_the_walked_path() {
    let fixture = fixture();
    let outcome = load_with_team(&fixture, &LoaderOptions::codex());
    let options = CatalogOptions {
        budget: Budget::Characters(8_000),
        include_usage: false,
        neutralize_closing_tags: false,
    };
    let catalog = render_catalog(&outcome, &options, &texts()).expect("a catalog");
    let line = catalog
        .lines
        .iter()
        .find(|line| line.name == "deploy")
        .expect("deploy is listed");
    assert_eq!(line.scope, "team");
    assert_eq!(
        Path::new(&line.location),
        fixture.share.join("deploy/SKILL.md")
    );
}

#[test]
fn under_budget_pressure_user_skills_are_dropped_before_team_skills() {
    let fixture = fixture();
    let outcome = load_with_team(&fixture, &LoaderOptions::codex());
    let full = ["review", "deploy", "jotter"];
    let mut saw_two = false;
    for limit in 0..600 {
        let options = CatalogOptions {
            budget: Budget::Characters(limit),
            include_usage: false,
            neutralize_closing_tags: false,
        };
        let listed: Vec<String> = render_catalog(&outcome, &options, &texts())
            .map(|catalog| catalog.lines.into_iter().map(|line| line.name).collect())
            .unwrap_or_default();
        // Whatever the budget, the kept skills are the first ones in prompt-rank order.
        assert_eq!(listed, full[..listed.len()], "budget {limit}");
        saw_two |= listed.len() == 2;
    }
    assert!(saw_two, "some budget keeps the repo and team skills only");
}

#[test]
fn team_skill_can_be_mentioned() {
    let fixture = fixture();
    let outcome = load_with_team(&fixture, &LoaderOptions::codex());
    let result = inject(
        &outcome,
        &[UserInput::text("ship it with $deploy please")],
        &InjectionOptions::codex(),
        &FsReader,
    );
    assert_eq!(result.injections.len(), 1);
    assert_eq!(result.injections[0].name, "deploy");
    assert!(result.injections[0].fragment.contains("Do deploy."));
}

#[test]
fn team_skill_can_be_mentioned_by_link() {
    let fixture = fixture();
    let outcome = load_with_team(&fixture, &LoaderOptions::codex());
    let link = fixture.share.join("deploy/SKILL.md");
    let message = format!("follow [$deploy]({})", link.display());
    assert_eq!(mentioned(&outcome, &message), ["deploy"]);
}

#[test]
fn running_a_team_skill_script_is_detected() {
    let fixture = fixture();
    let outcome = load_with_team(&fixture, &LoaderOptions::codex());
    let detector = Detector::new(&outcome);
    let found = detector
        .detect(
            "python3 scripts/ship.py --env prod",
            &fixture.share.join("deploy"),
            Mode::Codex,
        )
        .expect("detected");
    assert_eq!(found.name, "deploy");
    assert_eq!(found.scope, TEAM);
    assert_eq!(found.kind, DetectionKind::Script);
}

#[test]
fn reading_a_team_skill_file_is_detected() {
    let fixture = fixture();
    let outcome = load_with_team(&fixture, &LoaderOptions::codex());
    let path = fixture.share.join("deploy/SKILL.md");
    let found = Detector::new(&outcome)
        .detect(
            &format!("cat {}", path.display()),
            &fixture.repo,
            Mode::Codex,
        )
        .expect("detected");
    assert_eq!(
        (found.name.as_str(), found.kind),
        ("deploy", DetectionKind::Doc)
    );
}
