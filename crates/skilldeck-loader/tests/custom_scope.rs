//! A scope defined outside the workspace crates, with its own root provider: its skills load,
//! carry the scope value, and sort by its load rank (between repo and user here).
mod common;

use std::path::PathBuf;

use common::{Tree, names};
use skilldeck_loader::{DiscoveryContext, LoaderOptions, RootProvider, load};
use skilldeck_model::{Scope, SkillRoot};

/// A team's shared skills directory, loaded after repo skills and before user skills.
struct TeamSkills {
    dirs: Vec<PathBuf>,
}

impl TeamSkills {
    fn scope() -> Scope {
        Scope::new("team", 50, 250)
    }
}

impl RootProvider for TeamSkills {
    fn roots(&self, _ctx: &DiscoveryContext) -> Vec<SkillRoot> {
        self.dirs
            .iter()
            .map(|dir| SkillRoot::new(dir.clone(), TeamSkills::scope()))
            .collect()
    }
}

#[test]
fn team_scope_skills_load_between_repo_and_user_skills() {
    let t = Tree::new();
    t.git("repo");
    t.skill("repo/.agents/skills/r", "zz-repo", "d");
    t.skill("home/.agents/skills/u", "aa-user", "d");
    t.skill("team-share/deploy", "deploy", "Ship the service");
    t.file("team-share/broken/SKILL.md", "no front matter");
    let team = TeamSkills {
        dirs: vec![t.path("team-share")],
    };
    let outcome = load(&t.ctx("repo"), &[&team], &LoaderOptions::default());

    assert_eq!(names(&outcome), ["zz-repo", "deploy", "aa-user"]);
    assert_eq!(outcome.skills[1].scope, TeamSkills::scope());
    assert_eq!(
        outcome.errors.len(),
        1,
        "a custom scope reports errors by default"
    );
    assert!(outcome.roots.iter().any(|root| root.scope.name() == "team"));
}
