//! `SkillsManager` over fixture trees in temp dirs: tiers, profiles, cache and freshness.

use std::fs;
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime};

use skilldeck::{Layout, Profile, SkillsManager, SkillsManagerBuilder, UserInput};

struct Tree {
    dir: tempfile::TempDir,
}

impl Tree {
    fn new() -> Tree {
        let tree = Tree {
            dir: tempfile::tempdir().expect("temp dir"),
        };
        fs::create_dir_all(tree.path("repo/.git")).unwrap();
        fs::write(tree.path("repo/.git/HEAD"), "ref: refs/heads/main\n").unwrap();
        fs::create_dir_all(tree.path("home")).unwrap();
        tree
    }

    fn path(&self, rel: &str) -> PathBuf {
        self.dir.path().join(rel)
    }

    fn skill(&self, dir: &str, name: &str) {
        let file = self.path(&format!("{dir}/{name}/SKILL.md"));
        fs::create_dir_all(file.parent().unwrap()).unwrap();
        fs::write(
            &file,
            format!("---\nname: {name}\ndescription: The {name} skill\n---\n\nDo {name}.\n"),
        )
        .unwrap();
    }

    fn builder(&self, profile: Profile) -> SkillsManagerBuilder {
        SkillsManager::builder(profile.layout())
            .home(self.path("tool-home"))
            .user_home(Some(self.path("home")))
            .admin_dir(self.path("admin"))
            .cwd(self.path("repo"))
    }

    /// Moves every mtime below the temp dir a minute into the past, so the freshness check
    /// trusts them (a recent mtime is always re-checked).
    fn age(&self) {
        age(self.dir.path());
    }
}

fn age(path: &Path) {
    let old = SystemTime::now() - Duration::from_secs(60);
    if path.is_dir() {
        for entry in fs::read_dir(path).unwrap().flatten() {
            age(&entry.path());
        }
    }
    fs::File::open(path).unwrap().set_modified(old).unwrap();
}

fn names(manager: &SkillsManager) -> Vec<String> {
    manager
        .outcome()
        .skills
        .iter()
        .map(|skill| skill.name.clone())
        .collect()
}

#[test]
fn second_call_on_an_unchanged_tree_does_not_rescan() {
    let tree = Tree::new();
    tree.skill("repo/.agents/skills", "alpha");
    tree.age();
    let manager = tree.builder(Profile::Codex).build().unwrap();
    assert_eq!(names(&manager), ["alpha"]);
    assert_eq!(names(&manager), ["alpha"]);
    assert_eq!(manager.load_count(), 1);
}

#[test]
fn new_skill_folder_is_seen_on_the_next_call() {
    let tree = Tree::new();
    tree.skill("repo/.agents/skills", "alpha");
    tree.age();
    let manager = tree.builder(Profile::Codex).build().unwrap();
    assert_eq!(names(&manager), ["alpha"]);
    tree.skill("repo/.agents/skills", "beta");
    assert_eq!(names(&manager), ["alpha", "beta"]);
}

#[test]
fn newly_created_user_root_is_seen_on_the_next_call() {
    let tree = Tree::new();
    tree.skill("repo/.agents/skills", "alpha");
    tree.age();
    let manager = tree.builder(Profile::Codex).build().unwrap();
    assert_eq!(names(&manager), ["alpha"]);
    tree.skill("home/.agents/skills", "mine");
    assert_eq!(names(&manager), ["alpha", "mine"]);
}

#[test]
fn refresh_forces_a_rescan() {
    let tree = Tree::new();
    tree.skill("repo/.agents/skills", "alpha");
    tree.age();
    let manager = tree.builder(Profile::Codex).build().unwrap();
    manager.outcome();
    manager.refresh();
    manager.outcome();
    assert_eq!(manager.load_count(), 2);
}

