//! Installer faults a hostile or broken machine produces (issue 8): a read-only home, files
//! where directories belong, leftovers and a lock of a killed process, a full disk.
//!
//! Each case ends with a precise error (the failed step and path) or a successful install, and
//! whatever complete cache existed before is still complete afterwards. Cases that need a
//! mount (a read-only or a tiny file system) run only where `mount` works (root in a container
//! or VM) and say so on stderr when they cannot.
#![cfg(unix)]

mod common;

use std::fs;
use std::io::{BufRead, BufReader};
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use common::{assert_complete_cache, leftovers, tree};
use skilldeck_model::Layout;
use skilldeck_system::{Action, Bundle, InstallError, InstallOptions, InstallOutcome, install};

const SKILL_A: &str = "---\nname: a\ndescription: first\n---\nbody\n";

/// A one-skill bundle, small enough for any test file system.
fn small() -> Bundle<'static> {
    Bundle::from_dir(tree(&[("a/SKILL.md", SKILL_A)]))
}

/// A bundle of 40 files of 8 KiB each: 320 KiB, more than the tiny file system holds.
fn large() -> Bundle<'static> {
    let body = format!(
        "---\nname: big\ndescription: d\n---\n{}",
        "x".repeat(8 * 1024)
    );
    let paths: Vec<String> = (0..40).map(|i| format!("big/file{i:02}.md")).collect();
    let mut files: Vec<(&str, &str)> = paths.iter().map(|p| (p.as_str(), body.as_str())).collect();
    files.push(("big/SKILL.md", body.as_str()));
    Bundle::from_dir(tree(&files))
}

fn layout() -> Layout {
    Layout::skilldeck()
}

fn try_install(home: &Path, bundle: &Bundle<'_>) -> Result<InstallOutcome, InstallError> {
    install(&layout(), home, bundle, InstallOptions::default())
}

fn io_kind(error: &InstallError) -> std::io::ErrorKind {
    match error {
        InstallError::Io { source, .. } => source.kind(),
    }
}

fn failed_path(error: &InstallError) -> &Path {
    match error {
        InstallError::Io { path, .. } => path,
    }
}

/// A tmpfs mounted at a directory for the life of the value; unmounted on drop (even when the
/// test fails), so no mount outlives the test.
struct Mount {
    _dir: tempfile::TempDir,
    path: PathBuf,
}

impl Mount {
    /// `None` (with a note on stderr) where mounting is not allowed.
    fn tmpfs(options: &str) -> Option<Mount> {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().to_path_buf();
        let mounted = Command::new("mount")
            .args(["-t", "tmpfs", "-o", options, "tmpfs"])
            .arg(&path)
            .stderr(Stdio::null())
            .status()
            .is_ok_and(|status| status.success());
        if !mounted {
            eprintln!("skipped: cannot mount a tmpfs here (needs root with CAP_SYS_ADMIN)");
            return None;
        }
        Some(Mount { _dir: dir, path })
    }

    fn remount(&self, options: &str) -> bool {
        Command::new("mount")
            .args(["-o", &format!("remount,{options}")])
            .arg(&self.path)
            .status()
            .is_ok_and(|status| status.success())
    }
}

impl Drop for Mount {
    fn drop(&mut self) {
        let _ = Command::new("umount").arg(&self.path).status();
    }
}

#[test]
fn read_only_home_fails_at_the_first_write_and_keeps_the_cache() {
    let Some(mount) = Mount::tmpfs("size=1m") else {
        return;
    };
    let home = mount.path.join("home");
    fs::create_dir(&home).unwrap();
    try_install(&home, &small()).unwrap();
    assert!(mount.remount("ro"), "remount read-only");

    let error = try_install(&home, &large()).unwrap_err();
    // A read-only file system stops even root; the error names the step and the path.
    assert_eq!(error.action(), Action::OpenLock, "{error}");
    assert_eq!(
        failed_path(&error),
        layout().skills_dir(&home).join(".system.lock")
    );
    assert!(
        error.to_string().contains("Read-only file system"),
        "{error}"
    );
    assert_complete_cache(&layout(), &home, &small());
    // An up-to-date cache on a read-only home is not an error at all.
    assert_eq!(
        try_install(&home, &small()).unwrap(),
        InstallOutcome::UpToDate
    );
}

#[test]
fn full_disk_fails_while_staging_and_keeps_the_cache() {
    let Some(mount) = Mount::tmpfs("size=128k") else {
        return;
    };
    let home = mount.path.join("home");
    fs::create_dir(&home).unwrap();
    try_install(&home, &small()).unwrap();

    let error = try_install(&home, &large()).unwrap_err();
    assert!(
        matches!(
            error.action(),
            Action::WriteFile | Action::CreateDir | Action::WriteMarker
        ),
        "{error}"
    );
    assert_eq!(io_kind(&error), std::io::ErrorKind::StorageFull, "{error}");
    // The half-written staging directory was removed; the old cache is untouched.
    assert_complete_cache(&layout(), &home, &small());
    assert_eq!(leftovers(&layout(), &home), Vec::<String>::new());
}

