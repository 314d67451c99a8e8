//! The installer in one process: install, up-to-date, reinstall, heal, recover, uninstall.

mod common;

use std::fs;
use std::path::{Path, PathBuf};

use common::{assert_complete_cache, files_on_disk, leftovers, tree};
use pretty_assertions::assert_eq;
use skilldeck_model::Layout;
use skilldeck_system::{
    BUNDLED, BUNDLED_FINGERPRINT, Bundle, InstallOptions, InstallOutcome, Status, fingerprint_of,
    install, status, uninstall,
};

const SKILL_A: &str = "---\nname: a\ndescription: first\n---\nbody\n";
const YAML_A: &str = "interface:\n  display_name: A\n";
const SKILL_B: &str = "---\nname: b\ndescription: second\n---\n";

fn small() -> Bundle<'static> {
    Bundle::from_dir(tree(&[
        ("a/SKILL.md", SKILL_A),
        ("a/agents/openai.yaml", YAML_A),
        ("b/SKILL.md", SKILL_B),
    ]))
}

fn run(home: &Path, bundle: &Bundle<'_>) -> InstallOutcome {
    install(
        &Layout::skilldeck(),
        home,
        bundle,
        InstallOptions::default(),
    )
    .unwrap()
}

fn cache(home: &Path) -> PathBuf {
    Layout::skilldeck().system_cache_dir(home)
}

#[test]
fn the_build_time_fingerprint_matches_the_embedded_tree() {
    assert_eq!(fingerprint_of(&BUNDLED), BUNDLED_FINGERPRINT);
    assert_eq!(Bundle::builtin().fingerprint(), BUNDLED_FINGERPRINT);
}

#[test]
fn fingerprints_are_64_lowercase_hex_digits() {
    let value = small().fingerprint().to_owned();
    assert_eq!(value.len(), 64);
    assert!(
        value
            .bytes()
            .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
    );
}

#[test]
fn the_fingerprint_changes_with_content_names_and_directories() {
    let base = fingerprint_of(tree(&[("a/SKILL.md", "x")]));
    assert_ne!(base, fingerprint_of(tree(&[("a/SKILL.md", "y")])));
    assert_ne!(base, fingerprint_of(tree(&[("b/SKILL.md", "x")])));
    assert_ne!(
        base,
        fingerprint_of(tree(&[("a/SKILL.md", "x"), ("a/d/e", "")]))
    );
    // Length prefixes keep field boundaries: moving bytes between path and content matters.
    assert_ne!(
        fingerprint_of(tree(&[("ab", "c")])),
        fingerprint_of(tree(&[("a", "bc")]))
    );
}

#[test]
fn a_fresh_install_writes_the_whole_tree_and_the_marker() {
    let home = tempfile::tempdir().unwrap();
    let bundle = small();
    assert_eq!(run(home.path(), &bundle), InstallOutcome::Installed);
    assert_complete_cache(&Layout::skilldeck(), home.path(), &bundle);
    let marker = fs::read_to_string(Layout::skilldeck().marker_path(home.path())).unwrap();
    assert_eq!(
        marker,
        format!(
            "{}\n{}\ta/SKILL.md\n{}\ta/agents/openai.yaml\n{}\tb/SKILL.md\nend\n",
            bundle.fingerprint(),
            SKILL_A.len(),
            YAML_A.len(),
            SKILL_B.len()
        )
    );
}

#[test]
fn the_builtin_bundle_installs_completely() {
    let home = tempfile::tempdir().unwrap();
    let bundle = Bundle::builtin();
    assert_eq!(run(home.path(), &bundle), InstallOutcome::Installed);
    assert_complete_cache(&Layout::skilldeck(), home.path(), &bundle);
}

#[cfg(unix)]
#[test]
fn a_second_run_writes_nothing() {
    use std::os::unix::fs::MetadataExt;
    let home = tempfile::tempdir().unwrap();
    let bundle = small();
    run(home.path(), &bundle);
    let stamp = |root: &Path| -> Vec<(PathBuf, u64, i64, i64)> {
        let mut paths = vec![root.to_path_buf()];
        paths.extend(files_on_disk(root).into_keys().map(|p| root.join(p)));
        paths
            .into_iter()
            .map(|p| {
                let meta = fs::metadata(&p).unwrap();
                (p, meta.ino(), meta.mtime(), meta.mtime_nsec())
            })
            .collect()
    };
    let before = stamp(&cache(home.path()));
    assert_eq!(run(home.path(), &bundle), InstallOutcome::UpToDate);
    assert_eq!(stamp(&cache(home.path())), before);
}

