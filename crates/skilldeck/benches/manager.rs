//! What the freshness check saves: a cached `outcome()` (config read + discovery + one `stat`
//! per recorded path) against a full rescan (`refresh()` then `outcome()`), on a repository
//! with 300 skills. Compare the two as a ratio; absolute times depend on the machine.

use std::fs;
use std::path::Path;
use std::time::{Duration, SystemTime};

use skilldeck::{Profile, SkillsManager};

fn main() {
    divan::main();
}

const SKILLS: usize = 300;

fn age(path: &Path) {
    let old = SystemTime::now() - Duration::from_secs(60);
    if path.is_dir() {
        for entry in fs::read_dir(path).unwrap().flatten() {
            age(&entry.path());
        }
    }
    fs::File::open(path).unwrap().set_modified(old).unwrap();
}

fn setup() -> (tempfile::TempDir, SkillsManager) {
    let dir = tempfile::tempdir().unwrap();
    let repo = dir.path().join("repo");
    fs::create_dir_all(repo.join(".git")).unwrap();
    for index in 0..SKILLS {
        let folder = repo.join(format!(".agents/skills/skill-{index:04}"));
        fs::create_dir_all(folder.join("scripts")).unwrap();
        fs::write(
            folder.join("SKILL.md"),
            format!(
                "---\nname: skill-{index:04}\ndescription: Does task number {index} for the team\n---\n\n# Steps\n\n{}\n",
                "Do the thing carefully.\n".repeat(40)
            ),
        )
        .unwrap();
    }
    age(dir.path());
    let manager = SkillsManager::builder(Profile::Codex.layout())
        .home(dir.path().join("codex-home"))
        .user_home(Some(dir.path().join("home")))
        .admin_dir(dir.path().join("admin"))
        .cwd(&repo)
        .build()
        .unwrap();
    assert_eq!(manager.outcome().skills.len(), SKILLS);
    (dir, manager)
}

#[divan::bench]
fn outcome_cached(bencher: divan::Bencher<'_, '_>) {
    let (_dir, manager) = setup();
    bencher.bench_local(|| manager.outcome());
    assert_eq!(manager.load_count(), 1, "every call was a cache hit");
}

#[divan::bench]
fn outcome_rescanned(bencher: divan::Bencher<'_, '_>) {
    let (_dir, manager) = setup();
    bencher.bench_local(|| {
        manager.refresh();
        manager.outcome()
    });
}
