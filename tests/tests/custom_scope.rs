//! A team adds its own scope with a `RootProvider` defined here, outside every workspace crate,
//! and the whole pipeline — listing, catalog, mentions, detection — treats it by its ranks
//! alone (architecture guide §3, "Scopes are open").

use std::fs;
use std::path::{Path, PathBuf};

use skilldeck::{
    DiscoveryContext, Layout, RootProvider, Scope, SkillRoot, SkillsManager, UserInput,
};

/// The team's share: loaded after repo skills and before user skills, and listed in the catalog
/// between them.
struct TeamSkills {
    dirs: Vec<PathBuf>,
}

fn team_scope() -> Scope {
    Scope::new("team", 50, 250)
}

impl RootProvider for TeamSkills {
    fn roots(&self, _ctx: &DiscoveryContext) -> Vec<SkillRoot> {
        self.dirs
            .iter()
            .map(|dir| SkillRoot::new(dir.clone(), team_scope()))
            .collect()
    }
}

fn skill(dir: &Path, name: &str) {
    let folder = dir.join(name);
    fs::create_dir_all(&folder).unwrap();
    fs::write(
        folder.join("SKILL.md"),
        format!("---\nname: {name}\ndescription: The {name} skill\n---\n\nDo {name}.\n"),
    )
    .unwrap();
}

struct Setup {
    _dir: tempfile::TempDir,
    repo: PathBuf,
    team: PathBuf,
    manager: SkillsManager,
}

fn setup() -> Setup {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    let repo = root.join("repo");
    fs::create_dir_all(repo.join(".git")).unwrap();
    skill(&repo.join(".agents/skills"), "repo-skill");
    skill(&root.join("home/.agents/skills"), "user-skill");
    let team = root.join("team-share");
    skill(&team, "deploy");
    fs::create_dir_all(team.join("deploy/scripts")).unwrap();
    fs::write(team.join("deploy/scripts/ship.sh"), "echo ship\n").unwrap();
    let manager = SkillsManager::builder(Layout::codex())
        .home(root.join("codex-home"))
        .user_home(Some(root.join("home")))
        .admin_dir(root.join("admin"))
        .cwd(&repo)
        .root_provider(TeamSkills {
            dirs: vec![team.clone()],
        })
        .build()
        .unwrap();
    Setup {
        _dir: dir,
        repo,
        team,
        manager,
    }
}

#[test]
fn custom_scope_skills_load_between_repo_and_user_skills() {
    let setup = setup();
    let outcome = setup.manager.outcome();
    let listed: Vec<(&str, &str)> = outcome
        .skills
        .iter()
        .map(|skill| (skill.name.as_str(), skill.scope.name()))
        .collect();
    assert_eq!(
        listed,
        [
            ("repo-skill", "repo"),
            ("deploy", "team"),
            ("user-skill", "user")
        ]
    );
}

#[test]
fn custom_scope_name_is_the_listing_scope() {
    let setup = setup();
    let listing = setup.manager.outcome().listing(&setup.repo);
    let deploy = listing
        .skills
        .iter()
        .find(|skill| skill.name == "deploy")
        .unwrap();
    assert_eq!(deploy.scope, "team");
}

#[test]
fn custom_scope_skills_sit_between_repo_and_user_in_the_catalog() {
    let setup = setup();
    let catalog = setup.manager.catalog(Some(272_000)).unwrap();
    let order: Vec<&str> = catalog
        .lines
        .iter()
        .map(|line| line.name.as_str())
        .collect();
    assert_eq!(order, ["repo-skill", "deploy", "user-skill"]);
}

#[test]
fn custom_scope_skill_can_be_mentioned() {
    let setup = setup();
    let injected = setup
        .manager
        .inject(&[UserInput::text("ship it with $deploy")]);
    assert_eq!(injected.injections.len(), 1);
    assert!(injected.injections[0].fragment.contains("Do deploy."));
}

#[test]
fn custom_scope_skill_script_run_is_detected() {
    let setup = setup();
    let found = setup
        .manager
        .detect("bash scripts/ship.sh", &setup.team.join("deploy"))
        .expect("detected");
    assert_eq!(
        (found.name.as_str(), found.scope.name()),
        ("deploy", "team")
    );
}