#[test]
fn a_changed_bundle_is_reinstalled() {
    let home = tempfile::tempdir().unwrap();
    let old = small();
    run(home.path(), &old);
    let new = Bundle::from_dir(tree(&[(
        "c/SKILL.md",
        "---\nname: c\ndescription: third\n---\n",
    )]));
    assert_eq!(
        run(home.path(), &new),
        InstallOutcome::Reinstalled {
            previous: Some(old.fingerprint().to_owned())
        }
    );
    assert_complete_cache(&Layout::skilldeck(), home.path(), &new);
    assert!(!cache(home.path()).join("a").exists());
}

#[test]
fn a_deleted_file_is_healed() {
    let home = tempfile::tempdir().unwrap();
    let bundle = small();
    run(home.path(), &bundle);
    fs::remove_file(cache(home.path()).join("a/agents/openai.yaml")).unwrap();
    assert_eq!(
        run(home.path(), &bundle),
        InstallOutcome::Healed {
            missing: vec!["a/agents/openai.yaml".into()],
            resized: vec![]
        }
    );
    assert_complete_cache(&Layout::skilldeck(), home.path(), &bundle);
}

#[test]
fn a_resized_file_is_healed() {
    let home = tempfile::tempdir().unwrap();
    let bundle = small();
    run(home.path(), &bundle);
    fs::write(cache(home.path()).join("a/SKILL.md"), "").unwrap();
    assert_eq!(
        run(home.path(), &bundle),
        InstallOutcome::Healed {
            missing: vec![],
            resized: vec!["a/SKILL.md".into()]
        }
    );
    assert_complete_cache(&Layout::skilldeck(), home.path(), &bundle);
}

#[test]
fn an_unreadable_marker_means_reinstall() {
    let home = tempfile::tempdir().unwrap();
    let bundle = small();
    run(home.path(), &bundle);
    fs::write(
        Layout::skilldeck().marker_path(home.path()),
        "c97ed5ddabec1e4\n",
    )
    .unwrap();
    assert_eq!(
        run(home.path(), &bundle),
        InstallOutcome::Reinstalled { previous: None }
    );
    assert_complete_cache(&Layout::skilldeck(), home.path(), &bundle);
}

#[test]
fn force_rewrites_an_up_to_date_cache() {
    let home = tempfile::tempdir().unwrap();
    let bundle = small();
    run(home.path(), &bundle);
    let planted = cache(home.path()).join("planted");
    fs::create_dir(&planted).unwrap();
    let outcome = install(
        &Layout::skilldeck(),
        home.path(),
        &bundle,
        InstallOptions { force: true },
    )
    .unwrap();
    assert_eq!(
        outcome,
        InstallOutcome::Reinstalled {
            previous: Some(bundle.fingerprint().to_owned())
        }
    );
    assert!(!planted.exists());
    assert_complete_cache(&Layout::skilldeck(), home.path(), &bundle);
}

#[test]
fn status_reports_each_state_without_writing() {
    let home = tempfile::tempdir().unwrap();
    let layout = Layout::skilldeck();
    let bundle = small();
    assert_eq!(status(&layout, home.path(), &bundle), Status::Missing);
    assert!(!layout.skills_dir(home.path()).exists());
    run(home.path(), &bundle);
    assert_eq!(status(&layout, home.path(), &bundle), Status::UpToDate);
    let other = Bundle::from_dir(tree(&[("z", "")]));
    assert_eq!(
        status(&layout, home.path(), &other),
        Status::Stale {
            installed: Some(bundle.fingerprint().to_owned())
        }
    );
}