#[test]
fn home_that_is_a_file_is_an_error_naming_the_skills_directory() {
    let dir = tempfile::tempdir().unwrap();
    let home = dir.path().join("home");
    fs::write(&home, "not a directory").unwrap();
    let error = try_install(&home, &small()).unwrap_err();
    assert_eq!(error.action(), Action::CreateSkillsDir, "{error}");
    assert_eq!(failed_path(&error), layout().skills_dir(&home));
    assert_eq!(fs::read_to_string(&home).unwrap(), "not a directory");
}

#[test]
fn skills_directory_that_is_a_file_is_an_error_and_is_left_alone() {
    let home = tempfile::tempdir().unwrap();
    let skills = layout().skills_dir(home.path());
    fs::create_dir_all(skills.parent().unwrap()).unwrap();
    fs::write(&skills, "user data").unwrap();
    let error = try_install(home.path(), &small()).unwrap_err();
    assert_eq!(error.action(), Action::CreateSkillsDir, "{error}");
    assert_eq!(fs::read_to_string(&skills).unwrap(), "user data");
}

#[test]
fn file_where_the_cache_directory_should_be_is_replaced_by_the_cache() {
    let home = tempfile::tempdir().unwrap();
    let cache = layout().system_cache_dir(home.path());
    fs::create_dir_all(cache.parent().unwrap()).unwrap();
    fs::write(&cache, "stray file").unwrap();
    // No marker could be read from a file: a reinstall without a previous fingerprint.
    let outcome = try_install(home.path(), &small()).unwrap();
    assert_eq!(outcome, InstallOutcome::Reinstalled { previous: None });
    assert_complete_cache(&layout(), home.path(), &small());
}

#[test]
fn lock_path_that_is_a_directory_is_an_error_naming_the_lock() {
    let home = tempfile::tempdir().unwrap();
    let lock = layout().skills_dir(home.path()).join(".system.lock");
    fs::create_dir_all(&lock).unwrap();
    let error = try_install(home.path(), &small()).unwrap_err();
    assert_eq!(error.action(), Action::OpenLock, "{error}");
    assert_eq!(failed_path(&error), lock);
}

#[test]
fn stale_staging_and_trash_directories_of_a_dead_process_are_cleaned() {
    let home = tempfile::tempdir().unwrap();
    let skills = layout().skills_dir(home.path());
    // What a process killed mid-install leaves: a half-written staging copy (read-only, to
    // make removal harder) and a trash copy of an older cache.
    let staging = skills.join(".system.tmp-999999-0000");
    fs::create_dir_all(staging.join("a/deep")).unwrap();
    fs::write(staging.join("a/SKILL.md"), "---\nname: a\n").unwrap();
    fs::set_permissions(staging.join("a/deep"), fs::Permissions::from_mode(0o555)).unwrap();
    let trash = skills.join(".system.trash-999999-0001");
    fs::create_dir_all(trash.join("old")).unwrap();
    fs::write(trash.join("old/SKILL.md"), SKILL_A).unwrap();

    let outcome = try_install(home.path(), &small()).unwrap();
    assert_eq!(outcome, InstallOutcome::Installed);
    assert_complete_cache(&layout(), home.path(), &small());
}

#[test]
fn lock_held_by_a_killed_process_does_not_block_the_next_install() {
    let home = tempfile::tempdir().unwrap();
    let skills = layout().skills_dir(home.path());
    fs::create_dir_all(&skills).unwrap();
    let lock = skills.join(".system.lock");
    // A shell takes the same kind of lock (flock(2)) as the installer on its fd 9, says so,
    // and becomes `sleep` holding it; killing that one process is a crash while locked.
    let Ok(mut holder) = Command::new("sh")
        .arg("-c")
        .arg(r#"exec 9>"$0" && flock -x 9 && echo locked && exec sleep 120"#)
        .arg(&lock)
        .stdout(Stdio::piped())
        .spawn()
    else {
        eprintln!("skipped: no sh(1)");
        return;
    };
    let mut said = String::new();
    BufReader::new(holder.stdout.take().unwrap())
        .read_line(&mut said)
        .unwrap();
    if said.trim() != "locked" {
        eprintln!("skipped: flock(1) is not installed");
        let _ = holder.kill();
        return;
    }
    holder.kill().unwrap();
    holder.wait().unwrap();
    // The kernel released the dead holder's lock: the install proceeds.
    let outcome = try_install(home.path(), &small()).unwrap();
    assert_eq!(outcome, InstallOutcome::Installed);
    assert_complete_cache(&layout(), home.path(), &small());
}