#[test]
fn config_change_is_seen_without_a_refresh() {
    let tree = Tree::new();
    tree.skill("repo/.agents/skills", "alpha");
    tree.age();
    let manager = tree.builder(Profile::Codex).build().unwrap();
    assert!(manager.outcome().disabled_paths.is_empty());
    fs::create_dir_all(tree.path("tool-home")).unwrap();
    fs::write(
        tree.path("tool-home/config.toml"),
        "[[skills.config]]\nname = \"alpha\"\nenabled = false\n",
    )
    .unwrap();
    assert_eq!(manager.outcome().disabled_paths.len(), 1);
}

#[test]
fn include_instructions_false_gives_no_catalog_but_mentions_still_inject() {
    let tree = Tree::new();
    tree.skill("repo/.agents/skills", "alpha");
    let manager = tree
        .builder(Profile::Codex)
        .config_override("skills.include_instructions=false")
        .build()
        .unwrap();
    assert!(manager.catalog(None).is_none());
    let injected = manager.inject(&[UserInput::text("use $alpha")]);
    assert_eq!(injected.injections.len(), 1);
}

#[test]
fn catalog_lists_the_visible_skills() {
    let tree = Tree::new();
    tree.skill("repo/.agents/skills", "alpha");
    let manager = tree.builder(Profile::Codex).build().unwrap();
    let catalog = manager.catalog(Some(272_000)).expect("one visible skill");
    assert!(catalog.text.starts_with("<skills_instructions>"));
    assert!(catalog.text.contains("- alpha: The alpha skill"));
}

#[test]
fn codex_profile_fatal_config_error_is_one_error_for_the_cwd() {
    let tree = Tree::new();
    tree.skill("repo/.agents/skills", "alpha");
    fs::create_dir_all(tree.path("tool-home")).unwrap();
    fs::write(
        tree.path("tool-home/config.toml"),
        "[[skills.config]]\nname = \"x\"\n",
    )
    .unwrap();
    let manager = tree.builder(Profile::Codex).build().unwrap();
    let outcome = manager.outcome();
    assert!(outcome.skills.is_empty());
    assert_eq!(outcome.errors.len(), 1);
    assert_eq!(outcome.errors[0].path, tree.path("repo"));
    assert!(
        outcome.errors[0]
            .message
            .starts_with("failed to reload config: "),
        "{}",
        outcome.errors[0].message
    );
}

#[test]
fn skilldeck_profile_skips_a_malformed_rule_and_keeps_loading() {
    let tree = Tree::new();
    tree.skill("repo/.agents/skills", "alpha");
    fs::create_dir_all(tree.path("tool-home")).unwrap();
    fs::write(
        tree.path("tool-home/config.toml"),
        "[[skills.config]]\nname = \"x\"\n",
    )
    .unwrap();
    let manager = tree
        .builder(Profile::Skilldeck)
        .install_bundled(false)
        .build()
        .unwrap();
    let outcome = manager.outcome();
    assert_eq!(outcome.skills.len(), 1);
    assert!(outcome.errors.is_empty());
    assert!(!outcome.diagnostics.is_empty());
}

#[test]
fn detect_names_the_skill_whose_script_ran() {
    let tree = Tree::new();
    tree.skill("repo/.agents/skills", "alpha");
    fs::create_dir_all(tree.path("repo/.agents/skills/alpha/scripts")).unwrap();
    fs::write(tree.path("repo/.agents/skills/alpha/scripts/run.py"), "").unwrap();
    let manager = tree.builder(Profile::Codex).build().unwrap();
    let found = manager
        .detect(
            "python3 scripts/run.py",
            &tree.path("repo/.agents/skills/alpha"),
        )
        .expect("detected");
    assert_eq!(found.name, "alpha");
}

#[test]
fn unknown_product_hides_product_restricted_skills() {
    let tree = Tree::new();
    tree.skill("repo/.agents/skills", "alpha");
    fs::create_dir_all(tree.path("repo/.agents/skills/alpha/agents")).unwrap();
    fs::write(
        tree.path("repo/.agents/skills/alpha/agents/openai.yaml"),
        "policy:\n  products: [codex]\n",
    )
    .unwrap();
    let codex = tree.builder(Profile::Codex).build().unwrap();
    assert_eq!(names(&codex), ["alpha"]);
    let unknown = tree.builder(Profile::Codex).product(None).build().unwrap();
    assert!(names(&unknown).is_empty());
}