#[test]
fn nothing_is_written_outside_the_skills_directory() {
    let home = tempfile::tempdir().unwrap();
    run(home.path(), &small());
    let top: Vec<_> = fs::read_dir(home.path())
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(top, ["skills"]);
    let mut skills: Vec<_> = fs::read_dir(home.path().join("skills"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    skills.sort();
    assert_eq!(skills, [".system", ".system.lock"]);
}

#[test]
fn the_codex_layout_uses_its_own_marker_name() {
    let home = tempfile::tempdir().unwrap();
    let bundle = small();
    install(
        &Layout::codex(),
        home.path(),
        &bundle,
        InstallOptions::default(),
    )
    .unwrap();
    assert!(
        home.path()
            .join("skills/.system/.codex-system-skills.marker")
            .is_file()
    );
    assert_complete_cache(&Layout::codex(), home.path(), &bundle);
}

#[test]
fn stale_staging_directories_are_removed_even_when_the_cache_is_current() {
    let home = tempfile::tempdir().unwrap();
    let bundle = small();
    run(home.path(), &bundle);
    let stale = home.path().join("skills/.system.tmp-999999-dead");
    fs::create_dir_all(stale.join("a")).unwrap();
    assert_eq!(run(home.path(), &bundle), InstallOutcome::UpToDate);
    assert!(!stale.exists());
}

/// Simulates a crash between the two renames of a swap: `.system` moved aside, nothing in place.
fn crash_between_renames(home: &Path, to: &str) {
    fs::rename(cache(home), home.join("skills").join(to)).unwrap();
}

#[test]
fn a_complete_cache_moved_aside_is_restored() {
    let home = tempfile::tempdir().unwrap();
    let bundle = small();
    run(home.path(), &bundle);
    crash_between_renames(home.path(), ".system.trash-1-x");
    assert_eq!(run(home.path(), &bundle), InstallOutcome::Recovered);
    assert_complete_cache(&Layout::skilldeck(), home.path(), &bundle);
}

#[test]
fn recovery_prefers_the_copy_holding_the_current_bundle() {
    let home = tempfile::tempdir().unwrap();
    let old = Bundle::from_dir(tree(&[("old/SKILL.md", "o")]));
    let new = small();
    run(home.path(), &old);
    crash_between_renames(home.path(), ".system.trash-1-a");
    run(home.path(), &new);
    crash_between_renames(home.path(), ".system.tmp-1-b");
    assert_eq!(run(home.path(), &new), InstallOutcome::Recovered);
    assert_complete_cache(&Layout::skilldeck(), home.path(), &new);
}

#[test]
fn an_incomplete_copy_is_never_restored() {
    let home = tempfile::tempdir().unwrap();
    let bundle = small();
    run(home.path(), &bundle);
    fs::remove_file(cache(home.path()).join("b/SKILL.md")).unwrap();
    crash_between_renames(home.path(), ".system.trash-1-x");
    assert_eq!(run(home.path(), &bundle), InstallOutcome::Installed);
    assert_complete_cache(&Layout::skilldeck(), home.path(), &bundle);
}

#[test]
fn uninstall_removes_the_cache_and_leftovers_only() {
    let home = tempfile::tempdir().unwrap();
    let layout = Layout::skilldeck();
    run(home.path(), &small());
    let user_skill = home.path().join("skills/mine/SKILL.md");
    fs::create_dir_all(user_skill.parent().unwrap()).unwrap();
    fs::write(&user_skill, SKILL_A).unwrap();
    fs::create_dir(home.path().join("skills/.system.trash-5-y")).unwrap();
    assert!(uninstall(&layout, home.path()).unwrap());
    assert!(!cache(home.path()).exists());
    assert!(user_skill.is_file());
    assert_eq!(leftovers(&layout, home.path()), Vec::<String>::new());
    assert!(!uninstall(&layout, home.path()).unwrap());
}

#[test]
fn uninstall_without_a_skills_directory_creates_nothing() {
    let home = tempfile::tempdir().unwrap();
    assert!(!uninstall(&Layout::skilldeck(), home.path()).unwrap());
    assert_eq!(fs::read_dir(home.path()).unwrap().count(), 0);
}

#[test]
fn a_relative_home_is_made_absolute() {
    let home = tempfile::tempdir().unwrap();
    let cwd = std::env::current_dir().unwrap();
    let relative = pathdiff(home.path(), &cwd);
    assert_eq!(run(&relative, &small()), InstallOutcome::Installed);
    assert!(cache(home.path()).is_dir());
}

/// `target` relative to `base` via `..` components.
fn pathdiff(target: &Path, base: &Path) -> PathBuf {
    let mut relative = PathBuf::new();
    for _ in base.components().skip(1) {
        relative.push("..");
    }
    relative.join(target.strip_prefix("/").unwrap())
}