#[test]
fn relative_home_resolves_against_the_process_directory() {
    let manager = SkillsManager::builder(Layout::codex())
        .home("relative-home")
        .cwd("/")
        .build()
        .unwrap();
    assert_eq!(
        manager.home(),
        std::env::current_dir().unwrap().join("relative-home")
    );
}

#[test]
fn cached_outcome_for_a_cwd_is_served_without_reading_the_disk() {
    let tree = Tree::new();
    tree.skill("repo/.agents/skills", "alpha");
    let manager = tree.builder(Profile::Codex).build().unwrap();
    assert!(manager.cached_outcome_in(&tree.path("repo")).is_none());
    manager.outcome();
    tree.skill("repo/.agents/skills", "beta");
    let cached = manager
        .cached_outcome_in(&tree.path("repo"))
        .expect("cached");
    assert_eq!(
        cached.skills.len(),
        1,
        "the cached answer does not look at the disk"
    );
    manager.refresh();
    assert!(manager.cached_outcome_in(&tree.path("repo")).is_none());
}

#[test]
fn two_cwds_of_one_repository_share_one_load() {
    let tree = Tree::new();
    tree.skill("repo/.agents/skills", "alpha");
    fs::create_dir_all(tree.path("repo/src")).unwrap();
    tree.age();
    let manager = tree.builder(Profile::Codex).build().unwrap();
    manager.outcome_in(&tree.path("repo"));
    manager.outcome_in(&tree.path("repo/src"));
    assert_eq!(manager.load_count(), 1);
}

#[test]
fn different_overrides_do_not_share_a_load() {
    let tree = Tree::new();
    tree.skill("repo/.agents/skills", "alpha");
    let plain = tree.builder(Profile::Codex).build().unwrap();
    let off = tree
        .builder(Profile::Codex)
        .config_override(r#"skills.config=[{name="alpha",enabled=false}]"#)
        .build()
        .unwrap();
    assert!(plain.outcome().disabled_paths.is_empty());
    assert_eq!(off.outcome().disabled_paths.len(), 1);
}

#[test]
fn explicit_config_files_replace_the_home_config() {
    let tree = Tree::new();
    tree.skill("repo/.agents/skills", "alpha");
    fs::create_dir_all(tree.path("tool-home")).unwrap();
    fs::write(
        tree.path("tool-home/config.toml"),
        "[[skills.config]]\nname = \"alpha\"\nenabled = false\n",
    )
    .unwrap();
    fs::write(
        tree.path("team.toml"),
        "[skills]\ninclude_instructions = false\n",
    )
    .unwrap();
    let manager = tree
        .builder(Profile::Codex)
        .config_files([tree.path("team.toml")])
        .build()
        .unwrap();
    assert!(manager.outcome().disabled_paths.is_empty());
    assert!(manager.catalog(None).is_none());
}

#[test]
fn explain_says_why_there_is_no_catalog() {
    let tree = Tree::new();
    tree.skill("repo/.agents/skills", "alpha");
    let manager = tree
        .builder(Profile::Codex)
        .config_override("skills.include_instructions=false")
        .build()
        .unwrap();
    let explained = manager.explain("alpha", None);
    assert_eq!(explained.skills.len(), 1);
    assert!(matches!(
        &explained.skills[0].catalog,
        skilldeck::CatalogPresence::Absent { reason } if reason.contains("include_instructions")
    ));
    assert!(explained.skills[0].plain_mention.works);
}

#[test]
fn explain_reports_a_description_cut_by_the_budget() {
    let tree = Tree::new();
    for index in 0..40 {
        let file = tree.path(&format!("repo/.agents/skills/s{index:02}/SKILL.md"));
        fs::create_dir_all(file.parent().unwrap()).unwrap();
        fs::write(
            &file,
            format!(
                "---\nname: s{index:02}\ndescription: {}\n---\n",
                "word ".repeat(60)
            ),
        )
        .unwrap();
    }
    let manager = tree.builder(Profile::Codex).build().unwrap();
    let explained = manager.explain("s00", None);
    assert!(
        matches!(
            explained.skills[0].catalog,
            skilldeck::CatalogPresence::Shortened { shown_chars, full_chars, .. } if shown_chars < full_chars
        ),
        "{:?}",
        explained.skills[0].catalog
    );
}

#[test]
fn manager_can_be_shared_between_threads() {
    fn assert_send_sync<T: Send + Sync>() {}
    assert_send_sync::<SkillsManager>();
    let tree = Tree::new();
    tree.skill("repo/.agents/skills", "alpha");
    let manager = std::sync::Arc::new(tree.builder(Profile::Codex).build().unwrap());
    let handles: Vec<_> = (0..4)
        .map(|_| {
            let manager = manager.clone();
            std::thread::spawn(move || manager.outcome().skills.len())
        })
        .collect();
    for handle in handles {
        assert_eq!(handle.join().unwrap(), 1);
    }
}

fn link_skill_file(tree: &Tree, target_dir: &str, link_dir: &str) {
    tree.skill(target_dir, "linked");
    let link = tree.path(&format!("{link_dir}/linked/SKILL.md"));
    fs::create_dir_all(link.parent().unwrap()).unwrap();
    std::os::unix::fs::symlink(tree.path(&format!("{target_dir}/linked/SKILL.md")), link).unwrap();
}

#[test]
fn symlinked_skill_file_is_ignored_in_codex_profile() {
    let tree = Tree::new();
    link_skill_file(&tree, "elsewhere", "repo/.agents/skills");
    let manager = tree.builder(Profile::Codex).build().unwrap();
    assert!(names(&manager).is_empty());
}

#[test]
fn symlinked_skill_file_loads_in_skilldeck_profile() {
    let tree = Tree::new();
    link_skill_file(&tree, "elsewhere", "repo/.agents/skills");
    let manager = tree
        .builder(Profile::Skilldeck)
        .install_bundled(false)
        .build()
        .unwrap();
    assert_eq!(names(&manager), ["linked"]);
}

fn trust_only(tree: &Tree, project: &Path) {
    fs::create_dir_all(tree.path("tool-home")).unwrap();
    fs::write(
        tree.path("tool-home/config.toml"),
        format!(
            "[skills]\ntrusted_projects = [{:?}]\n",
            project.display().to_string()
        ),
    )
    .unwrap();
}

#[test]
fn untrusted_project_skills_are_skipped_with_a_warning_in_skilldeck_profile() {
    let tree = Tree::new();
    tree.skill("repo/.agents/skills", "alpha");
    tree.skill("home/.agents/skills", "mine");
    trust_only(&tree, &tree.path("somewhere-else"));
    let manager = tree
        .builder(Profile::Skilldeck)
        .install_bundled(false)
        .build()
        .unwrap();
    assert_eq!(names(&manager), ["mine"]);
    let outcome = manager.outcome();
    assert!(
        outcome
            .diagnostics
            .iter()
            .any(|d| d.code == "discovery.untrusted_project"),
        "{:?}",
        outcome.diagnostics
    );
}

#[test]
fn trusted_project_skills_load_in_skilldeck_profile() {
    let tree = Tree::new();
    tree.skill("repo/.agents/skills", "alpha");
    trust_only(&tree, &fs::canonicalize(tree.path("repo")).unwrap());
    let manager = tree
        .builder(Profile::Skilldeck)
        .install_bundled(false)
        .build()
        .unwrap();
    assert_eq!(names(&manager), ["alpha"]);
}

#[test]
fn codex_profile_ignores_the_trust_list() {
    let tree = Tree::new();
    tree.skill("repo/.agents/skills", "alpha");
    trust_only(&tree, &tree.path("somewhere-else"));
    let manager = tree.builder(Profile::Codex).build().unwrap();
    assert_eq!(names(&manager), ["alpha"]);
}
